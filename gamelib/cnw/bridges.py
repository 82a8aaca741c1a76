"""Air bridges (Ponte Aereo, §7.3) and the reach they give: the gateways one step from a
gateway (links §3.3, plus bridges between hubs), the chains of a player's own gateways that a
repositioning move (§5.4) and a delivery (§10.1) follow, and the player's network as a graph.
Teammates share bridges (§12.2); an Imprevisto closes them all for a round (§9.2).
"""

from __future__ import annotations

from typing import Any

import networkx as nx

from gamelib.cnw.network import CODES, HUB, INDEX, Geo
from gamelib.cnw.state import CnwState, geo_of
from gamelib.cnw.variants import friends


def bridges_open(state: CnwState) -> bool:
    return state.bridges_closed < 0


_ZONES: dict[tuple[int, ...], tuple[frozenset[int], frozenset[int], tuple[int, ...]]] = {}


def zone_of(g: Geo, hubs: tuple[int, ...]) -> tuple[frozenset[int], frozenset[int], tuple]:
    """(hubs, hubs and every gateway linked to one, the same sorted), memoised by hub set."""
    key = (id(g), *hubs)
    zone = _ZONES.get(key)
    if zone is None:
        cells = set(hubs)
        for h in hubs:
            cells.update(g.adj[h])
        zone = _ZONES[key] = (frozenset(hubs), frozenset(cells), tuple(sorted(cells)))
    return zone


def bridge_zone(state: CnwState, g: Geo, player: int) -> tuple | None:
    """Air bridges of ``player`` (§7.3, §12.2): (the bridged hubs — its own and its teammates' —,
    every gateway one step from them, the same sorted), or None when it has none (closed by an
    Imprevisto, or fewer than 2 hubs)."""
    if state.bridges_closed >= 0:
        return None
    owner = state.owner
    teams = state.options["teams"]
    if teams is None:
        hubs = tuple([h for h in g.hubs if owner[h] == player])
    else:
        hubs = tuple([h for h in g.hubs if owner[h] >= 0 and teams[owner[h]] == teams[player]])
        if all(owner[h] != player for h in hubs):
            return None
    if len(hubs) < 2:
        return None
    return zone_of(g, hubs)


def reach(
    state: CnwState, g: Geo, player: int, source: int, bridges: Any = False
) -> set[int] | tuple[int, ...]:
    """Gateways one step from ``source`` for ``player``: its links (§3.3) and, from a hub, the
    air bridges (§7.3): every other hub the player (or a teammate, §12.2) controls, and every
    gateway linked to one of them. ``bridges``: a precomputed :func:`bridge_zone`."""
    if not HUB[source]:
        return g.adj[source]
    if bridges is False:
        bridges = bridge_zone(state, g, player)
    if bridges is None or source not in bridges[0]:
        return g.adj[source]
    # the source is one of the bridged hubs, so its own links are already in the zone
    return bridges[1] - {source}


def component(state: CnwState, g: Geo, player: int, source: int) -> set[int]:
    """Gateways joined to ``source`` by a chain of the player's own gateways: links, plus air
    bridges between two of its own hubs (§5.4, §7.3, §10.1)."""
    owner = state.owner
    adj = g.adj
    bridged = bridges_open(state)
    own_hubs = [h for h in g.hubs if owner[h] == player] if bridged else []
    if len(own_hubs) < 2:
        own_hubs = []
    seen = {source}
    todo = [source]
    hubs_done = False
    while todo:
        i = todo.pop()
        for j in adj[i]:
            if j not in seen and owner[j] == player:
                seen.add(j)
                todo.append(j)
        if own_hubs and not hubs_done and HUB[i]:
            hubs_done = True
            for h in own_hubs:
                if h not in seen:
                    seen.add(h)
                    todo.append(h)
    return seen


def owned(state: CnwState, player: int) -> list[int]:
    """Indices of the gateways ``player`` controls."""
    return [i for i, o in enumerate(state.owner) if o == player]


def air_bridges(state: CnwState, player: int) -> list[tuple[str, str]]:
    """Open air bridges of ``player`` (§7.3): every pair of hubs it controls, plus (TEAM
    BUILDING, §12.2) each of its hubs with each hub of a teammate. Empty while an Imprevisto
    keeps them closed (§9.2)."""
    if not bridges_open(state):
        return []
    g = geo_of(state)
    mates = friends(state, player)
    mine = [h for h in g.hubs if state.owner[h] == player]
    theirs = [h for h in g.hubs if state.owner[h] in mates and state.owner[h] != player]
    pairs = [(a, b) for k, a in enumerate(mine) for b in mine[k + 1 :]]
    pairs += [(a, b) for a in mine for b in theirs]
    if len(mine) + len(theirs) < 2:
        return []
    return [(CODES[a], CODES[b]) for a, b in pairs]


def network_graph(state: CnwState, player: int) -> nx.Graph:
    """The player's own network: its gateways, the usable links between them and its open air
    bridges (§10.1), as a networkx graph."""
    g = geo_of(state)
    mine = [CODES[i] for i in owned(state, player)]
    graph = nx.Graph(g.graph.subgraph(mine))
    for a, b in air_bridges(state, player):
        if state.owner[INDEX[b]] == player:
            graph.add_edge(a, b)
    return graph
