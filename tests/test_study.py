"""The study command (issue #16): a small study on a local two-worker Dask cluster writes one
row per game and the same summary as the study played in this process; the intervals are the
textbook ones."""

from __future__ import annotations

import csv
import json

import pytest

from gamelib.study import mean_interval, run_study, summarise, wilson
from gamelib.study.__main__ import main
from gamelib.study.stats import plain

pytestmark = pytest.mark.timeout(120)

CNW = ["cnw", "--games", "24", "--players", "3", "--bots", "courier,expansionist,random"]


def test_a_small_study_on_a_local_dask_cluster(tmp_path, capsys):
    pytest.importorskip("distributed")
    out, summary = tmp_path / "cnw.csv", tmp_path / "cnw.json"
    args = [*CNW, "--seed", "4", "--workers", "2", "--quiet", "--checkpoints", "10"]
    assert main([*args, "--out", str(out), "--summary", str(summary)]) == 0
    printed = capsys.readouterr().out
    assert "games: 24" in printed and "win rate by seat" in printed and "2 local workers" in printed

    here = run_study("cnw", 24, ("courier", "expansionist", "random"), 3, 4)
    with open(out, encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [int(r["seed"]) for r in rows] == [r["seed"] for r in here] == list(range(4, 28))
    assert [r["victory"] for r in rows] == [r["victory"] for r in here]
    data = json.loads(summary.read_text())
    assert data["summary"] == plain(summarise(here))  # the cluster's games are this process's
    assert plain(summarise(rows)) == data["summary"]  # and a CSV summarises the same way
    assert data["checkpoints"]["10"] == plain(summarise(here[:10]))


def test_the_summary_counts_seats_bots_and_endings():
    rows = run_study("logiquo", 12, ("careful", "selfish", "careful"), seed=3)
    s = summarise(rows, ["everyone_survives"])
    assert s["games"] == 12
    wins = [sum(seat in r["winners"] for r in rows) for seat in range(3)]
    assert [s["by_seat"][i].hits for i in range(3)] == wins
    assert s["by_bot"]["careful"].n == 24 and s["by_bot"]["selfish"].n == 12
    assert s["by_bot"]["careful"].hits == wins[0] + wins[2]
    assert sum(i.hits for i in s["victory"].values()) == 12
    assert s["length"].low <= s["length"].estimate <= s["length"].high


def test_wilson_and_t_intervals_are_the_textbook_ones():
    i = wilson(479, 1000)  # AirWar's side balance before this study
    assert i.estimate == pytest.approx(0.479)
    assert (i.low, i.high) == pytest.approx((0.4482, 0.5100), abs=1e-4)
    assert wilson(0, 10).low == 0.0 and wilson(10, 10).high == 1.0
    # the half width shrinks like 1/sqrt(n): a hundred times the games, a tenth of the width
    assert wilson(47_900, 100_000).half_width == pytest.approx(i.half_width / 10, rel=0.01)
    m = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert (m.low, m.high) == pytest.approx((0.4457, 4.5543), abs=1e-4)


def test_a_bad_line_up_is_refused():
    with pytest.raises(ValueError, match="no bots"):
        run_study("rails", 1, ("planner", "wizard"))
    with pytest.raises(ValueError, match="2-2 players"):
        run_study("airwar", 1, ("planner", "planner", "random"))
    with pytest.raises(ValueError, match="no options"):
        run_study("cnw", 1, ("random",) * 3, options=["speedy"])


def test_the_more_games_widget_draws_measured_and_expected_intervals(tmp_path, monkeypatch):
    from widgets.kit import intervals

    rows = run_study("logiquo", 40, ("careful",) * 4, seed=2)
    data = {"logiquo": {"fair": None, "kind": "mean", "series": {}}}
    for name in ("cooperative", "selfish"):
        points = {"10": mean_interval([r["length"] for r in rows[:10]]).to_dict()}
        data["logiquo"]["series"][name] = {"games": 10, "command": "c", "points": points}
    path = tmp_path / "studies.json"
    path.write_text(json.dumps(data))
    monkeypatch.setattr(intervals, "DATA", path)
    monkeypatch.setattr(intervals, "MARKS", (10, 1000))
    lab = intervals.MoreGames("logiquo")
    first = lab.fig.data[0]
    assert list(first.marker.symbol) == ["circle", "circle-open"]  # measured, then expected
    measured = mean_interval([r["length"] for r in rows[:10]])
    assert first.y[0] == pytest.approx(measured.estimate)
    # a hundred times the games: a tenth of the half width
    assert first.error_y.array[1] == pytest.approx(measured.half_width / 10, rel=1e-6)
    assert lab.text.value.count("(measured)") == 2 and "expected" in lab.text.value


def test_the_shipped_study_figures_cover_every_strategy_lab():
    from widgets.kit import intervals

    shipped = json.loads(intervals.DATA.read_text())
    assert set(shipped) == {"airwar", "cnw", "rails", "logiquo"}
    for lab, entry in shipped.items():
        for series in entry["series"].values():
            assert series["command"].startswith(f"python -m gamelib.study {lab} ")
            assert "1000" in series["points"] and series["games"] >= 1000
            for n, p in series["points"].items():
                assert p["n"] <= int(n) and p["low"] <= p["estimate"] <= p["high"]
        intervals.MoreGames(lab)  # builds from the shipped data
