"""Short class codes: a class set's options packed into bits, written in
Crockford base32 with a mod-37 check character, like ``8QM90-000XD-WT58F``.

A code is 15 characters in three groups of five: 14 data characters (70 bits)
and one check character. The bits, most significant first:

=========  ====  =====================================================
field      bits  meaning
=========  ====  =====================================================
version    3     the code format (2); always in the first character
count      6     number of puzzles minus 1 (0..39)
kinds      2     1 can-knock, 2 best-discard, 3 both
objective  2     0 none (can-knock only), 1 mixed, 2 deadwood, 3 lookahead
oklahoma   1     Oklahoma rules
low        4     difficulty from 1100 + 100 * low
high       4     difficulty up to 1199 + 100 * high (0 and 15: no filter)
themes     12    one bit per theme of :data:`THEME_BITS`
name_hash  33    a hash of the class name (the seed of the set)
pad        3     the least value that keeps the check a digit or letter
=========  ====  =====================================================

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
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..errors import GinError
from ..language import N_, t

VERSION = 2
"""The code format this gintrainer writes and reads. Version 2 has the bits of
version 1; its sets are drawn by the corrected puzzle generator, so a version 1
code is refused with a message instead of naming other puzzles than its
worksheets show."""

RETIRED = {1: N_("its puzzles came from an earlier puzzle generator")}
"""Code versions this gintrainer no longer rebuilds, and why."""

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base32 symbols: no I, L, O or U."""

CHECK_SYMBOLS = ALPHABET + "*~$=U"
"""The 37 check symbols of Crockford's scheme (codes here only use the first 32)."""

LAYOUT = (("version", 3), ("count", 6), ("kinds", 2), ("objective", 2), ("oklahoma", 1), ("low", 4),
          ("high", 4), ("themes", 12), ("name_hash", 33), ("pad", 3))
"""The fields of a code, most significant first, with their widths (the same in versions 1 and 2)."""

THEME_BITS = ("set-or-run", "not-highest", "forbidden-discard", "looks-knockable", "near-limit", "naive-wrong",
              "keep-the-pair", "gin", "big-gin", "oklahoma", "four-of-a-kind", "long-run")
"""The theme of each bit of the themes field, most significant first. Frozen for
versions 1 and 2: a new theme needs a new code version."""

DATA_LENGTH = 14
LENGTH = DATA_LENGTH + 1
GROUP = 5

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


def _pack(fields: Mapping[str, int]) -> int:
    value = 0
    for name, width in LAYOUT:
        field = fields[name]
        if isinstance(field, bool):
            field = int(field)
        if not isinstance(field, int) or not 0 <= field < 1 << width:
            raise GinError(f"the code field {name} must be a whole number below {1 << width}, not {field!r}")
        value = (value << width) | field
    return value


def _unpack(value: int) -> dict[str, int]:
    fields = {}
    for name, width in reversed(LAYOUT):
        fields[name] = value & ((1 << width) - 1)
        value >>= width
    return {name: fields[name] for name, _ in LAYOUT}


def _least_pad(value: int) -> int:
    """The least pad (added to a value whose pad bits are 0) that keeps the check
    below 32. Eight consecutive residues mod 37 cannot all fall on the five others."""
    return next(pad for pad in range(8) if (value + pad) % 37 < 32)


def format_code(fields: Mapping[str, int]) -> str:
    """The code of the fields of :data:`LAYOUT` (``version`` and ``pad`` are filled in)."""
    data = _pack({**fields, "version": VERSION, "pad": 0})
    data += _least_pad(data)
    return group(_symbols(data, DATA_LENGTH) + check_symbol(data))


def compact(text: str) -> str:
    """The code's symbols without separators, upper case."""
    if not isinstance(text, str):
        raise ClassCodeError(f"a class code is text, not {text!r}", "invalid")
    return _SEPARATORS.sub("", text).upper()


def parse_code(text: str) -> dict[str, int]:
    """The fields of a code, checked: its characters, length, check symbol and
    version. Raises :class:`ClassCodeError` with a message for a student."""
    symbols = compact(text)
    if not symbols:
        raise ClassCodeError(t("the class code is empty: type the code your teacher gave you"), "empty")
    bad = next((s for s in symbols if s not in _VALUES), None)
    if bad is not None:
        raise ClassCodeError(t("class code {code} has a typo ({bad} is never used in a code): check it with your "
                               "teacher", code=repr(text), bad=repr(bad)), "typo")
    version = _VALUES[symbols[0]] >> 2
    if len(symbols) != LENGTH:
        if version > VERSION:
            raise _newer(text, version)
        raise ClassCodeError(t("class code {code} has {count} characters, but a code has {length}: check it with "
                               "your teacher", code=repr(text), count=len(symbols), length=LENGTH), "length")
    data = 0
    for symbol in symbols[:DATA_LENGTH]:
        data = (data << 5) | _VALUES[symbol]
    if check_symbol(data) != ALPHABET[_VALUES[symbols[-1]]]:
        raise ClassCodeError(t("class code {code} has a typo: check it with your teacher", code=repr(text)), "typo")
    fields = _unpack(data)
    if fields["version"] > VERSION:
        raise _newer(text, fields["version"])
    if fields["version"] in RETIRED:
        raise ClassCodeError(t("class code {code} was made by an earlier version of gintrainer and {why}: ask your "
                               "teacher for a new code", code=repr(text), why=t(RETIRED[fields["version"]])),
                             "retired")
    if fields["version"] != VERSION or fields["pad"] != _least_pad(data - fields["pad"]):
        raise ClassCodeError(t("class code {code} is not a valid class code: check it with your teacher",
                               code=repr(text)), "invalid")
    del fields["version"], fields["pad"]
    return fields


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
    either 13 to 17 of them as one word, or 10 to 20 written with hyphens or in
    groups of five.

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
        return 13 <= len(symbols) <= 17
    grouped = "-" in stripped or all(len(w) == GROUP for w in words[:-1])
    return grouped and 10 <= len(symbols) <= 20


__all__ = ["ALPHABET", "CHECK_SYMBOLS", "ClassCodeError", "LAYOUT", "LENGTH", "THEME_BITS", "VERSION",
           "check_symbol", "compact", "format_code", "group", "looks_like_code", "normalise_code", "parse_code"]
