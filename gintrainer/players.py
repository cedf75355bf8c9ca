"""Simple computer players, for self-play, puzzle positions and demonstrations.

A player looks only at what its seat may see (its cards, the discard pile,
the stock count) and returns one of ``hand.legal_actions()``.

>>> from gintrainer import Hand
>>> import random
>>> hand = Hand.deal(seed=1)
>>> players = [GreedyPlayer(random.Random(0)), GreedyPlayer(random.Random(1))]
>>> while not hand.is_over:
...     hand.apply(players[hand.to_act].choose(hand))
>>> hand.result.kind in ("knock", "gin", "undercut", "dead", "big_gin", "tie")
True
"""

from __future__ import annotations

import random

from .hand import Action, Hand
from .melds import min_deadwood


class RandomPlayer:
    """Chooses uniformly among the legal actions (lays out with ``auto`` half the time)."""

    def __init__(self, rng: random.Random | None = None):
        self.rng = rng or random.Random()

    def choose(self, hand: Hand) -> Action:
        actions = hand.legal_actions()
        if hand.phase in ("knocker_layout", "defender_layout") and self.rng.random() < 0.5:
            return Action("auto")
        return self.rng.choice(actions)


class GreedyPlayer:
    """Keeps its deadwood low one turn at a time.

    Takes the top discard when that lowers its least deadwood, else draws; throws
    the card that leaves the least deadwood (ties: the highest card); knocks as
    soon as it may when ``knocks`` is on. ``mistakes`` is the chance of a random
    discard instead, ``whims`` the chance of taking the top discard anyway.
    """

    def __init__(self, rng: random.Random | None = None, *, knocks: bool = True,
                 mistakes: float = 0.0, whims: float = 0.0):
        self.rng = rng or random.Random()
        self.knocks = knocks
        self.mistakes = mistakes
        self.whims = whims

    def choose(self, hand: Hand) -> Action:
        phase = hand.phase
        seat = hand.to_act
        held = hand.held(seat)
        if phase in ("knocker_layout", "defender_layout"):
            return Action("auto")
        legal = hand.legal_actions()
        if phase in ("upcard", "draw"):
            can_take = any(a.kind == "take" for a in legal)
            if can_take and (self.wants(held, hand.top_discard) or self.rng.random() < self.whims):
                return Action("take")
            return Action("draw") if any(a.kind == "draw" for a in legal) else Action("pass")
        # discard phase
        outs = [a for a in legal if a.kind in ("knock", "gin", "big-gin")]
        if self.knocks and outs:
            return min(outs, key=lambda a: (a.kind != "big-gin", a.kind != "gin",
                                            min_deadwood(c for c in held if c is not a.card)))
        discards = [a for a in legal if a.kind == "discard"]
        if self.rng.random() < self.mistakes:
            return self.rng.choice(discards)
        return min(discards, key=lambda a: (min_deadwood(c for c in held if c is not a.card),
                                            -a.card.value, -a.card.rank, -a.card.index))

    @staticmethod
    def wants(held, card) -> bool:
        """Whether taking ``card`` lowers the least deadwood after a discard."""
        if card is None:
            return False
        eleven = list(held) + [card]
        best = min(min_deadwood(c for c in eleven if c is not throw) for throw in held)
        return best < min_deadwood(held)
