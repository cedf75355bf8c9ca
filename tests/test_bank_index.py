"""The bank's index (id, difficulty and themes of each puzzle) and its records read one at a time:
what a trainer page picks by and shows instead of holding the whole bank."""

from __future__ import annotations

import json
import random

import pytest

import gintrainer.puzzles as puzzles
from gintrainer.errors import GinError
from gintrainer.puzzles import PuzzleError, bank, bank_index, bank_record
from gintrainer.rating import pick
from gintrainer.training import choose_next, puzzles_for, themes_in_bank

KINDS = ["can_knock", "best_discard"]


@pytest.mark.parametrize("kind", KINDS)
def test_the_index_matches_the_bank_puzzle_by_puzzle(kind):
    assert [tuple(entry) for entry in bank_index(kind)] == [(p.id, p.difficulty, p.themes) for p in bank(kind)]


@pytest.mark.parametrize("kind", KINDS)
def test_a_record_read_alone_is_the_bank_puzzles_record(kind):
    puzzles_of_kind = bank(kind)
    for puzzle in (puzzles_of_kind[0], puzzles_of_kind[len(puzzles_of_kind) // 2], puzzles_of_kind[-1]):
        assert bank_record(kind, puzzle.id) == puzzle.to_dict()


def test_a_puzzle_the_bank_lacks_is_refused():
    with pytest.raises(GinError, match="no puzzle 'ck-nothing'"):
        bank_record("can-knock", "ck-nothing")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("difficulty, theme", [("adaptive", None), ("hard", None), ("adaptive", "gin")])
def test_the_trainer_picks_what_it_picked_from_the_whole_bank(kind, difficulty, theme):
    if theme and theme not in themes_in_bank(kind):
        theme = themes_in_bank(kind)[0]
    for seed in range(5):
        whole_bank = pick(puzzles_for(kind, difficulty=difficulty, theme=theme), 1500.0, random.Random(seed))
        chosen, from_review = choose_next(kind, rating=1500.0, difficulty=difficulty, theme=theme,
                                          rng=random.Random(seed))
        assert (chosen.to_dict(), from_review) == (whole_bank.to_dict(), False)


def test_themes_in_bank_counts_the_banks_puzzles():
    counts: dict[str, int] = {}
    for puzzle in bank("best_discard"):
        for theme in puzzle.themes:
            counts[theme] = counts.get(theme, 0) + 1
    assert themes_in_bank("best_discard") == tuple(sorted(counts, key=lambda t: (-counts[t], t)))


@pytest.mark.parametrize("broken", [{"id": "ck-1", "sentences": {}}, {"id": "ck-1"}, 7])
def test_a_malformed_record_in_the_bank_file_is_an_error_not_an_entry(broken, tmp_path, monkeypatch):
    path = tmp_path / "bank_can_knock.json"
    path.write_text(json.dumps({"version": 3, "kind": "can_knock", "seed": "x", "puzzles": [broken]}))
    monkeypatch.setattr(puzzles, "bank_path", lambda kind: path)
    puzzles._load_index.cache_clear()
    try:
        with pytest.raises(PuzzleError):
            puzzles.bank_index("can_knock")
    finally:
        puzzles._load_index.cache_clear()
