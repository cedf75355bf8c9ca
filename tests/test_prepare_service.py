"""The hub's service that prepares a class (deploy/prepare_class.py): it obeys a teacher's page only
(the hub names the token's user), checks what it is asked, starts each named student's server, has it keep
the page ready (a preheated kernel, in the class's language), and keeps the servers active for the class's
length. The hub is played by a stub, and so is a user's server where the service's own call to it is tested."""

from __future__ import annotations

import asyncio
import importlib.util
import json

import pytest
from tornado import httpclient, web

from conftest import ROOT, free_port, run_apart

spec = importlib.util.spec_from_file_location("gintrainer_prepare_class", ROOT / "deploy" / "prepare_class.py")
assert spec is not None and spec.loader is not None
service = importlib.util.module_from_spec(spec)
spec.loader.exec_module(service)

LESSON = "lessons/05_knocking_and_gin.ipynb"


class FakeHub:
    """The hub's answers: who owns each token, and what the service asked of it."""

    def __init__(self) -> None:
        self.owners = {"lee-token": "lee", "kim-token": "kim"}
        self.started: list[str] = []
        self.kept: list[tuple[str, str, int, str]] = []
        self.activity: list[list[str]] = []

    async def who(self, token):
        return self.owners.get(token)

    async def start(self, user):
        self.started.append(user)
        return "ready" if user != "bad" else "not started: HTTP 500"

    async def keep_ready(self, user, page, minutes, language):
        self.kept.append((user, page, minutes, language))
        return "ready"

    async def active(self, users):
        self.activity.append(list(users))


def ask(users=("kim",), page=LESSON, minutes=30, **more):
    return {"users": list(users) if isinstance(users, tuple) else users, "page": page, "minutes": minutes, **more}


@pytest.mark.parametrize("asked, reason", [
    ([], "json"), (ask(()), "users"), (ask(("Kim",)), "users"), (ask(("../x",)), "users"),
    (ask(("kim",) * 61), "users"), (ask("kim"), "users"),
    (ask(page="../voila.json"), "page"), (ask(minutes=1), "minutes"), (ask(minutes=True), "minutes"),
    (ask(language="../en"), "language"), (ask(language=7), "language"), (ask(language="TR"), "language"),
])
def test_what_a_page_asks_is_checked(asked, reason):
    with pytest.raises(ValueError, match=reason):
        service.check(asked)
    assert service.check(ask(("kim", "ali", "kim"), minutes=60)) == (["kim", "ali"], LESSON, 60, "en")
    assert service.check(ask(language="ps")) == (["kim"], LESSON, 30, "ps")


def run_service(hub, body, token, monkeypatch, teachers="lee"):
    monkeypatch.setenv("GINTRAINER_HUB_TEACHERS", teachers)
    monkeypatch.setattr(service, "ACTIVITY_SECONDS", 0.05)

    async def main():
        prepared = service.Prepared(hub)
        app = web.Application([(r"/", service.PrepareHandler, {"prepared": prepared})])
        port = free_port()
        server = app.listen(port, "127.0.0.1")
        try:
            request = httpclient.HTTPRequest(f"http://127.0.0.1:{port}/", method="POST", body=json.dumps(body),
                                             headers={"Authorization": f"token {token}"} if token else {})
            response = await httpclient.AsyncHTTPClient().fetch(request, raise_error=False)
            await asyncio.sleep(0.2)  # the keeper tells the hub the servers are active
            return response.code, json.loads(response.body)
        finally:
            server.stop()
            if prepared.keeping is not None:
                prepared.keeping.cancel()

    return run_apart(main())


def test_a_teachers_page_gets_the_named_students_servers_started_their_page_kept_ready_and_kept(monkeypatch):
    hub = FakeHub()
    code, found = run_service(hub, {"users": ["kim", "ali", "bad"], "page": LESSON, "minutes": 30,
                                    "language": "tr"}, "lee-token", monkeypatch)
    assert code == 200 and found["users"] == {"kim": "ready", "ali": "ready", "bad": "not started: HTTP 500"}
    assert hub.started == ["kim", "ali", "bad"] and hub.kept == [("kim", LESSON, 30, "tr"), ("ali", LESSON, 30, "tr")]
    assert hub.activity and all(sorted(users) == ["ali", "kim"] for users in hub.activity)


@pytest.mark.parametrize("token", ["kim-token", "nobody", ""])
def test_only_a_teachers_page_is_obeyed(monkeypatch, token):
    hub = FakeHub()
    code, found = run_service(hub, {"users": ["kim"], "page": LESSON, "minutes": 30}, token, monkeypatch)
    assert (code, found) == (403, {"error": "teacher"}) and hub.started == []


def test_bad_input_is_refused_with_its_reason(monkeypatch):
    hub = FakeHub()
    code, found = run_service(hub, {"users": ["kim"], "page": "index.json", "minutes": 30}, "lee-token", monkeypatch)
    assert code == 400 and found["error"] == "page" and hub.started == []


def test_a_server_that_fails_to_start_is_said_and_the_others_are_prepared(monkeypatch):
    class Failing(FakeHub):
        async def start(self, user):
            if user == "ali":
                raise TimeoutError
            return await super().start(user)

    hub = Failing()
    code, found = run_service(hub, {"users": ["kim", "ali"], "page": LESSON, "minutes": 30}, "lee-token", monkeypatch)
    assert code == 200 and found["users"] == {"kim": "ready", "ali": "not started: TimeoutError"}
    assert hub.kept == [("kim", LESSON, 30, "en")]


class UserServer(web.RequestHandler):
    """A user's server's address that prepares a class (gintrainer.hub_server): what it was asked, with which
    token; its kernel ready at the second question (the first answer says it is starting)."""

    def initialize(self, seen):
        self.seen = seen

    def check_xsrf_cookie(self):
        pass

    def post(self, user):
        self.seen.append((user, self.request.headers.get("Authorization"), json.loads(self.request.body)))
        if user == "bad":
            self.set_status(400)
            return self.finish({"error": "page"})
        ready = 1 if len([s for s in self.seen if s[0] == user]) > 1 else 0
        self.finish({"pages": [{"page": LESSON, "students": 1, "ready": ready, "starting": 1 - ready}]})


@pytest.mark.parametrize("user, state", [("kim", "ready"), ("bad", "page: HTTP 400 page")])
def test_a_students_server_is_asked_to_keep_the_page_ready_with_the_services_token(monkeypatch, user, state):
    seen = []

    async def main():
        port = free_port()
        server = web.Application([(r"/user/([a-z]+)/voila/gintrainer/prepare", UserServer, {"seen": seen})]).listen(
            port, "127.0.0.1")
        try:
            hub = service.Hub("http://127.0.0.1:1/hub/api", "service-token", f"http://127.0.0.1:{port}")
            return await hub.keep_ready(user, LESSON, 45, "ku")
        finally:
            server.stop()

    assert run_apart(main()) == state
    asked = {"page": LESSON, "count": 1, "minutes": 45, "language": "ku"}
    expected = [(user, "token service-token", asked)] + ([(user, "token service-token", {})] if user == "kim" else [])
    assert seen == expected
