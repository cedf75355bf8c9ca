"""Benchmark of the "defend" puzzles; prints figures, asserts nothing.

    python bench/bench_defend.py [--quick]

- the engine's defender for one knock: every best reply (best_replies) and the
  reply checked as a learner lays it out (check_reply), median and worst over
  the positions the generator tries;
- generation: how many of the positions tried are kept as puzzles, and puzzles
  per second on one core;
- the shipped bank: its size, undercuts, each theme's count, the bands, and how
  many puzzles have more than one best layout.
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
    parser.add_argument("--quick", action="store_true", help="fewer positions and puzzles")
    args = parser.parse_args()
    from gintrainer.engine.rules import Rules
    from gintrainer.engine.scoring import best_replies, check_reply
    from gintrainer.puzzles import bank, generate
    from gintrainer.puzzles.defend import DefendPuzzle, make
    from gintrainer.puzzles.defend_positions import positions as batches
    from gintrainer.puzzles.defend_themes import BANDS
    count = 300 if args.quick else 3000
    found = list(itertools.islice(itertools.chain.from_iterable(batches("bench", Rules())), count))
    times: list[float] = []
    checks: list[float] = []
    for p in found:
        start = time.perf_counter()
        reply = best_replies(p.hand, p.knocker_melds)[0]
        times.append(time.perf_counter() - start)
        start = time.perf_counter()
        check_reply(p.hand, p.knocker_melds, reply.melds, reply.layoffs)
        checks.append(time.perf_counter() - start)
    for label, each in (("every best reply", times), ("a laid-out reply checked", checks)):
        print(f"  {label}: median {statistics.median(each) * 1000:.2f} ms, worst {max(each) * 1000:.2f} ms "
              f"over {len(each)} positions")
    start = time.perf_counter()
    kept = sum(make(p) is not None for p in found)
    spent = time.perf_counter() - start
    print(f"  kept {kept} of {len(found)} positions tried ({kept / len(found):.0%}), "
          f"{len(found) / spent:.0f} positions a second")
    n = 20 if args.quick else 100
    start = time.perf_counter()
    made = generate("defend", seed="bench", count=n)
    spent = time.perf_counter() - start
    print(f"  generate(): {len(made)} puzzles in {spent:.1f} s, {len(made) / spent:.1f} a second")
    puzzles = [cast(DefendPuzzle, p) for p in bank("defend")]  # the bank of that kind
    print(f"The bank: {len(puzzles)} puzzles, {sum(p.undercut for p in puzzles)} undercuts, "
          f"{sum(p.rules.oklahoma for p in puzzles)} under Oklahoma")
    themes = Counter(t for p in puzzles for t in p.themes)
    print("  themes: " + ", ".join(f"{name} {k}" for name, k in themes.most_common())
          + f"; none {sum(not p.themes for p in puzzles)}")
    bands = Counter(max(low for low in BANDS.values() if low <= p.difficulty) for p in puzzles)
    print("  bands: " + ", ".join(f"{low}: {bands[low]}" for low in sorted(bands)))
    several = sum(len(best_replies(p.hand, p.knocker_melds)) > 1 for p in puzzles)
    print(f"  {several} puzzles have more than one best layout (every one is accepted)")


if __name__ == "__main__":
    main()
