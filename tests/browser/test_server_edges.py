"""The server's edges (issue 26): it answers only for the site's pages. Every listing it gives
(Voila's file tree, the contents API) is walked, link by link, on a site folder that also holds
the package, the tests, the deployment, a data folder with a learner's profile and dot-files:
none of their names is ever listed, and asking for them, for the sign-out page or for a
template's source answers 404. Every answer carries a policy that lets a page load and run only
what this server sends (the pages still work under it: no violation in Chromium's console), a
Referrer-Policy, and cookies that another site's requests do not carry."""

from __future__ import annotations

import http.client
import json
import re
import shutil
from collections import deque
from html.parser import HTMLParser
from urllib.parse import unquote, urljoin, urlparse

import pytest
from playwright.sync_api import expect

from conftest import ROOT, VoilaServer, open_page, settle

pytestmark = pytest.mark.browser

HIDDEN = {"gintrainer": "cards.py", "tests": "test_secret.py", "deploy": "settings.py", "bench": "bench_x.py",
          "docs": "notes.md", "data": "profiles/zoe.json", ".git": "config", "node_modules": "x/index.js"}
"""Folders of a site folder that the server must not show, each with a file in it."""
SECRETS = ("cards.py", "test_secret.py", "settings.py", "bench_x.py", "notes.md", "zoe.json", "profiles", "config",
           "index.js", "voila.json", "pyproject.toml", "secret.md", "__pycache__", ".hidden.ipynb")
"""Names that no listing may hold: the hidden folders' files, the site's settings, and a page
folder's own files that are not pages."""
WALK_FROM = ["/", "/voila/tree", "/voila/tree/", "/voila/api/contents", "/voila/api/contents/"]
REFUSED = [*(f"/voila/api/contents/{name}" for name in HIDDEN), *(f"/voila/tree/{name}" for name in HIDDEN),
           "/voila/api/contents/data/profiles", "/voila/api/contents/lessons/__pycache__",
           "/voila/api/contents/lessons/../gintrainer", "/voila/api/contents/lessons/secret.md",
           "/voila/render/tests/page.ipynb", "/voila/render/lessons/.hidden.ipynb", "/voila/render/",
           "/voila/files/data/picture.png", "/voila/files/voila.json",
           "/logout", "/login", "/voila/templates/lab/index.html.j2", "/voila/templates/gintrainer/index.html.j2",
           "/voila/templates/lab/static/../index.html.j2"]


@pytest.fixture(scope="module")
def site_server(tmp_path_factory):
    """A Voila server of a site folder with the pages, and beside them what a checkout or a careless
    install keeps there: the package, the tests, the deployment, a data folder, dot-files."""
    base = tmp_path_factory.mktemp("edges")
    site = base / "site"
    site.mkdir()
    for name in ("voila.json", "index.ipynb"):
        shutil.copy(ROOT / name, site / name)
    shutil.copytree(ROOT / "lessons", site / "lessons", ignore=shutil.ignore_patterns("ku", "ps", "tr"))
    shutil.copytree(ROOT / "puzzles", site / "puzzles")
    # The package itself, as in a checkout: another folder by that name would shadow the package in the
    # kernels, which run in the site folder.
    (site / "gintrainer").symlink_to(ROOT / "gintrainer", target_is_directory=True)
    for folder, file in HIDDEN.items():
        if folder == "gintrainer":
            continue
        (site / folder / file).parent.mkdir(parents=True, exist_ok=True)
        (site / folder / file).write_text("{}" if file.endswith(".json") else "secret")
    (site / "data" / "picture.png").write_bytes(b"\x89PNG")
    (site / "tests" / "page.ipynb").write_text((ROOT / "index.ipynb").read_text())
    (site / "lessons" / ".hidden.ipynb").write_text((ROOT / "index.ipynb").read_text())
    (site / "lessons" / "secret.md").write_text("secret")
    (site / "lessons" / "__pycache__").mkdir()
    (site / "pyproject.toml").write_text("")
    voila = VoilaServer(site, base / "data", base / "voila.log")
    voila.start(timeout=120)
    try:
        yield voila
    finally:
        voila.stop(wait=False)


def get(server, path: str) -> tuple[int, dict[str, list[str]], str]:
    """Status, headers (each name's values) and text of one GET, redirects not followed."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        headers: dict[str, list[str]] = {}
        for name, value in response.getheaders():
            headers.setdefault(name.lower(), []).append(value)
        return response.status, headers, response.read().decode("utf-8", "replace")
    finally:
        connection.close()


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.links += [value for name, value in attrs if name in ("href", "src") and value]


def listed(text: str, content_type: str) -> tuple[set[str], list[str]]:
    """The names an answer lists, and the paths it leads on to (folders and pages)."""
    if "json" in content_type:
        model = json.loads(text)
        content = model.get("content") if isinstance(model, dict) else None
        items: list = content if isinstance(content, list) else []
        names = {item["name"] for item in items}
        onward = [f"/voila/api/contents/{item['path']}" for item in items if item.get("type") == "directory"]
        return names, onward
    parser = _Links()
    parser.feed(text)
    paths = [urlparse(link).path for link in parser.links]
    onward = [path for path in paths if path.startswith(("/voila/tree", "/voila/api/contents"))]
    return {unquote(path.rstrip("/").rsplit("/", 1)[-1]) for path in paths}, onward


def test_no_listing_the_server_answers_names_what_the_site_hides_and_asking_for_it_is_404(site_server):
    seen, queue, answered = set(), deque(WALK_FROM), {}
    while queue:
        path = queue.popleft()
        if path in seen or len(seen) > 200:
            continue
        seen.add(path)
        status, headers, text = get(site_server, path)
        if status in (301, 302, 303, 307, 308):
            target = urlparse(urljoin(path, headers["location"][0])).path
            if not target.startswith("/voila/render/"):  # a page is not a listing
                queue.append(target)
            continue
        if status != 200:
            continue
        names, onward = listed(text, headers.get("content-type", [""])[0])
        answered[path] = names
        queue.extend(onward)
    for path, names in answered.items():
        shown = names & (set(HIDDEN) | set(SECRETS))
        assert not shown, f"{path} lists {sorted(shown)}"
    assert answered.get("/voila/api/contents/", set()) >= {"index.ipynb", "lessons", "puzzles"}  # the pages are there
    assert "01_cards_and_melds.ipynb" in answered.get("/voila/api/contents/lessons", set())
    refused = {path: get(site_server, path)[0] for path in REFUSED}
    assert all(status == 404 for status in refused.values()), {p: s for p, s in refused.items() if s != 404}
    log = site_server.log.read_text()
    assert "Traceback" not in log and "500 GET" not in log


def test_the_landing_page_is_where_the_server_s_root_goes(site_server):
    status, headers, _ = get(site_server, "/")
    assert status == 302 and headers["location"] == ["/voila/render/index.ipynb"]


def test_a_page_s_answer_allows_only_the_server_s_own_scripts_styles_and_sockets(site_server):
    status, headers, text = get(site_server, "/voila/render/index.ipynb")
    assert status == 200 and "widget-view+json" in text
    (policy,) = headers["content-security-policy"]
    directives = {part.split()[0]: part.split()[1:] for part in policy.split("; ")}
    host = f"127.0.0.1:{site_server.port}"
    assert directives["default-src"] == ["'self'"]
    assert directives["script-src"][:2] == ["'self'", "blob:"] and all(
        source.startswith("'sha256-") for source in directives["script-src"][2:])
    assert directives["connect-src"] == ["'self'", f"ws://{host}", f"wss://{host}"]
    assert directives["img-src"] == ["'self'", "data:"] and directives["font-src"] == ["'self'"]
    assert directives["object-src"] == ["'none'"] and directives["frame-ancestors"] == ["'self'"]
    assert "'unsafe-eval'" not in policy and "*" not in policy and "http" not in policy
    assert headers["referrer-policy"] == ["same-origin"]
    # No inline script is left in the page for the policy to refuse (a data block is no script).
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", text, re.S)
    inline = [body.strip() for attrs, body in scripts if "src=" not in attrs and "application/" not in attrs]
    assert inline == []
    assert "cdnjs" not in text and "cdn.jsdelivr" not in text and "mermaid" not in text


def test_every_cookie_the_server_sets_keeps_to_its_own_site(site_server):
    _, headers, _ = get(site_server, "/voila/render/index.ipynb")
    cookies = headers.get("set-cookie", [])
    assert {cookie.split("=", 1)[0] for cookie in cookies} >= {"_xsrf"}
    for cookie in cookies:
        attributes = {part.strip().split("=")[0].lower(): part.strip() for part in cookie.split(";")[1:]}
        assert attributes.get("samesite") in ("SameSite=Lax", "SameSite=Strict"), cookie


def test_the_pages_work_under_the_policy_with_no_violation(page, site_server, console):
    """The console fixture fails the test on any console error, which is how Chromium reports a
    violation; the page also counts the violation events it sees."""
    page.add_init_script("window.violations = [];"
                         "document.addEventListener('securitypolicyviolation',"
                         " e => window.violations.push(e.violatedDirective + ' ' + e.blockedURI));")
    for notebook, query in (("index.ipynb", "lang=ps"), ("lessons/01_cards_and_melds.ipynb", ""),
                            ("puzzles/can_knock.ipynb", "")):
        open_page(page, site_server, notebook, query)
        settle(page)
        assert page.evaluate("window.violations") == []
        if query == "lang=ps":  # a script widget (anywidget, from a blob: URL) ran: the page is right to left
            expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.get_by_role("button").first).to_be_visible()
