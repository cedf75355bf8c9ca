"""The practice page in a real browser: take, draw and discard by clicking, the
knock button follows the selected card, and a reload resumes the game."""

import json
import re

import pytest
from playwright.sync_api import expect

from conftest import open_page, settle
from decks import stacked_deck
from gintrainer import Match, Rules
from gintrainer.engine import players, roster
from gintrainer.engine.hand import LAYOUT_PHASES, Phase
from gintrainer.material.drawing import DISCARD_COLUMNS, words
from gintrainer.trainers.practice import PracticeGame, save_path

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("server_data")]

# The learner (seat 0, non-dealer) may take the A♦ upcard and then knock with 5♦ only.
KNOCK_DEAL = stacked_deck("2C 3C 4C 7H 7S 7D JS QS KS 5D", "8C 9C TD JD 2H 4H 6S 8S KD QH", "AD")


def saved_game(name: str) -> PracticeGame:
    return PracticeGame.from_dict(json.loads(save_path(name).read_text()))


def hand_buttons(practice, cards):
    for card in cards:
        expect(practice.get_by_role("button", name=str(card), exact=True)).to_be_visible()


def looks(button) -> list[str]:
    """A button's background and text colours and its opacity, as the browser draws them."""
    return button.evaluate("b => { const s = getComputedStyle(b); return [s.backgroundColor, s.color, s.opacity]; }")


def test_play_by_clicking_and_resume_after_a_reload(page, server, console):
    match = Match(Rules(), seed="browser", first_dealer=1, deck=KNOCK_DEAL)
    PracticeGame(match=match, opponent="naive", owner="Pat").save()

    open_page(page, server, "practice/practice.ipynb", "profile=Pat")
    practice = page.locator(".gt-practice")
    expect(practice.locator(".gt-profile-bar")).to_contain_text("Playing as Pat")
    practice.get_by_role("button", name="Take the upcard").click()
    knock = practice.get_by_role("button", name="Knock with it")
    practice.get_by_role("button", name="2♣", exact=True).click()
    expect(knock).to_be_disabled()
    expect(practice.get_by_role("button", name="Discard it")).to_be_enabled()
    # A disabled button looks disabled whatever its style: "Next hand" (primary) as grey as the knock, not the
    # light blue of a faded primary button beside an enabled one.
    next_hand = practice.get_by_role("button", name="Next hand", exact=True)
    expect(next_hand).to_be_disabled()
    disabled = ["rgb(228, 228, 228)", "rgb(102, 102, 102)", "1"]
    assert looks(next_hand) == looks(knock) == disabled
    assert looks(practice.get_by_role("button", name="Discard it"))[0] == "rgb(21, 101, 192)"  # #1565c0
    practice.get_by_role("button", name="5♦", exact=True).click()
    expect(knock).to_be_enabled()
    heads = [words(f"label_column_{c}") for c in DISCARD_COLUMNS] + [words("label_column_marks")]
    expect(practice.locator("table.gt-discards thead th")).to_have_text(heads)  # the labels of every page
    practice.get_by_role("button", name="K♠", exact=True).click()
    expect(knock).to_be_disabled()
    practice.get_by_role("button", name="Discard it").click()
    expect(practice.get_by_role("button", name="K♠", exact=True)).to_have_count(0)

    draw = practice.get_by_role("button", name="Draw from the stock")
    expect(draw).to_be_enabled()
    draw.click()
    expect(practice.get_by_role("button", name="Discard it")).to_be_visible()
    game = saved_game("Pat")
    assert game.hand.phase is Phase.DISCARD and game.learner_to_act
    drawn = game.view().drawn[0]
    practice.get_by_role("button", name=str(drawn), exact=True).click()
    practice.get_by_role("button", name="Discard it").click()
    expect(practice.get_by_role("button", name=str(drawn), exact=True)).to_have_count(0)
    expect(practice.get_by_role("button", name="Take back")).to_be_enabled()

    game = saved_game("Pat")
    assert game.hand.history[:2] == ("take", "discard KS") and f"discard {drawn.code()}" in game.hand.history
    page.reload()
    expect(page.locator("#loading")).to_be_hidden(timeout=90_000)
    practice = page.locator(".gt-practice")
    hand_buttons(practice, game.hand.unlaid(game.seat))
    expect(practice.get_by_role("button", name="Take back")).to_be_enabled()
    expect(practice.locator(".gt-score-lines tbody tr").first).to_have_text(re.compile(r"^\s*1\s*Novice\s*in play"))
    practice.get_by_role("button", name="Take back").dblclick()  # one decision taken back, not two
    hand_buttons(practice, [drawn])
    settle(page)
    game = saved_game("Pat")
    assert game.hand.phase is Phase.DISCARD and drawn in game.hand.held(game.seat)


def won_first_hand(name: str) -> PracticeGame:
    """A saved match in its second hand: the learner knocked with 5♦ and won hand 1."""
    game = PracticeGame(match=Match(Rules(), seed="browser", first_dealer=1, deck=KNOCK_DEAL), opponent="naive",
                        owner=name)
    game.play("take")
    game.play("knock 5D")
    game.lay_out()
    game.let_computer_play()
    game.next_hand()
    game.save()
    return game


def test_a_new_match_over_one_in_progress_asks_and_no_keeps_it(page, server, console):
    game = won_first_hand("Quinn")
    path = save_path("Quinn")
    saved, stamp = path.read_bytes(), path.stat().st_mtime_ns
    mine = game.match.scores[game.seat]
    assert mine > 0 and game.hand_number == 2

    open_page(page, server, "practice/practice.ipynb", "profile=Quinn")
    practice = page.locator(".gt-practice")
    expect(practice.get_by_role("heading", name="Hand 2 against Novice (naive)")).to_be_visible()
    log = practice.locator(".gt-log")
    before = log.inner_text() if log.count() else ""
    practice.get_by_role("button", name="Start a new match", exact=True).click()
    question = practice.locator(".gt-confirm")
    expect(question).to_contain_text(f"throws away the one in progress (hand 2, you {mine}, Novice 0)")
    expect(practice.get_by_role("button", name="Start a new match", exact=True)).to_be_disabled()
    practice.get_by_role("button", name="No, keep playing").click()
    expect(question).to_be_hidden()
    expect(practice.get_by_role("heading", name="Hand 2 against Novice (naive)")).to_be_visible()
    assert (log.inner_text() if log.count() else "") == before
    assert path.read_bytes() == saved and path.stat().st_mtime_ns == stamp  # nothing written

    practice.get_by_role("button", name="Start a new match", exact=True).click()
    practice.get_by_role("button", name="Yes, start a new match").click()
    # The form offers the opponent of the match in progress: the new match is against the same player.
    expect(practice.get_by_role("heading", name="Hand 1 against Novice (naive)")).to_be_visible()
    fresh = saved_game("Quinn")
    assert fresh.opponent == "naive" and fresh.hand_number == 1 and fresh.match.scores == (0, 0)


# The computer (non-dealer) opens by taking the 7♦ upcard and throwing K♥.
COMPUTER_OPENS = stacked_deck("2C 3C 4C 7H 7S 9D JS QS KH 5D", "8C 9C TD JD 2H 4H 6S 8S KD QH", "7D")


def test_the_computer_s_opening_moves_are_in_the_log(page, server, console):
    game = PracticeGame(match=Match(Rules(), seed="open", first_dealer=0, deck=COMPUTER_OPENS), opponent="naive",
                        owner="Rae")
    game.save()
    assert game.hand.history == ("take", "discard KH")
    open_page(page, server, "practice/practice.ipynb", "profile=Rae")
    moves = page.locator(".gt-practice .gt-log li")
    expect(moves).to_have_text(["Novice takes the upcard, 7♦.", "Novice discards K♥."])
    page.locator(".gt-practice").get_by_role("button", name="Draw from the stock").click()
    expect(moves.nth(2)).to_have_text(re.compile(r"^You draw (10|[2-9AJQK])[♣♦♥♠] from the stock\.$"))


def test_after_a_hand_the_coach_cites_moves_by_the_log_s_numbers(page, server, console):
    game = PracticeGame(match=Match(Rules(), seed="coach", first_dealer=1, deck=KNOCK_DEAL), opponent="naive",
                        owner="Sol")
    game.play("take")
    game.play("discard KS")  # breaks J♠ Q♠ K♠ where 5♦ would knock
    while not game.hand.is_over:
        if game.hand.phase in LAYOUT_PHASES:
            game.lay_out()
            game.let_computer_play()
        else:
            game.play(players.decide(roster.make_player("naive"), game.hand, seed=1))
    game.save()
    notes = game.coach_notes(1)
    assert notes

    open_page(page, server, "practice/practice.ipynb", "profile=Sol")
    practice = page.locator(".gt-practice")
    shown = practice.locator(".gt-coach-notes li")
    expect(shown).to_have_count(len(notes))
    log = practice.locator(".gt-log li")
    expect(log).to_have_count(len(game.hand.actions))
    for text in shown.all_inner_texts():
        cited = re.match(r"Move (\d+): (.+?\.) ", text)
        assert cited, text
        assert log.nth(int(cited[1]) - 1).inner_text() == cited[2]
        assert "Step" not in text and not re.search(r"\b(?:[2-9TJQKA]|10)[CDHS]\b", text)
    expect(shown.first).to_contain_text("Move 2: You discard K♠.")
