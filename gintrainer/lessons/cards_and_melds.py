"""Lesson 1: cards, values and melds."""

from __future__ import annotations

from ..engine.cards import Card
from ..engine.melds import MeldKind, meld_kind
from ..engine.rules import Rules
from ..engine.scoring import check_melds
from ..material.steps import Caption
from ..words.errors import IllegalActionError
from ..words.language import N_
from .model import YES_NO, Ask, Check, Example, HandDemo, Lesson, move, numbers, practice, yes
from .table import PAGES

MELDS = HandDemo(
    "melds", N_("Melds grow as the players draw"),
    ben="7S 7H 7D 4C 5C 6C KH QD 2S 9H", ann="AH 2H 3H 8S 8C JC JD 5S 3D QC", upcard="7C", stock="JH 3C",
    opening=Caption(N_("Look at {ben}'s hand: {ben_set} is a set (cards of one rank) and {ben_run} is a run (cards of "
                       "one suit in sequence). {ben_deadwood_cards} are in no meld: they are deadwood, "
                       "{ben_deadwood_sum} points.")),
    moves=(
        move("take", N_("{card} joins {meld_before}: the set grows to {meld_size} cards."), "card_melds"),
        move("discard KH", N_("{ben} throws away {card}, worth {value}: none of his deadwood is worth more."),
             "highest_deadwood"),
        move("draw", N_("{card} joins {meld_before}: a new set for {ann}."), "card_melds"),
        move("discard QC", N_("{ann}'s deadwood is now {ann_deadwood_cards}: {ann_deadwood_sum} points.")),
        move("draw", N_("{card} extends {ben}'s run at the low end: {meld}."), "card_melds", "at_low_end"),
        move("discard QD", N_("{ben}'s deadwood is now {ben_deadwood_cards}: {ben_deadwood_sum} points. The fewer "
                              "deadwood points, the better.")),
    ))

DEADWOOD = Example("deadwood", "8C 8D 8H 4C 4D 4S 5H 2C 2D AS")
"""The Kurmanji page's worked example."""


def king_value(rules: Rules) -> Ask:
    king, ace = Card.parse("KS").value, Card.parse("AS").value
    return Ask(N_("How many points is a king worth as deadwood?"), numbers(ace, king, 13), str(king),
               N_("Jacks, queens and kings count {king}; an ace {ace}; the others their number."),
               N_("picture cards do not count by their rank: J, Q and K are all worth the same as a ten."),
               dict(king=king, ace=ace))


def ace_is_low(rules: Rules) -> Ask:
    ace_high = meld_kind("QH KH AH") == MeldKind.RUN
    return Ask(N_("Is Q♥ K♥ A♥ a run?"), YES_NO, yes(ace_high),
               N_("The ace is low: A♥ 2♥ 3♥ is a run, Q♥ K♥ A♥ is not."),
               N_("these three hearts are in sequence.") if ace_high else
               N_("the ace is low: it comes before the two, never after the king."))


def one_meld_per_card(rules: Rules) -> Ask:
    try:
        check_melds(["8C 8D 8H", "8H 9H TH"], "8C 8D 8H 9H TH")
        both = True
    except IllegalActionError:
        both = False
    return Ask(N_("You hold 8♣ 8♦ 8♥ 9♥ 10♥. May 8♥ count in the set of eights and in the run 8♥ 9♥ 10♥ at the same "
                  "time?"), YES_NO, yes(both),
               N_("A card belongs to one meld only: use it where it leaves the least deadwood."),
               N_("a card may be in two melds here.") if both else N_("a card belongs to one meld only."))


LESSON = Lesson.from_page(
    PAGES[1],
    (DEADWOOD, MELDS, *practice("meld_or_not", "pick_meld", "deadwood_count", "pick_deadwood"),
     Check((king_value, ace_is_low, one_meld_per_card))))
