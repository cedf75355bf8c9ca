"""The lessons: their demonstrations, exercises and checks run on the engine, and the
notebooks are thin, linked in order, and stripped of outputs."""

import json
import re
from pathlib import Path

import pytest

from gintrainer.exercises import KINDS, generate
from gintrainer.lessons import LESSONS, checks, demo_hand
from gintrainer.reference import GLOSSARY, quick_reference_html
from gintrainer.rules import PRESETS, Rules
from gintrainer.steps import HandSteps

ROOT = Path(__file__).resolve().parent.parent
LESSON_DIR = ROOT / "lessons"


def notebook(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))


def source(cell):
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_demonstrations_play_on_the_engine_with_captions_in_range(number):
    info = LESSONS[number]
    for which, demo in enumerate(info.demos):
        hand = demo_hand(number, which)
        planned = [a for a in demo.actions if a != "auto"]
        assert list(hand.history[:len(planned)]) == planned or "auto" in demo.actions
        assert len(hand.history) >= len(demo.actions)
        steps = HandSteps(hand, captions=demo.captions)
        assert all(0 <= step < steps.count for step in demo.captions), demo.title
        assert all(steps.caption(i) for i in range(steps.count))


def test_demonstrations_show_what_their_lessons_teach():
    assert demo_hand(5, 0).result.kind == "knock" and demo_hand(5, 1).result.kind == "gin"
    assert [a.kind for _, a in demo_hand(5, 1).actions][:2] == ["take", "gin"]  # gin on the first turn
    assert len(demo_hand(6).layoffs) == 5 and demo_hand(6).result.points == 32
    layout = demo_hand(6, 1)
    assert layout.result.kind == "knock" and not layout.layoffs
    assert demo_hand(7).result.kind == "undercut" and demo_hand(7).result.points == 12
    oklahoma = demo_hand(9)
    assert oklahoma.knock_limit == 3 and oklahoma.result.multiplier == 2
    assert [a.kind for _, a in demo_hand(3).actions][:3] == ["pass", "pass", "draw"]
    assert "take" in demo_hand(4).history


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_checks_are_answered_by_the_engine(number):
    questions = checks(number)
    assert len(questions) >= 3
    for question in questions:
        assert question.answer in question.options
        assert question.check(question.answer).correct
        assert not any(question.check(o).correct for o in question.options if o != question.answer)


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_a_wrong_check_answer_says_why_and_not_what_is_right(number):
    for question in checks(number):
        for option in question.options:
            if option == question.answer:
                continue
            text = question.check(option).text
            assert text.startswith(f"Not “{option}”: ") and len(text) > len(option) + 20
            assert f"“{question.answer}”" not in text and question.explanation not in text


ODD = Rules(knock_limit=7, gin_bonus=21, undercut_bonus=12, target=150, game_bonus=120, box_bonus=20,
            shutout_multiplier=3)


@pytest.mark.parametrize("number", [5, 7, 8])
def test_every_number_in_a_check_comes_from_the_rules_in_force(number):
    standard = PRESETS["standard"]
    fields = {5: ("knock_limit", "gin_bonus"), 7: ("undercut_bonus",), 8: ("target", "box_bonus", "game_bonus")}
    questions = checks(number, ODD)
    words = " ".join(" ".join([q.prompt, q.explanation, *q.options, *(q.check(o).text for o in q.options)])
                     for q in questions)
    for name in fields[number]:
        assert str(getattr(ODD, name)) in words
        assert not re.search(rf"\b{getattr(standard, name)}\b", " ".join(q.explanation for q in questions)), name
    assert all(q.check(q.answer).correct for q in questions)
    assert "doubled" not in words and "standard" not in " ".join(q.prompt for q in questions)


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_lesson_notebook_is_thin_linked_and_uses_its_exercises(number):
    info = LESSONS[number]
    path = LESSON_DIR / info.file
    nb = notebook(path)
    cells = nb["cells"]
    first = source(cells[0])
    assert first.startswith(f"# Lesson {number}: {info.title}") and "**Goal:**" in first
    code = [source(c) for c in cells if c["cell_type"] == "code"]
    # the links to the neighbouring lessons come from the toolbar at the top and the bar at the bottom
    assert f"lesson.toolbar({number})" in code[0] and source(cells[-1]) == f"lesson.nav({number})"
    used = re.findall(r'lesson\.exercise\("([a-z_]+)"\)', "\n".join(code))
    assert used == info.kinds, "the notebook shows the lesson's exercise kinds in order"
    assert f"lesson.demo({number})" in "\n".join(code)
    assert f"lesson.check({number})" in code[-2]
    allowed = re.compile(r'^(from gintrainer\.widgets import lesson|lesson\.[a-z_]+\([^()]*\)|)$')
    for text in code:
        for line in text.splitlines():
            assert allowed.match(line.strip()), f"{info.file}: {line!r} is more than a widget call"


def test_every_exercise_kind_is_in_a_lesson():
    assert {k.lesson for k in KINDS.values()} == set(LESSONS)
    for kind in KINDS:
        assert generate(kind, 0).title


def all_notebooks():
    skip = {".venv", ".ipynb_checkpoints", ".git", "node_modules"}
    return [p for p in ROOT.rglob("*.ipynb") if not skip & set(p.relative_to(ROOT).parts)]


def test_notebooks_in_the_repo_have_no_outputs():
    found = all_notebooks()
    assert len(found) >= 11
    for path in found:
        for cell in notebook(path)["cells"]:
            if cell["cell_type"] == "code":
                assert cell.get("outputs") == [] and cell.get("execution_count") is None, \
                    f"{path.relative_to(ROOT)} has outputs: run nbstripout on it"


def test_nbstripout_finds_nothing_to_strip():
    nbstripout = pytest.importorskip("nbstripout")
    import subprocess
    import sys
    paths = [str(p) for p in all_notebooks()]
    result = subprocess.run([sys.executable, "-m", "nbstripout", "--verify", *paths], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert nbstripout


def test_glossary_and_quick_reference_pages_exist():
    for name in ("glossary", "quick_reference"):
        nb = notebook(LESSON_DIR / f"{name}.ipynb")
        assert f'lesson.nav("{name}")' in source(nb["cells"][1])
    terms = [t for t, _, _ in GLOSSARY]
    assert terms == sorted(terms, key=str.lower)
    assert "knock limit of" not in quick_reference_html(Rules(knock_limit=7))
    assert "at most 7 (the knock limit)" in quick_reference_html(Rules(knock_limit=7))


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_the_notebook_goal_is_the_lessons_goal(number):
    first = source(notebook(LESSON_DIR / LESSONS[number].file)["cells"][0])
    assert f"**Goal:** {LESSONS[number].goal}\n" in first


def test_goals_take_their_numbers_from_the_rules():
    assert "{" not in "".join(info.goal for info in LESSONS.values())
    assert f"knock with {PRESETS['standard'].knock_limit} or less" in LESSONS[5].goal
