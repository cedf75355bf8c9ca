"""A puzzle open on a trainer or the daily page, and the hints taken on it, are kept in the page's address: a
reload, or the page opened in another language (whose link carries them), opens the same puzzle with the same
hints taken, so that a hint cannot be shed by reloading (the page said a hinted puzzle counts as seen, not
solved, and a language switch let it be answered as a clean solve)."""

import datetime as dt

import pytest

pytest.importorskip("ipywidgets")

from gintrainer.puzzles import bank, daily  # noqa: E402
from gintrainer.widgets import trainer as trainer_module  # noqa: E402
from gintrainer.widgets.profile import Learner  # noqa: E402
from gintrainer.widgets.trainer import DailyPage, TrainerPage  # noqa: E402
from test_app_widgets import answer  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_kernel")


def addressed(monkeypatch, **params):
    """The page's address holds ``params`` (as a reload or a language link brings them)."""
    monkeypatch.setattr(trainer_module, "query_params", lambda: dict(params))


def test_the_trainer_keeps_its_puzzle_and_hints_in_the_address_until_it_is_answered(data):
    page = TrainerPage("best_discard", learner=Learner("Ann"), seed=3)
    shown = page.view.puzzle.id
    assert page.address.query == {"puzzle": shown, "hints": ""} and page.address.carry == ["puzzle", "hints"]
    page.view.hint_button.click()
    page.view.hint_button.click()
    assert page.address.query == {"puzzle": shown, "hints": "2"}
    answer(page.view, right=True)
    assert page.address.query == {"puzzle": "", "hints": ""}


def test_a_reload_opens_the_puzzle_with_its_hints_taken_and_they_count(data, monkeypatch):
    puzzle = bank("best_discard")[40]
    addressed(monkeypatch, puzzle=puzzle.id, hints="2", profile="Ann")
    learner = Learner("Ann")
    page = TrainerPage("best_discard", learner=learner, seed=3)
    assert page.view.puzzle.id == puzzle.id and page.view.attempt.hints_used == 2
    assert page.view.hints.value.count("<li>") == 2 and page.address.query == {"puzzle": puzzle.id, "hints": "2"}
    answer(page.view, right=True)
    assert learner.progress.history[-1].result == "hinted" and learner.progress.history[-1].hints == 2


@pytest.mark.parametrize("params", [
    {"puzzle": "ck-000000000000"},  # no puzzle of this page's kind
    {"puzzle": "bd-not-a-puzzle", "hints": "1"},
    {"puzzle": "<script>", "hints": "-1"},
])
def test_an_address_naming_no_puzzle_of_the_page_serves_the_next_one(data, monkeypatch, params):
    addressed(monkeypatch, **params)
    page = TrainerPage("best_discard", learner=Learner("Ann"), seed=3)
    assert page.view.puzzle.id != params["puzzle"] and page.view.attempt.hints_used == 0
    assert page.address.query == {"puzzle": page.view.puzzle.id, "hints": ""}


def test_an_answered_puzzle_is_not_opened_again_and_odd_hint_counts_are_bounded(data, monkeypatch):
    learner = Learner("Ann")
    first = TrainerPage("best_discard", learner=learner, seed=3)
    done = first.view.puzzle.id
    answer(first.view, right=True)
    addressed(monkeypatch, puzzle=done, hints="1")
    assert TrainerPage("best_discard", learner=learner, seed=3).view.puzzle.id != done
    puzzle = bank("best_discard")[41]
    for hints, taken in (("99", len(puzzle.hints)), ("9" * 5000, 0), ("two", 0), ("", 0), ("²", 0),
                         ("٣", 0), ("-1", 0)):
        addressed(monkeypatch, puzzle=puzzle.id, hints=hints)
        page = TrainerPage("best_discard", learner=Learner("Ben"), seed=3)
        assert page.view.puzzle.id == puzzle.id and page.view.attempt.hints_used == taken


def test_the_daily_page_takes_again_the_hints_taken_on_its_puzzle(data, monkeypatch):
    today = dt.date(2026, 12, 7)
    puzzle = daily(today, "best_discard")
    addressed(monkeypatch, puzzle=puzzle.id, hints="1")
    page = DailyPage(today=today, learner=Learner("Ann"), kinds=iter(["best-discard"]))
    assert page.view.puzzle.id == puzzle.id and page.view.attempt.hints_used == 1
    assert page.address.query == {"puzzle": puzzle.id, "hints": "1"}
    addressed(monkeypatch, puzzle="bd-another", hints="2")
    other = DailyPage(today=today, learner=Learner("Ben"), kinds=iter(["best-discard"]))
    assert other.view.attempt.hints_used == 0
