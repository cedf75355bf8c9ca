"""Lesson 9: variants and presets."""

from __future__ import annotations

from ..engine.cards import Card
from ..engine.rules import PRESETS, Rules
from ..material.reference import preset_name
from ..material.steps import Caption
from ..words.language import N_, t
from .model import YES_NO, Ask, Check, Comparison, HandDemo, Lesson, move, practice, yes
from .table import PAGES

OKLAHOMA = HandDemo(
    "oklahoma", N_("Oklahoma: the upcard sets the limit"),
    ben="2C 3C 4C 7H 7S 7D JS QS 9D 8H", ann="5C 5D 6H 6C TH TD 2H 4S QD KC", upcard="3S", stock="KS 9H 2D",
    rules=Rules(oklahoma=True, oklahoma_spades_double=True),
    opening=Caption(N_("These are Oklahoma rules. The upcard is {upcard}, so in this hand a player may knock only with "
                       "{knock_limit} or less; and with the spades option, a spade upcard doubles the score of the "
                       "hand.")),
    moves=(
        "pass", "pass",
        move("draw", N_("Under the standard rules {ben} could knock now, keeping {after_discard_cards} "
                        "({after_discard} points). Here the limit is {knock_limit}, so he plays on."),
             "within_standard_limit", "not within_limit"),
        "discard 9D", "draw", "discard QD",
        move("draw", N_("With {best_discard} gone, his deadwood is {after_discard_cards}: {ben} is within the limit of "
                        "{knock_limit}."), "within_limit"),
        "knock 8H", "auto", "auto",
    ))


def oklahoma_ace(rules: Rules) -> Ask:
    ace_limit = rules.replace(oklahoma=True).knock_limit_for("AS")
    options = (N_("Only gin"), N_("A knock with {ace} or less"), N_("A knock with {limit} or less"))
    return Ask(N_("Oklahoma: the first upcard is A♠. How may a player go out?"), options,
               options[0] if ace_limit == 0 else N_("A knock with {ace_limit} or less"),
               N_("An ace upcard means only gin may go out."),
               {options[1]: N_("the ace is the exception in Oklahoma: it does not set a limit of its value."),
                options[2]: N_("in Oklahoma the upcard, not the usual knock limit, decides."),
                options[0]: N_("look at the Oklahoma rule again.")},
               dict(ace=Card.parse("AS").value, limit=rules.knock_limit, ace_limit=ace_limit))


def straight_gin_knock(rules: Rules) -> Ask:
    limit = rules.replace(straight_gin=True).knock_limit_for()
    return Ask(N_("Straight gin: may you knock with 1 point of deadwood?"), YES_NO, yes(limit >= 1),
               N_("No: in straight gin you may only go out with gin."),
               N_("in straight gin any deadwood at all keeps you from going out."))


def big_gin_preset(rules: Rules) -> Ask:
    big = [name for name, preset in PRESETS.items() if preset.big_gin]
    modern = PRESETS[big[0]]
    return Ask(N_("Which preset has big gin switched on?"), tuple(map(preset_name, PRESETS)), preset_name(big[0]),
               N_("The {preset} preset plays big gin (bonus {bonus}) and a {undercut}-point undercut bonus."),
               {preset_name(name): (N_("look at the presets again.") if name in big else
                                    t("the {name} preset plays without big gin.", name=preset_name(name)))
                for name in PRESETS},
               dict(preset=preset_name(big[0]), bonus=modern.big_gin_bonus, undercut=modern.undercut_bonus))


LESSON = Lesson.from_page(
    PAGES[9],
    (OKLAHOMA, Comparison(), *practice("oklahoma_limit", "variant_knock", "variant_points", "hollywood_score"),
     Check((oklahoma_ace, straight_gin_knock, big_gin_preset))))
