"""The kinds of puzzle. Files say ``can_knock``, ``best_discard``,
``take_or_draw``, ``knock_layout`` and ``defend``; the command line also takes
``can-knock``, ``best-discard``, ``take-or-draw`` and ``knock-layout``."""

from __future__ import annotations

from ..engine.solver import Objective
from ..words.errors import GinError
from ..words.language import N_, t
from ..words.vocab import Vocabulary


class PuzzleKind(Vocabulary):
    """What a puzzle asks: whether the hand can knock (and with which discard),
    which discard is best, whether to take the top discard or draw from the stock,
    how to lay out a knock against the defender's hand, or how to answer a knock
    (melds and lay-offs, and whether they undercut)."""

    CAN_KNOCK = "can_knock"
    BEST_DISCARD = "best_discard"
    TAKE_OR_DRAW = "take_or_draw"
    KNOCK_LAYOUT = "knock_layout"
    DEFEND = "defend"

    @classmethod
    def noun(cls) -> str:
        return N_("puzzle kind")

    @property
    def prefix(self) -> str:
        """The start of the ids of puzzles of this kind."""
        return {PuzzleKind.CAN_KNOCK: "ck", PuzzleKind.BEST_DISCARD: "bd", PuzzleKind.TAKE_OR_DRAW: "td",
                PuzzleKind.KNOCK_LAYOUT: "kl", PuzzleKind.DEFEND: "df"}[self]

    @property
    def option(self) -> str:
        """The kind as the command line writes it."""
        return self.value.replace("_", "-")


KINDS = tuple(PuzzleKind)
DISCARD_KINDS = (PuzzleKind.CAN_KNOCK, PuzzleKind.BEST_DISCARD)
"""The kinds that ask for a discard after the draw (a :class:`~gintrainer.puzzles.core.Puzzle`)."""


def ranking_objective(kind: PuzzleKind, objective: Objective | None) -> Objective:
    """What a puzzle ranks its discards by: the deadwood left for "can you
    knock?", the puzzle's objective for "best discard".

    >>> ranking_objective(PuzzleKind.CAN_KNOCK, None), ranking_objective(PuzzleKind.BEST_DISCARD, "lookahead")
    (Objective.DEADWOOD, Objective.LOOKAHEAD)
    """
    if kind == PuzzleKind.CAN_KNOCK:
        return Objective.DEADWOOD
    if objective is None:
        raise GinError(t("a best-discard puzzle needs an objective: deadwood or lookahead"))
    return Objective(objective)


__all__ = ["DISCARD_KINDS", "KINDS", "PuzzleKind", "ranking_objective"]
