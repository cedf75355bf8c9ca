"""The descriptions of the discard kinds, "can you knock?" and "best discard": a
position after the draw, answered by the solver's discard table (:mod:`.core`);
their candidate positions, the themes each can have, and the best-discard
daily's alternating objectives."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

from ..engine.cards import Card
from ..engine.rules import Rules
from ..engine.solver import OBJECTIVES, Objective
from ..material.drawing import discard_table_html, puzzle_position_html
from ..material.messages import PUZZLE_MESSAGES, Message, say
from ..words.language import N_
from ..words.vocab import PuzzleKind
from . import core, store
from .answers import DiscardAnswer, discard_reading, discard_text, mark_discard, parse_discard, parse_knock
from .core import Puzzle
from .description import AnswerInput, AnswerText, KindDescription
from .positions import (
    Position,
    constructed_position,
    knock_position,
    lookahead_position,
    selfplay_positions,
    swap_position,
)
from .sheets import BestDiscardSheet, DiscardSheet


def candidate_positions(kind: PuzzleKind, objective: Objective | None, seed: str,
                        rules: Rules) -> Iterator[list[Position]]:
    """Batches of positions, deterministic for a seed: self-play hands;
    constructed meld-rich hands for the counting puzzles; hands one card from a
    knock, and hands that knock only by breaking a meld, for "can you knock?";
    for the lookahead question, hands where keeping a high card's chances may
    beat throwing it."""
    batch = 0
    while True:
        if kind == PuzzleKind.CAN_KNOCK and batch % 4 == 2:
            yield [swap_position(f"{seed}/{batch}/{i}", rules) for i in range(8)]
            batch += 1
            continue
        if kind == PuzzleKind.CAN_KNOCK and batch % 2:
            yield [knock_position(f"{seed}/{batch}/{i}", rules) for i in range(8)]
            batch += 1
            continue
        if objective == Objective.LOOKAHEAD and batch % 3 == 1:
            yield [lookahead_position(f"{seed}/{batch}/{i}", rules) for i in range(8)]
            batch += 1
            continue
        own_batches = kind == PuzzleKind.CAN_KNOCK or objective == Objective.LOOKAHEAD  # as above
        constructed = (batch % 3 == 2) if own_batches else (batch % 4 != 3)
        if constructed:
            yield [constructed_position(f"{seed}/{batch}/{i}", rules) for i in range(8)]
        else:
            yield selfplay_positions(f"{seed}/{batch}", rules)
        batch += 1


ANY_STREAM = frozenset({"set-or-run", "forbidden-discard", "naive-wrong", "four-of-a-kind", "long-run"})
"""The themes a puzzle of either discard kind, and of either objective, can have."""
KNOCK_THEMES = ANY_STREAM | {"not-highest", "looks-knockable", "near-limit", "gin", "oklahoma"}
"""The themes of "can you knock?": those about knocking besides the common ones."""
DISCARD_THEMES = {Objective.DEADWOOD: ANY_STREAM, Objective.LOOKAHEAD: ANY_STREAM | {"keep-the-pair"}}
"""The themes of "best discard" by objective: "keep-the-pair" is about the next draw."""


def best_discard_daily(day: dt.date) -> tuple[Objective | None, bool | None]:
    """Best-discard dailies alternate objectives, lookahead on odd days (counted from the
    first day of the calendar); of every five lookahead dailies in a row the naive rule
    gets three wrong, so neither answer can be guessed."""
    objective = Objective.LOOKAHEAD if day.toordinal() % 2 else Objective.DEADWOOD
    naive_wrong = (day.toordinal() // 2) % 5 < 3 if objective == Objective.LOOKAHEAD else None
    return objective, naive_wrong


def recorded(puzzle: Puzzle, answer: DiscardAnswer) -> Message:
    """A blind answer (a class set) as recorded, without saying whether it is right."""
    can_knock, card = answer
    if can_knock is False or card is None:
        return say("recorded_no")
    return say("recorded_knock" if can_knock else "recorded_discard", card=card)


def _position_html(puzzle: Puzzle, four_colour: bool) -> str:
    return puzzle_position_html(puzzle, four_colour=four_colour)


def _table_html(puzzle: Puzzle, chosen: Card | str | None, four_colour: bool) -> str:
    return discard_table_html(puzzle.table_sorted(), answer=puzzle.answer, chosen=chosen)


def _discard_kind(kind: PuzzleKind, **parts: Any) -> KindDescription[Position, Puzzle]:
    return KindDescription(
        kind=kind, positions=lambda objective, seed, rules: candidate_positions(kind, objective, seed, rules),
        make=lambda position, objective: core.make_puzzle(position, kind, objective), verify=core.verify,
        assess=lambda position, objective: core.assess_puzzle(position, kind, objective),
        read=store.puzzle_from_record, reading=discard_reading, recorded=recorded, position_html=_position_html,
        table_html=_table_html, in_new_sets=True, messages=PUZZLE_MESSAGES, **parts)


KNOCK_ANSWER = AnswerText(format=discard_text, parse=parse_knock)
DISCARD_ANSWER = AnswerText(format=discard_text, parse=parse_discard)

CAN_KNOCK = _discard_kind(
    PuzzleKind.CAN_KNOCK, title=N_("Can you knock?"), words=N_("can-you-knock"), command_words=N_("can knock"),
    code_bit=0, decisions=("knock_or_play_on",),
    answer=KNOCK_ANSWER, answer_input=AnswerInput.KNOCK,
    mark=lambda puzzle, response: mark_discard(puzzle, response, parse_knock),
    themes=lambda objective: KNOCK_THEMES, sheet=DiscardSheet(),
    bank_plan=(("standard", None, 380), ("oklahoma", None, 60)),
    balance=lambda puzzle: bool(puzzle.can_knock))  # "can you knock?" sets are about half yes, half no
BEST_DISCARD = _discard_kind(
    PuzzleKind.BEST_DISCARD, title=N_("Best discard"), words=N_("best-discard"), command_words=N_("best discard"),
    code_bit=1, decisions=("discard",), answer=DISCARD_ANSWER, answer_input=AnswerInput.DISCARD,
    mark=lambda puzzle, response: mark_discard(puzzle, response, parse_discard),
    themes=lambda objective: DISCARD_THEMES[objective or Objective.LOOKAHEAD], sheet=BestDiscardSheet(),
    bank_plan=(("standard", Objective.DEADWOOD, 200), ("standard", Objective.LOOKAHEAD, 200),
               ("oklahoma", Objective.DEADWOOD, 20), ("oklahoma", Objective.LOOKAHEAD, 20)),
    objectives=OBJECTIVES, default_objective=Objective.LOOKAHEAD, daily_options=best_discard_daily)


__all__ = ["ANY_STREAM", "BEST_DISCARD", "CAN_KNOCK", "DISCARD_ANSWER", "DISCARD_THEMES", "KNOCK_ANSWER",
           "KNOCK_THEMES", "best_discard_daily", "candidate_positions", "recorded"]
