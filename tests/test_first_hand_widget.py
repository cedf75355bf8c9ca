"""The first hand's page: its place among the lessons (after lesson 5, before lesson 6,
in every list and every language), its notebooks (thin, following the English one, the
prose saying what the script does), the widget played through its buttons, and every
text of it from the catalogs."""

from __future__ import annotations

import json
import re
from html import escape
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from gintrainer.engine.cards import Card  # noqa: E402
from gintrainer.engine.hand import ActionKind, Phase  # noqa: E402
from gintrainer.lessons import LESSONS, outline  # noqa: E402
from gintrainer.lessons import first_hand as script  # noqa: E402
from gintrainer.lessons.first_hand import LINE, RULES, FirstHand  # noqa: E402
from gintrainer.lessons.path import (  # noqa: E402
    FIRST_HAND,
    LessonState,
    first_hand_state,
    first_unfinished,
    lesson_order,
    next_steps,
)
from gintrainer.material.deals import THEM, YOU  # noqa: E402
from gintrainer.records.profiles import load  # noqa: E402
from gintrainer.records.progress import CheckRecord, Progress  # noqa: E402
from gintrainer.widgets import lesson as lesson_widgets  # noqa: E402
from gintrainer.widgets.first_hand import FirstHandPage  # noqa: E402
from gintrainer.widgets.profile import Learner  # noqa: E402
from gintrainer.widgets.site import (  # noqa: E402
    continue_html,
    lesson_of,
    lesson_pages,
    lesson_path,
    lessons_html,
    links_html,
    nav_pages,
    site_pages,
)
from gintrainer.words.language import LANGUAGES, in_language, t, with_arrow  # noqa: E402
from i18n import pseudo_language, unmarked  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_kernel")

ROOT = Path(__file__).resolve().parents[1]
LESSONS_DIR = ROOT / "lessons"
HREF = re.compile(r"""href=["']([^"']+)["']""")


# -- its place among the lessons ---------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_first_hand_stands_between_lesson_5_and_lesson_6_in_every_list(lang):
    paths = [p.path for p in lesson_pages(lang)]
    at = paths.index(lesson_path(FIRST_HAND, lang))
    assert paths[at - 1] == lesson_path(5, lang) and paths[at + 1] == lesson_path(6, lang)
    assert lesson_of(lesson_path(FIRST_HAND, lang)) == (FIRST_HAND, lang)
    assert lesson_path(FIRST_HAND, lang) in site_pages()
    assert lesson_order().index(FIRST_HAND) == lesson_order().index(5) + 1


def test_the_landing_page_lists_it_after_lesson_5_with_its_goal():
    html = links_html(lesson_pages("en"))
    five, first, six = (html.index(f'href="{lesson_path(page)}"') for page in (5, FIRST_HAND, 6))
    assert five < first < six
    assert f">{script.TITLE}</a> — {script.GOAL}</li>" in html


def test_the_lessons_next_and_previous_links_go_through_the_first_hand():
    def links(page, lang="en"):
        return [(p.path, p.title) for p in nav_pages(lesson_path(page, lang))]
    assert (lesson_path(FIRST_HAND), f"Next: {script.TITLE} →") in links(5)
    assert (lesson_path(FIRST_HAND), f"← Previous: {script.TITLE}") in links(6)
    here = links(FIRST_HAND)
    assert here[1] == (lesson_path(5), f"← Previous: {LESSONS[5].title}")
    assert here[2] == (lesson_path(6), f"Next: {LESSONS[6].title} →")
    with in_language("tr"):
        following = with_arrow(t("Next: {title}", title=t(script.TITLE)), "forward")
        assert (lesson_path(FIRST_HAND, "tr"), following) in links(5, "tr")
        assert t(script.TITLE) != script.TITLE


# -- the notebooks -----------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_notebook_is_thin_and_follows_the_page(lang):
    path = Path(lesson_path(FIRST_HAND, lang))
    with in_language(lang):
        assert outline.first_hand_differences(outline.read(ROOT / path), t) == []
    if lang != "en":
        assert outline.against_english(LESSONS_DIR / path.name, ROOT / path, lang) == []


def test_a_notebook_that_departs_from_the_page_is_told(tmp_path):
    nb = json.loads((LESSONS_DIR / "first_hand.ipynb").read_text(encoding="utf-8"))
    nb["cells"][3]["source"] = ["lesson.demo('knock')"]
    nb["cells"][1]["source"] = ["# Play a hand\n"]  # the title under the toolbar
    spoilt = tmp_path / "first_hand.ipynb"
    spoilt.write_text(json.dumps(nb), encoding="utf-8")
    found = outline.first_hand_differences(outline.read(spoilt))
    assert any("title is not" in p for p in found) and any("does not state the goal" in p for p in found)
    assert any("lesson.demo('knock')" in p or "lesson.demo" in p for p in found)


def test_the_prose_says_what_the_script_does():
    cells = json.loads((LESSONS_DIR / "first_hand.ipynb").read_text(encoding="utf-8"))["cells"]
    prose = " ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    hand = script.start()
    assert hand.non_dealer == YOU and hand.dealer == THEM
    assert f"you are the non-dealer, and {script.opponent()} deals" in prose
    for label in RULES.values():
        assert label in prose, label
    taught = {move.decision.lesson for move in LINE if move.decision is not None}
    assert "lessons 2 to 5" in prose and taught <= set(range(2, 6)) and min(LESSONS) < 2
    assert "as lesson 7 will explain" in prose and LESSONS[7].slug == "scoring_a_hand"
    assert "Lesson 6 shows what the defender may do after a knock: lay off" in prose
    assert LESSONS[6].slug == "laying_off"
    page = FirstHandPage(learner=Learner())
    for button in (page.take_button, page.pass_button, page.draw_button, page.discard_button, page.knock_button,
                   page.back_button, page.lay_out_button):
        if button is page.take_button:
            assert "**Take the upcard**" in prose
        else:
            assert f"**{button.description}**" in prose, button.description


# -- the widget --------------------------------------------------------------------------

def pick(page: FirstHandPage, code: str) -> None:
    cards = [c.code() for c in page.picker.cards]
    page.picker.buttons[cards.index(code)].value = True


def play_line(page: FirstHandPage) -> None:
    """The learner's moves of the script's line, through the page's buttons."""
    page.take_button.click()
    pick(page, "KC")
    page.discard_button.click()
    page.draw_button.click()
    pick(page, "8C")
    page.discard_button.click()
    page.take_button.click()
    pick(page, "6C")
    page.knock_button.click()
    page.lay_out_button.click()


def test_the_whole_hand_is_played_through_the_buttons_to_the_score_and_the_link_to_practice():
    page = FirstHandPage(learner=Learner("Ann"))
    assert page.pass_button.layout.display == "" and page.draw_button.layout.display == "none"
    play_line(page)
    hand = page.game.hand
    assert hand.is_over and page.game.on_script and page.last_error is None
    assert hand.history == tuple(move.action for move in LINE)
    assert hand.result.explain() in page.result.value
    assert f"= {hand.result.points}." in page.result.value
    links = HREF.findall(page.result.value)
    assert links == ["../practice/practice.ipynb?profile=Ann"]
    assert page.rules.value.count("gt-rule-shown") == len(RULES)


def test_an_illegal_move_through_the_buttons_is_refused_and_the_hand_stays():
    page = FirstHandPage(learner=Learner())
    page.take_button.click()
    before = page.game.hand.to_dict()
    shown = page.table.value
    pick(page, "9S")
    page.discard_button.click()
    assert "gt-refused" in page.feedback.value
    assert "cannot discard 9♠: it was just taken from the discard pile" in page.feedback.value
    assert page.game.hand.to_dict() == before and page.table.value == shown
    pick(page, "8C")
    assert page.knock_button.layout.display == "none"  # no knock is legal: the button is not offered
    page.knock_button.click()  # a click the page sends all the same is refused with the rule
    assert "over the knock limit of 10" in page.feedback.value and page.game.hand.to_dict() == before
    pick(page, "KC")
    page.discard_button.click()
    assert "gt-sound" in page.feedback.value and page.game.hand.phase is Phase.DRAW


def test_a_meld_the_layout_input_refuses_is_refused_as_any_illegal_move():
    """Two cards are no meld: the page says what a meld is, as the trainers' pages do, in the refusal."""
    page = FirstHandPage(learner=Learner())
    play_line(page)
    page.game.go_back(page.game.steps()[-1][0])  # just before "lay out for me": the knocker's layout
    page.refresh()
    assert page.game.hand.phase is Phase.KNOCKER_LAYOUT
    before = page.game.hand.to_dict()
    two = page.picker.cards[:2]
    page.picker.select(two)
    page.meld_button.click()
    assert "gt-refused" in page.feedback.value and "is not a meld: a set is 3 or 4 cards" in page.feedback.value
    assert page.game.hand.to_dict() == before


def test_a_poor_discard_shows_the_solvers_table_and_a_step_can_be_replayed():
    page = FirstHandPage(learner=Learner())
    page.take_button.click()
    pick(page, "KC")
    page.discard_button.click()
    page.draw_button.click()
    pick(page, "6C")
    page.discard_button.click()
    assert "gt-poor" in page.feedback.value and "gt-solver" in page.feedback.value
    assert not page.game.on_script
    options = dict((index, label) for label, index in page.step_choice.options)
    assert options[4] == "Step 5: You draw 7♥ from the stock."  # numbered as the move log numbers it
    assert options[2] == "Step 3: Ann draws from the stock."
    page.step_choice.value = 4
    page.back_button.click()
    assert page.game.hand.history == tuple(m.action for m in LINE[:4]) and page.game.on_script
    assert page.feedback.value == ""
    page.draw_button.click()
    pick(page, "8C")
    page.discard_button.click()
    page.take_button.click()
    pick(page, "6C")
    page.knock_button.click()
    page.lay_out_button.click()
    assert page.game.hand.is_over and page.game.on_script


def test_playing_the_hand_to_its_end_marks_it_done_in_the_profile():
    page = FirstHandPage(learner=Learner("Pat"))
    page.take_button.click()
    pick(page, "KC")
    page.discard_button.click()
    page.draw_button.click()
    pick(page, "6C")
    page.discard_button.click()  # a poor discard, then played on: the hand is not over yet
    assert not page.game.hand.is_over and load("Pat").progress.lesson(FIRST_HAND).check == CheckRecord()
    page.step_choice.value = 0
    page.back_button.click()
    play_line(page)
    decisions = sum(1 for move in LINE if move.decision is not None)
    assert page.game.tally() == (decisions, decisions)
    stored = load("Pat").progress
    assert stored.lesson(FIRST_HAND).check == CheckRecord(taken=1, passed=1, best=decisions)
    assert first_hand_state(stored) is LessonState.DONE and page.learner.progress == stored
    page.discard_button.click()  # a move after the end is refused, and nothing more is recorded
    assert load("Pat").progress == stored


def test_a_hand_ended_off_the_script_s_line_is_done_too_and_a_guest_keeps_it_in_memory(data):
    page = FirstHandPage(learner=Learner())
    page.take_button.click()
    pick(page, "KC")
    page.discard_button.click()
    page.draw_button.click()
    pick(page, "6C")
    page.discard_button.click()  # poor, and off the script's line from here
    while not page.game.hand.is_over:
        page._play(script.sound_move(page.game.hand))  # the page's move, as its buttons play it
    right, decisions = page.game.tally()
    assert not page.game.on_script and right < decisions
    record = page.learner.progress.lesson(FIRST_HAND).check
    assert record == CheckRecord(taken=1, passed=0, best=right)
    assert first_hand_state(page.learner.progress) is LessonState.DONE
    assert page.learner.is_guest and not (data / "profiles").exists()


def test_the_landing_page_shows_the_first_hand_s_state_and_continues_there_after_lesson_5():
    learner = Learner("Ann", language="en")
    progress = Progress.new("Ann")
    for number in range(1, 6):
        for kind in LESSONS[number].kinds:
            progress = progress.with_exercise(number, kind, right=True)
        questions = len(LESSONS[number].questions)
        progress = progress.with_check(number, right=questions, questions=questions)
    learner.progress = progress

    def badge(html):
        item = next(item for item in html.split("<li")[1:] if f'href="{lesson_path(FIRST_HAND)}?profile=Ann"' in item)
        return item.split("gt-state-", 1)[1].split('"', 1)[0]
    assert badge(lessons_html(learner)) == LessonState.NOT_STARTED.value
    assert first_unfinished(progress).page == FIRST_HAND
    line = continue_html(learner)
    assert f'href="{lesson_path(FIRST_HAND)}?profile=Ann">Continue: {script.TITLE}</a>' in line
    learner.progress = progress.with_check(FIRST_HAND, right=6, questions=6)
    assert badge(lessons_html(learner)) == LessonState.DONE.value
    assert f'href="{lesson_path(6)}?profile=Ann">Continue: Lesson 6: {LESSONS[6].title}</a>' in continue_html(learner)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_5_offers_the_first_hand_next_and_the_first_hand_ends_with_lesson_6_and_practice(lang,
                                                                                                 monkeypatch):
    monkeypatch.setenv("QUERY_STRING", f"profile=Ann&lang={lang}")
    query = "?profile=Ann" + ("" if lang == "en" else f"&amp;lang={lang}")  # English is the default
    with in_language(lang):
        lesson_widgets.toolbar(5, lang=lang)
        five = lesson_widgets.nav(5).value
        lesson_widgets.toolbar(FIRST_HAND, lang=lang)
        end = lesson_widgets.nav(FIRST_HAND).value
        block = end.partition('<nav class="gt-nav">')[0]
        assert f'{t("Next: {step}", step="")}<a href="first_hand.ipynb{query}">' in five
        assert f'{t("Next: {step}", step="")}<a href="{LESSONS[6].file}{query}">' in block
        assert t("What next?") in block and t("Lesson {number}: {title}", number=6, title=t(LESSONS[6].title)) in block
        up = "../" if lang == "en" else "../../"
        for following in next_steps(FIRST_HAND)[1:]:
            assert f'href="{up}{following.path}{query}"' in block, following.page
    assert [s.page for s in next_steps(FIRST_HAND)][:2] == [6, "practice"]


def test_the_lesson_notebooks_call_builds_the_page():
    page = lesson_widgets.first_hand()
    assert isinstance(page, FirstHandPage) and isinstance(page.game, FirstHand)


def test_every_text_of_the_page_is_from_the_catalogs():
    with pseudo_language():
        page = FirstHandPage(learner=Learner())
        seen = [page.table.value, page.hand_info.value, page.rules.value]
        page.take_button.click()
        seen.append(page.feedback.value)
        pick(page, "9S")
        page.discard_button.click()
        seen.append(page.feedback.value)
        pick(page, "KC")
        page.discard_button.click()
        page.take_button.click()  # poor: K♠ goes into no meld
        seen.append(page.feedback.value)
        page.step_choice.value = 4
        page.back_button.click()
        page.draw_button.click()
        pick(page, "6C")
        page.discard_button.click()  # poor: the solver's table
        seen.append(page.feedback.value)
        page.step_choice.value = 0
        page.back_button.click()
        play_line(page)
        seen += [page.result.value, page.moves.value, page.rules.value, page.table.value]
        seen += [label for label, _ in page.step_choice.options]
        seen += [b.description for b in (page.take_button, page.pass_button, page.draw_button, page.discard_button,
                                         page.knock_button, page.lay_out_button, page.back_button,
                                         page.meld_button, page.done_button)]
    for text in seen:
        assert unmarked(text, allowed=[script.opponent()]) == [], text


def shown_html(widget) -> str:
    """Everything a widget and its children show as HTML, one after another."""
    from ipywidgets import HTML
    own = widget.value if isinstance(widget, HTML) else ""
    return own + "".join(shown_html(child) for child in getattr(widget, "children", ()))


def test_the_score_line_shows_once_at_the_end_of_the_hand():
    page = FirstHandPage(learner=Learner("Ann"))
    play_line(page)
    line = escape(page.game.hand.result.explain())
    assert page.result.value.count(line) == 1
    assert shown_html(page).count(line) == 1 and line not in page.table.value


def test_after_both_players_pass_the_upcard_the_prompt_offers_the_stock_alone():
    page = FirstHandPage(learner=Learner("Ann"))
    page.pass_button.click()  # off the script's line: the opponent passes too
    hand = page.game.hand
    assert hand.history == ("pass", "pass") and page.game.learner_to_act
    assert "take the discard" not in page.hand_info.value and "top of the discard pile" not in page.table.value
    assert "Draw from the stock: both players passed the upcard" in page.hand_info.value


def shown_moves(page: FirstHandPage) -> set:
    """The kinds of move of the buttons the page shows (in a row it shows)."""
    rows = [row for row in (page.draw_row, page.discard_row, page.layout_row) if row.layout.display != "none"]
    return {kind for button, kind in page.move_buttons()
            if button.layout.display != "none" and any(button in row.children for row in rows)}


def legal_moves(page: FirstHandPage) -> set:
    hand = page.game.hand
    return {a.kind for a in hand.legal_actions()} if page.game.learner_to_act and not hand.is_over else set()


def test_after_both_pass_the_dealer_s_pass_is_a_step_and_only_the_stock_is_offered():
    page = FirstHandPage(learner=Learner())
    assert shown_moves(page) == legal_moves(page) == {ActionKind.TAKE, ActionKind.PASS}
    page.pass_button.click()
    assert [label for label, _ in page.step_choice.options] == [
        "Step 1: You pass on the upcard, 9♠.", f"Step 2: {script.opponent()} passes on the upcard, 9♠."]
    assert page.step_choice.value == 0  # the learner's own last move, to try another
    assert shown_moves(page) == legal_moves(page) == {ActionKind.DRAW}
    assert page.take_button.layout.display == "none"


def test_every_button_shown_is_a_legal_move_at_every_step_of_the_hand():
    page = FirstHandPage(learner=Learner())
    seen = []

    def check():
        assert shown_moves(page) == legal_moves(page), page.game.hand.phase
        seen.append(frozenset(shown_moves(page)))
    check()
    for press in (lambda: page.take_button.click(), lambda: pick(page, "KC"), lambda: page.discard_button.click(),
                  lambda: page.draw_button.click(), lambda: pick(page, "8C"), lambda: page.discard_button.click(),
                  lambda: page.take_button.click(), lambda: pick(page, "6C"), lambda: page.knock_button.click()):
        press()
        check()
    assert page.game.hand.phase is Phase.KNOCKER_LAYOUT
    assert ActionKind.DONE not in shown_moves(page)  # the melds are not laid out yet
    for meld in ("3S 4S 5S", "5H 6H 7H", "9C 9D 9S"):
        page.picker.select(tuple(Card.parse(code) for code in meld.split()))
        page.meld_button.click()
        check()
    assert ActionKind.DONE in shown_moves(page)
    page.done_button.click()
    check()
    assert page.game.hand.is_over and shown_moves(page) == set()
    assert ActionKind.KNOCK in seen[7] and ActionKind.KNOCK not in seen[1]  # offered once 5♠ is taken


def test_going_back_to_an_opponent_s_step_replays_it_up_to_the_learner_s_next_move():
    page = FirstHandPage(learner=Learner())
    page.pass_button.click()
    now = page.game.hand.to_dict()
    page.step_choice.value = 1  # the dealer's pass
    page.back_button.click()
    assert page.game.hand.to_dict() == now and page.game.learner_to_act and len(page.game.verdicts) == 1
    page.step_choice.value = 0
    page.back_button.click()
    assert page.game.hand.actions == () and page.step_choice.options == ()
