"""§Fine del Gioco and §Obiettivo: when the game ends (someone at 0 Data, or the threat deck
drawn out with the ``deck_out`` ending, which eliminates players at 0 instead) and who wins,
through the rulebook's chain of tie-breaks.
"""

from __future__ import annotations

from .cards import DECK_SIZE
from .state import State
from .table import MITIGATES, kind, log

TIEBREAKS = ("data", "countermeasures", "specials", "mitigated")


def ranking_key(state: State, p: int) -> tuple[int, int, int, int]:
    """§Obiettivo, in order: Data cards; Countermeasure cards in hand; Logiquo/Pentaqo cards in
    hand; the sum of the threats listed on the Countermeasure cards in hand."""
    hand = state.hands[p]
    cms = [c for c in hand if kind(c) == "countermeasure"]
    specials = sum(1 for c in hand if kind(c) in ("logiquo", "pentaqo"))
    mitigated = sum(len(MITIGATES[c % DECK_SIZE]) for c in cms)
    return (len(state.data[p]), len(cms), specials, mitigated)


def finish(s: State, reason: str) -> None:
    s.phase = "over"
    s.end_reason = reason
    n = len(s.players)
    if s.ending == "deck_out":
        candidates = [p for p in range(n) if s.alive[p]]
        if not candidates:  # everybody fell in the same blow: rank those last eliminated
            last = max(s.eliminated_at)
            candidates = [p for p in range(n) if s.eliminated_at[p] == last]
    else:
        candidates = list(range(n))
    keys = {p: ranking_key(s, p) for p in candidates}
    decided = "tie"
    if len(candidates) == 1:
        decided = "last_standing"
    else:
        for level, name in enumerate(TIEBREAKS):
            best = max(keys[p][level] for p in candidates)
            candidates = [p for p in candidates if keys[p][level] == best]
            if len(candidates) == 1:
                decided = name
                break
    s.winners = candidates
    s.decided_by = decided
    s.window = []
    s.collab = None
    s.offer = None
    s.effects = []
    s.choice = None
    log(s, type="game_over", reason=reason, winners=list(candidates), decided_by=decided)


def check_data(s: State) -> bool:
    """§Fine del Gioco: at 0 Data the game ends (``first_zero``) or the player is eliminated
    (``deck_out``) until one player is left. Returns True when the game is over."""
    zero = [p for p in range(len(s.players)) if s.alive[p] and not s.data[p]]
    if not zero:
        return False
    if s.ending == "first_zero":
        finish(s, "zero_data")
        return True
    batch = max(s.eliminated_at) + 1
    for p in zero:
        s.alive[p] = False
        s.eliminated_at[p] = batch
        log(s, type="eliminated", player=p)
    alive = sum(s.alive)
    if alive <= 1:
        finish(s, "last_standing" if alive == 1 else "all_eliminated")
        return True
    return False
