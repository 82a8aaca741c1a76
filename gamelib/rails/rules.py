"""The rules engine of Rails across the USA, the front of :mod:`gamelib.core`'s protocol:
:func:`legal_actions` and :func:`apply` dispatch to one module per part of the rulebook, and
the names interfaces, bots and tests use are re-exported from here.

==================== ========================================================================
``setup.py``         §Preparazione, §Contenuto: ``new_game``, the deal
``turn.py``          §Iniziare il gioco, §Fine del gioco: turn order, the last round, winners
``draws.py``         §Prendere carte carro, §Carte Locomotiva: train cards, the piles
``claims.py``        §Occupare le strade, §Punti: claiming routes
``tickets.py``       §Prendere le carte Destinazione (and keeping at §Preparazione)
``limits.py``        the rules' numbers (``data/rules.json``) and the board
``scoring.py``       §Calcolo dei punti; ``state.py``: the state; ``invariants.py``:
                     ``check_state``; ``saves.py``: ``to_json`` / ``from_json``
==================== ========================================================================

Citations name the rulebook's section headings (see docs/rules/rails.md): §Preparazione,
§Iniziare il gioco, §Prendere carte carro, §Carte Locomotiva, §Occupare le strade, §Punti,
§Prendere le carte Destinazione, §Fine del gioco, §Calcolo dei punti, §Contenuto; decisions the
rulebook leaves open are cited as §silent:<topic>. Passing (§silent:no-move) is here: only the
front knows every other action.

``apply`` never mutates its input: it makes a shallow copy of the state and replaces each list
it changes with a fresh copy (only those), which keeps a step cheap.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamelib.core import IllegalAction
from gamelib.rails import claims, draws, scoring, tickets
from gamelib.rails.actions import (
    CODEC,
    Action,
    ClaimRoute,
    DrawTickets,
    Pass,
)
from gamelib.rails.cards import CARD_NAMES, hand_to_dict
from gamelib.rails.claims import POINTS, claim_actions, claim_blocker
from gamelib.rails.limits import (
    BOARD,
    DOUBLE_MIN,
    DRAW_DEALT,
    DRAW_KEEP,
    HAND,
    LAST_ROUND,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROUTES,
    SETUP_DEALT,
    SETUP_KEEP,
    SLOTS,
    TRAINS,
    WIPE,
)
from gamelib.rails.saves import from_json, to_json
from gamelib.rails.setup import new_game
from gamelib.rails.state import (
    NAME,
    OVER,
    SECOND_DRAW,
    SETUP,
    TICKETS,
    TURN,
    RailsState,
    copy_state,
)
from gamelib.rails.turn import current_player, end_turn, is_over, winners, wrong_phase

__all__ = [
    "NAME",
    "new_game",
    "legal_actions",
    "apply",
    "current_player",
    "is_over",
    "winners",
    "to_json",
    "from_json",
    "observation",
    "claim_actions",
    # the rules' numbers and helpers, for bots, lessons and tests
    "BOARD",
    "ROUTES",
    "POINTS",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "TRAINS",
    "HAND",
    "SLOTS",
    "SETUP_DEALT",
    "SETUP_KEEP",
    "DRAW_DEALT",
    "DRAW_KEEP",
    "WIPE",
    "DOUBLE_MIN",
    "LAST_ROUND",
    "claim_blocker",
    "turn_actions",
]


# --------------------------------------------------------------------------------------------
# legal_actions


def legal_actions(state: RailsState) -> list[Action]:
    """Every action the player to move may take; [] once the game is over."""
    phase = state.phase
    if phase == OVER:
        return []
    if phase in (SETUP, TICKETS):
        return tickets.keep_actions(state)
    if phase == SECOND_DRAW:
        return draws.draw_actions(state, second=True)
    return turn_actions(state, claim_actions(state))


def turn_actions(state: RailsState, claimable: list[ClaimRoute]) -> list[Action]:
    """``legal_actions`` of a turn's start from its ``claimable`` routes' payments (a bot
    lists them only once)."""
    out = draws.draw_actions(state, second=False)
    out.extend(claimable)
    if state.ticket_deck:
        out.append(DrawTickets())
    return out or [Pass()]


def _has_move(state: RailsState) -> bool:
    """Whether the player to move has any action but Pass (§silent:no-move)."""
    if state.deck or state.discard or any(c >= 0 for c in state.face_up) or state.ticket_deck:
        return True
    return bool(claim_actions(state))


# --------------------------------------------------------------------------------------------
# apply


def apply(state: RailsState, action: Action) -> RailsState:
    """The state after ``action``; raises IllegalAction (citing the rule) and changes nothing
    if the rules forbid it."""
    CODEC.check(action)
    if state.phase == OVER:
        raise IllegalAction("§Fine del gioco", "game.over")
    return _HANDLERS[type(action)](state, action)


def _pass(state: RailsState, action: Pass) -> RailsState:
    if state.phase != TURN:
        raise wrong_phase(state)
    if _has_move(state):
        raise IllegalAction("§silent:no-move", "pass.can_move")
    new = copy_state(state)
    new.actions += 1
    end_turn(new, passed=True)
    return new


# Each action class -> its rule (the phase modules declare theirs).
_HANDLERS: dict[type[Action], Callable[[RailsState, Any], RailsState]] = {
    **tickets.HANDLERS,
    **draws.HANDLERS,
    **claims.HANDLERS,
    Pass: _pass,
}

# --------------------------------------------------------------------------------------------
# What a player may see


def observation(state: RailsState, player: int) -> dict[str, Any]:
    """What ``player`` sees: their own hand, tickets and offer; of the others only counts; the
    deck only by its size. Once the game is over every ticket is revealed, as at the table."""
    if not 0 <= player < state.players:
        raise ValueError(f"no player {player} in a game of {state.players}")
    board_tickets = BOARD.tickets
    mine = scoring.player_routes(state, player)

    def ticket_view(tid: int) -> dict[str, Any]:
        t = board_tickets[tid]
        return {
            "id": t.id,
            "a": t.a,
            "b": t.b,
            "points": t.points,
            "completed": scoring.ticket_completed(mine, t),
        }

    obs: dict[str, Any] = {
        "game": NAME,
        "player": player,
        "names": list(state.names),
        "current_player": current_player(state),
        "phase": state.phase,
        "turn": state.turn,
        "face_up": [CARD_NAMES[c] if c >= 0 else None for c in state.face_up],
        "deck_size": len(state.deck),
        "discard_size": len(state.discard),
        "ticket_deck_size": len(state.ticket_deck),
        "owners": [o if o >= 0 else None for o in state.owner],
        "trains": list(state.trains),
        "route_points": list(state.route_points),
        "hand_sizes": [sum(h) for h in state.hands],
        "ticket_counts": [len(t) for t in state.tickets],
        "offer_counts": [len(o) for o in state.offers],
        "hand": hand_to_dict(state.hands[player]),
        "tickets": [ticket_view(t) for t in state.tickets[player]],
        "offer": [ticket_view(t) for t in sorted(state.offers[player])],
        "last_round": state.final_turns >= 0,
        "turns_left": state.final_turns if state.final_turns >= 0 else None,
        "ended_by": state.ended_by or None,
    }
    if state.phase == OVER:
        obs["final"] = [s.to_dict() for s in scoring.final_scores(state)]
        obs["winners"] = winners(state)
    return obs
