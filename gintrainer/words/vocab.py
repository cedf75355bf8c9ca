"""Vocabularies: the package's fixed words (phases, action kinds, puzzle kinds,
objectives) as enumerations that read and write the same text as before.

A member is a ``str`` equal to its text, so files, JSON and the command line
see no change; code compares members. ``parse`` reads any accepted spelling
and names the choices when the text is none of them.

>>> class Colour(Vocabulary):
...     RED = "red"
...     DARK_BLUE = "dark_blue"
>>> Colour.parse("Dark-Blue"), str(Colour.RED), Colour.RED == "red"
(Colour.DARK_BLUE, 'red', True)
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import StrEnum
from typing import ClassVar, Self

from .errors import GinError
from .language import N_, t


class Vocabulary(StrEnum):
    """A closed set of words. Subclasses list their members, name the vocabulary with
    the class keyword ``noun`` (its name in error messages, marked with
    :func:`~gintrainer.words.language.N_` where it is written, translated where shown:
    ``class Phase(Vocabulary, noun=N_("phase"))``) and may override :meth:`aliases`
    (other accepted spellings, lower case, to a member's text)."""

    _noun: ClassVar[str]  # set by the class keyword (an annotation alone: a value would be a member)

    def __init_subclass__(cls, *, noun: str | None = None, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if noun is not None:
            cls._noun = noun

    @classmethod
    def aliases(cls) -> dict[str, str]:
        return {}

    @classmethod
    def noun(cls) -> str:
        """The vocabulary's name in error messages (English: translate it where it is shown)."""
        return getattr(cls, "_noun", cls.__name__)

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    @classmethod
    def parse(cls, text: object) -> Self:
        """The member ``text`` names: its text in any case, with ``-`` or ``_``
        between words, or an alias. Raises GinError naming the choices."""
        if isinstance(text, cls):
            return text
        if isinstance(text, str):
            word = _fold(text)
            word = cls.aliases().get(word, word)
            for member in cls:
                if word in (member.value, member.value.replace("_", "-"), member.value.replace("-", "_")):
                    return member
        choices = ", ".join(member.value for member in cls)
        # Translators: {noun} is what was asked for ("phase", "puzzle kind"); {text} what was typed, quoted;
        # {choices} the words accepted, as the command line and files write them (not translated).
        raise GinError(t("unknown {noun} {text}: use {choices}", noun=t(cls.noun()), text=repr(text),
                         choices=choices))


def _fold(text: str) -> str:
    """``text`` stripped and lower-cased for matching a vocabulary's words (ASCII):
    Turkish ``İ`` and ``I`` fold to ``i`` too, as a Turkish keyboard writes them
    (``"GİN"`` is ``gin``), and ``ı`` to ``i``.

    >>> _fold(" GİN "), _fold("BIG-GIN"), _fold("bıg_gın")
    ('gin', 'big-gin', 'big_gin')
    """
    return text.strip().replace("İ", "i").replace("ı", "i").lower()


class _Declared(type):
    """The type of an open vocabulary: iterating it gives its words in the order declared."""

    _members: dict[str, PuzzleKind]

    def __iter__(cls) -> Iterator[PuzzleKind]:
        return iter(tuple(cls._members.values()))

    def __len__(cls) -> int:
        return len(cls._members)

    def __getitem__(cls, index: int) -> PuzzleKind:
        return tuple(cls._members.values())[index]


class PuzzleKind(str, metaclass=_Declared):
    """The kinds of puzzle: an open vocabulary, so that a kind is a plug-in. Each
    word is declared once with the start of its puzzles' ids (:meth:`declare`);
    then ``PuzzleKind("defend")`` and :meth:`parse` give that member, and the
    class iterates over every kind declared, in order. A member is a ``str`` equal
    to its text, as a :class:`Vocabulary` member is: files, JSON and the command
    line see its text. What a kind *is* (its puzzles, answers and pages) is its
    description in :mod:`gintrainer.puzzles.registry`; the words of the kinds
    shipped are declared here, so that the records (below the puzzles) know them
    before any puzzle module is imported.

    >>> PuzzleKind.parse("Take-Or-Draw"), PuzzleKind.DEFEND.prefix, PuzzleKind.KNOCK_LAYOUT.option
    (PuzzleKind.TAKE_OR_DRAW, 'df', 'knock-layout')
    """

    _members: ClassVar[dict[str, PuzzleKind]] = {}
    name: str
    """The member's name, its text in capitals (``CAN_KNOCK``)."""
    prefix: str
    """The start of the ids of puzzles of this kind."""

    CAN_KNOCK: ClassVar[PuzzleKind]
    BEST_DISCARD: ClassVar[PuzzleKind]
    TAKE_OR_DRAW: ClassVar[PuzzleKind]
    KNOCK_LAYOUT: ClassVar[PuzzleKind]
    DEFEND: ClassVar[PuzzleKind]

    def __new__(cls, value: object) -> PuzzleKind:
        if isinstance(value, PuzzleKind):
            return value
        member = cls._members.get(value) if isinstance(value, str) else None
        if member is None:
            raise ValueError(f"{value!r} is not a valid PuzzleKind")
        return member

    @classmethod
    def declare(cls, value: str, prefix: str) -> PuzzleKind:
        """The kind ``value`` (lower case words joined by ``_``) whose puzzle ids start
        with ``prefix``, declared once; declaring it again with the same prefix gives
        the same member. GinError for a word or prefix already taken."""
        if not value.replace("_", "").isalpha() or value != value.lower():
            raise GinError(f"a puzzle kind is lower case words joined by _, not {value!r}")
        old = cls._members.get(value)
        if old is not None:
            if old.prefix != prefix:
                raise GinError(f"the puzzle kind {value!r} has the prefix {old.prefix!r}, not {prefix!r}")
            return old
        if not prefix.isalnum() or any(m.prefix == prefix for m in cls._members.values()):
            raise GinError(f"the id prefix {prefix!r} of the puzzle kind {value!r} is taken or not a word")
        member = str.__new__(cls, value)
        member.name = value.upper()
        member.prefix = prefix
        cls._members[value] = member
        return member

    @classmethod
    def withdraw(cls, kind: PuzzleKind) -> None:
        """Forget a kind declared for a while (a test's plug-in kind)."""
        cls._members.pop(str(kind), None)

    @property
    def value(self) -> str:
        """The kind's text, as files write it (``can_knock``)."""
        return str.__str__(self)

    @property
    def option(self) -> str:
        """The kind as the command line writes it (``can-knock``)."""
        return self.value.replace("_", "-")

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"PuzzleKind.{self.name}"

    def __reduce__(self) -> tuple[type[PuzzleKind], tuple[str]]:
        return PuzzleKind, (self.value,)

    @classmethod
    def noun(cls) -> str:
        return N_("puzzle kind")

    @classmethod
    def parse(cls, text: object) -> PuzzleKind:
        """The kind ``text`` names, in any case, with ``-`` or ``_`` between words.
        Raises GinError naming the choices."""
        if isinstance(text, PuzzleKind):
            return text
        if isinstance(text, str):
            member = cls._members.get(_fold(text).replace("-", "_"))
            if member is not None:
                return member
        choices = ", ".join(cls._members)
        raise GinError(t("unknown {noun} {text}: use {choices}", noun=t(cls.noun()), text=repr(text),
                         choices=choices))


PuzzleKind.CAN_KNOCK = PuzzleKind.declare("can_knock", "ck")
PuzzleKind.BEST_DISCARD = PuzzleKind.declare("best_discard", "bd")
PuzzleKind.TAKE_OR_DRAW = PuzzleKind.declare("take_or_draw", "td")
PuzzleKind.KNOCK_LAYOUT = PuzzleKind.declare("knock_layout", "kl")
PuzzleKind.DEFEND = PuzzleKind.declare("defend", "df")


__all__ = ["PuzzleKind", "Vocabulary"]
