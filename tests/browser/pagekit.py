"""Helpers the browser tests of every game share: open a lesson, read a chart, move a slider."""

from __future__ import annotations

from .conftest import wait_for_voila

# what a chart "shows": enough of every trace to see any change a control makes
PLOT_DATA = (
    "document.querySelector('{sel} .js-plotly-plot').data"
    ".map(t => [t.x, t.y, t.z, t.lon, t.lat, t.text, t.marker && t.marker.color])"
)


def open_lesson(watched, base: str, notebook: str, selector: str | None = ".js-plotly-plot"):
    """Open ``notebooks/<notebook>`` in Voila and wait for its cells (and a chart, if asked)."""
    page = watched.page
    page.goto(f"{base}/voila/render/notebooks/{notebook}", wait_until="domcontentloaded")
    wait_for_voila(page)
    if selector:
        page.wait_for_selector(selector, timeout=60_000)
    return page


def assert_healthy(watched) -> None:
    """No widget error, no traceback, no console error, no failed or outside request."""
    body = watched.page.inner_text("body")
    assert "Error displaying widget" not in body
    assert "There was an error when executing cell" not in body
    assert "Traceback" not in body
    assert watched.problems() == {}


def plot_json(page, selector: str) -> str:
    return page.evaluate(f"() => JSON.stringify({PLOT_DATA.format(sel=selector)})")


def wait_changed(page, selector: str, before: str, timeout: float = 30_000) -> None:
    """Until the chart inside ``selector`` shows something else than ``before``."""
    page.wait_for_function(
        f"(before) => JSON.stringify({PLOT_DATA.format(sel=selector)}) !== before",
        arg=before,
        timeout=timeout,
    )


def press(page, selector: str, key: str, times: int) -> None:
    """Move an ipywidgets slider with the keyboard, as a person would."""
    handle = page.locator(f"{selector} .noUi-handle").first
    handle.focus()
    for _ in range(times):
        page.keyboard.press(key)
