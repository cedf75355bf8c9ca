"""Benchmark: least deadwood of 10-card hands, scalar, batched, and OpenSpiel's C++.

Prints a table of microseconds per hand, each figure the median of several runs,
every run in a fresh Python process (this script re-runs itself in worker mode),
and the ratio of the batch solver to OpenSpiel's ``GinRummyUtils.min_deadwood``
called from Python on the same hands (when ``open_spiel`` is installed: the
``bench`` extra). Also checks that the batch and OpenSpiel agree on every hand.

    python bench/bench_deadwood.py            # full run
    python bench/bench_deadwood.py --quick    # a smoke run in a few seconds

The hands are distinct uniformly random 10-card hands from a fixed seed.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import statistics
import subprocess
import sys
import time

import numpy as np

SEED = 20_240_611
FULL = {"batch_hands": 100_000, "scalar_hands": 20_000, "runs": 5}
QUICK = {"batch_hands": 5_000, "scalar_hands": 2_000, "runs": 3}


def distinct_hands(n: int, seed: int = SEED, size: int = 10) -> np.ndarray:
    """``n`` distinct random hands of ``size`` cards, shape (n, size), card indices 0..51."""
    rng = np.random.default_rng(seed)
    rows: list[np.ndarray] = []
    seen: set[int] = set()
    weights = np.left_shift(np.uint64(1), np.arange(52, dtype=np.uint64))
    while len(seen) < n:
        block = np.argsort(rng.random((n, 52)), axis=1)[:, :size]
        masks = np.bitwise_or.reduce(weights[block], axis=1)
        for row, mask in zip(block, masks.tolist(), strict=True):
            if mask not in seen and len(seen) < n:
                seen.add(mask)
                rows.append(row)
    return np.array(rows, dtype=np.int64)


def has_openspiel() -> bool:
    return importlib.util.find_spec("pyspiel") is not None


# -- workers: each times one thing in a fresh process and prints JSON -----------------

def work_scalar(n: int, seed: int) -> dict:
    from gintrainer import DECK, min_deadwood
    hands = [tuple(DECK[i] for i in row) for row in distinct_hands(n, seed).tolist()]
    for hand in hands[:200]:  # warm-up
        min_deadwood(hand)
    start = time.perf_counter()
    for hand in hands:
        min_deadwood(hand)
    seconds = time.perf_counter() - start
    return {"hands": n, "seconds": seconds}


def work_batch(n: int, seed: int) -> dict:
    from gintrainer import min_deadwood_batch
    hands = distinct_hands(n, seed)
    min_deadwood_batch(hands[:200])  # warm-up
    start = time.perf_counter()
    result = min_deadwood_batch(hands)
    seconds = time.perf_counter() - start
    return {"hands": n, "seconds": seconds, "checksum": int(result.sum())}


def work_openspiel(n: int, seed: int) -> dict:
    import pyspiel
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    hands = distinct_hands(n, seed).tolist()
    for hand in hands[:200]:  # warm-up
        utils.min_deadwood(hand)
    start = time.perf_counter()
    total = 0
    for hand in hands:
        total += utils.min_deadwood(hand)
    seconds = time.perf_counter() - start
    return {"hands": n, "seconds": seconds, "checksum": total}


WORKERS = {"scalar": work_scalar, "batch": work_batch, "openspiel": work_openspiel}


def run_worker(kind: str, n: int, seed: int) -> dict:
    command = [sys.executable, os.path.abspath(__file__), "--worker", kind, "--hands", str(n), "--seed", str(seed)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"worker {kind} failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def agreement(n: int, seed: int) -> tuple[int, int, list]:
    """(hands compared, disagreements, a few examples) between the batch and OpenSpiel."""
    import pyspiel

    from gintrainer import DECK, min_deadwood_batch
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    hands = distinct_hands(n, seed)
    ours = min_deadwood_batch(hands).tolist()
    bad = []
    for row, value in zip(hands.tolist(), ours, strict=True):
        theirs = utils.min_deadwood(row)
        if theirs != value:
            bad.append((" ".join(DECK[i].code() for i in row), value, theirs))
    return len(ours), len(bad), bad[:5]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few hands and 3 runs: a smoke run")
    parser.add_argument("--runs", type=int, help="runs per figure (default 5, 3 with --quick)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--worker", choices=sorted(WORKERS), help=argparse.SUPPRESS)
    parser.add_argument("--hands", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.worker:
        print(json.dumps(WORKERS[args.worker](args.hands, args.seed)))
        return

    plan = dict(QUICK if args.quick else FULL)
    if args.runs:
        plan["runs"] = args.runs
    runs = plan["runs"]
    openspiel = has_openspiel()
    import gintrainer
    print(f"Python {platform.python_version()}, numpy {np.__version__}, gintrainer {gintrainer.__version__}, "
          f"{os.cpu_count()} CPUs, seed {args.seed}{', quick' if args.quick else ''}")
    if not openspiel:
        print("open_spiel is not installed (pip install -e '.[bench]'): its figures are skipped")

    medians, rows, checksums = measure(plan, args.seed, openspiel)
    print_table(rows, runs)
    if openspiel:
        compare_with_openspiel(medians, checksums, plan["batch_hands"], args.seed)


def measure(plan: dict, seed: int, openspiel: bool) -> tuple[dict[str, float], list[tuple], dict[str, set]]:
    """Median microseconds per hand of each measure, the table's rows and each worker's checksums."""
    measures = [("scalar", "min_deadwood, one tuple of Card per call", plan["scalar_hands"]),
                ("batch", "min_deadwood_batch, one (n, 10) array", plan["batch_hands"])]
    if openspiel:
        measures.append(("openspiel", "OpenSpiel C++ GinRummyUtils.min_deadwood, one list per call",
                         plan["batch_hands"]))
    medians: dict[str, float] = {}
    rows = []
    checksums: dict[str, set] = {}
    for kind, label, n in measures:
        per_hand = []
        for _ in range(plan["runs"]):
            result = run_worker(kind, n, seed)
            per_hand.append(result["seconds"] / result["hands"] * 1e6)
            if "checksum" in result:
                checksums.setdefault(kind, set()).add(result["checksum"])
        medians[kind] = statistics.median(per_hand)
        rows.append((label, n, medians[kind], min(per_hand), max(per_hand)))
    return medians, rows, checksums


def print_table(rows: list[tuple], runs: int) -> None:
    width = max(len(r[0]) for r in rows)
    print()
    print(f"{'measure'.ljust(width)}  {'hands':>8}  {'µs/hand (median)':>16}  {f'range of {runs} runs':>18}")
    print(f"{'-' * width}  {'-' * 8}  {'-' * 16}  {'-' * 18}")
    for label, n, median, low, high in rows:
        print(f"{label.ljust(width)}  {n:>8,}  {median:>16.3f}  {f'{low:.3f}..{high:.3f}':>18}")
    print()


def compare_with_openspiel(medians: dict[str, float], checksums: dict[str, set], hands: int, seed: int) -> None:
    """The time ratios against OpenSpiel, and whether both give the same deadwood (exit 1 if not)."""
    ratio = medians["batch"] / medians["openspiel"]
    print(f"batch / OpenSpiel time per hand: {ratio:.3f} "
          f"({'batch faster' if ratio < 1 else 'OpenSpiel faster'} by {max(ratio, 1 / ratio):.1f}x)")
    print(f"scalar / OpenSpiel time per hand: {medians['scalar'] / medians['openspiel']:.3f}")
    compared, wrong, examples = agreement(hands, seed)
    print(f"batch and OpenSpiel agree on {compared - wrong:,} of {compared:,} hands")
    for hand, ours, theirs in examples:
        print(f"  differ: {hand}: batch {ours}, OpenSpiel {theirs}")
    if checksums.get("batch") and checksums.get("openspiel") and checksums["batch"] != checksums["openspiel"]:
        print("  (the runs' checksums differ too)")
    if wrong:
        raise SystemExit(1)

if __name__ == "__main__":
    main()
