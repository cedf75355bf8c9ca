"""A class's roster: the students a teacher lists in a CSV file (name, email, optional section), from
which a student picks their name on the class set's page, and by which the gradebook's exports name
each student as the school's grade book knows them (:mod:`~gintrainer.classroom.exports`).

The file is UTF-8 text (a byte order mark, as spreadsheets write one, is allowed) with a header row naming
the columns ``name``, ``email`` and, if wanted, ``section``, in any order and any case, then one row per
student::

    name,email,section
    Zoë Smith,zoe.smith@school.example,9B

A name is a student's name as every name is kept (:func:`~gintrainer.classroom.results.clean_student`:
never starting with = + - @, which a spreadsheet would read as a formula); an email is one address; a
section is short text, never starting with = + - @ either. Two rows of one name (names compared as the
gradebook compares them) or of one email are refused. Reading refuses a file that is not a roster with
a :class:`RosterError` naming its line; a file over :data:`MAX_ROSTER_BYTES` or of more than
:data:`MAX_ROSTER_STUDENTS` students is refused before it is read through.

>>> roster = read_roster("name,email\\nAnn,ann@school.example\\n")
>>> roster.find("ANN").email
'ann@school.example'
>>> read_roster(roster.to_csv()) == roster
True
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..records.storage import name_key, unshowable
from ..words.errors import GinError
from ..words.language import t, tn
from .results import ResultsError, clean_student

ROSTER_COLUMNS = ("name", "email", "section")
"""The roster's columns, in the order written; ``section`` may be left out of a file."""
MAX_ROSTER_BYTES = 200_000
"""The largest roster file read (a school class of a few hundred students is far below it)."""
MAX_ROSTER_STUDENTS = 500
"""The most students a roster holds."""
MAX_EMAIL = 254
"""The longest email address (RFC 5321's limit on a path)."""
MAX_SECTION = 60
"""The longest section name."""
FORMULA_START = ("=", "+", "-", "@")
"""What a spreadsheet takes for the start of a formula: no cell the class pages write starts with one."""

_EMAIL = re.compile(r"[^@\s\"(),:;<>\[\]\\]+@[^@\s\"(),:;<>\[\]\\]+\.[^@\s\"(),:;<>\[\]\\.]+")


class RosterError(GinError):
    """A file that is not a roster, or a roster row that is not a student (the message names the line)."""


def clean_email(email: object) -> str:
    """An email address as kept: stripped, one address (``local@domain.tld``, no spaces), not starting with
    a formula's first character.

    >>> clean_email(" ann@school.example ")
    'ann@school.example'
    """
    if not isinstance(email, str):
        raise RosterError(f"an email address is text, not {email!r}"[:120])
    cleaned = email.strip()
    if len(cleaned) > MAX_EMAIL or not _EMAIL.fullmatch(cleaned) or unshowable(cleaned) is not None:
        raise RosterError(t("not an email address: {value}", value=repr(cleaned[:80])))
    if cleaned.startswith(FORMULA_START):
        raise RosterError(t("an email address cannot start with {char}: a spreadsheet would read {value} as a "
                            "formula", char=repr(cleaned[0]), value=repr(cleaned[:80])))
    return cleaned


def clean_section(section: object) -> str:
    """A section's name as kept: stripped, printable, at most :data:`MAX_SECTION` characters, not starting
    with a formula's first character ("" for none)."""
    if not isinstance(section, str):
        raise RosterError(f"a section is text, not {section!r}"[:120])
    cleaned = section.strip()
    if len(cleaned) > MAX_SECTION or unshowable(cleaned) is not None:
        raise RosterError(t("not a section: {value} (at most {limit} printable characters)",
                            value=repr(cleaned[:80]), limit=MAX_SECTION))
    if cleaned.startswith(FORMULA_START):
        raise RosterError(t("a section cannot start with {char}: a spreadsheet would read {value} as a formula",
                            char=repr(cleaned[0]), value=repr(cleaned)))
    return cleaned


@dataclass(frozen=True, slots=True)
class RosterStudent:
    """One student of a roster: the name as the teacher typed it (kept as names are), the email, the section
    ("" for none)."""

    name: str
    email: str
    section: str = ""

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "name", clean_student(self.name))
        except ResultsError as error:
            raise RosterError(str(error)) from None
        object.__setattr__(self, "email", clean_email(self.email))
        object.__setattr__(self, "section", clean_section(self.section))


@dataclass(frozen=True, slots=True)
class Roster:
    """The students of a class in the order of the file; no two of one name (as names match) or one email."""

    students: tuple[RosterStudent, ...]

    def __post_init__(self) -> None:
        students = tuple(self.students)
        if not students:
            raise RosterError(t("the roster has no students"))
        if len(students) > MAX_ROSTER_STUDENTS:
            raise RosterError(t("a roster holds at most {limit} students", limit=MAX_ROSTER_STUDENTS))
        names: set[str] = set()
        emails: set[str] = set()
        for student in students:
            if not isinstance(student, RosterStudent):
                raise RosterError(f"a roster's student is a RosterStudent, not {student!r}"[:120])
            if name_key(student.name) in names:
                raise RosterError(t("the name {name} is on the roster twice", name=repr(student.name)))
            if student.email.casefold() in emails:
                raise RosterError(t("the email address {email} is on the roster twice", email=repr(student.email)))
            names.add(name_key(student.name))
            emails.add(student.email.casefold())
        object.__setattr__(self, "students", students)

    def __iter__(self) -> Iterator[RosterStudent]:
        return iter(self.students)

    def __len__(self) -> int:
        return len(self.students)

    @property
    def names(self) -> tuple[str, ...]:
        """The students' names, in the roster's order."""
        return tuple(student.name for student in self.students)

    def find(self, name: str) -> RosterStudent | None:
        """The student of that name (as names match: case and spelling of the letters aside), or None."""
        try:
            key = name_key(clean_student(name))
        except ResultsError:
            return None
        return next((student for student in self.students if name_key(student.name) == key), None)

    def to_csv(self) -> str:
        """The roster as a roster file (it reads back as the same roster)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(ROSTER_COLUMNS)
        writer.writerows((s.name, s.email, s.section) for s in self.students)
        return out.getvalue()


def read_roster(text: str | bytes) -> Roster:
    """The roster in a roster file's text or bytes; a RosterError naming the line at fault when it is none."""
    if isinstance(text, bytes):
        if len(text) > MAX_ROSTER_BYTES:
            raise RosterError(t("the roster file is too large: at most {limit} bytes", limit=MAX_ROSTER_BYTES))
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise RosterError(t("the file is not UTF-8 text (byte {position})", position=error.start)) from None
    if not isinstance(text, str):
        raise RosterError(f"a roster is CSV text, not {type(text).__name__}")  # only code passes the wrong type
    if len(text.encode("utf-8", "surrogatepass")) > MAX_ROSTER_BYTES:
        raise RosterError(t("the roster file is too large: at most {limit} bytes", limit=MAX_ROSTER_BYTES))
    return Roster(tuple(_students(text.removeprefix("\ufeff"))))


def _students(text: str) -> Iterable[RosterStudent]:
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)  # a stray quote is an error, not a guess
    seen: dict[str, int] = {}
    emails: dict[str, int] = {}
    count = 0
    try:
        header = _header(next(reader, None))
        for cells in reader:
            if not any(cell.strip() for cell in cells):
                continue
            line = reader.line_num
            if len(cells) != len(header):
                raise RosterError(tn("line {line} has {n} cell, not {columns}",
                                     "line {line} has {n} cells, not {columns}", len(cells), line=line,
                                     columns=len(header)))
            count += 1
            if count > MAX_ROSTER_STUDENTS:
                raise RosterError(t("line {line}: {error}", line=line, error=t(
                    "a roster holds at most {limit} students", limit=MAX_ROSTER_STUDENTS)))
            row = dict(zip(header, cells, strict=True))
            try:
                student = RosterStudent(row["name"], row["email"], row.get("section", ""))
            except GinError as error:
                raise RosterError(t("line {line}: {error}", line=line, error=str(error))) from None
            other = seen.get(name_key(student.name))
            if other is not None:
                raise RosterError(t("line {line}: {error}", line=line, error=t(
                    "the name {value} is also on line {other}", value=repr(student.name), other=other)))
            other = emails.get(student.email.casefold())
            if other is not None:
                raise RosterError(t("line {line}: {error}", line=line, error=t(
                    "the email address {value} is also on line {other}", value=repr(student.email), other=other)))
            seen[name_key(student.name)] = emails[student.email.casefold()] = line
            yield student
    except csv.Error as error:
        # Translators: {error} is Python's csv module's own message (English).
        raise RosterError(t("line {line} is not valid CSV: {error}", line=reader.line_num, error=str(error))) from None


def _header(cells: list[str] | None) -> list[str]:
    """The header row's columns (as :data:`ROSTER_COLUMNS` spell them), checked."""
    if cells is None or not any(cell.strip() for cell in cells):
        raise RosterError(t("the file is empty: it has no header row"))
    header = [cell.strip().casefold() for cell in cells]
    for column in header:
        if column not in ROSTER_COLUMNS:
            raise RosterError(t("line 1: the roster has no column {column}: its columns are name, email and, if "
                                "wanted, section", column=repr(column[:40])))
    if len(set(header)) != len(header):
        raise RosterError(t("the header names a column twice"))
    for column in ROSTER_COLUMNS[:2]:
        if column not in header:
            raise RosterError(t("line 1: the roster lacks the column {column}: its columns are name, email and, if "
                                "wanted, section", column=repr(column)))
    return header


__all__ = ["FORMULA_START", "MAX_ROSTER_BYTES", "MAX_ROSTER_STUDENTS", "ROSTER_COLUMNS", "Roster", "RosterError",
           "RosterStudent", "clean_email", "clean_section", "read_roster"]
