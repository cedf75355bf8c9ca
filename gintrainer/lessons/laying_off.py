"""Lesson 6: laying off."""

from __future__ import annotations

from ..engine.hand import ActionKind, Phase
from ..engine.rules import Rules
from ..material.steps import Caption
from ..words.language import N_
from .knocking_and_gin import GIN, NEITHER_TAKES
from .model import YES_NO, Ask, Check, HandDemo, Lesson, Question, move, practice, yes
from .table import PAGES

LAYOFF = HandDemo(
    "layoff", N_("Laying off, one card after another"),
    ben="6H 7H 8H 2C 2D 5S 6S 7S KC 3C", ann="9H TH JH 4S 8S KD QD 5D AC 9C", upcard="QS", stock="2S",
    moves=(
        *NEITHER_TAKES,
        move("draw", N_("{card} makes {ben} a set: {meld}."), "card_melds"),
        "knock KC",
        move("meld 6H 7H 8H", N_("The knocker lays out his melds one by one.")),
        "meld 2C 2D 2S", "meld 5S 6S 7S",
        move("done", N_("{ben}'s deadwood is {knocker_deadwood_cards}: {knocker_deadwood} points. Now {ann}, the "
                        "defender, may lay off cards on {ben}'s melds.")),
        move("layoff 9H on 1", N_("{card} extends {ben}'s run {meld_1} at the top."), "at_high_end"),
        move("layoff TH on 1", N_("{card} follows on from the card just laid off: lay-offs can chain."), "chain"),
        move("layoff JH on 1", N_("And {card} after that. ({ann} could also have kept these cards as her own run: "
                                  "either way they are not deadwood.)"), "chain", "laid_form_a_run"),
        move("layoff 4S on 3", N_("{card} extends the run {meld_3} at the low end..."), "at_low_end"),
        move("layoff 8S on 3", N_("...and {card} at the high end. {ann}'s deadwood is what is left: "
                                  "{defender_left_cards}."), "at_high_end"),
        "done",
    ),
    lead=Caption(N_("Watch {ann} lay off {laid_on_1} cards in a chain on {meld_1} and {laid_on_3} more on {meld_3}:")))

LAYOUT_BLOCKS = move("done", N_("{moved_card} could have gone on his run instead, for the same {knocker_deadwood} "
                                "deadwood: {other_layout}. Then {ann} could lay off {other_layout_layoffs} and keep "
                                "only {other_layout_left}. As {ben} laid out, she keeps {layout_left}."),
                     "layout_blocks")
"""The knocker's last layout step, said of the layout he did not choose (lessons 6 and 10)."""


def layout_demo(name: str, title: str, *, ben: str, ann: str, upcard: str, stock: str, knock: str,
                melds: tuple[str, ...], lead: str) -> HandDemo:
    """A demonstration of the knocker's choice of layout (lessons 6 and 10): neither player
    takes the upcard, the non-dealer draws, knocks with ``knock``, lays out ``melds``, and
    :data:`LAYOUT_BLOCKS` says what the other layout would have let the defender lay off;
    ``lead`` is the caption above it."""
    return HandDemo(name, title, ben=ben, ann=ann, upcard=upcard, stock=stock,
                    moves=("pass", "pass", "draw", f"knock {knock}", *(f"meld {meld}" for meld in melds),
                           LAYOUT_BLOCKS, "auto"),
                    lead=Caption(lead))


LAYOUT = layout_demo(
    "layout", N_("The knocker chooses his layout"),
    ben="6H 7H 8H 9C 9D 9H 9S AS 2D KC", ann="TH JH KD QD 5C 4D 8S 2H 6C AC", upcard="QC", stock="3C",
    knock="KC", melds=("6H 7H 8H", "9C 9D 9H 9S"),
    lead=N_("Here {ben}'s choice leaves {ann} {layout_left} deadwood instead of {other_layout_left}:"))


def _may_lay_off(demo: HandDemo, phase: Phase, question: str, explanation: str, why_not: str) -> Question:
    """A yes/no question: may a card be laid off when ``demo``, played under the check's rules, first reaches
    ``phase``? The engine's legal moves answer it."""
    def ask(rules: Rules) -> Ask:
        legal = demo.until(lambda h: h.phase is phase, rules=rules).legal_actions()
        return Ask(question, YES_NO, yes(any(a.kind is ActionKind.LAYOFF for a in legal)), explanation, why_not)
    return ask


no_layoff_against_gin = _may_lay_off(
    GIN, Phase.DEFENDER_LAYOUT, N_("Your opponent goes gin. May you lay off cards on his melds?"),
    N_("There is no laying off against gin."),
    N_("gin leaves the defender no lay-offs: he only lays out his own melds."))


def chained_layoff(rules: Rules) -> Ask:
    first = LAYOFF.actions.index("layoff 9H on 1") + 1
    chained = LAYOFF.hand(first).is_legal("layoff TH on 1")
    return Ask(N_("The knocker laid out 6♥ 7♥ 8♥ and you laid off 9♥. May you now lay off 10♥ on the same run?"),
               YES_NO, yes(chained), N_("Yes: lay-offs chain, each extending the run further."),
               N_("a card may extend a run that an earlier lay-off already extended."))


knocker_lays_off = _may_lay_off(
    LAYOFF, Phase.KNOCKER_LAYOUT, N_("May the knocker lay off cards on the defender's melds?"),
    N_("No: only the defender lays off, on the knocker's melds."),
    N_("laying off is the defender's way to save points; the knocker only lays out."))


def layout_matters(rules: Rules) -> Ask:
    steps = LAYOUT.steps()
    final = steps.values(steps.count - 1)
    return Ask(N_("The knocker can lay out his cards in two ways with the same deadwood. Does his choice matter?"),
               YES_NO, yes(bool(final["layout_blocks"])),
               N_("Yes: in the lesson's deal {ben}'s layout leaves {ann} {layout_left} deadwood; the other would have "
                  "left her {other_layout_left}. The knocker chooses, to leave the defender as few lay-offs as he "
                  "can."),
               N_("the layout decides which cards can be laid off: look at the lesson's second deal."),
               dict(layout_left=final["layout_left"], other_layout_left=final["other_layout_left"]))


LESSON = Lesson.from_page(
    PAGES[6],
    (LAYOFF, LAYOUT, *practice("layoff_cards", "layoff_where", "deadwood_after_layoffs"),
     Check((no_layoff_against_gin, chained_layoff, knocker_lays_off, layout_matters))))
