"""A PostgreSQL server of the test run's own, for the class store's tests.

Debian's binaries (``/usr/lib/postgresql/<version>/bin``) make a cluster in a
temporary folder and serve it on a Unix socket in that folder only (no TCP port).
``initdb`` refuses to run as root, so a run as root (CI, this machine's shell)
runs the server as the ``postgres`` user, in a folder that user owns. Without the
binaries the tests that need the server fail under CI (``CI=true``: CI installs
PostgreSQL) and are skipped elsewhere, saying why.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

USER = "gintrainer"
DATABASE = "gintrainer_tests"
PORT = 5432  # only names the socket file (.s.PGSQL.5432) in the server's own folder


def binaries() -> Path | None:
    """The newest installed PostgreSQL's bin folder, or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parent.parent.name))
    return Path(found[-1]).parent if found else None


def missing(reason: str) -> None:
    """Fail under CI (which installs PostgreSQL), skip elsewhere."""
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"the class store's PostgreSQL tests need PostgreSQL: {reason} (CI installs it: see .ci/run)")
    pytest.skip(f"PostgreSQL tests skipped: {reason} (apt-get install postgresql)")


class PostgresServer:
    """One PostgreSQL server in a temporary folder; ``url`` reaches its test database."""

    def __init__(self, bin_folder: Path):
        self.bin = bin_folder
        self.folder = Path(tempfile.mkdtemp(prefix="gintrainer-pg-"))
        self.data = self.folder / "data"
        self.log = self.folder / "server.log"
        self.account = pwd.getpwnam("postgres") if os.geteuid() == 0 else None
        if self.account is not None:
            os.chown(self.folder, self.account.pw_uid, self.account.pw_gid)

    def _run(self, *command: str) -> None:
        def as_account() -> None:
            assert self.account is not None
            os.setgid(self.account.pw_gid)
            os.setgroups([])
            os.setuid(self.account.pw_uid)

        env = dict(os.environ, LC_ALL="C.UTF-8", HOME=str(self.folder))
        done = subprocess.run(command, cwd=self.folder, env=env, capture_output=True, text=True, timeout=120,
                              preexec_fn=as_account if self.account is not None else None)
        if done.returncode:
            log = self.log.read_text() if self.log.exists() else ""
            raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}{done.stderr}{log}")

    def start(self) -> None:
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", USER, "--auth=trust", "-E", "UTF8",
                  "--no-sync")
        self._serve()
        import psycopg
        with psycopg.connect(self.base_url("postgres"), autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {DATABASE}")

    def _serve(self) -> None:
        options = f"-k {self.folder} -c listen_addresses='' -p {PORT} -c fsync=off -c max_connections=100"
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-o", options, "-w",
                  "-t", "60", "start")

    def restart(self) -> None:
        """Stop the server and start it again, as a database server is restarted (its clients' connections go)."""
        self.halt()
        self._serve()

    def halt(self) -> None:
        """Stop the server, as a database server goes down (:meth:`serve` starts it again)."""
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "-t", "60", "stop")

    def serve(self) -> None:
        """Start the server again after :meth:`halt`."""
        self._serve()

    def base_url(self, database: str = DATABASE) -> str:
        return f"postgresql://{USER}@/{database}?host={self.folder}&port={PORT}"

    def fresh_schema(self, name: str) -> str:
        """A URL whose tables live in a new, empty schema ``name`` (one per test)."""
        import psycopg
        with psycopg.connect(self.base_url(), autocommit=True) as connection:
            connection.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')
            connection.execute(f'CREATE SCHEMA "{name}"')
        return f"{self.base_url()}&options=-csearch_path%3D{name}"

    def stop(self) -> None:
        if self.data.exists():
            with contextlib.suppress(RuntimeError):  # not started
                self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)
