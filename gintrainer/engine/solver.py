"""The discard and knock solver: for an 11-card hand after the draw, what each
legal discard leaves now and, exactly, after one more draw from the stock.

>>> table = discard_table("3S 5S 6S 2C 3D 4D 5D 6D 4H 5H 6H", rules=Rules())
>>> best = table.rows[0]
>>> str(best.card), best.deadwood, best.knocks
('6♠', 10, True)
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from numbers import Rational
from typing import TYPE_CHECKING, TypedDict

from ..words.errors import GinError
from ..words.language import N_, t
from ..words.vocab import Vocabulary
from .cards import Card, CardsLike, cards_mask, format_cards, parse_cards
from .hand import Action, ActionKind, Phase, Pile
from .melds import (
    Arrangement,
    best_arrangement,
    least_after_two_out,
    mask_min_deadwood,
    masks_min_deadwood,
    min_deadwood,
)
from .rules import Rules

if TYPE_CHECKING:
    from .view import SeatView


class Objective(Vocabulary, noun=N_("objective")):
    """What a best discard aims at: the least deadwood now, or the least expected
    after the next draw from the stock."""

    DEADWOOD = "deadwood"
    LOOKAHEAD = "lookahead"


OBJECTIVES = tuple(Objective)


class DrawChoice(Vocabulary, noun=N_("choice")):
    """The turn's first decision when a discard is offered: take it, or draw from the stock."""

    TAKE = "take"
    DRAW = "draw"


class DiscardRowData(TypedDict):
    """A :class:`DiscardRow` as JSON-ready data (cards in file form, the expectation as exact text)."""

    card: str
    deadwood: int
    knocks: bool
    gin: bool
    outs: str
    expected_deadwood: str


class DiscardTableData(TypedDict):
    """A :class:`DiscardTable` as JSON-ready data: its rows, the knock limit, big gin, the unseen count."""

    discards: list[DiscardRowData]
    knock_limit: int
    big_gin: bool
    unseen: int


@dataclass(frozen=True, slots=True)
class DiscardRow:
    """What one discard leaves.

    ``deadwood``: the least deadwood of the 10 cards kept; ``knocks``: they may go
    out under the rules (``gin`` with none); ``outs``: the unseen cards that
    would lower that deadwood on the next draw; ``expected_deadwood``: the exact
    mean, over every unseen card drawn from the stock, of the least deadwood after
    drawing it and discarding the best card then.
    """

    card: Card
    deadwood: int
    knocks: bool
    gin: bool
    outs: tuple[Card, ...]
    expected_deadwood: Fraction

    def key(self, objective: Objective | str = Objective.LOOKAHEAD) -> tuple[int | Fraction, ...]:
        """Sort key, best first: by expectation then deadwood, or the reverse."""
        if check_objective(objective) is Objective.DEADWOOD:
            return (self.deadwood, self.expected_deadwood, self.card.index)
        return (self.expected_deadwood, self.deadwood, self.card.index)

    def values(self) -> tuple[int, bool, bool, int, Fraction]:
        """Every column but the card: rows with equal values are interchangeable."""
        return (self.deadwood, self.knocks, self.gin, len(self.outs), self.expected_deadwood)

    def to_dict(self) -> DiscardRowData:
        return {"card": self.card.code(), "deadwood": self.deadwood, "knocks": self.knocks, "gin": self.gin,
                "outs": format_cards(self.outs), "expected_deadwood": fraction_text(self.expected_deadwood)}


def fraction_text(value: Fraction) -> str:
    """A fraction as exact text: ``"7"`` or ``"123/41"``."""
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def parse_fraction(text: object) -> Fraction:
    """The exact number of :func:`fraction_text`'s text (or of a finite number);
    GinError quoting anything else."""
    if isinstance(text, str | float | Decimal | Rational):
        try:
            return Fraction(text)
        except (ValueError, ZeroDivisionError, OverflowError):
            pass
    raise GinError(t("not an exact number: {text}", text=repr(text)))


@dataclass(frozen=True, slots=True)
class DiscardTable:
    """Every legal discard of an 11-card hand, best first (see :meth:`DiscardRow.key`)."""

    hand: tuple[Card, ...]
    rows: tuple[DiscardRow, ...]
    forbidden: Card | None
    knock_limit: int
    big_gin: bool
    unseen: tuple[Card, ...]

    def row(self, card: CardsLike) -> DiscardRow:
        """The row of one card; GinError if it is not a legal discard."""
        wanted = parse_cards(card)
        if len(wanted) != 1:
            raise GinError(t("name one card"))
        for row in self.rows:
            if row.card is wanted[0]:
                return row
        if wanted[0] is self.forbidden:
            raise GinError(t("{card} may not be discarded: it was just taken from the discard pile", card=wanted[0]))
        raise GinError(t("{card} is not in the hand", card=wanted[0]))

    def sorted(self, objective: Objective | str = Objective.LOOKAHEAD) -> tuple[DiscardRow, ...]:
        aim = check_objective(objective)
        return tuple(sorted(self.rows, key=lambda r: r.key(aim)))

    def best(self, objective: Objective | str = Objective.LOOKAHEAD) -> tuple[DiscardRow, ...]:
        """Every row that reaches the best value for the objective."""
        aim = check_objective(objective)
        rows = self.sorted(aim)
        first = _objective_value(rows[0], aim)
        return tuple(r for r in rows if _objective_value(r, aim) == first)

    @property
    def can_knock(self) -> bool:
        return self.big_gin or any(r.knocks for r in self.rows)

    def to_dict(self) -> DiscardTableData:
        return {"discards": [r.to_dict() for r in self.rows], "knock_limit": self.knock_limit,
                "big_gin": self.big_gin, "unseen": len(self.unseen)}


def check_objective(objective: Objective | str) -> Objective:
    """The objective ``objective`` names; GinError naming the choices otherwise."""
    return Objective.parse(objective)


def _objective_value(row: DiscardRow, objective: Objective) -> int | tuple[Fraction, int]:
    return row.deadwood if objective is Objective.DEADWOOD else (row.expected_deadwood, row.deadwood)


def _rules(rules: Rules | None) -> Rules:
    """The rules given, the standard ones for None; GinError for anything else."""
    if rules is None:
        return Rules()
    if not isinstance(rules, Rules):
        raise GinError(f"rules must be a Rules object, not {rules!r}")
    return rules


def _eleven(hand: CardsLike) -> tuple[Card, ...]:
    """The 11 cards of a hand after the draw; GinError for another count."""
    cards = parse_cards(hand)
    if len(cards) != 11:
        raise GinError(t("the hand after the draw has 11 cards, not {count}", count=len(cards)))
    return cards


def _knock_limit(rules: Rules, upcard: CardsLike | None) -> int:
    """The knock limit in force; the first upcard is required under Oklahoma only."""
    upcard_card = rules.require_upcard(upcard) if (upcard is not None or rules.oklahoma) else None
    return rules.knock_limit_for(upcard_card)


def _pile(drawn_from: Pile | str) -> Pile:
    """The pile a card was drawn from, written as files write it."""
    try:
        return Pile(drawn_from)
    except ValueError:
        raise GinError(t("drawn_from is 'stock' or 'discard', not {value}", value=repr(drawn_from))) from None


def _drawn_card(cards: tuple[Card, ...], drawn: CardsLike | None, drawn_from: Pile) -> Card | None:
    """The card drawn this turn (one of ``cards``), which must be named when it was
    taken from the discard pile; None when it is not named."""
    if drawn is None:
        if drawn_from == Pile.DISCARD:
            raise GinError(t("a card taken from the discard pile must be named (drawn=...)"))
        return None
    drawn_cards = parse_cards(drawn)
    if len(drawn_cards) != 1:
        raise GinError(t("the drawn card is one card"))
    if drawn_cards[0] not in cards:
        raise GinError(t("the drawn card {card} is not in the hand", card=drawn_cards[0]))
    return drawn_cards[0]


def _unseen(cards: tuple[Card, ...], discard_pile: CardsLike, opponent_known: CardsLike) -> tuple[Card, ...]:
    """The cards not in the hand, the discard pile nor known in the opponent's hand,
    in index order; GinError when a card is in two of those places."""
    pile = parse_cards(discard_pile)
    known = parse_cards(opponent_known)
    for card in pile:
        if card in cards:
            raise GinError(t("{card} is both in the hand and in the discard pile", card=card))
    for card in known:
        if card in cards or card in pile:
            raise GinError(t("{card} is known in the opponent's hand but also seen elsewhere", card=card))
    seen = set(cards) | set(pile) | set(known)
    return tuple(Card.from_index(i) for i in range(52) if Card.from_index(i) not in seen)


@dataclass(frozen=True, slots=True)
class _Position:
    """A checked position: the rules, the 11 cards, the card that may not be
    discarded, the unseen cards and the knock limit."""

    rules: Rules
    cards: tuple[Card, ...]
    forbidden: Card | None
    unseen: tuple[Card, ...]
    limit: int


def _position(hand: CardsLike, drawn: CardsLike | None, drawn_from: Pile | str, discard_pile: CardsLike,
              opponent_known: CardsLike, rules: Rules | None, upcard: CardsLike | None) -> _Position:
    """Validate a position (in this order: rules, hand, draw, seen cards, upcard)."""
    checked = _rules(rules)
    cards = _eleven(hand)
    source = _pile(drawn_from)
    drawn_card = _drawn_card(cards, drawn, source)
    unseen = _unseen(cards, discard_pile, opponent_known)
    limit = _knock_limit(checked, upcard)
    forbidden = drawn_card if source == Pile.DISCARD else None
    return _Position(checked, cards, forbidden, unseen, limit)


def discard_table(hand: CardsLike, *, rules: Rules | None = None, drawn: CardsLike | None = None,
                  drawn_from: Pile | str = Pile.STOCK, discard_pile: CardsLike = (),
                  opponent_known: CardsLike = (),
                  upcard: CardsLike | None = None) -> DiscardTable:
    """The solver's table for an 11-card hand after the draw: one row per legal
    discard (the card just taken from the discard pile is not one), best first.

    Unseen cards are those not in the hand, not in the discard pile and not known
    to be in the opponent's hand; each is taken as equally likely to be drawn.
    """
    position = _position(hand, drawn, drawn_from, discard_pile, opponent_known, rules, upcard)
    cards, forbidden, unseen, limit = position.cards, position.forbidden, position.unseen, position.limit
    discards = [c for c in cards if c is not forbidden]
    full = cards_mask(cards)
    now = [mask_min_deadwood(full & ~(1 << c.index)) for c in discards]
    big_gin = position.rules.big_gin and mask_min_deadwood(full) == 0
    best_after = _after_one_draw(cards, discards, unseen) if unseen else []
    rows = []
    for i, card in enumerate(discards):
        deadwood = now[i]
        if unseen:
            row_after = best_after[i]
            expected = Fraction(sum(row_after), len(unseen))
            outs = tuple(u for u, value in zip(unseen, row_after, strict=True) if value < deadwood)
        else:
            expected, outs = Fraction(deadwood), ()
        rows.append(DiscardRow(card, deadwood, deadwood <= limit, deadwood == 0, outs, expected))
    rows.sort(key=lambda r: r.key(Objective.LOOKAHEAD))
    return DiscardTable(cards, tuple(rows), forbidden, limit, big_gin, unseen)


def _after_one_draw(cards: tuple[Card, ...], discards: list[Card], unseen: tuple[Card, ...]) -> list[list[int]]:
    """For each discard d and each unseen card u (in their orders): the least deadwood
    after throwing d, drawing u and throwing the best card then.

    Both ways give the same numbers. Solved in one numpy batch once numpy is imported
    (the computer players, the batch solver, a generator making many tables); before
    that card by card in Python, so that a page's first tables do not import numpy,
    which costs each page's kernel about 10 MB."""
    if "numpy" in sys.modules:
        return _after_one_draw_batch(cards, discards, unseen)
    return _after_one_draw_python(cards, discards, unseen)


def _after_one_draw_python(cards: tuple[Card, ...], discards: list[Card],
                           unseen: tuple[Card, ...]) -> list[list[int]]:
    """:func:`_after_one_draw` card by card in Python."""
    wanted = [d.index for d in discards]
    full = cards_mask(cards)
    by_draw = [least_after_two_out(full | 1 << u.index) for u in unseen]  # the twelve cards less d and the best
    return [[after[d] for after in by_draw] for d in wanted]


def _after_one_draw_batch(cards: tuple[Card, ...], discards: list[Card], unseen: tuple[Card, ...]) -> list[list[int]]:
    """:func:`_after_one_draw` in one numpy batch."""
    import numpy as np
    full = cards_mask(cards)
    kept = np.array([full & ~(1 << c.index) for c in discards], dtype=np.uint64)  # (D,)
    draws = np.array([1 << u.index for u in unseen], dtype=np.uint64)  # (U,)
    after = kept[:, None] | draws[None, :]  # (D, U): 11 cards each
    # The 11 cards of each (d, u): the kept ten plus the draw; try throwing each.
    kept_bits = np.array([[1 << c.index for c in cards if c is not d] for d in discards], dtype=np.uint64)
    throws = np.concatenate([np.broadcast_to(kept_bits[:, None, :], (len(discards), len(unseen), 10)),
                             np.broadcast_to(draws[None, :, None], (len(discards), len(unseen), 1))], axis=2)
    candidates = after[:, :, None] & ~throws  # (D, U, 11)
    # Throwing d after drawing u, or u after keeping d, give the same ten: solve each once.
    best: list[list[int]] = masks_min_deadwood(candidates).min(axis=2).tolist()
    return best


def discard_table_for(view: SeatView) -> DiscardTable:
    """The solver's table for the seat of ``view`` about to discard, from what that
    seat may see only: its 11 cards, the card drawn and from where, the discard
    pile, the cards the opponent is known to hold and, under Oklahoma, the first
    upcard. Every table of a player's own position (the coach's, the computer
    players', the replays' notes) is this one.

    >>> from gintrainer import Hand
    >>> from gintrainer.engine.view import SeatView
    >>> hand = Hand.deal(seed=7); hand.apply("pass"); hand.apply("pass"); hand.apply("draw")
    >>> len(discard_table_for(SeatView.of(hand, hand.to_act)).rows)
    11
    """
    if view.phase != Phase.DISCARD or view.drawn is None:
        raise GinError(t("seat {seat} is not about to discard: the discard table is for the seat that discards",
                         seat=view.seat))
    card, source = view.drawn
    return discard_table(view.hand, rules=view.rules, drawn=card, drawn_from=source,
                         discard_pile=view.discard_pile, opponent_known=view.opponent_known,
                         upcard=view.upcard if view.rules.oklahoma else None)


@dataclass(frozen=True, slots=True)
class TakeOrDraw:
    """The choice before a draw: take the top card of the discard pile (``offered``)
    or draw from the stock.

    ``take_expected``: the least deadwood after taking it and the best legal
    discard (the card taken may not go back this turn; no chance is involved, so
    the expectation is that deadwood). ``draw_expected``: the exact mean, over
    every unseen card drawn from the stock, of the least deadwood after the best
    discard then. ``take_rows``: each legal discard after the take, best first by
    deadwood (then by the chances of the next draw, then card order), so its first
    card is ``discard``; ``draw_row``: the row of the ten cards kept by drawing.
    """

    hand: tuple[Card, ...]
    offered: Card
    take_rows: tuple[DiscardRow, ...]
    draw_row: DiscardRow
    knock_limit: int
    unseen: tuple[Card, ...]

    @property
    def take_expected(self) -> Fraction:
        return Fraction(self.take_rows[0].deadwood)

    @property
    def draw_expected(self) -> Fraction:
        return self.draw_row.expected_deadwood

    @property
    def discard(self) -> Card:
        """The best discard after taking (of those that leave the least deadwood,
        the one with the best chances on the next draw, then the first in card order)."""
        return self.take_rows[0].card

    @property
    def choice(self) -> DrawChoice | None:
        """"take" or "draw", whichever expects less deadwood; None when they tie."""
        if self.take_expected == self.draw_expected:
            return None
        return DrawChoice.TAKE if self.take_expected < self.draw_expected else DrawChoice.DRAW

    @property
    def margin(self) -> Fraction:
        """How much less deadwood the better choice expects."""
        return abs(self.take_expected - self.draw_expected)


def take_or_draw(hand: CardsLike, *, discard_pile: CardsLike, rules: Rules | None = None,
                 opponent_known: CardsLike = (), upcard: CardsLike | None = None) -> TakeOrDraw:
    """The solver's answer before a draw: the 10 cards of ``hand`` and the top card of
    ``discard_pile`` (bottom first) on offer. Unseen cards (not in the hand, the
    pile nor known in the opponent's hand) are equally likely to be drawn.

    >>> choice = take_or_draw("3S 5S 6S 2C 3D 4D 5D 4H 5H 6H", discard_pile="KC 6D")
    >>> str(choice.choice), choice.take_expected, str(choice.discard)
    ('take', Fraction(10, 1), '6♠')
    """
    cards = parse_cards(hand)
    if len(cards) != 10:
        raise GinError(t("the hand before the draw has 10 cards, not {count}", count=len(cards)))
    pile = parse_cards(discard_pile)
    if not pile:
        raise GinError(t("the discard pile is empty: there is no card to take"))
    offered = pile[-1]
    if offered in cards:
        raise GinError(t("{card} is both in the hand and in the discard pile", card=offered))
    table = discard_table(cards + (offered,), rules=rules, drawn=offered, drawn_from=Pile.STOCK,
                          discard_pile=pile[:-1], opponent_known=opponent_known, upcard=upcard)
    take_rows = tuple(sorted((r for r in table.rows if r.card is not offered), key=lambda r: r.key(Objective.DEADWOOD)))
    return TakeOrDraw(cards, offered, take_rows, table.row(offered), table.knock_limit, table.unseen)


def slow_expected_deadwood(kept: CardsLike, unseen: CardsLike) -> Fraction:
    """The plain definition of the expectation, one card at a time (for checks)."""
    kept = parse_cards(kept)
    unseen = parse_cards(unseen)
    total = 0
    for u in unseen:
        eleven = kept + (u,)
        total += min(min_deadwood([c for c in eleven if c is not throw]) for throw in eleven)
    return Fraction(total, len(unseen)) if unseen else Fraction(min_deadwood(kept))


@dataclass(frozen=True, slots=True)
class KnockOption:
    """A way to go out: the face-down discard (None for big gin), the deadwood and
    the layout of the cards kept."""

    card: Card | None
    deadwood: int
    gin: bool
    big_gin: bool
    layout: Arrangement

    def action(self) -> str:
        """The text of the action that goes out this way: ``big-gin``, ``gin 7H`` or ``knock 7H``."""
        if self.big_gin:
            return str(Action(ActionKind.BIG_GIN))
        if self.card is None:
            raise GinError(t("a knock or gin names the card it discards face down"))
        return str(Action(ActionKind.GIN if self.gin else ActionKind.KNOCK, self.card))


def knock_options(hand: CardsLike, *, rules: Rules | None = None, forbidden: CardsLike | None = None,
                  upcard: CardsLike | None = None) -> tuple[KnockOption, ...]:
    """Every way an 11-card hand can go out now: each discard that knocks (gin
    marked), and big gin when the option is on. Least deadwood first.

    >>> [o.action() for o in knock_options("3S 5S 6S 2C 3D 4D 5D 6D 4H 5H 6H")]
    ['knock 6S']
    """
    rules = _rules(rules)
    cards = _eleven(hand)
    banned = None
    if forbidden is not None:
        banned_cards = parse_cards(forbidden)
        if len(banned_cards) != 1 or banned_cards[0] not in cards:
            raise GinError(t("the forbidden card is one card of the hand"))
        banned = banned_cards[0]
    limit = _knock_limit(rules, upcard)
    options = []
    if rules.big_gin and min_deadwood(cards) == 0:
        options.append(KnockOption(None, 0, True, True, best_arrangement(cards)))
    for card in cards:
        if card is banned:
            continue
        rest = [c for c in cards if c is not card]
        points = min_deadwood(rest)
        if points <= limit:
            options.append(KnockOption(card, points, points == 0, False, best_arrangement(rest)))
    options.sort(key=lambda o: (not o.big_gin, o.deadwood, -1 if o.card is None else o.card.index))
    return tuple(options)


def naive_discard(hand: CardsLike, *, forbidden: CardsLike | None = None) -> Card:
    """The beginner's rule: arrange the 11 cards as best_arrangement does and throw
    the highest-value deadwood card (ties: higher rank, then later suit in C D H S
    order); with no deadwood, the highest-value card. A card just taken from the
    discard pile is passed over.

    >>> str(naive_discard("3S 5S 6S 2C 3D 4D 5D 6D 4H 5H 6H"))  # melds 5♦ 5♥ 5♠ · 6♦ 6♥ 6♠
    '4♥'
    """
    cards = parse_cards(hand)
    banned = set(parse_cards(forbidden)) if forbidden is not None else set()
    arrangement = best_arrangement(cards)

    def order(card: Card) -> tuple[int, int, int]:
        return (card.value, card.rank, card.index // 13)

    pool = [c for c in arrangement.deadwood if c not in banned] or [c for c in cards if c not in banned]
    return max(pool, key=order)
