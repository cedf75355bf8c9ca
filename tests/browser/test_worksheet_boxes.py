"""The answer boxes of a printed worksheet, measured in Chromium as printed: each is
sized for the answer it takes (one card in a small box; a knock layout's melds, a
defender's melds and lay-offs across the puzzle, in lines), and none overflows its puzzle."""

import io
import math
import re

import pytest
from pypdf import PdfReader

from gintrainer.classroom import ClassSet, worksheet_html
from gintrainer.puzzles import KINDS

pytestmark = pytest.mark.browser

SET = ClassSet("Boxes", count=2 * len(KINDS), kinds=list(KINDS))
PRINTABLE_WIDTH_PX = 700  # A4 less 12 mm margins, the narrower of the two papers
MM = 96 / 25.4  # CSS pixels in a millimetre

CARD = (18, 30, 9, 14)
"""One card, as 7♥ or 10♦: width and height, least and most, in mm."""
MELDS = (150, math.inf, 28, math.inf)
"""Up to ten cards in three or four melds with slashes between, some 40 signs: three lines across the puzzle."""
LAYOFFS = (150, math.inf, 18, math.inf)
"""A few cards, each on a meld's number: two lines across the puzzle."""
SIZES = {"can_knock": [CARD], "best_discard": [CARD], "take_or_draw": [], "knock_layout": [MELDS],
         "defend": [MELDS, LAYOFFS]}

MEASURE_JS = """() => Array.from(document.querySelectorAll('.ws-puzzle')).map(puzzle => {
  const box = puzzle.getBoundingClientRect();
  return {id: puzzle.dataset.puzzleId, left: box.left, right: box.right,
          boxes: Array.from(puzzle.querySelectorAll('.ws-box')).map(b => {
            const r = b.getBoundingClientRect();
            return {width: r.width, height: r.height, left: r.left, right: r.right};
          })};
})"""


@pytest.mark.parametrize("lang", ["en", "ps"])
def test_each_answer_box_is_sized_for_the_answer_it_takes(page, lang):
    page.set_content(worksheet_html(SET, lang=lang))
    page.emulate_media(media="print")
    page.set_viewport_size({"width": PRINTABLE_WIDTH_PX, "height": 1000})
    kinds = {p.id: p.kind.value for p in SET.puzzles()}
    assert sorted(set(kinds.values())) == sorted(SIZES)
    wrong = []
    for puzzle in page.evaluate(MEASURE_JS):
        kind = kinds[puzzle["id"]]
        assert len(puzzle["boxes"]) == len(SIZES[kind]), kind
        for box, (least_w, most_w, least_h, most_h) in zip(puzzle["boxes"], SIZES[kind], strict=True):
            width, height = box["width"] / MM, box["height"] / MM
            if not (least_w <= width <= most_w and least_h <= height <= most_h):
                wrong.append(f"{kind}: {width:.0f} × {height:.0f} mm")
            assert puzzle["left"] <= box["left"] and box["right"] <= puzzle["right"], (kind, box, puzzle)
    assert wrong == []


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_a_set_of_every_kind_prints_each_puzzle_on_one_page_with_its_boxes(page, paper):
    page.set_content(worksheet_html(SET))
    page.emulate_media(media="print")
    pdf = PdfReader(io.BytesIO(page.pdf(format=paper, print_background=True)))
    texts = [sheet.extract_text() for sheet in pdf.pages]
    for n in range(1, SET.count + 1):
        starts = [i for i, text in enumerate(texts) if re.search(rf"Puzzle {n} of {SET.count}\b", text)]
        ends = [i for i, text in enumerate(texts) if f"end of puzzle {n}/{SET.count}" in text]
        assert len(starts) == 1 and starts == ends, (n, starts, ends)
