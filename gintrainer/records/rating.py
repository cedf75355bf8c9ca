"""Glicko-2 ratings for learners solving puzzles of a fixed difficulty.

A learner plays each puzzle as a one-game rating period against an opponent
rated at the puzzle's difficulty, as chess puzzle trainers do; the algorithm is
Glickman's "Example of the Glicko-2 system" (2013), with a deviation floor and
cap and a volatility cap so that ratings stay sensible however long a learner
plays.

>>> r = update(Rating(), 1500, solved=True)
>>> round(r.rating), round(r.deviation), r.deviation < Rating().deviation
(1675, 248, True)
>>> round(expected_score(Rating(1700), 1500), 2)
0.76
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..words.errors import GinError

SCALE = 173.7178
"""Glicko-2's conversion factor between the rating scale and its internal scale."""
BASE = 1500.0
TAU = 0.5
"""How much the volatility may change; Glickman suggests 0.3 to 1.2."""
EPSILON = 1e-6
MIN_DEVIATION = 45.0
MAX_DEVIATION = 350.0
MAX_VOLATILITY = 0.1
DEFAULT_PUZZLE_DEVIATION = 50.0
"""A puzzle's difficulty is fixed, but only known to about this many points."""

_MAX_ITERATIONS = 100
# Beyond this many logistic units the expected score is 1 - 1e-17; capping it
# keeps the variance of a hopeless mismatch finite.
_MAX_LOGIT = 40.0


class RatingError(GinError):
    """A rating, a game result or a puzzle difficulty that is not a usable number."""


def _number(value: Any, what: str, *, low: float | None = None, high: float | None = None,
            open_low: bool = False) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise RatingError(f"{what} must be a finite number, not {value!r}")
    if low is not None and (value < low or open_low and value == low) or high is not None and value > high:
        lower = f"above {low:g}" if open_low else f"at least {low:g}"
        bounds = lower if high is None else f"{lower} and at most {high:g}"
        raise RatingError(f"{what} must be {bounds}, not {value!r}")
    return float(value)


def _deviation(value: Any, what: str, *, open_low: bool = True) -> float:
    return _number(value, what, low=0.0, high=MAX_DEVIATION, open_low=open_low)


@dataclass(frozen=True, slots=True)
class Rating:
    """A Glicko-2 rating: the estimate, its standard deviation and the volatility.

    >>> Rating(1500, 200).deviation
    200.0
    >>> Rating(deviation=0)
    Traceback (most recent call last):
    ...
    gintrainer.records.rating.RatingError: deviation must be above 0 and at most 350, not 0
    """

    rating: float = BASE
    deviation: float = MAX_DEVIATION
    volatility: float = 0.06

    def __post_init__(self) -> None:
        object.__setattr__(self, "rating", _number(self.rating, "rating"))
        object.__setattr__(self, "deviation", _deviation(self.deviation, "deviation"))
        object.__setattr__(self, "volatility", _number(self.volatility, "volatility", low=0.0, high=1.0,
                                                       open_low=True))

    def to_dict(self) -> dict[str, float]:
        """Plain data for JSON; :meth:`from_dict` reads it back."""
        return {"rating": self.rating, "deviation": self.deviation, "volatility": self.volatility}

    @classmethod
    def from_dict(cls, data: Any) -> Rating:
        """A rating from ``{"rating": r, "deviation": d, "volatility": v}``.

        >>> Rating.from_dict(Rating(1612.5, 80).to_dict()) == Rating(1612.5, 80)
        True
        """
        if not isinstance(data, dict) or set(data) != {"rating", "deviation", "volatility"}:
            raise RatingError(f"a rating must be a dict with rating, deviation and volatility, not {data!r}")
        return cls(data["rating"], data["deviation"], data["volatility"])


class Game(NamedTuple):
    """One game of a rating period: the opponent's rating and deviation, and the score (1 win, 0 loss)."""

    opponent: float
    deviation: float
    score: float


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / math.pi ** 2)


def _logistic(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    z = math.exp(x)
    return z / (1.0 + z)


def _as_rating(rating: Rating | float) -> Rating:
    return rating if isinstance(rating, Rating) else Rating(_number(rating, "rating"))


def expected_score(rating: Rating | float, puzzle_difficulty: float, *,
                   puzzle_deviation: float = DEFAULT_PUZZLE_DEVIATION) -> float:
    """The chance, by Glicko-2, that a learner at ``rating`` solves a puzzle of this difficulty.

    >>> expected_score(1500, 1500)
    0.5
    """
    mu = (_as_rating(rating).rating - BASE) / SCALE
    mu_j = (_number(puzzle_difficulty, "puzzle difficulty") - BASE) / SCALE
    phi_j = _deviation(puzzle_deviation, "puzzle deviation", open_low=False) / SCALE
    return _logistic(_g(phi_j) * (mu - mu_j))


def _volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper: the root of f by the Illinois variant of regula falsi."""
    a = 2.0 * math.log(sigma)
    phi2, delta2, tau2 = phi * phi, delta * delta, tau * tau

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta2 - phi2 - v - ex) / (2.0 * (phi2 + v + ex) ** 2) - (x - a) / tau2

    big_a = a
    if delta2 > phi2 + v:
        big_b = math.log(delta2 - phi2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(_MAX_ITERATIONS):
        if abs(big_b - big_a) <= EPSILON:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def _games(games: Iterable[Game | tuple[float, float, float]]) -> list[Game]:
    cleaned = []
    for game in games:
        try:
            opponent, deviation, score = game
        except (TypeError, ValueError):
            raise RatingError(f"a game must be (opponent rating, opponent deviation, score), not {game!r}") from None
        cleaned.append(Game(_number(opponent, "opponent rating"),
                            _deviation(deviation, "opponent deviation", open_low=False),
                            _number(score, "score", low=0.0, high=1.0)))
    return cleaned


def rate_period(rating: Rating, games: Iterable[Game | tuple[float, float, float]], *, tau: float = TAU) -> Rating:
    """The rating after one rating period of ``games`` (Glickman's steps 2 to 8).

    With no games only the deviation grows, by the volatility. The result's
    deviation is kept from MIN_DEVIATION to MAX_DEVIATION and its volatility
    at most MAX_VOLATILITY.

    >>> r = rate_period(Rating(1500, 200), [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    >>> round(r.rating, 2), round(r.deviation, 2), round(r.volatility, 5)
    (1464.05, 151.52, 0.06)
    """
    if not isinstance(rating, Rating):
        raise RatingError(f"rating must be a Rating, not {rating!r}")
    tau = _number(tau, "tau", low=0.0, open_low=True)
    played = _games(games)
    phi, sigma = rating.deviation / SCALE, rating.volatility
    if not played:
        deviation = SCALE * math.sqrt(phi * phi + sigma * sigma)
        return Rating(rating.rating, _clamp_deviation(deviation), sigma)

    mu = (rating.rating - BASE) / SCALE
    inverse_v = 0.0
    improvement = 0.0
    for game in played:
        g = _g(game.deviation / SCALE)
        logit = max(-_MAX_LOGIT, min(_MAX_LOGIT, g * (mu - (game.opponent - BASE) / SCALE)))
        expected, unexpected = _logistic(logit), _logistic(-logit)
        inverse_v += g * g * expected * unexpected
        # score - expected, written so that neither side rounds to zero.
        improvement += g * (game.score * unexpected - (1.0 - game.score) * expected)
    v = 1.0 / inverse_v
    delta = v * improvement

    new_sigma = min(_volatility(sigma, phi, v, delta, tau), MAX_VOLATILITY)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    # Adding the change to the old rating, rather than converting mu back,
    # keeps a win from ever rounding the rating down.
    new_rating = rating.rating + SCALE * new_phi * new_phi * improvement
    return Rating(new_rating, _clamp_deviation(SCALE * new_phi), new_sigma)


def _clamp_deviation(deviation: float) -> float:
    return min(max(deviation, MIN_DEVIATION), MAX_DEVIATION)


def update(rating: Rating, puzzle_difficulty: float, solved: bool, *,
           puzzle_deviation: float = DEFAULT_PUZZLE_DEVIATION, tau: float = TAU) -> Rating:
    """The learner's rating after one puzzle, played as a one-game rating period.

    >>> update(Rating(), 1500, solved=False).rating < 1500
    True
    """
    if not isinstance(solved, bool):
        raise RatingError(f"solved must be True or False, not {solved!r}")
    game = Game(_number(puzzle_difficulty, "puzzle difficulty"),
                _deviation(puzzle_deviation, "puzzle deviation", open_low=False), 1.0 if solved else 0.0)
    return rate_period(rating, [game], tau=tau)


PROVISIONAL_DEVIATION = 110.0
"""A puzzle's rating is provisional while its deviation is at least this (Lichess's threshold)."""
MAX_PUZZLE_CHANGE = 100.0
"""The most one attempt moves a puzzle's rating, either way."""
START_DEVIATION = 200.0
"""The deviation of a puzzle's starting rating seeded by the difficulty ladder, which guesses no better."""


def theme_weight(themed: bool, solved: bool) -> float:
    """How much of a Glicko-2 change an attempt keeps for its theme: all of it when the learner chose no
    theme (every puzzle of the kind), less when the chosen theme gives the answer away, more so for a solve
    (Lichess's weights for a hinting theme: 0.2 for a win, 0.7 for a loss).

    >>> theme_weight(False, True), theme_weight(True, True), theme_weight(True, False)
    (1.0, 0.2, 0.7)
    """
    if not themed:
        return 1.0
    return 0.2 if solved else 0.7


def _average(before: Rating, after: Rating, weight: float) -> Rating:
    """``before`` moved ``weight`` of the way to ``after`` (rating, deviation and volatility alike)."""
    def mix(old: float, new: float) -> float:
        return old + (new - old) * weight
    return Rating(mix(before.rating, after.rating), mix(before.deviation, after.deviation),
                  mix(before.volatility, after.volatility))


class Played(NamedTuple):
    """Both ratings after one rated attempt: the learner's and the puzzle's."""

    learner: Rating
    puzzle: Rating


def play(learner: Rating, puzzle: Rating, solved: bool, *, themed: bool = False, tau: float = TAU) -> Played:
    """A learner's first attempt at a puzzle as one rated game between them (as Lichess rates puzzles):
    each rating is updated by Glicko-2 against the other as it was before the game; then the puzzle's change
    is capped at :data:`MAX_PUZZLE_CHANGE` and both changes are scaled by :func:`theme_weight`, and the
    learner's also while the puzzle's rating is provisional (:data:`PROVISIONAL_DEVIATION`: by 0.2 less for a
    solve, 0.7 less for a miss, never under a tenth).

    >>> after = play(Rating(1500, 100), Rating(1500, 60), solved=True)
    >>> round(after.learner.rating), round(after.puzzle.rating)
    (1526, 1490)
    >>> capped = play(Rating(2500, 50), Rating(1500, 350), solved=False).puzzle.rating
    >>> capped == 1500 + MAX_PUZZLE_CHANGE
    True
    """
    if not isinstance(learner, Rating) or not isinstance(puzzle, Rating):
        raise RatingError(f"both ratings must be Ratings, not {learner!r} and {puzzle!r}")
    if not isinstance(solved, bool):
        raise RatingError(f"solved must be True or False, not {solved!r}")
    score = 1.0 if solved else 0.0
    learner_after = rate_period(learner, [Game(puzzle.rating, puzzle.deviation, score)], tau=tau)
    puzzle_after = rate_period(puzzle, [Game(learner.rating, learner.deviation, 1.0 - score)], tau=tau)
    change = max(-MAX_PUZZLE_CHANGE, min(MAX_PUZZLE_CHANGE, puzzle_after.rating - puzzle.rating))
    puzzle_after = Rating(puzzle.rating + change, puzzle_after.deviation, puzzle_after.volatility)
    weight = theme_weight(themed, solved)
    provisional = (0.2 if solved else 0.7) if puzzle.deviation >= PROVISIONAL_DEVIATION else 0.0
    return Played(_average(learner, learner_after, max(weight - provisional, 0.1)),
                  _average(puzzle, puzzle_after, weight))


def chance(learner: Rating, puzzle: Rating) -> float:
    """The chance that the learner solves the puzzle predicted from both ratings: Glicko's expected score with
    both deviations (a rating known less well predicts less far from even).

    >>> chance(Rating(1500, 50), Rating(1500, 50))
    0.5
    >>> chance(Rating(1700, 50), Rating(1500, 50)) > chance(Rating(1700, 300), Rating(1500, 50)) > 0.5
    True
    """
    phi = math.sqrt(learner.deviation ** 2 + puzzle.deviation ** 2) / SCALE
    return _logistic(_g(phi) * (learner.rating - puzzle.rating) / SCALE)


def puzzle_field(puzzle: Any, key: str, *, error: type[GinError] = RatingError,
                 what: str = "a puzzle candidate") -> Any:
    """A field of a puzzle given as an object or a mapping; ``error`` (saying ``what`` the puzzle was) when it has
    none."""
    if isinstance(puzzle, Mapping):
        if key in puzzle:
            return puzzle[key]
    elif hasattr(puzzle, key):
        return getattr(puzzle, key)
    raise error(f"{what} needs {key!r}: {puzzle!r:.120}")


def pick(candidates: Iterable[Any], rating: Rating | float, rng: random.Random, *,
         exclude: Iterable[str] = (), window: float = 150.0, min_choices: int = 5) -> Any | None:
    """A candidate puzzle near the learner's level, or None if every candidate is excluded.

    Candidates are objects or dicts with an ``id`` and a ``difficulty``. Those
    within ``window`` points of the rating are eligible; the window doubles
    until at least ``min_choices`` are (or all are). Among the eligible, closer
    difficulties are likelier (a Gaussian weight with half the window as its
    spread). The same ``rng`` state and candidates give the same choice,
    whatever order the candidates come in.

    >>> puzzles = [{"id": f"p{d}", "difficulty": d} for d in range(600, 2300, 100)]
    >>> choice = pick(puzzles, Rating(1200), random.Random(7), min_choices=3)
    >>> 1000 <= choice["difficulty"] <= 1400
    True
    >>> pick(puzzles[:1], 1500, random.Random(1), exclude={"p600"}) is None
    True
    """
    if not isinstance(rng, random.Random):
        raise RatingError(f"rng must be a random.Random, not {rng!r}")
    window = _number(window, "window", low=0.0, open_low=True)
    if isinstance(min_choices, bool) or not isinstance(min_choices, int) or min_choices < 1:
        raise RatingError(f"min_choices must be a positive int, not {min_choices!r}")
    if isinstance(exclude, str):
        raise RatingError(f"exclude must be a collection of puzzle ids, not the string {exclude!r}")
    target = _as_rating(rating).rating
    excluded = set(exclude)
    pool = []
    for candidate in candidates:
        puzzle_id = puzzle_field(candidate, "id")
        if puzzle_id not in excluded:
            distance = abs(_number(puzzle_field(candidate, "difficulty"), f"difficulty of {puzzle_id!r}") - target)
            pool.append((str(puzzle_id), distance, candidate))
    if not pool:
        return None
    pool.sort(key=lambda entry: (entry[0], entry[1]))
    wanted = min(min_choices, len(pool))
    while sum(1 for _, distance, _ in pool if distance <= window) < wanted:
        window *= 2.0
    eligible = [(distance, candidate) for _, distance, candidate in pool if distance <= window]
    spread = window / 2.0
    if not math.isfinite(spread):
        return rng.choice([candidate for _, candidate in eligible])
    weights = [math.exp(-0.5 * (distance / spread) ** 2) for distance, _ in eligible]
    return rng.choices([candidate for _, candidate in eligible], weights=weights)[0]
