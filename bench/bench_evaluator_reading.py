"""Benchmark of what the evaluator's reading of the opponent costs it (issue 28): the ``evaluator`` player
against ``best`` on a duel's deals, judging from deals that hold the opponent's real hand (the stock's order
still drawn at random from the other unseen cards) or, with ``--fair``, from the deals it draws itself;
prints figures, asserts nothing.

    python bench/bench_evaluator_reading.py [--deals 600] [--samples 400] [--judge all|usual] [--fair]
        [--real-at all|discard|draw] [--objective points|hands] [--seed 2026] [--jobs 2]

Each deal is played from both seats, as ``gintrainer duel`` plays it (the same dealing and the same seeds
for the moves, so ``--seed 2026`` gives the deals of the duels in docs/benchmarks.md). ``--judge all``:
the evaluator judges every decision (``overrules`` every kind of move); ``usual``: the kinds it judges as a
player (:data:`~gintrainer.engine.evaluate.PLAYER_OVERRULES`). With the real hand the evaluator is given
what no player may know: the figure says how far its judgement would carry with a perfect reading, and so
whether its reading or its playouts' policy holds it back; ``--real-at discard`` gives it the real hand only
at its discards (the knocks among them), ``draw`` only before its draws (the upcard, a take or a stock draw),
to say which of its decisions the knowledge pays in. The knocker's layout and the defender's reply are
judged as always (the defender's hand drawn, or shown to the knocker's reply). ``--objective hands`` judges
by hands won (each deal's points replaced by their sign: +1 won, -1 lost, 0 dead), the figure the duel's win
rate counts, where the evaluator judges by points of the hand.

Prints the evaluator's win rate over decided hands with its 95% Wilson interval, its points a hand (its
less ``best``'s, with their standard error) and the time.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

import numpy as np

import gintrainer.engine.evaluate as evaluate
from gintrainer.engine.cards import cards_mask
from gintrainer.engine.duel import deal_deck, wilson_interval
from gintrainer.engine.hand import LAYOUT_PHASES, ActionKind, Hand, Phase
from gintrainer.engine.players import BestPlayer, decide
from gintrainer.engine.rules import Rules
from gintrainer.engine.view import SeatView

_REAL: dict[str, int | None] = {"opponent": None}
"""The opponent's real hand (a mask) while the evaluator decides with it, else None."""
_drawn_deals = evaluate._sampled_deals


def _real_deals(view: SeatView, n: int, rng: np.random.Generator) -> evaluate._Deals:
    """Deals that hold the opponent's real hand, the stock a random order of the other unseen cards."""
    opponent = _REAL["opponent"]
    if opponent is None or view.phase in LAYOUT_PHASES:
        return _drawn_deals(view, n, rng)
    rest = np.array([c.index for c in evaluate._unseen(view) if not opponent >> c.index & 1], dtype=np.int64)
    stock = rest[np.argsort(rng.random((n, len(rest))), axis=1)]
    return evaluate._Deals(np.full(n, opponent, dtype=np.uint64), stock, np.full(n, 1.0 / n))


_REAL_AT = {"all": frozenset(Phase), "discard": frozenset({Phase.DISCARD}),
            "draw": frozenset({Phase.UPCARD, Phase.DRAW})}
"""The phases at which ``--real-at`` gives the evaluator the opponent's real hand."""


_BY_POINTS = (evaluate._playout_values, evaluate._layout_values)


def _by_hands(values: Callable[..., np.ndarray]) -> Callable[..., np.ndarray]:
    """``values`` (a table of each deal's points for each move) as hands won: the points' sign."""
    return lambda *args: np.sign(values(*args))


def play(job: tuple[int, int, int, str, bool, str, str, str]) -> list[int]:
    """The evaluator's points in each hand of deals ``first`` to ``last``, from both seats (less when it lost)."""
    first, last, samples, judge, real, seed, real_at, objective = job
    evaluate._sampled_deals = _real_deals
    if objective == "hands":
        evaluate._playout_values, evaluate._layout_values = (_by_hands(v) for v in _BY_POINTS)
    kinds = frozenset(ActionKind) if judge == "all" else evaluate.PLAYER_OVERRULES
    players = (evaluate.EvaluatorPlayer(samples=samples, overrules=kinds), BestPlayer())
    points = []
    for deal in range(first, last):
        deck, dealer = deal_deck(seed, deal)
        for mine in (0, 1):
            hand = Hand(Rules(), dealer, deck)
            while (seat := hand.to_act) is not None:
                shown = real and seat == mine and hand.phase in _REAL_AT[real_at]
                _REAL["opponent"] = cards_mask(hand.held(1 - seat)) if shown else None
                player = players[0] if seat == mine else players[1]
                hand.apply(decide(player, hand, f"{seed}:{2 * deal + mine}"))
            result = hand.result
            assert result is not None
            won = result.winner_seat
            points.append(0 if won is None else result.points if won == mine else -result.points)
    return points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--samples", type=int, default=400)
    parser.add_argument("--judge", choices=("all", "usual"), default="all")
    parser.add_argument("--fair", action="store_true", help="the evaluator's own drawn deals (no real hand)")
    parser.add_argument("--real-at", choices=tuple(_REAL_AT), default="all",
                        help="the decisions at which the real hand is given")
    parser.add_argument("--objective", choices=("points", "hands"), default="points",
                        help="judge by points of the hand, or by hands won")
    parser.add_argument("--seed", default="2026")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    reading = "its own drawn deals" if args.fair else f"deals with the opponent's real hand at {args.real_at}"
    print(f"load before: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores; {args.deals} deals from both "
          f"seats, seed {args.seed}, {args.samples} deals a judged decision, judging {args.judge} by "
          f"{args.objective}, {reading}")
    start = time.perf_counter()
    step = max(1, args.deals // (8 * args.jobs))
    jobs = [(lo, min(lo + step, args.deals), args.samples, args.judge, not args.fair, args.seed, args.real_at,
             args.objective) for lo in range(0, args.deals, step)]
    with ProcessPoolExecutor(args.jobs, mp_context=get_context("fork")) as pool:
        points = [p for part in pool.map(play, jobs) for p in part]
    wins, losses = sum(p > 0 for p in points), sum(p < 0 for p in points)
    low, high = wilson_interval(wins, wins + losses)
    net = np.array(points, dtype=float)
    error = net.std(ddof=1) / len(net) ** 0.5
    print(f"evaluator against best: won {100 * wins / (wins + losses):.1f}% of {wins + losses} decided hands "
          f"(95% interval {100 * low:.1f}% to {100 * high:.1f}%), {net.mean():+.2f} ± {error:.2f} points a hand "
          f"over {len(points)} hands; {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
