"""The practice tutor's check at a few sample counts: its time per decision and the standard error of a loss
(gintrainer/trainers/tutor.py states the sample count these figures choose). Two computer players play a few
hands; every decision of both seats is judged as the tutor judges it (the move made included) at each count.

    python bench/bench_tutor.py --hands 8 --player naive --samples 150 200 300 600
"""

from __future__ import annotations

import argparse
import statistics
import time

from gintrainer.engine import evaluate, players, roster
from gintrainer.engine.hand import Hand
from gintrainer.replay.review import STANDARD_ERRORS, THRESHOLDS, Mark


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=8)
    parser.add_argument("--player", default="naive", choices=roster.PLAYER_NAMES)
    parser.add_argument("--samples", type=int, nargs="+", default=[150, 200, 300, 600])
    args = parser.parse_args()
    player = roster.make_player(args.player)
    times: dict[int, list[float]] = {n: [] for n in args.samples}
    errors: dict[int, list[float]] = {n: [] for n in args.samples}
    count = 0
    for seed in range(args.hands):
        hand = Hand.deal(seed=seed)
        while not hand.is_over:
            hand.apply(players.decide(player, hand, seed=f"tutor{seed}"))
        for seat in (0, 1):
            for before, move in evaluate.decisions(hand, seat):
                position = hand.prefix(before)
                count += 1
                for samples in args.samples:
                    start = time.perf_counter()
                    judgement = evaluate.judge(position, samples=samples, seed=before, include=[move])
                    times[samples].append(time.perf_counter() - start)
                    loss = judgement.loss_of(move)
                    if loss.stderr > 0:  # the move made was not the best
                        errors[samples].append(loss.stderr)
    mistake = THRESHOLDS[Mark.MISTAKE]
    print(f"{count} decisions of {args.hands} hands ({args.player} against itself)")
    for samples in args.samples:
        took, err = times[samples], errors[samples]
        print(f"{samples:5d} samples: time median {statistics.median(took):.3f} s, 90th percentile "
              f"{percentile(took, 0.9):.3f} s, slowest {max(took):.3f} s; stderr of a loss median "
              f"{statistics.median(err):.2f}, 90th percentile {percentile(err, 0.9):.2f}, largest {max(err):.2f} "
              f"({len(err)} losses); {STANDARD_ERRORS} x largest "
              f"{'<' if STANDARD_ERRORS * max(err) < mistake else '>='} the mistake's {mistake:g} points")


if __name__ == "__main__":
    main()
