"""Many seeded bot games (``gamelib.rails.simulate.run_games``) on a button, summarised in
charts: score distribution by bot kind, ticket completion, win rate, game length."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from gamelib.rails.simulate import GameSummary, run_games
from widgets.common import Notice, boxed, card, figure, progress_bar, run_with_progress
from widgets.i18n import t
from widgets.rails.table import make_bot

LINEUPS = {
    "planner_vs_random": lambda n: ["planner"] + ["random"] * (n - 1),
    "all_planner": lambda n: ["planner"] * n,
    "all_random": lambda n: ["random"] * n,
}
KIND_COLORS = {"planner": "#1f77b4", "random": "#e67e22"}


def by_kind(games: list[GameSummary], kinds: list[str]) -> dict[str, dict[str, Any]]:
    """Scores, tickets and wins of every seat, grouped by the bot kind in that seat."""
    out: dict[str, dict[str, Any]] = {}
    for g in games:
        for seat, kind in enumerate(kinds):
            k = out.setdefault(kind, {"scores": [], "done": 0, "failed": 0, "wins": 0, "seats": 0})
            k["scores"].append(g.scores[seat])
            k["done"] += g.tickets_completed[seat]
            k["failed"] += g.tickets_failed[seat]
            k["wins"] += seat in g.winners
            k["seats"] += 1
    return out


class StrategyLab(w.VBox):
    """Choose players, a line-up of bots and a number of games; press Run."""

    def __init__(self, games: int = 1000, seed: int = 0, **kwargs: Any) -> None:
        self.games = w.BoundedIntText(
            value=games,
            min=1,
            max=5000,
            description=t("rails.strategy.games"),
            layout=w.Layout(width="220px"),
        )
        self.games.add_class("rails-strategy-games")
        self.players = w.IntSlider(value=3, min=2, max=5, description=t("rails.table.players"))
        self.lineup = w.Dropdown(
            options=[(t(f"rails.strategy.{k}"), k) for k in LINEUPS],
            value="planner_vs_random",
            description=t("rails.strategy.lineup"),
            layout=w.Layout(width="420px"),
        )
        self.seed = w.IntText(
            value=seed, description=t("common.seed"), layout=w.Layout(width="180px")
        )
        self.run_button = w.Button(
            description=t("rails.strategy.run"), icon="play", button_style="primary"
        )
        self.run_button.add_class("rails-strategy-run")
        self.run_button.on_click(lambda _: self.run())
        self.bar = progress_bar()
        self.summary = w.HTML(t("rails.strategy.press_run"))
        self.summary.add_class("rails-strategy-summary")
        self.notice = Notice()
        self.score_fig = figure(
            height=340,
            title=t("rails.strategy.score_title"),
            barmode="overlay",
            xaxis=dict(title=t("rails.strategy.score_axis")),
            yaxis=dict(title=t("rails.strategy.share_axis"), tickformat=".0%"),
            legend=dict(orientation="h", y=-0.25),
        )
        for kind, colour in KIND_COLORS.items():
            self.score_fig.add_histogram(
                x=[],
                name=t(f"rails.table.seat_{kind}"),
                marker_color=colour,
                opacity=0.65,
                histnorm="probability",
                bingroup="scores",
                xbins=dict(size=10),
            )
        self.rate_fig = figure(
            height=320,
            title=t("rails.strategy.rate_title"),
            barmode="group",
            yaxis=dict(tickformat=".0%", range=[0, 1]),
            legend=dict(orientation="h", y=-0.2),
        )
        cats = [t("rails.strategy.ticket_rate"), t("rails.strategy.win_rate")]
        for kind, colour in KIND_COLORS.items():
            self.rate_fig.add_bar(
                x=cats, y=[0, 0], name=t(f"rails.table.seat_{kind}"), marker_color=colour
            )
        self.length_fig = figure(
            height=300,
            title=t("rails.strategy.length_title"),
            xaxis=dict(title=t("rails.strategy.turns_axis")),
            yaxis=dict(title=t("rails.strategy.games_axis")),
        )
        self.length_fig.add_histogram(x=[], marker_color="#5d6d7e", nbinsx=30)
        super().__init__(
            [
                card(
                    [
                        w.HBox([self.players, self.lineup], layout=w.Layout(flex_flow="row wrap")),
                        w.HBox([self.games, self.seed, self.run_button]),
                        self.bar,
                        self.summary,
                        self.notice,
                    ],
                    t("rails.strategy.controls"),
                ),
                boxed(self.score_fig, "rails-fig-scores"),
                boxed(self.rate_fig, "rails-fig-rates"),
                boxed(self.length_fig, "rails-fig-length"),
            ],
            **kwargs,
        )
        self.add_class("rails-strategy")

    def run(self) -> list[GameSummary]:
        n, players, seed = self.games.value, self.players.value, self.seed.value
        kinds = LINEUPS[self.lineup.value](players)

        def factory(game_seed: int) -> list[Any]:
            return [make_bot(k, game_seed * 10 + i) for i, k in enumerate(kinds)]

        self.run_button.disabled = True
        try:
            games = run_with_progress(
                self.bar,
                n,
                lambda progress: run_games(n, players, factory, seed=seed, progress=progress),
            )
        finally:
            self.run_button.disabled = False
        stats = by_kind(games, kinds)
        with self.score_fig.batch_update():
            for trace, kind in zip(self.score_fig.data, KIND_COLORS, strict=True):
                trace.x = stats[kind]["scores"] if kind in stats else []
        with self.rate_fig.batch_update():
            for trace, kind in zip(self.rate_fig.data, KIND_COLORS, strict=True):
                s = stats.get(kind)
                if not s:
                    trace.y = [0, 0]
                    continue
                tickets = s["done"] + s["failed"]
                trace.y = [s["done"] / tickets if tickets else 0.0, s["wins"] / s["seats"]]
        with self.length_fig.batch_update():
            self.length_fig.data[0].x = [g.turns for g in games]
        capped = sum(g.capped for g in games)
        parts = [
            t(
                "rails.strategy.kind_line",
                kind=t(f"rails.table.seat_{kind}"),
                mean=f"{sum(s['scores']) / len(s['scores']):.1f}",
                wins=f"{100 * s['wins'] / s['seats']:.1f}%",
                seats=s["seats"],
            )
            for kind, s in stats.items()
        ]
        turns = sum(g.turns for g in games) / len(games)
        self.summary.value = (
            f"<p>{t('rails.strategy.done', n=len(games), turns=f'{turns:.1f}', capped=capped)}</p>"
            + "".join(f"<p>{p}</p>" for p in parts)
        )
        return games
