"""A lesson notebook held against its lesson's definition.

A lesson notebook is prose (markdown) and, between paragraphs, one widget call a
code cell: ``lesson.toolbar(5)`` first, then a call for each section of the
definition in its order (``lesson.demo("knock")``, ``lesson.exercise("knock_card")``,
..., ``lesson.check(5)``), and ``lesson.nav(5)`` last. :func:`differences` lists
every way a notebook departs from that: the title and goal, a section missing,
added or out of order, an exercise without its heading, a demonstration without
its lead sentence, a code line that is more than a widget call. It reads any
notebook, so a notebook in another language is held against the same definition
(``translate`` gives the words of that language).
"""

from __future__ import annotations

import ast
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .define import STANDARD, HandDemo, Lesson, Practice

IMPORT = "from gintrainer.widgets import lesson"
TITLE = "# Lesson {number}: {title}"
GOAL = "**Goal:** {goal}"
HEADING = "### {title}"


@dataclass(frozen=True, slots=True)
class Call:
    """One widget call of a notebook: ``lesson.demo("knock")`` is ``Call("demo", ("knock",), ...)``;
    ``before`` is the markdown since the call before it."""

    name: str
    args: tuple
    before: str

    @property
    def code(self) -> str:
        return f"lesson.{self.name}({', '.join(map(repr, self.args))})"


@dataclass(frozen=True, slots=True)
class Outline:
    """What a lesson notebook shows: its first markdown cell, its widget calls in order,
    and any code that is not one."""

    header: str
    calls: tuple[Call, ...]
    stray: tuple[str, ...]


def _source(cell) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def _calls(code: str) -> tuple[list[tuple[str, tuple]], list[str]]:
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
        if (isinstance(call, ast.Call) and not call.keywords and isinstance(call.func, ast.Attribute)
                and isinstance(call.func.value, ast.Name) and call.func.value.id == "lesson"):
            try:
                found.append((call.func.attr, tuple(ast.literal_eval(arg) for arg in call.args)))
                continue
            except ValueError:
                pass
        stray.append(text)
    return found, stray


def read(path: str | Path) -> Outline:
    """The outline of a notebook file."""
    cells = json.loads(Path(path).read_text(encoding="utf-8"))["cells"]
    header = _source(cells[0]) if cells and cells[0]["cell_type"] == "markdown" else ""
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


def _final_values(demo: HandDemo):
    steps = demo.steps()
    return steps.values(steps.count - 1)
