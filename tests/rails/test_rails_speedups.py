"""The Rails speed-ups give the same answers as the slow, obvious computations they replace.

``routes.shortest_route`` no longer builds a networkx graph per call and ``bots.make_plan`` is
memoised; both must match the networkx reference (ties included, since a different but equally
short path would change the planner's games) and a fresh computation.
"""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib.rails import rules
from gamelib.rails.board import load
from gamelib.rails.bots import PlannerBot, RandomBot, make_plan, plan_for
from gamelib.rails.routes import Path, graph_of, open_routes, shortest_route, ticket_completed

BOARD = load()
CITIES = sorted(BOARD.cities)
ROUTE_IDS = range(len(BOARD.routes))


def reference_route(
    a: str, b: str, by: str, available: list[int] | None, owned: list[int]
) -> Path | None:
    """The networkx computation shortest_route used to run (an ``nx.Graph`` per call)."""
    owned_set = set(owned)
    ids = ROUTE_IDS if available is None else available
    graph = nx.Graph()
    for rid in (*ids, *owned_set):
        r = BOARD.routes[rid]
        cost = 0 if rid in owned_set else (r.length if by == "trains" else 1)
        weight = (cost, 0 if rid in owned_set else r.length)
        old = graph.get_edge_data(r.a, r.b)
        if old is None or weight < old["weight_key"]:
            graph.add_edge(r.a, r.b, weight_key=weight, w=cost + r.length * 1e-6, rid=rid)
    if a not in graph or b not in graph:
        return None
    try:
        nodes = nx.dijkstra_path(graph, a, b, weight="w")
    except nx.NetworkXNoPath:
        return None
    rids = tuple(graph[u][v]["rid"] for u, v in zip(nodes, nodes[1:], strict=False))
    new = [rid for rid in rids if rid not in owned_set]
    return Path(tuple(nodes), rids, sum(BOARD.routes[r].length for r in new), len(new))


@settings(max_examples=300, deadline=None)
@given(
    a=st.sampled_from(CITIES),
    b=st.sampled_from(CITIES),
    by=st.sampled_from(["trains", "routes"]),
    closed=st.sets(st.sampled_from(list(ROUTE_IDS)), max_size=60),
    owned=st.lists(st.sampled_from(list(ROUTE_IDS)), max_size=15, unique=True),
    everything=st.booleans(),
)
def test_shortest_route_equals_networkx_dijkstra_ties_included(
    a: str, b: str, by: str, closed: set[int], owned: list[int], everything: bool
) -> None:
    available = None if everything else [r for r in ROUTE_IDS if r not in closed]
    got = shortest_route(a, b, by=by, available=available, owned=owned)
    assert got == reference_route(a, b, by, available, owned)


def states_of_planner_games(games: int) -> list:
    """Every state of a few seeded planner-against-random games (with the states recorded)."""
    out = []
    for seed in range(games):
        state = rules.new_game(3, seed=seed)
        bots = [PlannerBot(seed), RandomBot(seed + 1), PlannerBot(seed + 2)]
        while not rules.is_over(state) and state.actions < 400:
            out.append(state)
            state = rules.apply(state, bots[state.current].choose(state))
    return out


def reference_plan(state, player: int):
    """make_plan as it was: networkx connectivity for the tickets, the reference path search."""
    owned = [rid for rid, o in enumerate(state.owner) if o == player]
    mine = graph_of(BOARD.routes[rid] for rid in owned)
    todo = [t for t in state.tickets[player] if not ticket_completed(mine, BOARD.tickets[t])]
    todo.sort(key=lambda t: -BOARD.tickets[t].points)
    available = open_routes(state, player)
    planned: list[int] = []
    trains = 0
    served: list[int] = []
    dropped: list[int] = []
    for tid in todo:
        t = BOARD.tickets[tid]
        path = reference_route(t.a, t.b, "trains", available, [*owned, *planned])
        if path is None or trains + path.trains > state.trains[player]:
            dropped.append(tid)
            continue
        planned.extend(r for r in path.route_ids if r not in planned and r not in owned)
        trains += path.trains
        served.append(tid)
    planned.sort(key=lambda rid: -BOARD.routes[rid].length)
    return tuple(planned), trains, tuple(served), tuple(dropped)


def test_memoised_plan_equals_a_fresh_reference_plan_on_played_states() -> None:
    states = states_of_planner_games(3)
    assert len(states) > 300
    for state in states[::3]:
        for player in range(state.players):
            plan = make_plan(state, player)
            fresh = plan_for.__wrapped__(
                tuple(state.owner),
                state.players,
                player,
                tuple(state.tickets[player]),
                state.trains[player],
            )
            assert plan == fresh
            assert (plan.routes, plan.trains, plan.served, plan.dropped) == reference_plan(
                state, player
            )


def test_same_seed_same_planner_game_with_a_warm_or_cold_plan_cache() -> None:
    def game() -> list[str]:
        state = rules.new_game(3, seed=11)
        bots = [PlannerBot(110), PlannerBot(111), RandomBot(112)]
        actions = []
        while not rules.is_over(state):
            action = bots[state.current].choose(state)
            actions.append(str(action))
            state = rules.apply(state, action)
        return actions

    plan_for.cache_clear()
    cold = game()
    assert plan_for.cache_info().hits > 0  # the cache is used, so the second game reads it
    assert game() == cold
