"""A move is put into words in one place (gintrainer.engine.telling), for the practice log, the lessons' and
replays' step captions, the exercises' stories and the notes' better moves."""

from __future__ import annotations

import pytest

from gintrainer import catalogs
from gintrainer.engine import telling
from gintrainer.engine.hand import Action, ActionKind, Hand
from gintrainer.engine.rules import Rules
from gintrainer.engine.telling import Voice, advise, tell_move
from gintrainer.exercises import basics
from gintrainer.material.deals import deal
from gintrainer.material.steps import HandSteps
from gintrainer.replay.annotate import better_words
from gintrainer.trainers.practice import hand_move_log
from gintrainer.words.errors import GinError
from gintrainer.words.language import PLAYERS, in_language


def _sentences() -> set[str]:
    return {words for table in telling._WORDS.values() for words in table.values() if isinstance(words, str)}


def test_every_sentence_that_tells_a_move_is_written_in_the_one_owner():
    template = catalogs.template()
    for text in _sentences():
        places = {place for place, _ in template.get(text).locations}
        assert places == {"gintrainer/engine/telling.py"}, (text, places)


def test_the_actions_themselves_say_nothing_in_words():
    """The dead copy (``Action.describe`` and ``Action.sentence``, which only a test called) is gone."""
    assert not hasattr(Action, "describe") and not hasattr(Action, "sentence")


def _played(text_actions: list[str], **rules) -> Hand:
    return deal("2C 3C 4C 7H 7S 7D JS QS KS 9D", "5C 5D 6H 6C TH TD 2H 4S QD KC", "AC", stock="8D 9C",
                actions=text_actions, rules=Rules(**rules))


def test_every_place_that_shows_a_move_says_the_engines_card():
    hand = _played(["pass", "take", "discard KC"])
    upcard, taker = hand.upcard, hand.actions[1][0]
    steps = HandSteps(hand)
    log = hand_move_log(hand, taker, "Club")
    story = basics._story(hand)
    assert steps.caption(2).startswith(f"{PLAYERS[taker]} takes the upcard, {upcard}.")
    assert log[1].text == f"You take the upcard, {upcard}." and log[0].text.startswith("Club passes on the upcard")
    assert f"{PLAYERS[taker]} takes the upcard, {upcard}." in story and f"{PLAYERS[taker]} discards K♣." in story


def test_the_log_hides_the_other_players_stock_draw_and_face_down_discard():
    hand = _played(["pass", "pass", "draw"])
    drawer = hand.actions[2][0]
    drawn = hand.prefix(3).last_draw[0]
    assert hand_move_log(hand, drawer, "Club")[2].text == f"You draw {drawn} from the stock."
    assert hand_move_log(hand, 1 - drawer, "Club")[2].text == "Club draws from the stock."
    assert HandSteps(hand).caption(3) == f"{PLAYERS[drawer]} draws {drawn} from the stock."
    assert HandSteps(hand, face_down=(drawer,)).caption(3) == f"{PLAYERS[drawer]} draws a card from the stock."


def test_a_lesson_says_what_a_knock_leaves_and_the_log_says_it_plainly():
    hand = _played(["pass", "pass", "draw", "knock 9D"])
    seat, action = hand.actions[3]
    before, after = hand.prefix(3), hand.prefix(4)
    assert tell_move(before, seat, action, after, voice=Voice.LESSON, who="Ann").endswith(
        f"the other ten cards leave {after.deadwood(seat)} deadwood.")
    assert hand_move_log(hand, 1 - seat, "Club")[3].text == "Club knocks, discarding face down."
    assert hand_move_log(hand, seat, "Club")[3].text == "You knock, discarding 9♦ face down."


def test_a_voice_without_words_for_a_move_says_so():
    hand = _played(["pass", "pass", "draw"])
    before, after = hand.prefix(2), hand.prefix(3)
    with pytest.raises(GinError):
        tell_move(before, hand.actions[2][0], Action.parse("draw"), after, voice=Voice.STORY, seen=True)


def test_better_moves_are_advised_in_every_language():
    assert better_words("layoff 9H on 2") == advise(Action.parse("layoff 9H on 2")) == "lay off 9♥ on meld 2"
    with in_language("tr"):
        assert advise(Action(ActionKind.LAYOFF, "9H", target=1)) != "lay off 9♥ on meld 2"
