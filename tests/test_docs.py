"""The README fits on a screen and points into docs/; every link of the README and of docs/
to a file of the project finds that file (and the heading it names)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "deploy" / "README.md"]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
AWAITED: set[str] = set()
"""Pages another change of the same issue writes (the puzzle kinds' recipe): a link to one may
point ahead of it until that change is merged; once the page is here, its link is checked."""


def anchor(heading: str) -> str:
    """A heading's anchor as GitHub writes it: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    return {anchor(line.lstrip("#")) for line in text.splitlines() if line.startswith("#")}


def local_links(page: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    return [target for target in LINK.findall(text) if not re.match(r"[a-z]+:", target)]


def test_the_readme_is_at_most_200_lines():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200, f"README.md has {len(lines)} lines"


def test_the_readme_links_each_guide_in_docs():
    linked = {(ROOT / target.partition("#")[0]).resolve() for target in local_links(ROOT / "README.md")}
    guides = {page.resolve() for page in (ROOT / "docs").glob("*.md")}
    assert guides - linked == set()


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_local_link_finds_its_file_and_heading(page):
    broken = []
    for target in local_links(page):
        path, _, fragment = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            if str(file.relative_to(ROOT)) not in AWAITED:
                broken.append(f"{target}: no file {file.relative_to(ROOT)}")
            continue
        if fragment and file.suffix == ".md" and fragment not in anchors(file):
            broken.append(f"{target}: no heading #{fragment} in {file.relative_to(ROOT)}")
    assert broken == [], "\n".join(broken)


def test_a_broken_link_and_a_missing_heading_are_found(tmp_path):
    (tmp_path / "there.md").write_text("# A heading, with `code`\n\n## Add a language\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text("[ok](there.md#a-heading-with-code) [gone](gone.md) ![pic](images/x.png)\n"
                    "[web](https://example.org) [section](there.md#add-a-language)\n", encoding="utf-8")
    assert local_links(page) == ["there.md#a-heading-with-code", "gone.md", "images/x.png",
                                 "there.md#add-a-language"]
    assert anchors(tmp_path / "there.md") == {"a-heading-with-code", "add-a-language"}


def test_the_readme_shows_the_pictures_the_browser_tests_take():
    from pictures import PICTURES
    shown = {target for target in local_links(ROOT / "README.md") if target.startswith("docs/images/")}
    assert shown == {f"docs/images/{name}" for name in PICTURES}
    tests = " ".join(path.read_text(encoding="utf-8") for path in (ROOT / "tests" / "browser").glob("test_*.py"))
    saved = re.findall(r'save_picture\(page, \w+, "([\w.-]+)"\)', tests)
    assert sorted(saved) == sorted(PICTURES)  # each picture saved by one browser test


def test_the_readme_s_command_lines_are_ones_the_command_reads():
    """Each line of the README's command-line block, its optional parts ([...]) given, parses."""
    import shlex

    from gintrainer.cli import build_parser
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text[text.index("## The command line"):]
    block = block[block.index("```sh") + 5:block.index("```", block.index("```sh") + 5)]
    lines = [line.partition("#")[0].strip() for line in block.strip().splitlines()]
    assert 5 <= len(lines) <= 10 and all(line.startswith("gintrainer ") for line in lines)
    for line in lines:
        build_parser().parse_args(shlex.split(line.replace("[", "").replace("]", ""))[1:])
