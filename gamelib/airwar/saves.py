"""Saves of AirWar: ``to_json`` / ``from_json`` of an :class:`~gamelib.airwar.state.AirWarState`.

The state's fields and its raid's as JSON; a loaded file must hold them all, two sides in each
per-side field and lists where the raid keeps cards, and the whole state is judged by
:func:`gamelib.airwar.invariants.check_state`, so a damaged or forged save is refused with a
reason instead of half-loading. Kept apart from ``state.py``, above it and ``invariants.py``, so
that no module needs the other inside a function (as :mod:`gamelib.cnw.saves`).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from gamelib.airwar.invariants import check_state
from gamelib.airwar.state import NAME, AirWarState, Raid
from gamelib.core import dump_save, guarded_load, rng_from_json, rng_to_json


def _raid_payload(raid: Raid) -> dict[str, Any]:
    return {f.name: getattr(raid, f.name) for f in fields(raid)}


def _raid(data: dict[str, Any]) -> Raid:
    raid = Raid(**{f.name: data[f.name] for f in fields(Raid)})
    for name in ("mission", "exposed_att", "intercept", "exposed_def", "duel_cards"):
        if not isinstance(getattr(raid, name), list):
            raise ValueError(f"raid.{name} must be a list")
    return raid


def _payload(state: AirWarState) -> dict[str, Any]:
    out = {f.name: getattr(state, f.name) for f in fields(state)}
    out["rng"] = rng_to_json(state.rng)
    out["raid"] = _raid_payload(state.raid) if state.raid is not None else None
    return out


def _build(data: dict[str, Any]) -> AirWarState:
    kwargs = {f.name: data[f.name] for f in fields(AirWarState)}
    kwargs["rng"] = rng_from_json(data["rng"])
    kwargs["raid"] = _raid(data["raid"]) if data["raid"] is not None else None
    state = AirWarState(**kwargs)
    for name in ("industry", "convoy", "deck", "hand", "discard", "bases", "carriers"):
        value = getattr(state, name)
        if not isinstance(value, list) or len(value) != 2:
            raise ValueError(f"{name} must hold two sides")
    return state


def to_json(state: AirWarState) -> str:
    """The versioned save (``from_json(to_json(s)) == s``)."""
    return dump_save(NAME, _payload(state))


def from_json(text: str | bytes) -> AirWarState:
    """Load a save made by :func:`to_json`; a damaged or foreign file, or one whose game breaks
    :func:`gamelib.airwar.invariants.check_state`, raises SaveFormatError."""
    return guarded_load(NAME, text, _build, check=check_state)
