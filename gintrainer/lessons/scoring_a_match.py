"""Lesson 8: scoring a match."""

from __future__ import annotations

from ..engine.rules import Rules
from ..words.language import N_
from .model import Ask, Check, Lesson, MatchDemo, numbers, practice
from .table import PAGES, STANDARD

MATCH = MatchDemo("match", N_("A match, hand by hand"), seed=7)


def target(rules: Rules) -> Ask:
    goal = rules.target
    low, high = goal // 2, goal * 5 // 2
    prompt = (N_("How many points does a player need to win the match (the standard rules)?") if rules == STANDARD else
              N_("How many points does a player need to win the match (these rules)?"))
    return Ask(prompt, numbers(low, goal, high), str(goal), N_("The first to reach {target} wins the match."),
               {str(low): N_("a match goes on longer than that."), str(high): N_("a match ends sooner than that.")},
               dict(target=goal))


def box_bonus(rules: Rules) -> Ask:
    box, game, undercut = rules.box_bonus, rules.game_bonus, rules.undercut_bonus
    return Ask(N_("How many bonus points is each hand you won worth at the end (a box)?"), numbers(undercut, box, game),
               str(box), N_("{box} for each hand won, for both players."),
               {str(undercut): N_("that is the undercut bonus."),
                str(game): N_("that is the game bonus, for winning the match."),
                str(box): N_("look at the box bonus again.")}, dict(box=box))


def shutout(rules: Rules) -> Ask:
    game, times = rules.game_bonus, rules.shutout_multiplier
    doubled, between = game * times, game * 3 // 2
    return Ask(N_("The loser won no hand at all (a shutout). How big is the winner's game bonus?"),
               numbers(game, between, doubled), str(doubled),
               N_("The game bonus of {game} is multiplied by {times}: {shutout}."),
               {str(game): N_("that is the game bonus without a shutout."),
                str(between): N_("a shutout multiplies the game bonus by a whole number."),
                str(doubled): N_("look at the shutout rule again.")}, dict(game=game, times=times, shutout=doubled))


LESSON = Lesson.from_page(
    PAGES[8],
    (MATCH, *practice("match_total", "next_dealer", "winning_knock"), Check((target, box_bonus, shutout))))
