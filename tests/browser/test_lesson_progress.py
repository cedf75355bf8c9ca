"""Progress through the lessons in a real browser: a learner with a profile answers an
exercise of lesson 1, the landing page then shows lesson 1 in progress and the
"continue" button opens it, and the lesson's end links to lesson 2, each link carrying
the learner (see tests/conftest.py for the server and Chromium)."""

import pytest
from playwright.sync_api import expect

from conftest import open_page
from gintrainer.exercises import generate
from gintrainer.exercises.core import KINDS
from gintrainer.lessons import LESSONS

pytestmark = pytest.mark.browser


def test_an_answered_exercise_puts_its_lesson_in_progress_and_the_continue_link_on_it(page, server, console):
    lesson_1 = f"lessons/{LESSONS[1].file}"
    open_page(page, server, lesson_1, "profile=Lena")
    exercise = page.locator(".gt-exercise").first
    meld = generate(LESSONS[1].kinds[0], 0)
    exercise.get_by_role("button", name=meld.answer, exact=True).click()
    exercise.get_by_role("button", name="Check").click()
    expect(exercise.locator(".gt-feedback-right")).to_be_visible()

    # The lesson's end: the next lesson, carrying the learner.
    end = page.locator(".gt-next-step")
    expect(end).to_contain_text("What next?")
    expect(end.get_by_role("link", name=f"Lesson 2: {LESSONS[2].title}")).to_have_attribute(
        "href", f"{LESSONS[2].file}?profile=Lena")

    open_page(page, server, "index.ipynb", "profile=Lena")
    lessons = page.locator(".gt-path li")  # each lesson's state a mark, named for a screen reader
    expect(lessons.nth(0).get_by_role("img", name="in progress", exact=True)).to_be_visible()
    expect(lessons.nth(0)).to_have_attribute("aria-current", "step")
    expect(lessons.nth(1).get_by_role("img", name="not started", exact=True)).to_be_visible()
    resume = page.locator(".gt-continue")
    expect(resume).to_contain_text(f"The exercise “{KINDS[LESSONS[1].kinds[1]].title}” comes next")
    link = resume.get_by_role("link", name=f"Continue: Lesson 1: {LESSONS[1].title}")
    second = LESSONS[1].kinds[1]
    expect(link).to_have_attribute("href", f"{lesson_1}?profile=Lena#exercise-{second}")
    link.click()
    expect(page.locator("#loading")).to_be_hidden(timeout=90_000)
    assert page.url.endswith(f"{lesson_1}?profile=Lena#exercise-{second}")
    # The page takes the learner to the exercise that comes next, and marks it.
    arrived = page.locator(".gt-arrived")
    expect(arrived).to_have_count(1, timeout=30_000)
    expect(arrived).to_have_attribute("id", f"exercise-{second}")
    expect(arrived).to_contain_text(KINDS[second].title)
    expect(arrived).to_be_in_viewport()
    # Scrolled down to it (Voila's page scrolls in a panel, not the document), not there at the top.
    assert page.evaluate("() => [...document.querySelectorAll('*')].some(e => e.scrollTop > 0)")
    assert page.locator(".gt-exercise").nth(1).get_attribute("id") == f"exercise-{second}"
    expect(page.locator(".gt-next-step").get_by_role("link", name=f"Lesson 2: {LESSONS[2].title}")).to_be_visible()
