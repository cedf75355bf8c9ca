"""Melds, deadwood and the exact arrangement solver.

Within one suit only runs can meld, and a card is in a run exactly when it sits
in some window of three consecutive cards of that suit; so the run deadwood of
a suit is a table over its 8,192 possible 13-bit masks. Sets interact with runs
only through the cards they take away, and a hand of at most 11 cards has at
most three ranks held three or four times. The solver enumerates those few set
choices (for a rank held four times: no set, the four, or one of the four
threes) and adds the four suit-table lookups for what is left. That is exact,
and it vectorises over many hands at once (:func:`min_deadwood_batch`).

>>> best_arrangement("8C 8D 8H 4C 4D 4S 5H 2C 2D AS").points
10
>>> print(best_arrangement("8C 8D 8H 4C 4D 4S 5H 2C 2D AS"))
4♣ 4♦ 4♠ · 8♣ 8♦ 8♥ | A♠ 2♣ 2♦ 5♥ (10)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import TYPE_CHECKING, TypedDict

from ..words.errors import GinError
from ..words.language import N_, t, tc
from ..words.vocab import Vocabulary
from .cards import Card, CardsLike, cards_mask, format_cards, parse_cards, sort_by_rank

MAX_CARDS = 11
SUIT_BITS = 0x1FFF
_RANK_VALUES = tuple(min(r + 1, 10) for r in range(13))

if TYPE_CHECKING:  # numpy is imported when a batch is first solved, not with the engine: a page rarely needs it
    import numpy as np
    import numpy.typing as npt

    Masks = npt.NDArray[np.uint64]
    """52-bit hand masks, one per element."""
    Counts = npt.NDArray[np.int64]
    """Deadwood counts (or table entries), one per element."""


class MeldKind(Vocabulary, noun=N_("meld kind")):
    """What a meld is: a set (3 or 4 of a rank) or a run (3 or more in sequence in one suit)."""

    SET = "set"
    RUN = "run"


def _build_tables() -> tuple[list[int], list[int]]:
    points = [0] * (1 << 13)  # the value of a mask's cards, each mask from the one without its lowest card
    for mask in range(1, 1 << 13):
        low = mask & -mask
        points[mask] = points[mask ^ low] + _RANK_VALUES[low.bit_length() - 1]
    deadwood, melded = [], []
    for mask in range(1 << 13):
        starts = mask & (mask >> 1) & (mask >> 2)
        runs = (starts | (starts << 1) | (starts << 2)) & SUIT_BITS
        melded.append(runs)
        deadwood.append(points[mask & ~runs])
    return deadwood, melded


_TABLES = _build_tables()
RUN_DEADWOOD: list[int] = _TABLES[0]
"""Deadwood of one suit's 13-bit mask when only runs may meld."""
RUN_MELDED: list[int] = _TABLES[1]
"""The cards of one suit's 13-bit mask that runs meld."""


@cache
def _run_deadwood_array() -> Counts:
    """:data:`RUN_DEADWOOD` as a numpy array, for the batch solver."""
    import numpy as np
    return np.array(RUN_DEADWOOD, dtype=np.int64)


# Set choices for a rank, by the 4-bit pattern of suits that hold it.
_SET_OPTIONS: list[tuple[int, ...]] = []
for _pattern in range(16):
    _count = bin(_pattern).count("1")
    if _count < 3:
        _SET_OPTIONS.append((0,))
    elif _count == 3:
        _SET_OPTIONS.append((0, _pattern))
    else:
        _SET_OPTIONS.append((0, 15, 14, 13, 11, 7))


def _many_of_a_kind(a: int, b: int, c: int, d: int) -> int:
    """Rank bits held in at least three of the four suits."""
    return (a & b & (c | d)) | (c & d & (a | b))


SetChoice = tuple[list[int], list[tuple[int, int]]]
"""The cards sets take, per suit (13-bit masks), and each set as (rank bit, pattern of suits)."""


def _set_choices(a: int, b: int, c: int, d: int) -> Iterator[SetChoice]:
    """Every choice of sets: tuples (removed per suit, ranks with their suit patterns)."""
    triples = _many_of_a_kind(a, b, c, d)
    ranks: list[tuple[int, tuple[int, ...]]] = []
    while triples:
        low = triples & -triples
        triples ^= low
        pattern = bool(a & low) | bool(b & low) << 1 | bool(c & low) << 2 | bool(d & low) << 3
        ranks.append((low, _SET_OPTIONS[pattern]))
    for choice in product(*(options for _, options in ranks)):
        removed = [0, 0, 0, 0]
        sets: list[tuple[int, int]] = []
        for (low, _), pattern in zip(ranks, choice, strict=True):
            if pattern:
                sets.append((low, pattern))
                for s in range(4):
                    if pattern >> s & 1:
                        removed[s] |= low
        yield removed, sets


_WITH_SETS: dict[tuple[int, int, int, int], int] = {}
"""The least deadwood of hands that hold a rank three or four times, by their suits' masks, as found: the
players and the evaluator meet the same hands again and again. Emptied when it holds :data:`_WITH_SETS_MOST`."""
_WITH_SETS_MOST = 1 << 16


def _min_deadwood_masks(a: int, b: int, c: int, d: int) -> int:
    table = RUN_DEADWOOD
    if not _many_of_a_kind(a, b, c, d):
        return table[a] + table[b] + table[c] + table[d]
    key = (a, b, c, d)
    known = _WITH_SETS.get(key)
    if known is not None:
        return known
    best = 1 << 30
    for removed, _ in _set_choices(a, b, c, d):
        points = (table[a ^ removed[0]] + table[b ^ removed[1]]
                  + table[c ^ removed[2]] + table[d ^ removed[3]])
        if points < best:
            best = points
    if len(_WITH_SETS) >= _WITH_SETS_MOST:
        _WITH_SETS.clear()
    _WITH_SETS[key] = best
    return best


def mask_min_deadwood(mask: int) -> int:
    """Minimum deadwood of the cards of a 52-bit mask (at most 11 cards, unchecked)."""
    return _min_deadwood_masks(mask & SUIT_BITS, (mask >> 13) & SUIT_BITS,
                               (mask >> 26) & SUIT_BITS, (mask >> 39) & SUIT_BITS)


def least_after_two_out(mask: int) -> dict[int, int]:
    """For each card of a 52-bit mask of at most 13 cards (unchecked), by its index: the
    least deadwood of the cards left when it and the best other card are taken out.

    >>> hand = parse_cards("AS 2S 3S 9H")
    >>> after = least_after_two_out(cards_mask(hand))
    >>> [after[card.index] for card in hand]  # 9H with 3S out leaves A-2 of spades: 3
    [5, 4, 3, 3]
    """
    table = RUN_DEADWOOD
    indices = [i for i in range(52) if mask >> i & 1]
    suits = [(mask >> (13 * s)) & SUIT_BITS for s in range(4)]
    best = [1 << 30] * len(indices)
    if not _many_of_a_kind(*suits):
        # no rank held three times: nor after taking two out, so each suit's runs alone decide;
        # taking two out changes one or two suits' entries in the sum
        total = sum(table[suit] for suit in suits)
        where = [(i // 13, 1 << (i % 13)) for i in indices]
        for first, (suit, bit) in enumerate(where):
            for second in range(first + 1, len(where)):
                other, other_bit = where[second]
                if other == suit:
                    points = total - table[suits[suit]] + table[suits[suit] ^ bit ^ other_bit]
                else:
                    points = (total - table[suits[suit]] - table[suits[other]]
                              + table[suits[suit] ^ bit] + table[suits[other] ^ other_bit])
                best[first] = min(best[first], points)
                best[second] = min(best[second], points)
    else:
        for first, card in enumerate(indices):
            for second in range(first + 1, len(indices)):
                points = mask_min_deadwood(mask & ~(1 << card) & ~(1 << indices[second]))
                best[first] = min(best[first], points)
                best[second] = min(best[second], points)
    return dict(zip(indices, best, strict=True))


def _hand_mask(cards: CardsLike) -> int:
    """The 52-bit mask of a hand of at most 11 cards (GinError naming the count otherwise)."""
    if not isinstance(cards, (str, Card)):
        try:
            items = tuple(cards)
        except TypeError:
            pass
        else:  # the common case, already cards: no parsing
            mask = 0
            for card in items:
                if type(card) is not Card:
                    break
                mask |= 1 << card.index
            else:
                if mask.bit_count() == len(items) <= MAX_CARDS:
                    return mask
    parsed = parse_cards(cards)
    if len(parsed) > MAX_CARDS:
        raise GinError(t("a hand has at most {most} cards to arrange, not {count}", most=MAX_CARDS, count=len(parsed)))
    return cards_mask(parsed)


def min_deadwood(cards: CardsLike) -> int:
    """The least deadwood count over every arrangement of 0 to 11 cards.

    >>> min_deadwood("3S 5S 2C 3D 4D 5D 6D 4H 5H 6H")
    10
    """
    return mask_min_deadwood(_hand_mask(cards))


class ArrangementRecord(TypedDict):
    """:meth:`Arrangement.to_dict`: cards in file form."""

    melds: list[str]
    deadwood: str
    points: int


def laid_out_cards(melds: Iterable[Sequence[Card]], deadwood: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of a layout: each meld's in order, then the deadwood."""
    return tuple(c for meld in melds for c in meld) + tuple(deadwood)


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Cards laid out in melds and deadwood.

    ``melds`` is a tuple of melds (each a tuple of cards: a run in rank order,
    a set in suit order), ``deadwood`` the unmelded cards by rank, ``points``
    their count. Runs are kept whole: a run of six is one meld.
    """

    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    points: int

    @property
    def cards(self) -> tuple[Card, ...]:
        return laid_out_cards(self.melds, self.deadwood)

    @property
    def is_gin(self) -> bool:
        return self.points == 0

    def __str__(self) -> str:
        melds = " · ".join(" ".join(str(c) for c in meld) for meld in self.melds)
        dead = " ".join(str(c) for c in self.deadwood)
        melds = melds or tc("arrangement", "(no melds)")
        dead = dead or tc("arrangement", "(no deadwood)")
        return f"{melds} | {dead} ({self.points})"

    def to_dict(self) -> ArrangementRecord:
        return {"melds": [format_cards(m) for m in self.melds],
                "deadwood": format_cards(self.deadwood), "points": self.points}


def _runs_of(suit: int, mask: int) -> list[tuple[Card, ...]]:
    melded = RUN_MELDED[mask]
    runs = []
    run: list[Card] = []
    for bit in range(14):
        if melded >> bit & 1:
            run.append(Card.from_index(suit * 13 + bit))
        elif run:
            runs.append(tuple(run))
            run = []
    return runs


def _arrangement(mask: int, removed: list[int], sets: list[tuple[int, int]]) -> Arrangement:
    melds: list[tuple[Card, ...]] = []
    for low, pattern in sets:
        rank_bit = low.bit_length() - 1
        melds.append(tuple(Card.from_index(s * 13 + rank_bit) for s in range(4) if pattern >> s & 1))
    dead: list[Card] = []
    points = 0
    for s in range(4):
        left = ((mask >> (13 * s)) & SUIT_BITS) ^ removed[s]
        melds.extend(_runs_of(s, left))
        loose = left & ~RUN_MELDED[left]
        points += RUN_DEADWOOD[left]
        while loose:
            low = loose & -loose
            loose ^= low
            dead.append(Card.from_index(s * 13 + low.bit_length() - 1))
    melds.sort(key=lambda m: (m[0].rank, m[0].index, len(m)))
    return Arrangement(tuple(melds), sort_by_rank(dead), points)


def _arrangement_key(arrangement: Arrangement) -> tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...]]:
    return (arrangement.points, tuple(c.index for c in arrangement.deadwood),
            tuple(tuple(c.index for c in m) for m in arrangement.melds))


def all_best_arrangements(cards: CardsLike) -> tuple[Arrangement, ...]:
    """Every arrangement of least deadwood, in a fixed order (the first is :func:`best_arrangement`).

    Arrangements differ in which cards form sets; runs are kept whole.

    >>> for a in all_best_arrangements("7S 7H 7D 5S 6S 8S"): print(a)
    5♠ 6♠ 7♠ 8♠ | 7♦ 7♥ (14)
    """
    mask = _hand_mask(cards)
    return tuple(sorted((_arrangement(mask, r, s) for r, s in _best_set_choices(mask)), key=_arrangement_key))


def _best_set_choices(mask: int) -> list[SetChoice]:
    """The choices of sets that leave the hand ``mask`` its least deadwood (its runs the rest)."""
    a, b, c, d = (mask >> (13 * s) & SUIT_BITS for s in range(4))
    found: list[SetChoice] = []
    best = 1 << 30
    for removed, sets in _set_choices(a, b, c, d):
        points = (RUN_DEADWOOD[a ^ removed[0]] + RUN_DEADWOOD[b ^ removed[1]]
                  + RUN_DEADWOOD[c ^ removed[2]] + RUN_DEADWOOD[d ^ removed[3]])
        if points < best:
            best, found = points, [(removed, sets)]
        elif points == best:
            found.append((removed, sets))
    return found


def best_meld_masks(mask: int) -> tuple[tuple[int, ...], ...]:
    """The melds of each least-deadwood arrangement of the hand ``mask`` (52-bit), as
    :func:`all_best_arrangements` finds them (runs kept whole), each meld the mask of its cards: for the
    evaluator's playouts, which score many knocks and need no cards made.

    >>> best_meld_masks(_hand_mask("7S 7H 7D 5S 6S 8S")) == ((cards_mask(parse_cards("5S 6S 7S 8S")),),)
    True
    """
    out = []
    for removed, sets in _best_set_choices(mask):
        melds = [sum(low << 13 * s for s in range(4) if pattern >> s & 1) for low, pattern in sets]
        for s in range(4):
            melded = RUN_MELDED[(mask >> (13 * s) & SUIT_BITS) ^ removed[s]]
            while melded:
                run = melded & ~(melded + (melded & -melded))  # the run of bits from the lowest one up
                melds.append(run << 13 * s)
                melded ^= run
        out.append(tuple(melds))
    return tuple(out)


def best_arrangement(cards: CardsLike) -> Arrangement:
    """An arrangement of 0 to 11 cards with the least deadwood (ties broken in a fixed order)."""
    return all_best_arrangements(cards)[0]


def every_meld(cards: CardsLike) -> tuple[tuple[Card, ...], ...]:
    """Every meld among the cards: each set of three or four, each run of three or more.

    >>> len(every_meld("5H 6H 7H 8H 8C 8D"))
    4
    """
    held = set(parse_cards(cards))
    melds: list[tuple[Card, ...]] = []
    for rank in range(1, 14):
        same = [c for c in sorted(held) if c.rank == rank]
        if len(same) >= 3:
            melds += [tuple(same)] if len(same) == 3 else [tuple(same)] + [
                tuple(c for c in same if c is not out) for out in same]
    for suit in "CDHS":
        for low in range(1, 12):
            run: list[Card] = []
            for rank in range(low, 14):
                card = Card(rank, suit)
                if card not in held:
                    break
                run.append(card)
                if len(run) >= 3:
                    melds.append(tuple(run))
    return tuple(melds)


def _touching_runs(melds: tuple[tuple[Card, ...], ...]) -> bool:
    """Whether two runs of the layout touch (one run split in two, the same layout as the whole run)."""
    ends = {(m[0].suit, m[0].rank) for m in melds if meld_kind(m) == MeldKind.RUN}
    return any((m[-1].suit, m[-1].rank + 1) in ends for m in melds if meld_kind(m) == MeldKind.RUN)


def all_arrangements(cards: CardsLike, most: int | None = None) -> tuple[Arrangement, ...]:
    """Every way to lay out the cards in melds and deadwood (with at most ``most``
    deadwood when given), least deadwood first, then the fixed order of
    :func:`all_best_arrangements`. A meld may be left out, or broken, leaving its
    cards deadwood; a run is never split into two runs that touch (the same
    cards, laid out as one run, are the same layout).

    >>> [str(a) for a in all_arrangements("5H 6H 7H 8H KS", most=20)]
    ['5♥ 6♥ 7♥ 8♥ | K♠ (10)', '6♥ 7♥ 8♥ | 5♥ K♠ (15)', '5♥ 6♥ 7♥ | 8♥ K♠ (18)']
    """
    hand = sort_by_rank(parse_cards(cards))
    if len(hand) > MAX_CARDS:
        raise GinError(t("a hand has at most {most} cards to arrange, not {count}", most=MAX_CARDS, count=len(hand)))
    melds = every_meld(hand)
    limit = 10 * len(hand) if most is None else most
    found: list[Arrangement] = []

    def lay(left: tuple[Card, ...], chosen: tuple[tuple[Card, ...], ...], dead: tuple[Card, ...], points: int) -> None:
        if points > limit:
            return
        if not left:
            if not _touching_runs(chosen):
                ordered = tuple(sorted((order_meld(m) for m in chosen), key=lambda m: (m[0].rank, m[0].index, len(m))))
                found.append(Arrangement(ordered, sort_by_rank(dead), points))
            return
        low, rest = left[0], left[1:]
        lay(rest, chosen, dead + (low,), points + low.value)
        for meld in melds:
            if low in meld and all(c in rest for c in meld if c is not low):
                lay(tuple(c for c in rest if c not in meld), chosen + (meld,), dead, points)

    lay(hand, (), (), 0)
    return tuple(sorted(found, key=_arrangement_key))


def min_deadwood_batch(indices: npt.ArrayLike) -> Counts:
    """Least deadwood of many hands at once.

    ``indices`` is an array of shape ``(n, k)`` of card indices (0..51), one hand
    per row, ``k`` from 1 to 11, no card twice in a row. Returns ``n`` ints.

    >>> min_deadwood_batch([[0, 1, 2, 4], [12, 25, 38, 51]]).tolist()
    [5, 0]
    """
    import numpy as np
    try:
        array = np.asarray(indices)
    except (TypeError, ValueError) as error:
        raise GinError(f"min_deadwood_batch needs an (n, k) array of card indices: {error}") from None
    if array.ndim != 2:
        raise GinError(f"min_deadwood_batch needs an (n, k) array of card indices, not shape {array.shape}")
    n, k = array.shape
    if not 1 <= k <= MAX_CARDS:
        raise GinError(f"min_deadwood_batch takes hands of 1 to {MAX_CARDS} cards, not {k}")
    if n == 0:
        return np.zeros(0, dtype=np.int64)
    if array.dtype.kind not in "iu":
        if array.dtype.kind == "f" and np.array_equal(array, np.floor(array)):
            array = array.astype(np.int64)
        else:
            raise GinError(f"card indices must be integers, not {array.dtype}")
    if array.min() < 0 or array.max() > 51:
        row = int(np.nonzero((array < 0).any(axis=1) | (array > 51).any(axis=1))[0][0])
        raise GinError(f"card indices must be 0 to 51: row {row} is {array[row].tolist()}")
    hands = np.bitwise_or.reduce(np.left_shift(np.uint64(1), array.astype(np.uint64)), axis=1)
    counts = np.bitwise_count(hands)
    if (counts != k).any():
        row = int(np.nonzero(counts != k)[0][0])
        raise GinError(f"a card appears twice in row {row}: {array[row].tolist()}")
    return _batch_masks(hands)


def masks_min_deadwood(masks: Masks) -> Counts:
    """Least deadwood of hand masks (uint64, any shape, each of at most 11
    cards), same shape; each distinct hand is solved once."""
    import numpy as np
    distinct, where = np.unique(masks.reshape(-1), return_inverse=True)
    return _batch_masks(distinct)[where].reshape(masks.shape)


def _batch_masks(hands: Masks) -> Counts:
    """Least deadwood of 52-bit hand masks (uint64 array), each of at most 11 cards."""
    import numpy as np
    bits = np.uint64(SUIT_BITS)
    suits = [((hands >> np.uint64(13 * s)) & bits).astype(np.intp) for s in range(4)]
    table = _run_deadwood_array()
    a, b, c, d = suits
    result = table[a] + table[b] + table[c] + table[d]
    triples = (a & b & (c | d)) | (c & d & (a | b))
    how_many = np.bitwise_count(triples)
    for group in (1, 2, 3):
        rows = np.nonzero(how_many == group)[0]
        if rows.size:
            result[rows] = _batch_with_sets([s[rows] for s in suits], triples[rows], group)
    return result


# The six set choices for a rank, as removal patterns over the suits held:
# none, all, or all but one suit. Choices not open to a rank held only three
# times become "none" again, which leaves the minimum unchanged.
_DROP_ONE = (0b1110, 0b1101, 0b1011, 0b0111)


def _batch_with_sets(suits: list[npt.NDArray[np.intp]], triples: npt.NDArray[np.intp], group: int) -> Counts:
    import numpy as np
    a, b, c, d = suits
    m = triples.shape[0]
    removal = [np.zeros((m,) + (1,) * group, dtype=np.intp) for _ in range(4)]
    left = triples.copy()
    for slot in range(group):
        low = left & -left
        left = left ^ low
        pattern = ((a & low) > 0) | ((b & low) > 0) << 1 | ((c & low) > 0) << 2 | ((d & low) > 0) << 3
        options = np.zeros((m, 6), dtype=np.intp)
        options[:, 1] = pattern
        full = pattern == 15
        options[:, 2:] = np.where(full[:, None], np.array(_DROP_ONE)[None, :], 0)
        shape = [m] + [1] * group
        shape[slot + 1] = 6
        for s in range(4):
            removal[s] = removal[s] + (((options >> s) & 1) * low[:, None]).reshape(shape)
    table = _run_deadwood_array()
    total = (table[a.reshape((m,) + (1,) * group) ^ removal[0]]
             + table[b.reshape((m,) + (1,) * group) ^ removal[1]]
             + table[c.reshape((m,) + (1,) * group) ^ removal[2]]
             + table[d.reshape((m,) + (1,) * group) ^ removal[3]])
    best: Counts = total.reshape(m, -1).min(axis=1)  # numpy's stubs type a reduction along an axis as Any
    return best


def meld_kind(cards: CardsLike) -> MeldKind | None:
    """A set, a run, or None for cards that are not one meld.

    >>> meld_kind("AH 2H 3H"), meld_kind("QH KH AH"), meld_kind("7S 7H 7D 7C")
    (MeldKind.RUN, None, MeldKind.SET)
    """
    cards = parse_cards(cards)
    if len(cards) < 3:
        return None
    if len(cards) <= 4 and len({c.rank for c in cards}) == 1:
        return MeldKind.SET
    if len({c.suit for c in cards}) == 1:
        ranks = sorted(c.rank for c in cards)
        if ranks == list(range(ranks[0], ranks[0] + len(ranks))):
            return MeldKind.RUN
    return None


@dataclass(frozen=True, slots=True)
class NearMeld:
    """Two cards one card short of a meld of three: a pair (``kind`` set) or two
    cards of one suit one or two ranks apart (run); ``wanted`` is every card that
    would make the meld with them (the other suits of a pair's rank; a run's ends
    or its gap), by index."""

    cards: tuple[Card, Card]
    kind: MeldKind
    wanted: tuple[Card, ...]


def near_melds(cards: CardsLike) -> tuple[NearMeld, ...]:
    """Every two of ``cards`` that one more card would make a meld of three, each
    pair of cards once (by index).

    >>> [(str(n.kind), format_cards(n.cards), format_cards(n.wanted)) for n in near_melds("7S 8S 7H KD")]
    [('set', '7H 7S', '7C 7D'), ('run', '7S 8S', '6S 9S')]
    """
    held = sorted(parse_cards(cards), key=lambda c: c.index)
    found = []
    for i, a in enumerate(held):
        for b in held[i + 1:]:
            if a.rank == b.rank:
                kind = MeldKind.SET
                wanted = [Card(a.rank, suit) for suit in "CDHS" if suit not in (a.suit, b.suit)]
            elif a.suit == b.suit and abs(a.rank - b.rank) <= 2:
                kind = MeldKind.RUN
                low, high = sorted((a.rank, b.rank))
                ranks = [low + 1] if high - low == 2 else [low - 1, high + 1]
                wanted = [Card(r, a.suit) for r in ranks if 1 <= r <= 13]
            else:
                continue
            found.append(NearMeld((a, b), kind, tuple(sorted(wanted, key=lambda c: c.index))))
    return tuple(found)


def is_meld(cards: CardsLike) -> bool:
    return meld_kind(cards) is not None


def order_meld(cards: CardsLike) -> tuple[Card, ...]:
    """A meld's cards in reading order: a run by rank, a set by suit."""
    cards = parse_cards(cards)
    return tuple(sorted(cards, key=lambda c: (c.rank, c.index)) if meld_kind(cards) == MeldKind.RUN
                 else sorted(cards, key=lambda c: c.index))
