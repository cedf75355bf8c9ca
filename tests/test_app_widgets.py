"""The app's pages as widgets, driven without a browser: set values, click, read."""

import base64
import datetime as dt
import json
import re

import pytest

pytest.importorskip("ipywidgets")

from gintrainer import progress as store  # noqa: E402
from gintrainer.puzzles import bank, daily  # noqa: E402
from gintrainer.widgets.base import settings  # noqa: E402
from gintrainer.widgets.profile import Learner, ProfileBar, ProfilePage  # noqa: E402
from gintrainer.widgets.site import LandingPage, lesson_pages  # noqa: E402
from gintrainer.widgets.trainer import DailyPage, PuzzleView, TrainerPage  # noqa: E402


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("GINTRAINER_DATA", str(tmp_path))
    monkeypatch.delenv("QUERY_STRING", raising=False)
    settings.four_colour = False
    return tmp_path


def select(view, card):
    index = view.picker.cards.index(card)
    view.picker.buttons[index].value = True


def test_can_knock_view_right_answers():
    puzzle = next(p for p in bank("can_knock") if p.can_knock)
    results = []
    view = PuzzleView(puzzle, on_result=lambda v, attempt: results.append(attempt.result))
    assert [b.description for b in view.picker.buttons[:11]] == [str(c) for c in puzzle.hand]
    view.yes_button.click()
    assert "Right" in view.feedback.value and view.attempt.stage == "discard"
    assert view.discard_button.layout.display == "" and view.yes_button.layout.display == "none"
    select(view, puzzle.answer[0])
    view.discard_button.click()
    assert results == ["solved"]
    assert "gt-feedback-right" in view.feedback.value
    assert view.picker.buttons[view.picker.cards.index(puzzle.answer[0])]._dom_classes.count("gt-right") == 1


def test_wrong_discard_shows_its_row_and_cost():
    puzzle = next(p for p in bank("best_discard") if p.objective == "deadwood")
    view = PuzzleView(puzzle)
    wrong = next(r for r in puzzle.table_sorted() if r.card not in puzzle.answer)
    select(view, wrong.card)
    view.discard_button.click()
    text = view.feedback.value
    assert "Not quite" in text
    assert f"leaves {wrong.deadwood} deadwood" in text
    cost = wrong.deadwood - puzzle.table_sorted()[0].deadwood
    assert f"costs {cost:.2f} deadwood" in text
    view.table_toggle.value = True
    assert view.table.value.count("<tr>") == len(puzzle.table) + 1 and "your card" in view.table.value


def test_out_of_stage_clicks_and_no_selection_are_reported():
    puzzle = next(p for p in bank("can_knock") if p.can_knock)
    view = PuzzleView(puzzle)
    view.discard_button.click()  # a page can click a hidden button
    assert "answer yes or no first" in view.status.value
    view.yes_button.click()
    view.discard_button.click()
    assert "select one card" in view.status.value
    view.picker.buttons[0].description = "A♠"  # a page can rename a button: the card comes from its position
    select(view, puzzle.hand[0])
    view.discard_button.click()
    assert view.attempt.answers[-1] == puzzle.hand[0].code()


def test_hints_climb_and_count_as_hinted():
    puzzle = next(p for p in bank("best_discard") if p.objective == "lookahead")
    results = []
    view = PuzzleView(puzzle, on_result=lambda v, a: results.append(a.result))
    for _ in range(3):
        view.hint_button.click()
    assert view.hints.value.count("<li>") == 3 and "counts as seen, not solved" in view.hints.value
    select(view, puzzle.answer[0])
    view.discard_button.click()
    assert results == ["hinted"]


def test_trainer_records_progress_and_brings_back_failures(data):
    learner = Learner("Ann")
    page = TrainerPage("can_knock", learner=learner, seed=4)
    first = page.view.puzzle
    (page.view.no_button if first.can_knock else page.view.yes_button).click()  # wrong on purpose
    progress = store.load("Ann").progress
    assert progress.failed == 1 and progress.review == (first.id,)
    assert "to review 1" in page.stats.value
    shown = []
    for _ in range(3):
        page.next_button.click()
        shown.append(page.view.puzzle.id)
    assert first.id in shown and page.from_review in (True, False)
    puzzle = page.view.puzzle
    if puzzle.can_knock:
        page.view.yes_button.click()
        select(page.view, puzzle.answer[0])
        page.view.discard_button.click()
    else:
        page.view.no_button.click()
    assert store.load("Ann").progress.streak == 1 and "Streak 1" in page.stats.value


def test_trainer_filters_and_untrusted_theme():
    page = TrainerPage("best_discard", learner=Learner(), seed=2)
    page.difficulty.value = "hard"
    assert page.view.puzzle.difficulty >= 1600
    theme = page.theme.options[1][1]
    page.theme.value = theme
    assert theme in page.view.puzzle.themes
    page._on_filter({"new": "x"})  # the theme box is validated against the known themes
    page.theme.value = ""
    assert page.view.puzzle is not None


def test_daily_page_is_the_date_s_puzzles_and_archive(data):
    today = dt.date(2026, 11, 29)
    page = DailyPage(today=today, learner=Learner())
    assert [v.puzzle.id for v in page.views] == [daily(today, "can_knock").id, daily(today, "best_discard").id]
    page.date.value = "2026-11-20"
    assert page.views[0].puzzle.id == daily("2026-11-20", "can_knock").id
    page._on_date({"new": "2099-01-01"})
    assert "choose a day" in page.status.value
    page._on_date({"new": "not a date"})
    assert "bad date" in page.status.value


def test_profile_bar_opens_profiles_and_refuses_bad_names(data):
    learner = Learner()
    bar = ProfileBar(learner)
    bar.name_box.value = "../../etc"
    bar.open_button.click()
    assert learner.is_guest or "/" not in store.profile_path(learner.name).name
    bar.name_box.value = ""
    bar.open_button.click()
    assert "⚠" in bar.status.value
    bar.name_box.value = "Zoë"
    bar.open_button.click()
    assert learner.name == "Zoë" and "Playing as <b>Zoë</b>" in bar.who.value
    bar.colour_box.value = True
    assert settings.four_colour is True and store.load("Zoë").progress.settings.four_colour is True


def test_learner_from_the_page_query(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "profile=Ben")
    assert Learner.from_page().name == "Ben"
    monkeypatch.setenv("QUERY_STRING", "profile=%00bad")
    learner = Learner.from_page()
    assert learner.is_guest and "Could not open" in learner.notice


def test_corrupt_profile_is_set_aside_and_shown(data):
    store.load("Cleo")
    path = store.profile_path("Cleo")
    path.write_text("{not json")
    bar = ProfileBar(Learner("Cleo"))
    assert "set aside" in bar.who.value or "unreadable" in bar.who.value
    assert list(path.parent.glob("*.corrupt-*.json"))


def test_profile_page_export_and_reset(data):
    learner = Learner("Dee")
    page = ProfilePage(learner)
    page.export_button.click()
    href = re.search(r'href="data:application/json;base64,([^"]+)"', page.export_link.value).group(1)
    assert json.loads(base64.b64decode(href))["name"] == "Dee"
    page.confirm.click()
    assert "press Reset first" in page.status.value
    page.reset_button.click()
    page.confirm.click()
    assert "Progress reset" in page.message.value
    assert list(store.profile_path("Dee").parent.glob("*.backup-*.json"))


def test_landing_links_every_lesson_and_carries_the_profile(data):
    page = LandingPage(Learner("<b>Eve</b>"), today=dt.date(2026, 11, 29))
    for lesson in lesson_pages():
        assert lesson.path in page.lessons.value
    assert "profile=%3Cb%3EEve%3C%2Fb%3E" in page.lessons.value
    assert "<b>Eve</b>" not in page.bar.who.value.replace("<b>&lt;b&gt;Eve&lt;/b&gt;</b>", "")
    assert "puzzles/daily.ipynb" in page.puzzles.value
    assert page.daily.views[0].puzzle.id == daily("2026-11-29", "can_knock").id
