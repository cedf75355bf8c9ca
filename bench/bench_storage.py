"""Benchmark of the profile files under a class's load; prints figures, asserts nothing.

    python bench/bench_storage.py [--learners 30] [--attempts 20]

A class on one server: each learner's page is its own process, recording
attempts in its own profile (a read-modify-write under the profile's lock, an
atomic replace). Measured: every learner at once, one process each; the same
records made one after another in one process (the baseline); and every process
writing one shared profile, where the lock makes them wait for each other. The
counts are checked afterwards: nothing may be lost. Disk syncs dominate those
figures and vary with the machine's other work; the last figure, reading and
writing back a full profile without the disk, is the code's own cost.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import tempfile
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gintrainer.records.profiles import load, record_attempt  # noqa: E402
from gintrainer.records.progress import HISTORY_LIMIT, Progress  # noqa: E402


def _puzzle(learner: int, i: int) -> dict:
    return {"id": f"ck-{learner:04d}{i:08d}", "kind": "can_knock", "themes": ["set-or-run"], "difficulty": 1200}


def _record(folder: str, learner: int, attempts: int, shared: bool) -> None:
    os.environ["GINTRAINER_DATA"] = folder
    name = "Shared" if shared else f"Learner {learner}"
    for i in range(attempts):
        record_attempt(name, _puzzle(learner, i), "solved" if i % 3 else "failed", answer=True, hints=0)


def _run(learners: int, attempts: int, *, processes: bool, shared: bool) -> float:
    with tempfile.TemporaryDirectory() as folder:
        os.environ["GINTRAINER_DATA"] = folder
        start = time.perf_counter()
        if processes:
            context = multiprocessing.get_context("fork")
            workers = [context.Process(target=_record, args=(folder, n, attempts, shared)) for n in range(learners)]
            for worker in workers:
                worker.start()
            for worker in workers:
                worker.join()
            if any(worker.exitcode for worker in workers):
                raise SystemExit("a writer failed")
        else:
            for n in range(learners):
                _record(folder, n, attempts, shared)
        elapsed = time.perf_counter() - start
        names = ["Shared"] if shared else [f"Learner {n}" for n in range(learners)]
        recorded = sum(load(name).progress.attempts for name in names)
        if recorded != learners * attempts:
            raise SystemExit(f"lost updates: {recorded} of {learners * attempts} attempts recorded")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--attempts", type=int, default=20)
    args = parser.parse_args()
    total = args.learners * args.attempts
    print(f"{args.learners} learners x {args.attempts} attempts = {total} records, {os.cpu_count()} CPUs")
    baseline = _run(args.learners, args.attempts, processes=False, shared=False)
    print(f"one process, one after another: {baseline:.2f} s ({1000 * baseline / total:.2f} ms a record)")
    apart = _run(args.learners, args.attempts, processes=True, shared=False)
    print(f"one process per learner, own profiles: {apart:.2f} s ({1000 * apart / total:.2f} ms a record; "
          f"{apart / baseline:.2f} x the baseline)")
    shared = _run(args.learners, args.attempts, processes=True, shared=True)
    print(f"one process per learner, one shared profile: {shared:.2f} s ({1000 * shared / total:.2f} ms a record; "
          f"{shared / baseline:.2f} x the baseline); no update lost")
    full = Progress.new("Ann")
    for i in range(HISTORY_LIMIT):
        full = full.with_attempt(_puzzle(0, i), "solved" if i % 3 else "failed", answer=True, hints=0)
    text = full.to_json()
    once = min(timeit.repeat(lambda: Progress.from_json(text).to_json(), number=20, repeat=5)) / 20
    print(f"reading and writing back a profile of {HISTORY_LIMIT} attempts ({len(text) // 1024} KiB), no disk: "
          f"{1000 * once:.2f} ms")


if __name__ == "__main__":
    main()
