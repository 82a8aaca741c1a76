"""The static site in Chromium with no way out of 127.0.0.1: the landing page and one lesson of
each game start Python in the browser, show their widgets, and a moved control changes a chart;
no console error, no failed or outside request. Cold first-widget times go to
``test-artifacts/static-timings.json``. A second visit is not timed here: Playwright's routing,
which blocks the outside requests, also turns the browser's HTTP cache off (docs/static.md says
how the second visit was measured)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.chromium import record_outside

pytestmark = pytest.mark.static

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
LANDING = "voici/render/index.html"
# One lesson of each game, both languages: a control there drives a chart.
LESSONS = [
    "voici/render/cnw/01_board_and_dice.html",
    "voici/render/airwar/03_odds_of_interception.html",
    "voici/render/it/rails/02_cards_and_odds.html",
    "voici/render/logiquo/02_odds_of_defense.html",
]
WIDGET = "#rendered_cells .jupyter-widgets"
START_TIMEOUT = 240_000  # ms: Python's start in a browser on a busy 2-core CI machine
TIMINGS: dict[str, float] = {}

FIGURES_JS = """() => JSON.stringify([...document.querySelectorAll('.js-plotly-plot')]
  .map(gd => (gd.data || []).map(t => [t.x, t.y, t.z, t.marker && t.marker.color, t.visible])))"""


class Watch:
    """Every request that leaves 127.0.0.1 (tests/chromium.py's flags make it fail), console
    error and failed request."""

    def __init__(self, context) -> None:
        self.outside: list[str] = []
        self.errors: list[str] = []
        record_outside(context, self.outside, hosts=frozenset({"127.0.0.1"}))

    def page(self, context):
        page = context.new_page()
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("requestfailed", lambda r: self.errors.append(f"{r.url} {r.failure}"))
        return page

    def assert_clean(self) -> None:
        assert not self.outside, f"requests outside 127.0.0.1: {self.outside[:5]}"
        assert not self.errors, f"console errors or failed requests: {self.errors[:5]}"


@pytest.fixture
def context(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context
    context.close()


def open_lesson(watch: Watch, context, url: str):
    """The page, once its first widget shows; returns it and the seconds that took."""
    page = watch.page(context)
    start = time.monotonic()
    page.goto(url)
    page.wait_for_selector("#lessons-loading", state="visible", timeout=10_000)
    page.wait_for_selector(WIDGET, state="visible", timeout=START_TIMEOUT)
    return page, time.monotonic() - start


def move_a_control_and_see_a_chart_change(page) -> None:
    page.wait_for_selector(".js-plotly-plot", state="visible", timeout=START_TIMEOUT)
    page.wait_for_selector("#lessons-loading", state="detached", timeout=START_TIMEOUT)
    before = page.evaluate(FIGURES_JS)
    changed = f"() => ({FIGURES_JS})() !== {json.dumps(before)}"
    for control in page.locator(".widget-slider .noUi-handle, .widget-toggle-button").all()[:6]:
        control.scroll_into_view_if_needed()
        if "noUi-handle" in (control.get_attribute("class") or ""):
            control.focus()
            control.press("ArrowRight")
        else:
            control.click()
        try:
            page.wait_for_function(changed, timeout=15_000)
            return
        except PlaywrightTimeout:  # this control drives no chart: try the next one
            continue
    pytest.fail("no slider or toggle of the page changed a chart")


def test_the_landing_page_links_every_lesson(static_site, static_url, context):
    watch = Watch(context)
    page = watch.page(context)
    page.goto(f"{static_url}/")  # the site's root goes to the landing page
    page.wait_for_url(f"**/{LANDING}")
    page.wait_for_selector("#rendered_cells h1", state="visible", timeout=60_000)
    links = page.eval_on_selector_all(
        "#rendered_cells a[href$='.html']", "els => els.map(e => e.getAttribute('href'))"
    )
    lessons = [link for link in links if "/" in link and not link.startswith("it/")]
    assert len(lessons) >= 18, links
    for link in lessons:
        assert (static_site / "voici" / "render" / link).is_file(), link
    assert (static_site / "favicon.ico").is_file()  # what a browser asks the root for
    page.close()
    watch.assert_clean()


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.split("render/")[1])
def test_a_lesson_runs_in_the_browser(static_url, context, lesson):
    watch = Watch(context)
    page, cold = open_lesson(watch, context, f"{static_url}/{lesson}")
    move_a_control_and_see_a_chart_change(page)
    page.close()
    TIMINGS[lesson] = round(cold, 1)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "static-timings.json").write_text(json.dumps(TIMINGS, indent=1))
    print(f"{lesson}: first widget {cold:.1f} s cold")
    watch.assert_clean()


RECORDED = "voici/render/cnw/01_board_and_dice.html"
CHECK = ".check-cnw1-bonus"
KEPT_JS = """() => (localStorage.getItem('game-lessons.records') || '').includes('cnw1-bonus')"""


def wait_text(page, selector: str, text: str) -> None:
    page.wait_for_function(
        "([s, t]) => [...document.querySelectorAll(s)].some(e => e.innerText.includes(t))",
        arg=[selector, text],
        timeout=START_TIMEOUT,
    )


def test_an_answer_is_kept_in_the_browser_and_the_landing_page_shows_it(static_url, context):
    """#24 without a server: a check answered, the page reloaded (a new Python in the same
    browser), the answer back as it was; the landing page lists the lesson's score."""
    watch = Watch(context)
    page, _ = open_lesson(watch, context, f"{static_url}/{RECORDED}")
    page.wait_for_selector("#lessons-loading", state="detached", timeout=START_TIMEOUT)
    started = time.monotonic()
    # the record opens once SQLAlchemy and sql.js are loaded, after the page has started
    wait_text(page, ".record-line", "kept in this browser only")
    TIMINGS["record opens, after the last cell"] = round(time.monotonic() - started, 1)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "static-timings.json").write_text(json.dumps(TIMINGS, indent=1))
    box = page.locator(f"{CHECK} .check-number input").first
    box.scroll_into_view_if_needed()
    box.fill("1")
    box.press("Enter")
    page.locator(f"{CHECK} .check-submit").click()
    wait_text(page, f"{CHECK} .check-feedback", "Not yet")
    wait_text(page, ".record-line", "Your answers are kept in this browser only")
    page.wait_for_function(KEPT_JS, timeout=30_000)  # mirrored within about a second

    page.reload()
    page.wait_for_selector("#lessons-loading", state="visible", timeout=10_000)
    page.wait_for_selector("#lessons-loading", state="detached", timeout=START_TIMEOUT)
    wait_text(page, f"{CHECK} .check-feedback", "Not yet")  # the verdict back
    assert page.locator(f"{CHECK} .check-number input").first.input_value() == "1"
    assert page.locator(".record-resume").count() == 0 or not page.is_visible(".record-resume")
    page.close()

    landing = watch.page(context)
    landing.goto(f"{static_url}/{LANDING}")
    wait_text(landing, ".progress-board", "checks right at the first try")
    links = landing.eval_on_selector_all(
        ".progress-board a", "els => els.map(e => e.getAttribute('href'))"
    )
    assert links == ["cnw/01_board_and_dice.html"], links
    landing.close()
    watch.assert_clean()
