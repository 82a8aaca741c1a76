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
from gamelib.rails.board import load
from gamelib.rails.cards import KINDS, TOTAL_CARDS

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
        raise SaveFormatError(f"the saved {what} is not a list of whole numbers")
    return list(value)


def _build(payload: dict[str, Any]) -> RailsState:
    board = load()
    names = payload["names"]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise SaveFormatError("the saved player names are not a list of strings")
    n = len(names)
    kwargs: dict[str, Any] = {"names": list(names), "rng": rng_from_json(payload["rng"])}
    for name in _LIST_FIELDS:
        kwargs[name] = _int_list(payload[name], name)
    for name in _NESTED_FIELDS:
        value = payload[name]
        if not isinstance(value, list) or len(value) != n:
            raise SaveFormatError(f"the saved {name} do not match the {n} players")
        kwargs[name] = [_int_list(v, name) for v in value]
    for name in ("current", "turn", "actions", "final_turns", "trigger", "passes"):
        if not isinstance(payload[name], int) or isinstance(payload[name], bool):
            raise SaveFormatError(f"the saved {name} is not a whole number")
        kwargs[name] = payload[name]
    for name in ("phase", "ended_by"):
        if not isinstance(payload[name], str):
            raise SaveFormatError(f"the saved {name} is not text")
        kwargs[name] = payload[name]
    state = RailsState(**kwargs)
    _check(state, board)
    return state


def _check(state: RailsState, board: Any) -> None:
    """Reject saves whose numbers cannot come from a real game (cards or tickets lost)."""
    n = state.players
    if not 2 <= n <= 5:
        raise SaveFormatError(f"a saved game has 2 to 5 players, not {n}")
    if state.phase not in PHASES:
        raise SaveFormatError(f"unknown phase {state.phase!r} in the save")
    if len(state.owner) != len(board.routes) or any(not -1 <= o < n for o in state.owner):
        raise SaveFormatError("the saved route owners do not fit the board")
    if len(state.face_up) != 5 or any(not -1 <= c < KINDS for c in state.face_up):
        raise SaveFormatError("the saved face-up cards are damaged")
    if any(len(h) != KINDS or min(h) < 0 for h in state.hands):
        raise SaveFormatError("a saved hand is damaged")
    cards = len(state.deck) + len(state.discard) + sum(c >= 0 for c in state.face_up)
    cards += sum(sum(h) for h in state.hands)
    if cards != TOTAL_CARDS:
        raise SaveFormatError(f"the save holds {cards} train cards, not {TOTAL_CARDS}")
    ticket_ids = list(state.ticket_deck)
    for lst in (*state.tickets, *state.offers):
        ticket_ids.extend(lst)
    if sorted(ticket_ids) != list(range(len(board.tickets))):
        raise SaveFormatError("the saved destination tickets are not the 30 of the game")
    if len(state.trains) != n or len(state.route_points) != n or not 0 <= state.current < n:
        raise SaveFormatError("the saved per-player numbers do not match the players")


def from_json(text: str | bytes) -> RailsState:
    """Load a save made by :func:`to_json`; a damaged or foreign file raises SaveFormatError."""
    return guarded_load(NAME, text, _build)
