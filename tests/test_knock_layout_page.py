"""The "lay out your knock" trainer as widgets, driven without a browser: melds
picked and added one at a time (each checked by the engine), cleared, the layout
submitted and marked by its score, the hints, the accepted layouts shown after,
a class set's blind answer, the trainer recording progress, the daily page; and
every word from the catalogs."""

import re

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as widgets  # noqa: E402

from gintrainer.engine.melds import all_best_arrangements  # noqa: E402
from gintrainer.engine.scoring import knocker_net, score_hand  # noqa: E402
from gintrainer.material.messages import render  # noqa: E402
from gintrainer.puzzles import bank  # noqa: E402
from gintrainer.puzzles.knock_layout import layout_text  # noqa: E402
from gintrainer.records import profiles as store  # noqa: E402
from gintrainer.trainers.training import PuzzleAttempt  # noqa: E402
from gintrainer.widgets.profile import Learner  # noqa: E402
from gintrainer.widgets.trainer import PuzzleView, TrainerPage  # noqa: E402
from i18n import pseudo_language, unmarked  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_kernel")
KIND = "knock_layout"


def shown(widget) -> list[str]:
    found = [getattr(widget, "value", "") if isinstance(widget, widgets.HTML) else "",
             getattr(widget, "description", "") or ""]
    for child in getattr(widget, "children", ()):
        found += shown(child)
    return [text for text in found if text]


def blocking():
    return next(p for p in bank(KIND) if "block-layoffs" in p.themes and p.points > 0)


def lay(view, melds):
    """Pick each meld's cards in the picker and add it."""
    for meld in melds:
        buttons = {b.description: b for b in view.picker.children}
        for card in meld:
            buttons[str(card)].value = True
        view.add_meld_button.click()


def test_the_view_lays_out_melds_one_at_a_time_and_marks_the_best_layout_right():
    puzzle = blocking()
    results = []
    view = PuzzleView(puzzle, on_result=lambda v, attempt: results.append(attempt.result))
    visible = [b for b in view.buttons.children if b.layout.display != "none"]
    assert visible == [view.add_meld_button, view.clear_melds_button, view.knock_button, view.hint_button]
    assert "the defender&#x27;s hand" in view.position.value and "You knock with these ten cards" in \
        view.position.value
    assert [b.description for b in view.picker.buttons[:10]] == [str(c) for c in puzzle.hand]
    best = puzzle.layouts[0]
    lay(view, best[:1])
    assert len(view.melds) == 1 and len(view.picker.children) == 10 - len(best[0])
    assert "meld 1: " in view.layout_view.value and "deadwood: " in view.layout_view.value
    lay(view, best[1:])
    view.knock_button.click()
    assert results == ["solved"] and "gt-feedback-right" in view.feedback.value
    assert view.attempt.answers == [layout_text(view.melds)]
    view.table_toggle.value = True
    assert view.table.value.count("gt-layout") == len(puzzle.layouts)


def test_a_meld_the_engine_refuses_leaves_the_layout_as_it_was():
    puzzle = blocking()
    view = PuzzleView(puzzle)
    first = puzzle.layouts[0][0]
    lay(view, [first])
    before = list(view.melds)
    loose = [c for c in puzzle.hand if all(c not in m for m in puzzle.layouts[0])]
    lay(view, [loose[:2]])
    assert "is not a meld" in view.status.value and view.melds == before
    view.clear_melds_button.click()
    assert view.melds == [] and len(view.picker.children) == 10


def test_a_least_deadwood_layout_is_wrong_and_says_what_it_costs():
    puzzle = blocking()
    view = PuzzleView(puzzle)
    least = all_best_arrangements(puzzle.hand)[0].melds
    lay(view, least)
    view.knock_button.click()
    net = knocker_net(score_hand(puzzle.hand, puzzle.defender_hand, puzzle.rules, knocker_melds=least))
    text = view.feedback.value
    assert "Not quite" in text and "Not the best: against these melds" in text
    assert f"{puzzle.points - net} points" in text and view.attempt.result == "failed"


def test_a_layout_over_the_knock_limit_is_refused_and_the_attempt_goes_on():
    view = PuzzleView(blocking())
    view.knock_button.click()
    assert "knock limit" in view.status.value and not view.attempt.finished


def test_hints_then_a_right_answer_counts_as_hinted_and_replays():
    puzzle = blocking()
    view = PuzzleView(puzzle)
    for _ in range(len(puzzle.hints)):
        view.hint_button.click()
    assert "Answer: lay out" in view.hints.value
    lay(view, puzzle.layouts[0])
    view.knock_button.click()
    assert view.attempt.result == "hinted"
    attempt, feedback = PuzzleAttempt.replay(puzzle, view.attempt.answer_text, hints=len(puzzle.hints))
    assert attempt.result == "hinted" and feedback.correct
    with pytest.raises(Exception, match="not a meld"):
        PuzzleAttempt.replay(puzzle, "AC 2D")


def test_a_class_set_records_the_layout_without_a_verdict():
    puzzle = blocking()
    view = PuzzleView(puzzle, blind=True)
    lay(view, puzzle.layouts[0])
    view.knock_button.click()
    assert view.feedback.value == "<div>Recorded: your layout.</div>"


def test_the_trainer_picks_from_the_bank_and_records_progress(data):
    page = TrainerPage(KIND, learner=Learner("Ann"), seed=3)
    puzzle = page.view.puzzle
    assert puzzle.id in {p.id for p in bank(KIND)}
    lay(page.view, puzzle.layouts[0])
    page.view.knock_button.click()
    progress = store.load("Ann").progress
    assert progress.solved == 1 and progress.history[-1].kind == KIND
    assert progress.history[-1].answer == layout_text(puzzle.layouts[0])
    page.next_button.click()
    assert page.view.puzzle.id != puzzle.id and page.view.melds == []


def test_every_word_of_the_page_comes_from_the_catalogs():
    with pseudo_language():
        page = TrainerPage(KIND, learner=Learner(), seed=1)
        view = page.view
        view.hint_button.click()
        lay(view, all_best_arrangements(view.puzzle.hand)[0].melds[:1])
        view.knock_button.click()  # over the limit, or marked
        lay(view, all_best_arrangements(view.puzzle.hand)[0].melds[1:])
        view.knock_button.click()
        view.table_toggle.value = True
        texts = shown(page.view) + [render(view.puzzle.count_message)]
    texts = [re.sub(r"<div class='gt-rating-change'>.*?</div>", "", text) for text in texts]
    leftover = [u for text in texts for u in unmarked(text)]
    assert leftover == []


def test_the_landing_page_and_the_site_map_list_the_trainer(data):
    from gintrainer.widgets.site import LandingPage, nav_pages, site_pages
    assert "puzzles/knock_layout.ipynb" in site_pages()
    assert "puzzles/knock_layout.ipynb" in LandingPage(Learner()).puzzles.value
    assert "puzzles/knock_layout.ipynb" in [p.path for p in nav_pages("puzzles/best_discard.ipynb")]


def test_the_daily_page_has_a_knock_layout_puzzle_that_counts_once(data):
    import datetime as dt

    from gintrainer.puzzles import daily
    from gintrainer.widgets.trainer import DailyPage
    today = dt.date(2026, 11, 29)
    page = DailyPage(today=today, learner=Learner("Ann"))
    view = page.view_for(KIND)
    assert view.puzzle.id == daily(today, KIND).id and "Daily: Lay out your knock" in view.title.value
    lay(view, view.puzzle.layouts[0])
    view.knock_button.click()
    assert store.load("Ann").progress.solved == 1
    again = DailyPage(today=today, learner=Learner("Ann")).view_for(KIND)
    assert again.attempt.finished and again.attempt.result == "solved" and "gt-feedback-right" in again.feedback.value
    assert again.knock_button not in again.buttons.children


def test_an_answered_daily_layout_shows_again_as_it_was_after_a_reload(data):
    """A reload (a new page for the same learner and day) shows the learner's melds as recorded and the deadwood
    they keep, the card row holding the cards left, as right after the answer: not the ten cards counted whole."""
    import datetime as dt

    from gintrainer.widgets.trainer import DailyPage
    today = dt.date(2026, 11, 29)
    view = DailyPage(today=today, learner=Learner("Ann")).view_for(KIND)
    melds = all_best_arrangements(view.puzzle.hand)[0].melds  # the least deadwood: a layout of the learner's own
    lay(view, melds)
    view.knock_button.click()
    answered = view.layout_view.value, view.picker.offered, view.melds
    again = DailyPage(today=today, learner=Learner("Ann")).view_for(KIND)
    assert (again.layout_view.value, again.picker.offered, again.melds) == answered
    left = tuple(c for c in view.puzzle.hand if all(c not in m for m in melds))
    assert again.picker.offered == left and f"deadwood: {sum(c.value for c in left)}" in again.layout_view.value


def test_a_layout_answered_with_no_record_left_counts_no_layout():
    """Answered, but the history no longer holds the answer: no layout is drawn, nor the ten cards' count."""
    puzzle = blocking()
    view = PuzzleView()
    view.show_answered(puzzle, None)
    assert view.attempt.finished and view.layout_view.value == "" and view.picker.offered == puzzle.hand


def test_a_recorded_layout_the_input_refuses_still_shows_the_puzzle_and_its_verdict(data, monkeypatch, caplog):
    """A record the layout input refuses (whatever the cause) does not fail the page: the puzzle shows as answered,
    its verdict from the record, no layout laid, and the log says why."""
    import datetime as dt

    from gintrainer.widgets.layout_input import LayoutInput
    from gintrainer.widgets.trainer import DailyPage
    from gintrainer.words.errors import GinError
    today = dt.date(2026, 11, 29)
    view = DailyPage(today=today, learner=Learner("Ann")).view_for(KIND)
    lay(view, all_best_arrangements(view.puzzle.hand)[0].melds)
    view.knock_button.click()

    shown = DailyPage(today=today, learner=Learner("Ann")).view_for(KIND)  # a reload

    def refuse(self, layout):
        raise GinError("refused")
    monkeypatch.setattr(LayoutInput, "lay_out", refuse)
    again = DailyPage(today=today, learner=Learner("Ann")).view_for(KIND)
    assert again.attempt.finished and again.feedback.value == shown.feedback.value != ""
    assert again.melds == [] and shown.melds
    assert "is not laid out again: refused" in caplog.text


def test_the_ten_cards_show_once_on_the_page_as_melds_are_laid_and_cleared():
    """The hand's cards are the picker's buttons, each once, until a meld takes them into the layout view."""
    puzzle = blocking()
    view = PuzzleView(puzzle)

    def shown(card) -> int:
        faces = (view.title.value + view.position.value + view.layout_view.value).count(f'aria-label="{card.name}"')
        return faces + [b.description for b in view.picker.children].count(str(card))

    assert [shown(c) for c in puzzle.hand] == [1] * 10
    first = puzzle.layouts[0][0]
    lay(view, [first])
    assert [shown(c) for c in puzzle.hand] == [1] * 10
    assert all(f'aria-label="{c.name}"' in view.layout_view.value for c in first)
    loose = [c for c in puzzle.hand if c not in first]
    assert f"deadwood: {sum(c.value for c in loose)}" in view.layout_view.value
    view.clear_melds_button.click()
    assert [shown(c) for c in puzzle.hand] == [1] * 10 and len(view.picker.children) == 10
