"""The "defend" puzzle: the knocker's melds and deadwood are on the table; lay
out your melds and lay-offs for the least deadwood (chains included: a card on
a card laid off before it, as RULES.md allows), and say whether you undercut.
Answered by the engine's defender (:func:`gintrainer.engine.scoring.best_replies`),
kept only when laying off lowers the deadwood below what the defender's own
melds keep.

Its record keeps the common keys of every puzzle (``id``, ``kind``, ``rules``,
``hand`` the defender's 10, ``discard_pile`` bottom first, ``opponent_known``,
``stock_count``, ``upcard``, ``themes``, ``difficulty``, ``seed``, ``sentences``)
with ``knocker_melds`` (a list of melds), ``knocker_deadwood`` (his deadwood
cards), the knock limit and ``answer``: ``melds`` and ``layoffs`` (each "card on
N", the knocker's melds counted from 1) of the engine's reply, ``deadwood`` (its
count) and ``undercut``. The least deadwood is one number, but several layouts
may reach it (a card laid off on one meld or another, melds that swap a card):
the record shows the engine's, and every legal layout that keeps the least
deadwood is accepted, with the right word on the undercut.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from html import escape
from typing import Any

from ..engine.cards import Card, CardsLike, format_cards, parse_cards, sort_by_rank
from ..engine.melds import order_meld
from ..engine.scoring import DefenderReply, Layoff, check_reply
from ..material.drawing import defend_position_html
from ..material.messages import DEFEND_MESSAGES, Message, render, say
from ..words.errors import GinError
from ..words.language import N_, t
from .answers import answer_text, layoff_text, mark_reply, parse_layoff, parse_reply_response, reply_reading
from .core import Grade, KindPuzzle, KindRecords, record_position
from .defend_positions import DefendPosition
from .defend_positions import positions as defend_positions
from .defend_themes import DefendContext, answer_message, explain, hints, layout_messages, rate
from .description import AnswerInput, AnswerText, KindDescription
from .kinds import PuzzleKind, Unclear
from .sheets import DefendSheet
from .themes import kind_themes, themes_of

KIND = PuzzleKind.DEFEND


@dataclass(frozen=True)
class DefendPuzzle(KindPuzzle):
    """One verified "defend" puzzle: the knock, the defender's hand and the answer."""

    knocker_melds: tuple[tuple[Card, ...], ...]
    knocker_deadwood: tuple[Card, ...]
    reply: DefenderReply
    undercut: bool
    answer_sentences: tuple[Message, ...]

    KIND = KIND
    KIND_WORDS = "defend"

    @property
    def deadwood(self) -> int:
        """The least deadwood the defender can keep."""
        return self.reply.points

    @property
    def knocker_points(self) -> int:
        return sum(c.value for c in self.knocker_deadwood)

    @property
    def position(self) -> DefendPosition:
        return DefendPosition(knocker_melds=self.knocker_melds, knocker_deadwood=self.knocker_deadwood, **self.seen())

    @property
    def answer(self) -> tuple[DefenderReply]:
        """The reply the record shows (any other keeping as little is accepted too)."""
        return (self.reply,)

    @property
    def answer_messages(self) -> tuple[Message, ...]:
        """The answer in words: the engine's layout and the word on the undercut."""
        return self.answer_sentences

    @property
    def question_message(self) -> Message:
        return say("df_question", layout=self.knocker_melds, knocker=self.knocker_points,
                   dead_cards=self.knocker_deadwood)

    @property
    def count_message(self) -> Message:
        return say("df_position_count", pile=len(self.discard_pile), stock=self.stock_count)

    def lay_out(self, melds: Iterable[CardsLike], layoffs: Iterable[Layoff | str]) -> DefenderReply:
        """The learner's layout, checked against the rules (IllegalActionError or
        GinError, in words, for a layout they refuse): melds of the hand, lay-offs
        as :class:`~gintrainer.engine.scoring.Layoff` or "card on N" (N from 1)."""
        return check_reply(self.hand, self.knocker_melds, melds, [parse_layoff(lo) for lo in layoffs])

    def grade(self, melds: Iterable[CardsLike], layoffs: Iterable[Layoff | str], undercut: bool) -> Grade:
        """Judge a layout and the word on the undercut (GinError for a layout the
        rules refuse): right when it keeps the least deadwood and the word is right;
        the cost is the deadwood kept above the least."""
        if not isinstance(undercut, bool):
            raise GinError(t("say whether you undercut: yes or no, not {answer}", answer=repr(undercut)))
        yours = self.lay_out(melds, layoffs)
        cost = Fraction(yours.points - self.deadwood)
        if cost:
            lead = say("df_grade_more", yours=yours.points, cost=int(cost), deadwood=self.deadwood)
        elif undercut != self.undercut:
            lead = say("df_grade_undercut_yes" if self.undercut else "df_grade_undercut_no",
                       deadwood=self.deadwood, knocker=self.knocker_points)
        else:
            return Grade(True, None, (say("grade_right"), *self.explanation_messages), Fraction(0), None)
        return Grade(False, None, (lead, *self.explanation_messages), cost, None)

    def to_dict(self) -> dict[str, Any]:
        return self.record({"knocker_melds": [format_cards(m) for m in self.knocker_melds],
                            "knocker_deadwood": format_cards(self.knocker_deadwood)},
                           {"answer": {"melds": [format_cards(m) for m in self.reply.melds],
                                       "layoffs": [layoff_text(lo) for lo in self.reply.layoffs],
                                       "deadwood": self.deadwood, "undercut": self.undercut}},
                           answer=self.answer_messages)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DefendPuzzle:
        """Read a record and check it against the engine (see :func:`verify`)."""
        return verify(data)


def make(position: DefendPosition) -> DefendPuzzle | None:
    """The puzzle this position makes, or None when it is not worth posing: laying
    off leaves no less than the defender's own melds."""
    found = assess(position)
    return None if isinstance(found, Unclear) else found


def assess(position: DefendPosition) -> DefendPuzzle | Unclear:
    """The puzzle this position makes, or why it makes none: laying off leaves no less than the defender's
    own melds, so the plain count of the melds answers it."""
    position = replace(position, hand=tuple(sorted(position.hand)),
                       knocker_melds=tuple(order_meld(m) for m in position.knocker_melds),
                       knocker_deadwood=tuple(sorted(position.knocker_deadwood)))
    position.verify()
    ctx = DefendContext(position)
    if not ctx.worth_posing:
        return Unclear.PLAIN
    themes = themes_of(ctx)
    return DefendPuzzle.posed(position, position.knock_limit, themes, rate(ctx, themes), explain(ctx, themes),
                              hints(ctx, themes), knocker_melds=position.knocker_melds,
                              knocker_deadwood=position.knocker_deadwood, reply=ctx.reply, undercut=ctx.undercut,
                              answer_sentences=(*layout_messages(ctx)[1:], answer_message(ctx)))


def _position(record: dict[str, Any]) -> DefendPosition:
    melds = record["knocker_melds"]
    if not isinstance(melds, list):
        raise GinError("knocker_melds is a list of melds")
    return DefendPosition(knocker_melds=tuple(parse_cards(m) for m in melds),
                          knocker_deadwood=parse_cards(record["knocker_deadwood"]), **record_position(record))


def _read(record: dict[str, Any]) -> DefendPuzzle:
    answer, position = record["answer"], _position(record)
    dead = sort_by_rank(c for c in position.hand if c not in {c for m in answer["melds"] for c in parse_cards(m)}
                        and c not in {parse_layoff(lo).card for lo in answer["layoffs"]})
    reply = DefenderReply(tuple(parse_cards(m) for m in answer["melds"]),
                          tuple(parse_layoff(lo) for lo in answer["layoffs"]), dead, int(answer["deadwood"]))
    return DefendPuzzle.stored(
        record, position, knocker_melds=position.knocker_melds, knocker_deadwood=position.knocker_deadwood,
        reply=reply, undercut=bool(answer["undercut"]),
        answer_sentences=tuple(Message.from_data(m) for m in record["sentences"]["answer"]))


puzzle_id = DefendPuzzle.id_of
RECORDS = KindRecords(_position, make, _read)
verify = RECORDS.verify
from_record = RECORDS.read


Reply = tuple[list[tuple[Card, ...]], list[Layoff], bool]
"""A defender's answer: the melds, the lay-offs and the word on the undercut."""


def recorded(puzzle: DefendPuzzle, reply: Reply) -> Message:
    """A blind answer (a class set) as recorded: the learner's own count, not the least."""
    melds, layoffs, undercut = reply
    kept = puzzle.lay_out(melds, layoffs).points
    return say("df_recorded_undercut" if undercut else "df_recorded_no_undercut", deadwood=kept)


def _answer_html(puzzle: DefendPuzzle, chosen: object, four_colour: bool) -> str:
    return f"<div class='gt-info gt-defend-answer'>{escape(render(puzzle.answer_messages))}</div>"


DESCRIPTION: KindDescription[DefendPosition, DefendPuzzle] = KindDescription(
    kind=KIND, title=N_("Defend"), words=N_("defend"), command_words=N_("defend"), code_bit=4,
    decisions=("defender_layout",),
    positions=lambda objective, seed, rules: defend_positions(seed, rules),
    make=lambda position, objective: make(position),
    assess=lambda position, objective: assess(position), verify=verify, read=from_record,
    answer=AnswerText(format=lambda reply: answer_text(*reply), parse=parse_reply_response),
    answer_input=AnswerInput.REPLY, mark=mark_reply, reading=reply_reading, recorded=recorded,
    themes=lambda objective: frozenset(kind_themes(KIND)), sheet=DefendSheet(),
    position_html=lambda puzzle, four_colour: defend_position_html(puzzle, four_colour=four_colour),
    table_html=_answer_html, bank_plan=(("standard", None, 300), ("oklahoma", None, 20)),
    messages=DEFEND_MESSAGES,
    balance=lambda puzzle: puzzle.undercut)  # about as many undercuts as not

__all__ = ["DESCRIPTION", "DefendPuzzle", "KIND", "Reply", "answer_text", "from_record", "layoff_text", "make",
           "parse_layoff", "puzzle_id", "verify"]
