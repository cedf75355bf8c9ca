"""Each user's Jupyter server under the hub (the hub puts this folder on ``JUPYTER_CONFIG_PATH``;
so does the Kubernetes image): the trainer's folder as the server's root and the Voila settings of
voila.json, translated by ``deploy/settings.py``."""

import importlib.util
import os
from pathlib import Path

from gintrainer.app import with_templates

_spec = importlib.util.spec_from_file_location("gintrainer_deploy_settings",
                                               Path(__file__).resolve().parents[1] / "settings.py")
assert _spec is not None and _spec.loader is not None
_settings = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_settings)

# The package's Voila template (voila.json's "template"), found where Voila looks: on JUPYTER_PATH.
os.environ.update(with_templates(dict(os.environ)))

c = get_config()  # noqa: F821 (given by the config loader)
for _section, _values in _settings.singleuser_config().items():
    for _name, _value in _values.items():
        setattr(c[_section], _name, _value)
