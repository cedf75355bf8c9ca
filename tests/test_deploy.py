"""deploy/: the hub's configuration and its Kubernetes form, checked offline. The users' servers
get voila.json's settings (translated, never copied), the hub's configuration documents every
setting it reads, and the chart's values and the image name the same page, the same environment
and what pyproject.toml installs (tests/browser/test_hub.py runs the hub itself)."""

from __future__ import annotations

import ast
import json
import re
import shutil
import tomllib
from pathlib import Path
from types import SimpleNamespace

import pytest
from traitlets.config import Config, PyFileConfigLoader

from deployment import DEPLOY, deploy_settings
from gintrainer.app import TEACHER_PASSPHRASE, find_root, kernel_transport, security_headers
from gintrainer.records.storage import DATA_ENV

ROOT = DEPLOY.parent
settings = deploy_settings()
KUBERNETES = DEPLOY / "kubernetes"
HUB_ENV = {TEACHER_PASSPHRASE: "grey heron 17", "GINTRAINER_HUB_TEACHERS": "lee", "GINTRAINER_HUB_STATE": ""}


def spawner(user: str) -> SimpleNamespace:
    return SimpleNamespace(user=SimpleNamespace(name=user))


def load_config(path: Path) -> Config:
    return PyFileConfigLoader(path.name, path=str(path.parent)).load_config()


def values() -> dict:
    yaml = pytest.importorskip("yaml")
    return yaml.safe_load((KUBERNETES / "values.yaml").read_text(encoding="utf-8"))


def dockerfile() -> list[str]:
    """The Dockerfile's instructions, continued lines joined, comments left out."""
    text = re.sub(r"\\\n", " ", (KUBERNETES / "Dockerfile").read_text(encoding="utf-8"))
    return [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def wheel_site() -> tuple[str, ...]:
    """setup.py's SITE: the pages a wheel carries."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    return next(ast.literal_eval(node.value) for node in tree.body
                if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "SITE")


# -- each user's server -------------------------------------------------------------

def test_a_users_server_gets_each_voila_json_setting_where_a_server_keeps_it_or_a_reason_why_not():
    voila = json.loads((find_root() / "voila.json").read_text())
    config = settings.singleuser_config()
    for section, entries in voila.items():
        for name, value in entries.items():
            if section in settings.LEFT_OUT or f"{section}.{name}" in settings.LEFT_OUT:
                continue
            if f"{section}.{name}" == "Voila.tornado_settings":
                continue  # below: with the headers added
            where, key = settings._target(section, name).split(".")
            assert config[where][key] == value, f"{section}.{name}"
    assert config["VoilaConfiguration"].pop("page_config_hook") is settings.without_mathjax  # below
    assert config["VoilaConfiguration"]["template"] == voila["VoilaConfiguration"]["template"]
    page = {"fullMathjaxUrl": "https://cdnjs.example/mathjax.js", "mathjaxConfig": "TeX", "baseUrl": "/"}
    assert settings.without_mathjax(page, log=None) == {"fullMathjaxUrl": None, "mathjaxConfig": None, "baseUrl": "/"}
    tornado = dict(config["ServerApp"]["tornado_settings"])
    assert tornado.pop("headers") == security_headers()  # as gintrainer app sends them (without a host)
    assert tornado == voila["Voila"]["tornado_settings"]
    assert config["MappingKernelManager"] == voila["MappingKernelManager"]
    assert "preheat_kernel" not in config["VoilaConfiguration"] and "VoilaKernelManager" not in config
    # the pools of preheated kernels, empty until a class is prepared (tests/test_hub_server.py)
    assert config["ServerApp"]["kernel_manager_class"] == settings.SERVER_KERNEL_MANAGER
    assert config["ServerApp"]["jpserver_extensions"][settings.SERVER_EXTENSION] is True
    assert config["KernelManager"]["transport"] == kernel_transport()  # no race for ports at a class's start
    assert config["ServerApp"]["root_dir"] == str(find_root())


def test_a_setting_added_to_voila_json_stops_the_users_servers_until_deploy_says_where_it_goes(tmp_path):
    voila = json.loads((find_root() / "voila.json").read_text())
    voila["Voila"]["port"] = 9999
    (tmp_path / "voila.json").write_text(json.dumps(voila))
    shutil.copy2(find_root() / "index.ipynb", tmp_path / "index.ipynb")
    with pytest.raises(ValueError, match="Voila.port"):
        settings.singleuser_config(tmp_path)
    del voila["Voila"]["port"]
    (tmp_path / "voila.json").write_text(json.dumps(voila))
    assert settings.singleuser_config(tmp_path)["ServerApp"]["root_dir"] == str(tmp_path)


def test_a_server_run_as_root_is_allowed_to_and_no_other():
    assert settings.singleuser_config(as_root=True)["ServerApp"]["allow_root"] is True
    assert "allow_root" not in settings.singleuser_config(as_root=False)["ServerApp"]


def test_the_users_servers_configuration_file_applies_the_translation():
    loaded = load_config(settings.SINGLEUSER_CONFIG / "jupyter_server_config.py")
    for section, entries in settings.singleuser_config().items():
        for name, value in entries.items():
            if callable(value):  # the file loads its own copy of deploy/settings.py
                assert loaded[section][name].__qualname__ == value.__qualname__, f"{section}.{name}"
                continue
            assert loaded[section][name] == value, f"{section}.{name}"


# -- the hub ------------------------------------------------------------------------

@pytest.fixture
def hub_config(monkeypatch, tmp_path):
    for name in settings.SETTINGS:
        monkeypatch.delenv(name, raising=False)
    for name, value in {**HUB_ENV, "GINTRAINER_HUB_STATE": str(tmp_path)}.items():
        monkeypatch.setenv(name, value)
    return lambda: load_config(DEPLOY / "jupyterhub_config.py")


def test_the_hub_opens_voila_and_gives_each_server_the_trainers_environment(hub_config, monkeypatch):
    config = hub_config()
    assert config.Spawner.default_url == settings.DEFAULT_URL == "/voila/render/index.ipynb"
    environment = config.Spawner.environment
    assert environment[DATA_ENV] == settings.DATA_FOLDER
    assert environment["JUPYTER_CONFIG_PATH"] == str(settings.SINGLEUSER_CONFIG)
    assert settings.DATABASE_ENV not in environment  # none named: each server keeps its own
    assert config.JupyterHub.port == 8000 and config.JupyterHub.authenticator_class == "pam"
    monkeypatch.setenv(settings.DATABASE_ENV, "postgresql://hub@db.example.org/gintrainer")
    monkeypatch.setenv("GINTRAINER_HUB_PORT", "8123")
    config = hub_config()
    assert config.Spawner.environment[settings.DATABASE_ENV] == "postgresql://hub@db.example.org/gintrainer"
    assert config.JupyterHub.port == 8123


def test_only_the_teachers_servers_know_the_teacher_passphrase(hub_config, monkeypatch):
    passphrase = hub_config().Spawner.environment[TEACHER_PASSPHRASE]
    assert passphrase(spawner("lee")) == HUB_ENV[TEACHER_PASSPHRASE]
    kim, again = passphrase(spawner("kim")), passphrase(spawner("kim"))
    assert kim != HUB_ENV[TEACHER_PASSPHRASE] and again != kim and len(kim) >= 24
    monkeypatch.delenv("GINTRAINER_HUB_TEACHERS")
    assert hub_config().Spawner.environment[TEACHER_PASSPHRASE](spawner("kim")) == HUB_ENV[TEACHER_PASSPHRASE]


def test_the_hub_does_not_start_without_a_teacher_passphrase(hub_config, monkeypatch):
    monkeypatch.setenv(TEACHER_PASSPHRASE, "  ")
    with pytest.raises(ValueError, match=TEACHER_PASSPHRASE):
        hub_config()


def test_the_hub_configuration_documents_every_setting_it_reads_with_its_default():
    text = (DEPLOY / "jupyterhub_config.py").read_text(encoding="utf-8")
    documented = " ".join(text.split('"""')[1].split())
    for name, (default, what) in settings.SETTINGS.items():
        assert f"{name} (default {default!r}): {what}" in documented, name
    read = set(re.findall(r'setting\("(\w+)"\)', text))
    assert read and read <= set(settings.SETTINGS)


# -- on Kubernetes ------------------------------------------------------------------

def test_the_charts_values_name_the_hubs_page_and_environment():
    chart = values()
    single = chart["singleuser"]
    assert single["defaultUrl"] == settings.DEFAULT_URL
    env = single["extraEnv"]
    assert env[DATA_ENV] == settings.DATA_FOLDER
    assert env[settings.PROFILES_SHARED] == "0"
    assert env["JUPYTER_CONFIG_PATH"].endswith("/" + settings.SINGLEUSER_CONFIG.relative_to(ROOT).as_posix())
    assert env[settings.DATABASE_ENV]["valueFrom"]["secretKeyRef"]["name"]
    assert chart["hub"]["extraEnv"][TEACHER_PASSPHRASE]["valueFrom"]["secretKeyRef"]["name"]
    # the chart runs no service that prepares a class (deploy/prepare_class.py is the hub on one machine's)
    hub_environment = settings.user_environment(HUB_ENV | {settings.DATABASE_ENV: "postgresql://x",
                                                           "GINTRAINER_HUB_PREPARE_PORT": "0"})
    assert set(env) | {TEACHER_PASSPHRASE} == set(hub_environment)  # the same variables as the hub's
    for resource in ("memory", "cpu"):
        assert {"guarantee", "limit"} <= set(single[resource])
    assert single["storage"]["homeMountPath"] == "/home/jovyan"
    assert chart["cull"]["enabled"] is True and chart["cull"]["timeout"] > 0


def test_the_charts_hub_gives_the_passphrase_to_teachers_only_as_the_hub_on_one_machine_does(monkeypatch):
    hub = values()["hub"]
    monkeypatch.setenv("GINTRAINER_HUB_SHARED_PASSWORD", "class password 7")
    monkeypatch.setenv(TEACHER_PASSPHRASE, HUB_ENV[TEACHER_PASSPHRASE])
    monkeypatch.setenv("GINTRAINER_HUB_TEACHERS", hub["extraEnv"]["GINTRAINER_HUB_TEACHERS"])
    c = Config()
    c.KubeSpawner.environment = {DATA_ENV: settings.DATA_FOLDER}
    exec(hub["extraConfig"]["gintrainer"], {"c": c})
    ours = settings.passphrase_for(settings.names(hub["extraEnv"]["GINTRAINER_HUB_TEACHERS"]),
                                   HUB_ENV[TEACHER_PASSPHRASE])
    theirs = c.KubeSpawner.environment[TEACHER_PASSPHRASE]
    for user in ("teacher", "kim"):
        assert (theirs(spawner(user)) == HUB_ENV[TEACHER_PASSPHRASE]) == (ours(spawner(user)) ==
                                                                         HUB_ENV[TEACHER_PASSPHRASE])
    assert theirs(spawner("teacher")) == HUB_ENV[TEACHER_PASSPHRASE] != theirs(spawner("kim"))
    assert c.SharedPasswordAuthenticator.user_password == "class password 7"
    assert c.KubeSpawner.environment[DATA_ENV] == settings.DATA_FOLDER


def test_the_image_installs_the_trainer_as_pyproject_says_and_its_servers_configuration():
    lines = dockerfile()
    base = next(line.split()[1] for line in lines if line.startswith("ARG BASE_IMAGE="))
    assert re.match(r"(quay\.io/jupyterhub/k8s-singleuser-sample|quay\.io/jupyter/base-notebook):", base.split("=")[1])
    copied = next(line.split() for line in lines if line.startswith("COPY"))
    assert copied[1] == "."  # the whole repository, the build context
    target = copied[2]
    installs = [re.findall(r"pip install [^&]*", line) for line in lines if line.startswith("RUN")]
    packages = [word.strip('"') for found in installs for command in found for word in command.split()[2:]
                if not word.startswith("-")]
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert packages == [f"{target}[hub]"] and "jupyterhub" in " ".join(extras["hub"])  # pyproject's lists only
    assert any("python -m gintrainer.catalogs compile" in line for line in lines)
    env = next(line for line in lines if line.startswith("ENV JUPYTER_CONFIG_PATH="))
    assert env.split("=", 1)[1] == values()["singleuser"]["extraEnv"]["JUPYTER_CONFIG_PATH"] == \
        f"{target}/{settings.SINGLEUSER_CONFIG.relative_to(ROOT).as_posix()}"
    assert lines[-2:] == ["USER 1000", "WORKDIR /home/jovyan"]  # not root, in the user's storage


def test_the_image_build_keeps_what_the_trainer_and_its_servers_need():
    ignored = [line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()
               if line.strip() and not line.startswith("#")]
    needed = ["pyproject.toml", "setup.py", "README.md", "gintrainer", "deploy/settings.py",
              "deploy/singleuser/jupyter_server_config.py", *wheel_site()]
    for path in needed:
        assert (ROOT / path).exists(), path
        assert not any(Path(path).match(pattern) or path.startswith(pattern.rstrip("/") + "/") or path == pattern
                       for pattern in ignored), path


def test_the_hub_stops_idle_users_servers_when_the_culler_is_installed(hub_config, monkeypatch):
    import importlib.util
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: object() if name == settings.CULLER else real(name, *a))
    monkeypatch.setenv("GINTRAINER_HUB_CULL_TIMEOUT", "600")
    config = hub_config()
    [service] = [s for s in config.JupyterHub.services if s["name"] != settings.PREPARE_SERVICE]
    [role] = [r for r in config.JupyterHub.load_roles if r["name"] != settings.PREPARE_SERVICE]
    assert service["command"][1:] == ["-m", settings.CULLER, "--timeout=600"]
    assert role["services"] == [service["name"]] and "delete:servers" in role["scopes"]
    monkeypatch.setenv("GINTRAINER_HUB_CULL_TIMEOUT", "0")
    monkeypatch.setenv("GINTRAINER_HUB_PREPARE_PORT", "0")
    config = hub_config()
    assert config.JupyterHub.services == [] and config.JupyterHub.load_roles == []


def test_the_hub_runs_the_service_that_prepares_a_class_with_its_own_scopes_and_no_more(hub_config, monkeypatch):
    monkeypatch.setenv("GINTRAINER_HUB_TEACHERS", "lee")
    monkeypatch.setenv("GINTRAINER_HUB_PREPARE_PORT", "8123")
    config = hub_config()
    [service] = [s for s in config.JupyterHub.services if s["name"] == settings.PREPARE_SERVICE]
    [role] = [r for r in config.JupyterHub.load_roles if r["name"] == settings.PREPARE_SERVICE]
    assert service["url"] == "http://127.0.0.1:8123" and service["command"][-1].endswith("deploy/prepare_class.py")
    assert service["environment"]["GINTRAINER_HUB_TEACHERS"] == "lee"
    assert service["environment"]["GINTRAINER_HUB_PUBLIC_URL"] == "http://127.0.0.1:8000"
    assert role["services"] == [settings.PREPARE_SERVICE]
    assert set(role["scopes"]) == {"list:users", "read:users", "admin:users", "servers", "read:servers",
                                   "users:activity", "access:servers"}
    assert not {"admin:servers", "tokens", "shutdown", "admin-ui", "delete:servers"} & set(role["scopes"])
    assert config.Spawner.environment[settings.PREPARE_URL] == "http://127.0.0.1:8123"  # where a teacher's page asks
    monkeypatch.setenv("GINTRAINER_HUB_PREPARE_PORT", "0")
    config = hub_config()
    assert settings.PREPARE_URL not in config.Spawner.environment
    assert not any(s["name"] == settings.PREPARE_SERVICE for s in config.JupyterHub.services)
