"""First widget of a static-site lesson in Chromium, cold and on a second visit (issue #15).

Serves ``build/static`` (``make static``) on 127.0.0.1 with the cache headers a static host gives
(the test's own handler), opens each lesson in a fresh browser profile (cold: nothing cached),
closes it, and opens it again in the same profile (second visit: the HTTP cache and the site's
service worker kept). Outside requests are not routed (routing would switch the HTTP cache off):
Chromium's own flags keep it on this machine, and any request that leaves 127.0.0.1 is counted
and reported. Bounded: ``--lessons`` pages, a 240 s limit per visit, everything stops by itself.

    .venv/bin/python benchmarks/static_startup.py [--lessons cnw/01_board_and_dice ...]
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import sys
import tempfile
import threading
import time
from http.server import ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.chromium import CHROMIUM_ARGS, chromium_path  # noqa: E402
from tests.static.conftest import StaticHandler  # noqa: E402

SITE = ROOT / "build" / "static"
WIDGET = "#rendered_cells .jupyter-widgets"
LIMIT_MS = 240_000
DEFAULT = [
    "cnw/01_board_and_dice",
    "airwar/03_odds_of_interception",
    "it/rails/02_cards_and_odds",
    "logiquo/02_odds_of_defense",
]


def visit(context, url: str, outside: list[str]) -> float:
    """Seconds from navigation to the first visible widget."""
    page = context.new_page()
    page.on(
        "request",
        lambda r: urlparse(r.url).hostname not in (None, "127.0.0.1") and outside.append(r.url),
    )
    start = time.monotonic()
    page.goto(url)
    page.wait_for_selector(WIDGET, state="visible", timeout=LIMIT_MS)
    seconds = time.monotonic() - start
    page.close()
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lessons", nargs="+", default=DEFAULT)
    args = parser.parse_args()
    if not (SITE / "index.html").is_file():
        sys.exit("no build/static: run make static first")
    server = ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(StaticHandler, directory=str(SITE))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/voici/render"
    rows, outside = [], []
    print(f"load average {os.getloadavg()[0]:.1f}; site {base}")
    with sync_playwright() as pw:
        for lesson in args.lessons:
            with tempfile.TemporaryDirectory() as profile:  # a new student's browser
                context = pw.chromium.launch_persistent_context(
                    profile,
                    executable_path=chromium_path(),
                    args=CHROMIUM_ARGS,
                    headless=True,
                    viewport={"width": 1280, "height": 900},
                )
                try:
                    url = f"{base}/{lesson}.html"
                    cold = visit(context, url, outside)
                    warm = visit(context, url, outside)
                finally:
                    context.close()
            rows.append((lesson, cold, warm))
            print(f"{lesson:36s} cold {cold:5.1f} s   second visit {warm:5.1f} s", flush=True)
    server.shutdown()
    colds, warms = [r[1] for r in rows], [r[2] for r in rows]
    print(
        f"median cold {statistics.median(colds):.1f} s (max {max(colds):.1f}), "
        f"second visit {statistics.median(warms):.1f} s (max {max(warms):.1f}); "
        f"requests outside 127.0.0.1: {len(outside)}; load average {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
