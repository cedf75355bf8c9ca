"""What one page load costs the machine, and who spends it: the browser (Chromium and Playwright's driver),
the server (Voila and the page's kernel), with each page opened in a new browser context (as
pytest-playwright's ``page`` fixture gives each test one) and as tabs of one context (the site's scripts,
several megabytes, fetched and compiled once). Prints figures, asserts nothing.

    python bench/bench_page_loads.py [--rounds N]

One server, started as ``make app`` starts it, serves a copy of the site; each round opens the same pages
both ways (in turn, which way first alternating by round), each page until its widgets have settled as the
browser tests wait for them, then left. Processor seconds are read from /proc for the server's process tree
(its kernels, those reaped too) and for this process's other children (the browser); the figures are
medians over the rounds of the seconds a page load costs each, with the bytes the browser fetched.

The browser tests cost about their number of page loads times this (docs/benchmarks.md, "The test suite").
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from serving import CHROMIUM_ARGS, chromium_path, free_port, make_site, process_busy, settle, start, stop, tree_busy

PAGES = ("lessons/01_cards_and_melds.ipynb", "lessons/05_knocking_and_gin.ipynb", "puzzles/best_discard.ipynb",
         "index.ipynb", "replays/example_hands.ipynb", "practice/practice.ipynb")
"""Pages of each kind: two lessons, a trainer, the landing page, the replays and practice."""


def open_and_settle(page, url: str) -> None:
    page.goto(url)
    page.locator("#loading").wait_for(state="hidden", timeout=90_000)
    settle(page)


def browser_busy(server_pid: int) -> float:
    """Processor seconds this process's children used, the server's branch left out: the browser and its driver."""
    return tree_busy(os.getpid(), leave_out=server_pid) - process_busy(os.getpid())


def one_way(browser, base: str, server_pid: int, shared: bool) -> dict[str, float]:
    """Every page opened once, each in a context of its own or all as tabs of one; the costs per page."""
    fetched = [0]
    busy_before = (browser_busy(server_pid), tree_busy(server_pid))
    start_time = time.perf_counter()
    one = browser.new_context(viewport={"width": 1280, "height": 900}) if shared else None
    for notebook in PAGES:
        context = one or browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        network = context.new_cdp_session(page)  # the bytes each response took over the wire (a cached one: none)
        network.send("Network.enable")
        network.on("Network.loadingFinished",
                   lambda event: fetched.__setitem__(0, fetched[0] + event.get("encodedDataLength", 0)))
        open_and_settle(page, f"{base}/voila/render/{notebook}")
        page.close()
        if one is None:
            context.close()
    if one is not None:
        one.close()
    wall = time.perf_counter() - start_time
    time.sleep(4)  # the last kernel shut down and reaped
    browser_cpu = browser_busy(server_pid) - busy_before[0]
    server_cpu = tree_busy(server_pid) - busy_before[1]
    n = len(PAGES)
    return {"wall": wall / n, "browser": browser_cpu / n, "server": server_cpu / n,
            "megabytes": fetched[0] / n / 1e6}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds of every page both ways (default 3)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as temp:
        folder, data = Path(temp) / "site", Path(temp) / "data"
        folder.mkdir()
        make_site(folder)
        port = free_port()
        server = start(folder, port, data)
        base = f"http://127.0.0.1:{port}"
        found: dict[str, list[dict[str, float]]] = {"a context each": [], "tabs of one context": []}
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
                one_way(browser, base, server.pid, shared=True)  # warm: the server's caches, the package compiled
                for round_number in range(args.rounds):
                    for shared in ((False, True) if round_number % 2 == 0 else (True, False)):
                        way = "tabs of one context" if shared else "a context each"
                        found[way].append(one_way(browser, base, server.pid, shared))
                browser.close()
        finally:
            stop(server)
    print(f"{len(PAGES)} pages, {args.rounds} rounds; per page load (medians over the rounds), load now "
          f"{os.getloadavg()[0]:.2f}:")
    for way, rows in found.items():
        median = {key: statistics.median(row[key] for row in rows) for key in rows[0]}
        print(f"  {way:20}  {median['wall']:.2f} s wall; CPU: browser {median['browser']:.2f} s, "
              f"server and kernel {median['server']:.2f} s, in all {median['browser'] + median['server']:.2f} s; "
              f"{median['megabytes']:.2f} MB fetched")


if __name__ == "__main__":
    main()
