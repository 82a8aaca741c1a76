"""Rails actions and codes in the learner's words (issue #12): gamelib returns codes and data
(``ClaimRoute(12, "red", 1)``, ``"grey"``), and this module says them with the catalog.

``describe(action, state)`` is one sentence naming who acts, the cities of a route or ticket and
the cards by their colour names (``rails.action.*``, ``rails.card.*``, ``rails.cards.*``); the
table's notice and log and the turn view of lesson 4 all use it. ``route_colour`` names a route's
colour as the route list writes it (``rails.route.*``: *neutra* for a grey route in Italian).
``refusal_value`` words the values of a refusal (``rails.illegal.*``) for the table.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from gamelib import rails
from gamelib.rails.board import load as load_board
from gamelib.rails.cards import CARD_NAMES, LOCOMOTIVE
from widgets.i18n import t


def cards(colour: str, n: int) -> str:
    """``n`` train cards of a colour (or locomotives): "a red card", "3 carte rosse"."""
    return t(f"rails.card.{colour}") if n == 1 else t(f"rails.cards.{colour}", n=n)


def route_colour(colour: str) -> str:
    """A route's colour as a word for the route ("red", "neutra")."""
    return t(f"rails.route.{colour}")


def route_fields(route: Any) -> dict[str, Any]:
    """What every text about a route says of it (its number, its two cities, its length); the
    colour is left to the text, as a route's word or a card's."""
    return dict(id=route.id, a=route.a, b=route.b, length=route.length)


def route_option(route: Any) -> str:
    """A route in the route list: id, cities, length and colour name."""
    return t("rails.table.route_option", **route_fields(route), colour=route_colour(route.color))


def _ticket(tid: int) -> str:
    tk = load_board().tickets[tid]
    return f"{tk.a} – {tk.b}"


def colour_name(colour: str) -> str:
    """A card colour as a noun ("red", "rosso", "Locomotiva"); an unknown code as it is."""
    if colour not in CARD_NAMES:
        return str(colour)
    return t(f"rails.color.{colour}").split(" (")[0]


def _route(rid: Any) -> str:
    routes = load_board().routes
    if isinstance(rid, int) and 0 <= rid < len(routes):
        return f"{routes[rid].a} – {routes[rid].b}"
    return str(rid)  # a route the board does not have: its number as given


def refusal_value(name: str, value: Any, seat: Callable[[int], str]) -> Any:
    """A value of a Rails refusal (``rails.illegal.*``) in words: a route id as its cities, a
    seat as its name (``seat``), colour codes and ticket ids by their names; else as it is."""
    if name == "route":
        return _route(value)
    if name in ("player", "owner"):
        return seat(value)
    if name == "card":
        return cards(value, 1) if value in CARD_NAMES else str(value)
    if name == "colour":
        return colour_name(value)
    if name == "route_colour":
        return route_colour(value)
    if name in ("shown", "colours"):
        return ", ".join(colour_name(c) for c in value)
    if name in ("tickets", "offer"):
        return ", ".join(_ticket(x) for x in value)
    return value


def describe(action: Any, state: Any, who: str | None = None, secret: bool = False) -> str:
    """The action in words (HTML-safe), with who plays it in ``state`` (the state before it).
    ``secret``: kept tickets are counted, not named (a log every seat reads)."""
    if who is None:
        who = str(state.names[rails.current_player(state)])
    v: dict[str, Any] = {"who": html.escape(who)}
    if isinstance(action, rails.ClaimRoute):
        route = load_board().routes[action.route]
        if action.color == LOCOMOTIVE:
            paid = cards(LOCOMOTIVE, action.locomotives)
        else:
            paid = cards(action.color, route.length - action.locomotives)
            if action.locomotives:
                locos = cards(LOCOMOTIVE, action.locomotives)
                paid = t("rails.action.and", first=paid, second=locos)
        v |= {"a": html.escape(route.a), "b": html.escape(route.b), "cards": paid}
        return t("rails.action.claim", **v)
    if isinstance(action, rails.DrawFaceUp):
        return t("rails.action.draw_face_up", card=cards(action.color, 1), **v)
    if isinstance(action, rails.KeepTickets):
        n = len(action.tickets)
        if secret:
            key = "rails.action.keep_secret_one" if n == 1 else "rails.action.keep_secret"
            return t(key, n=n, **v)
        names = html.escape(", ".join(_ticket(x) for x in action.tickets) or "—")
        key = "rails.action.keep_ticket" if n == 1 else "rails.action.keep_tickets"
        return t(key, n=n, tickets=names, **v)
    if isinstance(action, rails.DrawDeck):
        return t("rails.action.draw_deck", **v)
    if isinstance(action, rails.DrawTickets):
        return t("rails.action.draw_tickets", **v)
    if isinstance(action, rails.Pass):
        return t("rails.action.pass", **v)
    raise TypeError(f"not a Rails action: {action!r}")
