"""axe-core's WCAG 2.0 and 2.1 rules of levels A and AA (the tags wcag2a, wcag2aa, wcag21a, wcag21aa) find no
violation on the pages a learner opens first: every trainer, the daily page, the landing page and a lesson in
English, and a trainer, the landing page and the lesson in Pashto (right to left: the same views, mirrored), at a
laptop's size (1280 × 800) and a phone's (390 × 844).

axe-core's script comes from the PyPI package axe-playwright-python (the test extra), which ships it: no
download at test time. Each page is loaded once for each language and checked at both sizes (the window
narrowed between the two runs, as the other layout tests do), the window then as tall as the page, as axe-core
judges the contrast of the text it sees only; a puzzle page's settings and its theme legend
are opened first, so that their controls (the name box, the difficulty, the theme filter, the day) are
checked too. Nothing of the page is left out: the rules find nothing in what Voila and JupyterLab draw either."""

import pytest
from axe_playwright_python.base import AXE_SCRIPT  # type: ignore[import-untyped]  # ships no types
from playwright.sync_api import expect
from test_layout import opening_the_settings

from conftest import open_page, page_in, settle

pytestmark = pytest.mark.browser

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
SIZES = ((1280, 800), (390, 844))

PAGES = ("puzzles/best_discard.ipynb", "puzzles/can_knock.ipynb", "puzzles/take_or_draw.ipynb",
         "puzzles/knock_layout.ipynb", "puzzles/defend.ipynb", "puzzles/daily.ipynb", "index.ipynb",
         "lessons/01_cards_and_melds.ipynb")
RIGHT_TO_LEFT = ("puzzles/best_discard.ipynb", "index.ipynb", "lessons/01_cards_and_melds.ipynb")
"""The pages checked in Pashto too: the trainers share one view (best discard stands for them, the daily page
is built of the same parts), the landing page and a lesson have their own."""
CHECKED = [(notebook, "en") for notebook in PAGES] + [(notebook, "ps") for notebook in RIGHT_TO_LEFT]

# The height that shows the whole page at once: the document's, or that of the element that scrolls it (Voila's
# template scrolls an element of its own). axe-core judges the contrast only of text it sees in the window.
FULL_HEIGHT_JS = """() => Math.max(document.documentElement.scrollHeight,
  ...Array.from(document.querySelectorAll('body *'))
  .filter(e => e.scrollHeight > e.clientHeight + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowY))
  .map(e => e.scrollHeight + e.getBoundingClientRect().top))"""

RUN_JS = """([context, options]) => axe.run(context, options).then(results => results.violations.map(v => ({
  id: v.id, impact: v.impact, help: v.help,
  nodes: v.nodes.map(n => `${n.target.join(' ')}: ${n.html.slice(0, 160)} (${n.failureSummary})`)})))"""


def address(notebook: str, lang: str) -> tuple[str, str]:
    """The page's notebook and query in a language: a lesson's translation from its folder, the others
    by ``?lang=``."""
    if lang == "en":
        return notebook, ""
    if notebook.startswith("lessons/"):
        return notebook.replace("lessons/", f"lessons/{lang}/"), ""
    return notebook, f"lang={lang}"


@pytest.mark.parametrize("notebook, lang", CHECKED)
def test_axe_finds_no_wcag_a_or_aa_violation(module_context, server, notebook, lang):
    found = []
    with page_in(module_context, *SIZES[0]) as page:
        open_page(page, server, *address(notebook, lang))
        settle(page)
        if notebook.startswith("puzzles/"):
            opening_the_settings(page)
        page.evaluate(AXE_SCRIPT)
        options = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            settle(page)
            page.set_viewport_size({"width": width, "height": max(height, page.evaluate(FULL_HEIGHT_JS))})
            settle(page)
            for violation in page.evaluate(RUN_JS, ["html", options]):
                found.append(f"{width} px: {violation['id']} ({violation['impact']}): {violation['help']}\n    "
                             + "\n    ".join(violation["nodes"]))
    assert not found, f"{notebook} in {lang}:\n" + "\n".join(found)


def test_a_trainer_s_settings_toggle_says_whether_the_settings_are_open(page, server):
    """The toggle over a trainer's puzzle tells a screen reader whether its settings are shown (``aria-expanded``),
    as it opens and closes them."""
    open_page(page, server, "puzzles/can_knock.ipynb")
    toggle, panel = page.locator(".gt-settings-toggle"), page.locator(".gt-settings").first
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(panel).to_be_hidden()
    toggle.click()
    expect(panel).to_be_visible()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    toggle.click()
    expect(panel).to_be_hidden()
    expect(toggle).to_have_attribute("aria-expanded", "false")
