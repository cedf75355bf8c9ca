"""Benchmark of a whole class on one server; prints figures, asserts nothing.

    python bench/bench_class.py [--students N] [--pages minimal,cells,class,lesson,trainer]
                                [--rounds R] [--chromium K] [--after SECONDS] [--json FILE] [--quick]
                                [--prepared]

One Voila server, started as ``gintrainer app`` starts it (its command line and the shipped
voila.json) on a copy of the site with a minimal one-widget notebook beside it, and a
minimal notebook of lesson 5's shape (its markdown cells, one button per code cell: Voila's
and ipywidgets' cost for a page of that many cells each showing a widget, which the lesson
is also compared with; bench_page_parts.py takes it apart) (serving.py), a data folder of
its own, no browser. Each page is measured right after the minimal notebook (and lesson 5
after the notebook of its shape too), measured again for it, and ``--rounds`` times over;
the report ends with each page's p95 ratio round by round and its median.
For each kind of page in turn:

1. N students open it at the same moment: N - K driven as a browser drives a page
   (page_client.py: the render request, the page's files, the kernel's websocket, the
   widgets' states), K in Chromium (until the first ``.jupyter-widgets`` element is
   attached). First widget live: from the render request until the widgets' states
   have arrived.
2. With every page open and idle, each page's kernel's resident memory.
3. Each websocket student answers five puzzles through the page's controls, all at
   once and without thinking: the same comm messages a click or a choice sends;
   an answer is timed from its click until the page shows the answer (the update
   of the feedback or status line). The lesson answers its exercises (four, then the
   check's first question); the minimal notebook times one click until its kernel is idle.
4. Everyone leaves as Voila's page leaves (its shutdown request, the websocket closed;
   Chromium navigates away), and the kernels' total memory is read ``--after`` seconds later,
   beside the preheated pool's (voila.json's ``kernel_pools_config``) from before.

With ``--prepared``, each page but the floors is prepared for the class first, as the teacher's
"Prepare a class" does it (gintrainer.preparing: the server's signed address), and the class comes
once every prepared kernel is ready: the floors stay cold, the goal is 0.3 of the minimal notebook.

The server's kernel processes (its children running ipykernel) are read from /proc every
0.2 s for the peaks. Every failed request, websocket or wait, a page that came without one
of its widget outputs, and an answer the page refused, is counted and printed, with the
problems the server logged; the exit status is 1 if anything failed.

First, after a warm-up render, "where the time goes" (breakdown.py): each kind's page
alone through the server, each followed by its cells run in a plain kernel (kernel start,
import cells, page building, each timed with the kernel's memory), ``--repeat`` times, and
the modules its imports add beyond the kernel's and ipywidgets' (``-X importtime``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from html import unescape
from pathlib import Path
from typing import Any

import breakdown
import nbformat
from page_client import Page, PageError, Widget
from serving import (
    CHROMIUM_ARGS,
    MINIMAL,
    ROOT,
    SHAPED,
    chromium_path,
    free_port,
    kernel_processes,
    lesson_five,
    machine_busy,
    make_site,
    percentile,
    start,
    stop,
    tree_busy,
)

MB = 1024 * 1024
ANSWERS = 5
SAMPLE_EVERY = 0.2
SETTLE = 2.0
"""Seconds the open pages are left idle before their kernels' memory is read."""
REFUSALS = 2
"""Refused discards (an illegal card) a student tries again after, with the next card."""
CLASS_SIZE = 10
"""Puzzles in the benchmark's class set (students answer the first five)."""


class ControlsNotFound(Exception):
    """The page is not built as the benchmark expects: a control it looks for is missing."""


def first(items: Any, what: str) -> Widget:
    for item in items:
        return item
    raise ControlsNotFound(what)


Answering = Callable[[Page, int], Awaitable[dict[str, list[float]]]]


@dataclass(frozen=True)
class Kind:
    name: str
    title: str
    notebook: str
    query: Callable[[int], str]
    answer: Answering

    @property
    def outputs(self) -> int:
        """The widget outputs the page should carry: each of its code cells shows one."""
        if self.notebook == MINIMAL:
            return 1
        path = lesson_five() if self.notebook == SHAPED else ROOT / self.notebook
        return sum(1 for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code")


# --- answering through the page's controls ---------------------------------------------------------

def own_status(page: Page, view: Widget) -> Widget | None:
    """A view's own status line (made when the view first reports a problem, placed last)."""
    return next((w for w in page.children(view) if "gt-status-line" in w.classes), None)


def reported(page: Page, view: Widget) -> str:
    """What the view's status line says (nothing when it has none)."""
    status = own_status(page, view)
    return status.state.get("value", "") if status is not None else ""


def answer_lines(page: Page, view: Widget) -> list[Widget]:
    """Where a view shows an answer: its feedback, its status line, and the view itself (whose
    parts change when its first problem brings the status line)."""
    status = own_status(page, view)
    return [*page.find("gt-feedback", [view])[:1], *([status] if status is not None else []), view]


def said(page: Page, view: Widget) -> None:
    """A problem the view reports in its status line after an answer counts as a failure."""
    words = reported(page, view)
    if words:
        page.failures.append(f"{page.address}: the page said {unescape(re.sub('<[^>]+>', '', words))!r}")


async def answer_puzzle(page: Page, view: Widget) -> float:
    """Answer the puzzle a puzzle view shows: "No" when it asks whether one can knock, else a
    card of the hand and the discard button (the next card when the page refuses the
    discard, as for the card just taken from the discard pile). The seconds from the
    answer's click until the page showed the answer."""
    row = first((w for w in page.children(view) if "gt-answers" in w.classes), "the answer buttons")
    buttons = page.children(row)  # the stage's buttons: "Yes" and "No" (alike), or the discard button; the hint
    answers = [b for b in buttons if "gt-answer" in b.classes]
    no = answers[1] if len(answers) == 2 else None
    discard = next((b for b in buttons if "gt-discard" in b.classes), None)
    if no is not None:
        took = (await page.click(no, shown=answer_lines(page, view)))[0]
    elif discard is None:
        raise ControlsNotFound("the discard button")
    else:
        picker = first(page.find("gt-picker", [view]), "the hand's cards")
        cards = [c for c in page.children(picker) if not c.state.get("disabled")]
        if not cards:
            raise ControlsNotFound("a card to pick")
        for card in cards[:REFUSALS + 1]:
            await page.set(card, value=True)
            took = (await page.click(discard, shown=answer_lines(page, view)))[0]
            if not reported(page, view):
                break
    said(page, view)
    return took


async def answer_minimal(page: Page, number: int) -> dict[str, list[float]]:
    button = first((w for w in page.walk() if w.model == "ButtonModel"), "the button")
    return {"answer": [(await page.click(button))[1]]}


async def answer_trainer(page: Page, number: int) -> dict[str, list[float]]:
    trainer = page.find("gt-trainer")[0]
    times: dict[str, list[float]] = {"answer": [], "next": []}
    for count in range(ANSWERS):
        times["answer"].append(await answer_puzzle(page, page.find("gt-puzzle", [trainer])[0]))
        if count + 1 < ANSWERS:
            next_button = [w for w in page.children(trainer) if w.model == "ButtonModel"][-1]
            times["next"].append((await page.click(next_button))[1])
    return times


async def answer_class(page: Page, number: int) -> dict[str, list[float]]:
    """Type a name, press Start, then answer a puzzle and press Next puzzle, five times."""
    student = page.find("gt-student")[0]
    parts = page.children(student)
    form = first((w for w in parts if any(c.model == "TextModel" for c in page.children(w))), "the code and name")
    name = [c for c in page.children(form) if c.model == "TextModel"][1]
    start_button = first((c for c in page.children(form) if c.model == "ButtonModel"), "Start")
    await page.set(name, value=f"Student {number:02d}")
    progress = first((w for w in parts[parts.index(form) + 1:] if w.model == "HTMLModel"), "the progress line")
    times: dict[str, list[float]] = {"start": [(await page.click(start_button, shown=[progress]))[0]],
                                     "answer": [], "next": []}
    view = page.find("gt-puzzle", [student])[0]
    buttons = first((w for w in parts[parts.index(view) + 1:] if w.model == "HBoxModel"), "Next puzzle")
    for count in range(ANSWERS):
        times["answer"].append(await answer_puzzle(page, view))
        if count + 1 < ANSWERS:
            times["next"].append((await page.click(page.children(buttons)[0]))[1])
    return times


async def answer_exercise(page: Page, exercise: Widget) -> float:
    """Give an exercise an answer (its first card, its first choice or a number) and press Check."""
    parts = page.children(exercise)
    inputs = first((w for w in parts if w.model == "VBoxModel"), "the exercise's inputs")
    control = page.children(inputs)[0]
    if "gt-picker" in control.classes:
        await page.set(page.children(control)[0], value=True)
    elif control.model == "ToggleButtonsModel":
        await page.set(control, index=0)
    else:
        await page.set(control, value="5")
    row = first((w for w in parts if w.model == "HBoxModel" and page.children(w)
                 and all(c.model == "ButtonModel" for c in page.children(w))), "the exercise's buttons")
    took = (await page.click(page.children(row)[0], shown=answer_lines(page, exercise)))[0]
    said(page, exercise)
    return took


async def answer_lesson(page: Page, number: int) -> dict[str, list[float]]:
    exercises = page.find("gt-exercise")[:ANSWERS]
    if not exercises:
        raise PageError("the lesson has no exercise")
    return {"answer": [await answer_exercise(page, exercise) for exercise in exercises]}


def kinds() -> dict[str, Kind]:
    from gintrainer.classroom import class_set
    code = class_set("Benchmark class", count=CLASS_SIZE).code
    return {k.name: k for k in (
        Kind("minimal", "minimal one-widget notebook", MINIMAL, lambda n: "", answer_minimal),
        Kind("cells", "minimal notebook of lesson 5's shape", SHAPED, lambda n: "", answer_minimal),
        Kind("class", "class set, student page", "classroom/student.ipynb", lambda n: f"code={code}",
             answer_class),
        Kind("lesson", "lesson 5", f"lessons/{lesson_five().name}", lambda n: f"profile=student{n:02d}", answer_lesson),
        Kind("trainer", "best-discard trainer", "puzzles/best_discard.ipynb", lambda n: f"profile=student{n:02d}",
             answer_trainer),
    )}


FLOORS = ("minimal", "cells")
"""The pages the others are compared with: the minimal notebook, and the minimal notebook of lesson 5's shape."""


def schedule(names: list[str]) -> list[str]:
    """One round's order: each page right after the floors it is compared with, measured again for it
    (the machine's speed drifts over a run), so that a page's ratios are to figures taken minutes
    apart, not half an hour. Floors asked for alone are measured once each."""
    pages = [name for name in names if name not in FLOORS]
    if not pages:
        return [name for name in FLOORS if name in names]
    order = []
    for name in pages:
        order += ["minimal"] if "minimal" in names else []
        order += ["cells"] if "cells" in names and name == "lesson" else []
        order.append(name)
    if "cells" in names and "lesson" not in pages:
        order.insert(1 if order[0] == "minimal" else 0, "cells")
    return order


def address(kind: Kind, number: int) -> str:
    query = kind.query(number)
    return kind.notebook + (f"?{query}" if query else "")


# --- the kernels' memory -----------------------------------------------------------

class Sampler(threading.Thread):
    """Reads the server's kernel processes every 0.2 s; keeps the peaks since the last reset."""

    def __init__(self, server_pid: int):
        super().__init__(daemon=True)
        self.server_pid = server_pid
        self.halt = threading.Event()
        self.lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        with self.lock:
            self.peak_total = self.peak_count = 0
            self.peaks: dict[str, int] = {}
            """Each kernel's peak, by kernel id."""

    def run(self) -> None:
        while not self.halt.wait(SAMPLE_EVERY):
            found = kernel_processes(self.server_pid)
            with self.lock:
                self.peak_total = max(self.peak_total, sum(k.rss for k in found))
                self.peak_count = max(self.peak_count, len(found))
                for kernel in found:
                    if kernel.kernel_id:
                        self.peaks[kernel.kernel_id] = max(self.peaks.get(kernel.kernel_id, 0), kernel.rss)


def pool_size(site: Path) -> int:
    """The preheated kernels voila.json keeps waiting: one per pooled notebook that exists."""
    pools = json.loads((site / "voila.json").read_text())["VoilaKernelManager"]["kernel_pools_config"]
    return sum(p["pool_size"] for name, p in pools.items() if name == "default" or (site / name).is_file())


def memory_now(server_pid: int) -> dict[str, float]:
    found = kernel_processes(server_pid)
    return {"kernels": len(found), "total_mb": sum(k.rss for k in found) / MB}


async def wait_for_pool(server_pid: int, size: int, timeout: float = 180) -> dict[str, float]:
    """Wait until the server runs its preheated pool and nothing else, and the pool has
    settled (the same memory over two readings half a second apart)."""
    deadline = time.monotonic() + timeout
    last = -1.0
    while time.monotonic() < deadline:
        now = memory_now(server_pid)
        if now["kernels"] == size and abs(now["total_mb"] - last) < 1:
            return now
        last = now["total_mb"] if now["kernels"] == size else -1.0
        await asyncio.sleep(0.5)
    return memory_now(server_pid)


# --- one kind of page, a class at once ---------------------------------------------------------

@dataclass
class KindResult:
    kind: str
    title: str
    notebook: str
    students: int
    chromium: int
    live: list[float] = field(default_factory=list)
    page: list[float] = field(default_factory=list)
    chromium_live: list[float] = field(default_factory=list)
    steps: dict[str, list[float]] = field(default_factory=dict)
    idle_rss_mb: list[float] = field(default_factory=list)
    peak_total_mb: float = 0.0
    peak_one_mb: float = 0.0
    peak_kernels: int = 0
    pool_before: dict[str, float] = field(default_factory=dict)
    after_leaving: dict[str, float] = field(default_factory=dict)
    after_seconds: float = 0.0
    cpu: dict[str, float] = field(default_factory=dict)
    """Processor seconds used from the first request until everyone had left: by the machine,
    by the server and its kernels, by this benchmark (its clients and Chromium)."""
    cpu_open: dict[str, float] = field(default_factory=dict)
    """The same, from the first request until every page was live (before anyone answered)."""
    failures: list[str] = field(default_factory=list)
    round: int = 1
    prepared: dict[str, float] = field(default_factory=dict)
    """With ``--prepared``: the kernels the server held ready for the class, their memory, and the
    seconds from the teacher's request until they were all ready."""

    def to_dict(self) -> dict[str, Any]:
        return dict(vars(self))


async def open_in_chromium(browser: Any, url: str, failures: list[str]) -> tuple[Any, float | None, str]:
    """Open ``url`` in a fresh context; the seconds until the first widget element is attached."""
    context = await browser.new_context()
    tab = await context.new_page()

    def on_response(response: Any) -> None:
        if response.status >= 400 and response.url.startswith("http://127.0.0.1"):
            failures.append(f"Chromium: HTTP {response.status} for {response.url}")

    tab.on("response", on_response)
    began = time.perf_counter()
    try:
        await tab.goto(url, timeout=600_000)
        await tab.locator(".jupyter-widgets").first.wait_for(state="attached", timeout=600_000)
        took: float | None = time.perf_counter() - began
        kernel_id = await tab.evaluate(
            "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    except Exception as error:
        failures.append(f"Chromium {url}: {type(error).__name__}: {str(error).splitlines()[0]}")
        took, kernel_id = None, ""
    return context, took, kernel_id


async def leave_chromium(context: Any, failures: list[str]) -> None:
    try:
        tab = context.pages[0]
        await tab.goto("about:blank")  # the page's beforeunload sends Voila's shutdown request
    except Exception as error:
        failures.append(f"Chromium leaving: {type(error).__name__}: {error}")
    await context.close()


async def student(page: Page, number: int, kind: Kind, barriers: tuple[asyncio.Event, asyncio.Event],
                  opened: list[Page], result: KindResult) -> None:
    """One websocket student: open the page, wait until everyone has, wait for the word, answer."""
    everyone_open, everyone_answer = barriers
    try:
        result.live.append(await page.open())
        result.page.append(page.times["page"] - page.times["start"])
        if len(page.top) < kind.outputs:
            page.failures.append(f"{page.address}: the page came with {len(page.top)} of its {kind.outputs} "
                                 "widget outputs")
    except PageError:
        pass  # recorded in the page's failures
    except Exception as error:  # noqa: BLE001 - any other way a page fails is counted; the class goes on
        page.failures.append(f"{page.address}: opening failed: {type(error).__name__}: {error}")
    finally:
        opened.append(page)  # the class waits for every student: one who failed has also come
    await everyone_open.wait()
    if page.widgets:
        try:
            await everyone_answer.wait()
            for step, times in (await kind.answer(page, number)).items():
                result.steps.setdefault(step, []).extend(times)
        except PageError:
            pass  # recorded in the page's failures
        except (ControlsNotFound, IndexError, KeyError) as error:  # the page is not built as expected
            where = traceback.extract_tb(error.__traceback__)[-1]
            page.failures.append(f"{page.address}: a control was not found: {type(error).__name__} {error} "
                                 f"(line {where.lineno}: {where.line}; {len(page.widgets)} widgets known, "
                                 f"{sum(i in page.widgets for i in page.top)} of the page's {len(page.top)} outputs)")
        except Exception as error:  # noqa: BLE001 - any other way answering fails is counted
            page.failures.append(f"{page.address}: answering failed: {type(error).__name__}: {error}")


CPU_FIGURES = ("seconds", "machine", "server", "benchmark")
"""Wall-clock seconds, then processor seconds of the whole machine, of the server and its kernels,
and of this benchmark (its clients and Chromium)."""


def cpu_now(server_pid: int) -> tuple[float, ...]:
    """The clock and the processor seconds used so far, as ``CPU_FIGURES`` names them."""
    return time.perf_counter(), machine_busy(), tree_busy(server_pid), tree_busy(os.getpid(), server_pid)


def cpu_since(began: tuple[float, ...], ended: tuple[float, ...]) -> dict[str, float]:
    """The figures of ``CPU_FIGURES`` used between two readings of ``cpu_now``."""
    return {name: b - a for name, a, b in zip(CPU_FIGURES, began, ended, strict=True)}


async def run_kind(kind: Kind, *, base: str, students: int, chromium: int, browser: Any, sampler: Sampler,
                   server_pid: int, pool: int, after: float) -> KindResult:
    result = KindResult(kind.name, kind.title, kind.notebook, students, chromium, after_seconds=after)
    result.pool_before = await wait_for_pool(server_pid, pool)
    sampler.reset()
    began = cpu_now(server_pid)
    barriers = everyone_open, everyone_answer = asyncio.Event(), asyncio.Event()
    pages = [Page(base, address(kind, n)) for n in range(1, students - chromium + 1)]
    opened: list[Page] = []
    tasks = [asyncio.ensure_future(student(page, n, kind, barriers, opened, result))
             for n, page in enumerate(pages, 1)]
    browsing = [open_in_chromium(browser, f"{base}/voila/render/{address(kind, students - chromium + n)}",
                                 result.failures) for n in range(1, chromium + 1)]
    tabs = await asyncio.gather(*browsing)
    while len(opened) < len(pages):
        await asyncio.sleep(0.05)
    result.cpu_open = cpu_since(began, cpu_now(server_pid))
    everyone_open.set()
    result.chromium_live = [took for _, took, _ in tabs if took is not None]
    await asyncio.sleep(SETTLE)
    by_id = {k.kernel_id: k.rss for k in kernel_processes(server_pid)}
    ids = [p.kernel_id for p in pages] + [kernel_id for _, _, kernel_id in tabs]
    result.idle_rss_mb = [by_id[i] / MB for i in ids if i in by_id]
    everyone_answer.set()
    await asyncio.gather(*tasks)
    await asyncio.gather(*(page.leave() for page in pages), *(leave_chromium(c, result.failures) for c, _, _ in tabs))
    result.cpu = cpu_since(began, cpu_now(server_pid))
    await asyncio.sleep(after)
    result.after_leaving = memory_now(server_pid)
    with sampler.lock:
        result.peak_total_mb = sampler.peak_total / MB
        result.peak_one_mb = max((sampler.peaks.get(i, 0) for i in ids), default=0) / MB
        result.peak_kernels = sampler.peak_count
    result.failures += [f for page in pages for f in page.failures]
    return result


# --- the report --------------------------------------------------------------------------

def rows(result: KindResult) -> list[tuple[str, float, str]]:
    """(measure, figure, unit) for one kind."""
    answers = result.steps.get("answer", [])
    return [
        ("first widget live, p50", percentile(result.live, 0.5), "s"),
        ("first widget live, p95", percentile(result.live, 0.95), "s"),
        ("page received (render request), p95", percentile(result.page, 0.95), "s"),
        ("answer (minimal: a click), p50", percentile(answers, 0.5), "s"),
        ("answer (minimal: a click), p95", percentile(answers, 0.95), "s"),
        ("peak kernel memory, total (pool too)", result.peak_total_mb, "MB"),
        ("peak kernel memory, one page's kernel", result.peak_one_mb, "MB"),
        ("idle page's kernel RSS, median", statistics.median(result.idle_rss_mb) if result.idle_rss_mb
         else float("nan"), "MB"),
        (f"kernel memory {result.after_seconds:.0f} s after leaving", result.after_leaving.get("total_mb", 0), "MB"),
    ]


def print_against_shape(result: KindResult, shaped: KindResult) -> None:
    """The lesson's first widget beside the minimal notebook of its shape (its cells, each showing a button)."""
    for share in (0.5, 0.95):
        mine, base = percentile(result.live, share), percentile(shaped.live, share)
        print(f"  first widget live, p{share * 100:.0f}, against the minimal notebook of its shape: "
              f"{mine:.2f} s to {base:.2f} s, {mine / base if base else float('nan'):.2f}")


def print_prepared(prepared: dict[str, float]) -> None:
    """The kernels held ready for the class (``--prepared``)."""
    if prepared:
        print(f"  prepared ahead: {prepared['ready']:.0f} kernels ready {prepared['seconds']:.1f} s after the "
              f"teacher asked, {prepared['memory_mb']:.0f} MB "
              f"({prepared['memory_mb'] / max(1, prepared['ready']):.1f} MB a student)")


def print_cpu(cpu: dict[str, float], what: str) -> None:
    """Where the processors went while the class did ``what``."""
    if cpu:
        others = cpu["machine"] - cpu["server"] - cpu["benchmark"]
        print(f"  processors {what}, {cpu['seconds']:.0f} s (2 cores: {2 * cpu['seconds']:.0f} s at most): "
              f"busy {cpu['machine']:.0f} s, the server and its kernels {cpu['server']:.0f} s, this benchmark "
              f"(its clients, Chromium) {cpu['benchmark']:.0f} s, other work {others:.0f} s")


def floors_before(results: list[KindResult], index: int) -> tuple[KindResult | None, KindResult | None]:
    """The minimal notebook and the notebook of lesson 5's shape measured last before ``results[index]``
    (in the same round; none for the minimal notebook itself)."""
    earlier = [r for r in reversed(results[:index]) if r.round == results[index].round]
    floor = next((r for r in earlier if r.kind == "minimal"), None)
    shaped = next((r for r in earlier if r.kind == "cells"), None)
    return (None if results[index].kind == "minimal" else floor), shaped


def first_widget_p95(result: KindResult) -> float:
    """The goal's figure: p95 seconds until the first widget was live (the websocket students)."""
    return percentile(result.live, 0.95)


def opening_cpu(result: KindResult) -> float:
    """Processor seconds the server and its kernels used until every page was live."""
    return result.cpu_open.get("server", float("nan"))


def ratios_to_floor(results: list[KindResult], figure: Callable[[KindResult], float] = first_widget_p95
                    ) -> dict[str, list[tuple[float, float | None]]]:
    """Each page's ``figure`` as a ratio to the minimal notebook's measured just before it, round by
    round, with the ratio to lesson 5's shape beside it for the lesson (None for the others)."""
    ratios: dict[str, list[tuple[float, float | None]]] = {}
    for index, result in enumerate(results):
        floor, shaped = floors_before(results, index)
        if result.kind == "minimal" or floor is None:
            continue
        mine = figure(result)
        to_shape = mine / figure(shaped) if shaped is not None and result.kind == "lesson" else None
        ratios.setdefault(result.title, []).append((mine / figure(floor), to_shape))
    return ratios


def print_ratio_lines(heading: str, ratios: dict[str, list[tuple[float, float | None]]]) -> None:
    """Each page's ratios round by round and their median, under ``heading``."""
    print(f"\n{heading}")
    for title, found in ratios.items():
        to_floor = [a for a, _ in found]
        line = f"  {title:<40}{', '.join(f'{a:.2f}' for a in to_floor)}; median {statistics.median(to_floor):.2f}"
        to_shape = [b for _, b in found if b is not None]
        if to_shape:
            line += (f" (to lesson 5's shape: {', '.join(f'{b:.2f}' for b in to_shape)}; "
                     f"median {statistics.median(to_shape):.2f})")
        print(line)


def print_ratios(results: list[KindResult]) -> None:
    """The goal's figure, round by round, and its median over the rounds; then the same for the
    processor seconds the server and its kernels spent until every page was live (what the first
    figure follows on a machine the class keeps busy)."""
    if not ratios_to_floor(results):
        return
    goal = "0.3 at most, the pages prepared" if any(r.prepared for r in results) else "1.3 at most"
    print_ratio_lines("First widget live, p95, as a ratio to the minimal notebook measured just before "
                      f"(goal: {goal})", ratios_to_floor(results))
    print_ratio_lines("Processor seconds of the server and its kernels until every page was live, as a ratio "
                      "to the minimal notebook's just before", ratios_to_floor(results, opening_cpu))


def print_report(results: list[KindResult]) -> None:
    for index, result in enumerate(results):
        floor, shaped = floors_before(results, index)
        rounds = f", round {result.round}" if results[-1].round > 1 else ""
        print(f"\n{result.title} ({result.notebook}){rounds}: {result.students} students at once "
              f"({result.students - result.chromium} by websocket, {result.chromium} in Chromium)")
        print(f"  {'':<40}{'page':>10}{'minimal':>10}{'ratio':>8}")
        floor_rows = rows(floor) if floor is not None else []
        for row, (name, figure, unit) in enumerate(rows(result)):
            line = f"  {name:<40}{figure:>7.2f} {unit:<2}" if unit == "s" else f"  {name:<40}{figure:>7.0f} {unit:<2}"
            if floor_rows:
                base = floor_rows[row][1]
                base_text = f"{base:>7.2f} {unit:<2}" if unit == "s" else f"{base:>7.0f} {unit:<2}"
                ratio = figure / base if base else float("nan")
                line += f"{base_text}{ratio:>8.2f}"
            print(line)
        if shaped is not None and result.kind == "lesson":
            print_against_shape(result, shaped)
        if result.chromium:
            shown = ", ".join(f"{t:.2f}" for t in sorted(result.chromium_live)) or "none"
            print(f"  first widget in Chromium ({result.chromium} students): {shown} s")
        for step, label in (("start", "pressing Start (opening the set)"), ("next", "Next puzzle, until idle")):
            if step in result.steps:
                values = result.steps[step]
                print(f"  {label}: p50 {percentile(values, 0.5):.2f} s, p95 {percentile(values, 0.95):.2f} s")
        print(f"  answers timed: {len(result.steps.get('answer', []))}; kernels at the peak: {result.peak_kernels}; "
              f"after leaving: {result.after_leaving.get('kernels', 0):.0f} kernels, "
              f"{result.after_leaving.get('total_mb', 0):.0f} MB; the preheated pool before: "
              f"{result.pool_before.get('kernels', 0):.0f} kernels, {result.pool_before.get('total_mb', 0):.0f} MB")
        print_prepared(result.prepared)
        print_cpu(result.cpu_open, "until every page was live")
        print_cpu(result.cpu, "from the first request until everyone had left")
        print(f"  failures: {len(result.failures)}")
        for failure in result.failures[:20]:
            print(f"    {failure}")
        if len(result.failures) > 20:
            print(f"    ... and {len(result.failures) - 20} more")


# --- the whole run --------------------------------------------------------------------------

async def prepare(base: str, server_pid: int, pool: int, kind: Kind, students: int,
                  timeout: float = 300) -> dict[str, float]:
    """Prepare the class on ``kind``'s page as the teacher's page does (the server's signed address),
    and wait until every kernel is ready and the server's kernels have settled."""
    from gintrainer.preparing import ServerUnreachable, ask_server
    began = time.perf_counter()
    asked = {"page": kind.notebook, "count": students, "minutes": 30}
    found = await asyncio.to_thread(ask_server, asked, url=base + "/")
    if "error" in found:
        raise SystemExit(f"the server refused to prepare {kind.notebook}: {found}")
    deadline = began + timeout
    while time.perf_counter() < deadline:
        try:
            found = await asyncio.to_thread(ask_server, {}, url=base + "/")
        except ServerUnreachable:  # the server is busy starting the kernels: ask again
            continue
        pages = [p for p in found.get("pages", []) if p["page"] == kind.notebook]
        if pages and pages[0]["ready"] >= students:
            break
        await asyncio.sleep(1)
    ready = time.perf_counter() - began
    await wait_for_pool(server_pid, pool + students)
    found = await asyncio.to_thread(ask_server, {}, url=base + "/")
    page: dict[str, Any] = next((p for p in found.get("pages", []) if p["page"] == kind.notebook), {})
    print(f"{time.strftime('%H:%M:%S')} prepared {kind.title}: {page.get('ready', 0)} kernels ready in {ready:.1f} s, "
          f"{page.get('memory_mb', 0):.0f} MB", flush=True)
    return {"ready": float(page.get("ready", 0)), "memory_mb": float(page.get("memory_mb", 0)), "seconds": ready}


async def alone(base: str, server_pid: int, pool: int, kind: Kind) -> dict[str, float]:
    """One page of a kind opened with nobody else on the server: until the page arrived and
    until its widgets were live (nothing when it failed)."""
    await wait_for_pool(server_pid, pool)
    page = Page(base, address(kind, 99))
    try:
        live = await page.open()
        return {"live": live, "page": page.times["page"] - page.times["start"]}
    except PageError:
        return {}
    finally:
        await page.leave()


async def load(site: Path, port: int, server_pid: int, chosen: list[Kind], options: argparse.Namespace
               ) -> tuple[list[KindResult], dict[str, dict[str, list[float]]], dict[str, breakdown.Breakdown],
                          dict[str, list[tuple[float, str]]]]:
    """A warm-up page (Voila's first render prepares its templates), then each kind alone
    ``--repeat`` times, each time followed by its cells in a plain kernel (the breakdown), then
    each kind with the whole class."""
    print(f"{time.strftime('%H:%M:%S')} the server is up", flush=True)
    sampler = Sampler(server_pid)
    sampler.start()
    base = f"http://127.0.0.1:{port}"
    pool = pool_size(site)
    solo: dict[str, dict[str, list[float]]] = {}
    results = []
    browser = playwright = None
    try:
        if options.chromium:
            from playwright.async_api import async_playwright
            playwright = await async_playwright().start()
            browser = await playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        await alone(base, server_pid, pool, Kind("warm-up", "", MINIMAL, lambda n: "", answer_minimal))
        runs: dict[str, list[breakdown.Breakdown]] = {}
        for run in range(options.repeat if options.breakdown else 0):  # each kind alone, on a quiet server
            for kind in chosen:
                for name, value in (await alone(base, server_pid, pool, kind)).items():
                    solo.setdefault(kind.name, {}).setdefault(name, []).append(value)
                # its cells in a plain kernel, right after the page alone, under the same load of the machine
                runs.setdefault(kind.name, []).append(await asyncio.to_thread(
                    breakdown.measure, site, kind.notebook, kind.query(99), site.parent / f"data-breakdown-{run}"))
        parts = {name: breakdown.median(found) for name, found in runs.items()}
        imports = {name: await asyncio.to_thread(breakdown.import_times, site, result, site.parent / "data-imports")
                   for name, result in parts.items() if name != "minimal"}
        by_name = {kind.name: kind for kind in chosen}
        for round_number in range(1, options.rounds + 1 if options.students else 1):
            for kind in (by_name[name] for name in schedule(list(by_name))):
                print(f"{time.strftime('%H:%M:%S')} round {round_number}, {kind.title}: "
                      f"{options.students} students at once", flush=True)
                ready: dict[str, float] = {}
                if options.prepared and kind.name not in FLOORS:
                    ready = await prepare(base, server_pid, pool, kind, options.students)
                result = await run_kind(kind, base=base, students=options.students,
                                        chromium=min(options.chromium, options.students), browser=browser,
                                        sampler=sampler, server_pid=server_pid,
                                        pool=pool + int(ready.get("ready", 0)), after=options.after)
                result.round, result.prepared = round_number, ready
                results.append(result)
    finally:
        sampler.halt.set()
        if browser is not None:
            await browser.close()
        if playwright is not None:
            await playwright.stop()
    return results, solo, parts, imports


LOG_PROBLEM = re.compile(r"\[(W|E|C) |WARNING|ERROR|Traceback")
LOG_USUAL = ("Kernel is running over TCP without encryption", "is not trusted")
"""Warnings every page start logs, not problems of the load."""
"""A line of the server's log that reports a problem (Jupyter Server's [W]/[E] lines, nbclient's warnings)."""


def log_problems(text: str) -> dict[str, int]:
    """The server log's problem lines, each kind once with its count (timestamps and ids dropped)."""
    counts: dict[str, int] = {}
    for line in text.splitlines():
        if LOG_PROBLEM.search(line) and not any(usual in line for usual in LOG_USUAL):
            key = re.sub(r"[0-9a-f]{8}-[0-9a-f-]{27}|[0-9a-f]{32}|\d{2}:\d{2}:\d{2}(\.\d+)?|\d+(\.\d+)?ms", "…", line)
            counts[key[:200]] = counts.get(key[:200], 0) + 1
    return counts


def run(options: argparse.Namespace) -> dict[str, Any]:
    """The benchmark's core: serve, load, break down; the figures as a dict."""
    every = kinds()
    chosen = [every[name] for name in options.pages]
    if options.prepared:  # the server's key, which the teacher's page signs its request with
        os.environ.setdefault("GINTRAINER_TEACHER_KEY", os.urandom(24).hex())
    with tempfile.TemporaryDirectory(prefix="bench-class-") as temporary:
        folder = Path(temporary)
        site = folder / "site"
        site.mkdir()
        make_site(site)
        port = free_port()
        process = start(site, port, folder / "data", log=folder / "voila.log")
        log = folder / "voila.log"
        try:
            results, solo, parts, imports = asyncio.run(load(site, port, process.pid, chosen, options))
        finally:
            problems = log_problems(log.read_text(errors="replace"))  # not what stopping the server logs
            stop(process)
        if options.log:
            shutil.copy(log, options.log)
    return {"results": results, "solo": solo, "breakdown": parts, "imports": imports, "log": problems,
            "failures": [f for r in results for f in r.failures] + [e for b in parts.values() for e in b.errors]}


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--pages", default="minimal,cells,class,lesson,trainer",
                        help="the kinds of page, comma-separated: minimal, class, lesson, trainer")
    parser.add_argument("--chromium", type=int, default=3, help="how many of the students use Chromium")
    parser.add_argument("--after", type=float, default=120, help="seconds after leaving to read the memory")
    parser.add_argument("--rounds", type=int, default=1,
                        help="measure every page this many times, each beside the floors measured just before it")
    parser.add_argument("--json", type=Path, help="write the figures to this file")
    parser.add_argument("--log", type=Path, help="keep the server's log in this file")
    parser.add_argument("--no-breakdown", dest="breakdown", action="store_false",
                        help="leave out where the time goes")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of each page alone for the breakdown (the median is shown)")
    parser.add_argument("--breakdown-only", action="store_true",
                        help="only where the time goes (each page alone), no class at once")
    parser.add_argument("--prepared", action="store_true",
                        help="prepare each page (not the floors) for the class first, as the teacher's page does")
    parser.add_argument("--quick", action="store_true",
                        help="4 students (1 in Chromium), 10 s after leaving, the breakdown run once")
    options = parser.parse_args(argv)
    if options.quick:
        options.students, options.chromium, options.after, options.repeat = 4, 1, 10.0, 1
    if options.breakdown_only:
        options.students, options.chromium, options.breakdown = 0, 0, True
    options.pages = [name.strip() for name in options.pages.split(",") if name.strip()]
    unknown = [name for name in options.pages if name not in ("minimal", "cells", "class", "lesson", "trainer")]
    nobody = options.students < 1 and not options.breakdown_only
    if unknown or not options.pages or nobody or options.chromium < 0 or options.repeat < 1 or options.rounds < 1:
        parser.error(f"choose pages among minimal, cells, class, lesson, trainer (not {', '.join(unknown)}); "
                     "at least one student")
    return options


def main(argv: list[str] | None = None) -> int:
    options = parse(argv)
    began = time.strftime("%Y-%m-%d %H:%M:%S")
    figures = run(options)
    print(f"\nClass benchmark, started {began}: {options.students} students per page, "
          f"{min(options.chromium, options.students)} of them in Chromium")
    print_report(figures["results"])
    print_ratios(figures["results"])
    if figures["breakdown"]:
        breakdown.print_breakdown(figures["breakdown"], figures["solo"], "minimal")
        breakdown.print_imports(figures["imports"])
    if figures["log"]:
        print(f"\nThe server's log reported {sum(figures['log'].values())} problems:")
        for line, count in sorted(figures["log"].items(), key=lambda item: -item[1])[:15]:
            print(f"  {count:>4} × {line}")
    failures = figures["failures"]
    print(f"\nFailed requests, websockets and waits: {len(failures)}")
    if options.json:
        options.json.write_text(json.dumps({
            "started": began, "students": options.students, "chromium": options.chromium, "after": options.after,
            "results": [r.to_dict() for r in figures["results"]], "solo": figures["solo"],
            "breakdown": {k: b.to_dict() for k, b in figures["breakdown"].items()}, "log": figures["log"],
            "imports": figures["imports"], "failures": failures,
        }, indent=1))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
