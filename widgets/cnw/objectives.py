"""Lesson 7 widget: the Network Objective cards (§11, §11.1) against a seeded game position.

``ObjectiveLab`` lists the objective deck (ours: the rulebook prints none), plays a seeded bot
game up to a chosen round, and shows in one heatmap how many gateways each player still needs
for each card (``gamelib.cnw.objective_progress``), each player's own secret card starred. Choose
a player and a card (or click a cell): the map paints the gateways still to take. The figures
are built once and changed in place.
"""

from __future__ import annotations

import html
from functools import lru_cache
from typing import Any

import ipywidgets as w

from gamelib import cnw
from gamelib.cnw import objective_progress, objectives
from gamelib.cnw import state as st
from widgets.cnw.board_map import HIGHLIGHT, BoardMap
from widgets.cnw.table import PLAYER_COLORS, make_bot, owner_colours, pawn_labels
from widgets.common import boxed, card, figure, html_table, seed_box, tagged
from widgets.i18n import t

BOTS = ("courier", "expansionist")
LABEL = {"description_width": "initial"}


def colour_name(seat: int) -> str:
    """A seat's colour (§2), the names the objective cards use."""
    return t(f"cnw.objectives.colour_{seat}")


def objective_text(card_id: int) -> str:
    return t(f"cnw.objectives.card.{objectives.load().cards[card_id].key}")


@lru_cache(maxsize=32)
def position(seed: int, players: int, rounds: int) -> Any:
    """A seeded game: bots play the setup (§4) and then until round ``rounds`` begins (or the
    game ends first). The same arguments give the same position, so it is kept (states are
    never changed in place): a check and the lab beside it share it."""
    state = cnw.new_game([colour_name(p) for p in range(players)], seed=seed)
    bots = [make_bot(BOTS[p % len(BOTS)], seed * 10 + p) for p in range(players)]
    while not cnw.is_over(state) and (state.phase == st.PLACEMENT or state.round < rounds):
        state = cnw.apply(state, bots[cnw.current_player(state)].choose(state))
    return state


class ObjectiveLab(w.VBox):
    """Seed, players and round of the position; the heatmap; a player and a card to inspect."""

    def __init__(self, seed: int = 1, players: int = 4, rounds: int = 3, **kwargs: Any) -> None:
        self.deck = objectives.load()
        self.seed = seed_box(seed, "cnw-obj-seed", "170px")
        self.players = tagged(
            w.ToggleButtons(
                options=[(str(n), n) for n in range(3, 7)],
                value=players,
                description=t("cnw.objectives.players"),
                style={"button_width": "40px"},
            ),
            "cnw-obj-players",
        )
        self.rounds = tagged(
            w.IntSlider(
                value=rounds,
                min=1,
                max=6,
                description=t("cnw.objectives.round"),
                style=LABEL,
            ),
            "cnw-obj-round",
        )
        self.player = tagged(
            w.Dropdown(description=t("cnw.objectives.player"), style=LABEL), "cnw-obj-player"
        )
        self.card = tagged(
            w.Dropdown(
                options=[(objective_text(c.id), c.id) for c in self.deck.cards],
                value=0,
                description=t("cnw.objectives.card_pick"),
                style=LABEL,
                layout=w.Layout(width="560px"),
            ),
            "cnw-obj-card",
        )
        self.summary = tagged(w.HTML(), "cnw-obj-summary")
        self.info = tagged(w.HTML(), "cnw-obj-info")
        self.heat = figure(
            height=560,
            title=t("cnw.objectives.heat_title"),
            margin=dict(l=330, r=20, t=60, b=40),
            yaxis=dict(autorange="reversed"),
            xaxis=dict(side="top"),
        )
        self.heat.add_heatmap(
            z=[],
            x=[],
            y=[objective_text(c.id) for c in self.deck.cards],
            colorscale=[[0, "#1e8449"], [0.15, "#f7dc6f"], [1, "#f2f3f4"]],
            zmin=0,
            zmax=24,
            texttemplate="%{text}",
            text=[],
            hovertemplate="%{x}<br>%{y}<br>%{z}<extra></extra>",
            colorbar=dict(title=t("cnw.objectives.to_go_short")),
        )
        self.heat.data[0].on_click(self._clicked)
        self.map = BoardMap(height=440)
        self.map.fig.update_layout(showlegend=False)
        self.deck_view = tagged(w.HTML(self.deck_html()), "cnw-obj-deck")
        for control in (self.seed, self.players, self.rounds):
            control.observe(lambda _: self.new_position(), "value")
        self.player.observe(lambda _: self.update_target(), "value")
        self.card.observe(lambda _: self.update_target(), "value")
        self.new_position()
        super().__init__(
            [
                w.HBox(
                    [self.seed, self.players, self.rounds], layout=w.Layout(flex_flow="row wrap")
                ),
                self.summary,
                boxed(self.heat, "cnw-fig-objectives"),
                w.HBox([self.player, self.card], layout=w.Layout(flex_flow="row wrap")),
                self.info,
                self.map.view,
                boxed(self.map.fig, "cnw-fig-obj-map"),
            ],
            **kwargs,
        )
        self.add_class("cnw-objectives")

    # ---------------------------------------------------------------- the deck
    def deck_html(self) -> str:
        rows = [
            [
                f"{c.id + 1}",
                html.escape(objective_text(c.id)),
                t(f"cnw.objectives.kind_{c.kind}"),
            ]
            for c in self.deck.cards
        ]
        head = [t(f"cnw.objectives.col_{k}") for k in ("n", "card", "kind")]
        return html_table(head, rows)

    def deck_panel(self) -> w.Widget:
        return card([self.deck_view], t("cnw.objectives.deck_title", n=len(self.deck.cards)))

    # ---------------------------------------------------------------- the position
    def set_position(self, seed: int, players: int, rounds: int) -> None:
        """Move the three controls at once and redraw once."""
        self._quiet = True
        try:
            self.seed.value, self.players.value, self.rounds.value = seed, players, rounds
        finally:
            self._quiet = False
        self.new_position()

    def new_position(self) -> None:
        if getattr(self, "_quiet", False):
            return
        self.state = position(self.seed.value, self.players.value, self.rounds.value)
        self.table = objective_progress.table(self.state)
        s = self.state
        names = [colour_name(p) for p in range(s.players)]
        cards = range(len(self.deck.cards))
        z = [[self.table[p][k].to_go for p in range(s.players)] for k in cards]
        text = [
            [
                f"{'★ ' if s.objectives[p] == k else ''}{self.table[p][k].to_go}"
                for p in range(s.players)
            ]
            for k in cards
        ]
        with self.heat.batch_update():
            heat = self.heat.data[0]
            heat.x, heat.z, heat.text = names, z, text
        keep = self.player.value if self.player.value is not None else 0
        self.player.options = [(n, p) for p, n in enumerate(names)]
        self.player.value = keep if keep < s.players else 0
        over = (
            t("cnw.objectives.over", names=", ".join(names[q] for q in s.winners))
            if cnw.is_over(s)
            else ""
        )
        gateways = ", ".join(
            f"<span style='color:{PLAYER_COLORS[p]}'>■</span> {names[p]} {s.owner.count(p)}"
            for p in range(s.players)
        )
        self.summary.value = t(
            "cnw.objectives.summary", round=s.round, gateways=gateways, over=over
        )
        self.update_target()

    def _clicked(self, trace: Any, points: Any, _state: Any) -> None:
        if points.xs and points.ys:  # the cell's player name and card text
            names = list(trace.x)
            texts = list(trace.y)
            if points.xs[0] in names and points.ys[0] in texts:
                self.player.value = names.index(points.xs[0])
                self.card.value = texts.index(points.ys[0])

    def progress(self) -> objective_progress.Progress:
        return self.table[self.player.value][self.card.value]

    def update_target(self) -> None:
        if self.player.value is None:
            return
        s, got, p = self.state, self.progress(), self.player.value
        colours = owner_colours(s)
        labels = pawn_labels(s)
        for code in got.targets:
            colours[code] = HIGHLIGHT
            labels[code] = f"✱{labels[code]}"
        self.map.paint(colours, labels)
        secret = s.objectives[p] == self.card.value
        if got.met:
            state_text = t("cnw.objectives.met")
        elif got.targets:
            state_text = t("cnw.objectives.targets", n=got.to_go, targets=", ".join(got.targets))
        else:
            state_text = t("cnw.objectives.count_only", n=got.to_go)
        self.info.value = t(
            "cnw.objectives.info",
            player=f"<b style='color:{PLAYER_COLORS[p]}'>{colour_name(p)}</b>",
            card=html.escape(objective_text(self.card.value)),
            have=got.have,
            need=got.need,
            state=state_text,
            secret=t("cnw.objectives.secret") if secret else "",
            fallback=t("cnw.objectives.fallback", n=got.need) if got.fallback else "",
        )
