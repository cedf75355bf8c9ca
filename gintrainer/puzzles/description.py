"""What a kind of puzzle is, in one description: everything the rest of the
package needs to generate, bank, serve, mark and show puzzles of the kind.
Each kind's module makes its :class:`KindDescription` from its own functions;
:mod:`.registry` holds the table of them. Generation, the bank and its index,
the daily puzzle, the trainers, class sets and their codes, worksheets, results,
the gradebook, the profile and the command line read the table and name no kind
(see ``docs/adding-a-puzzle-kind.md``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from ..engine.cards import Card
from ..engine.rules import Rules
from ..engine.solver import Objective
from ..material.messages import Message, Template
from ..words.vocab import PuzzleKind, Vocabulary
from .answers import Reading
from .core import Grade
from .kinds import Unclear
from .sheets import Sheet

P = TypeVar("P")
"""The kind's puzzle class."""
X = TypeVar("X")
"""The kind's position class."""
A = TypeVar("A")
"""What an answer of the kind holds once read (a card, a choice, a layout...)."""


class AnswerInput(Vocabulary):
    """How a page takes an answer: yes or no and then (after yes) one card to discard;
    one card to discard; take the card offered or draw (the puzzle has ``offered``);
    the knocker's melds (a layout); or the defender's melds and lay-offs and whether
    they undercut (the puzzle has ``knocker_melds``). A kind names one; the trainer's
    stages and the page's buttons follow from it."""

    KNOCK = "knock"
    DISCARD = "discard"
    CHOICE = "choice"
    LAYOUT = "layout"
    REPLY = "reply"


@dataclass(frozen=True)
class AnswerText(Generic[A]):
    """The one way a kind's answer is written as text (``format``: what the learner's
    record, a results file and a class store keep) and read again (``parse``: that
    text, or a student's in any language the trainer speaks; GinError for text that
    is no answer of the kind). ``parse(format(answer))`` is ``answer``."""

    format: Callable[[A], str]
    parse: Callable[[str], A]


def no_daily_options(day: dt.date) -> tuple[Objective | None, bool | None]:
    """A daily puzzle of a kind with no objective: none, and no naive-rule filter."""
    return None, None


PlanPart = tuple[str, Objective | None, int]
"""A part of a kind's shipped bank: the rules' name ("standard" or "oklahoma"), the objective, the count."""


@dataclass(frozen=True)
class KindDescription(Generic[X, P]):
    """One kind of puzzle. Its parts:

    - ``kind``: its word and the start of its ids (:class:`~gintrainer.words.vocab.PuzzleKind`);
    - ``title``, ``words``, ``command_words``: its name on pages and in a learner's attempts on the
      profile ("Can you knock?"), in a class set's description ("can-you-knock") and on the command
      line ("can knock"): English, marked with ``N_`` where written, shown with ``t``;
    - ``code_bit``: its bit in a class code's kinds field (fixed once codes are given out);
    - ``positions(objective, seed, rules)``: batches of candidate positions (the position builder);
    - ``make(position, objective)``: the puzzle a position makes (the solver's answer, its themes,
      difficulty, explanation and hint ladder as messages), or None when not worth posing;
      ``assess(position, objective)``, the same or why not (:class:`~gintrainer.puzzles.kinds.Unclear`;
      None for a kind that does not say: its ``make`` alone is asked);
    - ``decisions``: the decisions of a played hand whose mistakes make puzzles of the kind, as a
      review names them (``take_or_draw``, ``discard``, ``knock_or_play_on``, ``knocker_layout``,
      ``defender_layout``: :class:`~gintrainer.replay.review.DecisionKind`); the position is the one
      the decision was taken in, as :mod:`gintrainer.trainers.mistakes` rebuilds it;
    - ``verify(record)``: a record's puzzle remade and checked against the solver
      (:func:`~gintrainer.puzzles.core.verify_remade`); ``read(record)``: a stored record, trusted;
    - ``answer``: the parse/format pair of its answers (:class:`AnswerText`), and
      ``answer_input``: how a page takes one (:class:`AnswerInput`);
    - ``mark(puzzle, response)``: a student's written answer read and judged: the answer as
      ``answer.format`` writes it and the grade; ``reading(answer)``: a recorded answer as
      the student reads it; ``recorded(puzzle, answer)``: what a class set says of a blind answer;
    - ``themes(objective)``: the themes its puzzles can have;
    - ``sheet``: what its puzzles put on a worksheet and its answer key (:mod:`.sheets`);
    - ``position_html(puzzle, four_colour)``: the position on the trainer's page, besides the
      hand; ``table_html(puzzle, chosen, four_colour)``: the solver's answer once answered;
    - ``bank_plan``: the parts of its shipped bank; ``objectives``: those its puzzles take (None
      for none), and ``default_objective``, a set's when none is given;
      ``daily_options(day)``: the daily puzzle's objective and naive-rule filter;
    - ``balance(puzzle)``: the answer an unfiltered set keeps about even (None: no balance);
    - ``in_new_sets``: whether a new class set has the kind when no kinds are given;
    - ``messages``: its sentences by name (English templates: the question, the explanation,
      the hint ladder, the verdicts), added to :data:`~gintrainer.material.messages.CATALOG`
      when it is registered (the kinds shipped keep theirs in :mod:`gintrainer.material.messages`);
    - ``bank_folder``: where its bank file ``bank_<kind>.json`` and its index are (None: the
      package's data folder, as for every kind shipped; a kind from another package keeps its own).
    """

    kind: PuzzleKind
    title: str
    words: str
    command_words: str
    code_bit: int
    positions: Callable[[Objective | None, str, Rules], Iterable[list[X]]]
    make: Callable[[X, Objective | None], P | None]
    verify: Callable[[dict[str, Any]], P]
    read: Callable[[dict[str, Any]], P]
    answer: AnswerText[Any]
    answer_input: AnswerInput
    mark: Callable[[P, str], tuple[str, Grade]]
    reading: Callable[[str], Reading]
    recorded: Callable[[P, Any], Message]
    themes: Callable[[Objective | None], frozenset[str]]
    sheet: Sheet
    position_html: Callable[[P, bool], str]
    table_html: Callable[[P, Card | str | None, bool], str]
    bank_plan: tuple[PlanPart, ...]
    objectives: tuple[Objective | None, ...] = (None,)
    default_objective: Objective | None = None
    daily_options: Callable[[dt.date], tuple[Objective | None, bool | None]] = no_daily_options
    balance: Callable[[P], object] | None = None
    in_new_sets: bool = False
    bank_folder: Path | None = None
    assess: Callable[[X, Objective | None], P | Unclear] | None = None
    decisions: tuple[str, ...] = ()
    messages: Mapping[str, str | Template] = field(default_factory=dict)


__all__ = ["AnswerInput", "AnswerText", "KindDescription", "PlanPart", "no_daily_options"]
