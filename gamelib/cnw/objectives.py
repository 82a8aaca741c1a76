"""The Network Objective cards (§11), from ``data/objectives.json``.

The rulebook prints none; the deck is ours (docs/rules/cnw.md). Each card has a ``kind`` the
engine checks (:func:`gamelib.cnw.victory.objective_met`). "Eliminate colour X" falls back to
"control 24 gateways" when X is yourself, was eliminated by someone else, or is not playing
(§11.1).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from gamelib.cnw.board import load as load_board
from gamelib.cnw.tables import read

KINDS = ("eliminate", "regions", "gateways", "hubs", "routes")


@dataclass(frozen=True)
class Objective:
    id: int
    key: str
    kind: str
    text: str
    colour: int = -1  # eliminate
    regions: tuple[str, ...] = ()  # regions
    extra: int = 0  # regions: more whole regions of your choice
    count: int = 0  # gateways / hubs / routes
    min_pawns: int = 1  # gateways


@dataclass(frozen=True, eq=False)
class ObjectiveDeck:
    cards: tuple[Objective, ...]
    fallback_gateways: int  # §11.1


@cache
def load() -> ObjectiveDeck:
    data = read("objectives.json")
    board = load_board()
    cards = []
    for i, c in enumerate(data["cards"]):
        kind = c["kind"]
        if kind not in KINDS:
            raise ValueError(f"objectives.json: card {c['id']} has unknown kind {kind!r}")
        regions = tuple(c.get("regions", ()))
        if not set(regions) <= set(board.regions):
            raise ValueError(f"objectives.json: card {c['id']} names unknown regions")
        colour = int(c.get("colour", -1))
        if kind == "eliminate" and not 0 <= colour < 6:
            raise ValueError(f"objectives.json: card {c['id']} needs a colour 0..5 (§2)")
        cards.append(
            Objective(
                id=i,
                key=c["id"],
                kind=kind,
                text=c["text"],
                colour=colour,
                regions=regions,
                extra=int(c.get("extra", 0)),
                count=int(c.get("count", 0)),
                min_pawns=int(c.get("min_pawns", 1)),
            )
        )
    return ObjectiveDeck(tuple(cards), int(data["fallback_gateways"]))
