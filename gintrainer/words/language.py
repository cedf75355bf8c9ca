"""The learner's language: which languages the trainer speaks, the one this process
speaks now, their gettext catalogs, and the functions that turn an English
sentence into the learner's language.

Every sentence a learner reads is written in English once, in the code, inside
one of the marking functions below; ``python -m gintrainer.catalogs`` extracts
them into the gettext template (``gintrainer/locale/gintrainer.pot``) with
Babel, and each language's catalog (``gintrainer/locale/<lang>/LC_MESSAGES/
gintrainer.po``) holds its translations, compiled to ``.mo`` by the build.

* :func:`t` ``("You drew {card}.", card=card)``: a sentence with named values;
* :func:`tn` ``("{n} card", "{n} cards", n)``: a sentence whose words change
  with a count (``{n}``), by the language's own plural rule;
* :func:`tc` ``("button", "Check")``: a short text whose English alone is
  ambiguous, with a context that tells translators what it is;
* :func:`N_` marks a text written where no language is known yet (a table of
  page titles); it is translated where it is shown, by :func:`t` of it.

A kernel serves one page to one learner, and a command prints in one language,
so the language is a setting of the process: :func:`use_language` sets it,
:func:`current_language` reads it, :func:`in_language` sets it for a block.
Values are written for the language: cards as their symbols (the same in every
language), whole numbers as digits, exact fractions and decimals with the
language's decimal sign (Babel's locale data), percentages as the language
writes them. Pashto is written right to left (:func:`is_rtl`); its digits are
the Latin ones its rule page uses.

>>> t("Check")
'Check'
>>> with in_language("tr"):
...     format_number(2.5), format_percent(40)
('2,50', '%40')
"""

from __future__ import annotations

import datetime as dt
import gettext
import string
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import overload

from .errors import GinError

DOMAIN = "gintrainer"
"""The gettext domain: the catalogs' file name."""



@dataclass(frozen=True, slots=True)
class Spoken:
    """A language the trainer speaks, as the one table of them lists it."""

    name: str
    """The language's name in itself, as a language menu shows it."""
    alphabet: str
    """Its letters in its alphabetical order (Babel has no collation; the glossary is the one
    list sorted by words)."""
    rtl: bool = False
    """Whether it is written right to left."""


SPOKEN: dict[str, Spoken] = {
    "en": Spoken("English", "abcdefghijklmnopqrstuvwxyz"),
    "tr": Spoken("Türkçe", "abcçdefgğhıijklmnoöprsştuüvyz"),
    "ku": Spoken("Kurmancî", "abcçdeêfghiîjklmnopqrsştuûvwxyz"),
    "ps": Spoken("پښتو", "اآبپتټثجځچڅحخدډذرړزږژسشښصضطظعغفقکګلمنڼوهيیېۍئ", rtl=True),
}
"""Every language the trainer speaks, by its code (ISO 639-1, as Babel knows it), English first
(the language of the code): the one place a language is listed. Everything else reads it
(docs/contributing.md, "Add a language")."""

LANGUAGES = tuple(SPOKEN)
"""The languages the trainer speaks, English first (the language of the code)."""

PSEUDO = "qps"
"""A pseudo-language for the tests only (``qps`` is in the range ISO 639 keeps
for local use): every sentence of the catalog comes back marked ``⟦…⟧``, so a
page drawn in it shows at once any text that does not come from the catalog."""

PSEUDO_MARKS = ("⟦", "⟧")

NAMES = {code: spoken.name for code, spoken in SPOKEN.items()}
"""Each language's name in itself, as a language menu shows it."""

_RTL = frozenset(code for code, spoken in SPOKEN.items() if spoken.rtl)
_pseudo_allowed = False
_current = "en"


def is_rtl(lang: str | None = None) -> bool:
    """Whether a language (the current one by default) is written right to left."""
    return (lang or _current) in _RTL


def text_direction(lang: str | None = None) -> str:
    """``"rtl"`` or ``"ltr"``, as HTML's ``dir`` attribute takes it."""
    return "rtl" if is_rtl(lang) else "ltr"


def allow_pseudo(allowed: bool = True) -> None:
    """Let :func:`use_language` accept the tests' pseudo-language (a server under
    test turns this on from its environment; nothing else does)."""
    global _pseudo_allowed
    _pseudo_allowed = allowed


def known_languages() -> tuple[str, ...]:
    """The languages :func:`use_language` accepts now."""
    return (*LANGUAGES, PSEUDO) if _pseudo_allowed else LANGUAGES


def check_language(lang: object) -> str:
    """``lang`` when it is a language the trainer speaks; raises GinError naming
    the languages otherwise. Case and a region are ignored (``TR``, ``tr-TR``)."""
    if isinstance(lang, str):
        code = lang.strip().replace("_", "-").split("-")[0].lower()
        if code in known_languages():
            return code
    raise GinError(f"no language {lang!r}: use {', '.join(LANGUAGES)}")


def use_language(lang: str) -> str:
    """Speak ``lang`` from now on in this process; returns its code."""
    global _current
    _current = check_language(lang)
    return _current


def current_language() -> str:
    """The language this process speaks now (English until told otherwise)."""
    return _current


@contextmanager
def in_language(lang: str) -> Iterator[str]:
    """Speak ``lang`` inside the block, then the language before it again."""
    global _current
    before = _current
    _current = check_language(lang)
    try:
        yield _current
    finally:
        _current = before


def preferred_language(accept: str | None) -> str | None:
    """The first of the trainer's languages in an HTTP ``Accept-Language`` header
    (``tr-TR,tr;q=0.9,en;q=0.8``), by the weights it gives; None when it names none.

    >>> preferred_language("de-DE,de;q=0.9,ps;q=0.5,tr;q=0.7")
    'tr'
    >>> preferred_language("de, fr") is None
    True
    """
    if not accept:
        return None
    weighted = []
    for place, item in enumerate(accept.split(",")):
        code, _, params = item.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        base = code.strip().split("-")[0].lower()
        if base in LANGUAGES and weight > 0:
            weighted.append((-weight, place, base))
    return min(weighted)[2] if weighted else None


def choose_language(asked: str | None = None, saved: str | None = None, accept: str | None = None,
                    default: str = "en") -> str:
    """The language of a page: the one asked for (``?lang=``) when it is one of
    the trainer's, else the one the learner saved, else the browser's preferred
    one among them, else ``default`` (English; a page built inside
    :func:`in_language` passes the language of the block)."""
    for lang in (asked, saved):
        if lang:
            try:
                return check_language(lang)
            except GinError:
                continue
    return preferred_language(accept) or default


# -- catalogs -------------------------------------------------------------------------


class _Bytes:
    """The compiled catalog's bytes as the one-method file gettext reads."""

    def __init__(self, data: bytes, name: str):
        self._data = data
        self.name = name

    def read(self) -> bytes:
        return self._data


def catalog_path(lang: str) -> str:
    """A language's catalog, from the package's root (``locale/tr/LC_MESSAGES/gintrainer.po``)."""
    return f"locale/{lang}/LC_MESSAGES/{DOMAIN}.po"


@cache
def _compiled(lang: str) -> gettext.NullTranslations:
    if lang == "en":
        return gettext.NullTranslations()
    if lang == PSEUDO:
        return _Pseudo(template_ids())
    mo = resources.files("gintrainer").joinpath(catalog_path(lang)[:-3] + ".mo")
    if not mo.is_file():
        raise GinError(f"the {lang!r} catalog is not compiled: run `python -m gintrainer.catalogs compile` "
                       f"(make does it)")
    return gettext.GNUTranslations(_Bytes(mo.read_bytes(), str(mo)))


def translations(lang: str | None = None) -> gettext.NullTranslations:
    """The gettext translations of a language (the current one by default)."""
    return _compiled(check_language(lang or _current))


@cache
def template_ids() -> frozenset[tuple[str | None, str]]:
    """The (context, English) pairs of the catalog template: every sentence the code marks."""
    from babel.messages.pofile import read_po

    pot = resources.files("gintrainer").joinpath(f"locale/{DOMAIN}.pot")
    if not pot.is_file():
        return frozenset()
    with pot.open("rb") as handle:
        catalog = read_po(handle)
    ids: set[tuple[str | None, str]] = set()
    for message in catalog:
        forms = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        ids.update((message.context, form) for form in forms if form)
    return frozenset(ids)


class _Pseudo(gettext.NullTranslations):
    """The pseudo-language: a sentence the template holds comes back marked; a text
    it does not hold comes back as it is, so a page shows it unmarked."""

    def __init__(self, known: frozenset[tuple[str | None, str]]):
        super().__init__()
        self.known = known

    def _mark(self, context: str | None, text: str) -> str:
        opening, closing = PSEUDO_MARKS
        return f"{opening}{text}{closing}" if (context, text) in self.known else text

    def gettext(self, message: str) -> str:
        return self._mark(None, message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self._mark(None, msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self._mark(context, message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self._mark(context, msgid1 if n == 1 else msgid2)


# -- alphabetical order ---------------------------------------------------------------

ALPHABETS = {code: spoken.alphabet for code, spoken in SPOKEN.items()}
"""Each language's letters in its alphabetical order (Babel has no collation; the
glossary is the one list sorted by words)."""


def sort_key(text: str, lang: str | None = None) -> tuple[tuple[int, int], ...]:
    """A key that sorts words in the alphabetical order of ``lang`` (the current
    language by default): Turkish ç after c and ı before i, Kurmanji ê after e,
    Pashto ټ after ت; case ignored (Turkish I is ı, İ is i); a space or hyphen
    before the letters, other characters after them, by code point.

    >>> sorted(["çay", "dal", "cam"], key=lambda w: sort_key(w, "tr"))
    ['cam', 'çay', 'dal']
    """
    lang = lang or _current
    alphabet = ALPHABETS.get(lang, ALPHABETS["en"])
    if lang == "tr":
        text = text.replace("I", "ı").replace("İ", "i")
    key = []
    for char in text.lower():
        place = alphabet.find(char)
        if place >= 0:
            key.append((1, place))
        else:  # a space or a hyphen before any letter ("Lay off", "Layout"), other signs after
            key.append((0, 0) if char in " -" else (2, ord(char)))
    return tuple(key)


# -- values ---------------------------------------------------------------------------

def _babel_locale(lang: str) -> str:
    return "en" if lang == PSEUDO else lang


def format_number(value: float | Fraction, lang: str | None = None, places: int = 2) -> str:
    """A fraction or decimal to ``places`` places, with the language's decimal sign."""
    from babel.numbers import format_decimal

    pattern = "0." + "0" * places if places else "0"
    rounded = Decimal(f"{float(value):.{places}f}")  # rounded as Python rounds the float, as the English always was
    return format_decimal(rounded, pattern, locale=_babel_locale(lang or _current), numbering_system="latn")


def format_percent(value: int, lang: str | None = None) -> str:
    """A whole percentage as the language writes it (``40%``, Turkish ``%40``)."""
    from babel.numbers import format_percent as babel_percent

    return babel_percent(value / 100, locale=_babel_locale(lang or _current), numbering_system="latn")


LRI, PDI = "\u2066", "\u2069"
"""Unicode's left-to-right isolate and its end: cards inside a right-to-left
sentence keep their own order (a run reads 4♣ 5♣ 6♣ in Pashto too)."""


def left_to_right(text: str, lang: str | None = None) -> str:
    """``text`` kept left to right inside a sentence of ``lang`` (isolated in a
    right-to-left language, as it is elsewhere)."""
    return f"{LRI}{text}{PDI}" if is_rtl(lang) and text else text


_ARROWS = {"back": "←", "forward": "→", "step_back": "◀", "step_forward": "▶", "start": "«", "end": "»"}
"""The arrow of each way a navigation control goes, as a left-to-right page draws it."""
_BACKWARDS = ("back", "step_back", "start")
_MIRRORED = str.maketrans("←→◀▶", "→←▶◀")
"""The arrows a right-to-left page must turn round itself: « and » are Bidi_Mirrored characters,
which the browser already draws turned round in a right-to-left line (an arrow turned here
would be turned twice)."""


def with_arrow(text: str, way: str, lang: str | None = None) -> str:
    """A navigation label (a link, a stepper's button) with the arrow of ``way``
    (``back``, ``forward``, ``step_back``, ``step_forward``, ``start``, ``end``),
    pointing the way the page reads: a way back stands before the text and a way
    forward after it, and on a right-to-left page "next" points left. The one
    owner of the arrows: the catalogs hold the words alone.

    >>> with_arrow("Next", "forward"), with_arrow("Back", "step_back")
    ('Next →', '◀ Back')
    >>> with_arrow("بل", "forward", "ps"), with_arrow("شاته", "step_back", "ps")
    ('بل ←', '▶ شاته')
    """
    if way not in _ARROWS:
        raise GinError(f"a navigation arrow goes {', '.join(_ARROWS)}, not {way!r}")
    arrow = _ARROWS[way]
    if is_rtl(lang):
        arrow = arrow.translate(_MIRRORED)
    return f"{arrow} {text}" if way in _BACKWARDS else f"{text} {arrow}"


def format_plain(value: object, lang: str | None = None) -> str:
    """A value in a sentence: a fraction or decimal by :func:`format_number`, cards
    (a card, a tuple of cards, a tuple of melds) by their symbols, left to right
    in a right-to-left language; the rest as text."""
    if isinstance(value, bool):
        raise GinError(f"a sentence takes numbers, cards or text, not {value!r}")
    if isinstance(value, (Fraction, float)):
        return format_number(value, lang)
    if isinstance(value, dt.date):  # ISO order, kept whole: a right-to-left line would show 2026-12-04 as 04-12-2026
        return left_to_right(value.isoformat(), lang)
    if isinstance(value, tuple):
        if value and isinstance(value[0], tuple):
            return left_to_right(" · ".join(" ".join(str(card) for card in meld) for meld in value), lang)
        return left_to_right(" ".join(str(card) for card in value), lang)
    if type(value).__name__ == "Card":  # the engine's card (cards imports this module)
        return left_to_right(str(value), lang)
    return str(value)


PLAYER_VALUES = ("ann", "ben")
"""The values that name the two players of the lessons, exercises and example hands,
by seat: a sentence writes them ``{ann}`` and ``{ben}``, never their names, and
:func:`t`, :func:`tn` and :func:`tc` fill them from :func:`player_names`."""


PLAYER_PRONOUNS = ("she", "he")
"""The lessons' two players, by seat, as a sentence about one says her or him: Ann (seat 0) is a woman, Ben
(seat 1) a man, in every language (see :func:`player_names`)."""


def player_names() -> tuple[str, str]:
    """The names of the lessons' two players, by seat, in the current language: the
    catalogs choose them per language (English: Ann and Ben).

    >>> player_names()
    ('Ann', 'Ben')
    >>> with in_language("tr"):
    ...     player_names()
    ('Elif', 'Kerem')
    """
    # Translators: the lessons' first player, a woman (seat 0; she deals). A short, common
    # given name of your language, with another first letter than the second player's and
    # no other meaning. Sentences write her {ann}: a suffix they add ({ann}'in) must suit it.
    first = tc("player name", "Ann")
    # Translators: the lessons' second player, a man (seat 1). A short, common given name of
    # your language, with another first letter than the first player's and no other meaning.
    # Sentences write him {ben}: a suffix they add ({ben}'in) must suit it.
    second = tc("player name", "Ben")
    return first, second


def player_values() -> dict[str, str]:
    """The players' names as a sentence's values: ``{"ann": ..., "ben": ...}`` (for a template filled by
    ``format_map``; :func:`t` and its kin fill them by themselves)."""
    return dict(zip(PLAYER_VALUES, player_names(), strict=True))


class _PlayerNames(Sequence[str]):
    """The two players' names by seat, read in the current language each time (a
    sequence that a page built in one language and shown in another still reads
    right): ``PLAYERS[0]`` is :func:`player_names` ``()[0]``."""

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return player_names()[index]

    def __len__(self) -> int:
        return len(PLAYER_VALUES)

    def __repr__(self) -> str:
        return f"PLAYERS{player_names()!r}"


PLAYERS: Sequence[str] = _PlayerNames()
"""The lessons' two players' names, by seat, in the current language (see :func:`player_names`)."""


def _fields(text: str) -> frozenset[str]:
    try:
        return frozenset(name for _, name, _, _ in string.Formatter().parse(text) if name)
    except ValueError:  # a text with a lone brace is no template
        return frozenset()


def _fill(text: str, values: Mapping[str, object]) -> str:
    """``text`` with its named values written in, and the players' names where it names them (``{ann}``, ``{ben}``)
    and ``values`` does not. A text given no values is only translated (its caller fills it: a lesson's caption
    from its step), unless the players' names are all it takes (an example hand's comment)."""
    fields = _fields(text) if "{" in text else frozenset()
    if fields & set(PLAYER_VALUES) and (values or fields <= set(PLAYER_VALUES)):
        values = {**player_values(), **values}
    lang = _current
    return text.format(**{name: format_plain(value, lang) for name, value in values.items()}) if values else text


# -- marking --------------------------------------------------------------------------

def N_(text: str) -> str:  # noqa: N802 (gettext's own name for the marker)
    """Mark ``text`` for the catalog where no language is known yet; :func:`t`
    translates it where it is shown."""
    return text


def Nn_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 (after gettext's N_)
    """Mark a sentence's two forms for the catalog where the count is not known yet;
    :func:`tn` chooses and translates the form where it is shown."""
    return singular, plural


def t(text: str, /, **values: object) -> str:
    """A sentence in the current language, its named values filled in (an empty
    text stays empty: gettext would give the catalog's header for it)."""
    return _fill(translations().gettext(text), values) if text else text


def tn(singular: str, plural: str, n: int, /, **values: object) -> str:
    """A sentence whose words follow a count, in the current language; the count
    is the value ``{n}``."""
    return _fill(translations().ngettext(singular, plural, n), {"n": n, **values})


def tc(context: str, text: str, /, **values: object) -> str:
    """A text with a context for translators (a button's "Check", a column's
    "Cards"), in the current language."""
    return _fill(translations().pgettext(context, text), values)


def list_words(items: Iterable[str]) -> str:
    """Items of a list in a sentence, each after the language's list separator (Pashto's "، ", else ", ").

    >>> list_words(["7♥ on meld 2", "8♥ on meld 2"])
    '7♥ on meld 2, 8♥ on meld 2'
    """
    # Translators: what separates the items of a list in a sentence ("7♥, 8♥"): a comma and a space, or
    # your language's own list comma ("، ").
    return tc("list separator", ", ").join(items)


__all__ = ["DOMAIN", "LANGUAGES", "NAMES", "PLAYERS", "PLAYER_PRONOUNS", "PLAYER_VALUES", "PSEUDO", "PSEUDO_MARKS",
           "N_", "Nn_", "allow_pseudo",
           "check_language", "choose_language", "current_language", "format_number", "format_percent", "format_plain",
           "in_language", "is_rtl", "known_languages", "left_to_right", "list_words", "player_names", "player_values",
           "preferred_language", "sort_key", "t", "tc", "text_direction", "tn", "translations", "use_language",
           "with_arrow"]
