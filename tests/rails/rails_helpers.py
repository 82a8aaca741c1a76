"""Helpers for the rails tests: a started game and card arrangements that keep all 110 cards.

Every helper returns a new state (deep copies of the piles it touches), so a test can arrange a
position without breaking the conservation checks of ``from_json``.
"""

from __future__ import annotations

import copy

from gamelib import rails
from gamelib.rails.actions import KeepTickets
from gamelib.rails.board import load
from gamelib.rails.cards import INDEX, KINDS
from gamelib.rails.state import RailsState

BOARD = load()


def started(players: int = 2, seed: int = 1) -> RailsState:
    """A game past setup: every player kept all three tickets; player 0 to move."""
    state = rails.new_game(players, seed=seed)
    while state.phase == "setup":
        state = rails.apply(state, KeepTickets(tuple(sorted(state.offers[state.current]))))
    return state


def clone(state: RailsState) -> RailsState:
    return copy.deepcopy(state)


def _take(state: RailsState, kind: int) -> None:
    """Remove one card of ``kind`` from the deck, else from the discards."""
    for pile in (state.deck, state.discard):
        if kind in pile:
            pile.remove(kind)
            return
    raise AssertionError(f"no card of kind {kind} left in the deck or the discards")


def set_hand(state: RailsState, player: int, cards: dict[str, int]) -> RailsState:
    """``player`` holds exactly ``cards``; their old hand goes back to the deck's bottom."""
    new = clone(state)
    old = new.hands[player]
    for kind in range(KINDS):
        new.deck[:0] = [kind] * old[kind]
    new.hands[player] = [0] * KINDS
    for name, count in cards.items():
        for _ in range(count):
            _take(new, INDEX[name])
            new.hands[player][INDEX[name]] += 1
    return new


def set_face_up(state: RailsState, names: list[str | None]) -> RailsState:
    """Show exactly these five cards (None = empty slot); the old ones go under the deck."""
    new = clone(state)
    for card in new.face_up:
        if card >= 0:
            new.deck.insert(0, card)
    new.face_up = []
    for name in names:
        if name is None:
            new.face_up.append(-1)
        else:
            _take(new, INDEX[name])
            new.face_up.append(INDEX[name])
    return new


def stack_deck(state: RailsState, top: list[str]) -> RailsState:
    """Put these cards on top of the deck, ``top[0]`` drawn first."""
    new = clone(state)
    kinds = [INDEX[name] for name in top]
    for kind in kinds:
        new.deck.remove(kind)
    new.deck.extend(reversed(kinds))
    return new


def route_id(a: str, b: str, color: str | None = None, index: int | None = None) -> int:
    """The id of the route between two cities (of this colour / double index)."""
    for r in BOARD.routes_between(a, b):
        if (color is None or r.color == color) and (index is None or r.double_index == index):
            return r.id
    raise AssertionError(f"no route {a}-{b} {color} {index}")


def total_cards(state: RailsState) -> int:
    return (
        len(state.deck)
        + len(state.discard)
        + sum(1 for c in state.face_up if c >= 0)
        + sum(sum(h) for h in state.hands)
    )


def arrange(
    state: RailsState,
    *,
    deck: list[str],
    face_up: list[str | None],
    discard: list[str] = (),
    hands: dict[int, dict[str, int]] | None = None,
    rest_to: int = 1,
) -> RailsState:
    """Lay out every train card: ``deck`` (top first), ``face_up``, ``discard``, the given hands
    (other players empty) and all the remaining cards in the hand of ``rest_to``."""
    from collections import Counter

    from gamelib.rails.cards import full_deck

    new = clone(state)
    left = Counter(full_deck())
    new.deck = [INDEX[n] for n in reversed(deck)]
    new.face_up = [INDEX[n] if n else -1 for n in face_up]
    new.discard = [INDEX[n] for n in discard]
    new.hands = [[0] * KINDS for _ in new.hands]
    for player, cards in (hands or {}).items():
        for name, count in cards.items():
            new.hands[player][INDEX[name]] += count
    used = new.deck + [c for c in new.face_up if c >= 0] + new.discard
    used += [k for h in new.hands for k in range(KINDS) for _ in range(h[k])]
    left.subtract(Counter(used))
    assert min(left.values()) >= 0, "more cards arranged than the game has"
    for kind, count in left.items():
        new.hands[rest_to][kind] += count
    return new
