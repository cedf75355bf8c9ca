"""A visitor cannot take the server's kernels: each client (an address) has at most a few page
kernels at once and the server at most its limit; beyond them a page is refused with a short
page in the browser's language (429 for the client's limit, 503 for the server's), and a
client's slot is free again once its kernel ends. A flood of 100 requests from one client, sent
while a class of 30 opens its pages, leaves every student their page and its kernel.

The clients are addresses of the loopback network (127.0.0.0/8 is all loopback on Linux): each
request leaves from its client's own address, as from its own computer."""

from __future__ import annotations

import http.client
import re
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import pytest
from test_kernels import kernel_alive, kernels, pool_size, wait_until

from conftest import running_server
from gintrainer.app import (
    DEFAULT_MAX_CLIENT_KERNELS,
    DEFAULT_MAX_KERNELS,
    MAX_KERNELS_ENV,
    KernelSlots,
    Reservation,
    refusal_page,
)
from gintrainer.words.language import LANGUAGES, in_language, t

PAGE = "classroom/student.ipynb"
FLOODER = "127.0.0.2"
CLASS = [f"127.0.1.{n}" for n in range(1, 31)]
FLOOD = 100
PAGE_TIMEOUT = 120


@dataclass
class Answer:
    client: str
    status: int
    body: str
    retry_after: str | None

    @property
    def kernel(self) -> str | None:
        found = re.search(r'"kernelId": "([0-9a-f-]+)"', self.body)
        return found.group(1) if found else None


def ask(port: int, client: str, path: str, language: str = "en") -> Answer:
    """GET ``path`` from the address ``client``."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=PAGE_TIMEOUT, source_address=(client, 0))
    try:
        connection.request("GET", path, headers={"Accept-Language": language})
        response = connection.getresponse()
        return Answer(client, response.status, response.read().decode("utf-8", "replace"),
                      response.getheader("Retry-After"))
    finally:
        connection.close()


# --- the counting, without a server ----------------------------------------------------

def test_a_client_has_at_most_its_kernels_and_a_slot_is_free_once_its_kernel_ends():
    slots = KernelSlots(per_client=2, per_server=10)
    first, second = slots.admit("a", []), slots.admit("a", [])
    assert isinstance(first, Reservation) and isinstance(second, Reservation)
    assert slots.admit("a", []) == "client"  # two being started already count
    assert isinstance(slots.admit("b", []), Reservation)  # another client is not affected
    slots.claim(first, "k1")
    slots.claim(second, "k2")
    assert slots.admit("a", ["k1", "k2"]) == "client"
    assert isinstance(slots.admit("a", ["k2"]), Reservation)  # k1 ended: shut down or culled


def test_a_request_that_ends_without_a_kernel_gives_its_slot_back():
    slots = KernelSlots(per_client=1, per_server=10)
    reservation = slots.admit("a", [])
    assert isinstance(reservation, Reservation) and slots.admit("a", []) == "client"
    slots.release(reservation)
    slots.release(reservation)  # once only
    assert slots.count("a") == 0 and isinstance(slots.admit("a", []), Reservation)


def test_the_servers_own_machine_has_no_limit_of_its_own_but_the_servers():
    """The learner at home, the teacher at the server, a class simulated on one machine."""
    slots = KernelSlots(per_client=1, per_server=3)
    assert all(isinstance(slots.admit("127.0.0.1", []), Reservation) for _ in range(3))
    assert slots.admit("127.0.0.1", []) == "server"


def test_the_server_counts_every_kernel_it_runs_and_every_one_being_started():
    slots = KernelSlots(per_client=0, per_server=3)  # 0: no limit per client
    assert isinstance(slots.admit("a", ["pool"]), Reservation)
    assert isinstance(slots.admit("a", ["pool"]), Reservation)
    assert slots.admit("b", ["pool"]) == "server"


def test_the_defaults_hold_a_class_of_thirty_with_two_pages_each_beside_a_flooding_client():
    assert 2 <= DEFAULT_MAX_CLIENT_KERNELS <= 10
    assert 30 * 2 + DEFAULT_MAX_CLIENT_KERNELS + 2 <= DEFAULT_MAX_KERNELS


def test_a_preheated_kernel_handed_to_a_pages_request_is_its_clients():
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from voila.voila_kernel_manager import voila_kernel_manager_factory

    from gintrainer import app

    manager_class = app.PageKernelManager
    assert hasattr(voila_kernel_manager_factory(manager_class, True, 0).get_rendered_notebook, "__wrapped__")

    class Preheating(manager_class):  # Voila's VoilaKernelManager hands its pool's kernels over so
        async def get_rendered_notebook(self, notebook_name, **kwargs):
            return "render task", [], "pooled-kernel"

    manager = Preheating()
    reservation = manager.kernel_slots.admit("10.0.0.66", [])
    assert isinstance(reservation, Reservation)

    async def request():
        app._reservation.set(reservation)  # as admit_page sets it for the request
        return await manager.get_rendered_notebook("index.ipynb")

    # In a thread of its own: a browser test run before in this process leaves its event loop running here.
    with ThreadPoolExecutor(1) as thread:
        assert thread.submit(asyncio.run, request()).result()[2] == "pooled-kernel"
    assert manager.kernel_slots.owners == {"pooled-kernel": "10.0.0.66"} and reservation.done


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_refusal_says_what_to_do_in_the_browsers_language(lang):
    page = refusal_page("client", 6, f"{lang};q=0.9")
    with in_language(lang):
        assert t("Too many pages are open") in page
    assert f'lang="{lang}"' in page and ('dir="rtl"' in page) == (lang == "ps")
    assert "6" in page and "Traceback" not in page and "<script" not in page


# --- on a real server ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def own_server(tmp_path_factory):
    with running_server(tmp_path_factory, "voila-kernel-caps") as voila:
        yield voila


@pytest.mark.browser
def test_a_flood_from_one_client_leaves_a_class_of_thirty_served(own_server):
    path = f"/voila/render/{PAGE}"
    start = time.monotonic()
    with ThreadPoolExecutor(max_workers=FLOOD + len(CLASS)) as pool:
        flood = [pool.submit(ask, own_server.port, FLOODER, path, "tr") for _ in range(FLOOD)]
        time.sleep(0.5)  # the flood first
        students = [pool.submit(ask, own_server.port, client, path) for client in CLASS]
        flooded = [future.result() for future in flood]
        served = [future.result() for future in students]
    took = time.monotonic() - start
    opened = [answer for answer in flooded if answer.status == 200]
    refused = [answer for answer in flooded if answer.status == 429]
    print(f"{FLOOD} requests from one client and {len(CLASS)} students' in {took:.1f} s: the flood got "
          f"{len(opened)} pages and {len(refused)} refusals; the class {sum(a.status == 200 for a in served)} pages")

    assert [answer.status for answer in served] == [200] * len(CLASS)
    kernels = [answer.kernel for answer in served]
    assert None not in kernels and len(set(kernels)) == len(CLASS)
    assert all(kernel_alive(own_server, kernel) for kernel in kernels)  # each student's page has its kernel

    assert len(opened) == DEFAULT_MAX_CLIENT_KERNELS and len(opened) + len(refused) == FLOOD
    with in_language("tr"):
        said = t("Too many pages are open")
    assert all(said in answer.body and answer.retry_after for answer in refused)
    assert "Traceback" not in "".join(answer.body for answer in refused)

    # the flooding client's slot is free again once one of its kernels ends
    assert ask(own_server.port, FLOODER, path).status == 429
    shut = opened[0].kernel
    xsrf = "gintrainer-test"
    shutdown = urllib.request.Request(own_server.url(f"voila/api/shutdown/{shut}"), data=f"_xsrf={xsrf}".encode(),
                                      headers={"Cookie": f"_xsrf={xsrf}",
                                               "Content-Type": "application/x-www-form-urlencoded"}, method="POST")
    with urllib.request.urlopen(shutdown, timeout=30) as answer:
        assert answer.status == 204
    assert wait_until(lambda: not kernel_alive(own_server, shut), 30) is not None
    assert ask(own_server.port, FLOODER, path).status == 200


@pytest.fixture(scope="module")
def small_server(tmp_path_factory):
    """A server allowed four kernels in all (by its environment), two of them its preheated pool's."""
    with running_server(tmp_path_factory, "voila-kernel-cap", environ={MAX_KERNELS_ENV: "4"}) as voila:
        yield voila


@pytest.mark.browser
def test_beyond_the_servers_kernels_a_page_is_refused_until_one_ends(small_server):
    assert wait_until(lambda: kernels(small_server) == pool_size(), 60) is not None
    path = f"/voila/render/{PAGE}"
    first, second = ask(small_server.port, CLASS[0], path), ask(small_server.port, CLASS[1], path)
    assert first.status == second.status == 200
    third = ask(small_server.port, CLASS[2], path, "ps")
    assert third.status == 503 and third.retry_after and 'dir="rtl"' in third.body
    with in_language("ps"):
        assert t("Too many pages are open") in third.body
    assert kernels(small_server) == 4
    log = small_server.log.read_text(errors="replace")
    assert f"refused to {CLASS[2]}: the server has its most kernels (4)" in log


def test_the_server_uses_the_kernel_manager_that_counts_kernels():
    import json

    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from traitlets.utils.importstring import import_item

    from conftest import ROOT

    named = json.loads((ROOT / "voila.json").read_text())["VoilaConfiguration"]["multi_kernel_manager_class"]
    manager = import_item(named)
    assert issubclass(manager, AsyncMappingKernelManager) and manager.__name__ == "PageKernelManager"
