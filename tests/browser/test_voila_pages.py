"""The app in a real browser, offline: every page renders its widgets with no error and no
request outside localhost; moving a control changes the chart in the page; screenshots saved."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import ROOT, element_screenshot, screenshot, wait_for_voila
from .pagekit import assert_healthy

pytestmark = pytest.mark.browser

PAGES = sorted(
    str(p.relative_to(ROOT))
    for p in (ROOT / "notebooks").rglob("*.ipynb")
    if ".ipynb_checkpoints" not in p.parts
)


def open_page(watched, base: str, notebook: str):
    page = watched.page
    page.goto(f"{base}/voila/render/{notebook}", wait_until="domcontentloaded")
    wait_for_voila(page)
    return page


@pytest.mark.parametrize("notebook", PAGES)
def test_page_renders_offline(watched_page, voila_url, notebook):
    page = open_page(watched_page, voila_url, notebook)
    cells = json.loads((ROOT / notebook).read_text(encoding="utf-8"))["cells"]
    code_cells = sum(1 for c in cells if c["cell_type"] == "code")
    if code_cells:
        # every code cell builds a widget: wait until each output area shows one
        page.wait_for_function(
            "(n) => document.querySelectorAll('.jp-OutputArea-output .jupyter-widgets')"
            ".length >= n",
            arg=code_cells,
            timeout=60_000,
        )
        page.wait_for_timeout(1500)
        page.wait_for_function(
            "() => [...document.querySelectorAll('.js-plotly-plot')]"
            ".every(p => p.data && p.data.length > 0)",
            timeout=60_000,
        )
    page.wait_for_timeout(1000)
    screenshot(page, Path(notebook).with_suffix("").as_posix().replace("/", "__"))
    assert_healthy(watched_page)
    if "cnw/01" in notebook:
        # the world base map was fetched from the app itself, and drawn
        land = page.evaluate(
            "() => document.querySelectorAll('.geo .layer.bg path, "
            ".geo path.land, .geo .land').length"
        )
        assert land > 0


def plot_data(page, selector: str):
    return page.evaluate(
        f"() => JSON.stringify(document.querySelector('{selector} .js-plotly-plot, "
        f"{selector}.js-plotly-plot').data.map(t => [t.x, t.y, t.z]))"
    )


def test_moving_the_attackers_slider_updates_the_charts(watched_page, voila_url):
    page = open_page(watched_page, voila_url, "notebooks/cnw/01_board_and_battles.ipynb")
    page.wait_for_selector(".cnw-fig-curve .js-plotly-plot")
    before_curve = plot_data(page, ".cnw-fig-curve")
    before_roll = plot_data(page, ".cnw-fig-roll")
    handle = page.locator(".cnw-attackers .noUi-handle").first
    handle.focus()
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "(before) => JSON.stringify(document.querySelector('.cnw-fig-curve .js-plotly-plot')"
        ".data.map(t => [t.x, t.y, t.z])) !== before",
        arg=before_curve,
        timeout=30_000,
    )
    # 3 attack dice either way: the single-roll chart only changes with the defenders
    defenders = page.locator(".cnw-defenders .noUi-handle").first
    defenders.focus()
    for _ in range(2):
        page.keyboard.press("ArrowLeft")
    page.wait_for_function(
        "(before) => JSON.stringify(document.querySelector('.cnw-fig-roll .js-plotly-plot')"
        ".data.map(t => [t.x, t.y, t.z])) !== before",
        arg=before_roll,
        timeout=30_000,
    )
    screenshot(page, "cnw__01_after_slider")
    element_screenshot(page, ".cnw-panel-battle", "element__cnw_battle")
    assert_healthy(watched_page)


def test_choosing_a_gateway_highlights_it_on_the_map(watched_page, voila_url):
    page = open_page(watched_page, voila_url, "notebooks/cnw/01_board_and_battles.ipynb")
    page.wait_for_selector(".cnw-board-map .js-plotly-plot")
    select = page.locator(".cnw-gateway-select select").first
    option = select.evaluate("s => [...s.options].find(o => o.text.startsWith('WAW')).value")
    select.select_option(option)
    page.wait_for_function(
        "() => document.querySelector('.cnw-gateway-info').innerText.includes('SVO')",
        timeout=30_000,
    )
    highlighted = page.evaluate(
        "() => document.querySelector('.cnw-board-map .js-plotly-plot').data[2].lon"
        ".filter(v => v !== null).length"
    )
    assert highlighted > 0
    page.locator(".cnw-view-toggle button").nth(1).click()
    page.wait_for_timeout(1500)
    screenshot(page, "cnw__01_schematic_waw")
    element_screenshot(page, ".cnw-board-map", "element__cnw_map_schematic")
    assert_healthy(watched_page)


def test_roll_button_shows_dice(watched_page, voila_url):
    page = open_page(watched_page, voila_url, "notebooks/cnw/01_board_and_battles.ipynb")
    page.locator(".cnw-roll").first.click()
    page.wait_for_function(
        "() => /[⚀⚁⚂⚃⚄⚅]/.test(document.querySelector('.cnw-dice').innerText)", timeout=30_000
    )
    assert_healthy(watched_page)
