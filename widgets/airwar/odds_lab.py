"""The AirWar odds lab: exact probabilities from ``gamelib.airwar.odds`` as live charts, and the
seeded Monte Carlo twins of the same functions on a button (``widgets.kit.odds``). This module
only lays numbers out.

The damage charts use gamelib's stated one-pass model: each interceptor blindly picks a
different mission card, duels once, nobody strikes exposed cards afterwards.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from gamelib.airwar import cards, odds
from gamelib.airwar.cards import Card
from widgets.airwar.cardtexts import card_name
from widgets.airwar.deck import SIDE_COLOURS, side_label
from widgets.common import boxed, card, localise_percents, tagged
from widgets.i18n import t
from widgets.kit import odds as mc
from widgets.kit.strategy import Setting, chart, number, percent, redraw, slider

EXACT = "#1f618d"
MAX_MISSION = 8
MAX_INTERCEPTORS = 4
RAIDS = {
    "axis": ["ax-betty-1", "ax-betty-2", "ax-kate-1", "ax-val-1", "ax-zero-1"],
    "allies": ["al-b17-1", "al-b17-2", "al-b17-3", "al-sbd-1", "al-p38-1"],
}


SLIDER = dict(width=640, label_width="220px")


def fighters(side: str) -> list[Card]:
    """Aircraft types of ``side`` that may intercept (Air-to-Air at least 1, §Fase Intercetto)."""
    k = cards.constants()["min_interceptor_air_to_air"]
    return [
        c for c in cards.load()[side] if c.copy == 1 and c.kind == "aircraft" and c.air_to_air >= k
    ]


def battle_types() -> list[Card]:
    return [c for s in cards.SIDES for c in cards.load()[s] if c.copy == 1 and c.kind == "battle"]


class OddsLab(w.VBox):
    """Blind picks (hypergeometric), the damage that gets through, the value of a Battle card;
    Monte Carlo beside the exact values."""

    def __init__(self, seed: int = 11, **kwargs: Any) -> None:
        self.mc_seed = seed
        # ---- blind picks
        self.n = slider(t("airwar.odds.mission_size"), 5, 1, MAX_MISSION, "airwar-odds-n", **SLIDER)
        self.bombers = slider(t("airwar.odds.bombers"), 2, 0, 5, "airwar-odds-bombers", **SLIDER)
        self.pick_summary = tagged(w.HTML(), "airwar-odds-pick-summary")
        self.pick_fig = chart(
            340,
            t("airwar.odds.pick_title"),
            xaxis=dict(title=t("airwar.odds.interceptors_axis"), dtick=1),
            yaxis=dict(title=t("airwar.odds.probability"), tickformat=".0%", range=[0, 1.05]),
            legend=dict(orientation="h", y=-0.25),
        )
        self.pick_fig.add_scatter(
            mode="lines+markers", name=t("airwar.odds.exact"), line=dict(color=EXACT, width=3)
        )
        mc.add_simulated(self.pick_fig, t("airwar.odds.monte_carlo"), size=12)
        localise_percents(self.pick_fig)
        # ---- damage through
        self.raid = w.Dropdown(
            options=[(t(f"airwar.odds.raid_{s}"), s) for s in cards.SIDES],
            value="axis",
            description=t("airwar.odds.raid"),
            style={"description_width": "220px"},
            layout=w.Layout(width="620px"),
        )
        self.raid.add_class("airwar-odds-raid")
        self.fighter = w.Dropdown(
            description=t("airwar.odds.fighter"),
            style={"description_width": "220px"},
            layout=w.Layout(width="520px"),
        )
        self.fighter.add_class("airwar-odds-fighter")
        self.k = slider(
            t("airwar.odds.interceptors"), 2, 0, MAX_INTERCEPTORS, "airwar-odds-k", **SLIDER
        )
        self.target = w.ToggleButtons(
            options=[
                (t("airwar.odds.target_industry"), "industry"),
                (t("airwar.odds.target_convoy"), "convoy"),
            ],
            value="industry",
            style={"button_width": "auto"},
        )
        self.target.add_class("airwar-odds-target")
        self.damage_summary = tagged(w.HTML(), "airwar-odds-damage-summary")
        self.damage_fig = chart(
            340,
            t("airwar.odds.damage_title"),
            xaxis=dict(title=t("airwar.odds.damage_axis"), dtick=1),
            yaxis=dict(title=t("airwar.odds.probability"), tickformat=".0%"),
            legend=dict(orientation="h", y=-0.25),
        )
        self.damage_fig.add_bar(name=t("airwar.odds.exact"), marker_color=EXACT)
        mc.add_simulated(self.damage_fig, t("airwar.odds.monte_carlo"), size=12)
        localise_percents(self.damage_fig)
        self.battle_fig = chart(
            420,
            t("airwar.odds.battle_title"),
            xaxis=dict(title=t("airwar.odds.battle_axis")),
            margin=dict(l=190, r=20, t=50, b=60),
            legend=dict(orientation="h", y=-0.2),
        )
        self.battle_fig.add_bar(orientation="h", name=t("airwar.odds.exact"))
        mc.add_simulated(self.battle_fig, t("airwar.odds.monte_carlo"), size=11)
        # ---- Monte Carlo
        self.mc = mc.MonteCarloPanel(
            Setting(
                "trials",
                "int",
                t("airwar.odds.trials"),
                2000,
                100,
                200_000,
                width=220,
                css="airwar-odds-trials",
                refusal="airwar.odds.bad_trials",
            ),
            t("airwar.odds.run"),
            "airwar-odds-run",
            "airwar-odds-mc",
            self.monte_carlo,
            title=t("airwar.odds.mc_head"),
            style="primary",
        )

        self.n.observe(lambda _: self._picks(), "value")
        self.bombers.observe(lambda _: self._picks(), "value")
        self.raid.observe(lambda _: self._fill_fighters(), "value")
        for control in (self.fighter, self.k, self.target):
            control.observe(lambda _: self._damage(), "value")
        self._fill_fighters()
        self._picks()
        super().__init__(
            [
                card(
                    [
                        self.n,
                        self.bombers,
                        self.pick_summary,
                        boxed(self.pick_fig, "airwar-fig-pick"),
                    ],
                    t("airwar.odds.pick_head"),
                ),
                card(
                    [
                        self.raid,
                        self.fighter,
                        self.k,
                        self.target,
                        self.damage_summary,
                        boxed(self.damage_fig, "airwar-fig-damage"),
                        boxed(self.battle_fig, "airwar-fig-battle"),
                    ],
                    t("airwar.odds.damage_head"),
                ),
                self.mc.box,
            ],
            **kwargs,
        )
        self.add_class("airwar-odds")

    # ------------------------------------------------------------------ blind picks
    def _picks(self) -> None:
        n = self.n.value
        self.bombers.max = n
        b = min(self.bombers.value, n)
        ks = list(range(n + 1))
        ys = [float(odds.p_hit_at_least_one(n, b, k)) for k in ks]
        redraw(self.pick_fig, {"x": ks, "y": ys}, {"x": [], "y": []})
        one = odds.p_hit_at_least_one(n, b, 1)
        self.pick_summary.value = t(
            "airwar.odds.pick_summary",
            n=n,
            b=b,
            one=f"{one.numerator}/{one.denominator}" if b else "0",
            one_pct=percent(one),
        )

    # ------------------------------------------------------------------ damage
    def _fill_fighters(self) -> None:
        foe = cards.SIDES[1 - cards.SIDES.index(self.raid.value)]
        types = fighters(foe)
        options = [
            (t("airwar.odds.fighter_option", name=card_name(c), a2a=c.air_to_air), c.id)
            for c in types
        ]
        # start with a middling fighter, so Battle cards of both sides can change a duel
        start = min((c for c in types if c.air_to_air >= 2), key=lambda c: c.air_to_air)
        self.fighter.options = options
        self.fighter.value = start.id
        self._damage()

    def setting(self) -> tuple[list[str], list[Card], str]:
        mission = RAIDS[self.raid.value]
        foe = cards.card(self.fighter.value)
        return mission, [foe] * self.k.value, self.target.value

    def _damage(self) -> None:
        if self.fighter.value is None:
            return
        mission, foes, target = self.setting()
        law = odds.damage_distribution(mission, foes, target)
        mean = odds.expected(law)
        exact = {"x": list(law), "y": [float(p) for p in law.values()]}
        redraw(self.damage_fig, exact, {"x": [], "y": []})
        full = max(law)
        self.damage_summary.value = t(
            "airwar.odds.damage_summary",
            mean=number(mean, 2),
            full=full,
            p_full=percent(law[full]),
            k=len(foes),
        )
        names, gains, colours = [], [], []
        for bc in battle_types():
            v = odds.battle_card_value(mission, foes, bc, target)
            names.append(f"{card_name(bc)} ({side_label(bc.side).split()[0]})")
            gains.append(float(v["gain"]))
            colours.append(SIDE_COLOURS[bc.side])
        exact = {"y": names, "x": gains, "marker": {"color": colours}}
        redraw(self.battle_fig, exact, {"x": [], "y": []})

    # ------------------------------------------------------------------ Monte Carlo
    def monte_carlo(self) -> dict[str, Any]:
        """Seeded simulations of every exact value on screen; markers sit beside the lines."""
        trials = self.mc.asked()
        if trials is None:
            return {}
        n, b = self.n.value, min(self.bombers.value, self.n.value)
        mission, foes, target = self.setting()
        battles = battle_types()
        total = (n + 1) + 1 + len(battles)
        seed = self.mc_seed

        def work(progress: Any) -> dict[str, Any]:
            picks = []
            for k in range(n + 1):
                picks.append(odds.simulate_hit_at_least_one(n, b, k, trials, seed + k))
                progress(k + 1)
            law = odds.simulate_damage_distribution(mission, foes, trials, seed, target)
            progress(n + 2)
            gains = []
            for i, bc in enumerate(battles):
                v = odds.simulate_battle_card_value(mission, foes, bc, trials, seed + 7 * i, target)
                gains.append(v["gain"])
                progress(n + 3 + i)
            return {"picks": picks, "damage": law, "gains": gains}

        key = dict(lab="airwar.odds", n=n, b=b, mission=list(mission), target=target, seed=seed)
        key |= {"foes": [c.id for c in foes], "trials": trials}
        out = self.mc.run(total, work, key)
        redraw(self.pick_fig, None, {"x": list(range(n + 1)), "y": out["picks"]})
        damage = out["damage"]
        redraw(self.damage_fig, None, {"x": list(damage), "y": list(damage.values())})
        names = list(self.battle_fig.data[0].y)
        redraw(self.battle_fig, None, {"y": names, "x": out["gains"]})
        exact = float(odds.p_hit_at_least_one(n, b, min(1, n)))
        self.mc.out.value = t(
            "airwar.odds.mc_done",
            trials=trials,
            exact=percent(exact),
            sim=percent(out["picks"][min(1, n)]),
        )
        return out
