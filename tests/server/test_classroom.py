"""#10.2: classroom mode. Warm kernels wait for the students; a pooled page draws its base map
offline; one visitor cannot open lessons without end; and the small load test (5 students at
once, every one on a warm kernel, asking for the widget states as the page does) runs with no
error, every page whole, and leaves no kernel behind.

Times are printed, never asserted: the machine is shared."""

from __future__ import annotations

import time
import urllib.error
import urllib.request

import pytest

from .serverkit import FIRST_WIDGET, offline_context, run_async, running_server, visit_many

# the tests share one classroom server and its warm kernels: one xdist worker runs them all
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("test_classroom")]
LESSON = "cnw/01_board_and_dice.ipynb"
# drawn from the topojson only: land, countries and coastlines (the CNW board shows the latter two)
LAND = (
    "() => [...document.querySelectorAll('.cnw-board-map .geo .layer.land path,"
    " .cnw-board-map .geo .layer.countries path, .cnw-board-map .geo .layer.coastlines path')]"
    ".filter(p => (p.getAttribute('d') || '').length > 100).length"
)
WARM = "Using pre-heated kernel"
# nbclient's word for a cell output it gave up waiting for: that page would lack a widget
LOST_OUTPUT = "Timeout waiting for IOPub output"
STUDENTS = 7  # the map test, the cap test and the 5 students of the load test each take one


@pytest.fixture(scope="module")
def classroom():
    args = ["--classroom", LESSON.removesuffix(".ipynb"), f"--students={STUDENTS}"]
    args += ["--per-visitor=1", "--cull-idle=60", "--cull-interval=2"]
    with running_server(*args, ready="Warm kernels ready", timeout=600) as server:
        yield server


def test_the_classroom_starts_with_a_warm_kernel_per_student(classroom):
    log = classroom.log_text()
    assert f"Warm kernels ready: {STUDENTS} for {LESSON}" in log
    assert len(classroom.kernels()) == STUDENTS
    # kernels preheating together on a busy machine are slow to publish a cell's output: Voilà
    # must wait for it (voila.json's VoilaExecutor.iopub_timeout), not render the page without
    assert LOST_OUTPUT not in log


def test_a_pooled_page_draws_its_base_map_offline(browser, classroom):
    outside: list[str] = []
    maps: list[tuple[str, int]] = []
    errors: list[str] = []
    before = classroom.log_text().count(WARM)  # whichever of the module's tests ran first
    context = offline_context(browser, outside)
    page = context.new_page()
    page.on("response", lambda r: "topojson" in r.url and maps.append((r.url, r.status)))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{classroom.base}/voila/render/{LESSON}", wait_until="domcontentloaded")
    page.wait_for_selector(".cnw-board-map .js-plotly-plot", timeout=120_000)
    page.wait_for_function(f"({LAND})() > 0", timeout=60_000)
    land = page.evaluate(LAND)
    context.close()
    assert classroom.log_text().count(WARM) == before + 1  # served by a warm kernel
    assert land > 0
    assert any(url.endswith("/voila/files/assets/topojson/world_110m.json") and status == 200
               for url, status in maps), maps  # fmt: skip
    assert outside == [] and errors == []


def test_one_visitor_past_the_cap_gets_a_page_that_says_why(browser, classroom):
    context = offline_context(browser, [])
    first = context.new_page()
    first.goto(f"{classroom.base}/voila/render/{LESSON}", wait_until="domcontentloaded")
    first.wait_for_selector(FIRST_WIDGET, state="visible", timeout=120_000)
    second = context.new_page()
    response = second.goto(f"{classroom.base}/voila/render/{LESSON}")
    assert response.status == 429
    assert "already have a lesson open" in second.inner_text("body")
    kernels = len(classroom.kernels())
    context.close()
    assert kernels == STUDENTS  # the refused page started no kernel


def test_five_students_at_once_on_warm_kernels(classroom):
    before = classroom.log_text().count(WARM)
    sessions = run_async(visit_many(classroom.base, LESSON, 5, timeout=180))
    print("\n  time to first widget:", sorted(round(s.first_widget or -1, 2) for s in sessions))
    print("  pages that fell back to one request per widget:", sum(s.fell_back for s in sessions))
    print("  steps (s from the GET):", [s.trace for s in sessions])
    assert [s.error for s in sessions] == [None] * 5
    assert all(s.widgets > 0 for s in sessions)
    # every page whole: the same widget outputs in each, and every widget's state received
    assert len({s.views for s in sessions}) == 1 and sessions[0].views > 0
    assert all(s.states == s.widgets for s in sessions)
    assert LOST_OUTPUT not in classroom.log_text()
    assert classroom.log_text().count(WARM) - before == 5
    for s in sessions:  # every page closed: its kernel is gone
        with pytest.raises(urllib.error.HTTPError) as gone:
            urllib.request.urlopen(f"{classroom.base}/api/kernels/{s.kernel_id}", timeout=30)
        assert gone.value.code == 404


def test_a_warm_kernel_idle_longer_than_the_cull_time_still_serves_its_student():
    # in the pool a kernel is idle but protected; when handed out, its idle time must restart,
    # or the culler (here every second, after 4 s) ends it before the student's page connects
    args = ["--classroom", LESSON.removesuffix(".ipynb"), "--students=2"]
    args += ["--cull-idle=4", "--cull-interval=1"]
    with running_server(*args, ready="Warm kernels ready", timeout=600) as server:
        time.sleep(8)
        # the pages take 3 s to load their scripts before they connect, as a browser may
        sessions = run_async(visit_many(server.base, LESSON, 2, timeout=180, script_time=3))
        log = server.log_text()
    assert [s.error for s in sessions] == [None, None]
    assert log.count(WARM) == 2
    culled = [s.kernel_id for s in sessions if f"({s.kernel_id}) with 0 connections" in log]
    assert culled == []  # ended by their pages' shutdown, not by the culler
