"""Logiquo lessons in a real browser, offline: controls change the charts in the page, and the
game table plays; screenshots saved for review."""

from __future__ import annotations

import pytest

from .conftest import element_screenshot, screenshot
from .pagekit import assert_healthy, open_lesson, plot_json, press, wait_changed

pytestmark = pytest.mark.browser


def open_page(watched, base: str, notebook: str, selector: str = ".js-plotly-plot"):
    return open_lesson(watched, base, f"logiquo/{notebook}", selector)


def test_deck_matrix_network_and_cover_respond(watched_page, voila_url):
    page = open_page(watched_page, voila_url, "01_threats_and_controls.ipynb")
    page.wait_for_selector(".logiquo-fig-heatmap .js-plotly-plot")
    before = plot_json(page, ".logiquo-fig-count")
    select = page.locator(".logiquo-kind select").first
    select.select_option(select.evaluate("s => s.options[1].value"))
    wait_changed(page, ".logiquo-fig-count", before)
    assert "CIS Controls v8" in page.inner_text(".logiquo-card-face")
    before = plot_json(page, ".logiquo-fig-heatmap")
    page.locator(".logiquo-order button").nth(2).click()
    wait_changed(page, ".logiquo-fig-heatmap", before)
    before = plot_json(page, ".logiquo-fig-network")
    select = page.locator(".logiquo-threat-pick select").first
    select.select_option(select.evaluate("s => s.options[9].value"))
    wait_changed(page, ".logiquo-fig-network", before)
    before = plot_json(page, ".logiquo-fig-cover")
    press(page, ".logiquo-budget", "ArrowRight", 3)
    wait_changed(page, ".logiquo-fig-cover", before)
    page.wait_for_timeout(800)
    element_screenshot(page, ".logiquo-fig-heatmap", "logiquo__01_heatmap")
    element_screenshot(page, ".logiquo-fig-network", "logiquo__01_network")
    screenshot(page, "logiquo__01_after_controls")
    assert_healthy(watched_page)


def test_odds_controls_and_monte_carlo(watched_page, voila_url):
    page = open_page(watched_page, voila_url, "02_odds_of_defense.ipynb")
    page.wait_for_selector(".logiquo-fig-hand .js-plotly-plot")
    before = plot_json(page, ".logiquo-fig-hand")
    press(page, ".logiquo-players", "ArrowRight", 2)
    wait_changed(page, ".logiquo-fig-hand", before)
    before = plot_json(page, ".logiquo-fig-chain")
    press(page, ".logiquo-threats", "ArrowLeft", 30)
    wait_changed(page, ".logiquo-fig-chain", before)
    before = plot_json(page, ".logiquo-fig-hand")
    page.locator(".logiquo-mc-run").first.click()
    page.wait_for_function(
        "() => document.querySelector('.logiquo-mc-result').innerText.includes('99.9%')",
        timeout=60_000,
    )
    wait_changed(page, ".logiquo-fig-hand", before)
    page.wait_for_timeout(800)
    screenshot(page, "logiquo__02_after_controls")
    assert_healthy(watched_page)


def log_items(page) -> int:
    return page.evaluate("() => document.querySelectorAll('.logiquo-log li').length")


def test_play_a_few_actions_and_the_log_grows(watched_page, voila_url):
    page = open_page(watched_page, voila_url, "03_play_together.ipynb", ".logiquo-action")
    start = log_items(page)
    for _ in range(4):
        n = log_items(page)
        page.wait_for_timeout(600)  # let the new buttons replace the old ones in the page
        page.locator(".logiquo-action").last.click()
        page.wait_for_function(
            f"() => document.querySelectorAll('.logiquo-log li').length > {n}", timeout=30_000
        )
        page.wait_for_selector(".logiquo-action", timeout=30_000)
    assert log_items(page) >= start + 4
    page.wait_for_timeout(800)
    element_screenshot(page, ".logiquo-table", "logiquo__03_my_turn")
    page.locator(".logiquo-back").first.click()
    page.wait_for_function(
        "() => document.querySelector('.logiquo-log li[style]') !== null", timeout=30_000
    )
    page.wait_for_timeout(800)
    screenshot(page, "logiquo__03_after_actions")
    assert_healthy(watched_page)


def test_strategy_button_fills_the_charts(watched_page, voila_url):
    page = open_page(watched_page, voila_url, "04_strategy_lab.ipynb")
    box = page.locator(".logiquo-strategy-games input").first
    box.fill("5")
    box.press("Enter")
    page.wait_for_timeout(500)
    before = plot_json(page, ".logiquo-fig-turns")
    page.locator(".logiquo-strategy-run").first.click()
    wait_changed(page, ".logiquo-fig-turns", before)
    page.wait_for_function(
        "() => document.querySelector('.logiquo-strategy-summary').innerText"
        ".includes('5 games per policy')",
        timeout=60_000,
    )
    page.wait_for_timeout(800)
    screenshot(page, "logiquo__04_after_run")
    assert_healthy(watched_page)
