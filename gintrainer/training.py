"""The puzzle trainer without widgets: answering one puzzle (two stages for "can
you knock?", a hint ladder), saying what an answer did to the learner's rating,
and choosing the next puzzle for a learner.

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
from .progress import Attempt
from .puzzles import DIFFICULTY_LEVELS, Puzzle, bank, normalise_kind, verify
from .rating import Rating, expected_score, pick
from .solver import DiscardRow

STAGES = ("yes_no", "discard", "done")
DIFFICULTY_CHOICES = ("adaptive", "easy", "medium", "hard")
REVIEW_EVERY = 3
"""Every third puzzle comes from the learner's review queue when it has any."""
HINT_RULE = "A hint makes this puzzle count as seen, not solved: a right answer after a hint scores as a miss."
"""Said before the first hint is taken."""
UNCERTAIN_DEVIATION = 100.0
"""Above this rating deviation the rating is new enough that one result moves it a lot, and the page says so."""


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

    def __init__(self, puzzle: Puzzle, *, blind: bool = False):
        self.puzzle = puzzle
        self.blind = blind
        """Answered without a verdict on the way (a class set): a "yes" always asks for the
        discard, so that moving on to the discard does not say that "yes" was right."""
        self.stage = "yes_no" if puzzle.kind == "can_knock" else "discard"
        self.hints_used = 0
        self.result: str | None = None
        self.answers: list[str] = []

    @classmethod
    def replay(cls, puzzle: Puzzle, answer, hints: int = 0) -> tuple[PuzzleAttempt, Feedback]:
        """The finished attempt behind a recorded answer (``no``, ``yes 7H``, ``7H``) and its
        feedback, to show an answered puzzle again; raises GinError if the answer does not fit.

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
        words = answer.split() if isinstance(answer, str) else []
        if puzzle.kind == "can_knock":
            if not words or words[0] not in ("yes", "no"):
                raise GinError(f"a recorded answer starts with yes or no, not {answer!r}")
            feedback = attempt.answer_yes_no(words.pop(0) == "yes")
        if not attempt.finished:
            if len(words) != 1:
                raise GinError(f"a recorded answer names one discard, not {answer!r}")
            feedback = attempt.answer_discard(words[0])
        elif words:
            raise GinError(f"the recorded answer {answer!r} goes on after the puzzle was over")
        return attempt, feedback

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
        if not self.hints_left:
            raise GinError("no more hints: the last one gave the answer")
        self.hints_used += 1
        return self.puzzle.hints[self.hints_used - 1]

    @property
    def hints_left(self) -> int:
        return len(self.puzzle.hints) - self.hints_used

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
        if can_knock and self.blind:
            return self._answer_yes_blind()
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

    def _answer_yes_blind(self) -> Feedback | None:
        if self.blind and self.stage == "yes_no":
            self.answers.append("yes")
            self.stage = "discard"
            return Feedback(True, "Now choose the card to discard face down.")
        return None

    def answer_discard(self, card) -> Feedback:
        """The discard (after a right "yes", or the one stage of "best discard")."""
        self.require_stage("discard")
        card = card if isinstance(card, Card) else parse_card(card)
        if card not in self.puzzle.hand:
            raise GinError(f"{card} is not in the hand")
        if card is self.puzzle.forbidden:  # refused alike whatever the answer, so the refusal tells nothing
            raise GinError(f"{card} may not be discarded: it was just taken from the discard pile")
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


def rating_words(before: Rating, attempt: Attempt) -> str:
    """What one recorded attempt did to the learner's rating, and why: the result, then
    the puzzle's difficulty against the rating it met, then (for a new rating) its
    uncertainty.

    >>> from gintrainer.progress import Progress
    >>> p = Progress.new("Ann").with_attempt({"id": "k1", "kind": "can_knock", "themes": [], "difficulty": 1100},
    ...                                      "failed", answer="no", hints=0)
    >>> words = rating_words(Rating(), p.history[-1])
    >>> words[:words.index(" The")]
    'Rating 1500 → 1027 (-473): a wrong answer scores as a miss.'
    >>> "rated 1100, 400 below your 1500: by your rating you would solve it 91% of the time" in words
    True
    """
    if not attempt.counted:
        return (f"Rating {attempt.rating:.0f}, unchanged: you had answered this puzzle before, so this answer "
                "is practice and is not rated.")
    values = dict(before=f"{before.rating:.0f}", after=f"{attempt.rating:.0f}",
                  change=f"{round(attempt.rating) - round(before.rating):+d}")
    result = {"solved": "Rating {before} → {after} ({change}): solved without hints.",
              "hinted": "Rating {before} → {after} ({change}): solved with hints, which counts as seen, not "
                        "solved, and scores as a miss.",
              "failed": "Rating {before} → {after} ({change}): a wrong answer scores as a miss."}[attempt.result]
    gap = round(attempt.difficulty) - round(before.rating)
    chance = 100 * expected_score(before, attempt.difficulty)
    values.update(difficulty=f"{attempt.difficulty:.0f}", gap=f"{abs(gap)}",
                  chance="under 1" if chance < 0.5 else "over 99" if chance > 99.5 else f"{chance:.0f}")
    against = ("The puzzle is rated {difficulty}, {gap} above your {before}: by your rating you would solve it "
               "{chance}% of the time." if gap > 0 else
               "The puzzle is rated {difficulty}, {gap} below your {before}: by your rating you would solve it "
               "{chance}% of the time." if gap < 0 else
               "The puzzle is rated {difficulty}, level with your {before}: by your rating you would solve it "
               "{chance}% of the time.")
    words = [result.format(**values), against.format(**values)]
    if before.deviation > UNCERTAIN_DEVIATION:
        words.append(f"Your rating is still new (± {before.deviation:.0f}), so each result moves it a lot.")
    return " ".join(words)


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
                solved: frozenset[str] = frozenset(), seen: frozenset[str] = frozenset(), count: int = 0,
                difficulty: str = "adaptive", theme: str | None = None, current: str | None = None,
                rng: random.Random | None = None) -> tuple[Puzzle, bool]:
    """The learner's next puzzle and whether it comes from the review queue.

    Puzzles got wrong come back (every third puzzle, oldest first) until solved;
    the others are picked near the learner's rating, puzzles never answered
    (neither ``solved`` nor ``seen``) first. Each is checked again by the solver
    before it is shown.
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
    fresh = [p for p in pool if p.id not in solved and p.id not in seen and p.id != current] \
        or [p for p in pool if p.id != current] or list(pool)
    chosen = pick(fresh, rating, rng)
    return verify(chosen.to_dict()), False
