"""The take-or-draw solver against the plain definitions: taking the top of the
discard pile leaves the least deadwood of the best legal discard; drawing from
the stock leaves, on average over every unseen card, the least deadwood after
the best discard then."""

import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brute import brute_min_deadwood
from gintrainer import DECK, GinError, Rules, min_deadwood
from gintrainer.engine.cards import Card
from gintrainer.engine.solver import slow_expected_deadwood, take_or_draw
from strategies import meld_rich_hand, meld_rich_hands, random_hand, uniform_hands


def slow_take(hand, offered):
    """The least deadwood after taking ``offered`` and throwing a card of ``hand`` (never ``offered``)."""
    eleven = list(hand) + [offered]
    return min(min_deadwood([c for c in eleven if c is not throw]) for throw in hand)


def position(rng, hand):
    """A pile (bottom first) of 1 to 20 other cards and up to 3 known cards beside a 10-card hand."""
    rest = [c for c in DECK if c not in hand]
    rng.shuffle(rest)
    pile = rest[:rng.randrange(1, 21)]
    known = rest[len(pile):len(pile) + rng.choice((0, 0, 1, 3))]
    return pile, known


def check(hand, pile, known, rules=Rules()):
    choice = take_or_draw(hand, discard_pile=pile, opponent_known=known, rules=rules)
    offered = pile[-1]
    unseen = [c for c in DECK if c not in hand and c not in pile and c not in known]
    assert choice.offered is offered and list(choice.unseen) == unseen
    assert choice.take_expected == slow_take(hand, offered)
    assert choice.draw_expected == slow_expected_deadwood(hand, unseen)
    assert choice.discard is not offered and choice.discard in hand
    assert min_deadwood([c for c in list(hand) + [offered] if c is not choice.discard]) == choice.take_expected
    assert sorted(r.card.index for r in choice.take_rows) == sorted(c.index for c in hand)
    if choice.take_expected < choice.draw_expected:
        assert choice.choice == "take"
    elif choice.take_expected > choice.draw_expected:
        assert choice.choice == "draw"
    else:
        assert choice.choice is None
    assert choice.margin == abs(choice.take_expected - choice.draw_expected)
    return choice


def cards_of(indices):
    return [Card.from_index(i) for i in indices]


@pytest.mark.parametrize("seed", range(4))
def test_take_or_draw_matches_the_slow_definitions_on_random_and_meld_rich_positions(seed):
    """500 positions a seed (2,000 in all), half of them meld-rich."""
    rng = random.Random(f"take-or-draw:{seed}")
    choices = set()
    for i in range(500):
        hand = cards_of(meld_rich_hand(rng, 10) if i % 2 else random_hand(rng, 10))
        pile, known = position(rng, hand)
        choices.add(check(hand, pile, known).choice)
    assert choices == {"take", "draw"} or choices == {"take", "draw", None}


@settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(uniform_hands(10, 10), meld_rich_hands(10, 10)), st.randoms(use_true_random=False))
def test_hypothesis_take_or_draw_matches_the_slow_definitions(indices, rng):
    hand = cards_of(indices)
    pile, known = position(rng, hand)
    check(hand, pile, known)


def test_the_take_is_counted_by_a_brute_force_deadwood_too():
    """The take's number held against the brute-force count of tests/brute.py (every arrangement)."""
    rng = random.Random("brute")
    for _ in range(60):
        hand = cards_of(meld_rich_hand(rng, 10))
        pile, known = position(rng, hand)
        offered = pile[-1]
        eleven = [c.index for c in hand] + [offered.index]
        brute = min(brute_min_deadwood([c for c in eleven if c != throw.index]) for throw in hand)
        assert take_or_draw(hand, discard_pile=pile, opponent_known=known).take_expected == brute


def test_the_card_taken_may_not_go_back_even_when_throwing_it_would_be_best():
    """7♣ 7♦ 7♥ 8♠ 9♠ TS JS QS 2C 3D with K♥ offered: throwing the king back would leave 5;
    the best legal discard keeps it."""
    choice = take_or_draw("7C 7D 7H 8S 9S TS JS QS 2C 3D", discard_pile="4C KH")
    assert choice.take_expected == min_deadwood("7C 7D 7H 8S 9S TS JS QS 2C KH") == 12
    assert choice.discard is Card.parse("3D")
    assert choice.draw_expected < 5 + 1  # drawing keeps the 5 and may lower it


def test_no_unseen_cards_means_the_draw_keeps_the_deadwood_now():
    """With every other card seen there is nothing to draw: the expectation is the deadwood now."""
    hand = "AC 2C 3C 5D 6D 7D 9H TH JH KS"
    pile = [c for c in DECK if c not in set(Card.parse(x) for x in hand.split())]
    choice = take_or_draw(hand, discard_pile=pile)
    assert choice.unseen == () and choice.draw_expected == Fraction(min_deadwood(hand))


@pytest.mark.parametrize("hand, pile, words", [
    ("AC 2C 3C 5D 6D 7D 9H TH JH", "KS", "10 cards"), ("AC 2C 3C 5D 6D 7D 9H TH JH KS", "", "empty"),
    ("AC 2C 3C 5D 6D 7D 9H TH JH KS", "QS KS", "both in the hand")])
def test_bad_positions_are_refused(hand, pile, words):
    with pytest.raises(GinError, match=words):
        take_or_draw(hand, discard_pile=pile)
