"""The engine speaks through the catalogs: every text it makes for a learner or a
teacher (moves in words, illegal moves, score explanations, parse errors, rules,
puzzle filters) comes from the catalogs, checked in the tests' pseudo-language;
card input and learners' names survive Turkish casing."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gintrainer.engine.cards import Card, parse_card, parse_cards
from gintrainer.engine.hand import Action, ActionKind, Hand, Phase
from gintrainer.engine.match import Match
from gintrainer.engine.melds import best_arrangement
from gintrainer.engine.players import decide, sound_player
from gintrainer.engine.roster import make_player
from gintrainer.engine.rules import Rules
from gintrainer.engine.scoring import DEAD_HAND, ScoreKind, score_hand
from gintrainer.engine.solver import discard_table
from gintrainer.engine.telling import Voice, advise, tell_move
from gintrainer.puzzles import generate, normalise_kind
from gintrainer.puzzles.kinds import PuzzleKind
from gintrainer.records import profiles
from gintrainer.words.errors import GinError, IllegalActionError, InvalidNotationError
from i18n import pseudo_language, unmarked

ROOT = Path(__file__).resolve().parent.parent
_TYPED = re.compile(r"'[^'\s]*'")
"""What a learner typed, quoted in an error message (their own input may stay unmarked)."""


def _message(call) -> str:
    try:
        call()
    except GinError as error:
        return str(error)
    raise AssertionError(f"no error from {call}")


def _illegal_messages(hand: Hand) -> list[str]:
    """The message of every kind of illegal move tried now."""
    held = hand.held(hand.to_act) if hand.to_act is not None else ()
    outside = [card for card in Card._ALL if card not in held][:2]
    tries = ["take", "pass", "draw", "big-gin", "done", "auto", "meld 2C 3C 4C", "layoff KS", "layoff KS on 9"]
    tries += [f"{kind} {card.code()}" for kind in ("discard", "knock", "gin") for card in (*held[:11], *outside)]
    tries += [f"meld {' '.join(card.code() for card in held[:3])}", f"layoff {held[0].code()}" if held else "done"]
    found = []
    for text in tries:
        try:
            hand.copy().apply(text)
        except IllegalActionError as error:
            found.append(str(error))
        except GinError:
            pass
    return found


def test_a_whole_hand_its_moves_and_its_illegal_moves_come_from_the_catalogs():
    with pseudo_language():
        texts, kinds, illegal = [], set(), 0
        for seed in range(6):
            hand = Hand.deal(Rules(), seed=seed)
            player = sound_player()
            while not hand.is_over:
                messages = _illegal_messages(hand)
                illegal += len(messages)
                texts += messages
                hand.apply(decide(player, hand, seed))
            before = hand.prefix(0)
            for seat, done in hand.actions:
                kinds.add(done.kind)
                after = before.copy()
                after.apply(done)
                texts += [tell_move(before, seat, done, after, voice=Voice.LESSON, who="Ann", seen=seen)
                          for seen in (True, False)]
                if done.kind is not ActionKind.AUTO:
                    texts += [tell_move(before, seat, done, after, voice=Voice.YOU),
                              tell_move(before, seat, done, after, voice=Voice.LOG, who="Ann", seen=False),
                              advise(done)]
                before = after
            texts.append(hand.result.explain())
        texts += [advise(Action.parse(text)) for text in ("layoff 9H on 2", "big-gin", "meld 7h 8h 9h", "pass")]
    assert {ActionKind.PASS, ActionKind.TAKE, ActionKind.DRAW, ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.MELD,
            ActionKind.LAYOFF, ActionKind.DONE} <= kinds and illegal > 50
    for text in texts:
        assert unmarked(text, allowed=["Ann"]) == [], text


def test_moves_in_words_keep_their_english():
    assert advise(Action.parse("layoff 9h on 2")) == "lay off 9♥ on meld 2"
    assert [advise(Action.parse(text)) for text in ("knock TD", "take", "big-gin", "done")] == [
        "knock, discarding 10♦ face down", "take the top of the discard pile", "go big gin with all 11 cards",
        "finish laying out"]


def _explanations() -> dict[str, str]:
    knock = score_hand("2C 3C 4C 7D 7H 7S 9H TH JH 6S", "4H 4D 4S 8C 9C TC KD 5H AS 5D")
    gin = score_hand("2H 3H 4H 5S 6S 7S 9C 9D 9H 9S", "8C 8D 8S 4C 4D 4S 5H 2C 2D AS")
    big = score_hand("2H 3H 4H 5S 6S 7S 8S 9C 9D 9H 9S", "8C 8D 8H 4C 4D 4S 5H 2C 2D AS", Rules(big_gin=True))
    under = score_hand("2C 3C 4C 7D 7H 7S 9H TH JH 6S", "4H 4D 4S 8C 9C TC KD KC KH AS")
    spades = score_hand("2C 3C 4C 7D 7H 7S 9H TH JH 6S", "4H 4D 4S 8C 9C TC KD 5H AS 5D",
                        Rules(oklahoma=True, oklahoma_spades_double=True), upcard="7S")
    tie = score_hand("2C 3C 4C 7D 7H 7S 9H TH JH 6S", "4H 4D 4S 8C 9C TC KD KC KH 6D", Rules(undercut_on_tie=False))
    return {"knock": knock.explain(), "gin": gin.explain(), "big gin": big.explain(), "undercut": under.explain(),
            "spades": spades.explain(), "tie": tie.explain(), "dead": DEAD_HAND.explain(),
            "kinds": " ".join(str(s.kind) for s in (knock, gin, big, under, tie))}


def test_every_kind_of_score_explanation_comes_from_the_catalogs():
    english = _explanations()
    assert english["kinds"] == "knock gin big_gin undercut tie", english
    assert "× 2 for the spade upcard" in english["spades"]
    with pseudo_language():
        marked = _explanations()
    for name, text in marked.items():
        if name != "kinds":
            assert unmarked(text) == [], (name, text)


def test_card_rules_vocabulary_and_puzzle_errors_come_from_the_catalogs():
    calls = [
        lambda: parse_card("7x"), lambda: parse_card("Zh"), lambda: parse_card("q"), lambda: parse_card("ZZ"),
        lambda: parse_cards("7h 7H"), lambda: parse_card("İH"), lambda: parse_card("7ı"),
        lambda: Rules(knock_limit=-1), lambda: Rules(big_gin="yes"), lambda: Rules(next_dealer="me"),
        lambda: Rules.preset("house"), lambda: Rules().replace(colour=1), lambda: Rules.from_dict(3),
        lambda: Rules(oklahoma=True).knock_limit_for(None), lambda: Rules(oklahoma=True).knock_limit_for("7H 8H"),
        lambda: Action.parse(""), lambda: Action.parse("jump 7H"), lambda: Action.parse("pass 7H"),
        lambda: Action.parse("discard"), lambda: Action.parse("meld"), lambda: Action.parse("layoff 9H at 2"),
        lambda: Phase.parse("lunch"), lambda: ScoreKind.parse("win"), lambda: PuzzleKind.parse("trivia"),
        lambda: normalise_kind("trivia"), lambda: generate("can_knock", seed=1, count=1, difficulty="brutal"),
        lambda: generate("can_knock", seed=1, count=1, difficulty=(5, 1)),
        lambda: generate("can_knock", seed=1, count=1, themes="x"),
        lambda: generate("best_discard", seed=1, count=1, objective="luck"),
        lambda: generate("can_knock", seed=1, count=-1),
        lambda: generate("can_knock", seed=1, count=2, difficulty=(0, 1), max_batches=1),
        lambda: make_player("genius"), lambda: best_arrangement("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC"),
        lambda: score_hand("2C 3C 4C 7D 7H 7S 9H TH JH 6S", "4H 4D 4S 8C 9C TC KD 5H AS"),
        lambda: score_hand("2C 3C 4C 7D 7H 7S 9H TH QS KS", "4H 4D 4S 8C 9C TC KD 5H AS 5D"),
        lambda: discard_table("2C 3C 4C 7D 7H 7S 9H TH JH 6S"),
        lambda: Match(seed=1).next_hand(),
    ]
    english = [_message(call) for call in calls]
    assert english[0] == "unknown suit 'x' in card '7x': use C D H S or ♣ ♦ ♥ ♠"
    assert english[3] == "malformed card 'ZZ': expected a rank then a suit, like '7H' or '10♦'"
    assert english[5] == "unknown rank 'İ' in card 'İH': use A 2-9 T (or 10) J Q K"
    assert english[6] == "unknown suit 'ı' in card '7ı': use C D H S or ♣ ♦ ♥ ♠"
    with pseudo_language():
        marked = [_message(call) for call in calls]
    for text in marked:
        assert unmarked(_TYPED.sub("", text)) == [], text


def test_rules_descriptions_and_card_names_come_from_the_catalogs():
    rules = [Rules(), Rules.preset("modern"), Rules.preset("classic", knock_limit=7, hollywood=True),
             Rules(big_gin=True, next_dealer="loser", undercut_on_tie=False, target=250, oklahoma=True)]
    assert rules[2].describe() == "classic, knock limit 7, hollywood"
    assert rules[3].describe() == "standard, big gin, no undercut on tie, next dealer loser, target 250, oklahoma"
    with pseudo_language():
        texts = [r.describe() for r in rules] + [card.name for card in Card._ALL]
        standing = _played_match()
    for text in [*texts, standing]:
        assert unmarked(text) == [], text


def _played_match() -> str:
    match = Match(Rules(target=25), seed=3)
    player = make_player("naive")
    while not match.is_over:
        hand = match.hand
        while not hand.is_over:
            match.apply(decide(player, hand, 3))
        if not match.is_over:
            match.next_hand()
    return match.summary()


# -- Turkish casing ---------------------------------------------------------------------

_PARSE_IN_TURKISH = """
import json, locale
try:
    taken = locale.setlocale(locale.LC_ALL, "")
except locale.Error:
    taken = None
from gintrainer.engine.cards import parse_cards, format_cards
from gintrainer.words.errors import GinError
from gintrainer.engine.hand import Action
out = {"locale": taken, "cards": format_cards(parse_cards("7h Kh 10♦ kS")),
       "action": str(Action.parse("KNOCK kh")), "gin": str(Action.parse("GİN 3s"))}
errors = []
for text in ("İH", "7ı", "ıS", "7İ"):
    try:
        parse_cards(text)
    except GinError as error:
        errors.append(str(error))
out["errors"] = errors
print(json.dumps(out))
"""


def test_card_input_parses_in_a_process_whose_locale_is_turkish():
    env = {**os.environ, "LC_ALL": "tr_TR.UTF-8", "LANG": "tr_TR.UTF-8", "LANGUAGE": "tr", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", _PARSE_IN_TURKISH], env=env, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["cards"] == "7H KH TD KS"
    assert out["action"] == "knock KH" and out["gin"] == "gin 3S"
    assert len(out["errors"]) == 4 and all(error.startswith("unknown ") for error in out["errors"]), out["errors"]


def test_turkish_letters_in_card_input_are_named_not_crashed_on():
    for text, word in (("İH", "rank"), ("ıH", "rank"), ("7ı", "suit"), ("7İ", "suit"), ("iS", "rank")):
        with pytest.raises(InvalidNotationError, match=f"unknown {word}"):
            parse_card(text)
    assert parse_cards("kS Kh 10♦ 7h") == parse_cards("KS KH TD 7H")


def test_a_learner_called_ilker_keeps_one_profile_under_every_spelling(tmp_path, monkeypatch):
    monkeypatch.setenv("GINTRAINER_DATA", str(tmp_path))
    profiles.update_settings("İlker", four_colour=True)
    for spelling in ("İlker", "ilker", "ILKER", "ılker", "İLKER"):
        found = profiles.load(spelling, create=False).progress
        assert found.name == "İlker" and found.settings.four_colour, spelling
    assert profiles.list_profiles() == ("İlker",)
