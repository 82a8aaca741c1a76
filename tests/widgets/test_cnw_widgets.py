"""CNW lesson widgets in the kernel: moving a control changes the figure's data in place."""

import pytest

from gamelib.cnw import battle, board
from widgets.cnw.battle_lab import BattleLab
from widgets.cnw.board_map import BoardMap


@pytest.fixture(scope="module")
def board_map():
    return BoardMap()


@pytest.fixture
def lab():
    return BattleLab(attackers=5, defenders=3)


def test_map_draws_every_gateway_hub_and_dashed_route(board_map):
    b = board.load()
    markers = board_map.fig.data[3:-1]
    assert sum(len(tr.customdata) for tr in markers) == 42
    diamonds = [
        c
        for tr in markers
        for c, s in zip(tr.customdata, tr.marker.symbol, strict=True)
        if s == "diamond"
    ]
    assert sorted(diamonds) == sorted(b.hubs)
    dashed = board_map.fig.data[1]
    assert dashed.line.dash == "dash"
    assert sum(1 for v in dashed.lon if v is None) == 7


def test_view_toggle_moves_the_same_traces(board_map):
    fig = board_map.fig
    before = fig.data[3].lon
    ids = [id(tr) for tr in fig.data]
    board_map.view.value = "schematic"
    assert fig.data[3].lon != before
    assert fig.layout.geo.showland is False
    assert [id(tr) for tr in fig.data] == ids  # in place, not rebuilt
    board_map.view.value = "geo"
    assert fig.data[3].lon == before


def test_selecting_a_gateway_highlights_its_links(board_map):
    board_map.select("WAW")
    n_links = len(board.load().neighbours("WAW"))
    assert sum(1 for v in board_map.fig.data[2].lon if v is None) == n_links
    assert "SVO" in board_map.info.value
    board_map.select(None)
    assert len(board_map.fig.data[2].lon) == 0


def test_click_on_a_marker_selects_it(board_map):
    trace = board_map.fig.data[3]

    class Points:
        point_inds = [0]

    board_map._on_click(trace, Points(), None)
    assert board_map.gateway.value == trace.customdata[0]
    assert trace.customdata[0] in board_map.info.value


def test_colour_by_betweenness(board_map):
    board_map.colour_by.value = "betw"
    colours = board_map.fig.data[3].marker.color
    assert isinstance(colours, tuple) and all(isinstance(c, float) for c in colours)
    board_map.colour_by.value = "region"
    assert isinstance(board_map.fig.data[3].marker.color, str)


def test_moving_attackers_changes_the_curve_marker_and_summary(lab):
    marker = lab.curve_fig.data[3]
    p5 = marker.y[0]
    lab.attackers.value = 12
    assert marker.x == (12,)
    assert marker.y[0] == pytest.approx(battle.conquest_probability(12, 3)) != p5
    assert "12" in lab.summary.value


def test_a_slider_step_sends_only_what_it_changes(lab, monkeypatch):
    """The attackers slider moves markers, losses and the summary: the heat map's 900 cells,
    the three curves and (same dice) the roll chart are neither recomputed nor sent again."""
    tables: list[tuple] = []
    table = battle.conquest_table
    monkeypatch.setattr(
        battle, "conquest_table", lambda *a, **k: tables.append(a) or table(*a, **k)
    )
    sent: dict[str, list[dict]] = {"roll": [], "curve": [], "heat": [], "loss": []}
    moved: list[dict] = []
    for name, log in sent.items():
        fig = getattr(lab, f"{name}_fig")
        fig._send_update_msg = lambda restyle_data, *a, log=log, **k: log.append(restyle_data)
    lab.heat_fig._send_relayout_msg = lambda layout_data, *a, **k: moved.append(layout_data)
    lab.attackers.value = 6  # 5 -> 6: still three attack dice
    assert sent["roll"] == [] and [len(m) for m in sent["loss"]] == [2]
    assert [set(m) for m in sent["curve"]] == [{"x", "y"}]  # the marker alone
    assert sent["heat"] == []  # no "z": the heat map's traces are not sent again
    # only its "you are here" mark moved up, in one message
    assert moved == [{"shapes[0].yanchor": 6}]
    assert (lab.heat_fig.layout.shapes[0].xanchor, lab.heat_fig.layout.shapes[0].yanchor) == (3, 6)
    assert tables == []  # no table recomputed for a step of the attackers
    lab.defenders.value = 4
    assert "y" in sent["curve"][-1] and len(sent["curve"][-1]["y"]) == 4  # the curves follow
    assert len(tables) == 3  # one per curve; the heat map's table stays


def test_the_pages_defaults_after_a_redraw_end_the_edit_and_are_not_merged(lab):
    """#10: after drawing, the page sends each redrawn figure's computed defaults; merging them
    into Python's figure was most of a slider step's kernel time and nothing reads them. The
    edit still ends (callbacks waiting for it run) and the figure is unchanged."""
    for fig in (lab.roll_fig, lab.curve_fig, lab.heat_fig, lab.loss_fig):
        lab.attackers.value += 1
        shown, defaults, done = fig.to_dict(), fig._data_defaults, []
        fig.on_edits_completed(lambda done=done: done.append(True))
        deltas = [{"uid": trace.uid, "visible": True, "xaxis": "x"} for trace in fig.data]
        edit = fig._last_trace_edit_id
        fig.set_state({"_js2py_traceDeltas": {"trace_deltas": deltas, "trace_edit_id": edit}})
        assert done == []  # the layout's answer is still to come
        delta = {"layout_delta": {"autotypenumbers": "strict"}}
        fig.set_state({"_js2py_layoutDelta": {**delta, "layout_edit_id": fig._last_layout_edit_id}})
        assert done == [True]
        assert fig.to_dict() == shown and fig._data_defaults == defaults
        assert "autotypenumbers" not in fig._layout_defaults


def test_hub_and_rule_change_the_charts(lab):
    heat = lab.heat_fig.data[0].z
    roll = lab.roll_fig.data[0].y
    lab.hub.value = True
    assert lab.heat_fig.data[0].z != heat
    assert lab.roll_fig.data[0].y != roll
    lab.rule.value = 2
    assert lab.roll_fig.layout.title.text.endswith("2 defence dice")
    assert lab.heat_fig.data[0].z[4][2] == pytest.approx(
        battle.conquest_probability(5, 3, max_defender_dice=2, hub=True)
    )


def test_roll_button_rolls_seeded_dice(lab):
    lab.seed.value = 11
    first = lab._roll()
    lab.seed.value = 12
    lab.seed.value = 11
    assert lab._roll() == first
    assert lab.dice.value.count("⚀") + sum(lab.dice.value.count(f) for f in "⚁⚂⚃⚄⚅") == 6


def test_monte_carlo_agrees_and_reports(lab):
    lab.mc.trials.value = 1_000
    check = lab._monte_carlo()
    assert "95%" in lab.mc.out.value and check.trials == 1_000
    assert check.exact == pytest.approx(battle.conquest_probability(5, 3))
    assert check.inside and check == lab._monte_carlo()  # same seed, same battles
    assert lab.mc.bar.layout.visibility == "hidden"


def test_panels_share_the_same_controls(lab):
    for name in lab.PANELS:
        assert lab.panel(name).children[0] is lab.controls
    with pytest.raises(ValueError):
        lab.panel("nope")
