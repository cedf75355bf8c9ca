"""The "defend" trainer in a real browser: a puzzle answered through the page,
its melds and lay-offs picked card by card, with its verdict and the engine's
numbers."""

import re

import pytest
from playwright.sync_api import expect

from conftest import open_page
from gintrainer.puzzles import bank

pytestmark = pytest.mark.browser


def test_a_defend_puzzle_is_laid_out_and_answered_with_its_verdict(page, server, console):
    open_page(page, server, "puzzles/defend.ipynb", "profile=Dee")
    view = page.locator(".gt-puzzle")
    expect(view.locator(".gt-prompt")).to_contain_text("The knocker laid out")
    puzzle_id = re.search(r"Puzzle (\S+) ·", view.locator(".gt-info").first.inner_text()).group(1)
    puzzle = next(p for p in bank("defend") if p.id == puzzle_id)
    expect(view.get_by_role("button", name="Discard the selected card")).to_be_hidden()
    picker = view.locator(".gt-picker")
    # each step waits for its cards to leave the clickable row: a click on a row the kernel is drawing again
    # can land on a button on its way out
    for meld in puzzle.reply.melds:
        for card in meld:
            picker.get_by_role("button", name=str(card), exact=True).click()
        view.get_by_role("button", name="Meld the selected cards").click()
        for card in meld:
            expect(picker.get_by_role("button", name=str(card), exact=True)).to_have_count(0)
    for layoff in reversed(puzzle.reply.layoffs):  # a chain's outer card first: any order is taken
        picker.get_by_role("button", name=str(layoff.card), exact=True).click()
        view.locator(".gt-reply-input select").select_option(index=layoff.meld)
        view.get_by_role("button", name="Lay off the selected card").click()
        expect(picker.get_by_role("button", name=str(layoff.card), exact=True)).to_have_count(0)
    expect(view.locator(".gt-reply-summary")).to_contain_text(f"{puzzle.reply.layoffs[0].card} on meld")
    # a card melded or laid off has left the clickable row: the deadwood kept is what is left there
    expect(picker.get_by_role("button")).to_have_count(len(puzzle.reply.deadwood))
    for card in puzzle.reply.deadwood:
        expect(picker.get_by_role("button", name=str(card), exact=True)).to_be_visible()
    view.get_by_role("button", name="Done: I undercut" if puzzle.undercut else "Done: no undercut").click()
    expect(view.locator(".gt-feedback-right")).to_have_text("Right!")
    expect(view.locator(".gt-feedback")).to_contain_text(f"The least deadwood you can keep is {puzzle.deadwood}")
