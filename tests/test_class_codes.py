"""Class codes of version 3 (25 characters, every kind and theme) beside those of
version 2 (15 characters), which every set it can express keeps writing: the codes
given out, stored and printed before version 3 read as they did."""

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gintrainer.classroom import ClassCodeError, ClassSet, ClassSetError, codes, looks_like_code, read_results, sets
from gintrainer.classroom.codes import ALPHABET, KIND_BITS, THEME_BITS, WIDE_THEME_BITS, parse_code
from gintrainer.puzzles import KINDS, THEMES
from gintrainer.puzzles.kinds import DISCARD_KINDS
from test_classroom import class_sets

ROOT = Path(__file__).resolve().parent.parent
STORED = ROOT / "tests" / "stored" / "results" / "84G3R-01H94-2BSW0-zoe-c6a12698582f.csv"
GROUPED = re.compile(r"[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5})*")
PRINTED_SET = re.compile(r"'([^']+)' ([0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}) \((.+?)\): \d+ of \d+")
TAKE_DRAW = ClassSet("Year 9 Tuesday", count=4, kinds=["can_knock", "take_or_draw"])


def test_the_codes_the_bank_benchmark_printed_read_as_the_sets_they_named():
    found = PRINTED_SET.findall((ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8"))
    assert len(found) >= 6
    for name, code, described in found:
        options = ClassSet.from_code(code, name=name)
        assert options.code == code and options.version == 2 and options.describe() == described


def test_the_teaching_page_s_version_3_code_is_the_one_its_set_has():
    text = " ".join((ROOT / "docs" / "teaching.md").read_text(encoding="utf-8").split())
    code = re.search(r'`([0-9A-Z]{5}(?:-[0-9A-Z]{5}){4})` \("Year 9 Tuesday", 12 puzzles of every kind', text)
    assert code and ClassSet("Year 9 Tuesday", count=12, kinds=KINDS).code == code.group(1)


def test_the_stored_results_file_and_the_docstring_codes_read_as_before():
    assert ClassSet.from_code("84G3R-01H94-2BSW0") == ClassSet("Lunch club", count=3, kinds="can_knock")
    results = read_results(STORED.read_bytes())
    assert results.code == "84G3R-01H94-2BSW0" and results.student == "Zoë"
    assert parse_code("8QM90-000XD-WT58F") == dict(version=2, count=11, kinds=3, objective=1, oklahoma=0, low=2,
                                                   high=4, themes=0, name_hash=123456789)
    assert ClassSet.from_code("8QM3R-013VD-1D730", name="Year 9 Tuesday") == ClassSet("Year 9 Tuesday", count=12)


@settings(max_examples=300, deadline=None)
@given(class_sets(kinds=st.sets(st.sampled_from(KINDS), min_size=1), themes=st.sampled_from(sets.SET_THEMES)))
def test_every_set_round_trips_through_its_code_in_the_least_version_that_holds_it(options):
    code = options.code
    classic = set(options.kinds) <= set(DISCARD_KINDS) and set(options.themes) <= set(THEME_BITS)
    assert options.version == (2 if classic else 3)
    assert GROUPED.fullmatch(code) and len(codes.compact(code)) == (15 if classic else 25)
    assert code[0] in ("89AB" if classic else "CDEF")  # the version in the first character
    again = ClassSet.from_code(code)
    assert again == options and again.code == code and again.seed == options.seed
    sloppy = code.lower().replace("-", " ").replace("1", "l").replace("0", "o")
    assert ClassSet.from_code(sloppy) == options and codes.normalise_code(sloppy) == code
    assert looks_like_code(code) and looks_like_code(codes.compact(code))


def test_a_version_3_check_symbol_is_always_a_letter_or_digit():
    for value in range(1000):
        options = ClassSet(None, count=1 + value % 40, kinds="take_or_draw", name_hash=value * 7919)
        assert codes.compact(options.code)[-1] in ALPHABET


def wide(**fields):
    good = dict(count=3, kinds=0b0010_0000, objective=0, oklahoma=0, low=0, high=15, themes=0, name_hash=99)
    return codes.format_code({**good, **fields}, wide=True)


def test_a_wide_code_is_refused_for_what_it_cannot_name():
    assert ClassSet.from_code(wide()).kinds == ("take_or_draw",)
    # a set version 2 holds is never written in version 3: its wide code is not one gintrainer writes
    for fields in (dict(kinds=0b1000_0000), dict(kinds=0), dict(count=45), dict(kinds=0b0110_0000, objective=0),
                   dict(themes=1 << 55)):  # the last: set-or-run, which no take-or-draw puzzle has
        with pytest.raises(ClassCodeError, match="not a valid class code") as error:
            ClassSet.from_code(wide(**fields))
        assert error.value.reason == "invalid"
    # a kind or theme past this gintrainer's tables: a newer gintrainer's code
    unknown_kind = 1 << (8 - 1 - len(KIND_BITS)) if len(KIND_BITS) < 8 else None
    later = [wide(themes=1 << (56 - 1 - len(WIDE_THEME_BITS)))]
    later += [wide(kinds=0b0010_0000 | unknown_kind)] if unknown_kind else []
    later += [wide(kinds=0b0010_0000 | 1 << (8 - 1 - KIND_BITS.index(kind)))
              for kind in KIND_BITS if kind not in KINDS]
    for text in later:
        with pytest.raises(ClassCodeError, match="update gintrainer") as error:
            ClassSet.from_code(text)
        assert error.value.reason == "version"


def test_a_wrong_length_names_the_length_of_the_code_s_version():
    symbols = codes.compact(TAKE_DRAW.code)
    with pytest.raises(ClassCodeError, match="has 24 characters, but a code has 25") as error:
        ClassSet.from_code(symbols[:-1])
    assert error.value.reason == "length"
    assert looks_like_code(codes.group(symbols[:-1]))


def test_the_tables_of_bits_hold_every_kind_and_theme_and_only_grow():
    widths = dict(codes.WIDE_LAYOUT)
    assert sum(widths.values()) == 5 * 24 and sum(w for _, w in codes.LAYOUT) == 5 * 14
    assert len(KIND_BITS) <= widths["kinds"] and len(WIDE_THEME_BITS) <= widths["themes"]
    assert WIDE_THEME_BITS[:len(THEME_BITS)] == THEME_BITS and len(set(WIDE_THEME_BITS)) == len(WIDE_THEME_BITS)
    assert KIND_BITS[:3] == ("can_knock", "best_discard", "take_or_draw")  # as written into codes given out
    assert WIDE_THEME_BITS[12:17] == ("meld-but-draw", "stock-odds", "take-to-knock", "looks-useful", "low-swap")
    assert set(KINDS) <= set(KIND_BITS) and set(THEMES) <= set(WIDE_THEME_BITS)


def test_a_take_or_draw_set_alternates_with_the_other_kinds_and_says_so():
    plan = [kind for kind, _ in TAKE_DRAW.plan()]
    assert plan == ["can_knock", "take_or_draw"] * 2
    assert TAKE_DRAW.describe().startswith("4 puzzles: can-you-knock and take-or-draw; any difficulty")
    three = ClassSet("y", count=3, kinds=("can_knock", "best_discard", "take_or_draw"))
    assert "can-you-knock, best-discard and take-or-draw (deadwood and lookahead" in three.describe()
    assert ClassSet("y", count=2, kinds="take_or_draw").objective is None
    with pytest.raises(ClassSetError, match="no take-or-draw puzzle has the theme gin"):
        ClassSet("y", count=2, kinds="take_or_draw", themes=["gin"])
