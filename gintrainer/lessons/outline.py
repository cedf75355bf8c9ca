"""A lesson notebook held against its lesson's definition.

A lesson notebook is prose (markdown) and, between paragraphs, one widget call a
code cell: ``lesson.toolbar(5)`` first (the page's top line, above the title and the
goal), then a call for each section of the
definition in its order (``lesson.demo("knock")``, ``lesson.exercise("knock_card")``,
..., ``lesson.check(5)``), and ``lesson.nav(5)`` last. :func:`differences` lists
every way a notebook departs from that: the title and goal, a section missing,
added or out of order, an exercise without its heading, a demonstration without
its lead sentence, a code line that is more than a widget call. It reads any
notebook, so a notebook in another language is held against the same definition
(``translate`` gives the words of that language).

The notebooks in other languages live beside the English ones, in a folder per
language (``lessons/tr/05_knocking_and_gin.ipynb``): :func:`against_english` holds
each against its English notebook, cell by cell: the same cells in the same order,
the same code (the first code cell differing only by its ``lang="tr"`` argument), the
same levels of markdown headings in each markdown cell. :func:`folder_differences`
does it for a whole folder, and names the notebooks it lacks.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from ..material.steps import StepValues
from ..words.language import LANGUAGES
from . import first_hand
from .model import HandDemo, Lesson, Practice
from .table import STANDARD

IMPORT = "from gintrainer.widgets import lesson"
TITLE = "# Lesson {number}: {title}"
GOAL = "**Goal:** {goal}"
HEADING = "### {title}"


@dataclass(frozen=True, slots=True)
class Call:
    """One widget call of a notebook: ``lesson.demo("knock")`` is ``Call("demo", ("knock",), ...)``;
    ``before`` is the markdown since the call before it."""

    name: str
    args: tuple[object, ...]
    before: str

    @property
    def code(self) -> str:
        return f"lesson.{self.name}({', '.join(map(repr, self.args))})"


@dataclass(frozen=True, slots=True)
class Outline:
    """What a lesson notebook shows: its first markdown cell (the title and the goal, under
    the toolbar's line), its widget calls in order, and any code that is not one."""

    header: str
    calls: tuple[Call, ...]
    stray: tuple[str, ...]


def _source(cell: Mapping[str, str | list[str]]) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def _calls(code: str) -> tuple[list[tuple[str, tuple[object, ...]]], list[str]]:
    """The ``lesson.x(literal, ...)`` calls of a code cell, and the lines that are none."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return [], [code]
    found, stray = [], []
    for statement in tree.body:
        text = ast.get_source_segment(code, statement) or ""
        if isinstance(statement, ast.ImportFrom) and text == IMPORT:
            continue
        call = statement.value if isinstance(statement, ast.Expr) else None
        if (isinstance(call, ast.Call) and _lang_only(call) and isinstance(call.func, ast.Attribute)
                and isinstance(call.func.value, ast.Name) and call.func.value.id == "lesson"):
            try:
                found.append((call.func.attr, tuple(ast.literal_eval(arg) for arg in call.args)))
                continue
            except ValueError:
                pass
        stray.append(text)
    return found, stray


def _lang_only(call: ast.Call) -> bool:
    """Whether a call's keywords are at most the page's language (``lang="tr"``, a literal)."""
    return all(k.arg == "lang" and isinstance(k.value, ast.Constant) for k in call.keywords)


def read(path: str | Path) -> Outline:
    """The outline of a notebook file."""
    cells = json.loads(Path(path).read_text(encoding="utf-8"))["cells"]
    header = next((_source(cell) for cell in cells if cell["cell_type"] == "markdown"), "")
    calls, stray, prose = [], [], []
    for cell in cells:
        text = _source(cell)
        if cell["cell_type"] == "markdown":
            prose.append(text)
            continue
        found, extra = _calls(text)
        stray += extra
        for name, args in found:
            calls.append(Call(name, args, "\n\n".join(prose)))
            prose = []
    return Outline(header, tuple(calls), tuple(stray))


def differences(info: Lesson, outline: Outline, translate: Callable[[str], str] = str) -> list[str]:
    """Every way the notebook departs from the lesson's definition (none: it follows it)."""
    found = []
    lines = outline.header.splitlines()
    title = translate(TITLE).format(number=info.number, title=translate(info.title))
    goal = translate(GOAL).format(goal=translate(info.goal_text).format_map(STANDARD.to_dict()))
    if not lines or lines[0] != title:
        found.append(f"the notebook's title is not {title!r}")
    if goal not in lines:
        found.append(f"the notebook does not state the goal {goal!r}")
    found += [f"{line!r} is more than a widget call" for line in outline.stray]
    calls = [(c.name, c.args) for c in outline.calls]
    expected = [("toolbar", (info.number,)), *info.calls, ("nav", (info.number,))]
    if calls != expected:
        found.append("the notebook calls " + ", ".join(Call(*c, "").code for c in calls) + "; the definition "
                     "has " + ", ".join(Call(*c, "").code for c in expected))
        return found
    for section, call in zip(info.sections, outline.calls[1:-1], strict=True):
        if isinstance(section, Practice):
            heading = translate(HEADING).format(title=translate(section.title))
            if heading not in call.before.splitlines():
                found.append(f"{call.code} has no heading {heading!r} before it")
        if isinstance(section, HandDemo) and section.lead is not None:
            lead = translate(section.lead.text).format_map(_final_values(section))
            if not call.before.rstrip().endswith(lead):
                found.append(f"{call.code} is not led in by {lead!r}")
    return found


PAGE_TITLE = "# {title}"
"""The title line of a lesson page without a number (the first hand)."""


def first_hand_differences(outline: Outline, translate: Callable[[str], str] = str) -> list[str]:
    """Every way the first hand's notebook departs from its page: its title and goal
    (:mod:`.first_hand`), its calls (the toolbar, the hand, the links), no other code."""
    found = []
    lines = outline.header.splitlines()
    title = PAGE_TITLE.format(title=translate(first_hand.TITLE))
    goal = translate(first_hand.GOAL)
    if not lines or lines[0] != title:
        found.append(f"the notebook's title is not {title!r}")
    if not any(re.fullmatch(r"\*\*[^*]+:\*\* " + re.escape(goal), line) for line in lines):
        # the label is the language's word for "Goal" in bold ("**Goal:**", "**Hedef:**")
        found.append(f"the notebook does not state the goal {goal!r}")
    found += [f"{line!r} is more than a widget call" for line in outline.stray]
    calls = [(c.name, c.args) for c in outline.calls]
    key = first_hand.KEY
    expected = [("toolbar", (key,)), (key, ()), ("nav", (key,))]
    if calls != expected:
        found.append("the notebook calls " + ", ".join(Call(*c, "").code for c in calls) + "; the page has "
                     + ", ".join(Call(*c, "").code for c in expected))
    return found


def _final_values(demo: HandDemo) -> StepValues:
    steps = demo.steps()
    return steps.values(steps.count - 1)


# -- a notebook in another language, against the English one ----------------------------

OPENERS = ("toolbar", "nav")
"""The calls of a notebook's first code cell, the one that takes the page's language."""
_HEADING = re.compile(r"^(#{1,6})\s")
_FENCE = re.compile(r"^\s*(```|~~~)")


def _cells(path: Path) -> list[tuple[str, str]]:
    return [(cell["cell_type"], _source(cell)) for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]]


def heading_levels(markdown: str) -> tuple[int, ...]:
    """The levels of a markdown cell's headings, in order (``# A`` 1, ``### B`` 3), code blocks left out."""
    levels, fenced = [], False
    for line in markdown.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
        elif not fenced and (match := _HEADING.match(line)):
            levels.append(len(match.group(1)))
    return tuple(levels)


def _without_lang(code: str, lang: str) -> tuple[str | None, str]:
    """The code with the ``lang=`` argument of its toolbar or nav call taken out (as an AST dump), and
    what is wrong with that argument ("" when it is ``lang`` itself)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return None, "it is not Python"
    problem = f"its lesson.toolbar or lesson.nav call has no lang={lang!r}"
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in OPENERS
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "lesson"):
            given = [k for k in node.keywords if k.arg == "lang"]
            node.keywords = [k for k in node.keywords if k.arg != "lang"]
            if len(given) == 1 and isinstance(given[0].value, ast.Constant) and given[0].value.value == lang:
                problem = ""
            elif given:
                problem = f"its lang argument is {ast.unparse(given[0].value)}, not {lang!r}"
    return ast.dump(tree), problem


def against_english(english: str | Path, other: str | Path, lang: str) -> list[str]:
    """Every way the notebook ``other`` (in ``lang``) departs from its English notebook:
    a cell added, missing or of another kind, code that is not the English code, a
    first code cell whose ``lang`` is not ``lang``, a markdown cell whose headings are not
    at the English levels. Each problem names the notebook and the cell (counted from 1)."""
    english, other = Path(english), Path(other)
    theirs, ours = _cells(english), _cells(other)
    name = f"{other.parent.name}/{other.name}"
    found = []
    kinds = [kind for kind, _ in theirs], [kind for kind, _ in ours]
    if kinds[0].count("markdown") != kinds[1].count("markdown"):
        found.append(f"{name} has {kinds[1].count('markdown')} markdown cells; the English has "
                     f"{kinds[0].count('markdown')}")
    first_code = next((i for i, kind in enumerate(kinds[0]) if kind == "code"), None)
    for index, ((kind, text), (their_kind, their_text)) in enumerate(zip(ours, theirs, strict=False)):
        cell = f"{name}, cell {index + 1}"
        if kind != their_kind:
            found.append(f"{cell} is a {kind} cell where the English has a {their_kind} cell: a cell is added or "
                         f"missing here")
            return found
        problem = _cell_difference(kind, text, their_text, lang, first=index == first_code)
        if problem:
            found.append(f"{cell} {problem}")
    if len(ours) != len(theirs):
        shorter, longer = (name, "the English") if len(ours) < len(theirs) else ("the English", name)
        found.append(f"{shorter} ends after cell {min(len(ours), len(theirs))}; {longer} has "
                     f"{abs(len(ours) - len(theirs))} more")
    return found


def _cell_difference(kind: str, text: str, english: str, lang: str, *, first: bool) -> str:
    """How one cell departs from the English cell of the same kind ("" when it does not)."""
    if kind == "markdown":
        if heading_levels(text) != heading_levels(english):
            return (f"has headings at levels {list(heading_levels(text))}; the English cell has "
                    f"{list(heading_levels(english))}")
        return ""
    if first:
        code, problem = _without_lang(text, lang)
        if problem:
            return f"is the first code cell, and {problem}"
        if code != _without_lang(english, lang)[0]:
            return f"is not the English code {english!r} with lang={lang!r}"
        return ""
    if text.strip() != english.strip():
        return f"has the code {text.strip()!r}; the English has {english.strip()!r}"
    return ""


def language_folders(lessons: str | Path) -> list[str]:
    """The languages that have a folder of notebooks beside the English ones, in the trainer's order."""
    folder = Path(lessons)
    return [lang for lang in LANGUAGES if lang != "en" and (folder / lang).is_dir()]


def folder_differences(lessons: str | Path, lang: str) -> list[str]:
    """Every way a language's folder departs from the English notebooks: a notebook it lacks
    or has that the English has not, and each notebook's :func:`against_english`."""
    english_dir = Path(lessons)
    folder = english_dir / lang
    english = {path.name for path in english_dir.glob("*.ipynb")}
    theirs = {path.name for path in folder.glob("*.ipynb")}
    found = [f"{lang}/ has no {name} (the English has it)" for name in sorted(english - theirs)]
    found += [f"{lang}/{name} has no English notebook" for name in sorted(theirs - english)]
    for name in sorted(english & theirs):
        found += against_english(english_dir / name, folder / name, lang)
    return found
