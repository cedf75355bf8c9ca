"""Where a page's time goes: a kernel started as Voila starts one, then the notebook's
code cells run in it one by one, each cell split into its leading imports and the rest
(building the page), each part timed from its ``execute_request`` to its
``execute_reply``, with the kernel's resident memory after each part.

Voila executes a page's cells while it answers the render request, so a browser sees
none of this; a plain kernel (jupyter_client, the same kernel spec, the page's folder,
query string and data folder) does the same work without the server around it.
"""

from __future__ import annotations

import ast
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
from serving import process_rss, server_env

MB = 1024 * 1024


@dataclass
class Part:
    what: str
    """``kernel start``, ``imports`` or ``building the page``."""
    seconds: float
    rss: int
    """The kernel's resident memory after the part, bytes."""
    code: str = ""


@dataclass
class Breakdown:
    notebook: str
    parts: list[Part] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def total(self, what: str) -> float:
        return sum(p.seconds for p in self.parts if p.what == what)

    def to_dict(self) -> dict:
        return {"notebook": self.notebook, "errors": self.errors,
                "parts": [{"what": p.what, "seconds": p.seconds, "rss_mb": p.rss / MB, "code": p.code}
                          for p in self.parts],
                **{what: self.total(what) for what in ("kernel start", "imports", "building the page")}}


def split_cell(source: str) -> list[tuple[str, str]]:
    """A code cell as (what, code) parts: its leading import statements, then the rest."""
    try:
        body = ast.parse(source).body
    except SyntaxError:
        return [("building the page", source)]
    lines = source.splitlines()
    cut = 0
    while cut < len(body) and isinstance(body[cut], (ast.Import, ast.ImportFrom)):
        cut += 1
    parts = []
    if cut:
        parts.append(("imports", "\n".join(lines[:body[cut - 1].end_lineno])))
    if cut < len(body):
        parts.append(("building the page", "\n".join(lines[body[cut].lineno - 1:])))
    return parts


def measure(site: Path, notebook: str, query: str, data: Path, timeout: float = 300) -> Breakdown:
    """Run ``notebook`` of ``site`` cell by cell in a fresh kernel."""
    from jupyter_client.manager import KernelManager
    result = Breakdown(notebook)
    cells = [c.source for c in nbformat.read(site / notebook, as_version=4).cells if c.cell_type == "code"]
    env = server_env(data)
    env["QUERY_STRING"] = query
    manager = KernelManager(kernel_name="python3")
    start = time.perf_counter()
    manager.start_kernel(cwd=str((site / notebook).parent), env=env, stderr=subprocess.DEVNULL)
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=timeout)
        pid = manager.provisioner.process.pid if manager.provisioner else 0  # type: ignore[attr-defined]
        result.parts.append(Part("kernel start", time.perf_counter() - start, process_rss(pid)))
        for source in cells:
            for what, code in split_cell(source):
                began = time.perf_counter()
                reply = client.execute_interactive(code, timeout=timeout, output_hook=lambda _msg: None)
                result.parts.append(Part(what, time.perf_counter() - began, process_rss(pid), code))
                if reply["content"]["status"] != "ok":
                    result.errors.append(f"{notebook}: {reply['content'].get('ename')}: "
                                         f"{reply['content'].get('evalue')}")
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    return result


FLOOR_IMPORTS = "import ipykernel.kernelapp\nimport ipywidgets"
"""What every page's kernel has imported before the page's own imports: the kernel and ipywidgets."""


def import_times(site: Path, result: Breakdown, data: Path) -> list[tuple[float, str]]:
    """The modules a page's import cells bring in beyond the floor's, by cumulative import time
    (``python -X importtime`` in the page's folder), slowest first: (seconds, module)."""
    imports = "\n".join(p.code for p in result.parts if p.what == "imports")
    command = [sys.executable, "-X", "importtime", "-c", f"{FLOOR_IMPORTS}\n{imports}"]
    done = subprocess.run(command, cwd=(site / result.notebook).parent, env=server_env(data), capture_output=True,
                          text=True, timeout=120)
    found = []
    for line in done.stderr.splitlines():
        fields = line.removeprefix("import time:").split("|")
        if len(fields) == 3 and fields[1].strip().isdigit():
            found.append((int(fields[1]) / 1e6, fields[2].rstrip()))
    floor = len(subprocess.run([sys.executable, "-X", "importtime", "-c", FLOOR_IMPORTS], cwd=site,
                               env=server_env(data), capture_output=True, text=True, timeout=120).stderr.splitlines())
    own = found[max(floor - 1, 0):]  # the floor's modules come first, in the same order
    return sorted(own, reverse=True)


def median(runs: list[Breakdown]) -> Breakdown:
    """Runs of one notebook as one: each part's median time and memory."""
    first = runs[0]
    result = Breakdown(first.notebook, errors=[e for run in runs for e in run.errors])
    for index, part in enumerate(first.parts):
        same = [run.parts[index] for run in runs if len(run.parts) > index]
        result.parts.append(Part(part.what, statistics.median(p.seconds for p in same),
                                 int(statistics.median(p.rss for p in same)), part.code))
    return result


def print_imports(imports: dict[str, list[tuple[float, str]]], top: int = 8) -> None:
    """Each page's slowest imports beyond the kernel's and ipywidgets', nested ones indented."""
    for kind, found in imports.items():
        if not found:
            continue
        total = max(seconds for seconds, _ in found)
        print(f"  {kind}: its imports beyond the kernel and ipywidgets take {total:.2f} s (-X importtime, "
              f"cumulative); the slowest:")
        for seconds, module in found[:top]:
            print(f"    {seconds:6.3f} s {module}")


def print_breakdown(results: dict[str, Breakdown], solo: dict[str, dict[str, list[float]]],
                    floor: str | None) -> None:
    """Each page's kernel start, imports and page building beside the floor's, and what the
    server adds around them (a page opened alone through the server)."""
    runs = max((len(v) for times in solo.values() for v in times.values()), default=1)
    print(f"\nWhere the time goes: one page of each kind, alone, median of {runs} (a plain kernel running its "
          "cells; the page through the server with nobody else on it)")
    header = f"  {'page':<9}{'kernel start':>14}{'imports':>10}{'building':>10}{'cells':>8}" \
             f"{'server: page':>14}{'widgets live':>14}{'server adds':>13}{'kernel MB: idle':>17}{'imports':>9}" \
             f"{'page':>7}"
    print(header)
    for kind, result in results.items():
        start, imports, building = (result.total(w) for w in ("kernel start", "imports", "building the page"))
        alone = {name: statistics.median(values) for name, values in solo.get(kind, {}).items() if values}
        page = alone.get("page", float("nan"))
        adds = page - start - imports - building
        rss = {p.what: p.rss for p in result.parts}  # the last part of each kind
        idle = result.parts[0].rss if result.parts else 0
        after_imports = max((p.rss for p in result.parts if p.what == "imports"), default=idle)
        print(f"  {kind:<9}{start:>12.2f} s{imports:>8.2f} s{building:>8.2f} s{imports + building:>6.2f} s"
              f"{page:>12.2f} s{alone.get('live', float('nan')):>12.2f} s{adds:>11.2f} s"
              f"{idle / MB:>17.0f}{after_imports / MB:>9.0f}{rss.get('building the page', idle) / MB:>7.0f}")
        for error in result.errors:
            print(f"    error: {error}")
    if floor in results:
        base = results[floor]
        print(f"  The floor ({floor}): kernel start {base.total('kernel start'):.2f} s, imports "
              f"{base.total('imports'):.2f} s (ipywidgets), building {base.total('building the page'):.2f} s. "
              "'server adds': the page alone through the server minus the kernel start and the cells "
              "(Voila's template and output handling).")
    print("  Slowest parts:")
    parts = sorted(((p.seconds, kind, p) for kind, r in results.items() for p in r.parts if p.what != "kernel start"),
                   key=lambda item: -item[0])
    for seconds, kind, part in parts[:8]:
        code = "; ".join(line.split("#")[0].strip() for line in part.code.splitlines() if line.split("#")[0].strip())
        print(f"    {seconds:6.2f} s  {kind:<8} {part.what:<18} {code[:80]}")

