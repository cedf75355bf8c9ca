"""Hand reviews kept and opened again: the learner's profile and the class store keep a
review as data (:class:`~gintrainer.records.reviews.KeptReview`, below the replays);
here a review is checked whole by its owner (:meth:`HandReview.from_dict`) before it is
kept, and a kept one is opened as a :class:`HandReview` and the hand's :class:`Replay`.

A page that reviewed a finished practice hand keeps it with :func:`keep_review` (for a
guest: :func:`kept_review`, kept in the page's memory with
:meth:`~gintrainer.records.progress.Progress.with_review`), with the practice tutor's notes
of the hand (:class:`~gintrainer.replay.tutor_notes.TutorNote`: where the tutor stopped a
move and what the learner chose), which :func:`open_notes` reads back.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from ..engine.hand import Hand
from ..records import profiles
from ..records.reviews import KeptReview, KeptReviewError, json_data
from ..words.errors import GinError
from ..words.language import t
from .history import Replay, from_record, to_record
from .review import HandReview, ReviewError
from .tutor_notes import TutorNote, read_notes


def review_record(review: HandReview | Mapping[str, Any]) -> dict[str, Any]:
    """The record to keep of a review (a :class:`HandReview`, or its record), checked whole by
    :meth:`HandReview.from_dict` once it is JSON data of at most :data:`~gintrainer.records.reviews.SIZE_LIMIT`
    characters: a :class:`~gintrainer.replay.review.ReviewError` says what is wrong."""
    if isinstance(review, HandReview):
        return review.to_dict()
    if not isinstance(review, Mapping):
        raise KeptReviewError(t("a review to keep is a hand review or its record, not {value}",
                                value=type(review).__name__), field="review")
    return HandReview.from_dict(json_data(review, "review")).to_dict()  # JSON data of a bounded size first


def history_record(history: Mapping[str, Any]) -> dict[str, Any]:
    """The record to keep of a hand's history given as data, replayed whole by
    :func:`~gintrainer.replay.history.from_record` (a ReplayError says what is wrong)."""
    if not isinstance(history, Mapping):
        raise KeptReviewError(t("a hand's history is its record, not {value}", value=type(history).__name__),
                              field="history")
    return from_record(json_data(history, "history")).to_dict()


def kept_review(review: HandReview | Mapping[str, Any], hand: Hand, *, match: object, number: object,
                source: str = "practice", at: datetime | None = None,
                notes: Sequence[TutorNote] = ()) -> KeptReview:
    """A review of the finished ``hand`` (number ``number`` of ``match``: a practice match's seed, written as
    text) to keep, checked whole: the review's seat must have played the hand's decisions it reviews, and each
    of the tutor's ``notes`` must be of that hand and at a decision the review judged."""
    record = review_record(review)
    if isinstance(match, int) and not isinstance(match, bool):  # a practice match's seed
        match = str(match)
    if not isinstance(hand, Hand):
        raise KeptReviewError(t("a reviewed hand is a Hand, not {value}", value=type(hand).__name__), field="history")
    if not hand.is_over:
        raise GinError(t("a review is kept of a finished hand"))
    steps = len(hand.actions)
    for decision in record["decisions"]:
        step = decision["step"]
        if step > steps or hand.actions[step - 1][0] != record["seat"]:
            raise KeptReviewError(t("the review's step {step} is not a move of its seat in this hand", step=step),
                                  field="review")
    tutor = notes_record(notes, record, number)
    return KeptReview.make(record, to_record(hand), source=source, match=match, hand=number, at=at, tutor=tutor)


def notes_record(notes: object, review: Mapping[str, Any], number: object) -> list[dict[str, Any]]:
    """The records to keep of the tutor's ``notes`` (:class:`TutorNote`, or their records) beside the review's
    record ``review`` of hand ``number``: each read whole, of that hand, at a step the review judged
    (KeptReviewError otherwise)."""
    if not isinstance(notes, (list, tuple)):
        raise KeptReviewError(t("the tutor's notes are a list, not {value}", value=type(notes).__name__),
                              field="tutor")
    try:
        read = read_notes([note.to_data() if isinstance(note, TutorNote) else note for note in notes],
                          hand=number if isinstance(number, int) and not isinstance(number, bool) else None)
    except GinError as error:
        raise KeptReviewError(str(error), field="tutor") from None
    steps = {decision["step"] for decision in review["decisions"]}
    for note in read:
        if note.step not in steps:
            raise KeptReviewError(t("the tutor's note at step {step} is not at a decision of the review",
                                    step=note.step), field="tutor")
    return [note.to_data() for note in read]


def keep_review(name: str, review: HandReview | Mapping[str, Any], hand: Hand, *, match: object, number: object,
                at: datetime | None = None, notes: Sequence[TutorNote] = ()) -> profiles.Outcome:
    """Keep the review of a finished practice hand, with the tutor's notes of the hand, in the learner's
    profile, atomically under its lock (see :func:`kept_review`; the profile keeps the latest
    :data:`~gintrainer.records.reviews.KEPT_LIMIT`)."""
    kept = kept_review(review, hand, match=match, number=number, at=at, notes=notes)
    return profiles.record_review(name, kept.review, kept.history, match=kept.match, hand=kept.hand,
                                  source=kept.source, at=datetime.fromisoformat(kept.at), tutor=kept.tutor)


def open_review(kept: KeptReview) -> HandReview:
    """A kept review read whole again (a :class:`~gintrainer.replay.review.ReviewError` says what is wrong:
    a record kept by another gintrainer, or changed by hand)."""
    return HandReview.from_dict(dict(kept.review))


def open_notes(kept: KeptReview) -> tuple[TutorNote, ...]:
    """The tutor's notes kept with a review, read whole again (a KeptReviewError says what is wrong)."""
    try:
        return read_notes(list(kept.tutor), hand=kept.hand)
    except GinError as error:
        raise KeptReviewError(str(error), field="tutor") from None


def open_replay(kept: KeptReview) -> Replay:
    """The replay of a kept review's hand (a :class:`~gintrainer.replay.history.ReplayError` says what is wrong,
    as for a hand history file; GinError when the hand was not kept with its review)."""
    if kept.history is None:
        raise GinError(t("this review was kept without its hand"))
    return from_record(dict(kept.history))


log = logging.getLogger(__name__)


def kept_for(reviews: Iterable[KeptReview], hand: Hand, *, match: object, number: int,
             seat: int) -> HandReview | None:
    """The latest of ``reviews`` that judged ``seat``'s decisions in the finished ``hand``, number ``number`` of
    the practice match whose seed is ``match``, kept with these very moves (a page opened again shows it, not
    a review made again); None when none is. One that cannot be read is logged and passed over."""
    if isinstance(match, int) and not isinstance(match, bool):
        match = str(match)
    moves: str | None = None
    for kept in reversed(tuple(reviews)):
        if kept.source != "practice" or kept.match != match or kept.hand != number or kept.history is None:
            continue
        if kept.review.get("seat") != seat:
            continue
        if moves is None:
            moves = json.dumps(to_record(hand), sort_keys=True)
        if json.dumps(kept.history, sort_keys=True) != moves:
            continue
        try:
            return open_review(kept)
        except ReviewError as error:
            log.warning("a kept review of hand %s of match %s cannot be read, passed over: %s", number, match,
                        error)
    return None


__all__ = ["history_record", "keep_review", "kept_for", "kept_review", "notes_record", "open_notes", "open_replay",
           "open_review", "review_record"]
