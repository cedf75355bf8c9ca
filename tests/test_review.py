"""The review of a hand (gintrainer/replay/review.py): each decision judged, marked and summed up, and its record.

The logic is tested against :class:`FakeJudge`, a stand-in of the evaluator's ``judge`` that returns the same
Judgement shape with losses the test chooses; the decisions of a hand are the evaluator's own."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest

from fake_judge import FakeJudge
from gintrainer import GinError, Hand, Rules
from gintrainer.engine import evaluate
from gintrainer.engine.evaluate import Estimate, Judgement, decisions
from gintrainer.engine.hand import Action, ActionKind
from gintrainer.replay import examples
from gintrainer.replay.review import (
    THRESHOLDS,
    Decision,
    DecisionKind,
    HandReview,
    Mark,
    ReviewError,
    Reviewing,
    decision_kind,
    mark_for,
    move_words,
    review,
    review_match,
)
from gintrainer.replay.scripts import stacked


def played(name: str) -> tuple[Hand, int]:
    replay = examples()[name]
    assert replay.featured is not None
    return replay.hand, replay.featured


def plain(hand: Hand, seat: int) -> list[tuple[int, tuple]]:
    """The seat's decisions of one action (no layout), as the evaluator lists them."""
    return [(before, move) for before, move in decisions(hand, seat) if len(move) == 1]


# -- the marks ------------------------------------------------------------------------------------


@pytest.mark.parametrize("mean, stderr, mark", [
    (0.0, 0.0, Mark.NONE),
    (1.99, 0.1, Mark.NONE),
    (2.0, 0.1, Mark.INACCURACY),
    (3.99, 0.1, Mark.INACCURACY),
    (4.0, 0.1, Mark.MISTAKE),
    (7.99, 0.5, Mark.MISTAKE),
    (8.0, 0.5, Mark.BLUNDER),
    (30.0, 2.0, Mark.BLUNDER),
    (10.0, 5.0, Mark.NONE),  # exactly two standard errors: not told apart from no loss
    (10.0, 4.99, Mark.BLUNDER),
    (3.0, 1.51, Mark.NONE),
])
def test_a_mark_by_the_points_lost_never_within_two_standard_errors(mean, stderr, mark):
    assert mark_for(Estimate(mean, stderr, 100)) is mark


def test_the_stake_the_thresholds_are_scaled_by_is_the_measured_one():
    """The module states the mean points of a hand (15.8) and their spread (20.6) from the stored figures."""
    from gintrainer.replay import review as module
    figures = json.loads((Path(module.__file__).parents[1] / "data" / "knock_figures.json").read_text())
    points = [hand[0] for hand in figures["knock_or_wait"]]
    text = " ".join(module.__doc__.split())
    assert len(points) == 10_000 and "10,000 hands" in text
    assert f"{statistics.fmean(abs(p) for p in points):.1f}" == "15.8" and "15.8" in text
    assert f"{statistics.pstdev(points):.1f}" == "20.6" and "20.6" in text
    assert THRESHOLDS[Mark.BLUNDER] == 4 * THRESHOLDS[Mark.INACCURACY] == 2 * THRESHOLDS[Mark.MISTAKE]
    assert "an **inaccuracy** from 2 points, a **mistake** from 4, a **blunder** from 8" in text


# -- the review of a played hand --------------------------------------------------------------------


def test_each_decision_is_judged_from_the_position_before_it_with_the_move_made():
    hand, seat = played("knock")
    found = decisions(hand, seat)
    judge = FakeJudge()
    reviewed = review(hand, seat, samples=7, seed="s", judge=judge)
    assert found and judge.calls == [(before, 7, "s", (tuple(move),)) for before, move in found]
    assert [(d.step, d.made) for d in reviewed.decisions] == [(before + 1, tuple(move)) for before, move in found]
    for decision in reviewed.decisions:
        assert hand.actions[decision.before] == (seat, decision.made[0])  # the step is the move's first action
        assert decision.is_best and decision.mark is Mark.NONE and decision.loss == Estimate(0.0, 0.0, 7)
        assert decision.made_value == decision.best_value == Estimate(3.0, 1.0, 7)
    assert (reviewed.seat, reviewed.samples, reviewed.seed, reviewed.total_loss, reviewed.worst) == (seat, 7, "s", 0,
                                                                                                    ())


def test_a_decision_keeps_the_judge_s_best_move_loss_values_and_its_mark():
    hand, seat = played("dead_hand")
    found = plain(hand, seat)
    assert len(found) >= 5
    chosen = {found[0][0]: (1.0, 0.1), found[1][0]: (3.0, 0.4), found[2][0]: (5.0, 4.0), found[3][0]: (10.0, 2.0),
              found[4][0]: (4.0, 0.0)}
    reviewed = review(hand, seat, judge=FakeJudge(chosen), samples=20)
    by_step = {d.step: d for d in reviewed.decisions}
    marks = [by_step[before + 1].mark for before, _ in found[:5]]
    assert marks == [Mark.NONE, Mark.INACCURACY, Mark.NONE, Mark.BLUNDER, Mark.MISTAKE]
    first = by_step[found[3][0] + 1]
    assert first.loss == Estimate(10.0, 2.0, 20) and first.made_value == Estimate(-7.0, 1.0, 20)
    assert first.best_value == Estimate(3.0, 1.0, 20) and first.best != first.made and not first.is_best
    assert reviewed.marks == {Mark.NONE: len(reviewed.decisions) - 3, Mark.INACCURACY: 1, Mark.MISTAKE: 1,
                              Mark.BLUNDER: 1}
    assert [d.step for d in reviewed.worst] == [found[i][0] + 1 for i in (3, 4, 1)]  # 5.0 ± 4.0 is within the noise
    assert reviewed.total_loss == pytest.approx(23.0)
    assert reviewed.error_rate == pytest.approx(23.0 / len(reviewed.decisions))


def test_a_move_worth_as_much_as_the_best_on_every_deal_is_a_best_move():
    """Two moves of equal worth on every deal (a knock with either of two cards that leave the same deadwood): the
    review names the move made the best, with no loss and no reason, never the other as "best" beside 0.00 lost."""
    hand, seat = played("dead_hand")
    found = plain(hand, seat)
    reviewed = review(hand, seat, judge=FakeJudge({found[0][0]: (0.0, 0.0)}), samples=20)
    tied = next(d for d in reviewed.decisions if d.step == found[0][0] + 1)
    assert tied.best == tied.made and tied.is_best and tied.why == () and tied.loss.mean == 0.0


def test_progress_is_called_after_each_decision():
    hand, seat = played("take_and_knock")
    calls = []
    reviewed = review(hand, seat, judge=FakeJudge(), progress=lambda done, total: calls.append((done, total)))
    n = len(reviewed.decisions)
    assert n > 1 and calls == [(done, n) for done in range(1, n + 1)]


def test_a_review_made_one_decision_at_a_time_is_the_whole_review():
    """A page judges one decision at a time (Reviewing.step) and gets what review() gives at once."""
    hand, seat = played("dead_hand")
    first = plain(hand, seat)[0][0]
    whole = review(hand, seat, samples=9, seed=3, judge=FakeJudge({first: (9.0, 0.5)}))
    reviewing = Reviewing(hand, seat, samples=9, seed=3, judge=FakeJudge({first: (9.0, 0.5)}))
    assert (reviewing.done, reviewing.total, reviewing.finished) == (0, len(decisions(hand, seat)), False)
    steps = []
    while not reviewing.finished:
        steps.append(reviewing.step())
        assert reviewing.done == len(steps) and reviewing.result().decisions == tuple(steps)
    assert reviewing.result() == whole and tuple(steps) == whole.decisions
    with pytest.raises(GinError):
        reviewing.step()
    with pytest.raises(GinError, match="the seat is 0 or 1"):
        Reviewing(hand, 2)


def test_the_decision_kinds_of_a_played_hand():
    """Ben could knock on his first draw, and does; Ann lays off on his melds."""
    hand, seat = played("knock")
    reviewed = review(hand, seat, judge=FakeJudge())
    kinds = {d.made[0].kind: d.kind for d in reviewed.decisions}
    assert kinds[ActionKind.KNOCK] is DecisionKind.KNOCK_OR_PLAY_ON
    if ActionKind.MELD in kinds:  # the knocker's whole layout, when it was a choice
        assert kinds[ActionKind.MELD] is DecisionKind.KNOCKER_LAYOUT
    defender = review(hand, 1 - seat, judge=FakeJudge())
    assert {d.kind for d in defender.decisions} >= {DecisionKind.TAKE_OR_DRAW}
    for d in defender.decisions:
        if d.made[0].kind in (ActionKind.MELD, ActionKind.LAYOFF):
            assert d.kind is DecisionKind.DEFENDER_LAYOUT and d.made[-1].kind is ActionKind.DONE


BEN = "6H 7H 8H 2C 2D 2S 5S 6S 7S KC"
ANN = "9H TH JH 4S 8S KD QD 5D AC 9C"


def _position(*actions: str) -> Hand:
    hand = Hand.deal(Rules(), dealer=0, deck=stacked(BEN, ANN, "QS", "3C 4D"))
    for action in actions:
        hand.apply(action)
    return hand


@pytest.mark.parametrize("actions, kind", [
    ((), DecisionKind.TAKE_OR_DRAW),  # the upcard
    (("pass",), DecisionKind.TAKE_OR_DRAW),
    (("pass", "pass"), DecisionKind.TAKE_OR_DRAW),  # the forced draw (no decision, but its kind)
    (("pass", "pass", "draw"), DecisionKind.KNOCK_OR_PLAY_ON),  # Ben may knock with K♣: a knock or play on
    (("pass", "pass", "draw", "discard KC"), DecisionKind.TAKE_OR_DRAW),
    (("pass", "pass", "draw", "discard KC", "draw"), DecisionKind.DISCARD),  # Ann cannot go out
    (("pass", "pass", "draw", "knock KC"), DecisionKind.KNOCKER_LAYOUT),
    (("pass", "pass", "draw", "knock KC", "auto"), DecisionKind.DEFENDER_LAYOUT),
])
def test_the_kind_of_a_decision_by_its_position(actions, kind):
    assert decision_kind(_position(*actions)) is kind


def test_a_discard_where_going_out_was_possible_is_a_knock_or_play_on_whatever_was_played():
    hand = _position("pass", "pass", "draw", "discard KC")
    reviewed = review(hand, 1, judge=FakeJudge())
    assert [(d.step, d.made, d.kind) for d in reviewed.decisions if d.step == 4] == [
        (4, (Action.parse("discard KC"),), DecisionKind.KNOCK_OR_PLAY_ON)]


def test_an_ended_hand_has_no_decision_to_judge():
    with pytest.raises(GinError, match="no decision"):
        decision_kind(_position("pass", "pass", "draw", "knock KC", "auto", "auto"))


@pytest.mark.parametrize("call, fragment", [
    (lambda hand: review(hand, 2, judge=FakeJudge()), "the seat is 0 or 1, not 2"),
    (lambda hand: review(hand, True, judge=FakeJudge()), "the seat is 0 or 1, not True"),
    (lambda hand: review(hand, 0, samples=0, judge=FakeJudge()), "samples is a whole number from 1, not 0"),
    (lambda hand: review(hand, 0, seed=1.5, judge=FakeJudge()),  # type: ignore[arg-type]  # the bad input
     "seed is a whole number or text, not 1.5"),
    (lambda hand: review(hand.to_dict(), 0, judge=FakeJudge()), "a review is of a Hand, not dict"),
])
def test_bad_arguments_are_refused(call, fragment):
    with pytest.raises(GinError, match=fragment):
        call(_position("pass", "pass", "draw"))


def test_a_judge_that_leaves_out_the_move_made_or_judges_another_seat_is_refused():
    hand = _position("pass", "pass", "draw", "discard KC")

    def forgetful(position, *, samples=1, seed=0, include=()):
        judgement = FakeJudge()(position, samples=samples, seed=seed, include=include)
        other = next((a,) for a in position.legal_actions() if (a,) != tuple(include[0]))
        return Judgement(seat=judgement.seat, phase=judgement.phase, moves=(other,), values=judgement.values,
                         losses=judgement.losses)

    def elsewhere(position, *, samples=1, seed=0, include=()):
        judgement = FakeJudge()(position, samples=samples, seed=seed, include=include)
        return Judgement(seat=1 - judgement.seat, phase=judgement.phase, moves=judgement.moves,
                         values=judgement.values, losses=judgement.losses)

    with pytest.raises(GinError):
        review(hand, 1, judge=forgetful)
    with pytest.raises(GinError, match="judged seat"):
        review(hand, 1, judge=elsewhere)


def test_moves_in_words():
    assert move_words((Action.parse("discard 7H"),)) == "discard 7♥"
    layout = (Action.parse("meld 7H 8H 9H"), Action.parse("layoff 9C on 1"), Action.parse("done"))
    assert move_words(layout) == "lay out 7♥ 8♥ 9♥; lay off 9♣ on meld 1"
    assert move_words((Action.parse("done"),)) == "finish laying out"


# -- summaries --------------------------------------------------------------------------------------------


def _decision(step: int, mean: float, stderr: float, kind: DecisionKind = DecisionKind.DISCARD) -> Decision:
    made = (Action.parse("discard 7H"),)
    best = made if mean == 0 and stderr == 0 else (Action.parse("discard KS"),)
    loss = Estimate(mean, stderr, 50)
    return Decision(step=step, kind=kind, made=made, best=best, loss=loss, made_value=Estimate(1.0 - mean, 2.0, 50),
                    best_value=Estimate(1.0, 2.0, 50), mark=mark_for(loss))


def _sample_review(seat: int = 0) -> HandReview:
    return HandReview(seat, (_decision(2, 6.0, 0.2), _decision(4, 1.0, 0.2), _decision(6, 6.0, 0.4),
                             _decision(8, 12.0, 8.0), _decision(10, 2.4, 0.4, DecisionKind.TAKE_OR_DRAW),
                             _decision(12, 0.0, 0.0, DecisionKind.KNOCK_OR_PLAY_ON)), samples=50, seed=3)


def test_the_summary_of_a_hand():
    reviewed = _sample_review()
    assert reviewed.count == 6 and reviewed.total_loss == pytest.approx(27.4)
    assert reviewed.error_rate == pytest.approx(27.4 / 6)
    assert reviewed.marks == {Mark.NONE: 3, Mark.INACCURACY: 1, Mark.MISTAKE: 2, Mark.BLUNDER: 0}
    # the largest losses first, the earlier on a tie; 12.0 ± 8.0 is within the noise, never named
    assert [d.step for d in reviewed.worst] == [2, 6, 10]
    assert reviewed.summary() == {"decisions": 6, "total_loss": reviewed.total_loss,
                                  "error_rate": reviewed.error_rate,
                                  "marks": {"none": 3, "inaccuracy": 1, "mistake": 2, "blunder": 0},
                                  "worst": [2, 6, 10]}


def test_a_hand_without_decisions_loses_nothing():
    empty = HandReview(1, ())
    assert (empty.count, empty.total_loss, empty.error_rate, empty.worst) == (0, 0.0, 0.0, ())
    assert HandReview.from_dict(json.loads(json.dumps(empty.to_dict()))) == empty


def test_a_match_review_sums_its_hands():
    first = _sample_review()
    second = HandReview(0, (_decision(3, 10.0, 1.0), _decision(5, 0.0, 0.0)))
    match = review_match([first, second])
    assert match.count == 8 and match.total_loss == pytest.approx(37.4)
    assert match.error_rate == pytest.approx(37.4 / 8)
    assert match.marks == {Mark.NONE: 4, Mark.INACCURACY: 1, Mark.MISTAKE: 2, Mark.BLUNDER: 1}
    assert [(hand, d.step) for hand, d in match.worst] == [(1, 3), (0, 2), (0, 6)]
    assert review_match([]).error_rate == 0.0
    with pytest.raises(GinError):
        review_match([first, first.to_dict()])


# -- the record -------------------------------------------------------------------------------------------


def test_a_review_record_round_trips_through_json():
    reviewed = _sample_review(seat=1)
    record = reviewed.to_dict()
    assert (record["format"], record["version"], record["seat"]) == ("gintrainer-hand-review", 1, 1)
    assert record["thresholds"] == {"inaccuracy": 2.0, "mistake": 4.0, "blunder": 8.0}
    again = HandReview.from_dict(json.loads(json.dumps(record)))
    assert again == reviewed and again.to_dict() == record


def test_a_played_review_round_trips_with_its_layouts():
    hand, seat = played("undercut")
    for who in (seat, 1 - seat):
        reviewed = review(hand, who, judge=FakeJudge())
        assert HandReview.from_dict(json.loads(json.dumps(reviewed.to_dict()))) == reviewed


def test_a_record_keeps_the_thresholds_it_was_marked_by():
    record = _sample_review().to_dict()
    record["thresholds"] = {"inaccuracy": 0.5, "mistake": 1.0, "blunder": 5.0}
    for decision in record["decisions"]:
        loss = Estimate(**decision["loss"])
        decision["mark"] = mark_for(loss, {Mark.INACCURACY: 0.5, Mark.MISTAKE: 1.0, Mark.BLUNDER: 5.0}).value
    del record["summary"]
    again = HandReview.from_dict(record)
    assert [d.mark for d in again.decisions] == [Mark.BLUNDER, Mark.MISTAKE, Mark.BLUNDER, Mark.NONE, Mark.MISTAKE,
                                                 Mark.NONE]
    assert HandReview.from_dict(again.to_dict()) == again


def _set(path, value):
    def change(record):
        *keys, last = path
        target = record
        for key in keys:
            target = target[key]
        if value is DELETE:
            del target[last]
        else:
            target[last] = value
        return record
    return change


DELETE = object()


@pytest.mark.parametrize("change, fragment", [
    (lambda record: [record], "a hand review is a JSON object, not a list"),
    (_set(["format"], "gintrainer-hand-history"), "not a hand review: its format is 'gintrainer-hand-history'"),
    (_set(["version"], 2), "a hand review of version 2, newer than this gintrainer reads"),
    (_set(["version"], DELETE), "the version of a hand review is a whole number from 1, not None"),
    (_set(["extra"], 1), "unknown key 'extra' in review: use format, version, seat"),
    (_set(["seat"], DELETE), "review needs seat"),
    (_set(["seat"], 2), "the seat is 0 or 1, not 2"),
    (_set(["seat"], True), "the seat is 0 or 1, not True"),
    (_set(["samples"], 0), "samples is a whole number from 1, not 0"),
    (_set(["seed"], 1.5), "a review's seed is a whole number or text, not 1.5"),
    (_set(["thresholds", "blunder"], DELETE), "thresholds needs blunder"),
    (_set(["thresholds", "mistake"], 9.0), "the thresholds rise from inaccuracy to mistake to blunder"),
    (_set(["thresholds", "inaccuracy"], -1), "thresholds.inaccuracy is a number from 0, not -1"),
    (_set(["thresholds"], [1, 2, 4]), "thresholds is an object with inaccuracy, mistake, blunder, not [1, 2, 4]"),
    (_set(["decisions"], {}), "the decisions are a list, not {}"),
    (_set(["decisions", 0], "discard 7H"), "decisions[0] is an object with step, kind, made, best"),
    (_set(["decisions", 1, "because"], "x"), "unknown key 'because' in decisions[1]: use step, kind"),
    (_set(["decisions", 1, "why"], "x"), "decisions[1].why is a list of sentences"),
    (_set(["decisions", 1, "why"], [["why_take", {"card": "7H"}]]), "decisions[1].why[0]: the message 'why_take'"),
    (_set(["decisions", 1, "best_value"], DELETE), "decisions[1] needs best_value"),
    (_set(["decisions", 0, "step"], 0), "decisions[0].step is a whole number from 1, not 0"),
    (_set(["decisions", 0, "step"], "2"), "decisions[0].step is a whole number from 1, not '2'"),
    (_set(["decisions", 0, "kind"], "bluff"), "decisions[0].kind: unknown decision kind 'bluff': use take_or_draw"),
    (_set(["decisions", 0, "made"], []), "decisions[0].made is a list of action texts like ['discard 7H'], not []"),
    (_set(["decisions", 0, "made"], "discard 7H"), "decisions[0].made is a list of action texts"),
    (_set(["decisions", 0, "made"], ["discard ZZ"]), "decisions[0].made[0]: "),
    (_set(["decisions", 0, "best"], ["auto"]), "decisions[0].best[0]: a move names its plain steps, not 'auto'"),
    (_set(["decisions", 0, "loss", "mean"], -1), "decisions[0].loss.mean is a number from 0, not -1"),
    (_set(["decisions", 0, "loss", "mean"], "3"), "decisions[0].loss.mean is a number from 0, not '3'"),
    (_set(["decisions", 0, "loss", "stderr"], float("nan")), "decisions[0].loss.stderr is a number from 0, not nan"),
    (_set(["decisions", 0, "loss", "samples"], 0), "decisions[0].loss.samples is a whole number from 1, not 0"),
    (_set(["decisions", 0, "made_value", "mean"], None), "decisions[0].made_value.mean is a number, not None"),
    (_set(["decisions", 0, "best_value"], 3.0), "decisions[0].best_value is an object with mean, stderr, samples"),
    (_set(["decisions", 0, "mark"], "terrible"), "decisions[0].mark: unknown mark 'terrible': use none, inaccuracy"),
    (_set(["decisions", 0, "mark"], "blunder"), "decisions[0].mark is blunder, but a loss of 6.00 ± 0.20 is marked "
                                                "mistake by the review's thresholds"),
    (_set(["decisions", 3, "mark"], "blunder"), "a loss of 12.00 ± 8.00 is marked none"),
    (_set(["decisions", 5, "loss", "mean"], 0.5), "decisions[5].loss: the move made is the best move, so its loss is "
                                                  "0 with no error, not 0.50 ± 0.00"),
    (_set(["decisions", 1, "step"], 2), "the decisions follow the hand: step 2 cannot come after the move of step 2"),
    (_set(["summary", "error_rate"], 0.5), "the summary states error_rate 0.5 but the decisions give"),
    (_set(["summary", "worst"], [2, 4, 6]), "the summary states worst [2, 4, 6] but the decisions give [2, 6, 10]"),
    (_set(["summary", "marks", "none"], 1), "the summary states marks"),
    (_set(["summary", "why"], 1), "unknown key 'why' in summary"),
])
def test_a_malformed_record_is_refused_naming_what_is_wrong(change, fragment):
    record = change(json.loads(json.dumps(_sample_review().to_dict())))
    with pytest.raises(ReviewError) as raised:
        HandReview.from_dict(record)
    assert fragment in str(raised.value)


def test_a_refusal_names_the_record_s_key():
    record = _sample_review().to_dict()
    record["decisions"][2]["loss"]["stderr"] = -0.5
    with pytest.raises(ReviewError) as raised:
        HandReview.from_dict(record)
    assert raised.value.field == "decisions"


# -- with the real evaluator (small sample counts) ---------------------------------------------------------


def test_each_decision_is_the_evaluator_s_own_judgement_of_it():
    """Every figure of a review is what ``judge`` says of the position before the move, on the same samples and
    seed; the best move is worth at least the move made, and every mark follows the thresholds."""
    hand, seat = played("undercut")
    for who in (seat, 1 - seat):
        reviewed = review(hand, who, samples=12, seed=5)
        assert len(reviewed.decisions) == len(decisions(hand, who)) > 0
        for decision in reviewed.decisions:
            judgement = evaluate.judge(hand.prefix(decision.before), samples=12, seed=5, include=[decision.made])
            assert decision.best == judgement.best and decision.loss == judgement.loss_of(decision.made)
            assert decision.made_value == judgement.value_of(decision.made)
            assert decision.best_value == judgement.value_of(judgement.best)
            assert decision.loss.mean >= 0 and decision.best_value.mean >= decision.made_value.mean
            assert decision.mark is mark_for(decision.loss)
            if decision.kind is not DecisionKind.DEFENDER_LAYOUT:  # the defender's layout is judged exactly
                assert decision.loss.samples == 12
        assert HandReview.from_dict(json.loads(json.dumps(reviewed.to_dict()))) == reviewed


def test_a_review_reads_only_the_seat_s_view():
    """The hidden cards dealt otherwise behind the same public play: the same review of that seat."""
    import random

    from decks import twin
    hand, seat = played("dead_hand")  # no cards shown at the end, so every twin replays
    reviewed = review(hand, seat, samples=4, seed=2)
    assert len(reviewed.decisions) > 20
    for number in range(2):
        other = twin(hand, seat, random.Random(number))
        assert other.deck != hand.deck
        assert review(other, seat, samples=4, seed=2) == reviewed


def test_a_review_covers_every_kind_of_decision_of_a_hand():
    """Ann's take, discard and lay-offs in the knock example; Ben's draw and knock; the kinds as the positions
    say."""
    hand, seat = played("knock")
    for who in (0, 1):
        reviewed = review(hand, who, samples=6, seed=1)
        for decision in reviewed.decisions:
            assert decision.kind is decision_kind(hand.prefix(decision.before))
    kinds = {d.kind for who in (0, 1) for d in review(hand, who, samples=6, seed=1).decisions}
    assert {DecisionKind.TAKE_OR_DRAW, DecisionKind.DISCARD, DecisionKind.KNOCK_OR_PLAY_ON,
            DecisionKind.DEFENDER_LAYOUT} <= kinds


def test_the_best_layout_laid_in_another_order_is_the_move_made():
    """The evaluator knows a layout by its melds and lay-offs in any order: a learner who laid the best melds
    in another order made the best move (no loss, no other move shown as the best)."""
    hand, knocker = played("knock")
    seat = 1 - knocker  # the defender: a meld and two lay-offs
    found = [(before, move) for before, move in decisions(hand, seat) if len(move) > 2]
    assert found
    before, move = found[0]
    swapped = (move[1], move[0], *move[2:])

    def reordering(position, *, samples=1, seed=0, include=()):
        made = tuple(include[0])
        return Judgement(seat=position.to_act, phase=position.phase, moves=(swapped if made == move else made,),
                         values=(Estimate(2.0, 0.5, samples),), losses=(Estimate(0.0, 0.0, samples),))

    decision = next(d for d in review(hand, seat, judge=reordering).decisions if d.before == before)
    assert decision.best == decision.made == move and decision.is_best


@pytest.mark.parametrize("name", ["undercut-seat-0.json", "undercut-seat-1.json"])
def test_a_stored_version_1_review_is_read(name):
    """The first reviews written (tests/stored/README.md) are read by this version, and written back the same."""
    stored = json.loads((Path(__file__).parent / "stored" / "reviews" / name).read_text(encoding="utf-8"))
    reviewed = HandReview.from_dict(stored)
    assert reviewed.to_dict() == stored and reviewed.samples == 20
    kinds = {d.kind for d in reviewed.decisions}
    assert (DecisionKind.DEFENDER_LAYOUT in kinds) == (reviewed.seat == 0)
    assert (reviewed.marks[Mark.BLUNDER] == 1) == (reviewed.seat == 1)
