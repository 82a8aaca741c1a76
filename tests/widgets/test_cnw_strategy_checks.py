"""Each check of CNW lesson 6 agrees with what its widget shows: the strategy lab's charts, its
summary line and the list under the sweep chart (drawn by the lab's own ``show``) give every
answer again, and the study checks agree with the MoreGames chart. A wrong answer gets the hint,
a right one the explanation. The labs here play a few seeded games (the checks read whatever the
lab last played), so nothing depends on the shipped precomputed results being current."""

from __future__ import annotations

import re

import pytest

from tests.widgets.checkkit import (
    answer_wrong_then_right,
    by_name,
    plain,
    read_number,
    widget_fixture,
)
from tests.widgets.trends import FALLS, NEITHER, cited_series, claimed_trends, trends_hold
from widgets.cnw.checks import lesson9 as checks
from widgets.cnw.strategy import VARIANTS, VICTORIES, StrategyLab
from widgets.i18n import set_language, t
from widgets.kit.check import Reflect
from widgets.kit.intervals import MARKS, MoreGames
from widgets.kit.strategy import number

SLA = VICTORIES.index("sla")


def sweep_rows(lab: StrategyLab) -> list[tuple[float, float]]:
    """(average rounds, opener's share %) of each line of the list under the sweep chart."""
    found = re.findall(
        r"average length ([\d.,]+) rounds; the opener won ([\d.,]+)%", lab.sweep_info.value
    )
    return [(read_number(a), read_number(b)) for a, b in found]


# ---------------------------------------------------------------------- step 1
lab = widget_fixture(StrategyLab, games=40)


def test_building_the_checks_plays_nothing(lab):
    for step in (checks.endings, checks.variants, checks.players):
        step(lab)
    assert lab.shown == {}
    assert "Press" in lab.summary.value  # the lab still says "press Run the games"


def test_before_the_press_check_names_the_button(lab):
    c = by_name(checks.endings(lab))["cnw6-ending"]
    c.radio.value = VICTORIES[0]
    assert c.check() is None
    assert t("cnw.lab.run") in c.feedback.value and "run" not in lab.shown
    c.show_me()  # "show me" presses Run the games itself
    assert "run" in lab.shown and c.answer() in VICTORIES


def test_step1_checks_match_the_lab(lab):
    lab.run()
    c = by_name(checks.endings(lab))
    bars = dict(zip(VICTORIES, lab.victory_fig.data[0].y, strict=True))
    assert c["cnw6-ending"].answer() == max(bars, key=bars.get)
    summary = plain(lab.summary.value)
    decided = int(re.search(r"(\d+) with a winner", summary).group(1))
    share = read_number(re.search(r"opener won ([\d.,]+)%", summary).group(1))
    assert c["cnw6-opener-share"].answer() == pytest.approx(share, abs=0.05)
    assert lab.seat_fig.data[0].y[0] == pytest.approx(c["cnw6-opener-share"].answer())
    p = share / 100  # the Wilson interval's half width is close to the textbook formula's
    assert c["cnw6-margin"].answer() == pytest.approx(196 * (p * (1 - p) / decided) ** 0.5, abs=2)
    fair = lab.seat_fig.data[1].y[0]
    ci = checks.opener_interval(lab.shown["run"])
    verdict = c["cnw6-advantage"].answer()
    assert verdict == (
        "more" if 100 * ci.low > fair else "less" if 100 * ci.high < fair else "unsure"
    )
    for name in ("cnw6-ending", "cnw6-margin", "cnw6-advantage"):
        answer_wrong_then_right(c[name])


def test_a_new_run_changes_the_answer_with_the_charts(lab):
    c = by_name(checks.endings(lab))["cnw6-opener-share"]
    lab.lineup.value = "all_courier"
    lab.run()
    assert c.answer() == pytest.approx(lab.seat_fig.data[0].y[0])
    lab.lineup.value = "mixed"


def test_seed_one_replays_the_games_of_seed_zero(lab):
    lab.seed.value = 0
    first = {g.seed for g in lab.run()}
    c = by_name(checks.endings(lab))
    same = c["cnw6-same-games"]
    assert same.answer() == len(first) - 1
    answer_wrong_then_right(same)
    assert lab.seed.value == 1  # the explanation ran seed 1 in the lab
    shown = {g.seed for g in lab.shown["run"]}
    assert same.answer() == len(shown & first)
    assert "not the rulebook's" in same.feedback.value
    c["cnw6-fresh"].show_me()
    half = number(100 * checks.opener_interval(lab.shown["run"]).half_width, 1)
    assert f"±{half} points" in c["cnw6-fresh"].feedback.value
    lab.seed.value = 0


# ---------------------------------------------------------------------- step 2: variants
variants = widget_fixture(StrategyLab, games=12)


def test_variant_checks_match_the_sweep(variants):
    c = by_name(checks.variants(variants))
    c["cnw6-sla-variant"].radio.value = "base"
    assert c["cnw6-sla-variant"].check() is None  # nothing compared yet: press the button
    assert t("cnw.lab.compare_variants") in c["cnw6-sla-variant"].feedback.value
    variants.compare_variants()
    labels = list(variants.sweep_fig.data[0].x)
    assert labels == [t(f"cnw.lab.variant_{k}") for k in VARIANTS[:-1]] + [
        t("cnw.lab.team_players", n=4)
    ]
    stacks = {
        k: {v: variants.sweep_fig.data[i].y[j] for i, v in enumerate(VICTORIES)}
        for j, k in enumerate(VARIANTS)
    }
    sla = {k: s["sla"] for k, s in stacks.items()}
    assert sla[c["cnw6-sla-variant"].answer()] == max(sla.values())
    team = stacks["team_building"]
    assert team[c["cnw6-team-ending"].answer()] == max(team.values())
    far = {
        k: sum(abs(stacks[k][v] - stacks["base"][v]) for v in VICTORIES) / 2 for k in VARIANTS[1:]
    }
    assert far[c["cnw6-closest"].answer()] == pytest.approx(min(far.values()))
    for name in ("cnw6-sla-variant", "cnw6-team-ending", "cnw6-closest"):
        answer_wrong_then_right(c[name])
    assert "this project's decision" in c["cnw6-team-ending"].feedback.value
    c["cnw6-sla-why"].show_me()
    model = c["cnw6-sla-why"].feedback.value
    assert "§12.1" in model and "§12.3" in model
    assert number(sla["fiera"], 1) + "%" in model


def test_show_me_puts_the_variants_back_on_the_chart(variants):
    c = by_name(checks.variants(variants))["cnw6-closest"]
    variants.compare_players()
    assert len(variants.sweep_fig.data[0].x) == 4
    c.show_me()
    assert list(variants.sweep_fig.data[0].x)[0] == t("cnw.lab.variant_base")


# ---------------------------------------------------------------------- step 3: players
def test_player_checks_match_the_sweep():
    lab = StrategyLab(games=12)
    c = by_name(checks.players(lab))
    lab.compare_players()
    rows = sweep_rows(lab)
    assert len(rows) == 4
    rounds = [r[0] for r in rows]
    word = "longer" if rounds[-1] > rounds[0] else "shorter" if rounds[-1] < rounds[0] else "same"
    assert c["cnw6-longer"].answer() == word
    edges = {n: share - 100 / n for n, (_, share) in zip((3, 4, 5, 6), rows, strict=True)}
    assert edges[c["cnw6-edge"].answer()] == pytest.approx(max(edges.values()), abs=0.1)
    for name in ("cnw6-longer", "cnw6-edge"):
        answer_wrong_then_right(c[name])


# ---------------------------------------------------------------------- trends (issue #25)
# An explanation that cites a series says only the trend its figures show: read with the
# helper of tests/widgets/trends.py, in both languages.
ISSUE_25 = {3: 11.2, 4: 1.0, 5: 5.5, 6: 2.8}  # the opener's edge the shipped press showed
SERIES = {
    "grows": {3: 1.0, 4: 2.5, 5: 4.0, 6: 7.5},
    "falls": {3: 11.2, 4: 5.5, 5: 2.8, 6: 1.0},
    "mixed": ISSUE_25,
    "same": {3: 2.0, 4: 2.0, 5: 2.0, 6: 2.0},
}
OLD_EDGE = {  # the explanation issue #25 found: its trend is not its figures'
    "en": "With 3 players. The opener's share minus the fair share, in points: 3 players 11.2, "
    "4 players 1.0, 5 players 5.5, 6 players 2.8. The fewer the players, the sooner the "
    "opener's extra turn comes round again, and the shorter the game it is spread over.",
    "it": "Con 3 giocatori. La quota di chi apre meno la quota equa, in punti: 3 giocatori 11,2, "
    "4 giocatori 1,0, 5 giocatori 5,5, 6 giocatori 2,8. Meno sono i giocatori, prima torna il "
    "turno in più di chi apre, e più corta è la partita su cui si distribuisce.",
}
LANGUAGES = ("en", "it")


@pytest.fixture(scope="module")
def swept() -> StrategyLab:
    lab = StrategyLab(games=12)
    lab.compare_players()
    return lab


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_trend_reader_catches_issue_25(lang):
    set_language(lang)
    try:
        assert claimed_trends(OLD_EDGE[lang]) == [FALLS]
        assert [v for _, v in cited_series(OLD_EDGE[lang])] == list(ISSUE_25.values())
        with pytest.raises(AssertionError, match="claims falls"):
            trends_hold(OLD_EDGE[lang])
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", SERIES)
@pytest.mark.parametrize(
    ("name", "series"), [("cnw6-edge", "opener_edges"), ("cnw6-longer", "rounds_by_players")]
)
def test_a_series_explanation_claims_its_own_trend(swept, monkeypatch, name, series, kind, lang):
    """Each trend a series can have, put under the check: the explanation claims that trend
    and no other, about the figures it cites."""
    monkeypatch.setattr(checks, series, lambda lab: SERIES[kind])
    set_language(lang)
    try:
        c = by_name(checks.players(swept))[name]
        claims, values = trends_hold(c.explain())
    finally:
        set_language("en")
    assert values == list(SERIES[kind].values())
    assert claims and set(claims) == {NEITHER if kind == "mixed" else kind}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("games", "seed"), [(200, 0), (12, 0), (12, 1), (12, 2)])
def test_every_trend_an_explanation_claims_is_in_its_figures(games, seed, lang):
    """Lesson 6's checks of steps 1–3 after their buttons' presses, on the page's own lab (200
    games, seed 0) and on small seeded runs: whatever the games, each explanation that claims
    a trend cites a series with that trend; the two checks about player counts claim one.
    (Step 1 goes last: its seed question runs the lab at another seed.)"""
    set_language(lang)
    try:
        lab = StrategyLab(games=games)
        lab.seed.value = seed
        claimed = {}
        for step in (checks.variants, checks.players, checks.endings):
            for c in by_name(step(lab)).values():
                if isinstance(c, Reflect):
                    continue
                c.show_me()
                claimed[c.name] = trends_hold(c.explain())[0]
    finally:
        set_language("en")
    assert claimed["cnw6-edge"] and claimed["cnw6-longer"]


# ---------------------------------------------------------------------- step 4: more games
def test_study_checks_match_the_chart():
    more = MoreGames("cnw")
    c = by_name(checks.more_games(more))
    trace, fair = more.fig.data[0], more.fig.data[-1].y[0]
    lows = [y - m for y, m in zip(trace.y, trace.error_y.arrayminus, strict=True)]
    highs = [y + p for y, p in zip(trace.y, trace.error_y.array, strict=True)]
    outside = [n for n, lo, hi in zip(MARKS, lows, highs, strict=True) if not lo <= fair <= hi]
    assert c["cnw6-leaves"].answer() == (outside[0] if outside else 0)
    whole = re.search(r"([\d.,]+)% ± ([\d.,]+) points", plain(more.text.value.split("<br>")[-1]))
    estimate, half = read_number(whole.group(1)), read_number(whole.group(2))
    # the Wilson interval is nearly symmetric this far from 0% and 100%
    assert c["cnw6-least-edge"].answer() == pytest.approx(estimate - half - 100 * fair, abs=0.3)
    for name in ("cnw6-leaves", "cnw6-least-edge"):
        answer_wrong_then_right(c[name])
    assert "ours" in c["cnw6-least-edge"].feedback.value
    c["cnw6-ten-classes"].show_me()
    assert "same 1,000 games" in c["cnw6-ten-classes"].feedback.value
