"""Short class codes: a class set's options packed into bits, written in
Crockford base32 with a mod-37 check character, like ``8QM90-000XD-WT58F``.

A code is written in groups of five: data characters and one check character.
Two formats are read and written:

- version 2, 15 characters (14 data characters, 70 bits): the discard kinds and
  the twelve themes of :data:`THEME_BITS`. Every set it can express is written
  in it, so codes given out before version 3 existed name the same sets, and
  their results files, worksheets and the class store's rows stay as they are.
- version 3, 25 characters (24 data characters, 120 bits): any kinds of
  :func:`kind_bits` and any themes of :data:`WIDE_THEME_BITS`, written for a set
  version 2 cannot express (a take-or-draw puzzle, or one of its themes).

The bits, most significant first:

=========  ====  ====  =====================================================
field      v2    v3    meaning
=========  ====  ====  =====================================================
version    3     3     the code format (2 or 3); always in the first character
count      6     6     number of puzzles minus 1 (0..39)
kinds      2     8     v2: 1 can-knock, 2 best-discard, 3 both; v3: one bit per
                       kind of :func:`kind_bits`
objective  2     2     0 none (no best-discard puzzle), 1 mixed, 2 deadwood, 3 lookahead
oklahoma   1     1     Oklahoma rules
low        4     4     difficulty from 1100 + 100 * low
high       4     4     difficulty up to 1199 + 100 * high (0 and 15: no filter)
themes     12    56    one bit per theme of :data:`THEME_BITS` (v2) or :data:`WIDE_THEME_BITS` (v3)
name_hash  33    33    a hash of the class name (the seed of the set)
pad        3     3     the least value that keeps the check a digit or letter
=========  ====  ====  =====================================================

Version 3 is 25 characters, five groups of five: its 56 theme bits held the 17
themes of the three kinds it was made for with room for 39 more (23 themes of five
kinds use them now, 33 bits still free), and its 8 kind bits three kinds and five
more (five in use now), so kinds and themes to come join the tables without a new
format; 20 characters would leave 31 theme bits, too few for five more
kinds at the five themes take-or-draw has.

The check is the data's value mod 37, as in Crockford's scheme, so every
single-character substitution and every swap of two neighbouring characters
is caught. The three pad bits are chosen so that the check is always one of
the 32 ordinary symbols, never ``* ~ $ = U``: every code is letters and
digits only. Reading ignores case, hyphens and spaces, and takes I and L as 1
and O as 0.

This module knows only the bits; :mod:`gintrainer.classroom.sets` gives them
their meaning.

>>> code = format_code(dict(count=11, kinds=3, objective=1, oklahoma=0, low=2, high=4, themes=0,
...                         name_hash=123456789))
>>> code
'8QM90-000XD-WT58F'
>>> parse_code(code.lower().replace("-", " ").replace("0", "o"))["name_hash"]
123456789
>>> wide = format_code(dict(count=11, kinds=0b1010_0000, objective=1, oklahoma=0, low=2, high=4, themes=1 << 55,
...                         name_hash=123456789), wide=True)
>>> len(compact(wide)), parse_code(wide)["version"], parse_code(wide)["kinds"]
(25, 3, 160)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..puzzles.description import KindDescription
from ..puzzles.registry import SHIPPED
from ..puzzles.registry import described as registered
from ..words.errors import GinError
from ..words.language import N_, t

VERSION = 3
"""The newest code format this gintrainer writes and reads: 25 characters, for
sets the 15 characters of :data:`CLASSIC` cannot express."""

CLASSIC = 2
"""The 15-character code format, written for every set it can express. Version 2
has the bits of version 1; its sets are drawn by the corrected puzzle generator,
so a version 1 code is refused with a message instead of naming other puzzles
than its worksheets show."""

RETIRED = {1: N_("its puzzles came from an earlier puzzle generator")}
"""Code versions this gintrainer no longer rebuilds, and why."""

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base32 symbols: no I, L, O or U."""

CHECK_SYMBOLS = ALPHABET + "*~$=U"
"""The 37 check symbols of Crockford's scheme (codes here only use the first 32)."""

LAYOUT = (("version", 3), ("count", 6), ("kinds", 2), ("objective", 2), ("oklahoma", 1), ("low", 4),
          ("high", 4), ("themes", 12), ("name_hash", 33), ("pad", 3))
"""The fields of a 15-character code, most significant first, with their widths (the same in versions 1 and 2)."""

WIDE_LAYOUT = (("version", 3), ("count", 6), ("kinds", 8), ("objective", 2), ("oklahoma", 1), ("low", 4),
               ("high", 4), ("themes", 56), ("name_hash", 33), ("pad", 3))
"""The fields of a 25-character code (version 3), most significant first, with their widths."""

LAYOUTS = {1: LAYOUT, 2: LAYOUT, 3: WIDE_LAYOUT}
"""The layout of each code version this gintrainer knows (version 1 only to name it retired)."""

THEME_BITS = ("set-or-run", "not-highest", "forbidden-discard", "looks-knockable", "near-limit", "naive-wrong",
              "keep-the-pair", "gin", "big-gin", "oklahoma", "four-of-a-kind", "long-run")
"""The theme of each bit of the themes field of versions 1 and 2, most significant
first. Frozen: a set with another theme is written in version 3."""

WIDE_THEME_BITS = (*THEME_BITS, "meld-but-draw", "stock-odds", "take-to-knock", "looks-useful", "low-swap",
                   "block-layoffs", "fewest-layoffs", "avoid-undercut", "undercut", "chain-layoff", "break-a-meld")
"""The theme of each bit of the themes field of version 3, most significant first
(of its 56 bits, those past the end are 0). It only ever grows: a new theme is
added at its end, and no theme ever moves, or codes already given out would name
other sets."""

def kind_bits(described: Iterable[KindDescription[Any, Any]] | None = None) -> tuple[str | None, ...]:
    """The kind of each bit of the kinds field of version 3, most significant first
    (of its 8 bits, those past the end are 0; None for a bit no registered kind has):
    each kind's ``code_bit`` (:class:`~gintrainer.puzzles.description.KindDescription`).
    A bit, once given, never moves, as :data:`WIDE_THEME_BITS` never reorders, or codes
    already given out would name other sets."""
    by_bit = {d.code_bit: d.kind.value for d in (registered() if described is None else described)}
    return tuple(by_bit.get(bit) for bit in range(max(by_bit) + 1))


KIND_BITS = kind_bits(SHIPPED)
"""The bits of the kinds shipped (:func:`kind_bits` when no other kind is registered)."""

DATA_LENGTH = 14
LENGTH = DATA_LENGTH + 1
WIDE_DATA_LENGTH = 24
WIDE_LENGTH = WIDE_DATA_LENGTH + 1
GROUP = 5


def data_length(version: int) -> int:
    """The data characters of a code of a version (70 or 120 bits, five to a character)."""
    return sum(width for _, width in LAYOUTS[version]) // 5


def names_field(names: Iterable[str], table: Sequence[str | None], width: int) -> int:
    """The bits of a field that names items of ``table`` (the first item the most
    significant of ``width`` bits).

    >>> names_field(["gin"], THEME_BITS, 12) == 1 << (12 - 1 - THEME_BITS.index("gin"))
    True
    """
    return sum(1 << (width - 1 - table.index(name)) for name in names)


def field_names(value: int, table: Sequence[str | None], width: int) -> tuple[str | None, ...]:
    """The items of ``table`` a field's bits name, in table order; None for a bit
    past the table's end (a kind or theme of a newer gintrainer)."""
    return tuple(table[i] if i < len(table) else None for i in range(width) if value >> (width - 1 - i) & 1)

_VALUES = {symbol: value for value, symbol in enumerate(ALPHABET)}
_VALUES.update({"I": 1, "L": 1, "O": 0})
_SEPARATORS = re.compile(r"[\s\-]+")


class ClassCodeError(GinError):
    """Text that is not a class code this gintrainer can read. ``reason`` says
    why: "empty", "typo", "length", "version" (a newer code), "retired" (an older one) or "invalid"."""

    def __init__(self, message: str, reason: str):
        super().__init__(message)
        self.reason = reason


def check_symbol(value: int) -> str:
    """Crockford's check symbol of a number: its value mod 37."""
    return CHECK_SYMBOLS[value % 37]


def _symbols(value: int, length: int) -> str:
    return "".join(ALPHABET[(value >> (5 * (length - 1 - i))) & 31] for i in range(length))


def group(symbols: str) -> str:
    """Symbols in groups of five joined by hyphens, as codes are shown."""
    return "-".join(symbols[i:i + GROUP] for i in range(0, len(symbols), GROUP))


def _pack(fields: Mapping[str, int], layout: tuple[tuple[str, int], ...] = LAYOUT) -> int:
    value = 0
    for name, width in layout:
        field = fields[name]
        if isinstance(field, bool):
            field = int(field)
        if not isinstance(field, int) or not 0 <= field < 1 << width:
            raise GinError(f"the code field {name} must be a whole number below {1 << width}, not {field!r}")
        value = (value << width) | field
    return value


def _unpack(value: int, layout: tuple[tuple[str, int], ...] = LAYOUT) -> dict[str, int]:
    fields = {}
    for name, width in reversed(layout):
        fields[name] = value & ((1 << width) - 1)
        value >>= width
    return {name: fields[name] for name, _ in layout}


def _least_pad(value: int) -> int:
    """The least pad (added to a value whose pad bits are 0) that keeps the check
    below 32. Eight consecutive residues mod 37 cannot all fall on the five others."""
    return next(pad for pad in range(8) if (value + pad) % 37 < 32)


def format_code(fields: Mapping[str, int], *, wide: bool = False) -> str:
    """The code of the fields of :data:`LAYOUT` in version :data:`CLASSIC` (with
    ``wide``: of :data:`WIDE_LAYOUT` in version :data:`VERSION`); ``version`` and
    ``pad`` are filled in."""
    version = VERSION if wide else CLASSIC
    layout = WIDE_LAYOUT if wide else LAYOUT
    data = _pack({**fields, "version": version, "pad": 0}, layout)
    data += _least_pad(data)
    return group(_symbols(data, sum(w for _, w in layout) // 5) + check_symbol(data))


def compact(text: str) -> str:
    """The code's symbols without separators, upper case."""
    if not isinstance(text, str):
        raise ClassCodeError(f"a class code is text, not {text!r}", "invalid")
    return _SEPARATORS.sub("", text).upper()


def parse_code(text: str) -> dict[str, int]:
    """The fields of a code, checked: its characters, length, check symbol and
    version (kept as the field ``version``). Raises :class:`ClassCodeError` with a
    message for a student."""
    symbols = compact(text)
    if not symbols:
        raise ClassCodeError(t("the class code is empty: type the code your teacher gave you"), "empty")
    bad = next((s for s in symbols if s not in _VALUES), None)
    if bad is not None:
        raise ClassCodeError(t("class code {code} has a typo ({bad} is never used in a code): check it with your "
                               "teacher", code=repr(text), bad=repr(bad)), "typo")
    version = _VALUES[symbols[0]] >> 2
    _check_length(text, symbols, version)
    data = 0
    for symbol in symbols[:-1]:
        data = (data << 5) | _VALUES[symbol]
    if check_symbol(data) != ALPHABET[_VALUES[symbols[-1]]]:
        raise ClassCodeError(t("class code {code} has a typo: check it with your teacher", code=repr(text)), "typo")
    if version > VERSION:
        raise _newer(text, version)
    if version in RETIRED and len(symbols) == data_length(version) + 1:
        raise ClassCodeError(t("class code {code} was made by an earlier version of gintrainer and {why}: ask your "
                               "teacher for a new code", code=repr(text), why=t(RETIRED[version])),
                             "retired")
    if version not in LAYOUTS or version in RETIRED or len(symbols) != data_length(version) + 1:
        raise _invalid(text)
    fields = _unpack(data, LAYOUTS[version])
    if fields["pad"] != _least_pad(data - fields["pad"]):
        raise _invalid(text)
    del fields["pad"]
    return fields


def _check_length(text: str, symbols: str, version: int) -> None:
    """Refuse a code whose length is that of no version (saying so for a newer code)."""
    if len(symbols) in {data_length(v) + 1 for v in LAYOUTS}:
        return
    if version > VERSION:
        raise _newer(text, version)
    length = data_length(version) + 1 if version in LAYOUTS else LENGTH
    raise ClassCodeError(t("class code {code} has {count} characters, but a code has {length}: check it with "
                           "your teacher", code=repr(text), count=len(symbols), length=length), "length")


def _invalid(text: str) -> ClassCodeError:
    return ClassCodeError(t("class code {code} is not a valid class code: check it with your teacher",
                            code=repr(text)), "invalid")


def _newer(text: str, version: int) -> ClassCodeError:
    return ClassCodeError(t("class code {code} is for a newer version of gintrainer (code version {version}; this "
                            "one reads version {current}): update gintrainer", code=repr(text), version=version,
                            current=VERSION), "version")


def normalise_code(text: str) -> str:
    """The code as it is shown (upper case, grouped), after checking it.

    >>> normalise_code("8qm90 000xd wt58f")
    '8QM90-000XD-WT58F'
    """
    parse_code(text)
    symbols = compact(text)
    return group("".join(ALPHABET[_VALUES[s]] for s in symbols))


def looks_like_code(text: str) -> bool:
    """Whether text is shaped like a class code (a mistyped one included) rather
    than a class name: letters and digits of a code, at least one digit, and
    either 13 to 17 (or 23 to 27) of them as one word, or 10 to 30 written with
    hyphens or in groups of five.

    >>> looks_like_code("4QM90-000XD-WT5"), looks_like_code("Maths Club 2024"), looks_like_code("Year 5")
    (True, False, False)
    """
    if not isinstance(text, str):
        return False
    stripped = text.strip()
    symbols = compact(stripped)
    if not all(s in CHECK_SYMBOLS or s in "ILO" for s in symbols) or not any(s.isdigit() for s in symbols):
        return False
    words = stripped.split()
    if len(words) == 1 and "-" not in stripped:
        return 13 <= len(symbols) <= 17 or 23 <= len(symbols) <= 27
    grouped = "-" in stripped or all(len(w) == GROUP for w in words[:-1])
    return grouped and 10 <= len(symbols) <= 30


__all__ = ["ALPHABET", "CHECK_SYMBOLS", "CLASSIC", "ClassCodeError", "KIND_BITS", "LAYOUT", "LAYOUTS", "LENGTH",
           "THEME_BITS", "VERSION", "WIDE_LAYOUT", "WIDE_LENGTH", "WIDE_THEME_BITS", "check_symbol", "compact",
           "data_length", "field_names", "format_code", "group", "kind_bits", "looks_like_code", "names_field",
           "normalise_code", "parse_code"]
