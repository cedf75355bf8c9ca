"""Packaging hook: a built wheel carries the app's pages (the landing page,
lessons, puzzles and voila.json) in ``gintrainer/site`` so that ``gintrainer app``
serves them after a plain ``pip install``. Everything else is in pyproject.toml."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

SITE = ("index.ipynb", "voila.json", "lessons", "puzzles", "replays", "classroom", "practice")


class BuildWithSite(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install serves the checkout itself
        root = Path(__file__).resolve().parent
        target = Path(self.build_lib) / "gintrainer" / "site"
        for name in SITE:
            source = root / name
            if source.is_dir():
                shutil.copytree(source, target / name, dirs_exist_ok=True,
                                ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
            elif source.is_file():
                target.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, target / name)


setup(cmdclass={"build_py": BuildWithSite})
