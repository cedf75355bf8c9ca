"""A student working through a class set: answers graded by the solver, timed
with an injectable clock, and exported as a results CSV.

Answers are text: for "Can you knock?" ``no`` or ``yes`` and the card to
discard (``yes 7H``; a card alone means yes), for "Which card?" the card.
Throwing back the card just taken from the discard pile is recorded as a
wrong answer, as it would be on paper; a card not in the hand, or an answer
that does not fit the question, is refused and nothing is recorded. Each
puzzle is answered once. The set is then handed in (:meth:`StudentSession.hand_in`):
only then do the score, the results file and the answers show, and nothing more
can be answered. Everyone in a class has the same puzzles, so an answer shown
early could be passed on.

>>> ticks = iter([0.0, 2.0, 5.0])
>>> s = StudentSession(ClassSet("Demo", count=2, kinds="best_discard", objective="deadwood"), "Ann",
...                    clock=lambda: next(ticks))
>>> s.show(0).kind
'best_discard'
>>> a = s.answer(0, s.puzzles[0].answer[0])
>>> a.correct, a.seconds, s.answered, s.unanswered
(True, 3.0, 1, 1)
>>> s.hand_in().score
(1, 1)
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..cards import Card, parse_card
from ..errors import GinError
from ..messages import render, say
from ..puzzles import Puzzle
from .results import Attempt, clean_student, results_csv
from .sets import ClassSet


class AnswerError(GinError):
    """An answer that does not fit the question (nothing was recorded)."""


@dataclass(frozen=True)
class Marked:
    """An answer judged: as written in the results file, right or not, and the
    feedback for the student."""

    answer: str
    correct: bool
    message: str


_YES = ("yes", "y")
_NO = ("no", "n")


def parse_response(puzzle: Puzzle, response) -> tuple[bool | None, Card | None]:
    """``(can_knock, card)`` from an answer; ``can_knock`` is None for a
    best-discard puzzle. Raises :class:`AnswerError`.

    >>> from gintrainer.puzzles import bank
    >>> parse_response(bank("can_knock")[0], "Yes, 7h")
    (True, Card.parse('7H'))
    """
    if isinstance(response, Card):
        words = [response.code()]
    elif isinstance(response, str):
        words = [w for w in re.split(r"[\s,;:]+", response.strip().lower()) if w]
    else:
        raise AnswerError(f"an answer is text or a card, not {response!r}")
    if not words:
        raise AnswerError("the answer is empty")
    try:
        if puzzle.kind == "can_knock":
            if words[0] in _NO:
                if len(words) > 1:
                    raise AnswerError(f"answer 'no' alone, not {response!r}")
                return False, None
            if words[0] in _YES:
                words = words[1:]
                if not words:
                    return True, None  # wrong when no discard knocks; mark() asks for the card otherwise
            if len(words) != 1:
                raise AnswerError(f"answer 'no', or 'yes' and one card, not {response!r}")
            return True, parse_card(words[0])
        if len(words) != 1 or words[0] in _YES + _NO:
            raise AnswerError(f"answer with one card to discard, like 7H, not {response!r}")
        return None, parse_card(words[0])
    except AnswerError:
        raise
    except GinError as error:
        raise AnswerError(str(error)) from None


def mark(puzzle: Puzzle, response) -> Marked:
    """Judge an answer with :meth:`Puzzle.grade`.

    >>> from gintrainer.puzzles import bank
    >>> p = bank("can_knock")[0]
    >>> mark(p, "no").correct == (not p.can_knock)
    True
    """
    can_knock, card = parse_response(puzzle, response)
    if can_knock and card is None and puzzle.can_knock:
        raise AnswerError("you can knock: say which card you discard, e.g. 'yes 7H'")
    if card is not None and card not in puzzle.hand:
        raise AnswerError(f"{card} is not in the hand")
    written = "no" if can_knock is False else ("yes" if card is None else
                                                (f"yes {card.code()}" if can_knock else card.code()))
    if card is not None and card is puzzle.forbidden:
        return Marked(written, False, render((say("grade_forbidden", card=card), *puzzle.explanation_messages)))
    try:
        grade = puzzle.grade(card, can_knock=can_knock) if puzzle.kind == "can_knock" else puzzle.grade(card)
    except GinError as error:
        raise AnswerError(str(error)) from None
    return Marked(written, grade.correct, grade.message)


class StudentSession:
    """One student's pass through a class set (given by its code or as a
    :class:`ClassSet`). ``clock`` returns seconds (``time.monotonic`` by default).

    A puzzle's time runs from :meth:`show` (its first showing) to its answer;
    for a puzzle answered without being shown, from the previous answer (or the
    start of the session)."""

    def __init__(self, code: str | ClassSet, student: str, *, clock: Callable[[], float] = time.monotonic):
        self.classset = code if isinstance(code, ClassSet) else ClassSet.from_code(code)
        self.student = clean_student(student)
        self._clock = clock
        self.puzzles: tuple[Puzzle, ...] = self.classset.puzzles()
        self._shown: dict[int, float] = {}
        self._attempts: dict[int, Attempt] = {}
        self._last = clock()
        self.handed_in = False

    @property
    def code(self) -> str:
        return self.classset.code

    def __len__(self) -> int:
        return len(self.puzzles)

    def __iter__(self) -> Iterator[Puzzle]:
        return iter(self.puzzles)

    def _index(self, index: int) -> int:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.puzzles):
            raise GinError(f"there is no puzzle {index!r}: the set has puzzles 0 to {len(self.puzzles) - 1}")
        return index

    def show(self, index: int) -> Puzzle:
        """The puzzle at ``index`` (from 0); its timer starts at its first showing."""
        index = self._index(index)
        self._shown.setdefault(index, self._clock())
        return self.puzzles[index]

    def can_answer(self, index: int) -> bool:
        return self._index(index) not in self._attempts and not self.handed_in

    def answer(self, index: int, response) -> Attempt:
        """Grade and record an answer; the attempt's ``message`` is the feedback.
        Raises :class:`AnswerError` (nothing recorded) for an answer that does
        not fit, or GinError for a puzzle already answered."""
        index = self._index(index)
        if self.handed_in:
            raise GinError("the set is handed in: no more answers")
        if index in self._attempts:
            raise GinError(f"puzzle {index + 1} is already answered")
        puzzle = self.puzzles[index]
        marked = mark(puzzle, response)
        now = self._clock()
        start = self._shown.get(index, self._last)
        attempt = Attempt(index + 1, puzzle.id, marked.answer, marked.correct, max(0.0, now - start),
                          marked.message)
        self._attempts[index] = attempt
        self._last = now
        return attempt

    @property
    def answered(self) -> int:
        return len(self._attempts)

    @property
    def unanswered(self) -> int:
        return len(self.puzzles) - len(self._attempts)

    @property
    def is_complete(self) -> bool:
        return not self.unanswered

    def hand_in(self) -> StudentSession:
        """Close the set: no more answers; the score, the answers and the results file open.
        Raises GinError before any answer."""
        if not self._attempts:
            raise GinError("answer at least one puzzle before handing in the set")
        self.handed_in = True
        return self

    def _require_handed_in(self) -> None:
        if not self.handed_in:
            raise GinError("the set is not handed in yet: the answers and the score show once it is")

    @property
    def attempts(self) -> tuple[Attempt, ...]:
        """The answers, in position order, once the set is handed in."""
        self._require_handed_in()
        return tuple(self._attempts[i] for i in sorted(self._attempts))

    @property
    def score(self) -> tuple[int, int]:
        """(right, answered), once the set is handed in."""
        self._require_handed_in()
        return sum(a.correct for a in self._attempts.values()), len(self._attempts)

    def to_csv(self) -> str:
        """The results file, once the set is handed in."""
        return results_csv(self.student, self.code, self.attempts)


__all__ = ["AnswerError", "Marked", "StudentSession", "mark", "parse_response"]
