"""The computer players against each other: the figures quoted in docs/benchmarks.md.

Each line is ``gintrainer duel --a A --b B --hands N --seed S`` (deals mirrored:
each deal played from both seats). Prints A's win rate over decided hands with
its 95% interval, points per hand, A's thinking time per move (mean and
slowest) and the wall time of the duel.

    python bench/bench_duel.py            # 2,000 hands per pairing
    python bench/bench_duel.py --hands 400 --jobs 2
"""

from __future__ import annotations

import argparse
import os

from gintrainer.engine.duel import duel

PAIRINGS = [("lookahead", "naive"), ("naive", "random"), ("lookahead", "random"),
            ("best", "naive"), ("best", "lookahead")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", default="2026")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1: the single-core figures)")
    parser.add_argument("--only", help="run only pairings whose A is this player")
    args = parser.parse_args()
    print(f"{args.hands} hands per pairing, seed {args.seed}, {args.jobs} process(es), {os.cpu_count()} cores")
    print(f"{'A':>10} {'B':>10} {'win rate A':>10} {'95% interval':>16} {'pts/hand':>9} "
          f"{'A ms/move':>9} {'A slowest':>9} {'wall s':>7}")
    for a, b in PAIRINGS:
        if args.only and a != args.only:
            continue
        result = duel(a, b, hands=args.hands, seed=args.seed, jobs=args.jobs)
        low, high = result.ci95_a
        rate = "no win" if result.win_rate_a is None else f"{100 * result.win_rate_a:.1f}%"
        print(f"{a:>10} {b:>10} {rate:>10} {100 * low:>7.1f}%–{100 * high:.1f}% "
              f"{result.points_per_hand_a:>+9.2f} {1000 * result.seconds_per_move(0):>9.1f} "
              f"{1000 * result.slowest[0]:>9.0f} {result.wall:>7.1f}", flush=True)


if __name__ == "__main__":
    main()
