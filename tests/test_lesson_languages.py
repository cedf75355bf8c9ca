"""The lesson notebooks in other languages (lessons/<lang>/) held against the English ones:
the same cells in the same order, the same code (the first code cell taking the
page's language), the same levels of headings; a notebook the English has and a
folder lacks fails."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from gintrainer.lessons import LESSONS, outline

ROOT = Path(__file__).resolve().parents[1]
LESSON_DIR = ROOT / "lessons"
ENGLISH = sorted(path.name for path in LESSON_DIR.glob("*.ipynb"))


@pytest.mark.parametrize("lang", outline.language_folders(LESSON_DIR))
def test_each_languages_notebooks_follow_the_english_ones(lang):
    assert outline.folder_differences(LESSON_DIR, lang) == []
    for info in LESSONS.values():
        ours = outline.read(LESSON_DIR / lang / info.file)
        assert [(c.name, c.args) for c in ours.calls] == [(c.name, c.args) for c in
                                                          outline.read(LESSON_DIR / info.file).calls]
        assert ours.stray == ()


def test_the_english_has_every_lesson_the_first_hand_the_glossary_and_the_quick_reference():
    assert sorted([info.file for info in LESSONS.values()] + ["first_hand.ipynb", "glossary.ipynb",
                                                               "quick_reference.ipynb"]) == ENGLISH


def _with_lang(code: str, lang: str) -> str:
    assert code.endswith(")"), code
    return f'{code[:-1]}, lang="{lang}")'


def _notebook(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _source(cell) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


@pytest.fixture
def folder(tmp_path):
    """A copy of the English notebooks with a Turkish folder beside them, each notebook the
    English one with its first code cell taking lang="tr"; ``write(name, nb)`` spoils one."""
    lessons = tmp_path / "lessons"
    (lessons / "tr").mkdir(parents=True)
    for name in ENGLISH:
        shutil.copy(LESSON_DIR / name, lessons / name)
        nb = _notebook(LESSON_DIR / name)
        first = next(c for c in nb["cells"] if c["cell_type"] == "code")
        first["source"] = _with_lang(_source(first), "tr")
        (lessons / "tr" / name).write_text(json.dumps(nb), encoding="utf-8")

    def write(name: str, nb: dict) -> list[str]:
        (lessons / "tr" / name).write_text(json.dumps(nb), encoding="utf-8")
        return outline.folder_differences(lessons, "tr")
    return lessons, write


def test_a_faithful_translation_has_no_differences(folder):
    lessons, _ = folder
    assert outline.language_folders(lessons) == ["tr"]
    assert outline.folder_differences(lessons, "tr") == []
    calls = outline.read(lessons / "tr" / LESSONS[5].file).calls
    assert calls[0].name == "toolbar" and calls[0].args == (5,)
    assert outline.differences(LESSONS[5], outline.read(lessons / LESSONS[5].file)) == []


def test_a_folder_lacking_a_notebook_fails(folder):
    lessons, _ = folder
    (lessons / "tr" / "03_first_turn.ipynb").unlink()
    (lessons / "tr" / "glossary.ipynb").unlink()
    assert outline.folder_differences(lessons, "tr") == ["tr/ has no 03_first_turn.ipynb (the English has it)",
                                                         "tr/ has no glossary.ipynb (the English has it)"]


def test_a_notebook_the_english_lacks_fails(folder):
    lessons, _ = folder
    shutil.copy(lessons / "tr" / "glossary.ipynb", lessons / "tr" / "10_extra.ipynb")
    assert outline.folder_differences(lessons, "tr") == ["tr/10_extra.ipynb has no English notebook"]


def _markdown(text: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": text}


def test_a_section_added_in_one_language_fails_naming_the_notebook_and_the_cell(folder):
    lessons, write = folder
    nb = _notebook(lessons / "tr" / LESSONS[5].file)
    nb["cells"].insert(3, _markdown("## Ek bölüm\n\nBir paragraf."))  # before the first demonstration
    problems = write(LESSONS[5].file, nb)
    assert problems[0] == "tr/05_knocking_and_gin.ipynb has 10 markdown cells; the English has 9"
    assert problems[1].startswith("tr/05_knocking_and_gin.ipynb, cell 4 is a markdown cell where the English has a "
                                  "code cell")


def test_a_section_missing_in_one_language_fails(folder):
    lessons, write = folder
    nb = _notebook(lessons / "tr" / LESSONS[5].file)
    gin = next(i for i, c in enumerate(nb["cells"]) if _source(c) == 'lesson.demo("gin")')
    del nb["cells"][gin - 1:gin + 1]  # the prose before the demonstration and its call
    problems = write(LESSONS[5].file, nb)
    assert problems and all(p.startswith("tr/05_knocking_and_gin.ipynb") for p in problems)
    assert any(f"cell {gin}" in p for p in problems), problems


def test_a_heading_at_another_level_fails(folder):
    lessons, write = folder
    nb = _notebook(lessons / "tr" / LESSONS[5].file)
    index = next(i for i, c in enumerate(nb["cells"]) if _source(c).startswith("### Can you knock?"))
    nb["cells"][index]["source"] = _source(nb["cells"][index]).replace("### Can you knock?", "## Kapı çalabilir misin?")
    assert write(LESSONS[5].file, nb) == [f"tr/05_knocking_and_gin.ipynb, cell {index + 1} has headings at levels "
                                          f"[2]; the English cell has [3]"]


def test_a_heading_removed_or_a_line_in_a_code_block_is_told_apart(folder):
    lessons, write = folder
    nb = _notebook(lessons / "tr" / LESSONS[5].file)
    index = next(i for i, c in enumerate(nb["cells"]) if _source(c).startswith("### Can you knock?"))
    text = _source(nb["cells"][index])
    nb["cells"][index]["source"] = text + "\n\n```\n# not a heading\n```\n"
    assert write(LESSONS[5].file, nb) == []
    nb["cells"][index]["source"] = text.replace("### Can you knock?", "**Kapı çalabilir misin?**")
    assert write(LESSONS[5].file, nb) == [f"tr/05_knocking_and_gin.ipynb, cell {index + 1} has headings at levels "
                                          f"[]; the English cell has [3]"]


def test_code_that_is_not_the_english_code_fails(folder):
    lessons, write = folder
    nb = _notebook(lessons / "tr" / LESSONS[5].file)
    index = next(i for i, c in enumerate(nb["cells"]) if _source(c) == 'lesson.exercise("can_knock")')
    nb["cells"][index]["source"] = 'lesson.exercise("knock_card")'
    assert write(LESSONS[5].file, nb) == [f"tr/05_knocking_and_gin.ipynb, cell {index + 1} has the code "
                                          f"'lesson.exercise(\"knock_card\")'; the English has "
                                          f"'lesson.exercise(\"can_knock\")'"]


@pytest.mark.parametrize("name", ["05_knocking_and_gin.ipynb", "glossary.ipynb"])
def test_the_first_code_cell_must_take_the_folders_language(folder, name):
    lessons, write = folder
    nb = _notebook(LESSON_DIR / name)
    first = next(i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code")
    english = _source(nb["cells"][first])
    cell = f"tr/{name}, cell {first + 1} is the first code cell, and"
    assert write(name, nb) == [f"{cell} its lesson.toolbar or lesson.nav call has no lang='tr'"]
    nb["cells"][first]["source"] = _with_lang(english, "ku")
    assert write(name, nb) == [f"{cell} its lang argument is 'ku', not 'tr'"]
    nb["cells"][first]["source"] = _with_lang(english.replace("(5", "(6").replace('"glossary"', '"quick_reference"'),
                                              "tr")
    assert write(name, nb) == [f"tr/{name}, cell {first + 1} is not the English code {english!r} with lang='tr'"]


def test_a_keyword_other_than_lang_is_more_than_a_widget_call(tmp_path):
    nb = _notebook(LESSON_DIR / LESSONS[5].file)
    first = next(c for c in nb["cells"] if c["cell_type"] == "code")
    first["source"] = _source(first).replace("lesson.toolbar(5)", "lesson.toolbar(5, size='large')")
    path = tmp_path / LESSONS[5].file
    path.write_text(json.dumps(nb), encoding="utf-8")
    assert outline.read(path).stray == ("lesson.toolbar(5, size='large')",)


@pytest.mark.parametrize("lang", outline.language_folders(LESSON_DIR))
def test_a_lesson_names_the_presets_as_the_menu_does(lang):
    """Lesson 9's prose names each preset with the catalog's word for it, the one the
    practice page's menu shows (reference.preset_name), never with the English name."""
    import re

    from gintrainer.engine.rules import PRESETS
    from gintrainer.material.reference import preset_name
    from gintrainer.words.language import in_language

    with in_language(lang):
        names = {preset: preset_name(preset) for preset in PRESETS}
    notebook = json.loads((LESSON_DIR / lang / LESSONS[9].file).read_text(encoding="utf-8"))
    prose = "\n".join("".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown")
    english = [name for name, shown in names.items() if shown != name and re.search(rf"\b{name}\b", prose)]
    assert english == [], f"{lang}: say {', '.join(names[name] for name in english)}"
    assert all(shown in prose for shown in names.values())
