"""Puzzle themes: each an automatic tag, a predicate over the solved position.

A theme names the idea a puzzle trains; the first rung of the hint ladder
quotes its hint.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card
from ..melds import Arrangement, best_arrangement
from ..solver import DiscardTable, naive_discard
from .positions import Position


@dataclass(frozen=True)
class Context:
    """A solved position and the answer the puzzle will ask for."""

    position: Position
    table: DiscardTable
    kind: str  # "can_knock" or "best_discard"
    objective: str | None
    answer: tuple[Card, ...]  # the accepted discards (for can_knock: the knocking ones)
    naive: Card  # the naive rule's card, which may be the forbidden one (then the rule is wrong)
    arrangement11: Arrangement  # best_arrangement of the 11 cards, as the naive rule sees them

    @property
    def naive_legal(self) -> bool:
        return self.naive is not self.position.forbidden

    @property
    def least(self) -> int:
        return min(r.deadwood for r in self.table.rows)

    def kept(self, card: Card) -> tuple[Card, ...]:
        return tuple(c for c in self.position.hand if c is not card)


def make_context(position: Position, table: DiscardTable, kind: str, objective: str | None,
                 answer: tuple[Card, ...]) -> Context:
    return Context(position, table, kind, objective, answer, naive_discard(position.hand),
                   best_arrangement(position.hand))


def overlap_cards(cards) -> tuple[Card, ...]:
    """Cards that belong to a possible set and to a possible run among ``cards``."""
    held = set(cards)
    out = []
    for card in cards:
        in_set = sum(Card(card.rank, s) in held for s in "CDHS") >= 3
        if not in_set:
            continue
        suit, rank = card.suit, card.rank

        def has(r: int) -> bool:
            return 1 <= r <= 13 and Card(r, suit) in held
        if (has(rank - 2) and has(rank - 1)) or (has(rank - 1) and has(rank + 1)) or (has(rank + 1) and has(rank + 2)):
            out.append(card)
    return tuple(out)


def _has_set_or_run_choice(ctx: Context) -> bool:
    cards = ctx.kept(ctx.answer[0]) if ctx.answer else ctx.position.hand
    return bool(overlap_cards(cards))


def _not_highest(ctx: Context) -> bool:
    return ctx.kind == "can_knock" and bool(ctx.answer) and ctx.naive_legal and ctx.naive not in ctx.answer


def _forbidden_discard(ctx: Context) -> bool:
    card = ctx.position.forbidden
    if card is None:
        return False
    if ctx.naive is card:
        return True  # the beginner's rule would throw it back
    from ..melds import min_deadwood
    left = min_deadwood(ctx.kept(card))
    if ctx.kind == "can_knock":
        return left <= ctx.table.knock_limit
    best = min(r.deadwood for r in ctx.table.rows)
    return left < best


def _looks_knockable(ctx: Context) -> bool:
    limit = ctx.table.knock_limit
    return ctx.kind == "can_knock" and not ctx.answer and limit < ctx.least <= limit + 4


def _near_limit(ctx: Context) -> bool:
    limit = ctx.table.knock_limit
    return limit > 0 and abs(ctx.least - limit) <= 2


def _naive_wrong(ctx: Context) -> bool:
    if not ctx.naive_legal:
        return True
    if ctx.kind == "can_knock":
        knocks = ctx.table.row(ctx.naive).knocks
        return knocks != bool(ctx.answer) or (bool(ctx.answer) and ctx.naive not in ctx.answer)
    return ctx.naive not in ctx.answer


def _keep_the_pair(ctx: Context) -> bool:
    if ctx.kind != "best_discard" or ctx.naive in ctx.answer or not ctx.naive_legal:
        return False
    loose = [c for c in ctx.arrangement11.deadwood if c is not ctx.naive]
    naive = ctx.naive
    return any(c.rank == naive.rank or (c.suit == naive.suit and abs(c.rank - naive.rank) <= 2) for c in loose)


def _gin(ctx: Context) -> bool:
    return any(r.gin for r in ctx.table.rows)


def _big_gin(ctx: Context) -> bool:
    return ctx.table.big_gin


def _oklahoma(ctx: Context) -> bool:
    return ctx.position.rules.oklahoma


def _four_of_a_kind(ctx: Context) -> bool:
    ranks = [c.rank for c in ctx.position.hand]
    return any(ranks.count(r) == 4 for r in set(ranks))


def _long_run(ctx: Context) -> bool:
    held = set(ctx.position.hand)
    return any(card.rank <= 9 and all(Card(card.rank + i, card.suit) in held for i in range(1, 5))
               for card in held)


THEMES = {
    "set-or-run": (_has_set_or_run_choice, "A card fits both a set and a run: decide which meld it belongs to."),
    "not-highest": (_not_highest, "The card to throw is not the highest one."),
    "forbidden-discard": (_forbidden_discard, "The card just taken from the discard pile may not be thrown back."),
    "looks-knockable": (_looks_knockable, "The hand looks ready to knock: count the deadwood carefully."),
    "near-limit": (_near_limit, "The count is close to the knock limit."),
    "naive-wrong": (_naive_wrong, "Throwing the highest deadwood card is not the answer here."),
    "keep-the-pair": (_keep_the_pair, "Keep the cards that can still become a meld."),
    "gin": (_gin, "Look for a way to leave no deadwood at all."),
    "big-gin": (_big_gin, "All eleven cards may form melds."),
    "oklahoma": (_oklahoma, "Oklahoma: the first upcard sets the knock limit."),
    "four-of-a-kind": (_four_of_a_kind, "Four of a kind can spare one card for a run."),
    "long-run": (_long_run, "A long run can give up a card at either end."),
}
"""Theme name: (predicate over a Context, the hint it gives)."""


def themes_of(ctx: Context) -> tuple[str, ...]:
    """Every theme whose predicate holds, in the order of THEMES."""
    return tuple(name for name, (predicate, _) in THEMES.items() if predicate(ctx))
