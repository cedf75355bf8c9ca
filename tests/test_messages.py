"""Messages: a name and values, written in words only when shown, every word
taken from the catalog through the gettext interface."""

from __future__ import annotations

import datetime as dt
import gettext
import json
from fractions import Fraction

import pytest

from gintrainer.engine.cards import parse_card, parse_cards
from gintrainer.material import messages
from gintrainer.material.messages import (
    CATALOG,
    THEME_MESSAGES,
    Message,
    Percent,
    Signed,
    Template,
    format_value,
    render,
    say,
)
from gintrainer.puzzles import THEMES
from gintrainer.words.errors import GinError


def sample_values(template: Template, count: int = 2) -> dict:
    """A value of the right kind for every value a template takes."""
    values: dict[str, object] = {}
    for name in template.fields:
        if name in ("card", "upcard") or name.endswith("_card"):
            values[name] = parse_card("7H")
        elif name in ("cards", "meld") or name.endswith(("_cards", "_meld")):
            values[name] = parse_cards("7H 8H 9H")
        elif name == "layout" or name.endswith("_layout"):
            values[name] = (parse_cards("7H 8H 9H"), parse_cards("KC KD KS"))
        elif name == "expected" or name.endswith("_expected"):
            values[name] = Fraction(59, 8)
        elif name == "date":
            values[name] = dt.date(2026, 3, 1)
        elif name == "change":
            values[name] = Signed(-3)
        elif name == "chance":
            values[name] = Percent(91)
        else:
            values[name] = count
    return values


def every_message(count: int = 2):
    return [say(name, **sample_values(template, count)) for name, template in CATALOG.items()]


def test_a_message_is_a_name_and_values_in_name_order():
    a = say("grade_wrong_deadwood", card="7H", deadwood=12, cost=3, best_card=parse_card("2C"))
    b = say("grade_wrong_deadwood", best_card="2c", cost=3, deadwood=12, card=parse_card("7H"))
    assert a == b and hash(a) == hash(b) and a["card"] is parse_card("7H") and a.get("limit") is None
    assert [k for k, _ in a.values] == ["best_card", "card", "cost", "deadwood"]
    assert render(a) == "Not the best: discarding 7♥ leaves 12, 3 more than discarding 2♣."


@pytest.mark.parametrize("name, values, fragment", [
    ("no_such_message", {}, "no message named 'no_such_message'"),
    ("ck_next", {"card": "7H"}, "takes the values card, deadwood, not card"),
    ("ck_next", {"card": "7H", "deadwood": 3, "limit": 10}, "not card, deadwood, limit"),
    ("grade_right", {"card": "7H"}, "takes the values none, not card"),
    ("ck_next", {"card": "7Z", "deadwood": 3}, "'7Z'"),
    ("ck_next", {"card": "7H", "deadwood": True}, "not True"),
    ("ck_next", {"card": "7H", "deadwood": [3]}, "not [3]"),
    ("look_answer", {"card": "7H", "deadwood": 3, "expected": "a third"}, "exact fraction, not 'a third'"),
    ("look_answer", {"card": "7H", "deadwood": 3, "expected": "1/0"}, "exact fraction, not '1/0'"),
    ("ck_gin", {"card": "7H", "layout": "7H 8H 9H"}, "a layout is a list of melds"),
])
def test_a_message_that_does_not_fit_its_template_is_refused(name, values, fragment):
    with pytest.raises(GinError) as error:
        say(name, **values)
    assert fragment in str(error.value)


@pytest.mark.parametrize("data", [None, "ck_next", ["ck_next"], ["ck_next", 3], ["ck_next", {"card": "7H"}],
                                  [1, {}], {"name": "grade_right"}])
def test_bad_message_data_is_refused_with_a_gin_error(data):
    with pytest.raises(GinError):
        Message.from_data(data)


def test_every_message_survives_json_and_back():
    for message in every_message():
        data = json.loads(json.dumps(message.to_data()))
        if any(isinstance(v, (Signed, Percent, dt.date)) for _, v in message.values):
            continue  # made when shown (a rating, a date answered), never stored
        assert Message.from_data(data) == message, message.name
        assert render(Message.from_data(data)) == render(message)


def test_values_are_written_by_the_renderer():
    assert format_value(parse_card("TD")) == "10♦"
    assert format_value(parse_cards("7H 8H 9H")) == "7♥ 8♥ 9♥"
    assert format_value((parse_cards("7H 8H 9H"), parse_cards("KC KD KS"))) == "7♥ 8♥ 9♥ · K♣ K♦ K♠"
    assert format_value(Fraction(1159, 39)) == "29.72" and format_value(Fraction(3)) == "3.00"
    assert [format_value(Signed(n)) for n in (20, -473, 0)] == ["+20", "-473", "+0"]
    assert format_value(Percent(91)) == "91%" and format_value(12) == "12"
    assert format_value(dt.date(2026, 3, 1)) == "2026-03-01"


def test_plural_forms_are_whole_sentences_chosen_by_the_count():
    plurals = {name: t for name, t in CATALOG.items() if t.plural is not None}
    assert {"look_keeps", "row_plain", "look_runner", "ck_also_many"} <= set(plurals)
    for name, template in plurals.items():
        one = render(say(name, **sample_values(template, 1)))
        two = render(say(name, **sample_values(template, 2)))
        assert one == template.text.format(**{k: format_value(v) for k, v in
                                             sample_values(template, 1).items()}), name
        assert two == template.plural.format(**{k: format_value(v) for k, v in
                                                sample_values(template, 2).items()}), name
    assert render(say("row_plain", card="7H", deadwood=5, outs=1, expected=Fraction(7, 2))) == \
        "7♥: leaves 5 deadwood, 1 out, 3.50 expected after the next draw."
    assert render(say("row_plain", card="7H", deadwood=5, outs=0, expected=Fraction(7, 2))) == \
        "7♥: leaves 5 deadwood, 0 outs, 3.50 expected after the next draw."


def test_a_template_is_checked_when_written():
    with pytest.raises(GinError, match="names its count"):
        Template("{n} card", "{n} cards")
    with pytest.raises(GinError, match="not a value"):
        Template("{n} card", "{n} cards", count="m")
    with pytest.raises(GinError, match="other values"):
        Template("{n} card", "{m} cards", count="n")
    with pytest.raises(GinError, match="defined twice"):
        messages._catalog({"a": "A."}, {"a": "Another A."})


def test_no_template_is_a_piece_of_a_sentence():
    for name, template in CATALOG.items():
        for text in filter(None, (template.text, template.plural)):
            assert text == text.strip() and "{s}" not in text and "(s)" not in text, name
            assert text[-1] in ".?!:)" or name.startswith(("theme_title_", "label_")), name
            assert text[0].isupper() or text[0] in "{(" or name.startswith("label_"), name


class Marking(gettext.NullTranslations):
    """A pseudo-language: every sentence comes back marked, so any word written
    outside the translations shows."""

    def __init__(self):
        super().__init__()
        self.calls = []

    def gettext(self, message):
        self.calls.append(("gettext", message))
        return f"⟦{message}⟧"

    def pgettext(self, context, message):
        self.calls.append(("pgettext", context, message))
        return f"⟦{message}⟧"

    def ngettext(self, singular, plural, n):
        self.calls.append(("ngettext", singular, plural, n))
        return f"⟦{singular if n == 1 else plural}⟧"

    def npgettext(self, context, singular, plural, n):
        self.calls.append(("npgettext", context, singular, plural, n))
        return f"⟦{singular if n == 1 else plural}⟧"


def test_rendering_takes_every_word_from_the_translations(monkeypatch):
    """Each message is looked up under its name as the gettext context, in both forms
    when a count changes its words."""
    marking = Marking()
    monkeypatch.setattr(messages, "translations", lambda lang: marking if lang == "tr" else gettext.NullTranslations())
    for message in every_message():
        text = render(message, "tr")
        assert text.startswith("⟦") and text.endswith("⟧") and text.count("⟦") == 1, message.name
        template = CATALOG[message.name]
        call = marking.calls[-1]
        if template.plural is not None:
            assert call == ("npgettext", message.name, template.text, template.plural, message[template.count])
        else:
            assert call == ("pgettext", message.name, template.text)
    assert render([say("grade_right"), say("hint_count")], "tr") == "⟦Right.⟧ ⟦Count the deadwood after each discard.⟧"


def test_a_language_the_trainer_does_not_speak_is_refused():
    with pytest.raises(GinError, match="no language 'de': use en, tr, ku, ps"):
        render(say("grade_right"), "de")


def test_every_theme_has_a_title_a_description_and_a_hint():
    names = {name for name in THEME_MESSAGES if name.startswith("theme_")}
    assert names == {f"theme_{part}_{theme}" for theme in THEMES for part in ("title", "about", "hint")}
    assert CATALOG["theme_title_gin"].context == "puzzle theme"  # "Gin" alone is also the game's word
    assert THEMES["gin"].title == "Gin" and THEMES["gin"].hint_message == say("theme_hint_gin")
