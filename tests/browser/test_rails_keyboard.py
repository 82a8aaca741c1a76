"""The Rails table played with the keyboard only (issue #13), offline: Tab to the controls the
prompt names and Enter (a select changed with the arrow keys): keep the
tickets, draw a face-up card and a blind one, see the bots' recap and the next round; then claim
a payable route chosen in the route list with the arrow keys.
Screenshots of the table at 1440×900 and 390×844."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import element_screenshot, watch
from .pagekit import TIMEOUT, assert_healthy, open_lesson, settle

pytestmark = pytest.mark.browser

NOTEBOOK = "rails/04_play.ipynb"
MAX_TABS = 300  # three turn views and their checks come before the table


def tab_to(page: Any, selector: str, refuse: str = "") -> str:
    """Press Tab until the focused element matches ``selector`` (or sits inside it) and its text
    does not contain ``refuse``; returns its text."""
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        text = page.evaluate(
            "([s, no]) => { const a = document.activeElement;"
            " if (!a || !(a.matches(s) || a.closest(s))) return null;"
            " const t = a.innerText || a.value || '*';"
            " return no && t.includes(no) ? null : t; }",
            [selector, refuse],
        )
        if text is not None:
            return str(text)
    raise AssertionError(f"{MAX_TABS} Tab presses never reached {selector}")


def log_size(page: Any) -> int:
    return int(page.evaluate("() => document.querySelectorAll('.rails-log li').length"))


def enter_and_wait(page: Any) -> None:
    """Enter on the focused button; wait until the log grew."""
    n = log_size(page)
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(n) => document.querySelectorAll('.rails-log li').length > n", arg=n, timeout=TIMEOUT
    )
    settle(page)


def round_of(page: Any) -> int:
    found = re.search(r"Round (\d+)", page.inner_text(".rails-status"))
    return int(found.group(1)) if found else -1


def prompt(page: Any) -> str:
    return page.inner_text(".rails-prompt").strip()


@pytest.fixture(scope="module")
def table_page(browser: Any, voila_url: str):
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    watched = watch(context)
    try:
        open_lesson(watched, voila_url, NOTEBOOK)
        yield watched
    finally:
        context.close()


def test_a_full_human_turn_with_the_keyboard_only(table_page: Any) -> None:
    page = table_page.page
    page.wait_for_selector(".rails-keep", timeout=TIMEOUT)
    assert "tickets" in prompt(page), "no prompt for the tickets to keep"
    assert "Human 1" in page.inner_text(".rails-legend")
    element_screenshot(page, ".rails-table", "rails__04_table_1440_before_keyboard")
    # the tickets: all ticked; Tab to the keep button, Enter
    assert "Keep these 3" in tab_to(page, ".rails-keep")
    enter_and_wait(page)
    assert round_of(page) == 1 and "Your turn" in prompt(page)
    # a face-up card (not a locomotive: that would be the whole turn), then a blind one
    tab_to(page, ".rails-face-up", refuse="Locomotive")
    enter_and_wait(page)
    assert "second card" in prompt(page)
    tab_to(page, ".rails-draw-deck")
    enter_and_wait(page)
    page.wait_for_function(
        "() => /Round 2/.test(document.querySelector('.rails-status').innerText)",
        timeout=TIMEOUT,
    )
    assert "While you waited" in page.inner_text(".rails-recap")
    assert page.inner_text(".rails-live").strip(), "nothing said in the live region"
    assert "Your turn" in prompt(page)
    element_screenshot(page, ".rails-table", "rails__04_after_keyboard_turn_1440")
    # a claim by keyboard, when the hand pays for a route: the list holds only those
    assert page.is_enabled(".rails-claim"), "seed 1's hand pays for a route in round 2"
    tab_to(page, ".rails-route-select select")
    page.keyboard.press("ArrowDown")
    tab_to(page, ".rails-claim")
    enter_and_wait(page)
    assert "Human 1 claims the route" in page.inner_text(".rails-log")
    element_screenshot(page, ".rails-table", "rails__04_after_keyboard_claim_1440")
    assert_healthy(table_page)


def test_the_table_on_a_phone(table_page: Any) -> None:
    page = table_page.page
    page.set_viewport_size({"width": 390, "height": 844})
    settle(page)
    element_screenshot(page, ".rails-table", "rails__04_table_390")
    page.set_viewport_size({"width": 1440, "height": 900})
    settle(page)
    element_screenshot(page, ".rails-table", "rails__04_table_1440")
    assert_healthy(table_page)
