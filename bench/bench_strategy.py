"""The strategy lesson's figures (lesson 10): undercuts of knocks made as soon as
possible, and knocking at once against waiting for gin, from fixed deals.

    python bench/bench_strategy.py                 # the lesson's figures (200 hands, seed "strategy")
    python bench/bench_strategy.py --hands 2000    # the same measurement on more hands
"""

from __future__ import annotations

import argparse

from gintrainer.lessons.knock_figures import EARLY_STOCK, HANDS, LOW_COUNT, SEED, knock_or_wait, percent, undercuts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=HANDS)
    parser.add_argument("--seed", default=SEED)
    args = parser.parse_args()
    cut = undercuts(args.hands, args.seed)
    print(f"{cut.hands} hands, seed {args.seed!r}, lookahead against itself, knocking as soon as it may")
    print(f"knocks {cut.knocks}, undercut {cut.undercut} ({percent(cut.undercut, cut.knocks)}%)")
    print(f"early (stock {EARLY_STOCK} or more): {cut.early_undercut} of {cut.early} undercut "
          f"({percent(cut.early_undercut, cut.early)}%)")
    print(f"late: {cut.late_undercut} of {cut.late} ({percent(cut.late_undercut, cut.late)}%)")
    print(f"count {LOW_COUNT} or less: {cut.low_undercut} of {cut.low}; more: {cut.high_undercut} of {cut.high} "
          f"({percent(cut.high_undercut, cut.high)}%)")
    wait = knock_or_wait(args.hands, args.seed)
    print(f"{wait.hands} hands, knocking at once against waiting for gin: points {wait.eager_points} to "
          f"{wait.waiting_points}; gins {wait.eager_gins} to {wait.waiting_gins}")


if __name__ == "__main__":
    main()
