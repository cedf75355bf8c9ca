"""Lesson 8: scoring a match."""

from __future__ import annotations

from ..rules import Rules
from .define import STANDARD, Ask, Check, Lesson, MatchDemo, numbers, practice

MATCH = MatchDemo("match", "A match, hand by hand", seed=7)


def target(rules: Rules) -> Ask:
    goal = rules.target
    low, high = goal // 2, goal * 5 // 2
    prompt = ("How many points does a player need to win the match (the standard rules)?" if rules == STANDARD else
              "How many points does a player need to win the match (these rules)?")
    return Ask(prompt, numbers(low, goal, high), str(goal), "The first to reach {target} wins the match.",
               {str(low): "a match goes on longer than that.", str(high): "a match ends sooner than that."},
               dict(target=goal))


def box_bonus(rules: Rules) -> Ask:
    box, game, undercut = rules.box_bonus, rules.game_bonus, rules.undercut_bonus
    return Ask("How many bonus points is each hand you won worth at the end (a box)?", numbers(undercut, box, game),
               str(box), "{box} for each hand won, for both players.",
               {str(undercut): "that is the undercut bonus.",
                str(game): "that is the game bonus, for winning the match.",
                str(box): "look at the box bonus again."}, dict(box=box))


def shutout(rules: Rules) -> Ask:
    game, times = rules.game_bonus, rules.shutout_multiplier
    doubled, between = game * times, game * 3 // 2
    return Ask("The loser won no hand at all (a shutout). How big is the winner's game bonus?",
               numbers(game, between, doubled), str(doubled),
               "The game bonus of {game} is multiplied by {times}: {shutout}.",
               {str(game): "that is the game bonus without a shutout.",
                str(between): "a shutout multiplies the game bonus by a whole number.",
                str(doubled): "look at the shutout rule again."}, dict(game=game, times=times, shutout=doubled))


LESSON = Lesson(
    8, "scoring_a_match", "Scoring a match",
    "Score a whole match: the target, the game bonus, box bonuses, the shutout, and who deals next.",
    (MATCH, *practice("match_total", "next_dealer", "winning_knock"), Check((target, box_bonus, shutout))))
