"""A real Voilà server and a headless Chromium with no way out of localhost.

Every request to a host other than localhost is aborted and recorded; so are console errors and
failed requests. Tests assert those lists are empty, which proves the app works offline (maps
included). Screenshots go to ``test-artifacts/screenshots/`` (README's images are copied from
there).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.chromium import record_outside
from tests.server.serverkit import launched

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "screenshots"


def voila(port: int) -> list[str]:
    """Plain Voila serving the whole repository (the lessons are under notebooks/).

    No port retries (``launched`` picks another port itself) and kernels on Unix sockets rather
    than TCP ports, as classroom/serve.py does: two test workers starting kernels at once would
    otherwise race for the same free ports."""
    return [
        sys.executable,
        "-m",
        "voila",
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        *(["--KernelManager.transport=ipc"] if os.name == "posix" else []),
        "--show_tracebacks=True",  # a failed cell's error in the test's message
        ".",
    ]


@contextmanager
def running_voila() -> Iterator[str]:
    """Voila serving the repository on a free localhost port, its output in
    ``test-artifacts/voila-<port>.log``; yields its base URL."""
    env = {"JUPYTER_PATH": str(ROOT / "share" / "jupyter")}
    with launched(voila, "voila", env=env, timeout=90) as server:
        yield server.base


def pytest_configure(config: pytest.Config) -> None:
    # pytest-xdist's own marker, registered here too so that --strict-markers accepts it in a
    # run without xdist: it keeps the tests that share one page or server on one worker
    config.addinivalue_line("markers", "xdist_group(name): run these tests on one xdist worker")


@pytest.fixture(scope="session")
def voila_url():
    with running_voila() as base:
        yield base


@dataclass
class Watched:
    """A page and everything that went wrong on it."""

    page: object
    outside: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    def problems(self) -> dict[str, list[str]]:
        return {
            k: v
            for k, v in {
                "requests outside localhost": self.outside,
                "console errors": self.console_errors,
                "failed requests": self.failed,
            }.items()
            if v
        }


def watch(context) -> Watched:
    """Record on ``context`` every request outside localhost (Chromium's flags make it fail),
    and everything that goes wrong on its new page."""
    page = context.new_page()
    watched = Watched(page)
    record_outside(context, watched.outside)
    page.on("console", lambda m: m.type == "error" and watched.console_errors.append(m.text))
    page.on("pageerror", lambda e: watched.console_errors.append(str(e)))
    page.on("requestfailed", lambda r: watched.failed.append(f"{r.url} {r.failure}"))
    return watched


@pytest.fixture
def watched_page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield watch(context)
    context.close()


def wait_for_voila(page, timeout: float = 120_000) -> None:
    """Until Voilà has executed every cell and the widgets are on the page."""
    page.wait_for_selector("#rendered_cells", state="visible", timeout=timeout)
    page.wait_for_function(
        "() => !document.querySelector('#loading') ||"
        " getComputedStyle(document.querySelector('#loading')).display === 'none'",
        timeout=timeout,
    )


def _grown(page, max_height: int = 9000):
    """Grow the viewport to the page's height (Voila scrolls inside its own container, so
    Playwright's full_page sees only one screen); returns the size to restore."""
    size = page.viewport_size
    height = page.evaluate(
        "() => Math.max(...[document.body, document.documentElement,"
        " ...document.querySelectorAll('#rendered_cells, .jp-Notebook')]"
        ".filter(Boolean).map(e => e.scrollHeight))"
    )
    page.set_viewport_size({"width": size["width"], "height": min(max(height, 600), max_height)})
    # the width is unchanged, so nothing reflows: two frames paint the newly visible part
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    return size


def screenshot(page, name: str, folder: Path = SHOTS) -> Path:
    """The whole page, saved as ``<folder>/<name>.png``."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    size = _grown(page)
    page.screenshot(path=str(path))
    page.set_viewport_size(size)
    return path


def element_screenshot(page, selector: str, name: str) -> Path:
    """One widget alone, e.g. for the README's pictures."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    size = _grown(page)
    page.locator(selector).first.screenshot(path=str(path))
    page.set_viewport_size(size)
    return path
