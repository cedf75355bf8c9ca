"""The "take or draw?" puzzle: ten cards before the draw and a card on top of the
discard pile; take it, or draw from the stock? Answered by the exact expected
deadwood after the best discard either way (:func:`gintrainer.engine.solver.take_or_draw`),
kept only when one choice expects at least :data:`TAKE_DRAW_MARGIN` less.

Its record keeps the common keys of every puzzle (``id``, ``kind``, ``rules``,
``hand``, ``discard_pile`` bottom first, ``opponent_known``, ``stock_count``,
``upcard``, ``themes``, ``difficulty``, ``seed``, ``sentences``) with the
knock limit and ``answer``: ``choice`` ("take" or "draw"), ``take_expected`` and
``draw_expected`` as exact fractions "a/b", and ``discard``, the best discard
after taking. Of discards that leave the same least deadwood after the take the
record names the one with the best chances on the next draw, then the first in
card order (:attr:`gintrainer.engine.solver.TakeOrDraw.discard`); the answer marked is
the choice alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ..engine.cards import Card, parse_card
from ..engine.rules import Rules
from ..engine.solver import DrawChoice, fraction_text, parse_fraction, take_or_draw
from ..material.drawing import choice_table_html, offer_position_html
from ..material.messages import TAKE_DRAW_MESSAGES, Message, say
from ..words.errors import GinError
from ..words.language import N_, t
from .answers import choice_reading, mark_choice, parse_choice_response
from .core import Grade, KindPuzzle, KindRecords, PuzzleError, record_position
from .description import AnswerInput, AnswerText, KindDescription
from .kinds import PuzzleKind, Unclear
from .positions import DrawPosition, draw_position, selfplay_draw_positions
from .sheets import OfferSheet
from .take_draw_themes import CHOICES, TAKE, DrawContext, explain, hints, rate
from .themes import kind_themes, themes_of

KIND = PuzzleKind.TAKE_OR_DRAW
TAKE_DRAW_MARGIN = Fraction(1, 2)
"""The least gap between the two expectations that makes one clear answer: half a
point of deadwood, as for the lookahead question (:data:`~gintrainer.puzzles.core.LOOKAHEAD_MARGIN`):
a smaller gap is a difference a learner cannot be asked to see, and the two numbers,
shown to two decimals, would look alike."""


MAX_DEADWOOD = 35
"""The most deadwood a puzzle's hand holds now, as for the best-discard puzzles: a
hand further from a knock is early in the hand, where the question is seldom close."""


@dataclass(frozen=True)
class TakeOrDrawPuzzle(KindPuzzle):
    """One verified "take or draw?" puzzle: the position before the draw and the answer."""

    choice: str
    take_expected: Fraction
    draw_expected: Fraction
    discard: Card

    COUNT_MESSAGES = ("td_position_count", "td_position_count_known")
    KIND = KIND
    KIND_WORDS = "take-or-draw"

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.choice not in CHOICES:
            raise PuzzleError(f"puzzle {self.id!r} answers take or draw, not {self.choice!r}")

    @property
    def offered(self) -> Card:
        """The top card of the discard pile."""
        return self.discard_pile[-1]

    @property
    def position(self) -> DrawPosition:
        return DrawPosition(**self.seen())

    @property
    def answer(self) -> tuple[str]:
        """The accepted answer: the choice."""
        return (self.choice,)

    @property
    def question_message(self) -> Message:
        return say("td_question", card=self.offered)

    @property
    def answer_messages(self) -> tuple[Message, ...]:
        if self.choice == TAKE:
            return (say("td_answer_take", card=self.offered, discard_card=self.discard),)
        return (say("td_answer_draw"),)

    def expected(self, choice: str) -> Fraction:
        """The expected deadwood of a choice."""
        return self.take_expected if parse_choice(choice) == TAKE else self.draw_expected

    def grade(self, choice: str) -> Grade:
        """Judge an answer, "take" or "draw" (GinError for anything else): the verdict,
        then the explanation, and the cost in expected deadwood against the answer."""
        choice = parse_choice(choice)
        if choice == self.choice:
            return Grade(True, None, (say("grade_right"), *self.explanation_messages), Fraction(0), None)
        cost = self.expected(choice) - self.expected(self.choice)
        values = dict(card=self.offered, take_deadwood=int(self.take_expected), draw_expected=self.draw_expected,
                      cost_expected=cost)
        lead = say("td_grade_wrong_take" if choice == TAKE else "td_grade_wrong_draw", **values)
        return Grade(False, None, (lead, *self.explanation_messages), cost, None)

    def to_dict(self) -> dict[str, Any]:
        answer = {"choice": self.choice, "take_expected": fraction_text(self.take_expected),
                  "draw_expected": fraction_text(self.draw_expected), "discard": self.discard.code()}
        return self.record({}, {"answer": answer})

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TakeOrDrawPuzzle:
        """Read a record and check it against the solver (see :func:`verify`)."""
        return verify(data)


def parse_choice(choice: object) -> DrawChoice:
    """"take" or "draw"; GinError for anything else."""
    if isinstance(choice, str) and choice.strip().lower() in CHOICES:
        return DrawChoice(choice.strip().lower())
    raise GinError(t("answer take or draw, not {answer}", answer=repr(choice)))


def solve(position: DrawPosition) -> DrawContext:
    """The solved position."""
    return DrawContext(position, take_or_draw(position.hand, **position.solver_args()))


def make(position: DrawPosition) -> TakeOrDrawPuzzle | None:
    """The puzzle this position makes, or None when it is not worth posing: the two
    choices within :data:`TAKE_DRAW_MARGIN`, a hand already gin or holding more than
    :data:`MAX_DEADWOOD`, or a card on offer that neither melds, nor goes with a card
    of the hand, nor lowers the deadwood (:func:`assess` says which)."""
    found = assess(position)
    return None if isinstance(found, Unclear) else found


def assess(position: DrawPosition) -> TakeOrDrawPuzzle | Unclear:
    """The puzzle this position makes, or why it makes none."""
    position = replace(position, hand=tuple(sorted(position.hand)))  # the record's order, for stable words
    position.verify()
    ctx = solve(position)
    solution = ctx.solution
    if ctx.now <= 0:
        return Unclear.GIN_THERE
    if ctx.now > MAX_DEADWOOD:
        return Unclear.FAR_FROM_MELDS
    if solution.choice is None:
        return Unclear.TIED
    if solution.margin < TAKE_DRAW_MARGIN:
        return Unclear.MARGIN
    if not ctx.tempting:
        return Unclear.PLAIN
    themes = themes_of(ctx)
    return TakeOrDrawPuzzle.posed(position, solution.knock_limit, themes, rate(ctx, themes), explain(ctx, themes),
                                  hints(ctx, themes), choice=ctx.choice, take_expected=solution.take_expected,
                                  draw_expected=solution.draw_expected, discard=solution.discard)


def _position(record: dict[str, Any]) -> DrawPosition:
    return DrawPosition(**record_position(record))


def _read(record: dict[str, Any]) -> TakeOrDrawPuzzle:
    answer = record["answer"]
    return TakeOrDrawPuzzle.stored(
        record, _position(record), choice=answer["choice"], take_expected=parse_fraction(answer["take_expected"]),
        draw_expected=parse_fraction(answer["draw_expected"]), discard=parse_card(answer["discard"]))


puzzle_id = TakeOrDrawPuzzle.id_of
RECORDS = KindRecords(_position, make, _read)
verify = RECORDS.verify
from_record = RECORDS.read


def positions(seed: str, rules: Rules) -> Iterator[list[DrawPosition]]:
    """Batches of positions before a draw, deterministic for a seed: every third one
    the draws of a hand of self-play, the others built around melds and a tempting card."""
    batch = 0
    while True:
        if batch % 3 == 1:
            yield selfplay_draw_positions(f"{seed}/{batch}", rules)
        else:
            yield [draw_position(f"{seed}/{batch}/{i}", rules) for i in range(8)]
        batch += 1


def recorded(puzzle: TakeOrDrawPuzzle, choice: DrawChoice) -> Message:
    """A blind answer (a class set) as recorded, without saying whether it is right."""
    return say("td_recorded_take", card=puzzle.offered) if choice == TAKE else say("td_recorded_draw")


DESCRIPTION: KindDescription[DrawPosition, TakeOrDrawPuzzle] = KindDescription(
    kind=KIND, title=N_("Take or draw?"), words=N_("take-or-draw"), command_words=N_("take or draw"), code_bit=2,
    decisions=("take_or_draw",),
    positions=lambda objective, seed, rules: positions(seed, rules), make=lambda position, objective: make(position),
    assess=lambda position, objective: assess(position),
    verify=verify, read=from_record,
    answer=AnswerText(format=lambda choice: DrawChoice(choice).value, parse=parse_choice_response),
    answer_input=AnswerInput.CHOICE, mark=mark_choice, reading=choice_reading, recorded=recorded,
    themes=lambda objective: frozenset(kind_themes(KIND)), sheet=OfferSheet(),
    position_html=lambda puzzle, four_colour: offer_position_html(puzzle, four_colour=four_colour),
    table_html=lambda puzzle, chosen, four_colour: choice_table_html(puzzle, chosen if isinstance(chosen, str)
                                                                     else None),
    bank_plan=(("standard", None, 300), ("oklahoma", None, 20)),
    messages=TAKE_DRAW_MESSAGES,
    balance=lambda puzzle: puzzle.choice)  # about as many takes as draws

__all__ = ["DESCRIPTION", "KIND", "TAKE_DRAW_MARGIN", "TakeOrDrawPuzzle", "from_record", "make", "parse_choice",
           "positions", "puzzle_id", "solve", "verify"]
