"""A class's server, started with a teacher passphrase, in Chromium and by direct
requests: a student reaches no answer key and no gradebook without it, and the
students' pages do not link to the teacher's pages."""

import re
import urllib.request

import pytest
from playwright.sync_api import expect

from conftest import open_page, running_server
from gintrainer.app import PROFILES_SHARED, TEACHER_PASSPHRASE
from gintrainer.classroom import ClassSet

pytestmark = pytest.mark.browser

PASSPHRASE = "blue heron 42"
SET = ClassSet("Locked class", count=1)


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    """A second server, started for a class as ``gintrainer app --teacher-passphrase`` starts it
    (the passphrase in the environment of Voila and so of every kernel, the profiles shared:
    each behind its PIN)."""
    with running_server(tmp_path_factory, "voila-class",
                        environ={TEACHER_PASSPHRASE: PASSPHRASE, PROFILES_SHARED: "1"}) as voila:
        yield voila


def test_a_student_reaches_no_answer_key_or_gradebook_without_the_passphrase(page, class_server, console):
    open_page(page, class_server, "classroom/student.ipynb", f"code={SET.code}&profile=Kim")
    expect(page.get_by_role("button", name="Start")).to_be_visible()
    hrefs = page.locator("a").evaluate_all("links => links.map(a => a.getAttribute('href') || '')")
    assert hrefs and not any(re.search(r"(teacher|gradebook)\.ipynb", h) for h in hrefs), hrefs
    open_page(page, class_server, "index.ipynb", "profile=Kim")
    expect(page.get_by_role("link", name="Open a class set")).to_be_visible()
    assert page.get_by_role("link", name="Make a class set").count() == 0
    assert page.get_by_role("link", name="Gradebook").count() == 0

    open_page(page, class_server, "classroom/teacher.ipynb", f"code={SET.code}&profile=Kim")
    expect(page.get_by_text("This page is for the teacher: type the teacher passphrase.")).to_be_visible()
    assert page.get_by_role("button", name="Make the set").count() == 0 and page.locator(".gt-teacher").count() == 0
    page.get_by_label("Passphrase:").fill("blue heron")
    page.get_by_role("button", name="Open the teacher's page").click()
    expect(page.locator(".gt-teacher-only > .gt-status-line")).to_contain_text("that is not the teacher passphrase")
    assert page.get_by_role("button", name="Make the set").count() == 0
    assert page.locator("a[href^='data:']").count() == 0

    open_page(page, class_server, "classroom/gradebook.ipynb", "profile=Kim")
    expect(page.get_by_label("Passphrase:")).to_be_visible()
    assert page.locator(".gt-gradebook").count() == 0 and page.locator("input[type=file]").count() == 0

    open_page(page, class_server, "classroom/teacher.ipynb", "profile=Ms%20Lee")
    page.get_by_label("Passphrase:").fill(PASSPHRASE)
    page.get_by_role("button", name="Open the teacher's page").click()
    page.get_by_placeholder("e.g. Year 9, Tuesday").fill(SET.name)
    page.get_by_label("Puzzles:").fill(str(SET.count))
    page.get_by_role("button", name="Make the set").click()
    expect(page.locator(".gt-code")).to_have_text(SET.code, timeout=60_000)
    expect(page.get_by_role("link", name="Download the answer key")).to_be_visible()


def test_a_direct_request_for_the_teacher_page_carries_no_answer(class_server):
    with urllib.request.urlopen(class_server.page_url("classroom/teacher.ipynb", f"code={SET.code}"),
                                timeout=120) as response:
        html = response.read().decode("utf-8")
    assert "widget-view+json" in html  # the page as rendered: its widgets, whose state only the websocket sends
    assert "data:text/html" not in html and "Download the answer key" not in html
    assert not any(puzzle.id in html for puzzle in SET.puzzles())


@pytest.mark.browser
def test_the_file_tree_lists_the_pages_but_not_the_package_the_tests_or_the_deployment(server):
    import json
    with urllib.request.urlopen(server.url("voila/api/contents/"), timeout=60) as response:
        names = {item["name"] for item in json.load(response)["content"]}
    assert {"lessons", "puzzles", "classroom", "index.ipynb"} <= names
    assert not names & {"gintrainer", "tests", "bench", "deploy", "node_modules", "voila.json", "pyproject.toml"}


def test_one_sign_in_per_visit_from_the_landing_page_s_link_for_teachers_the_code_carried(page, browser, class_server,
                                                                                           console):
    open_page(page, class_server, "index.ipynb", "profile=Ms%20Lee")
    page.get_by_role("link", name="For teachers").click()
    expect(page.locator("#loading")).to_be_hidden(timeout=90_000)
    # A profile whose PIN was not typed is not carried (on a shared server the address opens none).
    assert page.url.endswith("classroom/teacher.ipynb")
    expect(page).to_have_title("Make a class set")
    page.get_by_label("Passphrase:").fill(PASSPHRASE)
    page.get_by_role("button", name="Open the teacher's page").click()
    expect(page.locator(".gt-signed-in")).to_have_count(1)  # the server took the page's ticket
    cookie = next(c for c in page.context.cookies() if c["name"] == "gintrainer_teacher")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict" and cookie["expires"] == -1  # the session's only
    assert "gintrainer_teacher" not in page.evaluate("document.cookie")  # no script on the page reads it

    page.get_by_placeholder("e.g. Year 9, Tuesday").fill(SET.name)
    page.get_by_label("Puzzles:").fill(str(SET.count))
    page.get_by_role("button", name="Make the set").click()
    expect(page.locator(".gt-code")).to_have_text(SET.code, timeout=60_000)
    assert f"code={SET.code}" in page.url  # a reload keeps the code too
    gradebook_link = page.locator(".gt-nav").get_by_role("link", name="Gradebook")
    expect(gradebook_link).to_have_attribute("href", f"gradebook.ipynb?code={SET.code}")
    gradebook_link.click()
    expect(page.locator("#loading")).to_be_hidden(timeout=90_000)
    expect(page.locator(".gt-gradebook")).to_be_visible()  # no passphrase asked again
    expect(page.get_by_label("Passphrase:")).to_be_hidden()
    expect(page.get_by_label("Class code:")).to_have_value(SET.code)

    # Another browser (a student's) is not signed in, even sending the cookie's value as the header the
    # server hands to the page's kernel, or a cookie of its own making.
    for extra in ({"extra_http_headers": {"X-Gintrainer-Teacher": cookie["value"]}}, {}):
        other = browser.new_context(**extra)
        if not extra:
            other.add_cookies([{**cookie, "value": cookie["value"][:-1] + ("0" if cookie["value"][-1] != "0"
                                                                         else "1")}])
        student = other.new_page()
        open_page(student, class_server, "classroom/gradebook.ipynb", f"code={SET.code}")
        expect(student.get_by_label("Passphrase:")).to_be_visible()
        assert student.locator(".gt-gradebook").count() == 0
        other.close()
