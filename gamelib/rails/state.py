"""The game state: plain lists and ints, cheap to copy field by field, exact in JSON.

Card piles are lists of card kinds (see :mod:`gamelib.rails.cards`) whose *end* is the top;
ticket piles are lists of ticket ids whose end is the top and whose index 0 is the bottom
(returned tickets go there, §Preparazione, §Prendere le carte Destinazione).
"""

from __future__ import annotations

from dataclasses import dataclass

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


def copy_state(state: RailsState) -> RailsState:
    """A new state sharing every list with ``state``: callers replace what they change."""
    new = object.__new__(RailsState)
    new.__dict__.update(state.__dict__)
    return new
