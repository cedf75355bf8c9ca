"""The class results store: every answer a student gives on a class set's page,
kept in a database as it is given, for the teacher's gradebook.

Where it lives is read from the environment at each :func:`open_store` call:

- ``GINTRAINER_DATABASE`` unset or blank: SQLite, the file ``classes.sqlite3`` in the
  data folder (:func:`gintrainer.storage.data_dir`, created as needed);
- ``postgresql://user:password@host:port/database`` (or ``postgres://``, any libpq
  URI, e.g. ``postgresql://gintrainer@/classes?host=/run/postgresql``): PostgreSQL,
  through psycopg 3 (several servers or a hub share it);
- ``sqlite:///path`` or a plain path: SQLite at that path (SQLAlchemy's spelling:
  ``sqlite:///classes.sqlite3`` is relative, ``sqlite:////srv/classes.sqlite3`` absolute).

The schema (the same text for both databases, made on first use)::

    gintrainer_schema (name TEXT PRIMARY KEY, version INTEGER)       -- ('classes', 1)
    class_sessions (code, session, student, started, handed_in)      -- PRIMARY KEY (code, session)
    class_answers (code, session, position, puzzle_id, answer, correct, seconds, answered)
                                                                      -- PRIMARY KEY (code, session, position)

``code`` is the class code as written by :mod:`~gintrainer.classroom.codes`; ``session``
a random key made when a student presses Start (:func:`new_session_key`), so two
students of the same name stay apart; ``student`` the name as
:func:`~gintrainer.classroom.results.clean_student` keeps it; times are UTC in
ISO 8601 text (``2026-12-01T14:55:03.120+00:00``), ``handed_in`` NULL until then;
the answer columns are those of the results file (``correct`` a boolean, ``seconds``
to a tenth). Every write is one transaction. An answer to a puzzle already answered
in the session changes nothing: the first answer stands (``ON CONFLICT DO NOTHING``).
Answers are marked by :class:`~gintrainer.classroom.session.StudentSession`, never here.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import secrets
import sqlite3
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..errors import GinError
from ..language import t
from ..storage import StorageError, data_dir, set_aside
from .results import Attempt, ResultsError, clean_student
from .sets import ClassSet

log = logging.getLogger("gintrainer.classroom.store")

DATABASE_ENV = "GINTRAINER_DATABASE"
STORE_FILE = "classes.sqlite3"
SCHEMA = "classes"
SCHEMA_VERSION = 1
SESSION_KEY = re.compile(r"[A-Za-z0-9_-]{16,64}")
"""What a session key looks like (:func:`new_session_key` makes 24 characters)."""

_TABLES = (
    "CREATE TABLE IF NOT EXISTS gintrainer_schema (name TEXT PRIMARY KEY, version INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS class_sessions (code TEXT NOT NULL, session TEXT NOT NULL, student TEXT NOT NULL, "
    "started TEXT NOT NULL, handed_in TEXT, PRIMARY KEY (code, session))",
    "CREATE TABLE IF NOT EXISTS class_answers (code TEXT NOT NULL, session TEXT NOT NULL, "
    "position INTEGER NOT NULL, puzzle_id TEXT NOT NULL, answer TEXT NOT NULL, correct BOOLEAN NOT NULL, "
    "seconds DOUBLE PRECISION NOT NULL, answered TEXT NOT NULL, PRIMARY KEY (code, session, position), "
    "FOREIGN KEY (code, session) REFERENCES class_sessions (code, session))",
)
_SQLITE_DAMAGED = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB


class StoreError(GinError):
    """The class store cannot be reached, read or written (the page says so and works on)."""


class _Damaged(Exception):
    """SQLite's own check found the file damaged."""


def new_session_key() -> str:
    """A random key for one student's pass through a set (made when Start is pressed)."""
    return secrets.token_urlsafe(18)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class StoredSession:
    """One student's pass through a set as the store holds it; ``attempts`` in position order."""

    code: str
    session: str
    student: str
    started: str
    handed_in: str | None
    attempts: tuple[Attempt, ...]


@dataclass(frozen=True)
class _Dialect:
    """What differs between the two databases, all in one place."""

    name: str
    placeholder: str  # "?" (sqlite3) or "%s" (psycopg)
    begin_write: str  # SQLite takes the write lock at once, so two writers never deadlock
    lock_rows: str  # a row read in order to write depends on it

    def sql(self, text: str) -> str:
        """A statement written with ``?`` placeholders, in this database's spelling."""
        return text.replace("?", self.placeholder)


SQLITE = _Dialect("sqlite", "?", "BEGIN IMMEDIATE", "")
POSTGRESQL = _Dialect("postgresql", "%s", "BEGIN", " FOR UPDATE")


def database_url(environ: dict[str, str] | None = None) -> str:
    """Where the class store is: ``$GINTRAINER_DATABASE``, else the SQLite file in the data folder."""
    value = (os.environ if environ is None else environ).get(DATABASE_ENV, "").strip()
    return value or f"sqlite:///{data_dir() / STORE_FILE}"


def open_store(url: str | None = None) -> ClassStore:
    """The class store at ``url``, else where the environment says now (:func:`database_url`).
    Nothing is connected until the first read or write."""
    return ClassStore(database_url() if url is None else url)


def _redacted(url: str) -> str:
    """A database URL without its password, to show on a page."""
    return re.sub(r"(://[^:/@]*):[^@]*@", r"\1:***@", url)


class ClassStore:
    """The class results in one database. A store keeps one connection (made at the first
    read or write, made again when the database went away or the SQLite file was set aside)
    and runs each call as one transaction on it; many pages and servers share the database.
    SQLite files are in WAL mode: readers (the gradebook) never wait for writers."""

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
        return f"ClassStore({_redacted(self.url)!r})"

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

    def _begin(self, *, write: bool) -> _Cursor:
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
                cursor = _Cursor(self._connection.cursor(), self.dialect)
                cursor.execute(self.dialect.begin_write if write else "BEGIN")
                return cursor
            except Exception:
                self.close()
                if fresh:
                    raise

    @contextlib.contextmanager
    def _transaction(self, *, write: bool) -> Iterator[_Cursor]:
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

    def _create_schema(self, connection: Any) -> None:
        cursor = _Cursor(connection.cursor(), self.dialect)
        if self.dialect is SQLITE:
            cursor.execute("PRAGMA journal_mode=WAL")  # kept in the file; outside any transaction
        cursor.execute(self.dialect.begin_write)
        try:
            if self.dialect is POSTGRESQL:  # CREATE TABLE IF NOT EXISTS races with itself on PostgreSQL
                cursor.execute("SELECT pg_advisory_xact_lock(1902)")
            else:
                (check,) = cursor.execute("PRAGMA quick_check").fetchone()
                if check != "ok":
                    raise _Damaged(check)
            for statement in _TABLES:
                cursor.execute(statement)
            cursor.execute("INSERT INTO gintrainer_schema (name, version) VALUES (?, ?) ON CONFLICT DO NOTHING",
                           (SCHEMA, SCHEMA_VERSION))
            (version,) = cursor.execute("SELECT version FROM gintrainer_schema WHERE name = ?", (SCHEMA,)).fetchone()
            if version > SCHEMA_VERSION:
                raise StoreError(t("the class store {where} was made by a newer gintrainer (schema {version}): "
                                   "update gintrainer", where=self.where, version=version))
            cursor.execute("COMMIT")  # a later schema version migrates here, in this transaction
        except Exception:
            _roll_back(connection)
            raise

    def _problem(self, error: Exception) -> StoreError:
        """The StoreError for a database error; a damaged SQLite file is set aside first."""
        damaged = isinstance(error, _Damaged) or (isinstance(error, sqlite3.DatabaseError)
                                                   and getattr(error, "sqlite_errorcode", None) in _SQLITE_DAMAGED)
        if damaged and self.path is not None and self.path.exists():
            return self._set_aside(error)
        log.warning("class store %s: %s: %s", self.where, type(error).__name__, error)
        detail = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        # Translators: {error} is the database's own message (English).
        return StoreError(t("the class store {where} cannot be reached: {error}", where=self.where, error=detail))

    def _set_aside(self, error: Exception) -> StoreError:
        assert self.path is not None
        self.close()
        try:
            aside = set_aside(self.path, "corrupt", suffix=self.path.suffix)
        except StorageError as problem:
            return StoreError(str(problem))
        for companion in ("-wal", "-shm", "-journal"):  # they belong to the file they were written for
            part = self.path.with_name(self.path.name + companion)
            if part.exists():
                with contextlib.suppress(OSError):
                    os.replace(part, aside.with_name(aside.name + companion))
        log.error("class store %s is damaged (%s): set aside as %s", self.path, error, aside)
        return StoreError(t("the class store {path} is damaged: it is set aside as {aside}, and a new one starts "
                            "with the next answer", path=str(self.path), aside=str(aside)))

    # -- writing -----------------------------------------------------------------

    def start(self, code: str, session: str, student: str) -> StoredSession:
        """Record that a student opened a set (once per session: a second start changes
        nothing and the name first given stands); returns the session as stored."""
        code, session, student = _checked(code, session, student)
        with self._transaction(write=True) as cursor:
            _add_session(cursor, code, session, student)
            return _read_session(cursor, code, session)  # type: ignore[return-value]

    def record(self, code: str, session: str, student: str, attempt: Attempt) -> Attempt:
        """Store one marked answer; returns the answer that stands: this one, or the
        first given to that puzzle in the session. A wrong class code, a puzzle not of
        the set or a handed-in session is refused before anything is written."""
        code, session, student = _checked(code, session, student)
        puzzles = ClassSet.from_code(code).puzzles()
        if not isinstance(attempt, Attempt):
            raise StoreError(f"an answer to store is an Attempt, not {attempt!r}")
        if attempt.position > len(puzzles) or puzzles[attempt.position - 1].id != attempt.puzzle_id:
            raise ResultsError(t("puzzle {id} is not puzzle {position} of class code {code}", id=attempt.puzzle_id,
                                 position=attempt.position, code=code))
        with self._transaction(write=True) as cursor:
            _add_session(cursor, code, session, student)
            row = cursor.execute("SELECT handed_in FROM class_sessions WHERE code = ? AND session = ?"
                                 + cursor.dialect.lock_rows, (code, session)).fetchone()
            if row[0] is not None:
                raise GinError(t("the set is handed in"))
            cursor.execute("INSERT INTO class_answers (code, session, position, puzzle_id, answer, correct, seconds, "
                           "answered) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                           (code, session, attempt.position, attempt.puzzle_id, attempt.answer, attempt.correct,
                            attempt.seconds, _now()))
            stored = cursor.execute("SELECT position, puzzle_id, answer, correct, seconds FROM class_answers "
                                    "WHERE code = ? AND session = ? AND position = ?",
                                    (code, session, attempt.position)).fetchone()
        kept = _attempt(stored)
        return attempt if kept == attempt else kept

    def hand_in(self, code: str, session: str, student: str) -> StoredSession:
        """Close the session (the first hand-in's time stands); returns it as stored."""
        code, session, student = _checked(code, session, student)
        with self._transaction(write=True) as cursor:
            _add_session(cursor, code, session, student)
            cursor.execute("UPDATE class_sessions SET handed_in = ? WHERE code = ? AND session = ? "
                           "AND handed_in IS NULL", (_now(), code, session))
            return _read_session(cursor, code, session)  # type: ignore[return-value]

    # -- reading -----------------------------------------------------------------

    def session(self, code: str, session: str) -> StoredSession | None:
        """One session with its answers; None when the store has none by that key."""
        code = ClassSet.from_code(code).code
        if not isinstance(session, str) or not SESSION_KEY.fullmatch(session):
            return None
        with self._transaction(write=False) as cursor:
            return _read_session(cursor, code, session)

    def class_sessions(self, code: str) -> tuple[StoredSession, ...]:
        """Every session of a class set with its answers, in the order they started."""
        code = ClassSet.from_code(code).code
        with self._transaction(write=False) as cursor:
            sessions = cursor.execute("SELECT code, session, student, started, handed_in FROM class_sessions "
                                      "WHERE code = ? ORDER BY started, session", (code,)).fetchall()
            answers: dict[str, list[Attempt]] = {}
            for row in cursor.execute("SELECT session, position, puzzle_id, answer, correct, seconds "
                                      "FROM class_answers WHERE code = ? ORDER BY session, position", (code,)):
                answers.setdefault(row[0], []).append(_attempt(row[1:]))
        return tuple(_session(row, answers.get(row[1], ())) for row in sessions)

    def set_aside_files(self) -> tuple[Path, ...]:
        """The damaged files of this SQLite store set aside so far, oldest first (none on PostgreSQL)."""
        if self.path is None:
            return ()
        stem, suffix = self.path.name.removesuffix(self.path.suffix), self.path.suffix
        return tuple(sorted(self.path.parent.glob(f"{stem}.corrupt-*{suffix}")))

    def codes(self) -> tuple[str, ...]:
        """The class codes the store has sessions for, the latest started first."""
        with self._transaction(write=False) as cursor:
            rows = cursor.execute("SELECT code, MAX(started) AS latest FROM class_sessions GROUP BY code "
                                  "ORDER BY latest DESC, code").fetchall()
        return tuple(code for code, _ in rows)


class _Cursor:
    """A database cursor that takes statements written with ``?`` placeholders."""

    def __init__(self, cursor: Any, dialect: _Dialect):
        self.cursor, self.dialect = cursor, dialect

    def execute(self, statement: str, values: tuple = ()) -> Any:
        self.cursor.execute(self.dialect.sql(statement), values)
        return self.cursor


def _roll_back(connection: Any) -> None:
    with contextlib.suppress(Exception):
        connection.execute("ROLLBACK")


def _checked(code: str, session: str, student: str) -> tuple[str, str, str]:
    """The class code as written, the session key and the student's name, checked
    before anything is written (a ClassCodeError names a wrong code)."""
    code = ClassSet.from_code(code).code
    if not isinstance(session, str) or not SESSION_KEY.fullmatch(session):
        raise GinError(t("not a session key: {value}", value=repr(session)))
    return code, session, clean_student(student)


def _add_session(cursor: _Cursor, code: str, session: str, student: str) -> None:
    cursor.execute("INSERT INTO class_sessions (code, session, student, started) VALUES (?, ?, ?, ?) "
                   "ON CONFLICT DO NOTHING", (code, session, student, _now()))


def _read_session(cursor: _Cursor, code: str, session: str) -> StoredSession | None:
    row = cursor.execute("SELECT code, session, student, started, handed_in FROM class_sessions "
                         "WHERE code = ? AND session = ?", (code, session)).fetchone()
    if row is None:
        return None
    attempts = cursor.execute("SELECT position, puzzle_id, answer, correct, seconds FROM class_answers "
                              "WHERE code = ? AND session = ? ORDER BY position", (code, session)).fetchall()
    return _session(row, [_attempt(a) for a in attempts])


def _session(row: Any, attempts: Iterable[Attempt]) -> StoredSession:
    code, session, student, started, handed_in = row
    return StoredSession(code, session, student, started, handed_in, tuple(attempts))


def _attempt(row: Any) -> Attempt:
    position, puzzle_id, answer, correct, seconds = row
    return Attempt(int(position), puzzle_id, answer, bool(correct), float(seconds))


__all__ = ["DATABASE_ENV", "ClassStore", "StoreError", "StoredSession", "database_url", "new_session_key",
           "open_store"]
