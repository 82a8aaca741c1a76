"""The CNW play table with the keyboard only (issue #13), offline in a real browser.

A student opens lesson 5, picks seed 4 and starts a new game, lets the table auto-place the rest
of the starting pawns, plays a whole turn (deploy, an attack or the end of Operations, the end of
Repositioning and Delivery) pressing only Tab, Shift+Tab, arrows, Enter and Space, and at the
Briefing where an expired shipment costs a pawn does what the prompt says. Screenshots at
1440×900 and 390×844 go to ``test-artifacts/screenshots/``.
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import SHOTS, element_screenshot, screenshot
from .pagekit import (
    TIMEOUT,
    assert_healthy,
    count,
    lesson_page,
    plot_json,
    quiet,
    wait_more,
    wait_text,
)

# the tests share one page (table_page): one xdist worker runs them all
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("test_cnw_play")]

NOTEBOOK = "cnw/08_play.ipynb"
PROMPT = ".cnw-prompt"
TABS = 400  # a Tab walk through the whole page is shorter than this
GEO = "() => JSON.stringify(document.querySelector('.cnw-fig-table .js-plotly-plot').layout.geo)"


def focused(page: Any, selector: str) -> bool:
    return page.evaluate(
        "(s) => { const a = document.activeElement; return !!(a && a.closest(s)); }", selector
    )


def tab_to(page: Any, selector: str) -> None:
    """Press Tab until the focus is on (or inside) ``selector``, as a keyboard user does."""
    for _ in range(TABS):
        if focused(page, selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def prompt(page: Any) -> str:
    return page.inner_text(PROMPT)


SNAPSHOT = (
    "() => [document.querySelector('.cnw-prompt'), document.querySelector('.cnw-log'),"
    " document.querySelector('.cnw-table .lesson-notice')].map(e => e ? e.innerText : '')"
    ".join('|')"
)


def wait_answered(page: Any, before: str) -> str:
    """Until the kernel answered the key press (the prompt, the log or the notice changed);
    returns the prompt."""
    page.wait_for_function(f"(b) => ({SNAPSHOT})() !== b", arg=before, timeout=TIMEOUT)
    quiet(page)
    return prompt(page)


def choose_with_arrows(page: Any, selector: str, option: int = 1) -> None:
    """Focus the drop-down by Tab and move its choice with the arrow keys to the ``option``-th
    choice (0 is "—", no choice)."""
    tab_to(page, f"{selector} select")
    script = f"() => document.querySelector('{selector} select').selectedIndex"
    for _ in range(option + 2):
        if page.evaluate(script) >= option:
            break
        page.keyboard.press("ArrowDown")
    assert page.evaluate(script) == option
    quiet(page)


def press_button(page: Any, selector: str, key: str = "Enter") -> str:
    """Tab to a button and press it; returns the prompt once the table answered."""
    tab_to(page, selector)
    before = page.evaluate(SNAPSHOT)
    page.keyboard.press(key)
    return wait_answered(page, before)


def play_phase(page: Any, text: str, attack: bool) -> str:
    """One decision of the human's turn by what the prompt asks."""
    if "re-roll" in text:
        return press_button(page, ".cnw-action-keepdice")
    if "Deploy" in text:
        choose_with_arrows(page, ".cnw-source-select")
        return press_button(page, ".cnw-go")
    if "conquered" in text or "how many pawns" in text:
        return press_button(page, ".cnw-go", "Space")
    if text.startswith("Operations (§7): choose") and attack:
        choose_with_arrows(page, ".cnw-source-select")
        choose_with_arrows(page, ".cnw-target-select")
        return press_button(page, ".cnw-go")
    return press_button(page, ".cnw-action-endphase", "Space")


table_page = lesson_page(NOTEBOOK)


@pytest.mark.parametrize("width,height", [(1440, 900)])
def test_a_cnw_game_by_keyboard_auto_place_a_turn_and_a_briefing(
    table_page: Any, width: int, height: int
) -> None:
    watched = table_page
    page = watched.page
    page.set_viewport_size({"width": width, "height": height})
    # seed 4, new game: typed and pressed
    tab_to(page, ".cnw-table .widget-text input")
    page.keyboard.press("Control+A")
    page.keyboard.type("4")
    tab_to(page, ".cnw-new-game")
    page.keyboard.press("Enter")
    wait_text(page, ".cnw-table .lesson-notice", "seed 4")
    quiet(page)
    assert "Place your starting pawns" in prompt(page)
    screenshot(page, "cnw_play__setup_1440")
    # one press places every starting pawn left
    text = press_button(page, ".cnw-auto-place")
    assert "Deploy" in text, text
    assert page.inner_text(".cnw-legend").count("Player 1") == 1
    screenshot(page, "cnw_play__reinforce_1440")
    # a full turn by the keyboard: deploy, attack (or end), end the optional phases
    start_round = page.inner_text(".cnw-status")
    logged = count(page, ".cnw-log li")
    attacked = False
    for _ in range(12):
        if "Briefing" in text and "expired" in text:
            break
        operations = text.startswith("Operations (§7): choose")
        text = play_phase(page, text, attack=not attacked)
        attacked = attacked or operations
        if "Deploy" in text and page.inner_text(".cnw-status") != start_round:
            break  # the bots played and it is the human's next turn
    assert count(page, ".cnw-log li") > logged + 3
    assert page.inner_text(".cnw-recap")  # what the bots did, in words
    screenshot(page, "cnw_play__after_turn_1440")
    # passive turns until an expired shipment costs a pawn at the human's Briefing (§10.2)
    for _ in range(40):
        if "Briefing" in text and "expired" in text:
            break
        text = play_phase(page, text, attack=False)
    assert "Remove a pawn from here" in text, text
    screenshot(page, "cnw_play__briefing_1440")
    element_screenshot(page, ".cnw-play-area", "cnw_play__briefing_play_area_1440")
    # the map and the turn panel beside it fit one 900 px high screen
    box = page.locator(".cnw-play-area").bounding_box()
    assert box is not None and box["height"] <= height, box
    page.locator(".cnw-play-area").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "cnw_play__briefing_screen_1440.png"))
    removed = count(page, ".cnw-log li")
    choose_with_arrows(page, ".cnw-source-select")
    before = prompt(page)
    tab_to(page, ".cnw-go")
    assert "Remove a pawn" in page.inner_text(".cnw-go")
    page.keyboard.press("Enter")
    wait_more(page, ".cnw-log li", removed)
    wait_text(page, ".cnw-log", "remove a pawn")
    assert prompt(page) != before or "expired" in prompt(page)
    page.set_viewport_size({"width": 390, "height": 844})
    quiet(page)
    screenshot(page, "cnw_play__after_briefing_390")
    element_screenshot(page, ".cnw-play-area", "cnw_play__play_area_390")
    # a phone: zoom on Europe with the keyboard
    figure = plot_json(page, ".cnw-fig-table")
    layout = GEO
    before = page.evaluate(layout)
    tab_to(page, ".cnw-zoom button:nth-of-type(3)")
    page.keyboard.press("Enter")
    page.wait_for_function(f"(b) => ({layout})() !== b", arg=before, timeout=TIMEOUT)
    assert plot_json(page, ".cnw-fig-table") == figure  # the same traces, re-framed
    quiet(page)
    element_screenshot(page, ".cnw-play-area", "cnw_play__zoom_europe_390")
    assert_healthy(watched)


MAP_BOX = (
    "() => { const r = document.querySelector('.cnw-fig-table .js-plotly-plot')"
    ".getBoundingClientRect(); return [Math.round(r.width), Math.round(r.height)]; }"
)


def test_a_zoomed_map_fills_a_phone_at_its_own_aspect(table_page: Any) -> None:
    """The template fits a geo map's height to its width at the drawn framing's aspect: after
    "Europe and Africa" (a taller framing than the whole world) the map on a 390 px phone grows
    to fill the width, up to 70 % of the screen's height, and shrinks back on "Whole world".
    On the module's page, whatever game is on it: the framing, not the game, sets the aspect."""
    watched = table_page
    page = watched.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.click(".cnw-zoom button:nth-of-type(1)")  # "Whole world", however the map was left
    page.wait_for_function(
        f"() => {{ const [w, h] = ({MAP_BOX})(); return h < w / 2; }}", timeout=TIMEOUT
    )
    quiet(page, 1000)
    width, world = page.evaluate(MAP_BOX)
    assert world < width / 2, (width, world)  # the whole world is a wide band on a phone
    page.click(".cnw-zoom button:nth-of-type(3)")
    page.wait_for_function(f"(h) => ({MAP_BOX})()[1] > 2 * h", arg=world, timeout=TIMEOUT)
    quiet(page, 1000)
    zoomed = page.evaluate(MAP_BOX)
    assert zoomed[0] == width and zoomed[1] <= 0.7 * 844 + 1, zoomed
    element_screenshot(page, ".cnw-play-area", "cnw_play__zoom_europe_fill_390")
    page.click(".cnw-zoom button:nth-of-type(1)")
    page.wait_for_function(f"(h) => ({MAP_BOX})()[1] < h", arg=zoomed[1], timeout=TIMEOUT)
    quiet(page, 1000)
    assert abs(page.evaluate(MAP_BOX)[1] - world) <= 3
    assert_healthy(watched)
