"""The data folder and how gintrainer keeps files: names, locks, atomic writes,
versioned records, and bad files set aside.

The data folder is ``$GINTRAINER_DATA`` if set, else ``$XDG_DATA_HOME/gintrainer``,
else ``~/.local/share/gintrainer``, read at each call. It has a folder per kind of
record (``profiles``, ``practice``) with one file per learner, ``<stem>.json``
(:func:`record_path`), and its lock file ``<stem>.lock`` beside it. A file that
cannot be read is never deleted: it is renamed ``<stem>.<label>-<UTC time>.json``
(:func:`set_aside`) and the caller says so.

A class may share one server, each page in its own process: every change is a
read-modify-write under :func:`locked`, and every write replaces the file
atomically (:func:`write_text_atomic`), so a reader sees the old file or the
new one, never half of one. Locking needs ``fcntl`` (POSIX); the rest of this
module, the name rule included, works anywhere.

A name (a learner's, a student's) is kept as typed, normalised (:func:`clean_name`);
two names are the same person when their :func:`name_key` is, and every spelling of
a name finds the same file (:func:`name_stem`).

A record carries its version; a :class:`RecordKind` reads one kind, brings an
older version up to date and names what is wrong:

>>> SAVE = RecordKind("saved game", version=2, format="demo", migrations={1: lambda d: {**d, "moves": []}})
>>> SAVE.read({"format": "demo", "version": 1})
{'format': 'demo', 'version': 2, 'moves': []}
>>> SAVE.loads('{"format": "demo", "version": 3}', source="ann.json")
Traceback (most recent call last):
...
gintrainer.records.storage.RecordError: ann.json: a saved game of version 3, newer than this gintrainer reads...
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import stat
import tempfile
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from ..words.errors import GinError, quoted
from ..words.language import N_, t

try:
    import fcntl
except ImportError:  # not POSIX: names, writes and records work; locked() says why it cannot
    fcntl = None  # type: ignore[assignment]

DATA_ENV = "GINTRAINER_DATA"
RECORD_LIMIT = 16 * 1024 * 1024
"""The most bytes a record file may have: a larger one is refused unread."""
NAME_LIMIT = 40
"""The most characters a name may have."""
T = TypeVar("T")


class StorageError(GinError):
    """A file of the data folder that cannot be written, locked or renamed."""


class InvalidNameError(GinError):
    """A name that is not text, is empty or too long, or has a character that cannot be shown."""


class RecordError(GinError):
    """A record that cannot be read. ``problem`` says what is wrong, ``source`` names the
    file (None for text or data from elsewhere), ``field`` the key at fault, ``version``
    the version found."""

    def __init__(self, problem: str, *, source: str | None = None, field: str | None = None,
                 version: int | None = None):
        super().__init__(f"{source}: {problem}" if source else problem)
        self.problem = problem
        self.source = source
        self.field = field
        self.version = version


# Every sentence this module writes, as a template with named values, marked for the
# catalogs (written in the language of the moment by _say). {title} is the kind of
# record, translated too ("profile", "hand history"); quoted values are shown as typed.
_WORDS = {
    "name_not_text": N_("a name must be text, not {name}"),
    "name_empty": N_("a name cannot be empty: {name}"),
    "name_too_long": N_("a name can have at most {limit} characters, not {length}: {start}..."),
    "name_character": N_("a name cannot contain the character {char}: {name}"),
    "no_folder": N_("cannot write {path}: the folder {folder} does not exist"),
    "cannot_write": N_("cannot write {path}: {reason}"),
    "not_a_folder": N_("cannot write into {path}: it is a file, not a folder"),
    "cannot_lock": N_("cannot lock {path}: {reason}"),
    "no_locks": N_("locking {path} needs a POSIX system (the fcntl module)"),
    "cannot_set_aside": N_("cannot set {path} aside: {reason}"),
    "cannot_move": N_("cannot move {source} to {target}: {reason}"),
    "unreadable": N_("it could not be read: {reason}"),
    "not_utf8": N_("not UTF-8 text (byte {position})"),
    "not_json": N_("not valid JSON ({detail})"),
    "not_regular": N_("it is not a regular file"),
    "too_large": N_("it is larger than {limit} bytes"),
    # Translators: {field} is the key of the record at fault, as files write it ("title"), not translated.
    "surrogate": N_("{field} holds a lone surrogate, a character that is not Unicode text"),
    "too_deep": N_("not valid JSON (nested too deeply)"),
    # Translators: {title} is the kind of record ("progress file", "hand history"), already translated.
    "not_object": N_("a {title} is a JSON object, not {found}"),
    # Translators: {title} is the kind of record ("progress file", "hand history"), already translated.
    "format": N_("not a {title}: its format is {found}, not {format}"),
    # Translators: {title} is the kind of record ("progress file", "hand history"), already translated.
    "version": N_("the {key} of a {title} is a whole number from 1, not {found}"),
    # Translators: {title} is the kind of record ("progress file", "hand history"), already translated.
    "newer": N_("a {title} of version {found}, newer than this gintrainer reads (version {current}): update "
                "gintrainer"),
    # Translators: {title} is the kind of record ("progress file", "hand history"), already translated.
    "older": N_("a {title} of version {found}, older than this gintrainer reads (versions {oldest} to {current})"),
}
_QUOTED = frozenset({"name", "start", "char", "path", "folder", "source", "target", "format"})
"""The values the sentences quote as Python writes a value (``'Ann'``)."""


def _say(sentence: str, /, **values: Any) -> str:
    """The sentence named ``sentence`` in the current language, its quoted values quoted
    (a name typed cut short: :func:`~gintrainer.words.errors.quoted`)."""
    return _quoting(_WORDS[sentence], **values)


def _quoting(text: str, /, **values: Any) -> str:
    """``text`` in the current language, its quoted values quoted (see :func:`_say`)."""
    return t(text, **{name: (quoted(value) if name == "name" else repr(value)) if name in _QUOTED else value
                      for name, value in values.items()})


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


# --- names -------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class NameKind:
    """What a kind of name may be and how its errors say it: at most ``limit``
    characters, and the four sentences of :func:`clean_name`'s errors (``not_text``,
    ``empty``, ``too_long``, ``character``: English marked for the catalogs, named
    values ``{name}``, ``{limit}``, ``{length}``, ``{start}`` and ``{char}``)."""

    limit: int
    words: Mapping[str, str]


NAME = NameKind(NAME_LIMIT, {"not_text": _WORDS["name_not_text"], "empty": _WORDS["name_empty"],
                             "too_long": _WORDS["name_too_long"], "character": _WORDS["name_character"]})
"""A person's name: a profile's, a student's, a record's."""


def clean_name(name: Any, kind: NameKind = NAME) -> str:
    """A name as kept: NFC-normalised and stripped, 1 to 40 printable characters (and
    the :data:`JOINERS`); raises InvalidNameError if it is unusable. ``kind`` gives
    another kind of name its own limit and words (a class's name).

    >>> clean_name("  Zoe\\u0308 ")
    'Zoë'
    >>> clean_name("a\\x00b")
    Traceback (most recent call last):
    ...
    gintrainer.records.storage.InvalidNameError: a name cannot contain the character '\\x00': 'a\\x00b'
    """
    words = kind.words
    if not isinstance(name, str):
        raise InvalidNameError(_quoting(words["not_text"], name=name))
    cleaned = strip_name(name)
    if not cleaned:
        raise InvalidNameError(_quoting(words["empty"], name=name))
    if len(cleaned) > kind.limit:
        raise InvalidNameError(_quoting(words["too_long"], limit=kind.limit, length=len(cleaned),
                                        start=cleaned[:kind.limit]))
    bad = unshowable(cleaned)
    if bad is not None:
        raise InvalidNameError(_quoting(words["character"], char=bad, name=name))
    return cleaned


JOINERS = "\u200c\u200d"
"""ZERO WIDTH NON-JOINER and ZERO WIDTH JOINER: format characters that names need
(Persian-script and Pashto words keep letters apart with the first; emoji
sequences such as 👩‍💻 join with the second)."""


def strip_name(name: str) -> str:
    """A name NFC-normalised, without the spaces and joiners around it (a joiner
    at an end joins nothing)."""
    return unicodedata.normalize("NFC", name).strip().strip(JOINERS).strip()


def unshowable(text: str) -> str | None:
    """The first character of ``text`` a name cannot hold, or None: control and
    format characters (which hide or reorder text, such as U+200B and the
    direction overrides) and other unprintable ones, except the :data:`JOINERS`.

    >>> unshowable("\u06ab\u0644\u200c\u067e\u0627\u06bc\u0647"), unshowable("Ann\u202e")
    (None, '\u202e')
    """
    return next((char for char in text if not char.isprintable() and char not in JOINERS), None)


_DOTTED_I = "\u0307"  # COMBINING DOT ABOVE: how İ folds (i + dot) in the default case folding


def name_key(name: Any) -> str:
    """What two names must share to be one person: the name folded for case.

    Turkish writes i İ and ı I as two letters; a name typed once with the
    Turkish and once with the English keyboard must still match, so all four
    fold to ``i``.

    >>> name_key("MIA") == name_key("mia") == name_key(" Mia ")
    True
    >>> name_key("İREM") == name_key("irem") == name_key("IREM") == name_key("ırem")
    True
    >>> name_key("Straße") == name_key("STRASSE")
    True
    """
    text = clean_name(name).replace("İ", "i").replace("ı", "i")
    folded = unicodedata.normalize("NFD", text.casefold()).replace("i" + _DOTTED_I, "i")
    return unicodedata.normalize("NFC", folded)


def _stem(text: str, fallback: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")[:24].strip("-") or fallback
    return f"{slug}-{hashlib.sha256(text.encode('utf-8')).hexdigest()[:12]}"


def name_stem(name: Any, *, fallback: str = "profile") -> str:
    """A file name without extension for a name, the same for every spelling of it: an
    ASCII slug (``fallback`` if the name has no ASCII letter or digit) and a hash of its
    :func:`name_key`.

    Only ``a-z``, ``0-9`` and ``-`` appear, so no name can reach outside its
    folder; the hash keeps names with the same slug apart.

    >>> name_stem("../Zoë Smith")
    'zoe-smith-266d34fa1751'
    >>> name_stem("Zoë Smith") == name_stem("ZOË SMITH"), name_stem("名前")[:8]
    (True, 'profile-')
    """
    return _stem(name_key(name), fallback)


def spelling_stem(name: Any) -> str:
    """The file name without extension that one exact spelling of a name had before names
    were folded for case (profiles of version 1, practice games saved before): read
    such a file once, then keep it under :func:`name_stem`.

    >>> spelling_stem("Mia") == name_stem("Mia"), spelling_stem("mia") == name_stem("Mia")
    (False, True)
    """
    return _stem(clean_name(name), "profile")


# --- the data folder -------------------------------------------------------------

def data_dir() -> Path:
    """The data folder, read from the environment at each call."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".local" / "share"
    return base / "gintrainer"


def record_path(folder: str, name: str) -> Path:
    """Where the record of ``name`` is (or would be) in one folder of the data folder,
    whatever the spelling of the name.

    >>> record_path("practice", "Ann") == data_dir() / "practice" / f"{name_stem('ann')}.json"
    True
    """
    return data_dir() / folder / f"{name_stem(name)}.json"


_RECORD_FILE = re.compile(r"[a-z0-9-]+-[0-9a-f]{12}\.json")


def record_files(folder: Path) -> list[Path]:
    """The record files in a folder of the data folder, by name: not the lock files, the
    files set aside or anything else. An absent folder has none."""
    with suppress(FileNotFoundError, NotADirectoryError):
        return sorted(Path(entry.path) for entry in os.scandir(folder) if _RECORD_FILE.fullmatch(entry.name))
    return []


# --- writing and locking -------------------------------------------------------------

def write_text_atomic(path: str | os.PathLike[str], text: str, *, mode: int = 0o644) -> Path:
    """Replace ``path`` with ``text`` (UTF-8) atomically: a synced temporary file in the
    target's folder, then a rename over the target. Returns the path; a file that cannot
    be written raises StorageError naming it."""
    path = Path(path)
    if not path.parent.is_dir():
        raise StorageError(_say("no_folder", path=str(path), folder=str(path.parent)))
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as error:
        raise StorageError(_say("cannot_write", path=str(path), reason=_reason(error))) from None
    try:
        os.chmod(temporary, mode)
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException as error:
        with suppress(FileNotFoundError):
            os.unlink(temporary)
        if isinstance(error, OSError):
            raise StorageError(_say("cannot_write", path=str(path), reason=_reason(error))) from None
        raise
    with suppress(OSError):  # make the rename itself durable
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)
    return path


def writable_folder(path: str | os.PathLike[str]) -> Path:
    """The folder ``path``, made (with its parents) if it does not exist yet; raises
    StorageError naming it if it is something else or cannot be made or written
    into. Check a folder with it before long work that ends by writing there."""
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise StorageError(_say("not_a_folder", path=str(path)))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StorageError(_say("cannot_write", path=str(path), reason=_reason(error))) from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise StorageError(_say("cannot_write", path=str(path), reason=os.strerror(errno.EACCES)))
    return path


def write_json_atomic(path: str | os.PathLike[str], data: Any, *, mode: int = 0o644, indent: int | None = None) -> Path:
    """Replace ``path`` with ``data`` as JSON atomically (compact unless ``indent``)."""
    separators = (",", ":") if indent is None else None
    return write_text_atomic(path, json.dumps(data, ensure_ascii=False, indent=indent, separators=separators) + "\n",
                             mode=mode)


_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NON_BLOCK = getattr(os, "O_NONBLOCK", 0)


@contextmanager
def locked(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Hold the exclusive lock of the record file ``path`` (``<stem>.lock`` beside it),
    making its folder if needed; yields the path. Threads and processes alike wait.

    The lock file is never removed: removing it would let two processes lock
    different files of the same name. Something else at its path (a symbolic
    link, never followed, a FIFO, a folder), which no process can have locked,
    is set aside as ``<stem>.corrupt-<time>.lock`` and a lock file made.
    """
    path = Path(path)
    if fcntl is None:
        raise StorageError(_say("no_locks", path=str(path)))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StorageError(_say("cannot_lock", path=str(path), reason=_reason(error))) from None
    handle = _open_lock(path)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield path
    finally:
        os.close(handle)


def _open_lock(path: Path) -> int:
    """The open lock file of the record file ``path``, a regular file (see :func:`locked`)."""
    lock = path.with_suffix(".lock")
    for _ in range(3):
        try:
            # never through a symbolic link (it would make the link's target), never waiting on a FIFO
            handle = os.open(lock, os.O_RDWR | os.O_CREAT | _NO_FOLLOW | _NON_BLOCK, 0o644)
        except OSError as error:
            if _regular_or_absent(lock):
                raise StorageError(_say("cannot_lock", path=str(path), reason=_reason(error))) from None
        else:
            if stat.S_ISREG(os.fstat(handle).st_mode):
                return handle
            os.close(handle)
        try:
            set_aside(lock, "corrupt", suffix=".lock")
        except StorageError:
            if os.path.lexists(lock):
                raise
    raise StorageError(_say("cannot_lock", path=str(path), reason=_say("not_regular")))


def _regular_or_absent(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except FileNotFoundError:
        return True


def _stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")


def _aside_name(path: Path, label: str, suffix: str) -> Path:
    """Where a file set or copied aside goes: ``<stem>.<label>-<UTC time><suffix>``, numbered past a file
    already there."""
    base = f"{path.name.removesuffix(suffix)}.{label}-{_stamp()}"
    target, n = path.with_name(f"{base}{suffix}"), 1
    while target.exists():
        n += 1
        target = path.with_name(f"{base}-{n}{suffix}")
    return target


def set_aside(path: str | os.PathLike[str], label: str, *, suffix: str = ".json") -> Path:
    """Rename ``path`` to ``<stem>.<label>-<UTC time><suffix>`` (``.json`` by default),
    never over an existing file; returns the new path (StorageError if it cannot be renamed)."""
    path = Path(path)
    target = _aside_name(path, label, suffix)
    try:
        os.replace(path, target)
    except OSError as error:
        raise StorageError(_say("cannot_set_aside", path=str(path), reason=_reason(error))) from None
    return target


def copy_aside(path: str | os.PathLike[str], label: str, *, suffix: str = ".json") -> Path:
    """A copy of ``path`` as ``<stem>.<label>-<UTC time><suffix>`` (named as :func:`set_aside` names), written
    atomically, never over an existing file: the file as it was, before a change that leaves part of it out.
    Returns the copy's path (StorageError if it cannot be made). Call it holding the file's lock."""
    path = Path(path)
    target = _aside_name(path, label, suffix)
    try:
        text = read_record(path).decode("utf-8")
    except (OSError, RecordError, UnicodeDecodeError) as error:
        reason = error.problem if isinstance(error, RecordError) else str(error)
        raise StorageError(_say("cannot_set_aside", path=str(path), reason=reason)) from None
    return write_text_atomic(target, text, mode=stat.S_IMODE(os.stat(path).st_mode))


def move_into_place(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> Path:
    """Rename a record kept under an earlier file name to its file now (over it, if any);
    returns the target (StorageError if it cannot be moved). Call it holding the target's lock."""
    target = Path(target)
    try:
        os.replace(source, target)
    except OSError as error:
        raise StorageError(_say("cannot_move", source=str(source), target=str(target),
                                                        reason=_reason(error))) from None
    return target


# --- reading records -------------------------------------------------------------------

def _shown(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


# Translators: what a JSON value is, in "a profile is a JSON object, not a list".
_JSON_TYPES = {dict: N_("an object"), list: N_("a list"), str: N_("text"), bool: N_("true or false"),
               int: N_("a number"), float: N_("a number"), type(None): N_("null")}


def parse_json(text: str | bytes, *, source: str | None = None, error: type[RecordError] = RecordError,
               object_hook: Callable[[dict[str, Any]], Any] | None = None) -> Any:
    """The JSON value of ``text`` (bytes must be UTF-8); ``error`` (a RecordError) names
    what is wrong. ``object_hook``, as json.loads takes it, replaces each object as it is read.

    Every failure to decode is ``error``: a number too long for Python to read, a
    text with a lone surrogate (``"\\ud800"``, which no file can hold again), nesting
    too deep.

    >>> parse_json('{"n": ' + "9" * 5000 + '}', source="ann.json")
    Traceback (most recent call last):
    ...
    gintrainer.records.storage.RecordError: ann.json: not valid JSON (Exceeds the limit (4300 digits)...
    >>> parse_json('{"title": ["ok", "\\ud800"]}')
    Traceback (most recent call last):
    ...
    gintrainer.records.storage.RecordError: title holds a lone surrogate, a character that is not Unicode text
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as problem:
            raise error(_say("not_utf8", position=problem.start), source=source) from None
    try:
        value = json.loads(text, object_hook=object_hook)
    except json.JSONDecodeError as problem:
        raise error(_say("not_json", detail=problem), source=source) from None
    except RecursionError:
        raise error(_say("too_deep"), source=source) from None
    except GinError:  # the object_hook's own verdict
        raise
    except ValueError as problem:  # a number of more digits than Python converts
        raise error(_say("not_json", detail=str(problem)), source=source) from None
    if not _MAY_HAVE_SURROGATE.search(text):  # none can be in the value: spare walking through all of it
        return value
    return refuse_lone_surrogate(value, source=source, error=error)


_MAY_HAVE_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")
"""Where JSON text may give a lone surrogate: an escape of one (``\\ud800``), or one in the text itself (text
decoded from UTF-8 holds none). Without either, the value has none, and a large record is read without
walking through every value of it (a profile's hand reviews: a tenth of a second)."""


def refuse_lone_surrogate(value: T, *, source: str | None = None, error: type[RecordError] = RecordError) -> T:
    """``value`` (JSON data) as it is, or ``error`` naming the field of a text with a lone
    surrogate (see :func:`lone_surrogate`): such a text cannot be shown or written."""
    where = lone_surrogate(value)
    if where is not None:
        raise error(_say("surrogate", field=where), source=source, field=where)
    return value


def lone_surrogate(value: Any) -> str | None:
    """The key of the first text in ``value`` (JSON data: dicts, lists, texts, numbers)
    with a lone surrogate, ``""`` for ``value`` itself, or None if there is none.

    >>> lone_surrogate({"title": "ok", "notes": ["fine", "\\ud800"]}), lone_surrogate({"t": "İ"})
    ('notes', None)
    """
    stack: list[tuple[Any, str]] = [(value, "")]
    while stack:
        item, key = stack.pop()
        if isinstance(item, str):
            if not item.isascii():
                try:
                    item.encode("utf-8")
                except UnicodeEncodeError:
                    return key
        elif isinstance(item, Mapping):
            for name, inner in item.items():
                stack.append((inner, key or str(name)))
                stack.append((name, key or str(name)))
        elif isinstance(item, (list, tuple)):
            stack.extend((inner, key) for inner in item)
    return None


def read_record(path: str | os.PathLike[str], *, limit: int = RECORD_LIMIT,
                error: type[RecordError] = RecordError) -> bytes:
    """The bytes of a record file, read only if it is a regular file (not through a
    symbolic link, never waiting on a FIFO or a device) of at most ``limit`` bytes;
    ``error`` (a RecordError) names what is wrong, FileNotFoundError if there is none."""
    path = Path(path)
    try:
        handle = os.open(path, os.O_RDONLY | _NO_FOLLOW | _NON_BLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise
    except (OSError, ValueError) as problem:  # ELOOP: a symbolic link; ValueError: a NUL in the name
        reason = _reason(problem) if isinstance(problem, OSError) else str(problem)
        if isinstance(problem, OSError) and os.path.islink(path):
            reason = _say("not_regular")
        raise error(_say("unreadable", reason=reason), source=path.name) from None
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise error(_say("unreadable", reason=_say("not_regular")), source=path.name)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(handle, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as problem:
        raise error(_say("unreadable", reason=_reason(problem)), source=path.name) from None
    finally:
        os.close(handle)
    if size > limit:
        raise error(_say("unreadable", reason=_say("too_large", limit=limit)), source=path.name)
    return b"".join(chunks)


def read_json(path: str | os.PathLike[str], *, error: type[RecordError] = RecordError,
              object_hook: Callable[[dict[str, Any]], Any] | None = None) -> Any:
    """The JSON value of a record file (see :func:`read_record`; each object through
    ``object_hook``, see :func:`parse_json`), named by ``error`` (a RecordError) if it
    cannot be read; FileNotFoundError if there is none."""
    path = Path(path)
    return parse_json(read_record(path, error=error), source=path.name, error=error, object_hook=object_hook)


@dataclass(frozen=True)
class RecordKind:
    """How one kind of record is read: what it is called, the version written now, the
    value of its ``format`` key (None for a record without one), the key of its
    version, the migrations that bring each older version to the next one (a function
    from the data of version ``n`` to that of ``n + 1``, raising RecordError), and
    the RecordError subclass its errors are."""

    title: str
    """What the record is called, in English, marked with N_ (``N_("hand history")``)."""
    version: int
    format: str | None = None
    version_key: str = "version"
    migrations: Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]] = field(default_factory=dict)
    error: type[RecordError] = RecordError

    def __post_init__(self) -> None:
        if sorted(self.migrations) != list(range(self.oldest, self.version)):
            raise ValueError(f"the migrations of a {self.title} must lead from version {self.oldest} "
                             f"to {self.version}, one version at a time")

    @property
    def oldest(self) -> int:
        """The oldest version read."""
        return min(self.migrations, default=self.version)

    def stamp(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """The record to write: the format and the version first, then ``body``."""
        head: dict[str, Any] = {} if self.format is None else {"format": self.format}
        return {**head, self.version_key: self.version, **body}

    def _fail(self, key: str, *, source: str | None, field: str | None = None, version: int | None = None,
              **values: Any) -> RecordError:
        # the title is marked with N_ where the kind is made; the version's key is the file's own word
        problem = _say(key, title=t(self.title), current=self.version, oldest=self.oldest, format=self.format,
                       key=self.version_key, **values)
        return self.error(problem, source=source, field=field, version=version)

    def version_of(self, data: Any, *, source: str | None = None) -> int:
        """The version of ``data``, checked: an object of this kind, of a version read here."""
        if not isinstance(data, Mapping):
            shape = next((t(words) for kind, words in _JSON_TYPES.items() if isinstance(data, kind)),
                         type(data).__name__)
            raise self._fail("not_object", source=source, found=shape)
        if self.format is not None and data.get("format") != self.format:
            raise self._fail("format", source=source, field="format", found=_shown(data.get("format")))
        found = data.get(self.version_key)
        if isinstance(found, bool) or not isinstance(found, int) or found < 1:
            raise self._fail("version", source=source, field=self.version_key, found=_shown(found))
        if found > self.version:
            raise self._fail("newer", source=source, field=self.version_key, version=found, found=found)
        if found < self.oldest:
            raise self._fail("older", source=source, field=self.version_key, version=found, found=found)
        return found

    def read(self, data: Any, *, source: str | None = None) -> dict[str, Any]:
        """``data`` brought to the current version, as a new dict (``data`` is unchanged);
        raises :attr:`error` naming the source, the version found and what is wrong."""
        found = self.version_of(data, source=source)
        record = dict(data)
        for version in range(found, self.version):
            try:
                record = dict(self.migrations[version](record))
            except RecordError as problem:
                raise self.error(problem.problem, source=source, field=problem.field, version=found) from None
            record[self.version_key] = version + 1
        return record

    def loads(self, text: str | bytes, *, source: str | None = None) -> dict[str, Any]:
        """The record in JSON text, brought to the current version (see :meth:`read`)."""
        return self.read(parse_json(text, source=source, error=self.error), source=source)


@dataclass(frozen=True, slots=True)
class SetAside:
    """A file that could not be read: where it was, why, and the name it has now."""

    path: Path
    problem: str
    aside: Path


def read_or_set_aside(path: Path, build: Callable[[Any], T], *,
                      bad: tuple[type[BaseException], ...] = ()) -> tuple[T | None, SetAside | None]:
    """What ``build`` makes of the JSON in ``path`` (None if there is no file). A file that
    cannot be read, or that ``build`` refuses with a RecordError or one of ``bad``, is set
    aside as ``*.corrupt-<time>.json`` and reported instead. Call it holding the file's lock."""
    refused: tuple[type[BaseException], ...] = (RecordError, *bad)
    try:
        return build(read_json(path)), None
    except FileNotFoundError:
        return None, None
    except refused as error:
        problem = error.problem if isinstance(error, RecordError) else str(error) or type(error).__name__
    return None, SetAside(path, problem, set_aside(path, "corrupt"))


__all__ = ["DATA_ENV", "InvalidNameError", "NAME_LIMIT", "RECORD_LIMIT", "RecordError", "RecordKind", "SetAside",
           "StorageError", "clean_name", "copy_aside", "data_dir", "locked", "lone_surrogate", "move_into_place",
           "name_key", "name_stem", "parse_json", "read_json", "read_or_set_aside", "read_record", "record_files",
           "record_path", "refuse_lone_surrogate", "set_aside", "spelling_stem", "write_json_atomic",
           "write_text_atomic"]
