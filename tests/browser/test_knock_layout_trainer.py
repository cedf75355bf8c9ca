"""The "lay out your knock" trainer in a real browser: a puzzle answered through
the page, meld by meld, with its verdict and the points of the best layout."""

import re

import pytest
from playwright.sync_api import expect

from conftest import open_page
from gintrainer.puzzles import bank

pytestmark = pytest.mark.browser


def test_a_knock_layout_puzzle_is_laid_out_meld_by_meld_and_marked(page, server, console):
    open_page(page, server, "puzzles/knock_layout.ipynb", "profile=Kim")
    view = page.locator(".gt-puzzle")
    expect(view.locator(".gt-prompt")).to_contain_text("You knock with these ten cards")
    puzzle_id = re.search(r"Puzzle (\S+) ·", view.locator(".gt-info").first.inner_text()).group(1)
    puzzle = next(p for p in bank("knock_layout") if p.id == puzzle_id)
    expect(view.get_by_role("button", name="Discard the selected card")).to_be_hidden()
    picker = view.locator(".gt-picker")
    for number, meld in enumerate(puzzle.layouts[0], 1):
        for card in meld:
            picker.get_by_role("button", name=str(card), exact=True).click()
        view.get_by_role("button", name="Add meld", exact=True).click()
        expect(view.locator(".gt-layout-view")).to_contain_text(f"meld {number}: ")
    expect(picker.get_by_role("button")).to_have_count(10 - sum(len(m) for m in puzzle.layouts[0]))
    view.get_by_role("button", name="Knock with these melds", exact=True).click()
    expect(view.locator(".gt-feedback-right")).to_have_text("Right!")
    expect(view.locator(".gt-feedback")).to_contain_text(f"you score {puzzle.points}" if puzzle.points > 0
                                                         else "Lay out")
