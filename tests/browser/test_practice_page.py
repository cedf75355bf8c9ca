"""The practice page in a real browser: take, draw and discard by clicking, the
knock button follows the selected card, and a reload resumes the game."""

import json

import pytest
from playwright.sync_api import expect

from conftest import open_page
from decks import stacked_deck
from gintrainer import Match, Rules
from gintrainer.practice import PracticeGame, save_path

pytestmark = pytest.mark.browser

# The learner (seat 0, non-dealer) may take the A♦ upcard and then knock with 5♦ only.
KNOCK_DEAL = stacked_deck("2C 3C 4C 7H 7S 7D JS QS KS 5D", "8C 9C TD JD 2H 4H 6S 8S KD QH", "AD")


def saved_game(name: str) -> PracticeGame:
    return PracticeGame.from_dict(json.loads(save_path(name).read_text()))


def hand_buttons(practice, cards):
    for card in cards:
        expect(practice.get_by_role("button", name=str(card), exact=True)).to_be_visible()


def test_play_by_clicking_and_resume_after_a_reload(page, server, console, monkeypatch):
    monkeypatch.setenv("GINTRAINER_DATA", str(server.data))
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
    practice.get_by_role("button", name="5♦", exact=True).click()
    expect(knock).to_be_enabled()
    expect(practice.locator("table.gt-solver").first).to_contain_text("expected after next draw")
    practice.get_by_role("button", name="K♠", exact=True).click()
    expect(knock).to_be_disabled()
    practice.get_by_role("button", name="Discard it").click()
    expect(practice.get_by_role("button", name="K♠", exact=True)).to_have_count(0)

    draw = practice.get_by_role("button", name="Draw from the stock")
    expect(draw).to_be_enabled()
    draw.click()
    expect(practice.get_by_role("button", name="Discard it")).to_be_visible()
    game = saved_game("Pat")
    assert game.hand.phase == "discard" and game.learner_to_act
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
    expect(practice.locator(".gt-hands")).to_contain_text("Hand 1: Novice dealt")
    practice.get_by_role("button", name="Take back").click()
    hand_buttons(practice, [drawn])
