"""Class answers given while the class store cannot be reached: kept on the server in the data
folder, continued at a reload and a restart, sent in order and never doubled when the store is
back; pending files that cannot be read are set aside and no page fails for them."""

from __future__ import annotations

import json
import os

import pytest

pytest.importorskip("ipywidgets")

from conftest import free_port  # noqa: E402
from gintrainer.classroom import ClassSet, StudentSession, pending  # noqa: E402
from gintrainer.classroom.store import DATABASE_ENV, new_session_key, open_store  # noqa: E402
from gintrainer.widgets.classroom import GradebookPage, StudentPage  # noqa: E402
from test_class_store import answer_on_page, csv_rows, response, shows_nothing_of_the_answers  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_kernel")

SET = ClassSet("Pending test", count=3)
KEPT = "your answers are kept on the server"
BACK = "the answers kept on the server are recorded"


def database_down(monkeypatch) -> None:
    monkeypatch.setenv(DATABASE_ENV, f"postgresql://nobody@127.0.0.1:{free_port()}/classes")


def reload_page(monkeypatch, name: str, key: str = "") -> StudentPage:
    """The page of the session ``name`` opened again at its address (a reload, or after a restart of
    the server): a new kernel reads the address, then hears the key the browser keeps (``key``)."""
    monkeypatch.setenv("QUERY_STRING", f"code={SET.code}&session={name}")
    again = StudentPage()
    again.keeper._handle_custom_msg({"key": key}, [])
    return again


def two_answers_while_down(monkeypatch) -> tuple[StudentPage, str]:
    database_down(monkeypatch)
    page = StudentPage(code=SET.code, student="Kim")
    page.start_button.click()
    answer_on_page(page, right=True)
    page.next_button.click()
    answer_on_page(page, right=False)
    assert page.session_key is not None
    return page, page.session_key


def test_answers_given_while_the_store_is_down_survive_a_reload_and_reach_it_when_it_is_back(store_url, monkeypatch,
                                                                                            data):
    page, key = two_answers_while_down(monkeypatch)
    assert KEPT in page.connection.value and shows_nothing_of_the_answers(page)
    assert (data / pending.FOLDER / f"{key}.json").is_file()
    assert "gt-when-lost" in page.when_lost.value and "so far are kept" in page.when_lost.value

    again = reload_page(monkeypatch, key, page.keeper.key)  # the store still down
    assert again.session is not None and again.session_key == key and again.student.value == "Kim"
    assert again.session.answered == 2 and again.index == 2 and not again.session.can_answer(1)
    assert "puzzle 3 of 3" in again.progress.value and KEPT in again.connection.value
    assert "starts again" not in again.connection.value and shows_nothing_of_the_answers(again)
    elsewhere = reload_page(monkeypatch, key)  # the address opened in another browser: it has no key
    assert elsewhere.session is None and "Only the browser that started this set" in elsewhere.progress.value
    assert shows_nothing_of_the_answers(elsewhere)

    monkeypatch.setenv(DATABASE_ENV, store_url)  # the store is back
    back = reload_page(monkeypatch, key, page.keeper.key)
    stored = open_store(store_url).session(SET.code, key)
    assert stored is not None and stored.student == "Kim" and [a.correct for a in stored.attempts] == [True, False]
    assert [a.position for a in stored.attempts] == [1, 2] and not (data / pending.FOLDER / f"{key}.json").exists()
    assert back.session.answered == 2 and back.connection.value == ""
    answer_on_page(back, right=True)
    back.hand_in_button.click()
    stored = open_store(store_url).session(SET.code, key)
    assert [a.correct for a in stored.attempts] == [True, False, True] and stored.handed_in is not None
    assert len(open_store(store_url).class_sessions(SET.code)) == 1


def test_the_open_page_sends_what_it_kept_at_its_next_tick_once_the_store_is_back(store_url, monkeypatch):
    page, key = two_answers_while_down(monkeypatch)
    page.retry._handle_custom_msg({"tick": True}, [])  # still down: still kept
    assert KEPT in page.connection.value and "Something went wrong" not in page.status.value
    monkeypatch.setenv(DATABASE_ENV, store_url)
    page.store = None  # as a new page would open it
    page._retry_at = 0.0
    page.retry._handle_custom_msg({"tick": True}, [])
    assert BACK in page.connection.value
    assert [a.correct for a in open_store(store_url).session(SET.code, key).attempts] == [True, False]
    assert not pending.pending_path(key).exists()


def test_a_set_handed_in_while_the_store_is_down_is_handed_in_when_it_is_back(store_url, monkeypatch):
    page, key = two_answers_while_down(monkeypatch)
    page.hand_in_button.click()
    page.confirm_button.click()
    assert page.session.handed_in and KEPT in page.connection.value and len(csv_rows(page.results.value)) == 3
    reviewed = reload_page(monkeypatch, key)  # still down: the review (for any browser), as the server kept it
    assert reviewed.session.handed_in and "right 1 of 3 (1 not answered)" in reviewed.progress.value
    assert reviewed.review.value
    monkeypatch.setenv(DATABASE_ENV, store_url)
    reviewed = reload_page(monkeypatch, key)
    stored = open_store(store_url).session(SET.code, key)
    assert stored.handed_in is not None and [a.correct for a in stored.attempts] == [True, False]
    assert reviewed.session.handed_in and "right 1 of 3 (1 not answered)" in reviewed.progress.value


def test_answers_given_while_a_store_slow_to_fail_is_not_tried_are_kept_too(monkeypatch, tmp_path):
    import gintrainer.widgets.classroom as pages
    from test_class_store import NOW, Unreachable
    monkeypatch.setattr(pages.time, "monotonic", lambda: NOW[0])
    monkeypatch.setattr(Unreachable, "tries", 0)  # its count, as the other tests find it
    page = StudentPage(code=SET.code, student="Kim", store=Unreachable(f"sqlite:///{tmp_path / 'never.sqlite3'}"))
    page.start_button.click()
    assert Unreachable.tries == 2  # the class's roster read at the opening, and Start
    answer_on_page(page, right=True)
    page.next_button.click()
    answer_on_page(page, right=True)
    assert Unreachable.tries == 2 and KEPT in page.connection.value  # not tried, and kept
    kept = pending.load(SET.code, page.session_key)
    assert kept is not None and [a.position for a in kept.attempts] == [1, 2]


def test_the_gradebook_sends_the_answers_kept_for_its_class(store_url, monkeypatch):
    _page, key = two_answers_while_down(monkeypatch)  # and the student closes the page
    other = ClassSet("Another class", count=1)
    other_key = new_session_key()
    pending.keep(other.code, other_key, "Lee", ())
    book = GradebookPage()  # the store still down
    book.code.value = SET.code
    assert "cannot be reached" in book.refreshed.value
    assert "The answers of 1 student are kept on this server" in book.refreshed.value
    monkeypatch.setenv(DATABASE_ENV, store_url)
    book = GradebookPage()
    book.code.value = SET.code
    assert "kept on this server" not in book.refreshed.value
    assert "Kim" in book.table.value and book.book.totals()["Kim"].answered == 2
    assert not pending.pending_path(key).exists() and pending.pending_path(other_key).exists()  # not its class


def test_an_answer_sent_again_is_not_doubled_and_the_first_answer_stands(store_url):
    store = open_store(store_url)
    key = new_session_key()
    session = StudentSession(SET, "Kim")
    first = session.answer(0, response(SET.puzzles()[0], True))
    store.record(SET.code, key, "Kim", first)  # recorded, then kept again by a page that did not hear back
    other = StudentSession(SET, "Kim")
    wrong = other.answer(0, response(SET.puzzles()[0], False))
    second = other.answer(1, response(SET.puzzles()[1], True))
    pending.keep(SET.code, key, "Kim", (wrong, second))
    kept = pending.send(store, key)
    assert kept is not None and [a.correct for a in kept] == [True, True]  # the stored first answer stands
    assert pending.send(store, key) is None  # nothing left to send
    pending.keep(SET.code, key, "Kim", (wrong, second))
    pending.send(store, key)
    stored = store.session(SET.code, key)
    assert [(a.position, a.correct) for a in stored.attempts] == [(1, True), (2, True)]


def test_keeping_adds_to_what_was_kept_and_the_first_answer_kept_stands():
    key = new_session_key()
    a, b = StudentSession(SET, "Kim"), StudentSession(SET, "Kim")
    pending.keep(SET.code, key, "Kim", (a.answer(0, response(SET.puzzles()[0], True)),))
    pending.keep(SET.code, key, "Kim", (b.answer(1, response(SET.puzzles()[1], True)),), handed_in=True)
    kept = pending.load(SET.code, key)
    assert kept is not None and [x.position for x in kept.attempts] == [1, 2] and kept.handed_in
    assert pending.load(ClassSet("Other", count=1).code, key) is None  # a session key is one class's
    assert oct(pending.pending_path(key).stat().st_mode & 0o777) == "0o600"


def good_record(key: str) -> dict:
    session = StudentSession(SET, "Kim")
    attempt = session.answer(0, response(SET.puzzles()[0], True))
    return pending.PENDING.stamp({"code": SET.code, "session": key, "student": "Kim", "handed_in": False,
                                  "answers": [{"position": 1, "puzzle_id": attempt.puzzle_id, "answer": attempt.answer,
                                               "correct": True, "seconds": 1.5}]})


def _with(record: dict, **changes) -> bytes:
    return json.dumps({**record, **changes}).encode()


def _answer(record: dict, **changes) -> bytes:
    return json.dumps({**record, "answers": [{**record["answers"][0], **changes}]}).encode()


HOSTILE = {
    "random bytes": lambda r: os.urandom(200) + b"\xff",
    "a huge number": lambda r: _answer(r, position=12345).replace(b"12345", b"9" * 5000),
    "not an object": lambda r: b"[1, 2, 3]",
    "a newer version": lambda r: _with(r, version=99),
    "another session's key": lambda r: _with(r, session=new_session_key()),
    "a wrong class code": lambda r: _with(r, code="AAAAA-AAAAA-AAAAA"),
    "a name of a control character": lambda r: _with(r, student="Kim\x07"),
    "an answer to another puzzle": lambda r: _answer(r, position=2),
    "a position past the set": lambda r: _answer(r, position=99),
    "correct as text": lambda r: _answer(r, correct="true"),
    "negative seconds": lambda r: _answer(r, seconds=-1),
    "a lone surrogate": lambda r: _answer(r, answer="\ud800"),
    "an extra key in an answer": lambda r: _answer(r, extra=1),
    "handed_in as a number": lambda r: _with(r, handed_in=1),
    "a name too long": lambda r: _with(r, student="K" * 1000),
    "too large": lambda r: json.dumps(r).encode() + b" " * pending.LIMIT,  # valid JSON, but too much of it
}


@pytest.mark.parametrize("damage", sorted(HOSTILE))
def test_a_pending_file_that_cannot_be_read_is_set_aside_and_the_page_goes_on(damage, store_url, monkeypatch, data):
    key = new_session_key()
    path = pending.pending_path(key)
    path.parent.mkdir(parents=True)
    path.write_bytes(HOSTILE[damage](good_record(key)))
    database_down(monkeypatch)
    page = reload_page(monkeypatch, key)
    assert page.session is None and "starts again when you press Start" in page.connection.value
    assert "Something went wrong" not in page.status.value
    assert not path.exists() and len(list(path.parent.glob(f"{key}.corrupt-*.json"))) == 1
    monkeypatch.setenv(DATABASE_ENV, store_url)
    page = StudentPage(code=SET.code, student="Kim")
    page.start_button.click()
    answer_on_page(page, right=True)
    assert page.connection.value == "" and len(open_store(store_url).session(SET.code, page.session_key).attempts) == 1


def test_a_pending_file_that_is_a_fifo_or_a_symbolic_link_is_never_followed(monkeypatch, data, tmp_path):
    database_down(monkeypatch)
    target = tmp_path / "elsewhere.json"
    target.write_text(json.dumps(good_record("x" * 24)))
    fifo_key, link_key = new_session_key(), new_session_key()
    folder = data / pending.FOLDER
    folder.mkdir(parents=True)
    os.mkfifo(folder / f"{fifo_key}.json")
    (folder / f"{link_key}.json").symlink_to(target)
    for key in (fifo_key, link_key):
        page = reload_page(monkeypatch, key)  # never waits on the FIFO
        assert page.session is None and "starts again" in page.connection.value
        assert not (folder / f"{key}.json").exists() and list(folder.glob(f"{key}.corrupt-*"))
    assert target.read_text() == json.dumps(good_record("x" * 24))


def test_a_page_whose_data_folder_cannot_be_written_says_the_answers_stay_on_the_page(monkeypatch, data):
    data.parent.mkdir(parents=True, exist_ok=True)
    data.write_text("a file where the data folder should be")
    page, _key = two_answers_while_down(monkeypatch)
    assert "stay on this page" in page.connection.value and KEPT not in page.connection.value
    assert page.when_lost.value == ""  # a lost server would lose them: nothing says they are kept
    assert "Something went wrong" not in page.status.value


def test_the_teaching_page_says_how_often_an_open_page_sends_what_was_kept():
    from pathlib import Path

    from gintrainer.widgets.classroom import RETRY_TICK
    doc = " ".join((Path(__file__).parents[1] / "docs" / "teaching.md").read_text(encoding="utf-8").split())
    assert f"by the open page every {RETRY_TICK} seconds" in doc
    assert StudentPage().retry.seconds == RETRY_TICK
