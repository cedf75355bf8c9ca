"""The beginner coach: the learner's decision in a few short sentences in words,
where the advanced coach shows the solver's table.

At each of the learner's decisions (take the upcard or the discard, or draw; which
card to discard; whether to knock or go gin) :func:`coaching` gives the move the
solver finds best and the reasons, each a :class:`Remark`: a sentence template's
key and its named values, so that a test can hold every claim to the engine. The
move is the solver's: the take or draw of :func:`~gintrainer.replay.annotate.draw_choice`
(the measure the notes after a hand use), the discard it ranks first or one tied
with it, a knock with the least deadwood, gin and big gin when they are there.
The reasons come from the hand's structure: its melds and near-melds
(:func:`~gintrainer.engine.melds.near_melds`, wanting a card that is still unseen), its
deadwood, the knock limit in force, and the cards the opponent is known to have
taken. Everything is read from the learner's seat's view only.

One discard is advised, the risk of feeding the opponent weighed in: when every
discard the solver ranks best could make a meld with a card the opponent took
from the pile (:func:`feeds`), the coach advises the safe discard that leaves the
least expected deadwood instead if it costs at most :data:`SAFETY_MARGIN` more,
and says what it gives up and why; otherwise it keeps the solver's best and says
why it is still the choice (the safe discard costs more than the margin, or
every discard could feed the opponent). It never advises a card and then only
warns against it.

The coach speaks to beginners: whole cards and plain comparisons ("most of the
cards you could draw", "about 4 points more"), never the solver's decimals, which
the table shows. A remark keeps the exact values (a test holds them to the
engine); only its sentence rounds them.

>>> from gintrainer import Hand
>>> hand = Hand.deal(seed=7); hand.apply("pass"); hand.apply("pass"); hand.apply("draw")
>>> advice = coaching(hand, hand.to_act, "Ben")
>>> str(advice.action) in {str(a) for a in hand.legal_actions()}
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from ..engine.cards import Card
from ..engine.hand import Action, ActionKind, Hand, Phase
from ..engine.melds import MeldKind, NearMeld, best_arrangement, is_meld, min_deadwood, near_melds
from ..engine.solver import DiscardRow, DiscardTable, discard_table_for
from ..engine.view import SeatView
from ..replay.annotate import alternative, draw_choice
from ..words.errors import GinError
from ..words.language import N_, Nn_, t, tn
from ..words.vocab import Vocabulary

KEEP_AT_MOST = 2
"""How many near-melds the coach names after a discard (the most promising first)."""

SAFETY_MARGIN = Fraction(3)
"""How much expected deadwood (after the next draw, the solver's measure) the coach
gives up to keep a card from the opponent. A card that melds with one the opponent
took may let them meld at once, taking the taken card and a third card out of their
deadwood, while the solver's figure counts only the learner's own deadwood. Three
points, about one low card, is the price the coach pays for that safety: more than
the small differences between near-equal discards, and less than those two cards
are worth in every meld but those of the lowest cards (a set of aces, A-2-3)."""

FEW_CARDS = 4
"""Up to this many cards, the coach counts cards one by one; above it, it speaks of
a share of the cards that could be drawn ("most of them", "about 1 in 3")."""


class CoachMode(Vocabulary, noun=N_("coach")):
    """How the practice coach speaks: not at all, in words (for beginners), or with
    the solver's whole table (for advanced learners)."""

    OFF = "off"
    WORDS = "words"
    TABLE = "table"


def coach_mode(value: object) -> CoachMode:
    """The coach ``value`` names: a mode's word, or on/off as a bool (as version 1
    of the saved games wrote it: on was the table); GinError otherwise."""
    if isinstance(value, bool):
        return CoachMode.TABLE if value else CoachMode.OFF
    return CoachMode.parse(value)


@dataclass(frozen=True)
class Remark:
    """One sentence of the coach: the template's ``key`` and its named values."""

    key: str
    values: Mapping[str, object] = field(default_factory=dict)

    def text(self) -> str:
        """The sentence in the learner's language."""
        return _sentence(self.key, dict(self.values))


@dataclass(frozen=True)
class Coaching:
    """The coach at one decision: the move advised (``action``, legal in the
    position) and the remarks, the first of which says the move."""

    action: Action
    remarks: tuple[Remark, ...]

    def sentences(self) -> tuple[str, ...]:
        return tuple(remark.text() for remark in self.remarks)

    def remark(self, key: str) -> Remark | None:
        """The first remark of that key (None if the coach does not make it)."""
        return next((r for r in self.remarks if r.key == key), None)


def coaching(hand: Hand, seat: int, name: str) -> Coaching | None:
    """The coach's words for ``seat`` (to act) in ``hand``, the opponent called
    ``name``; None when it is not that seat's draw or discard."""
    if hand.is_over or hand.to_act != seat:
        return None
    if hand.phase in (Phase.UPCARD, Phase.DRAW):
        return _draw_coaching(hand, seat)
    if hand.phase is Phase.DISCARD:
        return _discard_coaching(hand, seat, name)
    return None


def live_wanted(near: NearMeld, unseen: Iterable[Card]) -> tuple[Card, ...]:
    """The cards that would complete ``near`` and may still come (among ``unseen``)."""
    pool = set(unseen)
    return tuple(c for c in near.wanted if c in pool)


# -- take or draw ------------------------------------------------------------------


def _draw_coaching(hand: Hand, seat: int) -> Coaching:
    if not any(a.kind is ActionKind.TAKE for a in hand.legal_actions()):
        return Coaching(Action(ActionKind.DRAW), (Remark("draw"), Remark("forced_draw")))
    choice = draw_choice(hand, seat)
    other = alternative(hand, seat)
    held = hand.held(seat)
    top = choice.top
    upcard = hand.phase is Phase.UPCARD
    refuse = Action(ActionKind.PASS if upcard else ActionKind.DRAW)
    if choice.take < (Fraction(choice.current) if other == "keep" else choice.draw):
        remarks = [Remark("take_upcard" if upcard else "take", {"card": top})]
        kept = [c for c in held if c is not choice.take_discard] + [top]
        meld = next((m for m in best_arrangement(kept).melds if top in m), None)
        if meld is not None:
            rest = tuple(c for c in meld if c is not top)
            kind = "adds" if is_meld(rest) else "run" if len({c.suit for c in meld}) == 1 else "set"
            remarks.append(Remark(f"take_{kind}", {"card": top, "meld": meld}))
        remarks.append(Remark("take_lowers", {"card": top, "discard": choice.take_discard, "now": choice.current,
                                              "take": choice.take}))
        if other != "keep":
            remarks.append(Remark("stock_average", {"draw": choice.draw, "take": choice.take}))
        return Coaching(Action(ActionKind.TAKE), tuple(remarks))
    remarks = [Remark("pass" if upcard else "draw_instead", {"card": top})]
    if not any(top in n.wanted for n in near_melds(held)):
        remarks.append(Remark("fits_nothing", {"card": top}))
    if other == "keep":
        remarks.append(Remark("take_no_lower", {"card": top, "take": choice.take, "now": choice.current}))
    else:
        remarks.append(Remark("take_or_stock", {"card": top, "take": choice.take, "draw": choice.draw}))
    return Coaching(refuse, tuple(remarks))


# -- discards and knocks --------------------------------------------------------------


def gin_draws(kept: Iterable[Card], unseen: Iterable[Card]) -> tuple[Card, ...]:
    """The unseen cards that would give ``kept`` (ten cards) gin on the next draw."""
    ten = tuple(kept)
    return tuple(u for u in unseen
                 if any(min_deadwood([c for c in ten + (u,) if c is not throw]) == 0 for throw in ten + (u,)))


def feeds(card: Card, view: SeatView) -> tuple[Card, MeldKind] | None:
    """A card the opponent is known to hold (taken from the pile, not thrown since)
    that ``card`` would make a meld of three with, with a third card the view has
    not seen in its own hand nor in the pile; None if there is none."""
    seen_here = set(view.hand) | set(view.discard_pile)
    for taken in view.opponent_known:
        for near in near_melds((card, taken)):
            if any(c not in seen_here for c in near.wanted):
                return taken, near.kind
    return None


def _discard_coaching(hand: Hand, seat: int, name: str) -> Coaching:
    view = SeatView.of(hand, seat)
    table = discard_table_for(view)
    if table.big_gin:
        return Coaching(Action(ActionKind.BIG_GIN), (
            Remark("big_gin", {"count": len(table.hand)}),
            Remark("big_gin_melds", {"melds": best_arrangement(table.hand).melds}),
            Remark("big_gin_bonus", {"bonus": hand.rules.big_gin_bonus})))
    outs = [r for r in table.rows if r.knocks]
    if outs:
        return _out_coaching(hand, table, min(outs, key=lambda r: (r.deadwood, r.expected_deadwood, r.card.index)))
    return _plain_discard(view, table, name)


def _kept(table: DiscardTable, card: Card) -> tuple[Card, ...]:
    return tuple(c for c in table.hand if c is not card)


def _out_coaching(hand: Hand, table: DiscardTable, out: DiscardRow) -> Coaching:
    kept = _kept(table, out.card)
    arrangement = best_arrangement(kept)
    if out.gin:
        return Coaching(Action(ActionKind.GIN, out.card), (
            Remark("gin", {"card": out.card}), Remark("gin_melds", {"melds": arrangement.melds}),
            Remark("gin_bonus", {"bonus": hand.rules.gin_bonus})))
    remarks = [Remark("knock", {"card": out.card}),
               Remark("can_knock", {"deadwood": out.deadwood, "limit": table.knock_limit})]
    gins = gin_draws(kept, table.unseen)
    if gins:
        remarks.append(Remark("gin_one_away", {"n": len(gins), "unseen": len(table.unseen)}))
    return Coaching(Action(ActionKind.KNOCK, out.card), tuple(remarks))


def _plain_discard(view: SeatView, table: DiscardTable, name: str) -> Coaching:
    eleven = best_arrangement(table.hand)
    unseen = table.unseen
    helping = {c for n in near_melds(table.hand) if live_wanted(n, unseen) for c in n.cards}
    order = {row.card: i for i, row in enumerate(table.rows)}

    def preference(row: DiscardRow) -> tuple[bool, bool, bool, int, int]:
        return (feeds(row.card, view) is not None, row.card not in eleven.deadwood, row.card in helping,
                -row.card.value, order[row.card])

    row, risk = _weigh_risk(view, table, min(table.best(), key=preference), preference, name)
    card = row.card
    remarks = [Remark("discard", {"card": card})]
    loose = [c for c in eleven.deadwood if c not in helping and c is not table.forbidden]
    meld = next((m for m in eleven.melds if card in m), None)
    if card in loose and card.value == max(c.value for c in loose):
        remarks.append(Remark("highest_loose", {"card": card}))
    elif card in loose:
        remarks.append(Remark("loose", {"card": card}))
    elif meld is not None and is_meld([c for c in meld if c is not card]):
        remarks.append(Remark("spare", {"card": card, "meld": meld}))
    else:
        remarks.append(Remark("outs", {"card": card, "n": len(row.outs), "unseen": len(unseen)}))
    kept = _kept(table, card)
    ten = best_arrangement(kept)
    near = [(n, live_wanted(n, unseen)) for n in near_melds(ten.deadwood)]
    near = sorted(((n, w) for n, w in near if w), key=lambda p: (-len(p[1]), -sum(c.value for c in p[0].cards)))
    for n, wanted in near[:KEEP_AT_MOST]:
        remarks.append(Remark(f"keep_{n.kind}_{len(wanted)}", {"first": n.cards[0], "second": n.cards[1],
                                                                "card": wanted[0], "other": wanted[-1]}))
    limit = table.knock_limit
    remarks.append(Remark("deadwood_left" if limit else "gin_only", {"deadwood": row.deadwood, "limit": limit}))
    remarks += risk
    risky = [(c, f) for c in ten.deadwood if (f := feeds(c, view)) is not None]
    if not risk and risky:
        other, (taken, kind) = max(risky, key=lambda p: (p[0].value, p[0].index))
        remarks.append(Remark(f"do_not_throw_{kind}", {"card": other, "taken": taken, "name": name}))
    return Coaching(Action(ActionKind.DISCARD, card), tuple(remarks))


def _weigh_risk(view: SeatView, table: DiscardTable, best: DiscardRow, preference: Callable[[DiscardRow], object],
                name: str) -> tuple[DiscardRow, list[Remark]]:
    """The discard advised and what the coach says of its risk: ``best`` (the solver's
    best, the safest of those tied) and nothing when it feeds nothing; else the safe
    discard with the least expected deadwood when it costs at most :data:`SAFETY_MARGIN`
    more (saying what is given up), else ``best`` with the reason it is still the choice."""
    fed = feeds(best.card, view)
    if fed is None:
        return best, []
    taken, kind = fed
    safe_rows = [r for r in table.rows if feeds(r.card, view) is None]
    if not safe_rows:
        return best, [Remark(f"feeds_only_{kind}", {"card": best.card, "taken": taken, "name": name})]
    safe = min(safe_rows, key=lambda r: (r.expected_deadwood, r.deadwood, preference(r)))
    cost = safe.expected_deadwood - best.expected_deadwood
    if cost <= SAFETY_MARGIN:
        return safe, [Remark(f"safe_{kind}", {"card": safe.card, "risky": best.card, "taken": taken, "name": name}),
                      Remark("safe_cost", {"card": safe.card, "risky": best.card, "name": name, "cost": cost})]
    return best, [Remark(f"feeds_but_best_{kind}", {"card": best.card, "taken": taken, "name": name,
                                                    "safe": safe.card, "cost": cost})]


# -- the sentences ---------------------------------------------------------------------


# Translators: in the coach's sentences {card}, {other}, {first}, {second}, {taken}, {risky}, {safe} and
# {discard} are cards, {meld} a meld and {melds} melds (cards in a row), {name} the computer player's name
# (Club player); {n} is a whole number.
_SENTENCES = {
    "draw": N_("Draw from the stock."),
    "forced_draw": N_("Both players passed on the upcard, so the first draw comes from the stock."),
    "take_upcard": N_("Take the upcard, {card}."),
    "take": N_("Take {card} from the discard pile."),
    "pass": N_("Pass on the upcard, {card}."),
    "draw_instead": N_("Leave {card} and draw from the stock."),
    "take_adds": N_("Taking {card} adds it to your meld {meld}."),
    "take_run": N_("Taking {card} makes a run: {meld}."),
    "take_set": N_("Taking {card} makes a set: {meld}."),
    "take_lowers": N_("Taking {card} and discarding {discard} lowers your deadwood from {now} to {take}."),
    "fits_nothing": N_("{card} makes no meld with your cards."),
    "take_no_lower": N_("Taking {card} would leave {take} deadwood after your best discard: no less than the {now} "
                        "you hold now."),
    "big_gin": N_("Go big gin: all {count} of your cards are in melds."),
    "big_gin_melds": N_("Your melds: {melds}."),
    "big_gin_bonus": N_("Big gin earns a bonus of {bonus} points."),
    "gin": N_("Go gin with {card}: the rest of your cards are all in melds."),
    "gin_melds": N_("Your melds: {melds}."),
    "gin_bonus": N_("Gin earns a bonus of {bonus} points."),
    "knock": N_("Knock with {card}."),
    "can_knock": N_("You can knock now with {deadwood} deadwood: the knock limit is {limit}."),
    "discard": N_("Discard {card}."),
    "highest_loose": N_("{card} is deadwood and the highest card that does not help a meld: a good discard."),
    "loose": N_("{card} is deadwood and does not help a meld."),
    "spare": N_("{card} can go without breaking a meld: the rest of {meld} still melds."),
    "keep_run_1": N_("{first} and {second} are one card from a run ({card}): keep them."),
    "keep_run_2": N_("{first} and {second} are one card from a run ({card} or {other}): keep them."),
    "keep_set_1": N_("{first} and {second} are one card from a set ({card}): keep them."),
    "keep_set_2": N_("{first} and {second} are one card from a set ({card} or {other}): keep them."),
    "deadwood_left": N_("After this discard you hold {deadwood} deadwood; you may knock with {limit} or less."),
    "gin_only": N_("After this discard you hold {deadwood} deadwood; in this hand only gin goes out."),
    "safe_set": N_("{risky} would be the best discard by the numbers, but {name} took {taken} from the discard pile, "
                   "and {risky} could make a set with it."),
    "safe_run": N_("{risky} would be the best discard by the numbers, but {name} took {taken} from the discard pile, "
                   "and {risky} could make a run with it."),
    "feeds_only_set": N_("{name} took {taken} from the discard pile, and {card} could make a set with it. It is "
                         "still the choice: every other discard could feed {name} too, and {card} is the best of "
                         "them by the numbers."),
    "feeds_only_run": N_("{name} took {taken} from the discard pile, and {card} could make a run with it. It is "
                         "still the choice: every other discard could feed {name} too, and {card} is the best of "
                         "them by the numbers."),
    "do_not_throw_set": N_("Do not throw {card}: {name} took {taken} from the discard pile, and {card} could make a "
                           "set with it."),
    "do_not_throw_run": N_("Do not throw {card}: {name} took {taken} from the discard pile, and {card} could make a "
                           "run with it."),
}
"""Each remark's sentence, in English (shown with ``t``), by its key: one whole template per claim."""


def _count(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise GinError(f"a count is a whole number, not {value!r}")
    return value


def _points(value: Fraction) -> int:
    """A difference of deadwood in whole points, rounded half up (0: less than half a point)."""
    return math.floor(value + Fraction(1, 2))


def _share(n: int, unseen: int) -> tuple[str, int]:
    """How to say ``n`` of the ``unseen`` cards in plain words: every one, most, a few
    counted one by one, or about 1 in k (the count to say with it)."""
    if n == unseen and n > FEW_CARDS:
        return "all", n
    if 2 * n > unseen and n > FEW_CARDS:
        return "most", n
    if n <= FEW_CARDS:
        return "count", n
    return "one_in", math.floor(Fraction(unseen, n) + Fraction(1, 2))


def _sentence(key: str, values: dict[str, object]) -> str:
    """A remark's sentence in the learner's language: exact values said in whole cards
    and points (the sentences that follow a count by ``tn``)."""
    if key == "gin_one_away":
        n = _count(values.pop("n"))
        values.pop("unseen")
        return tn("Gin is one card away: {n} card you could draw would complete it.",
                  "Gin is one card away: {n} cards you could draw would complete it.", n, **values)
    if key == "outs":
        return _outs_sentence(_count(values.pop("n")), _count(values.pop("unseen")), values)
    if key in _PLAIN:
        return _plain_sentence(key, values)
    if key not in _SENTENCES:
        raise GinError(f"the coach has no sentence {key!r}")
    return t(_SENTENCES[key], **values)


def _outs_sentence(n: int, unseen: int, values: dict[str, object]) -> str:
    share, k = _share(n, unseen)
    if share == "all":
        return t("After discarding {card}, any card you could draw would lower your deadwood.", **values)
    if share == "most":
        return t("After discarding {card}, most of the cards you could draw would lower your deadwood.", **values)
    if share == "count":
        return tn("After discarding {card}, {n} card you could draw would lower your deadwood.",
                  "After discarding {card}, {n} cards you could draw would lower your deadwood.", k, **values)
    return tn("After discarding {card}, about 1 card in {n} that you could draw would lower your deadwood.",
              "After discarding {card}, about 1 card in {n} that you could draw would lower your deadwood.", k,
              **values)


_PLAIN: dict[str, tuple[str | None, tuple[str, str]]] = {
    "stock_average": (
        N_("A card from the stock would leave a little more deadwood, on average."),
        Nn_("A card from the stock would leave about {n} point more deadwood, on average.",
            "A card from the stock would leave about {n} points more deadwood, on average.")),
    "take_or_stock": (
        N_("Taking {card} would leave {take} deadwood after your best discard; a card from the stock leaves a "
           "little less, on average."),
        Nn_("Taking {card} would leave {take} deadwood after your best discard; a card from the stock leaves about "
            "{n} point less, on average.",
            "Taking {card} would leave {take} deadwood after your best discard; a card from the stock leaves about "
            "{n} points less, on average.")),
    "safe_cost": (
        N_("Discarding {card} instead leaves a little more deadwood after your next draw, on average: a small "
           "price for keeping {risky} from {name}."),
        Nn_("Discarding {card} instead leaves about {n} point more deadwood after your next draw, on average: a "
            "small price for keeping {risky} from {name}.",
            "Discarding {card} instead leaves about {n} points more deadwood after your next draw, on average: a "
            "small price for keeping {risky} from {name}.")),
    "feeds_but_best_set": (None, Nn_(
        "{name} took {taken} from the discard pile, and {card} could make a set with it. It is still the "
        "choice: the safest other discard, {safe}, would leave about {n} point more deadwood after your next "
        "draw, on average.",
        "{name} took {taken} from the discard pile, and {card} could make a set with it. It is still the "
        "choice: the safest other discard, {safe}, would leave about {n} points more deadwood after your next "
        "draw, on average.")),
    "feeds_but_best_run": (None, Nn_(
        "{name} took {taken} from the discard pile, and {card} could make a run with it. It is still the "
        "choice: the safest other discard, {safe}, would leave about {n} point more deadwood after your next "
        "draw, on average.",
        "{name} took {taken} from the discard pile, and {card} could make a run with it. It is still the "
        "choice: the safest other discard, {safe}, would leave about {n} points more deadwood after your next "
        "draw, on average.")),
}
"""The sentences that compare two amounts of deadwood in plain words, by key: the
sentence for a difference of less than half a point (None: the whole-points one says
it), and the two forms of the sentence for a difference in whole points (see :func:`_plain_words`)."""


def _plain_words(key: str, n: int, values: dict[str, object]) -> str:
    """The plain sentence ``key`` for a difference of ``n`` whole points (0: less than half a point)."""
    little, forms = _PLAIN[key]
    if n == 0 and little is not None:
        return t(little, **values)
    return tn(*forms, n, **values)


def _difference(key: str, values: dict[str, object]) -> Fraction:
    """The exact difference a plain sentence speaks of (taken out of the values it shows)."""
    if key == "stock_average":
        return _fraction(values.pop("draw")) - _fraction(values.pop("take"))
    if key == "take_or_stock":
        return _fraction(values["take"]) - _fraction(values.pop("draw"))
    return _fraction(values.pop("cost"))


def _fraction(value: object) -> Fraction:
    if not isinstance(value, Fraction | int) or isinstance(value, bool):
        raise GinError(f"an amount of deadwood is an exact number, not {value!r}")
    return Fraction(value)


def _plain_sentence(key: str, values: dict[str, object]) -> str:
    difference = _difference(key, values)
    if difference == 0:  # a tie refuses the card
        return t("Taking {card} would leave {take} deadwood after your best discard; a card from the stock leaves "
                 "as much, on average.", **values)
    return _plain_words(key, _points(difference), values)


__all__ = ["CoachMode", "Coaching", "KEEP_AT_MOST", "Remark", "coach_mode", "coaching", "feeds", "gin_draws",
           "live_wanted"]
