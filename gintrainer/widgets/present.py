"""Projecting a lesson in class: large cards and large type, one step at a time —
any demonstration of the lessons' definitions, or the quick reference one section
at a time."""

from __future__ import annotations

from typing import cast

from ..lessons import DEMOS, LESSONS
from ..material.reference import quick_reference_sections
from ..words.language import N_, t, tc
from . import ui as widgets
from .base import Change, View, guarded, replace_view, settings
from .lesson import demo
from .stepper import Stepper

QUICK_REFERENCE = "quick-reference"


class ReferenceSlides:
    """The quick reference as a steps model: one section a step."""

    title = N_("Gin Rummy: quick reference")

    def __init__(self) -> None:
        self.title = t(ReferenceSlides.title)
        self.count = len(quick_reference_sections())

    def caption(self, step: int) -> str:
        return quick_reference_sections()[step][0]

    def html(self, step: int, *, size: str = "large", four_colour: bool = False) -> str:
        """The section's body; its title is the step's caption, which the stepper shows above it."""
        _title, body = quick_reference_sections(size=size, four_colour=four_colour)[step]
        return f'<div class="gt-ref gt-slide">{body}</div>'


def demo_choices() -> list[tuple[str, str]]:
    """Every demonstration of the lessons, in lesson order: (label, name)."""
    return [(t("Lesson {number}, {lesson} — {demo}", number=number, lesson=t(info.title), demo=t(section.title)),
             section.name)
            for number, info in sorted(LESSONS.items()) for section in info.demos]


class PresentationPage(View):
    """Choose what to project; cards switch to the large size for the room."""

    def __init__(self) -> None:
        options = demo_choices()
        options.append((t("Quick reference, one section at a time"), QUICK_REFERENCE))
        self.choice = widgets.Dropdown(options=options, value=QUICK_REFERENCE, description=tc("label", "Show:"),
                                       layout=widgets.fixed_layout(width="auto"))
        self.holder = widgets.VBox()
        settings.size = "large"
        super().__init__([self.choice, self.holder], _dom_classes=("gt-present",))
        self.choice.observe(self._on_choice, names="value")
        self.show(QUICK_REFERENCE)

    @property
    def stepper(self) -> Stepper:
        return cast(Stepper, self.holder.children[0])  # the holder holds the one stepper shown

    @guarded
    def _on_choice(self, change: Change) -> None:
        self.show(change["new"])

    def show(self, what: str) -> None:
        if what == QUICK_REFERENCE:
            stepper = Stepper(ReferenceSlides())
        elif isinstance(what, str) and what in DEMOS:
            stepper = demo(what)
        else:
            raise ValueError(f"choose a lesson's demonstration or the quick reference, not {what!r}")
        replace_view(self.holder, stepper)


def presentation() -> PresentationPage:
    """A notebook's one line for the presentation page."""
    return PresentationPage()
