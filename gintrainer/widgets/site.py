"""The landing page and the map of the site: every page a learner can reach, the
top of each page (its heading, the language menu and the bar of links), in every
language. Every link a page writes carries the learner (``?profile=``) and their
language (``?lang=``), so moving between pages never drops them.

The lessons (in the learning path's order, :mod:`gintrainer.lessons.path`: the first
hand among them, after lesson 5), the glossary and the quick reference are notebooks
of their own in each language: English in ``lessons/``, the others in
``lessons/<lang>/``; every other page is one notebook that speaks the learner's
language.
"""

from __future__ import annotations

import datetime as dt
import posixpath
import re
from dataclasses import dataclass, replace
from html import escape

from ..app import build_ahead, for_a_class
from ..lessons.path import (
    FIRST_HAND,
    LessonState,
    Step,
    first_unfinished,
    lesson_folder,
    lesson_order,
    lesson_state,
    lesson_steps,
    next_steps,
    page_state,
    unfinished_exercise,
)
from ..lessons.path import step as path_step
from ..lessons.table import FIRST_HAND_GOAL
from ..lessons.table import PAGES as LESSONS  # the lessons' titles, without their definitions
from ..words.errors import GinError
from ..words.language import LANGUAGES, N_, NAMES, current_language, t, tc, tn, with_arrow
from ..words.vocab import PuzzleKind
from . import ui as widgets
from .base import PageLanguage, View
from .profile import Learner, ProfileBar, later_today_words, made_ahead

HOME = "index.ipynb"
REFERENCE_FILES = {"glossary": "glossary.ipynb", "quick_reference": "quick_reference.ipynb"}
"""The reference pages among the lesson notebooks, and their notebooks."""
PAGE_GOALS = {FIRST_HAND: FIRST_HAND_GOAL}
"""The goal of each lesson page without a number (English, marked for the catalog)."""


@dataclass(frozen=True)
class Page:
    path: str  # relative to the site root
    title: str
    blurb: str = ""

    def shown(self) -> Page:
        """The page with its title and blurb in the current language (the tables below
        hold them in English, marked for the catalog)."""
        return replace(self, title=t(self.title), blurb=t(self.blurb) if self.blurb else "")


# -- the lessons in each language (in the learning path's order: lesson_order) -----------

def _is_lesson_page(page: object) -> bool:
    return isinstance(page, int | str) and not isinstance(page, bool) and \
        any(p == page and type(p) is type(page) for p in lesson_order())


def lesson_title(page: int | str) -> str:
    """A lesson page's title in the current language (a numbered lesson's without its number)."""
    return t(LESSONS[page].title) if isinstance(page, int) else t(path_step(page).title_text)


def lesson_path(page: int | str, lang: str = "en") -> str:
    """The path from the site root of a lesson (by number), the first hand, the glossary
    or the quick reference, in a language.

    >>> lesson_path(2), lesson_path("first_hand", "tr"), lesson_path("glossary", "ps")
    ('lessons/02_dealing.ipynb', 'lessons/tr/first_hand.ipynb', 'lessons/ps/glossary.ipynb')
    """
    if _is_lesson_page(page):
        return path_step(page).path_in(lang)
    if isinstance(page, str) and page in REFERENCE_FILES:
        return f"{lesson_folder(lang)}/{REFERENCE_FILES[page]}"
    keys = [p for p in lesson_order() if isinstance(p, str)] + list(REFERENCE_FILES)
    raise GinError(f"no lesson page {page!r}: a lesson number from {min(LESSONS)} to {max(LESSONS)}, "
                   f"or {' or '.join(map(repr, keys))}")


def lesson_of(path: str) -> tuple[int | str, str] | None:
    """The lesson page (number, ``"first_hand"``, ``"glossary"`` or ``"quick_reference"``) and the language
    of a lesson notebook's path; None for a path that is not one."""
    folder, _, name = path.rpartition("/")
    lang = next((lang for lang in LANGUAGES if lesson_folder(lang) == folder), None)
    if lang is None:
        return None
    pages = [*lesson_order(), *REFERENCE_FILES]
    page = next((page for page in pages if lesson_path(page).rpartition("/")[2] == name), None)
    return None if page is None else (page, lang)


def lesson_pages(lang: str = "en") -> list[Page]:
    """A language's lessons in order (the first hand after lesson 5), then its glossary
    and quick reference, with their titles and goals in the current language."""
    pages = []
    for page in lesson_order():
        if isinstance(page, int):
            info = LESSONS[page]
            # Translators: a lesson's link on the landing page: its number, then its title.
            pages.append(Page(lesson_path(page, lang), t("{number}. {title}", number=page, title=t(info.title)),
                              t(info.goal)))
        else:
            pages.append(Page(lesson_path(page, lang), lesson_title(page), t(PAGE_GOALS[page])))
    return pages + [Page(lesson_path("glossary", lang), t("Glossary"), t("Every word of the game, explained.")),
                    Page(lesson_path("quick_reference", lang), t("Quick reference"),
                         t("The rules on one printable page."))]


# -- the other pages --------------------------------------------------------------------

PUZZLE_PAGES = [
    Page("puzzles/daily.ipynb", N_("Daily puzzles"),
         N_("One of each kind, the same for everyone today; and the archive.")),
    Page("puzzles/can_knock.ipynb", N_("Can you knock?"), N_("Yes or no, then the discard.")),
    Page("puzzles/best_discard.ipynb", N_("Best discard"),
         N_("Which card leaves the least deadwood, now or after a draw.")),
    Page("puzzles/take_or_draw.ipynb", N_("Take or draw?"),
         N_("Take the top discard or draw from the stock: which leaves less deadwood?")),
    Page("puzzles/knock_layout.ipynb", N_("Lay out your knock"),
         N_("Both hands shown: the melds that leave you the most points after the defender's lay-offs.")),
    Page("puzzles/defend.ipynb", N_("Defend"),
         N_("The knocker's melds are on the table: lay out yours and lay off for the least deadwood.")),
    Page("puzzles/mistakes.ipynb", N_("Your mistakes"),
         N_("Your own mistakes in practice, made puzzles: solve them again.")),
    Page("puzzles/review.ipynb", N_("Review"),
         N_("The puzzles you missed or solved with hints, and those from your mistakes, each back when it is due.")),
    Page("puzzles/profile.ipynb", N_("Your progress"), N_("Rating, streaks, themes; export or reset.")),
]
EXTRA_SECTIONS: list[tuple[str, list[Page]]] = [
    (N_("Play"), [Page("practice/practice.ipynb", N_("Practice against the computer"),
                       N_("A whole match to the rules you choose, with a coach; take back a move, download your "
                          "hands."))]),
    (N_("Example hands"), [Page("replays/example_hands.ipynb", N_("Annotated example hands"),
                                N_("Replay commented deals step by step, ask the solver, or load your own "
                                   "history."))]),
    (N_("Teaching a class"), [
        Page("classroom/teacher.ipynb", N_("Make a class set"),
             N_("A set of puzzles named by a short code; worksheets and answer keys to print.")),
        Page("classroom/student.ipynb", N_("Open a class set"),
             N_("Type your teacher's code, answer, download your results.")),
        Page("classroom/gradebook.ipynb", N_("Gradebook"),
             N_("Everyone's results, and the themes to teach again.")),
        Page("classroom/present.ipynb", N_("Project a lesson"), N_("Large cards, one step at a time.")),
    ]),
]
"""Further sections of the landing page (play, replays, class pages), in order."""

TEACHER_PAGES = ("classroom/teacher.ipynb", "classroom/gradebook.ipynb")
"""The teacher's pages (making sets and their answer keys, the gradebook): behind the
passphrase when the app is started for a class, and linked then only from each other."""


FOR_TEACHERS = Page(TEACHER_PAGES[0], N_("For teachers"),
                   N_("Make a class set and follow the gradebook: the teacher passphrase is asked once per visit."))
"""The landing page's one link to the teacher's pages when the app is started for a class."""


def linked(pages: list[Page], here: str) -> list[Page]:
    """The pages of a list that page ``here`` links to: all of them, except that when the
    app is started for a class, only the teacher's pages link to the teacher's pages, and
    the landing page to the first of them, as a link for teachers (:data:`FOR_TEACHERS`)."""
    if here in TEACHER_PAGES or not for_a_class():
        return pages
    kept = [p for p in pages if p.path not in TEACHER_PAGES]
    if here == HOME and len(kept) < len(pages):
        kept.append(FOR_TEACHERS)
    return kept


PAGE_GROUPS = [PUZZLE_PAGES, *(pages for _, pages in EXTRA_SECTIONS)]
"""Pages that link to each other: the puzzle pages, the practice page, the example hands, the class pages."""

HEADINGS: dict[str, tuple[str, str]] = {
    HOME: (N_("Gin Rummy trainer"),
           N_("Learn Gin Rummy step by step, then sharpen your play with puzzles checked by an exact solver. New "
              "to the game? Start with lesson 1. Type your name below to keep your progress; the links then open "
              "every page under your name.")),
    "puzzles/daily.ipynb": (N_("Daily puzzles"), N_(
        'One "can you knock?", one "best discard", one "take or draw?", one "lay out your knock" and one "defend" '
        "puzzle, the same for everyone on a UTC date. Earlier days stay in the archive: choose a day.")),
    "puzzles/can_knock.ipynb": (N_("Can you knock?"), N_(
        "You have just drawn your eleventh card. First say whether you can knock; if you can, choose the card to "
        "discard face down. Hints climb from the theme to the key cards to the answer, but a hinted puzzle counts "
        "as seen, not solved. Puzzles you get wrong or solve with hints come back for review when they are due.")),
    "puzzles/best_discard.ipynb": (N_("Best discard"), N_(
        "Which card do you throw? Each puzzle states its goal: the least deadwood now, or the least deadwood "
        "expected after your next draw from the stock. After your answer you see your card's row of the "
        "solver's table and what it cost against the best.")),
    "puzzles/take_or_draw.ipynb": (N_("Take or draw?"), N_(
        "Before your draw: take the top card of the discard pile, or draw from the stock? The answer is the "
        "choice that leaves less deadwood after your best discard, on average over every card you have not "
        "seen. A card taken may not go straight back. After your answer you see both numbers and the card you "
        "would throw after taking.")),
    "puzzles/knock_layout.ipynb": (N_("Lay out your knock"), N_(
        "You knock, and both hands are shown. Pick the cards of a meld and add it, meld by meld; the cards left "
        "are your deadwood, within the knock limit. The answer is the layout that scores the most after the "
        "defender lays off all he can, which is not always the one with the least deadwood. Layouts that score "
        "as much are all right.")),
    "puzzles/defend.ipynb": (N_("Defend"), N_(
        "Your opponent has knocked and laid out. Pick cards of your hand to make your own melds, or to lay one "
        "off on a meld of the knocker's (numbered as on the table; a card can go on a card laid off before it), "
        "then say whether you undercut. Every layout that keeps the least deadwood is right. After your answer "
        "you see the least deadwood, the knocker's and the points.")),
    "puzzles/mistakes.ipynb": (N_("Your mistakes"), N_(
        "Each mistake or blunder in a practice hand you had reviewed becomes a puzzle of its kind when its "
        "position makes a clear one, as the puzzle bank's are checked, posed from what you saw then. Solve them "
        "here or in the trainers, where they come first. The mistakes that do not make a clear puzzle are listed "
        "with the reason.")),
    "puzzles/review.ipynb": (N_("Review"), N_(
        "Every puzzle you missed or solved only with hints, and every puzzle made from your own mistakes, comes "
        "back here when it is due: soon after a miss, days and then months later as you keep solving it. A clean "
        "answer within a minute sends it furthest; a slow or hinted one brings it back sooner. The trainers mix "
        "the reviews due in too.")),
    "puzzles/profile.ipynb": (N_("Your progress"), N_(
        "Your rating, streaks and each theme's record. Export your progress to keep a copy, or start afresh (the "
        "old progress is kept as a backup).")),
    "practice/practice.ipynb": (N_("Practice against the computer"), N_(
        "Play a whole match against a computer player, to the rules you choose: a preset, the variants "
        "(Oklahoma, straight gin, Hollywood, big gin) and the target score. Click a card to select it, then "
        "discard it or knock with it. Choose a coach: in words, it says the best move at each draw and discard and "
        "why (for beginners); or the solver's numbers at each draw and its table before each of your discards; "
        "after each hand, either names the moves that cost you most. Take back a move, download any finished hand "
        "as a replay file for the example-hands page. With your name, the game is saved after every move and resumes "
        "when you come back.")),
    "replays/example_hands.ipynb": (N_("Annotated example hands"), N_(
        "Watch whole deals, one step at a time, with a comment on every decision of the featured player. Show "
        "both hands or one player's view, ask the solver at any step to see the discard table and what the move "
        "played cost, write your own comments for a class and download the history. You can also load a history "
        "file of your own (the format is described in the project's docs/hand-history.md).")),
    "classroom/teacher.ipynb": (N_("Make a class set"), N_(
        "Choose the class, how many puzzles, which kinds, how hard and which themes. The same choices make the "
        "same set on every machine, and the short code names the whole set: give it to your students. Download "
        "the worksheet and the answer key to print them.")),
    "classroom/student.ipynb": (N_("Your class set"), N_(
        "Type the code your teacher gave you and your name (or a nickname), then press Start. Answer each "
        "puzzle, then hand the set in. Each answer reaches your teacher's gradebook as you give it; if the page "
        "says the gradebook cannot be reached, download your results at the end and hand the file to your "
        "teacher.")),
    "classroom/gradebook.ipynb": (N_("Gradebook"), N_(
        "Type the set's code to follow the class as it answers. The table shows every student against every "
        "puzzle, and the chart how the class did on each theme, weakest first: the idea to teach again. Upload "
        "the results files of a class that worked offline: a file that is malformed, for another set, or a "
        "second file from the same student is named and left out.")),
    "classroom/present.ipynb": (N_("Project a lesson"), N_(
        "Large cards and large type, one step at a time: any demonstration of the lessons, or the quick "
        "reference one section at a time.")),
}
"""Each page's heading and the paragraph under it (the lessons' are in their notebooks)."""


def site_pages() -> list[str]:
    """Every page of the site, as paths from its root: the lessons in every language."""
    lessons = [p.path for lang in LANGUAGES for p in _lesson_paths(lang)]
    return [HOME, *lessons] + [p.path for group in PAGE_GROUPS for p in group]


def _lesson_paths(lang: str) -> list[Page]:
    pages: list[int | str] = [*lesson_order(), *REFERENCE_FILES]
    return [Page(lesson_path(page, lang), "") for page in pages]


_NEIGHBOURS = ((-1, N_("Previous: {title}"), "back"), (1, N_("Next: {title}"), "forward"))
"""A lesson's links to the lessons before and after it: the step in the lessons' order,
the link's words and the way its arrow points."""


def nav_pages(here: str) -> list[Page]:
    """The pages the bar at the top of ``here`` links to, titled in the current language:
    home, then for a lesson the previous and next lessons, the glossary and the quick
    reference (in the lesson's language); for the other pages, the rest of their group."""
    if here not in site_pages():
        raise GinError(f"{here!r} is not a page of the site")
    home = Page(HOME, with_arrow(t("Home"), "back"))
    found = lesson_of(here)
    if found is not None:
        page, lang = found
        glossary = Page(lesson_path("glossary", lang), t("Glossary"))
        reference = Page(lesson_path("quick_reference", lang), t("Quick reference"))
        order = lesson_order()
        if page in order:
            at = order.index(page)
            near = [(order[at + step], words, way) for step, words, way in _NEIGHBOURS if 0 <= at + step < len(order)]
            return [home, *(Page(lesson_path(other, lang), with_arrow(t(words, title=lesson_title(other)), way))
                            for other, words, way in near), glossary, reference]
        first = min(LESSONS)
        return [home, Page(lesson_path(first, lang), t("Lesson {number}: {title}", number=first,
                                                         title=t(LESSONS[first].title)))] + \
            [p for p in (glossary, reference) if p.path != here]
    group = next((g for g in PAGE_GROUPS if any(p.path == here for p in g)), [])
    return [home] + [Page(p.path, t(p.title)) for p in linked(group, here) if p.path != here]


def relative(path: str, here: str) -> str:
    """The link from page ``here`` to page ``path`` (both from the site root).

    >>> relative("index.ipynb", "lessons/01_cards_and_melds.ipynb")
    '../index.ipynb'
    >>> relative("index.ipynb", "lessons/tr/01_cards_and_melds.ipynb")
    '../../index.ipynb'
    >>> relative("puzzles/daily.ipynb", "index.ipynb")
    'puzzles/daily.ipynb'
    """
    return posixpath.relpath(path, posixpath.dirname(here) or ".")


def link_html(path: str, here: str, text: str, query: str = "") -> str:
    """A link from page ``here`` to page ``path`` (both from the site root) carrying a
    query string (the learner's, from :meth:`Learner.query`); the text escaped.

    >>> link_html("classroom/student.ipynb", "classroom/teacher.ipynb", "the student page", "?code=X")
    '<a href="student.ipynb?code=X">the student page</a>'
    """
    return f'<a href="{escape(relative(path, here) + query)}">{escape(text)}</a>'


CLASS_PAGES = ("classroom/teacher.ipynb", "classroom/student.ipynb", "classroom/gradebook.ipynb")
"""The pages that read a class set's code from their address (``?code=``)."""


def nav_html(here: str, query: str = "", class_query: str | None = None) -> str:
    """The links at the top of a page, each carrying the learner's query string (a link to a
    class page ``class_query``, with the class code, when given)."""
    links = [link_html(p.path, here, p.title, class_query if class_query is not None and p.path in CLASS_PAGES
                       else query) for p in nav_pages(here)]
    return f'<nav class="gt-nav">{" · ".join(links)}</nav>'


def language_target(here: str, lang: str) -> str:
    """The page a language menu's entry opens: a lesson notebook in that language, or
    the same page (which speaks the language the link asks for)."""
    found = lesson_of(here)
    return here if found is None else lesson_path(found[0], lang)


def language_menu_html(here: str, learner: Learner) -> str:
    """Links to this page in each language (each language named in itself), the page's
    language marked, each link carrying the learner and the class set the page has
    (:meth:`~gintrainer.widgets.profile.Learner.class_params`) and asking for its language."""
    page_language = current_language()
    items = []
    for lang in LANGUAGES:
        name = escape(NAMES[lang])
        if lang == page_language:
            items.append(f'<b lang="{lang}" aria-current="true">{name}</b>')
        else:
            href = escape(relative(language_target(here, lang), here) + learner.query(lang=lang,
                                                                                      **learner.class_params()))
            items.append(f'<a href="{href}" lang="{lang}" hreflang="{lang}">{name}</a>')
    label = escape(tc("menu", "Language"))
    return f'<nav class="gt-lang-menu" aria-label="{label}">{label}: {" · ".join(items)}</nav>'


class _Following(widgets.HTML):
    """An HTML widget that draws itself for the page's learner and follows a change of
    name made anywhere on the page."""

    def __init__(self, here: str, learner: Learner | None = None, css_class: str = ""):
        nav_pages(here)  # an unknown page is refused now, not at the first redraw
        self.here = here
        self.learner = learner or Learner.from_page()
        super().__init__(_dom_classes=(css_class,) if css_class else ())
        self.learner.observe(self.refresh)
        self.refresh()

    def close(self) -> None:
        """Stop following the learner, then close."""
        self.learner.unobserve(self.refresh)
        super().close()

    def refresh(self) -> None:
        """Redraw (subclasses say what)."""


class NavBar(_Following):
    """The links at the top (or bottom) of a page, for the page's learner: they follow
    a change of name made anywhere on the page."""

    def __init__(self, here: str, learner: Learner | None = None):
        super().__init__(here, learner, "gt-nav-bar")

    def refresh(self) -> None:
        self.value = nav_html(self.here, self.learner.query(), self.learner.class_query())


class LanguageMenu(_Following):
    """This page in each language the trainer speaks, for the page's learner."""

    def __init__(self, here: str, learner: Learner | None = None):
        super().__init__(here, learner, "gt-lang-bar")

    def refresh(self) -> None:
        self.value = language_menu_html(self.here, self.learner)


def page_title(here: str) -> str:
    """A page's title in the current language, which the browser's tab shows: a lesson's
    with its number, the glossary's, the quick reference's, the first hand's, or the other
    pages' heading.

    >>> page_title("index.ipynb"), page_title("lessons/04_normal_turn.ipynb"), page_title("puzzles/defend.ipynb")
    ('Gin Rummy trainer', 'Lesson 4: A normal turn', 'Defend')
    """
    found = lesson_of(here)
    if found is None:
        return t(HEADINGS[here][0]) if here in HEADINGS else t(HEADINGS[HOME][0])
    page = found[0]
    if isinstance(page, int):
        return t("Lesson {number}: {title}", number=page, title=t(LESSONS[page].title))
    if page in REFERENCE_FILES:
        return t("Glossary") if page == "glossary" else t("Quick reference")
    return lesson_title(page)


BRIEF_PAGES = frozenset([HOME, "practice/practice.ipynb",
                         *(page.path for page in PUZZLE_PAGES if page.path.startswith("puzzles/")
                           and page.path not in ("puzzles/mistakes.ipynb", "puzzles/profile.ipynb"))])
"""The pages whose task comes first (the trainers, the daily page, the review page's puzzle due, the landing
page with today's puzzle, and the practice page's hand): their introduction is one sentence, the rest on
demand."""

_SENTENCE_END = re.compile(r"(?<=[.!?؟۔])\s+")


def first_sentence(text: str) -> tuple[str, str]:
    """``text``'s first sentence and the rest (empty when it is one sentence).

    >>> first_sentence("Which card do you throw? Each puzzle states its goal.")
    ('Which card do you throw?', 'Each puzzle states its goal.')
    """
    parts = _SENTENCE_END.split(text.strip(), maxsplit=1)
    return parts[0], parts[1] if len(parts) > 1 else ""


def heading_html(here: str) -> str:
    """A page's heading and the paragraph under it, in the current language; on a page whose
    puzzle comes first (:data:`BRIEF_PAGES`) the paragraph's first sentence, the rest opening
    from it."""
    title, intro = HEADINGS[here]
    heading = f'<h1 class="gt-page-title">{escape(t(title))}</h1>'
    first, rest = first_sentence(t(intro))
    if here not in BRIEF_PAGES or not rest:
        return heading + f'<p class="gt-intro">{escape(t(intro))}</p>'
    return (heading + f'<details class="gt-intro gt-brief"><summary>{escape(first)}</summary>'
            f'<p>{escape(rest)}</p></details>')


class PageTop(View):
    """The top of a page: the page's language (on the document, for right-to-left
    languages), the language menu, the links and, for a page that has one, its heading
    and introduction."""

    def __init__(self, here: str, learner: Learner | None = None, *, heading: bool = True):
        self.learner = learner or Learner.from_page()
        self.language = PageLanguage.for_page(page_title(here))
        self.menu = LanguageMenu(here, self.learner)
        self.links = NavBar(here, self.learner)
        self.heading = widgets.HTML(heading_html(here) if heading and here in HEADINGS else "")
        super().__init__([self.language, self.menu, self.heading, self.links], _dom_classes=("gt-page-top",))


def built_ahead(here: str) -> bool:
    """Whether page ``here`` is built ahead of its request in a preheated kernel (a trainer: its top, then its
    trainer, which tells the page who asked: :func:`gintrainer.widgets.trainer.trainer`).

    >>> built_ahead("puzzles/defend.ipynb"), built_ahead("puzzles/daily.ipynb")
    (True, False)
    """
    folder, name = posixpath.split(here)
    return folder == "puzzles" and name.removesuffix(".ipynb") in {str(kind) for kind in PuzzleKind}


def nav(here: str) -> PageTop:
    """A notebook's one line for the top of page ``here`` (its path from the site root):
    its heading, the language menu and the links. A trainer's page is built from here on ahead of its
    request, in a kernel Voila preheated (:func:`gintrainer.app.build_ahead`)."""
    if built_ahead(here):
        build_ahead()
    return made_ahead(PageTop(here), lambda: PageTop(here))


def links_html(pages: list[Page], query: str = "", *, here: str = HOME) -> str:
    """A list of links from page ``here`` to pages (titled as they are shown), each
    carrying the learner's query string."""
    items = "".join(f'<li>{link_html(p.path, here, p.title, query)}'
                    + (f" — {escape(p.blurb)}" if p.blurb else "") + "</li>" for p in pages)
    return f'<ul class="gt-links">{items}</ul>'


_SLOT = "\x00"  # where a link goes in a sentence, after the sentence is escaped


def step_link_html(step: Step, here: str, learner: Learner, lang: str | None = None) -> str:
    """A link from page ``here`` to a step of the learning path, in a language (the
    learner's unless told), carrying the learner."""
    return link_html(step.path_in(lang or learner.language), here, step.title, learner.query())


def _with_link(sentence: str, link: str) -> str:
    return escape(sentence).replace(_SLOT, link)


def part_anchor(kind: str | None) -> str:
    """The name of a part of a lesson's page in an address (``#exercise-pick_meld``): an
    exercise by its kind, or the closing check (``kind`` None).

    >>> part_anchor("pick_meld"), part_anchor(None)
    ('exercise-pick_meld', 'check')
    """
    return "check" if kind is None else f"exercise-{kind}"


def continue_html(learner: Learner, here: str = HOME) -> str:
    """The "continue" button: a link, drawn as a button, to the first step of the learning path the learner has
    not finished (:func:`~gintrainer.lessons.path.first_unfinished`), and in a lesson to the part of it that
    comes next (the exercise or the check, named in the link's address: the page goes there and marks it), that
    part named beside it."""
    progress = learner.progress
    step = first_unfinished(progress)
    anchor, part = "", ""
    if step.lesson is not None and lesson_state(progress, step.lesson) is not LessonState.NOT_STARTED:
        kind = unfinished_exercise(progress, step.lesson)
        anchor = "#" + part_anchor(kind)
        if kind is not None:
            from ..exercises.core import KINDS as EXERCISE_KINDS  # a learner in a lesson: its exercises' titles
            # Translators: beside the "Continue" button to a lesson; {exercise} is an exercise's title.
            part = t("The exercise “{exercise}” comes next.", exercise=t(EXERCISE_KINDS[kind].title))
        else:
            # Translators: beside the "Continue" button to a lesson.
            part = t("The closing check comes next.")
    if step is lesson_steps()[0] and not progress.lessons:
        # Translators: a button; {step} is the first lesson ("Lesson 1: Cards, values and melds").
        words = t("Start here: {step}", step=step.title)
    else:
        # Translators: a button; {step} is a lesson, a puzzle trainer ("Can you knock?") or practice.
        words = t("Continue: {step}", step=step.title)
    href = relative(step.path_in(learner.language), here) + learner.query() + anchor
    beside = f' <span class="gt-continue-part">{escape(part)}</span>' if part else ""
    return f'<div class="gt-continue"><a class="gt-button-link" href="{escape(href)}">{escape(words)}</a>{beside}</div>'


def next_step_html(page: int | str, here: str, learner: Learner) -> str:
    """The end of a step's page: the next step of the learning path, and the steps that
    train what this one taught, each link carrying the learner; from a lesson notebook,
    the lessons in its language (as its bar of links has them)."""
    first, *more = next_steps(page)
    found = lesson_of(here)
    lang = found[1] if found is not None else None
    heading = t("What next?")
    # Translators: at the end of a lesson; {step} is a link to the next lesson or a puzzle trainer.
    lines = [_with_link(t("Next: {step}", step=_SLOT), step_link_html(first, here, learner, lang))]
    if more:
        links = " · ".join(step_link_html(s, here, learner, lang) for s in more)
        # Translators: {pages} are links to puzzle trainers and practice, separated by " · ".
        lines.append(_with_link(t("Train what you learned here: {pages}", pages=_SLOT), links))
    body = "".join(f"<p>{line}</p>" for line in lines)
    return f'<div class="gt-next-step"><h3>{escape(heading)}</h3>{body}</div>'


class LessonEnd(_Following):
    """The end of a lesson page, in one widget: the next step of the learning path and
    what trains the lesson (:func:`next_step_html`), then the page's links again, for
    the page's learner."""

    def __init__(self, page: int | str, here: str, learner: Learner | None = None):
        self.page = page
        super().__init__(here, learner, "gt-nav-bar")

    def refresh(self) -> None:
        self.value = next_step_html(self.page, self.here, self.learner) + nav_html(self.here, self.learner.query())


def state_mark_html(state: LessonState) -> str:
    """A lesson's state drawn as a mark (an empty circle, a half-filled one, a tick, a star), its words for a
    screen reader and as the mark's tooltip."""
    label = escape(state.label)
    return f'<span class="gt-state gt-state-{state.value}" role="img" aria-label="{label}" title="{label}"></span>'


def lessons_html(learner: Learner, here: str = HOME) -> str:
    """The learning path's lessons in order, each with the learner's state in it drawn as a mark
    (:func:`state_mark_html`) and its goal, the one the "continue" button opens marked as the current step;
    then the glossary and the quick reference."""
    progress, query = learner.progress, learner.query()
    states = {lesson_path(page, learner.language): page_state(progress, page) for page in lesson_order()}
    current = first_unfinished(progress).path_in(learner.language)
    steps, references = [], []
    for p in lesson_pages(learner.language):
        blurb = f' <span class="gt-goal">— {escape(p.blurb)}</span>' if p.blurb else ""
        state = states.get(p.path)
        if state is None:
            references.append(f"<li>{link_html(p.path, here, p.title, query)}{blurb}</li>")
            continue
        at = ' class="gt-path-now" aria-current="step"' if p.path == current else ""
        steps.append(f"<li{at}>{state_mark_html(state)}{link_html(p.path, here, p.title, query)}{blurb}</li>")
    heading = t("Learn the game")
    return (f'<h2>{escape(heading)}</h2><ol class="gt-path">{"".join(steps)}</ol>'
            f'<ul class="gt-links">{"".join(references)}</ul>')


def puzzles_html(learner: Learner, here: str = HOME) -> str:
    """The puzzle pages, each trainer with the learner's rating in its kind once they answered one of the kind
    (:meth:`~gintrainer.records.progress.Progress.kind_ratings`; a trainer's notebook is named after its kind)."""
    ratings, query = learner.progress.kind_ratings(), learner.query()
    items = []
    for p in (page.shown() for page in PUZZLE_PAGES):
        kind = posixpath.splitext(posixpath.basename(p.path))[0]
        rating = ""
        if kind in ratings:
            # Translators: beside a puzzle trainer's link on the landing page; {rating} is a whole number.
            words = t("Your rating: {rating}", rating=round(ratings[kind][0].rating))
            rating = f' <span class="gt-kind-rating">{escape(words)}</span>'
        blurb = f" — {escape(p.blurb)}" if p.blurb else ""
        items.append(f"<li>{link_html(p.path, here, p.title, query)}{rating}{blurb}</li>")
    heading = tc("heading", "Puzzles")
    return f'<h2>{escape(heading)}</h2><ul class="gt-links gt-kinds">{"".join(items)}</ul>'


class LandingPage(View):
    """The landing page: its heading, the language menu, who is playing (or the name box asking), the
    "continue" button to the learner's next step and the reviews due, today's puzzles; then the lessons as the
    learning path (in the learner's language, each with the learner's state in it drawn), the puzzle pages with
    the learner's rating in each kind, the replays and the class pages."""

    def __init__(self, learner: Learner | None = None, *, today: dt.date | None = None):
        from .trainer import DailyPage
        self.learner = learner or Learner.from_page()
        self.language = PageLanguage.for_page(page_title(HOME))
        self.menu = LanguageMenu(HOME, self.learner)
        self.heading = widgets.HTML(heading_html(HOME))
        self.bar = ProfileBar(self.learner)
        self.next_step = widgets.HTML()
        """The "continue" button (:func:`continue_html`)."""
        self.reviews = widgets.HTML()
        """How many reviews are due today, and the link to them (:func:`reviews_due_html`)."""
        self.daily = DailyPage(today=today, learner=self.learner, archive=False, bar=False)  # one name box is enough
        self.lessons = widgets.HTML()
        self.puzzles = widgets.HTML()
        self.extras = widgets.HTML()
        today_words = t("Today's puzzles ({date})", date=self.daily.today)
        today_heading = widgets.HTML(f"<h2>{escape(today_words)}</h2>")
        super().__init__([self.language, self.menu, self.heading, self.bar, self.next_step, self.reviews,
                          today_heading, self.daily, self.lessons, self.puzzles, self.extras],
                         _dom_classes=("gt-landing",))
        self.listen(self.learner, self.refresh)
        self.refresh()

    def refresh(self) -> None:
        query = self.learner.query()
        self.next_step.value = continue_html(self.learner)
        self.reviews.value = reviews_due_html(self.learner)
        self.lessons.value = lessons_html(self.learner)
        self.puzzles.value = puzzles_html(self.learner)
        self.extras.value = "".join(f"<h2>{escape(heading)}</h2>{links_html([p.shown() for p in pages], query)}"
                                    for heading, pages in ((t(title), linked(pages, HOME))
                                                           for title, pages in EXTRA_SECTIONS))


REVIEW = "puzzles/review.ipynb"


def reviews_due_html(learner: Learner, here: str = HOME, now: dt.datetime | None = None) -> str:
    """The landing page's line on the review deck: how many puzzles are due now and a link to the review page,
    then, on a line of its own, how many later today (UTC, with the time of the first), as the profile and the
    review page count them."""
    due = learner.progress.deck.due_today(now or dt.datetime.now(dt.UTC))
    link = link_html(REVIEW, here, tc("link", "Review"), learner.query())
    if due.now:
        # Translators: {link} is a link to the review page ("Review").
        sentence = tn("{n} review is due now: {link}", "{n} reviews are due now: {link}", due.now, link=_SLOT)
    elif due.later:
        sentence = t("No review is due now: {link}", link=_SLOT)
    else:
        sentence = t("No review is due today: {link}", link=_SLOT)
    later = later_today_words(due)  # on a line of its own: the sentence before it ends with the link, no stop
    later = f"<br>{escape(later)}" if later else ""
    return f'<p class="gt-reviews-due">{_with_link(sentence, link)}{later}</p>'


def landing() -> LandingPage:
    """A notebook's one line for the landing page."""
    return LandingPage()


def prepare_ahead(page: str) -> None:
    """What the landing page reads whoever asks, read ahead in a prepared kernel
    (:func:`gintrainer.preparing.warm_up`): the ids of today's puzzles, which its daily part marks answered, as
    the daily page's kernel makes them (:func:`gintrainer.widgets.trainer.prepare_ahead`)."""
    if page == HOME:
        from .trainer import prepare_ahead as trainer_ahead
        trainer_ahead("puzzles/daily.ipynb")
