"""Each check of Rails lesson 5 agrees with what its widget shows: "show me" presses the strategy
lab with the check's settings, and the lab's own charts and summary (drawn by its ``show``) give
the answer again; the study checks agree with the MoreGames chart. A wrong answer gets the hint,
a right one the explanation. The lab's runs come from the shipped precomputed results, so this
file plays no game while they are current (``tests/widgets/test_cache.py`` fails when stale)."""

from __future__ import annotations

from statistics import fmean
from typing import Any

import pytest

from tests.widgets.checkkit import (
    answer_wrong_then_right,
    by_name,
    plain,
    read_number,
    widget_fixture,
)
from widgets.kit.intervals import MARKS, MoreGames
from widgets.kit.strategy import number
from widgets.rails.checks import lesson5 as checks
from widgets.rails.strategy import KIND_COLORS, StrategyLab

PLANNER, RANDOM = (list(KIND_COLORS).index(k) for k in ("planner", "random"))


def mean_turns_shown(lab: StrategyLab) -> float:
    """The turns on average in the lab's summary line."""
    text = plain(lab.summary.value).split(" turns on average")[0].rsplit(" ", 1)[-1]
    return read_number(text)


tournament = widget_fixture(StrategyLab, games=1000)


def test_building_the_checks_plays_nothing(monkeypatch):
    """Page load stays fast: the lab's results are read on the first answer, not before."""
    lab = StrategyLab(games=1000)

    def refuse(*_a: Any) -> Any:
        raise AssertionError("a check played games while the page was built")

    monkeypatch.setattr(lab, "run_games", refuse)
    for step in (checks.tournament, checks.luck, checks.length):
        step(lab)
    checks.more_games(MoreGames("rails"))


def test_the_checks_read_the_batch_the_lab_plays(tournament):
    for run in checks.RUNS:
        batch = tournament.plan(checks.settings(run))[0]
        assert (batch.n, batch.seed) == (checks.GAMES, checks.SEED)
        assert batch.params == {"players": run[0], "lineup": run[1]}


def test_tournament_checks_match_the_lab(tournament):
    c = by_name(checks.tournament(tournament))
    tickets, negative = c["rails5-random-tickets"], c["rails5-random-negative"]
    tournament.players.value = 5
    answer_wrong_then_right(negative)  # the right answer presses the lab with its settings
    assert tournament.players.value == 3
    tournament.players.value = 2
    answer_wrong_then_right(tickets)
    tickets.show_me()  # presses Run the games with the default settings
    assert tournament.lineup.value == "planner_vs_random" and tournament.players.value == 3
    rate_bar = tournament.rate_fig.data[RANDOM].y[0]  # the orange "tickets completed" bar
    assert tickets.answer() == pytest.approx(100 * rate_bar)
    scores = tournament.score_fig.data[RANDOM].x  # the orange histogram
    share = sum(s < 0 for s in scores) / len(scores)
    assert share > 0.5  # "mostly negative", as the lesson says
    assert negative.answer() == checks.quarter(share)
    assert number(fmean(scores)) in plain(tournament.summary.value)
    assert number(fmean(scores)) in negative.explain()
    why = c["rails5-why-negative"]
    why.show_me()
    assert "§Calcolo dei punti" in why.feedback.value
    assert f"{number(100 * rate_bar)}%" in why.feedback.value


def test_luck_checks_match_the_lab():
    lab = StrategyLab(games=1000)
    lab.lineup.value = "all_planner"  # as the lesson builds it
    c = by_name(checks.luck(lab))
    spread = c["rails5-luck-spread"]
    lab.players.value = 4
    answer_wrong_then_right(spread)  # the right answer presses the lab with its settings
    assert lab.lineup.value == "all_planner" and lab.players.value == checks.LUCK[0]
    scores = list(lab.score_fig.data[PLANNER].x)
    assert len(scores) == checks.GAMES * checks.LUCK[0]
    low, high = checks.middle90(scores)
    assert spread.answer() == checks.nearest_spread(high - low)
    assert f"from {number(low, 0)} to {number(high, 0)}" in spread.explain()
    c["rails5-luck"].show_me()
    assert number(fmean(scores)) in c["rails5-luck"].feedback.value


def test_length_checks_match_the_lab():
    lab = StrategyLab(games=1000)
    c = by_name(checks.length(lab))
    length = c["rails5-length"]
    assert not length.revealed  # the length chart and the summary wait for the prediction
    wrong = next(v for _, v in length.radio.options if v is not None and v != length.answer())
    length.radio.value = wrong
    assert length.check() is False and length.revealed and length.status == "tried"
    (few, lineup), (many, _) = checks.SMALL_TABLE, checks.LARGE_TABLE
    lab.lineup.value, lab.players.value = lineup, few
    lab.run()
    small = mean_turns_shown(lab)
    length.on_explain()  # what the prediction's feedback did: Run the games, the larger table
    assert (lab.lineup.value, lab.players.value) == (lineup, many)
    large = mean_turns_shown(lab)
    assert length.answer() == checks.length_change(small, large, few, many)
    assert number(small) in length.explain() and number(large) in length.explain()
    assert length.answer() != "fewer"  # a round gives each player a turn
    c["rails5-length-why"].show_me()
    assert "§Fine del gioco" in c["rails5-length-why"].feedback.value


def test_study_checks_match_the_chart():
    more = MoreGames("rails")
    c = by_name(checks.more_games(more))
    series = more.fig.data[0]
    fair = more.fig.data[-1].y[0]
    low = [y - m for y, m in zip(series.y, series.error_y.arrayminus, strict=True)]
    high = [y + p for y, p in zip(series.y, series.error_y.array, strict=True)]
    inside = [lo <= fair <= hi for lo, hi in zip(low, high, strict=True)][:2]
    words = {(True, True): "both", (True, False): "first", (False, True): "second"}
    assert c["rails5-fair"].answer() == words.get(tuple(inside), "neither")
    widths = [hi - lo for lo, hi in zip(low, high, strict=True)]
    shrink = c["rails5-shrink"]
    assert shrink.answer() == pytest.approx(widths[0] / widths[-1])
    assert shrink.answer() == pytest.approx((MARKS[-1] / MARKS[0]) ** 0.5, rel=0.05)
    answer_wrong_then_right(c["rails5-fair"])
    answer_wrong_then_right(shrink)
    season = c["rails5-season"]
    season.show_me()
    need = checks.games_to_see(checks.EDGE, fair)
    assert number(need, 0, grouping=True) in season.feedback.value
