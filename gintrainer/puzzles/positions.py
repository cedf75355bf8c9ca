"""Positions for puzzles: an 11-card hand after the draw, with what the player
has seen. They come from self-play of simple players (realistic, late-game
hands) or are built around melds (sets and runs that overlap, long runs, four
of a kind), since uniformly random hands almost never come near a knock.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import DECK, Card, format_cards
from ..hand import Hand
from ..players import GreedyPlayer
from ..rules import Rules
from ..view import SeatView


@dataclass(frozen=True, slots=True)
class Position:
    """What the player to discard knows: hand (11 cards), the card drawn and from
    where, the discard pile (bottom first), the opponent's cards known from the
    pile, the stock count, the rules and (under Oklahoma) the first upcard."""

    hand: tuple[Card, ...]
    drawn: Card
    drawn_from: str
    discard_pile: tuple[Card, ...]
    opponent_known: tuple[Card, ...]
    stock_count: int
    rules: Rules
    upcard: Card | None
    seed: str

    @property
    def forbidden(self) -> Card | None:
        return self.drawn if self.drawn_from == "discard" else None

    def solver_args(self) -> dict:
        return dict(rules=self.rules, drawn=self.drawn, drawn_from=self.drawn_from,
                    discard_pile=self.discard_pile, opponent_known=self.opponent_known, upcard=self.upcard)

    def key(self) -> str:
        return "|".join([format_cards(sorted(self.hand)), self.drawn.code(), self.drawn_from,
                         format_cards(self.discard_pile), format_cards(sorted(self.opponent_known)),
                         str(self.stock_count), self.upcard.code() if self.upcard else "-"])


def selfplay_positions(seed: str, rules: Rules) -> list[Position]:
    """Every position after a draw in one hand of self-play from ``seed``.

    Two greedy players who do not knock (so the hand runs long and the hands
    fill with melds), with a few mistakes and whims for variety.
    """
    rng = random.Random(f"selfplay:{seed}")
    hand = Hand.deal(rules, seed=rng.randrange(1 << 30))
    players = [GreedyPlayer(random.Random(rng.randrange(1 << 30)), knocks=False,
                            mistakes=rng.choice((0.0, 0.1, 0.2)), whims=rng.choice((0.0, 0.1, 0.25)))
               for _ in range(2)]
    known: list[set[Card]] = [set(), set()]  # cards each seat took from the pile and still holds
    positions = []
    while not hand.is_over and hand.phase in ("upcard", "draw", "discard"):
        seat = hand.to_act
        if hand.phase == "discard":
            drawn, source = hand.last_draw
            positions.append(Position(
                hand=hand.held(seat), drawn=drawn, drawn_from=source, discard_pile=hand.discard_pile,
                opponent_known=tuple(sorted(known[1 - seat])), stock_count=hand.stock_count, rules=rules,
                upcard=hand.upcard if rules.oklahoma else None, seed=f"{seed}/{len(positions)}"))
        top = hand.top_discard
        action = players[seat].choose(SeatView.of(hand, seat))
        if action.kind not in ("take", "pass", "draw", "discard"):
            break
        hand.apply(action)
        if action.kind == "take":
            known[seat].add(top)
        elif action.kind == "discard":
            known[seat].discard(action.card)
    return positions


def constructed_position(seed: str, rules: Rules) -> Position:
    """A meld-rich position built from ``seed``: overlapping sets and runs, long
    runs, four of a kind and near misses, the rest filled at random."""
    rng = random.Random(f"construct:{seed}")
    while True:
        cards: set[Card] = set()
        for _ in range(rng.choice((2, 3, 3, 4))):
            _add_pattern(rng, cards)
            if len(cards) >= 11:
                break
        cards = set(rng.sample(sorted(cards), 11)) if len(cards) > 11 else cards
        rest = [c for c in DECK if c not in cards]
        while len(cards) < 11:
            cards.add(rest.pop(rng.randrange(len(rest))))
        hand = tuple(sorted(cards))
        stock_count = rng.randrange(4, 28)
        drawn = rng.choice(hand)
        drawn_from = "discard" if rng.random() < 0.35 else "stock"
        unseen = [c for c in DECK if c not in cards]
        rng.shuffle(unseen)
        pile_size = max(1, 31 - stock_count - rng.randrange(0, 3))
        pile_size = min(pile_size, len(unseen) - 3)
        pile = tuple(unseen[:pile_size])
        known = tuple(sorted(unseen[pile_size:pile_size + rng.choice((0, 0, 1, 2))]))
        upcard = None
        if rules.oklahoma:
            upcard = pile[0] if pile else rng.choice(unseen)
        return Position(hand, drawn, drawn_from, pile, known, stock_count, rules, upcard, f"{seed}")


def _add_pattern(rng: random.Random, cards: set[Card]) -> None:
    kind = rng.choice(("overlap", "overlap", "run", "longrun", "set", "four", "nearrun", "nearset"))
    rank = rng.randrange(1, 14)
    suit = rng.choice("CDHS")
    others = [s for s in "CDHS" if s != suit]
    rng.shuffle(others)
    if kind == "overlap":  # a card that fits a set and a run
        low = max(1, min(rank - rng.randrange(0, 3), 11))
        cards.update(Card(r, suit) for r in range(low, low + 3))
        pivot = rng.randrange(low, low + 3)
        cards.update(Card(pivot, s) for s in others[:rng.choice((1, 2))])
    elif kind in ("run", "longrun"):
        length = rng.randrange(3, 5) if kind == "run" else rng.randrange(5, 8)
        low = rng.randrange(1, 15 - length)
        cards.update(Card(r, suit) for r in range(low, low + length))
    elif kind == "set":
        cards.update(Card(rank, s) for s in [suit] + others[:2])
    elif kind == "four":
        cards.update(Card(rank, s) for s in "CDHS")
    elif kind == "nearrun":
        low = rng.randrange(1, 12)
        cards.update((Card(low, suit), Card(low + 2, suit)) if rng.random() < 0.5
                     else (Card(low, suit), Card(low + 1, suit)))
    else:
        cards.update(Card(rank, s) for s in [suit] + others[:1])


def knock_position(seed: str, rules: Rules) -> Position:
    """A position one card away from a knock, built from ``seed``: ten cards
    within the knock limit (or just over it), then a drawn card that tempts
    another arrangement. Such positions make the non-obvious "can you knock?"
    puzzles that self-play rarely reaches."""
    from ..melds import min_deadwood
    rng = random.Random(f"knock:{seed}")
    while True:
        cards: set[Card] = set()
        while len(cards) < 7:
            _add_pattern(rng, cards)
        if len(cards) > 9:
            continue
        upcard = rng.choice([c for c in DECK if c not in cards]) if rules.oklahoma else None
        limit = rules.knock_limit_for(upcard)
        rest = [c for c in DECK if c not in cards and c is not upcard]
        low = [c for c in rest if c.value <= 6]
        while len(cards) < 10:
            cards.add(rng.choice(low))
        points = min_deadwood(cards)
        if points > limit + 4:
            continue
        rest = [c for c in DECK if c not in cards and c is not upcard]
        near = [c for c in rest if any(c.rank == k.rank or (c.suit == k.suit and abs(c.rank - k.rank) <= 2)
                                       for k in cards)]
        drawn = rng.choice(near or rest)
        hand = tuple(sorted(cards | {drawn}))
        unseen = [c for c in rest if c is not drawn]
        rng.shuffle(unseen)
        stock_count = rng.randrange(3, 22)
        pile_size = max(1, min(31 - stock_count - rng.randrange(0, 3), len(unseen) - 3))
        pile = tuple(([upcard] if upcard is not None else []) + unseen[:pile_size - (upcard is not None)])
        known = tuple(sorted(unseen[pile_size:pile_size + rng.choice((0, 0, 1))]))
        drawn_from = "discard" if rng.random() < 0.3 else "stock"
        return Position(hand, drawn, drawn_from, pile, known, stock_count, rules, upcard, seed)
