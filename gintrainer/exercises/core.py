"""What an exercise is: a seeded position, a question, the engine's answer and a checker."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NotRequired, TypedDict, TypeVar, cast

from ..engine.cards import Card, CardsLike, parse_cards, show_cards
from ..engine.hand import Hand
from ..engine.melds import Arrangement
from ..engine.rules import Rules
from ..engine.scoring import HandScore
from ..words.errors import GinError
from ..words.language import PLAYERS, t, tn
from ..words.vocab import Vocabulary


class AnswerType(Vocabulary):
    """How an exercise is answered: cards clicked, one of its choices, or a number typed."""

    CARDS = "cards"
    CHOICE = "choice"
    NUMBER = "number"


ANSWER_TYPES = tuple(AnswerType)
PANEL_KINDS = ("cards", "hand", "melds", "table", "rows", "text")

Checker = Callable[[Any], "Feedback"]
"""An exercise's checker: it takes what :meth:`Exercise.read` makes of a response, which the
answer type decides (cards for "cards", the choice for "choice", a whole number for "number")."""

Option = Card | str
"""Something a learner picks: a card to click or a choice."""


@dataclass(frozen=True, slots=True)
class Feedback:
    """The verdict on an answer, with the reason in words (numbers quoted)."""

    correct: bool
    text: str


@dataclass(frozen=True, slots=True)
class Panel:
    """Something shown above a question.

    ``kind`` is "cards" (a row in the order given), "hand" (grouped by melds,
    with the deadwood count), "melds" (numbered melds on the table), "table"
    (a :class:`~gintrainer.Hand` at the table), "rows" (a small table of text,
    the first row its header) or "text". A table panel with ``outcome`` false does not
    tell how its hand ended (that it is over, its result): the question asks that.
    """

    label: str
    kind: str
    cards: tuple[Card, ...] = ()
    melds: tuple[tuple[Card, ...], ...] = ()
    hand: Hand | None = None
    rows: tuple[tuple[str, ...], ...] = ()
    text: str = ""
    face_down: tuple[int, ...] = ()
    outcome: bool = True

    def __post_init__(self) -> None:
        if self.kind not in PANEL_KINDS:
            raise GinError(f"a panel kind is one of {', '.join(PANEL_KINDS)}, not {self.kind!r}")
        if self.kind == "table" and self.hand is None:
            raise GinError("a table panel shows a hand: give it one")


@dataclass(frozen=True, slots=True)
class Exercise:
    """One question on one position.

    ``answer`` is the engine's answer (cards, a choice, or a number) and
    ``explanation`` says why. ``check`` takes a response from the page (cards
    clicked, the choice, the number typed) and returns a :class:`Feedback`; for
    "cards" ``options`` are the cards that can be clicked (``pick``: how many,
    None for any number), for "choice" the choices.
    """

    kind: str
    seed: int
    title: str
    prompt: str
    answer_type: AnswerType | str  # given as the member or its text; kept as the member
    answer: object
    explanation: str
    checker: Checker = field(repr=False, compare=False)
    options: Sequence[Option] = ()  # kept as a tuple
    panels: tuple[Panel, ...] = ()
    pick: int | None = None
    option_label: str = ""

    def __post_init__(self) -> None:
        if self.answer_type not in ANSWER_TYPES:
            raise GinError(f"an answer type is one of {', '.join(ANSWER_TYPES)}, not {self.answer_type!r}")
        object.__setattr__(self, "answer_type", AnswerType(self.answer_type))  # the member, given its text
        # a tuple, written as the answer is: the players' names (PLAYERS) in the language of the moment
        object.__setattr__(self, "options", tuple(self.options))
        if self.answer_type == AnswerType.CARDS and not (isinstance(self.answer, tuple)
                                                and all(isinstance(c, Card) for c in self.answer)):
            raise GinError(f"the answer to a cards question is a tuple of cards, not {self.answer!r}")

    def read(self, response: object) -> tuple[Card, ...] | str | int:
        """The response as the checker takes it; raises GinError with a hint if it is not one."""
        if self.answer_type == AnswerType.CARDS:
            return self._read_cards(response)
        if self.answer_type == AnswerType.CHOICE:
            return self._read_choice(response)
        return self._read_number(response)

    def _read_cards(self, response: object) -> tuple[Card, ...]:
        try:
            cards = parse_cards(cast(CardsLike, response))  # parse_cards refuses anything else with GinError
        except GinError as error:
            # Translators: {error} says what is wrong with the cards typed.
            raise GinError(t("that is not a set of cards: {error}", error=str(error))) from None
        stray = [c for c in cards if c not in self.options]
        if stray:
            raise GinError(t("{cards} is not one of the cards you can click here", cards=show_cards(stray)))
        if self.pick is not None and len(cards) != self.pick:
            if not cards:
                raise GinError(tn("Click one card first.", "Click {n} cards first.", self.pick))
            raise GinError(tn("Click exactly one card; you clicked {clicked}.",
                              "Click exactly {n} cards; you clicked {clicked}.", self.pick, clicked=len(cards)))
        if self.pick is None and not cards:
            raise GinError(t("Click some cards first."))
        return tuple(sorted(cards, key=lambda c: c.index))

    def _read_choice(self, response: object) -> str:
        if response is None or response == "":
            raise GinError(t("Choose an answer first."))
        if not isinstance(response, str) or response not in self.options:
            raise GinError(t("{choice} is not one of the choices", choice=repr(response)))
        return response

    @staticmethod
    def _read_number(response: object) -> int:
        if isinstance(response, bool):
            raise GinError(t("Type a whole number."))
        if isinstance(response, int):
            return response
        text = str(response).strip()
        if not text:
            raise GinError(t("Type a number first."))
        try:
            return int(text)
        except ValueError:
            # Translators: {text} is what the learner typed, quoted.
            raise GinError(t("Type a whole number, like 12 (not {text}).", text=repr(text[:20]))) from None

    def check(self, response: object) -> Feedback:
        """The verdict on a response (a response that cannot be read is not correct)."""
        try:
            value = self.read(response)
        except GinError as error:
            return Feedback(False, str(error))
        return self.checker(value)

    def answer_text(self) -> str:
        """The answer in words, for "Show answer"."""
        if self.answer_type == AnswerType.CARDS and isinstance(self.answer, tuple):  # always, see __post_init__
            return show_cards(self.answer)
        return str(self.answer)


@dataclass(frozen=True, slots=True)
class ExerciseKind:
    """A kind of exercise: its name, its title (``title_text``, the English marked for the
    catalog) and its builder (seed, rules -> Exercise). Which lesson shows it, and
    where, is the lesson's definition (:mod:`gintrainer.lessons`)."""

    name: str
    title_text: str
    build: Callable[[int, Rules | None], Exercise] = field(repr=False)

    @property
    def title(self) -> str:
        """The title in the current language."""
        return t(self.title_text)


KINDS: dict[str, ExerciseKind] = {}


class ExerciseFields(TypedDict):
    """What a kind's builder makes of a position: the :class:`Exercise`'s fields but its
    kind, seed and title."""

    prompt: str
    answer_type: AnswerType | str
    answer: object
    explanation: str
    checker: Checker
    options: NotRequired[Sequence[Option]]
    panels: NotRequired[tuple[Panel, ...]]
    pick: NotRequired[int | None]
    option_label: NotRequired[str]


Builder = Callable[[int, random.Random, Rules], ExerciseFields]
"""A kind's builder: (seed, its random generator, the rules in force) -> the exercise's fields."""


def exercise_kind(name: str, title: str) -> Callable[[Builder], Callable[[int, Rules | None], Exercise]]:
    """Register a builder ``f(seed, rng, rules) -> dict of Exercise fields`` as a kind: it
    builds its position under ``rules`` (the rules in force) and takes every number it
    writes from them or from the position."""
    def register(builder: Builder) -> Callable[[int, Rules | None], Exercise]:
        def build(seed: int, rules: Rules | None = None) -> Exercise:
            if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
                raise GinError(f"an exercise seed is a whole number from 0, not {seed!r}")
            rules = Rules() if rules is None else rules
            if not isinstance(rules, Rules):
                raise GinError(f"an exercise is built under a Rules object, not {rules!r}")
            from ..material.deals import rng_for
            fields_ = builder(seed, rng_for(name, seed), rules)
            return Exercise(kind=name, seed=seed, title=t(title), **fields_)
        if name in KINDS:
            raise GinError(f"exercise kind {name!r} is registered twice")
        KINDS[name] = ExerciseKind(name, title, build)
        build.__doc__ = builder.__doc__
        return build
    return register


def generate(kind: str, seed: int = 0, rules: Rules | None = None) -> Exercise:
    """The exercise of a kind for a seed, under ``rules`` (the standard rules unless told).

    >>> from gintrainer import min_deadwood
    >>> exercise = generate("deadwood_count", 3)
    >>> exercise.answer == min_deadwood(exercise.options)
    True
    """
    try:
        entry = KINDS[kind]
    except (KeyError, TypeError):
        raise GinError(f"unknown exercise kind {kind!r}") from None
    return entry.build(seed, rules)


def choice_checker(answer: str, explanation: str, *,
                   why_not: Mapping[str, str] | str | None = None) -> Callable[[str], Feedback]:
    """A checker for a question with one right choice. A wrong choice is told why it
    is wrong, never what the answer is: ``why_not`` maps each wrong choice to its
    reason (or is one reason for all of them)."""
    def check(choice: str) -> Feedback:
        if choice == answer:
            # Translators: {explanation} is a sentence (or more) saying why.
            return Feedback(True, t("Right. {explanation}", explanation=explanation))
        reason = why_not.get(choice) if isinstance(why_not, Mapping) else why_not
        if not reason:
            raise GinError(f"no reason is given why {choice!r} is wrong")
        # Translators: {choice} is the choice picked, {reason} why it is wrong (a sentence starting in lower case).
        return Feedback(False, t("Not “{choice}”: {reason}", choice=choice, reason=reason))
    return check


def number_checker(answer: int, explanation: str, why_not: Callable[[int], str]) -> Callable[[int], Feedback]:
    """A checker for a question whose answer is one number. A wrong number is told
    why it is wrong (``why_not(number)``), never what the answer is."""
    def check(number: int) -> Feedback:
        if number == answer:
            return Feedback(True, t("Right: {answer}. {explanation}", answer=answer, explanation=explanation))
        return Feedback(False, t("Not {number}: {reason}", number=number, reason=why_not(number)))
    return check


def translated(texts: tuple[str, ...]) -> tuple[str, ...]:
    """Choices written in English (marked with ``N_`` where they are defined) in the current language."""
    return tuple(t(text) for text in texts)


def your_cards(count: int) -> str:
    """The label of the cards a learner clicks from: "Your 11 cards"."""
    return tn("Your {n} card", "Your {n} cards", count)


def more_or_less(number: int, answer: int, *, too_low: str, too_high: str) -> str:
    """The reason for a wrong number that is only too low or too high."""
    return too_low if number < answer else too_high


_Made = TypeVar("_Made")


def retry(rng: random.Random, make: Callable[[random.Random], _Made | None], accept: Callable[[_Made], object], *,
          tries: int = 400) -> _Made:
    """Call ``make(rng)`` until ``accept(result)``; the same rng keeps it reproducible."""
    for _ in range(tries):
        result = make(rng)
        if result is not None and accept(result):
            return result
    raise GinError("could not build a position for this seed")  # pragma: no cover - tests cover many seeds


def panel_html(panel: Panel, *, size: str = "normal", four_colour: bool = False) -> str:
    """A panel drawn with :mod:`gintrainer.material.drawing` (labels escaped)."""
    from html import escape

    from ..material import drawing
    label = f'<div class="gt-seat-title">{escape(panel.label)}</div>' if panel.label else ""
    if panel.kind == "cards":
        body = drawing.cards_html(panel.cards, size=size, four_colour=four_colour)
    elif panel.kind == "hand":
        body = drawing.hand_html(panel.cards, size=size, four_colour=four_colour)
    elif panel.kind == "melds":
        body = drawing.melds_html(panel.melds, size=size, four_colour=four_colour)
    elif panel.kind == "table" and panel.hand is not None:  # always, see Panel.__post_init__
        body = drawing.table_html(panel.hand, names=PLAYERS, face_down=panel.face_down, size=size,
                                  four_colour=four_colour, outcome=panel.outcome)
    elif panel.kind == "rows":
        head, *rest = panel.rows
        cells = "".join(f"<th>{escape(c)}</th>" for c in head)
        lines = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in rest)
        body = f'<div class="gt-ref"><table><tr>{cells}</tr>{lines}</table></div>'
    else:
        body = f"<p>{escape(panel.text)}</p>"
    return f'<div class="gt-panel">{label}{body}</div>'


class ExerciseSession:
    """One exercise being worked on: check answers, try again, show the answer,
    ask for a new position. Plain Python: the widget only shows it.

    A wrong answer is told why it is wrong and may be tried again; the answer is
    shown only when asked for. :attr:`first_correct` keeps the verdict on the
    first answer (False once the answer was shown before any), which is what a
    lesson's check counts.

    >>> session = ExerciseSession("deadwood_count", seed=2)
    >>> session.check(session.exercise.answer + 1).correct, session.state
    (False, 'wrong')
    >>> session.try_again(); session.check(session.exercise.answer).correct, session.first_correct
    (True, False)
    >>> session.new_position().seed, session.first_correct
    (3, None)
    """

    STATES = ("open", "right", "wrong", "shown")

    def __init__(self, kind: str | None = None, seed: int = 0, *, exercise: Exercise | None = None,
                 rules: Rules | None = None):
        if exercise is None:
            if kind is None:
                raise GinError("an exercise session needs an exercise kind or an exercise")
            exercise = generate(kind, seed, rules)
        self.kind = kind
        self.rules = rules
        self.exercise = exercise
        self.state = "open"
        self.feedback: Feedback | None = None
        self.attempts = 0
        self.first_correct: bool | None = None

    @property
    def can_renew(self) -> bool:
        """Whether "New position" can build another position (generated kinds only)."""
        return self.kind is not None

    @property
    def answered(self) -> bool:
        """Whether the first answer has been given (or the answer shown instead)."""
        return self.first_correct is not None

    def check(self, response: object) -> Feedback:
        feedback = self.exercise.check(response)
        readable = True
        try:
            self.exercise.read(response)
        except GinError:
            readable = False
        if readable:
            self.attempts += 1
            if self.first_correct is None:
                self.first_correct = feedback.correct
            self.state = "right" if feedback.correct else "wrong"
        self.feedback = feedback
        return feedback

    def try_again(self) -> None:
        self.state = "open"
        self.feedback = None

    def show_answer(self) -> Feedback:
        self.state = "shown"
        if self.first_correct is None:
            self.first_correct = False
        self.feedback = Feedback(True, t("Answer: {answer}. {explanation}", answer=self.exercise.answer_text(),
                                         explanation=self.exercise.explanation))
        return self.feedback

    def new_position(self, seed: int | None = None) -> Exercise:
        if self.kind is None:
            raise GinError("this question has no other positions")
        seed = self.exercise.seed + 1 if seed is None else seed
        self.exercise = generate(self.kind, seed, self.rules)
        self.state = "open"
        self.feedback = None
        self.attempts = 0
        self.first_correct = None
        return self.exercise


def throw_back(hand: Hand) -> None:
    """Discard the card just drawn."""
    if hand.last_draw is None:
        raise GinError("no card has been drawn to throw back")
    hand.apply(f"discard {hand.last_draw[0].code()}")


def scored(hand: Hand) -> HandScore:
    """The score of a hand that is over; GinError for a hand still being played."""
    if hand.result is None:
        raise GinError("the hand is not over: it has no score yet")
    return hand.result


def deadwood_counts(score: HandScore) -> tuple[int, int]:
    """The knocker's deadwood and the defender's (after lay-offs) of a scored knock; GinError
    for a hand nobody knocked (a dead hand counts neither)."""
    if score.knocker_deadwood is None or score.defender_deadwood is None:
        raise GinError("a dead hand has no deadwood counted")
    return score.knocker_deadwood, score.defender_deadwood


def words(arrangement: Arrangement) -> str:
    """An arrangement in words: "7♠ 7♥ 7♦ · 4♣ 5♣ 6♣, deadwood K♥ 2♠ = 12"."""
    melds = " · ".join(show_cards(m) for m in arrangement.melds) or t("no melds")
    if not arrangement.deadwood:
        return t("{melds}, no deadwood", melds=melds)
    return t("{melds}, deadwood {cards} = {points}", melds=melds, cards=show_cards(arrangement.deadwood),
             points=arrangement.points)
