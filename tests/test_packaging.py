"""A built wheel carries the pages and the data, so `gintrainer app` works after a
plain pip install."""

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SITE = ("index.ipynb", "voila.json", "lessons", "puzzles", "replays", "classroom", "practice")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "setup.py", "README.md", "gintrainer", *SITE):
        path = ROOT / name
        if path.is_dir():
            # No compiled catalog goes in: the build must compile each language's .po itself.
            shutil.copytree(path, source / name,
                            ignore=shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints", "*.mo"))
        else:
            shutil.copy2(path, source / name)
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q", "-w", str(out)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    return next(out.glob("gintrainer-*.whl"))


def test_wheel_carries_the_site_and_the_data(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for page in ("index.ipynb", "voila.json", "lessons/01_cards_and_melds.ipynb", "puzzles/daily.ipynb",
                 "replays/example_hands.ipynb", "classroom/teacher.ipynb", "practice/practice.ipynb"):
        assert f"gintrainer/site/{page}" in names
    assert "gintrainer/data/bank_can_knock.json" in names and "gintrainer/data/bank_best_discard.json" in names
    assert any(n.startswith("gintrainer/data/hands/") and n.endswith(".json") for n in names)
    template = "gintrainer/share/voila/templates/gintrainer"
    assert {f"{template}/conf.json", f"{template}/index.html.j2"} <= names  # voila.json's template
    assert {f"{template}/static/page.js", f"{template}/static/finish.js",
            f"{template}/static/connection.js"} <= names  # its scripts
    notebooks = {p.relative_to(ROOT).as_posix() for folder in SITE[2:] for p in (ROOT / folder).glob("*.ipynb")}
    assert {f"gintrainer/site/{n}" for n in notebooks} <= names


def test_the_build_compiles_the_catalogs_into_the_wheel(wheel, tmp_path):
    """Each language's catalog is compiled by the build (the source had no .mo), and the
    installed package speaks the language; the lessons in each language come along."""
    from gintrainer.catalogs import TRANSLATED

    names = set(zipfile.ZipFile(wheel).namelist())
    for lang in TRANSLATED:
        assert f"gintrainer/locale/{lang}/LC_MESSAGES/gintrainer.mo" in names
        assert f"gintrainer/site/lessons/{lang}/01_cards_and_melds.ipynb" in names
    zipfile.ZipFile(wheel).extractall(tmp_path / "lib")
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from gintrainer.material.messages import render, say; "
            "print(render(say('grade_right'), 'tr'))")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "lib")], capture_output=True, text=True,
                          cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    from gintrainer.material.messages import render, say
    assert done.stdout.strip() == render(say("grade_right"), "tr") != render(say("grade_right"), "en")


def test_the_installed_package_finds_its_own_site(wheel, tmp_path):
    zipfile.ZipFile(wheel).extractall(tmp_path / "lib")
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from gintrainer.app import find_root; "
            "print(find_root())")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "lib")], capture_output=True, text=True,
                          cwd=tmp_path, env={"PATH": ""})
    assert done.returncode == 0, done.stderr
    assert Path(done.stdout.strip()) == (tmp_path / "lib" / "gintrainer" / "site").resolve()


def test_every_package_data_pattern_names_files_that_exist():
    """pyproject.toml's package-data lists only what the package has (it once
    named a static/ folder that does not exist)."""
    import tomllib
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for package, patterns in config["tool"]["setuptools"]["package-data"].items():
        folder = ROOT / package.replace(".", "/")
        for pattern in patterns:
            assert any(p.is_file() for p in folder.glob(pattern)), f"{package}: {pattern} matches no file"
