"""The shipped puzzle bank: big enough, varied, and every puzzle re-verified."""

import pytest

from gintrainer.puzzles import bank, bank_records, verify


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


def test_records_keep_messages_not_words():
    """A record says what its explanation and hints say (message names and plain
    values), in no language: no English field, every message a catalog entry
    that reads back the same."""
    from gintrainer.messages import CATALOG, Message
    for kind in ("can_knock", "best_discard"):
        for record in bank_records(kind):
            assert not {"question", "explanation", "hints"} & set(record)
            assert set(record["sentences"]) == {"explanation", "hints"} and len(record["sentences"]["hints"]) == 3
            for data in record["sentences"]["explanation"] + record["sentences"]["hints"]:
                name, values = data
                assert name in CATALOG and all(isinstance(v, (int, str, list)) for v in values.values())
                assert Message.from_data(data).to_data() == data


def test_an_old_bank_is_refused(tmp_path, monkeypatch):
    import json

    from gintrainer import GinError, puzzles
    old = {"version": 2, "kind": "can_knock", "seed": "bank-1", "puzzles": []}
    (tmp_path / "bank_can_knock.json").write_text(json.dumps(old), encoding="utf-8")
    monkeypatch.setattr(puzzles, "bank_path", lambda kind: tmp_path / f"bank_{kind}.json")
    puzzles._load_bank.cache_clear()
    try:
        with pytest.raises(GinError, match="not a version 3 bank"):
            puzzles.bank("can_knock")
    finally:
        puzzles._load_bank.cache_clear()
