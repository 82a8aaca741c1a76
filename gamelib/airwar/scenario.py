"""Build a position card by card: for lessons ("here is a raid"), widgets and rule tests.

Every card not placed explicitly goes to its side's deck (shuffled with ``seed``), so the
82 cards are always all present exactly once, as in a real game.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from gamelib.core import new_rng_state

from .cards import SIDES, by_id, constants, load
from .state import AirWarState

SideCards = Mapping[str, Iterable[str]]


def build(
    *,
    active: str = "axis",
    stage: str = "airbase",
    turn: int = 3,
    hands: SideCards | None = None,
    bases: SideCards | None = None,
    carriers: SideCards | None = None,
    war: Mapping[str, Mapping[str, str]] | None = None,
    grounded: Mapping[str, Mapping[str, Iterable[str]]] | None = None,
    attached: Mapping[str, Mapping[str, str]] | None = None,
    discard: SideCards | None = None,
    industry: Mapping[str, int] | None = None,
    convoy: Mapping[str, int] | None = None,
    seed: int = 0,
) -> AirWarState:
    """A state where ``active`` is at the start of ``stage`` ("mobilisation", "airbase" or
    "carrier"). Sides are keyed "axis"/"allies"; ``bases`` defaults to LAE and Midway."""
    k = constants()
    table = by_id()
    s = AirWarState(rng=new_rng_state(seed))
    s.turn = turn
    s.active = SIDES.index(active)
    s.stage = stage
    s.step = "mobilise" if stage == "mobilisation" else "target"
    rng = random.Random(seed)
    default_bases = {side: [k["start_bases"][side]] for side in SIDES}
    used: set[str] = set()

    def take(cards: Iterable[str], side: str) -> list[str]:
        out = list(cards)
        for c in out:
            if c not in table or table[c].side != side:
                raise ValueError(f"{c!r} is not a card of the {side} deck")
            if c in used:
                raise ValueError(f"{c!r} is placed twice")
            used.add(c)
        return out

    for p, side in enumerate(SIDES):
        s.industry[p] = (industry or {}).get(side, k["industry"])
        s.convoy[p] = (convoy or {}).get(side, k["convoy"])
        s.hand[p] = take((hands or {}).get(side, ()), side)
        s.bases[p] = take((bases or default_bases).get(side, ()), side)
        s.carriers[p] = take((carriers or {}).get(side, ()), side)
        for host in s.bases[p] + s.carriers[p]:
            s.grounded[p][host] = []
        for host, planes in ((grounded or {}).get(side, {})).items():
            if host not in s.grounded[p]:
                raise ValueError(f"{host!r} is not a host in play for {side}")
            s.grounded[p][host] = take(planes, side)
        for w, base in ((war or {}).get(side, {})).items():
            take([w], side)
            if base not in s.bases[p]:
                raise ValueError(f"War card {w!r} must sit on an airbase in play")
            s.war[p][w] = base
        for b, plane in ((attached or {}).get(side, {})).items():
            take([b], side)
            s.attached[p][b] = plane
        s.discard[p] = take((discard or {}).get(side, ()), side)
    for p, side in enumerate(SIDES):
        rest = [c.id for c in load()[side] if c.id not in used]
        rng.shuffle(rest)
        s.deck[p] = rest
    return s


def play(state: AirWarState, actions: Iterable[object]) -> AirWarState:
    """Apply ``actions`` in order (each checked by the rules) and return the final state."""
    from .rules import apply

    for action in actions:
        state = apply(state, action)
    return state
