"""Duels: mirrored deals, the counts and the interval, and the command."""

import io
import json
import math
from contextlib import redirect_stdout

import pytest

from gintrainer import Hand
from gintrainer.cli import main
from gintrainer.engine.duel import MOST_MOVES, deal_deck, duel, play_hand, wilson_interval
from gintrainer.engine.hand import ActionKind
from gintrainer.engine.players import decide
from gintrainer.engine.roster import make_player
from gintrainer.engine.rules import Rules
from gintrainer.words.errors import GinError
from gintrainer.words.language import in_language


def test_each_deal_is_played_twice_with_the_seats_swapped():
    result = duel("naive", "lookahead", hands=20, seed="mirror")
    assert [r.deal for r in result.records] == [k // 2 for k in range(20)]
    assert [r.a_seat for r in result.records] == [k % 2 for k in range(20)]
    for record in result.records:
        deck, dealer = deal_deck("mirror", record.deal)
        hand = Hand(result.rules, dealer, deck)
        seats = [make_player("naive"), make_player("lookahead")]
        if record.a_seat == 1:
            seats.reverse()
        number = 2 * record.deal + record.a_seat
        while not hand.is_over:
            hand.apply(decide(seats[hand.to_act], hand, f"mirror:{number}"))
        assert hand.history == record.history
        winner = hand.result.winner_seat
        assert record.winner == (None if winner is None else "a" if winner == record.a_seat else "b")
        assert record.points == hand.result.points


def test_counts_add_up_and_the_json_has_the_named_fields():
    result = duel("lookahead", "naive", hands=30, seed=4, jobs=2)
    data = result.to_dict()
    for key in ("hands", "wins_a", "wins_b", "dead", "win_rate_a", "ci95_a", "points_per_hand_a"):
        assert key in data
    assert data["hands"] == 30
    assert data["wins_a"] + data["wins_b"] + data["dead"] + data["ties"] == 30
    assert data["win_rate_a"] == pytest.approx(data["wins_a"] / (data["wins_a"] + data["wins_b"]), abs=1e-4)
    low, high = data["ci95_a"]
    assert low <= data["win_rate_a"] <= high
    net = sum(r.points if r.winner == "a" else -r.points if r.winner == "b" else 0 for r in result.records)
    assert data["points_per_hand_a"] == pytest.approx(net / 30, abs=1e-3)


def test_two_processes_play_exactly_the_hands_one_does():
    one = duel("naive", "random", hands=12, seed=9)
    two = duel("naive", "random", hands=12, seed=9, jobs=2)
    assert [r.history for r in one.records] == [r.history for r in two.records]


def test_wilson_interval_against_its_formula_and_edges():
    for wins, n in ((0, 10), (10, 10), (55, 100), (1234, 2000)):
        low, high = wilson_interval(wins, n)
        p, z = wins / n, 1.959964
        # the interval's ends are the roots of (p - q)^2 = z^2 q (1 - q) / n
        for q in (low, high):
            assert (p - q) ** 2 == pytest.approx(z * z * q * (1 - q) / n, abs=1e-9)
        assert low <= p <= high
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert math.isclose(sum(wilson_interval(50, 100)), 1.0)


def test_bad_arguments_are_refused_with_a_message():
    with pytest.raises(GinError, match="unknown player 'nobody'"):
        duel("nobody", "naive", hands=2)
    with pytest.raises(GinError, match="positive whole number"):
        duel("naive", "naive", hands=0)
    with pytest.raises(GinError, match="jobs"):
        duel("naive", "naive", hands=2, jobs=0)


def test_the_duel_command_prints_json_and_text(capsys):
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        assert main(["duel", "--a", "naive", "--b", "random", "--hands", "6", "--seed", "2", "--json"]) == 0
    data = json.loads(buffer.getvalue())
    again = duel("naive", "random", hands=6, seed="2").to_dict()
    for key in ("hands", "wins_a", "wins_b", "dead", "win_rate_a", "ci95_a", "points_per_hand_a"):
        assert data[key] == again[key]
    assert main(["duel", "--a", "naive", "--b", "random", "--hands", "4", "--oklahoma"]) == 0
    assert "decided hands" in capsys.readouterr().out
    assert main(["duel", "--a", "naive", "--b", "random", "--hands", "0"]) == 2
    assert "--hands must be from 1 to 1000000, not 0" in capsys.readouterr().err


class _Taker:
    """Takes every discard it is offered and throws the first card it may: a hand of two never ends."""

    name = "taker"

    def choose(self, view, rng):
        return next((a for a in view.legal if a.kind in (ActionKind.TAKE, ActionKind.DISCARD)), view.legal[0])


def test_a_hand_that_never_ends_is_given_up_with_a_message_naming_the_players():
    deck, dealer = deal_deck("loop", 0)
    with pytest.raises(GinError) as caught:
        play_hand([_Taker(), _Taker()], deck, dealer, Rules(), "loop:0")
    message = str(caught.value)
    assert message.startswith(f"'taker' and 'taker' played {MOST_MOVES} moves of the hand with seed 'loop:0'")
    assert "never end a hand" in message
    for lang in ("tr", "ku", "ps"):  # in the learner's language, the names and the figures kept as they are
        with in_language(lang), pytest.raises(GinError) as caught:
            play_hand([_Taker(), _Taker()], deck, dealer, Rules(), "loop:0")
        said = str(caught.value)
        assert said != message and all(part in said for part in ("'taker'", str(MOST_MOVES), "'loop:0'"))
    # the same players with one that draws from the stock end the hand, well within the limit
    hand, _, moves, _ = play_hand([_Taker(), make_player("naive")], deck, dealer, Rules(), "loop:0")
    assert hand.is_over and sum(moves) < MOST_MOVES
