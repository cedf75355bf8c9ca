"""Computer players against each other, with deals mirrored to cancel luck.

Each deal is played twice with the seats swapped: player A gets in the second
hand exactly the cards, the dealer's place and the stock that player B had in
the first. Hands are independent (no match score). The win rate counts
decided hands only (dead hands and ties are set aside) and carries a 95%
Wilson score interval.

>>> result = duel("naive", "random", hands=4, seed=3)
>>> result.hands, result.wins_a + result.wins_b + result.dead + result.ties
(4, 4)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context

from ..words.errors import GinError, quoted
from ..words.language import t
from .cards import DECK, Card
from .hand import Hand
from .players import Player, decide
from .roster import PLAYER_NAMES, make_player
from .rules import Rules
from .scoring import HandScore, ScoreKind


def wilson_interval(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate.

    >>> [round(x, 3) for x in wilson_interval(60, 100)]
    [0.502, 0.691]
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == n else min(1.0, centre + half)
    return (low, high)


@dataclass
class HandRecord:
    """One hand of a duel, from A's side."""

    deal: int
    a_seat: int
    kind: str
    winner: str | None  # "a", "b" or None
    points: int
    history: tuple[str, ...]


@dataclass
class DuelResult:
    a: str
    b: str
    seed: object
    rules: Rules
    records: list[HandRecord] = field(default_factory=list)
    seconds: list[float] = field(default_factory=lambda: [0.0, 0.0])  # thinking time of A, B
    moves: list[int] = field(default_factory=lambda: [0, 0])
    slowest: list[float] = field(default_factory=lambda: [0.0, 0.0])
    wall: float = 0.0

    @property
    def hands(self) -> int:
        return len(self.records)

    @property
    def wins_a(self) -> int:
        return sum(r.winner == "a" for r in self.records)

    @property
    def wins_b(self) -> int:
        return sum(r.winner == "b" for r in self.records)

    @property
    def dead(self) -> int:
        return sum(r.kind == ScoreKind.DEAD for r in self.records)

    @property
    def ties(self) -> int:
        return sum(r.kind == ScoreKind.TIE for r in self.records)

    @property
    def decided(self) -> int:
        return self.wins_a + self.wins_b

    @property
    def win_rate_a(self) -> float | None:
        return self.wins_a / self.decided if self.decided else None

    @property
    def ci95_a(self) -> tuple[float, float]:
        return wilson_interval(self.wins_a, self.decided)

    def points(self, who: str) -> int:
        return sum(r.points for r in self.records if r.winner == who)

    @property
    def points_per_hand_a(self) -> float:
        """A's points less B's, per hand played."""
        return (self.points("a") - self.points("b")) / self.hands if self.hands else 0.0

    def kinds(self, who: str) -> dict[str, int]:
        counts: dict[str, int] = {}
        for r in self.records:
            if r.winner == who:
                counts[r.kind] = counts.get(r.kind, 0) + 1
        return counts

    def seconds_per_move(self, index: int) -> float:
        return self.seconds[index] / self.moves[index] if self.moves[index] else 0.0

    def to_dict(self) -> dict[str, object]:
        low, high = self.ci95_a
        rate = self.win_rate_a
        return {
            "a": self.a, "b": self.b, "seed": self.seed, "hands": self.hands,
            "wins_a": self.wins_a, "wins_b": self.wins_b, "dead": self.dead, "ties": self.ties,
            "win_rate_a": None if rate is None else round(rate, 4),
            "ci95_a": [round(low, 4), round(high, 4)],
            "points_a": self.points("a"), "points_b": self.points("b"),
            "points_per_hand_a": round(self.points_per_hand_a, 3),
            "wins_by_kind_a": self.kinds("a"), "wins_by_kind_b": self.kinds("b"),
            "seconds_per_move_a": round(self.seconds_per_move(0), 5),
            "seconds_per_move_b": round(self.seconds_per_move(1), 5),
            "slowest_move_a": round(self.slowest[0], 4), "slowest_move_b": round(self.slowest[1], 4),
            "wall_seconds": round(self.wall, 2),
        }

    def report(self) -> str:
        data = self.to_dict()
        rate = "n/a" if self.win_rate_a is None else f"{100 * self.win_rate_a:.1f}%"
        low, high = self.ci95_a
        return "\n".join([
            f"{self.a} (A) against {self.b} (B): {self.hands} hands, {self.hands // 2} deals played "
            f"from both seats, seed {self.seed}",
            f"wins: A {self.wins_a}, B {self.wins_b}; dead hands {self.dead}; ties {self.ties}",
            f"A's win rate over {self.decided} decided hands: {rate} "
            f"(95% interval {100 * low:.1f}% to {100 * high:.1f}%)",
            f"points: A {data['points_a']}, B {data['points_b']}; A's net per hand {self.points_per_hand_a:+.2f}",
            f"A's wins by kind: {_kinds_text(self.kinds('a'))}; B's: {_kinds_text(self.kinds('b'))}",
            f"thinking time per move: A {1000 * self.seconds_per_move(0):.1f} ms (slowest "
            f"{1000 * self.slowest[0]:.0f} ms), B {1000 * self.seconds_per_move(1):.1f} ms (slowest "
            f"{1000 * self.slowest[1]:.0f} ms); {self.wall:.1f} s in all",
        ])


def _kinds_text(kinds: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())) or "none"


def deal_deck(seed: object, number: int) -> tuple[tuple[Card, ...], int]:
    """The deck and dealer of deal ``number`` of a duel with ``seed``."""
    rng = random.Random(f"duel:{seed}:{number}")
    deck = list(DECK)
    rng.shuffle(deck)
    return tuple(deck), rng.randrange(2)


MOST_MOVES = 1000
"""The most moves :func:`play_hand` plays before it gives a hand up. A hand ends once the stock runs low, but a
take does not draw from it: two players who kept taking each other's throws would play one hand for ever. The
players here end their hands in far fewer moves."""


def play_hand(players: Sequence[Player], deck: tuple[Card, ...], dealer: int, rules: Rules,
              seed: object) -> tuple[Hand, list[float], list[int], list[float]]:
    """Play one hand between ``players`` (seat 0, seat 1); returns the hand and
    each seat's thinking time, move count and slowest move. A hand still not over after
    :data:`MOST_MOVES` moves is refused with a message naming the players and the deal's seed."""
    hand = Hand(rules, dealer, deck)
    seconds, moves, slowest = [0.0, 0.0], [0, 0], [0.0, 0.0]
    while (seat := hand.to_act) is not None:  # None once the hand is over
        if sum(moves) >= MOST_MOVES:
            names = [str(getattr(player, "name", type(player).__name__)) for player in players]
            raise GinError(t("{first} and {second} played {moves} moves of the hand with seed {seed} and it was "
                             "still not over: players who keep taking each other's discards never end a hand",
                             first=quoted(names[0]), second=quoted(names[1]), moves=sum(moves),
                             seed=quoted(seed)))
        start = time.perf_counter()
        action = decide(players[seat], hand, seed)
        spent = time.perf_counter() - start
        seconds[seat] += spent
        moves[seat] += 1
        slowest[seat] = max(slowest[seat], spent)
        hand.apply(action)
    return hand, seconds, moves, slowest


_Played = tuple[HandRecord, tuple[float, float], tuple[int, int], tuple[float, float]]
"""One hand of a duel: its record, then A's and B's thinking time, move count and slowest move."""


def _score(hand: Hand) -> HandScore:
    """The score of a hand played out."""
    if hand.result is None:
        raise GinError("the hand is not over: it has no score yet")
    return hand.result


def _play_range(a: str, b: str, seed: object, rules: Rules, first: int, last: int) -> list[_Played]:
    players = {"a": make_player(a), "b": make_player(b)}
    out: list[_Played] = []
    for number in range(first, last):
        deal, swap = divmod(number, 2)
        deck, dealer = deal_deck(seed, deal)
        a_seat = swap
        seats = [players["a"], players["b"]] if a_seat == 0 else [players["b"], players["a"]]
        hand, seconds, moves, slowest = play_hand(seats, deck, dealer, rules, f"{seed}:{number}")
        result = _score(hand)
        winner_seat = result.winner_seat
        winner = None if winner_seat is None else ("a" if winner_seat == a_seat else "b")
        record = HandRecord(deal, a_seat, result.kind, winner, result.points, hand.history)
        mine, theirs = a_seat, 1 - a_seat
        out.append((record, (seconds[mine], seconds[theirs]), (moves[mine], moves[theirs]),
                    (slowest[mine], slowest[theirs])))
    return out


def _play_all(a: str, b: str, seed: object, rules: Rules, hands: int, jobs: int,
              progress: Callable[[int, int], None] | None) -> list[list[_Played]]:
    """The hands played in parts (by ``jobs`` processes), reporting each part done."""
    parts: list[list[_Played]] = []
    if jobs == 1:
        step = max(2, min(100, hands // 20))
        step += step % 2  # as the chunks below: whole deals
        for lo in range(0, hands, step):
            parts.append(_play_range(a, b, seed, rules, lo, min(lo + step, hands)))
            if progress is not None:
                progress(min(lo + step, hands), hands)
    else:
        chunk = max(2, -(-hands // (jobs * 8)))
        chunk += chunk % 2
        bounds = [(i, min(i + chunk, hands)) for i in range(0, hands, chunk)]
        with ProcessPoolExecutor(jobs, mp_context=get_context("fork")) as pool:
            columns = zip(*[(a, b, seed, rules, lo, hi) for lo, hi in bounds], strict=True)
            for (_, hi), part in zip(bounds, pool.map(_play_range, *columns), strict=True):
                parts.append(part)
                if progress is not None:
                    progress(hi, hands)
    return parts


def duel(a: str, b: str, *, hands: int, seed: object = 0, rules: Rules | None = None, jobs: int = 1,
         progress: Callable[[int, int], None] | None = None) -> DuelResult:
    """Play ``hands`` hands of ``a`` against ``b``: deal ``k`` is hands ``2k``
    (A in seat 0) and ``2k + 1`` (A in seat 1). ``jobs`` processes share the work.
    ``progress(done, hands)`` is called as hands are played (in steps of a few)."""
    for name in (a, b):
        if name not in PLAYER_NAMES:
            raise GinError(t("unknown player {name}: choose one of {choices}", name=repr(name),
                             choices=", ".join(PLAYER_NAMES)))
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise GinError(t("the number of hands must be a positive whole number, not {value}", value=repr(hands)))
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise GinError(t("jobs must be a positive whole number, not {value}", value=repr(jobs)))
    rules = Rules() if rules is None else rules
    result = DuelResult(a, b, seed, rules)
    start = time.perf_counter()
    parts = _play_all(a, b, seed, rules, hands, jobs, progress)
    for part in parts:
        for record, seconds, moves, slowest in part:
            result.records.append(record)
            for i in (0, 1):
                result.seconds[i] += seconds[i]
                result.moves[i] += moves[i]
                result.slowest[i] = max(result.slowest[i], slowest[i])
    result.wall = time.perf_counter() - start
    return result
