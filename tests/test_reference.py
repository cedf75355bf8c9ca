"""The glossary and the quick reference: every example hand says what the engine says
of it, and every number comes from the rules in force."""

import re

import pytest

from gintrainer.engine.cards import Card, parse_cards, show_cards
from gintrainer.engine.melds import all_best_arrangements, best_arrangement, meld_kind, min_deadwood
from gintrainer.engine.rules import PRESETS, Rules
from gintrainer.engine.scoring import best_layoffs, layoff_targets
from gintrainer.material.deals import in_discard
from gintrainer.material.reference import (
    GLOSSARY,
    QUICK_EXAMPLE,
    QUICK_MELDS,
    QUICK_VALUES,
    glossary,
    glossary_html,
    quick_reference_html,
    quick_reference_sections,
)


def _chain_holds(cards):
    """The first three cards are a run; each later card is a lay-off on the run as extended
    so far, and the last one only because of the one before it."""
    cards = parse_cards(cards)
    meld = list(cards[:3])
    for card in cards[3:]:
        if layoff_targets(card, [meld]) != [0]:
            return False
        meld.append(card)
    return meld_kind(cards[:3]) == "run" and layoff_targets(cards[-1], [cards[:3]]) == []


def _layout_choice_matters(cards):
    layouts = all_best_arrangements(cards)
    defender = parse_cards("TH JH 5C 4D")
    return len(layouts) > 1 and len({best_layoffs(defender, a.melds).points for a in layouts}) > 1


# What each glossary example must be, asked of the engine.
EXAMPLE_CHECKS = {
    "Ace": lambda cards: meld_kind(cards) == "run" and min(c.rank for c in parse_cards(cards)) == 1,
    "Card values": lambda cards: [c.value for c in parse_cards(cards)] == [1, 7, 10],
    "Chained lay-off": _chain_holds,
    "Gin": lambda cards: len(parse_cards(cards)) == 10 and min_deadwood(cards) == 0,
    "Layout": _layout_choice_matters,
    "Run": lambda cards: meld_kind(cards) == "run",
    "Set": lambda cards: meld_kind(cards) == "set",
}


def test_every_glossary_example_is_checked_by_the_engine():
    examples = {term: example for term, _, example in GLOSSARY if example}
    assert set(examples) == set(EXAMPLE_CHECKS)
    for term, example in examples.items():
        assert EXAMPLE_CHECKS[term](example), f"the glossary's example for {term!r} is wrong: {example}"


def test_cards_quoted_in_a_definition_are_its_example():
    for term, definition, example in GLOSSARY:
        quoted = re.findall(r"(?:10|[2-9AJQK])[♣♦♥♠]", definition)
        if quoted:
            cards = parse_cards(example)
            assert term == "Chained lay-off" and definition.endswith(
                f"after {cards[3]} on {show_cards(cards[:3])}, the {cards[4]} may follow."), term


def test_the_gin_example_is_gin():
    example = dict((term, example) for term, _, example in GLOSSARY)["Gin"]
    assert best_arrangement(example).points == 0 and len(parse_cards(example)) == 10


def test_the_values_the_glossary_names_are_the_engines():
    text = dict((term, text) for term, text, _ in glossary())["Card values"]
    ace, picture = Card.parse("AH").value, Card.parse("KD").value
    assert text == f"Ace {ace}, two to ten their number, jack, queen and king {picture}."


def test_quick_reference_examples_are_checked_by_the_engine():
    for cards, kind, caption in QUICK_MELDS:
        assert meld_kind(cards) == kind and caption in quick_reference_html()
    page = quick_reference_html()
    values = [c.value for c in parse_cards(QUICK_VALUES[0][0])]
    assert values == [c.rank for c in parse_cards(QUICK_VALUES[0][0])] and "ace 1 · two to ten" in page
    assert {c.value for c in parse_cards(QUICK_VALUES[1][0])} == {10} and "jack, queen, king: 10" in page
    arrangement = best_arrangement(QUICK_EXAMPLE)
    assert f"{arrangement} — deadwood {arrangement.points}" in quick_reference_html()


ODD = Rules(knock_limit=7, gin_bonus=21, big_gin_bonus=33, undercut_bonus=12, undercut_on_tie=False,
            dead_stock_cards=3, next_dealer="loser", target=150, game_bonus=120, box_bonus=20, shutout_multiplier=3)


def test_glossary_numbers_come_from_the_rules():
    for _, template, _ in GLOSSARY:
        words = re.sub(r"[AKQ2-9]-[AKQ2-9]-[AKQ2-9]|\b11 cards|(10|[2-9AJQK])[♣♦♥♠]", "", template)
        assert not re.search(r"\d", words), template
    text = " ".join(re.sub(r"(10|[2-9AJQK])[♣♦♥♠]", "", definition) for term, definition, _ in glossary(ODD)
                    if term != "Card values")
    for number in (7, 21, 33, 12, 3, 150, 120, 20):
        assert re.search(rf"\b{number}\b", text), number
    standard = " ".join(definition for _, definition, _ in glossary())
    assert "equal to or lower than" in standard and "equal to" not in text and "loser of a hand deals" in text
    assert "(31)" not in text  # the standard big gin bonus; 31 is also the stock after the deal
    for number in (10, 25, 100):  # the standard rules' numbers
        assert not re.search(rf"\b{number}\b", text), number
    assert "31 cards at the start" in standard
    assert "21" in glossary_html(ODD) and "(25)" in glossary_html()


def test_quick_reference_numbers_come_from_the_rules():
    text = " ".join(html for _, html in quick_reference_sections(ODD))
    for number in (7, 21, 33, 12, 3, 150, 120, 20):
        assert re.search(rf"\b{number}\b", text), number
    assert "Undercut (defender &lt; knocker)" in text or "Undercut (defender < knocker)" in text
    assert "The loser of a hand deals" in text


@pytest.mark.parametrize("term, must", [
    ("Dead hand", "may not take that discard"),
    ("Gin", "cannot be undercut"),
    ("Hollywood", "ends, and takes its bonuses, on its own"),
    ("Layout", "the knocker chooses"),
])
def test_the_glossary_teaches_the_rules_the_lessons_rely_on(term, must):
    assert must in dict((t, d) for t, d, _ in glossary())[term]


def test_big_gin_in_the_glossary_is_eleven_melded_cards():
    hand = in_discard("AC 2C 3C 4C 7H 7S 7D JS QS KS", "TS", "2D 3D 5D 6D 8D 9D TD JD QD KD",
                      rules=Rules(big_gin=True))
    assert hand.is_legal("big-gin") and len(hand.held(hand.to_act)) == 11
    assert "all 11 cards form melds" in dict((t, d) for t, d, _ in glossary())["Big gin"]
    assert PRESETS["standard"].big_gin_bonus == 31
