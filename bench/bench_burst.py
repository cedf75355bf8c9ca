"""Benchmark of a burst of page requests on one server; prints figures, asserts nothing.

    python bench/bench_burst.py [--students N] [--pages NAME ...] [--option VOILA_OPTION ...] [--no-bytecode]

Serves a copy of the site, with a minimal one-widget notebook beside it, from one
Voila server started as ``gintrainer app`` starts it (``app.voila_command``: the
site's voila.json, then any ``--option``). For each page in turn, N threads request
its render URL at the same moment (plain HTTP, as a browser's first request; no
widget websocket), and the time until each response has been read to its end is
taken: Voila sends the page's last bytes once the page's cells have run in its
kernel. Prints p50 and p95 per page and their ratio to the minimal notebook, the
CPU seconds the server process and its kernels used during the burst, and the
kernels' RSS once the burst is done. The server is restarted before each burst,
so no kernel of one burst is left for the next.

``--no-bytecode``: the package's compiled bytecode is removed and
``PYTHONDONTWRITEBYTECODE=1`` set, so every kernel compiles the trainer's modules
from source (a checkout served where bytecode may not be written); by default the
bytecode is compiled first, as pip does at install.
"""

from __future__ import annotations

import argparse
import compileall
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gintrainer.app import voila_command  # noqa: E402

SITE = ("index.ipynb", "voila.json", "lessons", "puzzles", "replays", "classroom", "practice")
PAGES = {"minimal": "minimal.ipynb", "lesson5": "lessons/05_knocking_and_gin.ipynb",
         "best_discard": "puzzles/best_discard.ipynb", "student": "classroom/student.ipynb",
         "index": "index.ipynb", "daily": "puzzles/daily.ipynb"}


def make_site(folder: Path) -> None:
    for name in SITE:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, folder / name)
        else:
            shutil.copy2(source, folder / name)
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell("import ipywidgets\nipywidgets.Button(description='Hello')")]
    nbformat.write(notebook, folder / "minimal.ipynb")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start(folder: Path, data: Path, options: list[str], env: dict[str, str]) -> tuple[subprocess.Popen, int]:
    port = free_port()
    command = voila_command(folder, port=port, ip="127.0.0.1") + options
    process = subprocess.Popen(command, cwd=folder, env=dict(env, GINTRAINER_DATA=str(data)),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/api/contents/", timeout=2).read()
            return process, port
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("voila did not start")


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


TICKS = os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (its kernels), from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def cpu(pid: int) -> float:
    """CPU seconds (user + system) a process has used; 0 once it has gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS


def cpu_seconds(pid: int) -> tuple[float, float]:
    """CPU seconds of the server itself and of its kernels so far."""
    return cpu(pid), sum(cpu(child) for child in children(pid))


def kernels_rss(pid: int) -> list[float]:
    """The RSS of each of the server's kernels, in MB."""
    sizes = []
    for child in children(pid):
        try:
            if b"ipykernel" in Path(f"/proc/{child}/cmdline").read_bytes():
                for line in Path(f"/proc/{child}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        sizes.append(int(line.split()[1]) / 1024)
        except OSError:
            pass
    return sizes


DEADLINE = 180.0
"""Seconds after which a render not yet read to its end counts as failed."""


def burst(port: int, page: str, students: int) -> tuple[list[float], int]:
    """Seconds until each of ``students`` simultaneous renders of ``page`` was read to its end; and failures
    (an error status, an incomplete page, or not done within :data:`DEADLINE`)."""
    url = f"http://127.0.0.1:{port}/voila/render/{page}"
    times: list[float] = []
    failures = [0]
    gate = threading.Barrier(students)
    lock = threading.Lock()

    def student() -> None:
        gate.wait()
        start_time = time.perf_counter()
        body = b""
        try:
            with urllib.request.urlopen(url, timeout=60) as response:
                while chunk := response.read(65536):
                    body += chunk
                    if time.perf_counter() - start_time > DEADLINE:
                        break
            ok = response.status == 200 and b"</html>" in body and time.perf_counter() - start_time <= DEADLINE
        except OSError:
            ok = False
        with lock:
            if ok:
                times.append(time.perf_counter() - start_time)
            else:
                failures[0] += 1

    threads = [threading.Thread(target=student) for _ in range(students)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return times, failures[0]


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[-1] if len(values) > 1 else values[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--pages", nargs="*", default=["minimal", "lesson5", "best_discard"], choices=list(PAGES))
    parser.add_argument("--option", action="append", default=[], help="a Voila command-line option (repeatable)")
    parser.add_argument("--no-bytecode", action="store_true", help="kernels compile the package from source")
    parser.add_argument("--settle", type=float, default=5.0, help="seconds after the server starts (the pool fills)")
    args = parser.parse_args()
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT)
    if args.no_bytecode:
        for cache in (ROOT / "gintrainer").rglob("__pycache__"):
            shutil.rmtree(cache)
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        compileall.compile_dir(str(ROOT / "gintrainer"), quiet=1)
    with open("/proc/loadavg") as load:
        print(f"load average before: {' '.join(load.read().split()[:3])}")
    print(f"{args.students} simultaneous renders per page; options: {' '.join(args.option) or 'none'}; "
          f"bytecode {'absent' if args.no_bytecode else 'compiled'}")
    results = {}
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary) / "site"
        folder.mkdir()
        make_site(folder)
        for name in args.pages:
            process, port = start(folder, Path(temporary) / f"data-{name}", args.option, env)
            try:
                time.sleep(args.settle)
                before = cpu_seconds(process.pid)
                wall = time.perf_counter()
                times, failures = burst(port, PAGES[name], args.students)
                wall = time.perf_counter() - wall
                after = cpu_seconds(process.pid)
                sizes = kernels_rss(process.pid)
            finally:
                stop(process)
            results[name] = times
            median = statistics.median(times) if times else float("nan")
            worst = p95(times) if times else float("nan")
            rss = f"{statistics.median(sizes):.0f} MB median, {sum(sizes):.0f} MB in all" if sizes else "none"
            print(f"  {name:13} p50 {median:5.2f} s  p95 {worst:5.2f} s  failed {failures}  burst {wall:5.1f} s  "
                  f"CPU: server {after[0] - before[0]:4.1f} s, kernels {after[1] - before[1]:5.1f} s  "
                  f"kernels: {len(sizes)}, RSS {rss}")
    if "minimal" in results and results["minimal"]:
        floor = p95(results["minimal"])
        for name, times in results.items():
            if name != "minimal" and times:
                print(f"  p95 ratio {name} / minimal: {p95(times) / floor:.2f}")
    with open("/proc/loadavg") as load:
        print(f"load average after: {' '.join(load.read().split()[:3])}")


if __name__ == "__main__":
    main()
