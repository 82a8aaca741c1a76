"""The board as a real express network (lesson 7): hub-and-spoke against point-to-point, and
resilience (articulation points, edge connectivity, what losing gateways does to the shipments).

Pure measures over the board graph (§3.3) with networkx; air bridges (§7.3) come from
:mod:`gamelib.cnw.corridors`. Distances are hops, the rulebook's own measure of a trip (§10.3):
one hop more on a corridor is one more gateway to hold and, in real life, one more leg of
transit time. No words here: codes and numbers, worded by ``widgets/cnw/real_network.py``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

import networkx as nx

from gamelib.cnw import board as cnw_board
from gamelib.cnw import corridors
from gamelib.cnw import shipments as cnw_shipments

NETWORKS = ("point_to_point", "bridged", "hub_and_spoke")


def nearest_hub(graph: nx.Graph, code: str, hubs: Iterable[str]) -> str:
    """The hub fewest hops from ``code`` (ties: board order), the one a spoke would feed."""
    lengths = nx.single_source_shortest_path_length(graph, code)
    order = list(graph.nodes)
    return min(hubs, key=lambda h: (lengths.get(h, len(order)), order.index(h)))


def hub_and_spoke() -> nx.Graph:
    """Our pure hub-and-spoke version of the board: every gateway keeps one link, to its nearest
    hub ◆, and every two hubs are joined (as by air bridges, §7.3). A design to compare with the
    board, not a rule of the game."""
    board = cnw_board.load()
    graph = nx.Graph()
    graph.add_nodes_from(board.gateways)
    for code in board.gateways:
        if code not in board.hubs:
            graph.add_edge(code, nearest_hub(board.graph, code, board.hubs), kind="spoke")
    hubs = list(board.hubs)
    for i, a in enumerate(hubs):
        for b in hubs[i + 1 :]:
            graph.add_edge(a, b, kind="bridge")
    return graph


@cache
def network(name: str) -> nx.Graph:
    """One of :data:`NETWORKS`: the board as printed (point to point), the board with an air
    bridge between every two hubs, or :func:`hub_and_spoke`. Cached and frozen: copy it to
    change it (:func:`without`)."""
    if name == "point_to_point":
        return nx.freeze(corridors.bridged_graph())
    if name == "bridged":
        return nx.freeze(corridors.bridged_graph(cnw_board.load().hubs))
    if name == "hub_and_spoke":
        return nx.freeze(hub_and_spoke())
    raise ValueError(f"unknown network {name!r}; one of {NETWORKS}")


@dataclass(frozen=True)
class Measures:
    """What a network designer compares: links to run, distances, and how concentrated the
    shortest paths are (betweenness), plus its weak points."""

    links: int
    mean_hops: float
    max_hops: int
    top: str  # the gateway with the highest betweenness
    top_betweenness: float
    hub_share: float  # share of gateway pairs whose every shortest path changes at a hub
    articulation_points: tuple[str, ...]


def _through_hub(graph: nx.Graph, hubs: set[str]) -> float:
    """Share of pairs (neither a hub) every shortest path of which passes through a hub."""
    nodes = sorted(n for n in graph.nodes if n not in hubs)
    pairs = forced = 0
    without = graph.subgraph(n for n in graph.nodes if n not in hubs)
    lengths = dict(nx.all_pairs_shortest_path_length(graph))
    plain = dict(nx.all_pairs_shortest_path_length(without))
    for i, a in enumerate(nodes):
        for b in nodes[i + 1 :]:
            pairs += 1
            if plain.get(a, {}).get(b, -1) != lengths[a][b]:
                forced += 1
    return forced / pairs if pairs else 0.0


def measures(name: str) -> Measures:
    """:class:`Measures` of one of :data:`NETWORKS`."""
    graph = network(name)
    between = nx.betweenness_centrality(graph)
    top = max(graph.nodes, key=lambda n: (between[n], -list(graph.nodes).index(n)))
    return Measures(
        links=graph.number_of_edges(),
        mean_hops=corridors.mean_hops(graph),
        max_hops=nx.diameter(graph),
        top=top,
        top_betweenness=between[top],
        hub_share=_through_hub(graph, set(cnw_board.load().hubs)),
        articulation_points=tuple(sorted(nx.articulation_points(graph))),
    )


def spokes(graph: nx.Graph, hub: str) -> int:
    """How many gateways hang on ``hub`` in a hub-and-spoke graph (its ``spoke`` links)."""
    return sum(1 for _, _, kind in graph.edges(hub, data="kind") if kind == "spoke")


@dataclass(frozen=True)
class Impact:
    """What losing some gateways does (a strike, a closed airspace, a hub taken by a rival)."""

    lost: tuple[str, ...]
    articulation_points: tuple[str, ...]  # of what remains: the next single points of failure
    edge_connectivity: int  # links to cut to split what remains (0: already split)
    node_connectivity: int
    cut_off_pairs: int  # pairs of remaining gateways with no path left
    mean_hops: float  # over the pairs still joined
    shipments: tuple[tuple[int, int, int | None], ...]  # (card id, hops before, after or None)

    @property
    def longer(self) -> tuple[int, ...]:
        """Shipment cards whose shortest corridor grew (cut off ones included)."""
        return tuple(c for c, before, after in self.shipments if after is None or after > before)

    @property
    def extra_hops(self) -> int:
        """Hops added over the deck's corridors that still exist."""
        return sum(after - before for _, before, after in self.shipments if after is not None)


def without(graph: nx.Graph, lost: Iterable[str]) -> nx.Graph:
    """A copy of ``graph`` with the ``lost`` gateways and their links removed."""
    rest = nx.Graph(graph)
    rest.remove_nodes_from(lost)
    return rest


def impact(lost: Iterable[str] = (), network_name: str = "point_to_point") -> Impact:
    """:class:`Impact` of losing ``lost`` from one of :data:`NETWORKS`. Shipments with an end
    lost are left out (nobody ships from a closed airport)."""
    lost = tuple(sorted(set(lost)))
    board = cnw_board.load()
    unknown = [c for c in lost if c not in board.gateways]
    if unknown:
        raise ValueError(f"not gateways: {unknown}")
    graph = network(network_name)
    rest = without(graph, lost)
    full = dict(nx.all_pairs_shortest_path_length(graph))
    after = dict(nx.all_pairs_shortest_path_length(rest))
    nodes = list(rest.nodes)
    joined = [after[a][b] for i, a in enumerate(nodes) for b in nodes[i + 1 :] if b in after[a]]
    pairs = len(nodes) * (len(nodes) - 1) // 2
    ships = tuple(
        (c.id, full[c.origin][c.destination], after[c.origin].get(c.destination))
        for c in cnw_shipments.load().cards
        if c.origin not in lost and c.destination not in lost
    )
    split = not nx.is_connected(rest)
    return Impact(
        lost=lost,
        articulation_points=tuple(sorted(nx.articulation_points(rest))),
        edge_connectivity=0 if split else nx.edge_connectivity(rest),
        node_connectivity=0 if split else nx.node_connectivity(rest),
        cut_off_pairs=pairs - len(joined),
        mean_hops=sum(joined) / len(joined) if joined else 0.0,
        shipments=ships,
    )


def longer_shipments(lost: Iterable[str], network_name: str = "point_to_point") -> list[int]:
    """The shipment cards whose shortest corridor grows (or is cut) when ``lost`` are gone:
    :attr:`Impact.longer` without the all-pairs measures, for ranking every gateway at once."""
    lost = set(lost)
    graph = network(network_name)
    rest = without(graph, lost)
    out = []
    for c in cnw_shipments.load().cards:
        if c.origin in lost or c.destination in lost:
            continue
        before = nx.shortest_path_length(graph, c.origin, c.destination)
        try:
            after = nx.shortest_path_length(rest, c.origin, c.destination)
        except nx.NetworkXNoPath:
            after = None
        if after is None or after > before:
            out.append(c.id)
    return out


def losses(network_name: str = "point_to_point") -> dict[str, int]:
    """For every gateway, how many shipment corridors of the deck its loss lengthens."""
    return {
        code: len(longer_shipments((code,), network_name)) for code in cnw_board.load().gateways
    }


def worst_loss(network_name: str = "point_to_point") -> tuple[str, int]:
    """The gateway whose loss lengthens the most shipment corridors (ties: board order)."""
    ranked = losses(network_name)
    worst = max(ranked, key=lambda code: (ranked[code], -list(ranked).index(code)))
    return worst, ranked[worst]


def minimum_cut(network_name: str = "point_to_point") -> tuple[str, ...]:
    """A smallest set of gateways whose loss splits the network (networkx's minimum node cut)."""
    return tuple(sorted(nx.minimum_node_cut(network(network_name))))
