"""A FIERA game of CNW in a real browser, offline (issue #14 §2): a student opens lesson 5, ticks
FIERA (§12.1) in the table's setup, starts a new game, sees the variant panel (28 gateways, SLA
victory at 6), auto-places and plays a whole turn (deploy, an attack, the end of the optional
phases) while only FIERA's gateways are offered. Screenshots at 1440×900 and 390×844 go to
``test-artifacts/screenshots/``.
"""

from __future__ import annotations

from typing import Any

import pytest

from gamelib.cnw import tables
from gamelib.cnw.network import CODES, geo

from .conftest import element_screenshot, screenshot, watch
from .pagekit import TIMEOUT, assert_healthy, count, open_lesson, quiet, wait_text

pytestmark = pytest.mark.browser

NOTEBOOK = "cnw/08_play.ipynb"
PROMPT = ".cnw-prompt"
SNAPSHOT = (
    "() => [document.querySelector('.cnw-prompt'), document.querySelector('.cnw-log'),"
    " document.querySelector('.cnw-table .lesson-notice')].map(e => e ? e.innerText : '')"
    ".join('|')"
)
OUT = {c for i, c in enumerate(CODES) if not geo(True, False).in_play[i]}


def prompt(page: Any) -> str:
    return page.inner_text(PROMPT)


def press(page: Any, selector: str) -> str:
    """Click a control and wait until the table answered (prompt, log or notice changed)."""
    before = page.evaluate(SNAPSHOT)
    page.click(selector)
    page.wait_for_function(f"(b) => ({SNAPSHOT})() !== b", arg=before, timeout=TIMEOUT)
    quiet(page)
    return prompt(page)


def offered(page: Any, selector: str) -> list[str]:
    """The gateway codes a drop-down offers (its first choice, "—", left out)."""
    texts = page.eval_on_selector_all(f"{selector} select option", "os => os.map(o => o.text)")
    return [x.split(" · ")[0] for x in texts[1:]]


def choose(page: Any, selector: str) -> None:
    """The drop-down's first gateway, then wait for the table to redraw."""
    page.select_option(f"{selector} select", index=1)
    quiet(page)


def play(page: Any, text: str, attack: bool) -> str:
    """One decision of the human's turn, by what the prompt asks."""
    if "re-roll" in text:
        return press(page, ".cnw-action-keepdice")
    if "Deploy" in text:
        assert not set(offered(page, ".cnw-source-select")) & OUT
        choose(page, ".cnw-source-select")
        return press(page, ".cnw-go")
    if "conquered" in text or "how many pawns" in text:
        return press(page, ".cnw-go")
    if text.startswith("Operations (§7): choose") and attack:
        choose(page, ".cnw-source-select")
        targets = offered(page, ".cnw-target-select")
        assert targets and not set(targets) & OUT, targets
        choose(page, ".cnw-target-select")
        return press(page, ".cnw-go")
    return press(page, ".cnw-action-endphase")


def test_a_fiera_game_starts_and_plays_a_turn(browser: Any, voila_url: str) -> None:
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    watched = watch(context)
    try:
        page = open_lesson(watched, voila_url, NOTEBOOK)
        assert page.is_hidden(".cnw-variant-board")  # a standard game: no variant panel
        # each box is named by its words (ipywidgets names an unindented checkbox "\u200b")
        page.wait_for_function(
            "() => document.querySelector('.cnw-variant-fiera input')"
            ".getAttribute('aria-label') === 'FIERA (§12.1)'",
            timeout=TIMEOUT,
        )
        page.check(".cnw-variant-fiera input")
        wait_text(page, ".cnw-variant-about", "FIERA (§12.1)")
        screenshot(page, "cnw_variants__choice_1440")
        text = press(page, ".cnw-new-game")
        assert "Place your starting pawns" in text
        panel = page.inner_text(".cnw-variant-board")
        sla = tables.variants()["fiera"]["sla_to_win"]
        assert "FIERA (§12.1)" in panel and "(28 gateways" in panel, panel
        assert f"SLA victory at {sla} points" in panel
        text = press(page, ".cnw-auto-place")
        assert "Deploy" in text, text
        logged = count(page, ".cnw-log li")
        start = page.inner_text(".cnw-status")
        attacked = False
        for _ in range(15):
            operations = text.startswith("Operations (§7): choose")
            text = play(page, text, attack=not attacked)
            attacked = attacked or operations
            if "Deploy" in text and page.inner_text(".cnw-status") != start:
                break  # the bots played and the human's next turn begins
        else:
            raise AssertionError(f"the turn did not end: {text}")
        assert attacked
        assert count(page, ".cnw-log li") > logged + 3
        assert page.inner_text(".cnw-recap")
        screenshot(page, "cnw_variants__fiera_turn_1440")
        element_screenshot(page, ".cnw-variant-board", "cnw_variants__fiera_panel_1440")
        page.set_viewport_size({"width": 390, "height": 844})
        quiet(page)
        screenshot(page, "cnw_variants__fiera_turn_390")
        element_screenshot(page, ".cnw-variant-options", "cnw_variants__choice_390")
        assert_healthy(watched)
    finally:
        context.close()


def test_team_building_realismo_alto_and_diplomazia_panels(browser: Any, voila_url: str) -> None:
    """TEAM BUILDING with 3 players is refused in words and starts nothing; with 4 players and
    REALISMO ALTO and DIPLOMAZIA the game shows the teams' SLA, the closed routes (listed and
    drawn on the map) and the pacts."""
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    watched = watch(context)
    try:
        page = open_lesson(watched, voila_url, NOTEBOOK)
        for key in ("team-building", "realismo-alto", "diplomazia"):
            page.check(f".cnw-variant-{key} input")
        wait_text(page, ".cnw-variant-refusal", "TEAM BUILDING needs 2 teams of 2 to 3 players")
        log = page.inner_text(".cnw-log")
        press(page, ".cnw-new-game")
        assert "TEAM BUILDING needs 2 teams" in page.inner_text(".cnw-table .lesson-notice")
        assert page.inner_text(".cnw-log") == log and page.is_hidden(".cnw-variant-board")
        element_screenshot(page, ".cnw-variant-options", "cnw_variants__refused_1440")
        page.focus(".cnw-table .widget-hslider .noUi-handle")
        page.keyboard.press("ArrowRight")  # 4 players
        page.wait_for_function(
            "() => document.querySelector('.cnw-variant-refusal').innerText.trim() === ''",
            timeout=TIMEOUT,
        )
        press(page, ".cnw-new-game")
        panel = page.inner_text(".cnw-variant-board")
        assert "Team A" in panel and "Team B" in panel and "SLA together" in panel, panel
        assert all(code in panel for code in ("EZE", "JNB", "AKL")), panel
        assert "No pact in force" in panel, panel
        closed = page.evaluate(
            "() => document.querySelector('.cnw-fig-table .js-plotly-plot').data"
            ".find(t => t.name === 'closed').lon.filter(x => x !== null).length"
        )
        assert closed == 4  # two routes, two ends each
        screenshot(page, "cnw_variants__teams_1440")
        element_screenshot(page, ".cnw-variant-board", "cnw_variants__teams_panel_1440")
        page.set_viewport_size({"width": 390, "height": 844})
        quiet(page)
        element_screenshot(page, ".cnw-variant-board", "cnw_variants__teams_panel_390")
        assert_healthy(watched)
    finally:
        context.close()
