"""What the catalogs' translations say and how gettext's own tools read them:
``msgfmt --check-format`` passes over every catalog."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from gintrainer import catalogs

MSGFMT = shutil.which("msgfmt")
needs_msgfmt = pytest.mark.skipif(MSGFMT is None, reason="msgfmt is not installed (Debian's gettext package: "
                                                         "apt-get install gettext; .ci/run installs it)")


def _msgfmt_check(path) -> subprocess.CompletedProcess:
    return subprocess.run([MSGFMT, "--check-format", "--check-header", "-o", "/dev/null", str(path)],
                          capture_output=True, text=True, check=False)


@needs_msgfmt
@pytest.mark.parametrize("lang", catalogs.TRANSLATED)
def test_every_catalog_passes_msgfmt_check_format(lang):
    """gettext's msgfmt compares each translation's format directives with the English's, as the flags say:
    a sentence flagged ``python-format`` whose "%" is only a percent sign fails it."""
    result = _msgfmt_check(catalogs.po_path(lang))
    assert result.returncode == 0, result.stderr


@needs_msgfmt
@pytest.mark.parametrize("lang", catalogs.TRANSLATED)
def test_a_catalog_written_again_by_the_catalogs_tool_still_passes_msgfmt(lang, tmp_path):
    """update and merge read a catalog and write it again: the writing keeps ``python-format`` off the
    sentences whose "%" is a percent sign ("about 99% of the hands"), which Babel flags when it reads them."""
    path = tmp_path / f"{lang}.po"
    catalogs._write(catalogs.read(catalogs.po_path(lang), lang), path)
    result = _msgfmt_check(path)
    assert result.returncode == 0, result.stderr


def test_only_argparse_s_texts_are_percent_format_strings():
    flagged = [m.id for m in catalogs.template() if m.id and catalogs.percent_format(
        m.id[0] if isinstance(m.id, tuple) else m.id)]
    assert flagged and all("%%" in text for text in flagged)
    assert not catalogs.percent_format("this knock beats about 99% of the hands she may hold")


# -- deadwood is a count of points --------------------------------------------------------------------------------

DEADWOOD_CARDS = {
    "tr": r"ölü kart(?!\w*\s+(?:toplam|puan))",  # "7 ölü kart" (7 dead cards), not "ölü kart toplamı 7"
    "ku": r"(?:xal\s+)?qert\w*\s+nehevkirî",  # "7 qertên nehevkirî", not "7 xalên qertên nehevkirî"
    "ps": r"ګډوډ\w*\s+کارت",  # "7 ګډوډ کارتونه", not "د ګډوډو کارتونو 7 ټکي"
}
"""Each language's deadwood written as cards: a number right before it counts cards."""
KURMANJI_NO_EZAFE = r"\bxal\s+qertên\s+nehevkirî"
"""Kurmanji's points of deadwood without the ezafe ("xal qertên nehevkirî" for "xalên qertên nehevkirî")."""
_NUMBER = r"\{(\w+)\}|(?<![\w.,])(\d+)(?![\w.,♣♦♥♠])"
_CARD_VALUES = re.compile(r"(?:^|_)(?:cards?|meld|layout|upcard)$")


def _english_card_counts(english: str) -> set[str]:
    """The numbers the English gives as a count of cards ("{n} deadwood card", "{count} cards")."""
    return {m.group(1) or m.group(2) for m in re.finditer(rf"(?:{_NUMBER})\s+(?:\w+\s+)?cards?\b", english)}


def deadwood_as_cards(lang: str, english: str, translation: str) -> list[str]:
    """The numbers of ``translation`` written as a count of deadwood cards where the English's number is not a count
    of cards (deadwood is counted in points), and for Kurmanji its points of deadwood without the ezafe."""
    counts = _english_card_counts(english)
    found = []
    for match in re.finditer(rf"(?:{_NUMBER})\s*(?={DEADWOOD_CARDS[lang]})", translation):
        name = match.group(1) or match.group(2)
        if name in counts or (match.group(1) and _CARD_VALUES.search(name)):
            continue
        found.append(translation[match.start():match.end() + 40])
    if lang == "ku":
        found += [translation[m.start():m.end()] for m in re.finditer(KURMANJI_NO_EZAFE, translation)]
    return found


def _entries(lang: str):
    """(English, translation) of each of a catalog's translated forms."""
    for message in catalogs.read(catalogs.po_path(lang), lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        forms = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        for index, form in enumerate(forms):
            if form:
                yield ids[min(index, len(ids) - 1)], form


@pytest.mark.parametrize("lang", catalogs.TRANSLATED)
def test_no_catalog_counts_deadwood_in_cards(lang):
    """Deadwood is a count of points: "knocks with 8 deadwood" is eight points, not eight dead cards (Turkish
    "8 ölü kartla", Kurmanji "8 qertên nehevkirî", Pashto "8 ګډوډ کارتونه")."""
    found = [f"{english[:60]!r}: {bad!r}" for english, translation in _entries(lang)
             for bad in deadwood_as_cards(lang, english, translation)]
    assert found == [], "\n".join(found)


@pytest.mark.parametrize(("lang", "english", "translation", "bad"), [
    ("tr", "Ben knocks with {knocker} deadwood.", "Ben {knocker} ölü kartla kapı çalar.", True),
    ("tr", "Ben knocks with {knocker} deadwood.", "Kerem, ölü kart toplamı {knocker} ile kapı çalar.", False),
    ("tr", "You left out {n} deadwood card.", "İşaretlemediğin {n} ölü kart daha var.", False),
    ("tr", "{card} is deadwood.", "{card} ölü kart.", False),
    ("ku", "the defender's {d} deadwood", "{d} qertên nehevkirî yên dijber", True),
    ("ku", "the defender's {d} deadwood", "{d} xalên qertên nehevkirî yên dijber", False),
    ("ku", "9 deadwood, within the limit", "9 xal qertên nehevkirî, di nav sînor de", True),
    ("ku", "how much deadwood", "çend xal qertên nehevkirî", True),
    ("ps", "you keep {deadwood} deadwood", "{deadwood} ګډوډ کارتونه پاتې کېږي", True),
    ("ps", "you keep {deadwood} deadwood", "د ګډوډو کارتونو {deadwood} ټکي پاتې کېږي", False),
    ("ps", "you left out {n} deadwood card.", "تاسو {n} ګډوډ کارت پرېښود.", False),
])
def test_the_deadwood_check_tells_points_from_cards(lang, english, translation, bad):
    assert bool(deadwood_as_cards(lang, english, translation)) is bad
