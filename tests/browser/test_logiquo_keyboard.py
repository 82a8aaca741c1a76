"""The Logiquo table played with the keyboard only (issue #13), offline: Tab to a card of the hand
and Enter shows its face; Tab to the decision buttons and Enter plays the prompted move, until a
whole human turn is over (the bots have played and the human is asked again on a later turn, or
the game ended). Screenshots of the table at 1440×900 and 390×844."""

from __future__ import annotations

import re
from typing import Any

import pytest

from . import pagekit
from .conftest import element_screenshot, screenshot

# the tests share one page (table_page): one xdist worker runs them all
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("test_logiquo_keyboard")]

NOTEBOOK = "logiquo/03_play_together.ipynb"
MAX_TABS = 150  # the decision controls are a few dozen stops from anywhere on the page
MAX_DECISIONS = 12  # a turn takes 1 to ~6 human decisions (help, offers, a discard)


def turn_of(page: Any) -> int:
    status = page.inner_text(".logiquo-status")
    found = re.search(r"\d+", status)
    return int(found.group()) if found and "over" not in status.lower() else -1


table_page = pagekit.lesson_page(NOTEBOOK)


def test_a_full_human_turn_with_the_keyboard_only(table_page: Any) -> None:
    page = table_page.page
    page.wait_for_selector(".logiquo-action", timeout=pagekit.TIMEOUT)
    pagekit.prompt_said(page, "logiquo")
    # a card's face by keyboard: Tab to the hand, Enter
    pagekit.tab_to(page, ".logiquo-hand-cards", MAX_TABS)
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => { const d = document.querySelector('.logiquo-card-detail');"
        " return d && d.innerText.trim().length > 20; }",
        timeout=pagekit.TIMEOUT,
    )
    element_screenshot(page, ".logiquo-table", "logiquo__03_keyboard_1440")
    start = turn_of(page)
    played = []
    for _ in range(MAX_DECISIONS):
        pagekit.prompt_said(page, "logiquo", f"after {played}")
        played.append(pagekit.tab_to(page, ".logiquo-actions", MAX_TABS))
        pagekit.enter_and_wait(page, "logiquo")
        if turn_of(page) != start:
            break
    else:
        raise AssertionError(f"the turn did not end after {played}")
    assert turn_of(page) == -1 or turn_of(page) > start
    recap = page.inner_text(".logiquo-recap")
    assert "What happened" in recap and "Turn" in recap, "no recap of what the bots did"
    assert page.inner_text(".logiquo-live").strip(), "nothing said in the live region"
    screenshot(page, "logiquo__03_after_keyboard_turn_1440")
    assert table_page.problems() == {}, table_page.problems()
    pagekit.assert_healthy(table_page)


def test_the_table_on_a_phone(table_page: Any) -> None:
    pagekit.table_on_a_phone(table_page, ".logiquo-table", "logiquo__03_table")
