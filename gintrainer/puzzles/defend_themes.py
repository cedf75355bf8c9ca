"""What makes a "defend" position a puzzle, and what it says: the solved
position (:class:`DefendContext`), the themes that decide its answer, the
ladder of naive players that rates it, its explanation and its hint ladder, as
messages whose numbers all come from the engine (:mod:`gintrainer.engine.scoring`).

The ladder: meld first, then lay off what is left as the knocker's melds take
it (your own least-deadwood melds, no card on a card laid off before); then
meld first with chains of lay-offs; then the full search, which may lay off a
card your own melds would hold.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..engine.cards import Card
from ..engine.melds import all_best_arrangements, min_deadwood
from ..engine.scoring import (
    DefenderReply,
    HandScore,
    ScoreKind,
    best_replies,
    layoff_targets,
    least_reply_deadwood,
    settle,
)
from ..material.messages import Message, say
from .defend_positions import DefendPosition
from .kinds import PuzzleKind


@dataclass(frozen=True)
class DefendContext:
    """A solved knock, seen by the defender."""

    position: DefendPosition

    kind = PuzzleKind.DEFEND

    @cached_property
    def replies(self) -> tuple[DefenderReply, ...]:
        """Every reply that keeps the least deadwood, the engine's first."""
        return best_replies(self.position.hand, self.position.knocker_melds)

    @property
    def reply(self) -> DefenderReply:
        """The reply the answer shows: the engine's (:func:`~gintrainer.engine.scoring.best_layoffs`)."""
        return self.replies[0]

    @property
    def deadwood(self) -> int:
        return self.reply.points

    @property
    def knocker(self) -> int:
        return self.position.knocker_points

    @cached_property
    def score(self) -> HandScore:
        """The hand's score with the defender's best reply."""
        p, r = self.position, self.reply
        return settle(p.rules, out=ScoreKind.KNOCK, knocker_melds=p.knocker_melds, knocker_dead=p.knocker_deadwood,
                      defender_melds=r.melds, layoffs=r.layoffs, defender_dead=r.deadwood, upcard=p.upcard)

    @property
    def undercut(self) -> bool:
        return self.score.kind == ScoreKind.UNDERCUT

    @cached_property
    def own(self) -> int:
        """The least deadwood of the defender's own melds, laying off nothing."""
        return min_deadwood(self.position.hand)

    def melding_first(self, chains: bool = True) -> int:
        """What melding first keeps: the defender's own least-deadwood melds (the best
        of them), then what is left laid off, chains included or not."""
        melds = self.position.knocker_melds
        return min(least_reply_deadwood(a.deadwood, melds, chains=chains)
                   for a in all_best_arrangements(self.position.hand))

    @cached_property
    def meld_first(self) -> int:
        """What melding first keeps, chains included."""
        return self.melding_first()

    @cached_property
    def unchained(self) -> int:
        """The least deadwood with no card laid off on a card laid off before."""
        return least_reply_deadwood(self.position.hand, self.position.knocker_melds, chains=False)

    @property
    def chain(self) -> tuple[Card, Card] | None:
        """A card of the answer laid off on a card laid off before it (it does not fit
        the knocker's meld as laid), and that card: the next one toward the meld."""
        for layoff in self.reply.layoffs:
            meld = self.position.knocker_melds[layoff.meld]
            if not layoff_targets(layoff.card, [meld]):
                step = 1 if layoff.card.rank < meld[0].rank else -1
                return layoff.card, Card(layoff.card.rank + step, layoff.card.suit)
        return None

    @property
    def worth_posing(self) -> bool:
        """Laying off matters: the least deadwood is below what the defender's own melds keep."""
        return self.deadwood < self.own


# -- the naive players --------------------------------------------------------

def meld_then_lay_off(ctx: DefendContext) -> int:
    """The beginner's way: meld first, then lay off what is left where the knocker's melds take it."""
    return ctx.melding_first(chains=False)


def meld_first(ctx: DefendContext) -> int:
    """Meld first, then lay off what is left, chains included."""
    return ctx.meld_first


LADDER = (meld_then_lay_off, meld_first)
"""The naive players, weakest first; the full search follows them."""


def ladder_level(ctx: DefendContext) -> int:
    """The first player of the ladder that keeps the least deadwood (1, 2), or 3: only the full search."""
    return next((n for n, player in enumerate(LADDER, 1) if player(ctx) == ctx.deadwood), 3)


# -- the themes -----------------------------------------------------------------

def _undercut(ctx: DefendContext) -> bool:
    """The least deadwood undercuts the knocker."""
    return ctx.undercut


def _chain_layoff(ctx: DefendContext) -> bool:
    """Without a lay-off on a lay-off the least is out of reach."""
    return ctx.unchained > ctx.deadwood


def _break_a_meld(ctx: DefendContext) -> bool:
    """Melding first, then laying off, keeps more than the least: every best reply
    lays off a card that each of the defender's least-deadwood layouts melds."""
    return ctx.meld_first > ctx.deadwood


THEME_PREDICATES = (("undercut", _undercut), ("chain-layoff", _chain_layoff), ("break-a-meld", _break_a_meld))
"""The themes of "defend" (registered with the others in :data:`gintrainer.puzzles.themes.THEMES`)."""

HINT_ORDER = ("break-a-meld", "chain-layoff", "undercut")
"""The theme whose hint comes first when several decide a puzzle."""


# -- difficulty ---------------------------------------------------------------------

BANDS = {1: 1100, 2: 1500, 3: 1900}
"""The difficulty band by the first player of the ladder that keeps the least (as for the other kinds)."""


def rate(ctx: DefendContext, themes: tuple[str, ...]) -> int:
    """A chess-style difficulty: the ladder's band, then finer steps for a close
    call on the undercut, several lay-offs, and several melds on the table."""
    extra = 80 if abs(ctx.deadwood - ctx.knocker) <= 2 else 0
    extra += 30 * len(ctx.reply.layoffs) + 10 * len(ctx.position.knocker_melds)
    extra += 60 if ctx.undercut else 0
    return BANDS[ladder_level(ctx)] + min(extra, 399)


# -- what it says -----------------------------------------------------------------

def layout_messages(ctx: DefendContext) -> list[Message]:
    """The answer's layout: the least deadwood, the defender's melds, each meld's lay-offs."""
    reply, melds = ctx.reply, ctx.position.knocker_melds
    out = [say("df_best", deadwood=ctx.deadwood, deadwood_cards=reply.deadwood) if reply.deadwood
           else say("df_best_gin")]
    out.append(say("df_melds", layout=reply.melds) if reply.melds else say("df_melds_none"))
    for i, meld in enumerate(melds):
        laid = tuple(lo.card for lo in reply.layoffs if lo.meld == i)
        if laid:
            out.append(say("df_layoff", cards=laid, meld=meld))
    return out


def verdict(ctx: DefendContext) -> Message:
    """The undercut or the knocker's points, as the score works them out."""
    score = ctx.score
    doubled = "_doubled" if score.multiplier != 1 else ""
    values = dict(deadwood=ctx.deadwood, knocker=ctx.knocker, points=score.points)
    if score.kind == ScoreKind.TIE:
        return say("df_tie", deadwood=ctx.deadwood)
    if doubled:
        values["times"] = score.multiplier
    if score.kind == ScoreKind.UNDERCUT:
        return say(f"df_undercut{doubled}", bonus=score.bonus, **values)
    return say(f"df_knocked{doubled}", **values)


def _theme_sentences(ctx: DefendContext, themes: tuple[str, ...]) -> list[Message]:
    out = []
    chain = ctx.chain
    if "chain-layoff" in themes and chain is not None:
        out.append(say("df_chain", chain_card=chain[0], first_card=chain[1], unchained=ctx.unchained))
    if "break-a-meld" in themes:
        out.append(say("df_break", own=ctx.own, naive=ctx.meld_first, deadwood=ctx.deadwood))
    return out


def explain(ctx: DefendContext, themes: tuple[str, ...]) -> tuple[Message, ...]:
    """The layout, the verdict, and the sentence of each deciding theme."""
    return (*layout_messages(ctx), verdict(ctx), *_theme_sentences(ctx, themes))


def answer_message(ctx: DefendContext) -> Message:
    if not ctx.reply.deadwood:
        return say("df_answer_gin")
    values = dict(deadwood=ctx.deadwood, deadwood_cards=ctx.reply.deadwood)
    return say("df_answer_undercut" if ctx.undercut else "df_answer_no_undercut", **values)


def hints(ctx: DefendContext, themes: tuple[str, ...]) -> tuple[Message, ...]:
    """The hint ladder: the first deciding theme's hint (or how to count), the least
    deadwood against the knocker's, then the answer."""
    lead = next((t for t in HINT_ORDER if t in themes), None)
    first = say(f"theme_hint_{lead}") if lead else say("df_hint_count")
    return (first, say("df_hint_least", deadwood=ctx.deadwood, knocker=ctx.knocker), answer_message(ctx))


__all__ = ["BANDS", "DefendContext", "HINT_ORDER", "LADDER", "THEME_PREDICATES", "answer_message", "explain",
           "hints", "ladder_level", "layout_messages", "meld_first", "meld_then_lay_off", "rate", "verdict"]
