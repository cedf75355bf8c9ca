"""The "Your mistakes" page in a real browser: in Pashto, on a phone's 390 px, a learner's mistake made a
puzzle is listed with its game's date and opens in place when "Solve" is pressed."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from conftest import open_page
from gintrainer.puzzles import PuzzleKind
from gintrainer.replay.kept import keep_review
from gintrainer.trainers.mistakes import game_tag
from gintrainer.words.language import in_language, tc
from mistake_hands import KEPT_AT, case, judged

pytestmark = pytest.mark.browser


def test_a_mistake_made_a_puzzle_is_solved_in_place_in_pashto_on_a_phone(page, server, server_data, console):
    hand, seat, step = case(PuzzleKind.TAKE_OR_DRAW)
    keep_review("Mist", judged(hand, seat, step)[0], hand, match=8, number=1, at=KEPT_AT)
    page.set_viewport_size({"width": 390, "height": 900})
    open_page(page, server, "puzzles/mistakes.ipynb", "profile=Mist&lang=ps")
    with in_language("ps"):
        tag, solve = game_tag(KEPT_AT.date()), tc("button", "Solve")
    expect(page.locator(".gt-mistakes").get_by_text(tag).first).to_be_visible()
    page.get_by_role("button", name=solve).click()
    expect(page.locator(".gt-puzzle .gt-notice")).to_contain_text(tag)
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 1
