"""Repositioning (§5 phase 4, "§5.4" in the engine's reasons; §13 phase 4): one move a turn,
from a gateway of yours with a pawn to spare to another joined to it by a chain of your own
gateways (air bridges included, §7.3). The move is chosen first (``Reposition``), then how many
pawns it carries (``MoveIn``), unless only one can go.
"""

from __future__ import annotations

from gamelib.cnw.actions import Reposition, count_field, gateway_field
from gamelib.cnw.bridges import component
from gamelib.cnw.network import CODES, HUB
from gamelib.cnw.state import (
    DELIVERY,
    OVER,
    REPOSITION,
    REPOSITION_COUNT,
    CnwState,
    Rule,
    Tx,
    geo_of,
    need_phase,
)
from gamelib.cnw.victory import victory
from gamelib.core import IllegalAction

# Shared Reposition instances: _MOVES[source][target].
_MOVES = [[Reposition(a, b) for b in CODES] for a in CODES]


def can_reposition(state: CnwState, p: int) -> bool:
    """Whether any repositioning move exists: a gateway with a spare pawn next to another of
    yours, or a hub with one to spare while you hold another hub (bridge open)."""
    g = geo_of(state)
    owner = state.owner
    pawns = state.pawns
    hubs = sum(1 for h in g.hubs if owner[h] == p) if state.bridges_closed < 0 else 0
    for i in g.playable:
        if owner[i] == p and pawns[i] >= 2:
            if hubs >= 2 and HUB[i]:
                return True
            for j in g.adj[i]:
                if owner[j] == p:
                    return True
    return False


def reposition_actions(state: CnwState, p: int) -> list[Reposition]:
    g = geo_of(state)
    owner = state.owner
    pawns = state.pawns
    out: list[Reposition] = []
    components: dict[int, list[int]] = {}
    for i, o in enumerate(owner):
        if o != p or pawns[i] < 2:
            continue
        comp = components.get(i)
        if comp is None:
            comp = sorted(component(state, g, p, i))
            for j in comp:
                components[j] = comp
        if len(comp) < 2:
            continue
        rows = _MOVES[i]
        out += [rows[j] for j in comp if j != i]
    return out


def reposition(t: Tx, a: Reposition) -> str | None:
    """§5.4: choose the move (source and target); how many pawns it carries comes next (a
    MoveIn decision, like after a conquest), unless only one pawn can go."""
    s = t.s
    need_phase(s, (REPOSITION,), "§5.4", "reposition")
    p = s.current
    i = gateway_field(a.source, "§5.4")
    j = gateway_field(a.target, "§5.4")
    if s.owner[i] != p or s.owner[j] != p or i == j:
        raise IllegalAction("§5.4", "reposition.not_yours", source=a.source, target=a.target)
    if s.pawns[i] < 2:
        raise IllegalAction("§5.4", "reposition.too_few_pawns", source=a.source)
    if j not in component(s, geo_of(s), p, i):
        raise IllegalAction("§5.4", "reposition.no_chain", source=a.source, target=a.target)
    most = s.pawns[i] - 1
    if most == 1:
        return do_reposition(t, i, j, 1)
    s.move_in = [i, j, 1, most, -1]
    s.phase = REPOSITION_COUNT
    return None


def reposition_count(t: Tx, count: object) -> str | None:
    """The MoveIn that follows a Reposition: 1 to all but one of the source's pawns."""
    s = t.s
    i, j, least, most, _ = s.move_in
    n = count_field(count, "§5.4")
    if not least <= n <= most:
        raise IllegalAction("§5.4", "reposition.count", most=most, count=n)
    s.move_in = None
    return do_reposition(t, i, j, n)


def do_reposition(t: Tx, i: int, j: int, n: int) -> str | None:
    s = t.s
    pawns = t.mut("pawns")
    pawns[i] -= n
    pawns[j] += n
    victory(t, (s.current,))
    if s.phase != OVER:
        return DELIVERY
    return None


HANDLERS: dict[type, Rule] = {Reposition: reposition}
