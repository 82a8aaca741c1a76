"""Lesson 6's network design (gamelib.rails.steiner): the exact Steiner tree and forest against
an independent brute force, networkx's approximation and the bot's plan."""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest

from gamelib.rails import steiner
from gamelib.rails.board import load


def brute_tree(terminals: tuple[str, ...]) -> int:
    """The Steiner tree's cost as the best MST of the metric closure over the terminals plus at
    most k-2 other cities (a classic property of optimal Steiner trees)."""
    g = steiner.graph()
    dist = dict(nx.all_pairs_dijkstra_path_length(g, weight="length"))
    others = [c for c in g.nodes if c not in terminals]
    best = None
    for extra in range(len(terminals) - 1):
        for chosen in itertools.combinations(others, extra):
            closure = nx.Graph()
            nodes = [*terminals, *chosen]
            for a, b in itertools.combinations(nodes, 2):
                closure.add_edge(a, b, w=dist[a][b])
            cost = nx.minimum_spanning_tree(closure, weight="w").size(weight="w")
            best = cost if best is None else min(best, cost)
    return int(best)


def joins(edges, ticket_ids) -> bool:
    g = nx.Graph(list(edges))
    board = load()
    return all(
        board.tickets[t].a in g
        and board.tickets[t].b in g
        and nx.has_path(g, board.tickets[t].a, board.tickets[t].b)
        for t in ticket_ids
    )


@pytest.mark.parametrize("seed", range(6))
def test_exact_tree_equals_brute_force(seed: int) -> None:
    ids = random.Random(seed).sample(range(len(load().tickets)), 2)
    terms = steiner.cities(ids)
    tree = steiner.exact_tree(terms)
    assert steiner.trains(tree) == brute_tree(terms)
    assert nx.is_tree(nx.Graph(list(tree)))
    assert set(terms) <= set(nx.Graph(list(tree)).nodes)


@pytest.mark.parametrize("seed", range(8))
def test_the_exact_forest_is_never_beaten(seed: int) -> None:
    ids = random.Random(100 + seed).sample(range(len(load().tickets)), 3)
    d = steiner.design(ids)
    for edges in (d.exact, d.approximate, d.bot):
        assert joins(edges, ids)
    trains = d.trains
    assert trains["exact"] <= trains["bot"] and trains["exact"] <= trains["approximate"]
    assert trains["exact"] <= steiner.trains(steiner.exact_tree(steiner.cities(ids)))


def test_the_bot_or_the_approximation_loses_somewhere() -> None:
    """The comparison teaches something: some ticket sets have a strictly better design."""
    sets = [random.Random(f"s{i}").sample(range(30), 3) for i in range(10)]
    assert any(
        max(steiner.design(s).trains.values()) > steiner.design(s).trains["exact"] for s in sets
    )


def test_shortest_on_the_ground_can_cost_more_cards() -> None:
    dearer = steiner.dearer_by_km()
    assert dearer
    tid, extra = dearer[0]
    t = load().tickets[tid]
    w = steiner.ways(t.a, t.b)
    by_km, by_trains = steiner.Ways.cost(w.by_km), steiner.Ways.cost(w.by_trains)
    assert by_km[1] <= by_trains[1] and by_km[0] - by_trains[0] == extra > 0
    assert by_trains[0] == nx.dijkstra_path_length(steiner.graph(), t.a, t.b, weight="length")


def test_km_is_a_great_circle() -> None:
    assert steiner.km((0.0, 0.0), (0.0, 1.0)) == pytest.approx(111.19, abs=0.01)


def test_too_many_cities_are_refused() -> None:
    with pytest.raises(ValueError):
        steiner.exact_tree(sorted(steiner.graph().nodes)[: steiner.EXACT_LIMIT + 1])
