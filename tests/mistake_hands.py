"""Played hands whose decisions the fake judge marks, for the tests of the learner's mistakes made puzzles
(tests/test_mistake_puzzles.py, tests/browser/test_mistakes_page.py)."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from functools import cache

from fake_judge import FakeJudge
from gintrainer.engine.cards import DECK
from gintrainer.engine.duel import play_hand
from gintrainer.engine.hand import Action, ActionKind, Hand, Phase
from gintrainer.engine.players import GreedyPlayer
from gintrainer.engine.rules import Rules
from gintrainer.puzzles import PuzzleKind
from gintrainer.records.reviews import KeptReview
from gintrainer.replay.kept import kept_review
from gintrainer.replay.review import Decision, DecisionKind, HandReview, review

__all__ = ["KEPT_AT", "MADE", "case", "defended_badly", "judged", "kept", "played"]

KEPT_AT = datetime(2026, 11, 2, 23, 30, tzinfo=UTC)  # not today: the tag is the date the review was kept


@cache
def played(seed: int, careless: bool = False) -> Hand:
    """A hand two greedy players play from ``seed`` (careless: with mistakes and whims, knocking half the
    time they can)."""
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    extra = dict(mistakes=0.3, whims=0.3, knocks=0.5) if careless else {}
    players = [GreedyPlayer(random.Random(seed + n), **extra) for n in (0, 1)]  # type: ignore[arg-type]
    hand, *_ = play_hand(players, tuple(deck), seed % 2, Rules(), seed)
    return hand


@cache
def defended_badly(seed: int) -> tuple[Hand, int]:
    """A played hand where the defender, after a knock, lays out nothing and lays nothing off; and the
    number of actions before that layout."""
    hand = played(seed)
    before = next(i for i in range(len(hand.actions)) if hand.prefix(i).phase is Phase.DEFENDER_LAYOUT)
    bad = hand.prefix(before)
    bad.apply(Action(ActionKind.DONE))
    assert bad.is_over
    return bad, before


def judged(hand: Hand, seat: int, step: int, loss: float = 9.0) -> tuple[HandReview, Decision]:
    """The review of ``seat`` in ``hand`` with the decision at ``step`` marked by ``loss`` (a blunder from
    8), the others not marked; and that decision."""
    made = review(hand, seat, samples=10, judge=FakeJudge({step - 1: (loss, 1.0)}))
    return made, next(d for d in made.decisions if d.step == step)


def kept(hand: Hand, made: HandReview, number: int = 1) -> KeptReview:
    return kept_review(made, hand, match="7", number=number, at=KEPT_AT)


# (hand, seat, step of the decision, its kind, the puzzle's kind): found in hands played by the players above
MADE = {
    PuzzleKind.TAKE_OR_DRAW: (lambda: played(0), 1, 29, DecisionKind.TAKE_OR_DRAW),
    PuzzleKind.BEST_DISCARD: (lambda: played(3), 1, 16, DecisionKind.DISCARD),
    PuzzleKind.CAN_KNOCK: (lambda: played(5, careless=True), 0, 14, DecisionKind.KNOCK_OR_PLAY_ON),
    PuzzleKind.KNOCK_LAYOUT: (lambda: played(31, careless=True), 1, 97, DecisionKind.KNOCKER_LAYOUT),
    PuzzleKind.DEFEND: (lambda: defended_badly(1)[0], None, None, DecisionKind.DEFENDER_LAYOUT),
}


def case(kind: PuzzleKind) -> tuple[Hand, int, int]:
    make, seat, step, _ = MADE[kind]
    hand = make()
    if seat is None:  # the defender's layout
        before = defended_badly(1)[1]
        seat, step = hand.actions[before][0], before + 1
    assert seat is not None and step is not None
    return hand, seat, step
