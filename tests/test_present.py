"""The presentation view for projecting lessons and the quick reference."""

import pytest

pytest.importorskip("ipywidgets")

from gintrainer.lessons import LESSONS  # noqa: E402
from gintrainer.reference import quick_reference_sections  # noqa: E402
from gintrainer.widgets.base import settings  # noqa: E402
from gintrainer.widgets.present import QUICK_REFERENCE, PresentationPage  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_kernel")


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
