"""Reading puzzle records without re-solving them."""

from __future__ import annotations

from typing import Any

from ..engine.cards import parse_card, parse_cards
from ..engine.melds import Arrangement
from ..engine.rules import Rules
from ..engine.solver import DiscardRow, parse_fraction
from ..material.messages import Message
from ..words.errors import GinError
from .core import Puzzle, PuzzleError


def _arrangement(data: dict[str, Any] | None) -> Arrangement | None:
    if data is None:
        return None
    return Arrangement(tuple(parse_cards(m) for m in data["melds"]), parse_cards(data["deadwood"]),
                       int(data["points"]))


def _row(data: dict[str, Any]) -> DiscardRow:
    return DiscardRow(parse_card(data["card"]), int(data["deadwood"]), bool(data["knocks"]), bool(data["gin"]),
                      parse_cards(data["outs"]), parse_fraction(data["expected_deadwood"]))


def puzzle_from_record(record: dict[str, Any]) -> Puzzle:
    """A Puzzle from its JSON record as stored (trusted: the bank was verified when
    built; :func:`gintrainer.puzzles.verify` re-solves a record)."""
    try:
        answer = record["answer"]
        sentences = record["sentences"]
        return Puzzle(
            id=record["id"], kind=record["kind"], rules=Rules.from_dict(record["rules"]),
            hand=parse_cards(record["hand"]), drawn=parse_card(record["drawn"]), drawn_from=record["drawn_from"],
            discard_pile=parse_cards(record["discard_pile"]), opponent_known=parse_cards(record["opponent_known"]),
            stock_count=int(record["stock_count"]),
            upcard=parse_card(record["upcard"]) if record.get("upcard") else None,
            knock_limit=int(record["knock_limit"]), objective=record.get("objective"),
            answer=parse_cards(answer["discards"]), can_knock=answer.get("can_knock"),
            least_deadwood=int(answer["deadwood"]), layout=_arrangement(answer.get("layout")),
            table=tuple(_row(r) for r in record["table"]), themes=tuple(record["themes"]),
            difficulty=int(record["difficulty"]), seed=str(record["seed"]),
            explanation_messages=tuple(Message.from_data(m) for m in sentences["explanation"]),
            hint_messages=tuple(Message.from_data(m) for m in sentences["hints"]))
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, GinError):
            raise PuzzleError(f"puzzle record {record.get('id', '?') if isinstance(record, dict) else '?'!r}: "
                              f"{error}") from None
        raise PuzzleError(f"malformed puzzle record: {error!r}") from None
