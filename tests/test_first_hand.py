"""The first hand's script and one learner's game on it: every rule of lessons 2 to 5
comes up on the script's line, the opponent's scripted moves are legal, the learner's
line is the lessons' sound play, every number the page says is the engine's, a poor
legal move is played and explained, an illegal one is refused and changes nothing,
any step can be replayed, and the score is the engine's."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from gintrainer.engine.cards import DECK, parse_cards
from gintrainer.engine.hand import LAYOUT_PHASES, Action, ActionKind, Hand, Phase
from gintrainer.engine.melds import best_arrangement, meld_kind, min_deadwood
from gintrainer.engine.solver import discard_table, slow_expected_deadwood
from gintrainer.engine.view import SeatView
from gintrainer.lessons import LESSONS
from gintrainer.lessons import first_hand as script
from gintrainer.lessons.first_hand import LINE, RULES, FirstHand, rules_in, sound_move
from gintrainer.material.deals import THEM, YOU, best_discards, deal
from gintrainer.words.errors import GinError, IllegalActionError
from test_coach import plain_points


def learner_moves() -> list[str]:
    return [move.action for move in LINE if move.seat == YOU]


def played_line() -> FirstHand:
    """A game with the script's line played by the learner (the opponent answers by itself)."""
    game = FirstHand()
    for action in learner_moves():
        game.play(action)
    return game


def state(hand: Hand) -> dict:
    """Everything a hand holds, to compare two states whole."""
    return {key: (list(map(list, value)) if key in ("_held", "_melds", "_extended") else value)
            for key, value in vars(hand).items()}


def test_every_rule_of_lessons_2_to_5_comes_up_on_the_scripts_line():
    game = played_line()
    assert game.hand.is_over and game.on_script
    assert game.hand.history == tuple(move.action for move in LINE)
    assert set(game.rules_shown()) == set(RULES)
    # each rule read from the engine at the move that shows it, not from the script
    hand = script.start()
    shown = {}
    for step, (seat, action) in enumerate(script.SCRIPT.actions):
        after = hand.copy()
        after.apply(action)
        if seat == YOU:
            for rule in rules_in(hand, action, after):
                shown.setdefault(rule, step)
        hand = after
    assert set(shown) == set(RULES)
    assert shown["upcard_offer"] == 0 and LINE[0].action == "take"  # the upcard taken on the first turn
    assert not script.SCRIPT.prefix(1).is_legal(Action(ActionKind.DISCARD, script.SCRIPT.prefix(0).upcard))
    assert script.SCRIPT.knocker == YOU


def test_the_scripted_opponents_moves_are_legal_and_the_script_is_checked_when_built(monkeypatch):
    hand = script.start()
    for move in LINE:
        assert hand.to_act == move.seat
        assert hand.explain_illegal(move.action) is None, move
        hand.apply(move.action)
    assert hand.is_over
    assert [m.action for m in LINE if m.seat == THEM] == [str(a) for s, a in hand.actions if s == THEM]
    broken = (*LINE[:3], script.Scripted(THEM, "discard 5S"), *LINE[4:])  # 5♠ is still in the stock
    monkeypatch.setattr(script, "LINE", broken)
    with pytest.raises(GinError, match="step 4 .discard 5S. is illegal"):
        script.script_hand()
    monkeypatch.setattr(script, "LINE", (*LINE[:2], script.Scripted(YOU, "draw"), *LINE[3:]))
    with pytest.raises(GinError, match="seat 1's, but seat 0 is to act"):
        script.script_hand()


def test_the_learners_line_is_the_lessons_sound_play():
    hand = script.start()
    for seat, action in script.SCRIPT.actions:
        if seat == YOU and hand.phase in (Phase.UPCARD, Phase.DRAW, Phase.DISCARD):
            sound = sound_move(hand)
            if hand.phase == Phase.DISCARD and action.kind == ActionKind.DISCARD:
                least, cards = best_discards(hand)
                assert action.card in cards and min_deadwood([c for c in hand.held(YOU) if c is not action.card]) \
                    == least
            else:
                assert sound == action, (action, sound)
            assert script.judge(hand, action)[0]
        hand.apply(action)


def test_each_decisions_words_have_the_engines_numbers_and_no_number_typed_in():
    for move in LINE:
        if move.decision is not None:
            assert not re.search(r"\d", move.decision.text), move.decision.text
    game = FirstHand()
    said = {}
    for action in learner_moves():
        before = game.hand.copy()
        verdict = game.play(action)
        said[action] = (before, verdict.text)
    before, text = said["discard KC"]
    rest = [c for c in before.held(YOU) if c.code() != "KC"]
    assert f"least deadwood: {min_deadwood(rest)}." in text
    assert f"not throw {before.taken_card} back" in text
    assert f"(lesson {LESSONS[4].number})" in text and LESSONS[4].slug == "normal_turn"
    before, text = said["discard 8C"]
    rest = [c for c in before.held(YOU) if c.code() != "8C"]
    assert min_deadwood(rest) > before.knock_limit
    assert f"least deadwood: {min_deadwood(rest)}, still over the knock limit of {before.knock_limit}" in text
    before, text = said["knock 6C"]
    rest = [c for c in before.held(YOU) if c.code() != "6C"]
    assert f"leaves {min_deadwood(rest)} deadwood, within the knock limit of {before.knock_limit}" in text
    assert f"(lesson {LESSONS[5].number})" in text and LESSONS[5].slug == "knocking_and_gin"
    before, text = said["take"]  # the second take: 5♠ from Ann's discard
    top = before.top_discard
    meld = next(m for m in best_arrangement([*before.held(YOU), top]).melds if top in m)
    assert f"{top} goes into a meld, {' '.join(map(str, meld))}: take it" in text
    first = FirstHand()
    text = first.play("take").text
    assert f"(lesson {LESSONS[3].number})" in text and f"{first.hand.upcard} goes into a meld, 9♣ 9♦ 9♠" in text


def both_choices(before: Hand, seat: int = YOU) -> tuple[int, Fraction]:
    """The numbers of a take-or-draw decision, from their definitions: the least deadwood
    after taking the top discard and throwing another card, and the exact average of the
    least deadwood after drawing each card the seat has not seen from the stock."""
    view = SeatView.of(before, seat)
    top = before.top_discard
    assert top is not None  # a take-or-draw decision has a card to take
    held = view.hand
    take = min(min_deadwood([c for c in (*held, top) if c is not out]) for out in held)
    seen = {*held, *view.discard_pile, *view.opponent_known}
    return take, slow_expected_deadwood(held, [c for c in DECK if c not in seen])


def test_a_poor_take_is_played_and_explained_with_both_choices_numbers():
    game = FirstHand()
    game.play("take")
    game.play("discard KC")
    before = game.hand.copy()
    top = before.top_discard
    verdict = game.play("take")  # K♠ goes into no meld
    assert not verdict.sound and not game.on_script
    assert game.hand.history[:5] == (*before.history, "take")  # played, not refused
    take, draw = both_choices(before)
    assert draw < take
    assert (f"Taking {top} would leave {take} deadwood after your best discard; a card from the stock leaves "
            f"{plain_points(take - draw, 'less')}, on average.") in verdict.text
    assert "go back a step" in verdict.text


@pytest.mark.parametrize("discard", ["6C", "2D"])
def test_drawing_is_sound_when_every_stock_card_goes_out_and_taking_would_leave_more(discard):
    # After 5♠ is taken and 6♣ (or 2♦) discarded instead of knocking, Ann throws Q♠: taking it
    # would let the hand knock, but so would any card from the stock, with less deadwood.
    game = FirstHand()
    for action in [*learner_moves()[:5], f"discard {discard}"]:
        game.play(action)
    before = game.hand.copy()
    assert before.top_discard == parse_cards("QS")[0] and before.phase is Phase.DRAW
    take, draw = both_choices(before)
    view = SeatView.of(before, YOU)
    seen = {*view.hand, *view.discard_pile, *view.opponent_known}
    after_each = [min(min_deadwood([c for c in (*view.hand, u) if c is not out]) for out in (*view.hand, u))
                  for u in DECK if u not in seen]
    now = min_deadwood(view.hand)
    # taking Q♠ lets the hand knock, but so does every card from the stock, with less deadwood
    assert max(after_each) <= now < take <= before.knock_limit
    assert draw < now and (now, take) == ((2, 10) if discard == "6C" else (6, 10))
    verdict = game.play("draw")
    assert verdict.sound and "worth taking" not in verdict.text
    game.go_back(len(before.actions))
    verdict = game.play("take")
    assert not verdict.sound
    assert (f"Taking Q♠ would leave {take} deadwood after your best discard; a card from the stock leaves about "
            f"{8 if discard == '6C' else 6} points less, on average.") in verdict.text
    assert plain_points(take - draw, "less") in verdict.text


def test_a_poor_discard_is_explained_with_the_solvers_table():
    game = FirstHand()
    for action in learner_moves()[:3]:
        game.play(action)
    before = game.hand.copy()
    verdict = game.play("discard 6C")
    assert not verdict.sound
    held = before.held(YOU)
    least, cards = best_discards(before)
    mine = min_deadwood([c for c in held if c.code() != "6C"])
    assert mine > least and tuple(cards) == parse_cards("8C")
    assert f"Discarding 6♣ leaves {mine} deadwood; discarding 8♣ leaves {least}." in verdict.text
    table = discard_table(held, drawn=before.last_draw[0], discard_pile=before.discard_pile)
    assert verdict.table is not None
    assert [(r.card, r.deadwood) for r in verdict.table.rows] == [(r.card, r.deadwood) for r in table.rows]
    assert verdict.table.best()[0].card.code() == "8C"


def test_a_pass_that_should_have_been_a_take_is_explained_with_both_choices_numbers():
    game = FirstHand()
    before = game.hand.copy()
    verdict = game.play("pass")
    assert not verdict.sound
    take, draw = both_choices(before)
    assert take < draw
    now = min_deadwood(before.held(YOU))
    assert (f"Taking 9♠ makes a set: 9♣ 9♦ 9♠. Taking 9♠ and discarding K♣ lowers your deadwood from {now} to "
            f"{take}. A card from the stock would leave {plain_points(draw - take, 'more')} deadwood, on average."
            ) in verdict.text


def answered(hand: Hand) -> Hand:
    """The hand after the opponent's sound moves, up to the learner's next decision or the end."""
    while not hand.is_over and hand.to_act == THEM:
        hand.apply(sound_move(hand))
    return hand


def offered(hand: Hand) -> bool:
    """The learner is to take the top discard or refuse it."""
    return hand.to_act == YOU and hand.phase in (Phase.UPCARD, Phase.DRAW) and hand.is_legal(Action(ActionKind.TAKE))


def next_turns(hand: Hand) -> list[Hand]:
    """Every way the learner's turn from ``hand`` can go (each draw, then each discard), answered."""
    following = []
    for draw in hand.legal_actions():
        drawn = hand.copy()
        drawn.apply(draw)
        if drawn.to_act != YOU or drawn.phase is not Phase.DISCARD:
            following.append(answered(drawn))
            continue
        for discard in drawn.legal_actions():
            after = drawn.copy()
            after.apply(discard)
            following.append(answered(after))
    return following


def played_on_soundly(hand: Hand):
    """The learner's decisions on offer as the hand is played on soundly from ``hand`` to the end."""
    while not answered(hand).is_over and hand.phase not in LAYOUT_PHASES:
        if offered(hand):
            yield hand.copy()
        hand.apply(sound_move(hand))


def take_or_draw_decisions(turns: int):
    """Every take-or-draw decision of the learner (a discard on offer) on every branch of
    the hand: whatever the learner plays in the first ``turns`` turns, and every line that
    leaves the script's line at one move of the learner's, played on soundly to the end."""
    frontier = [script.start()]
    for _ in range(turns):
        playing = [hand for hand in frontier if not hand.is_over and hand.phase in (Phase.UPCARD, Phase.DRAW)]
        yield from (hand for hand in playing if offered(hand))
        frontier = [after for hand in playing for after in next_turns(hand)]
    hand = script.start()
    for seat, action in script.SCRIPT.actions:
        if seat == YOU and hand.phase in (Phase.UPCARD, Phase.DRAW, Phase.DISCARD):
            for other in hand.legal_actions():
                if other != action:
                    line = hand.copy()
                    line.apply(other)
                    yield from played_on_soundly(line)
        hand.apply(action)


def test_every_take_or_draw_judgement_on_every_branch_agrees_with_both_choices_numbers():
    judged = {True: 0, False: 0}
    for before in take_or_draw_decisions(3):
        take, draw = both_choices(before)
        refuse = Action(ActionKind.PASS if before.phase is Phase.UPCARD else ActionKind.DRAW)
        for action, mine, other in ((Action(ActionKind.TAKE), take, draw), (refuse, draw, take)):
            sound, text, table = script.judge(before, action)
            assert sound == (other >= mine), (before.history, action, take, draw, text)
            assert table is None
            judged[sound] += 1
            if not sound:  # the words compare both numbers, in whole points
                if action.kind is ActionKind.TAKE:
                    assert f"would leave {take} deadwood" in text and plain_points(take - draw, "less") in text, text
                else:
                    assert f"to {take}." in text and plain_points(draw - take, "more") in text, text
                assert not re.search(r"\d[.,]\d", text), text
    assert judged[True] > 100 and judged[False] > 100


def test_a_missed_knock_is_explained():
    game = FirstHand()
    for action in learner_moves()[:5]:
        game.play(action)
    before = game.hand.copy()
    verdict = game.play("discard 6C")
    rest = [c for c in before.held(YOU) if c.code() != "6C"]
    assert not verdict.sound
    assert (f"You could have knocked: discarding 6♣ face down leaves {min_deadwood(rest)} deadwood, within the "
            f"knock limit of {before.knock_limit}. Discarding 6♣ plays on") in verdict.text


@pytest.mark.parametrize(("moves", "illegal"), [
    (0, "discard 5H"),       # no card to discard before the draw
    (1, "discard 9S"),       # the upcard just taken may not go back
    (1, "knock 8C"),         # over the knock limit
    (3, "draw"),             # after the draw comes a discard
    (5, "discard QH"),       # not in the hand
])
def test_an_illegal_move_is_refused_with_the_engines_reason_and_changes_nothing(moves, illegal):
    game = FirstHand()
    for action in learner_moves()[:moves]:
        game.play(action)
    before, verdicts = state(game.hand.copy()), list(game.verdicts)
    reason = game.hand.explain_illegal(illegal)
    assert reason
    with pytest.raises(IllegalActionError) as refused:
        game.play(illegal)
    assert str(refused.value) == reason
    assert state(game.hand) == before and game.verdicts == verdicts


def test_the_refusal_of_the_card_just_taken_says_the_rule():
    game = FirstHand()
    game.play("take")
    with pytest.raises(IllegalActionError, match="cannot discard 9♠: it was just taken from the discard pile"):
        game.play("discard 9S")


def test_the_hand_replays_from_any_step_and_plays_on_from_there():
    whole = played_line()
    steps = whole.steps()
    assert [index for index, _ in steps] == [i for i, (seat, _) in enumerate(whole.hand.actions) if seat == YOU]
    for index, _ in steps:
        game = played_line()
        game.go_back(index)
        assert game.hand.history == whole.hand.history[:index]
        assert all(v.step < index for v in game.verdicts)
        assert game.learner_to_act and game.on_script
        for move in [m.action for m in LINE[index:] if m.seat == YOU]:
            game.play(move)
        assert game.hand.history == whole.hand.history
        assert game.hand.result.to_dict() == whole.hand.result.to_dict()
    game = played_line()
    game.go_back(steps[2][0])  # before the draw: take K♠ instead, then play on soundly to the end
    game.play("take")
    while not game.hand.is_over:
        game.play(sound_move(game.hand))
    assert game.hand.is_over and not game.on_script
    game.go_back(2)  # the opponent's move: replayed as it was, up to the learner's next decision
    assert game.hand.history == whole.hand.history[:4] and game.learner_to_act and game.on_script
    assert [v.step for v in game.verdicts] == [0, 1]
    with pytest.raises(GinError, match="no step 5 to go back to"):
        game.go_back(5)  # no fifth move yet


def test_off_the_script_the_opponent_plays_soundly_to_the_end():
    game = FirstHand()
    game.play("pass")  # the dealer is offered the upcard, the sound player passes it too
    assert game.hand.history[:2] == ("pass", "pass") and game.learner_to_act
    while not game.hand.is_over:
        game.play(sound_move(game.hand))
    assert game.hand.result is not None


def test_the_final_score_is_the_engines():
    game = played_line()
    result = game.hand.result
    assert result.to_dict() == Hand.from_dict(game.hand.to_dict()).result.to_dict()
    replayed = deal(script.YOU_HOLD, script.SHE_HOLDS, script.UPCARD, script.STOCK,
                    actions=[a for _, a in game.hand.actions])
    assert replayed.result.to_dict() == result.to_dict()
    knocker = sum(c.value for c in game.hand.unlaid(YOU))
    defender = sum(c.value for c in game.hand.unlaid(THEM))
    assert result.knocker == YOU and result.points == defender - knocker
    assert result.explain().endswith(f"{defender} − {knocker} = {defender - knocker}.")


def test_every_meld_a_decision_names_is_a_meld_the_card_drawn_or_taken_makes():
    hand = script.start()
    for step, (_, action) in enumerate(script.SCRIPT.actions):
        after = hand.copy()
        after.apply(action)
        decision = LINE[step].decision
        if decision is not None and "{meld}" in decision.text:
            values = script.decision_values(hand, action, after)
            meld, card = values["meld"], values["drawn"]
            assert meld_kind(meld) is not None and card in meld and set(meld) <= set(after.held(YOU))
            assert "meld_forms" in rules_in(hand, action, after)
        hand = after


def test_laying_out_by_hand_in_another_order_ends_with_the_same_score():
    game = FirstHand()
    for action in learner_moves()[:6]:
        game.play(action)
    assert game.hand.phase == Phase.KNOCKER_LAYOUT
    for meld in ("9C 9D 9S", "5H 6H 7H", "3S 4S 5S"):
        game.play(f"meld {meld}")
    game.play("done")
    assert not game.on_script and game.hand.is_over  # Ann then lays out as the engine does
    mine, scripted = game.hand.result, script.SCRIPT.result
    assert (mine.kind, mine.knocker, mine.points, mine.knocker_deadwood, mine.defender_deadwood) == \
        (scripted.kind, scripted.knocker, scripted.points, scripted.knocker_deadwood, scripted.defender_deadwood)
