"""Learner progress: the rating, the counts, the streak, the review list, the
history and the reviews of the hands played of one learner, as an immutable value,
and its file format.

Each puzzle counts once per learner: the first answer moves the rating, the
counts and the streak; a later answer (a puzzle from the review list, a daily
puzzle replayed) is practice, kept in the history and the review list only.
The profiles on disk, read and changed under a lock, are :mod:`gintrainer.records.profiles`.

>>> k1 = {"id": "k1", "kind": "can_knock", "themes": ["set-or-run"], "difficulty": 900}
>>> p = Progress.new("Ann").with_attempt(k1, "failed", answer=True, hints=0)
>>> p.failed, p.streak, p.review, p.themes["set-or-run"].failed
(1, 0, ('k1',), 1)
>>> again = p.with_attempt(k1, "solved", answer=False, hints=0)
>>> again.solved, again.rating == p.rating, again.review, again.history[-1].counted
(0, True, (), False)
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from datetime import UTC, datetime
from types import MappingProxyType
from typing import Any

from ..words.errors import GinError
from ..words.language import LANGUAGES, N_
from ..words.vocab import PuzzleKind
from .deck import Deck, new_card_data
from .rating import Rating, RatingError, play, puzzle_field
from .rating import update as update_rating
from .reviews import KEPT_LIMIT, KeptReview, read_kept, with_tutor_notes
from .storage import InvalidNameError, RecordError, RecordKind, clean_name, parse_json

KINDS = PuzzleKind
"""The kinds of puzzle an attempt can be of: every kind declared in the words
(:class:`~gintrainer.words.vocab.PuzzleKind`: the kinds shipped and any plugged in)."""
RESULTS = ("solved", "failed", "hinted")
DIFFICULTIES = {"easiest": -600.0, "easier": -300.0, "adaptive": 0.0, "harder": 300.0, "hardest": 600.0}
"""The difficulty setting: how far above the learner's rating the trainers serve puzzles, by the puzzles'
learned ratings (Lichess's presets)."""
ANSWER_LIMIT = 200
HISTORY_LIMIT = 1000
"""The history keeps the latest attempts only; the counts cover every attempt."""

_DOCUMENT_KEYS = frozenset(("schema", "name", "created", "rating", "solved", "failed", "hinted", "streak",
                            "best_streak", "themes", "kinds", "review", "solved_ids", "seen_ids", "settings",
                            "history", "lessons", "hand_reviews", "deck", "deck_fit"))
_ATTEMPT_KEYS = frozenset(("puzzle_id", "kind", "result", "hints", "answer", "at", "difficulty", "rating",
                           "counted"))
_RATED_KEYS = frozenset(("puzzle_deviation", "themed"))
"""An attempt's fields kept only when it was rated against the puzzle's learned rating (an older file, or an
answer rated against the puzzle's fixed difficulty, has none)."""

Answer = str | bool | int | None


class ProgressError(GinError):
    """A bad attempt, setting or profile operation (nothing was changed)."""


class ProgressFileError(ProgressError, RecordError):
    """Text that is not a progress document (of this version or one read and migrated)."""


def _from_version_1(document: dict[str, Any]) -> dict[str, Any]:
    """Version 1 had neither ``seen_ids`` nor the attempts' ``counted``: each of its answers
    counted, and every puzzle it solved, holds for review or lists in its history was seen."""
    if "seen_ids" in document:
        raise RecordError("a progress file of version 1 has no 'seen_ids'", field="seen_ids")
    migrated = dict(document)
    history = document.get("history")
    if isinstance(history, list):
        if any(isinstance(a, dict) and "counted" in a for a in history):
            raise RecordError("an attempt of version 1 has no 'counted'", field="history")
        migrated["history"] = [{**a, "counted": True} if isinstance(a, dict) else a for a in history]
        listed = [a.get("puzzle_id") for a in history if isinstance(a, dict)]
    else:
        listed = []
    for key in ("solved_ids", "review"):
        if isinstance(document.get(key), list):
            listed += document[key]
    migrated["seen_ids"] = sorted({pid for pid in listed if isinstance(pid, str)})
    return migrated


def _from_version_2(document: dict[str, Any]) -> dict[str, Any]:
    """Version 2 kept no lessons: nothing of any lesson was recorded."""
    if "lessons" in document:
        raise RecordError("a progress file of version 2 has no 'lessons'", field="lessons")
    return {**document, "lessons": {}}


def _from_version_3(document: dict[str, Any]) -> dict[str, Any]:
    """Version 3 kept no reviews of played hands: none was kept."""
    if "hand_reviews" in document:
        raise RecordError("a progress file of version 3 has no 'hand_reviews'", field="hand_reviews")
    return {**document, "hand_reviews": []}


def _from_version_4(document: dict[str, Any]) -> dict[str, Any]:
    """Version 4 kept no tutor's notes with its hand reviews: none of them has any."""
    reviews = document.get("hand_reviews")
    if not isinstance(reviews, list):
        return document  # refused as version 5 refuses it
    if any(isinstance(kept, dict) and "tutor" in kept for kept in reviews):
        raise RecordError("a hand review of version 4 has no 'tutor'", field="hand_reviews")
    return {**document, "hand_reviews": [with_tutor_notes(kept) for kept in reviews]}


def _from_version_5_add_review_deck(document: dict[str, Any]) -> dict[str, Any]:
    """Version 5 kept no review deck: each puzzle on its review list (missed or hinted, not solved since)
    enters the deck new, due since its latest answer in the history (one the history no longer holds
    enters at its next answer, as any puzzle missed does)."""
    if "deck" in document:
        raise RecordError("a progress file of version 5 has no 'deck'", field="deck")
    history, review = document.get("history"), document.get("review")
    latest: dict[Any, dict[str, Any]] = {}
    for attempt in history if isinstance(history, list) else ():
        if isinstance(attempt, dict) and isinstance(attempt.get("puzzle_id"), str):
            latest[attempt["puzzle_id"]] = attempt
    deck = {pid: new_card_data(latest[pid].get("kind"), latest[pid].get("at"))
            for pid in (review if isinstance(review, list) else ()) if isinstance(pid, str) and pid in latest}
    return {**document, "deck": deck}


def _from_version_6_add_review_logs(document: dict[str, Any]) -> dict[str, Any]:
    """Version 6 kept no answers of the deck's cards and no forgetting factor: each card's log starts empty
    (the answers before are not known), and the factor is the defaults', never fitted."""
    if "deck_fit" in document:
        raise RecordError("a progress file of version 6 has no 'deck_fit'", field="deck_fit")
    deck = document.get("deck")
    if not isinstance(deck, dict):
        return {**document, "deck_fit": None}  # refused as version 7 refuses it
    if any(isinstance(card, dict) and "log" in card for card in deck.values()):
        raise RecordError("a card of version 6 has no 'log'", field="deck")
    return {**document, "deck": {pid: {**card, "log": []} if isinstance(card, dict) else card
                                 for pid, card in deck.items()}, "deck_fit": None}


PROFILE = RecordKind(N_("progress file"), version=7, version_key="schema",
                     migrations={1: _from_version_1, 2: _from_version_2, 3: _from_version_3, 4: _from_version_4,
                                 5: _from_version_5_add_review_deck, 6: _from_version_6_add_review_logs},
                     error=ProgressFileError)
"""A profile's file: version 7; version 6 (before the review deck's logs and forgetting factor, ``deck_fit``),
version 5 (before the review ``deck``), version 4 (before the tutor's notes
of its hand reviews),
version 3 (before ``hand_reviews``), version 2 (before ``lessons``) and version 1 (before
``seen_ids`` and the attempts' ``counted``) are read and migrated."""


def _seconds(value: Any) -> float | None:
    """How long an answer took, in seconds (None: not known); ProgressError for anything else."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        raise ProgressError(f"an answer's time must be a number of seconds from 0, not {value!r}")
    return float(value)


def _utc_text(moment: datetime | None = None) -> str:
    if moment is None:
        moment = datetime.now(UTC)
    elif not isinstance(moment, datetime) or moment.utcoffset() is None:
        raise ProgressError(f"the time of an attempt must be a datetime with a time zone, not {moment!r}")
    return moment.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


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
    return str(value)


def _answer(value: Any) -> Answer:
    if value is not None and not isinstance(value, (str, bool, int)):
        raise ProgressError(f"an answer must be text, true/false, a whole number or None, not {value!r}")
    if isinstance(value, str) and len(value) > ANSWER_LIMIT:
        raise ProgressError(f"an answer can have at most {ANSWER_LIMIT} characters, not {len(value)}")
    answer: Answer = value
    return answer


def _timestamp(value: Any, what: str) -> str:
    text = _text(value, what)
    try:
        datetime.fromisoformat(text)
    except ValueError:
        raise ProgressFileError(f"{what} must be an ISO 8601 time, not {value!r}") from None
    return text


def _object(data: Any, keys: Iterable[str], what: str) -> dict[str, Any]:
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
    puzzle_deviation: float | None = None
    """The deviation of the puzzle's learned rating the answer was rated against (its rating is
    ``difficulty``); None when it met the puzzle's difficulty as a fixed one."""
    themed: bool = False
    """Whether the learner had chosen the puzzle's theme (the rating moves less, see :func:`~.rating.play`)."""

    def rated(self, before: Rating) -> Rating:
        """The learner's rating ``before`` after this answer (counted or not): the one rule both the
        learner's rating and each kind's follow (:meth:`Progress.with_attempt`, :meth:`Progress.kind_ratings`)."""
        return answer_rating(before, self.difficulty, self.result == "solved",
                             puzzle_deviation=self.puzzle_deviation, themed=self.themed)

    def to_dict(self) -> dict[str, Any]:
        data = {"puzzle_id": self.puzzle_id, "kind": self.kind, "result": self.result, "hints": self.hints,
                "answer": self.answer, "at": self.at, "difficulty": self.difficulty, "rating": self.rating,
                "counted": self.counted}
        if self.puzzle_deviation is not None:
            data |= {"puzzle_deviation": self.puzzle_deviation, "themed": self.themed}
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Attempt:
        """An attempt from :meth:`to_dict`'s output."""
        rated = isinstance(data, dict) and not _RATED_KEYS.isdisjoint(data)
        data = _object(data, _ATTEMPT_KEYS | _RATED_KEYS if rated else _ATTEMPT_KEYS, "an attempt")
        deviation, themed = None, False
        if rated:
            deviation = _finite(data["puzzle_deviation"], "an attempt's puzzle_deviation")
            themed = data["themed"]
            if deviation <= 0 or not isinstance(themed, bool):
                raise ProgressFileError(f"an attempt's puzzle_deviation must be above 0 and its themed true or "
                                        f"false, not {data['puzzle_deviation']!r} and {themed!r}")
        try:
            answer = _answer(data["answer"])
        except ProgressError as error:
            raise ProgressFileError(str(error)) from None
        counted = data["counted"]
        if not isinstance(counted, bool):
            raise ProgressFileError(f"an attempt's counted must be true or false, not {counted!r}")
        return cls(_text(data["puzzle_id"], "an attempt's puzzle_id"),
                   _choice(data["kind"], KINDS, "an attempt's kind"),
                   _choice(data["result"], RESULTS, "an attempt's result"),
                   _count(data["hints"], "an attempt's hints"), answer,
                   _timestamp(data["at"], "an attempt's time"),
                   _finite(data["difficulty"], "an attempt's difficulty"),
                   _finite(data["rating"], "an attempt's rating"), counted, deviation, themed)


def answer_rating(before: Rating, difficulty: float, solved: bool, *, puzzle_deviation: float | None = None,
                  themed: bool = False) -> Rating:
    """The learner's rating ``before`` after one counted answer to a puzzle rated ``difficulty``: a rated game
    against the puzzle's learned rating when its deviation is known (:func:`~.rating.play`), else against the
    difficulty as a fixed rating (:func:`~.rating.update`)."""
    if puzzle_deviation is None:
        return update_rating(before, difficulty, solved)
    return play(before, Rating(difficulty, puzzle_deviation), solved, themed=themed).learner


_PRACTICE_CHOICES = ("practice_opponent", "practice_coach")
_OPTIONAL_SETTINGS = ("language", *_PRACTICE_CHOICES)
"""Settings a file may lack (it was written before they existed, or the learner never chose)."""
_CHOICE_WORD = re.compile(r"[a-z_]{1,20}")


@dataclass(frozen=True, slots=True)
class Settings:
    """The learner's choices: four-colour suits, puzzles easier or harder than their
    level, the language of the pages, and the computer player and the coach of their
    last practice match (each None until the learner picks one; a file written before
    there was a choice has none and reads as None). The practice choices are kept as
    the words the practice page gave; it reads them (:mod:`gintrainer.trainers.practice`)."""

    four_colour: bool = False
    difficulty: str = "adaptive"
    language: str | None = None
    practice_opponent: str | None = None
    practice_coach: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.four_colour, bool):
            raise ProgressError(f"setting four_colour must be true or false, not {self.four_colour!r}")
        if self.difficulty not in DIFFICULTIES:
            raise ProgressError(f"setting difficulty must be one of {', '.join(map(repr, DIFFICULTIES))}, "
                                f"not {self.difficulty!r}")
        if self.language is not None and self.language not in LANGUAGES:
            raise ProgressError(f"setting language must be one of {', '.join(map(repr, LANGUAGES))} or null, "
                                f"not {self.language!r}")
        for name in _PRACTICE_CHOICES:
            value = getattr(self, name)
            if value is not None and not (isinstance(value, str) and _CHOICE_WORD.fullmatch(value)):
                raise ProgressError(f"setting {name} must be a word of at most 20 small letters or null, "
                                    f"not {value!r}")

    def replace(self, **changes: Any) -> Settings:
        """A copy with some settings changed, each validated."""
        known = [f.name for f in fields(self)]
        unknown = sorted(set(changes) - set(known))
        if unknown:
            raise ProgressError(f"unknown setting {unknown[0]!r}: the settings are {', '.join(known)}")
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The settings as a file stores them; no ``language`` until one is chosen, so a
        learner who never chose writes the file as before."""
        data = asdict(self)
        for name in _OPTIONAL_SETTINGS:
            if data[name] is None:
                del data[name]
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        names = [f.name for f in fields(cls)]
        optional = [name for name in _OPTIONAL_SETTINGS if not (isinstance(data, dict) and name in data)]
        data = _object(data, [n for n in names if n not in optional], "the settings")
        try:
            return cls(**data)
        except ProgressError as error:
            raise ProgressFileError(str(error)) from None


@dataclass(frozen=True, slots=True)
class Tries:
    """One exercise kind of a lesson: how many positions were answered (``tried``: a first
    answer given, or the answer shown instead) and how many of them right at the first try."""

    tried: int = 0
    right: int = 0

    def __post_init__(self) -> None:
        for name in ("tried", "right"):
            _count(getattr(self, name), f"an exercise's {name!r}")
        if self.right > self.tried:
            raise ProgressFileError(f"an exercise has {self.right} right of {self.tried} tried")

    def to_dict(self) -> dict[str, int]:
        return {"tried": self.tried, "right": self.right}

    @classmethod
    def from_dict(cls, data: Any) -> Tries:
        data = _object(data, ("tried", "right"), "an exercise's record")
        return cls(data["tried"], data["right"])


@dataclass(frozen=True, slots=True)
class CheckRecord:
    """A lesson's closing check: how many times it was taken (every question answered), how
    many of those were passed, and the most questions right at the first try in one taking.

    Passed means every question right at the first try (an answer given after a
    wrong one, or after the answer was shown, does not count), as the check's
    tally says "ready for the next lesson"."""

    taken: int = 0
    passed: int = 0
    best: int = 0

    def __post_init__(self) -> None:
        for name in ("taken", "passed", "best"):
            _count(getattr(self, name), f"a check's {name!r}")
        if self.passed > self.taken:
            raise ProgressFileError(f"a check was passed {self.passed} times of {self.taken} taken")

    def to_dict(self) -> dict[str, int]:
        return {"taken": self.taken, "passed": self.passed, "best": self.best}

    @classmethod
    def from_dict(cls, data: Any) -> CheckRecord:
        data = _object(data, ("taken", "passed", "best"), "a check's record")
        return cls(data["taken"], data["passed"], data["best"])


@dataclass(frozen=True, slots=True)
class LessonRecord:
    """What a learner did in one lesson: each exercise kind's :class:`Tries`, by kind, and
    the closing check's :class:`CheckRecord`."""

    exercises: Mapping[str, Tries] = field(default_factory=dict)
    check: CheckRecord = CheckRecord()

    def __post_init__(self) -> None:
        object.__setattr__(self, "exercises", MappingProxyType(dict(sorted(self.exercises.items()))))

    def tries(self, kind: str) -> Tries:
        """The record of one exercise kind (nothing tried if the learner never answered it)."""
        return self.exercises.get(kind, Tries())

    def with_exercise(self, kind: str, right: bool) -> LessonRecord:
        old = self.tries(kind)
        return replace(self, exercises={**self.exercises, kind: Tries(old.tried + 1, old.right + bool(right))})

    def with_check(self, right: int, questions: int) -> LessonRecord:
        old = self.check
        return replace(self, check=CheckRecord(old.taken + 1, old.passed + (right == questions),
                                               max(old.best, right)))

    def plus(self, other: LessonRecord) -> LessonRecord:
        """Both records added up (two profiles merged)."""
        kinds = sorted(set(self.exercises) | set(other.exercises))
        exercises = {k: Tries(self.tries(k).tried + other.tries(k).tried, self.tries(k).right + other.tries(k).right)
                     for k in kinds}
        a, b = self.check, other.check
        return LessonRecord(exercises, CheckRecord(a.taken + b.taken, a.passed + b.passed, max(a.best, b.best)))

    def to_dict(self) -> dict[str, Any]:
        return {"exercises": {kind: tries.to_dict() for kind, tries in self.exercises.items()},
                "check": self.check.to_dict()}

    @classmethod
    def from_dict(cls, data: Any, what: str = "a lesson's record") -> LessonRecord:
        data = _object(data, ("exercises", "check"), what)
        if not isinstance(data["exercises"], dict):
            raise ProgressFileError(f"{what}'s 'exercises' must be a JSON object, not {data['exercises']!r:.80}")
        exercises = {_text(kind, "an exercise kind"): Tries.from_dict(tries)
                     for kind, tries in data["exercises"].items()}
        return cls(exercises, CheckRecord.from_dict(data["check"]))


LessonKey = int | str
"""A lesson: its number (from 1), or the key of a lesson page without a number (``first_hand``)."""
_PAGE_KEY = re.compile(r"[a-z][a-z0-9_]*\Z")


def _lesson_key(value: Any, error: type[ProgressError] = ProgressError) -> LessonKey:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value
    if isinstance(value, str) and _PAGE_KEY.match(value):
        return value
    raise error(f"a lesson is named by its number, from 1, or its page's key (lower-case letters, digits "
                f"and _), not {value!r}")


def _file_lesson_key(text: str) -> LessonKey:
    """A lesson as the file's keys write it: a number as text (``"5"``), or a page's key."""
    if text.isdecimal() and text == str(int(text)):
        return _lesson_key(int(text), ProgressFileError)
    return _lesson_key(text, ProgressFileError)


def _sorted_lessons(lessons: Mapping[LessonKey, LessonRecord]) -> dict[LessonKey, LessonRecord]:
    """The lessons by number, then the lesson pages without one by key."""
    return dict(sorted(lessons.items(), key=lambda item: (0, item[0], "") if isinstance(item[0], int)
                       else (1, 0, item[0])))


def _verify_lesson(lesson: Any, kind: str | None = None) -> LessonKey:
    key = _lesson_key(lesson)
    if kind is not None and (not isinstance(kind, str) or not kind):
        raise ProgressError(f"an exercise kind must be non-empty text, not {kind!r}")
    return key


def _verify_tally(right: Any, questions: Any) -> None:
    for value, what in ((right, "the questions right"), (questions, "the questions")):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ProgressError(f"{what} must be a whole number from 0, not {value!r}")
    if questions < 1 or right > questions:
        raise ProgressError(f"a check cannot have {right} right of {questions} questions")


def _frozen_tallies(tallies: Mapping[str, Tally]) -> Mapping[str, Tally]:
    return MappingProxyType(dict(sorted(tallies.items())))


def _puzzle_field(puzzle: Any, key: str) -> Any:
    """A field of a puzzle given as an object or a mapping; ProgressError when it has none."""
    return puzzle_field(puzzle, key, error=ProgressError, what="a puzzle")


def _puzzle_themes(puzzle_id: str, themes: Any) -> tuple[str, ...]:
    if isinstance(themes, str) or not isinstance(themes, Iterable):
        raise ProgressError(f"puzzle {puzzle_id!r} must list its themes, not {themes!r}")
    kept = tuple(dict.fromkeys(themes))
    for theme in kept:
        if not isinstance(theme, str) or not theme:
            raise ProgressError(f"puzzle {puzzle_id!r} has theme {theme!r}: a theme must be non-empty text")
    return tuple(str(theme) for theme in kept)


def _puzzle_fields(puzzle: Any) -> tuple[str, str, tuple[str, ...], float]:
    puzzle_id = _puzzle_field(puzzle, "id")
    if not isinstance(puzzle_id, str) or not puzzle_id:
        raise ProgressError(f"a puzzle's id must be non-empty text, not {puzzle_id!r}")
    kind = _puzzle_field(puzzle, "kind")
    if kind not in tuple(KINDS):
        raise ProgressError(f"puzzle {puzzle_id!r} has kind {kind!r}: it must be one of {', '.join(KINDS)}")
    themes = _puzzle_themes(puzzle_id, _puzzle_field(puzzle, "themes"))
    difficulty = _puzzle_field(puzzle, "difficulty")
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
    gintrainer.records.progress.ProgressError: puzzle 'd7' was solved with 1 hint(s): record it as 'hinted'
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
    lessons: Mapping[LessonKey, LessonRecord] = field(default_factory=dict)
    """Each lesson's record, by its number or its page's key (a lesson never worked in has none)."""
    hand_reviews: tuple[KeptReview, ...] = ()
    """The reviews of the learner's latest played hands, oldest first (at most :data:`KEPT_LIMIT`)."""
    deck: Deck = Deck()
    """The review deck: the puzzles to see again, scheduled (see :mod:`gintrainer.records.deck`)."""
    dropped: tuple[str, ...] = field(default=(), compare=False)
    """What was wrong with each hand review the file held that could not be read and was left out (reading
    only: never written, and the profile's owner is told, see :mod:`gintrainer.records.profiles`)."""
    deck_dropped: tuple[str, ...] = field(default=(), compare=False)
    """What was wrong with each part of the review deck left out as it could not be read (a card's log of
    answers, the forgetting factor: see :meth:`~gintrainer.records.deck.Deck.read`); reading only, as
    :attr:`dropped`."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "lessons", MappingProxyType(_sorted_lessons(self.lessons)))
        object.__setattr__(self, "themes", _frozen_tallies(self.themes))
        object.__setattr__(self, "kinds", _frozen_tallies(self.kinds))
        object.__setattr__(self, "history", tuple(self.history))
        object.__setattr__(self, "review", tuple(self.review))
        object.__setattr__(self, "solved_ids", frozenset(self.solved_ids))
        object.__setattr__(self, "seen_ids", frozenset(self.seen_ids) | self.solved_ids | set(self.review))
        object.__setattr__(self, "hand_reviews", tuple(self.hand_reviews)[-KEPT_LIMIT:])
        object.__setattr__(self, "dropped", tuple(self.dropped))
        object.__setattr__(self, "deck_dropped", tuple(self.deck_dropped))

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

    def kind_ratings(self) -> dict[str, tuple[Rating, int]]:
        """Each puzzle kind's rating and how many answers made it: the counted answers of the kind that the
        history holds (the latest :data:`HISTORY_LIMIT` answers), played again in order, each against the rating
        the puzzle had when it was met (:func:`~.rating.update`).

        >>> k = {"id": "k1", "kind": "can_knock", "themes": [], "difficulty": 1500}
        >>> p = Progress.new("Ann").with_attempt(k, "solved", answer=False, hints=0)
        >>> rating, answers = p.kind_ratings()["can_knock"]
        >>> round(rating.rating), round(rating.deviation), answers
        (1675, 248, 1)
        """
        found: dict[str, tuple[Rating, int]] = {}
        for attempt in self.history:
            if attempt.counted:
                rating, answers = found.get(attempt.kind, (Rating(), 0))
                found[attempt.kind] = (attempt.rated(rating), answers + 1)
        return found

    def has_seen(self, puzzle_id: str) -> bool:
        """Whether the learner has answered this puzzle: another answer would be practice."""
        return puzzle_id in self.seen_ids

    def counted_attempt(self, puzzle_id: str) -> Attempt | None:
        """The answer that counted for this puzzle, if the history still holds it."""
        return next((a for a in self.history if a.puzzle_id == puzzle_id and a.counted), None)

    def first_answered(self, puzzle_id: str) -> datetime | None:
        """When the learner first answered this puzzle as far as they are kept (the history, the review deck's
        log of the puzzle's answers); None when neither holds an answer to it.

        >>> k1 = {"id": "k1", "kind": "can_knock", "themes": [], "difficulty": 900}
        >>> at = datetime(2026, 12, 7, 9, 17, tzinfo=UTC)
        >>> Progress.new("Ann").with_attempt(k1, "failed", answer=True, hints=0, at=at).first_answered("k1") == at
        True
        """
        card = self.deck.cards.get(puzzle_id)
        times = [a.at for a in self.history if a.puzzle_id == puzzle_id]
        times += [entry.at for entry in (card.log if card else ())]
        return min((datetime.fromisoformat(moment) for moment in times), default=None)

    def with_attempt(self, puzzle: Any, result: str, *, answer: Answer, hints: int,
                     at: datetime | None = None, seconds: float | None = None, against: Rating | None = None,
                     themed: bool = False) -> Progress:
        """The progress after one attempt at ``puzzle`` (see :func:`verify_attempt`).

        The first answer to a puzzle counts: only a solve adds to the streak and
        counts as a win for the rating; a failure or a hinted solve resets the
        streak. Any answer, counted or practice, takes a solved puzzle off the
        review list and puts a failed or hinted one on it, and is a review of the
        puzzle in the deck (``seconds``: how long the answer took, see
        :func:`~gintrainer.records.deck.grade_of`).

        ``against``: the puzzle's learned rating (:func:`~.rating.play`, with ``themed`` when the learner
        chose the puzzle's theme); without it the rating meets the puzzle's ``difficulty`` as a fixed one.
        """
        puzzle_id, kind, themes, difficulty, answer, moment = verify_attempt(
            puzzle, result, answer=answer, hints=hints, at=at)
        if against is not None and not isinstance(against, Rating):
            raise ProgressError(f"a puzzle's learned rating is a Rating, not {against!r}")
        deviation = None if against is None else against.deviation
        if against is not None:
            difficulty = against.rating
        deck = self.deck.answer(puzzle_id, kind, result, hints=hints, seconds=_seconds(seconds),
                                at=datetime.fromisoformat(moment))
        solved = result == "solved"
        if solved:
            review = tuple(pid for pid in self.review if pid != puzzle_id)
        else:
            review = self.review if puzzle_id in self.review else self.review + (puzzle_id,)
        if self.has_seen(puzzle_id):
            practice = Attempt(puzzle_id, kind, result, hints, answer, moment, difficulty, self.rating.rating,
                               counted=False, puzzle_deviation=deviation, themed=themed and deviation is not None)
            return replace(self, history=(self.history + (practice,))[-HISTORY_LIMIT:], review=review, deck=deck)
        rating = answer_rating(self.rating, difficulty, solved, puzzle_deviation=deviation, themed=themed)
        theme_tallies = dict(self.themes)
        for theme in themes:
            theme_tallies[theme] = theme_tallies.get(theme, Tally()).add(result)
        kind_tallies = dict(self.kinds)
        kind_tallies[kind] = kind_tallies.get(kind, Tally()).add(result)
        streak = self.streak + 1 if solved else 0
        attempt = Attempt(puzzle_id, kind, result, hints, answer, moment, difficulty, rating.rating,
                          puzzle_deviation=deviation, themed=themed and deviation is not None)
        return replace(
            self, rating=rating, streak=streak, best_streak=max(self.best_streak, streak),
            themes=theme_tallies, kinds=kind_tallies, history=(self.history + (attempt,))[-HISTORY_LIMIT:],
            review=review, deck=deck, solved_ids=self.solved_ids | {puzzle_id} if solved else self.solved_ids,
            seen_ids=self.seen_ids | {puzzle_id}, **{result: getattr(self, result) + 1})

    def with_deck_entries(self, puzzles: Iterable[tuple[str, str]], *, at: datetime | None = None) -> Progress:
        """The progress with each ``(puzzle id, kind)`` entered in the review deck, new and due at ``at``
        (now by default): the puzzles made from the learner's own mistakes. Puzzles in the deck stay as
        they are; the same progress comes back when nothing is new."""
        moment = datetime.now(UTC) if at is None else at
        deck = self.deck
        for puzzle_id, kind in puzzles:
            _text(puzzle_id, "a puzzle id")
            deck = deck.enter(puzzle_id, _choice(kind, KINDS, "a puzzle's kind"), moment)
        return self if deck is self.deck else replace(self, deck=deck)

    def lesson(self, number: LessonKey) -> LessonRecord:
        """The record of a lesson (an empty one for a lesson the learner never worked in)."""
        return self.lessons.get(number, LessonRecord())

    def with_exercise(self, lesson: LessonKey, kind: str, *, right: bool) -> Progress:
        """The progress after the first answer to one position of a lesson's exercise
        (``right``: right at the first try; the answer shown instead is not right)."""
        number = _verify_lesson(lesson, kind)
        if not isinstance(right, bool):
            raise ProgressError(f"right must be true or false, not {right!r}")
        return replace(self, lessons={**self.lessons, number: self.lesson(number).with_exercise(kind, right)})

    def with_check(self, lesson: LessonKey, *, right: int, questions: int) -> Progress:
        """The progress after a lesson's closing check was taken (every question answered),
        ``right`` of its ``questions`` right at the first try; it is passed when all are."""
        number = _verify_lesson(lesson)
        _verify_tally(right, questions)
        return replace(self, lessons={**self.lessons, number: self.lesson(number).with_check(right, questions)})

    def with_settings(self, **changes: Any) -> Progress:
        """The progress with some settings changed (each validated)."""
        return replace(self, settings=self.settings.replace(**changes))

    def with_review(self, kept: KeptReview) -> Progress:
        """The progress with one more hand review kept (the oldest goes beyond :data:`KEPT_LIMIT`)."""
        if not isinstance(kept, KeptReview):
            raise ProgressError(f"a hand review to keep is a KeptReview, not {type(kept).__name__}")
        return replace(self, hand_reviews=self.hand_reviews + (kept,))

    @property
    def latest_reviews(self) -> tuple[KeptReview, ...]:
        """The hand reviews kept, the latest first."""
        return self.hand_reviews[::-1]

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON, with the version; :meth:`from_dict` reads it back."""
        return PROFILE.stamp({
            "name": self.name, "created": self.created, "rating": self.rating.to_dict(),
            "solved": self.solved, "failed": self.failed, "hinted": self.hinted,
            "streak": self.streak, "best_streak": self.best_streak,
            "themes": {theme: tally.to_dict() for theme, tally in self.themes.items()},
            "kinds": {kind: tally.to_dict() for kind, tally in self.kinds.items()},
            "review": list(self.review), "solved_ids": sorted(self.solved_ids), "seen_ids": sorted(self.seen_ids),
            "settings": self.settings.to_dict(),
            "history": [attempt.to_dict() for attempt in self.history],
            "lessons": {str(number): record.to_dict() for number, record in self.lessons.items()},
            "hand_reviews": [kept.to_dict() for kept in self.hand_reviews],
            "deck": self.deck.to_dict(),
            "deck_fit": self.deck.fit_dict(),
        })

    @classmethod
    def from_dict(cls, data: Any) -> Progress:
        """A progress from :meth:`to_dict`'s output, of this version or an older one
        (see :data:`PROFILE`); raises ProgressFileError naming what is wrong, whatever
        is wrong (a value of the wrong type inside a setting too)."""
        try:
            return cls._from_dict(data)
        except ProgressFileError:
            raise
        except GinError as error:  # a setting or a tally refused as a value, not as a file
            raise ProgressFileError(str(error)) from None
        except (TypeError, KeyError, AttributeError, ValueError, RecursionError) as error:
            raise ProgressFileError(f"{type(error).__name__}: {error}"[:200]) from None

    @classmethod
    def _from_dict(cls, data: Any) -> Progress:
        data = _object(PROFILE.read(data), _DOCUMENT_KEYS, "a progress document")
        try:
            name = clean_name(data["name"])
            rating = Rating.from_dict(data["rating"])
        except (InvalidNameError, RatingError) as error:
            raise ProgressFileError(str(error)) from None
        if name != data["name"]:
            raise ProgressFileError(f"the name {data['name']!r} is not in its stored form {name!r}")
        counts = _document_counts(data)
        tallies = _document_tallies(data)
        ids = _document_ids(data)
        if not isinstance(data["history"], list):
            raise ProgressFileError(f"'history' must be a list of attempts, not {data['history']!r:.80}")
        history = tuple(Attempt.from_dict(item) for item in data["history"])
        if not set(ids["solved_ids"]) | set(ids["review"]) <= set(ids["seen_ids"]):
            raise ProgressFileError("'seen_ids' lacks a puzzle that 'solved_ids' or 'review' lists")
        hand_reviews, dropped = read_kept(data["hand_reviews"])  # a bad review is left out, never the file
        deck, deck_dropped = Deck.read(data["deck"], KINDS, data["deck_fit"])  # a bad log too
        return cls(name, rating, counts["solved"], counts["failed"], counts["hinted"], counts["streak"],
                   counts["best_streak"], tallies["themes"], tallies["kinds"], history, tuple(ids["review"]),
                   frozenset(ids["solved_ids"]), Settings.from_dict(data["settings"]),
                   _timestamp(data["created"], "the creation time"), frozenset(ids["seen_ids"]),
                   _document_lessons(data), hand_reviews, deck, dropped, deck_dropped)

    def to_json(self, *, indent: int | None = None) -> str:
        """The progress as JSON text: compact as stored, indented for export."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent) + "\n"

    @classmethod
    def from_json(cls, text: str | bytes) -> Progress:
        """A progress from :meth:`to_json`'s text; raises ProgressFileError if it is not one.

        >>> Progress.from_json('{"schema": 1}')
        Traceback (most recent call last):
        ...
        gintrainer.records.progress.ProgressFileError: a progress document lacks 'best_streak', 'created', ...
        """
        return cls.from_dict(parse_json(text, error=ProgressFileError))


def _document_counts(data: dict[str, Any]) -> dict[str, int]:
    """A progress document's counts, the streak no longer than the best streak."""
    counts = {key: _count(data[key], f"{key!r}") for key in ("solved", "failed", "hinted", "streak", "best_streak")}
    if counts["streak"] > counts["best_streak"]:
        raise ProgressFileError(f"the streak {counts['streak']} is above the best streak {counts['best_streak']}")
    return counts


def _document_tallies(data: dict[str, Any]) -> dict[str, dict[str, Tally]]:
    """A progress document's tallies by theme and by kind (of the known kinds)."""
    tallies = {}
    for key in ("themes", "kinds"):
        if not isinstance(data[key], dict):
            raise ProgressFileError(f"{key!r} must be a JSON object, not {data[key]!r:.80}")
        tallies[key] = {_text(label, f"a name in {key!r}"): Tally.from_dict(tally, f"{key!r} {label!r}")
                        for label, tally in data[key].items()}
    for kind in tallies["kinds"]:
        _choice(kind, KINDS, "a kind")
    return tallies


def _document_ids(data: dict[str, Any]) -> dict[str, list[str]]:
    """A progress document's lists of puzzle ids, each naming a puzzle once."""
    ids = {}
    for key in ("review", "solved_ids", "seen_ids"):
        if not isinstance(data[key], list):
            raise ProgressFileError(f"{key!r} must be a list of puzzle ids, not {data[key]!r:.80}")
        ids[key] = [_text(pid, f"a puzzle id in {key!r}") for pid in data[key]]
        if len(set(ids[key])) != len(ids[key]):
            raise ProgressFileError(f"{key!r} lists a puzzle twice")
    return ids


def _document_lessons(data: dict[str, Any]) -> dict[LessonKey, LessonRecord]:
    """A progress document's lesson records, by lesson number or page key."""
    if not isinstance(data["lessons"], dict):
        raise ProgressFileError(f"'lessons' must be a JSON object, not {data['lessons']!r:.80}")
    return {_file_lesson_key(key): LessonRecord.from_dict(record, f"lesson {key!r}'s record")
            for key, record in data["lessons"].items()}


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
    streak the best of all; the hand reviews interleave by time.
    """
    profiles = sorted(profiles, key=lambda p: (p.created, p.name))
    if not profiles:
        raise ProgressError("there is no profile to merge")

    def last_played(progress: Progress) -> str:
        return progress.history[-1].at if progress.history else progress.created

    first = profiles[0]
    rated = max(profiles, key=lambda p: (p.attempts, last_played(p)))
    latest = max(profiles, key=last_played)
    history = tuple(sorted((a for p in profiles for a in p.history), key=lambda a: a.at)[-HISTORY_LIMIT:])
    return Progress(
        first.name, rated.rating, solved=sum(p.solved for p in profiles), failed=sum(p.failed for p in profiles),
        hinted=sum(p.hinted for p in profiles), streak=latest.streak, best_streak=max(p.best_streak for p in profiles),
        themes=_sum_tallies(p.themes for p in profiles), kinds=_sum_tallies(p.kinds for p in profiles),
        history=history, review=tuple(dict.fromkeys(pid for p in profiles for pid in p.review)),
        solved_ids=frozenset().union(*(p.solved_ids for p in profiles)),
        seen_ids=frozenset().union(*(p.seen_ids for p in profiles)), settings=first.settings, created=first.created,
        lessons=_sum_lessons(p.lessons for p in profiles),
        hand_reviews=tuple(sorted((kept for p in profiles for kept in p.hand_reviews), key=lambda kept: kept.at)),
        deck=_sum_decks(p.deck for p in profiles))


def _sum_decks(decks: Iterable[Deck]) -> Deck:
    total = Deck()
    for deck in decks:
        total = total.plus(deck)
    return total


def _sum_lessons(records: Iterable[Mapping[LessonKey, LessonRecord]]) -> dict[LessonKey, LessonRecord]:
    total: dict[LessonKey, LessonRecord] = {}
    for mapping in records:
        for number, record in mapping.items():
            total[number] = total[number].plus(record) if number in total else record
    return total




__all__ = ["ANSWER_LIMIT", "Answer", "Attempt", "CheckRecord", "DIFFICULTIES", "HISTORY_LIMIT", "KINDS",
           "LessonKey", "LessonRecord", "PROFILE", "Progress", "ProgressError", "ProgressFileError", "RESULTS",
           "Settings", "Tally", "Tries", "merge_profiles", "verify_attempt"]
