"""Many seeded bot games (``gamelib.logiquo.simulate.run_games``) on a button: cooperative
against selfish careful bots on the same seeds, game length by player count and hand size, and
what the special cards were worth. The lab machinery is ``widgets.kit.strategy``; this module
only says which games to play, counts the summaries and draws them."""

from __future__ import annotations

from statistics import mean
from typing import Any

from gamelib.logiquo import odds
from gamelib.logiquo.bots import CarefulBot
from gamelib.logiquo.simulate import BotsFactory, GameSummary, careful_factory, run_games
from widgets.common import boxed
from widgets.i18n import t
from widgets.kit import strategy as kit

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


def careful_bots(cooperative: bool, selfish_seat: int | None = None) -> BotsFactory:
    """Careful bots seeded as ``simulate.careful_factory`` seeds them (seat ``p``: game seed +
    ``p``): all cooperative or all selfish, or (``selfish_seat``) all cooperative but that seat,
    so the free-rider lab plays the same deals with the same bots but one."""
    if selfish_seat is None:
        return careful_factory(cooperative)

    def make(players: int, game_seed: int) -> list[CarefulBot]:
        return [CarefulBot(game_seed + p, cooperative=p != selfish_seat) for p in range(players)]

    return make


def play(
    n: int,
    seed: int,
    progress: kit.Progress,
    *,
    players: int,
    cooperative: bool,
    hand_size: int | None,
    selfish_seat: int | None = None,
) -> list[GameSummary]:
    """``n`` games of careful bots (see :func:`careful_bots`) with ``hand_size`` control cards.
    The one play function of both Logiquo labs: their all-cooperative batches are the same
    games, cached once."""
    bots = careful_bots(cooperative, selfish_seat)
    return run_games(n, players, bots, seed, hand_size=hand_size, progress=progress)


def players_setting(css: str) -> kit.Setting:
    """The number of players both Logiquo labs ask for (§Preparazione: 2 to 6), four first."""
    return kit.Setting("players", "slider", t("logiquo.table.players"), 4, 2, 6, css=css)


class StrategyLab(kit.StrategyLab):
    """Choose players, a hand size and a number of games; press Run."""

    def __init__(self, games: int = 1000, seed: int = 0, **kwargs: Any) -> None:
        policies = {t(f"logiquo.strategy.{p}"): colour for p, colour in COLOURS.items()}
        self.turns_fig = kit.shares_by_group(
            340,
            t("logiquo.strategy.turns_title"),
            policies,
            "turns",
            2,
            xaxis=dict(title=t("logiquo.strategy.turns_axis")),
            yaxis=dict(title=t("logiquo.strategy.share_axis"), tickformat=".0%"),
        )
        cats = [
            t("logiquo.strategy.survivors"),
            t("logiquo.strategy.stopped"),
            t("logiquo.strategy.data_left"),
        ]
        self.rate_fig = kit.rates_by_group(
            340,
            t("logiquo.strategy.rate_title"),
            cats,
            policies,
            hovertemplate="%{x}: %{y:.1%}<extra></extra>",
        )
        self.special_fig = kit.chart(
            340,
            t("logiquo.strategy.special_title"),
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
        self.sweep_fig = kit.chart(
            360,
            t("logiquo.strategy.sweep_title"),
            xaxis=dict(title=t("logiquo.strategy.players_axis"), dtick=1),
            yaxis=dict(title=t("logiquo.strategy.offset_axis")),
        )
        self.sweep_fig.add_heatmap(
            x=list(SWEEP_PLAYERS),
            y=[t("logiquo.strategy.offset", k=f"{k:+d}") for k in SWEEP_OFFSETS],
            colorscale="Blues",
            texttemplate="%{z:.1f}",
            hovertemplate=t(
                "logiquo.strategy.sweep_hover", players="%{x}", hand="%{y}", turns="%{z:.1f}"
            )
            + "<extra></extra>",
            colorbar=dict(title=t("logiquo.strategy.turns_short")),
        )
        super().__init__(
            settings=[
                kit.games_setting(
                    t("logiquo.strategy.games"),
                    games,
                    5000,
                    "logiquo-strategy-games",
                    width=260,
                    label_width="initial",
                ),
                players_setting("logiquo-strategy-players"),
                kit.Setting(
                    "hand",
                    "choice",
                    t("logiquo.strategy.hand"),
                    0,
                    options=[(t("logiquo.strategy.suggested"), 0)]
                    + [(str(k), k) for k in range(1, 13)],
                    width=380,
                    label_width="initial",
                ),
                kit.seed_setting(seed),
            ],
            actions=[
                kit.run_action(
                    t("logiquo.strategy.run"),
                    "logiquo-strategy-run",
                    self.plan,
                    self.show,
                    nothing=dict,
                )
            ],
            rows=[("players", "hand"), ("games", "seed", "run"), "bar", "summary", "notice"],
            charts=[
                boxed(self.turns_fig, "logiquo-fig-turns"),
                boxed(self.rate_fig, "logiquo-fig-rates"),
                boxed(self.special_fig, "logiquo-fig-specials"),
                boxed(self.sweep_fig, "logiquo-fig-sweep"),
            ],
            summary=(t("logiquo.strategy.press_run"), "logiquo-strategy-summary"),
            css="logiquo-strategy",
            title=t("logiquo.strategy.controls"),
            **kwargs,
        )

    def sweep_games(self, n: int) -> int:
        """Games per cell of the player count x hand size sweep (a twentieth of the main run)."""
        return max(1, n // 20)

    def plan(self, v: dict[str, Any]) -> list[kit.Batch]:
        """Both policies on the same seeds, then one small batch per cell of the sweep."""
        n, players, seed = v["games"], v["players"], v["seed"]
        hand = v["hand"] or None
        batches = [
            kit.Batch(play, n, seed, dict(players=players, cooperative=coop, hand_size=hand))
            for coop in POLICIES.values()
        ]
        per_cell = self.sweep_games(n)
        for offset in SWEEP_OFFSETS:
            for p in SWEEP_PLAYERS:
                size = odds.hand_size_for(p) + offset
                params = dict(players=p, cooperative=True, hand_size=size)
                batches.append(kit.Batch(play, per_cell, seed + 1000 * p + offset, params))
        return batches

    def show(
        self, v: dict[str, Any], _batches: list[kit.Batch], results: list[kit.Result]
    ) -> dict[str, list[GameSummary]]:
        by_policy = dict(zip(POLICIES, results, strict=False))
        cells = [mean(g.turns for g in games) for games in results[len(POLICIES) :]]
        width = len(SWEEP_PLAYERS)
        grid = [cells[i : i + width] for i in range(0, len(cells), width)]
        kit.redraw(self.turns_fig, *({"x": [g.turns for g in by_policy[p]]} for p in POLICIES))
        kit.redraw(
            self.rate_fig,
            *(
                {
                    "y": [
                        _share(by_policy[p], "survival"),
                        stopped_share(by_policy[p]),
                        mean(mean(g.data_left) for g in by_policy[p]) / 3,
                    ]
                }
                for p in POLICIES
            ),
        )
        coop = by_policy["cooperative"]
        logiquo = specials_split(coop, "logiquo_used")
        pentaqo = specials_split(coop, "pentaqo_used")
        kit.redraw(
            self.special_fig, {"y": [logiquo[0], pentaqo[0]]}, {"y": [logiquo[1], pentaqo[1]]}
        )
        kit.redraw(self.sweep_fig, {"z": grid})
        turns = {p: mean(g.turns for g in by_policy[p]) for p in POLICIES}
        gifts = {p: mean(sum(g.gifts) for g in by_policy[p]) for p in POLICIES}
        self.summary.value = t(
            "logiquo.strategy.done",
            n=v["games"],
            players=v["players"],
            coop_turns=kit.number(turns["cooperative"]),
            selfish_turns=kit.number(turns["selfish"]),
            coop_gifts=kit.number(gifts["cooperative"]),
            selfish_gifts=kit.number(gifts["selfish"]),
            logiquo_seats=logiquo[2],
            pentaqo_seats=pentaqo[2],
            cell=self.sweep_games(v["games"]),
        )
        return by_policy
