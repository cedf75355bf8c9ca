"""A lesson in a real browser: a wrong answer is told why and not what is right, the
learner tries again, the answer shows only when asked for, and the lesson's closing
check counts first answers only; a lesson page and the presentation page show the
demonstrations the lessons' definitions name (see tests/conftest.py for the server and Chromium)."""

import pytest
from playwright.sync_api import expect

from conftest import open_page
from gintrainer.exercises import generate
from gintrainer.lessons import LESSONS, checks, demo
from gintrainer.widgets.present import demo_choices

pytestmark = pytest.mark.browser


def choose(scope, option):
    scope.get_by_role("button", name=option, exact=True).click()


def test_a_wrong_answer_is_explained_not_answered_and_the_check_counts_first_answers(page, server, console):
    open_page(page, server, "lessons/01_cards_and_melds.ipynb")

    # An exercise: wrong, no answer shown; the answer only when asked for.
    exercise = page.locator(".gt-exercise").first
    meld = generate("meld_or_not", 0)
    wrong = next(o for o in meld.options if o != meld.answer)
    choose(exercise, wrong)
    exercise.get_by_role("button", name="Check").click()
    feedback = exercise.locator(".gt-feedback-wrong")
    expect(feedback).to_contain_text(f"Not “{wrong}”:")
    expect(feedback).to_contain_text("Try again, or press Show answer.")
    expect(feedback).not_to_contain_text(f"“{meld.answer}”")
    expect(feedback).not_to_contain_text(meld.explanation)
    exercise.get_by_role("button", name="Try again").click()
    expect(exercise.locator(".gt-feedback-wrong")).to_have_count(0)
    exercise.get_by_role("button", name="Show answer").click()
    expect(exercise.locator(".gt-feedback-shown")).to_contain_text(f"Answer: {meld.answer}.")

    # The closing check: a wrong first answer, then the right one, does not count.
    check = page.locator(".gt-check")
    king, ace, one_meld = (check.locator(".gt-exercise").nth(i) for i in range(3))
    questions = checks(1)
    choose(king, "13")
    king.get_by_role("button", name="Check").click()
    expect(king.locator(".gt-feedback-wrong")).to_contain_text("Not “13”:")
    expect(king.locator(".gt-feedback-wrong")).not_to_contain_text(questions[0].explanation)
    expect(check).to_contain_text("0 of 3 right at the first try")
    king.get_by_role("button", name="Try again").click()
    choose(king, questions[0].answer)
    king.get_by_role("button", name="Check").click()
    expect(king.locator(".gt-feedback-right")).to_contain_text("✓ Right.")
    for view, question in ((ace, questions[1]), (one_meld, questions[2])):
        choose(view, question.answer)
        view.get_by_role("button", name="Check").click()
        expect(view.locator(".gt-feedback-right")).to_be_visible()
    expect(check).to_contain_text("2 of 3 right at the first try")
    expect(check).not_to_contain_text("ready for the next lesson")


def test_lesson_5_shows_each_demonstration_its_definition_names_with_captions_on_their_moves(page, server, console):
    open_page(page, server, "lessons/05_knocking_and_gin.ipynb")
    steppers = page.locator(".gt-stepper")
    expect(steppers).to_have_count(len(LESSONS[5].demos))
    for stepper, info in zip(steppers.all(), LESSONS[5].demos, strict=True):
        expect(stepper).to_contain_text(info.title)
    gin = steppers.nth(1)
    gin.get_by_role("button", name="Forward ▶").click()
    expect(gin.locator(".gt-caption-line")).to_have_text(demo("gin").steps().caption(1))


def test_the_presentation_page_projects_a_lessons_second_demonstration(page, server, console):
    open_page(page, server, "classroom/present.ipynb")
    label = next(label for label, name in demo_choices() if name == "layout")
    page.get_by_role("combobox").select_option(label=label)
    stepper = page.locator(".gt-stepper")
    expect(stepper).to_contain_text(demo("layout").title)
    stepper.get_by_role("button", name="End »").click()
    steps = demo("layout").steps()
    expect(stepper.locator(".gt-caption-line")).to_have_text(steps.caption(steps.count - 1))


def test_the_strategy_lesson_shows_its_demonstrations_and_explains_a_discard_that_feeds(page, server, console):
    open_page(page, server, "lessons/10_strategy.ipynb")
    steppers = page.locator(".gt-stepper")
    expect(steppers).to_have_count(len(LESSONS[10].demos))
    for stepper, info in zip(steppers.all(), LESSONS[10].demos, strict=True):
        expect(stepper).to_contain_text(info.title)
    knock = steppers.nth(0)
    knock.get_by_role("button", name="Forward ▶").click()
    expect(knock.locator(".gt-caption-line")).to_have_text(demo("early_undercut").steps().caption(1))

    exercise = page.locator(".gt-exercise").nth(LESSONS[10].kinds.index("safe_discard"))
    safe_discard = generate("safe_discard", 0)
    (safe,) = safe_discard.answer
    wrong = next(card for card in safe_discard.options if card is not safe)
    exercise.get_by_role("button", name=str(wrong), exact=True).click()
    exercise.get_by_role("button", name="Check").click()
    expect(exercise.locator(".gt-feedback-wrong")).to_contain_text(f"{wrong} could join a meld with")
    expect(exercise.locator(".gt-feedback-wrong")).not_to_contain_text(safe_discard.explanation)
    exercise.get_by_role("button", name="Try again").click()
    exercise.get_by_role("button", name=str(safe), exact=True).click()
    exercise.get_by_role("button", name="Check").click()
    expect(exercise.locator(".gt-feedback-right")).to_contain_text(safe_discard.explanation)
