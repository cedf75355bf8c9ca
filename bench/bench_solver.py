"""Benchmark of the solver and the puzzle generator; prints figures, asserts nothing.

    python bench/bench_solver.py [--quick]

- a full lookahead discard table for one 11-card hand (random hands, and the
  meld-rich hands of the puzzle bank), median and worst of many hands: solved
  card by card in Python (before numpy is imported, as in a page's kernel),
  then in numpy's batch;
- validated puzzles generated per second on one core, each kind and objective;
- the daily puzzle: time to answer in a fresh process (import included) and in
  a warm one.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time


def time_tables(hands) -> list[float]:
    from gintrainer.engine.solver import discard_table
    times = []
    for hand in hands:
        start = time.perf_counter()
        discard_table(hand)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands and puzzles")
    args = parser.parse_args()
    n_hands = 100 if args.quick else 1000
    n_puzzles = 10 if args.quick else 60

    from gintrainer import DECK
    from gintrainer.puzzles import bank, daily, generate

    rng = random.Random(2026)
    random_hands = [rng.sample(DECK, 11) for _ in range(n_hands)]
    bank_hands = [p.hand for p in bank("can_knock")[:n_hands]] + [p.hand for p in bank("best_discard")[:n_hands]]
    print("Discard table (full lookahead) for one 11-card hand")
    # card by card in Python until numpy is imported (a page's kernel), then in numpy's batch
    for way in ("in Python (numpy not imported)", "in numpy's batch"):
        if way.startswith("in numpy"):
            import numpy  # noqa: F401  # the solver's batch from now on
        print(f"  {way}")
        for label, hands in (("random hands", random_hands), ("puzzle-bank hands", bank_hands)):
            times = time_tables(hands)
            print(f"    {label:<18} median {statistics.median(times) * 1e3:6.2f} ms   "
                  f"max {max(times) * 1e3:6.2f} ms   ({len(times)} hands)")

    print("Validated puzzles generated per second (one core, numpy's batch)")
    for kind, objective in (("can_knock", None), ("best_discard", "deadwood"), ("best_discard", "lookahead")):
        start = time.perf_counter()
        puzzles = generate(kind, seed="bench", count=n_puzzles, objective=objective)
        elapsed = time.perf_counter() - start
        label = kind + (f"/{objective}" if objective else "")
        print(f"  {label:<24} {len(puzzles) / elapsed:6.1f} per second   ({len(puzzles)} in {elapsed:.1f} s)")

    print("Daily puzzle")
    days = [f"2026-{m:02d}-{d:02d}" for m in range(1, 13) for d in (3, 17)][: 6 if args.quick else 24]
    for kind in ("can_knock", "best_discard"):
        warm = []
        for day in days:
            start = time.perf_counter()
            daily(day, kind)
            warm.append(time.perf_counter() - start)
        code = (f"import time; t = time.perf_counter(); from gintrainer.puzzles import daily; "
                f"daily('2026-11-29', '{kind}'); print(time.perf_counter() - t)")
        cold = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                     check=True).stdout) for _ in range(3 if args.quick else 5)]
        print(f"  {kind:<14} warm median {statistics.median(warm) * 1e3:6.1f} ms (max {max(warm) * 1e3:.1f})   "
              f"fresh process, import included (numpy not imported): median {statistics.median(cold) * 1e3:6.1f} ms")


if __name__ == "__main__":
    main()
