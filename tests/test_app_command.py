"""The command line `gintrainer app` starts Voila with: its site, its voila.json, and the kernels
spoken to through Unix sockets where their paths fit."""

import os
from pathlib import Path
from unittest import mock

import pytest

from gintrainer.app import KERNEL_SOCKET, SOCKET_PATH_MAX, kernel_transport, voila_command

posix_only = pytest.mark.skipif(os.name != "posix", reason="Unix sockets")


@posix_only
def test_kernels_use_unix_sockets_in_a_runtime_folder_whose_paths_fit():
    assert kernel_transport("/root/.local/share/jupyter/runtime") == "ipc"
    longest = "/" + "r" * (SOCKET_PATH_MAX - len(KERNEL_SOCKET) - 1)
    assert len(longest + KERNEL_SOCKET) == SOCKET_PATH_MAX and kernel_transport(longest) == "ipc"


@posix_only
def test_kernels_use_tcp_where_a_socket_s_path_would_be_too_long():
    too_long = "/" + "r" * (SOCKET_PATH_MAX - len(KERNEL_SOCKET))
    assert kernel_transport(too_long) == "tcp"
    assert kernel_transport("/tmp/" + "é" * 40) == "tcp"  # bytes count, not letters


def test_the_command_serves_the_site_with_its_settings_and_the_kernels_transport(monkeypatch, tmp_path):
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path / "runtime"))
    command = voila_command(Path("/srv/site"), port=8866, ip="127.0.0.1")
    assert command[-1] == "/srv/site" and "--Voila.config_file_paths=/srv/site" in command
    assert command[1:3] == ["-m", "gintrainer.app"]  # Voila, with the package's template on its path
    assert f"--KernelManager.transport={kernel_transport(str(tmp_path / 'runtime'))}" in command


def test_voila_finds_the_package_s_template_named_in_voila_json(tmp_path):
    import json

    from voila.paths import collect_template_paths

    from gintrainer.app import TEMPLATES, find_root, with_templates
    name = json.loads((find_root() / "voila.json").read_text())["VoilaConfiguration"]["template"]
    environ = with_templates({"JUPYTER_PATH": str(tmp_path)})
    assert environ["JUPYTER_PATH"].split(os.pathsep) == [str(TEMPLATES), str(tmp_path)]
    with mock.patch.dict(os.environ, environ):
        paths = collect_template_paths(["voila", "nbconvert"], name, prune=True)
    assert paths[0] == str(TEMPLATES / "voila" / "templates" / name)


class _Voila:
    """Stands for the Voila process ``serve`` starts: records its command line, stops at once."""

    commands: list[list[str]] = []

    def __init__(self, command, **_):
        self.commands.append(command)

    def wait(self):
        return 0


@pytest.mark.parametrize("ip", ["", "   ", "999.1.1.1", "10.1", "127.0.0.1:8866", "[::1]", "no-such-host.invalid",
                                "a host", "192.0.2.254", "x" * 300])
def test_an_address_the_server_cannot_listen_on_is_refused_naming_it(capsys, monkeypatch, ip):
    from gintrainer import app
    from gintrainer.cli import main
    monkeypatch.setattr(app.subprocess, "Popen", _Voila)
    _Voila.commands = []
    monkeypatch.setattr(app, "compile_package", lambda: True)
    code = main(["app", "--no-browser", "--ip", ip, "--port", "8866"])
    err = capsys.readouterr().err
    assert code == 2 and not _Voila.commands
    assert len(err.strip().splitlines()) == 1 and err.startswith("gintrainer: error: --ip must be"), err
    assert repr(ip)[:20] in err and "Traceback" not in err


@pytest.mark.parametrize("ip", ["127.0.0.1", "localhost", "0.0.0.0", "::"])
def test_an_address_or_name_of_this_machine_is_served(capsys, monkeypatch, ip):
    from gintrainer import app
    from gintrainer.cli import main
    monkeypatch.setattr(app.subprocess, "Popen", _Voila)
    _Voila.commands = []
    monkeypatch.setattr(app, "compile_package", lambda: True)
    assert main(["app", "--no-browser", "--ip", ip, "--port", "8866"]) == 0
    assert [c for c in _Voila.commands[0] if c.startswith("--Voila.ip=")] == [f"--Voila.ip={ip}"]
    assert "http://" in capsys.readouterr().out


def test_the_policy_names_the_request_s_host_for_websockets_only_when_it_is_a_plain_host():
    from gintrainer.app import content_security_policy
    assert "connect-src 'self' ws://127.0.0.1:8866 wss://127.0.0.1:8866;" in content_security_policy("127.0.0.1:8866")
    assert "ws://[::1]:8866" in content_security_policy("[::1]:8866")
    for hostile in ("evil.example; script-src *", "a b", "x'y", "", None):
        policy = content_security_policy(hostile)
        assert "connect-src 'self';" in policy and "ws:" not in policy and "*" not in policy


def test_the_policy_allows_voila_s_heartbeat_line_by_its_hash():
    import base64
    import hashlib
    import inspect

    import voila.handler

    from gintrainer.app import HEARTBEAT, content_security_policy
    assert f"<script>{HEARTBEAT}</script>" in inspect.getsource(voila.handler)  # the line Voila writes
    digest = base64.b64encode(hashlib.sha256(HEARTBEAT.encode()).digest()).decode()
    assert f"'sha256-{digest}'" in content_security_policy()


@pytest.mark.parametrize("path, listing, answered", [
    ("index.ipynb", False, True), ("lessons/01_cards_and_melds.ipynb", False, True), ("lessons/ku", True, True),
    ("", True, True), ("", False, False), ("gintrainer/app.py", False, False), ("data/profiles", True, False),
    ("lessons/../gintrainer", True, False), ("lessons/.hidden.ipynb", False, False), ("lessons//x", False, False),
    ("lessons/__pycache__", True, False), ("lessons/notes.md", False, False), ("voila.json", False, False),
])
def test_the_server_answers_for_the_pages_only(path, listing, answered):
    from gintrainer.app import on_site
    assert on_site(path, hide=("__pycache__", "*.md"), listing=listing) is answered


def _gone(process) -> bool:
    """Whether a process has ended (a zombie not yet reaped has)."""
    import psutil
    try:
        return process.status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


@posix_only
@pytest.mark.parametrize("stop", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_stop_signal_to_the_app_stops_its_voila_server_and_kernels(tmp_path, stop):
    """``gintrainer app`` run as a user runs it; the stop signal sent to that process alone (as a service
    manager or a closed terminal sends it): the server stops answering and no process it started is left."""
    import signal
    import subprocess
    import sys
    import time
    import urllib.error
    import urllib.request

    import psutil

    from conftest import free_port, wait_until_answering
    from gintrainer.app import find_root
    port, log = free_port(), tmp_path / "app.log"
    root = find_root()
    env = dict(os.environ, GINTRAINER_DATA=str(tmp_path / "data"), PYTHONPATH=str(root), PYTHONUNBUFFERED="1")
    with open(log, "w") as out:
        app = subprocess.Popen([sys.executable, "-m", "gintrainer", "app", "--no-browser", "--ip", "127.0.0.1",
                                "--port", str(port)], cwd=tmp_path, env=env, stdout=out, stderr=subprocess.STDOUT)
    started: list[psutil.Process] = []
    try:
        url = f"http://127.0.0.1:{port}/voila/api/contents/"
        wait_until_answering("gintrainer app", app, url, log, timeout=120)
        deadline = time.monotonic() + 60
        while len(started) < 2 and time.monotonic() < deadline:  # Voila and a preheated page's kernel
            started = psutil.Process(app.pid).children(recursive=True)
            time.sleep(0.2)
        assert len(started) >= 2, started
        app.send_signal(getattr(signal, stop))
        app.wait(60)
        deadline = time.monotonic() + 30
        while not all(_gone(p) for p in started) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert all(_gone(p) for p in started), [p for p in started if not _gone(p)]
        with pytest.raises(urllib.error.URLError):
            urllib.request.urlopen(url, timeout=5)
        assert app.returncode == 0, log.read_text()  # a stop asked for, not a failure
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
        for process in started:
            if not _gone(process):
                process.kill()
