"""Serving the trainer as a Voila web app, and what its pages need from Voila.

``gintrainer app`` serves the site folder (the landing page ``index.ipynb``,
``lessons/``, ``puzzles/`` and ``voila.json``) in Voila's directory mode, so
links between notebooks work, and points the browser at the landing page.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import contextvars
import copy
import dataclasses
import fnmatch
import functools
import hashlib
import hmac
import ipaddress
import logging
import math
import os
import posixpath
import re
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
import webbrowser
from collections.abc import Collection
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote

from .words.errors import GinError, quoted
from .words.language import LANGUAGES, t, use_language

LANDING = "voila/render/index.ipynb"
TEACHER_LANDING = "voila/render/classroom/teacher.ipynb"
SITE_MARKERS = ("voila.json", "index.ipynb")


def _is_site(folder: Path) -> bool:
    try:
        return all((folder / name).is_file() for name in SITE_MARKERS)
    except OSError:  # a name too long for the system, say: no site there
        return False


def find_root(root: str | os.PathLike[str] | None = None) -> Path:
    """The folder to serve: ``root`` when given, else ``$GINTRAINER_ROOT``, else the
    checkout this package runs from, else the copy of the site installed with it."""
    package = Path(__file__).resolve().parent
    candidates = [Path(root)] if root is not None else []
    if root is None and os.environ.get("GINTRAINER_ROOT"):
        candidates.append(Path(os.environ["GINTRAINER_ROOT"]))
    if root is None:
        candidates += [package.parent, package / "site"]
    for folder in candidates:
        if _is_site(folder):
            return folder.resolve()
    where = ", ".join(quoted(str(c)) for c in candidates)
    raise GinError(f"no trainer site (a folder with voila.json and index.ipynb) at {where}")


SOCKET_PATH_MAX = 107
"""The longest path a Unix socket may have on Linux (its address holds 108 bytes with the end)."""
KERNEL_SOCKET = "/kernel-00000000-0000-0000-0000-000000000000-ipc-99"
"""The longest name a kernel's socket has in Jupyter's runtime folder."""


def kernel_transport(runtime_dir: str | None = None) -> str:
    """How the server speaks to its kernels: through Unix sockets in Jupyter's runtime folder
    ("ipc") where their paths fit, else TCP on the loopback ("tcp"). Under TCP the server picks
    each kernel's ports while they are free and the kernel binds them a moment later: with
    thirty kernels starting at once, another connection can take one in between, that kernel
    dies ("Address already in use"), and Voila's page waits for it for ever (1 page of 630 in a
    run of the class benchmark)."""
    if os.name != "posix":
        return "tcp"
    if runtime_dir is None:
        from jupyter_core.paths import jupyter_runtime_dir
        runtime_dir = jupyter_runtime_dir()
    return "ipc" if len(os.fsencode(runtime_dir + KERNEL_SOCKET)) <= SOCKET_PATH_MAX else "tcp"


TEMPLATES = Path(__file__).resolve().parent / "share"
"""A Jupyter data folder holding the package's Voila template, ``gintrainer`` (voila.json's
``template``): Voila's lab template without its links to a CDN, so that a page asks nothing of
another host."""


def with_templates(environ: dict[str, str]) -> dict[str, str]:
    """``environ`` with :data:`TEMPLATES` first on ``JUPYTER_PATH``, where Voila looks for templates."""
    paths = [str(TEMPLATES), environ.get("JUPYTER_PATH", "")]
    return {**environ, "JUPYTER_PATH": os.pathsep.join(p for p in paths if p)}


def voila_command(root: Path, *, port: int, ip: str) -> list[str]:
    """The command line that serves ``root`` with its voila.json: Voila, started by this module
    so that it finds the package's template (:func:`run_voila`)."""
    return [sys.executable, "-m", "gintrainer.app", "--no-browser", f"--port={port}", f"--Voila.ip={ip}",
            f"--Voila.config_file_paths={root}", f"--KernelManager.transport={kernel_transport()}", str(root)]


def run_voila(argv: list[str]) -> int:
    """Run Voila with ``argv``, the package's template on its path (``python -m gintrainer.app``),
    serving the site's pages and nothing else (:func:`_site_voila`)."""
    os.environ.update(with_templates(dict(os.environ)))
    os.environ.setdefault(TEACHER_KEY, secrets.token_hex(32))  # the server's and its kernels' (see below)
    sys.argv = ["voila", *argv]
    _site_voila().launch_instance()
    return 0


# -- the server's edges: what it answers, and the headers it sends ------------------------

SITE_PAGES = ("index.ipynb", "lessons", "puzzles", "practice", "replays", "classroom")
"""What of the site folder the server answers for (its pages, their files and listings): the landing
page and the folders of pages (setup.py's ``SITE`` but voila.json). The rest of the folder (the
package, the tests, the benchmarks, the deployment, a data folder kept there) answers 404."""


def on_site(path: str, *, hide: tuple[str, ...] = (), listing: bool = False) -> bool:
    """Whether ``path`` (a request's, relative to the site folder) is the landing page or in a
    folder of pages (:data:`SITE_PAGES`), with no part hidden: no dot-name or ``..``, none that
    matches one of ``hide`` (voila.json's ``ContentsManager.hide_globs``). The site folder itself
    is only for a ``listing`` (its entries filtered the same way)."""
    parts = path.strip("/").split("/")
    if parts == [""]:
        return listing
    return parts[0] in SITE_PAGES and all(
        part and not part.startswith(".") and not any(fnmatch.fnmatchcase(part, glob) for glob in hide)
        for part in parts)


HEARTBEAT = "window.voila_heartbeat()"
"""The one inline script Voila writes into a page itself (a line that keeps the connection alive
while a cell runs long, ``voila/handler.py``), which the page's policy allows by its hash."""
_HOST = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:[0-9]{1,5})?")
"""A request's ``Host`` as the policy may name it (anything else is left out of the policy)."""


def content_security_policy(host: str | None = None) -> str:
    """The Content-Security-Policy of every answer of the server: the page may load and run only
    what this server sends, and talk only to it. ``host``: the request's ``Host`` (``127.0.0.1:8866``).

    - ``default-src 'self'``: anything not named below, from this server only.
    - ``script-src 'self' blob:`` and the hash of :data:`HEARTBEAT`: Voila's scripts and the
      widgets' bundles are files of this server; the package's template has no inline script
      (``gintrainer/share/voila/templates/gintrainer``); anywidget runs each of the trainer's script
      widgets (``_esm``) from a ``blob:`` URL it makes of the widget's code, which came from this
      server's kernel (a page cannot make a ``blob:`` without already running a script). No
      ``'unsafe-inline'``, no ``'unsafe-eval'``.
    - ``style-src 'self' 'unsafe-inline'``: unavoidable: JupyterLab's and the widgets' bundles add
      their style sheets as ``<style>`` elements, Voila's template hides the cells with a
      ``style`` attribute until they are rendered, and the trainer's pages style cards and tables in
      ``<style>`` elements and ``style`` attributes of their HTML (without it Chromium refuses
      170 inline styles on the landing page and the first lesson). A style cannot run a script.
    - ``img-src 'self' data:``: Voila's empty page icon and JupyterLab's icons are ``data:`` images.
    - ``font-src 'self'``: the fonts (Font Awesome's, in Voila's bundle) are this server's files.
    - ``connect-src 'self'`` with ``ws://`` and ``wss://`` of the request's host: the kernel's
      websocket and Voila's requests; ``'self'`` alone covers websockets only in newer browsers
      (Chrome 71, Safari 16).
    - ``object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'``: no
      plugin, no ``<base>`` pointing elsewhere, no form sent elsewhere, no framing by another site."""
    digest = base64.b64encode(hashlib.sha256(HEARTBEAT.encode()).digest()).decode()
    sockets = f" ws://{host} wss://{host}" if host and _HOST.fullmatch(host) else ""
    return "; ".join([
        "default-src 'self'",
        f"script-src 'self' blob: 'sha256-{digest}'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        f"connect-src 'self'{sockets}",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'self'",
    ])


REFERRER_POLICY = "same-origin"
"""The Referrer-Policy of every answer: a page's address (its query string names a profile or a
class) is never sent to another site."""


def security_headers(host: str | None = None) -> dict[str, str]:
    """The headers every answer of the server carries (``host``: the request's, see
    :func:`content_security_policy`); a hub's user servers send them without a host
    (deploy/settings.py)."""
    return {"Content-Security-Policy": content_security_policy(host), "Referrer-Policy": REFERRER_POLICY,
            "X-Content-Type-Options": "nosniff"}


def _security_headers() -> type:
    """A Tornado output transform that sets :func:`security_headers` on every answer of the server
    (pages, files, errors), over Jupyter Server's own ``frame-ancestors``-only policy. The cookies'
    ``SameSite`` is voila.json's (``xsrf_cookie_kwargs``, ``IdentityProvider.cookie_options``): a
    transform runs before Tornado writes the cookies."""
    from tornado.web import OutputTransform

    class SecurityHeaders(OutputTransform):
        def __init__(self, request: Any):
            super().__init__(request)
            self.host = request.host

        def transform_first_chunk(self, status_code: int, headers: Any, chunk: bytes, finishing: bool) -> Any:
            headers.update(security_headers(self.host))
            return status_code, headers, chunk

    return SecurityHeaders


def _refuse_off_site(handler: Any, path: str | None, *, listing: bool = False) -> None:
    """Answer 404 unless ``path``, which ``handler`` (a Tornado request handler) was asked for, is
    on the site (:func:`on_site`, with voila.json's ``hide_globs``)."""
    from tornado import web
    hide = tuple(handler.settings["contents_manager"].hide_globs)
    if not on_site(path or "", hide=hide, listing=listing):
        raise web.HTTPError(404)


def _site_entries(handler: Any, model: dict[str, Any]) -> dict[str, Any]:
    """A contents model with, for a folder, only its entries on the site."""
    hide = tuple(handler.settings["contents_manager"].hide_globs)
    if model.get("type") == "directory" and isinstance(model.get("content"), list):
        model["content"] = [item for item in model["content"] if on_site(item["path"], hide=hide)]
    return model


def is_template_file(path: str) -> bool:
    """Whether ``path`` (``/voila/templates/<path>``) names a file in a template's ``static`` folder,
    the only files of a template the server sends (Voila's handler answered 500 for any other)."""
    parts = posixpath.normpath(path).split("/")
    return len(parts) >= 3 and parts[1] == "static" and parts[0] not in ("", ".", "..")


def _site_handlers() -> dict[type, type | None]:
    """Voila's handlers that :func:`_site_voila` replaces (with one that answers 404 off the site)
    or leaves out (None)."""
    from tornado import web
    from voila.static_file_handler import AllowListFileHandler, TemplateStaticFileHandler
    from voila.tornado.contentshandler import VoilaContentsHandler
    from voila.tornado.handler import TornadoVoilaHandler
    from voila.tornado.treehandler import TornadoVoilaTreeHandler

    class SiteContents(VoilaContentsHandler):
        async def get(self, path: str = "") -> None:
            _refuse_off_site(self, path, listing=True)
            await super().get(path)

        def _finish_model(self, model: Any, location: bool = True) -> None:
            super()._finish_model(_site_entries(self, model), location)

    class SitePages(TornadoVoilaHandler):
        async def prepare(self, *, _redirect_to_login: bool = True) -> None:
            # signs the visitor in first, as the error page needs
            await super().prepare(_redirect_to_login=_redirect_to_login)
            _refuse_off_site(self, self.path_args[0] if self.path_args else None)

    class SiteFiles(AllowListFileHandler):
        def prepare(self) -> None:
            _refuse_off_site(self, self.path_args[0] if self.path_args else None)

    class TemplateFiles(TemplateStaticFileHandler):
        def prepare(self) -> None:
            if not is_template_file(self.path_args[0] if self.path_args else ""):
                raise web.HTTPError(404)

    return {TornadoVoilaTreeHandler: None, VoilaContentsHandler: SiteContents, TornadoVoilaHandler: SitePages,
            AllowListFileHandler: SiteFiles, TemplateStaticFileHandler: TemplateFiles}


def _site_voila() -> Any:
    """Voila serving the site's pages and nothing else, with :func:`_security_headers`.

    Answers 404 for: Voila's file tree (``/``, which goes to the landing page instead, and
    ``/voila/tree/...``), which lists the folders' names; any path off the site
    (:func:`on_site`) in ``/voila/api/contents/`` (whose listings keep only the site's entries; the
    teacher's page sends its sign-in there), ``/voila/render/`` and ``/voila/files/``; a template's
    file outside its ``static`` folder (``/voila/templates/lab/index.html.j2`` was a 500); the
    sign-in and sign-out pages of the identity provider (the app has no sign-in: ``/logout`` was a
    500). The pages keep everything they use: ``/voila/render/``, ``/voila/static/``,
    ``/voila/templates/<name>/static/``, ``/voila/labextensions/``, ``/voila/api/themes/``, the
    kernels' websockets, ``/voila/api/shutdown/`` and ``/voila/query/`` (preheated kernels). It adds
    the address the teacher's page prepares a class through (:func:`_prepare_handler`), which answers
    only requests signed with the server's key."""
    from jupyter_server.utils import url_path_join
    from tornado import web
    from voila.app import Voila

    edges = _site_handlers()

    def site_handlers(voila: Any) -> list[Any]:
        sign_in = {spec[1] for spec in voila.identity_provider.get_handlers()}
        handlers = [(url_path_join(voila.server_url, "/?"), web.RedirectHandler,
                     {"url": url_path_join(voila.server_url, LANDING), "permanent": False})]
        for pattern, handler, *options in Voila.init_handlers(voila):
            replaced = edges.get(handler, handler)
            if replaced is not None and handler not in sign_in:
                handlers.append((pattern, replaced, *options))
        return handlers

    class SiteVoila(Voila):

        def start(self) -> None:
            from .preparing import SERVER_URL, server_url
            # before the kernel manager starts the pool's kernels, which inherit it
            os.environ[SERVER_URL] = server_url(self.ip, self.port, self.server_url or self.base_url)
            super().start()

        def init_handlers(self) -> list[Any]:
            from .preparing import PREPARE_PATH
            return [(url_path_join(self.server_url, PREPARE_PATH), _prepare_handler()), *site_handlers(self)]

        def listen(self) -> None:
            self.app.transforms.append(_security_headers())
            super().listen()

    return SiteVoila


_LABEL = r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
HOST_NAME = re.compile(rf"(?=.{{1,253}}\Z){_LABEL}(\.{_LABEL})*\.?")
"""A host name as DNS spells it: labels of letters, digits and inner hyphens, 253 characters at most."""


def check_address(ip: object) -> str:
    """``ip`` (``gintrainer app --ip``) when the server can listen on it: an IPv4 or IPv6 address
    of this machine (``0.0.0.0`` or ``::`` for all of them), or a host name that resolves to one
    (``localhost``); else GinError naming it. Voila would serve on every address for an empty one
    and print a traceback for one it cannot listen on."""
    refused = GinError(t("--ip must be an address of this machine (such as 127.0.0.1, or 0.0.0.0 for a classroom) "
                         "or a name of it (such as localhost), not {ip}", ip=quoted(ip)))
    if not isinstance(ip, str):
        raise refused
    try:
        family_of = ipaddress.ip_address(ip)
    except ValueError:
        # Digits and dots that are no address (999.1.1.1; 10.1 the resolver would read as 10.0.0.1) are
        # refused as they are, not looked up as a name.
        if not HOST_NAME.fullmatch(ip) or all(part.isdigit() for part in ip.rstrip(".").split(".")):
            raise refused from None
        family_of = None
    if family_of is not None and family_of.is_unspecified:
        return ip
    try:
        found = socket.getaddrinfo(ip, None, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError):
        raise refused from None
    for family, kind, proto, _, address in found:
        with contextlib.suppress(OSError), socket.socket(family, kind, proto) as probe:
            probe.bind((address[0], 0, *address[2:]))  # any free port: is the address this machine's?
            return ip
    raise refused


def landing_url(port: int, ip: str = "localhost") -> str:
    host = "localhost" if ip in ("0.0.0.0", "::", "") else f"[{ip}]" if ":" in ip else ip
    return f"http://{host}:{port}/{LANDING}"


def compile_package() -> bool:
    """Compile the package's modules to bytecode where it is missing or stale, as pip does
    when it installs a package, so that each page's kernel loads them instead of compiling
    them again: a lesson page's imports take about 0.2 s of CPU from source against 0.06 s
    from bytecode, in each of a class's 30 kernels. Kernels would write it themselves, except where
    ``PYTHONDONTWRITEBYTECODE`` is set or the folder is read-only. False when some module
    could not be compiled (an unwritable folder: an installed copy already has it)."""
    import compileall
    with contextlib.suppress(OSError):
        return bool(compileall.compile_dir(str(Path(__file__).resolve().parent), quiet=2))
    return False


def serve(*, root: str | os.PathLike[str] | None = None, port: int = 8866, ip: str = "localhost",
          open_browser: bool = True, teacher_passphrase: str | None = None) -> int:
    """Serve the app until interrupted; returns Voila's exit status. ``teacher_passphrase``
    (else ``$GINTRAINER_TEACHER_PASSPHRASE``, which it sets for the server and its
    kernels) starts the app for a class: the teacher's pages ask for it.

    The profiles are open (:data:`PROFILES_SHARED` set to 0 for the server and its kernels)
    only for one learner on this computer: on the loopback (``localhost``), not for a class,
    and ``$GINTRAINER_SHARED`` not set to 1; else each profile opens with its PIN."""
    if isinstance(port, bool) or not isinstance(port, int) or not 1 <= port <= 65535:
        raise GinError(f"the port must be a number from 1 to 65535, not {port!r}")
    check_address(ip)
    env = dict(os.environ)
    if teacher_passphrase is not None:
        if not teacher_passphrase.strip():
            raise GinError(t("the teacher passphrase cannot be blank"))
        env[TEACHER_PASSPHRASE] = teacher_passphrase
    alone = is_loopback(ip) and not for_a_class(env) and env.get(PROFILES_SHARED, "0") == "0"
    env[PROFILES_SHARED] = "0" if alone else "1"
    folder = find_root(root)
    url = landing_url(port, ip)
    print(f"Serving the Gin Rummy trainer from {folder}\nOpen {url}", flush=True)
    print(mode_line(env), flush=True)
    if for_a_class(env):
        print(t("For a class: the teacher's pages ask for the teacher passphrase ({url}).",
                url=url.replace(LANDING, TEACHER_LANDING)), flush=True)
    compile_package()
    process = subprocess.Popen(voila_command(folder, port=port, ip=ip), cwd=folder, env=env)
    with stopped_by_signals() as stop:
        try:
            if open_browser:
                with contextlib.suppress(Exception):  # no browser on this machine: the URL is printed above
                    webbrowser.open(url)
            return process.wait()
        except (StopServing, KeyboardInterrupt):
            stop_voila(process)
            return 0 if stop.asked else process.returncode


STOP_SIGNALS = ("SIGTERM", "SIGINT", "SIGHUP")
"""The signals that stop ``gintrainer app``: it stops its Voila server (which shuts its kernels down), then
exits. Left to their default, SIGTERM and SIGHUP would end the command alone, its server and kernels still
serving the port."""
STOP_WAIT = 20.0
"""Seconds Voila may take to stop (it gives each kernel up to five seconds to end) before it is killed; its
kernels then end within a second or so (each polls its parent process, as jupyter_client starts them)."""


class StopServing(Exception):
    """Raised in ``serve`` by the first stop signal (:data:`STOP_SIGNALS`): not an error, a request to stop."""


@dataclasses.dataclass
class _Stop:
    asked: bool = False
    """Whether a stop signal came."""


@contextlib.contextmanager
def stopped_by_signals() -> Any:
    """Within the block, the first of :data:`STOP_SIGNALS` raises :class:`StopServing` (later ones are
    ignored: the server is already stopping); the signals' handlers as before after it. Only the main
    thread can set handlers: elsewhere the block runs as it is."""
    stop = _Stop()
    if threading.current_thread() is not threading.main_thread():
        yield stop
        return

    def on_signal(signum: int, _frame: object) -> None:
        if not stop.asked:
            stop.asked = True
            raise StopServing(signal.Signals(signum).name)

    names = [name for name in STOP_SIGNALS if hasattr(signal, name)]
    before = {name: signal.signal(getattr(signal, name), on_signal) for name in names}
    try:
        yield stop
    finally:
        for name, handler in before.items():
            signal.signal(getattr(signal, name), handler)


def stop_voila(process: subprocess.Popen[bytes], wait: float = STOP_WAIT) -> None:
    """Ask the Voila server to stop (SIGTERM: it shuts its kernels down, then exits); kill it if it has not
    within ``wait`` seconds."""
    if process.poll() is None:
        process.terminate()
    try:
        process.wait(wait)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


# -- for the Voila server ------------------------------------------------------

IDENTITY_PROVIDER = "PageIdentityProvider"
"""The identity provider voila.json gives the server (``Voila.identity_provider_class``)."""


def _page_identity_provider() -> type:
    """Jupyter Server's password identity provider, which also gives a browser opening a
    notebook page the ``_xsrf`` cookie.

    Voila's page sends the kernel's shutdown request on leaving with the value of that cookie
    as its XSRF token, but a page handler never reads ``xsrf_token`` (the only thing that sets
    the cookie) before it starts streaming the page, so the browser had no cookie, the request
    was refused with a 403 and every left page kept its kernel (voila-dashboards/voila#1458).
    The identity provider runs before any handler writes, so reading the token here sets the
    cookie on the page's response; XSRF checking stays on and the request passes it.

    It also signs the teacher in for the browser's session (:func:`sign_in_teacher`)."""
    from jupyter_core.utils import ensure_async
    from jupyter_server.auth.identity import PasswordIdentityProvider
    from voila.handler import VoilaHandler

    os.environ.setdefault(TEACHER_KEY, secrets.token_hex(32))  # before the server starts a kernel

    class PageIdentityProvider(PasswordIdentityProvider):
        async def get_user(self, handler: Any) -> Any:
            user = await ensure_async(super().get_user(handler))
            if user is not None:
                sign_in_teacher(handler, page=isinstance(handler, VoilaHandler))
                sign_in_learner(handler, page=isinstance(handler, VoilaHandler))
                name_client(handler, page=isinstance(handler, VoilaHandler))
            if user is not None and isinstance(handler, VoilaHandler) and handler.request.method == "GET":
                handler.current_user = user  # as the handler's prepare() sets it next: the cookie's lifetime reads it
                _ = handler.xsrf_token  # sets the cookie when the browser has none
                admit_page(handler)  # last: a refused page is finished here
            return user

    return PageIdentityProvider


def sign_in_teacher(handler: Any, *, page: bool) -> None:
    """The server's half of the teacher's sign-in, for one request (``handler``, a Tornado
    request handler; ``page``: a request for a page, whose headers its kernel reads).

    A request carrying a valid ticket (:data:`TICKET_HEADER`, made by a teacher's page
    once the passphrase was typed there: :func:`teacher_ticket`) gets the teacher cookie,
    signed with the server's key, for the browser's session: HttpOnly (no script reads it),
    SameSite=Strict (no other site's link or form sends it), Secure over HTTPS. On a page's
    request, the header :data:`TEACHER_HEADER` is what the cookie says, whatever the browser
    sent in it; voila.json hands that header to the page's kernel, which checks its
    signature (:func:`teacher_signed_in`)."""
    headers = handler.request.headers
    ticket = headers.get(TICKET_HEADER)
    if ticket and is_signed(TICKET, ticket, TICKET_SECONDS):
        handler.set_cookie(TEACHER_COOKIE, signed(TEACHER_COOKIE), httponly=True, samesite="Strict",
                           secure=handler.request.protocol == "https")
    if page:
        _cookie_to_kernel(handler, TEACHER_COOKIE, TEACHER_HEADER)


def _cookie_to_kernel(handler: Any, cookie: str, header: str) -> None:
    """On a page's request, the header ``header`` (which voila.json hands the page's kernel) is what the
    cookie ``cookie`` says, whatever the browser sent in that header."""
    headers = handler.request.headers
    if header in headers:
        del headers[header]
    value = handler.get_cookie(cookie)
    if value:
        headers[header] = value


def sign_in_learner(handler: Any, *, page: bool) -> None:
    """The server's half of a learner's sign-in to their profile on a shared server, as
    :func:`sign_in_teacher` does the teacher's: a request carrying a valid learner ticket
    (:data:`LEARNER_TICKET_HEADER`, made by a page once the profile's PIN was typed there:
    :func:`learner_ticket`) gets the learner cookie for the browser's session, naming that
    profile (a ticket for :data:`SIGN_OUT` clears it); a page's request hands the cookie to its
    kernel in :data:`LEARNER_HEADER`."""
    headers = handler.request.headers
    ticket = headers.get(LEARNER_TICKET_HEADER)
    if ticket:
        key, _, value = ticket.partition("~")
        if not (_SIGN_IN_KEY.fullmatch(key) and is_signed(f"{LEARNER_TICKET}:{key}", value, TICKET_SECONDS)):
            pass
        elif key == SIGN_OUT:
            handler.clear_cookie(LEARNER_COOKIE)
        else:
            handler.set_cookie(LEARNER_COOKIE, f"{key}~{signed(f'{LEARNER_COOKIE}:{key}')}", httponly=True,
                               samesite="Strict", secure=handler.request.protocol == "https")
    if page:
        _cookie_to_kernel(handler, LEARNER_COOKIE, LEARNER_HEADER)


def __getattr__(name: str) -> type:
    # The classes are built when the server imports them, so that a page's kernel, which imports this
    # module, does not import Jupyter Server.
    if name == IDENTITY_PROVIDER:
        return _page_identity_provider()
    if name == KERNEL_MANAGER:
        return _page_kernel_manager()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# -- how many kernels ------------------------------------------------------------------

KERNEL_MANAGER = "PageKernelManager"
"""The kernel manager voila.json gives the server (``VoilaConfiguration.multi_kernel_manager_class``)."""
MAX_KERNELS_ENV = "GINTRAINER_MAX_KERNELS"
MAX_CLIENT_KERNELS_ENV = "GINTRAINER_MAX_KERNELS_PER_CLIENT"
DEFAULT_MAX_KERNELS = 80
"""The most page kernels a server runs at once (``PageKernelManager.max_kernels``, else
``$GINTRAINER_MAX_KERNELS``). A student page's kernel takes 58 MB (RSS, median; 42 MB PSS;
bench/bench_kernel_caps.py): 80 take about 4.6 GB, and hold a class of 30 with two pages open each,
the teacher's pages and the preheated pool."""
DEFAULT_MAX_CLIENT_KERNELS = 6
"""The most page kernels one client (one address) has at once (``PageKernelManager.max_kernels_per_client``,
else ``$GINTRAINER_MAX_KERNELS_PER_CLIENT``; 0: no limit, for clients behind one address): a
student's few tabs, and the pages just left, whose kernels are shutting down."""
SERVERS_OWN = frozenset({"127.0.0.1", "::1"})
"""The addresses of the server's own machine, which the limit per client does not hold: the
learner at home, the teacher at the server, a class simulated on one machine (bench/bench_class.py).
Behind a proxy on the same machine, list it in ``GINTRAINER_TRUSTED_PROXIES``, or every client
is the proxy's address."""
RETRY_SECONDS = 30
"""The ``Retry-After`` of a refused page."""
FIRST_CONNECTION_SECONDS = 180
"""How long a page's kernel, handed to the page's request (started for it or taken from a pool), waits for
the page to connect before the idle culler may take it. The culler takes a kernel idle for its timeout with
no connection (voila.json: 60 s), which is how a tab that vanished goes; but under load a page can take
longer than that from its kernel's last output to its connection: 30 students signing in to a prepared hub
at once on two cores, a page connected 72 s after its kernel's last output, 0.2 s after the culler took it
(bench/bench_hub.py, December 2026)."""
PREPARED_CHECK_SECONDS = 5.0
"""How often the server looks for prepared classes whose time is over."""


def _limit(name: str, default: int) -> int:
    """A limit of the environment (a whole number from 0), else ``default``."""
    value = os.environ.get(name, "").strip()
    return int(value) if value.isdigit() and len(value) < 7 else default


class Reservation:
    """A kernel a page's request may start, counted for its client until the kernel is running
    (:meth:`KernelSlots.claim`) or the request ended without one (:meth:`KernelSlots.release`)."""

    def __init__(self, client: str):
        self.client = client
        self.done = False


class KernelSlots:
    """Which client each page kernel is for, and whether another may start: at most
    ``per_server`` kernels in all (the preheated ones too) and ``per_client`` for one client
    (0: no limit; none for the server's own machine, :data:`SERVERS_OWN`), counting the ones
    being started. A kernel that ended (shut down, culled, dead) no longer counts: the live
    kernels are given at each :meth:`admit`."""

    def __init__(self, per_client: int, per_server: int):
        self.per_client, self.per_server = per_client, per_server
        self.unlimited = SERVERS_OWN
        self.owners: dict[str, str] = {}
        self.pending: dict[str, int] = {}

    def admit(self, client: str, live: Collection[str]) -> Reservation | str:
        """A reservation for a kernel for ``client``, or why not: "client" (it has its most),
        "server" (the server has its most). ``live``: the ids of the server's running kernels."""
        live = set(live)
        self.owners = {kernel: owner for kernel, owner in self.owners.items() if kernel in live}
        if len(live) + sum(self.pending.values()) >= self.per_server:
            return "server"
        if self.per_client and client not in self.unlimited and self.count(client) >= self.per_client:
            return "client"
        self.pending[client] = self.pending.get(client, 0) + 1
        return Reservation(client)

    def count(self, client: str) -> int:
        """The kernels of ``client``, running or being started."""
        return sum(owner == client for owner in self.owners.values()) + self.pending.get(client, 0)

    def claim(self, reservation: Reservation, kernel_id: str) -> None:
        """The reserved kernel is ``kernel_id``, running for the reservation's client."""
        self.release(reservation)
        self.owners[kernel_id] = reservation.client

    def release(self, reservation: Reservation) -> None:
        """End the reservation, if it has not ended yet."""
        if not reservation.done:
            reservation.done = True
            left = self.pending.get(reservation.client, 0) - 1
            if left > 0:
                self.pending[reservation.client] = left
            else:
                self.pending.pop(reservation.client, None)


_reservation: contextvars.ContextVar[Reservation | None] = contextvars.ContextVar("gintrainer_reservation",
                                                                                    default=None)
"""The reservation of the page's request being served (a request runs in one asyncio task)."""


def admit_page(handler: Any) -> None:
    """On a page's request (``handler``, Voila's page handler), reserve its kernel for the
    client or refuse the page: 429 when the client has its most kernels, 503 when the server
    has, with a page in the browser's language saying so. The reservation ends when the request does."""
    manager = handler.kernel_manager
    slots = getattr(manager, "kernel_slots", None)
    if handler.request.method != "GET" or not isinstance(slots, KernelSlots):
        return
    client = request_client_address(handler.request)
    found = slots.admit(client, manager.list_kernel_ids())
    if isinstance(found, Reservation):
        _reservation.set(found)
        finish = handler.on_finish

        def on_finish() -> None:
            slots.release(found)
            finish()

        handler.on_finish = on_finish
        return
    limit = slots.per_client if found == "client" else slots.per_server
    handler.log.warning("page %s refused to %s: %s has its most kernels (%d)", handler.request.path, client,
                        "the client" if found == "client" else "the server", limit)
    handler.clear()
    handler.set_status(429 if found == "client" else 503)
    handler.set_header("Content-Type", "text/html; charset=UTF-8")
    handler.set_header("Cache-Control", "no-store")
    handler.set_header("Retry-After", str(RETRY_SECONDS))
    handler.finish(refusal_page(found, limit, handler.request.headers.get("Accept-Language")))


def refusal_page(why: str, limit: int, accept: str | None) -> str:
    """The page a browser gets instead of a page beyond a limit (``why``: "client" or "server",
    see :meth:`KernelSlots.admit`), in the language its ``Accept-Language`` prefers."""
    from html import escape

    from .words.language import choose_language, in_language, text_direction
    with in_language(choose_language(accept=accept)) as lang:
        title = t("Too many pages are open")
        if why == "client":
            reason = t("This computer already has {count} pages of the trainer open, the most one computer may "
                       "have: close one of them, then reload this page.", count=limit)
        else:
            reason = t("The server already runs {count} pages, the most it can: wait a minute, then reload "
                       "this page.", count=limit)
        direction = text_direction(lang)
    return (f'<!DOCTYPE html>\n<html lang="{lang}" dir="{direction}"><head><meta charset="utf-8">'
            f"<title>{escape(title)}</title></head><body><h1>{escape(title)}</h1><p>{escape(reason)}</p>"
            "</body></html>\n")


def _claiming(hand_over: Any) -> Any:
    """Voila's ``get_rendered_notebook``, the preheated kernel it hands over made the request's client's
    (and counted off its page's preparation, if any, before Voila fills the pool again)."""
    @functools.wraps(hand_over)
    async def get_rendered_notebook(self: Any, *args: Any, **kwargs: Any) -> Any:
        self.preparations.take(kwargs.get("notebook_name", args[0] if args else None))
        found = await hand_over(self, *args, **kwargs)
        self._claim(found[2])  # (render task, rendered cells, kernel id)
        self.handed_over(found[2])
        return found
    return get_rendered_notebook


def _filling(fill: Any) -> Any:
    """Voila's ``fill_if_needed``, which keeps a notebook's pool full: the pool's size is voila.json's
    and the kernels the page is prepared for (:mod:`gintrainer.preparing`), and each kernel knows
    its notebook (``GINTRAINER_PAGE``: what it can do ahead)."""
    from .preparing import PAGE

    @functools.wraps(fill)
    def fill_if_needed(self: Any, delay: float | None = None, notebook_name: str | None = None,
                       extra_kernel_env_variables: dict[str, str] | None = None, **kwargs: Any) -> None:
        self._size_pool(notebook_name)
        extra = {**(extra_kernel_env_variables or {}), PAGE: notebook_name or ""}
        prepared = self.preparations.pages.get(notebook_name or "")
        if prepared is not None:
            extra[AHEAD_LANGUAGE] = prepared.language
        fill(self, delay, notebook_name, extra, **kwargs)
    return fill_if_needed


MB = 1024 * 1024


def kernel_rss(manager: Any, kernel_id: str) -> int:
    """The resident memory of a kernel's process, in bytes (0 where it cannot be read)."""
    with contextlib.suppress(Exception):
        provisioner = manager.get_kernel(kernel_id).provisioner
        pid = getattr(provisioner, "pid", None) or provisioner.process.pid
        for line in Path(f"/proc/{int(pid)}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


async def prepare_answer(manager: Any, body: bytes) -> tuple[int, dict[str, Any]]:
    """What the server answers a request to prepare a class (``body``: a JSON object, ``page``, ``count``,
    ``minutes``, ``language``; empty: only what is prepared) whose sender it trusts: its status and what is
    prepared (``pages``) or what was refused (``error``, 400). ``manager``: the page kernel manager."""
    import json

    from .preparing import PrepareError

    if not hasattr(manager, "_pools"):
        return 400, {"error": "preheat"}
    try:
        asked = json.loads(body or b"{}") if len(body) <= 10_000 else None
    except ValueError:
        asked = None
    if not isinstance(asked, dict):
        return 400, {"error": "json"}
    try:
        if asked:
            await manager.prepare_class(asked.get("page"), asked.get("count"), asked.get("minutes"),
                                        asked.get("language"))
    except PrepareError as refused:
        # with what is prepared: the teacher's line shows it, not what it showed before
        return 400, {"error": refused.reason, "most": refused.most, **manager.prepared_status()}
    return 200, manager.prepared_status()


def _prepare_handler() -> type:
    """The server's address for the teacher's page to prepare a class (:mod:`gintrainer.preparing`):
    a POST of a JSON object (:func:`prepare_answer`), signed with the server's key (403 otherwise)."""
    import json

    from tornado import web

    from .preparing import PREPARE_HEADER, is_signed_request

    class PrepareHandler(web.RequestHandler):
        def check_xsrf_cookie(self) -> None:
            """No cookie speaks for this request: its signature does (checked in :meth:`post`)."""

        def answer(self, status: int, found: dict[str, Any]) -> None:
            self.set_status(status)
            self.set_header("Content-Type", "application/json")
            self.set_header("Cache-Control", "no-store")
            self.finish(json.dumps(found))

        async def post(self) -> None:
            body = self.request.body
            if len(body) > 10_000 or not is_signed_request(body, self.request.headers.get(PREPARE_HEADER)):
                log.warning("a request to prepare a class from %s without the server's signature: refused",
                            request_client_address(self.request))
                return self.answer(403, {"error": "signature"})
            self.answer(*await prepare_answer(self.settings["kernel_manager"], body))

    return PrepareHandler


DISCARDED = logging.Logger("gintrainer.app.discarded", logging.CRITICAL + 1)
"""Where the render of a page in a kernel given back logs: nowhere (:func:`stop_render`). Made, not
registered with ``logging.getLogger``: a logging configuration (the server's, at its start) re-enables
the loggers it finds."""
DISCARDED.addHandler(logging.NullHandler())
DISCARDED.propagate = False


class _NoMoreCells:
    """A page's executor (nbclient's, Voila's ``VoilaExecutor``) that runs no more cells: Voila's
    renderer stops at the ``TimeoutError`` of the next one; the rest is the executor's."""

    def __init__(self, executor: Any):
        self._executor = executor

    def __getattr__(self, name: str) -> Any:
        return getattr(self._executor, name)

    async def execute_cell(self, *_args: Any, **_kwargs: Any) -> Any:
        raise TimeoutError("the kernel is given back")


async def stop_render(renderer: Any, task: asyncio.Task[Any], wait: float = 10) -> None:
    """Stop the render of a preheated kernel's page (Voila's ``NotebookRenderer`` and its task) before
    the kernel is shut down, as a normal event: cancelled, the cell that waits for the request ends in
    nbclient's DeadKernelError, which Voila logs with its traceback, and so does each cell after it once
    the kernel is gone (some 9 tracebacks for each kernel a Release gave back). Here the renderer and its
    executor log nowhere, and the renderer runs no cell after the one cancelled; the task is waited for
    (``wait`` seconds at most)."""
    if renderer is not None:
        renderer.log = DISCARDED
        executor = getattr(renderer, "executor", None)
        if executor is not None:
            executor.log = DISCARDED
            renderer.executor = _NoMoreCells(executor)
    task.cancel()
    with contextlib.suppress(BaseException):
        await asyncio.wait_for(task, wait)


class PreparedPools:
    """What the page kernel manager (:func:`_page_kernel_manager`) adds to Voila's pools of preheated
    kernels for a prepared class (:mod:`gintrainer.preparing`): a page's pool holds voila.json's size
    and the kernels the page is prepared for, until the class's time is over, when the kernels not
    taken are shut down. Mixed into the kernel manager, whose ``kernel_pools_config``, ``_pools``
    (Voila's), ``fill_if_needed``, ``list_kernel_ids`` and ``shutdown_kernel`` it uses."""

    preparations: Any
    _pool_config: dict[str, Any]
    _watching: asyncio.Task[None] | None
    _handed_over: dict[str, float]
    max_kernels: int
    log: Any
    list_kernel_ids: Any
    fill_if_needed: Any

    def start_preparing(self) -> None:
        """Nothing prepared yet; voila.json's pools kept as they are."""
        from .preparing import Preparations
        self.preparations = Preparations(self.max_kernels)
        self._pool_config = copy.deepcopy(dict(getattr(self, "kernel_pools_config", {})))
        self._watching = None
        self._handed_over = {}

    def handed_over(self, kernel_id: str, now: float | None = None) -> None:
        """``kernel_id`` now serves a page's request: the culler leaves it until the page connects, for up to
        :data:`FIRST_CONNECTION_SECONDS`."""
        self._handed_over[kernel_id] = time.monotonic() if now is None else now

    def notify_connect(self, kernel_id: str) -> None:
        """Jupyter Server's count of a kernel's connections; the page has connected to its kernel."""
        getattr(self, "_handed_over", {}).pop(kernel_id, None)
        parent: Any = super()
        parent.notify_connect(kernel_id)

    def _waits_for_its_page(self, kernel_id: str, now: float | None = None) -> bool:
        """Whether ``kernel_id`` was handed to a page that has not connected yet, within its time; forgets the
        kernels whose time is over."""
        now = time.monotonic() if now is None else now
        handed = getattr(self, "_handed_over", {})
        for over in [k for k, at in handed.items() if now - at >= FIRST_CONNECTION_SECONDS]:
            del handed[over]
        return kernel_id in handed

    def _size_pool(self, page: str | None) -> None:
        """Set ``page``'s pool to voila.json's size and the kernels it is prepared for."""
        pools = getattr(self, "kernel_pools_config", None)
        if pools is None or page is None:
            return
        default = self._pool_config.get("default", {})
        own = self._pool_config.get(page)
        extra = self.preparations.extra(page)
        if extra:
            base = own or default
            pools[page] = {**base, "pool_size": base.get("pool_size", default.get("pool_size", 1)) + extra}
        elif own is not None:
            pools[page] = copy.deepcopy(own)
        else:
            pools.pop(page, None)

    def _pool_size_wanted(self, page: str) -> int:
        self._size_pool(page)
        pools = getattr(self, "kernel_pools_config", {})
        default = pools.get("default", {})
        return int(pools.get(page, default).get("pool_size", default.get("pool_size", 1)))

    def _running(self) -> int:
        """The kernels running or being started (the pools' among them)."""
        starting = sum(not item.done() for pool in getattr(self, "_pools", {}).values() for item in pool)
        return len(self.list_kernel_ids()) + starting

    async def prepare_class(self, page: object, count: object, minutes: object, language: object = None) -> None:
        """Hold ``count`` kernels of ``page`` ready for ``minutes``, its page built ahead in ``language``
        (PrepareError for what cannot be)."""
        self.preparations.prepare(page, count, minutes, running=self._running(),
                                  site=Path(getattr(self, "root_dir", ".")), language=language)
        assert isinstance(page, str)
        self._shrink(page)
        self.fill_if_needed(delay=0, notebook_name=page)
        if self._watching is None or self._watching.done():
            self._watching = asyncio.get_running_loop().create_task(self._watch())
        self.log.info("prepared %s for %s students for %s minutes", page, count, minutes)

    def _shrink(self, page: str) -> None:
        """Shut down the kernels of ``page``'s pool beyond what it should hold now (the newest first)."""
        pool = getattr(self, "_pools", {}).get(page, [])
        wanted = self._pool_size_wanted(page)
        while len(pool) > wanted:
            asyncio.get_running_loop().create_task(self._discard(pool.pop()))

    async def _discard(self, item: Any) -> None:
        """Shut down a pool's kernel the class did not take: its page's render stopped first, quietly
        (:func:`stop_render`), and then the kernel, which waits for its request: no reply to wait for."""
        manager: Any = self
        try:
            found = await item
        except Exception:  # noqa: BLE001 - a kernel that did not start: nothing to shut down
            return
        await stop_render(found.get("renderer"), found["task"])
        with contextlib.suppress(Exception):
            await manager.shutdown_kernel(found["kernel_id"], now=True)

    async def cull_kernel_if_idle(self, kernel_id: str) -> Any:
        """Jupyter Server's culling, but not of a kernel still starting (no activity yet: its check would
        fail on it, as it did for kernels of a class prepared at once), nor of one whose page has not
        connected yet (:data:`FIRST_CONNECTION_SECONDS`)."""
        kernel = getattr(self, "_kernels", {}).get(kernel_id)
        if kernel is not None and "last_activity" not in getattr(kernel, "_trait_values", {"last_activity": None}):
            return None
        if self._waits_for_its_page(kernel_id):
            return None
        parent: Any = super()
        return await parent.cull_kernel_if_idle(kernel_id)

    async def _watch(self) -> None:
        """While a page is prepared, give back the kernels of those whose time is over."""
        while self.preparations.pages:
            await asyncio.sleep(PREPARED_CHECK_SECONDS)
            for page in self.preparations.expire():
                self.log.info("the class prepared on %s is over: its kernels not taken go back", page)
                self._shrink(page)

    def prepared_status(self) -> dict[str, Any]:
        """What is prepared: each page's students still to come, its kernels ready (started, their page run
        up to its request, which they wait for: :func:`waiting_kernels`) and starting, their memory, the
        minutes left; the room left on the server."""
        now, pages, waiting = time.time(), [], waiting_kernels()
        for page, found in list(self.preparations.pages.items()):
            if found.until <= now:
                continue
            pool = getattr(self, "_pools", {}).get(page, [])
            ids = [item.result()["kernel_id"] for item in pool
                   if item.done() and not item.cancelled() and item.exception() is None][:found.count]
            ready = sum(kernel_id in waiting for kernel_id in ids) if waiting is not None else len(ids)
            pages.append({"page": page, "students": found.count, "ready": ready,
                          "starting": max(0, min(found.count, len(pool)) - ready),
                          "memory_mb": round(sum(kernel_rss(self, i) for i in ids) / MB, 1),
                          "minutes_left": math.ceil((found.until - now) / 60)})
        return {"pages": pages, "room": max(0, self.max_kernels - self._running())}


def waiting_kernels() -> set[str] | None:
    """The preheated kernels waiting for their request (Voila's query websocket open: their page has run up
    to it, :func:`wait_for_request`); None when Voila cannot say."""
    try:
        from voila.request_info_handler import RequestInfoSocketHandler
    except ImportError:
        return None
    return {str(kernel_id) for kernel_id in getattr(RequestInfoSocketHandler, "_waiters", {})}


def _wrap_pools(cls: Any) -> None:
    """Voila's VoilaKernelManager (``cls``) hands a preheated kernel to a page's request in its own
    ``get_rendered_notebook``: the request's client gets it (:func:`_claiming`); it fills its pools in
    ``fill_if_needed``: to the size of a prepared class (:func:`_filling`)."""
    if "get_rendered_notebook" in cls.__dict__:
        cls.get_rendered_notebook = _claiming(cls.__dict__["get_rendered_notebook"])
    if "fill_if_needed" in cls.__dict__:
        cls.fill_if_needed = _filling(cls.__dict__["fill_if_needed"])


def _page_kernel_manager() -> type:
    """Jupyter Server's kernel manager, which counts the page kernels of each client
    (:class:`KernelSlots`): the page's request reserved one (:func:`admit_page`), and the
    kernel the request gets (started for it, or a preheated one handed to it) is the client's
    until it ends. Voila's preheating subclasses it (``VoilaKernelManager``)."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from traitlets import Int, default

    class PageKernelManager(PreparedPools, AsyncMappingKernelManager):
        max_kernels = Int(config=True, help="The most page kernels running at once (the preheated ones too).")
        max_kernels_per_client = Int(config=True, help="The most page kernels of one client (0: no limit).")

        @default("max_kernels")
        def _max_kernels(self) -> int:
            return _limit(MAX_KERNELS_ENV, DEFAULT_MAX_KERNELS)

        @default("max_kernels_per_client")
        def _max_kernels_per_client(self) -> int:
            return _limit(MAX_CLIENT_KERNELS_ENV, DEFAULT_MAX_CLIENT_KERNELS)

        def __init__(self, **kwargs: Any):
            super().__init__(**kwargs)  # type: ignore[no-untyped-call]  # Jupyter Server leaves it unannotated
            self.kernel_slots = KernelSlots(self.max_kernels_per_client, self.max_kernels)
            self.start_preparing()
            self.log.info("at most %d page kernels, %s per client", self.max_kernels,
                          self.max_kernels_per_client or "any number")

        def __init_subclass__(cls, **kwargs: Any) -> None:
            super().__init_subclass__(**kwargs)
            _wrap_pools(cls)

        def _claim(self, kernel_id: str) -> None:
            reservation = _reservation.get()
            if reservation is not None and not reservation.done:
                self.kernel_slots.claim(reservation, kernel_id)

        async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
            kernel_id = await super().start_kernel(*args, **kwargs)
            if (kwargs.get("env") or {}).get("VOILA_PREHEAT") != "True":  # not for the pool: for a page's request
                self._claim(kernel_id)
                self.handed_over(kernel_id)
            return kernel_id

    return PageKernelManager


# -- for pages running under Voila --------------------------------------------

def wait_for_request() -> None:
    """In a kernel Voila preheated, wait until a browser asks for the page, so
    that the date, today's puzzle and progress are computed for that request:
    the request's details (``QUERY_STRING``, the headers of ``http_header_envs``)
    arrive over Voila's query websocket and are put in the environment.
    Elsewhere (a kernel started for the request, a notebook, a test) it returns
    at once.

    This is ``voila.utils.wait_for_request`` with the ``websockets`` client alone:
    importing ``voila.utils`` costs a preheated kernel 2 to 5 s of CPU (it brings
    in jupyter_server and jsonschema's format checkers), more than the rest of the
    page together."""
    global _request_seen
    if _request_seen or not _preheated():
        return
    _warm_up()  # what does not depend on who asks, while nobody has
    details = _request_details(_query_url(os.environ))
    if details is not None:
        os.environ.update(details)
    _request_seen = True  # the request comes once: a second wait would never end


_request_seen = False
_building_ahead = False
_warmed = False


def _preheated() -> bool:
    return os.environ.get("VOILA_PREHEAT", "False") != "False"


def _warm_up() -> None:
    global _warmed
    if not _warmed:
        from .preparing import warm_up
        warm_up()
        _warmed = True


AHEAD_LANGUAGE = "GINTRAINER_AHEAD_LANGUAGE"
"""In a preheated kernel's environment: the language a page built ahead speaks until it is told who asked
(the language of the teacher's page that prepared the class: :mod:`gintrainer.preparing`)."""


def build_ahead() -> bool:
    """Let the page be built before its request comes, for nobody: in a kernel Voila preheated whose request
    has not come, from now until :func:`arrive` the page's address asks for nothing and the browser names
    no language (:func:`query_params`, :func:`accept_language`), so the page is built for a guest in the
    language it would speak to one (``GINTRAINER_AHEAD_LANGUAGE`` when the kernel's environment names one);
    the page then calls :func:`arrive` and tells its learner who asked
    (:func:`gintrainer.widgets.profile.tell_who_asks`). True when the page is built ahead; elsewhere (a
    kernel started for its request, a notebook, a test; a server that speaks the tests' pseudo-language,
    which a page built in English could not speak) it changes nothing."""
    global _building_ahead
    if _request_seen or not _preheated() or os.environ.get(PSEUDO_SWITCH) == "1":
        return False
    _warm_up()
    _building_ahead = True
    guessed = os.environ.get(AHEAD_LANGUAGE, "")
    if guessed in LANGUAGES:
        use_language(guessed)
    return True


def building_ahead() -> bool:
    """Whether the page is being built ahead of its request (:func:`build_ahead`)."""
    return _building_ahead


def arrive() -> bool:
    """For a page built ahead (:func:`build_ahead`): wait for its request, whose details are then in the
    environment; True. False (at once) when the page was built for its request."""
    global _building_ahead
    if not _building_ahead:
        return False
    _building_ahead = False
    wait_for_request()
    return True


def _query_url(environ: dict[str, str] | os._Environ[str]) -> str:
    """Where a preheated kernel hears of its request: Voila's ``voila/query/<kernel id>``
    websocket, from the variables Voila gives the kernel (as ``voila.utils`` builds it)."""
    protocol = environ.get("VOILA_WS_PROTOCOL", "ws")
    host = environ.get("VOILA_APP_IP", "127.0.0.1")
    port = environ.get("VOILA_APP_PORT", "8866")
    base = environ.get("VOILA_WS_BASE_URL", environ.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{host}:{port}{base}voila/query/{environ.get('VOILA_KERNEL_ID')}"


def _request_details(url: str) -> dict[str, str] | None:
    """The request's details Voila sends on ``url`` (a JSON object of strings), or None
    when the server cannot be reached (the page then runs without them, as under Voila's
    own helper). Read in a thread of its own: the kernel's event loop is running."""
    import asyncio
    import json
    import threading

    from websockets.asyncio.client import connect

    received: list[str | bytes] = []

    async def receive() -> None:
        async with connect(url, open_timeout=5) as websocket:
            received.append(await websocket.recv())

    def run() -> None:
        try:
            asyncio.run(receive())
        except (OSError, TimeoutError) as error:
            logging.getLogger(__name__).warning("no request details from %s: %s", url, error)

    thread = threading.Thread(target=run, name="wait-for-request")
    thread.start()
    thread.join()
    if not received:
        return None
    details = json.loads(received[0])
    return {str(key): str(value) for key, value in details.items()} if isinstance(details, dict) else None


def query_params() -> dict[str, str]:
    """The page's query string (``?profile=Ann``) as a dict of first values (none while the page is built
    ahead of its request: :func:`build_ahead`)."""
    if _building_ahead:
        return {}
    wait_for_request()
    raw = os.environ.get("QUERY_STRING", "")
    return {key: values[0] for key, values in parse_qs(raw, keep_blank_values=False).items() if values}


def accept_language() -> str | None:
    """The browser's ``Accept-Language`` header, which Voila hands to the page's kernel
    (voila.json lists it in ``http_header_envs``); None when it sent none (or while the page is built ahead
    of its request: :func:`build_ahead`)."""
    if _building_ahead:
        return None
    wait_for_request()
    return os.environ.get("HTTP_ACCEPT_LANGUAGE") or None


PSEUDO_SWITCH = "GINTRAINER_PSEUDO"
"""Set to 1 in a server's environment, its pages accept the tests' pseudo-language (``?lang=qps``)."""


def allow_test_languages() -> None:
    """Let the page speak the tests' pseudo-language when the server was started for them."""
    if os.environ.get(PSEUDO_SWITCH) == "1":
        from .words.language import allow_pseudo
        allow_pseudo()


# -- the teacher's passphrase ------------------------------------------------------

TEACHER_PASSPHRASE = "GINTRAINER_TEACHER_PASSPHRASE"
"""Set in a server's environment (``gintrainer app --teacher-passphrase``), the app is
started for a class: the teacher's pages (making sets and their answer keys, the
gradebook) ask for it, and the students' pages do not link to them."""


def teacher_passphrase(environ: dict[str, str] | None = None) -> str | None:
    """The passphrase the server was started with; None (a blank one too) when it was
    started without one, for a learner at home."""
    value = (os.environ if environ is None else environ).get(TEACHER_PASSPHRASE, "")
    return value if value.strip() else None


def for_a_class(environ: dict[str, str] | None = None) -> bool:
    """Whether the app was started for a class (with a teacher passphrase)."""
    return teacher_passphrase(environ) is not None


TEACHER_KEY = "GINTRAINER_TEACHER_KEY"
"""The server's secret (random, made when it starts unless given: at least 32 characters), in its
environment and so in its kernels': it signs the teacher's sign-in, which lasts the browser's session
(one passphrase per visit)."""
TEACHER_COOKIE = "gintrainer_teacher"
"""The cookie the server sets once the teacher passphrase was typed on a page: signed, HttpOnly, SameSite."""
TEACHER_HEADER = "X-Gintrainer-Teacher"
"""The header a page's kernel reads the teacher cookie from (voila.json's ``http_header_envs``);
the server writes it from the cookie on every page's request (:func:`sign_in_teacher`)."""
TICKET = "gintrainer_ticket"
TICKET_HEADER = "X-Gintrainer-Ticket"
"""The header a teacher's page sends the server its ticket in, once the passphrase was typed."""
TICKET_SECONDS = 60
"""How long a ticket may be exchanged for the cookie."""
SIGN_IN_SECONDS = 12 * 3600
"""How long a sign-in holds at most, even in a browser never closed."""


def _key() -> bytes | None:
    """What signs the teacher's sign-in: the server's key (of at least 32 characters) with the
    passphrase, so that a new passphrase ends every sign-in made with the old one; None
    without a key."""
    value = os.environ.get(TEACHER_KEY, "")
    return f"{value}\x00{teacher_passphrase() or ''}".encode() if len(value) >= 32 else None


def signed(purpose: str, *, now: float | None = None) -> str:
    """A value for ``purpose`` (the cookie, a ticket) made now and signed with the server's key
    (``issued.signature``); GinError without a key."""
    key = _key()
    if key is None:
        raise GinError(f"no {TEACHER_KEY} to sign with")
    issued = int(time.time() if now is None else now)
    signature = hmac.new(key, f"{purpose}.{issued}".encode(), hashlib.sha256).hexdigest()
    return f"{issued}.{signature}"


def is_signed(purpose: str, value: object, max_age: float, *, now: float | None = None) -> bool:
    """Whether ``value`` (what a browser sent) was signed for ``purpose`` with this server's
    key (:func:`signed`) at most ``max_age`` seconds ago; compared in constant time."""
    key = _key()
    if key is None or not isinstance(value, str) or len(value) > 100:
        return False
    issued, _, signature = value.partition(".")
    if not issued.isdigit() or len(issued) > 12:
        return False
    age = (time.time() if now is None else now) - int(issued)
    wanted = hmac.new(key, f"{purpose}.{issued}".encode(), hashlib.sha256).hexdigest()
    return hmac.compare_digest(signature.encode("ascii", "replace"), wanted.encode("ascii")) and 0 <= age <= max_age


def teacher_ticket() -> str | None:
    """A ticket the teacher's page sends the server to be signed in (a minute to use it), made by
    a page's kernel once the passphrase was typed there; None without the server's key (the
    teacher types the passphrase on each page then)."""
    return signed(TICKET) if _key() is not None else None


def teacher_signed_in() -> bool:
    """Whether the page's request carried the teacher's sign-in: the app started for a class,
    and the teacher cookie (handed to the kernel by the server) signed with this server's key."""
    wait_for_request()
    return for_a_class() and is_signed(TEACHER_COOKIE, os.environ.get("HTTP_X_GINTRAINER_TEACHER"),
                                       SIGN_IN_SECONDS)


def is_teacher_passphrase(typed: object) -> bool:
    """Whether ``typed`` (what a page sent) is the teacher passphrase, compared in constant
    time; always False when the app was started without one."""
    wanted = teacher_passphrase()
    if wanted is None or not isinstance(typed, str):
        return False
    return hmac.compare_digest(typed.encode("utf-8"), wanted.encode("utf-8"))


# -- the learners' profiles: open, or each behind its PIN -------------------------------

PROFILES_SHARED = "GINTRAINER_SHARED"
"""The profiles' mode, in a server's environment: ``0`` for one learner on their own computer
(profiles open to whoever uses the page, the name box listing them), anything else or nothing
for a shared server (each profile behind its PIN). ``gintrainer app`` sets it: 0 only when it
listens on the loopback and was not started for a class."""
LEARNER_COOKIE = "gintrainer_learner"
"""The cookie naming the profile a browser signed in to with its PIN: signed, HttpOnly, SameSite."""
LEARNER_HEADER = "X-Gintrainer-Learner"
"""The header a page's kernel reads the learner cookie from (voila.json's ``http_header_envs``)."""
LEARNER_TICKET = "gintrainer_learner_ticket"
LEARNER_TICKET_HEADER = "X-Gintrainer-Learner-Ticket"
"""The header a page sends the server a learner's ticket in, once the profile's PIN was typed."""
SIGN_OUT = "out"
"""The key of the ticket that ends the browser's sign-in to a profile (no profile's key is this)."""
_SIGN_IN_KEY = re.compile(r"[a-z0-9-]{1,80}")


def is_loopback(ip: str) -> bool:
    """Whether the address serves only this computer (``localhost``, 127.0.0.1, ::1).

    >>> [is_loopback(ip) for ip in ("localhost", "127.0.0.1", "::1", "0.0.0.0", "", "192.168.1.5")]
    [True, True, True, False, False, False]
    """
    if ip == "localhost":
        return True
    try:
        return ipaddress.ip_address(ip).is_loopback
    except ValueError:
        return False


def profiles_shared(environ: dict[str, str] | None = None) -> bool:
    """Whether the profiles are each behind a PIN: unless :data:`PROFILES_SHARED` is ``0``
    (a server started otherwise than by ``gintrainer app``, the hub's too, is shared)."""
    return (os.environ if environ is None else environ).get(PROFILES_SHARED, "1") != "0"


def mode_line(environ: dict[str, str] | None = None) -> str:
    """The sentence that says which mode the profiles are in, in the current language."""
    if profiles_shared(environ):
        return t("Shared server: each profile is protected by its PIN.")
    return t("On this computer only: profiles are open to anyone using it.")


def learner_ticket(key: str) -> str | None:
    """A ticket the page sends the server to be signed in to the profile named by ``key``
    (:func:`gintrainer.records.profiles.sign_in_key`) for the browser's session; None without the
    server's key or with a key that is not one."""
    if _key() is None or not _SIGN_IN_KEY.fullmatch(key):
        return None
    return f"{key}~{signed(f'{LEARNER_TICKET}:{key}')}"


def learner_signed_in(key: str | None) -> bool:
    """Whether the page's request carried the browser's sign-in to the profile named by ``key``."""
    wait_for_request()
    cookie = os.environ.get("HTTP_X_GINTRAINER_LEARNER", "")
    named, _, value = cookie.partition("~")
    return bool(key) and named == key and is_signed(f"{LEARNER_COOKIE}:{key}", value, SIGN_IN_SECONDS)


# -- who is asking --------------------------------------------------------------------

CLIENT_HEADER = "X-Gintrainer-Client"
"""The header a page's kernel reads its client's address from (voila.json's ``http_header_envs``);
the server writes it on every page's request (:func:`name_client`), whatever the browser sent in it."""
TRUSTED_PROXIES = "GINTRAINER_TRUSTED_PROXIES"
"""Set in a server's environment (addresses, separated by commas), requests coming from one of
them are taken to come from the address their ``X-Forwarded-For`` header gives: a proxy in front
of the server (a hub's) says who its clients are. Unset, a request comes from its own address."""
UNKNOWN_CLIENT = "unknown"
"""The client of a page run outside a server of this app (a notebook, a test)."""


def trusted_proxies(environ: dict[str, str] | None = None) -> frozenset[str]:
    """The addresses of :data:`TRUSTED_PROXIES`, normalised (bad ones left out)."""
    parts = (os.environ if environ is None else environ).get(TRUSTED_PROXIES, "").split(",")
    return frozenset(address for address in map(_address, parts) if address is not None)


def _address(text: str) -> str | None:
    """``text`` as one spelling of its address (an IPv4 address mapped into IPv6 as IPv4); None if
    it is none."""
    try:
        address = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    return str(getattr(address, "ipv4_mapped", None) or address)


def client_address(remote_ip: str, forwarded_for: str | None = None,
                   proxies: frozenset[str] | None = None) -> str:
    """The client of a request that came from ``remote_ip`` with the header ``X-Forwarded-For``
    ``forwarded_for``: ``remote_ip`` itself unless it is a trusted proxy (:func:`trusted_proxies`),
    else the last address of the header that is not one (what a proxy appended, not what the
    browser wrote before it).

    >>> proxy = frozenset({"127.0.0.1"})
    >>> client_address("10.0.0.7", "1.2.3.4", proxy), client_address("127.0.0.1", "6.6.6.6, 10.0.0.7", proxy)
    ('10.0.0.7', '10.0.0.7')
    """
    proxies = trusted_proxies() if proxies is None else proxies
    client = _address(remote_ip) or remote_ip
    if client not in proxies or not forwarded_for:
        return client
    for hop in reversed(forwarded_for.split(",")[-20:]):
        address = _address(hop)
        if address is None:
            return client  # a header the proxy did not write: the proxy is the client
        if address not in proxies:
            return address
    return client


def request_client_address(request: Any) -> str:
    """The client of a Tornado request (:func:`client_address`)."""
    return client_address(str(request.remote_ip), request.headers.get("X-Forwarded-For"))


def _client_signature(address: str) -> str | None:
    """What signs a client's address in :data:`CLIENT_HEADER`: the server's key; None without one."""
    key = os.environ.get(TEACHER_KEY, "")
    if len(key) < 32:
        return None
    return hmac.new(key.encode(), f"client.{address}".encode(), hashlib.sha256).hexdigest()[:32]


def name_client(handler: Any, *, page: bool) -> None:
    """On a page's request, write the client's address, signed with the server's key, in the
    header :data:`CLIENT_HEADER`, which voila.json hands to the page's kernel, over whatever the
    browser sent in it (a server that does not write it, as a user's server under the hub, hands
    the kernel the browser's, which the kernel does not believe: :func:`request_client`)."""
    if page:
        headers = handler.request.headers
        if CLIENT_HEADER in headers:
            del headers[CLIENT_HEADER]
        address = request_client_address(handler.request)
        signature = _client_signature(address)
        if signature is not None:
            headers[CLIENT_HEADER] = f"{address} {signature}"


def request_client() -> str:
    """In a page's kernel, the address of the client that asked for the page, as the server
    signed it (:func:`name_client`); :data:`UNKNOWN_CLIENT` for a header it did not sign."""
    wait_for_request()
    address, _, signature = os.environ.get("HTTP_X_GINTRAINER_CLIENT", "")[:200].rpartition(" ")
    wanted = _client_signature(address)
    if address and wanted is not None and hmac.compare_digest(signature.encode("ascii", "replace"), wanted.encode()):
        return address
    return UNKNOWN_CLIENT


def request_page() -> str:
    """In a page's kernel, the page's path on the server (``/voila/render/classroom/gradebook.ipynb``),
    one spelling for every address of the same page (``//``, ``./``, ``%62``)."""
    wait_for_request()
    path = posixpath.normpath("/" + unquote(os.environ.get("SCRIPT_NAME", "")[:1000]).lstrip("/"))
    return path if path != "/" else "page"


log = logging.getLogger("gintrainer.app")


class _ServerStream(logging.Handler):
    """Writes to the server's own stream from a page's kernel, whose ``sys.stderr`` goes to
    the page: the copy ipykernel keeps of the kernel's standard error."""

    def __init__(self, fd: int):
        super().__init__()
        self.fd = fd

    def emit(self, record: logging.LogRecord) -> None:
        with contextlib.suppress(OSError):
            os.write(self.fd, (self.format(record) + "\n").encode("utf-8", "replace"))


def server_log() -> logging.Logger:
    """The app's logger; in a page's kernel it writes to the server's log, not the page."""
    if sys.stderr is not sys.__stderr__ and not any(isinstance(h, _ServerStream) for h in log.handlers):
        # a kernel's: ipykernel sends what it is given to the page, and keeps a copy of the
        # server's stream where it also diverts the kernel's own file descriptor 2
        fd = getattr(sys.stderr, "_original_stdstream_copy", None)
        if not isinstance(fd, int) and sys.__stderr__ is not None:
            fd = sys.__stderr__.fileno()
        if isinstance(fd, int):
            handler = _ServerStream(fd)
            handler.setFormatter(logging.Formatter("[%(levelname)1.1s %(asctime)s %(name)s] %(message)s"))
            log.addHandler(handler)
            log.setLevel(logging.INFO)
    return log


class PassphraseWait(GinError):
    """A try of the teacher passphrase before the wait that wrong guesses earned is over."""

    def __init__(self, seconds: float):
        self.seconds = max(1, math.ceil(seconds))
        super().__init__(t("Too many wrong passphrases were typed on this page: wait {seconds} s and try again.",
                           seconds=self.seconds))


def try_teacher_passphrase(typed: object, *, guesses: Any = None, client: str | None = None,
                           page: str | None = None) -> bool:
    """Whether ``typed`` is the teacher passphrase (:func:`is_teacher_passphrase`), typed by
    ``client`` on ``page`` (the page's request's by default), slowed down after wrong guesses
    (:mod:`gintrainer.records.guesses`, the server's file by default): PassphraseWait, the passphrase
    not even compared, while the client must still wait on that page. A wrong guess is logged
    with the client and the page, never what was typed."""
    from .records.guesses import Guesses, guesses_path
    guesses = Guesses(guesses_path()) if guesses is None else guesses
    client = request_client() if client is None else client
    page = request_page() if page is None else page
    wait = guesses.wait(client, page)
    if wait > 0:
        server_log().warning("teacher passphrase tried from %s on %s within the wait (%d s left): refused",
                             client, page, math.ceil(wait))
        raise PassphraseWait(wait)
    if is_teacher_passphrase(typed):
        guesses.succeeded(client, page)
        return True
    wait = guesses.failed(client, page)
    server_log().warning("wrong teacher passphrase from %s on %s (%d in a row); next try in %.0f s",
                         client, page, guesses.failures(client, page), wait)
    return False


if __name__ == "__main__":
    sys.exit(run_voila(sys.argv[1:]))
