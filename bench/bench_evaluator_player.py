"""Benchmark of the evaluator as a computer player (``evaluator``, issue 28): its thinking time per move;
prints figures, asserts nothing.

    python bench/bench_evaluator_player.py [--hands 20] [--samples N] [--screened K] [--against best]

Plays ``--hands`` hands of the evaluator against ``--against`` on a duel's mirrored deals (hand ``2k`` with
the evaluator in seat 0, ``2k + 1`` in seat 1: ``gintrainer duel``'s deals and seeds), timing each of the
evaluator's moves. Prints the mean and slowest seconds per move (all moves, and by phase), the hands per
minute of one process, what a duel of 2,000 hands (1,000 deals from both seats) would take with two
processes at that rate, the evaluator's record in these hands (a hint of the direction only: too few hands
to tell), and the machine's load.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections import defaultdict

from gintrainer.engine.duel import deal_deck, play_hand
from gintrainer.engine.evaluate import PLAYER_SAMPLES, PLAYER_SCREENED, EvaluatorPlayer
from gintrainer.engine.hand import Action
from gintrainer.engine.roster import PLAYER_NAMES, make_player
from gintrainer.engine.rules import Rules
from gintrainer.engine.view import SeatView


class Timed:
    """A player whose every move is timed, by the phase it is played in."""

    def __init__(self, player: EvaluatorPlayer) -> None:
        self.player = player
        self.name = player.name
        self.times: dict[str, list[float]] = defaultdict(list)

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        start = time.perf_counter()
        action = self.player.choose(view, rng)
        self.times[str(view.phase)].append(time.perf_counter() - start)
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--samples", type=int, default=PLAYER_SAMPLES, help="deals a move is judged on")
    parser.add_argument("--screened", type=int, default=PLAYER_SCREENED, help="discards judged")
    parser.add_argument("--against", choices=PLAYER_NAMES, default="best")
    parser.add_argument("--seed", default="2026")
    args = parser.parse_args()
    rules = Rules()
    timed = Timed(EvaluatorPlayer(samples=args.samples, screened=args.screened))
    other = make_player(args.against)
    print(f"load before: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores; evaluator with "
          f"{args.samples} deals a move, {args.screened} discards screened, against {args.against}")
    wins = losses = points = 0
    start = time.perf_counter()
    for number in range(args.hands):
        deal, seat = divmod(number, 2)
        deck, dealer = deal_deck(args.seed, deal)
        seats = [timed, other] if seat == 0 else [other, timed]
        hand, _, _, _ = play_hand(seats, deck, dealer, rules, f"{args.seed}:{number}")
        result = hand.result
        if result is not None and result.winner_seat is not None:
            won = result.winner_seat == seat
            wins, losses = wins + won, losses + (not won)
            points += result.points if won else -result.points
    wall = time.perf_counter() - start
    every = [t for times in timed.times.values() for t in times]
    per_minute = 60 * args.hands / wall
    print(f"per move: mean {statistics.mean(every):.3f} s, slowest {max(every):.3f} s over {len(every)} moves "
          f"({len(every) / args.hands:.1f} a hand)")
    for phase, times in sorted(timed.times.items()):
        print(f"  {phase}: {len(times)} moves, mean {statistics.mean(times):.3f} s, slowest {max(times):.3f} s")
    print(f"{per_minute:.1f} hands a minute in one process (both players' moves): a duel of 2,000 hands with "
          f"--jobs 2 in about {2000 / per_minute / 2:.0f} minutes")
    print(f"the evaluator's record here: won {wins}, lost {losses} of {args.hands} hands, "
          f"net {points / args.hands:+.2f} points a hand")
    print(f"load after: {os.getloadavg()[0]:.2f} (1 min)")


if __name__ == "__main__":
    main()
