"""Learner profiles on disk: one progress file per learner in the data folder's
``profiles`` folder (see :mod:`gintrainer.storage`).

Several pages and several students may share one server, each page in its own
process, so every change is a read-modify-write under the profile's lock, and
every write replaces the file atomically. A file that cannot be read is never
deleted: it is renamed aside and the caller is told.

Names match whatever their case: "Mia", "mia" and "MIA" open one profile,
stored under the spelling first typed. Version 1 filed each exact spelling
apart; such a pair is merged when the profile is first opened, and both old
files are kept as ``*.merged-<time>.json``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from .errors import GinError
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
from .storage import (
    clean_name,
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
    write_text_atomic,
)

FOLDER = "profiles"


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
        notices.append(f"Your progress file for {name!r} was unreadable ({bad.problem}) and was set aside as "
                       f"{bad.aside}.")
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
    notices.append(f"The profiles {', '.join(repr(p.name) for _, p in found)} have names that differ only in "
                   f"case, so they are one profile now: their progress was merged under {merged.name!r}, and "
                   f"the old files were kept as {', '.join(map(str, kept))}.")
    return merged, notices, True


def _write(path: Path, progress: Progress) -> None:
    """Replace the profile's file atomically, readable by its owner only."""
    write_text_atomic(path, progress.to_json(), mode=0o600)


def _change(name: str, change: Callable[[Progress], Progress] | None, *, create: bool = True) -> Outcome:
    """Read, change and write a profile under its lock, starting it if it is missing or unreadable."""
    name = clean_name(name)
    with locked(profile_path(name)) as path:
        progress, notices, dirty = _current(path, name)
        if progress is None:
            if not notices and not create:
                raise ProgressError(f"there is no profile named {name!r}")
            if notices:
                notices.append("A fresh one was started.")
            progress, dirty = Progress.new(name), True
        previous = progress
        if change is not None:
            progress, dirty = change(progress), True
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
                   at: datetime | None = None) -> Outcome:
    """Record one attempt (see :meth:`Progress.with_attempt`) in the profile, atomically;
    the outcome's ``previous`` is the progress just before it."""
    verify_attempt(puzzle, result, answer=answer, hints=hints, at=at)
    return _change(name, lambda p: p.with_attempt(puzzle, result, answer=answer, hints=hints, at=at))


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
        raise ProgressError(f"there is no profile named {name!r}")
    return progress.to_json(indent=1)


def _back_up(path: Path, name: str) -> tuple[Progress | None, list[str]]:
    """Move the profile's current file aside as a backup (an unreadable one as corrupt)."""
    current, notices, dirty = _current(path, name)
    if current is None:
        return None, notices
    if dirty:
        _write(path, current)
    aside = set_aside(path, "backup")
    return current, notices + [f"The previous progress of {current.name!r} was kept as {aside}."]


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
    return Outcome(progress, tuple(notices))


__all__ = ["FOLDER", "Outcome", "export", "import_profile", "list_profiles", "load", "profile_path", "record_attempt",
           "record_check", "record_exercise", "reset", "saved_language", "update_settings"]
