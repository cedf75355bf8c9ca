"""A "take or draw?" puzzle on a worksheet and its answer key, and an answer to
it marked (the kind's part of class sets; the class codes of version 2 name the
discard kinds only)."""

import pytest

from gintrainer.classroom.marking import AnswerError, mark, parse_choice_response
from gintrainer.classroom.worksheet import puzzle_section_html
from gintrainer.language import in_language
from gintrainer.messages import format_value
from gintrainer.puzzles import bank


def puzzle_of(choice):
    return next(p for p in bank("take_or_draw") if p.choice == choice)


def test_an_answer_is_marked_in_any_language_the_trainer_speaks():
    puzzle = puzzle_of("take")
    right, wrong = mark(puzzle, "Take"), mark(puzzle, "draw")
    assert (right.answer, right.correct, wrong.answer, wrong.correct) == ("take", True, "draw", False)
    assert wrong.message.startswith("Not the best: a draw from the stock leaves")
    with in_language("tr"):
        assert parse_choice_response("al") == "take" and parse_choice_response("ÇEK") == "draw"
    for bad in ("7H", "take 7H", "yes", ""):
        with pytest.raises(AnswerError):
            mark(puzzle, bad)


def test_the_worksheet_asks_and_the_answer_key_answers_with_both_numbers():
    puzzle = puzzle_of("draw")
    sheet = puzzle_section_html(puzzle, 1, 3)
    assert "Take or draw?" in sheet and "is on top of the discard pile" in sheet
    assert "on offer: the top discard" in sheet and sheet.count("ws-tick") == 2 and "ws-box" not in sheet
    key = puzzle_section_html(puzzle, 1, 3, answers=True)
    assert "Draw from the stock." in key and f"Top of the discard pile: {puzzle.offered}" in key
    assert format_value(puzzle.draw_expected) in key and format_value(puzzle.take_expected) in key
    assert "gt-choice-table" in key and puzzle.id in key
