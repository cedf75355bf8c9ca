"""A Pashto page in Chromium reads right to left all the way through: the arrows of
the links and of the stepper point the way the page goes ("next" to the left), the
step slider starts on the right, a note that begins with a Latin name is still a
right-to-left sentence, a date keeps its ISO order, the four-colour checkbox
keeps its gap on the side of its label, and a walkthrough's caption on a phone shows
its runs of cards left to right and each sum on one line."""

import pytest
from playwright.sync_api import expect

from conftest import ConsoleWatch, open_page, settle

pytestmark = pytest.mark.browser

LESSON = "lessons/ps/03_first_turn.ipynb"

_GLYPHS = """(root) => {
  // each character of an element's text with the x of its centre and the y of its top on the screen
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const found = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.textContent.length; i++) {
      const range = document.createRange();
      range.setStart(node, i); range.setEnd(node, i + 1);
      const box = range.getBoundingClientRect();
      if (box.width > 0) found.push([node.textContent[i], box.x + box.width / 2, box.y]);
    }
  }
  return found;
}"""

POINTS_RIGHT, POINTS_LEFT = "▶→", "◀←"


def arrow_sides(locator) -> list[str]:
    """For each arrow in the element's text: where it stands beside the words and the way
    it points ('right/right' when it stands right of them and points right)."""
    glyphs = locator.evaluate(_GLYPHS)
    words = [x for char, x, _ in glyphs if char.strip() and char not in POINTS_RIGHT + POINTS_LEFT]
    sides = []
    for char, x, _ in glyphs:
        if char in POINTS_RIGHT + POINTS_LEFT:
            stands = "right" if x > max(words) else "left" if x < min(words) else "inside"
            sides.append(f"{stands}/{'right' if char in POINTS_RIGHT else 'left'}")
    return sides


@pytest.fixture(scope="module")
def lesson_tab(module_context, server):
    """The Pashto lesson, opened once for the four tests of it: each leaves it as the others need it (the
    slider back on the first step; the note a test rewrites is read by no other)."""
    page = module_context.new_page()
    watch = ConsoleWatch(page)
    open_page(page, server, LESSON, "lang=ps")
    settle(page)
    expect(page.locator(".gt-stepper-board").first).to_be_visible()
    assert page.evaluate("document.documentElement.dir") == "rtl"
    return page, watch


@pytest.fixture
def lesson(lesson_tab):
    page, watch = lesson_tab
    yield page
    assert not watch.problems, "\n".join(watch.problems)


def test_every_arrow_points_the_way_a_right_to_left_page_goes(lesson):
    controls = lesson.locator(".gt-stepper-controls").first
    back, forward = controls.locator("button").nth(1), controls.locator("button").nth(2)
    assert back.bounding_box()["x"] > forward.bounding_box()["x"]  # back is on the right, where the page starts
    assert arrow_sides(back) == ["right/right"]
    assert arrow_sides(forward) == ["left/left"]
    links = lesson.locator(".gt-nav-bar a")
    texts = links.all_inner_texts()
    previous = next(i for i, text in enumerate(texts) if "مخکینی" in text)
    following = next(i for i, text in enumerate(texts) if text.startswith("بل") or "بل:" in text)
    home = next(i for i, text in enumerate(texts) if "کور" in text)
    assert arrow_sides(links.nth(home)) == ["right/right"], texts  # home: back where the page starts
    assert arrow_sides(links.nth(previous)) == ["right/right"]
    assert arrow_sides(links.nth(following)) == ["left/left"]


def test_the_step_slider_starts_on_the_right(lesson):
    board = lesson.locator(".gt-stepper-board").first
    slider, label = board.locator(".gt-stepper-slider"), board.locator(".gt-stepper-label")
    box = slider.bounding_box()
    start = label.inner_text()
    slider.click(position={"x": 3, "y": box["height"] / 2})  # the left end: the last step on this page
    expect(board.locator("button").nth(3)).to_be_disabled()
    slider.click(position={"x": box["width"] - 3, "y": box["height"] / 2})  # the right end: the first step
    expect(board.locator("button").nth(0)).to_be_disabled()
    expect(label).to_have_text(start)


def test_a_note_that_begins_with_a_latin_name_reads_right_to_left(lesson):
    """The players' names are Pashto on a Pashto page, but a learner's own name, or a card, may be Latin: a
    note that begins with one still runs right to left (its direction is the page's, not its first letter's)."""
    note = lesson.locator(".gt-stepper-frame .gt-note").first
    assert note.inner_text().startswith("احمد ")  # "احمد کولی شي ښکاره کارت … واخلي یا پاس ووايي."
    note.evaluate("e => { e.textContent = e.textContent.replace(/^احمد /, 'Ben '); }")
    assert note.inner_text().startswith("Ben ")
    assert note.evaluate("e => getComputedStyle(e).direction") == "rtl"
    glyphs = note.evaluate(_GLYPHS)
    name = [x for char, x, _ in glyphs[:3]]
    rest = [x for char, x, _ in glyphs[4:] if char.strip()]
    assert min(name) > max(rest)  # the name stands first, on the right, and the sentence runs on to its left


def test_the_four_colour_checkbox_keeps_its_gap_from_its_label(lesson):
    checkbox = lesson.locator(".gt-settings .widget-checkbox").first
    box, label = checkbox.locator("input").bounding_box(), checkbox.locator("span").bounding_box()
    assert label["x"] + label["width"] <= box["x"] - 4  # the label on the left, a gap before the box


def test_the_date_of_today_s_puzzles_keeps_its_order(page, server, console):
    open_page(page, server, "index.ipynb", "lang=ps")
    settle(page)
    heading = page.locator("h2", has_text="د نن معماوې")
    expect(heading).to_be_visible()
    glyphs = heading.evaluate(_GLYPHS)
    digits = [(char, x) for char, x, _ in glyphs if char.isdigit()]
    assert len(digits) == 8
    assert [x for _, x in digits] == sorted(x for _, x in digits)  # 2026-12-04 from left to right
    brackets = {char: x for char, x, _ in glyphs if char in "()"}
    assert brackets["("] > digits[-1][1] and brackets[")"] < digits[0][1]  # the date inside its brackets


def test_a_walkthrough_caption_on_a_phone_keeps_its_cards_and_its_sum_left_to_right_and_whole(page, server,
                                                                                               console):
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, server, "lessons/ps/01_cards_and_melds.ipynb", "lang=ps")
    settle(page)
    box = page.locator(".gt-stepper-board .gt-caption-box").first
    expect(box).to_contain_text("7♦ 7♥ 7♠")
    places = box.evaluate(_GLYPHS)
    text = "".join(char for char, _, _ in places)
    start = text.index("7♦ 7♥ 7♠")
    first, last = places[start], places[start + len("7♦ 7♥ ")]
    assert (first[0], last[0]) == ("7", "7") and first[1] < last[1]  # 7♦ on the left, 7♠ on the right
    total = "2\u00a0+\u00a09\u00a0+\u00a010\u00a0+\u00a010\u00a0=\u00a031"
    at = text.index(total)
    sum_places = [(char, x, y) for char, x, y in places[at:at + len(total)] if char.strip()]
    assert len({round(y) for _, _, y in sum_places}) == 1, sum_places  # on one line
    xs = [x for _, x, _ in sum_places]
    assert xs == sorted(xs)  # 2 + 9 + 10 + 10 = 31, read from the left
