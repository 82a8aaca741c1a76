"""Fixtures of the server tests: a headless Chromium kept inside 127.0.0.1 (the servers are
started per test module with the settings that module checks; see serverkit.running_server)."""

from __future__ import annotations

import pytest

from .serverkit import CHROMIUM_ARGS, chromium_path


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    path = chromium_path()
    if path is None:
        pytest.fail("no Chromium found: `make test` installs Debian's chromium when run as root")
    with sync_playwright() as pw:
        chrome = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield chrome
        chrome.close()
