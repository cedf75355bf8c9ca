"""The presentation view for projecting lessons and the quick reference."""

import re
from html import escape

import pytest

pytest.importorskip("ipywidgets")

from gintrainer.lessons import DEMOS, LESSONS  # noqa: E402
from gintrainer.material.reference import quick_reference_sections  # noqa: E402
from gintrainer.widgets.base import settings  # noqa: E402
from gintrainer.widgets.present import QUICK_REFERENCE, PresentationPage, demo_choices  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_kernel")


def test_quick_reference_one_section_at_a_time_with_large_cards():
    page = PresentationPage()
    assert settings.size == "large"
    stepper = page.stepper
    titles = [title for title, _ in quick_reference_sections()]
    seen = []
    while True:
        seen.append(stepper.board.caption)
        if stepper.step == stepper.last:
            break
        stepper.forward()
    assert len(seen) == len(titles) and all(t in c for t, c in zip(titles, seen, strict=True))
    for step, title in enumerate(titles):  # once on the screen: the caption, not a heading again under it
        stepper.go(step)
        shown = re.findall(r">([^<>]+)<", stepper.board.caption + stepper.board.frame)
        assert [text for text in shown if text.strip() == escape(title)] == [escape(title)], title
    stepper.go(0)
    assert "gt-large" in stepper.board.frame  # the card values, drawn large


def test_the_choices_are_every_demonstration_the_lessons_define_in_order():
    names = [name for _, name in demo_choices()]
    assert names == [d.name for _, info in sorted(LESSONS.items()) for d in info.demos]
    assert set(names) == set(DEMOS) and {"gin", "layout"} <= set(names)  # a lesson's second demonstration too
    labels = dict((name, label) for label, name in demo_choices())
    assert labels["gin"] == f"Lesson 5, {LESSONS[5].title} — {DEMOS['gin'].title}"


@pytest.mark.parametrize("name", sorted(DEMOS))
def test_every_lesson_demonstration_can_be_projected(name):
    page = PresentationPage()
    page.choice.value = name
    stepper = page.stepper
    assert stepper.steps.count == DEMOS[name].steps().count > 1
    assert stepper.steps.title == DEMOS[name].title
    stepper.go(stepper.last)
    assert stepper.step == stepper.steps.count - 1
    assert escape(DEMOS[name].steps().caption(stepper.step)) in stepper.board.caption
    assert "gt-large" in stepper.board.frame


def test_a_bad_choice_is_reported():
    page = PresentationPage()
    page._on_choice({"new": "99"})
    assert "choose a lesson" in page.status.value and "99" in page.status.value
    page.choice.value = QUICK_REFERENCE
    assert page.stepper.steps.count == len(quick_reference_sections())


def open_widgets() -> int:
    from ipywidgets.widgets.widget import _instances
    return len(_instances)


def test_switching_what_is_shown_leaves_no_observer_or_widget_behind():
    page = PresentationPage()
    names = [name for _, name in demo_choices()]
    page.choice.value = names[0]
    page.choice.value = QUICK_REFERENCE
    observers, alive = settings.observer_count(), open_widgets()
    for _ in range(2):
        for name in names:
            page.choice.value = name
    page.choice.value = QUICK_REFERENCE
    assert settings.observer_count() == observers and open_widgets() == alive


def test_a_replaced_lesson_no_longer_redraws(monkeypatch):
    page = PresentationPage()
    old = page.stepper
    page.choice.value = "gin"
    frame, redraws = old.board.frame, []
    monkeypatch.setattr(old, "refresh", lambda: redraws.append(old))
    settings.size = "small"
    assert redraws == [] and old.board.frame == frame and old.closed and old.comm is None
    assert "gt-small" in page.stepper.board.frame  # the lesson shown now follows the settings
