"""The "Play your first hand" page's widget: the learner plays the first hand of
:mod:`gintrainer.lessons.first_hand` with the practice page's views (the table, the
card buttons, the move log, the coach's table, the result), each move answered at
once, any step replayed, the score worked out at the end and a link to practice."""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..cards import Card
from ..errors import IllegalActionError
from ..hand import LAYOUT_PHASES, Action, ActionKind, Phase
from ..language import current_language, t, tc
from ..lessons.first_hand import OPPONENT, RULES, FirstHand, Verdict
from ..practice import hand_move_log
from .base import View, guarded
from .cards import CardPicker
from .practice import coach_table_html, hand_info_html, hand_result_html, hand_table_html, moves_html, steady_order
from .profile import Learner
from .site import EXTRA_SECTIONS, FIRST_HAND, lesson_path, link_html

PRACTICE = next(page for _, pages in EXTRA_SECTIONS for page in pages if page.path.startswith("practice/"))
"""The practice page the first hand leads to (from the site's lists of pages)."""


def _wrap(*children: widgets.Widget) -> widgets.HBox:
    return widgets.HBox(list(children), layout=widgets.Layout(flex_flow="row wrap", align_items="center"))


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


class FirstHandPage(View):
    """The first hand: the table, your cards as buttons, the move buttons (none is
    disabled for being illegal: the engine refuses an illegal move and says why), what
    the page says about your last move, the rules shown so far, the move log, going
    back to a step, and at the end the score and the link to practice."""

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

        def button(label: str, tooltip: str = "", style: str = "") -> widgets.Button:
            return widgets.Button(description=label, tooltip=tooltip, button_style=style)

        self.take_button = button(tc("button", "Take the discard"),
                                  tc("tooltip", "take the top card of the discard pile"))
        self.pass_button = button(tc("button", "Pass"), tc("tooltip", "leave the upcard"))
        self.draw_button = button(tc("button", "Draw from the stock"))
        self.discard_button = button(tc("button", "Discard it"), tc("tooltip", "discard the selected card"), "primary")
        self.knock_button = button(tc("button", "Knock with it"),
                                   tc("tooltip", "knock, discarding the selected card face down"), "success")
        self.lay_out_button = button(tc("button", "Lay out for me"),
                                     tc("tooltip", "your melds (and lay-offs) by the engine, from your cards"))
        self.meld_button = button(tc("button", "Meld the selected cards"))
        self.layoff_button = button(tc("button", "Lay off the selected card"))
        self.done_button = button(tc("button", "Done laying out"))
        self.draw_row = _wrap(self.take_button, self.pass_button, self.draw_button)
        self.discard_row = _wrap(self.discard_button, self.knock_button)
        self.layout_row = _wrap(self.lay_out_button, self.meld_button, self.layoff_button, self.done_button)
        self.feedback = widgets.HTML(_dom_classes=("gt-first-hand-feedback",))
        self.rules = widgets.HTML()
        self.moves = widgets.HTML()
        self.step_choice = widgets.Dropdown(options=[], description=tc("label", "Step:"))
        self.back_button = button(tc("button", "Go back to this step"),
                                  tc("tooltip", "replay the hand to just before this move, to play on from there"))
        self.steps_row = _wrap(self.step_choice, self.back_button)
        self.result = widgets.HTML(_dom_classes=("gt-first-hand-result",))
        super().__init__([self.table, self.hand_info, self.picker, self.draw_row, self.discard_row, self.layout_row,
                          self.feedback, self.rules, self.moves, self.steps_row, self.result],
                         _dom_classes=("gt-practice", "gt-first-hand"))
        for widget, handler in ((self.take_button, self._on_take), (self.pass_button, self._on_pass),
                                (self.draw_button, self._on_draw), (self.discard_button, self._on_discard),
                                (self.knock_button, self._on_knock), (self.lay_out_button, self._on_lay_out),
                                (self.meld_button, self._on_meld), (self.layoff_button, self._on_layoff),
                                (self.done_button, self._on_done), (self.back_button, self._on_back)):
            widget.on_click(handler)
        self.refresh()

    @property
    def names(self) -> tuple[str, str]:
        you = tc("player", "You")
        return (OPPONENT, you) if self.game.seat == 1 else (you, OPPONENT)

    # -- moves ------------------------------------------------------------------------------

    def _play(self, action: Action) -> None:
        self.clear_status()
        try:
            verdict = self.game.play(action)
        except IllegalActionError as error:
            self._said = refused_html(error)
            self.refresh()
            return
        self._said = verdict_html(verdict)
        self.picker.select(())
        self.refresh()

    def _selected_one(self, what: str) -> Card | None:
        """The one card selected; else the page asks for it (``what``) and plays nothing."""
        chosen = self.picker.selected
        if len(chosen) != 1:
            self.report(what)
            return None
        return chosen[0]

    def _play_card(self, kind: ActionKind, what: str) -> None:
        card = self._selected_one(what)
        if card is not None:
            self._play(Action(kind, card))

    @guarded
    def _on_take(self, _button: widgets.Button | None = None) -> None:
        self._play(Action(ActionKind.TAKE))

    @guarded
    def _on_pass(self, _button: widgets.Button | None = None) -> None:
        self._play(Action(ActionKind.PASS))

    @guarded
    def _on_draw(self, _button: widgets.Button | None = None) -> None:
        self._play(Action(ActionKind.DRAW))

    @guarded
    def _on_discard(self, _button: widgets.Button | None = None) -> None:
        self._play_card(ActionKind.DISCARD, t("select one of your cards to discard first (click it)"))

    @guarded
    def _on_knock(self, _button: widgets.Button | None = None) -> None:
        self._play_card(ActionKind.KNOCK, t("select one of your cards to knock with first (click it)"))

    @guarded
    def _on_lay_out(self, _button: widgets.Button | None = None) -> None:
        self._play(Action(ActionKind.AUTO))

    @guarded
    def _on_meld(self, _button: widgets.Button | None = None) -> None:
        chosen = self.picker.selected
        if len(chosen) < 3:
            self.report(t("select the three or more cards of a meld first"))
            return
        self._play(Action(ActionKind.MELD, cards=chosen))

    @guarded
    def _on_layoff(self, _button: widgets.Button | None = None) -> None:
        self._play_card(ActionKind.LAYOFF, t("select one of your cards to lay off first (click it)"))

    @guarded
    def _on_done(self, _button: widgets.Button | None = None) -> None:
        self._play(Action(ActionKind.DONE))

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

    def _step_options(self) -> list[tuple[str, int]]:
        log = hand_move_log(self.game.hand, self.game.seat, OPPONENT)
        return [(tc("option", "Step {number}: {move}", number=n, move=log[index].text), index)
                for n, (index, _) in enumerate(self.game.steps(), start=1)]

    def refresh(self) -> None:
        game = self.game
        hand = game.hand
        phase = hand.phase
        with self.hold_sync():
            self.table.value = hand_table_html(hand, game.seat, self.names, size=self.size,
                                               four_colour=self.four_colour)
            self._show_hand()
            self.hand_info.value = hand_info_html(hand, game.seat, to_act=game.learner_to_act, waiting=False)
            self.draw_row.layout.display = "" if phase in (Phase.UPCARD, Phase.DRAW) else "none"
            self.take_button.description = (tc("button", "Take the upcard") if phase is Phase.UPCARD
                                            else tc("button", "Take the discard"))
            self.pass_button.layout.display = "" if phase is Phase.UPCARD else "none"
            self.draw_button.layout.display = "none" if phase is Phase.UPCARD else ""
            self.discard_row.layout.display = "" if phase is Phase.DISCARD else "none"
            self.layout_row.layout.display = "" if phase in LAYOUT_PHASES else "none"
            self.layoff_button.layout.display = "" if phase is Phase.DEFENDER_LAYOUT else "none"
            self.feedback.value = self._said
            self.rules.value = rules_html(game.rules_shown())
            self.moves.value = moves_html(hand_move_log(hand, game.seat, OPPONENT), game.seat)
            options = self._step_options()
            if list(self.step_choice.options) != options:
                self.step_choice.options = options
                self.step_choice.value = options[-1][1] if options else None
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
