"""The practice page's beginner coach in a real browser: chosen in the coach menu, it
speaks in words where the solver's table was, and the choice is kept in the saved game."""

import json

import pytest
from playwright.sync_api import expect

from conftest import open_page
from decks import stacked_deck
from gintrainer import Match, Rules
from gintrainer.trainers.practice import PracticeGame, save_path

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("server_data")]

# The learner (seat 0, non-dealer) may take the A♦ upcard and then knock with 5♦ only.
KNOCK_DEAL = stacked_deck("2C 3C 4C 7H 7S 7D JS QS KS 5D", "8C 9C TD JD 2H 4H 6S 8S KD QH", "AD")


def test_the_beginner_coach_speaks_in_words_instead_of_the_table(page, server, console):
    game = PracticeGame(match=Match(Rules(), seed="browser", first_dealer=1, deck=KNOCK_DEAL), opponent="naive",
                        owner="Pat")
    game.save()
    taken = PracticeGame.from_dict(game.to_dict())  # not saved
    taken.apply("take")
    taken.set_coach("words")
    sentences = taken.coach_words().sentences()  # what the coach says once the upcard is taken

    open_page(page, server, "practice/practice.ipynb", "profile=Pat")
    practice = page.locator(".gt-practice")
    practice.get_by_role("button", name="Take the upcard").click()
    expect(practice.locator("table.gt-discards")).to_have_count(1)  # the table (advanced) by default
    practice.locator(".gt-coach-choice select").select_option(label="in words (for beginners)")
    words = practice.locator(".gt-coach-words li")
    expect(words).to_have_text(list(sentences))
    expect(words.first).to_have_text("Knock with 5♦.")
    expect(practice.locator("table.gt-discards")).to_have_count(0)
    assert json.loads(save_path("Pat").read_text())["coach"] == "words"
