"""The static site (``make static``), built once (or reused when its inputs are unchanged) and
served by a tiny static server on 127.0.0.1, as any static web host would serve it."""

from __future__ import annotations

import functools
import importlib.util
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _build_module():
    spec = importlib.util.spec_from_file_location("static_build", ROOT / "static" / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class StaticHandler(SimpleHTTPRequestHandler):
    """Files as a static host serves them, with the cache headers a host would give: the
    site's pages and settings revalidated, everything else (hashed bundles, Python, wheels)
    kept for a day, so a second visit reads it from the browser's cache."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm"}

    def end_headers(self) -> None:
        fresh = self.path.split("?")[0].endswith((".html", ".json", "/"))
        self.send_header("Cache-Control", "no-cache" if fresh else "public, max-age=86400")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base's name
        pass


@pytest.fixture(scope="session")
def static_site() -> Path:
    build = _build_module()
    if not build.up_to_date():
        subprocess.run([sys.executable, str(ROOT / "static" / "build.py")], check=True)
    return build.OUT


@pytest.fixture(scope="session")
def static_url(static_site: Path) -> Iterator[str]:
    handler = functools.partial(StaticHandler, directory=str(static_site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
