"""What every phase reads: the rulebook headings, the rule constants, the cards, and the
numbers the rules compare, with the War and Battle cards that change them.

§Basi Aeree and §Portaerei (capacity and Defense of a host in play, with its War cards),
§Fase Attacco and §Stadio Portaerei (how many aircraft a mission may hold, which may fly),
§Fase Intercetto (the free room a defender may scramble with), the Bombing, Convoy and Carrier
attack of an aircraft with its attached Battle cards (§Fase Combattimento), and ``ev``, the
public event log every phase writes to. Nothing here changes a state but ``ev``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from .cards import SIDES, Card, by_id, constants
from .state import AirWarState

# Rulebook headings, used as section references.
S_GOAL = "§Ambientazione"
S_MATERIALS = "§Materiali"
S_SETUP = "§Il Gioco"
S_MOB = "§Stadio Mobilitazione"
S_AIRBASE = "§Stadio Base Aerea"
S_ATTACK = "§Fase Attacco"
S_INTERCEPT = "§Fase Intercetto"
S_COMBAT = "§Fase Combattimento"
S_DAMAGE = "§Fase di Assegnazione dei Danni"
S_CARRIER = "§Stadio Portaerei"
S_RESOURCES = "§Assegnazione dei Danni"
S_INDUSTRY = "§Carta Industria"
S_CONVOY = "§Carta Convoglio"
S_BASES = "§Basi Aeree"
S_CARRIERS = "§Portaerei"
S_END = "§Fine del Turno"

K = constants()
CARDS: dict[str, Card] = by_id()
SIDE_OF: dict[str, int] = {cid: SIDES.index(c.side) for cid, c in CARDS.items()}
RESOURCES = "resources"
_CAPACITY = {cid: c.capacity for cid, c in CARDS.items()}
_CAPACITY_BONUS = {
    cid: (c.param("amount") if c.effect == "base_capacity" else 0) for cid, c in CARDS.items()
}


def other(player: int) -> int:
    return 1 - player


def host_capacity(state: AirWarState, player: int, host: str) -> int:
    """Capacity of an airbase or carrier in play, with its War cards (§Basi Aeree)."""
    cap = _CAPACITY[host]
    wars = state.war[player]
    if wars:
        for war, base in wars.items():
            if base == host:
                cap += _CAPACITY_BONUS[war]
    return cap


def host_defense(state: AirWarState, player: int, host: str) -> int:
    """Defense of an airbase or carrier in play, with its War cards (§Basi Aeree, §Portaerei)."""
    value = CARDS[host].defense
    for war, base in state.war[player].items():
        if base == host and CARDS[war].effect == "base_defense":
            value += CARDS[war].param("amount")
    return value


def free_room(state: AirWarState, player: int, host: str) -> int:
    """Capacity minus the aircraft already grounded there (§Fase Intercetto)."""
    planes = state.grounded[player].get(host)
    return host_capacity(state, player, host) - (len(planes) if planes else 0)


def war_total(state: AirWarState, player: int, effect: str) -> int:
    """Sum of a global War effect in play for ``player`` (War cards sit on a standing base)."""
    return sum(CARDS[w].param("amount") for w in state.war[player] if CARDS[w].effect == effect)


def attached_bonus(state: AirWarState, aircraft: str, key: str) -> int:
    """Bonus from Battle cards attached to ``aircraft`` (§Fase Combattimento, lasting cards)."""
    total = 0
    for battle, plane in state.attached[SIDE_OF[aircraft]].items():
        if plane == aircraft:
            total += CARDS[battle].param(key)
    return total


def strike_value(state: AirWarState, aircraft: str, stat: str) -> int:
    """Bombing, Convoy attack or Carrier attack of an aircraft, with attached Battle cards."""
    return getattr(CARDS[aircraft], stat) + attached_bonus(state, aircraft, "own_" + stat)


def attack_capacity(state: AirWarState, player: int, stage: str) -> int:
    """Mission size limit: the free capacity of all airbases (Airbase stage) or carriers
    (Carrier stage) (§Fase Attacco, §Stadio Portaerei)."""
    hosts = state.bases[player] if stage == "airbase" else state.carriers[player]
    return sum(max(0, free_room(state, player, h)) for h in hosts)


def can_fly(card: Card, stage: str) -> bool:
    """Any aircraft flies from an airbase; only carrier-based ones from a carrier (§Stadio
    Base Aerea, §Stadio Portaerei)."""
    return card.kind == "aircraft" and (stage == "airbase" or card.carrier_based)


def scramble_hosts(state: AirWarState, target: str | None = None) -> tuple[bool, bool]:
    """Which of the defender's hosts give interception capacity in the current raid: its own
    stage's hosts, plus carriers when a carrier is attacked in the Airbase stage and airbases
    when an airbase is attacked in the Carrier stage (§Fase Intercetto, §Stadio Portaerei)."""
    if target is None:
        target = state.raid.target if state.raid is not None else RESOURCES
    kind = "resources" if target == RESOURCES else CARDS[target].kind
    if state.stage == "airbase":
        return True, kind == "carrier"
    return kind == "airbase", True


def scramble_room(state: AirWarState, target: str | None = None) -> tuple[int, int]:
    """Free capacity (bases, carriers) the defender may intercept with (§Fase Intercetto)."""
    q = other(state.active)
    use_bases, use_carriers = scramble_hosts(state, target)
    fb = sum(max(0, free_room(state, q, h)) for h in state.bases[q]) if use_bases else 0
    fc = sum(max(0, free_room(state, q, h)) for h in state.carriers[q]) if use_carriers else 0
    return fb, fc


def can_scramble(
    state: AirWarState,
    interceptors: list[str],
    card: Card,
    room: tuple[bool, bool, int, int] | None = None,
) -> bool:
    """Whether one more interceptor fits: land-based aircraft need airbase room, carrier-based
    may use either, and the survivors must be able to land (§Fase Intercetto)."""
    if room is None:
        room = (*scramble_hosts(state), *scramble_room(state))
    use_bases, use_carriers, fb, fc = room
    total = len(interceptors) + 1
    if not use_carriers:
        return total <= fb
    if not use_bases:
        return card.carrier_based and total <= fc
    land = sum(1 for c in interceptors if not CARDS[c].carrier_based)
    land += 0 if card.carrier_based else 1
    return land <= fb and total <= fb + fc


def ev(s: AirWarState, kind: str, **data: Any) -> None:
    """Log a public event of this action (widgets and the history show them)."""
    s.events.append({"type": kind, **data})


class Step(NamedTuple):
    """One step of a turn (``AirWarState.step``), declared by the module of its section: the
    rule that governs it, where it is in words (for the reason of an illegal action), the
    decisions it allows and the function listing those legal now."""

    rule: str
    where: str
    decisions: tuple[type, ...]
    legal: Callable[[AirWarState], list[Any]]
