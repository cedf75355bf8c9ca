"""The teacher's gradebook: the class store's answers and students' results files (their
names and contents) merged into one table (students by puzzles), with totals, each
puzzle's and each theme's success, and HTML drawings of the table and of a per-theme
bar chart.

The class store (:mod:`~gintrainer.classroom.store`) has one session per Start pressed:
each is a row, named by the student; students of the same name are told apart in the
order they started ("Ann", "Ann (2)"). A results file for a student the store has
(names compared as below) is never counted twice: when it holds every answer that one
of the store's sessions of that name holds, it is that session's file (handed in while
the store could not be reached, it may hold more) and that row shows the file's
answers; otherwise the store's answers count and the file is reported as skipped. Where a
student has several rows, the one that counts for them (in the exports for a school's grade
book) is :meth:`Gradebook.counted`'s, and :meth:`Gradebook.repeats` names each such student.

A file is never merged silently when something is off: a malformed file, a
file for another class code, or a byte-for-byte copy of a file already read
(in order of file names) is reported in ``problems`` by its name, with the
reason, and skipped. When one student (names compared as profiles compare them,
without regard to case: :func:`gintrainer.records.storage.name_key`) has several
different files, every one of them is reported and skipped: which one counts is
the teacher's call, so none is picked silently.

Beside the answers, the gradebook page shows the practice hands each student reviewed and kept for the
class (the class store's reviews: :func:`reviewed_hands`): how many, the points lost per decision (the
error rate, as a review's summary counts it) and the count of each mark.
"""

from __future__ import annotations

import csv
import hashlib
import io
import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape
from typing import TypeVar

from ..engine.solver import Objective
from ..puzzles import THEMES, Puzzle, PuzzleKind, description
from ..puzzles.registry import kinds as registered_kinds
from ..puzzles.themes import theme_title
from ..records.storage import name_key
from ..words.errors import GinError
from ..words.language import current_language, format_number, format_percent, list_words, t, tc, text_direction, tn
from .codes import WIDE_THEME_BITS, normalise_code
from .results import Results, ResultsError, read_results
from .sets import (
    DIFFICULTY_NAMES,
    KIND_WORDS,
    NAME_LIMIT,
    NO_PUZZLE_THEMES,
    SET_THEMES,
    ClassSet,
    ClassSetError,
    SetObjective,
    takes_objective,
)
from .store import StoredReview, StoredSession


@dataclass(frozen=True)
class Problem:
    """A file left out of the gradebook, and why."""

    file: str
    reason: str

    def __str__(self) -> str:
        return f"{self.file}: {self.reason}"


@dataclass(frozen=True)
class Rate:
    """How many answers were right out of how many given."""

    right: int
    answered: int

    @property
    def fraction(self) -> float | None:
        return self.right / self.answered if self.answered else None

    def words(self) -> str:
        """"7/12 (58%)", or "no answers"."""
        if not self.answered:
            return t("no answers")
        # Translators: right answers out of answered ones, and the percentage ("7/12 (58%)")
        return t("{right}/{answered} ({percent})", right=self.right, answered=self.answered,
                 percent=format_percent(round(100 * self.right / self.answered)))


@dataclass(frozen=True)
class ThemeRate:
    """The class's success on the puzzles of one theme."""

    theme: str
    puzzles: tuple[int, ...]
    rate: Rate


@dataclass(frozen=True)
class KindRate:
    """The class's success on the puzzles of one kind."""

    kind: PuzzleKind
    puzzles: tuple[int, ...]
    rate: Rate


_Rated = TypeVar("_Rated", ThemeRate, KindRate)


def _sum_rates(rates: Iterable[Rate]) -> Rate:
    right = answered = 0
    for rate in rates:
        right, answered = right + rate.right, answered + rate.answered
    return Rate(right, answered)


def _weakest_first(rates: list[_Rated]) -> tuple[_Rated, ...]:
    """Rates by their fraction, the lowest first, those without answers last (a tie keeps the given order)."""
    return tuple(sorted(rates, key=lambda r: (r.rate.fraction is None, r.rate.fraction or 0.0)))


@dataclass(frozen=True)
class GridColumn:
    """One column of the class grid: the set's puzzles of a theme (``group`` "theme", ``name`` the theme's)
    or of a kind (``group`` "kind", ``name`` the kind's value), at their positions, and the class's rate on
    them."""

    group: str
    name: str
    puzzles: tuple[int, ...]
    rate: Rate

    def title(self) -> str:
        """The column's title in the current language: the theme's or the kind's."""
        return theme_title(self.name) if self.group == "theme" else t(description(PuzzleKind(self.name)).title)


@dataclass(frozen=True)
class ClassGrid:
    """Students by themes and kinds (:meth:`Gradebook.grid`): ``cells[row][column]`` is a student's rate on
    a column's puzzles; ``table`` is the gradebook's (True right, False wrong, None blank per puzzle)."""

    students: tuple[str, ...]
    columns: tuple[GridColumn, ...]
    cells: tuple[tuple[Rate, ...], ...]
    table: tuple[tuple[bool | None, ...], ...]

    def cell(self, student: str, column: int) -> Rate:
        """A student's rate in the column at ``column`` (from 0)."""
        return self.cells[self._row(student)][self._column(column)]

    def behind(self, student: str, column: int) -> tuple[tuple[int, bool | None], ...]:
        """The puzzles behind a cell: each position of the column's puzzles with the student's result
        (True right, False wrong, None not answered)."""
        row = self.table[self._row(student)]
        return tuple((position, row[position - 1]) for position in self.columns[self._column(column)].puzzles)

    def _row(self, student: str) -> int:
        if student not in self.students:
            raise GinError(f"no results for student {student!r}")
        return self.students.index(student)

    def _column(self, column: int) -> int:
        if isinstance(column, bool) or not isinstance(column, int) or not 0 <= column < len(self.columns):
            raise GinError(f"there is no column {column!r}: the grid has {len(self.columns)}")
        return column


@dataclass(frozen=True)
class RowSource:
    """Whose a gradebook row is: the student's name as they gave it (the row's without " (2)"), whether its
    answers are handed in (a results file's always are) and its place among that student's sessions of the
    set, in the order they started (1 for the first)."""

    student: str
    handed_in: bool
    number: int


@dataclass(frozen=True)
class Repeat:
    """A student with several sessions of the set (started again after handing in, or two students of one
    name): the student's name, the gradebook's rows of them in the order they started ("Ann", "Ann (2)"),
    the row that counts for them (:meth:`Gradebook.counted`) and whether that one is handed in."""

    student: str
    rows: tuple[str, ...]
    counted: str
    handed_in: bool


@dataclass(frozen=True)
class Gradebook:
    """Students' results for one class set. ``results`` are sorted by student
    name; ``files`` names the file of each ("" for the class store's); ``answering``
    are the students whose session in the store is not handed in yet."""

    code: str | None
    puzzles: tuple[Puzzle, ...]
    results: tuple[Results, ...]
    files: tuple[str, ...]
    problems: tuple[Problem, ...]
    answering: frozenset[str] = frozenset()
    sources: tuple[RowSource, ...] = field(default=())
    """Whose each row is, in the rows' order (a row without one is its student's only row, handed in)."""

    @property
    def students(self) -> tuple[str, ...]:
        return tuple(r.student for r in self.results)

    def source(self, row: int) -> RowSource:
        """Whose the row at ``row`` (from 0) is."""
        if row < len(self.sources):
            return self.sources[row]
        return RowSource(self.results[row].student, handed_in=True, number=1)

    def counted(self) -> dict[str, Results]:
        """The one row that counts for each student (by :func:`~gintrainer.records.storage.name_key` of the
        name they gave), as the exports count it: of a student's several sessions, the first started of
        those handed in (a set handed in shows its answers, so a later session is no first answer); when
        none is handed in yet, the one with the most answers, the first started on a tie. Never picked
        silently: :meth:`repeats` names every student with several sessions and the row counted."""
        found: dict[str, list[tuple[RowSource, Results]]] = {}
        for row, result in enumerate(self.results):
            source = self.source(row)
            found.setdefault(name_key(source.student), []).append((source, result))
        return {key: min(rows, key=lambda item: (not item[0].handed_in,
                                                 0 if item[0].handed_in else -item[1].answered,
                                                 item[0].number))[1]
                for key, rows in found.items()}

    def repeats(self) -> tuple[Repeat, ...]:
        """The students with several sessions of the set, in the gradebook's order, each with the row
        :meth:`counted` counts for them."""
        counted = self.counted()
        found: dict[str, list[tuple[RowSource, str]]] = {}
        for row, result in enumerate(self.results):
            source = self.source(row)
            found.setdefault(name_key(source.student), []).append((source, result.student))
        out = []
        for key, rows in found.items():
            if len(rows) > 1:
                ordered = sorted(rows, key=lambda item: item[0].number)
                chosen = counted[key].student
                out.append(Repeat(ordered[0][0].student, tuple(label for _, label in ordered), chosen,
                                  next(source.handed_in for source, label in rows if label == chosen)))
        return tuple(out)

    @property
    def table(self) -> tuple[tuple[bool | None, ...], ...]:
        """One row per student, one cell per puzzle: True right, False wrong, None blank."""
        rows = []
        for result in self.results:
            cells: list[bool | None] = [None] * len(self.puzzles)
            for attempt in result.attempts:
                cells[attempt.position - 1] = attempt.correct
            rows.append(tuple(cells))
        return tuple(rows)

    def cell(self, student: str, position: int) -> bool | None:
        """A student's result on the puzzle at ``position`` (from 1)."""
        if student not in self.students:
            raise GinError(f"no results for student {student!r}")
        if not 1 <= position <= len(self.puzzles):
            raise GinError(f"there is no puzzle {position}: the set has {len(self.puzzles)}")
        return self.table[self.students.index(student)][position - 1]

    def totals(self) -> dict[str, Rate]:
        """Each student's right answers out of answered ones."""
        return {r.student: Rate(r.right, r.answered) for r in self.results}

    def puzzle_rates(self) -> tuple[Rate, ...]:
        """The class's success on each puzzle, in position order."""
        columns = list(zip(*self.table, strict=True)) if self.results else [() for _ in self.puzzles]
        return tuple(Rate(sum(c is True for c in column), sum(c is not None for c in column)) for column in columns)

    def theme_rates(self) -> tuple[ThemeRate, ...]:
        """Success by theme over every answer to a puzzle of that theme (a puzzle
        counts for each of its themes), weakest first; themes without answers last."""
        rates = self.puzzle_rates()
        out = []
        for theme in THEMES:
            positions = tuple(i + 1 for i, p in enumerate(self.puzzles) if theme in p.themes)
            if positions:
                out.append(ThemeRate(theme, positions, _sum_rates(rates[i - 1] for i in positions)))
        return _weakest_first(out)

    def kind_rates(self) -> tuple[KindRate, ...]:
        """Success by kind of puzzle over every answer to a puzzle of that kind, weakest first; kinds
        without answers last (on a tie, in the order of the registry)."""
        rates = self.puzzle_rates()
        out = []
        for kind in registered_kinds():
            positions = tuple(i + 1 for i, p in enumerate(self.puzzles) if p.kind == kind)
            if positions:
                out.append(KindRate(kind, positions, _sum_rates(rates[i - 1] for i in positions)))
        return _weakest_first(out)

    def grid(self) -> ClassGrid:
        """The class at a glance: students (in the gradebook's order) by the themes of the set's puzzles,
        the class's hardest first (:meth:`theme_rates`), then its kinds, the hardest first
        (:meth:`kind_rates`); each cell is the student's right answers out of those given to the column's
        puzzles (a student's one answer to a puzzle is the first: a class set takes no second)."""
        columns = tuple(GridColumn("theme", r.theme, r.puzzles, r.rate) for r in self.theme_rates()) + tuple(
            GridColumn("kind", r.kind.value, r.puzzles, r.rate) for r in self.kind_rates())
        cells = tuple(tuple(_sum_rates(Rate(int(row[i - 1] is True), int(row[i - 1] is not None))
                                       for i in column.puzzles) for column in columns) for row in self.table)
        return ClassGrid(self.students, columns, cells, self.table)

    def rows(self) -> list[dict[str, str | int]]:
        """The table as plain rows (e.g. for a DataFrame): student, one column
        per puzzle position ("1", "2", ...) with "right"/"wrong"/"", then totals."""
        words = {True: "right", False: "wrong", None: ""}
        out = []
        for result, cells in zip(self.results, self.table, strict=True):
            row: dict[str, str | int] = {"student": result.student}
            row.update({str(i + 1): words[c] for i, c in enumerate(cells)})
            row.update(right=result.right, answered=result.answered)
            out.append(row)
        return out

    def to_csv(self) -> str:
        """The table as CSV text, for a spreadsheet."""
        out = io.StringIO()
        names = ["student", *(str(i + 1) for i in range(len(self.puzzles))), "right", "answered"]
        writer = csv.DictWriter(out, names, lineterminator="\r\n")
        writer.writeheader()
        writer.writerows(self.rows())
        return out.getvalue()

    def _repr_html_(self) -> str:
        return gradebook_html(self) + theme_chart_svg(self) + class_grid_svg(self)


def build_gradebook(sources: Iterable[tuple[str, str | bytes]] = (), *, code: str | None = None,
                    stored: Iterable[StoredSession] = ()) -> Gradebook:
    """A gradebook from (file name, content) pairs, read in order of name, and the
    class store's sessions of the set (``stored``, in the order they started). The
    class code is ``code`` if given, else the sessions', else the code of most files
    (the earliest file's on a tie)."""
    read, problems = _read_files(sources)
    sessions = tuple(stored)
    if code is None and sessions:
        code = sessions[0].code
    code = normalise_code(code) if code is not None else _commonest_code(read)
    kept, skipped = _one_file_each(read, code)
    from_store = _stored_results(sessions, code, (result.student for _, result in kept))
    rows: list[tuple[str, Results, RowSource]] = []
    completed: dict[int, tuple[str, Results]] = {}
    for name, result in kept:
        same_name = [i for i, (session, _) in enumerate(from_store) if name_key(session.student) ==
                     name_key(result.student)]
        if not same_name:
            rows.append((name, result, RowSource(result.student, handed_in=True, number=1)))
            continue
        holds = [i for i in same_name if i not in completed and set(from_store[i][0].attempts) <= set(result.attempts)]
        if len(holds) == 1:  # the file of that session, maybe with answers the store never received
            completed[holds[0]] = (name, Results(from_store[holds[0]][1].student, result.code, result.attempts))
        else:
            skipped.append(Problem(name, t("student {student} has other answers in the class store: those count, "
                                           "and the file is skipped", student=repr(result.student))))
    numbers: Counter[str] = Counter()
    for i, (session, result) in enumerate(from_store):
        numbers[name_key(session.student)] += 1
        source = RowSource(session.student, handed_in=session.handed_in is not None or i in completed,
                           number=numbers[name_key(session.student)])
        rows.append((*completed.get(i, ("", result)), source))
    ordered = sorted(rows, key=lambda item: (name_key(item[1].student), item[1].student))
    puzzles = ClassSet.from_code(code).puzzles() if code is not None else ()
    answering = frozenset(result.student for i, (session, result) in enumerate(from_store)
                          if session.handed_in is None and i not in completed)
    return Gradebook(code, puzzles, tuple(r for _, r, _ in ordered), tuple(n for n, _, _ in ordered),
                     tuple(sorted(problems + skipped, key=lambda p: p.file)), answering,
                     tuple(source for _, _, source in ordered))


def _stored_results(sessions: tuple[StoredSession, ...],
                    code: str | None, taken: Iterable[str] = ()) -> list[tuple[StoredSession, Results]]:
    """The store's sessions of ``code`` as results, each named by its student; a second
    student of the same name is "Ann (2)", in the order they started. No two rows share a
    name: where a student's own name is already "Ann (2)" (names compared as the gradebook
    compares them, over the sessions and the files ``taken``), the next number is used."""
    seen: Counter[str] = Counter()
    mine = [session for session in sessions if session.code == code]
    used = {name_key(name) for name in taken} | {name_key(session.student) for session in mine}
    out = []
    for session in mine:
        seen[name_key(session.student)] += 1
        label = session.student
        while seen[name_key(session.student)] > 1:
            # Translators: the second (third...) student of the same name in a class: "Ann (2)".
            label = t("{student} ({number})", student=session.student, number=seen[name_key(session.student)])
            if name_key(label) not in used:
                break
            seen[name_key(session.student)] += 1
        used.add(name_key(label))
        out.append((session, Results(label, session.code, session.attempts)))
    return out


def _read_files(sources: Iterable[tuple[str, str | bytes]]) -> tuple[list[tuple[str, Results]], list[Problem]]:
    """The files read, in order of name, and those left out: copies of a file
    already read, and files that are not results."""
    problems: list[Problem] = []
    read: list[tuple[str, Results]] = []
    copies: dict[str, str] = {}
    for name, content in sorted(sources, key=lambda s: s[0]):
        # a lone surrogate in a text is kept as its bytes, which reading refuses as not UTF-8
        raw = content.encode("utf-8", "surrogatepass") if isinstance(content, str) else content
        digest = hashlib.sha256(raw).hexdigest()
        if digest in copies:
            problems.append(Problem(name, t("a copy of {file}: skipped", file=copies[digest])))
            continue
        copies[digest] = name
        result = _read_file(raw, current_language())
        if isinstance(result, Results):
            read.append((name, result))
        else:
            problems.append(Problem(name, t("{error}: skipped", error=result)))
    return read, problems


@lru_cache(maxsize=64)
def _read_file(raw: bytes, lang: str) -> Results | str:
    """A results file read and re-graded, or why not (in ``lang``): kept, as an open
    gradebook page reads the same uploaded files again at each refresh."""
    try:
        return read_results(raw)
    except ResultsError as error:
        return str(error)


def _commonest_code(read: list[tuple[str, Results]]) -> str | None:
    """The class code of most files (the earliest file's on a tie); None without files."""
    if not read:
        return None
    counts = Counter(r.code for _, r in read)
    return max(counts, key=lambda c: (counts[c], -next(i for i, (_, r) in enumerate(read) if r.code == c)))


def _one_file_each(read: list[tuple[str, Results]],
                   code: str | None) -> tuple[list[tuple[str, Results]], list[Problem]]:
    """The files for ``code`` of students with one file each, and the others, left out."""
    problems: list[Problem] = []
    by_student: dict[str, list[tuple[str, Results]]] = {}
    for name, result in read:
        if result.code != code:
            problems.append(Problem(name, t("for class code {code}, not {wanted}: skipped", code=result.code,
                                            wanted=str(code))))
        else:
            by_student.setdefault(name_key(result.student), []).append((name, result))
    kept = []
    for files in by_student.values():
        if len(files) == 1:
            kept.append(files[0])
            continue
        names = ", ".join(name for name, _ in files)
        for name, result in files:
            problems.append(Problem(name, t("student {student} has several files ({files}): all skipped; keep one",
                                            student=repr(result.student), files=names)))
    return kept, problems


# -- what next, per student ---------------------------------------------------------------------------------

FOLLOW_UP_COUNT = (4, 10)
"""A follow-up set has two puzzles per puzzle the student missed, at least 4 and at most 10."""


@dataclass(frozen=True)
class FollowUp:
    """What a student does next: the positions of the puzzles they missed in the class's set, and the set
    made from them (its code works as any class set's)."""

    student: str
    missed: tuple[int, ...]
    classset: ClassSet


def follow_up_name(student: str, code: str) -> str:
    """The name of a student's follow-up set, which seeds it: the student's name and the class's code (the
    same in every language; a long name is cut to fit a class name)."""
    tail = f" · {code}"
    return student[:NAME_LIMIT - len(tail)].strip() + tail


def follow_up_set(book: Gradebook, student: str) -> FollowUp | None:
    """A follow-up set for a student from their misses (None without a miss): the kinds of the puzzles they
    missed (best-discard with the objectives of those missed), the themes of those puzzles that a class set
    can ask for, at their level: the difficulty bands (:data:`~gintrainer.classroom.sets.DIFFICULTY_NAMES`)
    from the easiest puzzle missed to the hardest; two puzzles per miss (:data:`FOLLOW_UP_COUNT`), the
    class's rules. When no puzzle meets all of that, the level is let go, then the themes (the first set
    that can be made is the one)."""
    if book.code is None:
        raise GinError("a follow-up set needs the class's code")
    row = book.table[book.students.index(student)] if student in book.students else None
    if row is None:
        raise GinError(f"no results for student {student!r}")
    missed = tuple(i + 1 for i, cell in enumerate(row) if cell is False)
    if not missed:
        return None
    puzzles = [book.puzzles[i - 1] for i in missed]
    original = ClassSet.from_code(book.code)
    kinds = tuple(dict.fromkeys(p.kind for p in puzzles))
    objectives = {Objective(found) for found in (getattr(p, "objective", None) for p in puzzles) if found}
    objective = (None if not any(takes_objective(k) for k in kinds) else
                 SetObjective(next(iter(objectives)).value) if len(objectives) == 1 else SetObjective.MIXED)
    themes = tuple(name for name in SET_THEMES if name in WIDE_THEME_BITS and name not in NO_PUZZLE_THEMES
                   and (original.oklahoma or name != "oklahoma") and any(name in p.themes for p in puzzles))
    level = (min(_band(p.difficulty)[0] for p in puzzles), max(_band(p.difficulty)[1] for p in puzzles))
    count = max(FOLLOW_UP_COUNT[0], min(FOLLOW_UP_COUNT[1], 2 * len(missed)))
    name = follow_up_name(student, book.code)
    for wanted_themes, difficulty in ((themes, level), (themes, None), ((), level), ((), None)):
        try:
            classset = ClassSet(name, count=count, kinds=kinds, objective=objective, difficulty=difficulty,
                                themes=wanted_themes, oklahoma=original.oklahoma)
            classset.puzzles()  # made before its code is shown: a code always names a set that exists
        except ClassSetError:
            continue
        return FollowUp(student, missed, classset)
    raise ClassSetError(t("no follow-up set can be made for {student}", student=student))


def _band(difficulty: int) -> tuple[int, int]:
    """The difficulty band (easy, medium, hard) a puzzle's rating is in."""
    return next((band for band in DIFFICULTY_NAMES.values() if difficulty <= band[1]), DIFFICULTY_NAMES["hard"])


def follow_up_sets(book: Gradebook) -> tuple[FollowUp, ...]:
    """Every student's follow-up set, in the gradebook's order (students without a miss have none)."""
    return tuple(found for found in (follow_up_set(book, student) for student in book.students) if found)


# -- drawing ----------------------------------------------------------------

GRADEBOOK_CSS = """
.gb{font-family:"DejaVu Sans",Arial,sans-serif;}
.gb-table{border-collapse:collapse;font-family:"DejaVu Sans",Arial,sans-serif;font-size:13px;margin:6px 0;}
.gb-table caption{text-align:left;font-weight:bold;padding:4px 0;}
.gb-code{white-space:nowrap;}
.gb-table th,.gb-table td{border:1px solid #aaa;padding:3px 7px;text-align:center;}
.gb-table th[scope=row]{text-align:left;font-weight:normal;}
.gb-right{background:#e3f4e6;color:#176b30;}
.gb-wrong{background:#fbe4e7;color:#a10d25;}
.gb-blank{background:#fff;}
.gb-table tfoot th,.gb-table tfoot td{font-weight:bold;background:#f4f4f4;}
.gb-answering{color:#666;font-size:11px;}
.gb-problems{color:#a10d25;font-family:"DejaVu Sans",Arial,sans-serif;font-size:13px;}
"""

_CELLS = {True: ("gb-right", "✓"), False: ("gb-wrong", "✗"), None: ("gb-blank", "")}


def _cell_label(cell: bool | None) -> str:
    if cell is None:
        return tc("gradebook cell", "no answer")
    return tc("gradebook cell", "right") if cell else tc("gradebook cell", "wrong")


def _right_words(result: Results, size: int) -> str:
    """A student's cell of the Right column: the right answers out of the set's ``size`` puzzles, as a school's
    grade book counts them (:mod:`~gintrainer.classroom.exports`), "7/10 (70%)"; while some are not answered
    (a student still answering, or who handed in with blanks) with how many were, not a percentage that
    would read as a grade: "2/10 · 2 answered"."""
    if result.answered >= size:
        return Rate(result.right, size).words()
    # Translators: a student's right answers out of the set's puzzles, and how many they answered ("2/10 · 3 answered")
    return tn("{right}/{total} · {n} answered", "{right}/{total} · {n} answered", result.answered,
              right=result.right, total=size)


def gradebook_html(book: Gradebook) -> str:
    """The table (students by puzzles, with each student's right answers out of the set's puzzles and the
    class's rate per puzzle) and the list of skipped files, as HTML with its style."""
    heads = []
    for i, puzzle in enumerate(book.puzzles):
        themes = list_words(theme_title(name) for name in puzzle.themes) or t("no theme")
        kind = t(KIND_WORDS[puzzle.kind])  # beside the puzzle's id: the word a set's description uses
        tip = f"{puzzle.id} · {kind} · {themes}"
        heads.append(f'<th scope="col" title="{escape(tip)}">{i + 1}</th>')
    body = []
    still = tc("gradebook", "still answering")
    for result, cells in zip(book.results, book.table, strict=True):
        row = "".join(f'<td class="{_CELLS[c][0]}" aria-label="{escape(_cell_label(c))}">{_CELLS[c][1]}</td>'
                      for c in cells)
        answering = (f' <span class="gb-answering">{escape(still)}</span>' if result.student in book.answering
                     else "")
        body.append(f'<tr><th scope="row">{escape(result.student)}{answering}</th>{row}'
                    f"<td>{escape(_right_words(result, len(book.puzzles)))}</td></tr>")
    rates = "".join(f"<td>{'' if not r.answered else format_percent(round(100 * r.right / r.answered))}</td>"
                    for r in book.puzzle_rates())
    caption = escape(tn("Class code {code}: {n} student, {puzzles} puzzles",
                        "Class code {code}: {n} students, {puzzles} puzzles", len(book.results),
                        code="{code}", puzzles=len(book.puzzles)) if book.code else t("No results yet"))
    # the code whole on one line, however narrow the table (a caption is as wide as its table)
    caption = caption.replace("{code}", f'<span class="gb-code">{escape(book.code or "")}</span>')
    student, right, klass = tc("gradebook column", "Student"), tc("gradebook column", "Right"), tc("gradebook row",
                                                                                                    "Class")
    table = (f'<table class="gb-table"><caption>{caption}</caption>'
             f'<thead><tr><th scope="col">{escape(student)}</th>{"".join(heads)}'
             f'<th scope="col">{escape(right)}</th></tr></thead>'
             f'<tbody>{"".join(body)}</tbody>'
             f'<tfoot><tr><th scope="row">{escape(klass)}</th>{rates}<td></td></tr></tfoot></table>')
    problems = ""
    if book.problems:
        items = "".join(f"<li><strong>{escape(p.file)}</strong>: {escape(p.reason)}</li>" for p in book.problems)
        left_out = t("Files left out:")
        problems = f'<div class="gb-problems">{escape(left_out)}<ul>{items}</ul></div>'
    return f'<div class="gb"><style>{GRADEBOOK_CSS}</style>{table}{problems}</div>'


# -- the practice hands the students reviewed ------------------------------------------------------------


REVIEW_MARKS = ("inaccuracy", "mistake", "blunder")
"""The marks a reviewed decision may get, as records write them, the mildest first."""


@dataclass(frozen=True)
class ReviewedHands:
    """What one student's reviews of practice hands kept for the class add up to: how many hands, how many of
    their decisions were judged, the points of the hand those lost in all, and how many got each mark (by the
    mark's word as records write it: ``inaccuracy``, ``mistake``, ``blunder``)."""

    student: str
    hands: int
    decisions: int
    total_loss: float
    marks: dict[str, int]

    @property
    def error_rate(self) -> float:
        """Points lost per decision over all the student's reviewed hands (0 without decisions)."""
        return self.total_loss / self.decisions if self.decisions else 0.0


def reviewed_hands(reviews: Iterable[StoredReview]) -> tuple[ReviewedHands, ...]:
    """Each student's reviews (:meth:`~gintrainer.classroom.store.ClassStore.reviews`) summed up, the students
    in the gradebook's order, each under the spelling of their name first kept (names compared as the
    gradebook compares them)."""
    found: dict[str, list[StoredReview]] = {}
    for stored in sorted(reviews, key=lambda r: r.kept.at):
        found.setdefault(name_key(stored.student), []).append(stored)
    rows = []
    for kept in found.values():
        marks: Counter[str] = Counter()
        for stored in kept:
            marks.update(stored.kept.summary.marks)
        rows.append(ReviewedHands(kept[0].student, len(kept), sum(r.kept.summary.decisions for r in kept),
                                  math.fsum(r.kept.summary.error_rate * r.kept.summary.decisions for r in kept),
                                  {mark: marks[mark] for mark in REVIEW_MARKS}))
    return tuple(sorted(rows, key=lambda row: (row.student.casefold(), row.student)))


def reviewed_hands_html(rows: tuple[ReviewedHands, ...]) -> str:
    """The students' reviewed practice hands as a table: per student the hands reviewed, the decisions judged,
    the points lost per decision (the error rate) and the count of each mark; a line when there are none."""
    from ..replay.review import Mark  # the marks' words: a teacher's page that shows reviews
    from ..replay.review_words import mark_words
    if not rows:
        none_yet = t("No student of this class has kept the review of a practice hand yet.")
        return f'<div class="gb-reviews gt-info">{escape(none_yet)}</div>'
    heads = [tc("gradebook column", "Student"), tc("gradebook column", "Hands reviewed"),
             tc("gradebook column", "Decisions"), tc("gradebook column", "Points lost per decision"),
             *(mark_words(Mark(mark)) for mark in REVIEW_MARKS)]
    body = "".join(
        f'<tr><th scope="row">{escape(row.student)}</th><td>{row.hands}</td><td>{row.decisions}</td>'
        f"<td>{escape(format_number(row.error_rate))}</td>"
        + "".join(f"<td>{row.marks[mark]}</td>" for mark in REVIEW_MARKS) + "</tr>" for row in rows)
    caption = tn("Practice hands reviewed: {n} student", "Practice hands reviewed: {n} students", len(rows))
    return (f'<div class="gb gb-reviews"><style>{GRADEBOOK_CSS}</style><table class="gb-table">'
            f"<caption>{escape(caption)}</caption><thead><tr>"
            + "".join(f'<th scope="col">{escape(head)}</th>' for head in heads)
            + f"</tr></thead><tbody>{body}</tbody></table></div>")


def _bar_colour(fraction: float | None) -> str:
    if fraction is None:
        return "#bbbbbb"
    return "#c8102e" if fraction < GRID_BANDS[1] else "#e0a000" if fraction < GRID_BANDS[2] else "#1c8c3c"


def theme_chart_svg(book: Gradebook, *, width: int = 640) -> str:
    """The class's success per theme as an inline SVG bar chart, weakest first:
    red below 50%, amber below 75%, green above. Each bar's tooltip is the
    theme's hint, the idea to teach again. In a right-to-left language the chart is
    mirrored: the themes' titles on the right, the bars filling from the right, every
    text running right to left."""
    from ..material.drawing import _chart_text as chart_text  # the charts' one way to write a text
    rates = book.theme_rates()
    rtl = text_direction() == "rtl"
    label_width, bar_width, row = 160, width - 160 - 150, 26
    height = row * max(len(rates), 1) + 30
    label, heading = t("Class success by theme"), t("Class success by theme (weakest first)")
    empty = t("No puzzles yet.")

    def x_of(x: float, w: float = 0.0) -> float:  # mirrored in a right-to-left language
        return width - x - w if rtl else x

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="gb-chart" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" style="max-width:100%;height:auto" role="img" '
             f'aria-label="{escape(label)}" font-family="DejaVu Sans, Arial, sans-serif" font-size="13">',
             chart_text(x_of(0), 16, heading, anchor="start", rtl=rtl, room=width, size=13,
                        extra=' font-weight="bold"')]
    if not rates:
        parts.append(chart_text(x_of(0), 44, empty, anchor="start", rtl=rtl, room=width, size=13))
    for i, item in enumerate(rates):
        y = 26 + i * row
        fraction = item.rate.fraction
        filled = round(bar_width * (fraction or 0.0))
        hint = THEMES[item.theme].hint
        tip = t("{hint} (puzzles {positions})", hint=hint, positions=list_words(map(str, item.puzzles)))
        parts.append(f"<g><title>{escape(tip)}</title>"
                     + chart_text(x_of(0), y + 16, theme_title(item.theme), anchor="start", rtl=rtl,
                                  room=label_width - 6, size=13, extra=' class="gb-chart-theme"')
                     + f'<rect x="{x_of(label_width, bar_width):.1f}" y="{y + 4}" width="{bar_width}" height="16" '
                     f'fill="#eeeeee"/>'
                     f'<rect x="{x_of(label_width, filled):.1f}" y="{y + 4}" width="{filled}" height="16" '
                     f'fill="{_bar_colour(fraction)}"/>'
                     + chart_text(x_of(label_width + bar_width + 8), y + 16, item.rate.words(), anchor="start",
                                  rtl=rtl, size=13) + "</g>")
    parts.append("</svg>")
    return "".join(parts)


# -- the class at a glance --------------------------------------------------------------------------------

GRID_NAMES, GRID_CELL, GRID_ROW, GRID_HEAD = 150, 46, 26, 140
"""The class grid's measures in pixels: the students' names, a cell's width and height, the column titles."""

GRID_BANDS = (0.0, 0.5, 0.75)
"""The colour scale of the class grid and of the theme chart (:func:`_bar_colour`): below 50%, below 75%,
and from 75% up, right at the first answer."""


def _text_colour(fraction: float | None) -> str:
    """Text that reads on a cell of :func:`_bar_colour`'s colour: dark on amber and grey, white on the others."""
    return "#111111" if fraction is None or GRID_BANDS[1] <= fraction < GRID_BANDS[2] else "#ffffff"


def _cell_words(student: str, column: GridColumn, rate: Rate) -> str:
    # Translators: a cell of the class grid: the student, the theme (or kind of puzzle) and "2/3 (67%)"
    return t("{student}, {column}: {rate}", student=student, column=column.title(), rate=rate.words())


def grid_legend() -> tuple[tuple[str, str], ...]:
    """The class grid's colour scale as (colour, words) pairs, the lowest band first, then no answers."""
    # Translators: the bands of the class grid's colour scale; {percent} is a percentage ("50%")
    middle, high = (round(100 * band) for band in GRID_BANDS[1:])
    return ((_bar_colour(0.0), t("right below {percent}", percent=format_percent(middle))),
            (_bar_colour(GRID_BANDS[1]), t("right from {low} to {high}", low=format_percent(middle),
                                           high=format_percent(high - 1))),
            (_bar_colour(GRID_BANDS[2]), t("right from {percent}", percent=format_percent(high))),
            (_bar_colour(None), t("no answers")))


def class_grid_svg(book: Gradebook) -> str:
    """The class at a glance as an inline SVG: a row per student, a column per theme of the set's puzzles, the
    class's hardest first, then per kind (:meth:`Gradebook.grid`); each cell coloured by the student's share
    right at the first answer on the scale of the theme chart (:data:`GRID_BANDS`, the legend under the grid)
    and showing it as a percentage. A cell is a button for a screen reader and the keyboard
    (``data-cell="row:column"``, from 0) whose label and tooltip say whose, which and how many; the
    picture's title and description say what it is and the hardest themes in words.

    In a right-to-left language the picture is mirrored: the names stand on the right, the hardest column
    next to them, and every text runs right to left."""
    from ..material.drawing import _chart_text as chart_text  # the charts' one way to write a text
    grid = book.grid()
    rtl = text_direction() == "rtl"
    columns, students = grid.columns, grid.students
    width = max(GRID_NAMES + GRID_CELL * len(columns) + 90, 420)
    legend = grid_legend()
    top = 26 + GRID_HEAD
    height = top + GRID_ROW * max(len(students), 1) + 16 + 22 * len(legend)

    def x_of(x: float, w: float = 0.0) -> float:  # mirrored in a right-to-left language
        return width - x - w if rtl else x

    title = t("The class at a glance: right at the first answer, by student and theme")
    hardest = list_words(f"{c.title()} {c.rate.words()}" for c in columns if c.group == "theme" and c.rate.answered)
    summary = t("Hardest themes first: {themes}", themes=hardest) if hardest else t("No answers yet.")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="gb-grid" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" style="max-width:100%;height:auto" role="group" '
             f'aria-labelledby="gb-grid-title" aria-describedby="gb-grid-desc" '
             'font-family="DejaVu Sans, Arial, sans-serif" font-size="12">',
             f'<title id="gb-grid-title">{escape(title)}</title><desc id="gb-grid-desc">{escape(summary)}</desc>',
             chart_text(x_of(4), 16, title, anchor="start", rtl=rtl, room=width - 8, size=14,
                        extra=' font-weight="bold"')]
    if not students or not columns:
        parts.append(chart_text(x_of(4), top + 18, t("No answers yet.") if columns else t("No puzzles yet."),
                                anchor="start", rtl=rtl, room=width - 8))
    for j, column in enumerate(columns):
        x = x_of(GRID_NAMES + GRID_CELL * j + GRID_CELL / 2)
        label = chart_text(0, 0, column.title(), anchor="start", rtl=rtl, room=GRID_HEAD / math.sin(math.radians(50)),
                           extra=f' class="gb-grid-column" data-group="{column.group}"'
                                 f' transform="translate({x:.1f},{top - 6}) rotate({50 if rtl else -50})"')
        parts.append(f"<g><title>{escape(column.title())}: {escape(column.rate.words())}</title>{label}</g>")
    for i, student in enumerate(students):
        y = top + GRID_ROW * i
        parts.append(chart_text(x_of(4), y + 17, student, anchor="start", rtl=rtl, room=GRID_NAMES - 10,
                                extra=' class="gb-grid-student"'))
        for j, (column, rate) in enumerate(zip(columns, grid.cells[i], strict=True)):
            words = _cell_words(student, column, rate)
            x = x_of(GRID_NAMES + GRID_CELL * j, GRID_CELL - 2)
            shown = format_percent(round(100 * rate.right / rate.answered)) if rate.answered else ""
            parts.append(f'<g class="gb-grid-cell" data-cell="{i}:{j}" role="button" tabindex="0" '
                         f'aria-label="{escape(words)}" style="cursor:pointer"><title>{escape(words)}</title>'
                         f'<rect x="{x:.1f}" y="{y + 2}" width="{GRID_CELL - 2}" height="{GRID_ROW - 3}" rx="3" '
                         f'fill="{_bar_colour(rate.fraction)}"/>'
                         f'<text x="{x + (GRID_CELL - 2) / 2:.1f}" y="{y + 17}" text-anchor="middle" '
                         f'fill="{_text_colour(rate.fraction)}" aria-hidden="true">{escape(shown)}</text></g>')
    y = top + GRID_ROW * max(len(students), 1) + 16
    for k, (colour, words) in enumerate(legend):
        row = y + 22 * k
        parts.append(f'<g class="gb-grid-legend"><rect x="{x_of(4, 16):.1f}" y="{row - 12}" width="16" height="14" '
                     f'rx="2" fill="{colour}"/>'
                     + chart_text(x_of(26), row, words, anchor="start", rtl=rtl, room=width - 30) + "</g>")
    parts.append("</svg>")
    return "".join(parts)


def grid_cell_html(book: Gradebook, row: int, column: int) -> str:
    """The puzzles behind one cell of the class grid (row and column from 0, as ``data-cell`` names them):
    a heading with the cell's words and each puzzle's position, id and the student's result."""
    grid = book.grid()
    if not (0 <= row < len(grid.students) and 0 <= column < len(grid.columns)):
        raise GinError(f"there is no cell {row}:{column} in the class grid")
    student, heading = grid.students[row], grid.columns[column]
    items = []
    for position, result in grid.behind(student, column):
        puzzle = book.puzzles[position - 1]
        css = _CELLS[result][0]
        # Translators: a puzzle behind a cell of the class grid: "Puzzle 3 (ck-b0a9fc49dd35): wrong"
        line = t("Puzzle {position} ({id}): {result}", position=position, id=puzzle.id, result=_cell_label(result))
        items.append(f'<li class="{css}">{escape(line)}</li>')
    words = _cell_words(student, heading, grid.cells[row][column])
    return f'<div class="gb gb-grid-cell-list"><strong>{escape(words)}</strong><ul>{"".join(items)}</ul></div>'


def gradebook_page(book: Gradebook, *, title: str | None = None) -> str:
    """A whole standalone HTML page with the table and the chart (titled "Gradebook" by default)."""
    from ..material.drawing import page
    title = tc("page title", "Gradebook") if title is None else title
    return page(f"<h1>{escape(title)}</h1>{gradebook_html(book)}{theme_chart_svg(book)}{class_grid_svg(book)}",
                title=title)


__all__ = ["FOLLOW_UP_COUNT", "GRID_BANDS", "REVIEW_MARKS", "ClassGrid", "FollowUp", "Gradebook", "GridColumn",
           "KindRate", "Problem", "Rate", "Repeat", "ReviewedHands", "RowSource", "ThemeRate", "build_gradebook",
           "class_grid_svg", "follow_up_name", "follow_up_set", "follow_up_sets", "gradebook_html", "gradebook_page",
           "grid_cell_html", "grid_legend", "reviewed_hands", "reviewed_hands_html", "theme_chart_svg"]
