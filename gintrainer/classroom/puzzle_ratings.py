"""The puzzles' learned ratings in the class store's database (SQLite by default, PostgreSQL when
``GINTRAINER_DATABASE`` names one: :func:`~.store.database_url`), so that every learner on a server or a hub
teaches the puzzles' ratings to the next (:mod:`gintrainer.puzzles.ratings`).

The schema, beside the class results' own (its version row is ``('puzzle_ratings', 1)``)::

    puzzle_ratings (puzzle_id, kind, rating, deviation, volatility, plays, updated)   -- PRIMARY KEY (puzzle_id)

A puzzle has a row from its first rated attempt on; until then it has its shipped starting rating. Every rated
attempt is one transaction that locks the puzzle's row (SQLite's write lock; PostgreSQL's ``FOR UPDATE``, the row
made first if it is new), so that a class answering one puzzle at once loses no update. Reading a puzzle's
rating (a page that shows it) never writes.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

from ..puzzles import normalise_kind
from ..puzzles.kinds import PuzzleKind
from ..puzzles.ratings import PuzzleRating, RatingsFileError
from ..records.rating import Rating, RatingError, play
from .database import Cursor, Database
from .store import database_url

log = logging.getLogger("gintrainer.classroom.store")

SCHEMA = "puzzle_ratings"
SCHEMA_VERSION = 1
_TABLES = (
    "CREATE TABLE IF NOT EXISTS gintrainer_schema (name TEXT PRIMARY KEY, version INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS puzzle_ratings (puzzle_id TEXT PRIMARY KEY, kind TEXT NOT NULL, "
    "rating DOUBLE PRECISION NOT NULL, deviation DOUBLE PRECISION NOT NULL, volatility DOUBLE PRECISION NOT NULL, "
    "plays INTEGER NOT NULL, updated TEXT NOT NULL)",
)
_COLUMNS = "puzzle_id, kind, rating, deviation, volatility, plays"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _row(row: Any) -> PuzzleRating | None:
    """A stored row as a puzzle's rating; None (logged) for a row another program damaged."""
    puzzle_id, kind, rating, deviation, volatility, plays = row
    try:
        return PuzzleRating(str(puzzle_id), str(kind), Rating(float(rating), float(deviation), float(volatility)),
                            int(plays))
    except (RatingError, TypeError, ValueError) as error:
        log.warning("puzzle ratings: the row of %r is left out: %s", puzzle_id, error)
        return None


class PuzzleRatingStore(Database):
    """The puzzles' learned ratings (see the module's docstring)."""

    tables = _TABLES
    schema = SCHEMA
    schema_version = SCHEMA_VERSION

    def learned(self, kind: PuzzleKind | str) -> dict[str, PuzzleRating]:
        """The learned rating of each puzzle of a kind that has one, by id (reading only)."""
        kind = normalise_kind(kind).value
        with self._transaction(write=False) as cursor:
            rows = cursor.execute(f"SELECT {_COLUMNS} FROM puzzle_ratings WHERE kind = ?", (kind,)).fetchall()
        found = (_row(row) for row in rows)
        return {r.id: r for r in found if r is not None}

    def rating(self, start: PuzzleRating) -> PuzzleRating:
        """A puzzle's learned rating, else its starting rating ``start`` (reading only)."""
        with self._transaction(write=False) as cursor:
            row = cursor.execute(f"SELECT {_COLUMNS} FROM puzzle_ratings WHERE puzzle_id = ?",
                                 (start.id,)).fetchone()
        found = _row(row) if row is not None else None
        return found if found is not None else start

    def play(self, start: PuzzleRating, learner: Rating, solved: bool, *,
             themed: bool = False) -> tuple[PuzzleRating, PuzzleRating]:
        """Rate one learner's first attempt at a puzzle (``start``: its starting rating, for a puzzle without a
        row yet) against ``learner``, their rating before it (:func:`~gintrainer.records.rating.play`), in one
        transaction on the puzzle's locked row; returns the puzzle's rating before and after."""
        if not isinstance(start, PuzzleRating) or not isinstance(learner, Rating):
            raise RatingsFileError(f"a puzzle's starting rating and a learner's rating, not {start!r}, {learner!r}")
        with self._transaction(write=True) as cursor:
            _insert(cursor, start, or_replace=False)
            row = cursor.execute(f"SELECT {_COLUMNS} FROM puzzle_ratings WHERE puzzle_id = ?"
                                 + cursor.dialect.lock_rows, (start.id,)).fetchone()
            before = _row(row) or start
            after = PuzzleRating(before.id, before.kind, play(learner, before.rating, solved, themed=themed).puzzle,
                                 before.plays + 1)
            cursor.execute("UPDATE puzzle_ratings SET rating = ?, deviation = ?, volatility = ?, plays = ?, "
                           "updated = ? WHERE puzzle_id = ?",
                           (after.rating.rating, after.rating.deviation, after.rating.volatility, after.plays,
                            _now(), after.id))
        return before, after

    def export(self) -> tuple[PuzzleRating, ...]:
        """Every learned rating, by kind and id (:func:`~gintrainer.puzzles.ratings.ratings_json` writes them)."""
        with self._transaction(write=False) as cursor:
            rows = cursor.execute(f"SELECT {_COLUMNS} FROM puzzle_ratings ORDER BY kind, puzzle_id").fetchall()
        return tuple(r for r in map(_row, rows) if r is not None)

    def import_ratings(self, ratings: Iterable[PuzzleRating]) -> int:
        """Take in another server's learned ratings (an export), in one transaction: a puzzle's imported rating
        replaces the one here when more attempts taught it; returns how many were taken."""
        wanted: Mapping[str, PuzzleRating] = {r.id: r for r in ratings}
        if not all(isinstance(r, PuzzleRating) for r in wanted.values()):
            raise RatingsFileError("only puzzle ratings can be imported")
        taken = 0
        with self._transaction(write=True) as cursor:
            for rating in wanted.values():
                row = cursor.execute("SELECT plays FROM puzzle_ratings WHERE puzzle_id = ?"
                                     + cursor.dialect.lock_rows, (rating.id,)).fetchone()
                if row is None or int(row[0]) < rating.plays:
                    _insert(cursor, rating, or_replace=True)
                    taken += 1
        return taken


def _insert(cursor: Cursor, rating: PuzzleRating, *, or_replace: bool) -> None:
    conflict = ("ON CONFLICT (puzzle_id) DO UPDATE SET kind = excluded.kind, rating = excluded.rating, "
                "deviation = excluded.deviation, volatility = excluded.volatility, plays = excluded.plays, "
                "updated = excluded.updated") if or_replace else "ON CONFLICT DO NOTHING"
    cursor.execute(f"INSERT INTO puzzle_ratings ({_COLUMNS}, updated) VALUES (?, ?, ?, ?, ?, ?, ?) {conflict}",
                   (rating.id, rating.kind, rating.rating.rating, rating.rating.deviation, rating.rating.volatility,
                    rating.plays, _now()))


_opened: dict[str, PuzzleRatingStore] = {}


def open_ratings(url: str | None = None) -> PuzzleRatingStore:
    """The learned puzzle ratings at ``url``, else in the class store's database as the environment says now
    (one store a process for each place, so that its schema is checked once and SQLite's connection kept)."""
    if url is not None:
        return PuzzleRatingStore(url)
    where = database_url()
    found = _opened.get(where)
    if found is None:
        found = _opened[where] = PuzzleRatingStore(where)
    return found


__all__ = ["PuzzleRatingStore", "open_ratings"]
