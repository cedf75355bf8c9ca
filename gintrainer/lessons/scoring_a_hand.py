"""Lesson 7: scoring a hand."""

from __future__ import annotations

import random
from collections.abc import Iterable

from ..engine.cards import parse_cards
from ..engine.rules import Rules
from ..engine.scoring import HandScore, settle
from ..exercises.core import deadwood_counts
from ..exercises.going_out import dead_hand
from ..words.errors import GinError
from ..words.language import N_, PLAYERS
from .model import YES_NO, Ask, Check, HandDemo, Lesson, move, practice, yes
from .table import PAGES

UNDERCUT = HandDemo(
    "undercut", N_("An undercut"),
    ben="AH 2H 3H 5C 5D 5S 9C 9D 9S KC", ann="6C 6D 6H JS QS KS 4H 2C AC 3D", upcard="8H",
    moves=(
        move("take", N_("{card} goes into no meld, but with it {ben} can knock at once."),
             "worth_taking", "not card_melds"),
        move("knock KC", N_("His deadwood is {knocker_deadwood_cards}.")),
        "meld AH 2H 3H", "meld 5C 5D 5S", "meld 9C 9D 9S", "done", "meld 6C 6D 6H",
        move("meld JS QS KS", N_("{ann} has laid out her own melds. Left: {defender_left_cards}.")),
        move("layoff 4H on 1", N_("{card} goes on {ben}'s run. {ann} is left with {defender_left_sum} points, no more "
                                  "than {ben}'s {knocker_deadwood}: an undercut."), "defender_not_above"),
        "done",
    ))


def _knock(rules: Rules, knocker: str, defender: str, melds: Iterable[str] = (),
          defender_melds: Iterable[str] = ()) -> HandScore:
    return settle(rules, out="knock", knocker_melds=tuple(parse_cards(m) for m in melds),
                  knocker_dead=parse_cards(knocker), defender_melds=tuple(parse_cards(m) for m in defender_melds),
                  layoffs=(), defender_dead=parse_cards(defender))


def _outcome(score: HandScore) -> tuple[str, int]:
    """Who scores ("knocker", "defender" or "nobody") and how much."""
    return (score.winner, score.points) if score.winner else ("nobody", 0)


def who_scores_a_knock(rules: Rules) -> Ask:
    knock = _knock(rules, "6C", "TD TH AS")
    k, d = deadwood_counts(knock)
    options = (N_("The knocker, {difference}"), N_("The defender, {difference}"), N_("The knocker, {whole}"))
    answer = {("knocker", d - k): options[0], ("defender", d - k): options[1],
              ("knocker", d): options[2]}.get(_outcome(knock), "")
    return Ask(N_("The knocker has {knocker} deadwood; after lay-offs the defender has {defender}. Who scores, and "
                  "how much?"), options, answer, "{result}",
               {options[1]: N_("the defender scores only with as little deadwood as the knocker, or less."),
                options[2]: N_("the knocker scores the difference, not all of the defender's deadwood."),
                options[0]: N_("look at the rule for a knock again.")},
               dict(knocker=k, defender=d, difference=d - k, whole=d, result=knock.explain()))


def who_scores_a_tie(rules: Rules) -> Ask:
    tie = _knock(rules, "7C", "7D")
    t = tie.knocker_deadwood
    options = (N_("Nobody"), N_("The knocker, {tie}"), N_("The defender, {bonus}"))
    answer = {("nobody", 0): options[0], ("knocker", t): options[1],
              ("defender", rules.undercut_bonus): options[2]}.get(_outcome(tie), "")
    return Ask(N_("The knocker and the defender both have {tie} deadwood. Who scores, and how much?"), options, answer,
               "{result}",
               {options[0]: N_("in these rules a tie is an undercut."),
                options[1]: N_("a knocker who does not have less deadwood than the defender scores nothing."),
                options[2]: N_("in these rules a tie scores nothing.")},
               dict(tie=t, bonus=rules.undercut_bonus, result=tie.explain()))


def gin_against_melds(rules: Rules) -> Ask:
    gin = _knock(rules, "", "", melds=("2C 3C 4C",), defender_melds=("7H 8H 9H",))
    options = (N_("You, {gin}"), N_("Your opponent, {bonus}"), N_("Nobody"))
    answer = {("knocker", rules.gin_bonus): options[0], ("defender", rules.undercut_bonus): options[1],
              ("nobody", 0): options[2]}.get(_outcome(gin), "")
    return Ask(N_("You go gin, and your opponent's ten cards are all in melds too. Who scores, and how much?"), options,
               answer, N_("{result} Gin cannot be undercut, even by a hand with no deadwood."),
               {options[1]: N_("gin cannot be undercut."),
                options[2]: N_("the knocker scores for gin even against a hand with no deadwood."),
                options[0]: N_("look at the rule for gin again.")},
               dict(gin=rules.gin_bonus, bonus=rules.undercut_bonus, result=gin.explain()))


def last_discard_of_a_dead_hand(rules: Rules) -> Ask:
    dead = dead_hand(random.Random("check-7"), rules)
    last_seat, last = dead.actions[-1]
    if dead.result is None:
        raise GinError("the dead hand of check 7 did not end")
    return Ask(N_("The stock is down to {stock} cards. {player} draws and discards {card} without knocking. May "
                  "{other} take {card}, even if it would complete a meld?"), YES_NO,
               yes(dead.is_legal("take")),
               N_("No. {result} {other} may not take the last discard."),
               N_("when the stock runs down to its last cards and a player discards without knocking, the hand is "
                  "over at once."),
               dict(stock=dead.stock_count, player=PLAYERS[last_seat], other=PLAYERS[1 - last_seat], card=last.card,
                    result=dead.result.explain()))


LESSON = Lesson.from_page(
    PAGES[7],
    (UNDERCUT, *practice("hand_outcome", "hand_points", "best_knock_discard"),
     Check((who_scores_a_knock, who_scores_a_tie, gin_against_melds, last_discard_of_a_dead_hand))))
