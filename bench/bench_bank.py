"""The puzzle figures the README quotes, measured; prints them, asserts nothing.

    python bench/bench_bank.py [--year 2026] [--time]

- the shipped bank: puzzles of each kind, and the share of lookahead puzzles
  the naive rule (``solver.naive_discard``, the card just taken passed over)
  gets wrong, in each lookahead set of the bank plan;
- how many puzzles carry each theme, by kind;
- the lookahead dailies of a year, and some class sets: the same share;
- with ``--time``, the time to rebuild the bank (into a temporary folder, then
  checked equal to the shipped one), processor time and elapsed, and the time to
  write every bank puzzle's text in words from its messages.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
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
    from gintrainer.solver import naive_discard
    return sum(naive_discard(p.hand, forbidden=p.forbidden) not in p.answer for p in puzzles), len(puzzles)


def share(pair: tuple[int, int]) -> str:
    wrong, total = pair
    return f"{wrong} of {total} ({100 * wrong / total:.0f}%)" if total else "none"


def render_time(repeat: int = 5) -> float:
    """The best time of ``repeat`` passes over the bank writing each puzzle's question,
    card count, explanation, hints and answer in words."""
    from gintrainer.messages import render
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--year", type=int, default=2026, help="the year of dailies to measure")
    parser.add_argument("--time", action="store_true", help="also time a rebuild of the bank")
    args = parser.parse_args()

    from gintrainer.classroom import ClassSet
    from gintrainer.puzzles import BANK_PLAN, THEMES, PuzzleKind, bank, bank_path, build_bank, daily
    from gintrainer.solver import Objective

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

    if args.time:
        with tempfile.TemporaryDirectory() as folder:
            began, began_cpu = time.perf_counter(), time.process_time()
            build_bank(folder)
            elapsed, cpu = time.perf_counter() - began, time.process_time() - began_cpu
            same = all(json.loads((Path(folder) / f"bank_{k}.json").read_text(encoding="utf-8"))
                       == json.loads(bank_path(k).read_text(encoding="utf-8")) for k in BANK_PLAN)
        print(f"Rebuilding the bank: {cpu:.1f} s of processor time on one core ({elapsed:.1f} s elapsed); "
              f"{'the same as' if same else 'DIFFERENT from'} the shipped bank")
        print(f"Writing the text of every bank puzzle from its messages: {render_time() * 1000:.0f} ms")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
