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
learner is small, and a schedule that can be recomputed is one a test can check). Parameters are not fitted
per learner: the package's optimizer needs torch, and docs/benchmarks.md ("Spaced review") gives the
measured reason this is left.

The learner's retention is **measured**: every answer to a puzzle in the FSRS review state (its learning
steps done) given a day or more after the last answer to it counts, recalled unless it was Again; :attr:`Deck.retention`
is the share recalled.

>>> at = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)
>>> deck = Deck().answer("k1", "can_knock", "failed", hints=0, seconds=12.0, at=at)
>>> deck.cards["k1"].due, deck.due_ids(at + timedelta(minutes=10))
('2026-12-05T09:10:00Z', ('k1',))
>>> deck = deck.answer("k1", "can_knock", "solved", hints=0, seconds=20.0, at=at + timedelta(minutes=12))
>>> deck.learned, deck.cards["k1"].due > "2026-12-06", deck.retention is None
(1, True, True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from types import MappingProxyType
from typing import Any

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
_CARD_KEYS = ("kind", "state", "step", "stability", "difficulty", "due", "last_review", "reviews", "recalled")


class DeckError(RecordError):
    """A review deck in a profile file that is not one."""


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

    @classmethod
    def new(cls, kind: str, at: datetime) -> DeckCard:
        """A puzzle just entered, never reviewed, due at ``at``."""
        return cls(str(getattr(kind, "value", kind)), int(State.Learning), 0, None, None, _text(at), None)

    def fsrs_card(self) -> Card:
        return Card(card_id=1, state=State(self.state), step=self.step, stability=self.stability,
                    difficulty=self.difficulty, due=datetime.fromisoformat(self.due),
                    last_review=None if self.last_review is None else datetime.fromisoformat(self.last_review))

    def reviewed(self, grade: Rating, at: datetime) -> DeckCard:
        """The card after one answer graded ``grade`` at ``at``."""
        last = None if self.last_review is None else datetime.fromisoformat(self.last_review)
        counted = self.state == State.Review and last is not None and _utc(at) - last >= timedelta(days=1)
        card, _ = SCHEDULER.review_card(self.fsrs_card(), grade, _utc(at))
        return replace(self, state=int(card.state), step=card.step, stability=card.stability,
                       difficulty=card.difficulty, due=_text(card.due),
                       last_review=None if card.last_review is None else _text(card.last_review),
                       reviews=self.reviews + counted, recalled=self.recalled + (counted and grade != Rating.Again))

    @property
    def learned(self) -> bool:
        """Past its learning steps: scheduled days ahead (FSRS's review state)."""
        return self.state == State.Review

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "state": self.state, "step": self.step, "stability": self.stability,
                "difficulty": self.difficulty, "due": self.due, "last_review": self.last_review,
                "reviews": self.reviews, "recalled": self.recalled}

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
        return cls(data["kind"], state, step, stability, difficulty, due, last, reviews, recalled)


def new_card_data(kind: Any, due: Any) -> dict[str, Any]:
    """A new card as a profile file holds it (a profile's migration enters puzzles with it), due at ``due``
    (a UTC time as text); the file's reading checks it."""
    return {"kind": kind, "state": int(State.Learning), "step": 0, "stability": None, "difficulty": None,
            "due": due, "last_review": None, "reviews": 0, "recalled": 0}


def _end_of_day(at: datetime) -> datetime:
    day = _utc(at).date()
    return datetime(day.year, day.month, day.day, tzinfo=UTC) + timedelta(days=1)


@dataclass(frozen=True, slots=True)
class Deck:
    """A learner's review deck: each puzzle's :class:`DeckCard`, by puzzle id. Immutable."""

    cards: Mapping[str, DeckCard] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", MappingProxyType(dict(sorted(self.cards.items()))))

    def enter(self, puzzle_id: str, kind: str, at: datetime) -> Deck:
        """The deck with ``puzzle_id`` entered new, due at ``at`` (the same deck if it holds it)."""
        if puzzle_id in self.cards:
            return self
        return Deck({**self.cards, puzzle_id: DeckCard.new(kind, at)})

    def answer(self, puzzle_id: str, kind: str, result: str, *, hints: int, seconds: float | None,
               at: datetime) -> Deck:
        """The deck after one answer to ``puzzle_id`` (its result, the hints taken and the seconds it took,
        graded by :func:`grade_of`): a review of a puzzle in the deck; a puzzle not in it enters when it was
        missed or solved with hints (the answer is its first review), and a clean solve leaves it out."""
        grade = grade_of(result, hints, seconds)
        card = self.cards.get(puzzle_id)
        if card is None:
            if result == "solved":
                return self
            card = DeckCard.new(kind, at)
        return Deck({**self.cards, puzzle_id: card.reviewed(grade, at)})

    def due_ids(self, at: datetime, kind: str | None = None) -> tuple[str, ...]:
        """The puzzles due at ``at`` (of ``kind``, or every kind), the longest overdue first."""
        moment = _text(at)
        due = [(card.due, pid) for pid, card in self.cards.items()
               if card.due <= moment and (kind is None or card.kind == kind)]
        return tuple(pid for _, pid in sorted(due))

    def due_today(self, at: datetime) -> int:
        """How many puzzles are due by the end of ``at``'s day (UTC)."""
        return len(self.due_ids(_end_of_day(at) - timedelta(seconds=1)))

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
        """Both decks in one (two profiles merged): of a puzzle in both, the card answered last."""
        cards = dict(self.cards)
        for pid, card in other.cards.items():
            mine = cards.get(pid)
            if mine is None or (card.last_review or "") > (mine.last_review or ""):
                cards[pid] = card
        return Deck(cards)

    def to_dict(self) -> dict[str, Any]:
        return {pid: card.to_dict() for pid, card in self.cards.items()}

    @classmethod
    def from_dict(cls, data: Any, kinds: Iterable[str]) -> Deck:
        if not isinstance(data, dict):
            raise DeckError(f"'deck' must be a JSON object, not {data!r:.60}", field="deck")
        kinds = tuple(kinds)
        for pid in data:
            if not pid:
                raise DeckError("a puzzle id of the review deck is empty", field="deck")
        return cls({pid: DeckCard.from_dict(card, kinds) for pid, card in data.items()})


__all__ = ["LEARNING_STEP", "SCHEDULER", "SLOW_SECONDS", "TARGET_RETENTION", "Deck", "DeckCard", "DeckError",
           "grade_of", "new_card_data"]
