"""The class pages as widgets: a teacher makes a set, a student answers it, the
gradebook reads the results."""

import base64
import re

import pytest

pytest.importorskip("ipywidgets")

from gintrainer.classroom import ClassSet, results_csv  # noqa: E402
from gintrainer.classroom.results import Attempt  # noqa: E402
from gintrainer.widgets.classroom import GradebookPage, StudentPage, TeacherPage  # noqa: E402


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
    for dropdown in (page.kinds, page.objective, page.difficulty):
        assert dropdown.value is not None and dropdown.label, dropdown.description  # None shows a blank box
    assert ClassSet("Year 9", **page.options()) == ClassSet("Year 9")
    page.objective.value, page.difficulty.value = "lookahead", "medium"
    assert ClassSet("Year 9", **page.options()) == ClassSet("Year 9", objective="lookahead", difficulty=(1300, 1599))


def test_teacher_errors_are_shown_not_raised():
    page = TeacherPage()
    page.name.value = ""
    page.make_button.click()
    assert "⚠" in page.status.value and page.classset is None
    page.name.value = "Narrow"
    page.themes.value = ("oklahoma",)
    page.make_button.click()
    assert "⚠" in page.status.value


def answer(page, right):
    puzzle = page.view.puzzle
    view = page.view
    if puzzle.kind == "can_knock":
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


def test_student_answers_the_set_and_downloads_results(made):
    page = StudentPage(code=made.classset.code.lower(), student="Kim")
    page.start_button.click()
    assert page.session is not None and page.view.hint_button.layout.display == "none"
    for i in range(4):
        answer(page, right=i % 2 == 0)
        if i < 3:
            page.next_button.click()
    assert page.session.is_complete and page.session.score == (2, 4)
    rows = link_text(page.results.value, "text/csv").strip().splitlines()
    assert rows[0].startswith("student,code,position") and len(rows) == 5
    page._on_next()  # past the end
    assert "last puzzle" in page.status.value


def test_student_with_a_mistyped_code_gets_a_clear_message(made):
    code = made.classset.code
    typo = code[:-1] + ("0" if code[-1] != "0" else "1")
    page = StudentPage(code=typo, student="Kim")
    page.start_button.click()
    assert page.session is None and "⚠" in page.status.value and "code" in page.status.value.lower()


def test_gradebook_from_uploads_reports_bad_files(made):
    import datetime as dt
    puzzles = made.classset.puzzles()
    good = results_csv("Ana", made.classset.code, [Attempt(1, puzzles[0].id, "no" if puzzles[0].kind == "can_knock"
                                                            else puzzles[0].answer[0].code(), True, 4.0)])
    page = GradebookPage()
    page.upload.value = tuple({"name": name, "type": "text/csv", "size": len(content),
                               "content": memoryview(content), "last_modified": dt.datetime.now()}
                              for name, content in [("ana.csv", good.encode()), ("junk.csv", b"not,a,results\nfile")])
    assert "junk.csv" in page.problems.value
    assert "Ana" in page.table.value and "<svg" in page.chart.value
    page.folder.value = "/no/such/folder"
    page.load_button.click()
    assert "no folder" in page.status.value
