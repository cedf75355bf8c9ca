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
  (:func:`playout_player`: the shape rule, which throws the card of least deadwood priced up for the cards it
  links with, its own kept and the opponent's known; takes the top discard when its throw then lowers its
  deadwood; goes out as soon as it may; the engine's layouts), on card bitmasks for every deal and move at
  once (numpy); the end is scored by the engine's scoring under the rules in force.
- **Common random numbers.** Every move is played on the same deals, so each move's loss against the best
  is a paired difference, sharper than the values themselves.

Candidates: every legal take, pass or draw; in the discard phase every knock, gin and big gin and the
:data:`SCREENED_DISCARDS` best discards by the solver's one-draw lookahead (a pre-screen: the other
discards are judged only when ``include``\\ d); the knocker's distinct layouts within the limit (judged
over sampled defender hands, each replying at its best); the defender's replies, one for each set of
cards it may keep (each way of laying off with the best melds of the rest, and laying out nothing more),
whose values are exact (the knocker's hand is shown: each estimate has stderr 0 and one deal). After gin
or big gin the knocker's layout is no decision: nothing may be laid off, every layout scores the same.

:func:`judge_view` judges from a seat's view alone, what a computer player is given (:func:`judge` is it
for the seat to act in a hand, with the moves made ``include``\\ d); :class:`EvaluatorPlayer` is the
evaluator as a computer player, ``evaluator`` in :mod:`~gintrainer.engine.roster`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations, permutations
from typing import TYPE_CHECKING

from ..words.errors import GinError
from ..words.language import t
from .cards import Card, cards_mask
from .hand import LAYOUT_PHASES, Action, ActionKind, Hand, Phase
from .melds import all_arrangements, best_meld_masks, order_meld
from .players import (
    DANGER_WEIGHT,
    LINK_WEIGHT,
    BestPlayer,
    GreedyPlayer,
    friends,
    lowers_deadwood,
    opponent_model,
    own_layout,
)
from .rules import Rules
from .scoring import (
    Layoff,
    ScoreKind,
    defender_reply,
    every_reply,
    kept_masks_after_layoffs,
    knocker_net,
    knocker_points,
    mask_meld_ends,
    meld_ends,
    settle,
)
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
    card bitmasks, move for move the same): the shape rule (:func:`~gintrainer.engine.players.shape_discard`:
    the least deadwood, priced up for each card kept that the throw links with and each card the opponent is
    known to hold that it links with; ties the highest card, by suit), takes the top discard when its shape
    throw then lowers its deadwood, goes out as soon as it may (big gin, gin, then the least deadwood), and
    lets the engine lay out."""
    return GreedyPlayer(name="playout", take="shape", discard="shape", ties="suit", knock_ties="suit",
                        layout="engine")


def kept_takes(view: SeatView) -> tuple[Card, ...]:
    """The cards ``view.seat`` took from the pile and has not thrown since: what its opponent knows of its hand
    (the opponent's ``opponent_known``), read from the public moves."""
    pile = [view.upcard]
    kept: list[Card] = []
    for who, text in view.moves:
        if text == ActionKind.TAKE.value:
            card = pile.pop()
            if who == view.seat:
                kept.append(card)
        elif text.startswith(ActionKind.DISCARD.value):
            card = Action.parse(text).played_card
            pile.append(card)
            if who == view.seat and card in kept:
                kept.remove(card)
    return tuple(kept)


# -- the deals ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Deals:
    """Deals consistent with a seat's view: the opponent's hand and the stock, top first, and each deal's
    weight (adding up to 1)."""

    opponent: Masks
    stock: Ints
    weights: Floats
    exact: bool = False


def own_knock_card(view: SeatView) -> Card | None:
    """The card the seat itself knocked (or went gin) with, face down on the pile: it knows that card (its
    own move in :attr:`SeatView.moves` names it); None if the seat has not gone out, or went out with big gin."""
    if view.knocker != view.seat:
        return None
    for who, text in view.moves:
        if who == view.seat:
            action = Action.parse(text)
            if action.kind in (ActionKind.KNOCK, ActionKind.GIN):
                return action.card
    return None


def _unseen(view: SeatView) -> tuple[Card, ...]:
    """The cards in the opponent's hand or the stock as the seat knows: its own knock card is not one."""
    own = own_knock_card(view)
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


def _sampled_deals(view: SeatView, n: int, rng: np.random.Generator) -> _Deals:
    import numpy as np
    unseen = _unseen(view)
    known = cards_mask(view.opponent_known)
    hidden = 10 - len(view.opponent_known)
    cards = np.array([card.index for card in unseen], dtype=np.int64)
    bits = np.uint64(1) << cards.astype(np.uint64)
    if hidden <= 0 or len(unseen) < hidden:
        chosen = np.zeros((n, len(unseen)), dtype=bool)
    else:
        chosen = _conditional_poisson(_card_weights(view, unseen), hidden, n, rng)
    opponent = np.bitwise_or.reduce(np.where(chosen, bits[None, :], np.uint64(0)), axis=1) | np.uint64(known)
    return _redealt(view, opponent, rng)


LEAN = (0.0, 0.03, 0.05, 0.07, 0.09, 0.10, 0.10, 0.11, 0.12, 0.13, 0.13)
"""How far the leaned deals (:func:`_leaned_deals`) lean to opponent hands of less deadwood, by the opponent's
discards so far (the last for more): bench/bench_opponent_hands.py's ``--fit`` set each so that the mean least
deadwood of the hands drawn is the real hands' over 300 hands of ``best`` against itself."""
KNOCKED = 0.05
"""The weight of an opponent hand with which the opponent could have knocked at its last discard (and did not),
in the leaned deals."""
LEAN_PROPOSALS = 3
"""How many hands the leaned deals draw for each deal they keep."""


def _redealt(view: SeatView, opponent: Masks, rng: np.random.Generator) -> _Deals:
    """Deals of these opponent hands, equally weighted, each stock a fresh random order of the other unseen
    cards."""
    import numpy as np
    cards = np.array([card.index for card in _unseen(view)], dtype=np.int64)
    held = ((opponent[:, None] >> cards.astype(np.uint64)[None, :]) & np.uint64(1)) == 1
    keys = np.where(held, np.inf, rng.random(held.shape))
    order = np.argsort(keys, axis=1, kind="stable")[:, :view.stock_count]
    return _Deals(opponent, cards[order], np.full(len(opponent), 1.0 / len(opponent)))


def lean_weights(deadwood: Floats, lean: float, limit: int) -> Floats:
    """The leaned weights (adding up to 1) of opponent hands of these least deadwoods: each in proportion to
    ``exp(-lean × deadwood)``, times :data:`KNOCKED` where the deadwood is within the knock ``limit``."""
    import numpy as np
    weights: Floats = np.exp(-lean * (deadwood - deadwood.min())) * np.where(deadwood <= limit, KNOCKED, 1.0)
    return weights / float(weights.sum())


def _leaned_deals(view: SeatView, n: int, rng: np.random.Generator, proposals: int = LEAN_PROPOSALS) -> _Deals:
    """:func:`_sampled_deals` leaned to opponent hands of less deadwood, as a player who has been throwing its
    highest deadwood holds: ``proposals`` (:data:`LEAN_PROPOSALS`) times ``n`` deals drawn, and ``n`` of their
    opponent hands kept (with repeats), each with a chance in proportion to :func:`lean_weights` (``lean`` from
    :data:`LEAN` by the opponent's discards, :data:`KNOCKED` if the opponent could have knocked with it and did
    not); each kept hand dealt a fresh stock. Before the opponent's first discard, in a layout, or with its
    whole hand known, the deals are :func:`_sampled_deals`' own."""
    from .melds import masks_min_deadwood
    thrown = len(view.opponent_threw)
    if not thrown or view.phase in LAYOUT_PHASES or len(view.opponent_known) >= 10:
        return _sampled_deals(view, n, rng)
    drawn = _sampled_deals(view, proposals * n, rng).opponent
    weights = lean_weights(masks_min_deadwood(drawn).astype(float), LEAN[min(thrown, len(LEAN) - 1)],
                           view.knock_limit)
    return _redealt(view, drawn[rng.choice(len(drawn), n, p=weights)], rng)


def _every_deal(view: SeatView, most: int) -> _Deals:
    """Every deal of the unseen cards (the opponent's hand, the stock's order), weighted as
    :func:`_sampled_deals` draws them."""
    import numpy as np
    unseen = _unseen(view)
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


@cache
def _friend_masks() -> Masks:
    import numpy as np
    return np.array(friends(), dtype=np.uint64)


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
        self.known = np.zeros((rows, 2), dtype=np.uint64)
        """Each seat's cards taken from the pile and not thrown since (what its opponent knows of them)."""
        self.known[:, 1 - view.seat] = np.uint64(cards_mask(view.opponent_known))
        self.known[:, view.seat] = np.uint64(cards_mask(kept_takes(view)))
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
        self.known[rows, actor] |= _bit(self.top[rows])
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
        self.known[rows, actor] &= ~_bit(cards)
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

    def _shape(self, rows: Ints, held: Masks, forbidden: Ints) -> tuple[Ints, Ints, Ints, Ints]:
        """The shape rule's throw from each row's eleven cards ``held`` (the actor's; not ``forbidden``): the card,
        the least deadwood it leaves, and every card's least deadwood left with the cards (for going out)."""
        import numpy as np

        from .melds import masks_min_deadwood
        cards = _indices(held, 11)
        rest = held[:, None] & ~_bit(cards)
        after = masks_min_deadwood(rest)
        links = _friend_masks()[cards]
        known = self.known[rows, 1 - self.actor[rows]]
        price = after + LINK_WEIGHT * np.bitwise_count(rest & links).astype(np.int64) \
            + DANGER_WEIGHT * np.bitwise_count(known[:, None] & links).astype(np.int64)
        keys = price * 10_000 + (10 - _card_values()[cards]) * 100 + (51 - cards)
        keys = np.where(cards == forbidden[:, None], _NOT_OUT, keys)
        line = np.arange(len(rows))
        best = keys.argmin(axis=1)
        return cards[line, best], after[line, best], cards, after

    def offer(self, rows: Ints) -> None:
        """Rows before a draw: take the top discard where it may and the shape throw after it lowers the
        deadwood, else draw (pass, on the upcard)."""
        import numpy as np

        from .melds import masks_min_deadwood
        may = rows[~self.stock_only[rows]]
        if len(may):
            held = self.hands[may, self.actor[may]]
            _, after, _, _ = self._shape(may, held | _bit(self.top[may]), self.top[may])
            takes = may[after < masks_min_deadwood(held)]
        else:
            takes = may
        self.take(takes)
        rest = np.setdiff1d(rows, takes, assume_unique=True)
        upcard = rest[self.phase[rest] == _UPCARD]
        self.pass_(upcard)
        self.draw(rest[self.phase[rest] == _DRAW])

    def finish_turn(self, rows: Ints) -> None:
        """Rows after a draw: out the best way as soon as it may, else the shape rule's throw."""
        import numpy as np

        from .melds import masks_min_deadwood
        held = self.hands[rows, self.actor[rows]]
        if self.rules.big_gin:
            big = masks_min_deadwood(held) == 0
            self.big_gin(rows[big])
            rows, held = rows[~big], held[~big]
        throw, _, cards, after = self._shape(rows, held, self.forbidden[rows])
        keys = after * 10_000 + (10 - _card_values()[cards]) * 100 + (51 - cards)
        keys = np.where(cards == self.forbidden[rows][:, None], _NOT_OUT, keys)
        least = keys.argmin(axis=1)
        line = np.arange(len(rows))
        card, points = cards[line, least], after[line, least]
        out = points <= self.limit
        self.go_out(rows[out], card[out], points[out])
        self.discard(rows[~out], throw[~out])

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
        """Each row's points of the hand for ``seat`` (every row over), as the engine scores it
        (:func:`~gintrainer.engine.scoring.score_hand`): the defender's deadwood without lay-offs after gin
        and big gin, after its best lay-offs against the engine's layout of a knock; the deadwood counted in
        a batch."""
        import numpy as np

        from .melds import masks_min_deadwood
        result = np.zeros(len(self.ends))
        rows = np.nonzero(self.ends >= _ENDS_OUT)[0]
        if not len(rows):
            return result
        knocker = self.knocker[rows]
        knocker_hands, defender_hands = self.hands[rows, knocker], self.hands[rows, 1 - knocker]
        big = self.ends[rows] == _ENDS_BIG_GIN
        k = masks_min_deadwood(knocker_hands)
        d = masks_min_deadwood(defender_hands)
        knocks = np.nonzero((k > 0) & ~big)[0]
        if len(knocks):
            d[knocks] = _after_layoffs(knocker_hands[knocks], defender_hands[knocks])
        nets: dict[tuple[bool, int, int], int] = {}
        net = np.zeros(len(rows))
        for i, key in enumerate(zip(big.tolist(), k.tolist(), d.tolist(), strict=True)):
            value = nets.get(key)
            if value is None:
                value = nets[key] = knocker_points(
                    self.rules, out=ScoreKind.BIG_GIN if key[0] else ScoreKind.KNOCK, knocker_deadwood=key[1],
                    defender_deadwood=key[2], upcard=self.upcard)
            net[i] = value
        result[rows] = np.where(knocker == seat, net, -net)
        return result


_RANK_ONE = sum(1 << 13 * suit for suit in range(4))
"""The aces' bits (a card's index is 13 times its suit plus its rank less one)."""
_RANK_KING = _RANK_ONE << 12
_DECK_BITS = (1 << 52) - 1


def _touching(mask: int) -> int:
    """The cards not in ``mask`` that meld with one of its cards: of the same rank, or next to one in its
    suit. A defender who holds none of these next to a knocker's melds has nothing to lay off."""
    ranks = (mask | mask >> 13 | mask >> 26 | mask >> 39) & 0x1FFF
    beside = (mask << 1) & ~_RANK_ONE | (mask >> 1) & ~_RANK_KING
    return (ranks * _RANK_ONE | beside) & _DECK_BITS & ~mask


@lru_cache(maxsize=4096)
def _knocker_layouts(knocker: int) -> tuple[tuple[tuple[tuple[int, ...], ...], int], ...]:
    """The knocker's least-deadwood arrangements: the melds of each (by
    :func:`~gintrainer.engine.scoring.mask_meld_ends`), and the cards that touch them."""
    return tuple((tuple(mask_meld_ends(m) for m in melds), _touching(sum(melds)))
                 for melds in best_meld_masks(knocker))


def _after_layoffs(knocker_hands: Masks, defender_hands: Masks) -> Ints:
    """For knocks with deadwood (the knocker's ten cards, the defender's): the defender's deadwood after the
    engine's layout and his best lay-offs, each distinct pair once, as
    :func:`~gintrainer.engine.scoring.score_hand` has it: the engine's layout is the least-deadwood arrangement
    that leaves the defender most (:func:`~gintrainer.engine.scoring.knocker_layouts`), his best reply the
    least deadwood of the cards he may keep (:func:`~gintrainer.engine.scoring.kept_after_layoffs`); so the
    largest over the arrangements of the least over the cards kept (tests/test_evaluate.py plays the
    policy through ``Hand`` and checks each score)."""
    import numpy as np

    from .melds import masks_min_deadwood
    pairs, where = np.unique(np.stack([knocker_hands, defender_hands], axis=1), axis=0, return_inverse=True)
    kept: list[int] = []
    layouts: list[int] = []  # where each layout's sets kept begin, in ``kept``
    starts: list[int] = []  # where each pair's layouts begin, in ``layouts``
    for knocker, defender in pairs.tolist():
        starts.append(len(layouts))
        for ends, touching in _knocker_layouts(knocker):
            layouts.append(len(kept))
            if defender & touching:
                kept.extend(kept_masks_after_layoffs(defender, ends))
            else:  # nothing to lay off
                kept.append(defender)
    least = np.minimum.reduceat(masks_min_deadwood(np.array(kept, dtype=np.uint64)), layouts)
    most: Ints = np.maximum.reduceat(least, starts)
    return most[where.reshape(-1)]


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


def _engine_candidates(view: SeatView, screened: int = SCREENED_DISCARDS) -> list[Move]:
    """The moves judged, before ``include``: see the module's docstring (``screened``: how many discards)."""
    phase = view.phase
    if phase in (Phase.UPCARD, Phase.DRAW):
        every: list[Move] = [(action,) for action in view.legal]
        return every
    if phase == Phase.DISCARD:
        rows = discard_table_for(view).sorted()[:screened]
        discards: list[Move] = [(Action(ActionKind.DISCARD, row.card),) for row in rows]
        return discards + [(a,) for a in view.legal if a.kind != ActionKind.DISCARD]
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
    for move in _engine_candidates(view):
        whole = _whole_move(hand, seat, move)
        found.setdefault(move_key(whole), whole)
    if not found:
        include = ()
    for given in include:
        whole = _whole_move(hand, seat, given)
        found[move_key(whole)] = whole  # the move as made, in the order it was made
    _check_decision(seat, len(found))
    return list(found.values())


def _check_decision(seat: int, count: int) -> None:
    if count < 2:
        raise GinError(t("seat {seat} has no decision to judge here: every move it may make comes to the same",
                         seat=seat))


def candidates(view: SeatView, *, screened: int = SCREENED_DISCARDS) -> list[Move]:
    """The moves :func:`judge_view` judges for the seat of ``view`` (to act): see the module's docstring;
    ``screened``: how many discards, the best by the solver's one-draw lookahead. Empty for the knocker's
    layout after gin or big gin (no decision: every layout scores alike)."""
    found: dict[frozenset[tuple[object, ...]], Move] = {}
    for move in _engine_candidates(view, screened):
        found.setdefault(move_key(move), move)
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
    """(deals, moves): the knocker's points with each layout of a knock against each sampled defender hand,
    the defender replying at its best (the least deadwood of the cards it may keep: see
    :func:`~gintrainer.engine.scoring.kept_after_layoffs`), the deadwood counted in a batch."""
    import numpy as np

    from .melds import masks_min_deadwood
    out = view.out_kind or ScoreKind.KNOCK
    laid = [tuple(m) for m in view.table_melds]
    layouts = [laid + [a.cards for a in move if a.kind == ActionKind.MELD] for move in moves]
    knocker_dead = [sum(c.value for c in view.unlaid if all(c not in m for m in melds)) for melds in layouts]
    kept: list[int] = []
    starts: list[int] = []  # where each (deal, layout)'s sets kept begin, in ``kept``
    ends = [[meld_ends(meld) for meld in melds] for melds in layouts]
    for defender in deals.opponent.tolist():
        for layout_ends in ends:
            starts.append(len(kept))
            kept.extend(kept_masks_after_layoffs(defender, layout_ends))
    least = np.minimum.reduceat(masks_min_deadwood(np.array(kept, dtype=np.uint64)), starts)
    nets: dict[tuple[int, int], int] = {}
    result = np.zeros(len(starts))
    for i, (k, d) in enumerate(zip(knocker_dead * len(deals.opponent), least.tolist(), strict=True)):
        if (k, d) not in nets:
            nets[k, d] = knocker_points(view.rules, out=out, knocker_deadwood=k, defender_deadwood=d,
                                        upcard=view.upcard)
        result[i] = nets[k, d]
    return result.reshape(len(deals.opponent), len(moves))


def _defender_values(view: SeatView, moves: Sequence[Move]) -> Floats:
    """(1, moves): the defender's exact points after each reply (every card that counts is on the table: the
    knocker's melds and deadwood, and the defender's own cards)."""
    import numpy as np
    out = view.out_kind or ScoreKind.KNOCK
    values = []
    for move in moves:
        melds = [a.cards for a in move if a.kind == ActionKind.MELD]
        layoffs = [Layoff(a.played_card, a.target) for a in move
                   if a.kind == ActionKind.LAYOFF and a.target is not None]
        used = {c for m in melds for c in m} | {lo.card for lo in layoffs}
        dead = tuple(c for c in view.unlaid if c not in used)
        score = settle(view.rules, out=out, knocker_melds=view.table_melds, knocker_dead=view.knocker_deadwood,
                       defender_melds=melds, layoffs=layoffs, defender_dead=dead, upcard=view.upcard)
        values.append(-knocker_net(score))
    return np.array([values], dtype=float)


def _estimate(x: Floats, weights: Floats, exact: bool) -> Estimate:
    mean = float(weights @ x)
    if exact:
        return Estimate(mean, 0.0, len(x))
    spread = float((weights * weights) @ ((x - mean) ** 2))
    square = float(weights @ weights)
    return Estimate(mean, math.sqrt(spread / (1.0 - square)) if square < 1.0 else 0.0, len(x))


def _judgement(view: SeatView, moves: Sequence[Move], table: Floats, weights: Floats, exact: bool) -> Judgement:
    estimates = [_estimate(table[:, j], weights, exact) for j in range(len(moves))]
    order = sorted(range(len(moves)), key=lambda j: -estimates[j].mean)  # by the values reported, to the last bit
    best = order[0]
    values = tuple(estimates[j] for j in order)
    losses = tuple(Estimate(0.0, 0.0, len(weights)) if j == best
                   else _estimate(table[:, best] - table[:, j], weights, exact) for j in order)
    return Judgement(seat=view.seat, phase=view.phase, moves=tuple(moves[j] for j in order), values=values,
                     losses=losses)


def _rng(seed: object) -> np.random.Generator:
    import numpy as np
    return np.random.default_rng(random.Random(f"judge:{seed}").getrandbits(64))


def _judge(hand: Hand, include: Sequence[Sequence[Action | str]], deals_for: _DealsFor) -> Judgement:
    view = SeatView.of(hand, acting_seat(hand))
    return _judged(view, _candidates(hand, view, include), deals_for)


def _judged(view: SeatView, moves: Sequence[Move], deals_for: _DealsFor) -> Judgement:
    """``moves`` (whole moves of the seat of ``view``, to act) judged from ``view`` alone."""
    import numpy as np
    if view.phase == Phase.DEFENDER_LAYOUT:
        return _judgement(view, moves, _defender_values(view, moves), np.ones(1), True)
    deals = deals_for(view)
    if view.phase == Phase.KNOCKER_LAYOUT:
        table = _layout_values(view, deals, moves)
    else:
        table = _playout_values(view, deals, moves)
    return _judgement(view, moves, table, deals.weights, deals.exact)


class _DealsFor:
    """How the deals of a judgement are made: sampled, or every one."""

    def __init__(self, samples: int | None, seed: object = 0, most: int = EXACT_DEALS, *, lean: bool = False) -> None:
        self.samples = samples
        self.seed = seed
        self.most = most
        self.lean = lean

    def __call__(self, view: SeatView) -> _Deals:
        if self.samples is None:
            return _every_deal(view, self.most)
        return (_leaned_deals if self.lean else _sampled_deals)(view, self.samples, _rng(self.seed))


def _check_samples(samples: object) -> int:
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise GinError(f"samples is a whole number of deals, at least 1, not {samples!r}")
    return samples


def judge(hand: Hand, *, samples: int = DEFAULT_SAMPLES, seed: object = 0,
          include: Sequence[Move] = ()) -> Judgement:
    """The decision of the seat to act in ``hand``, judged from that seat's view only (the hidden cards of
    ``hand`` are never read: two hands with the same view of that seat get the same judgement).
    ``include``: moves that must be among the candidates (the move a learner made)."""
    return _judge(hand, include, _DealsFor(_check_samples(samples), seed))


def judge_view(view: SeatView, *, samples: int = DEFAULT_SAMPLES, seed: object = 0,
               moves: Sequence[Move] | None = None, lean: bool = False) -> Judgement:
    """:func:`judge` from a seat's view (that seat to act): what a computer player may do, given only its view.
    ``moves``: the whole moves to judge (at least two), :func:`candidates` by default. ``lean``: on deals leaned
    to opponent hands of less deadwood (:func:`_leaned_deals`)."""
    _check_samples(samples)
    if view.to_act != view.seat or not view.legal:
        raise GinError(t("seat {seat} is not to act: there is no decision to judge", seat=view.seat))
    chosen = candidates(view) if moves is None else list(moves)
    _check_decision(view.seat, len(chosen))
    return _judged(view, chosen, _DealsFor(samples, seed, lean=lean))


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


# -- the evaluator as a player ---------------------------------------------------------------------------


PLAYER_SAMPLES = 800
"""Deals the ``evaluator`` player judges a move on (bench/bench_evaluator_player.py gives its time a move;
docs/benchmarks.md)."""
PLAYER_SCREENED = SCREENED_DISCARDS
"""How many discards, the best by the solver's one-draw lookahead, the ``evaluator`` player judges."""
PLAYER_SURE = 1.0
"""How many standard errors (of the paired loss, on the same deals) the best estimate must beat the move of
the ``best`` player by for the ``evaluator`` player to play it instead: nearer than that, ``best``'s move
stands (bench/bench_evaluator_deviations.py measured the deviations at 0 to 3 standard errors;
docs/benchmarks.md)."""
PLAYER_OVERRULES = frozenset({ActionKind.KNOCK, ActionKind.DRAW, ActionKind.PASS})
"""The kinds of ``best``'s move the ``evaluator`` player judges (and may overrule): a knock (it may play on
instead) and a draw or a pass of a top discard that could be of use (it may take it). ``best``'s other moves,
its discards and its takes, it plays unjudged: where the evaluator would throw another card than ``best``, or
draw where ``best`` takes, its move did worse than ``best``'s on the real deals of a first sample of
bench/bench_evaluator_deviations.py and better on a second's, neither over both (docs/benchmarks.md): not shown
better than ``best``'s, whose moves cost a judgement nothing."""
PLAYER_LEAN = False
"""Whether the ``evaluator`` player judges on deals leaned to opponent hands of less deadwood
(:func:`_leaned_deals`) instead of the review's own: in a duel of 2,000 hands against ``best`` it won as often
either way (49.7% leaned, 49.9% not), and so did it judging every decision on 400 deals (50.6%, 50.7%;
docs/benchmarks.md)."""
_LAYING = (ActionKind.MELD, ActionKind.LAYOFF)


def _laid_so_far(view: SeatView) -> tuple[str, ...]:
    """The seat's own melds and lay-offs since its layout began (the last public moves, all its own)."""
    laid: list[str] = []
    for who, text in reversed(view.moves):
        if who != view.seat or Action.parse(text).kind not in _LAYING:
            break
        laid.append(text)
    return tuple(reversed(laid))


def _gin_now(view: SeatView) -> Action | None:
    """Big gin or gin, when the seat may go out so now: no move scores more in this hand."""
    for kind in (ActionKind.BIG_GIN, ActionKind.GIN):
        for action in view.legal:
            if action.kind == kind:
                return action
    return None


def _clearly_draws(view: SeatView) -> bool:
    """Before a draw: whether the top discard is of no use to the seat, so that it draws (passes) unjudged:
    no card held would meld with it (none of its rank, none of its suit within two ranks) and taking it would
    not lower the seat's least deadwood (swapping a high card for it)."""
    if not view.discard_pile:
        return True
    top = view.discard_pile[-1]
    if any(card.rank == top.rank or card.suit == top.suit and abs(card.rank - top.rank) <= 2 for card in view.hand):
        return False
    return not lowers_deadwood(view.hand, top)


class EvaluatorPlayer:
    """The evaluator as a computer player: where the ``best`` player's move is of a kind in ``overrules``
    (:data:`PLAYER_OVERRULES`: a knock, a draw or pass of a top discard that could be of use), it plays the
    move with the best estimate of :func:`judge_view` (expected points of the hand, from its view only) over
    ``samples`` deals, drawn from a seed the move's generator gives (so a replayed position gets the same
    move), when that estimate beats ``best``'s move (judged on the same deals) by more than ``sure``
    standard errors; else, and for ``best``'s other moves, it plays ``best``'s move.

    Moves that need no judging are played at once: the only candidate; gin or big gin when it may (no move
    scores more in the hand); a draw from the stock (or a pass) when the top discard is of no use to it (it
    would meld with no card held, nor lower its deadwood); the knocker's layout after gin (every layout
    scores alike: its own cards' least deadwood layout, as the other players lay out). A
    layout (several actions) is judged once, at its first step, and played one action per call; the plan is
    kept for the next calls, and judged again from the view should the view not be the plan's (a game
    resumed in the middle of a layout)."""

    name = "evaluator"

    def __init__(self, *, samples: int = PLAYER_SAMPLES, screened: int = PLAYER_SCREENED,
                 sure: float = PLAYER_SURE, overrules: Collection[ActionKind] = PLAYER_OVERRULES,
                 lean: bool = PLAYER_LEAN) -> None:
        self.samples = _check_samples(samples)
        if isinstance(screened, bool) or not isinstance(screened, int) or screened < 1:
            raise GinError(f"screened is a whole number of discards, at least 1, not {screened!r}")
        if isinstance(sure, bool) or not isinstance(sure, (int, float)) or not 0 <= sure < math.inf:
            raise GinError(f"sure is a number of standard errors, 0 or more, not {sure!r}")
        if isinstance(overrules, str) or not isinstance(overrules, Collection) or \
                not all(isinstance(kind, ActionKind) for kind in overrules):
            raise GinError(f"overrules is a collection of kinds of action, not {overrules!r}")
        self.screened = screened
        self.sure = float(sure)
        self.overrules = frozenset(overrules)
        if not isinstance(lean, bool):
            raise GinError(f"lean is True or False, not {lean!r}")
        self.lean = lean
        self._usual = BestPlayer()
        self._plan: tuple[tuple[object, ...], Move] | None = None

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        if view.phase in LAYOUT_PHASES:
            return self._layout_step(view, rng)
        if view.phase == Phase.DISCARD:
            gin = _gin_now(view)
            if gin is not None:
                return gin
        elif _clearly_draws(view):
            return Action(ActionKind.PASS) if view.phase == Phase.UPCARD else Action(ActionKind.DRAW)
        moves = candidates(view, screened=self.screened)
        if len(moves) == 1:
            return moves[0][0]
        seed = rng.getrandbits(64)
        usual: Move = (self._usual.choose(view, random.Random(f"best:{seed}")),)
        if usual[0].kind not in self.overrules:
            return usual[0]
        if all(move_key(move) != move_key(usual) for move in moves):
            moves.append(usual)
        judgement = judge_view(view, samples=self.samples, seed=seed, moves=moves, lean=self.lean)
        loss = judgement.loss_of(usual)
        return usual[0] if loss.mean <= self.sure * loss.stderr else judgement.best[0]

    def _best(self, view: SeatView, rng: random.Random) -> Move:
        moves = candidates(view, screened=self.screened)
        if len(moves) == 1:
            return moves[0]
        return judge_view(view, samples=self.samples, seed=rng.getrandbits(64), moves=moves, lean=self.lean).best

    def _layout_step(self, view: SeatView, rng: random.Random) -> Action:
        laid = _laid_so_far(view)
        key = (view.seat, view.hand, view.moves[:len(view.moves) - len(laid)])
        if self._plan is not None and self._plan[0] == key:
            plan = self._plan[1]
            if tuple(str(a) for a in plan[:len(laid)]) == laid and len(plan) > len(laid):
                step = plan[len(laid)]
                if step in view.legal:
                    return step
        if not candidates(view):
            return own_layout(view)  # after gin: no lay-offs, every layout scores alike
        rest = self._best(view, rng)
        self._plan = (key, (*(Action.parse(text) for text in laid), *rest))
        return rest[0]
