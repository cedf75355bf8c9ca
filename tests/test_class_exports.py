"""The gradebook's exports for Canvas, Moodle and Google Classroom, read back as each platform reads a
grade import: its columns and header rows, UTF-8 without a byte order mark, RFC 4180 quoting, one row per
student of the roster who answered, the grade the gradebook counts, and no cell a spreadsheet would run."""

import csv
import io
import re
from html import unescape

import pytest

from gintrainer.classroom import ClassSet, StudentSession, build_gradebook
from gintrainer.classroom.exports import (
    CANVAS_COLUMNS,
    GOOGLE_COLUMNS,
    MOODLE_COLUMNS,
    ExportError,
    Platform,
    assignment_title,
    export_csv,
    not_on_roster,
)
from gintrainer.classroom.gradebook import Repeat
from gintrainer.classroom.results import read_results
from gintrainer.classroom.roster import FORMULA_START, read_roster
from gintrainer.classroom.store import StoredSession
from gintrainer.words.language import LANGUAGES, in_language, t, tn

SET = ClassSet("Export class", count=4)
ROSTER = read_roster("name,email,section\n"
                     '"Okafor, Chidi",chidi@school.example,9B\n'
                     '"Zoë ""Zee"" Smith",zoe@school.example,\n'
                     "Absent Student,absent@school.example,9B\n"
                     "Ann,ann@school.example,9A\n")


def right(puzzle) -> str:
    if puzzle.kind == "can_knock":
        return f"yes {puzzle.answer[0].code()}" if puzzle.can_knock else "no"
    return puzzle.answer[0].code()


def wrong(puzzle) -> str:
    if puzzle.kind == "can_knock":
        return "no" if puzzle.can_knock else f"yes {puzzle.table_sorted()[0].card.code()}"
    return puzzle.table_sorted()[-1].card.code()


def results(student: str, marks: str) -> tuple[str, str]:
    session = StudentSession(SET.code, student, clock=iter(range(0, 100, 5)).__next__)
    for index, (puzzle, mark) in enumerate(zip(session.puzzles, marks, strict=True)):
        if mark != ".":
            session.answer(index, right(puzzle) if mark == "r" else wrong(puzzle))
    return f"{student}.csv", session.hand_in().to_csv()


@pytest.fixture(scope="module")
def book():
    # names typed by students in another case than the roster's: matched as the gradebook matches names
    return build_gradebook([results("okafor, chidi", "rrw."), results("ZOË \"ZEE\" SMITH", "rrrr"),
                            results("ann", "w..."), results("Walk-in", "rr..")])


def read_back(export) -> tuple[list[list[str]], str]:
    """The export's rows as a platform's importer reads them, and its raw text (see :func:`read_file`)."""
    return read_file(export.text.encode("utf-8"))


def read_file(raw: bytes) -> tuple[list[list[str]], str]:
    """An export file's rows as a platform's importer reads them (strict RFC 4180), and its text; checks
    the encoding (UTF-8, no byte order mark), the line ends (CRLF), rows of one length and a field quoted
    only when it must be."""
    assert not raw.startswith(b"\xef\xbb\xbf")
    text = raw.decode("utf-8", "strict")
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
    rows = list(csv.reader(io.StringIO(text, newline=""), strict=True))
    assert all(len(row) == len(rows[0]) for row in rows)
    minimal = io.StringIO()
    csv.writer(minimal, lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL).writerows(rows)
    assert text == minimal.getvalue()
    return rows, text


def read_grades(platform: Platform, raw: bytes, code: str, possible: int) -> list[tuple[str, str, str, int]]:
    """A platform's file for the set of ``code`` read as that platform documents its grade import (its
    columns and header rows, the grade column named for the set, Canvas's points possible row and its
    own ID columns blank): per student, in the file's order, the name, the email, the section ("" where
    the platform has no section column) and the grade."""
    rows, _ = read_file(raw)
    title = assignment_title(code)
    if platform is Platform.CANVAS:
        assert rows[0] == [*CANVAS_COLUMNS, title]
        assert rows[1] == ["Points Possible", "", "", "", "", str(possible)]
        assert all(row[1] == row[2] == "" for row in rows[2:])
        return [(row[0], row[3], row[4], int(row[5])) for row in rows[2:]]
    if platform is Platform.MOODLE:
        assert rows[0] == [*MOODLE_COLUMNS, title]
        return [(row[0], row[1], "", int(row[2])) for row in rows[1:]]
    assert rows[0] == [*GOOGLE_COLUMNS, title]
    return [(row[1], row[0], "", int(row[2])) for row in rows[1:]]


def grades(book) -> dict[str, int]:
    return {name.casefold(): rate.right for name, rate in book.totals().items()}


def test_canvas_reads_its_columns_the_points_possible_row_and_each_student_as_the_roster_names_them(book):
    export = export_csv(book, ROSTER, Platform.CANVAS)
    rows, text = read_back(export)
    assert rows[0] == [*CANVAS_COLUMNS, assignment_title(SET.code)]
    assert rows[1] == ["Points Possible", "", "", "", "", "4"]
    assert rows[2:] == [["Okafor, Chidi", "", "", "chidi@school.example", "9B", "2"],
                        ['Zoë "Zee" Smith', "", "", "zoe@school.example", "", "4"],
                        ["Ann", "", "", "ann@school.example", "9A", "0"]]
    assert '\r\n"Okafor, Chidi",,,chidi@school.example,9B,2\r\n' in text
    assert '\r\n"Zoë ""Zee"" Smith",,,' in text
    assert export.filename == f"{SET.code}-canvas.csv"


def test_moodle_reads_a_header_row_then_the_name_the_email_to_map_and_the_grade(book):
    rows, _ = read_back(export_csv(book, ROSTER, "moodle"))
    assert rows[0] == [*MOODLE_COLUMNS, assignment_title(SET.code)]
    assert rows[1:] == [["Okafor, Chidi", "chidi@school.example", "2"], ['Zoë "Zee" Smith', "zoe@school.example", "4"],
                        ["Ann", "ann@school.example", "0"]]


def test_google_classroom_reads_the_email_first_then_the_name_and_the_grade(book):
    rows, _ = read_back(export_csv(book, ROSTER, Platform.GOOGLE_CLASSROOM))
    assert rows[0] == [*GOOGLE_COLUMNS, assignment_title(SET.code)]
    assert [row[0] for row in rows[1:]] == ["chidi@school.example", "zoe@school.example", "ann@school.example"]


@pytest.mark.parametrize("platform", list(Platform))
def test_every_grade_is_the_gradebooks_count_of_right_answers(book, platform):
    read = read_grades(platform, export_csv(book, ROSTER, platform).text.encode("utf-8"), SET.code, SET.count)
    counted = grades(book)
    assert [(name, email, grade) for name, email, _, grade in read] == [
        (student.name, student.email, counted[student.name.casefold()]) for student in ROSTER
        if student.name.casefold() in counted]


@pytest.mark.parametrize("platform", list(Platform))
def test_a_student_not_on_the_roster_is_in_no_file_and_named_for_the_teacher(book, platform):
    export = export_csv(book, ROSTER, platform)
    assert export.not_on_roster == ("Walk-in",) == not_on_roster(book, ROSTER)
    assert "Walk-in" not in export.text
    assert "Absent Student" not in export.text  # on the roster, no answers: their grade stays as it is


@pytest.mark.parametrize("platform", list(Platform))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_cell_of_any_export_in_any_language_starts_as_a_formula(book, platform, lang):
    with in_language(lang):
        rows, _ = read_back(export_csv(book, ROSTER, platform))
    assert [cell for row in rows for cell in row if cell.startswith(FORMULA_START)] == []


def test_an_export_without_a_roster_or_results_says_what_is_missing(book):
    with pytest.raises(ExportError, match="roster"):
        export_csv(book, None, Platform.CANVAS)
    with pytest.raises(ExportError, match="no results yet"):
        export_csv(build_gradebook(), ROSTER, Platform.MOODLE)
    with pytest.raises(ValueError):
        export_csv(book, ROSTER, "blackboard")


def stored(student: str, marks: str, number: int, *, handed_in: bool) -> StoredSession:
    """A session of ``student`` as the class store keeps it, the ``number``-th started, with the answers of
    ``marks`` (r right, w wrong, . none), handed in or not."""
    _, text = results(student, marks)
    return StoredSession(SET.code, f"session-{student}-{number}", student, f"2026-01-01T10:0{number}:00",
                         "2026-01-01T10:30:00" if handed_in else None, read_results(text).attempts)


def moodle_grades(book) -> dict[str, int]:
    rows, _ = read_back(export_csv(book, ROSTER, Platform.MOODLE))
    return {name: int(grade) for name, _, grade in rows[1:]}


def test_a_student_who_started_again_after_handing_in_counts_once_by_the_first_set_handed_in():
    # Ann hands in (1 right), sees the review, and starts again (4 right): the first answers count
    book = build_gradebook(stored=[stored("Ann", "rwww", 1, handed_in=True), stored("ann", "rrrr", 2, handed_in=True)])
    assert book.students == ("Ann", "ann (2)")
    export = export_csv(book, ROSTER, Platform.MOODLE)
    assert moodle_grades(book) == {"Ann": 1}
    assert export.not_on_roster == () == not_on_roster(book, ROSTER)  # "ann (2)" is Ann, on the roster
    assert export.several_sessions == (Repeat("Ann", ("Ann", "ann (2)"), "Ann", handed_in=True),)


def test_a_session_left_unfinished_gives_way_to_the_one_handed_in_whatever_its_order():
    # Ann moved to another computer mid-set: the first session stays unfinished, the second is handed in
    book = build_gradebook(stored=[stored("Ann", "r...", 1, handed_in=False), stored("Ann", "rrrw", 2, handed_in=True)])
    assert moodle_grades(book) == {"Ann": 3}
    assert book.repeats() == (Repeat("Ann", ("Ann", "Ann (2)"), "Ann (2)", handed_in=True),)
    for platform in Platform:  # every file has Ann once, with the count of the session counted
        read = read_grades(platform, export_csv(book, ROSTER, platform).text.encode("utf-8"), SET.code, SET.count)
        assert read == [("Ann", "ann@school.example", "9A" if platform is Platform.CANVAS else "", 3)]


def test_while_no_session_is_handed_in_the_one_with_the_most_answers_counts():
    book = build_gradebook(stored=[stored("Ann", "r...", 1, handed_in=False), stored("Ann", "wrr.", 2, handed_in=False),
                                   stored("Ann", "rr..", 3, handed_in=False)])
    assert moodle_grades(book) == {"Ann": 2}
    assert book.repeats() == (Repeat("Ann", ("Ann", "Ann (2)", "Ann (3)"), "Ann (2)", handed_in=False),)


def test_a_student_not_on_the_roster_with_two_sessions_is_named_once_and_not_as_counted():
    book = build_gradebook(stored=[stored("Walk-in", "r...", 1, handed_in=True),
                                   stored("Walk-in", "rr..", 2, handed_in=True)])
    export = export_csv(book, ROSTER, Platform.CANVAS)
    assert export.not_on_roster == ("Walk-in",) and export.several_sessions == ()
    assert "Walk-in" not in export.text


@pytest.mark.parametrize("lang", ["en", "ps"])
def test_the_gradebook_page_names_a_student_with_two_sessions_and_the_one_counted_not_as_off_the_roster(lang):
    pytest.importorskip("ipywidgets")
    from gintrainer.widgets.roster import exports_html
    book = build_gradebook(stored=[stored("Ann", "r...", 1, handed_in=False), stored("Ann", "rrrw", 2, handed_in=True),
                                   stored("Walk-in", "rr..", 1, handed_in=True)])
    with in_language(lang):
        page = unescape(exports_html(book, ROSTER))
        several = re.findall(r"<div class='gt-notice gt-several-sessions' dir='auto'>([^<]*)</div>", page)
        off_roster = re.findall(r"<div class='gt-notice gt-not-on-roster' dir='auto'>([^<]*)</div>", page)
        assert several == [tn("{student} has {n} session of this set ({rows}): the exports count {counted}, the "
                              "first handed in.", "{student} has {n} sessions of this set ({rows}): the exports "
                              "count {counted}, the first handed in.", 2, student="Ann", rows="Ann, Ann (2)",
                              counted="Ann (2)")]
        assert off_roster == [t("Not on the roster, so in no export: {names}", names="Walk-in")]
    assert "Ann (2)" not in off_roster[0] and "Ann" in several[0] and "Ann (2)" in several[0]
    if lang != "en":  # the sentence is the catalog's, not English
        assert "session" not in several[0]


def test_a_student_whose_own_name_is_ann_2_keeps_a_row_of_their_own_beside_anns_two_sessions():
    book = build_gradebook(stored=[stored("Ann", "r...", 1, handed_in=True),
                                   stored("Ann (2)", "rr..", 2, handed_in=True),
                                   stored("Ann", "rrr.", 3, handed_in=True)])
    assert book.students == ("Ann", "Ann (2)", "Ann (3)")
    assert {name: rate.right for name, rate in book.totals().items()} == {"Ann": 1, "Ann (2)": 2, "Ann (3)": 3}
    assert book.repeats() == (Repeat("Ann", ("Ann", "Ann (3)"), "Ann", handed_in=True),)
    assert not_on_roster(book, ROSTER) == ("Ann (2)",) and moodle_grades(book) == {"Ann": 1}


def test_the_teaching_page_quotes_the_line_the_gradebook_page_shows_for_a_student_with_two_sessions():
    pytest.importorskip("ipywidgets")
    from pathlib import Path

    from gintrainer.widgets.roster import exports_html
    book = build_gradebook(stored=[stored("Ann", "r...", 1, handed_in=False), stored("Ann", "rrrw", 2, handed_in=True)])
    with in_language("en"):
        line = re.findall(r"gt-several-sessions' dir='auto'>([^<]*)</div>", unescape(exports_html(book, ROSTER)))
    doc = " ".join((Path(__file__).parents[1] / "docs" / "teaching.md").read_text(encoding="utf-8").split())
    assert len(line) == 1 and f'"{line[0]}"' in doc
