"""deploy/ as the hub's test and its benchmark (bench/bench_hub.py) use it: deploy/settings.py
loaded by its path (deploy/ is no package), and JupyterHub started from deploy/jupyterhub_config.py
on one machine as a trial runs it: every user's server a local process with its home in a folder
of the hub's, one class password, free ports."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

from conftest import free_port, stop_process, stop_without_waiting, wait_until_answering

DEPLOY = Path(__file__).resolve().parents[1] / "deploy"
START_TIMEOUT = 120
"""Seconds the hub, or a user's server, may take to start on a busy machine."""


def deploy_settings() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gintrainer_deploy_settings", DEPLOY / "settings.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class LocalHub:
    """One JupyterHub process started from deploy/jupyterhub_config.py. ``settings``: the hub's
    environment variables (deploy/settings.py's SETTINGS) besides the ones a local trial sets here."""

    def __init__(self, base: Path, *, password: str, settings: dict[str, str]):
        self.base, self.password, self.settings = base, password, settings
        # The users' homes on a short path, as /home/<name> is: a kernel's Unix socket in a home's runtime
        # folder must fit in 107 bytes (gintrainer.app.kernel_transport), else the kernels use TCP ports,
        # which a class's kernels starting at once race for.
        self.homes = Path(tempfile.mkdtemp(prefix="gth"))
        self.log = base / "jupyterhub.log"
        self.port = free_port()
        self.prepare_port = free_port()
        """The port of the hub's service that prepares a class."""
        self.process: subprocess.Popen | None = None

    def environment(self) -> dict[str, str]:
        return dict(os.environ) | dict(GINTRAINER_HUB_IP="127.0.0.1", GINTRAINER_HUB_PORT=str(self.port),
                    GINTRAINER_HUB_STATE=str(self.base / "state"), GINTRAINER_HUB_AUTHENTICATOR="shared-password",
                    GINTRAINER_HUB_SHARED_PASSWORD=self.password, GINTRAINER_HUB_SPAWNER="simple",
                    GINTRAINER_HUB_HOMES=str(self.homes / "{username}"),
                    GINTRAINER_HUB_START_TIMEOUT=str(START_TIMEOUT), GINTRAINER_HUB_PREPARE_PORT=str(self.prepare_port),
                    PYTHONUNBUFFERED="1") | self.settings

    def start(self) -> None:
        if not deploy_settings().PROXY.is_file():
            raise RuntimeError("JupyterHub's proxy is not installed: make deploy/node_modules/.installed "
                               "(npm ci --prefix deploy)")
        command = [sys.executable, "-m", "jupyterhub", "-f", str(DEPLOY / "jupyterhub_config.py"),
                   f"--JupyterHub.hub_port={free_port()}",
                   f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{free_port()}"]
        with open(self.log, "a") as log:
            self.process = subprocess.Popen(command, cwd=self.base, env=self.environment(), stdout=log,
                                            stderr=subprocess.STDOUT)
        wait_until_answering("jupyterhub", self.process, self.url("hub/api/"), self.log, START_TIMEOUT)

    def stop(self, *, wait: bool = True) -> None:
        """Stop the hub: it stops its users' servers and its proxy first. Without ``wait``, the test run
        goes on while it does (its end waits up to a minute for it, see conftest.stop_without_waiting)."""
        if self.process is not None:
            (stop_process if wait else stop_without_waiting)(self.process, 60)
            self.process = None

    def url(self, path: str = "") -> str:
        return f"http://127.0.0.1:{self.port}/{path.lstrip('/')}"

    def page_url(self, user: str, notebook: str, query: str = "") -> str:
        return self.url(f"user/{user}/voila/render/{notebook}") + (f"?{query}" if query else "")

    def landing(self, user: str) -> str:
        """The address a user's browser lands on once signed in: the user's server's default page."""
        return self.url(f"user/{user}{deploy_settings().DEFAULT_URL}")
