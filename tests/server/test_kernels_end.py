"""#10.1: a lesson's kernel ends when its page is closed, and idle kernels are culled.

A real Chromium opens and closes pages; the kernels left are counted in the server's process
tree. The beacon test runs with the default (10 min) culling, so only the page's shutdown
request can explain a kernel gone within seconds; the culling test closes pages without
``beforeunload`` (a crashed tab, a lost network) and relies on a short cull timeout."""

from __future__ import annotations

import time

import pytest

from .serverkit import FIRST_WIDGET, offline_context, running_server

pytestmark = pytest.mark.browser
LESSON = "airwar/01_cards_and_capacity.ipynb"


def open_lessons(browser, base: str, n: int, outside: list[str]):
    context = offline_context(browser, outside)
    pages = []
    for _ in range(n):
        page = context.new_page()
        page.goto(f"{base}/voila/render/{LESSON}", wait_until="domcontentloaded")
        page.wait_for_selector(FIRST_WIDGET, state="visible", timeout=120_000)
        pages.append(page)
    return context, pages


def test_closing_a_page_shuts_its_kernel_down(browser):
    outside: list[str] = []
    with running_server() as server:
        context, pages = open_lessons(browser, server.base, 3, outside)
        assert len(server.kernels()) == 3
        pages[0].close(run_before_unload=True)
        assert server.wait_kernels(at_most=2, timeout=15) == 2
        before = {k.pid for k in server.kernels()}
        # following a link to the landing page: the lesson ends, the landing page starts one
        pages[1].goto(f"{server.base}/voila/render/index.ipynb")
        pages[1].wait_for_selector("#rendered_cells", timeout=60_000)
        deadline = time.monotonic() + 15
        while len(before - {k.pid for k in server.kernels()}) < 1 and time.monotonic() < deadline:
            time.sleep(0.5)
        assert len(before - {k.pid for k in server.kernels()}) == 1
        assert len(server.kernels()) == 2
        context.close()
        log = server.log_text()
    assert "_xsrf' argument missing" not in log
    assert outside == []


def test_kernels_of_pages_gone_without_a_word_are_culled(browser):
    outside: list[str] = []
    with running_server("--cull-idle=6", "--cull-interval=2") as server:
        context, pages = open_lessons(browser, server.base, 2, outside)
        pages[1].wait_for_timeout(8000)
        assert len(server.kernels()) == 2  # idle but with a page open: kept
        context.close()  # no beforeunload: no shutdown request
        assert server.wait_kernels(at_most=0, timeout=40) == 0
        assert "Culling" in server.log_text()
    assert outside == []
