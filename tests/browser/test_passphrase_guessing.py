"""Guessing the teacher passphrase on a class's server, in Chromium: after a few wrong guesses the
page says how long to wait, the server's log names the client (the address the server saw, not a
header the browser made up) and the page for each wrong guess and never what was typed, and the
right passphrase opens the page once the wait is over."""

import re
import time

import pytest
from playwright.sync_api import expect

from conftest import open_page, running_server
from gintrainer.app import TEACHER_PASSPHRASE
from gintrainer.records.guesses import FREE_GUESSES

pytestmark = pytest.mark.browser

PASSPHRASE = "grey wagtail 17"
GRADEBOOK = "classroom/gradebook.ipynb"
WAIT = re.compile(r"wait (\d+) s and try again")


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    with running_server(tmp_path_factory, "voila-guessing", environ={TEACHER_PASSPHRASE: PASSPHRASE}) as voila:
        yield voila


def test_guessing_makes_the_page_wait_is_logged_and_the_passphrase_opens_after_the_wait(browser, class_server):
    context = browser.new_context(extra_http_headers={"X-Gintrainer-Client": "6.6.6.6"})
    page = context.new_page()
    open_page(page, class_server, GRADEBOOK)
    status = page.locator(".gt-teacher-only > .gt-status-line")
    box, button = page.get_by_label("Passphrase:"), page.get_by_role("button", name="Open the teacher's page")
    for n in range(FREE_GUESSES + 8):  # the waits double: a wrong guess soon lands within one
        box.fill(f"wrong guess {n}")
        button.click()
        expect(box).to_have_value("")  # the page's kernel took the guess: it cleared the status line, then the box
        expect(status).not_to_be_empty()
        if WAIT.search(status.inner_text()):
            break
        expect(status).to_contain_text("that is not the teacher passphrase")
    said = WAIT.search(status.inner_text())
    assert said, status.inner_text()

    log = class_server.log.read_text(errors="replace")
    wrong = [line for line in log.splitlines() if "wrong teacher passphrase" in line]
    assert len(wrong) >= FREE_GUESSES + 1
    assert all("from 127.0.0.1 on /voila/render/classroom/gradebook.ipynb" in line for line in wrong)
    assert "6.6.6.6" not in log and "wrong guess" not in log

    time.sleep(int(said.group(1)))  # the wait the page asked for
    box.fill(PASSPHRASE)
    button.click()
    expect(page.locator(".gt-gradebook")).to_be_visible(timeout=30_000)
    context.close()
