"""The table of puzzle kinds: each kind's :class:`~.description.KindDescription`,
registered once. The rest of the package (generation, the bank, the daily puzzle,
the trainers, class sets, worksheets, results, the gradebook, the profile, the
command line) asks this table about a kind and names none; a kind is added by
writing its module and one line in :data:`SHIPPED` (``docs/adding-a-puzzle-kind.md``).

>>> [d.kind.prefix for d in described()]
['ck', 'bd', 'td', 'kl', 'df']
"""

from __future__ import annotations

from typing import Any

from ..material.messages import add_messages, remove_messages
from ..words.errors import GinError, quoted
from ..words.language import t
from ..words.vocab import PuzzleKind
from . import defend, discard, knock_layout, take_or_draw
from .core import PuzzleError
from .core import verify as verify_discard
from .description import KindDescription

Described = KindDescription[Any, Any]

SHIPPED: tuple[Described, ...] = (
    discard.CAN_KNOCK,
    discard.BEST_DISCARD,
    take_or_draw.DESCRIPTION,
    knock_layout.DESCRIPTION,
    defend.DESCRIPTION,
)
"""The kinds the package ships, in the order they take turns in a class set."""

_TABLE: dict[PuzzleKind, Described] = {}
_ADDED: dict[PuzzleKind, tuple[str, ...]] = {}
"""The messages each kind's registration added to the catalog."""


def register(description: Described) -> Described:
    """Add a kind to the table (its word declared in :class:`~gintrainer.words.vocab.PuzzleKind`);
    GinError for a kind or a class-code bit already registered."""
    if description.kind in _TABLE:
        raise GinError(f"the puzzle kind {description.kind!r} is registered already")
    if any(d.code_bit == description.code_bit for d in _TABLE.values()):
        raise GinError(f"the class-code bit {description.code_bit} of {description.kind!r} is taken")
    _ADDED[description.kind] = add_messages(description.messages)
    _TABLE[description.kind] = description
    return description


def unregister(kind: PuzzleKind) -> None:
    """Take a kind out of the table, and its messages out of the catalog (a test's plug-in kind)."""
    _TABLE.pop(kind, None)
    remove_messages(_ADDED.pop(kind, ()))


for _shipped in SHIPPED:
    register(_shipped)


def described() -> tuple[Described, ...]:
    """Every registered kind's description, in the order registered."""
    return tuple(_TABLE.values())


def kinds() -> tuple[PuzzleKind, ...]:
    """Every registered kind, in the order registered."""
    return tuple(_TABLE)


def normalise_kind(kind: PuzzleKind | str) -> PuzzleKind:
    """A registered kind from its text (``can_knock`` or ``can-knock``...); GinError naming the kinds."""
    try:
        found = PuzzleKind.parse(kind)
    except GinError:
        found = None
    if found is None or found not in _TABLE:
        # Translators: {kinds} are the kinds as the command line writes them (not translated).
        raise GinError(t("unknown puzzle kind {kind}: use {kinds}", kind=quoted(kind),
                         kinds=", ".join(k.option for k in _TABLE))) from None
    return found


def description(kind: PuzzleKind | str) -> Described:
    """The description of a registered kind; GinError for another."""
    return _TABLE[normalise_kind(kind)]


def verify(record: dict[str, Any]) -> Any:
    """Rebuild a puzzle of any kind from its record and check every part against the
    solver, by its kind's description (see :func:`gintrainer.puzzles.core.verify_remade`).
    Raises :class:`~gintrainer.puzzles.core.PuzzleError` naming the first disagreement."""
    kind = record.get("kind") if isinstance(record, dict) else None
    if isinstance(kind, str) and kind in _TABLE:
        return _TABLE[PuzzleKind(kind)].verify(record)
    return verify_discard(record)  # which says what is wrong with the record


def puzzle_from_record(record: dict[str, Any]) -> Any:
    """A puzzle of any kind from its stored record (trusted), by its kind's description."""
    kind = record.get("kind") if isinstance(record, dict) else None
    if not isinstance(kind, str) or kind not in _TABLE:
        raise PuzzleError(f"puzzle record {record.get('id', '?') if isinstance(record, dict) else '?'!r} "
                          f"has unknown kind {kind!r}")
    return _TABLE[PuzzleKind(kind)].read(record)


__all__ = ["Described", "SHIPPED", "described", "description", "kinds", "normalise_kind", "puzzle_from_record",
           "register", "unregister", "verify"]
