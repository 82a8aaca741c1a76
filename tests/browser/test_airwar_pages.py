"""AirWar lessons in a real browser, offline: controls change the charts in the page, the raid
steps, the game table plays; screenshots saved for review."""

from __future__ import annotations

import pytest

from .conftest import element_screenshot, screenshot
from .pagekit import assert_healthy, open_lesson, plot_json, press, wait_changed

pytestmark = pytest.mark.browser


def open_page(watched, base: str, notebook: str, selector: str = ".js-plotly-plot"):
    return open_lesson(watched, base, f"airwar/{notebook}", selector)


def test_cards_scatter_and_capacity_respond(watched_page, voila_url):
    page = open_page(watched_page, voila_url, "01_cards_and_capacity.ipynb")
    page.wait_for_selector(".airwar-fig-capacity .js-plotly-plot")
    assert "Air-to-Air" in page.inner_text(".airwar-tiles")
    before = plot_json(page, ".airwar-fig-scatter")
    select = page.locator(".airwar-side select").first
    select.select_option(select.evaluate("s => s.options[1].value"))
    wait_changed(page, ".airwar-fig-scatter", before)
    before = plot_json(page, ".airwar-fig-capacity")
    bases = page.locator(".airwar-cap-bases select").first
    bases.select_option(bases.evaluate("s => [s.options[0].value, s.options[2].value]"))
    wait_changed(page, ".airwar-fig-capacity", before)
    page.wait_for_timeout(800)
    element_screenshot(page, ".airwar-browser", "airwar__01_browser")
    screenshot(page, "airwar__01_after_controls")
    assert_healthy(watched_page)


def test_raid_steps_and_the_damage_bars_move(watched_page, voila_url):
    page = open_page(watched_page, voila_url, "02_a_raid_step_by_step.ipynb")
    before = plot_json(page, ".airwar-fig-raid")
    for _ in range(40):
        page.locator(".airwar-raid-next").first.click()
        page.wait_for_timeout(150)
        if plot_json(page, ".airwar-fig-raid") != before:
            break
    wait_changed(page, ".airwar-fig-raid", before)
    text = page.inner_text(".airwar-raid-explain")
    assert "Step" in text and "§" in text
    page.wait_for_timeout(800)
    screenshot(page, "airwar__02_raid")
    assert_healthy(watched_page)


def test_odds_controls_and_monte_carlo(watched_page, voila_url):
    page = open_page(watched_page, voila_url, "03_odds_of_interception.ipynb")
    page.wait_for_selector(".airwar-fig-battle .js-plotly-plot")
    before = plot_json(page, ".airwar-fig-pick")
    press(page, ".airwar-odds-bombers", "ArrowRight", 1)
    wait_changed(page, ".airwar-fig-pick", before)
    before = plot_json(page, ".airwar-fig-damage")
    press(page, ".airwar-odds-k", "ArrowRight", 1)
    wait_changed(page, ".airwar-fig-damage", before)
    before = plot_json(page, ".airwar-fig-pick")
    page.locator(".airwar-odds-run").first.click()
    page.wait_for_function(
        "() => document.querySelector('.airwar-odds-mc').innerText.includes('simulated')",
        timeout=60_000,
    )
    wait_changed(page, ".airwar-fig-pick", before)
    page.wait_for_timeout(800)
    screenshot(page, "airwar__03_after_controls")
    assert_healthy(watched_page)


def log_items(page) -> int:
    return page.evaluate("() => document.querySelectorAll('.airwar-log li').length")


def test_play_a_few_actions_and_the_log_grows(watched_page, voila_url):
    page = open_page(watched_page, voila_url, "04_play.ipynb", ".airwar-action")
    start = log_items(page)
    for _ in range(4):
        n = log_items(page)
        page.wait_for_timeout(600)  # let the new buttons replace the old ones in the page
        page.locator(".airwar-action").last.click()
        page.wait_for_function(
            f"() => document.querySelectorAll('.airwar-log li').length > {n}", timeout=30_000
        )
        page.wait_for_selector(".airwar-action", timeout=30_000)
    assert log_items(page) >= start + 4
    page.wait_for_timeout(800)
    element_screenshot(page, ".airwar-table", "airwar__04_my_turn")
    page.locator(".airwar-back").first.click()
    page.wait_for_function(
        "() => document.querySelector('.airwar-log li[style]') !== null", timeout=30_000
    )
    page.wait_for_timeout(800)
    screenshot(page, "airwar__04_after_actions")
    assert_healthy(watched_page)


def test_strategy_button_fills_the_charts(watched_page, voila_url):
    page = open_page(watched_page, voila_url, "05_strategy.ipynb")
    box = page.locator(".airwar-strategy-games input").first
    box.fill("5")
    box.press("Enter")
    page.wait_for_timeout(500)
    before = plot_json(page, ".airwar-fig-turns")
    page.locator(".airwar-strategy-run").first.click()
    wait_changed(page, ".airwar-fig-turns", before)
    page.wait_for_function(
        "() => document.querySelector('.airwar-strategy-summary').innerText"
        ".includes('5 seeded games')",
        timeout=60_000,
    )
    page.wait_for_timeout(800)
    screenshot(page, "airwar__05_after_run")
    assert_healthy(watched_page)
