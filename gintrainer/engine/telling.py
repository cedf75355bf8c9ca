"""Each move of a hand in words: the one owner of the sentences that tell a move.

A move is told in one of a few voices, each a set of whole sentences for the
places that show moves:

``YOU`` and ``LOG``
    the practice log: the learner's own moves (``"You discard 7♥."``) and the
    other player's, whose stock draws and face-down discards stay unsaid;
``LESSON``
    a lesson's (and a replay's) step caption, which says what the move leaves;
``STORY``
    the few words of an exercise's story of a first turn;
``ADVICE``
    a better move, as a note advises it (``"discard 7♥"``): :func:`advise`.

The values every voice's sentences name come from the hand before and after
the move (:func:`tell_move`), so the cards and numbers are the engine's.

>>> before = Hand.deal(seed=7)
>>> after = before.copy(); after.apply("pass")
>>> tell_move(before, 0, Action.parse("pass"), after, voice=Voice.LESSON, who="Ann")
'Ann passes and does not take the upcard, K♣.'
>>> tell_move(before, 0, Action.parse("pass"), after, voice=Voice.YOU)
'You pass on the upcard, K♣.'
>>> advise(Action.parse("layoff 9H on 2"))
'lay off 9♥ on meld 2'
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from ..words.errors import GinError
from ..words.language import N_, t, tn
from .hand import Action, ActionKind, Hand, Phase
from .melds import MeldKind, meld_kind
from .scoring import layoff_targets


class Voice(StrEnum):
    """Who a move's sentence is told to, and where (see the module's text)."""

    YOU = "you"
    LOG = "log"
    LESSON = "lesson"
    STORY = "story"
    ADVICE = "advice"


_TAKE_UPCARD = "take-upcard"
_DEAD = "-dead"
_UNSEEN = "-unseen"
Words = str | Callable[..., str]
"""A sentence, or one whose words follow a count (``{n}``): a function of the values that says it."""
# Translators: in these sentences {who} is a player's name and {name} the computer player's name (Club
# player), {card} a card, {cards} and {meld} cards in a row, {number} a meld's number (from 1), {count} a
# number of cards, {points} deadwood points.
_WORDS: dict[Voice, dict[str, Words]] = {
    Voice.YOU: {
        _TAKE_UPCARD: N_("You take the upcard, {card}."),
        ActionKind.TAKE: N_("You take {card} from the discard pile."),
        ActionKind.PASS: N_("You pass on the upcard, {card}."),
        ActionKind.DRAW: N_("You draw {card} from the stock."),
        ActionKind.DISCARD: N_("You discard {card}."),
        ActionKind.KNOCK: N_("You knock, discarding {card} face down."),
        ActionKind.GIN: N_("You go gin, discarding {card} face down."),
        ActionKind.BIG_GIN: N_("You go big gin: all {count} of your cards are in melds."),
        ActionKind.MELD: N_("You lay out {cards}."),
        ActionKind.LAYOFF: N_("You lay off {card} on {meld}."),
        ActionKind.DONE: N_("You are done laying out."),
    },
    Voice.LOG: {
        _TAKE_UPCARD: N_("{name} takes the upcard, {card}."),
        ActionKind.TAKE: N_("{name} takes {card} from the discard pile."),
        ActionKind.PASS: N_("{name} passes on the upcard, {card}."),
        ActionKind.DRAW + _UNSEEN: N_("{name} draws from the stock."),
        ActionKind.DISCARD: N_("{name} discards {card}."),
        ActionKind.KNOCK + _UNSEEN: N_("{name} knocks, discarding face down."),
        ActionKind.GIN + _UNSEEN: N_("{name} goes gin, discarding face down."),
        ActionKind.BIG_GIN: N_("{name} goes big gin: all {count} of its cards are in melds."),
        ActionKind.MELD: N_("{name} lays out {cards}."),
        ActionKind.LAYOFF: N_("{name} lays off {card} on {meld}."),
        ActionKind.DONE: N_("{name} is done laying out."),
    },
    Voice.LESSON: {
        _TAKE_UPCARD: N_("{who} takes the upcard, {card}. {who} may not throw {card} back this turn."),
        ActionKind.TAKE: N_("{who} takes {card} from the discard pile. {who} may not throw {card} back this turn."),
        ActionKind.PASS: N_("{who} passes and does not take the upcard, {card}."),
        ActionKind.DRAW: N_("{who} draws {card} from the stock."),
        ActionKind.DRAW + _UNSEEN: N_("{who} draws a card from the stock."),
        ActionKind.DISCARD: N_("{who} discards {card}."),
        ActionKind.DISCARD + _DEAD: lambda n, **values: tn(
            "{who} discards {card}. Only {n} card is left in the stock: the hand is dead.",
            "{who} discards {card}. Only {n} cards are left in the stock: the hand is dead.", n, **values),
        ActionKind.KNOCK: N_("{who} knocks, discarding {card} face down: the other ten cards leave {points} "
                             "deadwood."),
        ActionKind.GIN: N_("{who} goes gin, discarding {card} face down: all the other ten cards are in melds."),
        ActionKind.BIG_GIN: N_("{who} goes big gin: all {count} cards are in melds, and there is no discard."),
        MeldKind.SET: N_("{who} lays out {cards}, a set."),
        MeldKind.RUN: N_("{who} lays out {cards}, a run."),
        ActionKind.LAYOFF: N_("{who} lays off {card} on meld {number}, which becomes {meld}."),
        ActionKind.DONE: N_("{who} is done laying out."),
        ActionKind.AUTO: N_("{who} lays out automatically."),
    },
    Voice.STORY: {
        _TAKE_UPCARD: N_("{who} takes the upcard, {card}."),
        ActionKind.PASS: N_("{who} passes."),
        ActionKind.DRAW + _UNSEEN: N_("{who} draws a card from the stock."),
        ActionKind.DISCARD: N_("{who} discards {card}."),
    },
    Voice.ADVICE: {
        ActionKind.DISCARD: N_("discard {card}"),
        ActionKind.KNOCK: N_("knock, discarding {card} face down"),
        ActionKind.GIN: N_("go gin, discarding {card} face down"),
        ActionKind.BIG_GIN: N_("go big gin with all 11 cards"),
        ActionKind.TAKE: N_("take the top of the discard pile"),
        ActionKind.PASS: N_("pass"),
        ActionKind.DRAW: N_("draw from the stock"),
        ActionKind.MELD: N_("lay out {cards}"),
        ActionKind.LAYOFF: N_("lay off {card} on meld {number}"),
        ActionKind.DONE: N_("finish laying out"),
    },
}
"""Every sentence that tells a move, by voice and by the move's key: its kind, or a
more telling key tried first (a take of the first upcard; a discard that leaves the
hand dead; a meld's kind; a move whose card is unseen), falling back to the kind."""
_SUBJECT = {Voice.LOG: "name"}
"""The value a voice's sentences name the player by (``who`` where not listed): the log's
``{name}`` is a computer player's name."""


def _keys(before: Hand, action: Action, after: Hand, *, seen: bool) -> tuple[str, ...]:
    """The keys a move's sentence is looked up by, the most telling first."""
    kind = action.kind
    if kind is ActionKind.TAKE and before.phase is Phase.UPCARD:
        return (_TAKE_UPCARD,)
    if kind is ActionKind.DISCARD and after.is_over:
        return (kind + _DEAD, kind)
    if kind is ActionKind.MELD:
        return (str(meld_kind(action.cards)), kind)
    if kind in (ActionKind.DRAW, ActionKind.KNOCK, ActionKind.GIN) and not seen:
        return (kind + _UNSEEN, kind)
    return (kind,)


def _values(before: Hand, seat: int, action: Action, after: Hand, *, seen: bool) -> dict[str, object]:
    """The named values of the sentences about a move, from the hand before and after it."""
    kind = action.kind
    values: dict[str, object] = {"card": action.card}
    if kind in (ActionKind.TAKE, ActionKind.PASS):
        values["card"] = before.top_discard
    elif kind is ActionKind.DRAW and seen:
        if after.last_draw is None:
            raise GinError(t("no card has just been drawn"))
        values["card"] = after.last_draw[0]
    elif kind is ActionKind.DISCARD and after.is_over:
        values["n"] = after.stock_count
    elif kind is ActionKind.KNOCK:
        values["points"] = after.deadwood(seat)
    elif kind is ActionKind.BIG_GIN:
        values["count"] = len(before.held(seat))
    elif kind is ActionKind.MELD:
        values["cards"] = tuple(action.cards)
    elif kind is ActionKind.LAYOFF:
        target = _target(before, action)
        values["number"] = target + 1
        values["meld"] = tuple(before.table_melds[target])
    return values


def _target(before: Hand, action: Action) -> int:
    """The meld a lay-off goes on, 0-based: the one it names, else the first it fits."""
    return action.target if action.target is not None else layoff_targets(action.played_card, before.table_melds)[0]


def tell_move(before: Hand, seat: int, action: Action, after: Hand, *, voice: Voice, who: str = "",
              seen: bool = True) -> str:
    """``action``, played by ``seat`` (called ``who``) from the hand ``before`` to the
    hand ``after``, as a whole sentence in ``voice``; ``seen``: whether the reader
    sees the mover's cards (a stock draw's card, a face-down discard). GinError for a
    move the voice has no sentence for."""
    table = _WORDS[voice]
    key = next((key for key in _keys(before, action, after, seen=seen) if key in table), None)
    if key is None:
        raise GinError(f"no words for {action} told to the {voice}")
    values = _values(before, seat, action, after, seen=seen)
    if voice is Voice.LESSON and action.kind is ActionKind.LAYOFF:  # a lesson shows the meld a lay-off makes
        values["meld"] = tuple(after.table_melds[_target(before, action)])
    values[_SUBJECT.get(voice, "who")] = who
    words = table[key]
    return t(words, **values) if isinstance(words, str) else words(**values)


def advise(action: Action) -> str:
    """A move as a note advises it, from the move alone: ``"discard 7♥"``."""
    table = _WORDS[Voice.ADVICE]
    if action.kind not in table:
        raise GinError(f"no words for {action} as advice")
    values: dict[str, object] = {"card": action.card, "cards": tuple(action.cards)}
    if action.target is not None:
        values["number"] = action.target + 1
    words = table[action.kind]
    return t(words, **values) if isinstance(words, str) else words(**values)


__all__ = ["Voice", "advise", "tell_move"]
