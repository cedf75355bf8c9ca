"""The knock-layout solver (:func:`gintrainer.engine.scoring.every_knock_layout`) against a
slow, obvious definition built on tests/brute.py: every partition of the knocker's
ten cards into melds and deadwood within the knock limit, each scored against every
lay-off and meld of the defender."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brute import arrangements, brute_defender_reply, brute_min_deadwood, is_run, points, rank, suit
from gintrainer import GinError, Rules
from gintrainer.engine.cards import Card
from gintrainer.engine.melds import min_deadwood
from gintrainer.engine.scoring import every_knock_layout, score_hand
from strategies import _cards_that_fit, _knocker_melds, meld_rich_hand, piece_overlap, random_hand


def merged(melds):
    """A layout's melds with touching runs of one suit joined (the same cards, the same lay-offs)."""
    melds = [set(m) for m in melds]
    joined = True
    while joined:
        joined = False
        for a in melds:
            for b in melds:
                if a is not b and is_run(a) and is_run(b) and suit(min(a)) == suit(min(b)) and \
                        (max(rank(c) for c in a) + 1 == min(rank(c) for c in b)):
                    a |= b
                    melds.remove(b)
                    joined = True
                    break
            if joined:
                break
    return frozenset(frozenset(m) for m in melds)


def slow_layouts(knocker, defender, rules=Rules()):
    """Every layout within the knock limit (touching runs joined): its knocker's points."""
    limit = rules.knock_limit_for()
    found = {}
    for melds, dead in arrangements(knocker):
        k = points(dead)
        if k > limit:
            continue
        if k == 0:
            net = rules.gin_bonus + brute_min_deadwood(defender)
        else:
            d = brute_defender_reply(defender, melds)
            undercut = d < k or (d == k and rules.undercut_on_tie)
            net = -(k - d + rules.undercut_bonus) if undercut else d - k
        key = (merged(melds), frozenset(dead))
        assert found.get(key, net) == net
        found[key] = net
    return found


def engine_layouts(knocker, defender, rules=Rules()):
    scored = every_knock_layout([Card.from_index(c) for c in knocker], [Card.from_index(c) for c in defender], rules)
    found = {}
    for s in scored:
        key = (frozenset(frozenset(c.index for c in m) for m in s.layout.melds),
               frozenset(c.index for c in s.layout.deadwood))
        assert key not in found, "a layout listed twice"
        found[key] = s.net
    nets = [s.net for s in scored]
    assert nets == sorted(nets, reverse=True)
    return found


def knock_hand(rng):
    """Ten cards within the knock limit: melds, then low cards (sometimes meld-rich or random ones)."""
    while True:
        roll = rng.random()
        if roll < 0.6:
            melds, used = _knocker_melds(rng)
            hand = list(used)
            low = [c for c in range(52) if c not in hand and (c % 13) < 6]
            while len(hand) < 10:
                hand.append(rng.choice([c for c in low if c not in hand]))
            hand = hand[:10] if len(hand) > 10 else hand
        elif roll < 0.9:
            hand = list(meld_rich_hand(rng, 10))
        else:
            hand = list(random_hand(rng, 10))
        if len(set(hand)) == 10 and min_deadwood([Card.from_index(c) for c in hand]) <= 10:
            return tuple(hand)


def defender_hand(rng, knocker):
    """Ten other cards, biased to the cards that lay off on the knocker's melds."""
    from brute import all_melds
    fit = [c for c in _cards_that_fit([tuple(m) for m in all_melds(knocker)]) if c not in knocker]
    pieces = [c for c in fit if rng.random() < 0.5] + (piece_overlap(rng) if rng.random() < 0.4 else [])
    hand = []
    for c in pieces:
        if c not in knocker and c not in hand:
            hand.append(c)
    hand = rng.sample(hand, 10) if len(hand) > 10 else hand
    rest = [c for c in range(52) if c not in knocker and c not in hand]
    return tuple(hand + rng.sample(rest, 10 - len(hand)))


def check(knocker, defender, rules=Rules()):
    assert engine_layouts(knocker, defender, rules) == slow_layouts(knocker, defender, rules)


@pytest.mark.parametrize("seed", range(4))
def test_every_knock_layout_matches_the_slow_definition_on_meld_rich_positions(seed):
    """300 positions a seed (1,200 in all), the defender's cards biased to lay off."""
    rng = random.Random(f"knock-layout:{seed}")
    for _ in range(300):
        knocker = knock_hand(rng)
        check(knocker, defender_hand(rng, knocker))


def test_every_knock_layout_matches_the_slow_definition_with_a_random_defender():
    rng = random.Random("knock-layout:random")
    for _ in range(400):
        knocker = knock_hand(rng)
        rest = [c for c in range(52) if c not in knocker]
        check(knocker, tuple(rng.sample(rest, 10)))


def test_no_undercut_on_a_tie_and_a_lower_limit_are_followed():
    rng = random.Random("knock-layout:rules")
    for rules in (Rules(undercut_on_tie=False), Rules(knock_limit=5)):
        for _ in range(150):
            knocker = knock_hand(rng)
            check(knocker, defender_hand(rng, knocker), rules)


@settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_hypothesis_every_knock_layout_matches_the_slow_definition(rng):
    knocker = knock_hand(rng)
    check(knocker, defender_hand(rng, knocker))


def test_a_meld_given_up_can_score_more_than_the_least_deadwood():
    """The least-deadwood layout is not always the best: the best of every layout is found."""
    scored = every_knock_layout("5C 6C 7C 8C 9C AH 2H 3H 4H 3S", "3C 4C TC JC QC TD 5H 6H 7H JH")
    least = min(s.layout.points for s in scored)
    best = scored[0]
    assert best.layout.points > least
    assert best.net > max(s.net for s in scored if s.layout.points == least)


def test_each_layout_scores_as_score_hand_scores_it():
    scored = every_knock_layout("5C 6C 7C 8C 9C AH 2H 3H 4H 3S", "3C 4C TC JC QC TD 5H 6H 7H JH")
    for s in scored:
        hand = score_hand("5C 6C 7C 8C 9C AH 2H 3H 4H 3S", "3C 4C TC JC QC TD 5H 6H 7H JH",
                          knocker_melds=s.layout.melds)
        assert hand == s.score


def test_bad_hands_are_refused():
    with pytest.raises(GinError):
        every_knock_layout("2H 3H 4H", "6H 7H 8H 5H 9D TD JD KS QS KC")
    with pytest.raises(GinError):
        every_knock_layout("2H 3H 4H 5C 5D 5S AC AD AS 8C", "2H 7H 8H 5H 9D TD JD KS QS KC")
