"""The "lay out your knock" puzzle: you knock, both hands are shown; lay out your
melds so that the defender's best lay-offs leave you the most points. Answered
exactly over every layout of the knocker's ten cards within the knock limit
(:func:`gintrainer.engine.scoring.every_knock_layout`: a meld may be given up or broken,
which is sometimes worth more than the least deadwood), kept only when the best
layouts score at least :data:`KNOCK_LAYOUT_MARGIN` more than the next best and a
least-deadwood layout is not among them.

Its record keeps the common keys of every puzzle (``id``, ``kind``, ``rules``,
``hand`` the knocker's 10 cards after the knock discard, ``discard_pile`` bottom
first with the knock discard on top, ``opponent_known``, ``stock_count``,
``upcard``, ``themes``, ``difficulty``, ``seed``, ``sentences``) with
``defender_hand``, the knock limit and ``answer``: ``layouts`` (every accepted
layout, each a list of melds; a run is never split into runs that touch) and
``points`` (the knocker's score after the defender's best lay-offs, negative when
undercut). Any layout that scores ``points`` is right.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ..engine.cards import Card, CardsLike, format_cards, parse_cards, show_cards, sort_by_rank
from ..engine.rules import Rules
from ..engine.scoring import HandScore, knocker_net, score_hand
from ..material.drawing import knock_layouts_html, knock_position_html
from ..material.messages import KNOCK_LAYOUT_MESSAGES, Message, say
from ..words.errors import GinError
from ..words.language import N_, t
from .answers import Reading
from .core import Grade, KindPuzzle, KindRecords, PuzzleError, record_position
from .description import AnswerInput, AnswerText, KindDescription
from .kinds import PuzzleKind, Unclear
from .knock_layout_themes import LayoutContext, explain, hints, rate, same_layout
from .positions import KnockPosition, knock_layout_position
from .sheets import KnockLayoutSheet
from .themes import kind_themes, themes_of

KIND = PuzzleKind.KNOCK_LAYOUT
KNOCK_LAYOUT_MARGIN = 2
"""The least gap, in points, between the best layouts' score and the next best that
makes one clear answer: a one-point gap is an ace laid off or not, too fine to pose."""

Layout = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class KnockLayoutPuzzle(KindPuzzle):
    """One verified "lay out your knock" puzzle: the knock, both hands, and the answer."""

    defender_hand: tuple[Card, ...]
    layouts: tuple[Layout, ...]
    points: int

    KIND = KIND
    KIND_WORDS = "knock-layout"

    def __post_init__(self) -> None:
        super().__post_init__()
        if not self.layouts:
            raise PuzzleError(f"puzzle {self.id!r} accepts no layout")

    @property
    def position(self) -> KnockPosition:
        return KnockPosition(defender_hand=self.defender_hand, **self.seen())

    @property
    def answer(self) -> tuple[Layout, ...]:
        """The accepted answers: every layout that scores the most."""
        return self.layouts

    @property
    def count_message(self) -> Message:
        """Where the 52 cards are: both hands are shown, the pile and the stock."""
        return say("kl_position_count", pile=len(self.discard_pile), stock=self.stock_count)

    @property
    def question_message(self) -> Message:
        return say("kl_question", limit=self.knock_limit)

    @property
    def answer_messages(self) -> tuple[Message, ...]:
        if len(self.layouts) == 1:
            return (say("kl_answer_one", layout=self.layouts[0]),)
        return (say("kl_answer_many", layout=self.layouts[0], others=len(self.layouts) - 1),)

    def score(self, melds: Iterable[CardsLike]) -> HandScore:
        """The hand's score with the knocker's melds ``melds`` (the rest deadwood) and the
        defender's best reply; GinError (IllegalActionError) for a layout that is no
        layout of the hand or is over the knock limit, in words."""
        if isinstance(melds, (str, Card)):
            raise GinError("melds are a list of melds")
        return score_hand(self.hand, self.defender_hand, self.rules, knocker_melds=list(melds), upcard=self.upcard)

    def grade(self, melds: Iterable[CardsLike]) -> Grade:
        """Judge a layout (a list of melds, the other cards deadwood): right when it scores
        as much as the best, then the explanation (after a word that the learner's layout does as
        well, when it is another than the one explained); its cost is the points it gives away."""
        if isinstance(melds, (str, Card)):
            raise GinError("melds are a list of melds")
        melds = list(melds)
        score = self.score(melds)
        net = knocker_net(score)
        if net == self.points:
            mine = tuple(sort_by_rank(parse_cards(meld)) for meld in melds)
            said = [say("grade_right")]
            if not same_layout(mine, self.explanation_messages[0]["layout"]):
                said.append(say("kl_right_other", answer_layout=mine))
            return Grade(True, None, (*said, *self.explanation_messages), Fraction(0), None)
        cost = self.points - net
        if net > 0:
            lead = say("kl_grade_wrong_knock", defender_deadwood=score.defender_deadwood, net=net, cost=cost)
        elif net < 0:
            lead = say("kl_grade_wrong_undercut", defender_deadwood=score.defender_deadwood, lost=-net, cost=cost)
        else:
            lead = say("kl_grade_wrong_tie", cost=cost)
        return Grade(False, None, (lead, *self.explanation_messages), Fraction(cost), None)

    def to_dict(self) -> dict[str, Any]:
        return self.record({"defender_hand": format_cards(self.defender_hand)},
                           {"answer": {"layouts": [[format_cards(m) for m in layout] for layout in self.layouts],
                                       "points": self.points}})

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> KnockLayoutPuzzle:
        """Read a record and check it against the solver (see :func:`verify`)."""
        return verify(data)


def solve(position: KnockPosition) -> LayoutContext:
    """The solved knock: every layout within the knock limit, scored."""
    from ..engine.scoring import every_knock_layout
    scored = every_knock_layout(position.hand, position.defender_hand, position.rules, upcard=position.upcard)
    return LayoutContext(position, scored, position.rules.knock_limit_for(position.upcard))


def make(position: KnockPosition) -> KnockLayoutPuzzle | None:
    """The puzzle this knock makes, or None when it is not worth posing: no layout
    within the limit, a gin (always the best), the best layouts within
    :data:`KNOCK_LAYOUT_MARGIN` of the next, or every least-deadwood layout
    among the best (the count alone answers it)."""
    found = assess(position)
    return None if isinstance(found, Unclear) else found


def assess(position: KnockPosition) -> KnockLayoutPuzzle | Unclear:
    """The puzzle this knock makes, or why it makes none (see :func:`make`)."""
    position = replace(position, hand=tuple(sorted(position.hand)),
                       defender_hand=tuple(sorted(position.defender_hand)))  # the record's order
    position.verify()
    ctx = solve(position)
    if not ctx.scored:
        return Unclear.FAR_FROM_KNOCK  # no layout within the knock limit
    if ctx.gin:
        return Unclear.GIN_THERE
    if ctx.next_best is None:
        return Unclear.PLAIN  # one layout only
    if ctx.margin < KNOCK_LAYOUT_MARGIN:
        return Unclear.MARGIN
    if ctx.rival is None:
        return Unclear.PLAIN
    themes = themes_of(ctx)
    return KnockLayoutPuzzle.posed(position, ctx.limit, themes, rate(ctx, themes), explain(ctx, themes),
                                   hints(ctx, themes), defender_hand=position.defender_hand,
                                   layouts=tuple(s.layout.melds for s in ctx.accepted), points=ctx.best.net)


def _position(record: dict[str, Any]) -> KnockPosition:
    return KnockPosition(defender_hand=parse_cards(record["defender_hand"]), **record_position(record))


def _read(record: dict[str, Any]) -> KnockLayoutPuzzle:
    answer, position = record["answer"], _position(record)
    return KnockLayoutPuzzle.stored(
        record, position, defender_hand=position.defender_hand,
        layouts=tuple(tuple(parse_cards(m) for m in layout) for layout in answer["layouts"]),
        points=int(answer["points"]))


puzzle_id = KnockLayoutPuzzle.id_of
RECORDS = KindRecords(_position, make, _read)
verify = RECORDS.verify
from_record = RECORDS.read


def positions(seed: str, rules: Rules) -> Iterator[list[KnockPosition]]:
    """Batches of knocks built around melds and the cards that lay off on them, deterministic for a seed."""
    batch = 0
    while True:
        yield [knock_layout_position(f"{seed}/{batch}/{i}", rules) for i in range(8)]
        batch += 1


LAYOUT_SEPARATOR = "/"
"""Between the melds of a written layout: ``AC 2C 3C / 7H 7D 7S``."""


def layout_text(melds: Iterable[CardsLike]) -> str:
    """A layout as an attempt or a results file keeps it: each meld's cards, melds apart by
    :data:`LAYOUT_SEPARATOR`."""
    return f" {LAYOUT_SEPARATOR} ".join(format_cards(parse_cards(m)) for m in melds)


def parse_layout(text: str) -> list[tuple[Card, ...]]:
    """The melds of a written layout (see :func:`layout_text`); GinError for cards it cannot read."""
    if not isinstance(text, str):
        raise GinError(t("write the melds of your layout, each one's cards, melds apart by {separator}",
                         separator=LAYOUT_SEPARATOR))
    return [parse_cards(part) for part in text.split(LAYOUT_SEPARATOR) if part.strip()]


def layout_reading(answer: str) -> Reading:
    """A recorded layout (:func:`layout_text`) as the student reads it: each meld's cards with
    their suits, melds apart by :data:`LAYOUT_SEPARATOR` ("—" for none); it chooses no row of
    the table of layouts. GinError for cards it cannot read.

    >>> layout_reading("AC 2C 3C / 7H 7D 7S").words
    'A♣ 2♣ 3♣ / 7♥ 7♦ 7♠'
    """
    melds = parse_layout(answer)
    return Reading(f" {LAYOUT_SEPARATOR} ".join(show_cards(meld) for meld in melds) or "—")


def mark(puzzle: KnockLayoutPuzzle, response: str) -> tuple[str, Grade]:
    """A written layout (``AC 2C 3C / 7H 7D 7S``) as a results file keeps it, and its grade."""
    melds = parse_layout(response)
    return layout_text(melds), puzzle.grade(melds)


DESCRIPTION: KindDescription[KnockPosition, KnockLayoutPuzzle] = KindDescription(
    kind=KIND, title=N_("Lay out your knock"), words=N_("lay-out-your-knock"), command_words=N_("knock layout"),
    code_bit=3, decisions=("knocker_layout",), positions=lambda objective, seed, rules: positions(seed, rules),
    make=lambda position, objective: make(position),
    assess=lambda position, objective: assess(position), verify=verify, read=from_record,
    answer=AnswerText(format=layout_text, parse=parse_layout), answer_input=AnswerInput.LAYOUT, mark=mark,
    reading=layout_reading, recorded=lambda puzzle, melds: say("kl_recorded"),
    themes=lambda objective: frozenset(kind_themes(KIND)), sheet=KnockLayoutSheet(),
    position_html=lambda puzzle, four_colour: knock_position_html(puzzle, four_colour=four_colour),
    table_html=lambda puzzle, chosen, four_colour: knock_layouts_html(puzzle, four_colour=four_colour),
    bank_plan=(("standard", None, 300), ("oklahoma", None, 20)),
    messages=KNOCK_LAYOUT_MESSAGES,
    balance=lambda puzzle: "block-layoffs" in puzzle.themes)  # as many that give a meld up as not

__all__ = ["KIND", "KNOCK_LAYOUT_MARGIN", "KnockLayoutPuzzle", "LAYOUT_SEPARATOR", "DESCRIPTION", "from_record",
           "layout_reading", "layout_text", "make", "mark", "parse_layout", "positions", "puzzle_id", "solve",
           "verify"]
