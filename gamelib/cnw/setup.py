"""Setup (§4): the automatic steps (forces §4 step 1, gateways dealt §4 step 2, Network
Objectives §4 step 3, the first Urgent Shipments and the opener §4 step 4, the Gateway deck with
the Imprevisti §4 step 6, SLA and OBC tokens §4 step 7) and the placement round (§4 step 5),
one starting pawn at a time, after which the opener's turn 1 begins (``turn.py``).
"""

from __future__ import annotations

from typing import Any

from gamelib.cnw import battle, cards, objectives, shipments, tables
from gamelib.cnw.actions import PlacePawn, gateway_field
from gamelib.cnw.network import CODES, geo
from gamelib.cnw.state import (
    NEUTRAL,
    OPENING,
    OUT_OF_PLAY,
    PLACEMENT,
    CnwState,
    Rule,
    Tx,
    need_phase,
)
from gamelib.cnw.variants import VARIANTS, normalise_options
from gamelib.core import IllegalAction, new_rng_state, rng_from

DECK = cards.load()
SHIPS = shipments.load()
OBJECTIVES = objectives.load()
SETUP = tables.setup()
ACTIVE_SHIPMENTS = int(SETUP["active_shipments"])


def new_game(players: Any, seed: int | None = None, **options: Any) -> CnwState:
    """A game after the automatic steps of setup (§4), waiting for the placement round.

    ``players``: 3–6, or a list of 3–6 names. Options: ``fiera``, ``team_building`` (with
    optional ``teams``, a team 0/1 per seat), ``realismo_alto``, ``diplomazia`` (§12), and
    ``turn_cap`` (simulation only: the game stops, "unfinished", when round ``turn_cap + 1``
    would begin).
    """
    if isinstance(players, int) and not isinstance(players, bool):
        colours = SETUP["colours"]
        names = [colours[i] for i in range(players)] if 3 <= players <= 6 else []
        n = players
    else:
        names = [str(x) for x in players]
        n = len(names)
    if not 3 <= n <= 6:
        raise IllegalAction("§4", "players.count", least=3, most=6, players=n)
    opts = normalise_options(n, options)
    g = geo(opts["fiera"], opts["realismo_alto"])
    rng = rng_from(new_rng_state(seed))
    ng = len(CODES)
    owner = [OUT_OF_PLAY] * ng
    pawns = [0] * ng
    # §4 step 2: shuffle the gateway cards in play and deal them one at a time round the table.
    # With 5 players the cards that do not go round evenly stay aside: neutral, empty (§7.4).
    order = list(g.cards)
    rng.shuffle(order)
    dealt = len(order)
    if n in SETUP["neutral_leftover_players"]:
        dealt -= len(order) % n
    for i in g.playable:
        owner[i] = NEUTRAL
    for k, gw in enumerate(order[:dealt]):
        owner[gw] = k % n
        pawns[gw] = 1
    start = SETUP["starting_pawns"][n]
    reserve = [start - owner.count(p) for p in range(n)]
    # §4 step 3: one secret Network Objective each (none in FIERA or TEAM BUILDING).
    use_objectives = not (
        (opts["fiera"] and not VARIANTS["fiera"]["objectives"])
        or (opts["team_building"] and not VARIANTS["team_building"]["objectives"])
    )
    if use_objectives:
        obj_order = list(range(len(OBJECTIVES.cards)))
        rng.shuffle(obj_order)
        objs = obj_order[:n]
    else:
        objs = [-1] * n
    # §4 step 4: two public Urgent Shipments each; the shortest deadline opens.
    ship_deck = list(g.shipments)
    rng.shuffle(ship_deck)
    active: list[list[list[int]]] = []
    for _ in range(n):
        row = []
        for _ in range(ACTIVE_SHIPMENTS):
            card = ship_deck.pop()
            row.append([card, SHIPS.cards[card].deadline])
        active.append(row)
    first = min(range(n), key=lambda p: (sorted(d for _, d in active[p]), p))
    # §4 step 6: the Gateway deck with the 6 Imprevisti shuffled in. Shuffled now (it does not
    # depend on the placement round, and its order is hidden).
    deck = list(g.cards) + [imp.id for imp in DECK.imprevisti]
    rng.shuffle(deck)
    tokens = battle.RULES.obc_tokens_per_game
    return CnwState(
        names=names,
        options=opts,
        rng=rng.getstate(),
        dice="",
        dice_pos=0,
        owner=owner,
        pawns=pawns,
        reserve=reserve,
        hands=[[] for _ in range(n)],
        deck=deck,
        discard=[],
        ship_deck=ship_deck,
        ship_discard=[],
        shipments=active,
        objectives=objs,
        sla=[int(SETUP["sla_start"])] * n,
        obc=[tokens] * n,
        obc_turn=[-1] * n,
        bonus=[0] * n,
        alive=[True] * n,
        eliminated_by=[-1] * n,
        phase=PLACEMENT,
        current=first,
        first=first,
        turn=0,
        round=0,
        pool=0,
        turn_bonus=0,
        turn_tris=0,
        conquered=False,
        expiring=0,
        roll=None,
        move_in=None,
        last_roll=None,
        pacts=[],
        offer=None,
        offered=[],
        bridges_closed=-1,
        winners=[],
        victory="",
        actions=0,
    )


def place_pawn(t: Tx, a: PlacePawn) -> str | None:
    """§4 step 5: one pawn on a gateway of yours, then the next player with pawns left; once
    every pawn is placed the opener's turn 1 begins (OPENING)."""
    s = t.s
    need_phase(s, (PLACEMENT,), "§4", "place")
    i = gateway_field(a.gateway, "§4")
    p = s.current
    if s.owner[i] != p:
        raise IllegalAction("§4", "place.not_yours", gateway=a.gateway)
    t.mut("pawns")[i] += 1
    reserve = t.mut("reserve")
    reserve[p] -= 1
    n = s.players
    for k in range(1, n + 1):
        q = (p + k) % n
        if reserve[q] > 0:
            s.current = q
            return None
    return OPENING  # §4: the opener's BRIEFING of turn 1


HANDLERS: dict[type, Rule] = {PlacePawn: place_pawn}
