"""A student working through a class set: answers graded by the solver, timed
with an injectable clock, and exported as a results CSV.

Answers are text, as each kind's owner marks them (:mod:`.marking`): for "Can
you knock?" ``no`` or ``yes`` and the card to discard (``yes 7H``; a card alone
means yes), for "Which card?" the card, and so on.
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
PuzzleKind.BEST_DISCARD
>>> a = s.answer(0, s.puzzles[0].answer[0])
>>> a.correct, a.seconds, s.answered, s.unanswered
(True, 3.0, 1, 1)
>>> s.hand_in().score
(1, 1)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace

from ..puzzles import Puzzle
from ..words.errors import GinError
from .marking import mark
from .results import Attempt, clean_student, results_csv
from .sets import ClassSet


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

    def answer(self, index: int, response: str) -> Attempt:
        """Grade and record an answer; the attempt's ``message`` is the feedback.
        Raises :class:`~gintrainer.classroom.marking.AnswerError` (nothing recorded) for an answer that does
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

    def resume(self, attempts: Iterable[Attempt], *, handed_in: bool = False) -> StudentSession:
        """Take answers given earlier (kept by the class store) as this session's: each
        replaces this session's answer to that puzzle, as the first answer given stands.
        The store keeps no feedback: an answer without it is marked again for its
        explanation (its verdict stays the one recorded).
        Raises GinError for an answer that is not to the set's puzzle at its position."""
        for attempt in attempts:
            index = attempt.position - 1
            if not 0 <= index < len(self.puzzles) or self.puzzles[index].id != attempt.puzzle_id:
                raise GinError(f"puzzle {attempt.puzzle_id} is not puzzle {attempt.position} of this set")
            self._attempts[index] = attempt if attempt.message else _explained(self.puzzles[index], attempt)
        self.handed_in = self.handed_in or (handed_in and bool(self._attempts))
        return self

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
        return self.given

    @property
    def given(self) -> tuple[Attempt, ...]:
        """Every answer given so far, in position order, handed in or not: to keep them for the
        class store, never to show before the hand-in."""
        return tuple(self._attempts[i] for i in sorted(self._attempts))

    @property
    def score(self) -> tuple[int, int]:
        """(right, answered), once the set is handed in."""
        self._require_handed_in()
        return sum(a.correct for a in self._attempts.values()), len(self._attempts)

    def to_csv(self) -> str:
        """The results file, once the set is handed in."""
        return results_csv(self.student, self.code, self.attempts)


def _explained(puzzle: Puzzle, attempt: Attempt) -> Attempt:
    """A recorded answer with its feedback, marked again; as it was when it no longer fits."""
    try:
        return replace(attempt, message=mark(puzzle, attempt.answer).message)
    except GinError:
        return attempt


__all__ = ["StudentSession"]
