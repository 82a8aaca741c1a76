"""The background writer: a click never waits for the database, and no write is lost or
reordered when the database is away for a while."""

from __future__ import annotations

import threading

import pytest

import record
from record import RecordError
from record.writer import Writer

WAIT = 30  # seconds: a bound on waits that end at once when the writer works


class Flaky:
    """A write target that is "unavailable" while ``down`` is set."""

    def __init__(self) -> None:
        self.done: list[int] = []
        self.down = False

    def write(self, n: int) -> None:
        if self.down:
            raise RecordError("record.unavailable", reason="busy", attempts=8)
        self.done.append(n)


@pytest.fixture
def failures():
    return []


@pytest.fixture
def writer(failures):
    w = Writer(lambda fn, args, error: failures.append((args, error)), limit=5)
    yield w
    w.close(WAIT)


def test_writes_run_in_order(writer, failures):
    target = Flaky()
    for n in range(5):
        assert writer.submit(target.write, n)
    assert writer.flush(WAIT)
    assert target.done == [0, 1, 2, 3, 4] and failures == []


def test_submit_returns_while_a_write_is_still_running(writer):
    started, release = threading.Event(), threading.Event()
    done = []

    def slow(n):
        started.set()
        release.wait(WAIT)
        done.append(n)

    assert writer.submit(slow, 1)
    assert started.wait(WAIT)
    assert writer.submit(done.append, 2)  # returned although the first write is blocked
    assert done == []
    assert not writer.flush(0)
    release.set()
    assert writer.flush(WAIT)
    assert done == [1, 2]


def test_unavailable_writes_wait_in_order_and_retry(writer, failures):
    target = Flaky()
    writer.submit(target.write, 1)
    assert writer.flush(WAIT)
    target.down = True
    writer.submit(target.write, 2)
    assert writer.flush(WAIT)
    target.down = False
    writer.submit(target.write, 3)  # queued behind 2: runs after it, never before
    assert writer.flush(WAIT)
    assert target.done == [1, 2, 3] and writer.pending == 0
    assert [(args, e.code) for args, e in failures] == [((2,), "record.unavailable")]


def test_retry_pending_after_the_database_is_back(writer, failures):
    target = Flaky()
    target.down = True
    for n in range(3):
        writer.submit(target.write, n)
    assert writer.flush(WAIT)
    assert writer.pending == 3 and target.done == []
    writer.retry_pending()  # still down: kept, in order
    assert writer.flush(WAIT) and writer.pending == 3
    target.down = False
    writer.retry_pending()
    assert writer.flush(WAIT)
    assert target.done == [0, 1, 2] and writer.pending == 0


def test_a_refused_write_is_reported_and_dropped(writer, failures):
    target = Flaky()

    def refuse():
        raise RecordError("record.too_large", field="payload", size=1, limit=0)

    writer.submit(refuse)
    writer.submit(lambda: 1 / 0)
    writer.submit(target.write, 1)
    assert writer.flush(WAIT)
    assert target.done == [1] and writer.pending == 0
    assert [type(e).__name__ for _, e in failures] == ["RecordError", "ZeroDivisionError"]


def test_memory_is_bounded(failures):
    release = threading.Event()
    w = Writer(lambda fn, args, error: failures.append(error), limit=3)
    try:
        accepted = [w.submit(release.wait, WAIT) for _ in range(5)]
        # the first may already have left the queue for the thread: 3 or 4 accepted
        assert accepted[:3] == [True] * 3 and accepted[-1] is False
        assert failures and all(e.details == {"reason": "full"} for e in failures)
    finally:
        release.set()
        assert w.close(WAIT)


def test_pending_writes_count_against_the_bound(failures):
    target = Flaky()
    target.down = True
    w = Writer(lambda fn, args, error: failures.append(error), limit=2)
    try:
        assert w.submit(target.write, 1) and w.flush(WAIT)
        assert w.submit(target.write, 2) and w.flush(WAIT)
        assert w.pending == 2
        assert not w.submit(target.write, 3)
    finally:
        w.close(WAIT)


def test_a_broken_callback_does_not_stop_the_writer():
    def broken(fn, args, error):
        raise ValueError("callback bug")

    w = Writer(broken)
    done = []
    w.submit(lambda: 1 / 0)
    w.submit(done.append, 1)
    assert w.flush(WAIT) and done == [1]
    assert w.close(WAIT)


def test_close_runs_what_is_queued_then_refuses(failures):
    done = []
    w = Writer(lambda fn, args, error: failures.append(error))
    for n in range(10):
        w.submit(done.append, n)
    assert w.close(WAIT)
    assert done == list(range(10))
    assert not w.submit(done.append, 99)
    assert failures[-1].details == {"reason": "closed"}


def test_the_writer_over_a_real_store(tmp_path):
    with record.open_store(f"sqlite:///{tmp_path / 'r.sqlite3'}") as store:
        learner = store.new_learner()
        w = Writer(limit=1000)
        for n in range(50):
            w.submit(store.record, learner.id, "l", f"i{n}", "attempt", {"n": n})
        w.submit(store.put_save, learner.id, "l", "t", "saved")
        assert w.close(WAIT)
        assert [e.payload["n"] for e in store.events(learner.id)] == list(range(50))
        assert store.get_save(learner.id, "l", "t") == "saved"
