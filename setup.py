"""Packaging hook: the build compiles the message catalogs (each language's
``.po`` to its ``.mo``, with Babel), and a built wheel carries the app's pages
(the landing page, lessons, puzzles and voila.json) in ``gintrainer/site`` so that
``gintrainer app`` serves them after a plain ``pip install``. Everything else is
in pyproject.toml."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

SITE = ("index.ipynb", "voila.json", "lessons", "puzzles", "replays", "classroom", "practice")


def compile_catalogs(package: Path) -> None:
    """Each ``locale/<lang>/LC_MESSAGES/*.po`` of ``package`` compiled beside it."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in sorted(package.glob("locale/*/LC_MESSAGES/*.po")):
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=po.parts[-3])
        with po.with_suffix(".mo").open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=False)


class BuildWithSite(build_py):
    def run(self) -> None:
        root = Path(__file__).resolve().parent
        compile_catalogs(root / "gintrainer")  # before the copy, so that a wheel carries them
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install serves the checkout itself
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
