"""The landing page and the map of the site: every page a learner can reach, and
the bar of links at the top of each page. Every link a page writes carries the
learner (``?profile=``), so moving between pages never drops them."""

from __future__ import annotations

import datetime as dt
import posixpath
from dataclasses import dataclass
from html import escape

import ipywidgets as widgets

from ..errors import GinError
from ..lessons import LESSONS
from .base import View
from .profile import Learner, ProfileBar

HOME = "index.ipynb"


@dataclass(frozen=True)
class Page:
    path: str  # relative to the site root
    title: str
    blurb: str = ""


def lesson_pages() -> list[Page]:
    pages = [Page(f"lessons/{info.file}", f"{number}. {info.title}", info.goal)
             for number, info in sorted(LESSONS.items())]
    return pages + [Page("lessons/glossary.ipynb", "Glossary", "Every word of the game, explained."),
                    Page("lessons/quick_reference.ipynb", "Quick reference", "The rules on one printable page.")]


PUZZLE_PAGES = [
    Page("puzzles/daily.ipynb", "Daily puzzles", "One of each kind, the same for everyone today; and the archive."),
    Page("puzzles/can_knock.ipynb", "Can you knock?", "Yes or no, then the discard."),
    Page("puzzles/best_discard.ipynb", "Best discard", "Which card leaves the least deadwood, now or after a draw."),
    Page("puzzles/profile.ipynb", "Your progress", "Rating, streaks, themes; export or reset."),
]
EXTRA_SECTIONS: list[tuple[str, list[Page]]] = [
    ("Play", [Page("practice/practice.ipynb", "Practice against the computer",
                   "A whole match to the rules you choose, with a coach; take back a move, download your hands.")]),
    ("Example hands", [Page("replays/example_hands.ipynb", "Annotated example hands",
                            "Replay commented deals step by step, ask the solver, or load your own history.")]),
    ("Teaching a class", [
        Page("classroom/teacher.ipynb", "Make a class set", "A set of puzzles named by a short code; worksheets "
                                                            "and answer keys to print."),
        Page("classroom/student.ipynb", "Open a class set", "Type your teacher's code, answer, download your "
                                                            "results."),
        Page("classroom/gradebook.ipynb", "Gradebook", "Everyone's results, and the themes to teach again."),
        Page("classroom/present.ipynb", "Project a lesson", "Large cards, one step at a time."),
    ]),
]
"""Further sections of the landing page (play, replays, class pages), in order."""


def _lesson_path(number: int) -> str:
    return f"lessons/{LESSONS[number].file}"


GLOSSARY = Page("lessons/glossary.ipynb", "Glossary")
QUICK_REFERENCE = Page("lessons/quick_reference.ipynb", "Quick reference")
PAGE_GROUPS = [PUZZLE_PAGES, *(pages for _, pages in EXTRA_SECTIONS)]
"""Pages that link to each other: the puzzle pages, the practice page, the example hands, the class pages."""


def site_pages() -> list[str]:
    """Every page of the site, as paths from its root."""
    return [HOME] + [p.path for p in lesson_pages()] + [p.path for group in PAGE_GROUPS for p in group]


def nav_pages(here: str) -> list[Page]:
    """The pages the bar at the top of ``here`` links to: home, then for a lesson the
    previous and next lessons, the glossary and the quick reference; for the other
    pages, the rest of their group."""
    if here not in site_pages():
        raise GinError(f"{here!r} is not a page of the site")
    home = Page(HOME, "← Home")
    lessons = {_lesson_path(n): n for n in LESSONS}
    if here in lessons:
        number = lessons[here]
        pages = [home]
        if number - 1 in LESSONS:
            pages.append(Page(_lesson_path(number - 1), f"← Previous: {LESSONS[number - 1].title}"))
        if number + 1 in LESSONS:
            pages.append(Page(_lesson_path(number + 1), f"Next: {LESSONS[number + 1].title} →"))
        return pages + [GLOSSARY, QUICK_REFERENCE]
    if here in (GLOSSARY.path, QUICK_REFERENCE.path):
        first = Page(_lesson_path(min(LESSONS)), f"Lesson {min(LESSONS)}: {LESSONS[min(LESSONS)].title}")
        return [home, first] + [p for p in (GLOSSARY, QUICK_REFERENCE) if p.path != here]
    group = next((g for g in PAGE_GROUPS if any(p.path == here for p in g)), [])
    return [home] + [Page(p.path, p.title) for p in group if p.path != here]


def relative(path: str, here: str) -> str:
    """The link from page ``here`` to page ``path`` (both from the site root).

    >>> relative("index.ipynb", "lessons/01_cards_and_melds.ipynb")
    '../index.ipynb'
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


def nav_html(here: str, query: str = "") -> str:
    """The links at the top of a page, each carrying the learner's query string."""
    links = [link_html(p.path, here, p.title, query) for p in nav_pages(here)]
    return f'<nav class="gt-nav">{" · ".join(links)}</nav>'


class NavBar(widgets.HTML):
    """The links at the top (or bottom) of a page, for the page's learner: they follow
    a change of name made anywhere on the page."""

    def __init__(self, here: str, learner: Learner | None = None):
        nav_pages(here)  # an unknown page is refused now, not at the first redraw
        self.here = here
        self.learner = learner or Learner.from_page()
        super().__init__()
        self.add_class("gt-nav-bar")
        self.learner.observe(self.refresh)
        self.refresh()

    def close(self) -> None:
        """Stop following the learner, then close."""
        self.learner.unobserve(self.refresh)
        super().close()

    def refresh(self) -> None:
        self.value = nav_html(self.here, self.learner.query())


def nav(here: str) -> NavBar:
    """A notebook's one line for the links of page ``here`` (its path from the site root)."""
    return NavBar(here)


def links_html(pages: list[Page], query: str = "", *, here: str = HOME) -> str:
    """A list of links from page ``here`` to pages, each carrying the learner's query string."""
    items = "".join(f'<li>{link_html(p.path, here, p.title, query)}'
                    + (f" — {escape(p.blurb)}" if p.blurb else "") + "</li>" for p in pages)
    return f'<ul class="gt-links">{items}</ul>'


class LandingPage(View):
    """The landing page: who is playing, today's puzzles, and links to every lesson
    in order, the puzzle trainers, the replays and the class pages."""

    def __init__(self, learner: Learner | None = None, *, today: dt.date | None = None):
        from .trainer import DailyPage
        self.learner = learner or Learner.from_page()
        self.bar = ProfileBar(self.learner)
        self.daily = DailyPage(today=today, learner=self.learner)
        self.daily.bar.layout.display = "none"  # one name box on the page is enough
        self.daily.date.layout.display = "none"
        self.lessons = widgets.HTML()
        self.puzzles = widgets.HTML()
        self.extras = widgets.HTML()
        super().__init__([self.bar, widgets.HTML("<h2>Learn the game</h2>"), self.lessons,
                          widgets.HTML("<h2>Puzzles</h2>"), self.puzzles, self.extras,
                          widgets.HTML(f"<h2>Today's puzzles ({self.daily.today.isoformat()})</h2>"), self.daily])
        self.add_class("gt-landing")
        self.listen(self.learner, self.refresh)
        self.refresh()

    def refresh(self) -> None:
        query = self.learner.query()
        self.lessons.value = links_html(lesson_pages(), query)
        self.puzzles.value = links_html(PUZZLE_PAGES, query)
        self.extras.value = "".join(f"<h2>{escape(title)}</h2>{links_html(pages, query)}"
                                    for title, pages in EXTRA_SECTIONS)


def landing() -> LandingPage:
    """A notebook's one line for the landing page."""
    return LandingPage()
