"""The Rails table played with the keyboard only (issue #13), offline: Tab to the controls the
prompt names and Enter (a select changed with the arrow keys): keep the
tickets, draw a face-up card and a blind one, see the bots' recap and the next round; then claim
a payable route chosen in the route list with the arrow keys.
Screenshots of the table at 1440×900 and 390×844."""

from __future__ import annotations

import re
from typing import Any

import pytest

from . import pagekit
from .conftest import element_screenshot

# the tests share one page (table_page): one xdist worker runs them all
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("test_rails_keyboard")]

NOTEBOOK = "rails/04_play.ipynb"
MAX_TABS = 300  # three turn views and their checks come before the table


def round_of(page: Any) -> int:
    found = re.search(r"Round (\d+)", page.inner_text(".rails-status"))
    return int(found.group(1)) if found else -1


def prompt(page: Any) -> str:
    return pagekit.prompt_said(page, "rails", "while the human decides")


table_page = pagekit.lesson_page(NOTEBOOK)


def test_a_full_human_turn_with_the_keyboard_only(table_page: Any) -> None:
    page = table_page.page
    page.wait_for_selector(".rails-keep", timeout=pagekit.TIMEOUT)
    assert "tickets" in prompt(page), "no prompt for the tickets to keep"
    assert "Human 1" in page.inner_text(".rails-legend")
    element_screenshot(page, ".rails-table", "rails__04_table_1440_before_keyboard")
    # the tickets: all ticked; Tab to the keep button, Enter
    assert "Keep these 3" in pagekit.tab_to(page, ".rails-keep", MAX_TABS)
    pagekit.enter_and_wait(page, "rails")
    assert round_of(page) == 1 and "Your turn" in prompt(page)
    # a face-up card (not a locomotive: that would be the whole turn), then a blind one
    pagekit.tab_to(page, ".rails-face-up", MAX_TABS, refuse="Locomotive")
    pagekit.enter_and_wait(page, "rails")
    assert "second card" in prompt(page)
    pagekit.tab_to(page, ".rails-draw-deck", MAX_TABS)
    pagekit.enter_and_wait(page, "rails")
    page.wait_for_function(
        "() => /Round 2/.test(document.querySelector('.rails-status').innerText)",
        timeout=pagekit.TIMEOUT,
    )
    assert "While you waited" in page.inner_text(".rails-recap")
    assert page.inner_text(".rails-live").strip(), "nothing said in the live region"
    assert "Your turn" in prompt(page)
    element_screenshot(page, ".rails-table", "rails__04_after_keyboard_turn_1440")
    # a claim by keyboard, when the hand pays for a route: the list holds only those
    assert page.is_enabled(".rails-claim"), "seed 1's hand pays for a route in round 2"
    pagekit.tab_to(page, ".rails-route-select select", MAX_TABS)
    page.keyboard.press("ArrowDown")
    pagekit.tab_to(page, ".rails-claim", MAX_TABS)
    pagekit.enter_and_wait(page, "rails")
    assert "Human 1 claims the route" in page.inner_text(".rails-log")
    element_screenshot(page, ".rails-table", "rails__04_after_keyboard_claim_1440")
    pagekit.assert_healthy(table_page)


def test_the_table_on_a_phone(table_page: Any) -> None:
    pagekit.table_on_a_phone(table_page, ".rails-table", "rails__04_table")
