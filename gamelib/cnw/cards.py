"""The Gateway deck (§9): 42 gateway cards with a service symbol, the tris table (§9.1) and the
6 Operational Contingency cards (Imprevisto Operativo, §9.2), from ``data/cards.json``.

Card ids: a gateway card's id is its gateway's index in board order (0..41); the six
Contingency cards follow (42..47). Hands, deck and discard pile hold these ids.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from types import MappingProxyType
from typing import Any

from gamelib.cnw.board import load as load_board
from gamelib.cnw.tables import read

TRUCKING = "trucking"
NEXT_FLIGHT_OUT = "next_flight_out"
AIR_CHARTER = "air_charter"


@dataclass(frozen=True)
class GatewayCard:
    """A card showing a gateway and a service symbol (§9.1)."""

    id: int
    gateway: str
    symbol: str


@dataclass(frozen=True)
class Imprevisto:
    """An Operational Contingency card (§9.2): applied at once by whoever draws it, then
    discarded. ``effect`` is data the engine interprets (see closure.apply_imprevisto)."""

    id: int
    key: str
    name: str
    name_it: str
    text: str
    effect: dict[str, Any]


@dataclass(frozen=True)
class Tris:
    """A set of three symbols that may be played for pawns in Reinforcements (§9.1)."""

    key: str
    symbols: tuple[str, ...]  # sorted
    pawns: int


@dataclass(frozen=True, eq=False)
class Deck:
    symbols: tuple[str, ...]
    gateway_cards: tuple[GatewayCard, ...]  # index = card id = gateway index
    imprevisti: tuple[Imprevisto, ...]  # ids 42..47
    tris: tuple[Tris, ...]
    hand_limit: int  # §9.1: with this many cards or more you must play a tris
    by_symbols: Mapping[tuple[str, ...], int]  # sorted symbols -> pawns

    @property
    def size(self) -> int:
        return len(self.gateway_cards) + len(self.imprevisti)

    def is_imprevisto(self, card: int) -> bool:
        return card >= len(self.gateway_cards)

    def symbol(self, card: int) -> str:
        return self.gateway_cards[card].symbol

    def tris_value(self, cards: Sequence[int]) -> int | None:
        """Pawns a tris of these three gateway cards is worth (§9.1), or None if not a tris."""
        if len(cards) != 3 or len(set(cards)) != 3:
            return None
        try:
            key = tuple(sorted(self.gateway_cards[c].symbol for c in cards))
        except (IndexError, TypeError):
            return None
        return self.by_symbols.get(key)

    def tris_options(self, hand: Iterable[int]) -> list[tuple[int, ...]]:
        """Every tris (sorted card-id triples) that can be made from ``hand``."""
        hand = sorted(hand)
        if len(hand) < 3:
            return []
        syms = Counter(self.gateway_cards[c].symbol for c in hand)
        if len(syms) < 3 and max(syms.values()) < 3:
            return []
        return [t for t in combinations(hand, 3) if self.tris_value(t) is not None]


@cache
def load() -> Deck:
    """The Gateway deck; checks that every gateway of the board has exactly one card."""
    data = read("cards.json")
    board = load_board()
    codes = list(board.gateways)
    symbols = tuple(s["id"] for s in data["symbols"])
    symbol_of: dict[str, str] = {}
    for symbol, gws in data["gateway_cards"].items():
        if symbol not in symbols:
            raise ValueError(f"cards.json: unknown symbol {symbol!r} (§9.1)")
        for code in gws:
            if code in symbol_of:
                raise ValueError(f"cards.json: gateway {code} has two cards")
            symbol_of[code] = symbol
    if set(symbol_of) != set(codes):
        raise ValueError("cards.json: the gateway cards must be exactly the 42 gateways (§4)")
    cards = tuple(GatewayCard(i, code, symbol_of[code]) for i, code in enumerate(codes))
    tris = []
    for t in data["tris"]:
        syms = tuple(sorted(t["symbols"]))
        if len(syms) != 3 or not set(syms) <= set(symbols):
            raise ValueError(f"cards.json: tris {t['id']} is not three known symbols")
        tris.append(Tris(t["id"], syms, int(t["pawns"])))
    imps = tuple(
        Imprevisto(len(cards) + i, m["id"], m["name"], m["name_it"], m["text"], dict(m["effect"]))
        for i, m in enumerate(data["imprevisti"])
    )
    if len(imps) != 6:
        raise ValueError("cards.json: the rulebook hides exactly 6 Imprevisto cards (§9.2)")
    index = MappingProxyType({t.symbols: t.pawns for t in tris})
    return Deck(symbols, cards, imps, tuple(tris), int(data["hand_limit"]), index)
