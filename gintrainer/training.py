"""The puzzle trainer without widgets: answering one puzzle (two stages for "can
you knock?", a hint ladder) and choosing the next one for a learner.

>>> from gintrainer.puzzles import bank
>>> attempt = PuzzleAttempt(next(p for p in bank("can_knock") if not p.can_knock))
>>> attempt.stage
'yes_no'
>>> feedback = attempt.answer_yes_no(False)
>>> feedback.correct, attempt.result
(True, 'solved')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from .cards import Card, parse_card
from .errors import GinError
from .puzzles import DIFFICULTY_LEVELS, Puzzle, bank, normalise_kind, verify
from .rating import Rating, pick
from .solver import DiscardRow

STAGES = ("yes_no", "discard", "done")
DIFFICULTY_CHOICES = ("adaptive", "easy", "medium", "hard")
REVIEW_EVERY = 3
"""Every third puzzle comes from the learner's review queue when it has any."""


@dataclass(frozen=True)
class Feedback:
    """What the learner is told after an answer."""

    correct: bool
    message: str
    row: DiscardRow | None = None
    best: DiscardRow | None = None
    cost: Fraction | None = None
    finished: bool = False


class PuzzleAttempt:
    """One learner's attempt at one puzzle.

    "Can you knock?" has two stages: yes or no, then (after a right yes) the
    discard. A wrong answer ends the attempt as failed; a right one with hints
    ends it as hinted (a hinted puzzle does not count as solved).
    """

    def __init__(self, puzzle: Puzzle):
        self.puzzle = puzzle
        self.stage = "yes_no" if puzzle.kind == "can_knock" else "discard"
        self.hints_used = 0
        self.result: str | None = None
        self.answers: list[str] = []

    @property
    def finished(self) -> bool:
        return self.stage == "done"

    @property
    def answer_text(self) -> str:
        return " ".join(self.answers)

    def hint(self) -> str:
        """The next rung of the hint ladder: the theme, the key cards, then the answer."""
        if self.finished:
            raise GinError("this puzzle is over: no more hints")
        if self.hints_used >= len(self.puzzle.hints):
            return self.puzzle.hints[-1]
        self.hints_used += 1
        return self.puzzle.hints[self.hints_used - 1]

    @property
    def hints_shown(self) -> tuple[str, ...]:
        return self.puzzle.hints[:self.hints_used]

    def _finish(self, correct: bool) -> str:
        self.stage = "done"
        self.result = ("hinted" if self.hints_used else "solved") if correct else "failed"
        return self.result

    def require_stage(self, stage: str) -> None:
        """Raise GinError, saying what to do instead, unless the attempt is at ``stage``."""
        if self.stage == stage:
            return
        if self.stage == "done":
            raise GinError("this puzzle is over")
        raise GinError("answer yes or no first" if self.stage == "yes_no" else "choose the discard now")

    def answer_yes_no(self, can_knock) -> Feedback:
        """The first stage of "can you knock?"."""
        self.require_stage("yes_no")
        if not isinstance(can_knock, bool):
            raise GinError(f"answer yes or no, not {can_knock!r}")
        self.answers.append("yes" if can_knock else "no")
        grade = self.puzzle.grade(can_knock=can_knock)
        if not grade.correct:
            self._finish(False)
            return Feedback(False, grade.message, best=grade.best, finished=True)
        if not can_knock:
            self._finish(True)
            return Feedback(True, grade.message, finished=True)
        self.stage = "discard"
        return Feedback(True, "Right, you can knock. Now choose the card to discard face down.")

    def answer_discard(self, card) -> Feedback:
        """The discard (after a right "yes", or the one stage of "best discard")."""
        self.require_stage("discard")
        card = card if isinstance(card, Card) else parse_card(card)
        grade = self.puzzle.grade(card, can_knock=True if self.puzzle.kind == "can_knock" else None)
        self.answers.append(card.code())
        self._finish(grade.correct)
        note = " (with hints: it counts as seen, not solved)" if grade.correct and self.hints_used else ""
        return Feedback(grade.correct, grade.message + note, grade.row, grade.best, grade.cost, finished=True)


def cost_words(feedback: Feedback, puzzle: Puzzle) -> str:
    """The chosen card's row in words and its cost against the best."""
    row = feedback.row
    if row is None:
        return ""
    words = (f"{row.card}: leaves {row.deadwood} deadwood"
             + (" (gin)" if row.gin else " (knocks)" if row.knocks else "")
             + f", {len(row.outs)} outs, {float(row.expected_deadwood):.2f} expected after the next draw")
    if feedback.cost:
        unit = "expected deadwood" if puzzle.objective == "lookahead" else "deadwood"
        words += f". It costs {float(feedback.cost):.2f} {unit} against the best, {feedback.best.card}"
    return words + "."


def puzzles_for(kind: str, *, difficulty: str = "adaptive", theme: str | None = None) -> tuple[Puzzle, ...]:
    """The bank's puzzles of a kind under the trainer's filters."""
    puzzles = bank(normalise_kind(kind))
    if difficulty not in DIFFICULTY_CHOICES:
        raise GinError(f"unknown difficulty {difficulty!r}: choose {', '.join(DIFFICULTY_CHOICES)}")
    if difficulty != "adaptive":
        low, high = DIFFICULTY_LEVELS[difficulty]
        puzzles = tuple(p for p in puzzles if low <= p.difficulty <= high)
    if theme:
        puzzles = tuple(p for p in puzzles if theme in p.themes)
    return puzzles


def themes_in_bank(kind: str) -> tuple[str, ...]:
    """The themes that occur among the bank's puzzles of a kind, most common first."""
    counts: dict[str, int] = {}
    for puzzle in bank(normalise_kind(kind)):
        for theme in puzzle.themes:
            counts[theme] = counts.get(theme, 0) + 1
    return tuple(sorted(counts, key=lambda t: (-counts[t], t)))


def choose_next(kind: str, *, rating: Rating | float = 1500.0, review: tuple[str, ...] = (),
                solved: frozenset[str] = frozenset(), count: int = 0, difficulty: str = "adaptive",
                theme: str | None = None, current: str | None = None, rng: random.Random | None = None
                ) -> tuple[Puzzle, bool]:
    """The learner's next puzzle and whether it comes from the review queue.

    Puzzles got wrong come back (every third puzzle, oldest first) until solved;
    the others are picked near the learner's rating, unsolved ones first.
    Each is checked again by the solver before it is shown.
    """
    rng = rng or random.Random()
    pool = puzzles_for(kind, difficulty=difficulty, theme=theme)
    if not pool:
        raise GinError("no puzzle matches these filters: choose another theme or difficulty")
    by_id = {p.id: p for p in bank(normalise_kind(kind))}
    if review and count % REVIEW_EVERY == REVIEW_EVERY - 1:
        for puzzle_id in review:
            if puzzle_id in by_id and puzzle_id != current:
                return verify(by_id[puzzle_id].to_dict()), True
    fresh = [p for p in pool if p.id not in solved and p.id != current] or [p for p in pool if p.id != current] \
        or list(pool)
    chosen = pick(fresh, rating, rng)
    return verify(chosen.to_dict()), False
