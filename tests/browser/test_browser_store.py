"""The learner's key reaches the kernel from the browser's own storage (issue #24), in Voilà as a
class meets it: classroom mode, so the page's kernel is a preheated one that ran the notebook
before the page connected, and the key can only arrive later, as a widget's state change.

A small notebook of its own, in a temporary folder served by its own server: a BrowserStore, a
label saying what arrived, a button making a new key in Python. First visit: no key; the button:
a key, stored; a reload (a new kernel): the same key arrives; a corrupt stored value: reported,
no key; another browser profile: no key. Nothing leaves 127.0.0.1.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.serverkit import running_server
from widgets.kit.browser_store import LEARNER_ITEM

from .conftest import watch
from .pagekit import TIMEOUT

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser_store")]

NOTEBOOK = "store.ipynb"
CELLS = [
    """\
import json
import secrets

import ipywidgets as w

from widgets.kit.browser_store import BrowserStore

store = BrowserStore()
store""",
    """\
arrived = w.Label("waiting").add_class("store-arrived")
new_key = w.Button(description="new key").add_class("store-new-key")


def show(_=None):
    arrived.value = json.dumps({"key": store.key, "problem": store.problem, "at": "kernel"})


store.on_loaded(show)
store.observe(lambda _: store.loaded and show(), names=["key", "problem"])
new_key.on_click(lambda _: store.remember(secrets.token_hex(16)))
w.VBox([arrived, new_key])""",
]
PAGES = 5  # page loads in the test below, each from a warm kernel while the pool lasts


def notebook() -> dict:
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": []}
    return {
        "cells": [dict(cell, source=source) for source in CELLS],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


@pytest.fixture(scope="module")
def store_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    folder: Path = tmp_path_factory.mktemp("store")
    (folder / NOTEBOOK).write_text(json.dumps(notebook()), encoding="utf-8")
    # the store alone: no learners' record behind it (tests/browser/test_memory.py has that)
    args = (f"--root={folder}", "--classroom", NOTEBOOK, f"--students={PAGES}", "--no-record")
    with running_server(*args, ready="Warm kernels ready", timeout=600) as server:
        yield server


def arrived(page: Any) -> dict:
    """What the kernel says arrived, once the browser's values are in."""
    page.wait_for_function(
        "() => { const e = document.querySelector('.store-arrived');"
        " return e !== null && e.innerText.includes('kernel'); }",
        timeout=TIMEOUT,
    )
    return json.loads(page.inner_text(".store-arrived"))


def opened(page: Any, base: str) -> dict:
    page.goto(f"{base}/voila/render/{NOTEBOOK}", wait_until="domcontentloaded")
    return arrived(page)


def reloaded(page: Any) -> dict:
    page.reload(wait_until="domcontentloaded")
    return arrived(page)


def problems(watched: Any) -> dict[str, list[str]]:
    """What went wrong on the pages, less the shutdown request of each page left by a reload:
    Voilà's page sends it as it unloads, and Chromium lists it as aborted once the next page
    replaces the old one (the server had it: the kernel ends)."""
    watched.failed[:] = [
        f for f in watched.failed if not ("/voila/api/shutdown/" in f and "ERR_ABORTED" in f)
    ]
    return watched.problems()


def stored(page: Any) -> str | None:
    return page.evaluate("(k) => localStorage.getItem(k)", LEARNER_ITEM)


def test_a_key_made_in_python_is_kept_by_the_browser_and_comes_back(browser, store_server):
    base = store_server.base
    first = watch(browser.new_context(viewport={"width": 1280, "height": 900}))
    page = first.page
    try:
        said = opened(page, base)
        assert said == {"key": "", "problem": "", "at": "kernel"}, "a first visit: no key"
        assert stored(page) is None

        element = page.locator(".kit-browser-store")
        assert element.count() == 1
        box = element.bounding_box()
        assert box is None or box["width"] == box["height"] == 0, "it takes no room"
        assert element.get_attribute("aria-hidden") == "true"
        assert (
            page.evaluate(
                "() => document.querySelector('.kit-browser-store').querySelectorAll("
                "'a, button, input, select, textarea, [tabindex]').length"
            )
            == 0
        ), "nothing to focus"

        page.click(".store-new-key")
        page.wait_for_function(
            "() => JSON.parse(document.querySelector('.store-arrived').innerText).key !== ''",
            timeout=TIMEOUT,
        )
        key = json.loads(page.inner_text(".store-arrived"))["key"]
        assert len(key) == 32
        page.wait_for_function("(k) => localStorage.getItem(k) !== null", arg=LEARNER_ITEM)
        assert json.loads(stored(page))["key"] == key

        assert reloaded(page) == {"key": key, "problem": "", "at": "kernel"}, "a new kernel"

        page.evaluate("(k) => localStorage.setItem(k, '{not json')", LEARNER_ITEM)
        assert reloaded(page) == {"key": "", "problem": "corrupt", "at": "kernel"}
        assert stored(page) == "{not json", "left as it was until Python writes a learner"
    finally:
        first.page.context.close()

    other = watch(browser.new_context(viewport={"width": 1280, "height": 900}))
    try:
        assert opened(other.page, base) == {"key": "", "problem": "", "at": "kernel"}
    finally:
        other.page.context.close()

    assert first.outside == [] and other.outside == [], "nothing left 127.0.0.1"
    assert problems(first) == {} and problems(other) == {}
    log = store_server.log_text()
    assert log.count("Using pre-heated kernel") >= 3, "the pages came from warm kernels"
