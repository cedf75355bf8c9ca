import pickle

import pytest

from gintrainer import DECK, Card, GinError, InvalidNotationError, format_cards, parse_card, parse_cards
from gintrainer.engine.cards import cards_mask, mask_cards, show_cards


def test_index_rank_suit_value():
    assert Card.parse("AC").index == 0
    assert Card.parse("KC").index == 12
    assert Card.parse("AD").index == 13
    assert Card.parse("KS").index == 51
    seven = Card.parse("7h")
    assert (seven.rank, seven.suit, seven.value, seven.index) == (7, "H", 7, 2 * 13 + 6)
    assert [Card.parse(t).value for t in ["AS", "2S", "9S", "TS", "JS", "QS", "KS"]] == [1, 2, 9, 10, 10, 10, 10]


def test_every_index_round_trips():
    for i in range(52):
        card = Card.from_index(i)
        assert card.index == i
        assert Card.parse(str(card)) is card
        assert Card.parse(card.code()) is card
        assert eval(repr(card)) is card
    assert tuple(Card.from_index(i) for i in range(52)) == DECK


def test_people_and_file_forms():
    assert str(Card.parse("Td")) == "10♦"
    assert str(Card.parse("7h")) == "7♥"
    assert Card.parse("10♦").code() == "TD"
    assert format_cards("7h 10♦, Td KS".replace("Td", "9c")) == "7H TD 9C KS"


@pytest.mark.parametrize("text", ["7h", "7H", "7♥", "10h", "10H", "Th", "tH", " 7h "])
def test_accepted_spellings(text):
    card = parse_card(text)
    assert card.suit == "H"


def test_parse_cards_separators_and_order():
    cards = parse_cards("7h,10♦  Td? ".replace("Td? ", "KS"))
    assert format_cards(cards) == "7H TD KS"
    assert parse_cards(["7h", Card.parse("KS")]) == (Card.parse("7H"), Card.parse("KS"))
    assert parse_cards(Card.parse("2c")) == (Card.parse("2C"),)
    assert parse_cards("") == ()


@pytest.mark.parametrize("text, fragment", [
    ("7h 7H", "'7H'"),
    ("1H", "'1'"),
    ("7X", "'X'"),
    ("11H", "'11'"),
    ("hello", "'hello'"),
    ("7", "'7'"),
    ("QH KH ZZ", "'ZZ'"),
])
def test_bad_notation_names_the_token(text, fragment):
    with pytest.raises(InvalidNotationError) as info:
        parse_cards(text)
    assert fragment in str(info.value)
    assert isinstance(info.value, GinError) and isinstance(info.value, ValueError)


def test_cards_are_immutable_and_interned():
    card = Card.parse("QS")
    with pytest.raises(AttributeError):
        card.rank = 3
    assert Card(12, "S") is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert len({Card.parse("QS"), Card(12, "S")}) == 1


def test_bad_constructor_values():
    for args in [(0, "S"), (14, "S"), (3, "X"), ("3", "S")]:
        with pytest.raises(InvalidNotationError):
            Card(*args)
    for index in (-1, 52, 3.5, "3"):
        with pytest.raises(InvalidNotationError):
            Card.from_index(index)


def test_masks_round_trip():
    cards = parse_cards("AC KS 7H TD")
    assert set(mask_cards(cards_mask(cards))) == set(cards)
    assert show_cards(cards) == "A♣ K♠ 7♥ 10♦"
