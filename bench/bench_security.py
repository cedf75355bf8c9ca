"""Figures of the shared server's defences that take no server to measure; prints them, asserts nothing.

    python bench/bench_security.py [--checks 20]

- checking a profile's PIN: the time of one check (scrypt with the profile store's cost), median
  and largest of ``--checks`` checks, and the memory scrypt asks for;
- guessing a PIN: the waits the profile store imposes (``profiles.wait_for_pin``) summed over
  every four-digit PIN, and the longest wait its owner can meet;
- guessing the teacher passphrase: the waits of ``guesses.delay`` summed over 200 wrong guesses
  from one client on one page (the 200 guesses of the report that took 17.7 s before), and the
  longest wait the teacher can meet.

The kernel caps are measured by bench/bench_kernel_caps.py, which needs a server.
"""

from __future__ import annotations

import argparse
import secrets
import statistics
import time

from gintrainer.records import guesses, profiles


def pin_check_seconds(checks: int) -> list[float]:
    """Seconds taken by each of ``checks`` checks of a PIN, as the profile store makes them."""
    salt = secrets.token_bytes(16)
    seconds = []
    for _ in range(checks):
        began = time.perf_counter()
        profiles._hash("4711", salt, profiles.SCRYPT)
        seconds.append(time.perf_counter() - began)
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checks", type=int, default=20, help="PIN checks to time (default 20)")
    args = parser.parse_args(argv)
    if not 1 <= args.checks <= 10_000:
        parser.error("--checks must be from 1 to 10000")
    cost = profiles.SCRYPT
    memory = 128 * cost["n"] * cost["r"] * cost["p"]
    seconds = pin_check_seconds(args.checks)
    print(f"PIN check (scrypt n={cost['n']} r={cost['r']} p={cost['p']}, {memory / 2 ** 20:.0f} MiB): "
          f"median {statistics.median(seconds) * 1000:.0f} ms, largest {max(seconds) * 1000:.0f} ms "
          f"over {args.checks} checks")
    waits = [profiles.wait_for_pin(failures, 0, 0) for failures in range(1, 10_001)]
    print(f"every four-digit PIN tried from one place: {sum(waits) / 86_400:.0f} days of waits "
          f"(half on average); the owner waits {max(waits) / 60:.0f} min at most")
    delays = [guesses.delay(failures) for failures in range(1, 200)]  # the waits between 200 guesses
    print(f"200 wrong teacher passphrases from one client on one page: {sum(delays) / 3600:.1f} h of waits; "
          f"the teacher waits {guesses.PAUSE / 60:.0f} min at most, another client none")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
