"""The schema is Alembic's, applied at open: a fresh database gets head, the tables match
``record/schema.py``, and a database newer than this code is refused with nothing changed."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect, text

import record
from record import RecordError, migrate
from record.schema import VERSION_TABLE, metadata


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
    assert tables == {VERSION_TABLE, "learners", "events", "saves", "guesses"}


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
