"""§Fase di Assegnazione dei Danni and what it strikes: §Carta Industria (the end of the war),
§Carta Convoglio (a sunk convoy: discards, Industry -4, reset), §Basi Aeree and §Portaerei
(destroyed in one attack, War cards discarded, one grounded aircraft lost, the rest back to
the hand), then the landing that closes the stage.

Also how aircraft leave play (destroyed with their attached Battle cards, or back to the hand
with them), which the combat uses too.
"""

from __future__ import annotations

from typing import Any

from gamelib.core import IllegalAction

from .actions import Allot, ConvoyDiscard, Sacrifice
from .cards import SIDES
from .state import AirWarState
from .turn import next_stage
from .values import (
    CARDS,
    RESOURCES,
    S_BASES,
    S_CONVOY,
    S_DAMAGE,
    SIDE_OF,
    K,
    Step,
    ev,
    free_room,
    host_defense,
    other,
    scramble_hosts,
    strike_value,
    war_total,
)


def lose_aircraft(s: AirWarState, plane: str) -> None:
    """A destroyed aircraft is discarded with the Battle cards attached to it."""
    owner = SIDE_OF[plane]
    s.discard[owner].append(plane)
    for battle, on in sorted(s.attached[owner].items()):
        if on == plane:
            del s.attached[owner][battle]
            s.discard[owner].append(battle)


def to_hand(s: AirWarState, player: int, planes: list[str]) -> None:
    """Aircraft back to the hand before the next Mobilisation (their host was lost): the
    Battle cards attached to them come back with them (decision, see docs)."""
    s.hand[player].extend(planes)
    for battle, on in sorted(s.attached[player].items()):
        if on in planes:
            del s.attached[player][battle]
            s.hand[player].append(battle)


def next_allot(state: AirWarState) -> str:
    r = state.raid
    assert r is not None
    for c in sorted(r.exposed_att):
        if c not in r.allot and strike_value(state, c, "convoy_attack") > 0:
            return c
    return ""


def convoy_candidates(state: AirWarState, player: int) -> list[str]:
    """Cards a player may discard when the Convoy is sunk (§Carta Convoglio)."""
    out = sorted(state.hand[player]) + state.bases[player] + state.carriers[player]
    for host in state.bases[player] + state.carriers[player]:
        out += state.grounded[player][host]
    return out


def end_combat(s: AirWarState) -> None:
    """§Fase di Assegnazione dei Danni: the rest of the mission is revealed and, with the
    exposed survivors, reaches the target."""
    r = s.raid
    assert r is not None
    r.exposed_att.extend(sorted(r.mission))
    r.mission = []
    r.mode = "choice"
    r.just = ""
    ev(s, "arrived", cards=sorted(r.exposed_att), target=r.target)
    if r.target == RESOURCES and next_allot(s):
        s.step = "allot"
        return
    _resolve_damage(s)


def _allot(s: AirWarState, a: Allot) -> None:
    r = s.raid
    assert r is not None
    r.allot[a.card] = a.to
    if not next_allot(s):
        _resolve_damage(s)


def _game_over(s: AirWarState, winner: int) -> None:
    """§Carta Industria: an Industry at 0 ends the war."""
    s.winner = winner
    s.stage = "over"
    s.step = "over"
    ev(s, "game_over", winner=SIDES[winner])


def _resolve_damage(s: AirWarState) -> None:
    """§Fase di Assegnazione dei Danni, §Carta Industria, §Carta Convoglio, §Basi Aeree,
    §Portaerei."""
    r = s.raid
    assert r is not None
    p, q = s.active, other(s.active)
    arrived = r.exposed_att
    if r.target == RESOURCES:
        ind = sum(strike_value(s, c, "bombing") for c in arrived if r.allot.get(c) != "convoy")
        conv = sum(
            strike_value(s, c, "convoy_attack") for c in arrived if r.allot.get(c) == "convoy"
        )
        ind = max(0, ind - war_total(s, q, "industry_shield")) if ind else 0
        conv = max(0, conv - war_total(s, q, "convoy_shield")) if conv else 0
        s.industry[q] = max(0, s.industry[q] - ind)
        lost = conv - min(conv, s.convoy[q])
        s.convoy[q] = max(0, s.convoy[q] - conv)
        ev(s, "damage", target=RESOURCES, industry=ind, convoy=conv, convoy_wasted=lost)
        if s.industry[q] <= 0:
            _game_over(s, p)
            return
        if s.convoy[q] <= 0:
            s.convoy[q] = K["convoy"]
            s.industry[q] = max(0, s.industry[q] - K["convoy_zero_industry_loss"])
            ev(s, "convoy_sunk", side=SIDES[q], industry_loss=K["convoy_zero_industry_loss"])
            if s.industry[q] <= 0:
                _game_over(s, p)
                return
            r.convoy_discards = K["convoy_zero_discards"]
    else:
        is_base = r.target in s.bases[q]
        if is_base:
            dmg = sum(strike_value(s, c, "bombing") for c in arrived)
        else:
            mult = K["carrier_stage_carrier_attack_multiplier"] if s.stage == "carrier" else 1
            dmg = sum(strike_value(s, c, "carrier_attack") * mult for c in arrived)
        need = host_defense(s, q, r.target)
        destroyed = dmg >= need
        ev(s, "damage", target=r.target, damage=dmg, defense=need, destroyed=destroyed)
        if destroyed:
            _destroy_host(s, q, r.target)
    _after_damage(s)


def _remove_host(s: AirWarState, player: int, host: str) -> list[str]:
    """Take a base/carrier out of play with its War cards; returns its grounded aircraft."""
    if host in s.bases[player]:
        s.bases[player].remove(host)
    else:
        s.carriers[player].remove(host)
    for war, base in sorted(s.war[player].items()):
        if base == host:
            del s.war[player][war]
            s.discard[player].append(war)
    s.discard[player].append(host)
    return s.grounded[player].pop(host)


def _destroy_host(s: AirWarState, player: int, host: str) -> None:
    """§Basi Aeree / §Portaerei: destroyed in one attack; its War cards are discarded; of the
    aircraft on it the owner discards one of their choice and takes the rest back."""
    planes = _remove_host(s, player, host)
    if len(planes) == 1:
        lose_aircraft(s, planes[0])
        ev(s, "aircraft_lost", card=planes[0], returned=0)
    elif planes:
        s.raid.sacrifice_pool = planes  # type: ignore[union-attr]


def _sacrifice(s: AirWarState, a: Sacrifice) -> None:
    r = s.raid
    assert r is not None
    q = other(s.active)
    r.sacrifice_pool.remove(a.card)
    lose_aircraft(s, a.card)
    to_hand(s, q, r.sacrifice_pool)
    ev(s, "aircraft_lost", card=a.card, returned=len(r.sacrifice_pool))
    r.sacrifice_pool = []
    _after_damage(s)


def _discard_for_convoy(s: AirWarState, player: int, card: str) -> None:
    """§Carta Convoglio: a hand card, a mobilised base/carrier (its War cards go too, its
    aircraft return to the hand) or a grounded aircraft."""
    if card in s.hand[player]:
        s.hand[player].remove(card)
        s.discard[player].append(card)
    elif card in s.bases[player] or card in s.carriers[player]:
        to_hand(s, player, _remove_host(s, player, card))
    else:
        for planes in s.grounded[player].values():
            if card in planes:
                planes.remove(card)
                break
        lose_aircraft(s, card)


def _convoy_discard(s: AirWarState, a: ConvoyDiscard) -> None:
    r = s.raid
    assert r is not None
    _discard_for_convoy(s, other(s.active), a.card)
    r.convoy_discards -= 1
    ev(s, "convoy_discard", card=a.card)
    _after_damage(s)


def _after_damage(s: AirWarState) -> None:
    r = s.raid
    assert r is not None
    q = other(s.active)
    if r.sacrifice_pool:
        s.step = "sacrifice"
        return
    if r.convoy_discards > 0:
        cands = convoy_candidates(s, q)
        if len(cands) <= r.convoy_discards:
            for c in cands:
                _discard_for_convoy(s, q, c)
            ev(s, "convoy_discard_forced", count=len(cands))
            r.convoy_discards = 0
        else:
            s.step = "convoy"
            return
    _land(s)
    next_stage(s)


def _place(s: AirWarState, player: int, planes: list[str], hosts: list[str]) -> list[str]:
    """Land ``planes`` on ``hosts`` in order, filling each; returns those left without room."""
    left = []
    for plane in planes:
        for h in hosts:
            if free_room(s, player, h) > 0:
                s.grounded[player][h].append(plane)
                break
        else:
            left.append(plane)
    return left


def _land(s: AirWarState) -> None:
    """§Fase di Assegnazione dei Danni: everyone lands, on airbases after the Airbase stage,
    on carriers after the Carrier stage; interceptors that used the other kind of host land
    there; aircraft with nowhere to land go back to the hand (§Basi Aeree, §Portaerei)."""
    r = s.raid
    assert r is not None
    p, q = s.active, other(s.active)
    home = s.bases if s.stage == "airbase" else s.carriers
    left = _place(s, p, r.exposed_att, home[p])
    to_hand(s, p, left)
    use_bases, use_carriers = scramble_hosts(s)
    planes = r.exposed_def + r.intercept
    land_based = [c for c in planes if not CARDS[c].carrier_based]
    carrier_based = [c for c in planes if CARDS[c].carrier_based]
    bases = s.bases[q] if use_bases else []
    carriers = s.carriers[q] if use_carriers else []
    ordered = carriers + bases if s.stage == "carrier" else bases + carriers
    left_q = _place(s, q, land_based, bases) + _place(s, q, carrier_based, ordered)
    to_hand(s, q, left_q)
    ev(s, "landed", attacker_returned=len(left), defender_returned=len(left_q))
    r.exposed_att, r.exposed_def, r.intercept = [], [], []
    s.raid = None


def _legal_allot(s: AirWarState) -> list[Any]:
    c = next_allot(s)
    return [Allot(c, "industry"), Allot(c, "convoy")]


def _legal_sacrifice(s: AirWarState) -> list[Any]:
    return [Sacrifice(c) for c in s.raid.sacrifice_pool]  # type: ignore[union-attr]


def _legal_convoy(s: AirWarState) -> list[Any]:
    return [ConvoyDiscard(c) for c in convoy_candidates(s, other(s.active))]


def _why_allot(s: AirWarState, a: Allot) -> IllegalAction:
    r = s.raid
    assert r is not None
    if a.to not in ("industry", "convoy"):
        return IllegalAction("§Assegnazione dei Danni", "allot.bad_resource")
    if a.to == "convoy" and a.card in CARDS and a.card in r.exposed_att:
        return IllegalAction("§Carta Convoglio", "allot.no_convoy_attack", card=a.card)
    return IllegalAction("§Fase di Assegnazione dei Danni", "allot.order", card=next_allot(s))


def _why_sacrifice(s: AirWarState, a: Sacrifice) -> IllegalAction:
    return IllegalAction("§Basi Aeree", "sacrifice.not_grounded")


def _why_convoy_discard(s: AirWarState, a: ConvoyDiscard) -> IllegalAction:
    return IllegalAction("§Carta Convoglio", "convoy.not_discardable")


STEPS = {
    "allot": Step(S_DAMAGE, "the damage allocation", (Allot,), _legal_allot),
    "sacrifice": Step(
        S_BASES, "the loss of a destroyed base or carrier", (Sacrifice,), _legal_sacrifice
    ),
    "convoy": Step(S_CONVOY, "the convoy losses", (ConvoyDiscard,), _legal_convoy),
}
HANDLERS: dict[type, Any] = {Allot: _allot, Sacrifice: _sacrifice, ConvoyDiscard: _convoy_discard}
WHY: dict[type, Any] = {
    Allot: _why_allot,
    Sacrifice: _why_sacrifice,
    ConvoyDiscard: _why_convoy_discard,
}
