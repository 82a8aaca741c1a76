"""What a placement leaves open (§4 step 5), for the lessons and for anyone comparing placements.

The rulebook calls the placement round (§4 step 5) the most important decision of the game and
tells what to guard: both ends of the dashed routes (§3.3), the hubs you want to keep (§3.2), and
the gateways of your two shipments' delivery chains (§10.1). Nothing here is a rule: these are
read-only measures of a dealt and placed board, and a few placement plans to compare.

* :data:`PLANS` and :func:`plan_pawns`: four ways to place one player's starting pawns, decided
  from the deal alone (this project's teaching plans, not the rulebook's): ``spread`` (round the
  gateways, evenly), ``borders`` (the gateways an enemy can attack, the most exposed first),
  ``rulebook`` (the rulebook's advice: dashed route ends, hubs, the shipments' corridors) and
  ``stack`` (everything on the single most exposed gateway).
* :func:`place_round`: the whole round (§4 step 5), one pawn at a time from the opener, one
  player following a plan and the others choosing with a callable (a bot).
* :func:`openness`: per player, what the board leaves open after it: gateways an adjacent enemy
  stack is favoured to take (attack odds of §7.2 with the hub's +1 of §8.3, air bridges §7.3
  included), enemy gateways it is favoured to take itself, exposed borders, dashed routes held,
  hubs, and which region bonuses (§3.1) are within reach.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamelib.cnw import battle, shipments
from gamelib.cnw.actions import PlacePawn
from gamelib.cnw.board import load as load_board
from gamelib.cnw.corridors import corridor
from gamelib.cnw.network import CODES, HUB, INDEX
from gamelib.cnw.queries import attack_targets
from gamelib.cnw.rules import apply
from gamelib.cnw.state import PLACEMENT, CnwState, geo_of

PLANS = ("spread", "borders", "rulebook", "stack")
FAVOURED = 0.5  # "favoured to take": a conquest chance of at least one half (our measure)
BOARD = load_board()
SHIPS = shipments.load()


def _enemy_links(state: CnwState, player: int, i: int) -> int:
    """How many board links join gateway ``i`` to a gateway that is not ``player``'s."""
    code = CODES[i]
    return sum(1 for n in BOARD.neighbours(code) if state.owner[INDEX[n]] != player)


def _owned(state: CnwState, player: int) -> list[int]:
    return [i for i, o in enumerate(state.owner) if o == player]


def guarded(state: CnwState, player: int) -> list[str]:
    """The gateways the rulebook tells ``player`` to guard (§4 step 5): its ends of the dashed
    routes, its hubs, and its gateways on a shortest corridor of its two shipments."""
    mine = set(_owned(state, player))
    keep: list[int] = []
    for a, b in geo_of(state).routes:
        keep += [i for i in (a, b) if i in mine]
    keep += [i for i in sorted(mine) if HUB[i]]
    for card, _deadline in state.shipments[player]:
        ship = SHIPS.cards[card]
        keep += [INDEX[c] for c in corridor(ship.origin, ship.destination) if INDEX[c] in mine]
    return [CODES[i] for i in dict.fromkeys(keep)]


def plan_pawns(state: CnwState, player: int, plan: str) -> list[str]:
    """Where ``player``'s remaining starting pawns go under ``plan``, in order: one gateway per
    pawn, decided from the deal (the state before the round)."""
    if plan not in PLANS:
        raise ValueError(f"no placement plan {plan!r}: one of {', '.join(PLANS)}")
    mine = _owned(state, player)
    pawns = state.reserve[player]
    exposure = {i: _enemy_links(state, player, i) for i in mine}
    border = sorted((i for i in mine if exposure[i]), key=lambda i: (-exposure[i], i))
    if plan == "spread":
        cycle = sorted(mine)
    elif plan == "borders":
        # the most exposed gateways get a pawn each round, weighted by their enemy links
        cycle = [i for i in border for _ in range(exposure[i])] or sorted(mine)
    elif plan == "rulebook":
        cycle = [INDEX[c] for c in guarded(state, player)] or border or sorted(mine)
    else:  # stack
        cycle = (border or sorted(mine))[:1]
    return [CODES[cycle[k % len(cycle)]] for k in range(pawns)]


def place_round(
    state: CnwState, player: int, plan: str, others: Callable[[CnwState], Any]
) -> CnwState:
    """Play the placement round (§4 step 5) from ``state``: ``player`` follows ``plan``, every
    other seat places with ``others(state)`` (a bot's ``choose``). Returns the state after it."""
    todo = plan_pawns(state, player, plan)
    while state.phase == PLACEMENT:
        if state.current == player:
            state = apply(state, PlacePawn(todo.pop(0)))
        else:
            state = apply(state, others(state))
    return state


def _chance(state: CnwState, source: int, target: int) -> float:
    """Conquest chance of the whole stack on ``source`` against ``target`` (§7.2, §8.3)."""
    return battle.conquest_probability(
        state.pawns[source] - 1, state.pawns[target], hub=HUB[target]
    )


def threats(state: CnwState) -> dict[str, tuple[str, float]]:
    """For every gateway someone can attack: the enemy gateway most favoured to take it (links
    and air bridges, §7.1, §7.3) and that conquest chance."""
    best: dict[str, tuple[str, float]] = {}
    for i, code in enumerate(CODES):
        if state.owner[i] < 0:
            continue
        for target in attack_targets(state, code):
            p = _chance(state, i, INDEX[target])
            if target not in best or p > best[target][1]:
                best[target] = (code, p)
    return best


def openness(state: CnwState, player: int) -> dict[str, Any]:
    """What the board leaves open to and against ``player`` (see the module docstring).

    ``open``: its gateways an enemy is favoured to take (code -> (attacker, chance));
    ``targets``: enemy gateways it is favoured to take (code -> (its source, chance));
    ``at_risk``: the sum of the ``open`` chances (how many gateways it may expect to lose if
    each were attacked once, in full); ``exposed``: its gateways with a link to
    an enemy; ``routes``: the dashed routes whose both ends it holds; ``route_ends``: its ends
    of dashed routes; ``hubs``; ``regions``: region id -> gateways still missing;
    ``in_reach``: regions complete or whose every missing gateway is one of ``targets``.
    """
    mine = _owned(state, player)
    danger = threats(state)
    opened = {
        CODES[i]: danger[CODES[i]]
        for i in mine
        if CODES[i] in danger and danger[CODES[i]][1] >= FAVOURED
    }
    targets = {
        code: (source, p)
        for code, (source, p) in sorted(danger.items())
        if state.owner[INDEX[source]] == player and p >= FAVOURED
    }
    regions = {
        rid: [c for c in region.gateways if state.owner[INDEX[c]] != player]
        for rid, region in BOARD.regions.items()
    }
    route_ends = [CODES[i] for a, b in geo_of(state).routes for i in (a, b) if i in mine]
    return {
        "gateways": [CODES[i] for i in mine],
        "pawns": sum(state.pawns[i] for i in mine),
        "hubs": [CODES[i] for i in mine if HUB[i]],
        "exposed": [CODES[i] for i in mine if _enemy_links(state, player, i)],
        "open": opened,
        "at_risk": sum(p for _, p in opened.values()),
        "targets": targets,
        "routes": [
            f"{CODES[a]}–{CODES[b]}"
            for a, b in geo_of(state).routes
            if state.owner[a] == player and state.owner[b] == player
        ],
        "route_ends": list(dict.fromkeys(route_ends)),
        "regions": regions,
        "in_reach": [rid for rid, miss in regions.items() if set(miss) <= set(targets)],
    }
