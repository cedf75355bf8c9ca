"""Lesson 2: dealing."""

from __future__ import annotations

from ..engine.hand import Hand
from ..engine.rules import Rules
from ..words.language import N_
from .model import Ask, Check, DealDemo, Lesson, numbers, practice
from .table import PAGES

DEAL = DealDemo("deal", N_("Dealing, one card at a time"), ben="2C 3C 4C 8D 8H KS QH 5S 6D JC",
                ann="AS AH AD 9C TC JD 7H 7S 3H 4D", upcard="KD", stock="5C 7D")


def cards_each(rules: Rules) -> Ask:
    each = len(Hand.deal(rules, seed=0).held(0))
    return Ask(N_("How many cards does each player get?"), numbers(each - 3, each, each + 1), str(each),
               N_("{each} each, dealt one at a time."),
               N_("count the cards in one player's hand just after the deal, before anyone draws."), dict(each=each))


def first_card(rules: Rules) -> Ask:
    hand = Hand.deal(rules, seed=0)
    first = N_("The non-dealer") if hand.deck[0] in hand.held(hand.non_dealer) else N_("The dealer")
    other = N_("The dealer") if first == "The non-dealer" else N_("The non-dealer")
    return Ask(N_("Who gets the first card of the deal?"), (N_("The dealer"), N_("The non-dealer")), first,
               N_("The dealer deals to the other player first."),
               {other: N_("the dealer deals the first card to the other player.")})


def stock_size(rules: Rules) -> Ask:
    hand = Hand.deal(rules, seed=0)
    stock, dealt = hand.stock_count, len(hand.held(0)) + len(hand.held(1))
    return Ask(N_("How many cards are in the stock after the deal?"), numbers(stock - 1, stock, stock + 1), str(stock),
               N_("{deck} − {dealt} dealt − 1 upcard = {stock}."),
               N_("the stock is the deck less the cards dealt and less the upcard."),
               dict(deck=len(hand.deck), dealt=dealt, stock=stock))


LESSON = Lesson.from_page(
    PAGES[2],
    (DEAL, *practice("dealt_cards", "upcard_pick", "first_offer", "stock_count"),
     Check((cards_each, first_card, stock_size))))
