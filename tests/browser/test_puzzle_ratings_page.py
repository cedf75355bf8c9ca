"""Puzzle ratings learned from attempts, in Chromium against one Voila server: two learners answer today's
puzzle, and the puzzle's rating in the class store (the server's SQLite file) learns from each first
answer, through a reload and a restart of the server."""

import datetime as dt

import pytest
from playwright.sync_api import expect
from test_app_pages import solve

from conftest import open_page
from gintrainer.classroom.puzzle_ratings import open_ratings
from gintrainer.puzzles import daily
from gintrainer.puzzles.ratings import starting_rating
from gintrainer.records import profiles
from gintrainer.records.rating import Rating, play

pytestmark = pytest.mark.browser


@pytest.mark.usefixtures("one_utc_day")
def test_two_learners_teach_todays_puzzle_and_a_reload_and_a_restart_lose_nothing(page, server, server_data,
                                                                                  console):
    puzzle = daily(dt.datetime.now(dt.UTC).date(), "can_knock")
    start = starting_rating("can_knock", puzzle.id, puzzle.difficulty)
    store = open_ratings(f"sqlite:///{server_data / 'classes.sqlite3'}")
    before = store.rating(start)  # another test may have taught it already
    open_page(page, server, "puzzles/daily.ipynb", "profile=Rhea")
    view = page.locator(".gt-puzzle").first
    solve(view, puzzle, right=False)
    expect(view.locator(".gt-feedback-wrong")).to_be_visible()
    taught = store.rating(start)
    assert taught.plays == before.plays + 1 and taught.rating.rating > before.rating.rating
    open_page(page, server, "puzzles/daily.ipynb", "profile=Rhea")  # a reload shows the answer: nothing more
    expect(page.locator(".gt-puzzle").first).to_contain_text(puzzle.id)
    assert store.rating(start) == taught
    page.goto("about:blank")  # leave the page before its server goes away
    server.restart()
    open_page(page, server, "puzzles/daily.ipynb", "profile=Sami")
    view = page.locator(".gt-puzzle").first
    solve(view, puzzle, right=True)
    # "Yes, I can knock" is right already: the answer is finished (and taught) once the rating's change shows
    expect(view.locator(".gt-feedback-right")).to_be_visible()
    expect(view.locator(".gt-rating-change")).to_contain_text("solved")
    assert store.rating(start).plays == before.plays + 2
    sami = profiles.load("Sami").progress
    assert sami.history[-1].difficulty == taught.rating.rating  # Sami met the puzzle as Rhea left it
    assert sami.rating == play(Rating(), taught.rating, True).learner  # a new learner against it
