"""Any screen and accessibility (issue #13): the four play tables and one lesson per game at
1440×900, 768×1024 and 390×844, and an axe-core scan of the landing page and the four tables.

Each page is opened once (its kernel is the slow part) and resized in place for the three sizes.
At each size no widget may run past the viewport's right edge (the page does not scroll sideways,
and every ``.jupyter-widgets`` and ``.js-plotly-plot`` element ends inside the viewport); the
whole page is saved to ``test-artifacts/screens/<page>_<width>.png``, to be looked at.

axe-core comes from the npm registry (``tests/browser/axe/package.json``, pinned by its
``package-lock.json``, installed by ``make axe``) and is injected into the page; a "serious" or
"critical" violation fails, unless it is listed in ``KNOWN`` with why it cannot be fixed from the
lessons' template or widgets.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import ROOT, _grown, watch
from .pagekit import TIMEOUT, assert_healthy, open_lesson, settle

pytestmark = pytest.mark.browser

SHOTS = ROOT / "test-artifacts" / "screens"
AXE = ROOT / "tests" / "browser" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
SIZES = ((1440, 900), (768, 1024), (390, 844))
TABLES = (
    "cnw/05_play.ipynb",
    "rails/04_play.ipynb",
    "airwar/04_play.ipynb",
    "logiquo/03_play_together.ipynb",
)
LESSONS = (
    "cnw/01_board_and_battles.ipynb",
    "rails/02_cards_and_odds.ipynb",
    "airwar/03_odds_of_interception.ipynb",
    "logiquo/02_odds_of_defense.ipynb",
)
SCANNED = ("index.ipynb", *TABLES)
# axe rule id -> why it stays (a violation of Voilà's or ipywidgets' own markup that neither the
# template nor the widgets can change); a rule listed here is still reported in the test's log
KNOWN: dict[str, str] = {}

# what runs past the right edge: the page scrolling sideways, or a widget or chart ending outside
OVERFLOW = """() => {
  const vw = document.documentElement.clientWidth;
  const out = [];
  const se = document.scrollingElement;
  if (se.scrollWidth > window.innerWidth) out.push(`page scrolls sideways: ${se.scrollWidth}px`);
  const cells = document.querySelector('#rendered_cells');
  if (cells && cells.scrollWidth > cells.clientWidth + 1)
    out.push(`#rendered_cells scrolls sideways: ${cells.scrollWidth}px > ${cells.clientWidth}px`);
  for (const el of document.querySelectorAll('.jupyter-widgets, .js-plotly-plot')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;  // not shown
    if (r.right > vw + 1) {
      const name = [...el.classList].filter(c => !/^(lm-|jupyter-widgets|widget-)/.test(c));
      out.push(`${name.join('.') || el.tagName} ends at ${Math.round(r.right)}px`);
    }
  }
  return out;
}"""


@pytest.fixture(scope="module")
def opened(request: pytest.FixtureRequest, browser: Any, voila_url: str):
    """One page per notebook, shared by its tests (sizes, then the scan)."""
    context = browser.new_context(viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
    watched = watch(context)
    try:
        open_lesson(watched, voila_url, request.param)
        yield request.param, watched
    finally:
        context.close()


def fits(page: Any, width: int, height: int) -> list[str]:
    """Resize the page and wait until it has reflowed (charts redrawn at the new width); what
    still runs past the right edge, or [] when everything fits."""
    page.set_viewport_size({"width": width, "height": height})
    with contextlib.suppress(PlaywrightTimeout):  # a timeout: the measure below says what
        page.wait_for_function(f"() => ({OVERFLOW})().length === 0", timeout=10_000, polling=200)
    settle(page)
    return page.evaluate(OVERFLOW)


def shoot(page: Any, name: str) -> Path:
    """The whole page at the current width (the viewport grown to its height, then restored)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    size = _grown(page)
    page.screenshot(path=str(path))
    page.set_viewport_size(size)
    return path


@pytest.mark.parametrize("opened", [*TABLES, *LESSONS, "index.ipynb"], indirect=True)
def test_fits_every_screen(opened: tuple[str, Any]) -> None:
    notebook, watched = opened
    page = watched.page
    problems = {}
    for width, height in SIZES:
        if out := fits(page, width, height):
            problems[f"{width}x{height}"] = out[:10]
        shoot(page, f"{Path(notebook).with_suffix('').as_posix().replace('/', '__')}_{width}")
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    assert problems == {}, (
        f"{notebook}: cut off on a narrow screen:\n{json.dumps(problems, indent=1)}"
    )
    if notebook in SCANNED:
        scan(notebook, page)
    assert watched.problems() == {}, json.dumps(watched.problems(), indent=1)[:3000]
    assert_healthy(watched)


def scan(notebook: str, page: Any) -> None:
    """axe-core on the page as it is: no serious or critical violation outside ``KNOWN``."""
    if not AXE.exists():
        pytest.fail("axe-core is not installed: run `make axe` (npm ci in tests/browser/axe)")
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
             .filter(v => v.impact === 'serious' || v.impact === 'critical')
             .map(v => ({id: v.id, impact: v.impact, help: v.help,
                         nodes: v.nodes.slice(0, 3).map(n => n.html.slice(0, 200))}))""",
    )
    known = [v for v in violations if v["id"] in KNOWN]
    for v in known:
        print(f"{notebook}: known {v['id']} ({KNOWN[v['id']]})")
    left = [v for v in violations if v["id"] not in KNOWN]
    assert left == [], f"{notebook}: accessibility:\n{json.dumps(left, indent=1)}"


def test_a_table_announces_guides_and_keeps_the_focus(browser: Any, voila_url: str) -> None:
    """The kit's live region is a polite status region and its prompt can take focus; a decision
    played from the keyboard closes its button, and the focus goes to the prompt or the next
    decision (not to the page); a focused control draws a 3 px outline."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watched = watch(context)
    try:
        page = open_lesson(watched, voila_url, "airwar/04_play.ipynb")
        page.wait_for_selector(".kit-live[aria-live='polite'][role='status']", timeout=TIMEOUT)
        assert page.locator(".kit-prompt[tabindex='-1']").count() == 1
        first = page.locator(".kit-actions button:not([disabled])").first
        first.focus()
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")  # focus reached from the keyboard: :focus-visible
        assert page.evaluate("() => getComputedStyle(document.activeElement).outlineWidth") == "3px"
        log = page.inner_text(".airwar-log")
        page.keyboard.press("Enter")
        page.wait_for_function(
            "(before) => document.querySelector('.airwar-log').innerText !== before", arg=log
        )
        page.wait_for_function(
            "() => document.activeElement && document.activeElement !== document.body"
            " && document.activeElement.closest('.kit-table')"
            " && (document.activeElement.matches('.kit-prompt')"
            "     || document.activeElement.closest('.kit-actions'))",
            timeout=TIMEOUT,
        )
        assert page.inner_text(".kit-live").strip()  # the refreshed table said something
        assert watched.problems() == {}, json.dumps(watched.problems(), indent=1)[:3000]
        assert_healthy(watched)
    finally:
        context.close()
