"""The bank's index (id, difficulty and themes of each puzzle) and its records read one at a time:
what a trainer page picks by and shows instead of holding the whole bank."""

from __future__ import annotations

import json
import random

import pytest

import gintrainer.puzzles as puzzles
from gintrainer.puzzles import PuzzleError, bank, bank_index, bank_record
from gintrainer.puzzles.bank_file import entries_digest, index_path, index_text, read_index
from gintrainer.puzzles.ratings import starting_ratings
from gintrainer.records.rating import pick
from gintrainer.records.storage import write_json_atomic
from gintrainer.trainers.training import (
    IN_RANGE,
    MIN_IN_RANGE,
    choose_next,
    puzzles_for,
    target_rating,
    themes_in_bank,
)
from gintrainer.words.errors import GinError

KINDS = ["can_knock", "best_discard"]


@pytest.mark.parametrize("kind", KINDS)
def test_the_index_matches_the_bank_puzzle_by_puzzle(kind):
    assert [tuple(entry) for entry in bank_index(kind)] == [(p.id, p.difficulty, p.themes) for p in bank(kind)]


@pytest.mark.parametrize("kind", KINDS)
def test_a_record_read_alone_is_the_bank_puzzles_record(kind):
    puzzles_of_kind = bank(kind)
    for puzzle in (puzzles_of_kind[0], puzzles_of_kind[len(puzzles_of_kind) // 2], puzzles_of_kind[-1]):
        assert bank_record(kind, puzzle.id) == puzzle.to_dict()


def test_a_puzzle_the_bank_lacks_is_refused():
    with pytest.raises(GinError, match="no puzzle 'ck-nothing'"):
        bank_record("can-knock", "ck-nothing")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("difficulty, theme", [("adaptive", None), ("hardest", None), ("adaptive", "gin")])
def test_the_trainer_picks_what_it_picked_from_the_whole_bank(kind, difficulty, theme):
    if theme and theme not in themes_in_bank(kind):
        theme = themes_in_bank(kind)[0]
    starts = starting_ratings(kind)
    for seed in range(5):
        rated = [{"id": p.id, "difficulty": starts[p.id].rating.rating} for p in puzzles_for(kind, theme=theme)]
        target = target_rating(1500.0, difficulty)
        if sum(abs(p["difficulty"] - target) <= IN_RANGE for p in rated) >= MIN_IN_RANGE:
            whole_bank = pick(rated, target, random.Random(seed))
        else:  # too few in range: one of the nearest
            nearest = sorted(rated, key=lambda p: (abs(p["difficulty"] - target), p["id"]))[:MIN_IN_RANGE]
            whole_bank = random.Random(seed).choice(nearest)
        chosen, from_review = choose_next(kind, rating=1500.0, difficulty=difficulty, theme=theme,
                                          rng=random.Random(seed))
        assert (chosen.id, from_review) == (whole_bank["id"], False)


def test_themes_in_bank_counts_the_banks_puzzles():
    counts: dict[str, int] = {}
    for puzzle in bank("best_discard"):
        for theme in puzzle.themes:
            counts[theme] = counts.get(theme, 0) + 1
    assert themes_in_bank("best_discard") == tuple(sorted(counts, key=lambda t: (-counts[t], t)))


@pytest.mark.parametrize("broken", [{"id": "ck-1", "sentences": {}}, {"id": "ck-1"}, 7])
def test_a_malformed_record_in_the_bank_file_is_an_error_not_an_entry(broken, tmp_path, monkeypatch):
    path = tmp_path / "bank_can_knock.json"
    path.write_text(json.dumps({"version": 3, "kind": "can_knock", "seed": "x", "puzzles": [broken]}))
    monkeypatch.setattr(puzzles, "bank_path", lambda kind: path)
    puzzles._load_index.cache_clear()
    try:
        with pytest.raises(PuzzleError):
            puzzles.bank_index("can_knock")
    finally:
        puzzles._load_index.cache_clear()


# -- the index file beside each bank file -------------------------------------------------

SHIPPED = [kind.value for kind in puzzles.BANK_PLAN]
SMALL = "take_or_draw"  # the smallest shipped bank, for the tests that copy one


def _records(path) -> list[dict]:
    return json.loads(path.read_bytes())["puzzles"]


def _parsed_entries(kind) -> tuple:
    return tuple(puzzles._read_bank(puzzles.normalise_kind(kind), puzzles._entry))


@pytest.fixture
def no_parse(monkeypatch):
    """The bank file cannot be parsed whole: what works now came through the index."""
    def refuse(kind, record):
        raise AssertionError(f"the bank of {kind} was parsed whole")
    puzzles._load_index.cache_clear()
    monkeypatch.setattr(puzzles, "_read_bank", refuse)
    yield
    puzzles._load_index.cache_clear()


@pytest.mark.parametrize("kind", SHIPPED)
def test_each_shipped_index_is_its_banks_index(kind):
    bank_file = puzzles.bank_path(kind)
    raw, records = bank_file.read_bytes(), _records(bank_file)
    index = read_index(bank_file, puzzles.BANK.version)
    assert index is not None, f"{index_path(bank_file).name} is not the index of {bank_file.name}: " \
                              "run write_bank_index (see its docstring)"
    assert index.entries == _parsed_entries(kind)
    assert [tuple(entry) for entry in index.entries] == [(r["id"], r["difficulty"], tuple(r["themes"]))
                                                           for r in records]
    assert [json.loads(raw[index.spans[r["id"]][0]:index.spans[r["id"]][1]]) for r in records] == records
    # what write_bank_index would write now is what is shipped
    assert index_path(bank_file).read_text("utf-8") == index_text(raw, records, puzzles.BANK.version)


@pytest.mark.parametrize("kind", SHIPPED)
def test_the_trainer_reads_the_index_and_one_record_without_parsing_the_bank(kind, no_parse):
    records = _records(puzzles.bank_path(kind))
    assert [tuple(entry) for entry in bank_index(kind)] == [(r["id"], r["difficulty"], tuple(r["themes"]))
                                                             for r in records]
    for record in (records[0], records[len(records) // 2], records[-1]):
        assert bank_record(kind, record["id"]) == record


def test_every_record_read_through_the_index_is_the_record_the_whole_bank_gives(no_parse):
    for record in _records(puzzles.bank_path("best_discard")):
        assert bank_record("best_discard", record["id"]) == record


@pytest.mark.parametrize("kind", SHIPPED)
def test_a_record_read_through_the_index_is_the_record_parsing_the_bank_finds(kind):
    index = bank_index(kind)
    for entry in (index[0], index[len(index) // 3], index[-1]):
        assert bank_record(kind, entry.id) == puzzles._parsed_record(puzzles.normalise_kind(kind), entry.id)


def test_the_index_files_are_package_data():
    import fnmatch
    import tomllib
    from pathlib import Path
    config = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text("utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["gintrainer"]
    for kind in SHIPPED:
        name = f"data/{index_path(puzzles.bank_path(kind)).name}"
        assert any(fnmatch.fnmatch(name, pattern) for pattern in patterns), name


@pytest.fixture
def copied(tmp_path, monkeypatch):
    """A copy of the smallest bank and its index, read in place of the shipped ones; the
    records and entries the shipped bank has, parsed whole."""
    shipped = puzzles.bank_path(SMALL)
    expected = (_parsed_entries(SMALL), _records(shipped))
    for path in (shipped, index_path(shipped)):
        (tmp_path / path.name).write_bytes(path.read_bytes())
    monkeypatch.setattr(puzzles, "bank_path", lambda kind: tmp_path / f"bank_{puzzles.normalise_kind(kind)}.json")
    puzzles._load_index.cache_clear()
    yield tmp_path, expected
    puzzles._load_index.cache_clear()


def _assert_reads_the_bank_right(folder, expected):
    """bank_index and bank_record give what the bank holds, and nothing in the folder was written."""
    before = {path.name: path.read_bytes() for path in folder.iterdir()}
    entries, records = expected
    puzzles._load_index.cache_clear()
    assert bank_index(SMALL) == entries
    for record in (records[0], records[1], records[len(records) // 2], records[-1]):
        assert bank_record(SMALL, record["id"]) == record
    assert {path.name: path.read_bytes() for path in folder.iterdir()} == before


def _edit_index(folder, change, *, sealed=False):
    """Change the copied index; ``sealed``: then give it the digest of its list of puzzles as changed."""
    path = folder / f"bank_{SMALL}.index.json"
    data = json.loads(path.read_bytes())
    change(data)
    if sealed:
        data["puzzles_sha256"] = entries_digest(data["puzzles"])
    path.write_text(json.dumps(data))


def test_the_copied_bank_is_read_through_its_index(copied, monkeypatch):
    folder, expected = copied
    monkeypatch.setattr(puzzles, "_read_bank", lambda kind, record: pytest.fail("the bank was parsed whole"))
    _assert_reads_the_bank_right(folder, expected)


def test_without_its_index_the_bank_is_parsed(copied):
    folder, expected = copied
    (folder / f"bank_{SMALL}.index.json").unlink()
    _assert_reads_the_bank_right(folder, expected)


@pytest.mark.parametrize("garbage", [b"", b"\xff\xfe not text", b"[]", b'{"format": "gintrainer-bank-index"', b"7",
                                     b'{"format": "gintrainer-bank-index", "version": 1, "bank": {}, "puzzles": []}'])
def test_a_garbage_index_is_passed_over(copied, garbage):
    folder, expected = copied
    (folder / f"bank_{SMALL}.index.json").write_bytes(garbage)
    _assert_reads_the_bank_right(folder, expected)


def test_a_truncated_index_is_passed_over(copied):
    folder, expected = copied
    path = folder / f"bank_{SMALL}.index.json"
    path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])
    _assert_reads_the_bank_right(folder, expected)


@pytest.mark.parametrize("change", [
    lambda data: data.update(version=2),
    lambda data: data.update(format="something else"),
    lambda data: data["bank"].update(size=data["bank"]["size"] + 1),
    lambda data: data["bank"].update(sha256="0" * 64),
    lambda data: data["bank"].update(version=2),
    lambda data: data["puzzles"][3].update(difficulty=data["puzzles"][3]["difficulty"] + 1),
    lambda data: data["puzzles"][3].update(themes=["gin"]),
    lambda data: data["puzzles"].pop(),
    lambda data: data.pop("puzzles_sha256"),
], ids=["index version", "format", "bank size", "bank hash", "bank version", "difficulty", "themes", "short",
        "no digest"])
def test_an_index_of_another_version_or_bank_is_passed_over(copied, change):
    folder, expected = copied
    _edit_index(folder, change)
    _assert_reads_the_bank_right(folder, expected)


def test_an_index_for_a_bank_since_changed_is_passed_over(copied):
    folder, expected = copied
    bank_file = folder / f"bank_{SMALL}.json"
    bank_file.write_bytes(bank_file.read_bytes() + b"\n")
    _assert_reads_the_bank_right(folder, expected)


def test_a_bank_changed_after_its_index_was_read_is_parsed(copied):
    folder, (entries, records) = copied
    assert bank_index(SMALL) == entries  # the index is read, and kept
    bank_file = folder / f"bank_{SMALL}.json"
    changed = json.loads(bank_file.read_bytes())
    changed["puzzles"] = changed["puzzles"][::-1]
    bank_file.write_text(json.dumps(changed))
    for record in (records[0], records[-1]):
        assert bank_record(SMALL, record["id"]) == record


def _swap_spans(data):
    first, second = data["puzzles"][0], data["puzzles"][1]
    (first["start"], first["end"]), (second["start"], second["end"]) = ((second["start"], second["end"]),
                                                                        (first["start"], first["end"]))


@pytest.mark.parametrize("change", [
    _swap_spans,
    lambda data: data["puzzles"][0].update(start=data["puzzles"][0]["start"] + 1),
    lambda data: data["puzzles"][0].update(end=data["puzzles"][0]["end"] - 1),
    lambda data: data["puzzles"][0].update(start=0),
    lambda data: data["puzzles"][0].update(difficulty="hard"),
    lambda data: data["puzzles"][0].update(themes="gin"),
    lambda data: data["puzzles"][0].update(end=10 ** 9),
    lambda data: data["puzzles"][0].pop("start"),
    lambda data: data["puzzles"].insert(0, ["bd-1", 1, [], 0, 5]),
], ids=["swapped", "late start", "early end", "whole file", "difficulty", "themes", "past the end", "no start",
        "not an entry"])
@pytest.mark.parametrize("sealed", [False, True], ids=["digest left", "digest made again"])
def test_an_index_line_that_is_not_the_puzzles_place_is_passed_over(copied, change, sealed):
    folder, expected = copied
    _edit_index(folder, change, sealed=sealed)
    _assert_reads_the_bank_right(folder, expected)


def _hand_made_bank(folder, records):
    path = folder / "bank_can_knock.json"
    write_json_atomic(path, puzzles.BANK.stamp({"kind": "can_knock", "seed": "x", "puzzles": records}), indent=0)
    return path


HAND_MADE = [{"id": "ck-é1", "difficulty": 1200, "themes": ["gin"], "sentences": {"q": "Zoë — ♠"}},
             {"id": "ck-2", "difficulty": 1300, "themes": [], "sentences": {"q": "名前"}, "nested": {"a": [1, {}]}},
             {"id": "ck-3", "difficulty": 900, "themes": ["gin", "undercut"], "sentences": {}}]


def test_write_bank_index_indexes_a_bank_written_by_hand_and_leaves_it_as_it_was(tmp_path, monkeypatch, no_parse):
    bank_file = _hand_made_bank(tmp_path, HAND_MADE)
    before = bank_file.read_bytes()
    assert puzzles.write_bank_index("can-knock", tmp_path) == tmp_path / "bank_can_knock.index.json"
    assert bank_file.read_bytes() == before
    monkeypatch.setattr(puzzles, "bank_path", lambda kind: bank_file)
    assert [tuple(entry) for entry in bank_index("can_knock")] == [(r["id"], r["difficulty"], tuple(r["themes"]))
                                                                    for r in HAND_MADE]
    assert [bank_record("can_knock", r["id"]) for r in HAND_MADE] == HAND_MADE


@pytest.mark.parametrize("records", [[{"id": "ck-1", "sentences": {}}], [7], {"ck-1": {}}])
def test_write_bank_index_refuses_a_malformed_bank_and_writes_nothing(tmp_path, records):
    _hand_made_bank(tmp_path, records)
    with pytest.raises(GinError):
        puzzles.write_bank_index("can_knock", tmp_path)
    assert [path.name for path in tmp_path.iterdir()] == ["bank_can_knock.json"]


def test_build_bank_writes_each_bank_with_its_index(tmp_path, monkeypatch):
    monkeypatch.setattr(puzzles, "BANK_PLAN", {puzzles.PuzzleKind.CAN_KNOCK: [("standard", None, 3)],
                                               puzzles.PuzzleKind.TAKE_OR_DRAW: [("standard", None, 2)]})
    assert puzzles.build_bank(tmp_path, seed="index-test") == {"can_knock": 3, "take_or_draw": 2}
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        "bank_can_knock.index.json", "bank_can_knock.json", "bank_take_or_draw.index.json", "bank_take_or_draw.json"]
    for kind in ("can_knock", "take_or_draw"):
        bank_file = tmp_path / f"bank_{kind}.json"
        index = read_index(bank_file, puzzles.BANK.version)
        assert index is not None
        records = _records(bank_file)
        assert [entry.id for entry in index.entries] == [r["id"] for r in records]
        raw = bank_file.read_bytes()
        assert [json.loads(raw[slice(*index.spans[r["id"]])]) for r in records] == records


def test_an_index_for_a_bank_edited_in_place_is_passed_over(copied):
    """The same size, every record where it was and of the same id, one difficulty changed:
    the index's difficulty is no longer the bank's, so the bank is read."""
    folder, (entries, records) = copied
    bank_file = folder / f"bank_{SMALL}.json"
    raw = bank_file.read_bytes()
    old = f'"difficulty": {records[0]["difficulty"]},'.encode()
    new = f'"difficulty": {records[0]["difficulty"] + 1},'.encode()
    assert len(old) == len(new) and raw.count(old) >= 1
    bank_file.write_bytes(raw.replace(old, new, 1))
    edited = (_parsed_entries(SMALL), _records(bank_file))
    assert edited[0][0].difficulty == entries[0].difficulty + 1
    _assert_reads_the_bank_right(folder, edited)
