"""The gintrainer command: output and one-line errors with status 2."""

import json
import subprocess
import sys

import pytest

from gintrainer.cli import build_parser, main

RULES_EXAMPLE = "3S 5S 6S 2C 3D 4D 5D 6D 4H 5H 6H"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_eleven_cards_as_json(capsys):
    code, out, _ = run(capsys, "solve", RULES_EXAMPLE, "--json")
    assert code == 0
    data = json.loads(out)
    first = data["discards"][0]
    assert (first["card"], first["deadwood"], first["knocks"]) == ("6S", 10, True)
    assert {"card", "deadwood", "knocks", "outs", "expected_deadwood"} <= set(first)


def test_solve_with_drawn_card_from_the_pile(capsys):
    code, out, _ = run(capsys, "solve", RULES_EXAMPLE, "--drawn", "6S", "--from", "discard", "--json")
    assert code == 0 and "6S" not in [r["card"] for r in json.loads(out)["discards"]]


def test_solve_fewer_cards_gives_the_arrangement(capsys):
    code, out, _ = run(capsys, "solve", "8C 8D 8H 4C 4D 4S 5H 2C 2D AS", "--json")
    assert code == 0 and json.loads(out)["points"] == 10
    code, out, _ = run(capsys, "solve", "7h 8h 9h 2c")
    assert code == 0 and "(2)" in out


def test_daily_and_puzzles(capsys):
    code, out, _ = run(capsys, "daily", "--date", "2026-11-29", "--kind", "best-discard", "--json")
    record = json.loads(out)
    assert code == 0 and record["kind"] == "best_discard" and record["objective"] in ("deadwood", "lookahead")
    code, out, err = run(capsys, "puzzles", "--kind", "can-knock", "--count", "2", "--seed", "4", "--json")
    assert code == 0 and len(json.loads(out)) == 2 and "2/2" in err
    code, out, _ = run(capsys, "daily", "--date", "2026-11-29")
    assert code == 0 and "Answer:" in out


@pytest.mark.parametrize("argv, fragment", [
    (["solve", "7H 8H 9H 2C 3C 4C 5C 6C 7C 8C 9C TC"], "at most 11"),
    (["solve", "7H 7H"], "duplicate card '7H'"),
    (["solve", "7H ZZ"], "'ZZ'"),
    (["solve", RULES_EXAMPLE, "--drawn", "KC"], "not in the hand"),
    (["solve", ""], "give the cards of a hand"),
    (["solve", "   "], "give the cards of a hand"),
    (["solve", ", ,"], "give the cards of a hand"),
    (["solve", "7H 8H 9H", "--drawn", ""], "only an 11-card hand takes --drawn; the hand given is 7♥ 8♥ 9♥"),
    (["solve", "7H 8H 9H", "--pile", "", "--known", "KD"], "only an 11-card hand takes --pile, --known"),
    (["solve", "7H", "--known", "8H"], "only an 11-card hand takes --known; the hand given is 7♥"),
    (["solve", "7H 8H 9H", "--oklahoma", "--upcard", "KD"], "only an 11-card hand takes --upcard, --oklahoma"),
    (["solve", "7H 8H 9H", "--from", "discard", "--rules", "modern"], "only an 11-card hand takes --from, --rules"),
    (["solve", RULES_EXAMPLE, "--upcard", "KD"], "add --oklahoma"),
    (["puzzles", "--kind", "can-knock", "--count", "0"], "--count must be from 1 to 10000, not 0"),
    (["puzzles", "--kind", "can-knock", "--count", "1000000"], "--count must be from 1 to 10000, not 1000000"),
    (["puzzles", "--kind", "can-knock", "--count", str(10**30)], "--count must be from 1 to 10000"),
    (["duel", "--a", "naive", "--b", "naive", "--hands", "1000000000000"], "--hands must be from 1 to 1000000"),
    (["duel", "--a", "naive", "--b", "naive", "--hands", "2", "--jobs", "1000"], "--jobs must be from 1 to 64"),
    (["puzzles", "--kind", "can-knock", "--count", "1", "--theme", "low-swap"],
     "no can-knock puzzle has the theme 'low-swap': its themes are forbidden-discard, four-of-a-kind, gin"),
    (["puzzles", "--kind", "best-discard", "--objective", "deadwood", "--theme", "keep-the-pair"],
     "no best-discard puzzle has the theme 'keep-the-pair'"),
    (["puzzles", "--kind", "can-knock", "--theme", "oklahoma"], "the oklahoma theme needs Oklahoma rules"),
    (["puzzles", "--kind", "can-knock", "--objective", "lookahead"], "only best-discard puzzles take --objective"),
    (["class", "make", "--code", "Year 9", "--count", "0"], "--count"),
    (["class", "worksheet", "--code", "Year 9", "--out", ""], "--out needs a file name"),
    (["bank", "--out", " "], "--out needs a folder name"),
    (["duel", "--a", "naive", "--b", "naive", "--hands", "0"], "--hands"),
    (["app", "--port", "0", "--no-browser"], "port"),
    (["daily", "--date", "2026-02-30"], "bad date"),
    (["puzzles", "--kind", "can-knock", "--count", "-3"], "--count"),
    (["puzzles", "--kind", "chess"], "invalid choice"),
    ([], "required"),
])
def test_bad_input_is_one_line_and_status_2(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert fragment in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_module_entry_point_without_traceback():
    done = subprocess.run([sys.executable, "-m", "gintrainer", "solve", "7H 7H"], capture_output=True, text=True)
    assert done.returncode == 2 and done.stderr.startswith("gintrainer: error: duplicate card")
    assert "Traceback" not in done.stderr


def _options(parser, command=()):
    """(command words, option) for every option that takes a value, and None for positionals."""
    import argparse
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _options(sub, (*command, name))
        elif isinstance(action, argparse._HelpAction) or action.nargs == 0:
            continue
        else:
            yield command, (action.option_strings[0] if action.option_strings else None)


def _base(command, tmp):
    """A valid, quick command line for each command (the app's site folder does not exist: it never serves; the
    hand to review is only dealt, so that there is no decision to judge)."""
    deal = tmp / "deal.json"
    if not deal.exists():
        from gintrainer import Hand
        from gintrainer.replay import dump
        deal.write_text(dump(Hand.deal(seed=1)))
    exported = tmp / "exported.json"  # no rating: a rebuild writes the starting ratings as they are
    if not exported.exists():
        exported.write_text('{"format": "gintrainer-puzzle-ratings", "version": 1, "ratings": []}')
    return {
        ("solve",): ["solve", RULES_EXAMPLE],
        ("daily",): ["daily", "--date", "2026-11-29"],
        ("puzzles",): ["puzzles", "--kind", "can-knock", "--count", "1"],
        ("class", "make"): ["class", "make", "--code", "Year 9", "--count", "1"],
        ("class", "worksheet"): ["class", "worksheet", "--code", "Year 9", "--count", "1", "--out",
                                 str(tmp / "sheet.html")],
        ("duel",): ["duel", "--a", "naive", "--b", "naive", "--hands", "2"],
        ("app",): ["app", "--no-browser", "--root", str(tmp / "no-site")],
        ("pin",): ["pin", "Nobody Here"],
        ("review",): ["review", str(deal), "--samples", "2"],
        ("ratings", "export"): ["ratings", "export", "--out", str(tmp / "export.json")],
        ("ratings", "import"): ["ratings", "import", str(exported)],
        ("ratings", "rebuild"): ["ratings", "rebuild", str(exported), "--out", str(tmp / "starting.json")],
    }[command]


ODD_VALUES = ("", "   ", "@@", "-1")
# Any valid value of bank's options regenerates the whole bank (half a minute); its blank --out is tested above.
OPTIONS = [(command, option) for command, option in dict.fromkeys(_options(build_parser())) if command != ("bank",)]


@pytest.mark.parametrize("command, option", OPTIONS,
                         ids=lambda value: " ".join(value) if isinstance(value, tuple) else str(value))
def test_every_option_with_an_empty_or_odd_value_is_one_line_or_works(capsys, tmp_path, monkeypatch, command,
                                                                      option):
    monkeypatch.chdir(tmp_path)  # "." is not a trainer site, so "app" never serves
    for value in ODD_VALUES:
        argv = _base(command, tmp_path)
        if option is None:
            argv[len(command)] = value  # the positional argument follows the command words
        elif option in argv:
            argv[argv.index(option) + 1] = value
        else:
            argv += [option, value]
        code, _, err = run(capsys, *argv)
        assert code in (0, 2), (argv, code, err)
        assert "Traceback" not in err
        if code == 2:
            assert len(err.strip().splitlines()) == 1 and err.startswith("gintrainer: error: "), (argv, err)


def test_json_puzzles_carry_the_english_beside_their_messages(capsys):
    from gintrainer.material.messages import Message, render
    from gintrainer.puzzles import verify
    code, out, _ = run(capsys, "daily", "--date", "2026-11-29", "--kind", "can-knock", "--json")
    record = json.loads(out)
    puzzle = verify(record)  # the record is the bank's, with words beside it
    assert code == 0 and record["question"] == puzzle.question
    assert record["explanation"] == render(Message.from_data(m) for m in record["sentences"]["explanation"])
    assert record["hints"] == [render(Message.from_data(m)) for m in record["sentences"]["hints"]]
    code, text, _ = run(capsys, "daily", "--date", "2026-11-29", "--kind", "can-knock")
    assert record["question"] in text and record["explanation"] in text


HUGE = "Z" * 10_000_000


@pytest.mark.parametrize("argv", [
    ["solve", f"7H {HUGE}"],
    ["solve", f"7H 8H 9H 2C 3C 4C 5C 6C 7C 8C 9{HUGE}"],
    ["solve", RULES_EXAMPLE, "--rules", HUGE],
    ["puzzles", "--kind", HUGE],
    ["puzzles", "--kind", "can-knock", "--count", HUGE],
    ["daily", "--date", HUGE],
    ["solve", "7H", "--lang", HUGE],
    ["solve", "7H", HUGE],
    ["class", "make", "--code", "Year 9", "--difficulty", HUGE],
    ["app", "--no-browser", "--root", HUGE],
])
def test_a_huge_bad_value_is_quoted_short(capsys, argv):
    code, _, err = run(capsys, *argv)
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "ZZZ" in err and len(err) < 400, err[:400]


def test_long_runs_show_progress_while_searching_and_playing():
    from gintrainer.engine.duel import duel
    from gintrainer.puzzles import generate
    from gintrainer.words.errors import GinError
    calls = []
    with pytest.raises(GinError, match="found only 0"):  # nothing is rated 0 to 1: a search that finds nothing
        generate("can-knock", seed=1, count=1, difficulty=(0, 1), max_batches=6, progress=lambda *a: calls.append(a))
    assert calls == [(0, 1)] * 6  # one report for each batch searched
    calls.clear()
    duel("naive", "naive", hands=50, progress=lambda *a: calls.append(a))
    assert calls[-1] == (50, 50) and len(calls) > 3 and calls == sorted(calls)


def test_the_progress_bar_redraws_a_still_count_every_few_seconds(monkeypatch):
    import io

    from gintrainer import cli
    clock = [100.0]
    monkeypatch.setattr(cli.time, "monotonic", lambda: clock[0])
    stream = io.StringIO()
    bar = cli._Progress(stream)
    for step in range(10):  # 0/3 for 4.5 seconds: drawn at 0, 2 and 4 s
        clock[0] += 0.5 if step else 0
        bar(0, 3)
    bar(1, 3)
    bar(3, 3)
    shown = stream.getvalue()
    assert shown.count("0/3") == 3 and "1/3" in shown and shown.endswith("3/3 4 s\n")


@pytest.mark.parametrize("out, fragment", [
    ("a-file", "cannot write into '{tmp}/a-file': it is a file, not a folder"),
    ("a-file/below", "cannot write '{tmp}/a-file/below': "),
    pytest.param("/proc/no-such-folder", "cannot write '/proc/no-such-folder': ",
                 marks=pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's /proc")),
])
def test_bank_out_that_cannot_be_written_is_one_line_before_any_work(capsys, tmp_path, out, fragment):
    existing = tmp_path / "a-file"
    existing.write_text("keep me")
    path = out if out.startswith("/") else str(tmp_path / out)
    code, _, err = run(capsys, "bank", "--out", path, "--kind", "defend")
    assert code == 2 and fragment.format(tmp=tmp_path) in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err and "[" not in err  # no search began
    assert existing.read_text() == "keep me" and sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]


def test_the_command_line_page_states_the_bounds_the_command_uses():
    from pathlib import Path

    from gintrainer import cli
    from gintrainer.words.errors import QUOTE_LIMIT
    doc = " ".join((Path(__file__).resolve().parents[1] / "docs" / "cli.md").read_text(encoding="utf-8").split())
    assert f"`puzzles --count` at most {cli.MAX_PUZZLES:,}" in doc
    assert f"`duel --hands` at most {cli.MAX_HANDS:,}" in doc and f"`--jobs` at most {cli.MAX_JOBS}" in doc
    assert f"`review --samples` at most {cli.MAX_SAMPLES:,}" in doc
    assert f"quoting at most {QUOTE_LIMIT} characters" in doc
