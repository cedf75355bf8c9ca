"""The "defend" puzzles: records, generation, verification, the bank, grading
and the command line; each answer held against the slow reference of brute.py
(every way to lay off, chains included, and every meld layout of the rest)."""

import copy
import json
from dataclasses import replace

import pytest

import brute
from gintrainer import DECK, GinError, Rules
from gintrainer.cli import main
from gintrainer.engine.scoring import Layoff, best_replies
from gintrainer.puzzles import PuzzleError, bank, bank_records, daily, generate, verify
from gintrainer.puzzles.defend import DefendPuzzle, from_record, layoff_text, make, parse_layoff
from gintrainer.puzzles.defend_positions import defend_position

KIND = "defend"


def ints(cards):
    return tuple(c.index for c in cards)


def slow_answer(puzzle):
    """The least deadwood and whether it undercuts, by the slow reference and the rule book."""
    least, _ = brute.brute_best_replies(ints(puzzle.hand), [ints(m) for m in puzzle.knocker_melds])
    knocker = brute.points(ints(puzzle.knocker_deadwood))
    return least, least < knocker or (least == knocker and puzzle.rules.undercut_on_tie)


def test_every_banked_defend_puzzle_is_verified_by_the_engine():
    records = bank_records(KIND)
    assert len(records) >= 300
    assert len({r["id"] for r in records}) == len(records)
    for record in records:
        puzzle = verify(record)
        assert isinstance(puzzle, DefendPuzzle) and puzzle.kind == KIND
        assert puzzle.to_dict() == record


def test_bank_answers_follow_the_slow_reference():
    for puzzle in bank(KIND):
        least, undercut = slow_answer(puzzle)
        assert (puzzle.deadwood, puzzle.undercut) == (least, undercut)
        # The shown layout is legal and keeps the least; laying off matters.
        assert puzzle.lay_out(puzzle.reply.melds, puzzle.reply.layoffs).points == least
        assert puzzle.reply.layoffs and brute.brute_min_deadwood(ints(puzzle.hand)) > least


def test_bank_mix():
    puzzles = bank(KIND)
    undercuts = sum(p.undercut for p in puzzles)
    assert 0.4 <= undercuts / len(puzzles) <= 0.6
    assert any(p.rules.oklahoma for p in puzzles)
    assert len({p.difficulty // 400 for p in puzzles}) >= 2
    assert {"chain-layoff", "break-a-meld", "undercut"} <= {t for p in puzzles for t in p.themes}


def test_records_keep_the_common_keys_and_the_answer():
    record = bank_records(KIND)[0]
    assert {"id", "kind", "rules", "hand", "discard_pile", "opponent_known", "stock_count", "themes",
            "difficulty", "sentences", "knocker_melds", "knocker_deadwood"} <= set(record)
    assert record["id"].startswith("df-") and len(record["hand"].split()) == 10
    assert set(record["answer"]) == {"melds", "layoffs", "deadwood", "undercut"}
    assert all(parse_layoff(text).meld < len(record["knocker_melds"]) for text in record["answer"]["layoffs"])
    assert from_record(record) == verify(record)


@pytest.mark.parametrize("change, words", [
    (lambda r: r["answer"].update(undercut=not r["answer"]["undercut"]), "answer"),
    (lambda r: r["answer"].update(deadwood=r["answer"]["deadwood"] + 1), "answer"),
    (lambda r: r["answer"].update(layoffs=[]), "answer"),
    (lambda r: r.update(difficulty=r["difficulty"] + 1), "difficulty"),
    (lambda r: r.update(themes=["undercut", "chain-layoff", "break-a-meld"]), "themes"),
    (lambda r: r.update(stock_count=r["stock_count"] + 1), "not a real position"),
    (lambda r: r.update(knocker_deadwood=""), "not a real position"),
    (lambda r: r.update(knocker_melds="7H 8H 9H"), "list of melds"),
    (lambda r: r.pop("knocker_melds"), "lacks 'knocker_melds'"),
    (lambda r: r.update(hand="AC"), "not a real position"),
])
def test_a_record_that_disagrees_with_the_engine_is_refused(change, words):
    record = copy.deepcopy(bank_records(KIND)[0])
    change(record)
    with pytest.raises(PuzzleError, match=words):
        verify(record)


def test_generation_is_deterministic_balanced_and_worth_posing():
    first = generate(KIND, seed="t", count=12)
    assert [p.id for p in first] == [p.id for p in generate("defend", seed="t", count=12)]
    assert sorted(p.undercut for p in first) == [False] * 6 + [True] * 6
    for puzzle in first:
        assert puzzle.to_dict() == verify(puzzle.to_dict()).to_dict()
        assert puzzle.deadwood == slow_answer(puzzle)[0]


@pytest.mark.parametrize("rules", [Rules(), Rules(oklahoma=True), Rules(knock_limit=5)])
def test_positions_account_for_every_card(rules):
    positions = [p for s in range(300) if (p := defend_position(str(s), rules)) is not None]
    assert len(positions) >= 100
    for position in positions:
        assert position.problems() == ()
        assert len(position.hand) + len(position.knocker_cards) + len(position.discard_pile) + \
            position.stock_count == 52


@pytest.mark.parametrize("change, words", [
    (dict(stock_count=1), "not the 32"), (dict(knocker_deadwood=()), "is not a knock"),
    (dict(upcard=DECK[51]), "names its first upcard"), (dict(opponent_known=(DECK[0],)), "are the knocker's"),
])
def test_a_position_that_is_not_real_is_refused(change, words):
    position = next(p for s in range(20) if (p := defend_position(str(s), Rules())) and DECK[0] not in
                    p.knocker_cards)
    bad = replace(position, **change)
    assert any(words in p for p in bad.problems())
    with pytest.raises(GinError, match="not a real position"):
        make(bad)


def test_grading_accepts_every_layout_that_keeps_the_least_and_the_right_word():
    for puzzle in bank(KIND)[:60]:
        for reply in best_replies(puzzle.hand, puzzle.knocker_melds):
            texts = [layoff_text(lo) for lo in reversed(reply.layoffs)]  # any order of a chain
            right = puzzle.grade(reply.melds, texts, puzzle.undercut)
            assert right.correct and right.cost == 0 and right.messages[0].name == "grade_right"
            word = puzzle.grade(reply.melds, reply.layoffs, not puzzle.undercut)
            assert not word.correct and word.messages[0].name.startswith("df_grade_undercut_")
        melded = puzzle.grade(puzzle.reply.melds, [], puzzle.undercut)  # no lay-offs
        assert not melded.correct and melded.cost == melded.messages[0]["cost"] > 0
        assert melded.messages[1:] == puzzle.explanation_messages


def test_grading_refuses_what_the_rules_refuse():
    puzzle = bank(KIND)[0]
    with pytest.raises(GinError, match="yes or no"):
        puzzle.grade([], [], "yes")
    for bad in ("7H", "7H on 0", "on 2", None):
        with pytest.raises(GinError, match="a lay-off is a card and a meld number"):
            puzzle.grade([], [bad], True)
    outside = next(c for c in DECK if c not in puzzle.hand)
    with pytest.raises(GinError, match="not a card you can lay off"):
        puzzle.grade([], [Layoff(outside, 0)], True)


def test_the_daily_defend_puzzle_is_the_same_for_a_date():
    one = daily("2026-05-06", KIND)
    assert one.kind == KIND and one.id == daily("2026-05-06", "defend").id
    assert daily("2026-05-07", KIND).id != one.id


def test_the_command_line_generates_defend_puzzles_and_the_daily(capsys):
    assert main(["puzzles", "--kind", "defend", "--count", "3", "--seed", "5", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert [r["kind"] for r in records] == [KIND] * 3
    assert [verify({k: v for k, v in r.items() if k not in ("question", "explanation", "hints")}).id
            for r in records] == [r["id"] for r in records]
    assert main(["daily", "--kind", "defend", "--date", "2026-05-06", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["id"] == daily("2026-05-06", KIND).id
    assert main(["daily", "--kind", "defend", "--date", "2026-05-06"]) == 0
    out = capsys.readouterr().out
    assert "(defend, difficulty" in out and "Answer: " in out and "The knocker laid out" in out
