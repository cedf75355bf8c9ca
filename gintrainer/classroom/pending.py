"""Class answers the class store could not take yet, kept in the data folder until it can.

When a student's page cannot reach the class store, it keeps the session as it stands (the
class code, the session's name in the store (:func:`~gintrainer.classroom.store.session_name`:
never its key, which only the student's browser keeps), the student's name, every answer given
so far and whether the set is handed in) in a file of the session's own,
``class-pending/<session-name>.json`` in the
data folder (:func:`gintrainer.records.storage.data_dir`), replaced atomically under the file's lock
(:func:`keep`). The file outlives a reload of the page and a restart of the server: a reload
continues the set from it while the store is away (:func:`load`), and the answers go to the
store (:func:`send`) with the page's next answer, at the open page's next retry, at the next
reload, and from the teacher's gradebook page for that class (:func:`send_class`), which says
how many students' sessions wait here while the store is away (:func:`kept_for`). They go in
order, the answers by position, then the hand-in; the file is removed once all went. The store
keeps the first answer to each puzzle of a session (``ON CONFLICT DO NOTHING`` on the code,
the session and the position), so an answer sent twice, or already recorded, is stored once.

The reviews of practice hands a class's student keeps for the class (:func:`keep_review`) wait the same way,
one file each, ``class-pending-reviews/<review-name>.json`` (the review's name in the store:
:func:`~gintrainer.classroom.store.review_name`), read as :data:`PENDING_REVIEW`, and go to the store
(:func:`send_reviews`) with the student's next review and from the teacher's gradebook page for that class;
the store keeps a review sent twice once. A review the store refuses (the student's reviews at the store's
limit) is set aside as ``<review-name>.refused-<time>.json``.

Each file is read as a record (:data:`PENDING`): a regular file of at most :data:`LIMIT` bytes,
its answers checked against the class set; one that cannot be read is set aside as
``<session-name>.corrupt-<time>.json`` and left for a person to look at, and the page goes on
without it.
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from ..records.reviews import KeptReview
from ..records.storage import (
    RecordError,
    RecordKind,
    StorageError,
    data_dir,
    locked,
    parse_json,
    read_record,
    set_aside,
    write_json_atomic,
)
from ..words.errors import GinError
from ..words.language import N_
from .codes import ClassCodeError
from .results import Attempt, ResultsError, clean_student
from .sets import ClassSet
from .store import SESSION_KEY, ClassStore, StoreError

log = logging.getLogger("gintrainer.classroom.pending")

FOLDER = "class-pending"
"""The folder of the data folder that holds the pending files."""
LIMIT = 256 * 1024
"""The most bytes a pending file may have (a set of the most puzzles takes a few kilobytes)."""


class PendingError(RecordError):
    """A pending file that cannot be read."""


PENDING = RecordKind(N_("file of class answers waiting for the class store"), version=1,
                     format="gintrainer-class-pending", error=PendingError)
REVIEWS_FOLDER = "class-pending-reviews"
"""The folder of the data folder that holds the reviews waiting for the class store."""
PENDING_REVIEW = RecordKind(N_("file of a hand review waiting for the class store"), version=1,
                            format="gintrainer-class-pending-review", error=PendingError)


@dataclass(frozen=True)
class Pending:
    """One session as a page kept it for the store: its answers in position order."""

    code: str
    session: str
    student: str
    attempts: tuple[Attempt, ...]
    handed_in: bool


def folder() -> Path:
    return data_dir() / FOLDER


def pending_path(session: str) -> Path:
    """The pending file of the session named ``session`` in the store (checked)."""
    if not isinstance(session, str) or not SESSION_KEY.fullmatch(session):
        raise GinError(f"not a session's name: {session!r}"[:120])
    return folder() / f"{session}.json"


def _record(pending: Pending) -> dict[str, Any]:
    return PENDING.stamp({
        "code": pending.code, "session": pending.session, "student": pending.student,
        "handed_in": pending.handed_in,
        "answers": [{"position": a.position, "puzzle_id": a.puzzle_id, "answer": a.answer, "correct": a.correct,
                     "seconds": a.seconds} for a in pending.attempts]})


def _pending(data: Any, *, source: str, session: str | None = None) -> Pending:
    """The pending session a file holds, every value checked (PendingError names what is wrong)."""
    record = PENDING.read(data, source=source)

    def fail(field: str, problem: str) -> PendingError:
        return PendingError(problem, source=source, field=field)

    code = record.get("code")
    try:
        classset = ClassSet.from_code(code if isinstance(code, str) else repr(code))
    except (ClassCodeError, GinError) as error:
        raise fail("code", str(error)) from None
    key = record.get("session")
    if not isinstance(key, str) or not SESSION_KEY.fullmatch(key) or (session is not None and key != session):
        raise fail("session", f"not this file's session: {key!r}"[:120])
    try:
        student = clean_student(record.get("student"))
    except GinError as error:
        raise fail("student", str(error)) from None
    handed_in = record.get("handed_in")
    if not isinstance(handed_in, bool):
        raise fail("handed_in", f"handed_in is true or false, not {handed_in!r}"[:120])
    return Pending(classset.code, key, student, _attempts(record.get("answers"), classset, source), handed_in)


def _attempts(answers: Any, classset: ClassSet, source: str) -> tuple[Attempt, ...]:
    """A pending file's answers, each to the set's puzzle at its position, in position order."""
    if not isinstance(answers, list):
        raise PendingError("answers is a list", source=source, field="answers")
    puzzles = classset.puzzles()
    attempts: dict[int, Attempt] = {}
    for item in answers:
        if not isinstance(item, dict) or set(item) != {"position", "puzzle_id", "answer", "correct", "seconds"}:
            raise PendingError("an answer is an object of position, puzzle_id, answer, correct and seconds",
                               source=source, field="answers")
        try:
            attempt = Attempt(**item)
        except ResultsError as error:
            raise PendingError(str(error), source=source, field="answers") from None
        if attempt.position > len(puzzles) or puzzles[attempt.position - 1].id != attempt.puzzle_id \
                or attempt.position in attempts or len(attempt.answer) > 200:
            raise PendingError(f"not an answer to puzzle {attempt.position} of class code {classset.code}",
                               source=source, field="answers")
        attempts[attempt.position] = attempt
    return tuple(attempts[p] for p in sorted(attempts))


def _read(path: Path, session: str | None = None) -> Pending | None:
    """The pending file at ``path`` (held under its lock), None if there is none; one that cannot
    be read is set aside (and logged), and is None too."""
    return _read_or_set_aside(path, lambda data: _pending(data, source=path.name, session=session),
                              "pending class answers")


Read = TypeVar("Read")


def _read_or_set_aside(path: Path, parse: Callable[[Any], Read], what: str) -> Read | None:
    """``parse`` of the JSON at ``path``, None if there is none; a file that cannot be read or parsed is set
    aside (and logged, as ``what``), and is None too."""
    try:
        data = parse_json(read_record(path, limit=LIMIT, error=PendingError), source=path.name, error=PendingError)
        return parse(data)
    except FileNotFoundError:
        return None
    except PendingError as error:
        problem = error
    try:
        aside = set_aside(path, "corrupt")
    except StorageError as failure:
        log.error("%s %s cannot be read (%s) nor set aside: %s", what, path, problem, failure)
        return None
    log.error("%s %s cannot be read (%s): set aside as %s", what, path, problem, aside)
    return None


def load(code: str, session: str) -> Pending | None:
    """What this server keeps for the store of the session ``session`` of the class ``code``; None
    when nothing (or a file of another class: a session is one class's)."""
    path = pending_path(session)
    if not path.exists() and not path.is_symlink():
        return None
    with locked(path):
        pending = _read(path, session)
    return pending if pending is not None and pending.code == ClassSet.from_code(code).code else None


def keep(code: str, session: str, student: str, attempts: Iterable[Attempt], *, handed_in: bool = False) -> Pending:
    """Keep a session for the store until it can take it: its answers (any kept before for the
    session stay unless given again: the first answer to a puzzle stands) and its hand-in.
    Raises StorageError when the file cannot be written."""
    code = ClassSet.from_code(code).code
    path = pending_path(session)
    given = {a.position: a for a in attempts}
    with locked(path):
        before = _read(path, session)
        if before is not None and before.code == code:
            given = {a.position: a for a in before.attempts} | given
            handed_in = handed_in or before.handed_in
        pending = Pending(code, session, clean_student(student), tuple(given[p] for p in sorted(given)), handed_in)
        write_json_atomic(path, _record(pending), mode=0o600)
    return pending


def send(store: ClassStore, session: str) -> tuple[Attempt, ...] | None:
    """Send to ``store`` what is kept for the session ``session``, in order, and remove its file
    once all went; returns the session's answers as the store keeps them (None when nothing was
    kept). An answer the store refuses (the set handed in from elsewhere first) is left out.
    Raises StoreError, the file kept, when the store cannot be reached."""
    path = pending_path(session)
    if not path.exists() and not path.is_symlink():
        return None
    with locked(path):
        pending = _read(path, session)
        if pending is None:
            return None
        store.start(pending.code, pending.session, pending.student)
        kept = []
        for attempt in pending.attempts:
            try:
                kept.append(store.record(pending.code, pending.session, pending.student, attempt))
            except StoreError:
                raise
            except GinError as error:  # handed in elsewhere first: the store's session stands
                log.warning("pending class answer %s of %s left out: %s", attempt.position, path.name, error)
        if pending.handed_in:
            store.hand_in(pending.code, pending.session, pending.student)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
    log.info("pending class answers %s sent to the class store", path.name)
    return tuple(kept)


def kept_for(code: str) -> tuple[Pending, ...]:
    """Every session this server keeps for the store of the class ``code``."""
    code = ClassSet.from_code(code).code
    try:
        keys = sorted(entry.name.removesuffix(".json") for entry in os.scandir(folder())
                      if entry.name.endswith(".json"))
    except (FileNotFoundError, NotADirectoryError):
        return ()
    kept = (load(code, key) for key in keys if SESSION_KEY.fullmatch(key))
    return tuple(pending for pending in kept if pending is not None)


def send_class(store: ClassStore, code: str) -> int:
    """Send to ``store`` every session kept for the class ``code``; returns how many went.
    Raises StoreError when the store cannot be reached."""
    return sum(send(store, pending.session) is not None for pending in kept_for(code))


# -- reviews of practice hands -------------------------------------------------------------------------


@dataclass(frozen=True)
class PendingReview:
    """A hand review a student's page kept for the store: the class code, the student, the review's name in the
    store and the review as kept (:class:`~gintrainer.records.reviews.KeptReview`)."""

    code: str
    student: str
    review_id: str
    kept: KeptReview


def review_path(review_id: str) -> Path:
    """The pending file of the review named ``review_id`` in the store (checked)."""
    if not isinstance(review_id, str) or not SESSION_KEY.fullmatch(review_id):
        raise GinError(f"not a review's name: {review_id!r}"[:120])
    return data_dir() / REVIEWS_FOLDER / f"{review_id}.json"


def keep_review(code: str, student: str, review_id: str, kept: KeptReview) -> PendingReview:
    """Keep a hand review for the store until it can take it (a review kept before under that name stays: the
    first stands). Raises StorageError when the file cannot be written."""
    pending = PendingReview(ClassSet.from_code(code).code, clean_student(student), review_id, kept)
    path = review_path(review_id)
    with locked(path):
        if _read_review(path) is None:
            write_json_atomic(path, PENDING_REVIEW.stamp({"code": pending.code, "student": pending.student,
                                                          "review_id": review_id, "kept": kept.to_dict()}),
                              mode=0o600)
    return pending


def _pending_review(data: Any, *, source: str) -> PendingReview:
    record = PENDING_REVIEW.read(data, source=source)
    if set(record) != {"format", "version", "code", "student", "review_id", "kept"}:
        raise PendingError("a pending review has code, student, review_id and kept", source=source)
    review_id = record["review_id"]
    if not isinstance(review_id, str) or not SESSION_KEY.fullmatch(review_id) or source != f"{review_id}.json":
        raise PendingError(f"not this file's review: {review_id!r}"[:120], source=source, field="review_id")
    try:
        code = ClassSet.from_code(record["code"] if isinstance(record["code"], str) else repr(record["code"])).code
        student = clean_student(record["student"])
        kept = KeptReview.from_dict(record["kept"])
    except (ClassCodeError, GinError) as error:
        raise PendingError(str(error), source=source) from None
    return PendingReview(code, student, review_id, kept)


def _read_review(path: Path) -> PendingReview | None:
    """The pending review at ``path`` (held under its lock), None if there is none; one that cannot be read
    is set aside (and logged), and is None too."""
    return _read_or_set_aside(path, lambda data: _pending_review(data, source=path.name), "pending hand review")


def reviews_kept(code: str | None = None) -> tuple[PendingReview, ...]:
    """Every review this server keeps for the store (of the class ``code`` only, when given)."""
    wanted = None if code is None else ClassSet.from_code(code).code
    try:
        names = sorted(entry.name for entry in os.scandir(data_dir() / REVIEWS_FOLDER)
                       if entry.name.endswith(".json") and SESSION_KEY.fullmatch(entry.name.removesuffix(".json")))
    except (FileNotFoundError, NotADirectoryError):
        return ()
    found = []
    for name in names:
        path = data_dir() / REVIEWS_FOLDER / name
        with locked(path):
            pending = _read_review(path)
        if pending is not None and (wanted is None or pending.code == wanted):
            found.append(pending)
    return tuple(found)


def send_reviews(store: ClassStore, code: str | None = None) -> int:
    """Send to ``store`` every review kept for it (of the class ``code`` only, when given), removing each file
    once it went; returns how many went. A review the store refuses is set aside (and logged). Raises
    StoreError, the files kept, when the store cannot be reached."""
    sent = 0
    for pending in reviews_kept(code):
        path = review_path(pending.review_id)
        with locked(path):
            current = _read_review(path)
            if current is None:  # sent by another page meanwhile
                continue
            try:
                _record_review(store, current)
            except StoreError:
                raise
            except GinError as error:
                aside = set_aside(path, "refused")
                log.error("pending hand review %s refused by the class store (%s): set aside as %s", path.name,
                          error, aside)
                continue
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)
        sent += 1
    if sent:
        log.info("%d pending hand reviews sent to the class store", sent)
    return sent


def _record_review(store: ClassStore, pending: PendingReview) -> None:
    kept = pending.kept
    store.record_review(pending.code, pending.student, kept.review, history=kept.history, hand=kept.hand,
                        tutor=kept.tutor, review_id=pending.review_id, at=datetime.fromisoformat(kept.at))


def review_to_store(store: ClassStore, code: str, student: str, review_id: str, kept: KeptReview) -> bool:
    """Record a student's hand review in ``store`` under the class ``code``, after the reviews this server kept
    for it; when the store cannot be reached, keep it on the server for later (:func:`keep_review`). True when
    it went to the store, False when it is kept here. A review the store refuses raises its GinError; one that
    cannot be kept here either raises StorageError."""
    pending = PendingReview(ClassSet.from_code(code).code, clean_student(student), review_id, kept)
    review_path(review_id)  # a name that is no review's is refused before anything is tried
    try:
        send_reviews(store)
        _record_review(store, pending)
    except StoreError as error:
        log.warning("a hand review of %r for %s kept on the server: %s", pending.student, pending.code, error)
        keep_review(pending.code, pending.student, review_id, kept)
        return False
    return True


__all__ = ["FOLDER", "PENDING", "PENDING_REVIEW", "Pending", "PendingError", "PendingReview", "REVIEWS_FOLDER",
           "keep", "keep_review", "kept_for", "load", "pending_path", "review_path", "reviews_kept", "send",
           "review_to_store", "send_class", "send_reviews"]
