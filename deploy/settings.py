"""The one owner of the deployment's settings, read by ``jupyterhub_config.py`` (the hub on one
machine), by ``singleuser/jupyter_server_config.py`` (each user's server, here and in the
Kubernetes image) and by the tests that hold ``kubernetes/values.yaml`` to the same names.

It imports no JupyterHub and no Jupyter Server: only the trainer (for the names its pages read)
and the standard library.

What each user's server is given:

- the trainer opened with Voila (the Voila server extension): ``DEFAULT_URL``, the trainer's
  notebooks served from the installed copy (``gintrainer.app.find_root``);
- the Voila settings of the repository's ``voila.json``, translated for a Jupyter server by
  ``singleuser_config`` (never copied: voila.json stays their only owner);
- progress in the user's home: the data folder ``DATA_FOLDER`` (``GINTRAINER_DATA``, with ``~``
  standing for the user's home, expanded by the trainer in the user's own server);
- class results in the shared database named by ``GINTRAINER_DATABASE``;
- the teacher passphrase (``GINTRAINER_TEACHER_PASSPHRASE``), so that the teacher's pages ask for it;
- open profiles (``GINTRAINER_SHARED`` 0): a user's server is that user's alone (the hub lets
  no one else in), its data folder in their home, so its profiles need no PIN.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from gintrainer.app import LANDING, PROFILES_SHARED, TEACHER_PASSPHRASE, find_root, kernel_transport, security_headers
from gintrainer.classroom.store import DATABASE_ENV
from gintrainer.preparing import HUB_SERVICE_NAME
from gintrainer.records.storage import DATA_ENV

HERE = Path(__file__).resolve().parent
DEFAULT_URL = "/" + LANDING
"""Where a user's server opens: the trainer's landing page, rendered by Voila."""

DATA_FOLDER = "~/.local/share/gintrainer"
"""Each user's data folder (progress, profiles), in the user's own home."""

SINGLEUSER_CONFIG = HERE / "singleuser"
"""The folder of the single-user servers' Jupyter configuration (put on ``JUPYTER_CONFIG_PATH``)."""

PROXY = HERE / "node_modules" / ".bin" / "configurable-http-proxy"
"""JupyterHub's proxy as ``npm ci --prefix deploy`` installs it (``make deploy/node_modules``)."""

# -- the hub's settings, from the environment ---------------------------------------

SETTINGS: dict[str, tuple[str, str]] = {
    "GINTRAINER_HUB_IP": ("", "the address the hub listens on (all addresses when empty)"),
    "GINTRAINER_HUB_PORT": ("8000", "the port the hub listens on"),
    "GINTRAINER_HUB_BASE_URL": ("/", "the hub's path under its address"),
    "GINTRAINER_HUB_STATE": (".", "the folder of the hub's own files: its cookie secret, proxy pid file, "
                                  "and its database unless GINTRAINER_HUB_DB_URL names one"),
    "GINTRAINER_HUB_DB_URL": ("", "the hub's own database (users, servers): sqlite:///<state>/jupyterhub.sqlite "
                                  "when empty"),
    "GINTRAINER_HUB_AUTHENTICATOR": ("pam", "how users sign in: pam (the machine's accounts), shared-password "
                                            "(one class password, GINTRAINER_HUB_SHARED_PASSWORD), dummy (anyone: "
                                            "trials only), or any authenticator's import name"),
    "GINTRAINER_HUB_SHARED_PASSWORD": ("", "the class password for the shared-password authenticator "
                                           "(at least 8 characters)"),
    "GINTRAINER_HUB_SPAWNER": ("localprocess", "how user servers start: localprocess (as the user's own "
                                               "account, the hub running as root), simple (every server as the "
                                               "hub's account, homes under GINTRAINER_HUB_HOMES), or an import name"),
    "GINTRAINER_HUB_HOMES": ("/srv/gintrainer/homes/{username}", "the homes of the simple spawner's users"),
    "GINTRAINER_HUB_ADMINS": ("", "comma-separated user names that administer the hub"),
    "GINTRAINER_HUB_TEACHERS": ("", "comma-separated user names of the teachers: only their servers are given "
                                    "the teacher passphrase (every other server gets a random one, so a student "
                                    "who reads the environment learns nothing); when empty, every server has it"),
    DATABASE_ENV: ("", "the shared class results database (postgresql://...); when empty each user's server "
                       "keeps its class results in its own data folder and no gradebook sees the whole class"),
    TEACHER_PASSPHRASE: ("", "the teacher passphrase (required: the teacher's pages of every server ask for it)"),
    "GINTRAINER_HUB_DATA": (DATA_FOLDER, "each user's data folder (~ is the user's home)"),
    "GINTRAINER_HUB_START_TIMEOUT": ("120", "seconds a user's server may take to start"),
    "GINTRAINER_HUB_CULL_TIMEOUT": ("3600", "seconds after which an idle user's server is stopped, by "
                                            "jupyterhub-idle-culler when it is installed (0: never)"),
    "GINTRAINER_HUB_PREPARE_PORT": ("8082", "the port, on the hub's machine, of the service that prepares a class "
                                            "(starts the named students' servers ahead; 0: no such service)"),
}
"""Each environment variable the hub reads: its default and what it sets."""


def setting(name: str, environ: Mapping[str, str] | None = None) -> str:
    """The value of one of SETTINGS in ``environ`` (the process's environment), else its default."""
    default, _ = SETTINGS[name]
    value = (os.environ if environ is None else environ).get(name, "")
    return value.strip() or default


def names(value: str) -> set[str]:
    """A comma-separated list of user names as a set."""
    return {name.strip() for name in value.split(",") if name.strip()}


def passphrase_for(teachers: set[str], passphrase: str) -> Callable[[Any], str]:
    """The value of the teacher passphrase for a spawner's user: the passphrase for a teacher (for
    everyone when no teacher is named), otherwise a random one nobody knows, so that the student's
    teacher pages stay locked."""
    def value(spawner: Any) -> str:
        if not teachers or spawner.user.name in teachers:
            return passphrase
        return secrets.token_urlsafe(24)
    return value


def without_mathjax(page_config: dict[str, Any], **_: Any) -> dict[str, Any]:
    """A page's configuration without MathJax's address (Voila's ``page_config_hook``): under a Jupyter
    server Voila's page loads MathJax from a CDN, which the pages' policy refuses (and which would tell
    the CDN who opens them); the pages have no mathematics, and `gintrainer app`'s load none either (its
    settings give both None)."""
    return {**page_config, "fullMathjaxUrl": None, "mathjaxConfig": None}  # the page loads MathJax unless both


def user_environment(environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """What the hub adds to every user server's environment (``Spawner.environment``)."""
    passphrase = setting(TEACHER_PASSPHRASE, environ)
    if not passphrase:
        raise ValueError(f"set {TEACHER_PASSPHRASE}: the teacher's pages of every user's server ask for it")
    env: dict[str, Any] = {
        DATA_ENV: setting("GINTRAINER_HUB_DATA", environ),
        TEACHER_PASSPHRASE: passphrase_for(names(setting("GINTRAINER_HUB_TEACHERS", environ)), passphrase),
        "JUPYTER_CONFIG_PATH": str(SINGLEUSER_CONFIG),
        PROFILES_SHARED: "0",  # the server is its user's alone: the hub signed them in
    }
    database = setting(DATABASE_ENV, environ)
    if database:
        env[DATABASE_ENV] = database
    port = int(setting("GINTRAINER_HUB_PREPARE_PORT", environ))
    if port > 0:
        env[PREPARE_URL] = prepare_url(port)
    return env


PREPARE_SERVICE = HUB_SERVICE_NAME
"""The hub's service that prepares a class (deploy/prepare_class.py)."""
PREPARE_URL = "GINTRAINER_HUB_PREPARE_URL"
"""In each user's server's environment (and so its kernels'): where a teacher's page asks the service."""
PREPARE_SCOPES = ["list:users", "read:users", "admin:users", "servers", "read:servers", "users:activity",
                  "access:servers"]
"""What the service may do, and no more: list and read the users and their servers (whether a server is
ready), make a named student the hub does not know yet (``admin:users``, the least scope that creates
a user), start their servers (``servers``), tell the hub they are active for the class's length, so
that the idle culler leaves them (``users:activity``), and ask each to keep the class's page ready
(``access:servers``). Not ``admin:servers`` (their state), not ``tokens``, not ``shutdown``."""


def prepare_url(port: int) -> str:
    return f"http://127.0.0.1:{port}"


def prepare_service(port: int, python: str, public_url: str, teachers: str = ""
                    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The hub's service that prepares a class on ``port`` of this machine (none for 0), run by ``python``;
    ``public_url``: the hub's own address, through which the service reaches the users' servers;
    ``teachers``: GINTRAINER_HUB_TEACHERS, whose pages it obeys (everyone's when empty)."""
    if port <= 0:
        return [], []
    service = {"name": PREPARE_SERVICE, "url": prepare_url(port), "command": [python, str(HERE / "prepare_class.py")],
               "environment": {"GINTRAINER_HUB_PUBLIC_URL": public_url, "GINTRAINER_HUB_TEACHERS": teachers}}
    role = {"name": PREPARE_SERVICE, "services": [PREPARE_SERVICE], "scopes": list(PREPARE_SCOPES)}
    return [service], [role]


CULLER = "jupyterhub_idle_culler"
"""JupyterHub's idle culler (the package jupyterhub-idle-culler), run as a service of the hub."""


def culler_service(timeout: int, python: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The hub's services and roles that stop users' servers idle for ``timeout`` seconds (none for 0)."""
    if timeout <= 0:
        return [], []
    service = {"name": "idle-culler", "command": [python, "-m", CULLER, f"--timeout={timeout}"]}
    role = {"name": "idle-culler", "services": ["idle-culler"],
            "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"]}
    return [service], [role]


def describe() -> str:
    """The settings as the top of jupyterhub_config.py documents them."""
    return "\n".join(f"{name} (default {default!r}): {what}" for name, (default, what) in SETTINGS.items())


# -- each user's server: voila.json translated for the Voila server extension --------

TRANSLATED: dict[str, str] = {
    "VoilaConfiguration": "VoilaConfiguration",
    "Voila.tornado_settings": "ServerApp.tornado_settings",
    "IdentityProvider": "IdentityProvider",
    "ContentsManager": "ContentsManager",
    "MappingKernelManager": "MappingKernelManager",
    "VoilaExecutor": "VoilaExecutor",  # the server extension's pages execute with the server's configuration
}
"""Where each part of voila.json goes in a Jupyter server's configuration: a whole section, or
one setting (``Section.name``)."""

LEFT_OUT: dict[str, str] = {
    "VoilaConfiguration.preheat_kernel": "a user's server keeps Voila's pools of preheated kernels with its own "
                                         "kernel manager (SERVER_KERNEL_MANAGER), for a prepared class only",
    "VoilaConfiguration.default_pool_size": "a user's server holds no page ahead but a prepared class's (its pools "
                                            "start empty)",
    "VoilaKernelManager": "as default_pool_size: the pools of the one server (the landing page's, the daily "
                          "page's) would hold a kernel for every user",
    "Voila.identity_provider_class": "a user's server signs its user in through the hub (JupyterHub's identity "
                                     "provider, which sets the _xsrf cookie Voila's kernel shutdown sends, at "
                                     "sign-in)",
}
"""The parts of voila.json that do not apply to a user's server under the hub, and why."""


SERVER_KERNEL_MANAGER = "gintrainer.hub_server.HubPageKernelManager"
"""A user's server's kernel manager: the page kernel manager with Voila's pools, which a prepared class fills."""
SERVER_EXTENSION = "gintrainer.hub_server"
"""The server extension that gives those pools what Voila's own server would, and the address that prepares a
class on a user's server."""

SERVER_EXTENSIONS_OFF = ("jupyterlab", "jupyter_lsp", "jupyter_server_terminals", "notebook_shim")
"""The Jupyter server extensions a user's server does not load: it serves the trainer, through Voila,
and nothing else (no JupyterLab, no terminals), which also makes it start sooner and smaller."""


def voila_json(root: Path | None = None) -> dict[str, Any]:
    folder = find_root() if root is None else root
    return json.loads((folder / "voila.json").read_text(encoding="utf-8"))


def _target(section: str, name: str) -> str | None:
    """Where voila.json's ``section.name`` goes in the server's configuration (``Section.name``)."""
    key = f"{section}.{name}"
    if key in TRANSLATED:
        return TRANSLATED[key]
    return f"{TRANSLATED[section]}.{name}" if section in TRANSLATED else None


def singleuser_config(root: Path | None = None, *, as_root: bool | None = None) -> dict[str, dict[str, Any]]:
    """The Jupyter server configuration of a user's server: voila.json's settings where a server
    keeps them, the trainer's folder as the server's root. A setting of voila.json that is neither
    translated nor left out (with its reason) is an error, so that a setting added there is not
    silently lost here."""
    folder = find_root() if root is None else root
    config: dict[str, dict[str, Any]] = {"ServerApp": {
        "root_dir": str(folder), "kernel_manager_class": SERVER_KERNEL_MANAGER,
        "jpserver_extensions": {**dict.fromkeys(SERVER_EXTENSIONS_OFF, False), SERVER_EXTENSION: True}},
        # Unix sockets where they fit, as `gintrainer app` has them: under TCP, a class's kernels starting at
        # once on one machine race for ports, and a kernel that loses dies (12 times in 30 prepared servers)
        "KernelManager": {"transport": kernel_transport()}}
    unknown = []
    for section, values in voila_json(folder).items():
        if section in LEFT_OUT:
            continue
        for name, value in values.items():
            if f"{section}.{name}" in LEFT_OUT:
                continue
            target = _target(section, name)
            if target is None:
                unknown.append(f"{section}.{name}")
                continue
            where, key = target.split(".")
            config.setdefault(where, {})[key] = value
    if unknown:
        raise ValueError("voila.json has settings deploy/settings.py neither translates nor leaves out: "
                         + ", ".join(unknown))
    # The headers `gintrainer app` sends (its policy lets a page run only the server's own scripts), without
    # the request's host: 'self' covers the kernels' websockets in the browsers of now. JupyterHub's own
    # policy (frame-ancestors only) gives way to one set here.
    tornado = config.setdefault("ServerApp", {}).setdefault("tornado_settings", {})
    tornado["headers"] = {**tornado.get("headers", {}), **security_headers()}
    config["VoilaConfiguration"]["page_config_hook"] = without_mathjax
    if os.geteuid() == 0 if as_root is None else as_root:
        config["ServerApp"]["allow_root"] = True  # a container or a CI machine that runs everything as root
    return config
