"""Every lesson's definition, by number (:data:`LESSONS`), and their sections by name.

>>> LESSONS[5].title, LESSONS[5].file
('Knocking and gin', '05_knocking_and_gin.ipynb')
>>> LESSONS[5].goal
'End a hand: knock with 10 or less deadwood, go gin with none, and know big gin.'
>>> LESSONS[5].calls[:3]
(('demo', ('knock',)), ('demo', ('gin',)), ('exercise', ('knock_card',)))
>>> demo("layoff").hand().result.points
32
"""

from __future__ import annotations

from typing import TypeVar

from ..engine.rules import Rules
from ..exercises import Exercise, generate
from ..words.errors import GinError
from . import (
    cards_and_melds,
    dealing,
    first_turn,
    knocking_and_gin,
    laying_off,
    normal_turn,
    scoring_a_hand,
    scoring_a_match,
    strategy,
    variants,
)
from .model import DealDemo, Demo, Example, HandDemo, Lesson, MatchDemo, Section, SectionKind
from .table import PAGES, STANDARD

_S = TypeVar("_S")

LESSONS: dict[int, Lesson] = {module.LESSON.number: module.LESSON for module in (
    cards_and_melds, dealing, first_turn, normal_turn, knocking_and_gin, laying_off, scoring_a_hand,
    scoring_a_match, variants, strategy)}
if list(LESSONS) != list(PAGES):  # each definition is a page of the table, in order
    raise GinError(f"the lessons defined ({list(LESSONS)}) are not the table's ({list(PAGES)})")


def _named(kind: SectionKind) -> dict[str, Section]:
    """Every lesson's sections of one kind, by name (names are unique across the lessons)."""
    found: dict[str, Section] = {}
    for info in LESSONS.values():
        for section in info.sections:
            if section.kind is kind:
                name = str(info.section_call(section)[1][0])  # a demonstration's or an example's name
                if name in found:
                    raise GinError(f"two lessons have a {kind} named {name!r}")
                found[name] = section
    return found


DEMOS: dict[str, Demo] = {name: section for name, section in _named(SectionKind.DEMO).items()
                          if isinstance(section, HandDemo | DealDemo | MatchDemo)}
"""Every lesson's demonstrations by name (names are unique across the lessons)."""
EXAMPLES: dict[str, Example] = {name: section for name, section in _named(SectionKind.EXAMPLE).items()
                                if isinstance(section, Example)}


def lesson(number: int) -> Lesson:
    try:
        return LESSONS[number]
    except (KeyError, TypeError):
        raise ValueError(f"there is no lesson {number!r}: lessons are numbered 1 to {len(LESSONS)}") from None


def _section(table: dict[str, _S], name: str, what: str) -> _S:
    """A lesson's section of one kind by its name, from that kind's table (``what``: the
    kind's name in the error that lists the table's names)."""
    try:
        return table[name]
    except (KeyError, TypeError):
        raise GinError(f"no lesson has {what} {name!r}: one of {', '.join(table)}") from None


def demo(name: str) -> Demo:
    """A demonstration by its name."""
    return _section(DEMOS, name, "a demonstration")


def example(name: str) -> Example:
    """An example hand by its name."""
    return _section(EXAMPLES, name, "an example hand")


def lesson_of(section: object) -> Lesson:
    """The lesson a section belongs to."""
    return next(info for info in LESSONS.values() if any(s is section for s in info.sections))


def checks(number: int, rules: Rules = STANDARD) -> list[Exercise]:
    """The short check at the end of a lesson: questions whose answers the engine gives,
    with every number taken from ``rules`` (the standard rules unless told)."""
    return lesson(number).checks(rules)


def exercise(kind: str, seed: int = 0, rules: Rules | None = None) -> Exercise:
    """An exercise of a lesson (re-exported for the notebooks)."""
    return generate(kind, seed, rules)


__all__ = ["DEMOS", "EXAMPLES", "LESSONS", "STANDARD", "Lesson", "checks", "demo", "example", "exercise",
           "lesson", "lesson_of"]
