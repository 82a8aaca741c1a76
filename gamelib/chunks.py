"""Seeded chunks of games, played on any ``concurrent.futures.Executor`` (issue #16).

A run of ``n`` games is a list of game seeds fixed before anything is played (each game's
``simulate.run_games`` derives them from its own seed only). The list is cut into chunks in
order; chunk ``k`` plays the games ``k * size ... k * size + size - 1``, so every game's seed
depends only on (run seed, chunk, index in the chunk), never on who plays it. The chunks' results
are gathered in chunk order: a run gives the same summaries in the same order serially, on a
process pool or on a Dask cluster (``dask.distributed.Client.get_executor()``), whatever the
number of workers or the chunk size.

The executor is passed explicitly (``executor=``) or set for a block with :func:`using`, which
is how a caller that cannot reach the ``run_games`` call (a lab's play function) still runs its
games on a cluster. Nothing here imports Dask: any object with ``submit`` returning a standard
``concurrent.futures.Future`` works, so gamelib stays fast to import and runs without a cluster
(only :func:`local_cluster` imports Dask, when it is called).

A chunk function runs in another process: it must be a module-level function and its arguments
picklable (Dask's cloudpickle also ships closures; the standard process pool does not).
"""

from __future__ import annotations

import contextlib
import contextvars
import logging
import math
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, as_completed
from typing import Any

Progress = Callable[[int, int], None]
ChunkPlay = Callable[..., list[Any]]  # play_chunk(seeds, *args, progress=None) -> summaries

MAX_CHUNK = 500  # games; a bigger chunk only delays the progress bar and the load balance
CHUNKS = 100  # aim: about this many chunks per run (progress steps, work to balance)

_current: contextvars.ContextVar[Executor | None] = contextvars.ContextVar(
    "gamelib_executor", default=None
)


@contextlib.contextmanager
def using(executor: Executor | None) -> Iterator[Executor | None]:
    """Inside the block, ``run_games`` calls without an ``executor`` use this one (None: play
    in this process)."""
    token = _current.set(executor)
    try:
        yield executor
    finally:
        _current.reset(token)


def current() -> Executor | None:
    """The executor set by :func:`using` (None: in this process)."""
    return _current.get()


def local_cluster(workers: int) -> Any:
    """A Dask ``LocalCluster`` of ``workers`` single-threaded processes on 127.0.0.1, no
    dashboard, quiet logs: the one way a study and a lab start their own cluster."""
    from distributed import LocalCluster

    return LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        host="127.0.0.1",
        silence_logs=logging.CRITICAL,  # a task's error comes back as its exception
    )


def chunk_size(n: int) -> int:
    """The default chunk size of a run of ``n`` games: about :data:`CHUNKS` chunks, at most
    :data:`MAX_CHUNK` games each. A chunk of Dask work costs a few milliseconds of overhead,
    a game tens, so even a chunk of one game is worth shipping."""
    return max(1, min(MAX_CHUNK, math.ceil(n / CHUNKS)))


def split(seeds: Sequence[int], size: int) -> list[list[int]]:
    """``seeds`` cut in order into chunks of ``size`` (the last one shorter)."""
    if size < 1:
        raise ValueError(f"chunk size must be at least 1, not {size}")
    return [list(seeds[i : i + size]) for i in range(0, len(seeds), size)]


def run_chunks(
    play_chunk: ChunkPlay,
    seeds: Sequence[int],
    args: Sequence[Any] = (),
    *,
    executor: Executor | None = None,
    progress: Progress | None = None,
    size: int | None = None,
) -> list[Any]:
    """``play_chunk(chunk_seeds, *args)`` over the chunks of ``seeds``, results concatenated in
    chunk order.

    ``executor`` None falls back to :func:`current`; when that is None too the chunks are played
    here, one after the other, and ``progress(done, n)`` counts games. On an executor every
    chunk is submitted at once and ``progress`` counts the games of the finished chunks; the
    first failure cancels the chunks not yet started and is raised.
    """
    n = len(seeds)
    chunks = split(seeds, size or chunk_size(n))
    executor = executor if executor is not None else current()
    out: list[Any] = []
    if executor is None:
        for chunk in chunks:
            base = len(out)
            report = None
            if progress is not None:
                report = lambda i, _m, b=base: progress(b + i, n)  # noqa: E731
            out.extend(play_chunk(chunk, *args, progress=report))
        return out
    futures: list[Future[list[Any]]] = [executor.submit(play_chunk, c, *args) for c in chunks]
    done = 0
    try:
        index = {f: i for i, f in enumerate(futures)}
        for f in as_completed(futures):
            f.result()  # raise the first failure here
            done += len(chunks[index[f]])
            if progress is not None:
                progress(done, n)
    except BaseException:
        for f in futures:
            f.cancel()
        raise
    for f in futures:
        out.extend(f.result())
    return out
