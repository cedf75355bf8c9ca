"""What the catalogs' translations say and how gettext's own tools read them:
``msgfmt --check-format`` passes over every catalog."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from gintrainer import catalogs

MSGFMT = shutil.which("msgfmt")
needs_msgfmt = pytest.mark.skipif(MSGFMT is None, reason="msgfmt is not installed (Debian's gettext package: "
                                                         "apt-get install gettext; .ci/run installs it)")


def _msgfmt_check(path) -> subprocess.CompletedProcess:
    return subprocess.run([MSGFMT, "--check-format", "--check-header", "-o", "/dev/null", str(path)],
                          capture_output=True, text=True, check=False)


@needs_msgfmt
@pytest.mark.parametrize("lang", catalogs.TRANSLATED)
def test_every_catalog_passes_msgfmt_check_format(lang):
    """gettext's msgfmt compares each translation's format directives with the English's, as the flags say:
    a sentence flagged ``python-format`` whose "%" is only a percent sign fails it."""
    result = _msgfmt_check(catalogs.po_path(lang))
    assert result.returncode == 0, result.stderr


@needs_msgfmt
@pytest.mark.parametrize("lang", catalogs.TRANSLATED)
def test_a_catalog_written_again_by_the_catalogs_tool_still_passes_msgfmt(lang, tmp_path):
    """update and merge read a catalog and write it again: the writing keeps ``python-format`` off the
    sentences whose "%" is a percent sign ("about 99% of the hands"), which Babel flags when it reads them."""
    path = tmp_path / f"{lang}.po"
    catalogs._write(catalogs.read(catalogs.po_path(lang), lang), path)
    result = _msgfmt_check(path)
    assert result.returncode == 0, result.stderr


def test_only_argparse_s_texts_are_percent_format_strings():
    flagged = [m.id for m in catalogs.template() if m.id and catalogs.percent_format(
        m.id[0] if isinstance(m.id, tuple) else m.id)]
    assert flagged and all("%%" in text for text in flagged)
    assert not catalogs.percent_format("this knock beats about 99% of the hands she may hold")
