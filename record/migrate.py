"""The schema's history, applied by Alembic at open, configured here in code (no alembic.ini).

``upgrade(engine)`` brings a database to the newest revision this code knows, in one
transaction that holds the database's write lock (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: an
advisory lock), so that thirty kernels opening a fresh database at once migrate it once. A
database at a revision this code does not know, which a newer version wrote, is refused with
``record.db_newer`` before anything is changed. On SQLite the migration runs with foreign keys
off (checked with ``PRAGMA foreign_key_check`` before it commits): a batch migration rebuilds a
table, and with the keys on, dropping the old copy would cascade into every row referring to it.

A new revision: a file in ``migrations/versions/`` with ``down_revision`` set to the newest one
(``python -m alembic``'s template is ``migrations/script.py.mako``; or
``alembic.command.revision(record.migrate.config(), "message")``).
"""

from __future__ import annotations

import threading
from pathlib import Path

from alembic.config import Config
from alembic.runtime.environment import EnvironmentContext
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy import Connection, Engine, text

from record.errors import RecordError
from record.schema import VERSION_TABLE, metadata

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
# Any fixed number: the key of PostgreSQL's advisory lock held while migrating.
_PG_LOCK = 0x7265636F7264  # "record"
# alembic's `op` and `context` are module globals: one migration at a time in a process.
_LOCK = threading.Lock()


def config() -> Config:
    """Alembic's configuration for this package, without an ini file."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("version_table", VERSION_TABLE)
    return cfg


def script() -> ScriptDirectory:
    return ScriptDirectory.from_config(config())


def head() -> str:
    """The newest revision this code knows."""
    rev = script().get_current_head()
    assert rev is not None
    return rev


def current(conn: Connection) -> tuple[str, ...]:
    """The revisions a database is stamped with (empty for a fresh one)."""
    ctx = MigrationContext.configure(conn, opts={"version_table": VERSION_TABLE})
    return tuple(ctx.get_current_heads())


def _refuse_unknown(scripts: ScriptDirectory, revisions: tuple[str, ...]) -> None:
    for rev in revisions:
        try:
            known = scripts.get_revision(rev)
        except CommandError:
            known = None
        if known is None:
            raise RecordError("record.db_newer", revision=rev, head=scripts.get_current_head())


def upgrade(engine: Engine, target: str | None = None) -> None:
    """Bring the database to head (or to ``target``, an older revision: the tests build a
    database as an older version left it), or refuse it (``record.db_newer``) with nothing
    changed."""
    scripts = script()
    target = target or scripts.get_current_head()
    with engine.connect() as conn:
        with conn.begin():
            revisions = current(conn)  # the common case: already at head, no write lock taken
        _refuse_unknown(scripts, revisions)
        if revisions == (target,):
            return
    _locked(engine, scripts, target, scripts._upgrade_revs)


def downgrade(engine: Engine, target: str) -> None:
    """Take the database back to ``target`` (an operator's step, never done at open)."""
    scripts = script()
    _locked(engine, scripts, target, scripts._downgrade_revs)


def _locked(engine: Engine, scripts: ScriptDirectory, target: str, revs) -> None:
    """Alembic's steps from the database's revision to ``target`` (``revs(target, current)``)
    in one transaction under the write lock; nothing if another process got there first."""
    with _LOCK, engine.connect().execution_options(record_write=True) as conn:
        sqlite = conn.dialect.name == "sqlite"
        if sqlite:
            _sqlite_foreign_keys(conn, on=False)
        try:
            with conn.begin():
                if conn.dialect.name == "postgresql":
                    conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _PG_LOCK})
                revisions = current(conn)  # again, now that no one else can be migrating
                _refuse_unknown(scripts, revisions)
                if revisions == (target,):
                    return
                with EnvironmentContext(
                    config(),
                    scripts,
                    fn=lambda rev, _ctx: revs(target, rev),
                    destination_rev=target,
                ) as env:
                    env.configure(
                        connection=conn, target_metadata=metadata, version_table=VERSION_TABLE
                    )
                    env.run_migrations()
                if sqlite:  # the keys were off: every row must still point at one
                    broken = conn.exec_driver_sql("PRAGMA foreign_key_check").all()
                    if broken:  # rolled back
                        raise RuntimeError(f"migrating to {target} broke foreign keys: {broken}")
        finally:
            if sqlite:
                _sqlite_foreign_keys(conn, on=True)


def _sqlite_foreign_keys(conn: Connection, *, on: bool) -> None:
    """SQLite's foreign keys on or off for this connection. A batch migration rebuilds a table
    (create a copy, drop the old one, rename): with the keys on, that DROP deletes every row
    of the old table first, and ON DELETE CASCADE takes every row that refers to it along.
    The pragma does nothing inside a transaction, so it goes to the driver before BEGIN (this
    engine's driver connection commits nothing by itself: pysqlite's isolation_level None)."""
    conn.connection.driver_connection.execute(f"PRAGMA foreign_keys = {'ON' if on else 'OFF'}")
