"""Lesson 3: the first turn."""

from __future__ import annotations

from ..deals import deal
from ..hand import ActionKind
from ..rules import Rules
from .define import Ask, Check, HandDemo, Lesson, move, practice, yes
from .knocking_and_gin import GIN

FIRST_TURN = HandDemo(
    "first_turn", "Both players pass the upcard",
    ben="2C 3C 4C 8D 8H KS QH 5S 6D JC", ann="AS AH AD 9C TC JD 7H 7S 3H 4D", upcard="KD", stock="5C 7D",
    moves=(
        move("pass", "Ben is the non-dealer, so he is offered the upcard first. {card} would go into no meld of "
                     "his.", "not worth_taking"),
        move("pass", "Now the dealer may take it. Ann does not want it either: it would go into no meld of hers.",
             "not worth_taking"),
        move("draw", "Both passed, so Ben, the non-dealer, starts by drawing from the stock. {card} extends his "
                     "run {meld_before}.", "card_melds"),
        move("discard KS", "Every turn ends with a discard: Ben holds {ben_count} cards again."),
        move("draw", "From now on each turn is a normal turn: draw, then discard. {card} makes a set for Ann: "
                     "{meld}.", "card_melds"),
        "discard JD",
    ))


def who_next(rules: Rules) -> Ask:
    d = FIRST_TURN
    hand = deal(d.ben, d.ann, d.upcard, d.stock, rules=rules, actions=["pass"])
    nxt = "The dealer" if hand.to_act == hand.dealer else "The non-dealer"
    return Ask("The non-dealer passes the upcard. Who may take it now?", ("The dealer", "The non-dealer", "Nobody"),
               nxt, "The dealer gets the second chance to take the upcard.",
               {"The non-dealer": "the non-dealer has had his chance: he passed.",
                "Nobody": "the upcard is offered to both players before anyone draws.",
                "The dealer": "the dealer has had his chance."})


STARTS = "The non-dealer draws from the stock"
OTHER_STARTS = ("The dealer draws from the stock", "The upcard is buried and a new one is turned")


def both_pass(rules: Rules) -> Ask:
    d = FIRST_TURN
    hand = deal(d.ben, d.ann, d.upcard, d.stock, rules=rules, actions=["pass", "pass"])
    only_draw = [a.kind for a in hand.legal_actions()] == [ActionKind.DRAW]
    starts = STARTS if only_draw and hand.to_act == hand.non_dealer else OTHER_STARTS[1]
    return Ask("Both players pass the upcard. What happens next?", (STARTS, *OTHER_STARTS), starts,
               "The non-dealer starts by drawing from the stock, and may throw that card straight back; play goes "
               "on as normal turns.",
               {OTHER_STARTS[0]: "the dealer was offered the upcard last; the other player starts the play.",
                OTHER_STARTS[1]: "the upcard stays on the discard pile; no new card is turned.",
                STARTS: "not in these rules."})


def knock_on_first_turn(rules: Rules) -> Ask:
    knock_now = deal(GIN.ben, GIN.ann, "8H", rules=rules, actions=["take"]).is_legal("knock 9D")
    return Ask("May a player knock on the very first turn?", ("Yes", "No"), yes(knock_now),
               "Yes: if taking the upcard (or the first draw) gives a hand within the knock limit.",
               "the first turn is a turn like any other: after taking a card a player may discard or knock."
               if knock_now else "not in these rules.")


LESSON = Lesson(
    3, "first_turn", "The first turn",
    "Play the first turn: the upcard is offered to the non-dealer, then the dealer; if both pass, the non-dealer "
    "draws from the stock.",
    (FIRST_TURN, *practice("whose_turn", "turn_options", "upcard_discard"),
     Check((who_next, both_pass, knock_on_first_turn))))
