"""The Rails board as a plotly geo map: routes in their card colours, cities, graph measures.

``board_figure`` builds the shared drawing (used by every Rails widget): a dark underlay so white
routes stay visible, one line trace per (colour, length) so a longer route is a thicker line, a
hover marker in the middle of every route, the cities, and empty overlay traces that widgets fill
in place (highlighted routes, claimed routes, a selected path). ``RailsMap`` adds the controls of
lesson 1: colour and size cities by degree or betweenness, and highlight the busiest corridors.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w
import plotly.graph_objects as go

from gamelib.rails import board as rails_board
from gamelib.rails import routes as rails_routes
from gamelib.rails.scoring import route_score
from widgets.common import boxed, card, tagged
from widgets.i18n import t
from widgets.kit import palette
from widgets.kit.maps import (
    LonLat,
    add_lines,
    add_nodes,
    colour_by_measure,
    hover_html,
    land_geo,
    map_figure,
    polylines,
    ranking_bars,
    set_lines,
)
from widgets.kit.strategy import number
from widgets.rails.words import route_fields

ROUTE_COLORS = {
    "red": "#d62728",
    "orange": "#ff8c1a",
    "yellow": "#f2c500",
    "green": "#2ca02c",
    "blue": "#1f77b4",
    "pink": "#f06bb0",
    "white": "#ffffff",
    "black": "#222222",
    "grey": "#a6a6a6",
    "locomotive": "#7d3c98",
}
# The players: the kit's colour-blind-safe colours (Okabe & Ito, widgets/kit/palette.py) and,
# as the second cue, the owner's marker shape on every claimed route (and as text in legends).
PLAYER_COLORS = palette.players(5)
PLAYER_SYMBOLS = list(palette.SYMBOLS[:5])
PLAYER_MARKS = list(palette.MARKS[:5])
PLAYER_INK = [palette.ink(c) for c in PLAYER_COLORS]  # the same hues as text on white (4.5:1)
CASING = "#111111"  # the dark edge around a claimed route
HIGHLIGHT = "#00c8ff"

GEO = land_geo(
    "#f3f1ea",
    "#c9c4b5",
    "#a9b3bd",
    "#e8f1f8",
    scope="north america",
    projection=dict(type="mercator"),
    lonaxis=dict(range=[-126, -66]),
    lataxis=dict(range=[23.5, 53]),
    showsubunits=True,
    subunitcolor="#e0dccf",
    showlakes=True,
    lakecolor="#e8f1f8",
)

EDGE = 5.0  # degrees: a city this close to the map's west or east edge is labelled inwards


def label_side(lon: float) -> str:
    """Where a city's name goes: inwards near the map's edges, so that on a phone (where the
    map is small and the 9 px names are not) "Vancouver" or "San Francisco" is not cut."""
    west, east = GEO["lonaxis"]["range"]
    if lon < west + EDGE:
        return "top right"
    if lon > east - EDGE:
        return "top left"
    return "top center"


# Overlay traces, filled in place by the widgets; their names are their roles. Halos are drawn
# under the coloured routes (a glow that keeps the route colour readable), the rest on top.
HALOS = ("highlight", "claimed")
OVERLAYS = ("path", "steps")


def width_for(length: int) -> float:
    """A longer route draws thicker, so the expensive links stand out."""
    return 2.0 + 0.9 * length


def segments(route_ids: Any, board: rails_board.Board | None = None) -> tuple[list, list]:
    """Line coordinates (lon, lat) of some routes, ``None`` between routes; doubles side by side."""
    return polylines(route_paths(route_ids, board))


def route_paths(route_ids: Any, board: rails_board.Board | None = None) -> list[list[LonLat]]:
    """Each route as a straight line between its two (lon, lat) ends."""
    board = board or rails_board.load()
    ends = (rails_board.route_geometry(board.routes[rid], board=board) for rid in route_ids)
    return [[(lo1, la1), (lo2, la2)] for (la1, lo1), (la2, lo2) in ends]


def route_label(route: rails_board.Route) -> str:
    colour = t(f"rails.color.{route.color}")
    points = route_score(route.length)
    return t("rails.map.route_hover", **route_fields(route), color=colour, points=points)


class BoardFigure:
    """The board drawn once in a FigureWidget; ``overlay(role)`` returns a trace to change."""

    def __init__(
        self, height: int = 520, legend: bool = True, owners: int = 0, free_dash: str = "solid"
    ) -> None:
        """``owners``: claimed-route traces for that many players (thick, edged, marked with the
        owner's shape, on top of the routes); ``free_dash``: how the routes themselves are
        drawn (a game table dashes them, so a free route never looks like a claimed one)."""
        self.board = rails_board.load()
        self.cities = list(self.board.cities)
        self.fig = map_figure(height, legend, geo=GEO, legend=dict(font=dict(size=11)))
        self._index: dict[str, int] = {}
        routes = self.board.routes
        underlay = dict(width=3.2, color="#555555")
        add_lines(self.fig, "underlay", underlay, route_paths(range(len(routes)), self.board))
        for role in HALOS:
            self._add_overlay(role)
        groups: dict[tuple[str, int], list[int]] = {}
        for r in routes:
            groups.setdefault((r.color, r.length), []).append(r.id)
        shown: set[str] = set()
        for (colour, length), ids in sorted(groups.items()):
            add_lines(
                self.fig,
                t(f"rails.color.{colour}"),
                dict(width=width_for(length) - 1.5, color=ROUTE_COLORS[colour], dash=free_dash),
                route_paths(ids, self.board),
                legend=colour not in shown,
                legendgroup=colour,
            )
            shown.add(colour)
        if owners:  # claimed routes: a dark edge, the owner's colour, the owner's shape
            self._add_overlay("casing")
            for p in range(owners):
                self._add_overlay(f"owner{p}")
            for p in range(owners):
                self._index[f"marks{p}"] = len(self.fig.data)
                self.fig.add_scattergeo(
                    lon=[],
                    lat=[],
                    mode="markers",
                    hoverinfo="skip",
                    showlegend=False,
                    name=f"marks{p}",
                    marker=dict(
                        symbol=PLAYER_SYMBOLS[p],
                        size=13,
                        color=PLAYER_COLORS[p],
                        line=dict(width=2, color="#ffffff"),
                    ),
                )
        for role in OVERLAYS:
            self._add_overlay(role)
        mids = [rails_board.route_geometry(r, board=self.board) for r in routes]
        self._index["midpoints"] = len(self.fig.data)
        self.fig.add_scattergeo(
            lon=[(a[1] + b[1]) / 2 for a, b in mids],
            lat=[(a[0] + b[0]) / 2 for a, b in mids],
            mode="markers",
            marker=dict(
                size=[4 + 1.5 * r.length for r in routes],
                color="rgba(0,0,0,0.01)",
                line=dict(width=0),
            ),
            hovertext=[route_label(r) for r in routes],
            hoverinfo="text",
            customdata=[r.id for r in routes],
            showlegend=False,
            name="routes",
        )
        self._index["cities"] = len(self.fig.data)
        cities = add_nodes(
            self.fig,
            t("rails.map.cities"),
            self.cities,
            [(self.board.cities[c].lon, self.board.cities[c].lat) for c in self.cities],
            marker=dict(size=9, color="#34495e", line=dict(width=1, color="#ffffff")),
            text=dict(size=9, color="#333"),
        )
        cities.textposition = [label_side(self.board.cities[c].lon) for c in self.cities]

    def _add_overlay(self, role: str) -> None:
        self._index[role] = len(self.fig.data)
        opacity = 0.75 if role in HALOS else 0.9 if role in OVERLAYS else 1.0
        add_lines(self.fig, role, dict(width=7, color=HIGHLIGHT), opacity=opacity)

    def trace(self, role: str) -> go.Scattergeo:
        return self.fig.data[self._index[role]]

    def draw(self, role: str, route_ids: Any, color: str = HIGHLIGHT, width: float = 7) -> None:
        """Fill an overlay with some routes (call inside ``fig.batch_update()``)."""
        set_lines(self.trace(role), route_paths(route_ids, self.board), color, width)

    def draw_owners(self, owner: list[int], players: int) -> None:
        """Claimed routes by owner: edge, colour and a marker of the owner's shape at each
        route's middle (call inside ``fig.batch_update()``)."""
        claimed = [r for r, o in enumerate(owner) if o >= 0]
        self.draw("casing", claimed, CASING, 13)
        for q in range(len(PLAYER_COLORS)):
            if f"owner{q}" not in self._index:
                break
            ids = [r for r, o in enumerate(owner) if o == q] if q < players else []
            self.draw(f"owner{q}", ids, PLAYER_COLORS[q], 8)
            marks = self.trace(f"marks{q}")
            ends = [rails_board.route_geometry(self.board.routes[r], board=self.board) for r in ids]
            marks.lon = [(a[1] + b[1]) / 2 for a, b in ends]
            marks.lat = [(a[0] + b[0]) / 2 for a, b in ends]


class RailsMap(w.VBox):
    """Lesson 1: the map as a graph. Cities coloured and sized by a measure; top corridors."""

    def __init__(self, height: int = 540, **kwargs: Any) -> None:
        self.drawing = BoardFigure(height=height)
        self.fig = self.drawing.fig
        self.board = self.drawing.board
        self.measures = rails_routes.city_measures()
        self.ranked = rails_routes.corridors()
        measures = [(t(f"rails.map.{k}"), k) for k in ("plain", "degree", "betweenness")]
        self.measure = tagged(
            w.ToggleButtons(options=measures, description=t("rails.map.colour_by")),
            "rails-measure",
        )
        wide = dict(style={"description_width": "150px"}, layout=w.Layout(width="420px"))
        self.top = tagged(
            w.IntSlider(0, min=0, max=15, description=t("rails.map.corridors"), **wide),
            "rails-corridors",
        )
        self.info = tagged(w.HTML(), "rails-map-info")
        self._corridor_box: w.VBox | None = None
        top15 = self.ranked[:15]
        self.bar_fig = ranking_bars(
            t("rails.map.corridor_title"),
            t("rails.map.edge_betweenness"),
            [f"{a} – {b}" for (a, b), _ in top15],
            [v for _, v in top15],
            ["#bbbbbb"] * len(top15),
            left=210,
        )
        self.measure.observe(lambda _: self._recolour(), "value")
        self.top.observe(lambda _: self._corridors(), "value")
        self._recolour()
        self._corridors()
        super().__init__(
            [
                w.HBox([self.measure], layout=w.Layout(flex_flow="row wrap")),
                boxed(self.fig, "rails-fig-map"),
                card([self.info]),
            ],
            **kwargs,
        )
        self.add_class("rails-map")

    def corridor_panel(self) -> w.VBox:
        """The corridor slider, the ranking chart, and the map the slider draws on: one box,
        built on the first call (a prediction veils its parts in place, issue #25)."""
        if self._corridor_box is None:
            self._corridor_box = tagged(
                w.VBox([self.top, boxed(self.bar_fig, "rails-fig-corridors")]),
                "rails-corridor-panel",
            )
        return self._corridor_box

    def _recolour(self) -> None:
        kind = self.measure.value
        cities = self.drawing.trace("cities")
        names = self.drawing.cities
        with self.fig.batch_update():
            if kind == "plain":
                cities.marker.color = "#34495e"
                cities.marker.size = 9
                cities.marker.showscale = False
                cities.hovertext = names
            else:
                values = [self.measures[kind][c] for c in names]
                title = t(f"rails.map.{kind}")
                top = colour_by_measure(cities.marker, values, title, x=1.0)
                cities.marker.size = [8 + 16 * v / top for v in values]
                digits = 0 if kind == "degree" else 3
                cities.hovertext = [
                    hover_html(c, f"{title}: {number(v, digits)}")
                    for c, v in zip(names, values, strict=True)
                ]
        self.info.value = self._describe()

    def _corridors(self) -> None:
        n = self.top.value
        pairs = [pair for pair, _ in self.ranked[:n]]
        ids = [r.id for a, b in pairs for r in self.board.routes_between(a, b)]
        with self.fig.batch_update():
            self.drawing.draw("highlight", ids, HIGHLIGHT, 16)
        with self.bar_fig.batch_update():
            k = len(self.bar_fig.data[0].x)
            self.bar_fig.data[0].marker.color = [
                HIGHLIGHT if i < n else "#bbbbbb" for i in range(k)
            ]
        self.info.value = self._describe()

    def _describe(self) -> str:
        kind = self.measure.value
        parts = [
            t("rails.map.summary", cities=len(self.board.cities), routes=len(self.board.routes))
        ]
        if kind != "plain":
            ranking = sorted(self.measures[kind], key=self.measures[kind].get, reverse=True)[:5]
            digits = 0 if kind == "degree" else 3
            top = ", ".join(f"{c} ({number(self.measures[kind][c], digits)})" for c in ranking)
            parts.append(t("rails.map.top_cities", measure=t(f"rails.map.{kind}"), top=top))
        if self.top.value:
            top = ", ".join(f"{a}–{b}" for (a, b), _ in self.ranked[: self.top.value])
            parts.append(t("rails.map.top_corridors", top=top))
        return "".join(f"<p>{p}</p>" for p in parts)
