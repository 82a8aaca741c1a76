"""How fast the app feels in a browser (run by hand, not a test).

For every page: time from navigation to the first rendered widget and to the last chart drawn.
For the CNW battle lab: the median time from a slider step (a key press on its handle) to the
chart in the page showing new data, over repeated steps.

    .venv/bin/python benchmarks/browser_latency.py [--repeats 15] [--slider-only]

Voila and Chromium run exactly as in the browser tests (offline: requests leaving localhost are
blocked).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import (  # noqa: E402
    running_voila,
    wait_for_voila,
    watch,
)
from tests.chromium import CHROMIUM_ARGS, chromium_path  # noqa: E402

FIRST_WIDGET = ".jupyter-widgets, .widget-box, .js-plotly-plot"


def has_widgets(notebook: str) -> bool:
    cells = json.loads((ROOT / notebook).read_text(encoding="utf-8"))["cells"]
    return any(c["cell_type"] == "code" for c in cells)


def page_times(browser, base: str, notebook: str) -> tuple[float, float, float]:
    """Seconds from navigation to the first widget (or, on a page of prose only, to the
    rendered page), to every cell executed, and to every chart drawn."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watched = watch(context)
    page = watched.page
    start = time.perf_counter()
    page.goto(f"{base}/voila/render/{notebook}", wait_until="domcontentloaded")
    first_selector = FIRST_WIDGET if has_widgets(notebook) else "#rendered_cells"
    page.wait_for_selector(first_selector, state="visible", timeout=120_000)
    first = time.perf_counter() - start
    wait_for_voila(page)
    ready = time.perf_counter() - start
    page.wait_for_function(
        "() => [...document.querySelectorAll('.js-plotly-plot')]"
        ".every(p => p.data && p.data.length > 0)",
        timeout=120_000,
    )
    charts = time.perf_counter() - start
    context.close()
    if watched.problems():
        print(f"  ! {notebook}: {watched.problems()}")
    return first, ready, charts


# the charts an attackers step changes, and what of each shows it (a JS expression on the plot p)
STEP_CHARTS = {
    "curve": (".cnw-fig-curve", "[p.data[3].x, p.data[3].y]"),
    "heat": (".cnw-fig-heat", "[p.layout.shapes[0].xanchor, p.layout.shapes[0].yanchor]"),
    "loss": (".cnw-fig-loss", "[p.data[0].x, p.data[0].y]"),
}
# in the page: every chart's part as it stands, and the moment each last changed (plotly's
# "plotly_afterplot" event, fired once a redraw is on screen, or "plotly_relayout" for a shape)
WATCH_CHARTS = """(charts) => {
  window.__drawn = {};
  for (const [name, [css, expr]] of Object.entries(charts)) {
    const plot = document.querySelector(css + ' .js-plotly-plot');
    const read = new Function('p', 'return ' + expr);
    const seen = () => {
      const key = JSON.stringify(read(plot));
      if (window.__drawn[name]?.key !== key) window.__drawn[name] = {key, at: performance.now()};
    };
    plot.on('plotly_afterplot', seen);
    plot.on('plotly_relayout', seen);
  }
}"""


def slider_latency(browser, base: str, repeats: int) -> tuple[list[float], dict[str, list[float]]]:
    """Key presses on the attackers slider, back to back as a held key sends them: seconds from
    each to its chart (the curve's "you are here" marker) drawn anew. Then as many presses one at
    a time, each after the last has settled: per chart the step changes, the time to its redraw
    (plotly's "plotly_afterplot", in the page's clock)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = watch(context).page
    page.goto(f"{base}/voila/render/notebooks/cnw/02_battles.ipynb")
    wait_for_voila(page)
    page.wait_for_selector(".cnw-fig-curve .js-plotly-plot")
    page.evaluate(WATCH_CHARTS, STEP_CHARTS)
    handle = page.locator(".cnw-attackers .noUi-handle").first
    handle.focus()
    read = (
        "() => JSON.stringify(document.querySelector('.cnw-fig-curve .js-plotly-plot').data[3].x)"
    )
    samples: list[float] = []
    for i in range(repeats):
        before = page.evaluate(read)
        start = time.perf_counter()
        page.keyboard.press("ArrowRight" if i % 2 == 0 else "ArrowLeft")
        page.wait_for_function(f"(b) => ({read})() !== b", arg=before, timeout=30_000)
        samples.append(time.perf_counter() - start)
    charts: dict[str, list[float]] = {name: [] for name in STEP_CHARTS}
    for i in range(repeats):
        page.wait_for_timeout(1000)  # the kernel has answered the page's replies
        pressed = page.evaluate("() => performance.now()")
        page.keyboard.press("ArrowRight" if i % 2 == 0 else "ArrowLeft")
        page.wait_for_function(
            "([t, n]) => Object.values(window.__drawn).filter(d => d.at > t).length === n",
            arg=[pressed, len(STEP_CHARTS)],
            timeout=30_000,
        )
        drawn = page.evaluate("() => window.__drawn")
        for name in STEP_CHARTS:
            charts[name].append((drawn[name]["at"] - pressed) / 1000)
    context.close()
    return samples, charts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--slider-only", action="store_true", help="only the battle lab's slider")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    pages = sorted(
        str(p.relative_to(ROOT))
        for p in (ROOT / "notebooks").rglob("*.ipynb")
        if ".ipynb_checkpoints" not in p.parts
    )
    with running_voila() as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        print(f"{'page':<52} {'first widget':>12} {'all cells':>10} {'all charts':>11}")
        for nb in [] if args.slider_only else pages:
            first, ready, charts = page_times(browser, base, nb)
            print(f"{nb:<52} {first:>11.2f}s {ready:>9.2f}s {charts:>10.2f}s")
        samples, charts = slider_latency(browser, base, args.repeats)
        print(
            f"\nCNW battle lab, slider step -> chart updated ({len(samples)} steps): "
            f"median {1000 * statistics.median(samples):.0f} ms, "
            f"min {1000 * min(samples):.0f} ms, max {1000 * max(samples):.0f} ms"
        )
        print(
            "  one press at a time, key press -> redrawn, median per chart: "
            + ", ".join(f"{k} {1000 * statistics.median(v):.0f} ms" for k, v in charts.items())
        )
        browser.close()


if __name__ == "__main__":
    main()
