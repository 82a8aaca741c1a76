"""#24: the static site's store, SQLite in the page's memory (``record.store.memory_store``).
Its tables are made from ``record.schema`` without Alembic, and must be exactly what the
migrations build; it needs no Alembic (nor Mako) to open; its learners have no resume code; and
through ``record.sqljs`` (the DB-API driver over sql.js the browser uses, here given a stand-in
database over ``sqlite3`` that answers as sql.js's page-side object does) the whole API works,
and its export is one a server's store imports as its own."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect

from record import sqljs
from record.errors import RecordError
from record.schema import VERSION_TABLE
from record.store import memory_store, open_store

ROOT = Path(__file__).resolve().parents[2]


def schema_of(engine) -> dict:
    """Every table's columns (type, nullability, key), indexes, unique constraints and foreign
    keys (with ON DELETE), as SQLite reports them."""
    seen = inspect(engine)
    tables = {}
    for table in sorted(set(seen.get_table_names()) - {VERSION_TABLE}):
        tables[table] = {
            "columns": [
                (c["name"], str(c["type"]), c["nullable"], c["primary_key"])
                for c in seen.get_columns(table)
            ],
            "pk": seen.get_pk_constraint(table)["constrained_columns"],
            "indexes": sorted(
                (i["name"], tuple(i["column_names"]), bool(i["unique"]))
                for i in seen.get_indexes(table)
            ),
            "unique": sorted(tuple(u["column_names"]) for u in seen.get_unique_constraints(table)),
            "foreign": sorted(
                (
                    tuple(f["constrained_columns"]),
                    f["referred_table"],
                    tuple(f["referred_columns"]),
                    (f.get("options") or {}).get("ondelete"),
                )
                for f in seen.get_foreign_keys(table)
            ),
        }
    return tables


def test_the_memory_stores_tables_are_exactly_what_the_migrations_build(tmp_path):
    migrated = open_store(data_dir=tmp_path)
    migrated.close()
    on_disk = create_engine(f"sqlite:///{tmp_path / 'record.sqlite3'}")
    in_memory = memory_store()
    expected = schema_of(on_disk)
    assert set(expected) == {"events", "guesses", "learner_keys", "learners", "saves"}
    assert schema_of(in_memory._engine) == expected
    on_disk.dispose()
    in_memory.close()


def test_a_memory_store_opens_without_alembic_or_mako():
    """Alembic imports Mako, whose MarkupSafe is a compiled wheel the browser has not."""
    code = (
        "import sys\n"
        "from record.store import memory_store\n"
        "store = memory_store()\n"
        "learner = store.new_learner()\n"
        "store.record(learner.id, 'a/b', 'x', 'attempt', {})\n"
        "print(sorted(m for m in ('alembic', 'mako', 'markupsafe') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


class StandIn:
    """What ``record.sqljs``'s page-side database answers (``{columns, rows, changes,
    lastId}``; a failing statement throws an ``Error: ...``), over the standard sqlite3."""

    def __init__(self) -> None:
        self.db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        self.statements: list[str] = []

    def run(self, sql: str, params: list) -> dict:
        self.statements.append(sql)
        try:
            cursor = self.db.execute(sql, params)
        except sqlite3.Error as exc:
            raise RuntimeError(f"Error: {exc}") from None
        rows = [list(row) for row in cursor.fetchall()]
        columns = [d[0] for d in cursor.description or ()]
        changes = self.db.execute("SELECT changes()").fetchone()[0]
        last = None
        if sql.lstrip().lower().startswith(("insert", "replace")):
            last = self.db.execute("SELECT last_insert_rowid()").fetchone()[0]
        return {"columns": columns, "rows": rows, "changes": changes, "lastId": last}

    def close(self) -> None:
        self.db.close()


@pytest.fixture
def sqljs_store(monkeypatch):
    made: list[StandIn] = []

    def factory() -> StandIn:
        made.append(StandIn())
        return made[-1]

    monkeypatch.setattr(sqljs, "_factory", None)
    sqljs.use(factory, sqlite3.sqlite_version)
    store = memory_store(sqljs)
    yield store, made
    store.close()


def test_through_the_sql_js_driver_the_whole_api_works(sqljs_store, tmp_path):
    store, made = sqljs_store
    assert len(made) == 1  # one database, for as long as the page lives
    learner = store.new_learner()
    assert learner.key and learner.code is None  # no resume code in a browser
    assert store.learner_by_key(learner.key) == learner.__class__(learner.id, None)
    store.record(learner.id, "cnw/01", "dice", "attempt", {"answer": "7", "right": True})
    store.record(learner.id, "cnw/01", "dice", "shown", {})
    store.put_save(learner.id, "cnw/01", "score", '{"right": 1}')
    store.put_save(learner.id, "cnw/01", "score", '{"right": 2}')  # replaces the first
    assert store.set_nickname(learner.id, "Ada") == "Ada"
    assert [(e.item, e.kind) for e in store.events(learner.id)] == [
        ("dice", "attempt"),
        ("dice", "shown"),
    ]
    assert store.saves_of(learner.id, "score") == {"cnw/01": '{"right": 2}'}
    assert any(s.startswith("BEGIN IMMEDIATE") for s in made[0].statements)

    # a save for no learner is refused, as on a server
    with pytest.raises(RecordError, match="not_found"):
        store.put_save(learner.id + 99, "cnw/01", "score", "{}")

    exported = store.export(learner.id)
    assert exported["nickname"] == "Ada" and len(exported["events"]) == 2

    # the same file, on a server: its store imports it as one of its own
    server = open_store(data_dir=tmp_path)
    there = server.new_learner()
    assert server.import_(there.id, exported) == {"events": 2, "saves": 1}
    back = server.export(there.id)
    assert {k: v for k, v in back.items() if k != "exported"} == {
        k: v for k, v in exported.items() if k != "exported"
    }
    # and back again into the browser's, where nothing is new
    assert store.import_(learner.id, back) == {"events": 0, "saves": 0}
    assert store.forget(learner.id) is True and store.forget(learner.id) is False
    server.close()


def test_the_driver_maps_errors_and_refuses_what_sql_js_cannot_be(sqljs_store):
    store, made = sqljs_store
    conn = sqljs.connect()
    cursor = conn.cursor()
    cursor.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL)")
    cursor.execute("INSERT INTO t (name) VALUES (?)", ["a"])
    assert cursor.lastrowid == 1 and cursor.rowcount == 1
    with pytest.raises(sqljs.IntegrityError):
        cursor.execute("INSERT INTO t (name) VALUES (?)", ["a"])
    with pytest.raises(sqljs.IntegrityError):
        cursor.execute("INSERT INTO t (name) VALUES (?)", [None])
    with pytest.raises(sqljs.OperationalError):
        cursor.execute("SELECT * FROM nowhere")
    cursor.executemany("INSERT INTO t (name) VALUES (?)", [["b"], ["c"]])
    assert cursor.rowcount == 2
    cursor.execute("SELECT id, name FROM t ORDER BY id")
    assert cursor.description[1][0] == "name"
    assert cursor.fetchone() == (1, "a")
    assert cursor.fetchall() == [(2, "b"), (3, "c")]
    conn.execute("BEGIN")
    assert conn.in_transaction
    conn.execute("DELETE FROM t")
    conn.rollback()
    assert not conn.in_transaction
    assert conn.execute("SELECT count(*) FROM t").fetchone() == (3,)
    conn.close()
    with pytest.raises(sqljs.ProgrammingError):
        conn.cursor().execute("SELECT 1")
    with pytest.raises(sqljs.NotSupportedError):
        sqljs.connect("/a/file.db")
