"""Operations (§7, phase 3 of §5) and the dice (§8): attacks from a gateway of yours to a
linked one of an opponent (§7.1; air bridges §7.3 in ``bridges.py``), the roll and its
resolution (§7.2 with the hub's defence §8.3; dice mathematics in ``battle.py``), OBC re-rolls
(§8.1), the move into a conquered gateway (§7.2), neutral gateways occupied (§7.4),
elimination (§7.5) and betraying a pact (§12.4). Also the listing of attacks and occupations,
and its memo, which keeps a random game's most frequent step cheap.
"""

from __future__ import annotations

from typing import Any

from gamelib.cnw import battle, cards, tables
from gamelib.cnw.actions import (
    KEEP_DICE,
    Attack,
    KeepDice,
    MoveIn,
    ObcReroll,
    Occupy,
    count_field,
    counted,
    gateway_field,
    single,
)
from gamelib.cnw.bridges import bridge_zone, reach
from gamelib.cnw.network import CODES, HUB, INDEX
from gamelib.cnw.reposition import reposition_count
from gamelib.cnw.state import (
    ELIM_TRIS,
    MOVE_IN,
    NEUTRAL,
    OPERATIONS,
    OVER,
    REPOSITION_COUNT,
    REROLL_ATTACKER,
    REROLL_DEFENDER,
    CnwState,
    Rule,
    Tx,
    geo_of,
    need_phase,
)
from gamelib.cnw.variants import VARIANTS, enemy
from gamelib.cnw.victory import victory
from gamelib.core import IllegalAction

DICE_RULES = battle.RULES
MAX_DEFEND_DICE = DICE_RULES.max_defend_dice
MOVE_IN_MAX = int(tables.setup()["move_in_max"])
HAND_LIMIT = cards.load().hand_limit

# Shared Attack instances: _ATTACKS[source][target][dice - 1] (legal_actions only slices lists).
_ATTACKS = [
    [[Attack(a, b, d) for d in range(1, DICE_RULES.max_attack_dice + 1)] for b in CODES]
    for a in CODES
]

# The Operations list of the last state asked about: (state, actions). States never change, so
# the list stays right for that object; apply derives the next list from it after a roll that
# conquered nothing (only two pawn counts changed), which is most of a random game's steps.
_MEMO: list[Any] = [None, None]


def attack_actions(state: CnwState, p: int, first_only: bool = False) -> list[Attack]:
    """Every Attack of §7.1–§7.3 (or just the first found, to test whether there is one)."""
    g = geo_of(state)
    owner = state.owner
    pawns = state.pawns
    teams = state.options["teams"]
    max_dice = DICE_RULES.max_attack_dice
    out: list[Attack] = []
    bridges = bridge_zone(state, g, p)
    zone = bridges[2] if bridges is not None else None
    adj = g.adj
    for i, o in enumerate(owner):
        if o != p:
            continue
        most = pawns[i] - 1
        if most < 1:
            continue
        if most > max_dice:
            most = max_dice
        row = _ATTACKS[i]
        near = zone if zone is not None and HUB[i] else adj[i]
        if teams is None:
            for j in near:
                q = owner[j]
                if q >= 0 and q != p:
                    if first_only:
                        return [row[j][0]]
                    out += row[j][:most]
        else:
            for j in near:
                q = owner[j]
                if q >= 0 and teams[q] != teams[p]:
                    if first_only:
                        return [row[j][0]]
                    out += row[j][:most]
    return out


def occupy_actions(state: CnwState, p: int) -> list[Occupy]:
    owner = state.owner
    if NEUTRAL not in owner:
        return []
    g = geo_of(state)
    pawns = state.pawns
    bridges = bridge_zone(state, g, p)
    out: list[Occupy] = []
    for i, o in enumerate(owner):
        if o == p and pawns[i] >= 2:
            for j in sorted(reach(state, g, p, i, bridges)):
                if owner[j] == NEUTRAL:
                    out.extend(counted(Occupy, (CODES[i], CODES[j]), pawns[i] - 1))
    return out


def attack(t: Tx, a: Attack) -> str | None:
    s = t.s
    if s.phase != OPERATIONS:
        need_phase(s, (OPERATIONS,), "§7", "attack")
    p = s.current
    i = INDEX.get(a.source) if a.source.__class__ is str else None
    j = INDEX.get(a.target) if a.target.__class__ is str else None
    if i is None or j is None:
        gateway_field(a.source, "§7.1")
        gateway_field(a.target, "§7.1")
    dice = a.dice
    if dice.__class__ is not int:
        count_field(dice, "§7.2", "dice")
    owner = s.owner
    pawns = s.pawns
    if owner[i] != p:
        raise IllegalAction("§7.1", "attack.not_yours", source=a.source)
    if pawns[i] < 2:
        raise IllegalAction("§7.1", "attack.too_few_pawns", source=a.source, pawns=pawns[i])
    q = owner[j]
    if q == NEUTRAL:
        raise IllegalAction("§7.4", "attack.neutral", target=a.target)
    if q < 0 or q == p or (s.options["teams"] is not None and not enemy(s, p, q)):
        raise IllegalAction("§7.1", "attack.not_an_opponent", target=a.target)
    g = geo_of(s)
    if j not in g.adj[i] and j not in reach(s, g, p, i):
        raise IllegalAction("§7.1", "attack.not_linked", source=a.source, target=a.target)
    most = pawns[i] - 1
    if most > DICE_RULES.max_attack_dice:
        most = DICE_RULES.max_attack_dice
    if not 1 <= dice <= most:
        raise IllegalAction("§7.2", "attack.dice", source=a.source, most=most, dice=dice)
    if s.pacts:
        for pact in s.pacts:
            if p in pact[:2] and q in pact[:2]:
                # §12.4: attacking a pact partner is a betrayal: −2 SLA (not below 0); it ends.
                sla = t.mut("sla")
                sla[p] = max(0, sla[p] - int(VARIANTS["diplomazia"]["betrayal_sla"]))
                s.pacts = [x for x in s.pacts if x is not pact]
                break
    d = pawns[j]  # the defender always rolls all it may: up to 3 (§7.2, battle.defend_dice_for)
    if d > MAX_DEFEND_DICE:
        d = MAX_DEFEND_DICE
    faces = t.dice(dice + d)
    attack_dice = sorted(faces[:dice], reverse=True)
    defend_dice = sorted(faces[dice:], reverse=True)
    s.roll = {
        "source": a.source,
        "target": a.target,
        "attacker": p,
        "defender": q,
        "hub": HUB[j],
        "attack": attack_dice,
        "defend": defend_dice,
        "attack_rolled": attack_dice,
        "defend_rolled": defend_dice,
        "attacker_reroll": None,
        "defender_reroll": None,
    }
    obc, turn, used = s.obc, s.turn, s.obc_turn
    if obc[p] and used[p] != turn:  # §8.1: a token left, none spent this turn
        s.phase = REROLL_ATTACKER
    elif obc[q] and used[q] != turn:
        s.phase = REROLL_DEFENDER
    else:
        return resolve_roll(t, i, j)
    return None


def reroll_actions(state: CnwState) -> list[ObcReroll | KeepDice]:
    """§8.1: re-roll one die of each face showing, or keep the dice."""
    dice = state.roll["attack" if state.phase == REROLL_ATTACKER else "defend"]
    return [single(ObcReroll, f) for f in sorted(set(dice))] + [KEEP_DICE]


def move_in_actions(state: CnwState) -> list[MoveIn]:
    """§7.2 / §5.4: every count from the least to the most that may move."""
    _, _, least, most, _ = state.move_in
    return counted(MoveIn, (), most)[least - 1 :]


def may_reroll(s: CnwState, player: int) -> bool:
    """§8.1: a token left, and none spent this turn."""
    return s.obc[player] > 0 and s.obc_turn[player] != s.turn


def next_roll_stage(t: Tx, stage: str) -> str | None:
    s = t.s
    roll = s.roll
    if stage == REROLL_ATTACKER and may_reroll(s, roll["attacker"]):
        s.phase = REROLL_ATTACKER
        return None
    if stage != "resolve" and may_reroll(s, roll["defender"]):
        s.phase = REROLL_DEFENDER
        return None
    return resolve_roll(t, INDEX[roll["source"]], INDEX[roll["target"]])


def obc_reroll(t: Tx, a: ObcReroll) -> str | None:
    s = t.s
    need_phase(s, (REROLL_ATTACKER, REROLL_DEFENDER), "§8.1", "reroll")
    face = count_field(a.die, "§8.1", "die")
    attacker = s.phase == REROLL_ATTACKER
    key = "attack" if attacker else "defend"
    who = s.roll["attacker" if attacker else "defender"]
    dice = s.roll[key]
    if face not in dice:
        raise IllegalAction("§8.1", "reroll.no_such_die", face=face)
    new = t.dice(1)[0]
    rest = list(dice)
    rest.remove(face)
    rest.append(new)
    roll = dict(s.roll)
    roll[key] = sorted(rest, reverse=True)
    roll["attacker_reroll" if attacker else "defender_reroll"] = [face, new]
    s.roll = roll
    t.mut("obc")[who] -= 1
    t.mut("obc_turn")[who] = s.turn
    return next_roll_stage(t, REROLL_DEFENDER if attacker else "resolve")


def keep_dice(t: Tx, a: KeepDice) -> str | None:
    s = t.s
    need_phase(s, (REROLL_ATTACKER, REROLL_DEFENDER), "§8.1", "keep_dice")
    s.roll = dict(s.roll)  # the previous state's dict must not change
    return next_roll_stage(t, REROLL_DEFENDER if s.phase == REROLL_ATTACKER else "resolve")


def resolve_roll(t: Tx, i: int, j: int) -> str | None:
    """§7.2 with §8.3: compare the dice; a gateway emptied is conquered (move-in next)."""
    s = t.s
    roll = s.roll
    p = roll["attacker"]
    attack, defend = roll["attack"], roll["defend"]
    # battle.resolve_roll without its argument checks: the engine's dice are always valid
    # (1 to 3 faces of 1..6 each, sorted high to low)
    lost_d = battle._defender_losses(attack, defend, roll["hub"])
    lost_a = min(len(attack), len(defend)) - lost_d
    pawns = t.mut("pawns")
    pawns[i] -= lost_a
    pawns[j] -= lost_d
    last = roll  # a dict made by this apply (see attack, obc_reroll, keep_dice): reused
    last["attacker_losses"] = lost_a
    last["defender_losses"] = lost_d
    last["conquered"] = pawns[j] == 0
    s.last_roll = last
    s.roll = None
    if pawns[j] > 0:
        if pawns[i] >= 2:
            s.phase = OPERATIONS  # the same attack is still possible
            return None
        return OPERATIONS
    victim = s.owner[j]
    t.mut("owner")[j] = p
    s.conquered = True
    most = min(MOVE_IN_MAX, pawns[i] - 1)
    least = min(len(roll["attack"]), most)
    if least == most:
        return do_move_in(t, i, j, least, victim)
    s.move_in = [i, j, least, most, victim]
    s.phase = MOVE_IN
    return None


def move_in(t: Tx, a: MoveIn) -> str | None:
    """§7.2: move at least as many pawns as dice rolled, one stays behind (a MoveIn after a
    Reposition is §5.4's count, see ``reposition.py``)."""
    s = t.s
    need_phase(s, (MOVE_IN, REPOSITION_COUNT), "§7.2", "move_in")
    if s.phase == REPOSITION_COUNT:
        return reposition_count(t, a.count)
    i, j, least, most, victim = s.move_in
    n = count_field(a.count, "§7.2")
    if not least <= n <= most:
        raise IllegalAction("§7.2", "move_in.count", least=least, most=most, count=n)
    s.move_in = None
    return do_move_in(t, i, j, n, victim)


def do_move_in(t: Tx, i: int, j: int, n: int, victim: int) -> str | None:
    s = t.s
    pawns = t.mut("pawns")
    pawns[i] -= n
    pawns[j] += n
    p = s.current
    eliminated = victim >= 0 and victim not in s.owner
    if eliminated:
        eliminate(t, victim, p)
    victory(t, (p,))
    if s.phase == OVER:
        return None
    if eliminated and len(s.hands[p]) >= HAND_LIMIT:
        s.phase = ELIM_TRIS  # §7.5: a tris at once with 5 or more cards
        s.pool = 0
        return None
    return OPERATIONS


def eliminate(t: Tx, victim: int, by: int) -> None:
    """§7.5: a player without gateways is out; the eliminator takes its Gateway cards."""
    s = t.s
    t.mut("alive")[victim] = False
    t.mut("eliminated_by")[victim] = by
    hands = t.mut("hands")
    hands[by] = sorted(hands[by] + hands[victim])
    hands[victim] = []
    ships = t.mut("shipments")
    t.mut("ship_discard").extend(c for c, _ in ships[victim])
    ships[victim] = []
    if s.bonus[victim]:
        t.mut("bonus")[victim] = 0
    if any(victim in x[:2] for x in s.pacts):
        s.pacts = [x for x in s.pacts if victim not in x[:2]]
    if s.bridges_closed == victim:
        s.bridges_closed = -1
    victory(t, [q for q in range(s.players) if s.alive[q]])


def occupy(t: Tx, a: Occupy) -> str | None:
    s = t.s
    need_phase(s, (OPERATIONS,), "§7.4", "occupy")
    p = s.current
    i = gateway_field(a.source, "§7.4")
    j = gateway_field(a.target, "§7.4")
    n = count_field(a.count, "§7.4")
    if s.owner[i] != p:
        raise IllegalAction("§7.4", "occupy.not_yours", source=a.source)
    if s.owner[j] != NEUTRAL:
        raise IllegalAction("§7.4", "occupy.not_neutral", target=a.target)
    if j not in reach(s, geo_of(s), p, i):
        raise IllegalAction("§7.4", "occupy.not_linked", source=a.source, target=a.target)
    if not 1 <= n <= s.pawns[i] - 1:
        raise IllegalAction("§7.4", "occupy.count", source=a.source, most=s.pawns[i] - 1, count=n)
    pawns = t.mut("pawns")
    pawns[i] -= n
    pawns[j] += n
    t.mut("owner")[j] = p
    s.conquered = True  # §7.4: it counts as a conquest
    victory(t, (p,))
    if s.phase != OVER:
        return OPERATIONS
    return None


def derive_operations(parent: CnwState, child: CnwState, action: Attack) -> None:
    """After a roll that took nothing, the child's Operations list is the parent's with the
    source's options cut to its new pawns (owner, pacts and bridges unchanged); tested equal
    to a fresh listing in tests/cnw/test_invariants.py."""
    if child.owner is not parent.owner or child.pacts is not parent.pacts:
        return
    i = INDEX[action.source]
    before, after = parent.pawns[i], child.pawns[i]
    actions = _MEMO[1]
    max_dice = DICE_RULES.max_attack_dice
    if after != before:
        most = min(max_dice, after - 1)
        neutral = NEUTRAL in child.owner
        if most != min(max_dice, before - 1) or neutral:
            src = action.source
            actions = [
                x
                for x in actions
                if x.__class__ is Attack
                and (x.source != src or x.dice <= most)
                or x.__class__ is Occupy
                and (x.source != src or x.count < after)
                or x.__class__ is not Attack
                and x.__class__ is not Occupy
            ]
    _MEMO[0] = child
    _MEMO[1] = actions


HANDLERS: dict[type, Rule] = {
    Attack: attack,
    ObcReroll: obc_reroll,
    KeepDice: keep_dice,
    MoveIn: move_in,
    Occupy: occupy,
}
