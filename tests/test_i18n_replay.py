"""The replayer's words in other languages: the shipped example hands keep their
English comments as the catalog's keys and are shown translated; the solver's
notes are written from the catalogs (checked in the tests' pseudo-language)."""

from __future__ import annotations

import json
import re
import sys

import gintrainer.replay.annotate  # noqa: F401 (the module, not the function the package exports)
from gintrainer import language
from gintrainer.replay.examples import data_folder, example_names, examples
from gintrainer.replay.hands import BOTH_PASS
from i18n import pseudo_language
from i18n import unmarked as unmarked_words

solver_notes = sys.modules["gintrainer.replay.annotate"]
DECIMAL = re.compile(r"^\d+[.,]\d+$")
NAMES = ["Ann", "Ben"]  # the example hands' players


def unmarked(text: str) -> list[str]:
    return [word for word in unmarked_words(text, NAMES) if not DECIMAL.match(word)]


def test_the_shipped_files_keep_the_english_comments():
    with open(data_folder() / "both_pass.json", encoding="utf-8") as handle:
        stored = json.load(handle)
    assert stored["annotations"][0]["comment"] == BOTH_PASS.deal_comment
    assert stored["title"] == BOTH_PASS.title


def test_every_comment_of_the_example_hands_is_shown_from_the_catalogs():
    shown = []
    with pseudo_language():
        for name, replay in examples().items():
            for note in replay.annotations:
                words = solver_notes.comment_words(replay, note)
                assert unmarked(words) == [], (name, note.step, note.author, words)
                shown.append(words)
    # the solver's notes too: each is written again from what the solver finds at its step
    assert any(n.author == "solver" for r in examples().values() for n in r.annotations)
    assert shown and all(w.startswith(language.PSEUDO_MARKS[0]) for w in shown)
    assert len(shown) == sum(len(r.annotations) for r in examples().values())
    assert set(examples()) == set(example_names())


def test_the_solvers_notes_and_better_moves_come_from_the_catalogs():
    with pseudo_language():
        for replay in examples().values():
            for finding in solver_notes.findings(replay, featured=(0, 1)):
                assert unmarked(finding.comment) == [], finding.message
            for note in solver_notes.annotate(replay, featured=(0, 1)):
                if note.better:
                    assert unmarked(solver_notes.better_words(note.better)) == []


def test_titles_and_descriptions_of_the_examples_are_in_the_catalog():
    with pseudo_language():
        for replay in examples().values():
            for text in (replay.title, replay.description):
                assert unmarked(language.t(text)) == [], text
