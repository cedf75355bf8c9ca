"""Computer players: each sees only its seat's view, plays only legal moves,
and the named players behave as their descriptions say."""

import random

import pytest

from decks import twin
from gintrainer import Card, Hand, Rules
from gintrainer.engine.hand import Action, ActionKind, Phase
from gintrainer.engine.melds import min_deadwood
from gintrainer.engine.players import decide, draw_values, move_rng, take_value
from gintrainer.engine.roster import PLAYER_NAMES, PLAYERS, make_player
from gintrainer.engine.solver import discard_table, naive_discard, slow_expected_deadwood
from gintrainer.engine.view import SeatView
from gintrainer.words.errors import GinError

VARIANTS = [Rules(), Rules.preset("modern"), Rules(oklahoma=True), Rules(straight_gin=True),
            Rules(big_gin=True), Rules.preset("classic", knock_limit=5)]
OUTS = (ActionKind.KNOCK, ActionKind.GIN, ActionKind.BIG_GIN)
GINS = (ActionKind.GIN, ActionKind.BIG_GIN)
DRAWING = (Phase.UPCARD, Phase.DRAW)
NAMES = tuple(name for name in PLAYER_NAMES if name != "evaluator")
"""The players of gintrainer.engine.players (the evaluator's own tests, with few deals a move, are in
test_evaluator_player.py)."""


def played_positions(count: int, seed: int):
    """Positions (with the seat to act) from hands of mixed random, naive and
    lookahead play, cut at random moments: every phase a player acts in."""
    rng = random.Random(seed)
    fast = [make_player("random"), make_player("naive"), make_player("lookahead")]
    out: list[Hand] = []
    while len(out) < count:
        rules = rng.choice(VARIANTS)
        hand = Hand.deal(rules, seed=rng.randrange(1 << 30))
        seats = [rng.choice(fast), rng.choice(fast)]
        while (seat := hand.to_act) is not None:
            hand.apply(decide(seats[seat], hand, seed=rng.randrange(1000)))
        steps = len(hand.actions)
        cuts = set(rng.sample(range(steps), min(4, steps)))
        layout = (ActionKind.MELD, ActionKind.LAYOFF, ActionKind.DONE)
        cuts.update(i for i, (_, a) in enumerate(hand.actions) if a.kind in layout)
        for cut in sorted(cuts):
            out.append(hand.prefix(cut))
    rng.shuffle(out)
    return out[:count]


@pytest.fixture(scope="module")
def positions():
    return played_positions(1000, 8)


def test_positions_cover_every_phase_a_player_acts_in(positions):
    phases = {p.phase for p in positions}
    assert phases == {Phase.UPCARD, Phase.DRAW, Phase.DISCARD, Phase.KNOCKER_LAYOUT, Phase.DEFENDER_LAYOUT}


COMPARED_EVERY = {"best": 3}
"""The best player's moves are compared on every third position (each of its discards looks two draws
deep); every other player's on each one."""


@pytest.mark.parametrize("name", NAMES)
def test_two_hidden_hands_behind_one_view_get_the_same_move(name, positions):
    """A player is given the seat's view and a generator seeded from the game's seed and the moves
    played: both are the same for two hands that differ only in cards the seat cannot see (checked at
    every position), and so is the move."""
    player = make_player(name)
    rng = random.Random(name)
    differ = 0
    for number, hand in enumerate(positions):
        seat = hand.to_act
        other = twin(hand, seat, rng)
        assert SeatView.of(other, seat) == SeatView.of(hand, seat)
        assert move_rng(number, other).getstate() == move_rng(number, hand).getstate()
        differ += other.held(1 - seat) != hand.held(1 - seat) or other.stock != hand.stock
        if number % COMPARED_EVERY.get(name, 1) == 0:
            assert decide(player, other, seed=number) == decide(player, hand, seed=number), (name, hand.history)
    assert differ >= 900  # the hidden cards really were dealt differently


def test_a_view_holds_nothing_the_seat_may_not_see(positions):
    for hand in positions[:300]:
        seat = hand.to_act
        view = SeatView.of(hand, seat)
        hidden = set(hand.stock) | (set(hand.unlaid(1 - seat)) - set(view.opponent_known))
        if hand.phase in (Phase.DEFENDER_LAYOUT, Phase.OVER):
            hidden -= set(hand.unlaid(hand.knocker))
        assert not hidden & view.seen
        assert set(view.unseen) >= hidden
        assert len(view.unseen) == 52 - len(view.seen)


@pytest.mark.parametrize("name", NAMES)
def test_every_player_finishes_hands_under_every_variant_with_legal_moves(name):
    rng = random.Random(f"legal:{name}")
    player = make_player(name)
    others = [make_player(n) for n in ("random", "naive", "lookahead")]
    for number in range(12 if name == "best" else 40):
        rules = VARIANTS[number % len(VARIANTS)]
        hand = Hand.deal(rules, seed=rng.randrange(1 << 30))
        seats = [player, rng.choice(others)]
        while not hand.is_over:
            action = decide(seats[hand.to_act], hand, seed=number)
            assert hand.is_legal(action)
            hand.apply(action)
        assert hand.result is not None


def test_computer_knockers_lay_out_themselves_within_the_limit(positions):
    knocks = 0
    for name in ("naive", "lookahead", "best"):
        player = make_player(name)
        for hand in positions:
            if hand.phase != Phase.KNOCKER_LAYOUT:
                continue
            action = decide(player, hand, seed=0)
            # never the engine's layout, which sees the defender
            assert action.kind in (ActionKind.MELD, ActionKind.DONE)
            knocks += 1
    assert knocks > 50


def test_naive_takes_only_what_lowers_its_deadwood_and_throws_its_highest_deadwood(positions):
    naive = make_player("naive")
    taken = thrown = 0
    for hand in positions:
        seat = hand.to_act
        view = SeatView.of(hand, seat)
        action = decide(naive, hand)
        if hand.phase in DRAWING and any(a.kind == ActionKind.TAKE for a in view.legal):
            lowers = take_value(view.hand, hand.top_discard) < min_deadwood(view.hand)
            assert (action.kind == ActionKind.TAKE) == lowers
            taken += lowers
        elif hand.phase == Phase.DISCARD:
            if any(a.kind in OUTS for a in view.legal):
                assert action.kind in OUTS
            else:
                assert action.card == naive_discard(view.hand, forbidden=hand.taken_card)
                thrown += 1
    assert taken > 10 and thrown > 100


def test_lookahead_throws_by_the_solvers_exact_expectation_and_the_danger():
    from gintrainer.engine.players import danger
    player = make_player("lookahead", feed_weight=0.0)
    for hand in played_positions(300, 3):
        if hand.phase != Phase.DISCARD or any(a.kind in OUTS for a in hand.legal_actions()):
            continue
        view = SeatView.of(hand, hand.to_act)
        action = decide(player, hand)
        kept = [c for c in view.hand if c is not action.card]
        chosen = slow_expected_deadwood(kept, view.unseen)
        table = discard_table(view.hand, rules=view.rules, drawn=view.drawn[0], drawn_from=view.drawn[1],
                              discard_pile=view.discard_pile, opponent_known=view.opponent_known,
                              upcard=view.upcard if view.rules.oklahoma else None)
        assert chosen == min(r.expected_deadwood for r in table.rows)
        assert danger(action.card, view) >= 0


def testdraw_values_match_the_plain_definition():
    rng = random.Random(4)
    for _ in range(50):
        cards = rng.sample(range(52), 10 + 8)
        from gintrainer.engine.cards import Card, cards_mask
        hand = [Card.from_index(i) for i in cards[:10]]
        unseen = tuple(Card.from_index(i) for i in cards[10:])
        values = draw_values(cards_mask(hand), unseen)
        for card, value in zip(unseen, values.tolist(), strict=True):
            eleven = hand + [card]
            assert value == min(min_deadwood([c for c in eleven if c is not t]) for t in eleven)


def test_the_mean_after_a_draw_is_the_same_in_python_as_in_numpy():
    """A computer's first move (taking the upcard or not) is decided in Python before numpy is
    imported: the same number as numpy's mean, so the same decision for the same seed."""
    from gintrainer.engine.cards import cards_mask
    from gintrainer.engine.players import _mean_draw_value_python, mean_draw_value
    rng = random.Random(11)
    for size in (1, 8, 31, 41):
        for _ in range(15):
            cards = rng.sample(range(52), 10 + size)
            mask = cards_mask(Card.from_index(i) for i in cards[:10])
            unseen = tuple(Card.from_index(i) for i in cards[10:])
            assert _mean_draw_value_python(mask, unseen) == float(draw_values(mask, unseen).mean())
            assert mean_draw_value(mask, unseen) == float(draw_values(mask, unseen).mean())


def test_unknown_player_and_finished_hand_are_refused_with_a_message():
    with pytest.raises(GinError, match="unknown player 'grandmaster'"):
        make_player("grandmaster")
    hand = Hand.deal(seed=2)
    players = [make_player("naive"), make_player("naive")]
    while not hand.is_over:
        hand.apply(decide(players[hand.to_act], hand))
    with pytest.raises(GinError, match="the hand is over"):
        decide(players[0], hand)


def test_a_player_that_answers_an_illegal_move_is_caught():
    class Cheat:
        name = "cheat"

        def choose(self, view, rng):
            from gintrainer.engine.hand import Action
            return Action(ActionKind.DRAW) if view.phase == Phase.UPCARD else view.legal[0]

    hand = Hand.deal(seed=3)
    before = hand.to_dict()
    with pytest.raises(GinError, match="'cheat' chose an illegal move draw"):
        decide(Cheat(), hand)
    assert hand.to_dict() == before


def test_the_five_named_players_are_registered():
    assert set(PLAYERS) == set(PLAYER_NAMES) == {"random", "naive", "lookahead", "best", "evaluator"}


def test_opponent_model_chances_add_up_to_the_cards_not_known(positions):
    from gintrainer.engine.players import opponent_model
    for hand in positions[:200]:
        if hand.phase not in (Phase.DRAW, Phase.DISCARD):
            continue
        view = SeatView.of(hand, hand.to_act)
        chances = opponent_model(view)
        assert all(0.0 <= p <= 1.0 + 1e-9 for p in chances.values())
        assert all(chances[c] == 1.0 for c in view.opponent_known)
        hidden = sum(chances[c] for c in view.unseen)
        assert hidden == pytest.approx(10 - len(view.opponent_known))


def test_refused_cards_are_the_offers_the_opponent_left():
    from decks import stacked_deck
    from gintrainer.engine.players import refused_cards
    # seat 1 deals; seat 0 passes the 9♣ upcard, seat 1 takes it and throws K♦,
    # seat 0 draws (leaving K♦) and throws 7♥, seat 1 draws (leaving 7♥).
    deck = stacked_deck("2C 3C 4C 7H 7S 7D JS QS KS 5D", "8C TC TD JD 2H 4H 6S 8S KD QH", "9C")
    hand = Hand(Rules(), 1, deck)
    for action in ("pass", "take", "discard KD", "draw", "discard 7H", "draw"):
        hand.apply(action)
    assert [str(c) for c in refused_cards(SeatView.of(hand, 0))] == ["7♥"]
    assert [str(c) for c in refused_cards(SeatView.of(hand, 1))] == ["9♣", "K♦"]  # seat 0 passed the upcard


def test_meld_chances_over_certain_hands_are_whether_the_card_melds():
    import numpy as np

    from gintrainer.engine.cards import DECK, cards_mask
    from gintrainer.engine.players import meld_chances
    rng = random.Random(6)
    for _ in range(300):
        cards = rng.sample(DECK, 13)
        held, offered = cards[:10], cards[10:]
        chances = meld_chances(offered, np.array([cards_mask(held)], dtype=np.uint64), np.ones(1))
        for card, chance in zip(offered, chances.tolist(), strict=True):
            melds = min_deadwood(held + [card]) < min_deadwood(held) + card.value
            assert chance == (1.0 if melds else 0.0)


def _card_list(mask):
    from gintrainer.engine.cards import DECK
    return [c for c in DECK if mask >> c.index & 1]


def _last_opponent_turn(hand, seat):
    """The opponent's last turn read from the whole hand: the card it threw and
    the card on top of the pile when it drew from the stock (None if it took)."""
    pile, last, left = [hand.upcard], None, None
    for who, action in hand.actions:
        if who == seat:
            if action.kind == ActionKind.TAKE:
                pile.pop()
            elif action.kind == ActionKind.DISCARD:
                pile.append(action.card)
            continue
        if action.kind in (ActionKind.PASS, ActionKind.DRAW) and left is None and pile:
            left = pile[-1]
        elif action.kind == ActionKind.TAKE:
            pile.pop()
            left = None
        elif action.kind == ActionKind.DISCARD:
            pile.append(action.card)
            last, left = (action.card, left), None
    return last


def test_opponent_hands_hold_its_known_cards_and_are_weighted_by_its_last_turn(positions):
    """Each sampled hand is ten cards: those the opponent kept from the pile and
    cards this seat has not seen. Each weight follows from the plain deadwood of
    that hand: knocking it passed up, a better discard it missed, a card on the
    pile that would have helped it."""
    import math

    import numpy as np

    from gintrainer.engine.players import _last_turn, opponent_hands
    checked = 0
    for hand in positions:
        if hand.phase != Phase.DISCARD:
            continue
        view = SeatView.of(hand, hand.to_act)
        masks, weights = opponent_hands(view, 40, np.random.default_rng(checked), knocked=0.05, sharp=0.5,
                                        refused=0.3)
        assert weights.sum() == pytest.approx(1.0) and (weights >= 0).all()
        turn = _last_turn(view)
        assert turn == _last_opponent_turn(hand, view.seat)
        if len(masks) == 1:
            continue
        logs = []
        for mask in masks.tolist():
            cards = _card_list(mask)
            assert len(cards) == 10
            assert set(view.opponent_known) <= set(cards)
            assert set(cards) - set(view.opponent_known) <= set(view.unseen)
            log = 0.0
            if turn is not None:
                threw, left = turn
                now = min_deadwood(cards)
                eleven = cards + [threw]
                best = min(min_deadwood([c for c in eleven if c is not out]) for out in eleven)
                log -= 0.5 * (now - best) - (math.log(0.05) if best <= view.knock_limit else 0.0)
                if left is not None:
                    swapped = min(min_deadwood([c for c in cards + [left] if c is not out]) for out in cards)
                    log += math.log(0.3) if swapped < now else 0.0
            logs.append(log)
        expected = np.exp(np.array(logs) - max(logs))
        assert weights == pytest.approx(expected / expected.sum())
        checked += 1
    assert checked > 50


def test_opponent_hands_are_the_same_for_the_same_generator(positions):
    import numpy as np

    from gintrainer.engine.players import opponent_hands
    views = [SeatView.of(h, h.to_act) for h in positions if h.phase == Phase.DISCARD][:20]
    for view in views:
        first = opponent_hands(view, 30, np.random.default_rng(4))
        again = opponent_hands(view, 30, np.random.default_rng(4))
        assert (first[0] == again[0]).all() and (first[1] == again[1]).all()


def test_best_bait_lowers_the_score_of_cards_below_the_opponents_last_discard(positions):
    from gintrainer.engine.players import BestPlayer
    checked = 0
    for hand in positions:
        if hand.phase != Phase.DISCARD:
            continue
        view = SeatView.of(hand, hand.to_act)
        if not view.opponent_threw:
            continue
        discards = [c for c in view.hand if c is not view.forbidden]
        plain = BestPlayer(bait=0.0, deep=0).scores(view, discards)
        baited = BestPlayer(bait=0.5, deep=0).scores(view, discards)
        last = view.opponent_threw[-1].value
        for card, a, b in zip(discards, plain, baited, strict=True):
            assert a - b == pytest.approx(0.5 * max(0, last - card.value))
        checked += 1
    assert checked > 50


def test_best_looks_two_draws_deep_at_its_best_discards_within_the_work_limit(positions):
    """The discards rescored two draws deep are the best ones by the one-draw
    score, as many as ``deep`` allows within ``deep_work``; each keeps its
    feeding part and gets the two-draw race."""
    import numpy as np

    from gintrainer.engine.cards import cards_mask
    from gintrainer.engine.players import BestPlayer, two_draw_race
    counts = set()
    for hand in positions[:300]:
        if hand.phase != Phase.DISCARD:
            continue
        view = SeatView.of(hand, hand.to_act)
        discards = [c for c in view.hand if c is not view.forbidden]
        shallow = BestPlayer(deep=0).scores(view, discards)
        player = BestPlayer(deep=5, deep_work=5000)
        deep = player.scores(view, discards)
        unseen = len(view.unseen)
        expected = min(5, max(1, 5000 // (unseen * (unseen - 1))), len(discards))
        chosen = np.argsort(shallow, kind="stable")[:expected]
        assert sorted(np.flatnonzero(np.isfinite(deep)).tolist()) == sorted(chosen.tolist())
        one = int(chosen[0])
        after = BestPlayer(deep=0, risk_weight=0.0, feed_weight=0.0, bait=0.0).scores(view, discards)
        race = two_draw_race(cards_mask(view.hand), [discards[one]], view.unseen, view.knock_limit, 100.0)[0]
        assert deep[one] == pytest.approx(race + shallow[one] - after[one])
        counts.add(expected)
    assert {3, 4, 5} <= counts


def test_two_draw_race_matches_its_plain_definition():
    from gintrainer.engine.cards import DECK, cards_mask
    from gintrainer.engine.melds import mask_min_deadwood
    from gintrainer.engine.players import two_draw_race
    rng = random.Random(12)
    for unseen_count in (14, 14, 14, 14, 14, 14, 2, 3):
        cards = rng.sample(DECK, 11 + unseen_count)
        hand, unseen = cards[:11], tuple(cards[11:])
        full = cards_mask(hand)
        discards = rng.sample(hand, 2)
        values = two_draw_race(full, discards, unseen, 10, 50.0)
        for discard, value in zip(discards, values.tolist(), strict=True):
            kept = [c for c in hand if c is not discard]
            total = 0.0
            for first in unseen:
                eleven = kept + [first]
                if min(min_deadwood([c for c in eleven if c is not t]) for t in eleven) <= 10:
                    total -= 50.0
                    continue
                options = []
                for thrown in eleven:
                    ten = [c for c in eleven if c is not thrown]
                    shaped = []
                    for second in unseen:
                        if second is first:
                            continue
                        best = min(mask_min_deadwood(cards_mask(ten + [second]) & ~(1 << t.index))
                                   for t in ten + [second])
                        shaped.append(best - (50.0 if best <= 10 else 0.0))
                    options.append(sum(shaped) / len(shaped))
                total += min(options)
            assert value == pytest.approx(total / len(unseen))


# -- the one greedy player and its options -------------------------------------------


def test_the_sound_player_plays_the_lessons_rules(positions):
    """sound_player (the lessons' played matches) takes the top discard exactly
    when the lessons' rule says so, goes out when it may, throws the sound discard
    and leaves the layout to the engine."""
    from gintrainer.engine.players import sound_player
    from gintrainer.material.deals import sound_discard, worth_taking
    player = sound_player()
    counts = {"take": 0, "draw": 0, "discard": 0, "out": 0, "layout": 0}
    for hand in positions:
        action = decide(player, hand)
        if hand.phase in DRAWING:
            assert (action.kind == ActionKind.TAKE) == worth_taking(hand), hand.history
            counts["take" if action.kind == ActionKind.TAKE else "draw"] += 1
        elif hand.phase == Phase.DISCARD:
            outs = [a for a in hand.legal_actions() if a.kind in OUTS]
            if outs:
                assert action.kind in OUTS
                counts["out"] += 1
            else:
                assert action == Action(ActionKind.DISCARD, sound_discard(hand))
                counts["discard"] += 1
        else:
            assert action == Action(ActionKind.AUTO)
            counts["layout"] += 1
    assert min(counts.values()) >= 10, counts


def test_greedy_options_that_never_go_out_or_knock_within_a_count(positions):
    from gintrainer.engine.players import GreedyPlayer
    stay = GreedyPlayer(gins=0, knocks=0)
    low = GreedyPlayer(knock_at=5)
    went_out = held_back = 0
    for hand in positions:
        if hand.phase != Phase.DISCARD:
            continue
        held = hand.held(hand.to_act)
        assert decide(stay, hand).kind == ActionKind.DISCARD
        action = decide(low, hand)
        legal = hand.legal_actions()
        gin = any(a.kind in GINS for a in legal)
        low_knock = any(a.kind == ActionKind.KNOCK and min_deadwood(c for c in held if c is not a.card) <= 5
                        for a in legal)
        assert (action.kind in OUTS) == (gin or low_knock)
        if action.kind == ActionKind.KNOCK:
            assert not gin and min_deadwood(c for c in held if c is not action.card) <= 5
        went_out += action.kind != ActionKind.DISCARD
        held_back += action.kind == ActionKind.DISCARD and any(a.kind == ActionKind.KNOCK for a in legal)
    assert went_out >= 3 and held_back >= 5, (went_out, held_back)


def test_greedy_discards_break_ties_as_told():
    """Q♣ and K♠ both leave 25 deadwood: by rank the king goes, by suit the spade
    (K♠ both times); J♠ and Q♣: the queen by rank, the spade by suit."""
    from gintrainer.engine.players import GreedyPlayer
    from gintrainer.material.deals import in_discard
    for drawn, by_rank, by_suit in (("KS", "KS", "KS"), ("JS", "QC", "JS")):
        hand = in_discard("2C 3C 4C 7H 7S 7D 5D 9D AS QC", drawn, "TH TD 2H 4S QD KC 6C 6H 8C 8H")
        assert decide(GreedyPlayer(ties="rank"), hand) == Action(ActionKind.DISCARD, Card.parse(by_rank))
        assert decide(GreedyPlayer(ties="suit"), hand) == Action(ActionKind.DISCARD, Card.parse(by_suit))


@pytest.mark.parametrize("options, message", [
    (dict(take="sometimes"), "take is one of"), (dict(discard="lowest"), "discard is one of"),
    (dict(ties="colour"), "ties is one of"), (dict(layout="mine"), "layout is one of"),
    (dict(mistakes=1.5), "mistakes is a chance"), (dict(whims="often"), "whims is a chance"),
    (dict(knock_at=-1), "knock_at is a whole number"), (dict(knock_at=True), "knock_at is a whole number"),
    (dict(weights=(2,)), "weights are two whole numbers"), (dict(weights=(2, -1)), "weights are two whole numbers"),
    (dict(weights=[2, 5]), "weights are two whole numbers"), (dict(weights=(2, 5.5)), "weights are two whole numbers")])
def test_greedy_options_are_checked(options, message):
    from gintrainer.engine.players import GreedyPlayer
    with pytest.raises(GinError, match=message):
        GreedyPlayer(**options)


def _links(a, b):
    """Whether two cards link, told the slow way: the same rank, or the same suit one or two ranks apart."""
    return a is not b and (a.rank == b.rank or (a.suit == b.suit and abs(a.rank - b.rank) <= 2))


def _played_positions(rng, hands):
    """A position from each of ``hands`` deals, some random moves in (greedy players with whims and mistakes),
    before a draw or a discard."""
    from gintrainer.engine.players import GreedyPlayer
    for _ in range(hands):
        hand = Hand.deal(seed=rng.randrange(1 << 30))
        players = [GreedyPlayer(random.Random(rng.random()), whims=0.3, knocks=0, gins=0, mistakes=0.3)] * 2
        for _ in range(rng.randrange(0, 24)):
            if hand.is_over or hand.phase not in (Phase.UPCARD, Phase.DRAW, Phase.DISCARD):
                break
            hand.apply(decide(players[hand.to_act], hand, seed=rng.randrange(99)))
        if not hand.is_over and hand.phase in (Phase.UPCARD, Phase.DRAW, Phase.DISCARD):
            yield hand


def test_the_shape_rule_throws_the_cheapest_card_by_its_prices():
    """Over hundreds of positions after a draw: the shape throw is the card (not the one just taken) of the
    least deadwood left plus 2 for each kept card it links with and 5 for each of the opponent's known cards it
    links with, ties the highest card then the highest suit; its take lowers the deadwood, its refusal would
    not have; and prices of 0 make it the plain least-deadwood rule (ties by suit)."""
    from gintrainer.engine.players import GreedyPlayer, shape_discard, shape_take
    rng = random.Random("shape")
    plain = GreedyPlayer(take="never", discard="least", ties="suit", knocks=0, gins=0)
    shape = GreedyPlayer(take="shape", discard="shape", ties="suit", knocks=0, gins=0)
    checked = takes = refusals = 0
    for hand in _played_positions(rng, 300):
        view = SeatView.of(hand, hand.to_act)
        if view.phase == Phase.DISCARD:
            def price(card, view=view):
                rest = [c for c in view.hand if c is not card]
                return (min_deadwood(rest) + 2 * sum(_links(card, c) for c in rest)
                        + 5 * sum(_links(card, c) for c in view.opponent_known), -card.value, -card.index)
            choices = [c for c in view.hand if c is not view.forbidden]
            expected = min(choices, key=price)
            assert shape_discard(view.hand, view.forbidden, view.opponent_known)[0] is expected
            assert shape.choose(view, random.Random(0)) == Action(ActionKind.DISCARD, expected)
            zero = shape_discard(view.hand, view.forbidden, view.opponent_known, weights=(0, 0))[0]
            assert plain.choose(view, random.Random(0)) == Action(ActionKind.DISCARD, zero)
            checked += 1
        elif view.discard_pile:
            top = view.discard_pile[-1]
            after = min_deadwood([c for c in (*view.hand, top) if c is not shape_discard(
                (*view.hand, top), top, view.opponent_known)[0]])
            wanted = shape_take(view.hand, top, view.opponent_known)
            assert wanted == (after < min_deadwood(view.hand))
            takes += wanted
            refusals += not wanted
    assert checked >= 100 and takes >= 10 and refusals >= 10, (checked, takes, refusals)


def test_the_mean_take_takes_where_its_throw_beats_a_stock_draw_on_average():
    """Over hundreds of positions before a draw: the ``mean`` take rule takes the top discard exactly when the
    deadwood its shape throw then leaves is below the mean, over every card the seat has not seen, of the least
    deadwood after drawing that card and throwing one (counted here card by card); it takes only where the
    shape rule takes (so each take lowers the deadwood), and leaves some cards the shape rule would take; and
    hands between two such players end."""
    from gintrainer.engine.players import GreedyPlayer, shape_discard, shape_mean_take, shape_take
    rng = random.Random("mean take")
    mean_rule = GreedyPlayer(take="mean", discard="shape", ties="suit", knocks=0, gins=0)
    takes = refusals = only_shape = 0
    for hand in _played_positions(rng, 400):
        if hand.phase not in (Phase.UPCARD, Phase.DRAW) or not hand.discard_pile:
            continue
        view = SeatView.of(hand, hand.to_act)
        top = view.discard_pile[-1]
        _, after = shape_discard((*view.hand, top), top, view.opponent_known)
        draws = [min(min_deadwood([c for c in (*view.hand, card) if c is not out]) for out in (*view.hand, card))
                 for card in view.unseen]
        wanted = shape_mean_take(view.hand, top, view.opponent_known, view.unseen)
        assert wanted == (after < sum(draws) / len(draws))
        can_take = Action(ActionKind.TAKE) in view.legal
        assert mean_rule.choose(view, random.Random(0)) == (
            Action(ActionKind.TAKE) if wanted and can_take else
            Action(ActionKind.PASS) if view.phase == Phase.UPCARD else Action(ActionKind.DRAW))
        shaped = shape_take(view.hand, top, view.opponent_known)
        assert shaped or not wanted
        takes += wanted
        refusals += not wanted
        only_shape += shaped and not wanted
    assert takes >= 10 and refusals >= 10 and only_shape >= 10, (takes, refusals, only_shape)
    both = GreedyPlayer(take="mean", discard="shape", ties="suit", knock_ties="suit", layout="engine")
    for number in range(40):
        hand = Hand.deal(seed=number)
        for _ in range(400):
            if hand.is_over:
                break
            hand.apply(decide(both, hand, seed=number))
        assert hand.is_over, number


def test_after_a_take_best_and_lookahead_throw_a_card_that_lowers_their_deadwood_so_takes_end():
    """Where the top discard is taken by the mean rule (as `best` and `lookahead` take it), some throw then
    leaves less deadwood than the ten cards held before the take, and both players throw such a card; so each
    of their takes lowers their deadwood and a run of takes with no draw between them ends. On the deal where
    two `best` players once swapped three aces for ever (each taking the ace the other threw and throwing
    another, the stock never shrinking), the hand now ends, every throw after a take lowering the deadwood."""
    from gintrainer.engine.duel import deal_deck
    from gintrainer.engine.players import BestPlayer, LookaheadPlayer, lowering_discards, takes_by_mean
    best, lookahead = BestPlayer(), LookaheadPlayer()

    def lowers(view, card):
        before = min_deadwood([c for c in view.hand if c is not view.forbidden])
        return min_deadwood([c for c in view.hand if c is not card]) < before

    checked = 0
    for hand in _played_positions(random.Random("takes end"), 500):
        view = SeatView.of(hand, hand.to_act)
        if view.phase == Phase.DISCARD or not view.discard_pile or not takes_by_mean(view):
            continue
        hand.apply(Action(ActionKind.TAKE))
        view = SeatView.of(hand, hand.to_act)
        assert lowering_discards(view) == [c for c in view.hand if lowers(view, c)] != []
        for player in (best, lookahead):
            action = decide(player, hand, seed=checked)
            assert action.kind != ActionKind.DISCARD or lowers(view, action.card), (player.name, view.hand)
        checked += 1
    assert checked >= 40, checked

    deck, dealer = deal_deck("vfit", 1320)
    hand = Hand(Rules(), dealer, deck)
    for _ in range(400):
        if hand.is_over:
            break
        view = SeatView.of(hand, hand.to_act)
        action = decide(best, hand, "v:1320")
        if action.kind == ActionKind.DISCARD and view.forbidden is not None:
            assert lowers(view, action.card), hand.history[-6:]
        hand.apply(action)
    assert hand.is_over, hand.history[-6:]
