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
with its standard error, and the gain per hand of one seat: in points, and in hands won (a hand turned from lost
to won counts 1, from lost to dead a half), for all deviations and by kind (``best``'s move's kind, then the
evaluator's: ``knock>discard`` where it plays on instead of knocking).
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


def kind_of(usual: evaluate.Move, chosen: evaluate.Move) -> str:
    """What sort of deviation: ``best``'s move's kind, then the evaluator's (``knock>discard``: it plays on
    where ``best`` knocks)."""
    return f"{usual[0].kind.value}>{chosen[0].kind.value}"


def deviations(job: tuple[str, int, int, int]) -> list[tuple[float, float, float, str]]:
    """For each judged decision of hands ``first`` to ``last`` where the evaluator's best estimate is not
    ``best``'s move: (the loss of ``best``'s move in standard errors, the gain of the evaluator's move in
    points, in hands won (+1 a hand won that was lost, ...), its kind)."""
    seed, samples, first, last = job
    best = BestPlayer()
    found: list[tuple[float, float, float, str]] = []
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
                        after = points(finish(trial, hand_seed, best), seat)
                        before = points(final, seat)
                        won = (after > 0) - (after < 0) - ((before > 0) - (before < 0))
                        found.append((loss.mean / loss.stderr if loss.stderr else math.inf, after - before,
                                      won / 2, kind_of(usual, judgement.best)))
            replay.apply(action)
    return found


def summary(values: list[float], digits: int = 2) -> str:
    mean = sum(values) / len(values)
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1))
    return f"{mean:+.{digits}f} ± {spread / math.sqrt(len(values)):.{digits}f}"


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
    kinds = sorted({kind for *_, kind in found})
    for margin in MARGINS:
        for kind in ("all", *kinds):
            chosen = [(gain, won) for sure, gain, won, k in found if sure > margin and kind in ("all", k)]
            if not chosen:
                print(f"sure {margin} {kind}: no deviation")
                continue
            gains = [g for g, _ in chosen]
            wins = [w for _, w in chosen]
            print(f"sure {margin} {kind}: {len(gains)} deviations, {summary(gains)} points each, "
                  f"{sum(gains) / (2 * args.hands):+.3f} a hand of one seat; {summary(wins, 3)} hands won each, "
                  f"{100 * sum(wins) / (2 * args.hands):+.2f} points of win rate")
    print(f"{time.perf_counter() - start:.0f} s; load after: {os.getloadavg()[0]:.2f} (1 min)")


if __name__ == "__main__":
    main()
