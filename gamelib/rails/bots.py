"""Bots for Rails across the USA: the uniform random baseline and a route planner.

The planner plays the way a careful beginner is taught to: keep tickets it can afford, connect
them with the cheapest chain of routes still open (networkx shortest paths over the routes
nobody else holds), collect the colours of that chain and claim each route as soon as it can pay,
before someone else takes it; and stop drawing new tickets when few trains are left.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from networkx.utils import UnionFind

from gamelib.bots import RandomBot as _BaseRandomBot
from gamelib.rails import rules as _rules
from gamelib.rails.actions import (
    Action,
    ClaimRoute,
    DrawDeck,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
)
from gamelib.rails.board import GREY, Ticket, load
from gamelib.rails.cards import COLORS, INDEX, LOCO, LOCOMOTIVE
from gamelib.rails.routes import open_routes, shortest_route
from gamelib.rails.scoring import ROUTE_POINTS
from gamelib.rails.state import SECOND_DRAW, SETUP, TICKETS, RailsState


class RandomBot(_BaseRandomBot):
    """A uniformly random legal action each time, from its own seeded generator: the baseline
    every other bot must beat."""

    game = _rules


@dataclass(frozen=True)
class Plan:
    """The routes a player still means to claim, and the tickets they serve."""

    routes: tuple[int, ...]  # route ids, most valuable first
    trains: int  # trains those routes need
    served: tuple[int, ...]  # ticket ids the plan completes
    dropped: tuple[int, ...]  # uncompleted ticket ids the plan gives up (unreachable/too long)


def make_plan(
    state: RailsState, player: int, tickets: Iterable[int] | None = None, budget: int | None = None
) -> Plan:
    """Cheapest routes joining the player's uncompleted tickets (highest points first).

    An approximate Steiner tree: each ticket's shortest path by trains treats the player's
    routes and the routes already planned as free, so later tickets reuse earlier chains. A
    ticket that cannot be reached, or would push the plan past ``budget`` trains, is dropped.

    The plan depends only on who owns which route, the tickets and the budget, so it is
    memoised on those (:func:`plan_for`): a player drawing cards asks twice a turn, and again
    on its next turn when nobody claimed a route in between.
    """
    ticket_ids = tuple(state.tickets[player] if tickets is None else tickets)
    budget = state.trains[player] if budget is None else budget
    return plan_for(tuple(state.owner), state.players, player, ticket_ids, budget)


@lru_cache(maxsize=4096)
def plan_for(
    owner: tuple[int, ...], players: int, player: int, ticket_ids: tuple[int, ...], budget: int
) -> Plan:
    """:func:`make_plan` on the plain data it reads (``owner[route_id]``, the number of
    players, the seat, its tickets, the trains it may spend)."""
    board = load()
    owned = [rid for rid, o in enumerate(owner) if o == player]
    mine = UnionFind()
    for rid in owned:
        mine.union(board.routes[rid].a, board.routes[rid].b)
    todo = [t for t in ticket_ids if not _joined(mine, board.tickets[t])]
    todo.sort(key=lambda t: -board.tickets[t].points)
    available = open_routes(_Owners(owner, players), player)
    planned: list[int] = []
    trains = 0
    served: list[int] = []
    dropped: list[int] = []
    for tid in todo:
        t: Ticket = board.tickets[tid]
        path = shortest_route(t.a, t.b, available=available, owned=[*owned, *planned])
        if path is None or trains + path.trains > budget:
            dropped.append(tid)
            continue
        new = [rid for rid in path.route_ids if rid not in planned and rid not in owned]
        planned.extend(new)
        trains += path.trains
        served.append(tid)
    planned.sort(key=lambda rid: -board.routes[rid].length)
    return Plan(tuple(planned), trains, tuple(served), tuple(dropped))


@dataclass(frozen=True)
class _Owners:
    """The two fields of a state :func:`gamelib.rails.routes.open_routes` reads."""

    owner: tuple[int, ...]
    players: int


def _joined(network: UnionFind, ticket: Ticket) -> bool:
    """Whether the player's own routes join the ticket's cities: the same answer as
    ``routes.ticket_completed`` (``nx.has_path`` on the player's network), from the network's
    connected parts (a city the network does not reach is in none)."""
    parents = network.parents
    return ticket.a in parents and ticket.b in parents and network[ticket.a] == network[ticket.b]


class PlannerBot:
    """Plans routes for its tickets, collects their colours and claims them before others do.

    ``late`` is the number of trains under which it draws no new tickets.
    """

    def __init__(self, seed: int | None = None, late: int = 18, margin: int = 6) -> None:
        self.rng = random.Random(seed)
        self.late = late
        self.margin = margin

    # -- decisions --------------------------------------------------------------------------

    def choose(self, state: RailsState) -> Action:
        p = state.current
        if state.phase in (SETUP, TICKETS):
            return self._keep(state, p)
        plan = make_plan(state, p)
        if state.phase == SECOND_DRAW:
            return self._draw(state, p, plan, second=True)
        claims = _rules.claim_actions(state, p)
        last_round = state.final_turns >= 0
        planned = [c for c in claims if c.route in plan.routes]
        if planned:
            return self._best_payment(state, p, planned, plan, prefer_long=True)
        if not plan.routes:
            if not last_round and state.ticket_deck and state.trains[p] >= self.late:
                return DrawTickets()
            if claims:  # nothing left to connect: turn trains into points, long routes first
                return self._best_payment(state, p, claims, plan, prefer_long=True)
        elif last_round and claims:
            return self._best_payment(state, p, claims, plan, prefer_long=True)
        return self._draw(state, p, plan, second=False, fallback=claims, claims=claims)

    def _keep(self, state: RailsState, p: int) -> KeepTickets:
        """Keep the subset of offered tickets worth the most once the plan is re-made with them:
        tickets the plan can serve count for, those it would drop against."""
        board = load()
        options = [a for a in _rules.legal_actions(state) if isinstance(a, KeepTickets)]
        budget = state.trains[p] - self.margin
        best: tuple[float, KeepTickets] | None = None
        for option in options:
            plan = make_plan(state, p, [*state.tickets[p], *option.tickets], budget=budget)
            value = sum(
                board.tickets[t].points * (1 if t in plan.served else -1) for t in option.tickets
            )
            value -= 0.3 * plan.trains + 0.01 * len(option.tickets)
            if best is None or value > best[0]:
                best = (value, option)
        assert best is not None
        return best[1]

    def _needs(self, state: RailsState, p: int, plan: Plan) -> tuple[list[int], int]:
        """Cards still missing per colour for the plan's coloured routes, and the longest grey
        route of the plan (0 if none)."""
        routes = load().routes
        need = [0] * len(COLORS)
        grey = 0
        for rid in plan.routes:
            r = routes[rid]
            if r.color == GREY:
                grey = max(grey, r.length)
            else:
                need[INDEX[r.color]] += r.length
        hand = state.hands[p]
        return [max(0, need[c] - hand[c]) for c in range(len(COLORS))], grey

    def _draw(
        self,
        state: RailsState,
        p: int,
        plan: Plan,
        second: bool,
        fallback: Sequence[ClaimRoute] = (),
        claims: list[ClaimRoute] | None = None,
    ) -> Action:
        # ``claims``: this turn's claim_actions, when the caller listed them (the list is the
        # most of legal_actions; listing it twice per decision was a fifth of a game)
        if claims is None:
            legal = _rules.legal_actions(state)
        else:
            legal = _rules.turn_actions(state, claims)
        shown = {a.color for a in legal if isinstance(a, DrawFaceUp)}
        deficit, grey = self._needs(state, p, plan)
        wanted = [c for c in range(len(COLORS)) if deficit[c] > 0 and COLORS[c] in shown]
        if wanted:
            return DrawFaceUp(COLORS[max(wanted, key=lambda c: deficit[c])])
        hand = state.hands[p]
        if grey or not plan.routes:
            # build one colour up to the longest grey route (or a 6 when there is no plan)
            target = grey or 6
            spare = [
                c
                for c in range(len(COLORS))
                if COLORS[c] in shown and deficit[c] == 0 and hand[c] + hand[LOCO] < target
            ]
            if spare:
                return DrawFaceUp(COLORS[max(spare, key=lambda c: hand[c])])
        needed_colours = sum(1 for d in deficit if d > 0) + (1 if grey else 0)
        if not second and LOCOMOTIVE in shown and 0 < needed_colours <= 2:
            return DrawFaceUp(LOCOMOTIVE)
        if any(isinstance(a, DrawDeck) for a in legal):
            return DrawDeck()
        if second:
            return legal[0] if legal else DrawDeck()
        if fallback:
            return self._best_payment(state, p, fallback, plan, prefer_long=True)
        return legal[self.rng.randrange(len(legal))]

    def _best_payment(
        self,
        state: RailsState,
        p: int,
        claims: Sequence[ClaimRoute],
        plan: Plan,
        prefer_long: bool,
    ) -> ClaimRoute:
        """Among ``claims``, the longest route (most points), paid with the fewest locomotives
        and, on grey, with the colour the rest of the plan needs least."""
        routes = load().routes
        deficit, _ = self._needs(state, p, plan)
        hand = state.hands[p]

        def key(c: ClaimRoute) -> tuple:
            r = routes[c.route]
            colour_cost = 0
            if c.color != LOCOMOTIVE and r.color == GREY:
                k = INDEX[c.color]
                colour_cost = (1 if deficit[k] > 0 or _planned_colour(plan, k) else 0, -hand[k])
            else:
                colour_cost = (0, 0)
            points = ROUTE_POINTS[r.length] if prefer_long else 0
            return (-points, c.locomotives, colour_cost)

        return min(claims, key=key)


def _planned_colour(plan: Plan, kind: int) -> bool:
    routes = load().routes
    return any(routes[rid].color == COLORS[kind] for rid in plan.routes)
