"""The turn (§5): who decides now, the order of the six phases (BRIEFING §5 phase 1 / §10.2,
REINFORCEMENTS §6, OPERATIONS §7, REPOSITIONING §5.4, DELIVERY §10, CLOSURE §9) and the flow
that moves through them by itself when a phase has nothing to decide; the round count and the
simulation's turn cap; ending an optional phase (§5: phases 3, 4 and 5 are optional).

The rules of each phase live in their own modules and never call the flow: an action's rule
returns the step that comes next (``OPERATIONS``, ``CLOSURE`` ..., see ``state.py``) and
:func:`advance` takes it, so the phase modules import nothing from this one.
"""

from __future__ import annotations

from gamelib.cnw.actions import EndPhase
from gamelib.cnw.closure import closure
from gamelib.cnw.delivery import can_deliver, expire_shipments, lose_expired_pawns
from gamelib.cnw.operations import attack_actions, occupy_actions
from gamelib.cnw.reinforcements import start_reinforcements
from gamelib.cnw.reposition import can_reposition
from gamelib.cnw.state import (
    BRIEFING,
    CLOSURE,
    DELIVERY,
    OPENING,
    OPERATIONS,
    OVER,
    PACT_ANSWER,
    REPOSITION,
    REROLL_DEFENDER,
    UNFINISHED,
    CnwState,
    Rule,
    Tx,
    geo_of,
)
from gamelib.cnw.variants import pact_actions
from gamelib.core import IllegalAction


def current_player(state: CnwState) -> int | None:
    """Who decides now: the defender during its OBC decision (§8.1), the partner asked for a pact
    (§12.4), otherwise the player whose turn (or placement) it is; None once the game is over."""
    phase = state.phase
    if phase == OVER:
        return None
    if phase == REROLL_DEFENDER:
        return state.roll["defender"]
    if phase == PACT_ANSWER:
        return state.offer[1]
    return state.current


def is_over(state: CnwState) -> bool:
    return state.phase == OVER


def winners(state: CnwState) -> list[int]:
    """The winning seat, or the winning team (§12.2); empty while playing or when unfinished."""
    return list(state.winners)


def advance(t: Tx, step: str) -> None:
    """Go on from where an action's rule left off (``step``), through every phase that has
    nothing to decide, to the next decision."""
    if step == OPERATIONS:
        to_operations(t)
    elif step == DELIVERY:
        to_delivery(t)
    elif step == REPOSITION:
        to_reposition(t)
    elif step == CLOSURE:
        end_turn(t)
    elif step == BRIEFING:
        continue_briefing(t)
    elif step == OPENING:
        start_turn(t, t.s.first, new_round=True)  # §4: the opener's BRIEFING of turn 1
    else:
        raise ValueError(f"unknown step {step!r}")


def end_phase(t: Tx, a: EndPhase) -> str:
    """§5: Operations, Repositioning and Delivery may end at the player's word."""
    phase = t.s.phase
    if phase == OPERATIONS:
        return REPOSITION
    if phase == REPOSITION:
        return DELIVERY
    if phase == DELIVERY:
        return CLOSURE
    raise IllegalAction("§5", "phase.not_optional", phase=phase)


def next_player(s: CnwState, p: int) -> int:
    n = s.players
    for k in range(1, n + 1):
        q = (p + k) % n
        if s.alive[q]:
            return q
    return p


def start_turn(t: Tx, p: int, new_round: bool) -> None:
    """Begin ``p``'s turn: round count and turn cap, per-turn flags, then BRIEFING (§5 phase 1)."""
    s = t.s
    if new_round:
        cap = s.options["turn_cap"]
        if cap is not None and s.round + 1 > cap:
            s.phase = OVER
            s.victory = UNFINISHED
            s.winners = []
            return
        s.round += 1
    s.turn += 1
    s.current = p
    s.conquered = False
    s.turn_tris = 0
    s.turn_bonus = 0
    s.offered = []
    s.roll = None
    s.move_in = None
    if s.bridges_closed == p:
        s.bridges_closed = -1  # §9.2: the ATC strike lasts until its drawer's next turn
    if any(x[2] == p for x in s.pacts):
        s.pacts = [x for x in s.pacts if x[2] != p]  # §12.4: a pact binds for one round
    expire_shipments(t, p)  # §5 phase 1, §10.2
    continue_briefing(t)


def continue_briefing(t: Tx) -> None:
    """The pawns owed for expired shipments (§10.2), then Reinforcements (§6)."""
    if not lose_expired_pawns(t):
        start_reinforcements(t)


def to_operations(t: Tx) -> None:
    """§5 phase 3; passes by itself when nothing is possible."""
    s = t.s
    s.phase = OPERATIONS
    p = s.current
    if attack_actions(s, p, True) or occupy_actions(s, p) or pact_actions(s, p):
        return
    to_reposition(t)


def to_reposition(t: Tx) -> None:
    """§5 phase 4; passes by itself when no move exists."""
    s = t.s
    s.phase = REPOSITION
    if not can_reposition(s, s.current):
        to_delivery(t)


def to_delivery(t: Tx) -> None:
    """§5 phase 5; passes by itself when no shipment can be delivered."""
    s = t.s
    s.phase = DELIVERY
    p = s.current
    g = geo_of(s)
    if not any(can_deliver(s, g, p, c) for c, _ in s.shipments[p]):
        end_turn(t)


def end_turn(t: Tx) -> None:
    """§5 phase 6 (``closure.py``), then the next player still in the game begins."""
    s = t.s
    if not closure(t):
        return
    p = s.current
    q = next_player(s, p)
    n = s.players
    new_round = (q - s.first) % n <= (p - s.first) % n
    s.phase = BRIEFING
    start_turn(t, q, new_round)


HANDLERS: dict[type, Rule] = {EndPhase: end_phase}
