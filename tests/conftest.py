"""Settings for the whole test session.

The labs share results through an on-disk cache (``widgets/kit/cache.py``). Tests must neither
read what an earlier run or a teacher's machine left there nor write into the user's cache, so
the session gets a fresh cache folder of its own; kernels started by the notebook and browser
tests inherit it through the environment. A test that needs another setting monkeypatches it.

One Chromium serves the browser and the server tests: Playwright's sync API runs an event loop in
the main thread for as long as it is open, so a second ``sync_playwright()`` in the same session
fails, and anything else that needs a loop (the notebook test's kernel, the load test's students)
runs it in a thread of its own.
"""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

from tests.chromium import CHROMIUM_ARGS, chromium_path

_CACHE = tempfile.mkdtemp(prefix="lessons-test-cache-")
os.environ["CNW_LESSONS_CACHE"] = _CACHE


def pytest_unconfigure(config: object) -> None:
    shutil.rmtree(_CACHE, ignore_errors=True)


@pytest.fixture(scope="session")
def browser():
    """The session's headless Chromium (Playwright), started on first use."""
    from playwright.sync_api import sync_playwright

    path = chromium_path()
    if path is None:
        pytest.fail("no Chromium found: `make test` installs Debian's chromium when run as root")
    with sync_playwright() as pw:
        chrome = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield chrome
        chrome.close()
