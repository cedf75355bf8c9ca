"""A toy sixth puzzle kind, "lowest deadwood", written as docs/adding-a-puzzle-kind.md
says a kind is written, and used by tests/test_toy_kind.py to show that the package
serves a kind from its description alone.

Eleven cards from a seeded deal: which card do you throw to keep the least deadwood?
Solved by the engine (:func:`gintrainer.engine.melds.min_deadwood` of each ten cards
left), kept only when one card is best by at least :data:`MARGIN` points. Its sentences
are its own (:data:`MESSAGES`); it has no themes; the page takes its answer with the
"discard" input, and its answers are written as the best-discard puzzles' are.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Any

from gintrainer.engine.cards import DECK, Card, format_cards, parse_cards, show_cards
from gintrainer.engine.melds import min_deadwood
from gintrainer.engine.rules import Rules
from gintrainer.material.messages import Message, say
from gintrainer.puzzles.answers import AnswerError, discard_reading, discard_text, parse_discard
from gintrainer.puzzles.core import Grade, PuzzleError, Said, verify_remade
from gintrainer.puzzles.description import AnswerInput, KindDescription
from gintrainer.puzzles.discard import DISCARD_ANSWER
from gintrainer.puzzles.sheets import Boxes, Space
from gintrainer.words.vocab import PuzzleKind

WORD, PREFIX, CODE_BIT = "lowest_deadwood", "ld", 5
MARGIN = 2

MESSAGES = {
    "toy_question": "Which card do you throw to keep the least deadwood?",
    "toy_right": "Right: {card} leaves {deadwood} deadwood.",
    "toy_wrong": "Not the best: {card} leaves {deadwood}; {best_card} leaves {least}.",
    "toy_explain": "The ten cards you keep after {card} leave {deadwood} deadwood, the least of every discard.",
    "toy_hint_count": "The best discard leaves {deadwood} deadwood.",
    "toy_hint_card": "Throw {card}.",
    "toy_answer": "Discard {card}.",
    "toy_recorded": "Recorded: you throw {card}.",
}
"""The kind's sentences (English; a shipped kind's are translated in the catalogs)."""


@dataclass(frozen=True)
class Position:
    hand: tuple[Card, ...]
    seed: str


@dataclass(frozen=True)
class ToyPuzzle(Said):
    id: str
    kind: PuzzleKind
    rules: Rules
    hand: tuple[Card, ...]
    answer: tuple[Card, ...]
    least: int
    themes: tuple[str, ...]
    difficulty: int
    seed: str
    explanation_messages: tuple[Message, ...]
    hint_messages: tuple[Message, ...]
    discard_pile: tuple[Card, ...] = ()
    opponent_known: tuple[Card, ...] = ()
    stock_count: int = 31
    upcard: Card | None = None
    knock_limit: int = 10
    objective: None = None
    forbidden: None = None

    @property
    def question_message(self) -> Message:
        return say("toy_question")

    @property
    def answer_messages(self) -> tuple[Message, ...]:
        return (say("toy_answer", card=self.answer[0]),)

    def left(self, card: Card) -> int:
        return min_deadwood([c for c in self.hand if c != card])

    def grade(self, card: Card) -> Grade:
        if card not in self.hand:
            raise AnswerError(f"{card} is not in the hand")
        if card in self.answer:
            return Grade(True, None, (say("toy_right", card=card, deadwood=self.least), *self.explanation_messages),
                         Fraction(0), None)
        left = self.left(card)
        lead = say("toy_wrong", card=card, deadwood=left, best_card=self.answer[0], least=self.least)
        return Grade(False, None, (lead, *self.explanation_messages), Fraction(left - self.least), None)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind.value, "rules": self.rules.to_dict(), "hand": format_cards(self.hand),
                "knock_limit": self.knock_limit, "answer": {"cards": format_cards(self.answer), "least": self.least},
                "themes": list(self.themes), "difficulty": self.difficulty, "seed": self.seed,
                "sentences": {"explanation": [m.to_data() for m in self.explanation_messages],
                              "hints": [m.to_data() for m in self.hint_messages]}}


def positions(objective: object, seed: str, rules: Rules) -> Any:
    """Batches of eight hands of eleven cards, deterministic for a seed."""
    batch = 0
    while True:
        yield [Position(tuple(sorted(random.Random(f"{seed}/{batch}/{i}").sample(DECK, 11))), f"{seed}/{batch}/{i}")
               for i in range(8)]
        batch += 1


def make(position: Position, objective: object = None) -> ToyPuzzle | None:
    kind = PuzzleKind(WORD)
    left = {card: min_deadwood([c for c in position.hand if c != card]) for card in position.hand}
    ranked = sorted(set(left.values()))
    if len(ranked) < 2 or ranked[1] - ranked[0] < MARGIN or list(left.values()).count(ranked[0]) != 1:
        return None
    best = next(card for card, deadwood in left.items() if deadwood == ranked[0])
    text = json.dumps([WORD, format_cards(position.hand)])
    return ToyPuzzle(id=f"{kind.prefix}-{hashlib.sha256(text.encode()).hexdigest()[:12]}", kind=kind, rules=Rules(),
                     hand=position.hand, answer=(best,), least=ranked[0], themes=(),
                     difficulty=1100 + 20 * min(ranked[0], 40), seed=position.seed,
                     explanation_messages=(say("toy_explain", card=best, deadwood=ranked[0]),),
                     hint_messages=(say("toy_hint_count", deadwood=ranked[0]), say("toy_hint_card", card=best)))


def _position(record: dict[str, Any]) -> Position:
    return Position(parse_cards(record["hand"]), str(record["seed"]))


def verify(record: dict[str, Any]) -> ToyPuzzle:
    result: ToyPuzzle = verify_remade(record, lambda data: make(_position(data)))
    return result


def read(record: dict[str, Any]) -> ToyPuzzle:
    try:
        sentences = record["sentences"]
        return ToyPuzzle(id=record["id"], kind=PuzzleKind(record["kind"]), rules=Rules.from_dict(record["rules"]),
                         hand=parse_cards(record["hand"]), answer=parse_cards(record["answer"]["cards"]),
                         least=int(record["answer"]["least"]), themes=tuple(record["themes"]),
                         difficulty=int(record["difficulty"]), seed=str(record["seed"]),
                         explanation_messages=tuple(Message.from_data(m) for m in sentences["explanation"]),
                         hint_messages=tuple(Message.from_data(m) for m in sentences["hints"]))
    except (KeyError, TypeError, ValueError) as error:
        raise PuzzleError(f"malformed puzzle record: {error!r}") from None


def mark(puzzle: ToyPuzzle, response: str) -> tuple[str, Grade]:
    _, card = parse_discard(response)
    assert card is not None
    return discard_text((None, card)), puzzle.grade(card)


class ToySheet:
    """The toy's part of a worksheet."""

    def title(self) -> str:
        return "Lowest deadwood"

    def position_html(self, puzzle: ToyPuzzle) -> str:
        return f"<div class='toy-position'>{escape(show_cards(puzzle.hand))}</div>"

    def position_words(self, puzzle: ToyPuzzle) -> str:
        return show_cards(puzzle.hand)

    def marks(self, puzzle: ToyPuzzle) -> dict[Card, str]:
        return {}

    def boxes(self, puzzle: ToyPuzzle) -> tuple[Boxes, ...]:
        return (Boxes("Throw:", write=Space.CARD),)

    def verdict(self, puzzle: ToyPuzzle) -> str:
        return ""

    def key_lines(self, puzzle: ToyPuzzle) -> tuple[str, ...]:
        return (f"Least deadwood: {puzzle.least}",)

    def numbers_html(self, puzzle: ToyPuzzle) -> str:
        return f"<p class='toy-numbers'>{puzzle.least}</p>"

    def instructions(self) -> str:
        return "Write the card you throw to keep the least deadwood."

    def more_instructions(self) -> str:
        return "For lowest deadwood, write the card you throw."


def table_html(puzzle: ToyPuzzle, chosen: Card | str | None, four_colour: bool) -> str:
    rows = "".join(f"<tr><td>{escape(str(card))}</td><td>{puzzle.left(card)}</td></tr>" for card in puzzle.hand)
    return f"<table class='toy-table'>{rows}</table>"


def describe() -> KindDescription[Position, ToyPuzzle]:
    """The toy's description (its word declared first)."""
    kind = PuzzleKind.declare(WORD, PREFIX)
    return KindDescription(
        kind=kind, title="Lowest deadwood", words="lowest-deadwood", command_words="lowest deadwood",
        code_bit=CODE_BIT, positions=positions, make=make, verify=verify, read=read, answer=DISCARD_ANSWER,
        answer_input=AnswerInput.DISCARD, mark=mark, reading=discard_reading,
        recorded=lambda puzzle, answer: say("toy_recorded", card=answer[1]),
        themes=lambda objective: frozenset(), sheet=ToySheet(),
        position_html=lambda puzzle, four_colour: f"<div class='toy-position'>{escape(show_cards(puzzle.hand))}</div>",
        table_html=table_html, bank_plan=(("standard", None, 6),), balance=None, messages=MESSAGES)
