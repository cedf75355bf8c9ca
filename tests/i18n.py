"""Checks on text drawn in the tests' pseudo-language (see gintrainer.words.language.PSEUDO):
every sentence from the catalogs comes back between ⟦ and ⟧, so any word left
outside the marks was written in the code, not taken from the catalogs.

    with pseudo_language():
        html = view.value
    assert unmarked(html) == []
"""

from __future__ import annotations

import html as html_module
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import cache

from gintrainer import catalogs
from gintrainer.words import language

OPEN, CLOSE = language.PSEUDO_MARKS
_TAG = re.compile(r"<(script|style)\b.*?</\1>|<[^>]+>", re.S | re.I)
_CARD = r"(?:10|[2-9AJQKT])[♣♦♥♠]"
_ALLOWED = re.compile(rf"^(?:(?:{_CARD})+|[A-Z0-9]{{2,3}}|[AJQKT]|[\d\W_]+)$")
"""A token that may stand outside the marks: a card or a row of them (a picker's card buttons read
as one word in the page's text), card notation (7H, TS), a lone rank letter as a
card's face prints it (A, J, Q, K, T), numbers and punctuation (12, 2.50, (0), 2026-11-30, 3/12)."""


@cache
def _template_ids() -> frozenset[tuple[str | None, str]]:
    ids: set[tuple[str | None, str]] = set()
    for message in catalogs.template():
        forms = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        ids.update((message.context, form) for form in forms if form)
    return frozenset(ids)


@contextmanager
def pseudo_language() -> Iterator[None]:
    """Speak the pseudo-language inside the block, marking every sentence the code's
    template holds (built from the code as it is, no file needed)."""
    saved = language.template_ids
    language.template_ids = _template_ids
    language._compiled.cache_clear()
    language.allow_pseudo()
    try:
        with language.in_language(language.PSEUDO):
            yield
    finally:
        language.allow_pseudo(False)
        language.template_ids = saved
        language._compiled.cache_clear()


def outside_marks(text: str) -> str:
    """The text left when everything between the marks (nested marks too) is taken out."""
    kept, depth = [], 0
    for char in text:
        if char == OPEN:
            depth += 1
        elif char == CLOSE:
            depth = max(0, depth - 1)
        elif depth == 0:
            kept.append(char)
    return "".join(kept)


def unmarked(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The words of ``text`` (HTML or plain) outside the marks that are not cards,
    numbers, card notation, rank letters, punctuation or one of ``allowed`` (a learner's name)."""
    plain = html_module.unescape(_TAG.sub(" ", text))
    plain = plain.replace(language.LRI, " ").replace(language.PDI, " ")
    allow = set(allowed)
    return [word for word in outside_marks(plain).split() if word not in allow and not _ALLOWED.match(word)]
