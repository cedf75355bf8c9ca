"""Play your first hand: a whole hand the learner plays, move by move, against a
scripted opponent, on a stacked deal on which each rule of lessons 2 to 5 comes up.

The script (:data:`YOU_HOLD`, :data:`SHE_HOLDS`, :data:`UPCARD`, :data:`STOCK` and
:data:`LINE`) is played through the engine when this module is imported: every
move of the line, the opponent's included, must be legal. A :class:`FirstHand` is
one learner's game on it. Each of the learner's decisions is judged at once: a
take or draw by the numbers of both choices (the deadwood after taking against a
stock draw's exact average, as the coach in words and the solver's notes weigh them), a
discard or a knock against the lessons' sound play
(:func:`gintrainer.engine.players.sound_player`). A sound move on the script's line gets
the script's words for that decision; a legal but poor move is played and explained
with the engine's numbers (both choices' deadwood, the solver's discard table for a
discard); an illegal move is refused with the engine's reason and changes nothing.
The learner may go back to any of their steps and play on from there. Off the
script's line the opponent plays as the sound player does.

>>> game = FirstHand()
>>> game.play("take").sound, game.rules_shown()
(True, ('upcard_offer', 'take_discard', 'meld_forms'))
>>> game.play("discard 9S")
Traceback (most recent call last):
...
gintrainer.words.errors.IllegalActionError: cannot discard 9♠: it was just taken from the discard pile
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..engine.cards import Card
from ..engine.hand import LAYOUT_PHASES, Action, ActionKind, Hand, Phase
from ..engine.melds import best_arrangement, min_deadwood
from ..engine.players import decide, highest, sound_player
from ..engine.solver import DiscardTable, discard_table_for
from ..engine.view import SeatView
from ..material.deals import THEM, YOU, best_discards, deal
from ..replay.annotate import alternative, draw_choice
from ..trainers.coach import coaching
from ..words.errors import GinError, IllegalActionError
from ..words.language import N_, PLAYERS, t
from .cards_and_melds import LESSON as MELDS_LESSON
from .first_turn import LESSON as FIRST_TURN_LESSON
from .knocking_and_gin import LESSON as KNOCKING_LESSON
from .normal_turn import LESSON as NORMAL_TURN_LESSON
from .table import FIRST_HAND_GOAL, FIRST_HAND_KEY, FIRST_HAND_TITLE

KEY, TITLE, GOAL = FIRST_HAND_KEY, FIRST_HAND_TITLE, FIRST_HAND_GOAL  # the table's (the site's links read it)
OPPONENT_SEAT = 0
"""The scripted opponent's seat: the lessons' first player (:data:`~gintrainer.words.language.PLAYERS`), who deals."""


def opponent() -> str:
    """The scripted opponent's name in the current language (the lessons' first player)."""
    return PLAYERS[OPPONENT_SEAT]

YOU_HOLD = "5H 6H 9C 9D 3S 4S 8C KC 6C 2D"
SHE_HOLDS = "QH QS QD 2C 3C 4C TH JH 6D 7D"
UPCARD = "9S"
STOCK = "KS 7H 5S"
"""The stacked deal: you are the non-dealer (seat 1), Ann deals (seat 0)."""

RULES: dict[str, str] = {
    "upcard_offer": N_("the upcard offer"),
    "take_discard": N_("taking a discard"),
    "no_throw_back": N_("the card that may not go back"),
    "draw_stock": N_("drawing from the stock"),
    "meld_forms": N_("a meld forming"),
    "knock": N_("knocking"),
}
"""Each rule of lessons 2 to 5 the hand shows, by name, as the page names it."""


@dataclass(frozen=True, slots=True)
class Decision:
    """What one of the learner's moves on the script's line teaches: ``text`` is a
    template whose named values come from the engine (:func:`decision_values`)
    after the move; ``lesson`` is the lesson that teaches the rule."""

    text: str
    lesson: int


@dataclass(frozen=True, slots=True)
class Scripted:
    """One move of the script's line: the seat that makes it and its text; the
    learner's decisions carry their words."""

    seat: int
    action: str
    decision: Decision | None = None


LINE: tuple[Scripted, ...] = (
    Scripted(YOU, "take", Decision(N_(
        "Right. You are the non-dealer, so the upcard is offered to you first (lesson {lesson}). {card} goes into a "
        "meld, {meld}: it is worth taking."), FIRST_TURN_LESSON.number)),
    Scripted(YOU, "discard KC", Decision(N_(
        "Right. You may not throw {taken} back this turn: it was just taken from the discard pile (lesson "
        "{lesson}). Of the other cards, {card} leaves the least deadwood: {points}."), NORMAL_TURN_LESSON.number)),
    Scripted(THEM, "draw"),
    Scripted(THEM, "discard KS"),
    Scripted(YOU, "draw", Decision(N_(
        "Right. {top} would go into none of your melds, so you draw from the stock (lesson {lesson}). You drew "
        "{drawn}: it makes a new meld, {meld}."), NORMAL_TURN_LESSON.number)),
    Scripted(YOU, "discard 8C", Decision(N_(
        "Right. Throwing {card} leaves the least deadwood: {points}, still over the knock limit of {limit}, so "
        "you play on (lesson {lesson})."), KNOCKING_LESSON.number)),
    Scripted(THEM, "draw"),
    Scripted(THEM, "discard 5S"),
    Scripted(YOU, "take", Decision(N_(
        "Right. {card} goes into a meld, {meld}: take it (lesson {lesson})."), NORMAL_TURN_LESSON.number)),
    Scripted(YOU, "knock 6C", Decision(N_(
        "Right. Discarding {card} face down leaves {points} deadwood, within the knock limit of {limit}: you "
        "knock (lesson {lesson}). Now lay out your melds."), KNOCKING_LESSON.number)),
    Scripted(YOU, "meld 3S 4S 5S"),
    Scripted(YOU, "meld 5H 6H 7H"),
    Scripted(YOU, "meld 9C 9D 9S"),
    Scripted(YOU, "done"),
    Scripted(THEM, "meld 2C 3C 4C"),
    Scripted(THEM, "meld QD QH QS"),
    Scripted(THEM, "done"),
)
"""The script's line: the learner's sound moves and the opponent's scripted ones."""

MELDS_LESSON_NUMBER = MELDS_LESSON.number
"""The lesson that says what a meld is (the page links the rules to their lessons)."""


def start() -> Hand:
    """The stacked deal, before the first move."""
    return deal(YOU_HOLD, SHE_HOLDS, UPCARD, STOCK)


def script_hand() -> Hand:
    """The whole script's line played by the engine (GinError if any move is illegal)."""
    hand = start()
    for step, move in enumerate(LINE, start=1):
        if hand.to_act != move.seat:
            raise GinError(f"the first hand's step {step} ({move.action}) is seat {move.seat}'s, but seat "
                           f"{hand.to_act} is to act")
        try:
            hand.apply(move.action)
        except GinError as error:
            raise GinError(f"the first hand's step {step} ({move.action}) is illegal: {error}") from None
    if not hand.is_over:
        raise GinError("the first hand's script does not finish the hand")
    return hand


SCRIPT = script_hand()
"""The script's line played through: checked by the engine when the module is imported."""


# -- what a move shows --------------------------------------------------------------


def _meld_with(cards: tuple[Card, ...], card: Card | None) -> tuple[Card, ...] | None:
    """The meld of the best arrangement of ``cards`` that holds ``card`` (None: it is deadwood)."""
    if card is None:
        return None
    return next((meld for meld in best_arrangement(cards).melds if card in meld), None)


def _new_card(before: Hand, action: Action, after: Hand) -> Card | None:
    """The card a draw or a take brought into the hand."""
    if action.kind not in (ActionKind.DRAW, ActionKind.TAKE) or after.last_draw is None:
        return None
    return after.last_draw[0]


def rules_in(before: Hand, action: Action, after: Hand, seat: int = YOU) -> tuple[str, ...]:
    """The rules of :data:`RULES` that a move of ``seat`` shows, read from the engine:
    the upcard offered to the seat, a discard taken, the taken card refused as a
    discard, a stock draw, a new meld formed by the card drawn or taken, a knock."""
    shown = []
    if before.phase == Phase.UPCARD and before.to_act == seat:
        shown.append("upcard_offer")
    if action.kind == ActionKind.TAKE:
        shown.append("take_discard")
    taken = before.taken_card
    if taken is not None and action.kind == ActionKind.DISCARD and not before.is_legal(Action(ActionKind.DISCARD,
                                                                                              taken)):
        shown.append("no_throw_back")
    if action.kind == ActionKind.DRAW:
        shown.append("draw_stock")
    card = _new_card(before, action, after)
    if card is not None and _meld_with(after.held(seat), card) is not None and \
            len(best_arrangement(after.held(seat)).melds) > len(best_arrangement(before.held(seat)).melds):
        shown.append("meld_forms")
    if action.kind == ActionKind.KNOCK and after.knocker == seat:
        shown.append("knock")
    return tuple(shown)


def decision_values(before: Hand, action: Action, after: Hand, seat: int = YOU) -> dict[str, object]:
    """The named values of a decision's words, from the engine: ``card`` (the card
    taken or passed, or the one discarded or knocked with), ``top`` (the top discard
    before the move), ``drawn`` and ``meld`` (the card drawn or taken and the meld it
    makes), ``taken`` (the card that may not go back), ``points`` (the least deadwood
    of the ten cards left after a discard or knock), ``limit`` (the knock limit)."""
    values: dict[str, object] = {"top": before.top_discard, "limit": after.knock_limit}
    drawn = _new_card(before, action, after)
    if action.kind in (ActionKind.TAKE, ActionKind.PASS):
        values["card"] = before.top_discard
    elif action.card is not None:
        values["card"] = action.card
    if drawn is not None:
        values["drawn"] = drawn
        values["meld"] = _meld_with(after.held(seat), drawn)
    if before.taken_card is not None:
        values["taken"] = before.taken_card
    if action.kind in (ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.GIN):
        values["points"] = min_deadwood(after.unlaid(seat))
    return values


# -- judging a move -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the page says about one of the learner's moves: ``sound`` or not, the
    words, the rules the move showed, for a poor discard the solver's table of every
    discard from the position before it, and whether the move was judged at all (a
    layout move is not)."""

    step: int
    sound: bool
    text: str
    rules: tuple[str, ...] = ()
    table: DiscardTable | None = None
    judged: bool = True


def sound_move(hand: Hand) -> Action:
    """The lessons' sound play for the seat to act (the plain computer player's move)."""
    return decide(sound_player(), hand)


def judge(before: Hand, action: Action, seat: int = YOU) -> tuple[bool, str, DiscardTable | None]:
    """Whether a legal move of ``seat`` from ``before`` is sound play, the words that
    explain it (with the engine's numbers; empty when there is nothing to add), and for
    a poor discard the solver's table. A take, pass or draw is judged by the numbers of
    both choices (:func:`judge_draw`); a discard, knock or gin by the lessons' sound play.
    Layout moves are not judged (the engine refuses a layout that breaks a rule, and
    the score shows the rest)."""
    if before.phase in LAYOUT_PHASES:
        return True, "", None
    if before.phase in (Phase.UPCARD, Phase.DRAW):
        sound, text = judge_draw(before, action, seat)
        return sound, text, None
    return _judge_discard(before, action, sound_move(before), seat)


def judge_draw(before: Hand, action: Action, seat: int = YOU) -> tuple[bool, str]:
    """A take, pass or draw judged by the numbers of both choices, the measure of the
    coach in words and of the solver's notes after a hand
    (:func:`~gintrainer.replay.annotate.draw_choice`): the least deadwood after taking
    the top discard and the best discard then, against the exact average deadwood
    after a card from the stock. The move is poor only when the other choice is better
    by those numbers (a tie is sound either way). The words are the coach's reasons for
    the better choice, both numbers compared in whole points."""
    if not before.is_legal(Action(ActionKind.TAKE)):  # the forced draw after both passed
        return True, ""
    choice = draw_choice(before, seat)
    other = Fraction(choice.current) if alternative(before, seat) == "keep" else choice.draw
    poor = choice.take > other if action.kind is ActionKind.TAKE else choice.take < other
    advice = coaching(before, seat, opponent())
    reasons = advice.sentences()[1:] if advice is not None else ()
    return not poor, " ".join(reasons)


def _judge_discard(before: Hand, action: Action, sound: Action,
                   seat: int) -> tuple[bool, str, DiscardTable | None]:
    held = before.held(seat)
    card = action.played_card
    after = min_deadwood([c for c in held if c is not card])
    if action.kind == ActionKind.DISCARD and sound.kind in (ActionKind.KNOCK, ActionKind.GIN):
        best = min_deadwood([c for c in held if c is not sound.played_card])
        words = (t("You could have gone gin: discarding {best} face down leaves no deadwood at all. Discarding "
                   "{card} plays on with {after}.", best=sound.played_card, card=card, after=after)
                 if sound.kind == ActionKind.GIN else
                 t("You could have knocked: discarding {best} face down leaves {least} deadwood, within the knock "
                   "limit of {limit}. Discarding {card} plays on with {after}.", best=sound.played_card, least=best,
                   limit=before.knock_limit, card=card, after=after))
        return False, words, None
    if action.kind in (ActionKind.KNOCK, ActionKind.GIN):
        outs = [a for a in before.legal_actions() if a.kind in (ActionKind.KNOCK, ActionKind.GIN)]
        least, best_card = min((min_deadwood([c for c in held if c is not a.played_card]), a.played_card)
                               for a in outs)
        if after > least:
            return False, t("Knocking with {card} leaves {after} deadwood; knocking with {best} leaves {least}. "
                            "Every point of deadwood you keep comes off your score.", card=card, after=after,
                            best=best_card, least=least), None
        return True, "", None
    least, cards = best_discards(before)
    if after > least:
        table = discard_table_for(SeatView.of(before, seat))
        return False, t("Discarding {card} leaves {after} deadwood; discarding {best} leaves {least}. The solver's "
                        "table below has every discard.", card=card, after=after, best=highest(cards, "suit"),
                        least=least), table
    return True, "", None


# -- one learner's game ---------------------------------------------------------------


class FirstHand:
    """One learner's first hand: the learner is the non-dealer (:data:`YOU`), the
    opponent deals and plays the script's moves while the hand follows the script's
    line (else the sound player's)."""

    seat = YOU

    def __init__(self) -> None:
        self.hand = start()
        self.verdicts: list[Verdict] = []

    # -- reading ----------------------------------------------------------------------

    @property
    def on_script(self) -> bool:
        """Whether every move so far is the script's line."""
        played = self.hand.history
        return len(played) <= len(LINE) and all(m.action == a for m, a in zip(LINE, played, strict=False))

    @property
    def learner_to_act(self) -> bool:
        return self.hand.to_act == self.seat

    @property
    def last(self) -> Verdict | None:
        """What was said about the learner's last move (None before the first)."""
        return self.verdicts[-1] if self.verdicts else None

    def rules_shown(self) -> tuple[str, ...]:
        """Every rule of :data:`RULES` the learner's moves so far have shown, in order."""
        found: list[str] = []
        for verdict in self.verdicts:
            found += [rule for rule in verdict.rules if rule not in found]
        return tuple(found)

    def tally(self) -> tuple[int, int]:
        """Of the learner's decisions on the hand's line so far (a step gone back over
        is no longer on it; the layout is not judged): how many were sound play, and
        how many there are."""
        judged = [verdict for verdict in self.verdicts if verdict.judged]
        return sum(verdict.sound for verdict in judged), len(judged)

    def steps(self) -> list[tuple[int, Action]]:
        """The learner's moves so far, each with the number of moves before it: going
        back to that number replays the hand to just before that move."""
        return [(index, action) for index, (seat, action) in enumerate(self.hand.actions) if seat == self.seat]

    # -- playing ----------------------------------------------------------------------

    def play(self, action: Action | str) -> Verdict:
        """Play one of the learner's moves. An illegal move raises IllegalActionError
        with the engine's reason and changes nothing; a legal one is played, judged,
        and answered by the opponent's moves up to the learner's next decision."""
        action = Action.parse(action)
        if not self.learner_to_act and not self.hand.is_over:
            raise IllegalActionError(t("wait: it is {name}'s turn", name=opponent()))
        before = self.hand.copy()
        step = len(before.actions)
        on_script = self.on_script
        self.hand.apply(action)  # the engine refuses an illegal move and leaves the hand as it was
        played = self.hand.actions[step][1]
        sound, text, table = judge(before, played, self.seat)
        rules = rules_in(before, played, self.hand.prefix(step + 1), self.seat)
        scripted = LINE[step] if on_script and step < len(LINE) else None
        if sound and scripted is not None and scripted.action == str(played) and scripted.decision is not None:
            values = decision_values(before, played, self.hand.prefix(step + 1), self.seat)
            text = t(scripted.decision.text, **values, lesson=scripted.decision.lesson)
        elif sound and before.phase not in LAYOUT_PHASES:
            confirmed = t("Sound play.")
            text = f"{confirmed} {text}" if text else confirmed
        if not sound:
            more = t("You may play on from here, or go back a step and try another move.")
            text = f"{text} {more}"
        verdict = Verdict(step, sound, text, rules, table, before.phase not in LAYOUT_PHASES)
        self.verdicts.append(verdict)
        self._opponent_plays()
        return verdict

    def _opponent_plays(self) -> None:
        """The opponent's moves until the learner is to act or the hand is over."""
        hand = self.hand
        while not hand.is_over and hand.to_act == THEM:
            step = len(hand.actions)
            if self.on_script and step < len(LINE) and LINE[step].seat == THEM:
                hand.apply(LINE[step].action)
            else:
                hand.apply(sound_move(hand))

    def go_back(self, step: int) -> None:
        """Replay the hand to just before its move at ``step`` (the number of moves
        before it: one of :meth:`steps`, an opponent's move, or 0 for the deal), to play
        on from there. Before an opponent's move the opponent plays again, as it did,
        up to the learner's next decision."""
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(self.hand.actions):
            raise GinError(t("there is no step {step} to go back to", step=repr(step)))
        self.hand = self.hand.prefix(step)
        self.verdicts = [v for v in self.verdicts if v.step < step]
        self._opponent_plays()

    def restart(self) -> None:
        """Start the hand again from the deal."""
        self.go_back(0)
