"""Benchmark of the "take or draw?" puzzles; prints figures, asserts nothing.

    python bench/bench_take_or_draw.py [--quick]

- the solver's answer for one position before a draw (the take and the exact
  expectation of the draw), median and worst over the positions the generator
  tries: card by card in Python (before numpy is imported, as in a page's
  kernel), then in numpy's batch;
- generation: how many of the positions tried are kept as puzzles, and
  puzzles per second on one core;
- the shipped bank: its size, takes and draws, each theme's count, the bands.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from collections import Counter
from typing import cast


def positions(count: int):
    from gintrainer.engine.rules import Rules
    from gintrainer.puzzles.take_or_draw import positions as batches
    return list(itertools.islice(itertools.chain.from_iterable(batches("bench", Rules())), count))


def time_solver(found) -> list[float]:
    from gintrainer.engine.solver import take_or_draw
    times = []
    for position in found:
        start = time.perf_counter()
        take_or_draw(position.hand, **position.solver_args())
        times.append(time.perf_counter() - start)
    return times


def show(label: str, times: list[float]) -> None:
    print(f"  {label}: median {statistics.median(times) * 1000:.2f} ms, worst {max(times) * 1000:.2f} ms "
          f"over {len(times)} positions")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions and puzzles")
    args = parser.parse_args()
    count = 200 if args.quick else 2000
    found = positions(count)
    print("The solver, one position before a draw")
    assert "numpy" not in sys.modules, "numpy was imported before the Python path was timed"
    show("Python, card by card", time_solver(found))
    import numpy  # noqa: F401  (the batch path from now on)
    show("numpy batch", time_solver(found))

    from gintrainer.puzzles import bank, generate
    from gintrainer.puzzles.take_or_draw import TakeOrDrawPuzzle, make
    print("Generation")
    start = time.perf_counter()
    kept = sum(make(p) is not None for p in found)
    spent = time.perf_counter() - start
    print(f"  kept {kept} of {len(found)} positions tried ({kept / len(found):.0%}), "
          f"{len(found) / spent:.0f} positions a second")
    n = 20 if args.quick else 100
    start = time.perf_counter()
    made = generate("take_or_draw", seed="bench", count=n)
    spent = time.perf_counter() - start
    print(f"  generate(): {len(made)} puzzles in {spent:.1f} s, {len(made) / spent:.1f} a second")

    puzzles = bank("take_or_draw")
    print("The bank")
    choices = Counter(cast(TakeOrDrawPuzzle, p).choice for p in puzzles)  # the bank of that kind
    print(f"  {len(puzzles)} puzzles: {choices['take']} take, {choices['draw']} draw; "
          f"{sum(p.rules.oklahoma for p in puzzles)} under Oklahoma")
    themes = Counter(t for p in puzzles for t in p.themes)
    print("  themes: " + ", ".join(f"{name} {n}" for name, n in themes.most_common())
          + f"; none {sum(not p.themes for p in puzzles)}")
    from gintrainer.puzzles.take_draw_themes import BANDS
    bands = Counter(max(low for low in BANDS.values() if low <= p.difficulty) for p in puzzles)
    print("  difficulty bands: " + ", ".join(f"{low}-{low + 399}: {n}" for low, n in sorted(bands.items())))


if __name__ == "__main__":
    main()
