"""A preheated page's kernel waits for its request (gintrainer.app.wait_for_request): it hears the
request's details on Voila's query websocket, as Voila's own helper does, without importing Voila (whose
import costs a preheated kernel seconds of CPU)."""

import asyncio
import json
import os
import subprocess
import sys
import threading
from contextlib import contextmanager

from websockets.asyncio.server import serve

from conftest import ROOT, free_port

KERNEL = "0b0816eb-4cf0-4184-bd79-a3ef0d497bfd"
DETAILS = {"QUERY_STRING": "profile=Ann&lang=tr", "HTTP_ACCEPT_LANGUAGE": "ku,tr;q=0.8", "SCRIPT_NAME": "/"}

# A kernel's process: Voila's variables in its environment, then the page's first call.
KERNEL_CODE = """
import json, os, sys
from gintrainer.app import accept_language, query_params, wait_for_request
wait_for_request()
print(json.dumps({"query": query_params(), "language": accept_language(),
                  "voila": sorted(m for m in sys.modules if m == "voila" or m.startswith("voila."))}))
"""


@contextmanager
def query_server(port: int, paths: list[str]):
    """Voila's side of the query websocket: sends the request's details to the kernel that connects,
    keeping each path asked for."""
    ready = threading.Event()
    stop: asyncio.Future[None] | None = None

    async def answer(websocket):
        paths.append(websocket.request.path)
        await websocket.send(json.dumps(DETAILS))

    async def main():
        nonlocal stop
        stop = asyncio.get_running_loop().create_future()
        async with serve(answer, "127.0.0.1", port):
            ready.set()
            await stop

    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_until_complete, args=(main(),))
    thread.start()
    ready.wait(10)
    try:
        yield
    finally:
        assert stop is not None
        loop.call_soon_threadsafe(stop.set_result, None)
        thread.join(10)


def kernel(environ: dict[str, str]) -> dict:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("VOILA_", "QUERY_", "HTTP_"))}
    done = subprocess.run([sys.executable, "-c", KERNEL_CODE], cwd=ROOT, env={**env, **environ},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_preheated_kernel_hears_its_request_on_the_query_websocket_without_importing_voila():
    port, paths = free_port(), []
    with query_server(port, paths):
        seen = kernel({"VOILA_PREHEAT": "True", "VOILA_APP_IP": "127.0.0.1", "VOILA_APP_PORT": str(port),
                       "VOILA_SERVER_URL": "/", "VOILA_KERNEL_ID": KERNEL})
    assert paths == [f"/voila/query/{KERNEL}"]
    assert seen == {"query": {"profile": "Ann", "lang": "tr"}, "language": "ku,tr;q=0.8", "voila": []}


def test_the_query_websocket_follows_voilas_base_url():
    port, paths = free_port(), []
    with query_server(port, paths):
        seen = kernel({"VOILA_PREHEAT": "True", "VOILA_APP_PORT": str(port), "VOILA_SERVER_URL": "/other/",
                       "VOILA_WS_BASE_URL": "/school/", "VOILA_KERNEL_ID": KERNEL})
    assert paths == [f"/school/voila/query/{KERNEL}"]
    assert seen["query"] == {"profile": "Ann", "lang": "tr"}


def test_a_kernel_that_was_not_preheated_does_not_wait():
    seen = kernel({"QUERY_STRING": "profile=Ben", "VOILA_APP_PORT": "1"})  # no VOILA_PREHEAT: nothing to wait for
    assert seen == {"query": {"profile": "Ben"}, "language": None, "voila": []}


def test_a_preheated_kernel_whose_server_is_gone_runs_the_page_without_the_details():
    seen = kernel({"VOILA_PREHEAT": "True", "VOILA_APP_PORT": str(free_port()), "VOILA_KERNEL_ID": KERNEL})
    assert seen == {"query": {}, "language": None, "voila": []}
