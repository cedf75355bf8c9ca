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

from enum import StrEnum
from typing import ClassVar, Self

from .errors import GinError
from .language import t


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


__all__ = ["Vocabulary"]
