"""The "take or draw?" trainer in a real browser: a puzzle answered through the
page, with its verdict, both numbers and the table of both choices."""

import re

import pytest
from playwright.sync_api import expect

from conftest import open_page
from gintrainer.material.messages import format_value
from gintrainer.puzzles import bank

pytestmark = pytest.mark.browser


def test_a_take_or_draw_puzzle_is_answered_with_its_verdict_and_numbers(page, server, console):
    open_page(page, server, "puzzles/take_or_draw.ipynb", "profile=Tao")
    view = page.locator(".gt-puzzle")
    expect(view.locator(".gt-prompt")).to_contain_text("is on top of the discard pile")
    puzzle_id = re.search(r"Puzzle (\S+) ·", view.locator(".gt-info").first.inner_text()).group(1)
    puzzle = next(p for p in bank("take_or_draw") if p.id == puzzle_id)
    expect(view.get_by_role("button", name="Discard the selected card")).to_be_hidden()
    view.get_by_role("button", name="Hint", exact=True).click()
    expect(view.locator(".gt-hints li")).to_have_count(1)
    name = f"Take {puzzle.offered}" if puzzle.choice == "take" else "Draw from the stock"
    view.get_by_role("button", name=name, exact=True).click()
    expect(view.locator(".gt-feedback-right")).to_have_text("Right, with hints.")
    feedback = view.locator(".gt-feedback")
    expect(feedback).to_contain_text(format_value(puzzle.draw_expected))
    expect(feedback).to_contain_text(f"discarding {puzzle.discard}")
    view.get_by_role("button", name="Show the solver's table").click()
    table = view.locator(".gt-choice-table")
    expect(table).to_contain_text(format_value(puzzle.take_expected))
    expect(table.locator(f".gt-choice-{puzzle.choice}")).to_contain_text("the answer, your choice")
