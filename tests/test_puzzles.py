"""Puzzle generation: verified answers, themes, ratings, explanations, the daily puzzle."""

import json
import re
import subprocess
import sys
from fractions import Fraction

import pytest

from gintrainer import GinError, Rules, min_deadwood, parse_cards
from gintrainer.puzzles import (DIFFICULTY_LEVELS, THEMES, daily, generate, make_puzzle, parse_date, verify)
from gintrainer.puzzles.core import PuzzleError, ladder_level, solve_position
from gintrainer.puzzles.positions import Position
from gintrainer.puzzles.themes import make_context, overlap_cards

RULES_EXAMPLE = "3S 5S 6S 2C 3D 4D 5D 6D 4H 5H 6H"


def position(hand, drawn, drawn_from="stock", pile="KC", known="", stock=20, rules=Rules(), upcard=None):
    return Position(parse_cards(hand), parse_cards(drawn)[0], drawn_from, parse_cards(pile), parse_cards(known),
                    stock, rules, parse_cards(upcard)[0] if upcard else None, "test")


def context(pos, kind="can_knock", objective=None):
    table, answer = solve_position(pos, kind, objective)
    return make_context(pos, table, kind, objective, answer)


def has(name, ctx):
    return THEMES[name][0](ctx)


# -- each theme's predicate, true and false ------------------------------------

def test_theme_set_or_run():
    assert overlap_cards(parse_cards("5S 6S 7S 7H 7D")) == parse_cards("7S")
    assert has("set-or-run", context(position("5S 6S 7S 7H 7D 2C 3C 4C 9H TH KD", "KD")))
    assert not has("set-or-run", context(position("5S 6S 7S 8H 8D 2C 3C 4C 9H TH KD", "KD")))


def test_theme_not_highest_and_naive_wrong():
    ctx = context(position(RULES_EXAMPLE, "6S"))
    assert ctx.answer == parse_cards("6S") and ctx.naive not in ctx.answer
    assert has("not-highest", ctx) and has("naive-wrong", ctx)
    plain = context(position("2C 3C 4C 7D 7H 7S 9H TH JH 2S KD", "KD"))
    assert plain.answer and plain.naive in plain.answer
    assert not has("not-highest", plain) and not has("naive-wrong", plain)


def test_theme_forbidden_discard():
    # Taking 9D from the pile: throwing it back would knock, and it may not go back.
    hand = "2C 3C 4C 7D 7H 7S 9H TH JH 2S 9D"
    assert has("forbidden-discard", context(position(hand, "9D", "discard")))
    assert not has("forbidden-discard", context(position(hand, "9D", "stock")))


def test_theme_looks_knockable_and_near_limit():
    near = context(position("2C 3C 4C 7D 7H 7S AS 2D 3H 5S KD", "KD"))
    assert not near.answer and near.least == 11
    assert has("looks-knockable", near) and has("near-limit", near)
    far = context(position("2C 3C 4C 7D 7H 9S QH TH 5S 6D KD", "KD"))
    assert far.least > 14 and not has("looks-knockable", far) and not has("near-limit", far)


def test_theme_keep_the_pair():
    # naive throws the highest deadwood card, but the best lookahead keeps it
    found = [p for p in generate("best_discard", seed=3, count=40) if "keep-the-pair" in p.themes]
    assert found
    for puzzle in found:
        naive = context(puzzle.position, "best_discard", puzzle.objective).naive
        assert naive not in puzzle.answer


def test_theme_gin_big_gin_four_of_a_kind_long_run_oklahoma():
    gin = context(position("TH JH QH KH 5S 6S 7S 9C 9D 9H 2S", "2S"))
    assert has("gin", gin) and not has("four-of-a-kind", gin) and has("long-run", gin)  # 9♥ to K♥
    assert has("four-of-a-kind", context(position("TH JH QH KH 5S 6S 7S 9C 9D 9H 9S", "5S")))
    assert not has("big-gin", gin)
    big = context(position("TH JH QH KH 5S 6S 7S 9C 9D 9H 9S", "9S", rules=Rules(big_gin=True)))
    assert has("big-gin", big)
    run = context(position("3H 4H 5H 6H 7H 9C 9D 9S KS QD 2C", "2C"))
    assert has("long-run", run) and not has("four-of-a-kind", run) and not has("gin", run)
    okla = context(position("3H 4H 5H 6H 7H 9C 9D 9S KS QD 2C", "2C", rules=Rules(oklahoma=True), upcard="KC"))
    assert has("oklahoma", okla) and not has("oklahoma", run)


def test_every_theme_has_a_test_above():
    tested = {"set-or-run", "not-highest", "naive-wrong", "forbidden-discard", "looks-knockable", "near-limit",
              "keep-the-pair", "gin", "big-gin", "four-of-a-kind", "long-run", "oklahoma"}
    assert tested == set(THEMES)


# -- answers, ladder, explanation --------------------------------------------

def test_rules_example_is_a_hard_can_knock_puzzle():
    puzzle = make_puzzle(position(RULES_EXAMPLE, "6S"), "can_knock")
    assert puzzle is not None and puzzle.can_knock and puzzle.answer == parse_cards("6S")
    assert ladder_level(context(position(RULES_EXAMPLE, "6S"))) == 3
    assert puzzle.difficulty >= 1900
    assert "discarding 6♠ leaves 10" in puzzle.explanation


def test_obvious_knock_is_not_a_puzzle():
    assert make_puzzle(position("2C 3C 4C 7D 7H 7S 9H TH JH 2S KD", "KD"), "can_knock") is None


@pytest.fixture(scope="module")
def generated():
    return {
        "can_knock": generate("can_knock", seed=11, count=30),
        "deadwood": generate("best_discard", seed=11, count=20, objective="deadwood"),
        "lookahead": generate("best_discard", seed=11, count=30, objective="lookahead"),
        "oklahoma": generate("can_knock", seed=11, count=10, rules=Rules(oklahoma=True)),
    }


def test_can_knock_sets_are_half_yes_and_answers_are_the_knocking_discards(generated):
    puzzles = generated["can_knock"]
    assert sum(p.can_knock for p in puzzles) == 15
    for puzzle in puzzles:
        knocking = {r.card for r in puzzle.table if r.deadwood <= puzzle.knock_limit}
        assert set(puzzle.answer) == knocking and puzzle.can_knock == bool(knocking)
        assert puzzle.least_deadwood == min(min_deadwood([c for c in puzzle.hand if c is not r.card])
                                            for r in puzzle.table)
        record = puzzle.to_dict()
        assert record["answer"]["can_knock"] == puzzle.can_knock
        assert record["answer"]["discards"] == [c.code() for c in puzzle.answer]


def test_best_discard_answers_are_clear(generated):
    for objective in ("deadwood", "lookahead"):
        for puzzle in generated[objective]:
            rows = puzzle.table_sorted()
            group = [r for r in rows if r.card in puzzle.answer]
            assert 1 <= len(group) <= 2 and len({r.values() for r in group}) == 1
            runner = rows[len(group)]
            if objective == "deadwood":
                assert group[0].deadwood == min(r.deadwood for r in rows)
                assert runner.deadwood - group[0].deadwood >= 1
            else:
                assert runner.expected_deadwood - group[0].expected_deadwood >= Fraction(1, 2)
                assert not any(r.knocks for r in rows)


def test_lookahead_sets_have_the_naive_rule_wrong_at_least_40_percent(generated):
    puzzles = generated["lookahead"]
    assert sum("naive-wrong" in p.themes for p in puzzles) >= 0.4 * len(puzzles)


def test_explanations_quote_the_table(generated):
    pattern = re.compile(r"discarding (\S+) leaves (\d+)(?: now and (\d+\.\d\d) on average)?")
    for puzzles in generated.values():
        for puzzle in puzzles:
            quoted = pattern.findall(puzzle.explanation)
            assert quoted, puzzle.explanation
            for card, deadwood, expected in quoted:
                row = puzzle.row(parse_cards(card)[0])
                assert int(deadwood) == row.deadwood
                if expected:
                    assert expected == f"{float(row.expected_deadwood):.2f}"
            first = parse_cards(quoted[0][0])[0]
            assert first in puzzle.answer or not puzzle.answer


def test_oklahoma_puzzles_show_the_upcard(generated):
    for puzzle in generated["oklahoma"]:
        assert puzzle.upcard is not None and "oklahoma" in puzzle.themes
        assert puzzle.knock_limit == Rules(oklahoma=True).knock_limit_for(puzzle.upcard)
        assert puzzle.to_dict()["upcard"] == puzzle.upcard.code()


def test_hints_climb_from_theme_to_answer(generated):
    for puzzle in generated["can_knock"]:
        first, second, third = puzzle.hints
        assert second.startswith("Look closely at") or second.startswith("Count")
        if puzzle.can_knock:
            assert all(str(c) in third for c in puzzle.answer)
        else:
            assert "no" in third


def test_grading(generated):
    puzzle = next(p for p in generated["lookahead"])
    right = puzzle.grade(puzzle.answer[0])
    assert right.correct and right.cost == 0
    wrong_row = next(r for r in puzzle.table if r.card not in puzzle.answer)
    wrong = puzzle.grade(wrong_row.card)
    assert not wrong.correct and wrong.cost == wrong_row.expected_deadwood - right.row.expected_deadwood > 0
    assert f"discarding {wrong_row.card} leaves {wrong_row.deadwood}" in wrong.message
    yes = next(p for p in generated["can_knock"] if p.can_knock)
    assert not yes.grade(can_knock=False).correct
    assert yes.grade(can_knock=True).correct
    no = next(p for p in generated["can_knock"] if not p.can_knock)
    assert no.grade(can_knock=False).correct and not no.grade(can_knock=True).correct
    with pytest.raises(GinError):
        puzzle.grade("KZ")
    with pytest.raises(GinError):
        yes.grade()


def test_records_verify_and_tampering_is_caught(generated):
    puzzle = generated["can_knock"][0]
    record = json.loads(json.dumps(puzzle.to_dict()))
    assert verify(record) == puzzle
    for key, change in [("answer", {"discards": [], "deadwood": 0}), ("difficulty", 5),
                        ("explanation", "Trust me."), ("table", [])]:
        bad = dict(record, **{key: change})
        with pytest.raises(PuzzleError, match=key):
            verify(bad)
    with pytest.raises(PuzzleError):
        verify(dict(record, hand="2C 3C"))
    with pytest.raises(PuzzleError, match="lacks"):
        verify({"kind": "can_knock"})


def test_generation_is_deterministic_across_processes():
    code = ("import json; from gintrainer.puzzles import generate; "
            "print(json.dumps([p.to_dict() for p in generate('best_discard', seed='x', count=3)]))")
    outputs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                              env={"PYTHONHASHSEED": str(n), "PATH": ""}).stdout for n in (1, 2)]
    assert outputs[0] == outputs[1]
    here = json.dumps([p.to_dict() for p in generate("best_discard", seed="x", count=3)])
    assert json.loads(outputs[0]) == json.loads(here)


def test_filters():
    low, high = DIFFICULTY_LEVELS["medium"]
    for puzzle in generate("can_knock", seed=5, count=6, difficulty="medium"):
        assert low <= puzzle.difficulty <= high
    for puzzle in generate("can_knock", seed=5, count=6, themes=["set-or-run"]):
        assert "set-or-run" in puzzle.themes
    for bad in [dict(difficulty="impossible"), dict(themes=["no-such-theme"]), dict(difficulty=(900, 100))]:
        with pytest.raises(GinError):
            generate("can_knock", seed=1, count=1, **bad)
    with pytest.raises(GinError, match="kind"):
        generate("sudoku", seed=1, count=1)
    with pytest.raises(GinError, match="objective"):
        generate("best_discard", seed=1, count=1, objective="speed")
    with pytest.raises(GinError, match="widen"):
        generate("can_knock", seed=1, count=1, difficulty=(100, 200), max_batches=5)


def test_daily_is_the_same_for_a_date_and_changes_by_date():
    a = daily("2026-11-29", "can-knock")
    assert a.id == daily("2026-11-29", "can_knock").id
    assert a.id != daily("2026-11-30", "can_knock").id
    b = daily("2026-11-29", "best_discard")
    c = daily("2026-11-30", "best_discard")
    assert {b.objective, c.objective} == {"deadwood", "lookahead"}
    with pytest.raises(GinError, match="bad date"):
        parse_date("2026-02-30")
    with pytest.raises(GinError, match="bad date"):
        daily("yesterday")
