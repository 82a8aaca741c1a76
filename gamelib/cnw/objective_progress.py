"""How close a position is to each Network Objective card (§11, the fallback of §11.1).

:func:`victory.objective_met` says yes or no; a learner (or a bot) also wants "how far": for
each card, the fewest gateways the player still has to take (or, for "18 gateways with 2 pawns",
still has to bring up to 2 pawns), and which ones when the card names them. The deck is ours
(``objectives.py``); the §11.1 fallback ("eliminate X" becomes "control 24 gateways" when X is
you, is not playing or was eliminated by someone else) is the rulebook's.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from gamelib.cnw import objectives
from gamelib.cnw.network import CODES
from gamelib.cnw.state import CnwState, geo_of

OBJECTIVES = objectives.load()


@dataclass(frozen=True)
class Progress:
    """One player against one objective card. ``to_go``: the fewest gateways still to take
    (0 when met); ``have`` / ``need``: the card's own count (gateways, hubs, routes, regions,
    or the victim's gateways left for "eliminate"); ``targets``: the gateways to take when the
    card names them (regions, routes, a colour), in board order; ``fallback``: §11.1 applies."""

    card: int
    to_go: int
    have: int
    need: int
    targets: tuple[str, ...]
    fallback: bool = False

    @property
    def met(self) -> bool:
        return self.to_go == 0


def falls_back(state: CnwState, player: int, card: objectives.Objective) -> bool:
    """§11.1: "eliminate X" counts as "control 24 gateways" when X is the player, is not in
    the game, or was eliminated by someone else."""
    c = card.colour
    if card.kind != "eliminate":
        return False
    if c == player or c >= state.players:
        return True
    return not state.alive[c] and state.eliminated_by[c] != player


def _not_mine(state: CnwState, player: int, gateways: list[int]) -> list[int]:
    return [i for i in gateways if state.owner[i] != player]


def progress(state: CnwState, player: int, card_id: int) -> Progress:
    """How close ``player`` is to objective card ``card_id`` in ``state``."""
    card = OBJECTIVES.cards[card_id]
    owner, pawns = state.owner, state.pawns
    geo = geo_of(state)
    mine = [i for i, o in enumerate(owner) if o == player]
    if card.kind == "eliminate":
        if falls_back(state, player, card):
            need = OBJECTIVES.fallback_gateways
            return Progress(card_id, max(0, need - len(mine)), len(mine), need, (), True)
        left = [i for i, o in enumerate(owner) if o == card.colour]
        return Progress(card_id, len(left), 0, len(left), _codes(left))
    if card.kind == "gateways":
        have = sum(1 for i in mine if pawns[i] >= card.min_pawns)
        return Progress(card_id, max(0, card.count - have), have, card.count, ())
    if card.kind == "hubs":
        held = [h for h in geo.hubs if owner[h] == player]
        to_go = max(0, card.count - len(held))
        targets = () if to_go == 0 else _codes(_not_mine(state, player, list(geo.hubs)))
        return Progress(card_id, to_go, len(held), card.count, targets)
    if card.kind == "routes":
        return _routes(state, player, card_id, card.count, [tuple(r) for r in geo.routes])
    return _regions(state, player, card_id, card)


def _codes(indices: list[int] | set[int]) -> tuple[str, ...]:
    return tuple(CODES[i] for i in sorted(indices))


def _routes(
    state: CnwState, player: int, card_id: int, count: int, routes: list[tuple[int, int]]
) -> Progress:
    """Both ends of ``count`` dashed routes: the choice of routes that leaves fewest ends to
    take (routes share ends, e.g. Sydney ends two)."""
    owner = state.owner
    have = sum(1 for a, b in routes if owner[a] == player == owner[b])
    best: set[int] | None = None
    for chosen in combinations(routes, min(count, len(routes))):
        missing = {i for r in chosen for i in r if owner[i] != player}
        if best is None or len(missing) < len(best):
            best = missing
    missing = best or set()
    return Progress(card_id, len(missing), have, count, _codes(missing))


def _regions(state: CnwState, player: int, card_id: int, card: objectives.Objective) -> Progress:
    """Every gateway of the named regions, plus the ``extra`` other regions cheapest to
    complete."""
    members = {rid: list(gws) for rid, gws, _ in geo_of(state).regions}
    missing = {i for rid in card.regions for i in _not_mine(state, player, members[rid])}
    others = sorted(
        (len(_not_mine(state, player, gws)), rid)
        for rid, gws in members.items()
        if rid not in card.regions
    )
    for _, rid in others[: card.extra]:
        missing |= set(_not_mine(state, player, members[rid]))
    need = len(card.regions) + card.extra
    held = sum(1 for gws in members.values() if not _not_mine(state, player, gws))
    named = sum(1 for rid in card.regions if not _not_mine(state, player, members[rid]))
    have = min(need, named + min(card.extra, held - named))
    return Progress(card_id, len(missing), have, need, _codes(missing))


def table(state: CnwState) -> list[list[Progress]]:
    """Every player (rows) against every objective card (columns)."""
    return [
        [progress(state, p, k) for k in range(len(OBJECTIVES.cards))] for p in range(state.players)
    ]


def closest(state: CnwState, player: int) -> list[int]:
    """The objective cards with the fewest gateways to go for ``player`` (ties: all of them)."""
    row = [progress(state, player, k) for k in range(len(OBJECTIVES.cards))]
    least = min(p.to_go for p in row)
    return [p.card for p in row if p.to_go == least]
