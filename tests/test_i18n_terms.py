"""One term per concept in each catalog (``/work/shared/TERMS.md``'s choices):
every translation is read for the forms the translators' notes rule out, each
rule with the reason a learner would be misled.

A rule names a pattern a translation must not contain, optionally only where
the English says something (``only``) or except where it does (``unless``).

    pytest tests/test_i18n_terms.py
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from gintrainer import catalogs


@dataclass(frozen=True)
class Entry:
    english: str
    translation: str
    context: str | None

    def __str__(self) -> str:
        where = f" ({self.context})" if self.context else ""
        return f"{self.english[:70]!r}{where}: {self.translation[:140]!r}"


@cache
def entries(lang: str) -> tuple[Entry, ...]:
    found: list[Entry] = []
    for message in catalogs.read(catalogs.po_path(lang), lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        forms = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        found.extend(Entry(" ".join(ids), form, message.context) for form in forms if form)
    return tuple(found)


@dataclass(frozen=True)
class Rule:
    lang: str
    why: str
    banned: str
    only: str | None = None
    unless: str | None = None

    def breaks(self, entry: Entry) -> bool:
        if self.only and not re.search(self.only, entry.english, re.I):
            return False
        if self.unless and re.search(self.unless, entry.english, re.I):
            return False
        return re.search(self.banned, entry.translation) is not None


_PS_SINGULAR = ("کړه", "وکړه", "واخله", "وګوره", "راښکه", "غورځوه", "وغورځوه", "کېږده", "وساته", "پرانیزه",
                "وپوښته", "وښیه", "وازمویه", "وسپاره", "شه", "ولوبوه", "ورکړې")
"""Pashto's familiar singular imperatives (and the subjunctive ورکړې) the buttons and instructions used."""

LAYING_OFF = r"\b(lay|lays|laying|laid)\b(\s+\w+)?\s+off\b|\blay-offs?\b"

RULES = (
    Rule("ku", "dest (hand) is masculine: its ezafe is destê, never desta", r"\b[Dd]esta\b"),
    Rule("ku", "dijber is the defender after a knock; an opponent in general is hevrik",
         r"\b[Dd]ijber", unless=r"\bdefender"),
    Rule("ku", "a bare kom is a meld: a class set is koma mamikan, a set of cards set",
         r"\b[Kk]om(?:a|ê|an|ek|eke|ekê|ekî|ên)?\b(?! mamikan)", only=r"\bsets?\b", unless=r"\bmelds?\b"),
    Rule("ku", "lê zêde kirin is laying off: adding a meld of one's own is making it (çêkirin)",
         r"\blê\s*zêde", unless=LAYING_OFF),
    Rule("ku", "a card's rank is its hejmar: rêz is a run", r"\b[Rr]êz(?!kirin|\s+bike)",
         only=r"\branks?\b", unless=r"\bruns?\b|\bin a row\b|\bsequence\b"),
    Rule("ku", "a bonus is xelat (xelata ginê, xelata binbirînê), not the loanword bonus",
         r"(?i)\bbonus\w*(?![^{]*\})"),
    Rule("tr", "maça is the suit; where it could be read as maç's dative (to the match) it needs türü or ♠",
         r"(?<!♠ )\bmaça\b(?!\s*(?:\(?♠|türü|$))"),
    Rule("tr", "a placeholder of cards may hold one card: no plural kartlar… after it (rephrase with a colon)",
         r"\{(?!who\b|player\b|dealer\b|non_dealer\b|meld\w*\b)\w+\}\s+kartlar"),
    Rule("ps", "one register: buttons and instructions speak in the polite plural (واخلئ, پرانیزئ, وګورئ)",
         r"(?<!\w)(?:" + "|".join(_PS_SINGULAR) + r")(?!\w)"),
    Rule("ps", "default is اصلي, not the transliteration ډیفالټ", r"ډیفالټ"),
    Rule("ps", "وار (a turn) is masculine: لومړی وار, په خپل لومړي وار کې", r"(?:لومړۍ|خپله)\s+(?:\w+\s+)?وار(?!\w)"),
    Rule("ps", "a counterfactual (what would have been, had the card been taken or placed) ends in وای, not وي",
         r"(?<!\w)به(?!\w)[^.؛]*(?<!\w)وي(?!\w)",
         only=r"\b(?:with it|instead) \w+ would\b|\bwould again\b|\bwould be the one\b"),
    Rule("ps", "counts and scores in the Latin digits of the cards, never Eastern Arabic or Persian ones",
         r"[\u0660-\u0669\u06f0-\u06f9]"),
    Rule("ku", "the computer is spelt kompûter, as the pages write it, never komputer", r"\b[Kk]omputer"),
    Rule("ku", "a knocker's layout is dabeşkirin (TERMS.md), not rêzkirin", r"\b[Rr]êzkirin",
         only=r"\blayouts?\b|\blays? out\b"),
    Rule("ps", "a meld's number is its name after the noun (ډله 2), not a count before it (2 ډله: two melds)",
         r"\{(?:number|meld|target|first|second)\}\s+(?:او\s+\{\w+\}\s+)?ډل",
         only=r"\bmelds? \{(?:number|target|first)\}|(?<!the )\bmeld \{meld\}"),
    Rule("ps", "the coach in words is په کلمو: ټکي are points, and په ټکو reads as 'in points'", r"په ټکو(?!\w)",
         only=r"\bin words\b"),
)


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: f"{rule.lang}: {rule.why[:50]}")
def test_no_translation_uses_a_form_its_terms_rule_out(rule):
    found = [str(entry) for entry in entries(rule.lang) if rule.breaks(entry)]
    assert found == [], f"{rule.why}:\n" + "\n".join(found)


EVALUATOR = {"tr": r"[Dd]eğerlendirici", "ku": r"\b[Nn]irxander", "ps": r"ارزونک[یي]"}
"""Each language's one word for the evaluator (the engine that judges the moves of a hand's review), as the
review pages use it: a learner who meets it in a review, a tutor's warning or the computer player's level
reads one name for one judge."""


@pytest.mark.parametrize("lang", sorted(EVALUATOR))
def test_every_entry_naming_the_evaluator_uses_the_one_word_of_the_review_pages(lang):
    named = [entry for entry in entries(lang) if re.search(r"\bevaluators?\b", entry.english, re.I)]
    assert named
    assert [str(entry) for entry in named if not re.search(EVALUATOR[lang], entry.translation)] == []


LESSONS = Path(__file__).resolve().parents[1] / "lessons"


def lesson_prose(lang: str) -> list[tuple[str, Entry]]:
    """Each markdown cell of the language's lesson notebooks with the English notebook's
    cell at the same place (the notebooks keep the English cells' order)."""
    found = []
    for path in sorted((LESSONS / lang).glob("*.ipynb")):
        ours = json.loads(path.read_text(encoding="utf-8"))["cells"]
        english = json.loads((LESSONS / path.name).read_text(encoding="utf-8"))["cells"]
        for number, (cell, source) in enumerate(zip(ours, english, strict=True)):
            if cell["cell_type"] == "markdown":
                found.append((f"{path.name} cell {number}", Entry("".join(source["source"]), "".join(cell["source"]),
                                                                   None)))
    return found


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: f"{rule.lang}: {rule.why[:50]}")
def test_no_lesson_notebook_uses_a_form_its_terms_rule_out(rule):
    """The lessons' prose holds the same terms (and quotes the buttons as they now read)."""
    found = [f"{where}: {entry.translation[:100]!r}" for where, entry in lesson_prose(rule.lang) if rule.breaks(entry)]
    assert found == [], f"{rule.why}:\n" + "\n".join(found)


NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
"""Digits as a sentence writes them (``\\d`` takes Eastern Arabic and Persian digits too)."""
DECIMAL = re.compile(r"(?<![\d.,])\d+[.,]\d+(?![\d.,])")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def numbers(text: str) -> set[str]:
    return set(NUMBER.findall(PLACEHOLDER.sub(" ", text)))


def test_no_english_sentence_writes_a_decimal_the_code_computes():
    """A decimal (an expected deadwood) is a value filled in where the sentence is shown and
    written by each language's rules (21.45, 21,45), never digits copied into a sentence."""
    found = [text for message in catalogs.template() if message.id
             for text in (message.id if isinstance(message.id, (tuple, list)) else (message.id,))
             if text and DECIMAL.search(PLACEHOLDER.sub(" ", text))]
    assert found == []


@pytest.mark.parametrize("lang", catalogs.TRANSLATED)
def test_a_translation_writes_no_number_its_english_does_not(lang):
    """Every number of a translation is one its English writes, in the same digits: a value
    the English leaves to a placeholder is never written into the translation."""
    found = [f"{sorted(numbers(entry.translation) - numbers(entry.english))} in {entry}" for entry in entries(lang)
             if numbers(entry.translation) - numbers(entry.english)]
    assert found == [], "\n".join(found)


@pytest.mark.parametrize(("english", "translation", "extra"), [
    ("which expects {draw}.", "ku bi navînî 14.95 dide.", {"14.95"}),
    ("(beklenen {draw})", "(beklenen 21,45)", {"21,45"}),
    ("The 52 cards: your 10", "۵۲ کارتونه: ستاسو ۱۰", {"۵۲", "۱۰"}),
    ("The 52 cards: your 10", "52 کارتونه: ستاسو 10", set()),
])
def test_the_number_check_finds_numbers_the_english_does_not_write(english, translation, extra):
    assert numbers(translation) - numbers(english) == extra


@pytest.mark.parametrize(("rule", "english", "translation"), [
    (RULES[0], "Defender's hand: {cards}", "Desta dijber: {cards}"),
    (RULES[1], "Do not feed the opponent", "Dijberê xwe têr neke"),
    (RULES[2], "the end of the set ({n} puzzles)", "di komê de {n} mamik hene"),
    (RULES[3], "Add meld", "Komê lê zêde bike"),
    (RULES[4], "The cards of its rank you do not hold: {outs}.", "Qertên rêza wê yên ku ne li cem te ne: {outs}."),
    (RULES[5], "A tie is an undercut: the defender scores {points}, with the bonus of {bonus}.",
     "dijber {points} xal distîne, bi bonusa {bonus}."),
    (RULES[6], "oklahoma spades double", "Oklahoma'da maça çift puan"),
    (RULES[7], "Lay off {cards} on the knocker's {meld}.", "{cards} kartlarını kapı çalanın {meld} perine işle."),
    (RULES[8], "Take the discard", "غورځول شوی کارت واخله"),
    (RULES[8], "Open", "پرانیزه"),
    (RULES[9], "hands to play (default 200)", "د لوبولو لپاره دورې (ډیفالټ 200)"),
    (RULES[10], "Ben knocks on his first turn, with {cards}.", "Ben په خپله لومړۍ وار کې د {cards} سره ټکوي."),
    (RULES[11], "Ben threw Q♦; with it Ann would still be at 24.", "له هغه سره به Ann لا هم په 24 وي."),
    (RULES[12], "The 52 cards: your 10", "۵۲ کارتونه: ستاسو ۱۰"),
    (RULES[13], "Play against the computer", "Li hember komputerê bilîze"),
    (RULES[14], "Recorded: your layout.", "Hate tomarkirin: rêzkirina te."),
    (RULES[15], "lay off {card} on meld {number}", "د {card} اضافه کول پر {number} ډله"),
    (RULES[15], "{card} fits melds {first} and {second}: say which", "{card} له {first} او {second} ډلو سره سمون لري"),
    (RULES[16], "in words (for beginners)", "په ټکو (د پیل کوونکو لپاره)"),
])
def test_each_rule_finds_the_form_it_was_written_for(rule, english, translation):
    assert rule.breaks(Entry(english, translation, None))


@pytest.mark.parametrize(("rule", "english", "translation"), [
    (RULES[0], "The defender's hand", "Destê dijber"),
    (RULES[1], "Undercut (defender < knocker)", "Binbirîn (dijber < lêder)"),
    (RULES[2], "Make the set", "Koma mamikan çêke"),
    (RULES[2], "Taking {card} adds it to your meld {meld}.", "ew dikeve koma te {meld}"),
    (RULES[3], "5♣ extends the run: lay it off too.", "wê jî lê zêde bike."),
    (RULES[4], "Three or four cards of one rank.", "Sê an çar qertên bi heman hejmarê."),
    (RULES[5], "Gin earns a bonus of {bonus} points.", "Gin xelata {bonus} xalan qezenc dike."),
    (RULES[6], "spades", "maça"),
    (RULES[6], "four suits", "dört tür (♣ sinek, ♦ karo, ♥ kupa, ♠ maça)"),
    (RULES[7], "{who} lays out automatically.", "{who} kartlarını otomatik olarak açar."),
    (RULES[8], "Take the discard", "غورځول شوی کارت واخلئ"),
    (RULES[8], "decide which meld it belongs to", "پرېکړه وکړئ چې په کومه ډله پورې اړه لري"),
    (RULES[10], "The first turn starts with an offer.", "لومړی وار په یوه وړاندیز پیلېږي."),
    (RULES[10], "who begins the first hand", "لومړۍ دوره"),
    (RULES[11], "Ben threw Q♦; with it Ann would still be at 24.", "له هغه سره به Ann لا هم په 24 وای."),
    (RULES[12], "The 52 cards: your 10", "52 کارتونه: ستاسو 10"),
    (RULES[13], "Play against the computer", "Li hember kompûterê bilîze"),
    (RULES[14], "Recorded: your layout.", "Hate tomarkirin: dabeşkirina te."),
    (RULES[14], "Mistakes are listed by their reason.", "Şaşî bi sedema xwe tên rêzkirin."),
])
def test_each_rule_passes_the_chosen_form(rule, english, translation):
    assert not rule.breaks(Entry(english, translation, None))


EQUATION = re.compile(r"\{\w+\}(?:\s*[=+−]\s*\{\w+\})+")
"""An equation of placeholders, ``{cards} = {sum} = {points}``: the English writes it as a sum worked out."""


def test_a_pashto_equation_is_held_left_to_right_whole():
    """Pashto's right-to-left line laid an equation's parts out from the right: "ګډوډ کارتونه: A♣ 3♠ 4♦ = 1 + 3 +
    4 = 8" read "8 = 1 + 3 + 4 = A♣ 3♠ 4♦" (each value was isolated, the equals signs and the total were not).
    Where the Pashto writes an equation of placeholders in signs (not in words: "{k} منفي {d}"), it holds the
    whole of it in one left-to-right isolate."""
    found, held = [], 0
    for entry in entries("ps"):
        outside = re.sub("\u2066[^\u2069]*\u2069", " ", entry.translation)
        found += [f"{equation!r} not isolated in {entry.translation!r}" for equation in EQUATION.findall(outside)]
        held += len(EQUATION.findall(entry.translation)) - len(EQUATION.findall(outside))
    assert found == [] and held >= 6
