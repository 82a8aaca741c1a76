"""Protocol queries that only read a state: who decides now (the defender acts during the
attacker's turn), whether the war is over and who won it (§Carta Industria). Saves are in
:mod:`.state`.
"""

from __future__ import annotations

from .state import AirWarState
from .values import other


def current_player(state: AirWarState) -> int | None:
    """Who decides now: the defender acts during the attacker's turn (intercepts, duels,
    Battle windows, losses)."""
    step = state.step
    if step == "over":
        return None
    if step in ("mobilise", "target", "launch", "allot"):
        return state.active
    if step == "battle":
        return state.raid.window_to_act  # type: ignore[union-attr]
    if step == "combat" and state.raid is not None and state.raid.mode == "att_response":
        return state.active
    return other(state.active)


def is_over(state: AirWarState) -> bool:
    return state.step == "over"


def winners(state: AirWarState) -> list[int]:
    """The winner (§Carta Industria: whoever brings the other's Industry to 0)."""
    return [] if state.winner is None else [state.winner]
