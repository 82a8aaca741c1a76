"""Seeded chunks give the same games on every executor (issue #16): in this process, on a
two-worker local Dask cluster and on the standard library's process pool, whatever the chunk
size; results come back in seed order and progress counts finished chunks."""

from __future__ import annotations

import time
from concurrent.futures import ProcessPoolExecutor

import pytest

from gamelib import chunks
from gamelib.airwar import simulate as airwar_sim
from gamelib.cnw import simulate as cnw_sim
from gamelib.logiquo import simulate as logiquo_sim
from gamelib.rails import simulate as rails_sim
from gamelib.study import Lineup

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(scope="module")
def dask_client():
    """A client of a two-worker local Dask cluster on 127.0.0.1, closed after the module."""
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            host="127.0.0.1",
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


@pytest.fixture(scope="module")
def dask_executor(dask_client):
    return dask_client.get_executor()


# Small runs of every game, each with a picklable line-up (gamelib.study.Lineup).
RUNS = {
    "airwar": lambda ex, size: airwar_sim.run_games(
        3, Lineup("airwar", ("random", "planner")), seed=5, executor=ex, chunk_size=size
    ),
    "cnw": lambda ex, size: cnw_sim.run_games(
        7,
        3,
        Lineup("cnw", ("courier", "expansionist", "random")),
        seed=11,
        executor=ex,
        chunk_size=size,
    ),
    "rails": lambda ex, size: rails_sim.run_games(
        5, 2, Lineup("rails", ("planner", "random")), seed=3, executor=ex, chunk_size=size
    ),
    "logiquo": lambda ex, size: logiquo_sim.run_games(
        9, 4, Lineup("logiquo", ("careful",) * 4), 7, executor=ex, chunk_size=size
    ),
}


@pytest.fixture(scope="module")
def serial():
    """Every run played in this process, one game per chunk."""
    return {game: run(None, 1) for game, run in RUNS.items()}


@pytest.mark.parametrize("game", sorted(RUNS))
def test_a_two_worker_dask_cluster_plays_the_same_games_as_one_process(game, serial, dask_executor):
    on_dask = RUNS[game](dask_executor, 2)
    assert on_dask == serial[game]
    assert [g.seed for g in on_dask] == [g.seed for g in serial[game]]


@pytest.mark.parametrize("size", [3, 100])
def test_the_chunk_size_does_not_change_the_games(size, serial):
    assert RUNS["logiquo"](None, size) == serial["logiquo"]
    assert RUNS["cnw"](None, size) == serial["cnw"]


def test_a_process_pool_plays_the_same_games(serial):
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert RUNS["rails"](pool, 2) == serial["rails"]


def test_using_sets_the_executor_for_calls_without_one(serial, dask_executor):
    """How a lab's play function (which passes no executor) runs on the cluster."""
    assert chunks.current() is None
    with chunks.using(dask_executor):
        assert chunks.current() is dask_executor
        assert RUNS["cnw"](None, 3) == serial["cnw"]
    assert chunks.current() is None


def test_a_shorter_run_is_the_start_of_a_longer_one():
    """Game seeds depend on the run seed and the game's place only: the first k games of a
    study of n games are the study of k games (Logiquo draws its seeds, the others count)."""
    assert logiquo_sim.game_seeds(4, 7) == logiquo_sim.game_seeds(9, 7)[:4]
    short = RUNS["logiquo"](None, None)[:4]
    assert short == logiquo_sim.run_games(4, 4, Lineup("logiquo", ("careful",) * 4), 7)


def _square_all(seeds, offset, progress=None):
    """A chunk function for the executor-free checks below (module level: picklable)."""
    time.sleep(0.01 * (seeds[0] % 3))  # chunks finish out of order
    out = []
    for i, s in enumerate(seeds):
        if s == 13:
            raise ValueError("unlucky 13")
        out.append(s * s + offset)
        if progress:
            progress(i + 1, len(seeds))
    return out


def test_progress_counts_finished_chunks_and_results_keep_chunk_order(dask_executor):
    seen: list[tuple[int, int]] = []
    out = chunks.run_chunks(
        _square_all,
        range(10),
        (1,),
        executor=dask_executor,
        progress=lambda d, n: seen.append((d, n)),
        size=4,
    )
    assert out == [s * s + 1 for s in range(10)]
    assert sorted(d for d, _ in seen) == [d for d, _ in seen]  # never goes back
    assert {d for d, _ in seen} <= {2, 4, 6, 8, 10} and seen[-1] == (10, 10)
    assert len(seen) == 3  # one step per chunk


def test_progress_in_process_counts_games():
    seen: list[int] = []
    chunks.run_chunks(_square_all, range(5), (0,), progress=lambda d, _n: seen.append(d), size=2)
    assert seen == [1, 2, 3, 4, 5]


def test_a_failing_chunk_raises_its_error(dask_executor):
    with pytest.raises(ValueError, match="unlucky 13"):
        chunks.run_chunks(_square_all, range(20), (0,), executor=dask_executor, size=3)


def test_chunks_are_cut_in_order():
    assert chunks.split(range(7), 3) == [[0, 1, 2], [3, 4, 5], [6]]
    assert chunks.chunk_size(1000) == 10 and chunks.chunk_size(10**6) == chunks.MAX_CHUNK
    with pytest.raises(ValueError):
        chunks.split(range(3), 0)


def test_a_lab_plays_on_the_configured_cluster_and_shows_the_same(monkeypatch, dask_client):
    """``LESSONS_DASK_SCHEDULER`` sends a lab's presses to the cluster; what it draws is what
    the kernel alone draws (the result cache is off, so both really play)."""
    import plotly.graph_objects as go

    from widgets.kit import executor
    from widgets.rails.strategy import StrategyLab

    monkeypatch.setenv("CNW_LESSONS_CACHE", "off")
    monkeypatch.delenv(executor.ENV, raising=False)
    here = StrategyLab(games=5, seed=3)
    here.run()
    monkeypatch.setenv(executor.ENV, dask_client.scheduler.address)
    try:
        there = StrategyLab(games=5, seed=3)
        there.run()
        assert dask_client.scheduler.address in executor._made
        assert there.summary.value == here.summary.value
        assert there.shown == here.shown
        figures = [n for n, v in vars(here).items() if isinstance(v, go.FigureWidget)]
        assert len(figures) >= 2
        for name in figures:
            drawn = [
                [{k: v for k, v in t.to_plotly_json().items() if k != "uid"} for t in lab_.data]
                for lab_ in (getattr(there, name), getattr(here, name))
            ]
            assert drawn[0] == drawn[1], name
    finally:
        executor.close()


def test_the_setting_and_an_unreachable_cluster(monkeypatch):
    from widgets.kit import executor

    for off in ("", "off", "OFF", "none"):
        monkeypatch.setenv(executor.ENV, off)
        assert executor.setting() is None and executor.configured() is None
    monkeypatch.setenv(executor.ENV, "local:0")
    assert executor.configured() is None  # refused, played in the kernel
    monkeypatch.setattr(executor, "CONNECT_TIMEOUT", "1s")
    monkeypatch.setenv(executor.ENV, "tcp://127.0.0.1:9")  # nothing listens there
    assert executor.configured() is None
