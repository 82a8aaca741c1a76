"""The server tests start their servers per test module, with the settings that module checks
(see serverkit.running_server); the headless Chromium is the session's (tests/conftest.py)."""

import pytest


def pytest_configure(config: pytest.Config) -> None:
    # pytest-xdist's own marker, registered here too so that --strict-markers accepts it in a
    # run without xdist: it keeps the tests that share one page or server on one worker
    config.addinivalue_line("markers", "xdist_group(name): run these tests on one xdist worker")
