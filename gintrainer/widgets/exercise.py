"""The exercise widget: a question on a position, answered by clicking cards, choosing,
or typing a number; Check, Try again, Show answer and New position.

A wrong answer is told why it is wrong, never what the answer is; the answer
shows only when asked for. A lesson's check counts first answers."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape
from typing import cast

from ..engine.cards import Card, CardsLike
from ..exercises import Exercise, ExerciseSession, Feedback, compare_rules, panel_html
from ..exercises.core import AnswerType
from ..material.drawing import CardStyle, cards_html
from ..words.language import PLAYERS, t, tc, tn
from . import ui as widgets
from .base import View, auto_width_buttons, guarded
from .cards import CardPicker


def position_number(seed: int) -> int:
    """The number a learner reads for the position of a seed: positions count from 1 (seed 0 is the first)."""
    return seed + 1


class ExerciseView(View):
    """One exercise (a kind and a seed, or a fixed :class:`~gintrainer.exercises.Exercise`).

    Feedback comes straight from the exercise's checker, which asks the engine.
    The model is :attr:`session` (an :class:`~gintrainer.exercises.ExerciseSession`).
    """

    children: tuple[widgets.Widget, ...]  # the parts shown (a trait of the VBox)

    def __init__(self, kind: str | None = None, seed: int = 0, *, exercise: Exercise | None = None,
                 compact: bool = False, anchor: str | None = None):
        self.session = ExerciseSession(kind, seed, exercise=exercise)
        self.listeners: list[Callable[[ExerciseView, Feedback], None]] = []  # after each Check and Show answer
        self.prompt = widgets.HTML()
        """The exercise's title (with the position's number) and its question, which always change together."""
        # The parts below are made when first shown: an exercise answered with cards has no number box; the
        # label naming the cards to pick is made only for one answered with cards, and the widget drawing the
        # panels (the cards on the table, the melds...) only for one that has panels (no lesson's check has).
        self._panels: widgets.HTML | None = None
        self._option_label: widgets.HTML | None = None
        self._picker: CardPicker | None = None
        self._choices: widgets.ToggleButtons | None = None
        self._number: widgets.Text | None = None
        self._new_button: widgets.Button | None = None
        self._again_button: widgets.Button | None = None  # shown once there is an answer to take back
        self._compact = compact
        self.check_button = widgets.Button(description=tc("button", "Check"), button_style="primary")
        self.answer_button = widgets.Button(description=tc("button", "Show answer"))
        self.feedback = widgets.HTML(_dom_classes=("gt-feedback",))
        self.inputs = widgets.VBox()
        self.button_row = widgets.HBox(self._buttons())
        anchors = (self.anchor_class(anchor),) if anchor else ()  # a part the page's address can name
        super().__init__(self._parts(), _dom_classes=("gt-exercise", *anchors))
        self.check_button.on_click(self._on_check)
        self.answer_button.on_click(self._on_answer)
        self.refresh()

    @property
    def exercise(self) -> Exercise:
        return self.session.exercise

    def _parts(self) -> list[widgets.Widget]:
        """What the exercise shows, top to bottom (between the view's style sheet and status line)."""
        exercise = self.exercise
        panels = [self.panels] if exercise.panels else []
        label = [self.option_label] if exercise.answer_type == AnswerType.CARDS else []
        return [self.prompt, *panels, *label, self.inputs, self.button_row, self.feedback]

    def _buttons(self) -> list[widgets.Button]:
        """The buttons shown: Check, Try again once the exercise has been answered wrong (or its answer shown),
        Show answer, and New position where the exercise can renew (but in a lesson's check)."""
        buttons = [self.check_button]
        if self.session.state in ("wrong", "shown"):
            buttons.append(self.again_button)
        buttons.append(self.answer_button)
        if self.session.can_renew and not self._compact:
            buttons.append(self.new_button)
        return buttons

    @property
    def again_button(self) -> widgets.Button:
        """Try again: takes back the answer given (made when first shown)."""
        if self._again_button is None:
            self._again_button = widgets.Button(description=tc("button", "Try again"))
            self._again_button.on_click(self._on_again)
        return self._again_button

    @property
    def panels(self) -> widgets.HTML:
        """The exercise's panels drawn (for an exercise that has panels)."""
        if self._panels is None:
            self._panels = widgets.HTML()
        return self._panels

    @property
    def option_label(self) -> widgets.HTML:
        """The name of the cards to pick from, above them (for an exercise answered with cards)."""
        if self._option_label is None:
            self._option_label = widgets.HTML()
        return self._option_label

    @property
    def picker(self) -> CardPicker:
        """The cards to pick from (for an exercise answered with cards)."""
        if self._picker is None:
            self._picker = CardPicker()
            self._picker.on_error = self.report
            self._picker.on_pick = self.clear_error
        return self._picker

    @property
    def choices(self) -> widgets.ToggleButtons:
        """The choices (for an exercise answered by choosing)."""
        if self._choices is None:
            self._choices = widgets.ToggleButtons(options=(), value=None, style=auto_width_buttons())
        return self._choices

    @property
    def number(self) -> widgets.Text:
        """The answer box (for an exercise answered with a number)."""
        if self._number is None:
            self._number = widgets.Text(placeholder=t("your answer"), layout=widgets.fixed_layout(width="10em"))
        return self._number

    @property
    def new_button(self) -> widgets.Button:
        """New position (shown for an exercise that can renew, but in a lesson's check)."""
        if self._new_button is None:
            self._new_button = widgets.Button(description=tc("button", "New position"),
                                              tooltip=tc("tooltip", "Another position of the same kind"))
            self._new_button.on_click(self._on_new)
        return self._new_button

    def _clear_choice(self) -> None:
        """Take back the choice or the cards selected (those made), which would look chosen as right."""
        if self._picker is not None:
            self._picker.select(())
        if self._choices is not None:
            self._choices.value = None

    def _clear_inputs(self) -> None:
        """Take back what the learner put in the inputs (those made)."""
        if self._picker is not None:
            self._picker.clear()
        if self._choices is not None:
            self._choices.value = None
        if self._number is not None:
            self._number.value = ""

    # -- reading and showing -------------------------------------------------------

    def response(self) -> object:
        """What the learner has answered so far, as the checker reads it."""
        kind = self.exercise.answer_type
        if kind == AnswerType.CARDS:
            return self.picker.selected
        if kind == AnswerType.CHOICE:
            return self.choices.value
        return self.number.value

    def refresh(self) -> None:
        exercise = self.exercise
        with self.hold_sync():
            # Translators: {number} counts the positions of this exercise from 1 ("New position" moves on).
            seed = " " + t("· position {number}", number=position_number(exercise.seed)) \
                if self.session.can_renew else ""
            self.prompt.value = (f'<div class="gt-exercise-title"><b>{escape(exercise.title)}</b>'
                                 f'<small>{escape(seed)}</small></div>'
                                 f'<div class="gt-prompt">{escape(exercise.prompt)}</div>')
            if exercise.panels:
                self.panels.value = "".join(panel_html(p, size=self.size, four_colour=self.four_colour)
                                            for p in exercise.panels)
            if exercise.answer_type == AnswerType.CARDS:
                # Translators: {cards} names the cards to pick from ("Your 11 cards").
                pick = t("{cards} (click to pick)", cards=exercise.option_label)
                self.option_label.value = f'<div class="gt-seat-title">{escape(pick)}</div>'
                if tuple(self.picker.cards) != tuple(exercise.options):
                    self.picker.show(exercise.options, single=exercise.pick == 1)
                else:
                    self.picker.restyle()
                self.inputs.children = (self.picker,)
            elif exercise.answer_type == AnswerType.CHOICE:
                if tuple(self.choices.options) != tuple(exercise.options):
                    self.choices.options = exercise.options
                    self.choices.value = None
                self.inputs.children = (self.choices,)
            else:
                self.inputs.children = (self.number,)
            self.set_parts(self._parts())  # changed for another kind of answer than the last position's
            self._show_feedback(self.session.feedback)

    def _show_feedback(self, feedback: Feedback | None) -> None:
        buttons = tuple(self._buttons())
        if tuple(self.button_row.children) != buttons:
            self.button_row.children = buttons
        if feedback is None:
            self.feedback.value = ""
            return
        state = self.session.state
        hint = ""
        if state == "shown":
            css, mark = "gt-feedback-shown", tc("feedback", "Answer:")
            text = feedback.text.removeprefix("Answer: ")  # the exercise's own words may start so
        elif feedback.correct:
            css, mark, text = "gt-feedback-right", "✓", feedback.text
        else:
            css, mark, text = "gt-feedback-wrong", "✗", feedback.text
            if state == "wrong":
                again = t("Try again, or press Show answer.")
                hint = f' <span class="gt-hint">{escape(again)}</span>'
        self.feedback.value = f'<div class="{css}">{escape(mark)} {escape(text)}{hint}</div>'

    def _answered(self, feedback: Feedback) -> None:
        """Tell the listeners (who keep the answer in the learner's progress), then show the answer's feedback:
        an answer the learner sees answered is kept before they can leave for another page (shown even when a
        listener fails, whose problem the status line then says)."""
        try:
            for listener in list(self.listeners):
                listener(self, feedback)
        finally:
            self._show_feedback(feedback)
            self.clear_status()

    # -- callbacks ------------------------------------------------------------------

    @guarded
    def _on_check(self, _button: widgets.Button | None = None) -> None:
        feedback = self.session.check(self.response())
        self._answered(feedback)

    @guarded
    def _on_again(self, _button: widgets.Button | None = None) -> None:
        self.session.try_again()
        self._clear_inputs()
        self._show_feedback(None)
        self.clear_status()

    @guarded
    def _on_answer(self, _button: widgets.Button | None = None) -> None:
        exercise = self.exercise
        if not exercise.check(self.response()).correct:
            self._clear_choice()  # a wrong choice left selected would look like the answer shown
        feedback = self.session.show_answer()
        if exercise.answer_type == AnswerType.CARDS:
            self.picker.mark(cast(CardsLike, exercise.answer))  # answered with cards: its answer is cards
        self._answered(feedback)

    @guarded
    def _on_new(self, _button: widgets.Button | None = None) -> None:
        self.session.new_position()
        self._clear_inputs()
        self.refresh()
        self.clear_status()

    # -- for tests and scripts ---------------------------------------------------------

    def answer(self, response: object) -> None:
        """Put a response into the inputs as a learner would (cards, a choice or a number)."""
        kind = self.exercise.answer_type
        if kind == AnswerType.CARDS:
            self.picker.clear()
            # the cast: a cards question reads a response as its cards
            chosen = set(cast("tuple[Card, ...]", self.exercise.read(response))) if response else set()
            for card, button in zip(self.picker.cards, self.picker.buttons, strict=False):  # buttons are reused
                if card in chosen:
                    button.value = True
        elif kind == AnswerType.CHOICE:
            self.choices.value = response
        else:
            self.number.value = str(response)


class CheckView(View):
    """The short check at the end of a lesson: a few questions and a tally of the
    questions answered right at the first try (an answer given after a wrong one, or
    after the answer was shown, does not count)."""

    def __init__(self, exercises: Iterable[Exercise], *, title: str | None = None, anchor: str | None = None):
        self.questions = [ExerciseView(exercise=e, compact=True) for e in exercises]
        heading = title or t("Check what you learned")
        self.heading = widgets.HTML(f"<h3>{escape(heading)}</h3>")
        self.tally = widgets.HTML()
        self.listeners: list[Callable[[CheckView], None]] = []  # after each answer to a question
        for view in self.questions:
            view.listeners.append(lambda v, feedback: self._on_answer())
        anchors = (self.anchor_class(anchor),) if anchor else ()  # a part the page's address can name
        super().__init__([self.heading, *self.questions, self.tally], _dom_classes=("gt-check", *anchors))
        self.refresh()

    @property
    def right(self) -> set[int]:
        """The questions answered right at the first try."""
        return {i for i, view in enumerate(self.questions) if view.session.first_correct}

    @property
    def answered(self) -> set[int]:
        """The questions answered (or their answer shown)."""
        return {i for i, view in enumerate(self.questions) if view.session.answered}

    def _on_answer(self) -> None:
        try:
            for listener in list(self.listeners):
                listener(self)  # kept before the count of answers shows it
        finally:
            self.refresh()

    def refresh(self) -> None:
        total = len(self.questions)
        done = len(self.right)
        answered = len(self.answered)
        if done == total:
            note = t("Well done: you are ready for the next lesson.")
        elif answered == total:
            note = t("Read the explanations, then go back over the lesson for the ones you missed.")
        else:
            note = tn("{answered} of {n} answered.", "{answered} of {n} answered.", total, answered=answered)
        tally = tn("{right} of {n} right at the first try.", "{right} of {n} right at the first try.", total,
                   right=done)
        self.tally.value = f"<b>{escape(tally)}</b> {escape(note)}"


class RulesComparison(View):
    """One hand scored under each preset and variant, side by side."""

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.position = widgets.HTML()
        self.table = widgets.HTML()
        self.new_button = widgets.Button(description=tc("button", "New position"))
        super().__init__([self.position, self.table, self.new_button], _dom_classes=("gt-comparison",))
        self.new_button.on_click(self._on_new)
        self.refresh()

    @guarded
    def _on_new(self, _button: widgets.Button | None = None) -> None:
        self.seed += 1
        self.refresh()

    def refresh(self) -> None:
        (cards, defender, upcard), rows = compare_rules(self.seed)
        opts = CardStyle(size=self.size, four_colour=self.four_colour)
        # Translators: {player} is a player's name (Ann, Ben).
        drawer = t("{player}'s 11 cards, after drawing (position {number})", player=PLAYERS[1],
                   number=position_number(self.seed))
        other = t("{player}'s ten cards", player=PLAYERS[0])
        upcard_title = t("The first upcard")
        self.position.value = (
            f'<div class="gt-seat-title">{escape(drawer)}</div>{cards_html(cards, **opts)}'
            f'<div class="gt-seat-title">{escape(other)}</div>{cards_html(defender, **opts)}'
            f'<div class="gt-seat-title">{escape(upcard_title)}</div>{cards_html([upcard], **opts)}')
        head, *body = rows
        cells = "".join(f"<th>{escape(c)}</th>" for c in head)
        lines = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in body)
        self.table.value = f'<div class="gt-ref"><table><tr>{cells}</tr>{lines}</table></div>'
        self.clear_status()
