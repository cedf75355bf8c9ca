"""The evaluator as a computer player (``evaluator``, gintrainer/engine/evaluate.py): it plays the move the
evaluator judges best from its seat's view alone, legal in every phase, the same for a seed, and it finishes
hands against every other player. Few deals a move keep these tests cheap."""

import random

import pytest

from decks import twin
from gintrainer import ActionKind, GinError, Hand, Phase, Rules
from gintrainer.engine import evaluate
from gintrainer.engine.evaluate import EvaluatorPlayer, candidates, judge, judge_view
from gintrainer.engine.players import BestPlayer, decide, move_rng
from gintrainer.engine.roster import PLAYER_NAMES, make_player
from gintrainer.engine.view import SeatView
from test_evaluate import EVERY_PHASE, actual_deal, every_position, positions, seat_points

FEW = 24
"""Deals a move in these tests."""


def evaluator() -> EvaluatorPlayer:
    return EvaluatorPlayer(samples=FEW)


def test_judge_view_is_judge_from_the_view_alone():
    """One owner: ``judge(hand)`` is ``judge_view`` of the deciding seat's view, move for move and value for
    value, in every phase."""
    for position in positions(10, EVERY_PHASE, "view"):
        view = SeatView.of(position, position.to_act)
        assert judge_view(view, samples=FEW, seed=5) == judge(position, samples=FEW, seed=5), position.to_dict()


def test_two_hands_with_the_same_view_get_the_same_move_in_every_phase():
    rng = random.Random("evaluator twin")
    differ = 0
    phases = set()
    for number, position in enumerate(positions(10, EVERY_PHASE, "evaluator twin")):
        seat = position.to_act
        other = twin(position, seat, rng)
        assert SeatView.of(other, seat) == SeatView.of(position, seat)
        differ += other.held(1 - seat) != position.held(1 - seat) or other.stock != position.stock
        assert decide(evaluator(), other, seed=number) == decide(evaluator(), position, seed=number), \
            position.to_dict()
        phases.add(position.phase)
    assert phases == set(EVERY_PHASE)
    assert differ >= 6


def test_the_move_is_the_best_estimate_or_bests_move_within_the_doubt_and_the_same_for_a_seed():
    """Where ``best``'s move is of a kind it overrules (a knock, a draw, a pass), the move is the first action
    of ``judge_view``'s best move on the deals its generator seeds (with ``best``'s move among those judged)
    when it need not be sure (``sure=0``), and ``best``'s move when nothing is sure enough; ``best``'s other
    moves (a discard, a take) it plays whatever the judgement; a fresh player makes each again."""
    judged = differ = kept = 0
    for number, position in enumerate(positions(12, (Phase.UPCARD, Phase.DRAW, Phase.DISCARD), "best move")):
        view = SeatView.of(position, position.to_act)
        action = decide(evaluator(), position, seed=number)
        assert action == decide(evaluator(), position, seed=number)
        if any(a.kind in (ActionKind.GIN, ActionKind.BIG_GIN) for a in view.legal) or (
                position.phase != Phase.DISCARD and evaluate._clearly_draws(view)):
            continue  # played unjudged (see the next test)
        seed = move_rng(number, position).getrandbits(64)
        usual = BestPlayer().choose(view, random.Random(f"best:{seed}"))
        moves = candidates(view)
        if (usual,) not in moves:
            moves.append((usual,))
        best = judge_view(view, samples=FEW, seed=seed, moves=moves).best[0]
        if usual.kind not in evaluate.PLAYER_OVERRULES:
            assert action == decide(EvaluatorPlayer(samples=FEW, sure=0), position, seed=number) == usual
            kept += best != usual  # the judgement would have it play another move: best's stands
            continue
        assert decide(EvaluatorPlayer(samples=FEW, sure=0), position, seed=number) == best
        assert decide(EvaluatorPlayer(samples=FEW, sure=1e9), position, seed=number) == usual
        assert action in (best, usual)
        judged += 1
        differ += best != usual
    assert judged >= 3 and differ >= 1 and kept >= 1


def test_gin_is_played_at_once_and_a_forced_move_unjudged(monkeypatch):
    calls = []

    def spy(view, **options):
        calls.append(view.phase)
        return judge_view(view, **options)

    monkeypatch.setattr(evaluate, "judge_view", spy)
    player = evaluator()
    hand = Hand.deal(Rules(), seed=11)
    hand.apply("pass")
    hand.apply("pass")  # both players passed the upcard: the non-dealer may only draw
    view = SeatView.of(hand, hand.to_act)
    assert [str(a) for a in view.legal] == ["draw"]
    assert str(player.choose(view, random.Random(1))) == "draw"
    gins = 0
    for position in every_position((Phase.DISCARD,), "gin"):
        view = SeatView.of(position, position.to_act)
        if any(a.kind in (ActionKind.GIN, ActionKind.BIG_GIN) for a in view.legal):
            assert player.choose(view, random.Random(1)).kind in (ActionKind.GIN, ActionKind.BIG_GIN)
            gins += 1
            break
    assert gins == 1
    assert calls == []
    useless = useful = taken = 0
    for position in every_position((Phase.UPCARD, Phase.DRAW), "take or draw"):
        view = SeatView.of(position, position.to_act)
        if len(view.legal) < 2:
            continue
        before = len(calls)
        action = player.choose(view, random.Random(1))
        if evaluate._clearly_draws(view):  # the top discard melds with nothing held nor lowers the deadwood
            assert action.kind in (ActionKind.DRAW, ActionKind.PASS) and len(calls) == before
            useless += 1
        elif BestPlayer().choose(view, random.Random(f"best:{random.Random(1).getrandbits(64)}")).kind \
                == ActionKind.TAKE:  # best's take stands unjudged
            assert action.kind == ActionKind.TAKE and len(calls) == before
            taken += 1
        else:
            assert len(calls) == before + 1
            useful += 1
        if useless >= 2 and useful >= 2 and taken >= 1:
            break


def layout_positions(phase, count, seed):
    return positions(count, (phase,), seed)


def play_layout(player, position, seed=0):
    """The seat to act's whole layout, one action per call, each legal when played."""
    hand = position.copy()
    seat = hand.to_act
    phase = hand.phase
    actions = []
    while hand.phase == phase and hand.to_act == seat:
        action = decide(player, hand, seed=seed)
        assert action.kind == ActionKind.AUTO or hand.is_legal(action)
        hand.apply(action)
        actions.append(action)
    return hand, tuple(actions)


def test_the_knockers_layout_is_the_judged_best_played_one_meld_at_a_time():
    checked = 0
    for number, position in enumerate(layout_positions(Phase.KNOCKER_LAYOUT, 4, "knocker layout")):
        view = SeatView.of(position, position.to_act)
        hand, actions = play_layout(evaluator(), position, seed=number)
        assert hand.phase in (Phase.DEFENDER_LAYOUT, Phase.OVER)
        best = judge_view(view, samples=FEW, seed=move_rng(number, position).getrandbits(64)).best
        assert actions == best
        assert len(actions) > 1  # each meld, then done: one action a call
        checked += 1
    assert checked == 4


def test_a_knockers_layouts_are_valued_as_the_engine_scores_them():
    """On the real deal, each layout's value is the hand's score once the defender replies at its best
    (the deadwood after lay-offs counted in a batch)."""
    checked = 0
    for position in layout_positions(Phase.KNOCKER_LAYOUT, 12, "layout values"):
        seat = position.to_act
        view = SeatView.of(position, seat)
        moves = candidates(view)
        values = evaluate._layout_values(view, actual_deal(position, seat), moves)
        for j, move in enumerate(moves):
            hand = position.copy()
            for action in move:
                hand.apply(action)
            hand.apply("auto")  # the defender's best reply
            assert values[0, j] == seat_points(hand, seat), position.to_dict()
            checked += 1
    assert checked >= 12


def test_the_defender_lays_off_and_melds_for_the_most_points_it_may_keep():
    """The defender's values are exact (the knocker's hand is on the table): its melds and lay-offs, played
    one a call, end the hand with the most points of every reply it had."""
    laid_off = 0
    for number, position in enumerate(layout_positions(Phase.DEFENDER_LAYOUT, 10, "defender layout")):
        seat = position.to_act
        hand, actions = play_layout(evaluator(), position, seed=number)
        assert hand.is_over
        judged = judge(position)
        assert judged.values[0].stderr == 0
        assert judged.value_of(actions).mean == judged.values[0].mean
        laid_off += any(a.kind == ActionKind.LAYOFF for a in actions)
        assert seat == 1 - position.knocker
    assert laid_off >= 2


def test_a_layout_resumed_halfway_is_judged_again_from_the_view():
    position = layout_positions(Phase.KNOCKER_LAYOUT, 1, "resumed")[0]
    first = decide(evaluator(), position)
    assert first.kind == ActionKind.MELD
    halfway = position.copy()
    halfway.apply(first)
    rest = candidates(SeatView.of(halfway, halfway.to_act))
    action = decide(evaluator(), halfway)  # a new player: no plan kept
    assert any(move[0] == action for move in rest) or len(rest) <= 1 and halfway.is_legal(action)


def test_leaned_deals_are_deals_of_the_view_leaned_to_less_deadwood():
    """The leaned deals (``lean=True``) deal only what the seat has not seen: each opponent hand holds the cards
    known in it and ten cards in all, the stock the other unseen cards, each once; before the opponent's first
    discard they are the sampled deals themselves; after it, the opponent hands drawn hold less deadwood than
    the sampled ones, on average over the positions."""
    import numpy as np

    from gintrainer.engine.cards import cards_mask
    from gintrainer.engine.melds import masks_min_deadwood
    leaned_mean, sampled_mean, before = [], [], 0
    for number, position in enumerate(positions(24, (Phase.UPCARD, Phase.DRAW, Phase.DISCARD), "lean")):
        view = SeatView.of(position, position.to_act)
        leaned = evaluate._leaned_deals(view, 200, np.random.default_rng(number))
        sampled = evaluate._sampled_deals(view, 200, np.random.default_rng(number))
        if not view.opponent_threw:
            before += 1
            assert (leaned.opponent == sampled.opponent).all() and (leaned.stock == sampled.stock).all()
            continue
        unseen = {card.index for card in evaluate._unseen(view)}
        known = cards_mask(view.opponent_known)
        assert leaned.stock.shape == (200, view.stock_count) and abs(leaned.weights.sum() - 1) < 1e-9
        for mask, stock in zip(leaned.opponent.tolist(), leaned.stock.tolist(), strict=True):
            hidden = {i for i in range(52) if mask >> i & 1} - {card.index for card in view.opponent_known}
            assert mask & known == known and mask.bit_count() == 10 and hidden <= unseen
            assert len(set(stock)) == len(stock) and set(stock) == unseen - hidden
        leaned_mean.append(masks_min_deadwood(leaned.opponent).mean())
        sampled_mean.append(masks_min_deadwood(sampled.opponent).mean())
    assert before >= 1 and len(leaned_mean) >= 10
    assert np.mean(leaned_mean) < np.mean(sampled_mean) - 2


def test_the_player_with_the_lean_judges_on_the_leaned_deals():
    """``EvaluatorPlayer(lean=True)`` plays ``judge_view(..., lean=True)``'s best move where it judges (with
    ``sure=0``), and the leaned judgement is not the plain one everywhere."""
    judged = differ = 0
    for number, position in enumerate(positions(12, (Phase.DRAW, Phase.DISCARD), "lean player")):
        view = SeatView.of(position, position.to_act)
        if not view.opponent_threw or any(a.kind in (ActionKind.GIN, ActionKind.BIG_GIN) for a in view.legal) or (
                position.phase != Phase.DISCARD and evaluate._clearly_draws(view)):
            continue
        seed = move_rng(number, position).getrandbits(64)
        usual = BestPlayer().choose(view, random.Random(f"best:{seed}"))
        if usual.kind not in evaluate.PLAYER_OVERRULES:
            continue
        moves = candidates(view)
        if (usual,) not in moves:
            moves.append((usual,))
        leaned = judge_view(view, samples=FEW, seed=seed, moves=moves, lean=True)
        plain = judge_view(view, samples=FEW, seed=seed, moves=moves)
        assert decide(EvaluatorPlayer(samples=FEW, sure=0, lean=True), position, seed=number) == leaned.best[0]
        judged += 1
        differ += leaned.values != plain.values
    assert judged >= 3 and differ >= 1


@pytest.mark.parametrize("name", [name for name in PLAYER_NAMES if name != "evaluator"])
def test_it_finishes_a_hand_against_each_player_with_legal_moves(name):
    rules = (Rules(), Rules(big_gin=True), Rules.preset("modern"), Rules(oklahoma=True))[PLAYER_NAMES.index(name)]
    hand = Hand.deal(rules, seed=f"finish:{name}")
    seats = [EvaluatorPlayer(samples=8), make_player(name)]
    while not hand.is_over:
        action = decide(seats[hand.to_act], hand, seed=name)
        assert action.kind == ActionKind.AUTO or hand.is_legal(action)
        hand.apply(action)
    assert hand.result is not None


def test_bad_settings_and_no_decision_are_refused_clearly():
    for samples in (0, -3, 2.5, True, "many"):
        with pytest.raises(GinError, match="samples is a whole number"):
            EvaluatorPlayer(samples=samples)
    for screened in (0, None, "six"):
        with pytest.raises(GinError, match="screened is a whole number"):
            EvaluatorPlayer(screened=screened)
    for sure in (-1, float("inf"), float("nan"), "2", None):
        with pytest.raises(GinError, match="sure is a number"):
            EvaluatorPlayer(sure=sure)
    for overrules in ("knock", ["knock"], [None], 3):
        with pytest.raises(GinError, match="overrules is a collection of kinds"):
            EvaluatorPlayer(overrules=overrules)
    for lean in (1, "yes", None):
        with pytest.raises(GinError, match="lean is True or False"):
            EvaluatorPlayer(lean=lean)
    hand = Hand.deal(seed=4)
    with pytest.raises(GinError, match="is not to act"):
        judge_view(SeatView.of(hand, 1 - hand.to_act), samples=FEW)
