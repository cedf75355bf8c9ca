"""A class on a real PostgreSQL that goes down, in Chromium: the answers a student gives while it
is down stay through a reload, reach the class store once it is back (the open page sends them),
and are there after a restart of the app's server, each once."""

import os
import re
import time
from unittest import mock
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

from conftest import ConsoleWatch, open_page, running_server
from gintrainer.classroom import ClassSet, pending
from gintrainer.classroom.store import DATABASE_ENV, open_store

pytestmark = pytest.mark.browser

SET = ClassSet("Outage class", count=3, kinds="can_knock")
KEPT = "your answers are kept on the server"


@pytest.fixture
def outage(tmp_path_factory, postgres):
    """A Voila server whose class store is a PostgreSQL of the test's own schema; the database is
    running again at the end, whatever happens."""
    url = postgres.fresh_schema("t_outage")
    try:
        with running_server(tmp_path_factory, "voila-outage", environ={DATABASE_ENV: url}) as voila:
            yield voila, url
    finally:
        if not (postgres.folder / ".s.PGSQL.5432").exists():
            postgres.serve()


def stored_answers(url: str, key: str) -> list[int]:
    session = open_store(url).session(SET.code, key)
    return [a.position for a in session.attempts] if session is not None else []


def test_answers_given_while_the_database_is_down_survive_a_reload_and_a_restart(page, outage, postgres):
    voila, url = outage
    console = ConsoleWatch(page)
    postgres.halt()
    open_page(page, voila, "classroom/student.ipynb", f"code={SET.code}")
    page.get_by_label("Name:").fill("Kim Outage")
    page.get_by_role("button", name="Start").click()
    view = page.locator(".gt-puzzle")
    expect(view).to_contain_text(SET.puzzles()[0].id, timeout=30_000)
    expect(page.locator(".gt-notice")).to_contain_text(KEPT)
    view.get_by_role("button", name="No, I cannot knock", exact=True).click()
    expect(view.locator(".gt-feedback")).to_contain_text("Recorded:")
    page.get_by_role("button", name="Next puzzle").click()
    expect(view).to_contain_text(SET.puzzles()[1].id, timeout=30_000)
    view.get_by_role("button", name="No, I cannot knock", exact=True).click()
    expect(view.locator(".gt-feedback")).to_contain_text("Recorded:")  # said once the answer is kept
    expect(page.locator(".gt-stats")).to_contain_text("answered 2")
    expect(page).to_have_url(re.compile(r"[?&]session=[A-Za-z0-9_-]{16,}"))
    key = parse_qs(urlparse(page.url).query)["session"][0]
    assert (voila.data / pending.FOLDER / f"{key}.json").is_file()

    page.reload()  # the database still down
    expect(page.locator("#loading")).to_be_hidden(timeout=90_000)
    expect(page.locator(".gt-stats")).to_contain_text("Kim Outage · puzzle 3 of 3 · answered 2", timeout=30_000)
    expect(page.locator(".gt-puzzle")).to_contain_text(SET.puzzles()[2].id, timeout=30_000)
    expect(page.locator(".gt-notice")).to_contain_text(KEPT)
    expect(page.locator(".gt-student")).not_to_contain_text("starts again")

    postgres.serve()  # the database is back: the open page sends the answers at its next tick
    deadline = time.monotonic() + 60
    while stored_answers(url, key) != [1, 2] and time.monotonic() < deadline:
        time.sleep(1)
    assert stored_answers(url, key) == [1, 2]
    expect(page.locator(".gt-student")).to_contain_text("the answers kept on the server are recorded",
                                                        timeout=30_000)
    assert not (voila.data / pending.FOLDER / f"{key}.json").exists()

    assert not console.problems, "\n".join(console.problems)
    page.goto("about:blank")
    with mock.patch.dict(os.environ, {DATABASE_ENV: url}):
        voila.restart()
    console = ConsoleWatch(page)
    page.goto(voila.page_url("classroom/student.ipynb", f"code={SET.code}&session={key}"))
    expect(page.locator("#loading")).to_be_hidden(timeout=90_000)
    expect(page.locator(".gt-stats")).to_contain_text("Kim Outage · puzzle 3 of 3 · answered 2", timeout=30_000)
    page.locator(".gt-puzzle").get_by_role("button", name="No, I cannot knock", exact=True).click()
    page.get_by_role("button", name="Hand in the set").click()
    expect(page.get_by_role("link", name=re.compile("Download your results"))).to_be_visible()
    stored = open_store(url).session(SET.code, key)
    assert [a.position for a in stored.attempts] == [1, 2, 3] and stored.handed_in is not None
    assert len(open_store(url).class_sessions(SET.code)) == 1  # one student, nothing doubled
    assert not console.problems, "\n".join(console.problems)
