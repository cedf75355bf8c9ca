"""Benchmark of the evaluator's playout policy (issue 28): the shape rule, with its two prices and its take
rules, against the plain least-deadwood rule or against ``best``; prints figures, asserts nothing.

    python bench/bench_playout_policy.py [--deals 8000] [--jobs 2] [--weights 2,5 1,5 2,3 ...]
        [--takes shape mean] [--against plain|best]

Plays ``--deals`` deals from both seats (a duel's mirrored deals: ``gintrainer duel``'s dealing) of the shape
rule at each pair of prices (link, danger: :func:`~gintrainer.engine.players.shape_discard`) and each take rule
(``shape``: when its throw then lowers the deadwood; ``mean``: when its throw then leaves less deadwood than a
stock draw on average, :func:`~gintrainer.engine.players.shape_mean_take`) against the plain rule the
evaluator's playouts played before it (take the top discard when that lowers the deadwood, throw the highest
card of least deadwood), both going out as soon as they may and letting the engine lay out, or against the
``best`` player. Prints each rule's win rate over decided hands with its 95% Wilson interval, and its points a
hand with their standard error.
"""

from __future__ import annotations

import argparse
import math
import os
import time
from concurrent.futures import ProcessPoolExecutor

from gintrainer.engine.duel import deal_deck, play_hand, wilson_interval
from gintrainer.engine.players import DANGER_WEIGHT, LINK_WEIGHT, BestPlayer, GreedyPlayer, Player
from gintrainer.engine.rules import Rules


def players(weights: tuple[int, int], take: str, against: str) -> tuple[GreedyPlayer, Player]:
    shape = GreedyPlayer(name="shape", take=take, discard="shape", ties="suit", knock_ties="suit",
                         layout="engine", weights=weights)
    if against == "best":
        return shape, BestPlayer()
    plain = GreedyPlayer(name="plain", take="lowers", discard="least", ties="suit", knock_ties="suit",
                         layout="engine")
    return shape, plain


def play(job: tuple[tuple[int, int], str, str, int, int]) -> list[int]:
    """The shape rule's points in each hand of deals ``first`` to ``last``, from both seats."""
    weights, take, against, first, last = job
    shape, other = players(weights, take, against)
    points = []
    for deal in range(first, last):
        deck, dealer = deal_deck("playout policy", deal)
        for seat in (0, 1):
            seats = [shape, other] if seat == 0 else [other, shape]
            hand, *_ = play_hand(seats, deck, dealer, Rules(), f"playout policy:{deal}:{seat}")
            result = hand.result
            assert result is not None
            won = result.winner_seat
            points.append(0 if won is None else result.points if won == seat else -result.points)
    return points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=8000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--weights", nargs="*", default=[f"{LINK_WEIGHT},{DANGER_WEIGHT}"],
                        help="pairs link,danger (default: the engine's)")
    parser.add_argument("--takes", nargs="*", default=["shape"], choices=["shape", "mean"],
                        help="the take rules to try (default: shape)")
    parser.add_argument("--against", default="plain", choices=["plain", "best"])
    args = parser.parse_args()
    opponent = "the plain least-deadwood rule" if args.against == "plain" else "best"
    print(f"load before: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores; {args.deals} deals from both "
          f"seats, {args.jobs} processes; the shape rule (link, danger; take rule) against {opponent}")
    for take in args.takes:
        for text in args.weights:
            link, danger = (int(x) for x in text.split(","))
            start = time.perf_counter()
            step = max(1, args.deals // (args.jobs * 8))
            jobs = [((link, danger), take, args.against, lo, min(lo + step, args.deals))
                    for lo in range(0, args.deals, step)]
            with ProcessPoolExecutor(args.jobs) as pool:
                points = [p for part in pool.map(play, jobs) for p in part]
            wins, losses = sum(p > 0 for p in points), sum(p < 0 for p in points)
            low, high = wilson_interval(wins, wins + losses)
            mean = sum(points) / len(points)
            spread = math.sqrt(sum((p - mean) ** 2 for p in points) / (len(points) - 1))
            error = spread / math.sqrt(len(points))
            rule = f"shape ({link}, {danger})" + ("" if take == "shape" else f", take {take}")
            print(f"{rule}: won {100 * wins / (wins + losses):.1f}% of "
                  f"{wins + losses} decided hands (95% interval {100 * low:.1f}% to {100 * high:.1f}%), "
                  f"{mean:+.2f} ± {error:.2f} points a hand over {len(points)} hands; "
                  f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
