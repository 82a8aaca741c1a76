"""How often the Imprevisti (§9.2) come up in real games: seeded bot games, counting the turns,
the Closure draws (turns that ended with a conquest, §9.1) and the Imprevisti each draw met.

``card_odds`` gives the exact chances per draw; how many draws a game has depends on how the
players fight, which no formula gives, so this module plays games and counts. Only the first pass
through the deck is counted: once the discard pile is shuffled back (§9.1, our decision) the
cards left are no longer the model's.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamelib.cnw import bots, cards, rules
from gamelib.cnw.setup import new_game
from gamelib.cnw.state import PLACEMENT, CnwState

DECK = cards.load()
N_GATEWAY_CARDS = len(DECK.gateway_cards)
BOTS = ("courier", "expansionist")
TURN_CAP = 60  # rounds; the games of the lessons end long before (docs/rules/cnw.md)


@dataclass(frozen=True)
class GameCards:
    """One game's draws: ``turns`` played, ``draws`` made at Closures (first pass), ``hits``
    the draws that met at least one Imprevisto, the keys of the Imprevisti met in order, and
    whether the deck ran out and was reshuffled."""

    seed: int
    turns: int
    draws: int
    hits: int
    imprevisti: tuple[str, ...]
    reshuffled: bool


def _drawn(before: CnwState, after: CnwState) -> list[int] | None:
    """The cards an action took from the top of the deck (the end of the list), or None when
    the deck was rebuilt from the discard pile."""
    n = len(after.deck)
    if n > len(before.deck) or before.deck[:n] != after.deck:
        return None
    return before.deck[n:][::-1]


def play(seed: int, players: int = 3) -> GameCards:
    """A seeded game of courier and expansionist bots (seats alternate), counted."""
    state = new_game(players, seed=seed, turn_cap=TURN_CAP)
    seats = [bots.BOTS[BOTS[p % len(BOTS)]](seed * 10 + p) for p in range(players)]
    draws, hits, met, reshuffled = 0, 0, [], False
    start = None
    while not rules.is_over(state):
        before = state
        state = rules.apply(state, seats[rules.current_player(state)].choose(state))
        if state.phase != PLACEMENT and start is None:
            start = before.turn
        if reshuffled or before.deck == state.deck:
            continue
        drawn = _drawn(before, state)
        if drawn is None:
            reshuffled = True
            continue
        now = [DECK.imprevisti[c - N_GATEWAY_CARDS].key for c in drawn if DECK.is_imprevisto(c)]
        draws += 1
        hits += bool(now)
        met += now
    return GameCards(seed, state.turn - (start or 0), draws, hits, tuple(met), reshuffled)
