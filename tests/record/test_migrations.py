"""The schema is Alembic's, applied at open: a fresh database gets head, the tables match
``record/schema.py``, and a database newer than this code is refused with nothing changed."""

from __future__ import annotations

from datetime import timedelta

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, delete, inspect, select, text

import record
from record import RecordError, identity, migrate
from record.schema import VERSION_TABLE, learner_keys, metadata


def engine_for(url: str):
    return create_engine(url.replace("postgresql://", "postgresql+psycopg://"))


def test_a_fresh_database_gets_head(store_url):
    with record.open_store(store_url):
        pass
    engine = engine_for(store_url)
    with engine.connect() as conn:
        assert migrate.current(conn) == (migrate.head(),)
        tables = set(inspect(conn).get_table_names())
    engine.dispose()
    assert tables == {
        VERSION_TABLE,
        "learners",
        "learner_keys",
        "events",
        "saves",
        "guesses",
    }


def test_the_migrations_build_what_schema_py_describes(store_url):
    with record.open_store(store_url):
        pass
    engine = engine_for(store_url)
    with engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"version_table": VERSION_TABLE})
        differences = compare_metadata(context, metadata)
    engine.dispose()
    assert differences == []


def test_opening_twice_migrates_once(store_url):
    with record.open_store(store_url) as first:
        learner = first.new_learner()
    with record.open_store(store_url) as second:
        assert second.learner_by_key(learner.key) is not None


def test_a_database_newer_than_this_code_is_refused_with_nothing_changed(store_url):
    with record.open_store(store_url) as store:
        store.record(store.new_learner().id, "l", "i", "attempt", {})
    engine = engine_for(store_url)
    with engine.begin() as conn:
        conn.execute(text(f"UPDATE {VERSION_TABLE} SET version_num = 'f00d_from_the_future'"))
        # a newer version's table and its rows, and old learners that expiry would erase
        conn.execute(text("CREATE TABLE moves (id INTEGER PRIMARY KEY, body TEXT)"))
        conn.execute(text("INSERT INTO moves VALUES (1, 'e2e4')"))
        conn.execute(text("UPDATE learners SET seen_at = '2000-01-01 00:00:00'"))

    def snapshot():
        with engine.connect() as conn:
            return {
                table: sorted(map(tuple, conn.execute(text(f"SELECT * FROM {table}"))))
                for table in sorted(inspect(conn).get_table_names())
            }

    before = snapshot()
    with pytest.raises(RecordError) as caught:
        record.open_store(store_url)
    assert caught.value.code == "record.db_newer"
    assert caught.value.details == {"revision": "f00d_from_the_future", "head": migrate.head()}
    assert snapshot() == before
    engine.dispose()


def test_alembic_is_configured_in_code():
    cfg = migrate.config()
    assert cfg.config_file_name is None
    assert migrate.script().get_current_head() == migrate.head()
    assert (migrate.MIGRATIONS / "versions").is_dir()


# -- 0001 -> 0002: one key a learner becomes learner_keys ------------------------------------


def database_at_0001(url: str) -> list[dict]:
    """A database as revision 0001 left it: three learners (one key each, in learners.key_hash),
    their events and saves, and a failed guess. Returns what each learner was given."""
    store = record.Store(url)  # the store's own engine (its pragmas), not migrated to head
    migrate.upgrade(store._engine, "0001")
    now = record.store.utcnow()
    people = []
    with store._engine.connect().execution_options(record_write=True) as conn, conn.begin():
        assert migrate.current(conn) == ("0001",)
        for n, nickname in enumerate(["Zoë", None, "Ana"]):
            key, code = identity.new_key(), identity.new_code()
            seen = now - timedelta(days=10 * n)
            learner_id = conn.execute(
                text(
                    "INSERT INTO learners (key_hash, code_hash, nickname, created_at, seen_at)"
                    " VALUES (:k, :c, :n, :created, :seen) RETURNING id"
                ),
                {
                    "k": identity.key_hash(key),
                    "c": identity.code_hash(code),
                    "n": nickname,
                    "created": seen - timedelta(days=30),
                    "seen": seen,
                },
            ).scalar_one()
            for i in range(4):
                conn.execute(
                    text(
                        "INSERT INTO events (learner_id, lesson, item, kind, payload, at)"
                        " VALUES (:id, 'cnw/01', :item, 'attempt', :p, :at)"
                    ),
                    {"id": learner_id, "item": f"q{i}", "p": f'{{"n": {n}, "i": {i}}}', "at": seen},
                )
            conn.execute(
                text(
                    "INSERT INTO saves (learner_id, lesson, game_table, text, at)"
                    " VALUES (:id, 'cnw/05', 'table', :body, :at)"
                ),
                {"id": learner_id, "body": f"save of {n}", "at": seen},
            )
            people.append(
                {
                    "id": learner_id,
                    "key": key,
                    "code": code,
                    "nickname": nickname,
                    "created": seen - timedelta(days=30),
                    "seen": seen,
                }
            )
        conn.execute(
            text("INSERT INTO guesses (client_hash, at) VALUES (:c, :at)"),
            {"c": identity.client_hash("desk"), "at": now},
        )
    store.close()
    return people


def table_counts(url: str) -> dict[str, int]:
    engine = engine_for(url)
    with engine.connect() as conn:
        names = sorted(set(inspect(conn).get_table_names()) - {VERSION_TABLE})
        found = {t: conn.execute(text(f"SELECT count(*) FROM {t}")).scalar_one() for t in names}
    engine.dispose()
    return found


def test_upgrading_from_0001_keeps_every_learner_key_and_row(store_url):
    people = database_at_0001(store_url)
    assert table_counts(store_url) == {"events": 12, "guesses": 1, "learners": 3, "saves": 3}
    with record.open_store(store_url) as store:  # migrates to head
        for person in people:
            found = store.learner_by_key(person["key"])
            assert found == record.Learner(person["id"], person["nickname"])
            assert store.learner_by_code(person["code"], client="desk").id == person["id"]
            assert [(e.item, e.payload) for e in store.events(person["id"])] == [
                (f"q{i}", {"n": people.index(person), "i": i}) for i in range(4)
            ]
            assert store.get_save(person["id"], "cnw/05", "table") == (
                f"save of {people.index(person)}"
            )
        with store._engine.connect() as conn:
            keys = {r.key_hash: r for r in conn.execute(select(learner_keys))}
            foreign_keys = (
                conn.exec_driver_sql("PRAGMA foreign_keys").scalar()
                if store.backend == "sqlite"
                else 1
            )
        assert foreign_keys == 1  # back on after the migration turned them off
        for person in people:  # each key moved with the learner's own times
            row = keys[identity.key_hash(person["key"])]
            assert row.learner_id == person["id"]
            assert row.created_at == person["created"] and row.seen_at >= person["seen"]
        # and a migrated learner takes a second device like any other
        second = store.add_key(people[0]["id"])
        assert store.learner_by_key(second.key).id == people[0]["id"]
        assert store.learner_by_key(people[0]["key"]).id == people[0]["id"]
        assert store.forget(people[1]["id"])
    assert table_counts(store_url) == {
        "events": 8,
        "guesses": 1,
        "learner_keys": 3,
        "learners": 2,
        "saves": 2,
    }
    engine = engine_for(store_url)
    with engine.connect() as conn:
        columns = {c["name"] for c in inspect(conn).get_columns("learners")}
        assert migrate.current(conn) == (migrate.head(),)
    engine.dispose()
    assert "key_hash" not in columns


def test_downgrading_to_0001_keeps_each_learners_newest_key(store_url, clock):
    with record.open_store(store_url) as store:
        learner, other = store.new_learner("two devices"), store.new_learner()
        store.record(learner.id, "l", "i", "attempt", {})
        clock.now += timedelta(hours=2)
        second = store.add_key(learner.id)
        keyless = store.new_learner()
    engine = engine_for(store_url)
    with engine.begin() as conn:  # a learner left with no key at all (only the code finds them)
        conn.execute(delete(learner_keys).where(learner_keys.c.learner_id == keyless.id))
    store = record.Store(store_url)
    migrate.downgrade(store._engine, "0001")
    with engine.connect() as conn:
        assert migrate.current(conn) == ("0001",)
        assert "learner_keys" not in inspect(conn).get_table_names()
        hashes = dict(conn.execute(text("SELECT id, key_hash FROM learners")).all())
        assert conn.execute(text("SELECT count(*) FROM events")).scalar_one() == 1
    assert hashes[learner.id] == identity.key_hash(second.key)  # the newer of the two
    assert hashes[other.id] == identity.key_hash(other.key)
    assert len(hashes[keyless.id]) == 64 and len(set(hashes.values())) == 3
    migrate.upgrade(store._engine)
    store.close()
    engine.dispose()
    with record.open_store(store_url) as again:
        assert again.learner_by_key(second.key).id == learner.id
        assert again.learner_by_key(learner.key) is None  # dropped by the downgrade
        assert again.learner_by_key(other.key).id == other.id
        assert again.learner_by_code(keyless.code, client="desk").id == keyless.id
        assert len(again.events(learner.id)) == 1
