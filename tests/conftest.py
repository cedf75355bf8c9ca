"""Shared fixtures.

``data``: an empty data folder of the test's own (``GINTRAINER_DATA``), not yet
created, as on a first run. ``fresh_kernel``: what a page's fresh Voila kernel
starts with: that data folder, no query string (no learner named in the
address), no language header, English, and the display settings at their
defaults, put back afterwards; a
module of widget tests uses it with
``pytestmark = pytest.mark.usefixtures("fresh_kernel")``.

``postgres``: a PostgreSQL server of the test run's own (tests/postgres.py), started
once when a test first needs it and stopped at the end; ``store_url``: a class store of
the test's own, on SQLite and on that server (tests using it run once for each).

The browser fixtures: a real Voila server on a free port, and Debian's Chromium.
The server serves the repository root with its voila.json and keeps learner
progress in a temporary folder (``GINTRAINER_DATA``); ``server_data`` points
the test's own writes there too, so that the page finds what the test saved. Every page fails its test
on a browser console error, except failed loads of external resources (this
machine has no internet; the app's own template asks nothing of another host,
which tests/browser/test_landing_visit.py checks)."""

from __future__ import annotations

import contextlib
import importlib
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any
from unittest import mock
from urllib.parse import urlparse

import pytest

from decks import stacked_deck
from gintrainer.app import PROFILES_SHARED, voila_command

ROOT = Path(__file__).resolve().parents[1]

# Chromium's launch, a free port and the wait until a page has settled are the benchmarks' as well: one home
# for both, bench/serving.py.
sys.path.insert(0, str(ROOT / "bench"))
from serving import CHROMIUM_ARGS, find_chromium, free_port  # noqa: E402
from serving import settle as settle  # noqa: E402  (the browser tests take it from here)

# The profiles' mode of the tests, and of the servers they start (which inherit it), unless a test
# says otherwise: the open mode of one learner on their own computer, where a profile opens by name.
# The tests of the shared mode (each profile behind its PIN) set it to 1.
os.environ[PROFILES_SHARED] = "0"

LOCAL_HOSTS = {"127.0.0.1", "localhost"}


def run_apart(coroutine: Any) -> Any:
    """Run ``coroutine`` to its end with an event loop of its own, in a thread of its own: a test may run in a
    process where Playwright's synchronous API holds this thread's loop (a browser test before it), and
    ``asyncio.run`` refuses to start there."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


@contextlib.contextmanager
def bench_module(name: str) -> Iterator[ModuleType]:
    """A benchmark script of bench/ imported as a module, with bench/ on the path while it is used
    (its modules import one another by name)."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        yield importlib.import_module(name)
    finally:
        sys.path.remove(str(ROOT / "bench"))


def _views_following_the_settings() -> dict[int, Any]:
    """The pages (views) that follow the display settings now, by id: each redraws when a setting changes."""
    base = sys.modules.get("gintrainer.widgets.base")
    if base is None:
        return {}
    found: dict[int, Any] = {}
    for by_type in base.settings._trait_notifiers.values():
        for callbacks in by_type.values():
            for callback in callbacks:
                owner = getattr(callback, "__self__", None)
                if isinstance(owner, base.View):
                    found[id(owner)] = owner
    return found


@pytest.fixture(autouse=True)
def _close_pages_made():
    """Close the pages a test made once it is over, as a page's kernel ends with its page: a page left open
    follows the display settings, so that each later test that changes them (or puts them back) redrew every
    page made before it in the same process (a presentation test's teardown took 1.2 s late in a run, 0.1 s
    alone). Pages made by fixtures wider than the test are kept."""
    before = _views_following_the_settings()
    yield
    for key, view in _views_following_the_settings().items():
        if key not in before:
            view.close()


@pytest.fixture
def data(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("GINTRAINER_DATA", str(folder))
    return folder


@pytest.fixture
def fresh_kernel(data, monkeypatch):
    from gintrainer.widgets.base import DisplaySettings, settings
    from gintrainer.words import language

    def defaults() -> None:
        for name, trait in DisplaySettings.class_own_traits().items():
            setattr(settings, name, trait.default())

    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("HTTP_ACCEPT_LANGUAGE", raising=False)
    monkeypatch.delenv("GINTRAINER_PSEUDO", raising=False)
    defaults()
    language.use_language("en")
    yield data
    defaults()
    language.allow_pseudo(False)
    language.use_language("en")


# --- the class store -----------------------------------------------------------

@pytest.fixture(scope="session")
def postgres():
    from postgres import PostgresServer, binaries, missing
    folder = binaries()
    if folder is None:
        missing("no /usr/lib/postgresql/*/bin/initdb")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        missing("psycopg is not installed")
    server = PostgresServer(folder)
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    """A database URL for a class store of the test's own (empty)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'classes.sqlite3'}"
    server = request.getfixturevalue("postgres")
    return server.fresh_schema(f"t_{abs(hash(request.node.nodeid)):x}")


# --- the browser ---------------------------------------------------------------

def chromium_path() -> str:
    path = find_chromium()
    if not path:
        pytest.fail("the browser tests need Chromium: apt-get install chromium (or set GINTRAINER_CHROMIUM)")
    return path


def wait_until_answering(name: str, process: subprocess.Popen, url: str, log: Path, timeout: float) -> None:
    """Wait until the server ``process`` answers ``url`` with a 200; an error naming its log if it
    exits first or does not answer within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{name} exited with {process.returncode}; see {log}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{name} did not answer within {timeout} s; see {log}")


def stop_process(process: subprocess.Popen, wait: float) -> None:
    """Ask a server to stop; kill it if it has not within ``wait`` seconds."""
    process.terminate()
    try:
        process.wait(wait)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


_STOPPING: list[tuple[subprocess.Popen, float]] = []
"""Servers asked to stop and not waited for, each with the moment it may be killed: each stops its
kernels (or its users' servers) while the next tests run; the end of the test run waits for them
until then (:func:`_servers_stopped`)."""

VOILA_GRACE = 2.0
"""Seconds a Voila server asked to stop may take before it is killed: its kernels end with it (each
polls its parent process every second, as jupyter_client starts them), so killing it leaves nothing
running; a server stopped early in the run is long gone by the end."""


def stop_without_waiting(process: subprocess.Popen, wait: float) -> None:
    """Ask a server to stop and go on at once: its shutdown (a Voila server gives each kernel up to
    five seconds to end) overlaps the next tests. It is killed if it still runs ``wait`` seconds from
    now when the run ends. For a server whose address and data folder nothing uses afterwards."""
    process.terminate()
    _STOPPING.append((process, time.monotonic() + wait))


@pytest.fixture(scope="session", autouse=True)
def _servers_stopped():
    """At the end of the test run, every server asked to stop has stopped (else is killed)."""
    yield
    for process, deadline in _STOPPING:
        try:
            process.wait(max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    _STOPPING.clear()


class VoilaServer:
    """One Voila process; ``restart()`` stops it and starts a new one on the same data.
    ``options``: command-line options after voila.json's (they win over the file)."""

    def __init__(self, root: Path, data: Path, log: Path, options: tuple[str, ...] = ()):
        self.root, self.data, self.log, self.options = root, data, log, options
        self.process: subprocess.Popen | None = None
        self.port = 0

    def start(self, timeout: float = 60, *, port: int | None = None) -> None:
        """Start the server, on ``port`` (a page's own address, to reload it), else on a free port."""
        self.port = port or free_port()
        # GINTRAINER_PSEUDO: the pages accept the tests' pseudo-language (?lang=qps).
        env = dict(os.environ, GINTRAINER_DATA=str(self.data), PYTHONUNBUFFERED="1", GINTRAINER_PSEUDO="1")
        with open(self.log, "a") as log:  # the server writes to its own copy of the file descriptor
            command = voila_command(self.root, port=self.port, ip="127.0.0.1") + list(self.options)
            self.process = subprocess.Popen(command, cwd=self.root, env=env, stdout=log, stderr=subprocess.STDOUT)
        wait_until_answering("voila", self.process, self.url("voila/api/contents/"), self.log, timeout)

    def stop(self, *, wait: bool = True) -> None:
        """Stop the server; without ``wait``, go on while it stops (:func:`stop_without_waiting`), for
        a server that is done with."""
        if self.process is not None:
            (stop_process if wait else stop_without_waiting)(self.process, 20 if wait else VOILA_GRACE)
            self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def url(self, path: str = "") -> str:
        return f"http://127.0.0.1:{self.port}/{path.lstrip('/')}"

    def page_url(self, notebook: str, query: str = "") -> str:
        return self.url(f"voila/render/{notebook}") + (f"?{query}" if query else "")


@contextlib.contextmanager
def running_server(tmp_path_factory, name: str, *, options: tuple[str, ...] = (),
                   environ: dict[str, str] | None = None) -> Iterator[VoilaServer]:
    """A Voila server of the site with a data folder and a log of its own, in a temporary
    folder named ``name``, started (with ``environ`` added to its environment) and stopped."""
    base = tmp_path_factory.mktemp(name)
    voila = VoilaServer(ROOT, base / "data", base / "voila.log", options=options)
    with mock.patch.dict(os.environ, environ or {}):
        voila.start()
    try:
        yield voila
    finally:
        voila.stop(wait=False)


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    with running_server(tmp_path_factory, "voila") as voila:
        yield voila


@pytest.fixture
def server_data(server, monkeypatch):
    monkeypatch.setenv("GINTRAINER_DATA", str(server.data))
    return server.data


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": chromium_path(), "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session", autouse=True)
def patient_expectations():
    """Each ``expect`` waits up to 20 s (Playwright's default: 5 s) for what it asserts. A click's answer goes
    through the page's kernel: on a loaded machine (a slower one, the suite's two processes and their
    browsers and servers) it once took more than 5 s, and the test failed for it. A passing check waits no
    longer than before; only a failing one reports later."""
    try:
        from playwright.sync_api import expect
    except ImportError:  # the suite without a browser
        return
    expect.set_options(timeout=EXPECT_TIMEOUT)


EXPECT_TIMEOUT = 20_000
"""How long, in milliseconds, a browser test's ``expect`` waits (:func:`patient_expectations`)."""


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1280, "height": 900}}


class ConsoleWatch:
    """Console errors and uncaught page errors, minus failed loads of external resources."""

    def __init__(self, page):
        self.problems: list[str] = []
        self.external_failures = 0
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        page.on("requestfailed", self._failed)
        page.on("response", self._response)

    def _response(self, response) -> None:
        url = urlparse(response.url)
        if response.status >= 400 and url.hostname in LOCAL_HOSTS:
            self.problems.append(f"HTTP {response.status} for {response.url}")

    def _failed(self, request) -> None:
        host = urlparse(request.url).hostname
        if host not in LOCAL_HOSTS:
            self.external_failures += 1

    def _console(self, message) -> None:
        if message.type != "error":
            return
        text = message.text
        if text.startswith("Failed to load resource: net::ERR_NAME_NOT_RESOLVED") or \
                text.startswith("Failed to load resource: net::ERR_INTERNET_DISCONNECTED"):
            return  # an external resource (a CDN) on a machine without internet
        self.problems.append(f"console error: {text}")


@pytest.fixture(scope="module")
def module_context(browser, browser_context_args):
    """One browser context for a test file's pages (:func:`page_in`): the site's scripts, several megabytes,
    are fetched and compiled once for the file, as a learner's browser keeps them from page to page."""
    context = browser.new_context(**browser_context_args)
    yield context
    context.close()


@contextlib.contextmanager
def page_in(context, width: int, height: int) -> Iterator[Any]:
    """A new tab of ``context`` at that size, closed after, and the context's cookies cleared with it: the next
    test's page begins as a new visitor's would (the app keeps nothing else in the browser)."""
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": height})
    try:
        yield page
    finally:
        page.close()
        context.clear_cookies()


@pytest.fixture
def console(page):
    watch = ConsoleWatch(page)
    yield watch
    assert not watch.problems, "\n".join(watch.problems)


def open_page(page, server, notebook: str, query: str = "") -> None:
    """Open a notebook page and wait until Voila has rendered it."""
    from playwright.sync_api import expect
    page.goto(server.page_url(notebook, query))
    expect(page.locator("#loading")).to_be_hidden(timeout=90_000)


@pytest.fixture
def deck_for():
    return stacked_deck


DAY_LEFT = 300
"""A test of today's puzzles needs this many seconds of the UTC day left, or it begins on the next day."""


@pytest.fixture
def one_utc_day():
    """For a test that reads today's daily puzzle and then asks a server's page for it: begun in the last five
    minutes of a UTC day, it waits for the next, so that the page's today is the test's."""
    import datetime as dt
    now = dt.datetime.now(dt.UTC)
    left = (dt.datetime.combine(now.date() + dt.timedelta(days=1), dt.time(), dt.UTC) - now).total_seconds()
    if left < DAY_LEFT:
        time.sleep(left + 1)
    yield
