"""The figures the strategy lesson (lesson 10) quotes, measured with the computer
players: how often a knock is undercut (early in the hand or late, with a low
count or a high one), and what knocking at once wins against waiting for gin.

Both measurements play fixed deals (:func:`gintrainer.duel.deal_deck` from a seed),
so the same seed gives the same figures; the lesson's prose quotes
:data:`HANDS` hands from :data:`SEED`, and a test holds the prose against
:func:`undercuts` and :func:`knock_or_wait`. ``bench/bench_strategy.py`` prints them.

>>> figures = undercuts(hands=4, seed="doc")
>>> figures.knocks == figures.early + figures.late, figures.undercut <= figures.knocks
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..duel import deal_deck, play_hand
from ..players import LookaheadPlayer
from ..rules import Rules
from ..scoring import ScoreKind

HANDS = 200
"""The number of hands (deals) the lesson's figures come from."""
SEED = "strategy"
EARLY_STOCK = 21
"""A knock is early while the stock still has this many cards or more (the first five draws of each player)."""
LOW_COUNT = 5
"""A knock with this much deadwood or less has a low count."""
WAIT_LATE_STOCK = 8
"""The player who waits for gin knocks anyway once the stock is down to this many cards."""

_KNOCKS = (ScoreKind.KNOCK, ScoreKind.UNDERCUT)


@dataclass(frozen=True, slots=True)
class Undercuts:
    """Knocks (gin left out) between two players who knock as soon as they may, and how many were undercut."""

    hands: int
    knocks: int
    undercut: int
    early: int
    early_undercut: int
    late: int
    late_undercut: int
    low: int
    low_undercut: int
    high: int
    high_undercut: int


def undercuts(hands: int = HANDS, seed: object = SEED, rules: Rules | None = None) -> Undercuts:
    """Play ``hands`` deals between two copies of the lookahead player (which knocks
    as soon as it may) and count the knocks and undercuts: early (the stock at
    :data:`EARLY_STOCK` or more) or late, with a low count (:data:`LOW_COUNT` or
    less) or a high one."""
    rules = rules or Rules()
    player = LookaheadPlayer()
    counts = dict.fromkeys(("knocks", "undercut", "early", "early_undercut", "late", "late_undercut", "low",
                            "low_undercut", "high", "high_undercut"), 0)
    for number in range(hands):
        deck, dealer = deal_deck(seed, number)
        hand, *_ = play_hand([player, player], deck, dealer, rules, f"{seed}:{number}")
        result = hand.result
        if result is None or result.kind not in _KNOCKS:
            continue
        cut = result.kind == ScoreKind.UNDERCUT
        when = "early" if hand.stock_count >= EARLY_STOCK else "late"
        count = "low" if (result.knocker_deadwood or 0) <= LOW_COUNT else "high"  # a knock always has a count
        for key in ("knocks", when, count):
            counts[key] += 1
        if cut:
            for key in ("undercut", f"{when}_undercut", f"{count}_undercut"):
                counts[key] += 1
    return Undercuts(hands, **counts)


@dataclass(frozen=True, slots=True)
class KnockOrWait:
    """Points won over mirrored deals by a player who knocks at once and by one who waits for gin."""

    hands: int
    eager_points: int
    waiting_points: int
    eager_gins: int
    waiting_gins: int


def knock_or_wait(hands: int = HANDS, seed: object = SEED, rules: Rules | None = None) -> KnockOrWait:
    """Play ``hands`` hands (each deal twice, seats swapped) of the lookahead player
    knocking as soon as it may against the same player waiting for gin (it knocks
    only once the stock is down to :data:`WAIT_LATE_STOCK` cards)."""
    rules = rules or Rules()
    eager, waiting = LookaheadPlayer(), LookaheadPlayer(knock_at=0, late_stock=WAIT_LATE_STOCK)
    points, gins = [0, 0], [0, 0]
    for number in range(hands):
        deal, swap = divmod(number, 2)
        deck, dealer = deal_deck(seed, deal)
        seats = [eager, waiting] if swap == 0 else [waiting, eager]
        hand, *_ = play_hand(seats, deck, dealer, rules, f"{seed}:{number}")
        result = hand.result
        if result is None or result.winner_seat is None:
            continue
        winner = 0 if seats[result.winner_seat] is eager else 1
        points[winner] += result.points
        gins[winner] += result.kind in (ScoreKind.GIN, ScoreKind.BIG_GIN)
    return KnockOrWait(hands, points[0], points[1], gins[0], gins[1])


def percent(part: int, whole: int) -> int:
    """A share in whole percent (rounded), 0 of nothing."""
    return round(100 * part / whole) if whole else 0


__all__ = ["EARLY_STOCK", "HANDS", "LOW_COUNT", "SEED", "WAIT_LATE_STOCK", "KnockOrWait", "Undercuts", "knock_or_wait",
           "percent", "undercuts"]
