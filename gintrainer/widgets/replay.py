"""The replayer: walk an annotated hand step by step, ask the solver at any step,
edit the comments, load your own history file."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from html import escape
from typing import cast

from ..engine.cards import Card
from ..engine.melds import min_deadwood
from ..material.drawing import counted_deadwood, discard_table_html
from ..material.steps import HandSteps
from ..replay import Annotation, Replay, ReplayError, advice, dump, examples, load, with_solver_annotations
from ..replay.annotate import better_words, comment_words
from ..replay.review import Decision, HandReview
from ..replay.tutor_notes import TutorNote
from ..words.errors import GinError
from ..words.language import PLAYERS, t, tc, tn
from . import ui as widgets
from .base import Change, View, auto_width_buttons, download_link, guarded, replace_view
from .review import ReviewView, review_note_html, review_style
from .stepper import Stepper

MAX_UPLOAD = 2_000_000


def _names(replay: Replay) -> Sequence[str]:
    """A history's players, or the lessons' two (in the learner's language) where it names none, as the example
    hands do."""
    return replay.players or PLAYERS


class ReplaySteps(HandSteps):
    """A replay as a steps model: the table from one view (both hands, or one
    player's with the other face down), each hand's deadwood, and the step's notes,
    with a review's mark beside them at each marked decision (``reviewed``)."""

    def __init__(self, replay: Replay, *, view: int | None = None, reviewed: HandReview | None = None):
        self.replay = replay
        self.marked: dict[int, Decision] = {} if reviewed is None else {d.step: d for d in reviewed.decisions}
        face_down = () if view is None else (1 - view,)
        super().__init__(replay.hand, names=_names(replay), face_down=face_down, title=t(replay.title))

    def caption(self, step: int) -> str:
        return super().caption(step)

    def notes_html(self, step: int) -> str:
        items = []
        for note in self.replay.annotations_at(step):
            who = tc("note author", "Solver:") if note.author == "solver" else tc("note author", "Comment:")
            better = ""
            if note.better:
                said = t("Better: {move}", move=better_words(note.better))
                better = f" <i>{escape(said)}</i>"
            arrows = "".join(f" {a}→{b}" for a, b in note.arrows)
            comment = comment_words(self.replay, note)
            items.append(f"<div class='gt-note-{escape(note.author)}'><b>{escape(who)}</b> {escape(comment)}"
                         f"{better}{escape(arrows)}</div>")
        decision = self.marked.get(step)
        if decision is not None:
            items.append(review_note_html(decision))  # "" for a decision without a mark
        return f"<div class='gt-notes'>{''.join(items)}</div>" if any(items) else ""

    def deadwood_html(self, step: int) -> str:
        state = self.state(step)
        parts = []
        for seat in (0, 1):
            if seat in self.face_down:
                continue
            held = state.held(seat)
            if len(held) == 11:  # the card just taken from the pile may not go straight back
                said = t("{player}: best after a discard {value}", player=self.names[seat],
                         value=min(_without(held, c) for c in held if c is not state.taken_card))
            else:
                said = t("{player}: deadwood {value}", player=self.names[seat], value=counted_deadwood(state, seat))
            parts.append(escape(said))
        return f"<div class='gt-info'>{' · '.join(parts)}</div>"

    def html(self, step: int, *, size: str = "normal", four_colour: bool = False) -> str:
        table = super().html(step, size=size, four_colour=four_colour)  # the hand's table, as a hand's steps draw it
        return self.notes_html(step) + self.deadwood_html(step) + table


def _without(cards: tuple[Card, ...], card: Card) -> int:
    return min_deadwood([c for c in cards if c is not card])


def advice_html(replay: Replay, step: int) -> str:
    """The solver's view of the position after ``step`` actions, the played move marked."""
    names = _names(replay)
    try:
        found = advice(replay, step)
    except ReplayError as error:
        return f"<div class='gt-info'>{escape(str(error))}</div>"
    summary = escape(found.summary(names))
    if found.table is not None:
        played = found.played_row.card if found.played_row is not None else None
        return f"<div class='gt-info'>{summary}</div>" + discard_table_html(found.table.rows, played=played)
    return f"<div class='gt-info'>{summary}</div>"


class ReplayView(View):
    """One replay: view choice, the stepper, "Ask the solver", the review of either player's
    decisions, comment editing and a download of the (edited) history.

    ``reviewed``: a review made before (an example's: its marks show beside the comments
    from the start, and reviewing that seat shows it at once); ``review_seat``: the seat the
    review starts on (the featured seat, else the first); ``review_now``: start reviewing it
    at once; ``on_reviewed``: called with each review made; ``notes``: the practice tutor's notes of
    ``review_seat``'s decisions, by step, shown in its review (:func:`~gintrainer.widgets.review.review_table_html`);
    ``made``: other reviews made before, which reviewing their seat shows at once (an example's, of both
    players); ``advised``: the steps of ``review_seat``'s moves the practice coach in words advised (its
    review says so under such a move when it marks it)."""

    def __init__(self, replay: Replay, *, reviewed: HandReview | None = None, review_seat: int | None = None,
                 review_now: bool = False, on_reviewed: Callable[[HandReview], None] | None = None,
                 notes: Mapping[int, Sequence[TutorNote]] | None = None, made: Iterable[HandReview] = (),
                 advised: Collection[int] = ()):
        self.replay = replay
        self.reviewed = reviewed
        """The review whose marks show beside the comments."""
        self._made: dict[int, HandReview] = {review.seat: review for review in made}
        if reviewed is not None:
            self._made[reviewed.seat] = reviewed
        self.on_reviewed = on_reviewed
        self._notes = dict(notes or {})
        self._advised = frozenset(advised)
        self._notes_seat = review_seat if review_seat in (0, 1) else None
        names = _names(replay)
        self.heading = widgets.HTML()
        self.view_choice = widgets.ToggleButtons(
            options=[(tc("option", "Both hands"), -1), (t("{player}'s view", player=names[0]), 0),
                     (t("{player}'s view", player=names[1]), 1)], value=-1,
            description=tc("label", "Show:"), style=auto_width_buttons())
        self.stepper = Stepper(ReplaySteps(replay, reviewed=reviewed))
        self.ask_button = widgets.Button(description=tc("button", "Ask the solver"),
                                         tooltip=tc("tooltip", "the solver's table for the player to act, and the "
                                                               "move played"))
        self.solver = widgets.HTML()
        self.comment = widgets.Textarea(placeholder=t("A comment on this step (for a class)"),
                                        layout=widgets.fixed_layout(width="100%"))
        self.save_comment = widgets.Button(description=tc("button", "Save comment"))
        self.solver_notes = widgets.Button(description=tc("button", "Add the solver's notes"))
        self.download = widgets.HTML()
        if review_seat not in (0, 1):
            review_seat = replay.featured if replay.featured is not None else 0
        self.review_seat = widgets.ToggleButtons(options=[(names[0], 0), (names[1], 1)], value=review_seat,
                                                 description=tc("label", "Review:"), style=auto_width_buttons())
        self.review_button = widgets.Button(
            description=tc("button", "Review the decisions"),
            tooltip=tc("tooltip", "judge each decision of the chosen player: the best move and the points lost "
                                  "(a few seconds)"))
        self.review_box = widgets.VBox()
        super().__init__([review_style(), self.heading, self.view_choice, self.stepper,
                          widgets.wrapping_row(self.ask_button, self.solver_notes),
                          self.solver, widgets.wrapping_row(self.review_seat, self.review_button), self.review_box,
                          widgets.HBox([self.comment, self.save_comment]), self.download],
                         _dom_classes=("gt-replay",))
        self.review_button.on_click(self._on_review)
        self.view_choice.observe(self._on_view, names="value")
        self.ask_button.on_click(self._on_ask)
        self.save_comment.on_click(self._on_save)
        self.solver_notes.on_click(self._on_solver_notes)
        self.stepper.board.observe(lambda _: self._step_changed(), names="step")
        self.refresh()
        if review_now:
            self._on_review()

    @property
    def step(self) -> int:
        return self.stepper.step

    def _step_changed(self) -> None:
        self.solver.value = ""
        self._fill_comment()

    def _fill_comment(self) -> None:
        """The comment box holds the step's teacher's comment as the page shows it (a shipped example's in the
        page's language, its values written in: :func:`comment_words`), not as the file keeps it."""
        teacher = [n for n in self.replay.annotations_at(self.step) if n.author == "teacher"]
        self.comment.value = comment_words(self.replay, teacher[0]) if teacher else ""

    def _rebuild(self, replay: Replay) -> None:
        step = self.step
        self.replay = replay
        view = self.view_choice.value
        self.stepper.steps = ReplaySteps(replay, view=None if view == -1 else view, reviewed=self.reviewed)
        self.stepper.go(step)
        self.refresh()

    @guarded
    def _on_view(self, change: Change) -> None:
        if change["new"] not in (-1, 0, 1):
            raise GinError(t("choose both hands or one player's view"))
        self._rebuild(self.replay)

    @guarded
    def _on_ask(self, _button: widgets.Button | None = None) -> None:
        self.solver.value = advice_html(self.replay, self.step)

    @guarded
    def _on_save(self, _button: widgets.Button | None = None) -> None:
        text = self.comment.value
        if not isinstance(text, str) or len(text) > 2000:
            raise GinError(t("a comment is text of at most {limit} characters", limit=2000))
        step = self.step
        notes = [n for n in self.replay.annotations if not (n.step == step and n.author == "teacher")]
        if text.strip():
            notes.append(Annotation(step, text.strip()))
        self._rebuild(self.replay.with_annotations(sorted(notes, key=lambda n: n.step)))

    @guarded
    def _on_solver_notes(self, _button: widgets.Button | None = None) -> None:
        self._rebuild(with_solver_annotations(self.replay))

    @property
    def review(self) -> ReviewView | None:
        """The review shown, if any."""
        shown = self.review_box.children
        return cast(ReviewView, shown[0]) if shown else None

    @guarded
    def _on_review(self, _button: widgets.Button | None = None) -> None:
        """Review the chosen seat's decisions (at once when that review was made before), in place of the
        review shown; its worst decisions open the stepper at their steps."""
        seat = self.review_seat.value
        if seat not in (0, 1):
            raise GinError(t("the seat is 0 or 1, not {value}", value=repr(seat)))
        notes = self._notes if seat == self._notes_seat else None
        advised = self._advised if seat == self._notes_seat else frozenset()
        replace_view(self.review_box, ReviewView(self.replay, seat, open_step=self.stepper.reveal, notes=notes,
                                                 on_done=self._reviewed, made=self._made.get(seat),
                                                 advised=advised))

    def _reviewed(self, reviewed: HandReview) -> None:
        """A review is made: its marks show beside the comments."""
        known = self._made.get(reviewed.seat) is reviewed
        self._made[reviewed.seat] = reviewed
        if reviewed is not self.reviewed:
            self.reviewed = reviewed
            self._rebuild(self.replay)
        if not known and self.on_reviewed is not None:
            self.on_reviewed(reviewed)

    def refresh(self) -> None:
        replay = self.replay
        result = replay.hand.result
        summary = result.explain() if result is not None else t("The hand is not finished.")
        title = t(replay.title) if replay.title else t("A hand")
        description = t(replay.description)
        self.heading.value = (f"<h3>{escape(title)}</h3>"
                              f"<p>{escape(description)}</p><p class='gt-info'>{escape(summary)}</p>")
        name = "".join(ch if ch.isalnum() else "-" for ch in (replay.title or "hand").lower()).strip("-") or "hand"
        self.download.value = download_link(dump(replay), f"{name[:40]}.json", t("Download this history (JSON)"))
        self._fill_comment()


class ReplaysPage(View):
    """The example hands to choose from, or your own history file."""

    def __init__(self) -> None:
        self.examples = examples()
        self.choice = widgets.Dropdown(options=[(t(r.title) if r.title else n, n) for n, r in self.examples.items()],
                                       description=tc("label", "Hand:"))
        self.upload = widgets.FileUpload(accept=".json", multiple=False,
                                         description=tc("button", "Load a history file"))
        self.holder = widgets.VBox()
        super().__init__([widgets.wrapping_row(self.choice, self.upload),
                          self.holder], _dom_classes=("gt-replays",))
        self.choice.observe(self._on_choice, names="value")
        self.upload.observe(self._on_upload, names="value")
        first = next(iter(self.examples))
        self.show(self.examples[first], example=first)

    def show(self, replay: Replay, *, example: str | None = None) -> None:
        """Show a replay in place of the one shown, which is closed; an ``example`` hand with its review's
        marks (made once: :mod:`gintrainer.replay.example_reviews`), and either player's review at once."""
        from ..replay.example_reviews import example_review, example_reviews
        reviewed = example_review(example) if example is not None else None
        made = example_reviews(example).values() if example is not None else ()
        replace_view(self.holder, ReplayView(replay, reviewed=reviewed, made=made))

    @property
    def view(self) -> ReplayView:
        return cast(ReplayView, self.holder.children[0])  # the holder holds the one view shown

    @guarded
    def _on_choice(self, change: Change) -> None:
        if change["new"] not in self.examples:
            raise GinError(t("no example hand {name}", name=repr(change["new"])))
        self.show(self.examples[change["new"]], example=change["new"])

    @guarded
    def _on_upload(self, change: Change) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        content = item["content"] if isinstance(item, dict) else item.content
        data = bytes(content)
        if len(data) > MAX_UPLOAD:
            raise GinError(tn("that file is too large for a hand history ({n} byte)",
                                "that file is too large for a hand history ({n} bytes)", len(data)))
        self.show(load(data))
        self.clear_status()


def replays() -> ReplaysPage:
    """A notebook's one line for the replays page."""
    return ReplaysPage()
