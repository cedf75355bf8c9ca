"""A Voila page driven as a browser drives it, without a browser: the figures are the server's.

The render request (``GET /voila/render/NAME``; Voila executes the notebook while it
answers), the static files the page names (its scripts and style sheets, and the
widget extensions' entry points that Voila's page loads next), the kernel's model
(``GET /api/kernels/ID``), then the kernel's websocket with the ``_xsrf`` cookie the page
set. On it, as Voila 0.5's widget manager (ipywidgets 8's ``KernelWidgetManager``) does:
``kernel_info_request``, then a comm to ``jupyter.widget.control`` and its
``request_states``, answered by ``update_states`` with every widget's state: the
widgets are live then. (ipywidgets 7's protocol, a ``comm_info_request`` for
``jupyter.widget`` and a ``request_state`` per comm, is only its fallback.)

Clicks and values are the comm messages a widget's view sends: ``{method: "custom",
content: {event: "click"}}`` for a Button, ``{method: "update", state: {...}}`` for a
value. :class:`Page` keeps every widget's state as the kernel updates it, and waits for
the updates a click causes. Leaving sends what Voila's page sends on ``beforeunload``:
``POST /voila/api/shutdown/ID`` with the ``_xsrf`` cookie and form field, then closes
the websocket. Every failed request is recorded in :attr:`Page.failures`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import struct
import time
import uuid
from collections.abc import Iterator, Sequence
from html import unescape
from typing import Any
from urllib.parse import urlencode

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

AsyncHTTPClient.configure(None, max_clients=1000)  # a class opens its pages at once: no queue in the client
REQUEST_TIMEOUT = 600.0
WAIT_TIMEOUT = 180.0
MODEL_PREFIX = "IPY_MODEL_"
CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">\s*(\{.*?\})\s*</script>', re.S)
SCRIPT = re.compile(r'<script[^>]*\ssrc="(/[^"]*)"')
STYLE = re.compile(r'<link[^>]*rel="stylesheet"[^>]*href="(/[^"]*)"')
VIEW = re.compile(r'"application/vnd.jupyter.widget-view\+json": \{"model_id": "(\w+)"')


class PageError(Exception):
    """A request or a wait of the page failed (recorded in its failures)."""


class Widget:
    """One widget's model as the page knows it."""

    def __init__(self, model_id: str, state: dict[str, Any]):
        self.id = model_id
        self.state = dict(state)

    @property
    def model(self) -> str:
        return self.state.get("_model_name", "")

    @property
    def classes(self) -> list[str]:
        return list(self.state.get("_dom_classes", ()))

    def __repr__(self) -> str:
        return f"<{self.model} {self.id[:6]} {self.classes}>"


def _shows(state: dict) -> bool:
    """An update that shows something: a text with words, or a box's new parts (a part made when first
    needed, such as a view's status line, comes so)."""
    return bool(state.get("value")) or "children" in state


def message(msg_type: str, content: dict, session: str, channel: str = "shell") -> dict:
    return {"header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session, "username": "",
                       "date": time.strftime("%Y-%m-%dT%H:%M:%S.000000Z", time.gmtime()), "version": "5.3"},
            "parent_header": {}, "metadata": {}, "content": content, "channel": channel, "buffers": []}


def decode(frame: str | bytes) -> dict:
    """A websocket frame of Jupyter Server's JSON protocol: text, or binary with buffers."""
    if isinstance(frame, str):
        return json.loads(frame)
    count = struct.unpack("!I", frame[:4])[0]
    offsets = [*struct.unpack(f"!{count}I", frame[4:4 * (count + 1)]), len(frame)]
    msg = json.loads(frame[offsets[0]:offsets[1]].decode())
    msg["buffers"] = [frame[offsets[i]:offsets[i + 1]] for i in range(1, count)]
    return msg


class Page:
    """One student's page: ``await page.open()``, then read :attr:`widgets`, send clicks
    and values, ``await page.leave()``. Times are ``time.perf_counter()`` seconds."""

    def __init__(self, base: str, address: str, *, headers: dict[str, str] | None = None):
        self.base = base.rstrip("/")
        self.address = address
        self.headers = dict(headers or {})
        self.http = AsyncHTTPClient()
        self.failures: list[str] = []
        self.widgets: dict[str, Widget] = {}
        self.top: list[str] = []
        """The page's outputs' widgets, in the order of the page."""
        self.html = ""
        """The page as the render request answered it."""
        self.kernel_id = ""
        self.xsrf = ""
        self.session = uuid.uuid4().hex
        self.times: dict[str, float] = {}
        self._ws: Any = None
        self._reader: asyncio.Task | None = None
        self._waiters: list[tuple[Any, asyncio.Future]] = []

    # --- requests ---------------------------------------------------------------

    def _fail(self, what: str) -> PageError:
        self.failures.append(f"{self.address}: {what}")
        return PageError(what)

    def _cookies(self) -> dict[str, str]:
        return {"Cookie": f"_xsrf={self.xsrf}"} if self.xsrf else {}

    async def _fetch(self, path: str, **kwargs: Any) -> Any:
        request = HTTPRequest(self.base + path, request_timeout=REQUEST_TIMEOUT, connect_timeout=REQUEST_TIMEOUT,
                              headers={**self.headers, **self._cookies(), **kwargs.pop("headers", {})}, **kwargs)
        try:
            return await self.http.fetch(request)
        except HTTPClientError as error:
            raise self._fail(f"{kwargs.get('method', 'GET')} {path}: HTTP {error.code}") from None
        except Exception as error:  # refused, reset, timed out
            raise self._fail(f"{kwargs.get('method', 'GET')} {path}: {type(error).__name__}: {error}") from None

    async def open(self) -> float:
        """Open the page as a browser does; the seconds from the render request until its
        widgets are live (their states fetched from the kernel)."""
        start = self.times["start"] = time.perf_counter()
        response = await self._fetch(f"/voila/render/{self.address}")
        self.times["page"] = time.perf_counter()
        html = self.html = response.body.decode()
        for cookie in response.headers.get_list("Set-Cookie"):
            if cookie.startswith("_xsrf="):
                self.xsrf = cookie.split(";")[0].split("=", 1)[1]
        found = CONFIG.search(html)
        if not found:
            raise self._fail("no jupyter-config-data in the page")
        config = json.loads(found.group(1))
        self.kernel_id = config["kernelId"]
        self.top = VIEW.findall(html)
        await asyncio.gather(*(self._fetch(unescape(path)) for path in self._assets(html, config)))
        await self._fetch(f"/api/kernels/{self.kernel_id}")
        await self._connect()
        await self._request("kernel_info_request", {})
        await self._load_states()
        live = self.times["live"] = time.perf_counter()
        return live - start

    @staticmethod
    def _assets(html: str, config: dict) -> list[str]:
        """The page's own scripts and style sheets, and each widget extension's entry point."""
        paths = SCRIPT.findall(html) + STYLE.findall(html)
        root = config.get("fullLabextensionsUrl", "/voila/labextensions").rstrip("/")
        for extension in config.get("federated_extensions", ()):
            paths.append(f"{root}/{extension['name']}/{extension['load'].removeprefix('./')}")
        return paths

    async def _connect(self) -> None:
        url = self.base.replace("http", "ws", 1) + f"/api/kernels/{self.kernel_id}/channels?session_id={self.session}"
        request = HTTPRequest(url, headers={**self.headers, **self._cookies()}, connect_timeout=REQUEST_TIMEOUT,
                              request_timeout=REQUEST_TIMEOUT)
        try:
            self._ws = await websocket_connect(request, max_message_size=64 * 1024 * 1024)
        except Exception as error:
            raise self._fail(f"websocket: {type(error).__name__}: {error}") from None
        self._reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        while True:
            frame = await self._ws.read_message()
            if frame is None:
                break
            msg = decode(frame)
            msg["_received"] = time.perf_counter()
            self._apply(msg)
            for waiter in list(self._waiters):
                check, future = waiter
                if not future.done() and check(msg):
                    future.set_result(msg)
                    self._waiters.remove(waiter)
        for _, future in self._waiters:
            if not future.done():
                future.set_exception(PageError("the websocket closed"))

    def _apply(self, msg: dict) -> None:
        """Keep the widgets' states as the kernel changes them."""
        kind, content = msg["header"]["msg_type"], msg.get("content", {})
        if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            self.widgets[content["comm_id"]] = Widget(content["comm_id"], content["data"].get("state", {}))
        elif kind == "comm_msg":
            data = content.get("data", {})
            widget = self.widgets.get(content.get("comm_id", ""))
            if widget is not None and data.get("method") in ("update", "echo_update"):
                widget.state.update(data.get("state", {}))
        elif kind == "comm_close":
            self.widgets.pop(content.get("comm_id", ""), None)

    def _expect(self, check: Any) -> asyncio.Future:
        future = asyncio.get_running_loop().create_future()
        self._waiters.append((check, future))
        return future

    async def _wait(self, future: asyncio.Future, what: str, timeout: float = WAIT_TIMEOUT) -> dict:
        try:
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise self._fail(f"no {what} within {timeout:.0f} s") from None
        except PageError as error:
            raise self._fail(f"{what}: {error}") from None

    def _send(self, msg: dict) -> None:
        if self._ws is None:
            raise self._fail("no websocket")
        self._ws.write_message(json.dumps(msg))

    async def _request(self, msg_type: str, content: dict) -> dict:
        msg = message(msg_type, content, self.session)
        msg_id = msg["header"]["msg_id"]
        reply = self._expect(lambda m: m.get("parent_header", {}).get("msg_id") == msg_id
                             and m["header"]["msg_type"] == msg_type.replace("_request", "_reply"))
        self._send(msg)
        return await self._wait(reply, msg_type.replace("_request", "_reply"))

    async def _load_states(self) -> None:
        comm_id = uuid.uuid4().hex
        opening = message("comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}},
                          self.session)
        opening["metadata"] = {"version": "1.0.0"}
        states = self._expect(lambda m: m["header"]["msg_type"] == "comm_msg"
                              and m["content"].get("comm_id") == comm_id
                              and m["content"].get("data", {}).get("method") == "update_states")
        self._send(opening)
        self._send(message("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}}, self.session))
        reply = await self._wait(states, "update_states")
        for model_id, model in reply["content"]["data"]["states"].items():
            self.widgets[model_id] = Widget(model_id, model["state"])
        self._send(message("comm_close", {"comm_id": comm_id, "data": {}}, self.session))
        if not self.widgets:
            raise self._fail("the kernel sent no widget")

    # --- acting on the widgets ----------------------------------------------------------

    async def act(self, widget: Widget, data: dict, *, shown: Sequence[Widget] = ()) -> tuple[float, float]:
        """Send a widget's comm message; wait until the kernel has handled it. Returns the
        seconds until the first update to one of ``shown`` that shows something arrived (a
        non-empty value, or new parts of a box: the answer on the page; the time until the
        kernel was idle when ``shown`` is empty) and until the kernel was idle again."""
        msg = message("comm_msg", {"comm_id": widget.id, "data": data}, self.session)
        msg_id = msg["header"]["msg_id"]
        watched = {w.id for w in shown}
        seen = self._expect(lambda m: m["header"]["msg_type"] == "comm_msg"
                            and m["content"].get("comm_id") in watched
                            and m["content"].get("data", {}).get("method") == "update"
                            and _shows(m["content"]["data"].get("state", {}))) if watched else None
        idle = self._expect(lambda m: m["header"]["msg_type"] == "status"
                            and m.get("parent_header", {}).get("msg_id") == msg_id
                            and m["content"].get("execution_state") == "idle")
        start = time.perf_counter()
        self._send(msg)
        await self._wait(idle, f"idle after a message to {widget!r}")
        done = time.perf_counter() - start
        if seen is None:
            return done, done
        if not seen.done():
            seen.cancel()
            self._waiters = [w for w in self._waiters if w[1] is not seen]
            raise self._fail(f"nothing shown after a message to {widget!r}")
        return self._shown_at(seen, start), done

    @staticmethod
    def _shown_at(seen: asyncio.Future, start: float) -> float:
        return seen.result()["_received"] - start

    async def click(self, widget: Widget, *, shown: Sequence[Widget] = ()) -> tuple[float, float]:
        return await self.act(widget, {"method": "custom", "content": {"event": "click"}}, shown=shown)

    async def set(self, widget: Widget, **state: Any) -> tuple[float, float]:
        widget.state.update(state)
        return await self.act(widget, {"method": "update", "state": state, "buffer_paths": []})

    def get(self, reference: str) -> Widget:
        return self.widgets[reference.removeprefix(MODEL_PREFIX)]

    def children(self, widget: Widget) -> list[Widget]:
        return [self.get(ref) for ref in widget.state.get("children", ()) if ref.removeprefix(MODEL_PREFIX)
                in self.widgets]

    def shown(self, widget: Widget) -> bool:
        layout = widget.state.get("layout")
        if not layout or layout.removeprefix(MODEL_PREFIX) not in self.widgets:
            return True
        return self.get(layout).state.get("display") != "none"

    def walk(self, roots: list[Widget] | None = None) -> Iterator[Widget]:
        """Every widget on the page in the page's order (depth first)."""
        stack = list(reversed(roots if roots is not None else [self.widgets[i] for i in self.top
                                                                if i in self.widgets]))
        while stack:
            widget = stack.pop()
            yield widget
            stack.extend(reversed(self.children(widget)))

    def find(self, css: str, roots: list[Widget] | None = None) -> list[Widget]:
        return [w for w in self.walk(roots) if css in w.classes]

    # --- leaving ---------------------------------------------------------------------

    async def leave(self) -> None:
        """Leave the page as Voila's page does on ``beforeunload``: the shutdown request
        with the XSRF token, then the websocket closes."""
        if self.kernel_id:
            with contextlib.suppress(PageError):  # recorded in the failures
                await self._fetch(f"/voila/api/shutdown/{self.kernel_id}", method="POST",
                                  body=urlencode({"_xsrf": self.xsrf}),
                                  headers={"Content-Type": "application/x-www-form-urlencoded"})
        if self._ws is not None:
            self._ws.close()
            self._ws = None
        if self._reader is not None:
            try:
                await asyncio.wait_for(self._reader, 10)
            except (TimeoutError, Exception):
                self._reader.cancel()
