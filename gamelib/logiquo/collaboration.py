"""§Struttura.3, the Collaborazione: the active player asks for help; each player still in,
clockwise, holds the floor in turn and may offer a control card as a gift or trade one (or a
Data card) for a control card or a Data card; the other side accepts or declines. The house
limits (rounds per threat, offers per floor) are in ``data/rules.json``.
"""

from __future__ import annotations

from typing import Any

from gamelib.core import IllegalAction

from . import actions as A
from .cards import card
from .controls import in_force
from .queries import current_player
from .state import State
from .table import RULES, clockwise_from, log


def can_request(s: State) -> bool:
    rules_now = in_force(s)
    return (
        rules_now["collaboration"]
        and s.rounds_used < RULES["collaboration"]["max_rounds_per_threat"]
        and sum(s.alive) > 1
    )


def _do_request_help(s: State, a: A.RequestHelp) -> None:
    if s.phase != "reaction":
        raise IllegalAction("§Struttura.3", "phase.request_help", phase=s.phase)
    t = card(s.threat)
    if t.special.get("collaboration", True) is False:
        raise IllegalAction("§Regole Speciali", "help.forbidden_by_threat", threat=s.threat)
    if s.flags.get("no_collab"):
        raise IllegalAction("§Anomalie", "help.forbidden_by_anomaly")
    limit = RULES["collaboration"]["max_rounds_per_threat"]
    if s.rounds_used >= limit:
        raise IllegalAction("§Struttura.3", "help.round_limit", limit=limit)
    if sum(s.alive) < 2:
        raise IllegalAction("§Struttura.3", "help.nobody_left")
    s.collab = {
        "floor": clockwise_from(s, s.active),
        "offers_left": RULES["collaboration"]["max_offers_per_window"],
    }
    s.rounds_used += 1
    s.phase = "collab"
    log(s, type="help", player=s.active, round=s.rounds_used)


def _check_offer_target(s: State, p: int, to: int) -> None:
    if not 0 <= to < len(s.players) or to == p or not s.alive[to]:
        raise IllegalAction("§Struttura.3", "offer.bad_partner", player=p, to=to)
    if s.collab["offers_left"] <= 0:
        limit = RULES["collaboration"]["max_offers_per_window"]
        raise IllegalAction("§Struttura.3", "offer.limit", limit=limit)


def _do_offer_card(s: State, a: A.OfferCard) -> None:
    if s.phase != "collab":
        raise IllegalAction("§Struttura.3", "phase.offer", phase=s.phase)
    p = current_player(s)
    _check_offer_target(s, p, a.to)
    if a.card not in s.hands[p]:
        raise IllegalAction("§Struttura.3", "cards.not_in_hand", player=p, card=a.card)
    s.offer = {"from": p, "to": a.to, "give": a.card, "ask": None}
    s.collab["offers_left"] -= 1
    s.phase = "offer"
    log(s, type="offer", player=p, other=a.to, kind="gift")


def _do_offer_trade(s: State, a: A.OfferTrade) -> None:
    if s.phase != "collab":
        raise IllegalAction("§Struttura.3", "phase.offer", phase=s.phase)
    p = current_player(s)
    _check_offer_target(s, p, a.to)
    if a.ask not in ("control", "data"):
        raise IllegalAction("§Struttura.3", "trade.bad_ask")
    if a.give is None:
        if a.ask != "control":
            raise IllegalAction("§Struttura.3", "trade.data_for_data")
        if len(s.data[p]) < 2:
            raise IllegalAction("§Struttura.3", "trade.last_data")
    elif a.give not in s.hands[p]:
        raise IllegalAction("§Struttura.3", "cards.not_in_hand", player=p, card=a.give)
    if a.ask == "data" and len(s.data[a.to]) < 2:
        raise IllegalAction("§Struttura.3", "trade.partner_last_data", to=a.to)
    if a.ask == "control" and not s.hands[a.to]:
        raise IllegalAction("§Struttura.3", "trade.partner_no_control", to=a.to)
    s.offer = {"from": p, "to": a.to, "give": a.give, "ask": a.ask}
    s.collab["offers_left"] -= 1
    s.phase = "offer"
    log(s, type="offer", player=p, other=a.to, kind="trade", ask=a.ask, pays_data=a.give is None)


def _move_data(s: State, src: int, dst: int) -> None:
    s.data[dst].append(s.data[src].pop())


def _do_accept(s: State, a: A.AcceptOffer) -> None:
    if s.phase != "offer":
        raise IllegalAction("§Struttura.3", "phase.accept", phase=s.phase)
    o = s.offer
    p, q = o["from"], o["to"]
    if o["ask"] == "control":
        if a.card is None or a.card not in s.hands[q]:
            raise IllegalAction("§Struttura.3", "accept.name_a_card")
    elif a.card is not None:
        raise IllegalAction("§Struttura.3", "accept.no_card_asked")
    if o["ask"] == "data" and len(s.data[q]) < 2:
        raise IllegalAction("§Struttura.3", "trade.last_data")
    if o["give"] is None and len(s.data[p]) < 2:
        raise IllegalAction("§Struttura.3", "accept.offerer_no_data", player=p)
    if o["give"] is not None:
        s.hands[p].remove(o["give"])
        s.hands[q].append(o["give"])
    else:
        _move_data(s, p, q)
    if o["ask"] == "control":
        s.hands[q].remove(a.card)
        s.hands[p].append(a.card)
    elif o["ask"] == "data":
        _move_data(s, q, p)
    s.stats["gifts" if o["ask"] is None else "trades"][p] += 1
    log(s, type="accept", player=q, other=p)
    s.offer = None
    s.phase = "collab"


def _do_decline(s: State, a: A.DeclineOffer) -> None:
    if s.phase != "offer":
        raise IllegalAction("§Struttura.3", "phase.decline", phase=s.phase)
    log(s, type="decline", player=s.offer["to"], other=s.offer["from"])
    s.offer = None
    s.phase = "collab"


def _do_end_collab(s: State, a: A.EndCollaboration) -> None:
    if s.phase != "collab":
        raise IllegalAction("§Struttura.3", "phase.end_collaboration", phase=s.phase)
    s.collab["floor"].pop(0)
    s.collab["offers_left"] = RULES["collaboration"]["max_offers_per_window"]
    if not s.collab["floor"]:
        s.collab = None
        s.phase = "reaction"
        log(s, type="help_over", player=s.active)


def _legal_collab(s: State, p: int) -> list[Any]:
    out: list[Any] = []
    if s.collab["offers_left"] > 0:
        mine = sorted(s.hands[p])
        for q in clockwise_from(s, p):
            if q == p:
                continue
            for c in mine:
                out.append(A.OfferCard(q, c))
                if s.hands[q]:
                    out.append(A.OfferTrade(q, c, "control"))
                if len(s.data[q]) >= 2:
                    out.append(A.OfferTrade(q, c, "data"))
            if len(s.data[p]) >= 2 and s.hands[q]:
                out.append(A.OfferTrade(q, None, "control"))
    out.append(A.EndCollaboration())
    return out


def _legal_offer(s: State, p: int) -> list[Any]:
    out: list[Any] = []
    o = s.offer
    if o["ask"] == "control":
        out.extend(A.AcceptOffer(c) for c in sorted(s.hands[p]))
    elif o["ask"] != "data" or len(s.data[p]) >= 2:
        out.append(A.AcceptOffer())
    out.append(A.DeclineOffer())
    return out


LEGAL = {"collab": _legal_collab, "offer": _legal_offer}
HANDLERS: dict[type, Any] = {
    A.RequestHelp: _do_request_help,
    A.OfferCard: _do_offer_card,
    A.OfferTrade: _do_offer_trade,
    A.AcceptOffer: _do_accept,
    A.DeclineOffer: _do_decline,
    A.EndCollaboration: _do_end_collab,
}
