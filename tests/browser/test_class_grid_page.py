"""The class at a glance in Chromium: two students' answers in the class store, the teacher's gradebook
shows them as a grid whose cell, clicked or chosen with the keyboard, lists its puzzles; one click makes a
student's follow-up set, whose code the student opens on the student page; and the sheet of a class's
follow-up codes prints on one page."""

import io
import re

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from conftest import open_page
from gintrainer.classroom import ClassSet, StudentSession, build_gradebook
from gintrainer.classroom.gradebook import follow_up_name, follow_up_set, grid_cell_html
from gintrainer.classroom.store import new_session_key, open_store
from gintrainer.classroom.worksheet import FOLLOW_UP_SHEET_ROWS, follow_up_sheet_html
from test_class_grid import response

pytestmark = pytest.mark.browser

SET = ClassSet("Grid page class", count=4)
MARKS = {"Ann": "rwrw", "Ben": "wrr."}


def test_the_teacher_sees_the_class_grid_lists_a_cell_and_a_student_opens_a_follow_up_set(page, server,
                                                                                           server_data, console):
    store = open_store()
    for student, marks in MARKS.items():  # two students answer, each on their own page
        session, key = StudentSession(SET, student), new_session_key()
        store.start(SET.code, key, student)
        for index, mark in enumerate(marks):
            if mark != ".":
                store.record(SET.code, key, student, session.answer(index, response(session.puzzles[index],
                                                                                   mark == "r")))
        store.hand_in(SET.code, key, student)
    book = build_gradebook(stored=store.class_sessions(SET.code))
    grid = book.grid()

    open_page(page, server, "classroom/gradebook.ipynb", f"code={SET.code}")
    cells = page.locator(".gt-gradebook svg.gb-grid [data-cell]")
    expect(cells).to_have_count(len(grid.students) * len(grid.columns))
    first = page.get_by_role("button", name=f"Ann, {grid.columns[0].title()}: {grid.cells[0][0].words()}")
    first.focus()
    page.keyboard.press("Enter")  # a cell chosen with the keyboard
    listed = page.locator(".gb-grid-cell-list")
    expect(listed).to_contain_text(f"Ann, {grid.columns[0].title()}")
    last = len(grid.columns) - 1
    page.locator(f'.gb-grid [data-cell="1:{last}"]').click()  # and one clicked
    expect(listed).to_contain_text(f"Ben, {grid.columns[last].title()}")
    for position, _ in grid.behind("Ben", last):
        expect(listed).to_contain_text(f"Puzzle {position} ({SET.puzzles()[position - 1].id})")
    assert listed.inner_html() in grid_cell_html(book, 1, last)

    page.get_by_role("button", name="Follow-up set for Ben").click()
    made = follow_up_set(book, "Ben")
    assert made is not None and made.classset.name == follow_up_name("Ben", SET.code)
    expect(page.locator(".gt-follow-up-code")).to_have_text(made.classset.code, timeout=60_000)

    open_page(page, server, "classroom/student.ipynb", f"code={made.classset.code}&profile=Ben")
    page.get_by_role("button", name="Start").click()
    expect(page.locator(".gt-puzzle")).to_contain_text(made.classset.puzzles()[0].id)


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("lang", ["en", "ps"])
def test_a_class_s_follow_up_codes_print_on_one_page(page, paper, lang):
    themes = ("set-or-run", "naive-wrong", "keep-the-pair", "looks-knockable", "forbidden-discard")
    sets = [(f"Student {n:02d} with a long family name", ClassSet(follow_up_name(f"Student {n:02d}", SET.code),
                                                                    count=10, themes=themes))
            for n in range(FOLLOW_UP_SHEET_ROWS)]
    page.set_content(follow_up_sheet_html(SET.code, sets, lang=lang))
    pdf = PdfReader(io.BytesIO(page.pdf(format=paper, print_background=True)))
    assert len(pdf.pages) == 1
    text = re.sub(r"\s+", "", pdf.pages[0].extract_text())
    assert all(classset.code in text for _, classset in sets)
