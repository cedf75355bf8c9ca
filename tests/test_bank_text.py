"""Nothing a learner or teacher reads changed when puzzles came to store
messages instead of English: every text of the bank's puzzles, some dailies,
every possible answer's feedback on each page, the themes, rating changes, the
command line's output and the worksheets, rendered now, against the copy the
version 2 bank wrote (tests/data/bank_text.json, see tests/bank_text.py).

Three English singulars were wrong and are corrected ("1 out", "keeps this
draw", "1 as a low card"); :func:`as_before` writes them back as version 2 had
them, and two answers to "can you knock?" now say "Wrong" where version 2 said "Not quite" (a yes or no is
not nearly right); :func:`as_before` writes them back too, so that the comparison is exact everywhere
else."""

from __future__ import annotations

import json
import re
from functools import lru_cache

import pytest

from bank_text import PARTS, SNAPSHOT, answers_text, daily_puzzles, digest, puzzle_text
from gintrainer.puzzles import bank

CORRECTED = [
    # a row with one out: "1 out", not "1 outs"
    (re.compile(r"(deadwood(?: \((?:gin|knocks)\))?, )1 out, "), r"\g<1>1 outs, "),
    # keeping a card for one draw: "keeps this draw", not "these draws"
    (re.compile(r"keeps this draw: (\S+) \(1 unseen\)"), r"keeps these draws: \1 (1 unseen)"),
    # one low card: "1 as a low card kept", not "1 as low cards kept"
    (re.compile(r" and 1 as a low card kept "), " and 1 as low cards kept "),
    # one unseen card that would lower a row (none in the bank; possible in a generated puzzle)
    (re.compile(r"([;:] )1 unseen card would lower"), r"\g<1>1 unseen cards would lower"),
    # a wrong yes or no to "can you knock?" is wrong, not "not quite" right
    (re.compile(r"Wrong: (you can knock|no discard knocks here)\."), r"Not quite: \1."),
]


def as_before(data):
    """Text (in any structure) with the corrected singulars as version 2 wrote them."""
    if isinstance(data, str):
        for pattern, old in CORRECTED:
            data = pattern.sub(old, data)
        return data
    if isinstance(data, list):
        return [as_before(x) for x in data]
    if isinstance(data, dict):
        return {k: as_before(v) for k, v in data.items()}
    return data


@lru_cache(maxsize=1)
def before() -> dict:
    return json.loads(SNAPSHOT.read_text(encoding="utf-8"))


def _hint_data_as_before(records):
    """Version 2 named a theme's hint ``["hint_theme", {"theme": name}]``; now it is ``theme_hint_<name>``."""
    for record in records:
        record["sentences"]["hints"] = [["hint_theme", {"theme": name[len("theme_hint_"):]}]
                                        if name.startswith("theme_hint_") else [name, values]
                                        for name, values in record["sentences"]["hints"]]
    return records


def test_the_corrections_are_the_only_difference_they_make():
    assert as_before("7♥: leaves 5 deadwood (knocks), 1 out, 0.97 expected") == \
        "7♥: leaves 5 deadwood (knocks), 1 outs, 0.97 expected"
    assert as_before("7♥: leaves 5 deadwood, 11 out, 0.97") == "7♥: leaves 5 deadwood, 11 out, 0.97"
    assert as_before("Keeping 10♠ keeps this draw: 9♠ (1 unseen) would meld with it.") == \
        "Keeping 10♠ keeps these draws: 9♠ (1 unseen) would meld with it."
    assert as_before("Wrong: you can knock.") == "Not quite: you can knock."
    assert as_before("Wrong: the rules say so.") == "Wrong: the rules say so."


def _bank_text(puzzle):
    text = puzzle_text(puzzle)
    text["answers"] = digest(as_before(answers_text(puzzle)))
    return as_before(text)


@pytest.mark.parametrize("kind", ["can_knock", "best_discard"])
def test_every_bank_puzzle_reads_as_before(kind):
    """The question, card count, explanation, hints and answer of each puzzle,
    and (by digest) what every possible answer to it is told."""
    old = before()["bank"]
    prefix = {"can_knock": "ck-", "best_discard": "bd-"}[kind]
    assert sorted(p.id for p in bank(kind)) == sorted(i for i in old if i.startswith(prefix))
    assert [p.id for p in bank(kind) if _bank_text(p) != old[p.id]] == []


def test_the_dailies_read_as_before():
    old = before()["dailies"]
    assert {key: {"id": p.id, **_bank_text(p)} for key, p in daily_puzzles().items()} == old


@pytest.mark.parametrize("part", ["answers", "views", "themes", "theme_filter", "ratings", "cli", "worksheets"])
def test_every_page_reads_as_before(part):
    assert as_before(PARTS[part]()) == before()[part]


def test_the_command_lines_json_keeps_its_fields_and_its_english():
    old = before()["cli_json"]
    for command, output in PARTS["cli_json"]().items():
        records = output if isinstance(output, list) else [output]
        was = old[command] if isinstance(old[command], list) else [old[command]]
        assert [sorted(r) for r in records] == [sorted(r) for r in was], command  # the same fields
        assert as_before(_hint_data_as_before(json.loads(json.dumps(records)))) == was, command
