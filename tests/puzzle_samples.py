"""Puzzles to check, made once per test run: the whole bank, every daily of a
year, and a generated sample of every stream; and real positions for tests.

They are made with numpy imported, so the solver takes its batch path, as the
computer players and the bank's generator do: the same puzzles (tests/test_solver.py
holds the two paths to each other) in half the time. The year and the sample are
made once for all the processes of a test run: the first pytest-xdist worker that
needs them makes them and leaves them (pickled) in the run's shared folder
(conftest.RUN_SHARED); the others read them from there."""

from __future__ import annotations

import datetime as dt
import fcntl
import os
import pickle
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import numpy  # noqa: F401  the solver's batch path (the same numbers, in half the time: see solver._after_one_draw)

from gintrainer import Rules, parse_cards
from gintrainer.engine.cards import DECK
from gintrainer.puzzles import bank, daily, generate
from gintrainer.puzzles.positions import Position

YEAR = 2026


@lru_cache(maxsize=1)
def bank_puzzles() -> tuple:
    return bank("can_knock") + bank("best_discard")


def made_once_per_run(name: str, make: Callable[[], tuple]) -> tuple:
    """What ``make`` makes, made by one process of the test run and read by the others (a lock
    keeps the others waiting while the first makes it); made here when no run's folder is named."""
    folder = os.environ.get("GINTRAINER_TEST_RUN_SHARED")
    if not folder:
        return make()
    path = Path(folder) / f"{name}.pickle"
    with open(path.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if path.exists():
            return pickle.loads(path.read_bytes())
        made = make()
        path.write_bytes(pickle.dumps(made))
        return made


@lru_cache(maxsize=1)
def year_of_dailies() -> tuple:
    """Both dailies of every day of a year."""
    start = dt.date(YEAR, 1, 1)
    days = [start + dt.timedelta(days=n) for n in range((dt.date(YEAR + 1, 1, 1) - start).days)]
    return made_once_per_run("year_of_dailies", lambda: tuple(daily(day, kind) for day in days
                                                              for kind in ("can_knock", "best_discard")))


SAMPLE_STREAMS = [("can_knock", None, Rules(), 40), ("can_knock", None, Rules(oklahoma=True), 20),
                  ("best_discard", "deadwood", Rules(), 30), ("best_discard", "lookahead", Rules(), 40),
                  ("best_discard", "deadwood", Rules(oklahoma=True), 10),
                  ("best_discard", "lookahead", Rules(oklahoma=True), 10)]


@lru_cache(maxsize=1)
def generated_sample() -> tuple:
    """A sample of every stream from seeds the bank does not use."""
    return made_once_per_run("generated_sample", lambda: tuple(
        p for kind, objective, rules, count in SAMPLE_STREAMS
        for p in generate(kind, seed="sample", count=count, rules=rules, objective=objective)))


def every_puzzle() -> tuple:
    return bank_puzzles() + year_of_dailies() + generated_sample()


def real_position(hand, drawn, drawn_from="stock", known="", stock=20, rules=Rules(), upcard=None,
                  seed="test") -> Position:
    """A position that accounts for all 52 cards: the pile holds the 31 cards
    beside the stock (the first free cards of the deck, the upcard at the bottom)."""
    hand, known = parse_cards(hand), parse_cards(known)
    up = parse_cards(upcard)[0] if upcard else None
    free = [c for c in DECK if c not in hand and c not in known and c is not up]
    pile = ((up,) if up else ()) + tuple(free[:31 - stock - (1 if up else 0)])
    return Position(hand=hand, drawn=parse_cards(drawn)[0], drawn_from=drawn_from, discard_pile=pile,
                    opponent_known=known, stock_count=stock, rules=rules, upcard=up, seed=seed)
