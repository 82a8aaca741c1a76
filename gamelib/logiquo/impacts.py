"""What a threat's Impatti (§Struttura.4, §Carte Minaccia: Singolo or Multiplo) and an
anomaly's effects (§Anomalie) do, one operation at a time: lose Data (§Scarto delle carte
Dati), discard controls at random or by category, pass or swap cards to the left, burn the
control deck, and this turn's flags (no restore, no collaboration, one more control needed).

The queue that runs them in order, pausing for a player's discard choice, is in :mod:`.turn`.
"""

from __future__ import annotations

from typing import Any

from .cards import DECK_SIZE, card
from .state import State
from .table import CATEGORY, clockwise_from, discard_controls, kind, log, next_alive, rand


def targets_for(s: State, threat_id: int) -> list[int]:
    """Single: the current player; Multiplo: every player still in (§Carte Minaccia)."""
    if card(threat_id).involvement == "all":
        return clockwise_from(s, s.active)
    return [s.active]


def _holds_category(s: State, p: int, category: str) -> bool:
    return any(
        kind(c) == "countermeasure" and CATEGORY[c % DECK_SIZE] == category for c in s.hands[p]
    )


def apply_op(s: State, item: dict[str, Any]) -> None:
    op = item["op"]
    n = int(item.get("n", 1))
    targets = [p for p in item["targets"] if s.alive[p]]
    if op == "lose_data":
        for p in targets:
            unless = item.get("unless_holding")
            if unless and _holds_category(s, p, unless):
                log(s, type="protected", player=p, category=unless)
                continue
            k = min(n, len(s.data[p]))
            for _ in range(k):
                s.data_discard.append(s.data[p].pop())  # §Scarto delle carte Dati
            s.stats["data_lost"][p] += k
            log(s, type="lose_data", player=p, n=k)
    elif op == "discard_random":
        rng = rand(s)
        category = item.get("category")
        for p in targets:
            pool = s.hands[p]
            if category:
                pool = [
                    c
                    for c in pool
                    if kind(c) == "countermeasure" and CATEGORY[c % DECK_SIZE] == category
                ]
            discard_controls(s, p, rng.sample(pool, min(n, len(pool))), "impact")
    elif op == "discard_category":
        for p in targets:
            pool = [
                c
                for c in s.hands[p]
                if kind(c) == "countermeasure" and CATEGORY[c % DECK_SIZE] == item["category"]
            ]
            discard_controls(s, p, pool, "impact")
    elif op == "swap_left" and len(targets) == 1:
        rng = rand(s)
        p = targets[0]
        q = next_alive(s, p)
        if q != p:
            mine = rng.sample(s.hands[p], min(n, len(s.hands[p])))
            theirs = rng.sample(s.hands[q], min(n, len(s.hands[q])))
            for c in mine:
                s.hands[p].remove(c)
                s.hands[q].append(c)
            for c in theirs:
                s.hands[q].remove(c)
                s.hands[p].append(c)
            log(s, type="swap", player=p, other=q, gave=len(mine), got=len(theirs))
    elif op in ("give_left", "swap_left"):
        # Every target passes its random cards to the next player at the same moment.
        rng = rand(s)
        picks = {p: rng.sample(s.hands[p], min(n, len(s.hands[p]))) for p in targets}
        for p in targets:
            q = next_alive(s, p)
            if q == p:
                continue
            for c in picks[p]:
                s.hands[p].remove(c)
                s.hands[q].append(c)
            log(s, type="give", player=p, other=q, n=len(picks[p]))
    elif op == "burn_controls":
        k = min(n, len(s.control_deck))
        burnt = [s.control_deck.pop() for _ in range(k)]
        s.control_discard.extend(burnt)
        log(s, type="burn", cards=burnt)
    elif op == "no_redraw":
        s.flags["no_redraw"] = True
    elif op == "no_collaboration":
        s.flags["no_collab"] = True
    elif op == "extra_control":
        s.flags["extra"] = int(s.flags.get("extra", 0)) + n
    else:  # the data files are checked by the tests; this guards hand-edited decks
        raise ValueError(f"unknown effect op {op!r}")
