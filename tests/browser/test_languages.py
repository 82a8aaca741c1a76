"""A learner chooses Italian on the landing page and the lessons speak it (issue #12).

Offline like every browser test: the landing page, its "Italiano" link, the Italian landing page,
a lesson followed from it; the lesson's widgets must carry Italian labels and its charts Italian
axis titles (from ``widgets/locales/it``), and no English catalog text may be left on the page.
"""

from __future__ import annotations

from typing import Any

import pytest

from widgets import i18n

from .conftest import screenshot, wait_for_voila
from .italian import chart_titles, english_left
from .pagekit import assert_healthy, lesson_ready

pytestmark = pytest.mark.browser

LESSON = "cnw/01_board_and_dice.ipynb"  # the first lesson the Italian landing page lists


def fresh(watched: Any) -> None:
    """Forget what the page just left reported: the test server (plain Voilà, not
    classroom/serve.py) refuses the closed page's kernel shutdown with a 403 (voila#1458)."""
    watched.console_errors.clear()
    watched.failed.clear()


def test_a_learner_picks_italian_and_the_lesson_speaks_it(watched_page: Any, voila_url: str):
    page = watched_page.page
    page.goto(f"{voila_url}/voila/render/notebooks/index.ipynb", wait_until="domcontentloaded")
    wait_for_voila(page)
    page.click("a:text-is('Italiano')")
    page.wait_for_url("**/it/index.ipynb")
    fresh(watched_page)
    wait_for_voila(page)
    assert "Impara quattro giochi" in page.inner_text("body")
    page.click(f"a[href$='{LESSON}']")
    page.wait_for_url(f"**/it/{LESSON}")
    fresh(watched_page)
    lesson_ready(page, f"it/{LESSON}")
    screenshot(page, "languages__it_cnw_01")
    body = page.inner_text("body")
    italian, english = i18n.catalog("it"), i18n.catalog("en")
    assert italian["common.check.submit"] in body, "an Italian label on a check's button"
    assert english["common.check.submit"] not in body
    titles = set(chart_titles(page))
    only_italian = {v for k, v in italian.items() if v != english.get(k)}
    assert titles & only_italian, f"an Italian chart title, got {sorted(titles)[:8]}"
    assert english_left(page) == []
    back = page.locator("a:text-is('English')")
    assert back.count() == 1 and back.get_attribute("href") == f"../../{LESSON}", "back to English"
    assert_healthy(watched_page)
