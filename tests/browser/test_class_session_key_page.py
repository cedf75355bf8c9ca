"""A class session's address in two browsers (two browser contexts, as two computers, or a
shared computer's history after the student's browser was closed): the second one can
change none of the answers and sees none of them before the hand-in, and sees the review,
read only, after it; the student's own browser goes on across a reload."""

import re

import pytest
from playwright.sync_api import expect

from conftest import ConsoleWatch, open_page
from gintrainer.classroom import ClassSet

pytestmark = pytest.mark.browser

SET = ClassSet("Two browsers", count=3, kinds="can_knock")
ANOTHER_BROWSER = "Only the browser that started this set can answer it or hand it in"
NO = "No, I cannot knock"


def test_a_session_s_address_in_another_browser_changes_nothing_and_shows_the_review_once_handed_in(
        page, browser, server, server_data, console):
    from gintrainer.classroom.store import open_store
    open_page(page, server, "classroom/student.ipynb", f"code={SET.code}")
    page.get_by_label("Name:").fill("Ada Keyed")
    page.get_by_role("button", name="Start").click()
    view = page.locator(".gt-puzzle")
    expect(view).to_contain_text(SET.puzzles()[0].id)
    view.get_by_role("button", name=NO, exact=True).click()
    expect(view.locator(".gt-feedback")).to_contain_text("Recorded:")
    expect(page).to_have_url(re.compile(r"[?&]session=[A-Za-z0-9_-]{16,64}(&|$)"))
    address = page.url
    session = re.search(r"session=([A-Za-z0-9_-]+)", address).group(1)

    other = browser.new_context()
    try:
        stranger = other.new_page()
        stranger_console = ConsoleWatch(stranger)
        stranger.goto(address)
        expect(stranger.locator("#loading")).to_be_hidden(timeout=90_000)
        expect(stranger.locator(".gt-student .gt-notice")).to_contain_text(ANOTHER_BROWSER)
        expect(stranger.locator(".gt-puzzle")).to_be_hidden()
        expect(stranger.get_by_role("button", name="Hand in the set")).to_be_hidden()
        expect(stranger.get_by_label("Name:")).to_have_value("")
        assert "Ada Keyed" not in stranger.content() and "answered" not in stranger.locator(".gt-student").inner_text()
        (stored,) = open_store().class_sessions(SET.code)
        assert stored.session == session and len(stored.attempts) == 1 and stored.handed_in is None
        # The key: in a cookie of the student's browser's session, for the class pages, in no address.
        (kept,) = (c for c in page.context.cookies() if c["name"] == f"gintrainer_session_{session}")
        assert kept["sameSite"] == "Strict" and kept["expires"] == -1 and kept["path"] == "/voila/render/classroom/"
        assert kept["value"] not in address and kept["value"] != session
        assert not [c for c in other.cookies() if c["name"].startswith("gintrainer_session_")]

        page.reload()  # the student's own browser goes on
        expect(page.locator("#loading")).to_be_hidden(timeout=90_000)
        expect(page.locator(".gt-stats")).to_contain_text("Ada Keyed · puzzle 2 of 3 · answered 1")
        page.locator(".gt-puzzle").get_by_role("button", name=NO, exact=True).click()
        expect(page.locator(".gt-puzzle .gt-feedback")).to_contain_text("Recorded:")
        page.get_by_role("button", name="Hand in the set").click()
        page.get_by_role("button", name="Hand in with 1 not answered").click()
        expect(page.get_by_role("link", name=re.compile("Download your results"))).to_be_visible()
        expect(page.locator(".gt-review-puzzle")).to_have_count(3)
        page.wait_for_function(f"() => !document.cookie.includes('gintrainer_session_{session}=')")

        stranger.reload()  # handed in: the review, and nothing to change
        expect(stranger.locator("#loading")).to_be_hidden(timeout=90_000)
        expect(stranger.locator(".gt-review-puzzle")).to_have_count(3)
        expect(stranger.locator(".gt-stats")).to_contain_text("Ada Keyed · handed in")
        expect(stranger.locator(".gt-puzzle")).to_be_hidden()
        expect(stranger.get_by_role("button", name="Hand in the set")).to_be_hidden()
        expect(stranger.locator(".gt-student .gt-notice")).to_have_count(0)
        (stored,) = open_store().class_sessions(SET.code)
        assert len(stored.attempts) == 2 and stored.handed_in is not None
        assert not stranger_console.problems, "\n".join(stranger_console.problems)
    finally:
        other.close()
