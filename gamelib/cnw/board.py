"""The CNW board (§3): 42 gateways in six traffic regions, the links between them, the region
bonuses and a schematic layout, loaded from ``data/*.json``.

The rulebook lists the gateways and the hubs (§3.2) but prints neither the link map (§3.3) nor the
region bonuses (§3.1, §6): this project designed them (docs/rules/cnw.md, "Where the rulebook is
silent"). :func:`build` checks the files against each other (every border and bonus must follow
from the links and the stated formula) so that an edited file cannot silently drift.

Air bridges (Ponte Aereo, §7.3) are not board links: they depend on who holds which hubs, so the
rules engine adds them on top of :attr:`Board.graph`.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property
from importlib import resources
from types import MappingProxyType
from typing import Any

import networkx as nx

SOLID = "solid"  # §3.3 linea continua: regional link
DASHED = "dashed"  # §3.3 linea tratteggiata: intercontinental route
EARTH_RADIUS_KM = 6371.0088  # mean Earth radius (IUGG), for great-circle distances


@dataclass(frozen=True)
class Gateway:
    """A gateway of §3.2: its airport code, names, region, hub ◆ flag (§6, §7.3, §8.3), the
    airport's real position (geographic view) and its place on the schematic board (x, y)."""

    code: str
    name: str  # English
    name_it: str  # as the rulebook prints it (e.g. "Città del Messico")
    region: str  # a Region.id
    hub: bool
    lat: float
    lon: float
    x: float  # schematic board, 0..100, left to right
    y: float  # schematic board, 0..100, south to north (up)


@dataclass(frozen=True)
class Region:
    """A traffic region (§3.1): its gateways, the bonus collected at the start of a turn by whoever
    controls all of them (§3.1, §6), and its border gateways (those with a link leaving it)."""

    id: str
    name: str
    name_it: str
    gateways: tuple[str, ...]
    bonus: int
    borders: tuple[str, ...]
    label_x: float  # where the schematic board writes the region's name
    label_y: float


@dataclass(frozen=True)
class Link:
    """A line on the board (§3.3): ``kind`` is ``"solid"`` (regional) or ``"dashed"`` (one of the
    7 intercontinental routes). Links are undirected; ``a``/``b`` is just the file's order."""

    a: str
    b: str
    kind: str

    @property
    def ends(self) -> frozenset[str]:
        return frozenset((self.a, self.b))

    @property
    def dashed(self) -> bool:
        return self.kind == DASHED


@dataclass(frozen=True, eq=False)
class Board:
    """The whole board, read-only and shared (``load()`` is cached): do not mutate it.

    ``graph`` is a frozen ``networkx.Graph`` over gateway codes, each edge with attribute ``kind``.
    """

    gateways: Mapping[str, Gateway]  # rulebook order (§3.2)
    regions: Mapping[str, Region]  # rulebook order (§3.2)
    links: tuple[Link, ...]
    graph: nx.Graph
    hubs: tuple[str, ...]  # the 14 ◆ of §3.2
    dashed: tuple[Link, ...]  # the 7 intercontinental routes of §3.3
    wrapped: tuple[Link, ...]  # Pacific routes the schematic draws off the left/right edges
    fiera_regions: tuple[str, ...]  # the regions kept by the FIERA variant (§12.1)

    def neighbours(self, code: str) -> tuple[str, ...]:
        """Gateways joined to ``code`` by a board line (§3.3), alphabetical; no air bridges."""
        self._need(code)
        return tuple(sorted(self.graph[code]))

    def link(self, a: str, b: str) -> Link | None:
        """The line joining ``a`` and ``b`` (§3.3), or ``None`` if they are not linked."""
        self._need(a)
        self._need(b)
        return self._by_pair.get(frozenset((a, b)))

    def hops(self, a: str, b: str) -> int:
        """Links on a shortest board path from ``a`` to ``b``: the §10.3 measure of how much
        corridor a shipment needs (air bridges ignored: they belong to players, not the board)."""
        self._need(a)
        self._need(b)
        return self._hops[a][b]

    def shortest_path(self, a: str, b: str) -> list[str]:
        """One shortest board path from ``a`` to ``b`` (both included); the same one every run."""
        self._need(a)
        self._need(b)
        return nx.shortest_path(self.graph, a, b)

    def crosses_dashed(self, path: Sequence[str]) -> bool:
        """Whether consecutive gateways of ``path`` use a dashed route (§10.3: crossing one always
        makes a shipment long-haul). Raises ``ValueError`` if two of them are not linked."""
        for a, b in itertools.pairwise(path):
            line = self.link(a, b)
            if line is None:
                raise ValueError(f"{a} and {b} are not linked on the board (§3.3)")
            if line.dashed:
                return True
        return False

    def betweenness(self) -> dict[str, float]:
        """Betweenness centrality of every gateway (networkx, normalised): the share of shortest
        paths through it, a measure of which gateways are chokepoints. A fresh copy each call."""
        return dict(self._betweenness)

    def fiera_gateways(self) -> tuple[str, ...]:
        """The 28 gateways of the FIERA variant (§12.1: only North America, Europe and Asia)."""
        return tuple(code for rid in self.fiera_regions for code in self.regions[rid].gateways)

    def subgraph(self, codes: Iterable[str]) -> nx.Graph:
        """The read-only board graph restricted to ``codes`` (e.g. :meth:`fiera_gateways`)."""
        codes = list(codes)
        for code in codes:
            self._need(code)
        return self.graph.subgraph(codes)

    def distance_km(self, a: str, b: str) -> float:
        """Great-circle distance between the two airports, in kilometres (haversine)."""
        ga, gb = self.gateways[self._need(a)], self.gateways[self._need(b)]
        p1, p2 = math.radians(ga.lat), math.radians(gb.lat)
        dp, dl = p2 - p1, math.radians(gb.lon - ga.lon)
        h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
        return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(h))

    # -- internals --------------------------------------------------------------------------

    def _need(self, code: str) -> str:
        if code not in self.gateways:
            raise KeyError(f"no gateway {code!r} on the CNW board (§3.2)")
        return code

    @cached_property
    def _by_pair(self) -> Mapping[frozenset[str], Link]:
        return MappingProxyType({line.ends: line for line in self.links})

    @cached_property
    def _hops(self) -> dict[str, dict[str, int]]:
        return dict(nx.all_pairs_shortest_path_length(self.graph))

    @cached_property
    def _betweenness(self) -> Mapping[str, float]:
        return MappingProxyType(nx.betweenness_centrality(self.graph))


def region_bonus(size: int, borders: int, formula: Mapping[str, Any]) -> int:
    """The designed region bonus (§3.1, §6; the rulebook gives no values): the weighted sum of
    gateways and border gateways over ``divisor``, rounded to the nearest integer, halves up."""
    value = Fraction(
        int(formula["size_weight"]) * size + int(formula["border_weight"]) * borders,
        int(formula["divisor"]),
    )
    return math.floor(value + Fraction(1, 2))


def _read(name: str) -> Any:
    return json.loads((resources.files("gamelib.cnw") / "data" / name).read_text("utf-8"))


@cache
def load() -> Board:
    """The CNW board from ``gamelib/cnw/data``. Cached: the board never changes in a session."""
    return build(
        _read("gateways.json"), _read("links.json"), _read("regions.json"), _read("layout.json")
    )


def build(
    gateways: Mapping[str, Any],
    links: Mapping[str, Any],
    regions: Mapping[str, Any],
    layout: Mapping[str, Any],
) -> Board:
    """A board from the four parsed data files; ``ValueError`` names the first inconsistency."""
    positions = layout["gateways"]
    gws: dict[str, Gateway] = {}
    for g in gateways["gateways"]:
        code = g["code"]
        if code in gws:
            raise ValueError(f"gateway {code} is listed twice")
        if code not in positions:
            raise ValueError(f"gateway {code} has no place in layout.json")
        x, y = positions[code]
        gws[code] = Gateway(
            code=code,
            name=g["name"],
            name_it=g.get("name_it", g["name"]),
            region=g["region"],
            hub=bool(g["hub"]),
            lat=float(g["lat"]),
            lon=float(g["lon"]),
            x=float(x),
            y=float(y),
        )
    if extra := set(positions) - set(gws):
        raise ValueError(f"layout.json places unknown gateways {sorted(extra)}")

    lines: list[Link] = []
    seen: set[frozenset[str]] = set()
    for item in links["links"]:
        line = Link(a=item["a"], b=item["b"], kind=item["kind"])
        if line.a not in gws or line.b not in gws:
            raise ValueError(f"link {line.a}-{line.b} names a gateway that does not exist")
        if line.a == line.b:
            raise ValueError(f"link {line.a}-{line.b} joins a gateway to itself")
        if line.kind not in (SOLID, DASHED):
            raise ValueError(f"link {line.a}-{line.b} has kind {line.kind!r}, not solid/dashed")
        if line.ends in seen:
            raise ValueError(f"link {line.a}-{line.b} is listed twice")
        seen.add(line.ends)
        lines.append(line)

    graph = nx.Graph()
    graph.add_nodes_from(gws)
    for line in lines:
        graph.add_edge(line.a, line.b, kind=line.kind)

    formula = regions["bonus_formula"]
    labels = layout["labels"]
    regs: dict[str, Region] = {}
    for r in regions["regions"]:
        rid = r["id"]
        members = tuple(r["gateways"])
        actual = tuple(code for code, g in gws.items() if g.region == rid)
        if set(members) != set(actual) or len(members) != len(actual):
            raise ValueError(f"region {rid}: regions.json lists {members}, gateways.json {actual}")
        if int(r["size"]) != len(members):
            raise ValueError(f"region {rid}: size {r['size']} but {len(members)} gateways")
        borders = tuple(code for code in members if any(gws[n].region != rid for n in graph[code]))
        if set(r["borders"]) != set(borders) or len(r["borders"]) != len(borders):
            raise ValueError(f"region {rid}: borders {r['borders']} but the links give {borders}")
        bonus = region_bonus(len(members), len(borders), formula)
        if int(r["bonus"]) != bonus:
            raise ValueError(f"region {rid}: bonus {r['bonus']} but the formula gives {bonus}")
        lx, ly = labels[rid]
        regs[rid] = Region(
            id=rid,
            name=r["name"],
            name_it=r["name_it"],
            gateways=members,
            bonus=bonus,
            borders=borders,
            label_x=float(lx),
            label_y=float(ly),
        )
    if orphans := {g.code for g in gws.values() if g.region not in regs}:
        raise ValueError(f"gateways {sorted(orphans)} belong to no region of regions.json")

    by_pair = {line.ends: line for line in lines}
    wrapped = []
    for a, b in layout["wrap"]:
        line = by_pair.get(frozenset((a, b)))
        if line is None or not line.dashed:
            raise ValueError(f"layout.json wraps {a}-{b}, which is not a dashed route")
        wrapped.append(line)
    fiera = tuple(regions["fiera_regions"])
    if unknown := set(fiera) - set(regs):
        raise ValueError(f"fiera_regions names unknown regions {sorted(unknown)}")

    return Board(
        gateways=MappingProxyType(gws),
        regions=MappingProxyType(regs),
        links=tuple(lines),
        graph=nx.freeze(graph),
        hubs=tuple(code for code, g in gws.items() if g.hub),
        dashed=tuple(line for line in lines if line.dashed),
        wrapped=tuple(wrapped),
        fiera_regions=fiera,
    )
