"""Which control cards answer a threat: a Countermeasure that lists its number (§Carte
Controllo), a Logiquo unless the threat forbids it (§Carte speciali di Controllo), in the
number its Regole Speciali ask (§Regole Speciali), with this turn's anomalies (§Anomalie).
"""

from __future__ import annotations

import itertools
from typing import Any

from .cards import DECK_SIZE, card
from .state import State
from .table import MITIGATES, RULES, kind


def _threat_card(s: State):
    return card(s.threat) if s.threat is not None else None


# in_force by (threat, the three anomaly flags it reads): asked at every step and decision
_IN_FORCE: dict[tuple[Any, ...], dict[str, Any]] = {}


def in_force(state: State) -> dict[str, Any]:
    """The rules binding the threat on the table, after its Regole Speciali (§Regole Speciali)
    and this turn's anomalies: what a game table should show beside the threat (a new dict:
    the caller may keep or change it)."""
    flags = state.flags
    key = (
        state.threat,
        flags.get("extra", 0),
        flags.get("no_collab", False),
        flags.get("no_redraw", False),
    )
    rules_now = _IN_FORCE.get(key)
    if rules_now is None:
        rules_now = _IN_FORCE[key] = _in_force(state)
    return dict(rules_now)


def _in_force(state: State) -> dict[str, Any]:
    t = _threat_card(state)
    special = t.special if t is not None else {}
    base = int(special.get("controls_required", 1))
    required = min(base + int(state.flags.get("extra", 0)), RULES["max_controls_required"])
    return {
        "controls_required": required,
        "logiquo": special.get("logiquo", True),
        "collaboration": special.get("collaboration", True)
        and not state.flags.get("no_collab", False),
        "pentaqo": special.get("pentaqo", True),
        "redraw": special.get("redraw", True) and not state.flags.get("no_redraw", False),
    }


def helps(cid: int, threat_id: int) -> bool:
    """Whether control card ``cid`` counts against threat ``threat_id``: a countermeasure that
    lists its number (§Carte Controllo) or a Logiquo unless forbidden (§Carte speciali)."""
    k = kind(cid)
    t = card(threat_id)
    if k == "countermeasure":
        return t.number in MITIGATES[cid % DECK_SIZE]
    if k == "logiquo":
        return t.special.get("logiquo", True) is not False
    return False


def can_neutralise(hand: list[int] | tuple[int, ...], threat_id: int, extra: int = 0) -> bool:
    """Whether ``hand`` alone holds enough cards against threat ``threat_id`` (used by odds)."""
    t = card(threat_id)
    need = min(int(t.special.get("controls_required", 1)) + extra, RULES["max_controls_required"])
    return sum(1 for c in hand if helps(c, threat_id)) >= need


def neutralise_options(state: State) -> list[tuple[int, ...]]:
    """Every set of cards the active player may play now (§Struttura.2, §Regole Speciali)."""
    if state.phase != "reaction" or state.threat is None:
        return []
    need = in_force(state)["controls_required"]
    useful = sorted(c for c in state.hands[state.active] if helps(c, state.threat))
    return list(itertools.combinations(useful, need))
