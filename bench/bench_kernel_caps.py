"""Benchmark of the kernel caps: a flood of requests from one client while a class opens its
pages; prints figures, asserts nothing.

    python bench/bench_kernel_caps.py [--flood 100] [--class-size 30] [--page classroom/student.ipynb]
                                      [--options --PageKernelManager.max_kernels=...]

Serves a copy of the site as ``gintrainer app`` does (bench/serving.py), sends ``--flood``
requests for the page from one address (127.0.0.2) and, half a second later, one request
from each of ``--class-size`` other addresses (127.0.1.N: the loopback network is all
loopback on Linux, so each request leaves from its client's own address), all at once. It
prints how each side was answered (pages, refusals, time to the last byte) and the memory of
the server's kernels once every page is in: their count, and per kernel RSS, PSS and USS
(bench/serving.py's process_memory), median and largest, and their total. The defaults of
gintrainer.app (DEFAULT_MAX_KERNELS, DEFAULT_MAX_CLIENT_KERNELS) cite its figures.
"""

from __future__ import annotations

import argparse
import http.client
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from serving import free_port, kernel_processes, make_site, process_memory, start, stop

FLOODER = "127.0.0.2"


def ask(port: int, client: str, path: str) -> tuple[int, float]:
    began = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300, source_address=(client, 0))
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return response.status, time.monotonic() - began
    finally:
        connection.close()


def summary(answers: list[tuple[int, float]]) -> str:
    statuses: dict[int, int] = {}
    for status, _ in answers:
        statuses[status] = statuses.get(status, 0) + 1
    served = [took for status, took in answers if status == 200]
    counts = ", ".join(f"{count} × {status}" for status, count in sorted(statuses.items()))
    times = (f"; pages in {statistics.median(served):.1f} s median, {max(served):.1f} s at most" if served else "")
    return counts + times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--flood", type=int, default=100)
    parser.add_argument("--class-size", type=int, default=30)
    parser.add_argument("--page", default="classroom/student.ipynb")
    parser.add_argument("--options", nargs="*", default=[], help="Voila options (e.g. a cap)")
    args = parser.parse_args(argv)
    clients = [f"127.0.1.{n}" for n in range(1, args.class_size + 1)]
    path = f"/voila/render/{args.page}"
    with tempfile.TemporaryDirectory() as folder:
        site, port = Path(folder) / "site", free_port()
        site.mkdir()
        make_site(site)
        server = start(site, port, Path(folder) / "data", options=tuple(args.options), log=Path(folder) / "voila.log")
        try:
            time.sleep(5)  # the preheated pool
            began = time.monotonic()
            with ThreadPoolExecutor(max_workers=args.flood + len(clients)) as pool:
                flood = [pool.submit(ask, port, FLOODER, path) for _ in range(args.flood)]
                time.sleep(0.5)
                students = [pool.submit(ask, port, client, path) for client in clients]
                flooded = [future.result() for future in flood]
                served = [future.result() for future in students]
            took = time.monotonic() - began
            memory = []
            for kernel in kernel_processes(server.pid):
                try:
                    memory.append(process_memory(kernel.pid))
                except OSError:
                    continue
        finally:
            stop(server)
    print(f"{args.flood} requests from one client and {len(clients)} from a class, for {args.page}, "
          f"all answered in {took:.1f} s")
    print(f"  the flooding client: {summary(flooded)}")
    print(f"  the class:           {summary(served)}")
    print(f"  kernels running then: {len(memory)}")
    for name in ("rss", "pss", "uss"):
        values = [m[name] for m in memory]
        if values:
            print(f"  {name.upper()} per kernel: {statistics.median(values):.0f} MB median, {max(values):.0f} MB at "
                  f"most; {sum(values) / 1024:.2f} GB in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
