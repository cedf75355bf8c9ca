"""The class results store, on SQLite and on a real PostgreSQL (``store_url`` runs each
test on both): what it keeps, what it refuses, and the pages that write and read it."""

from __future__ import annotations

import base64
import re
import sqlite3
import threading

import pytest

pytest.importorskip("ipywidgets")

from conftest import free_port  # noqa: E402
from gintrainer.classroom import ClassSet, StudentSession, build_gradebook, results_csv  # noqa: E402
from gintrainer.classroom.codes import ClassCodeError  # noqa: E402
from gintrainer.classroom.results import Attempt, ResultsError  # noqa: E402
from gintrainer.classroom.store import (  # noqa: E402
    DATABASE_ENV,
    STORE_FILE,
    ClassStore,
    StoreError,
    database_url,
    new_session_key,
    open_store,
)
from gintrainer.puzzles import PuzzleKind  # noqa: E402
from gintrainer.puzzles.themes import theme_title  # noqa: E402
from gintrainer.widgets.classroom import GradebookPage, StudentPage  # noqa: E402
from gintrainer.words.errors import GinError  # noqa: E402

pytestmark = pytest.mark.usefixtures("fresh_kernel")

SET = ClassSet("Store test", count=4)


def response(puzzle, right: bool) -> str:
    """An answer to a puzzle as a student types it, right or wrong as asked."""
    if puzzle.kind == PuzzleKind.CAN_KNOCK:
        if puzzle.can_knock == right:
            return f"yes {puzzle.answer[0].code()}" if puzzle.can_knock else f"yes {puzzle.table[0].card.code()}"
        return "no"
    return (puzzle.answer[0] if right else next(r.card for r in puzzle.table if r.card not in puzzle.answer)).code()


def answered(student: StudentSession, index: int, right: bool = True) -> Attempt:
    return student.answer(index, response(student.puzzles[index], right))


def typo(code: str) -> str:
    return code[:-1] + ("0" if code[-1] != "0" else "1")


def run_sql(url: str, statement: str) -> None:
    """A statement run on the store's database directly, as another program would."""
    if url.startswith("postgresql://"):
        import psycopg
        with psycopg.connect(url, autocommit=True) as connection:
            connection.execute(statement)
    else:
        with sqlite3.connect(url.removeprefix("sqlite:///")) as connection:
            connection.execute(statement)


def csv_rows(html: str) -> list[str]:
    found = re.search(r'href="data:text/csv;base64,([^"]+)"', html)
    assert found is not None, "the page offers no results file"
    return base64.b64decode(found.group(1)).decode("utf-8").strip().splitlines()


# -- the store ---------------------------------------------------------------------

def test_an_answer_given_twice_is_stored_once_and_the_first_stands(store_url):
    store, key = open_store(store_url), new_session_key()
    first = answered(StudentSession(SET, "Ann"), 0, right=True)
    second = answered(StudentSession(SET, "Ann"), 0, right=False)  # another tab, a retry
    assert store.record(SET.code, key, "Ann", first) == first
    assert store.record(SET.code, key, "Ann", first) == first  # a double click
    kept = store.record(SET.code, key, "Ann", second)
    assert kept == first and kept.correct and not second.correct
    (stored,) = store.class_sessions(SET.code)
    assert stored.attempts == (first,) and stored.student == "Ann" and stored.handed_in is None


def test_two_students_of_one_name_stay_apart_and_the_gradebook_shows_both(store_url):
    store = open_store(store_url)
    first, second, other = new_session_key(), new_session_key(), new_session_key()
    store.start(SET.code, first, "Ann")
    store.start(SET.code, second, "ann")  # the same name, another student: names are compared without case
    store.start(SET.code, other, "Ben")
    for index in range(2):
        store.record(SET.code, first, "Ann", answered(StudentSession(SET, "Ann"), index, right=True))
    store.record(SET.code, second, "ann", answered(StudentSession(SET, "ann"), 0, right=False))
    sessions = store.class_sessions(SET.code)
    assert [(s.session, s.student, len(s.attempts)) for s in sessions] == [(first, "Ann", 2), (second, "ann", 1),
                                                                              (other, "Ben", 0)]
    book = build_gradebook(stored=sessions)
    assert book.code == SET.code and book.students == ("Ann", "ann (2)", "Ben")
    assert {name: (rate.right, rate.answered) for name, rate in book.totals().items()} == \
        {"Ann": (2, 2), "ann (2)": (0, 1), "Ben": (0, 0)}


def test_a_wrong_class_code_is_refused_before_anything_is_written(store_url):
    store, key = open_store(store_url), new_session_key()
    attempt = answered(StudentSession(SET, "Ann"), 0)
    for write in (lambda: store.start(typo(SET.code), key, "Ann"),
                  lambda: store.record(typo(SET.code), key, "Ann", attempt),
                  lambda: store.hand_in(typo(SET.code), key, "Ann")):
        with pytest.raises(ClassCodeError, match="check it with your teacher"):
            write()
    if store.path is not None:
        assert not store.path.exists()  # not even the file
    other = ClassSet("Another class", count=4)
    with pytest.raises(ResultsError, match="is not puzzle 1 of class code"):
        store.record(other.code, key, "Ann", attempt)  # a puzzle of another set
    with pytest.raises(GinError, match="not a session key"):
        store.record(SET.code, "../x", "Ann", attempt)
    with pytest.raises(ResultsError, match="formula"):
        store.start(SET.code, key, "=1+1")
    assert store.codes() == () and store.class_sessions(SET.code) == ()


def test_a_restart_loses_nothing(store_url):
    key = new_session_key()
    store = open_store(store_url)
    given = [answered(StudentSession(SET, "Ann"), i, right=i % 2 == 0) for i in range(3)]
    for attempt in given:
        store.record(SET.code, key, "Ann", attempt)
    store.hand_in(SET.code, key, "Ann")
    del store
    again = open_store(store_url)  # as a restarted server opens it: new connections, nothing kept in memory
    stored = again.session(SET.code, key)
    assert stored is not None and stored.attempts == tuple(given) and stored.handed_in is not None
    assert again.codes() == (SET.code,)


def test_an_open_store_outlives_a_restart_of_its_database(postgres):
    url = postgres.fresh_schema("t_restart")
    store, key = open_store(url), new_session_key()
    student = StudentSession(SET, "Ann")
    store.record(SET.code, key, "Ann", answered(student, 0))
    postgres.restart()  # the store's connection is gone with it
    store.record(SET.code, key, "Ann", answered(student, 1))
    assert [a.position for a in store.session(SET.code, key).attempts] == [1, 2]


def test_a_store_on_postgresql_holds_no_connection_between_calls(postgres):
    import psycopg
    # The stores' connections are named, so that another test's server on the same PostgreSQL (a page's
    # kernel, the hub's users' servers, still ending) is not counted.
    url = postgres.fresh_schema("t_connections") + "&application_name=t_connections"
    stores = [open_store(url) for _ in range(5)]  # five pages
    for store in stores:
        store.start(SET.code, new_session_key(), "Ann")
    with psycopg.connect(url) as connection:
        (others,) = connection.execute("SELECT count(*) FROM pg_stat_activity WHERE application_name = "
                                       "'t_connections' AND pid <> pg_backend_pid()").fetchone()
    assert others == 0 and len(stores[0].class_sessions(SET.code)) == 5


def test_a_page_whose_sqlite_file_another_page_set_aside_writes_to_the_new_one(tmp_path):
    url = f"sqlite:///{tmp_path / STORE_FILE}"
    first, key = open_store(url), new_session_key()
    student = StudentSession(SET, "Ann")
    first.record(SET.code, key, "Ann", answered(student, 0))  # connected, and stays so
    first_file = tmp_path / STORE_FILE
    first_file.rename(tmp_path / "elsewhere.sqlite3")  # as another page sets a damaged file aside
    second = open_store(url)
    second.start(SET.code, new_session_key(), "Ben")
    first.record(SET.code, key, "Ann", answered(student, 1))
    assert sorted(s.student for s in second.class_sessions(SET.code)) == ["Ann", "Ben"]


def test_a_handed_in_session_takes_no_more_answers(store_url):
    store, key = open_store(store_url), new_session_key()
    student = StudentSession(SET, "Ann")
    store.record(SET.code, key, "Ann", answered(student, 0))
    handed = store.hand_in(SET.code, key, "Ann")
    assert store.hand_in(SET.code, key, "Ann").handed_in == handed.handed_in  # the first hand-in stands
    with pytest.raises(GinError, match="handed in"):
        store.record(SET.code, key, "Ann", answered(student, 1))
    assert len(store.session(SET.code, key).attempts) == 1


def test_the_store_is_where_the_environment_says_at_each_call(monkeypatch, data, tmp_path):
    monkeypatch.delenv(DATABASE_ENV, raising=False)
    assert database_url() == f"sqlite:///{data / STORE_FILE}"
    store = open_store()
    store.start(SET.code, new_session_key(), "Ann")
    assert (data / STORE_FILE).is_file()  # the data folder made as needed
    monkeypatch.setenv(DATABASE_ENV, str(tmp_path / "elsewhere.sqlite3"))
    assert open_store().path == tmp_path / "elsewhere.sqlite3" and open_store().class_sessions(SET.code) == ()
    monkeypatch.setenv(DATABASE_ENV, "postgresql://teacher:secret@db.example/classes")
    assert open_store().dialect.name == "postgresql" and "secret" not in open_store().where


def test_a_store_made_by_a_newer_version_is_refused_with_a_clear_message(store_url):
    store = open_store(store_url)
    assert store.codes() == ()
    run_sql(store_url, "UPDATE gintrainer_schema SET version = 99 WHERE name = 'classes'")
    with pytest.raises(StoreError, match="made by a newer gintrainer"):
        open_store(store_url).start(SET.code, new_session_key(), "Ann")


def test_a_damaged_sqlite_file_is_set_aside_and_reported(tmp_path):
    path = tmp_path / STORE_FILE
    damage = b"this is not a database " * 200
    path.write_bytes(damage)
    store = open_store(f"sqlite:///{path}")
    with pytest.raises(StoreError, match="is damaged: it is set aside as"):
        store.start(SET.code, new_session_key(), "Ann")
    (aside,) = tmp_path.glob("classes.corrupt-*.sqlite3")
    assert aside.read_bytes() == damage  # kept as it was, for whoever can mend it
    key = new_session_key()
    store.start(SET.code, key, "Ann")  # a new one starts with the next answer
    assert [s.session for s in store.class_sessions(SET.code)] == [key] and aside.read_bytes() == damage


def test_a_sqlite_file_whose_text_is_not_utf8_is_set_aside_as_damaged(tmp_path):
    """A byte that breaks the UTF-8 of a text in the file (SQLite's own check passes: the pages are whole)
    is damage, not an unreachable store (found by the fuzz test of damaged files)."""
    path = tmp_path / STORE_FILE
    store = open_store(f"sqlite:///{path}")
    store.start(SET.code, new_session_key(), "Zoltanzoltan")
    store.close()
    raw = path.read_bytes()
    at = raw.index(b"Zoltanzoltan")
    path.write_bytes(raw[:at] + b"\x80" + raw[at + 1:])
    with pytest.raises(StoreError, match="is damaged: it is set aside as"):
        open_store(f"sqlite:///{path}").class_sessions(SET.code)
    (aside,) = tmp_path.glob("classes.corrupt-*.sqlite3")
    assert b"\x80oltanzoltan" in aside.read_bytes()


def test_an_unreachable_database_gives_a_clear_message():
    store = open_store(f"postgresql://gintrainer:secret@127.0.0.1:{free_port()}/classes")
    with pytest.raises(StoreError, match="cannot be reached") as raised:
        store.start(SET.code, new_session_key(), "Ann")
    assert "secret" not in str(raised.value)


def test_thirty_students_answering_at_once_lose_nothing_and_double_nothing(store_url):
    count, errors = 30, []
    wanted = {f"Student {i:02}": [(i + j) % 3 != 0 for j in range(len(SET.puzzles()))] for i in range(count)}
    start = threading.Barrier(count)

    def student(name: str, rights: list[bool]) -> None:
        try:
            store, key, session = open_store(store_url), new_session_key(), StudentSession(SET, name)
            start.wait()
            store.start(SET.code, key, name)
            for index, right in enumerate(rights):
                attempt = answered(session, index, right)
                store.record(SET.code, key, name, attempt)
                store.record(SET.code, key, name, attempt)  # a double click
            store.hand_in(SET.code, key, name)
        except Exception as error:  # reported below: a thread's exception is otherwise lost
            errors.append(f"{name}: {type(error).__name__}: {error}")

    threads = [threading.Thread(target=student, args=item) for item in wanted.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    sessions = open_store(store_url).class_sessions(SET.code)
    assert len(sessions) == count and all(s.handed_in is not None for s in sessions)
    assert {s.student: [a.correct for a in s.attempts] for s in sessions} == wanted
    assert all([a.position for a in s.attempts] == [1, 2, 3, 4] for s in sessions)
    book = build_gradebook(stored=sessions)
    assert len(book.students) == count and book.answering == frozenset()
    assert {name: (rate.right, rate.answered) for name, rate in book.totals().items()} == \
        {name: (sum(rights), len(rights)) for name, rights in wanted.items()}


# -- the gradebook: store and files ---------------------------------------------------

def test_a_file_for_a_student_in_the_store_is_not_counted_twice(store_url):
    store, key = open_store(store_url), new_session_key()
    ann = StudentSession(SET, "Ann")
    given = [answered(ann, i) for i in range(4)]
    for attempt in given[:2]:  # then the store could not be reached: the file holds all four
        store.record(SET.code, key, "Ann", attempt)
    ann_file = results_csv("ANN", SET.code, given)
    other_ann = results_csv("Ann", SET.code, [answered(StudentSession(SET, "Ann"), 0, right=False)])
    ben_file = results_csv("Ben", SET.code, [answered(StudentSession(SET, "Ben"), 0)])
    book = build_gradebook([("ann.csv", ann_file), ("ben.csv", ben_file)], stored=store.class_sessions(SET.code))
    assert book.students == ("Ann", "Ben") and book.files == ("ann.csv", "ben.csv") and book.problems == ()
    assert book.totals()["Ann"].answered == 4 and book.answering == frozenset()
    book = build_gradebook([("ann-2.csv", other_ann)], stored=store.class_sessions(SET.code))
    assert book.students == ("Ann",) and book.totals()["Ann"].answered == 2 and "Ann" in book.answering
    (problem,) = book.problems
    assert problem.file == "ann-2.csv" and "has other answers in the class store" in problem.reason


# -- the pages ------------------------------------------------------------------------

def answer_on_page(page: StudentPage, right: bool) -> None:
    """Answer the puzzle shown with the page's own buttons (a wrong "yes" with a discard too)."""
    from test_classroom_widgets import answer
    answer(page, right)
    view = page.view
    if view.attempt is not None and view.attempt.stage == "discard":
        view.picker.buttons[0].value = True
        view.discard_button.click()


def reloaded(page: StudentPage) -> StudentPage:
    """``page`` reloaded (or its address opened in another tab) in the browser that started its
    set: a new kernel reads the address (QUERY_STRING), then hears the key the browser keeps."""
    again = StudentPage()
    again.keeper._handle_custom_msg({"key": page.keeper.key}, [])
    return again


def shows_nothing_of_the_answers(page: StudentPage) -> bool:
    texts = [page.view.feedback.value, page.progress.value, page.results.value, page.review.value,
             page.connection.value, page.view.title.value]
    return all("right" not in text.lower() and "gt-feedback" not in text and "✓" not in text for text in texts)


def test_answers_reach_the_store_as_they_are_given_and_a_reload_continues_the_set(store_url, monkeypatch):
    monkeypatch.setenv(DATABASE_ENV, store_url)
    store = open_store(store_url)
    page = StudentPage(code=SET.code, student="Kim")
    page.start_button.click()
    key = page.session_key
    assert key and page.address.query == {"code": SET.code, "session": key}
    assert [s.student for s in store.class_sessions(SET.code)] == ["Kim"]  # in the gradebook from Start
    answer_on_page(page, right=True)
    page.next_button.click()
    answer_on_page(page, right=False)
    assert [a.correct for a in store.session(SET.code, key).attempts] == [True, False]
    assert shows_nothing_of_the_answers(page) and page.connection.value == ""
    monkeypatch.setenv("QUERY_STRING", f"code={SET.code}&session={key}")
    again = reloaded(page)
    assert again.session is not None and again.session_key == key and again.student.value == "Kim"
    assert again.session.answered == 2 and again.index == 2 and not again.session.can_answer(1)
    assert "puzzle 3 of 4" in again.progress.value and shows_nothing_of_the_answers(again)
    answer_on_page(again, right=True)
    again.next_button.click()
    answer_on_page(again, right=True)
    assert shows_nothing_of_the_answers(again)
    again.hand_in_button.click()
    stored = store.session(SET.code, key)
    assert [a.correct for a in stored.attempts] == [True, False, True, True] and stored.handed_in is not None
    assert len(csv_rows(again.results.value)) == 5 and "right 3 of 4" in again.progress.value
    assert len(store.class_sessions(SET.code)) == 1  # no doubles
    reviewed = StudentPage()  # a reload after the hand-in shows the handed-in set
    assert reviewed.session.handed_in and "right 3 of 4" in reviewed.progress.value and reviewed.review.value


def test_two_tabs_of_one_session_keep_the_first_answer_given(store_url, monkeypatch):
    monkeypatch.setenv(DATABASE_ENV, store_url)
    first = StudentPage(code=SET.code, student="Kim")
    first.start_button.click()
    monkeypatch.setenv("QUERY_STRING", f"code={SET.code}&session={first.session_key}")
    second = reloaded(first)  # the address opened in a second tab
    answer_on_page(first, right=True)
    answer_on_page(second, right=False)  # too late: the first answer stands
    assert not second.session.can_answer(0) and shows_nothing_of_the_answers(second)
    second.hand_in_button.click()
    second.confirm_button.click()
    assert "right 1 of 4 (3 not answered)" in second.progress.value
    assert csv_rows(second.results.value)[1].split(",")[5] == "true"
    assert [a.correct for a in open_store(store_url).session(SET.code, first.session_key).attempts] == [True]
    first.next_button.click()
    answer_on_page(first, right=True)  # the set was handed in from the other tab
    assert "handed in" in first.view.status.value
    assert len(open_store(store_url).session(SET.code, first.session_key).attempts) == 1


def test_a_page_whose_store_cannot_be_reached_works_on_and_sends_later(monkeypatch, tmp_path, data):
    monkeypatch.setenv(DATABASE_ENV, f"postgresql://nobody@127.0.0.1:{free_port()}/classes")
    page = StudentPage(code=SET.code, student="Kim")
    page.start_button.click()
    assert page.session is not None and "cannot be reached just now" in page.connection.value
    answer_on_page(page, right=True)
    assert "⚠" not in page.status.value and shows_nothing_of_the_answers(page)
    page.store = working = ClassStore(f"sqlite:///{tmp_path / 'back.sqlite3'}")  # the database is back
    page.next_button.click()
    answer_on_page(page, right=False)
    assert "kept on the server are recorded" in page.connection.value
    assert [a.correct for a in working.session(SET.code, page.session_key).attempts] == [True, False]
    page.store = ClassStore(f"sqlite:///{tmp_path}")  # a folder: SQLite cannot open it
    page.next_button.click()
    answer_on_page(page, right=True)
    page.next_button.click()
    answer_on_page(page, right=True)
    page.hand_in_button.click()
    assert "cannot be reached just now" in page.connection.value and "Something went wrong" not in page.status.value
    assert len(csv_rows(page.results.value)) == 5 and page.review.value.count("✓ Right") == 3


NOW = [1000.0]


class Unreachable(ClassStore):
    """A class store whose database never answers: each try waits out its timeout (on the
    test's clock, ``NOW``). Counts the tries."""

    tries = 0

    def _begin(self, *, write):
        Unreachable.tries += 1
        NOW[0] += 5
        raise StoreError("the class store cannot be reached: timeout expired")


def test_a_page_tries_a_store_slow_to_fail_again_only_after_a_while_and_at_the_hand_in(monkeypatch, tmp_path):
    import gintrainer.widgets.classroom as pages
    now = NOW
    monkeypatch.setattr(pages.time, "monotonic", lambda: now[0])
    page = StudentPage(code=SET.code, student="Kim", store=Unreachable(f"sqlite:///{tmp_path / 'never.sqlite3'}"))
    assert Unreachable.tries == 1 and "type your name" in page.connection.value  # the class's roster, if any
    page.start_button.click()
    assert Unreachable.tries == 2 and "cannot be reached just now" in page.connection.value
    answer_on_page(page, right=True)
    page.next_button.click()
    answer_on_page(page, right=True)
    assert Unreachable.tries == 2  # no wait for a timeout at each answer
    now[0] += pages.RETRY_SECONDS
    working = ClassStore(f"sqlite:///{tmp_path / 'working.sqlite3'}")
    page.store = working
    page.next_button.click()
    answer_on_page(page, right=False)
    assert "kept on the server are recorded" in page.connection.value
    assert len(working.session(SET.code, page.session_key).attempts) == 3
    page.store = Unreachable(f"sqlite:///{tmp_path / 'never.sqlite3'}")
    page.next_button.click()
    answer_on_page(page, right=True)
    page.store = working
    page.hand_in_button.click()  # tries at once, whatever the time
    stored = working.session(SET.code, page.session_key)
    assert stored.handed_in is not None and len(stored.attempts) == 4
    assert "kept on the server are recorded" in page.connection.value


def test_a_page_whose_sqlite_file_is_damaged_says_so_and_works_on(monkeypatch, data):
    data.mkdir(parents=True)
    (data / STORE_FILE).write_bytes(b"damaged " * 500)
    page = StudentPage(code=SET.code, student="Kim")  # reads the class's roster: the damage is found
    assert "cannot be reached just now" in page.connection.value and list(data.glob("classes.corrupt-*"))
    page.start_button.click()  # a new store starts
    answer_on_page(page, right=True)
    assert len(open_store().session(SET.code, page.session_key).attempts) == 1
    book = GradebookPage()
    book.code.value = SET.code
    (aside,) = data.glob("classes.corrupt-*.sqlite3")
    assert "found damaged and set aside as" in book.refreshed.value and str(aside) in book.refreshed.value
    assert "Kim" in book.table.value


def test_the_gradebook_page_shows_the_class_filling_in_per_student_and_theme(store_url):
    store = open_store(store_url)
    page = GradebookPage(store=store)
    page.code.value = SET.code.lower()
    assert "0 students" in page.table.value and "refreshed at" in page.refreshed.value
    ann, key = StudentSession(SET, "Ann"), new_session_key()
    store.record(SET.code, key, "Ann", answered(ann, 0, right=True))
    assert "Ann" not in page.table.value
    page.ticker._handle_custom_msg({"tick": True}, [])  # the browser's tick
    assert "Ann" in page.table.value and "still answering" in page.table.value and "1 student" in page.table.value
    first = SET.puzzles()[0]
    for theme in first.themes:
        rate = next(r for r in page.book.theme_rates() if r.theme == theme).rate
        assert (rate.right, rate.answered) == (1, 1) and theme_title(theme) in page.chart.value
    store.record(SET.code, key, "Ann", answered(ann, 1, right=False))
    store.hand_in(SET.code, key, "Ann")
    page.ticker._handle_custom_msg({"tick": True}, [])
    assert page.book.totals()["Ann"].answered == 2 and "still answering" not in page.table.value


def test_the_gradebook_page_says_when_the_store_cannot_be_reached():
    page = GradebookPage(store=ClassStore(f"postgresql://nobody@127.0.0.1:{free_port()}/classes"))
    page.code.value = SET.code
    assert "cannot be reached" in page.refreshed.value and "tried at" in page.refreshed.value
    page.ticker._handle_custom_msg({"tick": True}, [])
    assert "cannot be reached" in page.refreshed.value and "Something went wrong" not in page.status.value


def test_the_gradebook_page_reads_the_code_from_its_address(store_url, monkeypatch):
    store = open_store(store_url)
    store.start(SET.code, new_session_key(), "Ann")
    monkeypatch.setenv("QUERY_STRING", f"code={SET.code}")
    page = GradebookPage(store=store)
    assert page.code.value == SET.code and "Ann" in page.table.value


def test_without_postgresql_its_tests_fail_under_ci_and_are_skipped_elsewhere(monkeypatch):
    from postgres import missing
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="need PostgreSQL: no initdb .*CI installs it"):
        missing("no initdb")
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="apt-get install postgresql"):
        missing("no initdb")


def test_the_teaching_page_says_how_often_the_gradebook_reads_the_store():
    from pathlib import Path

    from gintrainer.widgets.classroom import REFRESH_SECONDS, Ticker
    doc = " ".join((Path(__file__).parents[1] / "docs" / "teaching.md").read_text(encoding="utf-8").split())
    assert f"reads the store again every {REFRESH_SECONDS} seconds" in doc and Ticker().seconds == REFRESH_SECONDS


@pytest.mark.parametrize("where", ["", "-wal", "-journal"])
@pytest.mark.parametrize("odd", ["fifo", "dangling link", "folder"])
def test_something_not_a_file_at_the_sqlite_path_is_set_aside_or_reported_without_waiting(tmp_path, where, odd):
    import os
    path = tmp_path / STORE_FILE
    if where:  # a store with an answer (closed: its companions are gone), and something odd where one goes
        first = open_store(f"sqlite:///{path}")
        first.start(SET.code, new_session_key(), "Ann")
        first.close()
    odd_path = tmp_path / (STORE_FILE + where)
    if odd == "fifo":
        os.mkfifo(odd_path)
    elif odd == "folder":
        odd_path.mkdir()
        (odd_path / "notes.txt").write_text("someone's")
    else:
        odd_path.symlink_to(tmp_path / "nowhere" / "x.sqlite3")
    store = open_store(f"sqlite:///{path}")
    outcome: list[object] = []

    def answer():
        try:
            store.start(SET.code, new_session_key(), "Ben")
            outcome.append("recorded")
        except StoreError as error:
            outcome.append(error)

    worker = threading.Thread(target=answer, daemon=True)
    worker.start()
    worker.join(10)
    if worker.is_alive():  # SQLite waits on the FIFO for ever: let it go, and fail
        with open(odd_path, "wb") as unblock:
            unblock.write(b"x" * 4096)
        pytest.fail(f"the store waited on a {odd} at {odd_path.name}")
    (error,) = outcome
    assert isinstance(error, StoreError) and str(odd_path) in str(error), error
    assert not (tmp_path / "nowhere").exists()  # the link's target was not made
    if odd == "folder":  # it may be anything: reported, left as it is, and the store waits for it to go
        assert "cannot be reached" in str(error) and "is a folder" in str(error)
        assert (odd_path / "notes.txt").read_text() == "someone's"
        return
    assert "is damaged: it is set aside as" in str(error) and not os.path.lexists(odd_path)
    store.start(SET.code, new_session_key(), "Cy")  # the next answer is recorded
    names = {s.student for s in store.class_sessions(SET.code)}
    assert names == ({"Ann", "Cy"} if where else {"Cy"})  # a companion set aside keeps the database's answers
