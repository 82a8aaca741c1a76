"""#24: the steps of a lesson a learner reached are kept, and a returning learner is offered to go
on from the last one. The page's part (a heading coming into view) is the watcher's ``reached``
trait, set here as the page's script sets it."""

from __future__ import annotations

import pytest

from record.store import open_store
from widgets.kit import check as kit
from widgets.kit import memory as mem
from widgets.kit.browser_store import BrowserStore
from widgets.kit.check import Number
from widgets.kit.steps import HEADING_LIMIT, Steps, StepWatcher, steps_of

LESSON = "test/02_steps"


@pytest.fixture
def store_dir(tmp_path, monkeypatch):
    monkeypatch.setattr(kit, "_CHECKS", {})
    monkeypatch.delenv("LESSONS_RECORD", raising=False)
    yield tmp_path
    mem.begin("", opener=None)


def page(store_dir, key=""):
    memory = mem.begin(LESSON, opener=lambda: open_store(data_dir=store_dir))
    bridge = BrowserStore()
    memory.attach(bridge)
    steps = Steps(memory)
    check = Number("s-n", "?", 3, hint="h")
    bridge.set_state({"key": key, "code": "", "nickname": "", "records": "", "loaded": True})
    return memory, bridge, steps, check


def test_steps_reached_are_kept_and_offered_again(store_dir):
    memory, bridge, steps, check = page(store_dir)
    memory.flush()  # the first visit's learner is made as the browser speaks
    steps.watcher.reached = "Step 1 · The board"
    steps.watcher.reached = "Step 2 · Battles"
    steps.watcher.reached = "Step 1 · The board"  # seen again: kept once
    steps.watcher.reached = "Step 3 · Hubs"
    assert steps_of(memory)() == ["Step 1 · The board", "Step 2 · Battles", "Step 3 · Hubs"]
    key = bridge.key

    memory, bridge, steps, check = page(store_dir, key)
    assert steps.go_on.layout.display == ""
    assert "Step 3 · Hubs" in steps.go_on.description
    steps.go()
    assert steps.watcher.goto == "Step 3 · Hubs"
    assert steps.go_on.layout.display == "none"


def test_a_fresh_page_offers_nothing_and_the_browser_cannot_flood_the_record(store_dir):
    memory, bridge, steps, check = page(store_dir)
    assert steps.go_on.layout.display == "none"
    memory.flush()
    steps.watcher.reached = "x" * 10_000
    assert len(steps.reached[-1]) == HEADING_LIMIT
    for i in range(500):
        steps.watcher.reached = f"Step {i}"
    assert len(steps_of(memory)()) == len(steps.reached) <= 60


def test_the_watcher_draws_nothing():
    watcher = StepWatcher()
    assert watcher.layout.display == "none"
    assert "IntersectionObserver" in watcher._esm and "scrollIntoView" in watcher._esm
