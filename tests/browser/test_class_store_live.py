"""The class store in Chromium: a student answers on one page while the teacher's
gradebook, open beside it, shows the student without being reloaded; a reload of the
student's page continues the set."""

import re

import pytest
from playwright.sync_api import expect

from conftest import ConsoleWatch, open_page
from gintrainer.classroom import ClassSet

pytestmark = pytest.mark.browser

SET = ClassSet("Live class", count=2, kinds="can_knock")


def test_the_gradebook_shows_a_student_answering_beside_it(page, server, console):
    teacher = page.context.new_page()
    teacher_console = ConsoleWatch(teacher)
    open_page(teacher, server, "classroom/gradebook.ipynb", f"code={SET.code}")
    book = teacher.locator(".gt-gradebook")
    expect(book.locator(".gt-refreshed")).to_contain_text("refreshed at")
    expect(book.locator(".gb-table caption")).to_contain_text("0 students")

    open_page(page, server, "classroom/student.ipynb", f"code={SET.code}")
    page.get_by_label("Name:").fill("Kim Live")
    page.get_by_role("button", name="Start").click()
    view = page.locator(".gt-puzzle")
    expect(view).to_contain_text(SET.puzzles()[0].id)
    expect(page).to_have_url(re.compile(r"[?&]session=[A-Za-z0-9_-]{16,}"))  # the session rides in the address
    view.get_by_role("button", name="No, I cannot knock", exact=True).click()
    expect(view.locator(".gt-feedback")).to_contain_text("Recorded:")

    row = book.locator(".gb-table tbody tr")
    expect(row).to_have_count(1, timeout=30_000)  # the page's own tick, no reload
    expect(row).to_contain_text("Kim Live")
    expect(row).to_contain_text("still answering")
    expect(book.locator(".gb-table caption")).to_contain_text("1 student")

    page.reload()
    expect(page.locator("#loading")).to_be_hidden(timeout=90_000)
    expect(page.locator(".gt-stats")).to_contain_text("Kim Live · puzzle 2 of 2 · answered 1")
    expect(page.locator(".gt-puzzle")).to_contain_text(SET.puzzles()[1].id)
    page.locator(".gt-puzzle").get_by_role("button", name="No, I cannot knock", exact=True).click()
    page.get_by_role("button", name="Hand in the set").click()
    expect(page.get_by_role("link", name=re.compile("Download your results"))).to_be_visible()
    expect(row).not_to_contain_text("still answering", timeout=30_000)
    expect(book.locator(".gb-table tbody tr")).to_have_count(1)  # the reload is the same student
    expect(row.locator("td.gb-right, td.gb-wrong")).to_have_count(2)
    assert not teacher_console.problems, "\n".join(teacher_console.problems)
