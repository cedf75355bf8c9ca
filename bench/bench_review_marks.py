"""How the review's marks fall on played hands: two computer players play mirrored deals (each deal twice,
the seats swapped), every decision of both seats is reviewed by the evaluator, and for each player the
script prints its decisions, points lost per decision (the error rate), the share of each mark and the
points lost by the decisions at a few percentiles. gintrainer/replay/review.py states the thresholds these
figures test.

    python bench/bench_review_marks.py --a naive --b best --hands 20 --samples 200
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from gintrainer.engine.duel import deal_deck, play_hand
from gintrainer.engine.roster import PLAYER_NAMES, make_player
from gintrainer.engine.rules import Rules
from gintrainer.replay.review import MARKS, HandReview, Mark, mark_for, review, review_match, significant

PERCENTILES = (50, 75, 90, 95, 99)
OTHER_THRESHOLDS = ((1, 2, 4), (1.5, 3, 6), (2, 4, 8), (3, 6, 12))
"""Other thresholds (inaccuracy, mistake, blunder) the same losses are marked by, for comparison."""


def reviews(a: str, b: str, hands: int, samples: int, seed: str) -> dict[str, list[HandReview]]:
    """Each player's reviewed hands ("A" and "B"), over ``hands`` hands (deal n // 2, seats swapped on odd n)."""
    found: dict[str, list[HandReview]] = {"A": [], "B": []}
    rules = Rules()
    for number in range(hands):
        deck, dealer = deal_deck(seed, number // 2)
        labels = ("A", "B") if number % 2 == 0 else ("B", "A")
        names = {"A": a, "B": b}
        hand = play_hand([make_player(names[labels[0]]), make_player(names[labels[1]])], deck, dealer, rules,
                         seed)[0]
        for seat in (0, 1):
            found[labels[seat]].append(review(hand, seat, samples=samples, seed=f"{seed}:{number}"))
    return found


def lines(name: str, hand_reviews: list[HandReview]) -> list[str]:
    match = review_match(hand_reviews)
    count = match.count or 1
    marks = match.marks
    losses = sorted(d.loss.mean for h in hand_reviews for d in h.decisions)
    told = [d.loss.mean for h in hand_reviews for d in h.decisions if significant(d.loss)]
    cuts = statistics.quantiles(losses, n=100, method="inclusive") if len(losses) > 1 else [0.0] * 99
    shares = ", ".join(f"{mark.value} {marks[mark]} ({100 * marks[mark] / count:.1f}%)" for mark in MARKS)
    stderrs = [d.loss.stderr for h in hand_reviews for d in h.decisions if not d.is_best and d.loss.stderr]
    others = []
    for inaccuracy, mistake, blunder in OTHER_THRESHOLDS:
        thresholds = {Mark.INACCURACY: inaccuracy, Mark.MISTAKE: mistake, Mark.BLUNDER: blunder}
        counted = Counter(mark_for(d.loss, thresholds) for h in hand_reviews for d in h.decisions)
        others.append(f"{inaccuracy:g}/{mistake:g}/{blunder:g}: "
                      + " ".join(f"{100 * counted[mark] / count:.1f}%" for mark in MARKS))
    return [f"{name}: {len(hand_reviews)} hands, {match.count} decisions, {match.total_loss:.1f} points lost, "
            f"{match.error_rate:.2f} per decision",
            f"  marks: {shares}; unmarked {marks[Mark.NONE]}",
            f"  losses told apart from 0 (over two standard errors): {len(told)} "
            f"({100 * len(told) / count:.1f}%), median {statistics.median(told) if told else 0:.2f}",
            "  loss at percentile " + ", ".join(f"{p}: {cuts[p - 1]:.2f}" for p in PERCENTILES),
            f"  standard error of a loss (moves other than the best): median "
            f"{statistics.median(stderrs) if stderrs else 0:.2f}",
            "  inaccuracies, mistakes, blunders by other thresholds: " + "; ".join(others)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--a", choices=PLAYER_NAMES, default="naive")
    parser.add_argument("--b", choices=PLAYER_NAMES, default="best")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--seed", default="marks")
    args = parser.parse_args()
    start = time.perf_counter()
    found = reviews(args.a, args.b, args.hands, args.samples, args.seed)
    for label, name in (("A", args.a), ("B", args.b)):
        print("\n".join(lines(f"{label} ({name})", found[label])))
    print(f"{args.hands} hands reviewed on {args.samples} samples a decision in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
