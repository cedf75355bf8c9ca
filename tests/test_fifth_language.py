"""A fifth language, listed in one place, is taken in everywhere: docs/contributing.md's recipe
("Add a language"), followed on a copy of the project.

The copy gets exactly the files the recipe lists, for Persian (``fa``, right to left): one line in
``SPOKEN`` (``gintrainer/words/language.py``), its catalog made by ``catalogs update fa`` and
filled in (every entry "translated" as ``‹fa›`` and the English, so a sentence shown from the
catalog can be told from one that is not), compiled, and ``lessons/fa/``, a copy of the Turkish
notebooks saying ``lang="fa"``. A script run in the copy then looks at each place that offers,
chooses, checks or reads a language, and reports what it found."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po
from babel.numbers import format_decimal

from gintrainer.words.language import SPOKEN

ROOT = Path(__file__).resolve().parents[1]
RECIPE = ROOT / "docs" / "contributing.md"
ENTRY = '    "fa": Spoken("فارسی", "ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهی", rtl=True),\n'
MARK = "‹fa› "
SITE = ("gintrainer", "lessons", "puzzles", "practice", "replays", "classroom", "index.ipynb", "voila.json")

pytestmark = pytest.mark.slow

LOOK = r'''
import contextlib, io, json, sys
from pathlib import Path

from gintrainer import catalogs, cli
from gintrainer.lessons.outline import folder_differences, language_folders
from gintrainer.records.progress import Settings
from gintrainer.widgets.base import PageLanguage
from gintrainer.widgets.classroom import TeacherPage
from gintrainer.widgets.profile import Learner
from gintrainer.widgets.site import language_menu_html, lesson_of, lesson_path, site_pages
from gintrainer.words.language import (choose_language, format_number, in_language, preferred_language,
                                       sort_key, t, use_language)

found = {}
found["translated"] = list(catalogs.TRANSLATED)
out = io.StringIO()
with contextlib.redirect_stdout(out):
    found["check"] = catalogs.main(["check", "fa"])
found["check_output"] = out.getvalue().strip()
with in_language("fa"):
    found["sentence"] = t("Too many pages are open")
    found["number"] = format_number(2.5)
    found["page"] = [PageLanguage.for_page().lang, PageLanguage.for_page().dir]
found["chosen"] = [choose_language("fa"), choose_language(None, "fa"), preferred_language("fa-IR,fa;q=0.9,en;q=0.5")]
found["sorted"] = sorted(["ب", "ا", "پ"], key=lambda word: sort_key(word, "fa"))
found["menu"] = language_menu_html("lessons/02_dealing.ipynb", Learner())
found["lesson_path"] = lesson_path(2, "fa")
found["lesson_of"] = list(lesson_of("lessons/fa/02_dealing.ipynb") or ())
found["folders"] = language_folders("lessons")
found["differences"] = folder_differences("lessons", "fa")
found["pages"] = [page for page in site_pages() if page.startswith("lessons/fa/")]
found["missing_pages"] = [page for page in site_pages() if not Path(page).exists()]
found["setting"] = Settings.from_dict(Settings(language="fa").to_dict()).language
found["print_languages"] = [value for _, value in TeacherPage().print_language.options]
out = io.StringIO()
with contextlib.redirect_stdout(out):
    found["solve"] = cli.main(["solve", "3S 5S 6S 2C 3D 4D 5D 6D 4H 5H 6H", "--lang", "fa"])
found["solve_output"] = out.getvalue()
out = io.StringIO()
with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
    cli.main(["solve", "--help"])
found["help"] = out.getvalue()
print(json.dumps(found, ensure_ascii=False))
'''


def run(copy: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([sys.executable, *argv], cwd=copy, env={"PYTHONPATH": str(copy), "PATH": "/usr/bin:/bin",
                                                                   "HOME": str(copy), "LANG": "C.UTF-8"},
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done


def fill(po: Path) -> int:
    """Translate every entry of a new catalog as its English marked ‹fa›; returns how many."""
    with po.open("rb") as handle:
        catalog = read_po(handle, locale="fa")
    count = 0
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            message.string = tuple(MARK + message.id[min(n, 1)] for n in range(catalog.num_plurals))
        else:
            message.string = MARK + message.id
        count += 1
    with po.open("wb") as handle:
        write_po(handle, catalog, width=100, include_lineno=False, sort_by_file=False)
    return count


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    """The project's site and package, with the recipe's files for ``fa`` and nothing else."""
    copy = tmp_path_factory.mktemp("fifth-language")
    for name in SITE:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, copy / name)
    # 1. the one line in SPOKEN
    language = copy / "gintrainer" / "words" / "language.py"
    text = language.read_text(encoding="utf-8")
    last = next(line for line in text.splitlines(keepends=True) if line.startswith('    "ps": Spoken('))
    language.write_text(text.replace(last, last + ENTRY, 1), encoding="utf-8")
    # 2. the catalog: made by the catalogs' tool, translated, compiled
    run(copy, "-m", "gintrainer.catalogs", "update", "fa")
    assert fill(copy / "gintrainer" / "locale" / "fa" / "LC_MESSAGES" / "gintrainer.po") > 1000
    run(copy, "-m", "gintrainer.catalogs", "compile", "fa")
    # 3. the lessons' notebooks, the first code cell saying lang="fa"
    shutil.copytree(copy / "lessons" / "tr", copy / "lessons" / "fa")
    for notebook in (copy / "lessons" / "fa").glob("*.ipynb"):
        notebook.write_text(notebook.read_text(encoding="utf-8").replace('lang=\\"tr\\"', 'lang=\\"fa\\"'),
                            encoding="utf-8")
    return copy


@pytest.fixture(scope="module")
def found(copy) -> dict:
    return json.loads(run(copy, "-c", LOOK).stdout)


def test_the_recipe_names_the_one_place_and_the_files_this_test_writes():
    recipe = RECIPE.read_text(encoding="utf-8")
    section = recipe[recipe.index("## Add a language"):recipe.index("## Add a rule variant")]
    for name in ("gintrainer/words/language.py", "`SPOKEN`", "gintrainer/locale/fa/LC_MESSAGES/gintrainer.po",
                 "catalogs update fa", "lessons/fa/", 'lang="fa"', ENTRY.strip().rstrip(",")):
        assert name in section, name
    assert "fa" not in SPOKEN  # the language the test adds is not one the trainer speaks


def test_the_copy_differs_from_the_project_by_the_recipe_s_files_alone(copy):
    changed = []
    for path in sorted(p for p in copy.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        relative = path.relative_to(copy)
        original = ROOT / relative
        if not original.exists() or original.read_bytes() != path.read_bytes():
            changed.append(str(relative))
    recipe = {"gintrainer/words/language.py", "gintrainer/locale/fa/LC_MESSAGES/gintrainer.po",
              "gintrainer/locale/fa/LC_MESSAGES/gintrainer.mo"}
    assert {name for name in changed if not name.startswith("lessons/fa/")} == recipe
    assert sorted(name for name in changed if name.startswith("lessons/fa/")) == \
        sorted(f"lessons/fa/{p.name}" for p in (ROOT / "lessons" / "tr").glob("*.ipynb"))


def test_the_catalogs_tool_takes_the_language_in(found):
    assert found["translated"] == ["tr", "ku", "ps", "fa"]
    assert found["check"] == 0, found["check_output"]


def test_a_page_in_the_language_speaks_it_right_to_left(found):
    assert found["sentence"] == MARK + "Too many pages are open"
    assert found["page"] == ["fa", "rtl"]
    assert found["number"] == format_decimal(Decimal("2.50"), "0.00", locale="fa", numbering_system="latn")
    assert found["sorted"] == ["ا", "ب", "پ"]


def test_the_address_the_profile_and_the_browser_choose_it(found):
    assert found["chosen"] == ["fa", "fa", "fa"]
    assert found["setting"] == "fa"


def test_the_menus_offer_it(found):
    assert 'hreflang="fa"' in found["menu"] and "فارسی" in found["menu"]
    assert 'href="fa/02_dealing.ipynb?lang=fa"' in found["menu"]
    assert found["print_languages"] == ["en", "tr", "ku", "ps", "fa"]


def test_its_lesson_notebooks_are_found_and_held_to_the_english(found):
    assert found["lesson_path"] == "lessons/fa/02_dealing.ipynb"
    assert found["lesson_of"] == [2, "fa"]
    assert found["folders"] == ["tr", "ku", "ps", "fa"]
    assert found["differences"] == []
    assert "lessons/fa/02_dealing.ipynb" in found["pages"] and found["missing_pages"] == []


def test_the_command_line_speaks_it(found):
    assert found["solve"] == 0 and MARK in found["solve_output"]
    assert "en, tr, ku, ps, fa" in " ".join(found["help"].split())
