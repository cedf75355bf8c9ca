"""The class benchmark works: a short run of its core (two students, one of them in Chromium,
on the minimal notebook and the best-discard trainer) reports every figure it prints, and no
request failed. No figure is held to a time: speed figures come from the script itself."""

from __future__ import annotations

import importlib
import math
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import bench_module

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def bench_class():
    with bench_module("bench_class") as module:
        yield module


@pytest.fixture(scope="module")
def figures(bench_class):
    options = bench_class.parse(["--students", "2", "--chromium", "1", "--after", "0", "--no-breakdown",
                                 "--pages", "trainer,minimal"])
    # a thread of its own: the browser tests' Playwright keeps an event loop running in this one
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(bench_class.run, options).result()


@pytest.fixture(scope="module")
def parts(bench_class, tmp_path_factory):
    """Where the time goes, for the same two pages, in a plain kernel."""
    site = tmp_path_factory.mktemp("bench-site")
    importlib.import_module("serving").make_site(site)
    every = bench_class.kinds()
    return {name: bench_class.breakdown.measure(site, every[name].notebook, every[name].query(1), site / "data")
            for name in ("minimal", "trainer")}


def test_a_short_run_fails_no_request(figures):
    assert figures["failures"] == []


def test_the_minimal_notebook_comes_first_and_each_kind_has_its_figures(figures):
    results = figures["results"]
    assert [r.kind for r in results] == ["minimal", "trainer"]
    for result in results:
        assert len(result.live) == 1 and result.live[0] > 0  # the websocket student
        assert len(result.chromium_live) == 1  # the Chromium student
        assert len(result.idle_rss_mb) == 2 and min(result.idle_rss_mb) > 0  # both pages' kernels
        assert result.peak_total_mb >= result.peak_one_mb > 0
        assert result.pool_before["kernels"] >= 1 and result.after_leaving["total_mb"] > 0
        assert result.cpu["machine"] > 0 and result.cpu["server"] > 0  # who used the processors
        assert 0 < result.cpu_open["seconds"] < result.cpu["seconds"]  # opening is the first part of the run
        assert 0 < result.cpu_open["server"] <= result.cpu["server"]
    minimal, trainer = results
    assert len(minimal.steps["answer"]) == 1  # one click
    assert len(trainer.steps["answer"]) == 5 and len(trainer.steps["next"]) == 4  # five puzzles


def test_the_breakdown_times_kernel_start_imports_and_building(bench_class, parts, capsys):
    for result in parts.values():
        assert [p.what for p in result.parts][:2] == ["kernel start", "imports"]
        assert result.total("building the page") > 0 and result.errors == []
    assert [p.code for p in parts["trainer"].parts if p.what == "imports"] == [
        "from gintrainer.widgets.site import nav",
        "from gintrainer.widgets.trainer import trainer"]
    bench_class.breakdown.print_breakdown(parts, {}, "minimal")
    out = capsys.readouterr().out
    assert "trainer " in out and "The floor (minimal)" in out


def test_the_report_prints_each_figure_beside_the_floor(bench_class, figures, capsys):
    bench_class.print_report(figures["results"])
    out = capsys.readouterr().out
    trainer = out[out.index("best-discard trainer"):]
    for name, *_ in bench_class.rows(figures["results"][1]):
        line = next(line for line in trainer.splitlines() if line.strip().startswith(name))
        ratio = float(line.split()[-1])
        assert not math.isnan(ratio), line
    assert "first widget in Chromium (1 students)" in trainer


def test_the_notebook_of_lesson_5_s_shape_is_its_cells_with_the_minimal_button(bench_class, tmp_path):
    import nbformat
    serving = importlib.import_module("serving")
    serving.make_site(tmp_path)
    shaped = nbformat.read(tmp_path / serving.SHAPED, as_version=4).cells
    lesson = nbformat.read(serving.lesson_five(), as_version=4).cells
    assert [c.cell_type for c in shaped] == [c.cell_type for c in lesson] and len(lesson) > 10
    assert all(s.source == (c.source if c.cell_type == "markdown" else serving.MINIMAL_CODE)
               for s, c in zip(shaped, lesson, strict=True))
    assert bench_class.kinds()["cells"].outputs == sum(c.cell_type == "code" for c in lesson)


def test_each_page_is_measured_right_after_the_floors_it_is_compared_with(bench_class):
    schedule = bench_class.schedule
    assert schedule(["minimal", "cells", "class", "lesson", "trainer"]) == \
        ["minimal", "class", "minimal", "cells", "lesson", "minimal", "trainer"]
    assert schedule(["trainer", "minimal"]) == ["minimal", "trainer"]
    assert schedule(["minimal", "cells", "trainer"]) == ["minimal", "cells", "trainer"]
    assert schedule(["cells", "minimal"]) == ["minimal", "cells"] and schedule(["lesson"]) == ["lesson"]


def test_a_page_s_ratio_is_to_the_floor_measured_just_before_it_in_its_round(bench_class):
    def measured(kind, live, round_number):
        return bench_class.KindResult(kind, kind.title(), f"{kind}.ipynb", 2, 0, live=live, round=round_number)
    results = [measured("minimal", [1.0, 2.0], 1), measured("cells", [2.0, 3.0], 1), measured("lesson", [3.0, 6.0], 1),
               measured("minimal", [1.0, 4.0], 1), measured("trainer", [2.0, 5.0], 1),
               measured("minimal", [2.0, 3.0], 2), measured("cells", [1.0, 1.0], 2), measured("lesson", [3.0, 3.0], 2),
               measured("minimal", [5.0, 5.0], 2), measured("trainer", [4.0, 4.0], 2)]
    p95 = {i: bench_class.percentile(r.live, 0.95) for i, r in enumerate(results)}
    ratios = bench_class.ratios_to_floor(results)
    assert ratios["Lesson"] == [(p95[2] / p95[0], p95[2] / p95[1]), (p95[7] / p95[5], p95[7] / p95[6])]
    assert ratios["Trainer"] == [(p95[4] / p95[3], None), (p95[9] / p95[8], None)]
    assert ratios["Cells"] == [(p95[1] / p95[0], None), (p95[6] / p95[5], None)]
    assert "Minimal" not in ratios  # the floor is not compared with itself
    assert bench_class.floors_before(results, 5) == (None, None)  # a round starts afresh


def test_the_opening_s_processor_seconds_are_compared_with_the_floor_s_alike(bench_class, capsys):
    def measured(kind, server_cpu):
        return bench_class.KindResult(kind, kind.title(), f"{kind}.ipynb", 2, 0, live=[1.0],
                                      cpu_open={"server": server_cpu})
    results = [measured("minimal", 20.0), measured("trainer", 25.0), measured("minimal", 10.0),
               measured("class", 30.0)]
    ratios = bench_class.ratios_to_floor(results, bench_class.opening_cpu)
    assert ratios == {"Trainer": [(1.25, None)], "Class": [(3.0, None)]}
    bench_class.print_ratios(results)
    printed = capsys.readouterr().out
    assert "goal: 1.3 at most" in printed and "Trainer                                 1.25; median 1.25" in printed
