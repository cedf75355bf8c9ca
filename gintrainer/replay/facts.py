"""The facts a comment on an example hand may quote, each computed from the engine.

A script declares, next to each comment, the facts the comment relies on
(``deadwood=24``, ``loose="2H 3H 9S JD QC"``); building the example checks each
one here. :func:`step_facts` lists what a step offers, :func:`deal_facts` and
:func:`hand_facts` what the deal comment and the description may quote.

Facts are taken from what the player who acts could see (see
:class:`~gintrainer.engine.view.SeatView`), except those of a finished hand, when
every card is shown. Card lists are written in file notation (``"3D 6D"``),
several melds with `` / `` between them, and ``""`` for none. Some facts take
an argument and are declared as a mapping from it to the value:
``fits={"KS": ""}`` (the melds K♠ could be part of: none).

:func:`mentions` finds the cards and numbers a sentence uses, and
:func:`uncovered` lists the ones neither a declared fact nor the table the
speaker sees accounts for, and the claims (the solver's rating, what a player
knows, a chance) made without the fact behind them.

>>> from gintrainer.replay import example
>>> facts = step_facts(example("gin"), 2)
>>> facts["gin_outs"], facts["loose"], facts["limit"]
('4H 7S', '5H 6H KD', 10)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from contextlib import suppress
from fractions import Fraction
from typing import cast

from ..engine.cards import Card, cards_mask, mask_cards, parse_cards, sort_by_rank
from ..engine.hand import Action, ActionKind, Hand, possible_melds
from ..engine.melds import Arrangement, all_best_arrangements, is_meld, order_meld
from ..engine.players import draw_values, lowers_deadwood, opponent_hands
from ..engine.rules import Rules
from ..engine.scoring import ScoreKind, best_layoffs, layoff_targets, settle
from ..engine.view import SeatView, card_of
from ..words.errors import GinError
from ..words.language import PLAYERS, in_language
from ..words.vocab import Vocabulary
from .annotate import discard_position, draw_choice
from .history import Replay, ReplayError, Step


class FactKind(Vocabulary):
    """How a stated fact is compared with the engine's: ``CARDS`` a set of cards,
    ``ORDERED`` cards in order, ``MELDS`` exactly the melds of a least-deadwood
    arrangement, ``MELD`` melds that are all in one such arrangement, ``NUMBER``
    an exact fraction stated to two decimals ("21.45") or rounded to a whole
    number (21), ``FACTS`` a line of play's own facts; the rest as they are."""

    INT = "int"
    ORDERED = "ordered"
    CARDS = "cards"
    TEXT = "text"
    NUMBER = "number"
    MELDS = "melds"
    MELD = "meld"
    BOOL = "bool"
    FACTS = "facts"


KINDS: dict[str, FactKind] = {
    "stock": FactKind.INT, "limit": FactKind.INT, "gin_bonus": FactKind.INT, "undercut_bonus": FactKind.INT,
    "big_gin_bonus": FactKind.INT, "unseen": FactKind.INT, "discards": FactKind.ORDERED,
    "opponent_discards": FactKind.ORDERED, "known": FactKind.CARDS, "known_by_opponent": FactKind.CARDS,
    "dealer": FactKind.TEXT, "hand_size": FactKind.INT, "upcard": FactKind.CARDS, "deadwood": FactKind.INT,
    "take": FactKind.INT, "take_discard": FactKind.CARDS, "draw": FactKind.NUMBER, "drawn": FactKind.CARDS,
    "melds": FactKind.MELDS, "meld": FactKind.MELD, "loose": FactKind.CARDS, "melds_before": FactKind.MELDS,
    "loose_before": FactKind.CARDS, "highest": FactKind.CARDS, "outs": FactKind.INT, "expected": FactKind.NUMBER,
    "best": FactKind.CARDS, "best_expected": FactKind.NUMBER, "knock": FactKind.BOOL, "standard_knock": FactKind.BOOL,
    "gin_outs": FactKind.CARDS, "knock_outs": FactKind.INT, "turns_at": FactKind.INT, "knock_wins": FactKind.INT,
    "left": FactKind.INT, "saved": FactKind.INT, "layoffs": FactKind.CARDS, "targets": FactKind.MELDS,
    "kind": FactKind.TEXT, "points": FactKind.INT, "winner": FactKind.TEXT, "knocker": FactKind.TEXT,
    "knocker_deadwood": FactKind.INT, "defender_deadwood": FactKind.INT, "bonus": FactKind.INT,
    "knocker_loose": FactKind.CARDS, "defender_loose": FactKind.CARDS, "deadwood_without_layoffs": FactKind.INT,
    "points_without_layoffs": FactKind.INT, "opponent_outs": FactKind.CARDS, "knocker_draws": FactKind.INT,
    "can_lay_off": FactKind.CARDS, "points_spades_double": FactKind.INT,
    # facts with an argument
    "fits": FactKind.MELDS, "partners": FactKind.CARDS, "completes": FactKind.CARDS, "could_meld": FactKind.MELDS,
    "instead": FactKind.FACTS,
}
WITH_ARGUMENT = ("fits", "partners", "completes", "could_meld", "instead")

_DRAWS = (ActionKind.TAKE, ActionKind.DRAW, ActionKind.PASS)
"""The moves before a turn's discard (or the first turn's pass)."""
_DISCARDS = (ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.GIN)
"""The moves that throw one card: its facts are the discard table's."""
_GOING_OUT = (ActionKind.KNOCK, ActionKind.GIN)
_LAYOUTS = (ActionKind.MELD, ActionKind.LAYOFF, ActionKind.DONE, ActionKind.BIG_GIN)
"""The moves that lay cards out (big gin lays out all eleven)."""

KNOCK_WIN_SAMPLES = 2000
"""How many hands of the opponent :func:`knock_wins` weighs (a fixed seed: the same figure every build)."""


Facts = dict[str, object]
"""Facts by name, each value as the engine computes it: a whole number, text (cards in file
notation), a truth, an exact fraction, a :class:`OneOf`, or (``instead``) a finished hand's facts."""


class OneOf(tuple[object, ...]):
    """The values a fact may truly take (a hand with several least-deadwood arrangements)."""

    def __repr__(self) -> str:
        return " or ".join(repr(v) for v in self) if len(self) > 1 else repr(self[0])


# -- writing values -----------------------------------------------------------------------


def cards_text(cards: Iterable[Card], *, ordered: bool = False) -> str:
    cards = tuple(cards)
    return " ".join(c.code() for c in (cards if ordered else sort_by_rank(cards)))


def melds_text(melds: Iterable[Iterable[Card]]) -> str:
    shown = sorted(cards_text(order_meld(m), ordered=True) for m in melds)
    return " / ".join(shown)


def _arrangements(cards: Iterable[Card]) -> tuple[Arrangement, ...]:
    return all_best_arrangements(tuple(cards))


def _hand_facts_of(cards: Iterable[Card], prefix: str = "") -> Facts:
    """Deadwood, melds and loose cards of a hand (every least-deadwood arrangement)."""
    found = _arrangements(cards)
    melds = OneOf(dict.fromkeys(melds_text(a.melds) for a in found))
    loose = OneOf(dict.fromkeys(cards_text(a.deadwood) for a in found))
    facts: Facts = {f"melds{prefix}": melds, f"loose{prefix}": loose}
    if not prefix:
        facts["meld"] = melds
        facts["deadwood"] = found[0].points
    return facts


# -- the facts of a step --------------------------------------------------------------------


def _common(replay: Replay, seat: int, after: Hand) -> Facts:
    view = SeatView.of(after, seat)
    other = SeatView.of(after, 1 - seat)
    rules = after.rules
    return {"stock": after.stock_count, "limit": after.knock_limit, "gin_bonus": rules.gin_bonus,
            "undercut_bonus": rules.undercut_bonus, "big_gin_bonus": rules.big_gin_bonus,
            "unseen": len(view.unseen), "discards": cards_text(other.opponent_threw, ordered=True),
            "opponent_discards": cards_text(view.opponent_threw, ordered=True),
            "known": cards_text(view.opponent_known), "known_by_opponent": cards_text(other.opponent_known)}


def step_facts(replay: Replay, number: int) -> Facts:
    """The facts a comment on step ``number`` may quote (those without an argument).

    Every step: ``stock`` (cards left after it), ``limit`` (the knock limit),
    ``gin_bonus``, ``undercut_bonus``, ``big_gin_bonus``, ``unseen`` (cards the
    player has not seen), ``discards`` and ``opponent_discards`` (thrown face up so
    far, in order), ``known`` (the opponent's cards the player knows: taken from
    the pile and kept) and ``known_by_opponent`` (the same the other way).

    * Before a take, draw or pass: ``deadwood`` (now), ``take`` (the least
      deadwood after taking the top discard), ``take_discard`` (the discard then),
      ``draw`` (a stock draw's expected deadwood); after it, ``drawn`` (the card
      drawn), ``melds``, ``meld`` and ``loose`` of the cards then held.
    * A discard, knock or gin: ``deadwood``, ``melds``, ``meld``, ``loose`` of the
      ten cards kept; ``melds_before``, ``loose_before`` and ``highest`` (the
      loose cards of most value) of the eleven; ``outs`` (unseen cards that would
      lower the deadwood), ``expected`` (after the next draw), ``best`` (the
      solver's best discard), ``best_expected``, ``knock`` (some discard could
      knock), ``standard_knock`` (this one could under the standard rules),
      ``gin_outs`` and ``knock_outs`` (the unseen cards that would give gin or a
      knock next turn), ``turns_at`` (how many of the player's discards in a row
      have left this deadwood) and, for a knock or gin, ``knock_wins`` (see
      :func:`knock_wins`).
    * A layout step: ``left`` (deadwood not yet laid out or off), ``saved`` (what
      the step took off it), ``melds`` (laid by this player so far), ``loose``,
      ``layoffs`` (his cards laid off so far), ``targets`` (for a lay-off, the
      knocker's melds the card could go on) and, for the defender against a knock,
      ``can_lay_off`` (his cards left that would still fit the knocker's melds).
    * The step that ends the hand: ``kind``, ``points``, ``winner``, ``knocker``,
      ``knocker_deadwood``, ``defender_deadwood``, ``bonus``, ``knocker_loose``,
      ``defender_loose``, ``deadwood_without_layoffs`` and
      ``points_without_layoffs`` (had the defender laid off nothing),
      ``opponent_outs`` (the cards the opponent ends with that would have lowered
      this player's deadwood) and, under Oklahoma, ``points_spades_double`` (what
      the hand would score with the option that doubles a spade upcard's hand).
    """
    step = replay.step(number)
    before = replay.state(number - 1)
    after = replay.state(number)
    facts = _common(replay, step.seat, after)
    facts.update(_step_kind_facts(replay, step, before, after))
    if after.is_over:
        facts.update(final_facts(replay, after, step.seat))
    return facts


def _step_kind_facts(replay: Replay, step: Step, before: Hand, after: Hand) -> Facts:
    kind = step.action.kind
    if kind in _DRAWS:
        return _draw_facts(step, before, after)
    if kind in _DISCARDS:
        return _discard_facts(replay, step, before)
    if kind in _LAYOUTS:
        return _layout_facts(step, before, after)
    return {}


def _drawn_fact(hand: Hand) -> Facts:
    """``drawn``, the card drawn or taken this turn, while the player holds it before his discard."""
    return {} if hand.last_draw is None else {"drawn": hand.last_draw[0].code()}


def _draw_facts(step: Step, before: Hand, after: Hand) -> Facts:
    seat = step.seat
    facts: Facts = {}
    if any(a.kind is ActionKind.TAKE for a in before.legal_actions()):
        choice = draw_choice(before, seat)
        facts = {"take": choice.take, "take_discard": choice.take_discard.code(), "draw": choice.draw}
    facts.update(_hand_facts_of(after.held(seat)))
    facts["deadwood"] = before.deadwood(seat)
    if step.action.kind is not ActionKind.PASS:
        facts.update(_drawn_fact(after))
    return facts


def _discard_facts(replay: Replay, step: Step, before: Hand) -> Facts:
    seat = step.seat
    table = discard_position(before, seat)
    row = table.row(card_of(step.action))
    kept = [c for c in table.hand if c is not row.card]
    points_after = draw_values(cards_mask(kept), table.unseen).tolist() if table.unseen else []
    gin_outs = [card for card, points in zip(table.unseen, points_after, strict=True) if points == 0]
    knock_outs = [card for card, points in zip(table.unseen, points_after, strict=True)
                  if points <= table.knock_limit]
    eleven = _arrangements(table.hand)
    top = max((c.value for c in eleven[0].deadwood), default=0)
    facts: Facts = {**_hand_facts_of(kept), **_hand_facts_of(table.hand, "_before"),
             "highest": cards_text(c for c in eleven[0].deadwood if c.value == top),
             "outs": len(row.outs), "expected": row.expected_deadwood,
             "best": table.rows[0].card.code(), "best_expected": table.rows[0].expected_deadwood,
             "knock": table.can_knock, "standard_knock": row.deadwood <= Rules().knock_limit,
             "unseen": len(table.unseen), "gin_outs": cards_text(gin_outs), "knock_outs": len(knock_outs),
             "turns_at": _turns_at(replay, step.number, seat), **_drawn_fact(before)}
    facts["deadwood"] = row.deadwood
    if step.action.kind in _GOING_OUT:
        facts["knock_wins"] = knock_wins(replay, step.number)
    return facts


def _layout_facts(step: Step, before: Hand, after: Hand) -> Facts:
    seat = step.seat
    left = sum(c.value for c in after.unlaid(seat))
    facts: Facts = {"left": left, "saved": sum(c.value for c in before.unlaid(seat)) - left,
             "melds": melds_text(after.melds(seat)), "loose": cards_text(after.unlaid(seat)),
             "layoffs": cards_text(layoff.card for layoff in after.layoffs if after.knocker != seat)}
    if after.knocker is not None and after.knocker != seat and after.out_kind == ScoreKind.KNOCK:
        facts["can_lay_off"] = cards_text(c for c in after.unlaid(seat) if layoff_targets(c, after.table_melds))
    card = step.action.card
    if step.action.kind is ActionKind.LAYOFF and card is not None:
        facts["targets"] = melds_text(before.table_melds[i] for i in layoff_targets(card, before.table_melds))
    return facts


def _turns_at(replay: Replay, number: int, seat: int) -> int:
    """How many of ``seat``'s discards in a row, up to step ``number``, left the deadwood it leaves."""
    counts = [replay.state(s.number).deadwood(seat) for s in replay.steps[:number]
              if s.seat == seat and s.action.kind is ActionKind.DISCARD]
    if not counts:
        return 0
    run = 0
    for points in reversed(counts):
        if points != counts[-1]:
            break
        run += 1
    return run


def knock_wins(replay: Replay, number: int) -> int:
    """The knock or gin at step ``number``: the share, in whole percent rounded
    down, of the opponent's possible hands it beats after the opponent's best
    reply. The hands are sampled as the best computer player reads them (see
    :func:`gintrainer.engine.players.opponent_hands`) from what the knocker saw, with
    the layout he laid (his least-deadwood one while the hand is unfinished)."""
    step = replay.step(number)
    if step.action.kind not in _GOING_OUT:
        raise ReplayError(f"step {number} is not a knock", step=number)
    before, after = replay.state(number - 1), replay.state(number)
    seat = step.seat
    kept = after.held(seat)
    final = replay.hand
    melds = final.melds(seat) if final.is_over else _arrangements(kept)[0].melds
    knocker = sum(c.value for c in kept) - sum(c.value for m in melds for c in m)
    if knocker == 0:
        return 100
    import numpy as np  # with the players' sampling, not with the replays' pages (10 MB in a kernel)

    rng = np.random.default_rng(number)
    masks, weights = opponent_hands(SeatView.of(before, seat), KNOCK_WIN_SAMPLES, rng)
    wins = sum(float(weight) for mask, weight in zip(masks, weights, strict=True)
               if best_layoffs(mask_cards(int(mask)), melds).points > knocker)
    return int(wins * 100 + 1e-9)


def _names(replay: Replay) -> tuple[str, ...]:
    """A history's players, or the lessons' two by their English names (as a script's facts give them: "Ben")."""
    if replay.players:
        return replay.players
    with in_language("en"):
        return tuple(PLAYERS)


def final_facts(replay: Replay, final: Hand, seat: int) -> Facts:
    """The facts of a finished hand, seen by ``seat``: how it ended and scored."""
    result = final.result
    if result is None:
        raise ReplayError("the hand is not over: it has no result to quote yet")
    names = _names(replay)
    winner = result.winner_seat
    facts: Facts = {"kind": result.kind, "points": result.points, "winner": names[winner] if winner is not None else "",
             "bonus": result.bonus}
    rules = final.rules
    if rules.oklahoma:  # what the hand would score with Oklahoma's spades option on (a spade upcard doubles)
        doubling = rules.replace(oklahoma_spades_double=True).score_multiplier(final.upcard)
        facts["points_spades_double"] = result.points // result.multiplier * doubling
    mine = final.held(seat)
    if len(mine) == 10:
        facts["opponent_outs"] = cards_text(c for c in final.held(1 - seat) if lowers_deadwood(mine, c))
    if result.knocker is None:
        return facts
    facts.update({"knocker": names[result.knocker], "knocker_deadwood": result.knocker_deadwood,
                  "defender_deadwood": result.defender_deadwood,
                  "knocker_loose": cards_text(result.knocker_deadwood_cards),
                  "defender_loose": cards_text(result.defender_deadwood_cards)})
    if result.kind in (ScoreKind.KNOCK, ScoreKind.UNDERCUT, ScoreKind.TIE):
        alone = _arrangements(final.held(1 - result.knocker))[0]
        plain = settle(final.rules, out="knock", knocker_melds=result.knocker_melds,
                       knocker_dead=result.knocker_deadwood_cards, defender_melds=alone.melds, layoffs=(),
                       defender_dead=alone.deadwood, upcard=final.upcard)
        facts["deadwood_without_layoffs"] = plain.defender_deadwood
        facts["points_without_layoffs"] = plain.points
    return facts


def deal_facts(replay: Replay, seat: int) -> Facts:
    """What the comment on the deal may quote about ``seat``'s ten cards: ``dealer``
    (his name), ``hand_size``, ``deadwood``, ``melds``, ``meld``, ``loose``,
    ``upcard``, ``limit``, ``unseen`` and the common rule numbers."""
    deal = replay.state(0)
    names = _names(replay)
    rules = deal.rules
    return {**_hand_facts_of(deal.held(seat)), "dealer": names[deal.dealer], "hand_size": len(deal.held(seat)),
            "upcard": deal.upcard.code(), "limit": deal.knock_limit, "gin_bonus": rules.gin_bonus,
            "undercut_bonus": rules.undercut_bonus, "unseen": len(SeatView.of(deal, seat).unseen)}


def hand_facts(replay: Replay) -> Facts:
    """What a description of the whole hand may quote: how it ended and scored
    (as :func:`final_facts`, seen by the featured player), ``upcard``, ``limit``,
    ``dealer``, ``stock`` (cards left at the end), ``layoffs`` (the cards laid
    off) and ``knocker_draws`` (how many times the knocker drew or took, counting
    the turn he went out on)."""
    final = replay.hand
    names = _names(replay)
    knocker = final.knocker
    facts: Facts = {"upcard": final.upcard.code(), "limit": final.knock_limit, "dealer": names[final.dealer],
             "stock": final.stock_count, "layoffs": cards_text(layoff.card for layoff in final.layoffs)}
    if final.is_over:
        seat = replay.featured if replay.featured is not None else final.dealer
        facts.update(final_facts(replay, final, seat))
    if knocker is not None:
        facts["knocker_draws"] = sum(1 for s in replay.steps
                                     if s.seat == knocker and s.action.kind in (ActionKind.TAKE, ActionKind.DRAW))
    return facts


# -- facts with an argument -------------------------------------------------------------------


def _holding(replay: Replay, number: int, seat: int) -> tuple[Card, ...]:
    """The cards a comment on step ``number`` reasons about: held before the step."""
    return replay.state(max(number - 1, 0)).held(seat)


def argument_fact(replay: Replay, number: int, seat: int, key: str, argument: str) -> object:
    """The value of a fact with an argument at step ``number`` (0: the deal) for ``seat``:

    * ``fits`` (a card): the melds it could be part of with the cards held before
      the step (with it added if not held);
    * ``partners`` (a card): the cards held that share its rank or its suit within
      two ranks;
    * ``completes`` (cards held before or after the step): the unseen cards that
      would make a meld with them;
    * ``could_meld`` (a card): the three-card melds with it whose other cards the
      player has not seen: what the opponent could hold with a card he took;
    * ``instead`` (actions, ``;`` between them, played from the state before the
      step in its place): the facts of the finished hand then.
    """
    try:
        if key == "instead":
            return _instead(replay, number, argument)
        cards = parse_cards(argument)
    except GinError as error:
        raise ReplayError(f"fact {key} {argument!r}: {error}", step=number) from None
    if key in ("fits", "partners", "could_meld") and len(cards) != 1:
        raise ReplayError(f"fact {key} takes one card, not {argument!r}", step=number)
    held = _holding(replay, number, seat)
    if key == "fits":
        card = cards[0]
        pool = set(held) | {card}
        return melds_text(m for m in possible_melds(pool) if card in m)
    if key == "partners":
        card = cards[0]
        return cards_text(c for c in held if c is not card and (
            c.rank == card.rank or (c.suit == card.suit and abs(c.rank - card.rank) <= 2)))
    after = replay.state(number)
    unseen = SeatView.of(after, seat).unseen
    if key == "completes":
        if not set(cards) <= set(after.held(seat)) | set(held):
            raise ReplayError(f"fact completes {argument!r}: those are not all in the player's hand", step=number)
        return cards_text(c for c in unseen if is_meld((*cards, c)))
    if key == "could_meld":
        card = cards[0]
        return melds_text(m for m in possible_melds(set(unseen) | {card}) if card in m and len(m) == 3)
    raise ReplayError(f"no fact {key!r} with an argument", step=number)


def _instead(replay: Replay, number: int, argument: str) -> Facts:
    hand = replay.state(number - 1)
    for text in argument.split(";"):
        try:
            hand.apply(Action.parse(text.strip()))
        except GinError as error:
            raise ReplayError(f"fact instead {argument!r}: {text.strip()!r}: {error}", step=number) from None
    if not hand.is_over:
        raise ReplayError(f"fact instead {argument!r}: the hand is not over after those moves", step=number)
    return final_facts(replay, hand, replay.step(number).seat)


# -- checking stated facts ---------------------------------------------------------------------


def _normal(kind: FactKind, value: str) -> str:
    """A stated value in the form its fact is computed in."""
    if kind in (FactKind.CARDS, FactKind.ORDERED):
        return cards_text(parse_cards(value), ordered=kind == FactKind.ORDERED)
    if kind in (FactKind.MELDS, FactKind.MELD):
        return melds_text(parse_cards(m) for m in value.split("/") if m.strip())
    return value


def same(kind: FactKind, stated: object, actual: object) -> bool:
    """Whether a stated value is true of the computed one."""
    if isinstance(actual, OneOf):
        return any(same(kind, stated, a) for a in actual)
    # each cast names what the engine computes for a fact of that kind
    if kind == FactKind.FACTS:
        actual = cast(Facts, actual)
        return isinstance(stated, Mapping) and all(
            k in actual and same(KINDS.get(k, FactKind.TEXT), v, actual[k]) for k, v in stated.items())
    if kind == FactKind.NUMBER:
        actual = cast(Fraction, actual)
        if isinstance(stated, str):
            return stated == f"{float(actual):.2f}"
        return isinstance(stated, int) and not isinstance(stated, bool) and stated == int(actual + Fraction(1, 2))
    if kind == FactKind.MELD:
        # a meld is stated as text (a script writes it so)
        wanted = {m.strip() for m in _normal(FactKind.MELD, cast(str, stated)).split("/") if m.strip()}
        return wanted <= {m.strip() for m in cast(str, actual).split("/") if m.strip()}
    if kind in (FactKind.CARDS, FactKind.ORDERED, FactKind.MELDS):
        try:
            return isinstance(stated, str) and _normal(kind, stated) == actual
        except GinError:
            return False
    if kind == FactKind.BOOL:
        return stated is actual
    if kind == FactKind.INT:
        return isinstance(stated, int) and not isinstance(stated, bool) and stated == actual
    return stated == actual


def shown(value: object) -> str:
    if isinstance(value, Fraction):
        return f"{float(value):.2f}"
    return repr(value)


def check_facts(replay: Replay, number: int, stated: Mapping[str, object], *, where: str,
                available: Mapping[str, object] | None = None,
                seat: int | None = None) -> None:
    """Raise a ReplayError naming the first stated fact that is not true at step
    ``number`` (``available``: the computed facts, by default :func:`step_facts`)."""
    facts = step_facts(replay, number) if available is None else available
    if seat is None:
        seat = replay.step(number).seat
    for key, value in stated.items():
        kind = KINDS.get(key, FactKind.TEXT)
        if key in WITH_ARGUMENT:
            if not isinstance(value, Mapping) or not value:
                raise ReplayError(f"{where}: fact {key} is given as {{argument: value}}", step=number)
            for argument, expected in value.items():
                actual = argument_fact(replay, number, seat, key, argument)
                if not same(kind, expected, actual):
                    raise ReplayError(f"{where}: the comment says {key} of {argument} is {expected!r} but the "
                                      f"engine finds {shown(actual)}", step=number)
            continue
        if key not in facts:
            raise ReplayError(f"{where}: no fact {key!r} here (there are {', '.join(facts) or 'none'})",
                              step=number)
        if not same(kind, value, facts[key]):
            raise ReplayError(f"{where}: the comment says {key} {value!r} but the solver finds "
                              f"{shown(facts[key])}", step=number)


# -- what a sentence mentions -----------------------------------------------------------------------

CARD_MENTION = re.compile(r"(?<![0-9A-Za-z])(10|[2-9AJQK])([♣♦♥♠])")
NUMBER_MENTION = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w])")
NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                "ten": 10, "eleven": 11, "twelve": 12}
"""Counts written as words ("one" is left out: it is as often a pronoun)."""
WORD_MENTION = re.compile(r"\b(" + "|".join(NUMBER_WORDS) + r")\b", re.IGNORECASE)
RANK_AFTER = re.compile(r"\b(first|second|third|fourth|another)\s+$", re.IGNORECASE)
"""A number word after these names a rank ("the fourth four", "a third five"), not a count."""

CLAIMS = (
    (re.compile(r"\bsolver\b", re.IGNORECASE), ("best", "best_expected", "expected", "draw", "knock_wins"),
     "what the solver rates"),
    (re.compile(r"\bknows?\b", re.IGNORECASE), ("known", "known_by_opponent"), "what a player knows"),
    (re.compile(r"\bfits? nothing\b|\bno use\b|\bdoes not help\b", re.IGNORECASE), ("fits", "take"),
     "that a card fits nothing"),
    (re.compile(r"\bunseen\b|\bnot seen\b", re.IGNORECASE),
     ("unseen", "outs", "gin_outs", "knock_outs", "completes", "could_meld"), "the cards not seen"),
    (re.compile(r"\bexpect", re.IGNORECASE), ("draw", "expected", "best_expected"), "an expectation"),
    (re.compile(r"\blikely\b|\busually\b|\bchances?\b", re.IGNORECASE), ("knock_wins", "could_meld"),
     "a likelihood"),
    (re.compile(r"\bhighest\b|\bonly high card\b", re.IGNORECASE), ("highest",), "the highest card"),
    (re.compile(r"\bscores?\b", re.IGNORECASE), ("points",), "the score"),
    (re.compile(r"\bspades option\b", re.IGNORECASE), ("points_spades_double",),
     "what Oklahoma's spades option would score"),
    (re.compile(r"\bdiscards:", re.IGNORECASE), ("discards", "opponent_discards"), "a player's discards"),
    (re.compile(r"\bneed(s|ed)?\b", re.IGNORECASE),
     ("opponent_outs", "completes", "outs", "gin_outs", "knock_outs", "fits"), "the cards a player needs"),
    (re.compile(r"\b(evaluator|right|wrong|good|better|worse|best|mistakes?|inaccurac(y|ies)|blunders?|close "
                r"call|cost(s|ly)?|agrees?)\b", re.IGNORECASE), ("verdict",), "a judgement of a move"),
)
"""Words that make a claim, and the facts (any one) that must back it. A judgement of a move (right, best,
a mistake, what it cost) is backed by a comment's verdict (:class:`~gintrainer.replay.scripts.Verdict`), which
the example's shipped review must bear out (:func:`gintrainer.replay.examples.verdict_problems`)."""


def card_mentions(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(rank + suit) for rank, suit in CARD_MENTION.findall(text))


def mentions(text: str) -> list[tuple[str, str, str]]:
    """The numbers in a sentence, outside card names, each with the text before and
    after it (``"on meld 1 now"`` gives ``("1", "on meld ", " now")``). Counts in words
    are included."""
    plain = CARD_MENTION.sub(lambda m: " " * len(m.group(0)), text)
    found = []
    for match in NUMBER_MENTION.finditer(plain):
        found.append((match.group(0), plain[:match.start()], plain[match.end():]))
    for match in WORD_MENTION.finditer(plain):
        if not RANK_AFTER.search(plain[:match.start()]):
            found.append((str(NUMBER_WORDS[match.group(1).lower()]), plain[:match.start()], plain[match.end():]))
    return found


def _covered_numbers(value: object, into: set[str]) -> None:
    """The numbers a declared value accounts for: itself, or how many cards or melds it lists."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        into.add(str(value))
    elif isinstance(value, Mapping):
        for key, item in value.items():
            _covered_numbers(key, into)
            _covered_numbers(item, into)
    elif isinstance(value, str):
        if re.fullmatch(r"\d+\.\d+", value):
            into.add(value)
            return
        melds = [m for m in value.split("/") if m.strip()]
        try:
            groups = [parse_cards(m) for m in melds]
        except GinError:
            return
        if not groups:
            into.add("0")
            return
        into.add(str(len(groups)))
        into.add(str(sum(len(g) for g in groups)))
        into.update(str(len(g)) for g in groups)


def _covered_cards(value: object, into: set[Card]) -> None:
    if isinstance(value, Mapping):
        for key, item in value.items():
            _covered_cards(key, into)
            _covered_cards(item, into)
    elif isinstance(value, str):
        for part in value.replace("/", " ").replace(";", " ").split():
            with suppress(GinError):
                into.add(Card.parse(part))


def uncovered(text: str, declared: Mapping[str, object] | Iterable[tuple[str, object]], *, visible: Iterable[Card],
              melds: Sequence[Iterable[Card]] = ()) -> list[str]:
    """What in ``text`` no declared fact or visible card accounts for: each card
    named that is neither ``visible`` (to the player the comment speaks for) nor in
    a declared fact; each number that is not a declared value (or a count of the
    cards or melds one lists), a card's value next to a card of that value
    ("10-point", "worth 10"), or ``meld N`` naming meld N of ``melds`` with its
    cards; and each claim of :data:`CLAIMS` without its fact. ``declared`` is a
    mapping or a list of (name, value) pairs."""
    pairs = list(declared.items()) if isinstance(declared, Mapping) else list(declared)
    return (_uncovered_cards(text, pairs, visible) + _uncovered_numbers(text, pairs, melds)
            + _unbacked_claims(text, {key for key, _ in pairs}))


def _uncovered_cards(text: str, pairs: list[tuple[str, object]], visible: Iterable[Card]) -> list[str]:
    cards: set[Card] = set(visible)
    for _, value in pairs:
        _covered_cards(value, cards)
    return [f"{card} is neither seen by the player nor in a checked fact"
            for card in dict.fromkeys(card_mentions(text)) if card not in cards]


def _uncovered_numbers(text: str, pairs: list[tuple[str, object]], melds: Sequence[Iterable[Card]]) -> list[str]:
    problems = []
    named = card_mentions(text)
    numbers: set[str] = set()
    for _, value in pairs:
        _covered_numbers(value, numbers)
    values = {str(c.value) for c in named}
    for number, before, after in mentions(text):
        if re.search(r"\bmelds? $", before, re.IGNORECASE):
            index = int(number) - 1
            if not 0 <= index < len(melds) or not set(melds[index]) <= set(named):
                problems.append(f"meld {number} is not the knocker's meld {number} named with its cards")
            continue
        if (after.startswith("-point") or re.search(r"\bworth $", before)) and number in values:
            continue
        if number not in numbers:
            problems.append(f"the number {number} is not a checked fact")
    return problems


def _unbacked_claims(text: str, keys: set[str]) -> list[str]:
    problems = []
    for pattern, needed, what in CLAIMS:
        found = pattern.search(text)
        if found and not any(k in keys for k in needed):
            problems.append(f"{what} is claimed ({found.group(0)!r}) without a fact ({' or '.join(needed)})")
    return problems


def arithmetic_problems(text: str) -> list[str]:
    """Each sum written out in ``text`` (``21 − 6 = 15``, ``8 − 3 + 10 = 15``) that does not add up."""
    problems = []
    for match in re.finditer(r"(\d+(?:\s*[−+-]\s*\d+)+)\s*=\s*(\d+)", text):
        terms = re.findall(r"([−+-]?)\s*(\d+)", match.group(1))
        total = sum(-int(n) if sign in ("−", "-") else int(n) for sign, n in terms)
        if total != int(match.group(2)):
            problems.append(f"{match.group(0)!r} does not add up ({total})")
    return problems


def visible_cards(replay: Replay, number: int, seat: int) -> set[Card]:
    """The cards ``seat`` can see before and after step ``number`` (0: at the deal):
    his own, the discard pile, the opponent's known cards and the table; every card
    once the hand is over."""
    cards: set[Card] = set()
    for state in {max(number - 1, 0), number}:
        hand = replay.state(state)
        view = SeatView.of(hand, seat)
        cards |= set(view.seen) | set(view.hand)
        if hand.is_over:
            cards |= set(hand.held(0)) | set(hand.held(1))
    return cards
