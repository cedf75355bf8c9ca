"""Benchmark of a page's kernel: time per cell and memory; prints figures, asserts nothing.

    python bench/bench_kernel.py [--runs N] [--pages NAME ...]

For a minimal one-widget notebook (the floor: ipykernel and ipywidgets) and for
the trainer's pages, each run starts a fresh kernel the way Voila starts one
(jupyter_client, the python3 ipykernel, the notebook's folder as its working
directory, a data folder of its own) and runs the notebook's code cells in turn.
It prints, as medians over the runs: the kernel's start (start → ready), the
time from each execute_request to its execute_reply, and the kernel process's
memory before the first cell, after each cell and when idle two seconds after
the last: RSS (VmRSS in /proc/PID/status), PSS and USS (Private_Clean +
Private_Dirty in /proc/PID/smaps_rollup). The issue's 60 MB is RSS.

Then, with ``--imports``, the import time the page's first cell adds to a
kernel (``python -X importtime`` after importing what ipykernel and ipywidgets
already import), summed per top-level package.

With ``--before DIR`` (another checkout of the trainer, an older commit: ``git archive
COMMIT | tar -x -C DIR``, then ``python -m compileall -q DIR/gintrainer``, or where
PYTHONDONTWRITEBYTECODE is set its kernels compile every module), each run also runs
the same pages from that checkout (its notebooks, its package), alternating with this
one's, and the report gives both: a change measured before and after under one load.
"""

from __future__ import annotations

import argparse
import os
import queue
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import nbformat
from jupyter_client.manager import KernelManager
from serving import MINIMAL_CODE as MINIMAL
from serving import ROOT
from serving import process_memory as memory

PAGES = {
    "minimal": None,
    "index": "index.ipynb",
    "lesson5": "lessons/05_knocking_and_gin.ipynb",
    "lesson6": "lessons/06_laying_off.ipynb",
    "best_discard": "puzzles/best_discard.ipynb",
    "student": "classroom/student.ipynb",
    "daily": "puzzles/daily.ipynb",
    "can_knock": "puzzles/can_knock.ipynb",
    "replays": "replays/example_hands.ipynb",
    "practice": "practice/practice.ipynb",
}
FLOOR = "import ipykernel.ipkernel, ipykernel.kernelapp, ipywidgets"
"""What a kernel has imported before a page's first cell runs (the floor's imports)."""


def cells(page: str | None, root: Path = ROOT) -> list[str]:
    if page is None:
        return [MINIMAL]
    notebook = nbformat.read(root / page, as_version=4)
    return [cell.source for cell in notebook.cells if cell.cell_type == "code"]


def execute(client, code: str, timeout: float = 120.0) -> float:
    """Seconds from the execute_request until its execute_reply; raises if the cell failed."""
    start = time.perf_counter()
    msg_id = client.execute(code, store_history=False)
    while True:
        reply = client.get_shell_msg(timeout=timeout)
        if reply["parent_header"].get("msg_id") == msg_id:
            break
    elapsed = time.perf_counter() - start
    if reply["content"]["status"] != "ok":
        raise RuntimeError(f"cell failed: {reply['content'].get('ename')}: {reply['content'].get('evalue')}")
    drain(client)
    return elapsed


WATCHED = ("numpy", "babel", "anywidget", "psygnal")
"""Packages whose presence in a page's kernel the report names."""


def loaded(client) -> list:
    """Which of :data:`WATCHED` the kernel has imported, how many widget models are open
    (``ipywidgets.Widget.widgets``) and how many modules in all."""
    expression = (f"[m for m in {WATCHED!r} if m in __import__('sys').modules] "
                  "+ [len(__import__('ipywidgets').Widget.widgets), len(__import__('sys').modules)]")
    msg_id = client.execute("", store_history=False, user_expressions={"loaded": expression})
    while True:
        reply = client.get_shell_msg(timeout=60)
        if reply["parent_header"].get("msg_id") == msg_id:
            break
    drain(client)
    return eval(reply["content"]["user_expressions"]["loaded"]["data"]["text/plain"])  # a list's repr


MESSAGES: dict[str, int] = defaultdict(int)
"""The iopub messages the kernel has sent, by type, since the last :func:`run_once` began."""


def drain(client) -> None:
    while True:
        try:
            message = client.get_iopub_msg(timeout=0.05)
        except queue.Empty:
            return
        MESSAGES[message["msg_type"]] += 1


def run_once(page: str | None, data: Path, root: Path = ROOT) -> dict[str, object]:
    folder = root if page is None else (root / page).parent
    env = dict(os.environ, GINTRAINER_DATA=str(data), PYTHONPATH=str(root))
    env.pop("VOILA_PREHEAT", None)
    manager = KernelManager(kernel_name="python3")
    start = time.perf_counter()
    manager.start_kernel(cwd=str(folder), env=env)
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=60)
        started = time.perf_counter() - start
        pid = manager.provisioner.process.pid  # type: ignore[union-attr]  # a local kernel's process
        drain(client)
        MESSAGES.clear()
        before = memory(pid)
        times, after = [], []
        for code in cells(page, root):
            times.append(execute(client, code))
            after.append(memory(pid))
        time.sleep(2)
        drain(client)
        messages = dict(MESSAGES)
        idle = memory(pid)
        modules = loaded(client)
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    return {"start": started, "cells": times, "before": before, "after": after, "idle": idle, "modules": modules,
            "messages": messages}


def median(values) -> float:
    return statistics.median(values)


def report(name: str, runs: list[dict], checkout: str = "") -> None:
    page = PAGES[name] or "minimal one-widget notebook"
    cell_count = len(runs[0]["cells"])
    total = [sum(run["cells"]) for run in runs]
    print(f"\n{name} ({page}){checkout}, median of {len(runs)} runs")
    print(f"  kernel start {median([r['start'] for r in runs]):.2f} s; "
          f"before the first cell RSS {median([r['before']['rss'] for r in runs]):.1f} MB")
    for index in range(cell_count):
        cell_time = median([r["cells"][index] for r in runs])
        rss = median([r["after"][index]["rss"] for r in runs])
        print(f"  cell {index + 1}: {cell_time * 1000:7.0f} ms   RSS after {rss:5.1f} MB")
    idle = {key: median([r["idle"][key] for r in runs]) for key in ("rss", "pss", "uss")}
    print(f"  all cells {median(total) * 1000:.0f} ms (runs: {', '.join(f'{t * 1000:.0f}' for t in total)})")
    idle_runs = ", ".join(f"{run['idle']['rss']:.1f}" for run in runs)
    messages = runs[-1]["messages"]
    print(f"  iopub messages while built: {sum(messages.values())} "
          f"({', '.join(f'{kind} {count}' for kind, count in sorted(messages.items(), key=lambda i: -i[1]))})")
    modules = runs[-1]["modules"]
    print(f"  widget models open: {modules[-2]}; modules loaded: {modules[-1]}; of {', '.join(WATCHED)}: "
          f"{', '.join(modules[:-2]) or 'none'}")
    print(f"  idle: RSS {idle['rss']:.1f} MB, PSS {idle['pss']:.1f} MB, USS {idle['uss']:.1f} MB "
          f"(RSS runs: {idle_runs})")


MARK = "-- the page --"
IMPORT_LINE = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|(\s*)(\S+)")


def import_profile(page: str, top: int = 12, root: Path = ROOT) -> None:
    """The import time a page's first cell adds to a kernel, per top-level package."""
    first = cells(page, root)[0]
    imports = "\n".join(line for line in first.splitlines() if line.startswith(("import ", "from ")))
    code = (f"{FLOOR}\nimport sys, time; sys.stderr.write('{MARK}\\n'); _t = time.perf_counter()\n"
            f"{imports}\nprint(time.perf_counter() - _t)")
    result = subprocess.run([sys.executable, "-X", "importtime", "-c", code], capture_output=True, text=True,
                            env=dict(os.environ, PYTHONPATH=str(root)), cwd=root, check=True)
    lines = result.stderr.splitlines()
    per_package: dict[str, int] = defaultdict(int)
    for line in lines[lines.index(MARK) + 1:]:
        match = IMPORT_LINE.match(line)
        if match:
            per_package[match.group(4).split(".")[0]] += int(match.group(1))
    wall = float(result.stdout.strip().splitlines()[-1])
    where = "" if root == ROOT else f" in {root}"
    print(f"\nimports of {page}'s first cell{where} after the floor's: {wall * 1000:.0f} ms wall; "
          "self time per package:")
    for package, micros in sorted(per_package.items(), key=lambda item: -item[1])[:top]:
        print(f"  {package:24} {micros / 1000:7.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pages", nargs="*", default=list(PAGES), choices=list(PAGES))
    parser.add_argument("--imports", action="store_true", help="also profile the first cell's imports")
    parser.add_argument("--before", type=Path, metavar="DIR",
                        help="another checkout of the trainer whose pages run too, alternating with this one's")
    args = parser.parse_args()
    roots = {"": ROOT} if args.before is None else {" (before)": args.before.resolve(), " (now)": ROOT}
    with open("/proc/loadavg") as load:
        print(f"load average before: {' '.join(load.read().split()[:3])}")
    results: dict[tuple[str, str], list[dict]] = {(name, label): [] for name in args.pages for label in roots}
    with tempfile.TemporaryDirectory() as temporary:
        for run in range(args.runs):  # pages alternate, so a busy moment on the machine falls on all of them
            for name in args.pages:
                for number, (label, root) in enumerate(roots.items()):
                    data = Path(temporary) / f"{name}-{run}-{number}"
                    results[name, label].append(run_once(PAGES[name], data, root))
    for name, label in results:
        report(name, results[name, label], label)
    if args.imports:
        for name in args.pages:
            page = PAGES[name]
            if page:
                for root in roots.values():
                    import_profile(page, root=root)
    with open("/proc/loadavg") as load:
        print(f"\nload average after: {' '.join(load.read().split()[:3])}")


if __name__ == "__main__":
    main()
