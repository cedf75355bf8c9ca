"""Positions for the "defend" puzzles: the knocker's melds and deadwood laid on
the table, the defender's ten cards, and what else he has seen. Built around
the knocker's melds (sets and runs, long or short) so that the defender holds
cards that lay off on them (fourth cards of sets, run ends, chains of them),
often with melds of his own that share those cards, the rest dealt at random.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from ..engine.cards import DECK, Card, format_cards, show_cards
from ..engine.melds import laid_out_cards, meld_kind
from ..engine.rules import Rules
from .positions import _Accounted, _add_pattern, place_problems


@dataclass(frozen=True, slots=True, kw_only=True)
class DefendPosition(_Accounted):
    """What the defender sees after a knock: his hand (10 cards), the knocker's
    melds and deadwood (face up), the discard pile (bottom first), the knocker's
    cards he saw taken from the pile, the stock count, the rules and (under
    Oklahoma) the first upcard."""

    knocker_melds: tuple[tuple[Card, ...], ...]
    knocker_deadwood: tuple[Card, ...]

    @property
    def knocker_cards(self) -> tuple[Card, ...]:
        return laid_out_cards(self.knocker_melds, self.knocker_deadwood)

    @property
    def knock_limit(self) -> int:
        return self.rules.knock_limit_for(self.upcard)

    @property
    def knocker_points(self) -> int:
        """The knocker's deadwood count."""
        return sum(c.value for c in self.knocker_deadwood)

    def problems(self) -> tuple[str, ...]:
        """Every way the position fails to be a knock the defender answers, in words
        (empty for a real one): ten different cards in each hand, every card in one
        place, the knocker's melds each a set or a run, his deadwood above nothing
        (gin takes no lay-offs) and within the knock limit; the pile (with the
        knock discard) and the stock hold the other 32 cards, the stock at least
        the dead stock cards; the known cards are the knocker's; under Oklahoma
        the first upcard is the bottom of the pile."""
        found = []
        hand, knocker = self.hand, self.knocker_cards
        if len(hand) != 10 or len(set(hand)) != 10:
            found.append(f"the defender holds 10 different cards, not {show_cards(hand)}")
        if len(knocker) != 10 or len(set(knocker)) != 10:
            found.append(f"the knocker lays out 10 different cards, not {show_cards(knocker)}")
        found += [f"the knocker's {show_cards(m)} is not a meld" for m in self.knocker_melds if meld_kind(m) is None]
        found += place_problems(hand + knocker, self.discard_pile, ())
        if any(c not in knocker for c in self.opponent_known):
            found.append("the known cards are the knocker's")
        if self.stock_count < self.rules.dead_stock_cards or len(self.discard_pile) + self.stock_count != 32:
            found.append(f"the discard pile ({len(self.discard_pile)}) and the stock ({self.stock_count}) hold "
                         f"{len(self.discard_pile) + self.stock_count} cards, not the 32 beside the two hands")
        if not self.discard_pile:
            found.append("the knock discard is on the pile")
        found += self._upcard_problems()
        if not 0 < self.knocker_points <= self.knock_limit:
            found.append(f"the knocker's deadwood {self.knocker_points} is not a knock within the limit "
                         f"{self.knock_limit} (gin takes no lay-offs)")
        return tuple(found)

    def key(self) -> str:
        return self._key(*(format_cards(m) for m in self.knocker_melds), format_cards(sorted(self.knocker_deadwood)))


def _knocker_melds(rng: random.Random) -> list[tuple[Card, ...]]:
    """Two or three melds with no card in common, of 9 cards at most."""
    while True:
        melds: list[tuple[Card, ...]] = []
        used: set[Card] = set()
        for _ in range(rng.choice((2, 2, 3))):
            suit, rank = rng.choice("CDHS"), rng.randrange(1, 14)
            if rng.random() < 0.55:
                length = rng.choice((3, 3, 4, 5))
                low = rng.randrange(1, 15 - length)
                meld = tuple(Card(r, suit) for r in range(low, low + length))
            else:
                suits = rng.sample("CDHS", rng.choice((3, 3, 4)))
                meld = tuple(Card(rank, s) for s in sorted(suits))
            if used.isdisjoint(meld):
                melds.append(meld)
                used.update(meld)
        if 6 <= len(used) <= 9 and len(melds) >= 2:
            return melds


def _fits(melds: list[tuple[Card, ...]]) -> list[Card]:
    """The cards that lay off on the melds: a set's fourth card; two cards beyond each end of a run."""
    out = []
    for meld in melds:
        if meld[0].rank == meld[-1].rank:
            out += [Card(meld[0].rank, s) for s in "CDHS" if Card(meld[0].rank, s) not in meld]
        else:
            low, high = meld[0].rank, meld[-1].rank
            out += [Card(r, meld[0].suit) for r in (low - 2, low - 1, high + 1, high + 2) if 1 <= r <= 13]
    return out


def _meld_of_three(rng: random.Random) -> set[Card]:
    """A set or a run of three at random."""
    suit, rank = rng.choice("CDHS"), rng.randrange(1, 12)
    if rng.random() < 0.5:
        return {Card(rank + i, suit) for i in range(3)}
    return {Card(rank, s) for s in rng.sample("CDHS", 3)}


def defend_position(seed: str, rules: Rules) -> DefendPosition | None:
    """A position built from ``seed`` (see the module's docstring), or None when the
    knocker's cards drawn leave no knock within the limit."""
    rng = random.Random(f"defend:{seed}")
    melds = _knocker_melds(rng)
    table = {c for m in melds for c in m}
    rest = [c for c in DECK if c not in table]
    upcard = rng.choice(rest) if rules.oklahoma else None
    limit = rules.knock_limit_for(upcard)
    tight = rng.random() < 0.5  # a knock near the limit against a hand near gin: undercuts come up
    low = [c for c in rest if c is not upcard and c.value <= max(1, limit if tight else limit // 2)]
    dead: tuple[Card, ...] = ()
    for _ in range(30 if len(low) >= 10 - len(table) else 0):
        dead = tuple(sorted(rng.sample(low, 10 - len(table))))
        if (limit - 4 if tight else 0) < sum(c.value for c in dead) <= limit:
            break
    if not 0 < sum(c.value for c in dead) <= limit:
        return None
    taken = table | set(dead) | ({upcard} if upcard else set())
    wanted = [c for c in _fits(melds) if c not in taken and rng.random() < 0.55]
    cards: set[Card] = set(wanted[:rng.choice((1, 2, 3))] if tight else wanted)
    for _ in range(40 if tight else 0):  # whole melds of his own, some sharing a card that lays off
        if len(cards) >= 7:
            break
        if wanted and rng.random() < 0.3:
            pivot = rng.choice(wanted)
            meld = {Card(pivot.rank, s) for s in rng.sample("CDHS", 4)}
            meld = set(sorted(meld - taken)[:3]) | ({pivot} if pivot not in taken else set())
        else:
            meld = _meld_of_three(rng)
        if meld.isdisjoint(taken) and len(meld | cards) <= 10:
            cards |= meld
    while not tight and rng.random() < 0.6:  # melds of his own, sometimes sharing the cards that lay off
        pattern: set[Card] = set()
        if wanted and rng.random() < 0.5:
            pivot = rng.choice(wanted)
            pattern.update(Card(pivot.rank, s) for s in rng.sample("CDHS", 3))
        else:
            _add_pattern(rng, pattern)
        cards |= pattern - taken
    cards = set(rng.sample(sorted(cards), 10)) if len(cards) > 10 else cards
    pool = [c for c in DECK if c not in taken and c not in cards]
    low_pool = [c for c in pool if c.value <= 2]
    pool = low_pool if tight and len(low_pool) >= 10 - len(cards) else pool
    cards |= set(rng.sample(pool, 10 - len(cards)))
    hand = tuple(sorted(cards))
    unseen = [c for c in DECK if c not in taken and c not in cards]
    rng.shuffle(unseen)
    stock_count = rng.randrange(max(2, rules.dead_stock_cards), 24)
    pile = tuple(([upcard] if upcard else []) + unseen[:32 - stock_count - (upcard is not None)])
    return DefendPosition(hand=hand, knocker_melds=tuple(melds), knocker_deadwood=dead, discard_pile=pile,
                          opponent_known=(), stock_count=stock_count, rules=rules, upcard=upcard, seed=seed)


def positions(seed: str, rules: Rules) -> Iterator[list[DefendPosition]]:
    """Batches of eight positions, deterministic for a seed."""
    batch = 0
    while True:
        made = (defend_position(f"{seed}/{batch}/{i}", rules) for i in range(8))
        yield [p for p in made if p is not None]
        batch += 1


__all__ = ["DefendPosition", "defend_position", "positions"]
