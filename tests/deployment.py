"""deploy/settings.py as the tests load it: by its path, as deploy/jupyterhub_config.py and the
users' servers' configuration load it (deploy/ is no package)."""

import importlib.util
from pathlib import Path
from types import ModuleType

DEPLOY = Path(__file__).resolve().parents[1] / "deploy"


def deploy_settings() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gintrainer_deploy_settings", DEPLOY / "settings.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
