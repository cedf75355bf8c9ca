"""Practice against the computer: the game logic, saving and resuming, a whole match."""

import json
import random
import re
from fractions import Fraction
from html import escape

import pytest

from decks import stacked_deck
from gintrainer import Match, Rules
from gintrainer.engine import players, roster
from gintrainer.engine.hand import LAYOUT_PHASES, ActionKind, Phase
from gintrainer.engine.solver import discard_table
from gintrainer.engine.view import SeatView
from gintrainer.replay import load
from gintrainer.replay.annotate import better_words, discard_position
from gintrainer.trainers.coach import CoachMode, coaching
from gintrainer.trainers.practice import PracticeError, PracticeGame, opponents, practice_rules, save_path
from gintrainer.words.errors import GinError, IllegalActionError

# The learner (seat 0, non-dealer) holds three melds and 5♦; taking the A♦ upcard
# lets him knock with 5♦ (1 deadwood), while throwing 2♣ or K♠ breaks a meld.
KNOCK_DEAL = stacked_deck("2C 3C 4C 7H 7S 7D JS QS KS 5D", "8C 9C TD JD 2H 4H 6S 8S KD QH", "AD")


pytestmark = pytest.mark.usefixtures("data")


def knock_game(**options) -> PracticeGame:
    match = Match(Rules(), seed="knock", first_dealer=1, deck=KNOCK_DEAL)
    return PracticeGame(match=match, opponent="naive", **options)


def learner_move(game: PracticeGame, seed=3):
    """The naive player's move for the learner's seat (from that seat's view only)."""
    return players.decide(roster.make_player("naive"), game.hand, seed=seed)


def play_learner_turn(game: PracticeGame, seed=3) -> None:
    """One learner decision (dealing the next hand first when this one is over)."""
    if game.can_deal:
        game.next_hand()
    if game.hand.phase in LAYOUT_PHASES:
        game.lay_out()
        game.let_computer_play()
    else:
        game.play(learner_move(game, seed))


def test_opponents_are_the_players_module_s():
    names = [name for _, name in opponents()]
    assert names == list(roster.PLAYERS) and "lookahead" in names
    assert dict((name, label) for label, name in opponents())["lookahead"] == "Club player (lookahead)"


def test_rules_from_a_preset_and_variants():
    rules = practice_rules("classic", oklahoma=True, straight_gin=True, hollywood=True, big_gin=True, target=150)
    assert rules == Rules.preset("classic", oklahoma=True, straight_gin=True, hollywood=True, big_gin=True,
                                 target=150)
    with pytest.raises(PracticeError, match="unknown rules preset 'house'"):
        practice_rules("house")
    with pytest.raises(PracticeError, match="unknown variant 'jokers'"):
        practice_rules("standard", jokers=True)
    with pytest.raises(GinError, match="target"):
        practice_rules("standard", target=0)


def test_a_new_game_waits_for_the_learner():
    for seed in range(6):
        game = PracticeGame(opponent="naive", seed=seed)
        assert game.learner_to_act and not game.can_take_back and not game.hand.is_over


def test_illegal_and_out_of_turn_moves_change_nothing():
    game = knock_game()
    before = game.to_dict()
    with pytest.raises(IllegalActionError, match="cannot discard 5D now"):
        game.apply("discard 5D")  # the upcard is offered first
    game.apply("take")
    after_take = game.to_dict()
    with pytest.raises(IllegalActionError, match="cannot knock 2♣: the rest leaves 13 deadwood"):
        game.apply("knock 2C")
    with pytest.raises(IllegalActionError, match="cannot discard A♦: it was just taken"):
        game.apply("discard AD")
    assert game.to_dict() == after_take
    game.apply("discard KS")
    with pytest.raises(PracticeError, match="computer's turn"):
        game.apply("draw")
    assert game.hand.history == ("take", "discard KS")
    assert before != after_take


def test_the_computer_moves_from_its_own_view_only():
    seen = []

    class Spy:
        name = "spy"

        def __init__(self, inner):
            self.inner = inner

        def choose(self, view, rng):
            seen.append((view, game.hand.held(game.seat)))
            return self.inner.choose(view, rng)

    game = PracticeGame(opponent="lookahead", seed=21, play=False)
    game.player = Spy(game.player)
    game.let_computer_play()
    for _ in range(30):
        play_learner_turn(game)
    assert len(seen) > 20
    for view, learner_cards in seen:
        assert view.seat == game.computer_seat
        assert not set(view.hand) & set(learner_cards)
        assert set(view.opponent_known) <= set(learner_cards)


def test_coach_table_is_built_from_the_learner_s_view():
    game = knock_game()
    assert game.coach_table() is None  # the upcard is offered: no discard yet
    game.apply("take")
    table = game.coach_table()
    view = SeatView.of(game.hand, game.seat)
    card, source = view.drawn
    expected = discard_table(view.hand, rules=view.rules, drawn=card, drawn_from=source,
                             discard_pile=view.discard_pile, opponent_known=view.opponent_known)
    assert table.rows == expected.rows and table.unseen == expected.unseen
    assert table == discard_position(game.hand, game.seat)  # the replays' notes use the same table
    assert set(table.unseen) == set(SeatView.of(game.hand, game.seat).unseen)
    assert table.row("5D").knocks and not table.row("2C").knocks
    game.set_coach(False)
    assert game.coach_table() is None


def test_the_coach_in_words_speaks_at_each_draw_and_discard_and_the_table_stays_for_the_table():
    game = knock_game(coach="words")
    assert game.coach is CoachMode.WORDS and game.coach_table() is None
    offered = game.coach_words()
    assert offered == coaching(game.hand, game.seat, "Novice") and str(offered.action) == "take"
    game.apply("take")
    knock = game.coach_words()
    assert str(knock.action) == "knock 5D" and knock.action in game.hand.legal_actions()
    assert "You can knock now with 1 deadwood: the knock limit is 10." in knock.sentences()
    game.set_coach("table")
    assert game.coach_words() is None and game.coach_table() is not None
    game.set_coach("off")
    assert game.coach_words() is None and game.coach_table() is None
    with pytest.raises(PracticeError, match="unknown coach 'loud'"):
        game.set_coach("loud")
    assert game.coach is CoachMode.OFF  # a wrong mode changes nothing
    game.apply("discard KS")
    assert game.coach_words() is None  # the computer's turn (and its reply comes with let_computer_play)


def test_the_coach_s_mode_is_saved_and_a_version_1_game_is_read_as_the_table_or_off(data):
    game = PracticeGame(opponent="naive", seed=5, owner="Ann", coach="words")
    play_learner_turn(game)
    saved = json.loads(save_path("Ann").read_text())
    assert (saved["version"], saved["coach"]) == (3, "words")
    assert PracticeGame.resume("Ann")[0].coach is CoachMode.WORDS
    for flag, mode in ((True, "table"), (False, "off")):
        old = dict(saved, version=1, coach=flag)
        assert PracticeGame.from_dict(old).to_dict() == dict(saved, coach=mode)
    with pytest.raises(PracticeError, match="coach of a version 1 practice game is true or false, not 'words'"):
        PracticeGame.from_dict(dict(saved, version=1, coach="words"))
    with pytest.raises(PracticeError, match="coach of a practice game is off, words or table, not True"):
        PracticeGame.from_dict(dict(saved, coach=True))
    with pytest.raises(PracticeError, match="unknown coach 'loud'"):
        PracticeGame.from_dict(dict(saved, coach="loud"))


def test_take_back_returns_to_the_learner_s_earlier_decisions():
    game = PracticeGame(opponent="naive", seed=8)
    positions = []
    for _ in range(4):
        if game.hand.is_over:
            break
        positions.append(game.to_dict()["match"])
        play_learner_turn(game)
    assert game.can_take_back
    for expected in reversed(positions):
        game.take_back()
        assert game.to_dict()["match"] == expected
        assert game.learner_to_act
    assert not game.can_take_back
    with pytest.raises(PracticeError, match="no move of yours to take back"):
        game.take_back()
    start = len(game.hand.actions)
    again = learner_move(game)
    game.play(again)
    assert game.hand.actions[start] == (game.seat, again)


def test_take_back_of_a_finished_hand_unscores_it():
    game = knock_game()
    game.play("take")
    game.play("knock 5D")
    assert game.hand.phase == Phase.KNOCKER_LAYOUT and game.learner_to_act
    game.lay_out()
    game.let_computer_play()
    result = game.hand.result
    assert game.hand.is_over and result.knocker == 0 and result.knocker_deadwood == 1
    winner = result.winner_seat
    assert game.match.scores[winner] == result.points and game.match.scores[1 - winner] == 0
    assert 1 in game.finished_hands()
    game.take_back()  # the layout
    assert game.hand.phase == Phase.KNOCKER_LAYOUT and game.match.scores == (0, 0)
    game.take_back()  # the knock
    assert game.hand.phase == Phase.DISCARD and game.hand.history == ("take",)


def test_knocker_layout_uses_a_least_deadwood_arrangement():
    game = knock_game()
    game.play("take")
    game.play("knock 5D")
    game.lay_out()
    melds = {frozenset(m) for m in game.hand.melds(0)}
    assert len(melds) == 3 and frozenset(game.hand.unlaid(0)) == {game.hand.upcard}
    with pytest.raises(PracticeError, match="computer's turn"):
        game.lay_out()


def test_save_and_resume_round_trip(data):
    game = PracticeGame(opponent="naive", seed=5, owner="Ann")
    for _ in range(3):
        play_learner_turn(game)
    path = save_path("Ann")
    assert path.parent == data / "practice" and path.is_file()
    resumed, notice = PracticeGame.resume("Ann")
    assert notice is None and resumed.to_dict() == game.to_dict() and resumed.owner == "Ann"
    resumed.take_back()
    again, _ = PracticeGame.resume("Ann")
    assert again.to_dict() == resumed.to_dict() and again.to_dict() != game.to_dict()
    assert PracticeGame.resume("Nobody") == (None, None)


def test_every_spelling_of_a_name_resumes_one_game(data):
    # Practice games were filed under the exact spelling while profiles folded case, so
    # after "mia" and "Mia" became one profile, the game "mia" saved was out of reach.
    game = PracticeGame(opponent="naive", seed=5, owner="mia")
    play_learner_turn(game)
    for spelling in ("Mia", "MIA", " mIa "):
        resumed, notice = PracticeGame.resume(spelling)
        assert notice is None and resumed.to_dict() == game.to_dict()
    assert save_path("Mia") == save_path("mia") and [p.name for p in data.glob("practice/*.json")] == [
        save_path("mia").name]


def test_a_version_must_be_a_whole_number(data):
    # The practice reader took a version true for 1 (true == 1 in Python); every reader now
    # asks for a whole number.
    good = PracticeGame(opponent="naive", seed=5).to_dict()
    for version, words in ((True, "not True"), (1.0, "not 1.0"), (4, "a practice game of version 4, newer")):
        with pytest.raises(PracticeError, match=words):
            PracticeGame.from_dict(dict(good, version=version))
    with pytest.raises(PracticeError, match="not a practice game: its format is 'chess'"):
        PracticeGame.from_dict(dict(good, format="chess"))


def test_a_game_saved_before_the_computer_replied_gets_its_reply(data):
    game = PracticeGame(opponent="naive", seed=5, owner="Ann")
    while game.learner_to_act:
        game.apply(learner_move(game))  # saved with the computer to play
    assert not game.learner_to_act
    resumed, _ = PracticeGame.resume("Ann")
    assert resumed.learner_to_act or resumed.hand.is_over


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe", json.dumps({"format": "gintrainer-practice"}).encode()])
def test_a_corrupt_save_is_set_aside(data, content):
    path = save_path("Ann")
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    game, notice = PracticeGame.resume("Ann")
    assert game is None and "unreadable" in notice and "set aside" in notice
    assert not path.exists()
    aside = list(path.parent.glob("*.corrupt-*.json"))
    assert len(aside) == 1 and aside[0].read_bytes() == content and aside[0].name in notice


def test_a_record_that_breaks_the_rules_is_refused(data):
    game = PracticeGame(opponent="naive", seed=5)
    play_learner_turn(game)
    good = game.to_dict()
    assert PracticeGame.from_dict(json.loads(json.dumps(good))).to_dict() == good
    bad_opponent = dict(good, opponent="grandmaster")
    with pytest.raises(PracticeError, match="unknown opponent 'grandmaster'"):
        PracticeGame.from_dict(bad_opponent)
    with pytest.raises(PracticeError, match="seat is 0 or 1"):
        PracticeGame.from_dict(dict(good, seat=2))
    computer_step = next(i for i, (seat, _) in enumerate(game.hand.actions) if seat != game.seat)
    with pytest.raises(PracticeError, match="computer move"):
        PracticeGame.from_dict(dict(good, marks=[computer_step]))
    broken = json.loads(json.dumps(good))
    broken["match"]["hands"][0]["actions"][0] = "discard 5D"
    with pytest.raises(GinError, match="step 1"):
        PracticeGame.from_dict(broken)


def test_a_failed_save_is_reported_not_raised(tmp_path, monkeypatch):
    blocker = tmp_path / "blocked"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv("GINTRAINER_DATA", str(blocker))
    game = PracticeGame(opponent="naive", seed=5, owner="Ann")
    play_learner_turn(game)
    assert game.notice and game.notice.startswith("Your game could not be saved")


def play_match(game: PracticeGame) -> None:
    for _ in range(5000):
        if game.match.is_over:
            return
        if game.can_deal:
            game.next_hand()
        else:
            play_learner_turn(game)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("hollywood", [False, True])
def test_a_whole_match_scores_as_the_hands_say(hollywood):
    rules = practice_rules("standard", target=40, hollywood=hollywood)
    game = PracticeGame(rules, opponent="naive", seed=13)
    play_match(game)
    match = game.match
    assert match.is_over and len(match.games) == (3 if hollywood else 1)
    results = [h.result for h in match.hands]
    wins = [sum(1 for r in results if r.winner_seat == s) for s in (0, 1)]
    assert match.hands_won == tuple(wins)
    first = match.games[0]
    points = [0, 0]
    for r in results:  # the first game takes every scoring hand until someone reaches the target
        if r.winner_seat is not None and max(points) < rules.target:
            points[r.winner_seat] += r.points
    assert list(first.points) == points
    winner = 0 if points[0] >= rules.target else 1
    shutout = first.hands_won[1 - winner] == 0
    game_bonus = rules.game_bonus * (rules.shutout_multiplier if shutout else 1)
    assert first.bonuses.game[winner] == game_bonus and first.bonuses.game[1 - winner] == 0
    assert first.bonuses.boxes == (rules.box_bonus * first.hands_won[0], rules.box_bonus * first.hands_won[1])
    assert match.totals == tuple(sum(g.totals[s] for g in match.games) for s in (0, 1))
    with pytest.raises(PracticeError, match="match is over"):
        game.next_hand()
    with pytest.raises(PracticeError, match="match is over"):
        game.apply("draw")


def test_finished_hands_export_as_histories_that_load_back():
    game = PracticeGame(practice_rules("modern", target=30), opponent="naive", seed=2)
    play_match(game)
    histories = game.histories(learner="Ann")
    assert len(histories) == len(game.match.hands) == len(game.finished_hands())
    for number, replay in zip(game.finished_hands(), histories, strict=True):
        hand = game.match.hands[number - 1]
        loaded = load(replay.dump())
        assert loaded.hand.history == hand.history and loaded.hand.result == hand.result
        assert loaded.featured == game.seat and loaded.players == ("Ann", "Novice")
        assert all(note.author == "solver" for note in loaded.annotations)
        costly = game.costly_moves(number)
        assert list(costly) == sorted(costly, key=lambda n: -n.loss)
        assert all(n.loss > 0 and hand.actions[n.step - 1][0] == game.seat for n in costly)


# The computer (seat 1, non-dealer) opens by taking the 7♦ upcard (it completes 7♥ 7♠) and throwing K♥.
COMPUTER_OPENS = stacked_deck("2C 3C 4C 7H 7S 9D JS QS KH 5D", "8C 9C TD JD 2H 4H 6S 8S KD QH", "7D")
FILE_NOTATION = re.compile(r"\b(?:[2-9TJQKA]|10)[CDHS]\b")
MOVE_CITED = re.compile(r"^Move (\d+): ")


def test_the_move_log_starts_at_the_deal_with_the_computer_s_opening():
    game = PracticeGame(match=Match(Rules(), seed="open", first_dealer=0, deck=COMPUTER_OPENS), opponent="naive")
    assert game.hand.history == ("take", "discard KH") and game.learner_to_act
    assert [(m.step, m.seat, m.text) for m in game.move_log()] == [
        (1, 1, "Novice takes the upcard, 7♦."), (2, 1, "Novice discards K♥.")]
    game.play("draw")
    drawn = game.match.hands[0].actions  # the learner's draw shows its card; the computer's never do
    log = game.move_log()
    assert log[2].text == f"You draw {game.hand.last_draw[0]} from the stock." and len(log) == len(drawn)


def random_hand(seed: int) -> PracticeGame:
    """A hand played to its end with random legal moves for the learner (mistakes to coach)."""
    game = PracticeGame(opponent="naive", seed=seed)
    rng = random.Random(seed)
    while not game.hand.is_over:
        if game.hand.phase in LAYOUT_PHASES:
            game.lay_out()
            game.let_computer_play()
        else:
            game.play(rng.choice(game.hand.legal_actions()))
    return game


@pytest.mark.parametrize("seed", range(12))
def test_every_logged_move_is_a_sentence_in_card_symbols_as_the_seat_sees_it(seed):
    game = random_hand(seed)
    hand = game.hand
    log = game.move_log(1)
    assert [(m.step, m.seat) for m in log] == [(n, seat) for n, (seat, _) in enumerate(hand.actions, start=1)]
    for line, (seat, action) in zip(log, hand.actions, strict=True):
        assert line.text[0].isupper() and line.text.endswith(".") and not FILE_NOTATION.search(line.text)
        assert line.text.startswith("You " if seat == game.seat else "Novice ")
        if action.card is not None and (seat == game.seat or action.kind in (ActionKind.DISCARD, ActionKind.LAYOFF)):
            assert str(action.card) in line.text
        if seat != game.seat and action.kind in (ActionKind.KNOCK, ActionKind.GIN):
            assert line.text.endswith("discarding face down.")  # the knock card is not shown
    computer_draws = [n for n, (seat, a) in enumerate(hand.actions, start=1)
                      if seat != game.seat and a.kind == ActionKind.DRAW]
    for n in computer_draws:
        assert log[n - 1].text == "Novice draws from the stock."


@pytest.mark.parametrize("seed", range(12))
def test_the_coach_cites_moves_by_the_log_s_numbers_in_whole_sentences(seed):
    game = random_hand(seed)
    log = game.move_log(1)
    costly = game.costly_moves(1)
    notes = game.coach_notes(1)
    assert len(notes) == len(costly)
    for note, text in zip(costly, notes, strict=True):
        cited = MOVE_CITED.match(text)
        assert cited and int(cited[1]) == note.step and log[note.step - 1].seat == game.seat
        assert text.startswith(f"Move {note.step}: {log[note.step - 1].text} {note.comment}")
        assert "Step" not in text and not FILE_NOTATION.search(text)
        assert text.endswith(f"{float(note.loss):.2f} points of expected deadwood against the best choice.") or \
            text.endswith(f"{float(note.loss):.2f} points of deadwood against the best choice.")
        if note.tag == "costly-discard":
            best = discard_position(game.hand.prefix(note.step - 1), game.seat).rows[0].card
            assert f"Better: discard {best}." in text


@pytest.mark.parametrize("seed", range(12))
def test_the_coach_in_words_says_each_cost_in_whole_points_and_keeps_the_decimals_for_the_table(seed):
    game = random_hand(seed)
    costly = game.costly_moves(1)
    plain, table = game.coach_notes(1, plain=True), game.coach_notes(1)
    assert len(plain) == len(costly) and costly
    for note, words, figures in zip(costly, plain, table, strict=True):
        before = game.hand.prefix(note.step - 1)
        dealer_offered = before.phase is Phase.UPCARD and before.to_act == before.dealer
        exact = note.tag in ("better-knock", "costly-layout") or (
            note.tag in ("costly-take", "costly-pass") and dealer_offered)
        n = int((note.loss + Fraction(1, 2)) // 1)
        assert words.startswith(figures.split(note.comment)[0])  # the same move, cited the same way
        assert not re.search(r"\d[.,]\d", words), words
        if exact:
            assert note.loss == n and note.comment in words
            assert words.endswith(f"It cost {n} point{'s' if n != 1 else ''} of deadwood against the best choice.")
        else:
            assert note.comment not in words and re.search(r"\d[.,]\d", figures)  # the table's coach: decimals
            assert words.endswith(
                "On average it cost less than half a point of deadwood after the next draw, against the best choice."
                if n == 0 else f"On average it cost about {n} point{'s' if n != 1 else ''} of deadwood after the next "
                               "draw, against the best choice.")
        if note.better is not None:
            assert f"Better: {better_words(note.better)}." in words


def test_the_coach_names_a_costly_discard_by_its_move_number():
    game = knock_game()
    game.play("take")
    game.play("discard KS")  # breaks J♠ Q♠ K♠ instead of knocking with 5♦
    while not game.hand.is_over:
        play_learner_turn(game)
    table = discard_position(game.hand.prefix(1), game.seat)
    first = next(n for n in game.coach_notes(1) if n.startswith("Move 2: "))
    assert first.startswith("Move 2: You discard K♠. Discarding K♠ keeps")
    assert f"Better: discard {table.rows[0].card}." in first


def test_a_match_is_in_progress_once_the_learner_has_played():
    game = knock_game()
    assert not game.in_progress  # nothing of the learner's to lose yet
    game.play("take")
    assert game.in_progress
    game.take_back()
    assert not game.in_progress
    game.play("take")
    game.play("knock 5D")
    game.lay_out()
    game.let_computer_play()
    assert game.hand.is_over and game.in_progress
    match = PracticeGame(practice_rules(target=1), opponent="naive", seed=13)
    play_match(match)
    assert match.match.is_over and not match.in_progress


def test_the_coach_after_a_hand_never_faults_a_move_it_advised():
    """A learner who follows the coach in words at every decision: the coach's notes after the hand name none of
    those moves (the coach may advise a discard the solver's one-draw measure ranks lower, one that keeps a card
    from the opponent: seed 2 has six such, which the notes called costly), and the page says only the moves
    the coach advised cost anything, not that none did."""
    from gintrainer.widgets.practice import PracticePage
    from gintrainer.widgets.profile import Learner
    game = PracticeGame(opponent="naive", seed=2, coach=CoachMode.WORDS)
    while not game.hand.is_over:
        advice = coaching(game.hand, game.seat, game.names()[game.computer_seat]) if game.learner_to_act else None
        if advice is not None:
            game.apply(advice.action)
        elif game.learner_to_act:
            game.lay_out()  # the coach has nothing to advise about a layout
        else:
            game.let_computer_play()
    lossy = [n for n in game.notes(1) if n.loss is not None and n.loss > 0]
    assert len(lossy) == 6 and game.advised_losses(1) == tuple(lossy)
    assert game.costly_moves(1) == () and game.coach_notes(1) == () and game.coach_notes(1, plain=True) == ()
    for note in lossy:
        seat, played = game.hand.actions[note.step - 1]
        advice = coaching(game.hand.prefix(note.step - 1), game.seat, game.names()[game.computer_seat])
        assert seat == game.seat and str(advice.action) == str(played)
    coach = PracticePage(Learner(), game=game).coach.value
    assert "Only the draws and discards the coach advised cost anything" in coach and "None of" not in coach


def test_a_review_says_when_it_marks_a_move_the_coach_advised():
    """The coach in words weighs the deadwood after the next draw, the review the points of the whole hand: a
    move the coach advised may be marked. The learner who followed the coach (seed 2) has every draw and
    discard of theirs among the advised steps, and under each such marked row the review says why the two
    judge it differently; no other row says it (the learner throws another card than the coach's once)."""
    from fake_judge import FakeJudge
    from gintrainer.replay.review import Mark, review
    from gintrainer.widgets.review import coached_words, review_table_html
    game = PracticeGame(opponent="naive", seed=2, coach=CoachMode.WORDS)
    deviated = None
    while not game.hand.is_over:
        advice = coaching(game.hand, game.seat, game.names()[game.computer_seat]) if game.learner_to_act else None
        if advice is not None and deviated is None and advice.action.kind is ActionKind.DISCARD:
            other = next(a for a in game.hand.legal_actions()
                         if a.kind is ActionKind.DISCARD and str(a) != str(advice.action))
            game.apply(other)
            deviated = len(game.hand.actions)
        elif advice is not None:
            game.apply(advice.action)
        elif game.learner_to_act:
            game.lay_out()
        else:
            game.let_computer_play()
    hand = game.hand
    advised = game.advised_steps(1)
    learner_moves = {step for step, (seat, action) in enumerate(hand.actions, start=1)
                     if seat == game.seat and action.kind in (ActionKind.TAKE, ActionKind.DRAW, ActionKind.PASS,
                                                              ActionKind.DISCARD, ActionKind.KNOCK)}
    assert advised and advised <= learner_moves and deviated in learner_moves - advised
    assert all(game.hand.actions[step - 1][0] == game.seat for step in advised)
    marked_steps = sorted(advised)[:2]
    losses = {step - 1: (9.0, 1.0) for step in (*marked_steps, deviated)}
    reviewed = review(hand, game.seat, samples=10, judge=FakeJudge(losses))
    table = review_table_html(reviewed, advised=advised)
    note = escape(coached_words(), quote=True)
    rows = re.findall(r"<tr class='([^']*)'( data-step='(\d+)')?", table)
    said_under = set()
    last_step = None
    for classes, _, step in rows:
        if step:
            last_step = int(step)
        elif "gt-review-coached" in classes:
            said_under.add(last_step)
    marked = {d.step for d in reviewed.decisions if d.mark is not Mark.NONE}
    assert said_under == marked & advised and said_under and deviated in marked - said_under
    assert table.count(note) == len(said_under)


def test_the_table_coach_gives_the_take_or_draw_numbers_said_to_the_learner():
    """With the solver's table as the coach, a take-or-draw decision shows the solver's numbers for both
    choices (it showed nothing but at a discard), said to the learner, each number the solver's own; the coach
    off or in words shows no such line."""
    from gintrainer.replay.annotate import draw_choice
    from gintrainer.widgets.practice import PracticePage
    from gintrainer.widgets.profile import Learner
    seen = 0
    for seed in range(6):
        game = PracticeGame(opponent="naive", seed=seed, coach=CoachMode.TABLE)
        while not game.hand.is_over and seen < 4:
            if not game.learner_to_act:
                game.let_computer_play()
                continue
            takes = any(a.kind is ActionKind.TAKE for a in game.hand.legal_actions())
            found = game.coach_draw()
            assert (found is not None) == (takes and game.hand.phase in (Phase.UPCARD, Phase.DRAW))
            if found is not None:
                choice = draw_choice(game.hand, game.seat)
                assert found.choice == choice
                page = PracticePage(Learner(), game=game)
                line = page.coach.value
                assert "gt-coach-draw" in line
                assert (escape(f"You hold {choice.current} deadwood", quote=True) in line
                        or escape(f"You are to draw, holding {choice.current} deadwood", quote=True) in line)
                assert f"leaves {choice.take}" in line and str(choice.take_discard) in line
                page.close()
                for mode in (CoachMode.OFF, CoachMode.WORDS):
                    game.set_coach(mode)
                    assert game.coach_draw() is None
                game.set_coach(CoachMode.TABLE)
                seen += 1
            if game.hand.phase in (Phase.UPCARD, Phase.DRAW):
                game.apply(next(a for a in game.hand.legal_actions() if a.kind in (ActionKind.DRAW, ActionKind.PASS)))
            elif game.hand.phase is Phase.DISCARD:
                game.apply(next(a for a in game.hand.legal_actions() if a.kind is ActionKind.DISCARD))
            else:
                game.lay_out()
        if seen >= 4:
            break
    assert seen >= 4
