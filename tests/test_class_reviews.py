"""The reviews of practice hands a class's student keeps for the class: from the practice page to the class
store under the class code (with the tutor's notes), kept on the server while the store cannot be reached and
sent when it is back (never twice), and summed up per student on the teacher's gradebook; the page's way to
the store on SQLite and on a real PostgreSQL (``store_url``), the rest on SQLite."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

pytest.importorskip("ipywidgets")

from fake_judge import FakeJudge  # noqa: E402
from gintrainer import GinError  # noqa: E402
from gintrainer.classroom import ClassSet, pending  # noqa: E402
from gintrainer.classroom import store as store_module  # noqa: E402
from gintrainer.classroom.gradebook import reviewed_hands, reviewed_hands_html  # noqa: E402
from gintrainer.classroom.store import DATABASE_ENV, open_store, review_name  # noqa: E402
from gintrainer.engine import evaluate  # noqa: E402
from gintrainer.replay.kept import kept_review, open_notes  # noqa: E402
from gintrainer.replay.tutor_notes import TutorChoice  # noqa: E402
from gintrainer.widgets.classroom import GradebookPage  # noqa: E402
from gintrainer.widgets.practice import PracticePage  # noqa: E402
from gintrainer.widgets.profile import Learner  # noqa: E402
from test_class_pending import database_down  # noqa: E402
from test_class_store_reviews import reviewed  # noqa: E402
from test_tutor_widget import BLUNDER, click, finish_hand, move_button, tutored_page  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_kernel")

SET = ClassSet("Class reviews test", count=2, kinds="can_knock")
T0 = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)


@pytest.fixture
def sqlite_url(tmp_path) -> str:
    """A class store of the test's own on SQLite only (what the test checks is not the database's)."""
    return f"sqlite:///{tmp_path / 'classes.sqlite3'}"


def class_page(monkeypatch, name: str = "Ann") -> tuple[PracticePage, int]:
    """A named learner of the class SET whose practice hand is over: the tutor stopped their first move,
    which they played anyway; the review's judge marks it a blunder."""
    page, start = tutored_page()
    learner = Learner(name)
    learner.carry_code(SET.code)
    page.learner = learner
    click(page, move_button(page))
    page.play_anyway_button.click()
    finish_hand(page.game)
    monkeypatch.setattr(evaluate, "judge", FakeJudge({start: BLUNDER}))
    return page, start


def review_on_page(page: PracticePage) -> None:
    page._on_review()
    page.review_box.children[0].review.run()


def test_a_class_learner_s_review_goes_to_the_class_store_once_with_the_tutor_s_notes(store_url, monkeypatch):
    monkeypatch.setenv(DATABASE_ENV, store_url)
    page, start = class_page(monkeypatch)
    review_on_page(page)
    [stored] = open_store(store_url).reviews(SET.code, "ANN")
    kept = stored.kept
    assert (stored.student, kept.source, kept.match, kept.hand) == ("Ann", "class", SET.code, page.game.hand_number)
    assert stored.review_id == review_name("ann", page.game.match.seed, page.game.hand_number, page.game.hand.history)
    assert stored.review_id != review_name("ann", page.game.match.seed, page.game.hand_number,
                                           page.game.hand.history[:-1])  # the hand taken back and played again
    assert [(n.step, n.choice) for n in open_notes(kept)] == [(start + 1, TutorChoice.PLAYED)]
    assert kept.summary.marks["blunder"] == 1 and "your teacher sees it" in page.class_line.value
    [in_profile] = page.learner.progress.hand_reviews  # and in the learner's profile, as before
    assert in_profile.review == kept.review and in_profile.source == "practice"
    review_on_page(page)  # the same hand reviewed again: the kept review shown, nothing judged, kept or sent again
    assert len(open_store(store_url).reviews(SET.code)) == 1 and len(page.learner.progress.hand_reviews) == 1
    page._keep_review(page.game.hand_number, page.review_box.children[0].review.reviewed)  # as from another tab
    assert len(open_store(store_url).reviews(SET.code)) == 1 and len(page.learner.progress.hand_reviews) == 2


def test_a_guest_or_a_learner_without_a_class_sends_nothing(sqlite_url, monkeypatch):
    monkeypatch.setenv(DATABASE_ENV, sqlite_url)
    page, _ = class_page(monkeypatch)
    page.learner.class_code = None
    review_on_page(page)
    guest, _ = tutored_page()
    guest.learner.carry_code(SET.code)
    finish_hand(guest.game)
    review_on_page(guest)
    assert open_store(sqlite_url).reviews(SET.code) == () and page.class_line.value == guest.class_line.value == ""


def test_a_review_made_while_the_store_is_down_is_kept_and_the_gradebook_sends_it(store_url, monkeypatch, data):
    database_down(monkeypatch)
    page, _ = class_page(monkeypatch)
    review_on_page(page)
    assert "kept on the server" in page.class_line.value
    [kept_here] = pending.reviews_kept(SET.code)
    assert (data / pending.REVIEWS_FOLDER / f"{kept_here.review_id}.json").is_file()
    book = GradebookPage()  # the store still down: nothing lost, nothing shown of the reviews
    book.code.value = SET.code
    assert "cannot be reached" in book.refreshed.value and book.reviews.value == ""
    monkeypatch.setenv(DATABASE_ENV, store_url)
    book = GradebookPage()
    book.code.value = SET.code
    [stored] = open_store(store_url).reviews(SET.code)
    assert stored.review_id == kept_here.review_id and stored.kept.at == kept_here.kept.at
    assert stored.kept.tutor == kept_here.kept.tutor != () and pending.reviews_kept() == ()
    assert "Ann" in book.reviews.value and "Practice hands reviewed: 1 student" in book.reviews.value
    assert pending.send_reviews(open_store(store_url)) == 0


def test_the_next_review_sends_those_kept_before_it(sqlite_url, monkeypatch):
    database_down(monkeypatch)
    page, _ = class_page(monkeypatch, "Bo")
    review_on_page(page)
    hand, hand_review = reviewed("gin")
    kept = kept_review(hand_review, hand, match=SET.code, number=1, source="class", at=T0)
    assert pending.reviews_kept(SET.code) != ()
    store = open_store(sqlite_url)
    assert pending.review_to_store(store, SET.code, "Bo", review_name("Bo", "gin", 1), kept)
    assert len(store.reviews(SET.code, "bo")) == 2 and pending.reviews_kept() == ()


@pytest.mark.parametrize("damage", [b"", b"{\"format\": \"gintrainer-class-pending-review\"}", b"\xff" * 10,
                                    b"[1, 2]"])
def test_a_pending_review_that_cannot_be_read_is_set_aside_and_nothing_fails(sqlite_url, data, damage):
    hand, hand_review = reviewed("gin")
    kept = kept_review(hand_review, hand, match=SET.code, number=1, source="class", at=T0)
    good = review_name("Ann", 5, 1)
    pending.keep_review(SET.code, "Ann", good, kept)
    bad = review_name("Ann", 5, 2)
    pending.review_path(bad).write_bytes(damage)
    copied = json.loads(pending.review_path(good).read_text("utf-8"))
    other = review_name("Ann", 5, 3)  # a good file copied under another review's name
    pending.review_path(other).write_text(json.dumps(copied), "utf-8")
    assert pending.send_reviews(open_store(sqlite_url), SET.code) == 1
    assert [r.review_id for r in open_store(sqlite_url).reviews(SET.code)] == [good]
    folder = data / pending.REVIEWS_FOLDER
    assert sorted(p.name.split(".")[1].split("-")[0] for p in folder.iterdir() if p.suffix == ".json") == [
        "corrupt", "corrupt"]


def test_a_review_the_store_refuses_is_set_aside_not_sent_again(sqlite_url, monkeypatch, data):
    hand, hand_review = reviewed("gin")
    kept = kept_review(hand_review, hand, match=SET.code, number=1, source="class", at=T0)
    store = open_store(sqlite_url)
    monkeypatch.setattr(store_module, "REVIEW_LIMIT", 1)
    store.record_review(SET.code, "Ann", hand_review.to_dict())
    pending.keep_review(SET.code, "Ann", review_name("Ann", 5, 1), kept)
    assert pending.send_reviews(store) == 0 and pending.reviews_kept() == ()
    assert [p.name.split(".")[1][:7] for p in (data / pending.REVIEWS_FOLDER).glob("*.json")] == ["refused"]
    with pytest.raises(GinError, match="at most 1 hand reviews"):
        pending.review_to_store(store, SET.code, "ann", review_name("Ann", 5, 2), kept)
    for bad in ("../../etc/passwd", "x", 7):
        with pytest.raises(GinError, match="review's name"):
            pending.review_to_store(store, SET.code, "Ann", bad, kept)
        with pytest.raises(GinError, match="review's name"):
            store.record_review(SET.code, "Ann", hand_review.to_dict(), review_id=bad)


def test_the_gradebook_sums_each_student_s_reviews():
    _, first = reviewed("gin")
    _, second = reviewed("undercut")
    stored = [store_module.StoredReview(SET.code, student, f"id{n}", kept_review(r, hand, match=SET.code, number=n,
                                                                               source="class", at=T0))
              for n, (student, r, hand) in enumerate([("Ann", first, reviewed("gin")[0]),
                                                      ("ann", second, reviewed("undercut")[0]),
                                                      ("Bo", second, reviewed("undercut")[0])], start=1)]
    ann, bo = reviewed_hands(stored)
    assert (ann.student, ann.hands, ann.decisions) == ("Ann", 2, first.count + second.count)
    assert ann.error_rate == pytest.approx((first.total_loss + second.total_loss) / (first.count + second.count))
    assert ann.marks == {mark: first.marks[m] + second.marks[m] for m in first.marks if (mark := m.value) != "none"}
    assert (bo.hands, bo.error_rate) == (1, pytest.approx(second.error_rate)) and ann.error_rate > 0
    html = reviewed_hands_html((ann, bo))
    assert html.count("<tr>") == 3 and "?? blunder" in html and "Points lost per decision" in html
    assert "No student of this class" in reviewed_hands_html(())


def test_every_word_of_the_class_reviews_table_is_from_the_catalogs():
    from i18n import pseudo_language, unmarked
    hand, hand_review = reviewed("gin")
    kept = kept_review(hand_review, hand, match=SET.code, number=1, source="class", at=T0)
    with pseudo_language():
        rows = reviewed_hands([store_module.StoredReview(SET.code, "Ann", "id", kept)])
        assert unmarked(reviewed_hands_html(rows), allowed=["Ann", "?!", "?", "??"]) == []
        assert unmarked(reviewed_hands_html(())) == []
