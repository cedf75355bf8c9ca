"""Benchmark of what the evaluator's reading of the opponent costs it (issue 28): the ``evaluator`` player
against ``best`` (or ``--against`` another player) on a duel's deals, judging from deals that hold the
opponent's real hand (the stock's order still drawn at random from the other unseen cards) or, with
``--fair``, from the deals it draws itself; prints figures, asserts nothing.

    python bench/bench_evaluator_reading.py [--deals 600] [--samples 400] [--judge all|usual] [--fair]
        [--real-at all|discard|draw] [--objective points|hands] [--reading own|lean|naive] [--proposals 3]
        [--against best] [--points FILE] [--seed 2026] [--jobs 2]

Each deal is played from both seats, as ``gintrainer duel`` plays it (the same dealing and the same seeds
for the moves, so ``--seed 2026`` gives the deals of the duels in docs/benchmarks.md). ``--judge all``:
the evaluator judges every decision (``overrules`` every kind of move); ``usual``: the kinds it judges as a
player (:data:`~gintrainer.engine.evaluate.PLAYER_OVERRULES`). With the real hand the evaluator is given
what no player may know: the figure says how far its judgement would carry with a perfect reading, and so
whether its reading or its playouts' policy holds it back; ``--real-at discard`` gives it the real hand only
at its discards (the knocks among them), ``draw`` only before its draws (the upcard, a take or a stock draw),
to say which of its decisions the knowledge pays in. The knocker's layout and the defender's reply are
judged as always (the defender's hand drawn, or shown to the knocker's reply). ``--objective hands`` judges
by hands won (each deal's points replaced by their sign: +1 won, -1 lost, 0 dead), the figure the duel's win
rate counts, where the evaluator judges by points of the hand. ``--reading`` (with ``--fair``) tries other
readings of the opponent in place of the evaluator's own: ``lean`` keeps its deals in proportion to
``exp(-lean * deadwood)`` of the opponent's hand (the ``evaluator`` player's leaned deals,
:func:`~gintrainer.engine.evaluate._leaned_deals`, as bench/bench_opponent_hands.py fitted them), ``naive`` in
proportion to how likely ``naive``'s policy, holding each hand, would have made the opponent's moves (against
``--against naive``, the opponent's real policy). ``--points FILE`` writes the evaluator's points of each hand,
to pair two runs on the same deals.

Prints the evaluator's win rate over decided hands with its 95% Wilson interval, its points a hand (its
less ``best``'s, with their standard error) and the time.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

import numpy as np

import gintrainer.engine.evaluate as evaluate
from gintrainer.engine.cards import DECK, cards_mask, mask_cards
from gintrainer.engine.duel import deal_deck, wilson_interval
from gintrainer.engine.hand import LAYOUT_PHASES, Action, ActionKind, Hand, Phase
from gintrainer.engine.melds import masks_min_deadwood, min_deadwood
from gintrainer.engine.players import _held, decide
from gintrainer.engine.roster import PLAYER_NAMES, make_player
from gintrainer.engine.rules import Rules
from gintrainer.engine.solver import naive_discard
from gintrainer.engine.view import SeatView

_REAL: dict[str, int | None] = {"opponent": None}
"""The opponent's real hand (a mask) while the evaluator decides with it, else None."""
_drawn_deals = evaluate._sampled_deals


def _real_deals(view: SeatView, n: int, rng: np.random.Generator) -> evaluate._Deals:
    """Deals that hold the opponent's real hand, the stock a random order of the other unseen cards."""
    opponent = _REAL["opponent"]
    if opponent is None or view.phase in LAYOUT_PHASES:
        return _READINGS[_READING["name"]](view, n, rng)
    rest = np.array([c.index for c in evaluate._unseen(view) if not opponent >> c.index & 1], dtype=np.int64)
    stock = rest[np.argsort(rng.random((n, len(rest))), axis=1)]
    return evaluate._Deals(np.full(n, opponent, dtype=np.uint64), stock, np.full(n, 1.0 / n))


# -- other readings of the opponent (--reading), tried against the evaluator's own ---------------------------

PROPOSALS = {"count": 3}
"""How many hands the reweighted readings draw for each deal they keep (``--proposals``)."""


def _reweighted(view: SeatView, n: int, rng: np.random.Generator,
                log_weights: Callable[[SeatView, evaluate._Deals], np.ndarray]) -> evaluate._Deals:
    """``n`` deals drawn from :data:`PROPOSALS` (``count``) times as many of the evaluator's own, each kept
    with a chance in proportion to ``exp(log_weights)`` (the evaluator's own deals where the opponent has
    thrown nothing yet, or no drawn hand has a weight)."""
    if not view.opponent_threw or view.phase in LAYOUT_PHASES or len(view.opponent_known) >= 10:
        return _drawn_deals(view, n, rng)
    drawn = _drawn_deals(view, PROPOSALS["count"] * n, rng)
    logs = log_weights(view, drawn)
    if not np.isfinite(logs).any():
        return _drawn_deals(view, n, rng)
    weights = np.where(np.isfinite(logs), np.exp(logs - logs[np.isfinite(logs)].max()), 0.0)
    return evaluate._redealt(view, drawn.opponent[rng.choice(len(weights), n, p=weights / weights.sum())], rng)


_VALUE = evaluate._card_values()
_ORDER = _VALUE * 1000 + (np.arange(52) % 13 + 1) * 10 + np.arange(52) // 13
"""naive_discard's order of cards: value, then rank, then suit (clubs, diamonds, hearts, spades)."""


def _indices_of(masks: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """(N, size): each hand's single-card masks and their card indices, ascending."""
    held = _held(masks, size)
    return held, np.log2(held.astype(np.float64)).round().astype(np.int64)


def _naive_throws(ten: np.ndarray, thrown: int, taken: int, limit: int) -> np.ndarray:
    """(N,) bool: whether ``naive`` holding ``ten`` and ``thrown`` (after its draw; ``taken`` the card it took
    from the pile, -1 after a stock draw) throws ``thrown`` and does not go out: the highest card (by
    naive_discard's order) that is deadwood in a least-deadwood arrangement of the eleven, or the highest of
    all with no deadwood. (naive_discard takes one arrangement's deadwood; where several arrangements have
    the least deadwood the two may differ: :func:`throw_agreement` counts how often.)"""
    eleven = ten | np.uint64(1 << thrown)
    held, index = _indices_of(eleven, 11)
    after = masks_min_deadwood(eleven[:, None] & ~held)
    whole = masks_min_deadwood(eleven)
    allowed = index != taken
    out = ((after <= limit) & allowed).any(axis=1)
    dead = (after == whole[:, None] - _VALUE[index]) & allowed
    pool = np.where((whole == 0)[:, None] | ~dead.any(axis=1)[:, None], allowed, dead)
    throw = index[np.arange(len(eleven)), np.where(pool, _ORDER[index], -1).argmax(axis=1)]
    result: np.ndarray = (throw == thrown) & ~out
    return result


def _throws_after(before: np.ndarray, drawn: np.ndarray, thrown: int, taken: int, limit: int) -> np.ndarray:
    """:func:`_naive_throws` for ``before`` (ten cards) and the card ``drawn`` (one per row); False where
    ``thrown`` is not among the eleven."""
    eleven = before | (np.uint64(1) << np.asarray(drawn).astype(np.uint64))
    has = (eleven >> np.uint64(thrown)) & np.uint64(1) == 1
    other = np.uint64(sum(1 << c for c in [i for i in range(52) if i != thrown][:10]))  # any ten, for the rows
    result: np.ndarray = _naive_throws(np.where(has, eleven & ~np.uint64(1 << thrown), other), thrown, taken,
                                       limit) & has
    return result


def throw_agreement(hands: int = 3000, seed: int = 1) -> tuple[int, int]:
    """How often :func:`_naive_throws` agrees with ``naive_discard`` (and the engine's way out) on random hands
    of eleven (a third of them after a take): for each hand, ``naive_discard``'s card and one other at random.
    Returns (agreeing, checked)."""
    rng = np.random.default_rng(seed)
    agree = checked = 0
    for _ in range(hands):
        cards = [int(c) for c in rng.choice(52, 11, replace=False)]
        taken = cards[0] if rng.random() < 0.3 else -1
        eleven = mask_cards(sum(1 << c for c in cards))
        forbidden = DECK[taken] if taken >= 0 else None
        limit = 10
        outs = [c for c in eleven if c is not forbidden and min_deadwood([d for d in eleven if d is not c]) <= limit]
        naive = naive_discard(eleven, forbidden=forbidden).index
        for card in {naive, cards[int(rng.integers(11))]} - {taken}:
            engine = card == naive and not outs
            ten = np.array([sum(1 << c for c in cards if c != card)], dtype=np.uint64)
            agree += engine == bool(_naive_throws(ten, card, taken, limit)[0])
            checked += 1
    return agree, checked


def _naive_takes(ten: np.ndarray, top: int) -> np.ndarray:
    """(N,) bool: whether ``naive`` holding ``ten`` takes ``top``: taking it and throwing another card lowers
    its least deadwood."""
    eleven = ten | np.uint64(1 << top)
    held, _ = _indices_of(eleven, 11)
    after = np.where(held == np.uint64(1 << top), 999, masks_min_deadwood(eleven[:, None] & ~held))
    result: np.ndarray = after.min(axis=1) < masks_min_deadwood(ten)
    return result


def _opponent_turns(view: SeatView) -> tuple[list[tuple[int, bool, int, frozenset[int]]], list[int]]:
    """The opponent's turns that ended with a discard, oldest first: the top discard it took or left for a
    stock draw (-1 when it could take none), whether it took it, the card it threw, and the cards public before
    the turn; and the upcards it passed."""
    opponent = 1 - view.seat
    pile, public = [view.upcard.index], {view.upcard.index}
    turns: list[tuple[int, bool, int, frozenset[int]]] = []
    passes: list[int] = []
    start: tuple[int, bool, frozenset[int]] | None = None
    words: list[str] = []
    for who, text in view.moves:
        word = text.split()[0]
        if who == opponent and word == ActionKind.PASS.value:
            passes.append(pile[-1])
        elif who == opponent and word == ActionKind.TAKE.value:
            start = (pile[-1], True, frozenset(public))
        elif who == opponent and word == ActionKind.DRAW.value:
            forced = words == [ActionKind.PASS.value, ActionKind.PASS.value]  # both passed: stock only
            start = (-1 if forced else pile[-1], False, frozenset(public))
        if word == ActionKind.TAKE.value:
            pile.pop()
        elif word == ActionKind.DISCARD.value:
            card = Action.parse(text).played_card.index
            pile.append(card)
            public.add(card)
            if who == opponent and start is not None:
                turns.append((start[0], start[1], card, start[2]))
                start = None
        words.append(word)
    return turns, passes


def _naive_history(view: SeatView, drawn: evaluate._Deals) -> np.ndarray:
    """The log-likelihood of the opponent's turns under ``naive``'s policy, for each opponent hand drawn, less
    the log of the chance the evaluator's own reading gave the hand (so the deals kept follow the cards'
    uniform chance times that likelihood). The turns are followed back from the hand now: at a stock draw,
    the card drawn is one of the eleven the opponent then held (not a card public before the turn nor one it
    took), chosen at random among those with which its move fits; the count of those is the turn's factor
    (one such path a hand: an unbiased estimate of the likelihood, -inf where the path finds none)."""
    rng = np.random.default_rng(len(drawn.opponent))
    turns, passes = _opponent_turns(view)
    known = np.uint64(cards_mask(view.opponent_known))
    hands = drawn.opponent.copy()
    n = len(hands)
    logs, alive = np.zeros(n), np.ones(n, dtype=bool)
    for top, took, thrown, public in reversed(turns):
        eleven = hands | np.uint64(1 << thrown)
        if took:
            has = (eleven >> np.uint64(top)) & np.uint64(1) == 1
            before = np.where(has, eleven & ~np.uint64(1 << top), hands)
            alive &= has & _throws_after(before, np.full(n, top), thrown, top, view.knock_limit)
            alive &= _naive_takes(before, top)
            hands = np.where(alive, before, hands)
            continue
        held, index = _indices_of(eleven, 11)
        befores = eleven[:, None] & ~held
        fits = _throws_after(befores.reshape(-1), index.reshape(-1), thrown, -1, view.knock_limit)
        if top >= 0:
            fits &= ~_naive_takes(befores.reshape(-1), top)
        fits = fits.reshape(n, 11) & ~np.isin(index, list(public)) & ((known & held) == 0)
        count = fits.sum(axis=1)
        alive &= count > 0
        logs += np.log(np.maximum(count, 1))
        pick = np.argmax(np.where(fits, rng.random(fits.shape), -1.0), axis=1)
        hands = np.where(alive, befores[np.arange(n), pick], hands)
    for top in passes:
        alive &= ~_naive_takes(hands, top)
    unseen = evaluate._unseen(view)
    cards = np.array([c.index for c in unseen], dtype=np.uint64)
    chosen = ((drawn.opponent[:, None] >> cards[None, :]) & np.uint64(1)) == 1
    own = np.where(chosen, np.log(evaluate._card_weights(view, unseen))[None, :], 0.0).sum(axis=1)
    return np.where(alive, logs - own, -np.inf)


_READINGS: dict[str, Callable[[SeatView, int, np.random.Generator], evaluate._Deals]] = {
    "own": lambda view, n, rng: _drawn_deals(view, n, rng),
    "lean": lambda view, n, rng: evaluate._leaned_deals(view, n, rng, PROPOSALS["count"]),
    "naive": lambda view, n, rng: _reweighted(view, n, rng, _naive_history),
}
"""The readings ``--reading`` offers with ``--fair``: the evaluator's own deals; those leaned to less
deadwood; those weighed by how likely ``naive``'s policy, holding each hand, would have made the opponent's
moves."""
_READING = {"name": "own"}


_REAL_AT = {"all": frozenset(Phase), "discard": frozenset({Phase.DISCARD}),
            "draw": frozenset({Phase.UPCARD, Phase.DRAW})}
"""The phases at which ``--real-at`` gives the evaluator the opponent's real hand."""


_BY_POINTS = (evaluate._playout_values, evaluate._layout_values)


_EVERY_DEAL = evaluate._DealsFor.__call__


def _deals_for(self: evaluate._DealsFor, view: SeatView) -> evaluate._Deals:
    """The deals of each judgement the evaluator samples: :func:`_real_deals`'s."""
    if self.samples is None:
        return _EVERY_DEAL(self, view)
    return _real_deals(view, self.samples, evaluate._rng(self.seed))


def _by_hands(values: Callable[..., np.ndarray]) -> Callable[..., np.ndarray]:
    """``values`` (a table of each deal's points for each move) as hands won: the points' sign."""
    return lambda *args: np.sign(values(*args))


def play(job: tuple[int, int, int, str, bool, str, str, str, str, str, int]) -> list[int]:
    """The evaluator's points in each hand of deals ``first`` to ``last``, from both seats (less when it lost)."""
    first, last, samples, judge, real, seed, real_at, objective, against, reading, proposals = job
    _READING["name"] = reading
    PROPOSALS["count"] = proposals
    evaluate._DealsFor.__call__ = _deals_for  # type: ignore[method-assign]
    if objective == "hands":
        evaluate._playout_values, evaluate._layout_values = (_by_hands(v) for v in _BY_POINTS)
    kinds = frozenset(ActionKind) if judge == "all" else evaluate.PLAYER_OVERRULES
    players = (evaluate.EvaluatorPlayer(samples=samples, overrules=kinds), make_player(against))
    points = []
    for deal in range(first, last):
        deck, dealer = deal_deck(seed, deal)
        for mine in (0, 1):
            hand = Hand(Rules(), dealer, deck)
            while (seat := hand.to_act) is not None:
                shown = real and seat == mine and hand.phase in _REAL_AT[real_at]
                _REAL["opponent"] = cards_mask(hand.held(1 - seat)) if shown else None
                player = players[0] if seat == mine else players[1]
                hand.apply(decide(player, hand, f"{seed}:{2 * deal + mine}"))
            result = hand.result
            assert result is not None
            won = result.winner_seat
            points.append(0 if won is None else result.points if won == mine else -result.points)
    return points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--samples", type=int, default=400)
    parser.add_argument("--judge", choices=("all", "usual"), default="all")
    parser.add_argument("--fair", action="store_true", help="the evaluator's own drawn deals (no real hand)")
    parser.add_argument("--real-at", choices=tuple(_REAL_AT), default="all",
                        help="the decisions at which the real hand is given")
    parser.add_argument("--objective", choices=("points", "hands"), default="points",
                        help="judge by points of the hand, or by hands won")
    parser.add_argument("--reading", choices=tuple(_READINGS), default="own",
                        help="with --fair: the evaluator's own deals, leaned to less deadwood, or weighed by naive's "
                        "likelihood of the opponent's moves")
    parser.add_argument("--proposals", type=int, default=3,
                        help="hands drawn for each deal kept by the lean and naive readings")
    parser.add_argument("--against", choices=PLAYER_NAMES, default="best", help="the opponent")
    parser.add_argument("--points", help="a file to write the evaluator's points of each hand to (JSON), to pair "
                        "two runs on the same deals")
    parser.add_argument("--seed", default="2026")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    reading = f"deals with the opponent's real hand at {args.real_at}"
    if args.fair:
        reading = f"its own drawn deals, reading {args.reading}" + (
            f" ({args.proposals} drawn for each kept)" if args.reading != "own" else "")
    print(f"load before: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores; {args.deals} deals from both "
          f"seats, seed {args.seed}, {args.samples} deals a judged decision, judging {args.judge} by "
          f"{args.objective}, {reading}")
    if args.fair and args.reading == "naive":
        agree, checked = throw_agreement()
        print(f"the reading's throw agrees with naive_discard on {agree} of {checked} random hands")
    start = time.perf_counter()
    step = max(1, args.deals // (8 * args.jobs))
    jobs = [(lo, min(lo + step, args.deals), args.samples, args.judge, not args.fair, args.seed, args.real_at,
             args.objective, args.against, args.reading, args.proposals) for lo in range(0, args.deals, step)]
    with ProcessPoolExecutor(args.jobs, mp_context=get_context("fork")) as pool:
        points = [p for part in pool.map(play, jobs) for p in part]
    if args.points:
        Path(args.points).write_text(json.dumps(points), encoding="utf-8")
    wins, losses = sum(p > 0 for p in points), sum(p < 0 for p in points)
    low, high = wilson_interval(wins, wins + losses)
    net = np.array(points, dtype=float)
    error = net.std(ddof=1) / len(net) ** 0.5
    print(f"evaluator against {args.against}: won {100 * wins / (wins + losses):.1f}% of {wins + losses} decided hands "
          f"(95% interval {100 * low:.1f}% to {100 * high:.1f}%), {net.mean():+.2f} ± {error:.2f} points a hand "
          f"over {len(points)} hands; {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
