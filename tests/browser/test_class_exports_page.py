"""The gradebook's exports in Chromium: two students answer a class set, one of them not on the roster the
teacher loads afterwards; on the gradebook the teacher downloads the file of each school grade book, each
read back as its platform documents its import (tests/test_class_exports.py's readers), and sees the
student who is in no file named on the page."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import open_page
from gintrainer.classroom import ClassSet, StudentSession, build_gradebook
from gintrainer.classroom.exports import PLATFORM_NAMES, Platform, export_filename
from gintrainer.classroom.roster import read_roster
from gintrainer.classroom.store import new_session_key, open_store
from test_class_exports import read_grades
from test_class_grid import response

pytestmark = pytest.mark.browser

SET = ClassSet("Export page class", count=3)
ROSTER_FILE = ("\ufeffName,Email,Section\r\n"  # as a spreadsheet writes it, typed as the school knows them
               '"Okafor, Chidi",Chidi.Okafor@School.example,9B\r\n'
               "Zoë Smith,zoe.smith@school.example,9A\r\n").encode("utf-8")
MARKS = {"okafor, chidi": "rw.", "Walk-in Kai": "rrr"}
"""Each student's name as they typed it before the roster was loaded, and their marks (r right, w wrong,
. not answered)."""


def test_the_teacher_downloads_each_grade_books_file_with_the_rosters_names_and_sees_who_is_not_on_it(
        page, server, server_data, console):
    store = open_store()
    for student, marks in MARKS.items():
        session, key = StudentSession(SET, student), new_session_key()
        store.start(SET.code, key, student)
        for index, mark in enumerate(marks):
            if mark != ".":
                store.record(SET.code, key, student, session.answer(index, response(session.puzzles[index],
                                                                                   mark == "r")))
        store.hand_in(SET.code, key, student)
    store.set_roster(SET.code, read_roster(ROSTER_FILE))
    right = {name.casefold(): rate.right for name, rate in
             build_gradebook(stored=store.class_sessions(SET.code)).totals().items()}
    assert right == {"okafor, chidi": 1, "walk-in kai": 3}

    open_page(page, server, "classroom/gradebook.ipynb", f"code={SET.code}")
    expect(page.locator(".gt-gradebook .gt-not-on-roster")).to_contain_text("Walk-in Kai", timeout=30_000)
    for platform in Platform:
        with page.expect_download() as download:
            page.get_by_role("link", name=f"Export for {PLATFORM_NAMES[platform]} (CSV)").click()
        assert download.value.suggested_filename == export_filename(SET.code, platform)
        read = read_grades(platform, Path(download.value.path()).read_bytes(), SET.code, SET.count)
        section = "9B" if platform is Platform.CANVAS else ""
        assert read == [("Okafor, Chidi", "Chidi.Okafor@School.example", section, right["okafor, chidi"])], platform
