"""Lesson 5 widget: many seeded CNW bot games (``gamelib.cnw.simulate.run_games``) on a button.

Charts, built once and changed in place: win rate by victory type (§11), game length, wins by
seat counted from the opener (first-player advantage, §4 step 4), and two sweeps: each variant
of §12 against the base game, and the number of players.
"""

from __future__ import annotations

from collections import Counter
from statistics import mean
from typing import Any

import ipywidgets as w

from gamelib.cnw import simulate
from gamelib.core import IllegalAction
from widgets.cnw.table import make_bot
from widgets.common import Notice, boxed, card, figure, progress_bar, run_with_progress
from widgets.i18n import t

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


class StrategyLab(w.VBox):
    """Players, line-up, variants, number of games; Run, Compare variants, Compare players."""

    def __init__(self, games: int = 1000, seed: int = 0, turn_cap: int = 60, **kw: Any) -> None:
        self.games = w.BoundedIntText(
            value=games, min=1, max=10_000, description=t("cnw.lab.games"), layout=_width(220)
        )
        self.games.add_class("cnw-lab-games")
        self.players = w.IntSlider(value=3, min=3, max=6, description=t("cnw.table.players"))
        self.lineup = w.Dropdown(
            options=[(t(f"cnw.lab.lineup_{k}"), k) for k in LINEUPS],
            value="mixed",
            description=t("cnw.lab.lineup"),
            layout=_width(440),
        )
        self.variants = {
            k: w.Checkbox(value=False, description=t(f"cnw.lab.variant_{k}"), indent=False)
            for k in VARIANTS[1:]
        }
        self.turn_cap = w.BoundedIntText(
            value=turn_cap, min=1, max=500, description=t("cnw.lab.turn_cap"), layout=_width(200)
        )
        self.seed = w.IntText(value=seed, description=t("common.seed"), layout=_width(180))
        self.run_button = _button("cnw.lab.run", "cnw-lab-run", "play", "primary")
        self.variants_button = _button("cnw.lab.compare_variants", "cnw-lab-variants", "sliders")
        self.players_button = _button("cnw.lab.compare_players", "cnw-lab-players", "users")
        self.run_button.on_click(lambda _: self.run())
        self.variants_button.on_click(lambda _: self.compare_variants())
        self.players_button.on_click(lambda _: self.compare_players())
        self.bar = progress_bar()
        self.notice = Notice()
        self.result = w.HTML(t("cnw.lab.press_run"))
        self.result.add_class("cnw-lab-result")
        # charts
        self.victory_fig = figure(
            height=300, title=t("cnw.lab.victory_title"), yaxis=dict(title="%", range=[0, 100])
        )
        self.victory_fig.add_bar(
            x=[t(f"cnw.victory.{v}") for v in VICTORIES],
            y=[0] * len(VICTORIES),
            marker_color=[VICTORY_COLORS[v] for v in VICTORIES],
        )
        self.length_fig = figure(
            height=300,
            title=t("cnw.lab.length_title"),
            xaxis=dict(title=t("cnw.lab.rounds")),
            yaxis=dict(title=t("cnw.lab.games_axis")),
        )
        self.length_fig.add_histogram(x=[], marker_color="#1f77b4", xbins=dict(size=1))
        self.seat_fig = figure(
            height=300,
            title=t("cnw.lab.seat_title"),
            xaxis=dict(title=t("cnw.lab.seat_axis")),
            yaxis=dict(title="%"),
        )
        self.seat_fig.add_bar(x=[], y=[], marker_color="#e67e22", name=t("cnw.lab.wins"))
        self.seat_fig.add_scatter(
            x=[], y=[], mode="lines", line=dict(dash="dash", color="#555"), name=t("cnw.lab.fair")
        )
        self.sweep_fig = figure(
            height=340,
            title=t("cnw.lab.sweep_title"),
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
        controls = card(
            [
                w.HBox([self.games, self.players, self.seed], layout=_wrap()),
                w.HBox([self.lineup, self.turn_cap], layout=_wrap()),
                w.HBox(list(self.variants.values()), layout=_wrap()),
                w.HBox([self.run_button, self.variants_button, self.players_button]),
                self.bar,
                self.notice,
                self.result,
            ],
            t("cnw.lab.controls"),
        )
        super().__init__(
            [
                controls,
                boxed(self.victory_fig, "cnw-fig-victory"),
                boxed(self.length_fig, "cnw-fig-length"),
                boxed(self.seat_fig, "cnw-fig-seat"),
                boxed(self.sweep_fig, "cnw-fig-sweep"),
                self.sweep_info,
            ],
            **kw,
        )
        self.add_class("cnw-strategy-lab")

    # ---------------------------------------------------------------- simulation
    def options(self, variant: str | None = None) -> dict[str, bool]:
        """The §12 options ticked (or only ``variant``, for the sweep)."""
        if variant is not None:
            return {} if variant == "base" else {variant: True}
        return {k: box.value for k, box in self.variants.items() if box.value}

    def simulate(
        self, players: int, options: dict[str, bool], progress: Any = None
    ) -> list[simulate.GameSummary]:
        kinds = LINEUPS[self.lineup.value](players)

        def factory(seed: int) -> list[Any]:
            return [make_bot(k, seed * 10 + i) for i, k in enumerate(kinds)]

        return simulate.run_games(
            self.games.value,
            players,
            factory,
            seed=self.seed.value,
            options=options,
            turn_cap=self.turn_cap.value,
            progress=progress,
        )

    def _busy(self, flag: bool) -> None:
        for b in (self.run_button, self.variants_button, self.players_button):
            b.disabled = flag

    def run(self) -> list[simulate.GameSummary]:
        """The chosen setting, ``games`` times; the three main charts."""
        n = self.games.value
        self._busy(True)
        try:
            games = run_with_progress(
                self.bar,
                n,
                lambda progress: self.simulate(self.players.value, self.options(), progress),
            )
        except IllegalAction as e:
            self.notice.error(t("cnw.table.illegal", rule=e.rule, reason=e.reason))
            return []
        finally:
            self._busy(False)
        self.notice.clear()
        self.summaries = games
        self._draw(games)
        return games

    def _draw(self, games: list[simulate.GameSummary]) -> None:
        n = len(games)
        kinds = Counter(g.victory for g in games)
        players = games[0].players
        wins_from_first = Counter(
            (w_ - g.first_player) % players for g in games for w_ in g.winners
        )
        decided = sum(1 for g in games if g.winners)
        with self.victory_fig.batch_update():
            self.victory_fig.data[0].y = [100 * kinds.get(v, 0) / n for v in VICTORIES]
        with self.length_fig.batch_update():
            self.length_fig.data[0].x = [g.turns for g in games]
        seats = [t("cnw.lab.seat_n", n=k + 1) for k in range(players)]
        with self.seat_fig.batch_update():
            self.seat_fig.data[0].x = seats
            self.seat_fig.data[0].y = [
                100 * wins_from_first.get(k, 0) / decided if decided else 0 for k in range(players)
            ]
            self.seat_fig.data[1].x = seats
            self.seat_fig.data[1].y = [100 / players] * players
        self.result.value = t(
            "cnw.lab.result",
            n=n,
            decided=decided,
            rounds=f"{mean(g.turns for g in games):.1f}",
            first=f"{100 * simulate.first_player_advantage(games):.1f}",
            fair=f"{100 / players:.1f}",
        )

    def _sweep(self, settings: list[tuple[str, int, dict[str, bool]]]) -> list[list[Any]]:
        total = self.games.value * len(settings)
        rows: list[list[Any]] = []

        def work(progress: Any) -> None:
            for k, (label, players, options) in enumerate(settings):
                done = k * self.games.value
                try:
                    games = self.simulate(
                        players, options, lambda i, _n, done=done: progress(done + i)
                    )
                except IllegalAction as e:
                    rows.append([label, None, e.reason])
                    continue
                rows.append([label, games, ""])

        self._busy(True)
        try:
            run_with_progress(self.bar, total, work)
        finally:
            self._busy(False)
        played = [r for r in rows if r[1]]
        with self.sweep_fig.batch_update():
            for trace, v in zip(self.sweep_fig.data, VICTORIES, strict=True):
                trace.x = [r[0] for r in played]
                trace.y = [100 * sum(1 for g in r[1] if g.victory == v) / len(r[1]) for r in played]
        lines = [
            t(
                "cnw.lab.sweep_row",
                label=r[0],
                rounds=f"{mean(g.turns for g in r[1]):.1f}",
                first=f"{100 * simulate.first_player_advantage(r[1]):.1f}",
            )
            if r[1]
            else t("cnw.lab.sweep_skipped", label=r[0], reason=r[2])
            for r in rows
        ]
        self.sweep_info.value = "<ul>" + "".join(f"<li>{x}</li>" for x in lines) + "</ul>"
        return rows

    def compare_variants(self) -> list[list[Any]]:
        """Each variant of §12 alone against the base game, same seeds and players."""
        players = self.players.value
        settings = [(t(f"cnw.lab.variant_{v}"), players, self.options(v)) for v in VARIANTS[:-1]]
        teams = max(4, players)  # §12.2: two teams of 2–3 players
        settings.append((t("cnw.lab.team_players", n=teams), teams, self.options("team_building")))
        return self._sweep(settings)

    def compare_players(self) -> list[list[Any]]:
        """The ticked variants with 3, 4, 5 and 6 players."""
        return self._sweep([(t("cnw.lab.n_players", n=n), n, self.options()) for n in range(3, 7)])


def _width(px: int) -> w.Layout:
    return w.Layout(width=f"{px}px")


def _wrap() -> w.Layout:
    return w.Layout(flex_flow="row wrap")


def _button(key: str, css: str, icon: str, style: str = "") -> w.Button:
    b = w.Button(description=t(key), icon=icon, button_style=style, layout=w.Layout(width="auto"))
    b.add_class(css)
    return b
