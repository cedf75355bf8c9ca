"""Every sentence a puzzle says is true of the puzzle: for each template, a
predicate that must hold whenever the sentence is used, checked by plain
counting (every meld enumerated, every draw tried) over the whole bank, every
daily of a year and a generated sample; and every theme a puzzle is tagged with
decides its answer."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from itertools import combinations

import pytest

from gintrainer import parse_cards
from gintrainer.engine.cards import DECK, Card
from gintrainer.engine.melds import best_arrangement, meld_kind, min_deadwood
from gintrainer.engine.solver import naive_discard, slow_expected_deadwood
from gintrainer.material.messages import PUZZLE_MESSAGES, THEME_MESSAGES, Message, render, say
from gintrainer.puzzles import Puzzle
from gintrainer.puzzles.kinds import DISCARD_KINDS
from gintrainer.puzzles.themes import HINT_ORDER, THEMES
from puzzle_samples import bank_puzzles, every_puzzle, generated_sample, year_of_dailies

# -- plain counting -------------------------------------------------------------

def melds_among(cards, card=None, kind=None):
    """Every meld of 3 or more of ``cards`` (holding ``card``, of ``kind``), by trying every group."""
    cards = tuple(cards)
    pool = [c for c in cards if card is None or c.rank == card.rank or c.suit == card.suit]
    found = []
    for size in range(3, len(pool) + 1):
        for group in combinations(pool, size):
            if card is not None and card not in group:
                continue
            k = meld_kind(group)
            if k is not None and (kind is None or k == kind):
                found.append(group)
    return found


def without(cards, gone):
    gone = set(gone)
    return tuple(c for c in cards if c not in gone)


def forced(cards, card, kind):
    """Least deadwood with ``card`` in a meld of ``kind``, or None."""
    values = [min_deadwood(without(cards, m)) for m in melds_among(cards, card, kind)]
    return min(values) if values else None


def best_after_draw(kept, draw):
    eleven = tuple(kept) + (draw,)
    return min(min_deadwood(without(eleven, [t])) for t in eleven)


def melded_improvement(kept, draw, partner=None):
    """Drawing ``draw`` and throwing a card lowers the deadwood with ``draw`` in a meld (with ``partner``)."""
    now = min_deadwood(kept)
    eleven = tuple(kept) + (draw,)
    for meld in melds_among(eleven, draw):
        if partner is not None and partner not in meld:
            continue
        rest = without(eleven, meld)
        if any(min_deadwood(without(rest, [t])) < now for t in rest):
            return True
    return False


@cache
def _unseen(puzzle):
    return tuple(c for c in DECK if c not in puzzle.hand and c not in puzzle.discard_pile
                 and c not in puzzle.opponent_known)


@cache
def _outs(puzzle, card):
    kept = without(puzzle.hand, [card])
    now = min_deadwood(kept)
    return tuple(u for u in _unseen(puzzle) if best_after_draw(kept, u) < now)


def kept(puzzle, card):
    return without(puzzle.hand, [card])


def legal(puzzle):
    return [c for c in puzzle.hand if c is not puzzle.forbidden]


def least(puzzle):
    return min(min_deadwood(kept(puzzle, c)) for c in legal(puzzle))


def card(value) -> Card:
    return parse_cards(value)[0]


def is_least_layout(cards, layout, deadwood_cards):
    """The melds are disjoint melds of ``cards``, the rest is the deadwood, and it is least."""
    melds = [parse_cards(m) for m in layout]
    used = [c for m in melds for c in m]
    return (all(meld_kind(m) for m in melds) and len(used) == len(set(used)) and set(used) <= set(cards)
            and set(parse_cards(deadwood_cards)) == set(cards) - set(used)
            and sum(c.value for c in parse_cards(deadwood_cards)) == min_deadwood(cards))


def naive(puzzle):
    return naive_discard(puzzle.hand, forbidden=puzzle.forbidden)


def naive_is_deadwood(puzzle):
    return naive(puzzle) in best_arrangement(puzzle.hand).deadwood


def ordered(puzzle):
    return puzzle.table_sorted()


def runner_up(puzzle):
    return next(r for r in ordered(puzzle) if r.card not in puzzle.answer)


def is_runner_up(puzzle, c):
    """``c`` ties for the best row that is not an answer."""
    return c not in puzzle.answer and puzzle.row(c).values() == runner_up(puzzle).values()


def leaves(puzzle, c, deadwood):
    return min_deadwood(kept(puzzle, c)) == deadwood


@cache
def expected(puzzle, c):
    return slow_expected_deadwood(kept(puzzle, c), _unseen(puzzle))


def expected_is(puzzle, c, text):
    return Fraction(text) == expected(puzzle, c)


def row_values(puzzle, s, c):
    """deadwood, expected and outs of a lookahead row, counted again."""
    return (leaves(puzzle, c, s["deadwood"]) and expected_is(puzzle, c, s["expected"])
            and s["outs"] == len(_outs(puzzle, c)))


@cache
def meld_outs(puzzle, c):
    return [u for u in _outs(puzzle, c) if melded_improvement(kept(puzzle, c), u)]


@cache
def knocks(puzzle):
    """Each legal discard that knocks, with the deadwood it leaves, counted again."""
    left = {c: min_deadwood(kept(puzzle, c)) for c in legal(puzzle)}
    return {c: d for c, d in left.items() if d <= puzzle.knock_limit}


def others_leaving(p, s):
    """How many legal discards other than the sentence's card leave its deadwood, counted again."""
    return sum(min_deadwood(kept(p, c)) == s["deadwood"] for c in legal(p) if c is not card(s["card"]))


def least_knock(puzzle):
    """The least deadwood a knock leaves (0: gin), None when no discard knocks."""
    return min(knocks(puzzle).values(), default=None)


def _worse_knock(p, s):
    """The sentence's card knocks, leaving its deadwood, more than the least: not an answer."""
    c = card(s["card"])
    return c in knocks(p) and c not in p.answer and knocks(p)[c] == s["deadwood"] > least_knock(p)


def _best_knock(p, s):
    """The sentence's best card is an answer and knocks with its deadwood, the cost between them."""
    return (card(s["best_card"]) in p.answer and knocks(p).get(card(s["best_card"])) == s["best_deadwood"]
            == least_knock(p) and s["cost"] == s["deadwood"] - s["best_deadwood"])


def hides(puzzle, deadwood):
    if puzzle.kind == "can_knock":
        return deadwood > puzzle.knock_limit
    return deadwood >= runner_up(puzzle).deadwood


def spare_from(whole_kind, c, stays):
    whole = tuple(stays) + (c,)
    if meld_kind(stays) != whole_kind or meld_kind(whole) != whole_kind:
        return False
    if whole_kind == "set":
        return len(whole) == 4
    ranks = sorted(x.rank for x in whole)
    return c.rank in (ranks[0], ranks[-1])


def lends(puzzle, c, stays, kind):
    """A least layout of the answer's ten puts ``c`` in a meld of ``kind`` and keeps ``stays`` whole."""
    ten = kept(puzzle, puzzle.answer[0])
    rest = without(ten, stays)
    value = forced(rest, c, kind)
    return set(stays) <= set(ten) and value is not None and value == min_deadwood(ten)


# -- what each sentence claims ----------------------------------------------------

def _question(p, s, kind, objective, source, gin_only=False):
    return (p.kind == kind and p.objective == objective and p.drawn_from == source and card(s["card"]) is p.drawn
            and (kind != "can_knock"
                 or ((p.knock_limit == 0) == gin_only and (gin_only or s["limit"] == p.knock_limit))))


Claim = Callable[[Puzzle, Message], object]
"""Whether what a message says is true of a puzzle."""


def _hint_claim(theme: str) -> Claim:
    """The first hint names the theme that leads the hint order among the puzzle's."""
    return lambda p, s: theme == next(t for t in HINT_ORDER if t in p.themes)


CLAIMS: dict[str, Claim] = {
    "question_ck_stock": lambda p, s: _question(p, s, "can_knock", None, "stock"),
    "question_ck_discard": lambda p, s: _question(p, s, "can_knock", None, "discard"),
    "question_ck_gin_stock": lambda p, s: _question(p, s, "can_knock", None, "stock", True),
    "question_ck_gin_discard": lambda p, s: _question(p, s, "can_knock", None, "discard", True),
    "question_deadwood_stock": lambda p, s: _question(p, s, "best_discard", "deadwood", "stock"),
    "question_deadwood_discard": lambda p, s: _question(p, s, "best_discard", "deadwood", "discard"),
    "question_lookahead_stock": lambda p, s: _question(p, s, "best_discard", "lookahead", "stock"),
    "question_lookahead_discard": lambda p, s: _question(p, s, "best_discard", "lookahead", "discard"),
    "position_count": lambda p, s: (not p.opponent_known and s["pile"] == len(p.discard_pile)
                                    and s["stock"] == p.stock_count and 11 + 10 + s["pile"] + s["stock"] == 52
                                    and s["unseen"] == len(_unseen(p)) == s["stock"] + 10),
    "position_count_known": lambda p, s: (s["known"] == len(p.opponent_known) > 0
                                          and s["pile"] == len(p.discard_pile) and s["stock"] == p.stock_count
                                          and 11 + 10 + s["pile"] + s["stock"] == 52
                                          and s["unseen"] == len(_unseen(p)) == s["stock"] + 10 - s["known"]),
    "ck_gin": lambda p, s: (p.can_knock and card(s["card"]) is p.answer[0] and leaves(p, card(s["card"]), 0)
                            and is_least_layout(kept(p, card(s["card"])), s["layout"], "")),
    "ck_knock": lambda p, s: (p.can_knock and card(s["card"]) is p.answer[0] and s["limit"] == p.knock_limit
                              and s["deadwood"] == least(p) <= p.knock_limit and leaves(p, card(s["card"]),
                                                                                       s["deadwood"])
                              and is_least_layout(kept(p, card(s["card"])), s["layout"], s["deadwood_cards"])),
    "ck_also": lambda p, s: (card(s["card"]) in p.answer[1:] and leaves(p, card(s["card"]), s["deadwood"])
                             and 0 < s["deadwood"] == least_knock(p) <= p.knock_limit),  # "knocks": not gin
    "ck_also_gin": lambda p, s: card(s["card"]) in p.answer[1:] and leaves(p, card(s["card"]), 0),
    "ck_gin_over_knock": lambda p, s: (least_knock(p) == 0 and card(s["best_card"]) in p.answer
                                       and leaves(p, card(s["best_card"]), 0) and _worse_knock(p, s)
                                       and s["deadwood"] == min(knocks(p)[c] for c in knocks(p) if c not in p.answer)
                                       and s["bonus"] == p.rules.gin_bonus
                                       and s["points"] == s["bonus"] + s["deadwood"]),
    "ck_next_knock": lambda p, s: (least_knock(p) > 0 and _worse_knock(p, s) and _best_knock(p, s)
                                   and s["deadwood"] == min(knocks(p)[c] for c in knocks(p) if c not in p.answer)),
    "ck_naive_knock": lambda p, s: card(s["card"]) is naive(p) and naive_is_deadwood(p) and _worse_knock(p, s),
    "naive_layout": lambda p, s: (is_least_layout(p.hand, s["layout"], s["deadwood_cards"])
                                  and tuple(s["layout"]) == best_arrangement(p.hand).melds),
    "ck_also_many": lambda p, s: (s["count"] == len(p.answer) - 1 > 3 and s["deadwood"] == least_knock(p)
                                  and all(knocks(p).get(c) == s["deadwood"] for c in p.answer)),
    "ck_naive_trap": lambda p, s: (card(s["card"]) is naive(p) and naive_is_deadwood(p) and p.can_knock
                                   and leaves(p, naive(p), s["deadwood"]) and s["deadwood"] > p.knock_limit),
    "ck_naive_trap_melded": lambda p, s: (min_deadwood(p.hand) == 0 and card(s["card"]) is naive(p)
                                          and naive(p).value == max(c.value for c in legal(p))
                                          and leaves(p, naive(p), s["deadwood"]) and s["deadwood"] > p.knock_limit),
    "ck_no": lambda p, s: (not p.can_knock and card(s["card"]) is ordered(p)[0].card and p.knock_limit > 0
                           and s["limit"] == p.knock_limit and s["deadwood"] == least(p) > p.knock_limit
                           and leaves(p, card(s["card"]), s["deadwood"]) and others_leaving(p, s) == 0),
    "ck_no_gin_only": lambda p, s: (not p.can_knock and p.knock_limit == 0 and s["deadwood"] == least(p) > 0
                                    and card(s["card"]) is ordered(p)[0].card and others_leaving(p, s) == 0),
    "ck_no_tied": lambda p, s: (not p.can_knock and card(s["card"]) is ordered(p)[0].card and p.knock_limit > 0
                                and s["limit"] == p.knock_limit and s["deadwood"] == least(p) > p.knock_limit
                                and leaves(p, card(s["card"]), s["deadwood"]) and others_leaving(p, s) == s["count"]
                                > 0),
    "ck_no_gin_only_tied": lambda p, s: (not p.can_knock and p.knock_limit == 0 and s["deadwood"] == least(p) > 0
                                         and card(s["card"]) is ordered(p)[0].card
                                         and others_leaving(p, s) == s["count"] > 0),
    "ck_no_layout": lambda p, s: (not p.can_knock and s["deadwood"] == least(p)
                                  and is_least_layout(kept(p, ordered(p)[0].card), s["layout"], s["deadwood_cards"])),
    "ck_no_layout_nomelds": lambda p, s: (not p.can_knock and not melds_among(kept(p, ordered(p)[0].card))),
    "ck_next": lambda p, s: (leaves(p, card(s["card"]), s["deadwood"]) and card(s["card"]) in legal(p)
                             and s["deadwood"] == min(d for c in legal(p)
                                                      if (d := min_deadwood(kept(p, c))) > least(p))),
    "ck_oklahoma": lambda p, s: (p.rules.oklahoma and card(s["upcard"]) is p.upcard and p.upcard.rank != 1
                                 and s["limit"] == p.knock_limit == p.upcard.value),
    "ck_oklahoma_ace": lambda p, s: (p.rules.oklahoma and card(s["upcard"]) is p.upcard and p.upcard.rank == 1
                                     and p.knock_limit == 0),
    "ck_oklahoma_usual": lambda p, s: (p.rules.oklahoma and s["usual"] == p.rules.knock_limit
                                       and leaves(p, card(s["card"]), s["deadwood"])
                                       and p.knock_limit < s["deadwood"] <= s["usual"]),
    "ck_oklahoma_usual_not": lambda p, s: (p.rules.oklahoma and s["usual"] == p.rules.knock_limit
                                           and leaves(p, card(s["card"]), s["deadwood"])
                                           and s["usual"] < s["deadwood"] <= p.knock_limit),
    "forbidden_highest": lambda p, s: (card(s["card"]) is p.forbidden is naive_discard(p.hand)
                                       and p.forbidden in best_arrangement(p.hand).deadwood),
    "forbidden_would_knock": lambda p, s: (card(s["card"]) is p.forbidden and p.kind == "can_knock"
                                           and leaves(p, p.forbidden, s["deadwood"])
                                           and s["deadwood"] <= p.knock_limit),
    "forbidden_would_be_best": lambda p, s: (card(s["card"]) is p.forbidden and leaves(p, p.forbidden, s["deadwood"])
                                             and s["deadwood"] < least(p)),
    "meld_set": lambda p, s: _meld_claim(p, s, "set"),
    "meld_run": lambda p, s: _meld_claim(p, s, "run"),
    "spare_discard_set": lambda p, s: (card(s["card"]) is p.answer[0]
                                       and spare_from("set", card(s["card"]), parse_cards(s["stays_meld"]))
                                       and _stays_in_least(p, s)),
    "spare_discard_run": lambda p, s: (card(s["card"]) is p.answer[0]
                                       and spare_from("run", card(s["card"]), parse_cards(s["stays_meld"]))
                                       and _stays_in_least(p, s)),
    "spare_to_run": lambda p, s: (spare_from("set", card(s["card"]), parse_cards(s["stays_meld"]))
                                  and lends(p, card(s["card"]), parse_cards(s["stays_meld"]), "run")),
    "spare_to_set": lambda p, s: (spare_from("run", card(s["card"]), parse_cards(s["stays_meld"]))
                                  and lends(p, card(s["card"]), parse_cards(s["stays_meld"]), "set")),
    "dw_answer": lambda p, s: (p.objective == "deadwood" and p.answer == (card(s["card"]),)
                               and s["deadwood"] == least(p) and leaves(p, card(s["card"]), s["deadwood"])
                               and is_least_layout(kept(p, card(s["card"])), s["layout"], s["deadwood_cards"])),
    "dw_answer_two": lambda p, s: (p.objective == "deadwood" and p.answer == (card(s["card"]), card(s["other_card"]))
                                   and s["deadwood"] == least(p) and all(leaves(p, c, s["deadwood"]) for c in p.answer)
                                   and is_least_layout(kept(p, card(s["card"])), s["layout"], s["deadwood_cards"])),
    "dw_runner": lambda p, s: (is_runner_up(p, card(s["card"])) and leaves(p, card(s["card"]), s["deadwood"])
                               and s["deadwood"] > least(p)),
    "dw_runner_naive": lambda p, s: (is_runner_up(p, card(s["card"])) and card(s["card"]) is naive(p)
                                     and naive_is_deadwood(p)
                                     and leaves(p, card(s["card"]), s["deadwood"])),
    "dw_naive": lambda p, s: (card(s["card"]) is naive(p) not in p.answer and naive_is_deadwood(p)
                              and leaves(p, naive(p), s["deadwood"])),
    "look_answer": lambda p, s: (p.objective == "lookahead" and p.answer == (card(s["card"]),)
                                 and leaves(p, card(s["card"]), s["deadwood"])
                                 and expected_is(p, card(s["card"]), s["expected"])),
    "look_answer_two": lambda p, s: (p.objective == "lookahead" and p.answer == (card(s["card"]),
                                                                               card(s["other_card"]))
                                     and all(leaves(p, c, s["deadwood"]) and expected_is(p, c, s["expected"])
                                             for c in p.answer)),
    "look_draws": lambda p, s: _draws_claim(p, s, melds=True, low=True),
    "look_draws_melds": lambda p, s: _draws_claim(p, s, melds=True, low=False),
    "look_draws_low": lambda p, s: _draws_claim(p, s, melds=False, low=True),
    "look_draws_none": lambda p, s: s["unseen"] == len(_unseen(p)) and not _outs(p, p.answer[0]),
    "look_runner": lambda p, s: (is_runner_up(p, card(s["card"])) and row_values(p, s, card(s["card"]))
                                 and s["meld_count"] == len(meld_outs(p, card(s["card"])))),
    "look_runner_naive": lambda p, s: (is_runner_up(p, card(s["card"])) and card(s["card"]) is naive(p)
                                       and naive_is_deadwood(p)
                                       and row_values(p, s, card(s["card"]))
                                       and s["meld_count"] == len(meld_outs(p, card(s["card"])))),
    "look_naive": lambda p, s: (card(s["card"]) is naive(p) not in p.answer and naive_is_deadwood(p)
                                and row_values(p, s, naive(p)) and s["meld_count"] == len(meld_outs(p, naive(p)))),
    "look_keeps": lambda p, s: (card(s["card"]) not in p.answer and s["count"] == len(parse_cards(s["draw_cards"]))
                                and set(parse_cards(s["draw_cards"])) == {
                                    u for u in _outs(p, p.answer[0])
                                    if melded_improvement(kept(p, p.answer[0]), u, card(s["card"]))}),
    "grade_missed_knock": lambda p, s: p.can_knock,
    "grade_no_right": lambda p, s: p.kind == "can_knock" and not p.can_knock,
    "grade_no_knock": lambda p, s: p.kind == "can_knock" and not p.can_knock,
    "grade_yes_right": lambda p, s: p.can_knock,
    "grade_right": lambda p, s: True,  # said only after an answer among p.answer (checked in _grades)
    "grade_forbidden": lambda p, s: card(s["card"]) is p.forbidden,
    "grade_knock_not_gin": lambda p, s: (least_knock(p) == 0 and card(s["best_card"]) in p.answer
                                         and leaves(p, card(s["best_card"]), 0) and _worse_knock(p, s)
                                         and s["bonus"] == p.rules.gin_bonus
                                         and s["points"] == s["bonus"] + s["deadwood"]),
    "grade_knock_more": lambda p, s: least_knock(p) > 0 and _worse_knock(p, s) and _best_knock(p, s),
    "grade_wrong_knock": lambda p, s: (p.can_knock and card(s["card"]) not in p.answer and p.knock_limit > 0
                                       and s["limit"] == p.knock_limit and leaves(p, card(s["card"]), s["deadwood"])
                                       and s["deadwood"] > p.knock_limit),
    "grade_wrong_gin": lambda p, s: (p.can_knock and p.knock_limit == 0 and leaves(p, card(s["card"]), s["deadwood"])
                                     and s["deadwood"] > 0),
    "grade_wrong_deadwood": lambda p, s: (p.objective == "deadwood" and card(s["card"]) not in p.answer
                                          and card(s["best_card"]) in p.answer
                                          and leaves(p, card(s["card"]), s["deadwood"])
                                          and s["cost"] == s["deadwood"] - least(p) > 0),
    "grade_wrong_lookahead": lambda p, s: (p.objective == "lookahead" and card(s["card"]) not in p.answer
                                           and card(s["best_card"]) in p.answer
                                           and leaves(p, card(s["card"]), s["deadwood"])
                                           and Fraction(s["expected"]) == p.row(card(s["card"])).expected_deadwood
                                           and Fraction(s["cost_expected"]) == Fraction(s["expected"])
                                           - p.row(card(s["best_card"])).expected_deadwood > 0),
    "answer_no": lambda p, s: p.kind == "can_knock" and not p.can_knock,
    "answer_yes": lambda p, s: p.kind == "can_knock" and p.can_knock,
    "answer_one": lambda p, s: p.answer == (card(s["card"]),),
    "answer_two": lambda p, s: p.answer == (card(s["card"]), card(s["other_card"])),
    "answer_any": lambda p, s: p.answer == tuple(parse_cards(s["cards"])) and len(p.answer) > 2,
    **{f"theme_hint_{theme}": _hint_claim(theme) for theme in THEMES},
    "hint_arrange": lambda p, s: not set(HINT_ORDER) & set(p.themes),
    "hint_cards": lambda p, s: set(parse_cards(s["cards"])) <= set(p.hand),
    "hint_count": lambda p, s: True,
    "hint_no": lambda p, s: p.kind == "can_knock" and not p.can_knock,
    "hint_knock": lambda p, s: p.can_knock and p.answer == (card(s["card"]),) and least_knock(p) > 0,
    "hint_knock_any": lambda p, s: (p.can_knock and p.answer == tuple(parse_cards(s["cards"])) and len(p.answer) > 1
                                    and least_knock(p) > 0),
    "hint_gin": lambda p, s: p.can_knock and p.answer == (card(s["card"]),) and least_knock(p) == 0,
    "hint_gin_any": lambda p, s: (p.can_knock and p.answer == tuple(parse_cards(s["cards"])) and len(p.answer) > 1
                                  and least_knock(p) == 0),
    "hint_discard": lambda p, s: p.kind == "best_discard" and p.answer == (card(s["card"]),),
    "hint_discard_two": lambda p, s: p.kind == "best_discard" and p.answer == (card(s["card"]), card(s["other_card"])),
}
"""Template id: what must be true of the puzzle (p) whenever the sentence (s) is said."""


def _meld_claim(p, s, kind):
    ten = kept(p, p.answer[0])
    meld = parse_cards(s["meld"])
    other = "run" if kind == "set" else "set"
    return (card(s["card"]) in meld and meld_kind(meld) == kind and set(meld) <= set(ten)
            and s["deadwood"] == min_deadwood(ten) == min_deadwood(without(ten, meld))
            and s["other_deadwood"] == forced(ten, card(s["card"]), other) > s["deadwood"])


def _stays_in_least(p, s):
    ten = kept(p, p.answer[0])
    stays = parse_cards(s["stays_meld"])
    return set(stays) <= set(ten) and min_deadwood(without(ten, stays)) == min_deadwood(ten)


def _draws_claim(p, s, *, melds, low):
    c = p.answer[0]
    outs = _outs(p, c)
    by_meld = meld_outs(p, c)
    if s["unseen"] != len(_unseen(p)) or s["outs"] != len(outs) or not outs:
        return False
    if melds and set(parse_cards(s["meld_cards"])) != set(by_meld):
        return False
    if melds and low:
        return s["meld_count"] == len(by_meld) > 0 and s["low_count"] == len(outs) - len(by_meld) > 0
    return bool(by_meld) == melds and (len(by_meld) < len(outs)) == low


def _sentences(puzzle):
    return ((puzzle.question_message, puzzle.count_message) + puzzle.explanation_messages
            + puzzle.hint_messages)


def _grades(puzzle):
    """Every verdict an answer can get, with the answer; the worksheet's and the
    class page's verdicts."""
    from gintrainer.classroom.marking import mark
    out = []
    for row in puzzle.table:
        if puzzle.kind == "can_knock" and not puzzle.can_knock:
            break
        grade = puzzle.grade(row.card, can_knock=True if puzzle.kind == "can_knock" else None)
        if row.card in puzzle.answer:
            assert grade.correct and grade.messages[0] == say("grade_right")
        else:
            assert not grade.correct
            out.append(grade.messages[0])
    if puzzle.kind == "can_knock":
        out += [puzzle.grade(can_knock=False).messages[0], puzzle.grade(can_knock=True).messages[0]]
        out += list(puzzle.answer_messages)
        if puzzle.can_knock:
            out.append(say("answer_yes"))
    if puzzle.forbidden is not None:
        marked = mark(puzzle, ("yes " if puzzle.kind == "can_knock" else "") + puzzle.forbidden.code())
        assert marked.message.startswith(render(say("grade_forbidden", card=puzzle.forbidden)))
        out.append(say("grade_forbidden", card=puzzle.forbidden))
    return out


def _false_claims(puzzles):
    bad = []
    for puzzle in puzzles:
        for sentence in _sentences(puzzle) + tuple(_grades(puzzle)):
            if not CLAIMS[sentence.name](puzzle, sentence):
                bad.append((puzzle.id, render(sentence)))
    return bad


def _repeats(puzzles):
    """Every answer's words in which a sentence says what another said: the same sentence twice, or the
    explanation's sentence on a knock (what gin gives up over it, or its deadwood over the best) after the
    verdict that says it of the learner's discard."""
    from gintrainer.puzzles.explain import REPEATED_BY_VERDICT
    bad = []
    for puzzle in puzzles:
        for row in puzzle.table:
            if puzzle.kind == "can_knock" and not puzzle.can_knock:
                break
            said = puzzle.grade(row.card, can_knock=True if puzzle.kind == "can_knock" else None).messages
            verdict, rest = said[0], said[1:]
            words = [render(m) for m in said]
            again = REPEATED_BY_VERDICT.get(verdict.name)
            if len(set(words)) < len(words) or any(m.name == again and m["card"] == verdict["card"] for m in rest):
                bad.append((puzzle.id, row.card.code(), render(said)))
    return bad


def test_no_answer_is_told_the_same_thing_twice():
    """Discarding 5♣ where 4♣ goes gin was told "discarding 4♣ goes gin, which scores at least 29 points more
    ... cannot be undercut", and then the explanation said the same of the same knock."""
    assert _repeats(bank_puzzles()) == []


def test_no_answer_is_told_the_same_thing_twice_in_a_sample():
    assert _repeats(generated_sample()) == []


def test_every_template_has_a_claim_and_every_claim_a_template():
    hints = {name for name in THEME_MESSAGES if name.startswith("theme_hint_")}
    assert set(CLAIMS) == set(PUZZLE_MESSAGES) | hints


def test_every_sentence_of_the_bank_is_true():
    assert _false_claims(bank_puzzles()) == []


def test_every_sentence_of_a_year_of_dailies_is_true():
    assert _false_claims(year_of_dailies()) == []


def test_every_sentence_of_a_generated_sample_is_true():
    assert _false_claims(generated_sample()) == []


HIGHEST = ("ck_naive_trap", "ck_naive_knock", "dw_runner_naive", "dw_naive", "look_runner_naive", "look_naive",
           "forbidden_highest")
"""The sentences that call their card the highest deadwood card."""


def _deadwood_in_every_least_layout(cards, c):
    """``c`` is left out of the melds by every layout of the least deadwood, found by trying every group."""
    least = min_deadwood(cards)
    return not any(min_deadwood(without(cards, m)) == least for m in melds_among(cards, c))


def _highest_unnamed(puzzles):
    """A card called the highest deadwood card where another layout as good melds it, and
    the layout meant was not named before (naive_layout)."""
    bad = []
    for p in puzzles:
        named = None
        for s in p.explanation_messages:
            if s.name == "naive_layout":
                named = set(parse_cards(s["deadwood_cards"]))
            elif (s.name in HIGHEST and not _deadwood_in_every_least_layout(p.hand, card(s["card"]))
                  and (named is None or card(s["card"]) not in named)):
                bad.append((p.id, render(s)))
    return bad


def test_the_highest_deadwood_card_is_so_in_every_least_layout_or_its_layout_is_named():
    assert _highest_unnamed(bank_puzzles()) == []


def test_the_highest_deadwood_card_is_so_in_every_least_layout_or_its_layout_is_named_in_a_sample():
    assert _highest_unnamed(generated_sample()) == []


def test_the_bank_uses_most_templates():
    used = {s.name for p in every_puzzle() for s in _sentences(p)}
    unused = set(PUZZLE_MESSAGES) - used - {t for t in PUZZLE_MESSAGES if t.startswith(("grade_", "answer_"))}
    # the rare ones: an ace upcard, the Oklahoma limit above the usual one
    assert unused <= {"question_ck_gin_discard", "question_ck_gin_stock", "ck_oklahoma_usual_not",
                      "ck_no_gin_only", "ck_no_gin_only_tied", "ck_oklahoma_ace", "ck_no_layout_nomelds",
                      "look_draws_none",
                      "dw_runner_naive", "dw_naive"}, unused


# -- every theme tagged decides the answer -------------------------------------------

def _forbidden_decides(p):
    f = p.forbidden
    if f is None:
        return False
    left = min_deadwood(kept(p, f))
    return naive_discard(p.hand) is f or (left <= p.knock_limit if p.kind == "can_knock" else left < least(p))


def _keep_the_pair_decides(p):
    return (p.objective == "lookahead" and naive(p) not in p.answer
            and any(melded_improvement(kept(p, p.answer[0]), u, naive(p)) for u in _outs(p, p.answer[0])))


def _oklahoma_decides(p):
    usual = p.rules.knock_limit
    return p.kind == "can_knock" and p.rules.oklahoma and any(
        (min_deadwood(kept(p, c)) <= usual) != (min_deadwood(kept(p, c)) <= p.knock_limit) for c in legal(p))


def _set_or_run_decides(p):
    ten = kept(p, p.answer[0]) if p.answer else ()
    for c in ten:
        s, r = forced(ten, c, "set"), forced(ten, c, "run")
        if s is not None and r is not None and min(s, r) == min_deadwood(ten) < max(s, r) and hides(p, max(s, r)):
            return True
    return False


def _spare_decides(kind, p):
    """A set of four (``kind`` "set") or a whole long run ("run") gives up a card
    to the discard, or to a meld of the other kind while the rest stays a meld."""
    if not p.answer:
        return False
    ten = kept(p, p.answer[0])
    other = "run" if kind == "set" else "set"
    candidates = [m for m in melds_among(p.hand, kind=kind) if len(m) >= 4]
    for whole in candidates:
        if kind == "run" and any(set(whole) < set(m) for m in candidates):
            continue  # only whole runs, as long as they go
        ends = whole if kind == "set" else sorted(whole, key=lambda x: x.rank)[::len(whole) - 1]
        shown = best_arrangement(ten)  # the layout the puzzle shows
        melds = {frozenset(m): meld_kind(m) for m in shown.melds}
        for end in ends:
            stays = frozenset(without(whole, [end]))
            if stays not in melds:
                continue
            if end is p.answer[0]:
                return True
            joined = next((m for m in melds if end in m), None)
            if joined is not None and melds[joined] == other and hides(p, min_deadwood(without(ten, whole))):
                return True
    return False


DECIDES = {
    "naive-wrong": lambda p: naive(p) not in p.answer and bool(p.answer),
    "not-highest": lambda p: (p.kind == "can_knock" and naive(p) not in knocks(p) and naive_is_deadwood(p)
                              and bool(p.answer)),
    "forbidden-discard": _forbidden_decides,
    "looks-knockable": lambda p: (p.kind == "can_knock" and not p.can_knock
                                  and p.knock_limit < least(p) <= p.knock_limit + 4),
    "near-limit": lambda p: p.kind == "can_knock" and p.knock_limit > 0 and abs(least(p) - p.knock_limit) <= 2,
    "keep-the-pair": _keep_the_pair_decides,
    "gin": lambda p: p.kind == "can_knock" and any(min_deadwood(kept(p, c)) == 0 for c in legal(p)),
    "oklahoma": _oklahoma_decides,
    "set-or-run": _set_or_run_decides,
    "four-of-a-kind": lambda p: _spare_decides("set", p),
    "long-run": lambda p: _spare_decides("run", p),
}
"""For each theme a puzzle can have (no puzzle has big-gin), whether it decides the puzzle's answer."""


def _decides(theme, p):
    return DECIDES[theme](p)


@pytest.mark.parametrize("theme", [t for t in THEMES if t != "big-gin" and THEMES[t].kinds == DISCARD_KINDS])
def test_every_tagged_theme_decides_the_answer(theme):
    """The themes of the discard kinds (those of "take or draw?": test_puzzle_take_or_draw_words.py; of "lay out
    your knock": test_puzzle_knock_layout_words.py; of "defend": test_puzzle_defend_words.py)."""
    tagged = [p for p in bank_puzzles() + generated_sample() if theme in p.themes]
    assert tagged, f"no puzzle has the theme {theme}"
    wrong = [p.id for p in tagged if not _decides(theme, p)]
    assert wrong == []
    untagged = [p for p in bank_puzzles() if theme not in p.themes]
    assert not [p.id for p in untagged if _decides(theme, p)]


# -- what every explanation says, and the examples --------------------------

def test_every_explanation_says_what_its_kind_needs():
    for puzzle in every_puzzle():
        ids = [s.name for s in puzzle.explanation_messages]
        if puzzle.kind == "can_knock" and not puzzle.can_knock:
            assert {"ck_no_layout", "ck_no_layout_nomelds"} & set(ids)  # the melds of the best layout, not only
        elif puzzle.kind == "can_knock":                                # its deadwood
            assert ids[0] in ("ck_gin", "ck_knock")
        elif puzzle.objective == "lookahead":  # the reason in words, for the answer and for the runner-up
            assert ids[0] in ("look_answer", "look_answer_two") and ids[1].startswith("look_draws")
            assert {"look_runner", "look_runner_naive"} & set(ids)
        else:
            assert ids[0] in ("dw_answer", "dw_answer_two") and {"dw_runner", "dw_runner_naive"} & set(ids)


def _from_old_record(hand, drawn, drawn_from, pile, known="", stock=None):
    from gintrainer import Rules
    from gintrainer.puzzles.positions import Position
    pile = parse_cards(pile)
    return Position(hand=parse_cards(hand), drawn=card(drawn), drawn_from=drawn_from, discard_pile=pile,
                    opponent_known=parse_cards(known), stock_count=31 - len(pile) if stock is None else stock,
                    rules=Rules(), upcard=None, seed="old")


def test_an_all_melded_hand_is_not_said_to_have_a_highest_deadwood_card():
    from gintrainer.puzzles import make_puzzle
    # ck-352b6b92f13b of the old bank (its position adds up): all eleven cards meld.
    position = _from_old_record("8C 2D 3D 4D 5D 8D 8H AS 2S 3S 4S", "2D", "stock",
                                "QC KC KD QS QH JS KS JD 5H TD TH 7S 5C KH 3H", "AD 6D AH 6H 9H 6S", 16)
    puzzle = make_puzzle(position, "can_knock")
    assert puzzle is not None and "highest deadwood card" not in puzzle.explanation
    assert ("All eleven cards meld, so the beginner's rule throws the highest card you may discard, 8♥: that "
            "breaks a meld and leaves 16, over the limit.") in puzzle.explanation


def test_a_card_is_said_to_belong_in_a_meld_only_when_the_other_leaves_more():
    from gintrainer.puzzles.themes import meld_choices
    # bd-a6b1f962b9a5 of the old bank: 3♦ in the set or in the run 2♦ 3♦ 4♦ leaves 33 either way.
    ten = parse_cards("2C 6C 2D 3D 4D 3H 5H 6H 3S 8S")
    assert forced(ten, card("3D"), "set") == forced(ten, card("3D"), "run") == 33
    assert meld_choices(ten, best_arrangement(ten)) == ()


def test_hints_come_only_from_themes_that_decide():
    from gintrainer.puzzles.core import solve_position
    from gintrainer.puzzles.themes import make_context, themes_of
    # bd-a219954ef1b8: the long run 7♣..J♣ stays whole, the answer is 9♦; bd-4458d437c0f9: four kings, no run.
    for position, objective, theme in [
            (_from_old_record("5C 7C 8C 9C TC JC 8D 9D JD QD KD", "JD", "stock", "TS 3D 3H 3S TD", stock=26),
             "deadwood", "long-run"),
            # its pile and stock held 30 cards, not 31: here the stock has the card that was missing
            (_from_old_record("3C 8C KC 3D KD 3H 5H KH 7S TS KS", "KD", "discard",
                              "4C 2H 9H TH JC 6S 6H 7D AS 7H TD 8D 6C 9C 2D 3S TC JD QH 8S QC 4S 2S 6D 5D JH"),
             "lookahead", "four-of-a-kind")]:
        assert not position.problems()
        table, answer = solve_position(position, "best_discard", objective)
        assert theme not in themes_of(make_context(position, table, "best_discard", objective, answer))


def test_one_draw_or_one_low_card_is_said_in_the_singular():
    keeps = [(p, s) for p in bank_puzzles() for s in p.explanation_messages if s.name == "look_keeps"]
    one = next(s for p, s in keeps if s["count"] == 1)
    assert render(one).startswith(f"Keeping {one['card']} keeps this draw: ")
    assert all("keeps these draws" in render(s) for p, s in keeps if s["count"] > 1)
    low = next(s for p in bank_puzzles() for s in p.explanation_messages if s.name == "look_draws"
               and s["low_count"] == 1)
    assert render(low).endswith(" and 1 as a low card kept instead of a higher one.")
