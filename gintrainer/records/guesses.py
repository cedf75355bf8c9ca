"""Wrong guesses of the teacher passphrase, kept per client and per page, so that guessing
it slows down and leaves a trace while the teacher is never locked out.

Each page's kernel checks the passphrase typed there, and a class's server runs many
kernels: the guesses are kept in one small file of the server's data folder
(``server/passphrase-guesses.json``), read and changed under its lock
(:func:`~gintrainer.records.storage.locked`), so that every kernel of the server sees them.

After :data:`FREE_GUESSES` wrong guesses in a row from one client on one page (typing
mistakes), each further wrong one makes that client wait before its next try on that
page: 1 s, then twice as long each time (2, 4 ... 256 s), and from then on a pause of
:data:`PAUSE` seconds, no longer. A try within the wait is refused without being
compared, so the right passphrase does not open the page then either; after the wait it
does, and it forgets the client's wrong guesses on that page. Wrong guesses are forgotten
:data:`FORGET_SECONDS` after the last one. Another client (the teacher's own computer
while a student guesses) is never slowed.

>>> clock = [1000.0]
>>> guesses = Guesses(None, clock=lambda: clock[0])  # in memory: the server's are in guesses_path()
>>> [guesses.failed("10.0.0.7", "/gradebook") for _ in range(6)]
[0.0, 0.0, 0.0, 1.0, 2.0, 4.0]
>>> guesses.wait("10.0.0.7", "/gradebook"), guesses.wait("10.0.0.8", "/gradebook")
(4.0, 0.0)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..words.language import N_
from . import storage

FREE_GUESSES = 3
"""Wrong guesses in a row that cost no wait: typing mistakes."""
PAUSE = 300.0
"""The longest wait after a wrong guess, in seconds: the teacher waits at most this long."""
FORGET_SECONDS = 3600.0
"""Seconds after a client's last wrong guess on a page when its wrong guesses are forgotten."""
KEPT = 10_000
"""The most clients and pages the file keeps (the ones guessing last)."""
FORMAT = "gintrainer-passphrase-guesses"
RECORD = storage.RecordKind(N_("record of wrong passphrases"), version=1, format=FORMAT)


def delay(failures: int) -> float:
    """The seconds to wait after ``failures`` wrong guesses in a row.

    >>> [delay(n) for n in (1, 3, 4, 5, 12, 13, 200)]
    [0.0, 0.0, 1.0, 2.0, 256.0, 300.0, 300.0]
    """
    if failures <= FREE_GUESSES:
        return 0.0
    return min(2.0 ** min(failures - FREE_GUESSES - 1, 64), PAUSE)


def now() -> float:
    """The time the guesses are timed by, in seconds: the wall clock, which every kernel shares."""
    return time.time()


def guesses_path() -> Path:
    """The file of the server's data folder that keeps the wrong guesses."""
    return storage.data_dir() / "server" / "passphrase-guesses.json"


class Guesses:
    """The wrong guesses kept in the file ``path`` (:func:`guesses_path` for the server's;
    None: in memory only), timed by ``clock`` (seconds, :func:`time.time` by default: kernels
    are separate processes and share only the wall clock)."""

    def __init__(self, path: Path | None, *, clock: Callable[[], float] | None = None):
        self.path = path
        self.clock = clock or now
        self._memory: dict[str, Any] = {}

    @staticmethod
    def key(client: str, page: str) -> str:
        return f"{client} {page}"

    def _entries(self) -> dict[str, Any]:
        if self.path is None:
            return self._memory
        try:
            data = RECORD.read(storage.read_json(self.path), source=self.path.name)
        except FileNotFoundError:
            return {}
        except storage.RecordError:  # a damaged file: start again, keeping it aside
            storage.set_aside(self.path, "corrupt")
            return {}
        entries = data.get("guesses")
        return entries if isinstance(entries, dict) else {}

    def _save(self, entries: dict[str, Any]) -> None:
        now = self.clock()
        kept = {key: entry for key, entry in entries.items() if _valid(entry) and now - entry[1] < FORGET_SECONDS}
        if len(kept) > KEPT:
            kept = dict(sorted(kept.items(), key=lambda item: item[1][1])[-KEPT:])
        if self.path is None:
            self._memory = kept
        else:
            storage.write_json_atomic(self.path, RECORD.stamp({"guesses": kept}), mode=0o600)

    def _change(self, change: Callable[[dict[str, Any]], float]) -> float:
        if self.path is None:
            entries = self._entries()
            result = change(entries)
            self._save(entries)
            return result
        with storage.locked(self.path):
            entries = self._entries()
            result = change(entries)
            self._save(entries)
            return result

    def _read(self) -> dict[str, Any]:
        if self.path is None:
            return self._memory
        with storage.locked(self.path):
            return self._entries()

    def _kept(self, entries: dict[str, Any], client: str, page: str) -> tuple[int, float]:
        """The wrong guesses in a row of ``client`` on ``page`` in ``entries`` and the time of
        the last, (0, 0.0) if there are none not yet forgotten."""
        entry: Any = entries.get(self.key(client, page))
        if _valid(entry) and self.clock() - entry[1] < FORGET_SECONDS:
            return int(entry[0]), float(entry[1])
        return 0, 0.0

    def failures(self, client: str, page: str) -> int:
        """The wrong guesses in a row from ``client`` on ``page`` not yet forgotten."""
        return self._kept(self._read(), client, page)[0]

    def wait(self, client: str, page: str) -> float:
        """The seconds ``client`` must still wait before its next try on ``page`` (0: none)."""
        failures, last = self._kept(self._read(), client, page)
        return max(0.0, last + delay(failures) - self.clock()) if failures else 0.0

    def failed(self, client: str, page: str) -> float:
        """Count a wrong guess from ``client`` on ``page``; the seconds it must wait now."""
        def count(entries: dict[str, Any]) -> float:
            failures = self._kept(entries, client, page)[0]
            entries[self.key(client, page)] = [failures + 1, self.clock()]
            return delay(failures + 1)
        return self._change(count)

    def succeeded(self, client: str, page: str) -> None:
        """Forget the wrong guesses of ``client`` on ``page``: it gave the right passphrase."""
        self._change(lambda entries: float(entries.pop(self.key(client, page), None) is not None))


def _valid(entry: Any) -> bool:
    return (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], int)
            and not isinstance(entry[0], bool) and entry[0] >= 0
            and isinstance(entry[1], (int, float)) and not isinstance(entry[1], bool) and math.isfinite(entry[1]))
