"""Every page of the app at a desktop width (1280 px) and a phone width (390 px), in
Chromium against one Voila server (the English pages without steps in the pseudo-language's
test, in its page loads: :data:`IN_THE_PSEUDO_LANGUAGE`; the English trainers and daily page
in the first-screen test's: :data:`ON_THE_FIRST_SCREEN`): no button's, toggle button's or label's text is
cut off, every dropdown shows a value that fits, and every link looks like a link;
each page's tab is titled in the page's language (a translated lesson's from its
folder, the others' from ``?lang=``), never with its file's name; no control has a
tooltip that says "null" (ipywidgets' toggle button and file upload views write a
missing tooltip into the title attribute as that word: :data:`TITLED` names the
controls once seen so, each looked for on its page); on a phone every solver's table
shown fits the window, none of its columns off screen (the best discard trainer's in
English, the "can you knock?" trainer's in Kurmanji, the daily page's in Pashto, a
replay's), and every card of the practice page's table lies in the window (in Pashto
too, with five cards known in the opponent's hand); and no page asks anything
of another host.

Each page is loaded once in one browser context; it is measured at 1280 px, then
the window is narrowed to 390 px and measured again (the widgets reflow, as on a
phone). Pages whose buttons show only in some states (the practice page's layout
row, the new-match question, the teacher's downloads, a student's follow-up set, a puzzle's solver's table) are
brought to those states first."""

import re
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

from conftest import LOCAL_HOSTS, ROOT, ConsoleWatch, open_page, settle
from decks import stacked_deck
from gintrainer import Match, Rules
from gintrainer.classroom import ClassSet
from gintrainer.classroom.roster import read_roster
from gintrainer.classroom.store import open_store
from gintrainer.lessons.path import lesson_order
from gintrainer.puzzles import bank
from gintrainer.records.profiles import record_attempt
from gintrainer.trainers.practice import PracticeGame
from gintrainer.widgets.site import REFERENCE_FILES, page_title
from gintrainer.words.language import PSEUDO, in_language, t, tc
from i18n import pseudo_language

pytestmark = pytest.mark.browser

WIDTHS = (1280, 390)
TITLED = {"puzzles/best_discard.ipynb": "Show the solver's table", "replays/example_hands.ipynb": "Load a history file",
          "classroom/gradebook.ipynb": "Upload results files"}
"""The controls once seen with a "null" tooltip, by the page that shows them (in English, on opening)."""

# Measured in the page: a list of what is wrong, each naming the element by its text.
PROBLEMS_JS = """() => {
  const problems = [];
  const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const name = e => (e.innerText || e.getAttribute('title') || '').trim().replace(/\\s+/g, ' ').slice(0, 60);
  for (const e of document.querySelectorAll(
      'button, .widget-label, .widget-label-basic, .jupyter-widget-label, .jupyter-widget-label-basic')) {
    if (!shown(e) || !name(e)) continue;
    if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
      problems.push(`text cut off: "${name(e)}" needs ${e.scrollWidth}x${e.scrollHeight} px, ` +
                    `has ${e.clientWidth}x${e.clientHeight}`);
  }
  const ruler = document.createElement('canvas').getContext('2d');
  for (const s of document.querySelectorAll('select:not([multiple])')) {
    if (!shown(s)) continue;
    const label = s.closest('.widget-inline-hbox');
    const what = label ? name(label.querySelector('.widget-label') || label) : 'a dropdown';
    const text = s.selectedIndex >= 0 ? s.options[s.selectedIndex].text.trim() : '';
    if (!text) { problems.push(`dropdown "${what}" shows no value`); continue; }
    const style = getComputedStyle(s);
    ruler.font = style.font;
    const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (ruler.measureText(text).width > room + 1)
      problems.push(`dropdown "${what}": "${text}" is cut off (${Math.round(room)} px)`);
  }
  for (const a of document.querySelectorAll('a[href]')) {
    if (!shown(a) || !name(a)) continue;
    const style = getComputedStyle(a), around = getComputedStyle(a.parentElement);
    if (style.color === around.color && !style.textDecorationLine.includes('underline'))
      problems.push(`link "${name(a)}" looks like plain text (${style.color}, not underlined)`);
  }
  for (const e of document.querySelectorAll('[title="null"]'))
    problems.push(`a tooltip that says null: ${e.outerHTML.slice(0, 160)}`);
  return problems;
}"""

# Each solver's table shown (a puzzle's, the coach's, a replay's): whether its box scrolls sideways, and each of
# its columns drawn outside the window (named by its head, with the first such row's card). On a phone the table
# fits whole: the note marking the answer and the learner's card, its last column, was once off screen.
SOLVER_TABLES_JS = """() => {
  const problems = [], width = document.documentElement.clientWidth;
  const text = e => e ? e.innerText.trim().replace(/\\s+/g, ' ') : '';
  for (const table of document.querySelectorAll('table.gt-solver')) {
    if (!table.getClientRects().length) continue;
    if (table.scrollWidth > table.clientWidth + 1)
      problems.push(`a solver's table scrolls sideways: ${table.scrollWidth} px in ${table.clientWidth}`);
    const heads = table.tHead ? [...table.tHead.rows[0].cells].map(text) : [], out = new Map();
    for (const row of table.tBodies[0] ? table.tBodies[0].rows : []) {
      for (const [i, cell] of [...row.cells].entries()) {
        const box = cell.getBoundingClientRect();
        if ((box.left < -1 || box.right > width + 1) && !out.has(i))
          out.set(i, `the solver's table's column "${heads[i] || i + 1}" (row ${text(row.cells[0])}) at ` +
                     `${Math.round(box.left)}-${Math.round(box.right)} px of a ${width} px window`);
      }
    }
    problems.push(...out.values());
  }
  return problems;
}"""

# The practice page's game table: each of its cards drawn outside the window. On a phone the cards known in
# the opponent's hand once sat in one row with its face-down cards, off the window's edge.
TABLE_JS = """() => {
  const width = document.documentElement.clientWidth;
  return [...document.querySelectorAll('.gt-table .gt-card')].filter(card => card.getClientRects().length)
    .map(card => [card, card.getBoundingClientRect()]).filter(([, box]) => box.left < -1 || box.right > width + 1)
    .map(([card, box]) => `a card of the table (${card.getAttribute('aria-label') || card.innerText.trim()}) at ` +
                          `${Math.round(box.left)}-${Math.round(box.right)} px of a ${width} px window`);
}"""

# The learner (seat 0, non-dealer) may take the A♦ upcard and knock with 5♦.
KNOCK_DEAL = stacked_deck("2C 3C 4C 7H 7S 7D JS QS KS 5D", "8C 9C TD JD 2H 4H 6S 8S KD QH", "AD")
CLASS = ClassSet("Layout class", count=2)
ROSTER_CLASS = ClassSet("Layout roster class", count=2)
"""A set whose roster is loaded: its student page offers the roster's names."""


TAKEN_FIVE = ("take", "discard 2C", "draw", "discard 3C", "draw", "discard 4C", "draw", "discard 7H", "draw",
              "discard 7S", "draw")
"""The learner's moves after which the computer has taken five of the learner's discards (2♣ 3♣ 4♣ 7♥ 7♠), the
learner to discard: the opponent's row shows five cards face up and five face down."""


def practice_game(name: str, moves) -> None:
    """A saved practice game for ``name`` after the learner's ``moves`` (the laying out done by the engine)."""
    game = PracticeGame(match=Match(Rules(), seed="layout", first_dealer=1, deck=KNOCK_DEAL), opponent="naive",
                        owner=name)
    for move in moves:
        if move == "lay out":
            game.lay_out()
            game.let_computer_play()
        else:
            game.play(move)
    game.save()


def click(name):
    """A step that clicks the button of that name."""
    def step(page):
        page.get_by_role("button", name=name, exact=True).click()
    step.__name__ = f'clicking "{name}"'
    return step


def making_a_set(page):
    page.get_by_placeholder("e.g. Year 9, Tuesday").fill(CLASS.name)
    page.get_by_label("Puzzles:").fill(str(CLASS.count))
    page.get_by_role("button", name="Make the set").click()
    expect(page.locator(".gt-code")).to_have_text(CLASS.code, timeout=60_000)


def answering_a_puzzle(page):
    page.get_by_role("button", name="Start").click()
    page.locator(".gt-puzzle").get_by_role("button", name="No, I cannot knock", exact=True).click()
    page.get_by_role("button", name="Hand in the set").click()
    page.get_by_role("button", name=re.compile("Hand in with")).click()
    expect(page.get_by_role("link", name=re.compile("Download your results"))).to_be_visible()


def making_a_follow_up_set(page):
    """The student's follow-up set made from the gradebook (the student page answered a puzzle wrong first)."""
    expect(page.locator(".gb-grid [data-cell]").first).to_be_visible()
    page.locator(".gt-follow-ups button").first.click()
    expect(page.locator(".gt-follow-up-code")).to_be_visible(timeout=60_000)


def opening_the_settings(page):
    """A puzzle page's settings opened from the bar over its puzzle (the name box, the difficulty, the theme
    filter or the day), and a trainer's theme legend opened from under its filter."""
    page.locator(".gt-settings-toggle").first.click()
    expect(page.locator(".gt-settings").first).to_be_visible()
    legend = page.locator(".gt-theme-help summary")
    if legend.count():
        legend.first.click()
        expect(page.locator(".gt-theme-help li").first).to_be_visible()


def showing_the_solver_table(lang: str, *, knock: bool):
    """A step that answers the page's first puzzle ("No, I cannot knock" if ``knock`` asks, else its answer
    discarded: the page serves a puzzle at random, and its first card may be the one just taken from the discard
    pile, which the rules refuse) and shows the solver's table, in the page's language."""
    with in_language(lang):
        cannot, discard = tc("button", "No, I cannot knock"), tc("button", "Discard the selected card")
        show = tc("button", "Show the solver's table")

    def step(page):
        view = page.locator(".gt-puzzle").first
        if knock:
            view.get_by_role("button", name=cannot, exact=True).click()
        else:
            expect(page).to_have_url(re.compile(r"[?&]puzzle="))  # the puzzle open, kept in the page's address
            puzzle_id = parse_qs(urlparse(page.url).query)["puzzle"][0]
            puzzle = next(p for p in bank("best_discard") if p.id == puzzle_id)
            view.get_by_role("button", name=str(puzzle.answer[0]), exact=True).click()
            view.get_by_role("button", name=discard, exact=True).click()
        view.get_by_role("button", name=show, exact=True).click()
        expect(view.locator("table.gt-solver")).to_be_visible()
    step.__name__ = "showing the solver's table"
    return step


def choosing_the_hardest(page):
    """The trainer's hardest difficulty (its longest label in Kurmanji), where too few puzzles are rated near
    the target and the page says so."""
    page.locator(".gt-trainer select").first.select_option(index=4)
    expect(page.locator(".gt-few-near")).to_be_visible()


LESSON_PAGES = sorted(f"lessons/{path.name}" for path in (ROOT / "lessons").glob("*.ipynb"))
TRANSLATED_LESSONS = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "lessons").glob("*/*.ipynb")
                            if not path.parent.name.startswith("."))
PAGES = [
    # English pages without steps are measured in the pseudo-language (tests/browser/test_languages.py): the
    # same page, each text of it the English one between marks, so wider (see ``in_the_pseudo_language``)
    ("index.ipynb", "lang=ps", ()),
    ("index.ipynb", "lang=tr", ()),
    ("index.ipynb", "lang=ku", ()),  # the longest name box placeholder
    ("index.ipynb", "profile=LayoutReview&lang=ku", ()),  # a rating in a kind of puzzle, a review due
    *[(path, "", ()) for path in TRANSLATED_LESSONS],  # longer words, and Pashto right to left
    ("practice/practice.ipynb", "lang=tr", ()),
    ("puzzles/daily.ipynb", "lang=ps", (opening_the_settings, showing_the_solver_table("ps", knock=True))),
    ("puzzles/can_knock.ipynb", "lang=ku", (opening_the_settings, showing_the_solver_table("ku", knock=True))),
    ("classroom/teacher.ipynb", "lang=tr", ()),
    ("practice/practice.ipynb", "profile=LayoutDiscard&lang=ps", ()),  # five cards known in the opponent's hand
    ("practice/practice.ipynb", "profile=LayoutKnock", ()),
    ("practice/practice.ipynb", "profile=LayoutDone", (click("Start a new match"),)),
    ("puzzles/take_or_draw.ipynb", "lang=ps", (opening_the_settings,)),
    ("puzzles/take_or_draw.ipynb", "lang=ku", (opening_the_settings, choosing_the_hardest)),
    ("puzzles/knock_layout.ipynb", "lang=ps", (opening_the_settings,)),
    ("puzzles/defend.ipynb", "lang=ps", (opening_the_settings,)),
    ("puzzles/mistakes.ipynb", "lang=ps", ()),
    ("puzzles/review.ipynb", "profile=LayoutReview&lang=ps", ()),
    ("puzzles/profile.ipynb", "profile=Layout", (click("Export my progress"), click("Reset my progress…"))),
    ("replays/example_hands.ipynb", "", (click("Ask the solver"),)),
    ("classroom/teacher.ipynb", "", (making_a_set,)),
    ("classroom/student.ipynb", f"code={CLASS.code}&profile=Layout", (answering_a_puzzle,)),
    ("classroom/student.ipynb", f"code={ROSTER_CLASS.code}&lang=ps", ()),
    ("classroom/gradebook.ipynb", "", ()),
    # after the student page's answer (a miss: the first puzzle can knock): the class grid and a follow-up set
    ("classroom/gradebook.ipynb", f"code={CLASS.code}&lang=ps", (making_a_follow_up_set,)),
    ("classroom/gradebook.ipynb", f"code={ROSTER_CLASS.code}&lang=ps", ()),  # the exports, right to left
]
ON_THE_FIRST_SCREEN = {
    "puzzles/daily.ipynb": (opening_the_settings,),
    "puzzles/can_knock.ipynb": (opening_the_settings,),
    "puzzles/best_discard.ipynb": (opening_the_settings, showing_the_solver_table("en", knock=False)),
    "puzzles/take_or_draw.ipynb": (opening_the_settings,),
    "puzzles/knock_layout.ipynb": (opening_the_settings,),
    "puzzles/defend.ipynb": (opening_the_settings,),
}
"""The English trainers and daily page, each measured with its steps in the page load of the first-screen test
(tests/browser/test_puzzle_first.py), after its own measures."""
IN_THE_PSEUDO_LANGUAGE = ("index.ipynb", *LESSON_PAGES, "practice/practice.ipynb", "classroom/present.ipynb")
"""The English pages measured, on opening, in the pseudo-language's test (tests/browser/test_languages.py): each
of their texts there is the English text between ⟦ and ⟧, wider, so that what fits there fits in English."""


def test_every_page_of_the_app_is_measured():
    from test_languages import PSEUDO_PAGES
    from test_puzzle_first import PAGES as FIRST
    served = {path.relative_to(ROOT).as_posix() for path in ROOT.glob("**/*.ipynb")
              if not any(part.startswith(".") or part in ("tests", "build") for part in path.parts)}
    assert served == {path for path, _, _ in PAGES} | set(IN_THE_PSEUDO_LANGUAGE) | set(ON_THE_FIRST_SCREEN)
    assert {(path, "") for path in ON_THE_FIRST_SCREEN} <= {(f"puzzles/{name}.ipynb", query) for name, query in FIRST}
    assert set(IN_THE_PSEUDO_LANGUAGE) <= set(PSEUDO_PAGES)
    assert len(LESSON_PAGES) == len(lesson_order()) + len(REFERENCE_FILES)  # the lessons' pages and the references


def elsewhere(url: str) -> bool:
    """A request over the network to a host other than this machine."""
    parts = urlparse(url)
    return parts.scheme in ("http", "https", "ws", "wss") and parts.hostname not in LOCAL_HOSTS


@pytest.fixture(scope="module")
def tab(browser, browser_context_args):
    """One browser tab for every page of this file."""
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    watch = ConsoleWatch(page)
    page.on("request", lambda request: watch.problems.append(f"a request to another host: {request.url}")
            if elsewhere(request.url) else None)
    yield page, watch
    context.close()


@pytest.fixture(scope="module", autouse=True)
def saved_games(server):
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GINTRAINER_DATA", str(server.data))
        practice_game("LayoutDiscard", TAKEN_FIVE)
        practice_game("LayoutKnock", ["take", "knock 5D"])
        practice_game("LayoutDone", ["take", "knock 5D", "lay out"])
        missed = next(p for p in bank("can_knock") if not p.can_knock)  # a review due: the page shows it
        record_attempt("LayoutReview", missed, "failed", answer="yes", hints=0,
                       at=datetime.now(UTC) - timedelta(hours=1))
        open_store().set_roster(ROSTER_CLASS.code, read_roster(
            "name,email\nزرلښته,zarlasht@school.example\nMaximilian-Alexander Oberhauser-Lindqvi,max@school.example\n"))


def language_of(notebook: str, query: str) -> str:
    """The language a page speaks: ``?lang=``, else a translated lesson's folder, else English."""
    asked = parse_qs(query).get("lang")
    if asked:
        return asked[0]
    parts = notebook.split("/")
    return parts[1] if parts[0] == "lessons" and len(parts) == 3 else "en"


def expect_title(page, notebook: str, lang: str) -> None:
    """The tab's title is the page's title in its language (another language's words than the English one; the
    pseudo-language's, :data:`~gintrainer.words.language.PSEUDO`, too)."""
    with pseudo_language() if lang == PSEUDO else in_language(lang):
        wanted = page_title(notebook)
    with in_language("en"):
        english = page_title(notebook)
    assert wanted and (wanted == english) == (lang == "en"), (notebook, lang, wanted)
    expect(page).to_have_title(wanted, timeout=30_000)
    assert notebook.rpartition("/")[2].removesuffix(".ipynb") not in page.title()


# Each name box shown: the room its input has for its placeholder, and the width the placeholder needs in the
# input's font and in DejaVu Sans at its size (Debian's sans-serif where no Arial-like font is installed, wider
# than the tests' Liberation Sans: 13% in Kurmanji).
NAME_BOXES_JS = """() => [...document.querySelectorAll('.gt-name-box input')].filter(box => box.offsetParent)
  .map(box => {
    const style = getComputedStyle(box), ruler = document.createElement('canvas').getContext('2d');
    const needs = [style.font, `${style.fontSize} "DejaVu Sans"`].map(font => {
      ruler.font = font;
      return ruler.measureText(box.placeholder).width;
    });
    return {placeholder: box.placeholder, needs: Math.max(...needs),
            room: box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)};
  })"""
NAME_BOX_PAGES = ("index.ipynb", "puzzles/can_knock.ipynb")
"""Pages whose name box the check must find shown on a phone (the landing page's, and a trainer's in its settings,
opened: the practice page's is the same settings line)."""


def test_the_name_box_is_measured_in_the_longest_placeholder_and_right_to_left():
    """The phone check of the name box's placeholder ("Type or pick your name") meets it in Kurmanji, the longest
    of the Latin-script languages' (30 characters, where English has 22 and Turkish 19), and in Pashto, on the
    landing page and a trainer."""
    lengths = {}
    for code in ("en", "tr", "ku"):
        with in_language(code):
            lengths[code] = len(t("Type or pick your name"))
    assert max(lengths, key=lambda code: lengths[code]) == "ku"
    for lang in ("ku", "ps"):
        assert {("index.ipynb", f"lang={lang}"), ("puzzles/can_knock.ipynb" if lang == "ku" else "puzzles/daily.ipynb",
                 f"lang={lang}")} <= {(path, query) for path, query, _ in PAGES}


def layout_problems(page, notebook: str, steps=()) -> list[str]:
    """What is wrong with the page opened in ``page`` (``notebook``'s), measured at each of :data:`WIDTHS` on
    opening and after each of ``steps`` (each taken at the desktop width): text cut off, a dropdown's value cut
    off or missing, a link that looks like plain text, a "null" tooltip; on a phone a solver's table, a game's
    table or a name box's placeholder not whole; and any status line (a page's error). The pseudo-language test
    measures its pages with it too (tests/browser/test_languages.py)."""
    problems = []
    for step in (None, *steps):
        if step is not None:
            page.set_viewport_size({"width": WIDTHS[0], "height": 900})
            step(page)
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            settle(page)
            state = "on opening" if step is None else f"after {step.__name__}"
            problems += [f"{width} px, {state}: {p}" for p in page.evaluate(PROBLEMS_JS)]
            if width == WIDTHS[1]:  # a phone: every solver's table whole, the name box's placeholder whole
                problems += [f"{width} px, {state}: {p}" for p in page.evaluate(SOLVER_TABLES_JS)]
                if notebook.startswith("practice/"):  # a game's table whole
                    problems += [f"{width} px, {state}: {p}" for p in page.evaluate(TABLE_JS)]
                boxes = page.evaluate(NAME_BOXES_JS)
                problems += [f"{width} px, {state}: the name box's \"{box['placeholder']}\" needs "
                             f"{box['needs']:.1f} px, has {box['room']:.1f}" for box in boxes
                             if box["needs"] > box["room"]]
                if notebook in NAME_BOX_PAGES and step is (steps[-1] if steps else None):
                    assert boxes, f"no name box shown {state}"
    problems += [f"a status line: {text}" for text in page.locator(".gt-status").all_inner_texts()]
    return problems


@pytest.mark.parametrize("notebook, query, steps", PAGES,
                         ids=[f"{path}?{query}" if query else path for path, query, _ in PAGES])
def test_no_text_is_cut_off_and_every_dropdown_shows_a_value(tab, server, notebook, query, steps):
    page, console = tab
    console.problems.clear()
    page.set_viewport_size({"width": WIDTHS[0], "height": 900})
    open_page(page, server, notebook, query)
    expect_title(page, notebook, language_of(notebook, query))
    settle(page)
    if notebook in TITLED and not query:
        control = page.locator("button", has_text=TITLED[notebook]).first
        expect(control).to_be_attached()
        assert control.get_attribute("title") != "null", TITLED[notebook]
    problems = layout_problems(page, notebook, steps)
    assert not problems, "\n".join(problems)
    assert not console.problems, "\n".join(console.problems)


def test_the_practice_page_shows_its_layout_buttons_whole(tab, server):
    """The buttons named in the issue, seen whole: the layout row after a knock."""
    page, _ = tab
    page.set_viewport_size({"width": WIDTHS[1], "height": 900})
    open_page(page, server, "practice/practice.ipynb", "profile=LayoutKnock")
    settle(page)
    for label in ("Meld the selected cards", "Lay off the selected card", "Done laying out", "Lay out for me"):
        button = page.get_by_role("button", name=label, exact=True)
        expect(button).to_be_visible()
        assert button.evaluate("b => b.scrollWidth <= b.clientWidth && b.innerText.trim()") == label
