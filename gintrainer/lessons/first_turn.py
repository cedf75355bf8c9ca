"""Lesson 3: the first turn."""

from __future__ import annotations

from ..engine.hand import ActionKind
from ..engine.rules import Rules
from ..material.deals import deal
from ..words.language import N_
from .knocking_and_gin import GIN
from .model import YES_NO, Ask, Check, HandDemo, Lesson, move, practice, yes
from .table import PAGES

FIRST_TURN = HandDemo(
    "first_turn", N_("Both players pass the upcard"),
    ben="2C 3C 4C 8D 8H KS QH 5S 6D JC", ann="AS AH AD 9C TC JD 7H 7S 3H 4D", upcard="KD", stock="5C 7D",
    moves=(
        move("pass", N_("{ben} is the non-dealer, so he is offered the upcard first. {card} would go into no meld of "
                        "his."), "not worth_taking"),
        move("pass", N_("Now the dealer may take it. {ann} does not want it either: it would go into no meld of hers."),
             "not worth_taking"),
        move("draw", N_("Both passed, so {ben}, the non-dealer, starts by drawing from the stock. {card} extends his "
                        "run {meld_before}."), "card_melds"),
        move("discard KS", N_("Every turn ends with a discard: {ben} holds {ben_count} cards again.")),
        move("draw", N_("From now on each turn is a normal turn: draw, then discard. {card} makes a set for {ann}: "
                        "{meld}."), "card_melds"),
        "discard JD",
    ))


def who_next(rules: Rules) -> Ask:
    d = FIRST_TURN
    hand = deal(d.ben, d.ann, d.upcard, d.stock, rules=rules, actions=["pass"])
    nxt = N_("The dealer") if hand.to_act == hand.dealer else N_("The non-dealer")
    return Ask(N_("The non-dealer passes the upcard. Who may take it now?"),
               (N_("The dealer"), N_("The non-dealer"), N_("Nobody")),
               nxt, N_("The dealer gets the second chance to take the upcard."),
               {N_("The non-dealer"): N_("the non-dealer has had his chance: he passed."),
                N_("Nobody"): N_("the upcard is offered to both players before anyone draws."),
                N_("The dealer"): N_("the dealer has had his chance.")})


STARTS = N_("The non-dealer draws from the stock")
OTHER_STARTS = (N_("The dealer draws from the stock"), N_("The upcard is buried and a new one is turned"))


def both_pass(rules: Rules) -> Ask:
    d = FIRST_TURN
    hand = deal(d.ben, d.ann, d.upcard, d.stock, rules=rules, actions=["pass", "pass"])
    only_draw = [a.kind for a in hand.legal_actions()] == [ActionKind.DRAW]
    starts = STARTS if only_draw and hand.to_act == hand.non_dealer else OTHER_STARTS[1]
    return Ask(N_("Both players pass the upcard. What happens next?"), (STARTS, *OTHER_STARTS), starts,
               N_("The non-dealer starts by drawing from the stock, and may throw that card straight back; play goes "
                  "on as normal turns."),
               {OTHER_STARTS[0]: N_("the dealer was offered the upcard last; the other player starts the play."),
                OTHER_STARTS[1]: N_("the upcard stays on the discard pile; no new card is turned."),
                STARTS: N_("not in these rules.")})


def knock_on_first_turn(rules: Rules) -> Ask:
    knock_now = deal(GIN.ben, GIN.ann, "8H", rules=rules, actions=["take"]).is_legal("knock 9D")
    return Ask(N_("May a player knock on the very first turn?"), YES_NO, yes(knock_now),
               N_("Yes: if taking the upcard (or the first draw) gives a hand within the knock limit."),
               N_("the first turn is a turn like any other: after taking a card a player may discard or knock.")
               if knock_now else N_("not in these rules."))


LESSON = Lesson.from_page(
    PAGES[3],
    (FIRST_TURN, *practice("whose_turn", "turn_options", "upcard_discard"),
     Check((who_next, both_pass, knock_on_first_turn))))
