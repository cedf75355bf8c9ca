"""Puzzles: made from a position, kept only when the solver finds one clear
answer, tagged with themes, rated, explained with the solver's numbers.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar, Generic, Self, TypeVar

from ..engine.cards import Card, format_cards, parse_card, parse_cards
from ..engine.melds import Arrangement, best_arrangement
from ..engine.rules import Rules
from ..engine.solver import OBJECTIVES, DiscardRow, DiscardTable, Objective, discard_table, fraction_text
from ..material.messages import Message, render, say
from ..words.errors import GinError
from ..words.language import t
from .explain import explain, hints, unrepeated, worse_knock_message
from .kinds import DISCARD_KINDS, KINDS, PuzzleKind, Unclear, ranking_objective
from .positions import Position
from .themes import THEMES, Context, make_context, themes_of

DEADWOOD_MARGIN = 1
LOOKAHEAD_MARGIN = Fraction(1, 2)
COUNTING_THEMES = frozenset({"set-or-run", "long-run", "four-of-a-kind", "naive-wrong"})
"""A least-deadwood puzzle trains counting: it has one of these themes (a meld
choice, a spare card, or the naive trap)."""
BANDS = {1: 1100, 2: 1500, 3: 1900}
"""Difficulty band by the first player of the ladder that solves the puzzle:
1 naive rule, 2 naive melds with a one-draw lookahead, 3 only the full solver."""


class PuzzleError(GinError):
    """A puzzle record that is malformed or disagrees with the solver."""


class Said:
    """What every kind of puzzle says: where its 52 cards are (``count_message``), and
    in English, for code and tests (a page renders the messages in its language), its
    question, explanation, hints and answer, from the messages the kind owns
    (``question_message``, ``explanation_messages``, ``hint_messages``, ``answer_messages``)."""

    hand: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    opponent_known: tuple[Card, ...]
    stock_count: int
    explanation_messages: tuple[Message, ...]
    hint_messages: tuple[Message, ...]

    @property
    def question_message(self) -> Message:
        raise NotImplementedError

    @property
    def answer_messages(self) -> tuple[Message, ...]:
        raise NotImplementedError

    COUNT_MESSAGES = ("position_count", "position_count_known")
    """The messages of :attr:`count_message`: without, and with, cards known in the opponent's hand."""

    @property
    def count_message(self) -> Message:
        """Where the 52 cards are: the hands, the pile, the stock, and how many are unseen."""
        unseen = 52 - len(self.hand) - len(self.discard_pile) - len(self.opponent_known)
        values = dict(pile=len(self.discard_pile), stock=self.stock_count, unseen=unseen)
        if self.opponent_known:
            return say(self.COUNT_MESSAGES[1], known=len(self.opponent_known), **values)
        return say(self.COUNT_MESSAGES[0], **values)

    @property
    def question(self) -> str:
        return render(self.question_message)

    @property
    def explanation(self) -> str:
        return render(self.explanation_messages)

    @property
    def hints(self) -> tuple[str, ...]:
        return tuple(render(m) for m in self.hint_messages)

    def answer_words(self) -> str:
        return render(self.answer_messages)


@dataclass(frozen=True)
class PosedPuzzle(Said):
    """The parts every puzzle of the package keeps, whatever its kind: its id and kind, the
    rules, the hand, the pile, the known cards, the stock, the first upcard, the knock limit,
    its themes, difficulty and seed, its explanation and hints. A kind's frozen dataclass adds
    its own fields after these; :meth:`record` writes the common keys of its record."""

    id: str
    kind: PuzzleKind
    rules: Rules
    hand: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    opponent_known: tuple[Card, ...]
    stock_count: int
    upcard: Card | None
    knock_limit: int
    themes: tuple[str, ...]
    difficulty: int
    seed: str
    explanation_messages: tuple[Message, ...]
    hint_messages: tuple[Message, ...]

    def seen(self) -> dict[str, Any]:
        """The parts of its position every kind keeps (what the player has seen), as the
        keywords a position class takes: the hand, the pile, the known cards, the stock,
        the rules, the first upcard and the seed."""
        return dict(hand=self.hand, discard_pile=self.discard_pile, opponent_known=self.opponent_known,
                    stock_count=self.stock_count, rules=self.rules, upcard=self.upcard, seed=self.seed)

    def to_dict(self) -> dict[str, Any]:
        """The puzzle's JSON record (each kind writes its own, through :meth:`record`)."""
        raise NotImplementedError

    def record(self, position: dict[str, Any], solved: dict[str, Any], /,
               **sentences: tuple[Message, ...]) -> dict[str, Any]:
        """The puzzle's record: the common keys in their order, the kind's own keys of the
        position after ``hand``, of the answer (``solved``: ``answer`` and what goes with it)
        after ``knock_limit``, and its own ``sentences`` after the explanation and the hints."""
        said = {"explanation": self.explanation_messages, "hints": self.hint_messages, **sentences}
        return {
            "id": self.id, "kind": self.kind.value, "rules": self.rules.to_dict(), "hand": format_cards(self.hand),
            **position, "discard_pile": format_cards(self.discard_pile),
            "opponent_known": format_cards(self.opponent_known), "stock_count": self.stock_count,
            "upcard": self.upcard.code() if self.upcard else None, "knock_limit": self.knock_limit,
            **solved, "themes": list(self.themes), "difficulty": self.difficulty, "seed": self.seed,
            "sentences": {key: [m.to_data() for m in messages] for key, messages in said.items()},
        }


@dataclass(frozen=True)
class KindPuzzle(PosedPuzzle):
    """What the puzzles of a kind with no objective and no barred card share (the take-or-draw,
    knock-layout and defend puzzles): their kind checked and made a member, the common keys of
    their records posed and read again (:meth:`posed`, :meth:`stored`). A kind's frozen dataclass names its
    ``KIND`` and, for the error, ``KIND_WORDS``; its own checks follow ``super().__post_init__()``."""

    KIND: ClassVar[PuzzleKind]
    KIND_WORDS: ClassVar[str]

    def __post_init__(self) -> None:
        if self.kind != self.KIND:
            raise PuzzleError(f"puzzle {self.id!r} is not a {self.KIND_WORDS} puzzle: {self.kind!r}")
        object.__setattr__(self, "kind", PuzzleKind(self.kind))

    @property
    def forbidden(self) -> None:
        """No card of the hand is barred from a discard."""
        return None

    @property
    def objective(self) -> None:
        return None

    @classmethod
    def id_of(cls, position: Any) -> str:
        """An id derived from a position of the kind alone (its rules and its ``key()``), so it
        survives rebuilding the bank."""
        return _hashed_id(cls.KIND, [cls.KIND.value, position.rules.to_dict(), position.key()])

    @classmethod
    def posed(cls, position: Any, knock_limit: int, themes: tuple[str, ...], difficulty: int,
              explanation: tuple[Message, ...], hints: tuple[Message, ...], **own: Any) -> Self:
        """The puzzle a kind's ``make`` poses from its position (the record's parts) and what
        its solver found: the knock limit, themes, difficulty, explanation and hints, and its
        own fields (``own``)."""
        return cls(id=cls.id_of(position), kind=cls.KIND, rules=position.rules, hand=position.hand,
                   discard_pile=position.discard_pile, opponent_known=position.opponent_known,
                   stock_count=position.stock_count, upcard=position.upcard, knock_limit=knock_limit,
                   themes=themes, difficulty=difficulty, seed=position.seed, explanation_messages=explanation,
                   hint_messages=hints, **own)

    @classmethod
    def stored(cls, record: dict[str, Any], position: Any, **own: Any) -> Self:
        """The puzzle of a stored record, with its position read (:func:`record_position`) and
        its own fields (``own``): the record's id, kind, knock limit, themes, difficulty and
        sentences, the position's cards, stock, rules, upcard and seed."""
        sentences = record["sentences"]
        return cls(id=record["id"], kind=record["kind"], rules=position.rules, hand=position.hand,
                   discard_pile=position.discard_pile, opponent_known=position.opponent_known,
                   stock_count=position.stock_count, upcard=position.upcard, knock_limit=int(record["knock_limit"]),
                   themes=tuple(record["themes"]), difficulty=int(record["difficulty"]), seed=position.seed,
                   explanation_messages=tuple(Message.from_data(m) for m in sentences["explanation"]),
                   hint_messages=tuple(Message.from_data(m) for m in sentences["hints"]), **own)


def _hashed_id(kind: PuzzleKind, words: list[Any]) -> str:
    text = json.dumps(words, sort_keys=True)
    return f"{kind.prefix}-{hashlib.sha256(text.encode()).hexdigest()[:12]}"


def record_position(record: dict[str, Any]) -> dict[str, Any]:
    """The parts of a record's position every kind keeps, read (a position class takes
    them as keywords): the hand, the pile, the known cards, the stock, the rules, the
    first upcard and the seed. KeyError, GinError and the like for a malformed record."""
    return dict(hand=parse_cards(record["hand"]), discard_pile=parse_cards(record["discard_pile"]),
                opponent_known=parse_cards(record["opponent_known"]), stock_count=int(record["stock_count"]),
                rules=Rules.from_dict(record["rules"]),
                upcard=parse_card(record["upcard"]) if record.get("upcard") else None, seed=str(record["seed"]))


X = TypeVar("X")
P = TypeVar("P")


@dataclass(frozen=True)
class KindRecords(Generic[X, P]):
    """A kind's two ways from a record to its puzzle: :meth:`verify` remakes it from the
    record's position (``position`` reads it, ``make`` makes the puzzle) and checks it against
    the solver; :meth:`read` takes a stored record as it is, through ``build``. A kind's module
    names them its ``verify`` and ``from_record``."""

    position: Callable[[dict[str, Any]], X]
    make: Callable[[X], P | None]
    build: Callable[[dict[str, Any]], P]

    def verify(self, record: dict[str, Any]) -> P:
        """Rebuild a puzzle from its record and check every part against the solver (see
        :func:`verify_remade`): the answer, the themes, the difficulty and what its sentences
        say (their messages). Raises :class:`PuzzleError` naming the first disagreement."""
        puzzle: P = verify_remade(record, lambda data: self.make(self.position(data)))
        return puzzle

    def read(self, record: dict[str, Any]) -> P:
        """A puzzle from its JSON record as stored (trusted: the bank was verified when
        built; :meth:`verify` re-solves a record); :class:`PuzzleError` naming the record
        when it is malformed."""
        try:
            return self.build(record)
        except (KeyError, TypeError, ValueError, AttributeError, GinError) as error:
            name = record.get("id", "?") if isinstance(record, dict) else "?"
            raise PuzzleError(f"malformed puzzle record {name!r}: {error!r}") from None


CHECKED_KEYS = ("id", "kind", "knock_limit", "answer", "themes", "difficulty", "sentences")
"""What :func:`verify_remade` holds a record's keys to: everything the solver decides."""


def verify_remade(record: dict[str, Any], remake: Callable[[dict[str, Any]], Any]) -> Any:
    """The puzzle ``remake`` builds again from a record's position (None when the solver
    no longer keeps it), checked against the record: each of :data:`CHECKED_KEYS` as the
    solver makes it. Raises :class:`PuzzleError` naming the first disagreement."""
    name = record.get("id", "?") if isinstance(record, dict) else "?"
    try:
        puzzle = remake(record)
    except KeyError as missing:
        raise PuzzleError(f"puzzle record {name!r} lacks {missing}") from None
    except (GinError, TypeError, ValueError, AttributeError) as error:
        raise PuzzleError(f"puzzle record {name!r}: {error}") from None
    if puzzle is None:
        raise PuzzleError(f"puzzle {name!r} is no longer a clear puzzle for the solver")
    expected = puzzle.to_dict()
    for key in CHECKED_KEYS:
        if record.get(key) != expected[key]:
            raise PuzzleError(f"puzzle {name!r}: its {key} disagrees with the solver")
    return puzzle


@dataclass(frozen=True)
class Puzzle(PosedPuzzle):
    """One verified puzzle of a discard kind. ``answer`` is every accepted discard; for "can
    you knock?" ``can_knock`` says whether any discard knocks and ``layout`` shows it."""

    drawn: Card
    drawn_from: str
    objective: Objective | None
    answer: tuple[Card, ...]
    can_knock: bool | None
    least_deadwood: int
    layout: Arrangement | None
    table: tuple[DiscardRow, ...]

    def __post_init__(self) -> None:
        # A record's text as the members it names (exactly: files write nothing else).
        if self.kind not in DISCARD_KINDS:
            raise PuzzleError(f"puzzle {self.id!r} has unknown kind {self.kind!r}")
        if self.objective is not None and self.objective not in OBJECTIVES:
            raise PuzzleError(f"puzzle {self.id!r} has unknown objective {self.objective!r}")
        object.__setattr__(self, "kind", PuzzleKind(self.kind))
        object.__setattr__(self, "objective", None if self.objective is None else Objective(self.objective))

    @property
    def forbidden(self) -> Card | None:
        return self.position.forbidden

    @property
    def ranking(self) -> Objective:
        """What the discards are ranked by (see :func:`~gintrainer.puzzles.kinds.ranking_objective`)."""
        return ranking_objective(self.kind, self.objective)

    @property
    def question_message(self) -> Message:
        if self.kind == PuzzleKind.CAN_KNOCK and self.knock_limit:
            return say(f"question_ck_{self.drawn_from}", card=self.drawn, limit=self.knock_limit)
        if self.kind == PuzzleKind.CAN_KNOCK:
            return say(f"question_ck_gin_{self.drawn_from}", card=self.drawn)
        return say(f"question_{self.objective}_{self.drawn_from}", card=self.drawn)

    @property
    def answer_messages(self) -> tuple[Message, ...]:
        """The answer: "Discard 7♥." or "No: ..."."""
        if self.kind == PuzzleKind.CAN_KNOCK and not self.can_knock:
            return (say("answer_no"),)
        if len(self.answer) == 1:
            return (say("answer_one", card=self.answer[0]),)
        if len(self.answer) == 2:
            return (say("answer_two", card=self.answer[0], other_card=self.answer[1]),)
        return (say("answer_any", cards=self.answer),)

    def row(self, card: Card | str) -> DiscardRow:
        card = parse_card(card) if not isinstance(card, Card) else card
        for row in self.table:
            if row.card is card:
                return row
        if card is self.forbidden:
            raise GinError(t("{card} may not be discarded: it was just taken from the discard pile", card=card))
        raise GinError(t("{card} is not in the hand", card=card))

    def grade(self, discard: Card | str | None = None, *, can_knock: bool | None = None) -> Grade:
        """Judge an answer: for "can you knock?" the yes/no (and, for yes, the
        discard); for "best discard" the discard. Bad answers raise GinError."""
        if self.kind == PuzzleKind.CAN_KNOCK:
            if can_knock is None:
                raise GinError(t("answer yes or no first"))
            if not can_knock:
                if self.can_knock:
                    best = self.table_sorted()[0]
                    return Grade(False, None, self._words("grade_missed_knock", *self.answer_messages), None,
                                 best)
                return Grade(True, None, self._words("grade_no_right"), None, None)
            if not self.can_knock:
                return Grade(False, None, self._words("grade_no_knock"), None, None)
            if discard is None:
                return Grade(True, None, (say("grade_yes_right"),), None, None)
        if discard is None:
            raise GinError(t("choose a card to discard"))
        row = self.row(discard)
        best = self.table_sorted()[0]
        cost = self._value(row) - self._value(best)
        if row.card in self.answer:
            return Grade(True, row, self._words("grade_right"), Fraction(0), best)
        return Grade(False, row, self._words(self._wrong_message(row, best)), cost, best)

    def _words(self, first: str | Message, *more: Message) -> tuple[Message, ...]:
        """A verdict, then the explanation (without a sentence that says what the verdict said)."""
        lead = say(first) if isinstance(first, str) else first
        return (lead, *more, *unrepeated(lead, self.explanation_messages))

    def table_sorted(self) -> tuple[DiscardRow, ...]:
        ranking = self.ranking
        return tuple(sorted(self.table, key=lambda r: r.key(ranking)))

    def _value(self, row: DiscardRow) -> Fraction:
        if self.ranking == Objective.LOOKAHEAD:
            return row.expected_deadwood
        return Fraction(row.deadwood)

    def _wrong_message(self, row: DiscardRow, best: DiscardRow) -> Message:
        if self.kind == PuzzleKind.CAN_KNOCK:
            if row.knocks:
                return worse_knock_message("grade_knock_not_gin" if best.gin else "grade_knock_more", row, best,
                                           self.rules)
            if not self.knock_limit:
                return say("grade_wrong_gin", card=row.card, deadwood=row.deadwood)
            return say("grade_wrong_knock", card=row.card, deadwood=row.deadwood, limit=self.knock_limit)
        if self.objective == Objective.DEADWOOD:
            return say("grade_wrong_deadwood", card=row.card, deadwood=row.deadwood,
                       cost=row.deadwood - best.deadwood, best_card=best.card)
        return say("grade_wrong_lookahead", card=row.card, deadwood=row.deadwood, expected=row.expected_deadwood,
                   cost_expected=row.expected_deadwood - best.expected_deadwood, best_card=best.card)

    def to_dict(self) -> dict[str, Any]:
        answer: dict[str, object] = {"discards": [c.code() for c in self.answer], "deadwood": self.least_deadwood}
        if self.kind == PuzzleKind.CAN_KNOCK:
            answer["can_knock"] = self.can_knock
        if self.layout is not None:
            answer["layout"] = self.layout.to_dict()
        return self.record({"drawn": self.drawn.code(), "drawn_from": self.drawn_from},
                           {"objective": None if self.objective is None else self.objective.value, "answer": answer,
                            "table": [r.to_dict() for r in self.table]})

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Puzzle:
        """Read a record and check it against the solver (see :func:`verify`)."""
        return verify(data)

    @property
    def position(self) -> Position:
        return Position(drawn=self.drawn, drawn_from=self.drawn_from, **self.seen())


@dataclass(frozen=True)
class Grade:
    """The verdict on an answer: right or not, the chosen card's row, what it
    says (the verdict, then the explanation), and its cost against the best
    (deadwood, or expected deadwood for lookahead)."""

    correct: bool
    row: DiscardRow | None
    messages: tuple[Message, ...]
    cost: Fraction | None
    best: DiscardRow | None

    @property
    def message(self) -> str:
        """What it says, in English."""
        return render(self.messages)


def puzzle_id(kind: PuzzleKind, objective: Objective | None, position: Position) -> str:
    """An id derived from the position alone, so it survives rebuilding the bank."""
    kind = PuzzleKind(kind)
    objective = None if objective is None else Objective(objective)
    return _hashed_id(kind, [kind.value, None if objective is None else objective.value, position.rules.to_dict(),
                             position.key()])


def solve_position(position: Position, kind: PuzzleKind | str,
                   objective: Objective | str | None) -> tuple[DiscardTable, tuple[Card, ...]]:
    """The solver's table and the answer group for a puzzle of this kind."""
    kind, objective = puzzle_kind_and_objective(kind, objective)
    table = discard_table(position.hand, **position.solver_args())
    ranking = ranking_objective(kind, objective)
    if kind == PuzzleKind.CAN_KNOCK:
        answer = tuple(r.card for r in best_knocks(table))
    else:
        answer = tuple(r.card for r in table.best(ranking))
    return table, answer


def best_knocks(table: DiscardTable) -> tuple[DiscardRow, ...]:
    """The answer of a "can you knock?" puzzle: the discards that go gin when any
    does, else the knocking discards that keep the least deadwood (best first);
    none when no discard knocks. Gin scores the bonus and the opponent's whole
    deadwood and cannot be undercut; a knock keeping more deadwood scores less."""
    knocking = sorted((r for r in table.rows if r.knocks), key=lambda r: r.key(Objective.DEADWOOD))
    return tuple(r for r in knocking if r.deadwood == knocking[0].deadwood)


def ladder_level(ctx: Context) -> int:
    """The first player of the ladder that solves the puzzle (1, 2 or 3): the
    naive rule, its melds with a one-draw lookahead, the full solver."""
    table = ctx.table
    if _player_solves(ctx, (ctx.naive,)):
        return 1
    candidates = tuple(c for c in ctx.arrangement11.deadwood if c is not ctx.position.forbidden) or \
        tuple(r.card for r in table.rows)
    if _player_solves(ctx, candidates):
        return 2
    return 3


def _player_solves(ctx: Context, candidates: tuple[Card, ...]) -> bool:
    if any(c is ctx.position.forbidden for c in candidates):
        return False  # the player would throw back the card just taken: illegal
    rows = [ctx.table.row(c) for c in candidates]
    if ctx.kind == PuzzleKind.CAN_KNOCK:
        knocking = sorted((r for r in rows if r.knocks), key=lambda r: r.key(ctx.ranking))
        if not ctx.answer:
            return not knocking
        return bool(knocking) and knocking[0].card in ctx.answer
    choice = min(rows, key=lambda r: r.key(ctx.ranking))
    return choice.card in ctx.answer


def rate(ctx: Context, themes: tuple[str, ...], level: int, margin: Fraction) -> int:
    """A chess-style difficulty: the ladder's band, then finer steps for what
    makes the count harder (near the limit, a set-or-run choice, a small margin)."""
    extra = 0
    extra += 120 if "near-limit" in themes else 0
    extra += 80 if "set-or-run" in themes else 0
    extra += 60 if "forbidden-discard" in themes else 0
    extra += 60 if "oklahoma" in themes else 0
    extra += 40 if ctx.position.opponent_known else 0
    if ctx.kind == PuzzleKind.BEST_DISCARD:
        small = DEADWOOD_MARGIN if ctx.objective == Objective.DEADWOOD else 1
        extra += 60 if margin <= small else 0
    elif not ctx.answer and ctx.least == ctx.table.knock_limit + 1:
        extra += 60
    extra += 10 * len(ctx.arrangement11.melds)
    return BANDS[level] + min(extra, 399)


def _hopeless(position: Position, kind: PuzzleKind, objective: Objective | None) -> Unclear | None:
    """A quick look at the deadwood now, to skip positions that cannot make a
    puzzle before solving them in full (the full check follows anyway): why not, or None."""
    from ..engine.cards import cards_mask
    from ..engine.melds import mask_min_deadwood
    from ..engine.solver import naive_discard
    hand, forbidden = position.hand, position.forbidden
    limit = position.rules.knock_limit_for(position.upcard)
    full = cards_mask(hand)
    now = {c: mask_min_deadwood(full & ~(1 << c.index)) for c in hand}
    legal = sorted(now[c] for c in hand if c is not forbidden)
    least = legal[0]
    if kind == PuzzleKind.CAN_KNOCK:
        if least > limit:
            far = least > limit + 4 and not (forbidden is not None and now[forbidden] <= limit)
            return Unclear.FAR_FROM_KNOCK if far else None
        naive = naive_discard(hand, forbidden=forbidden)
        # the naive rule knocks, and no card was taken
        return Unclear.PLAIN if forbidden is None and now[naive] <= limit else None
    outside = _outside(least, position.stock_count)
    if outside is not None:
        return outside
    if objective == Objective.DEADWOOD:
        ties = legal.count(least)
        if ties > 2 or ties == len(legal):
            return Unclear.TIED
        return Unclear.MARGIN if legal[ties] - least < DEADWOOD_MARGIN else None
    return Unclear.KNOCK_THERE if least <= limit else None


def _outside(least: int, stock_count: int) -> Unclear | None:
    """Why a best-discard position with ``least`` deadwood after its best discard and ``stock_count`` cards in
    the stock is not one the kind asks about, the first check it fails named: gin already there, too early in
    the hand, too far from melds; None when it passes them."""
    if least <= 0:
        return Unclear.GIN_THERE
    if stock_count > 29:
        return Unclear.EARLY
    return Unclear.FAR_FROM_MELDS if least > 35 else None


def _knock_margin(ctx: Context) -> Fraction | Unclear:
    """A "can you knock?" position worth posing (its margin is 0: the rating
    does not use it), or Unclear.PLAIN: it is worth posing for a knock the naive rule
    misses, the card just taken, a set-or-run choice only the full solver sees; or no
    knock in a hand that looks like one."""
    def has(theme: str) -> bool:
        return THEMES[theme].predicate(ctx)
    if ctx.answer:
        worth = has("naive-wrong") or has("forbidden-discard") or (has("set-or-run") and ladder_level(ctx) == 3)
    else:
        worth = has("looks-knockable") or has("forbidden-discard")
    return Fraction(0) if worth else Unclear.PLAIN


def _discard_margin(ctx: Context) -> Fraction | Unclear:
    """How far a best-discard answer beats the runner-up (deadwood, or expected
    deadwood for lookahead), or why the position is not worth posing: no
    single clear answer, a hand the next draw may not reach, a margin too small."""
    position, table, answer, objective = ctx.position, ctx.table, ctx.answer, ctx.ranking
    outside = _outside(ctx.least, position.stock_count)
    if outside is not None:
        return outside
    if objective == Objective.LOOKAHEAD and position.stock_count < position.rules.dead_stock_cards + 2:
        return Unclear.LATE  # the hand may end before the player's next draw
    ordered = table.sorted(objective)
    group = [r for r in ordered if r.card in answer]
    if len(group) > 2 or len({r.values() for r in group}) != 1 or len(group) == len(ordered):
        return Unclear.TIED
    runner_up = ordered[len(group)]
    if objective == Objective.DEADWOOD:
        margin = Fraction(runner_up.deadwood - group[0].deadwood)
        if margin < DEADWOOD_MARGIN:
            return Unclear.MARGIN
        return Unclear.PLAIN if len(ctx.layout(answer[0]).melds) < 2 else margin
    margin = runner_up.expected_deadwood - group[0].expected_deadwood
    if table.can_knock:
        return Unclear.KNOCK_THERE
    return Unclear.MARGIN if margin < LOOKAHEAD_MARGIN else margin


def puzzle_kind_and_objective(kind: PuzzleKind | str,
                              objective: Objective | str | None) -> tuple[PuzzleKind, Objective | None]:
    """The members a kind and an objective name, exactly as records write them: an
    objective for a best-discard puzzle, none for "can you knock?". Raises GinError."""
    if kind not in DISCARD_KINDS:
        raise GinError(t("unknown puzzle kind {kind}: use 'can_knock' or 'best_discard'", kind=repr(kind)))
    kind = PuzzleKind(kind)
    if kind == PuzzleKind.CAN_KNOCK:
        return kind, None
    if objective not in OBJECTIVES:
        raise GinError(t("a best-discard puzzle needs an objective, 'deadwood' or 'lookahead', not {objective}",
                         objective=repr(objective)))
    return kind, Objective(objective)


def make_puzzle(position: Position, kind: PuzzleKind | str, objective: Objective | str | None = None) -> Puzzle | None:
    """The puzzle this position makes, or None when it is not worth posing
    (no single clear answer, or an obvious one: :func:`assess_puzzle` says which)."""
    found = assess_puzzle(position, kind, objective)
    return None if isinstance(found, Unclear) else found


def assess_puzzle(position: Position, kind: PuzzleKind | str,
                  objective: Objective | str | None = None) -> Puzzle | Unclear:
    """The puzzle this position makes, or why it makes none (:class:`~gintrainer.puzzles.kinds.Unclear`)."""
    kind, objective = puzzle_kind_and_objective(kind, objective)
    position = replace(position, hand=tuple(sorted(position.hand)))  # the record's order, for stable words
    position.verify()
    hopeless = _hopeless(position, kind, objective)
    if hopeless is not None:
        return hopeless
    table, answer = solve_position(position, kind, objective)
    if table.big_gin:
        return Unclear.GIN_THERE  # going out without a discard is not what these puzzles ask
    ctx = make_context(position, table, kind, objective, answer)
    margin = _knock_margin(ctx) if kind == PuzzleKind.CAN_KNOCK else _discard_margin(ctx)
    if isinstance(margin, Unclear):
        return margin
    themes = themes_of(ctx)
    if objective == Objective.DEADWOOD and not COUNTING_THEMES & set(themes):
        return Unclear.PLAIN  # a least-deadwood puzzle trains counting: a meld choice, a spare card, or the naive trap
    level = ladder_level(ctx)
    layout = best_arrangement(ctx.kept(answer[0])) if answer else None
    return Puzzle(
        id=puzzle_id(kind, objective, position), kind=kind, rules=position.rules, hand=position.hand,
        drawn=position.drawn, drawn_from=position.drawn_from, discard_pile=position.discard_pile,
        opponent_known=position.opponent_known, stock_count=position.stock_count, upcard=position.upcard,
        knock_limit=table.knock_limit, objective=objective, answer=answer,
        can_knock=bool(answer) if kind == PuzzleKind.CAN_KNOCK else None, least_deadwood=ctx.least, layout=layout,
        table=table.rows, themes=themes, difficulty=rate(ctx, themes, level, margin), seed=position.seed,
        explanation_messages=explain(ctx, themes), hint_messages=hints(ctx, themes))


def verify(record: dict[str, Any]) -> Puzzle:
    """Rebuild a puzzle of a discard kind from its record (a record of any kind:
    :func:`gintrainer.puzzles.registry.verify`) and check every part against the solver:
    the table, the answer, the themes, the difficulty, and what its explanation
    and hints say (their messages, not their words). Raises
    :class:`PuzzleError` naming the first disagreement."""
    if not isinstance(record, dict):
        raise PuzzleError(f"a puzzle record is a dict, not {type(record).__name__}")
    try:
        kind = record["kind"]
        rules = Rules.from_dict(record["rules"])
        upcard = parse_card(record["upcard"]) if record.get("upcard") else None
        position = Position(
            hand=parse_cards(record["hand"]), drawn=parse_card(record["drawn"]), drawn_from=record["drawn_from"],
            discard_pile=parse_cards(record["discard_pile"]), opponent_known=parse_cards(record["opponent_known"]),
            stock_count=int(record["stock_count"]), rules=rules, upcard=upcard, seed=str(record["seed"]))
        objective = record.get("objective")
        position.verify()
    except KeyError as missing:
        raise PuzzleError(f"puzzle record {record.get('id', '?')!r} lacks {missing}") from None
    except GinError as error:
        raise PuzzleError(f"puzzle record {record.get('id', '?')!r}: {error}") from None
    if kind not in KINDS:
        raise PuzzleError(f"puzzle record {record.get('id', '?')!r} has unknown kind {kind!r}")
    try:
        puzzle = make_puzzle(position, kind, objective)
    except GinError as error:
        raise PuzzleError(f"puzzle record {record.get('id', '?')!r}: {error}") from None
    if puzzle is None:
        raise PuzzleError(f"puzzle {record.get('id')!r} is no longer a clear puzzle for the solver")
    expected = puzzle.to_dict()
    for key in ("id", "knock_limit", "answer", "table", "themes", "difficulty", "sentences"):
        if record.get(key) != expected[key]:
            raise PuzzleError(f"puzzle {record.get('id')!r}: its {key} disagrees with the solver")
    return puzzle


__all__ = ["Grade", "KINDS", "Puzzle", "PuzzleError", "PuzzleKind", "assess_puzzle", "fraction_text",
           "ladder_level", "make_puzzle", "puzzle_id", "solve_position", "verify"]
