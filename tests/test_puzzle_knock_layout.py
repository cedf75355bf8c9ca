"""The "lay out your knock" puzzles: records, generation, verification, the bank,
marking and the command line; each bank answer held against the slow definition of
tests/test_solver_knock_layout.py (every partition, every lay-off)."""

import copy
import json
from dataclasses import replace

import pytest

from brute import points
from gintrainer import DECK, GinError, IllegalActionError, Rules
from gintrainer.cli import main
from gintrainer.engine.melds import every_meld, min_deadwood
from gintrainer.engine.scoring import knocker_net, score_hand
from gintrainer.puzzles import PuzzleError, bank, bank_records, daily, generate, verify
from gintrainer.puzzles.knock_layout import KNOCK_LAYOUT_MARGIN, KnockLayoutPuzzle, from_record, make
from gintrainer.puzzles.positions import knock_layout_position
from test_solver_knock_layout import slow_layouts

KIND = "knock_layout"


def indices(cards):
    return tuple(c.index for c in cards)


@pytest.mark.bank
def test_every_banked_knock_layout_puzzle_is_verified_by_the_solver():
    records = bank_records(KIND)
    assert len(records) >= 300
    assert len({r["id"] for r in records}) == len(records)
    for record in records:
        puzzle = verify(record)
        assert isinstance(puzzle, KnockLayoutPuzzle) and puzzle.kind == KIND
        assert puzzle.to_dict() == record


@pytest.mark.bank
def test_bank_answers_follow_the_slow_definition_with_a_clear_margin():
    for puzzle in bank(KIND):
        if puzzle.rules.oklahoma:
            continue  # the slow definition takes the standard limit; Oklahoma's limit is checked below
        found = slow_layouts(indices(puzzle.hand), indices(puzzle.defender_hand), puzzle.rules)
        best = max(found.values())
        assert puzzle.points == best
        accepted = {key for key, net in found.items() if net == best}
        assert {(frozenset(frozenset(indices(m)) for m in layout),
                 frozenset(c.index for c in puzzle.hand if all(c not in m for m in layout)))
                for layout in puzzle.layouts} == accepted
        assert best - max(net for net in found.values() if net < best) >= KNOCK_LAYOUT_MARGIN
        least = min(points(key[1]) for key in found)
        assert least == min_deadwood(puzzle.hand)
        assert any(net < best for key, net in found.items() if points(key[1]) == least), \
            "a least-deadwood layout is wrong"


@pytest.mark.bank
def test_every_accepted_layout_scores_the_answer_and_oklahoma_follows_its_limit():
    for puzzle in bank(KIND):
        for layout in puzzle.layouts:
            assert puzzle.grade(list(layout)).correct
            assert sum(c.value for c in puzzle.hand if all(c not in m for m in layout)) <= puzzle.knock_limit
        assert puzzle.knock_limit == puzzle.rules.knock_limit_for(puzzle.upcard)


@pytest.mark.bank
def test_bank_mix():
    puzzles = bank(KIND)
    blocks = sum("block-layoffs" in p.themes for p in puzzles)
    assert 0.4 <= blocks / len(puzzles) <= 0.6
    assert any(p.rules.oklahoma for p in puzzles) and any(p.opponent_known for p in puzzles)
    assert any(p.points < 0 for p in puzzles) or any("avoid-undercut" in p.themes for p in puzzles)
    assert len({p.difficulty // 400 for p in puzzles}) >= 2


def test_records_keep_the_common_keys_and_the_answer():
    record = bank_records(KIND)[0]
    assert {"id", "kind", "rules", "hand", "defender_hand", "discard_pile", "opponent_known", "stock_count",
            "themes", "difficulty", "sentences"} <= set(record)
    assert record["id"].startswith("kl-") and len(record["hand"].split()) == 10
    assert len(record["defender_hand"].split()) == 10
    assert set(record["answer"]) == {"layouts", "points"}
    assert all(isinstance(meld, str) for layout in record["answer"]["layouts"] for meld in layout)
    assert from_record(record) == verify(record)


@pytest.mark.parametrize("change, words", [
    (lambda r: r["answer"].update(points=r["answer"]["points"] + 1), "answer"),
    (lambda r: r["answer"].update(layouts=r["answer"]["layouts"][:1] * 2), "answer"),
    (lambda r: r.update(difficulty=r["difficulty"] + 1), "difficulty"),
    (lambda r: r.update(themes=[]), "themes"),
    (lambda r: r.update(stock_count=r["stock_count"] + 1), "not a real position"),
    (lambda r: r.pop("defender_hand"), "lacks 'defender_hand'"),
    (lambda r: r.update(defender_hand=r["hand"]), "not a real position"),
    (lambda r: r.update(hand="AC"), "not a real position"),
    (lambda r: r.update(sentences={"explanation": [], "hints": []}), "sentences"),
])
def test_a_record_that_disagrees_with_the_solver_is_refused(change, words):
    record = copy.deepcopy(bank_records(KIND)[0])
    change(record)
    with pytest.raises(PuzzleError, match=words):
        verify(record)


def test_a_malformed_stored_record_is_refused():
    record = copy.deepcopy(bank_records(KIND)[0])
    record["answer"] = {"layouts": "AC"}
    with pytest.raises(PuzzleError, match="malformed"):
        from_record(record)


def test_generation_is_deterministic_balanced_and_keeps_clear_answers():
    first = generate(KIND, seed="t", count=12)
    assert [p.id for p in first] == [p.id for p in generate("knock-layout", seed="t", count=12)]
    assert sum("block-layoffs" in p.themes for p in first) == 6
    for puzzle in first:
        assert puzzle.to_dict() == verify(puzzle.to_dict()).to_dict()
        assert puzzle.question.startswith("You knock with these ten cards")


def test_knocks_account_for_every_card():
    for seed in range(150):
        for rules in (Rules(), Rules(oklahoma=True)):
            position = knock_layout_position(str(seed), rules)
            assert position.problems() == ()
            assert len(position.hand) + len(position.defender_hand) + len(position.discard_pile) \
                + position.stock_count == 52
            assert position.unseen_count == position.stock_count
            assert 0 < min_deadwood(position.hand) <= rules.knock_limit_for(position.upcard)


@pytest.mark.parametrize("change, words", [
    (dict(stock_count=1), "hold the 32 cards"), (dict(opponent_known=(DECK[0],)), "known cards"),
    (dict(upcard=DECK[51]), "names its first upcard"),
])
def test_a_knock_that_is_not_real_is_refused(change, words):
    position = knock_layout_position("x", Rules())
    if "opponent_known" in change:
        change = dict(opponent_known=(next(c for c in DECK if c not in position.defender_hand),))
    bad = replace(position, **change)
    assert any(words in p for p in bad.problems())
    with pytest.raises(GinError, match="not a real position"):
        make(bad)


def test_grading_marks_a_layout_by_its_score_and_costs_the_difference():
    puzzle = next(p for p in bank(KIND) if "block-layoffs" in p.themes)
    right = puzzle.grade(puzzle.layouts[0])
    assert right.correct and right.cost == 0 and right.messages[0].name == "grade_right"
    least = next(layout for layout in _least_layouts(puzzle))
    wrong = puzzle.grade(least)
    net = knocker_net(score_hand(puzzle.hand, puzzle.defender_hand, puzzle.rules, knocker_melds=least,
                                 upcard=puzzle.upcard))
    assert not wrong.correct and wrong.cost == puzzle.points - net >= KNOCK_LAYOUT_MARGIN
    assert wrong.messages[0].name.startswith("kl_grade_wrong_")
    assert wrong.messages[0]["cost"] == puzzle.points - net
    assert wrong.messages[1:] == puzzle.explanation_messages
    with pytest.raises(IllegalActionError, match="not a meld"):
        puzzle.grade([puzzle.hand[:2]])


def test_a_right_layout_other_than_the_one_explained_is_told_it_does_as_well():
    """Each accepted layout is right; the explanation names one, so a learner who gave another is told theirs
    does as well (in the order they laid it out, or any other), and one who gave the explained one is not."""
    many = [p for p in bank(KIND) if len(p.layouts) > 1]
    assert many
    for puzzle in many:
        explained = puzzle.explanation_messages[0]["layout"]
        for layout in puzzle.layouts:
            shuffled = [tuple(reversed(meld)) for meld in reversed(layout)]
            grade = puzzle.grade(shuffled)
            assert grade.correct and grade.messages[0].name == "grade_right"
            assert net_of(puzzle, layout) == puzzle.points
            if {frozenset(m) for m in layout} == {frozenset(m) for m in explained}:
                assert grade.messages[1:] == puzzle.explanation_messages
            else:
                said = grade.messages[1]
                assert said.name == "kl_right_other" and grade.messages[2:] == puzzle.explanation_messages
                assert {frozenset(m) for m in said["answer_layout"]} == {frozenset(m) for m in layout}


def net_of(puzzle, melds):
    return knocker_net(score_hand(puzzle.hand, puzzle.defender_hand, puzzle.rules, knocker_melds=list(melds),
                                  upcard=puzzle.upcard))
    with pytest.raises(IllegalActionError, match="not in the knocker's hand"):
        puzzle.grade([every_meld([c for c in DECK if c not in puzzle.hand])[0]])
    with pytest.raises(IllegalActionError, match="knock limit"):
        puzzle.grade([])
    with pytest.raises(GinError):
        puzzle.grade("AC 2C 3C")


def _least_layouts(puzzle):
    from gintrainer.engine.melds import all_best_arrangements
    return [a.melds for a in all_best_arrangements(puzzle.hand)]


def test_the_daily_knock_layout_puzzle_is_the_same_for_a_date():
    one = daily("2026-05-06", KIND)
    assert one.kind == KIND and one.id == daily("2026-05-06", "knock-layout").id
    assert daily("2026-05-07", KIND).id != one.id


def test_the_command_line_generates_knock_layout_puzzles_and_the_daily(capsys):
    assert main(["puzzles", "--kind", "knock-layout", "--count", "3", "--seed", "5", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert [r["kind"] for r in records] == [KIND] * 3
    assert [verify({k: v for k, v in r.items() if k not in ("question", "explanation", "hints")}).id
            for r in records] == [r["id"] for r in records]
    assert main(["daily", "--kind", "knock-layout", "--date", "2026-05-06", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["id"] == daily("2026-05-06", KIND).id
    assert main(["daily", "--kind", "knock-layout", "--date", "2026-05-06"]) == 0
    out = capsys.readouterr().out
    assert "(knock layout, difficulty" in out and "Answer: " in out and "Defender's hand: " in out
