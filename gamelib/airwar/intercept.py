"""§Fase Intercetto: the defender builds an intercept hand within the free capacity (airbases,
or carriers in the Carrier stage, each also the other kind when that kind is attacked, see
§Stadio Portaerei), from aircraft with Air-to-Air of at least 1, then opens each duel by
picking a face-down mission card blindly.

The capacity counts are in :mod:`.values`; the duel itself is in :mod:`.combat`.
"""

from __future__ import annotations

from typing import Any

from gamelib.core import IllegalAction

from .actions import AddInterceptor, Intercept, ScrambleDone
from .cards import SIDES
from .combat import combat_next, declare
from .damage import end_combat
from .state import AirWarState
from .values import (
    CARDS,
    S_INTERCEPT,
    K,
    Step,
    can_scramble,
    ev,
    other,
    scramble_hosts,
    scramble_room,
)


def _hand_aircraft(state: AirWarState, player: int) -> list[str]:
    return [c for c in state.hand[player] if CARDS[c].kind == "aircraft"]


def _add_interceptor(s: AirWarState, a: AddInterceptor) -> None:
    s.hand[other(s.active)].remove(a.card)
    s.raid.intercept.append(a.card)  # type: ignore[union-attr]


def _scramble_done(s: AirWarState, a: ScrambleDone) -> None:
    r = s.raid
    assert r is not None
    ev(s, "scramble", side=SIDES[other(s.active)], count=len(r.intercept))
    if not r.intercept:
        end_combat(s)
        return
    s.step = "combat"
    r.mode = "choice"
    combat_next(s)


def _intercept(s: AirWarState, a: Intercept) -> None:
    """§Fase Intercetto: an interceptor face up against a blindly picked mission card."""
    r = s.raid
    assert r is not None
    r.intercept.remove(a.interceptor)
    att = r.mission.pop(a.position)
    declare(s, att, a.interceptor, False, False, other(s.active))


def _legal(s: AirWarState) -> list[Any]:
    r = s.raid
    assert r is not None
    room = (*scramble_hosts(s), *scramble_room(s))
    out: list[Any] = [
        AddInterceptor(c)
        for c in _hand_aircraft(s, other(s.active))
        if CARDS[c].air_to_air >= K["min_interceptor_air_to_air"]
        and can_scramble(s, r.intercept, CARDS[c], room)
    ]
    out.append(ScrambleDone())
    return out


def _why_add_interceptor(s: AirWarState, a: AddInterceptor) -> IllegalAction:
    q = other(s.active)
    card = CARDS.get(a.card)
    if card is not None and any(a.card in v for v in s.grounded[q].values()):
        return IllegalAction("§Fase Intercetto", "intercept.grounded", card=a.card)
    if a.card not in s.hand[q] or card is None or card.kind != "aircraft":
        return IllegalAction("§Fase Intercetto", "intercept.not_in_hand")
    if card.air_to_air < K["min_interceptor_air_to_air"]:
        return IllegalAction(
            "§Fase Intercetto",
            "intercept.air_to_air",
            card=a.card,
            minimum=K["min_interceptor_air_to_air"],
        )
    if s.stage == "carrier" and not card.carrier_based and not scramble_hosts(s)[0]:
        return IllegalAction("§Stadio Portaerei", "intercept.land_based", card=a.card)
    return IllegalAction("§Fase Intercetto", "intercept.no_capacity")


def _why_intercept(s: AirWarState, a: Intercept) -> IllegalAction:
    r = s.raid
    assert r is not None
    if r.mode == "att_response":
        return IllegalAction("§Fase Combattimento", "duel.attacker_answers")
    if a.interceptor not in r.intercept:
        return IllegalAction("§Fase Intercetto", "duel.not_an_interceptor", card=a.interceptor)
    return IllegalAction("§Fase Intercetto", "duel.no_such_position")


STEPS = {
    "scramble": Step(S_INTERCEPT, "the Intercept phase", (AddInterceptor, ScrambleDone), _legal)
}
HANDLERS: dict[type, Any] = {
    AddInterceptor: _add_interceptor,
    ScrambleDone: _scramble_done,
    Intercept: _intercept,
}
WHY: dict[type, Any] = {AddInterceptor: _why_add_interceptor, Intercept: _why_intercept}
