"""Seeded deals and positions for lessons and exercises, built with the engine.

A position is built from a seed alone, so the same seed gives the same
position on every machine. Hands are dealt from stacked decks and played with
:class:`~gintrainer.Hand`, so every position is one the rules can reach.

>>> hand = in_discard("7H 8H 9H 2C 2D 2S 5S 6S 7S 8S", "KC", "QD JD TD 4C 4H 9C AC 3S 6D KD")
>>> hand.phase, len(hand.held(hand.to_act)), hand.last_draw[0]
(Phase.DISCARD, 11, Card.parse('KC'))
"""

from __future__ import annotations

import random
from collections.abc import Container, Iterable

from ..engine.cards import DECK, Card, CardsLike, parse_card, parse_cards
from ..engine.hand import Action, ActionKind, Hand
from ..engine.melds import Arrangement
from ..engine.players import highest, least_discards, meld_after_take, out_after_take
from ..engine.rules import Rules
from ..engine.view import acting_seat
from ..words.errors import GinError

YOU, THEM = 1, 0
"""In single-player positions "you" are the non-dealer (seat 1) and seat 0 deals."""


def rng_for(kind: str, seed: int) -> random.Random:
    """The generator of one exercise kind and seed (independent of other kinds)."""
    return random.Random(f"{kind}:{seed}")


def stack_deck(non_dealer: CardsLike, dealer: CardsLike, upcard: CardsLike, stock: CardsLike = "") -> tuple[Card, ...]:
    """A 52-card deck, top first, that deals these hands: cards alternate
    non-dealer, dealer; then the upcard; then the stock given, then the rest in
    deck order.

    >>> deck = stack_deck("2C 3C 4C 7H 7S 7D JS QS KS 9D", "5C 5D 6H 6C TH TD 2H 4S QD KC", "5H", stock="AC")
    >>> [c.code() for c in deck[:3]], deck[20].code(), deck[21].code(), len(deck)
    (['2C', '5C', '3C'], '5H', 'AC', 52)
    """
    nd, d = parse_cards(non_dealer), parse_cards(dealer)
    if len(nd) != 10 or len(d) != 10:
        raise GinError(f"a stacked deal needs ten cards each, not {len(nd)} and {len(d)}")
    top = [c for pair in zip(nd, d, strict=True) for c in pair] + list(parse_cards(upcard)) + list(parse_cards(stock))
    seen: set[Card] = set()
    for card in top:
        if card in seen:
            raise GinError(f"a stacked deal names {card} twice")
        seen.add(card)
    return tuple(top + [c for c in DECK if c not in seen])


def deal(non_dealer: CardsLike, dealer: CardsLike, upcard: CardsLike, stock: CardsLike = "",
         rules: Rules | None = None, actions: Iterable[Action | str] = ()) -> Hand:
    """A hand on a stacked deck (seat 0 deals), after the given actions."""
    hand = Hand.deal(rules or Rules(), dealer=THEM, deck=stack_deck(non_dealer, dealer, upcard, stock))
    for action in actions:
        hand.apply(action)
    return hand


def spare_card(rng: random.Random, used: Container[Card], *, low: bool = False) -> Card:
    """A random card not in ``used`` (with ``low``, of rank 6 or less)."""
    pool = [c for c in DECK if c not in used and (not low or c.rank <= 6)]
    return rng.choice(pool)


def _card(card: str | Card) -> Card:
    """One card, given as a card or its text (``parse_card`` reads both; its
    signature names text only)."""
    return card if isinstance(card, Card) else parse_card(card)


def in_discard(your_ten: CardsLike, drawn: str | Card, their_ten: CardsLike, *, upcard: CardsLike | None = None,
               rules: Rules | None = None, taken: bool = False) -> Hand:
    """You (the non-dealer) about to discard with your ten cards and ``drawn``:
    drawn from the stock after both passed the upcard, or with ``taken`` taken
    as the upcard (so it may not go straight back)."""
    yours = parse_cards(your_ten)
    drawn_card = _card(drawn)
    theirs = parse_cards(their_ten)
    if taken:
        return deal(yours, theirs, drawn_card, rules=rules, actions=["take"])
    used = set(yours) | set(theirs) | {drawn_card}
    if upcard is None:
        upcard = next(c for c in reversed(DECK) if c not in used)
    return deal(yours, theirs, upcard, stock=[drawn_card], rules=rules, actions=["pass", "pass", "draw"])


def knocked(knocker_ten: CardsLike, knock_card: str | Card, defender_ten: CardsLike, *,
            upcard: CardsLike | None = None, rules: Rules | None = None,
            knocker_melds: Iterable[CardsLike] | None = None) -> Hand:
    """The non-dealer has knocked with ``knock_card`` and laid out his ten cards
    (``knocker_melds``, or the engine's layout); the dealer is to lay out and lay off."""
    knocker = parse_cards(knocker_ten)
    thrown = _card(knock_card)
    hand = in_discard(knocker[:9] + (thrown,), knocker[9], defender_ten, upcard=upcard, rules=rules)
    hand.apply(Action(ActionKind.KNOCK, thrown))
    if knocker_melds is None:
        hand.apply(Action(ActionKind.AUTO))
    else:
        for meld in knocker_melds:
            hand.apply(Action(ActionKind.MELD, cards=parse_cards(meld)))
        hand.apply(Action(ActionKind.DONE))
    return hand


def random_meld(rng: random.Random, used: Container[Card]) -> tuple[Card, ...] | None:
    """A random set or run of cards not in ``used`` (None when the draw collides)."""
    if rng.random() < 0.45:
        rank = rng.randint(1, 13)
        suits = [s for s in "CDHS" if Card(rank, s) not in used]
        if len(suits) < 3:
            return None
        size = 4 if len(suits) == 4 and rng.random() < 0.15 else 3
        return tuple(Card(rank, s) for s in sorted(rng.sample(suits, size)))
    suit = rng.choice("CDHS")
    length = rng.choice((3, 3, 3, 4, 4, 5))
    start = rng.randint(1, 14 - length)
    run = tuple(Card(r, suit) for r in range(start, start + length))
    return None if any(c in used for c in run) else run


def hand_with_melds(rng: random.Random, size: int, melds: int, *, used: Iterable[Card] = (),
                    low_filler: bool = False) -> list[Card]:
    """``size`` cards holding ``melds`` random melds (as far as they fit), the rest random."""
    taken = set(used)
    cards: list[Card] = []
    for _ in range(melds):
        for _ in range(50):
            meld = random_meld(rng, taken)
            if meld is not None and len(cards) + len(meld) <= size:
                cards.extend(meld)
                taken.update(meld)
                break
    while len(cards) < size:
        card = spare_card(rng, taken, low=low_filler)
        cards.append(card)
        taken.add(card)
    rng.shuffle(cards)
    return cards


def others(rng: random.Random, used: Iterable[Card], count: int, *, low: bool = False) -> list[Card]:
    """``count`` random cards not in ``used``."""
    taken = set(used)
    pool = [c for c in DECK if c not in taken and (not low or c.rank <= 6)]
    return rng.sample(pool, count)


# -- the lessons' rules of sound play, asked of a hand --------------------------------
# The rules themselves are in :mod:`gintrainer.engine.players`, where the plain computer player uses them.


def best_discards(hand: Hand) -> tuple[int, list[Card]]:
    """The least deadwood a legal discard leaves, and the discards that leave it
    (in the order the cards came into the hand)."""
    return least_discards(hand.held(acting_seat(hand)), hand.taken_card)


def sound_discard(hand: Hand) -> Card:
    """The discard a plain player makes: one that leaves the least deadwood, the
    highest such card (then the highest index)."""
    return highest(best_discards(hand)[1], "suit")


def take_into_meld(hand: Hand) -> Arrangement | None:
    """If the top discard would go into a meld for the player to act: the arrangement
    after taking it and making the sound discard, where the taken card is melded and
    the deadwood is lower than now. None when the card would stay deadwood (or the
    discard may not be taken)."""
    top = hand.top_discard
    if not hand.is_legal(Action(ActionKind.TAKE)) or top is None:
        return None
    return meld_after_take(hand.held(acting_seat(hand)), top)


def take_goes_out(hand: Hand, *, knock_at: int | None = None) -> bool:
    """Whether taking the top discard lets the player to act go out at once (gin, or a
    knock with at most ``knock_at`` deadwood, by default the hand's knock limit)."""
    top = hand.top_discard
    if not hand.is_legal(Action(ActionKind.TAKE)) or top is None:
        return False
    limit = hand.knock_limit if knock_at is None else min(knock_at, hand.knock_limit)
    return out_after_take(hand.held(acting_seat(hand)), top, limit=limit, big_gin=hand.rules.big_gin)


def worth_taking(hand: Hand, *, knock_at: int | None = None) -> bool:
    """The lessons' rule for the top discard: take it when it goes into a meld, or
    when it lets you go out at once; otherwise draw from the stock (or pass)."""
    return take_into_meld(hand) is not None or take_goes_out(hand, knock_at=knock_at)
