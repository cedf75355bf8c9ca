"""Calibration of the puzzles' learned ratings on simulated learners; prints figures, asserts nothing.

    python bench/bench_puzzle_ratings.py [--attempts 40] [--learners 300] [--held-out 20] [--spread 200] [--seed 1]

Every puzzle of the shipped bank gets a hidden difficulty: its ladder difficulty (the first naive rule that
answers right) plus a Gaussian error of ``--spread`` points, which the ladder cannot see. Simulated learners
have a hidden skill (Gaussian, 1500 ± 350); a learner picks the solver's answer with the chance
1 / (1 + 10^((difficulty - skill) / 400)), and a wrong answer otherwise. Each puzzle is answered by
``--attempts`` learners (a first attempt each, in a random order over the bank), and two systems learn from
the same answers: the learned ratings (:func:`gintrainer.records.rating.play`, both ratings updated, the
puzzles starting from the shipped starting ratings) and the fixed ladder (the learner's rating only, against
the ladder's difficulty, as before). Then every puzzle is answered ``--held-out`` times more by learners who
had not met it, with the ratings frozen: each system's predicted chance of a solve is compared with the
observed rate, in 200-point bands of the rating gap (learner minus puzzle, each system's own ratings), and
of the puzzle's rating. The rank correlation (Spearman) of each system's puzzle ratings with the hidden
difficulty says whether it orders the puzzles as they are.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gintrainer.puzzles import bank_index, kinds  # noqa: E402
from gintrainer.puzzles.ratings import starting_ratings  # noqa: E402
from gintrainer.records.rating import Rating, chance, expected_score, play, update  # noqa: E402

BAND = 200
MIN_IN_BAND = 200
"""A band with fewer held-out answers than this is printed but not judged (its rate is too noisy)."""


def solves(rng: random.Random, skill: float, difficulty: float) -> bool:
    return rng.random() < 1.0 / (1.0 + 10.0 ** ((difficulty - skill) / 400.0))


def ranks(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=values.__getitem__)
    found = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            found[order[k]] = (i + j) / 2.0
        i = j + 1
    return found


def spearman(a: list[float], b: list[float]) -> float:
    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    return cov / math.sqrt(sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb))


def table(title: str, rows: list[tuple[float, float, bool]]) -> float:
    """Print the calibration by band of ``(band value, predicted, solved)`` rows; return the worst gap (points)
    over the bands with at least MIN_IN_BAND answers."""
    bands: dict[int, list[tuple[float, bool]]] = {}
    for value, predicted, solved in rows:
        bands.setdefault(int(math.floor(value / BAND)) * BAND, []).append((predicted, solved))
    print(f"  {title}")
    print(f"    {'band':>13} {'answers':>8} {'predicted':>10} {'observed':>9} {'gap':>6}")
    worst = 0.0
    for low in sorted(bands):
        found = bands[low]
        predicted = 100 * sum(p for p, _ in found) / len(found)
        observed = 100 * sum(s for _, s in found) / len(found)
        judged = len(found) >= MIN_IN_BAND
        if judged:
            worst = max(worst, abs(predicted - observed))
        print(f"    {low:>+6} {low + BAND:>+6} {len(found):>8} {predicted:>9.1f}% {observed:>8.1f}% "
              f"{predicted - observed:>+6.1f}{'' if judged else '  (too few to judge)'}")
    print(f"    worst gap over the bands of {MIN_IN_BAND}+ answers: {worst:.1f} points")
    return worst


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attempts", type=int, default=40, help="rated first attempts per puzzle (N)")
    parser.add_argument("--learners", type=int, default=300)
    parser.add_argument("--held-out", type=int, default=20, help="answers per puzzle to measure, ratings frozen")
    parser.add_argument("--spread", type=float, default=200.0, help="the ladder's hidden error (points)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    started = time.perf_counter()

    ids, ladder, hidden, learned = [], [], [], []
    for kind in kinds():
        starts = starting_ratings(kind)
        for entry in bank_index(kind):
            ids.append(entry.id)
            ladder.append(float(entry.difficulty))
            hidden.append(entry.difficulty + rng.gauss(0.0, args.spread))
            learned.append(starts[entry.id].rating)
    skills = [rng.gauss(1500.0, 350.0) for _ in range(args.learners)]
    both = [Rating() for _ in skills]  # the learners' ratings beside the learned puzzle ratings
    fixed = [Rating() for _ in skills]  # the learners' ratings against the fixed ladder
    met: list[set[int]] = [set() for _ in ids]

    plays = [(p, n) for p in range(len(ids)) for n in rng.sample(range(args.learners), args.attempts)]
    rng.shuffle(plays)
    for p, n in plays:
        met[p].add(n)
        solved = solves(rng, skills[n], hidden[p])
        both[n], learned[p] = play(both[n], learned[p], solved)
        fixed[n] = update(fixed[n], ladder[p], solved)
    trained = time.perf_counter() - started

    gaps_learned, gaps_ladder, by_puzzle_learned, by_puzzle_ladder = [], [], [], []
    for p in range(len(ids)):
        others = [n for n in range(args.learners) if n not in met[p]]
        for n in rng.sample(others, min(args.held_out, len(others))):
            solved = solves(rng, skills[n], hidden[p])
            predicted = chance(both[n], learned[p])
            gaps_learned.append((both[n].rating - learned[p].rating, predicted, solved))
            by_puzzle_learned.append((learned[p].rating, predicted, solved))
            predicted = expected_score(fixed[n], ladder[p])
            gaps_ladder.append((fixed[n].rating - ladder[p], predicted, solved))
            by_puzzle_ladder.append((ladder[p], predicted, solved))

    print(f"{len(ids)} puzzles, {args.learners} learners (skill 1500 ± 350), {args.attempts} rated first attempts "
          f"per puzzle, {args.held_out} held-out answers per puzzle; the ladder's hidden error ± {args.spread:g}; "
          f"seed {args.seed}")
    print("Learned ratings (both ratings updated):")
    worst_gap = table("by the rating gap, learner minus puzzle", gaps_learned)
    worst_puzzle = table("by the puzzle's learned rating", by_puzzle_learned)
    print("Fixed ladder (the learner's rating only, against the ladder's difficulty):")
    ladder_gap = table("by the rating gap, learner minus puzzle", gaps_ladder)
    ladder_puzzle = table("by the puzzle's ladder difficulty", by_puzzle_ladder)
    deviations = sorted(r.deviation for r in learned)
    order = spearman([r.rating for r in learned], hidden)
    print(f"Rank correlation with the hidden difficulty (Spearman): learned {order:.3f}, "
          f"ladder {spearman(ladder, hidden):.3f}")

    def error(values: list[float]) -> float:  # a rating scale has no fixed zero: the mean offset is taken out
        offset = sum(v - h for v, h in zip(values, hidden, strict=True)) / len(values)
        return sum(abs(v - h - offset) for v, h in zip(values, hidden, strict=True)) / len(values)

    print(f"Puzzle deviations after training: median {deviations[len(deviations) // 2]:.0f}, "
          f"largest {deviations[-1]:.0f}; mean error against the hidden difficulty (the mean offset taken out): "
          f"learned {error([r.rating for r in learned]):.0f} points, ladder {error(ladder):.0f}")
    print(f"Worst band gap: learned {max(worst_gap, worst_puzzle):.1f} points, "
          f"ladder {max(ladder_gap, ladder_puzzle):.1f}")
    print(f"{len(plays)} rated attempts in {trained:.1f} s; {time.perf_counter() - started:.1f} s in all")


if __name__ == "__main__":
    main()
