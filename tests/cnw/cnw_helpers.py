"""Helpers for the CNW rules tests: started games and arranged positions.

Every helper returns a new state (a deep copy): a state is never changed in place once made, as
the engine expects (it memoises the Operations list of the last state it listed).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping

from gamelib import cnw
from gamelib.cnw.network import CODES, INDEX, geo
from gamelib.cnw.state import OPERATIONS, PLACEMENT, CnwState

START_MAP: dict[str, int] = {}


def clone(state: CnwState) -> CnwState:
    return copy.deepcopy(state)


def started(players: int = 4, seed: int = 1, **options) -> CnwState:
    """A game past the placement round (each player puts each pawn on its first gateway)."""
    state = cnw.new_game(players, seed=seed, **options)
    while state.phase == PLACEMENT:
        state = cnw.apply(state, cnw.legal_actions(state)[0])
    return state


def arrange(
    state: CnwState,
    owners: Mapping[str, int] | None = None,
    pawns: Mapping[str, int] | None = None,
    *,
    rest: tuple[int, int] | None = None,
    **fields,
) -> CnwState:
    """A copy of ``state`` with the given owners and pawns (``rest``: (owner, pawns) for every
    other gateway in play) and any other fields replaced (``phase=..., current=...``)."""
    new = clone(state)
    g = geo(new.options["fiera"], new.options["realismo_alto"])
    if rest is not None:
        for i in g.playable:
            new.owner[i], new.pawns[i] = rest
    for code, p in (owners or {}).items():
        new.owner[INDEX[code]] = p
        new.pawns[INDEX[code]] = 0 if p < 0 else max(1, new.pawns[INDEX[code]])
    for code, k in (pawns or {}).items():
        new.pawns[INDEX[code]] = k
    for name, value in fields.items():
        setattr(new, name, copy.deepcopy(value))
    return new


def operations(
    owners: Mapping[str, int],
    pawns: Mapping[str, int] | None = None,
    *,
    rest: tuple[int, int] = (1, 1),
    players: int = 4,
    seed: int = 1,
    current: int = 0,
    **options,
) -> CnwState:
    """Player ``current`` in its Operations phase on an arranged map (dice not fixed)."""
    base = started(players, seed, **options)
    return arrange(
        base,
        owners,
        pawns,
        rest=rest,
        phase=OPERATIONS,
        current=current,
        pool=0,
        roll=None,
        move_in=None,
    )


def with_dice(state: CnwState, faces: str) -> CnwState:
    """The next dice rolled will be ``faces`` (attacker's first, then defender's, then re-rolls)."""
    return arrange(state, dice=faces + "1" * 64, dice_pos=0)


def codes_of(state: CnwState, player: int) -> list[str]:
    return [CODES[i] for i, o in enumerate(state.owner) if o == player]


def unchanged_after_illegal(state: CnwState, action) -> str:
    """Apply an illegal action; assert the state is untouched; return the rule cited."""
    before = cnw.to_json(state)
    try:
        cnw.apply(state, action)
    except cnw.IllegalAction as exc:
        assert cnw.to_json(state) == before
        return exc.rule
    raise AssertionError(f"{action} was accepted")


def refused(state: CnwState, action) -> tuple[str, str, dict]:
    """Apply an illegal action; assert the state is untouched; return the refusal's rule, code
    and values (what the widgets put in words)."""
    before = cnw.to_json(state)
    try:
        cnw.apply(state, action)
    except cnw.IllegalAction as exc:
        assert cnw.to_json(state) == before
        return exc.rule, exc.code, exc.values
    raise AssertionError(f"{action} was accepted")


def give_cards(state: CnwState, player: int, gateways: list[str]) -> CnwState:
    """A copy where ``player`` holds exactly the Gateway cards of these gateways (the old hand
    goes back under the deck, the new cards come out of deck or discard pile)."""
    new = clone(state)
    new.deck[:0] = new.hands[player]
    new.hands[player] = []
    for code in gateways:
        card = INDEX[code]
        for pile in (new.deck, new.discard, *new.hands):
            if card in pile:
                pile.remove(card)
                break
        new.hands[player].append(card)
    new.hands[player].sort()
    return new


def next_turn_of(state: CnwState, player: int) -> CnwState:
    """Let the previous seat end its Delivery phase so that ``player``'s turn begins (Briefing,
    then Reinforcements) through the real flow."""
    from gamelib.cnw.state import DELIVERY

    prev = (player - 1) % state.players
    ready = arrange(state, phase=DELIVERY, current=prev, conquered=False, roll=None, pool=0)
    return cnw.apply(ready, cnw.EndPhase())
