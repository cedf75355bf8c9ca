"""The sentences of puzzles: each a whole template with named values, kept in a
puzzle's record as an id and its values, and written in words when shown.

Values are plain data: a card is its code (``"7H"``), cards are codes separated
by spaces, a layout is a list of melds, an expectation is an exact fraction
(``"123/41"``), a theme is its name, the rest are whole numbers. How a value is
written follows from its name (see :func:`value_text`).

>>> s = say("ck_next", card="7H", deadwood=12)
>>> s.text()
'Next best: discarding 7♥ leaves 12.'
>>> Sentence.from_data(s.to_data()) == s
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..cards import parse_card, parse_cards, show_cards
from ..errors import GinError

TEMPLATES = {
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
    "position_count_known": "The 52 cards: your 11, your opponent's 10, {pile} in the discard pile and {stock} in "
                            "the stock. You have not seen {unseen} of them: the stock and your opponent's hand, "
                            "less the {known} you saw your opponent take from the pile.",
    # "can you knock?": yes
    "ck_gin": "Yes: discarding {card} leaves 0: the other ten cards all meld ({layout}), so that is gin.",
    "ck_knock": "Yes: discarding {card} leaves {deadwood} ({deadwood_cards}), within the knock limit of "
                "{limit}; lay out {layout}.",
    "ck_also": "Discarding {card} also knocks: it leaves {deadwood}.",
    "ck_also_many": "{count} other discards also knock; the solver's table lists them.",
    "ck_naive_trap": "Throwing {card}, the highest deadwood card you may discard, is a trap: it leaves "
                     "{deadwood}, over the limit.",
    "ck_naive_trap_melded": "All eleven cards meld, so the beginner's rule throws the highest card you may "
                            "discard, {card}: that breaks a meld and leaves {deadwood}, over the limit.",
    # "can you knock?": no
    "ck_no": "No: the best discard, {card}, leaves {deadwood}, over the knock limit of {limit}.",
    "ck_no_gin_only": "No: the best discard, {card}, leaves {deadwood}, and with an ace upcard only gin may go "
                      "out.",
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
    "look_draws": "Of the {unseen} unseen cards, {outs} would lower what you keep: {meld_count} by forming or "
                  "extending a meld ({meld_cards}) and {low_count} as low cards kept instead of a higher one.",
    "look_draws_melds": "Of the {unseen} unseen cards, {outs} would lower what you keep, each by forming or "
                        "extending a meld: {meld_cards}.",
    "look_draws_low": "Of the {unseen} unseen cards, {outs} would lower what you keep, each as a low card kept "
                      "instead of a higher one; none would form a meld.",
    "look_draws_none": "None of the {unseen} unseen cards would lower what you keep.",
    "look_runner": "The runner-up, {card}, leaves {deadwood} now and {expected} on average: {outs} unseen cards "
                   "would lower it, {meld_count} of them by forming or extending a meld.",
    "look_runner_naive": "The runner-up is {card}, the highest deadwood card you may discard: it leaves "
                         "{deadwood} now and {expected} on average; {outs} unseen cards would lower it, "
                         "{meld_count} of them by forming or extending a meld.",
    "look_naive": "{card}, the highest deadwood card you may discard, is not the answer: discarding it leaves "
                  "{deadwood} now but {expected} on average; {outs} unseen cards would lower it, {meld_count} of "
                  "them by forming or extending a meld.",
    "look_keeps": "Keeping {card} keeps these draws: {draw_cards} ({count} unseen) would meld with it.",
    # verdicts on an answer
    "grade_missed_knock": "Not quite: you can knock.",
    "grade_no_right": "Right: no discard gets within the limit.",
    "grade_no_knock": "Not quite: no discard knocks here.",
    "grade_yes_right": "Right, you can knock. Now choose the discard.",
    "grade_right": "Right.",
    "grade_wrong_knock": "Not {card}: discarding {card} leaves {deadwood}, over the knock limit of {limit}.",
    "grade_wrong_gin": "Not {card}: discarding {card} leaves {deadwood}, and only gin may go out.",
    "grade_wrong_deadwood": "Not the best: discarding {card} leaves {deadwood}, {cost} more than discarding "
                            "{best_card}.",
    "grade_wrong_lookahead": "Not the best: discarding {card} leaves {deadwood} now and {expected} on average "
                             "after the next draw, {cost_expected} more than discarding {best_card}.",
    "answer_no": "No: no discard gets within the knock limit.",
    "answer_one": "Discard {card}.",
    "answer_two": "Discard {card} or {other_card}.",
    "answer_any": "Discard any of {cards}.",
    # hints
    "hint_arrange": "Arrange the melds first, then count what is left.",
    "hint_cards": "Look closely at {cards}.",
    "hint_count": "Count the deadwood after each discard.",
    "hint_no": "Answer: no, you cannot knock.",
    "hint_knock": "Answer: yes, knock by discarding {card}.",
    "hint_knock_any": "Answer: yes, knock by discarding any of {cards}.",
    "hint_discard": "Answer: discard {card}.",
    "hint_discard_two": "Answer: discard {card} or {other_card}.",
}
"""Every sentence of a puzzle by id; the theme hints are ``hint_theme`` (value
``theme``: the theme's own hint)."""


def value_text(name: str, value) -> str:
    """A value in words, by its name: ``card``/``*_card`` one card;
    ``cards``/``*_cards``/``*_meld`` cards; ``layout`` melds; ``expected``/``*_expected``
    an exact fraction to two places; the rest as they are."""
    if name == "card" or name.endswith("_card") or name == "upcard":
        return str(parse_card(value))
    if name == "cards" or name.endswith("_cards") or name == "meld" or name.endswith("_meld"):
        return show_cards(value)
    if name == "layout":
        return " · ".join(show_cards(m) for m in value)
    if name == "expected" or name.endswith("_expected"):
        return f"{float(Fraction(value)):.2f}"
    return str(value)


@dataclass(frozen=True)
class Sentence:
    """One sentence: a template id and its named values (plain data)."""

    id: str
    values: tuple[tuple[str, object], ...] = ()

    def __post_init__(self) -> None:
        if self.id not in TEMPLATES and self.id != "hint_theme":
            raise GinError(f"no sentence template {self.id!r}")

    def __getitem__(self, name: str):
        for key, value in self.values:
            if key == name:
                return value
        raise KeyError(name)

    def get(self, name: str, default=None):
        try:
            return self[name]
        except KeyError:
            return default

    def cards(self, name: str):
        """A card-valued value as cards."""
        return parse_cards(self[name])

    def text(self) -> str:
        """The sentence in words."""
        if self.id == "hint_theme":
            from .themes import THEMES
            return THEMES[self["theme"]].hint
        words = {name: value_text(name, value) for name, value in self.values}
        try:
            return TEMPLATES[self.id].format(**words)
        except KeyError as missing:
            raise GinError(f"sentence {self.id!r} lacks the value {missing}") from None

    def to_data(self) -> list:
        """``[id, {name: value}]``, as JSON keeps it."""
        return [self.id, {k: list(v) if isinstance(v, tuple) else v for k, v in self.values}]

    @classmethod
    def from_data(cls, data) -> Sentence:
        try:
            ident, values = data
            return cls(str(ident), tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in dict(values).items()))
        except (TypeError, ValueError):
            raise GinError(f"a sentence is [id, values], not {data!r}") from None


def _plain(value):
    """Cards to codes, fractions to exact text; numbers and text as they are."""
    from ..cards import Card
    if isinstance(value, Card):
        return value.code()
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    if isinstance(value, (tuple, list)):
        if value and all(isinstance(v, Card) for v in value):
            return " ".join(c.code() for c in value)
        return tuple(_plain(v) for v in value)
    return value


def say(ident: str, **values) -> Sentence:
    """A sentence from its id and values (cards, fractions, numbers, text)."""
    return Sentence(ident, tuple((k, _plain(v)) for k, v in values.items()))


def render(sentences) -> str:
    """Sentences in words, one after another."""
    return " ".join(s.text() for s in sentences)
