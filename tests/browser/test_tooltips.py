"""Tooltips in a real browser: no control of the app's pages has a "null" tooltip (ipywidgets' toggle
button and file upload views write a missing tooltip into the title attribute as the word null)."""

import pytest
from playwright.sync_api import expect

from conftest import open_page, settle

pytestmark = pytest.mark.browser

PAGES = {
    "puzzles/best_discard.ipynb": "Show the solver's table",
    "replays/example_hands.ipynb": "Load a history file",
    "classroom/gradebook.ipynb": "Upload results files",
    "practice/practice.ipynb": None,
    "lessons/first_hand.ipynb": None,
    "lessons/01_cards_and_melds.ipynb": None,
    "puzzles/defend.ipynb": None,
    "classroom/teacher.ipynb": None,
}
"""Pages to look at, with the control the learner hovers on it (the ones once seen saying "null")."""


@pytest.mark.parametrize("notebook", list(PAGES))
def test_no_control_on_a_page_has_a_null_tooltip(page, server, console, notebook):
    open_page(page, server, notebook, "profile=Tip")
    settle(page)
    named = PAGES[notebook]
    if named is not None:
        control = page.locator("button", has_text=named).first
        expect(control).to_be_attached()
        assert control.get_attribute("title") != "null"
        if control.is_visible():
            control.hover()
    assert page.locator('[title="null"]').count() == 0, page.locator('[title="null"]').evaluate_all(
        "els => els.map(e => e.outerHTML.slice(0, 200))")
