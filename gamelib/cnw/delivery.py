"""Urgent Shipments (§10): delivering one (§10.1: both ends held and a chain of your own
gateways between them, air bridges included), its value (§10.3; REALISMO ALTO's long transits
and on-board loads, §12.3), and the BRIEFING's deadlines (§5 phase 1, §10.2: −1 each turn, an
expired shipment costs 1 SLA and a pawn of your choice, and is replaced).
"""

from __future__ import annotations

from gamelib.cnw import shipments, tables
from gamelib.cnw.actions import Deliver, RemovePawn, count_field, gateway_field, single
from gamelib.cnw.bridges import component
from gamelib.cnw.network import CODES, INDEX, Geo
from gamelib.cnw.state import BRIEFING, DELIVERY, OVER, CnwState, Rule, Tx, geo_of, need_phase
from gamelib.cnw.variants import VARIANTS
from gamelib.cnw.victory import victory
from gamelib.core import IllegalAction

SHIPS = shipments.load()
SETUP = tables.setup()
ACTIVE_SHIPMENTS = int(SETUP["active_shipments"])
INTERCONTINENTAL = shipments.INTERCONTINENTAL


def shipment_sla(state: CnwState, card: shipments.Shipment) -> int:
    """SLA a delivery earns: printed, or §12.3's +4 for long transits over 2+ dashed routes."""
    if state.options["realismo_alto"]:
        ra = VARIANTS["realismo_alto"]
        if card.klass == INTERCONTINENTAL and card.dashed >= ra["long_transit_dashed"]:
            return int(ra["long_transit_sla"])
    return card.sla


def delivery_targets(state: CnwState, g: Geo, player: int, card: shipments.Shipment) -> set:
    """Where a delivery chain may end (§10.1): the destination if held; under REALISMO ALTO a
    Marine & Cruise load may also end on a held gateway linked to it (§12.3)."""
    d = INDEX[card.destination]
    owner = state.owner
    out = {d} if owner[d] == player else set()
    if (
        state.options["realismo_alto"]
        and card.sector == VARIANTS["realismo_alto"]["on_board_sector"]
    ):
        out.update(j for j in g.adj[d] if owner[j] == player)
    return out


def can_deliver(state: CnwState, g: Geo, player: int, card_id: int) -> bool:
    card = SHIPS.cards[card_id]
    o = INDEX[card.origin]
    if state.owner[o] != player:
        return False
    targets = delivery_targets(state, g, player, card)
    if not targets:
        return False
    return not targets.isdisjoint(component(state, g, player, o))


def delivery_actions(state: CnwState, p: int) -> list[Deliver]:
    g = geo_of(state)
    return [single(Deliver, c) for c, _ in state.shipments[p] if can_deliver(state, g, p, c)]


def deliver(t: Tx, a: Deliver) -> str | None:
    """§10.1: SLA now, the card's pawns as a bonus at the next Reinforcements; more may follow."""
    s = t.s
    need_phase(s, (DELIVERY,), "§10.1", "deliver")
    p = s.current
    k = count_field(a.shipment, "§10.1", "shipment")
    row = s.shipments[p]
    if all(c != k for c, _ in row):
        raise IllegalAction("§10.1", "deliver.not_active", shipment=k)
    if not can_deliver(s, geo_of(s), p, k):
        card = SHIPS.cards[k]
        raise IllegalAction(
            "§10.1", "deliver.no_chain", origin=card.origin, destination=card.destination
        )
    card = SHIPS.cards[k]
    t.mut("sla")[p] += shipment_sla(s, card)
    t.mut("bonus")[p] += card.pawns
    t.mut("shipments")[p] = [x for x in row if x[0] != k]
    t.mut("ship_discard").append(k)
    victory(t, (p,))
    if s.phase != OVER:
        return DELIVERY
    return None


# -- §5 phase 1 BRIEFING, §10.2 expired shipments ----------------------------------------------


def _draw_shipment(t: Tx) -> int | None:
    """The top shipment card, the discard pile reshuffled when the deck runs out."""
    deck = t.pile("ship_deck", "ship_discard")
    return None if deck is None else deck.pop()


def expire_shipments(t: Tx, p: int) -> None:
    """§5 phase 1, §10.2: deadlines −1; delivered shipments replaced; expired ones fail
    (−1 SLA, not below 0; a pawn owed, ``expiring``; a new card drawn)."""
    s = t.s
    row = [[c, d - 1] for c, d in s.shipments[p]]
    keep = [x for x in row if x[1] > 0]
    expired = [x[0] for x in row if x[1] <= 0]
    if expired:
        t.mut("ship_discard").extend(expired)
        sla = t.mut("sla")
        sla[p] = max(0, sla[p] - int(SETUP["expired_shipment_sla"]) * len(expired))
    while len(keep) < ACTIVE_SHIPMENTS:
        card = _draw_shipment(t)
        if card is None:
            break
        keep.append([card, SHIPS.cards[card].deadline])
    t.mut("shipments")[p] = keep
    s.expiring = int(SETUP["expired_shipment_pawns"]) * len(expired)


def lose_expired_pawns(t: Tx) -> bool:
    """Settle the pawns owed for expired shipments (§10.2) while there is no choice; True when
    the player must choose (the phase is then BRIEFING)."""
    s = t.s
    p = s.current
    while s.expiring > 0:
        options = [i for i, o in enumerate(s.owner) if o == p and s.pawns[i] >= 2]
        if not options:
            s.expiring = 0  # every gateway is down to its last pawn: nothing can go
            break
        if len(options) > 1:
            s.phase = BRIEFING
            return True
        t.mut("pawns")[options[0]] -= 1
        s.expiring -= 1
    return False


def remove_pawn_actions(state: CnwState, p: int) -> list[RemovePawn]:
    owner, pawns = state.owner, state.pawns
    return [single(RemovePawn, CODES[i]) for i, o in enumerate(owner) if o == p and pawns[i] >= 2]


def remove_pawn(t: Tx, a: RemovePawn) -> str:
    s = t.s
    need_phase(s, (BRIEFING,), "§10.2", "remove_pawn")
    i = gateway_field(a.gateway, "§10.2")
    if s.owner[i] != s.current:
        raise IllegalAction("§10.2", "remove_pawn.not_yours", gateway=a.gateway)
    if s.pawns[i] < 2:
        raise IllegalAction("§10.2", "remove_pawn.last_pawn", gateway=a.gateway)
    t.mut("pawns")[i] -= 1
    s.expiring -= 1
    return BRIEFING


HANDLERS: dict[type, Rule] = {Deliver: deliver, RemovePawn: remove_pawn}
