"""In every lookahead set (the bank's, each class set's, the dailies of a year)
the naive rule, as documented (``solver.naive_discard``: the card just taken is
passed over), is wrong in at least 40% of the puzzles, and the naive-wrong
theme marks exactly those."""

import pytest

from gintrainer.classroom import ClassSet
from gintrainer.engine.solver import naive_discard
from gintrainer.puzzles import BANK_PLAN, PuzzleKind, bank
from puzzle_samples import generated_sample, year_of_dailies


def wrong(puzzles):
    found = [p for p in puzzles if naive_discard(p.hand, forbidden=p.forbidden) not in p.answer]
    assert {p.id for p in found} == {p.id for p in puzzles if "naive-wrong" in p.themes}
    return len(found)


@pytest.mark.parametrize("rules_name", [name for name, objective, _ in BANK_PLAN[PuzzleKind.BEST_DISCARD]
                                        if objective == "lookahead"])
def test_each_lookahead_set_of_the_bank(rules_name):
    group = [p for p in bank("best_discard")
             if p.objective == "lookahead" and p.rules.oklahoma == (rules_name == "oklahoma")]
    assert group and wrong(group) >= 0.4 * len(group)


def test_the_lookahead_dailies_of_a_year():
    group = [p for p in year_of_dailies() if p.objective == "lookahead"]
    assert len(group) >= 182 and wrong(group) >= 0.4 * len(group)
    # not every one: "never throw the highest card" must not answer the daily
    for start in range(len(group) - 4):
        assert wrong(group[start:start + 5]) == 3


def test_the_generated_sample():
    for oklahoma in (False, True):
        group = [p for p in generated_sample() if p.objective == "lookahead" and p.rules.oklahoma == oklahoma]
        assert group and wrong(group) >= 0.4 * len(group)


@pytest.mark.parametrize("options", [
    dict(count=12), dict(count=9, kinds="best_discard", objective="lookahead"),
    dict(count=6, kinds="best_discard", objective="lookahead", difficulty="hard"),
    dict(count=8, kinds="best_discard", objective="lookahead", oklahoma=True),
    dict(count=5, kinds="best_discard", objective="lookahead", themes=["set-or-run"]),
], ids=["mixed", "lookahead", "hard", "oklahoma", "themed"])
def test_class_sets(options):
    group = [p for p in ClassSet("Naive share", **options).puzzles() if p.objective == "lookahead"]
    assert group and wrong(group) >= 0.4 * len(group)


def test_the_can_knock_bank_tags_naive_wrong_by_the_same_rule():
    for puzzle in bank("can_knock"):
        rule = naive_discard(puzzle.hand, forbidden=puzzle.forbidden)
        assert ("naive-wrong" in puzzle.themes) == (bool(puzzle.can_knock) and rule not in puzzle.answer)
