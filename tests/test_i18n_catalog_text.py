"""What the catalogs' translations say and how gettext's own tools read them:
``msgfmt --check-format`` passes over every catalog, deadwood is counted in points
in every language, and the lessons' two players are named by each language's
catalog, never written into a sentence."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from gintrainer import catalogs
from gintrainer.words.language import PLAYER_VALUES, in_language, player_names

MSGFMT = shutil.which("msgfmt")
needs_msgfmt = pytest.mark.skipif(MSGFMT is None, reason="msgfmt is not installed (Debian's gettext package: "
                                                         "apt-get install gettext; .ci/run installs it)")


def _msgfmt_check(path) -> subprocess.CompletedProcess:
    assert MSGFMT is not None
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
        if name in counts or (match.group(1) and (_CARD_VALUES.search(name) or name in PLAYER_VALUES)):
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


# -- the lessons' two players ---------------------------------------------------------------------------------------

ENGLISH_NAMES = re.compile(r"\b(?:Ann|Ben)\b")
"""The English players' names as words (Turkish "Ben" is "I"; "Ann'in", "Ben'den" are the names with a suffix)."""


def _names(lang: str) -> tuple[str, str]:
    with in_language(lang):
        return player_names()


def test_every_sentence_names_the_players_by_their_values():
    """The English sentences write the players as ``{ann}`` and ``{ben}``: only the two names' own entries say
    "Ann" and "Ben", so no translation has to write a name."""
    naming = [(m.context, m.id) for m in catalogs.template() if m.id and any(
        ENGLISH_NAMES.search(text) for text in (m.id if isinstance(m.id, tuple) else (m.id,)))]
    assert naming == [("player name", "Ann"), ("player name", "Ben")]
    assert sum(1 for m in catalogs.template() if m.id and "{ann}" in str(m.id)) > 50


@pytest.mark.parametrize("lang", catalogs.TRANSLATED)
def test_no_translation_writes_the_english_names(lang):
    found = [translation[:80] for _, translation in _entries(lang) if ENGLISH_NAMES.search(translation)]
    assert found == []


@pytest.mark.parametrize("lang", catalogs.TRANSLATED)
def test_each_language_names_its_two_players_with_two_first_letters(lang):
    first, second = _names(lang)
    assert (first, second) != ("Ann", "Ben") and first and second
    assert first[0] != second[0] and not {first, second} & {"Ann", "Ben"}
    assert _names("en") == ("Ann", "Ben")


def test_a_turkish_lesson_example_hand_and_exercise_name_the_turkish_players():
    """What a Turkish learner reads names the catalog's Turkish players, never "Ben" ("I") or "Ann"."""
    from gintrainer.exercises import generate
    from gintrainer.lessons import DEMOS
    from gintrainer.replay import examples
    from gintrainer.replay.annotate import comment_words
    from gintrainer.widgets.replay import ReplayView

    first, second = _names("tr")
    with in_language("tr"):
        steps = DEMOS["knock"].steps()
        lesson = " ".join(steps.caption(step) + steps.html(step) for step in range(steps.count))
        replay = examples()["knock"]
        view = ReplayView(replay)
        view.stepper.go(replay.step_count)
        hand = " ".join(comment_words(replay, note) for note in replay.annotations) + view.stepper.board.frame
        exercise = generate("undercut_risk", 3)
        asked = exercise.prompt + exercise.explanation
        whose_turn = generate("whose_turn", 1)
    assert whose_turn.options == (first, second) and whose_turn.check(whose_turn.answer).correct
    for text in (lesson, hand, asked):
        assert first in text and second in text
        assert not ENGLISH_NAMES.search(text), text


# -- the lessons' notebooks: their prose in each language ----------------------------------------------------------

LESSONS = Path(catalogs.PACKAGE.parent, "lessons")


def _markdown_pairs(lang: str):
    """(notebook, English markdown, the language's markdown) of each markdown cell of a language's lesson notebooks,
    beside the English notebook's cell in the same place (a test holds the notebooks to the same cells)."""
    for path in sorted((LESSONS / lang).glob("*.ipynb")):
        english = json.loads((LESSONS / path.name).read_text(encoding="utf-8"))["cells"]
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for theirs, ours in zip(english, cells, strict=True):
            if ours["cell_type"] == "markdown":
                yield path.name, "".join(theirs["source"]), "".join(ours["source"])


@pytest.mark.parametrize("lang", catalogs.TRANSLATED)
def test_the_lesson_notebooks_name_the_catalog_s_players_and_count_deadwood_in_points(lang):
    """A lesson notebook's prose names the players as the language's catalog does (English "Ben" is Turkish for
    "I"), in each cell whose English names them, and counts deadwood in points, as the catalogs do."""
    pairs = list(_markdown_pairs(lang))
    assert pairs
    first, second = _names(lang)
    named = " ".join(text for _, english, text in pairs if ENGLISH_NAMES.search(english))
    assert first in named and second in named
    found = [f"{name}: {text[:60]!r}" for name, _, text in pairs if ENGLISH_NAMES.search(text)]
    found += [f"{name}: {english_name} is not {ours}: {text[:60]!r}" for name, english, text in pairs
              for english_name, ours in (("Ann", first), ("Ben", second))
              if re.search(rf"\b{english_name}\b", english) and ours not in text]
    found += [f"{name}: {bad!r}" for name, english, text in pairs for bad in deadwood_as_cards(lang, english, text)]
    assert found == []
