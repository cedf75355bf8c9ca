"""The trainer on JupyterHub, started from deploy/jupyterhub_config.py as a school would start it on
one machine (its proxy from deploy/node_modules, every user's server a local process with its home
in a temporary folder, one class password): two students and a teacher sign in, in Chromium, each
in a browser context of their own; each student opens the class set through the hub and answers a
puzzle, and the teacher's gradebook, opened with the teacher passphrase, shows both. The teacher
prepares a class: the named students' servers run before they sign in, each with the class's page ready in
a kernel that a student's request then takes."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from conftest import ConsoleWatch
from deployment import START_TIMEOUT, LocalHub, deploy_settings
from gintrainer.app import TEACHER_PASSPHRASE
from gintrainer.classroom import ClassSet
from gintrainer.classroom.store import DATABASE_ENV
from gintrainer.puzzles import PuzzleKind
from gintrainer.records.storage import name_stem

pytestmark = pytest.mark.browser

PASSWORD = "class password 7"
PASSPHRASE = "grey heron 17"
TEACHER = "teacher"
STUDENTS = ("kim", "ali")
SET = ClassSet("Hub class", count=1)
SHUTDOWN_WAIT = 20
"""Seconds within which a left page's kernel must be gone: a third of voila.json's idle culling
(``MappingKernelManager.cull_idle_timeout``, 60 s), so only the page's shutdown request explains it."""


@pytest.fixture(scope="module")
def hub(tmp_path_factory, postgres):
    """The hub, its users' class results in the test run's PostgreSQL (tests/postgres.py)."""
    hub = LocalHub(tmp_path_factory.mktemp("hub"), password=PASSWORD,
                   settings={TEACHER_PASSPHRASE: PASSPHRASE, "GINTRAINER_HUB_TEACHERS": TEACHER,
                             DATABASE_ENV: postgres.fresh_schema("hub")})
    hub.start()
    yield hub
    hub.stop(wait=False)


def sign_in(browser, hub: LocalHub, user: str):
    """A browser context of the user's own, signed in to the hub, with the user's server started:
    the hub opens the trainer's landing page in it. Returns the context, its page and its console."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    console = ConsoleWatch(page)
    page.goto(hub.url("hub/login"))
    page.get_by_label("Username").fill(user)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(re.escape(hub.landing(user))), timeout=START_TIMEOUT * 1000)
    expect(page.locator("#loading")).to_be_hidden(timeout=90_000)
    expect(page.get_by_role("link", name="Open a class set")).to_be_visible()
    return context, page, console


def open_hub_page(page, hub: LocalHub, user: str, notebook: str, query: str = "") -> None:
    page.goto(hub.page_url(user, notebook, query))
    expect(page.locator("#loading")).to_be_hidden(timeout=90_000)


def answer_first_puzzle(page) -> None:
    """Start the class set and answer its first puzzle through the page's own buttons."""
    page.get_by_role("button", name="Start").click()
    puzzle = SET.puzzles()[0]
    view = page.locator(".gt-puzzle")
    expect(view).to_contain_text(puzzle.id)
    if puzzle.kind == PuzzleKind.CAN_KNOCK:
        view.get_by_role("button", name="Yes, I can knock").click()
    card = puzzle.answer[0] if puzzle.answer else puzzle.hand[0]
    view.get_by_role("button", name=str(card), exact=True).click()
    view.get_by_role("button", name=re.compile("Knock with this discard|Discard the selected card")).click()
    expect(view.locator(".gt-feedback")).to_contain_text("Recorded:")


def user_kernels(context, hub: LocalHub, user: str) -> list:
    """The kernels the user's server runs, asked with the user's own sign-in."""
    response = context.request.get(hub.url(f"user/{user}/api/kernels"))
    assert response.ok, response.status
    return response.json()


def test_two_students_answer_a_class_set_through_the_hub_and_the_teachers_gradebook_shows_both(browser, hub):
    signed_in = {user: sign_in(browser, hub, user) for user in (*STUDENTS, TEACHER)}
    try:
        _, gradebook, _ = signed_in[TEACHER]
        open_hub_page(gradebook, hub, TEACHER, "classroom/gradebook.ipynb", f"code={SET.code}")
        gradebook.get_by_label("Passphrase:").fill(PASSPHRASE)
        gradebook.get_by_role("button", name="Open the teacher's page").click()
        book = gradebook.locator(".gt-gradebook")
        expect(book).to_contain_text("0 students")
        for user in STUDENTS:
            context, page, console = signed_in[user]
            open_hub_page(page, hub, user, "classroom/student.ipynb", f"code={SET.code}&profile={user.title()}")
            answer_first_puzzle(page)
        # Each student's server wrote to the shared store; the open gradebook reads it again on its own.
        expect(book).to_contain_text("2 students", timeout=60_000)
        for user in STUDENTS:
            expect(book.locator("table")).to_contain_text(user.title())
        # A student's own server does not know the teacher passphrase: its teacher pages stay locked to it.
        context, page, console = signed_in[STUDENTS[0]]
        open_hub_page(page, hub, STUDENTS[0], "classroom/teacher.ipynb")
        page.get_by_label("Passphrase:").fill(PASSPHRASE)
        page.get_by_role("button", name="Open the teacher's page").click()
        expect(page.locator(".gt-teacher-only > .gt-status-line")).to_contain_text("that is not the teacher passphrase")
        assert page.get_by_role("button", name="Make the set").count() == 0
        # A user's server serves the trainer and nothing else: no JupyterLab, no terminals.
        for path in ("lab", "api/terminals"):
            assert context.request.get(hub.url(f"user/{STUDENTS[0]}/{path}")).status == 404, path
        # Leaving a page shuts its kernel down through the hub's sign-in (the XSRF check passes).
        assert deploy_settings().singleuser_config()["MappingKernelManager"]["cull_idle_timeout"] >= SHUTDOWN_WAIT * 3
        assert user_kernels(context, hub, STUDENTS[0])
        page.goto(hub.url("hub/home"))
        deadline = time.monotonic() + SHUTDOWN_WAIT
        while user_kernels(context, hub, STUDENTS[0]) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert user_kernels(context, hub, STUDENTS[0]) == []
        for user in STUDENTS:  # each student's progress is in the student's own home
            profiles = hub.homes / user / ".local" / "share" / "gintrainer" / "profiles"
            assert [path.name for path in profiles.glob("*.json")] == [f"{name_stem(user.title())}.json"]
        for user, (_, _, console) in signed_in.items():
            assert not console.problems, f"{user}: " + "\n".join(console.problems)
    finally:
        for context, _, _ in signed_in.values():
            context.close()


KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')
PREPARED = "puzzles/best_discard.ipynb"


def test_the_teacher_prepares_a_class_whose_students_servers_run_and_keep_the_page_ready_before_they_sign_in(
        browser, hub):
    named = ("pat", "sam")  # students who have never signed in: the hub does not know them yet
    context, page, console = sign_in(browser, hub, TEACHER)
    try:
        open_hub_page(page, hub, TEACHER, "classroom/teacher.ipynb")
        page.get_by_label("Passphrase:").fill(PASSPHRASE)
        page.get_by_role("button", name="Open the teacher's page").click()
        prepare = page.locator(".gt-prepare")
        prepare.get_by_label("Page:").select_option(label="Best discard")  # PREPARED
        prepare.get_by_label("Students:").fill("\n".join(named))
        prepare.get_by_role("button", name="Prepare").click()
        expect(prepare).to_contain_text("2 of 2 students' servers ready", timeout=2 * START_TIMEOUT * 1000)
        for user in named:  # the simple spawner makes a user's home when it starts the user's server
            assert (hub.homes / user).is_dir(), user
        assert not console.problems, "\n".join(console.problems)
    finally:
        context.close()
    # A prepared student's page takes the kernel their server has kept ready: it ran before they asked.
    context, page, console = sign_in(browser, hub, "pat")
    try:
        before = {kernel["id"] for kernel in user_kernels(context, hub, "pat")}
        open_hub_page(page, hub, "pat", PREPARED)
        expect(page.locator(".gt-puzzle .gt-card").first).to_be_visible()
        taken = KERNEL_ID.search(page.content())
        assert taken is not None and taken.group(1) in before, (taken, before)
        assert not console.problems, "\n".join(console.problems)
    finally:
        context.close()
