"""Reinforcements (§6, phase 2 of §5): max(3, gateways ÷ 3) + complete regions + 1 per hub +
the delivery bonus (§10.1), plus a tris (§9.1: played here, once a turn, first when the hand
holds 5 or more cards); every pawn deployed on gateways you control. Also the forced tris after
an elimination and its immediate deployment (§7.5).
"""

from __future__ import annotations

from gamelib.cnw import cards, tables
from gamelib.cnw.actions import Deploy, PlayTris, count_field, gateway_field, single
from gamelib.cnw.network import CODES
from gamelib.cnw.state import (
    ELIM_DEPLOY,
    ELIM_TRIS,
    OPERATIONS,
    OVER,
    REINFORCE,
    CnwState,
    Rule,
    Tx,
    geo_of,
    need_phase,
)
from gamelib.cnw.victory import OBJECTIVES, victory
from gamelib.core import IllegalAction

DECK = cards.load()
HAND_LIMIT = DECK.hand_limit
REINF = tables.setup()["reinforcements"]


def reinforcement_parts(state: CnwState, player: int) -> tuple[int, int, dict[str, int], int]:
    """(gateways, base, region bonuses, hub bonus) of §6 / §13 for the map as it stands."""
    g = geo_of(state)
    owner = state.owner
    count = owner.count(player)
    base = max(int(REINF["minimum"]), count // int(REINF["divisor"]))
    regions = {
        rid: bonus for rid, members, bonus in g.regions if all(owner[i] == player for i in members)
    }
    hubs = int(REINF["per_hub"]) * sum(1 for h in g.hubs if owner[h] == player)
    return count, base, regions, hubs


def start_reinforcements(t: Tx) -> None:
    """§6: max(3, gateways ÷ 3) + complete regions + 1 per hub + delivery bonus; tris later."""
    s = t.s
    p = s.current
    _, base, regions, hubs = reinforcement_parts(s, p)
    bonus = s.bonus[p]
    if bonus:
        t.mut("bonus")[p] = 0
    s.turn_bonus = bonus
    s.pool = base + sum(regions.values()) + hubs + bonus
    s.phase = REINFORCE


def tris_actions(hand: list[int]) -> list[PlayTris]:
    return [single(PlayTris, tuple(CODES[c] for c in t)) for t in DECK.tris_options(hand)]


# Shared Deploy instances: _DEPLOYS[gateway][count - 1], grown on demand.
_DEPLOYS: list[list[Deploy]] = [[] for _ in CODES]


def _deploys(i: int, upto: int) -> list[Deploy]:
    row = _DEPLOYS[i]
    while len(row) < upto:
        row.append(Deploy(CODES[i], len(row) + 1))
    return row[:upto]


def reinforce_actions(state: CnwState, p: int) -> list[PlayTris | Deploy]:
    """Legal actions in REINFORCE and ELIM_DEPLOY: a tris first if one is owed or possible
    (§9.1), then every deploy of 1 to all the pawns left on each gateway of yours (§6)."""
    out: list[PlayTris | Deploy] = []
    hand = state.hands[p]
    if state.phase == REINFORCE and state.turn_tris == 0 and len(hand) >= 3:
        out.extend(tris_actions(hand))
        if len(hand) >= HAND_LIMIT:
            return out  # §9.1: with 5 or more cards the tris comes first
    pool = state.pool
    for i, o in enumerate(state.owner):
        if o == p:
            row = _DEPLOYS[i]
            if len(row) < pool:
                _deploys(i, pool)
            out += row[:pool]
    return out


def play_tris(t: Tx, a: PlayTris) -> None:
    s = t.s
    need_phase(s, (REINFORCE, ELIM_TRIS), "§9.1", "tris")
    p = s.current
    if s.phase == REINFORCE and s.turn_tris:
        raise IllegalAction("§9.1", "tris.one_a_turn")
    codes = a.cards
    if not isinstance(codes, tuple) or len(codes) != 3:
        raise IllegalAction("§9.1", "tris.three_cards")
    ids = [gateway_field(c, "§9.1") for c in codes]
    hand = s.hands[p]
    if len(set(ids)) != 3 or any(c not in hand for c in ids):
        raise IllegalAction("§9.1", "tris.not_yours", cards=tuple(codes))
    value = DECK.tris_value(ids)
    if value is None:
        raise IllegalAction("§9.1", "tris.symbols")
    hands = t.mut("hands")
    hands[p] = [c for c in hand if c not in ids]
    t.mut("discard").extend(sorted(ids))
    s.pool += value
    if s.phase == REINFORCE:
        s.turn_tris = value
    elif len(hands[p]) < HAND_LIMIT:
        s.phase = ELIM_DEPLOY  # §7.5: the forced tris is deployed at once


def deploy(t: Tx, a: Deploy) -> str | None:
    """§6: the pawns go on gateways you control; Operations follow once all are down."""
    s = t.s
    need_phase(s, (REINFORCE, ELIM_DEPLOY), "§6", "deploy")
    p = s.current
    i = gateway_field(a.gateway, "§6")
    n = count_field(a.count, "§6")
    if s.owner[i] != p:
        raise IllegalAction("§6", "deploy.not_yours", gateway=a.gateway)
    if not 1 <= n <= s.pool:
        raise IllegalAction("§6", "deploy.count", pool=s.pool, count=n)
    if s.phase == REINFORCE and not s.turn_tris and len(s.hands[p]) >= HAND_LIMIT:
        raise IllegalAction("§9.1", "deploy.tris_first", cards=HAND_LIMIT)
    t.mut("pawns")[i] += n
    s.pool -= n
    k = s.objectives[p]
    if k >= 0 and OBJECTIVES.cards[k].kind == "gateways":
        victory(t, (p,))  # only "N gateways with M pawns each" can be met by deploying
    if s.pool == 0 and s.phase != OVER:
        return OPERATIONS
    return None


HANDLERS: dict[type, Rule] = {PlayTris: play_tris, Deploy: deploy}
