"""A "lay out your knock" puzzle on a printed worksheet: the question, both hands
and boxes for the melds; the answer key with the accepted layouts and the points."""

import re

from gintrainer.classroom.worksheet import puzzle_section_html
from gintrainer.engine.cards import show_cards, sort_by_suit
from gintrainer.puzzles import bank
from i18n import pseudo_language, unmarked


def test_the_worksheet_asks_and_the_answer_key_gives_every_accepted_layout():
    puzzle = next(p for p in bank("knock_layout") if len(p.layouts) > 1 and p.points > 0)
    sheet = puzzle_section_html(puzzle, 2, 5)
    assert "Lay out your knock" in sheet and "You knock with these ten cards" in sheet
    assert "the defender&#x27;s hand" in sheet and "Your melds:" in sheet and sheet.count('class="ws-box ') == 1
    assert "gt-layout" not in sheet and "Lay out " + show_cards(puzzle.layouts[0][0]) not in sheet
    key = puzzle_section_html(puzzle, 2, 5, answers=True)
    assert f"Defender&#x27;s hand: {show_cards(sort_by_suit(puzzle.defender_hand))}" in key
    assert key.count('class="gt-layout"') == len(puzzle.layouts)
    assert f"you score {puzzle.points}." in key and puzzle.id in key


def test_the_box_for_the_melds_is_ruled_for_several_melds_across_the_puzzle():
    """A layout is up to ten cards in three or four melds with slashes between: the box
    takes three ruled lines across the puzzle."""
    puzzle = bank("knock_layout")[0]
    boxes = re.search(r'<div class="ws-answers">(.*?)</div>', puzzle_section_html(puzzle, 1, 1)).group(1)
    assert boxes == ('<span class="ws-wide">Your melds: <span class="ws-box ws-box-melds">'
                     + '<span class="ws-write"></span>' * 3 + "</span></span>")
    # Its size as printed: tests/browser/test_worksheet_boxes.py.


def test_every_word_of_the_sheet_comes_from_the_catalogs():
    puzzle = bank("knock_layout")[0]
    with pseudo_language():
        texts = [puzzle_section_html(puzzle, 1, 1), puzzle_section_html(puzzle, 1, 1, answers=True)]
    assert [u for text in texts for u in unmarked(text)] == []


def test_a_written_layout_is_marked_by_its_score():
    from gintrainer.classroom.marking import mark
    from gintrainer.engine.melds import all_best_arrangements
    from gintrainer.puzzles.knock_layout import layout_text
    puzzle = next(p for p in bank("knock_layout") if "block-layoffs" in p.themes)
    right = mark(puzzle, layout_text(puzzle.layouts[0]).replace("/", " / ").lower())
    assert right.correct and right.answer == layout_text(puzzle.layouts[0])
    assert not mark(puzzle, layout_text(all_best_arrangements(puzzle.hand)[0].melds)).correct


def test_a_class_set_holds_knock_layout_puzzles_and_its_code_names_them_again():
    from gintrainer.classroom.sets import class_set
    made = class_set("Year 5", count=4, kinds=["knock_layout", "take_or_draw"])
    kinds = [p.kind for p in made.puzzles()]
    assert kinds.count("knock_layout") == 2 and kinds.count("take_or_draw") == 2
    assert class_set(made.code) == made
