"""Wall and CPU time of the test suite: its fast part (``make test-fast``), the
whole suite (``make test``) and a fresh clone's CI run (``bash .ci/run``: its
install, lint and test parts); prints figures against their budgets, asserts
nothing.

    python bench/bench_tests.py                 # make test-fast, 3 runs
    python bench/bench_tests.py --full          # and the whole suite
    python bench/bench_tests.py --ci --no-fast --runs 1   # a fresh clone's bash .ci/run, by parts
    python bench/bench_tests.py --only-full --runs 1 --files 25 --slowest 40

Each run is a fresh ``python -m pytest`` process from the repository root, in
``--jobs`` processes as ``make test-fast`` runs it (pytest-xdist, each test file in one
of them; 2 by default, as the Makefile's ``FAST_JOBS``; 1 for a single process), the whole
suite in ``--full-jobs`` (2 by default, as its ``TEST_JOBS``),
timed from start to exit, so collection and start-up count as they do for a
developer. Run this with the interpreter of the virtual environment the suite
runs in (``.venv/bin/python``, as ``make bench`` does).

``--ci`` clones the repository's committed HEAD into a temporary folder and runs
``bash .ci/run`` there, as a new contributor's first run: its own virtual
environment (pip's download cache is the machine's), its own deploy/node_modules,
lint beside the whole suite. .ci/run prints a line ``ci: <part> <seconds> s`` at
the end of each of its parts; they are summed here into install and test, and
lint's own time is shown apart (it runs during the tests' part).

The load average is printed with each run: on a shared machine a figure taken
under load is not the suite's own. So is the CPU time of the run and the
processes it waited for: other work on the machine stretches the wall time much
more than that, and an idle machine's wall time is close to it. ``--slowest``
adds pytest's list of the K slowest tests, ``--files`` the K test files whose
tests took longest in all and each xdist worker's sum (``--dist loadfile`` puts a
whole file on one worker: one file far above the others leaves a worker idle
at the end).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUDGETS = {"test-fast": 60.0, "test (whole suite)": None, "bash .ci/run": 15 * 60.0}
"""Seconds each figure must stay within (the whole suite's budget is .ci/run's, with install and lint)."""

DURATION = re.compile(r"^\s*([\d.]+)s (setup|call|teardown)\s+(\S+?)(?:::(\S.*))?$")
WORKER = re.compile(r"^\[(gw\d+)\] .*?(?:PASSED|FAILED|SKIPPED|ERROR|XFAIL|XPASS)\s+(\S+?)(?:::|\s|$)")
CI_PART = re.compile(r"^ci: (\S+) ([\d.]+) s( \(beside the tests\))?$")
CI_GROUPS = {"system": "install", "python": "install", "lint": "lint (beside the tests)", "test": "test"}


def cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def load() -> str:
    return " ".join(f"{figure:.2f}" for figure in os.getloadavg())


def timed_run(command: list[str], cwd: Path,
              environment: dict[str, str] | None = None) -> tuple[float, float, int, str]:
    """Wall and CPU seconds of one command, its exit status and its output."""
    cpu, start = cpu_of_children(), time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True)
    return time.perf_counter() - start, cpu_of_children() - cpu, done.returncode, done.stdout


def pytest_run(options: list[str]) -> tuple[float, float, str]:
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *options]
    # Python may write its bytecode, as the Makefile's test targets let it (PYTHONDONTWRITEBYTECODE emptied).
    seconds, cpu, status, output = timed_run(command, ROOT, dict(os.environ, PYTHONDONTWRITEBYTECODE=""))
    if status != 0:
        tail = output.strip().splitlines()[-1] if output.strip() else "(no output)"
        print(f"    pytest exited with {status}: {tail}")
        for line in output.splitlines():  # which tests: pytest's short summary names them
            if line.startswith(("FAILED ", "ERROR ")):
                print(f"      {line}")
    return seconds, cpu, output


def verdict(name: str, seconds: float) -> str:
    budget = BUDGETS.get(name)
    if budget is None:
        return ""
    return f" (budget {budget:.0f} s: {'within' if seconds <= budget else 'OVER'})"


def report(name: str, times: list[float], cpus: list[float]) -> str:
    line = (f"{name}: wall median {statistics.median(times):.1f} s, best {min(times):.1f} s; "
            f"CPU median {statistics.median(cpus):.1f} s; {len(times)} runs on {os.cpu_count()} cores"
            + verdict(name, statistics.median(times)))
    print(line)
    return line


def measure(name: str, options: list[str], runs: int) -> tuple[str, str]:
    times, cpus, output = [], [], ""
    for number in range(1, runs + 1):
        before = load()
        seconds, cpu, output = pytest_run(options)
        times.append(seconds)
        cpus.append(cpu)
        tests = re.search(r"(\d+) passed", output)
        print(f"  {name} run {number}: {seconds:6.1f} s wall, {cpu:6.1f} s CPU, "
              f"{tests.group(1) if tests else '?'} passed   (load before {before}, after {load()})")
    return report(name, times, cpus), output


def slowest(output: str) -> None:
    start = output.find("slowest")
    print(output[start:output.find("\n=", start + 1)] if start >= 0 else "(no durations)")


def file_sums(output: str, count: int) -> None:
    """The test files whose setup, call and teardown took longest in all, and each worker's sum."""
    per_file: dict[str, float] = defaultdict(float)
    for line in output.splitlines():
        found = DURATION.match(line)
        if found:
            per_file[found.group(3)] += float(found.group(1))
    worker_of = {}
    for line in output.splitlines():
        found = WORKER.match(line)
        if found:
            worker_of[found.group(2)] = found.group(1)
    print(f"the {count} test files that took longest (seconds of setup, call and teardown, summed):")
    for path, seconds in sorted(per_file.items(), key=lambda item: -item[1])[:count]:
        print(f"  {seconds:8.1f}  {worker_of.get(path, '   ')}  {path}")
    per_worker: dict[str, float] = defaultdict(float)
    for path, seconds in per_file.items():
        per_worker[worker_of.get(path, "?")] += seconds
    print("  all files: " + ", ".join(f"{worker} {seconds:.0f} s" for worker, seconds in sorted(per_worker.items()))
          + f"; total {sum(per_file.values()):.0f} s")


def ci_run(runs: int) -> str:
    """A fresh clone's ``bash .ci/run``, timed as a whole and by its parts."""
    times, cpus, parts = [], [], defaultdict(list)
    for number in range(1, runs + 1):
        with tempfile.TemporaryDirectory(prefix="gintrainer-ci-") as folder:
            clone = Path(folder) / "gintrainer"
            subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(clone)], check=True)
            before = load()
            seconds, cpu, status, output = timed_run(["bash", ".ci/run"], clone)
            (Path(tempfile.gettempdir()) / f"gintrainer-ci-run-{number}.log").write_text(output)  # kept
        times.append(seconds)
        cpus.append(cpu)
        found: dict[str, float] = defaultdict(float)
        for line in output.splitlines():
            part = CI_PART.match(line)
            if part:
                found[CI_GROUPS.get(part.group(1), part.group(1))] += float(part.group(2))
        for group, value in found.items():
            parts[group].append(value)
        tests = re.search(r"(\d+) passed", output)
        log = Path(tempfile.gettempdir()) / f"gintrainer-ci-run-{number}.log"
        state = "" if status == 0 else f"   EXITED WITH {status} (log: {log})"
        print(f"  bash .ci/run run {number}: {seconds:6.1f} s wall ({_minutes(seconds)}), {cpu:6.1f} s CPU, "
              f"{tests.group(1) if tests else '?'} tests passed; "
              + ", ".join(f"{group} {value:.1f} s" for group, value in found.items())
              + f"   (load before {before}, after {load()}){state}")
    line = report("bash .ci/run", times, cpus)
    line += "\n  parts (median): " + ", ".join(f"{group} {statistics.median(values):.1f} s"
                                            for group, values in parts.items())
    print(line.splitlines()[-1])
    return line


def _minutes(seconds: float) -> str:
    return f"{int(seconds // 60)} min {seconds % 60:.0f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="runs of each measurement (the median is quoted)")
    parser.add_argument("--full", action="store_true", help="also time the whole suite (minutes)")
    parser.add_argument("--only-full", action="store_true", help="time the whole suite, not the fast part")
    parser.add_argument("--ci", action="store_true",
                        help="also time bash .ci/run in a fresh clone of HEAD (install, lint, whole suite)")
    parser.add_argument("--no-fast", action="store_true", help="leave out make test-fast (with --full or --ci)")
    parser.add_argument("--slowest", type=int, default=0, metavar="K", help="pytest's K slowest tests of the last run")
    parser.add_argument("--files", type=int, default=0, metavar="K",
                        help="the K test files that took longest in the last run, and each worker's sum")
    parser.add_argument("--jobs", type=int, default=2,
                        help="processes of the fast part, as make's FAST_JOBS (1: no pytest-xdist)")
    parser.add_argument("--full-jobs", type=int, default=2, help="processes of the whole suite, as make's TEST_JOBS")
    args = parser.parse_args()
    jobs = ["-n", str(args.jobs), "--dist", "loadfile"] if args.jobs > 1 else []
    full_jobs = ["-n", str(args.full_jobs), "--dist", "loadfile"] if args.full_jobs > 1 else []
    extra = ["-q"]
    if args.slowest or args.files:
        extra = ["-v" if args.files else "-q", f"--durations={0 if args.files else args.slowest}"]
    summary = []
    timed = [("test-fast", [*jobs, "--fast"])] if not (args.only_full or args.no_fast) else []
    if args.full or args.only_full:
        timed.append(("test (whole suite)", full_jobs))
    for name, options in timed:
        line, output = measure(name, options + extra, args.runs)
        summary.append(line)
        if args.files:
            file_sums(output, args.files)
        if args.slowest:
            durations = output if not args.files else _top_durations(output, args.slowest)
            slowest(durations)
    if args.ci:
        summary.append(ci_run(args.runs))
    print("\nsummary, " + time.strftime("%Y-%m-%d %H:%M") + f", load now {load()}:")
    for line in summary:
        print("  " + line)


def _top_durations(output: str, count: int) -> str:
    """pytest's durations list (all of them, for --files) cut to its ``count`` slowest."""
    start = output.find("slowest")
    if start < 0:
        return output
    lines = output[start:].splitlines()
    kept = [line for line in lines[1:] if DURATION.match(line)][:count]
    return "\n".join([lines[0], *kept]) + "\n="


if __name__ == "__main__":
    main()
