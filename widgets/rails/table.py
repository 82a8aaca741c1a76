"""The Rails game table: a whole game on the map for hot-seat humans and bots.

Every move goes through ``gamelib.rails.apply``; a refused move shows the rule's reason in a
Notice and changes nothing. Only the hand and tickets of the human seat to move are shown (the
others are secret, §Prendere le carte Destinazione). The history is a ``Session``: step back and
forward through the log, save the game as a download, load it back from a file.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from gamelib import rails
from gamelib.rails import bots as rails_bots
from gamelib.rails.board import load as load_board
from gamelib.rails.cards import CARD_NAMES, COLORS, LOCOMOTIVE
from gamelib.rails.scoring import final_scores
from gamelib.rails.state import OVER, SECOND_DRAW, SETUP, TICKETS, TURN
from widgets.common import boxed, card, dropdown, html_table, tagged
from widgets.i18n import t
from widgets.kit.table import TableBase
from widgets.rails import words
from widgets.rails.map import PLAYER_COLORS, ROUTE_COLORS, BoardFigure

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


class RailsTable(TableBase):
    """Pick seats (human or bot), then play: draw, claim, take tickets; back/forward; save/load."""

    game = rails
    texts = "rails.table"
    css = "rails"
    seat_kinds = SEATS
    default_seats = ("human", "planner")
    default_seat = "planner"
    min_players, max_players = 2, MAX_PLAYERS
    log_height = "220px"
    max_moves = 5_000
    make_bot = staticmethod(make_bot)

    def build(self) -> list[w.Widget]:
        self.board = load_board()
        self.drawing = BoardFigure(height=520, legend=False, owners=MAX_PLAYERS)
        self.fig = self.drawing.fig
        self.drawing.trace("midpoints").on_click(self._on_route_click)
        # ---- the turn: draw a card, claim a route, take tickets
        self.face_up = [
            tagged(w.Button(layout=w.Layout(width="110px")), "rails-face-up") for _ in range(5)
        ]
        for i, b in enumerate(self.face_up):
            b.on_click(lambda _b, i=i: self._take_face_up(i))
        self.deck_button = self._button("draw_deck", "clone", lambda: self.act(rails.DrawDeck()))
        self.tickets_button = self._button(
            "draw_tickets", "ticket", lambda: self.act(rails.DrawTickets())
        )
        self.route = dropdown(t("rails.table.route"), "rails-route-select", "420px")
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
        self.claim_button = self._button("claim", "train", self.claim, button_style="primary")
        self.route.observe(lambda _: self._suggest_payment(), "value")
        self.offer = w.VBox()
        self.keep_button = self._button("keep", "check", self.keep)
        self.offer_box = card([self.offer, self.keep_button], t("rails.table.offer"))
        self.my_tickets = tagged(w.HTML(), "rails-my-tickets")
        self.scores = tagged(w.HTML(), "rails-scores")
        wrap = w.Layout(flex_flow="row wrap")
        claim = [self.route, self.pay_colour, self.pay_locos, self.claim_button]
        turn = self._turn_panel(
            [
                self.hand,
                w.HBox([*self.face_up, self.deck_button], layout=wrap),
                w.HBox(claim, layout=w.Layout(flex_flow="row wrap")),
                w.HBox([self.tickets_button]),
                self.offer_box,
                self.my_tickets,
                self.notice,
            ],
            "your_turn",
        )
        return [boxed(self.fig, "rails-fig-table"), turn, self.scores]

    def button_actions(self) -> list[Any]:
        return []  # every Rails decision has its own control

    def describe(self, action: Any, state: Any) -> str:
        """Who does what in the learner's words (the notice after a move)."""
        return words.describe(action, state, self.seat_name(state, rails.current_player(state)))

    def refusal_value(self, name: str, value: Any) -> Any:
        """A refusal's value in words: route ids as their cities, seats by name, colours and
        tickets by their names in the page's language (``words.refusal_value``)."""
        return words.refusal_value(name, value, lambda p: self.seat_name(self.state, p))

    def log_line(self, before: Any, action: Any, after: Any) -> str:
        """Who did what; kept tickets are counted, not named: every seat reads the log and
        tickets are secret (§Prendere le carte Destinazione)."""
        who = self.seat_name(before, rails.current_player(before))
        return words.describe(action, before, who, secret=True)

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

    def turn_html(self, p: int) -> str:
        state = self.state
        last = t("rails.table.last_round", n=state.final_turns) if state.final_turns >= 0 else ""
        return t(
            "rails.table.status",
            name=f"<span style='color:{PLAYER_COLORS[p]}'>{html.escape(state.names[p])}</span>",
            phase=t(f"rails.table.phase_{state.phase}"),
            turn=state.turn + 1,
            last=last,
        )

    def over_html(self) -> str:
        return t("rails.table.over")

    def draw(self, p: int | None, human: bool) -> None:
        state = self.state
        with self.fig.batch_update():
            for q in range(MAX_PLAYERS):
                ids = [r for r, o in enumerate(state.owner) if o == q] if q < state.players else []
                self.drawing.draw(f"owner{q}", ids, PLAYER_COLORS[q], 12)
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
        options = [(words.route_option(r), r.id) for r in free]
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
            rows.append(cells)
        winners = ""
        if over:
            names = ", ".join(state.names[q] for q in rails.winners(state))
            winners = f"<p><b>{t('rails.table.winners', names=html.escape(names))}</b></p>"
        self.scores.value = html_table(head, rows) + winners
