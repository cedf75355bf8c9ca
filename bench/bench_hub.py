"""Benchmark of the trainer on JupyterHub on one machine; prints figures, asserts nothing.

    python bench/bench_hub.py [--users N] [--prepared] [--timeout SECONDS]

Starts the hub of deploy/ (deploy/jupyterhub_config.py, as tests/browser/test_hub.py starts it:
every user's server a local process, one class password, the class results in one SQLite file
shared by the users' servers), then N users (default 10) sign in at the same moment, each in a
Chromium context of their own; each lands on the trainer's landing page (their server started by
the hub), then opens the student page of a class set and starts it. Prints, for deploy/README.md's
"How many students":

- p50 and p95 time from signing in to the landing page's first live widget (the user's server
  started, the page's kernel started), and from opening the student page to its first puzzle;
- the memory (PSS) of the hub and of its proxy, and per user of the user's server and of its
  pages' kernels, with the student page open.

With ``--prepared`` the class is prepared first, as the teacher's page does it on the hub: the
teacher's token asks the hub's service (deploy/prepare_class.py) to start the N users' servers, each
keeping the landing page ready in a preheated kernel (gintrainer.hub_server); the users sign in once it
has, and the memory of each prepared student (their server and its waiting kernel) is printed before
they do.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]

# tests/deployment.py: the hub started as its test starts it (tests/ is put on the path above).
from serving import CHROMIUM_ARGS, chromium_path, percentile, process_memory  # noqa: E402

from deployment import START_TIMEOUT, LocalHub  # type: ignore[import-not-found]  # noqa: E402
from gintrainer.classroom import ClassSet  # noqa: E402
from gintrainer.classroom.store import DATABASE_ENV  # noqa: E402

PASSWORD = "bench password 1"
SET = ClassSet("Bench class", count=5)
TIMEOUT_MS = START_TIMEOUT * 1000
"""How long a user's browser waits for each step (``--timeout`` sets it)."""


def pss_mb(pid: int) -> float:
    """A process's proportional set size, in MB (0 when it is gone)."""
    try:
        return process_memory(pid)["pss"]
    except OSError:
        return 0.0


def processes() -> dict[int, tuple[int, str]]:
    """Every live process: pid -> (parent pid, command line)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        state, parent = stat.rsplit(")", 1)[1].split()[:2]
        if state != "Z":
            found[int(entry.name)] = (int(parent), command)
    return found


def memory(hub_pid: int) -> dict[str, list[float]]:
    """PSS in MB of the hub, its proxy, each user's server and each kernel of theirs."""
    table = processes()
    children: dict[int, list[int]] = {}
    for pid, (parent, _) in table.items():
        children.setdefault(parent, []).append(pid)
    figures: dict[str, list[float]] = {"hub": [pss_mb(hub_pid)], "proxy": [], "server": [], "kernels": []}
    for pid in children.get(hub_pid, []):
        command = table[pid][1]
        if "configurable-http-proxy" in command:
            figures["proxy"].append(pss_mb(pid))
        elif "jupyterhub.singleuser" in command:
            figures["server"].append(pss_mb(pid))
            figures["kernels"].append(sum(pss_mb(kid) for kid in children.get(pid, [])
                                          if "ipykernel" in table[kid][1]))
    return figures


async def one_user(browser, hub: LocalHub, user: str) -> tuple[float | None, float | None, str]:
    """Until the user's landing page is live after signing in, and until the student page's first puzzle; a step
    that did not come within the timeout is None, with what failed (the run goes on for the others)."""
    landed: float | None = None
    try:
        landed, opened = await _one_user(browser, hub, user)
        return landed, opened, ""
    except Exception as error:  # a timeout under load: counted, not the end of the run
        return landed, None, f"{user}: {type(error).__name__}: {str(error).splitlines()[0][:120]}"


async def _one_user(browser, hub: LocalHub, user: str) -> tuple[float, float]:
    from playwright.async_api import expect
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)  # thirty browsers opening at once on a busy machine
    page = await context.new_page()
    await page.goto(hub.url("hub/login"))
    await page.get_by_label("Username").fill(user)
    await page.get_by_label("Password").fill(PASSWORD)
    began = time.monotonic()
    await page.get_by_role("button", name="Sign in").click()
    await page.wait_for_url(f"{hub.landing(user)}*", timeout=TIMEOUT_MS)
    await expect(page.get_by_role("link", name="Open a class set")).to_be_visible(timeout=TIMEOUT_MS)
    landed = time.monotonic() - began
    began = time.monotonic()
    await page.goto(hub.page_url(user, "classroom/student.ipynb", f"code={SET.code}&profile={user}"))
    await page.get_by_role("button", name="Start").click(timeout=TIMEOUT_MS)
    await expect(page.locator(".gt-puzzle")).to_contain_text(SET.puzzles()[0].id, timeout=TIMEOUT_MS)
    return landed, time.monotonic() - began


def line(name: str, values: list[float], unit: str) -> str:
    if not values:
        return f"{name}: none"
    return (f"{name}: p50 {statistics.median(values):.1f} {unit}, p95 {percentile(values, 0.95):.1f} {unit}, "
            f"max {max(values):.1f} {unit} (n={len(values)})")


TEACHER = "teacher"


def teacher_token(hub: LocalHub) -> str:
    """A hub token of the teacher's own, as the teacher's server has one: signed in with the class
    password, then asked of the hub's REST API (a user may make tokens of their own)."""
    import http.cookiejar
    import json
    import urllib.parse
    import urllib.request
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(hub.url("hub/login")).read()
    xsrf = next(c.value or "" for c in jar if c.name == "_xsrf")
    form = urllib.parse.urlencode({"username": TEACHER, "password": PASSWORD, "_xsrf": xsrf}).encode()
    opener.open(urllib.request.Request(hub.url("hub/login?next=/hub/home"), data=form)).read()
    xsrf = [c.value or "" for c in jar if c.name == "_xsrf"][-1]  # the signed-in user's
    request = urllib.request.Request(hub.url(f"hub/api/users/{TEACHER}/tokens"), method="POST",
                                     data=json.dumps({"note": "bench"}).encode(),
                                     headers={"X-XSRFToken": xsrf, "Content-Type": "application/json"})
    return str(json.loads(opener.open(request).read())["token"])


def prepare(hub: LocalHub, port: int, names: list[str]) -> tuple[float, dict[str, str]]:
    """Prepare the class on the hub as the teacher's page does; the seconds it took and each user's state."""
    import json
    import urllib.request
    token = teacher_token(hub)
    began = time.monotonic()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/", method="POST", headers={
        "Authorization": f"token {token}", "Content-Type": "application/json"},
        data=json.dumps({"users": names, "page": "index.ipynb", "minutes": 30, "language": "en"}).encode())
    with urllib.request.urlopen(request, timeout=1800) as answer:
        found = json.loads(answer.read())
    return time.monotonic() - began, found.get("users", {})


async def run(users: int, prepared: bool = False) -> None:
    from playwright.async_api import async_playwright

    chromium = chromium_path()
    base = Path(tempfile.mkdtemp(prefix="gintrainer-bench-hub-"))
    hub = LocalHub(base, password=PASSWORD, settings={
        "GINTRAINER_TEACHER_PASSPHRASE": "bench passphrase", DATABASE_ENV: f"sqlite:///{base / 'classes.sqlite3'}",
        "GINTRAINER_HUB_TEACHERS": TEACHER})
    hub.start()
    names = [f"student{n:02d}" for n in range(users)]
    try:
        if prepared:
            took, states = prepare(hub, hub.prepare_port, names)
            ready = sum(state == "ready" for state in states.values())
            assert hub.process is not None
            before = memory(hub.process.pid)
            print(f"prepared: {ready} of {users} users' servers ready {took:.1f} s after the teacher asked "
                  f"({', '.join(f'{n}: {s}' for n, s in states.items() if s != 'ready') or 'all ready'})")
            print(line("a prepared student's server, before signing in (PSS)", before["server"], "MB"))
            print(line("a prepared student's kernel, waiting for them (PSS)", before["kernels"], "MB"))
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            times = await asyncio.gather(*(one_user(browser, hub, name) for name in names))
            assert hub.process is not None
            figures = memory(hub.process.pid)
            await browser.close()
    finally:
        hub.stop()
    print(f"{users} users signing in at once to the hub of deploy/ on this machine"
          + (", the class prepared" if prepared else ""))
    landed = [t[0] for t in times if t[0] is not None]
    opened = [t[1] for t in times if t[1] is not None]
    print(line(f"sign-in to the landing page's first widget ({len(landed)} of {users} came live, each step "
               f"waited for at most {TIMEOUT_MS / 1000:.0f} s)", landed, "s"))
    print(line(f"student page to its first puzzle ({len(opened)} of {users})", opened, "s"))
    for failure in (t[2] for t in times if t[2]):
        print(f"  failed: {failure}")
    print(f"hub: {sum(figures['hub']):.0f} MB, proxy: {sum(figures['proxy']):.0f} MB (PSS)")
    print(line("a user's server (PSS)", figures["server"], "MB"))
    print(line("a user's kernels, student page open (PSS)", figures["kernels"], "MB"))
    per_user = [s + k for s, k in zip(figures["server"], figures["kernels"], strict=True)]
    print(line("a user in all (PSS)", per_user, "MB"))
    print(f"logs: {hub.log}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=10)
    parser.add_argument("--timeout", type=float, default=START_TIMEOUT,
                        help="seconds a user's browser waits for each step (the landing page among them)")
    parser.add_argument("--prepared", action="store_true",
                        help="prepare the class first (the users' servers started ahead by the hub's service)")
    options = parser.parse_args()
    global TIMEOUT_MS
    TIMEOUT_MS = int(options.timeout * 1000)
    asyncio.run(run(options.users, options.prepared))


if __name__ == "__main__":
    main()
