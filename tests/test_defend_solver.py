"""The defender's every best reply, checked against the slow reference of
``brute.py``: every subset of his cards laid off in every way the knocker's melds
take it (chains included, or not), with every collection of melds of the rest."""

import random

import pytest
from hypothesis import HealthCheck, given, settings

import brute
import strategies
from gintrainer import DECK, GinError, IllegalActionError, parse_cards
from gintrainer.engine.cards import cards_mask
from gintrainer.engine.melds import mask_min_deadwood
from gintrainer.engine.scoring import (
    Layoff,
    best_layoffs,
    best_replies,
    check_reply,
    kept_after_layoffs,
    kept_masks_after_layoffs,
    least_reply_deadwood,
    meld_ends,
)

SEED = 20261201


def to_cards(ints):
    return tuple(DECK[i] for i in ints)


def key(reply):
    return (frozenset((lo.card.index, lo.meld) for lo in reply.layoffs),
            frozenset(c.index for c in reply.deadwood))


def uniform_position(rng):
    """A knocker's 1 to 3 melds among random cards, and the defender's 10 random others."""
    melds = strategies._knocker_melds(rng)[0]
    table = {c for m in melds for c in m}
    return tuple(rng.sample([c for c in range(52) if c not in table], 10)), melds


_RNG = random.Random(SEED)
POSITIONS = ([strategies.layoff_position(_RNG) for _ in range(1500)]
             + [uniform_position(_RNG) for _ in range(1500)])


def compare(defender, melds):
    """What differs between the engine and the slow reference on one position."""
    problems = []
    cards, table = to_cards(defender), [to_cards(m) for m in melds]
    least, every = brute.brute_best_replies(defender, melds)
    replies = best_replies(cards, table)
    if {key(r) for r in replies} != every:
        problems.append(f"best replies differ: {len(replies)} against {len(every)}")
    if replies[0] != best_layoffs(cards, table) or any(r.points != least for r in replies):
        problems.append("the engine's reply is not first, or a reply is not least")
    for reply in replies:  # each one lays out legally (check_reply re-counts it)
        if check_reply(cards, table, reply.melds, reply.layoffs).points != least:
            problems.append(f"check_reply disagrees on {reply}")
    unchained, _ = brute.brute_best_replies(defender, melds, chains=False)
    if least_reply_deadwood(cards, table, chains=False) != unchained or least_reply_deadwood(cards, table) != least:
        problems.append("least deadwood (with or without chains) differs")
    return problems


def test_every_best_reply_matches_the_slow_reference():
    failures = [(brute.names(d), [brute.names(m) for m in ms], p) for d, ms in POSITIONS if (p := compare(d, ms))]
    assert not failures, failures[:5]
    # The positions are worth the name: many lay off, some several ways, some need a chain.
    assert sum(bool(best_layoffs(to_cards(d), [to_cards(m) for m in ms]).layoffs) for d, ms in POSITIONS) >= 800
    assert sum(len(best_replies(to_cards(d), [to_cards(m) for m in ms])) > 1 for d, ms in POSITIONS) >= 100
    assert sum(least_reply_deadwood(to_cards(d), [to_cards(m) for m in ms], chains=False)
               > least_reply_deadwood(to_cards(d), [to_cards(m) for m in ms]) for d, ms in POSITIONS) >= 50


def test_the_cards_kept_after_lay_offs_are_the_same_on_masks_and_the_least_is_the_best_reply_s():
    """The evaluator's playouts score knocks on masks (:func:`kept_masks_after_layoffs`): the same sets of cards
    kept, in the same order, as :func:`kept_after_layoffs` on cards, whose least deadwood is the best reply's."""
    laid_off = 0
    for defender, melds in POSITIONS:
        cards, table = to_cards(defender), [to_cards(m) for m in melds]
        masks = kept_masks_after_layoffs(cards_mask(cards), [meld_ends(m) for m in table])
        assert masks == [cards_mask(kept) for kept in kept_after_layoffs(cards, table)], (defender, melds)
        assert min(mask_min_deadwood(mask) for mask in masks) == least_reply_deadwood(cards, table)
        laid_off += len(masks) > 1
    assert laid_off >= 1500  # most positions have cards to lay off


@given(strategies.layoff_positions())
@settings(max_examples=300, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow])
def test_hypothesis_best_replies(position):
    defender, melds = position
    assert not compare(defender, melds)


def test_a_chain_of_lay_offs_is_accepted_in_any_order():
    nine, ten = parse_cards("9H TH")
    for order in ((nine, ten), (ten, nine)):
        reply = check_reply("9H TH KC QS JD 2C 3D 7C 4S 5D", ["6H 7H 8H"], [], [Layoff(c, 0) for c in order])
        assert reply.points == 51 and [lo.card for lo in reply.layoffs] == [nine, ten]


@pytest.mark.parametrize("melds, layoffs, words", [
    ([], [("TH", 0)], "does not extend"),                 # 10♥ without 9♥ first
    ([], [("9H", 1)], "one of the knocker's melds"),      # no meld 2
    ([], [("9H", 0), ("9H", 0)], "laid off twice"),
    (["9H TH JH"], [], "not in your hand"),
    (["9H TH KC"], [], "is not a meld"),
    ([], [("5H", 0)], "not a card you can lay off"),          # not in the hand
    ([], [("5D", 0)], "does not extend"),
])
def test_a_reply_the_rules_refuse_is_refused(melds, layoffs, words):
    with pytest.raises(GinError, match=words):
        check_reply("9H TH KC QS JD 2C 3D 7C 4S 5D", ["6H 7H 8H"], melds,
                    [Layoff(parse_cards(c)[0], m) for c, m in layoffs])


def test_a_card_on_one_meld_or_another_is_two_replies():
    replies = best_replies("8H KC QC 2D 3S 4C 5C 6C JS 9D", ["8C 8D 8S", "5H 6H 7H"])
    assert sorted(r.layoffs[0].meld for r in replies) == [0, 1] and {r.points for r in replies} == {44}
    assert issubclass(IllegalActionError, GinError)
