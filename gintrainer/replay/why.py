"""Why a reviewed decision's best move is better than the move made, in the engine's numbers.

:func:`why` tells the best move and the move made of one decision (:mod:`gintrainer.replay.review`) as
messages (:mod:`gintrainer.material.messages`: a name and its figures, put into words in the reader's
language when shown), the best move's first. Every figure comes from the engine, from the deciding seat's
view of the position before the move (its own cards, the discard pile, what it saw the opponent take, the
table once a player knocked): never from a card that seat could not see. The evaluator's points of the hand
are the review's own figures, shown beside.

Each move is told by what it leaves:

* a **take** of the top discard: the least deadwood after the best discard (the card taken may not be
  thrown back); a **draw** from the stock: the deadwood that leaves on average after the best discard,
  each unseen card as likely as another (the solver's exact expectation); a **pass** on the upcard: the
  deadwood of the ten cards kept;
* a **discard**: the deadwood it leaves and how many unseen cards would meld with the ten kept (form a meld
  with them, or extend one); beside a move that goes out (a knock, gin, big gin: the other move of the
  decision), that it plays on instead;
* a **knock**: its deadwood, a least-deadwood layout of the ten kept (the one fewest unseen cards fit on)
  and how many unseen cards would fit on its melds as a lay-off; **gin** and **big gin**: their bonus, and
  that they allow no lay-offs;
* the **knocker's layout**: its deadwood and how many unseen cards would fit on its melds;
* the **defender's melds and lay-offs**: the deadwood they keep, against the knocker's.

When the best move's figure is not lower than the move made's (the deadwood, or the expected deadwood of a
draw), a last sentence says so: the difference is then in how the hand plays out, which only the evaluator
measures. A move that was the best needs no reason: :func:`why` says nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..engine.cards import Card, cards_mask
from ..engine.evaluate import Move, move_key
from ..engine.hand import Action, ActionKind, Hand, Phase, possible_melds
from ..engine.melds import all_best_arrangements, min_deadwood
from ..engine.players import draw_values, take_value
from ..engine.scoring import layoff_targets
from ..engine.view import SeatView, acting_seat
from ..material.messages import Message, say
from ..words.errors import GinError

Figure = int | Fraction
"""What the closing sentence compares: a move's deadwood (expected, for a draw)."""


def unseen_cards(position: Hand, view: SeatView) -> tuple[Card, ...]:
    """The cards the deciding seat has not seen (the stock and the opponent's hand but the cards it saw
    the opponent take): its own face-down knock card is not one."""
    own = position.knock_card if position.knocker == view.seat else None
    return tuple(card for card in view.unseen if card is not own)


def melds_with(kept: Sequence[Card], unseen: Sequence[Card]) -> tuple[Card, ...]:
    """The unseen cards that would meld with ``kept``: that form a meld with some of them, or extend one (a meld
    holds only cards of one rank or of one suit, so only those of ``kept`` are looked at)."""
    def melds(card: Card) -> bool:
        near = [c for c in kept if c.rank == card.rank or c.suit == card.suit and abs(c.rank - card.rank) <= 2]
        return len(near) >= 2 and any(card in meld for meld in possible_melds((*near, card)))
    return tuple(card for card in unseen if melds(card))


def fitting(melds: Sequence[Sequence[Card]], unseen: Sequence[Card]) -> tuple[Card, ...]:
    """The unseen cards that would fit on one of ``melds`` as they are (a lay-off on it)."""
    return tuple(card for card in unseen if layoff_targets(card, melds))


def _kept(view: SeatView, card: Card) -> tuple[Card, ...]:
    return tuple(c for c in view.hand if c is not card)


def _points(cards: Sequence[Card]) -> int:
    return sum(card.value for card in cards)


def _take_or_draw(position: Hand, view: SeatView, action: Action) -> tuple[Message, Figure]:
    kind = action.kind
    if kind is ActionKind.TAKE:
        top = position.top_discard
        if top is None:
            raise GinError("there is no top discard to take")
        deadwood = take_value(view.hand, top)
        return say("why_take", card=top, deadwood=deadwood), deadwood
    if kind is ActionKind.PASS:
        deadwood = min_deadwood(view.hand)
        return say("why_pass", deadwood=deadwood), deadwood
    unseen = unseen_cards(position, view)
    if not unseen:
        raise GinError("no unseen card is left to draw")
    expected = Fraction(int(draw_values(cards_mask(view.hand), unseen).sum()), len(unseen))
    return say("why_draw", expected=expected, unseen=len(unseen)), expected


def _least_fitting_layout(kept: Sequence[Card], unseen: Sequence[Card]) -> tuple[tuple[tuple[Card, ...], ...], int]:
    """A least-deadwood layout of ``kept`` on whose melds the fewest unseen cards fit, and that count."""
    layouts = [arrangement.melds for arrangement in all_best_arrangements(kept)]
    counted = [(len(fitting(melds, unseen)), number) for number, melds in enumerate(layouts)]
    fits, number = min(counted)
    return layouts[number], fits


_PLAY_ON = {ActionKind.KNOCK: "why_play_on_not_knock", ActionKind.GIN: "why_play_on_not_out",
            ActionKind.BIG_GIN: "why_play_on_not_out"}
"""A discard's sentence beside a move that goes out, by that move's kind: the discard plays on instead."""


def _discard_phase(position: Hand, view: SeatView, action: Action,
                   against: ActionKind | None = None) -> tuple[Message, Figure]:
    kind = action.kind
    rules = view.rules
    if kind is ActionKind.BIG_GIN:
        return say("why_big_gin", bonus=rules.big_gin_bonus), 0
    card = action.card
    if card is None:
        raise GinError(f"{action} names no card")
    kept = _kept(view, card)
    if kind is ActionKind.GIN:
        return say("why_gin", card=card, bonus=rules.gin_bonus), 0
    unseen = unseen_cards(position, view)
    deadwood = min_deadwood(kept)
    if kind is ActionKind.KNOCK:
        layout, fits = _least_fitting_layout(kept, unseen)
        return say("why_knock", card=card, deadwood=deadwood, layout=layout, fits=fits, unseen=len(unseen)), deadwood
    outs = len(melds_with(kept, unseen))
    name = "why_discard" if against is None else _PLAY_ON.get(against, "why_discard")
    return say(name, card=card, deadwood=deadwood, outs=outs, unseen=len(unseen)), deadwood


def layout_of(move: Move) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """The melds a layout lays out and the cards it lays off, in its order."""
    melds = tuple(tuple(action.cards) for action in move if action.kind is ActionKind.MELD)
    layoffs = tuple(action.played_card for action in move if action.kind is ActionKind.LAYOFF)
    return melds, layoffs


def _left(view: SeatView, melds: Sequence[Sequence[Card]], layoffs: Sequence[Card]) -> int:
    used = {card for meld in melds for card in meld} | set(layoffs)
    return _points([card for card in view.unlaid if card not in used])


def _knocker_layout(position: Hand, view: SeatView, move: Move) -> tuple[Message, Figure]:
    melds, _ = layout_of(move)
    unseen = unseen_cards(position, view)
    deadwood = _left(view, melds, ())
    return say("why_knocker_layout", layout=melds, deadwood=deadwood, fits=len(fitting(melds, unseen)),
               unseen=len(unseen)), deadwood


def _defender_layout(view: SeatView, move: Move) -> tuple[Message, Figure]:
    melds, layoffs = layout_of(move)
    deadwood = _left(view, melds, layoffs)
    against = {"deadwood": deadwood, "knocker_deadwood": _points(view.knocker_deadwood)}
    if melds and layoffs:
        return say("why_defender", layout=melds, layoff_cards=layoffs, **against), deadwood
    if melds:
        return say("why_defender_melds", layout=melds, **against), deadwood
    if layoffs:
        return say("why_defender_layoffs", layoff_cards=layoffs, **against), deadwood
    return say("why_defender_nothing", **against), deadwood


def tell(position: Hand, move: Move, view: SeatView | None = None, *,
         against: Move | None = None) -> tuple[Message, Figure]:
    """``move`` of the seat to act in ``position`` told by what it leaves (see the module's text), from that
    seat's view (``view``, when given), and the figure the closing sentence compares (its deadwood, or expected
    deadwood). ``against``: the other move of the decision, which a discard's sentence names when it goes out
    (the discard plays on instead of knocking)."""
    if view is None:
        view = SeatView.of(position, acting_seat(position))
    if not move:
        raise GinError("a move has at least one action")
    phase = position.phase
    if phase in (Phase.UPCARD, Phase.DRAW):
        return _take_or_draw(position, view, move[0])
    if phase is Phase.DISCARD:
        return _discard_phase(position, view, move[0], against[0].kind if against else None)
    if phase is Phase.KNOCKER_LAYOUT:
        return _knocker_layout(position, view, move)
    return _defender_layout(view, move)


def why(position: Hand, made: Move, best: Move) -> tuple[Message, ...]:
    """Why ``best`` is better than ``made``, the seat to act's move in ``position``: the best move told, the
    move made told, and when the best move's figure is not the lower one a sentence that says the difference
    is in the playing out. Nothing when the move made is the best."""
    if move_key(made) == move_key(best):
        return ()
    view = SeatView.of(position, acting_seat(position))
    best_words, best_figure = tell(position, best, view, against=made)
    made_words, made_figure = tell(position, made, view, against=best)
    said = [best_words, made_words]
    if position.phase is not Phase.DEFENDER_LAYOUT and made_figure <= best_figure:
        said.append(say("why_not_by_deadwood"))
    return tuple(said)


__all__ = ["fitting", "layout_of", "melds_with", "tell", "unseen_cards", "why"]
