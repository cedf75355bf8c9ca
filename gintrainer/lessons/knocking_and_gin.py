"""Lesson 5: knocking and gin."""

from __future__ import annotations

from ..engine.rules import PRESETS, Rules
from ..material.steps import Caption
from ..words.language import N_
from .model import Ask, Check, HandDemo, Lesson, move, numbers, practice
from .table import PAGES, STANDARD

NEITHER_TAKES = (
    move("pass", N_("{card} would go into no meld of {ben}'s."), "not worth_taking"),
    move("pass", N_("Nor of {ann}'s."), "not worth_taking"),
)
"""A hand's first two moves when the upcard fits neither player: both pass (lessons 5 and 6)."""

KNOCK = HandDemo(
    "knock", N_("{ben} knocks"),
    ben="2C 3C 4C 7H 7S 7D JS QS 9D 8H", ann="5C 5D 6H 6C TH TD 2H 4S QD KC", upcard="JC", stock="KS",
    moves=(
        *NEITHER_TAKES,
        move("draw", N_("{card} completes {ben}'s run {meld}. He now has {ben_deadwood_cards} as deadwood. If he "
                        "throws {best_discard} away, {after_discard_cards} is left: {after_discard} points, within the "
                        "limit of {knock_limit}."), "card_melds", "within_limit"),
        move("knock 9D", N_("Now he shows his hand, meld by meld.")),
        "auto", "auto",
    ),
    lead=Caption(N_("Here {ben} knocks with {knocker_deadwood} points of deadwood:")))

GIN = HandDemo(
    "gin", N_("{ben} goes gin"),
    ben="2C 3C 4C 7H 7S 7D JS QS KS 9D", ann="5C 5D 6H 6C TH TD 2H 4S QD KC", upcard="AC",
    moves=(
        move("take", N_("{card} joins {meld_before}. Without {best_discard} every card is in a meld."),
             "worth_taking", "card_melds", "no_deadwood_after_discard"),
        move("gin 9D", N_("That is gin, on the very first turn: no deadwood at all. The defender may not lay off "
                          "against gin.")),
        "auto", "auto",
    ))


def knock_limit(rules: Rules) -> Ask:
    limit = rules.knock_limit
    low, high = limit // 2, limit + limit // 2
    prompt = (N_("In the standard rules, at most how much deadwood may you have to knock?") if rules == STANDARD else
              N_("In these rules, at most how much deadwood may you have to knock?"))
    return Ask(prompt, numbers(low, limit, high), str(limit), N_("The knock limit is {limit} points."),
               {str(low): N_("you may knock with more deadwood than that."),
                str(high): N_("that is more deadwood than a knock allows.")}, dict(limit=limit))


def knock_face_down(rules: Rules) -> Ask:
    hand = KNOCK.hand()
    face_down = hand.knock_card is not None and hand.knock_card not in hand.discard_pile
    return Ask(N_("When you knock, how do you discard?"), (N_("Face up"), N_("Face down")),
               N_("Face down") if face_down else N_("Face up"),
               N_("The knock discard goes face down; then you show your hand."),
               N_("a knock discard is not an ordinary discard: think of what the other player may not do with it."))


def gin_bonus(rules: Rules) -> Ask:
    gin, undercut, classic = rules.gin_bonus, rules.undercut_bonus, PRESETS["classic"].gin_bonus
    prompt = (N_("How big is the gin bonus in the standard rules (added to the opponent's deadwood)?")
              if rules == STANDARD else
              N_("How big is the gin bonus in these rules (added to the opponent's deadwood)?"))
    return Ask(prompt, numbers(undercut, classic, gin), str(gin), N_("Gin scores {gin} plus the defender's deadwood."),
               {str(undercut): N_("that is the undercut bonus."),
                str(classic): N_("that is the gin bonus of the classic preset."),
                str(gin): N_("that is the gin bonus of the standard rules.")}, dict(gin=gin))


LESSON = Lesson.from_page(
    PAGES[5],
    (KNOCK, GIN, *practice("knock_card", "can_knock", "going_out", "knock_deadwood"),
     Check((knock_limit, knock_face_down, gin_bonus))))
