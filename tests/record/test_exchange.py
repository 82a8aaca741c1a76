"""A learner's own copy: export, import back, and every bad file refused with nothing changed."""

from __future__ import annotations

import copy
import json

import pytest

import record
from record import RecordError, exchange


def refused(code: str):
    return pytest.raises(RecordError, match=rf"^{code}\(")


def filled(store: record.Store, nickname: str | None = "Zoë") -> record.Learner:
    learner = store.new_learner(nickname)
    for i in range(5):
        store.record(learner.id, "cnw/01", f"q{i}", "attempt", {"answer": i, "ok": i % 2 == 0})
    store.record(learner.id, "cnw/01", "q0", "hint", {})
    store.record(learner.id, "rails/02", "why", "note", {"text": "perché sì\n«citato»"})
    store.put_save(learner.id, "cnw/05", "table", '{"game": "cnw"}')
    store.put_save(learner.id, "rails/04", "table", '{"game": "rails"}')
    return learner


def same_record(a: dict, b: dict) -> bool:
    return {**a, "exported": None} == {**b, "exported": None}


def test_the_export_is_the_versioned_file(store):
    learner = filled(store)
    data = store.export(learner.id)
    assert data["format"] == "game-lessons-record" and data["version"] == 1
    assert set(data) == {"format", "version", "exported", "nickname", "events", "saves"}
    assert data["nickname"] == "Zoë"
    assert [e["item"] for e in data["events"]] == ["q0", "q1", "q2", "q3", "q4", "q0", "why"]
    assert data["events"][-1]["payload"] == {"text": "perché sì\n«citato»"}
    assert {(s["lesson"], s["table"]) for s in data["saves"]} == {
        ("cnw/05", "table"),
        ("rails/04", "table"),
    }
    text = json.dumps(data)
    assert learner.key not in text and learner.code not in text  # a copy lets no one act as them


@pytest.mark.parametrize("form", ["dict", "str", "bytes"])
def test_export_then_import_into_a_new_learner_is_the_same_record(store, form):
    data = store.export(filled(store).id)
    given = {"dict": data, "str": json.dumps(data), "bytes": json.dumps(data).encode()}[form]
    other = store.new_learner()
    assert store.import_(other.id, given) == {"events": 7, "saves": 2}
    assert same_record(store.export(other.id), data)
    assert [e.item for e in store.events(other.id)] == [e["item"] for e in data["events"]]


def test_importing_the_same_file_twice_changes_nothing(store):
    learner = filled(store)
    data = store.export(learner.id)
    assert store.import_(learner.id, data) == {"events": 0, "saves": 0}
    assert same_record(store.export(learner.id), data)


def test_an_import_keeps_the_newer_save_and_the_learners_own_nickname(store):
    learner = filled(store)
    old = store.export(learner.id)
    store.put_save(learner.id, "cnw/05", "table", "newer")
    other = store.new_learner("Mine")
    store.import_(other.id, store.export(learner.id))
    assert store.get_save(other.id, "cnw/05", "table") == "newer"
    store.import_(other.id, old)  # the older save does not replace the newer one
    assert store.get_save(other.id, "cnw/05", "table") == "newer"
    assert store.nickname(other.id) == "Mine"


def bad_files() -> dict[str, tuple[object, str]]:
    """name -> (a change to a good export, or a whole file; the code it must be refused with)"""

    return {
        "not json": (b"{'format': ", "record.corrupt"),
        "not utf-8": (b'{"format": "\xff"}', "record.corrupt"),
        "nan": (b'{"format": "game-lessons-record", "version": 1, "x": NaN}', "record.corrupt"),
        "deep": (b"[" * 100_000 + b"]" * 100_000, "record.corrupt"),
        "a list": (b"[1, 2]", "record.foreign"),
        "a game save": (b'{"format": "cnw-game-lessons-save", "version": 1}', "record.foreign"),
        "no format": (lambda d: d.pop("format"), "record.foreign"),
        "future": (lambda d: d.update(version=2), "record.future_version"),
        "version text": (lambda d: d.update(version="1"), "record.corrupt"),
        "version bool": (lambda d: d.update(version=True), "record.corrupt"),
        "extra key": (lambda d: d.update(key="x"), "record.corrupt"),
        "no saves": (lambda d: d.pop("saves"), "record.corrupt"),
        "events not a list": (lambda d: d.update(events={}), "record.corrupt"),
        "event extra key": (lambda d: d["events"][-1].update(id=3), "record.corrupt"),
        "event lesson long": (
            lambda d: d["events"][-1].update(lesson="x" * 121),
            "record.corrupt",
        ),
        "event kind": (lambda d: d["events"][-1].update(kind="DROP"), "record.corrupt"),
        "event payload": (lambda d: d["events"][-1].update(payload=[1]), "record.corrupt"),
        "event payload big": (
            lambda d: d["events"][-1].update(payload={"x": "y" * 17_000}),
            "record.corrupt",
        ),
        "event time": (lambda d: d["events"][-1].update(at="yesterday"), "record.corrupt"),
        "naive time": (
            lambda d: d["events"][-1].update(at="2025-01-01T10:00:00"),
            "record.corrupt",
        ),
        "exported": (lambda d: d.update(exported=5), "record.corrupt"),
        "nickname": (lambda d: d.update(nickname="<script>"), "record.corrupt"),
        "save text": (lambda d: d["saves"][-1].update(text=None), "record.corrupt"),
        "save big": (
            lambda d: d["saves"][-1].update(text="x" * (512 * 1024 + 1)),
            "record.corrupt",
        ),
        "save twice": (lambda d: d["saves"].append(d["saves"][0]), "record.corrupt"),
        "oversized": (
            lambda d: d["events"].extend([d["events"][0]] * 40_000),
            "record.too_large",
        ),
        "oversized text": (b" " * (exchange.MAX_BYTES + 1), "record.too_large"),
        "neither text nor dict": (12, "record.corrupt"),
    }


BAD = bad_files()


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_bad_file_is_refused_and_nothing_changes(store, name):
    learner = filled(store)
    good = store.export(learner.id)
    fault, code = BAD[name]
    if callable(fault):
        data = copy.deepcopy(good)
        fault(data)
        fault = data
    target = store.new_learner("Other")
    filled_before = store.export(learner.id)
    with refused(code):
        store.import_(target.id, fault)
    with refused(code):
        store.import_(learner.id, fault)
    assert same_record(
        store.export(target.id), {**good, "nickname": "Other", "events": [], "saves": []}
    )
    assert same_record(store.export(learner.id), filled_before)


def test_too_many_events_or_saves_are_refused(store, monkeypatch):
    learner = filled(store)
    data = store.export(learner.id)
    monkeypatch.setattr(exchange, "MAX_EVENTS", 6)
    with refused("record.corrupt") as caught:
        store.import_(learner.id, data)
    assert caught.value.details == {"at": "events", "reason": "count"}
    monkeypatch.setattr(exchange, "MAX_EVENTS", 7)
    monkeypatch.setattr(exchange, "MAX_SAVES", 1)
    with refused("record.corrupt"):
        store.import_(learner.id, data)


def test_an_import_that_fails_midway_writes_nothing(store, monkeypatch):
    """Everything is one transaction: a failure after the events are in takes them back."""
    data = store.export(filled(store).id)
    other = store.new_learner()

    def broken():
        def insert(_table):
            raise RuntimeError("disk on fire")

        return insert

    monkeypatch.setattr(store, "_insert_or_update", broken)
    with pytest.raises(RuntimeError):
        store.import_(other.id, data)
    assert store.events(other.id) == []
    assert store.export(other.id)["saves"] == []
