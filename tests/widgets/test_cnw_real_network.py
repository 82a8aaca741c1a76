"""CNW lesson 10 (the real network): the lab's figures change in place with its controls, and
each check's answer is what the lab shows after "show me" (``widgets.cnw.real_network``,
``widgets.cnw.checks.lesson10``)."""

from __future__ import annotations

import re

from gamelib.cnw import resilience
from gamelib.cnw import shipments as cnw_shipments
from tests.widgets.checkkit import (
    answer_wrong_then_right,
    bold_numbers,
    by_name,
    plain,
    show_every,
    widget_fixture,
)
from widgets.cnw.checks import lesson10
from widgets.cnw.real_network import RealNetworkLab
from widgets.kit.check_kinds import Predict

lab = widget_fixture(RealNetworkLab)


def test_the_sector_buttons_redraw_the_deadline_bars_in_place(lab):
    fig = lab.deadline_fig
    traces = fig.data
    lab.sector.value = "energy"
    energy = list(fig.data[0].y)
    lab.sector.value = "aerospace_aog"
    assert fig.data is traces or all(a is b for a, b in zip(fig.data, traces, strict=True))
    assert list(fig.data[0].y) != energy
    deck = cnw_shipments.load()
    assert sum(fig.data[0].y) == sum(1 for c in deck.cards if c.sector == "aerospace_aog")
    assert sum(fig.data[0].y) + sum(fig.data[1].y) == len(deck.cards)


def test_the_network_choice_redraws_the_map_and_the_hops(lab):
    lab.network.value = "point_to_point"
    assert lab.map.fig.data[0].visible is not False and lab.hops_fig.data[1].visible is False
    lab.network.value = "hub_and_spoke"
    assert lab.map.fig.data[0].visible is False
    design = lab.map.overlays["design"]
    assert sum(1 for x in design.lon if x is None) == resilience.hub_and_spoke().number_of_edges()
    assert max(lab.hops_fig.data[1].x) == resilience.measures("hub_and_spoke").max_hops
    assert "<b>" + "Hub-and-spoke" in lab.designs_table.value
    lab.network.value = "point_to_point"


def test_losing_gateways_updates_the_rings_the_chart_and_the_words(lab):
    lab.network.value = "point_to_point"
    lab.lost.value, lab.lost_too.value = "", ""
    assert list(lab.loss_fig.data[0].x) == []
    worst, count = resilience.worst_loss()
    lab.lost.value = worst
    assert len(lab.loss_fig.data[0].x) == count
    assert len(lab.map.rings["lost"].lon) == 1
    assert bold_numbers(lab.loss_info.value)[-1] == count
    cut = resilience.minimum_cut()
    lab.lost.value, lab.lost_too.value = cut
    hit = resilience.impact(cut)
    assert f"<b>{hit.cut_off_pairs}</b>" in lab.loss_info.value
    assert len(lab.map.rings["weak"].lon) == len(hit.articulation_points)
    lab.lost.value, lab.lost_too.value = "", ""


def test_each_check_answer_is_what_the_lab_shows(lab):
    terms = by_name(lesson10.terms(lab))
    aog = terms["cnw7-aog-tight"]
    aog.show_me()
    assert lab.sector.value == "aerospace_aog"
    tight = min(lab.deadline_fig.data[0].x + lab.deadline_fig.data[1].x)
    bars = dict(zip(lab.deadline_fig.data[0].x, lab.deadline_fig.data[0].y, strict=True))
    assert aog.answer() == bars.get(tight, 0)

    designs = by_name(lesson10.designs(lab))
    spof = designs["cnw7-spof"]
    spof.show_me()
    rows = re.findall(r"<tr>(.*?)(?=</tr>|$)", lab.designs_table.value)
    last = [plain(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", rows[-1])]
    shown = {
        name for name, cell in zip(resilience.NETWORKS, last[1:], strict=True) if int(cell) > 0
    }
    assert shown == set(spof.answer())
    hops = designs["cnw7-hub-hops"]
    hops.show_me()
    assert lab.network.value == "hub_and_spoke"
    spokes = designs["cnw7-most-spokes"]
    spokes.show_me()
    design = lab.map.overlays["design"]
    board = lab.board
    ends = {lab.map._lonlat(c): c for c in board.gateways}
    points = list(zip(design.lon, design.lat, strict=True))
    segments = [points[i : i + 2] for i in range(0, len(points), 3)]  # a, b, None
    fed: dict[str, int] = {}
    for a, b in segments:
        pair = {ends[a], ends[b]}
        hubs = [c for c in pair if c in board.hubs]
        if len(hubs) == 1:
            fed[hubs[0]] = fed.get(hubs[0], 0) + 1
    most = max(fed.values())
    assert {h for h, n in fed.items() if n == most} == set(spokes.answer())

    checks = by_name(lesson10.resilience_checks(lab))
    cut_points = checks["cnw7-cut-points"]
    cut_points.show_me()
    assert lab.network.value == "point_to_point" and lab.lost_codes() == ()
    assert len(lab.map.rings["weak"].lon) == cut_points.answer()
    worst = checks["cnw7-worst-loss"]
    worst.show_me()
    assert lab.lost.value == worst.answer()
    assert lab.worst_fig.data[0].customdata[0] == worst.answer()
    assert worst.radio.value == worst.answer()  # the pick follows the lost gateway
    min_cut = checks["cnw7-min-cut"]
    min_cut.show_me()
    assert f"<b>{int(min_cut.answer())}</b>" in lab.loss_info.value
    assert design is lab.map.overlays["design"]  # the same traces, changed in place


def test_every_check_says_something_and_takes_a_wrong_then_a_right_answer(lab):
    boxes = [lesson10.terms(lab), lesson10.designs(lab), lesson10.resilience_checks(lab)]
    kinds = show_every(boxes)
    assert kinds["Reflect"] == 2 and sum(kinds.values()) == 11
    fresh = [lesson10.terms(lab), lesson10.designs(lab), lesson10.resilience_checks(lab)]
    for box in fresh:
        for check in box.children:
            if check.scored and not isinstance(check, Predict):  # a prediction has one try
                answer_wrong_then_right(check)
