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
from typing import Self

from .errors import GinError


class Vocabulary(StrEnum):
    """A closed set of words. Subclasses list their members and may override
    :meth:`aliases` (other accepted spellings, lower case, to a member's text)
    and :meth:`noun` (the vocabulary's name in error messages)."""

    @classmethod
    def aliases(cls) -> dict[str, str]:
        return {}

    @classmethod
    def noun(cls) -> str:
        return cls.__name__

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    @classmethod
    def parse(cls, text: object) -> Self:
        """The member ``text`` names: its text in any case, with ``-`` or ``_``
        between words, or an alias. Raises GinError naming the choices."""
        if isinstance(text, cls):
            return text
        if isinstance(text, str):
            word = text.strip().lower()
            word = cls.aliases().get(word, word)
            for member in cls:
                if word in (member.value, member.value.replace("_", "-"), member.value.replace("-", "_")):
                    return member
        choices = ", ".join(member.value for member in cls)
        raise GinError(f"unknown {cls.noun()} {text!r}: use {choices}")


__all__ = ["Vocabulary"]
