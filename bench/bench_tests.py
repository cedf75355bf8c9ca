"""Wall time of the test suite's fast part (``make test-fast``) and, on request,
of the whole suite (``make test``); prints figures, asserts nothing.

    python bench/bench_tests.py [--runs N] [--full] [--slowest K] [--jobs N]

Each run is a fresh ``python -m pytest`` process from the repository root, in
``--jobs`` processes as ``make test`` runs it (pytest-xdist, each test file in one
of them; 2 by default, as the Makefile's ``TEST_JOBS``; 1 for a single process),
timed from start to exit, so collection and start-up count as they do for a
developer. The load average is printed with each run: on a shared machine a
figure taken under load is not the suite's own. So is the CPU time of the run
and the processes it waited for: other work on the machine stretches the wall
time much more than that, and an idle machine's wall time is close to it. ``--slowest`` adds pytest's
list of the K slowest tests of the last fast run (the candidates for a
marker; see conftest.py).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed_run(options: list[str]) -> tuple[float, float, str]:
    """Wall and CPU seconds of one pytest run, and its output."""
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *options]
    cpu, start = cpu_of_children(), time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    seconds, cpu = time.perf_counter() - start, cpu_of_children() - cpu
    last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else "(no output)"
    if done.returncode != 0:
        print(f"    pytest exited with {done.returncode}: {last}")
        for line in done.stdout.splitlines():  # which tests: pytest's short summary names them
            if line.startswith(("FAILED ", "ERROR ")):
                print(f"      {line}")
    return seconds, cpu, done.stdout


def load() -> str:
    return " ".join(f"{figure:.2f}" for figure in os.getloadavg())


def measure(name: str, options: list[str], runs: int) -> str:
    times, cpus, output = [], [], ""
    for number in range(1, runs + 1):
        before = load()
        seconds, cpu, output = timed_run(options)
        times.append(seconds)
        cpus.append(cpu)
        print(f"  {name} run {number}: {seconds:6.1f} s wall, {cpu:6.1f} s CPU   "
              f"(load before {before}, after {load()})")
    print(f"{name}: wall median {statistics.median(times):.1f} s, best {min(times):.1f} s; "
          f"CPU median {statistics.median(cpus):.1f} s; {runs} runs on {os.cpu_count()} cores")
    return output


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--full", action="store_true", help="also time the whole suite (minutes)")
    parser.add_argument("--slowest", type=int, default=0, metavar="K")
    parser.add_argument("--jobs", type=int, default=2, help="processes, as make's TEST_JOBS (1: no pytest-xdist)")
    args = parser.parse_args()
    jobs = ["-n", str(args.jobs), "--dist", "loadfile"] if args.jobs > 1 else []
    fast = [*jobs, "--fast"] + ([f"--durations={args.slowest}"] if args.slowest else [])
    output = measure("test-fast", fast, args.runs)
    if args.slowest:
        start = output.find("slowest")
        print(output[start:output.find("\n=", start + 1)] if start >= 0 else "(no durations)")
    if args.full:
        measure("test (whole suite)", jobs, args.runs)


if __name__ == "__main__":
    main()
