"""The app's pages as widgets, driven without a browser: set values, click, read."""

import base64
import datetime as dt
import json
import re
from html import escape, unescape
from pathlib import Path
from urllib.parse import parse_qs

import pytest

pytest.importorskip("ipywidgets")

from gintrainer import GinError  # noqa: E402
from gintrainer.engine.solver import Objective  # noqa: E402
from gintrainer.puzzles import PuzzleKind, bank, daily  # noqa: E402
from gintrainer.records import profiles as store  # noqa: E402
from gintrainer.trainers.training import HINT_RULE, rating_words  # noqa: E402
from gintrainer.widgets import lesson as lesson_widgets  # noqa: E402
from gintrainer.widgets.base import settings  # noqa: E402
from gintrainer.widgets.classroom import TeacherPage  # noqa: E402
from gintrainer.widgets.profile import Learner, ProfileBar, ProfilePage  # noqa: E402
from gintrainer.widgets.site import (  # noqa: E402
    REFERENCE_FILES,
    LandingPage,
    NavBar,
    lesson_of,
    lesson_pages,
    nav,
    nav_pages,
    site_pages,
)
from gintrainer.widgets.trainer import DailyPage, PuzzleView, TrainerPage  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_kernel")


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
    assert view.discard_button in view.buttons.children and view.yes_button not in view.buttons.children
    select(view, puzzle.answer[0])
    view.discard_button.click()
    assert results == ["solved"]
    assert "gt-feedback-right" in view.feedback.value
    assert view.picker.buttons[view.picker.cards.index(puzzle.answer[0])]._dom_classes.count("gt-right") == 1


def test_a_finished_answer_is_kept_before_the_page_shows_its_feedback():
    puzzle = next(p for p in bank("can_knock") if not p.can_knock)
    shown_when_kept = []
    view = PuzzleView(puzzle, on_result=lambda v, attempt: shown_when_kept.append(v.feedback.value))
    before = view.feedback.value
    view.no_button.click()
    assert shown_when_kept == [before]  # nothing of the verdict was on the page when the answer was kept
    assert "gt-feedback-right" in view.feedback.value


def test_wrong_discard_shows_its_row_and_cost():
    puzzle = next(p for p in bank("best_discard") if p.objective == Objective.DEADWOOD)
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
    assert view.table.value.count("<tr") == len(puzzle.table) + 1 and ">your card<" in view.table.value


@pytest.mark.parametrize("kind", list(PuzzleKind))
def test_a_click_that_arrives_once_the_puzzle_is_answered_changes_nothing_and_says_nothing(kind):
    """A double click's second press, or a neighbour's, reaches the kernel after the answer that ended the
    puzzle: no warning under the answer, the answer kept once."""
    from test_classroom_widgets import answer as answer_on_page
    puzzle = bank(kind)[0]
    kept = []
    view = PuzzleView(puzzle, on_result=lambda v, attempt: kept.append(attempt.answer_text))
    holder = type("Page", (), {"view": view})()
    answer_on_page(holder, right=False)
    assert view.attempt.finished and len(kept) == 1 and view.status.value == ""
    given, feedback = view.attempt.answers[:], view.feedback.value
    late = [*view._made.values(), *((view.reply_input.undercut_button, view.reply_input.no_undercut_button)
                                    if view._reply_input is not None else ())]
    for button in late:  # every answer button the puzzle showed, the one just pressed among them
        button.click()
    assert view.status.value == "" and view.attempt.answers == given and kept == kept[:1]
    assert view.feedback.value == feedback


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
    assert view.status.value == ""  # a card picked answers "select one card": the warning goes
    view.discard_button.click()
    assert view.attempt.answers[-1] == puzzle.hand[0].code()


def test_a_pick_takes_an_error_off_the_status_line_and_leaves_other_words():
    view = PuzzleView(next(p for p in bank("best_discard")))
    view.discard_button.click()
    assert "select one card" in view.status.value
    view.picker.buttons[1].value = True
    view.picker.buttons[2].value = True  # one card at a time: the other is let go
    assert view.status.value == "" and view.picker.selected == (view.picker.cards[2],)
    view.status.value = "<span>a word that is no error</span>"
    view.picker.buttons[2].value = False
    assert view.status.value == "<span>a word that is no error</span>"


def test_hints_climb_and_count_as_hinted():
    puzzle = next(p for p in bank("best_discard") if p.objective == Objective.LOOKAHEAD)
    results = []
    view = PuzzleView(puzzle, on_result=lambda v, a: results.append(a.result))
    assert view.hints.value.count("<li>") == 0 and HINT_RULE in view.hints.value.replace("&#x27;", "'")
    for _ in range(3):
        view.hint_button.click()
    assert view.hints.value.count("<li>") == 3 and "count as seen, not solved" in view.hints.value
    select(view, puzzle.answer[0])
    view.discard_button.click()
    assert results == ["hinted"]


def test_trainer_records_progress_and_brings_back_failures_when_they_are_due(data):
    learner = Learner("Ann")
    page = TrainerPage("can_knock", learner=learner, seed=4)
    first = page.view.puzzle
    (page.view.no_button if first.can_knock else page.view.yes_button).click()  # wrong on purpose
    progress = store.load("Ann").progress
    assert progress.failed == 1 and progress.review == (first.id,) and first.id in progress.deck.cards
    assert "to review now (this kind) 0" in page.stats.value  # due again after the learning step, not at once
    page.now = lambda: dt.datetime.now(dt.UTC) + dt.timedelta(minutes=11)
    page.refresh()
    assert "to review now (this kind) 1" in page.stats.value
    shown = []
    for _ in range(3):
        page.next_button.click()
        shown.append((page.view.puzzle.id, page.from_review))
    assert (first.id, True) in shown  # every third puzzle is a review's
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
    page.difficulty.value = "hardest"  # 600 above the guest's 1500, by the puzzles' learned ratings
    assert page.view.rated is not None and page.view.rated.rating >= 1800
    assert page.learner.progress.settings.difficulty == "hardest"
    theme = page.theme.options[1][1]
    page.theme.value = theme
    assert theme in page.view.puzzle.themes
    page._on_filter({"new": "x"})  # the theme box is validated against the known themes
    page.theme.value = ""
    assert page.view.puzzle is not None


def test_daily_page_reads_its_kinds_once(data):
    """The page read ``kinds`` twice, for its views and for their kinds: given an iterator, it
    made the views but had no kinds left, and showed no puzzle."""
    today = dt.date(2026, 11, 29)
    page = DailyPage(today=today, learner=Learner(), kinds=iter(["best-discard"]))
    assert page.kinds == (PuzzleKind.BEST_DISCARD,)
    assert [v.puzzle.id for v in page.views] == [daily(today, PuzzleKind.BEST_DISCARD).id]


def test_daily_page_is_the_date_s_puzzles_and_archive(data):
    today = dt.date(2026, 11, 29)
    page = DailyPage(today=today, learner=Learner())
    assert page.views == [page.view] and page.view in page.children  # the first kind's, the others when chosen
    assert [page.view_for(k).puzzle.id for k in page.kinds] == [
        daily(today, "can_knock").id, daily(today, "best_discard").id, daily(today, "take_or_draw").id,
        daily(today, "knock_layout").id, daily(today, "defend").id]
    assert page.date is not None
    page.date.value = "2026-11-20"
    assert page.view.puzzle.id == daily("2026-11-20", "can_knock").id
    page.choice.value = "defend"  # a view made on another day shows the page's day when chosen
    assert page.view.puzzle.id == daily("2026-11-20", "defend").id
    assert page.view in page.children and page.view_for("can_knock") not in page.children
    page._on_date({"new": "2099-01-01"})
    assert "choose a day" in page.status.value
    page._on_date({"new": "not a date"})
    assert "bad date" in page.status.value


def test_a_daily_view_keeps_its_puzzle_while_another_kind_is_chosen(data):
    page = DailyPage(today=dt.date(2026, 11, 29), learner=Learner())
    first, attempt = page.view, page.view.attempt
    page.choice.value = "defend"
    assert page.view is not first and page.view.puzzle.kind == PuzzleKind.DEFEND
    page.choice.value = "can_knock"
    assert page.view is first and first.attempt is attempt and len(page.views) == 2


def test_the_daily_page_marks_each_kind_whose_puzzle_the_learner_answered(data):
    """A learner coming back sees which of the day's puzzles are left: a kind answered is marked ✓ (its tooltip
    says so), for that day and that learner only, and the kind shown stays the one chosen."""
    from gintrainer.widgets.trainer import kind_title
    today = dt.date(2026, 11, 29)
    learner = Learner("Ann")
    page = DailyPage(today=today, learner=learner)
    assert [label for label, _ in page.choice.options] == [kind_title(k) for k in page.kinds]
    page.choice.value = "take_or_draw"
    attempt = page.view.attempt
    attempt.answer_choice(attempt.puzzle.choice)
    page.view.on_result(page.view, attempt)
    labels = dict((value, label) for label, value in page.choice.options)
    assert labels["take_or_draw"] == kind_title(PuzzleKind.TAKE_OR_DRAW) + " ✓"
    assert [value for value, label in labels.items() if label.endswith("✓")] == ["take_or_draw"]
    assert page.choice.value == "take_or_draw" and page.view.puzzle.kind == PuzzleKind.TAKE_OR_DRAW
    assert page.choice.tooltips[page.kinds.index(PuzzleKind.TAKE_OR_DRAW)] == "You have answered this puzzle before."
    assert DailyPage(today=today, learner=Learner("Ann")).choice.options == page.choice.options  # after a reload
    page.date.value = "2026-11-20"  # another day: nothing answered
    assert not any(label.endswith("✓") for label, _ in page.choice.options)
    assert not any(label.endswith("✓") for label, _ in DailyPage(today=today, learner=Learner("Ben")).choice.options)


def test_a_closed_daily_page_closes_the_views_it_no_longer_shows(data):
    following = settings.observer_count()
    page = DailyPage(today=dt.date(2026, 11, 29), learner=Learner())
    hidden = page.view
    page.choice.value = "defend"
    page.close()
    assert hidden.closed and page.view.closed
    assert settings.observer_count() == following  # no view made by the page still redraws


def test_the_daily_heading_names_each_kind_the_page_shows(data):
    from gintrainer.widgets.site import HEADINGS
    from gintrainer.widgets.trainer import kind_title
    page = DailyPage(today=dt.date(2026, 11, 29), learner=Learner())
    heading = HEADINGS["puzzles/daily.ipynb"][1].lower()
    assert [k for k in PuzzleKind if f'"{kind_title(k).lower()}"' in heading] == list(page.kinds)
    assert heading.count('one "') == len(page.kinds) == len(page.choice.options)


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


def test_a_profile_with_a_huge_number_breaks_no_other_visitor_s_page(data):
    store.load("Ann")
    store.load("Cleo")
    path = store.profile_path("Cleo")
    path.write_text(path.read_text().replace('"solved": 0', '"solved": ' + "9" * 5000, 1))
    bar = ProfileBar(Learner("Ann"))  # Python's int limit raised ValueError here, for every visitor
    assert tuple(bar.name_box.options) == ("Ann",) and path.exists()
    bar = ProfileBar(Learner("Cleo"))
    assert "set aside" in bar.who.value and list(path.parent.glob("*.corrupt-*.json"))
    assert tuple(ProfileBar(Learner("Ann")).name_box.options) == ("Ann", "Cleo")


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
    assert page.daily.date is None and page.daily.bar is None  # today only, and the page's one name box


# --- answers are earned --------------------------------------------------------

def answer(view, *, right: bool, card=None):
    """Answer the puzzle shown in a view, rightly or wrongly, through its buttons."""
    puzzle = view.puzzle
    if puzzle.kind == PuzzleKind.CAN_KNOCK:
        (view.yes_button if puzzle.can_knock == right else view.no_button).click()
        if view.attempt.finished:
            return
    if card is None:
        card = puzzle.answer[0] if right else next(r.card for r in puzzle.table if r.card not in puzzle.answer)
    select(view, card)
    view.discard_button.click()


def puzzles_of_each_kind():
    return [next(p for p in bank("can_knock") if p.can_knock), next(p for p in bank("can_knock") if not p.can_knock),
            next(p for p in bank("best_discard") if p.objective == Objective.DEADWOOD),
            next(p for p in bank("best_discard") if p.objective == Objective.LOOKAHEAD)]


@pytest.mark.parametrize("puzzle", puzzles_of_each_kind(), ids=lambda p: p.id[:2] + str(p.can_knock))
def test_the_solver_s_table_opens_only_after_the_answer(puzzle):
    view = PuzzleView(puzzle)
    assert view.table_toggle.layout.display == "none"
    view.table_toggle.value = True  # a page can press a hidden toggle
    assert view.table_toggle.value is False and view.table.value == ""
    assert "opens once you have answered" in view.status.value
    answer(view, right=False)
    assert view.attempt.finished and view.table_toggle.layout.display == ""
    assert view.table_toggle.description == "Show the solver's table"
    view.table_toggle.value = True
    assert view.table.value.count("<tr") == len(puzzle.table) + 1
    assert view.table.value.count(">the answer<") == len(puzzle.answer)
    assert view.table_toggle.description == "Hide the solver's table"  # what pressing it again does
    view.table_toggle.value = False
    assert view.table.value == "" and view.table_toggle.description == "Show the solver's table"


def test_the_trainer_and_the_daily_page_keep_the_table_shut(data):
    trainer = TrainerPage("can_knock", learner=Learner(), seed=1)
    day = DailyPage(today=dt.date(2026, 11, 29), learner=Learner())
    for view in [trainer.view, *(day.view_for(k) for k in day.kinds)]:
        view.table_toggle.value = True
        assert view.table.value == "" and "opens once you have answered" in view.status.value


def test_the_answer_buttons_look_alike():
    view = PuzzleView(next(p for p in bank("can_knock") if p.can_knock))
    yes, no = view.yes_button, view.no_button
    assert yes.button_style == no.button_style == ""
    assert yes._dom_classes == no._dom_classes and yes.layout.width == no.layout.width
    assert (yes.description, no.description) == ("Yes, I can knock", "No, I cannot knock")


def test_a_spent_hint_ladder_disables_the_button():
    puzzle = next(p for p in bank("best_discard"))
    view = PuzzleView(puzzle)
    assert not view.hint_button.disabled
    for _ in puzzle.hints:
        view.hint_button.click()
    assert view.hint_button.disabled and view.attempt.hints_used == len(puzzle.hints)
    view.hint_button.click()  # a page can click a disabled button
    assert "no more hints" in view.status.value and view.attempt.hints_used == len(puzzle.hints)
    answer(view, right=True)
    assert view.hint_button not in view.buttons.children


def record_of(learner):
    return learner.progress.history[-1]


@pytest.mark.parametrize("how", ["solved", "hinted", "failed"])
def test_every_result_shows_the_rating_change_and_its_reason(data, how):
    learner = Learner("Ann")
    page = TrainerPage("best_discard", learner=learner, seed=3)
    before = learner.progress.rating
    if how == "hinted":
        page.view.hint_button.click()
    answer(page.view, right=how != "failed")
    attempt = record_of(learner)
    assert attempt.result == how and attempt.counted
    words = rating_words(before, attempt)
    assert escape(words) in page.view.feedback.value
    assert f"Rating {before.rating:.0f} → {learner.progress.rating.rating:.0f}" in words
    verdict = {"solved": "Right!", "hinted": "Right, with hints.", "failed": "Not quite."}[how]
    assert verdict in page.view.feedback.value
    if how != "solved":
        assert learner.progress.rating.rating < before.rating and "scores as a miss" in words


def test_a_guest_sees_the_rating_change_too():
    learner = Learner()
    view = TrainerPage("can_knock", learner=learner, seed=2).view
    answer(view, right=True)
    assert "Rating 1500 →" in view.feedback.value and learner.progress.solved == 1


def test_the_daily_puzzle_counts_once_and_shows_as_answered_after_a_reload(data):
    today = dt.date(2026, 11, 29)
    page = DailyPage(today=today, learner=Learner("Ann"))
    view = page.views[0]
    answer(view, right=True)
    counted = store.load("Ann").progress
    assert (counted.solved, counted.streak) == (1, 1)
    for again in (DailyPage(today=today, learner=Learner("Ann")), page):  # a reload, and leaving the day and back
        if again is page:
            assert page.date is not None
            page.date.value = "2026-11-20"
            page.date.value = today.isoformat()
        shown = again.views[0]
        assert shown.attempt.finished and shown.attempt.result == "solved"
        assert "You answered this puzzle on" in shown.note.value and "solved" in shown.note.value
        assert shown.yes_button not in shown.buttons.children and shown.no_button not in shown.buttons.children
        assert "gt-feedback-right" in shown.feedback.value and shown.again_button.layout.display == ""
        other = again.view_for("best_discard")
        assert other.attempt.stage == "discard" and not other.attempt.finished
    view = page.views[0]
    view.again_button.click()
    assert not view.attempt.finished and "practice and is not rated" in view.note.value
    answer(view, right=True)
    p = store.load("Ann").progress
    assert (p.solved, p.streak, p.rating) == (1, 1, counted.rating)
    assert [a.counted for a in p.history] == [True, False]
    assert "unchanged" in view.feedback.value and "is practice and is not rated" in view.feedback.value


def test_an_archive_day_answered_on_another_page_is_practice(data):
    today = dt.date(2026, 11, 29)
    first, second = DailyPage(today=today, learner=Learner("Ann")), DailyPage(today=today, learner=Learner("Ann"))
    answer(first.view_for("best_discard"), right=False)
    answer(second.view_for("best_discard"), right=True)  # the second page still showed it open
    p = store.load("Ann").progress
    assert (p.solved, p.failed) == (0, 1)
    assert "practice and is not rated" in second.view_for("best_discard").feedback.value


def test_the_trainer_says_when_a_puzzle_is_practice(data):
    learner = Learner("Ann")
    page = TrainerPage("can_knock", learner=learner, seed=4)
    answer(page.view, right=False)
    page.now = lambda: dt.datetime.now(dt.UTC) + dt.timedelta(minutes=11)  # due again
    for _ in range(3):
        page.next_button.click()
        if page.from_review:
            break
    assert page.from_review and "practice and is not rated" in page.view.note.value
    rating = learner.progress.rating
    answer(page.view, right=True)
    assert learner.progress.rating == rating and learner.progress.review == ()


def test_names_match_whatever_their_case_on_the_page(data):
    Learner("Mia")
    learner = Learner()
    bar = ProfileBar(learner)
    bar.name_box.value = "MIA"
    bar.open_button.click()
    assert learner.name == "Mia" and bar.name_box.value == "Mia" and store.list_profiles() == ("Mia",)
    assert "Playing as <b>Mia</b>" in bar.who.value


def test_a_problem_leaves_the_status_line_once_it_is_fixed(data):
    bar = ProfileBar(Learner())
    bar.name_box.value = "   "
    bar.open_button.click()
    assert bar.last_error == "Type a name first."
    bar.name_box.value = "Ann"
    bar.open_button.click()
    assert bar.status.value == ""
    page = TrainerPage("best_discard", learner=Learner(), seed=1)
    page.view.discard_button.click()
    assert "select one card" in page.view.status.value
    answer(page.view, right=True)
    assert page.view.status.value == ""


def test_one_learner_per_page(monkeypatch, data):
    monkeypatch.setenv("QUERY_STRING", "profile=Ann")
    assert Learner.from_page() is Learner.from_page()
    monkeypatch.setenv("QUERY_STRING", "profile=Ben")
    assert Learner.from_page().name == "Ben"


def test_the_profile_page_sets_the_puzzles_level(data):
    learner = Learner("Ann")
    page = ProfilePage(learner)
    assert page.difficulty.value == "adaptive"
    page.difficulty.value = "harder"
    assert store.load("Ann").progress.settings.difficulty == "harder"
    assert learner.progress.target_rating == learner.progress.rating.rating + 300
    assert ProfilePage(Learner("ann")).difficulty.value == "harder"


# --- links carry the learner, pages honour the profile's settings ------------------

ROOT = Path(__file__).resolve().parents[1]
HREF = re.compile(r"""href=["']([^"']+)["']""")


def hrefs(html):
    return [unescape(h) for h in HREF.findall(html)]


@pytest.mark.parametrize("here", site_pages())
def test_every_link_bar_carries_the_learner_to_a_page_that_exists(data, here):
    learner = Learner("Zoë Ann")
    bar = NavBar(here, learner)
    links = hrefs(bar.value)
    assert links and nav_pages(here)[0].path == "index.ipynb"
    for link in links:
        target, _, query = link.partition("?")
        assert parse_qs(query) == {"profile": ["Zoë Ann"]}, link
        assert (ROOT / here).parent.joinpath(target).resolve().is_file(), link
    learner.choose("Ben")
    assert all(parse_qs(h.partition("?")[2]) == {"profile": ["Ben"]} for h in hrefs(bar.value))
    assert all("?" not in h for h in hrefs(NavBar(here, Learner()).value))  # a guest has no name to carry


def test_a_lesson_links_home_and_to_its_neighbours(data):
    links = [p.title for p in nav_pages("lessons/02_dealing.ipynb")]
    assert links == ["← Home", "← Previous: Cards, values and melds", "Next: The first turn →", "Glossary",
                     "Quick reference"]
    with pytest.raises(GinError, match="not a page of the site"):
        nav_pages("lessons/99_nothing.ipynb")


def notebook_code(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"], \
        ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]


@pytest.mark.parametrize("here", site_pages())
def test_no_page_writes_a_link_that_drops_the_learner(here):
    code, markdown = notebook_code(ROOT / here)
    for text in markdown:
        assert not re.search(r"\]\([^)]*\.ipynb", text), f"{here}: a markdown link cannot carry ?profile="
    calls = "\n".join(code)
    if here == "index.ipynb":
        assert "landing()" in calls
    elif here.startswith("lessons/"):
        page, lang = lesson_of(here)
        token = f'"{page}"' if isinstance(page, str) else str(page)
        extra = "" if lang == "en" else f', lang="{lang}"'
        if page in REFERENCE_FILES:
            assert f"lesson.nav({token}{extra})" in calls
        else:
            assert f"lesson.toolbar({token}{extra})" in calls and "lesson.nav(" in calls
    else:
        assert f'nav("{here}")' in calls


def cards_of(output):
    return output.data.split("</style>")[-1]


def test_a_lesson_honours_the_profile_s_four_colour_deck_and_keeps_a_change(data, monkeypatch):
    store.update_settings("Ann", four_colour=True)
    monkeypatch.setenv("QUERY_STRING", "profile=ann")
    bar = lesson_widgets.toolbar(3)
    assert settings.four_colour is True and bar.settings_bar.four_colour.value is True
    assert all(h.endswith("?profile=Ann") for h in hrefs(bar.top_links.links))
    assert "gt-green" in cards_of(lesson_widgets.glossary())
    assert "gt-green" in cards_of(lesson_widgets.quick_reference())
    bar.settings_bar.four_colour.value = False
    assert store.load("Ann").progress.settings.four_colour is False
    assert "gt-green" not in cards_of(lesson_widgets.glossary())


def test_the_teacher_s_link_to_the_student_page_carries_the_learner(data):
    page = TeacherPage(Learner("Ms Lee"))
    page.name.value = "Links class"
    page.count.value = 1
    page.make_button.click()
    [link] = [h for h in hrefs(page.code.value) if h.startswith("student.ipynb")]
    assert parse_qs(link.partition("?")[2]) == {"code": [page.classset.code], "profile": ["Ms Lee"]}
    assert (ROOT / "classroom").joinpath(link.partition("?")[0]).is_file()  # built as every link bar builds links
    guest = TeacherPage(Learner())
    guest.name.value, guest.count.value = "Links class", 1
    guest.make_button.click()
    [link] = [h for h in hrefs(guest.code.value) if h.startswith("student.ipynb")]
    assert parse_qs(link.partition("?")[2]) == {"code": [guest.classset.code]}


def test_an_export_link_goes_once_the_progress_changes(data):
    page = ProfilePage(Learner("Dee"))
    page.export_button.click()
    assert "Download your progress" in page.export_link.value
    page.reset_button.click()
    page.confirm.click()
    assert page.export_link.value == ""


@pytest.mark.parametrize("here", ["replays/example_hands.ipynb", "classroom/present.ipynb", "practice/practice.ipynb"])
def test_the_link_bar_applies_the_profile_s_settings_to_its_page(data, monkeypatch, here):
    store.update_settings("Ann", four_colour=True)
    monkeypatch.setenv("QUERY_STRING", "profile=Ann")
    bar = nav(here)
    assert settings.four_colour is True and bar.learner is Learner.from_page()


def test_a_reset_asked_for_one_learner_is_not_done_to_another(data):
    learner = Learner("Dee")
    store.record_attempt("Eli", {"id": "k1", "kind": "can_knock", "themes": [], "difficulty": 1200}, "solved",
                         answer="no", hints=0)
    page = ProfilePage(learner)
    page.reset_button.click()
    learner.choose("Eli")
    assert page.confirm.layout.display == "none" and page.message.value == ""
    page.confirm.click()  # a page can press a hidden button
    assert "press Reset first" in page.status.value and store.load("Eli").progress.solved == 1


def test_a_closed_page_stops_following_the_learner_and_the_settings():
    from ipywidgets.widgets.widget import _instances

    learner = Learner()

    def made() -> list:
        day = dt.date(2024, 5, 1)
        return [TrainerPage("can_knock", learner=learner, seed=1), DailyPage(today=day, learner=learner),
                ProfilePage(learner), LandingPage(learner, today=day),
                lesson_widgets.LessonToolbar(3, learner)]  # its settings bar is linked to the settings

    for page in made():  # the widgets every page shares (style sheets, layouts), made once for the kernel
        page.close()
    before, alive = (len(learner._listeners), settings.observer_count()), len(_instances)
    pages = made()
    assert len(learner._listeners) > before[0] and settings.observer_count() > before[1]
    for page in pages:
        page.close()
    assert (len(learner._listeners), settings.observer_count()) == before and len(_instances) == alive
    learner.set_four_colour(True)  # nothing closed redraws, nothing fails
    assert all(page.closed for page in pages)
    settings.four_colour = False
