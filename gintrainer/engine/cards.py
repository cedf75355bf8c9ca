"""Cards and their notation.

A card is one of 52 interned values. Its index is ``suit_position * 13 + rank - 1``
with suits ordered clubs, diamonds, hearts, spades; the solver works on indices
and 52-bit masks, everything else on :class:`Card`.

>>> Card.parse("10♦")
Card.parse('TD')
>>> str(Card.parse("td")), Card.parse("td").value, Card.parse("td").index
('10♦', 10, 22)
>>> format_cards(parse_cards("7h, 10♦ KS"))
'7H TD KS'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import NoReturn, TypeAlias

from ..words.errors import InvalidNotationError, quoted
from ..words.language import N_, t, tc

SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))
RANK_LETTERS = "A23456789TJQK"
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_WORDS = (N_("ace"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"), N_("eight"),
              N_("nine"), N_("ten"), N_("jack"), N_("queen"), N_("king"))
RED_SUITS = frozenset("DH")

_RANK_FROM_TEXT = {letter: i + 1 for i, letter in enumerate(RANK_LETTERS)}
_RANK_FROM_TEXT["10"] = 10
_SUIT_FROM_TEXT = {letter: letter for letter in SUITS}
_SUIT_FROM_TEXT.update(zip(SUIT_SYMBOLS, SUITS, strict=True))
# Variation selectors and the outlined suit symbols people paste in.
_SUIT_FROM_TEXT.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})
_TOKEN_SPLIT = re.compile(r"[\s,;]+")


def card_value(rank: int) -> int:
    """Deadwood points of a rank: ace 1, two to ten their face value, pictures 10."""
    return rank if rank < 10 else 10


class Card:
    """An immutable playing card. Use :meth:`parse` or :meth:`from_index`.

    Cards are interned: ``Card(7, "H") is Card.parse("7H")``.
    """

    __slots__ = ("rank", "suit", "index", "value")
    _ALL: tuple[Card, ...] = ()

    rank: int
    suit: str
    index: int
    value: int

    def __new__(cls, rank: int, suit: str) -> Card:
        if isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= 13:
            raise InvalidNotationError(f"card rank must be an int from 1 (ace) to 13 (king), not {quoted(rank)}")
        if not isinstance(suit, str) or suit.upper() not in SUITS or len(suit) != 1:
            raise InvalidNotationError(f"card suit must be one of C D H S, not {quoted(suit)}")
        if cls._ALL:
            return cls._ALL[SUITS.index(suit.upper()) * 13 + rank - 1]
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", SUITS.index(suit) * 13 + rank - 1)
        object.__setattr__(card, "value", card_value(rank))
        return card

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[Callable[[int], Card], tuple[int]]:
        return (Card.from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with this index (0..51)."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < 52:
            try:
                as_int = int(index)  # numpy integers
            except (TypeError, ValueError, OverflowError):
                as_int = -1
            if as_int != index or isinstance(index, bool) or not 0 <= as_int < 52:
                raise InvalidNotationError(f"card index must be an int from 0 to 51, not {quoted(index)}")
            index = as_int
        return cls._ALL[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card: a rank ``A 2..9 T 10 J Q K`` then a suit ``C D H S`` or a symbol."""
        return parse_card(text)

    @property
    def suit_index(self) -> int:
        return self.index // 13

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def rank_name(self) -> str:
        return RANK_NAMES[self.rank - 1]

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self.index // 13]

    @property
    def name(self) -> str:
        """Words, for screen readers: ``"ten of diamonds"``, in the current language."""
        # Translators: a card's name read by screen readers: {rank} is a rank's word ("ten"), {suit} a suit's
        # ("diamonds").
        return tc("card name", "{rank} of {suit}", rank=t(RANK_WORDS[self.rank - 1]),
                  suit=t(SUIT_NAMES[self.index // 13]))

    def code(self) -> str:
        """The file form: ``7H``, ``TD``."""
        return RANK_LETTERS[self.rank - 1] + self.suit

    def __str__(self) -> str:
        return RANK_NAMES[self.rank - 1] + SUIT_SYMBOLS[self.index // 13]

    def __repr__(self) -> str:
        return f"Card.parse({self.code()!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index


Card._ALL = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))
DECK: tuple[Card, ...] = Card._ALL
"""The 52 cards in index order: clubs A..K, diamonds, hearts, spades."""

CardsLike: TypeAlias = str | Card | Iterable[str | Card]
"""What a caller may pass for cards: text, one card, or an iterable of either."""


def _ascii_upper(text: str) -> str:
    """``text`` with only the letters a to z upper-cased: card notation is ASCII, so
    a Turkish dotless ``ı`` or dotted ``İ`` stays itself (and is not a rank or a
    suit) instead of turning into ``I``, whatever the language or locale."""
    return text.translate(_ASCII_UPPER)


_ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def _malformed(text: str) -> InvalidNotationError:
    return InvalidNotationError(t("malformed card {text}: expected a rank then a suit, like '7H' or '10♦'",
                                  text=quoted(text)))


def parse_card(text: str | Card) -> Card:
    """Read one card token. Raises :class:`InvalidNotationError` naming the token."""
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise InvalidNotationError(f"a card must be given as text like '7H', not {quoted(text)}")
    token = text.strip().replace("\ufe0f", "").replace("\ufe0e", "")
    if len(token) < 2:
        raise _malformed(text)
    rank_text, suit_text = _ascii_upper(token[:-1]), token[-1]
    suit = _SUIT_FROM_TEXT.get(_ascii_upper(suit_text))
    rank = _RANK_FROM_TEXT.get(rank_text)
    if suit is None and rank is None:
        raise _malformed(text)
    if rank is None:
        raise InvalidNotationError(t("unknown rank {rank} in card {text}: use A 2-9 T (or 10) J Q K",
                                     rank=quoted(token[:-1]), text=quoted(text)))
    if suit is None:
        raise InvalidNotationError(t("unknown suit {suit} in card {text}: use C D H S or ♣ ♦ ♥ ♠",
                                     suit=quoted(suit_text), text=quoted(text)))
    return Card._ALL[SUITS.index(suit) * 13 + rank - 1]


def parse_cards(cards: CardsLike, *, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """Read cards from text (``"7h 10♦, Td KS"``), a Card, or an iterable of either.

    Returns a tuple in the order given. A duplicate card raises
    :class:`InvalidNotationError` naming it, unless ``allow_duplicates``.

    >>> parse_cards("7h 10♦ Qs")
    (Card.parse('7H'), Card.parse('TD'), Card.parse('QS'))
    >>> parse_cards("7h 7H")
    Traceback (most recent call last):
    ...
    gintrainer.words.errors.InvalidNotationError: duplicate card '7H' (7♥)
    """
    if isinstance(cards, Card):
        result: tuple[Card, ...] = (cards,)
        tokens: tuple[str | Card, ...] = (cards.code(),)
    elif isinstance(cards, str):
        tokens = tuple(t for t in _TOKEN_SPLIT.split(cards) if t)
        result = tuple(parse_card(t) for t in tokens)
    else:
        try:
            items = tuple(cards)
        except TypeError:
            raise InvalidNotationError(f"expected cards as text or a list of cards, not {quoted(cards)}") from None
        tokens = items
        result = tuple(parse_card(c) for c in items)
    if not allow_duplicates and len(set(result)) != len(result):
        seen: set[Card] = set()
        for token, card in zip(tokens, result, strict=True):
            if card in seen:
                shown = token if isinstance(token, str) else card.code()
                raise InvalidNotationError(t("duplicate card {token} ({card})", token=quoted(shown), card=card))
            seen.add(card)
    return result


def format_cards(cards: CardsLike) -> str:
    """The file form of cards, space-separated: ``"7H TD KS"``."""
    return " ".join(c.code() for c in parse_cards(cards, allow_duplicates=True))


def show_cards(cards: CardsLike) -> str:
    """The people form of cards, space-separated: ``"7♥ 10♦ K♠"``."""
    return " ".join(str(c) for c in parse_cards(cards, allow_duplicates=True))


def cards_mask(cards: Iterable[Card]) -> int:
    """A 52-bit int with bit ``card.index`` set for each card."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def mask_cards(mask: int) -> tuple[Card, ...]:
    """The cards of a 52-bit mask, in index order."""
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(Card._ALL[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def sort_by_suit(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Suit then rank (clubs first): the order runs are read in."""
    return tuple(sorted(cards, key=lambda c: c.index))


def sort_by_rank(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Rank then suit: the order sets are read in."""
    return tuple(sorted(cards, key=lambda c: (c.rank, c.index)))
