"""Hand reviews kept with the learner's profile (records/reviews.py, progress, profiles) and opened again
(replay/kept.py): the latest first, at most KEPT_LIMIT, through a migration of older profiles, a bad review
left out and reported, bad input refused, carried by export and import."""

from __future__ import annotations

import dataclasses
import json
import shutil
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path

import pytest

from fake_judge import FakeJudge
from gintrainer import GinError, Hand
from gintrainer.engine.evaluate import Estimate, decisions
from gintrainer.records import profiles
from gintrainer.records.progress import PROFILE, Progress
from gintrainer.records.reviews import (
    HISTORY_FORMAT,
    KEPT_LIMIT,
    REVIEW_FORMAT,
    SIZE_LIMIT,
    KeptReview,
    KeptReviewError,
)
from gintrainer.replay import FORMAT, examples, to_record
from gintrainer.replay import review as review_module
from gintrainer.replay.kept import history_record, keep_review, kept_review, open_notes, open_replay, open_review
from gintrainer.replay.review import HandReview, Mark, ReviewError, review
from gintrainer.replay.tutor_notes import TutorChoice, TutorNote

STORED = Path(__file__).resolve().parent / "stored"
T0 = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)


@cache
def reviewed(name: str = "undercut") -> tuple[Hand, HandReview]:
    """An example hand and its featured seat's review, one decision losing 5 points (a mistake)."""
    replay = examples()[name]
    seat = replay.featured
    assert seat is not None
    before = next(before for before, move in decisions(replay.hand, seat) if len(move) == 1)
    return replay.hand, review(replay.hand, seat, samples=10, judge=FakeJudge({before: (5.0, 1.0)}))


def kept(number: int = 1, at: datetime = T0) -> KeptReview:
    hand, hand_review = reviewed()
    return kept_review(hand_review, hand, match="77", number=number, at=at)


def test_the_records_name_the_formats_their_owners_write():
    assert (REVIEW_FORMAT, HISTORY_FORMAT) == (review_module.FORMAT, FORMAT)


def test_a_kept_review_is_in_the_profile_the_latest_first_and_opens_as_the_review_and_the_replay(data):
    hand, hand_review = reviewed()
    for number in (1, 2, 3):
        outcome = keep_review("Ann", hand_review, hand, match=77, number=number, at=T0 + timedelta(minutes=number))
    assert outcome.notices == () and [k.hand for k in outcome.progress.hand_reviews] == [1, 2, 3]
    latest = profiles.hand_reviews("ann")
    assert [(k.hand, k.at, k.match, k.source) for k in latest] == [
        (3, "2026-12-05T09:03:00Z", "77", "practice"), (2, "2026-12-05T09:02:00Z", "77", "practice"),
        (1, "2026-12-05T09:01:00Z", "77", "practice")]
    first = latest[0]
    assert (first.summary.seat, first.summary.decisions) == (hand_review.seat, hand_review.count)
    assert first.summary.error_rate == pytest.approx(hand_review.error_rate) and hand_review.error_rate > 0
    assert open_review(first).to_dict() == hand_review.to_dict()
    assert open_replay(first).hand.history == hand.history
    written = json.loads(profiles.profile_path("Ann").read_text("utf-8"))
    assert written["schema"] == PROFILE.version == 7 and len(written["hand_reviews"]) == 3
    assert profiles.hand_reviews("Nobody") == ()


def test_only_the_latest_reviews_are_kept_and_they_survive_a_round_trip():
    p = Progress.new("Ann")
    for number in range(1, KEPT_LIMIT + 6):
        p = p.with_review(kept(number, T0 + timedelta(seconds=number)))
    assert len(p.hand_reviews) == KEPT_LIMIT and p.hand_reviews[0].hand == 6
    assert p.latest_reviews[0].hand == KEPT_LIMIT + 5
    assert Progress.from_json(p.to_json()) == p
    with pytest.raises(GinError, match="KeptReview"):
        p.with_review(kept().to_dict())


def test_a_stored_version_3_profile_takes_reviews_and_keeps_all_it_had(data):
    [stored] = (STORED / "profiles_v3").iterdir()
    (data / "profiles").mkdir(parents=True)
    shutil.copy(stored, data / "profiles")
    before = Progress.from_dict(json.loads(stored.read_text("utf-8")))
    hand, hand_review = reviewed()
    outcome = keep_review("Lena", hand_review, hand, match="5", number=1, at=T0)
    after = outcome.progress
    assert outcome.notices == () and after.hand_reviews[0].hand == 1
    assert (after.lessons, after.history, after.rating, after.seen_ids) == (before.lessons, before.history,
                                                                            before.rating, before.seen_ids)
    written = json.loads(profiles.profile_path("Lena").read_text("utf-8"))
    assert {key: value for key, value in written.items() if key != "hand_reviews"} == {
        **json.loads(stored.read_text("utf-8")), "schema": PROFILE.version, "deck": {},
        "deck_fit": {"factor": 1.0, "fitted_at": 0, "answers": 0}}


def test_a_version_3_document_that_already_has_hand_reviews_is_refused():
    document = {**Progress.new("Ann").to_dict(), "schema": 3}
    with pytest.raises(GinError, match="version 3 has no 'hand_reviews'"):
        Progress.from_dict(document)


def broken_reviews() -> list[object]:
    good = kept().to_dict()
    wrong_count = json.loads(json.dumps(good))
    wrong_count["review"]["summary"]["decisions"] += 1
    nan_rate = json.loads(json.dumps(good))
    nan_rate["review"]["summary"]["error_rate"] = -3.0
    other_format = json.loads(json.dumps(good))
    other_format["history"]["format"] = "gintrainer-practice"
    return ["not a review", {**good, "hand": 0}, {**good, "at": "yesterday"}, wrong_count, nan_rate,
            other_format, {**good, "extra": 1}, {**good, "match": ""}, {**good, "tutor": "notes"},
            {**good, "tutor": ["a note"]}]


def test_a_malformed_review_in_a_profile_is_left_out_and_reported_and_the_file_as_it_was_kept(data):
    good = kept().to_dict()
    bad = broken_reviews()
    document = Progress.new("Ann").to_dict()
    document["hand_reviews"] = [good, *bad, good]
    (data / "profiles").mkdir(parents=True)
    path = profiles.profile_path("Ann")
    original = json.dumps(document)
    path.write_text(original, "utf-8")
    outcome = profiles.load("Ann")
    assert len(outcome.progress.hand_reviews) == 2 and outcome.progress.dropped == ()
    assert len(outcome.notices) == 1 and f"{len(bad)} of your hand reviews could not be read" in outcome.notice
    [copy] = (data / "profiles").glob("*.dropped-*.json")
    assert copy.read_text("utf-8") == original and copy.name in outcome.notice
    assert len(json.loads(path.read_text("utf-8"))["hand_reviews"]) == 2  # written again without them
    assert profiles.load("Ann").notices == ()  # told once


def test_hand_reviews_that_are_not_a_list_are_left_out_not_the_profile(data):
    document = {**Progress.new("Ann").to_dict(), "hand_reviews": {"a": 1}}
    p = Progress.from_dict(document)
    assert p.hand_reviews == () and p.dropped == ("the hand reviews are a list, not {'a': 1}",)


def test_a_review_to_keep_that_is_not_one_or_too_large_is_refused_before_the_profile_is_touched(data):
    hand, hand_review = reviewed()
    record = hand_review.to_dict()
    cases = [
        ({**record, "seat": 2}, ReviewError, "seat"),
        ({**record, "decisions": "many"}, ReviewError, "decisions"),
        ({**record, "summary": {**record["summary"], "error_rate": 0.0}}, ReviewError, "summary states"),
        ("a review", KeptReviewError, "hand review or its record"),
        ({**record, "seat": 1 - record["seat"]}, KeptReviewError, "not a move of its seat"),
    ]
    for value, error, words in cases:
        with pytest.raises(error, match=words):
            keep_review("Ann", value, hand, match="1", number=1)
    unfinished = hand.prefix(3)
    with pytest.raises(GinError, match="finished hand"):
        keep_review("Ann", hand_review, unfinished, match="1", number=1)
    for match, number in (("", 1), ("x" * 81, 1), (["7"], 1), ("7", 0), ("7", True), ("7", "1")):
        with pytest.raises(KeptReviewError):
            keep_review("Ann", hand_review, hand, match=match, number=number)
    with pytest.raises(KeptReviewError, match="time zone"):
        keep_review("Ann", hand_review, hand, match="1", number=1, at=datetime(2026, 1, 1))  # noqa: DTZ001
    assert not (data / "profiles").exists() or not list((data / "profiles").glob("*.json"))


def test_the_records_refuse_what_is_not_json_data_or_is_too_large():
    hand, hand_review = reviewed()
    record, history = hand_review.to_dict(), to_record(hand)
    with pytest.raises(KeptReviewError, match="not JSON data"):
        KeptReview.make({**record, "samples": float("nan")}, history, match="1", hand=1)
    with pytest.raises(KeptReviewError, match="not JSON data"):
        KeptReview.make({**record, "seed": object()}, history, match="1", hand=1)
    with pytest.raises(KeptReviewError, match=f"larger than {SIZE_LIMIT}"):
        KeptReview.make({**record, "padding": "x" * SIZE_LIMIT}, history, match="1", hand=1)
    with pytest.raises(KeptReviewError, match="lone surrogate"):
        KeptReview.make(record, {**history, "title": "\ud800"}, match="1", hand=1)
    with pytest.raises(KeptReviewError, match="source"):
        KeptReview.make(record, history, match="1", hand=1, source="tournament")
    with pytest.raises(GinError):
        history_record({**history, "actions": ["discard 2C"]})  # does not replay


def test_export_and_import_carry_the_reviews(data):
    hand, hand_review = reviewed()
    keep_review("Ann", hand_review, hand, match="9", number=4, at=T0)
    text = profiles.export("Ann")
    outcome = profiles.import_profile(text, name="Bo")
    assert [(k.hand, k.match, k.at) for k in outcome.progress.hand_reviews] == [(4, "9", "2026-12-05T09:00:00Z")]
    assert profiles.hand_reviews("Bo") == profiles.hand_reviews("Ann")
    document = json.loads(text)
    document["hand_reviews"].append({"at": "now"})
    outcome = profiles.import_profile(json.dumps(document), name="Cy")
    assert len(outcome.progress.hand_reviews) == 1 and "hand reviews in the imported progress" in outcome.notice


def test_profiles_merged_interleave_their_reviews_by_time():
    from gintrainer.records.progress import merge_profiles
    mia = Progress.new("Mia", created=T0).with_review(kept(1, T0 + timedelta(hours=1))).with_review(
        kept(3, T0 + timedelta(hours=3)))
    lower = Progress.new("mia", created=T0 + timedelta(days=1)).with_review(kept(2, T0 + timedelta(hours=2)))
    assert [k.hand for k in merge_profiles([lower, mia]).hand_reviews] == [1, 2, 3]


def test_the_profile_s_notices_speak_the_page_s_language(data):
    from gintrainer.words.language import in_language

    (data / "profiles").mkdir(parents=True)
    profiles.profile_path("Ann").write_text("not JSON", "utf-8")
    with in_language("tr"):
        outcome = profiles.load("Ann")
        with pytest.raises(GinError, match="adında bir profil yok"):
            profiles.load("Nobody", create=False)
    assert "okunamadı" in outcome.notices[0] and "Yeni bir tane başlatıldı." in outcome.notices[1]
    assert "was unreadable" not in outcome.notice


# -- the practice tutor's notes, kept with the review ----------------------------------------------------


def tutor_notes(hand_review: HandReview, number: int = 1) -> tuple[TutorNote, ...]:
    """The tutor's answers at the review's worst decision: rethought, then played anyway."""
    decision = next(d for d in hand_review.decisions if d.loss.mean > 0)
    return (TutorNote(number, decision.before, decision.best, Mark.MISTAKE, Estimate(5.0, 1.0, 200),
                      TutorChoice.RETHINK, hinted=True),
            TutorNote(number, decision.before, decision.made, Mark.MISTAKE, Estimate(5.0, 1.0, 200),
                      TutorChoice.PLAYED))


def test_the_tutor_s_notes_are_kept_with_the_review_in_the_profile_and_read_back(data):
    hand, hand_review = reviewed()
    notes = tutor_notes(hand_review, number=2)
    outcome = keep_review("Ann", hand_review, hand, match=77, number=2, at=T0, notes=notes)
    [kept_one] = profiles.hand_reviews("ann")
    assert outcome.notices == () and open_notes(kept_one) == notes
    written = json.loads(profiles.profile_path("Ann").read_text("utf-8"))
    assert written["schema"] == PROFILE.version == 7
    assert written["hand_reviews"][0]["tutor"] == [note.to_data() for note in notes]
    assert open_notes(kept()) == () and kept().to_dict()["tutor"] == []


def test_tutor_notes_that_are_not_of_the_hand_or_of_its_decisions_are_refused(data):
    hand, hand_review = reviewed()
    notes = tutor_notes(hand_review, number=2)
    steps = {decision.step for decision in hand_review.decisions}
    elsewhere = next(before for before in range(len(hand.actions)) if before + 1 not in steps)
    cases = [(tutor_notes(hand_review, number=3), "hand 3"),
             ((dataclasses.replace(notes[0], before=elsewhere),), "not at a decision"),
             ([{**notes[0].to_data(), "choice": "ignored"}], "tutor choice"),
             ([{**notes[0].to_data(), "mark": "none"}], "marked move"),
             ("notes", "list"), ([notes[0].to_data()] * 1000, "at most")]
    for bad, words in cases:
        with pytest.raises(KeptReviewError, match=words):
            keep_review("Ann", hand_review, hand, match=77, number=2, at=T0, notes=bad)
    assert not profiles.profile_path("Ann").exists()
    stored = {**kept(2).to_dict(), "tutor": [{**notes[0].to_data(), "hinted": "yes"}]}
    with pytest.raises(KeptReviewError, match="hinted"):
        open_notes(KeptReview.from_dict(stored))


def test_a_stored_version_4_document_s_reviews_gain_no_notes_and_one_with_notes_is_refused():
    [stored] = (STORED / "profiles_v4").iterdir()
    document = json.loads(stored.read_text("utf-8"))
    assert document["schema"] == 4 and "tutor" not in document["hand_reviews"][0]
    [kept_one] = Progress.from_dict(document).hand_reviews
    assert kept_one.tutor == () and open_notes(kept_one) == ()
    document["hand_reviews"][0]["tutor"] = []
    with pytest.raises(GinError, match="version 4 has no 'tutor'"):
        Progress.from_dict(document)
