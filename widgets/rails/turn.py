"""A seeded game of planner bots shown one moment at a time, so lesson 4 can teach the rules of
the game's frame before the learner plays: the deal (§Preparazione), the three choices of a
turn (§Iniziare il gioco) and the last round (§Fine del gioco).

The bots play the whole game once (a fraction of a second); a slider walks its moves and three
buttons jump to the deal, the first turn and the last round. What the player to move may do is
``gamelib.rails.legal_actions`` grouped by kind: this module decides no rule, it counts.
"""

from __future__ import annotations

import html
from functools import cache
from typing import Any

import ipywidgets as w

from gamelib import rails
from gamelib.rails.board import load as load_board
from gamelib.rails.cards import CARD_NAMES
from gamelib.rails.state import OVER, SECOND_DRAW, SETUP, TICKETS, TURN
from widgets.common import card, html_table, tagged
from widgets.i18n import t
from widgets.kit import palette
from widgets.rails import words
from widgets.rails.map import PLAYER_INK, PLAYER_MARKS, ROUTE_COLORS
from widgets.rails.table import make_bot

MOMENTS = ("setup", "turn", "last_round")


@cache
def bots_game(seed: int, players: int) -> tuple[list[Any], list[Any]]:
    """Every state and action of a game of planner bots (seed ``seed * 10 + seat``, like the
    table's bots): ``states[i + 1] = apply(states[i], actions[i])``. Cached: the three views of
    lesson 4 and its checks share one game (states are never changed in place)."""
    names = [t("rails.table.name_planner", n=i + 1) for i in range(players)]
    state = rails.new_game(names, seed=seed)
    bots = [make_bot("planner", seed * 10 + p) for p in range(players)]
    states, actions = [state], []
    while not rails.is_over(state) and len(actions) < 5_000:
        action = bots[rails.current_player(state)].choose(state)
        state = rails.apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions


def moment_index(states: list[Any], moment: str) -> int:
    """The first state of a moment: the deal, the first turn, the announced last round."""
    for i, s in enumerate(states):
        if moment == "setup" and s.phase == SETUP:
            return i
        if moment == "turn" and s.phase == TURN:
            return i
        if moment == "last_round" and s.final_turns >= 0:
            return i
    return len(states) - 1


def chip(kind: str, count: int = 1) -> str:
    """A train card as a coloured chip; the word agrees with "carta" (``rails.chip``)."""
    colour = ROUTE_COLORS[kind]
    fg = palette.text_on(colour)  # black or white, whichever reads better on the card
    return (
        f"<span style='display:inline-block;background:{colour};color:{fg};border:1px solid "
        f"#555;border-radius:4px;padding:1px 6px;margin:1px'>"
        f"{t(f'rails.chip.{kind}')}{f' ×{count}' if count > 1 else ''}</span>"
    )


class TurnView(w.VBox):
    """Seed and players; the deal, a turn, the last round of the bots' game, one move at a time."""

    def __init__(self, seed: int = 1, players: int = 3, moment: str = "setup") -> None:
        self.seed = tagged(
            w.IntText(value=seed, description=t("common.seed"), layout=w.Layout(width="180px")),
            "rails-turn-seed",
        )
        self.players = tagged(
            w.IntSlider(players, min=2, max=5, description=t("rails.turn.players")),
            "rails-turn-players",
        )
        self.moment = tagged(
            w.ToggleButtons(
                options=[(t(f"rails.turn.moment_{m}"), m) for m in MOMENTS], value=moment
            ),
            "rails-turn-moment",
        )
        self.move = tagged(
            w.IntSlider(0, min=0, max=1, description=t("rails.turn.move")), "rails-turn-move"
        )
        self.move.layout.width = "460px"
        self.info = tagged(w.HTML(), "rails-turn-info")
        self.seed.observe(lambda _: self._new_game(), "value")
        self.players.observe(lambda _: self._new_game(), "value")
        self.moment.observe(lambda _: self.jump(), "value")
        self.move.observe(lambda _: self._draw(), "value")
        self._new_game()
        super().__init__(
            [
                w.HBox([self.seed, self.players]),
                self.moment,
                self.move,
                card([self.info]),
            ]
        )
        self.add_class("rails-turn")

    @property
    def state(self) -> Any:
        return self.states[self.move.value]

    def _new_game(self) -> None:
        self.states, self.actions = bots_game(self.seed.value, self.players.value)
        self.move.max = len(self.states) - 1
        self.jump()

    def jump(self, moment: str | None = None) -> None:
        """Show the first state of a moment (the toggle's, or ``moment``)."""
        if moment is not None and moment != self.moment.value:
            self.moment.value = moment  # observes back into jump()
            return
        at = moment_index(self.states, self.moment.value)
        if self.move.value == at:
            self._draw()
        else:
            self.move.value = at

    # ------------------------------------------------------------------ drawing
    def _draw(self) -> None:
        s = self.state
        i = self.move.value
        p = rails.current_player(s)
        parts = [t("rails.turn.head", i=i, n=len(self.states) - 1, phase=self._phase(s))]
        parts.append(self._players_table(s))
        face = "".join(chip(CARD_NAMES[c]) for c in s.face_up if c >= 0) or "—"
        parts.append(
            t(
                "rails.turn.piles",
                face=face,
                deck=len(s.deck),
                discard=len(s.discard),
                tickets=len(s.ticket_deck),
            )
        )
        if p is not None:
            hand = "".join(chip(CARD_NAMES[k], n) for k, n in enumerate(s.hands[p]) if n)
            parts.append(t("rails.turn.hand", name=self._name(p), cards=hand or "—"))
            parts.append(self._choices(s, p))
        if s.final_turns >= 0 and s.phase != OVER:
            parts.append(
                t(
                    "rails.turn.last_round",
                    name=self._name(s.trigger),
                    left=s.final_turns,
                )
            )
        if s.phase == OVER:
            names = ", ".join(html.escape(s.names[q]) for q in rails.winners(s))
            parts.append(t("rails.turn.over", turns=s.turn, winners=names))
        if i < len(self.actions):
            parts.append(t("rails.turn.next", action=words.describe(self.actions[i], s)))
        self.info.value = "".join(f"<p>{x}</p>" for x in parts)

    def _name(self, p: int) -> str:
        """A seat's name in its colour after its shape, as the table's legend shows it."""
        colour = PLAYER_INK[p % len(PLAYER_INK)]
        mark = PLAYER_MARKS[p % len(PLAYER_MARKS)]
        return f"<span style='color:{colour}'>{mark} {html.escape(self.state.names[p])}</span>"

    def _phase(self, s: Any) -> str:
        return t(f"rails.table.phase_{s.phase}")

    def _players_table(self, s: Any) -> str:
        head = [t(f"rails.table.col_{k}") for k in ("player", "trains", "cards", "tickets")]
        head.append(t("rails.table.col_points"))
        rows = [
            [
                self._name(q),
                str(s.trains[q]),
                str(sum(s.hands[q])),
                str(len(s.tickets[q])),
                str(s.route_points[q]),
            ]
            for q in range(s.players)
        ]
        return html_table(head, rows)

    def _choices(self, s: Any, p: int) -> str:
        """What the player to move may do now, from ``legal_actions`` grouped by kind."""
        legal = rails.legal_actions(s)
        if s.phase in (SETUP, TICKETS):
            offered = [load_board().tickets[x] for x in sorted(s.offers[p])]
            least = min(len(a.tickets) for a in legal if isinstance(a, rails.KeepTickets))
            items = ", ".join(f"{x.a} – {x.b} ({x.points} pt)" for x in offered)
            return t("rails.turn.offer", tickets=items, n=len(offered), least=least)
        draws = [a for a in legal if isinstance(a, rails.DrawDeck | rails.DrawFaceUp)]
        faces = sorted({a.color for a in draws if isinstance(a, rails.DrawFaceUp)})
        deck = any(isinstance(a, rails.DrawDeck) for a in draws)
        claims = sorted({a.route for a in legal if isinstance(a, rails.ClaimRoute)})
        routes = ", ".join(
            f"{load_board().routes[r].a} – {load_board().routes[r].b}" for r in claims[:6]
        )
        tickets = any(isinstance(a, rails.DrawTickets) for a in legal)
        cards = t(
            "rails.turn.draw_cards",
            deck=t("rails.turn.yes" if deck else "rails.turn.no"),
            faces="".join(chip(c) for c in faces) or "—",
        )
        if s.phase == SECOND_DRAW:
            return t("rails.turn.second", cards=cards)
        return t(
            "rails.turn.three",
            cards=cards,
            claims=len(claims),
            routes=routes + (" …" if len(claims) > 6 else "") if claims else "—",
            tickets=t("rails.turn.yes" if tickets else "rails.turn.no"),
        )
