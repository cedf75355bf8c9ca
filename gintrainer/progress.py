"""Learner progress: one small JSON file per profile in the user's data folder.

Several pages and several students may share one server, each page in its own
process, so every change is a read-modify-write under an exclusive lock on the
profile's lock file, and every write replaces the file atomically. A file that
cannot be read is never deleted: it is renamed aside and the caller is told.

The data folder is ``$GINTRAINER_DATA`` if set, else ``$XDG_DATA_HOME/gintrainer``,
else ``~/.local/share/gintrainer``; profiles live in its ``profiles`` folder.
Locking uses ``fcntl``, so this module needs a POSIX system.

Names match whatever their case: "Mia", "mia" and "MIA" open one profile,
stored under the spelling first typed. Each puzzle counts once per learner: the
first answer moves the rating, the counts and the streak; a later answer (a
puzzle from the review list, a daily puzzle replayed) is practice, kept in the
history and the review list only.

>>> k1 = {"id": "k1", "kind": "can_knock", "themes": ["set-or-run"], "difficulty": 900}
>>> p = Progress.new("Ann").with_attempt(k1, "failed", answer=True, hints=0)
>>> p.failed, p.streak, p.review, p.themes["set-or-run"].failed
(1, 0, ('k1',), 1)
>>> again = p.with_attempt(k1, "solved", answer=False, hints=0)
>>> again.solved, again.rating == p.rating, again.review, again.history[-1].counted
(0, True, (), False)
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import math
import os
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from contextlib import contextmanager, suppress
from dataclasses import asdict, dataclass, field, fields, replace
from datetime import datetime, timezone
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterator

from .errors import GinError
from .files import write_text_atomic
from .rating import Rating, RatingError
from .rating import update as update_rating

SCHEMA = 2
"""The version of the progress file format. Version 1 (before ``seen_ids`` and the
attempts' ``counted``) is read and migrated; a file of any other version is set aside."""
ENV_VAR = "GINTRAINER_DATA"
KINDS = ("can_knock", "best_discard")
RESULTS = ("solved", "failed", "hinted")
DIFFICULTIES = {"easier": -200.0, "adaptive": 0.0, "harder": 200.0}
"""The difficulty setting: how far above the learner's rating puzzles are picked."""
NAME_LIMIT = 40
ANSWER_LIMIT = 200
HISTORY_LIMIT = 1000
"""The history keeps the latest attempts only; the counts cover every attempt."""

_V1_DOCUMENT_KEYS = ("schema", "name", "created", "rating", "solved", "failed", "hinted", "streak", "best_streak",
                     "themes", "kinds", "review", "solved_ids", "settings", "history")
_V1_ATTEMPT_KEYS = frozenset(("puzzle_id", "kind", "result", "hints", "answer", "at", "difficulty", "rating"))
_DOCUMENT_KEYS = {1: _V1_DOCUMENT_KEYS, 2: _V1_DOCUMENT_KEYS + ("seen_ids",)}
_ATTEMPT_KEYS = {1: _V1_ATTEMPT_KEYS, 2: _V1_ATTEMPT_KEYS | {"counted"}}
_FILE = re.compile(r"[a-z0-9-]+-[0-9a-f]{12}\.json")

Answer = str | bool | int | None


class ProgressError(GinError):
    """A bad attempt, setting or profile operation (nothing was changed)."""


class ProfileNameError(ProgressError):
    """A profile name that is empty, too long or has control characters."""


class ProgressFileError(ProgressError):
    """Text that is not a progress document of the current schema."""


def _utc_text(moment: datetime | None = None) -> str:
    if moment is None:
        moment = datetime.now(timezone.utc)
    elif not isinstance(moment, datetime) or moment.utcoffset() is None:
        raise ProgressError(f"the time of an attempt must be a datetime with a time zone, not {moment!r}")
    return moment.astimezone(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def clean_name(name: Any) -> str:
    """The profile name as stored: NFC-normalised and stripped; raises ProfileNameError if unusable.

    >>> clean_name("  Zoë ")
    'Zoë'
    >>> clean_name("a\\x00b")
    Traceback (most recent call last):
    ...
    gintrainer.progress.ProfileNameError: a profile name cannot contain the character '\\x00': 'a\\x00b'
    """
    if not isinstance(name, str):
        raise ProfileNameError(f"a profile name must be text, not {name!r}")
    cleaned = unicodedata.normalize("NFC", name).strip()
    if not cleaned:
        raise ProfileNameError(f"a profile name cannot be empty: {name!r}")
    if len(cleaned) > NAME_LIMIT:
        raise ProfileNameError(f"a profile name can have at most {NAME_LIMIT} characters, "
                               f"not {len(cleaned)}: {cleaned[:NAME_LIMIT]!r}...")
    for char in cleaned:
        if not char.isprintable():
            raise ProfileNameError(f"a profile name cannot contain the character {char!r}: {name!r}")
    return cleaned


def _stem(text: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")[:24].strip("-") or "profile"
    return f"{slug}-{hashlib.sha256(text.encode('utf-8')).hexdigest()[:12]}"


def file_stem(name: str) -> str:
    """A file name without extension for this exact spelling: an ASCII slug and a hash of the name.

    Only ``a-z``, ``0-9`` and ``-`` appear, so no name can reach outside its
    folder; the hash keeps names with the same slug apart. (Profiles are filed
    by :func:`profile_stem`, which ignores case.)

    >>> file_stem("../Zoë Smith")
    'zoe-smith-0d5414a294a4'
    """
    return _stem(clean_name(name))


_DOTTED_I = "\u0307"  # COMBINING DOT ABOVE: how İ folds (i + dot) in the default case folding


def name_key(name: Any) -> str:
    """What two names must share to open one profile: the name folded for case.

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


def profile_stem(name: str) -> str:
    """The profile's file name without extension: :func:`file_stem` of the folded name,
    so every spelling of a name finds the same file.

    >>> profile_stem("Mia") == profile_stem("MIA") == file_stem("mia")
    True
    """
    return _stem(name_key(name))


def data_dir() -> Path:
    """The data folder, read from the environment at each call."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".local" / "share"
    return base / "gintrainer"


def profile_path(name: str) -> Path:
    """Where the profile's progress file is (or would be), whatever the case of ``name``."""
    return data_dir() / "profiles" / f"{profile_stem(name)}.json"


# --- the model ---------------------------------------------------------------

def _count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ProgressFileError(f"{what} must be a whole number from 0, not {value!r}")
    return value


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value:
        raise ProgressFileError(f"{what} must be non-empty text, not {value!r}")
    return value


def _finite(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ProgressFileError(f"{what} must be a finite number, not {value!r}")
    return float(value)


def _choice(value: Any, choices: Iterable[str], what: str) -> str:
    choices = tuple(choices)
    if value not in choices:
        raise ProgressFileError(f"{what} must be one of {', '.join(map(repr, choices))}, not {value!r}")
    return value


def _answer(value: Any) -> Answer:
    if value is not None and not isinstance(value, (str, bool, int)):
        raise ProgressError(f"an answer must be text, true/false, a whole number or None, not {value!r}")
    if isinstance(value, str) and len(value) > ANSWER_LIMIT:
        raise ProgressError(f"an answer can have at most {ANSWER_LIMIT} characters, not {len(value)}")
    return value


def _timestamp(value: Any, what: str) -> str:
    try:
        datetime.fromisoformat(_text(value, what))
    except ValueError:
        raise ProgressFileError(f"{what} must be an ISO 8601 time, not {value!r}") from None
    return value


def _object(data: Any, keys: Iterable[str], what: str) -> dict:
    if not isinstance(data, dict):
        raise ProgressFileError(f"{what} must be a JSON object, not {data!r:.80}")
    keys = keys if isinstance(keys, frozenset) else frozenset(keys)
    if data.keys() != keys:
        missing, unknown = sorted(keys - set(data)), sorted(set(data) - keys)
        if missing:
            raise ProgressFileError(f"{what} lacks {', '.join(map(repr, missing))}")
        raise ProgressFileError(f"{what} has unknown field {unknown[0]!r}")
    return data


@dataclass(frozen=True, slots=True)
class Tally:
    """How many attempts were solved, failed and solved with hints."""

    solved: int = 0
    failed: int = 0
    hinted: int = 0

    @property
    def attempts(self) -> int:
        return self.solved + self.failed + self.hinted

    def add(self, result: str) -> Tally:
        return replace(self, **{result: getattr(self, result) + 1})

    def to_dict(self) -> dict[str, int]:
        return {"solved": self.solved, "failed": self.failed, "hinted": self.hinted}

    @classmethod
    def from_dict(cls, data: Any, what: str = "a tally") -> Tally:
        data = _object(data, RESULTS, what)
        return cls(*(_count(data[result], f"{what}'s {result!r}") for result in RESULTS))


@dataclass(frozen=True, slots=True)
class Attempt:
    """One attempt at a puzzle; ``at`` is a UTC ISO 8601 time, ``rating`` the learner's after it.

    ``counted`` is false for practice: a puzzle the learner had answered
    before, which changed neither the rating nor the counts."""

    puzzle_id: str
    kind: str
    result: str
    hints: int
    answer: Answer
    at: str
    difficulty: float
    rating: float
    counted: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {"puzzle_id": self.puzzle_id, "kind": self.kind, "result": self.result, "hints": self.hints,
                "answer": self.answer, "at": self.at, "difficulty": self.difficulty, "rating": self.rating,
                "counted": self.counted}

    @classmethod
    def from_dict(cls, data: Any, *, schema: int = SCHEMA) -> Attempt:
        """An attempt from :meth:`to_dict`'s output; a version 1 attempt (no ``counted``) counted."""
        data = _object(data, _ATTEMPT_KEYS[schema], "an attempt")
        try:
            answer = _answer(data["answer"])
        except ProgressError as error:
            raise ProgressFileError(str(error)) from None
        counted = data.get("counted", True)
        if not isinstance(counted, bool):
            raise ProgressFileError(f"an attempt's counted must be true or false, not {counted!r}")
        return cls(_text(data["puzzle_id"], "an attempt's puzzle_id"),
                   _choice(data["kind"], KINDS, "an attempt's kind"),
                   _choice(data["result"], RESULTS, "an attempt's result"),
                   _count(data["hints"], "an attempt's hints"), answer,
                   _timestamp(data["at"], "an attempt's time"),
                   _finite(data["difficulty"], "an attempt's difficulty"),
                   _finite(data["rating"], "an attempt's rating"), counted)


@dataclass(frozen=True, slots=True)
class Settings:
    """The learner's choices: four-colour suits, and puzzles easier or harder than their level."""

    four_colour: bool = False
    difficulty: str = "adaptive"

    def __post_init__(self) -> None:
        if not isinstance(self.four_colour, bool):
            raise ProgressError(f"setting four_colour must be true or false, not {self.four_colour!r}")
        if self.difficulty not in DIFFICULTIES:
            raise ProgressError(f"setting difficulty must be one of {', '.join(map(repr, DIFFICULTIES))}, "
                                f"not {self.difficulty!r}")

    def replace(self, **changes: Any) -> Settings:
        """A copy with some settings changed, each validated."""
        known = [f.name for f in fields(self)]
        unknown = sorted(set(changes) - set(known))
        if unknown:
            raise ProgressError(f"unknown setting {unknown[0]!r}: the settings are {', '.join(known)}")
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        data = _object(data, [f.name for f in fields(cls)], "the settings")
        try:
            return cls(**data)
        except ProgressError as error:
            raise ProgressFileError(str(error)) from None


def _frozen_tallies(tallies: Mapping[str, Tally]) -> Mapping[str, Tally]:
    return MappingProxyType(dict(sorted(tallies.items())))


def _puzzle_fields(puzzle: Any) -> tuple[str, str, tuple[str, ...], float]:
    def get(key: str) -> Any:
        if isinstance(puzzle, Mapping):
            if key in puzzle:
                return puzzle[key]
        elif hasattr(puzzle, key):
            return getattr(puzzle, key)
        raise ProgressError(f"a puzzle needs {key!r}: {puzzle!r:.120}")

    puzzle_id = get("id")
    if not isinstance(puzzle_id, str) or not puzzle_id:
        raise ProgressError(f"a puzzle's id must be non-empty text, not {puzzle_id!r}")
    kind = get("kind")
    if kind not in KINDS:
        raise ProgressError(f"puzzle {puzzle_id!r} has kind {kind!r}: it must be one of {', '.join(KINDS)}")
    themes = get("themes")
    if isinstance(themes, str) or not isinstance(themes, Iterable):
        raise ProgressError(f"puzzle {puzzle_id!r} must list its themes, not {themes!r}")
    themes = tuple(dict.fromkeys(themes))
    for theme in themes:
        if not isinstance(theme, str) or not theme:
            raise ProgressError(f"puzzle {puzzle_id!r} has theme {theme!r}: a theme must be non-empty text")
    difficulty = get("difficulty")
    if isinstance(difficulty, bool) or not isinstance(difficulty, (int, float)) or not math.isfinite(difficulty):
        raise ProgressError(f"puzzle {puzzle_id!r} has difficulty {difficulty!r}: it must be a finite number")
    return puzzle_id, kind, themes, float(difficulty)


def verify_attempt(puzzle: Any, result: str, *, answer: Answer, hints: int,
                   at: datetime | None = None) -> tuple[str, str, tuple[str, ...], float, Answer, str]:
    """Check an attempt and return its cleaned parts; raises ProgressError naming what is wrong.

    ``puzzle`` is an object or dict with ``id``, ``kind``, ``themes`` and
    ``difficulty``; ``result`` is "solved", "failed" or "hinted" (a solve that
    used hints is "hinted"); ``answer`` is what the learner answered.

    >>> verify_attempt({"id": "d7", "kind": "best_discard", "themes": [], "difficulty": 1200},
    ...                "solved", answer="KS", hints=1)
    Traceback (most recent call last):
    ...
    gintrainer.progress.ProgressError: puzzle 'd7' was solved with 1 hint(s): record it as 'hinted'
    """
    puzzle_id, kind, themes, difficulty = _puzzle_fields(puzzle)
    if result not in RESULTS:
        raise ProgressError(f"result must be one of {', '.join(RESULTS)}, not {result!r}")
    if isinstance(hints, bool) or not isinstance(hints, int) or hints < 0:
        raise ProgressError(f"hints must be a whole number from 0, not {hints!r}")
    if result == "solved" and hints:
        raise ProgressError(f"puzzle {puzzle_id!r} was solved with {hints} hint(s): record it as 'hinted'")
    if result == "hinted" and not hints:
        raise ProgressError(f"puzzle {puzzle_id!r} is recorded as 'hinted' but no hints were used")
    return puzzle_id, kind, themes, difficulty, _answer(answer), _utc_text(at)


@dataclass(frozen=True, slots=True)
class Progress:
    """One learner's progress. Immutable: changes return a new Progress.

    ``seen_ids`` holds every puzzle answered: only the first answer to a puzzle
    counts (the rating, the counts, the streak, the themes); ``review`` holds
    the puzzles failed or hinted and not solved since, oldest first;
    ``solved_ids`` the puzzles whose counted answer was a solve without hints.
    """

    name: str
    rating: Rating = Rating()
    solved: int = 0
    failed: int = 0
    hinted: int = 0
    streak: int = 0
    best_streak: int = 0
    themes: Mapping[str, Tally] = field(default_factory=dict)
    kinds: Mapping[str, Tally] = field(default_factory=dict)
    history: tuple[Attempt, ...] = ()
    review: tuple[str, ...] = ()
    solved_ids: frozenset[str] = frozenset()
    settings: Settings = Settings()
    created: str = field(default_factory=_utc_text)
    seen_ids: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        object.__setattr__(self, "themes", _frozen_tallies(self.themes))
        object.__setattr__(self, "kinds", _frozen_tallies(self.kinds))
        object.__setattr__(self, "history", tuple(self.history))
        object.__setattr__(self, "review", tuple(self.review))
        object.__setattr__(self, "solved_ids", frozenset(self.solved_ids))
        object.__setattr__(self, "seen_ids", frozenset(self.seen_ids) | self.solved_ids | set(self.review))

    @classmethod
    def new(cls, name: str, *, created: datetime | None = None) -> Progress:
        """A fresh profile."""
        return cls(clean_name(name), created=_utc_text(created))

    @property
    def attempts(self) -> int:
        return self.solved + self.failed + self.hinted

    @property
    def target_rating(self) -> float:
        """The puzzle difficulty to aim at: the rating moved by the difficulty setting."""
        return self.rating.rating + DIFFICULTIES[self.settings.difficulty]

    def has_seen(self, puzzle_id: str) -> bool:
        """Whether the learner has answered this puzzle: another answer would be practice."""
        return puzzle_id in self.seen_ids

    def counted_attempt(self, puzzle_id: str) -> Attempt | None:
        """The answer that counted for this puzzle, if the history still holds it."""
        return next((a for a in self.history if a.puzzle_id == puzzle_id and a.counted), None)

    def with_attempt(self, puzzle: Any, result: str, *, answer: Answer, hints: int,
                     at: datetime | None = None) -> Progress:
        """The progress after one attempt at ``puzzle`` (see :func:`verify_attempt`).

        The first answer to a puzzle counts: only a solve adds to the streak and
        counts as a win for the rating; a failure or a hinted solve resets the
        streak. Any answer, counted or practice, takes a solved puzzle off the
        review list and puts a failed or hinted one on it.
        """
        puzzle_id, kind, themes, difficulty, answer, moment = verify_attempt(
            puzzle, result, answer=answer, hints=hints, at=at)
        solved = result == "solved"
        if solved:
            review = tuple(pid for pid in self.review if pid != puzzle_id)
        else:
            review = self.review if puzzle_id in self.review else self.review + (puzzle_id,)
        if self.has_seen(puzzle_id):
            practice = Attempt(puzzle_id, kind, result, hints, answer, moment, difficulty, self.rating.rating,
                               counted=False)
            return replace(self, history=(self.history + (practice,))[-HISTORY_LIMIT:], review=review)
        rating = update_rating(self.rating, difficulty, solved)
        theme_tallies = dict(self.themes)
        for theme in themes:
            theme_tallies[theme] = theme_tallies.get(theme, Tally()).add(result)
        kind_tallies = dict(self.kinds)
        kind_tallies[kind] = kind_tallies.get(kind, Tally()).add(result)
        streak = self.streak + 1 if solved else 0
        attempt = Attempt(puzzle_id, kind, result, hints, answer, moment, difficulty, rating.rating)
        return replace(
            self, rating=rating, streak=streak, best_streak=max(self.best_streak, streak),
            themes=theme_tallies, kinds=kind_tallies, history=(self.history + (attempt,))[-HISTORY_LIMIT:],
            review=review, solved_ids=self.solved_ids | {puzzle_id} if solved else self.solved_ids,
            seen_ids=self.seen_ids | {puzzle_id}, **{result: getattr(self, result) + 1})

    def with_settings(self, **changes: Any) -> Progress:
        """The progress with some settings changed (each validated)."""
        return replace(self, settings=self.settings.replace(**changes))

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON, with the schema version; :meth:`from_dict` reads it back."""
        return {
            "schema": SCHEMA, "name": self.name, "created": self.created, "rating": self.rating.to_dict(),
            "solved": self.solved, "failed": self.failed, "hinted": self.hinted,
            "streak": self.streak, "best_streak": self.best_streak,
            "themes": {theme: tally.to_dict() for theme, tally in self.themes.items()},
            "kinds": {kind: tally.to_dict() for kind, tally in self.kinds.items()},
            "review": list(self.review), "solved_ids": sorted(self.solved_ids), "seen_ids": sorted(self.seen_ids),
            "settings": self.settings.to_dict(),
            "history": [attempt.to_dict() for attempt in self.history],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Progress:
        """A progress from :meth:`to_dict`'s output, of this version or version 1; raises
        ProgressFileError naming what is wrong.

        A version 1 document is migrated: every puzzle it solved, holds for
        review or lists in its history counts as seen (its answers counted).
        """
        if not isinstance(data, dict):
            raise ProgressFileError(f"a progress document must be a JSON object, not {data!r:.80}")
        schema = data.get("schema")
        if isinstance(schema, bool) or schema not in _DOCUMENT_KEYS:
            raise ProgressFileError(f"the schema is {schema!r}, not one of {', '.join(map(str, _DOCUMENT_KEYS))}")
        data = _object(data, _DOCUMENT_KEYS[schema], "a progress document")
        try:
            name = clean_name(data["name"])
            rating = Rating.from_dict(data["rating"])
        except (ProfileNameError, RatingError) as error:
            raise ProgressFileError(str(error)) from None
        if name != data["name"]:
            raise ProgressFileError(f"the name {data['name']!r} is not in its stored form {name!r}")
        counts = {key: _count(data[key], f"{key!r}")
                  for key in ("solved", "failed", "hinted", "streak", "best_streak")}
        if counts["streak"] > counts["best_streak"]:
            raise ProgressFileError(f"the streak {counts['streak']} is above the best streak {counts['best_streak']}")
        tallies = {}
        for key in ("themes", "kinds"):
            if not isinstance(data[key], dict):
                raise ProgressFileError(f"{key!r} must be a JSON object, not {data[key]!r:.80}")
            tallies[key] = {_text(label, f"a name in {key!r}"): Tally.from_dict(tally, f"{key!r} {label!r}")
                            for label, tally in data[key].items()}
        for kind in tallies["kinds"]:
            _choice(kind, KINDS, "a kind")
        ids = {}
        for key in ("review", "solved_ids", "seen_ids"):
            if key not in data:
                continue
            if not isinstance(data[key], list):
                raise ProgressFileError(f"{key!r} must be a list of puzzle ids, not {data[key]!r:.80}")
            ids[key] = [_text(pid, f"a puzzle id in {key!r}") for pid in data[key]]
            if len(set(ids[key])) != len(ids[key]):
                raise ProgressFileError(f"{key!r} lists a puzzle twice")
        if not isinstance(data["history"], list):
            raise ProgressFileError(f"'history' must be a list of attempts, not {data['history']!r:.80}")
        history = tuple(Attempt.from_dict(item, schema=schema) for item in data["history"])
        if schema == 1:
            ids["seen_ids"] = sorted({a.puzzle_id for a in history} | set(ids["solved_ids"]) | set(ids["review"]))
        elif not set(ids["solved_ids"]) | set(ids["review"]) <= set(ids["seen_ids"]):
            raise ProgressFileError("'seen_ids' lacks a puzzle that 'solved_ids' or 'review' lists")
        return cls(name, rating, **counts, **tallies, **ids, history=history,
                   settings=Settings.from_dict(data["settings"]),
                   created=_timestamp(data["created"], "the creation time"))

    def to_json(self, *, indent: int | None = None) -> str:
        """The progress as JSON text: compact as stored, indented for export."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent) + "\n"

    @classmethod
    def from_json(cls, text: str | bytes) -> Progress:
        """A progress from :meth:`to_json`'s text; raises ProgressFileError if it is not one.

        >>> Progress.from_json('{"schema": 1}')
        Traceback (most recent call last):
        ...
        gintrainer.progress.ProgressFileError: a progress document lacks 'best_streak', 'created', ...
        """
        return cls.from_dict(_document(text))


def _document(text: str | bytes) -> Any:
    """The JSON value of a progress file's text; raises ProgressFileError if it is not JSON."""
    try:
        return json.loads(text.decode("utf-8") if isinstance(text, bytes) else text)
    except UnicodeDecodeError:
        raise ProgressFileError("it is not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise ProgressFileError(f"it is not valid JSON ({error})") from None
    except RecursionError:
        raise ProgressFileError("its JSON is nested too deeply") from None


# --- the files -----------------------------------------------------------------

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


@contextmanager
def _locked(name: str) -> Iterator[tuple[Path, str]]:
    """Hold the profile's exclusive lock (one for every spelling of the name); yields its
    folder and file stem."""
    stem = profile_stem(name)
    folder = data_dir() / "profiles"
    folder.mkdir(parents=True, exist_ok=True)
    # The lock file is never removed: removing it would let two processes
    # lock different files of the same name.
    fd = os.open(folder / f"{stem}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield folder, stem
    finally:
        os.close(fd)


def _stamp() -> str:
    return datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def move_aside(path: Path, label: str) -> Path:
    """Rename ``path`` to ``<stem>.<label>-<UTC time>.json``, never over an existing file."""
    stem = path.name.removesuffix(".json")
    base = f"{stem}.{label}-{_stamp()}"
    target, n = path.with_name(f"{base}.json"), 1
    while target.exists():
        n += 1
        target = path.with_name(f"{base}-{n}.json")
    os.replace(path, target)
    return target


def _read(path: Path, name: str) -> tuple[Progress | None, str | None, bool]:
    """The progress in ``path`` (None if there is none) or, if unreadable, the reason; and
    whether the file is of an earlier version (to be written again in this one)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None, None, False
    except OSError as error:
        return None, f"it could not be read: {error.strerror}", False
    try:
        document = _document(data)
        progress = Progress.from_dict(document)
    except ProgressFileError as error:
        return None, str(error), False
    if name_key(progress.name) != name_key(name):
        raise ProgressError(f"the file {path.name} belongs to the profile {progress.name!r}, not {name!r}")
    return progress, None, document["schema"] != SCHEMA


def _spellings_elsewhere(folder: Path, path: Path, name: str) -> list[tuple[Path, Progress]]:
    """The other readable profile files whose name folds like ``name``: version 1 filed
    each exact spelling apart ("Mia" and "mia")."""
    key = name_key(name)
    found = []
    with suppress(FileNotFoundError):
        for entry in sorted(os.scandir(folder), key=lambda e: e.name):
            if entry.name == path.name or not _FILE.fullmatch(entry.name):
                continue
            with suppress(OSError, ProgressError):
                other = Progress.from_json(Path(entry.path).read_bytes())
                if name_key(other.name) == key:
                    found.append((Path(entry.path), other))
    return found


def _sum_tallies(tallies: Iterable[Mapping[str, Tally]]) -> dict[str, Tally]:
    total: dict[str, Tally] = {}
    for mapping in tallies:
        for label, tally in mapping.items():
            old = total.get(label, Tally())
            total[label] = Tally(old.solved + tally.solved, old.failed + tally.failed, old.hinted + tally.hinted)
    return total


def merge_profiles(profiles: Iterable[Progress]) -> Progress:
    """One profile from several whose names differ only in case (version 1 kept them apart).

    The oldest gives the name (the spelling first typed), the creation time and
    the settings; counts and tallies add up; the histories interleave by time;
    the seen, solved and review lists join; the rating is that of the profile
    with the most attempts, the streak that of the one played last, the best
    streak the best of all.
    """
    profiles = sorted(profiles, key=lambda p: (p.created, p.name))
    if not profiles:
        raise ProgressError("there is no profile to merge")

    def last_played(progress: Progress) -> str:
        return progress.history[-1].at if progress.history else progress.created

    first = profiles[0]
    rated = max(profiles, key=lambda p: (p.attempts, last_played(p)))
    latest = max(profiles, key=last_played)
    history = sorted((a for p in profiles for a in p.history), key=lambda a: a.at)[-HISTORY_LIMIT:]
    return Progress(
        first.name, rated.rating, *(sum(getattr(p, key) for p in profiles) for key in ("solved", "failed", "hinted")),
        streak=latest.streak, best_streak=max(p.best_streak for p in profiles),
        themes=_sum_tallies(p.themes for p in profiles), kinds=_sum_tallies(p.kinds for p in profiles),
        history=history, review=tuple(dict.fromkeys(pid for p in profiles for pid in p.review)),
        solved_ids=frozenset().union(*(p.solved_ids for p in profiles)),
        seen_ids=frozenset().union(*(p.seen_ids for p in profiles)), settings=first.settings, created=first.created)


def _current(folder: Path, path: Path, name: str) -> tuple[Progress | None, list[str], bool]:
    """The profile's progress, read under its lock (None if it has none), the notices, and
    whether it must be written back.

    An unreadable file is set aside. A file of version 1 is migrated, and
    merged with any file of a spelling that differs only in case (the old
    files are kept as ``*.merged-<time>.json``).
    """
    progress, problem, outdated = _read(path, name)
    notices = []
    if problem is not None:
        aside = move_aside(path, "corrupt")
        notices.append(f"Your progress file for {name!r} was unreadable ({problem}) and was set aside as {aside}.")
    if progress is not None and not outdated:
        return progress, notices, False
    others = _spellings_elsewhere(folder, path, name)
    if not others:
        return progress, notices, outdated
    if progress is None and len(others) == 1:
        os.replace(others[0][0], path)
        return others[0][1], notices, True
    found = sorted(([(path, progress)] if progress is not None else []) + others,
                   key=lambda entry: (entry[1].created, entry[1].name))
    merged = merge_profiles(p for _, p in found)
    kept = [move_aside(file, "merged") for file, _ in found]
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
    with _locked(name) as (folder, stem):
        path = folder / f"{stem}.json"
        progress, notices, dirty = _current(folder, path, name)
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
    folder = data_dir() / "profiles"
    found: dict[str, Progress] = {}
    with suppress(FileNotFoundError):
        for entry in os.scandir(folder):
            if _FILE.fullmatch(entry.name):
                with suppress(OSError, ProgressFileError):
                    progress = Progress.from_json(Path(entry.path).read_bytes())
                    key = name_key(progress.name)
                    if key not in found or (progress.created, progress.name) < (found[key].created, found[key].name):
                        found[key] = progress
    return tuple(sorted((p.name for p in found.values()), key=lambda n: (n.casefold(), n)))


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
    with _locked(name) as (folder, stem):
        path = folder / f"{stem}.json"
        _, problem, _ = _read(path, name)
        if problem is not None:
            raise ProgressFileError(f"the progress file of {name!r} ({path}) is unreadable: {problem}")
        progress, _, dirty = _current(folder, path, name)
        if progress is not None and dirty:
            _write(path, progress)
    if progress is None:
        raise ProgressError(f"there is no profile named {name!r}")
    return progress.to_json(indent=1)


def _back_up(folder: Path, path: Path, name: str) -> tuple[Progress | None, list[str]]:
    """Move the profile's current file aside as a backup (an unreadable one as corrupt)."""
    current, notices, dirty = _current(folder, path, name)
    if current is None:
        return None, notices
    if dirty:
        _write(path, current)
    aside = move_aside(path, "backup")
    return current, notices + [f"The previous progress of {current.name!r} was kept as {aside}."]


def reset(name: str) -> Outcome:
    """Start the profile afresh, keeping its name's spelling and its settings; the old file
    is kept as a backup."""
    name = clean_name(name)
    with _locked(name) as (folder, stem):
        path = folder / f"{stem}.json"
        old, notices = _back_up(folder, path, name)
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
    with _locked(progress.name) as (folder, stem):
        path = folder / f"{stem}.json"
        existing, _, _ = _current(folder, path, progress.name)
        if existing is not None and not replace_existing:
            raise ProgressError(f"a profile named {existing.name!r} already exists; "
                                f"import it with replace_existing=True to replace it (the old file is kept)")
        old, notices = _back_up(folder, path, progress.name)
        if old is not None:
            progress = replace(progress, name=old.name)
        _write(path, progress)
    return Outcome(progress, tuple(notices))
