"""The "take or draw?" puzzles: records, generation, verification, the bank and
the command line; each answer held against the plain definitions of the two
expectations."""

import copy
import json
from dataclasses import replace
from fractions import Fraction

import pytest

from gintrainer import DECK, GinError, Rules, min_deadwood
from gintrainer.cli import main
from gintrainer.engine.solver import slow_expected_deadwood
from gintrainer.puzzles import PuzzleError, bank, bank_records, daily, generate, verify
from gintrainer.puzzles.positions import DrawPosition, draw_position, selfplay_draw_positions
from gintrainer.puzzles.take_or_draw import TAKE_DRAW_MARGIN, TakeOrDrawPuzzle, from_record, make, parse_choice

KIND = "take_or_draw"


def slow_answer(puzzle):
    """The two expectations by their plain definitions."""
    hand, pile, offered = list(puzzle.hand), puzzle.discard_pile, puzzle.discard_pile[-1]
    unseen = [c for c in DECK if c not in hand and c not in pile and c not in puzzle.opponent_known]
    take = min(min_deadwood([c for c in hand + [offered] if c is not throw]) for throw in hand)
    return Fraction(take), slow_expected_deadwood(hand, unseen)


def test_every_banked_take_or_draw_puzzle_is_verified_by_the_solver():
    records = bank_records(KIND)
    assert len(records) >= 300
    assert len({r["id"] for r in records}) == len(records)
    for record in records:
        puzzle = verify(record)
        assert isinstance(puzzle, TakeOrDrawPuzzle) and puzzle.kind == KIND
        assert puzzle.to_dict() == record


def test_bank_answers_follow_the_plain_definitions_with_one_clear_choice():
    for puzzle in bank(KIND):
        take, draw = slow_answer(puzzle)
        assert (puzzle.take_expected, puzzle.draw_expected) == (take, draw)
        assert abs(take - draw) >= TAKE_DRAW_MARGIN
        assert puzzle.choice == ("take" if take < draw else "draw")
        kept = [c for c in puzzle.hand if c is not puzzle.discard] + [puzzle.offered]
        assert puzzle.discard in puzzle.hand and min_deadwood(kept) == take


def test_bank_mix():
    puzzles = bank(KIND)
    takes = sum(p.choice == "take" for p in puzzles)
    assert 0.4 <= takes / len(puzzles) <= 0.6
    assert any(p.rules.oklahoma for p in puzzles) and any(p.opponent_known for p in puzzles)
    assert len({p.difficulty // 400 for p in puzzles}) >= 2


def test_records_keep_the_common_keys_and_the_answer_as_exact_fractions():
    record = bank_records(KIND)[0]
    assert {"id", "kind", "rules", "hand", "discard_pile", "opponent_known", "stock_count", "themes",
            "difficulty", "sentences"} <= set(record)
    assert record["id"].startswith("td-") and len(record["hand"].split()) == 10
    answer = record["answer"]
    assert set(answer) == {"choice", "take_expected", "draw_expected", "discard"}
    assert all("/" in answer[k] or answer[k].isdigit() for k in ("take_expected", "draw_expected"))
    assert from_record(record) == verify(record)


@pytest.mark.parametrize("change, words", [
    (lambda r: r["answer"].update(choice="take" if r["answer"]["choice"] == "draw" else "draw"), "answer"),
    (lambda r: r["answer"].update(draw_expected="1/3"), "answer"),
    (lambda r: r.update(difficulty=r["difficulty"] + 1), "difficulty"),
    (lambda r: r.update(themes=[]), "themes"),
    (lambda r: r.update(stock_count=r["stock_count"] + 1), "not a real position"),
    (lambda r: r.pop("hand"), "lacks 'hand'"),
    (lambda r: r.update(hand="AC"), "not a real position"),
])
def test_a_record_that_disagrees_with_the_solver_is_refused(change, words):
    record = copy.deepcopy(bank_records(KIND)[0])
    change(record)
    with pytest.raises(PuzzleError, match=words):
        verify(record)


def test_generation_is_deterministic_balanced_and_keeps_clear_answers():
    first = generate(KIND, seed="t", count=12)
    assert [p.id for p in first] == [p.id for p in generate("take-or-draw", seed="t", count=12)]
    assert sorted(p.choice for p in first) == ["draw"] * 6 + ["take"] * 6
    for puzzle in first:
        assert puzzle.to_dict() == verify(puzzle.to_dict()).to_dict()
        assert puzzle.question == f"{puzzle.offered} is on top of the discard pile. Do you take it, or draw from " \
                                  f"the stock?"


def test_positions_before_the_draw_account_for_every_card():
    positions = [draw_position(str(s), rules) for s in range(200) for rules in (Rules(), Rules(oklahoma=True))]
    positions += [p for s in range(10) for p in selfplay_draw_positions(str(s), Rules())]
    for position in positions:
        assert position.problems() == ()
        assert len(position.hand) + len(position.discard_pile) + position.stock_count + 10 == 52
        assert position.unseen_count == position.stock_count + 10 - len(position.opponent_known)


@pytest.mark.parametrize("change, words", [
    (dict(stock_count=2), "the stock holds 2 cards"), (dict(opponent_known=tuple(DECK[:11])), "in two places"),
    (dict(upcard=DECK[51]), "names its first upcard"),
])
def test_a_position_that_is_not_real_is_refused(change, words):
    position = draw_position("x", Rules())
    bad = replace(position, **change)
    assert any(words in p for p in bad.problems())
    with pytest.raises(GinError, match="not a real position"):
        make(bad)


def test_a_pile_of_one_card_is_the_upcard_offer_not_this_question():
    position = draw_position("x", Rules())
    hand = position.hand
    pile = (next(c for c in DECK if c not in hand),)
    bad = DrawPosition(hand=hand, discard_pile=pile, opponent_known=(), stock_count=31, rules=Rules(), upcard=None,
                       seed="one")
    assert any("at least two cards" in p for p in bad.problems())


def test_grading_marks_the_choice_and_costs_the_difference():
    puzzle = bank(KIND)[0]
    other = "take" if puzzle.choice == "draw" else "draw"
    right, wrong = puzzle.grade(puzzle.choice), puzzle.grade(other.upper())
    assert right.correct and right.cost == 0 and right.messages[0].name == "grade_right"
    assert not wrong.correct and wrong.cost == abs(puzzle.take_expected - puzzle.draw_expected)
    assert wrong.messages[0].name == f"td_grade_wrong_{other}"
    assert wrong.messages[1:] == puzzle.explanation_messages
    for bad in ("7H", "", None, 3):
        with pytest.raises(GinError, match="take or draw"):
            parse_choice(bad)


def test_the_daily_take_or_draw_puzzle_is_the_same_for_a_date():
    one = daily("2026-05-06", KIND)
    assert one.kind == KIND and one.id == daily("2026-05-06", "take-or-draw").id
    assert daily("2026-05-07", KIND).id != one.id


def test_the_command_line_generates_take_or_draw_puzzles_and_the_daily(capsys):
    assert main(["puzzles", "--kind", "take-or-draw", "--count", "3", "--seed", "5", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert [r["kind"] for r in records] == [KIND] * 3
    assert [verify({k: v for k, v in r.items() if k not in ("question", "explanation", "hints")}).id
            for r in records] == [r["id"] for r in records]
    assert main(["daily", "--kind", "take-or-draw", "--date", "2026-05-06", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["id"] == daily("2026-05-06", KIND).id
    assert main(["daily", "--kind", "take-or-draw", "--date", "2026-05-06"]) == 0
    out = capsys.readouterr().out
    assert "(take or draw, difficulty" in out and "Answer: " in out
