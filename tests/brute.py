"""A slow, obviously correct reference for melds, deadwood and lay-offs.

It shares no code with gintrainer, on purpose: the property tests compare the
engine's fast solver against it. A card is an int 0..51, ``suit * 13 + rank - 1``
with suits ordered clubs, diamonds, hearts, spades (the engine's order, so an
index means the same card on both sides).

>>> brute_min_deadwood(cards("8C 8D 8H 4C 4D 4S 5H 2C 2D AS"))
10
>>> sorted(len(m) for m in all_melds(cards("5H 6H 7H 8H")))
[3, 3, 4]
>>> is_meld(cards("QH KH AH"))
False
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

SUITS = "CDHS"
RANKS = "A23456789TJQK"


def rank(card: int) -> int:
    """1 (ace) to 13 (king)."""
    return card % 13 + 1


def suit(card: int) -> int:
    """0 clubs, 1 diamonds, 2 hearts, 3 spades."""
    return card // 13


def value(card: int) -> int:
    return min(rank(card), 10)


def make(r: int, s: str) -> int:
    """The card of rank ``r`` (1..13) and suit letter ``s``."""
    return SUITS.index(s) * 13 + r - 1


def cards(text: str) -> tuple[int, ...]:
    """Plain file notation only (``7H TD KS``), for test readability."""
    out = []
    for token in text.split():
        out.append(make(RANKS.index(token[:-1].upper().replace("10", "T")) + 1, token[-1].upper()))
    return tuple(out)


def name(card: int) -> str:
    return RANKS[rank(card) - 1] + SUITS[suit(card)]


def names(hand) -> str:
    return " ".join(name(c) for c in sorted(hand))


def points(hand) -> int:
    return sum(value(c) for c in hand)


def is_set(group) -> bool:
    group = list(group)
    return len(group) in (3, 4) and len({rank(c) for c in group}) == 1 and len(set(group)) == len(group)


def is_run(group) -> bool:
    """3+ cards of one suit whose ranks are consecutive, ace low (Q-K-A is not a run)."""
    group = list(group)
    if len(group) < 3 or len({suit(c) for c in group}) != 1:
        return False
    ranks = sorted(rank(c) for c in group)
    return all(ranks[i + 1] == ranks[i] + 1 for i in range(len(ranks) - 1))


def is_meld(group) -> bool:
    return is_set(group) or is_run(group)


def all_melds(hand) -> list[frozenset[int]]:
    """Every meld among the cards: each 3- and 4-card set, each run of any length."""
    hand = set(hand)
    melds: list[frozenset[int]] = []
    for r in range(1, 14):
        same = [c for c in hand if rank(c) == r]
        for size in (3, 4):
            melds.extend(frozenset(g) for g in combinations(same, size))
    for s in range(4):
        for low in range(1, 14):
            run = []
            for r in range(low, 14):  # up to the king: no wrapping round to the ace
                if s * 13 + r - 1 not in hand:
                    break
                run.append(s * 13 + r - 1)
                if len(run) >= 3:
                    melds.append(frozenset(run))
    return melds


def arrangements(hand):
    """Every collection of pairwise-disjoint melds, as (melds, deadwood) pairs.

    The lowest card is either deadwood or in one of the melds that contain it;
    each collection comes out exactly once.
    """
    hand = frozenset(hand)
    melds = all_melds(hand)

    def rec(left: frozenset[int]):
        if not left:
            yield (), frozenset()
            return
        low = min(left)
        for melds_rest, dead in rec(left - {low}):
            yield melds_rest, dead | {low}
        for meld in melds:
            if low in meld and meld <= left:
                for melds_rest, dead in rec(left - meld):
                    yield (meld,) + melds_rest, dead

    yield from rec(hand)


def brute_min_deadwood(hand) -> int:
    """The least deadwood over every collection of disjoint melds."""
    return min(points(dead) for _, dead in arrangements(hand))


@lru_cache(maxsize=1 << 12)
def _deadwood_sets(hand: frozenset[int]) -> frozenset[frozenset[int]]:
    """The deadwood of every collection of disjoint melds of ``hand`` (remembered: the lay-off
    references ask for the same rest of a hand under each way of laying off, with and without chains)."""
    return frozenset(dead for _, dead in arrangements(hand))


def brute_all_best_deadwood_sets(hand) -> set[frozenset[int]]:
    """The deadwood card sets of every least-deadwood arrangement."""
    found: dict[frozenset[int], int] = {}
    for _, dead in arrangements(hand):
        found[dead] = points(dead)
    best = min(found.values())
    return {dead for dead, p in found.items() if p == best}


def _could_join(card: int, meld) -> bool:
    some = next(iter(meld))
    return (is_set(meld) and rank(card) == rank(some)) or (is_run(meld) and suit(card) == suit(some))


def can_lay_off(laid, knocker_melds) -> bool:
    """Whether all the cards ``laid`` can go on the knocker's melds together:
    some assignment of each card to one meld leaves every meld a meld (a set
    of three takes its fourth card; a run takes cards at both ends, chains
    included, so the run plus its cards is again one run)."""
    laid = list(laid)
    knocker_melds = [frozenset(m) for m in knocker_melds]
    # A card can only join a set of its rank or a run of its suit; it need not
    # fit on its own (a chain: 10H goes on 6H-8H after 9H).
    options = [_options(card, tuple(knocker_melds), True) for card in laid]
    for choice in product(*options):
        groups = [set(m) for m in knocker_melds]
        for card, target in zip(laid, choice, strict=True):
            groups[target].add(card)
        if all(is_meld(g) for g in groups):
            return True
    return False


def brute_defender_reply(defender, knocker_melds) -> int:
    """The defender's least deadwood after his own melds and his lay-offs.

    Every subset of his cards is tried as the cards laid off; a subset that can
    be laid off leaves the rest to be melded, at best
    :func:`brute_min_deadwood`.
    """
    defender = tuple(defender)
    knocker_melds = [frozenset(m) for m in knocker_melds]
    on_table = set().union(*knocker_melds) if knocker_melds else set()
    if on_table & set(defender):
        raise ValueError("a card is both on the table and in the defender's hand")
    # Only a card sharing a set's rank or a run's suit can ever be laid off.
    useful = [c for c in defender if any(_could_join(c, m) for m in knocker_melds)]
    best = brute_min_deadwood(defender)
    for size in range(1, len(useful) + 1):
        for laid in combinations(useful, size):
            if can_lay_off(laid, knocker_melds):
                rest = frozenset(defender) - set(laid)
                best = min(best, brute_min_deadwood(rest))
    return best


@lru_cache(maxsize=1 << 12)
def _options(card: int, knocker_melds: tuple[frozenset[int], ...], chains: bool) -> tuple[int, ...]:
    """The melds (indices) ``card`` may go on, alone or after other cards (``chains``)."""
    return tuple(i for i, m in enumerate(knocker_melds)
                 if _could_join(card, m) and (chains or is_meld(set(m) | {card})))


def _assignments(laid, knocker_melds, chains: bool = True):
    """Every assignment of the cards ``laid`` to the knocker's melds (indices) that
    leaves every meld a meld; without ``chains`` each card must also extend its meld
    as the knocker laid it (no card laid on a card laid off before)."""
    options = [_options(card, tuple(knocker_melds), chains) for card in laid]
    for choice in product(*options):
        groups = [set(m) for m in knocker_melds]
        for card, target in zip(laid, choice, strict=True):
            groups[target].add(card)
        if all(is_meld(g) for g in groups):
            yield choice


def brute_best_replies(defender, knocker_melds, chains: bool = True):
    """The defender's least deadwood and every reply reaching it, each as
    (frozenset of (card, meld index) lay-offs, frozenset of deadwood cards): every
    subset of his cards laid off in every way the melds take it, with every
    collection of melds of the rest."""
    defender = tuple(defender)
    knocker_melds = [frozenset(m) for m in knocker_melds]
    useful = [c for c in defender if any(_could_join(c, m) for m in knocker_melds)]
    replies: dict[tuple, int] = {}
    for size in range(len(useful) + 1):
        for laid in combinations(useful, size):
            rest = frozenset(defender) - set(laid)
            deads = _deadwood_sets(rest)
            for choice in _assignments(laid, knocker_melds, chains):
                for dead in deads:
                    replies[(frozenset(zip(laid, choice, strict=True)), dead)] = points(dead)
    least = min(replies.values())
    return least, {key for key, p in replies.items() if p == least}
