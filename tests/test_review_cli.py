"""``gintrainer review FILE``: the table and summary of a hand's review, its record with --json, one line and
status 2 for a bad file. The evaluator's judge is replaced by the review tests' stand-in (tests/fake_judge.py)."""

from __future__ import annotations

import json

import pytest

from fake_judge import FakeJudge
from gintrainer import Hand
from gintrainer.cli import main
from gintrainer.engine import evaluate
from gintrainer.engine.evaluate import decisions
from gintrainer.replay import dump, examples
from gintrainer.replay.review import HandReview, Mark


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def judge(monkeypatch):
    """The evaluator's judge, replaced: a blunder in the first single-action decision of each seat."""
    replay = examples()["dead_hand"]
    hand = replay.hand
    losses = {}
    for seat in (0, 1):
        first = next(before for before, move in decisions(hand, seat) if len(move) == 1)
        losses[first] = (9.0, 0.5)
    fake = FakeJudge(losses)
    monkeypatch.setattr(evaluate, "judge", fake)
    return fake


@pytest.fixture
def history(tmp_path):
    """The dead hand's history (Ben's featured) in a file, and a copy without a featured seat."""
    replay = examples()["dead_hand"]
    featured = tmp_path / "featured.json"
    featured.write_text(dump(replay))
    both = tmp_path / "both.json"
    both.write_text(dump(replay, featured=None))
    return featured, both, replay


def test_the_table_and_summary_of_the_featured_seat(capsys, judge, history):
    featured, _, replay = history
    code, out, err = run(capsys, "review", str(featured), "--samples", "9", "--lang", "en")
    assert code == 0, err
    seat = replay.featured
    count = len(decisions(replay.hand, seat))
    lines = out.splitlines()
    assert lines[0].startswith(f"Review of seat {seat}") and "9 sampled deals" in lines[0]
    assert lines[1].split() == ["step", "decision", "made", "best", "points", "lost", "mark"]
    rows = lines[2:2 + count]
    assert all(row.split()[0].isdigit() for row in rows) and not lines[2 + count].split()[0].isdigit()
    blunders = [row for row in rows if "?? blunder" in row]
    assert len(blunders) == 1 and "9.00 ± 0.50" in blunders[0]
    assert f"Seat {seat}: {count} decisions, 9.00 points of the hand lost in all" in out
    assert "Inaccuracies: 0, mistakes: 0, blunders: 1." in out
    step = blunders[0].split()[0]
    assert f"The worst decisions, by points lost: steps {step}." in out
    assert "an inaccuracy from 2.00, a mistake from 4.00, a blunder from 8.00" in out
    assert f"{count}/{count}" in err  # the progress bar
    assert {call[1] for call in judge.calls} == {9}


def test_json_is_the_review_s_record(capsys, judge, history):
    featured, _, replay = history
    code, out, _ = run(capsys, "review", str(featured), "--json", "--seed", "7")
    assert code == 0
    record = json.loads(out)
    reviewed = HandReview.from_dict(record)
    assert (reviewed.seat, reviewed.seed, reviewed.samples) == (replay.featured, 7, evaluate.DEFAULT_SAMPLES)
    assert reviewed.marks[Mark.BLUNDER] == 1 and {call[2] for call in judge.calls} == {7}


def test_the_table_says_why_below_it_and_the_record_keeps_the_reasons(capsys, judge, history):
    """The blunder's reason under the table, its step first, in the language asked; the record's sentences as
    data, the same in every language."""
    from gintrainer.material.messages import render
    featured, _, replay = history
    code, out, _ = run(capsys, "review", str(featured), "--lang", "en")
    assert code == 0
    record = json.loads(run(capsys, "review", str(featured), "--json", "--lang", "tr")[1])
    reviewed = HandReview.from_dict(record)
    told = [d for d in reviewed.decisions if d.why]
    assert len(told) == 1 and told[0].mark is Mark.BLUNDER and told[0].best != told[0].made
    assert [d for d in record["decisions"] if "why" in d] == [record["decisions"][reviewed.decisions.index(told[0])]]
    reason = " ".join(render(m, "en") for m in told[0].why)
    assert f"Step {told[0].step}: {reason}" in out.splitlines()
    code, out, _ = run(capsys, "review", str(featured), "--lang", "tr")
    assert f"Adım {told[0].step}: {render(told[0].why, 'tr')}" in out.splitlines()


def test_both_seats_without_a_featured_one_and_one_seat_when_asked(capsys, judge, history):
    _, both, replay = history
    code, out, _ = run(capsys, "review", str(both), "--json", "--seed", "lucky")
    assert code == 0
    records = json.loads(out)
    assert [r["seat"] for r in records] == [0, 1] and {r["seed"] for r in records} == {"lucky"}
    code, out, _ = run(capsys, "review", str(both))
    assert code == 0 and "Review of seat 0" in out and "Review of seat 1" in out
    code, out, _ = run(capsys, "review", str(both), "--seat", "0", "--json")
    assert code == 0 and json.loads(out)["seat"] == 0


def test_a_seat_without_decisions(capsys, judge, tmp_path):
    path = tmp_path / "deal.json"
    path.write_text(dump(Hand.deal(seed=1)))
    code, out, _ = run(capsys, "review", str(path), "--seat", "1")
    assert code == 0 and "Seat 1 took no decision in this hand." in out and judge.calls == []


@pytest.mark.parametrize("lang, words", [
    ("tr", "adım"),
    ("ku", "gav"),
    ("ps", "ګام"),
])
def test_the_review_speaks_the_language_asked(capsys, judge, history, lang, words):
    featured, _, _ = history
    code, out, _ = run(capsys, "review", str(featured), "--lang", lang)
    assert code == 0
    assert words in out.splitlines()[1] and "step" not in out and "Review" not in out


@pytest.mark.parametrize("content, fragment", [
    (None, "cannot read the history"),
    ("{not json", "not valid JSON"),
    ('{"format": "gintrainer-hand-history", "version": 1}', "the history needs rules, dealer, deck, actions"),
    ("[]", "a hand history is a JSON object, not a list"),
])
def test_a_bad_file_is_one_line_and_status_2(capsys, judge, tmp_path, content, fragment):
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    code, out, err = run(capsys, "review", str(path))
    assert code == 2 and out == "" and fragment in err
    assert len(err.strip().splitlines()) == 1 and err.startswith("gintrainer: error: ")


def test_an_illegal_step_is_named(capsys, judge, tmp_path):
    record = json.loads(dump(examples()["knock"]))
    record["actions"][2] = "discard 2Z"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    code, _, err = run(capsys, "review", str(path))
    assert code == 2 and "step 3" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("argv, fragment", [
    (["--samples", "0"], "--samples must be from 1 to 10000, not 0"),
    (["--samples", "10001"], "--samples must be from 1 to 10000, not 10001"),
    (["--seat", "2"], "invalid choice"),
])
def test_bad_options_are_one_line_and_status_2(capsys, judge, history, argv, fragment):
    featured, _, _ = history
    code, _, err = run(capsys, "review", str(featured), *argv)
    assert code == 2 and fragment in err and len(err.strip().splitlines()) == 1


def test_every_word_of_the_review_comes_from_the_catalogs(capsys, judge, history, monkeypatch):
    from gintrainer import cli
    from gintrainer.words import language
    from i18n import pseudo_language, unmarked
    _, both, _ = history
    monkeypatch.setattr(cli, "locale_language", lambda environ=None: language.PSEUDO)
    with pseudo_language():
        assert main(["review", str(both)]) == 0
    out = capsys.readouterr().out
    assert "⟦" in out and unmarked(out) == []


def test_json_is_the_same_in_every_language(capsys, judge, history):
    featured, _, _ = history
    outputs = set()
    for lang in ("en", "tr", "ku", "ps"):
        assert main(["review", str(featured), "--json", "--lang", lang]) == 0
        outputs.add(capsys.readouterr().out)
    assert len(outputs) == 1


def test_the_command_with_the_real_evaluator(capsys, tmp_path):
    path = tmp_path / "knock.json"
    path.write_text(dump(examples()["knock"]))
    code, out, err = run(capsys, "review", str(path), "--samples", "5", "--json")
    assert code == 0, err
    reviewed = HandReview.from_dict(json.loads(out))
    assert reviewed.seat == examples()["knock"].featured and reviewed.decisions
    assert all(d.loss.samples in (1, 5) for d in reviewed.decisions)
    code, out, _ = run(capsys, "review", str(path), "--samples", "5", "--seat", "0")
    assert code == 0 and "Review of seat 0" in out and "(the error rate)" in out
