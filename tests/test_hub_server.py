"""A user's server under the hub keeps a prepared class's page ready (gintrainer.hub_server): a Jupyter
server started with the users' servers' configuration (deploy/singleuser), its requests signed in with a
token as the hub's are, is asked to prepare a page; its kernel runs the page up to the request, and the
page's request takes it. A request that is not signed in changes nothing."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from conftest import ROOT, free_port, stop_process, wait_until_answering

TOKEN = "hub-server-test-token"
PAGE = "puzzles/best_discard.ipynb"
KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')


def _ask(base: str, body: object, *, token: str | None = TOKEN) -> tuple[int, dict]:
    headers = {"Content-Type": "application/json", **({"Authorization": f"token {token}"} if token else {})}
    request = urllib.request.Request(base + "voila/gintrainer/prepare", data=json.dumps(body).encode(),
                                     method="POST", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        try:
            return refused.code, json.loads(refused.read() or b"{}")
        except ValueError:
            return refused.code, {}


@pytest.fixture(scope="module")
def user_server(tmp_path_factory):
    """A Jupyter server as the hub starts a user's, without the hub: the token stands for its sign-in."""
    folder = tmp_path_factory.mktemp("user-server")
    port = free_port()
    log = folder / "server.log"
    env = {**os.environ, "JUPYTER_CONFIG_PATH": str(ROOT / "deploy" / "singleuser"),
           "GINTRAINER_DATA": str(folder / "data"), "JUPYTER_RUNTIME_DIR": str(folder / "runtime")}
    with log.open("w") as out:
        process = subprocess.Popen([sys.executable, "-m", "jupyter_server", f"--port={port}", "--ip=127.0.0.1",
                                    "--no-browser", f"--IdentityProvider.token={TOKEN}"],
                                   cwd=folder, env=env, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}/"
    try:
        wait_until_answering("the user's server", process, base + "api/status?token=" + TOKEN, log, 120)
        yield base, log
    finally:
        stop_process(process, 10)


def test_a_request_not_signed_in_prepares_nothing(user_server):
    base, _ = user_server
    code, _ = _ask(base, {"page": PAGE, "count": 1, "minutes": 10}, token=None)
    assert code == 403
    code, found = _ask(base, {})
    assert code == 200 and found["pages"] == []


@pytest.mark.parametrize("asked, reason", [({"page": "../voila.json", "count": 1, "minutes": 10}, "page"),
                                            ({"page": PAGE, "count": 1, "minutes": 10, "language": "xx"}, "language"),
                                            ([PAGE], "json")])
def test_bad_input_is_refused_with_its_reason(user_server, asked, reason):
    base, _ = user_server
    code, found = _ask(base, asked)
    assert code == 400 and found["error"] == reason and found.get("pages", []) == []


def test_the_prepared_page_runs_ahead_and_the_request_takes_its_kernel(user_server):
    base, log = user_server
    code, found = _ask(base, {"page": PAGE, "count": 1, "minutes": 10, "language": "en"})
    assert code == 200 and found["pages"][0]["students"] == 1
    deadline = time.monotonic() + 120
    while found["pages"][0]["ready"] < 1:  # its kernel has run the page up to the request
        assert time.monotonic() < deadline, f"the page was not ready in time; see {log}"
        time.sleep(0.5)
        found = _ask(base, {})[1]
    kernels = {kernel["id"] for kernel in json.loads(urllib.request.urlopen(
        base + "api/kernels?token=" + TOKEN, timeout=30).read())}
    with urllib.request.urlopen(f"{base}voila/render/{PAGE}?token={TOKEN}", timeout=120) as answer:
        page = answer.read().decode()
    taken = KERNEL_ID.search(page)
    assert taken is not None and taken.group(1) in kernels  # the kernel that ran before the request
    assert f"Using pre-heated kernel: {taken.group(1)}" in log.read_text()
    assert _ask(base, {})[1]["pages"] == []  # the one student came: nothing left prepared


class HubUser:
    def __init__(self, **hub_user):
        self.hub_user = hub_user


def test_under_the_hub_only_the_service_that_prepares_classes_may_ask():
    from gintrainer.hub_server import asked_by_the_service
    from gintrainer.preparing import HUB_SERVICE_NAME
    assert asked_by_the_service(HubUser(kind="service", name=HUB_SERVICE_NAME))
    assert not asked_by_the_service(HubUser(kind="user", name="kim"))  # a student's own browser
    assert not asked_by_the_service(HubUser(kind="service", name="idle-culler"))
    assert not asked_by_the_service(HubUser(kind="user", name=HUB_SERVICE_NAME))
    assert asked_by_the_service(object()) and not asked_by_the_service(None)  # without the hub: the token's owner
