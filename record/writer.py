"""Writes off the click's path: a background thread runs them in order.

A widget calls ``writer.submit(store.record, learner_id, ...)`` and returns at once; the thread
does the write (with the store's own bounded retries). A write the database could not take
(``record.unavailable``) is kept, in order, and everything submitted after it waits behind it,
so the history never changes order; ``retry_pending()`` tries them again (the next submit does
too). Any other failure (a refusal such as ``record.too_large``, a bug) is reported and
dropped: trying again would fail again. Memory is bounded: at most ``limit`` writes wait, queued
or pending; past that ``submit`` refuses (returns False) and reports ``record.unavailable``.
"""

from __future__ import annotations

import contextlib
import threading
from collections import deque
from collections.abc import Callable
from typing import Any

from record.errors import RecordError

_RETRY = object()  # a queue marker: drain the pending writes
_STOP = object()

Failure = Callable[[Callable[..., Any], tuple, BaseException], None]


class Writer:
    """One background thread running submitted writes in submission order.

    ``on_failure(fn, args, error)`` is called in the writer's thread for each write that did not
    happen: a refusal (dropped), a write kept pending (``record.unavailable``), or one refused
    because the writer is full; keep it short (e.g. set a notice's text).
    """

    def __init__(self, on_failure: Failure | None = None, *, limit: int = 1000) -> None:
        self._on_failure = on_failure
        self._limit = limit
        self._queue: deque[Any] = deque()
        self._pending: deque[tuple[Callable[..., Any], tuple]] = deque()
        self._cond = threading.Condition()
        self._busy = False  # the thread is running a write or a drain
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="record-writer", daemon=True)
        self._thread.start()

    @property
    def pending(self) -> int:
        """How many writes failed and wait for :meth:`retry_pending`."""
        with self._cond:
            return len(self._pending)

    def submit(self, fn: Callable[..., Any], *args: Any) -> bool:
        """Queue ``fn(*args)``; False (and ``on_failure``) if the writer is full or closed."""
        with self._cond:
            full = self._closed or len(self._queue) + len(self._pending) >= self._limit
            if not full:
                self._queue.append((fn, args))
                self._cond.notify_all()
        if full:
            reason = "closed" if self._closed else "full"
            self._report(fn, args, RecordError("record.unavailable", reason=reason))
        return not full

    def retry_pending(self) -> None:
        """Try the pending writes again, in order, in the writer's thread."""
        with self._cond:
            self._queue.append(_RETRY)
            self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every write submitted so far has run or is pending; False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._queue and not self._busy, timeout)

    def close(self, timeout: float | None = None) -> bool:
        """Run what is queued, then stop the thread; False if it did not stop in time."""
        with self._cond:
            self._closed = True
            self._queue.append(_STOP)
            self._cond.notify_all()
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def _report(self, fn: Callable[..., Any], args: tuple, error: BaseException) -> None:
        if self._on_failure is not None:
            with contextlib.suppress(Exception):  # a broken callback must not stop the writes
                self._on_failure(fn, args, error)

    def _attempt(self, fn: Callable[..., Any], args: tuple) -> bool:
        """Run one write; False if it is to be kept for later."""
        try:
            fn(*args)
        except RecordError as exc:
            self._report(fn, args, exc)
            return exc.code != "record.unavailable"
        except Exception as exc:
            self._report(fn, args, exc)
        return True

    def _drain(self) -> None:
        """Run the pending writes in order, stopping at the first that fails again."""
        while True:
            with self._cond:
                if not self._pending:
                    return
                fn, args = self._pending[0]
            if not self._attempt(fn, args):
                return
            with self._cond:
                self._pending.popleft()

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._queue)
                item = self._queue.popleft()
                self._busy = True
            try:
                if item is _STOP:
                    return
                if item is _RETRY:
                    self._drain()
                    continue
                fn, args = item
                with self._cond:
                    behind = bool(self._pending)
                if behind:  # keep the order: this one waits behind those that failed
                    with self._cond:
                        self._pending.append((fn, args))
                    self._drain()
                elif not self._attempt(fn, args):
                    with self._cond:
                        self._pending.append((fn, args))
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
