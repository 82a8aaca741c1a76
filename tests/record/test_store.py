"""The record store's API on both backends: round trips, refusals by code, learners kept apart,
resume-code throttling, expiry and forgetting (issue #24)."""

from __future__ import annotations

import secrets
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select, text

import record
from record import RecordError, identity
from record.schema import events, guesses, learner_keys, learners, saves
from record.store import GUESS_LIMIT, GUESS_WINDOW


def refused(code: str):
    return pytest.raises(RecordError, match=rf"^{code}\(")


def counts(store: record.Store) -> dict[str, int]:
    with store._engine.connect() as conn:
        return {
            t.name: conn.execute(select(func.count()).select_from(t)).scalar_one()
            for t in (learners, learner_keys, events, saves, guesses)
        }


# -- learners -------------------------------------------------------------------------------


def test_a_new_learner_gets_a_key_and_a_code_once(store):
    learner = store.new_learner("Zoë")
    assert learner.nickname == "Zoë"
    assert len(learner.key) >= 43  # 256 bits of base64
    assert identity.normalise_code(learner.code) is not None
    assert learner.code[4] == "-" and len(learner.code) == 9
    again = store.learner_by_key(learner.key)
    assert again == record.Learner(learner.id, "Zoë")  # no key, no code handed back


def test_only_hashes_of_key_and_code_are_stored(store):
    learner = store.new_learner()
    with store._engine.connect() as conn:
        row = conn.execute(select(learners)).one()
        key_row = conn.execute(select(learner_keys)).one()
        dumped = " ".join(str(v) for v in (*row, *key_row))
    assert learner.key not in dumped
    assert identity.normalise_code(learner.code) not in dumped
    assert key_row.key_hash == identity.key_hash(learner.key)
    assert key_row.learner_id == learner.id


def test_a_resume_code_is_read_in_any_case_with_or_without_the_dash(store):
    learner = store.new_learner()
    plain = learner.code.replace("-", "")
    for written in (learner.code, plain, plain.lower(), f"  {learner.code.lower()} "):
        found = store.learner_by_code(written, client="desk-1")
        assert found is not None and found.id == learner.id


@pytest.mark.parametrize(
    "key",
    [None, 42, "", "short", "x" * 43 + "!", "é" * 43, secrets.token_urlsafe(32)],
    ids=["none", "int", "empty", "short", "bad-char", "non-ascii", "forged"],
)
def test_a_missing_malformed_or_forged_key_finds_no_one(store, key):
    store.new_learner()
    assert store.learner_by_key(key) is None


def test_a_code_never_finds_another_learner(store):
    a, b = store.new_learner("a"), store.new_learner("b")
    assert store.learner_by_code(a.code, "c").id == a.id
    assert store.learner_by_code(b.code, "c").id == b.id
    assert store.learner_by_key(a.key).id == a.id
    assert store.learner_by_key(b.key).id == b.id


@pytest.mark.parametrize(
    "code", ["", "ABCD-EFG", "ABCD-EFGHJ", "OOOO-IIII", "ABCD-EFG1", "ÀBCD-EFGH", 12345678]
)
def test_a_malformed_code_finds_no_one_and_costs_no_guess(store, code):
    store.new_learner()
    for _ in range(GUESS_LIMIT + 2):
        assert store.learner_by_code(code, client="desk-1") is None
    assert counts(store)["guesses"] == 0


def test_set_nickname_and_clear_it(store):
    learner = store.new_learner()
    assert store.set_nickname(learner.id, "  Anna-Maria ") == "Anna-Maria"
    assert store.learner_by_key(learner.key).nickname == "Anna-Maria"
    assert store.nickname(learner.id) == "Anna-Maria"
    assert store.set_nickname(learner.id, None) is None
    assert store.nickname(learner.id) is None


@pytest.mark.parametrize("nickname", ["", "   ", "x" * 25, "<b>hi</b>", "a\x07b", "😀", "a\nb"])
def test_a_bad_nickname_is_refused(store, nickname):
    with refused("record.nickname_invalid"):
        store.new_learner(nickname)
    learner = store.new_learner()
    with refused("record.nickname_invalid"):
        store.set_nickname(learner.id, nickname)
    assert counts(store)["learners"] == 1  # the refused new learner was never written


def test_unknown_learner_ids_are_not_found(store):
    learner = store.new_learner()
    for call in (
        lambda: store.record(999, "l", "i", "attempt", {}),
        lambda: store.put_save(999, "l", "t", "x"),
        lambda: store.set_nickname(999, "x"),
        lambda: store.export(999),
        lambda: store.import_(999, store.export(learner.id)),
        lambda: store.record("1", "l", "i", "attempt", {}),
    ):
        with refused("record.not_found"):
            call()


@pytest.mark.parametrize("learner_id", ["1", 1.0, True, None])
def test_an_id_that_is_not_an_integer_is_no_one(store, learner_id):
    store.record(store.new_learner().id, "l", "i", "attempt", {})
    for call in (
        lambda: store.events(learner_id),
        lambda: store.get_save(learner_id, "l", "t"),
        lambda: store.nickname(learner_id),
        lambda: store.export(learner_id),
        lambda: store.forget(learner_id),
    ):
        with refused("record.not_found"):
            call()


def test_expire_days_must_be_a_positive_whole_number(store_url):
    for days in (0, -1, 1.5, "365"):
        with refused("record.invalid"):
            record.open_store(store_url, expire_days=days)


def test_a_file_that_is_not_a_database_is_unavailable(tmp_path):
    (tmp_path / "record.sqlite3").write_bytes(b"not a database" * 100)
    with refused("record.unavailable"):
        record.open_store(data_dir=tmp_path)


def test_an_unsupported_database_is_refused():
    with refused("record.backend_unsupported"):
        record.open_store("mysql://user@localhost/db")
    with refused("record.backend_unsupported"):
        record.open_store("sqlite://")


# -- events and saves ---------------------------------------------------------------------


def test_events_come_back_in_order_by_lesson(store):
    learner = store.new_learner()
    kinds = ["attempt", "shown", "hint", "note", "step", "new_question"]
    for i, kind in enumerate(kinds):
        store.record(learner.id, f"l{i % 2}", f"item{i}", kind, {"n": i, "text": "perché"})
    got = store.events(learner.id)
    assert [e.kind for e in got] == kinds
    assert [e.payload["n"] for e in got] == list(range(6))
    assert got[0].payload == {"n": 0, "text": "perché"}
    assert [e.item for e in store.events(learner.id, "l1")] == ["item1", "item3", "item5"]
    assert all(e.at.tzinfo is not None for e in got)


def test_an_event_keeps_the_time_it_was_given(store):
    learner = store.new_learner()
    when = datetime(2025, 3, 1, 9, 30, 15, 123456, tzinfo=UTC)
    store.record(learner.id, "l", "i", "note", {}, at=when)
    assert store.events(learner.id)[0].at == when


def test_a_save_is_replaced_by_the_next(store):
    learner = store.new_learner()
    assert store.get_save(learner.id, "cnw/05", "table") is None
    store.put_save(learner.id, "cnw/05", "table", "first")
    store.put_save(learner.id, "cnw/05", "table", "second")
    store.put_save(learner.id, "cnw/05", "other", "third")
    assert store.get_save(learner.id, "cnw/05", "table") == "second"
    assert store.get_save(learner.id, "cnw/05", "other") == "third"
    assert counts(store)["saves"] == 2


def test_every_lessons_save_of_one_table_at_once(store):
    a, b = store.new_learner(), store.new_learner()
    store.put_save(a.id, "cnw/01", "score", "a1")
    store.put_save(a.id, "rails/02", "score", "a2")
    store.put_save(a.id, "cnw/05", "cnw", "a game")
    store.put_save(b.id, "cnw/01", "score", "b1")
    assert store.saves_of(a.id, "score") == {"cnw/01": "a1", "rails/02": "a2"}
    assert store.saves_of(b.id, "score") == {"cnw/01": "b1"}
    assert store.saves_of(b.id, "nothing") == {}
    with pytest.raises(RecordError) as refused:
        store.saves_of("1", "score")
    assert refused.value.code == "record.not_found"


def test_another_learners_data_is_never_returned(store):
    a, b = store.new_learner("a"), store.new_learner("b")
    store.record(a.id, "l", "i", "attempt", {"who": "a"})
    store.put_save(a.id, "l", "t", "a's game")
    assert store.events(b.id) == [] and store.events(b.id, "l") == []
    assert store.get_save(b.id, "l", "t") is None
    assert store.export(b.id)["events"] == [] and store.export(b.id)["saves"] == []
    store.record(b.id, "l", "i", "attempt", {"who": "b"})
    assert [e.payload["who"] for e in store.events(a.id)] == ["a"]
    assert [e.payload["who"] for e in store.events(b.id)] == ["b"]


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"lesson": ""}, "record.invalid"),
        ({"lesson": None}, "record.invalid"),
        ({"lesson": "a\nb"}, "record.invalid"),
        ({"lesson": "x" * 121}, "record.too_large"),
        ({"item": "x" * 121}, "record.too_large"),
        ({"kind": "Attempt"}, "record.invalid"),
        ({"kind": "x" * 25}, "record.invalid"),
        ({"kind": "a-b"}, "record.invalid"),
        ({"payload": [1, 2]}, "record.invalid"),
        ({"payload": {"s": {1, 2}}}, "record.invalid"),
        ({"payload": {"x": float("nan")}}, "record.invalid"),
        ({"payload": {"x": "y" * (16 * 1024)}}, "record.too_large"),
        ({"at": "2025-01-01"}, "record.invalid"),
    ],
)
def test_a_bad_event_is_refused_and_nothing_written(store, change, code):
    learner = store.new_learner()
    event = {"lesson": "l", "item": "i", "kind": "attempt", "payload": {}, **change}
    with refused(code):
        store.record(learner.id, **event)
    assert store.events(learner.id) == []


def test_the_largest_event_and_save_fit(store):
    learner = store.new_learner()
    payload = {"x": "y" * (16 * 1024 - len('{"x":""}'))}
    store.record(learner.id, "l" * 120, "i" * 120, "k" * 24, payload)
    store.put_save(learner.id, "l" * 120, "t" * 120, "s" * (512 * 1024))
    assert store.events(learner.id)[0].payload == payload
    assert len(store.get_save(learner.id, "l" * 120, "t" * 120)) == 512 * 1024


def test_a_bad_save_is_refused(store):
    learner = store.new_learner()
    with refused("record.too_large"):
        store.put_save(learner.id, "l", "t", "é" * (256 * 1024 + 1))  # 2 bytes each
    with refused("record.invalid"):
        store.put_save(learner.id, "l", "t", b"bytes")
    with refused("record.invalid"):
        store.put_save(learner.id, "l", "", "x")
    assert counts(store)["saves"] == 0


# -- throttling ----------------------------------------------------------------------------


def test_resume_code_guesses_are_throttled_per_client(store, clock):
    learner = store.new_learner()
    for _ in range(GUESS_LIMIT):
        assert store.learner_by_code(identity.new_code(), client="desk-1") is None
    with refused("record.throttled") as caught:
        store.learner_by_code(learner.code, client="desk-1")  # even the right code
    assert 0 < caught.value.details["retry_after"] <= GUESS_WINDOW.total_seconds()
    assert store.learner_by_code(learner.code, client="desk-2").id == learner.id
    clock.now += GUESS_WINDOW + timedelta(seconds=1)
    assert store.learner_by_code(learner.code, client="desk-1").id == learner.id


def test_a_right_code_costs_no_guess(store):
    learner = store.new_learner()
    for _ in range(GUESS_LIMIT + 3):
        assert store.learner_by_code(learner.code, client="desk-1").id == learner.id


def test_throttling_holds_across_two_stores_on_one_database(store_url):
    with record.open_store(store_url) as one, record.open_store(store_url) as two:
        learner = one.new_learner()
        for i in range(GUESS_LIMIT):
            side = one if i % 2 else two
            assert side.learner_by_code(identity.new_code(), client="desk-1") is None
        for side in (one, two):
            with refused("record.throttled"):
                side.learner_by_code(learner.code, client="desk-1")


def test_no_client_address_is_stored(store):
    store.learner_by_code(identity.new_code(), client="192.168.1.23")
    with store._engine.connect() as conn:
        stored = conn.execute(select(guesses.c.client_hash)).scalar_one()
    assert "192.168" not in stored and len(stored) == 64


# -- expiry and forgetting -------------------------------------------------------------------


def test_learners_not_seen_for_a_year_expire_with_their_records(store, clock):
    old, recent = store.new_learner("old"), store.new_learner("recent")
    for learner in (old, recent):
        store.record(learner.id, "l", "i", "attempt", {})
        store.put_save(learner.id, "l", "t", "x")
    clock.now += timedelta(days=200)
    store.learner_by_key(recent.key)  # seen again
    assert store.expire(now=clock.now + timedelta(days=164)) == 0
    assert store.expire(now=clock.now + timedelta(days=166)) == 1
    assert store.learner_by_key(old.key) is None
    assert store.learner_by_key(recent.key) is not None
    assert counts(store) == {
        "learners": 1,
        "learner_keys": 1,
        "events": 1,
        "saves": 1,
        "guesses": 0,
    }


def test_recording_counts_as_being_seen(store, clock):
    learner = store.new_learner()
    clock.now += timedelta(days=300)
    store.record(learner.id, "l", "i", "step", {})
    assert store.expire(now=clock.now + timedelta(days=300)) == 0


def test_expiry_runs_at_open_with_the_configured_days(store_url, clock):
    with record.open_store(store_url) as first:
        learner = first.new_learner()
    clock.now += timedelta(days=31)
    with record.open_store(store_url) as again:
        assert again.learner_by_key(learner.key) is not None  # 365 days by default
    clock.now += timedelta(days=31)  # that lookup was seen a month ago
    with record.open_store(store_url, expire_days=30) as short:
        assert short.learner_by_key(learner.key) is None
        assert counts(short)["learners"] == 0


def test_old_guesses_are_pruned(store, clock):
    store.learner_by_code(identity.new_code(), client="desk-1")
    clock.now += GUESS_WINDOW + timedelta(seconds=1)
    store.expire()
    assert counts(store)["guesses"] == 0


def test_forget_erases_every_row_of_the_learner(store):
    gone, kept = store.new_learner("gone"), store.new_learner("kept")
    for learner in (gone, kept):
        store.record(learner.id, "l", "i", "attempt", {"n": 1})
        store.put_save(learner.id, "l", "t", "x")
    assert store.forget(gone.id) is True
    assert store.forget(gone.id) is False
    assert store.learner_by_key(gone.key) is None
    assert store.learner_by_code(gone.code, "c") is None
    with refused("record.not_found"):
        store.export(gone.id)
    with store._engine.connect() as conn:
        for table in (learner_keys, events, saves):
            left = conn.execute(
                select(func.count()).select_from(table).where(table.c.learner_id == gone.id)
            ).scalar_one()
            assert left == 0
    assert counts(store) == {
        "learners": 1,
        "learner_keys": 1,
        "events": 1,
        "saves": 1,
        "guesses": 1,
    }
    assert len(store.events(kept.id)) == 1


def test_the_sqlite_file_is_private_and_in_wal_mode(tmp_path, monkeypatch):
    monkeypatch.delenv("LESSONS_DB_URL", raising=False)
    folder = tmp_path / "data"
    with record.open_store(data_dir=folder) as store:
        store.new_learner()
        with store._engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 1000
    assert (folder / "record.sqlite3").stat().st_mode & 0o777 == 0o600
    assert folder.stat().st_mode & 0o777 == 0o700


def test_where_the_store_is(tmp_path, monkeypatch):
    monkeypatch.delenv("LESSONS_DB_URL", raising=False)
    monkeypatch.setenv("LESSONS_DATA_DIR", str(tmp_path / "env"))
    assert record.default_data_dir() == tmp_path / "env"
    with record.open_store() as store:
        assert store.url == f"sqlite:///{tmp_path / 'env' / 'record.sqlite3'}"
    monkeypatch.setenv("LESSONS_DB_URL", f"sqlite:///{tmp_path / 'url.sqlite3'}")
    with record.open_store() as store:
        assert store.url.endswith("url.sqlite3")
    with record.open_store(data_dir=tmp_path / "arg") as store:  # an argument beats the env
        assert store.url.endswith("arg/record.sqlite3")
    monkeypatch.delenv("LESSONS_DATA_DIR")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert record.default_data_dir() == tmp_path / "home" / ".local" / "share" / "game-lessons"


def test_a_locked_sqlite_database_is_unavailable_after_bounded_retries(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    with record.open_store(url) as store:
        learner = store.new_learner()
    monkeypatch.setattr(record.store, "BUSY_TIMEOUT_MS", 50)
    monkeypatch.setattr(record.store, "ATTEMPTS", 3)
    monkeypatch.setattr(record.store, "BACKOFF_S", 0.01)
    holder = sqlite3.connect(tmp_path / "r.sqlite3", isolation_level=None)
    with record.open_store(url) as store:
        holder.execute("BEGIN EXCLUSIVE")  # another program holds the write lock
        with refused("record.unavailable") as caught:
            store.record(learner.id, "l", "i", "attempt", {})
        assert caught.value.details == {"reason": "busy", "attempts": 3}
        holder.execute("ROLLBACK")
        store.record(learner.id, "l", "i", "attempt", {})
        assert len(store.events(learner.id)) == 1
    holder.close()


def test_an_unreachable_postgresql_is_unavailable(monkeypatch, pg_server):
    monkeypatch.setattr(record.store, "ATTEMPTS", 2)
    closed = pg_server.url("postgres").replace(f":{pg_server.port}/", ":1/")
    with refused("record.unavailable"):
        record.open_store(closed)


def test_postgresql_urls_use_psycopg_3(pg_server):
    url = pg_server.new_database().replace("postgresql+psycopg://", "postgresql://")
    with record.open_store(url) as store:
        assert store.backend == "postgresql"
        assert store._engine.dialect.driver == "psycopg"
        with store._engine.connect() as conn:
            assert conn.execute(text("SELECT 1")).scalar() == 1
