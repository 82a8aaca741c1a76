"""What the board maps share (CNW's world of gateways, Rails' America of routes), written once:
the geo canvases, lines joined through ``None``, line and node traces, highlights changed in
place, colour by a graph measure, the ranking bar chart beside a map, and clicks on a node.

Every figure comes from :func:`widgets.common.figure`, whose config points plotly's
``topojsonURL`` at the bundled ``notebooks/assets/topojson/`` inside Voilà, so the maps draw
offline. A game's map module keeps only its board: which nodes, which links, which colours.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import plotly.graph_objects as go

from widgets.common import figure

LonLat = tuple[float, float]
MEASURE_SCALE = "YlOrRd"


# ---------------------------------------------------------------- canvases
def land_geo(land: str, borders: str, coast: str, sea: str, **view: Any) -> dict[str, Any]:
    """A geo layout with land, borders, coasts and sea in the given colours, and no frame."""
    layers = (("land", "land", land), ("countries", "country", borders))
    layers += (("coastlines", "coastline", coast), ("ocean", "ocean", sea))
    geo: dict[str, Any] = {"showframe": False}
    for shown, coloured, colour in layers:
        geo[f"show{shown}"] = True
        geo[f"{coloured}color"] = colour
    return {**geo, **view}


def blank_geo(**view: Any) -> dict[str, Any]:
    """A geo layout with nothing drawn: the canvas of a schematic board."""
    hidden = ("land", "countries", "coastlines", "ocean", "frame", "lakes", "rivers")
    return {**{f"show{k}": False for k in hidden}, **view}


def schematic_lonlat(x: float, y: float) -> LonLat:
    """Place a schematic board (a 0..100 box) on a blank geo canvas, near the equator where
    lines stay almost straight."""
    return -150 + 3.0 * x, -50 + 1.0 * y


def map_figure(height: int, showlegend: bool = True, **layout: Any) -> go.FigureWidget:
    """A map filling its box, the legend (``legend`` adds to its style) in a row below it."""
    legend_style = dict(orientation="h", y=-0.02, x=0.5, xanchor="center")
    legend_style.update(layout.pop("legend", {}))
    return figure(
        height=height,
        margin=dict(l=0, r=0, t=10, b=0),
        showlegend=showlegend,
        legend=legend_style,
        **layout,
    )


# ---------------------------------------------------------------- traces
def polylines(paths: Iterable[Sequence[LonLat]]) -> tuple[list, list]:
    """Longitudes and latitudes of some paths, ``None`` between paths (one trace, many lines)."""
    lons: list = []
    lats: list = []
    for path in paths:
        for lon, lat in path:
            lons.append(lon)
            lats.append(lat)
        lons.append(None)
        lats.append(None)
    return lons, lats


def add_lines(
    fig: go.FigureWidget,
    name: str,
    line: dict[str, Any],
    paths: Iterable[Sequence[LonLat]] = (),
    legend: bool = False,
    **kw: Any,
) -> go.Scattergeo:
    """A line trace (no hover) drawing ``paths``; returns the trace to change later."""
    lon, lat = polylines(paths)
    fig.add_scattergeo(
        lon=lon,
        lat=lat,
        mode="lines",
        hoverinfo="skip",
        name=name,
        showlegend=legend,
        line=line,
        **kw,
    )
    return fig.data[-1]


def add_nodes(
    fig: go.FigureWidget,
    name: str,
    ids: Sequence[str],
    where: Sequence[LonLat],
    marker: dict[str, Any],
    hover: Sequence[str] | None = None,
    text: dict[str, Any] | None = None,
    legend: bool = False,
) -> go.Scattergeo:
    """Labelled nodes (cities, gateways): ``customdata`` holds their ids for clicks."""
    fig.add_scattergeo(
        lon=[p[0] for p in where],
        lat=[p[1] for p in where],
        mode="markers+text",
        text=list(ids),
        textposition="top center",
        textfont=text or dict(size=10),
        customdata=list(ids),
        hovertext=list(hover if hover is not None else ids),
        hoverinfo="text",
        marker=marker,
        showlegend=legend,
        name=name,
    )
    return fig.data[-1]


def hover_html(title: str, *lines: str, badge: str = "") -> str:
    """A node's hover box: the title in bold (a badge after it), then one line each."""
    return f"<b>{title}</b>{badge}" + "".join(f"<br>{line}" for line in lines)


def set_lines(
    trace: go.Scattergeo,
    paths: Iterable[Sequence[LonLat]],
    color: str | None = None,
    width: float | None = None,
) -> None:
    """Redraw a line trace in place (call inside ``fig.batch_update()``)."""
    trace.lon, trace.lat = polylines(paths)
    if color is not None:
        trace.line.color = color
    if width is not None:
        trace.line.width = width


def move_nodes(trace: go.Scattergeo, where: Sequence[LonLat]) -> None:
    """Move a node trace's markers in place (a view toggle)."""
    trace.lon = [p[0] for p in where]
    trace.lat = [p[1] for p in where]


def colour_by_measure(
    marker: Any,
    values: Sequence[float],
    title: str,
    scale: bool = True,
    top: float | None = None,
    **colorbar: Any,
) -> float:
    """Colour markers by a graph measure (degree, betweenness) from pale to red, up to ``top``
    (the largest value by default; several traces share one scale by passing it); returns it so
    callers can size markers by it."""
    top = top or max(values, default=0.0) or 1.0
    marker.color = list(values)
    marker.colorscale = MEASURE_SCALE
    marker.cmin, marker.cmax = 0.0, top
    marker.showscale = scale
    marker.colorbar = dict(title=title, len=0.6, **colorbar)
    return top


def on_node_click(trace: go.Scattergeo, callback: Callable[[Any], Any]) -> None:
    """Call ``callback(id)`` with the ``customdata`` of a clicked point."""

    def clicked(tr: Any, points: Any, _state: Any) -> None:
        if points.point_inds:
            callback(tr.customdata[points.point_inds[0]])

    trace.on_click(clicked)


# ---------------------------------------------------------------- the ranking beside a map
def ranking_bars(
    title: str,
    axis: str,
    labels: Sequence[str],
    values: Sequence[float],
    colours: Sequence[str],
    left: int,
    **bar: Any,
) -> go.FigureWidget:
    """The top places by a measure as horizontal bars, the first on top."""
    fig = figure(
        height=380,
        title=title,
        xaxis=dict(title=axis),
        yaxis=dict(autorange="reversed"),
        margin=dict(l=left, r=20, t=50, b=40),
    )
    fig.add_bar(
        orientation="h",
        x=list(values),
        y=list(labels),
        marker_color=list(colours),
        hovertemplate="%{y}: %{x:.3f}<extra></extra>",
        **bar,
    )
    return fig
