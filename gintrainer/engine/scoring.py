"""Scoring one hand: the knocker's layout, the defender's lay-offs, the points.

>>> score = score_hand("8C 8D 8H 4C 4D 4S 5H 6H 7H 9S", "KS QS 2C 3D 5D 6D 7D 9C TC JC")
>>> score.kind, score.winner, score.knocker_deadwood, score.defender_deadwood, score.points
(ScoreKind.KNOCK, 'knocker', 9, 25, 16)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from itertools import product
from typing import TypedDict

from ..words.errors import GinError, IllegalActionError
from ..words.language import N_, t, tn
from ..words.vocab import Vocabulary
from .cards import DECK, Card, CardsLike, cards_mask, format_cards, parse_cards, sort_by_rank
from .melds import (
    Arrangement,
    MeldKind,
    all_arrangements,
    all_best_arrangements,
    best_arrangement,
    meld_kind,
    min_deadwood,
    order_meld,
)
from .rules import Rules

Meld = tuple[Card, ...]


class ScoreKind(Vocabulary, noun=N_("result kind")):
    """How a hand ends (:attr:`HandScore.kind`); the first three are also how
    the knocker went out (:attr:`~gintrainer.Hand.out_kind`)."""

    KNOCK = "knock"
    GIN = "gin"
    BIG_GIN = "big_gin"
    UNDERCUT = "undercut"
    TIE = "tie"
    DEAD = "dead"


_EXPLAINED: dict[tuple[ScoreKind, bool], str] = {
    # Translators: {k} is the knocker's deadwood, {d} the defender's (after lay-offs), {bonus} the bonus,
    # {times} the multiplier of a spade upcard, {points} the points scored.
    (ScoreKind.GIN, True): N_("Gin: the knocker scores ({bonus} bonus + the defender's {d} deadwood) × {times} for the "
                              "spade upcard = {points}. No laying off against gin."),
    (ScoreKind.GIN, False): N_("Gin: the knocker scores {bonus} bonus + the defender's {d} deadwood = {points}. "
                               "No laying off against gin."),
    (ScoreKind.BIG_GIN, True): N_("Big gin: the knocker scores ({bonus} bonus + the defender's {d} deadwood) × {times} "
                                  "for the spade upcard = {points}. No laying off against big gin."),
    (ScoreKind.BIG_GIN, False): N_("Big gin: the knocker scores {bonus} bonus + the defender's {d} deadwood = "
                                   "{points}. No laying off against big gin."),
    (ScoreKind.UNDERCUT, True): N_("Undercut: the defender has {d}, the knocker {k}. The defender scores ({k} − {d} + "
                                   "{bonus} bonus) × {times} for the spade upcard = {points}."),
    (ScoreKind.UNDERCUT, False): N_("Undercut: the defender has {d}, the knocker {k}. The defender scores {k} − {d} + "
                                    "{bonus} bonus = {points}."),
    (ScoreKind.KNOCK, True): N_("Knock: the knocker has {k}, the defender {d} after lay-offs. The knocker scores "
                                "({d} − {k}) × {times} for the spade upcard = {points}."),
    (ScoreKind.KNOCK, False): N_("Knock: the knocker has {k}, the defender {d} after lay-offs. The knocker scores "
                                 "{d} − {k} = {points}."),
}
"""The words of a scored hand (:meth:`HandScore.explain`) by its kind and whether a spade
upcard multiplied it (a dead hand and a tie say their own)."""


OUT_KINDS = (ScoreKind.KNOCK, ScoreKind.GIN, ScoreKind.BIG_GIN)
"""The ways a knocker goes out."""


@dataclass(frozen=True, slots=True)
class Layoff:
    """A defender's card laid off on the knocker's meld number ``meld`` (0-based)."""

    card: Card
    meld: int

    def __str__(self) -> str:
        return t("{card} on meld {meld}", card=self.card, meld=self.meld + 1)


@dataclass(frozen=True, slots=True)
class DefenderReply:
    """The defender's melds, lay-offs and what is left."""

    melds: tuple[Meld, ...]
    layoffs: tuple[Layoff, ...]
    deadwood: tuple[Card, ...]
    points: int


def layoff_targets(card: Card, melds: Sequence[Sequence[Card]]) -> list[int]:
    """Indices of the melds (each a sequence of cards) that ``card`` can extend."""
    targets = []
    for i, meld in enumerate(melds):
        if card in meld:
            continue
        kind = meld_kind(meld)
        if kind == MeldKind.SET:
            if len(meld) == 3 and card.rank == meld[0].rank:
                targets.append(i)
        elif kind == MeldKind.RUN and card.suit == meld[0].suit:
            ranks = [c.rank for c in meld]
            if card.rank == min(ranks) - 1 or card.rank == max(ranks) + 1:
                targets.append(i)
    return targets


def meld_ends(meld: Meld) -> tuple[int, ...]:
    """A knocker's meld as the lay-offs see it (:func:`mask_meld_ends` of its cards).

    >>> meld_ends(parse_cards("8C 8D 8S")), meld_ends(parse_cards("5H 6H 7H"))
    ((33,), (26, 30, 32))
    """
    return mask_meld_ends(cards_mask(meld))


_RANKS = 0x1FFF
_SUITS_OF_RANK_ONE = 1 | 1 << 13 | 1 << 26 | 1 << 39


def mask_meld_ends(meld: int) -> tuple[int, ...]:
    """A knocker's meld (a valid one, the mask of its cards) as the lay-offs see it, in card indices: a set of
    three as the index of its fourth card, a set of four as nothing, a run as its suit's first index with its
    lowest and highest cards' indices."""
    ranks = (meld | meld >> 13 | meld >> 26 | meld >> 39) & _RANKS
    if ranks & (ranks - 1) == 0:  # one rank: a set
        missing = ranks * _SUITS_OF_RANK_ONE & ~meld
        return (missing.bit_length() - 1,) if missing else ()
    low, high = (meld & -meld).bit_length() - 1, meld.bit_length() - 1
    return (low - low % 13, low, high)


def _layoff_groups(ends: tuple[int, ...], held: int, chains: bool = True) -> list[tuple[int, ...]]:
    """Every group of the ``held`` cards (a mask) that can go on the meld of :func:`meld_ends` ``ends``, chains
    included (without ``chains``, at most one card at each end of a run: none laid on a card laid off before),
    each as card indices in the order it is laid off, the first laying off nothing."""
    if len(ends) < 3:  # a set: its fourth card, if held
        return [(), ends] if ends and held >> ends[0] & 1 else [()]
    base, low, high = ends
    down: list[int] = []
    index = low - 1
    while index >= base and held >> index & 1:
        down.append(index)
        index -= 1
    up: list[int] = []
    index = high + 1
    while index < base + 13 and held >> index & 1:
        up.append(index)
        index += 1
    if not chains:
        down, up = down[:1], up[:1]
    return [tuple(down[:i]) + tuple(up[:j]) for i in range(len(down) + 1) for j in range(len(up) + 1)]


def _layoff_choices(defender: Sequence[Card], melds: Sequence[Meld], chains: bool = True
                    ) -> Iterable[tuple[tuple[tuple[Card, ...], ...], list[Card]]]:
    """Every way to lay off on the knocker's melds (each meld's group of cards, the
    first laying off nothing) with the defender's cards it leaves in his hand."""
    held = cards_mask(defender)
    options = [[tuple(DECK[i] for i in group) for group in _layoff_groups(meld_ends(m), held, chains)] for m in melds]
    for option in product(*options):
        laid = [c for group in option for c in group]
        if len(set(laid)) != len(laid):
            continue
        yield option, [c for c in defender if c not in set(laid)]


def layable_cards(defender_cards: CardsLike, knocker_melds: Iterable[CardsLike]) -> tuple[Card, ...]:
    """The defender's cards that some way of laying off puts on the knocker's melds (chains included: a card
    laid on one laid off before), in the defender's order.

    >>> layable_cards("7S 8S 7C 7D 2D", ["2S 3S 4S 5S 6S", "3D 4D 5D"])
    (Card.parse('7S'), Card.parse('8S'), Card.parse('2D'))
    """
    defender = parse_cards(defender_cards)
    melds = [parse_cards(m) for m in knocker_melds]
    held = cards_mask(defender)
    laid = {index for m in melds for group in _layoff_groups(meld_ends(m), held) for index in group}
    return tuple(c for c in defender if c.index in laid)


def kept_masks_after_layoffs(defender: int, ends: Sequence[tuple[int, ...]]) -> list[int]:
    """:func:`kept_after_layoffs` on card masks: every mask the defender (``defender``, a mask) may keep after
    laying off on the knocker's melds (each given by :func:`meld_ends`), laying off nothing first, in the same
    order. The evaluator's playouts score their knocks with it.

    >>> [mask.bit_count() for mask in kept_masks_after_layoffs(
    ...     cards_mask(parse_cards("8H 9H KC QC 2D 3S 4C 5C 6C JS")),
    ...     [meld_ends(parse_cards("8C 8D 8S")), meld_ends(parse_cards("5H 6H 7H"))])]
    [10, 9, 8, 9]
    """
    options = [[sum(1 << i for i in group) for group in _layoff_groups(meld, defender)] for meld in ends]
    kept: list[int] = []
    for option in product(*options):
        laid = 0
        for group in option:
            if group & laid:
                break
            laid |= group
        else:
            kept.append(defender & ~laid)
    return kept


def best_layoffs(defender_cards: CardsLike, knocker_melds: Iterable[CardsLike]) -> DefenderReply:
    """The defender's best reply to a knock: his own melds and his lay-offs on the
    knocker's melds (chained lay-offs included), leaving the least deadwood.

    Every combination of lay-offs is tried, so a card that fits both a set and a
    run goes where it leaves the least deadwood.

    >>> reply = best_layoffs("8H 9H KC QC 2D 3S 4C 5C 6C JS", ["8C 8D 8S", "5H 6H 7H"])
    >>> [str(layoff) for layoff in reply.layoffs], reply.points
    (['8♥ on meld 2', '9♥ on meld 2'], 35)
    """
    return _best_reply(parse_cards(defender_cards), [parse_cards(m) for m in knocker_melds])


def _best_reply(defender: Sequence[Card], melds: Sequence[Meld], chains: bool = True) -> DefenderReply:
    # The first choice lays off nothing (every meld's options start with no cards): the reply to beat.
    choice: tuple[tuple[Card, ...], ...] = tuple(() for _ in melds)
    rest = list(defender)
    best_key = (min_deadwood(rest), 0)
    for option, left in _layoff_choices(defender, melds, chains):
        key = (min_deadwood(left), len(defender) - len(left))
        if key < best_key:
            best_key, choice, rest = key, option, left
    return _reply(choice, best_arrangement(rest))


def _reply(choice: Sequence[Sequence[Card]], arrangement: Arrangement) -> DefenderReply:
    layoffs = tuple(Layoff(card, i) for i, group in enumerate(choice) for card in group)
    return DefenderReply(arrangement.melds, layoffs, arrangement.deadwood, arrangement.points)


def least_reply_deadwood(defender_cards: CardsLike, knocker_melds: Iterable[CardsLike], *,
                         chains: bool = True) -> int:
    """The least deadwood the defender can keep (:func:`best_layoffs`); without
    ``chains``, when no card may be laid off on a card laid off before.

    >>> least_reply_deadwood("9H TH KC QS JD 2C 3D 7C 4S 5D", ["6H 7H 8H"])
    51
    >>> least_reply_deadwood("9H TH KC QS JD 2C 3D 7C 4S 5D", ["6H 7H 8H"], chains=False)
    61
    """
    defender = parse_cards(defender_cards)
    return _best_reply(defender, [parse_cards(m) for m in knocker_melds], chains).points


def best_replies(defender_cards: CardsLike, knocker_melds: Iterable[CardsLike]) -> tuple[DefenderReply, ...]:
    """Every reply that leaves the defender's least deadwood: each way of laying
    off (chains included; a card on one meld or another counts as two) with each
    least-deadwood set of cards left (:func:`~gintrainer.engine.melds.all_best_arrangements`,
    one layout of melds for each), the engine's own (:func:`best_layoffs`) first.

    >>> [str(r.layoffs[0]) for r in best_replies("8H KC QC 2D 3S 4C 5C 6C JS 9D", ["8C 8D 8S", "5H 6H 7H"])]
    ['8♥ on meld 2', '8♥ on meld 1']
    """
    defender = parse_cards(defender_cards)
    melds = [parse_cards(m) for m in knocker_melds]
    first = _best_reply(defender, melds)
    found = {_reply_key(first): first}
    for option, left in _layoff_choices(defender, melds):
        if min_deadwood(left) == first.points:
            for arrangement in all_best_arrangements(left):
                reply = _reply(option, arrangement)
                found.setdefault(_reply_key(reply), reply)
    return tuple(found.values())


def every_reply(defender_cards: CardsLike, knocker_melds: Iterable[CardsLike]) -> tuple[DefenderReply, ...]:
    """The defender's replies to a knock, one for each set of cards it may keep: each way of laying off
    (chains included, none at all too) with the best melds of the cards left; least deadwood first, the
    engine's own (:func:`best_layoffs`) first among those.

    >>> [r.points for r in every_reply("8H KC QC 2D 3S 4C 5C 6C JS 9D", ["8C 8D 8S", "5H 6H 7H"])]
    [44, 52]
    """
    defender = parse_cards(defender_cards)
    melds = [parse_cards(m) for m in knocker_melds]
    first = _best_reply(defender, melds)
    found = {frozenset(first.deadwood): first}
    for option, left in _layoff_choices(defender, melds):
        reply = _reply(option, best_arrangement(left))
        found.setdefault(frozenset(reply.deadwood), reply)
    return tuple(sorted(found.values(), key=lambda reply: reply.points))


def _reply_key(reply: DefenderReply) -> tuple[frozenset[Layoff], frozenset[Card]]:
    return frozenset(reply.layoffs), frozenset(reply.deadwood)


def check_reply(defender_cards: CardsLike, knocker_melds: Iterable[CardsLike], melds: Iterable[CardsLike],
                layoffs: Iterable[Layoff], *, unfinished: bool = False) -> DefenderReply:
    """A defender's reply as he lays it out: his melds (each a set or run of his
    cards) and his lay-offs (each a card of his not in those melds on the
    knocker's meld numbered from 0), in any order so long as some order lays
    each one on a meld it then extends (a chain: 10♥ after 9♥ on 6♥ 7♥ 8♥).
    IllegalActionError for a reply the rules refuse.

    An ``unfinished`` reply is one still being laid out: a lay-off may then wait
    for cards still free in the hand (neither melded nor laid off) to be laid off
    before it (10♥ on 6♥ 7♥ 8♥ while 9♥ is free); the rest is checked the same.

    >>> reply = check_reply("9H TH KC QS JD 2C 3D 7C 4S 5D", ["6H 7H 8H"], [], [Layoff(parse_cards("TH")[0], 0),
    ...                     Layoff(parse_cards("9H")[0], 0)])
    >>> [str(layoff) for layoff in reply.layoffs], reply.points
    (['9♥ on meld 1', '10♥ on meld 1'], 51)
    """
    defender = parse_cards(defender_cards)
    table = [list(parse_cards(m)) for m in knocker_melds]
    if isinstance(melds, str):
        raise GinError(t("melds must be a list of melds, each cards like '7H 8H 9H'"))
    yours = [parse_cards(m) for m in melds]
    stray = [c for m in yours for c in m if c not in defender]
    if stray:
        raise IllegalActionError(t("{card} is not in your hand", card=stray[0]))
    own, rest = check_melds(yours, defender, who="the defender")
    waiting = list(layoffs)
    for layoff in waiting:
        if not isinstance(layoff, Layoff) or not 0 <= layoff.meld < len(table):
            raise GinError(t("a lay-off goes on one of the knocker's melds, 1 to {count}", count=len(table)))
        if layoff.card not in rest:
            raise IllegalActionError(t("{card} is not a card you can lay off: it is not in your hand, or it is in "
                                       "one of your melds or laid off already", card=layoff.card))
        if sum(other.card == layoff.card for other in waiting) > 1:
            raise IllegalActionError(t("{card} is laid off twice", card=layoff.card))
    held = [c for c in rest if c not in {lo.card for lo in waiting}]
    laid = _chain_layoffs(table, waiting, list(held) if unfinished else [], held)
    dead = tuple(c for c in rest if c not in {lo.card for lo in laid})
    return DefenderReply(own, tuple(laid), dead, sum(c.value for c in dead))


def _chain_layoffs(table: list[list[Card]], waiting: list[Layoff], free: list[Card],
                   held: Sequence[Card] = ()) -> list[Layoff]:
    """The lay-offs in an order that lays each on a meld it then extends (``table`` grows with
    them); a card of ``free`` may be laid off first, on every meld it fits, to open a chain
    (an unfinished reply). IllegalActionError naming a lay-off that no order fits: when cards of
    ``held`` (the defender's cards neither melded nor laid off) would carry its run to it, the
    error says to lay them off too."""
    reach = [list(m) for m in table]  # the melds as laid, and the free cards that may come first
    laid: list[Layoff] = []
    while waiting:
        fits = next((lo for lo in waiting if lo.meld in layoff_targets(lo.card, reach)), None)
        helper = next((c for c in free if layoff_targets(c, reach)), None) if fits is None else None
        if helper is not None:
            free.remove(helper)
            for target in layoff_targets(helper, reach):
                reach[target] = list(order_meld(reach[target] + [helper]))
            continue
        if fits is None:
            raise _unfit(table, waiting, held)
        waiting.remove(fits)
        laid.append(fits)
        table[fits.meld] = list(order_meld(table[fits.meld] + [fits.card]))
        reach[fits.meld] = list(order_meld(reach[fits.meld] + [fits.card]))
    return laid


def _unfit(table: list[list[Card]], waiting: list[Layoff], held: Sequence[Card]) -> IllegalActionError:
    """Why no lay-off left fits the melds as they now stand: the first that cards still held would connect to
    its meld (lay them off too, in any order), else the lowest card."""
    for layoff in sorted(waiting, key=lambda lo: lo.card):
        connecting = connecting_cards(layoff.card, table[layoff.meld], held)
        if connecting:
            return IllegalActionError(tn(
                "{card} does not extend the knocker's meld {meld} {cards} by itself: lay off {connecting} too, "
                "and {card} goes on after it", "{card} does not extend the knocker's meld {meld} {cards} by itself: "
                "lay off {connecting} too, and {card} goes on after them", len(connecting), card=layoff.card,
                meld=layoff.meld + 1, cards=tuple(table[layoff.meld]), connecting=connecting))
    card = min(lo.card for lo in waiting)
    meld = next(lo.meld for lo in waiting if lo.card == card)
    return IllegalActionError(t("{card} does not extend the knocker's meld {meld} {cards}", card=card, meld=meld + 1,
                                cards=tuple(table[meld])))


def connecting_cards(card: Card, meld: Sequence[Card], held: Iterable[Card]) -> tuple[Card, ...]:
    """The cards between the run ``meld`` and ``card`` of its suit, when ``held`` has all of them: laid off
    with it, they carry the run to it (4♦ 5♦ 6♦ and 2♦: 3♦). None for a card next to the run, a card of
    another suit or a set.

    >>> [str(c) for c in connecting_cards(parse_cards("2D")[0], parse_cards("4D 5D 6D"), parse_cards("3D 9C"))]
    ['3♦']
    """
    if meld_kind(meld) != MeldKind.RUN or meld[0].suit != card.suit:
        return ()
    ranks = sorted(c.rank for c in meld)
    gap = range(ranks[-1] + 1, card.rank) if card.rank > ranks[-1] else range(card.rank + 1, ranks[0])
    needed = tuple(Card(rank, card.suit) for rank in gap)
    held = set(held)
    return needed if needed and all(c in held for c in needed) else ()


def defender_reply(defender_cards: CardsLike, knocker_melds: Iterable[CardsLike], *,
                   layoffs: bool = True) -> DefenderReply:
    """The defender's best reply, as the engine makes it: the least deadwood left,
    with his lay-offs on the knocker's melds (:func:`best_layoffs`), or, against
    gin or big gin (``layoffs`` off: no laying off), his own melds only.

    >>> cards, melds = "8H 9H KC QC 2D 3S 4C 5C 6C JS", ["8C 8D 8S", "5H 6H 7H"]
    >>> defender_reply(cards, melds).points, defender_reply(cards, melds, layoffs=False).points
    (35, 52)
    """
    if layoffs:
        return best_layoffs(defender_cards, knocker_melds)
    arrangement = best_arrangement(defender_cards)
    return DefenderReply(arrangement.melds, (), arrangement.deadwood, arrangement.points)


def missed_reply(score: HandScore) -> DefenderReply | None:
    """The defender's best reply (:func:`defender_reply`, from the cards they laid out, laid off and kept,
    against the knocker's melds) when it leaves less deadwood than the reply they made; None when theirs was
    as good, or against gin and big gin (no laying off).

    >>> made = settle(Rules(), out="knock", knocker_melds=[parse_cards("2D 3D 4D 5D"), parse_cards("AS 2S 3S")],
    ...               knocker_dead=parse_cards("7C"), defender_melds=[], layoffs=[],
    ...               defender_dead=parse_cards("AD AH 2H 4S 6C 8H 9S JC QH KS"))
    >>> best = missed_reply(made)
    >>> [str(layoff) for layoff in best.layoffs], best.points, made.defender_deadwood
    (['A♦ on meld 1', '4♠ on meld 2'], 56, 61)
    """
    if score.kind not in (ScoreKind.KNOCK, ScoreKind.UNDERCUT, ScoreKind.TIE) or score.defender_deadwood is None:
        return None
    cards = [c for meld in score.defender_melds for c in meld] + [layoff.card for layoff in score.layoffs]
    best = defender_reply(cards + list(score.defender_deadwood_cards), score.knocker_melds)
    return best if best.points < score.defender_deadwood else None


def knocker_layouts(knocker_cards: CardsLike, defender_cards: CardsLike | None = None, *,
                    laid: Iterable[CardsLike] = ()) -> tuple[Arrangement, ...]:
    """The knocker's least-deadwood arrangements, the engine's choice first: among
    ties, the one that leaves the defender most deadwood after his best reply,
    then the fixed order of :func:`~gintrainer.engine.melds.all_best_arrangements`.

    ``laid`` are melds the knocker has laid out already (the cards given are then
    the ones still in his hand); the defender's reply is judged against them too.
    This is the one rule for the engine's layout: :func:`score_hand` and the
    hand's ``auto`` both use it.

    >>> [str(a) for a in knocker_layouts("7C 7D 7H 7S 5S 6S 8D 9D TD 9C", "4S 8S 2C 3H KH QH JC AH 5D 6D")][:1]
    ['5♠ 6♠ 7♠ · 7♣ 7♦ 7♥ · 8♦ 9♦ 10♦ | 9♣ (9)']
    """
    arrangements = all_best_arrangements(knocker_cards)
    if defender_cards is None or len(arrangements) == 1 or arrangements[0].points == 0:
        return arrangements
    defender = parse_cards(defender_cards)
    on_table = [parse_cards(m) for m in laid]
    scored = [(-best_layoffs(defender, on_table + list(a.melds)).points, i) for i, a in enumerate(arrangements)]
    return tuple(arrangements[i] for _, i in sorted(scored))


def check_melds(melds: Iterable[CardsLike], cards: CardsLike, *,
                who: str = "the knocker") -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    """Validate a layout: every meld a set or run of the given cards, no card twice.
    Returns the melds in reading order and the deadwood cards."""
    hand = parse_cards(cards)
    used: set[Card] = set()
    out = []
    if isinstance(melds, str):
        raise GinError(t("melds must be a list of melds, each cards like '7H 8H 9H'"))
    for given in melds:
        meld = parse_cards(given)
        if meld_kind(meld) is None:
            raise IllegalActionError(not_a_meld(meld))
        for card in meld:
            if card not in hand:
                # Translators: {who} is a player's name or a role in words.
                raise IllegalActionError(t("{card} is not in the knocker's hand", card=card) if who == "the knocker"
                                         else t("{card} is not in {who}'s hand", card=card, who=who))
            if card in used:
                raise IllegalActionError(t("{card} is in two melds: a card belongs to one meld only", card=card))
            used.add(card)
        out.append(order_meld(meld))
    return tuple(out), sort_by_rank(c for c in hand if c not in used)


def not_a_meld(cards: tuple[Card, ...]) -> str:
    """Why ``cards`` are no meld, in words (an illegal layout's message)."""
    return t("{cards} is not a meld: a set is 3 or 4 cards of one rank, a run 3 or more cards of one suit in "
             "sequence (ace low)", cards=cards)


class ScoreRecord(TypedDict):
    """:meth:`HandScore.to_dict`: plain text and numbers, cards in file form."""

    kind: str
    winner: str | None
    points: int
    knocker: int | None
    knocker_deadwood: int | None
    defender_deadwood: int | None
    knocker_melds: list[str]
    defender_melds: list[str]
    layoffs: list[list[str | int]]


@dataclass(frozen=True, slots=True)
class HandScore:
    """The outcome of one hand.

    ``kind`` is a :class:`ScoreKind` (given as its text, it is read as the
    member; a tie: equal counts when ties are not undercuts); ``winner`` is "knocker",
    "defender" or None; ``points`` go to the winner. ``knocker`` is the
    knocker's seat when the hand was played on a :class:`~gintrainer.Hand`.
    """

    kind: ScoreKind
    winner: str | None
    points: int
    knocker_deadwood: int | None = None
    defender_deadwood: int | None = None
    knocker_melds: tuple[Meld, ...] = ()
    defender_melds: tuple[Meld, ...] = ()
    layoffs: tuple[Layoff, ...] = ()
    knocker_deadwood_cards: tuple[Card, ...] = ()
    defender_deadwood_cards: tuple[Card, ...] = ()
    multiplier: int = 1
    knocker: int | None = None
    bonus: int = field(default=0)

    def __post_init__(self) -> None:
        if not isinstance(self.kind, ScoreKind):  # a record's text
            object.__setattr__(self, "kind", ScoreKind.parse(self.kind))

    @property
    def winner_seat(self) -> int | None:
        """The seat that scores, when the hand was played with seats."""
        if self.winner is None or self.knocker is None:
            return None
        return self.knocker if self.winner == "knocker" else 1 - self.knocker

    def with_knocker(self, seat: int | None) -> HandScore:
        return replace(self, knocker=seat)

    def explain(self) -> str:
        """The score in words, with its arithmetic.

        >>> score_hand("2C 3C 4C 7D 7H 7S 9H TH JH 6S", "4H 4D 4S 8C 9C TC KD 5H AS 5D").explain()
        'Knock: the knocker has 6, the defender 21 after lay-offs. The knocker scores 21 − 6 = 15.'
        """
        k, d = self.knocker_deadwood, self.defender_deadwood
        doubled = self.multiplier != 1
        values = {"k": k, "d": d, "bonus": self.bonus, "points": self.points, "times": self.multiplier}
        if self.kind == ScoreKind.DEAD:
            return t("Dead hand: the stock ran down without a knock. Nobody scores; the same dealer deals again.")
        if self.kind == ScoreKind.TIE:
            return t("Tie: both have {k} deadwood and ties are not undercuts here. Nobody scores.", k=k)
        return t(_EXPLAINED[self.kind, doubled], **values)

    def to_dict(self) -> ScoreRecord:
        return {
            "kind": self.kind.value, "winner": self.winner, "points": self.points,
            "knocker": self.knocker,
            "knocker_deadwood": self.knocker_deadwood, "defender_deadwood": self.defender_deadwood,
            "knocker_melds": [format_cards(m) for m in self.knocker_melds],
            "defender_melds": [format_cards(m) for m in self.defender_melds],
            "layoffs": [[layoff.card.code(), layoff.meld] for layoff in self.layoffs],
        }


DEAD_HAND = HandScore(kind=ScoreKind.DEAD, winner=None, points=0)


def settle(rules: Rules, *, out: ScoreKind | str, knocker_melds: Iterable[Meld], knocker_dead: tuple[Card, ...],
           defender_melds: Iterable[Meld], layoffs: Iterable[Layoff], defender_dead: tuple[Card, ...],
           upcard: Card | None = None, knocker: int | None = None) -> HandScore:
    """The points for laid-out hands. ``out`` is how the knocker went out: a
    knock (one with no deadwood is gin), gin, or big gin."""
    went = ScoreKind.parse(out)
    if went not in OUT_KINDS:
        raise GinError(t("a knocker goes out by {kinds}, not {out}", kinds=", ".join(OUT_KINDS), out=repr(out)))
    k = sum(c.value for c in knocker_dead)
    d = sum(c.value for c in defender_dead)
    if went == ScoreKind.GIN and k:
        raise GinError(t("gin leaves no deadwood, not {points}", points=k))
    multiplier = rules.score_multiplier(upcard)
    kind, winner, points, bonus = _outcome(rules, went, k, d)
    return HandScore(kind, winner, points * multiplier, knocker_deadwood=k, defender_deadwood=d,
                     knocker_melds=tuple(knocker_melds), defender_melds=tuple(defender_melds),
                     layoffs=tuple(layoffs), knocker_deadwood_cards=tuple(knocker_dead),
                     defender_deadwood_cards=tuple(defender_dead), multiplier=multiplier, knocker=knocker,
                     bonus=bonus)


def _outcome(rules: Rules, went: ScoreKind, k: int, d: int) -> tuple[ScoreKind, str | None, int, int]:
    """How a hand laid out ends, from how the knocker went out and the two deadwood counts: its kind, the
    winner, the points before the multiplier, and the bonus among them."""
    if went == ScoreKind.BIG_GIN:
        return ScoreKind.BIG_GIN, "knocker", rules.big_gin_bonus + d, rules.big_gin_bonus
    if k == 0:
        return ScoreKind.GIN, "knocker", rules.gin_bonus + d, rules.gin_bonus
    if d < k or (d == k and rules.undercut_on_tie):
        return ScoreKind.UNDERCUT, "defender", k - d + rules.undercut_bonus, rules.undercut_bonus
    if d == k:
        return ScoreKind.TIE, None, 0, 0
    return ScoreKind.KNOCK, "knocker", d - k, 0


def knocker_points(rules: Rules, *, out: ScoreKind | str, knocker_deadwood: int, defender_deadwood: int,
                   upcard: Card | None = None) -> int:
    """:func:`knocker_net` of the score :func:`settle` gives, from the two deadwood counts alone (after the
    lay-offs): what the knocker scores, negative when the defender does.

    >>> knocker_points(Rules(), out="knock", knocker_deadwood=5, defender_deadwood=3)
    -12
    """
    _, winner, points, _ = _outcome(rules, ScoreKind.parse(out), knocker_deadwood, defender_deadwood)
    points *= rules.score_multiplier(upcard)
    return points if winner == "knocker" else -points if winner == "defender" else 0


def kept_after_layoffs(defender_cards: CardsLike, knocker_melds: Iterable[CardsLike]) -> tuple[tuple[Card, ...], ...]:
    """Every set of cards the defender may keep after laying off on ``knocker_melds`` (chains included),
    laying off nothing first: the least deadwood of any of them is his best reply's (:func:`best_layoffs`).

    >>> [len(kept) for kept in kept_after_layoffs("8H 9H KC QC 2D 3S 4C 5C 6C JS", ["8C 8D 8S", "5H 6H 7H"])]
    [10, 9, 8, 9]
    """
    melds = [parse_cards(m) for m in knocker_melds]
    return tuple(tuple(left) for _, left in _layoff_choices(parse_cards(defender_cards), melds))


def score_hand(knocker_cards: CardsLike, defender_cards: CardsLike, rules: Rules = Rules(), *,
               knocker_melds: Iterable[CardsLike] | None = None, upcard: CardsLike | None = None) -> HandScore:
    """Score a knock: the knocker's 10 cards after his knock discard (11 for big
    gin) against the defender's 10.

    The knocker's layout is ``knocker_melds`` when given, else the engine's (least
    deadwood, then worst for the defender); the defender takes his best melds and
    lay-offs. ``upcard`` (the hand's first upcard) is needed under Oklahoma.

    >>> score_hand("2H 3H 4H 5S 6S 7S 9C 9D 9H 9S", "8C 8D 8S 4C 4D 4S 5H 2C 2D AS").points
    35
    """
    if not isinstance(rules, Rules):
        raise GinError(f"rules must be a Rules object, not {rules!r}")
    knocker = parse_cards(knocker_cards)
    defender = parse_cards(defender_cards)
    if len(defender) != 10:
        raise GinError(t("the defender holds 10 cards, not {count}", count=len(defender)))
    overlap = set(knocker) & set(defender)
    if overlap:
        raise GinError(t("{card} is in both hands", card=min(overlap)))
    upcard_card = rules.require_upcard(upcard) if upcard is not None or rules.oklahoma else None
    limit = rules.knock_limit_for(upcard_card)
    if len(knocker) == 11:
        if not rules.big_gin:
            raise IllegalActionError(t("big gin (going out with all 11 cards) is not allowed under these rules"))
        out = ScoreKind.BIG_GIN
    elif len(knocker) == 10:
        out = ScoreKind.KNOCK
    else:
        raise GinError(t("the knocker holds 10 cards after his knock discard (11 for big gin), not {count}",
                         count=len(knocker)))

    if knocker_melds is not None:
        melds, knocker_dead = check_melds(knocker_melds, knocker)
    else:
        layout = knocker_layouts(knocker, defender)[0]
        melds, knocker_dead = layout.melds, layout.deadwood
    k = sum(c.value for c in knocker_dead)
    if out == ScoreKind.BIG_GIN and k:
        raise IllegalActionError(t("big gin needs all 11 cards in melds; {cards} are not", cards=knocker_dead))
    if k > limit:
        raise IllegalActionError(_over_limit(k, limit))
    reply = defender_reply(defender, melds, layoffs=k > 0)
    return settle(rules, out=out, knocker_melds=melds, knocker_dead=knocker_dead,
                  defender_melds=reply.melds, layoffs=reply.layoffs, defender_dead=reply.deadwood,
                  upcard=upcard_card)


def knocker_net(score: HandScore) -> int:
    """The knocker's points from a hand's score: what he scores, negative when
    the defender scores (an undercut), 0 for a tie."""
    if score.winner == "knocker":
        return score.points
    return -score.points if score.winner == "defender" else 0


@dataclass(frozen=True, slots=True)
class ScoredLayout:
    """One layout of the knocker's cards, the defender's best reply to it and the hand's score."""

    layout: Arrangement
    reply: DefenderReply
    score: HandScore

    @property
    def net(self) -> int:
        """The knocker's points (see :func:`knocker_net`)."""
        return knocker_net(self.score)


def every_knock_layout(knocker_cards: CardsLike, defender_cards: CardsLike, rules: Rules = Rules(), *,
                       upcard: CardsLike | None = None) -> tuple[ScoredLayout, ...]:
    """Every layout of the knocker's ten cards (after his knock discard) within the
    knock limit (:func:`~gintrainer.engine.melds.all_arrangements`: a meld may be given up
    or broken), each scored against the defender's best lay-offs and melds; the best
    for the knocker first, then the least deadwood, then the fixed order.

    >>> best = every_knock_layout("5C 6C 7C 8C 9C AH 2H 3H 4H 3S", "3C 4C TC JC QC TD 5H 6H 7H JH")[0]
    >>> str(best.layout), best.net
    ('A♥ 2♥ 3♥ 4♥ · 6♣ 7♣ 8♣ 9♣ | 3♠ 5♣ (8)', 19)
    """
    knocker = parse_cards(knocker_cards)
    defender = parse_cards(defender_cards)
    if len(knocker) != 10 or len(defender) != 10:
        raise GinError("a knock is laid out from the knocker's 10 cards against the defender's 10")
    overlap = set(knocker) & set(defender)
    if overlap:
        raise GinError(t("{card} is in both hands", card=min(overlap)))
    upcard_card = rules.require_upcard(upcard) if upcard is not None or rules.oklahoma else None
    scored = []
    for layout in all_arrangements(knocker, rules.knock_limit_for(upcard_card)):
        reply = defender_reply(defender, layout.melds, layoffs=layout.points > 0)
        score = settle(rules, out=ScoreKind.KNOCK, knocker_melds=layout.melds, knocker_dead=layout.deadwood,
                       defender_melds=reply.melds, layoffs=reply.layoffs, defender_dead=reply.deadwood,
                       upcard=upcard_card)
        scored.append(ScoredLayout(layout, reply, score))
    order = {id(s): i for i, s in enumerate(scored)}
    return tuple(sorted(scored, key=lambda s: (-s.net, order[id(s)])))


def _over_limit(points: int, limit: int) -> str:
    if limit == 0:
        return t("cannot go out with {points} deadwood: only gin (no deadwood) may go out here", points=points)
    return t("cannot knock with {points} deadwood: the knock limit is {limit}", points=points, limit=limit)
