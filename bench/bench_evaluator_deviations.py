"""Benchmark of the evaluator's deviations from ``best`` (issue 28): where the evaluator would play another move
than ``best``, is that move better? Prints figures, asserts nothing.

    python bench/bench_evaluator_deviations.py [--hands 60] [--samples 400] [--jobs 2] [--seed deviations]

Plays ``--hands`` hands of ``best`` against itself (a duel's dealing). At each decision of either seat that the
evaluator player would judge (not gin, nor a draw of a top discard that is of no use), the evaluator judges the
candidates and ``best``'s move on ``--samples`` deals, as :class:`~gintrainer.engine.evaluate.EvaluatorPlayer`
does. Where its best estimate is another move, that move is played on the real deal and the hand finished by
``best`` for both seats; its points for the deciding seat, less those of the hand as played, are the
deviation's gain (one real deal each: a noisy figure, averaged over many). Prints, for each margin in standard
errors the evaluator may ask before it deviates (its ``sure``: 0 to 3), the number of deviations, their mean gain
with its standard error, and the gain per hand of one seat.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor

from gintrainer.engine import evaluate
from gintrainer.engine.duel import deal_deck
from gintrainer.engine.hand import Hand, Phase
from gintrainer.engine.players import BestPlayer, Player, decide
from gintrainer.engine.rules import Rules
from gintrainer.engine.scoring import HandScore
from gintrainer.engine.view import SeatView

MARGINS = (0.0, 1.0, 1.5, 2.0, 3.0)


def finish(hand: Hand, seed: str, player: Player) -> HandScore:
    while hand.to_act is not None:
        hand.apply(decide(player, hand, seed))
    assert hand.result is not None
    return hand.result


def points(result: HandScore, seat: int) -> int:
    won = result.winner_seat
    return 0 if won is None else result.points if won == seat else -result.points


def deviations(job: tuple[str, int, int, int]) -> list[tuple[float, float]]:
    """For each judged decision of hands ``first`` to ``last`` where the evaluator's best estimate is not
    ``best``'s move: (the loss of ``best``'s move in standard errors, the gain of the evaluator's move)."""
    seed, samples, first, last = job
    best = BestPlayer()
    found: list[tuple[float, float]] = []
    for number in range(first, last):
        deck, dealer = deal_deck(seed, number)
        hand_seed = f"{seed}:{number}"
        played = Hand(Rules(), dealer, deck)
        final = finish(played, hand_seed, best)
        replay = Hand(Rules(), dealer, deck)
        for _, action in played.actions:
            if replay.phase in (Phase.UPCARD, Phase.DRAW, Phase.DISCARD):
                seat = replay.to_act
                assert seat is not None
                view = SeatView.of(replay, seat)
                judged = evaluate._gin_now(view) is None if replay.phase == Phase.DISCARD \
                    else not evaluate._clearly_draws(view)
                moves = evaluate.candidates(view) if judged else []
                usual: evaluate.Move = (action,)
                if moves and all(evaluate.move_key(m) != evaluate.move_key(usual) for m in moves):
                    moves.append(usual)
                if len(moves) > 1:
                    judge_seed = random.Random(f"{hand_seed}:{len(replay.actions)}").getrandbits(64)
                    judgement = evaluate.judge_view(view, samples=samples, seed=judge_seed, moves=moves)
                    loss = judgement.loss_of(usual)
                    if evaluate.move_key(judgement.best) != evaluate.move_key(usual):
                        trial = replay.copy()
                        for step in judgement.best:
                            trial.apply(step)
                        gain = points(finish(trial, hand_seed, best), seat) - points(final, seat)
                        found.append((loss.mean / loss.stderr if loss.stderr else math.inf, gain))
            replay.apply(action)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--samples", type=int, default=evaluate.PLAYER_SAMPLES)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", default="deviations")
    args = parser.parse_args()
    print(f"load before: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores; best against best, "
          f"{args.hands} hands, seed {args.seed!r}; the evaluator on {args.samples} deals a decision")
    start = time.perf_counter()
    step = max(1, args.hands // (args.jobs * 4))
    jobs = [(args.seed, args.samples, lo, min(lo + step, args.hands)) for lo in range(0, args.hands, step)]
    with ProcessPoolExecutor(args.jobs) as pool:
        found = [d for part in pool.map(deviations, jobs) for d in part]
    for margin in MARGINS:
        gains = [gain for sure, gain in found if sure > margin]
        if not gains:
            print(f"sure {margin}: no deviation")
            continue
        mean = sum(gains) / len(gains)
        spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / max(1, len(gains) - 1))
        print(f"sure {margin}: {len(gains)} deviations, {mean:+.2f} ± {spread / math.sqrt(len(gains)):.2f} points "
              f"each, {sum(gains) / (2 * args.hands):+.2f} a hand of one seat")
    print(f"{time.perf_counter() - start:.0f} s; load after: {os.getloadavg()[0]:.2f} (1 min)")


if __name__ == "__main__":
    main()
