"""The reviews of a learner's played hands as they are kept: in the learner's profile
(:class:`~gintrainer.records.progress.Progress`) and in the class store.

A :class:`KeptReview` is one reviewed hand: when it was kept, where the hand was
played (a practice match, by its seed, or a class set, by its code) and its number
there, the review's record (:meth:`gintrainer.replay.review.HandReview.to_dict`) and the
hand's history (:func:`gintrainer.replay.history.to_record`), from which a page opens
the hand's replay at a reviewed step, and the practice tutor's notes of the hand (``tutor``:
where the tutor stopped a move and what the learner chose, each as
:meth:`gintrainer.replay.tutor_notes.TutorNote.to_data` writes it; none for a hand played
without the tutor).

Kept reviews written before the tutor's notes were kept (profiles of version 4, the class
store's rows of schema 2) have no ``tutor``: :func:`with_tutor_notes` gives them none, as the
profile's migration and the class store's reading do.

The records sit below the replays, so this module reads the review and the history
as data: it checks what it relies on (their formats, the reviewed seat, the summary's
count of decisions and error rate, which the profile's chart draws, every text
showable and every number finite) and leaves the rest of their checking to their
owners, :meth:`~gintrainer.replay.review.HandReview.from_dict` and
:func:`~gintrainer.replay.history.from_record`, which
:mod:`gintrainer.replay.kept` calls before a review is kept and when one is opened.

>>> review = {"format": REVIEW_FORMAT, "version": 1, "seat": 0, "decisions": [],
...           "summary": {"decisions": 0, "total_loss": 0.0, "error_rate": 0.0, "marks": {}, "worst": []}}
>>> kept = KeptReview.make(review, at=datetime(2026, 12, 5, 9, 30, tzinfo=UTC), match="4", hand=2)
>>> kept.at, kept.summary.decisions, kept.tutor, KeptReview.from_dict(kept.to_dict()) == kept
('2026-12-05T09:30:00Z', 0, (), True)
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from ..words.language import t
from .storage import RecordError, refuse_lone_surrogate

KEPT_LIMIT = 100
"""The most hand reviews a profile keeps: the latest (about ten matches to 100 points).
Measured over 100 hands of naive against best: a review with its hand's history is 4.5 KB
of JSON (the median; 9 KB at most), so a profile holding 100 is about 460 KB, read in 15 ms
and written in 90 ms, as it is at every answer the learner gives; 200 would double both, and
their points would crowd the chart's 420 px (100 stand 4 px apart)."""
SIZE_LIMIT = 64 * 1024
"""The most characters of JSON a kept review (the review and the hand's history) may have.
A real one has a few thousand; a larger one is refused, whoever sends it."""
REVIEW_FORMAT = "gintrainer-hand-review"
HISTORY_FORMAT = "gintrainer-hand-history"
SOURCES = ("practice", "class")
"""Where a reviewed hand was played: a practice match, or a class set."""
ROUNDING = 1e-9
"""How far below 0 a review's error rate may be (a sum of paired losses may round a hair below 0)."""
_KEYS = ("at", "source", "match", "hand", "review", "history", "tutor")
MATCH_LIMIT = 80
"""The most characters of the ``match`` that names where a hand was played."""


class KeptReviewError(RecordError):
    """A hand review that cannot be kept or read back; ``field`` names the key at fault."""


def _fail(message: str, field: str) -> KeptReviewError:
    return KeptReviewError(message, field=field)


def _shown(value: object, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _whole(value: object, field: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        # Translators: {field} is the key at fault as a file writes it ("hand"), not translated.
        raise _fail(t("{field} is a whole number from {low}, not {value}", field=field, low=low,
                      value=_shown(value)), field)
    return value


def _number(value: object, field: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or value < -ROUNDING:
        # Translators: {field} is the key at fault as a file writes it, not translated.
        raise _fail(t("{field} is a number from 0, not {value}", field=field, value=_shown(value)), field)
    return max(0.0, float(value))


def _object(value: object, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        # Translators: {field} is the key at fault as a file writes it ("review"), not translated.
        raise _fail(t("{field} is a JSON object, not {value}", field=field, value=_shown(value)), field)
    return value


def _format(value: dict[str, Any], format: str, field: str) -> None:
    if value.get("format") != format:
        # Translators: {field} is the key at fault as a file writes it ("review"); {format} the format it needs,
        # as files write it; neither is translated.
        raise _fail(t("{field} is a record of the format {format}, not {value}", field=field, format=format,
                      value=_shown(value.get("format"))), field)
    _whole(value.get("version"), f"{field}.version", 1)


def _utc_text(moment: datetime | None) -> str:
    if moment is None:
        moment = datetime.now(UTC)
    elif not isinstance(moment, datetime) or moment.utcoffset() is None:
        raise _fail(t("the time a review is kept is a date and time with a time zone, not {value}",
                      value=_shown(moment)), "at")
    return moment.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def _time(value: object) -> str:
    if isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            moment = None
        if moment is not None and moment.utcoffset() is not None:
            return value
    raise _fail(t("at is a date and time with a time zone (ISO 8601), not {value}", value=_shown(value)), "at")


def json_data(value: object, field: str) -> Any:
    """``value`` as JSON data (a fresh copy: lists for tuples), refused if it is not JSON data (a NaN, an
    object, a key that is not text) or is larger than :data:`SIZE_LIMIT` characters."""
    if _at_least(value, SIZE_LIMIT + 1) > SIZE_LIMIT:
        raise _fail(t("{field} is larger than {limit} characters of JSON", field=field, limit=SIZE_LIMIT), field)
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        # Translators: {field} is the key at fault as a file writes it ("review"), not translated.
        raise _fail(t("{field} is not JSON data (text, numbers, lists and objects with text keys)",
                      field=field), field) from None
    if len(text) > SIZE_LIMIT:
        raise _fail(t("{field} is larger than {limit} characters of JSON", field=field, limit=SIZE_LIMIT), field)
    return refuse_lone_surrogate(json.loads(text), error=KeptReviewError)


def _at_least(value: object, limit: int) -> int:
    """A lower bound of the characters ``value`` takes as JSON, counted only up to ``limit``: a value too
    large to keep is found without being written out whole (a list of a million items is refused at once)."""
    size, stack = 0, [value]
    while stack and size < limit:
        item = stack.pop()
        if isinstance(item, str):
            size += len(item) + 2
        elif isinstance(item, Mapping):
            size += 2
            for key, inner in item.items():
                stack.extend((key, inner))
        elif isinstance(item, (list, tuple)):
            size += 2 + len(item)
            stack.extend(item)
        else:
            size += 1
    return size


@dataclass(frozen=True, slots=True)
class Summary:
    """What the kept review's own summary says: the seat reviewed, how many decisions, the points they lost
    per decision (the error rate) and how many got each mark (by the mark's word)."""

    seat: int
    decisions: int
    error_rate: float
    marks: Mapping[str, int]


def _summary(review: dict[str, Any]) -> Summary:
    """A review record's summary, checked as far as the records rely on it (see the module's text)."""
    _format(review, REVIEW_FORMAT, "review")
    seat = review.get("seat")
    if seat not in (0, 1) or isinstance(seat, bool):
        raise _fail(t("the seat is 0 or 1, not {value}", value=_shown(seat)), "review")
    decisions = review.get("decisions")
    if not isinstance(decisions, list):
        raise _fail(t("the decisions are a list, not {value}", value=_shown(decisions)), "review")
    summary = _object(review.get("summary"), "review.summary")
    count = _whole(summary.get("decisions"), "review.summary.decisions", 0)
    if count != len(decisions):
        # Translators: {stated} and {actual} are numbers of decisions.
        raise _fail(t("the review's summary counts {stated} decisions, but it has {actual}", stated=count,
                      actual=len(decisions)), "review")
    rate = _number(summary.get("error_rate"), "review.summary.error_rate")
    if count == 0 and rate != 0:
        raise _fail(t("a review without decisions has an error rate of 0, not {value}", value=_shown(rate)),
                    "review")
    marks = _object(summary.get("marks"), "review.summary.marks")
    counted = {str(mark): _whole(n, "review.summary.marks", 0) for mark, n in marks.items()}
    if sum(counted.values()) > count:
        raise _fail(t("the review's summary marks more decisions than it has"), "review")
    return Summary(seat, count, rate, counted)


def _notes(notes: object) -> tuple[dict[str, Any], ...]:
    """The tutor's notes of a kept review, checked as far as the records rely on them: a list of objects
    (their owner, :func:`gintrainer.replay.tutor_notes.read_notes`, reads them whole)."""
    if not isinstance(notes, list) or not all(isinstance(note, dict) for note in notes):
        # Translators: {field} is the key at fault as a file writes it ("tutor"), not translated.
        raise _fail(t("{field} is a list of JSON objects, not {value}", field="tutor", value=_shown(notes)), "tutor")
    return tuple(notes)


def with_tutor_notes(record: object) -> object:
    """A kept review's record as written before the tutor's notes were kept (no ``tutor``), with none; any
    other value as it is."""
    if isinstance(record, dict) and "tutor" not in record:
        return {**record, "tutor": []}
    return record


def _history(history: object) -> dict[str, Any]:
    record = _object(history, "history")
    _format(record, HISTORY_FORMAT, "history")
    items = record.get("actions")
    if not isinstance(items, list) or not all(isinstance(item, str) for item in items):
        # Translators: {field} is the key at fault as a file writes it ("history.actions"), not translated.
        raise _fail(t("{field} is a list of texts, not {value}", field="history.actions", value=_shown(items)),
                    "history")
    if not isinstance(record.get("deck"), str):
        # Translators: {field} is the key at fault as a file writes it ("history.deck"), not translated.
        raise _fail(t("{field} is text, not {value}", field="history.deck", value=_shown(record.get("deck"))),
                    "history")
    return record


@dataclass(frozen=True, slots=True)
class KeptReview:
    """One reviewed hand as kept (see the module's text). ``review`` and ``history`` are JSON data, never
    changed once kept; ``history`` is None when the hand was not kept with its review."""

    at: str
    """When the review was kept: UTC, ISO 8601 to the second (``2026-12-05T09:30:00Z``)."""
    source: str
    """Where the hand was played: one of :data:`SOURCES`."""
    match: str
    """Which practice match (its seed, as text) or class set (its code) the hand was played in."""
    hand: int
    """The hand's number in its match, from 1."""
    review: Mapping[str, Any]
    history: Mapping[str, Any] | None
    summary: Summary
    tutor: tuple[Mapping[str, Any], ...] = ()
    """The practice tutor's notes of the hand, as JSON data (see the module's text)."""

    @classmethod
    def make(cls, review: object, history: object = None, *, source: str = "practice", match: object,
             hand: object, at: datetime | None = None, tutor: object = ()) -> KeptReview:
        """A review to keep, checked: JSON data of at most :data:`SIZE_LIMIT` characters (see the module's
        text for what is checked here); ``at`` is now when None."""
        if source not in SOURCES:
            raise _fail(t("a review's source is {choices}, not {value}", choices=", ".join(SOURCES),
                          value=_shown(source)), "source")
        data = json_data({"review": review, "history": history,
                          "tutor": list(tutor) if isinstance(tutor, tuple) else tutor}, "review")
        return cls.from_dict({"at": _utc_text(at), "source": source, "match": match, "hand": hand, **data})

    def to_dict(self) -> dict[str, Any]:
        """The review as kept, JSON data (:meth:`from_dict` reads it back)."""
        return {"at": self.at, "source": self.source, "match": self.match, "hand": self.hand,
                "review": self.review, "history": self.history, "tutor": list(self.tutor)}

    @classmethod
    def from_dict(cls, data: object) -> KeptReview:
        """A kept review from :meth:`to_dict`'s data; KeptReviewError says what is wrong."""
        record = _object(data, "review")
        unknown = sorted(set(record) - set(_KEYS))
        missing = [key for key in _KEYS if key not in record]
        if unknown or missing:
            # Translators: {keys} are the keys a kept review has, as files write them, not translated.
            raise _fail(t("a kept review has the keys {keys}, not {found}", keys=", ".join(_KEYS),
                          found=", ".join(map(str, record))), (unknown or missing)[0])
        source = record["source"]
        if source not in SOURCES:
            raise _fail(t("a review's source is {choices}, not {value}", choices=", ".join(SOURCES),
                          value=_shown(source)), "source")
        match = record["match"]
        if not isinstance(match, str) or not match or len(match) > MATCH_LIMIT:
            raise _fail(t("match names where the hand was played in 1 to {limit} characters, not {value}",
                          limit=MATCH_LIMIT, value=_shown(match)), "match")
        review = _object(record["review"], "review")
        history = None if record["history"] is None else _history(record["history"])
        return cls(_time(record["at"]), source, match, _whole(record["hand"], "hand", 1), review, history,
                   _summary(review), _notes(record["tutor"]))


def read_kept(items: object, *, limit: int = KEPT_LIMIT) -> tuple[tuple[KeptReview, ...], tuple[str, ...]]:
    """The kept reviews in a record's list (the latest ``limit`` of them) and what is wrong with each one that
    cannot be read: those are left out, never the reason a whole record is refused."""
    if not isinstance(items, list):
        return (), (t("the hand reviews are a list, not {value}", value=_shown(items)),)
    kept, problems = [], []
    for index, item in enumerate(items):
        try:
            kept.append(KeptReview.from_dict(item))
        except KeptReviewError as error:
            # Translators: {number} counts the reviews of a file from 1; {problem} says what is wrong.
            problems.append(t("hand review {number}: {problem}", number=index + 1, problem=error.problem))
    return tuple(kept[-limit:]), tuple(problems)


__all__ = ["HISTORY_FORMAT", "KEPT_LIMIT", "KeptReview", "KeptReviewError", "REVIEW_FORMAT", "SIZE_LIMIT",
           "SOURCES", "Summary", "json_data", "read_kept", "with_tutor_notes"]
