"""The board as a transport network, for lessons on corridors: how air bridges (§7.3) shrink it.

An air bridge joins two hubs ◆ held by the same player as if they were linked (§7.3), so a player
holding several hubs turns them into a complete graph on top of the board. These helpers answer
"what if these hubs were mine": distances, shortest corridors and chokepoints with the bridges.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable

import networkx as nx

from gamelib.cnw import board as cnw_board


def bridged_graph(hubs: Iterable[str] = ()) -> nx.Graph:
    """The board graph plus an air bridge (§7.3) between every two of ``hubs``; edges carry
    ``kind`` ("solid", "dashed" or "bridge"). Raises ValueError on a gateway that is no hub."""
    board = cnw_board.load()
    chosen = sorted(set(hubs))
    wrong = [h for h in chosen if h not in board.hubs]
    if wrong:
        raise ValueError(f"air bridges join hubs only (§7.3); not hubs: {wrong}")
    graph = nx.Graph(board.graph)
    for a, b in itertools.combinations(chosen, 2):
        if not graph.has_edge(a, b):
            graph.add_edge(a, b, kind="bridge")
    return graph


def hop_counts(graph: nx.Graph) -> dict[int, int]:
    """How many unordered pairs of gateways lie at each hop distance."""
    counts: Counter[int] = Counter()
    for a, lengths in nx.all_pairs_shortest_path_length(graph):
        for b, d in lengths.items():
            if a < b:
                counts[d] += 1
    return dict(sorted(counts.items()))


def mean_hops(graph: nx.Graph) -> float:
    """Average hop distance over all pairs of gateways."""
    counts = hop_counts(graph)
    pairs = sum(counts.values())
    return sum(d * c for d, c in counts.items()) / pairs if pairs else 0.0


def corridor(origin: str, destination: str, hubs: Iterable[str] = ()) -> list[str]:
    """A shortest corridor (fewest hops, §10.3) from ``origin`` to ``destination``, using air
    bridges between ``hubs`` (§7.3)."""
    return nx.shortest_path(bridged_graph(hubs), origin, destination)


def chokepoints(hubs: Iterable[str] = (), top: int = 10) -> list[tuple[str, float]]:
    """The ``top`` gateways by betweenness (share of shortest paths through them)."""
    between = nx.betweenness_centrality(bridged_graph(hubs))
    ranked = sorted(between.items(), key=lambda kv: (-kv[1], kv[0]))
    return ranked[:top]
