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
