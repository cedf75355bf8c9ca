"""The class pages in Chromium, and the worksheets printed to PDF on A4 and Letter."""

import io
import re

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from conftest import open_page
from gintrainer.classroom import ClassSet, answer_key_html, worksheet_html

pytestmark = pytest.mark.browser

SET = ClassSet("Printing class", count=12)
PRINTABLE_WIDTH_PX = 700  # A4 less 12 mm margins, the narrower of the two papers


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("answers", [False, True], ids=["worksheet", "answer-key"])
def test_worksheets_print_without_splitting_or_clipping_a_puzzle(page, paper, answers):
    html = answer_key_html(SET) if answers else worksheet_html(SET)
    page.set_content(html)
    page.emulate_media(media="print")
    page.set_viewport_size({"width": PRINTABLE_WIDTH_PX, "height": 1000})
    overflow = page.evaluate("""() => Array.from(document.querySelectorAll('.ws-puzzle')).filter(
        s => s.scrollWidth > s.clientWidth + 1 || s.getBoundingClientRect().right > window.innerWidth + 1).length""")
    assert overflow == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= PRINTABLE_WIDTH_PX + 1
    pdf = PdfReader(io.BytesIO(page.pdf(format=paper, print_background=True)))
    where: dict[str, list[int]] = {}
    for number, sheet in enumerate(pdf.pages):
        text = sheet.extract_text()
        for n in range(1, SET.count + 1):
            if re.search(rf"Puzzle {n} of {SET.count}\b", text):
                where.setdefault(f"start {n}", []).append(number)
            if f"end of puzzle {n}/{SET.count}" in text:
                where.setdefault(f"end {n}", []).append(number)
    for n in range(1, SET.count + 1):
        assert where.get(f"start {n}") and where[f"start {n}"] == where.get(f"end {n}"), f"puzzle {n}: {where}"
    if answers:
        text = " ".join(sheet.extract_text() for sheet in pdf.pages)
        for puzzle in SET.puzzles():
            assert puzzle.id in text


def test_teacher_makes_a_set_and_a_student_answers_it(page, server, console):
    open_page(page, server, "classroom/teacher.ipynb")
    page.get_by_placeholder("e.g. Year 9, Tuesday").fill("Browser class")
    page.get_by_label("Puzzles:").fill("3")
    page.get_by_role("button", name="Make the set").click()
    expected = ClassSet("Browser class", count=3)
    expect(page.locator(".gt-code")).to_have_text(expected.code, timeout=60_000)
    expect(page.get_by_role("link", name=re.compile("Download the worksheet"))).to_be_visible()
    open_page(page, server, "classroom/student.ipynb", f"code={expected.code}&profile=Kim")
    page.get_by_role("button", name="Start").click()
    puzzle = expected.puzzles()[0]
    view = page.locator(".gt-puzzle")
    expect(view).to_contain_text(puzzle.id)
    view.get_by_role("button", name="No", exact=True).click()
    expect(view.locator(".gt-feedback")).to_contain_text(re.compile("Right|Not quite"))
    expect(page.get_by_role("link", name=re.compile("Download your results"))).to_be_visible()
