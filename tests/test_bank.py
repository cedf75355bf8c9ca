"""The shipped puzzle bank: big enough, varied, and every puzzle re-verified."""

import json

import pytest

from gintrainer import min_deadwood
from gintrainer import puzzles as bank_module
from gintrainer.puzzles import bank, bank_records, verify
from gintrainer.records.storage import RecordError


@pytest.mark.parametrize("kind", ["can_knock", "best_discard"])
def test_every_banked_puzzle_is_verified_by_the_solver(kind):
    records = bank_records(kind)
    assert len(records) >= 400
    assert len({r["id"] for r in records}) == len(records)
    for record in records:
        puzzle = verify(record)
        assert puzzle.kind == kind
        assert puzzle.to_dict() == record


def test_bank_mix():
    can_knock = bank("can_knock")
    yes = sum(p.can_knock for p in can_knock)
    assert 0.4 <= yes / len(can_knock) <= 0.6
    best = bank("best_discard")
    objectives = {p.objective for p in best}
    assert objectives == {"deadwood", "lookahead"}
    assert any(p.rules.oklahoma for p in can_knock) and any(p.rules.oklahoma for p in best)
    for puzzles in (can_knock, best):
        bands = {p.difficulty // 400 for p in puzzles}
        assert len(bands) >= 2


def test_a_bank_file_of_another_version_is_refused_naming_it(tmp_path, monkeypatch):
    shipped = json.loads(bank_module.bank_path("can_knock").read_text("utf-8"))
    assert list(shipped)[:3] == ["version", "kind", "seed"] and shipped["version"] == bank_module.BANK.version == 3
    path = tmp_path / "bank_can_knock.json"
    monkeypatch.setattr(bank_module, "bank_path", lambda kind: path)
    for content, words in (({"version": 2, "puzzles": []}, "bank_can_knock.json: a puzzle bank of version 2, older"),
                           ({"version": 4, "puzzles": []}, "bank_can_knock.json: a puzzle bank of version 4, newer"),
                           ({"version": 3, "puzzles": {}}, "bank_can_knock.json: its puzzles are not a list")):
        path.write_text(json.dumps(content))
        bank_module._load_bank.cache_clear()
        with pytest.raises(RecordError, match=words):
            bank_module.bank("can_knock")
    bank_module._load_bank.cache_clear()


def test_records_keep_messages_not_words():
    """A record says what its explanation and hints say (message names and plain
    values), in no language: no English field, every message a catalog entry
    that reads back the same."""
    from gintrainer.material.messages import CATALOG, Message
    for kind in ("can_knock", "best_discard"):
        for record in bank_records(kind):
            assert not {"question", "explanation", "hints"} & set(record)
            assert set(record["sentences"]) == {"explanation", "hints"} and len(record["sentences"]["hints"]) == 3
            for data in record["sentences"]["explanation"] + record["sentences"]["hints"]:
                name, values = data
                assert name in CATALOG and all(isinstance(v, (int, str, list)) for v in values.values())
                assert Message.from_data(data).to_data() == data


def test_every_can_knock_answer_is_gin_when_there_else_the_least_deadwood_knocks():
    """Counted plainly over the whole bank: a discard that leaves 0 is the answer when
    any does; else the knocking discards that leave the least; a knock keeping more is
    not accepted, and its grade says what it gave up."""
    for puzzle in bank("can_knock"):
        left = {c: min_deadwood([k for k in puzzle.hand if k is not c]) for c in puzzle.hand
                if c is not puzzle.forbidden}
        knocking = {c: d for c, d in left.items() if d <= puzzle.knock_limit}
        best = min(knocking.values(), default=None)
        assert set(puzzle.answer) == {c for c, d in knocking.items() if d == best}, puzzle.id
        for c, d in knocking.items():
            grade = puzzle.grade(c, can_knock=True)
            assert grade.correct == (d == best), (puzzle.id, c)
            if d != best:
                name = "grade_knock_not_gin" if best == 0 else "grade_knock_more"
                assert grade.messages[0].name == name and grade.cost == d - best, (puzzle.id, c)
