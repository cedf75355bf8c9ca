"""Computer players: ``random``, ``naive``, ``lookahead`` and ``best`` (:mod:`~gintrainer.engine.roster` names
every computer player, the evaluator's too).

Every player has one method, ``choose(view, rng) -> Action``: given a
:class:`~gintrainer.engine.view.SeatView` (what its seat may see) and a random
generator, it returns one of ``view.legal``. Players keep no state between
moves, so a game can be saved, resumed or taken back at any point.
:func:`decide` runs a player on a hand: it builds the view, seeds the
generator from the game's seed and the move number (so a replayed position
gets the same answer), and checks the answer is legal.

>>> from gintrainer import Hand
>>> hand = Hand.deal(seed=1)
>>> players = [naive_player(), LookaheadPlayer()]
>>> while not hand.is_over:
...     hand.apply(decide(players[hand.to_act], hand, seed=5))
>>> hand.result.kind in ("knock", "gin", "undercut", "dead")
True
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Collection, Iterable, Iterator
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

from ..words.errors import GinError
from ..words.language import t
from .cards import Card, cards_mask
from .hand import LAYOUT_PHASES, Action, ActionKind, Hand, Phase
from .melds import Arrangement, all_best_arrangements, mask_min_deadwood, masks_min_deadwood, min_deadwood
from .scoring import ScoreKind, layoff_targets
from .solver import discard_table_for, naive_discard
from .view import SeatView, card_of

if TYPE_CHECKING:  # numpy is imported when a player first thinks, not with the engine: a page rarely needs it
    import numpy as np

_DRAWING = (Phase.UPCARD, Phase.DRAW)
"""The phases in which a player takes the top discard or draws (passes, for the upcard)."""
_GINS = (ActionKind.GIN, ActionKind.BIG_GIN)
"""The ways out with no deadwood."""


class Player(Protocol):
    """What :func:`decide` runs: a ``choose`` that returns one of ``view.legal``
    (or ``auto`` in a layout) from the seat's view and a random generator."""

    def choose(self, view: SeatView, rng: random.Random) -> Action: ...


# -- shared pieces -----------------------------------------------------------------


def own_layout(view: SeatView) -> Action:
    """The knocker's next layout step, chosen from its own cards only: a
    least-deadwood arrangement and, among several, the one whose melds take the
    fewest of the cards it has not seen as lay-offs."""
    left = view.unlaid
    arrangements = all_best_arrangements(left)
    chosen = arrangements[0]
    if len(arrangements) > 1 and view.out_kind == ScoreKind.KNOCK:
        unseen = view.unseen

        def openings(arrangement: Arrangement) -> int:
            melds = list(view.table_melds) + list(arrangement.melds)
            return sum(1 for card in unseen if layoff_targets(card, melds))

        chosen = min(arrangements, key=openings)  # the first of the fewest, as a stable sort puts it
    if chosen.melds:
        return Action(ActionKind.MELD, cards=chosen.melds[0])
    return Action(ActionKind.DONE)


def layout_step(view: SeatView) -> Action:
    """A layout step for either side: the knocker's own choice, or the
    defender's best reply (the engine's ``auto`` uses the defender's own cards
    and the table only)."""
    if view.phase == Phase.KNOCKER_LAYOUT:
        return own_layout(view)
    return Action(ActionKind.AUTO)


def _mask(cards: Iterable[Card]) -> int:
    return cards_mask(cards)


def draw_values(mask10: int, unseen: tuple[Card, ...]) -> np.ndarray:
    """For each unseen card: the least deadwood of the ten cards of ``mask10`` after
    drawing it and throwing the best card (any of the eleven)."""
    import numpy as np
    draws = np.array([1 << c.index for c in unseen], dtype=np.uint64)
    bits = [1 << i for i in range(52) if mask10 >> i & 1]
    eleven = np.uint64(mask10) | draws  # (U,)
    throws = np.concatenate([np.broadcast_to(np.array(bits, dtype=np.uint64), (len(unseen), len(bits))),
                             draws[:, None]], axis=1)
    values: np.ndarray = masks_min_deadwood(eleven[:, None] & ~throws).min(axis=1)  # numpy types a reduction Any
    return values


def mean_draw_value(mask10: int, unseen: tuple[Card, ...]) -> float:
    """The mean of :func:`draw_values`: in one numpy batch once numpy is imported, before
    that card by card in Python, so that a computer's first move on a page (taking the
    upcard or not) does not import numpy (10 MB in the page's kernel). Both ways give the
    same number: the mean of whole numbers, their exact sum divided once."""
    if "numpy" in sys.modules or not unseen:
        return float(draw_values(mask10, unseen).mean())
    return _mean_draw_value_python(mask10, unseen)


def _mean_draw_value_python(mask10: int, unseen: tuple[Card, ...]) -> float:
    """:func:`mean_draw_value` card by card in Python (``unseen`` not empty)."""
    values = []
    for card in unseen:
        eleven = mask10 | 1 << card.index
        values.append(min(mask_min_deadwood(eleven & ~(1 << i)) for i in range(52) if eleven >> i & 1))
    return sum(values) / len(values)


def take_value(hand: tuple[Card, ...], card: Card) -> int:
    """The least deadwood after taking ``card`` and throwing another card."""
    full = _mask(hand) | (1 << card.index)
    return min(mask_min_deadwood(full & ~(1 << c.index)) for c in hand)


def takes_by_mean(view: SeatView, margin: float = 0.0) -> bool:
    """Whether taking the top discard leaves less deadwood (after the best
    throw) than a draw from the stock does on average, by more than ``margin``."""
    top = view.discard_pile[-1]
    mean = mean_draw_value(_mask(view.hand), view.unseen)
    return take_value(view.hand, top) < mean - margin


TIES: dict[str, Callable[[Card], tuple[int, ...]]] = {
    "rank": lambda card: (-card.value, -card.rank, -card.index),
    "suit": lambda card: (-card.value, -card.index),
    "held": lambda card: (-card.value,),
}
"""How a player breaks a tie between cards that are equally good, highest card
first: by value, then rank, then suit (C D H S); by value, then suit, then rank;
or by value, then the order the seat's moves list them (the order the cards came
into the hand)."""


def _check_choice(what: str, value: object, choices: Collection[str]) -> None:
    if value not in choices:
        raise GinError(f"{what} is one of {', '.join(map(repr, choices))}, not {value!r}")


def _knock_choice(view: SeatView, ties: str = "suit", *, within: int | None = None) -> list[Action]:
    """The ways out now, best first: big gin, gin, then knocks by least deadwood
    (ties: the highest card thrown, by ``ties``). With ``within``, only knocks
    with at most that much deadwood (gin always)."""
    full = cards_mask(view.hand)
    tie = TIES[ties]
    scored: list[tuple[tuple[int, ...], Action]] = []
    for action in view.legal:
        card = action.card
        if action.kind == ActionKind.BIG_GIN:
            scored.append(((0, 0), action))
        elif action.kind in (ActionKind.KNOCK, ActionKind.GIN) and card is not None:
            points = mask_min_deadwood(full & ~(1 << card.index))
            if within is None or points == 0 or points <= within:
                scored.append(((1, points, *tie(card)), action))
    return [action for _, action in sorted(scored, key=lambda pair: pair[0])]


def _draw_or_pass(view: SeatView) -> Action:
    return Action(ActionKind.PASS) if view.phase == Phase.UPCARD else Action(ActionKind.DRAW)


def _can_take(view: SeatView) -> bool:
    return any(a.kind == ActionKind.TAKE for a in view.legal)


def _take_or_draw(view: SeatView, wants: Callable[[], bool]) -> Action:
    """Before a draw: take the top discard where that is legal and ``wants()`` (asked only then), else draw
    from the stock (or pass on the upcard)."""
    return Action(ActionKind.TAKE) if _can_take(view) and wants() else _draw_or_pass(view)


def lowering_discards(view: SeatView) -> list[Card]:
    """The cards the seat may throw now, after a take only those that leave less deadwood than its ten cards had
    before the take (all it may throw if none does, or after a draw).

    The lookahead and best players take the top discard only when the best throw then leaves less deadwood than
    a stock draw does on average (:func:`takes_by_mean`), which is at most the deadwood before the take; throwing
    from these cards, each of their takes lowers their deadwood, so a run of takes with no draw between them ends
    (two players each taking the card the other threw and throwing another of the same value could otherwise
    swap cards for ever, the stock never shrinking)."""
    cards = [c for c in view.hand if c is not view.forbidden]
    if view.forbidden is None:
        return cards
    full = _mask(view.hand)
    before = mask_min_deadwood(full & ~(1 << view.forbidden.index))
    lowering = [c for c in cards if mask_min_deadwood(full & ~(1 << c.index)) < before]
    return lowering or cards


def _lookahead_move(view: SeatView, take_margin: float, discard: Callable[[SeatView], Action]) -> Action:
    """A move of the lookahead and best players: in a layout, the rule book's layout step; before a draw, take
    the top discard by the mean rule (:func:`takes_by_mean`); after it, ``discard``."""
    if view.phase in LAYOUT_PHASES:
        return layout_step(view)
    if view.phase in _DRAWING:
        return _take_or_draw(view, lambda: takes_by_mean(view, take_margin))
    return discard(view)


def danger(card: Card, view: SeatView) -> float:
    """How much throwing ``card`` may help the opponent, from what it took and
    threw: 1 for each card it is known to hold that the card would meld with
    (same rank, or same suit within two ranks), less a half for each card of the
    same rank or a neighbour of the same suit it threw away."""
    score = 0.0
    for known in view.opponent_known:
        if known.rank == card.rank or (known.suit == card.suit and abs(known.rank - card.rank) <= 2):
            score += 1.0
    for thrown in view.opponent_threw:
        if thrown.rank == card.rank or (thrown.suit == card.suit and abs(thrown.rank - card.rank) == 1):
            score -= 0.5
    return max(score, 0.0)


def _partners(card: Card) -> Iterator[Card]:
    """The cards that make a meld with ``card`` given one more: its rank in the
    other suits and its suit within two ranks."""
    for suit in "CDHS":
        if suit != card.suit:
            yield Card(card.rank, suit)
    for step in (-2, -1, 1, 2):
        if 1 <= card.rank + step <= 13:
            yield Card(card.rank + step, card.suit)


def _public_move(text: str) -> tuple[ActionKind, Card | None]:
    """A move of :attr:`SeatView.moves` read back: its kind and, for a discard,
    the card thrown face up (None otherwise). The text is the engine's own, so
    its first word is a kind's exact text."""
    word, *rest = text.split()
    kind = ActionKind(word)
    return kind, (Card.parse(rest[0]) if kind == ActionKind.DISCARD else None)


def _offers(view: SeatView) -> Iterator[tuple[ActionKind, Card | None, Card | None]]:
    """The opponent's public moves in order: each one's kind, the card it threw
    face up (a discard; else None), and the card on offer to it then: the upcard
    or this seat's last discard, None once taken or covered."""
    offered: Card | None = view.upcard
    for who, text in view.moves:
        kind, thrown = _public_move(text)
        if who == view.seat:
            if kind == ActionKind.DISCARD:
                offered = thrown
            elif kind == ActionKind.TAKE:
                offered = None
            continue
        yield kind, thrown, offered
        if kind in (ActionKind.DISCARD, ActionKind.TAKE, ActionKind.DRAW):
            offered = None


def refused_cards(view: SeatView) -> list[Card]:
    """The cards the opponent left on the pile for a draw from the stock (or a
    pass): the upcard if it passed it, and this seat's discards it did not take."""
    return [offered for kind, _, offered in _offers(view)
            if kind in (ActionKind.PASS, ActionKind.DRAW) and offered is not None]


def opponent_model(view: SeatView, *, thrown: float = 0.6, refused: float = 0.5,
                   taken: float = 2.0) -> dict[Card, float]:
    """The chance that the opponent holds each card, inferred from its moves.

    Each card not seen starts at weight 1; a card that would meld with one the
    opponent threw away is weighted by ``thrown``, with one it left for a stock
    draw by ``refused``, with one it took by ``taken``. The weights are scaled so
    that the chances of the cards not seen add up to the number of its cards not
    known (none above 1); the cards it took and kept have chance 1."""
    unseen = view.unseen
    weights = {card: 1.0 for card in unseen}
    for card in view.opponent_threw:
        for partner in _partners(card):
            if partner in weights:
                weights[partner] *= thrown
    for card in refused_cards(view):
        for partner in _partners(card):
            if partner in weights:
                weights[partner] *= refused
    for card in view.opponent_known:
        for partner in _partners(card):
            if partner in weights:
                weights[partner] *= taken
    hidden = max(0, 10 - len(view.opponent_known))
    chances = _scale(weights, hidden)
    chances.update((card, 1.0) for card in view.opponent_known)
    return chances


def _scale(weights: dict[Card, float], total: float) -> dict[Card, float]:
    """Scale weights to sum to ``total``, none above 1."""
    chances = dict(weights)
    fixed: dict[Card, float] = {}
    for _ in range(10):
        free = {c: w for c, w in chances.items() if c not in fixed}
        mass = sum(free.values())
        if mass <= 0:
            break
        factor = (total - len(fixed)) / mass
        over = [c for c, w in free.items() if w * factor > 1.0]
        if not over:
            return {**{c: w * factor for c, w in free.items()}, **fixed}
        fixed.update((c, 1.0) for c in over)
    return {c: fixed.get(c, 0.0) for c in chances}


@cache
def _bits() -> np.ndarray:
    """The 52 single-card masks (uint64)."""
    import numpy as np
    return np.uint64(1) << np.arange(52, dtype=np.uint64)


def _held(masks: np.ndarray, size: int) -> np.ndarray:
    """(N, size): the single-card masks of each hand of ``size`` cards."""
    import numpy as np
    bits = _bits()
    columns = np.nonzero((masks[:, None] & bits[None, :]) != 0)[1]
    result: np.ndarray = bits[columns.reshape(len(masks), size)]
    return result


def _last_turn(view: SeatView) -> tuple[Card, Card | None] | None:
    """The opponent's last turn, if it ended with a discard: the card it threw
    and the card it left on the pile for a stock draw (None if it took one)."""
    left: Card | None = None
    last: tuple[Card, Card | None] | None = None
    for kind, thrown, offered in _offers(view):
        if kind in (ActionKind.PASS, ActionKind.DRAW):
            left = offered if left is None else left
        elif kind == ActionKind.TAKE:
            left = None
        elif thrown is not None:  # a discard
            last, left = (thrown, left), None
    return last


def opponent_hands(view: SeatView, n: int, rng: np.random.Generator, *, knocked: float = 0.05,
                   sharp: float = 0.5, refused: float = 0.3) -> tuple[np.ndarray, np.ndarray]:
    """``n`` hands the opponent may hold now (card masks) and their weights.

    The cards it took and kept are in every hand; the rest are drawn from the
    cards not seen, each in proportion to its chance in :func:`opponent_model`.
    Each hand is then weighted by how well it explains the opponent's last
    turn: by ``knocked`` if, with the card it threw, it could have knocked and
    did not; by ``exp(-sharp * d)`` where ``d`` is how much less deadwood another
    discard would have left; by ``refused`` if the card it left on the pile
    would have lowered its deadwood. The weights add up to 1."""
    import numpy as np
    unseen = view.unseen
    known = _mask(view.opponent_known)
    hidden = max(0, 10 - len(view.opponent_known))
    if hidden == 0 or len(unseen) < hidden:
        return np.array([known], dtype=np.uint64), np.ones(1)
    chances = opponent_model(view)
    logs = np.log([max(chances.get(c, 0.0), 1e-6) for c in unseen])
    keys = logs[None, :] - np.log(-np.log(rng.random((n, len(unseen)))))  # Gumbel keys: drawn without replacement
    chosen = np.argpartition(-keys, hidden - 1, axis=1)[:, :hidden]
    cards = np.array([1 << c.index for c in unseen], dtype=np.uint64)
    masks = np.bitwise_or.reduce(cards[chosen], axis=1) | np.uint64(known)
    logw = np.zeros(n)
    turn = _last_turn(view)
    if turn is not None:
        threw, left = turn
        now = masks_min_deadwood(masks)
        eleven = masks | np.uint64(1 << threw.index)
        best = masks_min_deadwood(eleven[:, None] & ~_held(eleven, 11)).min(axis=1)
        logw -= sharp * (now - best)
        logw += np.where(best <= view.knock_limit, np.log(knocked), 0.0)
        if left is not None:
            swapped = masks_min_deadwood((masks | np.uint64(1 << left.index))[:, None] & ~_held(masks, 10)).min(axis=1)
            logw += np.where(swapped < now, np.log(refused), 0.0)
    weights = np.exp(logw - logw.max())
    return masks, weights / weights.sum()


def meld_chances(cards: list[Card], masks: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """For each card: the weighted share of the hands in which it would meld
    (the hand with it has less deadwood than the hand plus the card's value)."""
    import numpy as np
    now = masks_min_deadwood(masks)
    adds = np.array([1 << c.index for c in cards], dtype=np.uint64)
    values = np.array([c.value for c in cards])
    melds = masks_min_deadwood(masks[None, :] | adds[:, None]) < now[None, :] + values[:, None]
    chances: np.ndarray = melds @ weights  # numpy types a product of arrays Any
    return chances


# -- the players ---------------------------------------------------------------------


class RandomPlayer:
    """Any legal move, uniformly (in a layout, any legal meld, lay-off or done)."""

    name = "random"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        actions = [a for a in view.legal if a.kind != ActionKind.AUTO]
        return rng.choice(actions)


class LookaheadPlayer:
    """The solver's one-draw lookahead.

    Takes the top discard when the deadwood it leaves is lower than the mean
    after a draw from the stock by more than ``take_margin``; throws the card
    whose exact expected deadwood after the next draw, plus ``feed_weight``
    times its :func:`danger`, is least (after a take, of the cards that lower
    its deadwood: :func:`lowering_discards`); goes out with gin at once, and knocks
    when the deadwood is at most ``knock_at`` or the stock is down to
    ``late_stock`` cards.
    """

    name = "lookahead"

    def __init__(self, *, take_margin: float = 0.0, feed_weight: float = 1.0, knock_at: int = 10,
                 late_stock: int = 0) -> None:
        self.take_margin = take_margin
        self.feed_weight = feed_weight
        self.knock_at = knock_at
        self.late_stock = late_stock

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return _lookahead_move(view, self.take_margin, self.discard)

    def wants_out(self, view: SeatView, action: Action) -> bool:
        if action.kind in _GINS:
            return True
        points = min_deadwood(c for c in view.hand if c is not action.card)
        return points <= self.knock_at or view.stock_count <= self.late_stock

    def discard(self, view: SeatView) -> Action:
        outs = _knock_choice(view)
        if outs and self.wants_out(view, outs[0]):
            return outs[0]
        table = discard_table_for(view)
        allowed = lowering_discards(view)
        rows = [r for r in table.rows if r.card in allowed]
        row = min(rows, key=lambda r: (float(r.expected_deadwood) + self.feed_weight * danger(r.card, view),
                                       r.deadwood, -r.card.index))
        return Action(ActionKind.DISCARD, row.card)


def _after_draw(full: int, discards: list[Card], unseen: tuple[Card, ...]) -> np.ndarray:
    """(D, U): the least deadwood after throwing discard d, drawing unseen card u
    and throwing the best card then (the solver's one-draw lookahead)."""
    import numpy as np
    kept = np.array([full & ~(1 << c.index) for c in discards], dtype=np.uint64)
    draws = np.array([1 << u.index for u in unseen], dtype=np.uint64)
    bits = np.array([1 << i for i in range(52) if full >> i & 1], dtype=np.uint64)  # the 11 cards
    after = kept[:, None] | draws[None, :]  # (D, U)
    throws = np.concatenate([np.broadcast_to(bits[None, None, :], after.shape + (len(bits),)),
                             np.broadcast_to(draws[None, :, None], after.shape + (1,))], axis=2)
    candidates = after[:, :, None] & ~throws  # (D, U, 12): throwing the discard itself is a no-op
    candidates = np.where(candidates == after[:, :, None], np.uint64(0), candidates)
    values = masks_min_deadwood(candidates)
    values[candidates == 0] = 1 << 20
    least: np.ndarray = values.min(axis=2)  # numpy types a reduction Any
    return least


def two_draw_race(full: int, discards: list[Card], unseen: tuple[Card, ...], limit: int,
                  reward: float) -> np.ndarray:
    """For each discard from the 11-card hand ``full``: the race score two draws
    deep. For every unseen card drawn next: ``-reward`` if the 11 cards may
    knock, else the least, over the card thrown then, of the mean over the
    following draw of the deadwood after the best throw, less ``reward`` when
    within ``limit``. The mean of that over the first draw."""
    import numpy as np
    k, u = len(discards), len(unseen)
    draws = np.array([1 << c.index for c in unseen], dtype=np.uint64)  # (U,)
    kept = np.array([full & ~(1 << d.index) for d in discards], dtype=np.uint64)  # (K,)
    held = _held(kept, 10)  # (K, 10)
    eleven = kept[:, None] | draws[None, :]  # (K, U)
    bits = np.concatenate([np.broadcast_to(held[:, None, :], (k, u, 10)),
                           np.broadcast_to(draws[None, :, None], (k, u, 1))], axis=2)  # (K, U, 11)
    ten = eleven[:, :, None] & ~bits  # (K, U, 11): after throwing each of the 11
    now = masks_min_deadwood(ten).min(axis=2)  # (K, U)
    # The second draw makes 11 cards again, whose best throw depends on those 11 alone: each distinct 11 is
    # solved once (one hand comes from many first draws and throws, the two draws in either order).
    again = ten[:, :, :, None] | draws[None, None, None, :]  # (K, U, 11, U2)
    other = ~np.eye(u, dtype=bool)  # the second draw is not the first card again
    drawn = np.broadcast_to(other[None, :, None, :], again.shape)
    elevens, where = np.unique(again[drawn], return_inverse=True)
    least = masks_min_deadwood(elevens[:, None] & ~_held(elevens, 11)).min(axis=1)
    after = np.zeros(again.shape)
    after[drawn] = least[where]
    shaped = after - reward * (after <= limit)
    mean = (shaped * other[None, :, None, :]).sum(axis=-1) / max(u - 1, 1)  # (K, U, 11)
    best = np.where(now <= limit, -reward, mean.min(axis=2))
    race: np.ndarray = best.mean(axis=1)  # numpy types a reduction Any
    return race


class BestPlayer:
    """The strongest player here: it plays the race to go out, and reads the opponent.

    Each legal discard gets a score, least best:

    - the race: the mean, over every card not seen, of the least deadwood after
      drawing that card and throwing the best one, less ``knock_reward`` when
      that is within the knock limit (so chiefly the chance of being able to
      knock next turn, the expected deadwood breaking ties);
    - feeding: ``risk_weight`` times the chance that the card would meld in
      the opponent's hand, over ``samples`` hands drawn by
      :func:`opponent_hands`, growing by ``risk_growth`` with each of the
      opponent's turns; plus ``feed_weight`` times its :func:`danger`;
    - bait: less ``bait`` times how far the card is below the opponent's last
      discard: a low card an opponent may take to swap for a high one, in
      place of a stock card that could have made a meld.

    The ``deep`` best discards by that score are then scored again with the
    race two draws deep (:func:`two_draw_race`), fewer early in the hand
    while many cards are unseen: at most ``deep_work`` (discards times first
    draws times second draws), so no move takes long. It takes the top discard by
    the lookahead player's rule (:func:`takes_by_mean`) and goes out as soon as
    it may. After a take it throws only a card that lowers its deadwood
    (:func:`lowering_discards`), so a run of takes ends.
    """

    name = "best"

    def __init__(self, *, knock_reward: float = 100.0, risk_weight: float = 6.0, risk_growth: float = 0.3,
                 feed_weight: float = 2.0, bait: float = 0.8, take_margin: float = 0.0, deep: int = 5,
                 deep_work: int = 6000, samples: int = 100) -> None:
        self.deep = deep
        self.deep_work = deep_work
        self.samples = samples
        self.knock_reward = knock_reward
        self.risk_weight = risk_weight
        self.risk_growth = risk_growth
        self.feed_weight = feed_weight
        self.bait = bait
        self.take_margin = take_margin

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return _lookahead_move(view, self.take_margin, lambda view: self.discard(view, rng))

    def discard(self, view: SeatView, rng: random.Random) -> Action:
        """After the draw: out as soon as it may, else the discard of least score (:meth:`scores`)."""
        outs = _knock_choice(view)
        if outs:
            return outs[0]
        import numpy as np  # for the discard only: the first move may be taking the upcard or not
        discards = lowering_discards(view)
        scores = self.scores(view, discards, np.random.default_rng(rng.getrandbits(64)))
        best = min(range(len(discards)), key=lambda i: (scores[i], -discards[i].value, -discards[i].index))
        return Action(ActionKind.DISCARD, discards[best])

    def scores(self, view: SeatView, discards: list[Card], rng: np.random.Generator | None = None) -> np.ndarray:
        """Each discard's score (race plus feeding less bait), least best; the
        discards not looked at two draws deep score infinity. ``rng`` draws the
        opponent's possible hands (a fixed one if not given)."""
        import numpy as np
        after = _after_draw(_mask(view.hand), discards, view.unseen)
        race = (after - self.knock_reward * (after <= view.knock_limit)).mean(axis=1)
        masks, weights = opponent_hands(view, self.samples, rng or np.random.default_rng(0))
        turns = sum(1 for kind, _, _ in _offers(view) if kind in (ActionKind.DRAW, ActionKind.TAKE))
        weight = self.risk_weight * (1.0 + self.risk_growth * turns)
        feed = weight * meld_chances(discards, masks, weights)
        feed += self.feed_weight * np.array([danger(c, view) for c in discards])
        if view.opponent_threw:
            last = view.opponent_threw[-1].value
            feed -= self.bait * np.array([max(0, last - c.value) for c in discards])
        scores: np.ndarray = race + feed  # numpy types a sum of arrays Any
        unseen = len(view.unseen)
        deep = min(self.deep, max(1, self.deep_work // max(unseen * (unseen - 1), 1)))
        if deep and unseen:
            chosen = np.argsort(scores, kind="stable")[:deep]
            deeper = two_draw_race(_mask(view.hand), [discards[i] for i in chosen], view.unseen,
                                   view.knock_limit, self.knock_reward)
            rescored = np.full(len(discards), np.inf)
            rescored[chosen] = deeper + feed[chosen]
            return rescored
        return scores


# -- sound play and the greedy player ---------------------------------------------


def least_discards(cards: Collection[Card], forbidden: Card | None = None) -> tuple[int, list[Card]]:
    """The least deadwood a discard from ``cards`` (11 after a draw) leaves, and the
    discards that leave it, in the order given; ``forbidden`` (the card just taken
    from the discard pile) is not one.

    >>> from gintrainer.engine.cards import parse_cards
    >>> least_discards(parse_cards("3S 5S 6S 2C 3D 4D 5D 6D 4H 5H 6H"))
    (10, [Card.parse('6S')])
    """
    full = cards_mask(cards)
    scored = [(mask_min_deadwood(full & ~(1 << card.index)), card) for card in cards if card is not forbidden]
    best = min(points for points, _ in scored)
    return best, [card for points, card in scored if points == best]


def highest(cards: Iterable[Card], ties: str = "rank") -> Card:
    """The highest of equally good cards, by :data:`TIES`."""
    _check_choice("ties", ties, TIES)
    return min(cards, key=TIES[ties])


def meld_after_take(cards: Collection[Card], top: Card) -> Arrangement | None:
    """Whether ``top`` would go into a meld of ``cards`` (the ten held): the
    arrangement after taking it and throwing the highest card that leaves the
    least deadwood, where ``top`` is melded and the deadwood is lower than now; None
    when it would stay deadwood."""
    eleven = list(cards) + [top]
    best, discards = least_discards(eleven, top)
    if best >= min_deadwood(cards):
        return None
    for discard in sorted(discards, key=TIES["suit"]):
        for arrangement in all_best_arrangements([c for c in eleven if c is not discard]):
            if top not in arrangement.deadwood:
                return arrangement
    return None


def out_after_take(cards: Collection[Card], top: Card, *, limit: int, big_gin: bool = False) -> bool:
    """Whether taking ``top`` lets ``cards`` (the ten held) go out at once: gin, a
    knock with at most ``limit`` deadwood, or big gin when ``big_gin`` is on."""
    eleven = list(cards) + [top]
    if big_gin and min_deadwood(eleven) == 0:
        return True
    for card in cards:  # the card taken may not be thrown back
        points = min_deadwood([c for c in eleven if c is not card])
        if points == 0 or points <= limit:
            return True
    return False


def sound_take(cards: Collection[Card], top: Card, *, limit: int, big_gin: bool = False) -> bool:
    """The lessons' rule for the top discard: take it when it goes into a meld
    (:func:`meld_after_take`) or lets you go out at once (:func:`out_after_take`)."""
    return meld_after_take(cards, top) is not None or out_after_take(cards, top, limit=limit, big_gin=big_gin)


def lowers_deadwood(cards: Collection[Card], top: Card) -> bool:
    """Whether taking ``top`` and throwing the best card then leaves less deadwood
    than ``cards`` (the ten held) have now."""
    return take_value(tuple(cards), top) < min_deadwood(cards)


LINK_WEIGHT = 2
"""The shape rule's price, in deadwood points, of each card kept that a thrown card links with (see
:func:`friends`): a card that may yet meld is worth keeping over a slightly lower deadwood."""
DANGER_WEIGHT = 5
"""The shape rule's price, in deadwood points, of each card the opponent is known to hold (taken from the pile,
not thrown since) that a thrown card links with: a card that may meld with them feeds the opponent.
Against the plain least-deadwood rule (the evaluator's playouts before it) the shape rule at 2 and 5 won
53.0% of 15,996 decided hands (95% interval 52.3% to 53.8%), +1.49 ± 0.17 points a hand, over 8,000 deals from
both seats (``python bench/bench_playout_policy.py``; ``--weights`` tries other prices). The evaluator's
playouts play the rule (:func:`~gintrainer.engine.evaluate.playout_player`)."""


@cache
def friends() -> tuple[int, ...]:
    """For each card index, the mask of the cards it links with: the other three of its rank, and the cards of
    its suit one or two ranks away (a pair or a run's two cards with a gap)."""
    masks = []
    for index in range(52):
        suit, rank = divmod(index, 13)
        mask = sum(1 << (13 * other + rank) for other in range(4) if other != suit)
        mask |= sum(1 << (13 * suit + near) for near in (rank - 2, rank - 1, rank + 1, rank + 2) if 0 <= near < 13)
        masks.append(mask)
    return tuple(masks)


def shape_discard(cards: Collection[Card], forbidden: Card | None, known: Iterable[Card], *,
                  weights: tuple[int, int] = (LINK_WEIGHT, DANGER_WEIGHT)) -> tuple[Card, int]:
    """The shape rule's throw from ``cards`` (11 after a draw; not ``forbidden``, the card just taken), and the
    least deadwood it leaves: the card with the lowest deadwood left, plus :data:`LINK_WEIGHT` for each card kept
    it links with and :data:`DANGER_WEIGHT` for each of ``known`` (the opponent's known cards) it links with;
    ties the highest card, then by suit (:data:`TIES` ``"suit"``). ``weights``: the two prices, for trying others
    (bench/bench_playout_policy.py)."""
    link, danger = weights
    full = cards_mask(cards)
    known_mask = cards_mask(known)
    links = friends()
    scored = []
    for card in cards:
        if card is forbidden:
            continue
        rest = full & ~(1 << card.index)
        after = mask_min_deadwood(rest)
        mine, theirs = (rest & links[card.index]).bit_count(), (known_mask & links[card.index]).bit_count()
        price = after + link * mine + danger * theirs
        scored.append(((price, *TIES["suit"](card)), card, after))
    _, card, after = min(scored, key=lambda item: item[0])
    return card, after


def shape_take(cards: Collection[Card], top: Card, known: Iterable[Card], *,
               weights: tuple[int, int] = (LINK_WEIGHT, DANGER_WEIGHT)) -> bool:
    """The shape rule's take: whether taking ``top`` and throwing by :func:`shape_discard` leaves less deadwood
    than ``cards`` (the ten held) have now (so every take lowers the taker's deadwood, and a hand of takes ends)."""
    _, after = shape_discard([*cards, top], top, known, weights=weights)
    return after < min_deadwood(cards)


def shape_mean_take(cards: Collection[Card], top: Card, known: Iterable[Card], unseen: tuple[Card, ...], *,
                    weights: tuple[int, int] = (LINK_WEIGHT, DANGER_WEIGHT)) -> bool:
    """The shape rule's take measured against a draw: whether taking ``top`` and throwing by
    :func:`shape_discard` leaves less deadwood than a draw from the stock does on average
    (:func:`mean_draw_value` over ``unseen``, the cards the seat has not seen), as ``best`` weighs a take
    (:func:`takes_by_mean`) but with the throw the shape rule makes. It takes only where :func:`shape_take`
    would (the mean is at most the deadwood now, the drawn card being one it may throw), so every take lowers
    the taker's deadwood and a hand of takes ends; it leaves a card that only swaps a high card for a lower
    one when a draw would do as well on average."""
    if not unseen:
        return False
    _, after = shape_discard([*cards, top], top, known, weights=weights)
    return after < mean_draw_value(cards_mask(cards), unseen)


TAKE_RULES = ("lowers", "sound", "never", "shape", "mean")
DISCARD_RULES = ("least", "naive", "shape")
LAYOUTS = ("own", "engine")


class GreedyPlayer:
    """Keeps its deadwood low one turn at a time. One player with options serves
    every plain player here: the lessons' sound play (:func:`sound_player`), the
    duel's ``naive`` (:func:`naive_player`), the puzzles' self-play (no knocking,
    some mistakes and whims) and the tests' random playouts.

    - ``take``: when it takes the top discard: ``"lowers"`` when that lowers its
      least deadwood; ``"sound"`` by the lessons' rule (:func:`sound_take`);
      ``"shape"`` when its shape throw then lowers its deadwood (:func:`shape_take`); ``"mean"`` when its
      shape throw then leaves less deadwood than a stock draw does on average (:func:`shape_mean_take`);
      ``"never"``.
      ``whims`` is the chance of taking it anyway.
    - ``gins`` and ``knocks``: the chance of going out when it may with gin (or big
      gin) and with a knock of at most ``knock_at`` deadwood (None: the knock
      limit); 1 always, 0 never. It goes out the best way: big gin, gin, then the
      least deadwood, ties the highest card thrown by ``knock_ties`` (see :data:`TIES`).
    - ``discard``: ``"least"`` throws a card that leaves the least deadwood, ties
      the highest by ``ties``; ``"naive"`` the beginner's rule
      (:func:`~gintrainer.engine.solver.naive_discard`); ``"shape"`` the least deadwood priced up for
      the cards it links with, kept or known in the opponent's hand (:func:`shape_discard`).
      ``mistakes`` is the chance of a random discard instead.
    - ``layout``: ``"own"`` lays out from its own cards (:func:`layout_step`);
      ``"engine"`` asks for the engine's layout (``auto``), as the lessons show it.
    - ``weights``: the shape rule's two prices (:func:`shape_discard`).

    With an ``rng`` of its own it draws from that, not from the one ``choose`` is
    given. A number is drawn for ``whims`` at every offer it would not take and for
    ``mistakes`` at every discard, so seeded self-play repeats exactly.
    """

    def __init__(self, rng: random.Random | None = None, *, name: str = "greedy", take: str = "lowers",
                 whims: float = 0.0, gins: float = 1.0, knocks: float = 1.0, knock_at: int | None = None,
                 discard: str = "least", ties: str = "rank", knock_ties: str = "rank", mistakes: float = 0.0,
                 layout: str = "own", weights: tuple[int, int] = (LINK_WEIGHT, DANGER_WEIGHT)) -> None:
        _check_choice("take", take, TAKE_RULES)
        _check_choice("discard", discard, DISCARD_RULES)
        _check_choice("ties", ties, TIES)
        _check_choice("knock_ties", knock_ties, TIES)
        _check_choice("layout", layout, LAYOUTS)
        for what, chance in (("whims", whims), ("gins", gins), ("knocks", knocks), ("mistakes", mistakes)):
            if isinstance(chance, str) or not isinstance(chance, (int, float)) or not 0 <= chance <= 1:
                raise GinError(f"{what} is a chance from 0 to 1, not {chance!r}")
        if knock_at is not None and (isinstance(knock_at, bool) or not isinstance(knock_at, int) or knock_at < 0):
            raise GinError(f"knock_at is a whole number of deadwood points or None, not {knock_at!r}")
        if (not isinstance(weights, tuple) or len(weights) != 2
                or any(isinstance(w, bool) or not isinstance(w, int) or w < 0 for w in weights)):
            raise GinError(f"weights are two whole numbers of deadwood points, 0 or more, not {weights!r}")
        self.rng = rng
        self.name = name
        self.take = take
        self.whims = whims
        self.gins = gins
        self.knocks = knocks
        self.knock_at = knock_at
        self.discard = discard
        self.ties = ties
        self.knock_ties = knock_ties
        self.mistakes = mistakes
        self.layout = layout
        self.weights = weights

    def choose(self, view: SeatView, rng: random.Random | None = None) -> Action:
        rng = self.rng or rng or random.Random()
        phase = view.phase
        if phase in LAYOUT_PHASES:
            return layout_step(view) if self.layout == "own" else Action(ActionKind.AUTO)
        if phase in _DRAWING:
            return _take_or_draw(view, lambda: self.wants(view) or rng.random() < self.whims)
        out = self.way_out(view, rng)
        if out is not None:
            return out
        discards = [a for a in view.legal if a.kind == ActionKind.DISCARD]
        if rng.random() < self.mistakes:
            return rng.choice(discards)
        if self.discard == "naive":
            return Action(ActionKind.DISCARD, naive_discard(view.hand, forbidden=view.forbidden))
        if self.discard == "shape":
            return Action(ActionKind.DISCARD,
                          shape_discard(view.hand, view.forbidden, view.opponent_known, weights=self.weights)[0])
        held = [card_of(a) for a in discards] + ([view.forbidden] if view.forbidden is not None else [])
        _, cards = least_discards(held, view.forbidden)  # in the order the cards came into the hand
        return Action(ActionKind.DISCARD, highest(cards, self.ties))

    def _limit(self, view: SeatView) -> int:
        return view.knock_limit if self.knock_at is None else min(self.knock_at, view.knock_limit)

    def wants(self, view: SeatView) -> bool:
        """Whether its take rule says to take the top discard."""
        if self.take == "never" or not view.discard_pile:
            return False
        top = view.discard_pile[-1]
        if self.take == "lowers":
            return lowers_deadwood(view.hand, top)
        if self.take == "shape":
            return shape_take(view.hand, top, view.opponent_known, weights=self.weights)
        if self.take == "mean":
            return shape_mean_take(view.hand, top, view.opponent_known, view.unseen, weights=self.weights)
        return sound_take(view.hand, top, limit=self._limit(view), big_gin=view.rules.big_gin)

    def way_out(self, view: SeatView, rng: random.Random) -> Action | None:
        """How it goes out now, or None to play on."""
        outs = _knock_choice(view, self.knock_ties, within=self._limit(view))
        gins = [a for a in outs if a.kind in _GINS]
        if gins and _chance(self.gins, rng):
            return gins[0]
        knocks = [a for a in outs if a.kind == ActionKind.KNOCK]
        if knocks and _chance(self.knocks, rng):
            return knocks[0]
        return None


def _chance(chance: float, rng: random.Random) -> bool:
    """True with this chance; no number is drawn for a sure thing (0 or 1)."""
    return chance >= 1 or (chance > 0 and rng.random() < chance)


def naive_player(**options: Any) -> GreedyPlayer:
    """The usual baseline of published Gin Rummy AI work: takes the upcard or the
    discard only when that lowers its deadwood, throws the highest unmelded card
    (:func:`~gintrainer.engine.solver.naive_discard`), knocks as soon as it may."""
    return GreedyPlayer(**{"name": "naive", "discard": "naive", "knock_ties": "suit", **options})


def sound_player(**options: Any) -> GreedyPlayer:
    """The plain player of the lessons' played matches: takes the top discard by
    the lessons' rule (:func:`sound_take`), goes out as soon as it may, throws the
    highest card that leaves the least deadwood, and lets the engine lay out."""
    return GreedyPlayer(**{"name": "sound", "take": "sound", "ties": "suit", "knock_ties": "held",
                           "layout": "engine", **options})


def move_rng(seed: object, hand: Hand) -> random.Random:
    """The generator for the move now: fixed by the game's seed and the number
    of moves played, so the same position always gets the same answer."""
    return random.Random(f"{seed}:{len(hand.actions)}")


def decide(player: Player, hand: Hand, seed: object = 0) -> Action:
    """The player's move for the seat to act in ``hand``, from that seat's view only."""
    seat = hand.to_act
    if hand.is_over or seat is None:
        raise GinError(t("the hand is over: there is no move to choose"))
    view = SeatView.of(hand, seat)
    action = player.choose(view, move_rng(seed, hand))
    if action.kind != ActionKind.AUTO and action not in view.legal:
        raise GinError(f"player {getattr(player, 'name', player)!r} chose an illegal move {action}")
    return action
