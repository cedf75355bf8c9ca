"""Lesson 5: knocking and gin."""

from __future__ import annotations

from ..rules import PRESETS, Rules
from ..steps import Caption
from .define import STANDARD, Ask, Check, HandDemo, Lesson, move, numbers, practice

KNOCK = HandDemo(
    "knock", "Ben knocks",
    ben="2C 3C 4C 7H 7S 7D JS QS 9D 8H", ann="5C 5D 6H 6C TH TD 2H 4S QD KC", upcard="JC", stock="KS",
    moves=(
        move("pass", "{card} would go into no meld of Ben's.", "not worth_taking"),
        move("pass", "Nor of Ann's.", "not worth_taking"),
        move("draw", "{card} completes Ben's run {meld}. He now has {ben_deadwood_cards} as deadwood. If he throws "
                     "{best_discard} away, {after_discard_cards} is left: {after_discard} points, within the limit "
                     "of {knock_limit}.", "card_melds", "within_limit"),
        move("knock 9D", "Ben knocks: he puts {card} face down on the pile and shows his hand."),
        "auto", "auto",
    ),
    lead=Caption("Here Ben knocks with {knocker_deadwood} points of deadwood:"))

GIN = HandDemo(
    "gin", "Ben goes gin",
    ben="2C 3C 4C 7H 7S 7D JS QS KS 9D", ann="5C 5D 6H 6C TH TD 2H 4S QD KC", upcard="AC",
    moves=(
        move("take", "{card} joins {meld_before}. Without {best_discard} every card is in a meld.",
             "worth_taking", "card_melds", "no_deadwood_after_discard"),
        move("gin 9D", "That is gin, on the very first turn: no deadwood at all. The defender may not lay off "
                       "against gin."),
        "auto", "auto",
    ))


def knock_limit(rules: Rules) -> Ask:
    limit = rules.knock_limit
    low, high = limit // 2, limit + limit // 2
    prompt = ("In the standard rules, at most how much deadwood may you have to knock?" if rules == STANDARD else
              "In these rules, at most how much deadwood may you have to knock?")
    return Ask(prompt, numbers(low, limit, high), str(limit), "The knock limit is {limit} points.",
               {str(low): "you may knock with more deadwood than that.",
                str(high): "that is more deadwood than a knock allows."}, dict(limit=limit))


def knock_face_down(rules: Rules) -> Ask:
    hand = KNOCK.hand()
    face_down = hand.knock_card is not None and hand.knock_card not in hand.discard_pile
    return Ask("When you knock, how do you discard?", ("Face up", "Face down"),
               "Face down" if face_down else "Face up",
               "The knock discard goes face down; then you show your hand.",
               "a knock discard is not an ordinary discard: think of what the other player may not do with it.")


def gin_bonus(rules: Rules) -> Ask:
    gin, undercut, classic = rules.gin_bonus, rules.undercut_bonus, PRESETS["classic"].gin_bonus
    prompt = ("How big is the gin bonus in the standard rules (added to the opponent's deadwood)?"
              if rules == STANDARD else "How big is the gin bonus in these rules (added to the opponent's deadwood)?")
    return Ask(prompt, numbers(undercut, classic, gin), str(gin), "Gin scores {gin} plus the defender's deadwood.",
               {str(undercut): "that is the undercut bonus.",
                str(classic): "that is the gin bonus of the classic preset.",
                str(gin): "that is the gin bonus of the standard rules."}, dict(gin=gin))


LESSON = Lesson(
    5, "knocking_and_gin", "Knocking and gin",
    "End a hand: knock with {knock_limit} or less deadwood, go gin with none, and know big gin.",
    (KNOCK, GIN, *practice("knock_card", "can_knock", "going_out", "knock_deadwood"),
     Check((knock_limit, knock_face_down, gin_bonus))))
