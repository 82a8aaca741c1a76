"""Settings for the whole test session.

The labs share results through an on-disk cache (``widgets/kit/cache.py``). Tests must neither
read what an earlier run or a teacher's machine left there nor write into the user's cache, so
the session gets a fresh cache folder of its own, and a fresh folder for the learners' record;
kernels started by the notebook and browser tests inherit both through the environment. A test
that needs another setting monkeypatches it.

One Chromium serves the browser and the server tests: Playwright's sync API runs an event loop in
the main thread for as long as it is open, so a second ``sync_playwright()`` in the same session
fails, and anything else that needs a loop (the notebook test's kernel, the load test's students)
runs it in a thread of its own.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from tests.chromium import CHROMIUM_ARGS, chromium_path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
_CACHE = tempfile.mkdtemp(prefix="lessons-test-cache-")
os.environ["CNW_LESSONS_CACHE"] = _CACHE
# the learners' record (record/, widgets/kit/memory.py): a fresh folder for the session, never
# the user's own data folder; servers and kernels started by the tests inherit it
_DATA = tempfile.mkdtemp(prefix="lessons-test-data-")
os.environ["LESSONS_DATA_DIR"] = _DATA
os.environ.pop("LESSONS_DB_URL", None)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A notebook that the same run opens in the browser is not also executed headless.

    ``tests/browser/test_lessons.py::test_page_renders_offline`` runs every notebook in Voilà,
    in a fresh kernel, and fails on a cell's error or a code cell without its widget, which is
    what ``test_notebook_executes_without_error`` checks in a shared kernel. When both are
    selected for a notebook, the headless run is deselected; a run without the browser tests
    (``-m "not browser"``, a machine without Chromium) keeps it.
    """
    opened = {
        item.callspec.params["lesson"]
        for item in items
        if getattr(item, "originalname", "") == "test_page_renders_offline"
    }
    twice = [
        item
        for item in items
        if getattr(item, "originalname", "") == "test_notebook_executes_without_error"
        and item.callspec.params["path"].relative_to(NOTEBOOKS).as_posix() in opened
    ]
    if twice:
        config.hook.pytest_deselected(items=twice)
        gone = {id(item) for item in twice}
        items[:] = [item for item in items if id(item) not in gone]


def pytest_unconfigure(config: object) -> None:
    shutil.rmtree(_CACHE, ignore_errors=True)
    shutil.rmtree(_DATA, ignore_errors=True)


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
