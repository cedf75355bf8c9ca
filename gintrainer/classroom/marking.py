"""Marking one answer to a class-set puzzle: the answer text read and judged by
its kind's description (:attr:`gintrainer.puzzles.description.KindDescription.mark`; the words
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
from typing import Any

from ..puzzles.answers import AnswerError, parse_choice_response
from ..puzzles.registry import description
from ..words.errors import GinError


@dataclass(frozen=True)
class Marked:
    """An answer judged: as written in the results file, right or not, and the
    feedback for the student."""

    answer: str
    correct: bool
    message: str


def mark(puzzle: Any, response: str) -> Marked:
    """Judge an answer with its kind's description (the puzzle's own grade).

    >>> from gintrainer.puzzles import bank
    >>> p = bank("can_knock")[0]
    >>> mark(p, "no").correct == (not p.can_knock)
    True
    """
    try:
        written, grade = description(puzzle.kind).mark(puzzle, response)
    except AnswerError:
        raise
    except GinError as error:
        raise AnswerError(str(error)) from None
    return Marked(written, grade.correct, grade.message)


def parse_response(puzzle: Any, response: str) -> Any:
    """An answer to a puzzle read by its kind's ``answer.parse`` (in any language the trainer
    speaks): ``(can_knock, card)`` for the discard kinds, the choice, the layout...
    Raises :class:`AnswerError` (or GinError) for text that is no answer of the kind."""
    return description(puzzle.kind).answer.parse(response)


__all__ = ["AnswerError", "Marked", "mark", "parse_choice_response", "parse_response"]
