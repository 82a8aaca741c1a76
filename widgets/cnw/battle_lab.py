"""The CNW battle lab: exact odds of §7.2/§8.1/§8.3 as live charts, seeded dice, Monte Carlo.

All numbers come from ``gamelib.cnw.battle``; this module only lays them out. Every chart is a
``FigureWidget`` built once and changed in place when a control moves; the Monte Carlo check is
``widgets.kit.odds``.
"""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as w

from gamelib.cnw import battle
from widgets.common import boxed, card, dice_html, localise_percents
from widgets.i18n import t
from widgets.kit import odds as mc
from widgets.kit.strategy import (
    Setting,
    chart,
    checkbox,
    number,
    percent,
    seed_setting,
    slider,
    step,
)

MAX_PAWNS = 30
RULE_COLORS = {3: "#1f618d", 2: "#b9770e"}
CURVES = ((3, False), (3, True), (2, False))  # (defender dice rule, hub) of the three curves


SLIDER = dict(width=560, label_width="initial")
# After each redraw, plotly's page sends every changed figure's computed defaults back (a trace
# and a layout "delta", 4-7 KB each) and plotly's Python merges them into its copy of the figure:
# for the three charts an attackers step redraws, ~50 ms of kernel CPU a step on a busy 2-core
# machine, several times the step itself (benchmarks/slider_kernel.py --replies). This lab never
# reads those defaults, so its figures only close the edit the delta answers.
BROWSER_DELTAS = ("_js2py_traceDeltas", "_js2py_layoutDelta")


# "you are here" on the heat map: an "x" 14 px wide, drawn in pixels around its cell
CROSS = "M-7,-7L7,7M-7,7L7,-7"


def _edit_answered(change: dict) -> None:
    """What plotly's own handler does besides merging the defaults: end the edit, run the
    callbacks waiting for it (``FigureWidget.on_edits_completed``)."""
    fig = change["owner"]
    if not change["new"]:
        return
    if change["name"] == "_js2py_traceDeltas":
        fig._trace_edit_in_process = False
    else:
        fig._layout_edit_in_process = False
    if not (fig._trace_edit_in_process or fig._layout_edit_in_process):
        while fig._waiting_edit_callbacks:
            fig._waiting_edit_callbacks.pop()()


def without_defaults_sync(fig: Any) -> Any:
    """``fig`` with plotly's merging of the browser's defaults replaced by ``_edit_answered``;
    a plotly without those handlers keeps its own."""
    for name in BROWSER_DELTAS:
        handler = getattr(type(fig), "_handler" + name, None)
        if handler is not None:
            fig.unobserve(handler, names=name)
            fig.observe(_edit_answered, names=name)
    return fig


class BattleLab(w.VBox):
    """Attackers, defenders, hub and dice-rule controls over four charts and a dice table."""

    def __init__(
        self, attackers: int = 5, defenders: int = 3, seed: int = 7, **kwargs: Any
    ) -> None:
        self.attackers = slider(
            t("cnw.battle.attackers"), attackers, 1, MAX_PAWNS, "cnw-attackers", **SLIDER
        )
        self.defenders = slider(
            t("cnw.battle.defenders"), defenders, 1, MAX_PAWNS, "cnw-defenders", **SLIDER
        )
        self.hub = checkbox(t("cnw.battle.hub"), "cnw-hub")
        self.rule = w.ToggleButtons(
            options=[(t("cnw.battle.rule_cnw"), 3), (t("cnw.battle.rule_classic"), 2)],
            value=3,
            description=t("cnw.battle.defender_dice"),
            style={"description_width": "initial", "button_width": "auto"},
        )
        self.rule.add_class("cnw-rule")
        self.summary = w.HTML()
        self.summary.add_class("cnw-battle-summary")

        self.roll_fig = chart(
            330,
            t("cnw.battle.roll_title"),
            yaxis=dict(title=t("cnw.battle.probability"), tickformat=".0%"),
            barmode="stack",  # each outcome belongs to one rule: stacking centres the bars
            legend=dict(orientation="h", y=-0.25),
        )
        self.curve_fig = chart(
            360,
            t("cnw.battle.curve_title"),
            xaxis=dict(title=t("cnw.battle.attackers_axis")),
            yaxis=dict(title=t("cnw.battle.conquest"), tickformat=".0%", range=[0, 1.02]),
            legend=dict(orientation="h", y=-0.25),
        )
        self.heat_fig = chart(
            460,
            t("cnw.battle.heat_title"),
            xaxis=dict(title=t("cnw.battle.defenders_axis")),
            yaxis=dict(title=t("cnw.battle.attackers_axis")),
        )
        self.loss_fig = chart(
            330,
            t("cnw.battle.loss_title"),
            xaxis=dict(title=t("cnw.battle.pawns_left")),
            yaxis=dict(title=t("cnw.battle.probability"), tickformat=".0%"),
            barmode="group",
            legend=dict(orientation="h", y=-0.3),
        )
        for fig in (self.roll_fig, self.curve_fig, self.heat_fig, self.loss_fig):
            without_defaults_sync(fig)
        self.roll_box = boxed(self.roll_fig, "cnw-fig-roll")
        self.curve_box = boxed(self.curve_fig, "cnw-fig-curve")
        self.heat_box = boxed(self.heat_fig, "cnw-fig-heat")
        self.loss_box = boxed(self.loss_fig, "cnw-fig-loss")
        self._drawn: dict[str, Any] = {}  # the inputs each part of the charts was drawn from
        self._init_traces()

        # dice table
        self.seed = seed_setting(seed).build()
        self.roll_button = w.Button(
            description=t("cnw.battle.roll"), icon="dice", button_style="primary"
        )
        self.roll_button.add_class("cnw-roll")
        self.attacker_obc = checkbox(t("cnw.battle.attacker_obc"))
        self.defender_obc = checkbox(t("cnw.battle.defender_obc"))
        self.dice = w.HTML()
        self.dice.add_class("cnw-dice")
        self._rng = random.Random(seed)
        self.seed.observe(self._reseed, "value")
        self.roll_button.on_click(self._roll)

        # Monte Carlo
        battles = [(f"{n}", n) for n in (1_000, 10_000, 50_000, 200_000)]
        self.mc = mc.MonteCarloPanel(
            Setting("mc_n", "choice", t("cnw.battle.mc_battles"), 10_000, options=battles),
            t("cnw.battle.mc_run"),
            "cnw-mc-run",
            "cnw-mc-result",
            self._monte_carlo,
            title=t("cnw.battle.mc_title"),
            width=None,
            interval=battle.wilson_interval,
            most_chunks=50,
            least_chunk=1000,
        )

        for control in (self.attackers, self.defenders, self.hub, self.rule):
            control.observe(self._update, "value")
        self._update()

        self.controls = card(
            [self.attackers, self.defenders, self.hub, self.rule, self.summary],
            t("cnw.battle.controls"),
        )
        self.dice_table = card(
            [
                w.HBox([self.seed, self.roll_button]),
                w.HBox([self.attacker_obc, self.defender_obc]),
                self.dice,
            ],
            t("cnw.battle.dice_table"),
        )
        super().__init__(
            [
                self.controls,
                self.roll_box,
                self.curve_box,
                self.loss_box,
                self.heat_box,
                self.dice_table,
                self.mc.box,
            ],
            **kwargs,
        )
        self.add_class("cnw-battle-lab")

    PANELS = ("roll", "hub", "battle", "dice", "montecarlo")

    def panel(self, name: str) -> w.VBox:
        """One step of the lesson: the shared controls with the chart(s) of that step.

        Every panel shows the same control widgets, so moving a slider in one step moves it in
        all of them and every chart follows.
        """
        parts = {
            "roll": [self.roll_box],
            "hub": [self.curve_box],
            "battle": [self.heat_box, self.loss_box],
            "dice": [self.dice_table],
            "montecarlo": [self.mc.box],
        }
        return step(parts, name, "cnw", [self.controls])

    # ----------------------------------------------------------------- charts
    def _init_traces(self) -> None:
        for rule in (3, 2):
            self.roll_fig.add_bar(
                name=t(f"cnw.battle.rule_short_{rule}"), marker_color=RULE_COLORS[rule]
            )
        xs = list(range(1, MAX_PAWNS + 1))
        for (rule, hub), dash in zip(CURVES, ("solid", "dot", "solid"), strict=True):
            self.curve_fig.add_scatter(
                x=xs,
                mode="lines",
                line=dict(color=RULE_COLORS[rule], dash=dash, width=2.5),
                name=t(f"cnw.battle.rule_short_{rule}")
                + (f" + {t('cnw.battle.hub_short')}" if hub else ""),
            )
        self.curve_fig.add_scatter(
            mode="markers", marker=dict(size=13, color="#c0392b"), name=t("cnw.battle.you_are_here")
        )
        self.heat_fig.add_heatmap(
            x=xs,
            y=xs,
            zmin=0,
            zmax=1,
            colorscale="RdBu",
            colorbar=dict(title=t("cnw.battle.conquest"), tickformat=".0%"),
            hovertemplate=t("cnw.battle.heat_hover") + "<extra></extra>",
        )
        self.heat_fig.add_contour(
            x=xs,
            y=xs,
            showscale=False,
            hoverinfo="skip",
            contours=dict(start=0.5, end=0.5, size=0.5, coloring="none", showlabels=True),
            line=dict(color="black", width=2),
            name=percent(0.5, 0),
            showlegend=False,
        )
        # "you are here" on the heat map is a shape anchored at its cell, moved by one small
        # relayout of its anchor. plotly still draws the whole figure again (a shape's anchor is
        # "calc+arraydraw": it may move the autorange), as it did for a marker trace: measured
        # with benchmarks/browser_latency.py, the heat map's redraw is no faster either way.
        self.heat_fig.add_shape(
            type="path",
            path=CROSS,
            xsizemode="pixel",
            ysizemode="pixel",
            xanchor=3,
            yanchor=3,
            line=dict(color="#f1c40f", width=4),
            layer="above",
        )
        self.loss_fig.add_bar(name=t("cnw.battle.attackers_left"), marker_color="#c0392b")
        self.loss_fig.add_bar(name=t("cnw.battle.defenders_left"), marker_color="#2874a6")
        self.loss_fig.update_xaxes(dtick=1)
        for fig in (self.roll_fig, self.curve_fig, self.heat_fig, self.loss_fig):
            localise_percents(fig)

    def _update(self, _change: Any = None) -> None:
        """Redraw what the controls change, one batch (one message) per figure that changed.

        A slider step changes the attackers or the defenders: the heat map's 900 cells depend
        only on the rule and the hub, the three curves only on the defenders, the roll chart
        only on the dice in play, so each part is computed and sent only when its own inputs
        moved (``self._drawn`` remembers them)."""
        a, d, hub, rule = (
            self.attackers.value,
            self.defenders.value,
            self.hub.value,
            self.rule.value,
        )
        adice, ddice = battle.attack_dice_for(a), battle.defend_dice_for(d, rule)
        p = battle.conquest_probability(a, d, max_defender_dice=rule, hub=hub)
        dice = (adice, battle.defend_dice_for(d, 3), battle.defend_dice_for(d, 2), hub, ddice)
        if self._changed("roll", dice):
            self._draw_roll(adice, d, hub, ddice)
        with self.curve_fig.batch_update():
            if self._changed("curves", d):
                for trace, (r, h) in zip(self.curve_fig.data[:3], CURVES, strict=True):
                    table = battle.conquest_table(MAX_PAWNS, d, max_defender_dice=r, hub=h)
                    trace.y = [row[d - 1] for row in table]
                self.curve_fig.layout.title.text = t("cnw.battle.curve_title_d", d=d)
            self.curve_fig.data[3].x, self.curve_fig.data[3].y = [a], [p]
        if self._changed("heat", (rule, hub)):
            table = battle.conquest_table(MAX_PAWNS, MAX_PAWNS, max_defender_dice=rule, hub=hub)
            with self.heat_fig.batch_update():
                self.heat_fig.data[0].z = table
                self.heat_fig.data[1].z = table
        # one relayout message of the anchor that moved (a batch would send an update)
        self.heat_fig.plotly_relayout({"shapes[0].xanchor": d, "shapes[0].yanchor": a})
        left_a, left_d = battle.survivor_marginals(a, d, max_defender_dice=rule, hub=hub)
        with self.loss_fig.batch_update():
            self.loss_fig.data[0].x = [k for k in left_a if k > 0]
            self.loss_fig.data[0].y = [v for k, v in left_a.items() if k > 0]
            self.loss_fig.data[1].x = [k for k in left_d if k > 0]
            self.loss_fig.data[1].y = [v for k, v in left_d.items() if k > 0]
        loss_a, loss_d = battle.expected_losses(a, d, max_defender_dice=rule, hub=hub)
        self.summary.value = t(
            "cnw.battle.summary",
            p=percent(p),
            la=number(loss_a, 2),
            ld=number(loss_d, 2),
            a=a,
            d=d,
            src=a + 1,
        )
        self.mc.out.value = ""

    def _changed(self, part: str, inputs: Any) -> bool:
        """Whether ``part`` was last drawn from other inputs (and remember these)."""
        if self._drawn.get(part) == inputs:
            return False
        self._drawn[part] = inputs
        return True

    def _draw_roll(self, adice: int, d: int, hub: bool, ddice: int) -> None:
        """One roll's outcomes under both dice rules, side by side."""
        by_rule = {}
        for r in (3, 2):
            dist = battle.roll_distribution(adice, battle.defend_dice_for(d, r), hub)
            by_rule[r] = {o: float(q) for o, q in dist.items()}
        # one category per outcome of either rule, most attacker losses first
        labels = sorted(set(by_rule[3]) | set(by_rule[2]), key=lambda o: (-o[0] + o[1], o[1]))
        names = [t("cnw.battle.outcome", a=la, d=ld) for la, ld in labels]
        with self.roll_fig.batch_update():
            for trace, r in zip(self.roll_fig.data, (3, 2), strict=True):
                trace.x = names
                trace.y = [by_rule[r].get(o, 0.0) for o in labels]
            self.roll_fig.layout.title.text = t("cnw.battle.roll_title_dice", a=adice, d=ddice)

    # ----------------------------------------------------------------- dice and simulation
    def _reseed(self, change: Any) -> None:
        self._rng = random.Random(change["new"])

    def _roll(self, _button: Any = None) -> battle.RollResult:
        a, d, rule, hub = (
            self.attackers.value,
            self.defenders.value,
            self.rule.value,
            self.hub.value,
        )
        result = battle.roll_dice(
            self._rng,
            battle.attack_dice_for(a),
            battle.defend_dice_for(d, rule),
            hub,
            attacker_reroll=self.attacker_obc.value,
            defender_reroll=self.defender_obc.value,
        )
        rerolls = []
        for who, swap in (
            (t("cnw.battle.attacker"), result.attacker_reroll),
            (t("cnw.battle.defender"), result.defender_reroll),
        ):
            if swap:
                rerolls.append(t("cnw.battle.rerolled", who=who, old=swap[0], new=swap[1]))
        outcome = t("cnw.battle.roll_result", la=result.attacker_losses, ld=result.defender_losses)
        self.dice.value = (
            f"<div>{t('cnw.battle.attacker')}: "
            f"{dice_html(result.attack, '#c0392b')}</div>"
            f"<div>{t('cnw.battle.defender')}: "
            f"{dice_html(result.defend, '#2874a6', bonus_first=1 if hub else 0)}</div>"
            + "".join(f"<div><i>{r}</i></div>" for r in rerolls)
            + f"<p><b>{outcome}</b></p>"
        )
        return result

    def _monte_carlo(self, _button: Any = None) -> mc.Check | None:
        """Seeded battles of the setting on screen (as many as asked) against the Markov
        chain's exact conquest probability, with a 95% Wilson interval."""
        n = self.mc.asked()
        if n is None:
            return None
        a, d, rule, hub = (
            self.attackers.value,
            self.defenders.value,
            self.rule.value,
            self.hub.value,
        )
        seed = self.seed.value
        [check] = self.mc.compare(
            [
                mc.Question(
                    "",
                    battle.conquest_probability(a, d, max_defender_dice=rule, hub=hub),
                    lambda m, i: (
                        battle.simulate_battles(
                            a, d, m, seed=f"{seed}:{i}", max_defender_dice=rule, hub=hub
                        ).wins
                    ),
                    key=dict(lab="cnw.conquest", a=a, d=d, rule=rule, hub=hub, seed=seed),
                )
            ],
            n,
        )
        verdict = t("cnw.battle.mc_inside") if check.inside else t("cnw.battle.mc_outside")
        self.mc.out.value = t(
            "cnw.battle.mc_table",
            n=number(check.trials, 0, grouping=True),
            exact=percent(check.exact),
            est=percent(check.p),
            low=percent(check.low),
            high=percent(check.high),
            verdict=verdict,
        )
        return check
