"""What each kind of puzzle puts on a printed worksheet and its answer key: its
title, the position drawn and written in words, the answer boxes, the answer
key's lines and table, and the worksheet's instructions. Each kind's description
(:mod:`.description`) has a sheet; :mod:`gintrainer.classroom.worksheet` lays them out.

A sheet offers:

- ``title()``: the kind's name over a puzzle's box ("Which card?");
- ``position_html(puzzle)`` and ``position_words(puzzle)``: the draw or offer, the
  discard pile and the opponent's known cards, drawn (worksheet) or in words (key);
- ``marks(puzzle)``: the cards of the hand drawn marked (the card just drawn: "new");
- ``boxes(puzzle)``: the answer boxes, as groups (a lead text, the labels of tick
  boxes, and what the box to write in takes, if one follows: a card, melds or
  lay-offs, which the worksheet sizes it for);
- ``verdict(puzzle)``: what the key says before the answer ("Yes." for a knock), or "";
- ``key_lines(puzzle)``: lines of the key after the answer (the layout), as text;
- ``numbers_html(puzzle)``: the solver's numbers that decide the answer;
- ``instructions()``: the worksheet's instructions for a set of this kind alone,
  and ``more_instructions()``: what they add in a set whose first kind is another.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, ClassVar, NamedTuple, Protocol

from ..engine.melds import best_arrangement
from ..engine.solver import Objective
from ..material.drawing import (
    choice_table_html,
    deadwood_sum_words,
    defend_position_html,
    discard_table_html,
    knock_layouts_html,
    knock_position_html,
    melds_words,
    offer_position_html,
    offer_position_words,
    puzzle_position_html,
    puzzle_position_words,
    words,
)
from ..material.messages import render, say
from ..words.language import N_, t, tc


class Space(Enum):
    """What a box to write an answer in takes, which the worksheet sizes it for."""

    CARD = "card"
    """One card (7♥): a small box."""
    MELDS = "melds"
    """A layout: several melds, each of three or more cards."""
    LAYOFFS = "layoffs"
    """Lay-offs: a few cards, each with the number of the meld it goes on."""


class Boxes(NamedTuple):
    """A group of answer boxes: a lead text, tick boxes (each with its label) and a box to
    write in, by what it takes (None: no box)."""

    lead: str
    ticks: tuple[str, ...] = ()
    write: Space | None = None


class Sheet(Protocol):
    """What a kind puts on a worksheet (see the module's docstring)."""

    def title(self) -> str: ...

    def position_html(self, puzzle: Any) -> str: ...

    def position_words(self, puzzle: Any) -> str: ...

    def marks(self, puzzle: Any) -> dict[Any, str]: ...

    def boxes(self, puzzle: Any) -> tuple[Boxes, ...]: ...

    def verdict(self, puzzle: Any) -> str: ...

    def key_lines(self, puzzle: Any) -> tuple[str, ...]: ...

    def numbers_html(self, puzzle: Any) -> str: ...

    def instructions(self) -> str: ...

    def more_instructions(self) -> str: ...


DISCARD_INSTRUCTIONS = N_(
    "Each puzzle shows your eleven cards just after you drew; the card you drew is outlined in blue. "
    "Find the melds (three or four cards of a rank; three or more in sequence in one suit) and count the "
    "deadwood: ace 1, two to ten their value, J Q K 10. For \u201cCan you knock?\u201d tick yes or no, and for "
    "yes write the card you discard. For \u201cWhich card?\u201d write the card you discard. Write cards as "
    "7\u2665 or 7H. A card taken from the discard pile may not be thrown back in the same turn.")

OFFER_INSTRUCTIONS = N_(
    "A \u201cTake or draw?\u201d puzzle shows your ten cards before you draw, and the card on top of the discard "
    "pile: tick take if you would take that card, or draw if you would draw from the stock.")

OFFER_ONLY_INSTRUCTIONS = N_(
    "Each puzzle shows your ten cards before you draw, and the card on top of the discard pile. Find the melds "
    "(three or four cards of a rank; three or more in sequence in one suit) and count the deadwood: ace 1, two to "
    "ten their value, J Q K 10. Tick take if you would take that card, or draw if you would draw from the stock.")


class DiscardSheet:
    """The discard kinds: eleven cards after the draw, answered with a discard (and
    for "can you knock?" yes or no); the key lays out the melds and shows the
    columns of the solver's discard table that decide the answer."""

    def title(self) -> str:
        return tc("puzzle kind", "Can you knock?")

    def position_html(self, puzzle: Any) -> str:
        return puzzle_position_html(puzzle)

    def position_words(self, puzzle: Any) -> str:
        return puzzle_position_words(puzzle)

    def marks(self, puzzle: Any) -> dict[Any, str]:
        return {puzzle.drawn: "new"}

    def boxes(self, puzzle: Any) -> tuple[Boxes, ...]:
        return (Boxes(tc("answer box", "Can you knock?"), (tc("answer box", "yes"), tc("answer box", "no"))),
                Boxes(tc("answer box", "If yes, discard:"), write=Space.CARD))

    def verdict(self, puzzle: Any) -> str:
        return render(say("answer_yes")) if puzzle.can_knock else ""

    def key_lines(self, puzzle: Any) -> tuple[str, ...]:
        if puzzle.layout is not None:
            name, card, arrangement = "key_layout", puzzle.answer[0], puzzle.layout
        else:  # "no, you cannot knock": show the best try
            card = puzzle.table_sorted()[0].card
            name, arrangement = "key_best_try", best_arrangement(c for c in puzzle.hand if c is not card)
        return (words(name, card=card, melds=melds_words(arrangement.melds),
                      deadwood=deadwood_sum_words(arrangement.deadwood)),)

    def numbers_html(self, puzzle: Any) -> str:
        """The solver's numbers, one column per legal discard, best first; the
        accepted answers marked. The columns are those that decide the puzzle."""
        return discard_table_html(puzzle.table_sorted(), columns=self.columns(puzzle), answer=puzzle.answer,
                                  across=True)

    def columns(self, puzzle: Any) -> tuple[str, ...]:
        """The columns of the discard table that decide a puzzle's answer."""
        return ("discard", "deadwood", "knocks")

    def instructions(self) -> str:
        return t(DISCARD_INSTRUCTIONS)

    def more_instructions(self) -> str:
        return t(DISCARD_INSTRUCTIONS)


class BestDiscardSheet(DiscardSheet):
    """"Which card?": a box for the discard; the key's columns follow the objective."""

    def title(self) -> str:
        return tc("puzzle kind", "Which card?")

    def boxes(self, puzzle: Any) -> tuple[Boxes, ...]:
        return (Boxes(tc("answer box", "Discard:"), write=Space.CARD),)

    def verdict(self, puzzle: Any) -> str:
        return ""

    def columns(self, puzzle: Any) -> tuple[str, ...]:
        if puzzle.objective == Objective.LOOKAHEAD:
            return ("discard", "deadwood", "outs", "expected")
        return ("discard", "deadwood")


class PlainSheet:
    """What the sheets of the kinds answered by their own words share: no card of the hand
    marked, nothing said before the answer, no lines of the key after it (the answer and the
    explanation say it all), and the instructions a sheet names: ``ONLY_INSTRUCTIONS`` for a
    set of its kind alone, ``MORE_INSTRUCTIONS`` what they add in a set whose first kind is
    another (the same unless it says)."""

    ONLY_INSTRUCTIONS: ClassVar[str]
    MORE_INSTRUCTIONS: ClassVar[str | None] = None

    def marks(self, puzzle: Any) -> dict[Any, str]:
        return {}

    def verdict(self, puzzle: Any) -> str:
        return ""

    def key_lines(self, puzzle: Any) -> tuple[str, ...]:
        return ()

    def instructions(self) -> str:
        return t(self.ONLY_INSTRUCTIONS)

    def more_instructions(self) -> str:
        return t(self.MORE_INSTRUCTIONS or self.ONLY_INSTRUCTIONS)


class OfferSheet(PlainSheet):
    """"Take or draw?": ten cards before the draw and the card on offer, answered
    with a tick; the key's explanation says what the take keeps, and its table
    holds both choices."""

    ONLY_INSTRUCTIONS = OFFER_ONLY_INSTRUCTIONS
    MORE_INSTRUCTIONS = OFFER_INSTRUCTIONS

    def title(self) -> str:
        return tc("puzzle kind", "Take or draw?")

    def position_html(self, puzzle: Any) -> str:
        return offer_position_html(puzzle)

    def position_words(self, puzzle: Any) -> str:
        return offer_position_words(puzzle)

    def boxes(self, puzzle: Any) -> tuple[Boxes, ...]:
        return (Boxes("", (tc("answer box", "take"), tc("answer box", "draw"))),)

    def numbers_html(self, puzzle: Any) -> str:
        return choice_table_html(puzzle)


KNOCK_LAYOUT_INSTRUCTIONS = N_(
    "A \u201cLay out your knock\u201d puzzle shows your ten cards after your knock discard and the defender\u2019s "
    "ten: write the melds you lay out, each one\u2019s cards, melds apart by a slash (A\u2663 2\u2663 3\u2663 / "
    "7\u2665 7\u2666 7\u2660), so that you score the most after the defender lays off all he can.")


class KnockLayoutSheet(PlainSheet):
    """"Lay out your knock": both hands, a box for the melds; the key shows every accepted layout."""

    ONLY_INSTRUCTIONS = KNOCK_LAYOUT_INSTRUCTIONS

    def title(self) -> str:
        return tc("puzzle kind", "Lay out your knock")

    def position_html(self, puzzle: Any) -> str:
        return knock_position_html(puzzle)

    def position_words(self, puzzle: Any) -> str:
        return t("Defender's hand: {cards}", cards=puzzle.defender_hand)

    def boxes(self, puzzle: Any) -> tuple[Boxes, ...]:
        return (Boxes(tc("answer box", "Your melds:"), write=Space.MELDS),)

    def numbers_html(self, puzzle: Any) -> str:
        return knock_layouts_html(puzzle)


DEFEND_INSTRUCTIONS = N_(
    "A \u201cDefend\u201d puzzle shows the knocker's melds, numbered from 1, the knocker's deadwood and your ten "
    "cards: write your melds and the cards you lay off, each with the number of the meld it goes on (7\u2665 on "
    "2), and tick yes if your deadwood undercuts the knocker, or no.")

DEFEND_ONLY_INSTRUCTIONS = N_(
    "Each puzzle shows the knocker's melds, numbered from 1, the knocker's deadwood and your ten cards. Find your "
    "melds (three or four cards of a rank; three or more in sequence in one suit), lay off what you can on the "
    "knocker's melds (a card on a card you laid off counts too) and count the deadwood: ace 1, two to ten their "
    "value, J Q K 10. Write your melds and the cards you lay off, each with the number of the meld it goes on "
    "(7\u2665 on 2), and tick yes if your deadwood undercuts the knocker, or no.")


class DefendSheet(PlainSheet):
    """"Defend": the knocker's numbered melds and deadwood and the defender's ten
    cards, answered with melds, lay-offs and a tick on the undercut; the key's
    answer and explanation give the layout and the counts (no table)."""

    ONLY_INSTRUCTIONS = DEFEND_ONLY_INSTRUCTIONS
    MORE_INSTRUCTIONS = DEFEND_INSTRUCTIONS

    def title(self) -> str:
        return tc("puzzle kind", "Defend")

    def position_html(self, puzzle: Any) -> str:
        return defend_position_html(puzzle)

    def position_words(self, puzzle: Any) -> str:
        # The question names the knocker's melds and deadwood; the pile is what is left to say.
        return words("position_pile", count=len(puzzle.discard_pile), card=puzzle.discard_pile[-1])

    def boxes(self, puzzle: Any) -> tuple[Boxes, ...]:
        return (Boxes(tc("answer box", "Your melds:"), write=Space.MELDS),
                Boxes(tc("answer box", "Lay-offs (card on meld number):"), write=Space.LAYOFFS),
                Boxes(tc("answer box", "Undercut?"), (tc("answer box", "yes"), tc("answer box", "no"))))

    def numbers_html(self, puzzle: Any) -> str:
        return ""  # its explanation quotes the counts


__all__ = ["BestDiscardSheet", "Boxes", "DEFEND_INSTRUCTIONS", "DEFEND_ONLY_INSTRUCTIONS", "DISCARD_INSTRUCTIONS",
           "DefendSheet", "DiscardSheet", "KNOCK_LAYOUT_INSTRUCTIONS", "KnockLayoutSheet", "OFFER_INSTRUCTIONS",
           "OFFER_ONLY_INSTRUCTIONS", "OfferSheet", "PlainSheet", "Sheet", "Space"]
