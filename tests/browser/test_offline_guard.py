"""The guard of every browser test: a page's request to the outside world is listed (and so
fails the test that made it) and never leaves this machine, by name or by address."""

from __future__ import annotations

from typing import Any

import pytest

from tests.chromium import CHROMIUM_ARGS, record_outside

pytestmark = pytest.mark.browser

OUTSIDE = ("http://example.com/logo.png", "http://192.0.2.7/map.json")  # 192.0.2.0/24: TEST-NET-1


def test_a_request_outside_is_listed_and_fails_here(browser: Any) -> None:
    assert "--proxy-server=http://127.0.0.1:9" in CHROMIUM_ARGS  # the only way out, closed
    context = browser.new_context()
    outside: list[str] = []
    failed: dict[str, str] = {}
    try:
        record_outside(context, outside)
        page = context.new_page()
        page.on("requestfailed", lambda r: failed.setdefault(r.url, r.failure or ""))
        page.set_content("".join(f'<img src="{url}">' for url in OUTSIDE))
        page.wait_for_function("() => [...document.images].every(i => i.complete)", timeout=10_000)
    finally:
        context.close()
    assert sorted(outside) == sorted(OUTSIDE)
    assert set(failed) == set(OUTSIDE), failed  # no answer came back: the proxy is not there
    assert all("PROXY" in reason for reason in failed.values()), failed
