"""The first hand in a real browser: the learner plays the whole scripted hand by
clicking the page's cards and buttons, tries one illegal move and sees it refused with
the rule (the hand unchanged), goes back a step, and reaches the score and the link to
practice; the page's end offers lesson 6, and the landing page then shows the first
hand done."""

import pytest
from playwright.sync_api import expect

from conftest import open_page
from gintrainer.lessons import LESSONS
from gintrainer.lessons.first_hand import SCRIPT, TITLE

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("server_data")]


def test_the_whole_first_hand_by_clicking(page, server, console):
    open_page(page, server, "lessons/first_hand.ipynb", "profile=Pat")
    hand = page.locator(".gt-first-hand")
    feedback = hand.locator(".gt-first-hand-feedback")

    def card(name: str):
        return hand.get_by_role("button", name=name, exact=True)

    def press(name: str):
        hand.get_by_role("button", name=name, exact=True).click()

    press("Take the upcard")
    expect(feedback).to_contain_text("the upcard is offered to you first")
    # the illegal move: throwing back the card just taken
    card("9♠").click()
    press("Discard it")
    expect(feedback.locator(".gt-refused")).to_contain_text(
        "cannot discard 9♠: it was just taken from the discard pile")
    expect(feedback).to_contain_text("the hand is as it was")
    expect(card("9♠")).to_have_count(1)
    expect(card("K♣")).to_have_count(1)
    card("K♣").click()
    press("Discard it")
    expect(card("K♣")).to_have_count(0)
    expect(feedback).to_contain_text("K♣ leaves the least deadwood")

    press("Draw from the stock")
    expect(feedback).to_contain_text("You drew 7♥: it makes a new meld, 5♥ 6♥ 7♥")
    card("6♣").click()  # a poor discard: played, and the solver's table shown
    press("Discard it")
    expect(feedback.locator(".gt-poor")).to_contain_text("discarding 8♣ leaves")
    expect(feedback.locator("table.gt-solver")).to_be_visible()
    hand.locator("select").select_option(label="Step 6: You discard 6♣.")
    press("Go back to this step")
    expect(card("6♣")).to_have_count(1)
    card("8♣").click()
    press("Discard it")
    expect(feedback).to_contain_text("still over the knock limit of 10")

    press("Take the discard")
    expect(feedback).to_contain_text("5♠ goes into a meld, 3♠ 4♠ 5♠")
    card("6♣").click()
    press("Knock with it")
    expect(feedback).to_contain_text("within the knock limit of 10: you knock")
    press("Lay out for me")
    result = hand.locator(".gt-first-hand-result")
    expect(result).to_contain_text(SCRIPT.result.explain())
    expect(result).to_contain_text("You (knocker)")
    link = result.get_by_role("link", name="Practice against the computer")
    expect(link).to_have_attribute("href", "../practice/practice.ipynb?profile=Pat")
    expect(hand.locator(".gt-rule-shown")).to_have_count(6)

    # The page's end: the next step of the learning path, lesson 6, then practice.
    end = page.locator("div.gt-next-step")
    expect(end.get_by_role("link", name=f"Lesson 6: {LESSONS[6].title}")).to_have_attribute(
        "href", f"{LESSONS[6].file}?profile=Pat")
    expect(end.get_by_role("link", name="Practice against the computer")).to_be_visible()
    # The hand played to its end is kept in the profile: the landing page shows it done.
    open_page(page, server, "index.ipynb", "profile=Pat")
    mark = page.locator(".gt-path li").filter(has_text=TITLE).get_by_role("img", name="done", exact=True)
    expect(mark).to_be_visible()
