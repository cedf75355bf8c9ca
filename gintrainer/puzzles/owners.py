"""Who owns each kind of puzzle. Every kind shares its ids, rules, position
checks, themes, difficulty bands, bank file, daily rotation, class sets and
progress; what differs is owned by the kind: how its positions are made and
solved, how a puzzle is made from a position, verified against the solver,
written to and read from a record, explained, hinted and how an answer is
marked. An owner offers:

- ``make(position, objective)``: the puzzle, or None when not worth posing;
- ``verify(record)``: the puzzle of a record, checked against the solver;
- ``from_record(record)``: the puzzle of a stored record, trusted;
- ``positions(objective, seed, rules)``: batches of candidate positions;
- ``balances`` and ``balance(puzzle)``: whether an unfiltered set keeps the
  answers about even, and the answer it counts;
- ``objectives``: the objectives its puzzles take (None for none);
- ``words``: the kind's name in a class set's description ("take-or-draw"; English,
  marked for the catalogs, shown with ``t``);
- ``sheet``: what its puzzles put on a worksheet and its answer key (:mod:`.sheets`);
- ``mark(puzzle, response)``: an answer as a student writes it (text, in any
  language the trainer speaks) read and judged: the answer as a results file
  keeps it and the grade; GinError for an answer that does not fit the question;
- ``reading(answer)``: an answer as :meth:`mark` recorded it, as the student reads it
  (:class:`~gintrainer.puzzles.answers.Reading`: the words and the choice the solver's
  table marks); GinError for text that is no such answer.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from ..engine.rules import Rules
from ..engine.solver import Objective
from ..words.errors import GinError
from ..words.language import N_
from . import answers, core, defend, knock_layout, store, take_or_draw
from .core import Grade
from .kinds import PuzzleKind
from .sheets import BestDiscardSheet, DiscardSheet, Sheet


class KindOwner(Protocol):
    """What a kind of puzzle owns (see the module's docstring)."""

    objectives: tuple[Objective | None, ...]
    balances: bool
    words: str
    sheet: Sheet

    def make(self, position: Any, objective: Objective | None = None) -> Any: ...

    def verify(self, record: dict) -> Any: ...

    def from_record(self, record: dict) -> Any: ...

    def positions(self, objective: Objective | None, seed: str, rules: Rules) -> Iterable[list]: ...

    def balance(self, puzzle: Any) -> object: ...

    def mark(self, puzzle: Any, response: str) -> tuple[str, Grade]: ...

    def reading(self, answer: str) -> answers.Reading: ...


class DiscardOwner:
    """The discard kinds, "can you knock?" and "best discard": a position after the
    draw, answered by the solver's discard table (:mod:`.core`)."""

    def __init__(self, kind: PuzzleKind, objectives: tuple[Objective | None, ...], words: str, sheet: Sheet):
        self.kind = kind
        self.objectives = objectives
        self.balances = kind == PuzzleKind.CAN_KNOCK
        self.words = words
        self.sheet = sheet

    def make(self, position, objective: Objective | None = None):
        return core.make_puzzle(position, self.kind, objective)

    def verify(self, record: dict):
        return core.verify(record)

    def from_record(self, record: dict):
        return store.puzzle_from_record(record)

    def positions(self, objective: Objective | None, seed: str, rules: Rules) -> Iterable[list]:
        from . import candidate_positions
        return candidate_positions(self.kind, objective, seed, rules)

    def balance(self, puzzle) -> object:
        """"Can you knock?" sets are about half yes, half no."""
        return bool(puzzle.can_knock)

    def mark(self, puzzle, response: str) -> tuple[str, Grade]:
        return answers.mark_discard(puzzle, response)

    def reading(self, answer: str) -> answers.Reading:
        return answers.discard_reading(answer)


OWNERS: dict[PuzzleKind, KindOwner] = {
    PuzzleKind.CAN_KNOCK: DiscardOwner(PuzzleKind.CAN_KNOCK, (None,), N_("can-you-knock"), DiscardSheet()),
    PuzzleKind.BEST_DISCARD: DiscardOwner(PuzzleKind.BEST_DISCARD, tuple(Objective), N_("best-discard"),
                                          BestDiscardSheet()),
    PuzzleKind.TAKE_OR_DRAW: take_or_draw.OWNER,
    PuzzleKind.KNOCK_LAYOUT: knock_layout.OWNER,
    PuzzleKind.DEFEND: defend.OWNER,
}


def owner(kind: PuzzleKind | str) -> KindOwner:
    """The owner of a kind of puzzle."""
    try:
        return OWNERS[PuzzleKind.parse(kind)]
    except (GinError, KeyError):
        raise GinError(f"no owner for the puzzle kind {kind!r}") from None


def verify(record: dict):
    """Rebuild a puzzle of any kind from its record and check every part against the
    solver, by its kind's owner (see :func:`gintrainer.puzzles.core.verify`). Raises
    :class:`~gintrainer.puzzles.core.PuzzleError` naming the first disagreement."""
    if isinstance(record, dict) and record.get("kind") in OWNERS:
        return OWNERS[PuzzleKind(record["kind"])].verify(record)
    return core.verify(record)  # which says what is wrong with the record


def puzzle_from_record(record: dict):
    """A puzzle of any kind from its stored record (trusted), by its kind's owner."""
    kind = record.get("kind") if isinstance(record, dict) else None
    if kind not in OWNERS:
        raise core.PuzzleError(f"puzzle record {record.get('id', '?') if isinstance(record, dict) else '?'!r} "
                               f"has unknown kind {kind!r}")
    return OWNERS[PuzzleKind(kind)].from_record(record)


__all__ = ["DiscardOwner", "KindOwner", "OWNERS", "owner", "puzzle_from_record", "verify"]
