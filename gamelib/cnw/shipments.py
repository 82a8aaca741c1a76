"""The Urgent Shipment deck (§10) and its value classes (§10.3), from ``data/shipments.json``.

A shipment's class follows from the board, as §10.3 asks ("how many links separate origin and
destination"): ``hops`` is the length of a shortest board path; ``dashed`` the fewest dashed
routes on any shortest path. Crossing a dashed route (every shortest path does, ``dashed >= 1``)
always makes a shipment intercontinental, however few the hops. :func:`load` recomputes class,
hops, dashed, deadline and reward of every card and refuses a file that disagrees, so the
printed values can never drift from the map.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

import networkx as nx

from gamelib.cnw.board import Board
from gamelib.cnw.board import load as load_board
from gamelib.cnw.tables import read

REGIONAL = "regional"
CONTINENTAL = "continental"
INTERCONTINENTAL = "intercontinental"


@dataclass(frozen=True)
class ShipmentClass:
    """A value class of §10.3: the hops it covers and what its cards print."""

    id: str
    name: str
    name_it: str
    max_hops: int | None  # None: no upper bound (long haul)
    deadline: int  # before the sector's modifier
    pawns: int  # reinforcements at the next turn (§10)
    sla: int  # SLA points at once (§10.1)


@dataclass(frozen=True)
class Shipment:
    """An Urgent Shipment card (§10): sector, ⏱ deadline, origin → destination, reward."""

    id: int
    sector: str
    origin: str
    destination: str
    klass: str
    hops: int
    dashed: int
    deadline: int
    pawns: int
    sla: int
    text: str
    text_it: str

    def __str__(self) -> str:
        return (
            f"{self.sector} {self.origin}→{self.destination} ⏱{self.deadline} "
            f"(+{self.pawns} pawns, +{self.sla} SLA)"
        )


@dataclass(frozen=True, eq=False)
class ShipmentDeck:
    classes: Mapping[str, ShipmentClass]
    sectors: Mapping[str, str]  # id -> printed name
    modifiers: Mapping[str, int]  # sector id -> deadline modifier
    cards: tuple[Shipment, ...]


def route_measure(board: Board, origin: str, destination: str) -> tuple[int, int]:
    """(hops, fewest dashed routes over all shortest board paths) between two gateways (§10.3)."""
    hops = board.hops(origin, destination)
    dashed = min(
        sum(1 for a, b in itertools.pairwise(path) if board.link(a, b).dashed)
        for path in nx.all_shortest_paths(board.graph, origin, destination)
    )
    return hops, dashed


def classify(classes: Mapping[str, ShipmentClass], hops: int, dashed: int) -> str:
    """The class of §10.3: by hops, and always long haul when a dashed route must be crossed."""
    if dashed >= 1:
        return INTERCONTINENTAL
    for c in classes.values():
        if c.max_hops is None or hops <= c.max_hops:
            return c.id
    raise ValueError(f"no shipment class covers {hops} hops")


@cache
def load() -> ShipmentDeck:
    """The shipment deck, every printed value checked against the board and the class table."""
    data = read("shipments.json")
    board = load_board()
    classes = {
        c["id"]: ShipmentClass(
            c["id"], c["name"], c["name_it"], c["max_hops"], c["deadline"], c["pawns"], c["sla"]
        )
        for c in data["classes"]
    }
    if list(classes) != [REGIONAL, CONTINENTAL, INTERCONTINENTAL]:
        raise ValueError("shipments.json: classes must be regional, continental, intercontinental")
    sectors = {s["id"]: s["name"] for s in data["sectors"]}
    modifiers = {s["id"]: int(s["deadline_modifier"]) for s in data["sectors"]}
    cards = []
    for i, c in enumerate(data["cards"]):
        if c["id"] != i:
            raise ValueError(f"shipments.json: card ids must be 0.. in order, got {c['id']}")
        if c["sector"] not in sectors:
            raise ValueError(f"shipment {i}: unknown sector {c['sector']!r} (§10)")
        o, d = c["origin"], c["destination"]
        if o == d or o not in board.gateways or d not in board.gateways:
            raise ValueError(f"shipment {i}: {o}->{d} is not a trip between two gateways")
        hops, dashed = route_measure(board, o, d)
        klass = classify(classes, hops, dashed)
        expect = {
            "hops": hops,
            "dashed": dashed,
            "class": klass,
            "deadline": classes[klass].deadline + modifiers[c["sector"]],
            "pawns": classes[klass].pawns,
            "sla": classes[klass].sla,
        }
        for key, value in expect.items():
            if c[key] != value:
                raise ValueError(f"shipment {i} ({o}->{d}) prints {key}={c[key]}, rules: {value}")
        if expect["deadline"] < 2:
            raise ValueError(f"shipment {i}: a deadline under 2 expires before it can be played")
        cards.append(
            Shipment(
                i,
                c["sector"],
                o,
                d,
                klass,
                hops,
                dashed,
                c["deadline"],
                c["pawns"],
                c["sla"],
                c["text"],
                c["text_it"],
            )
        )
    return ShipmentDeck(
        MappingProxyType(classes),
        MappingProxyType(sectors),
        MappingProxyType(modifiers),
        tuple(cards),
    )
