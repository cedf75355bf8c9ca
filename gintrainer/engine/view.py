"""What one seat may see of a hand: the only thing a computer player is given.

A seat sees its own cards, the discard pile, every public move (a draw from the
stock shows no card; the opponent's knock discard stays face down), the cards
the opponent took from the pile, the stock count and, once a player knocks,
what is laid on the table. It never sees the opponent's other cards nor the
order of the stock.

>>> from gintrainer import Hand
>>> hand = Hand.deal(seed=7)
>>> view = SeatView.of(hand, hand.to_act)
>>> view.phase, len(view.hand), view.stock_count, [str(a) for a in view.legal]
(Phase.UPCARD, 10, 31, ['take', 'pass'])
>>> other = SeatView.of(hand, 1 - hand.to_act)
>>> other.legal, set(other.hand) & set(view.hand)
((), set())
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from ..words.errors import GinError
from ..words.language import t
from .cards import DECK, Card
from .hand import Action, ActionKind, Hand, Phase, Pile
from .rules import Rules
from .scoring import ScoreKind


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.index))


def acting_seat(hand: Hand) -> int:
    """The seat to act in ``hand``; GinError once the hand is over (no seat acts)."""
    seat = hand.to_act
    if seat is None:
        raise GinError(t("the hand is over: no seat is to act"))
    return seat


def card_of(action: Action) -> Card:
    """The card a one-card action names (a discard, knock, gin or lay-off names
    one by its notation); GinError for an action that names none."""
    if action.card is None:
        raise GinError(t("the action {kind} names no single card", kind=action.kind))
    return action.card


@dataclass(frozen=True)
class SeatView:
    """One seat's view of a hand. Equal views mean indistinguishable positions."""

    seat: int
    rules: Rules
    dealer: int
    phase: Phase
    to_act: int | None
    upcard: Card
    knock_limit: int
    hand: tuple[Card, ...]                      # every card the seat holds, by index
    unlaid: tuple[Card, ...]                    # not yet laid out or laid off
    drawn: tuple[Card, Pile] | None             # this turn's draw: the card and the pile it came from
    discard_pile: tuple[Card, ...]              # bottom first
    stock_count: int
    moves: tuple[tuple[int, str], ...]          # every public move: (seat, text)
    opponent_took: tuple[Card, ...]             # taken from the pile by the opponent, in order
    opponent_threw: tuple[Card, ...]            # discarded face up by the opponent, in order
    opponent_known: tuple[Card, ...]            # taken by the opponent and not thrown since, by index
    knocker: int | None
    out_kind: ScoreKind | None
    table_melds: tuple[tuple[Card, ...], ...]   # the knocker's melds with lay-offs so far
    knocker_deadwood: tuple[Card, ...]          # shown once the knocker is done laying out
    legal: tuple[Action, ...]                   # empty unless this seat is to act

    @classmethod
    def of(cls, hand: Hand, seat: int) -> SeatView:
        """The view of ``seat`` (0 or 1) of ``hand`` now."""
        if seat not in (0, 1) or isinstance(seat, bool):
            raise GinError(f"a seat is 0 or 1, not {seat!r}")
        took: list[Card] = []
        threw: list[Card] = []
        known: list[Card] = []
        moves: list[tuple[int, str]] = []
        pile = [hand.upcard]
        for who, action in hand.actions:
            text = str(action)
            if action.kind == ActionKind.TAKE:
                card = pile.pop()
                if who != seat:
                    took.append(card)
                    known.append(card)
            elif action.kind == ActionKind.DISCARD:
                card = card_of(action)
                pile.append(card)
                if who != seat:
                    threw.append(card)
                    if card in known:
                        known.remove(card)
            elif action.kind in (ActionKind.KNOCK, ActionKind.GIN) and who != seat:
                text = action.kind.value  # face down
            moves.append((who, text))
        phase = hand.phase
        knocker = hand.knocker
        laid_out = () if knocker is None or phase not in (Phase.DEFENDER_LAYOUT, Phase.OVER) else hand.unlaid(knocker)
        return cls(
            seat=seat, rules=hand.rules, dealer=hand.dealer, phase=phase, to_act=hand.to_act,
            upcard=hand.upcard, knock_limit=hand.knock_limit,
            hand=_sorted(hand.held(seat)), unlaid=_sorted(hand.unlaid(seat)),
            drawn=hand.last_draw if hand.to_act == seat else None,
            discard_pile=hand.discard_pile, stock_count=hand.stock_count, moves=tuple(moves),
            opponent_took=tuple(took), opponent_threw=tuple(threw), opponent_known=_sorted(known),
            knocker=hand.knocker, out_kind=hand.out_kind,
            table_melds=hand.table_melds if hand.knocker is not None else (),
            knocker_deadwood=_sorted(laid_out),
            legal=tuple(hand.legal_actions()) if hand.to_act == seat else ())

    @property
    def forbidden(self) -> Card | None:
        """The card just taken from the pile, which may not be thrown this turn."""
        return self.drawn[0] if self.drawn is not None and self.drawn[1] == Pile.DISCARD else None

    @cached_property
    def seen(self) -> frozenset[Card]:
        """Every card this seat knows the place of."""
        cards = set(self.hand) | set(self.discard_pile) | set(self.opponent_known)
        cards.update(c for meld in self.table_melds for c in meld)
        cards.update(self.knocker_deadwood)
        return frozenset(cards)

    @cached_property
    def unseen(self) -> tuple[Card, ...]:
        """The cards in the stock or the opponent's hand, as far as this seat knows."""
        seen = self.seen
        return tuple(c for c in DECK if c not in seen)

    def is_legal(self, action: Action) -> bool:
        return action in self.legal
