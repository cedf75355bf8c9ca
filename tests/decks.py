"""Stacked decks for scenario tests, and deals that differ only where a seat cannot see."""

import random

from gintrainer import Hand
from gintrainer.engine.view import SeatView
from gintrainer.material.deals import stack_deck as stacked_deck

__all__ = ["stacked_deck", "twin"]


def twin(hand: Hand, seat: int, rng: random.Random) -> Hand:
    """The same public history with the cards ``seat`` has not seen dealt
    differently: shuffled among their places in the deck, then every action
    replayed. (The opponent's face-down knock discard keeps its place, so the
    replay stays legal.)"""
    seen = set(SeatView.of(hand, seat).seen)
    if hand.knock_card is not None:
        seen.add(hand.knock_card)
    hidden = [i for i, card in enumerate(hand.deck) if card not in seen]
    cards = [hand.deck[i] for i in hidden]
    rng.shuffle(cards)
    deck = list(hand.deck)
    for i, card in zip(hidden, cards, strict=True):
        deck[i] = card
    other = Hand(hand.rules, hand.dealer, tuple(deck))
    for _, action in hand.actions:
        other.apply(action)
    return other
