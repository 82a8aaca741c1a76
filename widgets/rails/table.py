"""The Rails game table: a whole game on the map for hot-seat humans and bots.

Every move goes through ``gamelib.rails.apply``; a refused move shows the rule's reason in a
Notice and changes nothing. Only the hand and tickets of the human seat to move are shown (the
others are secret, §Prendere le carte Destinazione). The history is a ``Session``: step back and
forward through the log, save the game as a download, load it back from a file.
"""

from __future__ import annotations

import base64
import html
from typing import Any

import ipywidgets as w

from gamelib import rails
from gamelib.core import IllegalAction
from gamelib.rails import bots as rails_bots
from gamelib.rails.board import load as load_board
from gamelib.rails.cards import CARD_NAMES, COLORS, LOCOMOTIVE
from gamelib.rails.scoring import final_scores
from gamelib.rails.state import OVER, SECOND_DRAW, SETUP, TICKETS, TURN
from widgets.common import Notice, boxed, card
from widgets.i18n import t
from widgets.rails.map import PLAYER_COLORS, ROUTE_COLORS, BoardFigure
from widgets.session import Session
from widgets.table_base import TableBase

SEATS = ("human", "planner", "random")
MAX_PLAYERS = 5
TEXT_ON = {"white": "#222", "yellow": "#222", "orange": "#222", "grey": "#222"}


def make_bot(kind: str, seed: int) -> Any:
    if kind == "planner":
        return rails_bots.PlannerBot(seed)
    if kind == "random":
        return rails_bots.RandomBot(seed)
    raise ValueError(f"no bot of kind {kind!r}")


def _chip(kind: str, count: int | None = None) -> str:
    colour = ROUTE_COLORS[kind]
    fg = TEXT_ON.get(kind, "#fff")
    label = t(f"rails.color.{kind}").split(" (")[0]
    n = f" ×{count}" if count is not None else ""
    return (
        f"<span style='display:inline-block;background:{colour};color:{fg};border:1px solid #555;"
        f"border-radius:4px;padding:2px 7px;margin:2px'>{label}{n}</span>"
    )


class RailsTable(TableBase, w.VBox):
    """Pick seats (human or bot), then play: draw, claim, take tickets; back/forward; save/load."""

    game = rails
    texts = "rails.table"
    css = "rails"
    max_moves = 5_000

    def __init__(
        self,
        seats: tuple[str, ...] = ("human", "planner"),
        seed: int = 1,
        **kwargs: Any,
    ) -> None:
        self.board = load_board()
        self.drawing = BoardFigure(height=520, legend=False, owners=MAX_PLAYERS)
        self.fig = self.drawing.fig
        self.notice = Notice()
        # ---- setup controls
        self.players = w.IntSlider(
            value=len(seats), min=2, max=MAX_PLAYERS, description=t("rails.table.players")
        )
        self.seat_pickers = [
            w.Dropdown(
                options=[(t(f"rails.table.seat_{k}"), k) for k in SEATS],
                value=seats[i] if i < len(seats) else "planner",
                description=t("rails.table.seat", n=i + 1),
                layout=w.Layout(width="260px"),
            )
            for i in range(MAX_PLAYERS)
        ]
        for i, picker in enumerate(self.seat_pickers):
            picker.add_class(f"rails-seat-{i}")
        self.seed = w.IntText(
            value=seed, description=t("common.seed"), layout=w.Layout(width="180px")
        )
        self.new_button = w.Button(description=t("rails.table.new_game"), icon="refresh")
        self.new_button.layout.width = "auto"
        self.new_button.add_class("rails-new-game")
        self.new_button.on_click(lambda _: self.new_game())
        self.players.observe(lambda _: self._show_pickers(), "value")
        # ---- turn controls
        self.status = w.HTML()
        self.status.add_class("rails-status")
        self.hand = w.HTML()
        self.hand.add_class("rails-hand")
        self.face_up = [w.Button(layout=w.Layout(width="110px")) for _ in range(5)]
        for i, b in enumerate(self.face_up):
            b.add_class("rails-face-up")
            b.on_click(lambda _b, i=i: self._take_face_up(i))
        self.deck_button = w.Button(description=t("rails.table.draw_deck"), icon="clone")
        self.deck_button.layout.width = "auto"
        self.deck_button.add_class("rails-draw-deck")
        self.deck_button.on_click(lambda _: self.act(rails.DrawDeck()))
        self.tickets_button = w.Button(description=t("rails.table.draw_tickets"), icon="ticket")
        self.tickets_button.layout.width = "auto"
        self.tickets_button.add_class("rails-draw-tickets")
        self.tickets_button.on_click(lambda _: self.act(rails.DrawTickets()))
        self.route = w.Dropdown(description=t("rails.table.route"), layout=w.Layout(width="420px"))
        self.route.add_class("rails-route-select")
        self.pay_colour = w.Dropdown(
            options=[(t(f"rails.color.{c}"), c) for c in (*COLORS, LOCOMOTIVE)],
            description=t("rails.table.pay_with"),
            layout=w.Layout(width="300px"),
        )
        self.pay_locos = w.BoundedIntText(
            value=0,
            min=0,
            max=6,
            description=t("rails.table.plus_locos"),
            style={"description_width": "initial"},
            layout=w.Layout(width="170px"),
        )
        self.claim_button = w.Button(
            description=t("rails.table.claim"), icon="train", button_style="primary"
        )
        self.claim_button.layout.width = "auto"
        self.claim_button.add_class("rails-claim")
        self.claim_button.on_click(lambda _: self.claim())
        self.route.observe(lambda _: self._suggest_payment(), "value")
        self.offer = w.VBox()
        self.keep_button = w.Button(description=t("rails.table.keep"), icon="check")
        self.keep_button.layout.width = "auto"
        self.keep_button.add_class("rails-keep")
        self.keep_button.on_click(lambda _: self.keep())
        self.offer_box = card([self.offer, self.keep_button], t("rails.table.offer"))
        self.my_tickets = w.HTML()
        self.my_tickets.add_class("rails-my-tickets")
        self.scores = w.HTML()
        self.scores.add_class("rails-scores")
        # ---- log and history

        self.drawing.trace("midpoints").on_click(self._on_route_click)
        history = self._history_panel("220px")

        self.new_game()
        setup = card(
            [
                w.HBox([self.players, self.seed, self.new_button]),
                w.HBox(self.seat_pickers, layout=w.Layout(flex_flow="row wrap")),
            ],
            t("rails.table.setup"),
        )
        actions = card(
            [
                self.status,
                self.hand,
                w.HBox([*self.face_up, self.deck_button], layout=w.Layout(flex_flow="row wrap")),
                w.HBox(
                    [self.route, self.pay_colour, self.pay_locos, self.claim_button],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                w.HBox([self.tickets_button]),
                self.offer_box,
                self.my_tickets,
                self.notice,
            ],
            t("rails.table.your_turn"),
        )
        super().__init__(
            [setup, boxed(self.fig, "rails-fig-table"), actions, self.scores, history], **kwargs
        )
        self.add_class("rails-table")

    # ------------------------------------------------------------------ setup
    def _show_pickers(self) -> None:
        for i, picker in enumerate(self.seat_pickers):
            picker.layout.display = "" if i < self.players.value else "none"

    def new_game(self) -> None:
        n = self.players.value
        self.kinds = [p.value for p in self.seat_pickers[:n]]
        names = [t(f"rails.table.name_{k}", n=i + 1) for i, k in enumerate(self.kinds)]
        state = rails.new_game(names, seed=self.seed.value)
        self._start(Session.start(rails, state), self.kinds)
        self.notice.info(t("rails.table.started", n=n, seed=self.seed.value))
        self.run_bots()

    def _start(self, session: Session, kinds: list[str]) -> None:
        self.session = session
        self.kinds = kinds
        self.bots = {
            p: make_bot(kind if kind != "human" else "planner", self.seed.value * 10 + p)
            for p, kind in enumerate(kinds)
        }
        self._show_pickers()
        self.refresh()

    def act(self, action: Any, auto: bool = True) -> bool:
        """Apply a move of the player to move; a refused move is explained and changes nothing."""
        if not self.human_to_move() and auto:
            self.notice.error(t("rails.table.not_human"))
            return False
        try:
            self.session.apply(action)
        except IllegalAction as e:
            self.notice.error(t("rails.table.illegal", rule=e.rule, reason=e.reason))
            return False
        self.notice.info(t("rails.table.done", action=str(action)))
        if auto:
            self.run_bots(refresh=False)
        self.refresh()
        return True

    def _take_face_up(self, slot: int) -> None:
        kind = self.state.face_up[slot]
        if kind < 0:
            self.notice.error(t("rails.table.empty_slot"))
            return
        self.act(rails.DrawFaceUp(CARD_NAMES[kind]))

    def claim(self) -> bool:
        if self.route.value is None:
            self.notice.error(t("rails.table.pick_route"))
            return False
        colour = self.pay_colour.value
        locos = self.board.routes[self.route.value].length if colour == LOCOMOTIVE else 0
        if colour != LOCOMOTIVE:
            locos = self.pay_locos.value
        return self.act(rails.ClaimRoute(self.route.value, colour, locos))

    def keep(self) -> bool:
        chosen = tuple(sorted(cb.ticket for cb in self.offer.children if cb.value))
        return self.act(rails.KeepTickets(chosen))

    def finish_estimate(self) -> int:
        return 200 - self.state.actions

    def _seat_kinds_after_load(self, state: Any) -> list[str]:
        n = state.players
        self.players.value = n
        return [self.kinds[i] if i < len(self.kinds) else "planner" for i in range(n)]

    def _loaded_message(self, state: Any) -> str:
        return t("rails.table.loaded", n=state.players)

    def _on_route_click(self, trace: Any, points: Any, _state: Any) -> None:
        if points.point_inds:
            rid = trace.customdata[points.point_inds[0]]
            if rid in [v for _, v in self.route.options]:
                self.route.value = rid

    def _suggest_payment(self) -> None:
        """Pre-fill a legal payment for the chosen route when the hand has one (from gamelib)."""
        if self.route.value is None or rails.current_player(self.state) is None:
            return
        ways = [a for a in rails.claim_actions(self.state) if a.route == self.route.value]
        if ways:
            best = min(ways, key=lambda a: a.locomotives)
            self.pay_colour.value = best.color
            self.pay_locos.value = 0 if best.color == LOCOMOTIVE else best.locomotives

    def refresh(self) -> None:
        state = self.state
        p = rails.current_player(state)
        human = p is not None and self.kinds[p] == "human"
        with self.fig.batch_update():
            for q in range(MAX_PLAYERS):
                ids = [r for r, o in enumerate(state.owner) if o == q] if q < state.players else []
                self.drawing.draw(f"owner{q}", ids, PLAYER_COLORS[q], 12)
        # status
        if p is None:
            self.status.value = t("rails.table.over")
        else:
            phase = t(f"rails.table.phase_{state.phase}")
            last = (
                t("rails.table.last_round", n=state.final_turns) if state.final_turns >= 0 else ""
            )
            self.status.value = t(
                "rails.table.status",
                name=f"<span style='color:{PLAYER_COLORS[p]}'>{html.escape(state.names[p])}</span>",
                phase=phase,
                turn=state.turn + 1,
                last=last,
            )
        # the seat to move, if human: hand and tickets; else nothing secret
        if human:
            hand = state.hands[p]
            chips = "".join(_chip(CARD_NAMES[k], c) for k, c in enumerate(hand) if c)
            self.hand.value = t("rails.table.hand", cards=chips or "—", trains=state.trains[p])
            obs = rails.observation(state, p)
            items = "".join(
                f"<li>{tk['a']} – {tk['b']} ({tk['points']} pt)"
                f"{' ✔' if tk['completed'] else ''}</li>"
                for tk in obs["tickets"]
            )
            self.my_tickets.value = t("rails.table.tickets", items=items or "<li>—</li>")
        else:
            self.hand.value = t("rails.table.hidden")
            self.my_tickets.value = ""
        # face-up row
        for b, kind in zip(self.face_up, state.face_up, strict=True):
            if kind < 0:
                b.description, b.style.button_color, b.disabled = "—", None, True
                continue
            name = CARD_NAMES[kind]
            b.description = t(f"rails.color.{name}").split(" (")[0]
            b.style.button_color = ROUTE_COLORS[name]
            b.style.text_color = TEXT_ON.get(name, "#fff")
            b.disabled = not human or state.phase not in (TURN, SECOND_DRAW)
        drawing = human and state.phase in (TURN, SECOND_DRAW)
        self.deck_button.disabled = not drawing
        self.tickets_button.disabled = not (human and state.phase == TURN)
        self.claim_button.disabled = not (human and state.phase == TURN)
        # routes open to anyone (the rules decide the rest when claiming)
        free = [r for r in self.board.routes if state.owner[r.id] == -1]
        options = [(f"{r.id}: {r.a} – {r.b} ({r.length}, {r.color})", r.id) for r in free]
        if [o[1] for o in self.route.options] != [o[1] for o in options]:
            self.route.options = options
            if options and self.route.value is None:
                self.route.value = options[0][1]
        # ticket offer
        if human and state.phase in (SETUP, TICKETS):
            offered = sorted(state.offers[p])
            boxes = []
            for tid in offered:
                tk = self.board.tickets[tid]
                cb = w.Checkbox(
                    value=True, description=f"{tk.a} – {tk.b} ({tk.points} pt)", indent=False
                )
                cb.ticket = tid
                cb.add_class("rails-offer-ticket")
                boxes.append(cb)
            self.offer.children = boxes
            self.offer_box.layout.display = ""
        else:
            self.offer.children = []
            self.offer_box.layout.display = "none"
        self._draw_scores()
        self._draw_log()
        self.back_button.disabled = not self.session.can_back()
        self.forward_button.disabled = not self.session.can_forward()
        self.bots_button.disabled = human or p is None
        encoded = base64.b64encode(self.save_text().encode()).decode()
        self.save_link.value = (
            f"<a class='rails-save-link' download='rails-save.json' "
            f"href='data:application/json;base64,{encoded}'>⬇ {t('rails.table.save')}</a>"
        )

    def _draw_scores(self) -> None:
        state = self.state
        over = state.phase == OVER
        finals = final_scores(state) if over else None
        head = [
            t(f"rails.table.col_{k}") for k in ("player", "trains", "cards", "tickets", "points")
        ]
        if over:
            head.append(t("rails.table.col_final"))
        rows = []
        for q in range(state.players):
            cells = [
                f"<span style='color:{PLAYER_COLORS[q]}'>■</span> {html.escape(state.names[q])}",
                str(state.trains[q]),
                str(sum(state.hands[q])),
                str(len(state.tickets[q])),
                str(state.route_points[q]),
            ]
            if finals:
                s = finals[q]
                cells.append(
                    t(
                        "rails.table.final",
                        total=s.total,
                        tickets=s.ticket_points,
                        trail=s.longest_trail,
                        bonus=s.longest_bonus,
                    )
                )
            rows.append(
                "<tr>" + "".join(f"<td style='padding:2px 8px'>{c}</td>" for c in cells) + "</tr>"
            )
        winners = ""
        if over:
            names = ", ".join(state.names[q] for q in rails.winners(state))
            winners = f"<p><b>{t('rails.table.winners', names=html.escape(names))}</b></p>"
        self.scores.value = (
            "<table><tr>"
            + "".join(f"<th style='padding:2px 8px'>{h}</th>" for h in head)
            + "</tr>"
            + "".join(rows)
            + "</table>"
            + winners
        )

    def _draw_log(self) -> None:
        s = self.session
        lines = []
        for i, action in enumerate(s.log):
            who = s.history[i].names[s.history[i].current]
            text = html.escape(f"{who}: {action}")
            if isinstance(action, rails.ClaimRoute):
                r = self.board.routes[action.route]
                text += html.escape(f" ({r.a} – {r.b})")
            style = " style='color:#aaa'" if i >= s.index else ""
            lines.append(f"<li{style}>{text}</li>")
        self.log_view.value = (
            f"<div>{t('rails.table.log_head', n=s.index, total=len(s.log))}</div>"
            f"<ol style='margin:0;padding-left:2.5em'>{''.join(lines)}</ol>"
        )
