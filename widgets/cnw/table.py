"""The CNW game table: a whole game on the map for hot-seat humans and bots.

Every move goes through ``gamelib.cnw.apply``; a refused move shows the rule's reason in a Notice
and changes nothing. Click a gateway of yours then a target (or use the drop-downs); the other
decisions (end a phase, play a tris, deliver, re-roll with an OBC token, pawns to move in) are
buttons built from ``legal_actions``. Only the hand and objective of the human to move are shown.
The history is a ``Session``: back and forward through the log, save as a download, load a file.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from gamelib import cnw
from gamelib.cnw import bots as cnw_bots
from gamelib.cnw import state as st
from gamelib.cnw import tables
from gamelib.cnw.network import CODES
from widgets import i18n
from widgets.cnw import words
from widgets.cnw.board_map import BoardMap
from widgets.common import boxed, card, dice_html, dropdown, figure, html_table, tagged
from widgets.i18n import t
from widgets.kit.maps import on_node_click
from widgets.kit.table import TableBase

SEATS = ("human", "courier", "expansionist", "random")
MAX_PLAYERS = 6
REPOSITION_COUNT = "reposition_count"  # §5.4: how many pawns a repositioning move carries
PLAYER_COLORS = ["#1f5fbf", "#17becf", "#ff7f0e", "#2ca02c", "#d62ad0", "#555555"]
# The values of a refusal (``cnw.illegal.*``) that are gateway codes.
GATEWAY_VALUES = ("gateway", "source", "target", "origin", "destination")
NEUTRAL_COLOR = "#d0d0d0"
OUT_COLOR = "#f2f2f2"
MAP_CLICK = (cnw.PlacePawn, cnw.RemovePawn, cnw.Deploy, cnw.Attack, cnw.Occupy, cnw.Reposition)
OVERLAYS = tuple(
    (f"chain{p}", dict(width=5, color=PLAYER_COLORS[p])) for p in range(MAX_PLAYERS)
) + (
    ("targets", dict(width=2.5, color="#c0392b", dash="dot")),
    ("bridges", dict(width=1.5, color="#8e44ad", dash="dot")),
)


def make_bot(kind: str, seed: int) -> Any:
    """One of the bots of ``gamelib.cnw.bots`` by its seat name."""
    if kind not in cnw_bots.BOTS:
        raise ValueError(f"no bot of kind {kind!r}")
    return cnw_bots.BOTS[kind](seed)


def owner_colours(state: Any) -> dict[str, str]:
    """Gateway code -> the colour of its owner (grey when neutral, pale when out of play)."""
    out = {}
    for i, code in enumerate(CODES):
        o = state.owner[i]
        out[code] = PLAYER_COLORS[o] if o >= 0 else (NEUTRAL_COLOR if o == -1 else OUT_COLOR)
    return out


def pawn_labels(state: Any) -> dict[str, str]:
    return {code: f"{code} {state.pawns[i]}" for i, code in enumerate(CODES)}


def paint_state(board_map: BoardMap, state: Any) -> None:
    """Show a game state on a :class:`BoardMap`: owners' colours, pawns, delivery chains."""
    with board_map.fig.batch_update():
        board_map.paint(owner_colours(state), pawn_labels(state))
        for p in range(MAX_PLAYERS):
            chains = []
            if p < state.players:
                for card_id, _deadline in state.shipments[p]:
                    chain = cnw.delivery_chain(state, p, card_id)
                    if chain and len(chain) > 1:
                        chains.append(chain)
            board_map.draw_overlay(f"chain{p}", chains)


def roll_html(roll: dict[str, Any] | None, names: list[str]) -> str:
    """The dice of a roll (red attacker, blue defender, +1 on a hub defender's highest die)."""
    if not roll:
        return ""
    head = t(
        "cnw.table.roll_head",
        attacker=html.escape(names[roll["attacker"]]),
        source=words.gateway(roll["source"]),
        target=words.gateway(roll["target"]),
        defender=html.escape(names[roll["defender"]]) if roll["defender"] >= 0 else "—",
    )
    out = (
        f"<div>{head}</div><div>{dice_html(roll['attack'], '#c0392b')} "
        f"&nbsp;{t('cnw.table.vs')}&nbsp; "
        f"{dice_html(roll['defend'], '#1f5fbf', 1 if roll.get('hub') else 0)}</div>"
    )
    if "attacker_losses" in roll:
        out += "<div>" + t(
            "cnw.table.roll_result",
            a=roll["attacker_losses"],
            d=roll["defender_losses"],
            conquered=t("cnw.table.conquered") if roll.get("conquered") else "",
        )
        out += "</div>"
    return out


class CnwTable(TableBase):
    """Pick seats (human or bot), then play on the map; back/forward; save/load; bots to the end."""

    game = cnw
    texts = "cnw.table"
    css = "cnw"
    seat_kinds = SEATS
    default_seats = ("human", "courier", "expansionist")
    default_seat = "courier"
    min_players, max_players = 3, MAX_PLAYERS
    make_bot = staticmethod(make_bot)

    def __init__(
        self,
        seats: tuple[str, ...] | None = None,
        seed: int = 1,
        turn_cap: int | None = None,
        **kwargs: Any,
    ) -> None:
        self.turn_cap = turn_cap
        self.selected: str | None = None
        super().__init__(seats, seed, **kwargs)

    def build(self) -> list[w.Widget]:
        self.map = BoardMap(height=540, overlays=OVERLAYS)
        self.fig = self.map.fig
        self.fig.update_layout(showlegend=False)
        for trace in self.map.region_traces:
            on_node_click(trace, self.click)
        # ---- the turn: map-click alternatives, prompts, dice, the hand
        self.reinf = tagged(w.HTML(), "cnw-reinforcements")
        self.dice = tagged(w.HTML(), "cnw-dice")
        self.prompt = tagged(w.HTML(), "cnw-obc-prompt")
        self.source = dropdown(t("cnw.table.source"), "cnw-source-select", "260px")
        self.target = dropdown(t("cnw.table.target"), "cnw-target-select", "260px")
        short = w.Layout(width="160px")
        count = w.BoundedIntText(1, min=1, max=99, description=t("cnw.table.count"), layout=short)
        self.count = tagged(count, "cnw-count")
        self.go_button = self._button("go", "play", self.go, button_style="primary")
        self.source.observe(lambda ch: self._pick_source(ch["new"]), "value")
        self.actions.add_class("cnw-action-buttons")
        # ---- public information
        self.shipments = tagged(w.HTML(), "cnw-shipments")
        self.sla_fig = figure(
            height=240,
            title=t("cnw.table.sla_title"),
            yaxis=dict(title=t("cnw.table.sla_axis")),
            margin=dict(l=50, r=20, t=40, b=40),
            showlegend=False,
        )
        self.sla_fig.add_bar(x=[], y=[], marker_color=[], text=[], textposition="outside")
        self.sla_fig.add_scatter(
            x=[],
            y=[],
            mode="lines",
            line=dict(color="#c0392b", dash="dash"),
            name=t("cnw.table.sla_target"),
        )
        picks = [self.source, self.target, self.count, self.go_button]
        turn = self._turn_panel(
            [
                self.reinf,
                self.notice,
                w.HBox(picks, layout=w.Layout(flex_flow="row wrap")),
                self.prompt,
                self.actions,
                self.dice,
                self.hand,
            ],
            "turn",
        )
        return [
            self.map.view,
            boxed(self.fig, "cnw-fig-table"),
            turn,
            card([self.shipments], t("cnw.table.shipments_title")),
            boxed(self.sla_fig, "cnw-fig-sla"),
        ]

    def new_state(self, kinds: list[str], seed: int) -> Any:
        names = [t(f"cnw.table.name_{k}", n=i + 1) for i, k in enumerate(kinds)]
        return cnw.new_game(names, seed=seed, turn_cap=self.turn_cap)

    def click(self, code: str) -> bool:
        """A click on gateway ``code``: what it means depends on the phase (§4–§7, §10.2)."""
        s = self.state
        if not self.human_to_move():
            self.notice.error(t("cnw.table.not_human"))
            return False
        me = self.to_move()
        phase = s.phase
        if phase == st.PLACEMENT:
            return self.act(cnw.PlacePawn(code))
        if phase == st.BRIEFING:
            return self.act(cnw.RemovePawn(code))
        if phase in (st.REINFORCE, st.ELIM_DEPLOY):
            return self.act(cnw.Deploy(code, self.count.value))
        if phase not in (st.OPERATIONS, st.REPOSITION):
            self.notice.error(t("cnw.table.use_buttons"))
            return False
        owner = s.owner[CODES.index(code)]
        if self.selected is None or (
            owner == me and code != self.selected and phase == st.OPERATIONS
        ):
            if owner != me:
                self.notice.error(t("cnw.table.not_yours", code=code))
                return False
            self.source.value = code  # the observer selects it and lists its targets
            return True
        if code == self.selected:
            self.source.value = None
            return True
        return self._move(self.selected, code)

    def _move(self, source: str, target: str) -> bool:
        s = self.state
        if s.phase == st.REPOSITION:
            return self.act(cnw.Reposition(source, target))  # pawns: the next decision
        if s.owner[CODES.index(target)] == st.NEUTRAL:
            return self.act(cnw.Occupy(source, target, self.count.value))
        dice = max(1, min(3, s.pawns[CODES.index(source)] - 1))
        return self.act(cnw.Attack(source, target, dice))

    def go(self) -> bool:
        """The drop-down alternative to clicking: source, then target (or a deploy/placement)."""
        if self.source.value is None:
            self.notice.error(t("cnw.table.pick_source"))
            return False
        if self.target.value is None:
            return self.click(self.source.value)
        return self._move(self.source.value, self.target.value)

    def _pick_source(self, code: str | None) -> None:
        self.selected = code
        s = self.state
        targets: list[str] = []
        if code is not None and s.phase == st.OPERATIONS:
            targets = cnw.attack_targets(s, code) + cnw.occupy_targets(s, code)
        elif code is not None and s.phase == st.REPOSITION:
            targets = cnw.move_targets(s, code)
        self.target.options = [(t("cnw.table.none"), None)] + [(c, c) for c in targets]
        self.target.value = None
        if code is not None:
            self.count.max = max(1, s.pawns[CODES.index(code)] - 1)
        self.map.select(code)
        self.map.draw_overlay("targets", [[code, c] for c in targets] if code else [])
        if code is not None and self.human_to_move():
            if targets:
                self.notice.info(
                    t("cnw.table.source_picked", code=code, targets=", ".join(targets))
                )
            elif s.phase in (st.OPERATIONS, st.REPOSITION):
                self.notice.info(t("cnw.table.no_targets", code=code))

    def finish_estimate(self) -> int:
        return 600 - self.state.actions

    def _moved(self) -> None:
        self.selected = None

    # ------------------------------------------------------------------ drawing
    def button_actions(self) -> list[Any]:
        """The legal actions of the human to move that are not map clicks (at most 40)."""
        return [a for a in cnw.legal_actions(self.state) if not isinstance(a, MAP_CLICK)][:40]

    def turn_html(self, p: int) -> str:
        s = self.state
        return t(
            "cnw.table.status",
            name=f"<span style='color:{PLAYER_COLORS[p]}'>■ {html.escape(s.names[p])}</span>",
            phase=t(f"cnw.phase.{s.phase}"),
            round=s.round,
            current=html.escape(s.names[s.current]),
        )

    def over_html(self) -> str:
        s = self.state
        names = ", ".join(s.names[q] for q in cnw.winners(s)) or "—"
        return t("cnw.table.over", names=html.escape(names), victory=t(f"cnw.victory.{s.victory}"))

    def describe(self, action: Any, state: Any) -> str:
        """The action in the page's language, from its fields (``cnw.action.*``)."""
        return words.describe(action, state)

    def action_label(self, action: Any) -> str:
        return words.action_words(action, self.state)

    def refusal_value(self, name: str, value: Any) -> Any:
        """A refusal's value in words (``cnw.illegal.*``): gateway codes as the map names them
        ("JFK · New York"), a seat by its player's name, a phase by its name, lists joined."""
        if name in GATEWAY_VALUES:
            return words.gateway(value)
        if name == "cards":
            return ", ".join(words.gateway(c) for c in value)
        if name == "partner" and isinstance(value, int) and 0 <= value < self.state.players:
            return self.seat_name(self.state, value)
        if name == "phase" and f"cnw.phase.{value}" in i18n.catalog("en"):
            return t(f"cnw.phase.{value}")
        if name in ("unknown", "known"):
            return ", ".join(map(str, value))
        return value

    def log_line(self, before: Any, action: Any, after: Any) -> str:
        """Who did what, and the dice of a battle that ended with this move."""
        text = super().log_line(before, action, after)
        roll = after.last_roll
        if roll and roll is not before.last_roll and after.roll is None:
            text += html.escape(words.roll_words(roll))
        return text

    def draw(self, p: int | None, human: bool) -> None:
        s = self.state
        paint_state(self.map, s)
        bridges = [list(b) for b in cnw.air_bridges(s, s.current)] if p is not None else []
        self.map.draw_overlay("bridges", bridges)
        r = cnw.reinforcements(s, s.current)
        regions = sum(r["regions"].values())
        self.reinf.value = (
            t(
                "cnw.table.reinforcements",
                pool=s.pool,
                base=r["base"],
                gateways=r["gateways"],
                regions=regions,
                hubs=r["hubs"],
                tris=r["tris"],
                bonus=r["delivery_bonus"],
                total=r["total"],
            )
            if s.phase in (st.REINFORCE, st.ELIM_DEPLOY)
            else (t("cnw.table.reserve", n=s.reserve[s.current]) if s.phase == st.PLACEMENT else "")
        )
        # dice and the OBC prompt (§8.1)
        self.dice.value = roll_html(s.roll or s.last_roll, s.names)
        if s.phase in (st.REROLL_ATTACKER, st.REROLL_DEFENDER) and p is not None:
            side = "attacker" if s.phase == st.REROLL_ATTACKER else "defender"
            self.prompt.value = t(
                f"cnw.table.obc_{side}", name=html.escape(s.names[p]), tokens=s.obc[p]
            )
        elif s.phase in (st.MOVE_IN, REPOSITION_COUNT) and human:
            self.prompt.value = t("cnw.table.move_in_prompt")
        else:
            self.prompt.value = ""
        # map-click controls
        own = [c for i, c in enumerate(CODES) if p is not None and s.owner[i] == p]
        if s.phase == st.PLACEMENT or s.phase in (st.REINFORCE, st.ELIM_DEPLOY, st.BRIEFING):
            self.count.max = max(1, s.pool) if s.phase != st.PLACEMENT else 1
        options = [(t("cnw.table.none"), None)] + [(c, c) for c in own]
        if [o[1] for o in self.source.options] != [o[1] for o in options] or not human:
            self.source.options = options if human else [(t("cnw.table.none"), None)]
        self.selected = None
        self.source.value = None
        self._pick_source(None)
        for c in (self.source, self.target, self.count, self.go_button):
            c.disabled = not human
        # the hand and objective of the human to move only (§9, §11 are secret)
        if human:
            obs = cnw.observation(s, p)
            cards = ", ".join(words.card(c["gateway"]) for c in obs["hand"]) or "—"
            objective = (
                t(f"cnw.objectives.card.{obs['objective']['id']}") if obs["objective"] else "—"
            )
            self.hand.value = t(
                "cnw.table.hand", cards=cards, objective=html.escape(objective), obc=s.obc[p]
            )
        else:
            self.hand.value = t("cnw.table.hidden")
        self._draw_shipments()
        self._draw_sla()

    def _draw_shipments(self) -> None:
        s = self.state
        rows = []
        for q in range(s.players):
            for card_id, deadline in s.shipments[q]:
                info = cnw.shipment_info(card_id)
                chain = cnw.delivery_chain(s, q, card_id)
                left = t("cnw.table.turns_left", n=deadline)
                who = html.escape(s.names[q])
                rows.append(
                    [
                        f"<span style='color:{PLAYER_COLORS[q]}'>■</span> {who}",
                        f"#{card_id} {info['origin']} → {info['destination']}",
                        t(f"cnw.class.{info['class']}"),
                        f"<b style='color:#a93226'>{left}</b>" if deadline <= 1 else left,
                        f"+{info['pawns']} / +{info['sla']} SLA",
                        " → ".join(chain) if chain else "—",
                    ]
                )
        head = [
            t(f"cnw.table.col_{k}")
            for k in ("player", "shipment", "class", "deadline", "reward", "chain")
        ]
        self.shipments.value = html_table(head, rows)

    def _draw_sla(self) -> None:
        s = self.state
        target = (
            int(tables.variants()["fiera"]["sla_to_win"])
            if s.options["fiera"]
            else int(tables.setup()["sla_to_win"])
        )
        names = list(s.names)
        with self.sla_fig.batch_update():
            bar = self.sla_fig.data[0]
            bar.x = names
            bar.y = list(s.sla)
            bar.text = [str(v) for v in s.sla]
            bar.marker.color = PLAYER_COLORS[: s.players]
            line = self.sla_fig.data[1]
            line.x = names
            line.y = [target] * len(names)
            self.sla_fig.layout.yaxis.range = [0, target + 2]
