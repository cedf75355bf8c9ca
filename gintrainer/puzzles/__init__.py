"""Puzzle generation, the shipped puzzle bank and the daily puzzle.

>>> puzzles = generate("can_knock", seed=1, count=2)
>>> [p.kind for p in puzzles], all(p.id.startswith("ck-") for p in puzzles)
([PuzzleKind.CAN_KNOCK, PuzzleKind.CAN_KNOCK], True)
"""

from __future__ import annotations

import datetime as _dt
import math
from collections.abc import Callable, Iterable
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ..errors import GinError
from ..rules import Rules
from ..storage import RecordError, RecordKind, read_json, write_json_atomic
from .core import Grade, Puzzle, PuzzleError, make_puzzle, verify
from .kinds import KINDS, PuzzleKind
from .positions import (
    Position,
    constructed_position,
    knock_position,
    lookahead_position,
    selfplay_positions,
    swap_position,
)
from .store import puzzle_from_record
from .themes import THEMES

DIFFICULTY_LEVELS = {"easy": (0, 1299), "medium": (1300, 1599), "hard": (1600, 3000)}
BANK = RecordKind("puzzle bank", version=3)
"""The shipped bank's file: version 3 records keep what the explanation and hints say as messages
(names and values), not their English words."""


def normalise_kind(kind: str) -> PuzzleKind:
    """Accept ``can_knock``/``can-knock`` and ``best_discard``/``best-discard``."""
    try:
        return PuzzleKind.parse(kind)
    except GinError:
        raise GinError(f"unknown puzzle kind {kind!r}: use can-knock or best-discard") from None


def _difficulty_range(difficulty) -> tuple[int, int] | None:
    if difficulty is None:
        return None
    if isinstance(difficulty, str):
        if difficulty not in DIFFICULTY_LEVELS:
            raise GinError(f"unknown difficulty {difficulty!r}: use easy, medium, hard or a (low, high) range")
        return DIFFICULTY_LEVELS[difficulty]
    try:
        low, high = difficulty
        low, high = int(low), int(high)
    except (TypeError, ValueError):
        raise GinError(f"difficulty is a name or a (low, high) range, not {difficulty!r}") from None
    if low > high:
        raise GinError(f"difficulty range {difficulty!r} is empty")
    return low, high


def _theme_filter(themes) -> frozenset[str] | None:
    if themes is None:
        return None
    names = frozenset([themes] if isinstance(themes, str) else themes)
    unknown = sorted(names - set(THEMES))
    if unknown:
        raise GinError(f"unknown theme {unknown[0]!r}: themes are {', '.join(THEMES)}")
    return names or None


def candidate_positions(kind: str, objective: str | None, seed, rules: Rules) -> Iterable[list[Position]]:
    """Batches of positions, deterministic for a seed: self-play hands;
    constructed meld-rich hands for the counting puzzles; hands one card from a
    knock, and hands that knock only by breaking a meld, for "can you knock?";
    for the lookahead question, hands where keeping a high card's chances may
    beat throwing it."""
    batch = 0
    while True:
        if kind == "can_knock" and batch % 4 == 2:
            yield [swap_position(f"{seed}/{batch}/{i}", rules) for i in range(8)]
            batch += 1
            continue
        if kind == "can_knock" and batch % 2:
            yield [knock_position(f"{seed}/{batch}/{i}", rules) for i in range(8)]
            batch += 1
            continue
        if objective == "lookahead" and batch % 3 == 1:
            yield [lookahead_position(f"{seed}/{batch}/{i}", rules) for i in range(8)]
            batch += 1
            continue
        constructed = (batch % 3 == 2) if kind == "can_knock" or objective == "lookahead" else (batch % 4 != 3)
        if constructed:
            yield [constructed_position(f"{seed}/{batch}/{i}", rules) for i in range(8)]
        else:
            yield selfplay_positions(f"{seed}/{batch}", rules)
        batch += 1


def generate(kind: str, *, seed, count: int, rules: Rules | None = None, objective: str | None = None,
             difficulty=None, themes=None, progress: Callable[[int, int], None] | None = None,
             max_batches: int | None = None, naive_wrong: bool | None = None) -> list[Puzzle]:
    """Generate ``count`` verified puzzles of a kind from a seed (the same on
    every machine). ``objective`` ("deadwood" or "lookahead", the default) is for
    best-discard puzzles; ``difficulty`` is easy/medium/hard or a (low, high)
    range; ``themes`` keeps puzzles with any of the named themes.

    "Can you knock?" sets are about half yes, half no; in a lookahead set the
    naive rule (:func:`gintrainer.solver.naive_discard`) is wrong in at least
    40%, or, with ``naive_wrong`` given, in every puzzle (True) or none (False).
    """
    kind = normalise_kind(kind)
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise GinError(f"count must be a whole number, not {count!r}")
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise GinError(f"rules must be a Rules object, not {rules!r}")
    if kind == "best_discard":
        objective = objective or "lookahead"
        if objective not in ("deadwood", "lookahead"):
            raise GinError(f"unknown objective {objective!r}: use deadwood or lookahead")
    else:
        objective = None
    band = _difficulty_range(difficulty)
    wanted = _theme_filter(themes)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise GinError(f"a seed is an int or a string, not {seed!r}")
    filtered = band is not None or wanted is not None
    half = math.ceil(count / 2)
    naive_right_cap = count - math.ceil(0.4 * count)
    # The taken-card trap and gin hands are common in self-play: keep each to a share.
    forbidden_cap = gin_cap = math.ceil(0.3 * count)
    found: list[Puzzle] = []
    seen: set[str] = set()
    yes = no = naive_right = forbidden = gin = 0
    limit = max_batches if max_batches is not None else 200 * count + 400
    for batch_number, positions in enumerate(candidate_positions(kind, objective, f"{kind}:{objective}:{seed}", rules)):
        if len(found) >= count:
            break
        if batch_number >= limit:
            raise GinError(f"found only {len(found)} of {count} puzzles with these filters; widen them")
        taken_here = 0
        for position in positions:
            if len(found) >= count or taken_here >= 2:
                break
            puzzle = make_puzzle(position, kind, objective)
            if puzzle is None or puzzle.id in seen:
                continue
            if band is not None and not band[0] <= puzzle.difficulty <= band[1]:
                continue
            if wanted is not None and not wanted & set(puzzle.themes):
                continue
            if kind == "can_knock" and not filtered:
                if puzzle.can_knock and yes >= half or not puzzle.can_knock and no >= half:
                    continue
                if "forbidden-discard" in puzzle.themes and forbidden >= forbidden_cap:
                    continue
                if "gin" in puzzle.themes and gin >= gin_cap:
                    continue
                forbidden += "forbidden-discard" in puzzle.themes
                gin += "gin" in puzzle.themes
            if objective == "lookahead" and naive_wrong is not None:
                if ("naive-wrong" in puzzle.themes) != naive_wrong:
                    continue
            elif objective == "lookahead" and "naive-wrong" not in puzzle.themes:
                if naive_right >= naive_right_cap:
                    continue
                naive_right += 1
            yes += bool(puzzle.can_knock)
            no += kind == "can_knock" and not puzzle.can_knock
            seen.add(puzzle.id)
            found.append(puzzle)
            taken_here += 1
            if progress is not None:
                progress(len(found), count)
    return found


def daily(date=None, kind: str = "can_knock") -> Puzzle:
    """The puzzle of a UTC date (today when omitted), the same for everyone; any
    earlier date gives that day's puzzle, so the archive never runs out.
    Best-discard dailies alternate objectives, lookahead on odd days (counted
    from the first day of the calendar); of every five lookahead dailies in a
    row the naive rule gets three wrong, so neither answer can be guessed."""
    kind = normalise_kind(kind)
    day = parse_date(date)
    objective = naive_wrong = None
    if kind == "best_discard":
        objective = "lookahead" if day.toordinal() % 2 else "deadwood"
        naive_wrong = (day.toordinal() // 2) % 5 < 3 if objective == "lookahead" else None
    return generate(kind, seed=f"daily:{day.isoformat()}", count=1, objective=objective,
                    naive_wrong=naive_wrong)[0]


def parse_date(date=None) -> _dt.date:
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
    raise GinError(f"bad date {date!r}: use YYYY-MM-DD")


# -- the bank ---------------------------------------------------------------

BANK_PLAN = {
    "can_knock": [("standard", None, 380), ("oklahoma", None, 60)],
    "best_discard": [("standard", "deadwood", 200), ("standard", "lookahead", 200),
                     ("oklahoma", "deadwood", 20), ("oklahoma", "lookahead", 20)],
}


def _bank_rules(name: str) -> Rules:
    return Rules(oklahoma=True) if name == "oklahoma" else Rules()


def bank_path(kind: str) -> Path:
    return Path(str(resources.files("gintrainer").joinpath("data", f"bank_{normalise_kind(kind)}.json")))


@lru_cache(maxsize=4)
def _load_bank(kind: str) -> tuple[Puzzle, ...]:
    path = bank_path(kind)
    try:
        data = BANK.read(read_json(path), source=path.name)
    except FileNotFoundError:
        raise GinError(f"the puzzle bank {path.name} is missing: reinstall gintrainer") from None
    if not isinstance(data.get("puzzles"), list):
        raise RecordError("its puzzles are not a list", source=path.name, field="puzzles")
    return tuple(puzzle_from_record(r) for r in data["puzzles"])


def bank(kind: str) -> tuple[Puzzle, ...]:
    """The shipped puzzles of a kind (read once, then cached). Each was verified
    by the solver when the bank was built; :func:`verify` checks one again."""
    return _load_bank(normalise_kind(kind))


def bank_records(kind: str) -> list[dict]:
    """The bank as JSON records."""
    return [p.to_dict() for p in bank(kind)]


def build_bank(folder: Path | str | None = None, *, seed: str = "bank-1",
               progress: Callable[[str, int, int], None] | None = None) -> dict[str, int]:
    """Regenerate the shipped bank into ``folder`` (the package's data folder by
    default), written atomically. Returns the puzzle count of each kind."""
    folder = Path(folder) if folder is not None else bank_path("can_knock").parent
    folder.mkdir(parents=True, exist_ok=True)
    counts = {}
    for kind, plan in BANK_PLAN.items():
        puzzles: list[Puzzle] = []
        for rules_name, objective, count in plan:
            label = f"{kind}/{rules_name}/{objective or '-'}"
            step = (lambda done, total, label=label: progress(label, done, total)) if progress else None
            puzzles += generate(kind, seed=f"{seed}:{rules_name}", count=count, rules=_bank_rules(rules_name),
                                objective=objective, progress=step)
        unique = {p.id: p for p in puzzles}
        records = [p.to_dict() for p in sorted(unique.values(), key=lambda p: (p.difficulty, p.id))]
        write_json_atomic(folder / f"bank_{kind}.json", BANK.stamp({"kind": kind, "seed": seed, "puzzles": records}),
                          indent=0)
        counts[kind] = len(records)
    _load_bank.cache_clear()
    return counts


__all__ = ["DIFFICULTY_LEVELS", "Grade", "KINDS", "Position", "Puzzle", "PuzzleError", "PuzzleKind", "THEMES", "bank",
           "bank_records", "build_bank", "daily", "generate", "make_puzzle", "normalise_kind", "parse_date",
           "verify"]
