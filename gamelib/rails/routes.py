"""Graph algorithms on the map, with networkx: connectivity for tickets, shortest routes for a
ticket (by trains or by number of routes) and the exact longest trail.

The board is a multigraph: cities are nodes, each route is an edge keyed by its id (a double
route is two parallel edges). A player's network is the sub-multigraph of the routes they own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from heapq import heappop, heappush
from itertools import count
from typing import Any

import networkx as nx

from gamelib.rails.board import Board, Route, Ticket, load, rules


def graph_of(routes: Iterable[Route]) -> nx.MultiGraph:
    """The multigraph of some routes: one edge per route, key = route id, with its length."""
    graph = nx.MultiGraph()
    for r in routes:
        graph.add_edge(r.a, r.b, key=r.id, length=r.length, color=r.color)
    return graph


def board_graph(board: Board | None = None) -> nx.MultiGraph:
    """The whole map, with each city's ``lat``/``lon`` as node attributes."""
    board = board or load()
    graph = graph_of(board.routes)
    for name, (lat, lon) in board.cities.items():
        graph.add_node(name, lat=lat, lon=lon)
    return graph


def connected(graph: nx.Graph, a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are joined by a chain of routes of ``graph``."""
    return a in graph and b in graph and nx.has_path(graph, a, b)


def ticket_completed(routes: Iterable[Route] | nx.Graph, ticket: Ticket) -> bool:
    """A ticket is completed when its two cities are connected by the player's own routes
    (§Prendere le carte Destinazione): ``nx.has_path`` on the player's subgraph."""
    graph = routes if isinstance(routes, nx.Graph) else graph_of(routes)
    return connected(graph, ticket.a, ticket.b)


# --------------------------------------------------------------------------------------------
# Shortest routes


@dataclass(frozen=True)
class Path:
    """A chain of routes from one city to another.

    ``trains`` counts only the routes still to be claimed (owned ones are free), ``routes``
    those too; ``route_ids`` lists every route of the chain, owned ones included.
    """

    cities: tuple[str, ...]
    route_ids: tuple[int, ...]
    trains: int
    routes: int


def shortest_route(
    a: str,
    b: str,
    by: str = "trains",
    available: Iterable[int] | None = None,
    owned: Iterable[int] = (),
    board: Board | None = None,
) -> Path | None:
    """The cheapest chain of routes from ``a`` to ``b``, or None if there is none.

    ``by="trains"`` weighs a route by its length, ``by="routes"`` counts routes. Only the route
    ids in ``available`` (default: all) may be used; ``owned`` routes cost nothing.

    This is ``nx.dijkstra_path`` over the ``nx.Graph`` of those routes (the cheapest of parallel
    routes kept), done on plain dicts built in the order networkx builds its adjacency, so it
    finds the same path, ties included: the planner bot asks it for every ticket at every
    decision, and building a networkx graph each time was most of a simulated game
    (``tests/rails/test_rails_speedups.py`` checks it against networkx).
    """
    if by not in ("trains", "routes"):
        raise ValueError(f"by must be 'trains' or 'routes', not {by!r}")
    board = board or load()
    owned_set = set(owned)
    ids = range(len(board.routes)) if available is None else available
    by_trains = by == "trains"
    # adjacency as nx.Graph.add_edge builds it: city -> {city: (weight_key, w, rid)}, one
    # shared edge tuple per pair, a cheaper parallel route replacing it in place
    adj: dict[str, dict[str, tuple[tuple[int, int], float, int]]] = {}
    routes = board.routes
    edges = _edges(board)[by_trains]
    for rid in (*ids, *owned_set):
        ra, rb, dear, free = edges[rid]
        edge = free if rid in owned_set else dear
        near = adj.get(ra)
        old = near.get(rb) if near is not None else None
        if old is None or edge[0] < old[0]:
            adj.setdefault(ra, {})[rb] = edge
            adj.setdefault(rb, {})[ra] = edge
    if a not in adj or b not in adj:
        return None
    nodes = _dijkstra_path(adj, a, b)
    if nodes is None:
        return None
    rids = tuple(adj[u][v][2] for u, v in zip(nodes, nodes[1:], strict=False))
    new = [rid for rid in rids if rid not in owned_set]
    return Path(
        cities=tuple(nodes),
        route_ids=rids,
        trains=sum(routes[rid].length for rid in new),
        routes=len(new),
    )


_ENDS: list[tuple[Board, tuple[tuple[str, str, int], ...]]] = []  # the last board and its ends


Edge = tuple[tuple[int, int], float, int]
_EDGES: list[tuple[Board, tuple[Any, Any]]] = []  # the last board and its edges, as _ENDS


def _edges(board: Board) -> tuple[Any, Any]:
    """Per route id (city, city, its edge, its edge when owned), weighed by routes ([0]) and by
    trains ([1]): the edge tuples of :func:`shortest_route`, made once per board rather than
    at every call (weight_key, w, rid: an owned route costs nothing)."""
    if not _EDGES or _EDGES[0][0] is not board:
        tables = []
        for by_trains in (False, True):
            row = []
            for rid, (ra, rb, length) in enumerate(_ends(board)):
                cost = length if by_trains else 1
                dear: Edge = ((cost, length), cost + length * 1e-6, rid)
                row.append((ra, rb, dear, ((0, 0), length * 1e-6, rid)))
            tables.append(tuple(row))
        _EDGES[:] = [(board, (tables[0], tables[1]))]
    return _EDGES[0][1]


def _ends(board: Board) -> tuple[tuple[str, str, int], ...]:
    """(city, city, length) of every route of ``board``, read once per board (the board is
    kept with them, so another board is never mistaken for it)."""
    if not _ENDS or _ENDS[0][0] is not board:
        _ENDS[:] = [(board, tuple((r.a, r.b, r.length) for r in board.routes))]
    return _ENDS[0][1]


def _dijkstra_path(
    adj: dict[str, dict[str, tuple[Any, float, int]]], source: str, target: str
) -> list[str] | None:
    """The cities of the lightest path (edge weight ``w``, the tuple's second item), or None:
    networkx's ``_dijkstra_multisource`` step for step (same heap order, a node's predecessor
    replaced only by a strictly shorter distance), so equal-weight paths resolve as there."""
    dist: dict[str, float] = {}
    seen: dict[str, float] = {source: 0}
    pred: dict[str, str] = {}
    tick = count()
    fringe: list[tuple[float, int, str]] = [(0, next(tick), source)]
    while fringe:
        dist_v, _, v = heappop(fringe)
        if v in dist:
            continue
        dist[v] = dist_v
        if v == target:
            break
        for u, edge in adj[v].items():
            if u in dist:
                continue
            vu_dist = dist_v + edge[1]
            if u not in seen or vu_dist < seen[u]:
                seen[u] = vu_dist
                heappush(fringe, (vu_dist, next(tick), u))
                pred[u] = v
    if target not in dist:
        return None
    path = [target]
    while path[-1] in pred:
        path.append(pred[path[-1]])
    return path[::-1]


def open_routes(state: Any, player: int) -> list[int]:
    """Route ids ``player`` could still claim (free, and not closed by a double route rule)."""
    board = load()
    few = state.players < int(rules()["double_routes_both_open_from_players"]["value"])
    out = []
    for r in board.routes:
        if state.owner[r.id] != -1:
            continue
        if r.twin is not None:
            twin = state.owner[r.twin]
            if twin != -1 and (twin == player or few):
                continue
        out.append(r.id)
    return out


def ticket_path(state: Any, player: int, ticket: Ticket, by: str = "trains") -> Path | None:
    """The cheapest way for ``player`` to complete ``ticket`` now: own routes are free, routes
    taken by others are closed."""
    owned = [i for i, o in enumerate(state.owner) if o == player]
    return shortest_route(
        ticket.a, ticket.b, by=by, available=open_routes(state, player), owned=owned
    )


# --------------------------------------------------------------------------------------------
# Longest trail (§Calcolo dei punti)


def longest_trail(routes: Iterable[Route]) -> int:
    """Length in trains of the longest trail through ``routes``: a walk that uses no route twice
    (cities may repeat). Exact: a depth-first search over edges with a used-edge bit set, per
    connected component of the multigraph.

    Two facts keep it fast. If a component has no city of odd degree, an Euler circuit uses all
    its routes. Otherwise a longest trail starts at a city of odd degree (a trail starting at an
    even city leaves an unused route there and could be extended), so only those are tried; and a
    branch is cut when even all unused routes could not beat the best found.
    """
    routes = list(routes)
    piece = pieces(routes)
    edges: dict[int, list[tuple[str, str, int]]] = {}
    for r in routes:
        edges.setdefault(piece[r.a], []).append((r.a, r.b, r.length))
    return max((_longest_in(e) for e in edges.values()), default=0)


def pieces(routes: Iterable[Route]) -> dict[str, int]:
    """City -> the number of its connected piece of ``routes`` (cities joined by a chain of
    them share it; a city on none is absent). Plain dicts: the networkx graph it replaces was
    most of a game's final scoring, which a strategy lab does once per game."""
    near: dict[str, list[str]] = {}
    for r in routes:
        near.setdefault(r.a, []).append(r.b)
        near.setdefault(r.b, []).append(r.a)
    out: dict[str, int] = {}
    for start in near:
        if start in out:
            continue
        k = len(out)
        out[start] = k
        todo = [start]
        while todo:
            for city in near[todo.pop()]:
                if city not in out:
                    out[city] = k
                    todo.append(city)
    return out


def _contract(edges: list[tuple[str, str, int]]) -> list[tuple[str, str, int]]:
    """Merge the two routes at every city of degree 2 into one edge of their summed length: a
    longest trail entering such a city always leaves by the other route (else it could be
    extended), so the answer is unchanged and the search has far fewer branches."""
    live: dict[int, tuple[str, str, int]] = dict(enumerate(edges))
    at: dict[str, set[int]] = {}
    for i, (u, v, _) in live.items():
        at.setdefault(u, set()).add(i)
        at.setdefault(v, set()).add(i)
    next_id = len(edges)
    for city in list(at):
        ids = at[city]
        if len(ids) != 2:
            continue
        i, j = ids
        (u1, v1, w1), (u2, v2, w2) = live[i], live[j]
        if u1 == v1 or u2 == v2:  # a self-loop: leave it
            continue
        a = v1 if u1 == city else u1
        b = v2 if u2 == city else u2
        del live[i], live[j], at[city]
        at[a].discard(i)
        at[b].discard(j)
        live[next_id] = (a, b, w1 + w2)
        at[a].add(next_id)
        at[b].add(next_id)
        next_id += 1
    return list(live.values())


def _longest_in(edges: list[tuple[str, str, int]]) -> int:
    total = sum(w for _, _, w in edges)
    degree: dict[str, int] = {}
    for u, v, _ in edges:
        degree[u] = degree.get(u, 0) + 1
        degree[v] = degree.get(v, 0) + 1
    odd = [city for city, d in degree.items() if d % 2]
    if not odd:
        return total  # an Euler circuit uses every route
    adj: dict[str, list[tuple[int, str, int]]] = {}
    for i, (u, v, w) in enumerate(_contract(edges)):
        adj.setdefault(u, []).append((1 << i, v, w))
        if u != v:
            adj.setdefault(v, []).append((1 << i, u, w))
    best = 0

    def dfs(city: str, used: int, length: int, left: int) -> None:
        nonlocal best
        if length > best:
            best = length
        for bit, other, w in adj[city]:
            if not used & bit and length + left > best:
                dfs(other, used | bit, length + w, left - w)

    for start in odd:
        dfs(start, 0, 0, total)
        if best == total:
            break
    return best


def simple_board_graph() -> nx.Graph:
    """The board as a simple graph: one edge per city pair, the shorter length of a double."""
    simple = nx.Graph()
    for u, v, d in board_graph().edges(data=True):
        if not simple.has_edge(u, v) or d["length"] < simple[u][v]["length"]:
            simple.add_edge(u, v, length=d["length"])
    return simple


def city_measures() -> dict[str, dict[str, float]]:
    """Degree (number of routes, doubles counted twice) and betweenness (share of shortest
    paths by trains through a city) of every city, with networkx on the board multigraph."""
    multi = board_graph()
    simple = simple_board_graph()
    return {
        "degree": {c: float(multi.degree(c)) for c in multi.nodes},
        "betweenness": nx.betweenness_centrality(simple, weight="length"),
    }


def corridors() -> list[tuple[tuple[str, str], float]]:
    """City pairs ranked by edge betweenness: the share of shortest paths (by trains) that use
    the link. The top ones are the corridors everybody wants."""
    eb = nx.edge_betweenness_centrality(simple_board_graph(), weight="length")
    return sorted(eb.items(), key=lambda kv: kv[1], reverse=True)


def longest_trail_steps(routes: Iterable[Route]) -> list[tuple[Route, str, str]]:
    """One longest trail through ``routes`` as (route, from, to) steps, for drawing it step by
    step: depth-first search over unused routes from every odd-degree city (or any city when
    all are even), pruned by the trains left. Its length always equals :func:`longest_trail`
    (tests check it); that function stays the fast one for scoring."""
    routes = list(routes)
    adj: dict[str, list[Route]] = {}
    for r in routes:
        adj.setdefault(r.a, []).append(r)
        adj.setdefault(r.b, []).append(r)
    total = sum(r.length for r in routes)
    best: list[tuple[Route, str, str]] = []
    best_len = 0

    def dfs(city: str, used: set[int], path: list, length: int, left: int) -> None:
        nonlocal best, best_len
        if length > best_len:
            best, best_len = list(path), length
        for r in adj.get(city, []):
            if r.id in used or length + left <= best_len:
                continue
            other = r.b if r.a == city else r.a
            used.add(r.id)
            path.append((r, city, other))
            dfs(other, used, path, length + r.length, left - r.length)
            path.pop()
            used.discard(r.id)

    # A longest trail starts at an odd-degree city of its network piece, or is a closed trail
    # covering a piece whose cities are all even: try those starts only.
    starts: list[str] = []
    for piece in nx.connected_components(graph_of(routes)):
        odd = [c for c in piece if len(adj[c]) % 2]
        starts.extend(odd or [min(piece)])
    for start in starts:
        dfs(start, set(), [], 0, total)
        if best_len == total:
            break
    return best
