"""Protocol queries that only read a state: who must decide now, whether the game is over,
who won; and the views of a pending offer and of a collaboration round, which ``observation``
and the bots' quick view share. Saves (``to_json``/``from_json``) are in :mod:`.saves`.
"""

from __future__ import annotations

from typing import Any

from .state import State


def current_player(state: State) -> int | None:
    """Who must decide now: window holder, active player, collaboration floor holder, offer
    recipient or discarding player; ``None`` once the game is over."""
    ph = state.phase
    if ph == "over":
        return None
    if ph == "window":
        return state.window[0]
    if ph == "collab":
        return state.collab["floor"][0]
    if ph == "offer":
        return state.offer["to"]
    if ph == "discard":
        return state.choice["player"]
    return state.active


def is_over(state: State) -> bool:
    return state.phase == "over"


def offer_view(state: State, player: int) -> dict[str, Any] | None:
    """The pending offer as ``player`` sees it (``observation`` and the bots' view share it):
    what is given stays hidden unless ``player`` is one of its two parties."""
    o = state.offer
    if o is None:
        return None
    return {
        "from": o["from"],
        "to": o["to"],
        "kind": "gift" if o["ask"] is None else "trade",
        "ask": o["ask"],
        "pays_data": o["give"] is None,
        "give": o["give"] if player in (o["from"], o["to"]) else None,
    }


def collaboration_view(state: State) -> dict[str, Any] | None:
    """The collaboration round in progress (who holds the floor, offers left), or None."""
    c = state.collab
    return None if c is None else {"floor": list(c["floor"]), "offers_left": c["offers_left"]}


def winners(state: State) -> list[int]:
    """The winner, or every player still tied after the whole §Obiettivo chain; [] mid-game."""
    return list(state.winners) if state.winners is not None else []
