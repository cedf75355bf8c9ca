"""A class session's key: the page's address names a student's session, and only the browser
that started it (which keeps its key) changes its answers; the address opened anywhere else
shows nothing of the answers before the hand-in, and the review, read only, after it."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from gintrainer.classroom import ClassSet  # noqa: E402
from gintrainer.classroom.store import DATABASE_ENV, SESSION_KEY, new_session_key, open_store  # noqa: E402
from gintrainer.widgets.classroom import StudentPage  # noqa: E402
from test_class_store import answer_on_page, reloaded, shows_nothing_of_the_answers  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_kernel")

SET = ClassSet("Session key test", count=3, kinds="can_knock")
ANOTHER_BROWSER = "Only the browser that started this set can answer it or hand it in"


def test_a_session_is_named_by_its_key_s_hash_and_only_its_key_opens_it():
    from gintrainer.classroom.store import opens, session_name
    key = new_session_key()
    name = session_name(key)
    assert SESSION_KEY.fullmatch(key) and SESSION_KEY.fullmatch(name) and key not in name
    assert name == session_name(key) and opens(name, key)
    for wrong in (new_session_key(), name, "", None, 42, key + "x", key[:-1], ["key"], "é" * 24, "A" * 100_000):
        assert not opens(name, wrong), wrong
    assert not opens(key, key)  # a session named by its key (a store of the version before) opens with none


def opened_elsewhere(page: StudentPage, sent: object = "") -> StudentPage:
    """``page``'s address opened in another browser (its kernel reads the address; its browser
    sends what it keeps for that session: nothing, or ``sent``)."""
    other = StudentPage()
    assert other.session is None and ANOTHER_BROWSER not in other.progress.value  # nothing before the browser says
    assert other.keeper.asking and other.keeper.session == page.session_key  # the page asks its browser
    other.keeper._handle_custom_msg(["not", "a", "key"], [])  # not the message the page waits for
    assert other.keeper.asking and other.session is None and "⚠" not in other.status.value
    other.keeper._handle_custom_msg({"key": sent}, [])
    return other


@pytest.fixture
def started(store_url, monkeypatch):
    """Kim's page with the first two puzzles answered (the first right), its address in QUERY_STRING."""
    monkeypatch.setenv(DATABASE_ENV, store_url)
    page = StudentPage(code=SET.code, student="Kim")
    page.start_button.click()
    answer_on_page(page, right=True)
    page.next_button.click()
    answer_on_page(page, right=False)
    monkeypatch.setenv("QUERY_STRING", f"code={SET.code}&session={page.session_key}")
    return page


def test_the_store_and_the_address_name_the_session_and_only_the_browser_keeps_its_key(started, store_url):
    from gintrainer.classroom.store import opens
    key = started.keeper.key
    assert opens(started.session_key, key) and started.keeper.session == started.session_key
    assert started.address.query == {"code": SET.code, "session": started.session_key}
    (stored,) = open_store(store_url).class_sessions(SET.code)
    assert stored.session == started.session_key and key not in repr(stored)


@pytest.mark.parametrize("sent", ["", "wrong", None, 7, {"key": "x"}, "other session's"])
def test_a_session_s_address_in_another_browser_shows_no_answer_and_changes_nothing(started, store_url, sent):
    if sent == "other session's":
        sent = new_session_key()
    store = open_store(store_url)
    before = store.session(SET.code, started.session_key)
    other = opened_elsewhere(started, sent)
    assert other.session is None and other.session_key is None and not other.keeper.asking
    assert ANOTHER_BROWSER in other.progress.value and shows_nothing_of_the_answers(other)
    assert other.student.value != "Kim" and other.view.layout.display == "none"
    other.keeper._handle_custom_msg({"key": started.keeper.key}, [])  # a second try on the same page: not heard
    assert other.session is None
    other.hand_in_button.click()
    other.confirm_button.click()
    other.next_button.click()
    assert "⚠" in other.status.value
    assert store.session(SET.code, started.session_key) == before  # nothing changed, nothing handed in
    started.next_button.click()
    answer_on_page(started, right=True)
    assert len(store.session(SET.code, started.session_key).attempts) == 3  # the student's own page goes on


def test_the_browser_that_started_the_set_continues_it_and_another_one_can_start_again(started, store_url):
    again = reloaded(started)
    assert again.session is not None and again.session.answered == 2 and again.student.value == "Kim"
    assert ANOTHER_BROWSER not in again.progress.value and not again.keeper.asking
    elsewhere = opened_elsewhere(started)
    elsewhere.student.value = "Kim"
    elsewhere.start_button.click()  # the student on another computer: a set of their own, started again
    assert elsewhere.session is not None and elsewhere.session.answered == 0
    assert elsewhere.session_key != started.session_key
    assert elsewhere.address.query == {"code": SET.code, "session": elsewhere.session_key}
    sessions = open_store(store_url).class_sessions(SET.code)
    assert [(s.student, len(s.attempts)) for s in sessions] == [("Kim", 2), ("Kim", 0)]  # the teacher sees both


def test_after_the_hand_in_the_address_shows_the_review_read_only_anywhere(started, store_url):
    started.next_button.click()
    answer_on_page(started, right=True)
    started.hand_in_button.click()
    store = open_store(store_url)
    handed_in = store.session(SET.code, started.session_key)
    assert handed_in.handed_in is not None
    assert started.keeper.handed_in and started.keeper.key == ""  # the browser forgets the key
    other = StudentPage()  # another browser: no key asked for, none needed to read
    assert not other.keeper.asking and other.session is not None and other.session.handed_in
    assert other.review.value == started.review.value and "right 2 of 3" in other.progress.value
    assert other.view.layout.display == "none" and other.hand_in_button.layout.display == "none"
    other.hand_in_button.click()
    other.confirm_button.click()
    assert store.session(SET.code, started.session_key) == handed_in
