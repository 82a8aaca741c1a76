"""The schema's history, applied by Alembic at open, configured here in code (no alembic.ini).

``upgrade(engine)`` brings a database to the newest revision this code knows, in one
transaction that holds the database's write lock (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: an
advisory lock), so that thirty kernels opening a fresh database at once migrate it once. A
database at a revision this code does not know, which a newer version wrote, is refused with
``record.db_newer`` before anything is changed.

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


def upgrade(engine: Engine) -> None:
    """Bring the database to head, or refuse it (``record.db_newer``) with nothing changed."""
    scripts = script()
    target = scripts.get_current_head()
    with engine.connect() as conn:
        with conn.begin():
            revisions = current(conn)  # the common case: already at head, no write lock taken
        _refuse_unknown(scripts, revisions)
        if revisions == (target,):
            return
    with _LOCK, engine.connect().execution_options(record_write=True) as conn, conn.begin():
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _PG_LOCK})
        revisions = current(conn)  # again, now that no one else can be migrating
        _refuse_unknown(scripts, revisions)
        if revisions == (target,):
            return

        def steps(rev, _context):
            return scripts._upgrade_revs(target, rev)

        with EnvironmentContext(config(), scripts, fn=steps, destination_rev=target) as env:
            env.configure(connection=conn, target_metadata=metadata, version_table=VERSION_TABLE)
            env.run_migrations()
