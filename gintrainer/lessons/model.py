"""What a lesson is made of, in one definition: its title and goal, and its sections in
the order its notebook shows them (demonstrations, example hands, the rules
comparison, exercises, and the closing check).

The notebook is the home of the lesson's prose; between paragraphs it calls one
widget per section (``lesson.demo("knock")``, ``lesson.exercise("knock_card")``,
``lesson.check(5)``), and :mod:`gintrainer.lessons.outline` holds a notebook, in
any language, against the definition: the same sections in the same order.

A demonstration's captions are attached to the moves they describe
(:func:`move`), so inserting a move shifts no caption. Every sentence here is one
whole template with named values, filled from the demonstration's hand, the
engine or the rules in force.

>>> demo = HandDemo("tiny", "Ben takes the upcard", ben="2C 3C 4C 7H 7S 7D JS QS KS 9D",
...                 ann="5C 5D 6H 6C TH TD 2H 4S QD KC", upcard="AC",
...                 moves=(move("take", "{card} joins {meld_before}.", "card_melds"),))
>>> demo.steps().caption(1).endswith("A♣ joins 2♣ 3♣ 4♣."), demo.call
(True, ('demo', ('tiny',)))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from ..engine.hand import Hand
from ..engine.match import Match
from ..engine.rules import Rules
from ..exercises import KINDS, Exercise
from ..exercises.core import choice_checker
from ..material.deals import deal
from ..material.drawing import meld_groups
from ..material.steps import Caption, DealSteps, HandSteps, MatchSteps
from ..words.errors import GinError
from ..words.language import N_, player_values, t
from ..words.vocab import Vocabulary
from .table import STANDARD, LessonPage

Call = tuple[str, tuple[str | int, ...]]
"""A notebook's widget call: its name and its arguments (``("demo", ("knock",))`` is ``lesson.demo("knock")``)."""


class SectionKind(Vocabulary):
    """What a section is; each is also the name of the notebook's call for it."""

    DEMO = "demo"
    EXAMPLE = "example"
    COMPARISON = "comparison"
    EXERCISE = "exercise"
    CHECK = "check"


# -- demonstrations ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Move:
    """One action of a demonstration, and the caption that describes it (None: the
    engine's own words for the action only)."""

    action: str
    caption: Caption | None = None


def move(action: str, text: str, *facts: str) -> Move:
    """An action with its caption: ``text`` is a template filled from the step the action
    leads to, ``facts`` the yes/no values it claims (see :class:`~gintrainer.material.steps.Caption`)."""
    return Move(action, Caption(text, tuple(facts)))


@dataclass(frozen=True, slots=True)
class _Named:
    """A section the notebook shows by its kind and name: the call that shows it."""

    kind: ClassVar[SectionKind]
    name: str

    @property
    def call(self) -> tuple[str, tuple[str, ...]]:
        return (self.kind.value, (self.name,))


@dataclass(frozen=True, slots=True)
class _Demonstration(_Named):
    """What the three kinds of demonstration share: the notebook call that shows one, and
    the title in the current language (``title_text`` is its English, marked with N_)."""

    kind: ClassVar[SectionKind] = SectionKind.DEMO
    title_text: str

    @property
    def title(self) -> str:
        return t(self.title_text)


@dataclass(frozen=True, slots=True)
class HandDemo(_Demonstration):
    """A stacked deal played move by move: Ann (seat 0) deals, Ben gets the first card.

    ``moves`` are action texts or :class:`Move` (an action with its caption);
    ``opening`` is the caption of the deal itself, before any move; ``lead`` is the
    sentence the notebook says just before the demonstration, filled from the
    finished hand (:meth:`lead_text`).
    """

    ben: str
    ann: str
    upcard: str
    stock: str = ""
    moves: tuple[Move | str, ...] = ()
    opening: Caption | None = None
    rules: Rules = STANDARD
    lead: Caption | None = None


    @property
    def actions(self) -> tuple[str, ...]:
        return tuple(m.action if isinstance(m, Move) else m for m in self.moves)

    def hand(self, moves: int | None = None, *, rules: Rules | None = None) -> Hand:
        """The hand after its first ``moves`` moves (all of them unless told), under its
        own rules or ``rules``."""
        return deal(self.ben, self.ann, self.upcard, self.stock, rules=rules or self.rules,
                    actions=self.actions[:moves])

    def until(self, done: Callable[[Hand], bool], *, rules: Rules | None = None) -> Hand:
        """The hand at the first moment of the demonstration where ``done(hand)`` holds."""
        hand = self.hand(0, rules=rules)
        for action in self.actions:
            if done(hand):
                return hand
            hand.apply(action)
        raise GinError(f"{self.title}: no such moment in the demonstration")

    def captions(self) -> dict[int, Caption]:
        """Each caption by the step it describes: the step its move leads to (a move such
        as ``auto`` may make several actions; its caption goes with the last of them)."""
        found = {0: self.opening} if self.opening else {}
        hand = self.hand(0)
        for item in self.moves:
            hand.apply(item.action if isinstance(item, Move) else item)
            if isinstance(item, Move) and item.caption is not None:
                found[len(hand.actions)] = item.caption
        return found

    def steps(self) -> HandSteps:
        return HandSteps(self.hand(), captions=self.captions(), title=self.title)

    def lead_text(self) -> str:
        """The lead sentence with the finished hand's values ("" without one)."""
        if self.lead is None:
            return ""
        steps = self.steps()
        return t(self.lead.text).format_map(steps.values(steps.count - 1))


@dataclass(frozen=True, slots=True)
class DealDemo(_Demonstration):
    """A stacked deal dealt card by card (Ann deals, Ben gets the first card)."""

    ben: str
    ann: str
    upcard: str
    stock: str = ""
    lead: Caption | None = None


    def hand(self) -> Hand:
        return deal(self.ben, self.ann, self.upcard, self.stock)

    def steps(self) -> DealSteps:
        return DealSteps(self.hand(), title=self.title)

    def lead_text(self) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class MatchDemo(_Demonstration):
    """A whole match between two plain players, from its seed, hand by hand."""

    seed: int
    rules: Rules = STANDARD
    lead: Caption | None = None


    def match(self) -> Match:
        from ..exercises.matches import played_match
        return played_match(self.seed, self.rules)

    def steps(self) -> MatchSteps:
        return MatchSteps(self.match(), title=self.title)

    def lead_text(self) -> str:
        return ""


Demo = HandDemo | DealDemo | MatchDemo


# -- the other sections ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Example(_Named):
    """A hand to sort by melds, suit or rank; its title is its ranks, meld by meld as the hand is first shown."""

    kind: ClassVar[SectionKind] = SectionKind.EXAMPLE
    cards: str

    @property
    def title(self) -> str:
        """The ranks of the hand's groups as the hand is drawn sorted by melds (the best
        arrangement's melds, then the deadwood: "4 4 4 · 8 8 8 · A 2 2 5")."""
        return " · ".join(" ".join(card.rank_name for card in group) for group in meld_groups(self.cards))


@dataclass(frozen=True, slots=True)
class Comparison:
    """One hand scored under each preset and variant, side by side."""

    kind: ClassVar[SectionKind] = SectionKind.COMPARISON

    @property
    def call(self) -> Call:
        return (self.kind.value, ())


@dataclass(frozen=True, slots=True)
class Practice(_Named):
    """An exercise kind (:data:`~gintrainer.exercises.KINDS`), with "New position" for more."""

    kind: ClassVar[SectionKind] = SectionKind.EXERCISE

    def __post_init__(self) -> None:
        if self.name not in KINDS:
            raise GinError(f"a lesson names the exercise kind {self.name!r}, which does not exist")

    @property
    def title(self) -> str:
        return KINDS[self.name].title


def practice(*kinds: str) -> tuple[Practice, ...]:
    """Exercise sections, one per kind, in this order."""
    return tuple(Practice(kind) for kind in kinds)


# -- the closing check --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ask:
    """A check question as whole sentence templates and the values that fill them: the
    engine computes ``answer`` and ``values`` under the rules in force. ``options`` and
    ``answer`` are templates too; ``why_not`` says why a choice is wrong (a reason for
    each option template, or one reason for all)."""

    prompt: str
    options: tuple[str, ...]
    answer: str
    explanation: str
    why_not: str | Mapping[str, str]
    values: Mapping[str, object] = field(default_factory=dict)

    def fill(self, text: str) -> str:
        """A template (marked with N_ where it was written) in the current language, filled."""
        return t(text).format_map({**player_values(), **self.values})

    def exercise(self, lesson: int, index: int) -> Exercise:
        options = tuple(self.fill(o) for o in self.options)
        answer = self.fill(self.answer)
        if answer not in options:
            raise GinError(f"check {lesson}.{index}: the engine's answer {answer!r} is not a choice")
        explanation = self.fill(self.explanation)
        why_not = (self.fill(self.why_not) if isinstance(self.why_not, str) else
                   {self.fill(option): self.fill(reason) for option, reason in self.why_not.items()})
        return Exercise(kind=f"check_{lesson}", seed=index, title=t("Check {number}", number=index + 1),
                        prompt=self.fill(self.prompt),
                        answer_type="choice", options=options, answer=answer, explanation=explanation,
                        checker=choice_checker(answer, explanation, why_not=why_not))


Question = Callable[[Rules], Ask]
"""A check question: given the rules in force, the engine's :class:`Ask`."""


@dataclass(frozen=True, slots=True)
class Check:
    """The closing check: its questions, in order."""

    kind: ClassVar[SectionKind] = SectionKind.CHECK
    questions: tuple[Question, ...]


YES_NO = (N_("Yes"), N_("No"))
"""The choices of a yes/no question, as templates of :class:`Ask`."""


def yes(flag: bool) -> str:
    """A yes/no choice, as a template of :class:`Ask` (translated where it is filled)."""
    return YES_NO[0] if flag else YES_NO[1]


def numbers(*values: int) -> tuple[str, ...]:
    """Choices from numbers, smallest first, each once."""
    return tuple(str(v) for v in sorted(set(values)))


# -- a lesson ------------------------------------------------------------------------------------

Section = HandDemo | DealDemo | MatchDemo | Example | Comparison | Practice | Check


@dataclass(frozen=True, slots=True)
class Lesson(LessonPage):
    """One lesson: its page (number, notebook, title and goal, from :data:`.table.PAGES`)
    and ``sections``, what its notebook shows, in order, the closing :class:`Check` last."""

    sections: tuple[Section, ...]

    @classmethod
    def from_page(cls, page: LessonPage, sections: tuple[Section, ...]) -> Lesson:
        """The lesson of a page of the table, with its sections."""
        return cls(page.number, page.slug, page.title_text, page.goal_text, sections)

    def __post_init__(self) -> None:
        checks = [i for i, s in enumerate(self.sections) if isinstance(s, Check)]
        if checks != [len(self.sections) - 1]:
            raise GinError(f"lesson {self.number} must end with one check")
        names = self.calls
        if len(set(names)) != len(names):
            raise GinError(f"lesson {self.number} names a section twice")

    @property
    def demos(self) -> tuple[Demo, ...]:
        return tuple(s for s in self.sections if isinstance(s, HandDemo | DealDemo | MatchDemo))

    @property
    def kinds(self) -> list[str]:
        """The exercise kinds, in the order the lesson shows them."""
        return [s.name for s in self.sections if isinstance(s, Practice)]

    @property
    def questions(self) -> tuple[Question, ...]:
        return next(s.questions for s in self.sections if isinstance(s, Check))

    def section_call(self, section: Section) -> Call:
        """The notebook's call for a section: ``("demo", ("knock",))`` is ``lesson.demo("knock")``."""
        if isinstance(section, Check):
            return (section.kind.value, (self.number,))
        return section.call

    @property
    def calls(self) -> tuple[Call, ...]:
        """The notebook's widget calls, in order (between the toolbar and the link bar)."""
        return tuple(self.section_call(s) for s in self.sections)

    def checks(self, rules: Rules = STANDARD) -> list[Exercise]:
        """The closing check's questions, answered by the engine under ``rules``."""
        return [question(rules).exercise(self.number, index) for index, question in enumerate(self.questions)]
