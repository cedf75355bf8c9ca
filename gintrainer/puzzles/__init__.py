"""Puzzle generation, the shipped puzzle bank and the daily puzzle.

>>> puzzles = generate("can_knock", seed=1, count=2)
>>> [p.kind for p in puzzles], all(p.id.startswith("ck-") for p in puzzles)
([PuzzleKind.CAN_KNOCK, PuzzleKind.CAN_KNOCK], True)
"""

from __future__ import annotations

import datetime as _dt
import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

from ..engine.rules import Rules
from ..engine.solver import OBJECTIVES, Objective
from ..records.storage import RecordError, RecordKind, parse_json, read_json, writable_folder, write_json_atomic
from ..words.errors import GinError, quoted
from ..words.language import N_, t, tn
from .bank_file import BankEntry, read_index, record_at, write_index
from .core import Grade, Puzzle, PuzzleError, make_puzzle
from .defend import DefendPuzzle
from .discard import candidate_positions
from .kinds import KINDS, PuzzleKind
from .knock_layout import KnockLayoutPuzzle
from .positions import Position
from .registry import described, description, kinds, normalise_kind, puzzle_from_record, verify
from .take_or_draw import TakeOrDrawPuzzle
from .themes import THEMES

DIFFICULTY_LEVELS = {"easy": (0, 1299), "medium": (1300, 1599), "hard": (1600, 3000)}
BANK = RecordKind(N_("puzzle bank"), version=3)
"""The shipped bank's file: version 3 records keep what the explanation and hints say as messages
(names and values), not their English words."""


def _difficulty_range(difficulty: Any) -> tuple[int, int] | None:
    if difficulty is None:
        return None
    if isinstance(difficulty, str):
        if difficulty not in DIFFICULTY_LEVELS:
            # Translators: easy, medium and hard are the words the command line and files take (not translated).
            raise GinError(t("unknown difficulty {difficulty}: use easy, medium, hard or a (low, high) range",
                             difficulty=quoted(difficulty)))
        return DIFFICULTY_LEVELS[difficulty]
    try:
        low, high = difficulty
        low, high = int(low), int(high)
    except (TypeError, ValueError):
        raise GinError(t("difficulty is a name or a (low, high) range, not {difficulty}",
                         difficulty=quoted(difficulty))) from None
    if low > high:
        raise GinError(t("difficulty range {difficulty} is empty", difficulty=quoted(difficulty)))
    return low, high


def _theme_filter(themes: Any) -> frozenset[str] | None:
    if themes is None:
        return None
    names = frozenset([themes] if isinstance(themes, str) else themes)
    unknown = sorted(names - set(THEMES))
    if unknown:
        # Translators: {themes} are the themes' names as the command line and files write them (not translated).
        raise GinError(t("unknown theme {theme}: themes are {themes}", theme=quoted(unknown[0]),
                         themes=", ".join(THEMES)))
    return names or None


CAPPED_THEMES = ("forbidden-discard", "gin")
"""The taken-card trap and gin hands are common in self-play: an unfiltered
"can you knock?" set keeps each to a share (:data:`CAPPED_SHARE`)."""
CAPPED_SHARE = 0.3
NAIVE_WRONG_SHARE = 0.4
"""The least share of a lookahead set that the naive rule gets wrong."""


@dataclass
class _Mix:
    """The mix a set of ``count`` puzzles keeps while it is filled: an unfiltered
    set about even in what its kind balances (``balanced``: "can you knock?" yes
    and no, "take or draw?" take and draw), each of
    :data:`CAPPED_THEMES` within its share; lookahead with the naive rule wrong
    in at least :data:`NAIVE_WRONG_SHARE`, or in every puzzle (``naive_wrong``
    True) or none (False)."""

    count: int
    balanced: Callable[[Any], object] | None
    lookahead: bool
    naive_wrong: bool | None
    answers: Counter[object] = field(default_factory=Counter)
    themed: Counter[str] = field(default_factory=Counter)
    naive_right: int = 0

    def admits(self, puzzle: Puzzle) -> bool:
        """Whether the set may take ``puzzle`` now."""
        if self.balanced is not None:
            if self.answers[self.balanced(puzzle)] >= math.ceil(self.count / 2):
                return False
            cap = math.ceil(CAPPED_SHARE * self.count)
            if any(t in puzzle.themes and self.themed[t] >= cap for t in CAPPED_THEMES):
                return False
        if self.lookahead:
            naive_wrong = "naive-wrong" in puzzle.themes
            if self.naive_wrong is not None:
                return naive_wrong == self.naive_wrong
            return naive_wrong or self.naive_right < self.count - math.ceil(NAIVE_WRONG_SHARE * self.count)
        return True

    def take(self, puzzle: Puzzle) -> None:
        """Count ``puzzle`` in."""
        if self.balanced is not None:
            self.answers[self.balanced(puzzle)] += 1
            self.themed.update(t for t in CAPPED_THEMES if t in puzzle.themes)
        if self.lookahead and self.naive_wrong is None and "naive-wrong" not in puzzle.themes:
            self.naive_right += 1


def _checked_rules(rules: Rules | None) -> Rules:
    """The rules given (the standard ones for None); GinError for anything else."""
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise GinError(f"rules must be a Rules object, not {rules!r}")
    return rules


def _set_objective(kind: PuzzleKind, objective: Objective | str | None) -> Objective | None:
    """A set's objective, for a kind that takes one (its default when none is given: lookahead
    for best discard); none for a kind that takes none."""
    default = description(kind).default_objective
    if default is None:
        return None
    objective = objective or default
    if objective not in OBJECTIVES:
        raise GinError(t("unknown objective {objective}: use deadwood or lookahead", objective=quoted(objective)))
    return Objective(objective)


def _within(puzzle: Puzzle, band: tuple[int, int] | None, wanted: frozenset[str] | None) -> bool:
    """Whether a puzzle passes the difficulty and theme filters."""
    if band is not None and not band[0] <= puzzle.difficulty <= band[1]:
        return False
    return wanted is None or bool(wanted & set(puzzle.themes))


def generate(kind: PuzzleKind | str, *, seed: int | str, count: int, rules: Rules | None = None,
             objective: Objective | str | None = None, difficulty: object = None, themes: object = None,
             progress: Callable[[int, int], None] | None = None, max_batches: int | None = None,
             naive_wrong: bool | None = None) -> list[Puzzle]:
    """Generate ``count`` verified puzzles of a kind from a seed (the same on
    every machine). ``objective`` ("deadwood" or "lookahead", the default) is for
    best-discard puzzles; ``difficulty`` is easy/medium/hard or a (low, high)
    range; ``themes`` keeps puzzles with any of the named themes.

    "Can you knock?" sets are about half yes, half no; in a lookahead set the
    naive rule (:func:`gintrainer.engine.solver.naive_discard`) is wrong in at least
    40%, or, with ``naive_wrong`` given, in every puzzle (True) or none (False).
    ``progress(found, count)`` is called for each puzzle found and for each batch
    of positions searched.
    """
    kind = normalise_kind(kind)
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise GinError(t("count must be a whole number, not {count}", count=quoted(count)))
    rules = _checked_rules(rules)
    objective = _set_objective(kind, objective)
    band = _difficulty_range(difficulty)
    wanted = _theme_filter(themes)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise GinError(t("a seed is an int or a string, not {seed}", seed=quoted(seed)))
    kind_owner = description(kind)
    mix = _Mix(count, balanced=kind_owner.balance if band is None and wanted is None else None,
               lookahead=objective == Objective.LOOKAHEAD, naive_wrong=naive_wrong)
    report = progress or (lambda found, count: None)
    found: list[Puzzle] = []
    seen: set[str] = set()
    limit = max_batches if max_batches is not None else 200 * count + 400
    for batch_number, positions in enumerate(kind_owner.positions(objective, f"{kind.value}:{objective}:{seed}",
                                                                  rules)):
        if len(found) >= count:
            break
        if batch_number >= limit:
            raise GinError(tn("found only {found} of {n} puzzle with these filters; widen them",
                              "found only {found} of {n} puzzles with these filters; widen them", count,
                              found=len(found)))
        report(len(found), count)  # still searching: a long filtered search is never silent
        taken_here = 0
        for position in positions:
            if len(found) >= count or taken_here >= 2:
                break
            puzzle = kind_owner.make(position, objective)
            if puzzle is None or puzzle.id in seen or not _within(puzzle, band, wanted) or not mix.admits(puzzle):
                continue
            mix.take(puzzle)
            seen.add(puzzle.id)
            found.append(puzzle)
            taken_here += 1
            report(len(found), count)
    return found


def daily(date: object = None, kind: PuzzleKind | str | None = None) -> Puzzle:
    """The puzzle of a UTC date (today when omitted) of a kind (the first registered when
    omitted), the same for everyone; any earlier date gives that day's puzzle, so the
    archive never runs out. A kind's description may give each day an objective and a
    naive-rule filter (best-discard dailies alternate objectives:
    :func:`~gintrainer.puzzles.discard.best_discard_daily`)."""
    kind = normalise_kind(kinds()[0] if kind is None else kind)
    day = parse_date(date)
    objective, naive_wrong = description(kind).daily_options(day)
    return generate(kind, seed=f"daily:{day.isoformat()}", count=1, objective=objective,
                    naive_wrong=naive_wrong)[0]


DAILY_ARCHIVE_DAYS = 60
"""How many days of daily puzzles a page offers: the day's and the days before it."""


@lru_cache(maxsize=4096)
def _daily_id(day: _dt.date, kind: PuzzleKind) -> str:
    return daily(day, kind).id


def daily_id(date: object, kind: PuzzleKind | str) -> str:
    """The id of a UTC date's daily puzzle of a kind (the puzzle made once a process, then remembered)."""
    return _daily_id(parse_date(date), normalise_kind(kind))


def find_daily(puzzle_id: str, kind: PuzzleKind | str, answered: _dt.date) -> Puzzle | None:
    """The daily puzzle ``puzzle_id`` of ``kind`` a learner answered on the UTC date ``answered``: that day's or
    one of the archive's that day (:data:`DAILY_ARCHIVE_DAYS`), the nearest day first; None when it is none
    of them. Each day's puzzle is made again, as :func:`daily` makes it (about 30 ms), once a process."""
    kind = normalise_kind(kind)
    for back in range(DAILY_ARCHIVE_DAYS):
        day = answered - _dt.timedelta(days=back)
        if _daily_id(day, kind) == puzzle_id:
            return daily(day, kind)
    return None


def parse_date(date: object = None) -> _dt.date:
    """A date from a ``date``, a ``datetime`` or ``YYYY-MM-DD`` text; today (UTC) for None."""
    if date is None:
        return _dt.datetime.now(_dt.UTC).date()
    if isinstance(date, _dt.datetime):
        return date.astimezone(_dt.UTC).date() if date.tzinfo else date.date()
    if isinstance(date, _dt.date):
        return date
    if isinstance(date, str):
        try:
            return _dt.date.fromisoformat(date.strip())
        except ValueError:
            pass
    raise GinError(t("bad date {date}: use YYYY-MM-DD", date=quoted(date)))


# -- the bank ---------------------------------------------------------------

class _BankPlan(Mapping[PuzzleKind, list[tuple[str, Objective | None, int]]]):
    """The bank of every registered kind: the (rules, objective, count) of each part (its
    description's ``bank_plan``)."""

    def __getitem__(self, kind: PuzzleKind) -> list[tuple[str, Objective | None, int]]:
        return list(description(kind).bank_plan)

    def __iter__(self) -> Iterator[PuzzleKind]:
        return iter(kinds())

    def __len__(self) -> int:
        return len(kinds())


BANK_PLAN: Mapping[PuzzleKind, list[tuple[str, Objective | None, int]]] = _BankPlan()
"""The shipped bank: for each kind, the (rules, objective, count) of each part."""


def _bank_rules(name: str) -> Rules:
    return Rules(oklahoma=True) if name == "oklahoma" else Rules()


DATA = Path(str(resources.files("gintrainer").joinpath("data")))
"""The package's data folder, where the shipped kinds' banks are."""


def bank_path(kind: PuzzleKind | str) -> Path:
    """The bank file of a kind: ``bank_<kind>.json`` in its description's ``bank_folder``
    (the package's data folder for the kinds shipped)."""
    found = description(kind)
    return (found.bank_folder or DATA) / f"bank_{found.kind.value}.json"


class _Read(NamedTuple):
    value: object


def _read_bank(kind: PuzzleKind, record: Callable[[Any], Any]) -> list[Any]:
    """What ``record`` makes of each puzzle record in the bank file of a kind. A record (a JSON
    object with ``sentences``) is replaced as soon as it is read, so the whole bank is never
    held as JSON; anything else in the list of puzzles goes to ``record`` afterwards."""
    path = bank_path(kind)
    try:
        data = BANK.read(read_json(path, object_hook=lambda o: _Read(record(o)) if "sentences" in o else o),
                         source=path.name)
    except FileNotFoundError:
        raise GinError(t("the puzzle bank {file} is missing: reinstall gintrainer", file=path.name)) from None
    if not isinstance(data.get("puzzles"), list):
        raise RecordError("its puzzles are not a list", source=path.name, field="puzzles")
    return [item.value if isinstance(item, _Read) else record(item) for item in data["puzzles"]]


@lru_cache(maxsize=4)
def _load_bank(kind: PuzzleKind) -> tuple[Puzzle, ...]:
    return tuple(_read_bank(kind, puzzle_from_record))


def bank(kind: PuzzleKind | str) -> tuple[Puzzle, ...]:
    """The shipped puzzles of a kind (read once, then cached). Each was verified
    by the solver when the bank was built; :func:`verify` checks one again."""
    return _load_bank(normalise_kind(kind))


def _entry(record: Any) -> BankEntry:
    try:
        return BankEntry(str(record["id"]), int(record["difficulty"]), tuple(record["themes"]))
    except (KeyError, TypeError, ValueError) as error:
        raise PuzzleError(f"malformed puzzle record: {error!r}") from None


class _Index(NamedTuple):
    entries: tuple[BankEntry, ...]
    spans: dict[str, tuple[int, int]]
    """Each puzzle's byte span in the bank file; empty when the bank was parsed instead."""
    size: int


@lru_cache(maxsize=8)
def _load_index(kind: PuzzleKind) -> _Index:
    """The bank's index file if it is the index of the bank file as it is now, else the bank parsed."""
    indexed = read_index(bank_path(kind), BANK.version)
    if indexed is not None:
        return _Index(*indexed)
    return _Index(tuple(_read_bank(kind, _entry)), {}, -1)


def bank_index(kind: PuzzleKind | str) -> tuple[BankEntry, ...]:
    """The id, difficulty and themes of each shipped puzzle of a kind, in the bank's order
    (read once, then cached): a page picks a puzzle by these and reads only that one
    (:func:`bank_record`), not the whole :func:`bank`. They come from the index beside the
    bank file (``bank_<kind>.index.json``, see :mod:`.bank_file`) when it is that bank's
    index, else from the bank file itself."""
    return _load_index(normalise_kind(kind)).entries


def _if_id(puzzle_id: str) -> Callable[[object], dict[str, Any] | None]:
    return lambda record: record if isinstance(record, dict) and record.get("id") == puzzle_id else None


def _parsed_record(kind: PuzzleKind, puzzle_id: str) -> dict[str, Any]:
    """The record of ``puzzle_id`` found by parsing the whole bank file (the other records
    are dropped as they are read)."""
    found: list[dict[str, Any]] = [r for r in _read_bank(kind, _if_id(puzzle_id)) if r]
    if not found:
        raise GinError(f"the puzzle bank has no puzzle {quoted(puzzle_id)}")
    return found[0]


def bank_record(kind: PuzzleKind | str, puzzle_id: str) -> dict[str, Any]:
    """The JSON record of one shipped puzzle; GinError if the bank has no puzzle ``puzzle_id``.
    Only that record's bytes are read when the bank's index gives its place and the bytes
    there are still its record; otherwise the bank file is parsed."""
    kind = normalise_kind(kind)
    index = _load_index(kind)
    span = index.spans.get(puzzle_id)
    record = record_at(bank_path(kind), span, index.size, puzzle_id) if span is not None else None
    return record if record is not None else _parsed_record(kind, puzzle_id)


def write_bank_index(kind: PuzzleKind | str, folder: Path | str | None = None) -> Path:
    """Write the index of a kind's bank file in ``folder`` (the package's data folder by
    default) beside it, atomically, from the bank file as it is (unchanged); returns its path.
    :func:`build_bank` writes it with each bank; after a bank file is changed otherwise, run
    ``python -c "from gintrainer.puzzles import BANK_PLAN as p, write_bank_index as w; [w(k) for k in p]"``."""
    kind = normalise_kind(kind)
    bank_file = Path(folder) / f"bank_{kind.value}.json" if folder is not None else bank_path(kind)
    raw = bank_file.read_bytes()
    data = BANK.read(parse_json(raw, source=bank_file.name), source=bank_file.name)
    records = data.get("puzzles")
    if not isinstance(records, list):
        raise RecordError("its puzzles are not a list", source=bank_file.name, field="puzzles")
    for record in records:
        _entry(record)  # every record has what the index keeps, or PuzzleError
    try:
        path = write_index(bank_file, raw, records, BANK.version)
    except ValueError as error:
        raise RecordError(f"cannot index it: {error}", source=bank_file.name) from None
    _load_index.cache_clear()
    return path


def bank_records(kind: PuzzleKind | str) -> list[dict[str, Any]]:
    """The bank as JSON records."""
    return [p.to_dict() for p in bank(kind)]


def build_bank(folder: Path | str | None = None, *, seed: str = "bank-1",
               progress: Callable[[str, int, int], None] | None = None,
               kinds: Iterable[PuzzleKind | str] | None = None) -> dict[str, int]:
    """Regenerate the shipped bank into ``folder`` (the package's data folder by
    default), written atomically: every kind's file, or only those of ``kinds``, each
    with its index (:func:`write_bank_index`). Returns the puzzle count of each kind.
    A folder that cannot be written is refused (StorageError) before any work."""
    folder = writable_folder(folder if folder is not None else DATA)
    plan_of = BANK_PLAN
    wanted = set(plan_of) if kinds is None else {normalise_kind(k) for k in kinds}
    banks: dict[PuzzleKind, list[dict[str, Any]]] = {}
    for kind, plan in plan_of.items():
        if kind not in wanted:
            continue
        puzzles: list[Puzzle] = []
        for rules_name, objective, count in plan:
            label = f"{kind}/{rules_name}/{objective or '-'}"
            step = (lambda done, total, label=label: progress(label, done, total)) if progress else None
            puzzles += generate(kind, seed=f"{seed}:{rules_name}", count=count, rules=_bank_rules(rules_name),
                                objective=objective, progress=step)
        unique = {p.id: p for p in puzzles}
        banks[kind] = [p.to_dict() for p in sorted(unique.values(), key=lambda p: (p.difficulty, p.id))]
    counts: dict[str, int] = {}
    for kind, records in banks.items():  # written once all are made: a failed search writes nothing
        write_json_atomic(folder / f"bank_{kind}.json",
                          BANK.stamp({"kind": kind.value, "seed": seed, "puzzles": records}), indent=0)
        write_bank_index(kind, folder)
        counts[kind] = len(records)
    _load_bank.cache_clear()
    _load_index.cache_clear()
    return counts


__all__ = ["BankEntry", "DAILY_ARCHIVE_DAYS", "DIFFICULTY_LEVELS", "DefendPuzzle", "Grade", "KINDS",
           "KnockLayoutPuzzle", "Position", "Puzzle", "PuzzleError", "PuzzleKind", "THEMES", "TakeOrDrawPuzzle",
           "bank", "bank_index", "bank_record", "bank_records", "build_bank", "candidate_positions", "daily",
           "daily_id", "description", "described", "find_daily", "generate", "kinds", "make_puzzle", "normalise_kind",
           "parse_date", "verify", "write_bank_index"]
