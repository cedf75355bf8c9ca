"""The "take or draw?" trainer as widgets, driven without a browser: the two
answers, the verdict with both numbers, the hints, the table of both choices, a
class set's blind answer, the trainer recording progress; and every word from
the catalogs."""

import re

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as widgets  # noqa: E402

from gintrainer.material.messages import format_value, render  # noqa: E402
from gintrainer.puzzles import bank  # noqa: E402
from gintrainer.records import profiles as store  # noqa: E402
from gintrainer.trainers.training import PuzzleAttempt  # noqa: E402
from gintrainer.widgets.profile import Learner  # noqa: E402
from gintrainer.widgets.trainer import PuzzleView, TrainerPage  # noqa: E402
from i18n import pseudo_language, unmarked  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_kernel")
KIND = "take_or_draw"


def shown(widget) -> list[str]:
    found = [getattr(widget, "value", "") if isinstance(widget, widgets.HTML) else "",
             getattr(widget, "description", "") or ""]
    for child in getattr(widget, "children", ()):
        found += shown(child)
    return [text for text in found if text]


def puzzle_of(choice):
    return next(p for p in bank(KIND) if p.choice == choice)


def test_the_view_asks_take_or_draw_and_answers_right_with_both_numbers():
    puzzle = puzzle_of("take")
    results = []
    view = PuzzleView(puzzle, on_result=lambda v, attempt: results.append(attempt.result))
    assert view.take_button.description == f"Take {puzzle.offered}"
    assert view.draw_button.description == "Draw from the stock"
    assert view.buttons.children == (view.take_button, view.draw_button, view.hint_button)
    assert "is on top of the discard pile" in view.position.value and [str(c) for c in puzzle.hand] == \
        [b.description for b in view.picker.buttons[:10]]
    view.take_button.click()
    assert results == ["solved"] and "gt-feedback-right" in view.feedback.value
    assert format_value(puzzle.take_expected) not in ("",) and format_value(puzzle.draw_expected) in view.feedback.value
    view.table_toggle.value = True
    table = view.table.value
    assert f"Take {puzzle.offered}, then discard {puzzle.discard}" in table and "Draw from the stock" in table
    assert format_value(puzzle.draw_expected) in table and format_value(puzzle.take_expected) in table
    assert ">the answer, your choice<" in table


def test_a_wrong_choice_says_what_it_costs():
    puzzle = puzzle_of("take")
    view = PuzzleView(puzzle)
    view.draw_button.click()
    text = view.feedback.value
    assert "Not quite" in text and "Not the best: a draw from the stock leaves" in text
    assert format_value(puzzle.draw_expected - puzzle.take_expected) in text
    assert view.attempt.result == "failed" and view.attempt.answers == ["draw"]
    view.take_button.click()  # a late click (sent before the buttons went): the puzzle is over, nothing said
    assert view.status.value == "" and view.attempt.answers == ["draw"]


def test_hints_then_a_right_answer_counts_as_hinted_and_replays():
    puzzle = puzzle_of("draw")
    view = PuzzleView(puzzle)
    for _ in range(3):
        view.hint_button.click()
    assert view.hints.value.count("<li>") == 3 and "Answer: draw from the stock." in view.hints.value
    view.draw_button.click()
    assert view.attempt.result == "hinted"
    attempt, feedback = PuzzleAttempt.replay(puzzle, "draw", hints=3)
    assert attempt.result == "hinted" and feedback.correct
    with pytest.raises(Exception, match="'take' or 'draw'"):  # the kind's one reader of its answers
        PuzzleAttempt.replay(puzzle, "7H")


def test_a_class_set_records_the_choice_without_a_verdict():
    puzzle = puzzle_of("draw")
    view = PuzzleView(puzzle, blind=True)
    view.take_button.click()
    assert view.feedback.value == f"<div>Recorded: take {puzzle.offered}.</div>"


def test_the_trainer_picks_from_the_bank_and_records_progress(data):
    page = TrainerPage(KIND, learner=Learner("Ann"), seed=3)
    puzzle = page.view.puzzle
    assert puzzle.id in {p.id for p in bank(KIND)}
    (page.view.take_button if puzzle.choice == "take" else page.view.draw_button).click()
    progress = store.load("Ann").progress
    assert progress.solved == 1 and progress.history[-1].kind == KIND and progress.history[-1].answer == puzzle.choice
    assert "Streak 1" in page.stats.value
    page.next_button.click()
    assert page.view.puzzle.id != puzzle.id and page.view.puzzle.kind == KIND


def test_every_word_of_the_page_comes_from_the_catalogs():
    with pseudo_language():
        page = TrainerPage(KIND, learner=Learner(), seed=1)
        view = page.view
        view.hint_button.click()
        wrong = "draw" if view.puzzle.choice == "take" else "take"
        (view.take_button if wrong == "take" else view.draw_button).click()
        view.table_toggle.value = True
        texts = shown(page.view) + [render(view.puzzle.count_message)]
    # The rating change is the profile's words (widgets/profile.py), written in English there.
    texts = [re.sub(r"<div class='gt-rating-change'>.*?</div>", "", text) for text in texts]
    leftover = [u for text in texts for u in unmarked(text)]
    assert leftover == []



def test_the_landing_page_and_the_site_map_list_the_trainer(data):
    from gintrainer.widgets.site import LandingPage, nav_pages, site_pages
    assert "puzzles/take_or_draw.ipynb" in site_pages()
    assert "puzzles/take_or_draw.ipynb" in LandingPage(Learner()).puzzles.value
    assert "puzzles/take_or_draw.ipynb" in [p.path for p in nav_pages("puzzles/best_discard.ipynb")]


def test_the_daily_page_has_a_take_or_draw_puzzle_that_counts_once(data):
    import datetime as dt

    from gintrainer.puzzles import daily
    from gintrainer.widgets.trainer import DailyPage
    today = dt.date(2026, 11, 29)
    page = DailyPage(today=today, learner=Learner("Ann"))
    view = page.view_for(KIND)
    assert view.puzzle.id == daily(today, KIND).id and "Daily: Take or draw?" in view.title.value
    (view.take_button if view.puzzle.choice == "take" else view.draw_button).click()
    assert store.load("Ann").progress.solved == 1
    again = DailyPage(today=today, learner=Learner("Ann")).view_for(KIND)
    assert again.attempt.finished and again.attempt.result == "solved" and "gt-feedback-right" in again.feedback.value
    assert again.take_button not in again.buttons.children and again.draw_button not in again.buttons.children
