"""Practice against the computer: a whole match between the learner and a computer
player, a coach, take-backs, and the game saved after every move.

:class:`PracticeGame` holds a :class:`~gintrainer.Match`, the learner's seat, the
opponent's name, the coach (off, in words or the solver's table: see
:mod:`gintrainer.trainers.coach`), and the learner's decision points in the hand in
progress (for taking back). The computer moves through
:func:`gintrainer.engine.players.decide`, which sees only its own seat's view. The coach
sees only what the learner's seat may see.

A game with an ``owner`` (a learner's name) is saved after every change to one
JSON file per learner under the data folder (``practice/<stem>.json``, the same
file for every spelling of the name; see :mod:`gintrainer.records.storage`), written
atomically under a lock; :meth:`PracticeGame.resume` reads it back, and an
unreadable file is set aside with a notice, never deleted.

>>> from gintrainer.engine.hand import Phase
>>> game = PracticeGame(opponent="naive", seed=4)
>>> game.hand.to_act == game.seat or game.hand.is_over
True
>>> before = game.hand.history
>>> replies = game.play("pass" if game.hand.phase == Phase.UPCARD else "draw")
>>> game.can_take_back
True
>>> game.take_back()
>>> game.hand.history == before, game.can_take_back
(True, False)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine import players as computer
from ..engine import roster
from ..engine.evaluate import Move
from ..engine.hand import LAYOUT_PHASES, Action, ActionKind, Hand, Phase
from ..engine.match import Match
from ..engine.rules import PRESETS, Rules
from ..engine.solver import DiscardTable, discard_table_for
from ..engine.telling import Voice, tell_move
from ..engine.view import SeatView
from ..material.messages import Message, addresses
from ..records.storage import (
    RecordError,
    RecordKind,
    StorageError,
    locked,
    move_into_place,
    read_or_set_aside,
    record_path,
    spelling_stem,
    write_json_atomic,
)
from ..replay import Annotation, Replay, annotate
from ..replay.annotate import Advice, better_words, draw_advice
from ..replay.review import Judge
from ..words.errors import GinError
from ..words.language import N_, format_number, t, tc, tn
from .coach import Coaching, CoachMode, coach_mode, coaching
from .tutor import Tutor, TutorChoice, TutorMode, TutorNote, TutorWarning, hinted, tutor_mode

if TYPE_CHECKING:
    from ..records.progress import Settings

DEFAULT_OPPONENT = "lookahead"
FIRST_OPPONENT = "random"
"""The computer player of a learner's first match: the gentlest (random moves)."""
FIRST_COACH = CoachMode.WORDS
"""The coach of a learner's first match: in words, for beginners."""
OPPONENT_LABELS = {
    "random": N_("Beginner (random moves)"),
    "naive": N_("Novice (naive)"),
    "lookahead": N_("Club player (lookahead)"),
    "best": N_("Expert (best)"),
    "evaluator": N_("Analyst (evaluator)"),
}
"""Each computer player's label on the form, in English (shown through :func:`opponent_label`). The evaluator
is named for what it does, not ranked above ``best``: its duels do not show it stronger (docs/benchmarks.md)."""
OPPONENT_NAMES = {"random": N_("Beginner"), "naive": N_("Novice"), "lookahead": N_("Club player"),
                  "best": N_("Expert"), "evaluator": N_("Analyst")}
"""Each computer player's name at the table and in the move log, in English."""
SLOW_OPPONENTS = frozenset({"evaluator"})
"""The computer players whose move may take more than about half a second (bench/bench_evaluator_player.py):
the page shows the learner's move before they reply (:attr:`PracticeGame.thinks_slowly`)."""
VARIANTS = {"oklahoma": N_("Oklahoma"), "straight_gin": N_("Straight gin"),
            "hollywood": N_("Hollywood (three games)"), "big_gin": N_("Big gin")}
"""Rules options a learner may switch on over a preset, with their labels in English (shown with ``t``)."""
MAX_STEPS = 10_000


class PracticeError(GinError):
    """A practice move or record that cannot be accepted (the game is unchanged)."""


class PracticeRecordError(PracticeError, RecordError):
    """A saved practice game that is not a practice record of a version read here."""


def _coach_of_version_1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 kept the coach as on (its table) or off; version 2 names the coach's mode."""
    coach = data.get("coach")
    if not isinstance(coach, bool):
        raise PracticeRecordError(f"the coach of a version 1 practice game is true or false, not {coach!r}",
                                  field="coach")
    return {**data, "coach": str(coach_mode(coach))}


def _tutor_of_version_2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 had no tutor: it is off, with no notes."""
    return {**data, "tutor": str(TutorMode.OFF), "tutor_notes": []}


RECORD = RecordKind(N_("practice game"), version=3, format="gintrainer-practice", error=PracticeRecordError,
                    migrations={1: _coach_of_version_1, 2: _tutor_of_version_2})
"""A saved practice game: version 3 (the tutor's mode and the learner's answers to it; version 2 had no tutor;
the coach is ``off``, ``words`` or ``table``, where version 1 said on or off)."""
FOLDER = "practice"


# What a costly move cost: exact deadwood when both choices end in a known count (a knock, a layout, the
# dealer keeping his hand or taking the upcard), else expected deadwood after the next draw.
_COST_WORDS = {"exact": N_("It cost {cost} points of deadwood against the best choice."),
               "expected": N_("It cost {cost} points of expected deadwood against the best choice.")}
_TURNS = (ActionKind.TAKE, ActionKind.PASS, ActionKind.DRAW, ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.GIN,
          ActionKind.BIG_GIN)
"""The moves of a turn, which the coach judges (a layout after a knock is not one)."""


def _cost_measure(note: Annotation, before: Hand) -> str:
    if note.tag in ("better-knock", "costly-layout"):
        return "exact"
    dealer_offered = before.phase == Phase.UPCARD and before.to_act == before.dealer
    return "exact" if note.tag in ("costly-take", "costly-pass") and dealer_offered else "expected"


def _plain_cost(measure: str, cost: Fraction) -> str:
    """What a move cost, as the coach in words says it: in whole points (an exact cost
    is one already; an expected one is rounded half up), the solver's decimals being
    the table's coach's."""
    n = math.floor(cost + Fraction(1, 2))
    if measure == "exact":
        return tn("It cost {n} point of deadwood against the best choice.",
                  "It cost {n} points of deadwood against the best choice.", n)
    if n == 0:
        return t("On average it cost less than half a point of deadwood after the next draw, against the best "
                 "choice.")
    return tn("On average it cost about {n} point of deadwood after the next draw, against the best choice.",
              "On average it cost about {n} points of deadwood after the next draw, against the best choice.", n)


def _cost(note: Annotation) -> Fraction:
    """What a costly move cost (every costly move has a loss)."""
    if note.loss is None:
        raise PracticeError(f"the note on move {note.step} has no cost")
    return note.loss


@dataclass(frozen=True, slots=True)
class LoggedMove:
    """One line of a hand's move log: ``step`` numbers the hand's moves from 1 (the
    numbering the log shows and the coach cites); ``text`` is the move in words."""

    step: int
    seat: int
    text: str


def hand_move_log(hand: Hand, seat: int, name: str) -> tuple[LoggedMove, ...]:
    """Every move of ``hand`` from the deal on, in the words the learner in ``seat`` may
    read (the other player, called ``name``, draws and knocks unseen), numbered from 1."""
    state = hand.prefix(0)
    lines = []
    for step, (mover, action) in enumerate(hand.actions, start=1):
        before = state.copy()
        state.apply(action)
        yours = addresses(mover, seat)
        text = tell_move(before, mover, action, state, voice=Voice.YOU if yours else Voice.LOG, who=name,
                         seen=yours)
        lines.append(LoggedMove(step, mover, text))
    return tuple(lines)


def opponents() -> list[tuple[str, str]]:
    """The computer players on offer as (label, name), weakest first: every player
    :mod:`gintrainer.engine.roster` names, so a new one appears without a change here."""
    return [(opponent_label(name), name) for name in roster.PLAYERS]


def chosen_opponent(settings: Settings) -> str:
    """The computer player a learner's new match is against: the one of their last match
    (kept in their profile's settings), else the gentlest (:data:`FIRST_OPPONENT`)."""
    name = settings.practice_opponent
    return name if name in roster.PLAYERS else FIRST_OPPONENT


def chosen_coach(settings: Settings) -> CoachMode:
    """The coach a learner's new match starts with: the one they chose last (kept in their
    profile's settings), else the coach in words (:data:`FIRST_COACH`)."""
    try:
        return coach_mode(settings.practice_coach) if settings.practice_coach is not None else FIRST_COACH
    except GinError:  # a word of a later version, or a file edited by hand
        return FIRST_COACH


def opponent_label(name: str) -> str:
    """A computer player's label on the form, in the learner's language."""
    return t(OPPONENT_LABELS[name]) if name in OPPONENT_LABELS else name.capitalize()


def opponent_name(name: str) -> str:
    """A computer player's name at the table, in the learner's language."""
    return t(OPPONENT_NAMES[name]) if name in OPPONENT_NAMES else name


def practice_rules(preset: str = "standard", *, target: int | None = None, **variants: object) -> Rules:
    """The rules of a practice match: a preset with some :data:`VARIANTS` on.

    >>> practice_rules("modern", hollywood=True, target=50).describe()
    'modern, target 50, hollywood'
    """
    if preset not in PRESETS:
        raise PracticeError(t("unknown rules preset {preset}: choose one of {choices}", preset=repr(preset),
                              choices=", ".join(PRESETS)))
    changes: dict[str, bool | int] = {}
    for name, flag in variants.items():
        if name not in VARIANTS:
            raise PracticeError(t("unknown variant {variant}: choose from {choices}", variant=repr(name),
                                  choices=", ".join(VARIANTS)))
        if not isinstance(flag, bool):
            raise PracticeError(f"the variant {name} is on or off, not {flag!r}")
        if flag:
            changes[name] = True
    if target is not None:
        changes["target"] = target
    return Rules.preset(preset, **changes)


def _check_coach(mode: object) -> CoachMode:
    try:
        return coach_mode(mode)
    except GinError as error:
        raise PracticeError(str(error)) from None


def _check_tutor(mode: object) -> TutorMode:
    try:
        return tutor_mode(mode)
    except GinError as error:
        raise PracticeError(str(error)) from None


def _check_opponent(name: object) -> str:
    if not isinstance(name, str) or name not in roster.PLAYERS:
        choices = ", ".join(roster.PLAYERS)
        raise PracticeError(t("unknown opponent {opponent}: choose one of {choices}", opponent=repr(name),
                              choices=choices))
    return name


class PracticeGame:
    """A match between the learner (``seat``) and a computer player.

    ``coach`` is a :class:`~gintrainer.trainers.coach.CoachMode` (or its word; True and
    False mean the table and off); ``seed`` fixes every deal and every computer
    move (one is drawn when omitted); ``owner`` names the learner whose file the
    game is saved to after each change (None: a guest, nothing saved). Failures
    to save never raise: they land in :attr:`notice`. ``tutor`` is a
    :class:`~gintrainer.trainers.tutor.TutorMode` (or its word): the learner's moves
    played through :meth:`attempt` and :meth:`attempt_lay_out` are judged first, and
    one it stops waits for the learner (see :mod:`gintrainer.trainers.tutor`);
    ``judge`` stands in for the evaluator's (tests).
    """

    def __init__(self, rules: Rules | None = None, *, opponent: str = DEFAULT_OPPONENT, seat: int = 0,
                 seed: int | str | None = None, coach: CoachMode | str | bool = CoachMode.TABLE,
                 owner: str | None = None, match: Match | None = None, play: bool = True,
                 tutor: TutorMode | str = TutorMode.OFF, judge: Judge | None = None):
        if seat not in (0, 1) or isinstance(seat, bool):
            raise PracticeError(f"the learner's seat is 0 or 1, not {seat!r}")
        self.opponent = _check_opponent(opponent)
        self.player = roster.make_player(opponent)
        self.seat = seat
        self.coach = _check_coach(coach)
        self.tutor = _check_tutor(tutor)
        self.tutoring = Tutor(judge)
        """The tutor's judge (the evaluator's, unless a test gives a stand-in)."""
        self.pending: TutorWarning | None = None
        """The learner's move the tutor stopped, waiting for Rethink, Play anyway or Hint (not saved: after a
        reload the learner chooses again)."""
        self.tutor_notes: list[TutorNote] = []
        """The learner's answers to the tutor in this match."""
        self.match = match if match is not None else Match(rules, seed=seed)
        self.owner = owner
        self.notice: str | None = None
        self._marks: list[int] = []  # the learner's decision points in the hand in progress
        self._notes: dict[int, tuple[Annotation, ...]] = {}
        if play:
            self.let_computer_play()

    # -- reading ------------------------------------------------------------------

    @property
    def hand(self) -> Hand:
        """The hand in progress (the last one once the match is over)."""
        return self.match.hand

    @property
    def rules(self) -> Rules:
        return self.match.rules

    @property
    def thinks_slowly(self) -> bool:
        """Whether the computer is to play and may take a while over it (:data:`SLOW_OPPONENTS`)."""
        return (self.opponent in SLOW_OPPONENTS and not self.match.is_over and not self.hand.is_over
                and self.hand.to_act == self.computer_seat)

    @property
    def computer_seat(self) -> int:
        return 1 - self.seat

    @property
    def hand_number(self) -> int:
        return len(self.match.hands)

    @property
    def learner_to_act(self) -> bool:
        return not self.match.is_over and self.hand.to_act == self.seat

    @property
    def can_take_back(self) -> bool:
        """Whether the learner has a move in this hand to take back."""
        return bool(self._marks)

    @property
    def can_deal(self) -> bool:
        """Whether the next hand may be dealt."""
        return self.hand.is_over and not self.match.is_over

    @property
    def in_progress(self) -> bool:
        """Whether starting another match would throw this one away: it is not over
        and the learner has played in it (a move in this hand, or a hand finished)."""
        return not self.match.is_over and (bool(self._marks) or self.hand_number > 1 or self.hand.is_over)

    def view(self) -> SeatView:
        """What the learner's seat may see now."""
        return SeatView.of(self.hand, self.seat)

    def names(self, learner: str | None = None) -> tuple[str, str]:
        """The two seats' names, the learner's first in its seat ("You" in the
        learner's language by default)."""
        if learner is None:
            learner = tc("player", "You")
        other = opponent_name(self.opponent)
        return (learner, other) if self.seat == 0 else (other, learner)

    def coach_table(self) -> DiscardTable | None:
        """With the coach's table on and the learner to discard: the solver's exact
        table, built from the learner's view only (hand, draw, discard pile, the
        cards the opponent is known to hold, the Oklahoma upcard); else None."""
        if self.coach is not CoachMode.TABLE or not self.learner_to_act or self.hand.phase != Phase.DISCARD:
            return None
        return discard_table_for(self.view())

    def coach_draw(self) -> Advice | None:
        """With the coach's table on and the learner offered a discard to take (the upcard, or the pile's top
        before a draw): the solver's numbers for taking it and for the other choice, from the learner's view
        (:func:`~gintrainer.replay.annotate.draw_advice`); else None."""
        if self.coach is not CoachMode.TABLE or not self.learner_to_act or self.pending is not None:
            return None
        return draw_advice(self.hand)

    def coach_words(self) -> Coaching | None:
        """With the coach in words on and the learner to draw or discard: the move
        the solver finds best and why, in a few sentences (see :mod:`gintrainer.trainers.coach`);
        else None, and None too when the tutor would stop that move (:meth:`coach_advice`)."""
        return self.coach_advice()[0]

    def coach_advice(self) -> tuple[Coaching | None, bool]:
        """The coach in words (as :meth:`coach_words`) and whether it keeps quiet because the tutor, on too,
        would stop the very move it advises: then the tutor's judgement wins (it plays the hand out where
        the coach counts deadwood one draw ahead) and the coach says nothing about this decision, so that
        the two never give opposite advice."""
        if self.coach is not CoachMode.WORDS or not self.learner_to_act or self.pending is not None:
            return None, False
        advice = coaching(self.hand, self.seat, self.names()[self.computer_seat])
        if advice is not None and self.tutor_check((advice.action,)) is not None:
            return None, True
        return advice, False

    # -- the learner's moves ----------------------------------------------------------

    def _check_turn(self) -> None:
        if self.pending is not None:
            raise PracticeError(t("answer the tutor first: rethink, play anyway, or take a hint"))
        if self.match.is_over:
            raise PracticeError(t("the match is over: start a new one"))
        if self.hand.is_over:
            raise PracticeError(t("the hand is over: deal the next hand"))
        if self.hand.to_act != self.seat:
            raise PracticeError(t("it is the computer's turn, not yours"))

    def apply(self, action: Action | str) -> None:
        """Play the learner's action (an :class:`~gintrainer.engine.hand.Action` or its text).
        An illegal action raises :class:`~gintrainer.words.errors.IllegalActionError` with
        the reason, and a move out of turn :class:`PracticeError`; either way
        nothing changes."""
        self._check_turn()
        action = Action.parse(action)
        steps = len(self.hand.actions)
        self.match.apply(action)
        self._marks.append(steps)
        self._changed()

    # -- the tutor ------------------------------------------------------------------------

    def _tutor_seed(self) -> str:
        return f"{self.match.seed}:{self.hand_number}:tutor"

    def tutor_check(self, move: Move) -> TutorWarning | None:
        """The tutor's warning against the learner's ``move`` (a legal whole decision) in the hand as it
        stands, or None (the tutor off, or the move's mark below its threshold). Nothing changes."""
        if not self.learner_to_act:
            return None
        return self.tutoring.check(self.tutor, self.hand, move, self._tutor_seed())

    def check_move(self, action: Action | str) -> Action:
        """The learner's action read and checked playable now (as :meth:`apply` checks it), not played."""
        self._check_turn()
        action = Action.parse(action)
        self.hand.copy().apply(action)  # an illegal action raises here, the game unchanged
        return action

    def check_lay_out(self) -> None:
        """Check that :meth:`lay_out` may be played now (as it checks), not played."""
        self._check_turn()
        self._layout_plan()

    def attempt(self, action: Action | str) -> TutorWarning | None:
        """The learner's action through the tutor: played as :meth:`apply` plays it (None returned), unless
        the tutor stops it: then the game is unchanged, the move waits as :attr:`pending` for
        :meth:`rethink`, :meth:`play_anyway` or :meth:`take_hint`, and its warning is returned. A single
        meld or lay-off of a layout made by hand is no whole decision: it is played unjudged (the whole
        layout the page makes, :meth:`attempt_lay_out`, is judged, and "done" with nothing laid out).
        Illegal or out of turn: as :meth:`apply`."""
        action = self.check_move(action)
        whole = (self.hand.phase not in LAYOUT_PHASES
                 or action.kind is ActionKind.DONE and not self._layout_started())  # "done" with nothing laid out
        if whole:
            warning = self.tutor_check((action,))
            if warning is not None:
                self.pending = warning
                return warning
        self.apply(action)
        return None

    def attempt_lay_out(self) -> TutorWarning | None:
        """:meth:`lay_out` through the tutor, the whole layout judged as one decision (when none of it is
        laid out yet), as :meth:`attempt`."""
        self._check_turn()
        plan = self._layout_plan()
        if not self._layout_started():
            warning = self.tutor_check(plan)
            if warning is not None:
                self.pending = warning
                return warning
        self.lay_out()
        return None

    def _layout_started(self) -> bool:
        """Whether the learner has laid out part of the layout in progress."""
        if not self.hand.actions:
            return False
        who, last = self.hand.actions[-1]
        return who == self.seat and last.kind in (ActionKind.MELD, ActionKind.LAYOFF)

    def _layout_plan(self) -> Move:
        """The steps :meth:`lay_out` would play, worked out on a copy of the hand."""
        phase = self.hand.phase
        if phase not in LAYOUT_PHASES:
            raise PracticeError(t("there is nothing to lay out now: that comes after a knock"))
        trial = self.hand.copy()
        start = len(trial.actions)
        if phase == Phase.DEFENDER_LAYOUT:
            trial.apply(Action(ActionKind.AUTO))
        else:
            while trial.phase == Phase.KNOCKER_LAYOUT:
                trial.apply(computer.own_layout(SeatView.of(trial, self.seat)))
        return tuple(action for _, action in trial.actions[start:])

    def _waiting(self) -> TutorWarning:
        if self.pending is None:
            raise PracticeError(t("the tutor has no move of yours waiting"))
        return self.pending

    def rethink(self) -> None:
        """The move the tutor stopped is not played: the learner chooses again (the choice is noted)."""
        warning = self._waiting()
        self.pending = None
        self._note(warning, TutorChoice.RETHINK)
        self._changed()

    def play_anyway(self) -> None:
        """Play the move the tutor stopped (the choice is noted); the computer's replies are
        :meth:`let_computer_play`'s."""
        warning = self._waiting()
        self.pending = None
        try:
            self._check_turn()
            if len(self.hand.actions) != warning.before:
                raise PracticeError("the move the tutor stopped is not of this position")
        except PracticeError:
            self.pending = warning
            raise
        steps = len(self.hand.actions)
        for action in warning.made:  # a whole decision, legal: the tutor judged it so
            self.match.apply(action)
        self._marks.append(steps)
        self._note(warning, TutorChoice.PLAYED)
        self._changed()

    def take_hint(self) -> Message:
        """The first rung of the hint ladder for the decision the tutor stopped (the move still waits)."""
        warning = self._waiting()
        self.pending = hinted(warning)
        return warning.hint

    def _note(self, warning: TutorWarning, choice: TutorChoice) -> None:
        self.tutor_notes.append(TutorNote(hand=self.hand_number, before=warning.before, made=warning.made,
                                          mark=warning.mark, loss=warning.loss, choice=choice,
                                          hinted=warning.hinted))

    def hand_tutor_notes(self, number: int | None = None) -> tuple[TutorNote, ...]:
        """The learner's answers to the tutor in a hand (the one in progress by default)."""
        number = self.hand_number if number is None else number
        return tuple(note for note in self.tutor_notes if note.hand == number)

    def set_tutor(self, mode: TutorMode | str) -> None:
        """Switch the tutor to ``mode``; a wrong mode changes nothing. Switched off, it lets go of a move it
        stopped (not played: the learner chooses again)."""
        self.tutor = _check_tutor(mode)
        if self.tutor is TutorMode.OFF:
            self.pending = None
        self._changed()

    # -- laying out -------------------------------------------------------------------------

    def lay_out(self) -> None:
        """The learner's layout done for them: as knocker, melds of a least-deadwood
        arrangement chosen from the learner's own cards (then ``done``); as
        defender, the engine's best melds and lay-offs (``auto``, from the
        defender's own cards and the table)."""
        self._check_turn()
        phase = self.hand.phase
        if phase not in LAYOUT_PHASES:
            raise PracticeError(t("there is nothing to lay out now: that comes after a knock"))
        steps = len(self.hand.actions)
        if phase == Phase.DEFENDER_LAYOUT:
            self.match.apply(Action(ActionKind.AUTO))
        else:
            trial = self.hand.copy()
            plan = []
            while trial.phase == Phase.KNOCKER_LAYOUT:
                step = computer.own_layout(SeatView.of(trial, self.seat))
                trial.apply(step)
                plan.append(step)
            for step in plan:
                self.match.apply(step)
        self._marks.append(steps)
        self._changed()

    def let_computer_play(self) -> list[tuple[int, Action]]:
        """Let the computer move until it is the learner's turn or the hand is over;
        returns the moves made (seat, action), laid-out layouts as plain steps."""
        moves: list[tuple[int, Action]] = []
        hand = self.hand
        seed = f"{self.match.seed}:{self.hand_number}"
        while not self.match.is_over and not hand.is_over and hand.to_act == self.computer_seat:
            if len(hand.actions) > MAX_STEPS:
                raise PracticeError(t("the hand has run too long"))
            before = len(hand.actions)
            self.match.apply(computer.decide(self.player, hand, seed=seed))
            moves.extend(hand.actions[before:])
        if moves:
            self._changed()
        return moves

    def play(self, action: Action | str) -> list[tuple[int, Action]]:
        """The learner's action, then the computer's replies (see :meth:`let_computer_play`)."""
        self.apply(action)
        return self.let_computer_play()

    def take_back(self) -> None:
        """Undo the learner's last decision in this hand and the computer's replies
        that followed, back to the position where the learner chose it.

        Take-backs stay within the hand in progress (a finished hand may be taken
        back until the next one is dealt). At a hand's start, before the learner's
        first decision, there is nothing to take back: earlier hands are scored
        and stay, and the computer's opening moves are the same on every replay.
        """
        if not self._marks:
            raise PracticeError(t("there is no move of yours to take back in this hand"))
        steps = self._marks[-1]
        data = self.match.to_dict()
        last = data["hands"][-1]
        last["actions"] = last["actions"][:steps]
        last["result"] = None
        self.match = Match.from_dict(data)
        self.pending = None
        self.tutor_notes = [n for n in self.tutor_notes if n.hand != self.hand_number or n.before < steps]
        self._marks.pop()
        self._notes.pop(self.hand_number, None)
        self._changed()

    def next_hand(self) -> list[tuple[int, Action]]:
        """Deal the next hand and let the computer open if it is first to act."""
        if self.match.is_over:
            raise PracticeError(t("the match is over: start a new one"))
        if not self.hand.is_over:
            raise PracticeError(t("finish this hand first"))
        self.match.next_hand()
        self._marks = []
        self._changed()
        return self.let_computer_play()

    def set_coach(self, mode: CoachMode | str | bool) -> None:
        """Switch the coach to ``mode`` (see :class:`PracticeGame`); a wrong mode changes nothing."""
        self.coach = _check_coach(mode)
        self._changed()

    # -- after the hand ----------------------------------------------------------------

    def finished_hands(self) -> tuple[int, ...]:
        """The numbers (from 1) of the hands that are over."""
        return tuple(i for i, h in enumerate(self.match.hands, start=1) if h.is_over)

    def _hand(self, number: int) -> Hand:
        hands = self.match.hands
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(hands):
            raise PracticeError(tn("there is no hand {number}: this match has {n}",
                                   "there is no hand {number}: this match has {n}", len(hands),
                                   number=repr(number)))
        return hands[number - 1]

    def notes(self, number: int) -> tuple[Annotation, ...]:
        """The solver's notes on the learner's moves of a finished hand, but for the decisions where a note's
        better move is one the tutor stopped (the learner rethought it): there the tutor's judgement wins, as
        it does while the hand is played (:meth:`coach_advice`), and the notes say nothing of that decision,
        so that the coach's words after the hand never advise a move the tutor warned against."""
        hand = self._hand(number)
        if not hand.is_over:
            raise PracticeError(t("hand {number} is not over yet", number=number))
        if number not in self._notes:
            stopped = {(note.step, note.made[0]) for note in self.hand_tutor_notes(number)
                       if note.choice is TutorChoice.RETHINK and len(note.made) == 1}
            notes = annotate(hand, featured=self.seat)
            quiet = {note.step for note in notes
                     if note.better is not None and (note.step, Action.parse(note.better)) in stopped}
            self._notes[number] = tuple(note for note in notes if note.step not in quiet)
        return self._notes[number]

    def costly_moves(self, number: int, limit: int = 3) -> tuple[Annotation, ...]:
        """The learner's moves of a finished hand that cost the most, by the solver's
        exact loss, worst first; none the coach in words advised at the time (it may advise a
        discard the solver ranks lower, one that does not feed the opponent: :func:`coaching`),
        so that the coach after the hand never faults the move it advised."""
        costly = [n for n in self._lossy(number) if not self._advised(number, n)]
        return tuple(sorted(costly, key=lambda n: (-_cost(n), n.step))[:limit])

    def advised_losses(self, number: int) -> tuple[Annotation, ...]:
        """The learner's moves of a finished hand the solver's exact loss counts as costly but the coach in words
        advised (left out of :meth:`costly_moves`), in order."""
        return tuple(n for n in self._lossy(number) if self._advised(number, n))

    def _lossy(self, number: int) -> list[Annotation]:
        return [n for n in self.notes(number) if n.loss is not None and n.loss > 0]

    def _advised(self, number: int, note: Annotation) -> bool:
        """Whether the move of ``note`` is the one the coach in words advised before it."""
        return self._advised_at(number, note.step)

    def _advised_at(self, number: int, step: int) -> bool:
        """Whether the move at ``step`` (from 1) of hand ``number`` is the learner's and the one the coach in words
        advises in the position before it."""
        hand = self._hand(number)
        seat, action = hand.actions[step - 1]
        if seat != self.seat:
            return False
        advice = coaching(hand.prefix(step - 1), self.seat, self.names()[self.computer_seat])
        return advice is not None and str(advice.action) == str(action)

    def advised_steps(self, number: int) -> frozenset[int]:
        """The steps (from 1) of hand ``number`` where the learner's move was the one the coach in words advises
        there (a review, counting the points of the whole hand, may mark such a move: its page says why)."""
        hand = self._hand(number)
        return frozenset(step for step in range(1, len(hand.actions) + 1) if self._advised_at(number, step))

    def move_log(self, number: int | None = None) -> tuple[LoggedMove, ...]:
        """Every move of a hand (the one in progress by default), from the deal on, in
        the words the learner's seat may read, numbered from 1.

        >>> game = PracticeGame(opponent="naive", seed=4)
        >>> [m.step for m in game.move_log()] == list(range(1, len(game.hand.actions) + 1))
        True
        """
        hand = self.hand if number is None else self._hand(number)
        return hand_move_log(hand, self.seat, self.names()[self.computer_seat])

    def had_a_turn(self, number: int) -> bool:
        """Whether the learner took, passed, drew, discarded or went out in hand
        ``number``: a hand can end before (the computer takes the upcard and knocks)."""
        return any(seat == self.seat and action.kind in _TURNS for seat, action in self._hand(number).actions)

    def coach_notes(self, number: int, limit: int = 3, *, plain: bool = False) -> tuple[str, ...]:
        """The coach's words on the learner's costliest moves of a finished hand, worst
        first: each names the move as the move log does (its number and words), says
        what the solver found, the better move and the cost. ``plain`` (the coach in
        words) says the cost in whole points and leaves out the solver's sentence when
        it speaks in averages with decimals (the table's coach keeps them)."""
        hand = self._hand(number)
        log = self.move_log(number)
        notes = []
        for note in self.costly_moves(number, limit):
            measure = _cost_measure(note, hand.prefix(note.step - 1))
            # Translators: {move} is the move's sentence in the move log ("You discard 7♥.").
            parts = [t("Move {step}: {move}", step=note.step, move=log[note.step - 1].text)]
            if not plain or measure == "exact":
                parts.append(note.comment)
            if note.better is not None:
                parts.append(t("Better: {move}.", move=better_words(note.better)))
            parts.append(_plain_cost(measure, _cost(note)) if plain else
                         t(_COST_WORDS[measure], cost=loss_text(_cost(note))))
            notes.append(" ".join(parts))
        return tuple(notes)

    def history(self, number: int, *, learner: str | None = None) -> Replay:
        """A finished hand as a hand history with the solver's notes on the learner's
        moves (save it with :meth:`Replay.dump`; the replayer page loads it)."""
        hand = self._hand(number)
        notes = self.notes(number)
        if hand.result is None:
            raise PracticeError(t("hand {number} is not over yet", number=number))
        # The replayer shows the hand's result under the description: the description does not repeat it.
        description = t("Practice against {opponent}; rules: {rules}.", opponent=opponent_label(self.opponent),
                        rules=self.rules.describe())
        return Replay(hand, notes, title=t("Practice hand {number}", number=number), description=description,
                      featured=self.seat, players=self.names(learner), tags=("practice",))

    def histories(self, *, learner: str | None = None) -> list[Replay]:
        """Every finished hand as a hand history, in order."""
        return [self.history(n, learner=learner) for n in self.finished_hands()]

    # -- saving --------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data to resume the game."""
        return RECORD.stamp({"seat": self.seat, "opponent": self.opponent, "coach": str(self.coach),
                             "tutor": str(self.tutor), "tutor_notes": [n.to_data() for n in self.tutor_notes],
                             "marks": list(self._marks), "match": self.match.to_dict()})

    @classmethod
    def from_dict(cls, data: object, *, owner: str | None = None) -> PracticeGame:
        """Rebuild a game from :meth:`to_dict` data, checking every field and replaying
        every hand; PracticeError (or the engine's error) names what is wrong."""
        data = RECORD.read(data)
        missing = [k for k in ("seat", "opponent", "coach", "tutor", "tutor_notes", "marks", "match") if k not in data]
        if missing:
            raise PracticeError(f"a practice record needs {', '.join(missing)}")
        match = Match.from_dict(data["match"])
        if isinstance(data["coach"], bool):
            raise PracticeError(f"the coach of a practice game is off, words or table, not {data['coach']!r}")
        game = cls(opponent=data["opponent"], seat=data["seat"], coach=data["coach"], tutor=data["tutor"],
                   match=match, play=False)
        game.tutor_notes = _read_tutor_notes(data["tutor_notes"], match)
        marks = data["marks"]
        actions = game.hand.actions
        if not isinstance(marks, list) or not all(isinstance(m, int) and not isinstance(m, bool) for m in marks):
            raise PracticeError("the take-back marks are a list of step numbers")
        if marks != sorted(set(marks)) or any(not 0 <= m < len(actions) for m in marks):
            raise PracticeError(f"the take-back marks {marks} do not fit a hand of {len(actions)} steps")
        if any(actions[m][0] != game.seat for m in marks):
            raise PracticeError("a take-back mark points at a computer move")
        game._marks = list(marks)
        game.owner = owner
        return game

    def save(self) -> None:
        """Save now (games with an owner save after every change anyway)."""
        self._changed()

    def _changed(self) -> None:
        if self.owner is None:
            return
        try:
            save(self.owner, self)
        except GinError as error:
            self.notice = t("Your game could not be saved: {error}", error=str(error))
        else:
            self.notice = None

    @classmethod
    def resume(cls, owner: str) -> tuple[PracticeGame | None, str | None]:
        """The learner's saved game (None if there is none) and a notice: an
        unreadable file is set aside as ``*.corrupt-<time>.json`` and named. A
        game saved before the computer's reply gets its reply now."""
        game, notice = _read(owner)
        if game is not None:
            game.let_computer_play()
        return game, notice

    def __repr__(self) -> str:
        return (f"<PracticeGame opponent={self.opponent} seat={self.seat} hand={self.hand_number} "
                f"phase={self.hand.phase} scores={self.match.scores}>")


def _read_tutor_notes(value: object, match: Match) -> list[TutorNote]:
    """The tutor's notes of a saved game, each of a hand of the match and a position in it."""
    if not isinstance(value, list):
        raise PracticeError("the tutor's notes are a list")
    notes = []
    for item in value:
        try:
            note = TutorNote.from_data(item)
        except GinError as error:
            raise PracticeError(str(error)) from None
        hands = match.hands
        if note.hand > len(hands) or note.before >= len(hands[note.hand - 1].actions) + 1:
            raise PracticeError(f"a tutor note of hand {note.hand} at step {note.step} does not fit the match")
        notes.append(note)
    return notes


def _short(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _read(owner: str) -> tuple[PracticeGame | None, str | None]:
    try:
        with locked(save_path(owner)) as path:
            _adopt_spelling_file(path, owner)
            game, bad = read_or_set_aside(path, lambda data: PracticeGame.from_dict(data, owner=owner),
                                          bad=(ValueError, RecursionError, TypeError))  # GinError is a ValueError
    except StorageError as error:
        return None, t("Your saved practice game could not be read or set aside: {error}.", error=str(error))
    if bad is None:
        return game, None
    return None, t("Your saved practice game was unreadable ({problem}) and was set aside as {file}; a new match "
                   "was started.", problem=_short(bad.problem), file=bad.aside.name)


def _adopt_spelling_file(path: Path, owner: str) -> None:
    """Move a game saved under the exact spelling of the name (as games were saved before
    every spelling shared one file) to the learner's file, unless that exists."""
    old = path.with_name(f"{spelling_stem(owner)}.json")
    if old != path and old.exists() and not path.exists():
        move_into_place(old, path)


def save_path(owner: str) -> Path:
    """Where a learner's practice game is saved: one file for every spelling of the name."""
    return record_path(FOLDER, owner)


def save(owner: str, game: PracticeGame) -> Path:
    """Write the game to the learner's file atomically, under its lock."""
    with locked(save_path(owner)) as path:
        return write_json_atomic(path, game.to_dict(), mode=0o600)


def loss_text(value: Fraction) -> str:
    """A solver's loss for people: two decimals, with the language's decimal sign."""
    return format_number(value)


__all__ = ["DEFAULT_OPPONENT", "FIRST_COACH", "FIRST_OPPONENT", "LoggedMove", "OPPONENT_LABELS", "OPPONENT_NAMES",
           "PracticeError", "PracticeGame", "PracticeRecordError", "RECORD", "VARIANTS", "chosen_coach",
           "chosen_opponent", "opponent_label", "opponent_name", "opponents", "practice_rules", "save", "save_path"]
