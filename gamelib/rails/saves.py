"""Saves of Rails: ``to_json`` / ``from_json`` of a :class:`~gamelib.rails.state.RailsState`.

A loaded file is checked field by field and the whole state judged by
:func:`gamelib.rails.invariants.check_state`, so a damaged or forged save is refused with a reason
instead of half-loading. Kept apart from ``state.py``, above it and ``invariants.py``, so that no
module needs the other inside a function (as :mod:`gamelib.cnw.saves`).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from gamelib.core import SaveFormatError, dump_save, guarded_load, rng_from_json, rng_to_json
from gamelib.rails.invariants import check_state
from gamelib.rails.state import NAME, RailsState

_LIST_FIELDS = ("deck", "face_up", "discard", "ticket_deck", "trains", "owner", "route_points")
_NESTED_FIELDS = ("hands", "tickets", "offers")


def to_json(state: RailsState) -> str:
    """The versioned save of this game (``from_json(to_json(s)) == s``)."""
    payload: dict[str, Any] = {}
    for f in fields(RailsState):
        value = getattr(state, f.name)
        payload[f.name] = rng_to_json(value) if f.name == "rng" else value
    return dump_save(NAME, payload)


def _int_list(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) for x in value
    ):
        raise SaveFormatError("load.saved_not_list_whole", what=what)
    return list(value)


def _build(payload: dict[str, Any]) -> RailsState:
    names = payload["names"]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise SaveFormatError("load.saved_player_names_not")
    n = len(names)
    kwargs: dict[str, Any] = {"names": list(names), "rng": rng_from_json(payload["rng"])}
    for name in _LIST_FIELDS:
        kwargs[name] = _int_list(payload[name], name)
    for name in _NESTED_FIELDS:
        value = payload[name]
        if not isinstance(value, list) or len(value) != n:
            raise SaveFormatError("load.saved_do_not_match", name=name, n=n)
        kwargs[name] = [_int_list(v, name) for v in value]
    for name in ("current", "turn", "actions", "final_turns", "trigger", "passes"):
        if not isinstance(payload[name], int) or isinstance(payload[name], bool):
            raise SaveFormatError("load.saved_not_whole_number", name=name)
        kwargs[name] = payload[name]
    for name in ("phase", "ended_by"):
        if not isinstance(payload[name], str):
            raise SaveFormatError("load.saved_not_text", name=name)
        kwargs[name] = payload[name]
    return RailsState(**kwargs)


def from_json(text: str | bytes) -> RailsState:
    """Load a save made by :func:`to_json`; a damaged or foreign file, or one whose game breaks
    :func:`gamelib.rails.invariants.check_state`, raises SaveFormatError."""
    return guarded_load(NAME, text, _build, check=check_state)
