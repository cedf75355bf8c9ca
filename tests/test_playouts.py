"""Seeded random playouts of Hand and Match, checking invariants after every action.

Both seats play random legal actions (``strategies.RandomPlayer``) over every
preset and variant. After each action: all 52 cards are accounted for once, the
phase and the seat to act agree, every legal action applies (on a copy), and
illegal actions raise a GinError and change nothing. Each finished hand must
replay from its record, and where both sides laid out with ``auto`` its result
must equal :func:`gintrainer.score_hand` and the brute-force reply.
"""

import json
import random

import pytest

import brute
import strategies
from gintrainer import (
    DECK,
    Action,
    ActionKind,
    GinError,
    Hand,
    IllegalActionError,
    Match,
    Phase,
    Rules,
    ScoreKind,
    min_deadwood,
    parse_cards,
    score_hand,
)
from gintrainer.engine.hand import LAYOUT_PHASES
from strategies import LayoutMode

SEED = 7_160_611
MAX_STEPS = 400

VARIANTS = {
    "plain": {},
    "oklahoma": {"oklahoma": True},
    "oklahoma_spades_double": {"oklahoma": True, "oklahoma_spades_double": True},
    "straight_gin": {"straight_gin": True},
    "big_gin": {"big_gin": True},
    "big_gin_straight": {"big_gin": True, "straight_gin": True},
    "undercut_on_tie_false": {"undercut_on_tie": False},
    "dead_stock_0": {"dead_stock_cards": 0},
    "dead_stock_5": {"dead_stock_cards": 5},
    "knock_limit_0": {"knock_limit": 0},
    "knock_limit_3": {"knock_limit": 3},
    "knock_limit_30": {"knock_limit": 30},
}
PRESET_NAMES = ("standard", "modern", "classic")
HANDS_PER_RULES = 50


def stacked(non_dealer, dealer, upcard):
    """A deck, top first, dealing these hands (one card at a time, non-dealer first) and upcard."""
    nd, d = parse_cards(non_dealer), parse_cards(dealer)
    top = [c for pair in zip(nd, d, strict=True) for c in pair] + list(parse_cards(upcard))
    return top + [c for c in DECK if c not in set(top)]


def ints(cards):
    return [c.index for c in cards]


# -- invariants ---------------------------------------------------------------------------

def check_cards(hand):
    cards = list(hand.held(0)) + list(hand.held(1)) + list(hand.stock) + list(hand.discard_pile)
    if hand.knock_card is not None:
        cards.append(hand.knock_card)
    assert len(cards) == 52, f"{len(cards)} cards accounted for"
    assert set(cards) == set(DECK), "a card is duplicated or lost"
    assert hand.stock_count == len(hand.stock)


def check_phase(hand):
    phase, seat = hand.phase, hand.to_act
    assert isinstance(phase, Phase)
    assert (seat is None) == (phase == Phase.OVER), (phase, seat)
    history = tuple(str(a) for _, a in hand.actions[:2])
    sizes = (len(hand.held(0)), len(hand.held(1)))
    if phase == Phase.UPCARD:
        assert history in ((), ("pass",)) and len(hand.actions) == len(history)
        assert seat == (hand.non_dealer if not history else hand.dealer)
        assert sizes == (10, 10) and hand.discard_pile == (hand.upcard,) and hand.stock_count == 31
    elif phase == Phase.DRAW:
        assert sizes == (10, 10)
        assert hand.stock_count > hand.rules.dead_stock_cards
        if history == ("pass", "pass") and len(hand.actions) == 2:
            assert seat == hand.non_dealer
            assert [str(a) for a in hand.legal_actions()] == ["draw"]
    elif phase == Phase.DISCARD:
        assert len(hand.held(seat)) == 11 and len(hand.held(1 - seat)) == 10
        assert hand.last_draw is not None and hand.last_draw[0] in hand.held(seat)
    elif phase in LAYOUT_PHASES:
        knocker = hand.knocker
        assert knocker in (0, 1)
        assert seat == (knocker if phase == Phase.KNOCKER_LAYOUT else 1 - knocker)
        assert len(hand.held(knocker)) == (11 if hand.out_kind == ScoreKind.BIG_GIN else 10)
        assert len(hand.held(1 - knocker)) == 10
        assert (hand.knock_card is None) == (hand.out_kind == ScoreKind.BIG_GIN)
    else:
        assert hand.result is not None
    if phase != Phase.OVER:
        assert hand.result is None


def expected_knock_limit(hand):
    rules = hand.rules
    if rules.straight_gin:
        return 0
    if rules.oklahoma:
        return 0 if hand.upcard.rank == 1 else min(hand.upcard.rank, 10)
    return rules.knock_limit


def check_discard_actions(hand, legal, rng):
    """Knock and gin actions are exactly the cards whose removal leaves deadwood
    within the limit (brute force, on a sample of positions)."""
    seat = hand.to_act
    held = hand.held(seat)
    taken = hand.taken_card
    texts = {str(a) for a in legal}
    limit = hand.knock_limit
    assert limit == expected_knock_limit(hand)
    assert all(a.card is not taken for a in legal if a.card is not None)
    if hand.rules.straight_gin:
        assert not any(a.kind == ActionKind.KNOCK for a in legal)
    assert ("big-gin" in texts) == (hand.rules.big_gin and min_deadwood(held) == 0)
    for card in held:
        assert (f"discard {card.code()}" in texts) == (card is not taken)
    if rng.random() < 0.03:
        for card in held:
            if card is taken:
                continue
            rest = brute.brute_min_deadwood([c.index for c in held if c is not card])
            kind = None if rest > limit else ActionKind.GIN if rest == 0 else ActionKind.KNOCK
            for other in (ActionKind.KNOCK, ActionKind.GIN):
                assert (f"{other} {card.code()}" in texts) == (kind == other), (card, rest, limit)


def illegal_probes(hand, rng):
    """Well-formed actions that are illegal now (each must raise IllegalActionError)."""
    probes = _probes_for_other_phases(hand, rng)
    if hand.phase == Phase.DISCARD:
        probes += _illegal_discards(hand)
    if hand.phase in LAYOUT_PHASES:
        probes += _illegal_layout_steps(hand, rng)
    if hand.phase == Phase.OVER:
        probes += [Action(ActionKind.DRAW), Action(ActionKind.DONE), Action(ActionKind.AUTO),
                   Action(ActionKind.DISCARD, rng.choice(DECK))]
    return probes


def _probes_for_other_phases(hand, rng):
    """Cards the player does not hold, and kinds of action the phase does not allow."""
    phase, seat = hand.phase, hand.to_act
    mine = set(hand.held(seat)) if seat is not None else set()
    not_mine = [c for c in DECK if c not in mine]
    probes = [Action(ActionKind.DISCARD, rng.choice(not_mine)), Action(ActionKind.KNOCK, rng.choice(not_mine))]
    if phase != Phase.UPCARD:
        probes.append(Action(ActionKind.PASS))
    if phase not in LAYOUT_PHASES:
        probes += [Action(ActionKind.DONE), Action(ActionKind.AUTO),
                   Action(ActionKind.MELD, cards=tuple(rng.sample(DECK, 3)))]
        probes.append(Action(ActionKind.LAYOFF, rng.choice(DECK), target=0))
    if phase not in (Phase.UPCARD, Phase.DRAW):
        probes += [Action(ActionKind.DRAW), Action(ActionKind.TAKE)]
    if phase == Phase.DRAW and hand.history[-2:] == ("pass", "pass"):
        probes.append(Action(ActionKind.TAKE))
    return probes


def _illegal_discards(hand):
    """Throwing back the card just taken, knocks over the limit, gins that are not."""
    held, taken = hand.held(hand.to_act), hand.taken_card
    probes = []
    if taken is not None:
        probes += [Action(kind, taken) for kind in (ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.GIN)]
    for card in held:
        rest = min_deadwood([c for c in held if c is not card])
        if rest > hand.knock_limit and card is not taken:
            probes.append(Action(ActionKind.KNOCK, card))
        if rest > 0 and card is not taken:
            probes.append(Action(ActionKind.GIN, card))
    if not (hand.rules.big_gin and min_deadwood(held) == 0):
        probes.append(Action(ActionKind.BIG_GIN))
    probes.append(Action(ActionKind.MELD, cards=held[:3]))
    return probes


def _illegal_layout_steps(hand, rng):
    """The other seat's cards, groups that are no meld, finishing too early, lay-offs that do not fit."""
    seat = hand.to_act
    other = hand.held(1 - seat)
    probes = [Action(ActionKind.MELD, cards=tuple(other[:3]))]
    unlaid = hand.unlaid(seat)
    for cards in [tuple(rng.sample(unlaid, 3))] if len(unlaid) >= 3 else []:
        if not brute.is_meld([c.index for c in cards]):
            probes.append(Action(ActionKind.MELD, cards=cards))
    legal = {str(a) for a in hand.legal_actions()}
    if "done" not in legal:
        probes.append(Action(ActionKind.DONE))
    if hand.phase == Phase.KNOCKER_LAYOUT:
        probes.append(Action(ActionKind.LAYOFF, rng.choice(hand.held(seat)), target=0))
    elif unlaid:
        probes += _illegal_layoffs(hand, rng, unlaid, legal)
    return probes


def _illegal_layoffs(hand, rng, unlaid, legal):
    """On a meld that is not there, against gin, or on a meld the card does not fit."""
    probes = [Action(ActionKind.LAYOFF, rng.choice(unlaid), target=len(hand.table_melds) + 3)]
    if hand.out_kind != ScoreKind.KNOCK:
        probes.append(Action(ActionKind.LAYOFF, rng.choice(unlaid), target=0))
    for card in unlaid:
        text = f"layoff {card.code()} on 1"
        if text not in legal and hand.out_kind == ScoreKind.KNOCK and hand.table_melds:
            probes.append(Action(ActionKind.LAYOFF, card, target=0))
            break
    return probes


GARBAGE = ("", "   ", "xyzzy", "discard", "discard 7", "knock ZZ", "meld", "meld 7H 7H 7D", "layoff 9H on 0",
           "layoff 9H on x", "gin 7H 8H", "take 7H", "pass pass", "10", "♥", "auto now")


def check_illegal_changes_nothing(hand, rng):
    before = hand.to_dict()
    before_legal = [str(a) for a in hand.legal_actions()]
    legal_texts = set(before_legal)
    for action in illegal_probes(hand, rng):
        if str(action) in legal_texts:
            continue
        assert not hand.is_legal(action), str(action)
        with pytest.raises(IllegalActionError):
            hand.apply(action if rng.random() < 0.5 else str(action))
    for text in rng.sample(GARBAGE, 4):
        with pytest.raises(GinError):
            hand.apply(text)
    assert hand.to_dict() == before
    assert [str(a) for a in hand.legal_actions()] == before_legal


def check_every_legal_action_applies(hand, legal):
    before = hand.to_dict()
    for action in legal:
        if action.kind != ActionKind.AUTO:  # see test_is_legal_accepts_auto_in_layout_phases
            assert hand.is_legal(action), str(action)
            assert hand.explain_illegal(action) is None
        trial = hand.copy()
        trial.apply(action)
        if action.kind != ActionKind.AUTO:
            assert trial.history[-1] == str(action) or action.kind in (ActionKind.KNOCK, ActionKind.GIN)
        check_cards(trial)
        check_phase(trial)
    assert hand.to_dict() == before, "applying on a copy changed the original"


def check_result(hand):
    result = hand.result
    rules = hand.rules
    assert ScoreKind.parse(result.kind) == result.kind
    if result.kind == ScoreKind.DEAD:
        assert result.winner is None and result.points == 0
        assert hand.stock_count == rules.dead_stock_cards
        assert hand.knocker is None
        return
    assert result.knocker == hand.knocker
    k, d = result.knocker_deadwood, result.defender_deadwood
    assert k == sum(c.value for c in result.knocker_deadwood_cards)
    assert d == sum(c.value for c in result.defender_deadwood_cards)
    assert k <= hand.knock_limit
    spade = rules.oklahoma and rules.oklahoma_spades_double and hand.upcard.suit == "S"
    mult = 2 if spade else 1
    assert result.multiplier == mult
    if result.kind == ScoreKind.BIG_GIN:
        assert rules.big_gin and k == 0 and not result.layoffs
        assert (result.winner, result.points) == ("knocker", (rules.big_gin_bonus + d) * mult)
    elif result.kind == ScoreKind.GIN:
        assert k == 0 and not result.layoffs
        assert (result.winner, result.points) == ("knocker", (rules.gin_bonus + d) * mult)
    elif result.kind == ScoreKind.KNOCK:
        assert 0 < k < d and (result.winner, result.points) == ("knocker", (d - k) * mult)
    elif result.kind == ScoreKind.UNDERCUT:
        assert k > 0 and (d < k or (d == k and rules.undercut_on_tie))
        assert (result.winner, result.points) == ("defender", (k - d + rules.undercut_bonus) * mult)
    else:
        assert not rules.undercut_on_tie and d == k > 0 and result.winner is None and result.points == 0
    assert result.winner_seat == (None if result.winner is None
                                  else hand.knocker if result.winner == "knocker" else 1 - hand.knocker)


def check_auto_layouts(hand, modes):
    """Where a side said ``auto`` first, its deadwood is the brute-force optimum
    (the knocker's least deadwood; the defender's best reply to the melds the
    knocker actually laid out); where both did, the result is score_hand's."""
    result = hand.result
    knocker = hand.knocker
    knocker_cards, defender_cards = hand.held(knocker), hand.held(1 - knocker)
    knocker_auto = modes.get(Phase.KNOCKER_LAYOUT) == LayoutMode.AUTO
    defender_auto = modes.get(Phase.DEFENDER_LAYOUT) == LayoutMode.AUTO
    if knocker_auto:
        assert result.knocker_deadwood == brute.brute_min_deadwood(ints(knocker_cards))
    if defender_auto:
        if result.kind in (ScoreKind.KNOCK, ScoreKind.UNDERCUT, ScoreKind.TIE):
            table = [ints(m) for m in hand.melds(knocker)]
            assert result.defender_deadwood == brute.brute_defender_reply(ints(defender_cards), table)
        else:
            assert result.defender_deadwood == brute.brute_min_deadwood(ints(defender_cards))
    if knocker_auto and defender_auto:
        scored = score_hand(knocker_cards, defender_cards, hand.rules, upcard=hand.upcard)
        for key in ("kind", "winner", "points", "knocker_deadwood", "defender_deadwood"):
            assert getattr(result, key) == getattr(scored, key), (key, getattr(result, key), getattr(scored, key))


def check_record(hand, snapshot):
    """The record replays to the same hand; so does a record from the middle."""
    data = hand.to_dict()
    data = json.loads(json.dumps(data))
    again = Hand.from_dict(data)
    assert again.to_dict() == hand.to_dict()
    assert again.history == hand.history
    assert (again.result is None) == (hand.result is None)
    if hand.result is not None:
        assert again.result.to_dict() == hand.result.to_dict()
    if snapshot is not None:
        steps, record = snapshot
        assert Hand.from_dict(record).to_dict() == record
        assert hand.prefix(steps).to_dict() == record


def play_hand(rules, seed, *, probe=0.12, every_legal=0.08, deck=None, **style):
    """Play one hand to the end, checking everything; returns (hand, player).
    ``style`` overrides the player's knock, greedy and take biases; ``deck``
    stacks the deal (the non-dealer is then seat 1)."""
    rng = random.Random(seed)
    hand = Hand.deal(rules, seed=rng.randrange(1 << 30)) if deck is None else Hand.deal(rules, dealer=0, deck=deck)
    bias = dict(knock=rng.choice((0.5, 0.95)), greedy=rng.choice((0.5, 0.9)), take=rng.choice((0.1, 0.4)))
    bias.update(style)
    player = strategies.RandomPlayer(random.Random(rng.randrange(1 << 30)), **bias)
    snapshot_step = rng.randrange(1, 40)
    snapshot = None
    check_cards(hand)
    check_phase(hand)
    for _ in range(MAX_STEPS):
        if hand.is_over:
            break
        legal = hand.legal_actions()
        assert legal, f"no legal action in phase {hand.phase}"
        assert len({str(a) for a in legal}) == len(legal), "an action is listed twice"
        for action in legal:
            assert Action.parse(str(action)) == action
        if hand.phase == Phase.DISCARD:
            check_discard_actions(hand, legal, rng)
        if rng.random() < probe:
            check_illegal_changes_nothing(hand, rng)
        if rng.random() < every_legal or hand.phase in LAYOUT_PHASES:
            check_every_legal_action_applies(hand, legal)
        action = player.choose(hand)
        assert any(str(action) == str(a) for a in legal), str(action)
        hand.apply(action)
        check_cards(hand)
        check_phase(hand)
        if len(hand.history) == snapshot_step and not hand.is_over:
            snapshot = (len(hand.history), json.loads(json.dumps(hand.to_dict())))
    assert hand.is_over, f"the hand did not end in {MAX_STEPS} steps"
    check_cards(hand)
    check_result(hand)
    check_illegal_changes_nothing(hand, rng)
    check_record(hand, snapshot)
    if hand.knocker is not None:
        check_auto_layouts(hand, player.modes)
    return hand, player


RULE_SETS = [(preset, variant) for preset in PRESET_NAMES for variant in VARIANTS]


@pytest.mark.parametrize("preset, variant", RULE_SETS, ids=[f"{p}-{v}" for p, v in RULE_SETS])
def test_random_hands(preset, variant):
    rules = Rules.preset(preset, **VARIANTS[variant])
    kinds = {}
    auto_checked = 0
    for i in range(HANDS_PER_RULES):
        hand, player = play_hand(rules, f"{SEED}:{preset}:{variant}:{i}")
        kinds[hand.result.kind] = kinds.get(hand.result.kind, 0) + 1
        modes = player.modes
        auto_checked += modes.get(Phase.KNOCKER_LAYOUT) == modes.get(Phase.DEFENDER_LAYOUT) == LayoutMode.AUTO
    # The bias works: most hands end by going out, not by a dead stock.
    if not (rules.straight_gin or rules.knock_limit < 10 or rules.oklahoma):
        assert HANDS_PER_RULES - kinds.get(ScoreKind.DEAD, 0) >= 0.4 * HANDS_PER_RULES, kinds
        assert auto_checked >= 3


def test_playouts_reach_every_kind_of_ending():
    """Across rule sets the playouts meet every result kind (so the checks above are exercised)."""
    seen = {}
    cases = [(Rules(), {}), (Rules(big_gin=True), {"knock": 0.0, "greedy": 1.0}),
             (Rules(undercut_on_tie=False, knock_limit=25), {"knock": 0.05, "greedy": 1.0}),
             (Rules(undercut_on_tie=False, knock_limit=25), {"knock": 0.1, "greedy": 0.9})]
    for i in range(160):
        rules, style = cases[i % 4]
        hand, _ = play_hand(rules, f"{SEED}:kinds:{i}", probe=0.0, every_legal=0.0, **style)
        seen[hand.result.kind] = seen.get(hand.result.kind, 0) + 1
    # Big gin is rare in random play: also deal the non-dealer eleven melding
    # cards with the upcard (AC-4C, 5D-7D, four nines).
    deck = stacked("AC 2C 3C 4C 5D 6D 7D 9S 9H 9D", "KC KD QC QD JC JD 8C 8D 8H TS", "9C")
    for i in range(10):
        hand, _ = play_hand(Rules(big_gin=True), f"{SEED}:big:{i}", deck=deck, take=1.0)
        seen[hand.result.kind] = seen.get(hand.result.kind, 0) + 1
    assert set(seen) == set(ScoreKind), seen


def _play_to(phase, seed="to-layout"):
    rng = random.Random(seed)
    for attempt in range(200):
        hand = Hand.deal(Rules(knock_limit=30), seed=f"{seed}:{attempt}")
        player = strategies.RandomPlayer(rng, knock=1.0)
        while not hand.is_over and hand.phase != phase:
            hand.apply(player.choose(hand))
        if hand.phase == phase:
            return hand
    raise AssertionError(f"no playout reached {phase}")


@pytest.mark.parametrize("phase", LAYOUT_PHASES)
def test_is_legal_accepts_auto_in_layout_phases(phase):
    """legal_actions() lists 'auto' in both layout phases, and apply('auto') works,
    so is_legal and explain_illegal must agree."""
    hand = _play_to(phase)
    assert "auto" in [str(a) for a in hand.legal_actions()]
    assert hand.explain_illegal("auto") is None
    assert hand.is_legal("auto")
    hand.apply("auto")


def test_layout_refuses_ace_high_and_wraparound_runs():
    """Q-K-A and K-A-2 are not runs: the defender may not lay them out, and the
    engine's reply counts them as deadwood."""
    deck = stacked("2C 3C 4C 5D 6D 7D 9H 9C 9D 8S", "QS KS AS 2S JC 3H 5H 6C 8C TC", "KD")
    deck.remove(parse_cards("TH")[0])
    deck.insert(21, parse_cards("TH")[0])
    hand = Hand.deal(Rules(), dealer=0, deck=deck)
    for text in ("pass", "pass", "draw", "knock TH", "auto"):
        hand.apply(text)
    assert hand.phase == Phase.DEFENDER_LAYOUT and hand.to_act == 0
    before = hand.to_dict()
    for text in ("meld QS KS AS", "meld KS AS 2S", "meld AS KS QS"):
        assert text not in [str(a) for a in hand.legal_actions()]
        with pytest.raises(IllegalActionError):
            hand.apply(text)
    assert hand.to_dict() == before
    hand.apply("auto")
    assert hand.result.defender_deadwood == sum(c.value for c in parse_cards("QS KS AS 2S JC 3H 5H 6C 8C TC"))


def test_same_seed_same_playout():
    a, _ = play_hand(Rules.preset("modern"), "repeat", probe=0.0, every_legal=0.0)
    b, _ = play_hand(Rules.preset("modern"), "repeat", probe=0.0, every_legal=0.0)
    assert a.to_dict() == b.to_dict()


# -- matches -----------------------------------------------------------------------------

MATCH_RULES = {
    "standard": Rules(),
    "modern-hollywood": Rules.preset("modern", hollywood=True),
    "classic-loser-deals": Rules.preset("classic", next_dealer="loser", target=60),
    "oklahoma-hollywood": Rules(oklahoma=True, oklahoma_spades_double=True, hollywood=True, target=50),
    "no-tie-undercut": Rules(undercut_on_tie=False, knock_limit=20, target=60, game_bonus=50, box_bonus=10,
                             shutout_multiplier=3),
    "hollywood-loser-big-gin": Rules(hollywood=True, next_dealer="loser", big_gin=True, target=40),
}


def expected_match(rules, first_dealer, results):
    """Dealers, per-game points, hands won, winners and bonuses, computed from the
    hand results alone (winner seat and points, in order)."""
    n_games = 3 if rules.hollywood else 1
    dealers = [first_dealer]
    wins = [0, 0]
    games = [{"points": [0, 0], "won": [0, 0], "winner": None} for _ in range(n_games)]
    for seat, points in results:
        if seat is None:
            dealers.append(dealers[-1])
            continue
        wins[seat] += 1
        dealers.append(seat if rules.next_dealer == "winner" else 1 - seat)
        for number, game in enumerate(games, start=1):
            if game["winner"] is None and wins[seat] >= number:
                game["points"][seat] += points
                game["won"][seat] += 1
                if game["points"][seat] >= rules.target:
                    game["winner"] = seat
    for game in games:
        if game["winner"] is None:
            game["bonus"] = [0, 0]
            continue
        winner, loser = game["winner"], 1 - game["winner"]
        shutout = game["won"][loser] == 0
        bonus = [rules.box_bonus * game["won"][0], rules.box_bonus * game["won"][1]]
        bonus[winner] += rules.game_bonus * (rules.shutout_multiplier if shutout else 1)
        game["bonus"] = bonus
        game["shutout"] = shutout
    return dealers, wins, games


def check_match(match):
    results = [(h.result.winner_seat, h.result.points) for h in match.hands if h.is_over]
    dealers, wins, games = expected_match(match.rules, match.first_dealer, results)
    assert [h.dealer for h in match.hands] == dealers[:len(match.hands)]
    if match.hand.is_over and not match.is_over:
        assert match.next_dealer == dealers[len(match.hands)]
    assert match.hands_won == tuple(wins)
    assert len(match.games) == len(games)
    for game, want in zip(match.games, games, strict=True):
        assert list(game.points) == want["points"]
        assert list(game.hands_won) == want["won"]
        assert game.winner == want["winner"]
        if want["winner"] is None:
            assert game.bonuses is None
            assert game.totals == tuple(want["points"])
        else:
            assert game.bonuses.shutout == want["shutout"]
            assert list(game.bonuses.total) == want["bonus"]
            assert list(game.totals) == [p + b for p, b in zip(want["points"], want["bonus"], strict=True)]
            assert game.points[game.winner] >= match.rules.target > game.points[1 - game.winner]
    assert list(match.scores) == [sum(g["points"][s] for g in games) for s in (0, 1)]
    assert list(match.totals) == [sum(g["points"][s] + g["bonus"][s] for g in games) for s in (0, 1)]
    if not match.rules.hollywood:
        assert list(match.scores) == [sum(p for s, p in results if s == seat) for seat in (0, 1)]
    assert match.is_over == all(g["winner"] is not None for g in games)


def check_match_record(match):
    data = json.loads(json.dumps(match.to_dict()))
    again = Match.from_dict(data)
    assert again.to_dict() == match.to_dict()
    assert (again.scores, again.totals, again.is_over, again.hands_won) == \
        (match.scores, match.totals, match.is_over, match.hands_won)
    return again


def play_match(rules, seed):
    rng = random.Random(f"match:{seed}")
    match = Match(rules, seed=seed)
    player = strategies.RandomPlayer(random.Random(rng.randrange(1 << 30)), knock=0.8, greedy=0.8)
    restore_at = rng.randrange(3, 60)
    steps = 0
    twin = None
    for _ in range(200):  # hands
        while not match.hand.is_over:
            action = player.choose(match.hand)
            match.apply(action)
            if twin is not None:
                twin.apply(action)
            steps += 1
            if steps == restore_at:
                twin = check_match_record(match)
        player.modes.clear()
        check_match(match)
        if match.is_over:
            break
        if rng.random() < 0.2:
            check_match_record(match)
        match.next_hand()
        if twin is not None:
            twin.next_hand()
    assert match.is_over, "the match did not end in 200 hands"
    # The last hand is the one that ended the last game.
    results = [(h.result.winner_seat, h.result.points) for h in match.hands]
    _, _, before_last = expected_match(rules, match.first_dealer, results[:-1])
    assert not all(g["winner"] is not None for g in before_last)
    with pytest.raises(IllegalActionError):
        match.next_hand()
    with pytest.raises(IllegalActionError):
        match.apply("draw")
    assert match.winner == (None if match.totals[0] == match.totals[1] else int(match.totals[1] > match.totals[0]))
    check_match_record(match)
    if twin is not None:
        assert twin.to_dict() == match.to_dict()
    return match


@pytest.mark.parametrize("name", list(MATCH_RULES))
def test_random_matches(name):
    rules = MATCH_RULES[name]
    for i in range(6):
        match = play_match(rules, f"{SEED}:{name}:{i}")
        assert len(match.hands) >= (3 if rules.hollywood else 1)


def test_match_seed_reproduces_deals():
    a = Match(Rules(), seed=99)
    b = Match(Rules(), seed=99)
    assert a.hand.deck == b.hand.deck and a.first_dealer == b.first_dealer
    assert Match(Rules(), seed=100).hand.deck != a.hand.deck
