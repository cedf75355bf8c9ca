"""Benchmark of the app's first render; prints figures, asserts nothing.

    python bench/bench_app.py [--runs N]

Serves a copy of the site together with a minimal one-widget notebook from one
Voila server (the site's voila.json), and measures in Chromium the time from
navigation until the first widget is visible: on the landing page and on the
minimal notebook, alternately, each in a fresh browser context; the landing
page in each language the trainer speaks (``?lang=tr`` and so on), so that each
language's ratio against the minimal notebook can be compared. Visits are
spaced so that a preheated kernel pool has refilled, as between two real
visitors. The same is then measured with preheating switched off.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from serving import CHROMIUM_ARGS, MINIMAL, chromium_path, make_site, start, stop

from gintrainer.words.language import LANGUAGES


def first_widget(browser, url: str) -> float:
    context = browser.new_context()
    page = context.new_page()
    start_time = time.perf_counter()
    page.goto(url, timeout=120_000)
    page.locator(".jupyter-widgets").first.wait_for(state="visible", timeout=120_000)
    elapsed = time.perf_counter() - start_time
    context.close()
    return elapsed


def measure(browser, port: int, runs: int, pause: float) -> dict[str, list[float]]:
    """Each run: the landing page in each language, each followed by the minimal notebook."""
    times: dict[str, list[float]] = {"minimal": [], **{lang: [] for lang in LANGUAGES}}
    for _ in range(runs):
        for lang in LANGUAGES:
            for name, address in ((lang, f"index.ipynb?lang={lang}"), ("minimal", MINIMAL)):
                times[name].append(first_widget(browser, f"http://127.0.0.1:{port}/voila/render/{address}"))
                time.sleep(pause)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--pause", type=float, default=8.0, help="seconds between visits")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as temporary, sync_playwright() as playwright:
        folder = Path(temporary) / "site"
        folder.mkdir()
        make_site(folder)
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        print(f"Time until the first widget is visible in Chromium, median of {args.runs} visits each")
        for preheat in (True, False):
            options = () if preheat else ("--VoilaConfiguration.preheat_kernel=False",)
            process = start(folder, 8870 + preheat, Path(temporary) / f"data-{preheat}", options=options)
            try:
                time.sleep(args.pause)  # let the preheated pool fill
                times = measure(browser, 8870 + preheat, args.runs, args.pause)
            finally:
                stop(process)
            minimal = statistics.median(times["minimal"])
            label = "voila.json as shipped (landing page preheated)" if preheat else "preheating off"
            print(f"  {label}:")
            runs = ", ".join(f"{t:.2f}" for t in times["minimal"])
            print(f"    minimal notebook      {minimal:5.2f} s   (runs: {runs})")
            for lang in LANGUAGES:
                landing = statistics.median(times[lang])
                print(f"    landing page, {lang}     {landing:5.2f} s   ratio to minimal {landing / minimal:.2f}   "
                      f"(runs: {', '.join(f'{t:.2f}' for t in times[lang])})")
        browser.close()


if __name__ == "__main__":
    main()
