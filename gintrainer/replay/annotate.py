"""The solver's notes on a recorded hand.

:func:`annotate` looks at each decision of the chosen seats with only what
that player could see (his cards, the discard pile, the cards the opponent
took from the pile and still holds, the Oklahoma upcard) and the one-draw
solver of :mod:`gintrainer.engine.solver`:

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

Each note is a :class:`Finding` first: a message of :data:`MESSAGES` (a whole
sentence with named values, ready to be translated) and its values, so a test
can check every sentence against the position it speaks of.

>>> from gintrainer import Hand
>>> from gintrainer.replay.scripts import stacked
>>> deck = stacked("2C 3C 4C 7H 7S 7D JS QS 5D 9D", "5C 6D 6H 6C TH TD 2H 4S QD KC", "KH", stock="AC")
>>> hand = Hand.deal(dealer=0, deck=deck)
>>> for action in ("pass", "pass", "draw", "discard 2C"):  # A♣ drawn, then the run broken
...     hand.apply(action)
>>> [(a.step, a.tag, a.better, f"{float(a.loss):.2f}") for a in annotate(hand, featured=1)]
[(4, 'costly-discard', 'discard 9D', '16.55')]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import NotRequired, TypedDict

from ..engine.cards import Card
from ..engine.hand import Action, ActionKind, Hand, Phase
from ..engine.melds import best_arrangement
from ..engine.rules import Rules
from ..engine.scoring import ScoreKind, defender_reply
from ..engine.solver import DiscardRow, DiscardTable, discard_table, discard_table_for
from ..engine.telling import advise
from ..engine.view import SeatView, card_of
from ..words.errors import GinError
from ..words.language import N_, PLAYERS, format_plain, in_language, t
from .history import Annotation, Replay, ReplayError, load

SOLVER = "solver"
_DRAWS = (ActionKind.TAKE, ActionKind.DRAW, ActionKind.PASS)
_DISCARDS = (ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.GIN, ActionKind.BIG_GIN)
_GOING_OUT = (ActionKind.KNOCK, ActionKind.GIN)
TAGS = ("costly-discard", "missed-knock", "missed-gin", "better-knock", "costly-take", "costly-draw",
        "costly-pass", "take-or-draw", "costly-layout")


MESSAGES = {
    # the choice between the top discard and the stock (or, for the dealer offered the upcard, his hand)
    "take_worse_than_keep": N_("Taking {card} and then discarding {discard} leaves {take} deadwood; passing keeps "
                            "{now}, {loss} less. Taking a card also shows it to the opponent."),
    "take_worse_than_pass_draw": N_("Taking {card} and then discarding {discard} leaves {take} deadwood; passing "
                                 "and then drawing from the stock expects {draw}, {loss} less. Taking a card "
                                 "also shows it to the opponent."),
    "take_worse_than_draw": N_("Taking {card} and then discarding {discard} leaves {take} deadwood; a stock draw "
                            "expects {draw}, {loss} less. Taking a card also shows it to the opponent."),
    "good_take_keep": N_("Good take: {card} lowers the best deadwood from {now} to {take} (then discard "
                      "{discard}), and passing would have kept {now}."),
    "good_take_pass_draw": N_("Good take: {card} lowers the best deadwood from {now} to {take} (then discard "
                           "{discard}); passing and then drawing from the stock expects {draw}."),
    "good_take_draw": N_("Good take: {card} lowers the best deadwood from {now} to {take} (then discard "
                      "{discard}); a stock draw expects {draw}."),
    "missed_take_keep": N_("Taking {card} and then discarding {discard} would have left {take} deadwood; passing "
                        "keeps {now}, {loss} more."),
    "missed_take_pass_draw": N_("Taking {card} and then discarding {discard} would have left {take} deadwood; "
                             "passing and then drawing from the stock expects {draw}, {loss} more."),
    "missed_take_draw": N_("Taking {card} and then discarding {discard} would have left {take} deadwood; a stock "
                        "draw expects {draw}, {loss} more."),
    "fair_pass_draw": N_("{card} would lower the best deadwood from {now} to {take}, but passing and then drawing "
                      "from the stock expects {draw}, no worse."),
    "fair_draw": N_("{card} would lower the best deadwood from {now} to {take}, but a stock draw expects {draw}, "
                 "no worse."),
    # discards
    "missed_big_gin": N_("Big gin was possible: all 11 cards meld, worth the big gin bonus of {bonus} plus the "
                      "opponent's deadwood."),
    "missed_gin": N_("Gin was possible: discarding {card} puts all ten other cards in melds, worth the gin bonus "
                  "of {bonus} plus the opponent's deadwood, with no laying off."),
    "missed_knock": N_("A knock was possible: discarding {card} leaves {deadwood} deadwood, within the knock limit "
                    "of {limit}. Waiting can be right (to aim for gin, or when an undercut is likely), but the "
                    "hand could have ended here."),
    "costly_discard": N_("Discarding {card} keeps {deadwood} deadwood and expects {expected} after the next draw "
                      "({outs} of the {unseen} unseen cards would lower it); discarding {best} keeps "
                      "{best_deadwood} and expects {best_expected} ({best_outs} would lower it): {loss} less "
                      "on average."),
    # knocks
    "big_gin_instead_of_gin": N_("Big gin was possible: all 11 cards meld, worth the big gin bonus of {bonus} "
                              "instead of the gin bonus of {gin_bonus}."),
    "big_gin_instead_of_knock": N_("Big gin was possible: all 11 cards meld, worth the big gin bonus of {bonus} "
                                "instead of a knock."),
    "gin_instead_of_knock": N_("Knocking with {card} discarded leaves {deadwood} deadwood; discarding {best} "
                            "instead gives gin: all ten cards in melds, the gin bonus of {bonus} and no laying "
                            "off."),
    "lower_knock": N_("Knocking with {card} discarded leaves {deadwood} deadwood; discarding {best} instead leaves "
                   "{best_deadwood}."),
    # layouts
    "layout_meld_first": N_("Finishing here leaves {points} deadwood ({cards}), but these cards can go down to "
                         "{best}: lay out {meld} first."),
    "layout_layoff_first": N_("Finishing here leaves {points} deadwood ({cards}), but these cards can go down to "
                           "{best}: lay off {card} on meld {target} first."),
    "layout_short": N_("Finishing here leaves {points} deadwood ({cards}), but these cards can go down to {best}."),
    # asking the solver
    "advice_forced_draw": N_("The solver judges draws and discards; here the move is forced: draw from the stock."),
    "advice_layout": N_("The solver judges draws and discards; here the move is a layout, and the engine's "
                     "automatic layout leaves the least deadwood."),
    "advice_draw_keep": N_("{player} holds {now} deadwood and may take {card}: taking it and then discarding "
                        "{discard} leaves {take}; passing keeps {now}."),
    "advice_draw_pass_draw": N_("{player} holds {now} deadwood and may take {card}: taking it and then discarding "
                             "{discard} leaves {take}; passing and then drawing from the stock expects {draw}."),
    "advice_draw_draw": N_("{player} to draw, holding {now} deadwood. Taking {card} and then discarding {discard} "
                        "leaves {take}; a stock draw expects {draw}."),
    # the same said to the learner (the practice page's coach with the solver's table)
    "advice_draw_keep_you": N_("You hold {now} deadwood and may take {card}: taking it and then discarding "
                               "{discard} leaves {take}; passing keeps {now}."),
    "advice_draw_pass_draw_you": N_("You hold {now} deadwood and may take {card}: taking it and then discarding "
                                    "{discard} leaves {take}; passing and then drawing from the stock expects "
                                    "{draw}."),
    "advice_draw_draw_you": N_("You are to draw, holding {now} deadwood. Taking {card} and then discarding "
                               "{discard} leaves {take}; a stock draw expects {draw}."),
    "advice_discard": N_("{player} to discard."),
    "advice_played": N_("Played: {move}."),
    "advice_best": N_("Played: {move}, the best choice."),
    "advice_worse": N_("Played: {move}, {cost} worse than the best."),
}
"""Every sentence the solver writes, a whole template with named values."""


Featured = int | Iterable[int] | None
"""Whose moves the solver looks at: a seat, several, or None for the replay's featured seat (both when it has none)."""


def say(key: str, **values: object) -> str:
    """A message with its values written for people: cards as ``7♥``, several
    cards space-separated, exact numbers to two decimals.

    >>> say("costly_discard", card=Card.parse("2C"), deadwood=42, expected=Fraction(293, 8), outs=29,
    ...     unseen=40, best=Card.parse("9D"), best_deadwood=25, best_expected=Fraction(803, 40), best_outs=29,
    ...     loss=Fraction(331, 20))[:69]
    'Discarding 2♣ keeps 42 deadwood and expects 36.62 after the next draw'
    """
    # Exact numbers rounded as they always were (the float's own digits, as f"{x:.2f}"), then written
    # with the language's decimal sign: Babel alone would round an exact half such as 803/40 up.
    return t(MESSAGES[key], **{name: round(float(v), 2) if isinstance(v, Fraction) else v
                               for name, v in values.items()})


def _written(value: object) -> str:
    """A value as a solver's sentence writes it (cards as symbols, exact numbers to two decimals)."""
    return format_plain(round(float(value), 2) if isinstance(value, Fraction) else value)


def better_words(better: str) -> str:
    """A better move (action notation, as stored) in words: ``"discard 9D"`` gives ``"discard 9♦"``."""
    return advise(Action.parse(better))


@dataclass(frozen=True)
class Finding:
    """One thing the solver found at a step: the message it writes and its values,
    with the better move (action notation) and what the move played cost."""

    step: int
    seat: int
    tag: str
    message: str
    values: dict[str, object]
    better: str | None = None
    loss: Fraction | None = None

    @property
    def comment(self) -> str:
        return say(self.message, **self.values)

    def annotation(self) -> Annotation:
        return Annotation(self.step, self.comment, better=self.better, author=SOLVER, tag=self.tag,
                          loss=None if self.loss is None else Fraction(self.loss))


def findings(source: object, *, featured: Featured = None) -> tuple[Finding, ...]:
    """What the solver finds in a hand (see :func:`annotate`), each with its
    message and values: a :class:`Replay`, a :class:`~gintrainer.Hand` or
    anything :func:`load` reads."""
    if isinstance(source, Replay):
        replay = source
    elif isinstance(source, Hand):
        replay = Replay(source)
    else:
        replay = load(source)
    seats = _seats(replay, featured)
    found: list[Finding] = []
    for step in replay.steps:
        if step.seat not in seats:
            continue
        before = replay.state(step.number - 1)
        kind = step.action.kind
        if kind in _DRAWS:
            found += _draw_notes(step.number, step.seat, step.action, before)
        elif kind in _DISCARDS:
            found += _discard_notes(step.number, step.seat, step.action, before)
        elif kind is ActionKind.DONE:
            found += _layout_notes(step.number, step.seat, before)
    return tuple(found)


def annotate(source: object, *, featured: Featured = None) -> tuple[Annotation, ...]:
    """The solver's annotations on a hand: a :class:`Replay`, a :class:`~gintrainer.Hand`
    or anything :func:`load` reads. ``featured`` is a seat, a list of seats, or None
    for the replay's featured seat (both seats when it has none)."""
    return tuple(f.annotation() for f in findings(source, featured=featured))


def with_solver_annotations(replay: Replay, *, featured: Featured = None) -> Replay:
    """A copy of ``replay`` whose solver annotations are replaced by fresh ones
    from :func:`annotate` (teacher annotations are kept). (The solver builds on
    the history format, never the other way round.)"""
    kept = tuple(a for a in replay.annotations if a.author != SOLVER)
    return replay.with_annotations(kept + tuple(annotate(replay, featured=featured)))


def comment_words(replay: Replay, note: Annotation) -> str:
    """A note's comment as a page shows it, in the current language. A solver's
    note is stored in English (the history format is one language); it is written
    again from what the solver finds at its step, in the learner's language. A
    teacher's comment is translated when it is one of the shipped examples'
    (marked in :mod:`gintrainer.replay.hands`), with the values it names written
    as the learner's language writes them, those it takes from the example's shipped review
    (``{review_best}``, ``{review_lost}``) from the review of the decision its verdict judges
    (:func:`gintrainer.replay.example_reviews.review_values`; "…" where no shipped review is of this
    hand); anyone else's comment stays as written."""
    if note.author != SOLVER:
        template = _shipped_templates().get(note.comment)
        if template is not None:
            return t(template.comment, **template.values, **template.reviewed_values(replay))
        return t(note.comment) if note.comment else ""
    for finding in _findings_at(replay, note.step):
        with in_language("en"):
            english = finding.comment
        if english == note.comment:
            return finding.comment
    return note.comment


@dataclass(frozen=True)
class _Template:
    """A shipped example's comment: the catalog's sentence, the values it names, and where the review's
    values it names come from (the example's name and the step its verdict judges)."""

    comment: str
    values: dict[str, object]
    example: str
    reviewed: int | None
    review_values: frozenset[str]

    def reviewed_values(self, replay: Replay) -> dict[str, object]:
        if not self.review_values:
            return {}
        from .shipped_reviews import review_values  # the review's words, only for a comment that takes them

        found = review_values(self.example, replay, self.reviewed) if self.reviewed is not None else None
        return {name: "…" if found is None else found[name] for name in self.review_values}


@cache
def _shipped_templates() -> dict[str, _Template]:
    """The shipped examples' comments that name values (``{draw}``, ``{review_best}``), by their English
    text as the files keep it."""
    from .hands import SCRIPTS

    found = {}
    for script in SCRIPTS:
        for number, move in enumerate(script.moves, start=1):
            if move.comment and (move.values() or move.review_values()):
                reviewed = move.reviewed(number)
                found[move.text()] = _Template(move.comment, move.values(), script.name,
                                               None if reviewed is None else reviewed[0],
                                               frozenset(move.review_values()))
    return found


def _findings_at(replay: Replay, step: int) -> tuple[Finding, ...]:
    try:
        return tuple(f for f in findings(replay, featured=(0, 1)) if f.step == step)
    except GinError:  # a history the solver cannot read: the note as stored
        return ()


def _seats(replay: Replay, featured: object) -> tuple[int, ...]:
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


def _upcard(hand: Hand) -> Card | None:
    return hand.upcard if hand.rules.oklahoma else None


def _finding(step: int, seat: int, message: str, *, tag: str, better: str | None = None,
             cost: Fraction | int | None = None, **values: object) -> Finding:
    return Finding(step, seat, tag, message, values, better=better, loss=None if cost is None else Fraction(cost))


def _notation(kind: ActionKind, card: Card | None = None) -> str:
    """A better move as the history stores it (``"knock 9D"``)."""
    return str(Action(kind, card))


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


def draw_choice(before: Hand, seat: int) -> DrawChoice:
    """The numbers behind a take-or-draw decision in the state ``before`` it, from
    what the player sees (his cards, the pile, the opponent's known cards)."""
    view = SeatView.of(before, seat)
    top = before.top_discard
    if top is None:
        raise GinError("there is no discard to take: the discard pile is empty")
    table = discard_table(view.hand + (top,), rules=before.rules, drawn=top, drawn_from="stock",
                          discard_pile=view.discard_pile[:-1], opponent_known=view.opponent_known,
                          upcard=_upcard(before))
    keep = table.row(top)
    take = min((r for r in table.rows if r.card is not top), key=lambda r: (r.deadwood, r.expected_deadwood))
    return DrawChoice(top, keep.deadwood, take.deadwood, take.card, keep.expected_deadwood)


def alternative(before: Hand, seat: int) -> str:
    """What the player gives the top discard up for: ``"keep"`` (the dealer
    offered the upcard keeps his hand), ``"pass_draw"`` (the non-dealer offered it
    passes, then draws from the stock) or ``"draw"`` (a stock draw now)."""
    if before.phase is Phase.UPCARD:
        return "keep" if seat == before.dealer else "pass_draw"
    return "draw"


class _DrawValues(TypedDict):
    """The named values of a take-or-draw message."""

    card: Card
    discard: Card
    take: int
    now: int
    draw: NotRequired[Fraction]


def _draw_notes(number: int, seat: int, action: Action, before: Hand) -> list[Finding]:
    if not any(a.kind is ActionKind.TAKE for a in before.legal_actions()):
        return []  # the forced draw after both passed
    choice = draw_choice(before, seat)
    other = alternative(before, seat)
    other_value = Fraction(choice.current) if other == "keep" else choice.draw
    values = _DrawValues(card=choice.top, discard=choice.take_discard, take=choice.take, now=choice.current)
    if other != "keep":
        values["draw"] = choice.draw
    refuse = ActionKind.PASS if before.phase is Phase.UPCARD else ActionKind.DRAW
    if action.kind is ActionKind.TAKE:
        loss = choice.take - other_value
        if loss > 0:
            return [_finding(number, seat, f"take_worse_than_{other}", tag="costly-take", better=_notation(refuse),
                             cost=loss, **values, loss=loss)]
        if choice.take < choice.current:
            return [_finding(number, seat, f"good_take_{other}", tag="take-or-draw", **values)]
        return []
    loss = other_value - choice.take
    if loss > 0:
        return [_finding(number, seat, f"missed_take_{other}", tag=f"costly-{refuse}",
                         better=_notation(ActionKind.TAKE), cost=loss, **values, loss=loss)]
    if choice.take < choice.current:
        return [_finding(number, seat, f"fair_{other}", tag="take-or-draw", **values)]
    return []


def discard_position(before: Hand, seat: int) -> DiscardTable:
    """The solver's table for the 11 cards a player holds in the state ``before``
    his discard, from his seat's view (:func:`~gintrainer.engine.solver.discard_table_for`)."""
    return discard_table_for(SeatView.of(before, seat))


# -- discards and knocks ------------------------------------------------------------


def _out_rows(table: DiscardTable) -> list[DiscardRow]:
    return sorted((r for r in table.rows if r.knocks), key=lambda r: (r.deadwood, r.expected_deadwood, r.card.index))


def _discard_notes(number: int, seat: int, action: Action, before: Hand) -> list[Finding]:
    if action.kind is ActionKind.BIG_GIN:
        return []
    table = discard_position(before, seat)
    chosen = table.row(card_of(action))
    if action.kind is ActionKind.DISCARD:
        return _missed_out_notes(number, seat, table, before.rules) + _costly_discard_notes(number, seat, table, chosen)
    return _better_out_notes(number, seat, table, chosen, before.rules)


def _missed_out_notes(number: int, seat: int, table: DiscardTable, rules: Rules) -> list[Finding]:
    """A discard made when big gin, gin or a knock was possible."""
    outs = _out_rows(table)
    if table.big_gin:
        return [_finding(number, seat, "missed_big_gin", tag="missed-gin", better=_notation(ActionKind.BIG_GIN),
                         bonus=rules.big_gin_bonus)]
    if outs and outs[0].gin:
        return [_finding(number, seat, "missed_gin", tag="missed-gin",
                         better=_notation(ActionKind.GIN, outs[0].card), card=outs[0].card, bonus=rules.gin_bonus)]
    if outs:
        return [_finding(number, seat, "missed_knock", tag="missed-knock",
                         better=_notation(ActionKind.KNOCK, outs[0].card), card=outs[0].card,
                         deadwood=outs[0].deadwood, limit=table.knock_limit)]
    return []


def _costly_discard_notes(number: int, seat: int, table: DiscardTable, chosen: DiscardRow) -> list[Finding]:
    """A discard that expects more deadwood after the next draw than the best one."""
    best = table.rows[0]
    loss = chosen.expected_deadwood - best.expected_deadwood
    if loss <= 0:
        return []
    return [_finding(number, seat, "costly_discard", tag="costly-discard",
                     better=_notation(ActionKind.DISCARD, best.card), cost=loss, card=chosen.card,
                     deadwood=chosen.deadwood, expected=chosen.expected_deadwood,
                     outs=len(chosen.outs), unseen=len(table.unseen), best=best.card,
                     best_deadwood=best.deadwood, best_expected=best.expected_deadwood,
                     best_outs=len(best.outs), loss=loss)]


def _better_out_notes(number: int, seat: int, table: DiscardTable, chosen: DiscardRow, rules: Rules) -> list[Finding]:
    """A knock or gin made when big gin, gin or a knock with less deadwood was possible."""
    outs = _out_rows(table)
    if table.big_gin:
        if chosen.gin:
            return [_finding(number, seat, "big_gin_instead_of_gin", tag="better-knock",
                             better=_notation(ActionKind.BIG_GIN), bonus=rules.big_gin_bonus,
                             gin_bonus=rules.gin_bonus)]
        return [_finding(number, seat, "big_gin_instead_of_knock", tag="better-knock",
                         better=_notation(ActionKind.BIG_GIN), bonus=rules.big_gin_bonus)]
    if not outs or outs[0].deadwood >= chosen.deadwood:
        return []
    best = outs[0]
    saved = chosen.deadwood - best.deadwood
    if best.gin:
        return [_finding(number, seat, "gin_instead_of_knock", tag="better-knock",
                         better=_notation(ActionKind.GIN, best.card), cost=saved, card=chosen.card,
                         deadwood=chosen.deadwood, best=best.card, bonus=rules.gin_bonus)]
    return [_finding(number, seat, "lower_knock", tag="better-knock", better=_notation(ActionKind.KNOCK, best.card),
                     cost=saved, card=chosen.card, deadwood=chosen.deadwood, best=best.card,
                     best_deadwood=best.deadwood)]


# -- layouts -------------------------------------------------------------------------


class _LayoutValues(TypedDict):
    """The named values every layout message has."""

    points: int
    cards: tuple[Card, ...]
    best: int


def _layout_notes(number: int, seat: int, before: Hand) -> list[Finding]:
    left = before.unlaid(seat)
    points = sum(c.value for c in left)
    if before.phase is Phase.DEFENDER_LAYOUT:
        reply = defender_reply(left, before.table_melds, layoffs=before.out_kind == ScoreKind.KNOCK)
        best = reply.points
        candidates = [Action(ActionKind.MELD, cards=m) for m in reply.melds] + \
                     [Action(ActionKind.LAYOFF, layoff.card, target=layoff.meld) for layoff in reply.layoffs]
    else:
        arrangement = best_arrangement(left)
        best = arrangement.points
        candidates = [Action(ActionKind.MELD, cards=m) for m in arrangement.melds]
    if best >= points:
        return []
    better = next((a for a in candidates if before.is_legal(a)), None)
    values = _LayoutValues(points=points, cards=tuple(left), best=best)
    if better is None:
        return [_finding(number, seat, "layout_short", tag="costly-layout", cost=points - best, **values)]
    if better.kind is ActionKind.MELD:
        return [_finding(number, seat, "layout_meld_first", tag="costly-layout", better=str(better),
                         cost=points - best, meld=tuple(better.cards), **values)]
    if better.target is None:
        raise GinError(f"{better} names no meld")
    return [_finding(number, seat, "layout_layoff_first", tag="costly-layout", better=str(better),
                     cost=points - best, card=better.card, target=better.target + 1, **values)]


# -- asking the solver at any step ---------------------------------------------------


def known_after(replay: Replay, steps: int, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` knows its opponent holds after ``steps`` actions: taken
    from the discard pile and not thrown since (its seat's view says so)."""
    return SeatView.of(replay.state(steps), seat).opponent_known


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
    alternative: str = "draw"

    def summary(self, names: Sequence[str] = PLAYERS, *, you: int | None = None) -> str:
        """The solver's verdict in words: the choice or the position, then the move played; the take-or-draw
        numbers said to the learner when ``you`` is the seat to act."""
        player = names[self.seat]
        if self.choice is not None:
            c = self.choice
            numbers = dict(now=c.current, card=c.top, discard=c.take_discard, take=c.take, draw=c.draw)
            text = (say(f"advice_draw_{self.alternative}_you", **numbers) if you == self.seat else
                    say(f"advice_draw_{self.alternative}", player=player, **numbers))
        elif self.table is not None:
            text = say("advice_discard", player=player)
        else:
            return self.note
        if self.played is None:
            return text
        move = better_words(str(self.played))
        if self.cost is None:
            return f"{text} {say('advice_played', move=move)}"
        if self.cost == 0:
            return f"{text} {say('advice_best', move=move)}"
        return f"{text} {say('advice_worse', move=move, cost=self.cost)}"


def advice(replay: Replay, steps: int) -> Advice:
    """What the solver says about the position after ``steps`` actions."""
    state = replay.state(steps)
    seat = state.to_act
    if seat is None:
        raise ReplayError("the hand is over: there is no move to judge", step=steps)
    played = replay.step(steps + 1).action if steps < replay.step_count else None
    if state.phase is Phase.DISCARD:
        table = discard_position(state, seat)
        if played is None or played.card is None:
            return Advice(seat, table=table, played=played)
        row = table.row(played.card)
        if played.kind in _GOING_OUT:  # the hand ends: compare the ways out by deadwood
            cost = Fraction(row.deadwood - min(r.deadwood for r in table.rows))
        else:
            cost = row.expected_deadwood - table.rows[0].expected_deadwood
        return Advice(seat, table=table, played=played, played_row=row, cost=cost)
    found = draw_advice(state, played)
    if found is not None:
        return found
    note = say("advice_forced_draw" if state.phase is Phase.DRAW else "advice_layout")
    return Advice(seat, played=played, note=note)


def draw_advice(state: Hand, played: Action | None = None) -> Advice | None:
    """The take-or-draw numbers for the player to act in ``state`` (offered the upcard, or to draw with a
    discard to take), and what ``played`` cost against the best; None when no take is possible there."""
    seat = state.to_act
    if seat is None or state.phase not in (Phase.UPCARD, Phase.DRAW) or \
            not any(a.kind is ActionKind.TAKE for a in state.legal_actions()):
        return None
    choice = draw_choice(state, seat)
    other = alternative(state, seat)
    keep = Fraction(choice.current) if other == "keep" else choice.draw
    choice_cost: Fraction | None = None
    if played is not None:
        choice_cost = max(Fraction(choice.take) - keep, Fraction(0)) if played.kind is ActionKind.TAKE else \
            max(keep - choice.take, Fraction(0))
    return Advice(seat, choice=choice, played=played, cost=choice_cost, alternative=other)
