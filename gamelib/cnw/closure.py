"""The Closure (§5 phase 6) and the Gateway deck (§9): a player who conquered this turn draws
one Gateway card (§9.1); an Imprevisto Operativo drawn instead applies at once and the player
draws again (§9.2; the six effects are data in ``cards.json``); then victory is checked (§11).
Tris are played during Reinforcements (``reinforcements.py``).
"""

from __future__ import annotations

from gamelib.cnw import cards
from gamelib.cnw.state import OVER, Tx, geo_of
from gamelib.cnw.victory import victory

DECK = cards.load()
N_GATEWAY_CARDS = len(DECK.gateway_cards)


def closure(t: Tx) -> bool:
    """§5 phase 6, §9: a Gateway card if you conquered; Imprevisti apply at once. True when the
    game goes on (the next turn is ``turn.py``'s business)."""
    s = t.s
    p = s.current
    if s.conquered:
        while True:
            deck = t.pile("deck", "discard")  # the discard pile reshuffled when it runs out
            if deck is None:
                break
            card = deck.pop()
            if DECK.is_imprevisto(card):
                t.mut("discard").append(card)
                apply_imprevisto(t, card)
                if s.phase == OVER:
                    return False
                continue  # §9.2: the Imprevisto is not kept; the drawer draws again
            hands = t.mut("hands")
            hands[p] = sorted([*hands[p], card])
            break
    victory(t, (p,))
    return s.phase != OVER


def apply_imprevisto(t: Tx, card: int) -> None:
    """The six Operational Contingencies (§9.2; effects as data in cards.json)."""
    s = t.s
    p = s.current
    effect = DECK.imprevisti[card - N_GATEWAY_CARDS].effect
    kind = effect["type"]
    if kind == "close_air_bridges":
        s.bridges_closed = p
    elif kind == "shipment_deadline":
        delta, floor = int(effect["delta"]), int(effect["floor"])
        t.mut("shipments")[p] = [[c, max(floor, d + delta)] for c, d in s.shipments[p]]
    elif kind == "sla":
        sla = t.mut("sla")
        sla[p] = max(0, sla[p] + int(effect["delta"]))
        victory(t, (p,))
    elif kind == "reinforcements":
        t.mut("bonus")[p] += int(effect["pawns"])
    elif kind == "hub_outage":
        pawns = t.mut("pawns")
        for h in geo_of(s).hubs:
            if s.owner[h] == p and pawns[h] >= 2:
                pawns[h] -= int(effect["pawns"])
    else:
        raise ValueError(f"unknown Imprevisto effect {kind!r}")
