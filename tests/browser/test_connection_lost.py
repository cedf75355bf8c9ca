"""A page whose server is killed (``kill -9``), in Chromium: it says, in its own language, that
the connection is lost and offers to reload; on a class page the answers given so far are kept,
and the reload, once the server is back, continues the set."""

import contextlib
import os
import signal

import psutil
import pytest
from playwright.sync_api import expect

from conftest import ConsoleWatch, open_page, running_server
from gintrainer.classroom import ClassSet
from gintrainer.classroom.store import STORE_FILE, open_store
from gintrainer.words.language import in_language, t, tc

pytestmark = pytest.mark.browser

SET = ClassSet("Killed server", count=3, kinds="can_knock")


@pytest.fixture
def doomed(tmp_path_factory):
    """A Voila server of the test's own, to kill; what it started is ended afterwards."""
    with running_server(tmp_path_factory, "voila-doomed") as voila:
        yield voila


def kill_hard(voila) -> None:
    """``kill -9`` the server, as a crash would; its kernels, left behind, are ended afterwards."""
    server = psutil.Process(voila.process.pid)
    kernels = server.children(recursive=True)
    os.kill(server.pid, signal.SIGKILL)
    voila.process.wait(10)
    for kernel in kernels:
        with contextlib.suppress(psutil.NoSuchProcess):
            kernel.kill()
    psutil.wait_procs(kernels, timeout=10)


@pytest.mark.parametrize("lang", ["ps", "tr"])
def test_a_class_page_whose_server_is_killed_says_so_keeps_the_answers_and_reloads(page, doomed, lang):
    def words(text: str, context: str = "") -> str:
        with in_language(lang):
            return tc(context, text) if context else t(text)

    console = ConsoleWatch(page)
    open_page(page, doomed, "classroom/student.ipynb", f"code={SET.code}&lang={lang}")
    page.get_by_label(words("Name:", "label")).fill("Kim")
    page.get_by_role("button", name=words("Start", "button")).click()
    view = page.locator(".gt-puzzle")
    expect(view).to_contain_text(SET.puzzles()[0].id, timeout=30_000)
    view.get_by_role("button", name=words("No, I cannot knock", "button"), exact=True).click()
    expect(view.locator(".gt-feedback")).not_to_be_empty()
    page.get_by_role("button", name=words("Next puzzle", "button")).click()
    expect(view).to_contain_text(SET.puzzles()[1].id, timeout=30_000)
    notice = page.locator(".gt-connection-lost")
    expect(notice).to_have_count(0)
    assert not console.problems, "\n".join(console.problems)
    address, port = page.url, doomed.port

    kill_hard(doomed)
    expect(notice).to_be_visible(timeout=20_000)
    expect(notice).to_have_attribute("role", "alert")
    expect(notice).to_have_attribute("lang", lang)
    expect(notice).to_have_attribute("dir", "rtl" if lang == "ps" else "ltr")
    expect(notice).to_contain_text(words("The connection to the server is lost, so this page no longer answers. "
                                         "Reload the page to go on once the server is back."))
    expect(notice).to_contain_text(words("The answers you gave so far are kept: after the reload, the set goes on "
                                         "where you are."))
    reload = notice.get_by_role("button", name=words("Reload the page", "button"))
    expect(reload).to_be_visible()

    store = open_store(f"sqlite:///{doomed.data / STORE_FILE}")
    (kept,) = store.class_sessions(SET.code)
    assert [a.position for a in kept.attempts] == [1]  # recorded before the kill
    doomed.start(port=port)  # the server is back, at the same address
    with page.expect_navigation(wait_until="commit"):
        reload.click()
    assert page.url == address
    expect(page.locator(".gt-puzzle")).to_contain_text(SET.puzzles()[1].id, timeout=90_000)  # goes on at puzzle 2
    expect(page.locator(".gt-connection-lost")).to_have_count(0)
    page.locator(".gt-puzzle").get_by_role("button", name=words("No, I cannot knock", "button"), exact=True).click()
    expect(page.locator(".gt-puzzle .gt-feedback")).not_to_be_empty()
    assert [a.position for a in store.session(SET.code, kept.session).attempts] == [1, 2]


def test_any_page_whose_server_is_killed_says_so(page, doomed):
    open_page(page, doomed, "index.ipynb")
    expect(page.locator(".gt-landing")).to_be_visible()
    kill_hard(doomed)
    notice = page.locator(".gt-connection-lost")
    expect(notice).to_contain_text("The connection to the server is lost")
    expect(notice).not_to_contain_text("answers you gave")  # nothing said that the page did not keep
    expect(notice.get_by_role("button", name="Reload the page")).to_be_visible()
