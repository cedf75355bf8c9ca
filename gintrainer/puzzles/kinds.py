"""The words of the discard kinds, "can you knock?" and "best discard", which share
one puzzle class (:mod:`.core`). The kinds' vocabulary is
:class:`~gintrainer.words.vocab.PuzzleKind` (below every layer); every kind,
shipped or plugged in, is described in :mod:`.registry`."""

from __future__ import annotations

from ..engine.solver import Objective
from ..words.errors import GinError
from ..words.language import N_, t
from ..words.vocab import PuzzleKind, Vocabulary

KINDS = tuple(PuzzleKind)
"""The kinds the package ships (a plugged-in kind is in :func:`gintrainer.puzzles.registry.kinds`)."""
DISCARD_KINDS = (PuzzleKind.CAN_KNOCK, PuzzleKind.BEST_DISCARD)
"""The kinds that ask for a discard after the draw (a :class:`~gintrainer.puzzles.core.Puzzle`)."""


class Unclear(Vocabulary, noun=N_("reason")):
    """Why a position makes no puzzle of its kind by the bank's standard (a kind's ``assess``, see
    :class:`~gintrainer.puzzles.description.KindDescription`): its best answer is not unique (``tied``),
    ahead of the next by less than the kind's margin (``margin``), one the simplest rule or the plain count
    already finds (``plain``), or the position is not one the kind asks about, each check named: too early in
    the hand (``early``), too near its end (``late``), too far from melds (``far_from_melds``) or from a knock
    (``far_from_knock``), a gin already there (``gin_there``) or a knock (``knock_there``)."""

    TIED = "tied"
    MARGIN = "margin"
    PLAIN = "plain"
    EARLY = "early"
    """Too early in the hand: the stock still holds more cards than the kind's puzzles are posed with."""
    LATE = "late"
    """Too near the hand's end: it may end before the player's next draw, which the puzzle looks ahead to."""
    FAR_FROM_MELDS = "far_from_melds"
    """More deadwood than the kind's puzzles hold: a hand still far from melds."""
    FAR_FROM_KNOCK = "far_from_knock"
    """Deadwood well above the knock limit, where the kind asks about a knock."""
    GIN_THERE = "gin_there"
    """The hand can already go gin (or big gin)."""
    KNOCK_THERE = "knock_there"
    """The hand can already knock, where the kind asks about the draws that lead to one."""


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


__all__ = ["DISCARD_KINDS", "KINDS", "PuzzleKind", "Unclear", "ranking_objective"]
