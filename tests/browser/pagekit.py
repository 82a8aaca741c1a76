"""What the browser tests of every game share: open a lesson (once for a module's tests), read a
chart, play a table with the keyboard (Tab to a decision, Enter, wait for the table's answer),
and the steps a row of ``lessons.py`` is made of (pick an option, move a slider, press a button,
play moves ...).

A step waits on a state the page really reaches after the kernel answered (a chart's data, a
text, a log that grew, buttons redrawn), never on the clock.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import pytest

from .conftest import ROOT, element_screenshot, screenshot, wait_for_voila, watch

TIMEOUT = 60_000  # ms: a kernel answering on a loaded 2-core machine
# what Voila shows for a failed cell, without and with --show_tracebacks
CELL_FAILED = ("There was an error when executing cell", "Traceback")

# what a chart "shows": enough of every trace to see any change a control makes
PLOT_DATA = (
    "document.querySelector('{sel} .js-plotly-plot').data"
    ".map(t => [t.x, t.y, t.z, t.lon, t.lat, t.text, t.marker && t.marker.color])"
)


def code_cells(notebook: str) -> int:
    """How many code cells ``notebooks/<notebook>`` has that build a widget: all of them but the
    cell of an Italian twin that chooses the language (it shows nothing)."""
    cells = json.loads((ROOT / "notebooks" / notebook).read_text(encoding="utf-8"))["cells"]
    return sum(
        1 for c in cells if c["cell_type"] == "code" and "set_language(" not in "".join(c["source"])
    )


def open_lesson(watched: Any, base: str, notebook: str) -> Any:
    """Open ``notebooks/<notebook>`` in Voila and wait until it is ready: every code cell shows
    its widget and every chart has data."""
    page = watched.page
    page.goto(f"{base}/voila/render/notebooks/{notebook}", wait_until="domcontentloaded")
    return lesson_ready(page, notebook)


def lesson_ready(page: Any, notebook: str) -> Any:
    """Wait until the lesson ``notebook`` loaded in ``page`` is ready (however it was reached:
    an address, or a link followed)."""
    wait_for_voila(page)
    if n := code_cells(notebook):
        # every code cell shows its widget, or a cell failed: then say so now, not at a timeout
        page.wait_for_function(
            "([n, failed]) => failed.some(f => document.body.textContent.includes(f)) ||"
            " [...document.querySelectorAll('.jp-OutputArea-output')]"
            ".filter(o => o.querySelector('.jupyter-widgets')).length >= n",
            arg=[n, CELL_FAILED],
            timeout=TIMEOUT,
            polling=250,
        )
        body = page.inner_text("body")
        for failed in CELL_FAILED:
            if failed in body:
                raise AssertionError(f"{notebook}: {body[body.index(failed) :][-1500:]}")
    quiet(page)
    settle(page)
    return page


def quiet(page: Any, ms: int = 300) -> None:
    """Until no element was added to or removed from the page for ``ms``: a widget draws its
    children (and a chart its figure) a moment after it appears."""
    page.evaluate(
        "(ms) => new Promise(resolve => {"
        " let timer; const obs = new MutationObserver(() => {"
        " clearTimeout(timer); timer = setTimeout(done, ms); });"
        " function done() { obs.disconnect(); resolve(); }"
        " obs.observe(document.body, {childList: true, subtree: true});"
        " timer = setTimeout(done, ms); })",
        ms,
    )


def settle(page: Any) -> None:
    """Until every chart on the page has data and is drawn (a geo map with its land), then two
    animation frames: what a screenshot should show."""
    page.wait_for_function(
        "() => [...document.querySelectorAll('.js-plotly-plot')].every(p =>"
        " p.data && p.data.length > 0 && p._fullLayout && p.querySelector('.main-svg')"
        " && (!p.querySelector('.geo') || p.querySelector('.geo path')))",
        timeout=TIMEOUT,
    )
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def assert_healthy(watched: Any) -> None:
    """No widget error, no traceback, no console error, no failed or outside request."""
    body = watched.page.inner_text("body")
    assert "Error displaying widget" not in body
    for failed in CELL_FAILED:
        assert failed not in body
    assert watched.problems() == {}


def plot_json(page: Any, selector: str) -> str:
    return page.evaluate(f"() => JSON.stringify({PLOT_DATA.format(sel=selector)})")


def wait_changed(page: Any, selector: str, before: str, timeout: float = TIMEOUT) -> None:
    """Until the chart inside ``selector`` shows something else than ``before``."""
    page.wait_for_function(
        f"(before) => JSON.stringify({PLOT_DATA.format(sel=selector)}) !== before",
        arg=before,
        timeout=timeout,
    )


def count(page: Any, selector: str) -> int:
    return page.evaluate("(s) => document.querySelectorAll(s).length", selector)


def wait_more(page: Any, selector: str, n: int) -> None:
    """Until more than ``n`` elements match ``selector`` (a log that grew)."""
    page.wait_for_function(
        "([s, n]) => document.querySelectorAll(s).length > n", arg=[selector, n], timeout=TIMEOUT
    )


def wait_text(page: Any, selector: str, text: str) -> None:
    """Until the element's visible text contains ``text`` (the kernel wrote it)."""
    page.wait_for_function(
        "([s, text]) => { const e = document.querySelector(s);"
        " return e !== null && e.innerText.includes(text); }",
        arg=[selector, text],
        timeout=TIMEOUT,
    )


def press(page: Any, selector: str, key: str, times: int) -> None:
    """Move an ipywidgets slider with the keyboard, as a person would."""
    handle = page.locator(f"{selector} .noUi-handle").first
    handle.focus()
    for _ in range(times):
        page.keyboard.press(key)


def lesson_page(notebook: str, width: int = 1440, height: int = 900) -> Any:
    """A module-scoped fixture: ``notebook`` opened once, in a browser context of its own, for
    all the module's tests (the page's kernel running the notebook is the slow part). A module
    says ``table_page = lesson_page(NOTEBOOK)`` and its tests take ``table_page``."""

    @pytest.fixture(scope="module")
    def opened(browser: Any, voila_url: str) -> Any:
        context = browser.new_context(viewport={"width": width, "height": height})
        watched = watch(context)
        try:
            open_lesson(watched, voila_url, notebook)
            yield watched
        finally:
            context.close()

    return opened


def tab_to(page: Any, selector: str, tabs: int, last: bool = False, refuse: str = "") -> str:
    """Press Tab, as a keyboard user does, until the focus is on (or inside) an enabled element
    matching ``selector`` (the last such element on the page if ``last``) whose text does not
    contain ``refuse``; at most ``tabs`` presses. Returns the focused element's text."""
    for _ in range(tabs):
        page.keyboard.press("Tab")
        text = page.evaluate(
            "([s, last, refuse]) => { const a = document.activeElement;"
            " const e = a && a.closest(s);"
            " if (!e) return null;"
            " const all = [...document.querySelectorAll(s)].filter(x => !x.disabled);"
            " if (last && all[all.length - 1] !== e) return null;"
            " const t = a.innerText || a.value || '*';"
            " return refuse && t.includes(refuse) ? null : t; }",
            [selector, last, refuse],
        )
        if text is not None:
            return str(text)
    raise AssertionError(f"{tabs} Tab presses never reached {selector}")


def move_answered(page: Any, css: str, act: Callable[[], None], goes_on: bool = False) -> None:
    """Do ``act`` (a click on, or a key pressed at, a decision of game table ``css``) and wait
    until the table answered: its log grew, and none of the action buttons that were on the page
    before is left (with ``goes_on``, new ones are drawn).

    The table replaces its action buttons on every move. A grown log alone does not say the
    buttons on the page are the new ones: that holds only while the table happens to send its
    buttons before its log. So the buttons on the page are marked before ``act``, and the wait
    lasts until none of them is left: a button of the previous position still works (its widget
    is not closed) and would replay an old move in the new position, refused or, worse, legal.
    """
    buttons, log = f".{css}-action", f".{css}-log li"
    n = count(page, log)
    page.evaluate(
        "(s) => document.querySelectorAll(s).forEach(b => b.dataset.pressed = 'before')", buttons
    )
    act()
    page.wait_for_function(
        "([b, log, n, more]) => document.querySelectorAll(log).length > n"
        " && (!more || document.querySelectorAll(b).length > 0)"
        " && document.querySelector(b + '[data-pressed]') === null",
        arg=[buttons, log, n, goes_on],
        timeout=TIMEOUT,
    )


def prompt_said(page: Any, css: str, when: str = "at the first decision") -> str:
    """The prompt of game table ``css``, which must say something whenever a human decides
    (``when`` names the moment in the failure)."""
    prompt = page.inner_text(f".{css}-prompt").strip()
    assert prompt, f"no prompt {when}"
    return prompt


def enter_and_wait(page: Any, css: str) -> None:
    """Enter on the focused decision of game table ``css``; wait until the table answered
    (``move_answered``) and its charts are drawn."""
    move_answered(page, css, lambda: page.keyboard.press("Enter"))
    settle(page)


def table_on_a_phone(watched: Any, element: str, name: str) -> None:
    """The table ``element`` at 390×844, then back at 1440×900, each saved as
    ``<name>_<width>``; the page stays healthy through both resizes."""
    page = watched.page
    for width, height in ((390, 844), (1440, 900)):
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        element_screenshot(page, element, f"{name}_{width}")
    assert_healthy(watched)


# ---------------------------------------------------------------------------------- the steps
class Step(Protocol):
    def run(self, page: Any) -> None: ...


def _charts_before(page: Any, charts: tuple[str, ...]) -> dict[str, str]:
    return {c: plot_json(page, c) for c in charts}


def _charts_changed(page: Any, before: dict[str, str]) -> None:
    for chart, data in before.items():
        wait_changed(page, chart, data)


@dataclass(frozen=True)
class Choose:
    """Pick an option of a dropdown (or several of a multiple select): by index, by the start of
    its text, or the first that is not the blank "—" (``None``); then ``charts`` must change."""

    control: str
    option: int | str | tuple[int, ...] | None = None
    charts: tuple[str, ...] = ()

    def run(self, page: Any) -> None:
        before = _charts_before(page, self.charts)
        select = page.locator(f"{self.control} select").first
        value = select.evaluate(
            "(s, o) => { const opts = [...s.options];"
            " if (Array.isArray(o)) return o.map(i => opts[i].value);"
            " if (typeof o === 'number') return opts[o].value;"
            " if (typeof o === 'string') return opts.find(x => x.text.startsWith(o)).value;"
            " return opts.find(x => x.text !== '—').value; }",
            list(self.option) if isinstance(self.option, tuple) else self.option,
        )
        select.select_option(value)
        _charts_changed(page, before)


@dataclass(frozen=True)
class Slide:
    """Move a slider ``times`` steps with the arrow ``key``; then ``charts`` must change."""

    control: str
    key: str
    times: int
    charts: tuple[str, ...] = ()

    def run(self, page: Any) -> None:
        before = _charts_before(page, self.charts)
        press(page, self.control, self.key, self.times)
        _charts_changed(page, before)


@dataclass(frozen=True)
class Click:
    """Press a button (the ``nth`` of the control's buttons for a toggle); then ``charts`` must
    change, the ``grows`` elements (a log's items) must be at least ``by`` more, and ``shows`` =
    (element, text) must appear."""

    control: str
    charts: tuple[str, ...] = ()
    nth: int | None = None
    grows: str | None = None
    by: int = 1
    shows: tuple[str, str] | None = None

    def run(self, page: Any) -> None:
        before = _charts_before(page, self.charts)
        n = count(page, self.grows) if self.grows else 0
        if self.nth is None:
            page.locator(self.control).first.click()
        else:
            page.locator(f"{self.control} button").nth(self.nth).click()
        _charts_changed(page, before)
        if self.grows:
            wait_more(page, self.grows, n + self.by - 1)
        if self.shows:
            wait_text(page, *self.shows)


@dataclass(frozen=True)
class Type:
    """Type a value in a number box and press Enter (the box sends it to the kernel before any
    later click: one websocket, messages in order)."""

    control: str
    value: str

    def run(self, page: Any) -> None:
        box = page.locator(f"{self.control} input").first
        box.fill(self.value)
        box.press("Enter")


@dataclass(frozen=True)
class Shows:
    """The element's text contains ``text``."""

    element: str
    text: str

    def run(self, page: Any) -> None:
        wait_text(page, self.element, self.text)


@dataclass(frozen=True)
class Matches:
    """The element's text matches the regular expression ``pattern``."""

    element: str
    pattern: str

    def run(self, page: Any) -> None:
        page.wait_for_function(
            "([s, p]) => { const e = document.querySelector(s);"
            " return e !== null && new RegExp(p).test(e.innerText); }",
            arg=[self.element, self.pattern],
            timeout=TIMEOUT,
        )


@dataclass(frozen=True)
class Land:
    """The geo chart drew land: the bundled topojson was fetched from the app and drawn."""

    chart: str
    paths: str = ".geo path"

    def run(self, page: Any) -> None:
        selector = ", ".join(f"{self.chart} {p.strip()}" for p in self.paths.split(","))
        page.wait_for_function(
            "(s) => document.querySelectorAll(s).length > 0", arg=selector, timeout=TIMEOUT
        )
        assert count(page, selector) > 0


@dataclass(frozen=True)
class Marked:
    """Trace ``trace`` of the geo chart has at least one point (a highlight is drawn)."""

    chart: str
    trace: int

    def run(self, page: Any) -> None:
        marked = page.evaluate(
            "([s, i]) => document.querySelector(s + ' .js-plotly-plot').data[i].lon"
            ".filter(v => v !== null).length",
            [self.chart, self.trace],
        )
        assert marked > 0


@dataclass(frozen=True)
class Repeat:
    """``steps`` ``times`` over; then ``charts`` must have changed."""

    times: int
    steps: tuple[Step, ...]
    charts: tuple[str, ...] = ()

    def run(self, page: Any) -> None:
        before = _charts_before(page, self.charts)
        for _ in range(self.times):
            for step in self.steps:
                step.run(page)
        _charts_changed(page, before)


@dataclass(frozen=True)
class StepUntilChanged:
    """Press ``button`` (each press answered when ``answer``'s text changes) until ``chart``
    changes, at most ``tries`` times."""

    button: str
    chart: str
    answer: str
    tries: int = 40

    def run(self, page: Any) -> None:
        before = plot_json(page, self.chart)
        for _ in range(self.tries):
            said = page.inner_text(self.answer)
            page.locator(self.button).first.click()
            page.wait_for_function(
                "([s, said]) => document.querySelector(s).innerText !== said",
                arg=[self.answer, said],
                timeout=TIMEOUT,
            )
            if plot_json(page, self.chart) != before:
                return
        raise AssertionError(f"{self.chart} never changed in {self.tries} presses of {self.button}")


@dataclass(frozen=True)
class Play:
    """Press the last legal-action button of a game table ``moves`` times; after each press the
    log grows and the table shows its *new* buttons (``move_answered``)."""

    css: str
    moves: int = 4

    def run(self, page: Any) -> None:
        buttons, log = f".{self.css}-action", f".{self.css}-log li"
        page.wait_for_selector(buttons, timeout=TIMEOUT)
        start = count(page, log)
        for _ in range(self.moves):
            move_answered(page, self.css, page.locator(buttons).last.click, goes_on=True)
        assert count(page, log) >= start + self.moves


@dataclass(frozen=True)
class Back:
    """Step back in a game table's log: the undone move is greyed (still listed, for forward)."""

    css: str

    def run(self, page: Any) -> None:
        page.locator(f".{self.css}-back").first.click()
        page.wait_for_selector(f".{self.css}-log li[style]", timeout=TIMEOUT)


@dataclass(frozen=True)
class Shot:
    """Save a screenshot (README pictures come from these): the page, or one ``element``."""

    name: str
    element: str | None = None

    def run(self, page: Any) -> None:
        settle(page)
        if self.element:
            element_screenshot(page, self.element, self.name)
        else:
            screenshot(page, self.name)
