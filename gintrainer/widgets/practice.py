"""The "Practice against the computer" page: a whole match against a computer
player, with a coach, take-backs, the score sheet, and every finished hand
downloadable as a replay file. The game is saved after every move for a named
learner and resumes after a reload or a server restart."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from html import escape
from typing import TYPE_CHECKING, Protocol

import traitlets

from ..engine.cards import Card
from ..engine.hand import DRAW_STOCK, LAYOUT_PHASES, Action, ActionKind, Hand, Phase
from ..engine.melds import best_arrangement
from ..engine.rules import PRESETS, Rules, preset_title
from ..engine.scoring import DefenderReply, HandScore, ScoreKind, layoff_targets, missed_reply
from ..engine.solver import DiscardTable
from ..engine.view import SeatView
from ..material.drawing import (
    deadwood_sum_words,
    deadwood_words,
    discard_table_html,
    melds_words,
    seat_table_html,
    sorted_cards,
    table_html,
    words,
    words_about,
)
from ..material.drawing import score_sheet_html as hand_scores_html
from ..material.messages import addresses, render
from ..records.storage import StorageError
from ..replay.tutor_notes import notes_at
from ..trainers.coach import Coaching, CoachMode
from ..trainers.practice import (
    VARIANTS,
    LoggedMove,
    PracticeError,
    PracticeGame,
    chosen_coach,
    chosen_opponent,
    opponent_label,
    opponents,
    practice_rules,
)
from ..trainers.tutor import TutorMode, TutorWarning, notes_by_step, tutor_options
from ..words.errors import GinError
from ..words.language import N_, list_words, t, tc
from . import ui as widgets
from .base import SINGLE_CLICK, Change, ScriptWidget, View, close_tree, download_link, guarded, replace_view
from .cards import CardPicker
from .layout_input import LayoutInput
from .profile import Learner, ProfileBar, SettingsBar, asks_the_learner, learner_choices

if TYPE_CHECKING:
    from ..classroom.store import ClassStore
    from ..replay.review import HandReview
    from ..replay.tutor_notes import TutorNote

log = logging.getLogger("gintrainer.widgets.practice")

PRACTICE_CSS = """<style>
.gt-practice .widget-html-content{min-width:0;}
.gt-practice .gt-log{max-height:15em;overflow-y:auto;display:flex;flex-direction:column-reverse;
  border:1px solid #ccc;border-radius:6px;padding:2px 8px;margin:4px 0;}
.gt-practice .gt-log ol{margin:2px 0;padding-left:2.6em;}
.gt-practice .gt-log li.gt-log-new{font-weight:bold;}
.gt-practice .gt-confirm{background:#fff4d6;border-left:4px solid #f0a000;padding:4px 8px;margin:4px 0;}
.gt-practice .gt-coach-words li:first-child{font-weight:bold;}
.gt-practice .gt-tutor{background:#fdecea;border-inline-start:4px solid #c62828;padding:4px 8px;margin:4px 0;}
.gt-practice .gt-log .gt-log-tutor{font-style:italic;color:#8a3b00;}
.gt-practice h3.gt-hand-title{margin:8px 0 2px;}
</style>"""


def preset_label(name: str) -> str:
    """A rules preset's name on the form, in the learner's language: its title in ``PRESET_TITLES``
    (the form's values stay the presets' names)."""
    return preset_title(name)


def _heading(text: str) -> widgets.HTML:
    return widgets.HTML(f"<h3>{escape(text)}</h3>")


def button_row(*children: widgets.Widget) -> widgets.HBox:
    """Buttons (and other controls) in a row that wraps."""
    return widgets.HBox(list(children), layout=widgets.Layout(flex_flow="row wrap", align_items="center"))


def move_log_html(game: PracticeGame) -> str:
    """Every move of the hand on the table, numbered as the coach cites them; the
    computer's moves since the learner's last one in bold. The box keeps its
    newest line in view (it scrolls from the bottom)."""
    return moves_html(game.move_log(), game.seat, notes_by_step(game.tutor_notes, game.hand_number))


def moves_html(log: tuple[LoggedMove, ...], seat: int, tutor: Mapping[int, tuple[str, ...]] | None = None) -> str:
    """A hand's move log (:func:`gintrainer.trainers.practice.hand_move_log`) as the box
    :func:`move_log_html` draws, for the learner in ``seat``; ``tutor``: the tutor's notes in words by the
    step of the move played where the tutor warned (before that move's line; those of a move not played yet
    last)."""
    tutor = tutor or {}
    if not log and not tutor:
        return ""
    last_own = max((m.step for m in log if m.seat == seat), default=0)

    def noted(step: int) -> str:
        return "".join(f"<div class='gt-log-tutor'>{escape(text)}</div>" for text in tutor.get(step, ()))
    items = "".join(f"<li class='{'gt-log-new' if m.step > last_own else 'gt-log-old'}'>{noted(m.step)}"
                    f"{escape(m.text)}</li>" for m in log)
    later = "".join(noted(step) for step in sorted(tutor) if step > len(log))
    title = t("Moves this hand")
    return (f"<div class='gt-log-title'><b>{escape(title)}</b></div>"
            f"<div class='gt-log'><ol>{items}</ol>{later}</div>")


def new_match_warning(game: PracticeGame) -> str:
    """What starting a new match would throw away, as a question."""
    names = game.names()
    mine, theirs = game.match.scores[game.seat], game.match.scores[game.computer_seat]
    # Translators: {opponent} is the computer player's name; {mine} and {theirs} are the two scores.
    return t("Starting a new match throws away the one in progress (hand {hand}, you {mine}, {opponent} {theirs}). "
             "Start a new match anyway?", hand=game.hand_number, mine=mine, opponent=names[game.computer_seat],
             theirs=theirs)


def _coach_line(name: str) -> str:
    return f"<div class='gt-info'><b>{escape(words('label_coach'))}</b> {escape(words(name))}</div>"


def coach_table_html(table: DiscardTable) -> str:
    """The solver's discard table, best first, the best discards marked."""
    return (_coach_line("coach_table")
            + discard_table_html(table.rows, best=[row.card for row in table.best()]))


def coach_words_html(advice: Coaching) -> str:
    """The beginner coach's sentences: the move advised first, then why."""
    label = words("label_coach")
    intro = t("The move the solver finds best, and why:")
    items = "".join(f"<li>{escape(text)}</li>" for text in advice.sentences())
    return (f"<div class='gt-info'><b>{escape(label)}</b> {escape(intro)}</div>"
            f"<ul class='gt-coach-words'>{items}</ul>")


COACH_OPTIONS = ((CoachMode.OFF, N_("off")), (CoachMode.WORDS, N_("in words (for beginners)")),
                 (CoachMode.TABLE, N_("the solver's table (advanced)")))
"""The coach's modes on the practice page, with their labels in English (shown with ``t``)."""


def tutor_html(warning: TutorWarning) -> str:
    """The tutor's question about the move it stopped, and its hint once taken."""
    parts = [f"<div class='gt-tutor-question'><b>{escape(warning.question())}</b></div>"]
    if warning.hinted:
        label = tc("label", "Hint:")
        parts.append(f"<div class='gt-tutor-hint'><b>{escape(label)}</b> {escape(render(warning.hint))}</div>")
    return "".join(parts)


class TutorCheck(ScriptWidget):
    """What runs the tutor's check of a move after the click that made it, as a review's progress bar runs
    each decision (:class:`~gintrainer.widgets.review.ReviewProgress`): the click only queues the move and
    counts a new question (``asked``); the page shows ``label`` and asks the kernel, with that count, to judge
    it. So the page has redrawn (the move buttons off, the label shown) before the evaluator runs, and the
    kernel judges once for each question (a second view, or a stale count, asks nothing)."""

    _esm = traitlets.Unicode("""
    function render({ model, el }) {
      el.classList.add("gt-tutor-check");
      const draw = () => {
        el.textContent = model.get("label");
        el.style.display = model.get("waiting") ? "" : "none";
      };
      const ask = () => { if (model.get("waiting")) model.send({ check: model.get("asked") }); };
      draw();
      ask();
      model.on("change:asked", () => { draw(); ask(); });
      for (const name of ["waiting", "label"]) model.on("change:" + name, draw);
    }
    export default { render };
    """).tag(sync=True)
    asked = traitlets.Int(0).tag(sync=True)
    waiting = traitlets.Bool(False).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)

    def on_check(self, callback: Callable[[object], None]) -> None:
        """Call ``callback`` with the count the page sends when it asks for the check (whatever it sent)."""
        self.on_msg(lambda _widget, content, _buffers: callback(content.get("check"))
                    if isinstance(content, dict) else None)


def coach_options() -> list[tuple[str, str]]:
    """The coach menu's options (label, mode), in the learner's language."""
    return [(t(label), str(mode)) for mode, label in COACH_OPTIONS]


def _game_caption(number: int | None, target: int, winner: str | None, shutout: bool, *,
                  by_you: bool = False) -> str:
    """A game's caption on the score sheet: its number (None: the match is one game),
    the target, and once it is won, by whom (``by_you``: by the learner, said to
    them) and whether it was a shutout."""
    if winner is None:
        return t("Score to {target}", target=target) if number is None else \
            t("Game {number} to {target}", number=number, target=target)
    if by_you:
        if number is None:
            return (t("Score to {target} — you won (shutout: game bonus doubled)", target=target) if shutout
                    else t("Score to {target} — you won", target=target))
        return (t("Game {number} to {target} — you won (shutout: game bonus doubled)", number=number, target=target)
                if shutout else t("Game {number} to {target} — you won", number=number, target=target))
    if number is None:
        return (t("Score to {target} — won by {player} (shutout: game bonus doubled)", target=target, player=winner)
                if shutout else t("Score to {target} — won by {player}", target=target, player=winner))
    return (t("Game {number} to {target} — won by {player} (shutout: game bonus doubled)", number=number,
              target=target, player=winner) if shutout
            else t("Game {number} to {target} — won by {player}", number=number, target=target, player=winner))


def score_sheet_html(game: PracticeGame) -> str:
    """Each game's points, hands won, bonuses and totals; each hand's result; who deals next."""
    match, names = game.match, game.names()
    columns = (tc("score sheet column", "points"), tc("score sheet column", "hands won"),
               tc("score sheet column", "game bonus"), tc("score sheet column", "box bonus"),
               tc("score sheet column", "total"))
    heads = "".join(f"<th>{escape(column)}</th>" for column in columns)
    parts = []
    for g in match.games:
        bonus = g.bonuses
        rows = []
        for seat in (0, 1):
            game_bonus = "" if bonus is None else str(bonus.game[seat])
            boxes = "" if bonus is None else str(bonus.boxes[seat])
            rows.append(f"<tr><td>{escape(names[seat])}</td><td>{g.points[seat]}</td><td>{g.hands_won[seat]}</td>"
                        f"<td>{game_bonus}</td><td>{boxes}</td><td>{g.totals[seat]}</td></tr>")
        won_by = None
        if bonus is not None:
            if g.winner is None:
                raise PracticeError(f"game {g.number} has its bonuses but no winner")
            won_by = names[g.winner]
        caption = _game_caption(g.number if len(match.games) > 1 else None, match.rules.target, won_by,
                                bonus is not None and bonus.shutout,
                                by_you=g.winner is not None and addresses(g.winner, game.seat))
        parts.append(f"<table class='gt-solver gt-score-sheet'><caption>{escape(caption)}"
                     f"</caption><thead><tr><th></th>{heads}</tr></thead><tbody>" + "".join(rows) + "</tbody></table>")
    # No running totals: a Hollywood hand counts in several games.
    parts.append(hand_scores_html(match.hands, names, totals=False, you=game.seat))
    if match.is_over:
        a, b = match.totals
        winner = match.winner
        if winner is None:
            verdict = t("The match is over: a draw, {a} – {b}.", a=a, b=b)
        elif addresses(winner, game.seat):
            verdict = t("The match is over: You win, {a} – {b}.", a=a, b=b)  # the learner is "You" here
        else:
            verdict = t("The match is over: {player} wins, {a} – {b}.", player=names[winner], a=a, b=b)
        parts.append(f"<div class='gt-info'><b>{escape(verdict)}</b></div>")
    elif game.can_deal:
        dealer = (t("You deal next.") if addresses(match.next_dealer, game.seat)
                  else t("Next dealer: {player}.", player=names[match.next_dealer]))
        parts.append(f"<div class='gt-info'>{escape(dealer)}</div>")
    return "".join(parts)


def result_html(game: PracticeGame, names: tuple[str, str]) -> str:
    """A finished hand's score line by line: the explanation, then each side's melds,
    lay-offs and deadwood (the learner's line said to them)."""
    return hand_result_html(game.hand, names, game.seat)


def hand_result_html(hand: Hand, names: tuple[str, str], seat: int) -> str:
    """:func:`result_html` for any finished hand, the learner in ``seat``."""
    result = hand.result
    if result is None:
        raise PracticeError("the hand is not over: it has no result yet")
    lines = [f"<div class='gt-result'>{escape(result.explain())}</div>"]
    if result.knocker is not None:
        knocker, defender = result.knocker, 1 - result.knocker
        layoffs = list_words(str(layoff) for layoff in result.layoffs) or words("label_none")
        lines.append("<li>" + escape(words_about(
            "result_knocker_line", knocker, names, seat, melds=melds_words(result.knocker_melds),
            deadwood=deadwood_sum_words(result.knocker_deadwood_cards))) + "</li>")
        lines.append("<li>" + escape(words_about(
            "result_defender_line", defender, names, seat, melds=melds_words(result.defender_melds),
            layoffs=layoffs, deadwood=deadwood_sum_words(result.defender_deadwood_cards))) + "</li>")
        best = missed_reply(result)
        if best is not None:
            lines.append(f"<li class='gt-best-reply'>{escape(best_reply_words(result, best, names, seat))}</li>")
    return "<div class='gt-hand-result'>" + lines[0] + "<ul>" + "".join(lines[1:]) + "</ul></div>"


def best_reply_words(result: HandScore, best: DefenderReply, names: tuple[str, str], seat: int) -> str:
    """What the defender's best reply (:func:`~gintrainer.engine.scoring.missed_reply`) would have left,
    against the reply made: its lay-offs, with its melds too when they differ from those laid out."""
    kept = result.defender_deadwood or 0
    values = dict(layoffs=list_words(str(layoff) for layoff in best.layoffs) or words("label_none"),
                  deadwood=deadwood_sum_words(best.deadwood), kept=kept, saved=kept - best.points)
    defender = 1 - (result.knocker or 0)
    same_melds = {frozenset(m) for m in best.melds} == {frozenset(m) for m in result.defender_melds}
    if same_melds and best.layoffs:
        return words_about("result_defender_missed", defender, names, seat, **values)
    return words_about("result_defender_better", defender, names, seat, melds=melds_words(best.melds), **values)


def steady_order(shown: tuple[Card, ...], held: tuple[Card, ...]) -> tuple[Card, ...]:
    """A hand's cards in a steady order: those ``shown`` before keep their places, each
    new card goes at the end (all sorted by melds when nothing was shown). Cards keep
    their places, so a click sent just before the page redraws still lands on the card
    clicked (card buttons are read by position)."""
    kept = [c for c in shown if c in held]
    return tuple(kept + [c for c in sorted_cards(held) if c not in kept])


def _button(label: str, tooltip: str = "", style: str = "", *, shown_at_times: bool = False) -> widgets.Button:
    """A move button; one ``shown_at_times`` has a layout of its own, to hide it (the others share one)."""
    own = {"layout": widgets.Layout()} if shown_at_times else {}
    return widgets.Button(description=label, tooltip=tooltip, button_style=style, **own)


class PlayedHand(Protocol):
    """What a hand page plays: a hand, and the learner's seat at it."""

    @property
    def hand(self) -> Hand: ...

    @property
    def seat(self) -> int: ...


_CARD_ASKED = {ActionKind.DISCARD: N_("select one of your cards to discard first (click it)"),
               ActionKind.KNOCK: N_("select one of your cards to knock with first (click it)"),
               ActionKind.GIN: N_("select one of your cards to go gin with first (click it)")}
"""The moves of a hand page that discard the one card selected, and the sentence asking for it."""
_ROW_PHASES = {**dict.fromkeys((ActionKind.TAKE, ActionKind.PASS, ActionKind.DRAW), (Phase.UPCARD, Phase.DRAW)),
               **dict.fromkeys((ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.GIN, ActionKind.BIG_GIN),
                               (Phase.DISCARD,)),
               ActionKind.DONE: LAYOUT_PHASES}
"""The phases in which each move button's row is shown."""


class HandPage(View):
    """A page where the learner plays a hand (the practice page, the first hand): the
    move buttons, in a draw row (take, pass, draw), a discard row (discard, knock, gin,
    big gin) and a layout row (lay out for me, meld, lay off, done), each shown in the
    phases it serves, and what each button plays. A page makes them with
    :meth:`make_move_buttons` and says how a move is played (:meth:`_play`) and how
    "lay out for me" is (:meth:`_on_lay_out`); ``picker`` holds the learner's cards. A page
    made with ``legal_only`` shows a button only while the engine's legal actions hold its
    move (the first hand); the others disable what is not legal (the practice page)."""

    picker: CardPicker
    game: PlayedHand

    def make_move_buttons(self, *, legal_only: bool = False) -> None:
        self._legal_only = legal_only
        hidden = legal_only  # every button is then shown at times
        self.take_button = _button(tc("button", "Take the discard"),
                                   tc("tooltip", "take the top card of the discard pile"), shown_at_times=hidden)
        self.pass_button = _button(tc("button", "Pass"), tc("tooltip", "leave the upcard"), shown_at_times=True)
        self.draw_button = _button(tc("button", "Draw from the stock"), shown_at_times=True)
        self.discard_button = _button(tc("button", "Discard it"), tc("tooltip", "discard the selected card"),
                                      "primary", shown_at_times=hidden)
        self.knock_button = _button(tc("button", "Knock with it"),
                                    tc("tooltip", "knock, discarding the selected card face down"), "success",
                                    shown_at_times=hidden)
        self.gin_button = _button(tc("button", "Gin with it"),
                                  tc("tooltip", "go gin, discarding the selected card face down"), "success",
                                  shown_at_times=hidden)
        self.big_gin_button = _button(tc("button", "Big gin"),
                                      tc("tooltip", "go out with all eleven cards in melds"), "success",
                                      shown_at_times=True)
        self.lay_out_button = _button(tc("button", "Lay out for me"),
                                      tc("tooltip", "your melds (and lay-offs) by the engine, from your cards"),
                                      shown_at_times=hidden)
        self.meld_button = _button(tc("button", "Meld the selected cards"), shown_at_times=hidden)
        self.layoff_button = _button(tc("button", "Lay off the selected card"), shown_at_times=True)
        self.done_button = _button(tc("button", "Done laying out"), shown_at_times=hidden)
        self._layout_input = LayoutInput(self.picker)
        self.draw_row = button_row(self.take_button, self.pass_button, self.draw_button)
        self.discard_row = button_row(self.discard_button, self.knock_button, self.gin_button, self.big_gin_button)
        self.layout_row = button_row(self.lay_out_button, self.meld_button, self.layoff_button, self.done_button)
        for row in (self.draw_row, self.discard_row, self.layout_row):
            row.add_class("gt-move-row")
        self.move_rows = widgets.VBox([self.draw_row, self.discard_row, self.layout_row],
                                      _dom_classes=("gt-move-rows",))
        """The move buttons' rows, and under them the page's status line (:meth:`connect_move_buttons`)."""

    def move_buttons(self) -> tuple[tuple[widgets.Button, ActionKind], ...]:
        """Each move button and the kind of move it plays ("lay out for me" plays the engine's layout)."""
        return ((self.take_button, ActionKind.TAKE), (self.pass_button, ActionKind.PASS),
                (self.draw_button, ActionKind.DRAW), (self.discard_button, ActionKind.DISCARD),
                (self.knock_button, ActionKind.KNOCK), (self.gin_button, ActionKind.GIN),
                (self.big_gin_button, ActionKind.BIG_GIN), (self.done_button, ActionKind.DONE),
                (self.lay_out_button, ActionKind.AUTO), (self.meld_button, ActionKind.MELD),
                (self.layoff_button, ActionKind.LAYOFF))

    def connect_move_buttons(self) -> None:
        """Make each move button play its move, and show the page's problems under the move buttons (a
        refused meld says why where the learner just pressed, not at the page's foot)."""
        self.status_beside(self.move_rows)
        for widget, kind in self.move_buttons()[:8]:
            widget.on_click(lambda _button, kind=kind: self._on_move(kind))
        for widget, handler in ((self.lay_out_button, self._on_lay_out), (self.meld_button, self._on_meld),
                                (self.layoff_button, self._on_layoff)):
            widget.on_click(handler)

    def _play(self, action: Action) -> None:
        """Play the learner's move (each page says how)."""
        raise NotImplementedError

    def _on_lay_out(self, _button: widgets.Button | None = None) -> None:
        """Lay out for the learner (each page says how)."""
        raise NotImplementedError

    def _selected_one(self, what: str) -> Card:
        """The one card selected; else ``what`` (the sentence asking for it) is the error."""
        chosen = self.picker.selected
        if len(chosen) != 1:
            raise PracticeError(what)
        return chosen[0]

    @guarded
    def _on_move(self, kind: ActionKind) -> None:
        """Play a move button's move: with the one card selected for a move that discards one
        (:data:`_CARD_ASKED` asks for it when there is not one). A click that comes when it is not the learner's
        turn or the button's row is not the phase's (a double click's second, sent before the first's move hid
        the button) does nothing; in its row's phase an illegal move is refused with the reason, as always."""
        hand = self.game.hand
        if hand.to_act != self.game.seat or hand.phase not in _ROW_PHASES[kind]:
            return
        asking = _CARD_ASKED.get(kind)
        self._play(Action(kind) if asking is None else Action(kind, self._selected_one(t(asking))))

    def layout_input(self) -> LayoutInput:
        """The layout input over the learner's cards left to lay out, and the knocker's melds as they
        stand when the learner defends: the hand lays out one meld or lay-off at a time, so each pick
        is checked from the hand as it is now (the hand then checks it as a move). The meld to lay
        off on is asked for only when a card left fits two of them; else a card goes on the one it fits."""
        hand, layout = self.game.hand, self._layout_input
        onto = hand.table_melds if hand.phase is Phase.DEFENDER_LAYOUT else None
        left = hand.unlaid(self.game.seat)
        layout.start(left, onto=onto)
        layout.ask_meld = (onto is not None and hand.out_kind is ScoreKind.KNOCK
                           and any(len(layoff_targets(card, onto)) > 1 for card in left))
        return layout

    def _play_layout(self, pick: Callable[[LayoutInput], Action]) -> None:
        """Play the meld or lay-off that ``pick`` reads from the layout input (which refuses what the
        engine refuses, and the page says so as it says any illegal move)."""
        self._play(pick(self.layout_input()))

    @guarded
    def _on_meld(self, _button: widgets.Button | None = None) -> None:
        self._play_layout(lambda layout: Action(ActionKind.MELD, cards=layout.verify_meld()))

    @guarded
    def _on_layoff(self, _button: widgets.Button | None = None) -> None:
        def lay_off(layout: LayoutInput) -> Action:
            layoff = layout.verify_lay_off()
            return Action(ActionKind.LAYOFF, layoff.card, target=layoff.meld)
        self._play_layout(lay_off)

    def legal_kinds(self) -> frozenset[ActionKind]:
        """The kinds of move the engine's legal actions give the learner now (none when it is not their turn)."""
        hand = self.game.hand
        if hand.is_over or hand.to_act != self.game.seat:
            return frozenset()
        return frozenset(action.kind for action in hand.legal_actions())

    def show_move_rows(self, phase: Phase) -> None:
        """Show the rows of buttons the phase asks for, the take button named for the upcard or the discard;
        on a page made with ``legal_only``, of each row only the buttons whose moves are legal now."""
        self.draw_row.layout.display = "" if phase in (Phase.UPCARD, Phase.DRAW) else "none"
        self.take_button.description = (tc("button", "Take the upcard") if phase is Phase.UPCARD
                                        else tc("button", "Take the discard"))
        self.pass_button.layout.display = "" if phase is Phase.UPCARD else "none"
        self.discard_row.layout.display = "" if phase is Phase.DISCARD else "none"
        self.layout_row.layout.display = "" if phase in LAYOUT_PHASES else "none"
        if self._legal_only:
            kinds = self.legal_kinds()
            for button, kind in self.move_buttons():
                button.layout.display = "" if kind in kinds else "none"
        self._show_meld_choice()

    @property
    def meld_choice(self) -> widgets.Dropdown:
        """The knocker's meld to lay off on: in the layout row (after the meld button) from the first
        time a card of the learner's fits two of them, and shown while one does."""
        return self._layout_input.target

    def _show_meld_choice(self) -> None:
        layout = self.layout_input()
        if not layout.ask_meld and not layout.target_made:
            return
        row = list(self.layout_row.children)
        if self.meld_choice not in row:
            row.insert(row.index(self.meld_button) + 1, self.meld_choice)
            self.layout_row.children = tuple(row)
        self.meld_choice.layout.display = "" if layout.ask_meld else "none"


class PracticePage(HandPage):
    """The practice page: the settings in one line (the profile bar opened on demand), the table, your hand as
    card buttons with its deadwood under it, the move buttons, the coach, the score sheet, replay downloads and
    the new-match form. The hand comes first: on a laptop's first screen the table, your cards and the move
    buttons, on a phone's your cards (tests/browser/test_puzzle_first.py)."""

    game: PracticeGame

    def __init__(self, learner: Learner | None = None, *, game: PracticeGame | None = None):
        self.learner = learner or Learner.from_page()
        notice = None
        if game is None:
            game, notice = _opened_game(self.learner, None)
        self.game = game
        self._notice_text = notice
        self._event = ""
        self.bar = ProfileBar(self.learner)
        self.settings_bar = SettingsBar([self.bar])
        """The name box and the deck's colouring in one line above the table, opened on demand (as a trainer's)."""
        self.heading = widgets.HTML()
        self.notice = widgets.HTML()
        self.table = widgets.HTML()
        self.hand_info = widgets.HTML()
        self.picker = CardPicker(single=True)
        self.picker.on_error = self.report
        self.picker.on_pick = self.clear_error
        self._watched: set[int] = set()
        self._shown: tuple[tuple[Card, ...], bool, str, bool] | None = None  # what the picker shows
        self._order: tuple[Card, ...] = ()
        self._order_key: tuple[int, int] | None = None  # the game and hand the order is for
        self.moves = widgets.HTML()

        self.make_move_buttons()
        self.sort_button = _button(tc("button", "Sort my cards"),
                                   tc("tooltip", "group your cards by melds, deadwood last"))
        self.take_back_button = _button(tc("button", "Take back"),
                                        tc("tooltip", "undo your last move and the computer's replies"))
        self.take_back_button.add_class(SINGLE_CLICK)  # a double click takes back one decision, not two
        self.next_button = _button(tc("button", "Next hand"), tc("tooltip", "deal the next hand"), "primary")
        self.coach_box = widgets.Dropdown(options=coach_options(), value=str(game.coach),
                                          description=tc("label", "Coach:"))
        self.coach_box.add_class("gt-coach-choice")
        self.tutor_box = widgets.Dropdown(options=tutor_options(), value=str(game.tutor),
                                          description=tc("label", "Tutor:"))
        self.tutor_box.add_class("gt-tutor-choice")
        self.tutor_text = widgets.HTML()
        self.rethink_button = _button(tc("button", "Rethink"), tc("tooltip", "do not play this move: choose again"),
                                      "primary")
        self.play_anyway_button = _button(tc("button", "Play anyway"), tc("tooltip", "play the move as it is"),
                                          "danger")
        self.hint_button = _button(tc("button", "Hint"), tc("tooltip", "how to weigh this decision"))
        self.tutor_panel = widgets.VBox([self.tutor_text, button_row(self.rethink_button, self.play_anyway_button,
                                                                     self.hint_button)],
                                        layout=widgets.Layout(display="none"))
        self.tutor_panel.add_class("gt-tutor")
        self.tutor_check = TutorCheck()
        self.tutor_check.on_check(self._on_tutor_check)
        self._queued: Callable[[], TutorWarning | None] | None = None
        """The learner's move waiting for the tutor's check (see :class:`TutorCheck`)."""
        self.coach = widgets.HTML()
        self.result = widgets.HTML()
        self.review_button = _button(
            tc("button", "Review this hand"),
            tc("tooltip", "judge each of your decisions in this hand: the best move and the points lost (a few "
                          "seconds)"), shown_at_times=True)
        self.review_box = widgets.VBox()
        self.class_line = widgets.HTML()
        """Where the review of a hand went for the learner's class (a learner with a class code)."""
        self.store: ClassStore | None = None
        """The class store a learner's class reviews go to (else the one the environment names, when needed)."""
        self._review_key: tuple[int, int, tuple[str, ...]] | None = None  # the game and hand reviewed in the box
        self.scores = widgets.HTML()
        self.hand_choice = widgets.Dropdown(options=[], description=tc("label", "Hand:"), layout=widgets.Layout())
        self.download = widgets.HTML()
        self.downloads = button_row(self.hand_choice, self.download)
        self.opponent_choice = widgets.Dropdown(options=opponents(), value=game.opponent,
                                                description=tc("label", "Opponent:"))
        self.preset_choice = widgets.Dropdown(options=[(preset_label(name), name) for name in PRESETS],
                                              value="standard", description=tc("label", "Rules:"))
        self.variant_boxes = {name: widgets.Checkbox(value=False, description=t(label), indent=False)
                              for name, label in VARIANTS.items()}
        # IntText, not BoundedIntText: a target out of range is refused with its reason (the rules'), not changed
        self.target_box = widgets.IntText(value=100, description=tc("label", "Target:"))
        self.new_button = _button(tc("button", "Start a new match"), "", "warning")
        self.confirm_text = widgets.HTML()
        self.confirm_yes = _button(tc("button", "Yes, start a new match"),
                                   tc("tooltip", "throw away the match in progress"), "danger")
        self.confirm_no = _button(tc("button", "No, keep playing"), tc("tooltip", "keep the match in progress"))
        self.confirm_box = widgets.VBox([self.confirm_text, button_row(self.confirm_yes, self.confirm_no)],
                                        layout=widgets.Layout(display="none"))
        self.confirm_box.add_class("gt-confirm")
        form = widgets.VBox([button_row(self.opponent_choice, self.preset_choice, self.target_box),
                             button_row(*self.variant_boxes.values()), self.new_button, self.confirm_box])
        form.add_class("gt-new-match")
        super().__init__([
            widgets.HTML(PRACTICE_CSS), self.settings_bar, self.heading, self.notice, self.table, self.picker,
            self.hand_info,
            self.tutor_check, self.tutor_panel, self.move_rows,
            button_row(self.sort_button, self.take_back_button, self.next_button, self.coach_box, self.tutor_box),
            self.moves, self.coach, self.result, self.review_button, self.review_box, self.class_line,
            _heading(t("Score sheet")), self.scores,
            _heading(t("Finished hands")), self.downloads,
            _heading(t("New match")), form], _dom_classes=("gt-practice",))
        self.connect_move_buttons()
        for widget, handler in ((self.take_back_button, self._on_take_back),
                                (self.next_button, self._on_next), (self.sort_button, self._on_sort),
                                (self.new_button, self._on_new), (self.confirm_yes, self._on_confirm_new),
                                (self.confirm_no, self._on_keep), (self.review_button, self._on_review),
                                (self.rethink_button, self._on_rethink),
                                (self.play_anyway_button, self._on_play_anyway), (self.hint_button, self._on_hint)):
            widget.on_click(handler)
        self.coach_box.observe(self._on_coach, names="value")
        self.tutor_box.observe(self._on_tutor, names="value")
        self.hand_choice.observe(self._on_hand_choice, names="value")
        self.listen(self.learner, self._learner_changed)
        self.refresh()

    # -- the game ---------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, str]:
        return self.game.names(tc("player", "You"))

    def _open_game(self) -> None:
        """Open the learner's game (see :func:`_opened_game`) in place of the one shown."""
        self._drop_check()
        self.game, self._notice_text = _opened_game(self.learner, self.game)
        self.opponent_choice.value = self.game.opponent
        self._event = ""
        self._ask_new(False)
        self.refresh()

    def _learner_changed(self) -> None:
        if self.learner.name != self.game.owner:
            self._open_game()

    def _after(self, event: str = "") -> None:
        self.clear_status()
        self.picker.select(())
        self._event = event
        self._ask_new(False)
        self.refresh()

    def _play(self, action: Action) -> None:
        game = self.game
        if game.tutor is TutorMode.OFF:
            game.apply(action)
            self._computer_plays()
            return
        game.check_move(action)  # out of turn or illegal: said now, nothing queued
        self._ask_tutor(lambda: game.attempt(action))

    def _ask_tutor(self, attempt: Callable[[], TutorWarning | None]) -> None:
        """Queue the learner's move for the tutor's check, which the page asks for once it has redrawn."""
        if self._queued is not None:
            raise PracticeError(t("the tutor is still looking at your last move"))
        self._queued = attempt
        self.clear_status()
        with self.tutor_check.hold_sync():
            self.tutor_check.label = t("The tutor is looking at your move…")
            self.tutor_check.waiting = True
            self.tutor_check.asked += 1
        self.refresh()

    def _drop_check(self) -> None:
        """Forget a move queued for the tutor (taken back, or another game opened)."""
        self._queued = None
        self.tutor_check.waiting = False

    @guarded
    def _on_tutor_check(self, seen: object) -> None:
        """The page asks for the tutor's check of the move queued, having seen question ``seen``."""
        attempt = self._queued
        if attempt is None or isinstance(seen, bool) or seen != self.tutor_check.asked:
            return
        self._drop_check()
        try:
            stopped = attempt()
        except Exception:
            self.refresh()
            raise
        if stopped is not None:  # the tutor stopped it: the learner answers first
            self.refresh()
            return
        self._computer_plays()

    def _computer_plays(self) -> None:
        """The computer's replies, then the page as they leave it. A computer that may think a while shows the
        page first as the learner's move left it (their move played, the move buttons off, "The computer is to
        play."): the page's messages reach the browser while the kernel thinks."""
        game = self.game
        if game.thinks_slowly:
            self._after()
        game.let_computer_play()
        self._after()

    # -- buttons ------------------------------------------------------------------------

    @guarded
    def _on_lay_out(self, _button: widgets.Button | None = None) -> None:
        game = self.game
        if game.tutor is TutorMode.OFF:
            game.lay_out()
            self._computer_plays()
            return
        game.check_lay_out()
        self._ask_tutor(game.attempt_lay_out)

    def _tutor_asks(self) -> bool:
        """Whether the tutor's question (Rethink, Play anyway or Hint) waits for the learner. Once it is
        answered its panel is hidden, so a click on its buttons that arrives then was sent before the page
        redrew (a double click's second): it is ignored, with no word, and the answer given stands, as a move
        button's click outside its phase is."""
        return self.game.pending is not None

    @guarded
    def _on_rethink(self, _button: widgets.Button | None = None) -> None:
        if self._tutor_asks():
            self.game.rethink()
            self._after(t("Rethink: choose your move again."))

    @guarded
    def _on_play_anyway(self, _button: widgets.Button | None = None) -> None:
        if self._tutor_asks():
            self.game.play_anyway()
            self._computer_plays()

    @guarded
    def _on_hint(self, _button: widgets.Button | None = None) -> None:
        if self._tutor_asks():
            self.game.take_hint()
            self.refresh()

    @guarded
    def _on_tutor(self, change: Change) -> None:
        mode = change["new"]
        if mode != self.game.tutor:
            self.game.set_tutor(mode)  # a word that is no mode changes nothing
            self.refresh()

    @guarded
    def _on_take_back(self, _button: widgets.Button | None = None) -> None:
        self._drop_check()
        self.game.take_back()
        self._after(t("Taken back: your last move and the computer's replies since."))

    @guarded
    def _on_sort(self, _button: widgets.Button | None = None) -> None:
        self._order = ()
        self.refresh()

    @guarded
    def _on_next(self, _button: widgets.Button | None = None) -> None:
        self.game.next_hand()
        self._after()

    @guarded
    def _on_coach(self, change: Change) -> None:
        mode = change["new"]
        if mode != self.game.coach:
            self.game.set_coach(mode)  # a word that is no mode changes nothing
            self._remember()
            self.refresh()

    @guarded
    def _on_review(self, _button: widgets.Button | None = None) -> None:
        """Review the learner's decisions in the hand just finished, in its replay (on the learner's request,
        not after every hand: a review takes seconds of a server's processor that many learners share, and
        most hands are not looked at again)."""
        game = self.game
        number = game.hand_number
        if not game.hand.is_over:
            raise PracticeError(t("hand {number} is not over yet", number=number))
        from .replay import ReplayView  # the replayer and the evaluator, for a learner who asks for a review
        replay = game.history(number, learner=self._learner_name())
        seat = game.seat

        def reviewed(made: HandReview) -> None:
            if made.seat == seat:  # the learner's decisions, not the computer's (which a teacher may review too)
                self._keep_review(number, made)
        advised = game.advised_steps(number) if game.coach is CoachMode.WORDS else frozenset()
        kept = self._kept_review()  # shown at once, not made again (nor kept twice)
        view = ReplayView(replay, review_seat=seat, review_now=True, on_reviewed=reviewed,
                          notes=notes_at(game.tutor_notes, number), advised=advised,
                          made=() if kept is None else (kept,))
        self._review_key = self._hand_key()
        replace_view(self.review_box, view)
        self.refresh()

    def _learner_name(self) -> str:
        """The learner's seat's name in a hand's replay, where each player is named in the third person ("Ann
        discards K♣", "Ann's view"): the learner's name, or "Guest"."""
        return self.learner.name or tc("player", "Guest")

    def _keep_review(self, number: int, reviewed: HandReview) -> None:
        """The review of the learner's decisions in hand ``number`` of the match is made: where the learner's
        profile keeps it (for a guest, the page's memory), and the profile page charts its error rate."""
        game = self.game
        steps = {decision.step for decision in reviewed.decisions}  # a note elsewhere would refuse the review
        hand = game.match.hands[number - 1]
        notes = tuple(note for note in game.hand_tutor_notes(number) if note.step in steps)
        self.learner.keep_review(reviewed, hand, match=game.match.seed, number=number, notes=notes)
        self._review_to_class(number, reviewed, hand, notes)

    def _review_to_class(self, number: int, reviewed: HandReview, hand: Hand, notes: tuple[TutorNote, ...]) -> None:
        """For a named learner with a class code (:attr:`Learner.class_code`), the review of hand ``number`` goes
        to the class store too, under the class code and the learner's name, named by the match, the hand and
        its moves (:func:`~gintrainer.classroom.store.review_name`: sent twice, kept once); when the store cannot be
        reached it is kept on the server until it can (:func:`~gintrainer.classroom.pending.review_to_store`)
        and a line says so."""
        code, name = self.learner.class_code, self.learner.name
        if code is None or name is None:
            return
        from ..classroom import pending  # a class learner's page only
        from ..classroom.store import open_store, review_name
        from ..replay.kept import kept_review
        try:
            kept = kept_review(reviewed, hand, match=code, number=number, source="class", notes=notes)
            if self.store is None:
                self.store = open_store()
            review_id = review_name(name, self.game.match.seed, number, hand.history)
            sent = pending.review_to_store(self.store, code, name, review_id, kept)
        except StorageError as error:  # neither sent nor kept here
            log.error("practice page: the review of hand %s for class %s is lost: %s", number, code, error)
            line = t("This review could not be sent to your class {code}, nor kept on the server for it.",
                     code=code)
            self.class_line.value = f"<div class='gt-notice'>{escape(line)}</div>"
            return
        except GinError as error:  # refused by the class store (its limit of reviews)
            self.class_line.value = f"<div class='gt-notice'>{escape(str(error))}</div>"
            return
        if sent:
            line = t("This review is kept for your class {code}: your teacher sees it in the gradebook.", code=code)
            self.class_line.value = f"<div class='gt-info gt-class-review'>{escape(line)}</div>"
        else:
            line = t("The class store cannot be reached just now: this review is kept on the server and will be "
                     "sent to your teacher's gradebook when the store is back.")
            self.class_line.value = f"<div class='gt-notice gt-class-review'>{escape(line)}</div>"

    def _hand_key(self) -> tuple[int, int, tuple[str, ...]]:
        """The game, the hand's number and its moves: what a review is of."""
        return id(self.game), self.game.hand_number, self.game.hand.history

    def _clear_review(self) -> None:
        """Close the review shown once its hand is no longer the one on the table."""
        shown = tuple(self.review_box.children)
        if shown and self._review_key != self._hand_key():
            self.review_box.children = ()
            self.class_line.value = ""
            for widget in shown:
                close_tree(widget)
            self._review_key = None

    def _remember(self) -> None:
        """Keep the opponent and the coach of the match in the learner's profile, for their next match."""
        self.learner.set_practice(opponent=self.game.opponent, coach=str(self.game.coach))

    @guarded
    def _on_new(self, _button: widgets.Button | None = None) -> None:
        self._form_rules()  # a form error shows before anything is asked
        if self.game.in_progress:
            self._ask_new(True)
            self.refresh()
            return
        self._start_new()

    @guarded
    def _on_confirm_new(self, _button: widgets.Button | None = None) -> None:
        self._start_new()

    @guarded
    def _on_keep(self, _button: widgets.Button | None = None) -> None:
        self._ask_new(False)
        self.refresh()

    def _ask_new(self, flag: bool) -> None:
        self.confirm_box.layout.display = "" if flag else "none"
        self.new_button.disabled = flag

    def _form_rules(self) -> tuple[str, Rules]:
        opponent = self.opponent_choice.value
        preset = self.preset_choice.value
        target = self.target_box.value
        if isinstance(target, bool) or not isinstance(target, int):
            raise PracticeError(t("the target is a whole number, not {value}", value=repr(target)))
        variants = {name: box.value for name, box in self.variant_boxes.items()}
        return opponent, practice_rules(preset, target=target, **variants)

    def _start_new(self) -> None:
        opponent, rules = self._form_rules()
        game = PracticeGame(rules, opponent=opponent, coach=self.game.coach, tutor=self.game.tutor,
                            owner=self.learner.name, play=False, judge=self.game.tutoring.judge)
        game.let_computer_play()
        game.save()
        self.game = game
        self._notice_text = None
        self._remember()
        self._after()

    @guarded
    def _on_hand_choice(self, change: Change) -> None:
        self._fill_download()

    def _fill_download(self) -> None:
        number = self.hand_choice.value
        if number is None:
            none_yet = t("No hand is finished yet.")
            self.download.value = f"<span class='gt-info'>{escape(none_yet)}</span>"
            return
        if number not in self.game.finished_hands():
            raise PracticeError(t("hand {number} is not finished", number=repr(number)))
        replay = self.game.history(number, learner=self._learner_name())
        self.download.value = download_link(replay.dump(), f"practice-hand-{number}.json",
                                            t("Download this hand (replay file)"))

    def _on_selection(self, change: Change) -> None:
        self._enable_buttons()

    # -- drawing ---------------------------------------------------------------------------

    def _legal(self) -> set[Action]:
        game = self.game
        waiting = game.pending is not None or getattr(self, "_queued", None) is not None
        return set(game.hand.legal_actions()) if game.learner_to_act and not waiting else set()

    def _enable_buttons(self) -> None:
        legal = self._legal()
        kinds = {action.kind for action in legal}
        chosen = self.picker.selected
        card = chosen[0] if len(chosen) == 1 else None
        self.take_button.disabled = ActionKind.TAKE not in kinds
        self.pass_button.disabled = ActionKind.PASS not in kinds
        self.draw_button.disabled = ActionKind.DRAW not in kinds
        self.discard_button.disabled = card is None or Action(ActionKind.DISCARD, card) not in legal
        self.knock_button.disabled = card is None or Action(ActionKind.KNOCK, card) not in legal
        self.gin_button.disabled = card is None or Action(ActionKind.GIN, card) not in legal
        self.big_gin_button.disabled = ActionKind.BIG_GIN not in kinds
        self.big_gin_button.layout.display = "" if self.game.rules.big_gin else "none"
        layout = bool(legal) and self.game.hand.phase in LAYOUT_PHASES
        self.lay_out_button.disabled = not layout
        self.meld_button.disabled = not layout or len(chosen) < 3
        self.layoff_button.disabled = not (layout and card is not None and any(
            a.kind is ActionKind.LAYOFF and a.card == card for a in legal))
        self.done_button.disabled = ActionKind.DONE not in kinds

    def _hand_order(self, held: tuple[Card, ...]) -> tuple[Card, ...]:
        """The learner's cards in a steady order: sorted by melds when the hand is
        dealt (or on request), then each new card at the end. Cards keep their
        places, so a click sent just before the page redraws still lands on the
        card clicked (card buttons are read by position)."""
        hand_key = (id(self.game), self.game.hand_number)
        if self._order_key != hand_key:
            self._order_key, self._order = hand_key, ()
        self._order = steady_order(self._order, held)
        return self._order

    def _show_hand(self) -> None:
        game = self.game
        hand = game.hand
        cards = self._hand_order(hand.unlaid(game.seat)) if not hand.is_over else ()
        single = hand.phase not in LAYOUT_PHASES
        key = (cards, single, self.size, self.four_colour)
        if key != self._shown:
            self.picker.show(cards, single=single)
            self._shown = key
            for button in self.picker.buttons:
                if id(button) not in self._watched:
                    button.observe(self._on_selection, names="value")
                    self._watched.add(id(button))
        self.picker.disable(not self._legal())

    def refresh(self) -> None:
        game = self.game
        hand, names = game.hand, self.names
        phase = hand.phase
        with self.hold_sync():
            heading = t("Hand {number} against {opponent}", number=game.hand_number,
                        opponent=opponent_label(game.opponent))
            # Translators: {rules} is the rules' short description (standard, target 100).
            rules = t("Rules: {rules}; knock limit {limit}; target {target}.", rules=game.rules.describe(),
                      limit=hand.knock_limit, target=game.rules.target)
            self.heading.value = (f"<h3 class='gt-hand-title'>{escape(heading)}</h3>"
                                  f"<div class='gt-info'>{escape(rules)}</div>")
            self.settings_bar.show_choices(learner_choices(self.learner), asking=asks_the_learner(self.learner))
            notices = [n for n in (self._notice_text, game.notice) if n]
            if self.learner.is_guest:
                # Translators: "Settings" is the label of the button above the table that shows the name box.
                # Kept short: on a phone, a longer line pushes the learner's cards below the first screen.
                notices.append(t("Playing as a guest: this game is not saved. To keep it, type your name in "
                                 "\"Settings\" above."))
            self.notice.value = "".join(f"<div class='gt-notice'>{escape(n)}</div>" for n in notices)
            self.table.value = self._table_html()
            self._show_hand()
            self.hand_info.value = self._hand_info()
            self.show_move_rows(phase)
            self._enable_buttons()
            self.take_back_button.disabled = not game.can_take_back
            self.next_button.disabled = not game.can_deal
            if self.coach_box.value != game.coach:
                self.coach_box.value = str(game.coach)
            if self.tutor_box.value != game.tutor:
                self.tutor_box.value = str(game.tutor)
            pending = game.pending
            self.tutor_panel.layout.display = "" if pending is not None else "none"
            self.tutor_text.value = tutor_html(pending) if pending is not None else ""
            self.hint_button.disabled = pending is None or pending.hinted
            self.coach.value = self._coach_html()
            self.result.value = result_html(game, names) if hand.is_over else ""
            self._clear_review()
            self.review_button.layout.display = "" if hand.is_over and not self.review_box.children else "none"
            self.scores.value = score_sheet_html(game)
            finished = game.finished_hands()
            options = [(tc("option", "Hand {number}", number=n), n) for n in finished]
            if list(self.hand_choice.options) != options:
                self.hand_choice.options = options
                self.hand_choice.value = finished[-1] if finished else None
            self.hand_choice.layout.display = "" if finished else "none"  # an empty dropdown shows a blank box
            self._fill_download()
            self.moves.value = (f"<div class='gt-info'>{escape(self._event)}</div>" if self._event else "") + \
                move_log_html(game)
            if self.confirm_box.layout.display == "" and not game.in_progress:
                self._ask_new(False)
            self.confirm_text.value = f"<b>{escape(new_match_warning(game))}</b>"
        if hand.is_over and not self.review_box.children and self._kept_review() is not None:
            self._on_review()  # reviewed before this page was opened (a reload): shown as the learner left it

    def _kept_review(self) -> HandReview | None:
        """The review the learner's profile keeps of the learner's decisions in the finished hand on the table,
        of these very moves (None when it keeps none)."""
        from ..replay.kept import kept_for  # a page that reviews hands: a lesson's does not
        game = self.game
        return kept_for(self.learner.progress.hand_reviews, game.hand, match=game.match.seed,
                        number=game.hand_number, seat=game.seat)

    def _hand_info(self) -> str:
        game = self.game
        return hand_info_html(game.hand, game.seat, to_act=game.learner_to_act, waiting=not game.match.is_over)

    def _table_html(self) -> str:
        return hand_table_html(self.game.hand, self.game.seat, self.names, size=self.size,
                               four_colour=self.four_colour)

    def _coach_html(self) -> str:
        game = self.game
        if game.coach is CoachMode.OFF:
            return ""
        table = game.coach_table()
        if table is not None:
            return coach_table_html(table)
        draw = game.coach_draw()
        if draw is not None:
            return (f"<div class='gt-info gt-coach-draw'><b>{escape(words('label_coach'))}</b> "
                    f"{escape(draw.summary(game.names(), you=game.seat))}</div>")
        advice, quiet = game.coach_advice()
        if advice is not None:
            return coach_words_html(advice)
        if quiet:
            label = words("label_coach")
            quiet_words = t("The tutor would stop the move the coach would advise here, so the coach says nothing "
                            "about this decision.")
            return f"<div class='gt-info gt-coach-quiet'><b>{escape(label)}</b> {escape(quiet_words)}</div>"
        if game.hand.is_over:
            if not game.had_a_turn(game.hand_number):
                return _coach_line("coach_no_turn")
            costly = game.costly_moves(game.hand_number)
            if not costly:
                advised = game.advised_losses(game.hand_number)
                return _coach_line("coach_none_costly_but_advised" if advised else "coach_none_costly")
            notes = game.coach_notes(game.hand_number, plain=game.coach is CoachMode.WORDS)
            items = "".join(f"<li>{escape(text)}</li>" for text in notes)
            return _coach_line("coach_costliest") + f"<ul class='gt-coach-notes'>{items}</ul>"
        return ""


def hand_info_html(hand: Hand, seat: int, *, to_act: bool, waiting: bool = True) -> str:
    """What the learner in ``seat`` is told under the table: the card just drawn (and
    whether it may go back), the deadwood, and what to do next when ``to_act`` (else,
    while ``waiting``, that the computer is to play)."""
    if hand.is_over:
        return ""
    parts = []
    view = SeatView.of(hand, seat)
    if view.forbidden is not None:  # taken from the discard pile
        parts.append(t("You drew {card} from the discard pile (you may not throw it back this turn).",
                       card=view.forbidden))
    elif view.drawn is not None:
        parts.append(t("You drew {card} from the stock.", card=view.drawn[0]))
    left = hand.unlaid(seat)
    if len(left) <= 10:
        parts.append(deadwood_words(best_arrangement(left)))
    if to_act:
        parts.append(t(_WHAT_TO_DO[hand.decision]))
    elif waiting:
        parts.append(t("The computer is to play."))
    return "".join(f"<div class='gt-info'>{escape(p)}</div>" for p in parts)


def hand_table_html(hand: Hand, seat: int, names: tuple[str, str], *, size: str = "normal",
                    four_colour: bool = False) -> str:
    """The table as the learner in ``seat`` sees it while the hand is played (their own
    cards are the page's card buttons); once it is over, both hands face up, without the
    score line (:func:`hand_result_html` says it, with each side's melds, under the table)."""
    if hand.is_over:
        return table_html(hand, names=names, size=size, four_colour=four_colour, you=seat, result=False)
    return seat_table_html(hand, seat, names=names, size=size, four_colour=four_colour, you=seat)


_WHAT_TO_DO: dict[str, str] = {
    Phase.UPCARD: N_("Take the upcard or pass."),
    Phase.DRAW: N_("Draw from the stock or take the discard."),
    DRAW_STOCK: N_("Draw from the stock: both players passed the upcard, so it may not be taken now."),
    Phase.DISCARD: N_("Click a card, then discard it (or knock with it)."),
    Phase.KNOCKER_LAYOUT: N_("Lay out your melds: select a meld's cards and meld them, then press Done; or let the "
                             "engine lay out for you."),
    Phase.DEFENDER_LAYOUT: N_("Lay out your melds and lay off cards on the knocker's melds; or let the engine do "
                              "it."),
}
"""What the learner does next, by the hand's decision (:attr:`~gintrainer.engine.hand.Hand.decision`; the hand is not
over), in English (shown with ``t``)."""


def _opened_game(learner: Learner, current: PracticeGame | None) -> tuple[PracticeGame, str | None]:
    """The game a learner plays, and anything to tell them about it: their saved game,
    else the guest's game in progress (``current``) taken on under their name, else
    a new match against the opponent and with the coach they chose last (a new learner:
    the gentlest opponent and the coach in words; a guest's game is not saved)."""
    name = learner.name
    game, notice = None, None
    if name is not None:
        game, notice = PracticeGame.resume(name)
    if game is None and name is not None and current is not None and current.owner is None:
        game = current  # a guest who types a name keeps the game in progress
        game.owner = name
        game.save()
    if game is None:
        settings = learner.progress.settings
        game = PracticeGame(practice_rules(), opponent=chosen_opponent(settings), coach=chosen_coach(settings),
                            owner=name)
        game.save()
    return game, notice


def practice() -> PracticePage:
    """A notebook's one line for the practice page."""
    return PracticePage()
