"""Logiquo lesson widgets in the kernel: controls change figure data in place; the table plays
through its handlers, refuses illegal moves with a notice, saves and loads."""

import pytest

from gamelib.logiquo import cards, coverage


@pytest.fixture(scope="module")
def lab():
    from widgets.logiquo.deck import CoverageLab

    return CoverageLab()


def test_browser_filters_by_kind_and_category_and_shows_the_references():
    from widgets.logiquo.deck import CardBrowser

    b = CardBrowser()
    bars = b.count_fig.data[0]
    threat_counts = bars.y
    assert sum(threat_counts) == 52
    b.kind.value = "countermeasure"
    assert b.count_fig.data[0] is bars and sum(bars.y) == 50 and bars.y != threat_counts
    b.category.value = "awareness"
    assert all(cards.load()[cid].category == "awareness" for _, cid in b.card_pick.options)
    face = b.face.value
    assert "CIS Controls v8" in face and "NIST CSF 2.0" in face and "<i>(" in face
    b.kind.value = "threat"
    b.card_pick.value = cards.threat(9).id
    assert "ATT&amp;CK" in b.face.value and cards.threat(9).attack_id in b.face.value


def test_heatmap_order_changes_the_matrix_in_place(lab):
    hm = lab.heat_fig.data[0]
    by_cat_rows = hm.y
    assert len(hm.y) == 50 and len(hm.x) == 52
    assert sum(map(sum, hm.z)) == sum(coverage.coverage_by_threat().values())
    lab.order.value = "number"
    assert lab.heat_fig.data[0] is hm and hm.y != by_cat_rows and hm.y[0] == "C01"
    assert "C01" in hm.customdata[0][0]
    lab.order.value = "breadth"
    busiest = max(coverage.coverage_by_threat().items(), key=lambda kv: (kv[1], -kv[0]))[0]
    assert hm.x[0] == f"T{busiest:02d}" and sum(hm.z[0]) == max(coverage.matrix().row_sums())


def test_network_highlights_the_controls_of_the_chosen_threat(lab):
    lab.threat_pick.value = "T09"
    marked = lab.net_fig.data[4].text
    expected = {c.code for c in coverage.mitigators(9)}
    assert set(marked) == expected | {"T09"}
    assert sum(1 for v in lab.net_fig.data[1].x if v is None) == len(expected)
    lab.threat_pick.value = ""
    assert len(lab.net_fig.data[1].x) == 0


def test_cover_slider_colours_the_picks_and_reports_coverage(lab):
    lab.budget.value = 3
    colours = lab.cover_fig.data[0].marker.color
    assert list(colours).count("#e74c3c") == 3
    covered = coverage.greedy_cover()[2].covered
    assert f"<b>{covered}</b> of 52" in lab.cover_info.value
    lab.budget.value = 6
    assert lab.cover_fig.data[0].marker.color != colours


def test_depth_counts_follow_the_category(lab):
    all_bars = lab.depth_fig.data[0].y
    assert sum(all_bars) == 52
    lab.depth_cat.value = "malware"
    n = sum(1 for c in cards.by_kind("threat") if c.category == "malware")
    assert sum(lab.depth_fig.data[0].y) == n and lab.depth_fig.data[0].y != all_bars


def test_panels_are_named():
    from widgets.logiquo.deck import CoverageLab

    with pytest.raises(ValueError):
        CoverageLab.panel(CoverageLab, "nope")


@pytest.fixture
def odds_lab():
    from widgets.logiquo.odds_lab import OddsLab

    return OddsLab()


def test_players_set_the_suggested_hand_and_move_the_marker(odds_lab):
    from gamelib.logiquo import odds

    marker = odds_lab.hand_fig.data[2]
    odds_lab.players.value = 6
    assert odds_lab.hand.value == 3
    assert marker.y[0] == pytest.approx(float(odds.by_player_count()[6]))
    assert "<b>3</b>" in odds_lab.summary.value


def test_category_changes_the_curve_in_place(odds_lab):
    from gamelib.logiquo import odds

    curve = odds_lab.hand_fig.data[0]
    before = curve.y
    bars = odds_lab.cat_fig.data[0].y
    odds_lab.category.value = "malware"
    assert odds_lab.hand_fig.data[0] is curve and curve.y != before
    assert curve.y[5] == pytest.approx(float(odds.p_random_threat(6, "malware")))
    odds_lab.hand.value = 10
    assert odds_lab.cat_fig.data[0].y != bars


def test_chain_sliders_redraw_the_chain_chart(odds_lab):
    from gamelib.logiquo import odds

    before = odds_lab.chain_fig.data[0].y
    odds_lab.threats_left.value = 10
    odds_lab.anomalies_left.value = 8
    assert odds_lab.chain_fig.data[0].y != before
    assert odds_lab.chain_fig.data[1].y[2] == pytest.approx(
        float(odds.p_anomaly_chain(2, 10, 8, at_least=True))
    )


def test_monte_carlo_agrees_with_the_exact_odds(odds_lab):
    odds_lab.mc_n.value = 1_000
    results = odds_lab.monte_carlo()
    assert len(results) == 8
    assert all(r["estimate"].contains(r["exact"]) for r in results)
    assert len(odds_lab.hand_fig.data[3].x) == 5
    assert "✔" in odds_lab.mc_out.value
