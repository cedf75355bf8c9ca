"""How many of a learner's mistakes become puzzles: a player stands in for the learner against the computer on
mirrored deals (each deal twice, the seats swapped), each of its hands is reviewed as a practice hand is, and
every decision marked a mistake or a blunder goes through the mistakes page's making
(:func:`gintrainer.trainers.mistakes.make_from`, the bank's standard). The script prints, by the kind of
decision, how many were marked, how many became puzzles, and why the others did not.

    python bench/bench_mistake_puzzles.py --learner naive --against best --hands 40
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from gintrainer.engine.duel import deal_deck, play_hand
from gintrainer.engine.evaluate import DEFAULT_SAMPLES
from gintrainer.engine.roster import PLAYER_NAMES, make_player
from gintrainer.engine.rules import Rules
from gintrainer.replay.review import DecisionKind, review
from gintrainer.trainers.mistakes import MADE_FROM, Refusal, make_from


def tally(learner: str, against: str, hands: int, samples: int,
          seed: str) -> tuple[Counter[DecisionKind], Counter[DecisionKind], Counter[tuple[DecisionKind, str]], int]:
    """Over ``hands`` hands (deal n // 2, the learner's seat n % 2): the learner's decisions by kind, its marked
    decisions by kind, and the outcome of each marked one by (kind, "puzzle" or the refusal's value)."""
    decisions: Counter[DecisionKind] = Counter()
    marked: Counter[DecisionKind] = Counter()
    outcomes: Counter[tuple[DecisionKind, str]] = Counter()
    rules = Rules()
    for number in range(hands):
        deck, dealer = deal_deck(seed, number // 2)
        seat = number % 2
        players = [make_player(against), make_player(against)]
        players[seat] = make_player(learner)
        hand = play_hand(players, deck, dealer, rules, seed)[0]
        judged = review(hand, seat, samples=samples, seed=f"{seed}:{number}")
        for decision in judged.decisions:
            decisions[decision.kind] += 1
            if decision.mark not in MADE_FROM:
                continue
            marked[decision.kind] += 1
            made = make_from(hand, seat, decision)
            outcomes[decision.kind, made.value if isinstance(made, Refusal) else "puzzle"] += 1
    return decisions, marked, outcomes, hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learner", default="naive", choices=PLAYER_NAMES)
    parser.add_argument("--against", default="best", choices=PLAYER_NAMES)
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument("--seed", default="mistakes")
    args = parser.parse_args()
    started = time.perf_counter()
    decisions, marked, outcomes, hands = tally(args.learner, args.against, args.hands, args.samples, args.seed)
    seconds = time.perf_counter() - started
    print(f"{args.learner} against {args.against}: {hands} hands, seed {args.seed!r}, {args.samples} deals a "
          f"decision; {sum(decisions.values())} decisions, {sum(marked.values())} marked a mistake or a blunder, "
          f"{sum(n for (_, what), n in outcomes.items() if what == 'puzzle')} made puzzles; {seconds:.0f} s")
    print(f"{'decision':<18} {'decisions':>9} {'marked':>7} {'puzzles':>7}  not made, why")
    for kind in DecisionKind:
        if not decisions[kind]:
            continue
        made = outcomes[kind, "puzzle"]
        why = sorted(((n, what) for (k, what), n in outcomes.items() if k is kind and what != "puzzle"), reverse=True)
        print(f"{kind.value:<18} {decisions[kind]:>9} {marked[kind]:>7} {made:>7}  "
              + ", ".join(f"{what} {n}" for n, what in why))
    refused: Counter[str] = Counter()
    for (_, what), n in outcomes.items():
        if what != "puzzle":
            refused[what] += n
    total = sum(marked.values()) or 1
    print("every kind: " + ", ".join(f"{what} {n} ({100 * n / total:.0f}%)" for what, n in refused.most_common()))


if __name__ == "__main__":
    main()
