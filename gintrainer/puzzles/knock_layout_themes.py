"""What makes a knock a "lay out your knock" puzzle, and what it says: the solved
knock (:class:`LayoutContext`, every layout within the knock limit scored by
:func:`gintrainer.engine.scoring.every_knock_layout`), the themes that decide its answer,
the ladder of naive players that rates it, its explanation and its hint ladder, as
messages whose numbers all come from the engine's scoring.

The ladder: the least deadwood, the defender's lay-offs counted among the layouts
that keep it (the engine's own layout, :func:`gintrainer.engine.scoring.knocker_layouts`);
then the fewest lay-offs at any cost (the layout, within the limit, that leaves the
defender the most deadwood, then the least of your own); then the full search.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from ..engine.cards import Card, sort_by_rank
from ..engine.scoring import ScoredLayout, knocker_layouts, layable_cards
from ..material.messages import Message, say
from .kinds import PuzzleKind
from .positions import KnockPosition


def same_layout(melds_a: Iterable[Iterable[Card]], melds_b: Iterable[Iterable[Card]]) -> bool:
    """Whether two layouts hold the same melds (in any order)."""
    return {frozenset(m) for m in melds_a} == {frozenset(m) for m in melds_b}


@dataclass(frozen=True)
class LayoutContext:
    """A solved knock: every layout within the knock limit, scored, the best first."""

    position: KnockPosition
    scored: tuple[ScoredLayout, ...]
    limit: int

    kind = PuzzleKind.KNOCK_LAYOUT

    @property
    def best(self) -> ScoredLayout:
        return self.scored[0]

    @cached_property
    def accepted(self) -> tuple[ScoredLayout, ...]:
        """Every layout that scores as much as the best."""
        return tuple(s for s in self.scored if s.net == self.best.net)

    @cached_property
    def next_best(self) -> ScoredLayout | None:
        """The best layout that scores less than the best, if any."""
        return next((s for s in self.scored if s.net < self.best.net), None)

    @property
    def margin(self) -> int:
        """How much more the best layouts score than the next best (0 without one)."""
        return self.best.net - self.next_best.net if self.next_best is not None else 0

    @cached_property
    def least(self) -> int:
        """The least deadwood a layout keeps."""
        return min(s.layout.points for s in self.scored)

    @cached_property
    def least_layouts(self) -> tuple[ScoredLayout, ...]:
        return tuple(s for s in self.scored if s.layout.points == self.least)

    def is_accepted(self, layout: ScoredLayout) -> bool:
        return layout.net == self.best.net

    @cached_property
    def rival(self) -> ScoredLayout | None:
        """The least-deadwood layout the explanation compares with: the engine's own
        (least deadwood, then the defender's most), or when that is accepted, the
        least-deadwood layout that scores least; None when every one is accepted."""
        engine = self.engine_layout
        if not self.is_accepted(engine):
            return engine
        worst = min(self.least_layouts, key=lambda s: s.net)
        return None if self.is_accepted(worst) else worst

    @cached_property
    def engine_layout(self) -> ScoredLayout:
        """The engine's layout: least deadwood, then the most deadwood left to the defender."""
        melds = knocker_layouts(self.position.hand, self.position.defender_hand)[0].melds
        return next(s for s in self.least_layouts if same_layout(s.layout.melds, melds))

    @property
    def gin(self) -> bool:
        return self.best.layout.points == 0


# -- the naive players --------------------------------------------------------

def least_deadwood_player(ctx: LayoutContext) -> ScoredLayout:
    """Lay out the least deadwood; of such layouts, the one that leaves the defender the most."""
    return ctx.engine_layout


def fewest_layoffs_player(ctx: LayoutContext) -> ScoredLayout:
    """Leave the defender the most deadwood, whatever it costs (within the limit), then keep the least."""
    return min(ctx.scored, key=lambda s: (-s.reply.points, s.layout.points))


LADDER = (least_deadwood_player, fewest_layoffs_player)
"""The naive players, weakest first; the full search follows them."""


def ladder_level(ctx: LayoutContext) -> int:
    """The first player of the ladder whose layout is accepted (1, 2), or 3: only the full search."""
    return next((n for n, player in enumerate(LADDER, 1) if ctx.is_accepted(player(ctx))), 3)


# -- the themes -----------------------------------------------------------------

def _block_layoffs(ctx: LayoutContext) -> bool:
    """Every accepted layout keeps more than the least deadwood: a meld is given up or broken."""
    return all(s.layout.points > ctx.least for s in ctx.accepted)


def _fewest_layoffs(ctx: LayoutContext) -> bool:
    """A least-deadwood layout is accepted and another is not: which one the defender lays off least on decides."""
    return any(ctx.is_accepted(s) for s in ctx.least_layouts) and not all(
        ctx.is_accepted(s) for s in ctx.least_layouts)


def _avoid_undercut(ctx: LayoutContext) -> bool:
    """The compared least-deadwood layout is undercut, the best layouts are not."""
    return ctx.rival is not None and ctx.rival.net < 0 <= ctx.best.net


THEME_PREDICATES = (("block-layoffs", _block_layoffs), ("fewest-layoffs", _fewest_layoffs),
                    ("avoid-undercut", _avoid_undercut))
"""The themes of "lay out your knock" (registered with the others in :data:`gintrainer.puzzles.themes.THEMES`)."""

HINT_ORDER = ("avoid-undercut", "block-layoffs", "fewest-layoffs")
"""The theme whose hint comes first when several decide a puzzle."""


# -- difficulty ---------------------------------------------------------------------

BANDS = {1: 1100, 2: 1500, 3: 1900}
"""The difficulty band by the first player of the ladder that answers right (as for the other kinds)."""


def rate(ctx: LayoutContext, themes: tuple[str, ...]) -> int:
    """A chess-style difficulty: the ladder's band, then finer steps for a small
    margin, an undercut to see, more layouts to weigh and more melds."""
    extra = 0
    extra += 80 if ctx.margin <= 3 else 0
    extra += 60 if "avoid-undercut" in themes else 0
    extra += 5 * min(len(ctx.scored), 20)
    extra += 10 * len(ctx.best.layout.melds)
    return BANDS[ladder_level(ctx)] + min(extra, 399)


# -- what it says -----------------------------------------------------------------

def laid_off(scored: ScoredLayout) -> tuple[Card, ...]:
    """The defender's cards laid off on a layout, by rank."""
    return sort_by_rank(layoff.card for layoff in scored.reply.layoffs)


def _lead(ctx: LayoutContext) -> Message:
    best = ctx.best
    values = dict(layout=best.layout.melds, deadwood=best.layout.points)
    if best.net > 0:
        return say("kl_best_knock", defender_deadwood=best.score.defender_deadwood, points=best.net, **values)
    if best.net < 0:
        return say("kl_best_undercut", defender_deadwood=best.score.defender_deadwood, lost=-best.net, **values)
    return say("kl_best_tie", **values)


def _layoffs(scored: ScoredLayout) -> Message:
    cards = laid_off(scored)
    return say("kl_layoffs", layoff_cards=cards) if cards else say("kl_layoffs_none")


def _rival(rival: ScoredLayout) -> Message:
    values = dict(rival_layout=rival.layout.melds, deadwood=rival.layout.points, layoff_cards=laid_off(rival))
    if rival.net > 0:
        return say("kl_rival_knock", defender_deadwood=rival.score.defender_deadwood, points=rival.net, **values)
    if rival.net < 0:
        return say("kl_rival_undercut", defender_deadwood=rival.score.defender_deadwood, lost=-rival.net, **values)
    return say("kl_rival_tie", **values)


def blocked(ctx: LayoutContext) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """What the best layout leaves out of its melds that the compared layout melds, and
    the cards the defender lays off on the compared layout but not on the best."""
    if ctx.rival is None:
        return (), ()
    kept = sort_by_rank(c for c in ctx.best.layout.deadwood if c not in ctx.rival.layout.deadwood)
    best_laid = set(laid_off(ctx.best))
    return kept, tuple(c for c in laid_off(ctx.rival) if c not in best_laid)


def explain(ctx: LayoutContext, themes: tuple[str, ...]) -> tuple[Message, ...]:
    """The best layout with its numbers, the lay-offs against it, the least-deadwood
    layout it beats with its numbers, and what giving a meld up blocks: of the cards the
    defender lays off on the compared layout and not on the best, those no lay-off can put
    on the best layout's melds, and those it could, which the defender keeps in his melds
    (laying them off would break one and leave him no less deadwood)."""
    said = [_lead(ctx), _layoffs(ctx.best)]
    if ctx.rival is not None:
        said.append(_rival(ctx.rival))
    kept, stopped = blocked(ctx)
    if "block-layoffs" in themes and kept and stopped:
        layable = set(layable_cards(ctx.position.defender_hand, ctx.best.layout.melds))
        barred = tuple(c for c in stopped if c not in layable)
        unpaid = tuple(c for c in stopped if c in layable)
        if barred:
            said.append(say("kl_blocked", kept_cards=kept, blocked_cards=barred))
        if unpaid:
            said.append(say("kl_layoffs_kept", unpaid_cards=unpaid))
    return tuple(said)


def hints(ctx: LayoutContext, themes: tuple[str, ...]) -> tuple[Message, ...]:
    """The hint ladder: the first deciding theme's hint (or how to count), what the
    defender lays off on the compared layout, then the answer."""
    lead = next((t for t in HINT_ORDER if t in themes), None)
    said = [say(f"theme_hint_{lead}") if lead else say("kl_hint_count")]
    if ctx.rival is not None and laid_off(ctx.rival):
        said.append(say("kl_hint_layoffs", rival_layout=ctx.rival.layout.melds, layoff_cards=laid_off(ctx.rival)))
    said.append(say("kl_hint_answer", layout=ctx.best.layout.melds))
    return tuple(said)


__all__ = ["BANDS", "HINT_ORDER", "LADDER", "LayoutContext", "THEME_PREDICATES", "blocked", "explain",
           "fewest_layoffs_player", "hints", "ladder_level", "laid_off", "least_deadwood_player", "rate",
           "same_layout"]
