"""The class pages as widgets: a teacher makes a set, a student answers it, the
gradebook reads the results."""

import base64
import re

import pytest

pytest.importorskip("ipywidgets")

from gintrainer.classroom import ClassSet, results_csv  # noqa: E402
from gintrainer.classroom.results import Attempt  # noqa: E402
from gintrainer.engine.melds import all_best_arrangements  # noqa: E402
from gintrainer.engine.solver import Objective  # noqa: E402
from gintrainer.puzzles import KINDS, PuzzleKind, bank  # noqa: E402
from gintrainer.puzzles.kinds import DISCARD_KINDS  # noqa: E402
from gintrainer.widgets.classroom import GradebookPage, StudentPage, TeacherPage  # noqa: E402
from gintrainer.words.language import in_language, tc  # noqa: E402


def link_text(html, mime):
    data = re.search(rf'href="data:{mime};base64,([^"]+)"', html).group(1)
    return base64.b64decode(data).decode("utf-8")


@pytest.fixture(scope="module")
def made():
    page = TeacherPage()
    page.name.value = "Year 9 Tuesday"
    page.count.value = 4
    page.make_button.click()
    return page


def test_teacher_makes_a_set_with_its_code_and_worksheets(made):
    expected = ClassSet("Year 9 Tuesday", count=4)
    assert made.classset == expected
    assert expected.code in made.code.value
    worksheet = link_text(made.downloads.value, "text/html")
    assert "Puzzle 1 of 4" in worksheet and "end of puzzle 4/4" in worksheet
    assert made.listing.value.count("<li>") == 4


def test_teacher_dropdowns_show_a_choice_and_mean_the_class_set_defaults():
    page = TeacherPage()
    for dropdown in (page.objective, page.difficulty):
        assert dropdown.value is not None and dropdown.label, dropdown.description  # None shows a blank box
    assert list(page.kind_boxes) == list(KINDS) and all(bank(kind) for kind in page.kind_boxes)  # each has a bank
    assert ClassSet("Year 9", **page.options()) == ClassSet("Year 9")
    page.objective.value, page.difficulty.value = Objective.LOOKAHEAD, "medium"
    assert ClassSet("Year 9", **page.options()) == ClassSet("Year 9", objective="lookahead", difficulty=(1300, 1599))


def test_teacher_errors_are_shown_not_raised():
    page = TeacherPage()
    page.name.value = ""
    page.make_button.click()
    assert page.last_error == "Type the class's name first." and page.classset is None  # not the record layer's
    page.name.value = "Narrow"
    page.themes.value = ("oklahoma",)
    page.make_button.click()
    assert "⚠" in page.status.value


def answer(page, right):
    puzzle = page.view.puzzle
    view = page.view
    if puzzle.kind not in DISCARD_KINDS:
        answer_one_stage(view, puzzle, right)
        return
    if puzzle.kind == PuzzleKind.CAN_KNOCK:
        if not puzzle.can_knock:
            (view.no_button if right else view.yes_button).click()
            return
        if not right:
            view.no_button.click()
            return
        view.yes_button.click()
    card = puzzle.answer[0] if right else next(r.card for r in puzzle.table if r.card not in puzzle.answer)
    view.picker.buttons[view.picker.cards.index(card)].value = True
    view.discard_button.click()


def answer_one_stage(view, puzzle, right):
    """Answer a take-or-draw, knock-layout or defend puzzle through the view's own inputs."""
    if puzzle.kind == PuzzleKind.TAKE_OR_DRAW:
        (view.take_button if (puzzle.choice == "take") == right else view.draw_button).click()
    elif puzzle.kind == PuzzleKind.KNOCK_LAYOUT:
        melds = puzzle.layouts[0] if right else all_best_arrangements(puzzle.hand)[0].melds
        for meld in melds:
            view.picker.select(meld)
            view.add_meld_button.click()
        view.knock_button.click()
    else:
        reply = view.reply_input
        for meld in puzzle.reply.melds:
            view.picker.select(meld)
            reply.meld_button.click()
        for layoff in puzzle.reply.layoffs:
            view.picker.select([layoff.card])
            reply.target.value = layoff.meld
            reply.layoff_button.click()
        (reply.undercut_button if puzzle.undercut == right else reply.no_undercut_button).click()


EVERY_KIND = ClassSet("Every kind", count=len(KINDS), kinds=list(KINDS))


@pytest.mark.parametrize("lang", ["en", "ku"])
def test_a_set_of_every_kind_is_reviewed_puzzle_by_puzzle_once_handed_in(lang, tmp_path):
    from gintrainer.classroom.store import open_store
    store = open_store(f"sqlite:///{tmp_path / 'class.db'}")
    with in_language(lang):
        page = StudentPage(code=EVERY_KIND.code, student="Kim", store=store)
        page.start_button.click()
        for i in range(len(EVERY_KIND.puzzles())):
            answer(page, right=True)
            assert page.session.answered == i + 1, page.view.status.value
            if i + 1 < len(page.session):
                page.next_button.click()
        page.hand_in_button.click()
        assert page.session.handed_in and "⚠" not in page.status.value
        review = page.review.value
        assert review.count("gt-review-puzzle") == review.count("gt-feedback-right") == len(KINDS)
        layout = next(p for p in page.session.puzzles if p.kind == PuzzleKind.KNOCK_LAYOUT)
        assert " / ".join(" ".join(str(c) for c in meld) for meld in layout.layouts[0]) in review
        offer = next(p for p in page.session.puzzles if p.kind == PuzzleKind.TAKE_OR_DRAW)
        assert tc("answer word", offer.choice.value) in review
        again = StudentPage(code=EVERY_KIND.code, session=page.session_key, store=store)  # the page reloaded
        assert again.session.handed_in and again.review.value == review  # explanations included
        book = GradebookPage(store=store)  # the teacher's side reads the same answers
        book.code.value = EVERY_KIND.code
        assert "Kim" in book.table.value and book.table.value.count('class="gb-right"') == len(KINDS)
        assert "⚠" not in book.status.value and not book.problems.value


def test_a_double_click_on_start_opens_one_session(tmp_path):
    from gintrainer.classroom.store import open_store
    store = open_store(f"sqlite:///{tmp_path / 'class.db'}")
    page = StudentPage(code=EVERY_KIND.code, student="Eve", store=store)
    page.start_button.click()
    first, key = page.session, page.session_key
    page.start_button.click()  # the second press of a double click
    assert page.session is first and page.session_key == key and "⚠" not in page.status.value
    page.student.value = "Zoe"  # another name: another session
    page.start_button.click()
    assert page.session is not first and page.session_key != key
    book = GradebookPage(store=store)
    book.code.value = EVERY_KIND.code
    assert book.table.value.count("Eve") == 1 and "Eve (2)" not in book.table.value and "Zoe" in book.table.value


def test_a_stored_answer_the_review_cannot_read_shows_as_written():
    from gintrainer.classroom import StudentSession
    from gintrainer.widgets.classroom import review_html
    session = StudentSession(EVERY_KIND, "Kim")
    layout = next(p for p in session.puzzles if p.kind == PuzzleKind.KNOCK_LAYOUT)
    position = session.puzzles.index(layout) + 1
    session.resume([Attempt(position, layout.id, "7H 7H / ?", False, 1.0)], handed_in=True)
    review = review_html(session)
    assert review.count("gt-review-puzzle") == len(KINDS) and "7H 7H / ?" in review


def test_student_answers_the_set_and_downloads_results(made):
    page = StudentPage(code=made.classset.code.lower(), student="Kim")
    page.start_button.click()
    assert page.session is not None and page.view.hint_button not in page.view.buttons.children
    for i in range(4):
        answer(page, right=i % 2 == 0)
        if i < 3:
            page.next_button.click()
    assert page.session.is_complete and page.results.value == ""
    page.hand_in_button.click()
    assert page.session.handed_in and page.session.score == (2, 4)
    rows = link_text(page.results.value, "text/csv").strip().splitlines()
    assert rows[0].startswith("student,code,position") and len(rows) == 5
    page._on_next()  # past the end
    assert "handed in" in page.status.value


def test_student_with_a_mistyped_code_gets_a_clear_message(made):
    code = made.classset.code
    typo = code[:-1] + ("0" if code[-1] != "0" else "1")
    page = StudentPage(code=typo, student="Kim")
    page.start_button.click()
    assert page.session is None and "⚠" in page.status.value and "code" in page.status.value.lower()


def test_a_student_page_asks_for_a_name_in_plain_words(made):
    page = StudentPage(code=made.classset.code, student="  ")
    page.start_button.click()
    assert page.session is None and page.last_error == "Type a name first."


@pytest.mark.parametrize("session", ["zzz", "z" * 43])
def test_an_address_naming_no_session_says_so_in_plain_words(made, tmp_path, session):
    from gintrainer.classroom.store import open_store
    store = open_store(f"sqlite:///{tmp_path / 'class.db'}")
    page = StudentPage(code=made.classset.code, session=session, store=store)
    assert page.session is None
    assert page.last_error == f"No session is called “{session}”."


def test_gradebook_from_uploads_reports_bad_files(made):
    import datetime as dt
    puzzles = made.classset.puzzles()
    first = puzzles[0]
    answer = "no" if first.kind == PuzzleKind.CAN_KNOCK else first.answer[0].code()
    good = results_csv("Ana", made.classset.code, [Attempt(1, first.id, answer, True, 4.0)])
    page = GradebookPage()
    page.upload.value = tuple({"name": name, "type": "text/csv", "size": len(content),
                               "content": memoryview(content), "last_modified": dt.datetime.now()}
                              for name, content in [("ana.csv", good.encode()), ("junk.csv", b"not,a,results\nfile")])
    assert "junk.csv" in page.problems.value
    assert "Ana" in page.table.value and "<svg" in page.chart.value


def open_set(made, student="Kim"):
    page = StudentPage(code=made.classset.code, student=student)
    page.start_button.click()
    return page


def test_a_class_set_shows_no_verdict_score_or_table_until_it_is_handed_in(made):
    page = open_set(made)
    view = page.view
    assert view.table_toggle not in view.children and view.hint_button not in view.buttons.children
    for i in range(len(page.session)):
        answer(page, right=i == 0)
        for text in (view.feedback.value, page.progress.value, page.results.value, view.title.value):
            assert "gt-feedback" not in text and "Right" not in text and "Not quite" not in text
            assert "right" not in text.lower() and "themes:" not in text
        assert "Recorded:" in view.feedback.value and not any("gt-right" in b._dom_classes for b in view.picker.buttons)
        view.table_toggle.value = True  # a page can send any value, even for a widget it does not show
        assert view.table.value == "" and "opens once you have answered" in view.status.value
        if i + 1 < len(page.session):
            page.next_button.click()
    assert page.results.value == "" and page.review.value == ""
    page.hand_in_button.click()
    assert page.session.handed_in and "right 1 of 4" in page.progress.value
    assert page.review.value.count('<table class="gt-solver gt-discards">') == len(page.session)
    assert page.review.value.count("✓ Right") == 1 and page.review.value.count("✗ Not right") == 3
    assert "Download your results" in page.results.value and page.view.layout.display == "none"


def test_a_yes_in_a_class_set_always_asks_for_the_discard():
    no_set = ClassSet("Blind yes", count=6, kinds="can_knock")
    index = next(i for i, p in enumerate(no_set.puzzles()) if not p.can_knock)
    page = StudentPage(code=no_set.code, student="Kim")
    page.start_button.click()
    for _ in range(index):
        page.view.no_button.click()
        page.next_button.click()
    page.view.yes_button.click()  # wrong: no discard knocks, but the page must not say so yet
    assert page.view.attempt.stage == "discard" and page.view.discard_button in page.view.buttons.children
    assert "No discard knocks" not in page.view.feedback.value


def test_handing_in_early_asks_first(made):
    page = open_set(made)
    answer(page, right=True)
    page.hand_in_button.click()
    assert not page.session.handed_in and "3 of 4 puzzles are not answered" in page.results.value
    page.confirm_button.click()
    assert page.session.handed_in and "right 1 of 4 (3 not answered)" in page.progress.value  # of the set
    assert page.review.value.count("Not answered.") == 3


def test_opening_another_set_mid_way_is_refused(made):
    page = open_set(made)
    answer(page, right=True)
    page.start_button.click()
    assert "hand in this set before" in page.status.value and page.session.answered == 1


def test_stale_messages_go_once_the_code_is_right(made):
    code = made.classset.code
    page = StudentPage(code=code[:-1] + ("0" if code[-1] != "0" else "1"), student="Kim")
    page.start_button.click()
    assert "⚠" in page.status.value and "Opening the set" not in page.progress.value
    page.code.value = code
    page.start_button.click()
    assert page.status.value == "" and "puzzle 1 of 4" in page.progress.value
    assert "Opening the set" not in page.progress.value


def test_the_teacher_page_does_not_keep_saying_it_is_making_the_set():
    page = TeacherPage()
    page.name.value = ""
    page.make_button.click()
    assert "⚠" in page.status.value and "Making the set" not in page.code.value


def test_an_are_you_sure_about_fewer_answers_goes_with_the_next_answer(made):
    page = open_set(made)
    answer(page, right=True)
    page.hand_in_button.click()
    assert "3 of 4 puzzles are not answered" in page.results.value
    page.next_button.click()
    answer(page, right=True)
    assert page.results.value == "" and page.confirm_button.layout.display == "none"
    page.hand_in_button.click()
    assert "2 of 4 puzzles are not answered" in page.results.value
    page.next_button.click()
    answer(page, right=True)
    page.hand_in_button.click()
    assert "1 of 4 puzzles is not answered" in page.results.value


@pytest.mark.parametrize("count", [0, 41, 500, -3])
def test_a_number_of_puzzles_out_of_range_is_refused_with_its_reason_not_changed(count):
    page = TeacherPage()
    page.name.value, page.count.value = "Year 9 Tuesday", count
    page.make_button.click()
    assert page.count.value == count and page.classset is None  # nothing made, the number as typed
    assert f"a class set has 1 to 40 puzzles, not {count}" in page.status.value


def holds(box, widget):
    """Whether ``widget`` is ``box`` or anywhere in it."""
    return box is widget or any(holds(child, widget) for child in getattr(box, "children", ()))


def part_holding(view, widget):
    """The part of ``view`` (one of its children) that holds ``widget``."""
    return next(part for part in view.children if holds(part, widget))


def test_the_teacher_page_s_problem_shows_under_its_make_button_not_at_the_page_s_foot():
    page = TeacherPage()
    page.name.value, page.count.value = "Year 9 Tuesday", 41
    page.make_button.click()
    assert "a class set has 1 to 40 puzzles, not 41" in page.status.value
    form = part_holding(page, page.make_button)
    assert form.children[list(form.children).index(page.make_button) + 1] is page.status
    assert page.status not in page.children  # once at its foot, under the set's listing and "Prepare a class"



@pytest.fixture
def class_store(tmp_path):
    from gintrainer.classroom.store import open_store
    return open_store(f"sqlite:///{tmp_path / 'class.db'}")


def test_a_mistyped_code_in_the_gradebook_clears_the_class_shown_and_says_so_by_the_code_box(made, class_store):
    from gintrainer.words.errors import quoted
    code = made.classset.code
    student = StudentPage(code=code, student="Kim", store=class_store)
    student.start_button.click()
    answer(student, right=True)
    student.next_button.click()
    answer(student, right=False)  # a best-discard puzzle (a wrong yes to a can-you-knock asks for a discard)
    book = GradebookPage(store=class_store)
    book.code.value = code
    assert "Kim" in book.table.value and book.follow_ups.children and "⚠" not in book.status.value
    typo = code[:-1] + ("0" if code[-1] != "0" else "1")
    book.code.value = typo
    assert book.book is None and not book.follow_ups.children
    assert not any((book.table.value, book.exports.value, book.chart.value, book.grid.svg, book.refreshed.value,
                    book.reviews.value, book.picked.value))
    assert book.last_error == (f"No class set has the code {quoted(typo)}: a character is mistyped, missing or "
                               "extra. Check it against the code shown when the set was made.")
    assert holds(part_holding(book, book.code), book.status) and book.status not in book.children
    book._on_tick()  # the store read again: the class of the code before stays gone
    assert book.table.value == "" and "⚠" in book.status.value
    book.code.value = code.lower()
    assert "Kim" in book.table.value and book.status.value == ""


@pytest.mark.parametrize("typed", ["abc", "Year 9 Tuesday"])
def test_a_word_that_is_no_class_code_is_refused_by_the_gradebook_not_shown_as_a_class(typed, class_store):
    book = GradebookPage(store=class_store)
    book.code.value = typed
    assert book.book is None and book.table.value == "" and book.grid.svg == ""
    assert book.last_error == (f"'{typed}' is not a class code: a class code is 15 or 25 letters and digits, "
                               "such as 8QM90-000XD-WT58F.")


def test_the_gradebook_says_by_the_code_box_when_the_store_has_no_answers_for_a_code(made, class_store):
    book = GradebookPage(store=class_store)
    book.code.value = ClassSet("Nobody yet", count=3).code
    assert "⚠" not in book.status.value and "0 students, 3 puzzles" in book.table.value
    assert "The class store has no answers for class code" in book.code_note.value
    assert holds(part_holding(book, book.code), book.code_note)
    student = StudentPage(code=book.code.value, student="Kim", store=class_store)
    student.start_button.click()
    answer(student, right=True)
    book._on_tick()
    assert "Kim" in book.table.value and book.code_note.value == ""




def test_another_code_shows_nothing_of_the_class_before_while_the_store_cannot_be_reached(made, class_store,
                                                                                           tmp_path):
    from gintrainer.classroom.roster import Roster, RosterStudent
    from gintrainer.classroom.store import ClassStore, StoreError

    class Unreachable(ClassStore):
        def _begin(self, *, write):
            raise StoreError("the class store cannot be reached: timeout expired")

    code = made.classset.code
    class_store.set_roster(code, Roster((RosterStudent("Kim", "kim@school.example", "9B"),)))
    book = GradebookPage(store=class_store)
    book.code.value = code
    shown = book.reviews.value
    assert book.class_roster is not None and shown
    book.store = Unreachable(f"sqlite:///{tmp_path / 'never.sqlite3'}")
    book.ticker._handle_custom_msg({"tick": True}, [])  # the same class: what was read stays
    assert book.class_roster is not None and book.reviews.value == shown and "cannot be reached" in book.refreshed.value
    book.code.value = ClassSet("Another class", count=3).code
    assert book.class_roster is None and book.reviews.value == "" and "0 students, 3 puzzles" in book.table.value


def test_the_set_made_is_shown_again_in_the_language_the_menu_switches_to(monkeypatch):
    from html import unescape

    from gintrainer.classroom.worksheet import worksheet_html
    from gintrainer.widgets.profile import Learner
    from gintrainer.widgets.site import language_menu_html
    learner = Learner()
    page = TeacherPage(learner)
    page.name.value, page.count.value = "Year 9 Tuesday", 4
    page.themes.value, page.objective.value, page.difficulty.value = ("gin", "set-or-run"), "deadwood", "medium"
    page.make_button.click()
    made = page.classset
    assert made is not None and made.themes == ("set-or-run", "gin") and made.difficulty == (1300, 1599)
    menu = language_menu_html("classroom/teacher.ipynb", learner)
    href = unescape(re.search(r'<a href="([^"]+)"[^>]*hreflang="tr"', menu)[1])
    page_name, query = href.split("?", 1)
    assert page_name == "teacher.ipynb"
    monkeypatch.setenv("QUERY_STRING", query)  # the page opened by the menu's link
    with in_language("tr"):
        again = TeacherPage(Learner(language="tr"))
        assert again.classset == made and again.classset.name == "Year 9 Tuesday" and "⚠" not in again.status.value
        assert made.code in again.code.value and "Sınıf kodu" in again.code.value
        assert link_text(again.downloads.value, "text/html") == worksheet_html(made, lang="tr")
        assert "Çalışma kâğıdını indir" in again.downloads.value
    assert again.listing.value.count("<li>") == 4 and again.address.query == page.address.query
    assert (again.name.value, again.count.value, again.objective.value, again.difficulty.value) == (
        "Year 9 Tuesday", 4, "deadwood", "medium")
    assert ClassSet(again.name.value, **again.options()) == made  # Make again: the same set


def test_every_class_code_box_is_as_wide_as_the_longest_code():
    from gintrainer.classroom.codes import WIDE_LENGTH, group
    from gintrainer.material.drawing import style_block
    from gintrainer.widgets.classroom import CODE_BOX
    longest = len(group("0" * WIDE_LENGTH))  # 25 symbols in groups of five: 29 characters
    assert longest == len(ClassSet("Wide", count=2, kinds=["can_knock", "take_or_draw"]).code)
    assert all(CODE_BOX in box._dom_classes for box in (StudentPage().code, GradebookPage().code))
    width = re.search(r"\.gt-code-input>input\[type=text\]\{[^}]*;width:(\d+)ch;[^}]*monospace", style_block())
    assert width and int(width[1]) > longest  # in characters of the box's monospace font, with room for the caret
