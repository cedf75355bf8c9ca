"""The learner's language: which one a page speaks, how values are written in it,
and the catalogs that hold its sentences."""

from __future__ import annotations

import ast
import io
from datetime import date
from fractions import Fraction

import pytest
from babel.messages.mofile import write_mo

from gintrainer import catalogs
from gintrainer.engine.cards import parse_card, parse_cards
from gintrainer.material.messages import Signed, render, say
from gintrainer.words.errors import GinError
from gintrainer.words.language import (
    LRI,
    PDI,
    check_language,
    choose_language,
    current_language,
    format_number,
    format_percent,
    in_language,
    preferred_language,
    t,
    text_direction,
    tn,
    with_arrow,
)


def test_a_language_is_read_in_any_case_and_with_a_region():
    assert [check_language(x) for x in ("tr", "TR", "tr-TR", "ps_AF", " ku ")] == ["tr", "tr", "tr", "ps", "ku"]
    for bad in ("de", "", None, 3, "qps"):
        with pytest.raises(GinError, match="no language .*: use en, tr, ku, ps"):
            check_language(bad)


@pytest.mark.parametrize(("asked", "saved", "accept", "chosen"), [
    ("ps", "tr", "ku", "ps"),          # the address first
    ("de", "tr", "ku", "tr"),          # an unknown one asked for is passed over
    (None, None, "de-DE,ku;q=0.4,tr;q=0.8", "tr"),  # the browser's, by weight
    (None, None, "de-DE,fr;q=0.5", "en"),
    (None, None, None, "en"),
    (None, None, "tr;q=0, ku", "ku"),  # a weight of 0 refuses a language
])
def test_a_page_speaks_the_language_asked_for_then_the_saved_one_then_the_browser_s(asked, saved, accept, chosen):
    assert choose_language(asked, saved, accept) == chosen


def test_a_malformed_accept_language_header_is_no_error():
    assert preferred_language("tr;q=abc, ;;, ps;q=0.2") == "ps"
    assert preferred_language(",,,") is None


def test_in_language_sets_the_language_for_a_block_only():
    assert current_language() == "en"
    with in_language("ps"):
        assert current_language() == "ps" and text_direction() == "rtl"
    assert current_language() == "en" and text_direction() == "ltr"
    with pytest.raises(GinError), in_language("de"):
        pass
    assert current_language() == "en"


def test_numbers_follow_the_language_with_latin_digits():
    half = Fraction(5, 2)
    assert [format_number(half, lang) for lang in ("en", "tr", "ku")] == ["2.50", "2,50", "2,50"]
    assert format_percent(40, "en") == "40%" and format_percent(40, "tr") == "%40"
    pashto = format_number(half, "ps") + format_percent(40, "ps")
    assert [ch for ch in pashto if ch.isdigit()] == list("25040")  # Latin digits, as the Pashto rule page writes


def test_cards_stay_left_to_right_inside_a_right_to_left_sentence():
    run = parse_cards("4C 5C 6C")
    with in_language("ps"):
        assert render(say("ck_next", card=parse_card("7H"), deadwood=12)).count(LRI) == 1
        assert t("{cards}", cards=run) == f"{LRI}4♣ 5♣ 6♣{PDI}"
    assert t("{cards}", cards=run) == "4♣ 5♣ 6♣"


def test_english_counts_choose_their_form():
    assert tn("{n} card", "{n} cards", 1) == "1 card" and tn("{n} card", "{n} cards", 3) == "3 cards"


def test_the_template_holds_every_sentence_of_the_code():
    assert catalogs.template_is_current() == []


@pytest.mark.parametrize("lang", catalogs.TRANSLATED)
def test_each_compiled_catalog_is_its_catalog_compiled(lang):
    """The .mo the trainer reads is the .po as it is now (make compiles it)."""
    buffer = io.BytesIO()
    write_mo(buffer, catalogs.read(catalogs.po_path(lang), lang), use_fuzzy=False)
    assert catalogs.mo_path(lang).read_bytes() == buffer.getvalue(), f"run make (or catalogs compile {lang})"


MARKERS = {"t", "tn", "tc", "N_", "Nn_"}


def _hidden_marks(path):
    """Calls of a marking function with a written sentence inside an f-string: Babel's
    extractor does not see them (Python 3.11), so their sentences would never reach
    a catalog (a call of a variable is fine: its literal is marked where written)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            for inner in ast.walk(node):
                if (isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and inner.func.id in MARKERS
                        and any(isinstance(arg, ast.Constant) and isinstance(arg.value, str) for arg in inner.args)):
                    yield f"{path.relative_to(catalogs.PACKAGE.parent)}:{inner.lineno}: {ast.unparse(inner)[:60]}"


def test_no_sentence_is_marked_inside_an_f_string():
    found = [line for path in sorted(catalogs.PACKAGE.rglob("*.py")) for line in _hidden_marks(path)]
    assert found == [], "move these calls out of the f-string:\n" + "\n".join(found)


def test_every_marked_literal_reaches_the_template():
    """What the code marks with a literal first argument is in the template the
    catalogs are built from (so no marking style hides a sentence from Babel)."""
    ids = {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id) for m in catalogs.template() if m.id}
    missing = []
    for path in sorted(catalogs.PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKERS):
                continue
            args = node.args
            context = None
            if node.func.id == "tc" and len(args) >= 2 and isinstance(args[0], ast.Constant):
                context, args = args[0].value, args[1:]
            literal = args[0].value if args and isinstance(args[0], ast.Constant) else None
            if isinstance(literal, str) and literal and (context, literal) not in ids:
                missing.append(f"{path.name}:{node.lineno}: {literal[:50]!r}")
    assert missing == []


@pytest.mark.parametrize("lang", catalogs.TRANSLATED)
def test_each_catalog_translates_every_sentence_with_the_same_values(lang):
    """Every sentence of the template is translated (no fuzzy, none missing), each
    translation takes the English's named values, and no entry is one the code no
    longer has."""
    assert catalogs.problems(lang) == []


def test_a_class_answer_is_read_in_every_language():
    from gintrainer.classroom import parse_response
    from gintrainer.puzzles import bank

    puzzle = bank("can_knock")[0]
    for written in ("yes 7h", "evet 7h", "Erê, 7h", "هو 7h"):
        assert parse_response(puzzle, written) == (True, parse_card("7H")), written
    for written in ("no", "Hayır", "na", "نه"):
        assert parse_response(puzzle, written) == (False, None), written


def test_navigation_arrows_point_the_way_the_page_reads():
    assert [with_arrow("Back", way) for way in ("back", "step_back", "start")] == ["← Back", "◀ Back", "« Back"]
    assert [with_arrow("Next", way) for way in ("forward", "step_forward", "end")] == ["Next →", "Next ▶", "Next »"]
    with in_language("ps"):  # « and » the browser turns round itself (Bidi_Mirrored)
        assert [with_arrow("بل", way) for way in ("forward", "step_forward", "end")] == ["بل ←", "بل ◀", "بل »"]
        assert with_arrow("شاته", "back") == "→ شاته"
    with pytest.raises(GinError):
        with_arrow("Up", "up")


def test_dates_and_signed_numbers_keep_their_order_in_a_right_to_left_sentence():
    day = date(2026, 12, 4)
    assert t("Today's puzzles ({date})", date=day) == "Today's puzzles (2026-12-04)"
    with in_language("ps"):
        assert f"({LRI}2026-12-04{PDI})" in t("Today's puzzles ({date})", date=day)
        assert f"{LRI}-473{PDI}" in render(say("rating_failed", before=1500, after=1027, change=Signed(-473)))
