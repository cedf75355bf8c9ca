"""Serving the trainer as a Voila web app, and what its pages need from Voila.

``gintrainer app`` serves the site folder (the landing page ``index.ipynb``,
``lessons/``, ``puzzles/`` and ``voila.json``) in Voila's directory mode, so
links between notebooks work, and points the browser at the landing page.
"""

from __future__ import annotations

import base64
import contextlib
import fnmatch
import hashlib
import hmac
import ipaddress
import os
import posixpath
import re
import secrets
import socket
import subprocess
import sys
import time
import webbrowser
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from .errors import GinError, quoted
from .language import t

LANDING = "voila/render/index.ipynb"
TEACHER_LANDING = "voila/render/classroom/teacher.ipynb"
SITE_MARKERS = ("voila.json", "index.ipynb")


def _is_site(folder: Path) -> bool:
    try:
        return all((folder / name).is_file() for name in SITE_MARKERS)
    except OSError:  # a name too long for the system, say: no site there
        return False


def find_root(root: str | os.PathLike | None = None) -> Path:
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


def _site_entries(handler: Any, model: dict) -> dict:
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
        async def prepare(self) -> None:
            await super().prepare()  # signs the visitor in first, as the error page needs
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
    kernels' websockets, ``/voila/api/shutdown/`` and ``/voila/query/`` (preheated kernels)."""
    from jupyter_server.utils import url_path_join
    from tornado import web
    from voila.app import Voila

    edges = _site_handlers()

    class SiteVoila(Voila):
        def init_handlers(self) -> list:
            sign_in = {spec[1] for spec in self.identity_provider.get_handlers()}
            handlers = [(url_path_join(self.server_url, "/?"), web.RedirectHandler,
                         {"url": url_path_join(self.server_url, LANDING), "permanent": False})]
            for pattern, handler, *options in super().init_handlers():
                replaced = edges.get(handler, handler)
                if replaced is not None and handler not in sign_in:
                    handlers.append((pattern, replaced, *options))
            return handlers

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


def serve(*, root=None, port: int = 8866, ip: str = "localhost", open_browser: bool = True,
          teacher_passphrase: str | None = None) -> int:
    """Serve the app until interrupted; returns Voila's exit status. ``teacher_passphrase``
    (else ``$GINTRAINER_TEACHER_PASSPHRASE``, which it sets for the server and its
    kernels) starts the app for a class: the teacher's pages ask for it."""
    if isinstance(port, bool) or not isinstance(port, int) or not 1 <= port <= 65535:
        raise GinError(f"the port must be a number from 1 to 65535, not {port!r}")
    check_address(ip)
    env = dict(os.environ)
    if teacher_passphrase is not None:
        if not teacher_passphrase.strip():
            raise GinError(t("the teacher passphrase cannot be blank"))
        env[TEACHER_PASSPHRASE] = teacher_passphrase
    folder = find_root(root)
    url = landing_url(port, ip)
    print(f"Serving the Gin Rummy trainer from {folder}\nOpen {url}", flush=True)
    if for_a_class(env):
        print(t("For a class: the teacher's pages ask for the teacher passphrase ({url}).",
                url=url.replace(LANDING, TEACHER_LANDING)), flush=True)
    compile_package()
    process = subprocess.Popen(voila_command(folder, port=port, ip=ip), cwd=folder, env=env)
    if open_browser:
        with contextlib.suppress(Exception):  # no browser on this machine: the URL is printed above
            webbrowser.open(url)
    try:
        return process.wait()
    except KeyboardInterrupt:
        process.terminate()
        return process.wait()


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
            if user is not None and isinstance(handler, VoilaHandler) and handler.request.method == "GET":
                handler.current_user = user  # as the handler's prepare() sets it next: the cookie's lifetime reads it
                _ = handler.xsrf_token  # sets the cookie when the browser has none
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
        if TEACHER_HEADER in headers:
            del headers[TEACHER_HEADER]
        cookie = handler.get_cookie(TEACHER_COOKIE)
        if cookie:
            headers[TEACHER_HEADER] = cookie


def __getattr__(name: str) -> type:
    # The class is built when the server imports it, so that a page's kernel, which imports this
    # module, does not import Jupyter Server.
    if name == IDENTITY_PROVIDER:
        return _page_identity_provider()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# -- for pages running under Voila --------------------------------------------

def wait_for_request() -> None:
    """In a kernel Voila preheated, wait until a browser asks for the page, so
    that the date, today's puzzle and progress are computed for that request.
    Elsewhere (a kernel started for the request, a notebook, a test) it returns
    at once without importing Voila."""
    global _request_seen
    if _request_seen or os.environ.get("VOILA_PREHEAT", "False") == "False":
        return
    from voila.utils import wait_for_request as voila_wait
    voila_wait()
    _request_seen = True  # the request comes once: a second wait would never end


_request_seen = False


def query_params() -> dict[str, str]:
    """The page's query string (``?profile=Ann``) as a dict of first values."""
    wait_for_request()
    raw = os.environ.get("QUERY_STRING", "")
    return {key: values[0] for key, values in parse_qs(raw, keep_blank_values=False).items() if values}


def accept_language() -> str | None:
    """The browser's ``Accept-Language`` header, which Voila hands to the page's kernel
    (voila.json lists it in ``http_header_envs``); None when it sent none."""
    wait_for_request()
    return os.environ.get("HTTP_ACCEPT_LANGUAGE") or None


PSEUDO_SWITCH = "GINTRAINER_PSEUDO"
"""Set to 1 in a server's environment, its pages accept the tests' pseudo-language (``?lang=qps``)."""


def allow_test_languages() -> None:
    """Let the page speak the tests' pseudo-language when the server was started for them."""
    if os.environ.get(PSEUDO_SWITCH) == "1":
        from .language import allow_pseudo
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


if __name__ == "__main__":
    sys.exit(run_voila(sys.argv[1:]))
