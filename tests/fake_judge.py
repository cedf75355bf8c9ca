"""A stand-in for the evaluator's ``judge`` (gintrainer/engine/evaluate.py) that honours its interface: the
review's tests choose the losses it reports."""

from __future__ import annotations

from gintrainer.engine import evaluate
from gintrainer.engine.evaluate import Estimate, Judgement
from gintrainer.engine.hand import ActionKind, Phase

__all__ = ["FakeJudge"]


class FakeJudge:
    """Judges like ``evaluate.judge`` and returns its Judgement shape: the move made (from ``include``) is the
    only candidate, so the best, unless ``losses`` gives a loss for the position after that many actions: then
    another legal move is the best by that loss. Every call is kept."""

    def __init__(self, losses: dict[int, tuple[float, float]] | None = None):
        self.losses = losses or {}
        self.calls: list[tuple[int, int, object, tuple]] = []

    def __call__(self, hand, *, samples=evaluate.DEFAULT_SAMPLES, seed=0, include=()):
        self.calls.append((len(hand.actions), samples, seed, tuple(tuple(move) for move in include)))
        made = tuple(include[0])
        seat = hand.to_act
        if len(hand.actions) not in self.losses:
            return Judgement(seat=seat, phase=hand.phase, moves=(made,), values=(Estimate(3.0, 1.0, samples),),
                             losses=(Estimate(0.0, 0.0, samples),))
        mean, stderr = self.losses[len(hand.actions)]
        other = next((a,) for a in hand.legal_actions() if a.kind is not ActionKind.AUTO and (a,) != made)
        return Judgement(seat=seat, phase=hand.phase, moves=(other, made),
                         values=(Estimate(3.0, 1.0, samples), Estimate(3.0 - mean, 1.0, samples)),
                         losses=(Estimate(0.0, 0.0, samples), Estimate(mean, stderr, samples)))


class ShuffledJudge:
    """Judges like ``evaluate.judge`` over every legal move (the evaluator's own candidates for a layout), but ranks
    them in an order drawn from ``seed`` and the public history: whichever move comes first is the best. A review's
    sentences must hold for any best move, so this is the strongest check of them, and costs no playout."""

    def __init__(self, seed: object = 0):
        self.seed = seed

    def __call__(self, hand, *, samples=evaluate.DEFAULT_SAMPLES, seed=0, include=()):
        import random

        from gintrainer.engine.view import SeatView
        seat = hand.to_act
        if hand.phase in (Phase.UPCARD, Phase.DRAW, Phase.DISCARD):  # every legal move, not only the screened
            moves = [(action,) for action in hand.legal_actions() if action.kind is not ActionKind.AUTO]
        else:
            moves = evaluate._candidates(hand, SeatView.of(hand, seat), include)
        random.Random(f"{self.seed}/{seed}/{hand.dealer}/{hand.upcard}/{hand.history}").shuffle(moves)
        values = tuple(Estimate(10.0 - 1.5 * rank, 0.5, samples) for rank in range(len(moves)))
        losses = tuple(Estimate(1.5 * rank, 0.0 if rank == 0 else 0.4, samples) for rank in range(len(moves)))
        return Judgement(seat=seat, phase=hand.phase, moves=tuple(moves), values=values, losses=losses)
