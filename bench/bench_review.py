"""Benchmark of the evaluator (issue 28): judging every decision of one seat over a whole hand; prints
figures, asserts nothing.

    python bench/bench_review.py [--hands 20] [--samples N] [--seed 2026]

Hands of mixed play (seat 0 and seat 1 each ``best``, ``lookahead``, ``naive`` or the sound player, by
turns), each played to its end; then for seat 0 every decision of the hand (``decisions()``) is judged
with the move made included (``judge(hand.prefix(n), include=[move])``), as a review does. Prints the
time per hand (median and slowest), per decision by phase, the hands' decision counts, the mean standard
error of the moves' losses, and the machine's load.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections import defaultdict

PAIRS = (("best", "naive"), ("lookahead", "best"), ("naive", "sound"), ("sound", "lookahead"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--samples", type=int, default=None, help="deals per decision (the default: DEFAULT_SAMPLES)")
    parser.add_argument("--seed", default="2026")
    args = parser.parse_args()
    from gintrainer import Hand
    from gintrainer.engine.evaluate import DEFAULT_SAMPLES, decisions, judge
    from gintrainer.engine.players import Player, decide, sound_player
    from gintrainer.engine.roster import make_player
    from gintrainer.engine.view import acting_seat

    samples = args.samples or DEFAULT_SAMPLES

    def player(name: str) -> Player:
        return sound_player() if name == "sound" else make_player(name)

    print(f"load before: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores; {samples} deals a decision")
    per_hand: list[float] = []
    by_phase: dict[str, list[float]] = defaultdict(list)
    counts: list[int] = []
    errors: list[float] = []
    for number in range(args.hands):
        names = PAIRS[number % len(PAIRS)]
        players = [player(names[0]), player(names[1])]
        hand = Hand.deal(seed=f"{args.seed}:{number}")
        while not hand.is_over:
            hand.apply(decide(players[acting_seat(hand)], hand, seed=number))
        start = time.perf_counter()
        found = decisions(hand, 0)
        for steps, move in found:
            begin = time.perf_counter()
            position = hand.prefix(steps)
            judgement = judge(position, samples=samples, include=[move])
            by_phase[str(judgement.phase)].append(time.perf_counter() - begin)
            errors.extend(loss.stderr for loss in judgement.losses[1:])
        per_hand.append(time.perf_counter() - start)
        counts.append(len(found))
        print(f"  hand {number:2} ({names[0]} v {names[1]}, {hand.result.kind if hand.result else '?'}): "
              f"{len(found):2} decisions in {per_hand[-1]:.2f} s")
    every = [t for times in by_phase.values() for t in times]
    print(f"per hand: median {statistics.median(per_hand):.2f} s, slowest {max(per_hand):.2f} s "
          f"over {len(per_hand)} hands ({statistics.mean(counts):.1f} decisions a hand)")
    print(f"per decision: mean {statistics.mean(every) * 1000:.0f} ms, slowest {max(every) * 1000:.0f} ms")
    for phase, times in sorted(by_phase.items()):
        print(f"  {phase}: {len(times)} decisions, mean {statistics.mean(times) * 1000:.0f} ms, "
              f"slowest {max(times) * 1000:.0f} ms")
    if errors:
        print(f"the losses' standard error: median {statistics.median(errors):.2f} points, "
              f"largest {max(errors):.2f}")
    print(f"load after: {os.getloadavg()[0]:.2f} (1 min)")


if __name__ == "__main__":
    main()
