"""Where each puzzle's record sits in a bank file, and the index kept beside it.

A bank file (``bank_<kind>.json``) is a JSON object whose ``puzzles`` list holds one
record per puzzle. Its index (``bank_<kind>.index.json``) lists, in the bank's order,
each puzzle's id, difficulty and themes and the byte span of its record in the bank
file, so a page picks a puzzle by the index and reads only the bytes of that record.

The index names the bank it describes by the bank's size, the SHA-256 of its bytes and
its version, and keeps the SHA-256 of its own list of puzzles; the bank stays the
authority. An index that is missing, unreadable, of another version, for other bytes or
changed since it was written is no index (:func:`read_index` gives None), and a
record read by its span is taken only if the bytes are still the bank's size and decode
to a record with the id asked for (:func:`record_at`); the callers then parse the bank.

>>> raw = '{"version": 3, "puzzles": [{"id": "é"}, {"id": "b"}]}'.encode("utf-8")
>>> puzzle_spans(raw), [raw[start:end].decode("utf-8") for start, end in puzzle_spans(raw)]
([(27, 39), (41, 52)], ['{"id": "é"}', '{"id": "b"}'])
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NamedTuple

from ..records.storage import RecordError, parse_json, read_json, write_text_atomic

INDEX_FORMAT = "gintrainer-bank-index"
INDEX_VERSION = 1
"""The index's own version: an index of another version is not read (the bank is parsed)."""


class BankEntry(NamedTuple):
    """What a bank puzzle is filtered and picked by, without the puzzle (see :func:`gintrainer.puzzles.bank_index`)."""

    id: str
    difficulty: int
    themes: tuple[str, ...]


class BankIndex(NamedTuple):
    """A bank's index as read and checked: the entries in the bank's order, each id's byte
    span (``start``, ``end``) in the bank file (the first, if an id were there twice), and the
    size of the bank file it was made for."""

    entries: tuple[BankEntry, ...]
    spans: dict[str, tuple[int, int]]
    size: int


def index_path(bank_file: Path) -> Path:
    """The index of a bank file: ``bank_<kind>.index.json`` beside ``bank_<kind>.json``."""
    return bank_file.with_name(bank_file.name.removesuffix(".json") + ".index.json")


def bank_tie(raw: bytes, bank_version: int) -> dict[str, Any]:
    """What ties an index to the bytes of its bank: their size, their SHA-256 and the bank's version."""
    return {"size": len(raw), "sha256": hashlib.sha256(raw).hexdigest(), "version": bank_version}


def entries_digest(items: list[Any]) -> str:
    """The SHA-256 of an index's list of puzzles as compact JSON: an index keeps it, so a line
    lost or changed in the index is seen."""
    return hashlib.sha256(json.dumps(items, ensure_ascii=False, separators=(",", ":")).encode("utf-8")).hexdigest()


_SPACE = re.compile(r"[ \t\n\r]*")


class _Scan:
    """A walk through JSON text by character positions, each value read by :mod:`json`."""

    def __init__(self, text: str):
        self.text = text
        self.at = 0
        self.decoder = json.JSONDecoder()

    def skip(self) -> str:
        """Pass white space; the character now reached ('' at the end)."""
        match = _SPACE.match(self.text, self.at)
        self.at = match.end() if match else self.at
        return self.text[self.at:self.at + 1]

    def expect(self, char: str) -> None:
        if self.skip() != char:
            raise ValueError(f"expected {char!r} at character {self.at}")
        self.at += 1

    def value(self) -> tuple[Any, int, int]:
        """The next value, and where it starts and ends."""
        self.skip()
        start = self.at
        found, self.at = self.decoder.raw_decode(self.text, start)
        return found, start, self.at

    def separated(self, close: str) -> Iterable[None]:
        """Once for each item of the list or object being read, up to ``close``."""
        if self.skip() == close:
            self.at += 1
            return
        while True:
            yield None
            if self.skip() == close:
                self.at += 1
                return
            self.expect(",")


def _character_spans(text: str) -> list[tuple[int, int]]:
    """The character spans of the items of the ``puzzles`` list of a bank's JSON text."""
    scan = _Scan(text)
    scan.expect("{")
    for _ in scan.separated("}"):
        key, _start, _end = scan.value()
        scan.expect(":")
        if key != "puzzles":
            scan.value()
            continue
        scan.expect("[")
        spans = []
        for _ in scan.separated("]"):
            _item, start, end = scan.value()
            spans.append((start, end))
        return spans
    raise ValueError("the bank has no list of puzzles")


def puzzle_spans(raw: bytes) -> list[tuple[int, int]]:
    """The byte spans of the items of the ``puzzles`` list in a bank file's bytes (UTF-8
    JSON); ValueError (a JSONDecodeError, or UnicodeDecodeError) if they cannot be found."""
    text = raw.decode("utf-8")
    spans = _character_spans(text)
    if len(text) == len(raw):  # ASCII: characters are bytes
        return spans
    byte_spans, char_at, byte_at = [], 0, 0
    for start, end in spans:
        byte_start = byte_at + len(text[char_at:start].encode("utf-8"))
        byte_end = byte_start + len(text[start:end].encode("utf-8"))
        byte_spans.append((byte_start, byte_end))
        char_at, byte_at = end, byte_end
    return byte_spans


def index_text(raw: bytes, records: list[dict[str, Any]], bank_version: int) -> str:
    """The index of a bank file whose bytes are ``raw`` and whose ``puzzles`` list is
    ``records`` (as parsed from those bytes): one line for each puzzle. ValueError if a
    span found does not decode to its record."""
    spans = puzzle_spans(raw)
    if len(spans) != len(records):
        raise ValueError(f"found {len(spans)} puzzle records, not {len(records)}")
    items = []
    for (start, end), record in zip(spans, records, strict=True):
        if parse_json(raw[start:end]) != record:
            raise ValueError(f"the bytes {start} to {end} are not the record of {record.get('id')!r}")
        items.append({"id": record["id"], "difficulty": record["difficulty"], "themes": list(record["themes"]),
                      "start": start, "end": end})
    head = {"format": INDEX_FORMAT, "version": INDEX_VERSION, "bank": bank_tie(raw, bank_version),
            "puzzles_sha256": entries_digest(items)}
    lines = [json.dumps(item, ensure_ascii=False, separators=(",", ":")) for item in items]
    return json.dumps(head, separators=(",", ":"))[:-1] + ',"puzzles":[\n' + ",\n".join(lines) + "\n]}\n"


def write_index(bank_file: Path, raw: bytes, records: list[dict[str, Any]], bank_version: int) -> Path:
    """Write the index of ``bank_file``, whose bytes are ``raw``, beside it, atomically (see :func:`index_text`)."""
    return write_text_atomic(index_path(bank_file), index_text(raw, records, bank_version))


def _entry(item: Any, size: int) -> tuple[BankEntry, tuple[int, int]] | None:
    """An index line's entry and span, or None if it is not one."""
    try:
        puzzle_id, difficulty, themes, start, end = (item["id"], item["difficulty"], item["themes"], item["start"],
                                                     item["end"])
    except (KeyError, TypeError, IndexError):
        return None
    if type(puzzle_id) is not str or type(difficulty) is not int or type(themes) is not list \
            or type(start) is not int or type(end) is not int or not 0 <= start < end <= size \
            or not all(type(theme) is str for theme in themes):
        return None
    return BankEntry(puzzle_id, difficulty, tuple(themes)), (start, end)


def read_index(bank_file: Path, bank_version: int) -> BankIndex | None:
    """The index beside ``bank_file``, checked against the bank's bytes; None if there is
    none, or it cannot be read, or it is of another version, or it was made for other bytes,
    or its list of puzzles is not the one it was written with, or any of its lines is not an
    entry. Never raises for what the files hold."""
    try:
        data = read_json(index_path(bank_file))
        raw = bank_file.read_bytes()
    except (OSError, RecordError):
        return None
    if not isinstance(data, dict) or data.get("format") != INDEX_FORMAT or data.get("version") != INDEX_VERSION:
        return None
    if data.get("bank") != bank_tie(raw, bank_version) or not isinstance(data.get("puzzles"), list) \
            or data.get("puzzles_sha256") != entries_digest(data["puzzles"]):
        return None
    entries: list[BankEntry] = []
    spans: dict[str, tuple[int, int]] = {}
    for item in data["puzzles"]:
        read = _entry(item, len(raw))
        if read is None:
            return None
        entries.append(read[0])
        spans.setdefault(read[0].id, read[1])
    return BankIndex(tuple(entries), spans, len(raw))


def record_at(bank_file: Path, span: tuple[int, int], size: int, puzzle_id: str) -> dict[str, Any] | None:
    """The record at ``span`` of ``bank_file`` if the file is still ``size`` bytes long and
    the bytes there decode to a record (an object with ``sentences``) of ``puzzle_id``; else None."""
    start, end = span
    try:
        with open(bank_file, "rb") as file:
            if os.fstat(file.fileno()).st_size != size:
                return None
            file.seek(start)
            raw = file.read(end - start)
        record = parse_json(raw)
    except (OSError, RecordError):
        return None
    if isinstance(record, dict) and "sentences" in record and record.get("id") == puzzle_id:
        return record
    return None


__all__ = ["BankEntry", "BankIndex", "INDEX_FORMAT", "INDEX_VERSION", "bank_tie", "entries_digest", "index_path",
           "index_text", "puzzle_spans", "read_index", "record_at", "write_index"]
