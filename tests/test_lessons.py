"""The lessons: each has one definition (gintrainer/lessons/), its demonstrations,
exercises and checks run on the engine, and its notebook follows the definition:
the title, the goal, and every section in order; the notebooks are thin, linked in
order, and stripped of outputs."""

import dataclasses
import json
import re
from pathlib import Path

import pytest

from gintrainer.engine.hand import Action, ActionKind
from gintrainer.engine.rules import PRESETS, Rules
from gintrainer.exercises import KINDS, generate
from gintrainer.lessons import DEMOS, LESSONS, checks, demo, outline
from gintrainer.lessons.model import Check, HandDemo, Lesson, Move, Practice, SectionKind, move
from gintrainer.material.reference import GLOSSARY, quick_reference_html
from gintrainer.words.errors import GinError

ROOT = Path(__file__).resolve().parent.parent
LESSON_DIR = ROOT / "lessons"
HAND_DEMOS = sorted(name for name, d in DEMOS.items() if isinstance(d, HandDemo))


def notebook(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))


def source(cell):
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def is_auto(move_text: str) -> bool:
    """Whether a demonstration's move is ``auto`` (which may play several actions)."""
    return Action.parse(move_text).kind is ActionKind.AUTO


@pytest.mark.parametrize("name", HAND_DEMOS)
def test_demonstrations_play_on_the_engine_with_a_caption_for_every_step(name):
    d = demo(name)
    hand = d.hand()
    planned = [a for a in d.actions if not is_auto(a)]
    assert list(hand.history[:len(planned)]) == planned or any(is_auto(a) for a in d.actions)
    assert len(hand.history) >= len(d.actions)
    steps = d.steps()
    assert steps.count == len(hand.actions) + 1
    assert all(0 <= step < steps.count for step in d.captions()), name
    assert all(steps.caption(i) for i in range(steps.count))


@pytest.mark.parametrize("name", HAND_DEMOS)
def test_each_caption_is_shown_at_the_move_it_is_attached_to(name):
    """A caption's words follow the engine's words for its own move, whatever comes before it."""
    d = demo(name)
    steps = d.steps()
    hand = d.hand(0)
    for item in d.moves:
        action = item.action if isinstance(item, Move) else item
        hand.apply(action)
        if isinstance(item, Move):
            step = len(hand.actions)
            last = hand.actions[-1][1]
            assert str(last) == action or is_auto(action), (name, action, last)
            tail = item.caption.text.format_map(steps.values(step))
            assert steps.caption(step).endswith(" " + tail), (name, action)
    if d.opening:
        assert steps.caption(0).endswith(d.opening.text.format_map(steps.values(0)))


TINY = dict(ben="2C 3C 4C 7H 7S 7D JS QS KS 9D", ann="5C 5D 6H 6C TH TD 2H 4S QD KC", upcard="8H",
            stock="AC 6S 5H")


def test_inserting_a_move_shifts_no_caption():
    """Four more moves before a captioned one: its caption goes with it, and the words
    describe the card that move drew."""
    short = HandDemo("tiny", "Tiny", **TINY, moves=(
        "pass", "pass", move("draw", "{card} joins {meld_before}.", "card_melds"), "discard 9D"))
    longer = dataclasses.replace(short, stock="6S 5H AC", moves=(
        "pass", "pass", "draw", "discard 6S", "draw", "discard 5H", *short.moves[2:]))
    caption = short.moves[2].caption
    assert short.captions() == {3: caption} and longer.captions() == {7: caption}
    for d, step in ((short, 3), (longer, 7)):
        assert d.steps().caption(step) == "Ben draws A♣ from the stock. A♣ joins 2♣ 3♣ 4♣."
        assert d.steps().facts(step) == {"card_melds": True}


def test_a_caption_on_an_automatic_move_goes_with_its_last_action():
    knock = demo("knock")
    captioned = dataclasses.replace(knock, moves=(*knock.moves[:-1], move("auto", "{points} points.")))
    steps = captioned.steps()
    assert max(captioned.captions()) == steps.count - 1
    assert steps.caption(steps.count - 1).endswith(f" {captioned.hand().result.points} points.")


def test_demonstrations_show_what_their_lessons_teach():
    assert demo("knock").hand().result.kind == "knock" and demo("gin").hand().result.kind == "gin"
    assert [a.kind for _, a in demo("gin").hand().actions][:2] == [ActionKind.TAKE, ActionKind.GIN]  # first turn
    assert len(demo("layoff").hand().layoffs) == 5 and demo("layoff").hand().result.points == 32
    layout = demo("layout").hand()
    assert layout.result.kind == "knock" and not layout.layoffs
    assert demo("undercut").hand().result.kind == "undercut" and demo("undercut").hand().result.points == 12
    oklahoma = demo("oklahoma").hand()
    assert oklahoma.knock_limit == 3 and oklahoma.result.multiplier == 2
    assert [a.kind for _, a in demo("first_turn").hand().actions][:3] == [ActionKind.PASS, ActionKind.PASS,
                                                                          ActionKind.DRAW]
    assert ActionKind.TAKE in [a.kind for _, a in demo("normal_turn").hand().actions]
    assert demo("deal").steps().count == 22 and demo("match").match().is_over


def test_each_lesson_names_its_own_demonstrations():
    assert [d.name for d in LESSONS[5].demos] == ["knock", "gin"]
    assert [d.name for d in LESSONS[6].demos] == ["layoff", "layout"]
    assert all(len(info.demos) >= 1 for info in LESSONS.values())
    with pytest.raises(GinError, match="no lesson has a demonstration 'juggling'"):
        demo("juggling")


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


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_checks_are_built_and_answered_under_other_rules(number):
    for rules in (ODD, Rules(undercut_on_tie=False), *PRESETS.values()):
        questions = checks(number, rules)
        assert len(questions) == len(LESSONS[number].questions)
        assert all(q.check(q.answer).correct and "{" not in q.prompt + q.explanation for q in questions)
    assert "standard" not in " ".join(q.prompt for q in checks(number, ODD))


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
def test_the_notebook_follows_its_lesson_definition(number):
    """Title, goal, and every section in the definition's order; each exercise under
    its heading, each demonstration with a lead after it; nothing else in the code."""
    info = LESSONS[number]
    found = outline.read(LESSON_DIR / info.file)
    assert outline.differences(info, found) == []
    names = [c.name for c in found.calls]
    assert names[0] == "toolbar" and names[-1] == "nav" and names[-2] == SectionKind.CHECK
    assert [c.args[0] for c in found.calls if c.name == SectionKind.EXERCISE] == info.kinds


def _cells_with(nb, code):
    return [i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code" and source(c) == code]


@pytest.fixture
def lesson_5(tmp_path):
    """A copy of lesson 5's notebook to spoil, and a way to read it back."""
    nb = notebook(LESSON_DIR / LESSONS[5].file)

    def read(changed):
        path = tmp_path / "05.ipynb"
        path.write_text(json.dumps(changed), encoding="utf-8")
        return outline.differences(LESSONS[5], outline.read(path))
    return nb, read


def test_a_notebook_missing_a_section_fails(lesson_5):
    nb, read = lesson_5
    del nb["cells"][_cells_with(nb, 'lesson.demo("gin")')[0]]
    assert any("the definition has" in p for p in read(nb))


def test_a_notebook_with_its_sections_out_of_order_fails(lesson_5):
    nb, read = lesson_5
    first = _cells_with(nb, 'lesson.exercise("knock_card")')[0]
    second = _cells_with(nb, 'lesson.exercise("can_knock")')[0]
    nb["cells"][first], nb["cells"][second] = nb["cells"][second], nb["cells"][first]
    assert any("the definition has" in p for p in read(nb))


def test_a_notebook_with_a_section_the_definition_lacks_fails(lesson_5):
    nb, read = lesson_5
    cell = nb["cells"][_cells_with(nb, 'lesson.exercise("knock_card")')[0]]
    extra = dict(cell, source='lesson.exercise("pick_meld")')
    nb["cells"].insert(-2, extra)
    assert any("the definition has" in p for p in read(nb))


def test_a_notebook_with_a_wrong_title_goal_heading_or_lead_fails(lesson_5):
    nb, read = lesson_5
    text = json.dumps(nb)
    for old, new, problem in (("# Lesson 5: Knocking and gin", "# Lesson 5: Knocking", "title"),
                              ("knock with 10 or less deadwood", "knock with 9 or less deadwood", "goal"),
                              ("### Can you knock?", "### May you knock?", "heading"),
                              ("Here Ben knocks with 8 points", "Here Ben knocks with 9 points", "led in")):
        assert text.count(old) >= 1, old
        problems = read(json.loads(text.replace(old, new, 1)))
        assert len(problems) == 1 and problem in problems[0], (old, problems)
    assert read(nb) == []


def test_a_notebook_with_logic_in_its_cells_fails(lesson_5):
    nb, read = lesson_5
    nb["cells"][_cells_with(nb, 'lesson.demo("knock")')[0]]["source"] = 'x = 3\nlesson.demo("knock")'
    assert read(nb) == ["'x = 3' is more than a widget call"]


def test_exercises_are_listed_by_the_lesson_not_by_registration():
    registered = [k for k in KINDS if k in LESSONS[5].kinds]
    shown = list(reversed(registered))
    sections = (*LESSONS[5].demos, *map(Practice, shown), LESSONS[5].sections[-1])
    lesson = dataclasses.replace(LESSONS[5], sections=sections)
    assert lesson.kinds == shown != registered
    assert [c for c in lesson.calls if c[0] == SectionKind.EXERCISE] == [("exercise", (k,)) for k in shown]
    with pytest.raises(GinError, match="'juggling', which does not exist"):
        Practice("juggling")


def test_a_lessons_checks_are_the_questions_it_declares():
    info = LESSONS[5]
    reordered = dataclasses.replace(info, sections=(*info.sections[:-1], Check(tuple(reversed(info.questions)))))
    assert [q.prompt for q in reordered.checks()] == [q.prompt for q in reversed(checks(5))]
    assert [q.title for q in reordered.checks()] == ["Check 1", "Check 2", "Check 3"]
    with pytest.raises(GinError, match="must end with one check"):
        Lesson(10, "none", "None", "Nothing.", (Practice("can_knock"),))


def test_every_exercise_kind_is_in_exactly_one_lesson():
    shown = [kind for info in LESSONS.values() for kind in info.kinds]
    assert sorted(shown) == sorted(KINDS)
    for kind in KINDS:
        assert generate(kind, 0).title == KINDS[kind].title


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


def test_every_lesson_page_opens_with_its_top_line_above_the_title():
    """The language bar, the links and the card settings (``lesson.toolbar``, or ``lesson.nav`` on the
    glossary and the quick reference) are the page's first line, in every language: the title, the goal
    and the first paragraph come under it, not below a block of settings."""
    pages = sorted(LESSON_DIR.glob("*.ipynb")) + sorted(LESSON_DIR.glob("*/*.ipynb"))
    assert len(pages) >= 4 * 13
    for path in pages:
        first, second = notebook(path)["cells"][:2]
        assert first["cell_type"] == "code" and re.search(r"lesson\.(toolbar|nav)\(", source(first)), \
            f"{path.relative_to(LESSON_DIR)} does not open with its toolbar"
        assert second["cell_type"] == "markdown" and source(second).startswith("# "), \
            f"{path.relative_to(LESSON_DIR)}: the title does not follow the toolbar"


def test_glossary_and_quick_reference_pages_exist():
    for name in ("glossary", "quick_reference"):
        nb = notebook(LESSON_DIR / f"{name}.ipynb")
        assert f'lesson.nav("{name}")' in source(nb["cells"][0])
    terms = [t for t, _, _ in GLOSSARY]
    assert terms == sorted(terms, key=str.lower)
    assert "knock limit of" not in quick_reference_html(Rules(knock_limit=7))
    assert "at most 7 (the knock limit)" in quick_reference_html(Rules(knock_limit=7))


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_the_notebook_goal_is_the_lessons_goal(number):
    first = source(notebook(LESSON_DIR / LESSONS[number].file)["cells"][1])
    assert f"**Goal:** {LESSONS[number].goal}\n" in first


def test_goals_take_their_numbers_from_the_rules():
    assert "{" not in "".join(info.goal for info in LESSONS.values())
    assert f"knock with {PRESETS['standard'].knock_limit} or less" in LESSONS[5].goal


@pytest.mark.parametrize("name", HAND_DEMOS)
def test_a_step_says_each_thing_once_and_its_player_as_he_or_she(name):
    """A step's words (its caption and the table's note) do not say the same move twice ("Ben knocks ...
    Ben knocks"), and call Ben (a man) he and Ann (a woman) she, not they."""
    import re

    from gintrainer.words.language import PLAYERS
    steps = demo(name).steps()
    for step in range(1, steps.count):
        caption = steps.caption(step)
        seat, action = steps._actions[step - 1]
        said = caption.count(f"{PLAYERS[seat]} {action.kind}s")
        assert said <= 1, (name, step, caption)
        note = re.findall(r'class="gt-note">([^<]*)<', steps.html(step))
        assert not any(re.search(r"\btheir\b", text) for text in note), (name, step, note)
        assert not any(re.search(r"\b(her|she)\b" if seat_of(text) == 1 else r"\b(his|he)\b", text)
                       for text in note), (name, step, note)


def seat_of(text):
    """The seat of the player a sentence starts with (Ann 0, Ben 1)."""
    from gintrainer.words.language import PLAYERS
    return 0 if text.startswith(PLAYERS[0]) else 1
