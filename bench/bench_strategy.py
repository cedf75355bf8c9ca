"""The strategy lesson's figures (lesson 10): undercuts of knocks made as soon as
possible, and knocking at once against waiting for gin, from fixed deals. Prints
each figure with its sample and 95% interval (Wilson for a share, Newcombe's
hybrid score interval for the difference of two shares, the normal interval of
paired differences, one a deal, for knocking at once against waiting), says
which differences the interval decides, and the time each measurement took.

    python bench/bench_strategy.py --stored                     # the stored figures the lesson quotes
    python bench/bench_strategy.py --hands 10000 --write        # measure again and store (about 8 processor minutes)
    python bench/bench_strategy.py --hands 400                  # a quick look
"""

from __future__ import annotations

import argparse
import time

import numpy  # noqa: F401  (the players solve in numpy batches once numpy is imported: about 20 times faster)

from gintrainer.lessons.knock_figures import (
    EARLY_STOCK,
    LOW_COUNT,
    MANY_TAKEN,
    SEED,
    WAIT_LATE_STOCK,
    Figures,
    Gap,
    KnockOrWait,
    Share,
    Undercuts,
    figures_path,
    knock_or_wait,
    stored,
    to_json,
    undercuts,
)

HANDS = 10000
"""The hands each measurement plays by default (the stored figures)."""


def share(name: str, figure: Share) -> str:
    low, high = figure.interval_percent()
    return f"{name}: {figure.part} of {figure.whole} undercut, {figure.percent():.1f}% (95% {low:.1f}%–{high:.1f}%)"


def gap(name: str, figure: Gap, scale: float = 100, unit: str = " points") -> str:
    verdict = "decided" if figure.decided else "not decided (the interval holds 0)"
    return (f"{name}: {scale * figure.value:+.2f}{unit} (95% {scale * figure.low:+.2f} to {scale * figure.high:+.2f}), "
            f"{verdict}")


def undercut_lines(cut: Undercuts) -> list[str]:
    return [
        f"{cut.hands} hands, lookahead against itself, knocking as soon as it may",
        share("all knocks", cut.knocks),
        share(f"early (stock {EARLY_STOCK} or more)", cut.early),
        share("late", cut.late),
        gap("late less early", cut.late_less_early, unit=" percentage points"),
        share(f"count {LOW_COUNT} or less", cut.low),
        share(f"count more than {LOW_COUNT}", cut.high),
        gap("high count less low", cut.high_less_low, unit=" percentage points"),
        share(f"defender took fewer than {MANY_TAKEN} cards from the pile", cut.few_taken),
        share(f"defender took {MANY_TAKEN} or more", cut.many_taken),
        gap("many taken less few", cut.many_less_few, unit=" percentage points"),
    ]


def wait_lines(wait: KnockOrWait) -> list[str]:
    return [
        f"{wait.hands} hands ({wait.hands // 2} deals, each from both seats), knocking at once against waiting for "
        f"gin (knocking once the stock is down to {WAIT_LATE_STOCK})",
        f"points {wait.eager_points} to {wait.waiting_points}; gins {wait.eager_gins} to {wait.waiting_gins}",
        gap("points per hand, at once less waiting", wait.points_per_hand, scale=1),
        gap("gins per 100 hands, at once less waiting", wait.gins_per_hand, unit=" gins"),
    ]


class Clock:
    """Wall time and this process's processor time since the last lap (on a shared machine they differ)."""

    def __init__(self) -> None:
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def lap(self, hands: int) -> str:
        wall, cpu = time.perf_counter(), time.process_time()
        text = (f"played in {wall - self.wall:.0f} s ({cpu - self.cpu:.0f} s of processor time, "
                f"{hands / max(cpu - self.cpu, 1e-9):.0f} hands a processor second)")
        self.wall, self.cpu = wall, cpu
        return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=HANDS, help="hands of each measurement (even: whole deals)")
    parser.add_argument("--seed", default=SEED)
    parser.add_argument("--stored", action="store_true", help="print the stored figures, play nothing")
    parser.add_argument("--write", action="store_true", help=f"store the figures in {figures_path()}")
    args = parser.parse_args()
    if args.stored:
        figures = stored()
        print(f"stored figures, seed {figures.seed!r}")
        print("\n".join(undercut_lines(figures.undercuts) + wait_lines(figures.knock_or_wait)))
        return
    hands = args.hands + args.hands % 2
    clock = Clock()
    cut = undercuts(hands, args.seed)
    print("\n".join(undercut_lines(cut)))
    print(clock.lap(hands), flush=True)
    wait = knock_or_wait(hands, args.seed)
    print("\n".join(wait_lines(wait)))
    print(clock.lap(hands), flush=True)
    if args.write:
        figures_path().write_text(to_json(Figures(str(args.seed), cut, wait)), encoding="utf-8")
        print(f"stored in {figures_path()}")


if __name__ == "__main__":
    main()
