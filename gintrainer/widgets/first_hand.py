"""The "Play your first hand" page's widget: the learner plays the first hand of
:mod:`gintrainer.lessons.first_hand` with the practice page's views (the table, the
card buttons, the move log, the coach's table, the result), each move answered at
once, any step replayed, the score worked out at the end and a link to practice."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from ..engine.cards import Card
from ..engine.hand import LAYOUT_PHASES, Action, ActionKind
from ..lessons.first_hand import RULES, FirstHand, Verdict, opponent
from ..lessons.path import FIRST_HAND
from ..trainers.practice import LoggedMove, hand_move_log
from ..words.errors import IllegalActionError
from ..words.language import current_language, t, tc
from . import ui as widgets
from .base import guarded
from .cards import CardPicker
from .layout_input import LayoutInput
from .practice import (
    PRACTICE_CSS,
    HandPage,
    button_row,
    coach_table_html,
    hand_info_html,
    hand_result_html,
    hand_table_html,
    moves_html,
    steady_order,
)
from .profile import Learner
from .site import EXTRA_SECTIONS, lesson_path, link_html

_CSS = """<style>
.gt-first-hand .gt-feedback{padding:4px 8px;margin:4px 0;border-left:4px solid #888;background:#f6f6f6;}
.gt-first-hand .gt-feedback.gt-sound{border-left-color:#1c8c3c;background:#eaf6ec;}
.gt-first-hand .gt-feedback.gt-poor{border-left-color:#f0a000;background:#fff4d6;}
.gt-first-hand .gt-feedback.gt-refused{border-left-color:#a10d25;background:#fbe9eb;}
[dir=rtl] .gt-first-hand .gt-feedback{border-left:none;border-right:4px solid #888;}
[dir=rtl] .gt-first-hand .gt-feedback.gt-sound{border-right-color:#1c8c3c;}
[dir=rtl] .gt-first-hand .gt-feedback.gt-poor{border-right-color:#f0a000;}
[dir=rtl] .gt-first-hand .gt-feedback.gt-refused{border-right-color:#a10d25;}
.gt-first-hand .gt-rules ul{list-style:none;padding-left:0;padding-right:0;margin:2px 0;}
.gt-first-hand .gt-rule-shown{color:#176b30;}
</style>"""

PRACTICE = next(page for _, pages in EXTRA_SECTIONS for page in pages if page.path.startswith("practice/"))
"""The practice page the first hand leads to (from the site's lists of pages)."""


def verdict_html(verdict: Verdict) -> str:
    """What the page says about a move: its words, and for a poor discard the solver's table."""
    css = "gt-sound" if verdict.sound else "gt-poor"
    table = coach_table_html(verdict.table) if verdict.table is not None else ""
    return f"<div class='gt-feedback {css}'>{escape(verdict.text)}</div>{table}" if verdict.text else table


def refused_html(error: IllegalActionError) -> str:
    """An illegal move's refusal: the engine's reason, and that nothing changed."""
    text = t("Not allowed: {reason}. Nothing was played: the hand is as it was.", reason=str(error))
    return f"<div class='gt-feedback gt-refused'>{escape(text)}</div>"


def rules_html(shown: tuple[str, ...]) -> str:
    """The rules the hand is to show, each ticked once a move of the learner's has shown it."""
    title = t("The rules this hand shows")
    items = "".join(f"<li class='{'gt-rule-shown' if key in shown else 'gt-rule-due'}'>"
                    f"{'✓' if key in shown else '○'} {escape(t(label))}</li>" for key, label in RULES.items())
    return f"<div class='gt-rules'><b>{escape(title)}</b><ul>{items}</ul></div>"


def step_options(log: tuple[LoggedMove, ...]) -> list[tuple[str, int]]:
    """The steps to go back to: every move of the hand's log, the opponent's too, numbered
    as the log numbers them, each with the number of moves before it."""
    return [(tc("option", "Step {number}: {move}", number=move.step, move=move.text), move.step - 1)
            for move in log]


class FirstHandPage(HandPage):
    """The first hand: the table, your cards as buttons, the move buttons (only those
    of the moves the engine's legal actions allow now; a card the move may not play,
    as the card just taken for a discard, is refused with the engine's reason), what
    the page says about your last move, at the end the score and the link to practice,
    the rules shown so far, the move log, and going back to a step."""

    game: FirstHand

    def __init__(self, game: FirstHand | None = None, learner: Learner | None = None):
        self.game = game or FirstHand()
        self.learner = learner or Learner.from_page()
        self.here = lesson_path(FIRST_HAND, current_language())
        self._said = ""
        self._order: tuple[Card, ...] = ()
        self._shown: tuple[tuple[Card, ...], bool, str, bool] | None = None  # what the picker shows
        self.table = widgets.HTML()
        self.hand_info = widgets.HTML()
        self.picker = CardPicker(single=True)
        self.picker.on_error = self.report
        self.picker.on_pick = self.clear_error
        self.make_move_buttons(legal_only=True)
        self.feedback = widgets.HTML(_dom_classes=("gt-first-hand-feedback",))
        self.rules = widgets.HTML()
        self.moves = widgets.HTML()
        self.step_choice = widgets.Dropdown(options=[], description=tc("label", "Step:"))
        self.back_button = widgets.Button(description=tc("button", "Go back to this step"), tooltip=tc(
            "tooltip", "replay the hand to just before this move, to play on from there"))
        self.steps_row = button_row(self.step_choice, self.back_button)
        self.result = widgets.HTML(_dom_classes=("gt-first-hand-result",))
        super().__init__([widgets.HTML(PRACTICE_CSS + _CSS), self.table, self.hand_info, self.picker, self.move_rows,
                          self.feedback, self.result, self.rules, self.moves,
                          self.steps_row],
                         _dom_classes=("gt-practice", "gt-first-hand"))
        self.connect_move_buttons()
        self.back_button.on_click(self._on_back)
        self.refresh()

    @property
    def names(self) -> tuple[str, str]:
        you = tc("player", "You")
        return (opponent(), you) if self.game.seat == 1 else (you, opponent())

    # -- moves ------------------------------------------------------------------------------

    def _play(self, action: Action) -> None:
        try:
            verdict = self.game.play(action)
        except IllegalActionError as error:
            self._refuse(error)
            return
        self._said = verdict_html(verdict)
        self.picker.select(())
        if self.game.hand.is_over:  # this move ended the hand (a move after the end is refused)
            right, decisions = self.game.tally()
            self.learner.record_check(FIRST_HAND, right=right, questions=decisions)
        self.refresh()

    def _refuse(self, error: IllegalActionError) -> None:
        """Say why a move is not allowed (nothing was played)."""
        self._said = refused_html(error)
        self.refresh()

    def _play_layout(self, pick: Callable[[LayoutInput], Action]) -> None:
        """A meld or lay-off the layout input refuses is refused as the hand refuses a move."""
        try:
            action = pick(self.layout_input())
        except IllegalActionError as error:
            self._refuse(error)
            return
        self._play(action)

    @guarded
    def _on_lay_out(self, _button: widgets.Button | None = None) -> None:
        self._play(Action(ActionKind.AUTO))

    @guarded
    def _on_back(self, _button: widgets.Button | None = None) -> None:
        step = self.step_choice.value
        if step is None:
            return
        self.game.go_back(step)
        self._said = ""
        self.picker.select(())
        self.refresh()

    # -- drawing ----------------------------------------------------------------------------

    def _show_hand(self) -> None:
        game = self.game
        hand = game.hand
        self._order = steady_order(self._order, hand.unlaid(game.seat)) if not hand.is_over else ()
        single = hand.phase not in LAYOUT_PHASES
        key = (self._order, single, self.size, self.four_colour)
        if key != self._shown:  # showing the cards again clears the selection
            self.picker.show(self._order, single=single, size=self.size, four_colour=self.four_colour)
            self._shown = key
        self.picker.disable(not game.learner_to_act)

    def refresh(self) -> None:
        game = self.game
        hand = game.hand
        phase = hand.phase
        with self.hold_sync():
            self.table.value = hand_table_html(hand, game.seat, self.names, size=self.size,
                                               four_colour=self.four_colour)
            self._show_hand()
            self.hand_info.value = hand_info_html(hand, game.seat, to_act=game.learner_to_act, waiting=False)
            self.show_move_rows(phase)
            self.feedback.value = self._said
            self.rules.value = rules_html(game.rules_shown())
            log = hand_move_log(hand, game.seat, opponent())
            self.moves.value = moves_html(log, game.seat)
            options = step_options(log)
            if list(self.step_choice.options) != options:
                own = game.steps()
                self.step_choice.options = options
                self.step_choice.value = own[-1][0] if own else None  # the learner's last move
            self.steps_row.layout.display = "" if options else "none"
            self.result.value = self._result_html() if hand.is_over else ""

    def _result_html(self) -> str:
        game = self.game
        score = hand_result_html(game.hand, self.names, game.seat)
        lead = t("Now play whole matches against the computer, with a coach:")
        link = link_html(PRACTICE.path, self.here, t(PRACTICE.title), self.learner.query())
        return f"{score}<p class='gt-next-step'>{escape(lead)} {link}</p>"


def first_hand() -> FirstHandPage:
    """A notebook's one line for the first hand."""
    return FirstHandPage()
