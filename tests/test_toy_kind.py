"""A sixth puzzle kind plugged in from a test module (tests/toy_kind.py) is served by
the package with no other change: the command line, the daily page, a class set and its
code, a worksheet and its answer key, results, the gradebook, the trainer page, the
learner's progress and the profile's list of attempts. Each test fails if the place it drives names the kinds itself (a
list of kinds, a branch on a kind). The last tests hold docs/adding-a-puzzle-kind.md's
list of files to what the package is: every file it says a kind has, the shipped kinds
have; and no file outside that list names a kind."""

from __future__ import annotations

import ast
import dataclasses
import datetime as dt
import json
import re
from pathlib import Path

import pytest

import toy_kind
from gintrainer import puzzles
from gintrainer.puzzles import registry
from gintrainer.puzzles.description import KindDescription
from gintrainer.words.vocab import PuzzleKind

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "adding-a-puzzle-kind.md"
TOY = toy_kind.WORD
OPTION = TOY.replace("_", "-")
COUNT = 6


@pytest.fixture(scope="module")
def toy(tmp_path_factory):
    """The toy kind registered (its word declared, its description in the table, its bank
    built into a folder of its own), and taken out again after the module's tests."""
    from dataclasses import replace
    folder = tmp_path_factory.mktemp("toy-bank")
    described = registry.register(replace(toy_kind.describe(), bank_folder=folder))
    try:
        assert puzzles.build_bank(folder, seed="toy", kinds=[TOY]) == {TOY: COUNT}
        yield described
    finally:
        registry.unregister(described.kind)
        PuzzleKind.withdraw(described.kind)


def test_the_toy_bank_is_built_indexed_and_verified(toy):
    assert toy.kind in puzzles.kinds() and toy.kind.prefix == toy_kind.PREFIX
    assert (toy.bank_folder / f"bank_{TOY}.index.json").exists()
    entries = puzzles.bank_index(TOY)
    assert len(entries) == COUNT and all(e.id.startswith(f"{toy_kind.PREFIX}-") for e in entries)
    for entry in entries:
        puzzle = puzzles.verify(puzzles.bank_record(TOY, entry.id))
        assert puzzle.kind == toy.kind and puzzle.to_dict() == puzzles.bank_record(TOY, entry.id)
    broken = dict(puzzles.bank_record(TOY, entries[0].id), difficulty=9999)
    with pytest.raises(puzzles.PuzzleError, match="difficulty disagrees"):
        puzzles.verify(broken)


def test_the_command_line_serves_the_toy_kind(toy, capsys):
    from gintrainer.cli import main
    assert main(["puzzles", "--kind", OPTION, "--count", "2", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert out.count(f"Puzzle {toy_kind.PREFIX}-") == 2 and "lowest deadwood, difficulty" in out
    assert "Which card do you throw to keep the least deadwood?" in out
    assert main(["daily", "--kind", OPTION, "--date", "2026-03-04", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["kind"] == TOY and record["id"] == puzzles.daily("2026-03-04", TOY).id
    assert main(["class", "make", "--code", "Toy class", "--kinds", OPTION, "--count", "2"]) == 0
    out = capsys.readouterr().out
    assert "2 puzzles: lowest-deadwood;" in out and out.count(f"Puzzle {toy_kind.PREFIX}-") == 2


def test_a_class_set_of_the_toy_kind_has_a_code_results_a_gradebook_and_a_worksheet(toy):
    from gintrainer.classroom import ClassSet, mark, worksheet_html
    from gintrainer.classroom.gradebook import build_gradebook, gradebook_html
    from gintrainer.classroom.results import Attempt, read_results, results_csv
    mixed = ClassSet("Toy class", count=4, kinds=["can_knock", TOY])
    assert [kind for kind, _ in mixed.plan()] == ["can_knock", TOY] * 2
    assert ClassSet.from_code(mixed.code) == mixed and mixed.version == 3
    assert "can-you-knock and lowest-deadwood" in mixed.describe()
    alone = ClassSet("Toy class", count=3, kinds=TOY)
    toys = alone.puzzles()
    assert [p.kind for p in toys] == [TOY] * 3 and all(p.id.startswith(toy_kind.PREFIX) for p in toys)
    right = mark(toys[0], toys[0].answer[0].code().lower())
    wrong = next(c for c in toys[1].hand if c not in toys[1].answer)
    assert right.correct and right.answer == toys[0].answer[0].code() and not mark(toys[1], wrong.code()).correct
    rows = [Attempt(1, toys[0].id, right.answer, True, 20.0), Attempt(2, toys[1].id, wrong.code(), False, 31.0)]
    text = results_csv("Kim", alone.code, rows)
    assert read_results(text).attempts == tuple(rows)
    book = build_gradebook([("kim.csv", text)])
    assert book.code == alone.code and book.cell("Kim", 1) is True and book.cell("Kim", 2) is False
    assert "lowest-deadwood" in gradebook_html(book)
    sheet, key = worksheet_html(alone), worksheet_html(alone, answers=True)
    assert sheet.count("Lowest deadwood") >= 3 and "Write the card you throw" in sheet
    assert "Least deadwood:" in key and "toy-numbers" in key and "Least deadwood:" not in sheet


def test_a_recorded_toy_answer_reads_as_the_student_gave_it(toy):
    from gintrainer.puzzles.registry import description
    puzzle = puzzles.bank(TOY)[0]
    reading = description(TOY).reading(puzzle.answer[0].code())
    assert reading.chosen == puzzle.answer[0] and str(puzzle.answer[0]) in reading.words


@pytest.mark.usefixtures("fresh_kernel")
def test_the_trainer_page_and_the_daily_page_serve_the_toy_kind(toy):
    pytest.importorskip("ipywidgets")
    from gintrainer.records import profiles as store
    from gintrainer.widgets.profile import Learner, attempt_line
    from gintrainer.widgets.trainer import DailyPage, PuzzleView, TrainerPage, recorded_words
    page = TrainerPage(TOY, learner=Learner("Ann"), seed=3)
    view = page.view
    assert view.puzzle.kind == TOY and "Lowest deadwood" in view.title.value and "toy-position" in view.position.value
    assert view.buttons.children == (view.discard_button, view.hint_button)
    assert view.discard_button.description == "Discard the selected card"
    view.hint_button.click()
    view.picker.select([view.puzzle.answer[0]])
    view.discard_button.click()
    progress = store.load("Ann").progress
    assert progress.history[-1].kind == TOY and progress.history[-1].result == "hinted"
    assert progress.history[-1].answer == view.puzzle.answer[0].code() and progress.kinds[TOY].attempts == 1
    assert " · Lowest deadwood · " in attempt_line(progress.history[-1])  # the profile's list: the page's title
    view.table_toggle.value = True
    assert "toy-table" in view.table.value
    daily_page = DailyPage(today=dt.date(2026, 3, 4), learner=Learner("Ben"))
    assert TOY in daily_page.kinds
    shown = daily_page.view_for(TOY)
    assert shown.puzzle.id == puzzles.daily(dt.date(2026, 3, 4), TOY).id
    assert "Daily: Lowest deadwood" in shown.title.value
    blind = PuzzleView(shown.puzzle, blind=True)
    blind.picker.select([shown.puzzle.answer[0]])
    blind.discard_button.click()
    assert recorded_words(blind.attempt) == f"Recorded: you throw {shown.puzzle.answer[0]}."


# -- the recipe's list of files ---------------------------------------------------

def _listed() -> list[str]:
    """The paths of the doc's section "Every file" (its bullets' paths, ``<kind>`` left in)."""
    section = DOC.read_text(encoding="utf-8").split("## Every file", 1)[1]
    return re.findall(r"`((?:gintrainer|puzzles|tests|conftest)[^`]*)`", section)


def test_every_file_the_recipe_names_for_a_kind_exists_for_the_kinds_shipped():
    listed = _listed()
    assert "gintrainer/puzzles/<kind>.py" in listed and "gintrainer/puzzles/registry.py" in listed
    own_modules = [d.kind.value for d in registry.SHIPPED if (ROOT / f"gintrainer/puzzles/{d.kind.value}.py").exists()]
    assert own_modules == ["take_or_draw", "knock_layout", "defend"]
    for kind in own_modules:
        for path in listed:
            assert (ROOT / path.replace("<kind>", kind)).exists(), (kind, path)


def test_the_recipe_names_what_the_toy_kind_used():
    """The toy kind is made as the recipe says a kind is: its word declared, a description with
    the parts the recipe lists, verified through the one re-verifier, registered in the table."""
    doc = DOC.read_text(encoding="utf-8")
    for used in ("PuzzleKind.declare", "KindDescription", "core.verify_remade", "SHIPPED", "registry.py"):
        assert used in doc, used
    table = doc.split("## What a description holds", 1)[1].split("##", 1)[0]
    described = {name for row in re.findall(r"^\| ([^|]+) \|", table, re.M) for name in re.findall(r"`(\w+)", row)}
    fields = {f.name for f in dataclasses.fields(KindDescription)}
    assert described == fields  # the doc's table names every part of a description, and no other


KIND_CLASSES = {"TakeOrDrawPuzzle", "KnockLayoutPuzzle", "DefendPuzzle"}
SHARED_PUZZLE_MODULES = ("__init__.py", "registry.py", "description.py", "answers.py", "sheets.py", "bank_file.py",
                         "store.py")
"""The puzzles' modules every kind shares: they name none (a kind's own modules do)."""


def _names_a_kind(path: Path) -> list[str]:
    """Where a module names a shipped kind: ``PuzzleKind.<NAME>``, or a branch on a kind's puzzle class."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "PuzzleKind"
                and node.attr.isupper()):
            found.append(f"{path.name}:{node.lineno} PuzzleKind.{node.attr}")
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance"
                and any(isinstance(n, ast.Name) and n.id in KIND_CLASSES for n in ast.walk(node.args[1]))):
            found.append(f"{path.name}:{node.lineno} isinstance")
    return found


def test_no_file_outside_the_recipe_names_a_kind():
    """Outside ``gintrainer/puzzles/`` (where each kind's own modules are) only the files the
    recipe lists name a kind; inside it, the modules all kinds share name none."""
    listed = {path for path in _listed() if "<kind>" not in path}
    package = ROOT / "gintrainer"
    naming = {}
    for path in sorted(package.rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        found = _names_a_kind(path)
        if not found or relative in listed:
            continue
        if path.parent == package / "puzzles" and path.name not in SHARED_PUZZLE_MODULES:
            continue  # a kind's own module, or a helper of its own
        naming[relative] = found
    assert naming == {}


def test_the_checks_of_the_recipe_see_a_kind_named(tmp_path):
    """The scan above finds a kind named, and a branch on a kind's class."""
    module = tmp_path / "m.py"
    module.write_text("def f(p):\n    return p.kind == PuzzleKind.DEFEND or isinstance(p, (Puzzle, DefendPuzzle))\n")
    assert sorted(_names_a_kind(module)) == ["m.py:2 PuzzleKind.DEFEND", "m.py:2 isinstance"]
