"""The practice tutor: a move whose mark reaches the tutor's threshold waits for Rethink, Play anyway or Hint
(the judge is the stand-in of tests/fake_judge.py, whose losses the tests choose)."""

from __future__ import annotations

import json

import pytest

from fake_judge import FakeJudge
from gintrainer.engine.evaluate import Estimate
from gintrainer.engine.hand import LAYOUT_PHASES, Action, ActionKind, Hand, Phase
from gintrainer.material.messages import Message, render, say
from gintrainer.replay import annotate
from gintrainer.replay.review import Mark, mark_for
from gintrainer.trainers.coach import CoachMode
from gintrainer.trainers.practice import PracticeError, PracticeGame, save_path
from gintrainer.trainers.tutor import TutorChoice, TutorMode, first_hint
from gintrainer.words.errors import GinError, IllegalActionError

BLUNDER = (9.0, 0.5)
"""A loss the review marks a blunder."""
MISTAKE = (5.0, 0.5)
"""A loss the review marks a mistake."""


def some_move(hand: Hand) -> Action:
    """A legal move of the learner that is one whole decision (the first legal action)."""
    return hand.legal_actions()[0]


def tutored(losses: dict[int, tuple[float, float]] | None = None, *, mode: str = "blunders", seed: int = 4,
            coach: str = "off", owner: str | None = None) -> tuple[PracticeGame, FakeJudge]:
    judge = FakeJudge(losses)
    game = PracticeGame(opponent="naive", seed=seed, coach=coach, tutor=mode, judge=judge, owner=owner)
    assert game.learner_to_act and game.hand.phase in (Phase.UPCARD, Phase.DRAW)
    return game, judge


def now(game: PracticeGame) -> int:
    return len(game.hand.actions)


def test_the_marks_the_tutor_stops_are_the_review_s():
    assert [mode.threshold for mode in TutorMode] == [None, Mark.MISTAKE, Mark.BLUNDER]
    assert [TutorMode.MISTAKES.stops(m) for m in Mark] == [False, False, True, True]
    assert [TutorMode.BLUNDERS.stops(m) for m in Mark] == [False, False, False, True]
    assert not any(TutorMode.OFF.stops(m) for m in Mark)
    assert (mark_for(Estimate(*BLUNDER, 200)), mark_for(Estimate(*MISTAKE, 200))) == (Mark.BLUNDER, Mark.MISTAKE)


def test_the_tutor_stops_a_blunder_and_the_game_is_unchanged():
    game, judge = tutored()
    game, judge = tutored({now(game): BLUNDER})
    before = game.to_dict()
    move = some_move(game.hand)
    warning = game.attempt(move)
    assert warning is not None and warning.mark is Mark.BLUNDER and warning.made == (move,)
    assert warning.loss == Estimate(*BLUNDER, 200) and warning.before == now(game)
    assert judge.calls == [(now(game), 200, game._tutor_seed(), ((move,),))]  # the learner's move, included
    assert game.pending == warning and game.to_dict() == before
    assert "blunder" in warning.question() and "9.00" in warning.question()


def test_a_move_below_the_threshold_is_played():
    game, judge = tutored()
    game, judge = tutored({now(game): MISTAKE}, mode="blunders")
    start, move = now(game), some_move(game.hand)
    assert game.attempt(move) is None and game.pending is None
    assert game.hand.actions[start] == (game.seat, move) and len(judge.calls) == 1
    game, judge = tutored({start: MISTAKE}, mode="mistakes")
    assert game.attempt(move) is not None and now(game) == start  # the same loss stopped at "mistakes"


def test_a_good_move_and_the_tutor_off_let_the_move_through():
    game, judge = tutored()  # no loss for any position: every move made is the best
    start, move = now(game), some_move(game.hand)
    assert game.attempt(move) is None and game.hand.actions[start] == (game.seat, move)
    assert game.can_take_back and game.pending is None and len(judge.calls) == 1 and game.tutor_notes == []
    off, off_judge = tutored({now(tutored()[0]): BLUNDER}, mode="off")
    assert off.attempt(some_move(off.hand)) is None and off.can_take_back and off_judge.calls == []


def test_rethink_leaves_the_game_exactly_as_it_was_and_is_noted():
    game, _ = tutored()
    game, _ = tutored({now(game): BLUNDER})
    before = game.to_dict()
    move = some_move(game.hand)
    game.attempt(move)
    game.rethink()
    assert game.pending is None and game.to_dict()["match"] == before["match"]
    assert not game.can_take_back and game.learner_to_act
    [note] = game.tutor_notes
    assert (note.choice, note.made, note.mark, note.step, note.hinted) == (
        TutorChoice.RETHINK, (move,), Mark.BLUNDER, now(game) + 1, False)
    assert "you rethought it" in note.text()
    with pytest.raises(PracticeError, match="no move of yours waiting"):
        game.rethink()


def test_play_anyway_plays_the_move_and_records_it():
    game, _ = tutored()
    start = now(game)
    game, _ = tutored({start: BLUNDER})
    move = some_move(game.hand)
    game.attempt(move)
    game.play_anyway()
    assert game.pending is None and game.hand.actions[start] == (game.seat, move) and game.can_take_back
    [note] = game.hand_tutor_notes()
    assert note.choice is TutorChoice.PLAYED and note.step == start + 1
    assert note.text().endswith("you played it anyway.") and note.mark is Mark.BLUNDER
    game.let_computer_play()
    game.take_back()  # the move taken back: its note goes with it
    assert now(game) == start and game.hand_tutor_notes() == ()


def test_a_hint_gives_the_first_step_of_the_ladder_and_the_move_still_waits():
    game, _ = tutored()
    game, _ = tutored({now(game): BLUNDER})
    game.attempt(some_move(game.hand))
    hint = game.take_hint()
    assert hint == say("td_hint_compare", card=game.hand.top_discard)  # take or draw: compare, as the puzzles do
    assert game.pending is not None and game.pending.hinted and game.learner_to_act
    game.play_anyway()
    assert game.tutor_notes[-1].hinted and "gave a hint" in game.tutor_notes[-1].text()


def test_the_first_hint_of_each_kind_of_decision():
    game, _ = tutored()
    game.attempt(some_move(game.hand))
    while game.hand.phase is not Phase.DISCARD:
        game.let_computer_play()
        game.attempt(some_move(game.hand))
    assert first_hint(game.hand) == say("hint_arrange")
    assert isinstance(first_hint(game.hand), Message)



def test_the_dealer_offered_the_upcard_is_hinted_to_compare_with_the_hand_kept():
    """Offered the upcard, the non-dealer who passes may yet draw from the stock (if the dealer passes too); the
    dealer who passes draws nothing (the non-dealer draws first): the hint compares taking with the hand kept,
    not with an average draw."""
    hand = Hand.deal(seed=7)
    assert hand.phase is Phase.UPCARD and hand.to_act != hand.dealer
    assert first_hint(hand) == say("td_hint_compare", card=hand.upcard)
    hand.apply("pass")
    assert hand.phase is Phase.UPCARD and hand.to_act == hand.dealer
    assert first_hint(hand) == say("td_hint_compare_keep", card=hand.upcard)
    assert "you keep your hand and the other player draws first" in render(first_hint(hand))
    hand.apply("pass")
    assert hand.to_act != hand.dealer and {a.kind for a in hand.legal_actions()} == {ActionKind.DRAW}


def test_while_the_tutor_waits_no_other_move_is_played():
    game, _ = tutored()
    game, _ = tutored({now(game): BLUNDER})
    move = some_move(game.hand)
    game.attempt(move)
    before = game.to_dict()
    other = game.hand.legal_actions()[-1]
    for play in (game.attempt, game.apply, game.play):
        with pytest.raises(PracticeError, match="answer the tutor first"):
            play(other)
    with pytest.raises(PracticeError, match="answer the tutor first"):
        game.attempt_lay_out()
    assert game.to_dict() == before and game.pending is not None


def test_an_illegal_move_changes_nothing_and_is_not_judged():
    game, judge = tutored()
    game, judge = tutored({now(game): BLUNDER})
    before = game.to_dict()
    with pytest.raises(IllegalActionError):
        game.attempt("discard AS" if game.hand.phase is Phase.DISCARD else "knock AS")
    with pytest.raises(GinError):
        game.attempt("nonsense")
    assert game.to_dict() == before and game.pending is None and judge.calls == []


def test_the_tutor_s_mode_and_notes_are_saved_and_an_old_game_loads_with_it_off(data):
    game, _ = tutored()
    game, _ = tutored({now(game): BLUNDER}, mode="mistakes", owner="Ann")
    game.attempt(some_move(game.hand))
    game.rethink()
    saved = json.loads(save_path("Ann").read_text())
    assert (saved["version"], saved["tutor"], len(saved["tutor_notes"])) == (3, "mistakes", 1)
    resumed, notice = PracticeGame.resume("Ann")
    assert notice is None and resumed is not None
    assert resumed.tutor is TutorMode.MISTAKES and resumed.tutor_notes == game.tutor_notes
    old = {key: value for key, value in saved.items() if key not in ("tutor", "tutor_notes")}
    loaded = PracticeGame.from_dict(dict(old, version=2))
    assert loaded.tutor is TutorMode.OFF and loaded.tutor_notes == []
    with pytest.raises(PracticeError, match="unknown tutor 'loud'"):
        PracticeGame.from_dict(dict(saved, tutor="loud"))
    for bad in ([{"hand": 1}], [dict(saved["tutor_notes"][0], hand=9)], "notes",
                [dict(saved["tutor_notes"][0], mark="none")]):
        with pytest.raises(PracticeError):
            PracticeGame.from_dict(dict(saved, tutor_notes=bad))
    game.set_tutor("off")
    assert json.loads(save_path("Ann").read_text())["tutor"] == "off"
    with pytest.raises(PracticeError):
        game.set_tutor("loud")
    assert game.tutor is TutorMode.OFF


def learner_positions(seeds=range(6), turns=4):
    """Positions where the learner draws or discards, from a few matches (the moves played: the first legal)."""
    for seed in seeds:
        game = PracticeGame(opponent="naive", seed=seed, coach="off")
        for _ in range(turns):
            if not game.learner_to_act or game.hand.phase not in (Phase.UPCARD, Phase.DRAW, Phase.DISCARD):
                break
            yield game.match
            game.play(some_move(game.hand))


def test_the_coach_and_the_tutor_never_give_opposite_advice():
    checked = quiet = 0
    for number, match in enumerate(learner_positions()):
        copy = type(match).from_dict(match.to_dict())
        steps = len(copy.hand.actions)
        losses = {steps: BLUNDER} if number % 2 else {}  # the tutor stops every move at half the positions
        game = PracticeGame(match=copy, opponent="naive", coach="words", tutor="blunders", judge=FakeJudge(losses),
                            play=False)
        plain = PracticeGame(match=copy, opponent="naive", coach="words", play=False)
        advice, silent = game.coach_advice()
        spoken = plain.coach_words()
        if spoken is None:
            continue
        checked += 1
        if advice is not None:  # the coach speaks: the tutor lets its move through
            assert advice.action == spoken.action and not silent
            assert game.tutor_check((advice.action,)) is None
            assert game.attempt(advice.action) is None and game.hand.actions[steps] == (game.seat, advice.action)
        else:  # the tutor would stop the coach's move: the coach says nothing
            quiet += 1
            assert silent and game.tutor_check((spoken.action,)) is not None
    assert checked >= 16 and 0 < quiet < checked


def test_the_coach_in_words_speaks_when_the_tutor_is_off():
    game, _ = tutored({}, coach="words", mode="off")
    assert game.coach is CoachMode.WORDS and game.coach_advice()[0] is not None


KNOCK_DEAL = ("2C 3C 4C 7H 7S 7D JS QS KS 5D", "8C 9C TD JD 2H 4H 6S 8S KD QH", "AD")
"""The learner (seat 0, non-dealer) takes the A♦ upcard and may knock with 5♦."""


def knocked(losses: dict[int, tuple[float, float]] | None = None) -> tuple[PracticeGame, FakeJudge]:
    from decks import stacked_deck
    from gintrainer import Match, Rules
    judge = FakeJudge(losses)
    match = Match(Rules(), seed="knock", first_dealer=1, deck=stacked_deck(*KNOCK_DEAL))
    game = PracticeGame(match=match, opponent="naive", coach="off", tutor="blunders", judge=judge)
    game.play("take")
    game.play("knock 5D")
    assert game.hand.phase is Phase.KNOCKER_LAYOUT and game.learner_to_act
    return game, judge


def test_the_whole_layout_is_judged_as_one_decision_and_played_anyway_as_one():
    game, judge = knocked()
    start = now(game)
    game, judge = knocked({start: BLUNDER})
    before = game.to_dict()
    warning = game.attempt_lay_out()
    assert warning is not None and len(warning.made) >= 2 and warning.made[-1].kind.value == "done"
    assert game.to_dict() == before and judge.calls[-1][3] == (warning.made,)
    assert game.take_hint() == say("kl_hint_count")  # the knocker's layout: count what the defender lays off
    game.play_anyway()
    assert tuple(a for _, a in game.hand.actions[start:start + len(warning.made)]) == warning.made
    game.let_computer_play()
    game.take_back()  # one decision: one take-back
    assert now(game) == start and game.hand.phase is Phase.KNOCKER_LAYOUT


def test_a_meld_made_by_hand_is_played_unjudged():
    game, judge = knocked()
    game, judge = knocked({now(game): BLUNDER})
    calls = len(judge.calls)
    assert game.attempt("meld 2C 3C 4C") is None and len(judge.calls) == calls and game.pending is None


def test_the_defender_s_first_hint():
    from decks import stacked_deck
    hand = Hand.deal(deck=stacked_deck(*KNOCK_DEAL), dealer=1)
    for action in ("take", "knock 5D", "auto"):
        hand.apply(action)
    assert first_hint(hand) == say("df_hint_count")


def test_a_defender_with_nothing_to_lay_out_or_off_has_no_decision_to_judge():
    from decks import stacked_deck
    from gintrainer import Match, Rules
    judge = FakeJudge()
    match = Match(Rules(), seed="knock", first_dealer=1, deck=stacked_deck(*KNOCK_DEAL))
    game = PracticeGame(match=match, opponent="naive", seat=1, coach="off", tutor="blunders", judge=judge)
    assert game.hand.phase is Phase.DEFENDER_LAYOUT and game.learner_to_act  # the computer knocked
    assert [str(a) for a in game.hand.legal_actions() if str(a) != "auto"] == ["done"]
    assert game.attempt("done") is None and judge.calls == [] and game.hand.is_over


def test_the_coach_and_the_tutor_agree_with_the_evaluator_itself():
    """The same over positions judged by the evaluator (slow: about 0.2 s a position)."""
    checked = 0
    for match in learner_positions(seeds=range(4), turns=3):
        copy = type(match).from_dict(match.to_dict())
        game = PracticeGame(match=copy, opponent="naive", coach="words", tutor="mistakes", play=False)
        advice, silent = game.coach_advice()
        if advice is None and not silent:
            continue
        checked += 1
        if advice is not None:
            assert game.attempt(advice.action) is None  # the move the coach advised is played, not stopped
        else:
            spoken = PracticeGame(match=copy, opponent="naive", coach="words", play=False).coach_words()
            assert spoken is not None and game.tutor_check((spoken.action,)) is not None
    assert checked >= 8


def played_to_the_end(game: PracticeGame, moves: dict[int, Action] | None = None) -> list[tuple[int, Action]]:
    """The learner's moves to the hand's end: ``moves`` at the positions it names, else the first legal action (a
    layout as the page lays it out); the learner's actions in order, each with its position."""
    made = []
    while not game.hand.is_over:
        if game.hand.phase in LAYOUT_PHASES:
            game.lay_out()
        else:
            action = (moves or {}).get(now(game), some_move(game.hand))
            made.append((now(game), action))
            game.play(action)
        game.let_computer_play()
    return made


def test_the_coach_after_the_hand_never_advises_a_move_the_tutor_stopped():
    """The learner tries the solver's better move, the tutor stops it, the learner rethinks and plays the first
    move anyway: the coach's words after the hand say nothing of that decision (the review's table shows the
    tutor's note there instead)."""
    checked = 0
    for seed in range(12):
        plain = PracticeGame(opponent="naive", seed=seed, coach="words")
        made = dict(played_to_the_end(plain))
        costly = [note for note in annotate(plain.hand, featured=plain.seat)
                  if note.better is not None and note.step - 1 in made]
        if not costly:
            continue
        note = costly[0]
        before, better = note.step - 1, Action.parse(note.better)
        game, _ = tutored({before: BLUNDER}, mode="blunders", seed=seed, coach="words")
        while now(game) < before:
            game.play(made[now(game)])
        assert game.attempt(better) is not None  # the tutor stops the solver's better move
        game.rethink()
        assert game.attempt(made[before]) is not None
        game.play_anyway()
        game.let_computer_play()
        played_to_the_end(game, made)
        assert game.hand.actions == plain.hand.actions  # the same hand, played with the tutor
        assert [(n.step, n.made, n.choice) for n in game.hand_tutor_notes(1)][:1] == \
            [(note.step, (better,), TutorChoice.RETHINK)]
        assert note.step in [n.step for n in plain.notes(1)]  # without the tutor the coach speaks of it
        assert note.step not in [n.step for n in game.notes(1)]
        assert not any(line.startswith(f"Move {note.step}:") for line in game.coach_notes(1))
        assert all(n in plain.notes(1) for n in game.notes(1))  # the other notes stay
        checked += 1
    assert checked >= 4
