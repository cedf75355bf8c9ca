"""Benchmark of the "lay out your knock" puzzles; prints figures, asserts nothing.

    python bench/bench_knock_layout.py [--quick]

- the solver (:func:`gintrainer.engine.scoring.every_knock_layout`): every layout within
  the knock limit scored against the defender's best lay-offs, median and worst
  over the knocks the generator tries, and how many layouts each has;
- generation: how many of the knocks tried are kept as puzzles, and puzzles per
  second on one core;
- the shipped bank: its size, each theme's count, the points, the bands.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time
from collections import Counter
from typing import cast


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer knocks and puzzles")
    args = parser.parse_args()
    count = 200 if args.quick else 2000
    from gintrainer.engine.rules import Rules
    from gintrainer.engine.scoring import every_knock_layout
    from gintrainer.puzzles import bank, generate
    from gintrainer.puzzles.knock_layout import KnockLayoutPuzzle, make, positions
    found = list(itertools.islice(itertools.chain.from_iterable(positions("bench", Rules())), count))
    times, sizes = [], []
    for position in found:
        start = time.perf_counter()
        scored = every_knock_layout(position.hand, position.defender_hand, position.rules)
        times.append(time.perf_counter() - start)
        sizes.append(len(scored))
    print("The solver, one knock")
    print(f"  median {statistics.median(times) * 1000:.2f} ms, worst {max(times) * 1000:.2f} ms over {len(times)} "
          f"knocks; layouts within the limit: median {statistics.median(sizes):.0f}, most {max(sizes)}")
    print("Generation")
    start = time.perf_counter()
    kept = sum(make(position) is not None for position in found)
    spent = time.perf_counter() - start
    print(f"  kept {kept} of {len(found)} knocks tried ({100 * kept / len(found):.0f}%), "
          f"{len(found) / spent:.0f} knocks a second")
    wanted = 20 if args.quick else 100
    start = time.perf_counter()
    generate("knock_layout", seed="bench", count=wanted)
    spent = time.perf_counter() - start
    print(f"  generate(): {wanted} puzzles in {spent:.1f} s, {wanted / spent:.1f} a second")
    puzzles = [cast(KnockLayoutPuzzle, p) for p in bank("knock_layout")]  # the bank of that kind
    themes = Counter(t for p in puzzles for t in p.themes)
    bands = Counter(1100 + (p.difficulty - 1100) // 400 * 400 for p in puzzles)
    print("The bank")
    print(f"  {len(puzzles)} puzzles; {sum(p.rules.oklahoma for p in puzzles)} under Oklahoma; "
          f"{sum(len(p.layouts) > 1 for p in puzzles)} with more than one accepted layout")
    print("  themes: " + ", ".join(f"{name} {n}" for name, n in themes.most_common()))
    points = sorted(p.points for p in puzzles)
    print(f"  points of the best layout: median {statistics.median(points):.0f}, from {points[0]} to {points[-1]}; "
          f"{sum(p < 0 for p in points)} undercut")
    print("  difficulty bands: " + ", ".join(f"{b}-{b + 399}: {n}" for b, n in sorted(bands.items())))


if __name__ == "__main__":
    main()
