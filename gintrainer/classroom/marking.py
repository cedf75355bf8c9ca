"""Marking one answer to a class-set puzzle: the answer text read and judged by
its kind's owner (:meth:`gintrainer.puzzles.owners.KindOwner.mark`; the words
each kind takes are in :mod:`gintrainer.puzzles.answers`). The results files
(:mod:`.results`) and the student's session (:mod:`.session`) both build on
this module.

Answers are text: for "Can you knock?" ``no`` or ``yes`` and the card to
discard (``yes 7H``; a card alone means yes), for "Which card?" the card, for
"Take or draw?" ``take`` or ``draw``, for "Lay out your knock" the melds apart by ``/``,
for "Defend" melds, lay-offs and yes or no apart by ``;``. Throwing back the card just taken from the
discard pile is marked wrong, as it would be on paper; a card not in the hand,
or an answer that does not fit the question, is refused with :class:`AnswerError`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..puzzles import Puzzle
from ..puzzles.answers import AnswerError, parse_choice_response, parse_response
from ..puzzles.owners import owner
from ..words.errors import GinError


@dataclass(frozen=True)
class Marked:
    """An answer judged: as written in the results file, right or not, and the
    feedback for the student."""

    answer: str
    correct: bool
    message: str


def mark(puzzle: Puzzle, response: str) -> Marked:
    """Judge an answer with its kind's owner (the puzzle's own grade).

    >>> from gintrainer.puzzles import bank
    >>> p = bank("can_knock")[0]
    >>> mark(p, "no").correct == (not p.can_knock)
    True
    """
    try:
        written, grade = owner(puzzle.kind).mark(puzzle, response)
    except AnswerError:
        raise
    except GinError as error:
        raise AnswerError(str(error)) from None
    return Marked(written, grade.correct, grade.message)


__all__ = ["AnswerError", "Marked", "mark", "parse_choice_response", "parse_response"]
