"""The two 41-card decks, the Industry/Convoy resource cards and the rule constants, from JSON.

The rulebook (§Materiali) fixes only the deck size; every value here is the project's design,
explained in ``docs/rules/airwar.md``. Cards are frozen dataclasses so widgets can hold and
compare them freely; one copy of a card type is one card with its own ``id`` (``ax-zero-3``),
because the rules move single cards between hand, table and discard pile.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from functools import cache
from importlib import resources as _res
from typing import Any

KINDS = ("aircraft", "airbase", "carrier", "war", "battle")
SIDES = ("axis", "allies")

# Engine-interpreted effects (see rules.py): every War and Battle card names one of these.
WAR_EFFECTS = (
    "base_defense",
    "base_capacity",
    "interceptor_air_to_air",
    "convoy_shield",
    "industry_shield",
)
BATTLE_EFFECTS = ("boost", "evade")
BOOST_KEYS = (
    "own_air_to_air",
    "own_defense",
    "own_bombing",
    "own_convoy_attack",
    "own_carrier_attack",
    "enemy_air_to_air",
    "enemy_defense",
)


@dataclass(frozen=True)
class Card:
    """One physical card. Aircraft use the five combat values and ``carrier_based``; airbases and
    carriers use ``capacity`` and ``defense``; War and Battle cards use ``effect`` + ``params``."""

    id: str
    type_id: str
    name: str
    side: str
    kind: str
    copy: int = 1
    copies: int = 1
    role: str = ""
    air_to_air: int = 0
    defense: int = 0
    bombing: int = 0
    convoy_attack: int = 0
    carrier_attack: int = 0
    carrier_based: bool = False
    capacity: int = 0
    effect: str = ""
    params: tuple[tuple[str, int], ...] = ()
    lasting: str = ""
    text: str = ""
    note: str = ""

    def param(self, key: str, default: int = 0) -> int:
        """A War/Battle parameter (params are a tuple of pairs so the card stays hashable)."""
        for k, v in self.params:
            if k == key:
                return v
        return default

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict (for the card-browser widget)."""
        out = asdict(self)
        out["params"] = dict(self.params)
        return out

    def __str__(self) -> str:
        return f"{self.name} ({self.id})"


def _read(name: str) -> Any:
    return json.loads(_res.files("gamelib.airwar").joinpath("data", name).read_text("utf-8"))


def _expand(side: str, entries: list[dict[str, Any]]) -> tuple[Card, ...]:
    out: list[Card] = []
    for entry in entries:
        copies = int(entry.get("copies", 1))
        fields = {k: v for k, v in entry.items() if k not in ("copies", "params")}
        params = tuple(sorted((k, int(v)) for k, v in entry.get("params", {}).items()))
        for n in range(1, copies + 1):
            cid = entry["type_id"] if copies == 1 else f"{entry['type_id']}-{n}"
            out.append(Card(id=cid, side=side, copy=n, copies=copies, params=params, **fields))
    return tuple(out)


@cache
def _decks() -> dict[str, tuple[Card, ...]]:
    return {side: _expand(side, _read(f"{side}.json")["cards"]) for side in SIDES}


def load() -> dict[str, list[Card]]:
    """Both decks, 41 cards each (§Materiali): ``{"axis": [...], "allies": [...]}``."""
    return {side: list(cards) for side, cards in _decks().items()}


@cache
def by_id() -> dict[str, Card]:
    """Every card of both decks by id."""
    return {c.id: c for cards in _decks().values() for c in cards}


def card(card_id: str) -> Card:
    """The card with this id (KeyError if no such card)."""
    return by_id()[card_id]


@cache
def resources() -> dict[str, list[dict[str, Any]]]:
    """Each side's Industry (60) and Convoy (15) cards (§Il Gioco)."""
    return _read("resources.json")


@cache
def constants() -> dict[str, Any]:
    """Rule constants (hand size, draws, penalties ...) plus the resource starting values."""
    data = dict(_read("rules.json"))
    for item in resources()["axis"]:
        data[item["kind"]] = int(item["start"])
    return data


def side_index(side: str) -> int:
    """0 for the Axis, 1 for the Allies (player numbers in the game protocol)."""
    return SIDES.index(side)
