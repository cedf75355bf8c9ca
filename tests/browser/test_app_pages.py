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
from gintrainer.material.drawing import DISCARD_COLUMNS, words
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
        view.get_by_role("button", name="No, I cannot knock" if puzzle.can_knock else "Yes, I can knock",
                         exact=True).click()
        return
    if not puzzle.can_knock:
        view.get_by_role("button", name="No, I cannot knock", exact=True).click()
        return
    view.get_by_role("button", name="Yes, I can knock").click()
    click_card(view, puzzle.answer[0])
    view.get_by_role("button", name="Knock with this discard").click()


@pytest.mark.usefixtures("one_utc_day")
def test_todays_can_knock_puzzle_right_then_wrong(page, server, console):
    today = dt.datetime.now(dt.UTC).date()
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
    view.get_by_role("button", name="No, I cannot knock", exact=True).click()
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


# --- answers are earned, links keep the learner --------------------------------------

def in_server_data(server, monkeypatch, change):
    """Set up a profile in the server's data folder before the page opens."""
    monkeypatch.setenv("GINTRAINER_DATA", str(server.data))
    return change()


def today():
    return dt.datetime.now(dt.UTC).date()


@pytest.mark.usefixtures("one_utc_day")
def test_the_table_waits_for_the_answer_and_the_answers_look_alike(page, server, console):
    puzzle = daily(today(), "can_knock")
    open_page(page, server, "puzzles/daily.ipynb")
    view = page.locator(".gt-puzzle").first
    expect(view).to_contain_text(puzzle.id)
    toggle = view.get_by_role("button", name="Show the solver's table")
    expect(toggle).to_be_hidden()
    expect(page.locator("table.gt-solver")).to_have_count(0)
    yes, no = (view.get_by_role("button", name=n, exact=True) for n in ("Yes, I can knock", "No, I cannot knock"))
    look = "e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color, getComputedStyle(e).fontWeight]"
    assert yes.evaluate(look) == no.evaluate(look)
    solve(view, puzzle, right=True)
    expect(view.locator(".gt-feedback-right")).to_contain_text("Right!")
    toggle.click()
    expect(view.locator("table.gt-solver")).to_be_visible()
    heads = [words(f"label_column_{c}") for c in DISCARD_COLUMNS] + [words("label_column_marks")]
    expect(view.locator("table.gt-discards thead th")).to_have_text(heads)  # the labels of every page
    expect(view.locator("table.gt-discards tr.gt-is-answer")).to_have_count(len(puzzle.answer))


@pytest.mark.usefixtures("one_utc_day")
def test_a_daily_puzzle_counts_once_and_shows_as_answered_after_a_reload(page, server, console):
    puzzle = daily(today(), "can_knock")
    open_page(page, server, "puzzles/daily.ipynb", "profile=Dana")
    view = page.locator(".gt-puzzle").first
    solve(view, puzzle, right=True)
    expect(view.locator(".gt-rating-change")).to_contain_text(re.compile(r"Rating 1500 → \d+ \(\+\d+\): solved"))
    # a layout answered shows again as laid out, its deadwood counted (it showed the ten cards counted whole)
    laid = daily(today(), "knock_layout").layouts[0]
    left = [c for c in daily(today(), "knock_layout").hand if all(c not in m for m in laid)]
    page.locator(".gt-daily-kinds").get_by_role("button", name="Lay out your knock").click()
    expect(view.get_by_role("button", name="Add meld", exact=True)).to_be_visible()  # the view shown now
    for meld in laid:
        for card in meld:
            click_card(view.locator(".gt-picker"), card)
        view.get_by_role("button", name="Add meld", exact=True).click()
        expect(view.locator(".gt-picker").get_by_role("button", name=str(meld[0]), exact=True)).to_have_count(0)
    view.get_by_role("button", name="Knock with these melds", exact=True).click()
    expect(view.locator(".gt-feedback-right")).to_be_visible()
    open_page(page, server, "puzzles/daily.ipynb", "profile=dana")  # a reload, and another case of the name
    view = page.locator(".gt-puzzle").first
    expect(view.locator(".gt-notice")).to_contain_text("You answered this puzzle on")
    expect(view.get_by_role("button", name="Yes, I can knock")).to_be_hidden()
    expect(view.locator(".gt-feedback-right")).to_be_visible()
    view.get_by_role("button", name="Try it again (practice, not rated)").click()
    expect(view.locator(".gt-notice")).to_contain_text("practice and is not rated")
    solve(view, puzzle, right=True)
    expect(view.locator(".gt-rating-change")).to_contain_text("unchanged")
    page.locator(".gt-daily-kinds").get_by_role("button", name="Lay out your knock").click()
    expect(view.locator(".gt-layout-view")).to_contain_text(f"meld {len(laid)}: ")
    expect(view.locator(".gt-layout-view")).to_contain_text(f"deadwood: {sum(c.value for c in left)}")
    expect(view.locator(".gt-picker").get_by_role("button")).to_have_count(len(left))
    open_page(page, server, "puzzles/profile.ipynb", "profile=Dana")
    expect(page.locator(".gt-stats").first).to_contain_text("solved 2 ·")
    expect(page.locator(".gt-profile")).to_contain_text("practice, not rated")


def test_hints_say_what_they_cost_first_and_run_out(page, server, console):
    from gintrainer.puzzles import bank
    open_page(page, server, "puzzles/best_discard.ipynb", "profile=Hana")
    view = page.locator(".gt-puzzle")
    expect(view.get_by_text("A hint makes this puzzle count as seen, not solved")).to_be_visible()
    hint = view.get_by_role("button", name="Hint", exact=True)
    hint.dblclick()  # one hint: each is paid for (a double click gave two, the second before the first was read)
    expect(view.locator(".gt-hints li")).to_have_count(1)
    # The settings, opened by the kernel, come after its answer to every click sent before: a second hint too.
    page.locator(".gt-settings-toggle").click()
    expect(page.locator(".gt-settings")).to_be_visible()
    assert view.locator(".gt-hints li").count() == 1
    for shown in range(2, 4):
        hint.click()
        expect(view.locator(".gt-hints li")).to_have_count(shown)
    expect(hint).to_be_disabled()
    puzzle_id = re.search(r"Puzzle (\S+) ·", view.locator(".gt-info").first.inner_text()).group(1)
    puzzle = next(p for p in bank("best_discard") if p.id == puzzle_id)
    click_card(view, puzzle.answer[0])
    view.get_by_role("button", name="Discard the selected card").click()
    expect(view.locator(".gt-feedback-right")).to_have_text("Right, with hints.")
    expect(view.locator(".gt-rating-change")).to_contain_text("solved with hints, which counts as seen, not solved")


def test_a_hint_taken_stays_taken_after_a_reload_and_in_another_language(page, server, console):
    """The puzzle open and its hints are kept in the page's address: a reload, and the language menu's link, open
    the same puzzle with the same hints shown (a language switch served it again with none, and a right answer
    then counted as a clean solve)."""
    open_page(page, server, "puzzles/can_knock.ipynb", "profile=Ines")
    view = page.locator(".gt-puzzle")
    code = re.compile(r"Puzzle (\S+) ·")
    puzzle_id = code.search(view.locator(".gt-info").first.inner_text()).group(1)
    view.get_by_role("button", name="Hint", exact=True).click()
    expect(view.locator(".gt-hints li")).to_have_count(1)
    expect(page).to_have_url(re.compile(rf"puzzle={puzzle_id}&hints=1|hints=1.*puzzle={puzzle_id}"))
    page.reload()
    view = page.locator(".gt-puzzle")
    expect(view.locator(".gt-hints li")).to_have_count(1, timeout=60_000)
    assert code.search(view.locator(".gt-info").first.inner_text()).group(1) == puzzle_id
    page.locator(".gt-lang-menu a[hreflang=tr]").click()
    view = page.locator(".gt-puzzle")
    expect(view.locator(".gt-hints li")).to_have_count(1, timeout=60_000)
    assert page.evaluate("document.documentElement.lang") == "tr"
    assert puzzle_id in view.locator(".gt-info").first.inner_text()


def test_links_keep_the_learner_and_lessons_keep_the_profile_s_settings(page, server, console, monkeypatch):
    from gintrainer.records import profiles
    in_server_data(server, monkeypatch, lambda: profiles.update_settings("Lee", four_colour=True))
    open_page(page, server, "lessons/01_cards_and_melds.ipynb", "profile=LEE")
    expect(page.get_by_label("Four-colour deck")).to_be_checked()
    expect(page.locator(".gt-green").first).to_be_visible()
    page.get_by_role("link", name="Next: Dealing →").first.click()
    expect(page.locator("#loading")).to_be_hidden(timeout=90_000)
    assert page.url.endswith("lessons/02_dealing.ipynb?profile=Lee")
    page.get_by_role("link", name="← Home").last.click()
    expect(page.locator("#loading")).to_be_hidden(timeout=90_000)
    expect(page.locator(".gt-profile-bar").first).to_contain_text("Playing as Lee")


def test_names_match_whatever_their_case_and_a_warning_goes_once_fixed(page, server, console, monkeypatch):
    from gintrainer.records import profiles
    in_server_data(server, monkeypatch, lambda: profiles.load("Mia"))
    open_page(page, server, "index.ipynb")
    bar = page.locator(".gt-profile-bar").first
    bar.get_by_role("button", name="Open").click()
    expect(bar.locator(".gt-status")).to_contain_text("Type a name first.")
    bar.get_by_placeholder("Type or pick your name").fill("mIA")
    bar.get_by_role("button", name="Open").click()
    expect(bar).to_contain_text("Playing as Mia")
    expect(bar.locator(".gt-status")).to_have_count(0)
    expect(page.get_by_role("link", name="1. Cards, values and melds")).to_have_attribute(
        "href", "lessons/01_cards_and_melds.ipynb?profile=Mia")
