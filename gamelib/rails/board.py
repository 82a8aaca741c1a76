"""The USA board (cities, routes, destination tickets) and the rule constants, loaded from JSON.

Everything the rules, the bots and the widgets need to know about the map comes from here, so a
map widget can draw it without knowing the rules: each city has a real latitude/longitude, each
route its two cities, length, colour and, for the two parallel routes of a double,
``double_index`` 0/1 (see :func:`route_geometry` for drawing them side by side).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, NamedTuple

GREY = "grey"


class LatLon(NamedTuple):
    """A city's position: unpacks as ``lat, lon``."""

    lat: float
    lon: float


@dataclass(frozen=True)
class Route:
    """One route of the board. A double route is two ``Route`` records, ``twin`` of each other."""

    id: int
    a: str
    b: str
    length: int
    color: str  # one of the 8 card colours, or "grey" (any one colour)
    double_index: int | None  # 0/1 for the two routes of a double, None for a single route
    twin: int | None  # id of the parallel route of a double, None for a single route

    @property
    def cities(self) -> tuple[str, str]:
        return (self.a, self.b)


@dataclass(frozen=True)
class Ticket:
    """A destination ticket: connect ``a`` and ``b`` for ``points``, or lose them."""

    id: int
    a: str
    b: str
    points: int


@dataclass(frozen=True)
class Board:
    """The whole map. ``routes[i].id == i`` and ``tickets[i].id == i``."""

    cities: dict[str, LatLon]
    routes: tuple[Route, ...]
    tickets: tuple[Ticket, ...]

    def routes_between(self, a: str, b: str) -> list[Route]:
        """The one or two routes joining two cities (empty if they are not neighbours)."""
        pair = {a, b}
        return [r for r in self.routes if {r.a, r.b} == pair]


def _read(name: str) -> Any:
    return json.loads(resources.files("gamelib.rails").joinpath("data", name).read_text("utf-8"))


@cache
def rules() -> dict[str, Any]:
    """The rule constants of ``data/rules.json`` (each names its rulebook section)."""
    return _read("rules.json")


@cache
def load() -> Board:
    """The standard USA board: 36 cities, 100 routes over 78 city pairs (22 pairs doubled),
    30 destination tickets. Cached: the board never changes during a session."""
    data = _read("board.json")
    cities = {c["name"]: LatLon(float(c["lat"]), float(c["lon"])) for c in data["cities"]}
    raw = data["routes"]
    twins: dict[int, int] = {}
    by_pair: dict[frozenset[str], list[int]] = {}
    for r in raw:
        by_pair.setdefault(frozenset((r["a"], r["b"])), []).append(int(r["id"]))
    for ids in by_pair.values():
        if len(ids) == 2:
            twins[ids[0]], twins[ids[1]] = ids[1], ids[0]
    routes = tuple(
        Route(
            id=int(r["id"]),
            a=r["a"],
            b=r["b"],
            length=int(r["length"]),
            color=r["color"],
            double_index=r["double_index"],
            twin=twins.get(int(r["id"])),
        )
        for r in raw
    )
    tickets = tuple(
        Ticket(id=int(t["id"]), a=t["a"], b=t["b"], points=int(t["points"]))
        for t in data["tickets"]
    )
    return Board(cities=cities, routes=routes, tickets=tickets)


def route_geometry(route: Route, spread: float = 0.18, board: Board | None = None) -> tuple:
    """The segment to draw for ``route`` as ``((lat_a, lon_a), (lat_b, lon_b))``.

    The two routes of a double are shifted by ``spread`` degrees to either side of the line
    between the cities, so a map shows them side by side as on the real board.
    """
    board = board or load()
    (lat1, lon1), (lat2, lon2) = board.cities[route.a], board.cities[route.b]
    if route.double_index is None:
        return ((lat1, lon1), (lat2, lon2))
    dlat, dlon = lat2 - lat1, lon2 - lon1
    norm = math.hypot(dlat, dlon) or 1.0
    side = spread if route.double_index == 0 else -spread
    olat, olon = -dlon / norm * side, dlat / norm * side
    return ((lat1 + olat, lon1 + olon), (lat2 + olat, lon2 + olon))
