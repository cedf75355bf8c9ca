"""The gradebook's results as CSV files a school's grade book imports as they are: Canvas, Moodle and
Google Classroom, each with its own columns, each student named as the teacher typed the class's roster
(:mod:`~gintrainer.classroom.roster`). The grade is the student's right answers, out of the set's puzzles.

What each file holds, and the documentation it follows (see ``docs/teaching.md``):

- **Canvas** (Canvas's guide "How do I import grades in the Gradebook?", and e.g.
  https://teaching.resources.osu.edu/toolsets/carmencanvas/guides/calculating-final-grades/import-csv-file-carmen-grades):
  the columns ``Student``, ``ID``, ``SIS User ID``, ``SIS Login ID``, ``Section``, then one column per
  assignment, a new one made by its heading; the second row is ``Points Possible``. The student's
  name is in ``Student`` (Canvas matches a student by one of the name and the IDs), the roster's email in
  ``SIS Login ID``, the section in ``Section``; ``ID`` and ``SIS User ID`` (Canvas's own numbers) blank.
- **Moodle** (Grades › Import › CSV file: https://docs.moodle.org/en/Import_grades): a header row, then one
  row per student: ``Full name``, ``Email address`` (as Moodle's own grade export names that column) and the
  grade; in Moodle's import form the teacher maps "Email address" to the user's email address and the grade
  column to a new grade item.
- **Google Classroom**: the student's ``Email Address`` (by which Classroom knows a student), the name,
  and the grade column, under a header row. No Google page on a grade import from CSV was at hand to
  check it against (``docs/teaching.md`` says so).

Every file is UTF-8 without a byte order mark, comma-separated, with a header row, CRLF line ends and a
field quoted only when it holds a comma, a quote or a line end (RFC 4180). No cell starts with = + - @,
which a spreadsheet would run as a formula: the roster refuses such names, emails and sections, and
:func:`export_csv` checks every cell again before writing.

A student of the gradebook who is not on the roster (names compared as the gradebook compares them) is
in no file: :attr:`GradeExport.not_on_roster` names them, for the teacher to see. A student with several
sessions of the set ("Ann" and "Ann (2)": started again after handing in, or two students who picked one
name) has one row in a file, the session :meth:`~gintrainer.classroom.gradebook.Gradebook.counted` counts
(the first handed in), never one picked silently: :attr:`GradeExport.several_sessions` names each such
student with the session counted, for the teacher to see.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from enum import StrEnum

from ..records.storage import name_key
from ..words.errors import GinError
from ..words.language import t
from .gradebook import Gradebook, Repeat
from .roster import FORMULA_START, Roster, RosterStudent


class Platform(StrEnum):
    """The school grade books an export is written for."""

    CANVAS = "canvas"
    MOODLE = "moodle"
    GOOGLE_CLASSROOM = "google-classroom"


PLATFORM_NAMES = {Platform.CANVAS: "Canvas", Platform.MOODLE: "Moodle",
                  Platform.GOOGLE_CLASSROOM: "Google Classroom"}
"""Each platform's own name (a name: the same in every language)."""

CANVAS_COLUMNS = ("Student", "ID", "SIS User ID", "SIS Login ID", "Section")
"""Canvas's columns before the assignments', in its order."""
CANVAS_POINTS_ROW = "Points Possible"
MOODLE_COLUMNS = ("Full name", "Email address")
"""Moodle's columns before the grade's (the email's as Moodle's own grade export names it)."""
GOOGLE_COLUMNS = ("Email Address", "Name")
"""Google Classroom's columns before the grade's."""


class ExportError(GinError):
    """An export that cannot be written (no roster, or a cell a spreadsheet would run)."""


@dataclass(frozen=True)
class GradeExport:
    """One platform's file: its name and text, the students in it (roster order) and the gradebook's
    students left out, not being on the roster."""

    platform: Platform
    filename: str
    text: str
    students: tuple[RosterStudent, ...]
    not_on_roster: tuple[str, ...]
    several_sessions: tuple[Repeat, ...] = ()


def assignment_title(code: str) -> str:
    """The heading of the grade column: the set's code in words the grade book shows (it starts with a
    letter in every language, never as a formula)."""
    # Translators: the name of the assignment in a school's grade book (Canvas, Moodle, Google Classroom).
    return t("Gin Rummy class set {code}", code=code)


def not_on_roster(book: Gradebook, roster: Roster) -> tuple[str, ...]:
    """The gradebook's students whom the roster does not list, each once by the name they gave (a second
    session's "Ann (2)" is Ann's), in the gradebook's order."""
    keys = {name_key(student.name) for student in roster}
    names = {name_key(source.student): source.student for source in map(book.source, range(len(book.results)))}
    return tuple(name for key, name in names.items() if key not in keys)


def several_sessions(book: Gradebook, roster: Roster) -> tuple[Repeat, ...]:
    """The students of the roster with several sessions of the set, each with the one the exports count
    (:meth:`~gintrainer.classroom.gradebook.Gradebook.counted`), in the gradebook's order."""
    keys = {name_key(student.name) for student in roster}
    return tuple(repeat for repeat in book.repeats() if name_key(repeat.student) in keys)


def export_csv(book: Gradebook, roster: Roster | None, platform: Platform | str) -> GradeExport:
    """The gradebook's results for ``platform`` (a :class:`Platform` or its value): one row per student of
    the roster who answered, under the name and email the roster gives."""
    platform = Platform(platform)
    if roster is None:
        raise ExportError(t("load the class's roster on the teacher's page first: the school's grade book "
                            "knows the students by the names and emails on it"))
    if book.code is None:
        raise ExportError(t("no results yet"))
    totals = {key: result.right for key, result in book.counted().items()}
    students = tuple(student for student in roster if name_key(student.name) in totals)
    title, possible = assignment_title(book.code), len(book.puzzles)
    rows: list[list[str]]
    if platform is Platform.CANVAS:
        rows = [[*CANVAS_COLUMNS, title], [CANVAS_POINTS_ROW, "", "", "", "", str(possible)]]
        rows += [[s.name, "", "", s.email, s.section, str(totals[name_key(s.name)])] for s in students]
    elif platform is Platform.MOODLE:
        rows = [[*MOODLE_COLUMNS, title]]
        rows += [[s.name, s.email, str(totals[name_key(s.name)])] for s in students]
    else:
        rows = [[*GOOGLE_COLUMNS, title]]
        rows += [[s.email, s.name, str(totals[name_key(s.name)])] for s in students]
    return GradeExport(platform, export_filename(book.code, platform), _csv(rows), students,
                       not_on_roster(book, roster), several_sessions(book, roster))


def export_filename(code: str, platform: Platform) -> str:
    """The file's name: the class code and the platform (``8QM3R-013VD-1D730-canvas.csv``)."""
    return f"{re.sub(r'[^A-Za-z0-9-]', '', code)}-{Platform(platform).value}.csv"


def _csv(rows: list[list[str]]) -> str:
    """RFC 4180 text of ``rows``, each cell checked: none a spreadsheet would run as a formula."""
    for row in rows:
        for cell in row:
            if cell.startswith(FORMULA_START):
                raise ExportError(t("the cell {value} would be read as a formula: not written", value=repr(cell)))
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL).writerows(rows)
    return out.getvalue()


__all__ = ["CANVAS_COLUMNS", "CANVAS_POINTS_ROW", "GOOGLE_COLUMNS", "MOODLE_COLUMNS", "PLATFORM_NAMES",
           "ExportError", "GradeExport", "Platform", "assignment_title", "export_csv", "export_filename",
           "not_on_roster", "several_sessions"]
