"""The package's words: every sentence a learner reads from the puzzles and their
trainers is a :class:`Message` (a name and its values), written in words only
when it is shown, by :func:`render`, from the one template of that name in
:data:`CATALOG`.

A message is data: it survives a change of wording or of language, so puzzle
records store messages, and tests compare messages with what the solver says.
Rendering goes through the gettext catalogs of :mod:`gintrainer.words.language`,
each message under its name as the gettext context (``pgettext``/
``npgettext``), so two messages with the same English keep their own
translations; a template's ``context`` is a note for the translators. A
template is a whole sentence with named values; a count that changes the words
has both forms written out in full (never ``card{s}``); cards, numbers and
dates are written by the renderer, never by the template.

>>> from gintrainer.engine.cards import parse_card, parse_cards
>>> m = say("ck_next", card=parse_card("7H"), deadwood=12)
>>> render(m)
'Next best: discarding 7♥ leaves 12.'
>>> m.to_data()
['ck_next', {'card': '7H', 'deadwood': 12}]
>>> Message.from_data(m.to_data()) == m
True
>>> render(say("look_keeps", card=parse_card("8S"), draw_cards=parse_cards("8D"), count=1))
'Keeping 8♠ keeps this draw: 8♦ (1 unseen) would meld with it.'
"""

from __future__ import annotations

import datetime as _dt
import string
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any, cast

from ..engine.cards import Card, CardsLike, format_cards, parse_card, parse_cards, show_cards
from ..words.errors import GinError
from ..words.language import (
    LANGUAGES,
    check_language,
    current_language,
    format_number,
    format_percent,
    format_plain,
    left_to_right,
    translations,
)


@dataclass(frozen=True, slots=True)
class Template:
    """A message's English: the sentence, and when a count changes its words the
    sentence for other counts (``plural``) and the value that is the count; the
    gettext context where the same English says different things."""

    text: str
    plural: str | None = None
    count: str | None = None
    context: str | None = None

    def __post_init__(self) -> None:
        if (self.plural is None) != (self.count is None):
            raise GinError(f"a template with plural forms names its count, and only then: {self.text!r}")
        if self.count is not None and self.count not in self.fields:
            raise GinError(f"the count {self.count!r} is not a value of {self.text!r}")
        if self.plural is not None and _fields(self.plural) != _fields(self.text):
            raise GinError(f"the plural form of {self.text!r} has other values")

    @property
    def fields(self) -> frozenset[str]:
        """The names of the values the sentence takes."""
        return _fields(self.text)


@cache
def _fields(text: str) -> frozenset[str]:
    return frozenset(name for _, name, _, _ in string.Formatter().parse(text) if name)


class Signed(int):
    """A whole number written with its sign (a rating's change: ``+20``, ``-473``)."""


class Percent(int):
    """A whole percentage (``91%``)."""


# -- the catalog --------------------------------------------------------------------

PUZZLE_MESSAGES: dict[str, str | Template] = {
    # the questions
    "question_ck_stock": "You drew {card} from the stock. Can you knock (knock limit {limit})? "
                         "If so, which card do you discard?",
    "question_ck_discard": "You drew {card} from the discard pile. Can you knock (knock limit {limit})? "
                           "If so, which card do you discard?",
    "question_ck_gin_stock": "You drew {card} from the stock. The first upcard was an ace, so only gin may go "
                             "out: can you go gin? If so, which card do you discard?",
    "question_ck_gin_discard": "You drew {card} from the discard pile. The first upcard was an ace, so only gin "
                               "may go out: can you go gin? If so, which card do you discard?",
    "question_deadwood_stock": "You drew {card} from the stock. Which card do you discard to leave the least "
                               "deadwood now?",
    "question_deadwood_discard": "You drew {card} from the discard pile. Which card do you discard to leave the "
                                 "least deadwood now?",
    "question_lookahead_stock": "You drew {card} from the stock. Which card do you discard to leave the least "
                                "deadwood expected after your next draw from the stock?",
    "question_lookahead_discard": "You drew {card} from the discard pile. Which card do you discard to leave the "
                                  "least deadwood expected after your next draw from the stock?",
    # the position
    "position_count": "The 52 cards: your 11, your opponent's 10, {pile} in the discard pile and {stock} in the "
                      "stock. You have not seen {unseen} of them: the stock and your opponent's hand.",
    "position_count_known": Template(
        "The 52 cards: your 11, your opponent's 10, {pile} in the discard pile and {stock} in the stock. You have "
        "not seen {unseen} of them: the stock and your opponent's hand, less the {known} you saw your opponent "
        "take from the pile.",
        "The 52 cards: your 11, your opponent's 10, {pile} in the discard pile and {stock} in the stock. You have "
        "not seen {unseen} of them: the stock and your opponent's hand, less the {known} you saw your opponent "
        "take from the pile.", count="known"),
    # "can you knock?": yes
    "ck_gin": "Yes: discarding {card} leaves 0: the other ten cards all meld ({layout}), so that is gin.",
    "ck_knock": "Yes: discarding {card} leaves {deadwood} ({deadwood_cards}), within the knock limit of "
                "{limit}; lay out {layout}.",
    "ck_also": "Discarding {card} also knocks: it leaves {deadwood}.",
    "ck_also_gin": "Discarding {card} goes gin too: it also leaves 0.",
    "ck_also_many": Template("{count} other discard also leaves {deadwood}; the solver's table lists it.",
                             "{count} other discards also leave {deadwood}; the solver's table lists them.",
                             count="count"),
    "ck_gin_over_knock": "Any knock short of gin scores less: even discarding {card}, which keeps only "
                         "{deadwood}, scores at least {points} points less than gin with {best_card} (the gin bonus "
                         "of {bonus} and the {deadwood} that knock keeps), and a knock allows lay-offs and can be "
                         "undercut.",
    "ck_next_knock": "The next best knock, discarding {card}, keeps {deadwood}: {cost} more than discarding "
                     "{best_card} ({best_deadwood}).",
    "ck_naive_knock": "Throwing {card}, the highest deadwood card you may discard, knocks too, but keeps "
                      "{deadwood}.",
    "naive_layout": "The eleven cards laid out {layout} leave the deadwood {deadwood_cards}; another layout "
                    "leaves as much, and the beginner's rule throws from this one.",
    "ck_naive_trap": "Throwing {card}, the highest deadwood card you may discard, is a trap: it leaves "
                     "{deadwood}, over the limit.",
    "ck_naive_trap_melded": "All eleven cards meld, so the beginner's rule throws the highest card you may "
                            "discard, {card}: that breaks a meld and leaves {deadwood}, over the limit.",
    # "can you knock?": no
    "ck_no": "No: the best discard, {card}, leaves {deadwood}, over the knock limit of {limit}.",
    "ck_no_gin_only": "No: the best discard, {card}, leaves {deadwood}, and with an ace upcard only gin may go "
                      "out.",
    "ck_no_tied": Template(
        "No: discarding {card} leaves {deadwood}, over the knock limit of {limit}, and no discard leaves less "
        "({count} other leaves as much).",
        "No: discarding {card} leaves {deadwood}, over the knock limit of {limit}, and no discard leaves less "
        "({count} others leave as much).", count="count"),
    "ck_no_gin_only_tied": Template(
        "No: discarding {card} leaves {deadwood}, and no discard leaves less ({count} other leaves as much); with "
        "an ace upcard only gin may go out.",
        "No: discarding {card} leaves {deadwood}, and no discard leaves less ({count} others leave as much); with "
        "an ace upcard only gin may go out.", count="count"),
    "ck_no_layout": "Its best layout: {layout}, with the deadwood {deadwood_cards} ({deadwood}).",
    "ck_no_layout_nomelds": "Its ten cards hold no meld: all of them are deadwood.",
    "ck_next": "Next best: discarding {card} leaves {deadwood}.",
    # rules
    "ck_oklahoma": "Oklahoma: the first upcard, {upcard}, sets the knock limit to {limit}.",
    "ck_oklahoma_ace": "Oklahoma: the first upcard, {upcard}, is an ace, so only gin may go out.",
    "ck_oklahoma_usual": "Under the usual knock limit of {usual}, discarding {card} (leaving {deadwood}) would "
                         "knock.",
    "ck_oklahoma_usual_not": "Under the usual knock limit of {usual}, discarding {card} (leaving {deadwood}) "
                             "would not knock.",
    # the card just taken
    "forbidden_highest": "{card}, the highest deadwood card, was just taken from the discard pile, so it may not "
                         "be thrown back this turn.",
    "forbidden_would_knock": "Throwing back {card} would leave {deadwood}, within the limit, but it was just "
                             "taken from the discard pile and may not be discarded this turn.",
    "forbidden_would_be_best": "Throwing back {card} would leave {deadwood}, less than any allowed discard, but "
                               "it was just taken from the discard pile and may not be discarded this turn.",
    # melds
    "meld_set": "{card} belongs in the set {meld}: in a run instead it would leave {other_deadwood}, not "
                "{deadwood}.",
    "meld_run": "{card} belongs in the run {meld}: in a set instead it would leave {other_deadwood}, not "
                "{deadwood}.",
    "spare_discard_set": "{card} can go: {stays_meld} is still a set without it.",
    "spare_discard_run": "{card} can go: {stays_meld} is still a run without it.",
    "spare_to_run": "{card} leaves the set for a run, and {stays_meld} is still a set.",
    "spare_to_set": "{card} leaves the run for a set, and {stays_meld} is still a run.",
    # best discard: least deadwood now
    "dw_answer": "Discard {card}: it leaves {deadwood}, with the melds {layout} and the deadwood {deadwood_cards}.",
    "dw_answer_two": "Discard {card} or {other_card}: either leaves {deadwood}; discarding {card} keeps the melds "
                     "{layout} and the deadwood {deadwood_cards}.",
    "dw_runner": "The runner-up, {card}, leaves {deadwood}.",
    "dw_runner_naive": "The runner-up is {card}, the highest deadwood card you may discard: it leaves "
                       "{deadwood}.",
    "dw_naive": "{card}, the highest deadwood card you may discard, is not the answer: discarding it leaves "
                "{deadwood}.",
    # best discard: least deadwood after the next draw
    "look_answer": "Discard {card}: it leaves {deadwood} now and {expected} on average after your next draw from "
                   "the stock.",
    "look_answer_two": "Discard {card} or {other_card}: either leaves {deadwood} now and {expected} on average "
                       "after your next draw from the stock.",
    "look_draws": Template(
        "Of the {unseen} unseen cards, {outs} would lower what you keep: {meld_count} by forming or extending a "
        "meld ({meld_cards}) and {low_count} as a low card kept instead of a higher one.",
        "Of the {unseen} unseen cards, {outs} would lower what you keep: {meld_count} by forming or extending a "
        "meld ({meld_cards}) and {low_count} as low cards kept instead of a higher one.", count="low_count"),
    "look_draws_melds": "Of the {unseen} unseen cards, {outs} would lower what you keep, each by forming or "
                        "extending a meld: {meld_cards}.",
    "look_draws_low": "Of the {unseen} unseen cards, {outs} would lower what you keep, each as a low card kept "
                      "instead of a higher one; none would form a meld.",
    "look_draws_none": "None of the {unseen} unseen cards would lower what you keep.",
    "look_runner": Template(
        "The runner-up, {card}, leaves {deadwood} now and {expected} on average: {outs} unseen card would lower "
        "it, {meld_count} of them by forming or extending a meld.",
        "The runner-up, {card}, leaves {deadwood} now and {expected} on average: {outs} unseen cards would lower "
        "it, {meld_count} of them by forming or extending a meld.", count="outs"),
    "look_runner_naive": Template(
        "The runner-up is {card}, the highest deadwood card you may discard: it leaves {deadwood} now and "
        "{expected} on average; {outs} unseen card would lower it, {meld_count} of them by forming or extending "
        "a meld.",
        "The runner-up is {card}, the highest deadwood card you may discard: it leaves {deadwood} now and "
        "{expected} on average; {outs} unseen cards would lower it, {meld_count} of them by forming or extending "
        "a meld.", count="outs"),
    "look_naive": Template(
        "{card}, the highest deadwood card you may discard, is not the answer: discarding it leaves {deadwood} "
        "now but {expected} on average; {outs} unseen card would lower it, {meld_count} of them by forming or "
        "extending a meld.",
        "{card}, the highest deadwood card you may discard, is not the answer: discarding it leaves {deadwood} "
        "now but {expected} on average; {outs} unseen cards would lower it, {meld_count} of them by forming or "
        "extending a meld.", count="outs"),
    "look_keeps": Template("Keeping {card} keeps this draw: {draw_cards} ({count} unseen) would meld with it.",
                           "Keeping {card} keeps these draws: {draw_cards} ({count} unseen) would meld with it.",
                           count="count"),
    # verdicts on an answer
    "grade_missed_knock": "Wrong: you can knock.",
    "grade_no_right": "Right: no discard gets within the limit.",
    "grade_no_knock": "Wrong: no discard knocks here.",
    "grade_yes_right": "Right, you can knock. Now choose the discard.",
    "grade_right": "Right.",
    "grade_knock_not_gin": "Not the best: discarding {card} knocks with {deadwood}, but discarding {best_card} "
                           "goes gin, which scores at least {points} points more: the gin bonus of {bonus} and "
                           "the {deadwood} this knock keeps. Gin allows no lay-offs and cannot be undercut.",
    "grade_knock_more": "Not the best: discarding {card} knocks with {deadwood}, {cost} more deadwood than "
                        "discarding {best_card}, which knocks with {best_deadwood}.",
    "grade_wrong_knock": "Not {card}: discarding {card} leaves {deadwood}, over the knock limit of {limit}.",
    "grade_wrong_gin": "Not {card}: discarding {card} leaves {deadwood}, and only gin may go out.",
    "grade_wrong_deadwood": "Not the best: discarding {card} leaves {deadwood}, {cost} more than discarding "
                            "{best_card}.",
    "grade_wrong_lookahead": "Not the best: discarding {card} leaves {deadwood} now and {expected} on average "
                             "after the next draw, {cost_expected} more than discarding {best_card}.",
    "grade_forbidden": "Not {card}: it was just taken from the discard pile, so it may not be thrown back this "
                       "turn.",
    # the answer
    "answer_no": "No: no discard gets within the knock limit.",
    "answer_yes": "Yes, you can knock.",
    "answer_one": "Discard {card}.",
    "answer_two": "Discard {card} or {other_card}.",
    "answer_any": "Discard any of {cards}.",
    # hints (a theme's own hint is theme_hint_<theme>)
    "hint_arrange": "Arrange the melds first, then count what is left.",
    "hint_cards": "The puzzle turns on these cards: {cards}. For each, weigh keeping it against throwing it.",
    "hint_count": "Count the deadwood after each discard.",
    "hint_no": "Answer: no, you cannot knock.",
    "hint_knock": "Answer: yes, knock by discarding {card}.",
    "hint_knock_any": "Answer: yes, knock by discarding any of {cards}.",
    "hint_gin": "Answer: yes, go gin by discarding {card}.",
    "hint_gin_any": "Answer: yes, go gin by discarding any of {cards}.",
    "hint_discard": "Answer: discard {card}.",
    "hint_discard_two": "Answer: discard {card} or {other_card}.",
}
"""The sentences of a puzzle: its question, card count, explanation, verdicts,
answer and hints."""

TAKE_DRAW_MESSAGES: dict[str, str | Template] = {
    # the question and the position
    "td_question": "{card} is on top of the discard pile. Do you take it, or draw from the stock?",
    "td_position_count": "The 52 cards: your 10, your opponent's 10, {pile} in the discard pile and {stock} in the "
                         "stock. You have not seen {unseen} of them: the stock and your opponent's hand.",
    "td_position_count_known": Template(
        "The 52 cards: your 10, your opponent's 10, {pile} in the discard pile and {stock} in the stock. You have "
        "not seen {unseen} of them: the stock and your opponent's hand, less the {known} card you saw your "
        "opponent take from the pile.",
        "The 52 cards: your 10, your opponent's 10, {pile} in the discard pile and {stock} in the stock. You have "
        "not seen {unseen} of them: the stock and your opponent's hand, less the {known} cards you saw your "
        "opponent take from the pile.", count="known"),
    # the explanation
    "td_take": "Take {card}: after discarding {discard_card} you hold {take_deadwood} deadwood for sure, while "
               "drawing from the stock leaves {draw_expected} on average after the best discard, "
               "{margin_expected} more.",
    "td_draw": "Draw from the stock: over the {unseen} unseen cards it leaves {draw_expected} on average after the "
               "best discard, while taking {card} leaves at best {take_deadwood} (discarding {discard_card}), "
               "{margin_expected} more.",
    "td_take_layout": "Taking {card} and discarding {discard_card} keeps the melds {layout} and the deadwood "
                      "{deadwood_cards}.",
    "td_take_layout_gin": "Taking {card} and discarding {discard_card} puts every card in a meld: {layout}.",
    "td_take_layout_nomelds": "Taking {card} and discarding {discard_card} keeps no meld: all ten cards are "
                              "deadwood.",
    "td_draw_outs": Template("Your deadwood now is {now}: {outs} of the {unseen} unseen cards would lower it if "
                             "drawn.",
                             "Your deadwood now is {now}: {outs} of the {unseen} unseen cards would lower it if "
                             "drawn.", count="outs"),
    "td_draw_outs_none": "Your deadwood now is {now}: none of the {unseen} unseen cards would lower it if drawn.",
    "td_take_knock": "After taking {card} and discarding {discard_card} you hold {take_deadwood}, within the knock "
                     "limit of {limit}: you can knock at once.",
    "td_stock_odds": "Taking {card} lowers your deadwood from {now} to {take_deadwood}, but an average draw lowers "
                     "it further, to {draw_expected}.",
    "td_meld_but_draw": "{card} would make the meld {meld}, yet drawing from the stock still expects less "
                        "deadwood.",
    "td_meld_but_draw_line": "{card} would also make the meld {meld}: discarding {discard_card}, the take leaves "
                             "the same {take_deadwood} with it. Yet drawing from the stock still expects less "
                             "deadwood.",
    "td_looks_useful": "{card} goes with {near_cards}, but it would join no meld after the take: it would stay "
                       "deadwood.",
    "td_low_swap": "{card} joins no meld, but it is worth only {value}: kept instead of {discard_card} "
                   "({discard_value}), it lowers your deadwood.",
    # the answer and the verdicts
    "td_answer_take": "Take {card}, then discard {discard_card}.",
    "td_answer_draw": "Draw from the stock.",
    "td_grade_wrong_take": "Not the best: taking {card} leaves {take_deadwood}, {cost_expected} more than the "
                           "{draw_expected} a draw from the stock leaves on average.",
    "td_grade_wrong_draw": "Not the best: a draw from the stock leaves {draw_expected} on average, {cost_expected} "
                           "more than the {take_deadwood} left by taking {card}.",
    "td_recorded_take": "Recorded: take {card}.",
    "td_recorded_draw": "Recorded: draw from the stock.",
    "df_recorded_undercut": "Recorded: your layout keeps {deadwood}, and you say you undercut.",
    "df_recorded_no_undercut": "Recorded: your layout keeps {deadwood}, and you say you do not undercut.",
    # hints (a theme's own hint is theme_hint_<theme>)
    "td_hint_compare": "Count your deadwood after taking {card} and your best discard, then ask what an average "
                       "draw from the stock would leave.",
    "td_hint_compare_keep": "Count your deadwood after taking {card} and your best discard, and compare it with "
                            "your deadwood now: if you pass, you keep your hand and the other player draws first.",
    "td_hint_take": "Answer: take {card} and discard {discard_card}.",
    "td_hint_draw": "Answer: draw from the stock.",
}
"""The sentences of a "take or draw?" puzzle: its question, card count, explanation,
answer, verdicts and hints."""

KNOCK_LAYOUT_MESSAGES: dict[str, str | Template] = {
    # the question and the position
    "kl_question": "You knock with these ten cards, and both hands are shown. Lay out your melds so that you score "
                   "the most after the defender's best lay-offs (the knock limit is {limit}).",
    "kl_position_count": "The 52 cards: your 10, the defender's 10, {pile} in the discard pile (your knock discard "
                         "on top) and {stock} in the stock.",
    # the explanation
    "kl_best_knock": "Lay out {layout}: you keep {deadwood} deadwood, the defender holds {defender_deadwood} after "
                     "his best lay-offs, and you score {points}.",
    "kl_best_undercut": "Lay out {layout}: you keep {deadwood} deadwood, and the defender, holding "
                        "{defender_deadwood} after his best lay-offs, undercuts you; you lose {lost}, the least of "
                        "any layout.",
    "kl_best_tie": "Lay out {layout}: you keep {deadwood} deadwood, the defender holds as many after his best "
                   "lay-offs, and nobody scores.",
    "kl_layoffs": "Against these melds the defender lays off {layoff_cards}.",
    "kl_layoffs_none": "Against these melds the defender lays off nothing.",
    "kl_rival_knock": "The layout {rival_layout} keeps {deadwood} deadwood, the least you can keep, but the "
                      "defender lays off {layoff_cards} on it and holds {defender_deadwood}: you would score "
                      "{points}.",
    "kl_rival_undercut": "The layout {rival_layout} keeps {deadwood} deadwood, the least you can keep, but the "
                         "defender lays off {layoff_cards} on it, holds {defender_deadwood} and undercuts you: you "
                         "would lose {lost}.",
    "kl_rival_tie": "The layout {rival_layout} keeps {deadwood} deadwood, the least you can keep, but the defender "
                    "lays off {layoff_cards} on it and holds as many: nobody would score.",
    "kl_blocked": "Leaving {kept_cards} out of your melds keeps the defender from laying off {blocked_cards}.",
    "kl_layoffs_kept": "{unpaid_cards} could still be laid off on these melds, but only by breaking one of the "
                       "defender's own melds, which leaves him no less deadwood.",
    # the answer and the verdicts
    "kl_right_other": "Your layout {answer_layout} does as well as the one explained here.",
    "kl_answer_one": "Lay out {layout}.",
    "kl_answer_many": Template("Lay out {layout}; {others} other layout scores as much.",
                               "Lay out {layout}; {others} other layouts score as much.", count="others"),
    "kl_grade_wrong_knock": Template(
        "Not the best: against these melds the defender holds {defender_deadwood} after his lay-offs and you "
        "score {net}, {cost} point less than with the best layout.",
        "Not the best: against these melds the defender holds {defender_deadwood} after his lay-offs and you "
        "score {net}, {cost} points less than with the best layout.", count="cost"),
    "kl_grade_wrong_undercut": Template(
        "Not the best: against these melds the defender holds {defender_deadwood} after his lay-offs and "
        "undercuts you for {lost}, {cost} point worse than the best layout.",
        "Not the best: against these melds the defender holds {defender_deadwood} after his lay-offs and "
        "undercuts you for {lost}, {cost} points worse than the best layout.", count="cost"),
    "kl_grade_wrong_tie": Template(
        "Not the best: against these melds the defender holds as many as you after his lay-offs and nobody "
        "scores, {cost} point worse than the best layout.",
        "Not the best: against these melds the defender holds as many as you after his lay-offs and nobody "
        "scores, {cost} points worse than the best layout.", count="cost"),
    # hints (a theme's own hint is theme_hint_<theme>)
    "kl_hint_count": "For each way to lay out your melds, count what the defender can lay off on them.",
    "kl_hint_layoffs": "On the least-deadwood layout {rival_layout} the defender lays off {layoff_cards}.",
    "kl_hint_answer": "Answer: lay out {layout}.",
    "kl_recorded": "Recorded: your layout.",
}
"""The sentences of a "lay out your knock" puzzle: its question, card count,
explanation, answer, verdicts and hints."""

DEFEND_MESSAGES: dict[str, str | Template] = {
    # the question and the position
    "df_question": "The knocker laid out {layout} and keeps {knocker} deadwood ({dead_cards}). Lay out your melds "
                   "and lay-offs to keep the least deadwood, and say whether you undercut.",
    "df_position_count": "The 52 cards: your 10, the knocker's 10 on the table, {pile} in the discard pile and "
                         "{stock} in the stock.",
    # the explanation
    "df_best": "The least deadwood you can keep is {deadwood}: {deadwood_cards}.",
    "df_best_gin": "You can lay out every card: no deadwood at all.",
    "df_melds": "Your own melds: {layout}.",
    "df_melds_none": "You keep no meld of your own.",
    "df_layoff": "Lay off {cards} on the knocker's {meld}.",
    "df_undercut": "Your {deadwood} against the knocker's {knocker}: you undercut and score {knocker} − {deadwood} "
                   "+ {bonus} bonus = {points}.",
    "df_undercut_doubled": "Your {deadwood} against the knocker's {knocker}: you undercut and score ({knocker} − "
                           "{deadwood} + {bonus} bonus) × {times} for the spade upcard = {points}.",
    "df_knocked": "Your {deadwood} against the knocker's {knocker}: no undercut; the knocker scores {deadwood} − "
                  "{knocker} = {points}.",
    "df_knocked_doubled": "Your {deadwood} against the knocker's {knocker}: no undercut; the knocker scores "
                          "({deadwood} − {knocker}) × {times} for the spade upcard = {points}.",
    "df_tie": "You both keep {deadwood}: ties are not undercuts here, so nobody scores.",
    "df_chain": "{chain_card} goes on only after {first_card}, laid off before it: without lay-offs on lay-offs you "
                "would keep {unchained}.",
    "df_break": "Melding first for your own least deadwood ({own}), then laying off what is left, keeps at best "
                "{naive}: to keep {deadwood}, lay off a card those melds would hold.",
    # the answer and the verdicts
    "df_answer_undercut": "Keep {deadwood} ({deadwood_cards}) and undercut.",
    "df_answer_no_undercut": "Keep {deadwood} ({deadwood_cards}): no undercut.",
    "df_answer_gin": "Lay out every card: no deadwood, and you undercut.",
    "df_grade_more": "Not the least: your layout keeps {yours}, {cost} more than the {deadwood} you can keep.",
    "df_grade_undercut_yes": "Your layout is right, but your {deadwood} against the knocker's {knocker} is an "
                             "undercut.",
    "df_grade_undercut_no": "Your layout is right, but your {deadwood} against the knocker's {knocker} is no "
                            "undercut.",
    # hints (a theme's own hint is theme_hint_<theme>)
    "df_hint_count": "Count what you keep melding first, then laying off first: the least of every way is the "
                     "answer.",
    "df_hint_least": "The least you can keep is {deadwood}; the knocker keeps {knocker}.",
}
"""The sentences of a "defend" puzzle: its question, card count, explanation,
answer, verdicts and hints."""

_THEME_TEXT = {  # theme: its title, its one-line description, its hint
    "set-or-run": ("Set or run?", "A card fits a set and a run, and only one choice gives the answer.",
                   "A card fits both a set and a run: decide which meld it belongs to."),
    "not-highest": ("Knock from a meld", "Throwing the highest deadwood card does not knock; throwing a card out of "
                                         "a meld does.",
                    "The card to throw is not the highest deadwood card."),
    "forbidden-discard": ("The card just taken", "The card you took from the pile would be the one to throw, but it "
                                                 "may not go back this turn.",
                          "The card just taken from the discard pile may not be thrown back."),
    "looks-knockable": ("Looks like a knock", "The hand seems ready to knock, but its deadwood is just over the "
                                              "limit.",
                        "The hand looks ready to knock: count the deadwood carefully."),
    "near-limit": ("Close to the limit", "The best count is within 2 points of the knock limit.",
                   "The count is close to the knock limit."),
    "naive-wrong": ("Beginner's rule fails", "The beginner's rule, throw the highest card left out of your melds, "
                                             "gives the wrong answer here.",
                    "The card the beginner's rule throws is not the answer here."),
    "keep-the-pair": ("Keep the pair", "The highest loose card you may throw is worth keeping: the next draw can "
                                       "make it part of a meld.",
                      "Keep the cards that can still become a meld."),
    "gin": ("Gin", "One discard leaves every other card in a meld.", "Look for a way to leave no deadwood at all."),
    "big-gin": ("Big gin", "All eleven cards form melds (these puzzles never ask for it).",
                "All eleven cards may form melds."),
    "oklahoma": ("Oklahoma limit", "The first upcard's knock limit changes the answer from the usual one.",
                 "Oklahoma: the first upcard sets the knock limit."),
    "four-of-a-kind": ("Four of a kind", "A set of four gives up one card, to the discard or to a run, and the other "
                                         "three stay a set.",
                       "A set of four can give up one card and still be a set."),
    "long-run": ("Long run", "A run of four or more gives up an end card, to the discard or to a set, and stays a "
                             "run.",
                 "A long run can give up a card at either end."),
    "meld-but-draw": ("A meld, but draw", "The card on offer would make a meld, yet drawing from the stock expects "
                                          "less deadwood.",
                      "A meld now can be worth less than what the stock offers: count both."),
    "stock-odds": ("The stock's odds", "Taking the card lowers your deadwood, but an average draw from the stock "
                                       "lowers it more.",
                   "Count what an average draw would do before settling for a sure gain."),
    "take-to-knock": ("Take and knock", "Taking the card lets you knock at once.",
                      "See whether taking the card brings you within the knock limit."),
    "looks-useful": ("Only looks useful", "The card on offer goes with your cards but would join no meld: "
                                          "drawing is better.",
                     "Check whether the card on offer really joins a meld."),
    "undercut": ("Undercut", "After your best melds and lay-offs you keep no more than the knocker: you undercut.",
                 "Set the least you can keep against the knocker's deadwood."),
    "chain-layoff": ("Lay off on a lay-off", "The least deadwood needs a card laid off on a card laid off before "
                                             "it.",
                     "A card laid off on a run can take another after it."),
    "break-a-meld": ("Break a meld", "Melding first and laying off what is left is not the least: a card of your "
                                     "melds does better laid off.",
                     "Laying off a card of your own meld can leave less."),
    "low-swap": ("Low for high", "The card on offer joins no meld, but kept instead of a high card it lowers your "
                                 "deadwood.",
                 "A low card can be worth taking even when it joins no meld."),
    "block-layoffs": ("Block the lay-offs", "Giving up a meld, or a card of one, keeps more deadwood but leaves the "
                                            "defender fewer lay-offs, and you more points.",
                      "A meld the defender can lay off on may cost you more than its cards."),
    "fewest-layoffs": ("Fewest lay-offs", "Several layouts keep the least deadwood; the best is the one the "
                                          "defender can lay off least on.",
                       "Of your least-deadwood layouts, choose the one the defender lays off least on."),
    "avoid-undercut": ("Avoid the undercut", "After his lay-offs the defender would undercut the least-deadwood "
                                             "layout; another layout is not undercut.",
                       "Count the defender's deadwood after his lay-offs: he may undercut you."),
}

THEME_MESSAGES: dict[str, str | Template] = {
    **{f"theme_title_{theme}": Template(title, context="puzzle theme")
       for theme, (title, _, _) in _THEME_TEXT.items()},
    **{f"theme_about_{theme}": about for theme, (_, about, _) in _THEME_TEXT.items()},
    **{f"theme_hint_{theme}": hint for theme, (_, _, hint) in _THEME_TEXT.items()},
    "themes_none_means_all": "No theme chosen means every theme.",
    "themes_choose_several": "Ctrl-click (Cmd-click on a Mac) to choose several: a puzzle with any of them is kept.",
}
"""Each puzzle theme's title, description (``theme_about_``) and hint, and how a
theme filter reads."""

TRAINER_MESSAGES: dict[str, str | Template] = {
    # answering
    "trainer_hint_rule": "A hint makes this puzzle count as seen, not solved: a right answer after a hint scores "
                         "as a miss.",
    "trainer_yes_right": "Right, you can knock. Now choose the card to discard face down.",
    "trainer_choose_face_down": "Now choose the card to discard face down.",
    "trainer_hinted": "(with hints: it counts as seen, not solved)",
    # the chosen card's row and its cost
    "row_gin": Template(
        "{card}: leaves {deadwood} deadwood (gin), {outs} out, {expected} expected after the next draw.",
        "{card}: leaves {deadwood} deadwood (gin), {outs} outs, {expected} expected after the next draw.",
        count="outs"),
    "row_knocks": Template(
        "{card}: leaves {deadwood} deadwood (knocks), {outs} out, {expected} expected after the next draw.",
        "{card}: leaves {deadwood} deadwood (knocks), {outs} outs, {expected} expected after the next draw.",
        count="outs"),
    "row_plain": Template(
        "{card}: leaves {deadwood} deadwood, {outs} out, {expected} expected after the next draw.",
        "{card}: leaves {deadwood} deadwood, {outs} outs, {expected} expected after the next draw.",
        count="outs"),
    "cost_deadwood": "It costs {cost} deadwood against the best, {best_card}.",
    "cost_lookahead": "It costs {cost} expected deadwood against the best, {best_card}.",
    # the verdict as the puzzle page shows it
    "verdict_right": "Right!",
    "verdict_right_hinted": "Right, with hints.",
    "verdict_wrong": "Not quite.",
    "your_answer": "Your answer:",
    "recorded_no": "Recorded: no, you cannot knock.",
    "recorded_knock": "Recorded: yes, knocking with {card} face down.",
    "recorded_discard": "Recorded: discard {card}.",
    "answered_before": "You have answered this puzzle before.",
    "answered_solved": "You answered this puzzle on {date}: solved.",
    "answered_hinted": "You answered this puzzle on {date}: solved with hints.",
    "answered_failed": "You answered this puzzle on {date}: not solved.",
    "practice_note": "You have answered this puzzle before: this time is practice and is not rated.",
    # the rating
    "rating_practice": "Rating {rating}, unchanged: you had answered this puzzle before, so this answer is practice "
                       "and is not rated.",
    "rating_solved": "Rating {before} → {after} ({change}): solved without hints.",
    "rating_hinted": "Rating {before} → {after} ({change}): solved with hints, which counts as seen, not solved, "
                     "and scores as a miss.",
    "rating_failed": "Rating {before} → {after} ({change}): a wrong answer scores as a miss.",
    "rating_above": "The puzzle is rated {difficulty}, {gap} above your {before}: by your rating you would solve it "
                    "{chance} of the time.",
    "rating_above_rarely": "The puzzle is rated {difficulty}, {gap} above your {before}: by your rating you would "
                           "solve it under {chance} of the time.",
    "rating_below": "The puzzle is rated {difficulty}, {gap} below your {before}: by your rating you would solve it "
                    "{chance} of the time.",
    "rating_below_surely": "The puzzle is rated {difficulty}, {gap} below your {before}: by your rating you would "
                           "solve it over {chance} of the time.",
    "rating_level": "The puzzle is rated {difficulty}, level with your {before}: by your rating you would solve it "
                    "{chance} of the time.",
    "rating_new": "Your rating is still new (± {deviation}), so each result moves it a lot.",
}
"""What the puzzle trainers say about an answer and a rating."""


REVIEW_MESSAGES: dict[str, str | Template] = {
    # why the best move of a reviewed decision is better than the move made, in the engine's numbers, each move
    # told from the deciding seat's view (the best move's sentence first, then the move made's)
    "why_take": "Taking {card} leaves {deadwood} deadwood after the best discard.",
    "why_draw": Template(
        "Drawing from the stock leaves {expected} deadwood on average after the best discard, over the {unseen} "
        "unseen card.",
        "Drawing from the stock leaves {expected} deadwood on average after the best discard, over the {unseen} "
        "unseen cards.", count="unseen"),
    "why_pass": "Passing keeps your ten cards, with {deadwood} deadwood.",
    "why_discard": Template(
        "Discarding {card} leaves {deadwood} deadwood, and {outs} of the {unseen} unseen cards would meld with "
        "the cards kept.",
        "Discarding {card} leaves {deadwood} deadwood, and {outs} of the {unseen} unseen cards would meld with "
        "the cards kept.", count="outs"),
    # a discard told beside a move that goes out (the other move of the decision): it plays on, and says so
    "why_play_on_not_knock": Template(
        "Playing on instead of knocking: discarding {card} leaves {deadwood} deadwood, and {outs} of the {unseen} "
        "unseen cards would meld with the cards kept.",
        "Playing on instead of knocking: discarding {card} leaves {deadwood} deadwood, and {outs} of the {unseen} "
        "unseen cards would meld with the cards kept.", count="outs"),
    "why_play_on_not_out": Template(
        "Playing on instead of going out: discarding {card} leaves {deadwood} deadwood, and {outs} of the {unseen} "
        "unseen cards would meld with the cards kept.",
        "Playing on instead of going out: discarding {card} leaves {deadwood} deadwood, and {outs} of the {unseen} "
        "unseen cards would meld with the cards kept.", count="outs"),
    "why_knock": Template(
        "Knocking, discarding {card} face down, leaves {deadwood} deadwood laid out as {layout}; {fits} of the "
        "{unseen} unseen cards would fit on those melds.",
        "Knocking, discarding {card} face down, leaves {deadwood} deadwood laid out as {layout}; {fits} of the "
        "{unseen} unseen cards would fit on those melds.", count="fits"),
    "why_gin": "Going gin, discarding {card} face down, scores the gin bonus of {bonus} and allows no lay-offs.",
    "why_big_gin": "Going big gin scores the big gin bonus of {bonus} and allows no lay-offs.",
    "why_knocker_layout": Template(
        "Laying out {layout} leaves {deadwood} deadwood; {fits} of the {unseen} unseen cards would fit on those "
        "melds.",
        "Laying out {layout} leaves {deadwood} deadwood; {fits} of the {unseen} unseen cards would fit on those "
        "melds.", count="fits"),
    "why_defender": "Laying out {layout} and laying off {layoff_cards} keeps {deadwood} deadwood, against the "
                    "knocker's {knocker_deadwood}.",
    "why_defender_melds": "Laying out {layout} with no lay-offs keeps {deadwood} deadwood, against the knocker's "
                          "{knocker_deadwood}.",
    "why_defender_layoffs": "Laying off {layoff_cards} with no melds keeps {deadwood} deadwood, against the "
                            "knocker's {knocker_deadwood}.",
    "why_defender_nothing": "Laying out nothing keeps {deadwood} deadwood, against the knocker's "
                            "{knocker_deadwood}.",
    "why_not_by_deadwood": "By deadwood alone the move made does as well or better: the difference is in how the "
                           "rest of the hand plays out, as the evaluator finds from the player's view.",
}
"""Why a reviewed decision's best move is better than the move made (:mod:`gintrainer.replay.why`): a
sentence for each of the two moves, with the engine's figures from the deciding seat's view."""


VIEW_MESSAGES: dict[str, str | Template] = {
    # the solver's discard table, on every page (labels, not sentences)
    "label_column_discard": Template("Discard", context="table column"),
    "label_column_deadwood": "Deadwood left",
    "label_column_knocks": "Can knock",
    "label_column_outs": "Draws that lower it",
    "label_column_expected": "Expected deadwood after the next draw",
    "label_column_marks": "Note",
    "label_knocks_gin": Template("gin", context="can knock"),
    "label_knocks_yes": Template("yes", context="can knock"),
    "label_knocks_no": Template("no", context="can knock"),
    "label_mark_answer": "the answer",
    "label_mark_best": "best",
    "label_mark_chosen": "your card",
    "label_mark_played": "played",
    # hands and the table
    "label_card_face_down": "a card face down",
    "label_meld_kind_set": Template("set", context="meld"),
    "label_meld_kind_run": Template("run", context="meld"),
    "label_meld_numbered_set": "meld {number}: set",
    "label_meld_numbered_run": "meld {number}: run",
    "label_deadwood": "deadwood",
    "deadwood_none": "No deadwood: every card is in a meld.",
    "label_deadwood_one": "Deadwood: {cards} = {points}",
    "label_deadwood_many": "Deadwood: {cards} = {sum} = {points}",
    "label_seat_dealer": "{player} (dealer)",
    "label_seat_non_dealer": "{player} (non-dealer)",
    "label_seat_dealer_you": "You (dealer)",
    "label_seat_non_dealer_you": "You (non-dealer)",
    "label_seat_to_play": "to play",
    "label_seat_knock": "knocked",
    "label_seat_gin": "went gin",
    "label_seat_big_gin": "went big gin",
    "label_discarded_face_down": "discarded face down",
    "label_laid_deadwood": "deadwood: {points}",
    "label_not_laid_yet": "not laid out yet: {points}",
    "no_deadwood_left": "No deadwood.",
    "phase_over": "The hand is over.",
    "phase_upcard": "{player} may take the upcard ({card}) or pass.",
    "phase_draw": "{player} draws from the stock or takes the top of the discard pile.",
    "phase_draw_stock": "{player} draws from the stock: both players passed the upcard.",
    "phase_discard": "{player} discards a card, or knocks.",
    "phase_knocker_layout": "{player} lays out their melds.",
    "phase_defender_layout": "{player} lays out their melds and lays off cards on the knocker's melds.",
    "phase_defender_layout_gin": "{player} lays out their melds: nothing may be laid off against gin.",
    # the same about the lessons' players (Ann, a woman; Ben, a man: PLAYER_PRONOUNS)
    "phase_knocker_layout_she": "{player} lays out her melds.",
    "phase_knocker_layout_he": "{player} lays out his melds.",
    "phase_defender_layout_she": "{player} lays out her melds and lays off cards on the knocker's melds.",
    "phase_defender_layout_he": "{player} lays out his melds and lays off cards on the knocker's melds.",
    "phase_defender_layout_gin_she": "{player} lays out her melds: nothing may be laid off against gin.",
    "phase_defender_layout_gin_he": "{player} lays out his melds: nothing may be laid off against gin.",
    "phase_upcard_you": "You may take the upcard ({card}) or pass.",
    "phase_draw_you": "You draw from the stock or take the top of the discard pile.",
    "phase_draw_stock_you": "You draw from the stock: both players passed the upcard.",
    "phase_discard_you": "You discard a card, or knock.",
    "phase_knocker_layout_you": "You lay out your melds.",
    "phase_defender_layout_you": "You lay out your melds and lay off cards on the knocker's melds.",
    "phase_defender_layout_gin_you": "You lay out your melds: nothing may be laid off against gin.",
    "label_stock": Template("stock: {count} card", "stock: {count} cards", count="count"),
    "label_pile": Template("discard pile: {count} card, top {top_card}", "discard pile: {count} cards, top {top_card}",
                           count="count"),
    "label_pile_empty": "discard pile: empty",
    "label_pile_all": Template("the whole pile, {count} card, the top on the right",
                               "the whole pile, {count} cards, the top on the right", count="count"),
    "label_hidden_cards": Template("{count} card", "{count} cards", count="count"),
    "label_hidden_cards_known": Template("{count} card; known from the pile: {known_cards}",
                                         "{count} cards; known from the pile: {known_cards}", count="count"),
    "label_knocker_deadwood": "knocker's deadwood: {points}",
    "label_nothing_laid": "nothing laid out yet",
    "label_your_melds": "your melds",
    # a puzzle's position
    "rules_line": Template("Rules: {rules}; knock limit {limit}. Stock: {stock} card.",
                           "Rules: {rules}; knock limit {limit}. Stock: {stock} cards.", count="stock"),
    "rules_line_upcard": Template(
        "Rules: {rules}; the first upcard was {upcard}, so the knock limit is {limit}. Stock: {stock} card.",
        "Rules: {rules}; the first upcard was {upcard}, so the knock limit is {limit}. Stock: {stock} cards.",
        count="stock"),
    "rules_line_gin_only": Template(
        "Rules: {rules}; the first upcard was {upcard}, so only gin may go out. Stock: {stock} card.",
        "Rules: {rules}; the first upcard was {upcard}, so only gin may go out. Stock: {stock} cards.",
        count="stock"),
    "label_drawn_stock": "drawn from the stock",
    "label_drawn_discard": "drawn from the discard pile",
    "label_opponent_known": "your opponent took these from the pile and still holds them",
    "label_opponent_known_one": "your opponent took this card from the pile and still holds it",
    "position_drawn_stock": "Drawn from the stock: {card}.",
    "position_drawn_discard": "Drawn from the discard pile: {card}.",
    "position_pile": Template("Top of the discard pile: {card} ({count} card).",
                              "Top of the discard pile: {card} ({count} cards).", count="count"),
    "position_pile_empty": "The discard pile is empty.",
    "position_known": "Your opponent took {cards} from the pile and still holds them.",
    "position_known_one": "Your opponent took {cards} from the pile and still holds it.",
    # score sheets
    "label_column_hand": Template("Hand", context="score sheet column"),
    "label_column_dealer": "Dealer",
    "label_column_result": "Result",
    "label_column_points": "{player}'s points",
    "label_column_points_you": "Your points",
    "label_result_knock": "{winner}: knock, {points}",
    "label_result_gin": "{winner}: gin, {points}",
    "label_result_big_gin": "{winner}: big gin, {points}",
    "label_result_undercut": "{winner}: undercut, {points}",
    "label_result_knock_you": "You: knock, {points}",
    "label_result_gin_you": "You: gin, {points}",
    "label_result_big_gin_you": "You: big gin, {points}",
    "label_result_undercut_you": "You: undercut, {points}",
    "label_result_dead": "dead hand: no score",
    "label_result_tie": "tie: no score",
    "label_result_playing": "in play",
    # layouts in words
    "label_meld_set": "{cards} (set)",
    "label_meld_run": "{cards} (run)",
    "label_deadwood_sum": "{cards} = {points}",
    "label_none": "none",
    "result_knocker_line": "{player} (knocker): melds {melds}; deadwood {deadwood}.",
    "result_defender_line": "{player} (defender): melds {melds}; lay-offs {layoffs}; deadwood {deadwood}.",
    "result_knocker_line_you": "You (knocker): melds {melds}; deadwood {deadwood}.",
    "result_defender_line_you": "You (defender): melds {melds}; lay-offs {layoffs}; deadwood {deadwood}.",
    # the defender's best reply (the engine's) when it beats the one made: its lay-offs (with the same melds as
    # made, else its melds and lay-offs), the cards it keeps and their sum, the deadwood the reply made kept
    # ({kept}) and the difference ({saved})
    "result_defender_missed": "{player} could have laid off {layoffs}: deadwood {deadwood} instead of {kept}, "
                              "{saved} points less.",
    "result_defender_missed_you": "You could have laid off {layoffs}: deadwood {deadwood} instead of {kept}, "
                                  "{saved} points less.",
    "result_defender_better": "{player}'s best reply was melds {melds}; lay-offs {layoffs}: deadwood {deadwood} "
                              "instead of {kept}, {saved} points less.",
    "result_defender_better_you": "Your best reply was melds {melds}; lay-offs {layoffs}: deadwood {deadwood} instead "
                                  "of {kept}, {saved} points less.",
    "key_layout": "Layout after discarding {card}: melds {melds}; deadwood {deadwood}.",
    "key_best_try": "Layout of the best try, discarding {card}: melds {melds}; deadwood {deadwood}.",
    "key_note": "For the teacher. Each answer comes with the solver's explanation and numbers: "
                "\u201c{deadwood_label}\u201d is the deadwood after each discard (best first); "
                "\u201c{expected_label}\u201d is the average deadwood after one more draw from the stock.",
    # the practice page's coach
    "label_coach": "Coach:",
    "coach_table": "Every discard, best first: the exact expected deadwood after your next draw, from what you can "
                   "see.",
    "coach_none_costly": "None of your draws or discards this hand cost anything by the solver's one-draw measure.",
    "coach_none_costly_but_advised": "Only the draws and discards the coach advised cost anything this hand by the "
                                     "solver's one-draw measure.",
    "coach_no_turn": "The hand ended before your first turn: there was no draw or discard of yours for the coach to "
                     "judge.",
    "coach_costliest": "Your costliest moves this hand, numbered as in the move log above.",
}
"""The words of the views (:mod:`gintrainer.material.drawing` and the pages): a name that
starts ``label_`` is a label, a caption or a table cell, not a sentence."""


def _catalog(*sections: Mapping[str, str | Template]) -> dict[str, Template]:
    catalog: dict[str, Template] = {}
    for section in sections:
        for name, entry in section.items():
            if name in catalog:
                raise GinError(f"the message {name!r} is defined twice")
            catalog[name] = entry if isinstance(entry, Template) else Template(entry)
    return catalog


CATALOG = _catalog(PUZZLE_MESSAGES, TAKE_DRAW_MESSAGES, KNOCK_LAYOUT_MESSAGES, DEFEND_MESSAGES, THEME_MESSAGES,
                   TRAINER_MESSAGES, REVIEW_MESSAGES, VIEW_MESSAGES)
"""Every message by name: its English template."""

def add_messages(section: Mapping[str, str | Template]) -> tuple[str, ...]:
    """Add a section of messages to :data:`CATALOG` (a puzzle kind's own, when the kind is
    registered); an entry already there with the same English is no change. Returns the
    names added. GinError for a name another sentence has."""
    added = []
    for name, template in _catalog(section).items():
        old = CATALOG.get(name)
        if old is None:
            CATALOG[name] = template
            added.append(name)
        elif old != template:
            raise GinError(f"the message {name!r} is defined twice")
    return tuple(added)


def remove_messages(names: Iterable[str]) -> None:
    """Take messages :func:`add_messages` added out of :data:`CATALOG` again (a kind unregistered)."""
    for name in names:
        CATALOG.pop(name, None)


PERSON_VALUES = frozenset({"player", "winner"})
"""The values that name the player a message is about."""
YOU = "_you"
"""The ending of a message's second-person form: ``label_seat_dealer_you`` is
``label_seat_dealer`` ("{player} (dealer)") said to the learner ("You (dealer)")."""


def _person_value(name: str) -> str:
    """The value of a message that names its player (a message about a player names one)."""
    found = CATALOG[name].fields & PERSON_VALUES
    if len(found) != 1:
        raise GinError(f"the message {name!r} names no player (or more than one)")
    return next(iter(found))


def _check_second_person(catalog: Mapping[str, Template]) -> None:
    """Each second-person form has its third-person message, and takes the same values but the player."""
    for name, template in catalog.items():
        if not name.endswith(YOU):
            continue
        third = name.removesuffix(YOU)
        if third not in catalog:
            raise GinError(f"the second-person message {name!r} has no third-person message {third!r}")
        if template.fields != catalog[third].fields - PERSON_VALUES or template.fields & PERSON_VALUES:
            raise GinError(f"the second-person message {name!r} takes other values than {third!r} without its player")


_check_second_person(CATALOG)


# -- values -------------------------------------------------------------------------

_HELD_BY_NAME = {"card": "card", "upcard": "card", "cards": "cards", "meld": "cards", "layout": "layout",
                 "expected": "fraction"}
_HELD_BY_ENDING = {"_card": "card", "_cards": "cards", "_meld": "cards", "_layout": "layout",
                   "_expected": "fraction"}


def _holds(name: str) -> str | None:
    """What a value's name says it holds: a ``card`` (named ``card``, ``upcard``
    or ``*_card``), ``cards`` (``cards``, ``meld``, ``*_cards`` or ``*_meld``), a
    ``layout`` of melds (``layout`` or ``*_layout``), an exact ``fraction`` (``expected`` or
    ``*_expected``); None for a number, a date or text."""
    if name in _HELD_BY_NAME:
        return _HELD_BY_NAME[name]
    return next((held for ending, held in _HELD_BY_ENDING.items() if name.endswith(ending)), None)


def _value(name: str, value: object) -> object:
    """A value checked against its name (see :func:`_holds`), cards and card text as cards."""
    held = _holds(name)
    # the casts name what parse_card and parse_cards take: they raise GinError for anything else
    if held == "card":
        return parse_card(cast("str | Card", value))
    if held == "cards":
        return parse_cards(cast("CardsLike", value), allow_duplicates=True)
    if held == "layout":
        if isinstance(value, (str, Card)):
            raise GinError(f"a layout is a list of melds, not {value!r}")
        return tuple(parse_cards(meld) for meld in cast("Iterable[CardsLike]", value))
    if held == "fraction":
        if isinstance(value, bool) or not isinstance(value, (int, str, Fraction)):
            raise GinError(f"the value {name!r} is an exact fraction, not {value!r}")
        try:
            return Fraction(value)
        except (ValueError, ZeroDivisionError):
            raise GinError(f"the value {name!r} is an exact fraction, not {value!r}") from None
    if isinstance(value, bool) or not isinstance(value, (int, str, Fraction, float, _dt.date)):
        raise GinError(f"the value {name!r} is a number, a date or text, not {value!r}")
    return value


def _plain(name: str, value: object) -> object:
    """A value as JSON keeps it: cards as their codes, a fraction as ``"123/41"``."""
    # the message's values were checked against their names by _value: cards are cards, a layout melds of cards
    if isinstance(value, Card):
        return value.code()
    if _holds(name) == "cards":
        return format_cards(cast("tuple[Card, ...]", value))
    if _holds(name) == "layout":
        return [format_cards(meld) for meld in cast("tuple[tuple[Card, ...], ...]", value)]
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, _dt.date):
        return value.isoformat()
    if isinstance(value, (Signed, Percent)):
        return int(value)
    return value


def format_value(value: object, lang: str | None = None) -> str:
    """A value in words: a card as ``7♥``, cards space-separated, melds between
    dots, a fraction or float to two places, a signed number with its sign, a
    percentage with ``%``, a date as ``2026-03-01`` (English forms; ``lang`` is
    for the languages to come); cards, signed numbers and dates kept left to right
    in a right-to-left language."""
    if isinstance(value, Card):
        return left_to_right(str(value), lang)
    if isinstance(value, tuple):
        if value and isinstance(value[0], tuple):
            return left_to_right(" · ".join(show_cards(meld) for meld in value), lang)
        return left_to_right(show_cards(value), lang)
    if isinstance(value, (Fraction, float)):
        return format_number(value, lang)
    if isinstance(value, Signed):  # the sign kept before the number in a right-to-left line
        return left_to_right(f"{int(value):+d}", lang)
    if isinstance(value, Percent):
        return format_percent(int(value), lang)
    if isinstance(value, _dt.date):
        return format_plain(value, lang)
    return str(value)


# -- messages -----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Message:
    """A sentence as data: the name of its template and its named values (cards,
    numbers, fractions, dates, text), kept in name order."""

    name: str
    values: tuple[tuple[str, object], ...] = ()

    def __post_init__(self) -> None:
        template = CATALOG.get(self.name) if isinstance(self.name, str) else None
        if template is None:
            raise GinError(f"no message named {self.name!r}")
        values = tuple(sorted((str(k), _value(str(k), v)) for k, v in self.values))
        given = {k for k, _ in values}
        if given != template.fields:
            raise GinError(f"the message {self.name!r} takes the values {', '.join(sorted(template.fields)) or 'none'}"
                           f", not {', '.join(sorted(given)) or 'none'}")
        object.__setattr__(self, "values", values)

    def __getitem__(self, name: str) -> Any:  # what a value holds, its name says (see _holds)
        for key, value in self.values:
            if key == name:
                return value
        raise KeyError(name)

    def get(self, name: str, default: object = None) -> Any:  # as __getitem__
        try:
            return self[name]
        except KeyError:
            return default

    def to_data(self) -> list[object]:
        """``[name, {value name: value}]``, as JSON keeps it."""
        return [self.name, {k: _plain(k, v) for k, v in self.values}]

    @classmethod
    def from_data(cls, data: Any) -> Message:  # JSON as read: its shape is checked here
        """The message of :meth:`to_data`; raises GinError for anything else."""
        try:
            name, values = data
            values = dict(values)
        except (TypeError, ValueError):
            raise GinError(f"a message is [name, {{values}}], not {data!r}") from None
        return cls(name, tuple(values.items()))


def say(name: str, **values: object) -> Message:
    """A message from its name and values."""
    return Message(name, tuple(values.items()))


def addresses(seat: int, you: int | None) -> bool:
    """Whether words about the player in ``seat`` are said to the learner: ``you`` is
    the learner's seat (None: the learner plays no seat, as in a lesson's Ann and Ben).
    Every choice between a sentence about a player and the same sentence said to the
    learner is this one."""
    return you is not None and seat == you


def say_about(name: str, seat: int, names: Sequence[str], you: int | None = None, **values: object) -> Message:
    """The message ``name`` about the player in ``seat``: said to the learner (its
    second-person form, ``name`` + :data:`YOU`, without the player's name) when that
    seat is the learner's (``you``), else with the seat's name (``names[seat]``) as
    its player value.

    >>> render(say_about("label_seat_dealer", 0, ("Ann", "Ben")))
    'Ann (dealer)'
    >>> render(say_about("label_seat_dealer", 0, ("You", "Ben"), you=0))
    'You (dealer)'
    """
    if addresses(seat, you):
        return say(name + YOU, **values)
    return say(name, **{_person_value(name): names[seat]}, **values)


def render(message: Message | Iterable[Message], lang: str | None = None) -> str:
    """A message in words in a language (the current one by default); several
    messages one after another.

    >>> render([say("grade_right"), say("hint_count")])
    'Right. Count the deadwood after each discard.'
    """
    if not isinstance(message, Message):
        return " ".join(render(m, lang) for m in message)
    lang = check_language(lang or current_language())
    t = translations(lang)
    template = CATALOG[message.name]
    if template.plural is not None and template.count is not None:
        text = t.npgettext(message.name, template.text, template.plural, message[template.count])
    else:
        text = t.pgettext(message.name, template.text)
    return text.format(**{k: format_value(v, lang) for k, v in message.values})


__all__ = ["CATALOG", "LANGUAGES", "PERSON_VALUES", "VIEW_MESSAGES", "YOU", "Message", "Percent", "Signed", "Template",
           "add_messages", "addresses", "format_value", "remove_messages", "render", "say", "say_about",
           "translations"]
