"""Seeded property tests: the meld solver and the defender's reply against brute force.

The reference (``brute.py``) shares no code with gintrainer; both index cards
the same way (``suit * 13 + rank - 1``, suits C D H S), so an int means the same
card on both sides. Hands come from ``strategies.py``: uniformly random ones and
meld-rich ones (sets, runs, near misses, shared cards, four of a kind, long
runs, aces and kings at run ends).
"""

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

import brute
import strategies
from gintrainer import (
    DECK,
    GinError,
    Hand,
    MeldKind,
    Phase,
    all_best_arrangements,
    best_arrangement,
    best_layoffs,
    meld_kind,
    min_deadwood,
    min_deadwood_batch,
    parse_cards,
)
from gintrainer.engine.cards import cards_mask
from gintrainer.engine.melds import best_meld_masks

SEED = 20240611


def to_cards(hand):
    return tuple(DECK[i] for i in hand)


def to_ints(cards):
    return tuple(c.index for c in cards)


def show(hand) -> str:
    return brute.names(hand)


def report(failures, limit: int = 5) -> str:
    return f"{len(failures)} failures, e.g.:\n" + "\n".join(str(f) for f in failures[:limit])


# One fixed collection of hands shared by the comparisons below.
_RNG = random.Random(SEED)
RICH = strategies.hands(_RNG, 3000, sizes=(10, 11), rich=1.0)
UNIFORM = strategies.hands(_RNG, 2000, sizes=(10, 11), rich=0.0)
SMALL = strategies.hands(_RNG, 600, sizes=tuple(range(0, 10)), rich=0.5)


def test_generators_are_meld_rich_and_varied():
    """The meld-rich set really is rich: gin hands, hands with three sets'
    worth of ranks, runs to the ace and to the king, a card shared by a set and a run."""
    gin = sum(brute.brute_min_deadwood(h) == 0 for h in RICH[:500])
    assert 30 <= gin <= 400
    three_triples = sum(sum(1 for r in range(13) if sum((s * 13 + r) in h for s in range(4)) >= 3) == 3
                        for h in RICH)
    assert three_triples >= 100
    ace_runs = sum(any(set(brute.cards(f"A{s} 2{s} 3{s}")) <= set(h) for s in "CDHS") for h in RICH)
    king_runs = sum(any(set(brute.cards(f"J{s} Q{s} K{s}")) <= set(h) for s in "CDHS") for h in RICH)
    assert ace_runs >= 100 and king_runs >= 100
    shared = 0
    for hand in RICH[:1000]:
        melds = brute.all_melds(hand)
        in_sets = set().union(*(m for m in melds if brute.is_set(m)))
        in_runs = set().union(*(m for m in melds if brute.is_run(m)))
        shared += bool(in_sets & in_runs)
    assert shared >= 150
    assert len(set(map(frozenset, RICH))) > 2900


def test_min_deadwood_matches_brute_force():
    failures = []
    for hand in RICH + UNIFORM + SMALL:
        expected = brute.brute_min_deadwood(hand)
        got = min_deadwood(to_cards(hand))
        if got != expected:
            failures.append((show(hand), got, expected))
    assert not failures, report(failures)


def test_min_deadwood_is_the_same_from_its_memory_of_hands_with_sets_and_the_memory_stays_bounded(monkeypatch):
    """The least deadwood of a hand with a set, found once, is remembered (the players meet the same hands
    again): read back it is the brute force's, and the memory is emptied before it passes its bound."""
    from gintrainer.engine import melds
    monkeypatch.setattr(melds, "_WITH_SETS", {})
    monkeypatch.setattr(melds, "_WITH_SETS_MOST", 150)
    rich = [hand for hand in RICH if melds._many_of_a_kind(*(melds.cards_mask(to_cards(hand)) >> (13 * s)
                                                                & melds.SUIT_BITS for s in range(4)))][:400]
    assert len(rich) == 400
    for _ in range(2):  # found, then remembered
        failures = [(show(hand), got, want) for hand in rich
                    if (got := min_deadwood(to_cards(hand))) != (want := brute.brute_min_deadwood(hand))]
        assert not failures, report(failures)
        assert 0 < len(melds._WITH_SETS) <= 150


def test_min_deadwood_ignores_card_order_and_takes_text():
    rng = random.Random(SEED + 1)
    for hand in RICH[:300]:
        shuffled = rng.sample(hand, len(hand))
        text = " ".join(brute.name(c) for c in shuffled)
        assert min_deadwood(text) == min_deadwood(to_cards(hand)) == min_deadwood(to_cards(shuffled))


def check_arrangement(arrangement, hand, expected_points):
    """Problems with an arrangement of ``hand`` (a list of strings; empty if fine)."""
    problems = []
    melds = [to_ints(m) for m in arrangement.melds]
    dead = to_ints(arrangement.deadwood)
    for meld in melds:
        if not brute.is_meld(meld):
            problems.append(f"not a meld: {show(meld)}")
    laid = [c for m in melds for c in m] + list(dead)
    if len(laid) != len(set(laid)):
        problems.append("a card is used twice")
    if sorted(laid) != sorted(hand):
        problems.append(f"cards differ: {show(laid)} vs {show(hand)}")
    if arrangement.points != brute.points(dead):
        problems.append(f"points {arrangement.points} but the deadwood counts {brute.points(dead)}")
    if arrangement.points != expected_points:
        problems.append(f"points {arrangement.points}, the least is {expected_points}")
    return problems


def test_best_arrangement_is_valid_and_optimal():
    failures = []
    for hand in RICH[:1500] + UNIFORM[:800] + SMALL[:300]:
        expected = brute.brute_min_deadwood(hand)
        arrangement = best_arrangement(to_cards(hand))
        problems = check_arrangement(arrangement, hand, expected)
        if arrangement.is_gin != (expected == 0):
            problems.append("is_gin is wrong")
        if problems:
            failures.append((show(hand), str(arrangement), problems))
    assert not failures, report(failures)


def _key(arrangement):
    return (frozenset(frozenset(to_ints(m)) for m in arrangement.melds), frozenset(to_ints(arrangement.deadwood)))


def test_all_best_arrangements_are_optimal_distinct_and_cover_every_optimum():
    failures = []
    hands = RICH[1500:] + UNIFORM[800:1400] + SMALL[300:]
    for hand in hands:
        expected = brute.brute_min_deadwood(hand)
        found = all_best_arrangements(to_cards(hand))
        problems = []
        if not found:
            problems.append("no arrangement")
        for arrangement in found:
            problems += check_arrangement(arrangement, hand, expected)
        keys = [_key(a) for a in found]
        if len(set(keys)) != len(keys):
            problems.append("an arrangement is listed twice")
        if found and found[0] != best_arrangement(to_cards(hand)):
            problems.append("the first is not best_arrangement")
        engine_dead = {k[1] for k in keys}
        brute_dead = brute.brute_all_best_deadwood_sets(hand)
        missing = brute_dead - engine_dead
        if missing:
            problems.append("optimal deadwood sets not listed: " + "; ".join(show(d) for d in missing))
        if engine_dead - brute_dead:
            problems.append("listed deadwood sets that are not optimal")
        if problems:
            failures.append((show(hand), problems))
    assert not failures, report(failures)


def test_best_meld_masks_are_the_melds_of_every_best_arrangement():
    """The evaluator's playouts take a knocker's melds as masks (:func:`best_meld_masks`): for each hand, the
    melds of each of :func:`all_best_arrangements`, each meld's cards one mask."""
    several = 0
    for hand in RICH + UNIFORM + SMALL:
        cards = to_cards(hand)
        expected = [sorted(cards_mask(meld) for meld in a.melds) for a in all_best_arrangements(cards)]
        found = best_meld_masks(cards_mask(cards))
        assert sorted(sorted(melds) for melds in found) == sorted(expected), show(hand)
        several += len(found) > 1
    assert several >= 50


def test_some_hands_have_several_best_arrangements():
    """The tie listing is exercised: many hands have more than one optimum."""
    several = sum(len(all_best_arrangements(to_cards(h))) > 1 for h in RICH[1500:])
    assert several >= 50


@given(strategies.any_hands(0, 11))
@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
def test_hypothesis_min_deadwood_and_arrangement(hand):
    expected = brute.brute_min_deadwood(hand)
    assert min_deadwood(to_cards(hand)) == expected
    assert not check_arrangement(best_arrangement(to_cards(hand)), hand, expected)
    if hand:
        assert min_deadwood_batch(np.array([hand])).tolist() == [expected]


def test_known_implementations_differ_eleven_card_case():
    """RULES.md: 3S 5S 6S 2C 3D 4D 5D 6D 4H 5H 6H, discarding 6S leaves 10 (a legal knock)."""
    eleven = "3S 5S 6S 2C 3D 4D 5D 6D 4H 5H 6H"
    ten = "3S 5S 2C 3D 4D 5D 6D 4H 5H 6H"
    assert min_deadwood(ten) == 10 == brute.brute_min_deadwood(brute.cards(ten))
    best_discard = min(min_deadwood([c for c in parse_cards(eleven) if c is not d]) for d in parse_cards(eleven))
    assert best_discard == 10
    assert min_deadwood_batch(np.array([to_ints(parse_cards(ten))])).tolist() == [10]
    # In play: the non-dealer holds ten of the cards and takes the upcard 6H; knocking 6S is legal.
    non_dealer = parse_cards("3S 5S 6S 2C 3D 4D 5D 6D 4H 5H")
    dealer = parse_cards("KC KD QC QD JC JD 9C 9D 8C 8D")
    top = [c for pair in zip(non_dealer, dealer, strict=True) for c in pair] + list(parse_cards("6H"))
    hand = Hand.deal(dealer=1, deck=top + [c for c in DECK if c not in set(top)])
    hand.apply("take")
    assert "knock 6S" in [str(a) for a in hand.legal_actions()]
    hand.apply("knock 6S")
    hand.apply("auto")
    assert hand.phase == Phase.DEFENDER_LAYOUT
    hand.apply("auto")
    assert hand.result.knocker_deadwood == 10


def test_meld_kind_names_a_set_or_a_run_as_brute_force_does():
    """On small random and meld-rich groups, ``meld_kind`` is a set, a run or
    None exactly when the reference says so; its members write "set" and "run"."""
    rng = random.Random(SEED + 9)
    seen = set()
    for group in strategies.hands(rng, 3000, sizes=(2, 3, 4, 5), rich=0.8):
        expected = MeldKind.SET if brute.is_set(group) else MeldKind.RUN if brute.is_run(group) else None
        assert meld_kind(to_cards(group)) is expected, show(group)
        seen.add(expected)
    assert seen == {MeldKind.SET, MeldKind.RUN, None}
    assert [str(kind) for kind in MeldKind] == ["set", "run"]


# -- the vectorised solver ---------------------------------------------------------------

def test_batch_matches_scalar_on_100k_random_hands_of_every_size():
    rng = np.random.default_rng(SEED)
    failures = []
    for k in range(1, 12):
        n = 9091
        hands = np.argsort(rng.random((n, 52)), axis=1)[:, :k]
        got = min_deadwood_batch(hands)
        assert got.shape == (n,)
        expected = [min_deadwood(to_cards(row)) for row in hands.tolist()]
        bad = np.nonzero(got != np.array(expected))[0]
        failures += [(k, show(hands[i].tolist()), int(got[i]), expected[i]) for i in bad[:3]]
    assert not failures, report(failures)


def test_batch_matches_brute_force_on_meld_rich_hands():
    """Rich hands reach the set-choice paths (one, two and three ranks held three or four times)."""
    failures = []
    groups_seen = set()
    for size in range(3, 12):
        hands = [h for h in RICH + SMALL if len(h) == size]
        if not hands:
            continue
        got = min_deadwood_batch(np.array(hands, dtype=np.int64)).tolist()
        for hand, value in zip(hands, got, strict=True):
            expected = brute.brute_min_deadwood(hand)
            groups_seen.add(sum(1 for r in range(13) if sum((s * 13 + r) in hand for s in range(4)) >= 3))
            if value != expected:
                failures.append((show(hand), value, expected))
    assert {0, 1, 2, 3} <= groups_seen
    assert not failures, report(failures)


def test_batch_gives_the_same_on_any_integer_dtype_and_row_order():
    hands = np.array([h for h in RICH if len(h) == 11][:500])
    expected = min_deadwood_batch(hands)
    for dtype in (np.int8, np.uint8, np.int16, np.int32, np.uint64):
        assert np.array_equal(min_deadwood_batch(hands.astype(dtype)), expected)
    assert np.array_equal(min_deadwood_batch(hands[::-1]), expected[::-1])
    assert np.array_equal(min_deadwood_batch(hands[:, ::-1]), expected)
    assert min_deadwood_batch(hands.tolist()).tolist() == expected.tolist()


def test_batch_rejects_bad_input_with_gin_errors():
    for bad in ([[0, 0, 1]], [[52, 1, 2]], [[-1, 1, 2]], np.zeros((2, 12), dtype=int), [1, 2, 3],
                [[0.5, 1, 2]]):
        with pytest.raises(GinError):
            min_deadwood_batch(bad)


def test_batch_matches_openspiel_on_ten_card_hands():
    pyspiel = pytest.importorskip("pyspiel")
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    rng = random.Random(SEED + 2)
    hands = strategies.hands(rng, 20000, sizes=(10,), rich=0.5)
    ours = min_deadwood_batch(np.array(hands)).tolist()
    failures = []
    for hand, value in zip(hands, ours, strict=True):
        theirs = utils.min_deadwood(list(hand))
        if theirs != value:
            failures.append((show(hand), value, theirs))
    assert not failures, report(failures)


# -- the defender's reply ---------------------------------------------------------------

def check_reply(reply, defender, knocker_melds):
    """Problems with a DefenderReply: lay-offs legal in the order given, own melds
    valid, every card accounted for once, points the sum of the deadwood."""
    problems = []
    table = [set(m) for m in knocker_melds]
    for layoff in reply.layoffs:
        if not 0 <= layoff.meld < len(table):
            problems.append(f"lay-off on meld {layoff.meld}")
            continue
        grown = table[layoff.meld] | {layoff.card.index}
        if not brute.is_meld(grown) or layoff.card.index in table[layoff.meld]:
            problems.append(f"{layoff.card} does not extend {show(table[layoff.meld])}")
        table[layoff.meld] = grown
    melds = [to_ints(m) for m in reply.melds]
    for meld in melds:
        if not brute.is_meld(meld):
            problems.append(f"own meld {show(meld)} is not a meld")
    used = ([c for m in melds for c in m] + [layoff.card.index for layoff in reply.layoffs]
            + list(to_ints(reply.deadwood)))
    if sorted(used) != sorted(defender):
        problems.append(f"cards differ: {show(used)} vs {show(defender)}")
    if reply.points != brute.points(to_ints(reply.deadwood)):
        problems.append("points are not the deadwood's count")
    return problems


LAYOFF_POSITIONS = [strategies.layoff_position(random.Random(SEED + 3 + i)) for i in range(2000)]


def test_layoff_positions_are_well_formed_and_varied():
    for defender, melds in LAYOFF_POSITIONS:
        table = [c for m in melds for c in m]
        assert len(defender) == 10 and len(set(defender) | set(table)) == 10 + len(table)
        assert all(brute.is_meld(m) for m in melds)
    shared = sum(1 for d, melds in LAYOFF_POSITIONS
                 if any(brute.is_set(m) for m in melds) and any(brute.is_run(m) for m in melds)
                 and any(brute.is_meld(set(s) | {c}) and brute.is_meld(set(r) | {c})
                         for c in d for s in melds for r in melds if s is not r))
    assert shared >= 100, "too few positions with a card that fits a set and a run"


def test_best_layoffs_matches_brute_force_reply():
    failures = []
    improved = 0
    for defender, melds in LAYOFF_POSITIONS:
        expected = brute.brute_defender_reply(defender, melds)
        reply = best_layoffs(to_cards(defender), [to_cards(m) for m in melds])
        problems = check_reply(reply, defender, melds)
        if reply.points != expected:
            problems.append(f"points {reply.points}, the best reply leaves {expected}")
        improved += bool(reply.layoffs)
        if problems:
            failures.append((show(defender), [show(m) for m in melds], problems))
    assert not failures, report(failures)
    assert improved >= 500


@pytest.mark.parametrize("defender, melds, expected", [
    # RULES.md: 8H goes on 5H 6H 7H (then 9H after it), not on the set of eights.
    ("8H 9H KC QC 2D 3S 4C 5C 6C JS", ["8C 8D 8S", "5H 6H 7H"], 35),
    # The chain ruling: 6H 7H 8H takes 9H, then 10H; and at the low end 5H then 4H.
    ("9H TH 4H 5H KC QS JD 2C 3D 7C", ["6H 7H 8H"], 42),
    # A set of three takes its fourth card.
    ("7S 2C 3C 4C 9D TD KH KS AD 2S", ["7C 7D 7H"], 42),
    # 4H kept in the defender's own set beats laying off 4H and 3H.
    ("3H 4H 4S 4D 9C KD QS 2C 6D 7S", ["5H 6H 7H"], 47),
    # Lay-offs at both ends of one run and on a set, all at once.
    ("2D 6D 7D KD 9S 9H AC 3C 5C 8C", ["3D 4D 5D", "KC KH KS"], 35),
])
def test_named_layoff_positions(defender, melds, expected):
    d = brute.cards(defender)
    m = [brute.cards(x) for x in melds]
    assert brute.brute_defender_reply(d, m) == expected
    reply = best_layoffs(defender, melds)
    assert reply.points == expected
    assert not check_reply(reply, d, m)


@given(strategies.layoff_positions())
@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow])
def test_hypothesis_best_layoffs(position):
    defender, melds = position
    reply = best_layoffs(to_cards(defender), [to_cards(m) for m in melds])
    assert not check_reply(reply, defender, melds)
    assert reply.points == brute.brute_defender_reply(defender, melds)


def test_masks_min_deadwood_keeps_the_shape_and_matches_the_brute_force():
    """Hands of 0 to 11 cards as masks in a (4, 25) array, with repeats: each
    value is the brute-force least deadwood of its hand."""
    from gintrainer.engine.melds import masks_min_deadwood
    rng = np.random.default_rng(SEED)
    hands = [tuple(sorted(rng.choice(52, size=int(rng.integers(0, 12)), replace=False).tolist())) for _ in range(60)]
    picks = rng.integers(0, len(hands), size=(4, 25))
    masks = np.array([[sum(1 << i for i in hands[k]) for k in row] for row in picks], dtype=np.uint64)
    values = masks_min_deadwood(masks)
    assert values.shape == (4, 25)
    expected = {k: brute.brute_min_deadwood(hands[k]) for k in set(picks.reshape(-1).tolist())}
    assert values.tolist() == [[expected[k] for k in row] for row in picks.tolist()]
