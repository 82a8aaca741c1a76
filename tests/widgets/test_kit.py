"""The lab kit (``widgets.kit.strategy`` and ``widgets.kit.odds``) on a tiny fake game and on the
real labs: settings -> run -> charts changed in place, same seed same result, progress to the
end, bad settings refused with a message and nothing changed."""

from __future__ import annotations

import random
from typing import Any

import pytest

from gamelib.core import IllegalAction
from gamelib.rails.odds import wilson_interval
from widgets import i18n
from widgets.common import boxed
from widgets.kit import cache
from widgets.kit import odds as mc
from widgets.kit import strategy as kit

PLAYED: list[kit.Batch] = []  # what the fake game was asked to play, in order


@pytest.fixture(autouse=True)
def no_shared_cache(monkeypatch):
    """These tests count the games played: no kernel's earlier results may answer for them
    (the shared cache is tested in test_cache.py)."""
    monkeypatch.setenv(cache.ENV, "off")


def coin_games(n: int, seed: int, progress: kit.Progress, *, bias: int, rounds: int) -> list[int]:
    """A fake game: each of ``n`` games counts heads in ``rounds`` tosses of a coin that shows
    heads ``bias``% of the time; game ``i`` is seeded ``seed + i``."""
    PLAYED.append(kit.Batch(coin_games, n, seed, {"bias": bias, "rounds": rounds}))
    if bias == 13:
        raise IllegalAction("§13", "thirteen is unlucky")
    out = []
    for i in range(n):
        rng = random.Random(seed + i)
        out.append(sum(rng.random() < bias / 100 for _ in range(rounds)))
        progress(i + 1, n)
    return out


class CoinLab(kit.StrategyLab):
    """A lab over the fake game: one main run and a sweep over the bias."""

    def __init__(self, games: int = 200, seed: int = 0) -> None:
        self.fig = kit.chart(300, "heads")
        self.fig.add_histogram(x=[])
        self.sweep_fig = kit.chart(300, "sweep")
        self.sweep_fig.add_bar(x=[], y=[])
        super().__init__(
            settings=[
                kit.Setting("games", "bounded", "Games", games, 1, 1000, width=200, css="c-games"),
                kit.Setting("bias", "slider", "Bias", 50, 0, 100),
                kit.Setting("rounds", "int", "Rounds", 10, 1, 50),
                kit.Setting("style", "choice", "Style", "a", options=[("A", "a"), ("B", "b")]),
                kit.Setting("extras", "flags", "", options=[("X", "x"), ("Y", "y")]),
                kit.seed_setting(seed),
            ],
            actions=[
                kit.Action("run", "Run", "c-run", self.plan, self.show, style="primary"),
                kit.Action(
                    "sweep", "Sweep", "c-sweep", self.plan_sweep, self.show_sweep, partial=True
                ),
            ],
            rows=[("games", "bias", "seed"), ("rounds", "style"), ("extras",), ("run", "sweep")]
            + ["bar", "notice", "summary"],
            charts=[boxed(self.fig, "c-fig"), boxed(self.sweep_fig, "c-sweep-fig")],
            summary=("press run", "c-summary"),
            css="coin-lab",
            title="Coins",
        )

    def plan(self, v: dict[str, Any]) -> list[kit.Batch]:
        params = {"bias": v["bias"], "rounds": v["rounds"]}
        return [kit.Batch(coin_games, v["games"], v["seed"], params)]

    def show(self, v: dict[str, Any], _b: list[kit.Batch], results: list[Any]) -> list[int]:
        kit.redraw(self.fig, {"x": results[0]})
        self.summary.value = (
            f"{len(results[0])} games, mean {kit.number(sum(results[0]) / v['games'])}"
        )
        return results[0]

    def plan_sweep(self, v: dict[str, Any]) -> list[kit.Batch]:
        return [
            kit.Batch(coin_games, v["games"], v["seed"], {"bias": b, "rounds": 5}, f"{b}%")
            for b in (10, 13, 90)
        ]

    def show_sweep(self, _v: dict[str, Any], batches: list[kit.Batch], results: list[Any]) -> Any:
        played = [
            (b.label, r) for b, r in zip(batches, results, strict=True) if isinstance(r, list)
        ]
        kit.redraw(self.sweep_fig, {"x": [p[0] for p in played], "y": [sum(p[1]) for p in played]})
        return results


@pytest.fixture
def lab() -> CoinLab:
    PLAYED.clear()
    return CoinLab(games=200, seed=4)


def test_settings_are_built_from_the_declaration(lab):
    assert lab.games.description == "Games" and lab.games.max == 1000
    assert "c-games" in lab.games._dom_classes and lab.games.layout.max_width == "200px"
    assert (lab.bias.min, lab.bias.max, lab.bias.value) == (0, 100, 50)
    assert lab.style.label == "A" and lab.style.value == "a" and len(lab.style.options) == 2
    assert set(lab.extras) == {"x", "y"} and not lab.extras["x"].value
    assert lab.seed.description == i18n.t("common.seed")
    assert "c-run" in lab.run_button._dom_classes and lab.run_button.button_style == "primary"
    assert lab.summary.value == "press run" and "coin-lab" in lab._dom_classes
    lab.extras["y"].value = True
    assert lab.values() == {
        "games": 200,
        "bias": 50,
        "rounds": 10,
        "style": "a",
        "extras": {"y": True},
        "seed": 4,
    }


def test_nothing_runs_at_construction_and_run_changes_the_charts_in_place(lab):
    assert not PLAYED and len(lab.fig.data[0].x) == 0
    trace = lab.fig.data[0]
    games = lab.run()
    assert len(games) == 200 and list(trace.x) == games and lab.fig.data[0] is trace
    assert lab.shown == {"run": games}  # what a lesson's check compares with its own answer
    assert lab.summary.value.startswith("200 games, mean ")
    lab.bias.value = 90
    more = lab.run()
    assert lab.fig.data[0] is trace and list(trace.x) == more and sum(more) > sum(games)


def test_the_same_seed_gives_the_same_games_and_charts(lab):
    first = lab.run()
    chart = list(lab.fig.data[0].x)
    summary = lab.summary.value
    assert lab.run() == first and list(lab.fig.data[0].x) == chart
    assert lab.summary.value == summary
    assert PLAYED[0].key() == PLAYED[1].key()
    lab.seed.value = 5
    assert lab.run() != first and PLAYED[2].key() != PLAYED[0].key()
    other = CoinLab(games=200, seed=4)  # a fresh lab, the same seed: the same games
    assert other.run() == first


def test_progress_moves_through_the_run_and_reaches_the_end(lab):
    seen: list[int] = []
    lab.bar.observe(lambda change: seen.append(change["new"]), "value")
    states: list[bool] = []
    lab.bar.observe(lambda change: states.append(lab.run_button.disabled), "value")
    lab.run()
    assert seen == sorted(seen) and lab.bar.max == 200
    assert 200 in seen and len([v for v in seen if 0 < v < 200]) >= 10  # moved while running
    assert all(states)  # the buttons stay disabled while the bar moves
    assert lab.bar.layout.visibility == "hidden" and not lab.run_button.disabled


def test_a_setting_out_of_range_is_refused_and_nothing_changes(lab):
    lab.run()
    chart, summary, played = list(lab.fig.data[0].x), lab.summary.value, len(PLAYED)
    lab.rounds.value = 99
    assert lab.run() == []
    assert "lesson-error" in lab.notice.value and "Rounds" in lab.notice.value
    assert "1" in lab.notice.value and "50" in lab.notice.value
    assert list(lab.fig.data[0].x) == chart and lab.summary.value == summary
    assert len(PLAYED) == played  # not a single game was played
    assert lab.shown["run"] == chart  # and what the lab shows is still the last run
    lab.rounds.value = 12
    assert lab.run() and lab.notice.value == ""


def test_a_setting_the_rules_refuse_is_explained_and_nothing_changes(lab):
    lab.run()
    chart, summary = list(lab.fig.data[0].x), lab.summary.value
    lab.bias.value = 13
    assert lab.run() == []
    assert "§13" in lab.notice.value and "thirteen is unlucky" in lab.notice.value
    assert list(lab.fig.data[0].x) == chart and lab.summary.value == summary


def test_a_sweep_skips_a_refused_row_and_draws_the_others(lab):
    results = lab.press("sweep")
    assert isinstance(results[1], IllegalAction)
    assert list(lab.sweep_fig.data[0].x) == ["10%", "90%"]
    assert [b.params["bias"] for b in PLAYED] == [10, 13, 90]


def test_run_games_is_the_one_call_a_cache_can_stand_behind():
    class CachedCoinLab(CoinLab):
        def __init__(self) -> None:
            self.cache: dict[str, Any] = {}
            super().__init__(games=50, seed=1)

        def run_games(self, batches, progress):
            missing = [b for b in batches if b.key() not in self.cache]
            for b, r in zip(missing, super().run_games(missing, progress), strict=True):
                self.cache[b.key()] = r
            return [self.cache[b.key()] for b in batches]

    PLAYED.clear()
    cached = CachedCoinLab()
    first = cached.run()
    assert cached.run() == first and len(PLAYED) == 1  # the second press is served by the cache
    assert list(cached.fig.data[0].x) == first


def test_names_of_settings_and_buttons_may_not_clash():
    with pytest.raises(ValueError, match="share the names"):
        kit.StrategyLab(
            settings=[kit.Setting("run", "int", "Run", 1)],
            actions=[kit.Action("run", "Run", "x-run", lambda v: [], lambda v, b, r: None)],
            rows=[],
            charts=[],
            summary=("", "x"),
            css="x",
        )


def test_numbers_follow_the_catalog_separators(monkeypatch):
    assert kit.number(1234.56, 1, grouping=True) == "1,234.6"
    assert kit.percent(0.1234) == "12.3%"
    italian = {"common.separators": ",."}
    monkeypatch.setattr(kit, "t", lambda key, **v: italian.get(key) or i18n.t(key, **v))
    assert kit.number(1234.56, 1, grouping=True) == "1.234,6"
    assert kit.percent(0.1234) == "12,3%"
    assert kit.chart(200, "x").layout.separators == ",."


# ---------------------------------------------------------------- the odds kit
def coin(bias: float, seed: int):
    def sample(trials: int, chunk: int) -> int:
        rng = random.Random(f"{seed}:{chunk}")
        return sum(rng.random() < bias for _ in range(trials))

    return sample


def panel(on_run=lambda: None, **kw: Any) -> mc.MonteCarloPanel:
    trials = kit.Setting("trials", "int", "Trials", 2000, 100, 50_000, css="c-trials")
    return mc.MonteCarloPanel(trials, "Go", "c-go", "c-out", on_run, interval=wilson_interval, **kw)


def test_monte_carlo_compares_exact_values_with_seeded_samples():
    p = panel(most_chunks=10, least_chunk=100)
    seen: list[int] = []
    p.bar.observe(lambda change: seen.append(change["new"]), "value")
    questions = [mc.Question("a", 0.3, coin(0.3, 1)), mc.Question("b", 0.8, coin(0.5, 2))]
    checks = p.compare(questions, p.asked())
    assert [c.trials for c in checks] == [2000, 2000]
    assert checks[0].inside and not checks[1].inside  # a coin of 0.5 is not one of 0.8
    assert checks[0].low < checks[0].p < checks[0].high
    assert (checks[0].low, checks[0].high) == wilson_interval(checks[0].successes, 2000)
    assert p.compare(questions, 2000) == checks == p.checks  # same seeds, same samples
    assert 4000 in seen and seen.index(4000) >= 15  # one step a chunk, to the end
    assert p.bar.layout.visibility == "hidden" and not p.button.disabled


def test_monte_carlo_refuses_trials_out_of_range():
    ran: list[int] = []
    p = panel(on_run=lambda: ran.append(p.asked()))
    p.trials.value = 5
    p.button.click()
    assert ran == [None] and "lesson-error" in p.notice.value and "Trials" in p.notice.value
    p.trials.value = 500
    p.button.click()
    assert ran[-1] == 500 and p.notice.value == ""


def test_the_comparison_table_and_the_simulated_markers():
    checks = [mc.Check("a", 0.25, 30, 100, 0.22, 0.39), mc.Check("b", 0.5, 10, 100, 0.05, 0.17)]
    html = mc.check_table(checks, ["what", "exact", "sim", "interval", "ok"], "yes", "no")
    assert html.count("<tr>") == 3 and "25.0%" in html and "22.0% – 39.0%" in html
    assert html.index("yes") < html.index("no")
    fig = kit.chart(200, "x")
    fig.add_scatter(x=[1, 2], y=[0.25, 0.5])
    mc.add_simulated(fig, "simulated", interval=True)
    with fig.batch_update():
        mc.show_checks(fig.data[1], [1, 2], checks)
    assert fig.data[1].marker.color == mc.SIMULATED and list(fig.data[1].y) == [0.3, 0.1]
    assert fig.data[1].error_y.array == pytest.approx([0.09, 0.07])
    assert fig.data[1].error_y.arrayminus == pytest.approx([0.08, 0.05])
    assert mc.chunks(10_000, 20, 500) == (20, 500) and mc.chunks(300, 20, 500) == (1, 300)


# ---------------------------------------------------------------- the real labs
def test_every_lab_refusal_message_is_in_the_catalog():
    from widgets.airwar.strategy import StrategyLab as AirWarLab
    from widgets.rails.strategy import StrategyLab as RailsLab

    catalog = i18n.catalog("en")
    for lab in (AirWarLab(games=5), RailsLab(games=5), CoinLab()):
        assert all(s.refusal in catalog for s in lab.settings)
    assert kit.StrategyLab.illegal in catalog


def test_a_real_lab_gives_the_same_charts_for_the_same_seed():
    from widgets.rails.strategy import StrategyLab

    lab = StrategyLab(games=3, seed=5)
    lab.run()
    scores = [list(tr.x) for tr in lab.score_fig.data]
    lab.seed.value = 6
    lab.run()
    assert [list(tr.x) for tr in lab.score_fig.data] != scores
    lab.seed.value = 5
    lab.run()
    assert [list(tr.x) for tr in lab.score_fig.data] == scores


def test_the_browser_reports_of_a_figure_are_not_echoed_back(monkeypatch):
    """A FigureWidget's ``_js2py_*`` reports after each redraw reach Python only: ipywidgets
    sends no echo of them back (other traits keep theirs)."""
    from comm import DummyComm

    sent: list[dict] = []
    monkeypatch.setattr(DummyComm, "publish_msg", lambda self, t, data=None, **k: sent.append(data))
    fig = kit.chart(200, "x")
    fig.add_bar(x=[1], y=[2])
    sent.clear()
    fig.set_state({"_js2py_layoutDelta": {"layout_delta": {"width": 640}, "layout_edit_id": 0}})
    assert not [m for m in sent if m and m.get("method") == "echo_update"]
    box = kit.checkbox("x")
    box.set_state({"value": True})
    assert [m for m in sent if m and m.get("method") == "echo_update"]  # echo still on elsewhere
