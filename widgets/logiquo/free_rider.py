"""What cooperation costs the one who gives: the same seeded deals played twice, once with every
seat a cooperative careful bot, once with the first seat a selfish one (it never gives, it still
accepts gifts). The rulebook names one winner (§Obiettivo), so the question is whose wins the
gifts buy. The bots and the experiment are ours; the lab machinery is ``widgets.kit.strategy``.

Both batches are played by the strategy lab's ``widgets.logiquo.strategy.play``; the
all-cooperative one is the strategy lab's own batch (same key), so the two labs share its cached
games."""

from __future__ import annotations

from statistics import mean
from typing import Any

from gamelib.logiquo.simulate import GameSummary
from widgets.common import boxed
from widgets.i18n import t
from widgets.kit import strategy as kit
from widgets.logiquo import strategy as coop_lab

FREE_RIDER = 0  # the seat that never gives: the first seat, who starts (§Preparazione.5)
TABLES = {"cooperative": "#1f77b4", "free_rider": "#e67e22"}


def win_share(games: list[GameSummary], seat: int) -> float:
    """How often ``seat`` wins, a shared win counted as a share (§Obiettivo's last tie)."""
    if not games:
        return 0.0
    return mean((seat in g.winners) / len(g.winners) for g in games if g.winners)


def others_share(games: list[GameSummary], seat: int) -> float:
    """The mean win share of each of the other seats."""
    others = [p for p in range(games[0].players) if p != seat] if games else []
    return mean(win_share(games, p) for p in others) if others else 0.0


def mean_turns(games: list[GameSummary]) -> float:
    return mean(g.turns for g in games) if games else 0.0


def gifts_by(games: list[GameSummary], seat: int) -> float:
    """Cards ``seat`` gave away per game."""
    return mean(g.gifts[seat] for g in games) if games else 0.0


class FreeRiderLab(kit.StrategyLab):
    """Choose players and a number of games; press Run: both tables on the same seeds."""

    def __init__(self, games: int = 1000, seed: int = 0, **kwargs: Any) -> None:
        tables = {t(f"logiquo.free_rider.{k}"): colour for k, colour in TABLES.items()}
        self.wins_fig = kit.rates_by_group(
            340,
            t("logiquo.free_rider.wins_title"),
            [t("logiquo.free_rider.first_seat"), t("logiquo.free_rider.other_seat")],
            tables,
            hovertemplate="%{x}: %{y:.1%}<extra></extra>",
        )
        self.wins_fig.add_scatter(
            x=[t("logiquo.free_rider.first_seat"), t("logiquo.free_rider.other_seat")],
            y=[0.25, 0.25],
            mode="lines",
            line=dict(dash="dash", color="#555"),
            name=t("logiquo.free_rider.fair"),
        )
        super().__init__(
            settings=[
                kit.games_setting(
                    t("logiquo.free_rider.games"),
                    games,
                    5000,
                    "logiquo-free-rider-games",
                    width=260,
                    label_width="initial",
                ),
                coop_lab.players_setting("logiquo-free-rider-players"),
                kit.seed_setting(seed),
            ],
            actions=[
                kit.run_action(
                    t("logiquo.free_rider.run"),
                    "logiquo-free-rider-run",
                    self.plan,
                    self.show,
                    nothing=dict,
                )
            ],
            rows=[("players", "games"), ("seed", "run"), "bar", "summary", "notice"],
            charts=[boxed(self.wins_fig, "logiquo-fig-free-rider")],
            summary=(t("logiquo.free_rider.press_run"), "logiquo-free-rider-summary"),
            css="logiquo-free-rider",
            title=t("logiquo.free_rider.controls"),
            **kwargs,
        )

    def plan(self, v: dict[str, Any]) -> list[kit.Batch]:
        """The strategy lab's cooperative batch, then the same seeds with one selfish seat."""
        n, players, seed = v["games"], v["players"], v["seed"]
        cooperative = dict(players=players, cooperative=True, hand_size=None)
        return [
            kit.Batch(coop_lab.play, n, seed, cooperative),
            kit.Batch(coop_lab.play, n, seed, cooperative | {"selfish_seat": FREE_RIDER}),
        ]

    def show(
        self, v: dict[str, Any], _batches: list[kit.Batch], results: list[kit.Result]
    ) -> dict[str, list[GameSummary]]:
        by_table = dict(zip(TABLES, results, strict=True))
        fair = 1 / v["players"]
        kit.redraw(
            self.wins_fig,
            *(
                {"y": [win_share(by_table[k], FREE_RIDER), others_share(by_table[k], FREE_RIDER)]}
                for k in TABLES
            ),
            {"y": [fair, fair]},
        )
        coop, rider = by_table["cooperative"], by_table["free_rider"]
        self.summary.value = t(
            "logiquo.free_rider.done",
            n=v["games"],
            players=v["players"],
            coop_turns=kit.number(mean_turns(coop)),
            rider_turns=kit.number(mean_turns(rider)),
            coop_wins=kit.percent(win_share(coop, FREE_RIDER)),
            rider_wins=kit.percent(win_share(rider, FREE_RIDER)),
            fair=kit.percent(fair),
            coop_gifts=kit.number(gifts_by(coop, FREE_RIDER)),
            rider_gifts=kit.number(gifts_by(rider, FREE_RIDER)),
        )
        return by_table
