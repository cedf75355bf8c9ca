"""The lessons, one definition each: a module per lesson (``knocking_and_gin.py`` for
lesson 5) holds its demonstrations with captions attached to their moves, its
exercises in order and its closing check questions; :mod:`.table` holds every
lesson's number, notebook, title and goal. The lesson's notebook
(``lessons/05_knocking_and_gin.ipynb``) holds its prose and calls one widget per
section, in the definition's order; :mod:`.outline` checks that it does.

Every answer of a check is computed with the engine when the check is built, and
every number in a goal, a caption or a check comes from the rules or the engine.

The definitions (:mod:`.syllabus`: ``LESSONS``, ``DEMOS``, ``demo()``...) are imported
when first asked for, so that a page that needs only the lessons' titles (every page's
navigation) reads :data:`.table.PAGES` without them.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .table import PAGES, STANDARD, LessonPage

if TYPE_CHECKING:
    from .model import DealDemo, Demo, Example, HandDemo, Lesson, MatchDemo, Section, SectionKind
    from .syllabus import DEMOS, EXAMPLES, LESSONS, checks, demo, example, exercise, lesson, lesson_of

_DEFINED = frozenset({"DEMOS", "EXAMPLES", "LESSONS", "DealDemo", "Demo", "Example", "HandDemo", "Lesson",
                      "MatchDemo", "Section", "SectionKind", "checks", "demo", "example", "exercise", "lesson",
                      "lesson_of"})
"""The names that come from the definitions (:mod:`.syllabus`)."""


def __getattr__(name: str) -> Any:
    if name in _DEFINED:
        return getattr(import_module(".syllabus", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["DEMOS", "EXAMPLES", "LESSONS", "PAGES", "STANDARD", "DealDemo", "Demo", "Example", "HandDemo",
           "Lesson", "LessonPage", "MatchDemo", "Section", "SectionKind", "checks", "demo", "example", "exercise",
           "lesson", "lesson_of"]
