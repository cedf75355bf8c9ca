"""The review of a hand on a page: a progress bar while the evaluator judges each decision of one seat, then
the table of the decisions (the move made, the best move, the points lost and the mark), the summary, and
the worst three decisions as buttons that open the replay at their steps.

A review takes seconds of the kernel's time (about 4 s a hand at the evaluator's default samples), so it
is judged one decision at a time, each asked for by the page (:class:`ReviewProgress`): between two
decisions the kernel answers the learner's clicks, and the bar moves. A kernel thread would not do:
under Voila a thread may not touch the widgets (see :class:`~gintrainer.widgets.classroom.Ticker`)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from html import escape
from typing import cast

import traitlets

from ..engine import evaluate
from ..replay import Replay
from ..replay import review_words as said
from ..replay.review import Decision, HandReview, Judge, Mark, Reviewing
from ..replay.tutor_notes import TutorChoice, TutorNote, tutor_choice_words
from ..words.errors import GinError
from ..words.language import PLAYERS, t, tc, tn
from . import ui as widgets
from .base import ScriptWidget, View, guarded, shared_part

REVIEW_CSS = """<style>
.gt-review .gt-review-scroll{overflow-x:auto;max-width:100%;}
.gt-review table.gt-review-table{border-collapse:collapse;margin:4px 0;}
.gt-review table.gt-review-table th,.gt-review table.gt-review-table td{padding:2px 8px;border-bottom:1px solid #ddd;
  text-align:start;vertical-align:top;}
.gt-review table.gt-review-table td.gt-review-number{text-align:end;white-space:nowrap;}
.gt-review .gt-review-why td{border-bottom:1px solid #ddd;font-style:italic;color:#333;}
.gt-review .gt-review-tutor td{border-bottom:1px solid #ddd;color:#8a3b00;}
.gt-review .gt-tutor-choice{font-size:smaller;color:#8a3b00;font-weight:bold;}
.gt-mark{font-weight:bold;border-radius:4px;padding:0 4px;-webkit-box-decoration-break:clone;
  box-decoration-break:clone;}
.gt-mark-inaccuracy{color:#7a5c00;background:#fff3c4;}
.gt-mark-mistake{color:#8a3b00;background:#ffdcc2;}
.gt-mark-blunder{color:#fff;background:#c62828;}
.gt-review progress.gt-review-bar{width:16em;max-width:60vw;vertical-align:middle;margin-inline-end:8px;}
.gt-review .gt-review-worst button{white-space:normal;height:auto;}
@media (max-width:600px){.gt-review table.gt-review-table th,.gt-review table.gt-review-table td{padding:2px 4px;}
  .gt-review table.gt-review-table .gt-review-kind{display:none;}
  .gt-review table.gt-review-table td.gt-review-number{white-space:normal;}}
</style>"""
"""The review's table, its marks in colour (the sign too, so that they differ without colour, in the table and
beside a replay's notes) and its bar. On a phone the table fits the window, not a box to scroll sideways: the
decision's kind (the move made names it) is left out, the cells are padded less, and the points lost may
wrap."""


def review_style() -> widgets.HTML:
    """The HTML widget holding :data:`REVIEW_CSS`: one model per kernel, shown by every view that draws a
    review or its marks (a replay shows an example's marks before any review is asked for)."""
    return cast(widgets.HTML, shared_part(widgets.HTML, value=REVIEW_CSS, _dom_classes=("gt-review-style",)))


class ReviewProgress(ScriptWidget):
    """A review's progress bar, and what drives the review: while ``running``, the page asks the kernel for
    the next decision each time the count of decisions judged (``done``) changes, with the count it saw;
    the kernel judges one decision for each message that has the count it has (a second view of the bar,
    or a second event of one change, asks nothing more). It shows while the review runs: the script shows and
    hides a box of its own, not the widget's element, whose ``display`` the widget's layout sets (and clears,
    when its view is drawn after the bar's: a review shown at once kept an empty bar over its table)."""

    _esm = traitlets.Unicode("""
    function render({ model, el }) {
      const box = document.createElement("div");
      box.className = "gt-review-progress";
      const bar = document.createElement("progress");
      bar.className = "gt-review-bar";
      const label = document.createElement("span");
      label.className = "gt-review-progress-label";
      box.append(bar, label);
      el.append(box);
      const draw = () => {
        bar.max = Math.max(model.get("total"), 1);
        bar.value = model.get("done");
        label.textContent = model.get("label");
        bar.setAttribute("aria-label", model.get("label"));
        box.style.display = model.get("running") ? "" : "none";
      };
      const ask = () => {
        if (model.get("running") && model.get("done") < model.get("total")) model.send({ next: model.get("done") });
      };
      draw();
      ask();
      for (const name of ["done", "running"]) model.on("change:" + name, () => { draw(); ask(); });
      for (const name of ["total", "label"]) model.on("change:" + name, draw);
    }
    export default { render };
    """).tag(sync=True)
    done = traitlets.Int(0).tag(sync=True)
    total = traitlets.Int(0).tag(sync=True)
    running = traitlets.Bool(False).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)

    def on_next(self, callback: Callable[[object], None]) -> None:
        """Call ``callback`` with the count the page sends when it asks for the next decision (whatever it
        sent: check it)."""
        self.on_msg(lambda _widget, content, _buffers: callback(content.get("next"))
                    if isinstance(content, dict) else None)


def progress_words(done: int, total: int) -> str:
    """The label of a review's progress bar."""
    return tn("Reviewing: {done} of {n} decision judged", "Reviewing: {done} of {n} decisions judged", total,
              done=done)


def mark_html(decision: Decision) -> str:
    """A decision's mark, its sign and its word, in the mark's colours ("" for none)."""
    mark = decision.mark
    if mark is Mark.NONE:
        return ""
    return f"<span class='gt-mark gt-mark-{mark.value}'>{escape(said.mark_words(mark))}</span>"


def why_html(decision: Decision) -> str:
    """The sentences that say why the best move is better than the move made, drawn under the decision's
    row ("" when the move made was the best: no row)."""
    return escape(decision.reason) if decision.why else ""


_KIND = " class='gt-review-kind'"
"""The class of the cells of a review's second column, the decision's kind ("take or draw"), which a phone's
narrow table leaves out (:data:`REVIEW_CSS`)."""


def review_table_html(reviewed: HandReview, notes: Mapping[int, Sequence[TutorNote]] | None = None,
                      advised: Collection[int] = ()) -> str:
    """A review's decisions as a table under :func:`~gintrainer.replay.review_words.review_columns`, each
    row in its mark's class, the marks in colour, and each decision's "why" under its row; ``notes``: the
    practice tutor's notes by step (:func:`~gintrainer.replay.tutor_notes.notes_at`): beside the move of a
    decision the tutor stopped, what the learner finally chose (the row's ``data-tutor``: ``played`` or
    ``rethink``), and each note under its row; ``advised``: the steps of the moves the practice coach in words
    advised, under each of which, when marked, a note says the coach and the review measure differently."""
    heads = "".join(f"<th scope='col'{_KIND if index == 1 else ''}>{escape(head)}</th>"
                    for index, head in enumerate(said.review_columns()))
    rows = []
    for decision in reviewed.decisions:
        cells = said.decision_cells(decision)
        stopped = tuple((notes or {}).get(decision.step, ()))
        choice = tutor_choice_html(stopped)
        drawn = [f"<td class='gt-review-number'>{escape(cells[0])}</td>",
                 *(f"<td{_KIND if index == 1 else ''}>{escape(cell)}{choice if index == 2 else ''}</td>"
                   for index, cell in enumerate(cells[1:4], start=1)),
                 f"<td class='gt-review-number'>{escape(cells[4])}</td>", f"<td>{mark_html(decision)}</td>"]
        best = " gt-review-best" if decision.is_best else ""
        tutored = f" data-tutor='{stopped[-1].choice.value}'" if stopped else ""
        rows.append(f"<tr class='gt-review-row gt-review-{decision.mark.value}{best}' data-step='{decision.step}'"
                    f"{tutored}>" + "".join(drawn) + "</tr>")
        why = why_html(decision)
        if why:
            rows.append(f"<tr class='gt-review-why'><td colspan='{len(cells)}'>{why}</td></tr>")
        for note in stopped:
            text = note.review_text()
            if note.choice is TutorChoice.PLAYED and note.mark is not decision.mark:  # two estimates, two marks
                # Translators: under a decision the tutor stopped and the learner played anyway, when the
                # review marks it otherwise; {mark} is the tutor's mark ("? mistake"), {lost} its points lost
                # with their error ("7.27 ± 1.50").
                text += " " + t("The tutor's quick check, on {samples} deals, gave {mark} ({lost} points lost); "
                                "this row judges the move again on {review_samples} deals.",
                                samples=note.loss.samples, mark=said.mark_words(note.mark),
                                lost=said.loss_words(note.loss), review_samples=decision.loss.samples)
            rows.append(f"<tr class='gt-review-tutor'><td colspan='{len(cells)}'>{escape(text)}</td></tr>")
        if decision.step in advised and decision.mark is not Mark.NONE:
            rows.append(f"<tr class='gt-review-tutor gt-review-coached'><td colspan='{len(cells)}'>"
                        f"{escape(coached_words())}</td></tr>")
    return (f"<div class='gt-review-scroll'><table class='gt-review-table'><thead><tr>{heads}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table></div>")


def coached_words() -> str:
    """Under a marked move the practice coach in words advised: why the two judge it differently."""
    # Translators: under a row of the review of a practice hand whose move the coach in words advised; the
    # review marked it all the same.
    return t("The coach in words advises this move here: it weighs your deadwood after the next draw, where this "
             "review counts the points of the whole hand.")


def tutor_choice_html(notes: Sequence[TutorNote]) -> str:
    """Beside the move of a decision the tutor stopped, what the learner finally chose ("" for none)."""
    words = tutor_choice_words(notes)
    return f"<div class='gt-tutor-choice'>{escape(words)}</div>" if words else ""


def review_note_html(decision: Decision) -> str:
    """A marked decision's note beside the comments at its step of the replay: the mark, the points lost
    and the best move ("" for a decision without a mark)."""
    if decision.mark is Mark.NONE:
        return ""
    who = tc("note author", "Review:")
    # Translators: a review's note at a step of a replay, after "Review:"; {mark} is the mark with its sign
    # ("?? blunder"), {lost} the points of the hand lost with their error ("9.00 ± 0.50"), {move} the best move.
    said_here = t("{mark}, {lost} points lost; best: {move}", mark=said.mark_words(decision.mark),
                  lost=said.loss_words(decision.loss), move=said.best_words(decision))
    return (f"<div class='gt-note-review'><b>{escape(who)}</b> "
            f"<span class='gt-mark gt-mark-{decision.mark.value}'>{escape(said_here)}</span></div>")


def worst_words(decision: Decision) -> str:
    """A worst decision's button: its mark's sign, its step and the points it lost."""
    text = t("Step {step}: {lost} points lost", step=decision.step, lost=said.loss_words(decision.loss))
    return f"{decision.mark.symbol} {text}".strip()


class ReviewView(View):
    """The review of one seat's decisions in a replay's hand: made on the page, one decision at a time with a
    progress bar (or shown at once when it was ``made`` before), then its table, summary and worst decisions.
    A worst decision's button calls ``open_step`` with its step; ``on_done`` is called with the finished
    review; ``notes``: the practice tutor's notes by step, ``advised``: the steps of moves the coach in words
    advised (both :func:`review_table_html`'s). ``judge``,
    ``samples`` and ``seed`` are :func:`~gintrainer.replay.review.review`'s."""

    def __init__(self, replay: Replay, seat: int, *, open_step: Callable[[int], None] | None = None,
                 on_done: Callable[[HandReview], None] | None = None, made: HandReview | None = None,
                 judge: Judge | None = None, samples: int = evaluate.DEFAULT_SAMPLES, seed: int | str = 0,
                 notes: Mapping[int, Sequence[TutorNote]] | None = None, advised: Collection[int] = ()):
        self.replay = replay
        self.notes = dict(notes or {})
        self.advised = frozenset(advised)
        self.name = (replay.players or PLAYERS)[seat]
        """The reviewed seat's player, as the review's sentences call them (the learner's name or "Guest" on
        the practice page, whose replay names its players so): never by the seat's number."""
        self.open_step, self.on_done = open_step, on_done
        self.reviewed: HandReview | None = None
        self.heading = widgets.HTML()
        self.progress = ReviewProgress()
        self.table = widgets.HTML()
        self.summary = widgets.HTML()
        self.worst_label = widgets.HTML()
        self.worst_buttons = [widgets.Button(layout=widgets.Layout(display="none")) for _ in range(3)]
        self._worst_steps: list[int] = []
        for number, button in enumerate(self.worst_buttons):
            button.on_click(lambda _button, number=number: self._on_worst(number))
        worst = widgets.wrapping_row(*self.worst_buttons)
        worst.add_class("gt-review-worst")
        super().__init__([review_style(), self.heading, self.progress, self.table, self.summary,
                          self.worst_label, worst], _dom_classes=("gt-review",))
        self.progress.on_next(self._on_next)
        self._reviewing: Reviewing | None = None
        if made is not None:
            if made.seat != seat:
                raise GinError(f"a review of seat {made.seat} is not seat {seat}'s")
            self._finish(made)
        else:
            self._reviewing = Reviewing(replay.hand, seat, samples=samples, seed=seed, judge=judge)
            self._start()

    @property
    def running(self) -> bool:
        return self._reviewing is not None and self.reviewed is None

    def _start(self) -> None:
        reviewing = self._reviewing
        if reviewing is None:
            return
        with self.hold_sync():
            self.heading.value = f"<h4>{escape(said.review_heading(reviewing.result(), name=self.name))}</h4>"
        if reviewing.finished:  # a seat without decisions
            self._finish(reviewing.result())
            return
        with self.progress.hold_sync():
            self.progress.total, self.progress.done = reviewing.total, 0
            self.progress.label = progress_words(0, reviewing.total)
            self.progress.running = True

    @guarded
    def _on_next(self, seen: object) -> None:
        """The page asks for the next decision, having seen ``seen`` judged."""
        if self.running and seen == self.progress.done and not isinstance(seen, bool):
            self.step()

    def step(self) -> None:
        """Judge the next decision, and show the review once every decision is judged."""
        reviewing = self._reviewing
        if reviewing is None or self.reviewed is not None:
            return
        try:
            reviewing.step()
        except Exception:
            self.progress.running = False  # a review that failed asks for nothing more
            raise
        if reviewing.finished:
            self._finish(reviewing.result())
            return
        with self.progress.hold_sync():
            self.progress.done = reviewing.done
            self.progress.label = progress_words(reviewing.done, reviewing.total)

    def run(self) -> HandReview:
        """Judge every decision left at once (as the page does one by one) and return the review."""
        while self.reviewed is None:
            self.step()
        return self.reviewed

    def _finish(self, reviewed: HandReview) -> None:
        self.reviewed = reviewed
        with self.hold_sync():
            with self.progress.hold_sync():
                self.progress.done = self.progress.total
                self.progress.running = False
            self.heading.value = f"<h4>{escape(said.review_heading(reviewed, name=self.name))}</h4>"
            if not reviewed.decisions:
                none = said.no_decision_sentence(reviewed, name=self.name)
                self.table.value = f"<p class='gt-info'>{escape(none)}</p>"
                self.summary.value = ""
            else:
                self.table.value = review_table_html(reviewed, self.notes, self.advised)
                sentences = [said.totals_sentence(reviewed, name=self.name), said.marks_sentence(reviewed),
                             said.thresholds_sentence(reviewed)]
                self.summary.value = "".join(f"<div class='gt-info'>{escape(s)}</div>" for s in sentences)
            self._show_worst(reviewed)
        if self.on_done is not None:
            self.on_done(reviewed)

    def _show_worst(self, reviewed: HandReview) -> None:
        worst = reviewed.worst
        self._worst_steps = [decision.step for decision in worst]
        if not reviewed.decisions:
            self.worst_label.value = ""
        elif not worst:
            self.worst_label.value = f"<div class='gt-info'>{escape(said.no_worst_sentence())}</div>"
        elif self.open_step is None:
            self.worst_label.value = f"<div class='gt-info'>{escape(said.worst_sentence(reviewed))}</div>"
        else:
            label = t("The worst decisions, by points lost (open the replay there):")
            self.worst_label.value = f"<div class='gt-info'><b>{escape(label)}</b></div>"
        for number, button in enumerate(self.worst_buttons):
            shown = self.open_step is not None and number < len(worst)
            button.layout.display = "" if shown else "none"
            if shown:
                decision = worst[number]
                button.description = worst_words(decision)
                button.tooltip = said.mark_words(decision.mark) or said.loss_words(decision.loss)
                button.button_style = "danger" if decision.mark is Mark.BLUNDER else "warning"

    @guarded
    def _on_worst(self, number: int) -> None:
        if self.open_step is None or not 0 <= number < len(self._worst_steps):
            return
        self.open_step(self._worst_steps[number])

    def close(self) -> None:
        """Stop the review (the page asks for nothing more) and close the view."""
        self._reviewing = None
        super().close()


__all__ = ["REVIEW_CSS", "ReviewProgress", "ReviewView", "coached_words", "mark_html", "progress_words",
           "review_note_html", "review_style", "review_table_html", "tutor_choice_html", "why_html", "worst_words"]
