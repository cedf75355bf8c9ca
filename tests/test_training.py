"""The trainer's model: answering in stages, hints, choosing the next puzzle."""

import random

import pytest

from gintrainer import GinError
from gintrainer.puzzles import DIFFICULTY_LEVELS, bank
from gintrainer.training import REVIEW_EVERY, PuzzleAttempt, choose_next, cost_words, puzzles_for, themes_in_bank


def yes_puzzle():
    return next(p for p in bank("can_knock") if p.can_knock)


def test_can_knock_two_stages_right_answers_solve():
    puzzle = yes_puzzle()
    attempt = PuzzleAttempt(puzzle)
    first = attempt.answer_yes_no(True)
    assert first.correct and not first.finished and attempt.stage == "discard"
    second = attempt.answer_discard(puzzle.answer[0])
    assert second.correct and second.finished and attempt.result == "solved"
    assert attempt.answer_text == f"yes {puzzle.answer[0].code()}"


def test_wrong_yes_no_and_wrong_discard_fail():
    puzzle = yes_puzzle()
    attempt = PuzzleAttempt(puzzle)
    assert not attempt.answer_yes_no(False).correct and attempt.result == "failed"
    attempt = PuzzleAttempt(puzzle)
    attempt.answer_yes_no(True)
    wrong = next(r.card for r in puzzle.table if r.card not in puzzle.answer)
    feedback = attempt.answer_discard(wrong)
    assert not feedback.correct and attempt.result == "failed"
    assert f"discarding {wrong} leaves" in feedback.message


def test_stages_are_enforced():
    attempt = PuzzleAttempt(yes_puzzle())
    with pytest.raises(GinError, match="yes or no first"):
        attempt.answer_discard(attempt.puzzle.hand[0])
    with pytest.raises(GinError, match="yes or no"):
        attempt.answer_yes_no("maybe")
    attempt.answer_yes_no(False)
    with pytest.raises(GinError, match="over"):
        attempt.answer_yes_no(True)
    with pytest.raises(GinError, match="over"):
        attempt.hint()


def test_hint_ladder_makes_a_right_answer_hinted():
    puzzle = next(p for p in bank("best_discard") if p.objective == "lookahead")
    attempt = PuzzleAttempt(puzzle)
    assert attempt.hint() == puzzle.hints[0]
    assert attempt.hint() == puzzle.hints[1]
    assert attempt.hint().startswith("Answer: discard")
    assert attempt.hint() == puzzle.hints[2] and attempt.hints_used == 3
    feedback = attempt.answer_discard(puzzle.answer[0])
    assert feedback.correct and attempt.result == "hinted" and "not solved" in feedback.message


def test_cost_words_quote_the_row_and_the_cost():
    puzzle = next(p for p in bank("best_discard") if p.objective == "lookahead")
    attempt = PuzzleAttempt(puzzle)
    wrong = next(r for r in puzzle.table_sorted() if r.card not in puzzle.answer)
    feedback = attempt.answer_discard(wrong.card)
    words = cost_words(feedback, puzzle)
    assert f"{wrong.card}: leaves {wrong.deadwood} deadwood" in words
    assert f"costs {float(feedback.cost):.2f} expected deadwood" in words and feedback.cost > 0


def test_filters_and_themes():
    low, high = DIFFICULTY_LEVELS["hard"]
    hard = puzzles_for("can_knock", difficulty="hard")
    assert hard and all(low <= p.difficulty <= high for p in hard)
    themes = themes_in_bank("best_discard")
    assert "naive-wrong" in themes
    assert all(themes[0] in p.themes for p in puzzles_for("best_discard", theme=themes[0]))
    with pytest.raises(GinError, match="difficulty"):
        puzzles_for("can_knock", difficulty="brutal")


def test_choose_next_brings_back_review_puzzles_and_prefers_unsolved():
    failed = bank("can_knock")[5].id
    rng = random.Random(1)
    picks = [choose_next("can_knock", review=(failed,), count=n, rng=rng) for n in range(2 * REVIEW_EVERY)]
    from_review = [p.id for p, review in picks if review]
    assert from_review == [failed, failed]
    solved = frozenset(p.id for p in bank("can_knock")[:400])
    for n in range(10):
        puzzle, _ = choose_next("can_knock", solved=solved, count=0, rng=rng)
        assert puzzle.id not in solved


def test_choose_next_picks_near_the_rating():
    rng = random.Random(3)
    low = [choose_next("best_discard", rating=1100, rng=rng)[0].difficulty for _ in range(20)]
    high = [choose_next("best_discard", rating=1900, rng=rng)[0].difficulty for _ in range(20)]
    assert sum(low) / 20 < sum(high) / 20
    with pytest.raises(GinError, match="no puzzle matches"):
        choose_next("can_knock", theme="no-such-theme")
