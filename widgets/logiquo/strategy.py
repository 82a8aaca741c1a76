"""Many seeded bot games (``gamelib.logiquo.simulate.run_games``) on a button: cooperative
against selfish careful bots on the same seeds, game length by player count and hand size, and
what the special cards were worth. This module only counts the summaries and draws them."""

from __future__ import annotations

from statistics import mean
from typing import Any

import ipywidgets as w

from gamelib.logiquo import odds
from gamelib.logiquo.simulate import GameSummary, careful_factory, run_games
from widgets.common import Notice, boxed, card, figure, progress_bar, run_with_progress
from widgets.i18n import t

POLICIES = {"cooperative": True, "selfish": False}
COLOURS = {"cooperative": "#1f77b4", "selfish": "#e67e22"}
SWEEP_PLAYERS = (2, 3, 4, 5, 6)
SWEEP_OFFSETS = (-1, 0, 2, 4)


def _share(games: list[GameSummary], attr: str, seats: bool = True) -> float:
    if not games:
        return 0.0
    return mean(sum(getattr(g, attr)) / (g.players if seats else 1) for g in games)


def stopped_share(games: list[GameSummary]) -> float:
    """Share of revealed threats that were neutralised rather than suffered."""
    stopped = sum(sum(g.neutralised) for g in games)
    suffered = sum(sum(g.suffered) for g in games)
    return stopped / (stopped + suffered) if stopped + suffered else 0.0


def specials_split(games: list[GameSummary], attr: str) -> tuple[float, float, int, int]:
    """Mean Data left of the seats that used a special card (``logiquo_used`` or
    ``pentaqo_used``) and of those that did not, with the seat counts."""
    used, unused = [], []
    for g in games:
        for seat, n in enumerate(getattr(g, attr)):
            (used if n else unused).append(g.data_left[seat])
    return (
        mean(used) if used else 0.0,
        mean(unused) if unused else 0.0,
        len(used),
        len(unused),
    )


class StrategyLab(w.VBox):
    """Choose players, a hand size and a number of games; press Run."""

    def __init__(self, games: int = 1000, seed: int = 0, **kwargs: Any) -> None:
        self.games = w.BoundedIntText(
            value=games,
            min=1,
            max=5000,
            description=t("logiquo.strategy.games"),
            style={"description_width": "initial"},
            layout=w.Layout(width="260px"),
        )
        self.games.add_class("logiquo-strategy-games")
        self.players = w.IntSlider(value=4, min=2, max=6, description=t("logiquo.table.players"))
        self.players.add_class("logiquo-strategy-players")
        self.hand = w.Dropdown(
            options=[(t("logiquo.strategy.suggested"), 0)] + [(str(k), k) for k in range(1, 13)],
            value=0,
            description=t("logiquo.strategy.hand"),
            style={"description_width": "initial"},
            layout=w.Layout(width="380px"),
        )
        self.seed = w.IntText(
            value=seed, description=t("common.seed"), layout=w.Layout(width="180px")
        )
        self.run_button = w.Button(
            description=t("logiquo.strategy.run"),
            icon="play",
            button_style="primary",
            layout=w.Layout(width="auto"),
        )
        self.run_button.add_class("logiquo-strategy-run")
        self.run_button.on_click(lambda _: self.run())
        self.bar = progress_bar()
        self.summary = w.HTML(t("logiquo.strategy.press_run"))
        self.summary.add_class("logiquo-strategy-summary")
        self.notice = Notice()

        self.turns_fig = figure(
            height=340,
            title=t("logiquo.strategy.turns_title"),
            barmode="overlay",
            xaxis=dict(title=t("logiquo.strategy.turns_axis")),
            yaxis=dict(title=t("logiquo.strategy.share_axis"), tickformat=".0%"),
            legend=dict(orientation="h", y=-0.25),
        )
        for policy, colour in COLOURS.items():
            self.turns_fig.add_histogram(
                x=[],
                name=t(f"logiquo.strategy.{policy}"),
                marker_color=colour,
                opacity=0.65,
                histnorm="probability",
                bingroup="turns",
                xbins=dict(size=2),
            )
        self.rate_fig = figure(
            height=340,
            title=t("logiquo.strategy.rate_title"),
            barmode="group",
            yaxis=dict(tickformat=".0%", range=[0, 1]),
            legend=dict(orientation="h", y=-0.2),
        )
        cats = [
            t("logiquo.strategy.survivors"),
            t("logiquo.strategy.stopped"),
            t("logiquo.strategy.data_left"),
        ]
        for policy, colour in COLOURS.items():
            self.rate_fig.add_bar(
                x=cats,
                y=[0, 0, 0],
                name=t(f"logiquo.strategy.{policy}"),
                marker_color=colour,
                hovertemplate="%{x}: %{y:.1%}<extra></extra>",
            )
        self.special_fig = figure(
            height=340,
            title=t("logiquo.strategy.special_title"),
            barmode="group",
            yaxis=dict(title=t("logiquo.strategy.data_axis"), range=[0, 3]),
            legend=dict(orientation="h", y=-0.2),
        )
        kinds = [t("logiquo.deck.kind_logiquo"), t("logiquo.deck.kind_pentaqo")]
        self.special_fig.add_bar(
            x=kinds, y=[0, 0], name=t("logiquo.strategy.used"), marker_color="#27ae60"
        )
        self.special_fig.add_bar(
            x=kinds, y=[0, 0], name=t("logiquo.strategy.not_used"), marker_color="#b0b7bf"
        )
        self.sweep_fig = figure(
            height=360,
            title=t("logiquo.strategy.sweep_title"),
            xaxis=dict(title=t("logiquo.strategy.players_axis"), dtick=1),
            yaxis=dict(title=t("logiquo.strategy.offset_axis")),
        )
        self.sweep_fig.add_heatmap(
            x=list(SWEEP_PLAYERS),
            y=[t("logiquo.strategy.offset", k=f"{k:+d}") for k in SWEEP_OFFSETS],
            colorscale="Blues",
            texttemplate="%{z:.1f}",
            hovertemplate="%{x} players, %{y}: %{z:.1f} turns<extra></extra>",
            colorbar=dict(title=t("logiquo.strategy.turns_short")),
        )
        super().__init__(
            [
                card(
                    [
                        w.HBox([self.players, self.hand], layout=w.Layout(flex_flow="row wrap")),
                        w.HBox([self.games, self.seed, self.run_button]),
                        self.bar,
                        self.summary,
                        self.notice,
                    ],
                    t("logiquo.strategy.controls"),
                ),
                boxed(self.turns_fig, "logiquo-fig-turns"),
                boxed(self.rate_fig, "logiquo-fig-rates"),
                boxed(self.special_fig, "logiquo-fig-specials"),
                boxed(self.sweep_fig, "logiquo-fig-sweep"),
            ],
            **kwargs,
        )
        self.add_class("logiquo-strategy")

    def sweep_games(self, n: int) -> int:
        """Games per cell of the player count x hand size sweep (a twentieth of the main run)."""
        return max(1, n // 20)

    def run(self) -> dict[str, list[GameSummary]]:
        n, players, seed = self.games.value, self.players.value, self.seed.value
        hand = self.hand.value or None
        per_cell = self.sweep_games(n)
        total = 2 * n + per_cell * len(SWEEP_PLAYERS) * len(SWEEP_OFFSETS)

        def work(progress: Any) -> tuple[dict[str, list[GameSummary]], list[list[float]]]:
            done = 0

            def step(i: int, _n: int) -> None:
                progress(done + i)

            results = {}
            for policy, coop in POLICIES.items():
                results[policy] = run_games(
                    n, players, careful_factory(coop), seed, hand_size=hand, progress=step
                )
                done += n
            grid = []
            for offset in SWEEP_OFFSETS:
                row = []
                for p in SWEEP_PLAYERS:
                    size = odds.hand_size_for(p) + offset
                    games = run_games(
                        per_cell,
                        p,
                        careful_factory(True),
                        seed + 1000 * p + offset,
                        hand_size=size,
                        progress=step,
                    )
                    done += per_cell
                    row.append(mean(g.turns for g in games))
                grid.append(row)
            return results, grid

        self.run_button.disabled = True
        try:
            results, grid = run_with_progress(self.bar, total, work)
        finally:
            self.run_button.disabled = False
        with self.turns_fig.batch_update():
            for trace, policy in zip(self.turns_fig.data, POLICIES, strict=True):
                trace.x = [g.turns for g in results[policy]]
        with self.rate_fig.batch_update():
            for trace, policy in zip(self.rate_fig.data, POLICIES, strict=True):
                games = results[policy]
                trace.y = [
                    _share(games, "survival"),
                    stopped_share(games),
                    mean(mean(g.data_left) for g in games) / 3,
                ]
        coop = results["cooperative"]
        logiquo = specials_split(coop, "logiquo_used")
        pentaqo = specials_split(coop, "pentaqo_used")
        with self.special_fig.batch_update():
            self.special_fig.data[0].y = [logiquo[0], pentaqo[0]]
            self.special_fig.data[1].y = [logiquo[1], pentaqo[1]]
        with self.sweep_fig.batch_update():
            self.sweep_fig.data[0].z = grid
        turns = {p: mean(g.turns for g in results[p]) for p in POLICIES}
        gifts = {p: mean(sum(g.gifts) for g in results[p]) for p in POLICIES}
        self.summary.value = t(
            "logiquo.strategy.done",
            n=n,
            players=players,
            coop_turns=f"{turns['cooperative']:.1f}",
            selfish_turns=f"{turns['selfish']:.1f}",
            coop_gifts=f"{gifts['cooperative']:.1f}",
            selfish_gifts=f"{gifts['selfish']:.1f}",
            logiquo_seats=logiquo[2],
            pentaqo_seats=pentaqo[2],
            cell=per_cell,
        )
        return results
