"""The owner of a kind of puzzle whose module holds its parts as functions (take or
draw, lay out your knock, defend): one class for all of them, made in each kind's
module with that module's functions (see :mod:`.owners` for what an owner offers)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from ..engine.rules import Rules
from ..engine.solver import Objective
from .answers import Reading
from .core import Grade
from .kinds import PuzzleKind
from .sheets import Sheet

P = TypeVar("P")
"""The kind's puzzle class."""
X = TypeVar("X")
"""The kind's position class."""


@dataclass
class ModuleOwner(Generic[X, P]):
    """A kind owned by its module's functions: ``made(position)`` (the puzzle, or None
    when not worth posing), ``verified(record)``, ``read(record)`` (trusted),
    ``candidates(seed, rules)`` (batches of positions), ``balanced_by(puzzle)`` (the
    answer an unfiltered set keeps about even), ``marked(puzzle, response)`` and
    ``reads_as(answer)`` (a recorded answer as the student reads it); its
    ``words`` (marked for the catalogs) and worksheet ``sheet``. These kinds take no
    objective and always balance their sets."""

    kind: PuzzleKind
    words: str
    sheet: Sheet
    made: Callable[[X], P | None]
    verified: Callable[[dict], P]
    read: Callable[[dict], P]
    candidates: Callable[[str, Rules], Iterable[list[X]]]
    balanced_by: Callable[[P], object]
    marked: Callable[[P, str], tuple[str, Grade]]
    reads_as: Callable[[str], Reading]
    objectives: tuple[Objective | None, ...] = (None,)
    balances: bool = True

    def make(self, position: X, objective: Objective | None = None) -> P | None:
        return self.made(position)

    def verify(self, record: dict) -> P:
        return self.verified(record)

    def from_record(self, record: dict) -> P:
        return self.read(record)

    def positions(self, objective: Objective | None, seed: str, rules: Rules) -> Iterable[list[X]]:
        return self.candidates(seed, rules)

    def balance(self, puzzle: P) -> object:
        return self.balanced_by(puzzle)

    def mark(self, puzzle: P, response: str) -> tuple[str, Grade]:
        return self.marked(puzzle, response)

    def reading(self, answer: str) -> Reading:
        return self.reads_as(answer)


__all__ = ["ModuleOwner"]
