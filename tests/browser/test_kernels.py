"""A page's kernel lives as long as the page: leaving or reloading a page shuts its kernel down
(Voila's own shutdown request, which passes the XSRF check now that the page carries the
``_xsrf`` cookie), a tab that vanishes without a word is culled, and a page still open is
never culled. The server's kernels are its child processes running ipykernel."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect
from traitlets.utils.importstring import import_item

from conftest import ROOT, ConsoleWatch, VoilaServer, open_page, running_server

PAGES = ["index.ipynb", "lessons/01_cards_and_melds.ipynb", "puzzles/daily.ipynb", "lessons/02_dealing.ipynb",
         "puzzles/best_discard.ipynb", "lessons/03_first_turn.ipynb", "puzzles/can_knock.ipynb",
         "lessons/glossary.ipynb", "lessons/quick_reference.ipynb", "lessons/04_normal_turn.ipynb"]
SHUTDOWN_WAIT = 10.0
"""Seconds within which the kernels of left pages must be gone (the issue's figure)."""
VANISHED_TAB_LIMIT = 120
"""Seconds within which the kernel of a tab that lost its connection must be culled."""
TORNADO_CLOSE_WAIT = 5
"""Seconds tornado waits for a client's answer to a closing websocket before dropping it."""
IOPUB_WAIT = 60
"""Seconds a page's render waits for a cell's output after its reply: longer than a whole
page takes with a class of 30 opening pages at once on two cores (about 30 s)."""
SHORT_TIMEOUT, SHORT_INTERVAL = 10, 2
"""The culling of the test server of this module's cull tests, in seconds instead of a minute."""
SHORT_CULL = (f"--MappingKernelManager.cull_idle_timeout={SHORT_TIMEOUT}",
              f"--MappingKernelManager.cull_interval={SHORT_INTERVAL}")


def config() -> dict:
    return json.loads((ROOT / "voila.json").read_text())


def pool_size() -> int:
    """The preheated kernels voila.json keeps waiting: one per notebook with a pool."""
    pools = config()["VoilaKernelManager"]["kernel_pools_config"]
    return sum(pool["pool_size"] for name, pool in pools.items() if name == "default" or (ROOT / name).is_file())


def kernels(server: VoilaServer) -> int:
    """The kernels the server runs: its live child processes running ipykernel."""
    assert server.process is not None
    count = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue  # gone meanwhile
        state, parent = stat.rsplit(")", 1)[1].split()[:2]
        if int(parent) == server.process.pid and state != "Z" and b"ipykernel" in command:
            count += 1
    return count


def kernel_alive(server: VoilaServer, kernel_id: str) -> bool:
    try:
        with urllib.request.urlopen(server.url(f"api/kernels/{kernel_id}"), timeout=10) as response:
            return response.status == 200
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return False
        raise


def page_kernel(page) -> str:
    return page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")


def wait_until(check, seconds: float) -> float | None:
    """Poll ``check`` until it holds; the seconds it took, or None if it never held in time."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if check():
            return time.monotonic() - start
        time.sleep(0.2)
    return time.monotonic() - start if check() else None


def log_text(server: VoilaServer) -> str:
    return server.log.read_text(errors="replace")


def shutdown_requests(page) -> list[str]:
    """The kernel-shutdown requests the page's documents send, as they go (Chromium does not
    report the answers to requests sent while a page unloads: the server's log has refusals)."""
    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.url) if "/voila/api/shutdown/" in request.url else None)
    return sent


def refusals(server: VoilaServer, start: int) -> list[str]:
    """The shutdown requests the server refused since its log was ``start`` characters long."""
    refused = re.compile(r"\b4\d\d POST /voila/api/shutdown/")
    return [line for line in log_text(server)[start:].splitlines() if refused.search(line)]


def open_live(page, server: VoilaServer, notebook: str) -> None:
    """Open a page and wait until its widgets are drawn: Voila's widget manager, which sends
    the shutdown request on leaving, is then in place."""
    open_page(page, server, notebook)
    expect(page.locator(".jupyter-widgets").first).to_be_attached(timeout=60_000)


# --- the configuration ---------------------------------------------------------

def test_a_tab_that_loses_its_connection_is_culled_within_two_minutes_by_the_configuration():
    """The longest wait from a lost connection to the cull: the server notices the silence
    (no pong within the ping timeout, checked at each ping, then tornado's wait for the close),
    and the kernel must be idle for the cull timeout since its last message, which may be the
    moment the connection was lost; the cull runs every interval."""
    settings = config()
    culling = settings["MappingKernelManager"]
    pings = settings["Voila"]["tornado_settings"]
    noticed = (pings["ws_ping_timeout"] + pings["ws_ping_interval"]) / 1000 + TORNADO_CLOSE_WAIT
    worst = max(noticed, culling["cull_idle_timeout"]) + culling["cull_interval"]
    assert worst <= VANISHED_TAB_LIMIT
    assert culling["cull_connected"] is False  # an open page, however long idle, is never culled
    assert culling.get("cull_busy", False) is False


def test_a_page_opened_under_load_keeps_its_widgets_by_the_configuration():
    """After a cell's reply, Voila's executor waits ``iopub_timeout`` seconds for the cell's
    output and then renders the page without it; at nbclient's default of 4 s, 3 to 9 of 30
    best-discard pages opened at once came without their trainer (bench/bench_class.py;
    the server logged "Timeout waiting for IOPub output" once for each)."""
    assert config()["VoilaExecutor"]["iopub_timeout"] >= IOPUB_WAIT


def test_the_server_uses_the_identity_provider_that_gives_pages_the_xsrf_cookie():
    from jupyter_server.auth.identity import PasswordIdentityProvider
    provider = import_item(config()["Voila"]["identity_provider_class"])
    assert issubclass(provider, PasswordIdentityProvider)


def test_a_page_kernel_importing_the_app_module_does_not_import_jupyter_server():
    code = "import sys, gintrainer.app; print('jupyter_server' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# --- in Chromium, on the shared server ----------------------------------------------

@pytest.fixture(scope="module")
def own_server(tmp_path_factory):
    """A server of this module's own, so that pages other tests left do not count."""
    with running_server(tmp_path_factory, "voila-kernels") as voila:
        yield voila


@pytest.mark.browser
def test_a_page_carries_the_xsrf_cookie_and_the_shutdown_request_needs_it(own_server):
    with urllib.request.urlopen(own_server.page_url("lessons/glossary.ipynb"), timeout=120) as response:
        cookies = response.headers.get_all("Set-Cookie") or []
        html = response.read().decode()
    kernel_id = re.search(r'"kernelId": "([0-9a-f-]+)"', html).group(1)
    xsrf = next(c.split(";")[0].split("=", 1)[1] for c in cookies if c.startswith("_xsrf="))

    def shutdown(headers: dict, body: bytes) -> int:
        request = urllib.request.Request(own_server.url(f"voila/api/shutdown/{kernel_id}"), data=body,
                                         headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status
        except urllib.error.HTTPError as error:
            return error.code

    form = {"Content-Type": "application/x-www-form-urlencoded"}
    assert shutdown(form, f"_xsrf={xsrf}".encode()) == 403  # the token without the cookie: XSRF is checked
    assert kernel_alive(own_server, kernel_id)
    assert shutdown({**form, "Cookie": f"_xsrf={xsrf}"}, f"_xsrf={xsrf}".encode()) == 204
    assert not kernel_alive(own_server, kernel_id)


@pytest.mark.browser
def test_leaving_ten_pages_in_turn_shuts_their_kernels_down(page, own_server, console):
    start = len(log_text(own_server))
    pool = pool_size()
    assert wait_until(lambda: kernels(own_server) == pool, 60) is not None  # the pool is up
    seen = []
    for notebook in PAGES:
        open_live(page, own_server, notebook)
        seen.append(page_kernel(page))
    page.goto("about:blank")  # leaves the tenth page

    def back_to_the_pool() -> bool:
        # the count alone can match for a moment while the pool refills beside a page's kernel
        return not any(kernel_alive(own_server, kernel_id) for kernel_id in seen) and kernels(own_server) == pool

    took = wait_until(back_to_the_pool, SHUTDOWN_WAIT)
    alive = [kernel_id for kernel_id in seen if kernel_alive(own_server, kernel_id)]
    print(f"kernels alive {SHUTDOWN_WAIT:.0f} s after leaving {len(PAGES)} pages: {kernels(own_server)} "
          f"(the pool: {pool}), of the pages' own: {len(alive)}; back to the pool after {took} s")
    assert took is not None, f"{kernels(own_server)} kernels alive ({len(alive)} of the pages'), the pool is {pool}"
    assert refusals(own_server, start) == []


@pytest.mark.browser
def test_reloading_a_page_shuts_its_old_kernel_down(page, own_server, console):
    start = len(log_text(own_server))
    open_live(page, own_server, "lessons/01_cards_and_melds.ipynb")
    first = page_kernel(page)
    page.reload()
    page.locator("#loading").wait_for(state="hidden", timeout=90_000)
    assert page_kernel(page) != first
    assert wait_until(lambda: not kernel_alive(own_server, first), SHUTDOWN_WAIT) is not None
    assert kernel_alive(own_server, page_kernel(page))
    assert refusals(own_server, start) == []


@pytest.mark.browser
def test_closing_a_tab_shuts_its_kernel_down(context, own_server):
    start = len(log_text(own_server))
    tab = context.new_page()
    open_live(tab, own_server, "lessons/glossary.ipynb")
    kernel_id = page_kernel(tab)
    tab.close(run_before_unload=True)  # as a browser closes a tab: the page hears it is leaving
    assert wait_until(lambda: not kernel_alive(own_server, kernel_id), SHUTDOWN_WAIT) is not None
    assert not re.search(rf"Culling .*{kernel_id}", log_text(own_server))
    assert refusals(own_server, start) == []


# --- culling, on a server that culls within seconds --------------------------

@pytest.fixture(scope="module")
def culling_server(tmp_path_factory):
    with running_server(tmp_path_factory, "voila-culling", options=SHORT_CULL) as voila:
        yield voila


IDLE = 3 * (SHORT_TIMEOUT + SHORT_INTERVAL)
"""Seconds an open page stays idle in its test: three times as long as a vanished tab is kept."""


@pytest.fixture(scope="module")
def idle_page(browser, browser_context_args, culling_server):
    """A page opened on the culling server before the tests of culling, in a browser context of its own,
    and left idle: the test of a vanishing tab runs while its idle time passes. Its kernel, the
    time it was opened and its console."""
    context = browser.new_context(**browser_context_args)
    page = context.new_page()
    console = ConsoleWatch(page)
    open_live(page, culling_server, "lessons/glossary.ipynb")
    yield page_kernel(page), time.monotonic(), console
    context.close()


@pytest.mark.browser
@pytest.mark.usefixtures("idle_page")  # opened first: its idle time passes during this test
def test_a_tab_that_vanishes_without_a_word_is_culled(context, culling_server):
    tab = context.new_page()
    sent = shutdown_requests(tab)
    open_live(tab, culling_server, "lessons/glossary.ipynb")
    kernel_id = page_kernel(tab)
    tab.close()  # no unload handlers run, as when a browser crashes: only the connection drops
    assert wait_until(lambda: not kernel_alive(culling_server, kernel_id), 60) is not None
    assert sent == []
    assert re.search(rf"Culling '\w+' kernel '\w+' \({kernel_id}\) with 0 connections", log_text(culling_server))


@pytest.mark.browser
def test_an_open_page_is_never_culled_however_long_it_is_idle(idle_page, culling_server):
    kernel_id, opened, console = idle_page
    time.sleep(max(0.0, opened + IDLE - time.monotonic()))  # the rest of its idle time
    assert kernel_alive(culling_server, kernel_id)
    assert kernel_id not in "".join(line for line in log_text(culling_server).splitlines() if "Culling" in line)
    assert not console.problems, "\n".join(console.problems)
