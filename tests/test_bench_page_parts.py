"""The page parts benchmark works: the notebooks it makes are lesson 5's text and code
rearranged as it says, its summary is the medians and their difference to the floor, and a
short run through a real server reports the pages it opened. No figure is held to a time."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import nbformat
import pytest

from conftest import bench_module


@pytest.fixture(scope="module")
def parts():
    with bench_module("bench_page_parts") as module:
        yield module


@pytest.fixture(scope="module")
def lesson(parts):
    return nbformat.read(parts.lesson_five(), as_version=4)


def test_the_text_pages_hold_lesson_5_s_markdown_with_the_one_button(parts, lesson):
    made = parts.notebooks(lesson)
    text = [cell.source for cell in lesson.cells if cell.cell_type == "markdown"]
    assert [cell.source for cell in made["text"][:-1]] == text
    assert made["text"][-1].cell_type == "code" and made["text"][-1].source == parts.MINIMAL_CODE
    joined, button = made["text-joined"]
    assert joined.cell_type == "markdown" and joined.source == "\n\n".join(text) and button.source == parts.MINIMAL_CODE


def test_the_button_pages_make_one_button_per_code_cell_of_the_lesson(parts, lesson):
    made = parts.notebooks(lesson)
    code = [cell for cell in lesson.cells if cell.cell_type == "code"]
    assert [cell.source for cell in made["buttons-cells"]] == [parts.MINIMAL_CODE] * len(code)
    (one,) = made["buttons-one-cell"]
    *body, last = one.source.splitlines()
    namespace: dict = {}
    exec("\n".join(body), namespace)
    box = eval(last, namespace)
    assert len(box.children) == len(code) and {type(b).__name__ for b in box.children} == {"Button"}


def test_lesson_in_one_cell_shows_what_each_of_its_cells_showed(parts, lesson, fresh_kernel, monkeypatch):
    import IPython.display
    import ipywidgets

    code = [cell.source for cell in lesson.cells if cell.cell_type == "code"]
    separately: list[type] = []
    namespace: dict = {}
    for source in code:  # each cell's last expression is what the cell shows
        *body, last = source.rstrip().splitlines()
        exec("\n".join(body), namespace)
        separately.append(type(eval(last, namespace)))
    shown: list = []
    monkeypatch.setattr(IPython.display, "display", lambda value: shown.append(type(value)))
    (cell,) = [c for c in parts.notebooks(lesson)["lesson-one-cell"] if c.cell_type == "code"]
    exec(cell.source, {})
    assert shown == separately and all(issubclass(kind, ipywidgets.Widget) for kind in shown)


def test_the_summary_is_the_medians_and_the_difference_to_the_floor(parts):
    runs = {"minimal": [{"live": 1.0, "server": 0.2, "kernel": 0.6, "models": 3},
                        {"live": 3.0, "server": 0.4, "kernel": 0.8, "models": 3},
                        {"live": 2.0, "server": 0.3, "kernel": 0.7, "models": 3}],
            "lesson": [{"live": 2.0, "server": 0.5, "kernel": 1.0, "models": 101}]}
    medians = parts.summary(runs)
    assert medians["minimal"]["live"] == 2.0 and medians["minimal"]["total"] == pytest.approx(1.0)
    assert medians["minimal"]["above"] == pytest.approx(0.0)
    assert medians["lesson"]["above"] == pytest.approx(0.5) and medians["lesson"]["models"] == 101
    text = parts.report(medians, 3)
    assert "median of 3" in text and "+0.500 s" in text and " 101 " in text


def test_unknown_pages_and_no_runs_are_refused(parts, capsys):
    for argv, said in ((["--pages", "minimal,lessons"], "unknown pages: lessons"), (["--runs", "0"], "at least 1")):
        with pytest.raises(SystemExit):
            parts.parse(argv)
        assert said in capsys.readouterr().err


@pytest.mark.browser
def test_a_short_run_through_the_server_reports_each_page_it_opened(parts, capsys):
    # a thread of its own: the browser tests' Playwright keeps an event loop running in this one
    with ThreadPoolExecutor(max_workers=1) as thread:
        assert thread.submit(parts.main, ["--runs", "1", "--pages", "minimal,buttons-one-cell"]).result() == 0
    lines = capsys.readouterr().out.splitlines()
    rows = {line.split()[0]: line.split() for line in lines if line.startswith("  ") and "page" not in line}
    assert set(rows) == {"minimal", "buttons-one-cell"}
    assert rows["minimal"][7] == "3" and rows["buttons-one-cell"][7] == "29"  # the models each page holds
