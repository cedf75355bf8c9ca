"""The app in a real browser: Debian's Chromium driven by Playwright against a
real Voila server (see tests/conftest.py)."""

import datetime as dt
import re
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import expect

from conftest import open_page
from gintrainer.exercises import generate
from gintrainer.puzzles import daily

pytestmark = pytest.mark.browser


def click_card(scope, card):
    scope.get_by_role("button", name=str(card), exact=True).click()


def test_landing_page_links_to_a_lesson_and_an_exercise_is_answered(page, server, console):
    open_page(page, server, "index.ipynb")
    expect(page.get_by_role("heading", name="Gin Rummy trainer")).to_be_visible()
    expect(page.get_by_role("link", name="9. Variants")).to_be_visible()
    page.get_by_role("link", name="1. Cards, values and melds").click()
    expect(page.locator("#loading")).to_be_hidden(timeout=90_000)
    assert page.url.endswith("lessons/01_cards_and_melds.ipynb")
    exercise = page.locator(".gt-exercise").nth(1)  # "pick a meld", answered by clicking cards
    expected = generate("pick_meld", 0)
    wrong = next(c for c in expected.options if c not in expected.answer)
    click_card(exercise, wrong)
    exercise.get_by_role("button", name="Check").click()
    expect(exercise.locator(".gt-feedback-wrong")).to_be_visible()
    exercise.get_by_role("button", name="Try again").click()
    for card in expected.answer:
        click_card(exercise, card)
    exercise.get_by_role("button", name="Check").click()
    expect(exercise.locator(".gt-feedback-right")).to_contain_text("✓")


def solve(view, puzzle, *, right: bool):
    """Answer a "can you knock?" puzzle rightly or wrongly through the page."""
    if not right:
        view.get_by_role("button", name="No" if puzzle.can_knock else "Yes, I can knock", exact=True).click()
        return
    if not puzzle.can_knock:
        view.get_by_role("button", name="No", exact=True).click()
        return
    view.get_by_role("button", name="Yes, I can knock").click()
    click_card(view, puzzle.answer[0])
    view.get_by_role("button", name="Knock with this discard").click()


def test_todays_can_knock_puzzle_right_then_wrong(page, server, console):
    today = dt.datetime.now(dt.timezone.utc).date()
    puzzle = daily(today, "can_knock")
    open_page(page, server, "puzzles/daily.ipynb")
    view = page.locator(".gt-puzzle").first
    expect(view).to_contain_text(puzzle.id)
    solve(view, puzzle, right=True)
    expect(view.locator(".gt-feedback-right")).to_contain_text("Right!")
    expect(view.locator(".gt-feedback")).to_contain_text(puzzle.explanation[:40])
    open_page(page, server, "puzzles/daily.ipynb")
    view = page.locator(".gt-puzzle").first
    solve(view, puzzle, right=False)
    expect(view.locator(".gt-feedback-wrong")).to_contain_text("Not quite.")
    view.get_by_role("button", name="Show the solver's table").click()
    expect(view.locator("table.gt-solver")).to_be_visible()


def test_progress_survives_a_server_restart(page, server, console):
    open_page(page, server, "puzzles/can_knock.ipynb", "profile=Tess")
    expect(page.locator(".gt-profile-bar")).to_contain_text("Playing as Tess")
    view = page.locator(".gt-puzzle").first
    view.get_by_role("button", name="No", exact=True).click()
    expect(view.locator(".gt-feedback")).to_contain_text(re.compile("Right|Not quite"))
    page.goto("about:blank")  # leave the page before its server goes away
    server.restart()
    open_page(page, server, "puzzles/profile.ipynb", "profile=Tess")
    expect(page.locator(".gt-stats").first).to_contain_text(re.compile(r"solved 1|failed 1"))


def test_landing_page_fits_a_phone(page, server, console):
    page.set_viewport_size({"width": 375, "height": 800})
    open_page(page, server, "puzzles/best_discard.ipynb")
    expect(page.locator(".gt-puzzle")).to_be_visible()
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1


@pytest.mark.parametrize("path", ["voila/files/gintrainer/app.py", "voila/files/index.ipynb",
                                  "voila/files/voila.json", "voila/files/pyproject.toml",
                                  "voila/files/.git/config", "voila/files/lessons/01_cards_and_melds.ipynb"])
def test_source_and_config_files_are_not_served(server, path):
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(server.url(path), timeout=10)
    assert refused.value.code in (403, 404)


def test_replays_page_steps_and_asks_the_solver(page, server, console):
    open_page(page, server, "replays/example_hands.ipynb")
    replay = page.locator(".gt-replay")
    expect(replay).to_contain_text("Step 0 of")
    for _ in range(3):
        replay.get_by_role("button", name="Forward ▶").click()
    expect(replay).to_contain_text("Step 3 of")
    replay.get_by_role("button", name="Ask the solver").click()
    expect(replay.locator(".gt-info").filter(has_text="played")).to_be_visible()
    replay.get_by_role("button", name="« Start").click()
    expect(replay).to_contain_text("Step 0 of")
