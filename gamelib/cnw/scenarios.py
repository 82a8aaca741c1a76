"""Seeded positions that the lessons study, built as legal states (``check_state`` accepts them).

* :func:`last_stand`: a four-player game in round 3, in the Operations of seat 0, where seat 2
  holds a single gateway next to a big stack of seat 0: taking it eliminates seat 2 (§7.5), and
  seat 0 takes its Gateway cards, with a forced tris at once if it then holds 5 or more (§7.5,
  §9.1). The hands' sizes vary with the seed, so some seeds force the tris and some do not.

The position is arranged (a real game reaches such a moment only after several rounds), but
everything that follows from it is the engine's: the same ``apply`` as any game.
"""

from __future__ import annotations

import random
from dataclasses import replace

from gamelib.cnw import cards, objectives
from gamelib.cnw.board import load as load_board
from gamelib.cnw.invariants import check_state
from gamelib.cnw.network import CODES, HUB, INDEX
from gamelib.cnw.setup import new_game
from gamelib.cnw.state import OPERATIONS, CnwState
from gamelib.cnw.victory import objective_met

ATTACKER, VICTIM = 0, 2
PLAYERS = 4
BOARD = load_board()
DECK = cards.load()
# objectives the elimination can neither complete nor turn into "24 gateways" (§11.1)
QUIET_OBJECTIVES = tuple(
    c.id for c in objectives.load().cards if c.kind in ("regions", "hubs", "routes")
)


def last_stand(seed: int, names: list[str] | None = None) -> CnwState:
    """The seeded position of the module docstring (``names``: the four seats' names)."""
    rng = random.Random(seed)
    s = new_game(names or PLAYERS, seed=seed)
    owner, pawns = list(s.owner), [1 + rng.randint(0, 3) for _ in s.pawns]
    fronts = [
        (INDEX[t], INDEX[n])
        for t in CODES
        if owner[INDEX[t]] == VICTIM and not HUB[INDEX[t]]
        for n in sorted(BOARD.neighbours(t))
        if not HUB[INDEX[n]]
    ]
    target, source = fronts[rng.randrange(len(fronts))]
    others = [q for q in range(PLAYERS) if q not in (ATTACKER, VICTIM)]
    k = 0
    for i, o in enumerate(owner):
        if o == VICTIM and i != target:
            owner[i] = others[k % len(others)]
            k += 1
    owner[source] = ATTACKER
    pawns[source] = 6 + rng.randint(0, 2)
    pawns[target] = 1 + rng.randint(0, 1)
    deck = [c for c in s.deck if not DECK.is_imprevisto(c)]
    rng.shuffle(deck)
    sizes = [rng.randint(2, 4), rng.randint(0, 2), rng.randint(1, 3), rng.randint(0, 2)]
    hands = []
    for size in sizes:
        hands.append(sorted(deck[:size]))
        deck = deck[size:]
    held = {c for hand in hands for c in hand}
    state = replace(
        s,
        owner=owner,
        pawns=pawns,
        reserve=[0] * PLAYERS,
        hands=hands,
        deck=[c for c in s.deck if c not in held],
        objectives=rng.sample(QUIET_OBJECTIVES, PLAYERS),
        phase=OPERATIONS,
        current=ATTACKER,
        first=ATTACKER,
        turn=2 * PLAYERS + 1,
        round=3,
    )
    taken = replace(state, owner=[ATTACKER if i == target else o for i, o in enumerate(owner)])
    if any(objective_met(taken, p) for p in range(PLAYERS)):
        return last_stand(seed + 1_000_003, names)  # an objective would end the game at once
    problem = check_state(state)
    if problem:
        raise AssertionError(f"last_stand({seed}) is not a legal position: {problem}")
    return state


def front(state: CnwState) -> tuple[str, str]:
    """(the attacker's stack, the victim's last gateway) of a :func:`last_stand` position."""
    target = next(CODES[i] for i, o in enumerate(state.owner) if o == VICTIM)
    source = max(
        (n for n in BOARD.neighbours(target) if state.owner[INDEX[n]] == ATTACKER),
        key=lambda n: state.pawns[INDEX[n]],
    )
    return source, target
