"""The hub's service that prepares a class: before the students come, it starts the named students'
servers through JupyterHub's REST API, has each keep the class's page ready (a kernel that has run the
page up to the moment it needs to know who asks: Voila's preheated kernel, which the user's server keeps
through gintrainer.hub_server, in the class's language), and keeps the servers from the idle culler for
the class's length (their activity told to the hub).

It runs as a service of the hub (deploy/jupyterhub_config.py, ``settings.prepare_service``), with a
token of its own and the scopes ``settings.PREPARE_SCOPES`` and no more. A teacher's page asks it
from its kernel with its server's own hub token (``JUPYTERHUB_API_TOKEN``), which the service has
the hub name (``GET /hub/api/user``): only a teacher's (``GINTRAINER_HUB_TEACHERS``; everyone's when
none is named, as the teacher passphrase is then every server's) is obeyed.

    POST <its url>  {"users": ["kim", "ali"], "page": "lessons/05_knocking_and_gin.ipynb", "minutes": 60,
                     "language": "tr"}
    POST <its url>  {}   (what is prepared)

Answers JSON: ``users`` (each name: ``ready`` once its server waits with the page run, ``starting``, or
what went wrong), ``until``; or ``error`` (with a status of 400 or 403) for what it refused."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import os
import re
import sys
import time
from typing import Any

from tornado import httpclient, web

NAME = re.compile(r"[a-z0-9][a-z0-9._@-]{0,63}")
"""A user name as the hub keeps it (lower case)."""
PAGES = re.compile(r"(lessons(/(?:tr|ku|ps))?/(\d\d_[a-z_]+|first_hand)|puzzles/[a-z_]+|classroom/student"
                   r"|index)\.ipynb")
"""The pages a class can be prepared for (gintrainer.preparing.PAGES, and the landing page the hub opens)."""
MOST_USERS = 60
MINUTES = (5, 240)
ACTIVITY_SECONDS = 120
"""How often the service tells the hub the prepared servers are active, during the class."""
START_SECONDS = 180
LANGUAGE = re.compile(r"[a-z]{2,3}")
"""A language's code as the teacher's page sends it (the user's server checks it is one of the trainer's)."""
PREPARE_PATH = "voila/gintrainer/prepare"
"""Where a user's server prepares a class (gintrainer.preparing.PREPARE_PATH)."""


def teachers(environ: dict[str, str] | os._Environ[str] | None = None) -> set[str]:
    value = (os.environ if environ is None else environ).get("GINTRAINER_HUB_TEACHERS", "")
    return {name.strip() for name in value.split(",") if name.strip()}


def check(asked: object) -> tuple[list[str], str, int, str]:
    """The users, page, minutes and language of a request (what a page sent: checked; English when it names
    no language); ValueError naming what is wrong."""
    if not isinstance(asked, dict):
        raise ValueError("json")
    users, page, minutes = asked.get("users"), asked.get("page"), asked.get("minutes")
    language = asked.get("language", "en")
    if not isinstance(users, list) or not 1 <= len(users) <= MOST_USERS or \
            not all(isinstance(u, str) and NAME.fullmatch(u) for u in users):
        raise ValueError("users")
    if not isinstance(page, str) or not PAGES.fullmatch(page):
        raise ValueError("page")
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not MINUTES[0] <= minutes <= MINUTES[1]:
        raise ValueError("minutes")
    if not isinstance(language, str) or not LANGUAGE.fullmatch(language):
        raise ValueError("language")
    return list(dict.fromkeys(users)), page, minutes, language


class Hub:
    """The hub's REST API with the service's token, and its users' servers through the proxy."""

    def __init__(self, api: str, token: str, public: str):
        self.api, self.token, self.public = api.rstrip("/"), token, public.rstrip("/")
        httpclient.AsyncHTTPClient.configure(None, max_clients=4 * MOST_USERS)  # a class at once, not ten by ten
        self.http = httpclient.AsyncHTTPClient()

    async def call(self, method: str, path: str, body: Any = None, *, token: str | None = None,
                   base: str | None = None) -> tuple[int, Any]:
        request = httpclient.HTTPRequest(
            (base or self.api) + path, method=method, headers={"Authorization": f"token {token or self.token}"},
            body=None if body is None and method == "GET" else json.dumps(body or {}), request_timeout=START_SECONDS,
            connect_timeout=START_SECONDS, allow_nonstandard_methods=True)
        response = await self.http.fetch(request, raise_error=False)
        try:
            found = json.loads(response.body or b"null")
        except ValueError:
            found = response.body.decode(errors="replace")[:200] if response.body else None
        return response.code, found

    async def who(self, token: str) -> str | None:
        """The user whose token this is (a user's server's), or None."""
        code, found = await self.call("GET", "/user", token=token)
        return found.get("name") if code == 200 and isinstance(found, dict) and found.get("kind") == "user" else None

    async def start(self, user: str) -> str:
        """Start ``user``'s server (the user made first if the hub does not know them); ``ready`` once it is."""
        code, _ = await self.call("GET", f"/users/{user}")
        if code == 404:
            code, found = await self.call("POST", f"/users/{user}")
            if code not in (200, 201):
                return f"not made: HTTP {code}"
        code, found = await self.call("POST", f"/users/{user}/server")
        if code not in (201, 202, 400):  # 400: running already
            return f"not started: HTTP {code} {found}"
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            code, found = await self.call("GET", f"/users/{user}")
            server = (found or {}).get("servers", {}).get("", {}) if isinstance(found, dict) else {}
            if server.get("ready"):
                return "ready"
            await asyncio.sleep(1)
        return "starting"

    async def keep_ready(self, user: str, page: str, minutes: int, language: str) -> str:
        """Have ``user``'s server keep ``page`` ready for ``minutes`` (one preheated kernel, its page built
        ahead in ``language``); ``ready`` once the kernel waits for its request."""
        asked = {"page": page, "count": 1, "minutes": minutes, "language": language}
        base = f"{self.public}/user/{user}/"
        code, found = await self.call("POST", PREPARE_PATH, asked, base=base)
        deadline = time.monotonic() + START_SECONDS
        while code == 200 and isinstance(found, dict):
            mine = [p for p in found.get("pages", []) if isinstance(p, dict) and p.get("page") == page]
            if mine and mine[0].get("ready", 0) >= 1:
                return "ready"
            if time.monotonic() > deadline:
                return "starting"
            await asyncio.sleep(1)
            code, found = await self.call("POST", PREPARE_PATH, {}, base=base)
        error = found.get("error") if isinstance(found, dict) else found
        return f"page: HTTP {code} {error}"

    async def active(self, users: list[str]) -> None:
        now = dt.datetime.now(dt.UTC).isoformat().replace("+00:00", "Z")
        await asyncio.gather(*(self.call("POST", f"/users/{u}/activity",
                                         {"last_activity": now, "servers": {"": {"last_activity": now}}})
                               for u in users))


class Prepared:
    """The prepared servers and until when, kept active for the hub's idle culler until then."""

    def __init__(self, hub: Hub):
        self.hub = hub
        self.users: dict[str, str] = {}
        self.until = 0.0
        self.keeping: asyncio.Task[None] | None = None

    async def prepare(self, users: list[str], page: str, minutes: int, language: str = "en") -> None:
        self.until = max(self.until, time.time() + 60 * minutes)
        self.users.update(dict.fromkeys(users, "starting"))
        started = await asyncio.gather(*(self.hub.start(u) for u in users), return_exceptions=True)
        for user, state in zip(users, started, strict=True):
            self.users[user] = state if isinstance(state, str) else f"not started: {type(state).__name__}"
        ready = [u for u in users if self.users[u] == "ready"]
        kept = await asyncio.gather(*(self.hub.keep_ready(u, page, minutes, language) for u in ready),
                                    return_exceptions=True)
        for user, state in zip(ready, kept, strict=True):
            self.users[user] = state if isinstance(state, str) else f"page: {type(state).__name__}"
        if self.keeping is None or self.keeping.done():
            self.keeping = asyncio.get_running_loop().create_task(self.keep())

    async def keep(self) -> None:
        while time.time() < self.until:
            await self.hub.active([u for u, s in self.users.items() if s == "ready"])
            await asyncio.sleep(ACTIVITY_SECONDS)
        self.users.clear()

    def status(self) -> dict[str, Any]:
        return {"users": dict(self.users), "until": self.until if self.users else 0}


class PrepareHandler(web.RequestHandler):
    def initialize(self, prepared: Prepared) -> None:
        self.prepared = prepared

    def check_xsrf_cookie(self) -> None:
        """No cookie speaks for this request: the hub token it carries does."""

    def answer(self, status: int, found: dict[str, Any]) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(found))

    async def post(self) -> None:
        header = self.request.headers.get("Authorization", "")
        token = header.removeprefix("token ").strip() if header.startswith("token ") else ""
        user = await self.prepared.hub.who(token) if token and len(token) < 200 else None
        allowed = teachers()
        if user is None or (allowed and user not in allowed):
            return self.answer(403, {"error": "teacher"})
        try:
            asked = json.loads(self.request.body or b"{}") if len(self.request.body) < 20_000 else None
        except ValueError:
            asked = None
        if asked == {}:
            return self.answer(200, self.prepared.status())
        try:
            users, page, minutes, language = check(asked)
        except ValueError as refused:
            return self.answer(400, {"error": str(refused), "most": MOST_USERS})
        await self.prepared.prepare(users, page, minutes, language)
        return self.answer(200, self.prepared.status())


def main() -> None:
    from urllib.parse import urlparse

    url = urlparse(os.environ["JUPYTERHUB_SERVICE_URL"])
    hub = Hub(os.environ["JUPYTERHUB_API_URL"], os.environ["JUPYTERHUB_API_TOKEN"],
              os.environ["GINTRAINER_HUB_PUBLIC_URL"])
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/")
    prepared = Prepared(hub)
    app = web.Application([(rf"{re.escape(prefix.rstrip('/'))}/?", PrepareHandler, {"prepared": prepared}),
                           (r"/", PrepareHandler, {"prepared": prepared})])
    app.listen(url.port or 80, url.hostname or "127.0.0.1")
    print(f"preparing classes at {url.geturl()}", file=sys.stderr, flush=True)
    asyncio.get_event_loop().run_forever()


if __name__ == "__main__":
    main()
