"""A student's results as a CSV file, written by the student page and read by
the teacher's gradebook.

The file is UTF-8 text with a header row and one row per answered puzzle, in
the order of the set::

    student,code,position,puzzle_id,answer,correct,seconds
    Zoë,8QM3R-013VD-1D730,1,ck-b0a9fc49dd35,yes 4D,true,12.5

``position`` counts from 1; ``answer`` is "no" or "yes" and a card for
can-you-knock puzzles, a card for best-discard ones (cards in file notation,
like 7H), "take" or "draw" for take-or-draw ones, the melds apart by "/" for knock-layout ones
("AD 2D 3D / 7H 7C 7S"), and melds, lay-offs and yes or no apart by ";" for defend ones
("2H 3H 4H ; JH on 1 ; yes"): each kind's description marks and reads its own
(:mod:`gintrainer.puzzles.registry`); ``correct`` is true or false; ``seconds`` is the time taken, to a
tenth. A file holds one student and one class code. Reading checks every row
and, by rebuilding the set from the code, that each puzzle id is the set's
puzzle at that position and that ``correct`` agrees with the solver.
"""

from __future__ import annotations

import csv
import io
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..puzzles.registry import kinds
from ..records.storage import InvalidNameError, clean_name, name_key, name_stem
from ..words.errors import GinError
from ..words.language import t, tn
from .codes import ClassCodeError, normalise_code
from .marking import mark
from .sets import ClassSet, ClassSetError

COLUMNS = ("student", "code", "position", "puzzle_id", "answer", "correct", "seconds")
"""The columns, in the order written (a reader accepts any order)."""

def _is_puzzle_id(text: str) -> bool:
    """Whether ``text`` is the id of a puzzle of a registered kind (its prefix, 12 hex digits)."""
    prefix, _, digits = text.partition("-")
    return any(kind.prefix == prefix for kind in kinds()) and re.fullmatch("[0-9a-f]{12}", digits) is not None
_FORMULA_START = ("=", "+", "-", "@")


POSITION_DIGITS = 6
"""The most digits a position may have: no set has a million puzzles."""


class ResultsError(GinError):
    """Text that is not a valid results file, or a bad row to write."""


def clean_student(name: Any) -> str:
    """A student's name or nickname as kept: a name by the rule of every name
    (:func:`gintrainer.records.storage.clean_name`, so it opens a profile too), and not
    starting with = + - @, which a spreadsheet opening the results would take for
    a formula.

    >>> clean_student(" Zoë ")
    'Zoë'
    >>> clean_student("=1+1")
    Traceback (most recent call last):
    ...
    gintrainer.classroom.results.ResultsError: a student name cannot start with '=': a spreadsheet would read...
    """
    try:
        cleaned = clean_name(name)
    except InvalidNameError as error:
        raise ResultsError(str(error)) from None
    if cleaned.startswith(_FORMULA_START):
        raise ResultsError(t("a student name cannot start with {char}: a spreadsheet would read {name} as a formula",
                             char=repr(cleaned[0]), name=repr(cleaned)))
    return cleaned


@dataclass(frozen=True)
class Attempt:
    """One answered puzzle: its position (from 1) and id, the answer as written
    in the file, right or wrong, and the seconds taken (kept to a tenth).
    ``message`` is the feedback shown when answering; it is not stored."""

    position: int
    puzzle_id: str
    answer: str
    correct: bool
    seconds: float
    message: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.position, bool) or not isinstance(self.position, int) or self.position < 1:
            raise ResultsError(t("a position is a whole number from 1, not {value}", value=repr(self.position)))
        if not isinstance(self.puzzle_id, str) or not _is_puzzle_id(self.puzzle_id):
            raise ResultsError(t("not a puzzle id: {value}", value=repr(self.puzzle_id)))
        if not isinstance(self.answer, str) or not self.answer.strip() or not self.answer.isprintable():
            raise ResultsError(t("an answer is printable text, not {value}", value=repr(self.answer)))
        if not isinstance(self.correct, bool):
            # Translators: "correct" is the results file's column, true and false its values: not translated.
            raise ResultsError(t("correct is true or false, not {value}", value=repr(self.correct)))
        seconds = self.seconds
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not math.isfinite(seconds) \
                or seconds < 0:
            # Translators: "seconds" is the results file's column: not translated.
            raise ResultsError(t("seconds must be a number from 0, not {value}", value=repr(seconds)))
        object.__setattr__(self, "seconds", round(float(seconds), 1))


@dataclass(frozen=True)
class Results:
    """One student's answers to one class set, in position order."""

    student: str
    code: str
    attempts: tuple[Attempt, ...]

    @property
    def right(self) -> int:
        return sum(a.correct for a in self.attempts)

    @property
    def answered(self) -> int:
        return len(self.attempts)

    def to_csv(self) -> str:
        return results_csv(self.student, self.code, self.attempts)


def results_csv(student: str, code: str, rows: Iterable[Attempt]) -> str:
    """The CSV text of a student's answers (rows sorted by position; one row per
    position). Checks the name, the code and each row; the ids are checked
    against the set when the file is read back.

    >>> print(results_csv("Ann", "8QM3R-013VD-1D730", [Attempt(1, "ck-b0a9fc49dd35", "no", False, 4.25)]), end="")
    student,code,position,puzzle_id,answer,correct,seconds
    Ann,8QM3R-013VD-1D730,1,ck-b0a9fc49dd35,no,false,4.2
    """
    student = clean_student(student)
    try:
        code = normalise_code(code)
    except ClassCodeError as error:
        raise ResultsError(str(error)) from None
    rows = sorted(rows, key=lambda a: a.position)
    for row in rows:
        if not isinstance(row, Attempt):
            raise ResultsError(f"a results row is an Attempt, not {row!r}")
    positions = [a.position for a in rows]
    if len(set(positions)) != len(positions):
        raise ResultsError(t("puzzle {position} is answered twice",
                              position=next(p for p in positions if positions.count(p) > 1)))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for a in rows:
        writer.writerow([student, code, a.position, a.puzzle_id, a.answer, "true" if a.correct else "false",
                         f"{a.seconds:.1f}"])
    return out.getvalue()


def results_filename(student: str, code: str) -> str:
    """A safe file name for a student's results: the code and the name's file stem
    (:func:`gintrainer.records.storage.name_stem`), the same for every spelling of the name,
    as the gradebook takes them for one student.

    >>> results_filename("../Zoë Smith", "8QM3R-013VD-1D730")
    '8QM3R-013VD-1D730-zoe-smith-266d34fa1751.csv'
    >>> results_filename("ZOË", "8QM3R-013VD-1D730") == results_filename("zoë", "8QM3R-013VD-1D730")
    True
    """
    return f"{normalise_code(code)}-{name_stem(clean_student(student), fallback='student')}.csv"


def read_results(text: str | bytes, *, check: bool = True) -> Results:
    """Read and check a results file. With ``check`` (the default) the set is
    rebuilt from the code to check puzzle ids and re-grade every answer.
    Raises :class:`ResultsError` naming the line at fault."""
    rows = _rows(_text(text))
    results = _results(rows)
    if check:
        _check_against_set(results, _lines_by_position(rows))
    return results


def _text(text: str | bytes) -> str:
    """The file's text: UTF-8, without a byte order mark."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise ResultsError(t("the file is not UTF-8 text (byte {position})", position=error.start)) from None
    if not isinstance(text, str):
        raise ResultsError(f"results are CSV text, not {type(text).__name__}")  # only code passes the wrong type
    return text.removeprefix("\ufeff")


def _header(cells: list[str] | None) -> list[str]:
    """The header row's column names, checked: every column once, no other."""
    if cells is None or not any(cell.strip() for cell in cells):
        raise ResultsError(t("the file is empty: it has no header row"))
    header = [cell.strip() for cell in cells]
    missing = [c for c in COLUMNS if c not in header]
    unknown = [c for c in header if c not in COLUMNS]
    if unknown:
        raise ResultsError(t("the header has an unknown column {column}: the columns are {columns}",
                             column=repr(unknown[0]), columns=",".join(COLUMNS)))
    if missing:
        raise ResultsError(t("the header lacks the column {column}: the columns are {columns}",
                             column=repr(missing[0]), columns=",".join(COLUMNS)))
    if len(set(header)) != len(header):
        raise ResultsError(t("the header names a column twice"))
    return header


def _rows(text: str) -> list[tuple[int, dict[str, str]]]:
    """Each answer row's line number and cells by column (blank lines skipped)."""
    reader = csv.reader(io.StringIO(text, newline=""))
    rows = []
    try:
        header = _header(next(reader, None))
        for cells in reader:
            if not any(cell.strip() for cell in cells):
                continue
            if len(cells) != len(header):
                raise ResultsError(tn("line {line} has {n} cell, not {columns}",
                                      "line {line} has {n} cells, not {columns}",
                                       len(cells), line=reader.line_num, columns=len(header)))
            rows.append((reader.line_num, dict(zip(header, cells, strict=True))))
    except csv.Error as error:
        # Translators: {error} is Python's csv module's own message (English).
        raise ResultsError(t("line {line} is not valid CSV: {error}", line=reader.line_num, error=str(error))) from None
    if not rows:
        raise ResultsError(t("the file has no answers"))
    return rows


def _lines_by_position(rows: list[tuple[int, dict[str, str]]]) -> dict[int, int]:
    return {int(row["position"].strip()): line for line, row in rows}


def _results(rows: list[tuple[int, dict[str, str]]]) -> Results:
    student: str | None = None
    code: str | None = None
    attempts = []
    for line, row in rows:
        try:
            name = clean_student(row["student"])
            row_code = normalise_code(row["code"].strip())
        except (ResultsError, ClassCodeError) as error:
            raise ResultsError(t("line {line}: {error}", line=line, error=str(error))) from None
        if student is None:
            student, code = name, row_code
        elif name_key(name) != name_key(student):
            raise ResultsError(t("line {line}: a second student {name} (the file is {student}'s): one file holds one "
                                 "student", line=line, name=repr(name), student=repr(student)))
        elif row_code != code:
            raise ResultsError(t("line {line}: a second class code {other} (the file is for {code}): one file holds "
                                 "one class code", line=line, other=row_code, code=code))
        attempts.append(_attempt(line, row))
    if student is None or code is None:
        raise ResultsError(t("the file has no answers"))
    seen: set[int] = set()
    for (line, _), attempt in zip(rows, attempts, strict=True):
        if attempt.position in seen:
            raise ResultsError(t("line {line}: puzzle {position} is answered twice", line=line,
                                 position=attempt.position))
        seen.add(attempt.position)
    return Results(student, code, tuple(sorted(attempts, key=lambda a: a.position)))


def _attempt(line: int, row: dict[str, str]) -> Attempt:
    position_text = row["position"].strip()
    if not position_text.isdigit() or not position_text.isascii():
        raise ResultsError(t("line {line}: position {value} is not a whole number", line=line,
                             value=repr(position_text)))
    if len(position_text.lstrip("0")) > POSITION_DIGITS:  # int() would refuse a number of thousands of digits
        shown = repr(position_text) if len(position_text) <= 20 else repr(position_text[:17]) + "..."
        raise ResultsError(t("line {line}: position {value} is not a puzzle of any set", line=line, value=shown))
    correct = row["correct"].strip().lower()
    if correct not in ("true", "false"):
        raise ResultsError(t("line {line}: correct is true or false, not {value}", line=line,
                             value=repr(row["correct"])))
    seconds_text = row["seconds"].strip()
    try:
        seconds = float(seconds_text)
    except ValueError:
        raise ResultsError(t("line {line}: seconds {value} is not a number", line=line,
                             value=repr(seconds_text))) from None
    try:
        return Attempt(int(position_text), row["puzzle_id"].strip(), row["answer"].strip(), correct == "true",
                       seconds)
    except ResultsError as error:
        raise ResultsError(t("line {line}: {error}", line=line, error=str(error))) from None


def _check_against_set(results: Results, lines: dict[int, int]) -> None:
    try:
        puzzles = ClassSet.from_code(results.code).puzzles()
    except (ClassCodeError, ClassSetError) as error:
        raise ResultsError(t("class code {code}: {error}", code=results.code, error=str(error))) from None
    for attempt in results.attempts:
        line = lines[attempt.position]
        if attempt.position > len(puzzles):
            raise ResultsError(tn("line {line}: position {position} is past the end of the set ({n} puzzle)",
                                  "line {line}: position {position} is past the end of the set ({n} puzzles)",
                                  len(puzzles), line=line, position=attempt.position))
        puzzle = puzzles[attempt.position - 1]
        if attempt.puzzle_id != puzzle.id:
            raise ResultsError(t("line {line}: puzzle {id} is not puzzle {position} of class code {code} (that is "
                                 "{expected})", line=line, id=attempt.puzzle_id, position=attempt.position,
                                 code=results.code, expected=puzzle.id))
        try:
            marked = mark(puzzle, attempt.answer)
        except GinError as error:
            raise ResultsError(t("line {line}: answer {answer} does not fit puzzle {position}: {error}", line=line,
                                 answer=repr(attempt.answer), position=attempt.position, error=str(error))) from None
        if marked.correct != attempt.correct:
            # Translators: true and false are the values of the results file's column "correct": not translated.
            raise ResultsError(t("line {line}: answer {answer} is marked true, but it is wrong", line=line,
                                 answer=repr(attempt.answer)) if attempt.correct else
                               t("line {line}: answer {answer} is marked false, but it is right", line=line,
                                 answer=repr(attempt.answer)))


__all__ = ["Attempt", "COLUMNS", "Results", "ResultsError", "clean_student", "read_results", "results_csv",
           "results_filename"]
