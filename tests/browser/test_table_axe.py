"""The four play tables after play, in English and in Italian, scanned by axe-core (issue #26):
each lesson opened (one kernel each, one after the other), the bots play it to the end (the
table's finish button) so that the log runs past its box, and axe-core (``screens.scan``, pinned
by ``tests/browser/axe``) finds no serious or critical violation outside ``screens.KNOWN``.
The scrolling boxes of the kit (the recap ``kit-recap`` and the log ``kit-log``) are reachable
by keyboard and named (``widgets.kit.regions``), the log after play overflowing its box."""

from __future__ import annotations

from typing import Any

import pytest

from . import pagekit, screens
from .conftest import watch

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("test_table_axe")]

PLAYS = {
    "cnw/08_play.ipynb": "cnw",
    "rails/04_play.ipynb": "rails",
    "logiquo/03_play_together.ipynb": "logiquo",
    "airwar/04_play.ipynb": "airwar",
}
PAGES = [(f"{lang}{nb}", css) for lang in ("", "it/") for nb, css in PLAYS.items()]
GROWN = 12  # log lines past the opening: more than its box shows

# every scrolling box of the table (it scrolls, and its overflow lets it): its tabindex, role
# and name, or what axe would say
SCROLLERS = """(table) => [...document.querySelector(table).querySelectorAll('*')]
  .filter(e => e.scrollHeight > e.clientHeight + 1 &&
               /auto|scroll/.test(getComputedStyle(e).overflowY))
  .map(e => ({cls: e.className, tabindex: e.getAttribute('tabindex'),
              role: e.getAttribute('role'), label: e.getAttribute('aria-label')}))"""


@pytest.mark.parametrize(("notebook", "css"), PAGES)
def test_the_table_after_play_passes_axe(
    browser: Any, voila_url: str, notebook: str, css: str
) -> None:
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    watched = watch(context)
    try:
        page = watched.page
        pagekit.open_lesson(watched, voila_url, notebook)
        log = f".{css}-log li"
        before = pagekit.count(page, log)
        page.locator(f".{css}-finish").first.click()
        page.wait_for_function(
            "([log, n]) => document.querySelectorAll(log).length >= n",
            arg=[log, before + GROWN],
            timeout=pagekit.TIMEOUT,
        )
        pagekit.settle(page)
        table = f".{css}-table"
        screens.scan(notebook, page)
        scrollers = page.evaluate(SCROLLERS, table)
        assert any("kit-log" in s["cls"] for s in scrollers), f"{notebook}: no log overflowed"
        unreachable = [s for s in scrollers if s["tabindex"] != "0" or not s["label"]]
        assert unreachable == [], f"{notebook}: scrolling boxes a keyboard cannot reach"
        named = page.evaluate(
            "(t) => [...document.querySelector(t).querySelectorAll('.kit-recap, .kit-log')]"
            ".map(e => [e.getAttribute('tabindex'), e.getAttribute('role'),"
            " e.getAttribute('aria-label')])",
            table,
        )
        assert len(named) == 2, f"{notebook}: recap and log: {named}"
        assert all(tab == "0" and role == "region" and label for tab, role, label in named), (
            f"{notebook}: recap and log not named regions: {named}"
        )
        pagekit.assert_healthy(watched)
    finally:
        context.close()
