"""Lesson 10: strategy. When to knock at once and when to wait for gin (with the
figures the computer players measure, :mod:`.knock_figures`), the undercut,
keeping pairs and near-runs, discards that feed the opponent, and the knocking
layout that leaves the fewest lay-offs."""

from __future__ import annotations

from ..engine.cards import parse_cards, show_cards
from ..engine.rules import Rules
from ..engine.scoring import ScoreKind, settle
from ..exercises.strategy import meld_outs, never_melds
from ..material.steps import Caption
from ..words.language import N_
from .laying_off import layout_demo
from .model import Ask, Check, HandDemo, Lesson, move, numbers, practice
from .table import PAGES

UNDERCUT = HandDemo(
    "early_undercut", N_("An early knock, undercut"),
    ben="2C 3C 4C 5C 7H 7S 7D 6D 2S KH", ann="8H 9H TH JD QD KD 3D 4D 5D 6S", upcard="AS",
    moves=(
        move("take", N_("{card} lowers {ben}'s count at once: with {best_discard} gone he keeps "
                        "{after_discard_cards}, {after_discard} points, within the limit of {knock_limit}."),
             "within_limit"),
        move("knock KH", N_("It is his first turn; his deadwood is {knocker_deadwood_cards}.")),
        "auto",
        move("auto", N_("{ann}'s melds leave her {defender_left_cards}: {defender_left} points, not more than "
                        "{ben}'s {knocker_deadwood}. She undercuts him and scores {points}."), "defender_not_above"),
    ),
    lead=Caption(N_("{ben} knocks with {knocker_deadwood} at once; {ann} keeps only {defender_left}:")))

FEEDING = HandDemo(
    "feeding", N_("A discard that feeds, a pair that pays"),
    ben="2C 3C 4C 5S 5D 8H 3H AH 2D 6S", ann="6H 7H 4S 4D 4H TC TS KC QD 9C", upcard="QC", stock="AS 5H",
    moves=(
        "pass", "pass", "draw",
        move("discard 8H", N_("{ben} throws {card}, his highest loose card, and keeps his pairs. But by the rule for "
                              "taking, {ann} wants it."), "highest_deadwood", "next_player_wants_it"),
        move("take", N_("{card} joins {meld_before}: {ben}'s discard gave {ann} a meld. Now {ben} knows she collects "
                        "cards near {card}."), "card_melds"),
        "discard KC",
        move("draw", N_("{card} makes {ben} a set: {meld}. Keeping the pair paid."), "card_melds"),
        "knock 6S", "auto", "auto",
    ),
    lead=Caption(N_("Watch {ann} take {ben}'s discard for a meld, and {ben}'s kept pair become a set:")))

FEWEST_LAYOFFS = layout_demo(
    "fewest_layoffs", N_("The layout that leaves the fewest lay-offs"),
    ben="3S 4S 5S 6C 6D 6H 6S 2H AD KD", ann="7S 8S JC JD JH 9H TH 2C 4C KC", upcard="QS", stock="AC",
    knock="KD", melds=("3S 4S 5S", "6C 6D 6H 6S"),
    lead=N_("{ben} keeps {moved_card} in his set, so that {ann} keeps {layout_left} deadwood instead of "
            "{other_layout_left}:"))


def undercut_who(rules: Rules) -> Ask:
    knock, kept = parse_cards("6D 2S AS"), parse_cards("5H 4H")
    result = settle(rules, out="knock", knocker_melds=(), knocker_dead=knock, defender_melds=(), layoffs=(),
                    defender_dead=kept)
    cut = result.kind == ScoreKind.UNDERCUT
    options = (N_("The knocker"), N_("The defender"))
    return Ask(N_("You knock with {knock} deadwood; after her lay-offs your opponent keeps {kept}. Who scores the "
                  "hand?"), options, options[1] if cut else options[0],
               N_("A tie is an undercut: the defender scores {points}, with the bonus of {bonus}."),
               {options[0]: N_("the knocker must have less deadwood than the defender; a tie goes to the defender."),
                options[1]: N_("look at the undercut rule again.")},
               dict(knock=sum(c.value for c in knock), kept=sum(c.value for c in kept), points=result.points,
                    bonus=rules.undercut_bonus))


def pair_outs(rules: Rules) -> Ask:
    held = parse_cards("5S 5H")
    outs = meld_outs(held)
    return Ask(N_("You keep the pair {pair}. How many cards can make it a set?"),
               numbers(len(outs) - 1, len(outs), len(outs) + 2), str(len(outs)),
               N_("The cards of its rank you do not hold: {outs}."),
               N_("a set needs one more card of the pair's rank: count the ones you do not hold."),
               dict(pair=show_cards(held), outs=show_cards(outs)))


def feeding_card(rules: Rules) -> Ask:
    taken = parse_cards("8D")[0]
    choices = parse_cards("8C 9D KS")
    safe = next(card for card in choices if never_melds(card, taken))
    options = tuple(str(card) for card in choices)
    return Ask(N_("Your opponent took {taken} from the pile. Which of these discards is the safest?"), options,
               str(safe), N_("{safe} can join no meld with {taken}; each of the others could."),
               N_("that card could join a meld with {taken}: look for one that cannot."),
               dict(taken=taken, safe=safe))


LESSON = Lesson.from_page(
    PAGES[10],
    (UNDERCUT, *practice("undercut_risk"), FEEDING, *practice("meld_outs", "safe_discard"), FEWEST_LAYOFFS,
     *practice("layout_choice"), Check((undercut_who, pair_outs, feeding_card))))
