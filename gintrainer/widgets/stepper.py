"""A stepper: walk a hand (or a deal, or a match) forward and back, a caption for each step."""

from __future__ import annotations

from html import escape
from typing import Protocol

from ..hand import Hand
from ..language import t, tc
from ..steps import HandSteps
from . import ui as widgets
from .base import Change, View, guarded


class Steps(Protocol):
    """A steps model as a stepper shows it (:mod:`gintrainer.steps` has several; it may
    also have a ``title``)."""

    @property
    def count(self) -> int: ...

    def caption(self, step: int) -> str: ...

    def html(self, step: int, *, size: str = ..., four_colour: bool = ...) -> str: ...


class Stepper(View):
    """Shows one step of a steps model (:mod:`gintrainer.steps`) with its caption,
    and buttons to go to the start, back, forward and to the end.

    Any model with ``count``, ``caption(i)`` and ``html(i, size=, four_colour=)``
    works; :meth:`for_hand` builds one for a :class:`~gintrainer.Hand`.
    """

    def __init__(self, steps: Steps, *, title: str | None = None, start: int = 0):
        self.steps = steps
        title = getattr(steps, "title", "") if title is None else title
        self.heading = widgets.HTML(f"<b>{escape(title)}</b>" if title else "")
        self.frame = widgets.HTML()
        self.caption = widgets.HTML(_dom_classes=("gt-caption-line",))
        self.first_button = widgets.Button(description=tc("button", "« Start"), tooltip=t("Go to the start"))
        self.back_button = widgets.Button(description=tc("button", "◀ Back"), tooltip=t("One step back"))
        self.forward_button = widgets.Button(description=tc("button", "Forward ▶"), tooltip=t("One step forward"))
        self.last_button = widgets.Button(description=tc("button", "End »"), tooltip=t("Go to the end"))
        self.slider = widgets.IntSlider(value=0, min=0, max=max(steps.count - 1, 0), readout=False,
                                        description=tc("label", "Step"), continuous_update=False)
        self.label = widgets.HTML()
        controls = widgets.HBox([self.first_button, self.back_button, self.forward_button, self.last_button,
                                 self.slider, self.label], layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([self.heading, controls, self.caption, self.frame], _dom_classes=("gt-stepper",))
        self.first_button.on_click(lambda _: self.go(0))
        self.back_button.on_click(lambda _: self.go(self.step - 1))
        self.forward_button.on_click(lambda _: self.go(self.step + 1))
        self.last_button.on_click(lambda _: self.go(self.steps.count - 1))
        self.slider.observe(self._slid, names="value")
        self._step = -1
        self.go(start)

    @classmethod
    def for_hand(cls, hand: Hand, *, captions: dict[int, str] | None = None, names: tuple[str, str] = ("Ann", "Ben"),
                 face_down: tuple[int, ...] = (), title: str = "", start: int = 0) -> Stepper:
        return cls(HandSteps(hand, captions=captions, names=names, face_down=face_down, title=title),
                   start=start)

    @property
    def step(self) -> int:
        return self._step

    @guarded
    def go(self, step: int) -> None:
        """Show step ``step`` (clamped to the first and last steps)."""
        if isinstance(step, bool) or not isinstance(step, int):
            raise ValueError(f"a step is a whole number, not {step!r}")
        step = min(max(step, 0), self.steps.count - 1)
        self._step = step
        if self.slider.value != step:
            self.slider.value = step  # comes back through _slid, which finds nothing to do
        self.refresh()

    def _slid(self, change: Change) -> None:
        value = change["new"]
        if value != self._step:
            self.go(value)

    def forward(self) -> None:
        self.go(self.step + 1)

    def back(self) -> None:
        self.go(self.step - 1)

    def refresh(self) -> None:
        step, last = self._step, self.steps.count - 1
        with self.hold_sync():
            self.frame.value = self.steps.html(step, size=self.size, four_colour=self.four_colour)
            self.caption.value = f'<div class="gt-caption-box">{escape(self.steps.caption(step))}</div>'
            self.label.value = escape(t("Step {step} of {last}", step=step, last=last))
            self.first_button.disabled = self.back_button.disabled = step == 0
            self.forward_button.disabled = self.last_button.disabled = step == last
        self.clear_status()
