"""Benchmark of how much the opponent's moves tell of its cards (issue 28): the evaluator's reading
(:func:`~gintrainer.engine.players.opponent_model`, which weights each card the evaluator's deals draw)
against a reading learned from played hands; prints figures, asserts nothing.

    python bench/bench_opponent_cards.py [--train 1500] [--test 500] [--jobs 2]

Plays ``--train`` hands of ``best`` against itself (seed ``train``) and ``--test`` more (seed ``test``). At
each discard of either seat while the opponent holds ten cards it records, for every card the seat has not
seen and the opponent has not shown, a few facts the seat can see (below, :func:`facts`) and whether the
opponent holds it. A logistic regression fitted on the first hands weights each card (its odds) as
``opponent_model`` weights it; on the second hands each reading is scored where the evaluator's deals use
it, drawing the opponent's hidden cards together with chances in proportion to the product of their
weights:

- the log-likelihood of the opponent's real hidden cards, a position's mean (higher is better; each nat is
  a factor e in the chance the deals give the real hand);
- the share of its hidden cards among the cards a reading weights most (as many as it hides).

Rows: every card alike; ``opponent_model``; the learned reading; the learned reading given
``opponent_model``'s weight as one more fact.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

import numpy as np

from gintrainer.engine.cards import Card
from gintrainer.engine.duel import deal_deck
from gintrainer.engine.hand import Hand, Phase
from gintrainer.engine.players import BestPlayer, decide, opponent_model, refused_cards
from gintrainer.engine.rules import Rules
from gintrainer.engine.view import SeatView

FACTS = 27
"""Facts a card: the last, ``opponent_model``'s log weight, is left out of the plain learned reading."""
Position = tuple[np.ndarray, np.ndarray]
"""(cards, FACTS) facts and (cards,) whether the opponent holds each."""
Reading = Callable[[np.ndarray], np.ndarray]
"""A reading: each card's weight from its facts (a position's rows)."""


def _kinship(card: Card, other: Card) -> int | None:
    """0: the same rank; 1 or 2: the same suit, so many ranks apart; None: no meld holds both with one more."""
    if card.rank == other.rank:
        return 0 if card.suit != other.suit else None
    if card.suit == other.suit and abs(card.rank - other.rank) <= 2:
        return abs(card.rank - other.rank)
    return None


def facts(view: SeatView, card: Card, chances: dict[Card, float]) -> np.ndarray:
    """What ``view``'s seat can see of ``card`` (not seen, not shown by the opponent); ``chances`` is
    ``opponent_model(view)``."""
    f = np.zeros(FACTS)
    threw = view.opponent_threw
    turns = min(len(threw), 10) / 10
    f[0], f[1], f[2] = 1.0, turns, card.value / 10
    f[3] = turns * f[2]
    for i, other in enumerate(threw):  # kin of its throws, the last two apart
        if (kin := _kinship(card, other)) is not None:
            f[4 + kin + (3 if len(threw) - i <= 2 else 0)] += 1
    for offset, cards in ((10, refused_cards(view)), (13, view.opponent_known), (16, view.hand)):
        for other in cards:  # kin of the cards it left, of those it took, of the seat's own
            if (kin := _kinship(card, other)) is not None:
                f[offset + kin] += 1
    unseen = set(view.unseen)
    mates = sum(Card(card.rank, suit) in unseen for suit in "CDHS" if suit != card.suit)
    f[19 + min(mates, 2)] = 1.0  # rank mates still unseen: none, one, two or more
    f[22] = sum(1 <= card.rank + step <= 13 and Card(card.rank + step, card.suit) in unseen
                for step in (-2, -1, 1, 2)) / 4
    f[23] = turns * (f[19] + f[20])
    f[24] = turns * f[22]
    f[25] = float(card.rank in (1, 13))
    f[26] = math.log(max(chances.get(card, 0.0), 1e-6))
    return f


def positions(job: tuple[str, int, int]) -> list[Position]:
    seed, first, last = job
    players = [BestPlayer(), BestPlayer()]
    rows: list[Position] = []
    for number in range(first, last):
        deck, dealer = deal_deck(seed, number)
        hand = Hand(Rules(), dealer, deck)
        while (seat := hand.to_act) is not None:
            if hand.phase == Phase.DISCARD and len(hand.hands[1 - seat]) == 10:
                view = SeatView.of(hand, seat)
                cards = [card for card in view.unseen if card not in view.opponent_known]
                held = set(hand.hands[1 - seat])
                chances = opponent_model(view)
                rows.append((np.array([facts(view, card, chances) for card in cards]),
                             np.array([card in held for card in cards])))
            hand.apply(decide(players[seat], hand, f"{seed}:{number}"))
    return rows


def played(seed: str, hands: int, jobs: int) -> list[Position]:
    step = max(1, -(-hands // (jobs * 8)))
    parts = [(seed, lo, min(lo + step, hands)) for lo in range(0, hands, step)]
    with ProcessPoolExecutor(jobs, mp_context=get_context("fork")) as pool:
        return [row for part in pool.map(positions, parts) for row in part]


def fitted(rows: list[Position], columns: list[int], l2: float = 1e-3) -> np.ndarray:
    """Logistic regression by Newton's steps: the coefficients of ``columns``."""
    x = np.concatenate([f[:, columns] for f, _ in rows])
    y = np.concatenate([held for _, held in rows]).astype(float)
    beta = np.zeros(len(columns))
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ beta))
        step = np.linalg.solve((x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(len(beta)),
                               x.T @ (y - p) - l2 * beta)
        beta += step
        if np.abs(step).max() < 1e-9:
            break
    return beta


def _learned(beta: np.ndarray, columns: list[int]) -> Reading:
    return lambda f: np.exp(f[:, columns] @ beta)


def _log_elementary(weights: np.ndarray, k: int) -> float:
    """log of the elementary symmetric sum of order ``k`` of ``weights``."""
    e = np.zeros(k + 1)
    e[0] = 1.0
    for w in weights:
        e[1:] = e[1:] + w * e[:-1]
    return float(np.log(e[k]))


def scored(rows: list[Position], weights_of: Reading) -> tuple[float, float]:
    """(the mean log-likelihood of the real hidden cards, the mean share of them among the top-weighted)."""
    likelihood = share = 0.0
    for f, held in rows:
        k = int(held.sum())
        w = weights_of(f)
        w = w / np.exp(np.log(w).mean())
        likelihood += float(np.log(w[held]).sum()) - _log_elementary(w, k)
        share += float(held[np.argsort(-w)[:k]].mean())
    return likelihood / len(rows), share / len(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--train", type=int, default=1500)
    parser.add_argument("--test", type=int, default=500)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    start = time.perf_counter()
    train, test = played("train", args.train, args.jobs), played("test", args.test, args.jobs)
    print(f"best against itself: {len(train)} positions of {args.train} hands to learn from, "
          f"{len(test)} of {args.test} other hands to score")
    plain = list(range(FACTS - 1))
    readings: dict[str, Reading] = {"every card alike": lambda f: np.ones(len(f)),
                                    "opponent_model": lambda f: np.exp(f[:, -1])}
    for name, columns in (("learned", plain), ("learned, given opponent_model", [*plain, FACTS - 1])):
        readings[name] = _learned(fitted(train, columns), columns)
    print(f"{'reading':32s}  log-likelihood  share right")
    for name, weights_of in readings.items():
        likelihood, share = scored(test, weights_of)
        print(f"{name:32s}  {likelihood:14.3f}  {share:11.1%}")
    print(f"{time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
