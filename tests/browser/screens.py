"""Any screen and accessibility (issue #13): the four play tables and one lesson per game (and the
landing page) at 1440×900, 768×1024 and 390×844, and an axe-core scan of the landing page and the
four tables.

``test_lessons.py`` runs this on the page it opened for the lesson (its kernel is the slow part),
resized in place for the three sizes, before the lesson's steps. At each size no widget may run
past the viewport's right edge (the page does not scroll sideways, and every
``.jupyter-widgets`` and ``.js-plotly-plot`` element ends inside the viewport); the whole page is
saved to ``test-artifacts/screens/<page>_<width>.png``, to be looked at.

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

from .conftest import ROOT, screenshot
from .pagekit import assert_healthy, settle

SCREENS = ROOT / "test-artifacts" / "screens"
AXE = ROOT / "tests" / "browser" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
SIZES = ((1440, 900), (768, 1024), (390, 844))
# the pages checked: the four play tables and one lesson per game, and the landing page
TABLES = (
    "cnw/08_play.ipynb",
    "rails/04_play.ipynb",
    "airwar/04_play.ipynb",
    "logiquo/03_play_together.ipynb",
)
LESSONS = (
    "cnw/01_board_and_dice.ipynb",
    "rails/02_cards_and_odds.ipynb",
    "airwar/03_odds_of_interception.ipynb",
    "logiquo/02_odds_of_defense.ipynb",
)
SCREENED = (*TABLES, *LESSONS, "index.ipynb")
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


def fits_every_screen(notebook: str, watched: Any) -> None:
    """The page of ``notebook`` at each of ``SIZES``: nothing cut off, a screenshot each; then
    back at its own size, scanned by axe-core if it is one of ``SCANNED``."""
    page = watched.page
    own = page.viewport_size
    problems = {}
    for width, height in SIZES:
        if out := fits(page, width, height):
            problems[f"{width}x{height}"] = out[:10]
        name = Path(notebook).with_suffix("").as_posix().replace("/", "__")
        screenshot(page, f"{name}_{width}", SCREENS)
    page.set_viewport_size(own)
    settle(page)
    assert problems == {}, (
        f"{notebook}: cut off on a narrow screen:\n{json.dumps(problems, indent=1)}"
    )
    if notebook in SCANNED:
        scan(notebook, page)
    assert watched.problems() == {}, json.dumps(watched.problems(), indent=1)[:3000]
    assert_healthy(watched)


def fits(page: Any, width: int, height: int) -> list[str]:
    """Resize the page and wait until it has reflowed (charts redrawn at the new width); what
    still runs past the right edge, or [] when everything fits."""
    page.set_viewport_size({"width": width, "height": height})
    with contextlib.suppress(PlaywrightTimeout):  # a timeout: the measure below says what
        page.wait_for_function(f"() => ({OVERFLOW})().length === 0", timeout=10_000, polling=200)
    settle(page)
    return page.evaluate(OVERFLOW)


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
