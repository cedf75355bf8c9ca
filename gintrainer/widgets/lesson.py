"""What a lesson notebook calls: one line per widget, each a section of the lesson's
definition (:mod:`gintrainer.lessons`) named as the definition names it.

>>> from gintrainer.widgets import lesson
>>> lesson.demo("layoff").steps.count
15
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from ..app import build_ahead
from ..lessons import LESSONS, checks
from ..lessons import demo as demo_info
from ..lessons import example as example_info
from ..lessons.path import lesson_of_exercise
from ..material.reference import glossary_html, quick_reference_html
from ..words.language import LANGUAGES, NAMES, PSEUDO, check_language, current_language, t, use_language
from . import ui as widgets
from .base import Change, PageLanguage, SettingsBar, View, guarded, settings
from .cards import HandView
from .exercise import CheckView, ExerciseView, RulesComparison
from .profile import Learner, tell_who_asks
from .site import (
    REFERENCE_FILES,
    LessonEnd,
    NavBar,
    language_menu_html,
    lesson_path,
    link_html,
    nav_html,
    page_title,
    part_anchor,
)
from .stepper import Stepper

if TYPE_CHECKING:
    from IPython.display import HTML

    from .first_hand import FirstHandPage

def page_path(page: int | str, lang: str | None = None) -> str:
    """The path from the site root of a lesson (by number), the glossary or the quick
    reference, in a language (English by default)."""
    return lesson_path(page, lang or "en")


def notebook_language(learner: Learner, lang: str | None) -> str:
    """The language a lesson notebook's page speaks: the notebook's own (``lang``, English
    when None); an English notebook speaks the tests' pseudo-language too, which has no
    notebooks of its own."""
    if lang is None:
        return PSEUDO if learner.language == PSEUDO else "en"
    return check_language(lang)


def speak_notebook_language(learner: Learner, lang: str | None) -> None:
    """Make the process speak a lesson notebook's language (see :func:`notebook_language`),
    before anything of the page is drawn; opening a translated notebook without ``?lang=``
    chooses its language for the learner."""
    if lang is not None and learner.asked is None:
        learner.language = check_language(lang)
    use_language(notebook_language(learner, lang))


class LessonLinks(NavBar):
    """The links at the top of a lesson notebook's page, in one widget (they are redrawn
    together): the language menu, a link to the notebook in the learner's language when
    this one is in another, and the links to the other pages, each carrying the learner
    and following a change of name made anywhere on the page."""

    def __init__(self, page: int | str, here: str, learner: Learner):
        self.page = page
        self.menu, self.other, self.links = "", "", ""
        super().__init__(here, learner)

    def refresh(self) -> None:
        self.menu = f'<div class="gt-lang-bar">{language_menu_html(self.here, self.learner)}</div>'
        self.other = self._other_html()
        self.links = nav_html(self.here, self.learner.query())
        self.value = self.menu + self.other + self.links

    def _other_html(self) -> str:
        wanted = self.learner.language
        if wanted not in LANGUAGES or wanted == current_language():
            return ""
        link = link_html(page_path(self.page, wanted), self.here, NAMES[wanted], self.learner.query())
        label = t("This page in your language:")
        return f'<div class="gt-notice gt-other-language">{escape(label)} <span lang="{wanted}">{link}</span></div>'


class LessonTop(View):
    """What a lesson notebook's page shows first: the page's language on the document,
    then its :class:`LessonLinks` (the language menu, a link to the notebook in the
    learner's language when this one is in another, and the links)."""

    def __init__(self, page: int | str, learner: Learner | None = None, *, lang: str | None = None,
                 tools: Sequence[widgets.Widget] = (), css_class: str = "gt-lesson-top"):
        self.learner = learner or Learner.from_page()
        here = page_path(page, lang)
        speak_notebook_language(self.learner, lang)
        self.language = PageLanguage.for_page(page_title(here))
        self.top_links = LessonLinks(page, here, self.learner)
        super().__init__([self.language, self.top_links, *tools], _dom_classes=(css_class,))


class LessonToolbar(LessonTop):
    """The top of a lesson: the links (carrying the learner) and the card settings. The
    four-colour deck starts as the learner's profile has it, and a change is kept there."""

    def __init__(self, page: int | str, learner: Learner | None = None, *, lang: str | None = None):
        learner = learner or Learner.from_page()
        speak_notebook_language(learner, lang)  # the settings bar below is drawn in it
        learner.when_told(lambda told: speak_notebook_language(told, lang))  # built ahead: the notebook's still
        self.settings_bar = SettingsBar()
        super().__init__(page, learner, lang=lang, tools=[self.settings_bar], css_class="gt-lesson-toolbar")
        self.settings_bar.four_colour.observe(self._on_four_colour, names="value")

    @guarded
    def _on_four_colour(self, change: Change) -> None:
        if change["new"] != self.learner.progress.settings.four_colour:
            self.learner.set_four_colour(change["new"])


def toolbar(page: int | str | None = None, *, lang: str | None = None) -> widgets.Widget:
    """The top of a lesson page in a language (``lang``, English by default; the page
    speaks it): the language menu, the links and the card settings (the size, large for
    a projector, and the four-colour deck, for every view), in one line (wrapping on a
    phone) that the notebook shows first, above its title and goal. Without a page, the
    settings alone.

    A lesson (``page`` a number) is built ahead of its request in a kernel Voila preheated for a prepared
    class (:func:`gintrainer.app.build_ahead`): its language is the notebook's, and its last cell
    (:func:`nav`) tells it who asked."""
    if isinstance(page, int):
        build_ahead()
    return SettingsBar() if page is None else LessonToolbar(page, lang=lang)


def nav(page: int | str, *, lang: str | None = None) -> widgets.Widget:
    """The top of the glossary's and the quick reference's pages (in ``lang``, English by
    default), which have no toolbar; for a lesson or the first hand, the end of the page
    (the next step of the learning path, then its links again), in the language its
    toolbar set (a translated lesson's last cell is the English one's, without ``lang``)."""
    if isinstance(page, str) and page in REFERENCE_FILES:
        return LessonTop(page, lang=lang)
    learner = tell_who_asks() or Learner.from_page()  # a lesson built ahead learns who asked here
    return LessonEnd(page, page_path(page, lang or current_language()), learner)


class _ExerciseRecorder:
    """Keeps the first answer to each position of a lesson's exercise in the learner's
    progress (a later answer to the same position, or the answer shown after one, is not
    another try)."""

    def __init__(self, learner: Learner, lesson: int, kind: str):
        self.learner, self.lesson, self.kind = learner, lesson, kind
        self._recorded: object = None

    def __call__(self, view: ExerciseView, _feedback: object) -> None:
        session = view.session
        if session.answered and session.exercise is not self._recorded:
            self._recorded = session.exercise
            self.learner.record_exercise(self.lesson, self.kind, right=bool(session.first_correct))


class _CheckRecorder:
    """Keeps a lesson's closing check in the learner's progress once every question is answered."""

    def __init__(self, learner: Learner, lesson: int):
        self.learner, self.lesson = learner, lesson
        self._recorded = False

    def __call__(self, view: CheckView) -> None:
        total = len(view.questions)
        if not self._recorded and len(view.answered) == total:
            self._recorded = True
            self.learner.record_check(self.lesson, right=len(view.right), questions=total)


def demo(name: str) -> Stepper:
    """A lesson's demonstration, by its name, one step at a time."""
    return Stepper(demo_info(name).steps())


def example(name: str) -> HandView:
    """A lesson's example hand, by its name: sort it by melds, suit or rank."""
    info = example_info(name)
    return HandView(info.cards, title=info.title)


def exercise(kind: str, seed: int = 0) -> ExerciseView:
    """An exercise of a kind, starting at a seed ("New position" moves on); each position's
    first answer is kept in the page's learner's progress."""
    view = ExerciseView(kind, seed, anchor=part_anchor(kind))
    view.listeners.append(_ExerciseRecorder(Learner.from_page(), lesson_of_exercise(kind), kind))
    return view


def check(number: int) -> CheckView:
    """The short check at the end of a lesson."""
    title = t(LESSONS[number].title)
    if current_language() in ("en", PSEUDO):  # English writes the title in lower case here; others keep it
        title = title.lower()
    view = CheckView(checks(number), title=t("Check: lesson {number}, {title}", number=number, title=title),
                     anchor=part_anchor(None))
    view.listeners.append(_CheckRecorder(Learner.from_page(), number))
    return view


def comparison(seed: int = 0) -> RulesComparison:
    """The same hand scored under each preset and variant (lesson 9)."""
    return RulesComparison(seed)


def glossary() -> HTML:
    """The glossary as a static HTML output (prints well)."""
    from IPython.display import HTML

    from ..material.drawing import style_block
    return HTML(style_block() + glossary_html(four_colour=settings.four_colour))


def quick_reference() -> HTML:
    """The one-page quick reference as a static HTML output (prints well)."""
    from IPython.display import HTML

    from ..material.drawing import style_block
    return HTML(style_block() + quick_reference_html(four_colour=settings.four_colour))


def first_hand() -> FirstHandPage:
    """The first hand, played by the learner against a scripted opponent."""
    from .first_hand import FirstHandPage
    return FirstHandPage()
