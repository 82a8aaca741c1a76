"""Lesson 4 widget: a seeded deal (§4 step 2) and the placement round (§4 step 5), compared.

The opener ("you") places its starting pawns by one of ``gamelib.cnw.placement``'s plans; the
other seats place with the lesson's bots. The map shows the board after the round, the gateways
an enemy is favoured to take from you (red lines from the attacker) and those you are favoured
to take (green lines); the tables give, per player and per plan, what the placement leaves open.
Every measure comes from ``gamelib.cnw.placement``; the widget only draws it.
"""

from __future__ import annotations

import html
from functools import cache
from typing import Any

import ipywidgets as w

from gamelib import cnw
from gamelib.cnw import placement as pl
from gamelib.cnw.state import NEUTRAL
from widgets.cnw.board_map import BoardMap
from widgets.cnw.table import PLAYER_COLORS, make_bot, owner_colours, pawn_labels
from widgets.cnw.turn import BOTS
from widgets.cnw.words import region_name
from widgets.common import boxed, card, seed_box, tagged
from widgets.i18n import t
from widgets.kit.strategy import number

THREAT_LINE = dict(width=2.5, color="#c0392b", dash="dot")
TARGET_LINE = dict(width=2.5, color="#1e8449", dash="dot")


def names(players: int) -> list[str]:
    """The seats' names, as the turn walk-through of lesson 5 names its bots."""
    return [t(f"cnw.table.name_{BOTS[i % 4]}", n=i + 1) for i in range(players)]


@cache
def dealt(seed: int, players: int) -> Any:
    """The game after the automatic steps of setup (§4 steps 1–4, 6, 7): the deal is done."""
    return cnw.new_game(names(players), seed=seed)


@cache
def placed(seed: int, players: int, plan: str) -> Any:
    """The board after the placement round: the opener follows ``plan``, the others their bots
    (seeded as the turn walk-through seeds them)."""
    state = dealt(seed, players)
    bots = [make_bot(BOTS[i % 4], seed * 10 + i) for i in range(players)]
    return pl.place_round(state, state.first, plan, lambda s: bots[s.current].choose(s))


@cache
def measures(seed: int, players: int, plan: str) -> tuple[dict[str, Any], ...]:
    """``placement.openness`` of every seat after the round with the opener's ``plan``."""
    state = placed(seed, players, plan)
    return tuple(pl.openness(state, p) for p in range(players))


def expected_lost(seed: int, players: int, plan: str) -> float:
    """The opener's gateways expected lost after ``plan``, to the tenth the table shows."""
    you = dealt(seed, players).first
    return round(measures(seed, players, plan)[you]["at_risk"], 1)


def best_plans(seed: int, players: int) -> frozenset[str]:
    """The plans that leave the opener the fewest gateways expected lost (ties all)."""
    lost = {plan: expected_lost(seed, players, plan) for plan in pl.PLANS}
    low = min(lost.values())
    return frozenset(plan for plan, x in lost.items() if x == low)


def most_open(seed: int, players: int, plan: str) -> frozenset[str]:
    """The opener's gateways an enemy is most favoured to take after ``plan`` (ties all)."""
    you = dealt(seed, players).first
    opened = measures(seed, players, plan)[you]["open"]
    if not opened:
        return frozenset()
    top = max(p for _, p in opened.values())
    return frozenset(code for code, (_, p) in opened.items() if p >= top - 1e-12)


class PlacementLab(w.VBox):
    """Seed, players and the opener's placement plan; the map and the tables of what is open."""

    def __init__(self, seed: int = 7, players: int = 3, plan: str = "rulebook", **kw: Any) -> None:
        self.map = BoardMap(
            height=440, overlays=(("threats", THREAT_LINE), ("targets", TARGET_LINE))
        )
        self.map.fig.update_layout(showlegend=False)
        self.seed = seed_box(seed, "cnw-place-seed")
        self.players = tagged(
            w.Dropdown(
                options=[(str(n), n) for n in range(3, 7)],
                value=players,
                description=t("cnw.setup.players"),
                layout=w.Layout(width="180px"),
            ),
            "cnw-place-players",
        )
        self.plan = tagged(
            w.ToggleButtons(
                options=[(t(f"cnw.setup.plan_{p}"), p) for p in pl.PLANS],
                value=plan,
                description=t("cnw.setup.plan"),
                tooltips=[t(f"cnw.setup.plan_{p}_tip") for p in pl.PLANS],
            ),
            "cnw-place-plan",
        )
        self.deal = tagged(w.HTML(), "cnw-place-deal")
        self.per_player = tagged(w.HTML(), "cnw-place-players-table")
        self.per_plan = tagged(w.HTML(), "cnw-place-plans-table")
        for control in (self.seed, self.players, self.plan):
            control.observe(lambda _: self.draw(), "value")
        self.draw()
        super().__init__(
            [
                w.HBox([self.seed, self.players]),
                self.plan,
                card([self.deal]),
                self.map.view,
                self.map.gateway,
                boxed(self.map.fig, "cnw-fig-placement"),
                card([self.per_player], t("cnw.setup.per_player")),
                card([self.per_plan], t("cnw.setup.per_plan")),
                card([self.map.info]),
            ],
            **kw,
        )
        self.add_class("cnw-placement")

    def set(
        self, seed: int | None = None, players: int | None = None, plan: str | None = None
    ) -> None:
        """Move the controls (as a learner would) and redraw once."""
        if seed is not None:
            self.seed.value = seed
        if players is not None:
            self.players.value = players
        if plan is not None:
            self.plan.value = plan

    @property
    def key(self) -> tuple[int, int, str]:
        return self.seed.value, self.players.value, self.plan.value

    def draw(self) -> None:
        seed, players, plan = self.key
        start, state = dealt(seed, players), placed(seed, players, plan)
        you = start.first
        seen = measures(seed, players, plan)
        mine = seen[you]
        self.deal.value = self._deal_html(start)
        with self.map.fig.batch_update():
            self.map.paint(owner_colours(state), pawn_labels(state))
            self.map.draw_overlay(
                "threats", [[src, code] for code, (src, _) in mine["open"].items()]
            )
            self.map.draw_overlay(
                "targets", [[src, code] for code, (src, _) in mine["targets"].items()]
            )
        self.per_player.value = self._players_html(state, seen, you)
        self.per_plan.value = self._plans_html(seed, players, you)

    # ------------------------------------------------------------------ texts
    def _who(self, state: Any, p: int) -> str:
        return f"<b style='color:{PLAYER_COLORS[p]}'>■ {html.escape(state.names[p])}</b>"

    def _deal_html(self, start: Any) -> str:
        n = start.players
        gateways = [start.owner.count(p) for p in range(n)]
        neutral = start.owner.count(NEUTRAL)
        deadlines = ", ".join(
            str(d) for _, d in sorted(start.shipments[start.first], key=lambda x: x[1])
        )
        return t(
            "cnw.setup.deal",
            players=n,
            pawns=start.reserve[start.first] + gateways[start.first],
            gateways=" / ".join(map(str, gateways)),
            neutral=neutral,
            opener=self._who(start, start.first),
            deadlines=deadlines,
            reserve=start.reserve[start.first],
        )

    def _players_html(self, state: Any, seen: tuple[dict[str, Any], ...], you: int) -> str:
        rows = []
        for p, m in enumerate(seen):
            reach = ", ".join(region_name(self.map.board.regions[r]) for r in m["in_reach"]) or "—"
            you_mark = f" {t('cnw.setup.you')}" if p == you else ""
            routes = f" · <b>{' '.join(m['routes'])}</b>" if m["routes"] else ""
            cells = [
                self._who(state, p) + you_mark,
                f"{len(m['gateways'])} ({m['pawns']})",
                " ".join(m["hubs"]) or "—",
                (" ".join(m["route_ends"]) or "—") + routes,
                str(len(m["exposed"])),
                " ".join(sorted(m["open"])) or "—",
                " ".join(sorted(m["targets"])) or "—",
                html.escape(reach),
            ]
            rows.append(("", cells))
        keys = ("player", "gateways", "hubs", "routes", "exposed", "open", "targets", "reach")
        note = t("cnw.setup.players_note", pct=round(pl.FAVOURED * 100))
        return html_table(keys, rows, note)

    def _plans_html(self, seed: int, players: int, you: int) -> str:
        rows = []
        for plan in pl.PLANS:
            m = measures(seed, players, plan)[you]
            mark = "font-weight:bold;background:#eef4fb" if plan == self.plan.value else ""
            cells = [
                t(f"cnw.setup.plan_{plan}"),
                str(len(m["open"])),
                number(expected_lost(seed, players, plan), 1),
                str(len(m["targets"])),
                str(len(m["in_reach"])),
            ]
            rows.append((mark, cells))
        keys = ("plan", "open", "at_risk", "targets", "reach")
        return html_table(keys, rows, t("cnw.setup.plans_note"))


def html_table(keys: tuple[str, ...], rows: list[tuple[str, list[str]]], note: str) -> str:
    """A small table: headers from ``cnw.setup.col_<key>``, rows as (row style, cells)."""
    pad = "padding:2px 8px;text-align:left;vertical-align:top"
    head = "".join(f"<th style='{pad}'>{t(f'cnw.setup.col_{k}')}</th>" for k in keys)
    body = "".join(
        f"<tr style='{style}'>" + "".join(f"<td style='{pad}'>{c}</td>" for c in cells) + "</tr>"
        for style, cells in rows
    )
    return f"<table><tr>{head}</tr>{body}</table><small>{note}</small>"
