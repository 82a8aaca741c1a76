"""§Il Gioco: the set-up and the order of a turn's stages (Mobilisation, then the Airbase
stage, then the Carrier stage, each skipped without a host of its kind), and §Fine del Turno.
"""

from __future__ import annotations

from typing import Any

from gamelib.core import new_rng_state, rng_from

from .actions import EndMobilisation
from .cards import SIDES, load
from .mobilisation import start_turn
from .state import AirWarState
from .values import K, ev, other


def new_game(players: Any = 2, seed: int | str | None = None, **options: Any) -> AirWarState:
    """A new game (§Il Gioco): Industry 60 and Convoy 15 each, LAE and Midway in play, both
    decks shuffled, 7 cards each, the Axis to play first. ``players`` must be 2 (or two
    names: the first is the Axis)."""
    if options:
        raise TypeError(f"AirWar takes no options, got {sorted(options)}")
    count = players if isinstance(players, int) else len(list(players))
    if count != 2:
        raise ValueError("AirWar: Pacific! is a game for exactly 2 players (§Ambientazione)")
    rng = rng_from(new_rng_state(seed))
    s = AirWarState(rng=())
    decks = load()
    for p, side in enumerate(SIDES):
        s.industry[p] = K["industry"]
        s.convoy[p] = K["convoy"]
        ids = [c.id for c in decks[side]]
        start = K["start_bases"][side]
        ids.remove(start)
        s.bases[p].append(start)
        s.grounded[p][start] = []
        rng.shuffle(ids)
        s.deck[p] = ids
    for p in (0, 1):
        s.hand[p] = s.deck[p][: K["hand_size"]]
        del s.deck[p][: K["hand_size"]]
    s.active = SIDES.index(K["first_side"])
    s.rng = rng.getstate()
    s.events = [{"type": "setup", "first": K["first_side"]}]
    start_turn(s)
    return s


def _end_mobilisation(s: AirWarState, a: EndMobilisation) -> None:
    s.stage = "airbase"
    begin_stage(s)


def begin_stage(s: AirWarState) -> None:
    """A stage needs the attacker's own hosts: no airbase, no Airbase stage; no carrier, no
    Carrier stage (§Stadio Base Aerea, §Stadio Portaerei)."""
    s.raid = None
    p = s.active
    hosts = s.bases[p] if s.stage == "airbase" else s.carriers[p]
    if not hosts:
        ev(s, "stage_skipped", stage=s.stage, reason="no host in play")
        next_stage(s)
        return
    s.step = "target"
    ev(s, "stage", stage=s.stage)


def next_stage(s: AirWarState) -> None:
    if s.stage == "airbase":
        s.stage = "carrier"
        begin_stage(s)
    else:
        end_turn(s)


def end_turn(s: AirWarState) -> None:
    """§Fine del Turno: the opponent's turn begins."""
    s.raid = None
    s.active = other(s.active)
    s.turn += 1
    start_turn(s)


HANDLERS: dict[type, Any] = {EndMobilisation: _end_mobilisation}
