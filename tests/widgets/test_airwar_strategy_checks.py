"""Each check of AirWar lesson 5 agrees with the lab or the study beside it: "show me" presses
the lab at the answer's setting, and what its charts then show (the bars of who wins, the
histogram of war lengths, the Industry curves) is the check's answer; the study checks read the
error bars MoreGames draws. The lab here plays 12 games a press (the lesson's 1,000 are the
shipped default press), so the test does not lean on the precomputed layer being fresh."""

from __future__ import annotations

import math
from statistics import fmean

from gamelib.airwar import simulate
from tests.widgets.checkkit import by_name, widget_fixture
from widgets.airwar.checks import lesson5 as checks
from widgets.airwar.strategy import StrategyLab
from widgets.i18n import t
from widgets.kit.check import RIGHT, SHOWN, TRIED
from widgets.kit.intervals import MoreGames
from widgets.kit.strategy import number

GAMES = 12


lab = widget_fixture(StrategyLab, games=GAMES)
more = widget_fixture(MoreGames, "airwar")


def test_building_the_checks_plays_no_game():
    """Page load stays fast: the answers are read on first use, never at construction."""
    fresh = StrategyLab(games=GAMES)
    calls: list[object] = []
    fresh.run_games = lambda batches, progress: calls.append(batches) or []  # type: ignore[method-assign]
    for step in (checks.wars, checks.length, checks.planner):
        step(fresh)
    assert calls == []


def test_axis_share_is_the_axis_bar_of_the_default_press(lab):
    c = by_name(checks.wars(lab))["aw5-axis-share"]
    lab.games.value, lab.matchup.value = 3, "random_planner"  # the learner's own settings ...
    answer = c.answer()
    c.show_me()
    assert (lab.games.value, lab.matchup.value) == (GAMES, "planner_planner")  # ... moved
    assert math.isclose(100 * lab.rate_fig.data[0].y[0], answer)
    assert math.isclose(answer, 100 * simulate.win_rates(lab.shown["run"])["axis"])
    assert c.status == SHOWN and "§Il Gioco" in c.feedback.value


def test_wrong_share_hints_right_share_explains(lab):
    c = by_name(checks.wars(lab))["aw5-axis-share"]
    c.box.value = number(c.answer() + 5, 1)  # outside the stated tolerance of 1 point
    assert c.check() is False and c.status == TRIED
    assert c.hints[0] in c.feedback.value  # the ladder's first rung: the idea
    assert c.hints[-1] == t("airwar.checks.lesson5.axis_share.hint")  # where to look, last
    c.box.value = number(c.answer() + 0.9, 1)  # inside it
    assert c.check() is True and c.status == RIGHT
    assert "of the 12 wars" in c.feedback.value
    assert lab.matchup.value == "planner_planner"


def test_length_checks_match_the_histogram_the_summary_and_the_curves(lab):
    c = by_name(checks.length(lab))
    turns = c["aw5-turns"]
    turns.show_me()
    assert math.isclose(fmean(lab.turns_fig.data[0].x), turns.answer())
    assert f"<b>{number(turns.answer())}</b> turns" in lab.summary.value
    decided = c["aw5-decided"]
    decided.show_me()
    played = lab.shown["run"]
    assert all(g.finished for g in played)  # so the loser's last point is 0
    last = sum(trace.y[-1] for trace in lab.industry_fig.data)  # the two curves' ends
    assert math.isclose(last, checks.winner_left(played))
    start = lab.industry_fig.data[0].y[0]
    assert decided.answer() == ("late" if last < start / 2 else "early")
    assert decided.radio.value == decided.answer()


def test_planner_against_random_matches_both_presses(lab):
    c = by_name(checks.planner(lab))
    check = c["aw5-against-random"]
    wrong = next(v for _, v in check.radio.options if v != check.answer())
    check.radio.value = wrong
    assert check.check() is False
    assert check.hints[0] in check.feedback.value
    assert check.hints[-1] == t("airwar.checks.lesson5.against_random.hint")
    check.show_me()
    assert lab.matchup.value == "random_planner"
    as_allies = lab.rate_fig.data[0].y[1]
    lab.matchup.value = "planner_random"
    lab.run()
    as_axis = lab.rate_fig.data[0].y[0]
    assert (as_axis, as_allies) == checks.planner_shares(lab)
    strong = (as_axis >= checks.STRONG, as_allies >= checks.STRONG)
    expected = {(True, True): "both", (True, False): "axis", (False, True): "allies"}
    assert check.answer() == expected.get(strong, "neither")
    c["aw5-change-planner"].show_me()
    assert "§Portaerei" in c["aw5-change-planner"].feedback.value


def test_fair_inside_reads_the_error_bars(more):
    c = by_name(checks.study(more))["aw5-fair-inside"]
    trace = more.fig.data[0]
    fair = more.fig.data[-1].y[0]
    inside = [
        y - minus <= fair <= y + plus
        for y, minus, plus in zip(
            trace.y, trace.error_y.arrayminus, trace.error_y.array, strict=True
        )
    ][:2]
    expected = {(True, True): "both", (True, False): "first", (False, True): "second"}
    assert c.answer() == expected.get(tuple(inside), "none")
    c.radio.value = c.answer()
    assert c.check() is True and "1,000 games" in c.feedback.value


def test_games_needed_solves_the_question(more):
    c = by_name(checks.study(more))["aw5-games-needed"]
    by_hand = 0.25 * (1.96 / 0.005) ** 2  # the question's equation, with 1.96
    assert abs(c.answer() - by_hand) <= c.tolerance
    assert math.isclose(1.96 * math.sqrt(0.25 / c.answer()), 0.005, rel_tol=1e-3)
    c.box.value = "1000"
    assert c.check() is False
    assert c.hints[0] in c.feedback.value
    assert c.hints[-1] == t("airwar.checks.lesson5.games_needed.hint")


def test_change_rules_quotes_the_study_the_chart_shows(more):
    r = by_name(checks.study(more))["aw5-change-rules"]
    r.show_me()
    source = more.text.value.split("<br>")[-1]  # "Axis wins: 47.4% ± 1.2 points on all ..."
    share = source.split(": ", 1)[1].split(" ± ")[0]
    assert share in r.feedback.value and "§Il Gioco" in r.feedback.value
