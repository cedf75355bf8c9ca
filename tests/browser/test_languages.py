"""Pages in other languages in Chromium: a Pashto page laid out right to left with its
cards left to right, every page in the tests' pseudo-language with no visible text
outside the marks (and the English pages without steps measured there as the layout
test measures its pages), and screenshots a person can look at (tests/browser/screenshots/:
the Pashto daily page, a Turkish lesson, a Kurmanji worksheet)."""

from pathlib import Path

import pytest
from playwright.sync_api import expect
from test_layout import IN_THE_PSEUDO_LANGUAGE, WIDTHS, expect_title, layout_problems

from conftest import ConsoleWatch, open_page, settle
from gintrainer.classroom import class_set
from gintrainer.classroom.worksheet import worksheet_html
from gintrainer.widgets.site import lesson_path, site_pages
from gintrainer.words.language import LANGUAGES, NAMES, PLAYERS, PSEUDO, in_language
from i18n import unmarked

pytestmark = pytest.mark.browser

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
"""Where the screenshots are kept (ignored by git), one file each, replaced at each run."""
ALLOWED = [word for name in NAMES.values() for word in name.split()]


def screenshot(page, name: str) -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / name
    page.screenshot(path=str(path), full_page=True)
    print(f"screenshot: {path}")
    return path


def test_a_pashto_page_is_right_to_left_with_its_cards_left_to_right(page, server, console):
    open_page(page, server, "puzzles/daily.ipynb", "lang=ps")
    expect(page.locator(".gt-picker .gt-card-btn").first).to_be_visible(timeout=60_000)
    root = page.evaluate("[document.documentElement.lang, document.documentElement.dir]")
    assert root == ["ps", "rtl"]
    heading = page.locator(".gt-page-title")
    assert heading.evaluate("e => [getComputedStyle(e).direction, getComputedStyle(e).textAlign]") == \
        ["rtl", "right"]
    box, title = page.locator(".gt-page-top").bounding_box(), heading.bounding_box()
    assert title["x"] + title["width"] > box["x"] + box["width"] - 40  # the heading sits on the right
    picker = page.locator(".gt-picker").first
    assert picker.evaluate("e => getComputedStyle(e).direction") == "ltr"
    names = picker.locator(".gt-card-btn").all_inner_texts()
    xs = [b["x"] for b in (card.bounding_box() for card in picker.locator(".gt-card-btn").all())]
    rows = [b["y"] for b in (card.bounding_box() for card in picker.locator(".gt-card-btn").all())]
    first_row = [x for x, y in zip(xs, rows, strict=True) if y == rows[0]]
    assert len(names) >= 10 and len(first_row) >= 2 and first_row == sorted(first_row)  # left to right
    font = heading.evaluate("e => getComputedStyle(e).fontFamily")
    assert "Noto Naskh Arabic" in font
    screenshot(page, "ps-daily.png")


PSEUDO_PAGES = [p for p in site_pages() if not any(p.startswith(f"lessons/{lang}/") for lang in LANGUAGES)]
"""Every page but the translated lessons' notebooks: those speak their own language (their code cells are
the English notebooks', checked here; their prose is held to the English by tests/test_lesson_languages.py)."""

_WIDGET_TEXT = """() => {
    // The notebooks' own markdown is prose written per language (one notebook per language), not catalog text.
    const prose = [...document.querySelectorAll('.jp-RenderedMarkdown')];
    prose.forEach(e => { e.dataset.display = e.style.display; e.style.display = 'none'; });
    const text = document.body.innerText;
    prose.forEach(e => { e.style.display = e.dataset.display; });
    return text;
}"""


@pytest.fixture(scope="module")
def pseudo_tab(module_context):
    """One browser tab for every page in the pseudo-language (the pages' scripts fetched once, as a learner's
    browser keeps them from page to page)."""
    page = module_context.new_page()
    return page, ConsoleWatch(page)


@pytest.mark.parametrize("notebook", PSEUDO_PAGES)
def test_every_page_in_the_pseudo_language_shows_no_unmarked_text(pseudo_tab, server, notebook):
    """Every text the page's widgets show comes from the catalogs (the template of the code as it is). The pages
    the layout test leaves to this one (:data:`test_layout.IN_THE_PSEUDO_LANGUAGE`, English pages without steps)
    are measured here as it measures its pages, in their one page load: their texts here are the English ones
    between marks, wider."""
    page, console = pseudo_tab
    console.problems.clear()
    page.set_viewport_size({"width": WIDTHS[0], "height": 900})
    open_page(page, server, notebook, "lang=qps")
    settle(page)  # widgets are drawn after Voila hides its spinner
    page.wait_for_function("document.documentElement.lang === 'qps'")  # set by the page's language widget
    text = page.evaluate(_WIDGET_TEXT)
    for player in PLAYERS:  # the lessons' players are names, as a learner's is (toggle buttons run them together)
        text = text.replace(player, " ")
    assert unmarked(text, ALLOWED) == [], f"{notebook}: {' '.join(unmarked(text, ALLOWED))}"
    if notebook in IN_THE_PSEUDO_LANGUAGE:
        expect_title(page, notebook, PSEUDO)
        problems = layout_problems(page, notebook)
        assert not problems, "\n".join(problems)
    assert not console.problems, "\n".join(console.problems)


def test_a_turkish_lesson_screenshot(page, server, console):
    open_page(page, server, lesson_path(1, "tr"))
    expect(page.locator(".gt-lesson-toolbar")).to_be_visible()
    page.wait_for_function("document.documentElement.lang === 'tr'")  # the notebook's own language, set by its toolbar
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == ["tr", "ltr"]
    screenshot(page, "tr-lesson-1.png")


def test_a_kurmanji_worksheet_screenshot(page):
    with in_language("ku"):
        html = worksheet_html(class_set("Pol 7", count=3, kinds=("can-knock", "best-discard")))
    page.set_content(html)
    expect(page.locator("body")).to_be_visible()
    screenshot(page, "ku-worksheet.png")
