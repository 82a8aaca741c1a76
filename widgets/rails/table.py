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

Choose, and say why not (issue #26): the route list starts on "— choose —" (nothing is chosen
for the player; the claim button then says "choose a route first" and changes nothing); a tap on
a route the hand cannot pay says why right under the map (``why_not_claim``: the engine's
refusal, or the cards short, counted: "servono 5 carte arancioni: ne hai 0 e 2 Locomotive");
the human's destination cities are starred on the map; a face-up Locomotive says it ends the
turn before it is taken; a draw from the deck names the card drawn. The recap is a story,
oldest first: what the human's last choice brought and cost them (a comparison of the states
before it and now), then the bots' moves as the log writes them, then what the human lost
(tests/widgets/test_rails_recap.py checks it against the game over many seeded games).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from gamelib import rails
from gamelib.core import IllegalAction
from gamelib.rails import bots as rails_bots
from gamelib.rails.board import GREY
from gamelib.rails.board import load as load_board
from gamelib.rails.cards import CARD_NAMES, LOCO, LOCOMOTIVE
from gamelib.rails.claims import claim_blocker
from gamelib.rails.scoring import final_scores
from gamelib.rails.state import OVER, SECOND_DRAW, SETUP, TICKETS, TURN
from widgets.common import Notice, boxed, card, dropdown, html_table, tagged
from widgets.i18n import t
from widgets.kit import palette
from widgets.kit.table import Offer, TableBase, counted
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
# "— choose —" in the route list: a value of its own (None would leave the browser's select
# with no option selected, and an arrow key would land on "— choose —" instead of a route)
NOT_CHOSEN = -1
DESTINATION = "#b8860b"  # a ticket's city still to connect (dark gold star)
CONNECTED = "#1e8449"  # a ticket's city already connected (green star)


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


def card_list(counts: dict[int, int]) -> str:
    """Cards by kind in words, in the card order: "2 carte rosse e una Locomotiva"."""
    parts = [words.cards(CARD_NAMES[k], n) for k, n in sorted(counts.items()) if n]
    if len(parts) > 1:
        return t("rails.action.and", first=", ".join(parts[:-1]), second=parts[-1])
    return parts[0] if parts else ""


def locomotives_text(n: int) -> str:
    """A hand's locomotives in words: "nessuna Locomotiva", "una Locomotiva", "2 Locomotive"."""
    return t("rails.play.no_locomotive") if n == 0 else words.cards(LOCOMOTIVE, n)


def why_not_claim(state: Any, player: int, rid: int) -> IllegalAction | str | None:
    """Why ``player`` cannot claim route ``rid`` now: the engine's own refusal (a route taken,
    too few trains, the wrong phase), or, when only the cards are short, the shortage in words
    ("per Atlanta – Miami servono 6 carte arancioni: ne hai 0 e 2 Locomotive") from the hand and
    the route (a thin count; the rule is the engine's, which refused the hand's best payment).
    None: nothing stops the claim."""
    route = load_board().routes[rid]
    if state.phase == TURN and player == state.current:
        blocked = claim_blocker(state, player, rid)
        if blocked is not None:
            return blocked
    hand = state.hands[player]
    colours = range(LOCO) if route.color == GREY else [CARD_NAMES.index(route.color)]
    kind = max(colours, key=lambda k: hand[k])
    locos = min(hand[LOCO], route.length - 1)
    try:  # the best payment the hand has: the engine says why it fails (phase, cards)
        rails.apply(state, rails.ClaimRoute(rid, CARD_NAMES[kind], locos))
    except IllegalAction as e:
        if e.code != "claim.short_of_cards":
            return e
    else:
        return None
    name = html.escape(f"{route.a} – {route.b}")
    loco_words = locomotives_text(hand[LOCO])
    if route.color != GREY:
        need = words.cards(route.color, route.length)
        key = counted("rails.play.short", route.length)
        return t(key, route=name, need=need, have=hand[kind], locos=loco_words)
    if not hand[kind]:
        key = "rails.play.short_grey_none" if hand[LOCO] else "rails.play.short_grey_empty"
        return t(key, route=name, length=route.length, locos=loco_words)
    cards = words.cards(CARD_NAMES[kind], hand[kind])
    return t(
        "rails.play.short_grey", route=name, length=route.length, cards=cards, locos=loco_words
    )


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
        # the human's destination cities: stars on the map (only for the human to move)
        self._destinations = len(self.fig.data)
        self.fig.add_scattergeo(
            lon=[],
            lat=[],
            mode="markers",
            hoverinfo="text",
            hovertext=[],
            showlegend=False,
            name=t("rails.play.destination_trace"),
            marker=dict(symbol="star", size=16, color=[], line=dict(width=1, color="#111111")),
        )
        self.legend = tagged(w.HTML(), "rails-legend")
        # why a route tapped on the map cannot be claimed: right under the map, not a screen away
        self.map_notice = tagged(Notice(), "rails-map-notice")
        self.map_notice.info(t("rails.play.map_hint"))
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
                self.notice,  # under the controls that refuse: not a screen below them
                w.HBox([self.tickets_button]),
                self.my_tickets,
            ],
            "your_turn",
        )
        board = w.VBox([boxed(self.fig, "rails-fig-table"), self.map_notice])
        return [self.legend, board, turn, self.scores]

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

    def act(self, action: Any, auto: bool = True) -> bool:
        """The kit's move, and after a draw from the deck the notice names the card drawn (a
        comparison of the hand before and after), while it is still that player's to see."""
        done = super().act(action, auto)
        if done and isinstance(action, rails.DrawDeck):
            s = self.session
            before, after = s.history[self.mark], s.history[self.mark + 1]
            seat = rails.current_player(before)
            if seat is not None and self.to_move() == seat and self.kinds[seat] == "human":
                diff = [b - a for a, b in zip(before.hands[seat], after.hands[seat], strict=True)]
                drawn = card_list({k: d for k, d in enumerate(diff) if d > 0})
                if drawn:
                    action_words = self.describe(action, before)
                    self.notice.info(t("rails.play.drew", action=action_words, cards=drawn))
        return done

    def _take_face_up(self, slot: int) -> None:
        kind = self.state.face_up[slot]
        if kind < 0:
            self.notice.error(t("rails.table.empty_slot"))
            return
        self.act(rails.DrawFaceUp(CARD_NAMES[kind]))

    def claim(self) -> bool:
        """Claim the chosen route with the chosen payment (both lists hold only legal ones); with
        no route chosen yet ("— choose —") it says so and changes nothing."""
        if self.route.value not in self._ways or self.payment.value is None:
            said = t("rails.table.pick_route")
            self.notice.error(said)
            self.announce(said)
            return False
        colour, locos = self.payment.value
        return self.act(rails.ClaimRoute(self.route.value, colour, locos))

    def _choose_and_claim(self) -> bool:
        """What a player does with the claim row: choose a route (the first listed, if none is
        chosen yet), then press the button."""
        if self.route.value not in self._ways and len(self.route.options) > 1:
            self.route.value = self.route.options[1][1]
        return self.claim()

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
        self.keep_button.description = t(counted("rails.play.keep", n), n=n)
        self.keep_button.disabled = n < least
        self.keep_button.tooltip = t(counted("rails.play.keep_least", least), least=least)

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
        """A click on a route's middle chooses it, or says right under the map why it cannot be
        claimed now, with the exact reason (the engine's refusal, or the cards short)."""
        if not points.point_inds:
            return
        rid = trace.customdata[points.point_inds[0]]
        if rid in self._ways:
            self.route.value = rid
            self.map_notice.info(
                t("rails.play.chosen", route=html.escape(route_name(self.board, rid)))
            )
            return
        if not self.human_to_move():
            said = t(f"{self.texts}.not_human")
        else:
            why = why_not_claim(self.state, self.to_move(), rid)
            if why is None:  # the list is stale (it should not be): say the plain fact
                why = t("rails.play.not_payable", route=html.escape(route_name(self.board, rid)))
                rule = "§Occupare le strade"
            elif isinstance(why, IllegalAction):
                rule, why = why.rule, self.refusal(why)
            else:
                rule = "§Occupare le strade"
            said = t(f"{self.texts}.illegal", rule=rule, reason=why)
        self.map_notice.error(said)
        self.announce(said)

    def _suggest_payment(self) -> None:
        """The payments that fit the chosen route, the cheapest pre-selected (from gamelib)."""
        rid = self.route.value
        ways = self._ways.get(rid, [])
        length = self.board.routes[rid].length if ways else 0
        options = [(payment_text(a, length), (a.color, a.locomotives)) for a in ways]
        if list(self.payment.options) != options:
            self.payment.options = options
        self.payment.value = options[0][1] if options else None
        self.payment.disabled = not options
        # blue only once a route is chosen; before, a press says "choose a route first"
        self.claim_button.button_style = "primary" if options else ""
        self.claim_button.disabled = not self._ways

    # ------------------------------------------------------------------ guided turns
    def prompt_html(self, p: int) -> str:
        """What the human to move does now, in one sentence."""
        state = self.state
        if state.phase in (SETUP, TICKETS):
            return t("rails.play.prompt_tickets", least=self._least_kept())
        if state.phase == SECOND_DRAW:
            return t("rails.play.prompt_second")
        n = len(self._payable())
        said = t(counted("rails.play.prompt_turn", n), n=n) if n else ""
        said = said or t("rails.play.prompt_turn_none")
        if any(isinstance(a, rails.DrawFaceUp) and a.color == LOCOMOTIVE for a in self._legal()):
            said += t("rails.play.prompt_locomotive")  # before it is taken, not after
        return said

    def _legal(self) -> list[Any]:
        return rails.legal_actions(self.state)

    def auto_answer(self, p: int) -> Any | None:
        """A human with nothing to choose (passing is the only legal move) passes unasked."""
        legal = rails.legal_actions(self.state)
        return legal[0] if len(legal) == 1 and isinstance(legal[0], rails.Pass) else None

    def recap_html(self, start: int, end: int) -> str:
        """A story, oldest first: what the human's last choice brought them (cards in, cards and
        trains paid, route points, tickets kept or connected), then the bots' moves in the order
        played (the log's own lines; tickets counted, never named: they are secret), then the
        routes they took that the human could pay (highlighted on the map).

        Everything is a comparison of gamelib states (the one before the human's last decision,
        ``self.mark``, and the one now) or a line of the log: nothing is inferred."""
        s = self.session
        human = self.to_move()
        if human is None or self.kinds[human] != "human":
            return ""
        runs: list[tuple[int, list[str]]] = []  # consecutive moves of one bot, in order
        taken: list[int] = []
        for i in range(start, end):
            who = rails.current_player(s.history[i])
            if who is None or self.kinds[who] == "human":
                continue
            action = s.log[i]
            line = self.log_line(s.history[i], action, s.history[i + 1])
            if runs and runs[-1][0] == who:
                runs[-1][1].append(line)
            else:
                runs.append((who, [line]))
            if isinstance(action, rails.ClaimRoute):
                taken.append(action.route)
        if not runs:
            return ""
        parts = []
        mine = self._recap_mine(s.history[min(self.mark, start)], s.history[end], human)
        if mine:
            parts.append(f"{t('rails.play.recap_you')} {'; '.join(mine)}.")
        could = {a.route for a in rails.claim_actions(s.history[start], human)}
        lost = [r for r in taken if r in could]
        self._recap_routes = taken
        items = "".join(f"<li>{player_mark(q)} {'; '.join(moves)}</li>" for q, moves in runs)
        parts.append(f"<b>{t('rails.play.recap_head')}</b><ul style='margin:2px 0'>{items}</ul>")
        if taken:
            parts.append(t(counted("rails.play.recap_taken", len(taken)), n=len(taken)))
        if lost:
            names = ", ".join(route_name(self.board, r) for r in lost)
            parts.append(t("rails.play.recap_lost", routes=html.escape(names)))
        return "".join(f"<div>{x}</div>" for x in parts)

    def _recap_mine(self, before: Any, after: Any, p: int) -> list[str]:
        """What seat ``p`` gained and paid between two states, in words (its own hand only)."""
        out = []
        diff = [b - a for a, b in zip(before.hands[p], after.hands[p], strict=True)]
        gained = {k: d for k, d in enumerate(diff) if d > 0}
        paid = {k: -d for k, d in enumerate(diff) if d < 0}
        if gained:
            n = sum(gained.values())
            out.append(t(counted("rails.play.recap_gained", n), cards=card_list(gained)))
        trains = before.trains[p] - after.trains[p]
        if paid or trains:
            out.append(t(counted("rails.play.recap_paid", trains), cards=card_list(paid), n=trains))
        points = after.route_points[p] - before.route_points[p]
        if points:
            out.append(t(counted("rails.play.recap_won", points), n=points))
        kept = len(after.tickets[p]) - len(before.tickets[p])
        if kept > 0:
            out.append(t(counted("rails.play.recap_kept", kept), n=kept))
        done_before = {tk["id"] for tk in self._tickets(before, p) if tk["completed"]}
        done = [
            f"{tk['a']} – {tk['b']}"
            for tk in self._tickets(after, p)
            if tk["completed"] and tk["id"] not in done_before
        ]
        if done:
            key = counted("rails.play.recap_done", len(done))
            out.append(t(key, tickets=html.escape(", ".join(done))))
        return out

    @staticmethod
    def _tickets(state: Any, p: int) -> list[dict[str, Any]]:
        return list(rails.observation(state, p)["tickets"])

    def offers(self) -> list[Offer]:
        """Every control the human can use now: face-up cards, deck, claim, tickets, keep."""
        out = [Offer(b, b.click, b.description) for b in self.face_up if not b.disabled]
        for b in (self.deck_button, self.tickets_button):
            if not b.disabled:
                out.append(Offer(b, b.click, b.description))
        if not self.claim_button.disabled and self.route.options:
            out.append(
                Offer(self.claim_button, self._choose_and_claim, self.claim_button.description)
            )
        if self.offer_box.layout.display != "none" and not self.keep_button.disabled:
            out.append(Offer(self.keep_button, self.keep, self.keep_button.description))
        return out

    def turn_html(self, p: int) -> str:
        state = self.state
        left = state.final_turns
        last = t(counted("rails.table.last_round", left), n=left) if left >= 0 else ""
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
        self.map_notice.info(t("rails.play.map_hint"))  # a refusal of the last state is stale
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
            self._draw_destinations(obs["tickets"])
        else:
            self.hand.value = t("rails.table.hidden")
            self.my_tickets.value = ""
            self._draw_destinations([])
        self._draw_legend()  # after the destinations: it explains their stars
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
            if name == LOCOMOTIVE and state.phase == TURN:  # said before it is taken
                b.description = t("rails.play.card.locomotive_ends")
                b.tooltip = t("rails.play.take_locomotive")
            b.style.button_color = ROUTE_COLORS[name]
            b.style.text_color = TEXT_ON[name]
            b.disabled = name not in takable
        self.deck_button.disabled = not any(isinstance(a, rails.DrawDeck) for a in legal)
        self.tickets_button.disabled = not any(isinstance(a, rails.DrawTickets) for a in legal)
        # only the routes the hand can pay now, each with the payments that fit
        self._ways = self._payable() if human else {}
        routes = sorted(self._ways, key=lambda r: (self.board.routes[r].a, self.board.routes[r].b))
        options = [(words.route_option(self.board.routes[r]), r) for r in routes]
        if options:  # nothing chosen for the player: the list starts on "— choose —"
            options = [(t("rails.play.choose"), NOT_CHOSEN), *options]
        self.claim_row.layout.display = "" if human and state.phase == TURN else "none"
        if list(self.route.options) != options:
            chosen = self.route.value
            self.route.options = options  # (an empty list leaves no value: None)
            if options:
                self.route.value = chosen if chosen in self._ways else NOT_CHOSEN
        elif options and self.route.value not in self._ways:
            self.route.value = NOT_CHOSEN
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

    def _draw_destinations(self, tickets: list[dict[str, Any]]) -> None:
        """Stars on the cities of the human's destination tickets (green once connected), with
        the tickets named in the hover; none when a bot is to move (tickets are secret)."""
        cities: dict[str, list[str]] = {}
        connected: dict[str, bool] = {}
        for tk in tickets:
            for c in (tk["a"], tk["b"]):
                cities.setdefault(c, []).append(f"{tk['a']} – {tk['b']}")
                connected[c] = connected.get(c, True) and bool(tk["completed"])
        names = sorted(cities)
        trace = self.fig.data[self._destinations]
        with self.fig.batch_update():
            trace.lon = [self.board.cities[c].lon for c in names]
            trace.lat = [self.board.cities[c].lat for c in names]
            trace.marker.color = [CONNECTED if connected[c] else DESTINATION for c in names]
            trace.hovertext = [
                t("rails.play.destination_hover", city=c, tickets=", ".join(cities[c]))
                for c in names
            ]
        self._destination_cities = names

    def _draw_legend(self) -> None:
        """Who is who on the map: colour and shape of each seat, and what a claim looks like."""
        state = self.state
        mine = ""
        if getattr(self, "_destination_cities", None):
            mine = f"<br><span style='color:#444'>{t('rails.play.destinations')}</span>"
        seats = " ".join(
            f"<span style='margin-right:12px;white-space:nowrap'>{player_mark(q)} "
            f"{html.escape(state.names[q])}</span>"
            for q in range(state.players)
        )
        self.legend.value = (
            f"<div style='line-height:1.6'>{t('rails.play.legend', seats=seats)}<br>"
            f"<span style='color:#444'>{t('rails.play.legend_routes')}</span>"
            f"{mine}</div>"
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
