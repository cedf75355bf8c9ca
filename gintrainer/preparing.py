"""Preparing a class: a page's kernels started and run ahead, before the students come.

The teacher's page names a page (a lesson, the first hand, a trainer, a class set's student page),
a number of students and the class's length; the server then keeps that many more of Voila's
preheated kernels for that notebook (:class:`Preparations`, the bookkeeping; the kernel manager
of :mod:`gintrainer.app` holds them), each having run the page up to the moment it needs to
know who asks (:func:`gintrainer.app.wait_for_request`), with the page's imports done and the
catalogs read ahead (:func:`warm_up`). A student's request takes one; the kernels not taken go
back when the class's time is over.

The teacher's page speaks to the server from its kernel (:func:`ask_server`), over the loopback,
with each request signed with the server's key, which only the server and its kernels have
(:func:`sign`, :func:`is_signed_request`): a browser cannot ask, the teacher's page asks only for
the signed-in teacher, and what the request says is checked again by the server
(:meth:`Preparations.prepare`)."""

from __future__ import annotations

import ast
import contextlib
import hashlib
import hmac
import importlib
import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .words.errors import GinError
from .words.language import LANGUAGES, translations

PREPARE_PATH = "voila/gintrainer/prepare"
"""The server's address for preparing a class (below its ``server_url``)."""
PREPARE_HEADER = "X-Gintrainer-Prepare"
"""The header carrying a request's signature (:func:`sign`)."""
SERVER_URL = "GINTRAINER_SERVER_URL"
"""In the server's environment and so its kernels': where a kernel reaches the server on this machine."""
PAGE = "GINTRAINER_PAGE"
"""In a preheated kernel's environment: the notebook it runs (relative to the site folder)."""
KEY = "GINTRAINER_TEACHER_KEY"
"""The server's key (:data:`gintrainer.app.TEACHER_KEY`)."""
SIGNED_SECONDS = 60
"""How long a signed request holds."""
MOST_STUDENTS = 60
"""The most kernels one preparation holds."""
MINUTES = (5, 240)
"""The shortest and longest a preparation lasts (the class's length), in minutes."""
PAGES = re.compile(r"(lessons(/(?:tr|ku|ps))?/(\d\d_[a-z_]+|first_hand)|puzzles/[a-z_]+|classroom/student"
                   r"|index)\.ipynb")
"""The pages a class can be prepared for: a lesson or the first hand (in a language's folder), a
trainer, the class set's student page, and the landing page (where the hub signs a student in)."""


class PrepareError(GinError):
    """A preparation the server refuses: ``reason`` says which part (``page``, ``count``, ``minutes``,
    ``room``), ``most`` the limit it met."""

    def __init__(self, reason: str, most: int = 0):
        self.reason, self.most = reason, most
        super().__init__(f"refused to prepare: {reason} (most {most})")


@dataclass
class Prepared:
    """One page's preparation: how many kernels are still to hand out, and until when (``time.time()``)."""

    page: str
    count: int
    until: float
    language: str = "en"
    """The language its pages are built in ahead of their requests (the teacher's page's): a student's request
    in another language has the page made again in that one (:func:`gintrainer.widgets.profile.tell_who_asks`)."""


class Preparations:
    """Which pages are prepared, for how many students, until when. ``most``: the most kernels the
    server runs (``max_kernels``), which a preparation must leave room within."""

    def __init__(self, most: int):
        self.most = most
        self.pages: dict[str, Prepared] = {}

    def prepare(self, page: object, count: object, minutes: object, *, running: int, site: Path | None = None,
                now: float | None = None, language: object = None) -> Prepared | None:
        """Prepare ``page`` for ``count`` students for ``minutes`` (what a request said: checked here),
        its pages built ahead in ``language`` (English when None), instead of what it was prepared for
        before; a count of 0 ends its preparation (None).
        ``running``: the server's kernels now (the kernels prepared before among them); ``site``: the
        folder the page must be in. PrepareError for anything else."""
        now = time.time() if now is None else now
        if not isinstance(page, str) or not PAGES.fullmatch(page) or (site is not None and not (site / page).is_file()):
            raise PrepareError("page")
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MOST_STUDENTS:
            raise PrepareError("count", MOST_STUDENTS)
        if isinstance(minutes, bool) or not isinstance(minutes, int) or not MINUTES[0] <= minutes <= MINUTES[1]:
            raise PrepareError("minutes", MINUTES[1])
        if language is not None and language not in LANGUAGES:
            raise PrepareError("language")
        self.expire(now)
        before = self.pages.get(page)
        more = count - (before.count if before else 0)
        if count and running + more > self.most:
            raise PrepareError("room", max(0, self.most - running + (before.count if before else 0)))
        if not count:
            self.pages.pop(page, None)
            return None
        self.pages[page] = Prepared(page, count, now + 60 * minutes, str(language or "en"))
        return self.pages[page]

    def extra(self, page: str | None, now: float | None = None) -> int:
        """The kernels ``page`` is prepared for beyond its pool (voila.json's), until its time is over."""
        found = self.pages.get(page or "")
        return found.count if found and found.until > (time.time() if now is None else now) else 0

    def take(self, page: str | None, now: float | None = None) -> bool:
        """A student's request took one of ``page``'s prepared kernels (False: it was not prepared)."""
        if not self.extra(page, now):
            return False
        found = self.pages[page or ""]
        found.count -= 1
        if not found.count:
            del self.pages[found.page]
        return True

    def expire(self, now: float | None = None) -> list[str]:
        """End the preparations whose time is over; their pages."""
        now = time.time() if now is None else now
        over = [page for page, found in self.pages.items() if found.until <= now]
        for page in over:
            del self.pages[page]
        return over


# -- the signed requests ------------------------------------------------------------------

def _signature(body: bytes, issued: str) -> str | None:
    key = os.environ.get(KEY, "")
    if len(key) < 32:
        return None
    digest = hashlib.sha256(body).hexdigest()
    return hmac.new(key.encode(), f"prepare.{issued}.{digest}".encode(), hashlib.sha256).hexdigest()


def sign(body: bytes, *, now: float | None = None) -> str:
    """The signature of a request's ``body`` made now (``issued.signature``); GinError without the server's key."""
    issued = str(int(time.time() if now is None else now))
    signature = _signature(body, issued)
    if signature is None:
        raise GinError(f"no {KEY} to sign with")
    return f"{issued}.{signature}"


def is_signed_request(body: bytes, header: object, *, now: float | None = None) -> bool:
    """Whether ``header`` signs ``body`` with the server's key, made at most :data:`SIGNED_SECONDS`
    ago; compared in constant time."""
    if not isinstance(header, str) or len(header) > 100:
        return False
    issued, _, signature = header.partition(".")
    if not issued.isdigit() or len(issued) > 12:
        return False
    wanted = _signature(body, issued)
    age = (time.time() if now is None else now) - int(issued)
    return wanted is not None and hmac.compare_digest(signature.encode("ascii", "replace"), wanted.encode()) \
        and -5 <= age <= SIGNED_SECONDS


def server_url(ip: str, port: int, base: str | None) -> str:
    """Where a kernel reaches the server listening on ``ip`` and ``port`` under ``base``."""
    host = "127.0.0.1" if ip in ("", "0.0.0.0", "localhost") else "::1" if ip == "::" else ip
    host = f"[{host}]" if ":" in host else host
    path = "/".join(part for part in (base or "").split("/") if part)
    return f"http://{host}:{port}/{path}/" if path else f"http://{host}:{port}/"


class ServerUnreachable(GinError):
    """The server did not answer a kernel's request (``detail`` says how)."""

    def __init__(self, detail: str):
        self.detail = detail
        super().__init__(f"the server did not answer: {detail}")


def ask_server(payload: dict[str, Any], *, url: str | None = None, timeout: float = 60) -> dict[str, Any]:
    """Send ``payload`` (``{}`` to ask what is prepared) to the server from a page's kernel, signed;
    the server's answer (its ``error`` field says what it refused). ServerUnreachable when it did not
    answer, or the kernel does not know where it is."""
    base = url or os.environ.get(SERVER_URL)
    if not base:
        raise ServerUnreachable("no server")
    body = json.dumps(payload).encode()
    return _post(base.rstrip("/") + "/" + PREPARE_PATH, body, {PREPARE_HEADER: sign(body)}, timeout)


HUB_SERVICE_NAME = "prepare-class"
"""The hub's service that prepares a class (deploy/prepare_class.py): the only one a user's server prepares
a class for (:mod:`gintrainer.hub_server`)."""
HUB_SERVICE = "GINTRAINER_HUB_PREPARE_URL"
"""In a user's server's environment under the hub (deploy/settings.py ``PREPARE_URL``): where the hub's
service that prepares a class listens (deploy/prepare_class.py)."""


def on_hub(environ: dict[str, str] | os._Environ[str] | None = None) -> bool:
    """Whether the page runs on a user's server of the hub that has the service."""
    return bool((os.environ if environ is None else environ).get(HUB_SERVICE))


def ask_hub(payload: dict[str, Any], *, timeout: float = 300) -> dict[str, Any]:
    """Send ``payload`` (``users``, ``page``, ``minutes``; ``{}`` to ask what is prepared) to the hub's
    service, with this server's own hub token, which tells the service whose page asks (only a
    teacher's is obeyed)."""
    url, token = os.environ.get(HUB_SERVICE), os.environ.get("JUPYTERHUB_API_TOKEN")
    if not url or not token:
        raise ServerUnreachable("no hub")
    return _post(url.rstrip("/") + "/", json.dumps(payload).encode(), {"Authorization": f"token {token}"}, timeout)


def _post(url: str, body: bytes, headers: dict[str, str], timeout: float) -> dict[str, Any]:
    import urllib.error
    import urllib.request
    request = urllib.request.Request(url, data=body, method="POST",
                                     headers={"Content-Type": "application/json", **headers})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:  # noqa: S310 - the server's own http URL
            found = json.loads(answer.read(1_000_000))
    except urllib.error.HTTPError as error:
        try:
            found = json.loads(error.read(10_000))
        except ValueError:
            raise ServerUnreachable(f"HTTP {error.code}") from None
    except (OSError, ValueError) as error:
        raise ServerUnreachable(type(error).__name__) from None
    if not isinstance(found, dict):
        raise ServerUnreachable("an answer that is not one")
    return found


# -- in a preheated kernel, before the request ------------------------------------------------------

def page_imports(notebook: Path) -> list[str]:
    """The modules the code cells of ``notebook`` import (``import x``, ``from x import y``), in order."""
    modules: list[str] = []
    try:
        cells = json.loads(notebook.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError):
        return modules
    for cell in cells:
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        try:
            tree = ast.parse("".join(source) if isinstance(source, list) else str(source))
        except SyntaxError:
            continue
        for node in tree.body:
            if isinstance(node, ast.Import):
                modules += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                modules.append(node.module)
                modules += [f"{node.module}.{alias.name}" for alias in node.names]
    return list(dict.fromkeys(modules))


def warm_up(environ: dict[str, str] | os._Environ[str] | None = None) -> list[str]:
    """In a preheated kernel waiting for its request, do ahead what does not depend on who asks: import
    what the page's cells import (``PAGE``, in the kernel's folder, the site's), read every language's
    catalog, and run each imported module's ``prepare_ahead(page)`` (loading what it reads whoever asks).
    The modules imported; nothing fails the page (a module that does not import is for its cell to report)."""
    environ = os.environ if environ is None else environ
    page = environ.get(PAGE, "")
    done: list[str] = []
    if page:
        site = Path.cwd()
        for _ in range(page.count("/")):
            site = site.parent
        for name in page_imports(site / page):
            if not name.startswith("gintrainer"):
                continue
            with contextlib.suppress(ImportError):
                module = importlib.import_module(name)
                done.append(name)
                ahead = getattr(module, "prepare_ahead", None)
                if callable(ahead):
                    with contextlib.suppress(GinError, OSError):
                        ahead(page)
    for lang in LANGUAGES:
        with contextlib.suppress(GinError, OSError):
            translations(lang)
    return done
