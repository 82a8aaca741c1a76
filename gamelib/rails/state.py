"""The game state: plain lists and ints, cheap to copy field by field, exact in JSON.

Card piles are lists of card kinds (see :mod:`gamelib.rails.cards`) whose *end* is the top;
ticket piles are lists of ticket ids whose end is the top and whose index 0 is the bottom
(returned tickets go there, §Preparazione, §Prendere le carte Destinazione).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from gamelib.core import (
    SaveFormatError,
    dump_save,
    guarded_load,
    rng_from_json,
    rng_to_json,
)

NAME = "rails"

# Phases: who must decide what.
SETUP = "setup"  # each player in turn keeps 2 or 3 of the 3 tickets dealt (§Preparazione)
TURN = "turn"  # the current player picks one of the three actions (§Iniziare il gioco)
SECOND_DRAW = "second_draw"  # the same player takes the second train card (§Prendere carte carro)
TICKETS = "tickets"  # the same player keeps at least 1 of the tickets just drawn
OVER = "over"
PHASES = (SETUP, TURN, SECOND_DRAW, TICKETS, OVER)


@dataclass
class RailsState:
    """Everything about one game. ``apply`` copies only the fields it changes."""

    names: list[str]
    rng: tuple
    deck: list[int]  # train cards, top = end
    face_up: list[int]  # 5 slots, card kind or -1 when the piles ran dry
    discard: list[int]
    hands: list[list[int]]  # hands[player][kind] = count
    ticket_deck: list[int]  # ticket ids, top = end, bottom = index 0
    tickets: list[list[int]]  # kept tickets per player (secret)
    offers: list[list[int]]  # tickets dealt/drawn and awaiting the keep decision
    trains: list[int]
    owner: list[int]  # owner[route_id] = player, or -1 if free
    route_points: list[int]  # running score from claimed routes (§Punti)
    phase: str
    current: int
    turn: int  # completed turns (setup choices not counted)
    actions: int  # applied actions, setup included
    final_turns: int  # -1 until the last round starts, then the turns still to play
    trigger: int  # who ended a turn with 2 or fewer trains, -1 before that
    passes: int  # consecutive passes (a player with no legal move at all)
    ended_by: str  # "", "trains" (§Fine del gioco) or "stalemate" (§silent:no-move)

    @property
    def players(self) -> int:
        return len(self.names)


_LIST_FIELDS = ("deck", "face_up", "discard", "ticket_deck", "trains", "owner", "route_points")
_NESTED_FIELDS = ("hands", "tickets", "offers")


def copy_state(state: RailsState) -> RailsState:
    """A new state sharing every list with ``state``: callers replace what they change."""
    new = object.__new__(RailsState)
    new.__dict__.update(state.__dict__)
    return new


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
    from gamelib.rails.invariants import check_state  # it imports this module

    return guarded_load(NAME, text, _build, check=check_state)
