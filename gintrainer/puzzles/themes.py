"""Puzzle themes: each an automatic tag, a predicate over the solved position,
with the title and one-line description a learner reads and the hint it gives
(messages of :mod:`gintrainer.material.messages`).

A theme is tagged only when it decides the answer: the answer changes because
of it, or the naive rule (:func:`gintrainer.engine.solver.naive_discard`, the one
definition of it) fails because of it. The first rung of the hint ladder quotes
the hint of the first deciding theme in :data:`HINT_ORDER`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple

from ..engine.cards import Card, cards_mask, show_cards
from ..engine.melds import Arrangement, MeldKind, best_arrangement, mask_min_deadwood, meld_kind, min_deadwood
from ..engine.solver import DiscardRow, DiscardTable, Objective, naive_discard
from ..material.messages import Message, render, say
from ..words.errors import GinError
from .defend_themes import THEME_PREDICATES as DEFEND_THEMES
from .defend_themes import DefendContext
from .kinds import DISCARD_KINDS, PuzzleKind, ranking_objective
from .knock_layout_themes import THEME_PREDICATES as KNOCK_LAYOUT_THEMES
from .knock_layout_themes import LayoutContext
from .positions import Position
from .take_draw_themes import THEME_PREDICATES as TAKE_DRAW_THEMES
from .take_draw_themes import DrawContext

SUITS = "CDHS"


@dataclass(frozen=True)
class Context:
    """A solved position and the answer the puzzle will ask for."""

    position: Position
    table: DiscardTable
    kind: PuzzleKind
    objective: Objective | None
    answer: tuple[Card, ...]  # the accepted discards (for can_knock: gin, else the knocks keeping the least)

    @property
    def ranking(self) -> Objective:
        """What the discards are ranked by (see :func:`~gintrainer.puzzles.kinds.ranking_objective`)."""
        return ranking_objective(self.kind, self.objective)

    @cached_property
    def naive(self) -> Card:
        """The naive rule's discard (it passes over the card just taken from the pile)."""
        return naive_discard(self.position.hand, forbidden=self.position.forbidden)

    @cached_property
    def highest(self) -> Card:
        """The highest deadwood card of the eleven, ignoring the ban on the card just taken."""
        return naive_discard(self.position.hand)

    @cached_property
    def arrangement11(self) -> Arrangement:
        """The eleven cards arranged as the naive rule sees them."""
        return best_arrangement(self.position.hand)

    @property
    def least(self) -> int:
        return min(r.deadwood for r in self.table.rows)

    def kept(self, card: Card) -> tuple[Card, ...]:
        return tuple(c for c in self.position.hand if c is not card)

    def layout(self, card: Card) -> Arrangement:
        """The least-deadwood layout of the ten cards kept after discarding ``card``."""
        if card not in self._layouts:
            self._layouts[card] = best_arrangement(self.kept(card))
        return self._layouts[card]

    @cached_property
    def _layouts(self) -> dict[Card, Arrangement]:
        return {}

    @cached_property
    def spares(self) -> tuple[SpareCard, ...]:
        """See :func:`spare_cards`."""
        return spare_cards(self)

    def ordered(self) -> tuple[DiscardRow, ...]:
        """The rows best first for the puzzle's question."""
        return self.table.sorted(self.ranking)

    @cached_property
    def runner_up(self) -> DiscardRow | None:
        """The best row that is not an answer; among rows that tie for it, the
        naive rule's card when it is one of them."""
        rows = [r for r in self.ordered() if r.card not in self.answer]
        if not rows:
            return None
        tied = [r for r in rows if r.values() == rows[0].values()]
        return next((r for r in tied if r.card is self.naive), tied[0])

    @property
    def naive_wrong(self) -> bool:
        return bool(self.answer) and self.naive not in self.answer


def make_context(position: Position, table: DiscardTable, kind: PuzzleKind | str, objective: Objective | str | None,
                 answer: tuple[Card, ...]) -> Context:
    """The context of a solved position; the kind and the objective as their text or members."""
    return Context(position, table, PuzzleKind.parse(kind), None if objective is None else Objective.parse(objective),
                   answer)


# -- melds a card can belong to --------------------------------------------

def melds_with(cards: Iterable[Card], card: Card, kind: MeldKind | None = None) -> tuple[tuple[Card, ...], ...]:
    """Every meld among ``cards`` that holds ``card``: sets of 3 or 4, runs of 3
    or more; only sets or only runs when ``kind`` says so."""
    held = set(cards)
    found: list[tuple[Card, ...]] = []
    if kind in (None, MeldKind.SET):
        others = [Card(card.rank, s) for s in SUITS if s != card.suit and Card(card.rank, s) in held]
        for i in range(len(others)):
            for j in range(i + 1, len(others)):
                found.append((card, others[i], others[j]))
        if len(others) == 3:
            found.append((card, *others))
    if kind in (None, MeldKind.RUN):
        low = card.rank
        while low > 1 and Card(low - 1, card.suit) in held:
            low -= 1
        high = card.rank
        while high < 13 and Card(high + 1, card.suit) in held:
            high += 1
        for start in range(low, card.rank + 1):
            for end in range(max(card.rank, start + 2), high + 1):
                found.append(tuple(Card(r, card.suit) for r in range(start, end + 1)))
    return tuple(found)


def forced_deadwood(cards: Collection[Card], card: Card, kind: MeldKind) -> int | None:
    """The least deadwood of ``cards`` with ``card`` in a meld of ``kind`` (a set
    or a run); None when no such meld exists."""
    full = cards_mask(cards)
    values = [mask_min_deadwood(full & ~cards_mask(m)) for m in melds_with(cards, card, kind)]
    return min(values) if values else None


class MeldChoice(NamedTuple):
    """A card that fits a set and a run of the kept cards, the meld the least
    deadwood puts it in, and the deadwood with it in the other kind of meld."""

    card: Card
    meld: tuple[Card, ...]
    kind: MeldKind
    deadwood: int
    other_deadwood: int


def overlap_cards(cards: Collection[Card]) -> tuple[Card, ...]:
    """Cards that belong to a possible set and to a possible run among ``cards``."""
    return tuple(c for c in cards if melds_with(cards, c, MeldKind.SET) and melds_with(cards, c, MeldKind.RUN))


def layout_meld_kind(meld: tuple[Card, ...]) -> MeldKind:
    """A set or a run, the kind of a meld of a layout (a layout holds melds only)."""
    kind = meld_kind(meld)
    if kind is None:
        raise GinError(f"{show_cards(meld)} is in a layout but is not a meld")
    return kind


def meld_choices(cards: Collection[Card], layout: Arrangement) -> tuple[MeldChoice, ...]:
    """The cards of ``layout`` (a least-deadwood layout of ``cards``) that fit a set
    and a run, where the other kind of meld leaves strictly more deadwood."""
    found = []
    for card in overlap_cards(cards):
        meld = next((m for m in layout.melds if card in m), None)
        if meld is None:
            continue
        kind = layout_meld_kind(meld)
        other = forced_deadwood(cards, card, MeldKind.SET if kind == MeldKind.RUN else MeldKind.RUN)
        if other is not None and other > layout.points:
            found.append(MeldChoice(card, meld, kind, layout.points, other))
    return tuple(found)


# -- what the next draw does for a kept hand --------------------------------

def _lowers_with(kept: tuple[Card, ...], draw: Card, partner: Card | None) -> bool:
    """Whether drawing ``draw`` and throwing the best card lowers the deadwood of
    ``kept`` with ``draw`` in a meld (holding ``partner`` when given)."""
    now = min_deadwood(kept)
    eleven = kept + (draw,)
    full = cards_mask(eleven)
    for meld in melds_with(eleven, draw):
        if partner is not None and partner not in meld:
            continue
        rest = full & ~cards_mask(meld)
        bits = rest
        while bits:
            low = bits & -bits
            if mask_min_deadwood(rest & ~low) < now:
                return True
            bits ^= low
    return False


class Draws(NamedTuple):
    """The unseen cards that would lower the deadwood of a kept hand on the next
    draw (the row's outs), split into those that form or extend a meld and the
    low cards that are kept instead of a higher one."""

    outs: tuple[Card, ...]
    meld: tuple[Card, ...]
    low: tuple[Card, ...]


def draws(kept: Iterable[Card], outs: Sequence[Card]) -> Draws:
    """Split a row's outs into meld draws and low cards."""
    kept = tuple(kept)
    meld = tuple(u for u in outs if _lowers_with(kept, u, None))
    return Draws(tuple(outs), meld, tuple(u for u in outs if u not in meld))


def draws_with(kept: Iterable[Card], card: Card, outs: Iterable[Card]) -> tuple[Card, ...]:
    """The outs that lower the deadwood of ``kept`` in a meld with ``card``."""
    kept = tuple(kept)
    return tuple(u for u in outs if _lowers_with(kept, u, card))


# -- runs that can spare a card, sets of four ---------------------------------

def long_runs(cards: Iterable[Card]) -> tuple[tuple[Card, ...], ...]:
    """The runs of four or more cards among ``cards`` (each as long as it goes)."""
    held = set(cards)
    runs = []
    for card in sorted(held, key=lambda c: c.index):
        if card.rank > 1 and Card(card.rank - 1, card.suit) in held:
            continue
        run = [card]
        while run[-1].rank < 13 and Card(run[-1].rank + 1, card.suit) in held:
            run.append(Card(run[-1].rank + 1, card.suit))
        if len(run) >= 4:
            runs.append(tuple(run))
    return tuple(runs)


def fours(cards: Iterable[Card]) -> tuple[tuple[Card, ...], ...]:
    held = set(cards)
    return tuple(tuple(Card(r, s) for s in SUITS) for r in range(1, 14)
                 if all(Card(r, s) in held for s in SUITS))


def hides_answer(ctx: Context, deadwood: int) -> bool:
    """Whether counting the answer's ten cards as ``deadwood`` would hide the
    answer: over the knock limit for a knock; no better than the runner-up for
    a best discard."""
    if ctx.kind == PuzzleKind.CAN_KNOCK:
        return deadwood > ctx.table.knock_limit
    return ctx.runner_up is not None and deadwood >= ctx.runner_up.deadwood


class SpareCard(NamedTuple):
    """A set of four or a long run that spares a card in the answer: the kind of
    meld the card joins (a set or a run; None when the answer discards it), the
    card, the whole meld and the meld that stays."""

    joins: MeldKind | None
    card: Card
    whole: tuple[Card, ...]
    stays: tuple[Card, ...]


def spare_cards(ctx: Context) -> tuple[SpareCard, ...]:
    """The sets of four and the runs of four or more of the hand that give up a
    card in the answer: the answer discards it, or the answer's layout puts it in
    a meld of the other kind while the rest stays a meld, and keeping the meld
    whole would hide the answer."""
    if not ctx.answer:
        return ()
    card = ctx.answer[0]
    kept = ctx.kept(card)
    layout = ctx.layout(card)
    melds = [frozenset(m) for m in layout.melds]
    found = []
    for whole in fours(ctx.position.hand) + long_runs(ctx.position.hand):
        ends = whole if meld_kind(whole) == MeldKind.SET else (whole[0], whole[-1])
        for end in ends:
            stays = tuple(c for c in whole if c is not end)
            if frozenset(stays) not in melds:
                continue
            if end is card:
                found.append(SpareCard(None, end, whole, stays))
                continue
            other = next((m for m in layout.melds if end in m), None)
            if other is None or layout_meld_kind(other) == meld_kind(whole):
                continue
            if hides_answer(ctx, mask_min_deadwood(cards_mask(kept) & ~cards_mask(whole))):
                found.append(SpareCard(layout_meld_kind(other), end, whole, stays))
    return tuple(found)


# -- the themes ---------------------------------------------------------------

def _set_or_run(ctx: Context) -> bool:
    """A card fits a set and a run, and the wrong choice hides the answer: over
    the limit for a knock, no better than the runner-up for a discard."""
    if not ctx.answer:
        return False
    kept = ctx.kept(ctx.answer[0])
    return any(hides_answer(ctx, c.other_deadwood) for c in meld_choices(kept, ctx.layout(ctx.answer[0])))


def _not_highest(ctx: Context) -> bool:
    """A knock where throwing the highest deadwood card does not knock, so the
    knock needs a card out of a meld (a deadwood card never does better)."""
    return (ctx.kind == PuzzleKind.CAN_KNOCK and ctx.naive_wrong and ctx.naive in ctx.arrangement11.deadwood
            and not ctx.table.row(ctx.naive).knocks)


def _forbidden_discard(ctx: Context) -> bool:
    """The card just taken from the pile is the highest deadwood card, or throwing
    it back would knock (or leave less than any allowed discard)."""
    card = ctx.position.forbidden
    if card is None:
        return False
    if ctx.highest is card:
        return True
    left = min_deadwood(ctx.kept(card))
    if ctx.kind == PuzzleKind.CAN_KNOCK:
        return left <= ctx.table.knock_limit
    return left < ctx.least


def _looks_knockable(ctx: Context) -> bool:
    limit = ctx.table.knock_limit
    return ctx.kind == PuzzleKind.CAN_KNOCK and not ctx.answer and limit < ctx.least <= limit + 4


def _near_limit(ctx: Context) -> bool:
    """The least count is within 2 of the knock limit, so the yes or no hangs on it."""
    limit = ctx.table.knock_limit
    return ctx.kind == PuzzleKind.CAN_KNOCK and limit > 0 and abs(ctx.least - limit) <= 2


def _naive_wrong(ctx: Context) -> bool:
    """The naive rule's discard is not an answer (for a knock: it does not knock, or it
    knocks where gin or a knock keeping less deadwood is there)."""
    return ctx.naive_wrong


def _keep_the_pair(ctx: Context) -> bool:
    """Lookahead: the answer keeps the naive card because draws would meld with it."""
    if ctx.objective != Objective.LOOKAHEAD or not ctx.naive_wrong:
        return False
    row = ctx.table.row(ctx.answer[0])
    return bool(draws_with(ctx.kept(row.card), ctx.naive, row.outs))


def _gin(ctx: Context) -> bool:
    return ctx.kind == PuzzleKind.CAN_KNOCK and any(r.gin for r in ctx.table.rows)


def _big_gin(ctx: Context) -> bool:
    return ctx.table.big_gin


def _oklahoma(ctx: Context) -> bool:
    """Oklahoma's limit from the upcard changes which discards knock."""
    rules = ctx.position.rules
    if ctx.kind != PuzzleKind.CAN_KNOCK or not rules.oklahoma:
        return False
    usual = rules.knock_limit
    return any((r.deadwood <= usual) != r.knocks for r in ctx.table.rows)


def _four_of_a_kind(ctx: Context) -> bool:
    """A set of four gives up a card, to the discard or to a run, and three stay a set."""
    return any(meld_kind(s.whole) == MeldKind.SET for s in ctx.spares)


def _long_run(ctx: Context) -> bool:
    """A run of four or more gives up an end card, to the discard or to a set."""
    return any(meld_kind(s.whole) == MeldKind.RUN for s in ctx.spares)


class Theme(NamedTuple):
    """A theme: its name, its predicate and the kinds of puzzle it tags; what a
    learner reads of it (a title, a one-line description, the hint it gives) are
    the messages ``theme_title_``, ``theme_about_`` and ``theme_hint_`` followed by
    its name."""

    name: str
    predicate: Callable[[Any], bool]
    kinds: tuple[PuzzleKind, ...] = DISCARD_KINDS

    @property
    def title_message(self) -> Message:
        return say(f"theme_title_{self.name}")

    @property
    def description_message(self) -> Message:
        return say(f"theme_about_{self.name}")

    @property
    def hint_message(self) -> Message:
        return say(f"theme_hint_{self.name}")

    # The English text, for code and tests; a page renders the messages in its language.
    @property
    def title(self) -> str:
        return render(self.title_message)

    @property
    def description(self) -> str:
        return render(self.description_message)

    @property
    def hint(self) -> str:
        return render(self.hint_message)


THEMES = {name: Theme(name, predicate) for name, predicate in (
    ("set-or-run", _set_or_run), ("not-highest", _not_highest), ("forbidden-discard", _forbidden_discard),
    ("looks-knockable", _looks_knockable), ("near-limit", _near_limit), ("naive-wrong", _naive_wrong),
    ("keep-the-pair", _keep_the_pair), ("gin", _gin), ("big-gin", _big_gin), ("oklahoma", _oklahoma),
    ("four-of-a-kind", _four_of_a_kind), ("long-run", _long_run))} | {
    name: Theme(name, predicate, (PuzzleKind.TAKE_OR_DRAW,)) for name, predicate in TAKE_DRAW_THEMES} | {
    name: Theme(name, predicate, (PuzzleKind.KNOCK_LAYOUT,)) for name, predicate in KNOCK_LAYOUT_THEMES} | {
    name: Theme(name, predicate, (PuzzleKind.DEFEND,)) for name, predicate in DEFEND_THEMES}
"""Theme name (the same text in files and on the command line): its Theme."""

HINT_ORDER = ("set-or-run", "forbidden-discard", "four-of-a-kind", "long-run", "keep-the-pair", "not-highest",
              "naive-wrong", "looks-knockable", "near-limit", "oklahoma", "gin")
"""The theme whose hint comes first when several decide a puzzle: the most
specific first."""

NO_THEME_MEANS_ALL = render(say("themes_none_means_all"))
"""What a theme filter with nothing chosen does, said where the filter is (English)."""

SEVERAL_THEMES = render(say("themes_choose_several"))
"""How to choose several themes in a list, and what that keeps (English)."""


def theme_title(name: str) -> str:
    """The title a learner reads for a theme (an unknown name, as an old file may
    hold, as it is).

    >>> theme_title("set-or-run"), theme_title("retired")
    ('Set or run?', 'retired')
    """
    theme = THEMES.get(name)
    return theme.title if theme is not None else name


def themes_of(ctx: Context | DrawContext | LayoutContext | DefendContext) -> tuple[str, ...]:
    """Every theme of the puzzle's kind whose predicate holds, in the order of THEMES."""
    return tuple(name for name, theme in THEMES.items() if ctx.kind in theme.kinds and theme.predicate(ctx))


def kind_themes(kind: PuzzleKind) -> tuple[str, ...]:
    """The themes that can tag a puzzle of ``kind``, in the order of THEMES."""
    return tuple(name for name, theme in THEMES.items() if kind in theme.kinds)
