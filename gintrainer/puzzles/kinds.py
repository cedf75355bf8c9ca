"""The kinds of puzzle. Files say ``can_knock`` and ``best_discard``; the
command line also takes ``can-knock`` and ``best-discard``."""

from __future__ import annotations

from ..vocab import Vocabulary


class PuzzleKind(Vocabulary):
    """What a puzzle asks: whether the hand can knock (and with which discard),
    or which discard is best."""

    CAN_KNOCK = "can_knock"
    BEST_DISCARD = "best_discard"

    @classmethod
    def noun(cls) -> str:
        return "puzzle kind"

    @property
    def prefix(self) -> str:
        """The start of the ids of puzzles of this kind."""
        return {PuzzleKind.CAN_KNOCK: "ck", PuzzleKind.BEST_DISCARD: "bd"}[self]

    @property
    def option(self) -> str:
        """The kind as the command line writes it."""
        return self.value.replace("_", "-")


KINDS = tuple(PuzzleKind)

__all__ = ["KINDS", "PuzzleKind"]
