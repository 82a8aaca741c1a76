"""The CNW game table: a whole game on the map for hot-seat humans and bots.

Every move goes through ``gamelib.cnw.apply``; a refused move shows the rule's reason in a Notice
and changes nothing. Click a gateway of yours then a target (or use the drop-downs); the other
decisions (end a phase, play a tris, deliver, re-roll with an OBC token, pawns to move in) are
buttons built from ``legal_actions``. Only the hand and objective of the human to move are shown.
The history is a ``Session``: back and forward through the log, save as a download, load a file.
"""

from __future__ import annotations

import base64
import html
from typing import Any

import ipywidgets as w

from gamelib import cnw
from gamelib.cnw import bots as cnw_bots
from gamelib.cnw import state as st
from gamelib.cnw import tables
from gamelib.cnw.network import CODES
from gamelib.core import IllegalAction
from widgets.cnw.board_map import BoardMap
from widgets.common import Notice, boxed, card, dice_html, figure
from widgets.i18n import t
from widgets.session import Session
from widgets.table_base import TableBase

SEATS = ("human", "courier", "expansionist", "random")
MAX_PLAYERS = 6
REPOSITION_COUNT = "reposition_count"  # §5.4: how many pawns a repositioning move carries
PLAYER_COLORS = ["#1f5fbf", "#17becf", "#ff7f0e", "#2ca02c", "#d62ad0", "#555555"]
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
        source=roll["source"],
        target=roll["target"],
        defender=html.escape(names[roll["defender"]]) if roll["defender"] >= 0 else "—",
    )
    out = (
        f"<div>{head}</div><div>{dice_html(roll['attack'], '#c0392b')} &nbsp;vs&nbsp; "
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


def _button(key: str, css: str, icon: str = "", **kw: Any) -> w.Button:
    b = w.Button(description=t(key), icon=icon, layout=w.Layout(width="auto"), **kw)
    b.add_class(css)
    return b


class CnwTable(TableBase, w.VBox):
    """Pick seats (human or bot), then play on the map; back/forward; save/load; bots to the end."""

    game = cnw
    texts = "cnw.table"
    css = "cnw"

    def __init__(
        self,
        seats: tuple[str, ...] = ("human", "courier", "expansionist"),
        seed: int = 1,
        turn_cap: int | None = None,
        **kwargs: Any,
    ) -> None:
        self.turn_cap = turn_cap
        self.map = BoardMap(height=540, overlays=OVERLAYS)
        self.fig = self.map.fig
        self.fig.update_layout(showlegend=False)
        for trace in self.map.region_traces:
            trace.on_click(self._on_map_click)
        self.notice = Notice()
        self.selected: str | None = None
        # ---- setup
        self.players = w.IntSlider(
            value=len(seats), min=3, max=MAX_PLAYERS, description=t("cnw.table.players")
        )
        self.seat_pickers = []
        for i in range(MAX_PLAYERS):
            picker = w.Dropdown(
                options=[(t(f"cnw.table.seat_{k}"), k) for k in SEATS],
                value=seats[i] if i < len(seats) else "courier",
                description=t("cnw.table.seat", n=i + 1),
                layout=w.Layout(width="250px"),
            )
            picker.add_class(f"cnw-seat-{i}")
            self.seat_pickers.append(picker)
        self.seed = w.IntText(
            value=seed, description=t("common.seed"), layout=w.Layout(width="180px")
        )
        self.new_button = _button("cnw.table.new_game", "cnw-new-game", "refresh")
        self.new_button.on_click(lambda _: self.new_game())
        self.players.observe(lambda _: self._show_pickers(), "value")
        # ---- turn panel
        self.status = w.HTML()
        self.status.add_class("cnw-status")
        self.reinf = w.HTML()
        self.reinf.add_class("cnw-reinforcements")
        self.dice = w.HTML()
        self.dice.add_class("cnw-dice")
        self.prompt = w.HTML()
        self.prompt.add_class("cnw-obc-prompt")
        self.hand = w.HTML()
        self.hand.add_class("cnw-hand")
        self.source = w.Dropdown(description=t("cnw.table.source"), layout=w.Layout(width="260px"))
        self.source.add_class("cnw-source-select")
        self.target = w.Dropdown(description=t("cnw.table.target"), layout=w.Layout(width="260px"))
        self.target.add_class("cnw-target-select")
        self.count = w.BoundedIntText(
            value=1, min=1, max=99, description=t("cnw.table.count"), layout=w.Layout(width="160px")
        )
        self.count.add_class("cnw-count")
        self.go_button = _button("cnw.table.go", "cnw-go", "play", button_style="primary")
        self.go_button.on_click(lambda _: self.go())
        self.source.observe(lambda ch: self._pick_source(ch["new"]), "value")
        self.buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.buttons.add_class("cnw-action-buttons")
        # ---- public information
        self.shipments = w.HTML()
        self.shipments.add_class("cnw-shipments")
        self.sla_fig = figure(
            height=240,
            title=t("cnw.table.sla_title"),
            yaxis=dict(title=t("cnw.table.sla_axis")),
            margin=dict(l=50, r=20, t=40, b=40),
        )
        self.sla_fig.add_bar(x=[], y=[], marker_color=[], text=[], textposition="outside")
        self.sla_fig.add_scatter(
            x=[], y=[], mode="lines", line=dict(color="#c0392b", dash="dash"), name="target"
        )
        self.sla_fig.update_layout(showlegend=False)
        # ---- log and history

        history = self._history_panel("240px")

        self.new_game()
        setup = card(
            [
                w.HBox([self.players, self.seed, self.new_button]),
                w.HBox(self.seat_pickers, layout=w.Layout(flex_flow="row wrap")),
            ],
            t("cnw.table.setup"),
        )
        turn = card(
            [
                self.status,
                self.reinf,
                self.notice,
                w.HBox(
                    [self.source, self.target, self.count, self.go_button],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                self.prompt,
                self.buttons,
                self.dice,
                self.hand,
            ],
            t("cnw.table.turn"),
        )
        super().__init__(
            [
                setup,
                self.map.view,
                boxed(self.fig, "cnw-fig-table"),
                turn,
                card([self.shipments], t("cnw.table.shipments_title")),
                boxed(self.sla_fig, "cnw-fig-sla"),
                history,
            ],
            **kwargs,
        )
        self.add_class("cnw-table")

    # ------------------------------------------------------------------ setup
    def _show_pickers(self) -> None:
        for i, picker in enumerate(self.seat_pickers):
            picker.layout.display = "" if i < self.players.value else "none"

    def new_game(self) -> None:
        n = self.players.value
        kinds = [p.value for p in self.seat_pickers[:n]]
        names = [t(f"cnw.table.name_{k}", n=i + 1) for i, k in enumerate(kinds)]
        state = cnw.new_game(names, seed=self.seed.value, turn_cap=self.turn_cap)
        self._start(Session.start(cnw, state), kinds)
        self.notice.info(t("cnw.table.started", n=n, seed=self.seed.value))
        self.run_bots()

    def _start(self, session: Session, kinds: list[str]) -> None:
        self.session = session
        self.kinds = kinds
        self.bots = {
            p: make_bot(kind if kind != "human" else "courier", self.seed.value * 10 + p)
            for p, kind in enumerate(kinds)
        }
        self.selected = None
        self._show_pickers()
        self.refresh()

    def act(self, action: Any) -> bool:
        """Apply a move of the human to move; a refused move is explained and changes nothing."""
        if not self.human_to_move():
            self.notice.error(t("cnw.table.not_human"))
            return False
        try:
            self.session.apply(action)
        except IllegalAction as e:
            self.notice.error(t("cnw.table.illegal", rule=e.rule, reason=e.reason))
            return False
        self.notice.info(t("cnw.table.done", action=html.escape(str(action))))
        self.selected = None
        self.run_bots(refresh=False)
        self.refresh()
        return True

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

    def _on_map_click(self, trace: Any, points: Any, _state: Any) -> None:
        if points.point_inds:
            self.click(trace.customdata[points.point_inds[0]])

    def finish_estimate(self) -> int:
        return 600 - self.state.actions

    def _moved(self) -> None:
        self.selected = None

    def _seat_kinds_after_load(self, state: Any) -> list[str]:
        n = state.players
        self.players.value = n
        return [self.kinds[i] if i < len(self.kinds) else "courier" for i in range(n)]

    def _loaded_message(self, state: Any) -> str:
        return t("cnw.table.loaded", n=state.players)

    # ------------------------------------------------------------------ drawing
    def legal_buttons(self) -> list[Any]:
        """The legal actions of the human to move that are not map clicks."""
        if not self.human_to_move():
            return []
        return [a for a in cnw.legal_actions(self.state) if not isinstance(a, MAP_CLICK)]

    def refresh(self) -> None:
        s = self.state
        p = self.to_move()
        human = p is not None and self.kinds[p] == "human"
        paint_state(self.map, s)
        bridges = [list(b) for b in cnw.air_bridges(s, s.current)] if p is not None else []
        self.map.draw_overlay("bridges", bridges)
        # status and phase
        if p is None:
            names = ", ".join(s.names[q] for q in cnw.winners(s)) or "—"
            self.status.value = t(
                "cnw.table.over", names=html.escape(names), victory=t(f"cnw.victory.{s.victory}")
            )
        else:
            self.status.value = t(
                "cnw.table.status",
                name=f"<span style='color:{PLAYER_COLORS[p]}'>■ {html.escape(s.names[p])}</span>",
                phase=t(f"cnw.phase.{s.phase}"),
                round=s.round,
                current=html.escape(s.names[s.current]),
            )
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
        # fallback buttons
        buttons = []
        for action in self.legal_buttons()[:40]:
            b = w.Button(description=str(action), layout=w.Layout(width="auto"))
            b.add_class("cnw-action")
            b.on_click(lambda _b, a=action: self.act(a))
            buttons.append(b)
        self.buttons.children = buttons
        # the hand and objective of the human to move only (§9, §11 are secret)
        if human:
            obs = cnw.observation(s, p)
            cards = ", ".join(f"{c['gateway']} ({c['symbol']})" for c in obs["hand"]) or "—"
            objective = obs["objective"]["text"] if obs["objective"] else "—"
            self.hand.value = t(
                "cnw.table.hand", cards=cards, objective=html.escape(objective), obc=s.obc[p]
            )
        else:
            self.hand.value = t("cnw.table.hidden")
        self._draw_shipments()
        self._draw_sla()
        self._draw_log()
        self.back_button.disabled = not self.session.can_back()
        self.forward_button.disabled = not self.session.can_forward()
        self.bots_button.disabled = human or p is None
        encoded = base64.b64encode(self.save_text().encode()).decode()
        self.save_link.value = (
            f"<a class='cnw-save-link' download='cnw-save.json' "
            f"href='data:application/json;base64,{encoded}'>⬇ {t('cnw.table.save')}</a>"
        )

    def _draw_shipments(self) -> None:
        s = self.state
        rows = []
        for q in range(s.players):
            for card_id, deadline in s.shipments[q]:
                info = cnw.shipment_info(card_id)
                chain = cnw.delivery_chain(s, q, card_id)
                chain_text = " → ".join(chain) if chain else "—"
                cells = [
                    f"<span style='color:{PLAYER_COLORS[q]}'>■</span> {html.escape(s.names[q])}",
                    f"#{card_id} {info['origin']} → {info['destination']}",
                    t(f"cnw.class.{info['class']}"),
                    (
                        f"<b style='color:#a93226'>{t('cnw.table.turns_left', n=deadline)}</b>"
                        if deadline <= 1
                        else t("cnw.table.turns_left", n=deadline)
                    ),
                    f"+{info['pawns']} / +{info['sla']} SLA",
                    chain_text,
                ]
                rows.append(
                    "<tr>"
                    + "".join(f"<td style='padding:2px 8px'>{c}</td>" for c in cells)
                    + "</tr>"
                )
        head = "".join(
            f"<th style='padding:2px 8px'>{t(f'cnw.table.col_{k}')}</th>"
            for k in ("player", "shipment", "class", "deadline", "reward", "chain")
        )
        self.shipments.value = f"<table><tr>{head}</tr>{''.join(rows)}</table>"

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

    def _draw_log(self) -> None:
        sess = self.session
        lines = []
        for i, action in enumerate(sess.log):
            before = sess.history[i]
            who = before.names[cnw.current_player(before)]
            text = html.escape(f"{who}: {action}")
            after = sess.history[i + 1]
            roll = after.last_roll
            if roll and roll is not before.last_roll and after.roll is None:
                text += html.escape(
                    f" [{roll['attack']} vs {roll['defend']}: "
                    f"-{roll['attacker_losses']} / -{roll['defender_losses']}]"
                )
            style = " style='color:#aaa'" if i >= sess.index else ""
            lines.append(f"<li{style}>{text}</li>")
        self.log_view.value = (
            f"<div>{t('cnw.table.log_head', n=sess.index, total=len(sess.log))} · "
            f"{t('cnw.table.newest_first')}</div>"
            f"<ol reversed start='{len(lines)}' style='margin:0;padding-left:2.5em'>"
            f"{''.join(reversed(lines[-300:]))}</ol>"
        )
