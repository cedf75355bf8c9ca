"""No module of the package compares a value with the bare text of a vocabulary
word: code compares members (``PuzzleKind.CAN_KNOCK``, ``Phase.DISCARD``,
``ActionKind.BIG_GIN``, ``Objective.LOOKAHEAD``), so a misspelt word is an
AttributeError at once instead of a comparison that is quietly never true.

The scan reads each module's syntax tree and reports every ``==``, ``!=``,
``in``, ``not in`` and ``match``/``case`` whose operand is a string literal
(alone, or inside a tuple, list, set or dict written in place) equal to a
member's text of a vocabulary in VOCABULARIES (Phase, ActionKind, Pile,
PuzzleKind, Objective, SetObjective, ScoreKind, MeldKind, Stage, DrawChoice, DecisionKind), in either spelling
``parse`` accepts (``big-gin`` and ``big_gin``, ``can_knock`` and ``can-knock``).
A word that means something else where it is compared (the pile a card came
from, a stage of an attempt) is its own vocabulary and gets its own name.

One module at a time::

    pytest "tests/test_vocabulary.py::test_no_comparison_with_a_bare_word[gintrainer/engine/solver.py]"
    python tests/test_vocabulary.py gintrainer/engine/solver.py gintrainer/engine/hand.py
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from gintrainer.classroom.sets import SetObjective
from gintrainer.engine.hand import ActionKind, Phase, Pile
from gintrainer.engine.melds import MeldKind
from gintrainer.engine.scoring import ScoreKind
from gintrainer.engine.solver import DrawChoice, Objective
from gintrainer.puzzles import PuzzleKind
from gintrainer.replay.review import DecisionKind
from gintrainer.trainers.training import Stage
from gintrainer.words.vocab import Vocabulary

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "gintrainer"
VOCABULARIES: tuple[type[Vocabulary] | type[PuzzleKind], ...] = (  # PuzzleKind: the open vocabulary
    Phase, ActionKind, Pile, PuzzleKind, Objective, SetObjective, ScoreKind, MeldKind, Stage, DrawChoice,
    DecisionKind,
)


def _spellings(text: str) -> set[str]:
    return {text, text.replace("_", "-"), text.replace("-", "_")}


def _members_by_word() -> dict[str, tuple[str, ...]]:
    """Each word (in both spellings) and the members whose text it is, e.g.
    ``"discard"``: ``("Phase.DISCARD", "ActionKind.DISCARD")``."""
    found: dict[str, list[str]] = {}
    for vocabulary in VOCABULARIES:
        for member in vocabulary:
            for word in _spellings(member.value):
                found.setdefault(word, []).append(f"{vocabulary.__name__}.{member.name}")
    return {word: tuple(members) for word, members in found.items()}


MEMBERS = _members_by_word()
_COMPARING = (ast.Eq, ast.NotEq, ast.In, ast.NotIn)


def _bare_words(node: ast.expr | None) -> Iterator[tuple[int, str]]:
    """The line and text of each vocabulary word written as a string literal in an
    operand: the operand itself, or the items (the keys, for a dict) of a
    collection written in place."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in MEMBERS:
        yield node.lineno, node.value
    elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        for item in node.elts:
            yield from _bare_words(item)
    elif isinstance(node, ast.Dict):
        for key in node.keys:
            yield from _bare_words(key)


def _compared_words(tree: ast.AST) -> Iterator[tuple[tuple[int, str], str]]:
    """Each bare word compared (its line and text), with the comparison's source text."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and any(isinstance(op, _COMPARING) for op in node.ops):
            for operand in (node.left, *node.comparators):
                for word in _bare_words(operand):
                    yield word, ast.unparse(node)
        elif isinstance(node, ast.MatchValue):
            for word in _bare_words(node.value):
                yield word, f"case {ast.unparse(node.value)}"
        elif isinstance(node, ast.MatchMapping):
            for key in node.keys:
                for word in _bare_words(key):
                    yield word, f"case {{{ast.unparse(key)}: ...}}"


def offences(source: str, name: str) -> list[str]:
    """One line per bare word compared in ``source``: where, what, and the members to use."""
    found = []
    for (line, word), comparison in _compared_words(ast.parse(source, filename=name)):
        members = " or ".join(MEMBERS[word])
        found.append(f"{name}:{line}: compares the bare word {word!r} ({comparison}): "
                     f"compare {members}, or name the vocabulary the word belongs to here")
    return sorted(found, key=lambda line: int(line.split(":")[1]))


def file_offences(path: Path) -> list[str]:
    name = path.resolve().relative_to(ROOT).as_posix() if path.resolve().is_relative_to(ROOT) else str(path)
    return offences(path.read_text(encoding="utf-8"), name)


MODULES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_comparison_with_a_bare_word(path):
    found = file_offences(path)
    assert not found, "\n".join(found)


# -- the scan itself ------------------------------------------------------------

@pytest.mark.parametrize("line", [
    'kind == "can_knock"',
    '"can_knock" != kind',
    'hand.phase in ("upcard", "draw")',
    'action.kind not in ["take", "pass"]',
    'shape in {"gin", "big_gin"}',
    'objective in {"lookahead": 1}',
    '0 < x == "deadwood"',
    '"knocker_layout" in phases',
    'kind == "can-knock"',
    'where == "stock"',
    'meld_kind(cards) == "run"',
    'result.kind in ("dead", "tie")',
])
def test_the_scan_finds_a_bare_word_in_a_comparison(line):
    found = offences(f"if {line}:\n    pass\n", "sample.py")
    assert found and all(f.startswith("sample.py:1: compares the bare word") for f in found)


def test_the_scan_finds_every_word_of_a_collection_and_names_the_members():
    found = offences('ok = phase in ("upcard", "draw", "elsewhere")\n', "sample.py")
    assert [line.split("'")[1] for line in found] == ["upcard", "draw"]
    assert "compare Phase.DRAW or ActionKind.DRAW" in found[1]


def test_the_scan_finds_a_bare_word_in_a_case_pattern():
    source = ('match action.kind:\n'
              '    case "knock" | "gin":\n        pass\n'
              '    case {"big-gin": _}:\n        pass\n'
              '    case ActionKind.DONE:\n        pass\n')
    found = offences(source, "sample.py")
    assert [line.split(":")[1] for line in found] == ["2", "2", "4"]


@pytest.mark.parametrize("line", [
    "kind == PuzzleKind.CAN_KNOCK",
    "phase in (Phase.UPCARD, Phase.DRAW)",
    'name == "set-or-run"',
    'where == "elsewhere"',
    'x = {"can_knock": 1}',
    'say("discard", card=card)',
    'kind is None or kind == other',
    '"draw" + suffix',
    'len(kind) < 3',
])
def test_the_scan_passes_what_is_no_comparison_with_a_vocabulary_word(line):
    assert offences(f"{line}\n", "sample.py") == []


def test_every_vocabulary_word_is_known_in_both_spellings():
    assert MEMBERS["big_gin"] == MEMBERS["big-gin"] == ("ActionKind.BIG_GIN", "ScoreKind.BIG_GIN")
    assert MEMBERS["best-discard"] == ("PuzzleKind.BEST_DISCARD",)
    assert {m.value for v in VOCABULARIES for m in v} <= set(MEMBERS)


if __name__ == "__main__":
    lines = [line for arg in sys.argv[1:] or map(str, MODULES) for line in file_offences(Path(arg))]
    print("\n".join(lines) or "no bare vocabulary words compared")
    sys.exit(1 if lines else 0)


def test_a_vocabulary_is_named_by_its_class_keyword():
    """The base class owns the noun: a vocabulary names itself with ``noun=`` (no method of its own), and one
    that names none is called by its class's name."""
    from gintrainer.words.errors import GinError
    from gintrainer.words.vocab import Vocabulary

    class Colour(Vocabulary, noun="colour"):
        RED = "red"

    class Shade(Vocabulary):
        DARK = "dark"

    assert (Colour.noun(), Shade.noun(), list(Colour)) == ("colour", "Shade", [Colour.RED])
    with pytest.raises(GinError, match="^unknown colour 'blue': use red$"):
        Colour.parse("blue")
