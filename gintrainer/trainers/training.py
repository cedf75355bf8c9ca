"""The puzzle trainer without widgets: answering one puzzle (two stages for "can
you knock?", a hint ladder), saying what an answer did to the learner's rating,
and choosing the next puzzle for a learner.

>>> from gintrainer.puzzles import bank
>>> attempt = PuzzleAttempt(next(p for p in bank("can_knock") if not p.can_knock))
>>> attempt.stage
Stage.YES_NO
>>> feedback = attempt.answer_yes_no(False)
>>> feedback.correct, attempt.result
(True, 'solved')
"""

from __future__ import annotations

import datetime as dt
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple, TypeVar

from ..engine.cards import Card, parse_card, parse_cards
from ..engine.solver import DiscardRow, Objective
from ..material.messages import Message, Percent, Signed, render, say
from ..puzzles import (
    BankEntry,
    Puzzle,
    PuzzleKind,
    bank,
    bank_index,
    bank_record,
    description,
    find_daily,
    normalise_kind,
    verify,
)
from ..puzzles.description import AnswerInput
from ..puzzles.ratings import starting_ratings
from ..records.progress import DIFFICULTIES, Attempt
from ..records.rating import Rating, expected_score, pick
from ..words.errors import GinError
from ..words.language import N_, t
from ..words.vocab import Vocabulary


class Stage(Vocabulary):
    """Where an attempt stands: at the yes-or-no question (before a discard, as "can you
    knock?" asks), at the discard, at the choice of take or draw, at a layout of the
    knocker's melds, at a defender's reply (melds, lay-offs, undercut), or over. An attempt
    starts at the stage of its kind's answer input (:data:`INPUT_STAGES`)."""

    YES_NO = "yes_no"
    DISCARD = "discard"
    CHOICE = "choice"
    LAYOUT = "lay_out"
    REPLY = "reply"
    DONE = "done"

    @classmethod
    def noun(cls) -> str:
        return N_("stage")


STAGES = tuple(Stage)
DIFFICULTY_CHOICES = tuple(DIFFICULTIES)
"""The trainers' difficulty choices, each an offset from the learner's rating (``progress.DIFFICULTIES``)."""
IN_RANGE = 150.0
"""How near the target a puzzle's rating must be to count as in range."""
MIN_IN_RANGE = 5
"""Fewer unanswered puzzles in range than this, and the trainer serves the nearest and says so."""
REVIEW_EVERY = 3
"""Every third puzzle comes from the learner's reviews due (their review deck's, see
:func:`gintrainer.records.deck.Deck.due_ids`) when there are any."""
HINT_RULE = render(say("trainer_hint_rule"))
"""Said before the first hint is taken (English; the message is ``trainer_hint_rule``)."""
UNCERTAIN_DEVIATION = 100.0
"""Above this rating deviation the rating is new enough that one result moves it a lot, and the page says so."""


@dataclass(frozen=True)
class Feedback:
    """What the learner is told after an answer: right or not, what is said, and
    the chosen card's row, the best row and the cost against it."""

    correct: bool
    messages: tuple[Message, ...]
    row: DiscardRow | None = None
    best: DiscardRow | None = None
    cost: Fraction | None = None
    finished: bool = False

    @property
    def message(self) -> str:
        """What is said, in English."""
        return render(self.messages)


class PuzzleAttempt:
    """One learner's attempt at one puzzle.

    "Can you knock?" has two stages: yes or no, then (after a right yes) the
    discard. A wrong answer ends the attempt as failed; a right one with hints
    ends it as hinted (a hinted puzzle does not count as solved).
    """

    def __init__(self, puzzle: Puzzle, *, blind: bool = False):
        self.puzzle = puzzle
        self.blind = blind
        """Answered without a verdict on the way (a class set): a "yes" always asks for the
        discard, so that moving on to the discard does not say that "yes" was right."""
        self.described = description(puzzle.kind)
        """The puzzle's kind's description: its answer input and its answers' parse/format pair."""
        self._stage = INPUT_STAGES[self.described.answer_input]
        self.hints_used = 0
        self.result: str | None = None
        self.answers: list[str] = []
        self.started = time.monotonic()
        self.seconds: float | None = None
        """How long the attempt took, from its start to its last answer (the review deck grades a slow
        solve as a hard one: :func:`gintrainer.records.deck.grade_of`)."""

    @classmethod
    def replay(cls, puzzle: Puzzle, answer: object, hints: int = 0) -> tuple[PuzzleAttempt, Feedback]:
        """The finished attempt behind a recorded answer (as its kind's ``answer.format`` wrote it:
        ``no``, ``yes 7H``, ``7H``, ``take``, a layout...) and its feedback, to show an answered
        puzzle again; raises GinError if the answer does not fit.

        >>> from gintrainer.puzzles import bank
        >>> puzzle = next(p for p in bank("best_discard"))
        >>> attempt, feedback = PuzzleAttempt.replay(puzzle, puzzle.answer[0].code())
        >>> attempt.result, feedback.correct
        ('solved', True)
        """
        attempt = cls(puzzle)
        if isinstance(hints, bool) or not isinstance(hints, int) or not 0 <= hints <= len(puzzle.hints):
            raise GinError(f"a recorded attempt has 0 to {len(puzzle.hints)} hints, not {hints!r}")
        for _ in range(hints):
            attempt.hint()
        if not isinstance(answer, str):
            raise GinError(f"a recorded answer is text, not {answer!r}")
        return attempt, attempt._replay(attempt.described.answer.parse(answer))

    def _replay(self, value: Any) -> Feedback:
        """The stages of a recorded answer, as its kind's ``answer.parse`` read it."""
        if self.stage == Stage.CHOICE:
            return self.answer_choice(value)
        if self.stage == Stage.LAYOUT:
            return self.answer_layout(value)
        if self.stage == Stage.REPLY:
            return self.answer_reply(*value)
        can_knock, card = value
        if self.stage == Stage.YES_NO:
            if can_knock is None:
                raise GinError("a recorded answer to a knock starts with yes or no")
            feedback = self.answer_yes_no(can_knock)
            if self.finished:
                if card is not None:
                    raise GinError("the recorded answer goes on after the puzzle was over")
                return feedback
        if card is None:
            raise GinError("a recorded answer names one discard")
        return self.answer_discard(card)

    @property
    def stage(self) -> Stage:
        """Where the attempt stands; set as a member or its text (a page showing an
        answered puzzle as over sets ``done``)."""
        return self._stage

    @stage.setter
    def stage(self, stage: Stage | str) -> None:
        self._stage = Stage.parse(stage)

    @property
    def finished(self) -> bool:
        return self.stage == Stage.DONE

    @property
    def answer_text(self) -> str:
        return " ".join(self.answers)

    def hint(self) -> Message:
        """The next rung of the hint ladder: the theme (or where to start), the key cards (or what to count), then
        the answer."""
        if self.finished:
            raise GinError(t("this puzzle is over: no more hints"))
        if not self.hints_left:
            raise GinError(t("no more hints: the last one gave the answer"))
        self.hints_used += 1
        return self.puzzle.hint_messages[self.hints_used - 1]

    @property
    def hints_left(self) -> int:
        return len(self.puzzle.hint_messages) - self.hints_used

    @property
    def hints_shown(self) -> tuple[Message, ...]:
        return self.puzzle.hint_messages[:self.hints_used]

    def _finish(self, correct: bool) -> str:
        self.stage = Stage.DONE
        self.seconds = time.monotonic() - self.started
        self.result = ("hinted" if self.hints_used else "solved") if correct else "failed"
        return self.result

    def require_stage(self, stage: Stage | str) -> None:
        """Raise GinError, saying what to do instead, unless the attempt is at ``stage``."""
        if self.stage == Stage.parse(stage):
            return
        if self.stage == Stage.DONE:
            raise GinError(t("this puzzle is over"))
        if self.stage == Stage.CHOICE:
            raise GinError(t("take the card or draw from the stock first"))
        if self.stage == Stage.LAYOUT:
            raise GinError(t("lay out your melds first"))
        if self.stage == Stage.REPLY:
            raise GinError(t("lay out your melds and lay-offs first"))
        raise GinError(t("answer yes or no first") if self.stage == Stage.YES_NO else t("choose the discard now"))

    def answer_yes_no(self, can_knock: object) -> Feedback:
        """The first stage of "can you knock?"."""
        self.require_stage(Stage.YES_NO)
        if not isinstance(can_knock, bool):
            raise GinError(f"answer yes or no, not {can_knock!r}")
        if can_knock and self.blind:
            return self._answer_yes_blind()
        self.answers.append(self.described.answer.format((can_knock, None)))
        grade = self.puzzle.grade(can_knock=can_knock)
        if not grade.correct:
            self._finish(False)
            return Feedback(False, grade.messages, best=grade.best, finished=True)
        if not can_knock:
            self._finish(True)
            return Feedback(True, grade.messages, finished=True)
        self.stage = Stage.DISCARD
        return Feedback(True, (say("trainer_yes_right"),))

    def _answer_yes_blind(self) -> Feedback:
        """A "yes" in a class set: on to the discard, with no verdict."""
        self.answers.append(self.described.answer.format((True, None)))
        self.stage = Stage.DISCARD
        return Feedback(True, (say("trainer_choose_face_down"),))

    def answer_discard(self, card: Card | str) -> Feedback:
        """The discard (after a right "yes", or the one stage of "best discard")."""
        self.require_stage(Stage.DISCARD)
        card = card if isinstance(card, Card) else parse_card(card)
        if card not in self.puzzle.hand:
            raise GinError(t("{card} is not in the hand", card=card))
        if card is self.puzzle.forbidden:  # refused alike whatever the answer, so the refusal tells nothing
            raise GinError(t("{card} may not be discarded: it was just taken from the discard pile", card=card))
        knocking = self.described.answer_input == AnswerInput.KNOCK  # after a yes
        grade = self.puzzle.grade(card, can_knock=True) if knocking else self.puzzle.grade(card)
        self.answers.append(self.described.answer.format((None, card)))
        self._finish(grade.correct)
        note = (say("trainer_hinted"),) if grade.correct and self.hints_used else ()
        return Feedback(grade.correct, grade.messages + note, grade.row, grade.best, grade.cost, finished=True)


    def answer_choice(self, choice: str) -> Feedback:
        """The one stage of "take or draw?": "take" or "draw"."""
        self.require_stage(Stage.CHOICE)
        grade = self.puzzle.grade(choice)
        self.answers.append(self.described.answer.format(choice.strip().lower() if isinstance(choice, str)
                                                         else choice))
        self._finish(grade.correct)
        note = (say("trainer_hinted"),) if grade.correct and self.hints_used else ()
        return Feedback(grade.correct, grade.messages + note, cost=grade.cost, finished=True)

    def answer_layout(self, melds: Any) -> Feedback:
        """The one stage of "lay out your knock": the knocker's melds (the other cards
        deadwood); GinError for a layout that is no layout of the hand or over the limit,
        and the attempt goes on."""
        self.require_stage(Stage.LAYOUT)
        melds = [tuple(parse_cards(m)) for m in melds] if not isinstance(melds, str) else melds
        grade = self.puzzle.grade(melds)
        self.answers.append(self.described.answer.format(melds))
        self._finish(grade.correct)
        note = (say("trainer_hinted"),) if grade.correct and self.hints_used else ()
        return Feedback(grade.correct, grade.messages + note, cost=grade.cost, finished=True)

    def answer_reply(self, melds: Any, layoffs: Any, undercut: bool) -> Feedback:
        """The one stage of "defend": the learner's melds and lay-offs, and whether they undercut."""
        self.require_stage(Stage.REPLY)
        replied: Any = self.puzzle  # the reply input's puzzle grades a layout and the word on the undercut
        grade = replied.grade(melds, layoffs, undercut)
        self.answers.append(self.described.answer.format((melds, layoffs, undercut)))
        self._finish(grade.correct)
        note = (say("trainer_hinted"),) if grade.correct and self.hints_used else ()
        return Feedback(grade.correct, grade.messages + note, cost=grade.cost, finished=True)


INPUT_STAGES = {AnswerInput.KNOCK: Stage.YES_NO, AnswerInput.DISCARD: Stage.DISCARD,
                AnswerInput.CHOICE: Stage.CHOICE, AnswerInput.LAYOUT: Stage.LAYOUT, AnswerInput.REPLY: Stage.REPLY}
"""Where an attempt starts, by its kind's answer input."""


def cost_messages(feedback: Feedback, puzzle: Puzzle) -> tuple[Message, ...]:
    """The chosen card's row and its cost against the best (none without a row)."""
    row = feedback.row
    if row is None:
        return ()
    name = "row_gin" if row.gin else "row_knocks" if row.knocks else "row_plain"
    said = [say(name, card=row.card, deadwood=row.deadwood, outs=len(row.outs), expected=row.expected_deadwood)]
    if feedback.cost and feedback.best is not None:
        said.append(say("cost_lookahead" if puzzle.objective == Objective.LOOKAHEAD else "cost_deadwood",
                        cost=Fraction(feedback.cost), best_card=feedback.best.card))
    return tuple(said)


def cost_words(feedback: Feedback, puzzle: Puzzle, lang: str = "en") -> str:
    """:func:`cost_messages` in words."""
    return render(cost_messages(feedback, puzzle), lang)


def rating_words(before: Rating, attempt: Attempt, lang: str | None = None) -> str:
    """What one recorded attempt did to the learner's rating, and why (see
    :func:`rating_messages`), in words, in ``lang`` (the page's language by default).

    >>> from gintrainer.records.progress import Progress
    >>> p = Progress.new("Ann").with_attempt({"id": "k1", "kind": "can_knock", "themes": [], "difficulty": 1100},
    ...                                      "failed", answer="no", hints=0)
    >>> words = rating_words(Rating(), p.history[-1])
    >>> words[:words.index(" The")]
    'Rating 1500 → 1027 (-473): a wrong answer scores as a miss.'
    >>> "rated 1100, 400 below your 1500: by your rating you would solve it 91% of the time" in words
    True
    """
    return render(rating_messages(before, attempt), lang)


def rating_messages(before: Rating, attempt: Attempt) -> tuple[Message, ...]:
    """What one recorded attempt did to the learner's rating: the result, then the
    puzzle's difficulty against the rating it met (with the chance of a solve that
    rating gives), then, for a new rating, its uncertainty."""
    if not attempt.counted:
        return (say("rating_practice", rating=round(attempt.rating)),)
    change = Signed(round(attempt.rating) - round(before.rating))
    said = [say(f"rating_{attempt.result}", before=round(before.rating), after=round(attempt.rating), change=change)]
    gap = round(attempt.difficulty) - round(before.rating)
    chance = 100 * expected_score(before, attempt.difficulty)
    values = dict(difficulty=round(attempt.difficulty), before=round(before.rating))
    # A harder puzzle gives under 50%, an easier one over 50%: only the far ends read "under 1%" and "over 99%".
    if gap > 0:
        said.append(say("rating_above_rarely", gap=gap, chance=Percent(1), **values) if chance < 0.5 else
                    say("rating_above", gap=gap, chance=Percent(round(chance)), **values))
    elif gap < 0:
        said.append(say("rating_below_surely", gap=-gap, chance=Percent(99), **values) if chance > 99.5 else
                    say("rating_below", gap=-gap, chance=Percent(round(chance)), **values))
    else:
        said.append(say("rating_level", chance=Percent(round(chance)), **values))
    if before.deviation > UNCERTAIN_DEVIATION:
        said.append(say("rating_new", deviation=round(before.deviation)))
    return tuple(said)


Filtered = TypeVar("Filtered", Puzzle, BankEntry)


def _checked_difficulty(difficulty: str) -> float:
    """The offset of a difficulty choice from the learner's rating (GinError naming the choices)."""
    if difficulty not in DIFFICULTY_CHOICES:
        raise GinError(t("unknown difficulty {difficulty}: choose {choices}", difficulty=repr(difficulty),
                         choices=", ".join(DIFFICULTY_CHOICES)))
    return DIFFICULTIES[difficulty]


def _filtered(puzzles: tuple[Filtered, ...], theme: str | None) -> tuple[Filtered, ...]:
    """The puzzles (or bank entries) under the trainer's theme filter."""
    return tuple(p for p in puzzles if theme in p.themes) if theme else puzzles


def puzzles_for(kind: PuzzleKind | str, *, theme: str | None = None) -> tuple[Puzzle, ...]:
    """The bank's puzzles of a kind under the trainer's theme filter."""
    return _filtered(bank(normalise_kind(kind)), theme)


def themes_in_bank(kind: PuzzleKind | str) -> tuple[str, ...]:
    """The themes that occur among the bank's puzzles of a kind, most common first."""
    counts: dict[str, int] = {}
    for entry in bank_index(normalise_kind(kind)):
        for theme in entry.themes:
            counts[theme] = counts.get(theme, 0) + 1
    return tuple(sorted(counts, key=lambda t: (-counts[t], t)))


class Rated(NamedTuple):
    """A bank puzzle as the trainer serves it: its id and themes, and its rating as learned (else its starting
    rating) in the place of the ladder's difficulty (:func:`~gintrainer.records.rating.pick` reads it)."""

    id: str
    difficulty: float
    themes: tuple[str, ...]


def rated_pool(kind: PuzzleKind | str, ratings: Mapping[str, float] | None = None,
               theme: str | None = None) -> tuple[Rated, ...]:
    """The bank's puzzles of a kind under the theme filter, each with its learned rating (``ratings``, by id)
    or else its shipped starting rating."""
    kind = normalise_kind(kind)
    starts = starting_ratings(kind)
    learned = ratings or {}
    return tuple(Rated(entry.id, float(learned.get(entry.id, starts[entry.id].rating.rating)), entry.themes)
                 for entry in _filtered(bank_index(kind), theme))


def few_near(kind: PuzzleKind | str, target: float, *, ratings: Mapping[str, float] | None = None,
             theme: str | None = None, seen: frozenset[str] = frozenset()) -> bool:
    """Whether fewer than :data:`MIN_IN_RANGE` puzzles not yet answered are rated within :data:`IN_RANGE`
    points of ``target``: then the trainer serves one of the :data:`MIN_IN_RANGE` nearest, and the page says
    so."""
    return _in_range([p for p in rated_pool(kind, ratings, theme) if p.id not in seen], target) < MIN_IN_RANGE


def _in_range(pool: Sequence[Rated], target: float) -> int:
    return sum(1 for p in pool if abs(p.difficulty - target) <= IN_RANGE)


def target_rating(rating: Rating | float, difficulty: str = "adaptive") -> float:
    """The puzzle rating a difficulty choice serves at: the learner's rating moved by its offset (Lichess's
    presets: 600 or 300 below, at, 300 or 600 above).

    >>> target_rating(1500.0, "easier"), target_rating(Rating(1500), "hardest")
    (1200.0, 2100.0)
    """
    return (rating.rating if isinstance(rating, Rating) else float(rating)) + _checked_difficulty(difficulty)


def review_puzzle(puzzle_id: str, kind: PuzzleKind | str, own: Sequence[Puzzle] = (),
                  answered: dt.datetime | None = None) -> Puzzle | None:
    """The puzzle of a card of the learner's review deck: the bank's (checked again by the solver), one of the
    learner's own (``own``, made from their mistakes), or a daily puzzle they answered at ``answered`` (that
    day's or one the archive offered that day, :func:`~gintrainer.puzzles.find_daily`, checked again); None
    when it is none of them any more (an own puzzle whose hand review was dropped)."""
    kind = normalise_kind(kind)
    if any(entry.id == puzzle_id for entry in bank_index(kind)):
        checked: Puzzle = verify(bank_record(kind, puzzle_id))
        return checked
    found = next((puzzle for puzzle in own if puzzle.id == puzzle_id), None)
    if found is None and answered is not None:
        day = find_daily(puzzle_id, kind, answered.astimezone(dt.UTC).date())
        found = None if day is None else verify(day.to_dict())
    return found


def choose_next(kind: PuzzleKind | str, *, rating: Rating | float = 1500.0, review: tuple[str, ...] = (),
                solved: frozenset[str] = frozenset(), seen: frozenset[str] = frozenset(), count: int = 0,
                difficulty: str = "adaptive", theme: str | None = None, current: str | None = None,
                rng: random.Random | None = None, own: Sequence[Any] = (),
                ratings: Mapping[str, float] | None = None,
                answered: Mapping[str, dt.datetime] | None = None) -> tuple[Puzzle, bool]:
    """The learner's next puzzle and whether it comes from the review queue.

    The puzzles of ``review`` (the learner's review deck's due now, the longest overdue first; each found by
    :func:`review_puzzle`, a daily puzzle by when the learner first answered it, ``answered``) come back
    every third puzzle;
    the learner's own puzzles of the kind (``own``: made from their mistakes, verified, see
    :mod:`gintrainer.trainers.mistakes`) never answered come first, within the theme filter, the latest
    first; the others are picked by their learned ratings (``ratings``, by id; a puzzle without one by its
    shipped starting rating) near the learner's ``rating`` moved by the ``difficulty`` choice
    (:func:`target_rating`), puzzles never answered (neither ``solved`` nor ``seen``) first; with fewer than
    :data:`MIN_IN_RANGE` of them within :data:`IN_RANGE` points (:func:`few_near`), one of the nearest.
    Each bank puzzle is checked again by the solver before it is shown.
    """
    rng = rng or random.Random()
    kind = normalise_kind(kind)
    target = target_rating(rating, difficulty)
    pool = rated_pool(kind, ratings, theme)  # only the chosen puzzle is read from the bank
    mine = _filtered(tuple(p for p in own if p.kind == kind), theme)
    if not pool and not mine:
        raise GinError(t("no puzzle matches these filters: choose another theme or difficulty"))
    if review and count % REVIEW_EVERY == REVIEW_EVERY - 1:
        for puzzle_id in review:
            if puzzle_id == current:
                continue
            found = review_puzzle(puzzle_id, kind, mine, (answered or {}).get(puzzle_id))
            if found is not None:
                return found, True
    fresh_own = [p for p in mine if p.id not in solved and p.id not in seen and p.id != current]
    if fresh_own or not pool:
        return (fresh_own or [p for p in mine if p.id != current] or list(mine))[0], False
    fresh = [p for p in pool if p.id not in solved and p.id not in seen and p.id != current] \
        or [p for p in pool if p.id != current] or list(pool)
    if _in_range(fresh, target) < MIN_IN_RANGE:  # the fallback: one of the nearest, as the page says
        nearest = sorted(fresh, key=lambda p: (abs(p.difficulty - target), p.id))[:MIN_IN_RANGE]
        return verify(bank_record(kind, rng.choice(nearest).id)), False
    chosen = pick(fresh, target, rng)
    if chosen is None:  # nothing is excluded, and there is a puzzle to pick from
        raise GinError(t("no puzzle left to choose"))
    return verify(bank_record(kind, chosen.id)), False
