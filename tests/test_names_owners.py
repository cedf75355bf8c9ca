"""Names have one owner each: a class's name is cleaned by the records' one cleaner (with its own limit and
words, every error translated), and the lessons' two players are named in one place."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import gintrainer
from gintrainer.classroom.sets import NAME_LIMIT, ClassSetError, clean_class_name
from gintrainer.records.storage import NAME, InvalidNameError, NameKind, clean_name
from gintrainer.words.language import PLAYERS, in_language


def test_a_class_name_that_is_not_text_is_refused_in_the_learners_language():
    with in_language("tr"), pytest.raises(ClassSetError) as refused:
        clean_class_name(5)
    assert str(refused.value) == "sınıf adı metin olmalı, 5 olamaz" and refused.value.option == "name"


@pytest.mark.parametrize("name", ["  Zoe\u0308 ", "\u200cYear 5\u200d", "a\x00b", "a\u202eb", "", "  \u200c ",
                                  "x" * 40, "x" * 41, "x" * NAME_LIMIT, "x" * (NAME_LIMIT + 1), 7, None])
def test_a_class_name_is_cleaned_as_every_name_is_with_its_own_limit(name):
    def outcome(clean, error):
        try:
            return clean(name)
        except error:
            return None
    assert outcome(clean_class_name, ClassSetError) == outcome(
        lambda text: clean_name(text, NameKind(NAME_LIMIT, NAME.words)), InvalidNameError)


def test_a_class_names_errors_keep_their_words():
    with pytest.raises(ClassSetError, match=r"^a class name can have at most 60 characters, not 61: 'x{60}'\.\.\.$"):
        clean_class_name("x" * 61)
    with pytest.raises(ClassSetError, match=r"^a class name cannot contain the character '\\x00': 'a\\x00b'$"):
        clean_class_name("a\x00b")
    with pytest.raises(InvalidNameError, match="^a name can have at most 40 characters"):
        clean_name("x" * 41)


def test_the_players_names_are_defined_once():
    """Every module reads the lessons' players as the words' ``PLAYERS``: none keeps a copy under
    another name."""
    copies = []
    for info in pkgutil.walk_packages(gintrainer.__path__, "gintrainer."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        copies += [f"{info.name}.{name}" for name, value in vars(module).items()
                   if value is PLAYERS and name != "PLAYERS"]
    assert copies == []
