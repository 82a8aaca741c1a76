"""Checks of a caller's arguments that the games make the same way.

Actions and options arrive from JSON, widgets and tests, so a card id or a seat must be a
plain ``int`` (``True`` is an int to Python, but it is no seat), and ``players`` may be a count
or a list of names. A bad argument raises ``IllegalAction`` citing the game's own rule.
"""

from __future__ import annotations

from typing import Any

from gamelib.core import IllegalAction


def is_int(value: Any) -> bool:
    """A plain int: not a bool, float, str or None."""
    return type(value) is int


def player_names(players: Any, rule: str) -> list[str]:
    """``players`` as a list of names: a count ``n`` gives "Player 1" .. "Player n", any other
    iterable is taken as the names (made strings). A bool or a non-iterable raises
    ``IllegalAction(rule, ...)``; the caller checks how many players its game allows."""
    if isinstance(players, bool):
        raise IllegalAction(rule, "players must be a number of players or a list of names")
    if isinstance(players, int):
        return [f"Player {i + 1}" for i in range(players)]
    try:
        return [str(p) for p in players]
    except TypeError as exc:
        raise IllegalAction(rule, "players must be a number of players or a list of names") from exc
