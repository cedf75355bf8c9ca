"""The trainers and the daily page put their puzzle first: the settings (name, difficulty, theme filter,
four-colour deck, the day) open on demand from one bar that shows the current choices in one line, beside the
streak and rating; the theme legend opens from under the theme filter; the introduction is one sentence, the rest
opening from it. The landing page puts who is playing, the "continue" button and today's puzzle before the lessons'
path, and shows the learner's rating in each kind of puzzle. (tests/browser/test_puzzle_first.py measures the pages
in a browser.)"""

import datetime as dt
import re
from html import unescape

import pytest

pytest.importorskip("ipywidgets")

from gintrainer.widgets.base import settings  # noqa: E402
from gintrainer.widgets.profile import Learner  # noqa: E402
from gintrainer.widgets.site import (  # noqa: E402
    BRIEF_PAGES,
    HEADINGS,
    LandingPage,
    first_sentence,
    heading_html,
    puzzles_html,
)
from gintrainer.widgets.trainer import DailyPage, TrainerPage  # noqa: E402
from gintrainer.words.language import t  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_kernel")


def parts(view) -> tuple:
    """A view's parts, after the style sheet every view begins with."""
    return tuple(view.children[1:])


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_a_trainer_shows_its_puzzle_under_one_line_of_choices_and_opens_its_settings_on_demand():
    page = TrainerPage("best_discard", learner=Learner("Ann"), seed=1)
    bar = page.settings_bar
    assert parts(page)[:2] == (bar, page.view)  # nothing between the bar and the puzzle
    assert bar.panel.layout.display == "none"
    for part in (page.bar, page.difficulty, page.theme, page.theme_help):
        assert part not in parts(page) and part.layout.display != "none"
    assert text(bar.choices.value) == "Ann · At my rating · All themes"
    assert page.stats in parts(bar)[0].children  # the streak and rating in the bar's line
    bar.toggle.value = True
    assert bar.panel.layout.display == ""
    bar.toggle.value = False
    assert bar.panel.layout.display == "none"
    page.difficulty.value = "harder"
    page.theme.value = "keep-the-pair"
    settings.four_colour = True
    try:
        assert text(bar.choices.value) == "Ann · Harder (+300) · Keep the pair · Four-colour deck"
    finally:
        settings.four_colour = False
    assert text(bar.choices.value) == "Ann · Harder (+300) · Keep the pair"
    assert page.theme_help.value.startswith("<details") and "Keep the pair" in text(page.theme_help.value)
    assert "<h3>" not in page.view.title.value and "Best discard" in text(page.view.title.value)


def test_the_daily_page_folds_the_name_box_and_the_day_into_its_bar():
    page = DailyPage(today=dt.date(2026, 3, 1), learner=Learner())
    bar = page.settings_bar
    assert bar is not None and parts(page) == (bar, page.choice, page.view, page.address)
    assert page.bar in bar.panel.children and page.date in bar.panel.children
    assert text(bar.choices.value) == "Today, 2026-03-01 · Guest"
    page.date.value = "2026-02-27"
    assert text(bar.choices.value) == "2026-02-27 · Guest"
    assert DailyPage(today=dt.date(2026, 3, 1), learner=Learner(), archive=False, bar=False).settings_bar is None


@pytest.mark.parametrize("here", sorted(BRIEF_PAGES))
def test_a_puzzle_page_s_introduction_is_one_sentence_the_rest_on_demand(here):
    shown = heading_html(here)
    first, rest = first_sentence(t(HEADINGS[here][1]))
    assert rest and f"<summary>{first}</summary>" in unescape(shown) and "<details" in shown
    assert text(shown).endswith(text(rest))


def test_the_other_pages_keep_their_whole_introduction():
    shown = heading_html("puzzles/profile.ipynb")
    assert "<details" not in shown and text(shown).endswith(text(t(HEADINGS["puzzles/profile.ipynb"][1])))


def test_the_settings_open_by_themselves_when_the_name_box_asks_something():
    waiting = Learner()
    waiting.waiting = "Ann"  # a shared server's name in the page's address, its PIN not typed yet
    assert TrainerPage("can_knock", learner=waiting, seed=1).settings_bar.panel.layout.display == ""
    told = Learner("Ann")
    told.notice = "Ann's progress could not be read: a fresh one is kept"
    assert DailyPage(today=dt.date(2026, 3, 1), learner=told).settings_bar.panel.layout.display == ""
    assert TrainerPage("can_knock", learner=Learner("Ann"), seed=1).settings_bar.panel.layout.display == "none"


def test_the_landing_page_puts_who_continue_and_today_s_puzzle_before_the_lessons():
    page = LandingPage(Learner("Ann"), today=dt.date(2026, 3, 1))
    order = parts(page)
    shown = [page.bar, page.next_step, page.reviews, page.daily, page.lessons, page.puzzles, page.extras]
    assert [order.index(part) for part in shown] == sorted(order.index(part) for part in shown)
    assert 'class="gt-button-link"' in page.next_step.value and text(page.next_step.value).startswith("Start here: ")
    assert "<details" in page.heading.value  # the introduction's first sentence, the rest on demand


def test_the_landing_page_shows_the_learner_s_rating_in_each_kind_answered():
    learner = Learner("Ann")
    puzzle = {"id": "k1", "kind": "can_knock", "themes": [], "difficulty": 1500}
    progress = learner.progress.with_attempt(puzzle, "solved", answer=False, hints=0)
    learner.progress = progress.with_attempt({**puzzle, "id": "d1", "kind": "best_discard"}, "failed", answer="7H",
                                             hints=0)
    ratings = learner.progress.kind_ratings()
    assert ratings["can_knock"][0].rating > 1500 > ratings["best_discard"][0].rating
    items = {re.search(r'href="puzzles/(\w+)\.ipynb', item).group(1): text(item)
             for item in puzzles_html(learner).split("<li>")[1:]}
    for kind in ("can_knock", "best_discard"):
        assert f"Your rating: {round(ratings[kind][0].rating)} —" in items[kind]
    assert [kind for kind, item in items.items() if "Your rating" in item] == ["can_knock", "best_discard"]
