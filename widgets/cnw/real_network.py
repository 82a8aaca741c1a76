"""Lesson 10 widgets: CNW's board as a real express network (issue #14 §3).

``RealNetworkLab`` holds three panels over ``gamelib.cnw.resilience`` and the decks:
``"terms"`` (the deck's sectors and deadlines beside what SLA, OBC, AOG, Next Flight Out and an
air charter are in real express logistics), ``"designs"`` (the board as printed, with air
bridges, and our pure hub-and-spoke version: the map, a measures table and the hop histogram)
and ``"resilience"`` (lose one or two gateways: what splits, which corridors of the deck grow,
the next single points of failure). One map and every chart are built once and changed in place.
"""

from __future__ import annotations

from collections import Counter

import ipywidgets as w
import networkx as nx

from gamelib.cnw import board as cnw_board
from gamelib.cnw import cards as cnw_cards
from gamelib.cnw import resilience
from gamelib.cnw import shipments as cnw_shipments
from widgets.cnw import words
from widgets.cnw.board_map import REGION_COLORS, BoardMap
from widgets.cnw.shipments import hop_chart, show_hops
from widgets.common import boxed, card, dropdown, figure, html_table, tagged
from widgets.i18n import t
from widgets.kit.maps import on_node_click, ranking_bars
from widgets.kit.strategy import number, percent

TERMS = ("sla", "obc", "aog", "nfo", "charter")
LOST_COLOUR = "#c0392b"
WEAK_COLOUR = "#e67e22"


class RealNetworkLab:
    """Panels for lesson 10: ``panel("terms" | "designs" | "resilience")``."""

    def __init__(self) -> None:
        self.board = cnw_board.load()
        self.deck = cnw_shipments.load()
        self.measures = {name: resilience.measures(name) for name in resilience.NETWORKS}
        self.map = BoardMap(
            height=480,
            overlays=(
                ("design", dict(width=1.4, color="#8e44ad")),
                ("detour", dict(width=5, color=LOST_COLOUR)),
            ),
            rings=(
                ("lost", dict(size=24, symbol="x", color=LOST_COLOUR)),
                (
                    "weak",
                    dict(size=28, color="rgba(0,0,0,0)", line=dict(width=3, color=WEAK_COLOUR)),
                ),
            ),
        )
        self.map.fig.update_layout(showlegend=False)
        self._build_terms()
        self._build_designs()
        self._build_resilience()

    # ------------------------------------------------------------------ step 1: the trade's words
    def _build_terms(self) -> None:
        self.sector = tagged(
            w.ToggleButtons(
                options=self._sectors(),
                value="aerospace_aog",
                description=t("cnw.real.sector"),
                style={"button_width": "auto"},
            ),
            "cnw-real-sector",
        )
        self.deadline_fig = figure(
            height=300,
            title=t("cnw.real.deadline_title"),
            barmode="group",
            xaxis=dict(title=t("cnw.real.deadline_axis"), dtick=1),
            yaxis=dict(title=t("cnw.real.cards_axis"), dtick=1),
            legend=dict(orientation="h", y=1.02, x=1, xanchor="right", yanchor="bottom"),
        )
        self.deadline_fig.add_bar(
            name=t("cnw.real.this_sector"), x=[], y=[], marker_color="#c0392b"
        )
        self.deadline_fig.add_bar(
            name=t("cnw.real.other_sectors"), x=[], y=[], marker_color="#95a5a6"
        )
        self.sector_info = tagged(w.HTML(), "cnw-real-sector-info")
        self.sector.observe(lambda _: self.update_sector(), "value")
        self.update_sector()

    def _sectors(self) -> list[tuple[str, str]]:
        return [(name, sid) for sid, name in self.deck.sectors.items()]  # the rulebook's names

    def update_sector(self) -> None:
        """Redraw the deadline bars and the card list for the chosen sector."""
        chosen = self.sector.value
        mine = Counter(c.deadline for c in self.deck.cards if c.sector == chosen)
        rest = Counter(c.deadline for c in self.deck.cards if c.sector != chosen)
        days = sorted(set(mine) | set(rest))
        with self.deadline_fig.batch_update():
            self.deadline_fig.data[0].x, self.deadline_fig.data[0].y = days, [mine[d] for d in days]
            self.deadline_fig.data[1].x, self.deadline_fig.data[1].y = days, [rest[d] for d in days]
        rows = [
            [words.shipment(c.id), str(c.deadline), str(c.hops), f"+{c.sla}"]
            for c in self.deck.cards
            if c.sector == chosen
        ]
        head = [
            t("cnw.real.col_card"),
            t("cnw.real.col_deadline"),
            t("cnw.real.col_hops"),
            t("cnw.real.col_sla"),
        ]
        self.sector_info.value = html_table(head, rows)

    def terms_table(self) -> w.HTML:
        """The five words of the trade: what each is for real, in CNW, and what the game drops."""
        symbols = Counter(c.symbol for c in cnw_cards.load().gateway_cards)
        head = [t("cnw.real.col_term"), t("cnw.real.col_real"), t("cnw.real.col_game")]
        rows = [
            [
                f"<b>{t(f'cnw.real.term.{k}.name')}</b>",
                t(f"cnw.real.term.{k}.real"),
                t(
                    f"cnw.real.term.{k}.game",
                    nfo=symbols["next_flight_out"],
                    charter=symbols["air_charter"],
                    aog=self.deck.modifiers["aerospace_aog"],
                ),
            ]
            for k in TERMS
        ]
        return tagged(w.HTML(html_table(head, rows)), "cnw-real-terms")

    # ------------------------------------------------------------------ step 2: network designs
    def _build_designs(self) -> None:
        self.network = tagged(
            w.ToggleButtons(
                options=[(t(f"cnw.real.network.{n}"), n) for n in resilience.NETWORKS],
                value="point_to_point",
                description=t("cnw.real.network_label"),
                style={"button_width": "auto"},
            ),
            "cnw-real-network",
        )
        base = resilience.network("point_to_point")
        self.hops_fig = hop_chart(
            300, "cnw.real", (t("cnw.real.network.point_to_point"), base, "#95a5a6")
        )
        self.designs_table = tagged(w.HTML(), "cnw-real-measures")
        self.network.observe(lambda _: self.update_network(), "value")
        self.update_network()

    def update_network(self) -> None:
        """Show the chosen design on the map, its hops beside the board's, and the table."""
        name = self.network.value
        graph = resilience.network(name)
        board_lines = name != "hub_and_spoke"
        extra = [[a, b] for a, b, kind in graph.edges(data="kind") if kind in ("spoke", "bridge")]
        with self.map.fig.batch_update():
            self.map.fig.data[0].visible = board_lines
            self.map.fig.data[1].visible = board_lines
        self.map.draw_overlay("design", extra)
        show_hops(
            self.hops_fig,
            graph,
            name=t(f"cnw.real.network.{name}"),
            visible=name != "point_to_point",
        )
        self.designs_table.value = self._measures_html(name)
        self.update_loss()

    def _measures_html(self, chosen: str) -> str:
        head = [""] + [
            (f"<b>{t(f'cnw.real.network.{n}')}</b>" if n == chosen else t(f"cnw.real.network.{n}"))
            for n in resilience.NETWORKS
        ]
        ms = [self.measures[n] for n in resilience.NETWORKS]
        rows = [
            [t("cnw.real.m.links")] + [str(m.links) for m in ms],
            [t("cnw.real.m.mean_hops")] + [number(m.mean_hops, 2) for m in ms],
            [t("cnw.real.m.max_hops")] + [str(m.max_hops) for m in ms],
            [t("cnw.real.m.top")] + [f"{m.top} ({number(m.top_betweenness, 2)})" for m in ms],
            [t("cnw.real.m.hub_share")] + [percent(m.hub_share, 0) for m in ms],
            [t("cnw.real.m.cut_points")] + [str(len(m.articulation_points)) for m in ms],
        ]
        return html_table(head, rows)

    # ------------------------------------------------------------------ step 3: resilience
    def _build_resilience(self) -> None:
        options = [(t("cnw.real.none"), "")] + [(words.gateway(c), c) for c in self.board.gateways]
        self.lost = dropdown(
            t("cnw.real.lost"), "cnw-real-lost", "420px", options=options, value=""
        )
        self.lost_too = dropdown(
            t("cnw.real.lost_too"), "cnw-real-lost-too", "420px", options=options, value=""
        )
        self.loss_info = tagged(w.HTML(), "cnw-real-loss-info")
        self.loss_fig = figure(
            height=320,
            title=t("cnw.real.loss_title"),
            barmode="group",
            xaxis=dict(title=t("cnw.real.loss_axis"), automargin=True),
            yaxis=dict(title=t("cnw.real.hops_axis"), dtick=1),
            legend=dict(orientation="h", y=1.02, x=1, xanchor="right", yanchor="bottom"),
        )
        self.loss_fig.add_bar(name=t("cnw.real.before"), x=[], y=[], marker_color="#95a5a6")
        self.loss_fig.add_bar(name=t("cnw.real.after"), x=[], y=[], marker_color=LOST_COLOUR)
        ranked = resilience.losses()
        top = sorted(ranked, key=lambda c: (-ranked[c], list(ranked).index(c)))[:10]
        self.worst_fig = ranking_bars(
            t("cnw.real.worst_title"),
            t("cnw.real.worst_axis"),
            [words.gateway(c) for c in top],
            [ranked[c] for c in top],
            [REGION_COLORS.get(self.board.gateways[c].region, "#888") for c in top],
            left=200,
            customdata=top,
        )
        on_node_click(self.worst_fig.data[0], lambda code: setattr(self.lost, "value", code))
        self.lost.observe(lambda _: self.update_loss(), "value")
        self.lost_too.observe(lambda _: self.update_loss(), "value")
        self.impact = resilience.impact()
        self.update_loss()

    def lost_codes(self) -> tuple[str, ...]:
        """The gateways chosen as lost (none, one or two)."""
        return tuple(sorted({c for c in (self.lost.value, self.lost_too.value) if c}))

    def update_loss(self) -> None:
        """Recompute what the chosen losses do on the chosen network and show it."""
        if not hasattr(self, "lost"):
            return
        name = self.network.value
        hit = resilience.impact(self.lost_codes(), name)
        base = resilience.impact((), name)
        self.impact = hit
        self.map.mark("lost", list(hit.lost))
        self.map.mark("weak", list(hit.articulation_points))
        grown = [s for s in hit.shipments if s[2] is None or s[2] > s[1]]
        rest = resilience.without(resilience.network(name), hit.lost)
        detours = []
        for card_id, _, after in grown:
            c = self.deck.cards[card_id]
            if after is not None:
                detours.append(nx.shortest_path(rest, c.origin, c.destination))
        self.map.draw_overlay("detour", detours[:1])
        labels = [
            f"{self.deck.cards[s[0]].origin}→{self.deck.cards[s[0]].destination}" for s in grown
        ]
        with self.loss_fig.batch_update():
            self.loss_fig.data[0].x, self.loss_fig.data[0].y = labels, [s[1] for s in grown]
            self.loss_fig.data[1].x = labels
            self.loss_fig.data[1].y = [0 if s[2] is None else s[2] for s in grown]
        self.loss_info.value = self._loss_html(hit, base, len(grown))

    def _loss_html(self, hit: resilience.Impact, base: resilience.Impact, grown: int) -> str:
        network = t(f"cnw.real.network.{self.network.value}")
        weak = ", ".join(words.gateway(c) for c in hit.articulation_points) or t("cnw.real.nobody")
        lines = [
            t("cnw.real.loss_network", network=network),
            t(
                "cnw.real.loss_connectivity",
                edges=hit.edge_connectivity,
                nodes=hit.node_connectivity,
            ),
            t("cnw.real.loss_weak", n=len(hit.articulation_points), codes=weak),
            t("cnw.real.loss_cut", n=hit.cut_off_pairs),
            t(
                "cnw.real.loss_hops",
                before=number(base.mean_hops, 2),
                after=number(hit.mean_hops, 2),
            ),
            t("cnw.real.loss_grown", n=grown, total=len(hit.shipments), extra=hit.extra_hops),
        ]
        return "".join(f"<p style='margin:2px 0'>{line}</p>" for line in lines)

    # ------------------------------------------------------------------ panels
    def panel(self, name: str) -> w.Widget:
        """One step's widget, built once: a cell run again shows the same one, and a check finds
        in it the element its prediction veils."""
        panels = self.__dict__.setdefault("_panels", {})
        if name not in panels:
            panels[name] = self._panel(name)
        return panels[name]

    def _panel(self, name: str) -> w.Widget:
        if name == "terms":
            return tagged(
                w.VBox(
                    [
                        self.terms_table(),
                        self.sector,
                        boxed(self.deadline_fig, "cnw-fig-real-deadlines"),
                        card([self.sector_info]),
                    ]
                ),
                "cnw-real-terms-panel",
            )
        if name == "designs":
            return tagged(
                w.VBox(
                    [
                        self.network,
                        self.map,
                        card([self.designs_table]),
                        boxed(self.hops_fig, "cnw-fig-real-hops"),
                    ]
                ),
                "cnw-real-designs-panel",
            )
        if name == "resilience":
            row = w.HBox([self.lost, self.lost_too], layout=w.Layout(flex_flow="row wrap"))
            return tagged(
                w.VBox(
                    [
                        self.network,
                        row,
                        self.map,
                        card([self.loss_info]),
                        boxed(self.loss_fig, "cnw-fig-real-loss"),
                        boxed(self.worst_fig, "cnw-fig-real-worst"),
                    ]
                ),
                "cnw-real-resilience-panel",
            )
        raise ValueError(f"no panel {name!r}")
