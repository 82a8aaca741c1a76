"""The AirWar strategy lab: many seeded bot games from ``gamelib.airwar.simulate``, on a button
with a progress bar: win rate by side, game length, Industry over time. The lab machinery is
``widgets.kit.strategy``; this module says which games to play and how to count them."""

from __future__ import annotations

from statistics import mean
from typing import Any

import ipywidgets as w

from gamelib.airwar import simulate
from gamelib.airwar.bots import PlannerBot, RandomBot
from gamelib.airwar.cards import SIDES
from widgets.airwar.deck import SIDE_COLOURS, side_label
from widgets.common import boxed, localise_percents
from widgets.i18n import t
from widgets.kit import strategy as kit

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


def play(n: int, seed: int, progress: kit.Progress, *, matchup: str) -> list[Any]:
    """``n`` games of the matchup from game seed ``seed``."""
    return simulate.run_games(n, bots_factory(matchup), seed=seed, progress=progress)


class StrategyLab(kit.StrategyLab):
    """Press the button: ``games`` seeded games of the chosen matchup, three charts."""

    def __init__(self, games: int = 1000, seed: int = 1, **kwargs: Any) -> None:
        self.seed = seed  # fixed: the lesson's numbers are the same for every reader
        self.rate_fig = kit.chart(
            320,
            t("airwar.strategy.rate_title"),
            yaxis=dict(title=t("airwar.strategy.share"), tickformat=".0%", range=[0, 1]),
        )
        self.rate_fig.add_bar(
            x=[side_label(s) for s in SIDES] + [t("airwar.strategy.unfinished")],
            y=[0, 0, 0],
            marker_color=[SIDE_COLOURS["axis"], SIDE_COLOURS["allies"], "#aab7b8"],
        )
        localise_percents(self.rate_fig)
        self.turns_fig = kit.histogram(
            320,
            t("airwar.strategy.turns_title"),
            t("airwar.strategy.turns"),
            t("airwar.strategy.count"),
            "#5d6d7e",
            xbins=dict(size=1),
        )
        self.industry_fig = kit.chart(
            340,
            t("airwar.strategy.industry_title"),
            xaxis=dict(title=t("airwar.strategy.turns")),
            yaxis=dict(title=t("airwar.strategy.industry"), range=[0, 62]),
            legend=dict(orientation="h", y=-0.25),
        )
        for s in SIDES:
            self.industry_fig.add_scatter(
                mode="lines", name=side_label(s), line=dict(color=SIDE_COLOURS[s], width=3)
            )
        super().__init__(
            settings=[
                kit.games_setting(
                    t("airwar.strategy.games"),
                    games,
                    MAX_GAMES,
                    "airwar-strategy-games",
                    kind="int",
                    refusal="airwar.strategy.bad_games",
                ),
                kit.lineup_setting(
                    "matchup",
                    t("airwar.strategy.matchup"),
                    MATCHUPS,
                    lambda m: t(f"airwar.strategy.{m}"),
                    420,
                    css="airwar-strategy-matchup",
                ),
            ],
            actions=[
                kit.run_action(
                    t("airwar.strategy.run"), "airwar-strategy-run", self.plan, self.show
                )
            ],
            rows=[("matchup", "games", "run"), "bar", "notice", "summary"],
            charts=[
                w.HBox(
                    [
                        boxed(self.rate_fig, "airwar-fig-rate"),
                        boxed(self.turns_fig, "airwar-fig-turns"),
                    ],
                    layout=w.Layout(width="100%"),
                ),
                boxed(self.industry_fig, "airwar-fig-industry"),
            ],
            summary=("", "airwar-strategy-summary"),
            css="airwar-strategy",
            **kwargs,
        )

    def plan(self, v: dict[str, Any]) -> list[kit.Batch]:
        return [kit.Batch(play, v["games"], self.seed, {"matchup": v["matchup"]})]

    def show(
        self, v: dict[str, Any], _batches: list[kit.Batch], results: list[kit.Result]
    ) -> list[simulate.GameSummary]:
        games = results[0]
        rates = simulate.win_rates(games)
        curves = industry_curves(games)
        kit.redraw(self.rate_fig, {"y": [rates["axis"], rates["allies"], rates["unfinished"]]})
        kit.redraw(self.turns_fig, {"x": [g.turns for g in games]})
        kit.redraw(self.industry_fig, *({"x": list(range(len(c))), "y": c} for c in curves))
        self.summary.value = t(
            "airwar.strategy.summary",
            n=v["games"],
            axis=kit.percent(rates["axis"], 0),
            allies=kit.percent(rates["allies"], 0),
            turns=kit.number(mean(g.turns for g in games)),
        )
        return games
