"""The class store's hand reviews (classroom/store.py, schema 2), on SQLite and on a real PostgreSQL
(``store_url`` runs each test on both): kept and read back the latest first, refused when they are not
reviews, and a store of schema 1 brought up to date."""

from __future__ import annotations

import json
import sqlite3
from functools import cache
from types import MappingProxyType

import pytest

from fake_judge import FakeJudge
from gintrainer import GinError, Hand
from gintrainer.classroom import ClassSet, StudentSession
from gintrainer.classroom import store as store_module
from gintrainer.classroom.codes import ClassCodeError
from gintrainer.classroom.results import ResultsError
from gintrainer.classroom.store import ClassStore, new_session_key, open_store
from gintrainer.engine.evaluate import decisions
from gintrainer.records.reviews import SIZE_LIMIT, KeptReviewError
from gintrainer.replay import ReplayError, examples, to_record
from gintrainer.replay.kept import open_replay, open_review
from gintrainer.replay.review import HandReview, ReviewError, review

SET = ClassSet("Review store test", count=2, kinds="can_knock")


@cache
def reviewed(name: str) -> tuple[Hand, HandReview]:
    replay = examples()[name]
    seat = replay.featured
    assert seat is not None
    before = next(before for before, move in decisions(replay.hand, seat) if len(move) == 1)
    return replay.hand, review(replay.hand, seat, samples=10, judge=FakeJudge({before: (9.0, 1.0)}))


def run_sql(url: str, statement: str, values: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """A statement run on the store's database directly, as another program would."""
    if url.startswith("postgresql://"):
        import psycopg
        with psycopg.connect(url, autocommit=True) as connection:
            cursor = connection.execute(statement.replace("?", "%s"), values)
            return cursor.fetchall() if cursor.description else []
    with sqlite3.connect(url.removeprefix("sqlite:///")) as connection:
        return connection.execute(statement, values).fetchall()


def test_reviews_are_kept_per_student_and_read_back_the_latest_first(store_url):
    store = open_store(store_url)
    gin, gin_review = reviewed("gin")
    undercut, undercut_review = reviewed("undercut")
    first = store.record_review(SET.code, "Ann", gin_review.to_dict(), history=to_record(gin), hand=1)
    store.record_review(SET.code.lower(), "Bo", undercut_review.to_dict())
    last = store.record_review(SET.code, "ann", undercut_review.to_dict(), history=to_record(undercut), hand=2)
    found = open_store(store_url).reviews(SET.code)
    assert [(r.student, r.kept.hand) for r in found] == [("ann", 2), ("Bo", 1), ("Ann", 1)]
    assert found[0] == last and found[-1] == first and found[-1].kept.source == "class"
    ann = store.reviews(SET.code, "ANN")
    assert [r.review_id for r in ann] == [last.review_id, first.review_id]
    assert open_review(ann[1].kept).to_dict() == gin_review.to_dict()
    assert open_replay(ann[0].kept).hand.history == undercut.history and found[1].kept.history is None
    assert ann[0].kept.summary.error_rate == pytest.approx(undercut_review.error_rate)
    assert undercut_review.error_rate > 0
    assert store.reviews(ClassSet("Another set", count=2).code) == ()


def test_what_is_not_a_review_is_refused_with_a_clear_message_and_nothing_is_written(store_url, monkeypatch):
    store = open_store(store_url)
    hand, hand_review = reviewed("gin")
    record = hand_review.to_dict()
    cases = [
        (dict(code="NOT-A-CODE", learner="Ann", review=record), ClassCodeError, None),
        (dict(code=SET.code, learner="=1+1", review=record), ResultsError, "formula"),
        (dict(code=SET.code, learner="Ann", review=["a list"]), KeptReviewError, "hand review or its record"),
        (dict(code=SET.code, learner="Ann", review={**record, "seat": "0"}), ReviewError, "seat"),
        (dict(code=SET.code, learner="Ann", review={**record, "padding": "x" * SIZE_LIMIT}), KeptReviewError,
         f"larger than {SIZE_LIMIT}"),
        (dict(code=SET.code, learner="Ann", review={**record, "decisions": record["decisions"] * 10**5}),
         KeptReviewError, f"larger than {SIZE_LIMIT}"),
        (dict(code=SET.code, learner="Ann", review=record, history={**to_record(hand), "actions": ["knock"]}),
         ReplayError, "step"),
        (dict(code=SET.code, learner="Ann", review=record, hand=0), KeptReviewError, "hand"),
        (dict(code=SET.code, learner="Ann", review=record, history="gin.json"), KeptReviewError, "history"),
    ]
    for arguments, error, words in cases:
        with pytest.raises(error, match=words):
            store.record_review(**arguments)
    assert store.reviews(SET.code) == ()
    monkeypatch.setattr(store_module, "REVIEW_LIMIT", 2)
    for _ in range(2):
        store.record_review(SET.code, "Ann", record)
    with pytest.raises(GinError, match="at most 2 hand reviews"):
        store.record_review(SET.code, "ANN", record)
    assert len(store.reviews(SET.code)) == 2 and store.record_review(SET.code, "Bo", record).student == "Bo"


def test_a_row_another_program_damaged_is_left_out(store_url):
    store = open_store(store_url)
    _, hand_review = reviewed("gin")
    kept = store.record_review(SET.code, "Ann", hand_review.to_dict())
    store.record_review(SET.code, "Ann", hand_review.to_dict())
    run_sql(store_url, "UPDATE class_reviews SET record = ? WHERE review_id = ?", ('{"at": 1}', kept.review_id))
    assert [r.review_id for r in store.reviews(SET.code, "Ann")] != [] and \
        kept.review_id not in [r.review_id for r in store.reviews(SET.code, "Ann")]


class SchemaOneStore(ClassStore):
    """The class store as schema 1 made it: sessions and answers, no reviews."""

    tables = store_module._TABLES  # type: ignore[assignment]  # schema 1's three tables
    schema_version = 1
    migrations: MappingProxyType[int, tuple[str, ...]] = MappingProxyType({})


def test_a_store_of_schema_1_gains_the_reviews_and_keeps_its_answers(store_url):
    old = SchemaOneStore(store_url)
    key = new_session_key()
    student = StudentSession(SET, "Ann")
    attempt = student.answer(0, "no")
    old.record(SET.code, key, "Ann", attempt)
    old.close()
    assert run_sql(store_url, "SELECT version FROM gintrainer_schema") == [(1,)]
    with pytest.raises(Exception, match="class_reviews"):
        run_sql(store_url, "SELECT COUNT(*) FROM class_reviews")
    store = open_store(store_url)
    _, hand_review = reviewed("gin")
    kept = store.record_review(SET.code, "Ann", hand_review.to_dict())
    assert run_sql(store_url, "SELECT version FROM gintrainer_schema") == [(store_module.SCHEMA_VERSION,)]
    assert store.reviews(SET.code) == (kept,) and store.class_sessions(SET.code)[0].attempts == (attempt,)
    assert json.loads(run_sql(store_url, "SELECT record FROM class_reviews")[0][0])["source"] == "class"
    with pytest.raises(GinError, match="newer gintrainer"):
        SchemaOneStore(store_url).codes()  # the old code stops at a store it cannot read


def test_a_row_kept_before_the_tutor_s_notes_is_read_with_none(store_url):
    store = open_store(store_url)
    _, hand_review = reviewed("gin")
    kept = store.record_review(SET.code, "Ann", hand_review.to_dict())
    old = {key: value for key, value in kept.kept.to_dict().items() if key != "tutor"}  # as schema 2 wrote it
    run_sql(store_url, "UPDATE class_reviews SET record = ? WHERE review_id = ?", (json.dumps(old), kept.review_id))
    [read] = store.reviews(SET.code, "Ann")
    assert read.review_id == kept.review_id and read.kept.tutor == () and read.kept == kept.kept
