"""Victory (§11): domination, the secret Network Objective (§11.1, with its fallback) and the
SLA target (18, or FIERA's §12.1 target); a team's victory under TEAM BUILDING (§12.2). The
game ends at once when a condition is met, whoever's action met it.
"""

from __future__ import annotations

from collections.abc import Iterable

from gamelib.cnw import objectives, tables
from gamelib.cnw.state import (
    DOMINATION,
    OBJECTIVE,
    OVER,
    PLACEMENT,
    SLA,
    TEAM,
    CnwState,
    Tx,
    geo_of,
)
from gamelib.cnw.variants import VARIANTS, friends

OBJECTIVES = objectives.load()
SETUP = tables.setup()


def sla_target(state: CnwState) -> int:
    if state.options["fiera"]:
        return int(VARIANTS["fiera"]["sla_to_win"])
    return int(SETUP["sla_to_win"])


def objective_met(state: CnwState, player: int) -> bool:
    """Whether ``player``'s secret Network Objective is complete (§11, fallback §11.1)."""
    k = state.objectives[player]
    if k < 0:
        return False
    obj = OBJECTIVES.cards[k]
    owner = state.owner
    if obj.kind == "eliminate":
        c = obj.colour
        if c != player and c < state.players:
            if state.alive[c]:
                return False
            if state.eliminated_by[c] == player:
                return True
        return owner.count(player) >= OBJECTIVES.fallback_gateways  # §11.1
    if obj.kind == "gateways":
        pawns = state.pawns
        return (
            sum(1 for i, o in enumerate(owner) if o == player and pawns[i] >= obj.min_pawns)
            >= obj.count
        )
    if obj.kind == "hubs":
        return sum(1 for h in geo_of(state).hubs if owner[h] == player) >= obj.count
    if obj.kind == "routes":
        return (
            sum(1 for a, b in geo_of(state).routes if owner[a] == player == owner[b]) >= obj.count
        )
    regions = geo_of(state).regions
    held = [rid for rid, members, _ in regions if all(owner[i] == player for i in members)]
    if any(r not in held for r in obj.regions):
        return False
    return len(held) - len(obj.regions) >= obj.extra


def victory(t: Tx, players: Iterable[int]) -> None:
    """§11: the game ends at once when a player meets a condition (checked in this order:
    domination, Network Objective, SLA); §12.2 for teams."""
    s = t.s
    if s.phase == OVER or s.phase == PLACEMENT:
        return
    teams = s.options["teams"]
    for p in players:
        if not s.alive[p]:
            continue
        if teams is not None:
            mates = friends(s, p)
            rivals_alive = any(s.alive[q] for q in range(s.players) if q not in mates)
            if not rivals_alive:
                end(t, list(mates), DOMINATION)
                return
            if sum(s.sla[q] for q in mates) >= int(VARIANTS["team_building"]["team_sla"]):
                end(t, list(mates), TEAM)
                return
            continue
        if not any(s.alive[q] for q in range(s.players) if q != p):
            end(t, [p], DOMINATION)
            return
        if objective_met(s, p):
            end(t, [p], OBJECTIVE)
            return
        if s.sla[p] >= sla_target(s):
            end(t, [p], SLA)
            return


def end(t: Tx, who: list[int], how: str) -> None:
    s = t.s
    s.phase = OVER
    s.winners = sorted(who)
    s.victory = how
    s.roll = None
    s.move_in = None
    s.offer = None
