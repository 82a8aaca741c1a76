"""The variants of §12 as the engine applies them: options (§12), teams (§12.2 TEAM BUILDING:
who is a friend, who an opponent) and pacts (§12.4 DIPLOMAZIA: listing, proposing, answering).

FIERA's smaller map (§12.1) and REALISMO ALTO's routes (§12.3) are in ``network.py``; the
§12.3 delivery values in ``delivery.py``; team victory (§12.2) in ``victory.py``; betrayal of
a pact (§12.4) where it happens, in ``operations.py`` (an attack).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamelib.cnw import tables
from gamelib.cnw.actions import AcceptPact, ProposePact, RejectPact, count_field, single
from gamelib.cnw.state import OPERATIONS, PACT_ANSWER, CnwState, Rule, Tx, need_phase
from gamelib.core import IllegalAction

VARIANTS = tables.variants()
OPTION_KEYS = ("fiera", "team_building", "teams", "realismo_alto", "diplomazia", "turn_cap")


def normalise_options(players: int, options: Mapping[str, Any], saved: bool = False) -> dict:
    """Check the variant options of §12 and fill in defaults (teams alternate seats)."""
    unknown = set(options) - set(OPTION_KEYS)
    if unknown:
        raise IllegalAction(
            "§12", "options.unknown", unknown=tuple(sorted(unknown)), known=tuple(OPTION_KEYS)
        )
    out: dict[str, Any] = {}
    for key in ("fiera", "team_building", "realismo_alto", "diplomazia"):
        value = options.get(key, False)
        if not isinstance(value, bool):
            raise IllegalAction("§12", "options.not_bool", option=key, given=repr(value))
        out[key] = value
    cap = options.get("turn_cap")
    if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int) or cap < 1):
        raise IllegalAction("§silent", "options.turn_cap", given=repr(cap))
    out["turn_cap"] = cap
    teams = options.get("teams")
    if out["team_building"]:
        tb = VARIANTS["team_building"]
        if teams is None:
            teams = [seat % 2 for seat in range(players)]
        teams = list(teams)
        if len(teams) != players or not all(t in (0, 1) and type(t) is int for t in teams):
            raise IllegalAction("§12.2", "teams.seats")
        sizes = [teams.count(0), teams.count(1)]
        if not all(tb["team_size_min"] <= size <= tb["team_size_max"] for size in sizes):
            raise IllegalAction(
                "§12.2",
                "teams.sizes",
                least=tb["team_size_min"],
                most=tb["team_size_max"],
                first=sizes[0],
                second=sizes[1],
            )
    elif teams is not None:
        raise IllegalAction("§12.2", "teams.without_variant")
    out["teams"] = teams
    if saved and dict(options) != out:
        raise IllegalAction("§12", "options.not_normal")
    return out


def friends(state: CnwState, player: int) -> tuple[int, ...]:
    """The player and its teammates (§12.2)."""
    teams = state.options["teams"]
    if teams is None:
        return (player,)
    return tuple(q for q in range(state.players) if teams[q] == teams[player])


def enemy(state: CnwState, player: int, other: int) -> bool:
    """Whether ``other`` (a seat, or NEUTRAL) is an opponent of ``player`` (§7.1, §12.2)."""
    if other < 0 or other == player:
        return False
    teams = state.options["teams"]
    return teams is None or teams[other] != teams[player]


# -- §12.4 DIPLOMAZIA --------------------------------------------------------------------------


def pact_actions(state: CnwState, p: int) -> list[ProposePact]:
    if not state.options["diplomazia"]:
        return []
    return [single(ProposePact, q) for q in pact_partners(state, p)]


def pact_partners(state: CnwState, p: int) -> list[int]:
    """Opponents still playing, not bound to ``p`` by a pact and not yet asked this turn."""
    bound = {x for a, b, _ in state.pacts if p in (a, b) for x in (a, b)}
    return [
        q
        for q in range(state.players)
        if state.alive[q] and enemy(state, p, q) and q not in bound and q not in state.offered
    ]


def propose_pact(t: Tx, a: ProposePact) -> None:
    s = t.s
    if not s.options["diplomazia"]:
        raise IllegalAction("§12.4", "pact.no_diplomazia")
    need_phase(s, (OPERATIONS,), "§12.4", "propose_pact")
    q = count_field(a.partner, "§12.4", "partner")
    if q not in pact_partners(s, s.current):
        raise IllegalAction("§12.4", "pact.partner", partner=q)
    s.offer = [s.current, q]
    s.offered = [*s.offered, q]
    s.phase = PACT_ANSWER


def answer_pact(t: Tx, a: AcceptPact | RejectPact) -> str:
    s = t.s
    need_phase(s, (PACT_ANSWER,), "§12.4", "answer_pact")
    p, q = s.offer
    if isinstance(a, AcceptPact):
        s.pacts = [*s.pacts, [min(p, q), max(p, q), p]]
    s.offer = None
    return OPERATIONS


HANDLERS: dict[type, Rule] = {
    ProposePact: propose_pact,
    AcceptPact: answer_pact,
    RejectPact: answer_pact,
}
