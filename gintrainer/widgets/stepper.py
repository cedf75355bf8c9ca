"""A stepper: walk a hand (or a deal, or a match) forward and back, a caption for each step."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Protocol

import traitlets

from ..engine.hand import Hand
from ..material.steps import HandSteps
from ..words.language import PLAYERS, t, tc, with_arrow
from .base import Change, ScriptWidget, View, guarded


class Steps(Protocol):
    """A steps model as a stepper shows it (:mod:`gintrainer.material.steps` has several; it may
    also have a ``title``)."""

    @property
    def count(self) -> int: ...

    def caption(self, step: int) -> str: ...

    def html(self, step: int, *, size: str = ..., four_colour: bool = ...) -> str: ...


class StepperBoard(ScriptWidget):
    """What a stepper draws in the browser, as one widget: the heading, the buttons to the
    start, back, forward and to the end, a slider, the step's label, its caption and its
    frame. A button or the slider asks the kernel for a step by setting ``step``; the
    kernel (the :class:`Stepper`) keeps the steps model and sends the frame, caption and
    label of the step it shows. ``texts`` are the controls' labels and tooltips, in the
    page's language."""

    _esm = traitlets.Unicode("""
    function render({ model, el }) {
      const texts = model.get("texts");
      const make = (tag, cls) => { const e = document.createElement(tag); if (cls) e.className = cls; return e; };
      const heading = make("div", "gt-stepper-heading");
      const controls = make("div", "gt-stepper-controls");
      controls.style.cssText = "display: flex; flex-flow: row wrap; align-items: center;";
      const ask = wanted => {
        const step = Math.min(Math.max(Math.round(wanted), 0), model.get("last"));
        if (step === model.get("step")) return;
        model.set("step", step);
        model.save_changes();
      };
      const button = (key, target) => {
        const b = make("button", "jupyter-widgets jupyter-button widget-button");
        b.type = "button";
        b.textContent = texts[key] || "";
        b.title = texts[key + "_tip"] || "";
        b.addEventListener("click", () => ask(target()));
        controls.appendChild(b);
        return b;
      };
      const first = button("start", () => 0);
      const back = button("back", () => model.get("step") - 1);
      const forward = button("forward", () => model.get("step") + 1);
      const last = button("end", () => model.get("last"));
      const slide = make("div", "gt-stepper-slide widget-inline-hbox");
      const name = make("label", "widget-label gt-stepper-slider-label");
      name.textContent = texts.slider || "";
      const slider = make("input", "gt-stepper-slider");
      slider.type = "range";
      slider.min = "0";
      slider.step = "1";
      slider.setAttribute("aria-label", texts.slider || "");
      slider.addEventListener("change", () => ask(Number(slider.value)));
      slide.append(name, slider);
      const label = make("span", "gt-stepper-label");
      controls.append(slide, label);
      const caption = make("div", "gt-caption-line");
      const frame = make("div", "gt-stepper-frame");
      el.classList.add("gt-stepper-board");
      el.append(heading, controls, caption, frame);
      const draw = () => {
        const step = model.get("step"), end = model.get("last");
        heading.innerHTML = model.get("heading");
        heading.style.display = model.get("heading") ? "" : "none";
        caption.innerHTML = model.get("caption");
        frame.innerHTML = model.get("frame");
        label.textContent = model.get("label");
        slider.max = String(end);
        slider.value = String(step);
        first.disabled = back.disabled = step <= 0;
        forward.disabled = last.disabled = step >= end;
      };
      draw();
      for (const name of ["step", "last", "heading", "caption", "frame", "label"]) model.on("change:" + name, draw);
      model.on("change:reveal", () => el.scrollIntoView({ block: "start" }));
    }
    export default { render };
    """).tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)
    """The step shown (the kernel's), or asked for (the page's)."""
    last = traitlets.Int(0).tag(sync=True)
    heading = traitlets.Unicode("").tag(sync=True)
    """HTML."""
    caption = traitlets.Unicode("").tag(sync=True)
    """HTML: the step's caption in its box."""
    frame = traitlets.Unicode("").tag(sync=True)
    """HTML: the step drawn."""
    label = traitlets.Unicode("").tag(sync=True)
    """Text: "Step 3 of 12"."""
    texts = traitlets.Dict(traitlets.Unicode(), default_value={}).tag(sync=True)
    reveal = traitlets.Int(0).tag(sync=True)
    """Counts the times the kernel asked the page to bring the board into view (:meth:`Stepper.reveal`)."""


def stepper_texts() -> dict[str, str]:
    """The stepper's button labels, tooltips and slider name, in the language spoken now
    (the buttons' arrows from :func:`~gintrainer.words.language.with_arrow`: on a right-to-left
    page "back" points right)."""
    return {"start": with_arrow(tc("stepper", "Start"), "start"), "start_tip": t("Go to the start"),
            "back": with_arrow(tc("stepper", "Back"), "step_back"), "back_tip": t("One step back"),
            "forward": with_arrow(tc("stepper", "Forward"), "step_forward"), "forward_tip": t("One step forward"),
            "end": with_arrow(tc("stepper", "End"), "end"), "end_tip": t("Go to the end"),
            "slider": tc("label", "Step")}


class Stepper(View):
    """Shows one step of a steps model (:mod:`gintrainer.material.steps`) with its caption,
    and buttons to go to the start, back, forward and to the end (all drawn by one
    :class:`StepperBoard`).

    Any model with ``count``, ``caption(i)`` and ``html(i, size=, four_colour=)``
    works; :meth:`for_hand` builds one for a :class:`~gintrainer.Hand`. The steps
    model may be replaced (``stepper.steps = ...``, then :meth:`go`).
    """

    def __init__(self, steps: Steps, *, title: str | None = None, start: int = 0):
        self.steps = steps
        title = getattr(steps, "title", "") if title is None else title
        valid = isinstance(start, int) and not isinstance(start, bool)
        first = self._shown(start) if valid else {}  # the first step is drawn with the board, not sent after
        self.board = StepperBoard(heading=f"<b>{escape(title)}</b>" if title else "", texts=stepper_texts(), **first)
        super().__init__([self.board], _dom_classes=("gt-stepper",))
        self._step: int = min(max(start, 0), self.last) if valid else -1
        self.board.observe(self._asked, names="step")
        if not valid:
            self.go(start)  # says why in the status line

    @classmethod
    def for_hand(cls, hand: Hand, *, captions: dict[int, str] | None = None, names: Sequence[str] = PLAYERS,
                 face_down: tuple[int, ...] = (), title: str = "", start: int = 0) -> Stepper:
        return cls(HandSteps(hand, captions=captions, names=names, face_down=face_down, title=title),
                   start=start)

    @property
    def step(self) -> int:
        return self._step

    @property
    def last(self) -> int:
        """The last step's number."""
        return self.steps.count - 1

    @guarded
    def go(self, step: int) -> None:
        """Show step ``step`` (clamped to the first and last steps)."""
        if isinstance(step, bool) or not isinstance(step, int):
            raise ValueError(f"a step is a whole number, not {step!r}")
        self._step = min(max(step, 0), self.last)
        self.refresh()

    def reveal(self, step: int) -> None:
        """Show step ``step`` and bring the board into view (from a link further down the page)."""
        self.go(step)
        self.board.reveal += 1

    def _asked(self, change: Change) -> None:
        if change["new"] != self._step:
            self.go(change["new"])

    def forward(self) -> None:
        self.go(self.step + 1)

    def back(self) -> None:
        self.go(self.step - 1)

    def _shown(self, step: int) -> dict[str, int | str]:
        """What the board shows for a step (clamped to the first and last steps)."""
        last = self.last
        step = min(max(step, 0), last)
        return {"last": last, "step": step,
                "frame": self.steps.html(step, size=self.size, four_colour=self.four_colour),
                "caption": f'<div class="gt-caption-box">{escape(self.steps.caption(step))}</div>',
                "label": t("Step {step} of {last}", step=step, last=last)}

    def refresh(self) -> None:
        with self.board.hold_sync():
            for name, value in self._shown(self._step).items():  # the step comes back through _asked: nothing to do
                setattr(self.board, name, value)
        self.clear_status()
