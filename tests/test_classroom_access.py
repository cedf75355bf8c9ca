"""Who may see what on a class's server: started with a teacher passphrase, the
teacher's pages (making sets and their answer keys, the gradebook) build nothing
until it is given, and the students' pages do not link to them; started without
one, they stay open and say so. A student page holds no answer before the set is
handed in, and no page reads a path typed by its user."""

import base64
import re

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as widgets  # noqa: E402

from gintrainer import app  # noqa: E402
from gintrainer.classroom import ClassSet, answer_key_html, results_csv  # noqa: E402
from gintrainer.classroom.results import Attempt  # noqa: E402
from gintrainer.cli import main  # noqa: E402
from gintrainer.puzzles import PuzzleKind  # noqa: E402
from gintrainer.widgets.classroom import (  # noqa: E402
    GradebookPage,
    StudentPage,
    TeacherOnly,
    TeacherPage,
    gradebook,
    student,
    teacher,
)
from gintrainer.widgets.profile import Learner  # noqa: E402
from gintrainer.widgets.site import TEACHER_PAGES, LandingPage, nav_pages  # noqa: E402
from gintrainer.words.errors import GinError  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_kernel")

PASSPHRASE = "Çay saati 7♥"  # not ASCII: compared as UTF-8 bytes
OPEN_WARNING = ("Anyone who opens this page can see the answer keys: start the app with a teacher passphrase "
                "for a class.")
SET = ClassSet("Access class", count=3)


@pytest.fixture
def for_a_class(monkeypatch):
    monkeypatch.setenv(app.TEACHER_PASSPHRASE, PASSPHRASE)


@pytest.fixture
def at_home(monkeypatch):
    monkeypatch.delenv(app.TEACHER_PASSPHRASE, raising=False)


def tree(widget: widgets.Widget) -> list[widgets.Widget]:
    """Every widget a page sends to the browser: the widget, its children, their layouts and styles."""
    found = [widget]
    for name in ("layout", "style"):
        part = getattr(widget, name, None) if widget.has_trait(name) else None
        if isinstance(part, widgets.Widget):
            found.append(part)
    for child in getattr(widget, "children", ()):
        found += tree(child)
    return found


def sent(widget: widgets.Widget) -> str:
    """The state of every widget of a page, as text: what a browser (or anyone reading the
    websocket) gets, shown or hidden; the page's style sheet aside (its rules name every class)."""
    return "\n".join(repr(w.get_state()) for w in tree(widget)
                     if not str(getattr(w, "value", "")).startswith("<style"))


def test_the_passphrase_is_compared_as_it_was_given():
    assert not app.for_a_class({}) and not app.for_a_class({app.TEACHER_PASSPHRASE: "  "})
    assert app.for_a_class({app.TEACHER_PASSPHRASE: "x"})


def test_only_the_teacher_passphrase_opens_the_teacher_page(for_a_class):
    assert app.is_teacher_passphrase(PASSPHRASE)
    for wrong in ("", PASSPHRASE.upper(), PASSPHRASE + " ", PASSPHRASE[:-1], None, 7, b"x"):
        assert not app.is_teacher_passphrase(wrong), wrong


def test_without_a_passphrase_nothing_is_the_passphrase(at_home):
    assert not app.is_teacher_passphrase("") and not app.is_teacher_passphrase(PASSPHRASE)


@pytest.mark.parametrize("make, inner", [(teacher, TeacherPage), (gradebook, GradebookPage)])
def test_started_for_a_class_a_teacher_page_shows_a_passphrase_box_and_nothing_else(for_a_class, make, inner):
    page = make()
    assert isinstance(page, TeacherOnly) and page.page is None
    shown = tree(page)
    assert page.passphrase in shown and page.open_button in shown
    assert not any(isinstance(w, (TeacherPage, GradebookPage, widgets.FileUpload)) for w in shown)
    assert "teacher passphrase" in page.notice.value and "Anyone who opens" not in page.notice.value
    page.passphrase.value = "guess"
    page.open_button.click()
    assert "not the teacher passphrase" in page.status.value and page.page is None
    assert page.passphrase.value == "" and "guess" not in sent(page)  # nothing typed is kept or sent back
    page.passphrase.value = PASSPHRASE
    page.open_button.click()
    assert isinstance(page.page, inner) and page.page in tree(page) and page.gate.layout.display == "none"
    assert page.status.value == "" and page.passphrase.value == ""


def test_a_class_code_in_the_address_opens_no_answer_key_without_the_passphrase(for_a_class, monkeypatch):
    monkeypatch.setenv("QUERY_STRING", f"code={SET.code}&profile=Kim")
    key = answer_key_html(SET)
    page = teacher()
    everything = sent(page)
    assert "data:text/html" not in everything and SET.code not in everything
    for puzzle in SET.puzzles():  # no puzzle of the set, let alone its answer
        assert puzzle.id not in everything
    page.passphrase.value = "Kim"
    page.open_button.click()
    assert "data:text/html" not in sent(page)
    page.passphrase.value = PASSPHRASE
    page.open_button.click()
    made = page.page
    assert isinstance(made, TeacherPage)
    made.name.value, made.count.value = SET.name, SET.count
    made.make_button.click()
    links = re.findall(r'href="data:text/html;base64,([^"]+)"', made.downloads.value)
    assert base64.b64decode(links[1]).decode("utf-8") == key  # the teacher gets it, once the passphrase is right


def test_the_gradebook_reads_no_results_without_the_passphrase(for_a_class):
    page = gradebook()
    assert not any(isinstance(w, (widgets.FileUpload, widgets.Text)) and w is not page.passphrase
                   for w in tree(page))


@pytest.mark.parametrize("make", [teacher, gradebook])
def test_without_a_passphrase_the_teacher_pages_are_open_and_say_so(at_home, make):
    page = make()
    assert page.page is not None and page.page in tree(page) and page.gate.layout.display == "none"
    assert OPEN_WARNING in page.notice.value


def test_a_teacher_page_started_for_a_class_does_not_say_it_is_open(for_a_class):
    assert OPEN_WARNING not in teacher().notice.value


def titles(here: str) -> set[str]:
    return {p.path for p in nav_pages(here)}


def test_started_for_a_class_no_student_page_links_to_the_teacher_pages(for_a_class):
    for here in ("classroom/student.ipynb", "classroom/present.ipynb", "index.ipynb", "puzzles/daily.ipynb"):
        assert not titles(here) & set(TEACHER_PAGES), here
    assert "classroom/student.ipynb" in titles("classroom/present.ipynb")
    assert "classroom/gradebook.ipynb" in titles("classroom/teacher.ipynb")
    assert "classroom/teacher.ipynb" in titles("classroom/gradebook.ipynb")
    landing = LandingPage(Learner())
    assert "classroom/student.ipynb" in landing.extras.value
    # The landing page's one link to them says it is for teachers.
    assert '<a href="classroom/teacher.ipynb">For teachers</a> — ' in landing.extras.value
    assert landing.extras.value.count("teacher.ipynb") == 1 and "gradebook.ipynb" not in landing.extras.value
    assert ">Make a class set</a>" not in landing.extras.value


def test_at_home_every_page_links_to_the_class_pages_as_before(at_home):
    assert set(TEACHER_PAGES) <= titles("classroom/student.ipynb")
    extras = LandingPage(Learner()).extras.value
    assert all(path in extras for path in TEACHER_PAGES)


def right_answer(puzzle) -> str:
    if puzzle.kind == PuzzleKind.CAN_KNOCK:
        return f"yes {puzzle.answer[0].code()}" if puzzle.can_knock else "no"
    return puzzle.answer[0].code()


@pytest.mark.parametrize("passphrase", [PASSPHRASE, None])
def test_a_student_page_holds_no_answer_before_the_set_is_handed_in(monkeypatch, passphrase):
    if passphrase is None:
        monkeypatch.delenv(app.TEACHER_PASSPHRASE, raising=False)
    else:
        monkeypatch.setenv(app.TEACHER_PASSPHRASE, passphrase)
    page = StudentPage(code=SET.code, student="Kim")
    page.start_button.click()
    puzzles = page.session.puzzles
    for index, puzzle in enumerate(puzzles):
        state = sent(page)
        assert '<table class="gt-solver' not in state and "✓" not in state and "✗" not in state
        assert "themes:" not in state and "data:text/csv" not in state
        view = page.view
        if puzzle.kind == PuzzleKind.CAN_KNOCK:
            view.no_button.click()  # an answer, right or wrong: the page must not tell
        else:
            view.picker.buttons[view.picker.cards.index(puzzle.answer[0])].value = True
            view.discard_button.click()
        state = sent(page)
        assert '<table class="gt-solver' not in state and "✓" not in state and "✗" not in state, index
        assert "gt-feedback-right" not in state and "gt-feedback-wrong" not in state
        if index + 1 < len(puzzles):
            page.next_button.click()
    page.hand_in_button.click()
    state = sent(page)
    assert '<table class="gt-solver' in state and ("✓" in state or "✗" in state)  # handed in: now the answers show


def results_folder(tmp_path):
    first = SET.puzzles()[0]
    (tmp_path / "ana.csv").write_text(results_csv("Ana Folder", SET.code, [Attempt(1, first.id, right_answer(first),
                                                                                    True, 3.0)]), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("make", [gradebook, student])
def test_no_class_page_reads_a_path_typed_into_it(at_home, tmp_path, make):
    folder = results_folder(tmp_path)
    page = make()
    texts = [w for w in tree(page) if isinstance(w, widgets.Text)]
    assert texts  # a page with text boxes: each gets the path
    for box in texts:
        box.value = str(folder)
    for button in [w for w in tree(page) if isinstance(w, widgets.Button)]:
        button.click()
    assert "Ana Folder" not in sent(page)
    assert not any("older" in str(getattr(w, "description", "")) + str(getattr(w, "placeholder", ""))
                   for w in tree(page))  # no "Folder:" box, no "a folder of results files" placeholder


def test_the_app_command_starts_voila_with_the_passphrase_for_its_kernels(monkeypatch, capsys):
    started = {}

    class Voila:
        def __init__(self, command, *, cwd, env):
            started.update(command=command, env=env)

        def wait(self):
            return 0

    monkeypatch.setattr(app.subprocess, "Popen", Voila)
    monkeypatch.delenv(app.TEACHER_PASSPHRASE, raising=False)
    assert main(["app", "--no-browser", "--teacher-passphrase", PASSPHRASE]) == 0
    assert started["env"][app.TEACHER_PASSPHRASE] == PASSPHRASE
    assert PASSPHRASE not in " ".join(started["command"])  # not on Voila's command line, for ps to show
    out = capsys.readouterr().out
    assert "voila/render/classroom/teacher.ipynb" in out and PASSPHRASE not in out
    assert main(["app", "--no-browser"]) == 0
    assert app.TEACHER_PASSPHRASE not in started["env"]
    assert "teacher passphrase" not in capsys.readouterr().out
    monkeypatch.setenv(app.TEACHER_PASSPHRASE, "from the environment")
    assert main(["app", "--no-browser"]) == 0
    assert started["env"][app.TEACHER_PASSPHRASE] == "from the environment"


def test_a_blank_teacher_passphrase_is_refused(monkeypatch, capsys):
    monkeypatch.setattr(app.subprocess, "Popen", lambda *a, **k: pytest.fail("started voila"))
    with pytest.raises(GinError, match="cannot be blank"):
        app.serve(open_browser=False, teacher_passphrase=" ")
    assert main(["app", "--no-browser", "--teacher-passphrase", ""]) == 2
    assert "cannot be blank" in capsys.readouterr().err


KEY = "k" * 64


@pytest.fixture
def server_key(monkeypatch, for_a_class):
    monkeypatch.setenv(app.TEACHER_KEY, KEY)
    monkeypatch.delenv("HTTP_X_GINTRAINER_TEACHER", raising=False)


def test_a_signed_value_holds_for_its_purpose_its_time_and_this_server_s_key_only(server_key, monkeypatch):
    now = 1_800_000_000
    cookie = app.signed(app.TEACHER_COOKIE, now=now)
    assert app.is_signed(app.TEACHER_COOKIE, cookie, 60, now=now + 60)
    assert not app.is_signed(app.TEACHER_COOKIE, cookie, 60, now=now + 61)  # too old
    assert not app.is_signed(app.TICKET, cookie, 60, now=now)  # a cookie is no ticket, nor the other way
    issued, signature = cookie.split(".")
    for forged in (f"{int(issued) + 1}.{signature}", f"{issued}.{signature[:-1]}0", f"{issued}.", "1", "", None, 7,
                   f"{issued}.{signature}x", "é" * 20, f"{issued}.{'é' * 64}"):
        assert not app.is_signed(app.TEACHER_COOKIE, forged, 60, now=now), forged
    monkeypatch.setenv(app.TEACHER_PASSPHRASE, "a new passphrase")  # ends the sign-ins made with the old one
    assert not app.is_signed(app.TEACHER_COOKIE, cookie, 60, now=now)
    monkeypatch.setenv(app.TEACHER_PASSPHRASE, PASSPHRASE)
    assert app.is_signed(app.TEACHER_COOKIE, cookie, 60, now=now)
    monkeypatch.setenv(app.TEACHER_KEY, "m" * 64)  # another server (or this one restarted)
    assert not app.is_signed(app.TEACHER_COOKIE, cookie, 60, now=now)
    monkeypatch.setenv(app.TEACHER_KEY, "short")  # no usable key: nothing is signed, nothing holds
    assert app.teacher_ticket() is None and not app.is_signed(app.TEACHER_COOKIE, cookie, 60, now=now)


def test_the_passphrase_signs_the_browser_in_and_a_signed_in_browser_opens_the_teacher_s_pages(server_key,
                                                                                                 monkeypatch):
    page = teacher()
    assert page.sign_in.ticket == "" and not page.unlocked
    page.passphrase.value = "wrong"
    page.open_button.click()
    assert page.sign_in.ticket == ""  # no ticket for a wrong passphrase
    page.passphrase.value = PASSPHRASE
    page.open_button.click()
    assert page.unlocked and app.is_signed(app.TICKET, page.sign_in.ticket, app.TICKET_SECONDS)
    assert "signed in as the teacher" in page.notice.value
    # The next page's request carries the cookie the server set for that ticket.
    monkeypatch.setenv("HTTP_X_GINTRAINER_TEACHER", app.signed(app.TEACHER_COOKIE))
    book = gradebook()
    assert book.unlocked and isinstance(book.page, GradebookPage) and book.gate.layout.display == "none"
    for forged in (page.sign_in.ticket, "1.abc", app.signed(app.TEACHER_COOKIE, now=1)):
        monkeypatch.setenv("HTTP_X_GINTRAINER_TEACHER", forged)
        assert not gradebook().unlocked, forged
    monkeypatch.delenv(app.TEACHER_PASSPHRASE)  # started without a passphrase: no sign-in to speak of
    monkeypatch.setenv("HTTP_X_GINTRAINER_TEACHER", app.signed(app.TEACHER_COOKIE))
    assert not app.teacher_signed_in()


def test_the_teacher_page_s_links_to_the_class_pages_carry_the_code_of_the_set_made(for_a_class):
    from gintrainer.widgets.site import LanguageMenu, NavBar
    learner = Learner("Ms Lee")
    links = NavBar("classroom/teacher.ipynb", learner)
    page = TeacherPage(learner)
    page.name.value, page.count.value = SET.name, SET.count
    page.make_button.click()
    assert SET.code in page.code.value and page.address.query == {"code": SET.code, "class": "Access class"}
    assert f'href="gradebook.ipynb?code={SET.code}&amp;profile=Ms+Lee"' in links.value
    assert f'href="student.ipynb?code={SET.code}&amp;profile=Ms+Lee"' in links.value
    assert 'href="../index.ipynb?profile=Ms+Lee"' in links.value  # not the other pages
    menu = LanguageMenu("classroom/teacher.ipynb", learner)  # this page in another language: the same set
    assert f'href="teacher.ipynb?code={SET.code}&amp;class=Access+class&amp;profile=Ms+Lee&amp;lang=tr"' in menu.value


def test_a_class_code_in_the_address_is_carried_only_when_it_is_one(monkeypatch):
    from gintrainer.widgets import profile
    for given, carried in ((SET.code.lower(), SET.code), ("<script>", None), ("x" * 5000, None)):
        profile._page_learners.clear()
        monkeypatch.setenv("QUERY_STRING", f"code={given}")
        assert Learner.from_page().class_code == carried


def test_a_class_name_in_the_address_is_carried_only_when_it_is_the_code_s_class(monkeypatch):
    from gintrainer.widgets import profile
    for query, carried in ((f"code={SET.code}&class=access++CLASS", "access  CLASS"),
                           (f"code={SET.code}&class=Another+class", None), ("class=Access+class", None),
                           (f"code={SET.code}&class=<script>", None)):
        profile._page_learners.clear()
        monkeypatch.setenv("QUERY_STRING", query)
        learner = Learner.from_page()
        assert learner.class_name == carried, query
        assert learner.class_params() == ({"code": SET.code, **({"class": carried} if carried else {})}
                                          if learner.class_code else {})
