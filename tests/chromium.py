"""The one headless Chromium of the test session: Debian's package (or ``$CHROMIUM``), started
with the flags that keep it inside this machine (no background networking, no updates, and no
request that leaves it), and :func:`record_outside`, which lists what a page asked of the
outside world."""

from __future__ import annotations

import os
import shutil
from typing import Any
from urllib.parse import urlparse

LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "[::1]", "::1"})

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    # Chromium goes direct to loopback addresses only; every other request is sent to a proxy
    # that is not there (port 9, discard), so it fails at once and never leaves the machine.
    # Tests list such requests with record_outside; blocking them here instead of routing every
    # request through Playwright keeps the HTTP path native (a lesson page costs ~8 % less CPU).
    "--proxy-server=http://127.0.0.1:9",
]


def chromium_path() -> str | None:
    """The Chromium to drive, or None when the machine has none."""
    for candidate in (os.environ.get("CHROMIUM"), "chromium", "chromium-browser"):
        if candidate and (found := shutil.which(candidate)):
            return found
    return None


def is_local(url: str, hosts: frozenset[str] = LOCAL_HOSTS) -> bool:
    """Whether ``url`` stays on this machine (``data:`` and ``blob:`` URLs never leave)."""
    return url.startswith(("data:", "blob:")) or (urlparse(url).hostname or "") in hosts


def record_outside(context: Any, outside: list[str], hosts: frozenset[str] = LOCAL_HOSTS) -> Any:
    """List in ``outside`` every request a page of ``context`` makes to a host not in
    ``hosts`` (CHROMIUM_ARGS makes it fail); returns ``context``. Works for Playwright's sync
    and async contexts alike."""
    context.on("request", lambda r: None if is_local(r.url, hosts) else outside.append(r.url))
    return context
