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

from . import pagekit
from .conftest import element_screenshot

# the tests share one page (table_page): one xdist worker runs them all
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("test_airwar_keyboard")]

NOTEBOOK = "airwar/04_play.ipynb"
MAX_TABS = 200
MAX_DECISIONS = 60
RAW_ID = re.compile(r"\b(?:ax|al)-[a-z0-9]+(?:-\d+)?\b")


def status(page: Any) -> str:
    return page.inner_text(".airwar-status")


def axis_turn(page: Any) -> int:
    """The turn number while the Axis attack, else -1 (the war over: 10**6)."""
    text = status(page)
    if "over" in text.lower() or "won" in text.lower():
        return 10**6
    found = re.search(r"Turn (\d+) · Axis", text)
    return int(found.group(1)) if found else -1


table_page = pagekit.lesson_page(NOTEBOOK)


def test_a_full_human_turn_with_the_keyboard_only(table_page: Any) -> None:
    page = table_page.page
    page.wait_for_selector(".airwar-action", timeout=pagekit.TIMEOUT)
    pagekit.prompt_said(page, "airwar")
    # a card's details by keyboard: Tab to the list, an arrow key picks the first card
    pagekit.tab_to(page, ".airwar-lookup select", MAX_TABS)
    page.keyboard.press("ArrowDown")
    page.wait_for_function(
        "() => document.querySelector('.airwar-lookup-card .airwar-card') !== null",
        timeout=pagekit.TIMEOUT,
    )
    element_screenshot(page, ".airwar-table", "airwar__04_keyboard_start_1440")
    start = axis_turn(page)
    assert start >= 1
    played, unticked, recap = [], False, ""
    for _ in range(MAX_DECISIONS):
        prompt = pagekit.prompt_said(page, "airwar", f"after {played}")
        buttons = page.eval_on_selector_all(".airwar-action", "bs => bs.map(b => b.innerText)")
        assert not any(RAW_ID.search(b) for b in buttons), buttons
        if "tick the aircraft" in prompt and not unticked:
            # the mission starts with what fits ticked: Space unticks the first aircraft
            before = page.inner_text(".airwar-group-go")
            n = int(re.search(r"these (\d+) aircraft", before).group(1))
            pagekit.tab_to(page, ".airwar-pick input", MAX_TABS)
            page.keyboard.press("Space")
            page.wait_for_function(
                "(n) => document.querySelector('.airwar-group-go').innerText"
                ".includes(n === 1 ? 'this 1 aircraft' : `these ${n} aircraft`)",
                arg=n - 1,
                timeout=pagekit.TIMEOUT,
            )
            unticked = True
        played.append(pagekit.tab_to(page, ".airwar-action", MAX_TABS, last=True))
        pagekit.enter_and_wait(page, "airwar")
        recap = page.inner_text(".airwar-recap") or recap
        if axis_turn(page) > start:
            break
    else:
        raise AssertionError(f"the turn did not come round again after {played}")
    assert unticked, f"no mission was built on the way: {played}"
    assert "What happened, first to last" in recap, "no recap of what the bot did"
    assert "For you" in recap, "the recap does not say what you lost and won"
    assert page.inner_text(".airwar-live").strip(), "nothing said in the live region"
    assert not RAW_ID.search(page.inner_text(".airwar-log"))
    element_screenshot(page, ".airwar-table", "airwar__04_after_keyboard_turn_1440")
    pagekit.assert_healthy(table_page)


def test_the_table_on_a_phone(table_page: Any) -> None:
    pagekit.table_on_a_phone(table_page, ".airwar-table", "airwar__04_table")
