"""A learner's record follows the renumbered CNW lessons (issue #25, ``widgets/lesson_ids.py``):
answers kept under an old lesson id come back in the new lesson that holds those checks, a game
saved under the old play page's id is found by the new one, and the landing page shows a renamed
lesson's score under its new id and leaves out the line of a lesson that was split."""

from __future__ import annotations

import json
import weakref
from pathlib import Path

import pytest

from record.store import open_store
from widgets import lesson_ids
from widgets.kit import check as kit
from widgets.kit import memory as mem
from widgets.kit.browser_store import BrowserStore
from widgets.kit.check import Number

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def store_dir(tmp_path, monkeypatch):
    monkeypatch.setattr(kit, "_CHECKS", {})
    monkeypatch.setattr(kit, "_SCORES", weakref.WeakSet())
    monkeypatch.delenv("LESSONS_RECORD", raising=False)
    yield tmp_path
    mem.begin("", opener=None)


def old_record(store_dir) -> str:
    """A learner who worked in the old lessons: an answer in old lesson 3's turn step, a saved
    game on the old play page, score lines of the old lessons 3 (split) and 7 (renamed)."""
    store = open_store(data_dir=store_dir)
    learner = store.new_learner()
    store.record(
        learner.id,
        "cnw/03_a_turn_step_by_step",
        "cnw3-from-hubs",
        "attempt",
        {"answer": "2", "right": True},
    )
    store.put_save(learner.id, "cnw/05_play", "table", '{"game": "cnw"}')
    store.put_save(
        learner.id, "cnw/03_a_turn_step_by_step", mem.SUMMARY, '{"right": 9, "total": 15}'
    )
    store.put_save(learner.id, "cnw/07_the_real_network", mem.SUMMARY, '{"right": 4, "total": 9}')
    return learner.key


def opened(store_dir, lesson: str, key: str) -> mem.Memory:
    memory = mem.begin(lesson, opener=lambda: open_store(data_dir=store_dir))
    bridge = BrowserStore()
    memory.attach(bridge)
    bridge.set_state({"key": key, "code": "", "nickname": "", "records": "", "loaded": True})
    return memory


def test_an_answer_under_the_old_id_comes_back_in_the_new_lesson(store_dir):
    old = opened(store_dir, "cnw/03_a_turn_step_by_step", "")  # the old page, a first visit
    check = Number("cnw3-from-hubs", "How many from hubs?", 2, hint="count the hubs")
    check.box.value = "2"
    check.check()
    old.flush()
    key = old.bridge.key
    assert key

    new = mem.begin("cnw/05_a_turn_step_by_step", opener=lambda: open_store(data_dir=store_dir))
    check = Number("cnw3-from-hubs", "How many from hubs?", 2, hint="count the hubs")
    bridge = BrowserStore()
    new.attach(bridge)
    bridge.set_state({"key": key, "code": "", "nickname": "", "records": "", "loaded": True})
    assert (check.status, check.first_try, check.box.value) == ("right", True, "2")


def test_the_old_play_pages_game_is_found_and_scores_follow_the_new_ids(store_dir):
    key = old_record(store_dir)
    play = opened(store_dir, "cnw/08_play", key)
    assert play.saved_game("table") == '{"game": "cnw"}'
    lines = play.summaries()
    assert lines["cnw/10_the_real_network"] == {"right": 4, "total": 9}
    assert "cnw/07_the_real_network" not in lines  # renamed: under its new id
    assert not {"cnw/03_a_turn_step_by_step", "cnw/04_setup", "cnw/05_a_turn_step_by_step"} & set(
        lines
    )  # split: each half writes its own line when it is opened


def test_every_new_id_is_a_lesson_and_every_old_id_is_gone():
    for new, olds in lesson_ids.FORMER.items():
        assert (ROOT / "notebooks" / f"{new}.ipynb").exists(), new
        assert (ROOT / "notebooks" / "it" / f"{new}.ipynb").exists(), new
        for old in olds:
            assert not (ROOT / "notebooks" / f"{old}.ipynb").exists(), old
            assert old not in lesson_ids.FORMER


def test_each_new_page_starts_under_its_new_id_and_came_from_an_earlier_number():
    """The map's new ids are the ids the pages start their memory with, and a lesson only ever
    moved to a later number (1 -> 1, 2; 3 -> 4, 5; ...), never to an earlier one."""
    for new, (old,) in lesson_ids.FORMER.items():
        cells = json.loads((ROOT / "notebooks" / f"{new}.ipynb").read_text("utf-8"))["cells"]
        assert f'start_lesson("{new}"' in "".join(cells[1]["source"])
        assert int(old.split("/")[1][:2]) <= int(new.split("/")[1][:2])
