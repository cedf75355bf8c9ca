"""The security benchmark prints the guessing waits the profile store and the passphrase gate
impose, and docs/security.md quotes the lines that depend on no clock as the benchmark prints
them. No figure is held to a time."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import bench_module
from gintrainer.records import guesses, profiles

DOC = Path(__file__).resolve().parents[1] / "docs" / "security.md"


@pytest.fixture(scope="module")
def bench():
    with bench_module("bench_security") as module:
        yield module


def run(module, capsys, *argv: str) -> list[str]:
    assert module.main(list(argv)) == 0
    return capsys.readouterr().out.splitlines()


def test_the_waits_printed_are_the_stores_own(bench, capsys):
    pin, every_pin, passphrase = run(bench, capsys, "--checks", "2")
    assert "n=16384 r=8 p=1, 16 MiB" in pin and "over 2 checks" in pin
    days = sum(profiles.wait_for_pin(failures, 0, 0) for failures in range(1, 10_001)) / 86_400
    assert every_pin.startswith(f"every four-digit PIN tried from one place: {days:.0f} days")
    assert f"the owner waits {profiles.LONGEST_WAIT // 60} min at most" in every_pin
    hours = sum(guesses.delay(failures) for failures in range(1, 200)) / 3600
    assert passphrase.startswith(f"200 wrong teacher passphrases from one client on one page: {hours:.1f} h")


def test_the_security_page_quotes_the_benchmark(bench, capsys):
    _, every_pin, passphrase = run(bench, capsys, "--checks", "1")
    doc = DOC.read_text(encoding="utf-8")
    assert every_pin in doc and passphrase in doc


def test_a_count_of_checks_out_of_bounds_is_refused(bench, capsys):
    for value in ("0", "10001"):
        with pytest.raises(SystemExit) as exit_:
            bench.main(["--checks", value])
        assert exit_.value.code == 2
