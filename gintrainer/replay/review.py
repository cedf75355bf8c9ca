"""The review of a played hand: each decision of one seat judged by the evaluator
(:mod:`gintrainer.engine.evaluate`), with the points of the hand it lost and a mark.

:func:`review` takes every decision of a seat (:func:`~gintrainer.engine.evaluate.decisions`),
judges the position before it from that seat's view with the move made among the
candidates, and keeps a :class:`Decision`: its step, its kind, the move made and the
best move, the points lost (the made move's paired loss against the best, with its
standard error) and the expected points of both. :class:`HandReview` sums a hand up:
points lost per decision (the "error rate", as eXtreme Gammon counts it), the count of
each mark and the worst three decisions; :class:`MatchReview` sums several hands. A decision whose best move
was not the move made says why, in the engine's numbers from the seat's view (:mod:`gintrainer.replay.why`).

The marks
---------
A decision is marked by the points of the hand it lost (:data:`THRESHOLDS`): an
**inaccuracy** from 2 points, a **mistake** from 4, a **blunder** from 8, and never
when the loss is within two standard errors of 0 (the estimate cannot tell it from
no loss). Why these figures:

* the stake of a hand is about 16 points: over the 10,000 hands of
  ``gintrainer/data/knock_figures.json`` (lookahead players, standard rules) a hand
  scored 15.8 points on average (the standard deviation of the score: 20.6). A blunder
  gives away half of that, an inaccuracy an eighth;
* each mark doubles the last, as gnubg's and eXtreme Gammon's do (0.04, 0.08 and 0.16
  of a game): a mistake is two inaccuracies, a blunder two mistakes;
* measured (``python bench/bench_review_marks.py --a naive --b best --hands 40
  --samples 600``: 20 deals played twice with the seats swapped, every decision of both
  players reviewed on the evaluator's default 600 samples): the standard error of a
  loss is about 0.8 points (median 0.86 for naive, 0.80 for best), so a loss is told apart
  from none from about 1.6 points. With 2, 4 and 8, naive's 532 decisions are 11.5%
  inaccuracies, 8.5% mistakes and 0.4% blunders (1.00 point lost per decision), best's
  528 are 4.9%, 0.4% and none (0.30 a decision): every mark is used, each is rarer than
  the one below it, the marks tell the two players apart (more than twice as many
  inaccuracies, twenty times as many mistakes) and the strongest player does not
  blunder. With 1, 2 and 4 there would be more mistakes than inaccuracies (naive 2.8%,
  11.5%, 8.8%) and best would blunder in 0.4% of its decisions; at 200 samples
  (standard error 1.5) an inaccuracy from 1 point would hardly ever be given.

A review states the thresholds it was marked by, so that a record keeps its meaning
if they change (a learner's reviews may show other figures: beginners lose more).

>>> mark_for(Estimate(5.0, 1.4, 200)), mark_for(Estimate(5.0, 2.5, 200)), mark_for(Estimate(0.0, 0.0, 200))
(Mark.MISTAKE, Mark.NONE, Mark.NONE)
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeGuard

from ..engine import evaluate
from ..engine.evaluate import Estimate, Judgement, Move
from ..engine.hand import Action, ActionKind, Hand, Phase
from ..engine.telling import advise
from ..material.messages import Message, render
from ..records.storage import RecordError, RecordKind
from ..words.errors import GinError
from ..words.language import N_, t, tc
from ..words.vocab import Vocabulary
from .why import why


class DecisionKind(Vocabulary, noun=N_("decision kind")):
    """What a decision decides: the phase it is taken in, and in the discard phase whether going out was
    possible (then it is a knock or play on, whatever was played)."""

    TAKE_OR_DRAW = "take_or_draw"
    DISCARD = "discard"
    KNOCK_OR_PLAY_ON = "knock_or_play_on"
    KNOCKER_LAYOUT = "knocker_layout"
    DEFENDER_LAYOUT = "defender_layout"

    @property
    def words(self) -> str:
        """The kind in the current language, as a review's table names it."""
        return {
            DecisionKind.TAKE_OR_DRAW: tc("decision kind", "take or draw"),
            DecisionKind.DISCARD: tc("decision kind", "discard"),
            DecisionKind.KNOCK_OR_PLAY_ON: tc("decision kind", "knock or play on"),
            DecisionKind.KNOCKER_LAYOUT: tc("decision kind", "knocker's layout"),
            DecisionKind.DEFENDER_LAYOUT: tc("decision kind", "defender's melds and lay-offs"),
        }[self]


class Mark(Vocabulary, noun=N_("mark")):
    """How bad a decision was, by the points it lost (see the module's text)."""

    NONE = "none"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def symbol(self) -> str:
        """The mark as annotators write it beside a move (gnubg's and chess's ``?!``, ``?``, ``??``)."""
        return {Mark.NONE: "", Mark.INACCURACY: "?!", Mark.MISTAKE: "?", Mark.BLUNDER: "??"}[self]

    @property
    def words(self) -> str:
        """The mark in the current language ("" for none)."""
        return {
            Mark.NONE: "",
            Mark.INACCURACY: tc("review mark", "inaccuracy"),
            Mark.MISTAKE: tc("review mark", "mistake"),
            Mark.BLUNDER: tc("review mark", "blunder"),
        }[self]


MARKS = (Mark.INACCURACY, Mark.MISTAKE, Mark.BLUNDER)
"""The marks a decision may get, the mildest first."""
THRESHOLDS: Mapping[Mark, float] = {Mark.INACCURACY: 2.0, Mark.MISTAKE: 4.0, Mark.BLUNDER: 8.0}
"""The points of the hand a decision must lose for each mark (see the module's text)."""
STANDARD_ERRORS = 2
"""A loss within this many standard errors of 0 is never marked."""
WORST = 3
"""How many of the worst decisions a summary names."""
ROUNDING = 1e-9
"""How far below 0 a stored loss may be: a paired loss is never negative, but a mean of differences may
round a hair below the difference of the means."""


def mark_for(loss: Estimate, thresholds: Mapping[Mark, float] = THRESHOLDS) -> Mark:
    """The mark of a decision that lost ``loss`` points: the worst whose threshold the mean reaches, none
    when the mean is within two standard errors of 0."""
    if loss.mean <= STANDARD_ERRORS * loss.stderr:
        return Mark.NONE
    reached = [mark for mark in MARKS if loss.mean >= thresholds[mark]]
    return reached[-1] if reached else Mark.NONE


def significant(loss: Estimate) -> bool:
    """Whether a loss is told apart from no loss: more than two standard errors above 0."""
    return loss.mean > STANDARD_ERRORS * loss.stderr


def decision_kind(position: Hand) -> DecisionKind:
    """The kind of the decision the seat to act takes in ``position`` (GinError once the hand is over)."""
    phase = position.phase
    if phase in (Phase.UPCARD, Phase.DRAW):
        return DecisionKind.TAKE_OR_DRAW
    if phase is Phase.DISCARD:
        out = any(action.kind in (ActionKind.KNOCK, ActionKind.GIN, ActionKind.BIG_GIN)
                  for action in position.legal_actions())
        return DecisionKind.KNOCK_OR_PLAY_ON if out else DecisionKind.DISCARD
    if phase is Phase.KNOCKER_LAYOUT:
        return DecisionKind.KNOCKER_LAYOUT
    if phase is Phase.DEFENDER_LAYOUT:
        return DecisionKind.DEFENDER_LAYOUT
    raise GinError(t("the hand is over: there is no decision to judge"))


def move_words(move: Move) -> str:
    """A move as a review shows it, in the current language: each action as a note advises it
    (``discard 7♥``), a layout without its closing "done" unless that is all of it."""
    shown = [action for action in move if action.kind is not ActionKind.DONE] or list(move)
    # Translators: what separates the steps of a layout in a review's table ("lay out 7♥ 8♥ 9♥; lay off 9♣ on
    # meld 1"): a semicolon and a space in English.
    return tc("list of moves", "; ").join(advise(action) for action in shown)


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the seat reviewed, judged from that seat's view."""

    step: int
    """The replay's step of the move's first action (from 1, as annotations count): the position judged is
    the replay's ``state(step - 1)``, and a page opens the replay there."""
    kind: DecisionKind
    made: Move
    best: Move
    loss: Estimate
    """The points of the hand the move made lost against the best, paired on the same sampled deals."""
    made_value: Estimate
    """The expected points of the hand after the move made, for the seat reviewed."""
    best_value: Estimate
    """The expected points of the hand after the best move."""
    mark: Mark
    why: tuple[Message, ...] = ()
    """Why the best move is better than the move made, in the engine's numbers from the seat's view
    (:func:`gintrainer.replay.why.why`): nothing when the move made is the best."""

    @property
    def before(self) -> int:
        """The number of actions before the decision (``hand.prefix(before)`` is the position judged)."""
        return self.step - 1

    @property
    def is_best(self) -> bool:
        return self.made == self.best

    @property
    def reason(self) -> str:
        """:attr:`why` in words, in the current language ("" when the move made is the best)."""
        return render(self.why)


class Judge(Protocol):
    """What :func:`review` asks: :func:`gintrainer.engine.evaluate.judge`, or a stand-in of the same shape."""

    def __call__(self, hand: Hand, *, samples: int = ..., seed: object = ...,
                 include: Sequence[Move] = ...) -> Judgement: ...


Progress = Callable[[int, int], None]
"""Called with (decisions judged, decisions in all) after each decision."""


def review(hand: Hand, seat: int, *, samples: int = evaluate.DEFAULT_SAMPLES, seed: int | str = 0,
           judge: Judge | None = None, progress: Progress | None = None) -> HandReview:
    """Every decision ``seat`` took in ``hand`` (finished or not), judged by ``judge`` (the evaluator's
    :func:`~gintrainer.engine.evaluate.judge` when None) on ``samples`` sampled deals from ``seed``;
    ``progress(done, total)`` after each decision."""
    reviewing = Reviewing(hand, seat, samples=samples, seed=seed, judge=judge)
    while not reviewing.finished:
        reviewing.step()
        if progress is not None:
            progress(reviewing.done, reviewing.total)
    return reviewing.result()


class Reviewing:
    """A review made one decision at a time (:meth:`step`), for a page that shows its progress and
    answers the learner between two decisions; :func:`review` makes one whole. The arguments are
    :func:`review`'s."""

    def __init__(self, hand: Hand, seat: int, *, samples: int = evaluate.DEFAULT_SAMPLES, seed: int | str = 0,
                 judge: Judge | None = None):
        if not isinstance(hand, Hand):
            raise GinError(f"a review is of a Hand, not {type(hand).__name__}")
        if not _is_int(seat) or seat not in (0, 1):
            raise GinError(t("the seat is 0 or 1, not {value}", value=repr(seat)))
        if not _is_int(samples) or samples < 1:
            raise GinError(t("the number of samples is a whole number from 1, not {value}", value=repr(samples)))
        if not (_is_int(seed) or isinstance(seed, str)):
            raise GinError(t("a review's seed is a whole number or text, not {value}", value=repr(seed)))
        self.hand, self.seat, self.samples, self.seed = hand, seat, samples, seed
        self._judge: Judge = evaluate.judge if judge is None else judge
        self._found = evaluate.decisions(hand, seat)
        self._decisions: list[Decision] = []
        self.total = len(self._found)
        """The number of decisions to judge."""

    @property
    def done(self) -> int:
        """The number of decisions judged so far."""
        return len(self._decisions)

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    def step(self) -> Decision:
        """Judge the next decision (GinError once every decision is judged)."""
        if self.finished:
            raise GinError("every decision of the review is judged")
        before, made = self._found[self.done]
        position = self.hand.prefix(before)
        judgement = self._judge(position, samples=self.samples, seed=self.seed, include=[made])
        decision = _decision(position, self.seat, before, made, judgement)
        self._decisions.append(decision)
        return decision

    def result(self) -> HandReview:
        """The review of the decisions judged so far (all of them once :attr:`finished`)."""
        return HandReview(self.seat, tuple(self._decisions), samples=self.samples, seed=self.seed)


def _decision(position: Hand, seat: int, before: int, made: Move, judgement: Judgement) -> Decision:
    if judgement.seat != seat or judgement.phase is not position.phase:
        raise GinError(f"the judge judged seat {judgement.seat} in the {judgement.phase} phase, not seat {seat} "
                       f"in the {position.phase} phase")
    loss = judgement.loss_of(made)  # GinError if the move made is not among the candidates
    best = judgement.best
    if evaluate.move_key(best) == evaluate.move_key(made) or loss.mean <= 0.0:
        # the same move (a layout's melds in another order), or one worth as much on every deal judged (a knock
        # with either of two cards that leave the same deadwood): the move made is a best move
        best = tuple(made)
    return Decision(step=before + 1, kind=decision_kind(position), made=tuple(made), best=best, loss=loss,
                    made_value=judgement.value_of(made), best_value=judgement.value_of(best), mark=mark_for(loss),
                    why=why(position, tuple(made), best))


# -- summaries ----------------------------------------------------------------------


def _worst(decisions: Sequence[Decision]) -> list[int]:
    """The indices of the worst decisions with a significant loss, the largest loss first (the earlier
    on a tie), at most :data:`WORST`."""
    found = [index for index, decision in enumerate(decisions) if significant(decision.loss)]
    return sorted(found, key=lambda index: -decisions[index].loss.mean)[:WORST]


class _Summed:
    """What a review sums over its decisions (:meth:`_all`): how many, the points lost in all and per
    decision (the error rate), and how many got each mark."""

    __slots__ = ()

    def _all(self) -> Sequence[Decision]:
        raise NotImplementedError

    @property
    def count(self) -> int:
        """The number of decisions reviewed."""
        return len(self._all())

    @property
    def total_loss(self) -> float:
        """The points of the hand lost over all the decisions."""
        return math.fsum(decision.loss.mean for decision in self._all())

    @property
    def error_rate(self) -> float:
        """Points lost per decision (0 without decisions)."""
        count = self.count
        return self.total_loss / count if count else 0.0

    @property
    def marks(self) -> dict[Mark, int]:
        """How many decisions got each mark (none included)."""
        counts = dict.fromkeys(Mark, 0)
        for decision in self._all():
            counts[decision.mark] += 1
        return counts


@dataclass(frozen=True, slots=True)
class HandReview(_Summed):
    """Every decision of one seat in one hand, and its summary."""

    seat: int
    decisions: tuple[Decision, ...]
    samples: int = evaluate.DEFAULT_SAMPLES
    """The sampled deals asked for each decision (each estimate says how many it had)."""
    seed: int | str = 0
    thresholds: Mapping[Mark, float] = dataclasses.field(default_factory=lambda: dict(THRESHOLDS))
    """The thresholds the marks were given by."""

    def _all(self) -> Sequence[Decision]:
        return self.decisions

    @property
    def worst(self) -> tuple[Decision, ...]:
        """The (at most) three decisions that lost the most points, the worst first: only losses more than
        two standard errors above 0, so that a best move or a loss within the noise is never named."""
        return tuple(self.decisions[index] for index in _worst(self.decisions))

    def summary(self) -> dict[str, Any]:
        """The summary as a record writes it: decisions, total loss, error rate, marks, the worst steps."""
        return {"decisions": self.count, "total_loss": self.total_loss, "error_rate": self.error_rate,
                "marks": {mark.value: count for mark, count in self.marks.items()},
                "worst": [decision.step for decision in self.worst]}

    def to_dict(self) -> dict[str, Any]:
        """The review as JSON-ready data, version 1 (read back by :meth:`from_dict`): a decision whose best move
        was not the move made keeps its reasons under ``why`` (a list of messages' data), which a record written
        before them leaves out."""
        return RECORD.stamp({
            "seat": self.seat, "samples": self.samples, "seed": self.seed,
            "thresholds": {mark.value: self.thresholds[mark] for mark in MARKS},
            "decisions": [_decision_record(decision) for decision in self.decisions],
            "summary": self.summary(),
        })

    @classmethod
    def from_dict(cls, data: object) -> HandReview:
        """A review from its record; :class:`ReviewError` says what is wrong with a malformed one."""
        return _read_review(data)


@dataclass(frozen=True, slots=True)
class MatchReview(_Summed):
    """Several hands' reviews summed up: a match's, or a learner's last hands."""

    hands: tuple[HandReview, ...]

    def _all(self) -> Sequence[Decision]:
        return [decision for hand in self.hands for decision in hand.decisions]

    @property
    def worst(self) -> tuple[tuple[int, Decision], ...]:
        """The (at most) three worst decisions of the match, as (the hand's index, from 0; the decision)."""
        pairs = [(number, decision) for number, hand in enumerate(self.hands) for decision in hand.decisions]
        return tuple(pairs[index] for index in _worst([decision for _, decision in pairs]))


def decision_at(reviewed: HandReview, step: int) -> Decision | None:
    """The decision of a review whose move takes in ``step`` (a layout's decision spans several steps)."""
    return next((d for d in reviewed.decisions if d.step <= step < d.step + len(d.made)), None)


def review_match(reviews: Iterable[HandReview]) -> MatchReview:
    """The reviews of several hands, summed up."""
    hands = tuple(reviews)
    for hand in hands:
        if not isinstance(hand, HandReview):
            raise GinError(f"a match review sums hand reviews, not {type(hand).__name__}")
    return MatchReview(hands)


# -- records ----------------------------------------------------------------------------


class ReviewError(RecordError):
    """A review record that cannot be read: ``field`` names the key at fault."""


FORMAT = "gintrainer-hand-review"
VERSION = 1
RECORD = RecordKind(N_("hand review"), version=VERSION, format=FORMAT, error=ReviewError)
"""A hand review's record, version 1."""
_KEYS = ("format", "version", "seat", "samples", "seed", "thresholds", "decisions", "summary")
_DECISION_KEYS = ("step", "kind", "made", "best", "loss", "made_value", "best_value", "mark", "why")
_DECISION_NEEDS = _DECISION_KEYS[:-1]
"""A decision's record may leave out ``why`` (records written before it was kept: no reason)."""
_ESTIMATE_KEYS = ("mean", "stderr", "samples")
_SUMMARY_KEYS = ("decisions", "total_loss", "error_rate", "marks", "worst")


def _estimate_record(estimate: Estimate) -> dict[str, Any]:
    return {"mean": estimate.mean, "stderr": estimate.stderr, "samples": estimate.samples}


def _decision_record(decision: Decision) -> dict[str, Any]:
    record: dict[str, Any] = {
        "step": decision.step, "kind": decision.kind.value, "made": [str(a) for a in decision.made],
        "best": [str(a) for a in decision.best], "loss": _estimate_record(decision.loss),
        "made_value": _estimate_record(decision.made_value), "best_value": _estimate_record(decision.best_value),
        "mark": decision.mark.value}
    if decision.why:  # a best move made has no reason, and a record of it is as version 1 first wrote it
        record["why"] = [message.to_data() for message in decision.why]
    return record


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> TypeGuard[int | float]:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _shown(value: object, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _fail(message: str, field: str) -> ReviewError:
    return ReviewError(message, field=field.split(".")[0].split("[")[0])


def _object(value: object, keys: tuple[str, ...], field: str, *, required: tuple[str, ...] | None = None
            ) -> dict[str, Any]:
    """``value`` when it is an object with every key of ``required`` (all of ``keys`` by default) and no other."""
    if not isinstance(value, dict):
        # Translators: {field} is the key at fault as the file writes it ("decisions[0].loss"), not translated;
        # {keys} the keys it needs, likewise.
        raise _fail(t("{field} is an object with {keys}, not {value}", field=field, keys=", ".join(keys),
                      value=_shown(value)), field)
    unknown = [key for key in value if key not in keys]
    if unknown:
        # Translators: {field} and {keys} as the file writes them, not translated; {key} the unknown key, quoted.
        raise _fail(t("unknown key {key} in {field}: use {keys}", key=_shown(unknown[0]), field=field,
                      keys=", ".join(keys)), field)
    missing = [key for key in (keys if required is None else required) if key not in value]
    if missing:
        # Translators: {field} and {keys} as the file writes them, not translated.
        raise _fail(t("{field} needs {keys}", field=field, keys=", ".join(missing)), field)
    return value


def _whole(value: object, field: str, low: int) -> int:
    if not _is_int(value) or value < low:
        # Translators: {field} is the key at fault as the file writes it ("decisions[0].step"), not translated.
        raise _fail(t("{field} is a whole number from {low}, not {value}", field=field, low=low,
                      value=_shown(value)), field)
    return value


def _number(value: object, field: str, *, low: float | None = None) -> float:
    if not _is_number(value) or (low is not None and value < low):
        message = (t("{field} is a number, not {value}", field=field, value=_shown(value)) if low is None else
                   # Translators: {field} is the key at fault as the file writes it, not translated.
                   t("{field} is a number from 0, not {value}", field=field, value=_shown(value)))
        raise _fail(message, field)
    return float(value)


def _read_estimate(value: object, field: str, *, loss: bool = False) -> Estimate:
    record = _object(value, _ESTIMATE_KEYS, field)
    mean = _number(record["mean"], f"{field}.mean", low=-ROUNDING if loss else None)
    return Estimate(mean, _number(record["stderr"], f"{field}.stderr", low=0.0),
                    _whole(record["samples"], f"{field}.samples", 1))


def _read_move(value: object, field: str) -> Move:
    if not isinstance(value, list) or not value or not all(isinstance(text, str) for text in value):
        # Translators: {field} is the key at fault as the file writes it, not translated.
        raise _fail(t("{field} is a list of action texts like ['discard 7H'], not {value}", field=field,
                      value=_shown(value)), field)
    actions = []
    for index, text in enumerate(value):
        where = f"{field}[{index}]"
        try:
            action = Action.parse(text)
        except GinError as error:
            # Translators: {field} is the key at fault as the file writes it, not translated; {error} what is wrong.
            raise _fail(t("{field}: {error}", field=where, error=str(error)), field) from None
        if action.kind is ActionKind.AUTO:
            raise _fail(t("{field}: {error}", field=where, error=t("a move names its plain steps, not 'auto'")),
                        field)
        actions.append(action)
    return tuple(actions)


def _read_word(kind: type[DecisionKind] | type[Mark], value: object, field: str) -> Any:
    try:
        return kind.parse(value)
    except GinError as error:
        raise _fail(t("{field}: {error}", field=field, error=str(error)), field) from None


def _read_decision(value: object, field: str, thresholds: Mapping[Mark, float]) -> Decision:
    record = _object(value, _DECISION_KEYS, field, required=_DECISION_NEEDS)
    made, best = _read_move(record["made"], f"{field}.made"), _read_move(record["best"], f"{field}.best")
    loss = _read_estimate(record["loss"], f"{field}.loss", loss=True)
    if made == best and (loss.mean != 0 or loss.stderr != 0):
        where = f"{field}.loss"
        # Translators: {field} is the key at fault as the file writes it, not translated.
        raise _fail(t("{field}: the move made is the best move, so its loss is 0 with no error, not {mean} ± "
                      "{stderr}", field=where, mean=loss.mean, stderr=loss.stderr), field)
    where = f"{field}.mark"
    mark = _read_word(Mark, record["mark"], where)
    expected = mark_for(loss, thresholds)
    if mark is not expected:
        # Translators: {field} is the key at fault as the file writes it, not translated; {mark} and {expected}
        # are marks as the file writes them (inaccuracy, mistake, blunder, none), not translated.
        raise _fail(t("{field} is {mark}, but a loss of {mean} ± {stderr} is marked {expected} by the review's "
                      "thresholds", field=where, mark=mark.value, mean=loss.mean, stderr=loss.stderr,
                      expected=expected.value), field)
    return Decision(step=_whole(record["step"], f"{field}.step", 1),
                    kind=_read_word(DecisionKind, record["kind"], f"{field}.kind"), made=made, best=best, loss=loss,
                    made_value=_read_estimate(record["made_value"], f"{field}.made_value"),
                    best_value=_read_estimate(record["best_value"], f"{field}.best_value"), mark=mark,
                    why=_read_why(record.get("why", []), f"{field}.why"))


def _read_why(value: object, field: str) -> tuple[Message, ...]:
    if not isinstance(value, list):
        # Translators: {field} is the key at fault as the file writes it ("decisions[0].why"), not translated.
        raise _fail(t("{field} is a list of sentences, each a name and its values, not {value}", field=field,
                      value=_shown(value)), field)
    said = []
    for index, item in enumerate(value):
        try:
            said.append(Message.from_data(item))
        except GinError as error:
            where = f"{field}[{index}]"
            raise _fail(t("{field}: {error}", field=where, error=str(error)), field) from None
    return tuple(said)


def _read_thresholds(value: object) -> dict[Mark, float]:
    record = _object(value, tuple(mark.value for mark in MARKS), "thresholds")
    thresholds = {mark: _number(record[mark.value], f"thresholds.{mark.value}", low=0.0) for mark in MARKS}
    rising = [thresholds[mark] for mark in MARKS]
    if rising != sorted(rising):
        raise _fail(t("the thresholds rise from inaccuracy to mistake to blunder, not {value}",
                      value=_shown(record)), "thresholds")
    return thresholds


def _read_review(data: object) -> HandReview:
    record = RECORD.read(data)
    _object(record, _KEYS, "review", required=("seat", "samples", "seed", "thresholds", "decisions"))
    seat = record["seat"]
    if not _is_int(seat) or seat not in (0, 1):
        raise _fail(t("the seat is 0 or 1, not {value}", value=_shown(seat)), "seat")
    seed = record["seed"]
    if not (_is_int(seed) or isinstance(seed, str)):
        raise _fail(t("a review's seed is a whole number or text, not {value}", value=_shown(seed)), "seed")
    thresholds = _read_thresholds(record["thresholds"])
    items = record["decisions"]
    if not isinstance(items, list):
        raise _fail(t("the decisions are a list, not {value}", value=_shown(items)), "decisions")
    decisions = tuple(_read_decision(item, f"decisions[{index}]", thresholds) for index, item in enumerate(items))
    for earlier, later in zip(decisions, decisions[1:], strict=False):
        if later.step < earlier.step + len(earlier.made):
            raise _fail(t("the decisions follow the hand: step {step} cannot come after the move of step {before}",
                          step=later.step, before=earlier.step), "decisions")
    review = HandReview(seat, decisions, samples=_whole(record["samples"], "samples", 1), seed=seed,
                        thresholds=thresholds)
    if "summary" in record:
        _check_summary(record["summary"], review)
    return review


def _check_summary(value: object, review: HandReview) -> None:
    """A stated summary must be the decisions' own."""
    stated = _object(value, _SUMMARY_KEYS, "summary")
    actual = review.summary()
    for key in _SUMMARY_KEYS:
        if stated[key] != actual[key]:
            # Translators: {key} is a key of the summary as the file writes it ("error_rate"), not translated.
            raise _fail(t("the summary states {key} {stated} but the decisions give {actual}", key=key,
                          stated=_shown(stated[key]), actual=_shown(actual[key])), "summary")


__all__ = ["Decision", "DecisionKind", "HandReview", "decision_at", "Judge", "MARKS", "Mark", "MatchReview",
           "ReviewError", "Reviewing", "THRESHOLDS", "decision_kind", "mark_for", "move_words", "review",
           "review_match", "significant"]
