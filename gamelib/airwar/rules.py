"""The rules of AirWar: Pacific!, the front: ``legal_actions``, ``apply`` and ``observation``,
which hand each step of a turn to the module named for its rulebook section.

Sections cited as ``§<heading>`` are the headings of the Italian rulebook
(``/work/shared/rulebooks/airwar-pacific.it.txt``), which has no numbers. Where each is:

- :mod:`.turn` §Il Gioco (set-up, the order of the stages), §Fine del Turno;
- :mod:`.mobilisation` §Stadio Mobilitazione;
- :mod:`.attack` §Fase Attacco (and which aircraft fly in §Stadio Portaerei);
- :mod:`.intercept` §Fase Intercetto;
- :mod:`.combat` §Fase Combattimento, Battle cards;
- :mod:`.damage` §Fase di Assegnazione dei Danni, §Carta Industria, §Carta Convoglio,
  §Basi Aeree, §Portaerei, landing;
- :mod:`.values` capacity, Defense and attack values with War and Battle cards;
- :mod:`.queries` ``current_player``, ``is_over``, ``winners``; saves are in :mod:`.saves`.

``apply`` copies the state, checks the action against ``legal_actions`` (raising
``IllegalAction`` with the rule and a reason before anything changes) and then plays it,
running every automatic consequence (duel results, damage, landing, the next stage and turn)
until a player must decide again.

Hidden information: the mission is shuffled with the game's RNG when it is sent, so the
defender's blind pick of a "position" is a chance outcome; only the owner sees a hand, and
nobody, not even the attacker, is shown the order of the face-down mission.
"""

from __future__ import annotations

from typing import Any

from gamelib.core import IllegalAction

from . import attack, combat, damage, intercept, mobilisation, turn
from .actions import CODEC, Mobilise
from .cards import SIDES
from .combat import duel_values
from .queries import current_player, is_over, winners
from .saves import from_json, to_json
from .state import NAME, AirWarState
from .turn import new_game
from .values import (
    CARDS,
    RESOURCES,
    S_ATTACK,
    S_BASES,
    S_COMBAT,
    S_CONVOY,
    S_DAMAGE,
    S_INTERCEPT,
    S_MOB,
    SIDE_OF,
    K,
    Step,
    attached_bonus,
    attack_capacity,
    can_fly,
    free_room,
    host_capacity,
    host_defense,
    other,
    scramble_hosts,
    scramble_room,
    strike_value,
    war_total,
)

__all__ = [
    "CARDS",
    "K",
    "NAME",
    "RESOURCES",
    "SIDES",
    "SIDE_OF",
    "apply",
    "attack_capacity",
    "attached_bonus",
    "can_fly",
    "current_player",
    "duel_values",
    "free_room",
    "from_json",
    "host_capacity",
    "host_defense",
    "is_over",
    "legal_actions",
    "new_game",
    "observation",
    "other",
    "scramble_hosts",
    "scramble_room",
    "strike_value",
    "to_json",
    "war_total",
    "winners",
]

_STEPS: dict[str, Step] = {
    **mobilisation.STEPS,
    **attack.STEPS,
    **intercept.STEPS,
    **combat.STEPS,
    **damage.STEPS,
}
_LEGAL = {step: declared.legal for step, declared in _STEPS.items()}
_HANDLERS: dict[type, Any] = {
    **mobilisation.HANDLERS,
    **turn.HANDLERS,
    **attack.HANDLERS,
    **intercept.HANDLERS,
    **combat.HANDLERS,
    **damage.HANDLERS,
}
_WHY: dict[type, Any] = {
    **mobilisation.WHY,
    **attack.WHY,
    **intercept.WHY,
    **combat.WHY,
    **damage.WHY,
}
# A move this step does not take (or not now): refused under the step's own §, one literal
# refusal per rule; the step is a code the widgets put in words.
_NOT_NOW: dict[str, Any] = {
    S_MOB: lambda step: IllegalAction("§Stadio Mobilitazione", "step.not_now", step=step),
    S_ATTACK: lambda step: IllegalAction("§Fase Attacco", "step.not_now", step=step),
    S_INTERCEPT: lambda step: IllegalAction("§Fase Intercetto", "step.not_now", step=step),
    S_COMBAT: lambda step: IllegalAction("§Fase Combattimento", "step.not_now", step=step),
    S_DAMAGE: lambda step: IllegalAction(
        "§Fase di Assegnazione dei Danni", "step.not_now", step=step
    ),
    S_BASES: lambda step: IllegalAction("§Basi Aeree", "step.not_now", step=step),
    S_CONVOY: lambda step: IllegalAction("§Carta Convoglio", "step.not_now", step=step),
}
assert {declared.rule for declared in _STEPS.values()} <= set(_NOT_NOW)


def legal_actions(state: AirWarState) -> list[Any]:
    """Every action the current player may take (empty when the game is over)."""
    if state.step == "over":
        return []
    legal = _LEGAL.get(state.step)
    if legal is None:
        raise AssertionError(f"unknown step {state.step!r}")
    return legal(state)


def _reason(s: AirWarState, a: Any) -> IllegalAction:
    """Why ``a`` is illegal (called only when it is not among the legal actions)."""
    if s.step == "over":
        return IllegalAction("§Carta Industria", "game.over")
    rule, _, decisions, _ = _STEPS[s.step]
    if not isinstance(a, decisions):
        if isinstance(a, Mobilise):
            return IllegalAction("§Stadio Mobilitazione", "mobilise.not_now")
        return _NOT_NOW[rule](s.step)
    why = _WHY.get(type(a))
    return why(s, a) if why is not None else _NOT_NOW[rule](s.step)


def _check_fields(a: Any) -> None:
    """Malformed input (card ids are strings, a position an int) is refused before any rule."""
    for name, value in vars(a).items():
        want = int if name == "position" else str
        if type(value) is not want:
            raise IllegalAction(
                "§actions",
                "action.field_type",
                action=type(a).__name__,
                field=name,
                want=want.__name__,
            )


def apply(state: AirWarState, action: Any) -> AirWarState:
    """Play ``action`` on a copy of ``state`` and run its automatic consequences."""
    CODEC.check(action)
    _check_fields(action)
    if action not in legal_actions(state):
        raise _reason(state, action)
    s = state.copy()
    s.events = []
    _HANDLERS[type(action)](s, action)
    return s


def _host_view(state: AirWarState, player: int, host: str) -> dict[str, Any]:
    return {
        "id": host,
        "name": CARDS[host].name,
        "capacity": host_capacity(state, player, host),
        "defense": host_defense(state, player, host),
        "war": sorted(w for w, b in state.war[player].items() if b == host),
        "grounded": list(state.grounded[player].get(host, [])),
    }


def observation(state: AirWarState, player: int) -> dict[str, Any]:
    """What ``player`` may see, JSON-ready: everything on the table, their own hand, counts
    of the other hand, of the decks and of face-down cards. The order of a face-down mission
    is shown to nobody (the attacker sees its mission sorted)."""
    s = state
    p, q = s.active, other(s.active)
    sides = []
    for i, side in enumerate(SIDES):
        sides.append(
            {
                "side": side,
                "industry": s.industry[i],
                "convoy": s.convoy[i],
                "deck_count": len(s.deck[i]),
                "hand_count": len(s.hand[i]),
                "discard": list(s.discard[i]),
                "airbases": [_host_view(s, i, h) for h in s.bases[i]],
                "carriers": [_host_view(s, i, h) for h in s.carriers[i]],
                "attached": dict(s.attached[i]),
            }
        )
    raid_view: dict[str, Any] | None = None
    r = s.raid
    if r is not None:
        raid_view = {
            "stage": s.stage,
            "attacker": SIDES[p],
            "defender": SIDES[q],
            "target": r.target,
            "mission_count": len(r.mission),
            "mission": sorted(r.mission) if player == p else None,
            "exposed_attackers": list(r.exposed_att),
            "intercept_count": len(r.intercept),
            "intercept": sorted(r.intercept) if player == q else None,
            "exposed_interceptors": list(r.exposed_def),
            "mode": r.mode,
            "just_exposed": r.just,
            "duel": None,
            "allot": dict(r.allot),
            "sacrifice_pool": list(r.sacrifice_pool),
            "convoy_discards": r.convoy_discards,
        }
        if r.duel_att:
            raid_view["duel"] = {
                "attacker": r.duel_att,
                "defender": r.duel_def,
                "attacker_exposed": r.duel_att_exposed,
                "defender_exposed": r.duel_def_exposed,
                "declared_by": SIDES[r.duel_by],
                "battle_to_act": SIDES[r.window_to_act],
                "battle_cards": list(r.duel_cards),
                "values": {k: v for k, v in duel_values(s).items()},
            }
    me = current_player(s)
    return {
        "game": NAME,
        "player": player,
        "side": SIDES[player],
        "turn": s.turn,
        "active": SIDES[p],
        "stage": s.stage,
        "step": s.step,
        "to_act": None if me is None else SIDES[me],
        "winner": None if s.winner is None else SIDES[s.winner],
        "hand": sorted(s.hand[player]),
        "sides": sides,
        "raid": raid_view,
        "events": [dict(e) for e in s.events],
        "legal_actions": [str(a) for a in legal_actions(s)] if me == player else [],
    }
