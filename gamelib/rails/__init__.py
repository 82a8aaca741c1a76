"""Rails across the USA (the rules of Ticket to Ride on the original USA map), as the game
protocol of :mod:`gamelib.core`: ``new_game``, ``legal_actions``, ``apply``, ``current_player``,
``is_over``, ``winners``, ``to_json``, ``from_json``, ``observation`` and ``bots.RandomBot``.

Submodules: ``board`` (map and tickets), ``cards``, ``state``, ``actions``, ``rules`` (the
engine), ``scoring``, ``invariants`` (``check_state``), ``saves`` (``to_json`` / ``from_json``),
``routes`` (graph algorithms), ``bots``, ``simulate``.
"""

from gamelib.rails import bots
from gamelib.rails.actions import (
    CODEC,
    ClaimRoute,
    DrawDeck,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
)
from gamelib.rails.invariants import check_state
from gamelib.rails.rules import (
    NAME,
    apply,
    claim_actions,
    current_player,
    from_json,
    is_over,
    legal_actions,
    new_game,
    observation,
    to_json,
    winners,
)
from gamelib.rails.state import RailsState

__all__ = [
    "NAME",
    "CODEC",
    "ClaimRoute",
    "DrawDeck",
    "DrawFaceUp",
    "DrawTickets",
    "KeepTickets",
    "Pass",
    "RailsState",
    "apply",
    "bots",
    "check_state",
    "claim_actions",
    "current_player",
    "from_json",
    "is_over",
    "legal_actions",
    "new_game",
    "observation",
    "to_json",
    "winners",
]
