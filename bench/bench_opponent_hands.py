"""Benchmark of the opponent hands the evaluator draws (issue 28): are they as good as the hands a player
holds? Prints figures, asserts nothing.

    python bench/bench_opponent_hands.py [--hands 300] [--samples 2000] [--jobs 2] [--seed collect] [--fit]

Plays ``--hands`` hands of ``best`` against itself (a duel's dealing). At each decision of either seat while
its opponent holds ten cards, draws ``--samples`` opponent hands from that seat's view as the evaluator's
deals draw them (:func:`~gintrainer.engine.evaluate._sampled_deals`: card by card from the cards not seen,
each weighted by the opponent's takes, throws and refusals). Prints, by how many discards the opponent has
made: the positions, the least deadwood of the opponent's real hand (mean) and of the hands drawn, and the
same for the drawn hands leaned to less deadwood: each weighted by ``exp(-lean * deadwood)``, ``lean`` from
:data:`~gintrainer.engine.evaluate.LEAN` by the opponent's discards, and by
:data:`~gintrainer.engine.evaluate.KNOCKED` if it could have knocked at its last discard;
then where the real hand falls among the leaned ones (its rank as a share, by fifths: a fifth of the
positions in each when the leaned hands are as good as the real ones). ``--fit`` also prints, for each
number of discards, the lean that brings the leaned hands' mean deadwood nearest the real hands' (the way
:data:`~gintrainer.engine.evaluate.LEAN` was set).
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

import numpy as np

from gintrainer.engine import evaluate
from gintrainer.engine.cards import cards_mask
from gintrainer.engine.duel import deal_deck
from gintrainer.engine.evaluate import LEAN, lean_weights
from gintrainer.engine.hand import Hand, Phase
from gintrainer.engine.melds import mask_min_deadwood, masks_min_deadwood
from gintrainer.engine.players import BestPlayer, decide
from gintrainer.engine.rules import Rules
from gintrainer.engine.view import SeatView

LAST = len(LEAN) - 1
Row = tuple[int, int, int, np.ndarray]
"""One position: the opponent's discards (at most LAST), its real least deadwood, the knock limit, the least
deadwood of each hand drawn card by card (before the lean)."""


def positions(job: tuple[str, int, int, int]) -> list[Row]:
    seed, samples, first, last = job
    players = [BestPlayer(), BestPlayer()]
    rows: list[Row] = []
    for number in range(first, last):
        deck, dealer = deal_deck(seed, number)
        hand = Hand(Rules(), dealer, deck)
        while (seat := hand.to_act) is not None:
            if hand.phase in (Phase.DRAW, Phase.DISCARD) and len(hand.hands[1 - seat]) == 10:
                view = SeatView.of(hand, seat)
                turns = sum(1 for who, text in view.moves if who != seat and text.startswith("discard"))
                real = mask_min_deadwood(cards_mask(hand.hands[1 - seat]))
                deals = evaluate._sampled_deals(view, samples, np.random.default_rng(len(rows)))
                drawn = masks_min_deadwood(deals.opponent)
                rows.append((min(turns, LAST), real, view.knock_limit, drawn.astype(np.int16)))
            hand.apply(decide(players[seat], hand, f"{seed}:{number}"))
    return rows


def leaned(drawn: np.ndarray, limit: int, lean: float, turns: int) -> np.ndarray:
    """The leaned weights of hands of these least deadwoods (adding up to 1)."""
    if not turns:
        return np.full(len(drawn), 1.0 / len(drawn))
    return lean_weights(drawn.astype(float), lean, limit)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", default="collect")
    parser.add_argument("--fit", action="store_true")
    args = parser.parse_args()
    start = time.perf_counter()
    step = max(1, -(-args.hands // (args.jobs * 4)))
    jobs = [(args.seed, args.samples, lo, min(lo + step, args.hands)) for lo in range(0, args.hands, step)]
    with ProcessPoolExecutor(args.jobs, mp_context=get_context("fork")) as pool:
        rows = [row for part in pool.map(positions, jobs) for row in part]
    by: dict[int, list[Row]] = defaultdict(list)
    for row in rows:
        by[row[0]].append(row)
    print(f"{args.hands} hands of best against itself, seed {args.seed!r}: {len(rows)} positions, "
          f"{args.samples} hands drawn at each")
    print("discards  positions  real  drawn  leaned  real hand's rank among the leaned, by fifths")
    for turns in sorted(by):
        group = by[turns]
        lean = LEAN[turns]
        real = np.mean([r for _, r, _, _ in group])
        plain = np.mean([d.mean() for _, _, _, d in group])
        weights = [leaned(d, limit, lean, turns) for _, _, limit, d in group]
        means = np.mean([w @ d for w, (_, _, _, d) in zip(weights, group, strict=True)])
        ranks = [float(w @ (d < r) + 0.5 * (w @ (d == r))) for w, (_, r, _, d) in zip(weights, group, strict=True)]
        fifths = np.histogram(ranks, bins=5, range=(0, 1))[0] / len(group)
        label = f"{turns}+" if turns == LAST else str(turns)
        print(f"{label:>8}  {len(group):9d}  {real:4.1f}  {plain:5.1f}  {means:6.1f}  "
              + " ".join(f"{x:4.0%}" for x in fifths))
        if args.fit:
            grid = np.arange(0.0, 0.3, 0.01)
            fitted = [np.mean([leaned(d, limit, g, turns) @ d for _, _, limit, d in group]) for g in grid]
            best = grid[int(np.argmin(np.abs(np.array(fitted) - real)))]
            print(f"{'':>8}  fitted lean {best:.2f} (drawn mean {min(fitted, key=lambda f: abs(f - real)):.1f})")
    print(f"{time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
