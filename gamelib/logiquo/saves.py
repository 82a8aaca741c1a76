"""Saves of Logiquo: ``to_json`` / ``from_json`` of a :class:`~gamelib.logiquo.state.State`.

A loaded file must hold every field, a known phase and each of the deck's cards once, and the
whole state is judged by :func:`gamelib.logiquo.invariants.check_state`, so a damaged or forged
save is refused with a reason instead of half-loading. Kept apart from ``state.py``, above it and
``invariants.py``, so that no module needs the other inside a function (as
:mod:`gamelib.cnw.saves`).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from gamelib.core import SaveFormatError, dump_save, guarded_load, rng_from_json, rng_to_json
from gamelib.logiquo.invariants import check_state
from gamelib.logiquo.state import NAME, PHASES, State


def to_json(state: State) -> str:
    """The versioned save (``gamelib.core.dump_save``); ``from_json(to_json(s)) == s``."""
    payload = {f.name: getattr(state, f.name) for f in dataclasses.fields(State)}
    payload["rng"] = rng_to_json(state.rng)
    return dump_save(NAME, payload)


def _build(payload: dict[str, Any]) -> State:
    names = {f.name for f in dataclasses.fields(State)}
    missing = names - payload.keys()
    if missing:
        raise SaveFormatError("load.saved_game_lacks", missing=sorted(missing))
    kwargs = {name: payload[name] for name in names}
    kwargs["rng"] = rng_from_json(payload["rng"])
    state = State(**kwargs)
    if state.phase not in PHASES:
        raise SaveFormatError("load.unknown_phase_saved_game", phase=state.phase)
    ids = sorted(state.all_card_ids())
    if ids != list(range(140 * int(state.copies))):
        raise SaveFormatError("load.saved_game_cards_do")
    if not (len(state.hands) == len(state.data) == len(state.alive) == len(state.players)):
        raise SaveFormatError("load.saved_game_has_inconsistent")
    return state


def from_json(text: str | bytes) -> State:
    """Load a save made by :func:`to_json`; a damaged or foreign file, or one whose game breaks
    :func:`gamelib.logiquo.invariants.check_state`, raises SaveFormatError."""
    return guarded_load(NAME, text, _build, check=check_state)
