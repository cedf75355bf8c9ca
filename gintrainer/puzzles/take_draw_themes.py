"""What makes a "take or draw?" position a puzzle, and what it says: the solved
position (:class:`DrawContext`), the themes that decide its answer, the ladder
of naive players that rates it, its explanation and its hint ladder, as
messages whose numbers all come from :func:`gintrainer.engine.solver.take_or_draw`.

The ladder: the meld rule (take the card when it goes into a meld), then the
count now (take it when taking lowers the deadwood below what the hand holds
now), then the full solver, which weighs every unseen card of the stock.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..engine.cards import Card
from ..engine.melds import Arrangement, best_arrangement, every_meld, min_deadwood
from ..engine.solver import DrawChoice, TakeOrDraw
from ..material.messages import Message, say
from .kinds import PuzzleKind
from .positions import DrawPosition

TAKE, DRAW = DrawChoice.TAKE, DrawChoice.DRAW
CHOICES = tuple(DrawChoice)


@dataclass(frozen=True)
class DrawContext:
    """A solved position before a draw."""

    position: DrawPosition
    solution: TakeOrDraw

    kind = PuzzleKind.TAKE_OR_DRAW

    @property
    def offered(self) -> Card:
        return self.solution.offered

    @property
    def choice(self) -> str:
        choice = self.solution.choice
        if choice is None:
            raise ValueError("taking and drawing tie: no answer")
        return choice

    @cached_property
    def now(self) -> int:
        """The least deadwood of the ten cards held now (a draw can always keep it by
        throwing the card drawn)."""
        return min_deadwood(self.position.hand)

    @cached_property
    def take_layout(self) -> Arrangement:
        """The least-deadwood layout of the ten cards kept after the take and the best discard."""
        kept = tuple(c for c in self.position.hand if c is not self.solution.discard) + (self.offered,)
        return best_arrangement(kept)

    @cached_property
    def offered_line(self) -> tuple[Card, tuple[Card, ...]] | None:
        """A best line of the take that melds the card taken: the discard and the meld, the
        shown layout's when it melds it, else another discard that leaves as little, or another
        layout of the same ten cards with as little deadwood. None says the card joins no meld
        in any line as good as the best, so "it would join no meld" holds of every one."""
        shown = next((m for m in self.take_layout.melds if self.offered in m), None)
        if shown is not None:
            return self.solution.discard, shown
        best = self.solution.take_expected
        for discard in sorted(self.position.hand, key=lambda c: c is not self.solution.discard):
            ten = tuple(c for c in self.position.hand if c is not discard) + (self.offered,)
            if min_deadwood(ten) != best:
                continue
            meld = next((m for m in every_meld(ten)
                         if self.offered in m and min_deadwood(tuple(c for c in ten if c not in m)) == best), None)
            if meld is not None:
                return discard, meld
        return None

    @property
    def offered_meld(self) -> tuple[Card, ...] | None:
        """The meld of :attr:`offered_line`, if any."""
        return self.offered_line[1] if self.offered_line is not None else None

    @cached_property
    def near(self) -> tuple[Card, ...]:
        """The cards of the hand the offered card pairs with (same rank) or sits next
        to (same suit, one or two ranks away)."""
        card = self.offered
        return tuple(c for c in self.position.hand
                     if c.rank == card.rank or (c.suit == card.suit and abs(c.rank - card.rank) <= 2))

    @property
    def limit(self) -> int:
        return self.solution.knock_limit

    @property
    def draw_outs(self) -> tuple[Card, ...]:
        """The unseen cards that would lower the deadwood held now if drawn."""
        return self.solution.draw_row.outs

    @property
    def tempting(self) -> bool:
        """Whether the offered card asks the question at all: it goes into a meld, sits
        next to a card of the hand, or taking it lowers the deadwood."""
        return bool(self.offered_meld or self.near) or self.solution.take_expected < self.now


# -- the naive players --------------------------------------------------------

def meld_rule(ctx: DrawContext) -> str:
    """The beginner's rule: take the card when it goes into a meld, else draw."""
    return TAKE if ctx.offered_meld else DRAW


def count_rule(ctx: DrawContext) -> str:
    """Take the card when taking lowers the deadwood below what the hand holds now, else draw."""
    return TAKE if ctx.solution.take_expected < ctx.now else DRAW


LADDER = (meld_rule, count_rule)
"""The naive players, weakest first; the full solver follows them."""


def ladder_level(ctx: DrawContext) -> int:
    """The first player of the ladder that answers right (1, 2), or 3: only the solver."""
    return next((n for n, player in enumerate(LADDER, 1) if player(ctx) == ctx.choice), 3)


# -- the themes -----------------------------------------------------------------

def _meld_but_draw(ctx: DrawContext) -> bool:
    """The card would go into a meld (so the meld rule takes it), yet drawing expects less."""
    return ctx.choice == DRAW and ctx.offered_meld is not None


def _stock_odds(ctx: DrawContext) -> bool:
    """Taking lowers the deadwood (so the count rule takes it), yet an average draw lowers it more."""
    return ctx.choice == DRAW and ctx.solution.take_expected < ctx.now


def _take_to_knock(ctx: DrawContext) -> bool:
    """Taking, then the best discard, is within the knock limit, which the hand is not now."""
    return ctx.choice == TAKE and ctx.limit > 0 and ctx.solution.take_expected <= ctx.limit < ctx.now


def _looks_useful(ctx: DrawContext) -> bool:
    """The card pairs with or sits next to a card of the hand, but would stay deadwood: draw."""
    return ctx.choice == DRAW and bool(ctx.near) and ctx.offered_meld is None


def _low_swap(ctx: DrawContext) -> bool:
    """The card goes into no meld (so the meld rule passes it), but it is low: kept instead
    of a higher discard, it is the better choice."""
    return (ctx.choice == TAKE and ctx.offered_meld is None
            and ctx.solution.discard.value > ctx.offered.value)


THEME_PREDICATES = (("meld-but-draw", _meld_but_draw), ("stock-odds", _stock_odds),
                    ("take-to-knock", _take_to_knock), ("looks-useful", _looks_useful), ("low-swap", _low_swap))
"""The themes of "take or draw?" (registered with the others in :data:`gintrainer.puzzles.themes.THEMES`)."""

HINT_ORDER = ("take-to-knock", "stock-odds", "meld-but-draw", "low-swap", "looks-useful")
"""The theme whose hint comes first when several decide a puzzle."""


# -- difficulty ---------------------------------------------------------------------

BANDS = {1: 1100, 2: 1500, 3: 1900}
"""The difficulty band by the first player of the ladder that answers right (as for the other kinds)."""


def rate(ctx: DrawContext, themes: tuple[str, ...]) -> int:
    """A chess-style difficulty: the ladder's band, then finer steps for a small
    margin, known cards of the opponent, and melds to see."""
    extra = 0
    extra += 80 if ctx.solution.margin < 1 else 0
    extra += 60 if "stock-odds" in themes else 0
    extra += 40 if ctx.position.opponent_known else 0
    extra += 10 * len(ctx.take_layout.melds)
    return BANDS[ladder_level(ctx)] + min(extra, 399)


# -- what it says -----------------------------------------------------------------

def _numbers(ctx: DrawContext) -> dict[str, object]:
    solution = ctx.solution
    return dict(card=ctx.offered, discard_card=solution.discard, take_deadwood=int(solution.take_expected),
                draw_expected=solution.draw_expected, margin_expected=solution.margin)


def _layout_sentence(ctx: DrawContext) -> Message:
    """What the take keeps: its melds and its deadwood."""
    layout, values = ctx.take_layout, dict(card=ctx.offered, discard_card=ctx.solution.discard)
    if not layout.melds:
        return say("td_take_layout_nomelds", **values)
    if not layout.deadwood:
        return say("td_take_layout_gin", layout=layout.melds, **values)
    return say("td_take_layout", layout=layout.melds, deadwood_cards=layout.deadwood, **values)


def _outs_sentence(ctx: DrawContext) -> Message:
    unseen = len(ctx.solution.unseen)
    if not ctx.draw_outs:
        return say("td_draw_outs_none", now=ctx.now, unseen=unseen)
    return say("td_draw_outs", now=ctx.now, outs=len(ctx.draw_outs), unseen=unseen)


def _theme_sentences(ctx: DrawContext, themes: tuple[str, ...]) -> list[Message]:
    solution, out = ctx.solution, []
    if "take-to-knock" in themes:
        out.append(say("td_take_knock", card=ctx.offered, discard_card=solution.discard,
                       take_deadwood=int(solution.take_expected), limit=ctx.limit))
    if "stock-odds" in themes:
        out.append(say("td_stock_odds", card=ctx.offered, now=ctx.now, take_deadwood=int(solution.take_expected),
                       draw_expected=solution.draw_expected))
    if "meld-but-draw" in themes and ctx.offered_line is not None:
        discard, meld = ctx.offered_line
        if meld in ctx.take_layout.melds:
            out.append(say("td_meld_but_draw", card=ctx.offered, meld=meld))
        else:  # another line as good as the one shown melds it: named
            out.append(say("td_meld_but_draw_line", card=ctx.offered, meld=meld, discard_card=discard,
                           take_deadwood=int(solution.take_expected)))
    if "looks-useful" in themes:
        out.append(say("td_looks_useful", card=ctx.offered, near_cards=ctx.near))
    if "low-swap" in themes:
        out.append(say("td_low_swap", card=ctx.offered, value=ctx.offered.value, discard_card=solution.discard,
                       discard_value=solution.discard.value))
    return out


def explain(ctx: DrawContext, themes: tuple[str, ...]) -> tuple[Message, ...]:
    """The answer with both numbers, what the take would keep, what the stock offers,
    and the sentence of each deciding theme."""
    values = _numbers(ctx)
    lead = (say("td_take", **values) if ctx.choice == TAKE
            else say("td_draw", unseen=len(ctx.solution.unseen), **values))
    return (lead, _layout_sentence(ctx), _outs_sentence(ctx), *_theme_sentences(ctx, themes))


def hints(ctx: DrawContext, themes: tuple[str, ...]) -> tuple[Message, ...]:
    """The hint ladder: the first deciding theme's hint (or how to compare), what the
    stock offers, then the answer."""
    lead = next((t for t in HINT_ORDER if t in themes), None)
    first = say(f"theme_hint_{lead}") if lead else say("td_hint_compare", card=ctx.offered)
    answer = (say("td_hint_take", card=ctx.offered, discard_card=ctx.solution.discard) if ctx.choice == TAKE
              else say("td_hint_draw"))
    return (first, _outs_sentence(ctx), answer)


__all__ = ["BANDS", "CHOICES", "DRAW", "DrawContext", "HINT_ORDER", "LADDER", "TAKE", "THEME_PREDICATES",
           "count_rule", "explain", "hints", "ladder_level", "meld_rule", "rate"]
