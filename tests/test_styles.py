"""The package's style sheets: one class, one sheet. A page loads several sheets at once (the site's, the
review's, the practice page's...), so a class styled by two of them is styled by both wherever it is used: the
lesson path's state circle (placed absolutely, 18 px wide) once shared its class with the review's marks, and
every mark of a review was drawn over the top corner of the page."""

import ast
import re
from collections import defaultdict
from functools import cache
from pathlib import Path

import gintrainer

PACKAGE = Path(gintrainer.__file__).parent
_RULE = re.compile(r"(?:^|[};])\s*([^{};@]+?)\s*\{")
_ONE_CLASS = re.compile(r"\.[\w-]+")


@cache
def style_sheets() -> dict[str, str]:
    """Every style sheet written in the package's code: a string that opens a ``<style>`` element, or one given
    to a name ending in ``CSS``; keyed by file and line."""
    sheets: dict[str, str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "<style" not in text and "CSS" not in text:
            continue
        tree = ast.parse(text)
        named = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Assign)
                 and any(isinstance(t, ast.Name) and t.id.endswith("CSS") for t in node.targets)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                    ("<style" in node.value or id(node) in named):
                sheets[f"{path.relative_to(PACKAGE)}:{node.lineno}"] = node.value
    return sheets


def lone_classes(css: str) -> set[str]:
    """The classes a rule of ``css`` styles by themselves (a selector that is one class and nothing else)."""
    body = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    return {part.strip() for selector in _RULE.findall(body) for part in selector.split(",")
            if _ONE_CLASS.fullmatch(part.strip())}


def test_the_style_sheets_are_found():
    sheets = style_sheets()
    assert any(".gt-review table.gt-review-table" in css for css in sheets.values())  # the review's
    assert any(".gt-path li::before" in css for css in sheets.values())  # the site's
    assert len(sheets) >= 8


def test_no_class_is_styled_by_two_sheets():
    where: dict[str, list[str]] = defaultdict(list)
    for place, css in style_sheets().items():
        for name in lone_classes(css):
            where[name].append(place)
    shared = {name: places for name, places in where.items() if len(places) > 1}
    assert not shared, shared


def test_a_class_styled_twice_is_found():
    first, second = ".gt-a{position:absolute;}\n.gt-b,.gt-c{color:red}", ".gt-x .gt-b{}\n.gt-c{font-weight:bold;}"
    assert lone_classes(first) == {".gt-a", ".gt-b", ".gt-c"}
    assert lone_classes(second) == {".gt-c"}


def rules(css: str) -> list[tuple[str, dict[str, str]]]:
    """The rules of ``css`` (outside at-rules' blocks too) as (selector, declarations)."""
    body = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found = []
    for selector, block in re.findall(r"([^{}@;]+?)\s*\{([^{}]*)\}", body):
        declarations = dict(part.split(":", 1) for part in block.split(";") if ":" in part)
        found.append((" ".join(selector.split()), {k.strip(): v.strip() for k, v in declarations.items()}))
    return found


def test_one_rule_makes_a_disabled_button_look_disabled_whatever_its_style():
    """ipywidgets only fades a disabled button (opacity 0.6): a primary one ("Next hand") stays a light blue
    that reads as one to press. One rule of one sheet draws every disabled button grey, the cards aside."""
    disabled = [(place, selector, declarations) for place, css in style_sheets().items()
                for selector, declarations in rules(css) if "button" in selector and ":disabled" in selector]
    assert len(disabled) == 1, disabled
    place, selector, declarations = disabled[0]
    assert place.startswith("material/drawing.py") and selector.startswith(".jupyter-widgets.jupyter-button:disabled")
    assert ".gt-card-btn" in selector  # as :not(): a card keeps its face
    assert declarations["opacity"] == "1" and declarations["background"] != declarations["color"]
    assert declarations["background"].lower() not in ("#1565c0", "var(--jp-brand-color1)")
