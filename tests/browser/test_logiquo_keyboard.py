"""The Logiquo table played with the keyboard only (issue #13), offline: Tab to a card of the hand
and Enter shows its face; Tab to the decision buttons and Enter plays the prompted move, until a
whole human turn is over (the bots have played and the human is asked again on a later turn, or
the game ended). Screenshots of the table at 1440×900 and 390×844."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import element_screenshot, screenshot, watch
from .pagekit import TIMEOUT, assert_healthy, open_lesson, settle

pytestmark = pytest.mark.browser

NOTEBOOK = "logiquo/03_play_together.ipynb"
MAX_TABS = 150  # the decision controls are a few dozen stops from anywhere on the page
MAX_DECISIONS = 12  # a turn takes 1 to ~6 human decisions (help, offers, a discard)


def tab_to(page: Any, selector: str) -> str:
    """Press Tab until the focused element is inside ``selector``; returns its text."""
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        text = page.evaluate(
            "(s) => { const a = document.activeElement;"
            " return a && a.closest(s) ? (a.innerText || a.value || '*') : null; }",
            selector,
        )
        if text is not None:
            return str(text)
    raise AssertionError(f"{MAX_TABS} Tab presses never reached {selector}")


def turn_of(page: Any) -> int:
    status = page.inner_text(".logiquo-status")
    found = re.search(r"\d+", status)
    return int(found.group()) if found and "over" not in status.lower() else -1


def enter_and_wait(page: Any) -> None:
    """Press Enter on the focused action button; wait until the log grew and the buttons on the
    page are new ones (the old ones are marked first, as tests/browser/pagekit.Play does)."""
    log = ".logiquo-log li"
    n = page.evaluate("(s) => document.querySelectorAll(s).length", log)
    page.evaluate(
        "() => document.querySelectorAll('.logiquo-action')"
        ".forEach(b => b.dataset.pressed = 'before')"
    )
    page.keyboard.press("Enter")
    page.wait_for_function(
        "([log, n]) => document.querySelectorAll(log).length > n"
        " && document.querySelector('.logiquo-action[data-pressed]') === null",
        arg=[log, n],
        timeout=TIMEOUT,
    )


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
    page.wait_for_selector(".logiquo-action", timeout=TIMEOUT)
    assert page.inner_text(".logiquo-prompt").strip(), "no prompt at the human's first decision"
    # a card's face by keyboard: Tab to the hand, Enter
    tab_to(page, ".logiquo-hand-cards")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => { const d = document.querySelector('.logiquo-card-detail');"
        " return d && d.innerText.trim().length > 20; }",
        timeout=TIMEOUT,
    )
    element_screenshot(page, ".logiquo-table", "logiquo__03_keyboard_1440")
    start = turn_of(page)
    played = []
    for _ in range(MAX_DECISIONS):
        prompt = page.inner_text(".logiquo-prompt").strip()
        assert prompt, f"no prompt after {played}"
        played.append(tab_to(page, ".logiquo-actions"))
        enter_and_wait(page)
        settle(page)
        if turn_of(page) != start:
            break
    else:
        raise AssertionError(f"the turn did not end after {played}")
    assert turn_of(page) == -1 or turn_of(page) > start
    recap = page.inner_text(".logiquo-recap")
    assert "moves" in recap or "move" in recap, "no recap of what the bots did"
    assert page.inner_text(".logiquo-live").strip(), "nothing said in the live region"
    screenshot(page, "logiquo__03_after_keyboard_turn_1440")
    assert table_page.problems() == {}, table_page.problems()
    assert_healthy(table_page)


def test_the_table_on_a_phone(table_page: Any) -> None:
    page = table_page.page
    page.set_viewport_size({"width": 390, "height": 844})
    settle(page)
    element_screenshot(page, ".logiquo-table", "logiquo__03_table_390")
    page.set_viewport_size({"width": 1440, "height": 900})
    settle(page)
    element_screenshot(page, ".logiquo-table", "logiquo__03_table_1440")
    assert table_page.problems() == {}, table_page.problems()
    assert_healthy(table_page)
