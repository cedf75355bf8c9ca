"""The tutor in practice: before a learner's move is played, the evaluator judges it, and a move whose mark
reaches the tutor's threshold is held until the learner decides: rethink it, play it anyway, or ask for a
hint (gnubg's tutor mode). The learner's answers are notes
(:class:`~gintrainer.replay.tutor_notes.TutorNote`), kept with the game and with the review of the hand.

The move is judged as a review judges it (:func:`gintrainer.engine.evaluate.judge` from the learner's view
only, the move among the candidates) and marked by the review's own :func:`~gintrainer.replay.review.mark_for`
(one owner of the marks and their thresholds): the tutor set to :attr:`TutorMode.MISTAKES` stops mistakes and
blunders, set to :attr:`TutorMode.BLUNDERS` only blunders. The hint is the first rung of the hint ladder the
puzzles give for the decision's kind: how to weigh that kind of decision, never the answer.

The samples
-----------
A check judges one decision at :data:`TUTOR_SAMPLES` sampled deals, a third of the review's 600: it runs
while the learner waits for the move to be played. Measured (``python bench/bench_tutor.py --hands 8
--samples 150 200 600``: every decision of both players in 8 hands of naive against naive, 236 decisions,
the shape rule's playouts scoring their knocks on card masks, this 2-core machine quiet):

======= =========================== ==========================================
samples time: median, 90%, slowest  standard error of a loss: median, 90%, largest
======= =========================== ==========================================
150     0.06 s, 0.11 s, 0.19 s      1.55, 1.89, 2.07
200     0.07 s, 0.13 s, 0.22 s      1.33, 1.67, 1.83
600     0.16 s, 0.41 s, 0.52 s      0.79, 0.96, 1.03
======= =========================== ==========================================

A loss is marked only above two standard errors (:data:`~gintrainer.replay.review.STANDARD_ERRORS`). At 200
samples two standard errors stay under the mistake's 4 points for every decision measured (3.66 at the
largest), so a loss of 4 points is told apart from none and the tutor stops what the review would mark a
mistake; the blunder's 8 points is far above the noise. At 150 the largest is 2.07 (two of them: 4.14), and
a 4-point mistake could go unmarked. 200 is the fewest samples that keeps the threshold, at a third of the
review's time; the page shows that the tutor is looking, and the check is asked for by the page once it has
redrawn (:class:`gintrainer.widgets.practice.TutorCheck`).

The tutor and the coach in words never give opposite advice: when both are on, the coach's move is judged by
the tutor before the coach speaks, and if the tutor would stop it the coach says nothing about that decision
(the tutor's deeper judgement wins: the coach counts deadwood one draw ahead, the evaluator plays the hand out).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..engine import evaluate
from ..engine.evaluate import Estimate, Judgement, Move
from ..engine.hand import ActionKind, Hand, Phase
from ..material.messages import Message, render, say
from ..replay import review_words as said
from ..replay.review import MARKS, DecisionKind, Judge, Mark, decision_kind, mark_for, move_words
from ..replay.tutor_notes import TutorChoice, TutorNote, notes_by_step
from ..words.errors import GinError
from ..words.language import N_, t
from ..words.vocab import Vocabulary

TUTOR_SAMPLES = 200
"""The sampled deals of one check (see the module's text for why)."""


class TutorMode(Vocabulary, noun=N_("tutor")):
    """When the tutor stops a move: never, at a mistake or worse, or only at a blunder."""

    OFF = "off"
    MISTAKES = "mistakes"
    BLUNDERS = "blunders"

    @property
    def threshold(self) -> Mark | None:
        """The mildest mark the tutor stops (None: the tutor is off)."""
        return {TutorMode.OFF: None, TutorMode.MISTAKES: Mark.MISTAKE, TutorMode.BLUNDERS: Mark.BLUNDER}[self]

    def stops(self, mark: Mark) -> bool:
        """Whether a move of that mark is stopped."""
        threshold = self.threshold
        return threshold is not None and mark in MARKS and MARKS.index(mark) >= MARKS.index(threshold)


TUTOR_OPTIONS = ((TutorMode.OFF, N_("off")), (TutorMode.MISTAKES, N_("stop mistakes and blunders")),
                 (TutorMode.BLUNDERS, N_("stop blunders only")))
"""The tutor's modes on the practice page, with their labels in English (shown with ``t``)."""


def tutor_options() -> list[tuple[str, str]]:
    """The tutor menu's options (label, mode), in the learner's language."""
    return [(t(label), str(mode)) for mode, label in TUTOR_OPTIONS]


def tutor_mode(value: object) -> TutorMode:
    """The tutor ``value`` names (GinError naming the choices otherwise)."""
    return TutorMode.parse(value)


def first_hint(position: Hand) -> Message:
    """The first rung of the puzzles' hint ladder for the kind of decision the seat to act takes in
    ``position``: how to weigh it (the rung a puzzle gives when no theme decides it), never the answer. A
    theme's own hint is not given: the puzzles' themes are found against the solver's answer, which need not
    be the evaluator's best move here."""
    kind = decision_kind(position)
    if kind is DecisionKind.TAKE_OR_DRAW and position.phase is Phase.UPCARD and position.to_act == position.dealer:
        return say("td_hint_compare_keep", card=position.top_discard)  # a pass draws nothing: the other draws first
    if kind is DecisionKind.TAKE_OR_DRAW:
        return say("td_hint_compare", card=position.top_discard)
    if kind is DecisionKind.KNOCKER_LAYOUT:
        return say("kl_hint_count")
    if kind is DecisionKind.DEFENDER_LAYOUT:
        return say("df_hint_count")
    return say("hint_arrange")


@dataclass(frozen=True, slots=True)
class TutorWarning:
    """A move the tutor stopped, waiting for the learner: the position is the hand after ``before`` actions."""

    before: int
    made: Move
    best: Move
    loss: Estimate
    mark: Mark
    hint: Message
    hinted: bool = False

    def question(self) -> str:
        """What the page asks."""
        values = {"move": move_words(self.made), "lost": said.loss_words(self.loss)}
        if self.mark is Mark.BLUNDER:
            # Translators: the tutor's question before a move is played; {move} is the move ("discard 7♥"),
            # {lost} the points lost with their error ("9.00 ± 0.50").
            return t("Wait: your move ({move}) looks like a blunder. By the evaluator it loses {lost} points of "
                     "the hand against the best move. Rethink, play it anyway, or take a hint?", **values)
        return t("Wait: your move ({move}) looks like a mistake. By the evaluator it loses {lost} points of the "
                 "hand against the best move. Rethink, play it anyway, or take a hint?", **values)


class Tutor:
    """The tutor's judge: :func:`~gintrainer.engine.evaluate.judge` (or a stand-in of its shape) at
    ``samples`` deals, each judgement kept for its position and move so that the same question always gets
    the same answer (the coach's move is judged once, whether the coach or the learner asks)."""

    def __init__(self, judge: Judge | None = None, samples: int = TUTOR_SAMPLES):
        self.judge: Judge = evaluate.judge if judge is None else judge
        self.samples = samples
        self._judged: dict[tuple[object, ...], Judgement | None] = {}

    def judgement(self, position: Hand, move: Move, seed: str) -> Judgement | None:
        """The judgement of ``position`` with ``move`` among the candidates (None: no decision to judge there,
        every move comes to the same)."""
        key = (seed, position.dealer, position.history, evaluate.move_key(move))
        if key not in self._judged:
            try:
                self._judged[key] = self.judge(position, samples=self.samples, seed=seed, include=[move])
            except GinError:
                self._judged[key] = None
            if len(self._judged) > 64:  # a hand's decisions are enough to keep
                self._judged.pop(next(iter(self._judged)))
        return self._judged[key]

    def check(self, mode: TutorMode, position: Hand, move: Move, seed: str) -> TutorWarning | None:
        """The warning for ``move`` (legal, the seat to act's whole decision) in ``position`` when ``mode`` stops
        its mark; else None."""
        if mode.threshold is None or position.is_over:
            return None
        if len([a for a in position.legal_actions() if a.kind is not ActionKind.AUTO]) < 2:
            return None  # one move only: no decision
        judgement = self.judgement(position, move, seed)
        if judgement is None:
            return None
        loss = judgement.loss_of(move)
        mark = mark_for(loss)
        if not mode.stops(mark):
            return None
        return TutorWarning(before=len(position.actions), made=tuple(move), best=judgement.best, loss=loss,
                            mark=mark, hint=first_hint(position))


def hinted(warning: TutorWarning) -> TutorWarning:
    """The warning once its hint is shown."""
    return dataclasses.replace(warning, hinted=True)


def hint_words(warning: TutorWarning) -> str:
    """The hint in words."""
    return render(warning.hint)


__all__ = ["TUTOR_OPTIONS", "TUTOR_SAMPLES", "Tutor", "TutorChoice", "TutorMode", "TutorNote", "TutorWarning",
           "first_hint", "hint_words", "hinted", "notes_by_step", "tutor_mode", "tutor_options"]

