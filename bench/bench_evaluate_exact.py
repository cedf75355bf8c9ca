"""How close the evaluator's estimates come to exact values; prints figures, asserts nothing.

    python bench/bench_evaluate_exact.py [--positions N]

Judges N positions (default 300) with 1 to 3 stock cards left to draw, from hands played under every
variant by mixed players (the positions of tests/test_evaluate.py, which checks the first 100): each
candidate's estimate from 200 deals against its exact value over every deal of the unseen cards. Prints how
many estimates had a spread and how many of those fell within 2 and 4 standard errors, and, of those whose
deals all scored the same, the largest miss: the figures behind the test's tolerances (``TOLERANCE``,
``UNSEEN_TOLERANCE``) and docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]

from test_evaluate import EXACT_SAMPLES, agreement  # type: ignore[import-not-found]  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    options = parser.parse_args()
    began = time.perf_counter()
    found = agreement(options.positions, check=False)
    spread = found["spread"]
    print(f"{found['positions']} positions, each estimate from {EXACT_SAMPLES} deals, "
          f"{time.perf_counter() - began:.0f} s")
    print(f"estimates with a spread: {spread}; within 2 standard errors {found['within_two']} "
          f"({100 * found['within_two'] / max(spread, 1):.1f}%), within 4: {found['within_four']}")
    worst = found["unseen_worst"]
    where = ""
    if worst is not None:
        line, estimate, exact = worst
        where = f": {' '.join(action.kind.value for action in line)}, {estimate:+.2f} estimated, {exact:+.2f} exactly"
    print(f"estimates whose deals all scored the same: {found['unseen']}; the largest miss "
          f"{found['unseen_miss']:.2f} points{where}")


if __name__ == "__main__":
    main()
