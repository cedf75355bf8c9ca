"""A hand's review in a real browser, in Pashto on a phone's width (390 px): a learner who went out by knocking
when gin was there opens the practice page on the finished hand, asks for its review, watches the progress bar
while the evaluator judges (the page's kernel is asked for each decision in turn), reads the blunder in the
table, and follows it into the replay at its step; nothing is cut off and the page reads right to left. Then
the learner finds the blunder again as a puzzle on the "Your mistakes" page (the review was kept in their
profile) and opens it there."""

import datetime as dt

import pytest
from playwright.sync_api import Locator, expect
from test_layout import PROBLEMS_JS

from conftest import open_page, settle
from decks import stacked_deck
from gintrainer import Match, Rules
from gintrainer.engine.evaluate import decisions
from gintrainer.trainers.mistakes import game_tag
from gintrainer.trainers.practice import PracticeGame
from gintrainer.words.language import in_language, t, tc, tn

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("server_data")]

# The learner (seat 0, non-dealer) takes the 5♣ upcard: discarding 5♦ goes gin (2♣-5♣, three sevens, J♠-K♠);
# they knock with 2♣ instead (5 deadwood), the hand's second action.
GIN_DEAL = stacked_deck("2C 3C 4C 7H 7S 7D JS QS KS 5D", "8C 9C TD JD 2H 4H 6S 8S KD QH", "5C")
KNOCK_STEP = 2

# Keeps the text of the review's progress bar each time the page changes while the bar shows (a review of three
# decisions may be over before a test could look).
WATCH_PROGRESS_JS = """() => {
  window.gtProgress = [];
  new MutationObserver(() => {
    for (const bar of document.querySelectorAll('.gt-review-progress')) {
      if (bar.getClientRects().length && bar.querySelector('progress'))
        window.gtProgress.push(bar.querySelector('.gt-review-progress-label').textContent);
    }
  }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
}"""


# Each deadwood sum under a hand of the replay's frame ("2 + 4 + … + 10"), term by term ("2 +", the last number
# alone): the terms found, and any term drawn over two lines or not after the one before on its line (a sum reads
# left to right, in a right-to-left page too).
SUM_TERMS_JS = """() => {
  const sums = [], problems = [];
  for (const count of document.querySelectorAll('.gt-replay .gt-stepper-frame .gt-count')) {
    const text = count.firstChild;
    const sum = text && /\\d+(?:[ \\u00a0]\\+ \\d+)+/.exec(text.data);
    if (!sum) continue;
    const terms = [];
    for (const term of sum[0].matchAll(/\\d+(?:[ \\u00a0]\\+)?/g)) {
      const range = document.createRange();
      range.setStart(text, sum.index + term.index);
      range.setEnd(text, sum.index + term.index + term[0].length);
      const rects = Array.from(range.getClientRects()).filter(r => r.width > 0);
      if (new Set(rects.map(r => Math.round(r.top))).size !== 1) problems.push(`"${term[0]}" over two lines`);
      const left = Math.min(...rects.map(r => r.left)), right = Math.max(...rects.map(r => r.right));
      const before = terms[terms.length - 1];
      if (before && Math.abs(before.top - rects[0].top) < 2 && left < before.right - 1)
        problems.push(`"${term[0]}" before "${before.term}" on its line`);
      terms.push({term: term[0], top: rects[0].top, right});
    }
    sums.push(terms.length);
  }
  return {sums, problems};
}"""


# What a learner on a phone could not read in the review's table without scrolling sideways: each row's move
# made, points lost and mark cells (by their places under the table's heads) hidden or not wholly inside the
# window, and the table's box scrolling.
OFF_SCREEN_JS = """() => {
  const problems = [], width = document.documentElement.clientWidth;
  for (const row of document.querySelectorAll('table.gt-review-table tr.gt-review-row')) {
    const cells = {made: row.cells[2], 'points lost': row.cells[4], mark: row.cells[5]};
    for (const [what, cell] of Object.entries(cells)) {
      const box = cell.getBoundingClientRect();
      if (!cell.getClientRects().length) problems.push(`step ${row.dataset.step}: no ${what} cell`);
      else if (box.left < -1 || box.right > width + 1)
        problems.push(`step ${row.dataset.step}: the ${what} cell at ${Math.round(box.left)}-` +
                      `${Math.round(box.right)} px of a ${width} px window`);
    }
  }
  const scroll = document.querySelector('.gt-review-scroll');
  if (scroll.scrollWidth > scroll.clientWidth + 1)
    problems.push(`the table scrolls sideways: ${scroll.scrollWidth} px in ${scroll.clientWidth}`);
  return problems;
}"""


PICKED_CARD_WHOLE_JS = """() => {
  const card = document.querySelector('.gt-puzzle .gt-card-btn.mod-active');
  card.scrollIntoView({block: 'center'});
  const box = card.getBoundingClientRect();
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + 1);
  return card.contains(top);
}"""
"""Whether the top edge of the picked card shows (a point just inside it hits the card, not what is behind)."""

def assert_within(inner: Locator, outer: Locator) -> None:
    """``inner`` is drawn inside ``outer`` (a mark in its own cell, not placed over the page elsewhere)."""
    a, b = inner.bounding_box(), outer.bounding_box()
    assert a is not None and b is not None
    assert b["x"] - 1 <= a["x"] and a["x"] + a["width"] <= b["x"] + b["width"] + 1, (a, b)
    assert b["y"] - 1 <= a["y"] and a["y"] + a["height"] <= b["y"] + b["height"] + 1, (a, b)


def knocked_instead_of_gin(name: str) -> PracticeGame:
    game = PracticeGame(match=Match(Rules(), seed="review", first_dealer=1, deck=GIN_DEAL), opponent="naive",
                        owner=name)
    game.play("take")
    game.play("knock 2C")
    game.lay_out()
    game.let_computer_play()
    assert game.hand.is_over and game.hand.result is not None and game.hand.result.kind == "knock"
    game.save()
    return game


@pytest.mark.usefixtures("one_utc_day")
def test_a_practice_hand_reviewed_in_pashto_opens_its_blunder_in_the_replay(page, server, console):
    game = knocked_instead_of_gin("Rahim")
    with in_language("ps"):
        review_this_hand = tc("button", "Review this hand")
        step_label = t("Step {step} of {last}", step=KNOCK_STEP, last=len(game.hand.actions))
        total = len(decisions(game.hand, game.seat))
        judging = tn("Reviewing: {done} of {n} decision judged", "Reviewing: {done} of {n} decisions judged", total,
                     done=0)
        solve = tc("button", "Solve")
        review_again = tc("button", "Review the decisions")
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, server, "practice/practice.ipynb", "profile=Rahim&lang=ps")
    practice = page.locator(".gt-practice")
    button = practice.get_by_role("button", name=review_this_hand, exact=True)
    expect(button).to_be_visible()
    page.evaluate(WATCH_PROGRESS_JS)
    button.click()
    table = practice.locator("table.gt-review-table")
    expect(table).to_be_visible(timeout=120_000)
    expect(practice.locator(".gt-review-progress")).to_be_hidden()
    assert judging in page.evaluate("window.gtProgress")  # the bar showed while the evaluator judged
    # The replay's first frame: the computer's ten cards of deadwood summed under its hand, a sum longer than the
    # phone's line, wraps between its terms only and reads left to right.
    sums = page.evaluate(SUM_TERMS_JS)
    assert sums["sums"] and max(sums["sums"]) == 10 and not sums["problems"], sums
    blunder = table.locator(f"tr.gt-review-blunder[data-step='{KNOCK_STEP}']")
    expect(blunder.locator(".gt-mark-blunder")).to_contain_text("??")
    assert_within(blunder.locator(".gt-mark-blunder"), blunder.locator("td").last)  # in its row's mark column
    assert page.evaluate("document.documentElement.dir") == "rtl"
    assert not page.evaluate(OFF_SCREEN_JS)  # the move, the points lost and the mark of every row, no scrolling
    worst = practice.locator(".gt-review-worst button").first
    expect(worst).to_contain_text("??")
    settle(page)
    problems = page.evaluate(PROBLEMS_JS)
    assert not problems, "\n".join(problems)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")  # the table scrolls alone
    worst.click()
    replay = practice.locator(".gt-replay")
    expect(replay.locator(".gt-stepper-label")).to_have_text(step_label)
    expect(replay.locator(".gt-note-review .gt-mark-blunder")).to_be_visible()  # the mark beside the step's notes
    assert_within(replay.locator(".gt-note-review .gt-mark-blunder"), replay.locator(".gt-note-review"))

    # Asked for again, the review made shows at once, its bar never run: the bar stays hidden over the table
    # (the bar's box is the page's to show, whatever the widget's layout does to the widget's element).
    page.evaluate("document.querySelector('table.gt-review-table').dataset.before = 'yes'")
    practice.get_by_role("button", name=review_again, exact=True).click()
    expect(practice.locator("table.gt-review-table:not([data-before])")).to_be_visible()
    settle(page)
    expect(practice.locator(".gt-review-progress")).to_be_hidden()

    # The blunder, kept with the review in Rahim's profile, is a "can you knock?" puzzle of his own.
    open_page(page, server, "puzzles/mistakes.ipynb", "profile=Rahim&lang=ps")
    with in_language("ps"):
        tag = game_tag(dt.datetime.now(dt.UTC).date())
    mistakes = page.locator(".gt-mistakes")
    expect(mistakes.get_by_text(tag).first).to_be_visible()
    mistakes.get_by_role("button", name=solve).first.click()
    expect(page.locator(".gt-puzzle .gt-notice")).to_contain_text(tag)
    expect(page.locator(".gt-puzzle .gt-card-btn").first).to_be_visible()
    # A card picked rises out of its row, outline and all: its top edge is not cut off by the picker.
    page.locator(".gt-puzzle .gt-card-btn").first.click()
    expect(page.locator(".gt-puzzle .gt-card-btn.mod-active")).to_have_count(1)
    settle(page)
    assert page.evaluate(PICKED_CARD_WHOLE_JS)


PHONE_LEARNERS = {"ku": "Zozan"}


@pytest.mark.parametrize("lang", list(PHONE_LEARNERS))
def test_on_a_phone_each_row_of_a_review_shows_its_move_points_lost_and_mark(page, server, console, lang):
    """At 390 px the review's table fits the window in Kurmanji (whose table, as the English and Turkish ones,
    put its mark column off screen before; Pashto's:
    :func:`test_a_practice_hand_reviewed_in_pashto_opens_its_blunder_in_the_replay`): nothing a learner needs
    is off to the side, in a box to scroll."""
    name = PHONE_LEARNERS[lang]
    knocked_instead_of_gin(name)
    with in_language(lang):
        review_this_hand = tc("button", "Review this hand")
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, server, "practice/practice.ipynb", f"profile={name}&lang={lang}")
    practice = page.locator(".gt-practice")
    practice.get_by_role("button", name=review_this_hand, exact=True).click()
    table = practice.locator("table.gt-review-table")
    expect(table.locator("tr.gt-review-blunder .gt-mark-blunder")).to_be_visible(timeout=120_000)
    settle(page)
    problems = page.evaluate(OFF_SCREEN_JS)
    assert not problems, "\n".join(problems)
