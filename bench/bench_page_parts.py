"""What the parts of a page cost the server and its kernel: cells, text and widget models.
Prints figures, asserts nothing.

    python bench/bench_page_parts.py [--runs N] [--pages NAME,...]

One server, started as ``make app`` starts it, serves a copy of the site with these
notebooks beside it; each is opened alone the way a browser opens it (the render
request, then the widgets' websocket until every widget is live: ``bench/page_client.py``),
then left. ``--runs`` rounds of every page, in an order shuffled each round. The figures
are medians: seconds until the widgets are live, the processor seconds the server's own
process used and those its kernels used (the kernel's start included), both until the
page was left, their sum with the spread between its quartiles, and the widget models the
page holds.

- ``minimal``: the floor, one cell making one button (three models: the button, its
  layout and its style);
- ``text``: lesson 5's markdown cells as they are, and one cell with the button;
- ``text-joined``: the same text in a single markdown cell, and the button;
- ``buttons-cells``: nine cells, each making one button;
- ``buttons-one-cell``: one cell making the same nine buttons;
- ``shape``: lesson 5's shape (its markdown cells, the button in each code cell), the class
  benchmark's second floor;
- ``lesson``: lesson 5;
- ``lesson-one-cell``: lesson 5's markdown cells, then all its code in one cell (each of its
  code cells' last expression displayed in turn).

Read side by side, they tell what a page's cells cost (``text`` against ``text-joined``,
``buttons-cells`` against ``buttons-one-cell``, ``lesson`` against ``lesson-one-cell``) apart
from what its widgets cost.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import nbformat
from page_client import Page
from serving import (
    MINIMAL,
    MINIMAL_CODE,
    SHAPED,
    free_port,
    lesson_five,
    make_site,
    percentile,
    process_busy,
    start,
    stop,
    tree_busy,
)

BUTTONS = "import ipywidgets\nipywidgets.VBox([ipywidgets.Button(description='Hello') for _ in range({count})])"
"""One cell showing ``count`` of the minimal notebook's buttons."""


def _code(source: str) -> nbformat.NotebookNode:
    return nbformat.v4.new_code_cell(source)


def one_cell(sources: list[str]) -> str:
    """Code cells' sources as one cell that shows what each showed: its last line, where it is
    an expression, displayed."""
    lines = ["from IPython.display import display"]
    for source in sources:
        *body, last = source.rstrip().splitlines()
        lines += body
        lines.append(f"display({last})" if last and not last.startswith(("import ", "from ")) else last)
    return "\n".join(lines)


def notebooks(lesson: nbformat.NotebookNode) -> dict[str, list[nbformat.NotebookNode]]:
    """The cells of each page this benchmark makes (``minimal``, ``shape`` and ``lesson`` are the
    site copy's own), from lesson 5's notebook."""
    text = [cell for cell in lesson.cells if cell.cell_type == "markdown"]
    code = [cell.source for cell in lesson.cells if cell.cell_type == "code"]
    return {
        "text": [*text, _code(MINIMAL_CODE)],
        "text-joined": [nbformat.v4.new_markdown_cell("\n\n".join(cell.source for cell in text)), _code(MINIMAL_CODE)],
        "buttons-cells": [_code(MINIMAL_CODE) for _ in code],
        "buttons-one-cell": [_code(BUTTONS.format(count=len(code)))],
        "lesson-one-cell": [*text, _code(one_cell(code))],
    }


PAGES = ("minimal", "text", "text-joined", "buttons-cells", "buttons-one-cell", "shape", "lesson", "lesson-one-cell")


def addresses(site: Path) -> dict[str, str]:
    """Each page's address in the site copy, writing the notebooks this benchmark makes
    (lesson 5's made ones beside it, so that its imports and data are the lesson's)."""
    lesson_path = lesson_five()
    lesson = nbformat.read(lesson_path, as_version=4)
    folder = lesson_path.parent.name
    found = {"minimal": MINIMAL, "shape": SHAPED, "lesson": f"{folder}/{lesson_path.name}"}
    for name, cells in notebooks(lesson).items():
        notebook = nbformat.v4.new_notebook(metadata=lesson.metadata)
        notebook.cells = cells
        nbformat.write(notebook, site / folder / f"parts_{name}.ipynb")
        found[name] = f"{folder}/parts_{name}.ipynb"
    return found


async def open_once(base: str, address: str, server_pid: int) -> dict[str, float]:
    """One page opened alone and left: its figures."""
    server, tree = process_busy(server_pid), tree_busy(server_pid)
    page = Page(base, address)
    try:
        live = await page.open()
        await asyncio.sleep(1.0)  # what the page does after its widgets are live
        server, tree = process_busy(server_pid) - server, tree_busy(server_pid) - tree
    finally:
        await page.leave()
        await asyncio.sleep(1.5)  # its kernel's shutdown, before the next page's figures begin
    if page.failures:
        raise RuntimeError("; ".join(page.failures))
    return {"live": live, "server": server, "kernel": tree - server, "models": len(page.widgets)}


FIGURES: tuple[tuple[str, str, Callable[[float], str]], ...] = (
    ("live", "widgets live", lambda v: f"{v:.2f} s"),
    ("server", "server CPU", lambda v: f"{v:.3f} s"),
    ("kernel", "kernel CPU", lambda v: f"{v:.3f} s"),
    ("models", "models", lambda v: f"{v:.0f}"),
)


def summary(runs: dict[str, list[dict[str, float]]]) -> dict[str, dict[str, float]]:
    """Each page's medians; its processor seconds in all (server and kernel: their median, and the
    spread between the quartiles); and that median above the floor's (``minimal``'s)."""
    medians = {name: {key: statistics.median(run[key] for run in found) for key, _, _ in FIGURES}
               for name, found in runs.items()}
    floor = medians.get("minimal")
    for name, figures in medians.items():
        totals = [run["server"] + run["kernel"] for run in runs[name]]
        figures["total"] = statistics.median(totals)
        figures["spread"] = percentile(totals, 0.75) - percentile(totals, 0.25)
    for figures in medians.values():
        if floor is not None:
            figures["above"] = figures["total"] - floor["total"]
    return medians


def report(medians: dict[str, dict[str, float]], runs: int) -> str:
    above = "minimal" in medians
    head = f"  {'page':18s}" + "".join(f"{title:>14s}" for _, title, _ in FIGURES)
    head += f"{'CPU in all':>12s}{'quartiles':>11s}" + (f"{'above floor':>13s}" if above else "")
    lines = [f"One page alone at a time, median of {runs}:", head]
    for name, figures in medians.items():
        line = f"  {name:18s}" + "".join(f"{show(figures[key]):>14s}" for key, _, show in FIGURES)
        line += f"{figures['total']:>10.3f} s{figures['spread']:>9.3f} s"
        lines.append(line + (f"{figures['above']:>+11.3f} s" if above else ""))
    return "\n".join(lines)


async def measure(base: str, pages: dict[str, str], server_pid: int, runs: int) -> dict[str, list[dict[str, float]]]:
    found: dict[str, list[dict[str, float]]] = {name: [] for name in pages}
    for address in pages.values():  # warm once: the first page of a server pays for its templates
        await open_once(base, address, server_pid)
    for number in range(runs):  # each round in its own order, so that no page always follows the same one
        order = list(pages)
        random.Random(number).shuffle(order)
        for name in order:
            found[name].append(await open_once(base, pages[name], server_pid))
    return found


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--pages", default=",".join(PAGES), type=lambda text: text.split(","),
                        help=f"among {', '.join(PAGES)}")
    options = parser.parse_args(argv)
    unknown = [name for name in options.pages if name not in PAGES]
    if unknown:
        parser.error(f"unknown pages: {', '.join(unknown)} (choose among {', '.join(PAGES)})")
    if options.runs < 1:
        parser.error("--runs must be at least 1")
    return options


def main(argv: list[str] | None = None) -> int:
    options = parse(argv)
    with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryDirectory() as data:
        site = Path(folder)
        make_site(site)
        made = addresses(site)
        pages = {name: made[name] for name in PAGES if name in options.pages}
        port = free_port()
        server = start(site, port, Path(data))
        try:
            began = time.strftime("%Y-%m-%d %H:%M:%S")
            runs = asyncio.run(measure(f"http://127.0.0.1:{port}", pages, server.pid, options.runs))
        finally:
            stop(server)
    print(f"Page parts benchmark, started {began}")
    print(report(summary(runs), options.runs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
