"""What a lesson notebook calls: one line per widget, each a section of the lesson's
definition (:mod:`gintrainer.lessons`) named as the definition names it.

>>> from gintrainer.widgets import lesson
>>> lesson.demo("layoff").steps.count
15
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as widgets

from ..errors import GinError
from ..lessons import LESSONS, checks
from ..lessons import demo as demo_info
from ..lessons import example as example_info
from ..reference import glossary_html, quick_reference_html
from .base import Change, SettingsBar, View, guarded, settings
from .cards import HandView
from .exercise import CheckView, ExerciseView, RulesComparison
from .profile import Learner
from .site import NavBar
from .stepper import Stepper

if TYPE_CHECKING:
    from IPython.display import HTML

REFERENCE_PAGES = {"glossary": "lessons/glossary.ipynb", "quick_reference": "lessons/quick_reference.ipynb"}


def page_path(page: int | str) -> str:
    """The path from the site root of a lesson (by number), the glossary or the quick reference."""
    if isinstance(page, int) and not isinstance(page, bool) and page in LESSONS:
        return f"lessons/{LESSONS[page].file}"
    if page in REFERENCE_PAGES:
        return REFERENCE_PAGES[page]
    raise GinError(f"no lesson page {page!r}: a lesson number from {min(LESSONS)} to {max(LESSONS)}, "
                   f"or {' or '.join(map(repr, REFERENCE_PAGES))}")


class LessonToolbar(View):
    """The top of a lesson: the links (carrying the learner) and the card settings. The
    four-colour deck starts as the learner's profile has it, and a change is kept there."""

    def __init__(self, page: int | str, learner: Learner | None = None):
        self.learner = learner or Learner.from_page()
        self.links = NavBar(page_path(page), self.learner)
        self.settings_bar = SettingsBar()
        super().__init__([self.links, self.settings_bar])
        self.add_class("gt-lesson-toolbar")
        self.settings_bar.four_colour.observe(self._on_four_colour, names="value")

    @guarded
    def _on_four_colour(self, change: Change) -> None:
        if change["new"] != self.learner.progress.settings.four_colour:
            self.learner.set_four_colour(change["new"])


def toolbar(page: int | str | None = None) -> widgets.Widget:
    """The links of a lesson page and its card settings: the size (large for a projector) and
    the four-colour deck, for every view. Without a page, the settings alone."""
    return SettingsBar() if page is None else LessonToolbar(page)


def nav(page: int | str) -> NavBar:
    """The links of a lesson page again (for the bottom of the page)."""
    return NavBar(page_path(page))


def demo(name: str) -> Stepper:
    """A lesson's demonstration, by its name, one step at a time."""
    return Stepper(demo_info(name).steps())


def example(name: str) -> HandView:
    """A lesson's example hand, by its name: sort it by melds, suit or rank."""
    info = example_info(name)
    return HandView(info.cards, title=info.title)


def exercise(kind: str, seed: int = 0) -> ExerciseView:
    """An exercise of a kind, starting at a seed ("New position" moves on)."""
    return ExerciseView(kind, seed)


def check(number: int) -> CheckView:
    """The short check at the end of a lesson."""
    return CheckView(checks(number), title=f"Check: lesson {number}, {LESSONS[number].title.lower()}")


def comparison(seed: int = 0) -> RulesComparison:
    """The same hand scored under each preset and variant (lesson 9)."""
    return RulesComparison(seed)


def glossary() -> HTML:
    """The glossary as a static HTML output (prints well)."""
    from IPython.display import HTML

    from ..drawing import style_block
    return HTML(style_block() + glossary_html(four_colour=settings.four_colour))


def quick_reference() -> HTML:
    """The one-page quick reference as a static HTML output (prints well)."""
    from IPython.display import HTML

    from ..drawing import style_block
    return HTML(style_block() + quick_reference_html(four_colour=settings.four_colour))
