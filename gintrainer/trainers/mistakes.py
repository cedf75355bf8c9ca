"""The learner's mistakes made puzzles: each decision of a kept hand review marked a mistake or a
blunder is posed again, from the position before it as the learner saw it, as a puzzle of the
matching kind, when that position meets the bank's standard.

The standard is the bank's own, asked of the kind's description in the table of kinds
(:mod:`gintrainer.puzzles.registry`), nothing copied: the position accounts for its cards (its
``problems()``), the kind's ``make`` finds one clear answer by the kind's margin and explains it
(its ``assess`` says why not: :class:`~gintrainer.puzzles.kinds.Unclear`),
and the puzzle's record passes the kind's ``verify`` (remade and checked against the solver, as a
bank puzzle is). One more condition is the mistake's own: the puzzle's answer does not accept the
move the learner made (a puzzle that would mark the mistake right teaches nothing about it).
A position that fails is kept as :class:`Unposed` with its :class:`Refusal`, which a page says in
words.

The decisions and their kinds (each kind's description names the decisions it takes, ``decisions``):
take or draw makes a "take or draw?" puzzle; a discard a "best
discard" (the kind's default objective first, then its others); a knock or play on a "can you
knock?"; the knocker's layout a "lay out your knock" (that kind's positions show both hands, so its
puzzle shows the defender's hand as the hand's end showed it); the defender's melds and lay-offs a
"defend".

The learner's set is **derived** from the profile's kept reviews, not stored: a kept review holds the
hand's history, from which each position is rebuilt, so the set has one owner (the kept reviews,
already versioned, migrated and written atomically under the profile's lock), follows the bank's
standard as it is today, and leaves with the review it came from. What the learner does with the
puzzles is kept as for bank puzzles (their attempts, by puzzle id, in the profile's progress). Each
kept review's puzzles are made once per process (:func:`from_kept`, cached by the review's record).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..engine.hand import Action, ActionKind, Hand, Phase
from ..engine.scoring import Layoff, ScoreKind
from ..engine.view import SeatView
from ..puzzles import PuzzleError, description, verify
from ..puzzles.answers import answer_text, discard_text
from ..puzzles.defend_positions import DefendPosition
from ..puzzles.kinds import Unclear
from ..puzzles.knock_layout import layout_text
from ..puzzles.positions import DrawPosition, KnockPosition, Position
from ..puzzles.registry import Described, described
from ..records.progress import Progress
from ..records.reviews import KeptReview
from ..replay.history import ReplayError
from ..replay.kept import open_replay, open_review
from ..replay.review import Decision, DecisionKind, Mark, ReviewError
from ..replay.review_words import best_words
from ..words.errors import GinError
from ..words.language import N_, t
from ..words.vocab import PuzzleKind, Vocabulary

MADE_FROM = (Mark.MISTAKE, Mark.BLUNDER)
"""The marks whose decisions are made puzzles."""


def kind_for(decision: DecisionKind) -> Described | None:
    """The registered kind whose puzzles a decision's mistakes make (its description's ``decisions``), or
    None when no kind takes them."""
    return next((d for d in described() if decision.value in d.decisions), None)


class Refusal(Vocabulary, noun=N_("reason")):
    """Why a mistake's position was not made a puzzle."""

    FIRST_UPCARD = "first_upcard"
    """A take or draw at the first upcard's offer (the pile holds only the first upcard): the kind's puzzle
    asks about a draw, with the pile's top card or the stock's to choose from."""
    UNACCOUNTED = "unaccounted"
    """The position does not account for the 52 cards as a puzzle of its kind must."""
    # The reasons a kind's ``assess`` gives (:class:`~gintrainer.puzzles.kinds.Unclear`, which says what each
    # means), by the same values: ``Refusal(unclear.value)``.
    TIED = "tied"
    MARGIN = "margin"
    PLAIN = "plain"
    EARLY = "early"
    LATE = "late"
    FAR_FROM_MELDS = "far_from_melds"
    FAR_FROM_KNOCK = "far_from_knock"
    GIN_THERE = "gin_there"
    KNOCK_THERE = "knock_there"
    NO_CLEAR_ANSWER = "no_clear_answer"
    """A kind that does not say why (no ``assess``) makes no puzzle of the position."""
    MOVE_ACCEPTED = "move_accepted"
    """The puzzle's answer accepts the move the learner made."""
    NOT_VERIFIED = "not_verified"
    """The puzzle's record, remade by the kind's verifier, disagrees with the solver."""
    GIN = "gin"
    """The defender's layout after a gin: the defend puzzle asks for lay-offs, and gin takes none."""
    NO_KIND = "no_kind"
    """No registered kind of puzzle takes this kind of decision."""
    NO_HAND = "no_hand"
    """The review was kept without its hand, or its hand or review cannot be read again."""

    @property
    def words(self) -> str:
        """The reason in the current language, as the page says it."""
        return {
            Refusal.FIRST_UPCARD: t("It was the first upcard's offer: a take-or-draw puzzle asks about a later "
                                    "draw, when the discard pile holds more than the first upcard."),
            Refusal.UNACCOUNTED: t("The position does not account for every card as a puzzle of its kind must."),
            Refusal.TIED: t("The solver finds no single best answer here."),
            Refusal.MARGIN: t("The best answer is ahead of the next by less than the margin the puzzle bank asks."),
            Refusal.PLAIN: t("The answer is one the simplest rule or the plain count already finds: the puzzle bank "
                             "poses only positions that train something more."),
            Refusal.EARLY: t("It was too early in the hand: the puzzle bank poses puzzles of this kind only once "
                             "fewer cards are left in the stock."),
            Refusal.LATE: t("It was too near the hand's end: the hand could end before your next draw, which this "
                            "kind of puzzle looks ahead to."),
            Refusal.FAR_FROM_MELDS: t("Your hand was too far from melds: it held more deadwood than the puzzles of "
                                      "this kind do."),
            Refusal.FAR_FROM_KNOCK: t("Your deadwood was well above the knock limit: this kind of puzzle asks about "
                                      "hands near a knock."),
            Refusal.GIN_THERE: t("Your hand could already go gin: that leaves nothing for this kind of puzzle to "
                                 "ask."),
            Refusal.KNOCK_THERE: t("You could already knock: this kind of puzzle looks ahead to your next draw, "
                                   "and asks about hands that cannot knock yet."),
            Refusal.NO_CLEAR_ANSWER: t("This position makes no clear puzzle of its kind."),
            Refusal.MOVE_ACCEPTED: t("The puzzle's solver accepts the move you made: the evaluator counted the "
                                     "points of the whole hand from what you could see, the puzzle counts only "
                                     "what its question asks."),
            Refusal.NOT_VERIFIED: t("The puzzle, made again from its record, did not agree with the solver."),
            Refusal.GIN: t("Your opponent went gin: a defend puzzle asks about lay-offs, and gin takes none."),
            Refusal.NO_KIND: t("No kind of puzzle asks about this kind of decision."),
            Refusal.NO_HAND: t("The hand of this review cannot be read again."),
        }[self]


def game_tag(day: dt.date) -> str:
    """The tag of a puzzle made from a mistake, in the current language: "from your game of <date>"."""
    return t("from your game of {date}", date=day)


def kept_day(at: str) -> dt.date:
    """The UTC date of a kept review's time (ISO 8601)."""
    return dt.datetime.fromisoformat(at).astimezone(dt.UTC).date()


@dataclass(frozen=True)
class MistakePuzzle:
    """A puzzle made from one of the learner's mistakes: the puzzle (of its kind, verified), when the review
    was kept (``at``, ISO 8601 in UTC), the decision's step in the hand and its kind and mark."""

    puzzle: Any
    at: str
    step: int
    decision: DecisionKind
    mark: Mark
    judged: Decision | None = None
    """The review's decision the puzzle was made from (its best move), when known."""

    @property
    def day(self) -> dt.date:
        """The date the review was kept (UTC)."""
        return kept_day(self.at)

    def review_words(self) -> str:
        """Said once the puzzle is answered, when its answer does not accept the move the review named best (the
        review counts the points of the whole hand, the puzzle what its question asks): that move, and why the
        two differ; else ""."""
        if self.judged is None:
            return ""
        kind = kind_for(self.judged.kind)
        best = answer_of(self.judged.kind, self.judged.best, self.puzzle)
        if kind is None or best is None or _accepts(kind, self.puzzle, best):
            return ""
        # Translators: after a puzzle made from a learner's mistake is answered; {move} is the best move the
        # review of the hand named ("discard 6♥").
        return t("The review of your hand named {move} best: it counts the points of the whole hand, where this "
                 "puzzle counts only what its question asks.", move=best_words(self.judged))

    @property
    def kind(self) -> PuzzleKind:
        return PuzzleKind(self.puzzle.kind)

    @property
    def tag(self) -> str:
        return game_tag(self.day)


@dataclass(frozen=True)
class Unposed:
    """A mistake not made a puzzle, and why."""

    at: str
    step: int
    decision: DecisionKind
    mark: Mark
    reason: Refusal

    @property
    def day(self) -> dt.date:
        """The date the review was kept (UTC)."""
        return kept_day(self.at)


@dataclass(frozen=True)
class Mistakes:
    """The learner's own set: the puzzles made from their mistakes (latest review first, one per puzzle id)
    and the mistakes not made puzzles."""

    puzzles: tuple[MistakePuzzle, ...] = ()
    unposed: tuple[Unposed, ...] = ()

    def of_kind(self, kind: PuzzleKind | str) -> tuple[MistakePuzzle, ...]:
        kind = description(kind).kind
        return tuple(p for p in self.puzzles if p.kind == kind)

    def find(self, puzzle_id: str) -> MistakePuzzle | None:
        return next((p for p in self.puzzles if p.puzzle.id == puzzle_id), None)


# -- positions ------------------------------------------------------------------------------------------


def _upcard(view: SeatView) -> Any:
    return view.upcard if view.rules.oklahoma else None


def position_of(hand: Hand, before: int, seat: int, kind: DecisionKind) -> Any:
    """The position of a decision's kind of puzzle, from ``seat``'s view of ``hand`` after ``before`` actions
    (the position the learner saw before deciding); Refusal.FIRST_UPCARD at the first upcard's offer, Refusal.GIN for
    the defender's layout after a gin."""
    state = hand.prefix(before)
    view = SeatView.of(state, seat)
    seen = dict(discard_pile=view.discard_pile, opponent_known=view.opponent_known, stock_count=view.stock_count,
                rules=view.rules, upcard=_upcard(view), seed=f"mistake/{before}")
    if kind is DecisionKind.TAKE_OR_DRAW:
        if state.phase is Phase.UPCARD or len(view.discard_pile) < 2:  # the pile holds only the first upcard
            return Refusal.FIRST_UPCARD
        return DrawPosition(hand=state.held(seat), **seen)
    if kind in (DecisionKind.DISCARD, DecisionKind.KNOCK_OR_PLAY_ON):
        if view.drawn is None:
            raise GinError(t("the seat to discard has drawn no card"))
        drawn, source = view.drawn
        return Position(hand=state.held(seat), drawn=drawn, drawn_from=source, **seen)
    # The knock discard lies face down; the kinds' positions after a knock have it on top of the pile (the
    # knocker knows it; for the defender it is a card count, which changes no reply: the defender's melds and
    # lay-offs depend on the two layouts alone), and the known cards are those still in the other hand.
    if kind is DecisionKind.DEFENDER_LAYOUT and state.out_kind is not ScoreKind.KNOCK:
        return Refusal.GIN
    pile = view.discard_pile if state.knock_card is None else (*view.discard_pile, state.knock_card)
    other = set(state.held(1 - seat)) if kind is DecisionKind.KNOCKER_LAYOUT else \
        set(view.knocker_deadwood).union(*view.table_melds)
    seen |= dict(discard_pile=pile, opponent_known=tuple(c for c in view.opponent_known if c in other))
    if kind is DecisionKind.KNOCKER_LAYOUT:  # the kind's position shows both hands (see the module's text)
        return KnockPosition(hand=state.held(seat), defender_hand=state.held(1 - seat), **seen)
    return DefendPosition(hand=state.held(seat), knocker_melds=view.table_melds,
                          knocker_deadwood=view.knocker_deadwood, **seen)


def answer_of(kind: DecisionKind, move: Iterable[Action], puzzle: Any) -> str | None:
    """The move made, written as an answer to the puzzle (its kind's answer text), or None when it is no
    answer the kind takes (a layout left to the computer)."""
    actions = [a for a in move if a.kind is not ActionKind.DONE]  # a layout may be nothing but "done"
    if any(a.kind is ActionKind.AUTO for a in actions):
        return None
    melds = [a.cards for a in actions if a.kind is ActionKind.MELD]
    if kind is DecisionKind.KNOCKER_LAYOUT:
        return layout_text(melds)
    if kind is DecisionKind.DEFENDER_LAYOUT:
        layoffs = [Layoff(a.card, a.target) for a in actions
                   if a.kind is ActionKind.LAYOFF and a.card is not None and a.target is not None]
        return answer_text(melds, layoffs, bool(puzzle.undercut))  # the move says nothing of the undercut
    if not actions:
        return None
    first = actions[0]
    if kind is DecisionKind.TAKE_OR_DRAW:
        return "take" if first.kind is ActionKind.TAKE else "draw"
    if kind is DecisionKind.DISCARD:
        return discard_text((None, first.card))
    if first.kind in (ActionKind.KNOCK, ActionKind.GIN):  # a knock or play on
        return discard_text((True, first.card))
    return discard_text((False, None))


def make_from(hand: Hand, seat: int, decision: Decision) -> Any:
    """The verified puzzle one decision of ``seat`` in ``hand`` makes, or the :class:`Refusal` why not."""
    kind = kind_for(decision.kind)
    if kind is None:
        return Refusal.NO_KIND
    position = position_of(hand, decision.before, seat, decision.kind)
    if isinstance(position, Refusal):
        return position
    if position.problems():
        return Refusal.UNACCOUNTED
    puzzle = _posed(kind, position)
    if isinstance(puzzle, Refusal):
        return puzzle
    try:
        puzzle = verify(puzzle.to_dict())  # remade from the record and checked, as the bank's puzzles are
    except PuzzleError:
        return Refusal.NOT_VERIFIED
    answer = answer_of(decision.kind, decision.made, puzzle)
    if answer is not None and _accepts(kind, puzzle, answer):
        return Refusal.MOVE_ACCEPTED
    return puzzle


def _posed(kind: Described, position: Any) -> Any:
    """The puzzle the kind makes of the position, by its default objective first, then its others; else why
    not, as the default objective says."""
    objectives = (kind.default_objective, *(o for o in kind.objectives if o != kind.default_objective))
    reasons: list[Refusal] = []
    for objective in objectives:
        found = kind.assess(position, objective) if kind.assess is not None else kind.make(position, objective)
        if found is not None and not isinstance(found, Unclear):
            return found
        reasons.append(Refusal.NO_CLEAR_ANSWER if found is None else Refusal(found.value))
    return reasons[0]


def _accepts(kind: Described, puzzle: Any, answer: str) -> bool:
    """Whether the puzzle's answer accepts ``answer`` (by the kind's own marking)."""
    try:
        return bool(kind.mark(puzzle, answer)[1].correct)
    except GinError:
        return False


def _review_key(kept: KeptReview) -> str:
    return hashlib.sha256(json.dumps(kept.to_dict(), sort_keys=True).encode()).hexdigest()


_MADE: dict[str, Mistakes] = {}
_CACHE_LIMIT = 512


def from_kept(kept: KeptReview) -> Mistakes:
    """The puzzles one kept review's mistakes and blunders make, and those it does not (made once per
    process for a review record)."""
    key = _review_key(kept)
    found = _MADE.get(key)
    if found is None:
        found = _make_from_kept(kept)
        if len(_MADE) >= _CACHE_LIMIT:
            _MADE.clear()
        _MADE[key] = found
    return found


def _make_from_kept(kept: KeptReview) -> Mistakes:
    try:
        review = open_review(kept)
    except (ReviewError, GinError):
        return Mistakes()
    chosen = [d for d in review.decisions if d.mark in MADE_FROM]
    if not chosen:
        return Mistakes()
    try:
        hand = open_replay(kept).hand
    except (ReplayError, GinError):
        return Mistakes(unposed=tuple(Unposed(kept.at, d.step, d.kind, d.mark, Refusal.NO_HAND) for d in chosen))
    puzzles: list[MistakePuzzle] = []
    unposed: list[Unposed] = []
    for decision in chosen:
        try:
            made = make_from(hand, review.seat, decision)
        except GinError:
            made = Refusal.UNACCOUNTED
        if isinstance(made, Refusal):
            unposed.append(Unposed(kept.at, decision.step, decision.kind, decision.mark, made))
        else:
            puzzles.append(MistakePuzzle(made, kept.at, decision.step, decision.kind, decision.mark, decision))
    return Mistakes(tuple(puzzles), tuple(unposed))


def own_set(reviews: Iterable[KeptReview] | Progress) -> Mistakes:
    """The learner's own set from their kept reviews (a profile's, or the reviews given): the latest review's
    first, a puzzle made twice (the same position) kept once, with its latest date."""
    kept = reviews.hand_reviews if isinstance(reviews, Progress) else tuple(reviews)
    puzzles: dict[str, MistakePuzzle] = {}
    unposed: list[Unposed] = []
    for review in reversed(kept):
        made = from_kept(review)
        for found in made.puzzles:
            puzzles.setdefault(found.puzzle.id, found)
        unposed += made.unposed
    return Mistakes(tuple(puzzles.values()), tuple(unposed))


def deck_entries(mistakes: Mistakes) -> tuple[tuple[str, str], ...]:
    """The learner's own puzzles as the review deck enters them (every one does:
    :meth:`gintrainer.records.progress.Progress.with_deck_entries`): each one's id and kind."""
    return tuple((found.puzzle.id, found.kind.value) for found in mistakes.puzzles)


__all__ = ["MADE_FROM", "MistakePuzzle", "Mistakes", "Refusal", "Unposed", "answer_of", "deck_entries", "from_kept",
           "game_tag", "kind_for", "make_from", "own_set", "position_of"]
