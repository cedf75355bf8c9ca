"""The task first: every trainer and the daily page show their puzzle on the first screen, as a new learner
opens them in Chromium. At 1280 × 800 (a laptop) the question, the first card and the answer controls end
within 800 px; at 390 × 844 (a phone) the question and the first row of cards end within 844 px; at both sizes
the Tab key reaches the page's controls from the top down. The landing page shows who is playing (or the name box
asking), the "continue" button and today's puzzle (its question and first card) within the first screen at both
sizes. Each page is measured after its widgets are drawn, and a screenshot of each page at both sizes is written
to docs/images/ (``first-screen-<page>[-<language>]-<width>.png``, ignored by git); two of them are the README's
pictures (tests/pictures.py).

A lesson too opens on what it teaches: its top line (the language menu, the links and the card settings) is
one line at 1280 px, above the title, and the goal and the first paragraph end on the first screen at both
sizes (``first-screen-lesson-<notebook>-<width>.png``). The practice page opens on the hand: its table and the
learner's cards (and the move buttons for a learner who gave a name) on a laptop's first screen, the first row of
the learner's cards on a phone's."""

from collections.abc import Callable

import pytest
from test_layout import ON_THE_FIRST_SCREEN, layout_problems

from conftest import open_page, page_in, settle
from pictures import IMAGES, save_picture

pytestmark = pytest.mark.browser

PAGES = (("best_discard", ""), ("can_knock", ""), ("take_or_draw", ""), ("knock_layout", ""), ("defend", ""),
         ("daily", ""), ("best_discard", "lang=ps"), ("knock_layout", "lang=tr"), ("defend", "lang=ku"))
"""Each trainer and the daily page, a trainer right to left (Pashto, whose words are longer), and one in each
other language: the tallest on a phone in Turkish, the one with the most answer controls in Kurmanji."""
SIZES = ((1280, 800), (390, 844))

# The bottom edge (in page pixels, from the top of the document) of the question, the first card of the
# puzzle (the position's: the card drawn or on offer, the pile, the knocker's melds), the first card of the hand
# to pick from and the answer controls of the first puzzle view on the page.
MEASURE_JS = """() => {
  const view = document.querySelector('.gt-puzzle');
  if (!view) return null;
  const bottom = e => e ? Math.round(e.getBoundingClientRect().bottom + window.scrollY) : null;
  const shown = e => e && e.getClientRects().length > 0;
  const answers = Array.from(view.querySelectorAll('.gt-answers button, .gt-reply-input button')).filter(shown);
  return {question: bottom(view.querySelector('.gt-prompt')),
          card: bottom(Array.from(view.querySelectorAll('.gt-card')).find(shown)),
          hand: bottom(Array.from(view.querySelectorAll('.gt-picker button')).find(shown)),
          answers: answers.length ? Math.max(...answers.map(bottom)) : null};
}"""

# Whether the settings bar's choices and what is beside them (the streak and rating) read as two parts: the latter
# on a line below the choices, or on their line after a rule of its own (a trainer's bar; null on a page without).
TWO_PARTS_JS = """() => {
  const choices = document.querySelector('.gt-settings-bar .gt-choices .gt-info');
  const beside = document.querySelector('.gt-settings-bar .gt-stats');
  if (!choices || !beside) return null;
  const a = choices.getBoundingClientRect(), b = beside.getBoundingClientRect();
  if (b.top >= a.bottom - 1) return 'own line';
  const part = beside.closest('.gt-settings-bar > *'), style = getComputedStyle(part);
  const rtl = style.direction === 'rtl', p = part.getBoundingClientRect();
  const rule = parseFloat(rtl ? style.borderRightWidth : style.borderLeftWidth);
  const between = rtl ? a.left - p.right : p.left - a.right;
  return rule > 0 && between >= 0 ? 'rule' : `run together: "${choices.innerText}" "${beside.innerText}"`;
}"""

# The keyboard's order against the page's: each control the Tab key reaches in the puzzle page (in the order of
# the document, no tabindex changing it) that begins above the one before it, by more than a row's slack.
OUT_OF_ORDER_JS = """root => {
  const page = document.querySelector(root);
  const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const controls = Array.from(page.querySelectorAll('button, select, input, a[href], summary, [tabindex]'))
    .filter(e => shown(e) && !e.disabled && e.tabIndex >= 0);
  const wrong = [];
  controls.forEach((e, i) => {
    if (i === 0) return;
    const before = controls[i - 1].getBoundingClientRect(), here = e.getBoundingClientRect();
    if (here.bottom <= before.top) wrong.push(`${(e.innerText || e.tagName).trim()} comes after a control below it`);
  });
  return {count: controls.length, wrong};
}"""


def at_both_sizes(page, root: str, measure: Callable[[], dict], picture: str,
                  each: Callable[[int], None] = lambda width: None) -> dict[int, dict]:
    """The page (opened at the laptop's size) measured at each size of :data:`SIZES` in turn, narrowed as a phone
    is (the widgets reflow): ``measure``'s figures by width, after checking that the Tab key's order in ``root``
    follows the page's, running ``each`` and writing the screenshot ``first-screen-<picture>-<width>.png``."""
    measured = {}
    IMAGES.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        measured[width] = measure()
        order = page.evaluate(OUT_OF_ORDER_JS, root)
        assert order["count"] > 2 and not order["wrong"], f"{picture} at {width} px: {order}"
        each(width)
        page.screenshot(path=str(IMAGES / f"first-screen-{picture}-{width}.png"))
    return measured


@pytest.mark.parametrize("name, query", PAGES, ids=[f"{name}?{query}" if query else name for name, query in PAGES])
def test_the_puzzle_is_on_the_first_screen(module_context, server, name, query):
    """The page opened at the laptop's size, measured, then narrowed to the phone's (the widgets reflow as on a
    phone) and measured again: one page load for both sizes."""
    with page_in(module_context, *SIZES[0]) as page:
        open_page(page, server, f"puzzles/{name}.ipynb", query)
        page.wait_for_selector(".gt-puzzle .gt-card")

        def each(width: int) -> None:
            parts = page.evaluate(TWO_PARTS_JS)
            assert parts in ((None,) if name == "daily" else ("own line", "rule")), f"{name} at {width} px: {parts}"
            if (name, query, width) == ("best_discard", "", 390):
                save_picture(page, None, "puzzle-phone.png")  # the README's picture of a trainer on a phone
        suffix = f"-{query.removeprefix('lang=')}" if query else ""
        measured = at_both_sizes(page, ".gt-trainer, .gt-daily", lambda: page.evaluate(MEASURE_JS), name + suffix,
                                 each)
        notebook = f"puzzles/{name}.ipynb"
        if not query and notebook in ON_THE_FIRST_SCREEN:  # the layout test's checks, in this page load
            problems = layout_problems(page, notebook, ON_THE_FIRST_SCREEN[notebook])
            assert not problems, "\n".join(problems)
    print(f"{name} {query}: {measured}")
    laptop, phone = measured[1280], measured[390]
    assert None not in laptop.values(), f"{name}: a part of the puzzle is missing: {laptop}"
    assert max(laptop.values()) <= 800, f"{name} at 1280 × 800: the puzzle ends below the fold: {laptop}"
    assert max(phone["question"], phone["card"]) <= 844, \
        f"{name} at 390 × 844: the question and first cards end below the fold: {phone}"


PRACTICES = ("", "profile=Practice%20Pia", "profile=Practice%20Pari&lang=ps")
"""The practice page for a guest (whose page says, above the table, that the game is not saved), for a learner
who gave a name, and right to left (Pashto)."""

# The bottom edge of the practice page's table (the opponent's hand and the piles), of the first card of the
# learner's hand (a card button) and of the move buttons shown (take, pass or draw at a hand's start).
PRACTICE_JS = """() => {
  const bottom = e => e ? Math.round(e.getBoundingClientRect().bottom + window.scrollY) : null;
  const shown = e => e && e.getClientRects().length > 0;
  const page = document.querySelector('.gt-practice');
  const moves = Array.from(page.querySelectorAll('.gt-move-row button')).filter(shown);
  return {table: bottom(page.querySelector('.gt-table')),
          hand: bottom(Array.from(page.querySelectorAll('.gt-picker button')).find(shown)),
          moves: moves.length ? Math.max(...moves.map(bottom)) : null};
}"""


@pytest.mark.parametrize("query", PRACTICES, ids=["guest", "named", "ps"])
def test_the_practice_page_opens_on_the_hand(module_context, server, query):
    """The hand is the practice page's task: at 1280 × 800 the table and the learner's cards end on the first
    screen, and for a learner who gave a name the move buttons too (a guest's line saying the game is not saved
    comes first); at 390 × 844 the first row of the learner's cards."""
    with page_in(module_context, *SIZES[0]) as page:
        open_page(page, server, "practice/practice.ipynb", query)
        page.wait_for_selector(".gt-practice .gt-picker button")
        who = "named" if query.startswith("profile=") else "guest"
        measured = at_both_sizes(page, ".gt-practice", lambda: page.evaluate(PRACTICE_JS),
                                 f"practice-{who}-{query.partition('lang=')[2] or 'en'}")
    print(f"practice {query}: {measured}")
    laptop, phone = measured[1280], measured[390]
    assert None not in laptop.values(), f"practice {query}: a part of the page is missing: {laptop}"
    assert max(laptop["table"], laptop["hand"]) <= 800, f"practice {query} at 1280 × 800: {laptop}"
    if "profile=" in query:
        assert laptop["moves"] <= 800, f"practice {query} at 1280 × 800: the move buttons below the fold: {laptop}"
    assert phone["hand"] <= 844, f"practice {query} at 390 × 844: the learner's cards below the fold: {phone}"


LANDINGS = ("", "lang=ps", "profile=Landing%20Lena&lang=ku")
"""The landing page as a new learner opens it, right to left (Pashto), and for a learner who gave a name (in
Kurmanji, whose words are longer; tests/browser/test_layout.py opens it in Turkish)."""

# The bottom edge of the landing page's line saying who is playing (or asking for a name, under the name box) and
# of its "continue" button (the link to the learner's next step).
LANDING_JS = """() => {
  const bottom = e => e ? Math.round(e.getBoundingClientRect().bottom + window.scrollY) : null;
  return {who: bottom(document.querySelector('.gt-landing .gt-profile-bar .gt-info')),
          continue: bottom(document.querySelector('.gt-landing .gt-continue a'))};
}"""


@pytest.mark.parametrize("query", LANDINGS, ids=[query.rpartition("lang=")[2] or "en" for query in LANDINGS])
def test_the_landing_page_shows_continue_and_today_s_puzzle_on_the_first_screen(module_context, server, query):
    """The landing page at both sizes (one page load): who is playing, the "continue" button and today's puzzle
    (its question and first card) end within the first screen."""
    with page_in(module_context, *SIZES[0]) as page:
        open_page(page, server, "index.ipynb", query)
        page.wait_for_selector(".gt-landing .gt-puzzle .gt-card")

        def each(width: int) -> None:
            if (query, width) == ("", 1280):
                save_picture(page, None, "landing.png")  # the README's picture of the landing page
        suffix = f"-{query.rpartition('lang=')[2]}" if query else ""
        measured = at_both_sizes(page, ".gt-landing",
                                 lambda: {**page.evaluate(LANDING_JS), **page.evaluate(MEASURE_JS)},
                                 "landing" + suffix, each)
    print(f"landing {query}: {measured}")
    for (width, height) in SIZES:
        found = measured[width]
        first = {part: found[part] for part in ("who", "continue", "question", "card")}
        assert None not in first.values(), f"landing at {width} px: a part is missing: {found}"
        assert max(first.values()) <= height, \
            f"landing at {width} × {height}: who, continue or today's puzzle ends below the fold: {found}"


LESSON_PAGES = ("lessons/01_cards_and_melds.ipynb", "lessons/ps/06_laying_off.ipynb", "lessons/tr/first_hand.ipynb")
"""A lesson in English, one right to left (Pashto, with the longest goal) and the first hand in Turkish (the
longest first paragraph)."""

# The lesson's top line (its toolbar), the title, and the bottom edges of the goal and of the first paragraph
# (the first markdown cell's paragraphs); ``oneLine``: every link and control of the top line shares one band.
LESSON_JS = """() => {
  const bar = document.querySelector('.gt-lesson-toolbar');
  const title = document.querySelector('.jp-RenderedMarkdown h1');
  if (!bar || !title) return null;
  const page = y => Math.round(y + window.scrollY);
  const paragraphs = Array.from(title.closest('.jp-RenderedMarkdown').querySelectorAll(':scope > p'));
  const parts = Array.from(bar.querySelectorAll('a, b, button, input, .widget-label'))
    .filter(e => e.getClientRects().length > 0).map(e => e.getBoundingClientRect());
  return {barTop: page(bar.getBoundingClientRect().top), barBottom: page(bar.getBoundingClientRect().bottom),
          title: page(title.getBoundingClientRect().top),
          goal: paragraphs.length ? page(paragraphs[0].getBoundingClientRect().bottom) : null,
          first: paragraphs.length > 1 ? page(paragraphs[1].getBoundingClientRect().bottom) : null,
          parts: parts.length,
          oneLine: Math.max(...parts.map(r => r.top)) < Math.min(...parts.map(r => r.bottom))};
}"""


@pytest.mark.parametrize("notebook", LESSON_PAGES, ids=[n.removeprefix("lessons/") for n in LESSON_PAGES])
def test_a_lesson_opens_on_its_goal_under_one_top_line(module_context, server, notebook):
    """One page load measured at the laptop's size, then at the phone's (as the trainers are)."""
    measured = {}
    with page_in(module_context, *SIZES[0]) as page:
        open_page(page, server, notebook)
        page.wait_for_selector(".gt-lesson-toolbar .gt-settings")
        IMAGES.mkdir(parents=True, exist_ok=True)
        name = notebook.removeprefix("lessons/").removesuffix(".ipynb").replace("/", "-")
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            settle(page)
            measured[width] = page.evaluate(LESSON_JS)
            order = page.evaluate(OUT_OF_ORDER_JS, ".jp-Notebook")
            assert order["count"] > 5 and not order["wrong"], f"{notebook} at {width} px: {order}"
            page.screenshot(path=str(IMAGES / f"first-screen-lesson-{name}-{width}.png"))
    print(f"{notebook}: {measured}")
    for (width, height), found in zip(SIZES, (measured[1280], measured[390]), strict=True):
        assert found is not None and found["goal"] and found["first"], f"{notebook}: no goal or first paragraph"
        assert found["barBottom"] <= found["title"], f"{notebook} at {width} px: the top line is not above the title"
        assert max(found["goal"], found["first"]) <= height, \
            f"{notebook} at {width} × {height}: the goal or the first paragraph ends below the fold: {found}"
    assert measured[1280]["parts"] > 8 and measured[1280]["oneLine"], \
        f"{notebook} at 1280 px: the language menu, the links and the card settings are not one line"
