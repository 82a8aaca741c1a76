"""The Rails game table: a whole game on the map for hot-seat humans and bots.

Every move goes through ``gamelib.rails.apply``; a refused move shows the rule's reason in a
Notice and changes nothing. Only the hand and tickets of the human seat to move are shown (the
others are secret, §Prendere le carte Destinazione). The history is a ``Session``: step back and
forward through the log, save the game as a download, load it back from a file.

Guided for a new player (issue #13): one sentence says what to do now (``prompt_html``); the
route list holds only the routes the hand can pay now (``rails.claim_actions``) and the payment
list only the payments that fit the chosen route, the cheapest pre-selected; face-up cards are
bordered buttons named "white card", offered only when taking them is legal; claimed routes
are thick, edged and marked with the owner's shape, free ones thin and dashed; a legend names
the players by colour and shape; after the bots moved, a recap says what they did and which
routes you could pay were taken (highlighted on the map).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from gamelib import rails
from gamelib.rails import bots as rails_bots
from gamelib.rails.board import load as load_board
from gamelib.rails.cards import CARD_NAMES, LOCOMOTIVE
from gamelib.rails.scoring import final_scores
from gamelib.rails.state import OVER, SECOND_DRAW, SETUP, TICKETS, TURN
from widgets.common import boxed, card, dropdown, html_table, tagged
from widgets.i18n import t
from widgets.kit import palette
from widgets.kit.table import Offer, TableBase
from widgets.rails import words
from widgets.rails.map import (
    HIGHLIGHT,
    PLAYER_INK,
    PLAYER_MARKS,
    ROUTE_COLORS,
    BoardFigure,
)

SEATS = ("human", "planner", "random")
MAX_PLAYERS = 5
# black or white text, whichever reads better on a card colour (pink and green want black)
TEXT_ON = {kind: palette.text_on(colour) for kind, colour in ROUTE_COLORS.items()}


def make_bot(kind: str, seed: int) -> Any:
    if kind == "planner":
        return rails_bots.PlannerBot(seed)
    if kind == "random":
        return rails_bots.RandomBot(seed)
    raise ValueError(f"no bot of kind {kind!r}")


def _chip(kind: str, count: int | None = None) -> str:
    """A card of the hand as a coloured chip; its colour word agrees with "carta" in Italian
    ("bianca ×1", as the face-up "carta bianca"), hence ``rails.chip`` and not ``rails.color``."""
    colour = ROUTE_COLORS[kind]
    fg = TEXT_ON[kind]
    label = t(f"rails.chip.{kind}")
    n = f" ×{count}" if count is not None else ""
    return (
        f"<span style='display:inline-block;background:{colour};color:{fg};border:1px solid #555;"
        f"border-radius:4px;padding:2px 7px;margin:2px'>{label}{n}</span>"
    )


def player_mark(p: int) -> str:
    """A seat's colour and shape together (HTML), so a player is never told by colour alone."""
    return f"<span style='color:{PLAYER_INK[p]}'>{PLAYER_MARKS[p]}</span>"


def route_name(board: Any, rid: int) -> str:
    """A route as its two cities (plain text)."""
    return f"{board.routes[rid].a} – {board.routes[rid].b}"


def payment_text(action: rails.ClaimRoute, length: int) -> str:
    """What a claim costs in words: "3 red cards and a locomotive" (plain text)."""
    if action.color == LOCOMOTIVE:
        return words.cards(LOCOMOTIVE, action.locomotives)
    paid = words.cards(action.color, length - action.locomotives)
    if action.locomotives:
        second = words.cards(LOCOMOTIVE, action.locomotives)
        paid = t("rails.action.and", first=paid, second=second)
    return paid


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
        self._ways: dict[int, list[rails.ClaimRoute]] = {}
        self._recap_routes: list[int] = []
        self.drawing = BoardFigure(height=520, legend=False, owners=MAX_PLAYERS, free_dash="dot")
        self.fig = self.drawing.fig
        self.drawing.trace("midpoints").on_click(self._on_route_click)
        self.legend = tagged(w.HTML(), "rails-legend")
        # ---- the turn: draw a card, claim a route, take tickets
        self.face_up = [
            tagged(
                w.Button(layout=w.Layout(width="auto", min_width="96px", border="2px solid #555")),
                "rails-face-up",
            )
            for _ in range(5)
        ]
        for i, b in enumerate(self.face_up):
            b.on_click(lambda _b, i=i: self._take_face_up(i))
        self.deck_button = self._button("draw_deck", "clone", lambda: self.act(rails.DrawDeck()))
        self.tickets_button = self._button(
            "draw_tickets", "ticket", lambda: self.act(rails.DrawTickets())
        )
        flexible = {"style": {"description_width": "initial"}}
        self.route = dropdown(t("rails.table.route"), "rails-route-select", "100%")
        self.route.layout.max_width = "420px"
        self.route.style = flexible["style"]
        self.payment = tagged(
            w.Dropdown(
                description=t("rails.table.pay_with"),
                layout=w.Layout(width="100%", max_width="360px"),
                **flexible,
            ),
            "rails-pay-select",
        )
        self.claim_button = self._button("claim", "train", self.claim, button_style="primary")
        self.route.observe(lambda _: self._suggest_payment(), "value")
        self.offer = w.VBox()
        self.keep_button = self._button("keep", "check", self.keep)
        self.offer_box = card([self.offer, self.keep_button], t("rails.table.offer"))
        self.my_tickets = tagged(w.HTML(), "rails-my-tickets")
        self.scores = tagged(w.HTML(), "rails-scores")
        wrap = w.Layout(flex_flow="row wrap")
        claim = [self.route, self.payment, self.claim_button]
        note = tagged(w.HTML(f"<small>{t('rails.play.route_note')}</small>"), "rails-route-note")
        self.claim_row = w.VBox(
            [w.HBox(claim, layout=w.Layout(flex_flow="row wrap", align_items="center")), note]
        )
        turn = self._turn_panel(
            [
                self.prompt,
                self.hand,
                self.offer_box,
                w.HBox([*self.face_up, self.deck_button], layout=wrap),
                self.claim_row,
                w.HBox([self.tickets_button]),
                self.my_tickets,
                self.notice,
            ],
            "your_turn",
        )
        return [self.legend, boxed(self.fig, "rails-fig-table"), turn, self.scores]

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
        """Claim the chosen route with the chosen payment (both lists hold only legal ones)."""
        if self.route.value is None or self.payment.value is None:
            self.notice.error(t("rails.table.pick_route"))
            return False
        colour, locos = self.payment.value
        return self.act(rails.ClaimRoute(self.route.value, colour, locos))

    def keep(self) -> bool:
        return self.act(rails.KeepTickets(self._ticked()))

    def _ticked(self) -> tuple[int, ...]:
        return tuple(sorted(cb.ticket for cb in self.offer.children if cb.value))

    def _least_kept(self) -> int:
        """The fewest tickets the rules let the player keep now (from ``legal_actions``)."""
        keeps = [a for a in rails.legal_actions(self.state) if isinstance(a, rails.KeepTickets)]
        return min((len(a.tickets) for a in keeps), default=1)

    def _update_keep(self) -> None:
        """The keep button says how many tickets it keeps and waits for enough ticks."""
        n, least = len(self._ticked()), self._least_kept()
        key = "rails.play.keep_one" if n == 1 else "rails.play.keep"
        self.keep_button.description = t(key, n=n)
        self.keep_button.disabled = n < least
        self.keep_button.tooltip = t("rails.play.keep_least", least=least)

    def _payable(self) -> dict[int, list[rails.ClaimRoute]]:
        """The routes the player to move can pay now, each with its payments (cheapest first:
        fewest locomotives)."""
        if self.state.phase != TURN:
            return {}
        ways: dict[int, list[rails.ClaimRoute]] = {}
        for a in rails.claim_actions(self.state):
            ways.setdefault(a.route, []).append(a)
        return {r: sorted(v, key=lambda a: (a.locomotives, a.color)) for r, v in ways.items()}

    def finish_estimate(self) -> int:
        return 200 - self.state.actions

    def _on_route_click(self, trace: Any, points: Any, _state: Any) -> None:
        """A click on a route's middle chooses it, or says why it is not offered."""
        if points.point_inds:
            rid = trace.customdata[points.point_inds[0]]
            if rid in [v for _, v in self.route.options]:
                self.route.value = rid
            elif self.human_to_move() and self.state.phase == TURN:
                route = html.escape(route_name(self.board, rid))
                self.notice.error(t("rails.play.not_payable", route=route))

    def _suggest_payment(self) -> None:
        """The payments that fit the chosen route, the cheapest pre-selected (from gamelib)."""
        rid = self.route.value
        ways = self._ways.get(rid, []) if rid is not None else []
        length = self.board.routes[rid].length if rid is not None else 0
        options = [(payment_text(a, length), (a.color, a.locomotives)) for a in ways]
        if list(self.payment.options) != options:
            self.payment.options = options
        self.payment.value = options[0][1] if options else None
        self.payment.disabled = self.claim_button.disabled = not options

    # ------------------------------------------------------------------ guided turns
    def prompt_html(self, p: int) -> str:
        """What the human to move does now, in one sentence."""
        state = self.state
        if state.phase in (SETUP, TICKETS):
            return t("rails.play.prompt_tickets", least=self._least_kept())
        if state.phase == SECOND_DRAW:
            return t("rails.play.prompt_second")
        n = len(self._payable())
        if n:
            key = "rails.play.prompt_turn_one" if n == 1 else "rails.play.prompt_turn"
            return t(key, n=n)
        return t("rails.play.prompt_turn_none")

    def auto_answer(self, p: int) -> Any | None:
        """A human with nothing to choose (passing is the only legal move) passes unasked."""
        legal = rails.legal_actions(self.state)
        return legal[0] if len(legal) == 1 and isinstance(legal[0], rails.Pass) else None

    def recap_html(self, start: int, end: int) -> str:
        """What each bot did (tickets kept counted, never named: they are secret) and the routes
        they took that you could pay, highlighted on the map."""
        s = self.session
        human = self.to_move()
        if human is None or self.kinds[human] != "human":
            return ""
        by_seat: dict[int, list[str]] = {}
        taken: list[int] = []
        for i in range(start, end):
            who = rails.current_player(s.history[i])
            if who is None or self.kinds[who] == "human":
                continue
            action = s.log[i]
            by_seat.setdefault(who, []).append(self.log_line(s.history[i], action, None))
            if isinstance(action, rails.ClaimRoute):
                taken.append(action.route)
        if not by_seat:
            return ""
        could = {a.route for a in rails.claim_actions(s.history[start], human)}
        lost = [r for r in taken if r in could]
        self._recap_routes = taken
        items = "".join(
            f"<li>{player_mark(q)} {'; '.join(moves)}</li>" for q, moves in by_seat.items()
        )
        parts = [f"<b>{t('rails.play.recap_head')}</b><ul style='margin:2px 0'>{items}</ul>"]
        if taken:
            parts.append(t("rails.play.recap_taken", n=len(taken)))
        if lost:
            names = ", ".join(route_name(self.board, r) for r in lost)
            parts.append(t("rails.play.recap_lost", routes=html.escape(names)))
        points = s.history[end].route_points[human] - s.history[start].route_points[human]
        if points:
            parts.append(t("rails.play.recap_won", n=points))
        return "".join(f"<div>{x}</div>" for x in parts)

    def offers(self) -> list[Offer]:
        """Every control the human can use now: face-up cards, deck, claim, tickets, keep."""
        out = [Offer(b, b.click, b.description) for b in self.face_up if not b.disabled]
        for b in (self.deck_button, self.tickets_button):
            if not b.disabled:
                out.append(Offer(b, b.click, b.description))
        if not self.claim_button.disabled and self.route.options:
            out.append(Offer(self.claim_button, self.claim, self.claim_button.description))
        if self.offer_box.layout.display != "none" and not self.keep_button.disabled:
            out.append(Offer(self.keep_button, self.keep, self.keep_button.description))
        return out

    def turn_html(self, p: int) -> str:
        state = self.state
        last = t("rails.table.last_round", n=state.final_turns) if state.final_turns >= 0 else ""
        name = html.escape(state.names[p])
        return t(
            "rails.play.status",
            name=f"{player_mark(p)} <span style='color:{PLAYER_INK[p]}'>{name}</span>",
            phase=t(f"rails.table.phase_{state.phase}"),
            round=state.turn // state.players + 1,
            last=last,
        )

    def over_html(self) -> str:
        return t("rails.table.over")

    def draw(self, p: int | None, human: bool) -> None:
        state = self.state
        recap = self._recap_routes if self.recap.value else []
        with self.fig.batch_update():
            self.drawing.draw_owners(state.owner, state.players)
            self.drawing.draw("highlight", recap, HIGHLIGHT, 18)
        self._recap_routes = []
        self._draw_legend()
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
        # face-up row: bordered cards named "white card", enabled only when taking one is legal
        legal = rails.legal_actions(state) if human else []
        takable = {a.color for a in legal if isinstance(a, rails.DrawFaceUp)}
        for b, kind in zip(self.face_up, state.face_up, strict=True):
            if kind < 0:
                b.description, b.style.button_color, b.disabled = "—", None, True
                b.tooltip = t("rails.play.empty_slot")
                continue
            name = CARD_NAMES[kind]
            b.description = t(f"rails.play.card.{name}")
            b.tooltip = t("rails.play.take", card=b.description)
            b.style.button_color = ROUTE_COLORS[name]
            b.style.text_color = TEXT_ON[name]
            b.disabled = name not in takable
        self.deck_button.disabled = not any(isinstance(a, rails.DrawDeck) for a in legal)
        self.tickets_button.disabled = not any(isinstance(a, rails.DrawTickets) for a in legal)
        # only the routes the hand can pay now, each with the payments that fit
        self._ways = self._payable() if human else {}
        routes = sorted(self._ways, key=lambda r: (self.board.routes[r].a, self.board.routes[r].b))
        options = [(words.route_option(self.board.routes[r]), r) for r in routes]
        self.claim_row.layout.display = "" if human and state.phase == TURN else "none"
        self.claim_button.disabled = not options
        if list(self.route.options) != options:
            self.route.options = options
        if options and self.route.value not in self._ways:
            self.route.value = options[0][1]
        self.route.disabled = not options
        self._suggest_payment()
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
                cb.observe(lambda _: self._update_keep(), "value")
                boxes.append(cb)
            self.offer.children = boxes
            self.offer_box.layout.display = ""
            self._update_keep()
        else:
            self.offer.children = []
            self.offer_box.layout.display = "none"
        self._draw_scores()

    def _draw_legend(self) -> None:
        """Who is who on the map: colour and shape of each seat, and what a claim looks like."""
        state = self.state
        seats = " ".join(
            f"<span style='margin-right:12px;white-space:nowrap'>{player_mark(q)} "
            f"{html.escape(state.names[q])}</span>"
            for q in range(state.players)
        )
        self.legend.value = (
            f"<div style='line-height:1.6'>{t('rails.play.legend', seats=seats)}<br>"
            f"<span style='color:#444'>{t('rails.play.legend_routes')}</span></div>"
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
                f"{player_mark(q)} {html.escape(state.names[q])}",
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
