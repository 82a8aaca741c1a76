"""A learner on several devices: each browser holds a key of its own, every key finds the same
learner, at most KEYS_PER_LEARNER of them are kept, and a lost resume code can be replaced."""

from __future__ import annotations

import json
import threading
from datetime import timedelta

import pytest
from sqlalchemy import func, select

import record
from record import RecordError, identity
from record.schema import learner_keys
from record.store import KEYS_PER_LEARNER, SEEN_EVERY


def refused(code: str):
    return pytest.raises(RecordError, match=rf"^{code}\(")


def keys_of(store: record.Store, learner_id: int | None = None) -> dict[str, tuple]:
    """key_hash -> (learner_id, created_at, seen_at), of one learner or of everyone."""
    query = select(learner_keys)
    if learner_id is not None:
        query = query.where(learner_keys.c.learner_id == learner_id)
    with store._engine.connect() as conn:
        return {r.key_hash: (r.learner_id, r.created_at, r.seen_at) for r in conn.execute(query)}


def test_a_second_device_gets_a_key_of_its_own_and_both_find_the_learner(store):
    learner = store.new_learner("Zoë")
    found = store.learner_by_code(learner.code, client="phone")
    second = store.add_key(found.id)
    assert second == record.Learner(learner.id, "Zoë", key=second.key, code=None)
    assert second.key != learner.key and identity.key_hash(second.key) is not None
    for key in (learner.key, second.key):
        assert store.learner_by_key(key) == record.Learner(learner.id, "Zoë")
    assert store.learner_by_code(learner.code, client="phone").id == learner.id  # code unchanged


def test_a_third_device_and_another_learner_kept_apart(store):
    a, b = store.new_learner("a"), store.new_learner("b")
    a_keys = [a.key, store.add_key(a.id).key, store.add_key(a.id).key]
    b_keys = [b.key, store.add_key(b.id).key]
    assert len(set(a_keys + b_keys)) == 5
    assert [store.learner_by_key(k).id for k in a_keys] == [a.id] * 3
    assert [store.learner_by_key(k).id for k in b_keys] == [b.id] * 2
    assert len(keys_of(store, a.id)) == 3 and len(keys_of(store, b.id)) == 2


def test_only_the_hash_of_an_added_key_is_stored(store):
    learner = store.new_learner()
    added = store.add_key(learner.id)
    stored = keys_of(store, learner.id)
    assert set(stored) == {identity.key_hash(learner.key), identity.key_hash(added.key)}
    assert added.key not in json.dumps([*stored, *map(str, stored.values())])


def test_add_key_for_an_unknown_learner_is_not_found_and_writes_nothing(store):
    learner = store.new_learner()
    for learner_id in (learner.id + 1000, "1", 1.0, True, None):
        with refused("record.not_found"):
            store.add_key(learner_id)
    store.forget(learner.id)
    with refused("record.not_found"):
        store.add_key(learner.id)
    assert keys_of(store) == {}


def test_forget_erases_every_key_of_the_learner(store):
    gone, kept = store.new_learner("gone"), store.new_learner("kept")
    gone_keys = [gone.key] + [store.add_key(gone.id).key for _ in range(3)]
    kept_key = store.add_key(kept.id).key
    assert store.forget(gone.id) is True
    assert all(store.learner_by_key(k) is None for k in gone_keys)
    assert keys_of(store, gone.id) == {}
    assert store.learner_by_key(kept.key).id == kept.id
    assert store.learner_by_key(kept_key).id == kept.id
    assert len(keys_of(store)) == 2


def test_expiry_erases_every_key_of_the_learner(store, clock):
    old = store.new_learner("old")
    keys = [old.key, store.add_key(old.id).key]
    assert store.expire(now=clock.now + timedelta(days=366)) == 1
    assert all(store.learner_by_key(k) is None for k in keys)
    assert keys_of(store) == {}


def test_keys_are_capped_and_the_least_recently_seen_is_dropped(store, clock):
    learner = store.new_learner()
    first = learner.key
    added = []
    for _ in range(KEYS_PER_LEARNER - 1):
        clock.now += SEEN_EVERY * 2
        added.append(store.add_key(learner.id).key)
    assert len(keys_of(store, learner.id)) == KEYS_PER_LEARNER
    clock.now += SEEN_EVERY * 2
    assert store.learner_by_key(first).id == learner.id  # the first device is still in use
    newest = store.add_key(learner.id).key  # one past the cap: the oldest unused one goes
    assert len(keys_of(store, learner.id)) == KEYS_PER_LEARNER
    assert store.learner_by_key(added[0]) is None
    assert all(store.learner_by_key(k) is not None for k in [first, *added[1:], newest])


def test_a_loop_of_new_keys_never_grows_the_learners_keys(store):
    learner, other = store.new_learner(), store.new_learner()
    for _ in range(3 * KEYS_PER_LEARNER):
        last = store.add_key(learner.id).key  # same clock tick or not: the new key is kept
        assert store.learner_by_key(last).id == learner.id
    assert len(keys_of(store, learner.id)) == KEYS_PER_LEARNER
    assert store.learner_by_key(other.key).id == other.id  # no one else's key is touched


def test_two_devices_adding_keys_at_once_stay_under_the_cap(store_url, monkeypatch):
    """Both add_key calls are held at a barrier inside their transactions. If the learner's
    row were not locked, both would insert and prune at once, each seeing the cap not yet
    passed by the other's key, and the learner would end with one key too many. Locked, the
    second waits for the first to commit, the barrier times out, and the cap holds."""
    with record.open_store(store_url) as one, record.open_store(store_url) as two:
        learner = one.new_learner()
        for _ in range(KEYS_PER_LEARNER - 1):
            one.add_key(learner.id)
        barrier = threading.Barrier(2, timeout=1.5)
        met: list[bool] = []
        seen = record.Store._seen

        def held(self, conn, learner_id, now):
            try:
                barrier.wait()
                met.append(True)
            except threading.BrokenBarrierError:
                met.append(False)
            return seen(self, conn, learner_id, now)

        monkeypatch.setattr(record.Store, "_seen", held)
        errors: list[BaseException] = []

        def add(store: record.Store) -> None:
            try:
                store.add_key(learner.id)
            except BaseException as exc:  # reported below, in the test's thread
                errors.append(exc)

        threads = [threading.Thread(target=add, args=(s,)) for s in (one, two)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)
        assert not errors and not any(t.is_alive() for t in threads)
        assert len(keys_of(one, learner.id)) == KEYS_PER_LEARNER
        assert met == [False, False]  # one after the other, never both inside at once


def test_a_keys_last_seen_time_is_written_at_most_hourly(store, clock):
    learner = store.new_learner()
    second = store.add_key(learner.id)
    digest = identity.key_hash(second.key)
    start = clock.now
    clock.now = start + SEEN_EVERY / 2
    store.learner_by_key(second.key)
    assert keys_of(store)[digest][2] == start  # seen lately: not written again
    clock.now = start + SEEN_EVERY * 2
    store.learner_by_key(second.key)
    assert keys_of(store)[digest][2] == clock.now
    assert keys_of(store)[identity.key_hash(learner.key)][2] == start  # the other key's own
    clock.now += timedelta(days=300)
    store.learner_by_key(second.key)  # the learner counts as seen too
    assert store.expire(now=clock.now + timedelta(days=300)) == 0


def test_a_key_used_on_a_learner_seen_lately_by_another_device_still_counts(store, clock):
    learner = store.new_learner()
    second = store.add_key(learner.id)
    clock.now += SEEN_EVERY * 2
    store.learner_by_key(learner.key)  # the learner and the first key seen now
    clock.now += SEEN_EVERY / 4
    store.learner_by_key(second.key)  # the learner was seen lately, this key was not
    assert keys_of(store)[identity.key_hash(second.key)][2] == clock.now


def test_add_key_counts_as_being_seen(store, clock):
    learner = store.new_learner()
    clock.now += timedelta(days=300)
    store.add_key(learner.id)
    assert store.expire(now=clock.now + timedelta(days=300)) == 0


def test_the_export_holds_no_key_or_hash_of_any_device(store):
    learner = store.new_learner("Zoë")
    second = store.add_key(learner.id)
    store.record(learner.id, "l", "i", "attempt", {"ok": True})
    text = json.dumps(store.export(learner.id))
    for key in (learner.key, second.key):
        assert key not in text and identity.key_hash(key) not in text
    assert set(store.export(learner.id)) == {
        "format",
        "version",
        "exported",
        "nickname",
        "events",
        "saves",
    }


# -- a fresh resume code ------------------------------------------------------------------------


def test_new_code_replaces_the_old_one(store):
    learner, other = store.new_learner("me"), store.new_learner("other")
    second = store.add_key(learner.id)
    code = store.new_code(learner.id)
    assert (
        len(code) == 9 and code[4] == "-" and identity.normalise_code(code) == code.replace("-", "")
    )
    assert code != learner.code
    assert store.learner_by_code(learner.code, client="desk") is None  # the old one: no one
    assert store.learner_by_code(code, client="desk").id == learner.id
    assert store.learner_by_code(code.lower().replace("-", ""), client="desk").id == learner.id
    for key in (learner.key, second.key):  # the keys keep working
        assert store.learner_by_key(key).id == learner.id
    assert store.learner_by_code(other.code, client="desk").id == other.id


def test_only_the_hash_of_a_new_code_is_stored(store):
    learner = store.new_learner()
    code = store.new_code(learner.id)
    with store._engine.connect() as conn:
        dumped = " ".join(
            str(v) for row in conn.execute(select(record.schema.learners)) for v in row
        )
    assert code not in dumped and code.replace("-", "") not in dumped
    assert identity.code_hash(code.replace("-", "")) in dumped


def test_new_code_for_an_unknown_learner_is_not_found(store):
    learner = store.new_learner()
    for learner_id in (learner.id + 1000, "1", None):
        with refused("record.not_found"):
            store.new_code(learner_id)
    assert store.learner_by_code(learner.code, client="desk").id == learner.id


def test_a_new_code_that_is_taken_is_drawn_again(store, monkeypatch):
    a, b = store.new_learner(), store.new_learner()
    taken = a.code.replace("-", "")
    draws = iter([taken, taken, "ABCDEFGH"])
    monkeypatch.setattr(identity, "new_code", lambda: next(draws))
    assert store.new_code(b.id) == "ABCD-EFGH"
    assert store.learner_by_code(a.code, client="desk").id == a.id  # a's code is still a's
    with store._engine.connect() as conn:
        total = conn.execute(select(func.count()).select_from(record.schema.learners))
        assert total.scalar_one() == 2
