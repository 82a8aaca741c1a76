"""Many kernels writing to one database at once: every write lands exactly once and none is
refused as unavailable (SQLite: 30 processes x 1,000 writes on one file; PostgreSQL: 10 x 300).

The processes are spawned (no state inherited), meet at a barrier and then open the same fresh
database together, so its first migration is raced as well. Each write has an item (an event)
or a table (a save) of its own, so the rows can be counted: all there, none twice.
"""

from __future__ import annotations

import multiprocessing
import queue
import time

import pytest
from sqlalchemy import func, select

import record
from record.schema import events, saves
from tests.record.workers import SAVE_EVERY, hammer

JOIN_TIMEOUT = 420  # seconds for all processes together (they take far less)


def run_processes(url: str, processes: int, writes: int) -> tuple[list[int], float]:
    ctx = multiprocessing.get_context("spawn")
    barrier, results = ctx.Barrier(processes), ctx.Queue()
    procs = [
        ctx.Process(target=hammer, args=(url, i, writes, barrier, results))
        for i in range(processes)
    ]
    start = time.perf_counter()
    for p in procs:
        p.start()
    reports, errors = {}, []
    try:
        for _ in procs:
            index, learner_id, error = results.get(timeout=JOIN_TIMEOUT)
            if error:
                errors.append(f"process {index}:\n{error}")
            reports[index] = learner_id
    except queue.Empty:
        errors.append(f"only {len(reports)} of {processes} processes reported")
    finally:
        for p in procs:
            p.join(timeout=30)
            if p.is_alive():
                p.kill()
                p.join(timeout=10)
    elapsed = time.perf_counter() - start
    assert not errors, "\n".join(errors)
    return sorted(reports.values()), elapsed


def check_every_write_once(url: str, learner_ids: list[int], processes: int, writes: int) -> None:
    n_saves = writes // SAVE_EVERY
    n_events = writes - n_saves
    with record.open_store(url) as store, store._engine.connect() as conn:
        assert len(set(learner_ids)) == processes
        per_learner = dict(
            conn.execute(
                select(events.c.learner_id, func.count()).group_by(events.c.learner_id)
            ).all()
        )
        assert per_learner == dict.fromkeys(learner_ids, n_events)
        assert conn.execute(select(func.count(func.distinct(events.c.item)))).scalar_one() == (
            processes * n_events
        )
        assert conn.execute(select(func.count()).select_from(saves)).scalar_one() == (
            processes * n_saves
        )
        tables = conn.execute(select(func.count(func.distinct(saves.c.game_table))))
        assert tables.scalar_one() == processes * n_saves
        # each process's events in the order it wrote them
        for learner_id in learner_ids[:3]:
            numbers = [e.payload["i"] for e in store.events(learner_id)]
            assert numbers == sorted(numbers) and len(numbers) == n_events


@pytest.mark.timeout(600)
def test_thirty_processes_write_to_one_sqlite_file(tmp_path):
    url = f"sqlite:///{tmp_path / 'record.sqlite3'}"
    learner_ids, elapsed = run_processes(url, processes=30, writes=1000)
    print(f"\nSQLite: 30 processes x 1000 writes in {elapsed:.1f} s")
    check_every_write_once(url, learner_ids, processes=30, writes=1000)


@pytest.mark.timeout(600)
def test_ten_processes_write_to_one_postgresql_database(pg_server):
    url = pg_server.new_database()
    learner_ids, elapsed = run_processes(url, processes=10, writes=300)
    print(f"\nPostgreSQL: 10 processes x 300 writes in {elapsed:.1f} s")
    check_every_write_once(url, learner_ids, processes=10, writes=300)
