"""Many seeded bot games (``gamelib.rails.simulate.run_games``) on a button, summarised in
charts: score distribution by bot kind, ticket completion, win rate, game length. The lab
machinery (settings, button, progress, seeds) is ``widgets.kit.strategy``; this module says
which games to play and how to count them."""

from __future__ import annotations

from typing import Any

from gamelib.rails.simulate import GameSummary, run_games
from widgets.common import boxed
from widgets.i18n import t
from widgets.kit import strategy as kit
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


def play(n: int, seed: int, progress: kit.Progress, *, players: int, lineup: str) -> list[Any]:
    """``n`` games of the line-up; the bot in seat ``i`` of game seed ``s`` is seeded ``10s+i``."""
    kinds = LINEUPS[lineup](players)

    def factory(game_seed: int) -> list[Any]:
        return [make_bot(k, game_seed * 10 + i) for i, k in enumerate(kinds)]

    return run_games(n, players, factory, seed=seed, progress=progress)


class StrategyLab(kit.StrategyLab):
    """Choose players, a line-up of bots and a number of games; press Run."""

    def __init__(self, games: int = 1000, seed: int = 0, **kwargs: Any) -> None:
        kinds = {t(f"rails.table.seat_{k}"): colour for k, colour in KIND_COLORS.items()}
        self.score_fig = kit.shares_by_group(
            340,
            t("rails.strategy.score_title"),
            kinds,
            "scores",
            10,
            xaxis=dict(title=t("rails.strategy.score_axis")),
            yaxis=dict(title=t("rails.strategy.share_axis"), tickformat=".0%"),
        )
        cats = [t("rails.strategy.ticket_rate"), t("rails.strategy.win_rate")]
        self.rate_fig = kit.rates_by_group(320, t("rails.strategy.rate_title"), cats, kinds)
        self.length_fig = kit.histogram(
            300,
            t("rails.strategy.length_title"),
            t("rails.strategy.turns_axis"),
            t("rails.strategy.games_axis"),
            "#5d6d7e",
            nbinsx=30,
        )
        super().__init__(
            settings=[
                kit.games_setting(t("rails.strategy.games"), games, 5000, "rails-strategy-games"),
                kit.Setting("players", "slider", t("rails.table.players"), 3, 2, 5),
                kit.lineup_setting(
                    "lineup",
                    t("rails.strategy.lineup"),
                    LINEUPS,
                    lambda k: t(f"rails.strategy.{k}"),
                    420,
                ),
                kit.seed_setting(seed),
            ],
            actions=[
                kit.run_action(
                    t("rails.strategy.run"), "rails-strategy-run", self.plan, self.show, width=None
                )
            ],
            rows=[("players", "lineup"), ("games", "seed", "run"), "bar", "summary", "notice"],
            charts=[
                boxed(self.score_fig, "rails-fig-scores"),
                boxed(self.rate_fig, "rails-fig-rates"),
                boxed(self.length_fig, "rails-fig-length"),
            ],
            summary=(t("rails.strategy.press_run"), "rails-strategy-summary"),
            css="rails-strategy",
            title=t("rails.strategy.controls"),
            **kwargs,
        )

    def plan(self, v: dict[str, Any]) -> list[kit.Batch]:
        params = {"players": v["players"], "lineup": v["lineup"]}
        return [kit.Batch(play, v["games"], v["seed"], params)]

    def show(
        self, v: dict[str, Any], _batches: list[kit.Batch], results: list[kit.Result]
    ) -> list[GameSummary]:
        games = results[0]
        stats = by_kind(games, LINEUPS[v["lineup"]](v["players"]))
        kit.redraw(
            self.score_fig, *({"x": stats.get(k, {}).get("scores", [])} for k in KIND_COLORS)
        )
        rates = []
        for kind in KIND_COLORS:
            s = stats.get(kind)
            tickets = s["done"] + s["failed"] if s else 0
            rates.append(
                {"y": [s["done"] / tickets if tickets else 0.0, s["wins"] / s["seats"]]}
                if s
                else {"y": [0, 0]}
            )
        kit.redraw(self.rate_fig, *rates)
        kit.redraw(self.length_fig, {"x": [g.turns for g in games]})
        parts = [
            t(
                "rails.strategy.kind_line",
                kind=t(f"rails.table.seat_{kind}"),
                mean=kit.number(sum(s["scores"]) / len(s["scores"])),
                wins=kit.percent(s["wins"] / s["seats"]),
                seats=s["seats"],
            )
            for kind, s in stats.items()
        ]
        turns = kit.number(sum(g.turns for g in games) / len(games))
        capped = sum(g.capped for g in games)
        self.summary.value = (
            f"<p>{t('rails.strategy.done', n=len(games), turns=turns, capped=capped)}</p>"
            + "".join(f"<p>{p}</p>" for p in parts)
        )
        return games
