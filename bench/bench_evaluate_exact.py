"""How close the evaluator's estimates come to exact values; prints figures, asserts nothing.

    python bench/bench_evaluate_exact.py [--positions N] [--write]

Judges the first N (default all 300) positions of tests/data/exact_positions.json, the positions
tests/test_evaluate.py checks: each with at most 3 stock cards left to draw, from hands played under every
variant by mixed players; each candidate's estimate from 200 deals against its exact value over every deal
of the unseen cards. Prints how many estimates had a spread and how many of those fell within 2 and 4
standard errors, and, of those whose deals all scored the same, the largest miss: the figures behind the
test's tolerances (``TOLERANCE``, ``UNSEEN_TOLERANCE``) and docs/benchmarks.md.

``--write`` makes the file again first (300 positions, as ``exact_positions`` in the test finds them).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]

from test_evaluate import (  # type: ignore[import-not-found]  # noqa: E402
    EXACT_POSITIONS,
    EXACT_SAMPLES,
    agreement,
    exact_positions,
    stored_exact_positions,
)

STORED = 300


def write() -> None:
    """Find the positions again and write them, one hand record a line, atomically."""
    began = time.perf_counter()
    records = []
    for position in exact_positions(STORED):
        record = dict(position.to_dict())
        del record["result"]
        records.append(json.dumps(record, ensure_ascii=False, separators=(",", ":")))
    text = "[\n" + ",\n".join(records) + "\n]\n"
    handle, name = tempfile.mkstemp(dir=EXACT_POSITIONS.parent, suffix=".tmp")
    with os.fdopen(handle, "w", encoding="utf-8") as file:
        file.write(text)
    os.replace(name, EXACT_POSITIONS)
    print(f"wrote {STORED} positions to {EXACT_POSITIONS.relative_to(ROOT)} in {time.perf_counter() - began:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=STORED)
    parser.add_argument("--write", action="store_true", help="make the positions' file again first")
    options = parser.parse_args()
    if options.write:
        write()
    began = time.perf_counter()
    found = agreement(stored_exact_positions()[:options.positions], check=False)
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
