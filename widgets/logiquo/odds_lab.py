"""The Logiquo odds lab: exact probabilities from ``gamelib.logiquo.odds`` as live charts, and a
seeded Monte Carlo check on a button (``widgets.kit.odds``). This module only lays the numbers
out."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from gamelib.logiquo import cards, odds
from widgets.common import boxed, card, localise_percents, tagged
from widgets.i18n import t
from widgets.kit import odds as mc
from widgets.kit.strategy import chart, percent, seed_setting, slider, step
from widgets.logiquo.words import category, category_label

MAX_HAND = 16
GOOD = "#1f618d"
PLAIN = "#b0b7bf"
WARN = "#c0392b"
CHAIN_MAX = 6

# chunk i of a question plays with its seed + i * CHUNK_SEEDS (chunk 0: the question's own seed)
CHUNK_SEEDS = 1_000_003


SLIDER = dict(width=480, label_width="200px")


def _interval(successes: int, trials: int) -> tuple[float, float]:
    """gamelib's 99.9% Wilson interval (``odds.wilson``) as (low, high)."""
    e = odds.wilson(successes, trials)
    return e.low, e.high


class OddsLab(w.VBox):
    """A hand of k control cards against a random threat (all, or one category); anomaly
    chains in a threat pile; Monte Carlo beside the exact values."""

    PANELS = ("hand", "category", "chain", "montecarlo")

    def __init__(self, seed: int = 7, **kwargs: Any) -> None:
        self.players = slider(t("logiquo.odds.players"), 4, 2, 6, "logiquo-players", **SLIDER)
        self.hand = slider(
            t("logiquo.odds.hand"), odds.hand_size_for(4), 1, MAX_HAND, "logiquo-hand", **SLIDER
        )
        self.category = w.Dropdown(
            options=[(t("logiquo.deck.all"), "")]
            + [(category_label(c["id"]), c["id"]) for c in cards.threat_categories()],
            value="",
            description=t("logiquo.deck.category"),
            layout=w.Layout(width="480px"),
            style={"description_width": "200px"},
        )
        self.category.add_class("logiquo-odds-category")
        self.summary = tagged(w.HTML(), "logiquo-odds-summary")
        self.threats_left = slider(
            t("logiquo.odds.threats_left"), 52, 1, 52, "logiquo-threats", **SLIDER
        )
        self.anomalies_left = slider(
            t("logiquo.odds.anomalies_left"), 13, 0, 13, "logiquo-anomalies", **SLIDER
        )
        self.chain_summary = tagged(w.HTML(), "logiquo-chain-summary")

        self.hand_fig = chart(
            360,
            t("logiquo.odds.hand_title"),
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
        mc.add_simulated(self.hand_fig, t("logiquo.odds.monte_carlo"), size=10, interval=True)
        self.cat_fig = chart(
            360,
            t("logiquo.odds.cat_title"),
            margin=dict(l=60, r=20, t=50, b=60),
            yaxis=dict(title=t("logiquo.odds.probability"), tickformat=".0%", range=[0, 1]),
        )
        cats = cards.threat_categories()
        self.cat_fig.add_bar(
            x=[category(c["id"]) for c in cats],
            marker_color=[c["colour"] for c in cats],
            hovertemplate="%{x}: %{y:.1%}<extra></extra>",
        )
        self.chain_fig = chart(
            340,
            t("logiquo.odds.chain_title"),
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
        for fig in (self.hand_fig, self.cat_fig, self.chain_fig):
            localise_percents(fig)

        self.seed = seed_setting(seed).build()
        self.mc = mc.MonteCarloPanel(
            mc.trials_choice(t("logiquo.odds.mc_n"), width=240),
            t("logiquo.odds.mc_run"),
            "logiquo-mc-run",
            "logiquo-mc-result",
            self.monte_carlo,
            title=t("logiquo.odds.mc_title"),
            lead=[self.seed],
            interval=_interval,
        )

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
            "montecarlo": [self.mc.box],
        }
        super().__init__(self.boxes["hand"], **kwargs)
        self.add_class("logiquo-odds-lab")
        self.panels: dict[str, w.VBox] = {}  # the steps' boxes the page shows

    def panel(self, name: str) -> w.VBox:
        """One lesson step: that step's controls and charts. The box is kept
        (``panels[name]``), so a prediction veils the chart where the page shows it."""
        box = step(self.boxes, name, "logiquo")
        self.panels[name] = box
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
            p=percent(p),
            cat=category_label(cat) if cat else t("logiquo.odds.any_threat"),
            best=category_label(best),
            best_p=percent(per_cat[best]),
            worst=category_label(worst),
            worst_p=percent(per_cat[worst]),
        )
        self.mc.out.value = ""

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
            p0=percent(exact[0]),
            p1=percent(at_least[1]),
            p2=percent(at_least[2]),
        )

    # ------------------------------------------------------------------ Monte Carlo
    def monte_carlo(self) -> list[dict[str, Any]]:
        """Deal seeded hands for each suggested deal and shuffle the pile as often as asked;
        compare with the exact values (99.9% Wilson intervals)."""
        n = self.mc.asked()
        if n is None:
            return []
        seed, cat = self.seed.value, self._cat()
        deals = [odds.hand_size_for(p) for p in range(2, 7)]
        threats, anomalies = self.threats_left.value, self.anomalies_left.value
        chain_seed = seed + len(deals)  # one seed per row, in table order
        questions = [
            mc.Question(
                t("logiquo.odds.mc_hand", k=k),
                float(odds.p_random_threat(k, cat)),
                lambda m, i, k=k, s=seed + j: _hits(
                    odds.mc_random_threat(k, m, s + CHUNK_SEEDS * i, cat)
                ),
                key=dict(lab="logiquo.threat", k=k, seed=seed + j, category=cat),
            )
            for j, k in enumerate(deals)
        ]
        questions += [
            mc.Question(
                t("logiquo.odds.mc_chain", k=k),
                float(odds.p_anomaly_chain(k, threats, anomalies)),
                lambda m, i, k=k, s=chain_seed + k: _hits(
                    odds.mc_anomaly_chain(k, m, s + CHUNK_SEEDS * i, threats, anomalies)
                ),
                key=dict(lab="logiquo.chain", k=k, seed=chain_seed + k, threats=threats)
                | {"anomalies": anomalies},
            )
            for k in (0, 1, 2)
        ]
        checks = self.mc.compare(questions, n)
        with self.hand_fig.batch_update():
            mc.show_checks(self.hand_fig.data[3], deals, checks[: len(deals)])
        head = [
            t(f"logiquo.odds.mc_col_{c}") for c in ("what", "exact", "est", "interval", "verdict")
        ]
        inside, outside = t("logiquo.odds.mc_inside"), t("logiquo.odds.mc_outside")
        self.mc.report(checks, "logiquo.odds.mc_done", head, inside, outside)
        return [
            {"what": c.label, "exact": c.exact, "estimate": odds.wilson(c.successes, c.trials)}
            for c in checks
        ]


def _hits(estimate: odds.Estimate) -> int:
    """The successes behind a gamelib estimate (its share times its trials)."""
    return round(estimate.p * estimate.trials)
