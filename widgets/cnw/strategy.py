"""Lesson 5 widget: many seeded CNW bot games (``gamelib.cnw.simulate.run_games``) on a button.

Charts, built once and changed in place: win rate by victory type (§11), game length, wins by
seat counted from the opener (first-player advantage, §4 step 4), and two sweeps: each variant
of §12 against the base game, and the number of players. The lab machinery (settings, buttons,
progress, seeds) is ``widgets.kit.strategy``; this module says which games to play and how to
count them.
"""

from __future__ import annotations

from collections import Counter
from statistics import mean
from typing import Any

import ipywidgets as w

from gamelib.cnw import simulate
from gamelib.core import IllegalAction
from widgets.cnw.table import make_bot
from widgets.common import boxed
from widgets.i18n import t
from widgets.kit import strategy as kit
from widgets.kit.refusals import refusal

LINEUPS = {
    "mixed": lambda n: [("courier", "expansionist", "random")[i % 3] for i in range(n)],
    "all_courier": lambda n: ["courier"] * n,
    "all_expansionist": lambda n: ["expansionist"] * n,
    "courier_vs_random": lambda n: ["courier"] + ["random"] * (n - 1),
}
VICTORIES = ("objective", "sla", "domination", "team", "unfinished")
VICTORY_COLORS = {
    "objective": "#8e44ad",
    "sla": "#1f77b4",
    "domination": "#c0392b",
    "team": "#16a085",
    "unfinished": "#9aa0a6",
}
VARIANTS = ("base", "fiera", "realismo_alto", "diplomazia", "team_building")


def play(
    n: int,
    seed: int,
    progress: kit.Progress,
    *,
    players: int,
    lineup: str,
    options: dict[str, bool],
    turn_cap: int,
) -> list[simulate.GameSummary]:
    """``n`` games of the line-up with the §12 ``options``; bot ``i`` of game seed ``s`` is
    seeded ``10s+i``."""
    kinds = LINEUPS[lineup](players)

    def factory(game_seed: int) -> list[Any]:
        return [make_bot(k, game_seed * 10 + i) for i, k in enumerate(kinds)]

    return simulate.run_games(
        n, players, factory, seed=seed, options=options, turn_cap=turn_cap, progress=progress
    )


class StrategyLab(kit.StrategyLab):
    """Players, line-up, variants, number of games; Run, Compare variants, Compare players."""

    illegal = "cnw.table.illegal"

    def __init__(self, games: int = 1000, seed: int = 0, turn_cap: int = 60, **kw: Any) -> None:
        self.victory_fig = kit.chart(
            300, t("cnw.lab.victory_title"), yaxis=dict(title="%", range=[0, 100])
        )
        self.victory_fig.add_bar(
            x=[t(f"cnw.victory.{v}") for v in VICTORIES],
            y=[0] * len(VICTORIES),
            marker_color=[VICTORY_COLORS[v] for v in VICTORIES],
        )
        self.length_fig = kit.histogram(
            300,
            t("cnw.lab.length_title"),
            t("cnw.lab.rounds"),
            t("cnw.lab.games_axis"),
            "#1f77b4",
            xbins=dict(size=1),
        )
        self.seat_fig = kit.chart(
            300,
            t("cnw.lab.seat_title"),
            xaxis=dict(title=t("cnw.lab.seat_axis")),
            yaxis=dict(title="%"),
        )
        self.seat_fig.add_bar(x=[], y=[], marker_color="#e67e22", name=t("cnw.lab.wins"))
        self.seat_fig.add_scatter(
            x=[], y=[], mode="lines", line=dict(dash="dash", color="#555"), name=t("cnw.lab.fair")
        )
        self.sweep_fig = kit.chart(
            340,
            t("cnw.lab.sweep_title"),
            barmode="stack",
            yaxis=dict(title="%", range=[0, 100]),
            legend=dict(orientation="h", y=-0.25, x=0.5, xanchor="center", yanchor="top"),
            margin=dict(l=50, r=20, t=50, b=100),
        )
        for v in VICTORIES:
            self.sweep_fig.add_bar(
                name=t(f"cnw.victory.{v}"), x=[], y=[], marker_color=VICTORY_COLORS[v]
            )
        self.sweep_info = w.HTML()
        self.sweep_info.add_class("cnw-lab-sweep-info")
        self.summaries: list[simulate.GameSummary] = []
        super().__init__(
            settings=[
                kit.games_setting(t("cnw.lab.games"), games, 10_000, "cnw-lab-games"),
                kit.Setting("players", "slider", t("cnw.table.players"), 3, 3, 6),
                kit.lineup_setting(
                    "lineup", t("cnw.lab.lineup"), LINEUPS, lambda k: t(f"cnw.lab.lineup_{k}"), 440
                ),
                kit.Setting(
                    "variants",
                    "flags",
                    "",
                    options=[(t(f"cnw.lab.variant_{k}"), k) for k in VARIANTS[1:]],
                ),
                kit.Setting(
                    "turn_cap", "bounded", t("cnw.lab.turn_cap"), turn_cap, 1, 500, width=200
                ),
                kit.seed_setting(seed),
            ],
            actions=[
                kit.run_action(t("cnw.lab.run"), "cnw-lab-run", self.plan, self.show),
                kit.Action(
                    "compare_variants",
                    t("cnw.lab.compare_variants"),
                    "cnw-lab-variants",
                    self.plan_variants,
                    self.show_sweep,
                    icon="sliders",
                    partial=True,
                ),
                kit.Action(
                    "compare_players",
                    t("cnw.lab.compare_players"),
                    "cnw-lab-players",
                    self.plan_players,
                    self.show_sweep,
                    icon="users",
                    partial=True,
                ),
            ],
            rows=[
                ("games", "players", "seed"),
                ("lineup", "turn_cap"),
                ("variants",),
                ("run", "compare_variants", "compare_players"),
                "bar",
                "notice",
                "summary",
            ],
            charts=[
                boxed(self.victory_fig, "cnw-fig-victory"),
                boxed(self.length_fig, "cnw-fig-length"),
                boxed(self.seat_fig, "cnw-fig-seat"),
                boxed(self.sweep_fig, "cnw-fig-sweep"),
                self.sweep_info,
            ],
            summary=(t("cnw.lab.press_run"), "cnw-lab-result"),
            css="cnw-strategy-lab",
            title=t("cnw.lab.controls"),
            **kw,
        )
        self.result = self.summary  # lesson 5's name for the summary line

    # ---------------------------------------------------------------- simulation
    def options(self, variant: str | None = None) -> dict[str, bool]:
        """The §12 options ticked (or only ``variant``, for the sweep)."""
        if variant is not None:
            return {} if variant == "base" else {variant: True}
        return {k: box.value for k, box in self.variants.items() if box.value}

    def _batch(
        self, v: dict[str, Any], players: int, options: dict[str, bool], label: str = ""
    ) -> kit.Batch:
        params = dict(players=players, lineup=v["lineup"], options=options, turn_cap=v["turn_cap"])
        return kit.Batch(play, v["games"], v["seed"], params, label)

    def plan(self, v: dict[str, Any]) -> list[kit.Batch]:
        return [self._batch(v, v["players"], v["variants"])]

    def show(
        self, _v: dict[str, Any], _batches: list[kit.Batch], results: list[kit.Result]
    ) -> list[simulate.GameSummary]:
        """The chosen setting, ``games`` times: the three main charts."""
        games = results[0]
        self.summaries = games
        n = len(games)
        kinds = Counter(g.victory for g in games)
        players = games[0].players
        wins_from_first = Counter(
            (w_ - g.first_player) % players for g in games for w_ in g.winners
        )
        decided = sum(1 for g in games if g.winners)
        kit.redraw(self.victory_fig, {"y": [100 * kinds.get(v, 0) / n for v in VICTORIES]})
        kit.redraw(self.length_fig, {"x": [g.turns for g in games]})
        seats = [t("cnw.lab.seat_n", n=k + 1) for k in range(players)]
        shares = [
            100 * wins_from_first.get(k, 0) / decided if decided else 0 for k in range(players)
        ]
        kit.redraw(
            self.seat_fig, {"x": seats, "y": shares}, {"x": seats, "y": [100 / players] * players}
        )
        self.summary.value = t(
            "cnw.lab.result",
            n=n,
            decided=decided,
            rounds=kit.number(mean(g.turns for g in games)),
            first=kit.number(100 * simulate.first_player_advantage(games)),
            fair=kit.number(100 / players),
        )
        return games

    def plan_variants(self, v: dict[str, Any]) -> list[kit.Batch]:
        """Each variant of §12 alone against the base game, same seeds and players."""
        players = v["players"]
        batches = [
            self._batch(v, players, self.options(k), t(f"cnw.lab.variant_{k}"))
            for k in VARIANTS[:-1]
        ]
        teams = max(4, players)  # §12.2: two teams of 2–3 players
        label = t("cnw.lab.team_players", n=teams)
        return [*batches, self._batch(v, teams, self.options("team_building"), label)]

    def plan_players(self, v: dict[str, Any]) -> list[kit.Batch]:
        """The ticked variants with 3, 4, 5 and 6 players."""
        return [self._batch(v, n, v["variants"], t("cnw.lab.n_players", n=n)) for n in range(3, 7)]

    def show_sweep(
        self, _v: dict[str, Any], batches: list[kit.Batch], results: list[kit.Result]
    ) -> list[list[Any]]:
        """One stacked bar per setting; a setting the rules refuse is listed as skipped."""
        rows = [
            [b.label, None, refusal("cnw", r)] if isinstance(r, IllegalAction) else [b.label, r, ""]
            for b, r in zip(batches, results, strict=True)
        ]
        played = [r for r in rows if r[1]]
        kit.redraw(
            self.sweep_fig,
            *(
                {
                    "x": [r[0] for r in played],
                    "y": [100 * sum(g.victory == v for g in r[1]) / len(r[1]) for r in played],
                }
                for v in VICTORIES
            ),
        )
        lines = [
            t(
                "cnw.lab.sweep_row",
                label=r[0],
                rounds=kit.number(mean(g.turns for g in r[1])),
                first=kit.number(100 * simulate.first_player_advantage(r[1])),
            )
            if r[1]
            else t("cnw.lab.sweep_skipped", label=r[0], reason=r[2])
            for r in rows
        ]
        self.sweep_info.value = "<ul>" + "".join(f"<li>{x}</li>" for x in lines) + "</ul>"
        return rows

    def compare_variants(self) -> list[list[Any]]:
        """Each variant of §12 alone against the base game, same seeds and players."""
        return self.press("compare_variants")

    def compare_players(self) -> list[list[Any]]:
        """The ticked variants with 3, 4, 5 and 6 players."""
        return self.press("compare_players")
