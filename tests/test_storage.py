"""The storage module: the data folder, the name rule, atomic writes, locks, files set
aside, and versioned records."""

import errno
import fcntl
import json
import os
import re

import pytest

from gintrainer import GinError
from gintrainer.records import storage
from gintrainer.records.storage import (
    InvalidNameError,
    RecordError,
    RecordKind,
    SetAside,
    StorageError,
    clean_name,
    data_dir,
    locked,
    name_key,
    name_stem,
    parse_json,
    read_json,
    read_or_set_aside,
    record_files,
    record_path,
    set_aside,
    spelling_stem,
    write_json_atomic,
    write_text_atomic,
)

# --- names ---------------------------------------------------------------------------

@pytest.mark.parametrize("name, fragment", [
    (None, "a name must be text"), (b"Ann", "a name must be text"), ("", "a name cannot be empty"),
    ("  \t ", "a name cannot be empty"), ("x" * 41, "at most 40 characters, not 41"),
    ("a\x00b", "the character '\\x00'"), ("zero\u200bwidth", "the character '\\u200b'"),
])
def test_the_name_rule_refuses_with_the_reason(name, fragment):
    with pytest.raises(InvalidNameError, match=re.escape(fragment)):
        clean_name(name)


def test_a_name_is_kept_as_typed_and_compared_folded():
    assert clean_name("  Zoe\u0308 ") == "Zoë" and clean_name("x" * 40) == "x" * 40
    assert clean_name("@mia") == "@mia"  # a learner's name may start like a formula; a student's may not
    assert name_key("İrem") == name_key("IREM") == name_key("ırem") == "irem"
    assert name_key("Ann") != name_key("Anne")


@pytest.mark.parametrize("name", ["../x", "..", "/etc/passwd", "C:\\x", "名前", "Zoë Smith", "x" * 40, "İrem"])
def test_a_name_becomes_a_safe_file_name_shared_by_its_spellings(name):
    stem = name_stem(name)
    assert set(stem) <= set("abcdefghijklmnopqrstuvwxyz0123456789-") and len(stem) <= 24 + 1 + 12
    assert name_stem(name.upper()) == name_stem(name.lower()) == stem
    assert spelling_stem(name_key(name)) == stem  # a name typed in its folded form had the same file before
    assert name_stem("名前", fallback="student").startswith("student-")


def test_the_data_folder_and_the_record_files(data, tmp_path, monkeypatch):
    assert data_dir() == data and record_path("practice", "ANN") == data / "practice" / f"{name_stem('ann')}.json"
    monkeypatch.delenv("GINTRAINER_DATA")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "gintrainer"
    folder = tmp_path / "records"
    assert record_files(folder) == []
    folder.mkdir()
    names = [f"{name_stem('Ann')}.json", f"{name_stem('Bo')}.json", f"{name_stem('Ann')}.lock",
             f"{name_stem('Ann')}.corrupt-20260101T000000Z.json", "notes.json", ".x.json.tmp"]
    for name in names:
        (folder / name).write_text("{}")
    assert record_files(folder) == sorted(folder / n for n in names[:2])


# --- writing, locking, setting aside ------------------------------------------------------

def test_an_atomic_write_replaces_the_file_and_leaves_nothing_else(tmp_path):
    path = tmp_path / "a.json"
    write_json_atomic(path, {"b": [1, 2], "a": "é"})
    assert path.read_text("utf-8") == '{"b":[1,2],"a":"é"}\n'
    write_json_atomic(path, {"a": 1}, indent=1, mode=0o600)
    assert json.loads(path.read_text()) == {"a": 1} and path.stat().st_mode & 0o777 == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


def test_a_failed_write_keeps_the_old_file_and_names_the_path(tmp_path, monkeypatch):
    path = write_text_atomic(tmp_path / "a.txt", "old")

    def refuse(source, target):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage.os, "replace", refuse)
    with pytest.raises(StorageError, match="cannot write .*a.txt.*: No space left on device"):
        write_text_atomic(path, "new")
    assert path.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["a.txt"]
    with pytest.raises(StorageError, match="the folder .*missing.* does not exist"):
        write_text_atomic(tmp_path / "missing" / "a.txt", "x")
    assert issubclass(StorageError, GinError)


def test_a_lock_is_exclusive_while_held(tmp_path):
    path = tmp_path / "deep" / "ann.json"
    with locked(path) as held:
        assert held == path and path.parent.is_dir()
        other = os.open(path.with_suffix(".lock"), os.O_RDWR)  # another open file, as another process has
        try:
            with pytest.raises(BlockingIOError):
                fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
        finally:
            os.close(other)
    other = os.open(path.with_suffix(".lock"), os.O_RDWR)
    try:
        fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)  # released
    finally:
        os.close(other)


def test_a_lock_that_cannot_be_made_is_a_storage_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StorageError, match="cannot lock"), locked(blocker / "ann.json"):
        pass


def test_setting_aside_never_overwrites(tmp_path):
    path = tmp_path / "ann-0123456789ab.json"
    asides = []
    for n in range(3):
        path.write_text(f"broken {n}")
        asides.append(set_aside(path, "corrupt"))
    assert not path.exists() and len(set(asides)) == 3
    assert [a.read_text() for a in asides] == ["broken 0", "broken 1", "broken 2"]
    assert all(a.name.startswith("ann-0123456789ab.corrupt-") and a.suffix == ".json" for a in asides)
    with pytest.raises(StorageError, match="cannot set .* aside"):
        set_aside(path, "corrupt")


# --- versioned records ----------------------------------------------------------------------

def _rename_moves(data):
    if not isinstance(data.get("moves"), list):
        raise RecordError("version 1 keeps its moves in 'moves'", field="moves")
    return {key: value for key, value in data.items() if key != "moves"} | {"actions": data["moves"]}


GAME = RecordKind("saved game", version=3, format="demo",
                  migrations={1: _rename_moves, 2: lambda data: {**data, "coach": True}})


def test_a_record_is_stamped_and_read_back():
    record = GAME.stamp({"actions": ["draw"], "coach": False})
    assert record == {"format": "demo", "version": 3, "actions": ["draw"], "coach": False}
    assert list(record)[:2] == ["format", "version"]
    assert GAME.read(record) == record and GAME.loads(json.dumps(record).encode()) == record
    assert GAME.oldest == 1 and GAME.version_of(record) == 3


def test_an_older_record_is_migrated_one_version_at_a_time():
    old = {"format": "demo", "version": 1, "moves": ["pass"]}
    assert GAME.read(old) == {"format": "demo", "version": 3, "actions": ["pass"], "coach": True}
    assert old == {"format": "demo", "version": 1, "moves": ["pass"]}  # unchanged
    assert GAME.read({"format": "demo", "version": 2, "actions": []})["coach"] is True


@pytest.mark.parametrize("data, words, field, version", [
    ([1], "a saved game is a JSON object, not a list", None, None),
    ("x", "a saved game is a JSON object, not text", None, None),
    ({"version": 3}, "not a saved game: its format is None, not 'demo'", "format", None),
    ({"format": "chess", "version": 3}, "not a saved game: its format is 'chess', not 'demo'", "format", None),
    ({"format": "demo"}, "the version of a saved game is a whole number from 1, not None", "version", None),
    ({"format": "demo", "version": True}, "a whole number from 1, not True", "version", None),
    ({"format": "demo", "version": 3.0}, "a whole number from 1, not 3.0", "version", None),
    ({"format": "demo", "version": "3"}, "a whole number from 1, not '3'", "version", None),
    ({"format": "demo", "version": 0}, "a whole number from 1, not 0", "version", None),
    ({"format": "demo", "version": 4},
     "a saved game of version 4, newer than this gintrainer reads (version 3): update gintrainer", "version", 4),
    ({"format": "demo", "version": 1, "moves": "pass"}, "version 1 keeps its moves in 'moves'", "moves", 1),
])
def test_a_bad_record_is_refused_naming_the_file_the_version_and_the_fault(data, words, field, version):
    with pytest.raises(RecordError) as info:
        GAME.read(data, source="ann.json")
    error = info.value
    assert str(error) == f"ann.json: {error.problem}" and words in error.problem
    assert (error.source, error.field, error.version) == ("ann.json", field, version)


def test_a_version_no_longer_read_is_named():
    kind = RecordKind("puzzle bank", version=2)
    with pytest.raises(RecordError, match="a puzzle bank of version 1, older than this gintrainer reads "
                                          r"\(versions 2 to 2\)"):
        kind.read({"version": 1})


def test_the_migrations_must_reach_the_current_version():
    with pytest.raises(ValueError, match="one version at a time"):
        RecordKind("saved game", version=3, migrations={1: dict})


def test_a_kind_raises_its_own_error_class():
    class SaveError(RecordError):
        pass

    kind = RecordKind("saved game", version=1, error=SaveError)
    for bad in (b"{", b"\xff", b"[" * 100_000, b"[]"):
        with pytest.raises(SaveError):
            kind.loads(bad, source="x.json")


@pytest.mark.parametrize("text, words", [
    (b"\xff{}", "not UTF-8 text (byte 0)"), (b"{", "not valid JSON (Expecting property name"),
    ("[" * 100_000, "not valid JSON (nested too deeply)"),
])
def test_text_that_is_not_json_is_named(text, words):
    with pytest.raises(RecordError, match="^" + re.escape(f"a.json: {words}")):
        parse_json(text, source="a.json")


def test_read_or_set_aside(tmp_path):
    path = tmp_path / "ann-0123456789ab.json"
    kind = RecordKind("saved game", version=1)
    build = kind.read
    assert read_or_set_aside(path, build) == (None, None)
    path.write_text('{"version": 1, "moves": []}')
    assert read_or_set_aside(path, build) == ({"version": 1, "moves": []}, None)
    for content, problem in ((b"null", "a saved game is a JSON object, not null"),
                             (b"\xff", "not UTF-8 text (byte 0)")):
        path.write_bytes(content)
        found, bad = read_or_set_aside(path, build)
        assert found is None and isinstance(bad, SetAside) and bad.problem == problem and bad.path == path
        assert not path.exists() and bad.aside.read_bytes() == content
    path.write_text('{"version": 1}')

    def refuse(data):
        raise KeyError("moves")

    with pytest.raises(KeyError):
        read_or_set_aside(path, refuse)  # not a fault of the file unless the caller says so
    assert path.exists()
    found, bad = read_or_set_aside(path, refuse, bad=(KeyError,))
    assert found is None and bad.problem == "'moves'" and bad.aside.exists()


def test_read_json_names_a_file_it_cannot_read(tmp_path):
    with pytest.raises(FileNotFoundError):
        read_json(tmp_path / "none.json")
    with pytest.raises(RecordError, match="^folder.json: it could not be read: it is not a regular file"):
        (tmp_path / "folder.json").mkdir()
        read_json(tmp_path / "folder.json")


def test_a_record_moves_into_place(tmp_path):
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text("{}")
    assert storage.move_into_place(old, new) == new and new.read_text() == "{}" and not old.exists()
    with pytest.raises(StorageError, match="cannot move .*old.json.* to .*new.json"):
        storage.move_into_place(old, new)


def test_a_number_too_long_for_python_is_a_record_error():
    with pytest.raises(RecordError, match=r"^ann.json: not valid JSON \(Exceeds the limit"):
        storage.parse_json('{"dealer": ' + "7" * 5000 + "}", source="ann.json")


@pytest.mark.parametrize("text", ['{"title": "\\ud800"}', '{"notes": [{"a": "\\udfff x"}]}', '{"\\ud83d": 1}',
                                  '{"title": "\\uDBFF"}', '{"title": "\\\\\\udc00"}'])
def test_a_lone_surrogate_is_refused_naming_its_field(text):
    with pytest.raises(RecordError, match="holds a lone surrogate") as caught:
        storage.parse_json(text.encode())
    assert caught.value.field == next(iter(json.loads(text)))
    assert storage.parse_json('{"title": "\\ud83d\\ude00"}') == {"title": "😀"}  # a pair is one character


def test_a_lone_surrogate_in_text_given_as_text_is_refused_too():
    with pytest.raises(RecordError, match="holds a lone surrogate"):
        storage.parse_json('{"title": "\ud800"}')  # the character itself, not its escape
    assert storage.parse_json('{"title": "\\\\ud800"}') == {"title": "\\ud800"}  # a backslash, then text


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_record_is_read_only_from_a_regular_file_of_bounded_size(tmp_path):
    os.mkfifo(tmp_path / "fifo.json")
    with pytest.raises(RecordError, match="^fifo.json: it could not be read: it is not a regular file"):
        storage.read_record(tmp_path / "fifo.json")  # returns at once: no writer is waited for
    (tmp_path / "big.json").write_bytes(b" " * 101)
    with pytest.raises(RecordError, match="it is larger than 100 bytes"):
        storage.read_record(tmp_path / "big.json", limit=100)
    assert storage.read_record(tmp_path / "big.json", limit=101) == b" " * 101
    (tmp_path / "link.json").symlink_to(tmp_path / "big.json")
    with pytest.raises(RecordError, match="^link.json: it could not be read: it is not a regular file"):
        read_json(tmp_path / "link.json")


@pytest.mark.parametrize("shape", ["dangling link", "link", "fifo", "folder"])
def test_a_lock_never_follows_a_symbolic_link_and_sets_aside_what_is_not_a_file(tmp_path, shape):
    record, lock, target = tmp_path / "ann.json", tmp_path / "ann.lock", tmp_path / "target"
    if shape == "link":
        target.write_text("kept")
    if shape in ("link", "dangling link"):
        lock.symlink_to(target)
    elif shape == "fifo":
        os.mkfifo(lock)
    else:
        lock.mkdir()
    with locked(record):
        assert lock.is_file() and not lock.is_symlink()
    (aside,) = tmp_path.glob("ann.corrupt-*.lock")
    assert aside.is_symlink() if "link" in shape else aside.is_fifo() if shape == "fifo" else aside.is_dir()
    assert (target.read_text() == "kept") if shape == "link" else not target.exists()  # never made nor changed
