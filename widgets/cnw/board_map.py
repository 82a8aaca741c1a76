"""The CNW board as a plotly map: gateways by region, hubs, solid and dashed links, chokepoints.

One ``FigureWidget`` whose traces are changed in place: the geographic/schematic toggle swaps the
coordinates of the same traces (the schematic board is drawn on a blank geo canvas), "colour by"
swaps marker colours, and selecting a gateway (click or drop-down) redraws only the highlight.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from gamelib.cnw import board as cnw_board
from widgets.cnw import words
from widgets.common import boxed, card, tagged
from widgets.i18n import language, t
from widgets.kit.maps import (
    add_lines,
    add_nodes,
    blank_geo,
    colour_by_measure,
    hover_html,
    land_geo,
    map_figure,
    move_nodes,
    on_node_click,
    polylines,
    ranking_bars,
    schematic_lonlat,
    set_lines,
)
from widgets.kit.strategy import number

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
# A zoom on part of the board (issue #13: Europe legible, a map that fills a phone's width):
# the regions each choice frames.
ZOOMS = {
    "all": (),
    "americas": ("north_america", "south_america"),
    "europe": ("europe", "africa_middle_east"),
    "asia": ("asia", "asia_pacific"),
}


GEO_VIEW = land_geo(
    "#eef0f2",
    "#c9ccd1",
    "#9aa0a6",
    "#f7fbff",
    projection=dict(type="natural earth", scale=1.0),
    lataxis=dict(range=[-50, 80]),
    lonaxis=dict(range=[-180, 180]),
    center=dict(lat=15, lon=10),
    visible=True,
)
SCHEMATIC_VIEW = blank_geo(
    projection=dict(type="equirectangular", scale=1.0),
    lataxis=dict(range=[-64, 56]),
    lonaxis=dict(range=[-170, 170]),
    center=dict(lat=0, lon=0),
    bgcolor="#fbfaf6",
    visible=True,
)


class BoardMap(w.VBox):
    """Explore the 42 gateways: view toggle, colour by region or betweenness, click to inspect."""

    def __init__(
        self,
        height: int = 520,
        overlays: tuple[tuple[str, dict], ...] = (),
        view: str = "geo",
        rings: tuple[tuple[str, dict], ...] = (),
        zoom: bool = False,
        **kwargs: Any,
    ) -> None:
        """``overlays``: extra line traces ``(name, line style)`` drawn under the gateways, which
        other widgets fill with :meth:`draw_overlay` (game tables: delivery chains, corridors);
        ``rings``: marker traces ``(name, marker style)`` drawn over them, filled with
        :meth:`mark` (a table's recap: gateways lost and won). ``view``: "geo" or "schematic"
        (a game table starts on the schematic board, where Europe's labels do not overlap);
        ``zoom``: a control framing one part of the world (``self.zoom``)."""
        self.board = cnw_board.load()
        self._overlay_specs = overlays
        self._ring_specs = rings
        self.overlays: dict[str, Any] = {}
        self.rings: dict[str, Any] = {}
        self._ring_codes: dict[str, list[str]] = {}
        self._overlay_paths: dict[str, list[list[str]]] = {}
        self.paint_colours: dict[str, str] | None = None
        self.paint_symbols: dict[str, str] | None = None
        self.codes = list(self.board.gateways)
        self.betweenness = self.board.betweenness()
        self.view = w.ToggleButtons(
            options=[(t("cnw.map.view_geo"), "geo"), (t("cnw.map.view_schematic"), "schematic")],
            value=view,
            description=t("cnw.map.view"),
            style={"button_width": "auto"},
        )
        self.colour_by = w.ToggleButtons(
            options=[(t("cnw.map.by_region"), "region"), (t("cnw.map.by_betweenness"), "betw")],
            value="region",
            description=t("cnw.map.colour_by"),
            style={"button_width": "auto"},  # labels are longer in Italian
        )
        self.gateway = tagged(
            w.Dropdown(
                options=[(t("cnw.map.none"), "")]
                + [(words.gateway(c), c) for c in self.board.gateways],
                value="",
                description=t("cnw.map.gateway"),
            ),
            "cnw-gateway-select",
        )
        self.view.add_class("cnw-view-toggle")
        self.zoom = tagged(
            w.ToggleButtons(
                options=[(t(f"cnw.play.zoom_{k}"), k) for k in ZOOMS] if zoom else [("", "all")],
                value="all",
                description=t("cnw.play.zoom") if zoom else "",
                style={"button_width": "auto"},
            ),
            "cnw-zoom",
        )
        self.info = tagged(w.HTML(), "cnw-gateway-info")
        self.fig = map_figure(height)
        self._build_traces()
        self.view.observe(lambda _: self._redraw(), "value")
        self.zoom.observe(lambda _: self._redraw(), "value")
        self.colour_by.observe(lambda _: self._recolour(), "value")
        self.gateway.observe(lambda ch: self.select(ch["new"] or None), "value")
        ranking = sorted(self.betweenness, key=self.betweenness.get, reverse=True)[:15]
        self.chokepoint_fig = ranking_bars(
            t("cnw.map.chokepoint_title"),
            t("cnw.map.betweenness"),
            [f"{c} {words.place(c)}" for c in ranking],
            [self.betweenness[c] for c in ranking],
            [REGION_COLORS.get(self.board.gateways[c].region, "#888") for c in ranking],
            left=140,
            customdata=ranking,
        )
        on_node_click(self.chokepoint_fig.data[0], self._pick)
        self.chokepoint_box = boxed(self.chokepoint_fig, "cnw-fig-chokepoints")
        self.select(None)
        controls = w.HBox([self.view, self.colour_by], layout=w.Layout(flex_flow="row wrap"))
        super().__init__(
            [controls, self.gateway, boxed(self.fig, "cnw-fig-map"), card([self.info])], **kwargs
        )
        self.add_class("cnw-board-map")

    def chokepoints(self) -> w.VBox:
        """The gateways most shortest paths run through, beside the same selector and details."""
        box = tagged(w.VBox([self.gateway, self.chokepoint_box, self.info]), "cnw-chokepoints")
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
        wrapped = {lk.ends for lk in self.board.wrapped} if self.view.value != "geo" else set()
        paths = []
        for link in links:
            if link.ends not in wrapped:
                paths.append([self._lonlat(link.a), self._lonlat(link.b)])
                continue
            for code in (link.a, link.b):
                g = self.board.gateways[code]
                edge = -6.0 if g.x < 50 else 106.0
                paths.append([schematic_lonlat(g.x, g.y), schematic_lonlat(edge, g.y)])
        return polylines(paths)

    def _build_traces(self) -> None:
        solid = [lk for lk in self.board.links if lk.kind == "solid"]
        dashed = [lk for lk in self.board.links if lk.kind == "dashed"]
        add_lines(self.fig, t("cnw.map.solid_links"), dict(width=1.2, color="#8a8f98"), legend=True)
        dash = dict(width=2, color="#34495e", dash="dash")
        add_lines(self.fig, t("cnw.map.dashed_links"), dash, legend=True)
        add_lines(self.fig, t("cnw.map.selected_links"), dict(width=3.5, color=HIGHLIGHT))
        self._link_sets = (solid, dashed)
        for name, line in self._overlay_specs:
            self.overlays[name] = add_lines(self.fig, name, line)
            self._overlay_paths[name] = []
        self.region_ids = list(self.board.regions)
        self.region_traces: list[Any] = []
        for i, rid in enumerate(self.region_ids):
            region = self.board.regions[rid]
            codes = list(region.gateways)
            hubs = [self.board.gateways[c].hub for c in codes]
            trace = add_nodes(
                self.fig,
                f"{self._region_name(region)} (+{region.bonus})",
                codes,
                [self._lonlat(c) for c in codes],
                hover=[self._hover(c) for c in codes],
                marker=dict(
                    size=[15 if hub else 10 for hub in hubs],
                    symbol=["diamond" if hub else "circle" for hub in hubs],
                    color=REGION_COLORS.get(rid, FALLBACK_COLORS[i % len(FALLBACK_COLORS)]),
                    line=dict(width=1, color="#ffffff"),
                ),
                legend=True,
            )
            on_node_click(trace, self._pick)
            self.region_traces.append(trace)
        self.fig.add_scattergeo(
            name=t("cnw.map.selected"),
            mode="markers",
            hoverinfo="skip",
            showlegend=False,
            marker=dict(size=26, color="rgba(0,0,0,0)", line=dict(width=3, color=HIGHLIGHT)),
        )
        self.ring = self.fig.data[-1]
        for name, marker in self._ring_specs:
            self.fig.add_scattergeo(
                name=name, mode="markers", hoverinfo="skip", showlegend=False, marker=marker
            )
            self.rings[name] = self.fig.data[-1]
            self._ring_codes[name] = []
        self._redraw()

    def _hover(self, code: str, note: str | None = None) -> str:
        """A gateway's hover: name, region, links, and ``note`` (a game's word on it) last."""
        g = self.board.gateways[code]
        region = self.board.regions[g.region]
        links = ", ".join(sorted(self.board.neighbours(code)))
        hub = f" ◆ {t('cnw.map.hub')}" if g.hub else ""
        links = f"{t('cnw.map.links')}: {links}"
        lines = (self._region_name(region), links) + ((note,) if note else ())
        return hover_html(f"{code} {words.place(code)}", *lines, badge=hub)

    @staticmethod
    def _region_name(region: Any) -> str:
        return region.name_it if language() == "it" else region.name

    # ---------------------------------------------------------------- updates in place
    def _redraw(self) -> None:
        with self.fig.batch_update():
            self.fig.layout.geo = self._framed(
                GEO_VIEW if self.view.value == "geo" else SCHEMATIC_VIEW
            )
            for trace, links in zip(self.fig.data[:2], self._link_sets, strict=True):
                trace.lon, trace.lat = self._segments(links)
            for name in self.overlays:
                self._draw_overlay(name)
            for trace, rid in zip(self.region_traces, self.region_ids, strict=True):
                move_nodes(trace, [self._lonlat(c) for c in self.board.regions[rid].gateways])
            for name in self.rings:
                move_nodes(self.rings[name], [self._lonlat(c) for c in self._ring_codes[name]])
            self._draw_selection()
        self._recolour()

    def _framed(self, view: dict[str, Any]) -> dict[str, Any]:
        """``view`` framed on the zoom's regions (their gateways, with a margin)."""
        regions = ZOOMS.get(self.zoom.value, ())
        if not regions:
            return view
        points = [self._lonlat(c) for r in regions for c in self.board.regions[r].gateways]
        lons, lats = [p[0] for p in points], [p[1] for p in points]
        pad_lon = max(6.0, 0.08 * (max(lons) - min(lons)))
        pad_lat = max(4.0, 0.1 * (max(lats) - min(lats)))
        lon = [min(lons) - pad_lon, max(lons) + pad_lon]
        lat = [min(lats) - pad_lat, max(lats) + pad_lat]
        return {
            **view,
            "lonaxis": dict(range=lon),
            "lataxis": dict(range=lat),
            "center": dict(lon=sum(lon) / 2, lat=sum(lat) / 2),
        }

    def _recolour(self) -> None:
        top = max(self.betweenness.values()) or 1.0
        with self.fig.batch_update():
            for i, (trace, rid) in enumerate(zip(self.region_traces, self.region_ids, strict=True)):
                if self.paint_colours is not None:
                    codes = self.board.regions[rid].gateways
                    trace.marker.color = [self.paint_colours.get(c, "#888") for c in codes]
                    trace.marker.showscale = False
                    self._shape(trace, codes)
                elif self.colour_by.value == "region":
                    trace.marker.color = REGION_COLORS.get(rid, FALLBACK_COLORS[i % 7])
                    trace.marker.showscale = False
                    self._shape(trace, self.board.regions[rid].gateways)
                else:
                    self._shape(trace, self.board.regions[rid].gateways)
                    values = [self.betweenness[c] for c in self.board.regions[rid].gateways]
                    title = t("cnw.map.betweenness")
                    colour_by_measure(trace.marker, values, title, scale=i == 0, top=top)

    def _shape(self, trace: Any, codes: list[str]) -> None:
        """Markers by owner when painted with symbols (a second cue beside colour); a hub is
        then drawn larger with a dark outline, since its diamond would read as an owner's
        shape. Without symbols, the region map's own shapes (hubs as diamonds)."""
        hubs = [self.board.gateways[c].hub for c in codes]
        if self.paint_symbols is None:
            trace.marker.symbol = ["diamond" if hub else "circle" for hub in hubs]
            trace.marker.size = [15 if hub else 10 for hub in hubs]
            trace.marker.line = dict(width=1, color="#ffffff")
            return
        trace.marker.symbol = [self.paint_symbols.get(c, "circle") for c in codes]
        trace.marker.size = [18 if hub else 12 for hub in hubs]
        trace.marker.line = dict(
            width=[3 if hub else 1 for hub in hubs],
            color=["#000000" if hub else "#ffffff" for hub in hubs],
        )

    def mark(self, name: str, codes: list[str]) -> None:
        """Ring ``codes`` on the ring trace ``name`` (an empty list clears it), in place."""
        self._ring_codes[name] = list(codes)
        with self.fig.batch_update():
            move_nodes(self.rings[name], [self._lonlat(c) for c in codes])

    def _on_click(self, trace: Any, points: Any, _state: Any) -> None:
        if points.point_inds:
            self._pick(trace.customdata[points.point_inds[0]])

    def _pick(self, code: str) -> None:
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
        move_nodes(ring, [self._lonlat(code)])

    # ---------------------------------------------------------------- hooks for game widgets
    def paint(
        self,
        colours: dict[str, str] | None,
        labels: dict[str, str] | None = None,
        symbols: dict[str, str] | None = None,
        notes: dict[str, str] | None = None,
    ) -> None:
        """Colour each gateway (e.g. by owner), give it a marker shape (``symbols``: the owner's
        shape, so ownership never rests on colour alone), relabel it (e.g. with its pawns) and
        add a line to its hover (``notes``: e.g. out of play in FIERA), in place; ``None`` goes
        back to the "colour by" choice, the airport codes and the board's own hover."""
        self.paint_colours = colours
        self.paint_symbols = symbols if colours is not None else None
        notes = notes or {}
        with self.fig.batch_update():
            for trace, rid in zip(self.region_traces, self.region_ids, strict=True):
                codes = self.board.regions[rid].gateways
                trace.text = [labels.get(c, c) for c in codes] if labels else list(codes)
                hover = [self._hover(c, notes.get(c)) for c in codes]
                if list(trace.hovertext) != hover:
                    trace.hovertext = hover
        self._recolour()

    def draw_overlay(self, name: str, paths: list[list[str]]) -> None:
        """Draw gateway chains (consecutive codes joined by straight segments) on an overlay."""
        self._overlay_paths[name] = [list(p) for p in paths]
        with self.fig.batch_update():
            self._draw_overlay(name)

    def _draw_overlay(self, name: str) -> None:
        paths = [[self._lonlat(code) for code in path] for path in self._overlay_paths[name]]
        set_lines(self.overlays[name], paths)

    def _describe(self, code: str | None) -> str:
        ranking = sorted(self.betweenness, key=self.betweenness.get, reverse=True)
        top = ", ".join(f"{c} ({number(self.betweenness[c], 2)})" for c in ranking[:5])
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
            f"<h4 style='margin:4px 0'>{code} · {words.named(g.name, g.name_it)}{hub}</h4>"
            f"<p>{t('cnw.map.region')}: <b>{words.named(region.name, region.name_it)}</b>, "
            f"{t('cnw.map.bonus')} +{region.bonus}</p>"
            f"<p>{t('cnw.map.links')} ({len(neighbours)}): {items}</p>"
            f"<p>{t('cnw.map.betweenness')}: <b>{number(self.betweenness[code], 3)}</b> "
            f"({t('cnw.map.rank', rank=rank, total=len(self.codes))})</p>" + chokepoints
        )
