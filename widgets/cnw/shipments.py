"""Lesson 3 widgets: the shipment deck (§10, §10.3), corridors on the map, air bridges (§7.3).

``ShipmentLab`` holds one map whose overlay shows a chosen shipment's shortest corridor, a hub
picker ("these hubs are mine") that adds air bridges and redraws the corridor, the hop-distance
histogram with and without bridges and the chokepoint ranking, and the deck's class chart. Every
figure is built once and changed in place.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import ipywidgets as w
import networkx as nx
import plotly.graph_objects as go

from gamelib.cnw import board as cnw_board
from gamelib.cnw import corridors
from gamelib.cnw import shipments as cnw_shipments
from widgets.cnw import words
from widgets.cnw.board_map import BoardMap
from widgets.common import boxed, button, card, dropdown, figure, tagged
from widgets.i18n import language, t
from widgets.kit.strategy import number


def hop_chart(
    height: int, texts: str, base: tuple[str, nx.Graph, str], other: str = ""
) -> go.FigureWidget:
    """How many hops apart the gateway pairs are on two networks, as grouped bars: ``base``
    (its name, its graph, its colour) drawn once, the other network purple and filled by
    :func:`show_hops`. The air bridges here and the network designs of ``real_network`` are
    compared so; the texts are ``<texts>.hops_title``, ``.hops_axis`` and ``.pairs_axis``."""
    fig = figure(
        height=height,
        title=t(f"{texts}.hops_title"),
        barmode="group",
        xaxis=dict(title=t(f"{texts}.hops_axis"), dtick=1),
        yaxis=dict(title=t(f"{texts}.pairs_axis")),
        legend=dict(orientation="h", y=1.02, x=1, xanchor="right", yanchor="bottom"),
    )
    name, graph, colour = base
    counts = corridors.hop_counts(graph)
    fig.add_bar(name=name, x=list(counts), y=list(counts.values()), marker_color=colour)
    fig.add_bar(name=other, x=[], y=[], marker_color="#8e44ad")
    return fig


def show_hops(fig: go.FigureWidget, graph: nx.Graph, **trace: Any) -> dict[int, int]:
    """Put ``graph``'s hop counts on the second network of a :func:`hop_chart` (``trace``: its
    name, whether it shows); returns them."""
    counts = corridors.hop_counts(graph)
    with fig.batch_update():
        fig.data[1].update(x=list(counts), y=list(counts.values()), **trace)
    return counts


CLASS_COLORS = {"regional": "#2ca02c", "continental": "#1f77b4", "intercontinental": "#c0392b"}


def route(codes: list[str]) -> str:
    """A corridor or a delivery chain in words: each gateway with its city ("MXP · Milano
    Malpensa") rather than a bare airport code."""
    return " → ".join(words.gateway(c) for c in codes)


class ShipmentLab:
    """Panels for lesson 3: ``panel("classes" | "corridor" | "bridges" | "deck")``."""

    def __init__(self, shipment: int = 0) -> None:
        self.panels: dict[str, w.Widget] = {}  # the panels built, by name
        self.board = cnw_board.load()
        self.deck = cnw_shipments.load()
        self.map = BoardMap(
            height=480,
            overlays=(
                ("corridor", dict(width=5, color="#c0392b")),
                ("bridges", dict(width=1.5, color="#8e44ad", dash="dot")),
            ),
        )
        self.map.fig.update_layout(showlegend=False)
        self.shipment = dropdown(
            t("cnw.ships.shipment"),
            "cnw-shipment-select",
            "520px",
            options=[(self._label(c), c.id) for c in self.deck.cards],
            value=shipment,
        )
        self.hubs = tagged(
            w.SelectMultiple(
                options=[(words.gateway(h), h) for h in self.board.hubs],
                value=(),
                rows=7,
                description=t("cnw.ships.my_hubs"),
                layout=w.Layout(width="360px"),
            ),
            "cnw-hub-select",
        )
        self.all_hubs = button(t("cnw.ships.all_hubs"), "cnw-all-hubs")
        self.no_hubs = w.Button(description=t("cnw.ships.no_hubs"), layout=w.Layout(width="auto"))
        self.all_hubs.on_click(lambda _: setattr(self.hubs, "value", tuple(self.board.hubs)))
        self.no_hubs.on_click(lambda _: setattr(self.hubs, "value", ()))
        self.corridor_info = tagged(w.HTML(), "cnw-corridor-info")
        self.bridges_info = tagged(w.HTML(), "cnw-bridges-info")
        # distances with and without air bridges
        without = (t("cnw.ships.without_bridges"), corridors.bridged_graph(), "#9aa0a6")
        self.hops_fig = hop_chart(320, "cnw.ships", without, t("cnw.ships.with_bridges"))
        self.choke_fig = figure(
            height=340,
            title=t("cnw.ships.choke_title"),
            yaxis=dict(autorange="reversed"),
            xaxis=dict(title=t("cnw.map.betweenness")),
            margin=dict(l=150, r=20, t=50, b=40),
        )
        self.choke_fig.add_bar(orientation="h", x=[], y=[], marker_color="#e67e22")
        # the deck: classes by sector
        self.deck_fig = figure(
            height=340,
            title=t("cnw.ships.deck_title"),
            barmode="stack",
            yaxis=dict(title=t("cnw.ships.cards_axis")),
            legend=dict(orientation="h", y=-0.3, x=0.5, xanchor="center", yanchor="top"),
            margin=dict(l=50, r=20, t=50, b=100),
        )
        self.deck_by = tagged(
            w.ToggleButtons(
                options=[(t("cnw.ships.by_sector"), "sector"), (t("cnw.ships.by_hops"), "hops")],
                value="sector",
                description=t("cnw.ships.group_by"),
            ),
            "cnw-deck-by",
        )
        for klass in self.deck.classes.values():
            self.deck_fig.add_bar(
                name=words.named(klass.name, klass.name_it),
                x=[],
                y=[],
                marker_color=CLASS_COLORS[klass.id],
            )
        self.shipment.observe(lambda _: self.update_corridor(), "value")
        self.hubs.observe(lambda _: self.update_bridges(), "value")
        self.deck_by.observe(lambda _: self.update_deck(), "value")
        self.update_bridges()
        self.update_deck()

    def _label(self, c: Any) -> str:
        klass = self.deck.classes[c.klass]
        return t(
            "cnw.ships.option",
            id=c.id,
            origin=words.gateway(c.origin),
            destination=words.gateway(c.destination),
            sector=self.deck.sectors[c.sector],
            klass=klass.name_it if language() == "it" else klass.name,
            hops=c.hops,
        )

    # ---------------------------------------------------------------- updates in place
    def update_corridor(self) -> None:
        card_ = self.deck.cards[self.shipment.value]
        hubs = tuple(self.hubs.value)
        plain = corridors.corridor(card_.origin, card_.destination)
        path = corridors.corridor(card_.origin, card_.destination, hubs)
        self.map.draw_overlay("corridor", [path])
        self.map.select(None)
        klass = self.deck.classes[card_.klass]
        self.corridor_info.value = t(
            "cnw.ships.corridor_info",
            origin=words.gateway(card_.origin),
            destination=words.gateway(card_.destination),
            path=route(path),
            hops=len(path) - 1,
            board_hops=len(plain) - 1,
            dashed=card_.dashed,
            klass=words.named(klass.name, klass.name_it),
            deadline=card_.deadline,
            pawns=card_.pawns,
            sla=card_.sla,
            text=card_.text_it if language() == "it" else card_.text,
        )

    def update_bridges(self) -> None:
        hubs = tuple(self.hubs.value)
        pairs = [[a, b] for i, a in enumerate(hubs) for b in hubs[i + 1 :]]
        self.map.draw_overlay("bridges", pairs)
        graph = corridors.bridged_graph(hubs)
        counts = show_hops(self.hops_fig, graph)
        ranked = corridors.chokepoints(hubs, top=12)
        with self.choke_fig.batch_update():
            bar = self.choke_fig.data[0]
            bar.x = [v for _, v in ranked]
            bar.y = [f"{c} {words.place(c)}" for c, _ in ranked]
            bar.marker.color = ["#8e44ad" if c in hubs else "#e67e22" for c, _ in ranked]
        self.bridges_info.value = t(
            "cnw.ships.bridges_info",
            hubs=len(hubs),
            bridges=len(pairs),
            before=number(corridors.mean_hops(corridors.bridged_graph()), 2),
            after=number(corridors.mean_hops(graph), 2),
            diameter=max(counts),
        )
        self.update_corridor()

    def update_deck(self) -> None:
        by = self.deck_by.value
        keys = (
            list(self.deck.sectors) if by == "sector" else sorted({c.hops for c in self.deck.cards})
        )
        labels = [self.deck.sectors[k] for k in keys] if by == "sector" else [str(k) for k in keys]
        with self.deck_fig.batch_update():
            for trace, klass in zip(self.deck_fig.data, self.deck.classes, strict=True):
                count = Counter(
                    (c.sector if by == "sector" else c.hops)
                    for c in self.deck.cards
                    if c.klass == klass
                )
                trace.x = labels
                trace.y = [count.get(k, 0) for k in keys]
            self.deck_fig.layout.xaxis.title = t(f"cnw.ships.by_{by}")

    # ---------------------------------------------------------------- panels
    def classes_table(self) -> w.HTML:
        rows = "".join(
            f"<tr><td><b style='color:{CLASS_COLORS[c.id]}'>"
            f"{words.named(c.name, c.name_it)}</b></td>"
            f"<td>{t('cnw.ships.upto', n=c.max_hops) if c.max_hops else t('cnw.ships.any_hops')}"
            f"</td><td>{c.deadline}</td><td>+{c.pawns}</td><td>+{c.sla}</td>"
            f"<td>{sum(1 for k in self.deck.cards if k.klass == c.id)}</td></tr>"
            for c in self.deck.classes.values()
        )
        mods = ", ".join(
            f"{self.deck.sectors[s]} {m:+d}" for s, m in self.deck.modifiers.items() if m
        )
        head = "".join(
            f"<th style='padding:2px 10px'>{t(f'cnw.ships.col_{k}')}</th>"
            for k in ("class", "hops", "deadline", "pawns", "sla", "cards")
        )
        html = tagged(
            w.HTML(
                f"<table><tr>{head}</tr>{rows}</table><p>{t('cnw.ships.modifiers', mods=mods)}</p>"
            ),
            "cnw-classes",
        )
        return html

    def panel(self, name: str) -> w.Widget:
        """One step's panel, kept in ``panels`` (the last built of each name: what a lesson's
        prediction veils a chart in)."""
        self.panels[name] = self._panel(name)
        return self.panels[name]

    def _panel(self, name: str) -> w.Widget:
        if name == "classes":
            return card([self.classes_table()], t("cnw.ships.classes_title"))
        if name == "corridor":
            box = tagged(
                w.VBox(
                    [
                        self.shipment,
                        self.map.view,
                        boxed(self.map.fig, "cnw-fig-corridor"),
                        self.corridor_info,
                    ]
                ),
                "cnw-corridor",
            )
            return box
        if name == "bridges":
            controls = w.HBox([self.hubs, w.VBox([self.all_hubs, self.no_hubs, self.bridges_info])])
            box = tagged(
                w.VBox(
                    [
                        controls,
                        self.corridor_info,
                        boxed(self.hops_fig, "cnw-fig-hops"),
                        boxed(self.choke_fig, "cnw-fig-choke"),
                    ]
                ),
                "cnw-bridges",
            )
            return box
        if name == "deck":
            box = tagged(w.VBox([self.deck_by, boxed(self.deck_fig, "cnw-fig-deck")]), "cnw-deck")
            return box
        raise ValueError(f"no panel {name!r}")
