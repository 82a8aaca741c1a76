"""The shared result cache (``widgets.kit.cache``): plain-data results that come back equal, one
computation for many kernels, whole entries only, bounded folder, the labs drawing the same
charts from a cached result, and the shipped default results matching the code."""

from __future__ import annotations

import gzip
import json
import multiprocessing
import os
import time
from typing import Any

import plotly.graph_objects as go
import pytest

from gamelib.core import IllegalAction
from widgets import i18n
from widgets import precomputed as shipped
from widgets.kit import cache
from widgets.kit import strategy as kit

FORK = multiprocessing.get_context("fork")
MODULE = __name__  # the "play" functions of these tests live here


# ---------------------------------------------------------------- plain data
def summaries() -> list[Any]:
    """One real game summary of each game (a short game each)."""
    from gamelib.airwar import simulate as airwar
    from gamelib.airwar.bots import RandomBot as AirWarBot
    from gamelib.cnw import simulate as cnw
    from gamelib.logiquo.simulate import careful_factory
    from gamelib.logiquo.simulate import run_games as logiquo_games
    from gamelib.rails.simulate import run_games as rails_games
    from widgets.cnw.table import make_bot as cnw_bot
    from widgets.rails.table import make_bot as rails_bot

    return [
        cnw.run_games(1, 3, lambda s: [cnw_bot("random", s + i) for i in range(3)], seed=2)[0],
        rails_games(1, 2, lambda s: [rails_bot("random", s + i) for i in range(2)], seed=2)[0],
        logiquo_games(1, 3, careful_factory(True), 2)[0],
        airwar.run_games(1, lambda s: [AirWarBot(s), AirWarBot(s + 1)], seed=2)[0],
    ]


def test_results_come_back_from_json_equal_and_of_the_same_types():
    games = summaries()
    for game in games:
        again = cache.decode(json.loads(json.dumps(cache.encode([game, game]))))
        assert again == [game, game] and type(again[0]) is type(game)
        assert all(
            type(getattr(again[0], f)) is type(getattr(game, f)) for f in vars(game)
        )  # tuples stay tuples, dicts stay dicts
    odd = {"law": {0: 0.25, 3: 0.75}, "pair": (1, (2, "x")), "~s": [None, True, 1.5], "k": {}}
    assert cache.decode(json.loads(json.dumps(cache.encode(odd)))) == odd


def test_only_plain_data_and_gamelib_dataclasses_are_stored():
    with pytest.raises(TypeError, match="set"):
        cache.encode({1, 2})
    foreign = {"~data": "os:stat_result", "fields": {}}
    with pytest.raises(ValueError, match="gamelib"):
        cache.decode(foreign)


# ---------------------------------------------------------------- one folder
def counted(calls: list[int], value: Any = None):
    def compute(report: cache.Report) -> Any:
        calls.append(1)
        report(1, 1)
        return value if value is not None else {"games": [1, 2, 3], "seed": (4, 5)}

    return compute


def test_a_result_is_computed_once_then_read(tmp_path):
    store = cache.ResultCache(tmp_path, shipped=None)
    calls: list[int] = []
    first = store.fetch("k", MODULE, counted(calls), lambda d, t: None)
    assert store.fetch("k", MODULE, counted(calls), lambda d, t: None) == first
    assert calls == [1] and len(store.entries()) == 1
    other = cache.ResultCache(tmp_path, shipped=None)  # another kernel, the same folder
    assert other.fetch("k", MODULE, counted(calls), lambda d, t: None) == first and calls == [1]
    store.fetch("other key", MODULE, counted(calls), lambda d, t: None)
    assert calls == [1, 1] and store.clear() == 2 and not store.entries()


def test_the_cache_off_computes_every_time(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.ENV, "off")
    assert cache.configured_folder() is None and cache.shared().folder is None
    calls: list[int] = []
    store = cache.shared()
    store.fetch("k", MODULE, counted(calls), lambda d, t: None)
    store.fetch("k", MODULE, counted(calls), lambda d, t: None)
    assert calls == [1, 1]
    monkeypatch.setenv(cache.ENV, str(tmp_path / "here"))
    assert cache.shared().folder == tmp_path / "here"
    monkeypatch.delenv(cache.ENV)
    assert cache.configured_folder() == cache.default_folder()
    assert cache.default_folder().parts[-2:] == (cache.APP, "results")


def test_a_folder_that_cannot_be_written_only_turns_the_sharing_off(tmp_path):
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("")
    store = cache.ResultCache(blocked / "results", shipped=None)
    calls: list[int] = []
    assert store.fetch("k", MODULE, counted(calls), lambda d, t: None)["seed"] == (4, 5)
    assert store.fetch("k", MODULE, counted(calls), lambda d, t: None)["seed"] == (4, 5)
    assert calls == [1, 1] and store.entries() == []


def test_an_error_is_passed_on_and_nothing_stored(tmp_path):
    store = cache.ResultCache(tmp_path, shipped=None)

    def refused(_report: cache.Report) -> Any:
        raise IllegalAction("§4", "no")

    with pytest.raises(IllegalAction):
        store.fetch("k", MODULE, refused, lambda d, t: None)
    assert not store.entries()


def test_a_new_code_version_is_a_new_entry(tmp_path, monkeypatch):
    store = cache.ResultCache(tmp_path, shipped=None)
    calls: list[int] = []
    store.fetch("k", MODULE, counted(calls), lambda d, t: None)
    monkeypatch.setattr(cache, "code_version", lambda module: "a rules change")
    store.fetch("k", MODULE, counted(calls), lambda d, t: None)
    assert calls == [1, 1] and len(store.entries()) == 2


def test_the_code_version_follows_the_game_package_and_the_module():
    cnw = cache.code_version("widgets.cnw.strategy")
    assert cnw == cache.code_version("widgets.cnw.strategy")
    assert cnw != cache.code_version("widgets.rails.strategy")
    assert cnw != cache.code_version("widgets.cnw.battle_lab")  # its own seeding code differs


def test_a_broken_or_foreign_entry_is_ignored_and_computed_again(tmp_path):
    store = cache.ResultCache(tmp_path, shipped=None)
    calls: list[int] = []
    store.fetch("k", MODULE, counted(calls), lambda d, t: None)
    [path] = store.entries()
    good = path.read_bytes()
    for broken in (
        good[: len(good) // 2],  # half a file
        b"not gzip",
        gzip.compress(b"{not json"),
        gzip.compress(json.dumps({"key": "another", "version": "x", "result": 1}).encode()),
        gzip.compress(json.dumps({"key": "k", "version": cache.code_version(MODULE)}).encode()),
    ):
        path.write_bytes(broken)
        before = len(calls)
        assert store.fetch("k", MODULE, counted(calls), lambda d, t: None)["seed"] == (4, 5)
        assert len(calls) == before + 1 and path.read_bytes() == good  # rewritten whole


def test_the_folder_is_bounded_oldest_first(tmp_path):
    store = cache.ResultCache(tmp_path, shipped=None, max_entries=3)
    for i in range(5):
        store.fetch(f"k{i}", MODULE, counted([], [i]), lambda d, t: None)
        path = tmp_path / store.name(f"k{i}", cache.code_version(MODULE))
        os.utime(path, (1000 + i, 1000 + i))  # written in order, a second apart
    names = {p.name for p in store.entries()}
    assert len(names) == 3
    assert names == {store.name(f"k{i}", cache.code_version(MODULE)) for i in (2, 3, 4)}
    calls: list[int] = []
    store.fetch("k2", MODULE, counted(calls), lambda d, t: None)  # read: the newest now
    store.fetch("k5", MODULE, counted(calls, [5]), lambda d, t: None)
    kept = {p.name for p in store.entries()}
    assert store.name("k2", cache.code_version(MODULE)) in kept and calls == [1]
    assert store.name("k3", cache.code_version(MODULE)) not in kept
    small = cache.ResultCache(tmp_path, shipped=None, max_bytes=1)  # bytes bound too
    small.fetch("big", MODULE, counted([], list(range(1000))), lambda d, t: None)
    assert small.entries() == []


# ---------------------------------------------------------------- many kernels at once
def slow_compute(log: str) -> Any:
    def compute(report: cache.Report) -> Any:
        with open(log, "a") as f:
            f.write(f"{os.getpid()}\n")
        for i in range(10):
            time.sleep(0.05)
            report(i + 1, 10)
        return {"games": list(range(2000)), "pairs": [(i, -i) for i in range(500)]}

    return compute


def kernel(folder: str, log: str, start: Any, out: Any) -> None:
    """One student's kernel pressing the button when ``start`` is set."""
    store = cache.ResultCache(folder, shipped=None, poll=0.02)
    seen: list[tuple[int, int]] = []
    start.wait(10)
    result = store.fetch(
        "press", MODULE, slow_compute(log), lambda d, t: None, lambda d, t: seen.append((d, t))
    )
    out.put((result, seen))


def test_many_kernels_pressing_at_once_cost_one_computation(tmp_path):
    log = tmp_path / "computed.log"
    start, out = FORK.Event(), FORK.Queue()
    kernels = [
        FORK.Process(target=kernel, args=(str(tmp_path / "c"), str(log), start, out))
        for _ in range(6)
    ]
    for k in kernels:
        k.start()
    start.set()
    answers = [out.get(timeout=60) for _ in kernels]
    for k in kernels:
        k.join(10)
        assert k.exitcode == 0
    assert len(log.read_text().split()) == 1  # one kernel computed
    results = [a[0] for a in answers]
    assert all(r == results[0] for r in results) and results[0]["pairs"][3] == (3, -3)
    waited = [a[1] for a in answers if a[1]]
    assert waited  # the others waited for it ...
    assert any(d > 0 for w in waited for d, _t in w)  # ... following its progress
    assert all(t in (1, 10) for w in waited for _d, t in w)


def rewrite(folder: str, rounds: int, done: Any) -> None:
    store = cache.ResultCache(folder, shipped=None)
    for i in range(rounds):
        store.write("same", MODULE, {"round": i, "games": list(range(20_000 + 1000 * (i % 3)))})
    done.set()


def test_a_reader_never_sees_half_an_entry(tmp_path):
    store = cache.ResultCache(tmp_path, shipped=None)
    store.write("same", MODULE, {"round": -1, "games": []})
    done = FORK.Event()
    writer = FORK.Process(target=rewrite, args=(str(tmp_path), 30, done))
    writer.start()
    reads = broken = 0
    deadline = time.monotonic() + 60
    while not done.is_set() and time.monotonic() < deadline:
        found, result = store.read("same", MODULE)
        reads += 1
        broken += not found or "games" not in result
    writer.join(10)
    assert writer.exitcode == 0 and reads > 5 and broken == 0
    assert store.read("same", MODULE)[1]["round"] == 29
    assert not list(tmp_path.glob(".tmp-*"))  # no temporary file left behind


# ---------------------------------------------------------------- the labs
PLAYED: list[int] = []


def coin_games(n: int, seed: int, progress: kit.Progress, *, slow: float = 0.0) -> list[int]:
    PLAYED.append(n)
    out = []
    for i in range(n):
        time.sleep(slow)
        out.append((seed * 31 + i * 17) % 7)
        progress(i + 1, n)
    return out


class CoinLab(kit.StrategyLab):
    def __init__(self) -> None:
        self.fig = kit.chart(200, "coins")
        self.fig.add_histogram(x=[])
        super().__init__(
            settings=[kit.Setting("games", "bounded", "Games", 40, 1, 100), kit.seed_setting(3)],
            actions=[kit.Action("run", "Run", "c-run", self.plan, self.show)],
            rows=[("games", "seed", "run"), "bar", "notice", "summary"],
            charts=[self.fig],
            summary=("", "c-summary"),
            css="coin-lab",
        )

    def plan(self, v: dict[str, Any]) -> list[kit.Batch]:
        return [kit.Batch(coin_games, v["games"], v["seed"], {"slow": 0.05})]

    def show(self, _v: dict[str, Any], _b: list[kit.Batch], results: list[Any]) -> list[int]:
        kit.redraw(self.fig, {"x": results[0]})
        return results[0]


def press_elsewhere(folder: str, start: Any) -> None:
    """Another student's kernel pressing the same button."""
    os.environ[cache.ENV] = folder
    lab = CoinLab()
    start.set()
    lab.run()


def test_a_lab_waits_for_another_kernel_and_says_so(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.ENV, str(tmp_path))
    lab = CoinLab()
    labels: list[str] = []
    lab.bar.observe(lambda change: labels.append(change["new"]), "description")
    start = FORK.Event()
    other = FORK.Process(target=press_elsewhere, args=(str(tmp_path), start))
    other.start()
    start.wait(10)
    deadline = time.monotonic() + 20
    while not any(p.read_text() for p in (tmp_path / "locks").glob("*.lock")):
        assert time.monotonic() < deadline, "the other kernel never started playing"
        time.sleep(0.01)  # until the other kernel holds the lock and reports its progress
    PLAYED.clear()
    games = lab.run()
    other.join(20)
    assert other.exitcode == 0 and PLAYED == [] and len(games) == 40  # read, not played
    assert i18n.t("common.waiting") in labels
    assert lab.bar.description == i18n.t("common.progress")  # back once the result came


def figures(lab: Any) -> dict[str, Any]:
    """Everything a lab draws: its figures' data and titles, and its texts."""
    out: dict[str, Any] = {}
    for name, value in vars(lab).items():
        if isinstance(value, go.FigureWidget):
            data = [{k: v for k, v in tr.items() if k != "uid"} for tr in value.to_dict()["data"]]
            out[name] = (data, value.layout.title.text)  # the trace ids are the figure's own
    for part in ("summary", "sweep_info"):
        if hasattr(lab, part):
            out[part] = getattr(lab, part).value
    if hasattr(lab, "mc"):
        out["mc"] = lab.mc.out.value
    return out


class ReadOnly(cache.ResultCache):
    """A cache that must answer every key (a test fails on a computation)."""

    def fetch(self, key, module, compute, report, waiting=None):  # type: ignore[override]
        found, result = self.read(key, module)
        assert found, f"not in the cache: {key} (run `make precompute` if it is a default)"
        return result


def use(lab: Any, store: cache.ResultCache) -> Any:
    lab.store = store
    if hasattr(lab, "mc"):
        lab.mc.store = store
    return lab


def small_labs() -> list[tuple[str, Any, str]]:
    from widgets.airwar.odds_lab import OddsLab as AirWarOdds
    from widgets.airwar.strategy import StrategyLab as AirWarLab
    from widgets.cnw.battle_lab import BattleLab
    from widgets.cnw.strategy import StrategyLab as CnwLab
    from widgets.logiquo.odds_lab import OddsLab as LogiquoOdds
    from widgets.logiquo.strategy import StrategyLab as LogiquoLab
    from widgets.rails.odds_lab import OddsLab as RailsOdds
    from widgets.rails.strategy import StrategyLab as RailsLab

    return [
        ("cnw", lambda: CnwLab(games=3, seed=2), "run"),
        ("cnw sweep", lambda: CnwLab(games=2, seed=2), "compare_players"),
        ("rails", lambda: RailsLab(games=3, seed=2), "run"),
        ("logiquo", lambda: LogiquoLab(games=3, seed=2), "run"),
        ("airwar", lambda: AirWarLab(games=2, seed=2), "run"),
        ("cnw odds", lambda: BattleLab(attackers=4, defenders=2), "mc"),
        ("rails odds", RailsOdds, "mc"),
        ("logiquo odds", LogiquoOdds, "mc"),
        ("airwar odds", AirWarOdds, "mc"),
    ]


def fewest_trials(lab: Any) -> Any:
    """An odds lab asking for its fewest Monte Carlo trials (the test is about drawing)."""
    trials = lab.mc.trials
    trials.value = trials.options[0][1] if hasattr(trials, "options") else trials_low(lab)
    return lab


def trials_low(lab: Any) -> int:
    return lab.mc.setting.low


@pytest.mark.parametrize("case", range(9))
def test_a_lab_draws_the_same_charts_from_a_cached_result(case, tmp_path):
    name, build, button = small_labs()[case]

    def press(lab: Any) -> None:
        if button == "mc":
            fewest_trials(lab).mc.button.click()
        else:
            lab.press(button)

    fresh = use(build(), cache.ResultCache(tmp_path, shipped=None))
    press(fresh)
    drawn = figures(fresh)
    assert cache.ResultCache(tmp_path, shipped=None).entries(), name  # it was stored
    cached = use(build(), ReadOnly(tmp_path, shipped=None))
    press(cached)
    assert figures(cached) == drawn, name


# ---------------------------------------------------------------- the shipped defaults
def test_the_shipped_results_match_the_code():
    files = shipped.entries()
    assert files, "no shipped results: run `make precompute`"
    stale = []
    for path in files:
        entry = cache.read_entry(path)
        assert entry is not None, f"{path.name} is broken: run `make precompute`"
        if entry["version"] != cache.code_version(entry["module"]):
            stale.append(f"{path.name} ({entry['module']})")
    assert not stale, (
        f"shipped results made by older code: {', '.join(stale)}; run `make precompute` "
        "and commit widgets/precomputed/"
    )
    size = sum(p.stat().st_size for p in files)
    assert size < 3 * 2**20, f"the shipped results weigh {size} bytes"


@pytest.mark.parametrize("default", range(len(shipped.DEFAULTS)))
def test_every_default_press_is_answered_by_the_shipped_results(default, tmp_path):
    name, build, presses = shipped.DEFAULTS[default]
    lab = use(build(), ReadOnly(None, shipped=shipped.FOLDER))
    for press in presses:
        press(lab)
    notice = lab.notice if hasattr(lab, "notice") else lab.mc.notice
    assert "lesson-error" not in notice.value, name


def test_regenerating_plays_what_is_missing_and_drops_what_no_default_uses(tmp_path, monkeypatch):
    said: list[str] = []

    def fake_lab() -> Any:
        lab = CoinLab()
        lab.games.value = 5
        return lab

    monkeypatch.setattr(shipped, "DEFAULTS", [("coins", fake_lab, [lambda lab: lab.run()])])
    (tmp_path / ("old" + cache.SUFFIX)).write_bytes(b"stale")
    PLAYED.clear()
    [written] = shipped.regenerate(tmp_path, say=said.append)
    assert shipped.entries(tmp_path) == [written] and PLAYED == [5]
    assert "coins" in said[0] and "1 entries" in said[-1]
    entry = cache.read_entry(written)
    assert entry["module"] == MODULE and len(entry["result"]) == 5
    assert shipped.regenerate(tmp_path, say=said.append) == [written] and PLAYED == [5]
    assert sorted(p.name for p in tmp_path.iterdir()) == [written.name]  # no lock, no temp file
    shipped.regenerate(tmp_path, everything=True, say=said.append)  # every one played again
    assert PLAYED == [5, 5] and shipped.entries(tmp_path) == [written]


def test_the_command_line_shows_and_clears_the_shared_folder(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(cache.ENV, str(tmp_path))
    cache.shared().write("k", MODULE, [1, 2])
    assert cache.main(["where"]) == 0 and f"{tmp_path}: 1 entries" in capsys.readouterr().out
    assert cache.main(["clear"]) == 0 and "1 entries deleted" in capsys.readouterr().out
    assert cache.shared().entries() == []
    monkeypatch.setenv(cache.ENV, "off")
    assert cache.main([]) == 0 and "off" in capsys.readouterr().out
