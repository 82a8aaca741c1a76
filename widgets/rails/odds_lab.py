"""The Rails card lab: exact hypergeometric odds from ``gamelib.rails.odds`` as live charts, and
a seeded Monte Carlo check on a button (``widgets.kit.odds``). This module only lays the numbers
out."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from gamelib.rails import odds
from widgets.common import boxed, card, localise_percents, tagged
from widgets.i18n import t
from widgets.kit import odds as mc
from widgets.kit.strategy import chart, number, percent, seed_setting, slider, step

MAX_DRAWS = 30
GOOD = "#1f77b4"
PLAIN = "#b0b7bf"
WARN = "#c0392b"


SLIDER = dict(width=460, label_width="190px")


class OddsLab(w.VBox):
    """A hand and a route; the chance to be ready after k draws; the face-up wipe; the price of
    a face-up locomotive; Monte Carlo."""

    PANELS = ("ready", "wipe", "choice", "montecarlo")

    def __init__(self, seed: int = 7, **kwargs: Any) -> None:
        self.length = slider(t("rails.odds.length"), 4, 1, 6, "rails-length", **SLIDER)
        self.colour = slider(t("rails.odds.colour"), 1, 0, 12, "rails-colour", **SLIDER)
        self.locos = slider(t("rails.odds.locos"), 0, 0, 14, "rails-locos", **SLIDER)
        self.other = slider(t("rails.odds.other"), 3, 0, 40, "rails-other", **SLIDER)
        self.draws = slider(t("rails.odds.draws"), 6, 0, MAX_DRAWS, "rails-draws", **SLIDER)
        self.summary = tagged(w.HTML(), "rails-odds-summary")
        self.deck_locos = slider(
            t("rails.odds.deck_locos"), 14, 0, 14, "rails-deck-locos", **SLIDER
        )
        self.deck_size = slider(t("rails.odds.deck_size"), 110, 5, 110, "rails-deck-size", **SLIDER)
        self.wipe_summary = tagged(w.HTML(), "rails-wipe-summary")

        self.ready_fig = chart(
            340,
            t("rails.odds.ready_title"),
            xaxis=dict(title=t("rails.odds.draws_axis")),
            yaxis=dict(title=t("rails.odds.probability"), tickformat=".0%", range=[0, 1.02]),
            legend=dict(orientation="h", y=-0.25),
        )
        self.ready_fig.add_scatter(
            mode="lines", name=t("rails.odds.with_locos"), line=dict(color=GOOD, width=3)
        )
        self.ready_fig.add_scatter(
            mode="lines",
            name=t("rails.odds.without_locos"),
            line=dict(color=PLAIN, width=2, dash="dot"),
        )
        self.ready_fig.add_scatter(
            mode="markers", name=t("rails.odds.you_are_here"), marker=dict(size=13, color=WARN)
        )
        self.dist_fig = chart(
            300,
            t("rails.odds.dist_title"),
            xaxis=dict(title=t("rails.odds.usable_axis"), dtick=1),
            yaxis=dict(title=t("rails.odds.probability"), tickformat=".0%"),
        )
        self.dist_fig.add_bar(hovertemplate="%{x}: %{y:.1%}<extra></extra>")
        self.wipe_fig = chart(
            320,
            t("rails.odds.wipe_title"),
            xaxis=dict(title=t("rails.odds.locos_axis"), dtick=1),
            yaxis=dict(title=t("rails.odds.probability"), tickformat=".1%"),
        )
        self.wipe_fig.add_bar(hovertemplate="%{x}: %{y:.2%}<extra></extra>")
        for fig in (self.ready_fig, self.dist_fig, self.wipe_fig):
            localise_percents(fig)
        self.choice_fig = chart(
            320,
            t("rails.odds.choice_title"),
            barmode="group",
            yaxis=dict(title=t("rails.odds.expected_cards")),
            legend=dict(orientation="h", y=-0.2),
        )
        cats = [t("rails.odds.cards"), t("rails.odds.useful"), t("rails.odds.locomotives")]
        self.choice_fig.add_bar(x=cats, name=t("rails.odds.blind"), marker_color=GOOD)
        self.choice_fig.add_bar(x=cats, name=t("rails.odds.face_up_loco"), marker_color=WARN)

        self.seed = seed_setting(seed).build()
        self.mc = mc.MonteCarloPanel(
            mc.trials_choice(t("rails.odds.mc_n")),
            t("rails.odds.mc_run"),
            "rails-mc-run",
            "rails-mc-result",
            self._monte_carlo,
            title=t("rails.odds.mc_title"),
            lead=[self.seed],
            width=None,
            interval=odds.wilson_interval,
            most_chunks=20,
            least_chunk=500,
        )

        for c in (self.length, self.colour, self.locos, self.other, self.draws):
            c.observe(self._update, "value")
        for c in (self.deck_locos, self.deck_size):
            c.observe(self._update_wipe, "value")
        self._update()
        self._update_wipe()

        self.controls = card(
            [self.length, self.colour, self.locos, self.other, self.draws, self.summary],
            t("rails.odds.controls"),
        )
        # the wipe's sentence and chart in one box: what a prediction veils (issue #25)
        self.wipe_view = tagged(
            w.VBox([self.wipe_summary, boxed(self.wipe_fig, "rails-fig-wipe")]), "rails-wipe-view"
        )
        self.boxes = {
            "ready": [
                boxed(self.ready_fig, "rails-fig-ready"),
                boxed(self.dist_fig, "rails-fig-dist"),
            ],
            "wipe": [
                card([self.deck_locos, self.deck_size]),
                self.wipe_view,
            ],
            "choice": [boxed(self.choice_fig, "rails-fig-choice")],
            "montecarlo": [self.mc.box],
        }
        super().__init__([self.controls, *self.boxes["ready"]], **kwargs)
        self.add_class("rails-odds-lab")

    def panel(self, name: str) -> w.VBox:
        """One lesson step: the shared hand controls (not for the wipe) and that step's charts."""
        return step(self.boxes, name, "rails", [] if name == "wipe" else [self.controls])

    # ------------------------------------------------------------------ exact odds
    def pool(self) -> odds.Pool:
        return odds.unseen_pool(self.colour.value, self.locos.value, self.other.value)

    def _update(self, _change: Any = None) -> None:
        pool = self.pool()
        length, k = self.length.value, self.draws.value
        have = self.colour.value + self.locos.value
        xs = list(range(MAX_DRAWS + 1))
        with_locos = [float(odds.route_ready(length, have, x, pool)) for x in xs]
        colour_only = odds.Pool(pool.total, pool.colour, 0)
        without = [float(odds.route_ready(length, self.colour.value, x, colour_only)) for x in xs]
        p = with_locos[k]
        pmf = odds.hypergeometric_pmf(pool.total, pool.good, min(k, pool.total))
        with self.ready_fig.batch_update():
            self.ready_fig.data[0].x, self.ready_fig.data[0].y = xs, with_locos
            self.ready_fig.data[1].x, self.ready_fig.data[1].y = xs, without
            self.ready_fig.data[2].x, self.ready_fig.data[2].y = [k], [p]
        with self.dist_fig.batch_update():
            bars = self.dist_fig.data[0]
            bars.x = [have + j for j in range(len(pmf))]
            bars.y = [float(v) for v in pmf]
            bars.marker.color = [GOOD if have + j >= length else PLAIN for j in range(len(pmf))]
            self.dist_fig.layout.title.text = t("rails.odds.dist_title_k", k=k)
        blind, loco = odds.blind_turn(pool), odds.face_up_locomotive_turn()
        with self.choice_fig.batch_update():
            self.choice_fig.data[0].y = [
                float(blind.cards),
                float(blind.useful),
                float(blind.locomotives),
            ]
            self.choice_fig.data[1].y = [
                float(loco.cards),
                float(loco.useful),
                float(loco.locomotives),
            ]
        self.summary.value = t(
            "rails.odds.summary",
            p=percent(p),
            k=k,
            length=length,
            have=have,
            good=pool.good,
            total=pool.total,
            useful=number(blind.useful, 2),
        )
        self.mc.out.value = ""

    def _update_wipe(self, _change: Any = None) -> None:
        locos = min(self.deck_locos.value, self.deck_size.value)
        pmf = odds.hypergeometric_pmf(self.deck_size.value, locos, odds.FACE_UP)
        with self.wipe_fig.batch_update():
            bars = self.wipe_fig.data[0]
            bars.x = list(range(len(pmf)))
            bars.y = [float(v) for v in pmf]
            bars.marker.color = [WARN if j >= odds.WIPE else PLAIN for j in range(len(pmf))]
        p = odds.face_up_wipe(locos, self.deck_size.value)
        self.wipe_summary.value = t(
            "rails.odds.wipe_summary",
            p=percent(p),
            one_in=number(1 / float(p), 0) if p else "∞",
            locos=locos,
            total=self.deck_size.value,
        )

    # ------------------------------------------------------------------ Monte Carlo
    def _monte_carlo(self, _button: Any = None) -> list[mc.Check]:
        """The route and the face-up wipe, each shuffled as often as asked (95% intervals)."""
        n = self.mc.asked()
        if n is None:
            return []
        seed, pool = self.seed.value, self.pool()
        length, k = self.length.value, self.draws.value
        have = self.colour.value + self.locos.value
        checks = self.mc.compare(
            [
                mc.Question(
                    t("rails.odds.mc_ready", length=length, k=k),
                    float(odds.route_ready(length, have, k, pool)),
                    lambda m, i: odds.simulate_route_ready(
                        length, have, k, pool, m, seed=f"{seed}:r{i}"
                    ),
                    key=dict(lab="rails.ready", length=length, have=have, k=k, seed=seed)
                    | {"pool": [pool.total, pool.colour, pool.locomotives]},
                ),
                mc.Question(
                    t("rails.odds.mc_wipe"),
                    float(odds.face_up_wipe()),
                    lambda m, i: odds.simulate_face_up_wipe(m, seed=f"{seed}:w{i}"),
                    key=dict(lab="rails.wipe", seed=seed),
                ),
            ],
            n,
        )
        head = [
            t("rails.odds.mc_what"),
            t("rails.odds.mc_exact"),
            t("rails.odds.mc_est"),
            t("rails.odds.mc_interval"),
            t("rails.odds.mc_verdict"),
        ]
        inside, outside = t("rails.odds.mc_inside"), t("rails.odds.mc_outside")
        self.mc.report(checks, "rails.odds.mc_done", head, inside, outside)
        return checks
