"""A set of destination tickets as a network-design problem (lesson 6): the cheapest set of
routes, in trains (= train cards, one per space), that completes every ticket.

Joining all the tickets' cities in one network is the **Steiner tree** problem; since each
ticket only needs its own two cities joined, the true optimum is a **Steiner forest**: the best
way to split the tickets into groups, each group joined by its own Steiner tree. Three answers:

- networkx's 2-approximation (``steiner_tree``, Mehlhorn's method over the metric closure);
- the planner bot's plan (:func:`gamelib.rails.bots.plan_for`: each ticket's shortest path in
  turn, the routes already planned free), on an empty board;
- the exact answer by the Dreyfus–Wagner dynamic programme over subsets of the terminal cities
  (exponential in the number of cities, polynomial in the map: instant for up to ~8 cities,
  i.e. the few tickets a player holds), then the best split of the tickets into groups.

It also compares the shortest route on the ground (km, great circle between the cities) with
the cheapest one in cards (trains), and the fewest routes. All on the simple board graph
(:func:`gamelib.rails.routes.simple_board_graph`: the shorter of a double route).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

import networkx as nx
from networkx.algorithms.approximation import steiner_tree

from gamelib.rails.board import load
from gamelib.rails.bots import plan_for
from gamelib.rails.routes import simple_board_graph

EXACT_LIMIT = 10  # terminal cities the exact programme accepts (3^k work)
EARTH_KM = 6371.0


@cache
def graph() -> nx.Graph:
    """The simple board graph with each link's length in trains and in km."""
    board = load()
    g = nx.Graph(simple_board_graph())
    for u, v in g.edges:
        g[u][v]["km"] = km(board.cities[u], board.cities[v])
    return nx.freeze(g)


def km(p: tuple[float, float], q: tuple[float, float]) -> float:
    """Great-circle distance between two (lat, lon) points, in km (haversine)."""
    lat1, lon1, lat2, lon2 = map(math.radians, (*p, *q))
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * EARTH_KM * math.asin(math.sqrt(h))


def trains(edges: Iterable[tuple[str, str]]) -> int:
    """Trains (= cards) to claim these links."""
    g = graph()
    return sum(g[u][v]["length"] for u, v in edges)


def _norm(edges: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted({tuple(sorted(e)) for e in edges}))


def cities(ticket_ids: Sequence[int]) -> tuple[str, ...]:
    """The terminal cities of some tickets, sorted."""
    board = load()
    return tuple(sorted({c for t in ticket_ids for c in (board.tickets[t].a, board.tickets[t].b)}))


def approximate(ticket_ids: Sequence[int]) -> tuple[tuple[str, str], ...]:
    """networkx's Steiner tree (Mehlhorn) joining every city of the tickets."""
    tree = steiner_tree(graph(), list(cities(ticket_ids)), weight="length", method="mehlhorn")
    return _norm(tree.edges)


def bot_plan(ticket_ids: Sequence[int], budget: int = 999) -> tuple[tuple[str, str], ...]:
    """The links of the planner bot's plan for these tickets on an empty two-player board
    (a budget large enough that it drops no ticket, so the three answers serve the same set)."""
    board = load()
    owner = (-1,) * len(board.routes)
    plan = plan_for(owner, 2, 0, tuple(ticket_ids), budget)
    return _norm((board.routes[r].a, board.routes[r].b) for r in plan.routes)


@cache
def _metric() -> tuple[dict, dict]:
    """Shortest distances and paths (by trains) between every two cities, once."""
    dist, paths = {}, {}
    for source in graph().nodes:
        dist[source], paths[source] = nx.single_source_dijkstra(graph(), source, weight="length")
    return dist, paths


def exact_tree(terminals: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """The cheapest tree (in trains) joining ``terminals``: Dreyfus–Wagner. ``dp[S][v]`` is the
    cheapest tree joining the terminal set ``S`` and the city ``v``; it either splits at ``v``
    into two subtrees (two subsets of ``S``) or walks a shortest path from ``v`` to a city ``u``
    where it splits. Each entry remembers its choice, so the tree is rebuilt from the table."""
    return _exact_tree(tuple(sorted(set(terminals))))


@cache
def _exact_tree(terms: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    g = graph()
    if len(terms) > EXACT_LIMIT:
        raise ValueError(f"exact Steiner tree limited to {EXACT_LIMIT} cities, not {len(terms)}")
    if len(terms) <= 1:
        return ()
    dist, paths = _metric()
    nodes = list(g.nodes)
    k = len(terms)
    inf = math.inf
    dp: dict[int, dict[str, float]] = {}
    how: dict[tuple[int, str], tuple] = {}
    for i, t in enumerate(terms):
        mask = 1 << i
        dp[mask] = {v: dist[t][v] for v in nodes}
        for v in nodes:
            how[mask, v] = ("path", t)
    for mask in range(1, 1 << k):
        if mask in dp:
            continue
        split = {}
        for v in nodes:
            best, choice = inf, None
            sub = (mask - 1) & mask
            while sub:
                if sub < mask ^ sub:  # each split once
                    cost = dp[sub][v] + dp[mask ^ sub][v]
                    if cost < best:
                        best, choice = cost, sub
                sub = (sub - 1) & mask
            split[v] = (best, choice)
        row = {}
        for v in nodes:
            best, via = inf, v
            for u in nodes:
                cost = dist[v][u] + split[u][0]
                if cost < best:
                    best, via = cost, u
            row[v] = best
            how[mask, v] = ("walk", via, split[via][1])
        dp[mask] = row
    edges: set[tuple[str, str]] = set()

    def rebuild(mask: int, v: str) -> None:
        kind, *rest = how[mask, v]
        if kind == "path":
            path = paths[rest[0]][v]
        else:
            u, sub = rest
            path = paths[v][u]
            rebuild(sub, u)
            rebuild(mask ^ sub, u)
        edges.update(zip(path, path[1:], strict=False))

    full = (1 << k) - 1
    start = min(nodes, key=lambda v: (dp[full][v], nodes.index(v)))
    rebuild(full, start)
    return _norm(edges)


def _partitions(items: list[int]) -> Iterable[list[list[int]]]:
    """Every way to split ``items`` into non-empty groups."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in _partitions(rest):
        yield [[first], *part]
        for i in range(len(part)):
            yield [*part[:i], [first, *part[i]], *part[i + 1 :]]


def exact(ticket_ids: Sequence[int]) -> tuple[tuple[str, str], ...]:
    """The cheapest set of links completing every ticket (exact Steiner forest): the best split
    of the tickets into groups, each joined by its :func:`exact_tree` (ties: fewer groups)."""
    best: tuple[int, int, tuple] | None = None
    for groups in _partitions(list(dict.fromkeys(ticket_ids))):
        edges = _norm(e for grp in groups for e in exact_tree(cities(grp)))
        key = (trains(edges), len(groups), edges)
        if best is None or key[:2] < best[:2]:
            best = key
    return best[2] if best else ()


@dataclass(frozen=True)
class Design:
    """Three answers for one ticket set, in links and in trains (= cards)."""

    tickets: tuple[int, ...]
    exact: tuple[tuple[str, str], ...]
    approximate: tuple[tuple[str, str], ...]
    bot: tuple[tuple[str, str], ...]

    @property
    def trains(self) -> dict[str, int]:
        return {
            "exact": trains(self.exact),
            "approximate": trains(self.approximate),
            "bot": trains(self.bot),
        }


def design(ticket_ids: Sequence[int]) -> Design:
    """:class:`Design` of a ticket set."""
    ids = tuple(dict.fromkeys(ticket_ids))
    return Design(ids, exact(ids), approximate(ids), bot_plan(ids))


@dataclass(frozen=True)
class Ways:
    """Three shortest routes between two cities, each as its cities, trains, km and routes."""

    by_km: tuple[str, ...]
    by_trains: tuple[str, ...]
    by_routes: tuple[str, ...]

    @staticmethod
    def cost(path: Sequence[str]) -> tuple[int, float, int]:
        """(trains, km, routes) of a path of cities."""
        g = graph()
        legs = list(zip(path, path[1:], strict=False))
        return (
            sum(g[u][v]["length"] for u, v in legs),
            sum(g[u][v]["km"] for u, v in legs),
            len(legs),
        )


def ways(a: str, b: str) -> Ways:
    """The shortest route on the ground (km), the cheapest in cards (trains) and the fewest
    routes between ``a`` and ``b`` (networkx Dijkstra / BFS)."""
    g = graph()
    return Ways(
        tuple(nx.dijkstra_path(g, a, b, weight="km")),
        tuple(nx.dijkstra_path(g, a, b, weight="length")),
        tuple(nx.shortest_path(g, a, b)),
    )


def dearer_by_km() -> list[tuple[int, int]]:
    """Tickets whose shortest route on the ground costs more cards than the cheapest one, with
    the extra cards, most first (ties: ticket id)."""
    out = []
    for t in load().tickets:
        w = ways(t.a, t.b)
        extra = Ways.cost(w.by_km)[0] - Ways.cost(w.by_trains)[0]
        if extra > 0:
            out.append((t.id, extra))
    return sorted(out, key=lambda x: (-x[1], x[0]))
