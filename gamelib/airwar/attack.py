"""§Fase Attacco: announce a target (the resources, an enemy airbase or carrier) or pass the
stage, build the face-down mission within the free capacity of one's own hosts (only
carrier-based aircraft from carriers, §Stadio Portaerei), and send it.

Decision (see docs): the engine shuffles the mission with the game's RNG when it is sent, so
the defender's blind pick (:mod:`.intercept`) is a chance outcome.
"""

from __future__ import annotations

from typing import Any

from gamelib.core import IllegalAction, rng_from

from .actions import AddToMission, Attack, PassStage, SendMission
from .cards import SIDES
from .damage import end_combat
from .state import AirWarState, Raid
from .turn import next_stage
from .values import (
    CARDS,
    RESOURCES,
    S_ATTACK,
    Step,
    attack_capacity,
    can_fly,
    ev,
    other,
    scramble_room,
)


def _attack(s: AirWarState, a: Attack) -> None:
    """§Fase Attacco: announce the target."""
    s.raid = Raid(target=a.target)
    s.step = "launch"
    ev(s, "attack", side=SIDES[s.active], stage=s.stage, target=a.target)


def _pass_stage(s: AirWarState, a: PassStage) -> None:
    ev(s, "pass_stage", side=SIDES[s.active], stage=s.stage)
    next_stage(s)


def _add_to_mission(s: AirWarState, a: AddToMission) -> None:
    s.hand[s.active].remove(a.card)
    s.raid.mission.append(a.card)  # type: ignore[union-attr]


def _send_mission(s: AirWarState, a: SendMission) -> None:
    """§Fase Attacco: the mission flies face down; its order is fixed by the game's RNG, so
    the defender's blind pick is pure chance (decision, see docs)."""
    r = s.raid
    assert r is not None
    rng = rng_from(s.rng)
    rng.shuffle(r.mission)
    s.rng = rng.getstate()
    ev(s, "mission", side=SIDES[s.active], count=len(r.mission), target=r.target)
    fb, fc = scramble_room(s)
    if fb + fc <= 0:
        ev(s, "no_interception", reason="no free capacity")
        end_combat(s)
        return
    s.step = "scramble"


def _legal_target(s: AirWarState) -> list[Any]:
    p = s.active
    q = other(p)
    out: list[Any] = [PassStage()]
    if attack_capacity(s, p, s.stage) > 0 and any(can_fly(CARDS[c], s.stage) for c in s.hand[p]):
        out.append(Attack(RESOURCES))
        out.extend(Attack(b) for b in s.bases[q])
        out.extend(Attack(c) for c in s.carriers[q])
    return out


def _legal_launch(s: AirWarState) -> list[Any]:
    p = s.active
    r = s.raid
    assert r is not None
    out: list[Any] = []
    if len(r.mission) < attack_capacity(s, p, s.stage):
        out = [AddToMission(c) for c in s.hand[p] if can_fly(CARDS[c], s.stage)]
    if r.mission:
        out.append(SendMission())
    return out


def _why_attack(s: AirWarState, a: Attack) -> IllegalAction:
    p = s.active
    if attack_capacity(s, p, s.stage) <= 0:
        return IllegalAction("§Fase Attacco", "mission.no_capacity")
    if not any(can_fly(CARDS[c], s.stage) for c in s.hand[p]):
        if s.stage == "carrier":
            return IllegalAction("§Stadio Portaerei", "mission.no_carrier_aircraft")
        return IllegalAction("§Fase Attacco", "mission.no_aircraft")
    return IllegalAction("§Fase Attacco", "mission.bad_target", target=a.target)


def _why_add_to_mission(s: AirWarState, a: AddToMission) -> IllegalAction:
    card = CARDS.get(a.card)
    if a.card not in s.hand[s.active] or card is None or card.kind != "aircraft":
        return IllegalAction("§Fase Attacco", "mission.not_in_hand")
    if not can_fly(card, s.stage):
        return IllegalAction("§Stadio Portaerei", "mission.not_carrier_based", card=a.card)
    return IllegalAction(
        "§Fase Attacco", "mission.too_big", capacity=attack_capacity(s, s.active, s.stage)
    )


def _why_send_mission(s: AirWarState, a: SendMission) -> IllegalAction:
    return IllegalAction("§Fase Attacco", "mission.empty")


STEPS = {
    "target": Step(
        S_ATTACK, "the Attack phase (choose a target or pass)", (Attack, PassStage), _legal_target
    ),
    "launch": Step(
        S_ATTACK, "the Attack phase (build the mission)", (AddToMission, SendMission), _legal_launch
    ),
}
HANDLERS: dict[type, Any] = {
    Attack: _attack,
    PassStage: _pass_stage,
    AddToMission: _add_to_mission,
    SendMission: _send_mission,
}
WHY: dict[type, Any] = {
    Attack: _why_attack,
    AddToMission: _why_add_to_mission,
    SendMission: _why_send_mission,
}
