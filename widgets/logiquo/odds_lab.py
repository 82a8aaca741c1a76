"""The Logiquo odds lab: exact probabilities from ``gamelib.logiquo.odds`` as live charts, and a
seeded Monte Carlo check on a button. This module only lays the numbers out."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from gamelib.logiquo import cards, odds
from widgets.common import Notice, boxed, card, figure, progress_bar, run_with_progress
from widgets.i18n import t
from widgets.logiquo.deck import category_label

MAX_HAND = 16
GOOD = "#1f618d"
PLAIN = "#b0b7bf"
WARN = "#c0392b"
MC_COLOUR = "#e67e22"
CHAIN_MAX = 6


def _pct(p: float) -> str:
    return f"{100 * float(p):.1f}%"


def _slider(value: int, lo: int, hi: int, key: str, css: str) -> w.IntSlider:
    s = w.IntSlider(
        value=value,
        min=lo,
        max=hi,
        description=t(key),
        style={"description_width": "200px"},
        layout=w.Layout(width="480px"),
    )
    s.add_class(css)
    return s


class OddsLab(w.VBox):
    """A hand of k control cards against a random threat (all, or one category); anomaly
    chains in a threat pile; Monte Carlo beside the exact values."""

    PANELS = ("hand", "category", "chain", "montecarlo")

    def __init__(self, seed: int = 7, **kwargs: Any) -> None:
        self.players = _slider(4, 2, 6, "logiquo.odds.players", "logiquo-players")
        self.hand = _slider(odds.hand_size_for(4), 1, MAX_HAND, "logiquo.odds.hand", "logiquo-hand")
        self.category = w.Dropdown(
            options=[(t("logiquo.deck.all"), "")]
            + [(category_label(c["id"]), c["id"]) for c in cards.threat_categories()],
            value="",
            description=t("logiquo.deck.category"),
            layout=w.Layout(width="480px"),
            style={"description_width": "200px"},
        )
        self.category.add_class("logiquo-odds-category")
        self.summary = w.HTML()
        self.summary.add_class("logiquo-odds-summary")
        self.threats_left = _slider(52, 1, 52, "logiquo.odds.threats_left", "logiquo-threats")
        self.anomalies_left = _slider(13, 0, 13, "logiquo.odds.anomalies_left", "logiquo-anomalies")
        self.chain_summary = w.HTML()
        self.chain_summary.add_class("logiquo-chain-summary")

        self.hand_fig = figure(
            height=360,
            title=t("logiquo.odds.hand_title"),
            xaxis=dict(title=t("logiquo.odds.hand_axis"), dtick=1),
            yaxis=dict(title=t("logiquo.odds.probability"), tickformat=".0%", range=[0, 1.02]),
            legend=dict(orientation="h", y=-0.22),
        )
        self.hand_fig.add_scatter(
            mode="lines+markers",
            name=t("logiquo.odds.exact"),
            line=dict(color=GOOD, width=3),
            hovertemplate="%{x}: %{y:.1%}<extra></extra>",
        )
        self.hand_fig.add_scatter(
            mode="markers+text",
            name=t("logiquo.odds.suggested"),
            marker=dict(size=11, color=PLAIN, symbol="square"),
            textposition="top center",
            hovertemplate="%{text}: %{y:.1%}<extra></extra>",
        )
        self.hand_fig.add_scatter(
            mode="markers",
            name=t("logiquo.odds.you_are_here"),
            marker=dict(size=15, color=WARN),
            hovertemplate="%{x}: %{y:.1%}<extra></extra>",
        )
        self.hand_fig.add_scatter(
            mode="markers",
            name=t("logiquo.odds.monte_carlo"),
            marker=dict(size=10, color=MC_COLOUR, symbol="x"),
            error_y=dict(type="data", symmetric=False, color=MC_COLOUR),
        )
        self.cat_fig = figure(
            height=360,
            title=t("logiquo.odds.cat_title"),
            margin=dict(l=60, r=20, t=50, b=60),
            yaxis=dict(title=t("logiquo.odds.probability"), tickformat=".0%", range=[0, 1]),
        )
        cats = cards.threat_categories()
        self.cat_fig.add_bar(
            x=[c["name"]["en"] for c in cats],
            marker_color=[c["colour"] for c in cats],
            hovertemplate="%{x}: %{y:.1%}<extra></extra>",
        )
        self.chain_fig = figure(
            height=340,
            title=t("logiquo.odds.chain_title"),
            barmode="group",
            xaxis=dict(title=t("logiquo.odds.chain_axis"), dtick=1),
            yaxis=dict(title=t("logiquo.odds.probability"), tickformat=".1%"),
            legend=dict(orientation="h", y=-0.22),
        )
        self.chain_fig.add_bar(
            name=t("logiquo.odds.exactly"),
            marker_color=GOOD,
            hovertemplate="%{x}: %{y:.2%}<extra></extra>",
        )
        self.chain_fig.add_bar(
            name=t("logiquo.odds.at_least"),
            marker_color=PLAIN,
            hovertemplate="≥ %{x}: %{y:.2%}<extra></extra>",
        )

        self.seed = w.IntText(
            value=seed, description=t("common.seed"), layout=w.Layout(width="180px")
        )
        self.mc_n = w.Dropdown(
            options=[1_000, 10_000, 50_000],
            value=10_000,
            description=t("logiquo.odds.mc_n"),
            layout=w.Layout(width="240px"),
        )
        self.mc_button = w.Button(
            description=t("logiquo.odds.mc_run"), icon="play", layout=w.Layout(width="auto")
        )
        self.mc_button.add_class("logiquo-mc-run")
        self.mc_bar = progress_bar()
        self.mc_out = w.HTML()
        self.mc_out.add_class("logiquo-mc-result")
        self.notice = Notice()
        self.mc_button.on_click(lambda _: self.monte_carlo())

        self.players.observe(self._on_players, "value")
        for c in (self.hand, self.category):
            c.observe(self._update, "value")
        for c in (self.threats_left, self.anomalies_left):
            c.observe(self._update_chain, "value")
        self._update()
        self._update_chain()

        self.controls = card(
            [self.players, self.hand, self.category, self.summary], t("logiquo.odds.controls")
        )
        self.boxes = {
            "hand": [self.controls, boxed(self.hand_fig, "logiquo-fig-hand")],
            "category": [
                card([self.hand, self.summary]),
                boxed(self.cat_fig, "logiquo-fig-category"),
            ],
            "chain": [
                card([self.threats_left, self.anomalies_left, self.chain_summary]),
                boxed(self.chain_fig, "logiquo-fig-chain"),
            ],
            "montecarlo": [
                card(
                    [
                        w.HBox([self.seed, self.mc_n, self.mc_button]),
                        self.mc_bar,
                        self.mc_out,
                        self.notice,
                    ],
                    t("logiquo.odds.mc_title"),
                ),
            ],
        }
        super().__init__(self.boxes["hand"], **kwargs)
        self.add_class("logiquo-odds-lab")

    def panel(self, name: str) -> w.VBox:
        if name not in self.PANELS:
            raise ValueError(f"no panel {name!r}; choose one of {', '.join(self.PANELS)}")
        box = w.VBox(self.boxes[name])
        box.add_class(f"logiquo-panel-{name}")
        return box

    # ------------------------------------------------------------------ exact odds
    def _on_players(self, _change: Any = None) -> None:
        self.hand.value = odds.hand_size_for(self.players.value)  # §Preparazione.2

    def _cat(self) -> str | None:
        return self.category.value or None

    def _update(self, _change: Any = None) -> None:
        cat, k = self._cat(), self.hand.value
        xs = list(range(1, MAX_HAND + 1))
        curve = [float(odds.p_random_threat(x, cat)) for x in xs]
        deals = {p: odds.hand_size_for(p) for p in range(2, 7)}
        with self.hand_fig.batch_update():
            self.hand_fig.data[0].x, self.hand_fig.data[0].y = xs, curve
            self.hand_fig.data[1].x = list(deals.values())
            self.hand_fig.data[1].y = [curve[h - 1] for h in deals.values()]
            self.hand_fig.data[1].text = [t("logiquo.odds.n_players", n=p) for p in deals]
            self.hand_fig.data[2].x, self.hand_fig.data[2].y = [k], [curve[k - 1]]
            self.hand_fig.data[3].x, self.hand_fig.data[3].y = [], []
            self.hand_fig.layout.title.text = t(
                "logiquo.odds.hand_title_cat",
                cat=category_label(cat) if cat else t("logiquo.odds.any_threat"),
            )
        per_cat = odds.by_category(k)
        with self.cat_fig.batch_update():
            self.cat_fig.data[0].y = [float(per_cat[c["id"]]) for c in cards.threat_categories()]
            self.cat_fig.layout.title.text = t("logiquo.odds.cat_title_k", k=k)
        p = curve[k - 1]
        best = max(per_cat, key=lambda c: per_cat[c])
        worst = min(per_cat, key=lambda c: per_cat[c])
        self.summary.value = t(
            "logiquo.odds.summary",
            k=k,
            p=_pct(p),
            cat=category_label(cat) if cat else t("logiquo.odds.any_threat"),
            best=category_label(best),
            best_p=_pct(per_cat[best]),
            worst=category_label(worst),
            worst_p=_pct(per_cat[worst]),
        )
        self.mc_out.value = ""

    def _update_chain(self, _change: Any = None) -> None:
        threats, anomalies = self.threats_left.value, self.anomalies_left.value
        ks = list(range(CHAIN_MAX + 1))
        exact = [float(odds.p_anomaly_chain(k, threats, anomalies)) for k in ks]
        at_least = [float(odds.p_anomaly_chain(k, threats, anomalies, at_least=True)) for k in ks]
        with self.chain_fig.batch_update():
            self.chain_fig.data[0].x, self.chain_fig.data[0].y = ks, exact
            self.chain_fig.data[1].x, self.chain_fig.data[1].y = ks, at_least
        self.chain_summary.value = t(
            "logiquo.odds.chain_summary",
            threats=threats,
            anomalies=anomalies,
            p0=_pct(exact[0]),
            p1=_pct(at_least[1]),
            p2=_pct(at_least[2]),
        )

    # ------------------------------------------------------------------ Monte Carlo
    def monte_carlo(self) -> list[dict[str, Any]]:
        """Deal ``mc_n`` seeded hands per suggested deal and shuffle the pile as often; compare
        with the exact values (99.9% Wilson intervals)."""
        n, seed, cat = self.mc_n.value, self.seed.value, self._cat()
        deals = [odds.hand_size_for(p) for p in range(2, 7)]
        threats, anomalies = self.threats_left.value, self.anomalies_left.value
        jobs: list[tuple[str, Any, Any]] = [
            (
                t("logiquo.odds.mc_hand", k=k),
                lambda i, k=k: odds.mc_random_threat(k, n, seed + i, cat),
                odds.p_random_threat(k, cat),
            )
            for k in deals
        ]
        for k in (0, 1, 2):
            jobs.append(
                (
                    t("logiquo.odds.mc_chain", k=k),
                    lambda i, k=k: odds.mc_anomaly_chain(k, n, seed + i, threats, anomalies),
                    odds.p_anomaly_chain(k, threats, anomalies),
                )
            )

        def work(progress: Any) -> list[Any]:
            out = []
            for i, (_label, run, _exact) in enumerate(jobs):
                out.append(run(i))
                progress(i + 1)
            return out

        self.mc_button.disabled = True
        try:
            estimates = run_with_progress(self.mc_bar, len(jobs), work)
        finally:
            self.mc_button.disabled = False
        rows, results = [], []
        for (label, _run, exact), est in zip(jobs, estimates, strict=True):
            inside = est.contains(float(exact))
            results.append({"what": label, "exact": float(exact), "estimate": est})
            verdict = t("logiquo.odds.mc_inside") if inside else t("logiquo.odds.mc_outside")
            rows.append(
                f"<tr><td>{label}</td><td>{_pct(exact)}</td><td>{_pct(est.p)}</td>"
                f"<td>{_pct(est.low)} – {_pct(est.high)}</td><td>{verdict}</td></tr>"
            )
        hands = estimates[: len(deals)]
        with self.hand_fig.batch_update():
            mc = self.hand_fig.data[3]
            mc.x, mc.y = deals, [e.p for e in hands]
            mc.error_y.array = [e.high - e.p for e in hands]
            mc.error_y.arrayminus = [e.p - e.low for e in hands]
        head = "".join(
            f"<th style='padding:2px 8px'>{t(f'logiquo.odds.mc_col_{c}')}</th>"
            for c in ("what", "exact", "est", "interval", "verdict")
        )
        self.mc_out.value = (
            f"<p>{t('logiquo.odds.mc_done', n=f'{n:,}')}</p>"
            f"<table><tr>{head}</tr>{''.join(rows)}</table>"
        )
        return results
