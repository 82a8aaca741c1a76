"""A real Voilà server and a headless Chromium with no way out of localhost.

Every request to a host other than localhost is aborted and recorded; so are console errors and
failed requests. Tests assert those lists are empty, which proves the app works offline (maps
included). Screenshots go to ``test-artifacts/screenshots/`` (README's images are copied from
there).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "screenshots"
LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def running_voila():
    """Voila serving the repository on a free localhost port; yields its base URL."""
    port = _free_port()
    env = dict(os.environ, JUPYTER_PATH=str(ROOT / "share" / "jupyter"))
    log = (ROOT / "test-artifacts").resolve()
    log.mkdir(exist_ok=True)
    with open(log / "voila.log", "w") as out:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "voila",
                "--no-browser",
                f"--port={port}",
                "--Voila.ip=127.0.0.1",
                "--show_tracebacks=True",  # a failed cell's error in the test's message
                ".",
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 90
        while True:
            try:
                urllib.request.urlopen(base + "/", timeout=2)
                break
            except urllib.error.HTTPError:
                break  # the server answers
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    proc.kill()
                    pytest.fail("Voilà did not start: see test-artifacts/voila.log")
                time.sleep(0.3)
        try:
            yield base
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


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
    """Block every request outside localhost on ``context`` and record what goes wrong."""
    page = context.new_page()
    watched = Watched(page)

    def route(route):
        host = urlparse(route.request.url).hostname or ""
        if route.request.url.startswith(("data:", "blob:")) or host in LOCAL_HOSTS:
            route.continue_()
        else:
            watched.outside.append(route.request.url)
            route.abort()

    context.route("**/*", route)
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


def screenshot(page, name: str) -> Path:
    """The whole page."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
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
