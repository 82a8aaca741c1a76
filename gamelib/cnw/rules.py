"""The rules engine of CNW: The Game (rulebook §4–§12), the front of :mod:`gamelib.core`'s
protocol: :func:`legal_actions` and :func:`apply` dispatch to one module per part of the
rulebook, and the names interfaces, bots and tests use are re-exported from here.

======================= ===========================================================================
``setup.py``            §4 setup and the placement round, ``new_game``
``turn.py``             §5 the turn: phase flow, who decides now, ending a phase, turn cap
``reinforcements.py``   §6 reinforcements, §9.1 playing a tris, §7.5 forced tris
``operations.py``       §7 attacks, move-in, neutral gateways, elimination; §8 OBC re-rolls
``bridges.py``          §7.3 air bridges (Ponte Aereo), reach and chains of own gateways
``reposition.py``       §5 phase 4 repositioning
``delivery.py``         §10 shipments: delivery, values, BRIEFING deadlines (§10.2)
``closure.py``          §5 phase 6 closure, §9 Gateway cards and Imprevisti
``victory.py``          §11 victory (and §12.2 team victory)
``variants.py``         §12 options, teams, pacts (DIPLOMAZIA)
``queries.py``          read-only helpers for widgets and bots, ``observation``
``invariants.py``       ``check_state``; ``saves.py``: ``to_json`` / ``from_json``
======================= ===========================================================================

``apply`` validates first and raises ``IllegalAction("§x", code, **values)`` before changing
anything, then works on a shallow copy of the state, copying each list the first time it changes
(``state.Tx.mut``), so the caller's state is never touched and a step costs microseconds.

Phases with nothing to decide pass by themselves (``turn.advance``): the Closure (§5 phase 6)
always, an Operations, Repositioning or Delivery phase in which nothing is possible, a move-in
or an expired-shipment loss with a single possible choice, an OBC decision for a side that has
no token usable this turn. Every other decision is an action.
"""

from __future__ import annotations

from gamelib.cnw import delivery, operations, reposition, setup, turn, variants
from gamelib.cnw import reinforcements as reinforcement_rules  # `reinforcements` is the query
from gamelib.cnw.actions import (
    ACCEPT_PACT,
    CODEC,
    END_PHASE,
    REJECT_PACT,
    Action,
    PlacePawn,
    single,
)
from gamelib.cnw.bridges import air_bridges, network_graph
from gamelib.cnw.delivery import SHIPS, delivery_actions, remove_pawn_actions
from gamelib.cnw.invariants import check_state
from gamelib.cnw.network import CODES, INDEX
from gamelib.cnw.operations import (
    _MEMO,
    attack,
    attack_actions,
    derive_operations,
    move_in_actions,
    occupy_actions,
    reroll_actions,
)
from gamelib.cnw.queries import (
    DECK,
    OBJECTIVES,
    attack_targets,
    deliverable,
    delivery_chain,
    move_targets,
    observation,
    occupy_targets,
    reinforcements,
    shipment_info,
)
from gamelib.cnw.reinforcements import reinforce_actions, tris_actions
from gamelib.cnw.reposition import reposition_actions
from gamelib.cnw.saves import from_json, to_json
from gamelib.cnw.setup import new_game
from gamelib.cnw.state import (
    BRIEFING,
    DELIVERY,
    ELIM_DEPLOY,
    ELIM_TRIS,
    MOVE_IN,
    NAME,
    OPERATIONS,
    OVER,
    PACT_ANSWER,
    PLACEMENT,
    REINFORCE,
    REPOSITION,
    REPOSITION_COUNT,
    REROLL_ATTACKER,
    REROLL_DEFENDER,
    CnwState,
    Rule,
    Tx,
)
from gamelib.cnw.turn import advance, current_player, is_over, winners
from gamelib.cnw.variants import normalise_options, pact_actions
from gamelib.cnw.victory import objective_met
from gamelib.core import IllegalAction

__all__ = [
    "NAME",
    "new_game",
    "legal_actions",
    "apply",
    "current_player",
    "is_over",
    "winners",
    "to_json",
    "from_json",
    "observation",
    # helpers for interfaces, bots and tests (defined in the modules named above)
    "DECK",
    "INDEX",
    "OBJECTIVES",
    "SHIPS",
    "air_bridges",
    "attack_targets",
    "check_state",
    "deliverable",
    "delivery_chain",
    "move_targets",
    "network_graph",
    "normalise_options",
    "objective_met",
    "occupy_targets",
    "reinforcements",
    "shipment_info",
]


# PlacePawn by gateway index, the shared instances of ``single`` looked up once (§4 step 5)
_PLACE = [single(PlacePawn, code) for code in CODES]


def legal_actions(state: CnwState) -> list[Action]:
    """Every action the player who decides now may take (empty once the game is over)."""
    phase = state.phase
    p = state.current
    if phase == OPERATIONS:
        if _MEMO[0] is state:
            return list(_MEMO[1])
        out = attack_actions(state, p)
        out.extend(occupy_actions(state, p))
        out.extend(pact_actions(state, p))
        out.append(END_PHASE)
        _MEMO[0] = state
        _MEMO[1] = out
        return list(out)
    if phase in (REINFORCE, ELIM_DEPLOY):
        return reinforce_actions(state, p)
    if phase in (REROLL_ATTACKER, REROLL_DEFENDER):
        return reroll_actions(state)
    if phase in (MOVE_IN, REPOSITION_COUNT):
        return move_in_actions(state)
    if phase == PLACEMENT:
        return [_PLACE[i] for i, o in enumerate(state.owner) if o == p]
    if phase == REPOSITION:
        out = reposition_actions(state, p)
        out.append(END_PHASE)
        return out
    if phase == DELIVERY:
        out = delivery_actions(state, p)
        out.append(END_PHASE)
        return out
    if phase == BRIEFING:
        return remove_pawn_actions(state, p)
    if phase == ELIM_TRIS:
        return tris_actions(state.hands[p])
    if phase == PACT_ANSWER:
        return [ACCEPT_PACT, REJECT_PACT]
    return []


# Every action's rule, from the module of the rulebook part it belongs to (see state.Rule).
_HANDLERS: dict[type, Rule] = {
    **setup.HANDLERS,
    **delivery.HANDLERS,
    **reinforcement_rules.HANDLERS,
    **operations.HANDLERS,
    **variants.HANDLERS,
    **reposition.HANDLERS,
    **turn.HANDLERS,
}


def apply(state: CnwState, action: Action) -> CnwState:
    """The state after ``action`` (the input is never changed). ``IllegalAction`` names the
    section of the rulebook the action breaks, and nothing changes."""
    handler = _HANDLERS.get(type(action))
    if handler is None:
        CODEC.check(action)  # raises: not an action of this game
    if state.phase == OVER:
        raise IllegalAction("§11", "game.over")
    t = Tx(state)
    step = handler(t, action)
    if step is not None:
        advance(t, step)
    s = t.s
    s.actions = state.actions + 1
    if handler is attack and _MEMO[0] is state and s.phase == OPERATIONS:
        derive_operations(state, s, action)
    return s
