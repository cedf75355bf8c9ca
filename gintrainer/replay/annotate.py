"""The solver's notes on a recorded hand.

:func:`annotate` looks at each decision of the chosen seats with only what
that player could see (his cards, the discard pile, the cards the opponent
took from the pile and still holds, the Oklahoma upcard) and the one-draw
solver of :mod:`gintrainer.solver`:

* a discard whose expected deadwood after the next draw is above the best
  discard's ("costly-discard", with the amount);
* a discard made when a knock or gin was possible ("missed-knock",
  "missed-gin"); waiting can be right, and the note says so;
* the reverse: a knock made when gin, big gin or a knock with less deadwood
  was possible ("better-knock"). Whether waiting would have beaten a knock is
  beyond a one-draw solver, so it is not judged;
* the choice between the top discard and the stock: the deadwood after taking
  the top discard (and the best discard then) against the expected deadwood of
  a stock draw, or, for the dealer offered the upcard, against keeping his hand
  ("costly-take", "costly-draw", "costly-pass"), and a plain comment
  ("take-or-draw") whenever the top discard would lower the best deadwood;
* a layout finished with more deadwood than its cards allow, a lay-off or
  meld left out ("costly-layout").

>>> from gintrainer import Hand
>>> from gintrainer.replay.examples import stacked
>>> deck = stacked("2C 3C 4C 7H 7S 7D JS QS 5D 9D", "5C 6D 6H 6C TH TD 2H 4S QD KC", "KH", stock="AC")
>>> hand = Hand.deal(dealer=0, deck=deck)
>>> for action in ("pass", "pass", "draw", "discard 2C"):  # A♣ drawn, then the run broken
...     hand.apply(action)
>>> [(a.step, a.tag, a.better, f"{float(a.loss):.2f}") for a in annotate(hand, featured=1)]
[(4, 'costly-discard', 'discard 9D', '16.55')]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from ..cards import Card, show_cards
from ..hand import Action, Hand
from ..melds import best_arrangement
from ..scoring import best_layoffs, layoff_targets
from ..solver import DiscardRow, DiscardTable, discard_table
from .history import Annotation, Replay, ReplayError, load

SOLVER = "solver"
TAGS = ("costly-discard", "missed-knock", "missed-gin", "better-knock", "costly-take", "costly-draw",
        "costly-pass", "take-or-draw", "costly-layout")


def annotate(source, *, featured=None) -> tuple[Annotation, ...]:
    """The solver's annotations on a hand: a :class:`Replay`, a :class:`~gintrainer.Hand`
    or anything :func:`load` reads. ``featured`` is a seat, a list of seats, or None
    for the replay's featured seat (both seats when it has none)."""
    if isinstance(source, Replay):
        replay = source
    elif isinstance(source, Hand):
        replay = Replay(source)
    else:
        replay = load(source)
    seats = _seats(replay, featured)
    taken = _taken_cards(replay)
    notes: list[Annotation] = []
    for step in replay.steps:
        if step.seat not in seats:
            continue
        before = replay.state(step.number - 1)
        kind = step.action.kind
        if kind in ("take", "draw", "pass"):
            notes += _draw_notes(step.number, step.seat, step.action, before, _known(taken, step, before))
        elif kind in ("discard", "knock", "gin", "big-gin"):
            notes += _discard_notes(step.number, step.seat, step.action, before, _known(taken, step, before))
        elif kind == "done":
            notes += _layout_notes(step.number, step.seat, before)
    return tuple(notes)


def _seats(replay: Replay, featured) -> tuple[int, ...]:
    if featured is None:
        return (replay.featured,) if replay.featured is not None else (0, 1)
    if isinstance(featured, bool):
        raise ReplayError(f"featured is a seat (0 or 1), a list of seats or None, not {featured!r}")
    if isinstance(featured, int):
        featured = (featured,)
    if not isinstance(featured, Iterable):
        raise ReplayError(f"featured is a seat (0 or 1), a list of seats or None, not {featured!r}")
    seats = tuple(featured)
    if not seats or any(isinstance(s, bool) or s not in (0, 1) for s in seats):
        raise ReplayError(f"featured is a seat (0 or 1), a list of seats or None, not {featured!r}")
    return seats


def _taken_cards(replay: Replay) -> list[tuple[int, int, Card]]:
    """(step, seat, card) for every card taken from the discard pile."""
    out = []
    for step in replay.steps:
        if step.action.kind == "take":
            out.append((step.number, step.seat, replay.state(step.number).last_draw[0]))
    return out


def _known(taken, step, before: Hand) -> tuple[Card, ...]:
    """The cards the player knows the opponent holds: taken from the pile, still held."""
    opponent = 1 - step.seat
    held = set(before.held(opponent))
    known = [card for number, seat, card in taken if number < step.number and seat == opponent and card in held]
    return tuple(dict.fromkeys(known))  # a card may have been taken twice


def _num(value) -> str:
    return f"{float(value):.2f}"


def _upcard(hand: Hand):
    return hand.upcard if hand.rules.oklahoma else None


def _note(step: int, comment: str, *, tag: str, better: str | None = None, loss=None) -> Annotation:
    return Annotation(step, comment, better=better, author=SOLVER, tag=tag,
                      loss=None if loss is None else Fraction(loss))


# -- take or draw ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DrawChoice:
    """What the top discard offers a player about to draw (or offered the upcard):
    ``current`` is his deadwood now; taking ``top`` and discarding ``take_discard``
    leaves ``take`` (the least possible); a stock draw expects ``draw``."""

    top: Card
    current: int
    take: int
    take_discard: Card
    draw: Fraction


def draw_choice(before: Hand, seat: int, known=()) -> DrawChoice:
    """The numbers behind a take-or-draw decision in the state ``before`` it."""
    top = before.top_discard
    table = discard_table(before.held(seat) + (top,), rules=before.rules, drawn=top, drawn_from="stock",
                          discard_pile=before.discard_pile[:-1], opponent_known=known, upcard=_upcard(before))
    keep = table.row(top)
    take = min((r for r in table.rows if r.card is not top), key=lambda r: (r.deadwood, r.expected_deadwood))
    return DrawChoice(top, keep.deadwood, take.deadwood, take.card, keep.expected_deadwood)


def _draw_notes(number: int, seat: int, action: Action, before: Hand, known) -> list[Annotation]:
    if not any(a.kind == "take" for a in before.legal_actions()):
        return []  # the forced draw after both passed
    choice = draw_choice(before, seat, known)
    top, current, draw_value = choice.top, choice.current, choice.draw
    dealer_offered = before.phase == "upcard" and seat == before.dealer
    other = "pass" if before.phase == "upcard" else "draw"
    other_value = Fraction(current) if dealer_offered else draw_value
    other_words = (f"passing keeps {current}" if dealer_offered else
                   f"{'passing (then a stock draw)' if other == 'pass' else 'a stock draw'} "
                   f"expects {_num(draw_value)}")
    take_words = f"taking {top} and discarding {choice.take_discard} leaves {choice.take}"
    if action.kind == "take":
        loss = choice.take - other_value
        if loss > 0:
            lowers = "does not lower your best deadwood" if choice.take >= current else \
                f"lowers your best deadwood from {current} to {choice.take}"
            return [_note(number, f"Taking {top} {lowers}, while {other_words}: {_num(loss)} less. "
                                  "Taking a card also shows it to the opponent.",
                          tag="costly-take", better=other, loss=loss)]
        if choice.take < current:
            return [_note(number, f"Good take: {top} lowers the best deadwood from {current} to {choice.take} "
                                  f"(discarding {choice.take_discard}); {other_words}.", tag="take-or-draw")]
        return []
    loss = other_value - choice.take
    if loss > 0:
        return [_note(number, f"The top discard helped: {take_words} deadwood, while {other_words}: "
                              f"{_num(loss)} more.", tag=f"costly-{other}", better="take", loss=loss)]
    if choice.take < current:
        return [_note(number, f"{top} would lower the best deadwood from {current} to {choice.take}, "
                              f"but {other_words}, no worse.", tag="take-or-draw")]
    return []


def discard_position(before: Hand, seat: int, known=()) -> DiscardTable:
    """The solver's table for the 11 cards a player holds in the state ``before`` his discard."""
    drawn, source = before.last_draw
    return discard_table(before.held(seat), rules=before.rules, drawn=drawn, drawn_from=source,
                         discard_pile=before.discard_pile, opponent_known=known, upcard=_upcard(before))


def known_cards(replay: Replay, number: int) -> tuple[Card, ...]:
    """What the player at step ``number`` knows the opponent holds: cards the
    opponent took from the discard pile before that step and still holds."""
    step = replay.step(number)
    return _known(_taken_cards(replay), step, replay.state(number - 1))


# -- discards and knocks ------------------------------------------------------------


def _out_rows(table: DiscardTable) -> list[DiscardRow]:
    return sorted((r for r in table.rows if r.knocks), key=lambda r: (r.deadwood, r.expected_deadwood, r.card.index))


def _discard_notes(number: int, seat: int, action: Action, before: Hand, known) -> list[Annotation]:
    table = discard_position(before, seat, known)
    outs = _out_rows(table)
    limit = table.knock_limit
    notes = []
    if action.kind == "big-gin":
        return notes
    chosen = table.row(action.card)
    if action.kind == "discard":
        if table.big_gin:
            notes.append(_note(number, "Big gin was possible: all 11 cards meld, worth the big gin bonus "
                                       f"of {before.rules.big_gin_bonus} plus the opponent's deadwood.",
                               tag="missed-gin", better="big-gin"))
        elif outs and outs[0].gin:
            notes.append(_note(number, f"Gin was possible: discarding {outs[0].card} puts all ten other cards "
                                       f"in melds, worth the gin bonus of {before.rules.gin_bonus} plus the "
                                       "opponent's deadwood, with no laying off.",
                               tag="missed-gin", better=f"gin {outs[0].card.code()}"))
        elif outs:
            notes.append(_note(number, f"A knock was possible: discarding {outs[0].card} leaves "
                                       f"{outs[0].deadwood} deadwood, within the knock limit of {limit}. "
                                       "Waiting can be right (to aim for gin, or when an undercut is likely), "
                                       "but the hand could have ended here.",
                               tag="missed-knock", better=f"knock {outs[0].card.code()}"))
        best = table.rows[0]
        loss = chosen.expected_deadwood - best.expected_deadwood
        if loss > 0:
            notes.append(_note(number, f"Discarding {chosen.card} keeps {chosen.deadwood} deadwood and expects "
                                       f"{_num(chosen.expected_deadwood)} after the next draw ({len(chosen.outs)} "
                                       f"outs); discarding {best.card} keeps {best.deadwood} and expects "
                                       f"{_num(best.expected_deadwood)} ({len(best.outs)} outs): "
                                       f"{_num(loss)} less.",
                               tag="costly-discard", better=f"discard {best.card.code()}", loss=loss))
        return notes
    # a knock or gin
    if table.big_gin:
        notes.append(_note(number, "Big gin was possible: all 11 cards meld, worth the big gin bonus of "
                                   f"{before.rules.big_gin_bonus} instead of "
                                   + ("the gin bonus." if chosen.gin else "a knock."),
                           tag="better-knock", better="big-gin"))
    elif outs and outs[0].deadwood < chosen.deadwood:
        best = outs[0]
        what = (f"gin: all ten cards in melds, the gin bonus of {before.rules.gin_bonus} and no laying off"
                if best.gin else f"{best.deadwood} deadwood")
        notes.append(_note(number, f"Knocking with {chosen.card} discarded leaves {chosen.deadwood} deadwood; "
                                   f"discarding {best.card} instead leaves {what}.",
                           tag="better-knock", better=f"{'gin' if best.gin else 'knock'} {best.card.code()}",
                           loss=chosen.deadwood - best.deadwood))
    return notes


# -- layouts -------------------------------------------------------------------------


def _layout_notes(number: int, seat: int, before: Hand) -> list[Annotation]:
    left = before.unlaid(seat)
    points = sum(c.value for c in left)
    if before.phase == "defender_layout" and before.out_kind == "knock":
        reply = best_layoffs(left, before.table_melds)
        best = reply.points
        candidates = [Action("meld", cards=m) for m in reply.melds] + \
                     [Action("layoff", l.card, target=l.meld) for l in reply.layoffs]
    else:
        arrangement = best_arrangement(left)
        best = arrangement.points
        candidates = [Action("meld", cards=m) for m in arrangement.melds]
    if best >= points:
        return []
    better = next((a for a in candidates if before.is_legal(a)), None)
    values = dict(points=points, loose=show_cards(left), best=best)
    if better is None:
        text = "Finishing here leaves {points} deadwood ({loose}), but these cards can go down to {best}."
    elif better.kind == "meld":
        text = ("Finishing here leaves {points} deadwood ({loose}), but these cards can go down to {best}: "
                "lay out {cards} first.")
        values["cards"] = show_cards(better.cards)
    else:
        text = ("Finishing here leaves {points} deadwood ({loose}), but these cards can go down to {best}: "
                "lay off {card} on {meld} first.")
        values.update(card=better.card, meld=layoff_meld(before, better))
    return [_note(number, text.format(**values), tag="costly-layout", better=None if better is None else str(better),
                  loss=points - best)]


# -- the better move in words ---------------------------------------------------------

_BETTER_WORDS = {
    "discard": "Better: discard {card}.",
    "knock": "Better: knock, discarding {card} face down.",
    "gin": "Better: go gin, discarding {card} face down.",
    "big-gin": "Better: go big gin with all {count} cards in melds.",
    "take-upcard": "Better: take the upcard, {card}.",
    "take": "Better: take {card} from the discard pile.",
    "pass": "Better: pass on the upcard, {card}.",
    "draw": "Better: draw from the stock.",
    "meld": "Better: lay out {cards} first.",
    "layoff": "Better: lay off {card} on {meld} first.",
    "done": "Better: finish laying out.",
    "auto": "Better: let the engine lay out your cards.",
}


def layoff_meld(before: Hand, action: Action) -> str:
    """The meld a lay-off extends, named by its cards as the table shows them."""
    melds = before.table_melds
    target = action.target if action.target is not None else layoff_targets(action.card, melds)[0]
    return show_cards(melds[target])


def better_words(note: Annotation, before: Hand) -> str | None:
    """A note's better move as a sentence for the player, cards in symbols (``before``
    is the hand just before the noted step); None when the note has none.

    >>> from gintrainer import Hand
    >>> hand = Hand.deal(seed=7)
    >>> better_words(Annotation(1, better="take"), hand) == f"Better: take the upcard, {hand.upcard}."
    True
    >>> better_words(Annotation(4, better="discard 5c"), hand)
    'Better: discard 5♣.'
    """
    if note.better is None:
        return None
    kind, values = move_values(before, Action.parse(note.better))
    return _BETTER_WORDS[kind].format(**values)


def move_values(before: Hand, action: Action) -> tuple[str, dict]:
    """The message key and the named values of a sentence about ``action`` played in
    the state ``before`` it: the card taken or passed is the top discard (the key
    "take-upcard" for a take of the first upcard), a meld's cards, the meld a lay-off
    extends named by its cards, big gin's count of cards. A stock draw's card is not
    known before it (read it from the state after)."""
    kind = action.kind
    values = {"card": action.card}
    if kind in ("take", "pass"):
        values["card"] = before.top_discard
        if kind == "take" and before.phase == "upcard":
            kind = "take-upcard"
    elif kind == "meld":
        values["cards"] = show_cards(action.cards)
    elif kind == "layoff":
        values["meld"] = layoff_meld(before, action)
    elif kind == "big-gin":
        values["count"] = len(before.held(before.to_act))
    return kind, values



# -- asking the solver at any step ---------------------------------------------------


def known_after(replay: Replay, steps: int, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` knows its opponent holds after ``steps`` actions: taken
    from the discard pile and not thrown since."""
    opponent = 1 - seat
    held = set(replay.state(steps).held(opponent))
    known = [card for number, who, card in _taken_cards(replay) if number <= steps and who == opponent
             and card in held]
    return tuple(dict.fromkeys(known))


@dataclass(frozen=True)
class Advice:
    """The solver at one step, for the player to act: the discard table (in a
    discard) or the take-or-draw numbers (before a draw), and the move played
    next with what it cost against the best (exact, in expected deadwood)."""

    seat: int
    table: DiscardTable | None = None
    choice: DrawChoice | None = None
    played: Action | None = None
    played_row: DiscardRow | None = None
    cost: Fraction | None = None
    note: str = ""


def advice(replay: Replay, steps: int) -> Advice:
    """What the solver says about the position after ``steps`` actions."""
    state = replay.state(steps)
    seat = state.to_act
    if seat is None:
        raise ReplayError("the hand is over: there is no move to judge", step=steps)
    played = replay.step(steps + 1).action if steps < replay.step_count else None
    known = known_after(replay, steps, seat)
    if state.phase == "discard":
        table = discard_position(state, seat, known)
        if played is None or played.card is None:
            return Advice(seat, table=table, played=played)
        row = table.row(played.card)
        if played.kind in ("knock", "gin"):  # the hand ends: compare the ways out by deadwood
            cost = Fraction(row.deadwood - min(r.deadwood for r in table.rows))
        else:
            cost = row.expected_deadwood - table.rows[0].expected_deadwood
        return Advice(seat, table=table, played=played, played_row=row, cost=cost)
    if state.phase in ("upcard", "draw") and any(a.kind == "take" for a in state.legal_actions()):
        choice = draw_choice(state, seat, known)
        keep = Fraction(choice.current) if state.phase == "upcard" and seat == state.dealer else choice.draw
        cost = None
        if played is not None:
            cost = max(Fraction(choice.take) - keep, Fraction(0)) if played.kind == "take" else \
                max(keep - choice.take, Fraction(0))
        return Advice(seat, choice=choice, played=played, cost=cost)
    return Advice(seat, played=played, note="The solver judges draws and discards; here the move is "
                                            + ("forced: draw from the stock." if state.phase == "draw"
                                               else "a layout (the engine's own layout is the best one)."))
