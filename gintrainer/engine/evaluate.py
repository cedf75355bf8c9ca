"""Judging a decision by the points of the hand it is worth, from the deciding seat's view only.

:func:`judge` estimates, for each candidate move of the seat to act, its **expected points of the hand**
(positive when that seat scores, negative when the opponent does, 0 for a dead hand), by playing the hand
out many times from deals consistent with the seat's :class:`~gintrainer.engine.view.SeatView`:

- **Deals.** The opponent's hidden cards are drawn with the reading the ``best`` player makes of them
  (:func:`~gintrainer.engine.players.opponent_model`: each unseen card weighted by the opponent's takes,
  throws and refusals), as a conditional Poisson sample: a set of cards has a chance proportional to the
  product of its cards' weights, and is drawn exactly so, so every deal weighs the same (the further
  weighting of :func:`~gintrainer.engine.players.opponent_hands` by the opponent's last turn is left out:
  as importance weights it left too few deals that counted, and estimates several standard errors off the
  exact values). The stock is the rest, in a uniform order. :func:`judge_exactly` takes every deal, each
  with its chance.
- **Playouts.** After each candidate move both seats play on with one fast sound policy
  (:func:`playout_player`: take the top discard when that lowers its deadwood, throw the highest card that
  leaves the least deadwood, go out as soon as it may, the engine's layouts), on card bitmasks for every
  deal and move at once (numpy); the end is scored by the engine's scoring under the rules in force.
- **Common random numbers.** Every move is played on the same deals, so each move's loss against the best
  is a paired difference, sharper than the values themselves.

Candidates: every legal take, pass or draw; in the discard phase every knock, gin and big gin and the
:data:`SCREENED_DISCARDS` best discards by the solver's one-draw lookahead (a pre-screen: the other
discards are judged only when ``include``\\ d); the knocker's distinct layouts within the limit (judged
over sampled defender hands, each replying at its best); the defender's replies, one for each set of
cards it may keep (each way of laying off with the best melds of the rest, and laying out nothing more),
whose values are exact (the knocker's hand is shown: each estimate has stderr 0 and one deal). After gin
or big gin the knocker's layout is no decision: nothing may be laid off, every layout scores the same.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, permutations
from typing import TYPE_CHECKING

from ..words.errors import GinError
from ..words.language import t
from .cards import Card, cards_mask, mask_cards
from .hand import LAYOUT_PHASES, Action, ActionKind, Hand, Phase
from .melds import all_arrangements, order_meld
from .players import GreedyPlayer, opponent_model
from .rules import Rules
from .scoring import ScoreKind, defender_reply, every_reply, knocker_net, score_hand, settle
from .solver import discard_table_for
from .view import SeatView, acting_seat

if TYPE_CHECKING:  # numpy is imported when a decision is first judged, not with the engine
    import numpy as np
    import numpy.typing as npt

    Masks = npt.NDArray[np.uint64]
    Ints = npt.NDArray[np.int64]
    Floats = npt.NDArray[np.float64]

Move = tuple[Action, ...]
"""A candidate move: the actions the deciding seat plays in a row. One action for take/pass/draw and for a
discard, knock, gin or big gin; the whole layout (every meld, layoff, then done) for the knocker's layout and
for the defender's melds and lay-offs."""

DEFAULT_SAMPLES = 600
"""Deals a decision is judged on by default (see bench/bench_review.py for what it costs)."""
SCREENED_DISCARDS = 6
"""How many discards, the best by the solver's one-draw lookahead, the discard phase judges (with every
way out and every move ``include``\\ d)."""
EXACT_DEALS = 200_000
"""The most deals :func:`judge_exactly` enumerates."""

_UPCARD, _DRAW, _DISCARD, _OVER = 0, 1, 2, 3
_PHASE_CODES = {Phase.UPCARD: _UPCARD, Phase.DRAW: _DRAW, Phase.DISCARD: _DISCARD}
_ENDS_DEAD, _ENDS_OUT, _ENDS_BIG_GIN = 1, 2, 3
_NOT_OUT = 1 << 40
"""A key above every throw's key (a card that may not be thrown)."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """An estimate of expected points of the hand for the deciding seat (positive: that seat scores; negative:
    the opponent does; a dead hand 0), with its standard error and the number of sampled deals."""

    mean: float
    stderr: float
    samples: int


def _move_text(move: Sequence[Action]) -> str:
    return ", ".join(str(action) for action in move)


def _action_key(action: Action) -> tuple[object, ...]:
    return (action.kind, action.card, frozenset(action.cards), action.target)


def move_key(move: Sequence[Action]) -> frozenset[tuple[object, ...]]:
    """What makes two moves the same: their actions, in any order (a layout's melds laid in another order
    is the same layout)."""
    return frozenset(_action_key(action) for action in move)


@dataclass(frozen=True, slots=True)
class Judgement:
    """One decision of one seat, every candidate move estimated on the same sampled deals
    (common random numbers)."""

    seat: int
    phase: Phase
    moves: tuple[Move, ...]
    values: tuple[Estimate, ...]
    losses: tuple[Estimate, ...]

    def _index(self, move: Sequence[Action]) -> int:
        key = move_key(move)
        for i, candidate in enumerate(self.moves):
            if move_key(candidate) == key:
                return i
        # Translators: {move} is the move in the game's notation ("discard 7H"), not translated.
        raise GinError(t("{move} is not among the moves judged", move=_move_text(move)))

    def value_of(self, move: Move) -> Estimate:
        """The expected points of the hand after ``move`` (GinError naming it if it is not a candidate)."""
        return self.values[self._index(move)]

    def loss_of(self, move: Move) -> Estimate:
        """What ``move`` loses against the best, on the same deals (GinError if it is not a candidate)."""
        return self.losses[self._index(move)]

    @property
    def best(self) -> Move:
        return self.moves[0]


def playout_player() -> GreedyPlayer:
    """The policy both seats play the hand out with, as a player of the engine (the playouts here play it on
    card bitmasks, move for move the same): takes the top discard when that lowers its deadwood, throws the
    highest card that leaves the least deadwood (ties by suit), goes out as soon as it may (big gin, gin,
    then the least deadwood), and lets the engine lay out."""
    return GreedyPlayer(name="playout", take="lowers", discard="least", ties="suit", knock_ties="suit",
                        layout="engine")


# -- the deals ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Deals:
    """Deals consistent with a seat's view: the opponent's hand and the stock, top first, and each deal's
    weight (adding up to 1)."""

    opponent: Masks
    stock: Ints
    weights: Floats
    exact: bool = False


def _unseen(hand: Hand, view: SeatView) -> tuple[Card, ...]:
    """The cards in the opponent's hand or the stock as the seat knows: its own knock card is not one."""
    own = hand.knock_card if hand.knocker == view.seat else None
    return tuple(card for card in view.unseen if card is not own)


def _card_weights(view: SeatView, unseen: tuple[Card, ...]) -> Floats:
    import numpy as np
    chances = opponent_model(view)
    return np.array([max(chances.get(card, 0.0), 1e-6) for card in unseen])


def _conditional_poisson(weights: Floats, k: int, n: int, rng: np.random.Generator) -> npt.NDArray[np.bool_]:
    """(n, U): ``n`` sets of ``k`` of the U items, each set drawn with chance proportional to the product of
    its items' weights (card by card, from the elementary symmetric sums of the weights still to come)."""
    import numpy as np
    u = len(weights)
    sums = np.zeros((u + 1, k + 1))
    sums[:, 0] = 1.0
    for i in range(u - 1, -1, -1):
        sums[i, 1:] = sums[i + 1, 1:] + weights[i] * sums[i + 1, :-1]
    need = np.full(n, k)
    chosen = np.zeros((n, u), dtype=bool)
    for i in range(u):
        whole = sums[i, need]
        part = weights[i] * sums[i + 1, np.maximum(need - 1, 0)]
        chance = np.where(need > 0, part / np.where(whole > 0, whole, 1.0), 0.0)
        chosen[:, i] = rng.random(n) < chance
        need = need - chosen[:, i]
    return chosen


def _sampled_deals(hand: Hand, view: SeatView, n: int, rng: np.random.Generator) -> _Deals:
    import numpy as np
    unseen = _unseen(hand, view)
    known = cards_mask(view.opponent_known)
    hidden = 10 - len(view.opponent_known)
    cards = np.array([card.index for card in unseen], dtype=np.int64)
    bits = np.uint64(1) << cards.astype(np.uint64)
    if hidden <= 0 or len(unseen) < hidden:
        chosen = np.zeros((n, len(unseen)), dtype=bool)
    else:
        chosen = _conditional_poisson(_card_weights(view, unseen), hidden, n, rng)
    opponent = np.bitwise_or.reduce(np.where(chosen, bits[None, :], np.uint64(0)), axis=1) | np.uint64(known)
    keys = np.where(chosen, np.inf, rng.random((n, len(unseen))))
    order = np.argsort(keys, axis=1, kind="stable")[:, :view.stock_count]
    return _Deals(opponent, cards[order], np.full(n, 1.0 / n))


def _every_deal(hand: Hand, view: SeatView, most: int) -> _Deals:
    """Every deal of the unseen cards (the opponent's hand, the stock's order), weighted as
    :func:`_sampled_deals` draws them."""
    import numpy as np
    unseen = _unseen(hand, view)
    known = cards_mask(view.opponent_known)
    hidden = max(0, 10 - len(view.opponent_known))
    hidden = min(hidden, len(unseen))
    stock_size = len(unseen) - hidden
    drawn = max(0, min(stock_size, view.stock_count - view.rules.dead_stock_cards))  # the cards that may be drawn
    if view.phase in LAYOUT_PHASES:
        drawn = 0  # nobody draws again
    count = math.comb(len(unseen), hidden) * math.perm(stock_size, drawn)
    if count > most:
        raise GinError(f"{count} deals of the unseen cards, more than {most} to enumerate")
    weights = _card_weights(view, unseen)
    opponents, stocks, priors = [], [], []
    for chosen in combinations(range(len(unseen)), hidden):
        prior = math.prod(float(weights[i]) for i in chosen)
        mask = known | cards_mask(unseen[i] for i in chosen)
        rest = [unseen[i].index for i in range(len(unseen)) if i not in chosen]
        for order in permutations(rest, drawn):  # the cards below them are never drawn: one order does
            opponents.append(mask)
            stocks.append(order + tuple(c for c in rest if c not in order))
            priors.append(prior)
    opponent = np.array(opponents, dtype=np.uint64)
    w = np.array(priors)
    stock = np.array(stocks, dtype=np.int64).reshape(len(opponents), stock_size)
    return _Deals(opponent, stock, w / w.sum(), exact=True)


# -- the playouts ----------------------------------------------------------------------------------------


@cache
def _card_values() -> Ints:
    import numpy as np
    return np.array([min(i % 13 + 1, 10) for i in range(52)], dtype=np.int64)


def _indices(masks: Masks, k: int) -> Ints:
    """(M, k): the card indices of each mask of ``k`` cards, ascending."""
    import numpy as np
    bits = (masks[:, None] >> np.arange(52, dtype=np.uint64)[None, :]) & np.uint64(1)
    columns: Ints = np.nonzero(bits)[1].astype(np.int64)
    return columns.reshape(len(masks), k)


def _bit(cards: Ints) -> Masks:
    import numpy as np
    return np.uint64(1) << cards.astype(np.uint64)


class _Playouts:
    """Many hands played out at once on card bitmasks, one row each, every row by :func:`playout_player`'s
    policy after its first move. ``trace`` keeps each row's actions (for the tests)."""

    def __init__(self, view: SeatView, deals: _Deals, copies: int, *, trace: bool = False) -> None:
        import numpy as np
        n = len(deals.opponent)
        rows = n * copies
        self.rules: Rules = view.rules
        self.upcard = view.upcard
        self.dealer = view.dealer
        self.limit = view.knock_limit
        self.stock_size = view.stock_count
        self.hands = np.zeros((rows, 2), dtype=np.uint64)
        self.hands[:, view.seat] = np.uint64(cards_mask(view.hand))
        self.hands[:, 1 - view.seat] = np.tile(deals.opponent, copies)
        self.stock = np.tile(deals.stock, (copies, 1))
        self.next = np.zeros(rows, dtype=np.int64)
        self.top = np.full(rows, view.discard_pile[-1].index if view.discard_pile else -1, dtype=np.int64)
        self.phase = np.full(rows, _PHASE_CODES[view.phase], dtype=np.int64)
        self.actor = np.full(rows, view.seat, dtype=np.int64)
        passes = sum(1 for _, text in view.moves if text == ActionKind.PASS.value)
        self.passes = np.full(rows, passes, dtype=np.int64)
        stock_only = view.phase == Phase.DRAW and Action(ActionKind.TAKE) not in view.legal
        self.stock_only = np.full(rows, stock_only, dtype=bool)
        self.forbidden = np.full(rows, view.forbidden.index if view.forbidden is not None else -1, dtype=np.int64)
        self.ends = np.zeros(rows, dtype=np.int64)
        self.knocker = np.zeros(rows, dtype=np.int64)
        self.trace: list[list[tuple[int, Action]]] | None = [[] for _ in range(rows)] if trace else None

    def _log(self, rows: Ints, actions: Sequence[Action] | Action) -> None:
        if self.trace is None:
            return
        for i, row in enumerate(rows.tolist()):
            action = actions if isinstance(actions, Action) else actions[i]
            self.trace[row].append((int(self.actor[row]), action))

    # -- single steps, each for some rows --

    def take(self, rows: Ints) -> None:
        self._log(rows, Action(ActionKind.TAKE))
        actor = self.actor[rows]
        self.hands[rows, actor] |= _bit(self.top[rows])
        self.forbidden[rows] = self.top[rows]
        self.top[rows] = -1
        self.phase[rows] = _DISCARD

    def pass_(self, rows: Ints) -> None:
        self._log(rows, Action(ActionKind.PASS))
        self.passes[rows] += 1
        first = rows[self.passes[rows] == 1]
        second = rows[self.passes[rows] >= 2]
        self.actor[first] = self.dealer
        self.phase[second] = _DRAW
        self.actor[second] = 1 - self.dealer
        self.stock_only[second] = True

    def draw(self, rows: Ints) -> None:
        import numpy as np
        self._log(rows, Action(ActionKind.DRAW))
        where = np.minimum(self.next[rows], self.stock.shape[1] - 1)
        cards = self.stock[rows, where]
        self.hands[rows, self.actor[rows]] |= _bit(cards)
        self.next[rows] += 1
        self.forbidden[rows] = -1
        self.stock_only[rows] = False
        self.phase[rows] = _DISCARD

    def discard(self, rows: Ints, cards: Ints) -> None:
        if self.trace is not None:  # (the actions are made only to be kept)
            self._log(rows, [Action(ActionKind.DISCARD, Card.from_index(c)) for c in cards.tolist()])
        actor = self.actor[rows]
        self.hands[rows, actor] &= ~_bit(cards)
        self.top[rows] = cards
        self.forbidden[rows] = -1
        dead = self.stock_size - self.next[rows] <= self.rules.dead_stock_cards
        self.phase[rows] = _DRAW
        self.actor[rows] = 1 - actor
        self.phase[rows[dead]] = _OVER
        self.ends[rows[dead]] = _ENDS_DEAD

    def go_out(self, rows: Ints, cards: Ints, points: Ints) -> None:
        if self.trace is not None:
            self._log(rows, [Action(ActionKind.GIN if p == 0 else ActionKind.KNOCK, Card.from_index(c))
                             for c, p in zip(cards.tolist(), points.tolist(), strict=True)])
        actor = self.actor[rows]
        self.hands[rows, actor] &= ~_bit(cards)
        self.knocker[rows] = actor
        self.phase[rows] = _OVER
        self.ends[rows] = _ENDS_OUT

    def big_gin(self, rows: Ints) -> None:
        self._log(rows, Action(ActionKind.BIG_GIN))
        self.knocker[rows] = self.actor[rows]
        self.phase[rows] = _OVER
        self.ends[rows] = _ENDS_BIG_GIN

    # -- the policy --

    def _lowers(self, rows: Ints) -> npt.NDArray[np.bool_]:
        """Whether taking the top discard lowers the actor's least deadwood (after its best throw)."""
        import numpy as np

        from .melds import masks_min_deadwood
        held = self.hands[rows, self.actor[rows]]
        ten = _bit(_indices(held, 10))
        eleven = held | _bit(self.top[rows])
        after = masks_min_deadwood(np.concatenate([eleven[:, None] & ~ten, held[:, None]], axis=1))
        lowers: npt.NDArray[np.bool_] = after[:, :10].min(axis=1) < after[:, 10]
        return lowers

    def offer(self, rows: Ints) -> None:
        """Rows before a draw: take the top discard where it may and it lowers the deadwood, else draw
        (pass, on the upcard)."""
        import numpy as np
        may = rows[~self.stock_only[rows]]
        takes = may[self._lowers(may)] if len(may) else may
        self.take(takes)
        rest = np.setdiff1d(rows, takes, assume_unique=True)
        upcard = rest[self.phase[rest] == _UPCARD]
        self.pass_(upcard)
        self.draw(rest[self.phase[rest] == _DRAW])

    def finish_turn(self, rows: Ints) -> None:
        """Rows after a draw: out the best way as soon as it may, else the best discard."""
        import numpy as np

        from .melds import masks_min_deadwood
        held = self.hands[rows, self.actor[rows]]
        if self.rules.big_gin:
            big = masks_min_deadwood(held) == 0
            self.big_gin(rows[big])
            rows, held = rows[~big], held[~big]
        cards = _indices(held, 11)
        after = masks_min_deadwood(held[:, None] & ~_bit(cards))
        keys = after * 10_000 + (10 - _card_values()[cards]) * 100 + (51 - cards)
        keys = np.where(cards == self.forbidden[rows][:, None], _NOT_OUT, keys)
        best = keys.argmin(axis=1)
        line = np.arange(len(rows))
        card, points = cards[line, best], after[line, best]
        out = points <= self.limit
        self.go_out(rows[out], card[out], points[out])
        self.discard(rows[~out], card[~out])

    def run(self) -> None:
        import numpy as np
        while True:
            offer = np.nonzero(self.phase <= _DRAW)[0]
            if len(offer):
                self.offer(offer)
            turn = np.nonzero(self.phase == _DISCARD)[0]
            if len(turn):
                self.finish_turn(turn)
            if not (self.phase != _OVER).any():
                return

    def first(self, start: int, rows: int, move: Move) -> None:
        """Play ``move`` (one action) on rows ``start`` to ``start + rows``."""
        import numpy as np

        from .melds import mask_min_deadwood
        span = np.arange(start, start + rows, dtype=np.int64)
        action = move[0]
        kind = action.kind
        if kind == ActionKind.TAKE:
            self.take(span)
        elif kind == ActionKind.PASS:
            self.pass_(span)
        elif kind == ActionKind.DRAW:
            self.draw(span)
        elif kind == ActionKind.BIG_GIN:
            self.big_gin(span)
        else:
            card = action.played_card
            cards = np.full(rows, card.index, dtype=np.int64)
            if kind == ActionKind.DISCARD:
                self.discard(span, cards)
            else:
                held = int(self.hands[start, self.actor[start]])  # the deciding seat's cards, the same in every row
                points = mask_min_deadwood(held & ~(1 << card.index))
                self.go_out(span, cards, np.full(rows, points, dtype=np.int64))

    def values(self, seat: int) -> Floats:
        """Each row's points of the hand for ``seat`` (every row over)."""
        import numpy as np
        result = np.zeros(len(self.ends))
        cache: dict[tuple[int, int, bool], int] = {}
        for row in np.nonzero(self.ends >= _ENDS_OUT)[0].tolist():
            knocker = int(self.knocker[row])
            key = (int(self.hands[row, knocker]), int(self.hands[row, 1 - knocker]),
                   bool(self.ends[row] == _ENDS_BIG_GIN))
            net = cache.get(key)
            if net is None:
                net = cache[key] = knocker_net(score_hand(mask_cards(key[0]), mask_cards(key[1]), self.rules,
                                                          upcard=self.upcard))
            result[row] = net if knocker == seat else -net
        return result


# -- candidates -----------------------------------------------------------------------------------------


def _whole_move(hand: Hand, seat: int, move: Sequence[Action | str]) -> Move:
    """``move`` as the engine records it (a knock with no deadwood is gin, melds in order, ``auto`` laid out
    step by step), checked legal and one whole decision of ``seat``: IllegalActionError or GinError."""
    trial = hand.copy()
    start = len(trial.actions)
    phase = trial.phase
    steps = [Action.parse(action) for action in move]
    for i, action in enumerate(steps):
        trial.apply(action)
        finished = trial.phase != phase if phase in LAYOUT_PHASES else True
        if finished and i < len(steps) - 1 or not finished and i == len(steps) - 1:
            break
    else:
        if steps:
            return tuple(action for _, action in trial.actions[start:])
    # Translators: {move} is the move in the game's notation ("meld 7H 8H 9H, done"), not translated.
    raise GinError(t("{move} is not one whole decision of seat {seat}", move=_move_text(steps), seat=seat))


def _layout_moves(arrangement_melds: Sequence[Sequence[Card]], layoffs: Sequence[tuple[Card, int]] = ()) -> Move:
    return (*(Action(ActionKind.MELD, cards=order_meld(m)) for m in arrangement_melds),
            *(Action(ActionKind.LAYOFF, card, target=target) for card, target in layoffs),
            Action(ActionKind.DONE))


def _required(view: SeatView) -> int:
    return view.knock_limit if view.out_kind == ScoreKind.KNOCK else 0


def _engine_candidates(hand: Hand, view: SeatView) -> list[Move]:
    """The moves judged, before ``include``: see the module's docstring."""
    phase = view.phase
    if phase in (Phase.UPCARD, Phase.DRAW):
        every: list[Move] = [(action,) for action in view.legal]
        return every
    if phase == Phase.DISCARD:
        rows = discard_table_for(view).sorted()[:SCREENED_DISCARDS]
        screened: list[Move] = [(Action(ActionKind.DISCARD, row.card),) for row in rows]
        return screened + [(a,) for a in view.legal if a.kind != ActionKind.DISCARD]
    if phase == Phase.KNOCKER_LAYOUT:
        if view.out_kind != ScoreKind.KNOCK:
            return []  # no lay-offs against gin: every layout scores alike
        return [_layout_moves(a.melds) for a in all_arrangements(view.unlaid, _required(view))]
    replies = (every_reply(view.unlaid, view.table_melds) if view.out_kind == ScoreKind.KNOCK
               else (defender_reply(view.unlaid, (), layoffs=False),))
    moves = [_layout_moves(r.melds, [(lo.card, lo.meld) for lo in r.layoffs]) for r in replies]
    return moves + [(Action(ActionKind.DONE),)]


def _candidates(hand: Hand, view: SeatView, include: Sequence[Sequence[Action | str]]) -> list[Move]:
    seat = view.seat
    found: dict[frozenset[tuple[object, ...]], Move] = {}
    for move in _engine_candidates(hand, view):
        whole = _whole_move(hand, seat, move)
        found.setdefault(move_key(whole), whole)
    if not found:
        include = ()
    for given in include:
        whole = _whole_move(hand, seat, given)
        found[move_key(whole)] = whole  # the move as made, in the order it was made
    if len(found) < 2:
        raise GinError(t("seat {seat} has no decision to judge here: every move it may make comes to the same",
                         seat=seat))
    return list(found.values())


# -- values ---------------------------------------------------------------------------------------------


def _playout_values(view: SeatView, deals: _Deals, moves: Sequence[Move]) -> Floats:
    """(deals, moves): each move's points of the hand on each deal."""
    n = len(deals.opponent)
    playouts = _Playouts(view, deals, len(moves))
    for j, move in enumerate(moves):
        playouts.first(j * n, n, move)
    playouts.run()
    return playouts.values(view.seat).reshape(len(moves), n).T


def _layout_values(view: SeatView, deals: _Deals, moves: Sequence[Move]) -> Floats:
    """(deals, moves): the knocker's points with each layout against each sampled defender hand, the
    defender replying at its best."""
    import numpy as np
    out = view.out_kind or ScoreKind.KNOCK
    laid = [tuple(m) for m in view.table_melds]
    result = np.zeros((len(deals.opponent), len(moves)))
    for i, mask in enumerate(deals.opponent.tolist()):
        defender = mask_cards(int(mask))
        for j, move in enumerate(moves):
            melds = laid + [a.cards for a in move if a.kind == ActionKind.MELD]
            used = {c for m in melds for c in m}
            dead = tuple(c for c in view.unlaid if c not in used)
            reply = defender_reply(defender, melds, layoffs=out == ScoreKind.KNOCK)
            score = settle(view.rules, out=out, knocker_melds=melds, knocker_dead=dead, defender_melds=reply.melds,
                           layoffs=reply.layoffs, defender_dead=reply.deadwood, upcard=view.upcard)
            result[i, j] = knocker_net(score)
    return result


def _defender_values(hand: Hand, seat: int, moves: Sequence[Move]) -> Floats:
    """(1, moves): the defender's exact points after each reply (every card that counts is on the table)."""
    import numpy as np
    values = []
    for move in moves:
        trial = hand.copy()
        for action in move:
            trial.apply(action)
        score = trial.result
        if score is None or score.knocker is None:
            raise GinError(t("{move} is not one whole decision of seat {seat}", move=_move_text(move), seat=seat))
        values.append(-knocker_net(score) if score.knocker != seat else knocker_net(score))
    return np.array([values], dtype=float)


def _estimate(x: Floats, weights: Floats, exact: bool) -> Estimate:
    mean = float(weights @ x)
    if exact:
        return Estimate(mean, 0.0, len(x))
    spread = float((weights * weights) @ ((x - mean) ** 2))
    square = float(weights @ weights)
    return Estimate(mean, math.sqrt(spread / (1.0 - square)) if square < 1.0 else 0.0, len(x))


def _judgement(view: SeatView, moves: Sequence[Move], table: Floats, weights: Floats, exact: bool) -> Judgement:
    means = weights @ table
    order = sorted(range(len(moves)), key=lambda j: -float(means[j]))
    best = order[0]
    values = tuple(_estimate(table[:, j], weights, exact) for j in order)
    losses = tuple(Estimate(0.0, 0.0, len(weights)) if j == best
                   else _estimate(table[:, best] - table[:, j], weights, exact) for j in order)
    return Judgement(seat=view.seat, phase=view.phase, moves=tuple(moves[j] for j in order), values=values,
                     losses=losses)


def _rng(seed: object) -> np.random.Generator:
    import numpy as np
    return np.random.default_rng(random.Random(f"judge:{seed}").getrandbits(64))


def _judge(hand: Hand, include: Sequence[Sequence[Action | str]], deals_for: _DealsFor) -> Judgement:
    seat = acting_seat(hand)
    view = SeatView.of(hand, seat)
    moves = _candidates(hand, view, include)
    import numpy as np
    if view.phase == Phase.DEFENDER_LAYOUT:
        return _judgement(view, moves, _defender_values(hand, seat, moves), np.ones(1), True)
    deals = deals_for(hand, view)
    if view.phase == Phase.KNOCKER_LAYOUT:
        table = _layout_values(view, deals, moves)
    else:
        table = _playout_values(view, deals, moves)
    return _judgement(view, moves, table, deals.weights, deals.exact)


class _DealsFor:
    """How the deals of a judgement are made: sampled, or every one."""

    def __init__(self, samples: int | None, seed: object = 0, most: int = EXACT_DEALS) -> None:
        self.samples = samples
        self.seed = seed
        self.most = most

    def __call__(self, hand: Hand, view: SeatView) -> _Deals:
        if self.samples is None:
            return _every_deal(hand, view, self.most)
        return _sampled_deals(hand, view, self.samples, _rng(self.seed))


def judge(hand: Hand, *, samples: int = DEFAULT_SAMPLES, seed: object = 0,
          include: Sequence[Move] = ()) -> Judgement:
    """The decision of the seat to act in ``hand``, judged from that seat's view only (the hidden cards of
    ``hand`` are never read: two hands with the same view of that seat get the same judgement).
    ``include``: moves that must be among the candidates (the move a learner made)."""
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise GinError(f"samples is a whole number of deals, at least 1, not {samples!r}")
    return _judge(hand, include, _DealsFor(samples, seed))


def judge_exactly(hand: Hand, *, include: Sequence[Move] = (), most: int = EXACT_DEALS) -> Judgement:
    """:func:`judge` over every deal of the unseen cards (the opponent's hand times the order of the stock's
    cards that may still be drawn before the stock is dead), each with the chance the sampling gives it: the
    exact values the estimates estimate, for a short stock (GinError when there are more than ``most``
    deals). Every stderr is 0."""
    return _judge(hand, include, _DealsFor(None, most=most))


# -- the decisions of a hand -----------------------------------------------------------------------------


def decisions(hand: Hand, seat: int) -> list[tuple[int, Move]]:
    """Each decision ``seat`` took in ``hand`` (finished or not): the number of actions before it (so
    ``judge(hand.prefix(n), include=[move])`` judges it) and the move it made. Take or draw (upcard and draw
    phases), discard/knock/gin, the knocker's whole layout, the defender's whole melds and lay-offs. A phase with
    one legal move is no decision."""
    if seat not in (0, 1) or isinstance(seat, bool):
        raise GinError(f"a seat is 0 or 1, not {seat!r}")
    replay = Hand(hand.rules, hand.dealer, hand.deck)
    actions = hand.actions
    found: list[tuple[int, Move]] = []
    i = 0
    while i < len(actions):
        who, action = actions[i]
        end = i
        if replay.phase in LAYOUT_PHASES:
            while end < len(actions) and actions[end][1].kind != ActionKind.DONE:
                end += 1
            if end == len(actions):
                break  # a layout not finished yet
        move = tuple(a for _, a in actions[i:end + 1])
        if who == seat and _is_decision(replay, move):
            found.append((i, move))
        for step in move:
            replay.apply(step)
        i = end + 1
    return found


def _is_decision(hand: Hand, move: Move) -> bool:
    if hand.phase in (Phase.UPCARD, Phase.DRAW, Phase.DISCARD):
        return len(hand.legal_actions()) > 1
    try:
        _candidates(hand, SeatView.of(hand, acting_seat(hand)), [move])
    except GinError:
        return False
    return True
