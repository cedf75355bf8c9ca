"""How an example hand is written: a :class:`Script` of :class:`Move` s on a
stacked deal. The scripts themselves are in :mod:`gintrainer.replay.hands`;
:mod:`gintrainer.replay.examples` builds them into the shipped histories.

>>> move("pass", "Nothing fits.", deadwood=48).facts
{'deadwood': 48}
>>> move("discard QS", "The evaluator prefers 5♥.", judged=blame("discard 5H")).judged
Verdict(stance='blame', best='discard 5H')
>>> move("discard QS", "The evaluator's best: {review_best}.", judged=blame()).text()
"The evaluator's best: {review_best}."
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..engine.cards import Card, CardsLike, parse_cards
from ..engine.rules import Rules
from ..material.deals import stack_deck
from ..words.errors import GinError
from ..words.language import PLAYER_VALUES, format_plain
from .history import ReplayError


def stacked(non_dealer: CardsLike, dealer: CardsLike, upcard: CardsLike, stock: CardsLike = "") -> tuple[Card, ...]:
    """A stacked deck (see :func:`gintrainer.material.deals.stack_deck`), a bad one refused as a ReplayError."""
    try:
        return stack_deck(non_dealer, dealer, upcard, stock)
    except GinError as error:
        raise ReplayError(str(error)) from None


STANCES = ("praise", "close", "blame")
"""What a comment may say of a decision (see :class:`Verdict`)."""

REVIEW_VALUES: Mapping[str, tuple[str, ...]] = {"review_best": ("close", "blame"), "review_lost": ("blame",)}
"""The values a comment takes from the example's shipped review, never writes itself: ``{review_best}``, the
review's best move in words, and ``{review_lost}``, the points of the hand the move made lost, rounded, each
of the decision its verdict judges; the page fills them when it draws the comment
(:func:`gintrainer.replay.annotate.comment_words`), so that the reviews made again by a changed evaluator
keep the words true. Each is allowed only by the stances named here: a best move other than the move made
is only there when the move is not praised, and a loss of 2 points or more (written "about {review_lost}
points") only when it is blamed (a mark is from 2 points, see :data:`gintrainer.replay.review.THRESHOLDS`)."""


@dataclass(frozen=True)
class Verdict:
    """What a comment says of a decision, in a form a test checks against the example's shipped review
    (:func:`gintrainer.replay.examples.verdict_problems`). ``stance``: ``"praise"`` (the move made is the
    review's best, or it lost less than an inaccuracy's threshold), ``"close"`` (it is not the review's best,
    but it lost less than an inaccuracy's threshold: a close call) or ``"blame"`` (the review marks it an
    inaccuracy or worse); ``best``: the review's best move, when the comment names it (its first action, as
    the history writes it: ``"discard 5H"``). A comment does not write the review's figures: it names the
    review's best move and the points lost as ``{review_best}`` and ``{review_lost}`` (see
    :data:`REVIEW_VALUES`), filled from the review when the comment is shown, and a number of points written
    in its text is one that nothing accounts for (see :func:`gintrainer.replay.examples.comment_problems`)."""

    stance: str
    best: str | None = None

    def __post_init__(self) -> None:
        if self.stance not in STANCES:
            raise ReplayError(f"a verdict's stance is one of {', '.join(STANCES)}, not {self.stance!r}")


def praise(best: str | None = None) -> Verdict:
    """The comment approves of the move made (naming it as the best, if ``best`` is given)."""
    return Verdict("praise", best)


def close(best: str | None = None) -> Verdict:
    """The comment calls the move made a close call: another move (``best``, if it names it) was the review's
    best, by less than an inaccuracy."""
    return Verdict("close", best)


def blame(best: str | None = None) -> Verdict:
    """The comment finds fault with the move made: the review marks it, with ``best`` its best move."""
    return Verdict("blame", best)


@dataclass(frozen=True)
class Move:
    """One action of a script, with the teacher's comment on it (if any), a
    better move and arrows, ``facts``: what the comment quotes, checked when the
    example is built (see :mod:`gintrainer.replay.facts`), ``at``: facts of
    other steps the comment relies on, by step number, and what the comment says of
    the decision it is on (``judged``) and of other steps' decisions (``judged_at``, by step number),
    checked against the example's shipped review (see :class:`Verdict`)."""

    action: str
    comment: str | None = None
    better: str | None = None
    arrows: tuple[Sequence[str | Card], ...] = ()
    facts: dict[str, object] = field(default_factory=dict)
    at: dict[int, dict[str, object]] = field(default_factory=dict)
    judged: Verdict | None = None
    judged_at: dict[int, Verdict] = field(default_factory=dict)

    def values(self) -> dict[str, object]:
        """The values the comment names (``{draw}``, ``{expected}``): its declared facts,
        a number stated to two decimals (``"21.45"``, checked against the engine when the
        example is built) as that exact decimal, so that each language writes it its
        own way (``21,45``) instead of a translation copying the English digits."""
        names = self.names() - set(PLAYER_VALUES) - set(REVIEW_VALUES)
        missing = sorted(names - self.facts.keys())
        if missing:
            raise ReplayError(f"the comment on {self.action!r} names {', '.join(missing)}, which it does not state")
        return {name: _value(self.facts[name]) for name in sorted(names)}

    def names(self) -> set[str]:
        """Every value the comment names, the players' and the review's included."""
        return {name for _, name, _, _ in string.Formatter().parse(self.comment or "") if name}

    def review_values(self) -> set[str]:
        """The values the comment takes from the shipped review (see :data:`REVIEW_VALUES`)."""
        return self.names() & set(REVIEW_VALUES)

    def text(self, lang: str = "en") -> str:
        """The comment as ``lang`` writes its values (the shipped files keep the English); the players'
        names stay ``{ann}`` and ``{ben}``, and the review's values ``{review_best}`` and ``{review_lost}``,
        for the page to fill in the learner's language."""
        values = self.values()
        if not values:
            return self.comment or ""
        kept = {name: "{" + name + "}" for name in (*PLAYER_VALUES, *REVIEW_VALUES)}
        return (self.comment or "").format(**kept, **{name: format_plain(value, lang)
                                                       for name, value in values.items()})

    def reviewed(self, number: int) -> tuple[int, Verdict] | None:
        """The decision that fills the comment's review values, the comment being on step ``number``: the step
        its one verdict judges, and that verdict (None without exactly one verdict)."""
        found = ([(number, self.judged)] if self.judged is not None else []) + list(self.judged_at.items())
        return found[0] if len(found) == 1 else None


_DECIMAL = re.compile(r"\d+\.\d+")


def _value(fact: object) -> object:
    return Fraction(fact) if isinstance(fact, str) and _DECIMAL.fullmatch(fact) else fact


def move(action: str, comment: str | None = None, *, better: str | None = None,
         arrows: Iterable[str | Sequence[str | Card]] = (), at: Mapping[int, dict[str, object]] | None = None,
         judged: Verdict | None = None, judged_at: Mapping[int, Verdict] | None = None, **facts: object) -> Move:
    return Move(action, comment, better, tuple(tuple(a.split()) if isinstance(a, str) else a for a in arrows),
                facts, dict(at or {}), judged, dict(judged_at or {}))


@dataclass(frozen=True)
class Script:
    """The source of one example hand. Seat 0 deals unless ``dealer`` says otherwise.

    ``deal_facts`` are what the deal comment quotes about the featured player's
    cards (see :func:`~gintrainer.replay.facts.deal_facts`); ``facts`` what the
    title and description quote about the whole hand
    (:func:`~gintrainer.replay.facts.hand_facts`)."""

    name: str
    title: str
    description: str
    featured: int
    moves: tuple[Move, ...]
    non_dealer: str = ""
    dealer_cards: str = ""
    upcard: str = ""
    stock: str = ""
    deck_order: str = ""
    dealer: int = 0
    rules: Rules = Rules()
    players: tuple[str, str] | None = None
    """None: the lessons' two players, named in the learner's language (the comments write ``{ann}``, ``{ben}``)."""
    tags: tuple[str, ...] = ()
    deal_comment: str | None = None
    deal_facts: dict[str, object] = field(default_factory=dict)
    facts: dict[str, object] = field(default_factory=dict)

    def deck(self) -> tuple[Card, ...]:
        """The stacked deck, or ``deck_order`` (all 52 cards, top first) when given."""
        if self.deck_order:
            return parse_cards(self.deck_order)
        return stacked(self.non_dealer, self.dealer_cards, self.upcard, self.stock)


__all__ = ["REVIEW_VALUES", "STANCES", "Move", "Script", "Verdict", "blame", "close", "move", "praise", "stacked"]
