"""Class material and the command line in other languages: worksheets, answer
keys, class set descriptions, gradebooks and the command's text come from the
catalogs (checked in the tests' pseudo-language); the set and its code are the
same in every language; ``--json`` is the same in every language."""

from __future__ import annotations

import re

import pytest

from gintrainer import cli, language
from gintrainer.classroom import ClassSet, answer_key_html, build_gradebook, worksheet_html
from gintrainer.classroom.codes import parse_code
from gintrainer.classroom.gradebook import gradebook_html, theme_chart_svg
from gintrainer.classroom.results import Attempt, results_csv
from gintrainer.classroom.sets import ClassSetError, class_set
from gintrainer.errors import GinError
from i18n import pseudo_language
from i18n import unmarked as unmarked_words

DECIMAL = re.compile(r"^\d+[.,]\d+$")


def unmarked(text: str, allowed=()) -> list[str]:
    """The words outside the marks, decimal numbers (the solver's expected deadwood) aside."""
    return [word for word in unmarked_words(text, allowed) if not DECIMAL.match(word)]


@pytest.fixture(scope="module", autouse=True)
def compiled_catalogs():
    """The languages' catalogs compiled, as the build does (the .mo files are not kept in git)."""
    from gintrainer import catalogs
    if not all(catalogs.mo_path(lang).is_file()
               and catalogs.mo_path(lang).stat().st_mtime >= catalogs.po_path(lang).stat().st_mtime
               for lang in catalogs.TRANSLATED):
        catalogs.compile_catalogs()
    language._compiled.cache_clear()

SET = ClassSet("Language class", count=4)
CARD_FACES = ["A", "K", "Q", "J"]  # a drawn card's rank letters (its pip is a separate symbol)
ONE_KIND = ClassSet("Language class", count=3, kinds="best_discard", objective="lookahead", difficulty="hard")


def test_a_worksheet_and_an_answer_key_are_drawn_from_the_catalogs():
    with pseudo_language():
        for html in (worksheet_html(SET), answer_key_html(SET)):
            # the class's name is the teacher's own text
            assert unmarked(html, allowed=[*SET.name.split(), SET.code, *CARD_FACES]) == []


def test_set_descriptions_come_from_the_catalogs():
    with pseudo_language():
        for options in (SET, ONE_KIND, ClassSet("x", count=1, kinds="can_knock", oklahoma=True, themes=["gin"])):
            assert unmarked(options.describe()) == []


def test_a_class_sets_errors_come_from_the_catalogs():
    with pseudo_language():
        with pytest.raises(ClassSetError) as caught:
            class_set(SET.code, count=5)
        assert unmarked(str(caught.value)) == []
        with pytest.raises(GinError) as caught:
            parse_code("8QM90-000XD-WT58")
        assert unmarked(str(caught.value), allowed=["'8QM90-000XD-WT58'"]) == []


def test_a_gradebook_is_drawn_from_the_catalogs():
    puzzles = SET.puzzles()
    files = [(f"{name}.csv", results_csv(name, SET.code, [Attempt(1, puzzles[0].id, "no", True, 3.0)]))
             for name in ("Ann", "Ben")]
    files.append(("copy.csv", files[0][1]))
    files.append(("junk.csv", "not,a,results,file\n"))
    with pseudo_language():
        book = build_gradebook(files)
        html = gradebook_html(book) + theme_chart_svg(book)
    # student names and file names are the teacher's own; theme hints and titles come from the puzzles
    assert unmarked(html, allowed=["Ann", "Ben", "copy.csv", "junk.csv", "Ann.csv", "Ben.csv"]) == []


def test_the_set_and_its_code_are_the_same_in_every_language_and_the_words_are_not():
    english = worksheet_html(SET, lang="en")
    turkish_words = worksheet_html(SET, lang="tr") if _compiled("tr") else None
    with pseudo_language():
        pseudo = worksheet_html(SET)
        pseudo_key = answer_key_html(SET)
    ids = re.compile(r'data-puzzle-id="([^"]+)"')
    assert ids.findall(pseudo) == ids.findall(english) == [p.id for p in SET.puzzles()]
    assert SET.code in pseudo and SET.code in english and SET.code in pseudo_key
    assert pseudo != english
    assert "Gin Rummy worksheet" in english and "⟦Gin Rummy worksheet⟧" in pseudo
    if turkish_words is not None:
        assert ids.findall(turkish_words) == ids.findall(english)


def _compiled(lang: str) -> bool:
    try:
        language.translations(lang)
    except GinError:
        return False
    return True


def test_a_worksheet_in_pashto_is_right_to_left_with_card_rows_left_to_right():
    with language.in_language("en"):
        english = worksheet_html(SET)
    assert re.search(r'<html lang="en" dir="ltr"', english)
    pashto = worksheet_html(SET, lang="ps") if _compiled("ps") else None
    if pashto is None:  # no Pashto catalog yet: the page's frame does not depend on the words
        import gintrainer.classroom.worksheet as sheet
        pashto = sheet._worksheet_html(SET, False, "ps")
    assert re.search(r'<html lang="ps" dir="rtl" style=\'--ws-font: "Noto Naskh Arabic", "Noto Sans Arabic"', pashto)
    assert "[dir=rtl] .gt-row" in pashto and "direction: ltr" in pashto


def test_the_command_line_takes_a_language_and_refuses_others(capsys):
    assert cli.main(["daily", "--date", "2026-01-05", "--lang", "xx"]) == 2
    error = capsys.readouterr().err
    assert "xx" in error and all(code in error for code in language.LANGUAGES)
    assert cli.main(["daily", "--date", "2026-01-05", "--lang", "qps"]) == 2  # the tests' language is not offered


@pytest.mark.parametrize("argv", [
    ["solve", "7h 8h 9h 2c 3c 4c 5d 6d 7d kc qs", "--json"],
    ["solve", "7h 8h 9h 2c", "--json"],
    ["daily", "--date", "2026-01-05", "--json"],
    ["puzzles", "--kind", "can-knock", "--count", "1", "--json"],
])
def test_json_output_is_the_same_in_every_language(argv, capsys):
    outputs = []
    for lang in ("en", "tr") + (("ps",) if _compiled("ps") else ()):
        if not _compiled(lang) and lang != "en":
            # no catalog yet: the command still runs in the language (gettext falls back per sentence)
            pytest.skip(f"no compiled {lang} catalog")
        assert cli.main([*argv, "--lang", lang]) == 0
        outputs.append(capsys.readouterr().out)
    assert len(set(outputs)) == 1


def test_json_output_is_the_same_in_the_pseudo_language(capsys, monkeypatch):
    argv = ["daily", "--date", "2026-01-05", "--json"]
    assert cli.main(argv) == 0
    english = capsys.readouterr().out
    monkeypatch.setattr(cli, "locale_language", lambda environ=None: language.PSEUDO)
    with pseudo_language():
        assert cli.main(argv) == 0
        assert cli.main(["puzzles", "--kind", "can-knock", "--count", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(english)
    assert "⟦" in out[len(english):]


@pytest.mark.parametrize("environ, lang", [
    ({"LANG": "tr_TR.UTF-8"}, "tr"), ({"LC_ALL": "ps_AF.UTF-8", "LANG": "en_GB.UTF-8"}, "ps"),
    ({"LC_MESSAGES": "ku_TR", "LANG": "tr_TR"}, "ku"), ({"LANG": "de_DE.UTF-8"}, "en"), ({"LANG": "C.UTF-8"}, "en"),
    ({}, "en"), ({"LC_ALL": "de_DE", "LANG": "tr_TR"}, "en")])
def test_the_default_language_is_the_locales(environ, lang):
    assert cli.locale_language(environ) == lang


def _text_outputs(tmp_path) -> dict[str, list[str]]:
    return {"solve": ["solve", "7h 8h 9h 2c 3c 4c 5d 6d 7d kc qs"],
            "daily": ["daily", "--date", "2026-01-05"],
            "puzzles": ["puzzles", "--kind", "best-discard", "--count", "1"],
            "worksheet": ["class", "worksheet", "--code", "Language class", "--count", "2",
                          "--out", str(tmp_path / "w.html")]}


# Sentences written by modules another developer owns, still English in this branch:
FOREIGN = {
    # engine-puzzles: Rules.describe() (gintrainer/rules.py), in "Rules: standard"
    "standard",
}


def test_the_command_lines_text_comes_from_the_catalogs(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(cli, "locale_language", lambda environ=None: language.PSEUDO)
    for name, argv in _text_outputs(tmp_path).items():
        with pseudo_language():
            assert cli.main(argv) == 0, name
        out = capsys.readouterr().out
        allowed = set(FOREIGN) | {str(tmp_path / "w.html")}
        assert unmarked(out, allowed=allowed) == [], name
    with pseudo_language():
        html = (tmp_path / "w.html").read_text(encoding="utf-8")
    assert unmarked(html, allowed=["Language", "class", *CARD_FACES, *re.findall(r"\w{5}-\w{5}-\w{5}", html)]) == []


def test_text_output_in_turkish_runs(tmp_path, capsys):
    for argv in _text_outputs(tmp_path).values():
        assert cli.main([*argv, "--lang", "tr"]) == 0
    assert 'lang="tr"' in (tmp_path / "w.html").read_text(encoding="utf-8")
