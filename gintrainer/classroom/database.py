"""The class store's database: SQLite or PostgreSQL, one transaction per call, and what
differs between the two in one table (:data:`SQLITE`, :data:`POSTGRESQL`). Statements
are written once, with ``?`` placeholders; the schema (``CREATE TABLE IF NOT EXISTS``)
is made at the first call, under a version row, and a database of an older version is brought up to date
in the same transaction (:attr:`Database.migrations`).
A damaged SQLite file is set aside (:func:`gintrainer.records.storage.set_aside`) and reported,
never silently replaced, and so is a FIFO, a socket or a link to nothing at its path or a
companion's (SQLite would wait on a FIFO for ever); every database error becomes a :class:`StoreError`.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import sqlite3
import stat
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..records.storage import StorageError, set_aside
from ..words.errors import GinError
from ..words.language import t

log = logging.getLogger("gintrainer.classroom.store")

_SQLITE_DAMAGED = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB


class StoreError(GinError):
    """The class store cannot be reached, read or written (the page says so and works on)."""


class _Damaged(Exception):
    """SQLite's own check found the file damaged."""


class _NotAFile(Exception):
    """Something at the store's path, or at one of its companions' (``-wal``, ``-shm``,
    ``-journal``), that is no regular file. A FIFO (on which SQLite would wait for ever), a
    socket or a link to nothing (SQLite would create the file it names) is ``movable``: set
    aside as a damaged file is. A folder or a device is only reported: it may be anything."""

    def __init__(self, path: Path, what: str, *, movable: bool):
        super().__init__(f"{path} is {what}")
        self.path, self.movable = path, movable


COMPANIONS = ("-wal", "-shm", "-journal")
"""The files SQLite keeps beside a database, named after it."""


def _check_regular(path: Path) -> None:
    """_NotAFile unless ``path`` and its companions are regular files (or absent), checked before
    SQLite opens them."""
    for part in (path, *(path.with_name(path.name + companion) for companion in COMPANIONS)):
        try:
            mode = part.stat().st_mode  # a link to a regular file is followed, as SQLite does
        except FileNotFoundError:
            if part.is_symlink():
                raise _NotAFile(part, "a link to nothing", movable=True) from None
            continue
        except OSError as error:  # a loop of links, a name too long
            raise _NotAFile(part, f"unreadable ({error.strerror or error})", movable=False) from None
        if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):
            raise _NotAFile(part, "a FIFO" if stat.S_ISFIFO(mode) else "a socket", movable=True)
        if not stat.S_ISREG(mode):
            raise _NotAFile(part, "a folder" if stat.S_ISDIR(mode) else "not a regular file", movable=False)


@dataclass(frozen=True)
class Dialect:
    """What differs between the two databases, all in one place."""

    name: str
    placeholder: str  # "?" (sqlite3) or "%s" (psycopg)
    begin_write: str  # SQLite takes the write lock at once, so two writers never deadlock
    lock_rows: str  # a row read in order to write depends on it
    keeps_connection: bool  # between calls (a PostgreSQL server counts its connections)
    setup: str  # run before the schema's transaction
    schema_lock: str  # run first in it: PostgreSQL's CREATE TABLE IF NOT EXISTS races with itself

    def sql(self, text: str) -> str:
        """A statement written with ``?`` placeholders, in this database's spelling."""
        return text.replace("?", self.placeholder)


SQLITE = Dialect("sqlite", "?", "BEGIN IMMEDIATE", "", True, "PRAGMA journal_mode=WAL", "")
POSTGRESQL = Dialect("postgresql", "%s", "BEGIN", " FOR UPDATE", False, "", "SELECT pg_advisory_xact_lock(1902)")


def _redacted(url: str) -> str:
    """A database URL without its password, to show on a page."""
    return re.sub(r"(://[^:/@]*):[^@]*@", r"\1:***@", url)


class Database:
    """A database at ``url`` (see :mod:`~gintrainer.classroom.store` for its forms); each call
    is one transaction, and many pages and servers share the database. On SQLite it keeps
    its connection (made at the first call; made again, once, when it fails at its start,
    and when the file was set aside), and the file is in WAL mode: readers (the gradebook)
    never wait for writers. On PostgreSQL each call connects and closes again, so that a
    hub's pages do not hold the server's connections (``max_connections``) while students think."""

    tables: tuple[str, ...] = ()
    """The schema's CREATE TABLE IF NOT EXISTS statements (a subclass's)."""
    schema: str = ""
    schema_version = 0
    migrations: Mapping[int, tuple[str, ...]] = MappingProxyType({})
    """The statements that bring a database of each older schema version to the next one (a subclass's),
    run in the transaction that checks the schema, for every version from the one found."""

    def __init__(self, url: str):
        if not isinstance(url, str) or not url.strip():
            raise StoreError(f"a class store is a database URL or a path, not {url!r}")
        url = url.strip()
        self.url = url
        if url.startswith(("postgresql://", "postgres://")):
            self.dialect, self.path = POSTGRESQL, None
        else:
            self.dialect = SQLITE
            self.path = Path(url.removeprefix("sqlite:///")).expanduser()
        self._connection: Any = None
        self._opened: int | None = None  # the SQLite file's inode when connected
        self._ready = False
        self._lock = threading.RLock()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({_redacted(self.url)!r})"

    @property
    def where(self) -> str:
        """The store as a page may name it (a file's path, or the database URL without its password)."""
        return str(self.path) if self.path is not None else _redacted(self.url)

    def close(self) -> None:
        """Close the store's connection (the next call makes a new one)."""
        with self._lock:
            if self._connection is not None:
                with contextlib.suppress(Exception):
                    self._connection.close()
            self._connection, self._opened = None, None
            self._ready = False  # a new connection checks the schema again (the file may be a new one)

    # -- connections and transactions -------------------------------------------

    def _connect(self) -> Any:
        if self.path is None:
            import psycopg  # only a store on PostgreSQL imports it
            return psycopg.connect(self.url, connect_timeout=5, autocommit=True)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        _check_regular(self.path)
        connection = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
        self._opened = self.path.stat().st_ino
        return connection

    def _stale(self) -> bool:
        """Whether the SQLite file connected to is no longer at the store's path (set aside by another page)."""
        if self.path is None or self._opened is None:
            return False
        try:
            return self.path.stat().st_ino != self._opened
        except OSError:
            return True

    def _begin(self, *, write: bool) -> Cursor:
        """A transaction begun on the store's connection, made (with the schema) as needed; a
        connection kept from before that fails (the database restarted) is made again, once."""
        if self._stale():
            self.close()
        while True:
            fresh = self._connection is None
            if fresh:
                self._connection = self._connect()
            try:
                if not self._ready:
                    self._create_schema(self._connection)
                    self._ready = True
                cursor = Cursor(self._connection.cursor(), self.dialect)
                cursor.execute(self.dialect.begin_write if write else "BEGIN")
                return cursor
            except Exception:
                self.close()
                if fresh:
                    raise

    @contextlib.contextmanager
    def _transaction(self, *, write: bool) -> Iterator[Cursor]:
        """One transaction; every database error becomes a StoreError."""
        with self._lock:
            try:
                cursor = self._begin(write=write)
            except GinError:
                raise
            except Exception as error:
                raise self._problem(error) from None
            try:
                yield cursor
                cursor.execute("COMMIT")
            except Exception as error:
                _roll_back(self._connection)
                if isinstance(error, GinError):
                    raise
                self.close()
                raise self._problem(error) from None
            finally:
                if not self.dialect.keeps_connection and self._connection is not None:
                    with contextlib.suppress(Exception):
                        self._connection.close()
                    self._connection = None  # the schema stays checked

    def _create_schema(self, connection: Any) -> None:
        cursor = Cursor(connection.cursor(), self.dialect)
        if self.dialect.setup:
            cursor.execute(self.dialect.setup)
        cursor.execute(self.dialect.begin_write)
        try:
            if self.dialect.schema_lock:
                cursor.execute(self.dialect.schema_lock)
            if self.path is not None:  # SQLite's own check of the file
                (check,) = cursor.execute("PRAGMA quick_check").fetchone()
                if check != "ok":
                    raise _Damaged(check)
            for statement in self.tables:
                cursor.execute(statement)
            cursor.execute("INSERT INTO gintrainer_schema (name, version) VALUES (?, ?) ON CONFLICT DO NOTHING",
                           (self.schema, self.schema_version))
            (version,) = cursor.execute("SELECT version FROM gintrainer_schema WHERE name = ?",
                                        (self.schema,)).fetchone()
            if version > self.schema_version:
                raise StoreError(t("the class store {where} was made by a newer gintrainer (schema {version}): "
                                   "update gintrainer", where=self.where, version=version))
            for older in range(version, self.schema_version):
                for statement in self.migrations[older]:
                    cursor.execute(statement)
                cursor.execute("UPDATE gintrainer_schema SET version = ? WHERE name = ?", (older + 1, self.schema))
            cursor.execute("COMMIT")
        except Exception:
            _roll_back(connection)
            raise

    def _problem(self, error: Exception) -> StoreError:
        """The StoreError for a database error; a damaged SQLite file is set aside first."""
        damaged = isinstance(error, _Damaged) or (isinstance(error, sqlite3.DatabaseError)
                                                   and getattr(error, "sqlite_errorcode", None) in _SQLITE_DAMAGED)
        damaged = damaged or (isinstance(error, _NotAFile) and error.movable)
        # Text that is not UTF-8 in a SQLite file is damage too (the store writes only Python text): in the
        # schema Python's decoding fails, in a row sqlite3 says it could not decode the column.
        damaged = damaged or (self.path is not None and (
            isinstance(error, UnicodeDecodeError)
            or (isinstance(error, sqlite3.OperationalError) and str(error).startswith("Could not decode to UTF-8"))))
        if damaged and self.path is not None and os.path.lexists(self.path):
            return self._set_aside(error)
        log.warning("class store %s: %s: %s", self.where, type(error).__name__, error)
        detail = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        # Translators: {error} is the database's own message (English).
        return StoreError(t("the class store {where} cannot be reached: {error}", where=self.where, error=detail))

    def _set_aside(self, error: Exception) -> StoreError:
        assert self.path is not None
        self.close()
        if isinstance(error, _NotAFile) and error.path != self.path:  # a companion only: the database stays
            try:
                aside = set_aside(error.path, "corrupt", suffix="")
            except StorageError as problem:
                return StoreError(str(problem))
            log.error("class store %s: %s: set aside as %s", self.path, error, aside)
            return StoreError(t("the class store {path} is damaged: it is set aside as {aside}, and a new one starts "
                                "with the next answer", path=str(error.path), aside=str(aside)))
        try:
            aside = set_aside(self.path, "corrupt", suffix=self.path.suffix)
        except StorageError as problem:
            return StoreError(str(problem))
        for companion in COMPANIONS:  # they belong to the file they were written for
            part = self.path.with_name(self.path.name + companion)
            if os.path.lexists(part):
                with contextlib.suppress(OSError):
                    os.replace(part, aside.with_name(aside.name + companion))
        log.error("class store %s is damaged (%s): set aside as %s", self.path, error, aside)
        return StoreError(t("the class store {path} is damaged: it is set aside as {aside}, and a new one starts "
                            "with the next answer", path=str(self.path), aside=str(aside)))

    # -- writing -----------------------------------------------------------------

    def set_aside_files(self) -> tuple[Path, ...]:
        """The damaged files of this SQLite store set aside so far, oldest first (none on PostgreSQL)."""
        if self.path is None:
            return ()
        stem, suffix = self.path.name.removesuffix(self.path.suffix), self.path.suffix
        return tuple(sorted(self.path.parent.glob(f"{stem}.corrupt-*{suffix}")))


class Cursor:
    """A database cursor that takes statements written with ``?`` placeholders."""

    def __init__(self, cursor: Any, dialect: Dialect):
        self.cursor, self.dialect = cursor, dialect

    def execute(self, statement: str, values: tuple[object, ...] = ()) -> Any:
        self.cursor.execute(self.dialect.sql(statement), values)
        return self.cursor


def _roll_back(connection: Any) -> None:
    with contextlib.suppress(Exception):
        connection.execute("ROLLBACK")


__all__ = ["POSTGRESQL", "SQLITE", "Cursor", "Database", "Dialect", "StoreError"]
