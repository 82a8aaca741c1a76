"""Saves of CNW: ``to_json`` / ``from_json`` of a :class:`~gamelib.cnw.state.CnwState`.

A loaded file is checked field by field, its options normalised as ``new_game`` would
(:func:`gamelib.cnw.variants.normalise_options`, §12) and the whole state judged by
:func:`gamelib.cnw.invariants.check_state`, so a damaged or forged save is refused with a reason
instead of half-loading. Kept apart from ``state.py`` so that the state module imports no rule.
"""

from __future__ import annotations

from typing import Any

from gamelib.cnw.invariants import check_state
from gamelib.cnw.state import FIELDS, NAME, CnwState
from gamelib.cnw.variants import normalise_options
from gamelib.core import SaveFormatError, dump_save, guarded_load, rng_from_json, rng_to_json


def to_json(state: CnwState) -> str:
    """The versioned save (``from_json(to_json(s)) == s``)."""
    payload = {name: getattr(state, name) for name in FIELDS}
    payload["rng"] = rng_to_json(state.rng)
    return dump_save(NAME, payload)


def _ints(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) for x in value
    ):
        raise SaveFormatError("load.saved_not_list_whole", what=what)
    return list(value)


def _int(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise SaveFormatError("load.saved_not_whole_number", what=what)
    return value


def _build(payload: dict[str, Any]) -> CnwState:
    missing = [name for name in FIELDS if name not in payload]
    if missing:
        raise SaveFormatError("load.saved_game_lacks", missing=missing)
    kw: dict[str, Any] = {}
    names = payload["names"]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise SaveFormatError("load.saved_player_names_not")
    n = len(names)
    if not 3 <= n <= 6:
        raise SaveFormatError("load.game_cnw_has_players", n=n)
    kw["names"] = list(names)
    if not isinstance(payload["options"], dict):
        raise SaveFormatError("load.saved_options_not_dictionary")
    kw["options"] = normalise_options(n, payload["options"], saved=True)
    kw["rng"] = rng_from_json(payload["rng"])
    if not isinstance(payload["dice"], str) or not set(payload["dice"]) <= set("123456"):
        raise SaveFormatError("load.saved_dice_damaged")
    kw["dice"] = payload["dice"]
    for name in ("owner", "pawns", "reserve", "deck", "discard", "ship_deck", "ship_discard"):
        kw[name] = _ints(payload[name], name)
    for name in ("objectives", "sla", "obc", "obc_turn", "bonus", "eliminated_by", "winners"):
        kw[name] = _ints(payload[name], name)
    for name in ("offered",):
        kw[name] = _ints(payload[name], name)
    hands = payload["hands"]
    if not isinstance(hands, list) or len(hands) != n:
        raise SaveFormatError("load.saved_hands_do_not")
    kw["hands"] = [_ints(h, "hand") for h in hands]
    ships = payload["shipments"]
    if not isinstance(ships, list) or len(ships) != n:
        raise SaveFormatError("load.saved_shipments_do_not")
    kw["shipments"] = [[_ints(x, "shipment") for x in row] for row in ships]
    if not all(len(x) == 2 for row in kw["shipments"] for x in row):
        raise SaveFormatError("load.saved_shipment_not_card")
    pacts = payload["pacts"]
    if not isinstance(pacts, list):
        raise SaveFormatError("load.saved_pacts_damaged")
    kw["pacts"] = [_ints(x, "pact") for x in pacts]
    alive = payload["alive"]
    if not isinstance(alive, list) or not all(isinstance(a, bool) for a in alive):
        raise SaveFormatError("load.saved_list_players_game")
    kw["alive"] = list(alive)
    for name in ("dice_pos", "current", "first", "turn", "round", "pool", "turn_bonus"):
        kw[name] = _int(payload[name], name)
    for name in ("turn_tris", "expiring", "bridges_closed", "actions"):
        kw[name] = _int(payload[name], name)
    if not isinstance(payload["conquered"], bool):
        raise SaveFormatError("load.saved_conquest_flag_damaged")
    kw["conquered"] = payload["conquered"]
    for name in ("phase", "victory"):
        if not isinstance(payload[name], str):
            raise SaveFormatError("load.saved_not_text", name=name)
        kw[name] = payload[name]
    for name in ("roll", "last_roll"):
        value = payload[name]
        if value is not None and not isinstance(value, dict):
            raise SaveFormatError("load.saved_damaged", name=name)
        kw[name] = value
    for name in ("move_in", "offer"):
        value = payload[name]
        kw[name] = None if value is None else _ints(value, name)
    return CnwState(**kw)


def from_json(text: str | bytes) -> CnwState:
    """Load a save made by :func:`to_json`; a damaged or foreign file, or one whose game breaks
    :func:`gamelib.cnw.invariants.check_state`, raises SaveFormatError (``guarded_load``)."""
    return guarded_load(NAME, text, _build, check=check_state)
