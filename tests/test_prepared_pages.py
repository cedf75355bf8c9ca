"""A prepared page is the page: a class's page taken from the kernels the teacher prepared
(gintrainer.preparing) shows the same widgets with the same texts, and the same text around them,
as the page started for its request, for two learners in two languages (lesson 5 in English for one,
a class set's student page in Pashto, right to left, for the other; a trainer's page is not the same
twice, prepared or not: it picks each visit's puzzle at random near the learner's rating; one prepared in
Turkish and asked for in Pashto is made again in Pashto, for its learner). Driven as a browser drives a page
(bench/page_client.py), on a server started as ``gintrainer app`` starts it."""

from __future__ import annotations

import asyncio
import os
import re
import time

import pytest

from conftest import bench_module, run_apart
from gintrainer import preparing

pytestmark = pytest.mark.browser

CODE = "{code}"
"""Stands for the class set's code in an address."""
PAGES = [("lessons/05_knocking_and_gin.ipynb", "profile=ann"),
         ("classroom/student.ipynb", f"code={CODE}&profile=cem&lang=ps")]
IDS = re.compile(r"IPY_MODEL_\w+|\b[0-9a-f]{32}\b|\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b")
SHOWN = ("value", "description", "tooltip", "placeholder", "_options_labels", "disabled", "_dom_classes", "index",
         "button_style", "icon", "min", "max", "_esm", "_css")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with bench_module("serving") as serving:
        folder = tmp_path_factory.mktemp("prepared")
        (folder / "site").mkdir()
        serving.make_site(folder / "site")
        port = serving.free_port()
        before = os.environ.get(preparing.KEY)
        os.environ[preparing.KEY] = "p" * 40  # the server's key: this test signs as the teacher's page does
        try:
            process = serving.start(folder / "site", port, folder / "data", log=folder / "voila.log")
            try:
                yield f"http://127.0.0.1:{port}"
            finally:
                serving.stop(process)
        finally:
            if before is None:
                os.environ.pop(preparing.KEY, None)
            else:
                os.environ[preparing.KEY] = before


def seen(page) -> list[tuple]:
    """What the page shows: each widget in the page's order with its shown traits (ids left out), and the
    page's own text (its markdown cells, the cells' outputs as the render request sent them)."""
    widgets = [(w.model, tuple((name, IDS.sub("…", repr(w.state[name]))) for name in SHOWN if name in w.state))
               for w in page.walk()]
    text = IDS.sub("…", re.sub(r'<script id="jupyter-config-data".*?</script>', "", page.html, flags=re.S))
    return [*widgets, ("html", text)]


async def visit(base: str, address: str) -> list[tuple]:
    with bench_module("page_client") as client:
        page = client.Page(base, address)
        try:
            await page.open()
            await asyncio.sleep(0.5)  # what the page's kernel sends after its states
            return seen(page)
        finally:
            await page.leave()


def prepared(base: str, notebook: str) -> list[dict]:
    return [p for p in preparing.ask_server({}, url=base + "/")["pages"] if p["page"] == notebook]


def prepare(base: str, notebook: str, language: str = "en") -> None:
    """Prepare one kernel of ``notebook`` as the teacher's page does, and wait until it is ready (its page run up
    to its request)."""
    asked = preparing.ask_server({"page": notebook, "count": 1, "minutes": 5, "language": language}, url=base + "/")
    assert "error" not in asked
    deadline = time.monotonic() + 120
    while not (prepared(base, notebook) and prepared(base, notebook)[0]["ready"] == 1):
        assert time.monotonic() < deadline, "the prepared kernel was not ready in two minutes"
        time.sleep(0.5)


@pytest.mark.parametrize("notebook, query", PAGES)
def test_a_prepared_page_shows_what_a_cold_one_does(server, notebook, query):
    from gintrainer.classroom import class_set
    address = f"{notebook}?{query}".replace(CODE, class_set("Prepared class", count=3).code)
    run_apart(visit(server, address))  # the learner's first visit: both pages below are a return
    prepare(server, notebook)
    warm = run_apart(visit(server, address))
    assert prepared(server, notebook) == []  # the request took the prepared kernel
    cold = run_apart(visit(server, address))
    assert len(warm) > 5
    assert warm == cold


async def texts(base: str, address: str) -> str:
    """Every text a page's widgets show, one a line."""
    with bench_module("page_client") as client:
        page = client.Page(base, address)
        try:
            await page.open()
            await asyncio.sleep(0.5)
            return "\n".join(str(w.state[name]) for w in page.walk() for name in ("value", "description")
                             if isinstance(w.state.get(name), str))
        finally:
            await page.leave()


def test_a_trainer_prepared_in_one_language_and_asked_for_in_another_speaks_the_one_asked_for(server):
    from gintrainer.words.language import translations
    notebook = "puzzles/take_or_draw.ipynb"
    prepare(server, notebook, "tr")
    shown = run_apart(texts(server, f"{notebook}?profile=Dil&lang=ps"))
    assert prepared(server, notebook) == []  # the request took the prepared kernel
    assert '<b lang="ps" aria-current="true">' in shown and '<b lang="tr" aria-current="true">' not in shown
    assert translations("ps").gettext("Take or draw?") in shown and "Dil" in shown
