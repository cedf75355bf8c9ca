"""Test-wide set-up: learner progress goes to a temporary folder, never the
user's own (the notebooks under nbval read it too)."""

import os
import tempfile


def pytest_configure(config):
    if "GINTRAINER_DATA" not in os.environ:
        os.environ["GINTRAINER_DATA"] = tempfile.mkdtemp(prefix="gintrainer-test-data-")
