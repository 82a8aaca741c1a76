"""Consistency of a CNW state (saves and invariant tests): :func:`check_state` names the first
way a state could not come from a real game under the rules — the 42 gateways of the map (§3)
with their owners and pawns (§4, §7.4 neutral, §12.1 out of play), every Gateway and Imprevisto
card (§9) and shipment card (§10) held exactly once, at most two active shipments (§4 step 4),
OBC tokens in range (§8.1), eliminated players holding nothing (§7.5), and a pending roll,
move-in or pact offer wherever the phase waits for one (§5).
"""

from __future__ import annotations

from functools import cache

from gamelib.cnw import battle, cards, tables
from gamelib.cnw.network import CODES, Geo
from gamelib.cnw.state import (
    MOVE_IN,
    NEUTRAL,
    OUT_OF_PLAY,
    PACT_ANSWER,
    PHASES,
    REPOSITION_COUNT,
    REROLL_ATTACKER,
    REROLL_DEFENDER,
    CnwState,
    geo_of,
)

DECK = cards.load()
N_GATEWAY_CARDS = len(DECK.gateway_cards)
ACTIVE_SHIPMENTS = int(tables.setup()["active_shipments"])


@cache
def _expected_cards(g: Geo) -> list[int]:
    return sorted([*g.cards, *(imp.id for imp in DECK.imprevisti)])


@cache
def _expected_shipments(g: Geo) -> list[int]:
    return sorted(g.shipments)


def check_state(state: CnwState) -> str | None:
    """The first way ``state`` could not come from a real game, or None."""
    n = state.players
    g = geo_of(state)
    ng = len(CODES)
    if state.phase not in PHASES:
        return f"unknown phase {state.phase!r}"
    if len(state.owner) != ng or len(state.pawns) != ng:
        return "the map does not have 42 gateways"
    for name in (
        "reserve",
        "objectives",
        "sla",
        "obc",
        "obc_turn",
        "bonus",
        "eliminated_by",
        "alive",
    ):
        if len(getattr(state, name)) != n:
            return f"{name} does not match the {n} players"
    if not 0 <= state.current < n or not 0 <= state.first < n:
        return "the current player is not a seat"
    in_play = g.in_play
    alive = state.alive
    moving = state.move_in[1] if state.move_in and state.phase == MOVE_IN else -1
    for i, (o, k) in enumerate(zip(state.owner, state.pawns, strict=True)):
        if o >= 0:
            if o >= n or not in_play[i]:
                return f"{CODES[i]} has owner {o}"
            if k < 1 and i != moving:
                return f"{CODES[i]} is held with {k} pawns"
            if not alive[o]:
                return f"{CODES[i]} is held by an eliminated player"
        elif o == NEUTRAL:
            if k or not in_play[i]:
                return f"neutral {CODES[i]} holds pawns or is out of play"
        elif o != OUT_OF_PLAY or k or in_play[i]:
            return f"{CODES[i]} is out of play but used, or has owner {o}"
    if min(state.sla) < 0 or min(state.reserve) < 0 or state.pool < 0 or min(state.bonus) < 0:
        return "a negative count"
    if not all(0 <= t <= battle.RULES.obc_tokens_per_game for t in state.obc):
        return "OBC tokens out of range"
    cards_seen = state.deck + state.discard
    for h in state.hands:
        if h and h[-1] >= N_GATEWAY_CARDS:  # hands are sorted
            return "an Imprevisto is kept in a hand"
        cards_seen += h
    cards_seen.sort()
    if cards_seen != _expected_cards(g):
        return "the Gateway deck, hands and discard pile do not hold every card once"
    ships_seen = state.ship_deck + state.ship_discard
    for row in state.shipments:
        ships_seen += [c for c, _ in row]
    ships_seen.sort()
    if ships_seen != _expected_shipments(g):
        return "the shipment cards are not all accounted for"
    for p in range(n):
        row = state.shipments[p]
        if len(row) > ACTIVE_SHIPMENTS:
            return f"player {p} has more than {ACTIVE_SHIPMENTS} shipments"
        for _, d in row:
            if d < 1:
                return f"player {p} holds a shipment whose deadline passed"
        if not state.alive[p] and (row or state.hands[p] or p in state.owner):
            return f"eliminated player {p} still holds something"
    if state.phase in (REROLL_ATTACKER, REROLL_DEFENDER) and state.roll is None:
        return "a re-roll decision without a roll"
    if state.phase in (MOVE_IN, REPOSITION_COUNT) and state.move_in is None:
        return "a move-in without a conquest"
    if state.phase == PACT_ANSWER and state.offer is None:
        return "a pact answer without an offer"
    if state.dice_pos > len(state.dice):
        return "the dice buffer is overdrawn"
    return None
