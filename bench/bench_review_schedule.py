"""Benchmark of the review deck's scheduler on simulated learners; prints figures, asserts nothing.

    python bench/bench_review_schedule.py [--learners N] [--days D] [--seed S]
        [--fit-from N] [--refit-every N] [--factors F ...] [--no-ladder] [--early]

A simulated learner answers a puzzle of their deck right with a probability that decays with the time since
they last saw it at a known rate: the puzzle's hidden stability ``S`` (days), by the forgetting curve of
FSRS (``(1 + 19/81 * elapsed / S) ** -0.5``-like: the package's own, recall 0.9 at ``elapsed = S``). The
hidden memory moves as FSRS's model of memory says (the package's own stability and difficulty equations,
default parameters, fed the true recall chance at each answer), but from hidden values the scheduler does not
know: each puzzle's difficulty is drawn from 1 to 10 and its first stability (after the miss that entered it)
log-normally around a learner's median (:data:`FIRST_STABILITY` times the learner's factor, spread
:data:`SPREAD`). Puzzles enter the deck by a miss, :data:`NEW_PER_DAY` a day over the first
:data:`ENTRY_DAYS` days; the learner answers every puzzle the moment it falls due, for ``--days`` days (half
a year).

Three schedulers serve the same learners (the same hidden memories, the same random answers per review):
FSRS with its default parameters (:class:`gintrainer.records.deck.DeckCard`, forgetting factor 1), the
review deck itself (:class:`gintrainer.records.deck.Deck`: FSRS with the learner's forgetting factor fitted
from their answers, from ``--fit-from`` answers counted and again every ``--refit-every``, by default the
deck's own :data:`~gintrainer.records.deck.FIT_FROM` and :data:`~gintrainer.records.deck.REFIT_EVERY`),
both with target retention 0.9 and answers graded as the trainer grades them (a miss Again, a recall Good),
and Chessable's fixed ladder (4 h, 1 d, 3 d, 1 w, 2 w, 1 mo, 3 mo, 6 mo: a recall climbs one rung, a miss goes
back to the first). The ladder is then stretched or shrunk by one factor until it reaches the retention the
fitted deck reached, to compare the reviews each spends for the same retention. Learners who forget faster or
slower than the median (factors 0.5 and 2) show what fitting the factor per learner brings.

The retention is measured as the trainer measures it (:attr:`gintrainer.records.deck.Deck.retention`): the
share of the answers given a day or more after the previous one that were right (the learning step's answer,
ten minutes after a miss, is left out, and so are the ladder's four-hour ones).
"""

from __future__ import annotations

import argparse
import heapq
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from fsrs import Rating

from gintrainer.records import deck
from gintrainer.records.deck import SCHEDULER, TARGET_RETENTION, Deck, DeckCard, grade_of

FIRST_STABILITY = SCHEDULER.parameters[0]
"""The median hidden stability of a puzzle just missed, in days (FSRS's first stability after Again)."""
SPREAD = 0.8
"""The standard deviation of the log of the first stabilities (about a factor of 2.2 either way)."""
NEW_PER_DAY = 3
ENTRY_DAYS = 90
LADDER = (4 / 24, 1, 3, 7, 14, 30, 90, 180)
"""Chessable's MoveTrainer intervals, in days."""
START = datetime(2026, 1, 1, tzinfo=UTC)


@dataclass
class Figures:
    reviews: int = 0
    counted: int = 0
    recalled: int = 0

    @property
    def retention(self) -> float:
        return self.recalled / self.counted if self.counted else math.nan

    def add(self, other: Figures) -> None:
        self.reviews += other.reviews
        self.counted += other.counted
        self.recalled += other.recalled


@dataclass(frozen=True)
class Learner:
    """One simulated learner: each puzzle's entry day and first hidden stability, and the seed of the
    learner's answers."""

    entries: tuple[tuple[float, float, float], ...]
    """Each puzzle's entry day, first hidden stability and hidden difficulty."""
    seed: int

    @classmethod
    def make(cls, rng: random.Random, factor: float = 1.0) -> Learner:
        entries = tuple((day + rng.random(), factor * FIRST_STABILITY * math.exp(rng.gauss(0.0, SPREAD)),
                         rng.uniform(1.0, 10.0)) for day in range(ENTRY_DAYS) for _ in range(NEW_PER_DAY))
        return cls(entries, rng.randrange(2 ** 32))


def recall_chance(stability: float, elapsed: float) -> float:
    """FSRS's forgetting curve: the chance of a recall ``elapsed`` days after the last answer."""
    return float((1 + SCHEDULER._FACTOR * elapsed / stability) ** SCHEDULER._DECAY)


def remembered(stability: float, difficulty: float, elapsed: float, right: bool) -> tuple[float, float]:
    """The hidden memory after an answer, by FSRS's equations (the same day: its short-term ones)."""
    rating = Rating.Good if right else Rating.Again
    if elapsed < 1.0:
        stability = SCHEDULER._short_term_stability(stability=stability, rating=rating)
    else:
        stability = SCHEDULER._next_stability(difficulty=difficulty, stability=stability,
                                              retrievability=recall_chance(stability, elapsed), rating=rating)
    return stability, SCHEDULER._next_difficulty(difficulty=difficulty, rating=rating)


First = Callable[[int, float], float]
"""A scheduler's first answer to puzzle ``n`` (a miss, entering it) at a time (days): when it is due next."""
Step = Callable[[int, bool, float], float]
"""A scheduler's later answer to puzzle ``n`` (right or not) at a time: when it is due next."""
Make = Callable[[], tuple[First, Step]]
"""A scheduler for one learner (a fresh state: what it learns of one learner it does not carry to the next)."""


def simulate(learner: Learner, make: Make, days: float) -> Figures:
    """The learner's half year under one scheduler."""
    first, step = make()
    figures = Figures()
    queue: list[tuple[float, int]] = []
    memory: dict[int, tuple[float, float, float]] = {}  # each puzzle's hidden stability, difficulty, last seen
    for n, (day, stability, difficulty) in enumerate(learner.entries):
        due = first(n, day)
        memory[n] = (stability, difficulty, day)
        figures.reviews += 1
        heapq.heappush(queue, (due, n))
    answers = random.Random(learner.seed)
    while queue and queue[0][0] <= days:
        now, n = heapq.heappop(queue)
        stability, difficulty, seen = memory[n]
        elapsed = now - seen
        right = answers.random() < recall_chance(stability, elapsed)
        memory[n] = (*remembered(stability, difficulty, elapsed, right), now)
        figures.reviews += 1
        if elapsed >= 1.0 - 1e-9:
            figures.counted += 1
            figures.recalled += right
        heapq.heappush(queue, (max(step(n, right, now), now + 1 / 1440), n))
    return figures


def _days(moment: datetime) -> float:
    return (moment - START).total_seconds() / 86400


def _moment(day: float) -> datetime:
    return START + timedelta(days=day)


def fsrs_defaults() -> tuple[First, Step]:
    """FSRS with the default parameters (forgetting factor 1, never fitted), each card alone."""
    cards: dict[int, DeckCard] = {}

    def first(n: int, day: float) -> float:
        cards[n] = DeckCard.new("can_knock", _moment(day)).reviewed(grade_of("failed", 0), _moment(day))
        return _days(datetime.fromisoformat(cards[n].due))

    def step(n: int, right: bool, day: float) -> float:
        cards[n] = cards[n].reviewed(grade_of("solved" if right else "failed", 0), _moment(day))
        return _days(datetime.fromisoformat(cards[n].due))
    return first, step


FACTORS: list[float] = []
"""The forgetting factor each learner's deck had fitted at the end of the last run of :func:`fsrs_fitted`."""
DECKS: list[Deck] = []
"""Each learner's deck at the end of the last run of :func:`fsrs_fitted`."""
EARLY = (25, 50, 100, 200, 400)
"""The answers counted (the first) that ``--early`` fits the factor from."""


def fsrs_fitted() -> tuple[First, Step]:
    """The review deck itself (:class:`gintrainer.records.deck.Deck`): FSRS with the learner's forgetting
    factor fitted from their answers as the trainer fits it (from ``FIT_FROM`` answers counted, again every
    ``REFIT_EVERY``); a recall is a clean solve in 20 seconds (Good)."""
    held = [Deck()]
    FACTORS.append(1.0)
    DECKS.append(held[0])

    def answer(n: int, result: str, day: float) -> float:
        held[0] = held[0].answer(str(n), "can_knock", result, hints=0, seconds=20.0, at=_moment(day))
        FACTORS[-1], DECKS[-1] = held[0].factor, held[0]
        return _days(datetime.fromisoformat(held[0].cards[str(n)].due))

    def first(n: int, day: float) -> float:
        return answer(n, "failed", day)

    def step(n: int, right: bool, day: float) -> float:
        return answer(n, "solved" if right else "failed", day)
    return first, step


def ladder(scale: float) -> Make:
    """The fixed ladder, each interval times ``scale``."""
    def make() -> tuple[First, Step]:
        rungs: dict[int, int] = {}

        def first(n: int, day: float) -> float:
            rungs[n] = 0
            return day + LADDER[0] * scale

        def step(n: int, right: bool, day: float) -> float:
            rungs[n] = min(rungs[n] + 1, len(LADDER) - 1) if right else 0
            return day + LADDER[rungs[n]] * scale
        return first, step
    return make


def run(learners: Sequence[Learner], make: Make, days: float) -> tuple[Figures, list[float]]:
    total, each = Figures(), []
    for learner in learners:
        figures = simulate(learner, make, days)
        total.add(figures)
        each.append(figures.retention)
    return total, each


def matched_ladder(learners: Sequence[Learner], retention: float, days: float) -> tuple[float, Figures]:
    """The ladder's scale whose retention is ``retention`` (bisection on the log of the scale)."""
    low, high = math.log(0.02), math.log(2.0)
    figures = Figures()
    for _ in range(9):
        middle = (low + high) / 2
        figures, _ = run(learners, ladder(math.exp(middle)), days)
        if figures.retention > retention:
            low = middle  # remembered better than asked: longer intervals
        else:
            high = middle
    return math.exp((low + high) / 2), figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=10)
    parser.add_argument("--days", type=float, default=182.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fit-from", type=int, default=deck.FIT_FROM, help="answers counted before the first fit")
    parser.add_argument("--refit-every", type=int, default=deck.REFIT_EVERY, help="answers counted between fits")
    parser.add_argument("--factors", type=float, nargs="+", default=[1.0, 0.5, 2.0])
    parser.add_argument("--no-ladder", action="store_true", help="FSRS only")
    parser.add_argument("--early", action="store_true",
                        help="the factor fitted from each learner's first answers counted, beside the half year's")
    args = parser.parse_args()
    deck.FIT_FROM, deck.REFIT_EVERY = args.fit_from, args.refit_every  # the deck's, for this run only
    print(f"{args.learners} simulated learners, {NEW_PER_DAY * ENTRY_DAYS} puzzles each entering by a miss over "
          f"{ENTRY_DAYS} days, {args.days:g} days; first hidden stability {FIRST_STABILITY:g} d times the "
          f"learner's factor (log spread {SPREAD:g}), hidden difficulty 1 to 10; the factor fitted from "
          f"{deck.FIT_FROM} answers counted, again every {deck.REFIT_EVERY}")
    for factor in args.factors:
        print(f"\nlearners of factor {factor:g}:")
        compare([Learner.make(random.Random(f"{args.seed}-{factor}-{n}"), factor) for n in range(args.learners)],
                args.days, ladders=not args.no_ladder, early=args.early)


def _line(name: str, figures: Figures, each: Sequence[float], learners: int, seconds: float) -> str:
    return (f"{name}: retention reached {figures.retention:.3f} "
            f"({(figures.retention - TARGET_RETENTION) * 100:+.1f} points from the target; learners "
            f"{min(each):.3f} to {max(each):.3f}, median {statistics.median(each):.3f}), "
            f"{figures.reviews / learners:.0f} reviews per learner ({seconds:.1f} s)")


def early_fits() -> None:
    """The factor fitted from each learner's first answers counted (:data:`EARLY`), beside the one fitted from
    all their answers of the half year, with how many came out at the end of the range the fit considers."""
    logs = [sorted((entry.at, entry.days, entry.stability, entry.grade != Rating.Again)
                   for card in held.cards.values() for entry in card.log
                   if entry.counted and entry.days is not None and entry.stability is not None) for held in DECKS]
    whole = [deck.fit_factor([row[1:] for row in log]) for log in logs]
    print(f"  factors fitted from all the answers counted: {', '.join(f'{f:.2f}' for f in whole)}")
    saved, deck.FIT_FROM = deck.FIT_FROM, 1
    try:
        for n in EARLY:
            fits = [deck.fit_factor([row[1:] for row in log[:n]]) for log in logs if len(log) >= n]
            ends = sum(f in deck.FACTOR_RANGE for f in fits)
            print(f"  from the first {n}: {', '.join(f'{f:.2f}' for f in fits)} ({ends} at the end of the range)")
    finally:
        deck.FIT_FROM = saved


def compare(learners: Sequence[Learner], days: float, *, ladders: bool = True, early: bool = False) -> None:
    """FSRS with the defaults and fitted, and (``ladders``) the ladder, on the same learners; with ``early``,
    the factors fitted from the learners' first answers (:func:`early_fits`)."""
    started = time.perf_counter()
    defaults, each = run(learners, fsrs_defaults, days)
    print(_line(f"FSRS defaults (target {TARGET_RETENTION:.2f})", defaults, each, len(learners),
                time.perf_counter() - started))
    started = time.perf_counter()
    FACTORS.clear()
    DECKS.clear()
    fitted, each = run(learners, fsrs_fitted, days)
    print(_line("FSRS fitted", fitted, each, len(learners), time.perf_counter() - started))
    print(f"  factors fitted at the end: {min(FACTORS):.2f} to {max(FACTORS):.2f}, median "
          f"{statistics.median(FACTORS):.2f}")
    if early:
        early_fits()
    if not ladders:
        return
    plain, _ = run(learners, ladder(1.0), days)
    print(f"fixed ladder as it is: retention {plain.retention:.3f}, {plain.reviews / len(learners):.0f} reviews "
          f"per learner")
    scale, matched = matched_ladder(learners, fitted.retention, days)
    print(f"fixed ladder x{scale:.2f} (the same retention as FSRS fitted): retention {matched.retention:.3f}, "
          f"{matched.reviews / len(learners):.0f} reviews per learner: FSRS fitted spends "
          f"{100 * (1 - fitted.reviews / matched.reviews):.0f}% fewer")


if __name__ == "__main__":
    main()
