"""Preparing a class (gintrainer.preparing): the server's bookkeeping of the kernels held ready
for a page (how many, until when, within the server's most kernels, what a request may say), the
signature only the server's kernels can make, what a preheated kernel does ahead, and the
teacher's view of it (gintrainer.widgets.prepare), with the server's answers played by a stub."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_apart
from gintrainer import preparing
from gintrainer.preparing import (
    MOST_STUDENTS,
    Preparations,
    PrepareError,
    ServerUnreachable,
    is_signed_request,
    page_imports,
    server_url,
    sign,
    warm_up,
)
from gintrainer.words.language import in_language

ROOT = Path(__file__).resolve().parents[1]
LESSON = "lessons/05_knocking_and_gin.ipynb"
NOW = 1_000_000.0


@pytest.fixture
def key(monkeypatch):
    monkeypatch.setenv(preparing.KEY, "s" * 40)


def test_a_preparation_holds_its_count_until_its_time_is_over_and_each_request_takes_one():
    found = Preparations(most=80)
    found.prepare(LESSON, 3, 10, running=2, now=NOW)
    assert found.extra(LESSON, NOW) == 3 and found.extra("puzzles/defend.ipynb", NOW) == 0
    assert found.take(LESSON, NOW + 1) and found.take(LESSON, NOW + 2)
    assert found.extra(LESSON, NOW + 3) == 1
    assert found.take(LESSON, NOW + 4) and not found.take(LESSON, NOW + 5)  # all taken: the pool is voila.json's
    assert LESSON not in found.pages


def test_the_kernels_not_taken_go_back_when_the_class_is_over():
    found = Preparations(most=80)
    found.prepare(LESSON, 30, 5, running=0, now=NOW)
    assert found.extra(LESSON, NOW + 299) == 30
    assert found.extra(LESSON, NOW + 300) == 0 and not found.take(LESSON, NOW + 300)
    assert found.expire(NOW + 300) == [LESSON] and found.pages == {}


def test_preparing_again_replaces_the_count_and_a_count_of_nought_releases():
    found = Preparations(most=80)
    found.prepare(LESSON, 10, 30, running=0, now=NOW)
    found.prepare(LESSON, 4, 60, running=10, now=NOW)
    assert found.extra(LESSON, NOW) == 4 and found.pages[LESSON].until == NOW + 3600
    assert found.prepare(LESSON, 0, 60, running=4, now=NOW) is None and found.extra(LESSON, NOW) == 0


def test_a_preparation_must_leave_the_server_within_its_most_kernels():
    found = Preparations(most=40)
    with pytest.raises(PrepareError) as refused:
        found.prepare(LESSON, 30, 30, running=15, now=NOW)
    assert (refused.value.reason, refused.value.most) == ("room", 25)
    found.prepare(LESSON, 25, 30, running=15, now=NOW)
    # the kernels it holds already count as its own: asking for the same again fits
    found.prepare(LESSON, 25, 30, running=40, now=NOW)
    with pytest.raises(PrepareError, match="room"):
        found.prepare("puzzles/defend.ipynb", 1, 30, running=40, now=NOW)


@pytest.mark.parametrize("page, count, minutes, reason", [
    ("../secret.ipynb", 3, 30, "page"), ("lessons/../voila.json", 3, 30, "page"),
    ("classroom/teacher.ipynb", 3, 30, "page"), ("puzzles/index.ipynb/../../x.ipynb", 3, 30, "page"),
    ("puzzles/best_discard.ipynb?x=1", 3, 30, "page"), (None, 3, 30, "page"), (["lessons"], 3, 30, "page"),
    (LESSON, -1, 30, "count"), (LESSON, MOST_STUDENTS + 1, 30, "count"), (LESSON, "30", 30, "count"),
    (LESSON, True, 30, "count"), (LESSON, 2.5, 30, "count"),
    (LESSON, 3, 4, "minutes"), (LESSON, 3, 241, "minutes"), (LESSON, 3, None, "minutes"), (LESSON, 3, False, "minutes"),
])
def test_bad_input_is_refused_with_its_reason_and_changes_nothing(page, count, minutes, reason):
    found = Preparations(most=80)
    with pytest.raises(PrepareError) as refused:
        found.prepare(page, count, minutes, running=0, now=NOW)
    assert refused.value.reason == reason and found.pages == {}


@pytest.mark.parametrize("language", ["xx", "", "TR", 5, ["tr"]])
def test_a_language_the_trainer_does_not_speak_is_refused(language):
    found = Preparations(most=80)
    with pytest.raises(PrepareError) as refused:
        found.prepare(LESSON, 3, 30, running=0, now=NOW, language=language)
    assert refused.value.reason == "language" and found.pages == {}
    assert found.prepare(LESSON, 3, 30, running=0, now=NOW, language="ku").language == "ku"


def test_a_page_must_be_in_the_site(tmp_path):
    (tmp_path / "lessons").mkdir()
    (tmp_path / "lessons" / "05_knocking_and_gin.ipynb").write_text("{}")
    found = Preparations(most=80)
    found.prepare(LESSON, 1, 30, running=0, site=tmp_path, now=NOW)
    with pytest.raises(PrepareError, match="page"):
        found.prepare("lessons/tr/05_knocking_and_gin.ipynb", 1, 30, running=0, site=tmp_path, now=NOW)


def test_only_the_servers_key_signs_a_request_for_its_body_and_for_a_minute(key, monkeypatch):
    body = json.dumps({"page": LESSON, "count": 30, "minutes": 60}).encode()
    header = sign(body, now=NOW)
    assert is_signed_request(body, header, now=NOW + 30)
    assert not is_signed_request(body.replace(b"30", b"60"), header, now=NOW)  # another body
    assert not is_signed_request(body, header, now=NOW + 61)  # too old
    assert not is_signed_request(body, header[:-1] + ("0" if header[-1] != "0" else "1"), now=NOW)
    for bad in (None, "", "x.y", "1" * 20 + ".ab", header + "0" * 100):
        assert not is_signed_request(body, bad, now=NOW)
    monkeypatch.setenv(preparing.KEY, "t" * 40)  # another server's key
    assert not is_signed_request(body, header, now=NOW)
    monkeypatch.setenv(preparing.KEY, "short")
    assert not is_signed_request(body, header, now=NOW)
    with pytest.raises(Exception, match="no GINTRAINER_TEACHER_KEY"):
        sign(body)


def test_a_kernel_reaches_the_server_on_this_machine():
    assert server_url("0.0.0.0", 8866, "/") == "http://127.0.0.1:8866/"
    assert server_url("localhost", 8866, None) == "http://127.0.0.1:8866/"
    assert server_url("::", 8000, "/user/ann/") == "http://[::1]:8000/user/ann/"
    assert server_url("10.0.0.5", 80, "/x") == "http://10.0.0.5:80/x/"


def test_asking_a_server_that_is_not_there_says_so(key, monkeypatch):
    monkeypatch.delenv(preparing.SERVER_URL, raising=False)
    with pytest.raises(ServerUnreachable):
        preparing.ask_server({})
    with pytest.raises(ServerUnreachable):
        preparing.ask_server({}, url="http://127.0.0.1:9/", timeout=2)


def test_a_preheated_kernel_imports_its_pages_modules_ahead(tmp_path, monkeypatch):
    cells = [{"cell_type": "markdown", "source": "import os"},
             {"cell_type": "code", "source": ["from gintrainer.widgets.site import nav\n", "nav('x')"]},
             {"cell_type": "code", "source": "import json\nfrom gintrainer.app import wait_for_request\n1 +"},
             {"cell_type": "code", "source": "from gintrainer.words import errors\n"}]
    page = tmp_path / "puzzles" / "page.ipynb"
    page.parent.mkdir()
    page.write_text(json.dumps({"cells": cells}))
    assert page_imports(page) == ["gintrainer.widgets.site", "gintrainer.widgets.site.nav", "gintrainer.words",
                                  "gintrainer.words.errors"]  # a cell that does not parse is left to the page
    monkeypatch.chdir(page.parent)  # the kernel runs in its notebook's folder
    assert warm_up({preparing.PAGE: "puzzles/page.ipynb"}) == ["gintrainer.widgets.site", "gintrainer.words",
                                                               "gintrainer.words.errors"]
    assert warm_up({}) == [] and warm_up({preparing.PAGE: "puzzles/none.ipynb"}) == []


# -- the teacher's view ---------------------------------------------------------------------

class Server:
    """The server's answers, as the view receives them."""

    def __init__(self, *answers):
        self.answers = list(answers)
        self.asked: list[dict] = []

    def __call__(self, payload):
        self.asked.append(payload)
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer


def test_the_view_asks_for_the_chosen_page_and_shows_what_is_ready():
    from gintrainer.widgets.prepare import PrepareClass
    ready = {"pages": [{"page": "lessons/tr/05_knocking_and_gin.ipynb", "students": 30, "ready": 28, "starting": 2,
                        "memory_mb": 1652.4, "minutes_left": 45}], "room": 20}
    server = Server(ready, {"pages": [], "room": 50})
    view = PrepareClass(ask=server)
    view.language.value = "tr"
    view.page.value = "lessons/tr/05_knocking_and_gin.ipynb"
    view.students.value, view.minutes.value = 30, 45
    view.prepare_button.click()
    assert server.asked == [{"page": "lessons/tr/05_knocking_and_gin.ipynb", "count": 30, "minutes": 45,
                             "language": "tr"}]  # the language its pages are built ahead in
    assert "28 of 30 ready (1652 MB), 45 min left" in view.shown.value
    view.release_button.click()
    assert server.asked[-1]["count"] == 0 and "Nothing is prepared." in view.shown.value


def test_the_view_offers_lessons_trainers_and_the_student_page_in_the_chosen_language():
    from gintrainer.widgets.prepare import PrepareClass
    view = PrepareClass(ask=Server())
    paths = [path for _, path in view.page.options]
    assert "lessons/05_knocking_and_gin.ipynb" in paths and "lessons/first_hand.ipynb" in paths
    assert "puzzles/best_discard.ipynb" in paths and "classroom/student.ipynb" in paths
    assert not any("glossary" in p or "profile" in p for p in paths)
    view.language.value = "ps"
    assert "lessons/ps/05_knocking_and_gin.ipynb" in [path for _, path in view.page.options]
    assert all(preparing.PAGES.fullmatch(path) for _, path in view.page.options)


@pytest.mark.parametrize("answer, said", [
    ({"error": "count", "most": 60}, "Choose from 1 to 60 students."),
    ({"error": "room", "most": 12}, "The server has room for 12 more pages only."),
    ({"error": "page", "most": 0}, "That page cannot be prepared."),
    ({"error": "signature"}, "The server refused: signature"),
    (ServerUnreachable("ConnectionRefusedError"), "The server did not answer (ConnectionRefusedError)."),
])
def test_what_the_server_refuses_is_said_in_the_view(answer, said):
    from gintrainer.widgets.prepare import PrepareClass
    view = PrepareClass(ask=Server(answer))
    view.prepare_button.click()
    assert view.last_error == said and view.shown.value == ""


@pytest.mark.parametrize("students, minutes, said", [
    (1000, 60, "Choose from 1 to 60 students."),
    (0, 60, "Choose from 1 to 60 students."),
    (-3, 60, "Choose from 1 to 60 students."),
    (2, 1, "A class lasts from 5 to 240 minutes."),
    (2, 0, "A class lasts from 5 to 240 minutes."),
    (2, 100_000, "A class lasts from 5 to 240 minutes."),
])
def test_a_number_out_of_range_is_refused_as_typed_and_nothing_is_asked(students, minutes, said):
    from gintrainer.widgets.prepare import PrepareClass
    server = Server()
    view = PrepareClass(ask=server)
    view.students.value, view.minutes.value = students, minutes
    assert (view.students.value, view.minutes.value) == (students, minutes)  # not changed behind the teacher's back
    view.prepare_button.click()
    assert server.asked == [] and view.last_error == said


def test_the_line_shows_what_is_prepared_after_each_request_never_what_it_showed_before():
    from gintrainer.widgets.prepare import PrepareClass
    sixty = {"page": LESSON, "students": 60, "ready": 1, "starting": 59, "memory_mb": 60, "minutes_left": 60}
    two = {"page": LESSON, "students": 2, "ready": 0, "starting": 2, "memory_mb": 0, "minutes_left": 5}
    server = Server({"pages": [sixty], "room": 0}, {"pages": [two], "room": 58},
                    {"error": "room", "most": 3, "pages": [{**two, "ready": 2, "starting": 0, "minutes_left": 4}],
                     "room": 3},
                    ServerUnreachable("TimeoutError"), {"pages": [], "room": 60})
    view = PrepareClass(ask=server)
    view.page.value = LESSON
    view.prepare_button.click()
    assert "1 of 60 ready (60 MB), 60 min left" in view.shown.value
    view.students.value, view.minutes.value = 2, 5
    view.prepare_button.click()
    assert "0 of 2 ready (0 MB), 5 min left" in view.shown.value and "60" not in view.shown.value
    view.students.value = 50
    view.prepare_button.click()  # refused: the line shows what the refusal says is prepared
    assert view.last_error == "The server has room for 3 more pages only."
    assert "2 of 2 ready (0 MB), 4 min left" in view.shown.value
    view.release_button.click()  # no answer: what is prepared is not known, and not shown
    assert view.last_error and view.shown.value == ""
    view.release_button.click()
    assert "Nothing is prepared." in view.shown.value


def test_the_view_speaks_the_pages_language():
    from gintrainer.widgets.prepare import PrepareClass
    with in_language("tr"):
        view = PrepareClass(ask=Server({"pages": [], "room": 1}))
        view.refresh_button.click()
        english = "Nothing is prepared."
        assert english not in view.shown.value and view.shown.value


def test_a_preheated_trainer_reads_its_kinds_ratings_ahead(monkeypatch):
    from gintrainer.puzzles import ratings
    ratings._shipped.cache_clear()
    monkeypatch.chdir(ROOT / "puzzles")
    assert "gintrainer.widgets.trainer" in warm_up({preparing.PAGE: "puzzles/best_discard.ipynb"})
    assert ratings._shipped.cache_info().currsize == 1


def test_on_the_hub_the_view_names_the_students_whose_servers_the_hub_starts_in_the_class_s_language():
    from gintrainer.widgets.prepare import PrepareClass
    server = Server({"users": {"kim": "ready", "ali": "starting"}, "until": NOW}, {"error": "teacher"})
    view = PrepareClass(ask=server, hub=True)
    assert view.names in view.children and view.students not in view.children
    view.names.value = "Kim\n\n ali \n"
    view.language.value = "ku"  # each student's server builds the page ahead in it
    view.prepare_button.click()
    assert server.asked == [{"users": ["kim", "ali"], "page": view.page.value, "minutes": 60, "language": "ku"}]
    assert "1 of 2 students&#x27; servers ready" in view.shown.value and "ali: starting" in view.shown.value
    view.prepare_button.click()
    assert view.last_error == "Only a teacher's page may prepare a class on the hub."


def test_a_page_off_the_hub_cannot_ask_the_hub(monkeypatch):
    monkeypatch.delenv(preparing.HUB_SERVICE, raising=False)
    assert not preparing.on_hub()
    with pytest.raises(ServerUnreachable):
        preparing.ask_hub({})


class VoilaPools:
    """Voila's kernel manager as far as the prepared pools use it: its pools' configuration, a handed-over
    kernel (the request's client claims it), a refill."""

    def __init__(self) -> None:
        self.kernel_pools_config = {"default": {"pool_size": 0}, "puzzles/daily.ipynb": {"pool_size": 1}}
        self.claimed: list[str] = []
        self.filled: list[tuple] = []

    async def get_rendered_notebook(self, notebook_name, extra_kernel_env_variables=None, **kwargs):
        return None, [], f"kernel-{len(self.claimed)}"

    def fill_if_needed(self, delay=None, notebook_name=None, extra_kernel_env_variables=None, **kwargs):
        self.filled.append((notebook_name, self.kernel_pools_config.get(notebook_name), extra_kernel_env_variables))

    def _claim(self, kernel_id):
        self.claimed.append(kernel_id)


def test_a_prepared_page_pool_holds_voila_jsons_size_and_the_students_until_they_are_taken():

    from gintrainer.app import AHEAD_LANGUAGE, PreparedPools, _wrap_pools

    class Manager(PreparedPools, VoilaPools):
        max_kernels = 80

    Manager.get_rendered_notebook = VoilaPools.get_rendered_notebook
    Manager.fill_if_needed = VoilaPools.fill_if_needed
    _wrap_pools(Manager)
    manager = Manager()
    manager.start_preparing()
    manager.preparations.prepare(LESSON, 2, 30, running=0)
    manager.preparations.prepare("puzzles/daily.ipynb", 3, 30, running=0, language="ps")
    manager.fill_if_needed(delay=0, notebook_name=LESSON)
    manager.fill_if_needed(delay=0, notebook_name="puzzles/daily.ipynb")
    assert manager.filled == [(LESSON, {"pool_size": 2}, {preparing.PAGE: LESSON, AHEAD_LANGUAGE: "en"}),
                              ("puzzles/daily.ipynb", {"pool_size": 4},
                               {preparing.PAGE: "puzzles/daily.ipynb", AHEAD_LANGUAGE: "ps"})]
    for _ in range(2):
        run_apart(manager.get_rendered_notebook(notebook_name=LESSON))
    assert manager.claimed == ["kernel-0", "kernel-1"]  # each request's client holds its kernel
    assert manager.preparations.extra(LESSON) == 0
    manager.fill_if_needed(notebook_name=LESSON)  # Voila's refill after a request: back to voila.json's
    manager.preparations.prepare("puzzles/daily.ipynb", 0, 30, running=0)
    manager.fill_if_needed(notebook_name="puzzles/daily.ipynb")
    assert manager.filled[-2][:2] == (LESSON, None)
    assert manager.filled[-1][:2] == ("puzzles/daily.ipynb", {"pool_size": 1})


def test_a_kernel_still_starting_is_not_checked_for_culling():
    from types import SimpleNamespace

    from gintrainer.app import PreparedPools

    class Culling:
        checked: list[str] = []

        async def cull_kernel_if_idle(self, kernel_id):
            self.checked.append(kernel_id)

    class Manager(PreparedPools, Culling):
        pass

    manager = Manager()
    manager._kernels = {"starting": SimpleNamespace(_trait_values={}),
                        "running": SimpleNamespace(_trait_values={"last_activity": NOW})}
    for kernel in ("starting", "running", "gone"):
        run_apart(manager.cull_kernel_if_idle(kernel))
    assert manager.checked == ["running", "gone"]


def test_a_kernel_handed_to_a_page_is_not_culled_until_the_page_connects_or_its_time_is_over():
    """Under load a page can connect to its kernel later than the culler's idle timeout after the kernel's last
    output (a prepared hub's page, 72 s): the kernel waits for its page's first connection, for a time."""
    import time
    from types import SimpleNamespace

    from gintrainer.app import FIRST_CONNECTION_SECONDS, PreparedPools

    class Culling:
        def __init__(self):
            self.checked, self.connected = [], []

        async def cull_kernel_if_idle(self, kernel_id):
            self.checked.append(kernel_id)

        def notify_connect(self, kernel_id):
            self.connected.append(kernel_id)

    class Manager(PreparedPools, Culling):
        max_kernels = 80

    manager = Manager()
    manager.start_preparing()
    manager._kernels = {k: SimpleNamespace(_trait_values={"last_activity": NOW}) for k in ("new", "old", "seen")}
    manager.handed_over("new")
    manager.handed_over("seen")
    manager.handed_over("old", now=time.monotonic() - FIRST_CONNECTION_SECONDS - 1)
    manager.notify_connect("seen")  # its page connected: culled as any kernel once idle with no connection
    for kernel in ("new", "old", "seen"):
        run_apart(manager.cull_kernel_if_idle(kernel))
    assert manager.checked == ["old", "seen"] and manager.connected == ["seen"]
    assert manager._handed_over.keys() == {"new"}  # the kernels whose time is over are forgotten


@pytest.mark.parametrize("hub", [False, True])
def test_every_word_of_the_view_comes_from_the_catalogs(hub):
    from gintrainer.widgets.prepare import PrepareClass
    from i18n import pseudo_language, unmarked
    answers = [{"pages": [{"page": LESSON, "students": 3, "ready": 1, "starting": 2, "memory_mb": 60,
                           "minutes_left": 9}]} if not hub else {"users": {"kim": "ready"}},
               {"error": "room", "most": 4}, {"pages": []} if not hub else {"users": {}}]
    with pseudo_language():
        view = PrepareClass(ask=Server(*answers), hub=hub)
        shown = [view.children[1].value]
        for answer in answers:
            view.prepare_button.click()
            shown.append(view.shown.value if answer.get("error") is None else view.last_error or "")
        labels = [w.description for w in (view.language, view.page, view.students, view.names, view.minutes,
                                         view.prepare_button, view.release_button, view.refresh_button)]
        labels += [title for title, _ in view.page.options] + [view.names.placeholder]
    text = " ".join(shown + labels)
    assert unmarked(text, allowed=["kim"]) == []  # a user name is the teacher's own


def test_the_servers_refusal_says_what_is_prepared_beside_its_reason(key):

    from tornado.httpclient import AsyncHTTPClient, HTTPClientError
    from tornado.httpserver import HTTPServer
    from tornado.testing import bind_unused_port
    from tornado.web import Application

    from gintrainer.app import _prepare_handler

    class Manager:
        _pools: dict = {}

        async def prepare_class(self, page, count, minutes, language=None):
            raise PrepareError("room", 3)

        def prepared_status(self):
            return {"pages": [{"page": LESSON, "students": 2}], "room": 3}

    async def ask():
        sock, port = bind_unused_port()
        app = Application([("/prepare", _prepare_handler())], kernel_manager=Manager())
        server = HTTPServer(app)
        server.add_sockets([sock])
        body = json.dumps({"page": LESSON, "count": 50, "minutes": 60}).encode()
        try:
            await AsyncHTTPClient().fetch(f"http://127.0.0.1:{port}/prepare", method="POST", body=body,
                                          headers={preparing.PREPARE_HEADER: sign(body)})
        except HTTPClientError as error:
            return error.code, json.loads(error.response.body)
        finally:
            server.stop()
        return 200, {}

    assert run_apart(ask()) == (400, {"error": "room", "most": 3, "pages": [{"page": LESSON, "students": 2}],
                                        "room": 3})


class WaitingPage:
    """A preheated page's executor as far as Voila's renderer uses it: its first cell waits for the request
    (cancelled, nbclient's DeadKernelError), each cell after a shutdown finds the kernel dead."""

    def __init__(self):
        import logging
        from types import SimpleNamespace
        self.log, self.alive, self.run = logging.getLogger("test.voila"), True, 0
        self.kc = SimpleNamespace(stop_channels=lambda: None)
        self.cell_error_instruction = ""

    async def execute_cell(self, cell, *args, **kwargs):
        import asyncio

        from nbclient.exceptions import DeadKernelError
        self.run += 1
        if not self.alive:
            self.log.error("Kernel died while waiting for execute reply.")
            raise DeadKernelError("Kernel died")
        try:
            await asyncio.Event().wait()  # the page waits for its request
        except asyncio.CancelledError:
            raise DeadKernelError("Kernel died") from None  # as nbclient's async_execute_cell

    def should_strip_error(self):
        return True

    def strip_code_cell_errors(self, cell):
        pass


def test_a_kernel_given_back_stops_its_page_quietly_before_it_is_shut_down(caplog):
    """Voila's renderer runs a pool kernel's page cell by cell; the cell waiting for the request ends in
    nbclient's DeadKernelError when the render is cancelled (and each cell after it once the kernel is
    gone): none of it is an error in the server's log, and no cell runs after the one cancelled."""
    import asyncio
    import contextlib
    import logging
    from types import SimpleNamespace

    import nbformat
    from voila.notebook_renderer import NotebookRenderer

    from gintrainer.app import PreparedPools

    class Manager(PreparedPools):
        async def shutdown_kernel(self, kernel_id, now=False):
            executor.alive = False
            self.shut.append(kernel_id)

    async def render_and_give_back():
        renderer = SimpleNamespace(cwd=".", executor=executor, log=logging.getLogger("test.voila"))

        async def cleanup():
            pass

        renderer._cleanup_resources = cleanup
        cells = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(str(i)) for i in range(9)])

        async def render():
            return [cell async for cell in NotebookRenderer._jinja_cell_generator(renderer, cells, "k")]

        task = asyncio.get_running_loop().create_task(render())
        await asyncio.sleep(0.01)
        item = asyncio.get_running_loop().create_future()
        item.set_result({"renderer": renderer, "task": task, "kernel_id": "k"})
        await manager._discard(item)
        with contextlib.suppress(BaseException):
            await asyncio.wait_for(task, 2)

    executor, manager = WaitingPage(), Manager()
    manager.shut = []
    with caplog.at_level(logging.DEBUG):
        run_apart(render_and_give_back())
    assert manager.shut == ["k"] and executor.run == 1
    assert not [record for record in caplog.records if record.levelno >= logging.WARNING]


def test_a_prepared_kernel_is_ready_once_its_page_waits_for_its_request(monkeypatch):
    """Started is not ready: a kernel counts as ready once its page has run up to its request (Voila's query
    websocket open), which for a page built ahead is once it is built."""
    from concurrent.futures import Future

    from voila.request_info_handler import RequestInfoSocketHandler

    from gintrainer.app import PreparedPools

    def started(kernel_id: str) -> Future:
        future: Future = Future()
        future.set_result({"kernel_id": kernel_id})
        return future

    class Manager(PreparedPools):
        max_kernels = 80
        kernel_pools_config = {"default": {"pool_size": 0}}

        def __init__(self):
            self._pools = {LESSON: [started("k1"), started("k2"), Future()]}  # the third still starting

        def list_kernel_ids(self):
            return ["k1", "k2"]

    manager = Manager()
    manager.start_preparing()
    manager.preparations.prepare(LESSON, 3, 30, running=0)
    monkeypatch.setattr(RequestInfoSocketHandler, "_waiters", {})
    assert manager.prepared_status()["pages"][0] | {"memory_mb": 0} == {
        "page": LESSON, "students": 3, "ready": 0, "starting": 3, "memory_mb": 0, "minutes_left": 30}
    monkeypatch.setattr(RequestInfoSocketHandler, "_waiters", {"k2": object()})
    assert (manager.prepared_status()["pages"][0]["ready"], manager.prepared_status()["pages"][0]["starting"]) == (1, 2)


def test_a_preheated_daily_page_makes_today_s_puzzles_ahead(monkeypatch):
    """The daily page marks the kinds answered by today's puzzles' ids: a preheated kernel makes them ahead."""
    from gintrainer import puzzles
    puzzles._daily_id.cache_clear()
    monkeypatch.chdir(ROOT / "puzzles")
    assert "gintrainer.widgets.trainer" in warm_up({preparing.PAGE: "puzzles/daily.ipynb"})
    assert puzzles._daily_id.cache_info().currsize == len(puzzles.kinds())


def test_a_preheated_landing_page_makes_today_s_puzzles_ahead(monkeypatch):
    """The landing page's daily part marks the kinds answered too: its preheated kernel makes the ids ahead."""
    from gintrainer import puzzles
    puzzles._daily_id.cache_clear()
    monkeypatch.chdir(ROOT)
    assert "gintrainer.widgets.site" in warm_up({preparing.PAGE: "index.ipynb"})
    assert puzzles._daily_id.cache_info().currsize == len(puzzles.kinds())
