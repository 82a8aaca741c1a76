"""Protocol queries that only read a state: who must decide now, whether the game is over,
who won. Saves (``to_json``/``from_json``) are in :mod:`.state`.
"""

from __future__ import annotations

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


def winners(state: State) -> list[int]:
    """The winner, or every player still tied after the whole §Obiettivo chain; [] mid-game."""
    return list(state.winners) if state.winners is not None else []
