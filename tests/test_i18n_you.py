"""Words about the learner are said to the learner: where a page names the learner's
seat "You", a sentence about a player is its second-person form ("You draw",
"You (dealer)", "Your points"), never a third-person template with "You" pasted in
("You draws", "You's points"), which no language can make agree."""

import re

import pytest

from gintrainer import Match, Rules
from gintrainer.engine.hand import LAYOUT_PHASES, Phase
from gintrainer.material.drawing import phase_words, score_rows, seat_table_html, table_html, words_about
from gintrainer.material.messages import CATALOG, YOU, Template, _check_second_person, addresses, render, say_about
from gintrainer.trainers.practice import PracticeGame
from gintrainer.words.errors import GinError

pytest.importorskip("ipywidgets")

from decks import stacked_deck  # noqa: E402
from gintrainer.widgets.practice import PracticePage  # noqa: E402
from gintrainer.widgets.profile import Learner  # noqa: E402
from i18n import pseudo_language  # noqa: E402
from test_i18n_trainers import texts  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_kernel")

KNOCK_DEAL = stacked_deck("2C 3C 4C 7H 7S 7D JS QS KS 5D", "8C 9C TD JD 2H 4H 6S 8S KD QH", "AD")
"""The learner (seat 0, non-dealer) takes the A♦ upcard and can knock with 5♦ (deadwood 1)."""

THIRD_PERSON_AFTER_YOU = re.compile(r"\bYou (?!pass\b)(?:\w+s\b|'s\b)|\bYou's\b")
"""An English third-person verb (or a possessive) after "You": "You draws", "You's points"
("You pass" is right: its s is the verb's own)."""
HIS_HER = re.compile(r"\b(?:his|her)\b", re.I)
PASTED = re.compile(r"⟦[^⟦⟧]*⟦You⟧")
"""In the pseudo-language: the learner's word "You" inside another sentence of the catalog."""


# -- the rule ------------------------------------------------------------------------------

def test_addresses_is_the_learner_s_seat_only():
    assert addresses(0, 0) and addresses(1, 1)
    assert not addresses(0, 1) and not addresses(1, 0)
    assert not addresses(0, None) and not addresses(1, None)  # a lesson's Ann and Ben: nobody is "you"


def test_say_about_names_a_player_or_speaks_to_the_learner():
    names = ("You", "Club player")
    assert render(say_about("label_seat_dealer", 1, names, 0)) == "Club player (dealer)"
    assert render(say_about("label_seat_dealer", 0, names, 0)) == "You (dealer)"
    assert render(say_about("label_seat_dealer", 0, ("Ann", "Ben"))) == "Ann (dealer)"  # nobody is "you"
    assert words_about("label_column_points", 0, names, 0) == "Your points"
    assert words_about("label_column_points", 1, names, 0) == "Club player's points"
    assert words_about("phase_draw", 1, names, 1) == "You draw from the stock or take the top of the discard pile."
    assert words_about("result_knocker_line", 0, names, 0, melds="2♣ 3♣ 4♣ (run)", deadwood="A♦ = 1") == \
        "You (knocker): melds 2♣ 3♣ 4♣ (run); deadwood A♦ = 1."


def test_a_message_without_a_player_has_no_second_person_form():
    with pytest.raises(GinError):
        say_about("label_stock", 0, ("Ann", "Ben"), None, count=3)  # names no player
    with pytest.raises(GinError):
        say_about("label_stock", 0, ("You", "Ben"), 0, count=3)  # no label_stock_you


def test_every_second_person_form_matches_its_message_without_the_player():
    forms = [name for name in CATALOG if name.endswith(YOU)]
    assert len(forms) >= 10
    for name in forms:
        third = CATALOG[name.removesuffix(YOU)]
        assert CATALOG[name].fields == third.fields - {"player", "winner"}
        assert CATALOG[name].text.startswith(("You", "Your"))
    with pytest.raises(GinError):
        _check_second_person({"label_x": Template("{player} (x)"), "label_x_you": Template("You (x) {count}")})
    with pytest.raises(GinError):
        _check_second_person({"label_y_you": Template("You (y)")})


def test_the_layout_phases_name_no_gender():
    for name in ("phase_knocker_layout", "phase_defender_layout"):
        assert not HIS_HER.search(CATALOG[name].text) and "their melds" in CATALOG[name].text
        assert "your melds" in CATALOG[name + YOU].text


def test_the_drawings_speak_to_the_learner_s_seat():
    match = Match(Rules(), seed="knock", first_dealer=1, deck=KNOCK_DEAL)
    hand = match.hand
    names = ("You", "Club player")
    assert phase_words(hand, names, you=0) == "You may take the upcard (A♦) or pass."
    assert phase_words(hand, ("Club player", "You"), you=1) == "Club player may take the upcard (A♦) or pass."
    assert phase_words(hand, ("Ann", "Ben")) == "Ann may take the upcard (A♦) or pass."  # the English as before
    hand.apply("take")
    assert phase_words(hand, names, you=0) == "You discard a card, or knock."
    assert phase_words(hand, ("Ann", "Ben")) == "Ann discards a card, or knocks."
    assert "You (non-dealer)" in table_html(hand, names=names, you=0)
    assert "Club player (dealer)" in table_html(hand, names=names, you=0)
    seen = seat_table_html(hand, 0, names=("You", "Club player"), you=0)
    assert "Club player (dealer)" in seen and not THIRD_PERSON_AFTER_YOU.search(seen)
    assert score_rows([hand], names, you=0)[0][3:] == ("Your points", "Club player's points")
    assert score_rows([hand], ("Ann", "Ben"))[0][3:] == ("Ann's points", "Ben's points")


# -- the practice page ---------------------------------------------------------------------------

def play_hand(page: PracticePage, *, knock: bool) -> list[str]:
    """Play the hand on the page to its end by its buttons (knocking when it may, with
    ``knock``), and return every text the page showed on the way."""
    game = page.game
    shown = texts(page)
    while not game.hand.is_over:
        phase = game.hand.phase
        if phase in LAYOUT_PHASES:
            page.lay_out_button.click()
        elif phase is Phase.DISCARD:
            knocks = [c for c in page.picker.cards if game.hand.is_legal(f"knock {c.code()}")] if knock else []
            card = knocks[0] if knocks else next(c for c in page.picker.cards
                                                 if game.hand.is_legal(f"discard {c.code()}"))
            page.picker.select(card.code())
            page._enable_buttons()
            (page.knock_button if knocks else page.discard_button).click()
        elif phase is Phase.UPCARD:
            (page.take_button if knock else page.pass_button).click()
        else:
            page.draw_button.click()
        assert page.status.value == ""
        shown += texts(page)
    return shown


def test_the_practice_page_never_pastes_you_into_a_third_person_sentence():
    match = Match(Rules(), seed="knock", first_dealer=1, deck=KNOCK_DEAL)
    page = PracticePage(Learner(), game=PracticeGame(match=match, opponent="naive"))
    shown = play_hand(page, knock=True)
    page.next_button.click()
    shown += play_hand(page, knock=False)
    everything = "\n".join(shown)
    assert THIRD_PERSON_AFTER_YOU.findall(everything) == []
    assert not re.search(r"You \((?:knocker|defender)\)[^<]*\bhis\b", everything)
    assert "You (non-dealer)" in everything and "You (dealer)" in everything
    assert "You (knocker): melds" in everything  # the learner knocked in the first hand
    assert "Club player (defender): melds" in everything or "Novice (defender): melds" in everything


def play_match(page: PracticePage) -> list[str]:
    """Play the match on the page to its end; every text the page showed on the way."""
    shown = []
    while not page.game.match.is_over:
        shown += play_hand(page, knock=True)
        if page.game.can_deal:
            page.next_button.click()
    return shown + texts(page)


def test_a_match_s_captions_and_verdict_speak_to_the_learner():
    page = PracticePage(Learner(), game=PracticeGame(Rules(target=1), opponent="naive", seed=3))
    everything = "\n".join(play_match(page))
    assert THIRD_PERSON_AFTER_YOU.findall(everything) == [] and "won by You" not in everything
    game = page.game
    won = addresses(game.match.winner, game.seat)
    assert ("— you won" in page.scores.value) == won
    assert ("The match is over: You win" in page.scores.value) == won


def test_in_the_pseudo_language_you_is_never_pasted_into_a_sentence():
    with pseudo_language():
        match = Match(Rules(), seed="knock", first_dealer=1, deck=KNOCK_DEAL)
        page = PracticePage(Learner(), game=PracticeGame(match=match, opponent="naive"))
        shown = play_hand(page, knock=True)
        page.next_button.click()
        shown += play_hand(page, knock=False)
        for seed in (3, 4):  # matches of one game to 1 point: each hand wins or loses it
            shown += play_match(PracticePage(Learner(), game=PracticeGame(Rules(target=1), opponent="naive",
                                                                          seed=seed)))
    everything = "\n".join(shown)
    assert "⟦You⟧" in everything  # the learner's seat is named on the score sheet
    assert PASTED.findall(everything) == []
    assert "⟦You (knocker): melds" in everything


def test_the_next_dealer_is_told_to_the_learner():
    page = PracticePage(Learner(), game=PracticeGame(Rules(target=150), opponent="random", seed=1))
    shown = []
    for _ in range(4):
        shown += play_hand(page, knock=True)
        page.next_button.click()
    everything = "\n".join(shown)
    assert "You deal next." in everything and "Next dealer: Beginner." in everything
    assert "Next dealer: You" not in everything and THIRD_PERSON_AFTER_YOU.findall(everything) == []
    assert re.search(r"<td>You: (?:knock|gin|undercut), [0-9]+</td>", everything)  # a hand the learner won
