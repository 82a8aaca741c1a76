"""CNW lessons 2–5 in a real browser, offline: controls change the charts in the page, and the game
table plays turns; screenshots saved for review."""

from __future__ import annotations

import pytest

from .conftest import screenshot
from .pagekit import assert_healthy, open_lesson, plot_json, wait_changed

pytestmark = pytest.mark.browser


def open_page(watched, base: str, notebook: str, selector: str = ".js-plotly-plot"):
    return open_lesson(watched, base, f"cnw/{notebook}", selector)


def select_by_text(page, selector: str, text: str | None = None) -> str:
    """Choose an option of an ipywidgets Dropdown by its text (the DOM values are indices);
    without ``text``, the first option that is not the blank "—"."""
    select = page.locator(f"{selector} select").first
    value, label = select.evaluate(
        "(s, text) => { const o = [...s.options].find(o => text ? o.text === text"
        " : o.text !== '—'); return [o.value, o.text]; }",
        text,
    )
    select.select_option(value)
    return label


def log_items(page) -> int:
    return page.evaluate("() => document.querySelectorAll('.cnw-log li').length")


def test_play_a_few_moves_and_the_log_grows(watched_page, voila_url):
    page = open_page(watched_page, voila_url, "04_play.ipynb")
    page.wait_for_selector(".cnw-go")
    page.wait_for_selector(".cnw-fig-table .js-plotly-plot")
    land = page.evaluate("() => document.querySelectorAll('.cnw-fig-table .geo path').length")
    assert land > 0
    before_map = plot_json(page, ".cnw-fig-table")
    for _ in range(3):  # starting pawns (§4 step 5): choose a gateway of yours, press Go
        n = log_items(page)
        select_by_text(page, ".cnw-source-select")
        page.locator(".cnw-go").first.click()
        page.wait_for_function(
            f"() => document.querySelectorAll('.cnw-log li').length > {n}", timeout=30_000
        )
    wait_changed(page, ".cnw-fig-table", before_map)
    assert "place a pawn" in page.inner_text(".cnw-log")
    n = log_items(page)
    page.locator(".cnw-finish").first.click()
    page.wait_for_function(
        f"() => document.querySelectorAll('.cnw-log li').length > {n + 50}", timeout=60_000
    )
    page.wait_for_function(
        "() => document.querySelector('.cnw-status').innerText.includes('Game over')",
        timeout=60_000,
    )
    page.wait_for_timeout(800)
    screenshot(page, "cnw__04_play")
    assert_healthy(watched_page)


def test_shipment_corridor_and_air_bridges_change_the_charts(watched_page, voila_url):
    page = open_page(watched_page, voila_url, "02_shipments_and_delivery_chains.ipynb")
    page.wait_for_selector(".cnw-fig-corridor .js-plotly-plot")
    page.wait_for_selector(".cnw-fig-hops .js-plotly-plot")
    before = plot_json(page, ".cnw-fig-corridor")
    select = page.locator(".cnw-shipment-select select").first
    select.select_option(select.evaluate("s => s.options[5].value"))
    wait_changed(page, ".cnw-fig-corridor", before)
    before = plot_json(page, ".cnw-fig-hops")
    page.locator(".cnw-all-hubs").first.click()
    wait_changed(page, ".cnw-fig-hops", before)
    before = plot_json(page, ".cnw-fig-deck")
    page.locator(".cnw-deck-by button").nth(1).click()
    wait_changed(page, ".cnw-fig-deck", before)
    page.wait_for_timeout(800)
    screenshot(page, "cnw__02_after_controls")
    assert_healthy(watched_page)


def test_turn_next_step_changes_the_map(watched_page, voila_url):
    page = open_page(watched_page, voila_url, "03_a_turn_step_by_step.ipynb")
    page.wait_for_selector(".cnw-fig-turn .js-plotly-plot")
    before = plot_json(page, ".cnw-fig-turn")
    for k in range(3):
        page.locator(".cnw-turn-next").first.click()
        page.wait_for_function(
            f"() => document.querySelectorAll('.cnw-turn-log li').length > {k}", timeout=30_000
        )
    wait_changed(page, ".cnw-fig-turn", before)
    assert "Last step" in page.inner_text(".cnw-turn-explain")
    page.wait_for_timeout(800)
    screenshot(page, "cnw__03_after_steps")
    assert_healthy(watched_page)


def test_strategy_lab_runs_and_fills_the_charts(watched_page, voila_url):
    page = open_page(watched_page, voila_url, "05_strategy_lab.ipynb")
    page.wait_for_selector(".cnw-fig-victory .js-plotly-plot")
    games = page.locator(".cnw-lab-games input").first
    games.fill("5")
    games.press("Enter")
    page.wait_for_timeout(500)
    before = plot_json(page, ".cnw-fig-victory")
    page.locator(".cnw-lab-run").first.click()
    wait_changed(page, ".cnw-fig-victory", before)
    page.wait_for_function(
        "() => document.querySelector('.cnw-lab-result').innerText.includes('5 games')",
        timeout=60_000,
    )
    before = plot_json(page, ".cnw-fig-sweep")
    page.locator(".cnw-lab-players").first.click()
    wait_changed(page, ".cnw-fig-sweep", before)
    page.wait_for_timeout(800)
    screenshot(page, "cnw__05_after_run")
    assert_healthy(watched_page)
