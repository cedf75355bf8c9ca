"""A class set of every kind of puzzle in Chromium, in Kurmanji: made on the teacher
page, every puzzle answered on the student page through its own inputs, handed in,
and every puzzle's review read; the gradebook reads the same answers."""

import re

import pytest
from playwright.sync_api import expect

from conftest import open_page
from gintrainer.classroom import ClassSet
from gintrainer.engine.cards import show_cards
from gintrainer.puzzles import KINDS, PuzzleKind
from gintrainer.widgets.trainer import kind_title
from gintrainer.words.language import in_language, t, tc, tn

pytestmark = pytest.mark.browser

LANG = "ku"
"""Where a knock layout first broke the review."""


def words(text: str, *, context: str = "button", **values) -> str:
    """A catalog sentence in the page's language."""
    with in_language(LANG):
        return tc(context, text, **values) if context else t(text, **values)


def pick(view, cards) -> None:
    picker = view.locator(".gt-picker")
    for card in cards:
        picker.get_by_role("button", name=str(card), exact=True).click()


def row_holds(view, count: int) -> None:
    """Wait until the melded or laid-off cards have left the clickable row, as a learner sees them go
    before picking the next: a click on a card whose row is being redrawn could be lost."""
    expect(view.locator(".gt-picker").get_by_role("button")).to_have_count(count)


def answer_right(view, puzzle) -> None:
    """The best answer to ``puzzle``, given through the page's own buttons."""
    if puzzle.kind == PuzzleKind.CAN_KNOCK and not puzzle.can_knock:
        view.get_by_role("button", name=words("No, I cannot knock"), exact=True).click()
    elif puzzle.kind in (PuzzleKind.CAN_KNOCK, PuzzleKind.BEST_DISCARD):
        if puzzle.kind == PuzzleKind.CAN_KNOCK:
            view.get_by_role("button", name=words("Yes, I can knock"), exact=True).click()
        pick(view, [puzzle.answer[0]])
        name = "Knock with this discard" if puzzle.kind == PuzzleKind.CAN_KNOCK else "Discard the selected card"
        view.get_by_role("button", name=words(name), exact=True).click()
    elif puzzle.kind == PuzzleKind.TAKE_OR_DRAW:
        name = words("Take {card}", card=puzzle.offered) if puzzle.choice == "take" else words("Draw from the stock")
        view.get_by_role("button", name=name, exact=True).click()
    elif puzzle.kind == PuzzleKind.KNOCK_LAYOUT:
        left = 10
        for meld in puzzle.layouts[0]:
            pick(view, meld)
            view.get_by_role("button", name=words("Add meld"), exact=True).click()
            left -= len(meld)
            row_holds(view, left)
        view.get_by_role("button", name=words("Knock with these melds"), exact=True).click()
    else:
        left = 10
        for meld in puzzle.reply.melds:
            pick(view, meld)
            view.get_by_role("button", name=words("Meld the selected cards"), exact=True).click()
            left -= len(meld)
            row_holds(view, left)
        for layoff in reversed(puzzle.reply.layoffs):  # a chain's outer card first: any order is taken
            pick(view, [layoff.card])
            view.locator(".gt-reply-input select").select_option(index=layoff.meld)
            view.get_by_role("button", name=words("Lay off the selected card"), exact=True).click()
            left -= 1
            row_holds(view, left)
        name = "Done: I undercut" if puzzle.undercut else "Done: no undercut"
        view.get_by_role("button", name=words(name), exact=True).click()


def test_a_set_of_every_kind_answered_handed_in_and_reviewed_puzzle_by_puzzle(page, server, console):
    open_page(page, server, "classroom/teacher.ipynb", f"lang={LANG}")
    page.get_by_placeholder(words("e.g. Year 9, Tuesday", context="")).fill("Every kind")
    page.get_by_label(words("Puzzles:", context="label")).fill(str(len(KINDS)))
    with in_language(LANG):
        titles = {kind: kind_title(kind) for kind in KINDS}
    for kind in KINDS:
        page.get_by_role("checkbox", name=titles[kind], exact=True).check()
    page.get_by_role("button", name=words("Make the set")).click()
    expected = ClassSet("Every kind", count=len(KINDS), kinds=list(KINDS))
    expect(page.locator(".gt-code")).to_have_text(expected.code, timeout=60_000)
    puzzles = expected.puzzles()
    assert sorted(p.kind for p in puzzles) == sorted(KINDS)

    open_page(page, server, "classroom/student.ipynb", f"code={expected.code}&profile=Rojda&lang={LANG}")
    page.get_by_role("button", name=words("Start")).click()
    view = page.locator(".gt-puzzle")
    for number, puzzle in enumerate(puzzles, start=1):
        expect(view).to_contain_text(puzzle.id, timeout=30_000)  # on a busy machine a puzzle can take over 5 s
        answer_right(view, puzzle)
        with in_language(LANG):
            progress = tn("{student} · puzzle {number} of {n} · answered {answered} · the score shows once you hand "
                          "the set in", "{student} · puzzle {number} of {n} · answered {answered} · the score shows "
                          "once you hand the set in", len(puzzles), student="Rojda", number=number, answered=number)
        expect(page.locator(".gt-stats")).to_have_text(progress)
        if number < len(puzzles):
            page.get_by_role("button", name=words("Next puzzle")).click()
    page.get_by_role("button", name=words("Hand in the set")).click()

    with in_language(LANG):
        score = tn("{student} · handed in · right {right} of {n}", "{student} · handed in · right {right} of {n}",
                   len(puzzles), student="Rojda", right=len(puzzles))
    expect(page.locator(".gt-stats")).to_have_text(score)
    expect(page.get_by_role("link", name=re.compile(re.escape(words(
        "Download your results (CSV) for your teacher", context=""))))).to_be_visible()
    reviews = page.locator(".gt-review-puzzle")
    expect(reviews).to_have_count(len(puzzles))
    expect(page.locator(".gt-student .gt-status")).to_have_count(0)  # no "⚠" in place of the review
    for number, puzzle in enumerate(puzzles):
        review = reviews.nth(number)
        expect(review.locator(".gt-feedback-right")).to_have_count(1)
        expect(review.locator(".gt-feedback-wrong")).to_have_count(0)
        if puzzle.kind == PuzzleKind.KNOCK_LAYOUT:
            shown = " / ".join(show_cards(meld) for meld in puzzle.layouts[0])
            expect(review.locator(".gt-feedback-right")).to_contain_text(shown)
            expect(review.locator(".gt-layout").first).to_be_visible()  # the table of layouts
        elif puzzle.kind == PuzzleKind.DEFEND:
            expect(review.locator(".gt-feedback-right")).to_contain_text(show_cards(puzzle.reply.melds[0]))
        elif puzzle.kind == PuzzleKind.TAKE_OR_DRAW:
            expect(review.locator(".gt-feedback-right")).to_contain_text(words(puzzle.choice.value,
                                                                              context="answer word"))
        elif puzzle.answer:
            expect(review.locator(".gt-feedback-right")).to_contain_text(str(puzzle.answer[0]))

    open_page(page, server, "classroom/gradebook.ipynb", f"code={expected.code}&lang={LANG}")
    row = page.locator(".gt-gradebook .gb-table tbody tr")
    expect(row).to_have_count(1, timeout=30_000)
    expect(row).to_contain_text("Rojda")
    expect(row.locator("td.gb-right")).to_have_count(len(puzzles))
    expect(page.locator(".gt-gradebook .gb-problems")).to_have_count(0)
