"""§Prendere le carte Destinazione and the tickets of §Preparazione: draw 3 destination tickets
(fewer if fewer are left), keep at least one (2 at setup), the rest back under the ticket deck."""

from __future__ import annotations

from itertools import combinations

from gamelib.core import IllegalAction
from gamelib.rails.actions import Action, DrawTickets, KeepTickets
from gamelib.rails.limits import DRAW_DEALT, DRAW_KEEP, SETUP_KEEP
from gamelib.rails.state import SETUP, TICKETS, TURN, RailsState, copy_state
from gamelib.rails.turn import end_turn, wrong_phase
from gamelib.validate import is_int


def keep_actions(state: RailsState) -> list[Action]:
    offer = sorted(state.offers[state.current])
    least = SETUP_KEEP if state.phase == SETUP else DRAW_KEEP
    least = min(least, len(offer))
    return [
        KeepTickets(combo)
        for size in range(len(offer), least - 1, -1)
        for combo in combinations(offer, size)
    ]


def keep(state: RailsState, action: KeepTickets) -> RailsState:
    if state.phase not in (SETUP, TICKETS):
        raise IllegalAction("§Prendere le carte Destinazione", "tickets.none_offered")
    keep = action.tickets
    if not isinstance(keep, tuple) or not all(is_int(t) for t in keep):
        raise IllegalAction("§actions", "malformed.keep_tickets")
    p = state.current
    offer = state.offers[p]
    setup = state.phase == SETUP  # the § of a refusal: §Preparazione, else the ticket draw's
    if list(keep) != sorted(set(keep)):
        if setup:
            raise IllegalAction("§Preparazione", "tickets.order")
        raise IllegalAction("§Prendere le carte Destinazione", "tickets.order")
    missing = tuple(t for t in keep if t not in offer)
    if missing:
        offered = tuple(sorted(offer))
        if setup:
            raise IllegalAction(
                "§Preparazione", "tickets.not_offered", tickets=missing, offer=offered
            )
        raise IllegalAction(
            "§Prendere le carte Destinazione", "tickets.not_offered", tickets=missing, offer=offered
        )
    least = min(SETUP_KEEP if state.phase == SETUP else DRAW_KEEP, len(offer))
    if len(keep) < least:
        if setup:
            raise IllegalAction("§Preparazione", "tickets.too_few", least=least, dealt=len(offer))
        raise IllegalAction(
            "§Prendere le carte Destinazione", "tickets.too_few", least=least, dealt=len(offer)
        )
    new = copy_state(state)
    new.actions += 1
    new.tickets = list(state.tickets)
    new.tickets[p] = state.tickets[p] + list(keep)
    new.offers = list(state.offers)
    new.offers[p] = []
    returned = sorted(t for t in offer if t not in keep)
    if returned:  # under the deck: index 0 is the bottom
        new.ticket_deck = returned + state.ticket_deck
    if state.phase == SETUP:
        if p + 1 < state.players:
            new.current = p + 1
        else:  # §Iniziare il gioco: the first player starts (§silent:first-player)
            new.current = 0
            new.phase = TURN
    else:
        end_turn(new)
    return new


def draw_tickets(state: RailsState, action: DrawTickets) -> RailsState:
    if state.phase != TURN:
        raise wrong_phase(state)
    if not state.ticket_deck:
        raise IllegalAction("§Prendere le carte Destinazione", "tickets.deck_empty")
    new = copy_state(state)
    new.actions += 1
    take = min(DRAW_DEALT, len(state.ticket_deck))  # "prendere le carte rimanenti"
    new.ticket_deck = state.ticket_deck[: len(state.ticket_deck) - take]
    drawn = state.ticket_deck[len(state.ticket_deck) - take :][::-1]
    new.offers = list(state.offers)
    new.offers[state.current] = drawn
    new.phase = TICKETS
    return new


# The rules of this module's actions, merged by ``rules.apply``.
HANDLERS = {KeepTickets: keep, DrawTickets: draw_tickets}
