"""A refused move in the learner's language.

gamelib's :class:`~gamelib.core.IllegalAction` carries the rule (§), a code and the values of the
refusal; the sentence is the catalog's ``<game>.illegal.<code>`` (or ``common.illegal.<code>``
for what every game shares), in each language. A game whose
rules module still raises an English sentence (not yet converted) shows that sentence as it is.

A refused save is worded the same way: gamelib's :class:`~gamelib.core.SaveFormatError` carries a
code and values, and an inconsistent state the :class:`~gamelib.core.Problem` that the game's
``check_state`` found; :func:`save_problem` says them from ``saves.<game>.<code>`` (the game's
own loading and invariants) or ``saves.core.<code>`` (the save envelope every game shares).
gamelib puts codes in a save problem (a side ``"axis"``, a seat index); :data:`SAVE_VALUES` words
them per game, as the tables' ``refusal_value`` words a refusal's values.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from gamelib.core import IllegalAction, Problem, SaveFormatError
from widgets import i18n
from widgets.i18n import t


def refusal(game: str, error: IllegalAction, value: Callable[[str, Any], Any] | None = None) -> str:
    """The reason of ``error`` in words, HTML-safe; ``value(name, raw)`` may turn a value into
    words first (a card id into its name)."""
    if not error.coded:
        return html.escape(error.code)
    values = {k: value(k, v) if value else v for k, v in error.values.items()}
    key = f"{game}.illegal.{error.code}"
    if key not in i18n.catalog("en"):  # refusals every game shares (malformed input)
        key = f"common.illegal.{error.code}"
    return t(key, **{k: html.escape(str(v)) for k, v in values.items()})


def _airwar_value(name: str, value: Any) -> Any:
    """A side code (``"axis"``) as the side's name in the page's language."""
    if name == "side" and f"airwar.side.{value}" in i18n.catalog("en"):
        return t(f"airwar.side.{value}")
    return value


SEAT_VALUES = ("p", "by", "o")  # the save problems' values that are a seat index (cnw, logiquo)


def _seat_value(name: str, value: Any) -> Any:
    """A seat index as the player's number people count from 1 ("player 2" for seat 1); a
    negative code (neutral, out of play) stays as it is."""
    if name in SEAT_VALUES and isinstance(value, int) and value >= 0:
        return value + 1
    return value


SAVE_VALUES: dict[str, Callable[[str, Any], Any]] = {
    "airwar": _airwar_value,
    "cnw": _seat_value,
    "logiquo": _seat_value,
}


def save_problem(game: str, error: SaveFormatError | Problem) -> str:
    """Why gamelib refused a save of ``game``, in the learner's language, HTML-safe; a
    :class:`Problem` among the values (an inconsistent state, a roll inside it) is worded too,
    and codes among them through the game's :data:`SAVE_VALUES`."""
    key = f"saves.{game}.{error.code}"
    if key not in i18n.catalog("en"):
        key = f"saves.core.{error.code}"
    word = SAVE_VALUES.get(game, lambda _name, value: value)
    values = {
        k: save_problem(game, v) if isinstance(v, Problem) else html.escape(str(word(k, v)))
        for k, v in error.values.items()
    }
    return t(key, **values)
