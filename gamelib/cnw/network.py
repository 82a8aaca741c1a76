"""The map as the engine sees it: gateways in play, links usable under the options, hubs and
regions, as tuples of indices precomputed once per variant (FIERA §12.1 leaves regions out;
REALISMO ALTO §12.3 closes the dashed routes without a hub at either end).

Air bridges (§7.3) depend on who holds the hubs, so they are added per state by the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import networkx as nx

from gamelib.cnw import shipments
from gamelib.cnw.board import load as load_board
from gamelib.cnw.tables import variants

BOARD = load_board()
CODES: tuple[str, ...] = tuple(BOARD.gateways)
INDEX: dict[str, int] = {code: i for i, code in enumerate(CODES)}
HUB: tuple[bool, ...] = tuple(BOARD.gateways[c].hub for c in CODES)


@dataclass(frozen=True, eq=False)
class Geo:
    """The playable map for one combination of FIERA and REALISMO ALTO."""

    fiera: bool
    realismo: bool
    in_play: tuple[bool, ...]
    playable: tuple[int, ...]  # gateway indices in play, board order
    adj: tuple[tuple[int, ...], ...]  # usable links (§3.3), in-play gateways only
    hubs: tuple[int, ...]  # hubs in play (§3.2)
    regions: tuple[tuple[str, tuple[int, ...], int], ...]  # (id, gateways, bonus) in play
    routes: tuple[tuple[int, int], ...]  # every dashed route of the board (§3.3), as indices
    cards: tuple[int, ...]  # gateway cards in play (§4 step 2)
    shipments: tuple[int, ...]  # shipment cards whose two ends are in play
    graph: nx.Graph  # the usable links, for networkx helpers (delivery chains)


@cache
def geo(fiera: bool = False, realismo: bool = False) -> Geo:
    """The map under the given variants (cached: a handful of combinations exist)."""
    if fiera:
        kept = set(variants()["fiera"]["regions"])
        in_play = tuple(BOARD.gateways[c].region in kept for c in CODES)
    else:
        in_play = (True,) * len(CODES)
    needs_hub = realismo and variants()["realismo_alto"]["dashed_needs_hub"]
    adj: list[list[int]] = [[] for _ in CODES]
    graph = nx.Graph()
    graph.add_nodes_from(c for i, c in enumerate(CODES) if in_play[i])
    for line in BOARD.links:
        a, b = INDEX[line.a], INDEX[line.b]
        if not (in_play[a] and in_play[b]):
            continue
        if needs_hub and line.dashed and not (HUB[a] or HUB[b]):
            continue  # §12.3: a dashed route needs a hub at one end
        adj[a].append(b)
        adj[b].append(a)
        graph.add_edge(line.a, line.b)
    regions = tuple(
        (rid, tuple(INDEX[c] for c in r.gateways), r.bonus)
        for rid, r in BOARD.regions.items()
        if all(in_play[INDEX[c]] for c in r.gateways)
    )
    deck = shipments.load()
    ships = tuple(
        s.id for s in deck.cards if in_play[INDEX[s.origin]] and in_play[INDEX[s.destination]]
    )
    playable = tuple(i for i in range(len(CODES)) if in_play[i])
    return Geo(
        fiera=fiera,
        realismo=realismo,
        in_play=in_play,
        playable=playable,
        adj=tuple(tuple(sorted(x)) for x in adj),
        hubs=tuple(i for i in playable if HUB[i]),
        regions=regions,
        routes=tuple((INDEX[line.a], INDEX[line.b]) for line in BOARD.dashed),
        cards=playable,
        shipments=ships,
        graph=nx.freeze(graph),
    )
