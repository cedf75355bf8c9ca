"""The puzzle pages: one puzzle with its hint ladder and feedback, the trainers
that pick puzzles near a learner's rating, and the daily puzzle with its archive.

Nothing on a page gives the answer away before the learner answers: the
solver's table opens only afterwards (in a class set, not until the set is
handed in), and the answer buttons all look alike."""

from __future__ import annotations

import datetime as dt
import logging
import random
from collections.abc import Callable, Iterable, Mapping
from html import escape
from typing import Any, overload

from ..app import query_params
from ..classroom.database import StoreError
from ..classroom.puzzle_ratings import open_ratings
from ..engine.cards import Card
from ..material.drawing import layout_html, puzzle_rules_words, reply_html
from ..material.messages import Message, render, say
from ..puzzles import (
    DAILY_ARCHIVE_DAYS,
    THEMES,
    Puzzle,
    PuzzleKind,
    daily,
    daily_id,
    description,
    normalise_kind,
    parse_date,
    verify,
)
from ..puzzles import kinds as registered_kinds
from ..puzzles.description import AnswerInput
from ..puzzles.ratings import PuzzleRating, starting_rating, starting_ratings
from ..puzzles.take_draw_themes import DRAW, TAKE
from ..puzzles.themes import theme_title
from ..records.progress import Attempt, Progress
from ..records.rating import Rating
from ..trainers.mistakes import MistakePuzzle, deck_entries, own_set
from ..trainers.training import (
    DIFFICULTY_CHOICES,
    Feedback,
    PuzzleAttempt,
    Stage,
    choose_next,
    cost_messages,
    few_near,
    review_puzzle,
    target_rating,
    themes_in_bank,
)
from ..words.errors import GinError
from ..words.language import list_words, t, tc
from . import ui as widgets
from .base import (
    DISCLOSURE,
    SINGLE_CLICK,
    Change,
    PageAddress,
    View,
    auto_width_buttons,
    guarded,
    settings,
)
from .cards import CardPicker
from .defend import ReplyInput
from .layout_input import Layout, LayoutInput
from .profile import (
    DIFFICULTY_LABELS,
    Learner,
    ProfileBar,
    SettingsBar,
    asks_the_learner,
    learner_choices,
    made_ahead,
    tell_who_asks,
)

log = logging.getLogger("gintrainer.widgets.trainer")


def kind_title(kind: PuzzleKind | str) -> str:
    """A puzzle kind's title in the learner's language (its description's ``title``)."""
    return t(description(kind).title)


def practice_note() -> str:
    """The note over a puzzle shown again, which counts as practice only."""
    return render(say("practice_note"))


def solver_table_html(puzzle: Puzzle, chosen: Card | str | None = None) -> str:
    """The solver's whole table, best first, the answer and the chosen card (or
    choice) marked (for a puzzle already answered: it gives the answer away): its
    kind's description's ``table_html``."""
    return description(puzzle.kind).table_html(puzzle, chosen, settings.four_colour)


def theme_options(names: Iterable[str]) -> list[tuple[str, str]]:
    """A theme filter's choices: each theme's title, its name as the value."""
    return [(theme_title(name), name) for name in names]


def theme_help_html(names: Iterable[str], *, chosen: Iterable[str] = (), several: bool = False,
                    folded: bool = False) -> str:
    """What a theme filter offers: each theme's title and description (a tick
    on the chosen ones), and that choosing none means every theme; ``folded``: a legend
    that opens on demand (a trainer's, under its theme filter)."""
    ticked = set(chosen)
    items = "".join(f"<li>{'✓ ' if name in ticked else ''}<b>{escape(theme_title(name))}</b>: "
                    f"{escape(THEMES[name].description)}</li>" for name in names)
    lead = render((say("themes_none_means_all"), *((say("themes_choose_several"),) if several else ())))
    if folded:
        opener = escape(t("What each theme means"))
        return (f"<details class='gt-info gt-theme-help'><summary>{opener}</summary>{escape(lead)}"
                f"<ul>{items}</ul></details>")
    return f"<div class='gt-info gt-theme-help'>{escape(lead)}<ul>{items}</ul></div>"


def position_html(puzzle: Puzzle) -> str:
    """What the player sees besides the hand: the question, the rules in force, where
    the 52 cards are, the draw (or, before it, the card on offer), the discard pile
    and the opponent's known cards (its kind's description's ``position_html``)."""
    cards = description(puzzle.kind).position_html(puzzle, settings.four_colour)
    return (f'<div class="gt-prompt">{escape(render(puzzle.question_message))}</div>'
            f'<div class="gt-info">{escape(puzzle_rules_words(puzzle))}</div>'
            f'<div class="gt-info gt-count">{escape(render(puzzle.count_message))}</div>' + cards)


def recorded_message(attempt: PuzzleAttempt) -> Message:
    """A blind answer (a class set) as recorded, without saying whether it is right (its kind's
    description's ``recorded``, given the answer its ``answer.parse`` reads)."""
    described = attempt.described
    return described.recorded(attempt.puzzle, described.answer.parse(attempt.answer_text))


def recorded_words(attempt: PuzzleAttempt) -> str:
    return render(recorded_message(attempt))


def answered_message(record: Attempt | None) -> Message:
    """How an answered puzzle shows again: when it was answered and how it counted."""
    if record is None:
        return say("answered_before")
    return say(f"answered_{record.result}", date=dt.datetime.fromisoformat(record.at).date())


def answered_words(record: Attempt | None) -> str:
    return render(answered_message(record))


def rated_about(puzzle: Puzzle, rated: Rating, revealed: bool) -> str:
    """The line over a puzzle served by its learned rating: its code, its rating with its deviation, and
    (once answered) its themes."""
    values = dict(id=puzzle.id, rating=round(rated.rating), deviation=round(rated.deviation))
    if revealed and puzzle.themes:
        # Translators: {id} is the puzzle's code, {rating} and {deviation} its learned rating and how far off
        # it may be, {themes} a list of theme titles.
        return t("Puzzle {id} · rated {rating} (± {deviation}) · themes: {themes}",
                 themes=list_words(theme_title(name) for name in puzzle.themes), **values)
    return t("Puzzle {id} · rated {rating} (± {deviation})", **values)


OnResult = Callable[["PuzzleView", PuzzleAttempt], str | None]
"""What a page does when an attempt ends; what it returns (the rating change) shows with the feedback."""


_STAGE_BUTTONS = {Stage.YES_NO: ("yes", "no"), Stage.CHOICE: ("take-card", "draw-card"),
                  Stage.DISCARD: ("discard-card",), Stage.LAYOUT: ("add-meld", "clear-melds", "knock-melds")}
"""The answer buttons of each stage, in the row's order (the defend reply has its own input)."""


def _make_button(name: str) -> widgets.Button:
    """A puzzle view's button ``name``: the answers of a question look alike (a colour would
    suggest one of them); "lay out your knock" picks melds one at a time, then submits them."""
    auto = widgets.fixed_layout(width="auto")
    if name in ("yes", "no"):
        words = tc("button", "Yes, I can knock") if name == "yes" else tc("button", "No, I cannot knock")
        return widgets.Button(description=words, _dom_classes=("gt-answer",), layout=auto)
    if name == "take-card":
        return widgets.Button(_dom_classes=("gt-answer", "gt-take"), layout=auto)  # named by the card offered
    if name == "draw-card":
        return widgets.Button(description=tc("button", "Draw from the stock"), _dom_classes=("gt-answer", "gt-draw"),
                              layout=auto)
    if name == "discard-card":
        return widgets.Button(description=tc("button", "Discard the selected card"), button_style="primary",
                              _dom_classes=("gt-discard",), layout=auto)
    if name == "add-meld":
        return widgets.Button(description=tc("button", "Add meld"), _dom_classes=("gt-add-meld",), layout=auto)
    if name == "clear-melds":
        return widgets.Button(description=tc("button", "Clear melds"), _dom_classes=("gt-clear-melds",), layout=auto)
    if name == "knock-melds":
        return widgets.Button(description=tc("button", "Knock with these melds"), button_style="primary",
                              _dom_classes=("gt-knock-layout",), layout=auto)
    return widgets.Button(description=tc("button", "Hint"),
                          tooltip=tc("tooltip", "three hints, one at a time: the last is the answer"), layout=auto,
                          _dom_classes=(SINGLE_CLICK,))  # a double click takes one hint, not two


class _NamedButton:
    """A puzzle view's answer button ``name`` as a read-only attribute (the view's
    :meth:`PuzzleView._button`, made when first asked for)."""

    def __init__(self, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, view: None, owner: type | None = None) -> _NamedButton: ...

    @overload
    def __get__(self, view: PuzzleView, owner: type | None = None) -> widgets.Button: ...

    def __get__(self, view: PuzzleView | None, owner: type | None = None) -> widgets.Button | _NamedButton:
        return self if view is None else view._button(self.name)


class PuzzleView(View):
    """One puzzle to solve: the position, the hand as clickable cards, the answer
    buttons, the hint ladder, feedback with the chosen card's row and its cost,
    the explanation and, once answered, the whole table on request.

    ``on_result(view, attempt)`` is called once when the attempt ends; what it
    returns (the rating change and its reason) is shown with the feedback.
    ``hints`` offers the hint ladder, ``table`` the solver's table after the
    answer; ``blind`` records answers without a verdict (a class set).
    """

    children: tuple[widgets.Widget, ...]  # the view's parts (a trait of the VBox)

    def __init__(self, puzzle: Puzzle | None = None, *, title: str = "", on_result: OnResult | None = None,
                 hints: bool = True, table: bool = True, blind: bool = False, heading: bool = True):
        self.attempt: PuzzleAttempt | None = None
        self.allow_hints = hints
        self.allow_table = table
        self.blind = blind
        self.rated: Rating | None = None
        """The learned rating of the puzzle shown, when the page serves by it."""
        self.on_result = on_result
        self.title = widgets.HTML()
        self.note = widgets.HTML()
        self.position = widgets.HTML()
        self.picker = CardPicker(single=True)
        self.picker.on_error = self.report
        self.picker.on_pick = self.clear_error
        # Each kind's answer buttons (and the defend puzzle's reply input) are made when a puzzle
        # first asks for them, and the row holds those of the puzzle's stage: a page shows one kind.
        self._made: dict[str, widgets.Button] = {}
        self._reply_input: ReplyInput | None = None
        self.layout_view = widgets.HTML(_dom_classes=("gt-layout-view",))
        self.layout_input = LayoutInput(self.picker)  # "lay out your knock": the melds picked
        self.hints = widgets.HTML()
        self.feedback = widgets.HTML(_dom_classes=("gt-feedback",))
        self._again_button: widgets.Button | None = None  # for a puzzle answered before
        self.address: PageAddress | None = None
        """Where the page keeps the puzzle open and its hints taken (:meth:`remember`), when it does."""
        self.table_toggle = widgets.ToggleButton(description=tc("button", "Show the solver's table"), value=False,
                                                 layout=widgets.Layout(width="auto"), _dom_classes=(DISCLOSURE,))
        self.table = widgets.HTML()
        self.buttons = widgets.HBox(layout=widgets.fixed_layout(flex_flow="row wrap"), _dom_classes=("gt-answers",))
        self._heading = title
        self._show_heading = heading
        """Whether the view names its puzzle's kind in a heading of its own (else in the line of the puzzle's code,
        under the page's heading)."""
        children = [self.title, self.note, self.position, self.layout_view, self.picker,
                    self.buttons, self.hints, self.feedback]
        if table:
            children += [self.table_toggle, self.table]
        super().__init__(children, _dom_classes=("gt-puzzle",))
        self.table_toggle.observe(self._on_table, names="value")
        self.last_feedback: Feedback | None = None
        if puzzle is not None:
            self.show(puzzle)

    @property
    def puzzle(self) -> Puzzle | None:
        return self.attempt.puzzle if self.attempt else None

    def _button(self, name: str) -> widgets.Button:
        """The answer button ``name`` (of :data:`_STAGE_BUTTONS`, or the hint), made when first asked for."""
        button = self._made.get(name)
        if button is None:
            button = self._made[name] = _make_button(name)
            handlers: dict[str, Callable[[widgets.Button], None]] = {
                "yes": lambda _: self._yes_no(True), "no": lambda _: self._yes_no(False),
                "take-card": lambda _: self._choose(TAKE), "draw-card": lambda _: self._choose(DRAW),
                "discard-card": self._on_discard, "add-meld": self._on_add_meld,
                "clear-melds": self._on_clear_melds, "knock-melds": self._on_knock, "hint": self._on_hint}
            button.on_click(handlers[name])
        return button

    yes_button = _NamedButton("yes")
    no_button = _NamedButton("no")
    take_button = _NamedButton("take-card")
    draw_button = _NamedButton("draw-card")
    discard_button = _NamedButton("discard-card")
    add_meld_button = _NamedButton("add-meld")
    clear_melds_button = _NamedButton("clear-melds")
    knock_button = _NamedButton("knock-melds")
    hint_button = _NamedButton("hint")

    def _show_buttons(self, attempt: PuzzleAttempt) -> None:
        """The row: the answer buttons of the attempt's stage, then the hint while it is open."""
        puzzle, stage = attempt.puzzle, attempt.stage
        row = [self._button(name) for name in _STAGE_BUTTONS.get(stage, ())]
        if stage == Stage.CHOICE:
            offering: Any = puzzle  # the choice input's puzzle offers a card
            self.take_button.description = tc("button", "Take {card}", card=offering.offered)
        if stage == Stage.DISCARD:
            self.discard_button.description = (tc("button", "Knock with this discard")
                                               if attempt.described.answer_input == AnswerInput.KNOCK
                                               else tc("button", "Discard the selected card"))
        if self.allow_hints and not attempt.finished:
            self.hint_button.disabled = not attempt.hints_left
            row.append(self.hint_button)
        self.buttons.children = tuple(row)

    @property
    def reply_input(self) -> ReplyInput:
        """"Defend": melds and lay-offs made from the cards picked, then undercut or not
        (made when a defend puzzle is first shown, placed above the buttons)."""
        if self._reply_input is None:
            self._reply_input = ReplyInput(self.picker, self._on_reply)
            shown = self.attempt is not None and self.attempt.stage == Stage.REPLY
            self._reply_input.layout.display = "" if shown else "none"
            self.add_part(self._reply_input, before=self.buttons)
        return self._reply_input

    @property
    def again_button(self) -> widgets.Button:
        """Try it again, as practice: offered under a puzzle answered before (made when first offered,
        placed after the feedback)."""
        if self._again_button is None:
            self._again_button = widgets.Button(description=tc("button", "Try it again (practice, not rated)"),
                                                layout=widgets.Layout(width="auto", display="none"))
            self._again_button.on_click(self._on_again)
            self.add_part(self._again_button, before=self.table_toggle if self.allow_table else None)
        return self._again_button

    def show(self, puzzle: Puzzle, *, note: str = "", rated: Rating | None = None) -> None:
        """Start an attempt at a puzzle; ``note`` says something about it first (practice); ``rated``: its
        learned rating, shown in the place of the ladder's difficulty."""
        self.rated = rated
        self._start(PuzzleAttempt(puzzle, blind=self.blind), note)

    def show_answered(self, puzzle: Puzzle, record: Attempt | None, *, rated: Rating | None = None) -> None:
        """Show a puzzle the learner answered before, as it ended (rebuilt from the record when
        the history still holds it), with the offer to try it again as practice (``rated``: as :meth:`show`)."""
        attempt, feedback = PuzzleAttempt(puzzle), None
        self.rated = rated
        if record is not None:
            try:
                attempt, feedback = PuzzleAttempt.replay(puzzle, record.answer, record.hints)
            except GinError:
                record = None  # an answer this puzzle cannot take: say only that it was answered
        if not attempt.finished:
            attempt.stage = Stage.DONE
        self._start(attempt, answered_words(record))
        if feedback is not None:
            self._show_words(feedback)
        self.again_button.layout.display = ""

    def remember(self) -> None:
        """Keep the puzzle open and the hints taken in the page's address (:attr:`address`, when the page
        gives the view one), so that a reload or the page in another language opens them again
        (:meth:`resume_hints`); nothing once it is answered."""
        if self.address is None:
            return
        attempt = self.attempt
        if attempt is None or attempt.finished:
            query = {"puzzle": "", "hints": ""}
        else:
            query = {"puzzle": attempt.puzzle.id, "hints": str(attempt.hints_used) if attempt.hints_used else ""}
        if self.address.query != query:
            self.address.query = query

    def resume_hints(self, params: Mapping[str, str]) -> None:
        """Take again the hints the page's address says were taken on this puzzle (``?puzzle=``, ``?hints=``:
        :meth:`remember`) before the page was reloaded or opened in another language: a hint taken stays
        taken. Another puzzle's, or a count that is no number of one or two digits, changes nothing."""
        attempt = self.attempt
        if attempt is None or attempt.finished or params.get("puzzle") != attempt.puzzle.id or not self.allow_hints:
            return
        wanted = params.get("hints", "")
        number = wanted.isascii() and wanted.isdigit() and len(wanted) <= 2  # not ², not 5,000 digits
        count = min(int(wanted), attempt.hints_left) if number else 0
        for _ in range(count):
            attempt.hint()
        self._show_hints()
        self.refresh()
        self.remember()

    def _start(self, attempt: PuzzleAttempt, note: str) -> None:
        self.attempt = attempt
        self.last_feedback = None
        self.clear_status()
        with self.hold_sync():
            self.note.value = f"<div class='gt-notice'>{escape(note)}</div>" if note else ""
            self.feedback.value = ""
            if self._again_button is not None:
                self._again_button.layout.display = "none"
            self.table_toggle.value = False
            self.table.value = ""
            self.layout_input.start(attempt.puzzle.hand)
            puzzle = attempt.puzzle
            answer_input = attempt.described.answer_input
            many = answer_input in (AnswerInput.LAYOUT, AnswerInput.REPLY)  # melds need several cards
            self.picker.show(puzzle.hand, single=not many)
            if answer_input == AnswerInput.REPLY:
                knocked: Any = puzzle  # the reply input's puzzle has the knocker's melds
                self.reply_input.start(knocked.knocker_melds, puzzle.hand)
            self._lay_out_answer(attempt)
            self._show_hints()
            self.refresh()
        self.remember()

    def refresh(self) -> None:
        attempt = self.attempt
        if attempt is None:
            self.title.value = f"<h3>{escape(self._heading)}</h3>" if self._heading else ""
            none_yet = t("No puzzle yet.")
            self.position.value = f"<p>{escape(none_yet)}</p>"
            self.buttons.children = ()
            self.table_toggle.layout.display = "none"
            if self._reply_input is not None:
                self._reply_input.layout.display = "none"
            return
        puzzle = attempt.puzzle
        revealed = attempt.finished and not self.blind
        heading = self._heading or kind_title(puzzle.kind)
        if self.rated is not None:
            about = rated_about(puzzle, self.rated, revealed)
        elif revealed and puzzle.themes:
            titles = list_words(theme_title(name) for name in puzzle.themes)
            # Translators: {id} is the puzzle's code (k0042), {themes} a list of theme titles.
            about = t("Puzzle {id} · difficulty {difficulty} · themes: {themes}", id=puzzle.id,
                      difficulty=puzzle.difficulty, themes=titles)
        else:
            about = t("Puzzle {id} · difficulty {difficulty}", id=puzzle.id, difficulty=puzzle.difficulty)
        if self._show_heading:
            self.title.value = f"<h3>{escape(heading)}</h3><div class='gt-info'>{escape(about)}</div>"
        else:  # in the line of its code: the page's heading is just above
            self.title.value = f"<div class='gt-info'><b>{escape(heading)}</b> · {escape(about)}</div>"
        self.position.value = position_html(puzzle)
        self.picker.restyle(size=settings.size, four_colour=settings.four_colour)
        stage = attempt.stage
        self._show_buttons(attempt)
        self.layout_view.value = self._layout_value(attempt)
        if self._reply_input is not None:
            self._reply_input.layout.display = "" if stage == Stage.REPLY else "none"
        self.picker.disable(attempt.finished or stage == Stage.CHOICE)  # before the draw the hand only shows
        picks_a_card = attempt.described.answer_input in (AnswerInput.KNOCK, AnswerInput.DISCARD)
        self.picker.mark(puzzle.answer if revealed and picks_a_card else ())  # the answer's cards
        self.table_toggle.layout.display = "" if revealed and self.allow_table else "none"
        if self.table_toggle.value and revealed:
            chosen: Card | str | None = None
            if attempt.described.answer_input == AnswerInput.CHOICE:
                chosen = attempt.answers[-1] if attempt.answers else None
            elif self.last_feedback and self.last_feedback.row:
                chosen = self.last_feedback.row.card
            self.table.value = solver_table_html(puzzle, chosen)

    def _require(self) -> PuzzleAttempt:
        if self.attempt is None:
            raise GinError("no puzzle is shown")
        return self.attempt

    def _open(self) -> PuzzleAttempt | None:
        """The attempt an answer button's click answers; None once the puzzle is over. No answer button
        (nor the hint) is shown then, so a click that arrives was sent before the page redrew (a double
        click's second, or a neighbour's): it is ignored, with no word, and the answer given stands, as the
        practice page ignores a move button's click outside its row's phase."""
        attempt = self._require()
        return None if attempt.finished else attempt

    @guarded
    def _yes_no(self, answer: bool) -> None:
        if (attempt := self._open()) is not None:
            self._show_feedback(attempt.answer_yes_no(answer))

    @guarded
    def _choose(self, choice: str) -> None:
        if (attempt := self._open()) is not None:
            self._show_feedback(attempt.answer_choice(choice))

    def _on_reply(self, melds: Any, layoffs: Any, undercut: bool) -> None:
        """The reply's answer (the reply input reports a layout the rules refuse)."""
        if (attempt := self._open()) is not None:
            self._show_feedback(attempt.answer_reply(melds, layoffs, undercut))

    @guarded
    def _on_discard(self, _button: widgets.Button | None = None) -> None:
        attempt = self._open()
        if attempt is None:
            return
        attempt.require_stage(Stage.DISCARD)
        chosen = self.picker.selected
        if len(chosen) != 1:
            raise GinError(t("select one card of your hand first"))
        self._show_feedback(attempt.answer_discard(chosen[0]))

    def _lay_out_answer(self, attempt: PuzzleAttempt) -> None:
        """A layout answered before (a puzzle shown again from its record, :meth:`show_answered`) laid out in its
        input as right after the answer: the knocker's melds in the layout input, the defender's melds and
        lay-offs in the reply input; the picker's row then holds the cards left. Nothing for another answer, nor
        for a record the input refuses (logged: the page shows the puzzle and its verdict all the same)."""
        if not attempt.finished or not attempt.answers:
            return
        answer_input = attempt.described.answer_input
        try:
            if answer_input == AnswerInput.LAYOUT:
                self.layout_input.lay_out(Layout(tuple(attempt.described.answer.parse(attempt.answers[-1]))))
            elif answer_input == AnswerInput.REPLY:
                melds, layoffs, _ = attempt.described.answer.parse(attempt.answers[-1])
                self.reply_input.lay_out(melds, layoffs)
        except GinError as error:
            log.warning("the recorded answer to %s is not laid out again: %s", attempt.puzzle.id, error)

    def _layout_value(self, attempt: PuzzleAttempt) -> str:
        """The melds laid so far and the deadwood left, counted (the layout input): the cards left are the
        picker's, shown once; a defend puzzle's reply once answered (:meth:`_reply_value`). Nothing for a
        puzzle over with no answer on record (no layout to count)."""
        if attempt.described.answer_input == AnswerInput.REPLY:
            return self._reply_value(attempt)
        if attempt.described.answer_input != AnswerInput.LAYOUT or (attempt.finished and not attempt.answers):
            return ""
        return layout_html(self.melds, self.layout_input.left, four_colour=settings.four_colour, deadwood_cards=False)

    @staticmethod
    def _reply_value(attempt: PuzzleAttempt) -> str:
        """A defend puzzle once answered: the learner's melds and lay-offs on the table, as recorded (the reply
        input that showed them is gone, and the card picker holds only the cards left)."""
        if not attempt.finished or not attempt.answers:
            return ""
        melds, layoffs, _ = attempt.described.answer.parse(attempt.answers[-1])
        replied: Any = attempt.puzzle  # the reply input's puzzle lays out a reply against the knocker's melds
        drawn = reply_html(replied.knocker_melds, replied.lay_out(melds, layoffs), four_colour=settings.four_colour,
                           deadwood_cards=False)  # the cards left are the picker's, shown once
        return f"<div class='gt-info'>{escape(render(say('your_answer')))}</div>{drawn}"

    @property
    def melds(self) -> list[tuple[Card, ...]]:
        """The knocker's melds laid so far (a knock-layout puzzle), as the engine ordered them."""
        return list(self.layout_input.melds)

    @guarded
    def _on_add_meld(self, _button: widgets.Button | None = None) -> None:
        """The selected cards as one more meld, checked by the layout input (a set or a run of
        cards in no other meld); the picker's row then holds the cards left."""
        if (attempt := self._open()) is None:
            return
        attempt.require_stage(Stage.LAYOUT)
        self.layout_input.meld()
        self.refresh()

    @guarded
    def _on_clear_melds(self, _button: widgets.Button | None = None) -> None:
        if (attempt := self._open()) is None:
            return
        attempt.require_stage(Stage.LAYOUT)
        self.layout_input.clear()
        self.refresh()

    @guarded
    def _on_knock(self, _button: widgets.Button | None = None) -> None:
        """Submit the melds laid (the other cards deadwood): marked by the score they leave."""
        if (attempt := self._open()) is None:
            return
        attempt.require_stage(Stage.LAYOUT)
        self._show_feedback(attempt.answer_layout(self.melds))

    @guarded
    def _on_hint(self, _button: widgets.Button | None = None) -> None:
        if (attempt := self._open()) is None:
            return
        if not self.allow_hints:
            raise GinError(t("hints are off for this set"))
        attempt.hint()
        self._show_hints()
        self.refresh()
        self.remember()

    def _show_hints(self) -> None:
        attempt = self.attempt
        if not self.allow_hints or attempt is None:
            self.hints.value = ""
            return
        items = "".join(f"<li>{escape(render(h))}</li>" for h in attempt.hints_shown)
        shown = f"<ol class='gt-hints'>{items}</ol>" if items else ""
        rule = ("" if attempt.finished and not items else
                f"<div class='gt-info'>{escape(render(say('trainer_hint_rule')))}</div>")
        self.hints.value = shown + rule

    @guarded
    def _on_table(self, change: Change) -> None:
        attempt = self.attempt
        if change["new"] is not True:
            self.table.value = ""
            self.table_toggle.description = tc("button", "Show the solver's table")
            return
        if attempt is None or not attempt.finished or self.blind or not self.allow_table:
            self.table_toggle.value = False  # a page can press a hidden toggle
            raise GinError(t("the solver's table opens once you have answered"))
        self.table_toggle.description = tc("button", "Hide the solver's table")  # what pressing it again does
        self.refresh()

    @guarded
    def _on_again(self, _button: widgets.Button | None = None) -> None:
        attempt = self._require()
        if not attempt.finished:
            raise GinError(t("answer this puzzle first"))
        self.show(attempt.puzzle, note=practice_note(), rated=self.rated)

    def _show_words(self, feedback: Feedback, extra: str = "") -> None:
        attempt = self._require()
        self.last_feedback = feedback
        if self.blind:
            said = recorded_message(attempt) if feedback.finished else feedback.messages
            self.feedback.value = f"<div>{escape(render(said))}</div>"
            return
        if feedback.correct:
            css, verdict = "gt-feedback-right", ("verdict_right_hinted" if attempt.hints_used else "verdict_right")
        else:
            css, verdict = "gt-feedback-wrong", "verdict_wrong"
        cost = cost_messages(feedback, attempt.puzzle)
        detail = f"<div class='gt-info'>{escape(render((say('your_answer'), *cost)))}</div>" if cost else ""
        extra = f"<div class='gt-rating-change'>{escape(extra)}</div>" if extra else ""
        self.feedback.value = (f"<div class='{css}'>{escape(render(say(verdict)))}</div>"
                               f"<div>{escape(render(feedback.messages))}</div>{detail}{extra}")

    def _show_feedback(self, feedback: Feedback) -> None:
        """Keep a finished answer (``on_result``) before the page is told of it, so that feedback on the
        page means the answer is kept, then show the words, the hints and the buttons."""
        words = self.on_result(self, self._require()) if feedback.finished and self.on_result is not None else ""
        self._show_words(feedback, words or "")
        self._show_hints()
        self.refresh()
        self.remember()


def due_reviews(progress: Progress, kind: PuzzleKind, now: dt.datetime | None = None) -> tuple[str, ...]:
    """The puzzles of ``kind`` in the learner's review deck due now, the longest overdue first: a trainer serves
    them as its review puzzles (every third puzzle, :data:`~gintrainer.trainers.training.REVIEW_EVERY`)."""
    return progress.deck.due_ids(now or dt.datetime.now(dt.UTC), kind.value)
def learned_ratings(kind: PuzzleKind | str) -> dict[str, PuzzleRating]:
    """The learned rating of each puzzle of a kind that has one (reading the class store only); none when the
    store cannot be reached (logged: the trainer serves by the starting ratings)."""
    try:
        return open_ratings().learned(kind)
    except StoreError as error:
        log.warning("the puzzles' learned ratings cannot be read: %s", error)
        return {}


def puzzle_rating(puzzle: Puzzle, learned: dict[str, PuzzleRating] | None = None) -> PuzzleRating:
    """A puzzle's rating as learned (from ``learned``, else the class store), else its starting rating."""
    start = starting_rating(puzzle.kind, puzzle.id, puzzle.difficulty)
    if learned is not None:
        return learned.get(puzzle.id, start)
    try:
        return open_ratings().rating(start)
    except StoreError as error:
        log.warning("the learned rating of %s cannot be read: %s", puzzle.id, error)
        return start


def record_rated(learner: Learner, attempt: PuzzleAttempt, *, themed: bool = False) -> str:
    """Record a finished attempt as a rated game between the learner and the puzzle: the learner's rating
    against the puzzle's learned rating, and, when it is a named learner's first attempt at the puzzle, the
    puzzle's in the class store (:meth:`~gintrainer.classroom.puzzle_ratings.PuzzleRatingStore.play`); returns
    what it did to the learner's rating. A guest's answers teach the puzzles nothing (a reload would make any
    answer a first one again); a store that cannot be reached leaves the puzzle's rating as it was (logged)."""
    puzzle = attempt.puzzle
    if learner.progress.has_seen(puzzle.id):
        return learner.record(attempt)  # practice: neither rating moves
    start = starting_rating(puzzle.kind, puzzle.id, puzzle.difficulty)
    current = puzzle_rating(puzzle)
    before = learner.progress.rating
    words = learner.record(attempt, against=current.rating, themed=themed)
    latest = learner.progress.history[-1] if learner.progress.history else None
    if learner.name is not None and latest is not None and latest.puzzle_id == puzzle.id and latest.counted:
        try:
            open_ratings().play(start, before, attempt.result == "solved", themed=themed)
        except StoreError as error:
            log.warning("the rating of %s is not learned from this attempt: %s", puzzle.id, error)
    return words


class TrainerPage(View):
    """A puzzle trainer of one kind: the bank filtered by difficulty and theme,
    the learner's own puzzles of the kind (made from their mistakes) never answered first,
    tagged with their game's date, then puzzles picked near the learner's rating (never answered ones first),
    the puzzles of the learner's review deck due now coming back as practice (every third puzzle), a streak
    counter."""

    def __init__(self, kind: PuzzleKind | str, *, learner: Learner | None = None, seed: int | None = None):
        self.kind = normalise_kind(kind)
        self.learner = learner or Learner.from_page()
        self.seed = seed
        self.rng = random.Random(seed)
        self.bar = ProfileBar(self.learner)
        self.difficulty = widgets.Dropdown(options=[(t(DIFFICULTY_LABELS[c]), c) for c in DIFFICULTY_CHOICES],
                                           value=self.learner.progress.settings.difficulty,
                                           description=tc("label", "Difficulty:"))
        names = themes_in_bank(self.kind)
        self.theme = widgets.Dropdown(options=[(tc("option", "All themes"), "")] + theme_options(names),
                                      value="", description=tc("label", "Theme:"))
        self.theme_help = widgets.HTML(theme_help_html(names, folded=True))
        self.theme.observe(lambda change: setattr(self.theme_help, "value", theme_help_html(
            names, chosen=[change["new"]] if change["new"] else (), folded=True)), names="value")
        self.stats = widgets.HTML()
        self.settings_bar = SettingsBar(
            [self.bar, widgets.HBox([self.difficulty, self.theme], layout=widgets.fixed_layout(flex_flow="row wrap")),
             self.theme_help], beside=[self.stats])
        """The name, difficulty, theme filter (its legend under it) and four-colour choice, opened on demand."""
        self.view = PuzzleView(title=kind_title(self.kind), on_result=self._on_result, heading=False)
        self.next_button = widgets.Button(description=tc("button", "Next puzzle"), button_style="info")
        self.from_review = False
        self._first = True
        """Whether the next puzzle is the page's first (the one shown now, made ahead for nobody, is no reason
        to choose another)."""
        self.shown = 0
        self.now: Callable[[], dt.datetime] = lambda: dt.datetime.now(dt.UTC)
        """The clock that says which reviews are due."""
        self.target = 0.0
        """The puzzle rating the difficulty choice serves at (the learner's rating moved by its offset)."""
        self.few = False
        """Whether too few puzzles are rated near the target, so that the nearest are served (the page says so)."""
        self.address = PageAddress(carry=["puzzle", "hints"])
        """The puzzle open and its hints taken, kept in the page's address (:meth:`PuzzleView.remember`)."""
        self.view.address = self.address
        super().__init__([self.settings_bar, self.view, self.next_button, self.address], _dom_classes=("gt-trainer",))
        self.listen(settings, self._on_colours, names="four_colour")
        self.next_button.on_click(self._on_next)
        self.difficulty.observe(self._on_difficulty, names="value")
        self.theme.observe(self._on_filter, names="value")
        self.listen(self.learner, self._on_learner)
        self.learner.when_told(self._told)
        self.next_puzzle(query_params())

    def _told(self, learner: Learner) -> None:
        """Built ahead of its request and told who asked: their difficulty, and a puzzle chosen for them as for a
        page built for them (nothing, once the page made itself again in the request's language)."""
        if self.closed:
            return
        self.difficulty.unobserve(self._on_difficulty, names="value")
        self.difficulty.value = learner.progress.settings.difficulty
        self.difficulty.observe(self._on_difficulty, names="value")
        self.shown, self._first, self.rng = 0, True, random.Random(self.seed)
        self.next_puzzle(query_params())

    @guarded
    def _on_next(self, _button: widgets.Button | None = None) -> None:
        self.next_puzzle()

    def _on_colours(self, change: Change) -> None:
        self.refresh()

    @guarded
    def _on_filter(self, change: Change) -> None:
        if self.theme.value and self.theme.value not in THEMES:
            raise GinError(t("unknown theme {theme}", theme=repr(self.theme.value)))
        self.next_puzzle()

    @guarded
    def _on_difficulty(self, change: Change) -> None:
        if change["new"] != self.learner.progress.settings.difficulty:
            self.learner.set_difficulty(change["new"])  # the learner's setting: the profile page shows it too
        self.next_puzzle()

    def _on_learner(self) -> None:
        chosen = self.learner.progress.settings.difficulty
        if self.difficulty.value != chosen:
            self.difficulty.value = chosen  # another learner's setting: the next puzzle follows it
        self.refresh()

    def next_puzzle(self, params: Mapping[str, str] | None = None) -> None:
        """The next puzzle: the learner's own (made from their mistakes) never answered first, then the bank's
        by their learned ratings near the learner's rating moved by the difficulty choice, with the puzzles of
        the review deck due now mixed in (:func:`due_reviews`). Given the page's address (``params``), the
        puzzle it names (``?puzzle=``, with its hints: :meth:`PuzzleView.remember`) when it is one of the page's
        kind the learner has not answered: the puzzle open before a reload, or before the page was opened in
        another language."""
        mine = self._own_puzzles()
        progress = self.learner.progress
        learned = learned_ratings(self.kind)
        ratings = {puzzle_id: found.rating.rating for puzzle_id, found in learned.items()}
        theme = self.theme.value or None
        review = due_reviews(progress, self.kind, self.now())
        wanted = (params or {}).get("puzzle", "")
        puzzle = self._addressed(wanted, mine) if wanted and not progress.has_seen(wanted) else None
        if puzzle is not None:
            self.from_review = False
        else:
            puzzle, self.from_review = choose_next(
                self.kind, rating=progress.rating, review=review, solved=progress.solved_ids,
                seen=progress.seen_ids, count=self.shown, difficulty=self.difficulty.value, theme=theme,
                current=self.view.puzzle.id if self.view.puzzle and not self._first else None, rng=self.rng,
                own=[found.puzzle for found in mine], ratings=ratings,
                answered={puzzle_id: at for puzzle_id in review if (at := progress.first_answered(puzzle_id))})
        self._first = False
        self.target = target_rating(progress.rating, self.difficulty.value)
        self.few = few_near(self.kind, self.target, ratings=ratings, theme=theme, seen=progress.seen_ids)
        self.shown += 1
        notes = [found.tag for found in mine if found.puzzle.id == puzzle.id][:1]
        if progress.has_seen(puzzle.id):
            notes.append(practice_note())
        self.view.show(puzzle, note=" · ".join(notes), rated=puzzle_rating(puzzle, learned).rating)
        if params:
            self.view.resume_hints(params)
        self.refresh()

    def _addressed(self, puzzle_id: str, mine: Iterable[MistakePuzzle]) -> Puzzle | None:
        """The puzzle of the page's kind the address names, if there is one (a name the page does not know,
        a typed one too, is none)."""
        try:
            return review_puzzle(puzzle_id, self.kind, [found.puzzle for found in mine])
        except GinError:
            return None

    def _own_puzzles(self) -> tuple[MistakePuzzle, ...]:
        """The learner's own puzzles of the page's kind, every one of them entered in the review deck."""
        mine = own_set(self.learner.progress)
        self.learner.enter_deck(deck_entries(mine))
        return mine.of_kind(self.kind)

    def _on_result(self, view: PuzzleView, attempt: PuzzleAttempt) -> str:
        said = record_rated(self.learner, attempt, themed=bool(self.theme.value))
        found = own_set(self.learner.progress).find(attempt.puzzle.id)  # a puzzle made from the learner's mistake
        return " ".join(part for part in (said, found.review_words() if found else "") if part)

    def refresh(self) -> None:
        progress = self.learner.progress
        values = dict(streak=progress.streak, best=progress.best_streak, rating=round(progress.rating.rating),
                      solved=progress.solved, review=len(due_reviews(progress, self.kind, self.now())))
        # Translators: "to review now (this kind)": the puzzles of this page's kind due now in the review deck
        # (the profile's line counts every kind's: "to review now (all kinds)").
        if self.from_review:
            stats = t("Streak {streak} (best {best}) · rating {rating} · solved {solved} · to review now (this kind) "
                      "{review} · this one is from your review list", **values)
        else:
            stats = t("Streak {streak} (best {best}) · rating {rating} · solved {solved} · to review now (this kind) "
                      "{review}", **values)
        few = ""
        if self.few:
            words = t("Few puzzles are rated near {target}: the nearest ones are served.", target=round(self.target))
            few = f"<div class='gt-info gt-few-near'>{escape(words)}</div>"
        self.stats.value = f"<div class='gt-stats'>{escape(stats)}</div>{few}"
        theme = self.theme.value
        chosen = learner_choices(self.learner)
        chosen[1:1] = [t(DIFFICULTY_LABELS[self.difficulty.value]),
                       theme_title(theme) if theme else tc("option", "All themes")]
        self.settings_bar.show_choices(chosen, asking=asks_the_learner(self.learner))


class DailyPage(View):
    """Today's puzzles, one of each kind, the same for everyone on a UTC date, and
    the archive of earlier days. A row of the kinds chooses the puzzle shown; each
    kind's view is made (and its daily generated) when it is first chosen, and keeps
    its state while the learner looks at another kind. A puzzle counts once:
    answered, it shows as it ended (after a reload or a change of day too), and can
    be tried again as practice.

    ``archive=False`` leaves out the day menu and ``bar=False`` the name box (the
    landing page has its own and shows today only)."""

    children: tuple[widgets.Widget, ...]  # the page's parts (a trait of the VBox)

    def __init__(self, *, today: dt.date | None = None, learner: Learner | None = None,
                 kinds: Iterable[PuzzleKind | str] | None = None, archive: bool = True, bar: bool = True):
        self.learner = learner or Learner.from_page()
        self.today = today or parse_date(None)
        self.dates = [self.today - dt.timedelta(days=n) for n in range(DAILY_ARCHIVE_DAYS if archive else 1)]
        # every registered kind by default; read once: ``kinds`` may be an iterator
        self.kinds = tuple(normalise_kind(k) for k in (registered_kinds() if kinds is None else kinds))
        if not self.kinds:
            raise ValueError("a daily page needs at least one kind of puzzle")
        self.bar = ProfileBar(self.learner) if bar else None
        self.date: widgets.Dropdown | None = None
        if archive:
            labels = [(t("Today, {date}", date=d) if n == 0 else d.isoformat(), d.isoformat())
                      for n, d in enumerate(self.dates)]
            self.date = widgets.Dropdown(options=labels, value=self.today.isoformat(),
                                         description=tc("label", "Day:"))
        self.choice = widgets.ToggleButtons(options=[(kind_title(k), k.value) for k in self.kinds],
                                            value=self.kinds[0].value, style=auto_width_buttons(),
                                            _dom_classes=("gt-daily-kinds",))
        settable = [part for part in (self.bar, self.date) if part is not None]
        self.settings_bar = SettingsBar(settable) if settable else None
        """The name box and the day, opened on demand, the current choices in one line."""
        self.address = PageAddress(carry=["puzzle", "hints"])
        """The daily puzzle open and its hints taken, kept in the page's address (:meth:`PuzzleView.remember`)."""
        self._top = (*([self.settings_bar] if self.settings_bar is not None else []), self.choice)
        self._views: dict[PuzzleKind, PuzzleView] = {}
        self._shown_on: dict[PuzzleKind, tuple[dt.date, str | None]] = {}  # the day and learner each view shows
        self._relabelling = False
        self.day = self.today
        self.view = self.view_for(self.kinds[0])
        super().__init__([*self._top, self.view, self.address], _dom_classes=("gt-daily",))
        if self.date is not None:
            self.date.observe(self._on_date, names="value")
        self.choice.observe(self._on_choice, names="value")
        self.listen(self.learner, self._on_learner)
        self.listen(settings, self._show_choices, names="four_colour")
        self._show_choices()
        self.mark_answered()

    def mark_answered(self) -> None:
        """Each kind's button marked ✓ (its tooltip saying so in words) once the learner has answered the day's
        puzzle of that kind: a learner coming back sees which are left."""
        seen = self.learner.progress.has_seen
        done = [seen(daily_id(self.day, kind)) for kind in self.kinds]
        options = tuple((kind_title(kind) + (" ✓" if answered else ""), kind.value)
                        for kind, answered in zip(self.kinds, done, strict=True))
        if tuple(tuple(option) for option in self.choice.options) != options:
            value = self.choice.value
            self._relabelling = True  # new options choose the first, then the chosen again: no change of kind
            try:
                self.choice.options = options
                self.choice.value = value
            finally:
                self._relabelling = False
        self.choice.tooltips = [render(say("answered_before")) if answered else "" for answered in done]

    def _show_choices(self, _change: Change | None = None) -> None:
        if self.settings_bar is None:
            return
        day = [] if self.date is None else [self.date.label or str(self.date.value)]
        self.settings_bar.show_choices(day + learner_choices(self.learner), asking=asks_the_learner(self.learner))

    @property
    def views(self) -> list[PuzzleView]:
        """The views made so far, in the order of the kinds."""
        return [self._views[k] for k in self.kinds if k in self._views]

    def view_for(self, kind: PuzzleKind | str) -> PuzzleView:
        """The view of ``kind``'s daily (made when first asked for), showing the page's day."""
        kind = normalise_kind(kind)
        if kind not in self.kinds:
            raise ValueError(f"this page has no {kind.value} puzzle")
        view = self._views.get(kind)
        if view is None:
            view = self._views[kind] = PuzzleView(title=t("Daily: {kind}", kind=kind_title(kind)),
                                                  on_result=self._on_result, heading=False)
            view.address = self.address
        if self._shown_on.get(kind) != (self.day, self.learner.name):
            self._show(kind, view)
        return view

    def _show(self, kind: PuzzleKind, view: PuzzleView) -> None:
        puzzle = verify(daily(self.day, kind).to_dict())
        progress = self.learner.progress
        rated = puzzle_rating(puzzle).rating  # what a first answer is rated against
        if progress.has_seen(puzzle.id):
            view.show_answered(puzzle, progress.counted_attempt(puzzle.id), rated=rated)
        else:
            view.show(puzzle, rated=rated)
            view.resume_hints(query_params())  # the hints taken before a reload or another language
        self._shown_on[kind] = (self.day, self.learner.name)

    @guarded
    def _on_choice(self, change: Change) -> None:
        if self._relabelling:
            return
        self.view = self.view_for(change["new"])
        self.set_parts((*self._top, self.view, self.address))
        self.view.remember()

    @guarded
    def _on_date(self, change: Change) -> None:
        day = parse_date(change["new"])
        if day > self.today or day < self.dates[-1]:
            raise GinError(t("choose a day from {first} to {last}", first=self.dates[-1],
                                 last=self.today))
        self.show_day(day)

    def show_day(self, day: dt.date) -> None:
        """Show ``day``'s puzzles: the chosen kind's now, each other kind's when it is chosen."""
        self.day = day
        self.view = self.view_for(self.choice.value)
        self._show_choices()
        self.mark_answered()

    @guarded
    def _on_learner(self) -> None:
        # Another learner: their own answers show (the chosen view now, the others when chosen).
        self.view = self.view_for(self.choice.value)
        self._show_choices()
        self.mark_answered()

    def _on_result(self, view: PuzzleView, attempt: PuzzleAttempt) -> str:
        said = record_rated(self.learner, attempt)
        self.mark_answered()
        return said

    def close(self) -> None:
        """Close the page and every kind's view it made, the ones not shown too."""
        for view in self._views.values():
            view.close()
        super().close()


def prepare_ahead(page: str) -> None:
    """What a trainer page (``page``, ``puzzles/<kind>.ipynb``) reads whoever asks, read ahead in a
    prepared kernel (:func:`gintrainer.preparing.warm_up`): its kind's bank index and the puzzles'
    shipped ratings (a third of a second of a trainer page's building); for the daily page, the ids of today's
    puzzles, which mark the kinds answered (:meth:`DailyPage.mark_answered`)."""
    name = page.rpartition("/")[2].removesuffix(".ipynb")
    if name in {kind.value for kind in registered_kinds()}:
        starting_ratings(name)
    if page == "puzzles/daily.ipynb":
        for kind in registered_kinds():
            daily_id(parse_date(None), kind)


def trainer(kind: PuzzleKind | str) -> TrainerPage:
    """A notebook's one line for a trainer page: built ahead of its request in a kernel Voila preheated
    (:func:`gintrainer.widgets.site.nav` began it), then told who asked, its puzzle chosen for them."""
    page = made_ahead(TrainerPage(kind), lambda: TrainerPage(kind))
    tell_who_asks()
    return page


def daily_page() -> DailyPage:
    return DailyPage()


__all__ = ["DailyPage", "PuzzleView", "TrainerPage", "daily_page", "position_html", "prepare_ahead",
           "solver_table_html", "theme_help_html", "theme_options", "trainer"]
