"""§Preparazione and §Contenuto: a new game for 2-5 players, dealt (trains, train cards, the
face-up display, three destination tickets each awaiting the choice kept in ``tickets``)."""

from __future__ import annotations

from typing import Any

from gamelib.core import IllegalAction, new_rng_state, rng_from
from gamelib.rails.cards import empty_hand, full_deck
from gamelib.rails.draws import Rng, refill
from gamelib.rails.limits import (
    BOARD,
    HAND,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROUTES,
    SETUP_DEALT,
    SLOTS,
    TRAINS,
)
from gamelib.rails.state import SETUP, RailsState
from gamelib.validate import player_names


def new_game(players: int | list[str], seed: int | None = None, **options: Any) -> RailsState:
    """A new game for 2-5 players (a count or a list of names), dealt as §Preparazione says:
    45 trains, 4 train cards each, 5 face up, 3 destination tickets each awaiting the choice."""
    if options:
        raise TypeError(f"rails.new_game takes no options, got {sorted(options)}")
    names = player_names(players, "§Contenuto")
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise IllegalAction(
            "§Contenuto", "players.count", least=MIN_PLAYERS, most=MAX_PLAYERS, players=len(names)
        )
    rng = rng_from(new_rng_state(seed))
    deck = full_deck()
    rng.shuffle(deck)
    hands = []
    for _ in names:
        hand = empty_hand()
        for _ in range(HAND):
            hand[deck.pop()] += 1
        hands.append(hand)
    ticket_deck = list(range(len(BOARD.tickets)))
    rng.shuffle(ticket_deck)
    offers = [[ticket_deck.pop() for _ in range(SETUP_DEALT)] for _ in names]
    state = RailsState(
        names=names,
        rng=rng.getstate(),
        deck=deck,
        face_up=[-1] * SLOTS,
        discard=[],
        hands=hands,
        ticket_deck=ticket_deck,
        tickets=[[] for _ in names],
        offers=offers,
        trains=[TRAINS] * len(names),
        owner=[-1] * len(ROUTES),
        route_points=[0] * len(names),
        phase=SETUP,
        current=0,
        turn=0,
        actions=0,
        final_turns=-1,
        trigger=-1,
        passes=0,
        ended_by="",
    )
    holder = Rng(state)
    refill(state, holder)
    holder.save()
    return state
