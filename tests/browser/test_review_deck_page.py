"""The review page in a real browser, two learners on one server: a learner's due review is served and
answered, and a reload finds it kept (scheduled days ahead, nothing due now); the other learner's page shows
their own, empty deck."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import expect

from conftest import open_page
from gintrainer.puzzles import bank
from gintrainer.records import profiles

pytestmark = pytest.mark.browser


def test_two_learners_review_on_one_server_and_a_reload_loses_nothing(browser, server, server_data):
    puzzle = next(p for p in bank("can_knock") if not p.can_knock)
    profiles.record_attempt("Rev", puzzle, "failed", answer="yes", hints=0,
                            at=datetime.now(UTC) - timedelta(hours=1))
    profiles.load("Other")
    mine, theirs = browser.new_context(), browser.new_context()
    page, other = mine.new_page(), theirs.new_page()
    open_page(page, server, "puzzles/review.ipynb", "profile=Rev")
    open_page(other, server, "puzzles/review.ipynb", "profile=Other")
    expect(page.locator(".gt-review-status")).to_contain_text("1 puzzle to review now")
    expect(other.locator(".gt-review-status")).to_contain_text("Your review deck is empty")
    page.get_by_role("button", name="No, I cannot knock").click()
    expect(page.locator(".gt-review-status")).to_contain_text("Nothing to review now")
    page.reload()
    expect(page.locator(".gt-review-status")).to_contain_text("Nothing to review now", timeout=90_000)
    card = profiles.load("Rev").progress.deck.cards[puzzle.id]
    assert card.learned and card.last_review is not None and profiles.load("Other").progress.deck.cards == {}
    mine.close()
    theirs.close()
