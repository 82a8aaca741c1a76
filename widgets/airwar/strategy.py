"""The AirWar strategy lab: many seeded bot games from ``gamelib.airwar.simulate``, on a button
with a progress bar: win rate by side, game length, Industry over time."""

from __future__ import annotations

from statistics import mean
from typing import Any

import ipywidgets as w

from gamelib.airwar import simulate
from gamelib.airwar.bots import PlannerBot, RandomBot
from gamelib.airwar.cards import SIDES
from widgets.airwar.deck import SIDE_COLOURS, side_label
from widgets.common import Notice, boxed, card, figure, progress_bar, run_with_progress
from widgets.i18n import t

MATCHUPS = ("planner_planner", "planner_random", "random_planner")
MAX_GAMES = 20_000


def bots_factory(matchup: str) -> Any:
    """``[axis_bot, allies_bot]`` for a game seed, each bot seeded from it."""
    axis_kind, allies_kind = matchup.split("_")
    kinds = {"planner": PlannerBot, "random": RandomBot}

    def make(seed: int) -> list[Any]:
        return [kinds[axis_kind](2 * seed), kinds[allies_kind](2 * seed + 1)]

    return make


def industry_curves(games: list[simulate.GameSummary]) -> list[list[float]]:
    """Mean Industry of each side after each turn; a finished game keeps its final value."""
    length = max((len(g.industry) for g in games), default=0)
    out: list[list[float]] = [[], []]
    for i in range(length):
        for p in (0, 1):
            out[p].append(mean(g.industry[min(i, len(g.industry) - 1)][p] for g in games))
    return out


class StrategyLab(w.VBox):
    """Press the button: ``games`` seeded games of the chosen matchup, three charts."""

    def __init__(self, games: int = 1000, seed: int = 1, **kwargs: Any) -> None:
        self.seed = seed
        self.games = w.IntText(
            value=games, description=t("airwar.strategy.games"), layout=w.Layout(width="220px")
        )
        self.games.add_class("airwar-strategy-games")
        self.matchup = w.Dropdown(
            options=[(t(f"airwar.strategy.{m}"), m) for m in MATCHUPS],
            value="planner_planner",
            description=t("airwar.strategy.matchup"),
            layout=w.Layout(width="420px"),
        )
        self.matchup.add_class("airwar-strategy-matchup")
        self.run_button = w.Button(
            description=t("airwar.strategy.run"), icon="play", button_style="primary"
        )
        self.run_button.layout.width = "auto"
        self.run_button.add_class("airwar-strategy-run")
        self.run_button.on_click(lambda _: self.run())
        self.bar = progress_bar()
        self.notice = Notice()
        self.summary = w.HTML()
        self.summary.add_class("airwar-strategy-summary")
        self.rate_fig = figure(
            height=320,
            title=t("airwar.strategy.rate_title"),
            yaxis=dict(title=t("airwar.strategy.share"), tickformat=".0%", range=[0, 1]),
        )
        self.rate_fig.add_bar(
            x=[side_label(s) for s in SIDES] + [t("airwar.strategy.unfinished")],
            y=[0, 0, 0],
            marker_color=[SIDE_COLOURS["axis"], SIDE_COLOURS["allies"], "#aab7b8"],
        )
        self.turns_fig = figure(
            height=320,
            title=t("airwar.strategy.turns_title"),
            xaxis=dict(title=t("airwar.strategy.turns")),
            yaxis=dict(title=t("airwar.strategy.count")),
        )
        self.turns_fig.add_histogram(x=[], marker_color="#5d6d7e", xbins=dict(size=1))
        self.industry_fig = figure(
            height=340,
            title=t("airwar.strategy.industry_title"),
            xaxis=dict(title=t("airwar.strategy.turns")),
            yaxis=dict(title=t("airwar.strategy.industry"), range=[0, 62]),
            legend=dict(orientation="h", y=-0.25),
        )
        for s in SIDES:
            self.industry_fig.add_scatter(
                mode="lines", name=side_label(s), line=dict(color=SIDE_COLOURS[s], width=3)
            )
        super().__init__(
            [
                card(
                    [
                        w.HBox([self.matchup, self.games, self.run_button]),
                        self.bar,
                        self.notice,
                        self.summary,
                    ]
                ),
                w.HBox(
                    [
                        boxed(self.rate_fig, "airwar-fig-rate"),
                        boxed(self.turns_fig, "airwar-fig-turns"),
                    ],
                    layout=w.Layout(width="100%"),
                ),
                boxed(self.industry_fig, "airwar-fig-industry"),
            ],
            **kwargs,
        )
        self.add_class("airwar-strategy")

    def run(self) -> list[simulate.GameSummary]:
        n = self.games.value
        if not 1 <= n <= MAX_GAMES:
            self.notice.error(t("airwar.strategy.bad_games", top=MAX_GAMES))
            return []
        self.notice.clear()
        factory = bots_factory(self.matchup.value)
        self.run_button.disabled = True
        try:
            games = run_with_progress(
                self.bar,
                n,
                lambda progress: simulate.run_games(n, factory, seed=self.seed, progress=progress),
            )
        finally:
            self.run_button.disabled = False
        rates = simulate.win_rates(games)
        curves = industry_curves(games)
        with self.rate_fig.batch_update():
            self.rate_fig.data[0].y = [rates["axis"], rates["allies"], rates["unfinished"]]
        with self.turns_fig.batch_update():
            self.turns_fig.data[0].x = [g.turns for g in games]
        with self.industry_fig.batch_update():
            for p in (0, 1):
                self.industry_fig.data[p].x = list(range(len(curves[p])))
                self.industry_fig.data[p].y = curves[p]
        self.summary.value = t(
            "airwar.strategy.summary",
            n=n,
            axis=f"{100 * rates['axis']:.0f}%",
            allies=f"{100 * rates['allies']:.0f}%",
            turns=f"{mean(g.turns for g in games):.1f}",
        )
        return games
