"""Learner profiles on disk: one progress file per learner in the data folder's
``profiles`` folder (see :mod:`gintrainer.records.storage`).

Several pages and several students may share one server, each page in its own
process, so every change is a read-modify-write under the profile's lock, and
every write replaces the file atomically. A file that cannot be read is never
deleted: it is renamed aside and the caller is told.

Names match whatever their case: "Mia", "mia" and "MIA" open one profile,
stored under the spelling first typed. Version 1 filed each exact spelling
apart; such a pair is merged when the profile is first opened, and both old
files are kept as ``*.merged-<time>.json``.

On a shared server (:func:`gintrainer.app.profiles_shared`) a profile is opened
with its PIN (:func:`enter`), set when the profile is started. The PIN is kept
apart from the progress, in the data folder's ``pins`` folder (one file per
profile, written under the profile's lock), as a salted scrypt hash only: the
exported progress carries nothing of it, and a profile reset, merged or set
aside as unreadable keeps its PIN, so nobody can claim a name by damaging its
file. Wrong PINs are counted in that file, across every page of the server:
after :data:`FREE_TRIES` of them in a row each further try waits twice as long
as the last (from 1 s up to :data:`LONGEST_WAIT`), and the right PIN clears the
count. A profile without a PIN (started in the open mode, on a learner's own
computer) does not open on a shared server until an administrator gives it one
(``gintrainer pin NAME``, :func:`set_pin`).
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import math
import secrets
import time
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from ..words.errors import GinError
from ..words.language import t, tn
from .progress import (
    PROFILE,
    Answer,
    LessonKey,
    Progress,
    ProgressError,
    ProgressFileError,
    Settings,
    merge_profiles,
    verify_attempt,
)
from .rating import Rating
from .reviews import KeptReview
from .storage import (
    clean_name,
    copy_aside,
    data_dir,
    locked,
    move_into_place,
    name_key,
    name_stem,
    read_json,
    read_or_set_aside,
    record_files,
    record_path,
    set_aside,
    spelling_stem,
    write_json_atomic,
    write_text_atomic,
)

FOLDER = "profiles"
PINS = "pins"
"""The folder of the data folder holding each protected profile's PIN record."""
PIN_FORMAT = "gintrainer-pin"
PIN_LENGTHS = (4, 64)
"""The fewest and most characters of a PIN (digits or a short passphrase)."""
SCRYPT = {"n": 2 ** 14, "r": 8, "p": 1}
"""scrypt's cost: about 16 MiB and a few tens of milliseconds per PIN checked."""
FREE_TRIES = 3
"""Wrong PINs in a row that cost nothing; each one after them waits twice as long as the last."""
LONGEST_WAIT = 900
"""The longest wait in seconds between two tries of a profile's PIN (a guesser needs months for
four digits; its owner waits a quarter of an hour at worst, or asks for a new PIN)."""
log = logging.getLogger("gintrainer.records.profiles")


class PinError(ProgressError):
    """A PIN that is wrong, badly formed, or tried too soon after wrong ones; or a profile
    that has no PIN on a shared server. Nothing of the profile was read or changed."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """A profile's progress after an operation, anything the learner must be told, and
    (for a change) the progress just before it, to say what the change did."""

    progress: Progress
    notices: tuple[str, ...] = ()
    previous: Progress | None = None

    @property
    def notice(self) -> str | None:
        """The notices as one message, or None if there is nothing to tell."""
        return " ".join(self.notices) or None


def profile_path(name: str) -> Path:
    """Where the profile's progress file is (or would be), whatever the case of ``name``."""
    return record_path(FOLDER, name)


def _progress_in(document: Any, path: Path, name: str) -> tuple[Progress, bool]:
    """The progress in a profile file's JSON, and whether the file is of an earlier version
    (to be written again in this one); a file of another profile is refused."""
    progress = Progress.from_dict(document)
    if name_key(progress.name) != name_key(name) or not _filed_under(path, progress.name):
        raise ProgressFileError(f"the file {path.name} names the profile {progress.name!r}, not {name!r}",
                                source=path.name, field="name")
    return progress, PROFILE.version_of(document) < PROFILE.version


def _filed_under(path: Path, name: str) -> bool:
    """Whether a profile file is where a profile of ``name`` is kept: under its name, or
    (version 1) under its exact spelling. A file elsewhere was copied or damaged."""
    return path.stem in (name_stem(name), spelling_stem(name))


def _read(path: Path) -> Progress:
    """The progress in a profile file that is where its name is kept (ProgressFileError if
    it cannot be read or is another's)."""
    progress = Progress.from_dict(read_json(path, error=ProgressFileError))
    if not _filed_under(path, progress.name):
        raise ProgressFileError(f"the file {path.name} names the profile {progress.name!r}, kept elsewhere",
                                source=path.name, field="name")
    return progress


def _spellings_elsewhere(folder: Path, path: Path, name: str) -> list[tuple[Path, Progress]]:
    """The other readable profile files whose name folds like ``name``: version 1 filed
    each exact spelling apart ("Mia" and "mia")."""
    key = name_key(name)
    found = []
    for file in record_files(folder):
        if file == path:
            continue
        try:
            other = _read(file)
        except (OSError, ProgressError):
            continue
        if name_key(other.name) == key:
            found.append((file, other))
    return found


def _current(path: Path, name: str) -> tuple[Progress | None, list[str], bool]:
    """The profile's progress, read under its lock (None if it has none), the notices, and
    whether it must be written back.

    An unreadable file is set aside. A file of version 1 is migrated, and
    merged with any file of a spelling that differs only in case (the old
    files are kept as ``*.merged-<time>.json``).
    """
    read, bad = read_or_set_aside(path, lambda document: _progress_in(document, path, name))
    progress, outdated = read if read is not None else (None, False)
    notices = []
    if bad is not None:
        notices.append(t("Your progress file for {name} was unreadable ({problem}) and was set aside as {file}.",
                         name=repr(name), problem=bad.problem, file=str(bad.aside)))
    if progress is not None and (progress.dropped or progress.deck_dropped):
        copy = copy_aside(path, "dropped")
        if progress.dropped:
            notices.append(_dropped_notice(progress.dropped, copy))
        if progress.deck_dropped:
            notices.append(tn("Your review deck's record of your answers could not be read in one place and was "
                              "left out ({problem}); your puzzles keep their schedule, and the file as it was is "
                              "kept as {copy}.",
                              "Your review deck's record of your answers could not be read in {n} places and was "
                              "left out (the first: {problem}); your puzzles keep their schedule, and the file as "
                              "it was is kept as {copy}.", len(progress.deck_dropped),
                              problem=progress.deck_dropped[0], copy=copy.name))
        progress, outdated = replace(progress, dropped=(), deck_dropped=()), True
    if progress is not None and not outdated:
        return progress, notices, False
    others = _spellings_elsewhere(path.parent, path, name)
    if not others:
        return progress, notices, outdated
    if progress is None and len(others) == 1:
        move_into_place(others[0][0], path)
        return others[0][1], notices, True
    found = sorted(([(path, progress)] if progress is not None else []) + others,
                   key=lambda entry: (entry[1].created, entry[1].name))
    merged = merge_profiles(p for _, p in found)
    kept = [set_aside(file, "merged") for file, _ in found]
    # Translators: {names} are the profiles' names, quoted and separated by commas; {files} the files' paths.
    notices.append(t("The profiles {names} have names that differ only in case, so they are one profile now: their "
                     "progress was merged under {name}, and the old files were kept as {files}.",
                     names=", ".join(repr(p.name) for _, p in found), name=repr(merged.name),
                     files=", ".join(map(str, kept))))
    return merged, notices, True


def _dropped_notice(problems: tuple[str, ...], copy: Path) -> str:
    """What the learner is told of the hand reviews left out of their file (the file as it was is kept)."""
    return tn("One of your hand reviews could not be read and was left out ({problem}); the file as it was is "
              "kept as {copy}.",
              "{n} of your hand reviews could not be read and were left out (the first: {problem}); the file as "
              "it was is kept as {copy}.", len(problems), problem=problems[0], copy=copy.name)


def _write(path: Path, progress: Progress) -> None:
    """Replace the profile's file atomically, readable by its owner only."""
    write_text_atomic(path, progress.to_json(), mode=0o600)


def _change(name: str, change: Callable[[Progress], Progress] | None, *, create: bool = True,
            only_if_changed: bool = False) -> Outcome:
    """Read, change and write a profile under its lock, starting it if it is missing or unreadable."""
    name = clean_name(name)
    with locked(profile_path(name)) as path:
        progress, notices, dirty = _current(path, name)
        if progress is None:
            if not notices and not create:
                raise ProgressError(t("there is no profile named {name}", name=repr(name)))
            if notices:
                notices.append(t("A fresh one was started."))
            progress, dirty = Progress.new(name), True
        previous = progress
        if change is not None:
            changed = change(progress)
            progress, dirty = changed, dirty or not only_if_changed or changed is not progress
        if dirty:
            _write(path, progress)
    return Outcome(progress, tuple(notices), previous)


def list_profiles() -> tuple[str, ...]:
    """The names of the stored profiles, sorted, each once whatever its case (the oldest
    spelling); unreadable files are left to :func:`load` to report."""
    found: dict[str, Progress] = {}
    for file in record_files(data_dir() / FOLDER):
        try:
            progress = _read(file)
        except (OSError, ProgressFileError):
            continue
        key = name_key(progress.name)
        if key not in found or (progress.created, progress.name) < (found[key].created, found[key].name):
            found[key] = progress
    return tuple(sorted((p.name for p in found.values()), key=lambda n: (n.casefold(), n)))


def saved_language(name: str) -> str | None:
    """The language the profile saved, or None (no profile, none saved, or a file that
    cannot be read: opening the profile reports that). Reads only, writes nothing."""
    try:
        path = profile_path(clean_name(name))
        progress, _ = _progress_in(read_json(path, error=ProgressFileError), path, name)
    except (OSError, GinError):
        return None
    return progress.settings.language


def load(name: str, *, create: bool = True) -> Outcome:
    """The profile's progress, under whatever spelling of its name, started afresh if it is
    new (unless ``create`` is false) or its file is unreadable; an unreadable file is set
    aside and named in the notice."""
    return _change(name, None, create=create)


def record_attempt(name: str, puzzle: Any, result: str, *, answer: Answer, hints: int,
                   at: datetime | None = None, seconds: float | None = None, against: Rating | None = None,
                   themed: bool = False) -> Outcome:
    """Record one attempt (see :meth:`Progress.with_attempt`; ``seconds``: how long the answer took, ``against``
    the puzzle's learned rating) in the profile, atomically; the outcome's ``previous`` is the progress just
    before it."""
    verify_attempt(puzzle, result, answer=answer, hints=hints, at=at)
    Progress.new(name).with_attempt(puzzle, result, answer=answer, hints=hints, at=at, seconds=seconds,
                                    against=against, themed=themed)  # bad values are refused before the lock
    return _change(name, lambda p: p.with_attempt(puzzle, result, answer=answer, hints=hints, at=at,
                                                  seconds=seconds, against=against, themed=themed))


def enter_deck(name: str, puzzles: Iterable[tuple[str, str]], *, at: datetime | None = None) -> Outcome:
    """Enter each ``(puzzle id, kind)`` in the profile's review deck (see
    :meth:`Progress.with_deck_entries`), atomically; the file is written only when one of them is new."""
    puzzles = tuple(puzzles)
    Progress.new(name).with_deck_entries(puzzles, at=at)  # bad values are refused before the lock
    return _change(name, lambda p: p.with_deck_entries(puzzles, at=at), create=False, only_if_changed=True)


def record_exercise(name: str, lesson: LessonKey, kind: str, *, right: bool) -> Outcome:
    """Record the first answer to one position of a lesson's exercise in the profile,
    atomically (see :meth:`Progress.with_exercise`)."""
    Progress.new(name).with_exercise(lesson, kind, right=right)  # bad values are refused before the lock
    return _change(name, lambda p: p.with_exercise(lesson, kind, right=right))


def record_check(name: str, lesson: LessonKey, *, right: int, questions: int) -> Outcome:
    """Record a lesson's closing check, taken with ``right`` of its ``questions`` right at the
    first try, in the profile, atomically (see :meth:`Progress.with_check`)."""
    Progress.new(name).with_check(lesson, right=right, questions=questions)
    return _change(name, lambda p: p.with_check(lesson, right=right, questions=questions))


def update_settings(name: str, **settings: Any) -> Outcome:
    """Change some of the profile's settings (``four_colour``, ``difficulty``)."""
    Settings().replace(**settings)
    return _change(name, lambda p: p.with_settings(**settings))


def record_review(name: str, review: object, history: object = None, *, match: object, hand: object,
                  source: str = "practice", at: datetime | None = None, tutor: object = ()) -> Outcome:
    """Keep the review of one played hand in the profile, atomically (see
    :class:`~gintrainer.records.reviews.KeptReview`: ``review`` is the review's record, ``history``
    the hand's, ``match`` and ``hand`` where it was played, ``tutor`` the tutor's notes); only the latest
    :data:`~gintrainer.records.reviews.KEPT_LIMIT` are kept. A review that is not one, or is
    too large, is refused before the profile is read.

    The records sit below the replays: call :func:`gintrainer.replay.kept.keep_review` with
    the review itself, which checks the whole record before it comes here."""
    kept = KeptReview.make(review, history, source=source, match=match, hand=hand, at=at, tutor=tutor)
    return _change(name, lambda p: p.with_review(kept))


def hand_reviews(name: str) -> tuple[KeptReview, ...]:
    """The hand reviews kept in the profile, the latest first (none for a profile not started)."""
    try:
        return load(name, create=False).progress.latest_reviews
    except ProgressError as error:
        if isinstance(error, ProgressFileError):
            raise
        return ()


def export(name: str) -> str:
    """The profile's progress as JSON text, for download; :func:`import_profile` reads it back.

    An unreadable file raises ProgressFileError and is left as it is (load the
    profile to set it aside); a file of version 1 is migrated first.
    """
    name = clean_name(name)
    with locked(profile_path(name)) as path:
        try:
            _progress_in(read_json(path, error=ProgressFileError), path, name)
        except FileNotFoundError:
            pass
        except ProgressFileError as error:
            raise ProgressFileError(f"the progress file of {name!r} ({path}) is unreadable: {error.problem}") \
                from None
        progress, _, dirty = _current(path, name)
        if progress is not None and dirty:
            _write(path, progress)
    if progress is None:
        raise ProgressError(t("there is no profile named {name}", name=repr(name)))
    return progress.to_json(indent=1)


def _back_up(path: Path, name: str) -> tuple[Progress | None, list[str]]:
    """Move the profile's current file aside as a backup (an unreadable one as corrupt)."""
    current, notices, dirty = _current(path, name)
    if current is None:
        return None, notices
    if dirty:
        _write(path, current)
    aside = set_aside(path, "backup")
    return current, notices + [t("The previous progress of {name} was kept as {file}.", name=repr(current.name),
                                 file=str(aside))]


def reset(name: str) -> Outcome:
    """Start the profile afresh, keeping its name's spelling and its settings; the old file
    is kept as a backup."""
    name = clean_name(name)
    with locked(profile_path(name)) as path:
        old, notices = _back_up(path, name)
        progress = Progress.new(name if old is None else old.name)
        if old is not None:
            progress = replace(progress, settings=old.settings)
        _write(path, progress)
    return Outcome(progress, tuple(notices))


def import_profile(text: str | bytes, *, name: str | None = None, replace_existing: bool = False) -> Outcome:
    """Store exported progress, under its own name or ``name``.

    An existing profile of that name (whatever its case) is only replaced with
    ``replace_existing``; its old file is then kept as a backup, and its
    spelling of the name stays.
    """
    progress = Progress.from_json(text)
    dropped, deck_dropped = progress.dropped, progress.deck_dropped
    progress = replace(progress, dropped=(), deck_dropped=())
    if name is not None:
        progress = replace(progress, name=clean_name(name))
    with locked(profile_path(progress.name)) as path:
        existing, _, _ = _current(path, progress.name)
        if existing is not None and not replace_existing:
            raise ProgressError(f"a profile named {existing.name!r} already exists; "
                                f"import it with replace_existing=True to replace it (the old file is kept)")
        old, notices = _back_up(path, progress.name)
        if old is not None:
            progress = replace(progress, name=old.name)
        _write(path, progress)
    if dropped:
        notices.append(tn("One of the hand reviews in the imported progress could not be read and was left out "
                          "({problem}).",
                          "{n} of the hand reviews in the imported progress could not be read and were left out "
                          "(the first: {problem}).", len(dropped), problem=dropped[0]))
    if deck_dropped:
        notices.append(tn("The review deck's record of answers in the imported progress could not be read in one "
                          "place and was left out ({problem}).",
                          "The review deck's record of answers in the imported progress could not be read in {n} "
                          "places and was left out (the first: {problem}).", len(deck_dropped),
                          problem=deck_dropped[0]))
    return Outcome(progress, tuple(notices))

# -- PINs, on a shared server ----------------------------------------------------------

def clean_pin(pin: Any) -> str:
    """A PIN as kept: NFC-normalised, without space around it, of :data:`PIN_LENGTHS`
    characters, none of them a control character; PinError otherwise."""
    if isinstance(pin, str):
        pin = unicodedata.normalize("NFC", pin).strip()
    low, high = PIN_LENGTHS
    if not isinstance(pin, str) or not low <= len(pin) <= high or \
            any(unicodedata.category(c) in ("Cc", "Cs") for c in pin):
        raise PinError(t("A PIN has {low} to {high} characters: digits, or a few words.", low=low, high=high))
    return pin


def _pin_path(name: str) -> Path:
    return record_path(PINS, name)


def _hash(pin: str, salt: bytes, cost: dict[str, int]) -> bytes:
    return hashlib.scrypt(pin.encode("utf-8"), salt=salt, n=cost["n"], r=cost["r"], p=cost["p"], dklen=32,
                          maxmem=64 * 1024 * 1024)


def _pin_record(name: str) -> dict[str, Any] | None:
    """The profile's PIN record (None if it has none); PinError if the record cannot be read,
    which keeps the profile shut until an administrator sets a new PIN."""
    path = _pin_path(name)
    try:
        record: dict[str, Any] = read_json(path, error=ProgressFileError)
        cost = record["cost"]
        if record["format"] != PIN_FORMAT or name_key(record["name"]) != name_key(name) or \
                set(cost) != set(SCRYPT) or not all(isinstance(v, int) and 0 < v <= 2 ** 20 for v in cost.values()):
            raise ValueError("not this profile's PIN record")
        if len(bytes.fromhex(record["salt"])) != 16 or len(bytes.fromhex(record["hash"])) != 32:
            raise ValueError("a salt of 16 bytes and a hash of 32")
        failures, failed_at = record["failures"], record["failed_at"]
        if isinstance(failures, bool) or not isinstance(failures, int) or failures < 0 or \
                isinstance(failed_at, bool) or not isinstance(failed_at, (int, float)) or not math.isfinite(failed_at):
            raise ValueError("the wrong tries are counted in numbers")
    except FileNotFoundError:
        return None
    except (OSError, GinError, ValueError, TypeError, KeyError, AttributeError) as error:
        log.error("the PIN record %s cannot be read: %s", path, error)
        raise PinError(t("The PIN of this profile cannot be checked: ask your teacher to set a new one.")) from None
    return record


def _write_pin(name: str, pin: str) -> None:
    salt = secrets.token_bytes(16)
    record = {"format": PIN_FORMAT, "version": 1, "name": name, "cost": SCRYPT, "salt": salt.hex(),
              "hash": _hash(pin, salt, SCRYPT).hex(), "failures": 0, "failed_at": 0}
    folder = data_dir() / PINS
    folder.mkdir(parents=True, exist_ok=True)
    write_json_atomic(_pin_path(name), record, mode=0o600)


def wait_for_pin(failures: int, failed_at: float, now: float) -> int:
    """The seconds still to wait before a profile's PIN may be tried again, after ``failures``
    wrong tries in a row, the last at ``failed_at``.

    >>> [wait_for_pin(n, 100, 100) for n in (0, 2, 3, 4, 5, 12, 13, 99)]
    [0, 0, 1, 2, 4, 512, 900, 900]
    >>> wait_for_pin(4, 100, 101.5)
    1
    """
    if failures < FREE_TRIES:
        return 0
    wait = min(2 ** min(failures - FREE_TRIES, 20), LONGEST_WAIT)
    return max(0, int(failed_at + wait - now + 0.999))


def _exists(path: Path, name: str) -> bool:
    """Whether the profile has a file, under its name or (version 1) an exact spelling."""
    return path.exists() or bool(_spellings_elsewhere(path.parent, path, name))


def has_pin(name: str) -> bool:
    """Whether the profile has a PIN record (a damaged one too)."""
    return _pin_path(clean_name(name)).exists()


def profile_exists(name: str) -> bool:
    """Whether a profile of that name (in any spelling) was started, with or without a PIN."""
    name = clean_name(name)
    return has_pin(name) or _exists(profile_path(name), name)


def enter(name: str, pin: Any, *, create: bool = False, now: float | None = None) -> Outcome:
    """Open the profile with its PIN, as :func:`load` does; with ``create``, a profile not
    started yet is started with ``pin`` as its PIN.

    A wrong PIN, one tried too soon after wrong ones, or a profile without a PIN
    raises PinError, and nothing of the profile is read but its PIN record
    (where a wrong PIN is counted). A wrong PIN is logged."""
    name = clean_name(name)
    pin = clean_pin(pin)
    now = time.time() if now is None else now
    with locked(profile_path(name)) as path:
        record = _pin_record(name)
        if record is None:
            if _exists(path, name):
                raise PinError(t("This profile has no PIN yet: ask your teacher to give it one."))
            if not create:
                raise ProgressError(t("there is no profile named {name}", name=repr(name)))
            _write_pin(name, pin)
            _write(path, Progress.new(name))
        else:
            wait = wait_for_pin(record["failures"], record["failed_at"], now)
            if wait:
                log.warning("a PIN for the profile %r tried %d s too soon", name, wait)
                raise PinError(t("Too many wrong PINs for this profile: wait {seconds} s and try again.",
                                 seconds=wait))
            right = hmac.compare_digest(_hash(pin, bytes.fromhex(record["salt"]), record["cost"]),
                                        bytes.fromhex(record["hash"]))
            if not right or record["failures"]:
                failures = 0 if right else record["failures"] + 1
                write_json_atomic(_pin_path(name), {**record, "failures": failures,
                                                    "failed_at": record["failed_at"] if right else now}, mode=0o600)
            if not right:
                log.warning("wrong PIN for the profile %r (%d in a row)", name, record["failures"] + 1)
                raise PinError(t("Wrong PIN for this profile."))
    return load(name, create=False)


def set_pin(name: str, pin: Any) -> None:
    """Give the profile a new PIN (the administrator's ``gintrainer pin``): any old one and
    its count of wrong tries are forgotten, and every browser signed in with the old one
    must type the new one. The profile must exist."""
    name = clean_name(name)
    pin = clean_pin(pin)
    with locked(profile_path(name)) as path:
        if not _exists(path, name) and not _pin_path(name).exists():
            raise ProgressError(t("there is no profile named {name}", name=repr(name)))
        _write_pin(name, pin)


def sign_in_key(name: str) -> str | None:
    """What a browser's sign-in to the profile names (:func:`gintrainer.app.learner_ticket`): its
    file's stem and a part of its PIN's salt, so that a new PIN ends the sign-ins made with the
    old one; None for a profile without a readable PIN."""
    try:
        record = _pin_record(clean_name(name))
    except GinError:
        return None
    return None if record is None else f"{name_stem(name)}-{record['salt'][:16]}"


__all__ = ["FOLDER", "Outcome", "PinError", "clean_pin", "enter", "enter_deck", "export", "hand_reviews", "has_pin",
           "import_profile", "list_profiles", "load", "profile_exists", "profile_path", "record_attempt",
           "record_check", "record_exercise", "record_review", "reset", "saved_language", "set_pin", "sign_in_key",
           "update_settings", "wait_for_pin"]
