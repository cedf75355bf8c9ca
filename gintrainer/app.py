"""Serving the trainer as a Voila web app, and what its pages need from Voila.

``gintrainer app`` serves the site folder (the landing page ``index.ipynb``,
``lessons/``, ``puzzles/`` and ``voila.json``) in Voila's directory mode, so
links between notebooks work, and points the browser at the landing page.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import ipaddress
import os
import re
import secrets
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
    """Run Voila with ``argv``, the package's template on its path (``python -m gintrainer.app``)."""
    os.environ.update(with_templates(dict(os.environ)))
    os.environ.setdefault(TEACHER_KEY, secrets.token_hex(32))  # the server's and its kernels' (see below)
    from voila.app import main
    sys.argv = ["voila", *argv]
    main()
    return 0


def landing_url(port: int, ip: str = "localhost") -> str:
    host = "localhost" if ip in ("0.0.0.0", "::", "") else ip
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
    kernels) starts the app for a class: the teacher's pages ask for it.

    The profiles are open (:data:`PROFILES_SHARED` set to 0 for the server and its kernels)
    only for one learner on this computer: on the loopback (``localhost``), not for a class,
    and ``$GINTRAINER_SHARED`` not set to 1; else each profile opens with its PIN."""
    if isinstance(port, bool) or not isinstance(port, int) or not 1 <= port <= 65535:
        raise GinError(f"the port must be a number from 1 to 65535, not {port!r}")
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
                sign_in_learner(handler, page=isinstance(handler, VoilaHandler))
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
        if LEARNER_HEADER in headers:
            del headers[LEARNER_HEADER]
        cookie = handler.get_cookie(LEARNER_COOKIE)
        if cookie:
            headers[LEARNER_HEADER] = cookie


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
    (:func:`gintrainer.profiles.sign_in_key`) for the browser's session; None without the
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


if __name__ == "__main__":
    sys.exit(run_voila(sys.argv[1:]))
