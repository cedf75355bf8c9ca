"""Puzzle ratings learned from attempts: the shipped starting ratings and the JSON they travel in.

Every first attempt by a learner at a puzzle is a rated game between them (:func:`~gintrainer.records.rating.play`);
the puzzles' learned ratings are kept in the class store (:mod:`gintrainer.classroom.puzzle_ratings`), so that
every learner on a server teaches them to the next. Before any attempt a puzzle has its starting rating, shipped
with the bank in ``puzzle_ratings.json``; the difficulty ladder only seeded them (a puzzle the file does not name
starts at its ladder difficulty, ±:data:`~gintrainer.records.rating.START_DEVIATION`). An export of a server's
learned ratings is the same JSON (:func:`ratings_json`), which another server imports and from which
:func:`rebuild_starting` makes the shipped starting ratings again.

The JSON::

    {"format": "gintrainer-puzzle-ratings", "version": 1,
     "ratings": [{"id": "bd-a3cc5b3bf06c", "kind": "best_discard", "rating": 1100.0, "deviation": 200.0,
                  "volatility": 0.06, "plays": 0}, ...]}

>>> start = starting_rating("best_discard", bank_index("best_discard")[0].id)
>>> start.plays, start.rating.deviation <= 350
(0, True)
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..records.rating import START_DEVIATION, Rating, RatingError
from ..records.storage import RecordError, parse_json, write_text_atomic
from . import DATA, bank_index, kinds, normalise_kind
from .kinds import PuzzleKind

FORMAT = "gintrainer-puzzle-ratings"
VERSION = 1
STARTING_FILE = "puzzle_ratings.json"
"""The shipped starting ratings, beside the bank files."""
MAX_PLAYS = 10 ** 9


class RatingsFileError(RecordError):
    """Text that is no puzzle ratings JSON (nothing was read from it)."""


@dataclass(frozen=True)
class PuzzleRating:
    """One puzzle's rating: its id and kind, the Glicko-2 rating and how many rated attempts taught it."""

    id: str
    kind: str
    rating: Rating
    plays: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, **self.rating.to_dict(), "plays": self.plays}

    @classmethod
    def from_dict(cls, data: Any) -> PuzzleRating:
        """A puzzle's rating from its JSON object; RatingsFileError saying what is wrong."""
        keys = {"id", "kind", "rating", "deviation", "volatility", "plays"}
        if not isinstance(data, dict) or set(data) != keys:
            raise RatingsFileError(f"a puzzle's rating has {', '.join(sorted(keys))}, not {data!r:.120}")
        puzzle_id, kind, plays = data["id"], data["kind"], data["plays"]
        if not isinstance(puzzle_id, str) or not puzzle_id or len(puzzle_id) > 200:
            raise RatingsFileError(f"a puzzle's id is text, not {puzzle_id!r:.80}")
        if kind not in {k.value for k in kinds()}:
            raise RatingsFileError(f"puzzle {puzzle_id!r} has kind {kind!r:.40}: not a kind of puzzle")
        if isinstance(plays, bool) or not isinstance(plays, int) or not 0 <= plays <= MAX_PLAYS:
            raise RatingsFileError(f"puzzle {puzzle_id!r} has plays {plays!r:.40}: a whole number from 0")
        try:
            rating = Rating(data["rating"], data["deviation"], data["volatility"])
        except RatingError as error:
            raise RatingsFileError(f"puzzle {puzzle_id!r}: {error}") from None
        return cls(puzzle_id, kind, rating, plays)


def ratings_json(ratings: Iterable[PuzzleRating]) -> str:
    """The JSON of puzzle ratings (an export, or the shipped starting ratings), one puzzle a line, by id."""
    lines = [json.dumps(r.to_dict(), ensure_ascii=False, allow_nan=False)
             for r in sorted(ratings, key=lambda r: (r.kind, r.id))]
    body = ",\n  ".join(lines)
    return (f'{{"format": "{FORMAT}", "version": {VERSION}, "ratings": [\n  {body}\n]}}\n' if lines
            else f'{{"format": "{FORMAT}", "version": {VERSION}, "ratings": []}}\n')


def read_ratings(text: str | bytes) -> tuple[PuzzleRating, ...]:
    """The puzzle ratings of a JSON text (:func:`ratings_json`); RatingsFileError for anything else, a puzzle
    named twice included.

    >>> one = PuzzleRating("bd-1", "best_discard", Rating(1234.5, 80.0), 7)
    >>> read_ratings(ratings_json([one])) == (one,)
    True
    >>> read_ratings('{"format": "x"}')
    Traceback (most recent call last):
    ...
    gintrainer.puzzles.ratings.RatingsFileError: not puzzle ratings: the format is 'x'
    """
    data = parse_json(text, error=RatingsFileError)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise RatingsFileError(f"not puzzle ratings: the format is {found!r:.60}")
    if data.get("version") != VERSION or set(data) != {"format", "version", "ratings"} \
            or not isinstance(data["ratings"], list):
        raise RatingsFileError(f"puzzle ratings of version {VERSION} have a list of ratings, not {data!r:.120}")
    found_ratings = tuple(PuzzleRating.from_dict(item) for item in data["ratings"])
    ids = [r.id for r in found_ratings]
    if len(set(ids)) != len(ids):
        twice = next(i for i in ids if ids.count(i) > 1)
        raise RatingsFileError(f"puzzle {twice!r} is rated twice")
    return found_ratings


def starting_path() -> Path:
    return DATA / STARTING_FILE


@lru_cache(maxsize=1)
def _shipped() -> Mapping[str, PuzzleRating]:
    path = starting_path()
    found = read_ratings(path.read_bytes()) if path.exists() else ()
    return MappingProxyType({r.id: r for r in found})


def seeded(kind: PuzzleKind | str, puzzle_id: str, difficulty: float) -> PuzzleRating:
    """A puzzle's rating seeded by the difficulty ladder: its difficulty, known to ±START_DEVIATION."""
    if isinstance(difficulty, bool) or not isinstance(difficulty, (int, float)) or not math.isfinite(difficulty):
        raise RatingsFileError(f"puzzle {puzzle_id!r} has difficulty {difficulty!r}")
    return PuzzleRating(puzzle_id, normalise_kind(kind).value, Rating(float(difficulty), START_DEVIATION))


def starting_ratings(kind: PuzzleKind | str) -> Mapping[str, PuzzleRating]:
    """The starting rating of each bank puzzle of a kind, by id: the shipped one, else seeded by the ladder."""
    kind = normalise_kind(kind)
    shipped = _shipped()
    return {entry.id: shipped.get(entry.id) or seeded(kind, entry.id, entry.difficulty)
            for entry in bank_index(kind)}


def starting_rating(kind: PuzzleKind | str, puzzle_id: str, difficulty: float | None = None) -> PuzzleRating:
    """The starting rating of one puzzle: the shipped one, else seeded by the ladder (``difficulty``, or its
    bank entry's); RatingsFileError for a puzzle with neither."""
    found = _shipped().get(puzzle_id)
    if found is not None:
        return found
    if difficulty is None:
        entry = next((e for e in bank_index(kind) if e.id == puzzle_id), None)
        if entry is None:
            raise RatingsFileError(f"puzzle {puzzle_id!r} is not in the bank and has no difficulty")
        difficulty = entry.difficulty
    return seeded(kind, puzzle_id, difficulty)


def rebuild_starting(export: Iterable[PuzzleRating], path: Path | None = None) -> tuple[int, int]:
    """Write the shipped starting ratings again (to ``path``, else :func:`starting_path`): every bank puzzle's
    rating as the export learned it, else as it starts now; returns how many puzzles took the export's rating
    and how many of the export's are no bank puzzle (left out)."""
    learned = {r.id: r for r in export}
    rebuilt, taken = [], 0
    for kind in kinds():
        for puzzle_id, start in starting_ratings(kind).items():
            found = learned.get(puzzle_id)
            if found is not None and found.kind == kind.value:
                taken += 1
                rebuilt.append(found)
            else:
                rebuilt.append(start)
    banked = {r.id for r in rebuilt}
    write_text_atomic(path or starting_path(), ratings_json(rebuilt))
    _shipped.cache_clear()
    return taken, sum(1 for puzzle_id in learned if puzzle_id not in banked)


__all__ = ["FORMAT", "STARTING_FILE", "VERSION", "PuzzleRating", "RatingsFileError", "rebuild_starting",
           "ratings_json", "read_ratings", "seeded", "starting_path", "starting_rating", "starting_ratings"]
