"""What the app benchmarks share, and the browser tests with them: a copy of the site with a minimal
one-widget notebook, one Voila server started as ``gintrainer app`` starts it, Chromium's launch and a free
port (tests/conftest.py takes those from here), the wait until a page's widgets have settled, and the
server's kernel processes read from /proc.

The minimal notebook (the floor: a kernel and one widget) lives in the copy, so that
the same server, with the shipped voila.json, serves it beside the trainer's pages;
nothing is written into the checkout.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat

ROOT = Path(__file__).resolve().parents[1]
SITE = ("index.ipynb", "voila.json", "lessons", "puzzles", "replays", "classroom", "practice")
MINIMAL = "lessons/minimal.ipynb"
"""The minimal notebook, in a folder of pages: the server answers for nothing else (gintrainer.app.on_site)."""
MINIMAL_CODE = "import ipywidgets\nipywidgets.Button(description='Hello')"
SHAPED = "lessons/minimal_lesson_5.ipynb"
"""Lesson 5's shape without the trainer: its markdown cells as they are, each code cell the
minimal notebook's one button (what Voila and ipywidgets cost for its cells, each showing a
widget; ``bench_page_parts.py`` tells the cells' cost from the widgets')."""
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # this checkout's package, run from anywhere


def lesson_five() -> Path:
    found = sorted((ROOT / "lessons").glob("05_*.ipynb"))
    if not found:
        raise SystemExit("no lesson 5 (lessons/05_*.ipynb)")
    return found[0]


def make_site(folder: Path) -> None:
    """Copy the site into ``folder`` and add the minimal notebook, and the minimal notebook of
    lesson 5's shape (:data:`SHAPED`), beside the lessons."""
    for name in SITE:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, folder / name, ignore=shutil.ignore_patterns(".*", "__pycache__"))
        elif source.is_file():
            shutil.copy2(source, folder / name)
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(MINIMAL_CODE)]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, folder / MINIMAL)
    shaped = nbformat.read(lesson_five(), as_version=4)
    shaped.cells = [cell if cell.cell_type == "markdown" else nbformat.v4.new_code_cell(MINIMAL_CODE)
                    for cell in shaped.cells]
    nbformat.write(shaped, folder / SHAPED)


def find_chromium() -> str | None:
    """Chromium's path: ``GINTRAINER_CHROMIUM`` if set, else ``chromium`` or ``chromium-browser`` on the path."""
    return os.environ.get("GINTRAINER_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


def chromium_path() -> str:
    return find_chromium() or "/usr/bin/chromium"


RENDERED_JS = """() => {
  const outputs = Array.from(document.querySelectorAll('.jp-OutputArea-output'));
  return outputs.length > 0 && outputs.every(o => o.children.length > 0);
}"""
"""Every output area of a Voila page holds something."""
# Widget views render after Voila hides its spinner, children after their boxes: settled is when the
# number of widget elements stays the same over a few animation frames.
SETTLED_JS = """() => new Promise(done => {
  let last = -1, same = 0;
  const look = () => {
    const count = document.querySelectorAll('.jupyter-widgets').length;
    same = count === last ? same + 1 : 0;
    last = count;
    if (same >= 5) done(count); else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})"""
"""The widgets have settled: the number of widget elements the same over five animation frames."""


def settle(page: Any) -> None:
    """Wait until every output of the page has rendered and its widgets stop appearing (the browser tests'
    wait, and the page-load bench's)."""
    page.wait_for_function(RENDERED_JS, timeout=60_000)
    page.evaluate(SETTLED_JS)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def server_env(data: Path) -> dict[str, str]:
    """The server's environment: learner data in ``data``; the kernels import this
    checkout's package (not another installed copy); the profiles in the mode ``gintrainer app``
    gives a server on 127.0.0.1 without a class, open (where ``?profile=`` opens one by name:
    on a shared server a learner's later pages open it as well, by the sign-in cookie),
    unless the environment says otherwise."""
    from gintrainer.app import PROFILES_SHARED
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    return dict(os.environ, GINTRAINER_DATA=str(data), PYTHONPATH=path, PYTHONUNBUFFERED="1",
                **{PROFILES_SHARED: os.environ.get(PROFILES_SHARED, "0")})


def start(folder: Path, port: int, data: Path, *, options: tuple[str, ...] = (), log: Path | None = None,
          timeout: float = 120) -> subprocess.Popen:
    """Serve ``folder`` with its voila.json as ``gintrainer app`` does (its command line, no
    browser, the package's bytecode compiled first), on 127.0.0.1:``port``; ``options`` go after
    it (they win over the file)."""
    from gintrainer.app import compile_package, voila_command
    compile_package()
    command = voila_command(folder, port=port, ip="127.0.0.1") + list(options)
    if log is None:
        process = subprocess.Popen(command, cwd=folder, env=server_env(data), stdout=subprocess.DEVNULL,
                                   stderr=subprocess.STDOUT)
    else:
        with open(log, "a") as output:  # the server writes to its own copy of the descriptor
            process = subprocess.Popen(command, cwd=folder, env=server_env(data), stdout=output,
                                       stderr=subprocess.STDOUT)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"voila exited with {process.returncode}" + (f"; see {log}" if log else ""))
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/api/contents/", timeout=2):
                return process
        except OSError:
            time.sleep(0.2)
    process.terminate()
    raise RuntimeError("voila did not start")


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


# --- the server's kernels ----------------------------------------------------------

@dataclass(frozen=True)
class KernelProcess:
    pid: int
    kernel_id: str | None
    """From the connection file on its command line (``kernel-ID.json``)."""
    rss: int
    """Resident memory, bytes."""


def _kernel_id(command: list[str]) -> str | None:
    for word in command:
        name = os.path.basename(word)
        if name.startswith("kernel-") and name.endswith(".json"):
            return name[len("kernel-"):-len(".json")]
    return None


def kernel_processes(server_pid: int) -> list[KernelProcess]:
    """The server's live child processes running ipykernel, with their resident memory."""
    found = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat") as stat_file:
                stat = stat_file.read()
            state, parent = stat.rsplit(")", 1)[1].split()[:2]
            if int(parent) != server_pid or state == "Z":
                continue
            with open(f"/proc/{entry.name}/cmdline", "rb") as command_file:
                command = command_file.read().decode(errors="replace").split("\0")
            if not any("ipykernel" in word for word in command):
                continue
            with open(f"/proc/{entry.name}/statm") as statm:
                rss = int(statm.read().split()[1]) * PAGE_SIZE
        except (OSError, ValueError, IndexError):
            continue  # gone meanwhile
        found.append(KernelProcess(int(entry.name), _kernel_id(command), rss))
    return found


def process_rss(pid: int) -> int:
    """A process's resident memory in bytes (0 once it is gone)."""
    try:
        with open(f"/proc/{pid}/statm") as statm:
            return int(statm.read().split()[1]) * PAGE_SIZE
    except (OSError, ValueError, IndexError):
        return 0


def process_memory(pid: int) -> dict[str, float]:
    """RSS, PSS and USS of a process, in MB (from /proc/PID/status and smaps_rollup; OSError
    once it is gone)."""
    figures = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                figures["rss"] = int(line.split()[1]) / 1024
    with open(f"/proc/{pid}/smaps_rollup") as rollup:
        fields = {line.split(":")[0]: int(line.split()[1]) for line in rollup if line.split(":")[0] in
                  ("Pss", "Private_Clean", "Private_Dirty")}
    figures["pss"] = fields["Pss"] / 1024
    figures["uss"] = (fields["Private_Clean"] + fields["Private_Dirty"]) / 1024
    return figures


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile with linear interpolation (NaN for no values)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    position = (len(ordered) - 1) * share
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


# --- who used the processors ------------------------------------------------------------

TICKS = os.sysconf("SC_CLK_TCK")


def machine_busy() -> float:
    """Processor seconds the whole machine has spent busy since it started (all cores)."""
    with open("/proc/stat") as stat:
        fields = [int(v) for v in stat.readline().split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle and iowait
    return (sum(fields[:8]) - idle) / TICKS


def _processes() -> dict[int, tuple[int, float]]:
    """Every process: its parent and the processor seconds it and its reaped children used."""
    found = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat") as stat_file:
                fields = stat_file.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        found[int(entry.name)] = (int(fields[1]), sum(int(v) for v in fields[11:15]) / TICKS)
    return found


def process_busy(pid: int) -> float:
    """Processor seconds used by the process itself (not its children)."""
    with open(f"/proc/{pid}/stat") as stat_file:
        fields = stat_file.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def tree_busy(root: int, leave_out: int | None = None) -> float:
    """Processor seconds used by ``root`` and its descendants (without ``leave_out``'s branch)."""
    found = _processes()
    children: dict[int, list[int]] = {}
    for pid, (parent, _) in found.items():
        children.setdefault(parent, []).append(pid)
    total, stack = 0.0, [root]
    while stack:
        pid = stack.pop()
        if pid == leave_out or pid not in found:
            continue
        total += found[pid][1]
        stack.extend(children.get(pid, ()))
    return total
