"""Rails lessons in a real browser, offline: controls change the charts in the page, and the
game table plays turns; screenshots saved for review."""

from __future__ import annotations

import pytest

from .conftest import element_screenshot, screenshot
from .pagekit import assert_healthy, open_lesson, plot_json, wait_changed

pytestmark = pytest.mark.browser


def open_page(watched, base: str, notebook: str, selector: str = ".js-plotly-plot"):
    return open_lesson(watched, base, f"rails/{notebook}", selector)


def test_map_measure_and_corridors_change_the_map(watched_page, voila_url):
    page = open_page(watched_page, voila_url, "01_the_map_as_a_graph.ipynb")
    page.wait_for_selector(".rails-fig-map .js-plotly-plot")
    land = page.evaluate("() => document.querySelectorAll('.rails-fig-map .geo path').length")
    assert land > 0
    before = plot_json(page, ".rails-fig-map")
    page.locator(".rails-measure button").nth(2).click()
    wait_changed(page, ".rails-fig-map", before)
    before = plot_json(page, ".rails-fig-map")
    handle = page.locator(".rails-corridors .noUi-handle").first
    handle.focus()
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    wait_changed(page, ".rails-fig-map", before)
    page.wait_for_timeout(800)
    element_screenshot(page, ".rails-fig-map", "rails__01_map_betweenness")
    screenshot(page, "rails__01_after_controls")
    assert_healthy(watched_page)


def test_odds_sliders_change_the_charts(watched_page, voila_url):
    page = open_page(watched_page, voila_url, "02_cards_and_odds.ipynb")
    page.wait_for_selector(".rails-fig-ready .js-plotly-plot")
    before = plot_json(page, ".rails-fig-ready")
    handle = page.locator(".rails-locos .noUi-handle").first
    handle.focus()
    page.keyboard.press("ArrowRight")
    wait_changed(page, ".rails-fig-ready", before)
    before = plot_json(page, ".rails-fig-wipe")
    handle = page.locator(".rails-deck-locos .noUi-handle").first
    handle.focus()
    for _ in range(3):
        page.keyboard.press("ArrowLeft")
    wait_changed(page, ".rails-fig-wipe", before)
    page.locator(".rails-mc-run").first.click()
    page.wait_for_function(
        "() => document.querySelector('.rails-mc-result').innerText.includes('95%')",
        timeout=60_000,
    )
    screenshot(page, "rails__02_after_controls")
    assert_healthy(watched_page)


def test_ticket_and_trail_controls_redraw_the_maps(watched_page, voila_url):
    page = open_page(watched_page, voila_url, "03_tickets_and_longest_path.ipynb")
    page.wait_for_selector(".rails-fig-ticket .js-plotly-plot")
    before = plot_json(page, ".rails-fig-ticket")
    select = page.locator(".rails-ticket-select select").first
    option = select.evaluate("s => s.options[4].value")
    select.select_option(option)
    wait_changed(page, ".rails-fig-ticket", before)
    before = plot_json(page, ".rails-fig-trail")
    handle = page.locator(".rails-trail-step .noUi-handle").first
    handle.focus()
    for _ in range(2):
        page.keyboard.press("ArrowLeft")
    wait_changed(page, ".rails-fig-trail", before)
    page.wait_for_timeout(800)
    screenshot(page, "rails__03_after_controls")
    assert_healthy(watched_page)


def log_items(page) -> int:
    return page.evaluate("() => document.querySelectorAll('.rails-log li').length")


def test_play_a_few_turns_and_the_log_grows(watched_page, voila_url):
    page = open_page(watched_page, voila_url, "04_play.ipynb")
    page.wait_for_selector(".rails-keep")
    start = log_items(page)
    page.locator(".rails-keep").first.click()
    page.wait_for_function(f"() => document.querySelectorAll('.rails-log li').length > {start}")
    for _ in range(4):  # two turns of two blind cards; the bot answers in between
        n = log_items(page)
        page.locator(".rails-draw-deck").first.click()
        page.wait_for_function(
            f"() => document.querySelectorAll('.rails-log li').length > {n}", timeout=30_000
        )
    assert log_items(page) >= start + 5
    # a face-up locomotive as second card is refused with the rule
    page.locator(".rails-draw-deck").first.click()
    page.wait_for_timeout(1000)
    page.locator(".rails-back").first.click()
    page.wait_for_function(
        "() => document.querySelector('.rails-log').innerText.includes('Move')", timeout=30_000
    )
    page.wait_for_timeout(800)
    screenshot(page, "rails__04_after_turns")
    assert_healthy(watched_page)


def test_strategy_button_fills_the_charts(watched_page, voila_url):
    page = open_page(watched_page, voila_url, "05_strategy.ipynb")
    box = page.locator(".rails-strategy-games input").first
    box.fill("5")
    box.press("Enter")
    page.wait_for_timeout(500)
    before = plot_json(page, ".rails-fig-length")
    page.locator(".rails-strategy-run").first.click()
    wait_changed(page, ".rails-fig-length", before)
    page.wait_for_function(
        "() => document.querySelector('.rails-strategy-summary').innerText.includes('5 games')",
        timeout=30_000,
    )
    page.wait_for_timeout(800)
    screenshot(page, "rails__05_after_run")
    assert_healthy(watched_page)
