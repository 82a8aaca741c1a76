"""The CNW board as a plotly map: gateways by region, hubs, solid and dashed links, chokepoints.

One ``FigureWidget`` whose traces are changed in place: the geographic/schematic toggle swaps the
coordinates of the same traces (the schematic board is drawn on a blank geo canvas), "colour by"
swaps marker colours, and selecting a gateway (click or drop-down) redraws only the highlight.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from gamelib.cnw import board as cnw_board
from widgets.common import boxed, card, figure
from widgets.i18n import t

REGION_COLORS = {
    "north_america": "#1f77b4",
    "south_america": "#2ca02c",
    "europe": "#9467bd",
    "africa_middle_east": "#d62728",
    "asia": "#ff7f0e",
    "asia_pacific": "#17becf",
}
FALLBACK_COLORS = ["#1f77b4", "#2ca02c", "#9467bd", "#d62728", "#ff7f0e", "#17becf", "#8c564b"]
HIGHLIGHT = "#c0392b"


def schematic_lonlat(x: float, y: float) -> tuple[float, float]:
    """Place the schematic board (a 0..100 box) on a blank geo canvas, near the equator where
    lines stay almost straight."""
    return -150 + 3.0 * x, -50 + 1.0 * y


GEO_VIEW = dict(
    projection=dict(type="natural earth", scale=1.0),
    showland=True,
    landcolor="#eef0f2",
    showcountries=True,
    countrycolor="#c9ccd1",
    showcoastlines=True,
    coastlinecolor="#9aa0a6",
    showocean=True,
    oceancolor="#f7fbff",
    showframe=False,
    lataxis=dict(range=[-50, 80]),
    lonaxis=dict(range=[-180, 180]),
    center=dict(lat=15, lon=10),
    visible=True,
)
SCHEMATIC_VIEW = dict(
    projection=dict(type="equirectangular", scale=1.0),
    showland=False,
    showcountries=False,
    showcoastlines=False,
    showocean=False,
    showframe=False,
    showlakes=False,
    showrivers=False,
    lataxis=dict(range=[-64, 56]),
    lonaxis=dict(range=[-170, 170]),
    center=dict(lat=0, lon=0),
    bgcolor="#fbfaf6",
    visible=True,
)


class BoardMap(w.VBox):
    """Explore the 42 gateways: view toggle, colour by region or betweenness, click to inspect."""

    def __init__(
        self, height: int = 520, overlays: tuple[tuple[str, dict], ...] = (), **kwargs: Any
    ) -> None:
        """``overlays``: extra line traces ``(name, line style)`` drawn under the gateways, which
        other widgets fill with :meth:`draw_overlay` (game tables: delivery chains, corridors)."""
        self.board = cnw_board.load()
        self._overlay_specs = overlays
        self.overlays: dict[str, Any] = {}
        self._overlay_paths: dict[str, list[list[str]]] = {}
        self.paint_colours: dict[str, str] | None = None
        self.codes = list(self.board.gateways)
        self.betweenness = self.board.betweenness()
        self.view = w.ToggleButtons(
            options=[(t("cnw.map.view_geo"), "geo"), (t("cnw.map.view_schematic"), "schematic")],
            value="geo",
            description=t("cnw.map.view"),
        )
        self.colour_by = w.ToggleButtons(
            options=[(t("cnw.map.by_region"), "region"), (t("cnw.map.by_betweenness"), "betw")],
            value="region",
            description=t("cnw.map.colour_by"),
        )
        self.gateway = w.Dropdown(
            options=[(t("cnw.map.none"), "")]
            + [(f"{c} · {g.name}", c) for c, g in self.board.gateways.items()],
            value="",
            description=t("cnw.map.gateway"),
        )
        self.gateway.add_class("cnw-gateway-select")
        self.view.add_class("cnw-view-toggle")
        self.info = w.HTML()
        self.info.add_class("cnw-gateway-info")
        self.fig = figure(
            height=height,
            showlegend=True,
            legend=dict(orientation="h", y=-0.02, x=0.5, xanchor="center"),
            margin=dict(l=0, r=0, t=10, b=0),
        )
        self._build_traces()
        self.view.observe(lambda _: self._redraw(), "value")
        self.colour_by.observe(lambda _: self._recolour(), "value")
        self.gateway.observe(lambda ch: self.select(ch["new"] or None), "value")
        self.chokepoint_fig = figure(
            height=380,
            title=t("cnw.map.chokepoint_title"),
            xaxis=dict(title=t("cnw.map.betweenness")),
            yaxis=dict(autorange="reversed"),
            margin=dict(l=140, r=20, t=50, b=40),
        )
        ranking = sorted(self.betweenness, key=self.betweenness.get, reverse=True)[:15]
        self.chokepoint_fig.add_bar(
            orientation="h",
            x=[self.betweenness[c] for c in ranking],
            y=[f"{c} {self.board.gateways[c].name}" for c in ranking],
            customdata=ranking,
            marker_color=[
                REGION_COLORS.get(self.board.gateways[c].region, "#888") for c in ranking
            ],
            hovertemplate="%{y}: %{x:.3f}<extra></extra>",
        )
        self.chokepoint_fig.data[0].on_click(self._on_click)
        self.chokepoint_box = boxed(self.chokepoint_fig, "cnw-fig-chokepoints")
        self.select(None)
        controls = w.HBox([self.view, self.colour_by], layout=w.Layout(flex_flow="row wrap"))
        super().__init__(
            [controls, self.gateway, boxed(self.fig, "cnw-fig-map"), card([self.info])], **kwargs
        )
        self.add_class("cnw-board-map")

    def chokepoints(self) -> w.VBox:
        """The gateways most shortest paths run through, beside the same selector and details."""
        box = w.VBox([self.gateway, self.chokepoint_box, self.info])
        box.add_class("cnw-chokepoints")
        return box

    # ---------------------------------------------------------------- geometry
    def _lonlat(self, code: str) -> tuple[float, float]:
        g = self.board.gateways[code]
        if self.view.value == "geo":
            return g.lon, g.lat
        return schematic_lonlat(g.x, g.y)

    def _segments(self, links: list) -> tuple[list, list]:
        """Line coordinates, ``None`` between links. On the schematic board a route across the
        Pacific leaves by one edge and comes back by the other, as on a printed world board."""
        lons: list = []
        lats: list = []
        wrapped = {lk.ends for lk in self.board.wrapped} if self.view.value != "geo" else set()
        for link in links:
            if link.ends in wrapped:
                for code in (link.a, link.b):
                    g = self.board.gateways[code]
                    edge = -6.0 if g.x < 50 else 106.0
                    for x in (g.x, edge):
                        lon, lat = schematic_lonlat(x, g.y)
                        lons.append(lon)
                        lats.append(lat)
                    lons.append(None)
                    lats.append(None)
                continue
            for code in (link.a, link.b):
                lon, lat = self._lonlat(code)
                lons.append(lon)
                lats.append(lat)
            lons.append(None)
            lats.append(None)
        return lons, lats

    def _build_traces(self) -> None:
        solid = [lk for lk in self.board.links if lk.kind == "solid"]
        dashed = [lk for lk in self.board.links if lk.kind == "dashed"]
        self.fig.add_scattergeo(
            name=t("cnw.map.solid_links"),
            mode="lines",
            hoverinfo="skip",
            line=dict(width=1.2, color="#8a8f98"),
        )
        self.fig.add_scattergeo(
            name=t("cnw.map.dashed_links"),
            mode="lines",
            hoverinfo="skip",
            line=dict(width=2, color="#34495e", dash="dash"),
        )
        self.fig.add_scattergeo(
            name=t("cnw.map.selected_links"),
            mode="lines",
            hoverinfo="skip",
            line=dict(width=3.5, color=HIGHLIGHT),
            showlegend=False,
        )
        self._link_sets = (solid, dashed)
        for name, line in self._overlay_specs:
            self.overlays[name] = self.fig.add_scattergeo(
                name=name, mode="lines", hoverinfo="skip", showlegend=False, line=line
            ).data[-1]
            self._overlay_paths[name] = []
        self.region_ids = list(self.board.regions)
        self.region_traces: list[Any] = []
        for i, rid in enumerate(self.region_ids):
            region = self.board.regions[rid]
            codes = list(region.gateways)
            color = REGION_COLORS.get(rid, FALLBACK_COLORS[i % len(FALLBACK_COLORS)])
            hover = [self._hover(c) for c in codes]
            trace = self.fig.add_scattergeo(
                name=f"{region.name} (+{region.bonus})",
                mode="markers+text",
                text=codes,
                textposition="top center",
                textfont=dict(size=10),
                customdata=codes,
                hovertext=hover,
                hoverinfo="text",
                marker=dict(
                    size=[15 if self.board.gateways[c].hub else 10 for c in codes],
                    symbol=["diamond" if self.board.gateways[c].hub else "circle" for c in codes],
                    color=color,
                    line=dict(width=1, color="#ffffff"),
                ),
            ).data[-1]
            trace.on_click(self._on_click)
            self.region_traces.append(trace)
        self.fig.add_scattergeo(
            name=t("cnw.map.selected"),
            mode="markers",
            hoverinfo="skip",
            showlegend=False,
            marker=dict(size=26, color="rgba(0,0,0,0)", line=dict(width=3, color=HIGHLIGHT)),
        )
        self.ring = self.fig.data[-1]
        self._redraw()

    def _hover(self, code: str) -> str:
        g = self.board.gateways[code]
        region = self.board.regions[g.region]
        links = ", ".join(sorted(self.board.neighbours(code)))
        hub = f" ◆ {t('cnw.map.hub')}" if g.hub else ""
        return f"<b>{code} {g.name}</b>{hub}<br>{region.name}<br>{t('cnw.map.links')}: {links}"

    # ---------------------------------------------------------------- updates in place
    def _redraw(self) -> None:
        with self.fig.batch_update():
            self.fig.layout.geo = GEO_VIEW if self.view.value == "geo" else SCHEMATIC_VIEW
            for trace, links in zip(self.fig.data[:2], self._link_sets, strict=True):
                trace.lon, trace.lat = self._segments(links)
            for name in self.overlays:
                self._draw_overlay(name)
            for trace, rid in zip(self.region_traces, self.region_ids, strict=True):
                coords = [self._lonlat(c) for c in self.board.regions[rid].gateways]
                trace.lon = [c[0] for c in coords]
                trace.lat = [c[1] for c in coords]
            self._draw_selection()
        self._recolour()

    def _recolour(self) -> None:
        top = max(self.betweenness.values()) or 1.0
        with self.fig.batch_update():
            for i, (trace, rid) in enumerate(zip(self.region_traces, self.region_ids, strict=True)):
                if self.paint_colours is not None:
                    codes = self.board.regions[rid].gateways
                    trace.marker.color = [self.paint_colours.get(c, "#888") for c in codes]
                    trace.marker.showscale = False
                elif self.colour_by.value == "region":
                    trace.marker.color = REGION_COLORS.get(rid, FALLBACK_COLORS[i % 7])
                    trace.marker.showscale = False
                else:
                    trace.marker.color = [
                        self.betweenness[c] for c in self.board.regions[rid].gateways
                    ]
                    trace.marker.cmin, trace.marker.cmax = 0.0, top
                    trace.marker.colorscale = "YlOrRd"
                    trace.marker.showscale = i == 0
                    trace.marker.colorbar = dict(title=t("cnw.map.betweenness"), len=0.6)

    def _on_click(self, trace: Any, points: Any, _state: Any) -> None:
        if points.point_inds:
            code = trace.customdata[points.point_inds[0]]
            self.gateway.value = code  # the drop-down observer calls select()

    def select(self, code: str | None) -> None:
        """Highlight ``code``'s links and describe it (None clears the selection)."""
        self.selected = code
        with self.fig.batch_update():
            self._draw_selection()
        self.info.value = self._describe(code)

    def _draw_selection(self) -> None:
        code = getattr(self, "selected", None)
        highlight, ring = self.fig.data[2], self.ring
        if not code:
            highlight.lon, highlight.lat = [], []
            ring.lon, ring.lat = [], []
            return
        links = [lk for lk in self.board.links if code in (lk.a, lk.b)]
        highlight.lon, highlight.lat = self._segments(links)
        lon, lat = self._lonlat(code)
        ring.lon, ring.lat = [lon], [lat]

    # ---------------------------------------------------------------- hooks for game widgets
    def paint(self, colours: dict[str, str] | None, labels: dict[str, str] | None = None) -> None:
        """Colour each gateway (e.g. by owner) and relabel it (e.g. with its pawns), in place;
        ``None`` goes back to the "colour by" choice and the airport codes."""
        self.paint_colours = colours
        with self.fig.batch_update():
            for trace, rid in zip(self.region_traces, self.region_ids, strict=True):
                codes = self.board.regions[rid].gateways
                trace.text = [labels.get(c, c) for c in codes] if labels else list(codes)
        self._recolour()

    def draw_overlay(self, name: str, paths: list[list[str]]) -> None:
        """Draw gateway chains (consecutive codes joined by straight segments) on an overlay."""
        self._overlay_paths[name] = [list(p) for p in paths]
        with self.fig.batch_update():
            self._draw_overlay(name)

    def _draw_overlay(self, name: str) -> None:
        lons: list = []
        lats: list = []
        for path in self._overlay_paths[name]:
            for code in path:
                lon, lat = self._lonlat(code)
                lons.append(lon)
                lats.append(lat)
            lons.append(None)
            lats.append(None)
        self.overlays[name].lon, self.overlays[name].lat = lons, lats

    def _describe(self, code: str | None) -> str:
        ranking = sorted(self.betweenness, key=self.betweenness.get, reverse=True)
        top = ", ".join(f"{c} ({self.betweenness[c]:.2f})" for c in ranking[:5])
        chokepoints = f"<p>{t('cnw.map.top_chokepoints')}: {top}</p>"
        if not code:
            return f"<p>{t('cnw.map.pick_hint')}</p>" + chokepoints
        g = self.board.gateways[code]
        region = self.board.regions[g.region]
        neighbours = sorted(self.board.neighbours(code))
        dashed = f" ✈ {t('cnw.map.dashed_short')}"
        items = ", ".join(
            n + (dashed if self.board.link(code, n).dashed else "") for n in neighbours
        )
        hub = f" ◆ {t('cnw.map.hub_long')}" if g.hub else ""
        rank = ranking.index(code) + 1
        return (
            f"<h4 style='margin:4px 0'>{code} · {g.name} <small>({g.name_it})</small>{hub}</h4>"
            f"<p>{t('cnw.map.region')}: <b>{region.name}</b> ({region.name_it}), "
            f"{t('cnw.map.bonus')} +{region.bonus}</p>"
            f"<p>{t('cnw.map.links')} ({len(neighbours)}): {items}</p>"
            f"<p>{t('cnw.map.betweenness')}: <b>{self.betweenness[code]:.3f}</b> "
            f"({t('cnw.map.rank', rank=rank, total=len(self.codes))})</p>" + chokepoints
        )
