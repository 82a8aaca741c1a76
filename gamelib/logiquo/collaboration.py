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
from .table import RULES, clockwise_from, log, need_phase


def can_request(s: State) -> bool:
    rules_now = in_force(s)
    return (
        rules_now["collaboration"]
        and s.rounds_used < RULES["collaboration"]["max_rounds_per_threat"]
        and sum(s.alive) > 1
    )


def _do_request_help(s: State, a: A.RequestHelp) -> None:
    need_phase(s, "reaction", "§Struttura.3", "asking for collaboration")
    t = card(s.threat)
    if t.special.get("collaboration", True) is False:
        raise IllegalAction("§Regole Speciali", f"threat {t.number} forbids collaboration")
    if s.flags.get("no_collab"):
        raise IllegalAction("§Anomalie", "an anomaly forbids collaboration this turn")
    limit = RULES["collaboration"]["max_rounds_per_threat"]
    if s.rounds_used >= limit:
        raise IllegalAction(
            "§Struttura.3", f"at most {limit} collaboration rounds per threat (house limit)"
        )
    if sum(s.alive) < 2:
        raise IllegalAction("§Struttura.3", "nobody is left to collaborate with")
    s.collab = {
        "floor": clockwise_from(s, s.active),
        "offers_left": RULES["collaboration"]["max_offers_per_window"],
    }
    s.rounds_used += 1
    s.phase = "collab"
    log(s, type="help", player=s.active, round=s.rounds_used)


def _check_offer_target(s: State, p: int, to: int) -> None:
    if not 0 <= to < len(s.players) or to == p or not s.alive[to]:
        raise IllegalAction("§Struttura.3", f"player {to} cannot receive an offer from player {p}")
    if s.collab["offers_left"] <= 0:
        raise IllegalAction(
            "§Struttura.3",
            f"at most {RULES['collaboration']['max_offers_per_window']} offers each time "
            "you hold the floor (house limit)",
        )


def _do_offer_card(s: State, a: A.OfferCard) -> None:
    need_phase(s, "collab", "§Struttura.3", "making an offer")
    p = current_player(s)
    _check_offer_target(s, p, a.to)
    if a.card not in s.hands[p]:
        raise IllegalAction("§Struttura.3", f"card {a.card} is not in player {p}'s hand")
    s.offer = {"from": p, "to": a.to, "give": a.card, "ask": None}
    s.collab["offers_left"] -= 1
    s.phase = "offer"
    log(s, type="offer", player=p, other=a.to, kind="gift")


def _do_offer_trade(s: State, a: A.OfferTrade) -> None:
    need_phase(s, "collab", "§Struttura.3", "making an offer")
    p = current_player(s)
    _check_offer_target(s, p, a.to)
    if a.ask not in ("control", "data"):
        raise IllegalAction("§Struttura.3", "a trade asks for 'control' or 'data'")
    if a.give is None:
        if a.ask != "control":
            raise IllegalAction(
                "§Struttura.3", "a trade must move a control card: Data for Data is no trade"
            )
        if len(s.data[p]) < 2:
            raise IllegalAction("§Struttura.3", "you cannot pay with your last Data card")
    elif a.give not in s.hands[p]:
        raise IllegalAction("§Struttura.3", f"card {a.give} is not in player {p}'s hand")
    if a.ask == "data" and len(s.data[a.to]) < 2:
        raise IllegalAction("§Struttura.3", f"player {a.to} cannot pay with their last Data card")
    if a.ask == "control" and not s.hands[a.to]:
        raise IllegalAction("§Struttura.3", f"player {a.to} has no control card to give")
    s.offer = {"from": p, "to": a.to, "give": a.give, "ask": a.ask}
    s.collab["offers_left"] -= 1
    s.phase = "offer"
    log(s, type="offer", player=p, other=a.to, kind="trade", ask=a.ask, pays_data=a.give is None)


def _move_data(s: State, src: int, dst: int) -> None:
    s.data[dst].append(s.data[src].pop())


def _do_accept(s: State, a: A.AcceptOffer) -> None:
    need_phase(s, "offer", "§Struttura.3", "accepting an offer")
    o = s.offer
    p, q = o["from"], o["to"]
    if o["ask"] == "control":
        if a.card is None or a.card not in s.hands[q]:
            raise IllegalAction("§Struttura.3", "name one control card from your hand to pay with")
    elif a.card is not None:
        raise IllegalAction("§Struttura.3", "this offer asks for no control card")
    if o["ask"] == "data" and len(s.data[q]) < 2:
        raise IllegalAction("§Struttura.3", "you cannot pay with your last Data card")
    if o["give"] is None and len(s.data[p]) < 2:
        raise IllegalAction("§Struttura.3", "the offerer can no longer pay with a Data card")
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
    need_phase(s, "offer", "§Struttura.3", "declining an offer")
    log(s, type="decline", player=s.offer["to"], other=s.offer["from"])
    s.offer = None
    s.phase = "collab"


def _do_end_collab(s: State, a: A.EndCollaboration) -> None:
    need_phase(s, "collab", "§Struttura.3", "ending your part of the collaboration")
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
