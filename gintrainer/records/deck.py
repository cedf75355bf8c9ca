"""The review deck: the puzzles a learner is to see again, each scheduled by FSRS (the ``fsrs`` package),
kept in the learner's profile (:class:`~gintrainer.records.progress.Progress`).

What enters the deck: every puzzle the learner misses or solves only with hints (a clean solve of a puzzle
not in the deck leaves it out: there is nothing to review), and every puzzle made from the learner's own
mistakes (:mod:`gintrainer.trainers.mistakes`, entered new, due at once). Once in, every answer to the puzzle
is a review of it, graded by :func:`grade_of`, this module being the one owner of that mapping:

- a miss is **Again** (FSRS: forgotten);
- a solve with a hint, or a clean solve slower than :data:`SLOW_SECONDS`, is **Hard** (recalled, with
  effort);
- a clean first answer within :data:`SLOW_SECONDS` is **Good**. **Easy** is never given: nothing the trainer
  sees tells an easy recall from a good one, and FSRS's Easy lengthens the interval sharply.

The scheduler is FSRS's with its default parameters, a target retention of :data:`TARGET_RETENTION`, one
learning step of ten minutes (a puzzle just missed comes back after ten minutes, not one: a minute later the
explanation just read is still in mind, and the review would test nothing) and no fuzz (the deck of one
learner is small, and a schedule that can be recomputed is one a test can check).

**Fitted to the learner.** The package fits its parameters only with torch (too big to ship); the deck fits
one of its own with numpy: the learner's **forgetting factor** ``c`` (:attr:`Deck.factor`), the scale of
their memory's time against the default parameters' learner (``c`` = 0.5: forgets twice as fast). The cards
keep FSRS's state as the default learner's (stabilities in the default learner's days); the learner's
stabilities are ``c`` times those: an answer ``t`` days after the last is, to FSRS's equations, ``t / c``
days after it (in whole days, as the package counts them), and a card is due ``c`` times FSRS's interval
later (whole days, at least one). The learning steps are not scaled. ``c`` is the maximum-likelihood scale of
the recalls observed under FSRS's forgetting curve (:func:`fit_factor`): each answer a day or more after
the last, with the stability FSRS gave the card before it, kept in the card's log (:data:`LOG_PER_CARD`
answers a card, :data:`LOG_LIMIT` a learner, the oldest dropped). Before :data:`FIT_FROM` answers counted
the defaults serve (``c`` = 1); from then on the factor is fitted again every :data:`REFIT_EVERY` answers
counted. A log the fit cannot use (too short, or values no answer has) leaves the factor as it was.
docs/benchmarks.md ("Spaced review") gives the measured reasons for these numbers.

The learner's retention is **measured**: every answer to a puzzle in the FSRS review state (its learning
steps done) given a day or more after the last answer to it counts, recalled unless it was Again; :attr:`Deck.retention`
is the share recalled.

>>> at = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)
>>> deck = Deck().answer("k1", "can_knock", "failed", hints=0, seconds=12.0, at=at)
>>> deck.cards["k1"].due, deck.due_ids(at + timedelta(minutes=10))
('2026-12-05T09:10:00Z', ('k1',))
>>> deck.due_today(at)
DueToday(now=0, later=1, next_at='2026-12-05T09:10:00Z')
>>> deck = deck.answer("k1", "can_knock", "solved", hints=0, seconds=20.0, at=at + timedelta(minutes=12))
>>> deck.learned, deck.cards["k1"].due > "2026-12-06", deck.retention is None
(1, True, True)
>>> [(entry.at, entry.grade, entry.days) for entry in deck.cards["k1"].log]
[('2026-12-05T09:00:00Z', 1, None), ('2026-12-05T09:12:00Z', 3, 0.0083)]
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from types import MappingProxyType
from typing import Any, NamedTuple

from fsrs import Card, Rating, Scheduler, State

from .storage import RecordError

SLOW_SECONDS = 60.0
"""A clean solve that took longer than this is graded Hard, not Good. A puzzle recalled is answered at the
pace of reading its hand and its question (ten to thirty seconds); one worked out afresh takes as long as a
new puzzle of its kind, a minute and more: past a minute, the learner did not remember the answer but found
it again, which FSRS calls a hard recall."""
TARGET_RETENTION = 0.9
"""The chance of a recall FSRS aims at when a review falls due (the package's default)."""
LEARNING_STEP = timedelta(minutes=10)
SCHEDULER = Scheduler(desired_retention=TARGET_RETENTION, learning_steps=(LEARNING_STEP,),
                      relearning_steps=(LEARNING_STEP,), enable_fuzzing=False)
"""The scheduler of every deck (FSRS's default parameters)."""
RESULTS = ("solved", "failed", "hinted")
LOG_PER_CARD = 32
"""The answers a card's log keeps, the latest (a puzzle answered as scheduled for half a year has about
twenty)."""
LOG_LIMIT = 5000
"""The answers the logs of one learner keep in all, the oldest dropped beyond: a half year's (about 4,000 in
the simulation, some 230 kB in the profile, as much as its history of attempts). The fit needs the whole of
it: on only the latest answers (2,000) the simulated learners' factors came out at 2 to 2.5 whatever their
own, from the puzzles reviewed most lately, which their learners know better than FSRS's model says, and the
retention fell below the defaults'."""
FIT_FROM = 100
"""The answers counted (:attr:`Deck.reviews`) before the factor is fitted; the defaults before. In the
simulation (docs/benchmarks.md, "Spaced review") fits from the first 25 or 50 answers come out at an end of
:data:`FACTOR_RANGE` for a learner in four, from 100 for one in twelve; the half year's retention is the same
from 25 to 400. About two weeks of reviews."""
REFIT_EVERY = 100
"""The answers counted between two fits (about a week of reviews): in the simulation a fit every 400 spread
the learners' retention wider, and one every 25 fitted four times as often for the same retention."""
FACTOR_RANGE = (0.25, 4.0)
"""The forgetting factors the fit considers (a learner four times as fast or as slow as the defaults')."""
_CARD_KEYS = ("kind", "state", "step", "stability", "difficulty", "due", "last_review", "reviews", "recalled",
              "log")
_FIT_KEYS = ("factor", "fitted_at", "answers")
_log = logging.getLogger(__name__)


class DeckError(RecordError):
    """A review deck in a profile file that is not one."""


class FitError(ValueError):
    """Answers the forgetting factor cannot be fitted from (the message says why)."""


class LogEntry(NamedTuple):
    """One answer in a card's log: when (UTC ISO 8601), its grade (1 Again, 2 Hard, 3 Good), the days since
    the answer before (None for the first) and FSRS's stability of the card before it (the default learner's
    days; None for the first). A profile file holds it as a list of these four values."""

    at: str
    grade: int
    days: float | None
    stability: float | None

    @property
    def counted(self) -> bool:
        """An answer a day or more after the last to a card with a stability: one the fit uses."""
        return self.days is not None and self.days >= 1.0 and self.stability is not None

    @classmethod
    def from_data(cls, data: Any) -> LogEntry:
        if not isinstance(data, list) or len(data) != 4:
            raise DeckError(f"an answer in a card's log is a list of 4 values, not {data!r:.60}", field="deck")
        at = _text(_moment(data[0], "an answer's time"))
        grade = data[1]
        if isinstance(grade, bool) or grade not in (1, 2, 3, 4):
            raise DeckError(f"an answer's grade must be 1, 2, 3 or 4, not {grade!r:.40}", field="deck")
        days = _number(data[2], "an answer's days since the last", low=0.0, high=1e5)
        stability = _number(data[3], "an answer's stability", low=0.001, high=1e6)
        if (days is None) != (stability is None):
            raise DeckError("an answer has both the days since the last and a stability, or neither",
                            field="deck")
        return cls(at, grade, days, stability)


def fit_factor(answers: Iterable[tuple[float, float, bool]]) -> float:
    """The forgetting factor most likely to give the recalls observed: of each answer, the days since the
    last (``t``), FSRS's stability before it (``S``, the default learner's days) and whether it was recalled,
    the chance of a recall being FSRS's forgetting curve at ``t / c`` days, ``(1 + F * t / (c * S)) ** -d``.
    The factor is the best of a fine grid over :data:`FACTOR_RANGE` (steps under 1%; the likelihood has one
    peak, and the bounds catch a log all recalled or all forgotten). Raises FitError, saying why, for fewer
    than :data:`FIT_FROM` answers or an answer no log holds (days under one, a stability not a positive
    number).

    >>> round(fit_factor([(1.0, 1.0, True)] * 85 + [(1.0, 1.0, False)] * 15), 3)  # 85% where FSRS says 90%
    0.525
    >>> fit_factor([(1.0, 1.0, True)] * 100)  # all recalled: as slow as the fit considers
    4.0
    >>> fit_factor([(2.0, 1.0, True)])
    Traceback (most recent call last):
    ...
    gintrainer.records.deck.FitError: 1 answer counted: the factor is fitted from 100
    """
    rows = []
    for row in answers:
        if not isinstance(row, tuple) or len(row) != 3:
            raise FitError(f"an answer to fit from is (days, stability, recalled), not {row!r:.60}")
        days, stability, recalled = row
        for value, what in ((days, "days since the last"), (stability, "stability")):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                raise FitError(f"an answer's {what} must be a number, not {value!r:.40}")
        if not 1.0 <= days <= 1e5 or not 0.001 <= stability <= 1e6:
            raise FitError(f"an answer {days!r:.20} days after the last with a stability {stability!r:.20} is "
                           "not one the fit uses")
        rows.append((float(days), float(stability), bool(recalled)))
    if len(rows) < FIT_FROM:
        raise FitError(f"{len(rows)} answer{'s' if len(rows) != 1 else ''} counted: the factor is fitted from "
                       f"{FIT_FROM}")
    import numpy as np  # a fit's only: a page that shows the deck imports no numpy (10 MB in its kernel)

    data = np.array(rows, dtype=float)
    scaled = SCHEDULER._FACTOR * data[:, 0] / data[:, 1]
    factors = np.exp(np.linspace(math.log(FACTOR_RANGE[0]), math.log(FACTOR_RANGE[1]), 401))
    chance = (1.0 + scaled[:, None] / factors[None, :]) ** SCHEDULER._DECAY
    chance = np.clip(chance, 1e-12, 1.0 - 1e-12)
    recalled_ = data[:, 2:3] > 0.5
    likelihood = np.where(recalled_, np.log(chance), np.log1p(-chance)).sum(axis=0)
    return float(factors[int(np.argmax(likelihood))])


def grade_of(result: str, hints: int, seconds: float | None = None) -> Rating:
    """FSRS's grade of one answer: Again for a miss, Hard for a solve with hints or slower than
    :data:`SLOW_SECONDS`, Good for a clean one (``seconds`` unknown: not slow).

    >>> [grade_of("failed", 0).name, grade_of("hinted", 1).name, grade_of("solved", 0, 75).name,
    ...  grade_of("solved", 0, 20).name, grade_of("solved", 0).name]
    ['Again', 'Hard', 'Hard', 'Good', 'Good']
    """
    if result not in RESULTS:
        raise ValueError(f"result must be one of {', '.join(RESULTS)}, not {result!r}")
    if result == "failed":
        return Rating.Again
    if result == "hinted" or hints or (seconds is not None and seconds > SLOW_SECONDS):
        return Rating.Hard
    return Rating.Good


def _utc(moment: datetime) -> datetime:
    if moment.tzinfo is None:
        raise ValueError("a deck's times are aware (UTC)")
    return moment.astimezone(UTC)


def _text(moment: datetime) -> str:
    return _utc(moment).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def _moment(value: Any, what: str) -> datetime:
    if not isinstance(value, str):
        raise DeckError(f"{what} must be a UTC time as text, not {value!r:.60}", field="deck")
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise DeckError(f"{what} {value!r:.60} is not a time", field="deck") from None
    if moment.tzinfo is None or moment.utcoffset() != timedelta(0):
        raise DeckError(f"{what} {value!r:.60} is not in UTC", field="deck")
    return moment.astimezone(UTC)


def _number(value: Any, what: str, *, low: float, high: float) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or not low <= value <= high:
        raise DeckError(f"{what} must be a number from {low} to {high}, not {value!r:.60}", field="deck")
    return float(value)


def _count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise DeckError(f"{what} must be a whole number from 0, not {value!r:.60}", field="deck")
    return value


@dataclass(frozen=True, slots=True)
class DeckCard:
    """One puzzle of the deck: its kind, FSRS's card (state, learning step, stability in days, difficulty
    from 1 to 10, when it is due and when it was last answered, UTC ISO 8601 times) and the answers counted
    in the measured retention (``reviews``) with those recalled."""

    kind: str
    state: int
    step: int | None
    stability: float | None
    difficulty: float | None
    due: str
    last_review: str | None
    reviews: int = 0
    recalled: int = 0
    log: tuple[LogEntry, ...] = ()
    """The card's latest answers (:data:`LOG_PER_CARD` at most), the oldest first."""

    @classmethod
    def new(cls, kind: str, at: datetime) -> DeckCard:
        """A puzzle just entered, never reviewed, due at ``at``."""
        return cls(str(getattr(kind, "value", kind)), int(State.Learning), 0, None, None, _text(at), None)

    def fsrs_card(self) -> Card:
        return Card(card_id=1, state=State(self.state), step=self.step, stability=self.stability,
                    difficulty=self.difficulty, due=datetime.fromisoformat(self.due),
                    last_review=None if self.last_review is None else datetime.fromisoformat(self.last_review))

    def reviewed(self, grade: Rating, at: datetime, factor: float = 1.0) -> DeckCard:
        """The card after one answer graded ``grade`` at ``at``, for a learner of forgetting factor ``factor``
        (see the module's docstring: the time since the last answer is ``1 / factor`` as long to FSRS, and
        the interval it gives ``factor`` times as long)."""
        moment = _utc(at)
        last = None if self.last_review is None else datetime.fromisoformat(self.last_review)
        elapsed = None if last is None else moment - last
        counted = self.state == State.Review and elapsed is not None and elapsed >= timedelta(days=1)
        fsrs_card = self.fsrs_card()
        if elapsed is not None and elapsed >= timedelta(days=1) and factor != 1.0:
            fsrs_card.last_review = moment - timedelta(days=max(1, math.floor(elapsed / timedelta(days=1) / factor)))
        card, _ = SCHEDULER.review_card(fsrs_card, grade, moment)
        due = card.due
        if card.state == State.Review and card.stability is not None:
            due = moment + timedelta(days=interval_days(card.stability, factor))
        days = None if elapsed is None else round(max(elapsed / timedelta(days=1), 0.0), 4)  # a clock set back: 0
        entry = LogEntry(_text(moment), int(grade), days,
                         None if self.stability is None or days is None else round(self.stability, 4))
        return replace(self, state=int(card.state), step=card.step, stability=card.stability,
                       difficulty=card.difficulty, due=_text(due), last_review=_text(moment),
                       reviews=self.reviews + counted, recalled=self.recalled + (counted and grade != Rating.Again),
                       log=(self.log + (entry,))[-LOG_PER_CARD:])

    @property
    def learned(self) -> bool:
        """Past its learning steps: scheduled days ahead (FSRS's review state)."""
        return self.state == State.Review

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "state": self.state, "step": self.step, "stability": self.stability,
                "difficulty": self.difficulty, "due": self.due, "last_review": self.last_review,
                "reviews": self.reviews, "recalled": self.recalled, "log": [list(entry) for entry in self.log]}

    @classmethod
    def from_dict(cls, data: Any, kinds: Iterable[str]) -> DeckCard:
        if not isinstance(data, dict) or set(data) != set(_CARD_KEYS):
            raise DeckError(f"a card of the review deck has the keys {', '.join(_CARD_KEYS)}", field="deck")
        if data["kind"] not in tuple(kinds):
            raise DeckError(f"a card of the review deck has the kind {data['kind']!r:.40}", field="deck")
        state = data["state"]
        if state not in tuple(int(s) for s in State) or isinstance(state, bool):
            raise DeckError(f"a card's state must be 1, 2 or 3, not {state!r:.40}", field="deck")
        step = data["step"]
        if (step is None) != (state == State.Review) or (step is not None and _count(step, "a card's step") > 9):
            raise DeckError(f"a card in state {state} has no learning step {step!r:.40}", field="deck")
        stability = _number(data["stability"], "a card's stability", low=0.0, high=1e6)
        difficulty = _number(data["difficulty"], "a card's difficulty", low=1.0, high=10.0)
        if (stability is None) != (difficulty is None) or (stability is None and data["last_review"] is not None):
            raise DeckError("a card reviewed has a stability and a difficulty, and one never reviewed neither",
                            field="deck")
        due = _text(_moment(data["due"], "a card's due time"))
        last = None if data["last_review"] is None else _text(_moment(data["last_review"], "a card's last review"))
        reviews, recalled = _count(data["reviews"], "a card's reviews"), _count(data["recalled"], "a card's recalls")
        if recalled > reviews:
            raise DeckError(f"a card recalled {recalled} times of {reviews} reviews", field="deck")
        return cls(data["kind"], state, step, stability, difficulty, due, last, reviews, recalled,
                   _read_log(data["log"], last))


def _read_log(data: Any, last: str | None) -> tuple[LogEntry, ...]:
    """A card's log as a profile file holds it, of a card last answered at ``last``; DeckError if it is not
    one."""
    if not isinstance(data, list) or len(data) > LOG_PER_CARD:
        raise DeckError(f"a card's log is a list of at most {LOG_PER_CARD} answers", field="deck")
    log = tuple(LogEntry.from_data(entry) for entry in data)
    if log and last is None:
        raise DeckError("a card never reviewed has no answers in its log", field="deck")
    return log


def interval_days(stability: float, factor: float = 1.0) -> int:
    """The days to a card's next review: FSRS's interval for the target retention at ``stability`` (the
    default learner's days) times the learner's ``factor``, in whole days from one to the scheduler's
    longest (the package's own rule, which this is for ``factor`` 1).

    >>> interval_days(10.0), interval_days(10.0, 0.5), interval_days(0.3, 0.5)
    (10, 5, 1)
    """
    days = factor * stability / SCHEDULER._FACTOR * (TARGET_RETENTION ** (1 / SCHEDULER._DECAY) - 1)
    return int(min(max(round(days), 1), SCHEDULER.maximum_interval))


def new_card_data(kind: Any, due: Any) -> dict[str, Any]:
    """A new card as a version 6 profile file holds it (the migration from version 5 enters puzzles with it,
    and the one from version 6 gives it its empty log), due at ``due`` (a UTC time as text); the file's
    reading checks it."""
    return {"kind": kind, "state": int(State.Learning), "step": 0, "stability": None, "difficulty": None,
            "due": due, "last_review": None, "reviews": 0, "recalled": 0}


def _end_of_day(at: datetime) -> datetime:
    day = _utc(at).date()
    return datetime(day.year, day.month, day.day, tzinfo=UTC) + timedelta(days=1)


@dataclass(frozen=True, slots=True)
class DueToday:
    """The reviews of a day (UTC) at a moment of it (:meth:`Deck.due_today`): how many puzzles are due
    ``now``, how many fall due ``later`` that day, and when the first of those does (``next_at``, a UTC ISO 8601
    time; None when none does)."""

    now: int
    later: int
    next_at: str | None

    @property
    def total(self) -> int:
        """Every review of the day: due now or later."""
        return self.now + self.later


@dataclass(frozen=True, slots=True)
class Deck:
    """A learner's review deck: each puzzle's :class:`DeckCard`, by puzzle id, the learner's forgetting
    factor (1: the defaults), :attr:`reviews` when it was last fitted or tried (0: never) and the answers the
    factor was fitted from (0: not fitted, the defaults). Immutable."""

    cards: Mapping[str, DeckCard] = field(default_factory=dict)
    factor: float = 1.0
    fitted_at: int = 0
    fitted_from: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", MappingProxyType(dict(sorted(self.cards.items()))))

    def enter(self, puzzle_id: str, kind: str, at: datetime) -> Deck:
        """The deck with ``puzzle_id`` entered new, due at ``at`` (the same deck if it holds it)."""
        if puzzle_id in self.cards:
            return self
        return replace(self, cards={**self.cards, puzzle_id: DeckCard.new(kind, at)})

    def answer(self, puzzle_id: str, kind: str, result: str, *, hints: int, seconds: float | None,
               at: datetime) -> Deck:
        """The deck after one answer to ``puzzle_id`` (its result, the hints taken and the seconds it took,
        graded by :func:`grade_of`): a review of a puzzle in the deck; a puzzle not in it enters when it was
        missed or solved with hints (the answer is its first review), and a clean solve leaves it out. The
        logs keep :data:`LOG_LIMIT` answers at most, and the factor is fitted again when it is due
        (:meth:`refitted`)."""
        grade = grade_of(result, hints, seconds)
        card = self.cards.get(puzzle_id)
        if card is None:
            if result == "solved":
                return self
            card = DeckCard.new(kind, at)
        cards = {**self.cards, puzzle_id: card.reviewed(grade, at, self.factor)}
        return replace(self, cards=_within_log_limit(cards)).refitted()

    def refitted(self) -> Deck:
        """The deck with its factor fitted again (:func:`fit_factor`) if it has :data:`FIT_FROM` answers
        counted and :data:`REFIT_EVERY` more than at the last fit; the same deck otherwise. A log the fit
        refuses leaves the factor as it was (the reason logged), to be tried again :data:`REFIT_EVERY`
        answers later."""
        reviews = self.reviews
        if reviews < FIT_FROM or (self.fitted_at and reviews < self.fitted_at + REFIT_EVERY):
            return self
        answers = self.fit_answers()
        try:
            factor = fit_factor(answers)
        except FitError as error:
            _log.info("the review deck's forgetting factor is kept at %g: %s", self.factor, error)
            return replace(self, fitted_at=reviews)
        return replace(self, factor=factor, fitted_at=reviews, fitted_from=len(answers))

    def fit_answers(self) -> list[tuple[float, float, bool]]:
        """The answers of the logs the fit uses (:attr:`LogEntry.counted`): days since the last, stability
        before, recalled."""
        return [(entry.days, entry.stability, entry.grade != Rating.Again) for card in self.cards.values()
                for entry in card.log if entry.counted and entry.days is not None and entry.stability is not None]

    def due_ids(self, at: datetime, kind: str | None = None) -> tuple[str, ...]:
        """The puzzles due at ``at`` (of ``kind``, or every kind), the longest overdue first."""
        moment = _text(at)
        due = [(card.due, pid) for pid, card in self.cards.items()
               if card.due <= moment and (kind is None or card.kind == kind)]
        return tuple(pid for _, pid in sorted(due))

    def due_today(self, at: datetime, kind: str | None = None) -> DueToday:
        """The reviews of ``at``'s day (UTC; of ``kind``, or every kind): how many are due at ``at``, how many
        fall due later that day and when the first of those does. Every page that counts reviews counts them
        here, so that what one says is due now the review page serves now."""
        moment, end = _text(at), _text(_end_of_day(at))
        today = sorted(card.due for card in self.cards.values()
                       if card.due < end and (kind is None or card.kind == kind))
        later = [due for due in today if due > moment]
        return DueToday(len(today) - len(later), len(later), later[0] if later else None)

    def next_due(self) -> str | None:
        """When the next puzzle falls due (None for an empty deck)."""
        return min((card.due for card in self.cards.values()), default=None)

    @property
    def learned(self) -> int:
        """How many puzzles are past their learning steps (see :attr:`DeckCard.learned`)."""
        return sum(card.learned for card in self.cards.values())

    @property
    def reviews(self) -> int:
        """The answers counted in the measured retention."""
        return sum(card.reviews for card in self.cards.values())

    @property
    def retention(self) -> float | None:
        """The share of the counted answers recalled (None before the first)."""
        reviews = self.reviews
        return None if not reviews else sum(card.recalled for card in self.cards.values()) / reviews

    def plus(self, other: Deck) -> Deck:
        """Both decks in one (two profiles merged): of a puzzle in both, the card answered last; the factor
        of the deck with more answers counted, fitted again at the next answer (:meth:`refitted`)."""
        cards = dict(self.cards)
        for pid, card in other.cards.items():
            mine = cards.get(pid)
            if mine is None or (card.last_review or "") > (mine.last_review or ""):
                cards[pid] = card
        fitted = self if self.reviews >= other.reviews else other
        return Deck(_within_log_limit(cards), fitted.factor, 0, fitted.fitted_from)

    def to_dict(self) -> dict[str, Any]:
        return {pid: card.to_dict() for pid, card in self.cards.items()}

    def fit_dict(self) -> dict[str, Any]:
        """The factor and when it was fitted, as a profile file holds them beside the cards."""
        return {"factor": self.factor, "fitted_at": self.fitted_at, "answers": self.fitted_from}

    @classmethod
    def read(cls, data: Any, kinds: Iterable[str], fit: Any = None) -> tuple[Deck, tuple[str, ...]]:
        """:meth:`from_dict`, but a card's log or the factor that cannot be read is left out, never the deck
        (the card keeps its schedule with an empty log; the factor is the defaults', fitted again when due):
        the deck, and what was wrong with each part left out. A card that cannot be read is still refused."""
        problems: list[str] = []
        if isinstance(data, dict):
            cleaned = {}
            for pid, card in data.items():
                if isinstance(card, dict) and "log" in card:
                    try:
                        _read_log(card["log"], card.get("last_review") if isinstance(card.get("last_review"), str)
                                  else None)
                    except DeckError as error:
                        problems.append(f"the log of {pid!r:.40}: {error}")
                        card = {**card, "log": []}
                cleaned[pid] = card
            data = cleaned
        deck = cls.from_dict(data, kinds)
        if fit is not None:
            try:
                deck = replace(deck, **_read_fit(fit))
            except DeckError as error:
                problems.append(f"the forgetting factor: {error}")
        return deck, tuple(problems)

    @classmethod
    def from_dict(cls, data: Any, kinds: Iterable[str], fit: Any = None) -> Deck:
        """The deck of :meth:`to_dict`'s cards and :meth:`fit_dict`'s factor (None: the defaults, never
        fitted)."""
        if not isinstance(data, dict):
            raise DeckError(f"'deck' must be a JSON object, not {data!r:.60}", field="deck")
        kinds = tuple(kinds)
        for pid in data:
            if not pid:
                raise DeckError("a puzzle id of the review deck is empty", field="deck")
        cards = {pid: DeckCard.from_dict(card, kinds) for pid, card in data.items()}
        deck = cls(_within_log_limit(cards))  # a file holding more answers: the oldest dropped
        return deck if fit is None else replace(deck, **_read_fit(fit))


def _read_fit(fit: Any) -> dict[str, Any]:
    """The factor, when it was fitted and from how many answers, as a profile file holds them; DeckError if
    they are not."""
    if not isinstance(fit, dict) or set(fit) != set(_FIT_KEYS):
        raise DeckError(f"'deck_fit' has the keys {', '.join(_FIT_KEYS)}", field="deck_fit")
    factor = _number(fit["factor"], "the forgetting factor", low=FACTOR_RANGE[0], high=FACTOR_RANGE[1])
    answers = _count(fit["answers"], "the answers of the last fit")
    if factor is None or (factor != 1.0 and not answers):
        raise DeckError("the forgetting factor is a number, 1 unless fitted from answers", field="deck_fit")
    return {"factor": factor, "fitted_at": _count(fit["fitted_at"], "the reviews at the last fit"),
            "fitted_from": answers}


def _within_log_limit(cards: dict[str, DeckCard]) -> dict[str, DeckCard]:
    """The cards with their logs' oldest answers dropped until they hold :data:`LOG_LIMIT` in all."""
    over = sum(len(card.log) for card in cards.values()) - LOG_LIMIT
    while over > 0:
        _, pid = min((card.log[0].at, pid) for pid, card in cards.items() if card.log)
        cards[pid] = replace(cards[pid], log=cards[pid].log[1:])
        over -= 1
    return cards


__all__ = ["FACTOR_RANGE", "FIT_FROM", "LEARNING_STEP", "LOG_LIMIT", "LOG_PER_CARD", "REFIT_EVERY", "SCHEDULER",
           "SLOW_SECONDS", "TARGET_RETENTION", "Deck", "DeckCard", "DeckError", "DueToday", "FitError", "LogEntry",
           "fit_factor", "grade_of", "interval_days", "new_card_data"]
