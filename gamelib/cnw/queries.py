"""Read-only questions about a CNW state, for interfaces and bots: where a gateway may attack
(§7.1, §7.3), occupy (§7.4) or move (§5.4) to, which shipments can be delivered and along which
chain (§10.1), the reinforcements breakdown (§6), a shipment card as data (§10), and what one
player may see (``observation``: the public board, its own hand and objective, §4).
"""

from __future__ import annotations

from typing import Any

import networkx as nx

from gamelib.cnw import cards, objectives, shipments
from gamelib.cnw.actions import gateway_field
from gamelib.cnw.bridges import air_bridges, component, network_graph, reach
from gamelib.cnw.delivery import can_deliver, delivery_targets
from gamelib.cnw.network import CODES, INDEX
from gamelib.cnw.reinforcements import reinforcement_parts
from gamelib.cnw.state import (
    NAME,
    NEUTRAL,
    OUT_OF_PLAY,
    REINFORCE,
    REPOSITION_COUNT,
    CnwState,
    geo_of,
)
from gamelib.cnw.turn import current_player
from gamelib.cnw.variants import enemy
from gamelib.core import IllegalAction

DECK = cards.load()
SHIPS = shipments.load()
OBJECTIVES = objectives.load()
N_GATEWAY_CARDS = len(DECK.gateway_cards)


def attack_targets(state: CnwState, source: str) -> list[str]:
    """Gateways the owner of ``source`` may attack from it (§7.1, air bridges §7.3), whatever
    the phase; empty if ``source`` has fewer than 2 pawns."""
    i = gateway_field(source)
    p = state.owner[i]
    if p < 0 or state.pawns[i] < 2:
        return []
    return [
        CODES[j]
        for j in sorted(reach(state, geo_of(state), p, i))
        if enemy(state, p, state.owner[j])
    ]


def occupy_targets(state: CnwState, source: str) -> list[str]:
    """Neutral gateways the owner of ``source`` may occupy from it (§7.4)."""
    i = gateway_field(source)
    p = state.owner[i]
    if p < 0 or state.pawns[i] < 2:
        return []
    return [
        CODES[j] for j in sorted(reach(state, geo_of(state), p, i)) if state.owner[j] == NEUTRAL
    ]


def move_targets(state: CnwState, source: str) -> list[str]:
    """Gateways the owner of ``source`` may reposition to from it (§5.4, air bridges §7.3)."""
    i = gateway_field(source)
    p = state.owner[i]
    if p < 0 or state.pawns[i] < 2:
        return []
    return [CODES[j] for j in sorted(component(state, geo_of(state), p, i)) if j != i]


def deliverable(state: CnwState, player: int) -> list[int]:
    """Card ids of ``player``'s active shipments that could be delivered now (§10.1)."""
    g = geo_of(state)
    return [c for c, _ in state.shipments[player] if can_deliver(state, g, player, c)]


def delivery_chain(state: CnwState, player: int, shipment: int) -> list[str] | None:
    """A shortest delivery chain (§10.1) for one shipment card, or None if there is none."""
    card = SHIPS.cards[shipment]
    if state.owner[INDEX[card.origin]] != player:
        return None
    graph = network_graph(state, player)
    best = None
    for d in sorted(delivery_targets(state, geo_of(state), player, card)):
        try:
            path = nx.shortest_path(graph, card.origin, CODES[d])
        except nx.NetworkXNoPath:
            continue
        if best is None or len(path) < len(best):
            best = path
    return best


def reinforcements(state: CnwState, player: int) -> dict[str, Any]:
    """The §6 / §13 breakdown for display: base max(3, gateways ÷ 3), complete regions, hubs,
    tris and delivery bonus. During the player's own Reinforcements the bonus and tris shown are
    those collected this turn; otherwise the bonus waiting for the next turn."""
    count, base, regions, hubs = reinforcement_parts(state, player)
    this_turn = state.current == player and state.phase in (REINFORCE,)
    bonus = state.turn_bonus if this_turn else state.bonus[player]
    tris = state.turn_tris if this_turn else 0
    return {
        "gateways": count,
        "base": base,
        "regions": regions,
        "hubs": hubs,
        "tris": tris,
        "delivery_bonus": bonus,
        "total": base + sum(regions.values()) + hubs + tris + bonus,
        "to_deploy": state.pool if this_turn else 0,
    }


def shipment_info(card: int) -> dict[str, Any]:
    """A shipment card as JSON-ready data (§10)."""
    c = SHIPS.cards[card]
    return {
        "id": c.id,
        "sector": c.sector,
        "sector_name": SHIPS.sectors[c.sector],
        "origin": c.origin,
        "destination": c.destination,
        "class": c.klass,
        "hops": c.hops,
        "dashed": c.dashed,
        "printed_deadline": c.deadline,
        "pawns": c.pawns,
        "sla": c.sla,
        "text": c.text,
        "text_it": c.text_it,
    }


def observation(state: CnwState, player: int) -> dict[str, Any]:
    """What ``player`` may see: the whole map, SLA, tokens, everyone's shipments (public,
    §4 step 4), the pending dice; its own objective and hand, but only the number of cards in
    the others' hands, and neither the order of the decks nor future dice."""
    n = state.players
    if not isinstance(player, int) or not 0 <= player < n:
        raise IllegalAction("§observation", "observation.no_player", given=repr(player))
    obj = state.objectives[player]
    own_objective = (
        None if obj < 0 else {"id": OBJECTIVES.cards[obj].key, "text": OBJECTIVES.cards[obj].text}
    )
    roll = state.roll
    move_in = state.move_in
    if move_in is not None:
        i, j, least, most, victim = move_in
        move_in = {
            "kind": "reposition" if state.phase == REPOSITION_COUNT else "conquest",
            "source": CODES[i],
            "target": CODES[j],
            "least": least,
            "most": most,
        }
    return {
        "game": NAME,
        "player": player,
        "names": list(state.names),
        "options": dict(state.options),
        "phase": state.phase,
        "current": state.current,
        "to_act": current_player(state),
        "first": state.first,
        "turn": state.turn,
        "round": state.round,
        "gateways": {
            code: {"owner": state.owner[i], "pawns": state.pawns[i]}
            for i, code in enumerate(CODES)
            if state.owner[i] != OUT_OF_PLAY
        },
        "reserve": list(state.reserve),
        "sla": list(state.sla),
        "obc": list(state.obc),
        "alive": list(state.alive),
        "shipments": [
            [dict(shipment_info(c), deadline=d) for c, d in row] for row in state.shipments
        ],
        "hand": [{"gateway": CODES[c], "symbol": DECK.symbol(c)} for c in state.hands[player]],
        "hand_sizes": [len(h) for h in state.hands],
        "objective": own_objective,
        "has_objective": [o >= 0 for o in state.objectives],
        "deck_size": len(state.deck),
        "discard": [
            CODES[c] if c < N_GATEWAY_CARDS else DECK.imprevisti[c - N_GATEWAY_CARDS].key
            for c in state.discard
        ],
        "shipment_deck_size": len(state.ship_deck),
        "pool": state.pool,
        "roll": roll,
        "last_roll": state.last_roll,
        "move_in": move_in,
        "pacts": [list(x) for x in state.pacts],
        "offer": state.offer,
        "air_bridges": [list(x) for x in air_bridges(state, player)],
        "air_bridges_closed": state.bridges_closed >= 0,
        "reinforcements": reinforcements(state, player),
        "winners": list(state.winners),
        "victory": state.victory,
    }
