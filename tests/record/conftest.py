"""The record store's fixtures: every API test runs on SQLite and on PostgreSQL.

``store_url`` is a fresh, empty database: a file in the test's folder, or a new database on a
PostgreSQL server this test session starts itself (``tests/record/pg.py``) and stops at the
end, even when tests fail. Without PostgreSQL's binaries the PostgreSQL tests fail and say to
run ``make postgres``: they are never skipped in silence.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import record
from tests.record.pg import MISSING, PgServer, bin_dir

BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    bindir = bin_dir()
    if bindir is None:
        pytest.fail(MISSING)
    server = PgServer(bindir)
    try:
        server.start()
        yield server
    finally:
        server.stop()


def new_url(request: pytest.FixtureRequest, backend: str, tmp_path) -> str:
    if backend == "sqlite":
        return f"sqlite:///{tmp_path / 'record.sqlite3'}"
    return request.getfixturevalue("pg_server").new_database()


@pytest.fixture(params=BACKENDS)
def store_url(request: pytest.FixtureRequest, tmp_path) -> str:
    return new_url(request, request.param, tmp_path)


@pytest.fixture
def store(store_url: str) -> Iterator[record.Store]:
    opened = record.open_store(store_url)
    yield opened
    opened.close()


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch):
    """The store's clock, set by hand: ``clock.now`` is a naive UTC datetime to move."""

    class Clock:
        now = record.store.utcnow()

        def __call__(self):
            return self.now

    fixed = Clock()
    monkeypatch.setattr(record.store, "utcnow", fixed)
    return fixed
