"""The presentation view for projecting lessons and the quick reference."""

import pytest

pytest.importorskip("ipywidgets")

from gintrainer.lessons import LESSONS  # noqa: E402
from gintrainer.reference import quick_reference_sections  # noqa: E402
from gintrainer.widgets.base import settings  # noqa: E402
from gintrainer.widgets.present import QUICK_REFERENCE, PresentationPage  # noqa: E402


@pytest.fixture(autouse=True)
def restore_size():
    size = settings.size
    yield
    settings.size = size


def test_quick_reference_one_section_at_a_time_with_large_cards():
    page = PresentationPage()
    assert settings.size == "large"
    stepper = page.stepper
    titles = [title for title, _ in quick_reference_sections()]
    seen = []
    while True:
        seen.append(stepper.caption.value)
        if stepper.forward_button.disabled:
            break
        stepper.forward_button.click()
    assert len(seen) == len(titles) and all(t in c for t, c in zip(titles, seen))
    stepper.first_button.click()
    assert "gt-large" in stepper.frame.value  # the card values, drawn large


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_every_lesson_demonstration_can_be_projected(number):
    page = PresentationPage()
    page.choice.value = str(number)
    stepper = page.stepper
    assert stepper.steps.count > 1
    stepper.last_button.click()
    assert stepper.step == stepper.steps.count - 1
    assert "gt-large" in stepper.frame.value


def test_a_bad_choice_is_reported():
    page = PresentationPage()
    page._on_choice({"new": "99"})
    assert "choose a lesson" in page.status.value
    page.choice.value = QUICK_REFERENCE
    assert page.stepper.steps.count == len(quick_reference_sections())


def settings_observers() -> int:
    """The callbacks that the page-wide settings call on a change of size or colouring."""
    return sum(len(callbacks) for name in ("size", "four_colour")
               for callbacks in settings._trait_notifiers.get(name, {}).values())


def open_widgets() -> int:
    from ipywidgets.widgets.widget import _instances
    return len(_instances)


def test_switching_what_is_shown_leaves_no_observer_or_widget_behind():
    page = PresentationPage()
    page.choice.value = "5"
    page.choice.value = QUICK_REFERENCE
    observers, alive = settings_observers(), open_widgets()
    for _ in range(3):
        for number in sorted(LESSONS):
            page.choice.value = str(number)
    page.choice.value = QUICK_REFERENCE
    assert settings_observers() == observers and open_widgets() == alive


def test_a_replaced_lesson_no_longer_redraws(monkeypatch):
    page = PresentationPage()
    old = page.stepper
    page.choice.value = "5"
    frame, redraws = old.frame.value, []
    monkeypatch.setattr(old, "refresh", lambda: redraws.append(old))
    settings.size = "small"
    assert redraws == [] and old.frame.value == frame and old.closed and old.comm is None
    assert "gt-small" in page.stepper.frame.value  # the lesson shown now follows the settings
