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
answers; otherwise the store's answers count and the file is reported as skipped.

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
from dataclasses import dataclass
from functools import lru_cache
from html import escape

from ..puzzles import THEMES, Puzzle
from ..puzzles.themes import theme_title
from ..records.storage import name_key
from ..words.errors import GinError
from ..words.language import current_language, format_number, format_percent, t, tc, tn
from .codes import normalise_code
from .results import Results, ResultsError, read_results
from .sets import KIND_WORDS, ClassSet
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

    @property
    def students(self) -> tuple[str, ...]:
        return tuple(r.student for r in self.results)

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
                right = sum(rates[i - 1].right for i in positions)
                answered = sum(rates[i - 1].answered for i in positions)
                out.append(ThemeRate(theme, positions, Rate(right, answered)))
        return tuple(sorted(out, key=lambda t: (t.rate.fraction is None, t.rate.fraction or 0.0)))

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
        return gradebook_html(self) + theme_chart_svg(self)


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
    from_store = _stored_results(sessions, code)
    kept, skipped = _one_file_each(read, code)
    rows: list[tuple[str, Results]] = []
    completed: dict[int, tuple[str, Results]] = {}
    for name, result in kept:
        same_name = [i for i, (session, _) in enumerate(from_store) if name_key(session.student) ==
                     name_key(result.student)]
        if not same_name:
            rows.append((name, result))
            continue
        holds = [i for i in same_name if i not in completed and set(from_store[i][0].attempts) <= set(result.attempts)]
        if len(holds) == 1:  # the file of that session, maybe with answers the store never received
            completed[holds[0]] = (name, Results(from_store[holds[0]][1].student, result.code, result.attempts))
        else:
            skipped.append(Problem(name, t("student {student} has other answers in the class store: those count, "
                                           "and the file is skipped", student=repr(result.student))))
    rows += [completed.get(i, ("", result)) for i, (_, result) in enumerate(from_store)]
    ordered = sorted(rows, key=lambda item: (name_key(item[1].student), item[1].student))
    puzzles = ClassSet.from_code(code).puzzles() if code is not None else ()
    answering = frozenset(result.student for i, (session, result) in enumerate(from_store)
                          if session.handed_in is None and i not in completed)
    return Gradebook(code, puzzles, tuple(r for _, r in ordered), tuple(n for n, _ in ordered),
                     tuple(sorted(problems + skipped, key=lambda p: p.file)), answering)


def _stored_results(sessions: tuple[StoredSession, ...],
                    code: str | None) -> list[tuple[StoredSession, Results]]:
    """The store's sessions of ``code`` as results, each named by its student; a second
    student of the same name is "Ann (2)", in the order they started."""
    seen: Counter[str] = Counter()
    out = []
    for session in sessions:
        if session.code != code:
            continue
        seen[name_key(session.student)] += 1
        number = seen[name_key(session.student)]
        # Translators: the second (third...) student of the same name in a class: "Ann (2)".
        label = session.student if number == 1 else t("{student} ({number})", student=session.student,
                                                      number=number)
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


# -- drawing ----------------------------------------------------------------

GRADEBOOK_CSS = """
.gb{font-family:"DejaVu Sans",Arial,sans-serif;}
.gb-table{border-collapse:collapse;font-family:"DejaVu Sans",Arial,sans-serif;font-size:13px;margin:6px 0;}
.gb-table caption{text-align:left;font-weight:bold;padding:4px 0;}
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


def gradebook_html(book: Gradebook) -> str:
    """The table (students by puzzles, with totals and the class's rate per
    puzzle) and the list of skipped files, as HTML with its style."""
    heads = []
    for i, puzzle in enumerate(book.puzzles):
        themes = ", ".join(theme_title(name) for name in puzzle.themes) or t("no theme")
        kind = t(KIND_WORDS[puzzle.kind])
        tip = f"{puzzle.id} · {kind} · {themes}"
        heads.append(f'<th scope="col" title="{escape(tip)}">{i + 1}</th>')
    body = []
    totals = book.totals()
    still = tc("gradebook", "still answering")
    for result, cells in zip(book.results, book.table, strict=True):
        row = "".join(f'<td class="{_CELLS[c][0]}" aria-label="{escape(_cell_label(c))}">{_CELLS[c][1]}</td>'
                      for c in cells)
        answering = (f' <span class="gb-answering">{escape(still)}</span>' if result.student in book.answering
                     else "")
        body.append(f'<tr><th scope="row">{escape(result.student)}{answering}</th>{row}'
                    f"<td>{escape(totals[result.student].words())}</td></tr>")
    rates = "".join(f"<td>{'' if not r.answered else format_percent(round(100 * r.right / r.answered))}</td>"
                    for r in book.puzzle_rates())
    caption = escape(tn("Class code {code}: {n} student, {puzzles} puzzles",
                        "Class code {code}: {n} students, {puzzles} puzzles", len(book.results),
                        code=book.code, puzzles=len(book.puzzles)) if book.code else t("No results yet"))
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
    return "#c8102e" if fraction < 0.5 else "#e0a000" if fraction < 0.75 else "#1c8c3c"


def theme_chart_svg(book: Gradebook, *, width: int = 640) -> str:
    """The class's success per theme as an inline SVG bar chart, weakest first:
    red below 50%, amber below 75%, green above. Each bar's tooltip is the
    theme's hint, the idea to teach again."""
    rates = book.theme_rates()
    label_width, bar_width, row = 160, width - 160 - 150, 26
    height = row * max(len(rates), 1) + 30
    label, heading = t("Class success by theme"), t("Class success by theme (weakest first)")
    empty = t("No puzzles yet.")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="gb-chart" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(label)}" '
             'font-family="DejaVu Sans, Arial, sans-serif" font-size="13">',
             f'<text x="0" y="16" font-weight="bold">{escape(heading)}</text>']
    if not rates:
        parts.append(f'<text x="0" y="44">{escape(empty)}</text>')
    for i, item in enumerate(rates):
        y = 26 + i * row
        fraction = item.rate.fraction
        filled = round(bar_width * (fraction or 0.0))
        hint = THEMES[item.theme].hint
        tip = t("{hint} (puzzles {positions})", hint=hint, positions=", ".join(map(str, item.puzzles)))
        parts.append(f"<g><title>{escape(tip)}</title>"
                     f'<text x="0" y="{y + 16}">{escape(theme_title(item.theme))}</text>'
                     f'<rect x="{label_width}" y="{y + 4}" width="{bar_width}" height="16" fill="#eeeeee"/>'
                     f'<rect x="{label_width}" y="{y + 4}" width="{filled}" height="16" '
                     f'fill="{_bar_colour(fraction)}"/>'
                     f'<text x="{label_width + bar_width + 8}" y="{y + 16}">{escape(item.rate.words())}</text></g>')
    parts.append("</svg>")
    return "".join(parts)


def gradebook_page(book: Gradebook, *, title: str | None = None) -> str:
    """A whole standalone HTML page with the table and the chart (titled "Gradebook" by default)."""
    from ..material.drawing import page
    title = tc("page title", "Gradebook") if title is None else title
    return page(f"<h1>{escape(title)}</h1>{gradebook_html(book)}{theme_chart_svg(book)}", title=title)


__all__ = ["REVIEW_MARKS", "Gradebook", "Problem", "Rate", "ReviewedHands", "ThemeRate", "build_gradebook",
           "gradebook_html", "gradebook_page", "reviewed_hands", "reviewed_hands_html", "theme_chart_svg"]
