"""What a page's kernel imports to build the page: not numpy, nor the lessons' widgets on a page
that is not a lesson. Each is a few megabytes in every student's kernel (numpy alone 10 MB), so
they are imported when first used: numpy by the batch solver and the computer players, the
lesson widgets by a lesson page. Each page is built in a fresh process, its notebook's code
cells run in order in its own folder, as Voila's kernel runs them.

A trainer page reads the puzzle bank's index (ids, difficulties, themes) and only the puzzle it
shows, not the whole bank as Puzzle objects (about 8 MB of a kernel's memory)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]

PAGES = ["index.ipynb", "lessons/05_knocking_and_gin.ipynb", "lessons/tr/05_knocking_and_gin.ipynb",
         "lessons/first_hand.ipynb",
         "puzzles/best_discard.ipynb", "puzzles/can_knock.ipynb", "puzzles/take_or_draw.ipynb",
         "puzzles/knock_layout.ipynb", "puzzles/defend.ipynb",
         "puzzles/daily.ipynb", "classroom/student.ipynb",
         "replays/example_hands.ipynb"]
NOT_AT_PAGE_START = ("numpy", "anywidget", "psygnal")
"""Modules no page imports while it is built (the page's script widgets speak to anywidget's
front end without its Python package, which brings psygnal: 2 MB)."""
LESSON_WIDGETS = "gintrainer.widgets.lesson"
LESSON_DEFINITIONS = ("gintrainer.lessons.syllabus", "gintrainer.lessons.model")
"""The lessons' demonstrations, exercises and checks (1.7 MB): a page's navigation reads the
lessons' titles from ``gintrainer.lessons.table`` instead."""

_BUILD = """
import gc, json, sys
cells = json.loads(sys.argv[1])
names = {}
for code in cells:
    exec(compile(code, "<cell>", "exec"), names)
gc.collect()
Puzzle = getattr(sys.modules.get("gintrainer.puzzles.core"), "Said", None)  # a puzzle of any kind
widgets = sys.modules.get("ipywidgets")
print(json.dumps({"models": len(widgets.widgets.widget._instances) if widgets else 0,
                  "modules": sorted(name for name in sys.modules if name.split(".")[0] in ("numpy", "gintrainer")),
                  "puzzles": sum(1 for o in gc.get_objects() if Puzzle is not None and isinstance(o, Puzzle))}))
"""


_BUILT: dict[tuple[str, int | None], str] = {}
"""Each page's build (by its number of cells), made once in a test run: the tests that look at the
same page read the same fresh process's report."""


def built(page: str, tmp_path: Path, *, cells: int | None = None) -> dict:
    """After running ``page``'s code cells (the first ``cells`` of them, all by default) in a fresh
    process, with a data folder of its own in ``tmp_path``: the numpy, anywidget, psygnal and
    gintrainer modules imported (``modules``), how many widget models are open (``models``) and how
    many puzzles of any kind it holds (``puzzles``). Built once for every test that asks."""
    if (page, cells) not in _BUILT:
        _BUILT[page, cells] = _build(page, tmp_path, cells)
    return json.loads(_BUILT[page, cells])


def _build(page: str, tmp_path: Path, cells: int | None) -> str:
    notebook = nbformat.read(ROOT / page, as_version=4)
    code_cells = [cell.source for cell in notebook.cells if cell.cell_type == "code"][:cells]
    env = {key: value for key, value in os.environ.items() if key not in ("VOILA_PREHEAT", "QUERY_STRING")}
    env.update(GINTRAINER_DATA=str(tmp_path / "data"), PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", _BUILD, json.dumps(code_cells)], cwd=(ROOT / page).parent, env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()[-1]


def imported_by(page: str, tmp_path: Path) -> set[str]:
    """The numpy, anywidget, psygnal and gintrainer modules imported after running ``page``'s code
    cells in a fresh process."""
    return set(built(page, tmp_path)["modules"])


@pytest.mark.parametrize("page", PAGES)
def test_building_a_page_does_not_import_numpy_nor_anywidget(page, tmp_path):
    modules = imported_by(page, tmp_path)
    assert "gintrainer.widgets" in modules  # the page was built
    assert not {name for name in modules if name.split(".")[0] in NOT_AT_PAGE_START}


@pytest.mark.parametrize("page", [p for p in PAGES if not p.startswith("lessons/")])
def test_a_page_that_is_no_lesson_does_not_import_the_lesson_widgets(page, tmp_path):
    assert LESSON_WIDGETS not in imported_by(page, tmp_path)


def test_a_lesson_page_imports_its_widgets(tmp_path):
    """The checks above and below can see the lesson widgets and definitions: a lesson page has them."""
    modules = imported_by("lessons/05_knocking_and_gin.ipynb", tmp_path)
    assert LESSON_WIDGETS in modules and set(LESSON_DEFINITIONS) <= modules


@pytest.mark.parametrize("page", [p for p in PAGES if not p.startswith("lessons/")])
def test_a_page_that_is_no_lesson_links_the_lessons_without_importing_their_definitions(page, tmp_path):
    modules = imported_by(page, tmp_path)
    assert "gintrainer.lessons.table" in modules and not modules & set(LESSON_DEFINITIONS)


@pytest.mark.parametrize("page", ["lessons/05_knocking_and_gin.ipynb", "lessons/06_laying_off.ipynb"])
def test_a_lesson_page_builds_a_few_widget_models_for_each_section(page, tmp_path):
    """Shared layouts and styles, one script widget per demonstration, inputs made when
    shown, an exercise's title and question in one widget, its panels and the label of its
    cards made only when it has them, the links at the top in one widget, a status line only for
    a view with a problem and "Try again" only once an exercise is answered: lesson 5 was 480
    models (two thirds of them layouts and styles nobody set), then 138, then 119, now 101."""
    assert built(page, tmp_path)["models"] <= 104


PUZZLES = "gintrainer.puzzles"
"""The puzzle kinds, their bank and their solvers (0.04 s of imports and a few megabytes): a
lesson page shows no puzzle."""


@pytest.mark.parametrize("page", ["lessons/05_knocking_and_gin.ipynb", "lessons/tr/05_knocking_and_gin.ipynb",
                                  "lessons/glossary.ipynb", "lessons/quick_reference.ipynb"])
def test_a_lesson_page_and_the_reference_pages_do_not_import_the_puzzles(page, tmp_path):
    modules = imported_by(page, tmp_path)
    assert LESSON_WIDGETS in modules  # the page was built
    assert not {name for name in modules if name == PUZZLES or name.startswith(PUZZLES + ".")}


@pytest.mark.parametrize("page", ["lessons/05_knocking_and_gin.ipynb", "lessons/glossary.ipynb"])
def test_a_lesson_page_s_import_cell_does_not_import_the_puzzles(page, tmp_path):
    """The import cell alone (the page's first code cell: the import and the toolbar), as a kernel runs it."""
    modules = set(built(page, tmp_path, cells=1)["modules"])
    assert LESSON_WIDGETS in modules and PUZZLES not in modules


@pytest.mark.parametrize("kind", ["best_discard", "can_knock", "take_or_draw", "knock_layout", "defend"])
def test_a_trainer_page_holds_its_puzzle_not_the_whole_bank(kind, tmp_path):
    from gintrainer.puzzles import bank
    held = built(f"puzzles/{kind}.ipynb", tmp_path)["puzzles"]
    assert 1 <= held <= 3  # the puzzle shown (and the attempt's copy), of a bank of hundreds
    assert len(bank(kind)) > 100


PUZZLE_PAGE_MODELS = {"puzzles/best_discard.ipynb": 65, "puzzles/can_knock.ipynb": 65,
                      "puzzles/take_or_draw.ipynb": 65, "puzzles/knock_layout.ipynb": 65,
                      "puzzles/defend.ipynb": 74, "classroom/student.ipynb": 48, "puzzles/daily.ipynb": 62,
                      "index.ipynb": 62}
"""The most widget models each puzzle page builds: a puzzle view makes the answer buttons of
its puzzle's stage (and the defend reply's input) when a puzzle asks for them, and buttons
whose layout never changes share one; the daily page (and the landing page's today) makes the
view of a kind when it is chosen. A trainer page was 105 or 106 models, the student page 97, the
daily page 389 and the landing page 404 when each view made every kind's inputs, and the daily
and landing pages 182 and 197 while the daily page showed its five views at once, and 61 and 64
before a view's status line and its "Try it again" button were made only when needed. The settings line
above the puzzle, its toggle and its folded panel (the name, difficulty and theme choices moved into it)
added 3 or 4 to the trainers and the daily page; the page's address kept by the trainers and the daily page
(the puzzle open and its hints taken: ``PageAddress``) 1 more."""


@pytest.mark.parametrize("page", PUZZLE_PAGE_MODELS)
def test_a_puzzle_page_builds_the_inputs_of_the_kinds_it_shows(page, tmp_path):
    assert built(page, tmp_path)["models"] <= PUZZLE_PAGE_MODELS[page]


def test_the_batch_solver_and_the_players_still_work_once_numpy_is_imported():
    code = ("import sys, random\n"
            "import gintrainer\n"
            "assert 'numpy' not in sys.modules\n"
            "from gintrainer import min_deadwood_batch\n"
            "from gintrainer.engine.players import decide\n"
            "from gintrainer.engine.roster import make_player\n"
            "print(min_deadwood_batch([[0, 1, 2, 4], [12, 25, 38, 51]]).tolist(), 'numpy' in sys.modules)\n"
            "hand = gintrainer.Hand.deal(seed=1)\n"
            "hand.apply(decide(make_player('best'), hand, seed=5))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["[5,", "0]", "True"]


def test_the_practice_page_does_not_import_numpy_when_the_computer_moves_first(tmp_path):
    """The computer's first move (taking the upcard and discarding, or passing) while the page
    is built is decided in Python: numpy (10 MB) was the practice page's kernel above 60 MB."""
    code = ("import sys\n"
            "from gintrainer.trainers.practice import PracticeGame\n"
            "from gintrainer.widgets.practice import PracticePage\n"
            "moves = set()\n"
            "for seed in range(40):\n"
            "    game = PracticeGame(seed=seed, play=False)\n"
            "    if game.hand.to_act == game.computer_seat:\n"
            "        game.let_computer_play()\n"
            "        moves.add(game.hand.history[0])\n"
            "        PracticePage(game=game)\n"
            "print(sorted(moves), 'numpy' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                         env=dict(os.environ, PYTHONPATH=str(ROOT), GINTRAINER_DATA=str(tmp_path / "data")))
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[-1] == "False" and "'pass'," in out.stdout and "'take'" in out.stdout


def test_the_app_command_compiles_the_package_before_it_starts_voila(monkeypatch):
    """Each page's kernel then loads the trainer's bytecode instead of compiling its modules,
    even where PYTHONDONTWRITEBYTECODE keeps the kernels from writing it."""
    import importlib.util

    from gintrainer import app
    from gintrainer.words import vocab
    cached = Path(importlib.util.cache_from_source(vocab.__file__))
    cached.unlink(missing_ok=True)
    seen = {}

    class Voila:
        def __init__(self, command, *, cwd, env):
            seen["compiled"] = cached.is_file()

        def wait(self):
            return 0

    monkeypatch.setattr(app.subprocess, "Popen", Voila)
    assert app.serve(open_browser=False) == 0
    assert seen["compiled"]


TEACHER_MODULES = ("gintrainer.classroom.gradebook", "gintrainer.classroom.worksheet")
"""The gradebook and the worksheets: a student's page answers a set and never reads either."""


def test_the_student_page_does_not_import_the_teacher_s_modules(tmp_path):
    modules = imported_by("classroom/student.ipynb", tmp_path)
    assert "gintrainer.widgets.classroom" in modules  # the page was built
    assert not modules & set(TEACHER_MODULES)


def test_the_teacher_s_names_are_still_read_from_the_classroom_package():
    """Imported when first used, the gradebook's and the worksheet's names are the package's as before."""
    import gintrainer.classroom as classroom
    from gintrainer.classroom.gradebook import gradebook_html
    from gintrainer.classroom.worksheet import worksheet_html
    assert classroom.gradebook_html is gradebook_html and classroom.worksheet_html is worksheet_html
    assert set(classroom.__all__) >= {name for names in classroom._LATER.values() for name in names}
    with pytest.raises(AttributeError, match="no attribute 'gradebok_html'"):
        classroom.gradebok_html  # noqa: B018
