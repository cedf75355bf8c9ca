"""Class material and the command line in other languages: worksheets, answer
keys, class set descriptions, gradebooks and the command's text come from the
catalogs (checked in the tests' pseudo-language); the set and its code are the
same in every language; ``--json`` is the same in every language."""

from __future__ import annotations

import re

import pytest

from gintrainer import cli
from gintrainer.classroom import ClassSet, answer_key_html, build_gradebook, worksheet_html
from gintrainer.classroom.codes import parse_code
from gintrainer.classroom.gradebook import gradebook_html, theme_chart_svg
from gintrainer.classroom.results import Attempt, results_csv
from gintrainer.classroom.sets import ClassSetError, class_set
from gintrainer.puzzles import KINDS
from gintrainer.words import language
from gintrainer.words.errors import GinError
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


def test_a_worksheet_and_an_answer_key_of_every_kind_are_drawn_from_the_catalogs():
    every = ClassSet("Language class", count=3, kinds=KINDS)
    with pseudo_language():
        for html in (worksheet_html(every), answer_key_html(every)):
            assert unmarked(html, allowed=[*every.name.split(), every.code, *CARD_FACES]) == []
        assert unmarked(every.describe()) == []


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




def test_the_command_lines_text_comes_from_the_catalogs(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(cli, "locale_language", lambda environ=None: language.PSEUDO)
    for name, argv in _text_outputs(tmp_path).items():
        with pseudo_language():
            assert cli.main(argv) == 0, name
        out = capsys.readouterr().out
        allowed = {str(tmp_path / "w.html")}
        assert unmarked(out, allowed=allowed) == [], name
    with pseudo_language():
        html = (tmp_path / "w.html").read_text(encoding="utf-8")
    assert unmarked(html, allowed=["Language", "class", *CARD_FACES, *re.findall(r"\w{5}-\w{5}-\w{5}", html)]) == []


def test_text_output_in_turkish_runs(tmp_path, capsys):
    for argv in _text_outputs(tmp_path).values():
        assert cli.main([*argv, "--lang", "tr"]) == 0
    assert 'lang="tr"' in (tmp_path / "w.html").read_text(encoding="utf-8")


# -- the errors a student or a teacher meets ---------------------------------------------------

def _cases(test) -> list:
    """The bad inputs of one of tests/test_classroom.py's parametrized refusals (its first argument)."""
    (mark,) = [m for m in test.pytestmark if m.name == "parametrize"]
    return [case[0] for case in mark.args[1]]


def test_a_results_files_refusals_come_from_the_catalogs():
    import test_classroom as cases
    from gintrainer.classroom.results import ResultsError, clean_student, read_results
    good = cases._good_file()
    bad = [change(good) for change in _cases(cases.test_malformed_results_files_are_refused_naming_the_line)]
    refused = []
    with pseudo_language():
        for text in [*bad, b"student,code\xff\n", good.replace("student,", "student,student,", 1)]:
            with pytest.raises(ResultsError) as caught:
                read_results(text)
            refused.append(str(caught.value))
        for name in ("=1+1", "", "a\x00b"):
            with pytest.raises(ResultsError) as caught:
                clean_student(name)
            refused.append(str(caught.value))
        with pytest.raises(ResultsError) as caught:
            Attempt(0, "ck-000000000000", "no", True, 1.0)
        refused.append(str(caught.value))
    for text in refused:
        assert unmarked(text) == [] and text.startswith(language.PSEUDO_MARKS[0]), text
    assert len(refused) == len(bad) + 6


def test_an_answers_refusals_come_from_the_catalogs():
    from gintrainer.classroom.marking import AnswerError, mark
    from gintrainer.puzzles import bank
    can = next(p for p in bank("can_knock") if p.can_knock)
    discard = bank("best_discard")[0]
    outside = next(c for c in (f"{r}{s}" for r in "A23456789TJQK" for s in "CDHS")
                   if c not in {x.code() for x in discard.hand})
    refused = []
    with pseudo_language():
        for puzzle, answer in [(can, "no 7H"), (can, "maybe"), (can, "7H 8H"), (can, "yes"), (can, "  "),
                               (discard, outside), (discard, "no")]:
            with pytest.raises(AnswerError) as caught:
                mark(puzzle, answer)
            refused.append(str(caught.value))
    for text in refused:
        assert unmarked(text) == [] and text.startswith(language.PSEUDO_MARKS[0]), text


def test_the_data_folders_messages_come_from_the_catalogs(tmp_path, monkeypatch):
    """What a page says of a file set aside, a name refused or a lock it cannot take."""
    from gintrainer.records import storage
    from gintrainer.records.progress import PROFILE
    from gintrainer.trainers.practice import RECORD as PRACTICE_GAME
    corrupt = tmp_path / "ann.json"
    problems = []
    with pseudo_language():
        for content in (b"{not json", b"\xff", b"[1, 2]"):
            corrupt.write_bytes(content)
            read, aside = storage.read_or_set_aside(corrupt, PROFILE.read)
            assert read is None and aside is not None and aside.aside.is_file()
            problems.append(aside.problem)
        for kind in (PROFILE, PRACTICE_GAME):
            for data in ([], {"format": "other", "version": 1}, {"format": kind.format, "version": 99,
                                                                  "schema": 99}):
                with pytest.raises(storage.RecordError) as caught:
                    kind.read(data)
                problems.append(caught.value.problem)
        for name in (5, " ", "x" * 41, "a\x00b"):
            with pytest.raises(storage.InvalidNameError) as caught:
                storage.clean_name(name)
            problems.append(str(caught.value))
        with pytest.raises(storage.StorageError) as caught:
            storage.write_text_atomic(tmp_path / "no" / "x.json", "")
        problems.append(str(caught.value))
        monkeypatch.setattr(storage, "fcntl", None)
        with pytest.raises(storage.StorageError) as caught, storage.locked(tmp_path / "x.json"):
            pass
        problems.append(str(caught.value))
    # the JSON parser's own detail (Python's, English) sits inside the marks as a value
    for text in problems:
        assert unmarked(text) == [] and text.startswith(language.PSEUDO_MARKS[0]), text
    assert "⟦a ⟦progress file⟧ is a JSON object, not ⟦a list⟧⟧" in problems


def test_the_vocabularies_name_themselves_from_the_catalogs():
    from gintrainer.classroom.sets import SetObjective
    from gintrainer.trainers.training import Stage
    for vocabulary in (Stage, SetObjective):
        with pseudo_language(), pytest.raises(GinError) as caught:
            vocabulary.parse("sideways")
        assert unmarked(str(caught.value)) == [], str(caught.value)
        assert f"⟦{vocabulary.noun()}⟧" in str(caught.value)


# argparse's own words (its gettext domain "argparse", not the trainer's): they stay English.
ARGPARSE_WORDS = {"usage:", "options:", "positional", "arguments:", "show", "this", "help", "message", "and", "exit"}


def _parsers(parser) -> dict[str, object]:
    """Every command's parser by its name ("solve", "class make"), the top one as "gintrainer"."""
    import argparse
    found = {"gintrainer": parser}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found.update({f"{name} {k}".replace(" gintrainer", ""): v for k, v in _parsers(sub).items()})
    return found


def test_every_commands_help_comes_from_the_catalogs():
    with pseudo_language():
        parsers = _parsers(cli.build_parser())
        helps = {name: parser.format_help() for name, parser in parsers.items()}
    assert {"solve", "daily", "puzzles", "bank", "class make", "class worksheet", "duel", "app"} <= set(parsers)
    for name, parser in parsers.items():
        for action in parser._actions:
            if action.help and action.dest != "help":
                assert unmarked(action.help) == [], (name, action.dest, action.help)
        if parser.description:
            assert unmarked(parser.description) == [], (name, parser.description)
        assert "⟦" in helps[name], name
    # what is left outside the marks is argparse's frame: its words, the commands' and positionals' names,
    # option names, metavars and choices
    commands = {word for name in parsers for word in name.split()}
    commands |= {a.dest for p in parsers.values() for a in p._actions if not a.option_strings}  # a positional's name
    for name, text in helps.items():
        frame = [w for w in unmarked(text) if w not in ARGPARSE_WORDS | commands
                 and not re.match(r"^[-\[{(A-Z]|^\w+[,}]", w)]
        assert frame == [], (name, frame)


def test_the_help_is_in_the_language_asked_for_else_the_locales(capsys, monkeypatch):
    monkeypatch.setattr(cli, "locale_language", lambda environ=None: language.PSEUDO)
    with pseudo_language():
        for argv, marked in ((["solve", "--help"], True), (["solve", "--lang", "en", "--help"], False),
                             (["class", "make", "--lang=en", "--help"], False)):
            with pytest.raises(SystemExit) as done:
                cli.main(argv)
            assert done.value.code == 0
            out = capsys.readouterr().out
            assert ("⟦the discard table" in out or "⟦print a class set" in out or "⟦the card just drawn⟧" in out) \
                is marked, argv
            assert ("the card just drawn" in out or "Print a class set" in out)


def test_class_make_speaks_the_language(capsys, monkeypatch):
    monkeypatch.setattr(cli, "locale_language", lambda environ=None: language.PSEUDO)
    with pseudo_language():
        assert cli.main(["class", "make", "--code", "Language class", "--count", "2"]) == 0
        assert cli.main(["class", "worksheet", "--code", "Language class", "--out", " "]) == 2
        assert cli.main(["daily", "--lang", "xx"]) == 2
    out, err = capsys.readouterr()
    assert unmarked(out, allowed=["Language", "class", *CARD_FACES, SET.code]) == []
    assert "⟦Class code: " in out and "⟦--- puzzle 2 of 2 ---⟧" in out
    # "argument --lang:" before the refusal is argparse's own frame
    assert "error: ⟦--out needs a file name, not ' '⟧\n" in err and "⟦no language 'xx': use en, tr, ku, ps⟧" in err


def test_the_teacher_prints_the_worksheet_and_key_in_the_language_chosen(data):
    """The page's language by default; another of the four on request; the same set
    and code whatever the language."""
    from gintrainer.widgets.classroom import TeacherPage
    from gintrainer.words.language import in_language

    with in_language("tr"):
        page = TeacherPage()
        page.name.value = "Language class"
        page.count.value = 2
        page._on_make()
        assert page.print_language.value == "tr" and 'lang="tr"' in _decoded(page.downloads.value)
        assert page.classset is not None
        code = page.classset.code
        page.print_language.value = "ps"
        assert page.classset is not None and page.classset.code == code
        shown = _decoded(page.downloads.value)
        assert 'lang="ps"' in shown and 'dir="rtl"' in shown and code in shown


def _decoded(links: str) -> str:
    """The documents of a page's download links (data: URLs), decoded."""
    import base64
    import re
    import urllib.parse

    out = []
    for url in re.findall(r'href="(data:[^"]+)"', links):
        head, _, body = url.partition(",")
        out.append(base64.b64decode(body).decode() if head.endswith(";base64") else urllib.parse.unquote(body))
    return "\n".join(out)


def test_a_gradebook_with_the_class_store_and_the_stores_messages_come_from_the_catalogs(tmp_path):
    from gintrainer.classroom.store import StoreError, new_session_key, open_store
    puzzles = SET.puzzles()
    assert puzzles[0].can_knock and not puzzles[2].can_knock
    attempt = Attempt(1, puzzles[0].id, "no", False, 3.0)
    store = open_store(f"sqlite:///{tmp_path / 'classes.sqlite3'}")
    for _ in range(2):
        store.record(SET.code, new_session_key(), "Ann", attempt)
    files = [("ann.csv", results_csv("Ann", SET.code, [Attempt(3, puzzles[2].id, "no", True, 3.0)]))]
    assert "has other answers in the class store" in build_gradebook(files, stored=store.class_sessions(
        SET.code)).problems[0].reason
    damaged = tmp_path / "damaged.sqlite3"
    damaged.write_bytes(b"damaged " * 500)
    with pseudo_language():
        book = build_gradebook(files, stored=store.class_sessions(SET.code))
        html = gradebook_html(book) + theme_chart_svg(book)
        problems = [problem.reason for problem in book.problems]
        errors = []
        elsewhere = Attempt(1, puzzles[2].id, "no", True, 1)  # puzzle 3's id at position 1
        for write in (lambda: store.record(SET.code, "x", "Ann", attempt),
                      lambda: store.record(SET.code, new_session_key(), "Ann", elsewhere),
                      lambda: open_store(f"sqlite:///{damaged}").start(SET.code, new_session_key(), "Ann"),
                      lambda: open_store(f"sqlite:///{tmp_path}").start(SET.code, new_session_key(), "Ann")):
            with pytest.raises(GinError) as caught:
                write()
            errors.append(str(caught.value))
    assert book.answering and len(book.students) == 2 and len(problems) == 1
    assert isinstance(StoreError("x"), GinError)
    paths = [str(tmp_path), str(damaged), *(str(p) for p in tmp_path.glob("damaged.corrupt-*"))]
    # the database's own message (English) and the store's paths are not the catalogs'
    shown = " ".join([html, *problems, *errors]).replace("unable to open database file", "")
    assert unmarked(shown, allowed=["Ann", "ann.csv", "'Ann'", "'x'", *paths, SET.code,
                                    *(p.id for p in puzzles)]) == []
