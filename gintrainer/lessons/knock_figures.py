"""The figures the strategy lesson (lesson 10) quotes, measured with the computer
players: how often a knock is undercut (early in the hand or late, with a low
count or a high one, after the defender took few cards from the pile or many),
and what knocking at once wins against waiting for gin.

Both measurements play fixed deals (:func:`gintrainer.engine.duel.deal_deck` from a seed),
hand by hand, so the same seed gives the same figures and each hand can be played
again on its own. ``bench/bench_strategy.py`` plays them, prints each figure with
its sample and 95% interval, and stores what each hand gave in
``gintrainer/data/knock_figures.json`` (:func:`stored`); the lesson quotes the
stored figures, and the tests hold the prose against them, check that each claim
of a direction has an interval that excludes no difference, and play a spread of
the stored hands again.

>>> figures = undercuts(hands=4, seed="doc")
>>> figures.knocks.whole == figures.early.whole + figures.late.whole
True
>>> Share(9, 148).interval_percent()
(3.2, 11.2)
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from ..engine.duel import deal_deck, play_hand, wilson_interval
from ..engine.hand import ActionKind
from ..engine.players import LookaheadPlayer
from ..engine.rules import Rules
from ..engine.scoring import ScoreKind

SEED = "strategy"
EARLY_STOCK = 21
"""A knock is early while the stock still has this many cards or more (the first five draws of each player)."""
LOW_COUNT = 5
"""A knock with this much deadwood or less has a low count."""
MANY_TAKEN = 2
"""The defender took many cards from the pile: this many or more (the upcard counts when taken)."""
WAIT_LATE_STOCK = 8
"""The player who waits for gin knocks anyway once the stock is down to this many cards."""
Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""

_KNOCKS = (ScoreKind.KNOCK, ScoreKind.UNDERCUT)
_GINS = (ScoreKind.GIN, ScoreKind.BIG_GIN)


# -- the statistics -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Share:
    """``part`` of ``whole`` (undercuts of knocks), with its 95% Wilson interval."""

    part: int
    whole: int

    @property
    def rate(self) -> float:
        return self.part / self.whole if self.whole else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.part, self.whole, Z95)

    def percent(self) -> float:
        """The share in percent, to one decimal."""
        return round(100 * self.rate, 1)

    def interval_percent(self) -> tuple[float, float]:
        low, high = self.interval
        return round(100 * low, 1), round(100 * high, 1)


@dataclass(frozen=True, slots=True)
class Gap:
    """A difference with its 95% interval: it decides a direction only when the interval excludes 0."""

    value: float
    low: float
    high: float

    @property
    def decided(self) -> bool:
        return self.low > 0 or self.high < 0

    @property
    def sign(self) -> int:
        """+1 or -1 when the interval lies on one side of 0, else 0 (undecided)."""
        return 1 if self.low > 0 else -1 if self.high < 0 else 0


def share_gap(first: Share, second: Share) -> Gap:
    """The difference of two shares from independent knocks, ``first`` less ``second``,
    with Newcombe's hybrid score interval (built from the two Wilson intervals).

    Newcombe's (1998) own example, 56 of 70 against 48 of 80: 0.0524 to 0.3339.

    >>> gap = share_gap(Share(56, 70), Share(48, 80))
    >>> round(gap.value, 4), round(gap.low, 4), round(gap.high, 4), gap.decided
    (0.2, 0.0524, 0.3339, True)
    >>> share_gap(Share(9, 148), Share(0, 46)).decided
    False
    """
    (l1, u1), (l2, u2) = first.interval, second.interval
    p1, p2 = first.rate, second.rate
    value = p1 - p2
    low = value - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = value + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return Gap(value, low, high)


def mean_gap(values: Sequence[float]) -> Gap:
    """The mean of paired differences (one a deal), with the normal 95% interval
    mean ± 1.96 standard errors (the samples here are thousands of deals).

    >>> gap = mean_gap([2, -1, 3, 0])
    >>> round(gap.value, 2), round(gap.low, 2), round(gap.high, 2)
    (1.0, -0.79, 2.79)
    """
    n = len(values)
    if n < 2:
        return Gap(float(values[0]) if values else 0.0, -math.inf, math.inf)
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return Gap(mean, mean - half, mean + half)


# -- the undercut measurement -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Knock:
    """One knock (gin left out) of a hand between two players who knock as soon as they may."""

    stock: int
    """The cards left in the stock when he knocked."""
    deadwood: int
    """The knocker's count."""
    taken: int
    """The cards the defender had taken from the pile (the upcard too)."""
    undercut: bool

    @property
    def early(self) -> bool:
        return self.stock >= EARLY_STOCK

    @property
    def low(self) -> bool:
        return self.deadwood <= LOW_COUNT

    @property
    def many_taken(self) -> bool:
        return self.taken >= MANY_TAKEN


def knock_of(number: int, seed: object = SEED, rules: Rules | None = None) -> Knock | None:
    """Play hand ``number`` of ``seed`` between two copies of the lookahead player
    (which knocks as soon as it may): its knock, or None for gin or a dead hand."""
    rules = rules or Rules()
    player = LookaheadPlayer()
    deck, dealer = deal_deck(seed, number)
    hand, *_ = play_hand([player, player], deck, dealer, rules, f"{seed}:{number}")
    result = hand.result
    if result is None or result.kind not in _KNOCKS or result.knocker is None:
        return None
    taken = sum(1 for seat, action in hand.actions if seat != result.knocker and action.kind == ActionKind.TAKE)
    return Knock(hand.stock_count, result.knocker_deadwood or 0, taken, result.kind == ScoreKind.UNDERCUT)


def _undercut_share(knocks: Iterable[Knock]) -> Share:
    chosen = list(knocks)
    return Share(sum(k.undercut for k in chosen), len(chosen))


class _Subset:
    """The undercut share of the knocks where one of a :class:`Knock`'s facts (``early``, ``low``,
    ``many_taken``) holds, or with ``holds=False`` fails: an attribute of :class:`Undercuts`."""

    def __init__(self, fact: str, *, holds: bool = True) -> None:
        self.fact, self.holds = fact, holds

    def __get__(self, undercuts: Undercuts, owner: object = None) -> Share:
        return _undercut_share(k for k in undercuts._knocks if getattr(k, self.fact) is self.holds)


class _Gap:
    """How much more often the knocks of one subset were undercut than another's (:func:`share_gap`):
    an attribute of :class:`Undercuts`."""

    def __init__(self, more: str, less: str) -> None:
        self.more, self.less = more, less

    def __get__(self, undercuts: Undercuts, owner: object = None) -> Gap:
        return share_gap(getattr(undercuts, self.more), getattr(undercuts, self.less))


@dataclass(frozen=True, slots=True)
class Undercuts:
    """The knocks of ``hands`` deals (None where a hand ended in gin or dead), and their undercut shares."""

    hands: int
    played: tuple[Knock | None, ...]

    @property
    def _knocks(self) -> list[Knock]:
        return [k for k in self.played if k is not None]

    @property
    def knocks(self) -> Share:
        """Undercuts of all knocks."""
        return _undercut_share(self._knocks)

    early = _Subset("early")
    late = _Subset("early", holds=False)
    low = _Subset("low")
    high = _Subset("low", holds=False)
    few_taken = _Subset("many_taken", holds=False)
    many_taken = _Subset("many_taken")
    late_less_early = _Gap("late", "early")
    high_less_low = _Gap("high", "low")
    many_less_few = _Gap("many_taken", "few_taken")


def undercuts(hands: int, seed: object = SEED, rules: Rules | None = None, first: int = 0) -> Undercuts:
    """Hands ``first`` to ``first + hands - 1`` of :func:`knock_of`."""
    return Undercuts(hands, tuple(knock_of(number, seed, rules) for number in range(first, first + hands)))


# -- knocking at once against waiting for gin ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outcome:
    """One hand between the player who knocks at once and the one who waits for gin, from the first's side."""

    points: int
    """The points the player who knocks at once won (negative: the points the waiting player won; 0 dead)."""
    gin: int
    """+1 when the player who knocks at once went gin, -1 when the waiting player did, else 0."""


def outcome_of(number: int, seed: object = SEED, rules: Rules | None = None) -> Outcome:
    """Play hand ``number`` of ``seed``: deal ``number // 2``, seats swapped on odd numbers,
    the lookahead player knocking as soon as it may against the same player waiting for
    gin (it knocks only once the stock is down to :data:`WAIT_LATE_STOCK` cards)."""
    rules = rules or Rules()
    eager, waiting = LookaheadPlayer(), LookaheadPlayer(knock_at=0, late_stock=WAIT_LATE_STOCK)
    deal, swap = divmod(number, 2)
    deck, dealer = deal_deck(seed, deal)
    seats = [eager, waiting] if swap == 0 else [waiting, eager]
    hand, *_ = play_hand(seats, deck, dealer, rules, f"{seed}:{number}")
    result = hand.result
    if result is None or result.winner_seat is None:
        return Outcome(0, 0)
    side = 1 if seats[result.winner_seat] is eager else -1
    return Outcome(side * result.points, side if result.kind in _GINS else 0)


@dataclass(frozen=True, slots=True)
class KnockOrWait:
    """The hands of the two players over ``hands`` hands (each deal twice, seats swapped)."""

    hands: int
    played: tuple[Outcome, ...]

    @property
    def eager_points(self) -> int:
        return sum(o.points for o in self.played if o.points > 0)

    @property
    def waiting_points(self) -> int:
        return -sum(o.points for o in self.played if o.points < 0)

    @property
    def eager_gins(self) -> int:
        return sum(o.gin == 1 for o in self.played)

    @property
    def waiting_gins(self) -> int:
        return sum(o.gin == -1 for o in self.played)

    def _per_deal(self, value: str) -> list[float]:
        """Each deal's two hands together, halved: a value per hand, paired over the seats."""
        pairs = zip(self.played[0::2], self.played[1::2], strict=False)
        return [(getattr(a, value) + getattr(b, value)) / 2 for a, b in pairs]

    @property
    def points_per_hand(self) -> Gap:
        """What knocking at once won per hand, less what waiting won (paired by deal)."""
        return mean_gap(self._per_deal("points"))

    @property
    def gins_per_hand(self) -> Gap:
        """Gins per hand of the player who knocks at once, less the waiting player's (paired by deal)."""
        return mean_gap(self._per_deal("gin"))


def knock_or_wait(hands: int, seed: object = SEED, rules: Rules | None = None, first: int = 0) -> KnockOrWait:
    """Hands ``first`` to ``first + hands - 1`` of :func:`outcome_of` (``first`` and ``hands`` even: whole deals)."""
    return KnockOrWait(hands, tuple(outcome_of(number, seed, rules) for number in range(first, first + hands)))


# -- the stored figures -------------------------------------------------------------------------

FILE = "knock_figures.json"


@dataclass(frozen=True, slots=True)
class Figures:
    """The figures the lesson quotes: both measurements, from :data:`SEED`, as the benchmark stored them."""

    seed: str
    undercuts: Undercuts
    knock_or_wait: KnockOrWait


def figures_path() -> Path:
    return Path(str(resources.files("gintrainer").joinpath("data", FILE)))


def to_json(figures: Figures) -> str:
    """The stored form: what each hand gave, one list a hand."""
    cut = [None if k is None else [k.stock, k.deadwood, k.taken, int(k.undercut)] for k in figures.undercuts.played]
    wait = [[o.points, o.gin] for o in figures.knock_or_wait.played]
    lines = [f'{{"seed": {json.dumps(figures.seed)},', '"undercuts": [',
             ",\n".join(json.dumps(row, separators=(",", ":")) for row in cut), '],', '"knock_or_wait": [',
             ",\n".join(json.dumps(row, separators=(",", ":")) for row in wait), ']}']
    return "\n".join(lines) + "\n"


def from_json(text: str) -> Figures:
    data = json.loads(text)
    played = tuple(None if row is None else Knock(row[0], row[1], row[2], bool(row[3])) for row in data["undercuts"])
    outcomes = tuple(Outcome(points, gin) for points, gin in data["knock_or_wait"])
    return Figures(data["seed"], Undercuts(len(played), played), KnockOrWait(len(outcomes), outcomes))


def stored(path: Path | None = None) -> Figures:
    """The figures the benchmark stored (``python bench/bench_strategy.py --write``)."""
    return from_json((path or figures_path()).read_text(encoding="utf-8"))


__all__ = ["EARLY_STOCK", "LOW_COUNT", "MANY_TAKEN", "SEED", "WAIT_LATE_STOCK", "Figures", "Gap", "Knock",
           "KnockOrWait", "Outcome", "Share", "Undercuts", "figures_path", "from_json", "knock_of", "knock_or_wait",
           "mean_gap", "outcome_of", "share_gap", "stored", "to_json", "undercuts"]
