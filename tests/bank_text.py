"""Every text a learner or teacher reads from a puzzle, collected in one place:
the bank's puzzles (question, card count, explanation, hints, answer, and what
every possible answer is told on each page), some dailies, the theme texts,
rating changes, the command line's output and the worksheets' puzzle text.

``tests/data/bank_text.json`` holds this text as the bank of version 2 wrote it
(when each puzzle stored its sentences in English), and test_bank_text.py holds
the rendered text against it: the words a learner reads did not change when the
bank came to store messages instead. Regenerate it (``python tests/bank_text.py``)
only for a wording change that is meant, and say so in the commit."""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import json
import re
import sys
from contextlib import redirect_stderr, redirect_stdout
from html import unescape
from pathlib import Path
from typing import Any

SNAPSHOT = Path(__file__).parent / "data" / "bank_text.json"
DAILY_DAYS = [dt.date(2026, 1, 1) + dt.timedelta(days=n) for n in range(14)]
CLI_RUNS = [["daily", "--date", "2026-03-0" + str(n), "--kind", kind] for n in (1, 2, 3, 4)
            for kind in ("can-knock", "best-discard")] + [
    ["puzzles", "--kind", "best-discard", "--count", "2", "--seed", "7", "--objective", "lookahead"],
    ["puzzles", "--kind", "can-knock", "--count", "2", "--seed", "7"],
    ["class", "make", "--code", "Year 9 Tuesday", "--count", "4"]]
JSON_RUNS = [["daily", "--date", "2026-03-01", "--kind", "can-knock", "--json"],
             ["daily", "--date", "2026-03-02", "--kind", "best-discard", "--json"],
             ["puzzles", "--kind", "best-discard", "--count", "2", "--seed", "7", "--json"],
             ["class", "make", "--code", "Year 9 Tuesday", "--count", "4", "--json"]]
WORKSHEET_SETS: list[tuple[str, dict[str, Any]]] = [("Year 9 Tuesday", dict(count=12)),
                                                    ("Oklahoma mix", dict(count=16, oklahoma=True))]


# -- the accessors: the only lines that know the puzzle's API -----------------------

def count_line(puzzle) -> str:
    from gintrainer.material.messages import render
    return render(puzzle.count_message)


# -- collecting ---------------------------------------------------------------------

def possible_answers(puzzle) -> list[str]:
    """Every answer a learner can give, as the results files write it."""
    cards = [r.card.code() for r in puzzle.table]
    if puzzle.forbidden is not None:
        cards.append(puzzle.forbidden.code())
    if puzzle.kind == "can_knock":
        return ["no", "yes"] + [f"yes {c}" for c in cards]
    return cards


def _attempt(puzzle, answer: str, *, blind=False, hints=0) -> list:
    """What the trainer says to each stage of an answer (and the row and cost line)."""
    from gintrainer.trainers.training import PuzzleAttempt, cost_words
    from gintrainer.widgets.trainer import recorded_words
    attempt = PuzzleAttempt(puzzle, blind=blind)
    for _ in range(hints):
        attempt.hint()
    words, said = answer.split(), []
    try:
        if puzzle.kind == "can_knock":
            feedback = attempt.answer_yes_no(words.pop(0) == "yes")
            said.append([feedback.message, cost_words(feedback, puzzle)])
        if not attempt.finished and words:
            feedback = attempt.answer_discard(words[0])
            said.append([feedback.message, cost_words(feedback, puzzle)])
    except Exception as error:  # a refused answer says why
        said.append(["refused", str(error)])
    if blind and attempt.finished:
        said.append(["recorded", recorded_words(attempt)])
    return said


def answers_text(puzzle) -> dict:
    """Every possible answer: the class page's mark, the trainer's feedback (plain,
    after all the hints, and blind, as in a class set)."""
    from gintrainer.classroom.marking import mark
    out = {}
    for answer in possible_answers(puzzle):
        try:
            marked = mark(puzzle, answer)
            judged = [marked.correct, marked.message]
        except Exception as error:
            judged = ["refused", str(error)]
        out[answer] = {"mark": judged, "trainer": _attempt(puzzle, answer),
                       "hinted": _attempt(puzzle, answer, hints=len(puzzle.hints)),
                       "blind": _attempt(puzzle, answer, blind=True)}
    return out


def digest(data) -> str:
    return hashlib.sha256(json.dumps(data, ensure_ascii=False, sort_keys=True).encode()).hexdigest()[:20]


def puzzle_text(puzzle) -> dict:
    return {"question": puzzle.question, "count": count_line(puzzle), "explanation": puzzle.explanation,
            "hints": list(puzzle.hints), "answer": puzzle.answer_words(), "answers": digest(answers_text(puzzle))}


def answer_sample(puzzles) -> list:
    """A few puzzles of each sort (kind, objective, source, rules, yes or no), for
    a readable copy of every answer's text."""
    seen: dict = {}
    for p in puzzles:
        key = (p.kind, p.objective, p.drawn_from, p.rules.oklahoma, p.can_knock, bool(p.opponent_known))
        if len(seen.setdefault(key, [])) < 1:
            seen[key].append(p)
    return [p for group in seen.values() for p in group]


def readable_sample(puzzles) -> list:
    """Twelve of a sample: six "can you knock?", three of each best-discard objective."""
    return ([p for p in puzzles if p.kind == "can_knock"][:6] + [p for p in puzzles if p.objective == "deadwood"][:3]
            + [p for p in puzzles if p.objective == "lookahead"][:3])


def _feedback_html(puzzle, answer: str, *, blind: bool) -> list[str]:
    """The puzzle view's hint list and feedback after each hint and each stage."""
    from gintrainer.widgets.trainer import PuzzleView
    view = PuzzleView(puzzle, blind=blind)
    shown = [view.hints.value]
    if not blind:
        view._on_hint()
        shown.append(view.hints.value)
    words = answer.split()
    if puzzle.kind == "can_knock":
        view._yes_no(words.pop(0) == "yes")
        shown.append(view.feedback.value)
    assert view.attempt is not None  # the view has just started one
    if words and not view.attempt.finished:
        view.picker.select(words[0])
        view._on_discard()
        shown.append(view.feedback.value)
    shown.append(view.status.value)
    return shown


def _cli(argv) -> str:
    from gintrainer.cli import main
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return f"status {code}\n{out.getvalue()}"


_PARTS = {"question": r'<p class="ws-question">(.*?)</p>', "count": r'<p class="ws-rules ws-count">(.*?)</p>',
          "answer": r'<p class="ws-answer">(.*?)</p>', "explanation": r'<p class="ws-explanation">(.*?)</p>'}


def worksheet_text(html: str) -> dict:
    """The puzzle text of a worksheet or answer key, element by element."""
    return {name: [unescape(re.sub("<[^>]+>", "", m)) for m in re.findall(pattern, html)]
            for name, pattern in _PARTS.items()}


def bank_puzzles() -> tuple:
    from gintrainer.puzzles import bank
    return bank("can_knock") + bank("best_discard")


def daily_puzzles() -> dict:
    from gintrainer.puzzles import daily
    return {f"{day}/{kind}": daily(day, kind) for day in DAILY_DAYS for kind in ("can_knock", "best_discard")}


def sample() -> list:
    return readable_sample(answer_sample(bank_puzzles()) + answer_sample(daily_puzzles().values()))


def ratings_text() -> list:
    """What a rating change says, over results, difficulties and ratings (new and settled)."""
    from gintrainer.records.progress import Progress
    from gintrainer.records.rating import Rating
    from gintrainer.trainers.training import rating_words
    ratings = []
    for result in ("solved", "hinted", "failed"):
        for difficulty in (900, 1300, 1500, 1501, 1700, 2600):
            for rating, deviation in ((1500.0, 350.0), (1480.4, 60.0), (400.0, 50.0)):
                before = Rating(rating, deviation)
                progress = Progress.new("Ann").with_attempt(
                    {"id": f"x{difficulty}", "kind": "can_knock", "themes": [], "difficulty": difficulty}, result,
                    answer="no", hints=1 if result == "hinted" else 0)
                ratings.append([result, difficulty, rating, deviation, rating_words(before, progress.history[-1])])
    again = Progress.new("Ann").with_attempt({"id": "k", "kind": "can_knock", "themes": [], "difficulty": 1400},
                                             "failed", answer="no", hints=0)
    again = again.with_attempt({"id": "k", "kind": "can_knock", "themes": [], "difficulty": 1400}, "solved",
                               answer="no", hints=0)
    ratings.append(["practice", 1400, 1500.0, 350.0, rating_words(Rating(), again.history[-1])])
    return ratings


def worksheets_text() -> dict:
    from gintrainer.classroom import ClassSet
    from gintrainer.classroom.worksheet import answer_key_html, worksheet_html
    sheets = {}
    for name, options in WORKSHEET_SETS:
        classset = ClassSet(name, **options)
        sheets[f"{name}/worksheet"] = worksheet_text(worksheet_html(classset))
        sheets[f"{name}/answer key"] = worksheet_text(answer_key_html(classset))
    return sheets


def themes_text() -> dict:
    from gintrainer.puzzles.kinds import DISCARD_KINDS
    from gintrainer.puzzles.themes import THEMES
    return {name: [t.title, t.description, t.hint] for name, t in THEMES.items()  # the kinds of the snapshot
            if set(t.kinds) <= set(DISCARD_KINDS)}


def filter_text() -> list:
    from gintrainer.puzzles.themes import NO_THEME_MEANS_ALL, SEVERAL_THEMES
    from gintrainer.trainers.training import HINT_RULE
    return [NO_THEME_MEANS_ALL, SEVERAL_THEMES, HINT_RULE]


PARTS = {
    "bank": lambda: {p.id: puzzle_text(p) for p in bank_puzzles()},
    "dailies": lambda: {key: {"id": p.id, **puzzle_text(p)} for key, p in daily_puzzles().items()},
    "answers": lambda: {p.id: answers_text(p) for p in sample()},
    "views": lambda: {p.id: {a: {"page": _feedback_html(p, a, blind=False), "class": _feedback_html(p, a, blind=True)}
                             for a in possible_answers(p)} for p in sample()},
    "themes": themes_text,
    "theme_filter": filter_text,
    "ratings": ratings_text,
    "cli": lambda: {" ".join(argv): _cli(argv) for argv in CLI_RUNS},
    "cli_json": lambda: {" ".join(argv): json.loads(_cli(argv).split("\n", 1)[1]) for argv in JSON_RUNS},
    "worksheets": worksheets_text,
}
"""Each part of the copy and how it is collected."""


def collect() -> dict:
    return {name: part() for name, part in PARTS.items()}


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    SNAPSHOT.write_text(json.dumps(collect(), ensure_ascii=False, indent=0, sort_keys=True) + "\n", encoding="utf-8")
