"""The trainer's model: answering in stages, hints, choosing the next puzzle."""

import random

import pytest

from gintrainer import GinError
from gintrainer.puzzles import bank
from gintrainer.records.progress import Progress
from gintrainer.records.rating import Rating, expected_score, update
from gintrainer.trainers.training import (
    REVIEW_EVERY,
    PuzzleAttempt,
    Stage,
    choose_next,
    cost_words,
    puzzles_for,
    rating_words,
    themes_in_bank,
)


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


def test_an_attempt_stands_at_a_stage_member_and_names_a_stage_it_does_not_know():
    attempt = PuzzleAttempt(yes_puzzle())
    assert attempt.stage is Stage.YES_NO
    attempt.require_stage("yes_no")  # a stage's text names it as well
    with pytest.raises(GinError, match="answer yes or no first"):
        attempt.require_stage(Stage.DISCARD)
    with pytest.raises(GinError, match="unknown stage 'yes'"):
        attempt.require_stage("yes")
    attempt.answer_yes_no(False)
    assert attempt.stage is Stage.DONE and attempt.finished
    shown = PuzzleAttempt(yes_puzzle())
    shown.stage = "done"  # as a page showing an answered puzzle sets it
    assert shown.stage is Stage.DONE and shown.finished
    with pytest.raises(GinError, match="unknown stage"):
        shown.stage = "over"
    assert shown.stage is Stage.DONE


def test_the_two_kinds_laid_out_answer_at_stages_of_their_own():
    """"Lay out your knock" (the knocker's melds) and "defend" (the defender's melds, lay-offs
    and undercut) each have their stage and answer: neither takes the other's, and the
    attempt goes on after the refusal."""
    knock, defend = bank("knock_layout")[0], bank("defend")[0]
    layout, reply = PuzzleAttempt(knock), PuzzleAttempt(defend)
    assert (layout.stage, reply.stage) == (Stage.LAYOUT, Stage.REPLY)
    with pytest.raises(GinError, match="lay out your melds and lay-offs first"):
        reply.answer_layout(knock.layouts[0])
    with pytest.raises(GinError, match="lay out your melds first"):
        layout.answer_reply(defend.reply.melds, defend.reply.layoffs, defend.undercut)
    assert not layout.finished and not reply.finished and layout.answers == reply.answers == []
    assert reply.answer_reply(defend.reply.melds, defend.reply.layoffs, defend.undercut).correct
    assert layout.answer_layout(knock.layouts[0]).correct
    assert PuzzleAttempt.replay(defend, reply.answer_text)[1].correct
    assert PuzzleAttempt.replay(knock, layout.answer_text)[1].correct


def test_wrong_yes_no_and_wrong_discard_fail():
    puzzle = yes_puzzle()
    attempt = PuzzleAttempt(puzzle)
    assert not attempt.answer_yes_no(False).correct and attempt.result == "failed"
    attempt = PuzzleAttempt(puzzle)
    attempt.answer_yes_no(True)
    wrong = next(r.card for r in puzzle.table if not r.knocks)
    feedback = attempt.answer_discard(wrong)
    assert not feedback.correct and attempt.result == "failed"
    assert f"discarding {wrong} leaves" in feedback.message
    worse = next((r for r in puzzle.table if r.knocks and r.card not in puzzle.answer), None)
    if worse is not None:  # a knock keeping more deadwood than the answer fails too
        attempt = PuzzleAttempt(puzzle)
        attempt.answer_yes_no(True)
        feedback = attempt.answer_discard(worse.card)
        assert not feedback.correct and attempt.result == "failed"
        assert f"discarding {worse.card} knocks with {worse.deadwood}" in feedback.message


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
    assert attempt.hint() == puzzle.hint_messages[0]
    assert attempt.hint() == puzzle.hint_messages[1]
    assert attempt.hint().name in ("hint_discard", "hint_discard_two")
    assert attempt.hints_shown == puzzle.hint_messages
    assert attempt.hints_used == 3 and attempt.hints_left == 0
    with pytest.raises(GinError, match="no more hints"):
        attempt.hint()
    assert attempt.hints_used == 3
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
    themes = themes_in_bank("best_discard")
    assert "naive-wrong" in themes
    assert all(themes[0] in p.themes for p in puzzles_for("best_discard", theme=themes[0]))
    with pytest.raises(GinError, match="unknown difficulty 'brutal': choose easiest, easier, adaptive, harder"):
        choose_next("can_knock", difficulty="brutal")


def test_choose_next_brings_back_review_puzzles_and_prefers_unsolved():
    failed = bank("can_knock")[5].id
    rng = random.Random(1)
    picks = [choose_next("can_knock", review=(failed,), count=n, rng=rng) for n in range(2 * REVIEW_EVERY)]
    from_review = [p.id for p, review in picks if review]
    assert from_review == [failed, failed]
    solved = frozenset(p.id for p in bank("can_knock")[:400])
    for _ in range(10):
        puzzle, _ = choose_next("can_knock", solved=solved, count=0, rng=rng)
        assert puzzle.id not in solved


def test_choose_next_picks_near_the_rating():
    rng = random.Random(3)
    low = [choose_next("best_discard", rating=1100, rng=rng)[0].difficulty for _ in range(20)]
    high = [choose_next("best_discard", rating=1900, rng=rng)[0].difficulty for _ in range(20)]
    assert sum(low) / 20 < sum(high) / 20
    with pytest.raises(GinError, match="no puzzle matches"):
        choose_next("can_knock", theme="no-such-theme")


def no_puzzle():
    return next(p for p in bank("can_knock") if not p.can_knock)


def test_a_blind_yes_always_asks_for_the_discard():
    puzzle = no_puzzle()
    seen = PuzzleAttempt(puzzle)
    assert not seen.answer_yes_no(True).correct and seen.finished  # the trainer says at once
    blind = PuzzleAttempt(puzzle, blind=True)
    blind.answer_yes_no(True)
    assert blind.stage == "discard" and not blind.finished
    feedback = blind.answer_discard(puzzle.hand[0])
    assert not feedback.correct and blind.result == "failed" and blind.answer_text == f"yes {puzzle.hand[0].code()}"
    right = PuzzleAttempt(yes_puzzle(), blind=True)
    right.answer_yes_no(True)
    assert right.answer_discard(right.puzzle.answer[0]).correct and right.result == "solved"


@pytest.mark.parametrize("kind", ["can_knock", "best_discard"])
def test_replay_rebuilds_a_recorded_answer(kind):
    for puzzle in bank(kind)[:40]:
        live = PuzzleAttempt(puzzle)
        if kind == "can_knock":
            live.answer_yes_no(bool(puzzle.can_knock))
        if not live.finished:
            live.hint()
            live.answer_discard(puzzle.answer[0])
        again, feedback = PuzzleAttempt.replay(puzzle, live.answer_text, live.hints_used)
        assert (again.result, again.answer_text, again.hints_used) == (live.result, live.answer_text, live.hints_used)
        assert feedback.finished and feedback.correct
    puzzle = yes_puzzle()
    for bad, hints in (("maybe", 0), ("yes", 0), ("no 7H", 0), ("yes 7H 8H", 0), (None, 0), ("no", 9)):
        with pytest.raises(GinError):
            PuzzleAttempt.replay(puzzle, bad, hints)


def attempt_at(difficulty, result, *, before=Rating(), seen=False):
    record = {"id": "p", "kind": "best_discard", "themes": [], "difficulty": difficulty}
    p = Progress("Ann", rating=before)
    if seen:
        p = p.with_attempt(record, "failed", answer="7H", hints=0)
        before = p.rating
    return before, p.with_attempt(record, result, answer="7H", hints=int(result == "hinted")).history[-1]


@pytest.mark.parametrize("result", ["solved", "hinted", "failed"])
@pytest.mark.parametrize("difficulty", [1100, 1500, 1900])
def test_rating_words_say_the_change_and_its_reason(result, difficulty):
    before, attempt = attempt_at(difficulty, result)
    after = update(before, difficulty, result == "solved")
    words = rating_words(before, attempt)
    change = round(after.rating) - round(before.rating)
    assert words.startswith(f"Rating {before.rating:.0f} → {after.rating:.0f} ({change:+d}): ")
    assert (change > 0) == (result == "solved")
    reason = {"solved": "solved without hints.", "hinted": "solved with hints, which counts as seen, not solved, "
              "and scores as a miss.", "failed": "a wrong answer scores as a miss."}[result]
    assert reason in words
    gap = difficulty - round(before.rating)
    where = f"{abs(gap)} above your" if gap > 0 else f"{abs(gap)} below your" if gap < 0 else "level with your"
    chance = round(100 * expected_score(before, difficulty))
    assert f"The puzzle is rated {difficulty}, {where} {before.rating:.0f}: by your rating you would solve it " \
           f"{chance}% of the time." in words
    assert "still new (± 350)" in words


def test_rating_words_for_practice_and_a_settled_rating():
    before, attempt = attempt_at(1500, "solved", seen=True)
    assert rating_words(before, attempt) == (f"Rating {before.rating:.0f}, unchanged: you had answered this puzzle "
                                             "before, so this answer is practice and is not rated.")
    settled = Rating(1800, 60)
    before, attempt = attempt_at(1000, "failed", before=settled)
    words = rating_words(before, attempt)
    assert "800 below your 1800" in words and "still new" not in words
    assert "over 99% of the time" in words or f"{round(100 * expected_score(settled, 1000))}%" in words


def test_choose_next_prefers_puzzles_never_answered():
    pool = puzzles_for("best_discard")
    seen = frozenset(p.id for p in pool[:-3])
    rng = random.Random(5)
    for _ in range(10):
        puzzle, review = choose_next("best_discard", seen=seen, rng=rng)
        assert puzzle.id not in seen and not review


def test_the_card_just_taken_is_refused_alike_whatever_the_answer():
    taken = [p for p in bank("can_knock") if p.forbidden is not None]
    for puzzle in (next(p for p in taken if p.can_knock), next(p for p in taken if not p.can_knock)):
        attempt = PuzzleAttempt(puzzle, blind=True)
        attempt.answer_yes_no(True)
        with pytest.raises(GinError, match="just taken from the discard pile"):
            attempt.answer_discard(puzzle.forbidden)
        assert attempt.stage == "discard" and attempt.answers == ["yes"]


def test_the_pages_guide_states_the_rating_rules_the_code_uses():
    from pathlib import Path

    from gintrainer.trainers.training import UNCERTAIN_DEVIATION
    doc = " ".join((Path(__file__).resolve().parents[1] / "docs" / "pages.md").read_text(encoding="utf-8").split())
    assert f"while the rating is new (deviation above {UNCERTAIN_DEVIATION:.0f})" in doc
    assert "solved with hints (scored as a miss)" in doc
    before, attempt = attempt_at(1500, "hinted")
    assert attempt.rating < before.rating  # a hinted solve is scored as a miss


def test_feedback_is_messages_with_the_solvers_numbers():
    from fractions import Fraction

    from gintrainer.trainers.training import cost_messages
    puzzle = next(p for p in bank("best_discard") if p.objective == "lookahead")
    wrong = next(r for r in puzzle.table_sorted() if r.card not in puzzle.answer)
    feedback = PuzzleAttempt(puzzle).answer_discard(wrong.card)
    verdict = feedback.messages[0]
    assert verdict.name == "grade_wrong_lookahead" and verdict["card"] is wrong.card
    assert verdict["expected"] == wrong.expected_deadwood and feedback.messages[1:] == puzzle.explanation_messages
    row, cost = cost_messages(feedback, puzzle)
    assert row.name == ("row_knocks" if wrong.knocks else "row_plain") and row["outs"] == len(wrong.outs)
    assert row["deadwood"] == wrong.deadwood and row["expected"] == wrong.expected_deadwood
    assert cost.name == "cost_lookahead" and cost["cost"] == feedback.cost == Fraction(
        wrong.expected_deadwood - puzzle.row(puzzle.answer[0]).expected_deadwood)
    assert cost["best_card"] in puzzle.answer


def test_a_row_with_one_out_says_one_out():
    rows = [(p, r) for p in bank("best_discard") for r in p.table if len(r.outs) == 1 and r.card not in p.answer]
    assert rows
    puzzle, row = rows[0]
    feedback = PuzzleAttempt(puzzle).answer_discard(row.card)
    assert f"{row.card}: leaves {row.deadwood} deadwood" in cost_words(feedback, puzzle)
    assert ", 1 out, " in cost_words(feedback, puzzle) and "1 outs" not in cost_words(feedback, puzzle)


def test_rating_messages_carry_the_numbers():
    from gintrainer.trainers.training import rating_messages
    before, attempt = attempt_at(1900, "solved")
    result, against, new = rating_messages(before, attempt)
    assert result.name == "rating_solved" and result["after"] == round(attempt.rating)
    assert result["change"] == round(attempt.rating) - round(before.rating) > 0
    assert against.name == "rating_above" and against["gap"] == 1900 - round(before.rating)
    assert against["chance"] == round(100 * expected_score(before, 1900))
    assert new.name == "rating_new" and new["deviation"] == round(before.deviation)
