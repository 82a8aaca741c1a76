"""§Prendere carte carro and §Carte Locomotiva: drawing train cards, two a turn (each from the
deck or face up), the face-up display refilled at once, three face-up locomotives wiped, the
deck rebuilt from the shuffled discards (§silent:empty-deck, §silent:loco-wipe).

The piles' helpers (:class:`Rng`, :func:`refill`, :func:`own_hand`) serve setup and claims too.
"""

from __future__ import annotations

from typing import Any

from gamelib.core import IllegalAction, rng_from
from gamelib.rails.actions import Action, DrawDeck, DrawFaceUp
from gamelib.rails.cards import CARD_NAMES, INDEX, LOCO
from gamelib.rails.limits import SLOTS, WIPE
from gamelib.rails.state import SECOND_DRAW, TURN, RailsState, copy_state
from gamelib.rails.turn import end_turn, wrong_phase


class Rng:
    """The game's generator, restored from the state only if a shuffle is really needed."""

    __slots__ = ("state", "rng")

    def __init__(self, state: RailsState) -> None:
        self.state = state
        self.rng: Any = None

    def get(self) -> Any:
        if self.rng is None:
            self.rng = rng_from(self.state.rng)
        return self.rng

    def save(self) -> None:
        if self.rng is not None:
            self.state.rng = self.rng.getstate()


def draw_card(state: RailsState, rng: Rng) -> int:
    """The top card of the deck; an empty deck is first rebuilt from the shuffled discards
    (§Prendere carte carro). -1 when both are empty (§silent:empty-deck)."""
    if not state.deck:
        if not state.discard:
            return -1
        state.deck, state.discard = state.discard, []
        rng.get().shuffle(state.deck)
    return state.deck.pop()


def _wipe_can_help(state: RailsState) -> bool:
    """Whether discarding the five face-up cards could show fewer than 3 locomotives: with too
    few coloured cards left anywhere, wiping again would loop forever (§silent:loco-wipe)."""
    pool = [c for c in state.face_up if c >= 0] + state.deck + state.discard
    colored = sum(1 for c in pool if c != LOCO)
    return colored >= min(SLOTS, len(pool)) - (WIPE - 1)


def refill(state: RailsState, rng: Rng) -> None:
    """Fill empty face-up slots from the deck; 3 face-up locomotives are discarded with the
    other two cards and five new cards are shown (§Carte Locomotiva), as often as needed."""
    for slot in range(SLOTS):
        if state.face_up[slot] < 0:
            card = draw_card(state, rng)
            if card < 0:
                break
            state.face_up[slot] = card
    while state.face_up.count(LOCO) >= WIPE and _wipe_can_help(state):
        state.discard.extend(c for c in state.face_up if c >= 0)
        state.face_up = [-1] * SLOTS
        for slot in range(SLOTS):
            card = draw_card(state, rng)
            if card < 0:
                break
            state.face_up[slot] = card


def own_piles(new: RailsState) -> None:
    new.deck = list(new.deck)
    new.face_up = list(new.face_up)
    new.discard = list(new.discard)


def own_hand(new: RailsState, player: int) -> list[int]:
    new.hands = list(new.hands)
    hand = new.hands[player] = list(new.hands[player])
    return hand


def _can_draw_second(state: RailsState) -> bool:
    """A second train card exists: the deck, the discards, or a face-up non-locomotive
    (§Carte Locomotiva: a face-up locomotive cannot be the second card)."""
    if state.deck or state.discard:
        return True
    return any(c >= 0 and c != LOCO for c in state.face_up)


def draw_actions(state: RailsState, second: bool) -> list[Action]:
    out: list[Action] = []
    if state.deck or state.discard:
        out.append(DrawDeck())
    seen: set[int] = set()
    for card in state.face_up:
        if card < 0 or card in seen or (second and card == LOCO):
            continue
        seen.add(card)
        out.append(DrawFaceUp(CARD_NAMES[card]))
    return out


def _check_draw_phase(state: RailsState) -> None:
    if state.phase not in (TURN, SECOND_DRAW):
        raise wrong_phase(state)


def _after_draw(new: RailsState, ends_turn: bool) -> None:
    if ends_turn or new.phase == SECOND_DRAW:
        end_turn(new)
        return
    new.phase = SECOND_DRAW
    if not _can_draw_second(new):  # §silent:empty-deck: nothing left to take
        end_turn(new)


def draw_deck(state: RailsState, action: DrawDeck) -> RailsState:
    _check_draw_phase(state)
    if not state.deck and not state.discard:
        raise IllegalAction("§silent:empty-deck", "deck.empty")
    new = copy_state(state)
    new.actions += 1
    own_piles(new)
    rng = Rng(new)
    card = draw_card(new, rng)
    own_hand(new, state.current)[card] += 1
    rng.save()
    _after_draw(new, ends_turn=False)
    return new


def draw_face_up(state: RailsState, action: DrawFaceUp) -> RailsState:
    _check_draw_phase(state)
    if not isinstance(action.color, str):
        raise IllegalAction("§actions", "malformed.draw_face_up")
    kind = INDEX.get(action.color, -1)
    if kind < 0 or kind not in state.face_up:
        shown = tuple(CARD_NAMES[c] for c in state.face_up if c >= 0)
        raise IllegalAction(
            "§Prendere carte carro", "face_up.missing", card=action.color, shown=shown
        )
    if kind == LOCO and state.phase == SECOND_DRAW:
        raise IllegalAction("§Carte Locomotiva", "face_up.locomotive_second")
    new = copy_state(state)
    new.actions += 1
    own_piles(new)
    new.face_up[new.face_up.index(kind)] = -1
    own_hand(new, state.current)[kind] += 1
    rng = Rng(new)
    refill(new, rng)
    rng.save()
    # §Carte Locomotiva: a face-up locomotive is both draws; the turn ends at once.
    _after_draw(new, ends_turn=kind == LOCO)
    return new


# The rules of this module's actions, merged by ``rules.apply``.
HANDLERS = {DrawDeck: draw_deck, DrawFaceUp: draw_face_up}
