"""The discard and knock solver against plain definitions."""

import random
import re
from fractions import Fraction

import pytest

from gintrainer import DECK, GinError, Rules, min_deadwood, parse_cards
from gintrainer.engine.solver import (
    Objective,
    discard_table,
    fraction_text,
    knock_options,
    naive_discard,
    parse_fraction,
    slow_expected_deadwood,
)

RULES_EXAMPLE = "3S 5S 6S 2C 3D 4D 5D 6D 4H 5H 6H"


def meld_rich_hand(rng):
    cards = set()
    while len(cards) < 8:
        rank, suit = rng.randrange(1, 12), rng.choice("CDHS")
        if rng.random() < 0.5:
            cards.update(c for c in parse_cards(" ".join(f"{'A23456789TJQK'[rank + i - 1]}{suit}" for i in range(3))))
        else:
            cards.update(parse_cards(" ".join(f"{'A23456789TJQK'[rank - 1]}{s}" for s in rng.sample("CDHS", 3))))
    cards = list(cards)[:8]
    rest = [c for c in DECK if c not in cards]
    return cards + rng.sample(rest, 11 - len(cards))


def hands(n, seed):
    rng = random.Random(seed)
    for i in range(n):
        yield meld_rich_hand(rng) if i % 2 else rng.sample(DECK, 11)


def test_rules_example_discarding_six_of_spades_knocks_with_ten():
    table = discard_table(RULES_EXAMPLE, rules=Rules())
    row = table.row("6S")
    assert (row.deadwood, row.knocks, row.gin) == (10, True, False)
    assert [o.action() for o in knock_options(RULES_EXAMPLE)] == ["knock 6S"]


@pytest.mark.parametrize("seed", range(3))
def test_table_rows_follow_the_definitions(seed):
    rng = random.Random(seed)
    for hand in hands(12, seed):
        pile = tuple(rng.sample([c for c in DECK if c not in hand], 6))
        known = (next(c for c in DECK if c not in hand and c not in pile),)
        taken = rng.choice(hand)
        table = discard_table(hand, drawn=taken, drawn_from="discard", discard_pile=pile, opponent_known=known)
        assert sorted(r.card.index for r in table.rows) == sorted(c.index for c in hand if c is not taken)
        unseen = [c for c in DECK if c not in hand and c not in pile and c not in known]
        assert list(table.unseen) == unseen
        for row in table.rows:
            kept = [c for c in hand if c is not row.card]
            assert row.deadwood == min_deadwood(kept)
            assert row.knocks == (row.deadwood <= 10) and row.gin == (row.deadwood == 0)
            improving = [u for u in unseen
                         if min(min_deadwood([c for c in kept + [u] if c is not t]) for t in kept + [u]) < row.deadwood]
            assert list(row.outs) == improving
        for row in table.rows[:2]:
            kept = [c for c in hand if c is not row.card]
            assert row.expected_deadwood == slow_expected_deadwood(kept, unseen)
        keys = [r.key(Objective.LOOKAHEAD) for r in table.rows]
        assert keys == sorted(keys)


def test_an_objective_in_any_accepted_spelling_orders_the_table_by_that_objective():
    """Every spelling ``check_objective`` accepts means its objective, in the sort
    key, the order and the best rows alike; a word that is no objective is refused."""
    differ = 0
    for hand in hands(12, 5):
        table = discard_table(hand)
        by_deadwood = tuple(sorted(table.rows, key=lambda r: (r.deadwood, r.expected_deadwood, r.card.index)))
        for spelling in ("deadwood", "Deadwood", " DEADWOOD ", Objective.DEADWOOD):
            assert table.sorted(spelling) == by_deadwood
            assert [r.key(spelling) for r in table.rows] == [r.key(Objective.DEADWOOD) for r in table.rows]
            assert table.best(spelling) == tuple(r for r in by_deadwood if r.deadwood == by_deadwood[0].deadwood)
        assert table.sorted("Lookahead") == table.sorted(Objective.LOOKAHEAD) == table.rows
        differ += by_deadwood != table.rows
    assert differ >= 3  # the two objectives do order these tables differently
    with pytest.raises(GinError, match="unknown objective 'nonsense'"):
        table.rows[0].key("nonsense")
    with pytest.raises(GinError, match="unknown objective 'nonsense'"):
        table.best("nonsense")


def test_card_taken_from_the_pile_is_not_a_legal_discard():
    table = discard_table(RULES_EXAMPLE, drawn="6S", drawn_from="discard")
    assert "6S" not in [r.card.code() for r in table.rows]
    with pytest.raises(GinError, match="just taken"):
        table.row("6S")
    assert not table.can_knock
    assert knock_options(RULES_EXAMPLE, forbidden="6S") == ()


def test_oklahoma_limit_comes_from_the_upcard():
    table = discard_table(RULES_EXAMPLE, rules=Rules(oklahoma=True), upcard="9C")
    assert table.knock_limit == 9 and not table.row("6S").knocks
    table = discard_table(RULES_EXAMPLE, rules=Rules(oklahoma=True), upcard="KC")
    assert table.row("6S").knocks
    with pytest.raises(GinError, match="upcard"):
        discard_table(RULES_EXAMPLE, rules=Rules(oklahoma=True))


def test_gin_and_big_gin_are_marked():
    eleven = "TH JH QH KH 5S 6S 7S 9C 9D 9H 9S"
    options = knock_options(eleven, rules=Rules(big_gin=True))
    assert options[0].big_gin and options[0].action() == "big-gin"
    assert all(o.gin == (o.deadwood == 0) for o in options)
    assert {o.card.code() for o in options if o.gin and not o.big_gin} == {"TH", "KH", "9C", "9D", "9H", "9S"}
    assert discard_table(eleven, rules=Rules(big_gin=True)).big_gin
    assert not discard_table(eleven).big_gin
    assert any(r.gin for r in discard_table(eleven).rows)


@pytest.mark.parametrize("bad, message", [
    (dict(hand="7H 8H"), "11 cards"),
    (dict(hand=RULES_EXAMPLE, drawn="KC"), "not in the hand"),
    (dict(hand=RULES_EXAMPLE, drawn_from="pile"), "drawn_from"),
    (dict(hand=RULES_EXAMPLE, drawn_from="discard"), "must be named"),
    (dict(hand=RULES_EXAMPLE, discard_pile="6S"), "both in the hand"),
    (dict(hand=RULES_EXAMPLE, discard_pile="KC", opponent_known="KC"), "seen elsewhere"),
])
def test_bad_positions_are_refused(bad, message):
    hand = bad.pop("hand")
    with pytest.raises(GinError, match=message):
        discard_table(hand, **bad)


def test_naive_rule_and_its_tie_breaks():
    # deadwood K♣ K♦ Q♠ (all 10): higher rank first, then later suit (C D H S order)
    assert str(naive_discard("2H 3H 4H 5C 5D 5S 7S 8S 9S KC KD")) == "K♦"
    assert str(naive_discard("2H 3H 4H 5C 5D 5S 7S 8S 9S QS KC")) == "K♣"
    assert str(naive_discard(RULES_EXAMPLE)) in {str(c) for c in parse_cards("3S 2C 3D 4D 4H")}
    # no deadwood: the highest-value card
    assert naive_discard("TH JH QH KH 5S 6S 7S 9C 9D 9H 9S").value == 10


def test_fractions_round_trip_as_text():
    for value in (Fraction(345, 41), Fraction(7), Fraction(0)):
        assert parse_fraction(fraction_text(value)) == value
    with pytest.raises(GinError):
        parse_fraction("seven")


@pytest.mark.parametrize("bad", ["seven", "1/0", "", None, [7], float("inf"), float("-inf"), float("nan")])
def test_what_is_no_exact_number_is_refused_with_the_text_quoted(bad):
    """A bank file read back with ``Infinity`` (which JSON readers accept) or any
    other value that is no exact number gets the solver's error, never a crash."""
    with pytest.raises(GinError, match=f"not an exact number: {re.escape(repr(bad))}"):
        parse_fraction(bad)


def test_the_table_of_a_seat_s_view_uses_only_what_the_seat_sees():
    """discard_table_for: the same table whatever the cards the seat has not seen
    are, the opponent's known cards left out of the unseen ones, the Oklahoma upcard's
    limit; and no table for a seat that is not about to discard."""
    from decks import twin
    from gintrainer import Hand
    from gintrainer.engine.solver import discard_table_for
    from gintrainer.engine.view import SeatView
    deck = list(parse_cards("2C 9H 3C TH 4C JH 7H 4S 7S 8S 7D KD JS QD QS 5D 5S AC 9D 9C KH 3H"))
    rest = [c for c in DECK if c not in deck]
    hand = Hand.deal(Rules(oklahoma=True), dealer=0, deck=deck + rest)  # K♥ up: the limit is 10
    for action in ("take", "discard 9D", "take", "discard 9C", "draw"):
        hand.apply(action)
    view = SeatView.of(hand, 1)
    table = discard_table_for(view)
    assert table.knock_limit == 10 and parse_cards("9D")[0] not in table.unseen
    # the unseen: all but the hand, 9♣ on the pile and 9♦ kept by the opponent
    assert set(table.unseen) == set(view.unseen) and len(table.unseen) == 52 - 11 - 1 - 1
    rng = random.Random(5)
    for _ in range(5):
        other = twin(hand, 1, rng)
        assert other.held(0) != hand.held(0)
        assert discard_table_for(SeatView.of(other, 1)) == table
    with pytest.raises(GinError, match="not about to discard"):
        discard_table_for(SeatView.of(hand, 0))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_after_one_draw_same_in_python_and_in_numpy(seed):
    """The table's lookahead figures are the same solved card by card in Python (a page's
    kernel, numpy not imported) as in one numpy batch: meld-rich hands (sets, four of a
    kind), a forbidden discard and fewer unseen cards included."""
    from gintrainer.engine.solver import _after_one_draw_batch, _after_one_draw_python, _position
    rng = random.Random(seed)
    for hand in hands(60, seed):
        pile = rng.sample([c for c in DECK if c not in hand], rng.choice([0, 3, 12]))
        drawn, source = (rng.choice(hand), "discard") if rng.random() < 0.5 else (None, "stock")
        position = _position(hand, drawn, source, pile, (), None, None)
        discards = [c for c in position.cards if c is not position.forbidden]
        python = _after_one_draw_python(position.cards, discards, position.unseen)
        assert python == _after_one_draw_batch(position.cards, discards, position.unseen)
        assert len(python) == len(discards) and all(len(row) == len(position.unseen) for row in python)
