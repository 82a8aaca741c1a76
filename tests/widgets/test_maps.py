"""The map kit (``widgets/kit/maps.py``) the CNW and Rails maps are built on: lines joined through
``None``, traces changed in place, one colour scale over several traces, clicks by id, and the
offline base map inside Voilà."""

from __future__ import annotations

from types import SimpleNamespace

from widgets.assets import TOPOJSON, plotly_config
from widgets.kit import maps


def test_polylines_join_paths_through_none():
    lons, lats = maps.polylines([[(0, 1), (2, 3)], [(4, 5), (6, 7), (8, 9)]])
    assert lons == [0, 2, None, 4, 6, 8, None]
    assert lats == [1, 3, None, 5, 7, 9, None]
    assert maps.polylines([]) == ([], [])


def test_canvases():
    geo = maps.land_geo("#1", "#2", "#3", "#4", scope="europe")
    assert geo["showland"] and geo["landcolor"] == "#1" and geo["countrycolor"] == "#2"
    assert geo["coastlinecolor"] == "#3" and geo["oceancolor"] == "#4"
    assert geo["showframe"] is False and geo["scope"] == "europe"
    blank = maps.blank_geo(bgcolor="#fff")
    assert not any(v for k, v in blank.items() if k.startswith("show"))
    assert blank["bgcolor"] == "#fff"
    assert maps.schematic_lonlat(0, 0) == (-150, -50)
    assert maps.schematic_lonlat(100, 100) == (150, 50)


def test_traces_are_changed_in_place():
    fig = maps.map_figure(300)
    line = maps.add_lines(fig, "links", dict(width=2, color="#000"), [[(0, 0), (1, 1)]])
    nodes = maps.add_nodes(
        fig, "cities", ["A", "B"], [(0, 0), (1, 1)], marker=dict(size=8), hover=["a", "b"]
    )
    ids = [id(tr) for tr in fig.data]
    assert list(line.lon) == [0, 1, None] and line.hoverinfo == "skip"
    assert list(nodes.customdata) == ["A", "B"] and list(nodes.hovertext) == ["a", "b"]
    with fig.batch_update():
        maps.set_lines(line, [[(5, 5), (6, 6)], [(7, 7), (8, 8)]], color="#f00", width=9)
        maps.move_nodes(nodes, [(2, 2), (3, 3)])
    assert list(line.lon) == [5, 6, None, 7, 8, None]
    assert line.line.color == "#f00" and line.line.width == 9
    assert list(nodes.lon) == [2, 3]
    assert [id(tr) for tr in fig.data] == ids


def test_one_colour_scale_over_several_traces():
    fig = maps.map_figure(300)
    a = maps.add_nodes(fig, "a", ["x"], [(0, 0)], marker=dict(size=8))
    b = maps.add_nodes(fig, "b", ["y"], [(1, 1)], marker=dict(size=8))
    assert maps.colour_by_measure(a.marker, [0.2], "measure", top=0.8) == 0.8
    maps.colour_by_measure(b.marker, [0.8], "measure", scale=False, top=0.8)
    assert a.marker.cmax == b.marker.cmax == 0.8 and a.marker.showscale
    assert not b.marker.showscale and a.marker.colorscale == b.marker.colorscale
    assert maps.colour_by_measure(a.marker, [0, 0], "all zero") == 1.0  # never a zero range


def test_a_click_gives_the_node_id():
    fig = maps.map_figure(300)
    nodes = maps.add_nodes(fig, "cities", ["A", "B"], [(0, 0), (1, 1)], marker=dict(size=8))
    picked: list[str] = []
    maps.on_node_click(nodes, picked.append)
    for callback in nodes._click_callbacks:
        callback(nodes, SimpleNamespace(point_inds=[1]), None)
        callback(nodes, SimpleNamespace(point_inds=[]), None)
    assert picked == ["B"]


def test_ranking_bars_put_the_first_on_top():
    fig = maps.ranking_bars("Top", "measure", ["a", "b"], [0.5, 0.2], ["#111", "#222"], left=90)
    bar = fig.data[0]
    assert bar.orientation == "h" and list(bar.y) == ["a", "b"]
    assert fig.layout.yaxis.autorange == "reversed" and fig.layout.margin.l == 90


def test_maps_draw_offline_inside_voila(monkeypatch):
    """The base map comes from the bundled topojson, served by Voilà itself (no internet)."""
    notebooks = TOPOJSON.parent.parent
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.8")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/rails/01_the_map_as_a_graph.ipynb")
    monkeypatch.chdir(notebooks / "rails")
    fig = maps.map_figure(300)
    assert fig._config == plotly_config()
    url = fig._config["topojsonURL"]
    assert url.rstrip("/").endswith("assets/topojson") and "://" not in url
