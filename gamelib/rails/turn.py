"""§Iniziare il gioco and §Fine del gioco: one action a turn, clockwise; who decides now; the
last round once a player is down to 2 trains or fewer; the stalemate end (§silent:no-move);
the winners (§Calcolo dei punti).

The actions' rules (``draws``, ``claims``, ``tickets``) close a turn through :func:`end_turn`.
"""

from __future__ import annotations

from gamelib.core import IllegalAction
from gamelib.rails import scoring
from gamelib.rails.limits import LAST_ROUND
from gamelib.rails.state import OVER, SETUP, TICKETS, TURN, RailsState


def current_player(state: RailsState) -> int | None:
    """Who decides now (the same player for both draws of a turn); None once the game is over."""
    return None if state.phase == OVER else state.current


def is_over(state: RailsState) -> bool:
    return state.phase == OVER


def winners(state: RailsState) -> list[int]:
    """The winner(s) of a finished game (§Calcolo dei punti), [] while it is still going."""
    if state.phase != OVER:
        return []
    return scoring.winners(scoring.final_scores(state))


def wrong_phase(state: RailsState) -> IllegalAction:
    """Why the player to move cannot start a new action now (setup, ticket choice, 2nd draw)."""
    if state.phase == SETUP:
        return IllegalAction("§Preparazione", "phase.setup_tickets", player=state.current)
    if state.phase == TICKETS:
        return IllegalAction("§Prendere le carte Destinazione", "phase.drawn_tickets")
    return IllegalAction("§Iniziare il gioco", "phase.second_card")


def end_turn(new: RailsState, passed: bool = False) -> None:
    """Close the current player's turn: the last round (§Fine del gioco), the stalemate end
    (§silent:no-move), then the next player clockwise (§Iniziare il gioco)."""
    p = new.current
    n = new.players
    new.passes = new.passes + 1 if passed else 0
    new.turn += 1
    if new.final_turns >= 0:
        new.final_turns -= 1
        if new.final_turns == 0:
            new.phase = OVER
            new.ended_by = "trains"
            return
    elif new.trains[p] <= LAST_ROUND:
        # §Fine del gioco, §silent:last-round: every player, this one included, plays once more.
        new.final_turns = n
        new.trigger = p
    if new.passes >= n:
        new.phase = OVER
        new.ended_by = "stalemate"
        return
    new.current = (p + 1) % n
    new.phase = TURN
