"""The class results store: every answer a student gives on a class set's page,
kept in a database as it is given, for the teacher's gradebook.

Where it lives is read from the environment at each :func:`open_store` call:

- ``GINTRAINER_DATABASE`` unset or blank: SQLite, the file ``classes.sqlite3`` in the
  data folder (:func:`gintrainer.records.storage.data_dir`, created as needed);
- ``postgresql://user:password@host:port/database`` (or ``postgres://``, any libpq
  URI, e.g. ``postgresql://gintrainer@/classes?host=/run/postgresql``): PostgreSQL,
  through psycopg 3 (several servers or a hub share it);
- ``sqlite:///path`` or a plain path: SQLite at that path (SQLAlchemy's spelling:
  ``sqlite:///classes.sqlite3`` is relative, ``sqlite:////srv/classes.sqlite3`` absolute).

The schema (the same text for both databases, made on first use)::

    gintrainer_schema (name TEXT PRIMARY KEY, version INTEGER)       -- ('classes', 3)
    class_sessions (code, session, student, started, handed_in)      -- PRIMARY KEY (code, session)
    class_answers (code, session, position, puzzle_id, answer, correct, seconds, answered)
                                                                      -- PRIMARY KEY (code, session, position)
    class_reviews (code, student, student_key, review_id, kept, record)
                                                                      -- PRIMARY KEY (code, review_id)
    class_rosters (code, position, student, student_key, email, section)
                                                                      -- PRIMARY KEY (code, position)

Schema 2 added ``class_reviews``: the reviews of hands a student played for a class
(:meth:`ClassStore.record_review`), each a kept review's JSON
(:class:`~gintrainer.records.reviews.KeptReview`, checked whole before it is written), under
the student's name as given and as names match (``student_key``:
:func:`~gintrainer.records.storage.name_key`); a store of schema 1 gains the table when first opened.
A review kept before the tutor's notes were kept with reviews has no ``tutor`` and is read with none
(:func:`~gintrainer.records.reviews.with_tutor_notes`).
Schema 3 added ``class_rosters``: the roster a teacher loaded for a class code
(:meth:`ClassStore.set_roster`, :mod:`~gintrainer.classroom.roster`), one row per student in the roster's
order (``position`` from 1), the name as typed and as names match (``student_key``); loading another roster
for the code replaces it whole. A store of schema 1 or 2 gains the table when first opened.

``code`` is the class code as written by :mod:`~gintrainer.classroom.codes`; ``session``
names one student's pass through the set, so two students of the same name stay apart:
it is the hash of a random key made when the student presses Start (:func:`session_name`
of :func:`new_session_key`), which only the browser that started it keeps, so that neither
the store nor the page's address, which shows the name, holds what changes the answers
(:func:`opens`); ``student`` the name as
:func:`~gintrainer.classroom.results.clean_student` keeps it; times are UTC in
ISO 8601 text to the microsecond (``2026-12-01T14:55:03.120301+00:00``), ``handed_in`` NULL until then;
the answer columns are those of the results file (``correct`` a boolean, ``seconds``
to a tenth). Every write is one transaction. An answer to a puzzle already answered
in the session changes nothing: the first answer stands (``ON CONFLICT DO NOTHING``).
Answers are marked by :class:`~gintrainer.classroom.session.StudentSession`, never here.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import os
import re
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from types import MappingProxyType
from typing import Any

from ..records.reviews import KeptReview, KeptReviewError, with_tutor_notes
from ..records.storage import data_dir, name_key, parse_json
from ..words.errors import GinError
from ..words.language import t
from .database import Cursor, Database, StoreError
from .results import Attempt, ResultsError, clean_student
from .roster import Roster, RosterStudent
from .sets import ClassSet

log = logging.getLogger("gintrainer.classroom.store")

DATABASE_ENV = "GINTRAINER_DATABASE"
STORE_FILE = "classes.sqlite3"
SCHEMA = "classes"
SCHEMA_VERSION = 3
REVIEW_LIMIT = 500
"""The most hand reviews the store keeps of one student for one class code: more are refused."""
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
_REVIEWS = ("CREATE TABLE IF NOT EXISTS class_reviews (code TEXT NOT NULL, student TEXT NOT NULL, "
            "student_key TEXT NOT NULL, review_id TEXT NOT NULL, kept TEXT NOT NULL, record TEXT NOT NULL, "
            "PRIMARY KEY (code, review_id))")
_ROSTERS = ("CREATE TABLE IF NOT EXISTS class_rosters (code TEXT NOT NULL, position INTEGER NOT NULL, "
            "student TEXT NOT NULL, student_key TEXT NOT NULL, email TEXT NOT NULL, section TEXT NOT NULL, "
            "PRIMARY KEY (code, position))")


def new_session_key() -> str:
    """A random key for one student's pass through a set (made when Start is pressed)."""
    return secrets.token_urlsafe(18)


def session_name(key: str) -> str:
    """The name of the session whose key is ``key``, in the class store and in the page's
    address: the key's SHA-256 in base64url (43 characters), from which the key cannot be
    found again."""
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


def opens(session: str, key: object) -> bool:
    """Whether ``key`` (what a browser sent) is the key of the session named ``session``
    (:func:`session_name`), compared in constant time: only then may a page change its answers."""
    if not isinstance(key, str) or not SESSION_KEY.fullmatch(key) or not isinstance(session, str):
        return False
    return hmac.compare_digest(session_name(key).encode("ascii"), session.encode("ascii", "replace"))


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


@dataclass(frozen=True)
class StoredSession:
    """One student's pass through a set as the store holds it; ``attempts`` in position order."""

    code: str
    session: str
    student: str
    started: str
    handed_in: str | None
    attempts: tuple[Attempt, ...]


def database_url(environ: dict[str, str] | None = None) -> str:
    """Where the class store is: ``$GINTRAINER_DATABASE``, else the SQLite file in the data folder."""
    value = (os.environ if environ is None else environ).get(DATABASE_ENV, "").strip()
    return value or f"sqlite:///{data_dir() / STORE_FILE}"


def open_store(url: str | None = None) -> ClassStore:
    """The class store at ``url``, else where the environment says now (:func:`database_url`).
    Nothing is connected until the first read or write."""
    return ClassStore(database_url() if url is None else url)


@dataclass(frozen=True)
class StoredReview:
    """A hand review a student's class page kept: the class code, the student, the review's key in the store
    and the review as kept (its record, the hand's history if kept with it, when and where)."""

    code: str
    student: str
    review_id: str
    kept: KeptReview


class ClassStore(Database):
    """The class results: sessions and their answers, and the reviews of hands played (see the module's
    docstring)."""

    tables = (*_TABLES, _REVIEWS, _ROSTERS)
    schema = SCHEMA
    schema_version = SCHEMA_VERSION
    migrations = MappingProxyType({1: (_REVIEWS,), 2: (_ROSTERS,)})

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

    def record_review(self, code: str, learner: str, review: Mapping[str, Any], *,
                      history: Mapping[str, Any] | None = None, hand: int = 1, tutor: Sequence[object] = (),
                      review_id: str | None = None, at: datetime | None = None) -> StoredReview:
        """Keep the review of a hand ``learner`` played for the class set ``code`` (the review's record:
        :meth:`~gintrainer.replay.review.HandReview.to_dict`; the hand's history, to open its replay, its
        number and the practice tutor's notes of it, if the page has them; ``at``: when it was reviewed, else
        now). The review is checked whole, and a
        wrong class code, a name that is not one, a review that is not one or too large, or a student's review
        beyond :data:`REVIEW_LIMIT`, is refused before anything is written.

        ``review_id`` (:func:`review_name`, else a random one) names the review in the store: a review sent
        again under the same name (from the pending queue after an outage, or the same hand reviewed twice)
        changes nothing, and the review kept first is returned."""
        from ..replay.kept import history_record, notes_record, review_record  # pages that review hands

        code = ClassSet.from_code(code).code
        student = clean_student(learner)
        if review_id is None:
            review_id = secrets.token_urlsafe(12)
        elif not isinstance(review_id, str) or not SESSION_KEY.fullmatch(review_id):
            raise GinError(f"not a review's name: {review_id!r}"[:120])
        record = review_record(review)
        kept = KeptReview.make(record, None if history is None else history_record(history), source="class",
                               match=code, hand=hand, tutor=notes_record(tutor, record, hand), at=at)
        text = json.dumps(kept.to_dict(), ensure_ascii=False, allow_nan=False)
        with self._transaction(write=True) as cursor:
            found = cursor.execute("SELECT student, record FROM class_reviews WHERE code = ? AND review_id = ?",
                                   (code, review_id)).fetchone()
            if found is not None:  # sent before: the review kept first stands
                try:
                    return StoredReview(code, found[0], review_id, _kept(found[1]))
                except KeptReviewError as error:
                    log.warning("class store %s: the review %s for %s is damaged: %s", self.where, review_id, code,
                                error)
                    return StoredReview(code, found[0], review_id, kept)
            (count,) = cursor.execute("SELECT COUNT(*) FROM class_reviews WHERE code = ? AND student_key = ?",
                                      (code, name_key(student))).fetchone()
            if count >= REVIEW_LIMIT:
                raise GinError(t("the class store keeps at most {limit} hand reviews of one student for a class "
                                 "code", limit=REVIEW_LIMIT))
            cursor.execute("INSERT INTO class_reviews (code, student, student_key, review_id, kept, record) "
                           "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                           (code, student, name_key(student), review_id, _now(), text))
        return StoredReview(code, student, review_id, kept)

    def reviews(self, code: str, learner: str | None = None) -> tuple[StoredReview, ...]:
        """The hand reviews kept for a class code (of one student, whatever the case of the name, if
        ``learner`` is given), the latest first. A row that is no kept review (the database changed by
        another program) is left out and logged."""
        code = ClassSet.from_code(code).code
        where: str = "code = ?"
        values: tuple[str, ...] = (code,)
        if learner is not None:
            where, values = "code = ? AND student_key = ?", (code, name_key(clean_student(learner)))
        with self._transaction(write=False) as cursor:
            rows = cursor.execute(f"SELECT student, review_id, record FROM class_reviews WHERE {where} "
                                  "ORDER BY kept DESC, review_id", values).fetchall()
        found = []
        for name, review_id, record in rows:
            try:
                kept = _kept(record)
            except KeptReviewError as error:
                log.warning("class store %s: the review %s of %r for %s is left out: %s", self.where, review_id,
                            name, code, error)
                continue
            found.append(StoredReview(code, name, review_id, kept))
        return tuple(found)

    def set_roster(self, code: str, roster: Roster) -> Roster:
        """Keep ``roster`` as the roster of the class code ``code``, in place of any kept before (one
        transaction: a page never sees half a roster); returns it."""
        code = ClassSet.from_code(code).code
        if not isinstance(roster, Roster):
            raise StoreError(f"a roster to keep is a Roster, not {roster!r}"[:120])
        with self._transaction(write=True) as cursor:
            cursor.execute("DELETE FROM class_rosters WHERE code = ?", (code,))
            for position, student in enumerate(roster, start=1):
                cursor.execute("INSERT INTO class_rosters (code, position, student, student_key, email, section) "
                               "VALUES (?, ?, ?, ?, ?, ?)", (code, position, student.name, name_key(student.name),
                                                             student.email, student.section))
        return roster

    def roster(self, code: str) -> Roster | None:
        """The roster kept for the class code ``code``, None when none is. Rows that make no roster (the
        database changed by another program) are logged and read as none."""
        code = ClassSet.from_code(code).code
        with self._transaction(write=False) as cursor:
            rows = cursor.execute("SELECT student, email, section FROM class_rosters WHERE code = ? "
                                  "ORDER BY position", (code,)).fetchall()
        if not rows:
            return None
        try:
            return Roster(tuple(RosterStudent(name, email, section) for name, email, section in rows))
        except GinError as error:
            log.warning("class store %s: the roster of %s is damaged: %s", self.where, code, error)
            return None

    def codes(self) -> tuple[str, ...]:
        """The class codes the store has sessions for, the latest started first."""
        with self._transaction(write=False) as cursor:
            rows = cursor.execute("SELECT code, MAX(started) AS latest FROM class_sessions GROUP BY code "
                                  "ORDER BY latest DESC, code").fetchall()
        return tuple(code for code, _ in rows)


def review_name(student: str, match: object, hand: object, moves: Iterable[str] = ()) -> str:
    """The name in the class store of the review of hand ``hand`` of the practice match ``match`` (its seed)
    played by ``student`` with ``moves`` (the hand's history: a hand taken back and played again is another
    hand): as a session is named (:func:`session_name`), a hash, here of the student's name as names match,
    the match, the hand and its moves, so that the same review sent twice is kept once."""
    played = " ".join(str(move) for move in moves)
    return session_name(f"practice\n{name_key(clean_student(student))}\n{match}\n{hand}\n{played}")


def _kept(record: object) -> KeptReview:
    """A kept review from a row's JSON text (KeptReviewError when it is not one); a row written before the
    tutor's notes were kept has none."""
    if not isinstance(record, str):
        raise KeptReviewError(f"the record is {type(record).__name__}, not JSON text")
    return KeptReview.from_dict(with_tutor_notes(parse_json(record, error=KeptReviewError)))


def _checked(code: str, session: str, student: str) -> tuple[str, str, str]:
    """The class code as written, the session key and the student's name, checked
    before anything is written (a ClassCodeError names a wrong code)."""
    code = ClassSet.from_code(code).code
    if not isinstance(session, str) or not SESSION_KEY.fullmatch(session):
        raise GinError(t("not a session key: {value}", value=repr(session)))
    return code, session, clean_student(student)


def _add_session(cursor: Cursor, code: str, session: str, student: str) -> None:
    cursor.execute("INSERT INTO class_sessions (code, session, student, started) VALUES (?, ?, ?, ?) "
                   "ON CONFLICT DO NOTHING", (code, session, student, _now()))


def _read_session(cursor: Cursor, code: str, session: str) -> StoredSession | None:
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


__all__ = ["DATABASE_ENV", "REVIEW_LIMIT", "ClassStore", "StoreError", "StoredReview", "StoredSession",
           "database_url", "new_session_key", "open_store", "opens", "review_name", "session_name"]
