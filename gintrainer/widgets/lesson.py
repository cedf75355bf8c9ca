"""What a lesson notebook calls: one line per widget.

>>> from gintrainer.widgets import lesson
>>> lesson.demo(6).steps.count
15
"""

from __future__ import annotations

from ..cards import CardsLike
from ..exercises.matches import played_match
from ..lessons import LESSONS, checks, demo_match_seed
from ..lessons import lesson as lesson_info
from ..reference import glossary_html, quick_reference_html
from ..steps import DealSteps, HandSteps, MatchSteps
from .base import SettingsBar
from .cards import HandView
from .exercise import CheckView, ExerciseView, RulesComparison
from .stepper import Stepper


def toolbar() -> SettingsBar:
    """Card size (large for a projector) and the four-colour deck, for every view."""
    return SettingsBar()


def demo(number: int, which: int = 0) -> Stepper:
    """The stepped demonstration of a lesson, on its stacked deal."""
    info = lesson_info(number)
    if number == 2:
        return deal_demo()
    if number == 8:
        return match_demo()
    if not info.demos:
        raise ValueError(f"lesson {number} has no demonstration deal")
    d = info.demos[which]
    return Stepper(HandSteps(d.hand(), captions=d.captions, title=d.title))


def deal_demo() -> Stepper:
    """The deal of lesson 2, one card at a time."""
    d = LESSONS[2].demos[0]
    return Stepper(DealSteps(d.hand(), title="Dealing, one card at a time"))


def match_demo(seed: int | None = None) -> Stepper:
    """A whole match, hand by hand, with the score sheet (lesson 8)."""
    match = played_match(demo_match_seed() if seed is None else seed)
    return Stepper(MatchSteps(match, title="A match, hand by hand"))


def exercise(kind: str, seed: int = 0) -> ExerciseView:
    """An exercise of a kind, starting at a seed ("New position" moves on)."""
    return ExerciseView(kind, seed)


def check(number: int) -> CheckView:
    """The short check at the end of a lesson."""
    return CheckView(checks(number), title=f"Check: lesson {number}, {LESSONS[number].title.lower()}")


def hand(cards: CardsLike, *, sort: str = "melds", title: str = "") -> HandView:
    """A hand that can be sorted by melds, suit or rank, with its deadwood count."""
    return HandView(cards, sort=sort, title=title)


def comparison(seed: int = 0) -> RulesComparison:
    """The same hand scored under each preset and variant (lesson 9)."""
    return RulesComparison(seed)


def glossary():
    """The glossary as a static HTML output (prints well)."""
    from IPython.display import HTML

    from ..drawing import style_block
    return HTML(style_block() + glossary_html())


def quick_reference():
    """The one-page quick reference as a static HTML output (prints well)."""
    from IPython.display import HTML

    from ..drawing import style_block
    return HTML(style_block() + quick_reference_html())
