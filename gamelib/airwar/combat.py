"""§Fase Combattimento: duels (simultaneous fire, Air-to-Air >= Defense destroys, survivors
exposed at -1 Defense), who answers a one-sided duel, passing (disengaging), and the Battle
cards played in the window before each duel resolves (one-use or attached to an aircraft).

The blind pick that opens a duel is in :mod:`.intercept`; the end of the combat hands over to
:mod:`.damage`.
"""

from __future__ import annotations

from typing import Any

from gamelib.core import IllegalAction

from .actions import Disengage, Intercept, PassBattle, PlayBattle, Strike
from .cards import SIDES
from .damage import end_combat, lose_aircraft
from .state import AirWarState
from .values import CARDS, S_COMBAT, SIDE_OF, K, Step, attached_bonus, ev, other, war_total


def duel_values(state: AirWarState) -> dict[str, Any]:
    """Air-to-Air and Defense of both aircraft in the current duel, after the -1 penalty of an
    exposed card, War and Battle cards (§Fase Combattimento)."""
    r = state.raid
    assert r is not None and r.duel_att and r.duel_def
    p, q = state.active, other(state.active)
    pen = K["exposed_defense_penalty"]
    out: dict[str, Any] = {}
    for me, plane, foe, exposed in (
        (p, r.duel_att, r.duel_def, r.duel_att_exposed),
        (q, r.duel_def, r.duel_att, r.duel_def_exposed),
    ):
        card = CARDS[plane]
        a2a = card.air_to_air + attached_bonus(state, plane, "own_air_to_air")
        a2a += attached_bonus(state, foe, "enemy_air_to_air")
        dfn = card.defense + attached_bonus(state, plane, "own_defense")
        dfn += attached_bonus(state, foe, "enemy_defense")
        evade = False
        for b in r.duel_cards:
            bc = CARDS[b]
            if SIDE_OF[b] == me:
                a2a += bc.param("own_air_to_air")
                dfn += bc.param("own_defense")
                evade = evade or bc.effect == "evade"
            else:
                a2a += bc.param("enemy_air_to_air")
                dfn += bc.param("enemy_defense")
        if me == q:
            a2a += war_total(state, q, "interceptor_air_to_air")
        if exposed:
            dfn -= pen
        key = "att" if me == p else "def"
        out[key] = {"card": plane, "air_to_air": a2a, "defense": dfn, "evade": evade}
    att, dfn_ = out["att"], out["def"]
    # An aircraft with no Air-to-Air attack (0 or less) destroys nothing (decision, see docs).
    out["att_destroyed"] = (
        dfn_["air_to_air"] > 0 and dfn_["air_to_air"] >= att["defense"] and not att["evade"]
    )
    out["def_destroyed"] = (
        att["air_to_air"] > 0 and att["air_to_air"] >= dfn_["defense"] and not dfn_["evade"]
    )
    return out


def combat_next(s: AirWarState) -> None:
    """§Fase Combattimento: the combat goes on until the defender stops or runs out of
    interceptors; steps where nobody has a choice are taken automatically."""
    r = s.raid
    assert r is not None
    s.step = "combat"
    if r.mode == "att_response" and (not r.mission or r.just not in r.exposed_def):
        r.mode = "choice"
        r.just = ""
    if r.mode == "att_response":
        return
    if not r.intercept:
        end_combat(s)
        return
    targets = [r.just] if r.mode == "def_response" else r.exposed_att
    if not r.mission and not any(t in r.exposed_att for t in targets):
        end_combat(s)


def declare(s: AirWarState, att: str, dfn: str, att_exp: bool, def_exp: bool, by: int) -> None:
    r = s.raid
    assert r is not None
    r.duel_att, r.duel_def = att, dfn
    r.duel_att_exposed, r.duel_def_exposed = att_exp, def_exp
    r.duel_by = by
    r.window_to_act = other(by)
    r.window_passes = 0
    r.duel_cards = []
    s.step = "battle"
    ev(s, "duel", attacker=att, defender=dfn, attacker_exposed=att_exp, defender_exposed=def_exp)


def _strike(s: AirWarState, a: Strike) -> None:
    """§Fase Combattimento: a new card against an exposed one, which has -1 Defense."""
    r = s.raid
    assert r is not None
    if r.mode == "att_response":
        r.mission.remove(a.card)
        r.exposed_def.remove(a.target)
        declare(s, a.card, a.target, False, True, s.active)
    else:
        r.intercept.remove(a.card)
        r.exposed_att.remove(a.target)
        declare(s, a.target, a.card, True, False, other(s.active))


def _disengage(s: AirWarState, a: Disengage) -> None:
    """§Fase Combattimento: the defender's pass ends the combat; the attacker's pass hands
    the choice back to the defender (decision, see docs)."""
    r = s.raid
    assert r is not None
    if r.mode == "att_response":
        ev(s, "pass", side=SIDES[s.active])
        r.mode = "choice"
        r.just = ""
        combat_next(s)
    else:
        ev(s, "pass", side=SIDES[other(s.active)])
        end_combat(s)


def _play_battle(s: AirWarState, a: PlayBattle) -> None:
    """§Fase Combattimento: a Battle card on the current duel; lasting ones stay attached to
    the player's aircraft and come back to hand at the next Mobilisation."""
    r = s.raid
    assert r is not None
    who = r.window_to_act
    s.hand[who].remove(a.card)
    card = CARDS[a.card]
    own = r.duel_att if who == s.active else r.duel_def
    if card.lasting == "attached":
        s.attached[who][a.card] = own
    else:
        r.duel_cards.append(a.card)
    ev(s, "battle_card", side=SIDES[who], card=a.card, on=own)
    r.window_passes = 0
    r.window_to_act = other(who)


def _pass_battle(s: AirWarState, a: PassBattle) -> None:
    r = s.raid
    assert r is not None
    r.window_passes += 1
    if r.window_passes >= 2:
        _resolve_duel(s)
    else:
        r.window_to_act = other(r.window_to_act)


def _resolve_duel(s: AirWarState) -> None:
    """§Fase Combattimento: simultaneous fire; Air-to-Air >= Defense destroys; survivors stay
    face up (exposed); the loser of a one-sided duel answers next."""
    r = s.raid
    assert r is not None
    v = duel_values(s)
    att, dfn = r.duel_att, r.duel_def
    for b in r.duel_cards:
        s.discard[SIDE_OF[b]].append(b)
    r.duel_cards = []
    r.duel_att = r.duel_def = ""
    r.window_to_act = -1
    r.window_passes = 0
    if v["att_destroyed"]:
        lose_aircraft(s, att)
    else:
        r.exposed_att.append(att)
    if v["def_destroyed"]:
        lose_aircraft(s, dfn)
    else:
        r.exposed_def.append(dfn)
    ev(
        s,
        "duel_result",
        attacker=att,
        defender=dfn,
        attacker_values=[v["att"]["air_to_air"], v["att"]["defense"]],
        defender_values=[v["def"]["air_to_air"], v["def"]["defense"]],
        attacker_destroyed=v["att_destroyed"],
        defender_destroyed=v["def_destroyed"],
    )
    if v["att_destroyed"] and not v["def_destroyed"]:
        r.mode, r.just = "att_response", dfn
    elif v["def_destroyed"] and not v["att_destroyed"]:
        r.mode, r.just = "def_response", att
    else:
        r.mode, r.just = "choice", ""
    combat_next(s)


def _legal_combat(s: AirWarState) -> list[Any]:
    r = s.raid
    assert r is not None
    if r.mode == "att_response":
        return [Strike(c, r.just) for c in sorted(r.mission)] + [Disengage()]
    out: list[Any] = [Intercept(i, pos) for i in r.intercept for pos in range(len(r.mission))]
    targets = [r.just] if r.mode == "def_response" else r.exposed_att
    out.extend(Strike(i, t) for i in r.intercept for t in targets if t in r.exposed_att)
    out.append(Disengage())
    return out


def _legal_battle(s: AirWarState) -> list[Any]:
    who = s.raid.window_to_act  # type: ignore[union-attr]
    out: list[Any] = [PlayBattle(c) for c in s.hand[who] if CARDS[c].kind == "battle"]
    out.append(PassBattle())
    return out


def _why_strike(s: AirWarState, a: Strike) -> IllegalAction:
    r = s.raid
    assert r is not None
    if (r.mode == "def_response" or r.mode == "att_response") and a.target != r.just:
        return IllegalAction("§Fase Combattimento", "strike.only_just_exposed", card=r.just)
    if r.mode == "att_response" and a.card not in r.mission:
        return IllegalAction("§Fase Combattimento", "strike.attacker_from_mission")
    if r.mode != "att_response" and a.card not in r.intercept:
        return IllegalAction("§Fase Combattimento", "strike.defender_from_interceptors")
    return IllegalAction("§Fase Combattimento", "strike.not_exposed")


def _why_play_battle(s: AirWarState, a: PlayBattle) -> IllegalAction:
    return IllegalAction("§Fase Combattimento", "battle.not_in_hand")


STEPS = {
    "combat": Step(S_COMBAT, "the Combat phase", (Intercept, Strike, Disengage), _legal_combat),
    "battle": Step(
        S_COMBAT,
        "a Battle-card window of the Combat phase",
        (PlayBattle, PassBattle),
        _legal_battle,
    ),
}
HANDLERS: dict[type, Any] = {
    Strike: _strike,
    Disengage: _disengage,
    PlayBattle: _play_battle,
    PassBattle: _pass_battle,
}
WHY: dict[type, Any] = {Strike: _why_strike, PlayBattle: _why_play_battle}
