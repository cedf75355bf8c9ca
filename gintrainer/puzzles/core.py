"""Puzzles: made from a position, kept only when the solver finds one clear
answer, tagged with themes, rated, explained with the solver's numbers.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from fractions import Fraction

from ..cards import Card, format_cards, parse_card, parse_cards, show_cards
from ..errors import GinError
from ..melds import Arrangement, best_arrangement, meld_kind
from ..rules import Rules
from ..solver import DiscardRow, DiscardTable, discard_table, fraction_text, parse_fraction
from .positions import Position
from .themes import THEMES, Context, make_context, overlap_cards, themes_of

KINDS = ("can_knock", "best_discard")
DEADWOOD_MARGIN = 1
LOOKAHEAD_MARGIN = Fraction(1, 2)
BANDS = {1: 1100, 2: 1500, 3: 1900}
"""Difficulty band by the first player of the ladder that solves the puzzle:
1 naive rule, 2 naive melds with a one-draw lookahead, 3 only the full solver."""


class PuzzleError(GinError):
    """A puzzle record that is malformed or disagrees with the solver."""


@dataclass(frozen=True)
class Puzzle:
    """One verified puzzle. ``answer`` is every accepted discard; for "can you
    knock?" ``can_knock`` says whether any discard knocks and ``layout`` shows it."""

    id: str
    kind: str
    rules: Rules
    hand: tuple[Card, ...]
    drawn: Card
    drawn_from: str
    discard_pile: tuple[Card, ...]
    opponent_known: tuple[Card, ...]
    stock_count: int
    upcard: Card | None
    knock_limit: int
    objective: str | None
    answer: tuple[Card, ...]
    can_knock: bool | None
    least_deadwood: int
    layout: Arrangement | None
    table: tuple[DiscardRow, ...]
    themes: tuple[str, ...]
    difficulty: int
    seed: str
    explanation: str
    hints: tuple[str, ...]

    @property
    def forbidden(self) -> Card | None:
        return self.drawn if self.drawn_from == "discard" else None

    @property
    def question(self) -> str:
        if self.kind == "can_knock":
            return (f"You drew {self.drawn} from the {'discard pile' if self.drawn_from == 'discard' else 'stock'}. "
                    f"Can you knock (knock limit {self.knock_limit})? If so, which card do you discard?")
        goal = ("leave the least deadwood now" if self.objective == "deadwood" else
                "leave the least deadwood expected after your next draw from the stock")
        return (f"You drew {self.drawn} from the {'discard pile' if self.drawn_from == 'discard' else 'stock'}. "
                f"Which card do you discard to {goal}?")

    def row(self, card) -> DiscardRow:
        card = parse_card(card) if not isinstance(card, Card) else card
        for row in self.table:
            if row.card is card:
                return row
        if card is self.forbidden:
            raise GinError(f"{card} may not be discarded: it was just taken from the discard pile")
        raise GinError(f"{card} is not in the hand")

    def grade(self, discard=None, *, can_knock: bool | None = None) -> Grade:
        """Judge an answer: for "can you knock?" the yes/no (and, for yes, the
        discard); for "best discard" the discard. Bad answers raise GinError."""
        if self.kind == "can_knock":
            if can_knock is None:
                raise GinError("answer yes or no first")
            if not can_knock:
                if self.can_knock:
                    best = self.table_sorted()[0]
                    return Grade(False, None, f"Yes, you can: {self.answer_words()}", None, best)
                return Grade(True, None, "Right: no discard gets within the limit. " + self.explanation, None, None)
            if not self.can_knock:
                return Grade(False, None, "No discard knocks here. " + self.explanation, None, None)
            if discard is None:
                return Grade(True, None, "Right, you can knock. Now choose the discard.", None, None)
        if discard is None:
            raise GinError("choose a card to discard")
        row = self.row(discard)
        best = self.table_sorted()[0]
        cost = self._value(row) - self._value(best)
        if row.card in self.answer:
            return Grade(True, row, "Right. " + self.explanation, Fraction(0), best)
        return Grade(False, row, self._wrong_words(row, best), cost, best)

    def table_sorted(self) -> tuple[DiscardRow, ...]:
        if self.kind == "can_knock":
            return tuple(sorted(self.table, key=lambda r: r.key("deadwood")))
        return tuple(sorted(self.table, key=lambda r: r.key(self.objective)))

    def _value(self, row: DiscardRow) -> Fraction:
        if self.kind == "best_discard" and self.objective == "lookahead":
            return row.expected_deadwood
        return Fraction(row.deadwood)

    def _wrong_words(self, row: DiscardRow, best: DiscardRow) -> str:
        if self.kind == "can_knock":
            return (f"Not {row.card}: discarding {row.card} leaves {row.deadwood}, over the knock limit of "
                    f"{self.knock_limit}. {self.explanation}")
        if self.objective == "deadwood":
            return (f"Not the best: discarding {row.card} leaves {row.deadwood}, "
                    f"{row.deadwood - best.deadwood} more than discarding {best.card}. {self.explanation}")
        return (f"Not the best: discarding {row.card} leaves {row.deadwood} now and "
                f"{_decimal(row.expected_deadwood)} on average after the next draw, "
                f"{_decimal(row.expected_deadwood - best.expected_deadwood)} more than discarding {best.card}. "
                f"{self.explanation}")

    def answer_words(self) -> str:
        if self.kind == "can_knock" and not self.can_knock:
            return "No: no discard gets within the knock limit."
        cards = " or ".join(str(c) for c in self.answer)
        return f"Discard {cards}."

    def to_dict(self) -> dict:
        answer = {"discards": [c.code() for c in self.answer], "deadwood": self.least_deadwood}
        if self.kind == "can_knock":
            answer["can_knock"] = self.can_knock
        if self.layout is not None:
            answer["layout"] = self.layout.to_dict()
        return {
            "id": self.id, "kind": self.kind, "rules": self.rules.to_dict(),
            "hand": format_cards(self.hand), "drawn": self.drawn.code(), "drawn_from": self.drawn_from,
            "discard_pile": format_cards(self.discard_pile), "opponent_known": format_cards(self.opponent_known),
            "stock_count": self.stock_count, "upcard": self.upcard.code() if self.upcard else None,
            "knock_limit": self.knock_limit, "objective": self.objective, "answer": answer,
            "table": [r.to_dict() for r in self.table], "themes": list(self.themes),
            "difficulty": self.difficulty, "seed": self.seed, "explanation": self.explanation,
            "hints": list(self.hints), "question": self.question,
        }

    @classmethod
    def from_dict(cls, data: dict) -> Puzzle:
        """Read a record and check it against the solver (see :func:`verify`)."""
        return verify(data)

    @property
    def position(self) -> Position:
        return Position(self.hand, self.drawn, self.drawn_from, self.discard_pile, self.opponent_known,
                        self.stock_count, self.rules, self.upcard, self.seed)


@dataclass(frozen=True)
class Grade:
    """The verdict on an answer: right or not, the chosen card's row, its cost
    against the best (deadwood, or expected deadwood for lookahead), and words."""

    correct: bool
    row: DiscardRow | None
    message: str
    cost: Fraction | None
    best: DiscardRow | None


def puzzle_id(kind: str, objective: str | None, position: Position) -> str:
    """An id derived from the position alone, so it survives rebuilding the bank."""
    text = json.dumps([kind, objective, position.rules.to_dict(), position.key()], sort_keys=True)
    prefix = {"can_knock": "ck", "best_discard": "bd"}[kind]
    return f"{prefix}-{hashlib.sha256(text.encode()).hexdigest()[:12]}"


def _decimal(value: Fraction) -> str:
    return f"{float(value):.2f}"


def _layout_words(arrangement: Arrangement) -> str:
    return " · ".join(show_cards(m) for m in arrangement.melds) or "no melds"


def solve_position(position: Position, kind: str, objective: str | None) -> tuple[DiscardTable, tuple[Card, ...]]:
    """The solver's table and the answer group for a puzzle of this kind."""
    table = discard_table(position.hand, **position.solver_args())
    if kind == "can_knock":
        answer = tuple(r.card for r in sorted(table.rows, key=lambda r: r.key("deadwood")) if r.knocks)
    else:
        answer = tuple(r.card for r in table.best(objective))
    return table, answer


def ladder_level(ctx: Context) -> int:
    """The first player of the ladder that solves the puzzle (1, 2 or 3)."""
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
    if ctx.kind == "can_knock":
        knocking = sorted((r for r in rows if r.knocks), key=lambda r: r.key("deadwood"))
        if not ctx.answer:
            return not knocking
        return bool(knocking) and knocking[0].card in ctx.answer
    choice = min(rows, key=lambda r: r.key(ctx.objective))
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
    if ctx.kind == "best_discard":
        small = DEADWOOD_MARGIN if ctx.objective == "deadwood" else 1
        extra += 60 if margin <= small else 0
    elif not ctx.answer and ctx.least == ctx.table.knock_limit + 1:
        extra += 60
    extra += 10 * len(ctx.arrangement11.melds)
    return BANDS[level] + min(extra, 399)


def _hopeless(position: Position, kind: str, objective: str | None) -> bool:
    """A quick look at the deadwood now, to skip positions that cannot make a
    puzzle before solving them in full (the full check follows anyway)."""
    from ..cards import cards_mask
    from ..melds import mask_min_deadwood
    from ..solver import naive_discard
    hand, forbidden = position.hand, position.forbidden
    limit = position.rules.knock_limit_for(position.upcard)
    full = cards_mask(hand)
    now = {c: mask_min_deadwood(full & ~(1 << c.index)) for c in hand}
    legal = sorted(now[c] for c in hand if c is not forbidden)
    least = legal[0]
    if kind == "can_knock":
        if least > limit:
            return least > limit + 4 and not (forbidden is not None and now[forbidden] <= limit)
        naive = naive_discard(hand)
        return forbidden is None and now[naive] <= limit
    if not 0 < least <= 35 or position.stock_count > 29:
        return True
    if objective == "deadwood":
        ties = legal.count(least)
        return ties > 2 or (ties < len(legal) and legal[ties] - least < DEADWOOD_MARGIN)
    return least <= limit


def make_puzzle(position: Position, kind: str, objective: str | None = None) -> Puzzle | None:
    """The puzzle this position makes, or None when it is not worth posing
    (no single clear answer, or an obvious one)."""
    if kind not in KINDS:
        raise GinError(f"unknown puzzle kind {kind!r}: use 'can_knock' or 'best_discard'")
    if kind == "best_discard" and objective not in ("deadwood", "lookahead"):
        raise GinError(f"a best-discard puzzle needs an objective, 'deadwood' or 'lookahead', not {objective!r}")
    if kind == "can_knock":
        objective = None
    position = replace(position, hand=tuple(sorted(position.hand)))  # the record's order, for stable words
    if _hopeless(position, kind, objective):
        return None
    table, answer = solve_position(position, kind, objective)
    if table.big_gin:
        return None  # going out without a discard is not what these puzzles ask
    ctx = make_context(position, table, kind, objective, answer)
    themes = themes_of(ctx)
    if kind == "can_knock":
        margin = Fraction(0)
        if answer:
            worth = ("naive-wrong" in themes or "forbidden-discard" in themes
                     or ("set-or-run" in themes and ladder_level(ctx) == 3))
        else:
            worth = "looks-knockable" in themes or "forbidden-discard" in themes
        if not worth:
            return None
    else:
        if not 0 < ctx.least <= 35 or position.stock_count > 29:
            return None
        ordered = table.sorted(objective)
        group = [r for r in ordered if r.card in answer]
        if len(group) > 2 or len({r.values() for r in group}) != 1 or len(group) == len(ordered):
            return None
        runner_up = ordered[len(group)]
        if objective == "deadwood":
            margin = Fraction(runner_up.deadwood - group[0].deadwood)
            if margin < DEADWOOD_MARGIN:
                return None
            trains_counting = {"set-or-run", "long-run", "four-of-a-kind", "near-limit", "naive-wrong"}
            if not trains_counting & set(themes) or len(best_arrangement(ctx.kept(answer[0])).melds) < 2:
                return None
        else:
            margin = runner_up.expected_deadwood - group[0].expected_deadwood
            if margin < LOOKAHEAD_MARGIN or table.can_knock:
                return None
    level = ladder_level(ctx)
    layout = best_arrangement(ctx.kept(answer[0])) if answer else None
    explanation = explain(ctx, themes)
    return Puzzle(
        id=puzzle_id(kind, objective, position), kind=kind, rules=position.rules, hand=position.hand,
        drawn=position.drawn, drawn_from=position.drawn_from, discard_pile=position.discard_pile,
        opponent_known=position.opponent_known, stock_count=position.stock_count, upcard=position.upcard,
        knock_limit=table.knock_limit, objective=objective, answer=answer,
        can_knock=bool(answer) if kind == "can_knock" else None, least_deadwood=ctx.least, layout=layout,
        table=table.rows, themes=themes, difficulty=rate(ctx, themes, level, margin), seed=position.seed,
        explanation=explanation, hints=hints(ctx, themes))


def explain(ctx: Context, themes: tuple[str, ...]) -> str:
    """Plain words with the numbers of the answer's row and the runner-up's."""
    table, limit = ctx.table, ctx.table.knock_limit
    forbidden = ctx.position.forbidden
    parts: list[str] = []
    if ctx.kind == "can_knock":
        ordered = sorted(table.rows, key=lambda r: r.key("deadwood"))
        if ctx.answer:
            row = table.row(ctx.answer[0])
            layout = best_arrangement(ctx.kept(row.card))
            if row.gin:
                parts.append(f"Yes: discarding {row.card} leaves {row.deadwood}, so the other ten all meld "
                             f"({_layout_words(layout)}): that is gin.")
            else:
                parts.append(f"Yes: discarding {row.card} leaves {row.deadwood} "
                             f"({show_cards(layout.deadwood)}), within the knock limit of {limit}; "
                             f"lay out {_layout_words(layout)}.")
            others = [table.row(c) for c in ctx.answer[1:]]
            if others:
                parts.append("Also knocking: " + "; ".join(f"discarding {r.card} leaves {r.deadwood}" for r in others)
                             + ".")
            if ctx.naive_legal and not table.row(ctx.naive).knocks:
                parts.append(f"The highest deadwood card is a trap: discarding {ctx.naive} leaves "
                             f"{table.row(ctx.naive).deadwood}, over the limit.")
            parts.append(_overlap_words(ctx.kept(row.card), layout))
        else:
            row = ordered[0]
            parts.append(f"No: the best is discarding {row.card}, which leaves {row.deadwood} "
                         f"({show_cards(best_arrangement(ctx.kept(row.card)).deadwood)}), "
                         + (f"over the knock limit of {limit}." if limit else "and only gin may go out here."))
            if len(ordered) > 1:
                runner = ordered[1]
                parts.append(f"Next best: discarding {runner.card} leaves {runner.deadwood}.")
        if "forbidden-discard" in themes and forbidden is not None:
            from ..melds import min_deadwood
            parts.append(f"Throwing back {forbidden} would leave {min_deadwood(ctx.kept(forbidden))}, but it was "
                         "just taken from the discard pile and may not be discarded this turn.")
        if "oklahoma" in themes and ctx.position.upcard is not None:
            parts.append(f"Oklahoma: the first upcard, {ctx.position.upcard}, sets the limit to {limit}.")
        return " ".join(p for p in parts if p)
    ordered = table.sorted(ctx.objective)
    row = table.row(ctx.answer[0])
    runner = next(r for r in ordered if r.card not in ctx.answer)
    layout = best_arrangement(ctx.kept(row.card))
    both = f"{ctx.answer[0]} or {ctx.answer[1]}" if len(ctx.answer) == 2 else str(ctx.answer[0])
    if ctx.objective == "deadwood":
        parts.append(f"Discard {both}: discarding {row.card} leaves {row.deadwood} "
                     f"({_layout_words(layout)}; deadwood {show_cards(layout.deadwood) or 'none'}).")
        parts.append(f"The runner-up: discarding {runner.card} leaves {runner.deadwood}.")
        if ctx.naive_legal and ctx.naive not in ctx.answer:
            parts.append(f"The highest deadwood card is not the answer: discarding {ctx.naive} leaves "
                         f"{table.row(ctx.naive).deadwood}.")
    else:
        unseen = len(table.unseen)
        parts.append(f"Discard {both}: discarding {row.card} leaves {row.deadwood} now and "
                     f"{_decimal(row.expected_deadwood)} on average after one more draw from the stock "
                     f"({len(row.outs)} of the {unseen} unseen cards would improve it).")
        parts.append(f"The runner-up: discarding {runner.card} leaves {runner.deadwood} now and "
                     f"{_decimal(runner.expected_deadwood)} on average ({len(runner.outs)} cards improve it).")
        if ctx.naive_legal and ctx.naive not in ctx.answer:
            naive_row = table.row(ctx.naive)
            parts.append(f"The highest deadwood card is not the answer: discarding {ctx.naive} leaves "
                         f"{naive_row.deadwood} now but {_decimal(naive_row.expected_deadwood)} on average, "
                         f"with {len(naive_row.outs)} cards that improve it.")
    parts.append(_overlap_words(ctx.kept(row.card), layout))
    if "forbidden-discard" in themes and forbidden is not None:
        parts.append(f"{forbidden} was just taken from the discard pile, so it may not be thrown back.")
    return " ".join(p for p in parts if p)


def _overlap_words(kept, layout: Arrangement) -> str:
    for card in overlap_cards(kept):
        meld = next((m for m in layout.melds if card in m), None)
        if meld is None:
            continue
        if meld_kind(meld) == "run":
            return f"{card} belongs in the run {show_cards(meld)}, not with the other {card.rank_name}s."
        return f"{card} belongs in the set {show_cards(meld)}, not in a run."
    return ""


def key_cards(ctx: Context) -> tuple[Card, ...]:
    """The cards a learner should look at: the answer and what makes it work."""
    cards: list[Card] = []
    if ctx.answer:
        kept = ctx.kept(ctx.answer[0])
        cards.extend(overlap_cards(kept))
        if ctx.naive not in ctx.answer:
            cards.append(ctx.naive)
    else:
        best = sorted(ctx.table.rows, key=lambda r: r.key("deadwood"))[0]
        cards.extend(best_arrangement(ctx.kept(best.card)).deadwood)
    if ctx.position.forbidden is not None:
        cards.append(ctx.position.forbidden)
    seen: list[Card] = []
    for card in cards:
        if card not in seen:
            seen.append(card)
    return tuple(seen)


def hints(ctx: Context, themes: tuple[str, ...]) -> tuple[str, ...]:
    """The hint ladder: the theme, then the key cards, then the answer."""
    lead = next((t for t in ("set-or-run", "forbidden-discard", "not-highest", "looks-knockable", "keep-the-pair",
                             "naive-wrong", "near-limit", "long-run", "four-of-a-kind", "gin", "oklahoma")
                 if t in themes), None)
    first = THEMES[lead][1] if lead else "Arrange the melds first, then count what is left."
    keys = key_cards(ctx)
    second = f"Look closely at {show_cards(keys)}." if keys else "Count the deadwood after each discard."
    if ctx.kind == "can_knock" and not ctx.answer:
        third = "Answer: no, you cannot knock."
    else:
        third = "Answer: discard " + " or ".join(str(c) for c in ctx.answer) + "."
    return (first, second, third)


def verify(record: dict) -> Puzzle:
    """Rebuild a puzzle from its record and check every part against the solver:
    the table, the answer, the themes, the difficulty and the explanation. Raises
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
    for key in ("id", "knock_limit", "answer", "table", "themes", "difficulty", "explanation", "hints"):
        if record.get(key) != expected[key]:
            raise PuzzleError(f"puzzle {record.get('id')!r}: its {key} disagrees with the solver")
    return puzzle


def expected_from_text(text: str) -> Fraction:
    return parse_fraction(text)


__all__ = ["Grade", "KINDS", "Puzzle", "PuzzleError", "explain", "fraction_text", "hints", "ladder_level",
           "make_puzzle", "puzzle_id", "solve_position", "verify"]
