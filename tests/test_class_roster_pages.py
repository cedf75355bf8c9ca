"""The roster on the class pages: the teacher loads one for the set made, a student picks a name from it
instead of typing one, and the gradebook offers the exports for the school's grade book with the students
who are not on the roster."""

from __future__ import annotations

import base64
import datetime as dt
import re
from html import unescape

import pytest

pytest.importorskip("ipywidgets")

from gintrainer.classroom import ClassSet  # noqa: E402
from gintrainer.classroom.roster import read_roster  # noqa: E402
from gintrainer.classroom.store import open_store  # noqa: E402
from gintrainer.widgets.classroom import GradebookPage, StudentPage, TeacherPage  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_kernel")

ROSTER = 'name,email,section\n"Okafor, Chidi",chidi@school.example,9B\nZoë,zoe@school.example,9A\n'


def uploaded(name: str, content: bytes) -> tuple[dict[str, object], ...]:
    return ({"name": name, "type": "text/csv", "size": len(content), "content": memoryview(content),
             "last_modified": dt.datetime.now()},)


@pytest.fixture
def made() -> TeacherPage:
    page = TeacherPage()
    page.name.value, page.count.value = "Roster class", 2
    assert page.roster.layout.display == "none"  # nothing to load a roster for yet
    page.make_button.click()
    return page


def test_the_teacher_loads_a_roster_for_the_set_made_and_a_bad_one_is_refused_naming_its_line(made):
    code = made.classset.code
    assert made.roster.layout.display == "" and "No roster is loaded" in made.roster.summary.value
    made.roster.upload.value = uploaded("class.csv", ROSTER.encode("utf-8"))
    assert open_store().roster(code) == read_roster(ROSTER)
    assert "2 students" in made.roster.summary.value and "Okafor, Chidi" in made.roster.summary.value
    made.roster.upload.value = uploaded("bad.csv", b"name,email\nAnn,ann@school.example\n=cmd,x@school.example\n")
    assert made.roster.last_error is not None
    assert "bad.csv: line 3: a student name cannot start with '='" in made.roster.last_error
    assert open_store().roster(code) == read_roster(ROSTER)  # the roster kept before stays
    made.roster.upload.value = uploaded("huge.csv", b"name,email\n" + b"x" * 300_000)
    assert "too large" in (made.roster.last_error or "")


def test_a_student_picks_a_name_from_the_roster_instead_of_typing_one(made):
    code = made.classset.code
    open_store().set_roster(code, read_roster(ROSTER))
    page = StudentPage(code=code, student="")
    assert page.names in page.name_row.children and page.student not in page.name_row.children
    assert [value for _, value in page.names.options] == ["", "Okafor, Chidi", "Zoë"]
    page.start_button.click()
    assert page.session is None and "pick your name" in (page.last_error or "")
    page.names.value = "Zoë"
    page.start_button.click()
    assert page.session is not None and page.session.student == "Zoë"
    assert [s.student for s in open_store().class_sessions(code)] == ["Zoë"]


def test_a_name_kept_by_the_profile_is_picked_when_the_roster_has_it_and_no_roster_means_typing(made):
    code = made.classset.code
    open_store().set_roster(code, read_roster(ROSTER))
    assert StudentPage(code=code, student="zoë").names.value == "Zoë"
    page = StudentPage(code=ClassSet("Another class", count=2).code, student="Kim")  # no roster for this code
    assert page.names is None and page.student in page.name_row.children and page.roster is None
    page.code.value = code  # typed: the roster of that code
    assert page.names in page.name_row.children and page.student not in page.name_row.children
    page.code.value = code[:5]  # being typed again: no code, no roster
    assert page.roster is None and page.student in page.name_row.children and page.names not in page.name_row.children


def link_texts(html: str) -> dict[str, str]:
    return {name: base64.b64decode(data).decode("utf-8")
            for name, data in re.findall(r'download="([^"]+)" href="data:text/csv;base64,([^"]+)"', html)}


def test_the_gradebook_exports_for_each_grade_book_and_names_the_students_not_on_the_roster(made):
    code = made.classset.code
    for name in ("Zoë", "Walk-in"):
        page = StudentPage(code=code, student=name)
        page.start_button.click()
    book = GradebookPage()
    book.code.value = code
    assert "load the class's roster on the teacher's page" in unescape(book.exports.value)
    open_store().set_roster(code, read_roster(ROSTER))
    book.refresh()
    files = link_texts(book.exports.value)
    assert sorted(files) == sorted(f"{code}-{platform}.csv" for platform in ("canvas", "moodle", "google-classroom"))
    assert files[f"{code}-moodle.csv"].splitlines()[1] == "Zoë,zoe@school.example,0"
    assert "Not on the roster, so in no export: Walk-in" in book.exports.value


def test_the_roster_and_the_exports_are_drawn_from_the_catalogs(made):
    from gintrainer.classroom.exports import PLATFORM_NAMES
    from i18n import pseudo_language, unmarked
    code = made.classset.code
    StudentPage(code=code, student="Walk-in").start_button.click()
    with pseudo_language():
        teacher = TeacherPage()
        teacher.name.value, teacher.count.value = "Roster class", 2
        teacher.make_button.click()
        none_yet = teacher.roster.summary.value + teacher.roster.help.value + teacher.roster.upload.description
        teacher.roster.upload.value = uploaded("class.csv", ROSTER.encode("utf-8"))
        loaded = teacher.roster.summary.value
        bad = b"name,email\nAnn,ann@school.example\n=cmd,x@school.example\n"
        teacher.roster.upload.value = uploaded("bad.csv", bad)
        refused = teacher.roster.last_error or ""
        page = StudentPage(code=code, student="")
        page.start_button.click()
        picking = [label for label, _ in page.names.options][0] + (page.last_error or "")
        book = GradebookPage()
        book.code.value = code
        exports = book.exports.value
    assert unmarked(none_yet) == [] and unmarked(loaded, ["Okafor,", "Chidi,", "Zoë"]) == []
    assert unmarked(refused, ["bad.csv:", "'='", "'=cmd'"]) == [] and unmarked(picking) == []
    names = ["Walk-in", *PLATFORM_NAMES.values(), "Google", "Classroom"]
    assert "Walk-in" in exports and unmarked(exports, names) == []
