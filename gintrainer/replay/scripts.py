"""How an example hand is written: a :class:`Script` of :class:`Move` s on a
stacked deal. The scripts themselves are in :mod:`gintrainer.replay.hands`;
:mod:`gintrainer.replay.examples` builds them into the shipped histories.

>>> move("pass", "Nothing fits.", deadwood=48).facts
{'deadwood': 48}
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..engine.cards import Card, CardsLike, parse_cards
from ..engine.rules import Rules
from ..material.deals import stack_deck
from ..words.errors import GinError
from ..words.language import PLAYER_VALUES, format_plain
from .history import ReplayError


def stacked(non_dealer: CardsLike, dealer: CardsLike, upcard: CardsLike, stock: CardsLike = "") -> tuple[Card, ...]:
    """A stacked deck (see :func:`gintrainer.material.deals.stack_deck`), a bad one refused as a ReplayError."""
    try:
        return stack_deck(non_dealer, dealer, upcard, stock)
    except GinError as error:
        raise ReplayError(str(error)) from None


@dataclass(frozen=True)
class Move:
    """One action of a script, with the teacher's comment on it (if any), a
    better move and arrows, ``facts``: what the comment quotes, checked when the
    example is built (see :mod:`gintrainer.replay.facts`), and ``at``: facts of
    other steps the comment relies on, by step number."""

    action: str
    comment: str | None = None
    better: str | None = None
    arrows: tuple[Sequence[str | Card], ...] = ()
    facts: dict[str, object] = field(default_factory=dict)
    at: dict[int, dict[str, object]] = field(default_factory=dict)

    def values(self) -> dict[str, object]:
        """The values the comment names (``{draw}``, ``{expected}``): its declared facts,
        a number stated to two decimals (``"21.45"``, checked against the engine when the
        example is built) as that exact decimal, so that each language writes it its
        own way (``21,45``) instead of a translation copying the English digits."""
        names = {name for _, name, _, _ in string.Formatter().parse(self.comment or "") if name} - set(PLAYER_VALUES)
        missing = sorted(names - self.facts.keys())
        if missing:
            raise ReplayError(f"the comment on {self.action!r} names {', '.join(missing)}, which it does not state")
        return {name: _value(self.facts[name]) for name in sorted(names)}

    def text(self, lang: str = "en") -> str:
        """The comment as ``lang`` writes its values (the shipped files keep the English); the players'
        names stay ``{ann}`` and ``{ben}``, for the page to fill in the learner's language."""
        values = self.values()
        if not values:
            return self.comment or ""
        players = {name: "{" + name + "}" for name in PLAYER_VALUES}
        return (self.comment or "").format(**players, **{name: format_plain(value, lang)
                                                          for name, value in values.items()})


_DECIMAL = re.compile(r"\d+\.\d+")


def _value(fact: object) -> object:
    return Fraction(fact) if isinstance(fact, str) and _DECIMAL.fullmatch(fact) else fact


def move(action: str, comment: str | None = None, *, better: str | None = None,
         arrows: Iterable[str | Sequence[str | Card]] = (), at: Mapping[int, dict[str, object]] | None = None,
         **facts: object) -> Move:
    return Move(action, comment, better, tuple(tuple(a.split()) if isinstance(a, str) else a for a in arrows),
                facts, dict(at or {}))


@dataclass(frozen=True)
class Script:
    """The source of one example hand. Seat 0 deals unless ``dealer`` says otherwise.

    ``deal_facts`` are what the deal comment quotes about the featured player's
    cards (see :func:`~gintrainer.replay.facts.deal_facts`); ``facts`` what the
    title and description quote about the whole hand
    (:func:`~gintrainer.replay.facts.hand_facts`)."""

    name: str
    title: str
    description: str
    featured: int
    moves: tuple[Move, ...]
    non_dealer: str = ""
    dealer_cards: str = ""
    upcard: str = ""
    stock: str = ""
    deck_order: str = ""
    dealer: int = 0
    rules: Rules = Rules()
    players: tuple[str, str] | None = None
    """None: the lessons' two players, named in the learner's language (the comments write ``{ann}``, ``{ben}``)."""
    tags: tuple[str, ...] = ()
    deal_comment: str | None = None
    deal_facts: dict[str, object] = field(default_factory=dict)
    facts: dict[str, object] = field(default_factory=dict)

    def deck(self) -> tuple[Card, ...]:
        """The stacked deck, or ``deck_order`` (all 52 cards, top first) when given."""
        if self.deck_order:
            return parse_cards(self.deck_order)
        return stacked(self.non_dealer, self.dealer_cards, self.upcard, self.stock)


__all__ = ["Move", "Script", "move", "stacked"]
