"""The AirWar table played with the keyboard only (issue #13), offline: the human Axis plays a
whole turn and then defends against the bot's raids, pressing Tab to reach the decision the
prompt names and Enter to play it (Space ticks an interceptor), until the Axis' next turn (or
the end of the war). Along the way: a card shown from the "look at a card" list with the arrow
keys, the recap of the bot's moves, the live region, and no card id on any button or line.
Screenshots of the table at 1440×900 and 390×844."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import element_screenshot, watch
from .pagekit import TIMEOUT, assert_healthy, open_lesson, settle

pytestmark = pytest.mark.browser

NOTEBOOK = "airwar/04_play.ipynb"
MAX_TABS = 200
MAX_DECISIONS = 60
RAW_ID = re.compile(r"\b(?:ax|al)-[a-z0-9]+(?:-\d+)?\b")


def tab_to(page: Any, selector: str, last: bool = False) -> str:
    """Press Tab until an enabled element matching ``selector`` has the focus (the last such
    element on the page if ``last``); returns its text."""
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        text = page.evaluate(
            "([s, last]) => { const a = document.activeElement;"
            " if (!a || !a.matches(s)) return null;"
            " const all = [...document.querySelectorAll(s)].filter(e => !e.disabled);"
            " if (last && all[all.length - 1] !== a) return null;"
            " return a.innerText || a.value || '*'; }",
            [selector, last],
        )
        if text is not None:
            return str(text)
    raise AssertionError(f"{MAX_TABS} Tab presses never reached {selector}")


def status(page: Any) -> str:
    return page.inner_text(".airwar-status")


def axis_turn(page: Any) -> int:
    """The turn number while the Axis attack, else -1 (the war over: 10**6)."""
    text = status(page)
    if "over" in text.lower() or "won" in text.lower():
        return 10**6
    found = re.search(r"Turn (\d+) · Axis", text)
    return int(found.group(1)) if found else -1


def enter_and_wait(page: Any) -> None:
    """Enter on the focused button; wait until the log grew and the buttons are new ones."""
    log = ".airwar-log li"
    n = page.evaluate("(s) => document.querySelectorAll(s).length", log)
    page.evaluate(
        "() => document.querySelectorAll('.airwar-action')"
        ".forEach(b => b.dataset.pressed = 'before')"
    )
    page.keyboard.press("Enter")
    page.wait_for_function(
        "([log, n]) => document.querySelectorAll(log).length > n"
        " && document.querySelector('.airwar-action[data-pressed]') === null",
        arg=[log, n],
        timeout=TIMEOUT,
    )
    settle(page)


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
    page.wait_for_selector(".airwar-action", timeout=TIMEOUT)
    assert page.inner_text(".airwar-prompt").strip(), "no prompt at the first decision"
    # a card's details by keyboard: Tab to the list, an arrow key picks the first card
    tab_to(page, ".airwar-lookup select")
    page.keyboard.press("ArrowDown")
    page.wait_for_function(
        "() => document.querySelector('.airwar-lookup-card .airwar-card') !== null",
        timeout=TIMEOUT,
    )
    element_screenshot(page, ".airwar-table", "airwar__04_keyboard_start_1440")
    start = axis_turn(page)
    assert start >= 1
    played, unticked, recap = [], False, ""
    for _ in range(MAX_DECISIONS):
        prompt = page.inner_text(".airwar-prompt").strip()
        assert prompt, f"no prompt after {played}"
        buttons = page.eval_on_selector_all(".airwar-action", "bs => bs.map(b => b.innerText)")
        assert not any(RAW_ID.search(b) for b in buttons), buttons
        if "tick the aircraft" in prompt and not unticked:
            # the mission starts with what fits ticked: Space unticks the first aircraft
            before = page.inner_text(".airwar-group-go")
            n = int(re.search(r"these (\d+) aircraft", before).group(1))
            tab_to(page, ".airwar-pick input")
            page.keyboard.press("Space")
            page.wait_for_function(
                "(n) => document.querySelector('.airwar-group-go').innerText"
                ".includes(n === 1 ? 'this 1 aircraft' : `these ${n} aircraft`)",
                arg=n - 1,
                timeout=TIMEOUT,
            )
            unticked = True
        played.append(tab_to(page, ".airwar-action", last=True))
        enter_and_wait(page)
        recap = page.inner_text(".airwar-recap") or recap
        if axis_turn(page) > start:
            break
    else:
        raise AssertionError(f"the turn did not come round again after {played}")
    assert unticked, f"no mission was built on the way: {played}"
    assert "Meanwhile" in recap, "no recap of what the bot did"
    assert "For you" in recap, "the recap does not say what you lost and won"
    assert page.inner_text(".airwar-live").strip(), "nothing said in the live region"
    assert not RAW_ID.search(page.inner_text(".airwar-log"))
    element_screenshot(page, ".airwar-table", "airwar__04_after_keyboard_turn_1440")
    assert_healthy(table_page)


def test_the_table_on_a_phone(table_page: Any) -> None:
    page = table_page.page
    page.set_viewport_size({"width": 390, "height": 844})
    settle(page)
    element_screenshot(page, ".airwar-table", "airwar__04_table_390")
    page.set_viewport_size({"width": 1440, "height": 900})
    settle(page)
    element_screenshot(page, ".airwar-table", "airwar__04_table_1440")
    assert_healthy(table_page)
