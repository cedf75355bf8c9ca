"""The puzzle figures docs/benchmarks.md quotes, measured; prints them, asserts nothing.

    python bench/bench_bank.py [--year 2026] [--time]

- the shipped bank: puzzles of each kind, and the share of lookahead puzzles
  the naive rule (``solver.naive_discard``, the card just taken passed over)
  gets wrong, in each lookahead set of the bank plan;
- how many puzzles carry each theme, by kind;
- the lookahead dailies of a year, and some class sets: the same share;
- what a trainer page spends choosing its first puzzle (``training.choose_next``,
  the chosen puzzle checked again by the solver included) and reading the bank for it
  (``bank_index`` and ``bank_record`` alone), through the index beside the bank file
  and by parsing the whole bank file: processor time, the median of ``--runs`` fresh
  processes each, the two ways taking turns;
- with ``--time``, the time to rebuild the bank (into a temporary folder, then
  checked equal to the shipped one, with its index), processor time and elapsed, and
  the time to write every bank puzzle's text in words from its messages.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

CLASS_SETS: list[tuple[str, dict[str, Any]]] = [
    ("Year 9 Tuesday", dict(count=12)),
    ("Lookahead drill", dict(count=20, kinds="best_discard", objective="lookahead")),
    ("Hard lookahead", dict(count=10, kinds="best_discard", objective="lookahead", difficulty="hard")),
    ("Keep the pair", dict(count=10, kinds="best_discard", objective="lookahead", themes=["keep-the-pair"])),
    ("Oklahoma mix", dict(count=16, oklahoma=True)),
    ("Forty", dict(count=40, kinds="best_discard", objective="lookahead")),
]


def naive_wrong(puzzles) -> tuple[int, int]:
    """How many of the puzzles the naive rule gets wrong, of how many."""
    from gintrainer.engine.solver import naive_discard
    return sum(naive_discard(p.hand, forbidden=p.forbidden) not in p.answer for p in puzzles), len(puzzles)


def share(pair: tuple[int, int]) -> str:
    wrong, total = pair
    return f"{wrong} of {total} ({100 * wrong / total:.0f}%)" if total else "none"


def render_time(repeat: int = 5) -> float:
    """The best time of ``repeat`` passes over the bank writing each puzzle's question,
    card count, explanation, hints and answer in words."""
    from gintrainer.material.messages import render
    from gintrainer.puzzles import bank
    puzzles = bank("can_knock") + bank("best_discard")
    best = float("inf")
    for _ in range(repeat):
        began = time.perf_counter()
        for p in puzzles:
            render((p.question_message, p.count_message, *p.explanation_messages, *p.hint_messages,
                    *p.answer_messages))
        best = min(best, time.perf_counter() - began)
    return best


PAGE_PICK = """
import random, sys, time
import gintrainer.puzzles as puzzles
from gintrainer.trainers.training import choose_next
kind, way, part = sys.argv[1:4]
if way == "parse":
    puzzles.read_index = lambda bank_file, version: None  # as if there were no index
began = time.process_time()
if part == "choose_next":
    choose_next(kind, rating=1500.0, rng=random.Random(1))
else:
    puzzles.bank_record(kind, puzzles.bank_index(kind)[7].id)
print(time.process_time() - began)
"""


def page_pick_times(kind: str, runs: int) -> dict[tuple[str, str], float]:
    """The median processor time, in seconds, of a trainer page's first choice of a puzzle of
    ``kind`` (``choose_next``) and of its reading the bank for it, each way (``index``, ``parse``),
    each run in a fresh process."""
    root = str(Path(__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": root + os.pathsep + os.environ.get("PYTHONPATH", "")}
    times: dict[tuple[str, str], list[float]] = {}
    for _ in range(runs):
        for part in ("choose_next", "bank"):
            for way in ("index", "parse"):
                out = subprocess.run([sys.executable, "-c", PAGE_PICK, kind, way, part], env=env, check=True,
                                     capture_output=True, text=True).stdout
                times.setdefault((part, way), []).append(float(out.split()[-1]))
    return {key: statistics.median(values) for key, values in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--year", type=int, default=2026, help="the year of dailies to measure")
    parser.add_argument("--time", action="store_true", help="also time a rebuild of the bank")
    parser.add_argument("--runs", type=int, default=9, help="fresh processes for each page figure")
    args = parser.parse_args()

    from gintrainer.classroom import ClassSet
    from gintrainer.engine.solver import Objective
    from gintrainer.puzzles import BANK_PLAN, THEMES, PuzzleKind, bank, bank_path, build_bank, daily
    from gintrainer.puzzles.bank_file import index_path

    print("The bank")
    for kind in BANK_PLAN:
        puzzles = bank(kind)
        print(f"  {kind}: {len(puzzles)} puzzles")
        for rules_name, objective, _count in BANK_PLAN[kind]:
            if objective != Objective.LOOKAHEAD:
                continue
            group = [p for p in puzzles if p.objective == objective and p.rules.oklahoma == (rules_name == "oklahoma")]
            print(f"    lookahead, {rules_name} rules: the naive rule is wrong in {share(naive_wrong(group))}")
        if kind == PuzzleKind.BEST_DISCARD:
            look = [p for p in puzzles if p.objective == Objective.LOOKAHEAD]
            print(f"    lookahead, all: the naive rule is wrong in {share(naive_wrong(look))}")
    print("Themes (puzzles with each theme)")
    for kind in BANK_PLAN:
        counts = Counter(t for p in bank(kind) for t in p.themes)
        print(f"  {kind}: " + ", ".join(f"{t} {counts[t]}" for t in THEMES if counts[t]))

    start = dt.date(args.year, 1, 1)
    days = [start + dt.timedelta(days=n) for n in range((dt.date(args.year + 1, 1, 1) - start).days)]
    dailies = [daily(day, PuzzleKind.BEST_DISCARD) for day in days]
    look = [p for p in dailies if p.objective == Objective.LOOKAHEAD]
    print(f"Lookahead dailies of {args.year}: the naive rule is wrong in {share(naive_wrong(look))}")

    print("Class sets (each set's lookahead puzzles)")
    for name, options in CLASS_SETS:
        classset = ClassSet(name, **options)
        look = [p for p in classset.puzzles() if p.objective == Objective.LOOKAHEAD]
        print(f"  {name!r} {classset.code} ({classset.describe()}): {share(naive_wrong(look))}")

    print(f"A trainer page's first puzzle (best_discard), processor time, median of {args.runs} fresh processes:")
    picked = page_pick_times("best_discard", args.runs)
    for part, words in (("choose_next", "choose_next, the solver's check included"),
                        ("bank", "reading the bank (bank_index, bank_record)")):
        print(f"  {words}: full parse {picked[part, 'parse'] * 1000:.1f} ms, "
              f"index {picked[part, 'index'] * 1000:.1f} ms")

    if args.time:
        with tempfile.TemporaryDirectory() as folder:
            began, began_cpu = time.perf_counter(), time.process_time()
            build_bank(folder)
            elapsed, cpu = time.perf_counter() - began, time.process_time() - began_cpu
            same = all(json.loads((Path(folder) / f"bank_{k}.json").read_text(encoding="utf-8"))
                       == json.loads(bank_path(k).read_text(encoding="utf-8"))
                       and (Path(folder) / f"bank_{k}.index.json").read_bytes()
                       == index_path(bank_path(k)).read_bytes() for k in BANK_PLAN)
        print(f"Rebuilding the bank: {cpu:.1f} s of processor time on one core ({elapsed:.1f} s elapsed); "
              f"{'the same as' if same else 'DIFFERENT from'} the shipped bank")
        print(f"Writing the text of every bank puzzle from its messages: {render_time() * 1000:.0f} ms")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
