"""Logiquo deck lessons: a card browser, the threat x countermeasure matrix as a heatmap and as a
bipartite network, the greedy cover and defence in depth. Every number comes from
``gamelib.logiquo.cards`` and ``gamelib.logiquo.coverage``; this module only lays it out."""

from __future__ import annotations

import html
import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as w
import networkx as nx
import plotly.graph_objects as go

from gamelib.logiquo import cards, coverage
from widgets.common import boxed, card, dropdown, figure, tagged
from widgets.i18n import t
from widgets.kit.strategy import number, percent, slider, step
from widgets.logiquo.words import (
    both_names,
    card_name,
    card_text,
    category,
    category_label,
    effect,
    impacts,
    lang,
    specials,
)

KINDS = ("threat", "countermeasure", "anomaly", "logiquo", "pentaqo", "data", "rules")
HIGHLIGHT = "#e74c3c"
PLAIN = "#b0b7bf"


def official(title: str, key: str) -> str:
    """A CIS Controls or NIST CSF title as the standard publishes it (in English: the proper name
    of a standard, quoted in italics, never translated), followed by the catalog's gloss in the
    page's language (``logiquo.frameworks.<key>``: Italian words; empty in English, whose pages
    need none), HTML-safe. The decision and its reason are in docs/rules/logiquo.md."""
    gloss = t(f"logiquo.frameworks.{key}")
    quoted = f"<i>{html.escape(title)}</i>"
    return f"{quoted} – {html.escape(gloss)}" if gloss else quoted


def card_html(c: cards.Card) -> str:
    """A card face: names, category, text, and the framework references behind it."""
    colour = c.colour or "#5d6d7e"
    rows = [
        f"<div style='font-size:18px'><b>{c.code}</b> · {both_names(c)}</div>",
        f"<div style='color:#555'>{t(f'logiquo.deck.kind_{c.kind}')}"
        + (f" · {html.escape(category_label(c.category))}" if c.category else "")
        + "</div>",
        f"<p>{html.escape(card_text(c))}</p>",
    ]
    if c.kind == "threat":
        tactics = ", ".join(c.tactics)
        rows.append(
            t(
                "logiquo.deck.threat_facts",
                number=c.number,
                involvement=t(f"logiquo.deck.involvement_{c.involvement}"),
                attack_id=c.attack_id,
                attack_name=html.escape(c.attack_name or ""),
                tactics=html.escape(tactics),
            )
        )
        hits = "".join(f"<li>{html.escape(s)}</li>" for s in impacts(c))
        rows.append(f"<b>{t('logiquo.deck.impacts')}</b><ul>{hits}</ul>")
        special = specials(c)
        if special:
            items = "".join(f"<li>{html.escape(s)}</li>" for s in special)
            rows.append(f"<b>{t('logiquo.deck.special')}</b><ul>{items}</ul>")
        helpers = ", ".join(
            f"{m.code} {html.escape(card_name(m))}" for m in coverage.mitigators(c.number)
        )
        rows.append(t("logiquo.deck.mitigated_by", controls=helpers))
    elif c.kind == "countermeasure":
        cis = cards.cis_safeguards().get(c.cis_safeguard or "", "")
        csf_cat = cards.csf_subcategories().get(c.csf or "", "")
        outcome = cards.csf_outcome(c.csf or "") or ""
        category = (c.csf or "").split("-")[0]
        rows.append(
            t(
                "logiquo.deck.control_facts",
                cis=c.cis_safeguard,
                cis_title=official(cis, f"cis.{c.cis_safeguard}"),
                csf=c.csf,
                csf_category=official(csf_cat, f"csf_category.{category}"),
                outcome=official(outcome, f"csf.{c.csf}"),
            )
        )
        threats = ", ".join(f"{n} {html.escape(card_name(cards.threat(n)))}" for n in c.mitigates)
        rows.append(t("logiquo.deck.mitigates", threats=threats))
    elif c.kind == "anomaly":
        items = "".join(f"<li>{html.escape(effect(e))}</li>" for e in c.effects)
        rows.append(f"<b>{t('logiquo.deck.effects')}</b><ul>{items}</ul>")
    return (
        f"<div style='border-left:8px solid {colour};padding:6px 12px;"
        f"background:#fafafa;max-width:760px'>{''.join(rows)}</div>"
    )


LAYOUT = Path(__file__).with_name("network_layout.json")


def spring_positions() -> dict[str, tuple[float, float]]:
    """The coverage network's seeded spring layout, computed (NumPy needed): what
    ``network_layout.json`` ships. ``python -m widgets.logiquo.deck`` writes it again after the
    deck's links change (a test compares)."""
    pos = nx.spring_layout(coverage.bipartite_graph(), seed=7, k=0.35, iterations=120)
    return {n: (round(float(x), 6), round(float(y), 6)) for n, (x, y) in pos.items()}


def network_positions() -> dict[str, tuple[float, float]]:
    """The shipped layout: the same picture in every kernel, no layout work when the page opens,
    and no NumPy, which the static site's browser Python does not have."""
    return {n: (x, y) for n, (x, y) in json.loads(LAYOUT.read_text(encoding="utf-8")).items()}


class CardBrowser(w.VBox):
    """Filter the deck by kind and category and read one card; a bar chart counts the cards of
    the chosen kind per category (the browsed card's category highlighted)."""

    def __init__(self, **kwargs: Any) -> None:
        self.kind = dropdown(
            t("logiquo.deck.kind"),
            "logiquo-kind",
            "320px",
            options=[(t(f"logiquo.deck.kind_{k}"), k) for k in KINDS],
            value="threat",
        )
        self.category = dropdown(t("logiquo.deck.category"), "logiquo-category", "420px")
        self.card_pick = dropdown(t("logiquo.deck.card"), "logiquo-card-pick", "520px")
        self.face = tagged(w.HTML(), "logiquo-card-face")
        self.count_fig = figure(
            height=300,
            title=t("logiquo.deck.count_title"),
            margin=dict(l=60, r=20, t=50, b=120),
            yaxis=dict(title=t("logiquo.deck.cards_axis"), dtick=2),
        )
        self.count_fig.add_bar(hovertemplate="%{x}: %{y}<extra></extra>")
        self.kind.observe(self._on_kind, "value")
        self.category.observe(self._on_category, "value")
        self.card_pick.observe(self._on_card, "value")
        self._on_kind()
        super().__init__(
            [
                card(
                    [
                        w.HBox([self.kind, self.category], layout=w.Layout(flex_flow="row wrap")),
                        self.card_pick,
                    ],
                    t("logiquo.deck.browser"),
                ),
                self.face,
                boxed(self.count_fig, "logiquo-fig-count"),
            ],
            **kwargs,
        )
        self.add_class("logiquo-browser")

    def _categories(self) -> list[dict[str, Any]]:
        if self.kind.value == "threat":
            return cards.threat_categories()
        if self.kind.value == "countermeasure":
            return cards.control_categories()
        return []

    def _on_kind(self, _change: Any = None) -> None:
        cats = self._categories()
        self.category.options = [(t("logiquo.deck.all"), "")] + [
            (category_label(c["id"]), c["id"]) for c in cats
        ]
        self.category.value = ""
        self.category.disabled = not cats
        kind_cards = cards.by_kind(self.kind.value)
        counts = Counter(c.category for c in kind_cards)
        with self.count_fig.batch_update():
            bars = self.count_fig.data[0]
            if cats:
                bars.x = [category(c["id"]) for c in cats]
                bars.y = [counts[c["id"]] for c in cats]
                bars.marker.color = [c["colour"] for c in cats]
            else:
                bars.x = [t(f"logiquo.deck.kind_{self.kind.value}")]
                bars.y = [len(kind_cards)]
                bars.marker.color = ["#5d6d7e"]
        self._on_category()

    def _on_category(self, _change: Any = None) -> None:
        chosen = [
            c
            for c in cards.by_kind(self.kind.value)
            if not self.category.value or c.category == self.category.value
        ]
        self.card_pick.options = [(f"{c.code} · {card_name(c)}", c.id) for c in chosen]
        if chosen:
            self.card_pick.value = chosen[0].id
        self._on_card()

    def _on_card(self, _change: Any = None) -> None:
        if self.card_pick.value is None:
            self.face.value = ""
            return
        c = cards.load()[self.card_pick.value]
        self.face.value = card_html(c)
        cats = self._categories()
        if cats:
            with self.count_fig.batch_update():
                self.count_fig.data[0].marker.line = dict(
                    width=[3 if x["id"] == c.category else 0 for x in cats], color="#222"
                )


class CoverageLab(w.VBox):
    """The matrix of who mitigates what, four ways: heatmap, network, greedy cover, depth."""

    PANELS = ("heatmap", "network", "cover", "depth")

    def __init__(self, **kwargs: Any) -> None:
        self.boxes: dict[str, list[w.Widget]] = {}
        self._build_heatmap()
        self._build_network()
        self._build_cover()
        self._build_depth()
        super().__init__(self.boxes["heatmap"], **kwargs)
        self.add_class("logiquo-coverage")
        self.panels: dict[str, w.VBox] = {}  # the steps' boxes the page shows

    def panel(self, name: str) -> w.VBox:
        """One lesson step's controls and chart. The box is kept (``panels[name]``), so a
        prediction veils the chart where the page shows it."""
        box = step(self.boxes, name, "logiquo")
        self.panels[name] = box
        return box

    def _panel(
        self,
        name: str,
        control: w.Widget,
        update: Callable[..., None],
        fig: go.FigureWidget,
        *parts: w.Widget,
    ) -> None:
        """Each of the four views is built alike: one control redraws it (``update``, drawn once
        now), then its ``parts`` (a summary) and its chart (class ``logiquo-fig-<name>``)."""
        control.observe(update, "value")
        update()
        self.boxes[name] = [control, *parts, boxed(fig, f"logiquo-fig-{name}")]

    # ------------------------------------------------------------------ heatmap
    def _build_heatmap(self) -> None:
        self.order = tagged(
            w.ToggleButtons(
                options=[
                    (t("logiquo.cover.by_category"), "category"),
                    (t("logiquo.cover.by_number"), "number"),
                    (t("logiquo.cover.by_breadth"), "breadth"),
                ],
                value="category",
                description=t("logiquo.cover.order"),
            ),
            "logiquo-order",
        )
        self.heat_fig = figure(
            height=760,
            title=t("logiquo.cover.heat_title"),
            margin=dict(l=60, r=20, t=60, b=60),
            xaxis=dict(
                title=t("logiquo.cover.threats_axis"), tickangle=-90, dtick=1, tickfont_size=10
            ),
            yaxis=dict(
                title=t("logiquo.cover.controls_axis"),
                autorange="reversed",
                dtick=1,
                tickfont_size=9,
            ),
        )
        self.heat_fig.add_heatmap(
            colorscale=[[0, "#f4f6f7"], [1, "#1f618d"]],
            showscale=False,
            xgap=1,
            ygap=1,
            hovertemplate="%{customdata}<extra></extra>",
        )
        self._panel("heatmap", self.order, self._update_heatmap, self.heat_fig)

    def _update_heatmap(self, _change: Any = None) -> None:
        m = coverage.matrix("number" if self.order.value == "breadth" else self.order.value)
        rows, cols = list(range(len(m.controls))), list(range(len(m.threats)))
        if self.order.value == "breadth":  # most links first: the broad controls on top
            rs, cs = m.row_sums(), m.column_sums()
            rows.sort(key=lambda i: (-rs[i], i))
            cols.sort(key=lambda j: (-cs[j], j))
        cells = [[m.cells[i][j] for j in cols] for i in rows]
        threats = [cards.threat(m.threats[j]) for j in cols]
        controls = [coverage.control(m.controls[i]) for i in rows]
        hover = [
            [
                t(
                    "logiquo.cover.cell_hover",
                    control=f"{c.code} {html.escape(card_name(c))}",
                    threat=f"T{th.number:02d} {html.escape(card_name(th))}",
                    verdict=t("logiquo.cover.yes" if v else "logiquo.cover.no"),
                )
                for th, v in zip(threats, row, strict=True)
            ]
            for c, row in zip(controls, cells, strict=True)
        ]
        with self.heat_fig.batch_update():
            hm = self.heat_fig.data[0]
            hm.z = cells
            hm.x = [f"T{th.number:02d}" for th in threats]
            hm.y = [c.code for c in controls]
            hm.customdata = hover

    # ------------------------------------------------------------------ network
    def _build_network(self) -> None:
        self.graph = coverage.bipartite_graph(lang())
        self.pos = network_positions()
        threat_nodes = [n for n, d in self.graph.nodes(data=True) if d["kind"] == "threat"]
        self.threat_pick = dropdown(
            t("logiquo.cover.threat"),
            "logiquo-threat-pick",
            "480px",
            options=[(t("logiquo.cover.none"), "")]
            + [(f"{n} · {self.graph.nodes[n]['label']}", n) for n in threat_nodes],
            value="",
        )
        self.net_info = tagged(w.HTML(), "logiquo-net-info")
        self.net_fig = figure(
            height=640,
            title=t("logiquo.cover.net_title"),
            showlegend=True,
            legend=dict(orientation="h", y=-0.05),
            xaxis=dict(visible=False),
            yaxis=dict(visible=False, scaleanchor="x"),
            margin=dict(l=10, r=10, t=50, b=40),
        )
        ex, ey = self._edge_xy(self.graph.edges())
        self.net_fig.add_scatter(
            x=ex,
            y=ey,
            mode="lines",
            line=dict(color="#d5d8dc", width=1),
            hoverinfo="skip",
            name=t("logiquo.cover.links"),
        )
        self.net_fig.add_scatter(
            x=[],
            y=[],
            mode="lines",
            line=dict(color=HIGHLIGHT, width=3),
            hoverinfo="skip",
            name=t("logiquo.cover.highlighted"),
        )
        for kind, symbol in (("countermeasure", "circle"), ("threat", "diamond")):
            nodes = [n for n, d in self.graph.nodes(data=True) if d["kind"] == kind]
            self.net_fig.add_scatter(
                x=[self.pos[n][0] for n in nodes],
                y=[self.pos[n][1] for n in nodes],
                mode="markers",
                marker=dict(
                    symbol=symbol,
                    size=[8 + 2 * self.graph.degree(n) for n in nodes],
                    color=[self.graph.nodes[n]["colour"] for n in nodes],
                    line=dict(width=1, color="#444"),
                ),
                customdata=nodes,
                text=[self._node_hover(n) for n in nodes],
                hovertemplate="%{text}<extra></extra>",
                name=t(f"logiquo.cover.nodes_{kind}"),
            )
        self.net_fig.add_scatter(
            x=[],
            y=[],
            mode="markers+text",
            marker=dict(size=16, color="rgba(0,0,0,0)", line=dict(width=3, color=HIGHLIGHT)),
            textposition="top center",
            textfont=dict(size=11),
            hoverinfo="skip",
            name=t("logiquo.cover.selected"),
        )
        for trace in self.net_fig.data[2:4]:
            trace.on_click(self._on_node_click)
        self._panel("network", self.threat_pick, self._update_network, self.net_fig, self.net_info)

    def _edge_xy(self, edges: Any) -> tuple[list[float | None], list[float | None]]:
        xs: list[float | None] = []
        ys: list[float | None] = []
        for a, b in edges:
            xs += [float(self.pos[a][0]), float(self.pos[b][0]), None]
            ys += [float(self.pos[a][1]), float(self.pos[b][1]), None]
        return xs, ys

    def _node_hover(self, node: str) -> str:
        d = self.graph.nodes[node]
        extra = (
            f"ATT&CK {d['attack_id']}"
            if d["kind"] == "threat"
            else f"CIS {d['cis_safeguard']} · CSF {d['csf']}"
        )
        cat = html.escape(category_label(d["category"]))
        return (
            f"<b>{node} {html.escape(d['label'])}</b><br>{cat}"
            f"<br>{extra}<br>{t('logiquo.cover.degree', n=self.graph.degree(node))}"
        )

    def _on_node_click(self, trace: Any, points: Any, _state: Any) -> None:
        if points.point_inds:
            node = trace.customdata[points.point_inds[0]]
            if node.startswith("T"):
                self.threat_pick.value = node

    def _update_network(self, _change: Any = None) -> None:
        node = self.threat_pick.value
        if not node:
            with self.net_fig.batch_update():
                self.net_fig.data[1].x, self.net_fig.data[1].y = [], []
                self.net_fig.data[4].x, self.net_fig.data[4].y = [], []
                self.net_fig.data[4].text = []
            self.net_info.value = t("logiquo.cover.pick_threat")
            return
        controls = sorted(self.graph.neighbors(node))
        ex, ey = self._edge_xy((node, c) for c in controls)
        marked = [node, *controls]
        with self.net_fig.batch_update():
            self.net_fig.data[1].x, self.net_fig.data[1].y = ex, ey
            self.net_fig.data[4].x = [float(self.pos[n][0]) for n in marked]
            self.net_fig.data[4].y = [float(self.pos[n][1]) for n in marked]
            self.net_fig.data[4].text = marked
        names = ", ".join(f"{c} {html.escape(self.graph.nodes[c]['label'])}" for c in controls)
        self.net_info.value = t(
            "logiquo.cover.net_info",
            threat=f"{node} {html.escape(self.graph.nodes[node]['label'])}",
            n=len(controls),
            controls=names,
        )

    # ------------------------------------------------------------------ greedy cover
    def _build_cover(self) -> None:
        self.steps = coverage.greedy_cover()
        total = len(cards.by_kind("threat"))
        budget = t("logiquo.cover.budget")
        self.budget = slider(budget, 5, 1, len(self.steps), "logiquo-budget", 560, "220px")
        self.cover_info = tagged(w.HTML(), "logiquo-cover-info")
        self.cover_fig = figure(
            height=420,
            title=t("logiquo.cover.cover_title"),
            margin=dict(l=60, r=60, t=50, b=90),
            xaxis=dict(title=t("logiquo.cover.pick_axis"), tickangle=-45),
            yaxis=dict(title=t("logiquo.cover.new_axis")),
            yaxis2=dict(
                title=t("logiquo.cover.cum_axis"),
                overlaying="y",
                side="right",
                range=[0, total * 1.05],
            ),
            legend=dict(orientation="h", y=1.08),
        )
        codes = [s.code for s in self.steps]
        self.cover_fig.add_bar(
            x=codes,
            y=[len(s.newly_covered) for s in self.steps],
            name=t("logiquo.cover.new"),
            customdata=[
                f"{s.code} {html.escape(card_name(coverage.control(s.code)))}" for s in self.steps
            ],
            hovertemplate="%{customdata}: +%{y}<extra></extra>",
        )
        self.cover_fig.add_scatter(
            x=codes,
            y=[s.covered for s in self.steps],
            yaxis="y2",
            mode="lines+markers",
            name=t("logiquo.cover.cumulative"),
            line=dict(color="#1f618d", width=3),
        )
        self._panel("cover", self.budget, self._update_cover, self.cover_fig, self.cover_info)

    def _update_cover(self, _change: Any = None) -> None:
        k = self.budget.value
        total = len(cards.by_kind("threat"))
        with self.cover_fig.batch_update():
            self.cover_fig.data[0].marker.color = [
                HIGHLIGHT if i < k else PLAIN for i in range(len(self.steps))
            ]
        covered = self.steps[k - 1].covered
        picked = ", ".join(
            f"{s.code} {html.escape(card_name(coverage.control(s.code)))}" for s in self.steps[:k]
        )
        self.cover_info.value = t(
            "logiquo.cover.cover_info",
            k=k,
            covered=covered,
            total=total,
            pct=percent(covered / total, 0),
            picked=picked,
            needed=len(self.steps),
        )

    # ------------------------------------------------------------------ depth
    def _build_depth(self) -> None:
        self.depth_cat = dropdown(
            t("logiquo.deck.category"),
            "logiquo-depth-category",
            "460px",
            options=[(t("logiquo.deck.all"), "")]
            + [(category_label(c["id"]), c["id"]) for c in cards.threat_categories()],
            value="",
        )
        self.depth_info = tagged(w.HTML(), "logiquo-depth-info")
        self.depth_fig = figure(
            height=360,
            title=t("logiquo.cover.depth_title"),
            xaxis=dict(title=t("logiquo.cover.depth_axis"), dtick=1),
            yaxis=dict(title=t("logiquo.cover.threat_count_axis")),
        )
        self.depth_fig.add_bar(marker_color="#1f618d", hovertemplate="%{x}: %{y}<extra></extra>")
        self._panel("depth", self.depth_cat, self._update_depth, self.depth_fig, self.depth_info)

    def _update_depth(self, _change: Any = None) -> None:
        per = coverage.coverage_by_threat()
        chosen = [
            c
            for c in cards.by_kind("threat")
            if not self.depth_cat.value or c.category == self.depth_cat.value
        ]
        counts = Counter(per[c.number] for c in chosen)
        xs = list(range(1, max(per.values()) + 1))
        with self.depth_fig.batch_update():
            self.depth_fig.data[0].x = xs
            self.depth_fig.data[0].y = [counts.get(x, 0) for x in xs]
        thin = sorted(chosen, key=lambda c: (per[c.number], c.number))[:3]
        thick = max(chosen, key=lambda c: (per[c.number], -c.number))
        self.depth_info.value = t(
            "logiquo.cover.depth_info",
            n=len(chosen),
            mean=number(sum(per[c.number] for c in chosen) / len(chosen)),
            thin=", ".join(
                f"{c.number} {html.escape(card_name(c))} ({per[c.number]})" for c in thin
            ),
            thick=f"{thick.number} {html.escape(card_name(thick))} ({per[thick.number]})",
        )


if __name__ == "__main__":
    rows = [f'  "{n}": [{x}, {y}]' for n, (x, y) in sorted(spring_positions().items())]
    LAYOUT.write_text("{\n" + ",\n".join(rows) + "\n}\n", encoding="utf-8")
    print(f"wrote {LAYOUT}")
