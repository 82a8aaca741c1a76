"""Consistency of a CNW state (saves and invariant tests): :func:`check_state` names the first
way a state could not come from a real game under the rules — the 42 gateways of the map (§3)
with their owners and pawns (§4, §7.4 neutral, §12.1 out of play), every Gateway and Imprevisto
card (§9) and shipment card (§10) held exactly once, at most two active shipments (§4 step 4),
the reserve of the placement round (§4 step 5), OBC tokens and when they were spent (§8.1),
eliminated players holding nothing (§7.5), the counters of the phase (§5: pawns to deploy,
pawns owed for expired shipments, the cards of a forced tris), a pending roll (§7.2, §8.1: its
gateways, sides, dice and re-rolls), a move-in (§7.2, §5.4), pacts and offers (§12.4), the
last roll shown, and the end of the game (§11).

Everything a later ``apply``, ``legal_actions``, ``observation`` or widget reads is judged, so
a damaged save (``saves.from_json``) is refused instead of crashing a later step. The checks are
ordered so that each one may rely on the types and ranges checked before it.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement
from operator import attrgetter
from typing import Any

from gamelib.cnw import battle, cards, objectives, tables
from gamelib.cnw.bridges import component, reach
from gamelib.cnw.network import CODES, HUB, INDEX, Geo
from gamelib.cnw.state import (
    BRIEFING,
    DICE_BUFFER,
    ELIM_DEPLOY,
    ELIM_TRIS,
    MOVE_IN,
    NEUTRAL,
    OUT_OF_PLAY,
    OVER,
    PACT_ANSWER,
    PHASES,
    PLACEMENT,
    REINFORCE,
    REPOSITION_COUNT,
    REROLL_ATTACKER,
    REROLL_DEFENDER,
    UNFINISHED,
    CnwState,
    geo_of,
)
from gamelib.cnw.variants import VARIANTS

DECK = cards.load()
N_GATEWAY_CARDS = len(DECK.gateway_cards)
N_OBJECTIVES = len(objectives.load().cards)
SETUP = tables.setup()
ACTIVE_SHIPMENTS = int(SETUP["active_shipments"])
STARTING_PAWNS = {int(k): int(v) for k, v in SETUP["starting_pawns"].items()}
MOVE_IN_MAX = int(SETUP["move_in_max"])
EXPIRING_MAX = ACTIVE_SHIPMENTS * int(SETUP["expired_shipment_pawns"])
DICE = battle.RULES
TOKENS = DICE.obc_tokens_per_game
FACE_VALUES = frozenset(range(1, DICE.die_faces + 1))
# Pre-drawn dice never exceed a fresh buffer plus the few left over when it was refilled.
DICE_MAX = DICE_BUFFER + DICE.max_attack_dice + DICE.max_defend_dice
# Not a rule: a sanity bound on the pawns of one gateway, the pool and the bonus owed. No game
# comes near it, and it keeps a forged save from listing millions of actions (counted moves).
MAX_PAWNS = 10_000
VICTORIES = ("objective", "sla", "domination", "team", UNFINISHED)
ROLL_KEYS = frozenset(
    (
        "source",
        "target",
        "attacker",
        "defender",
        "hub",
        "attack",
        "defend",
        "attack_rolled",
        "defend_rolled",
        "attacker_reroll",
        "defender_reroll",
    )
)
LAST_ROLL_KEYS = ROLL_KEYS | {"attacker_losses", "defender_losses", "conquered"}
SCALARS = (
    "dice_pos",
    "current",
    "first",
    "turn",
    "round",
    "pool",
    "turn_bonus",
    "turn_tris",
    "expiring",
    "bridges_closed",
    "actions",
)

_SCALARS = attrgetter(*SCALARS)
PER_PLAYER = (
    "reserve",
    "objectives",
    "sla",
    "obc",
    "obc_turn",
    "bonus",
    "eliminated_by",
    "alive",
    "hands",
    "shipments",
)
_PER_PLAYER = attrgetter(*PER_PLAYER)


@cache
def _expected_cards(g: Geo) -> list[int]:
    return sorted([*g.cards, *(imp.id for imp in DECK.imprevisti)])


@cache
def _expected_shipments(g: Geo) -> list[int]:
    return sorted(g.shipments)


def _uses_objectives(options: dict[str, Any]) -> bool:
    """§4 step 3: no Network Objectives in FIERA or TEAM BUILDING (as ``setup.new_game``)."""
    return not (
        (options["fiera"] and not VARIANTS["fiera"]["objectives"])
        or (options["team_building"] and not VARIANTS["team_building"]["objectives"])
    )


def _is_int(x: Any) -> bool:
    return x.__class__ is int


@cache
def _sorted_faces(most: int) -> frozenset[tuple[int, ...]]:
    """Every roll of 1 to ``most`` dice as the engine keeps it: faces sorted high to low."""
    faces = range(DICE.die_faces, 0, -1)
    return frozenset(
        roll for k in range(1, most + 1) for roll in combinations_with_replacement(faces, k)
    )


_INT_TYPES = frozenset((int,) * k for k in range(1, 7))
ROLLS = {k: _sorted_faces(k) for k in {DICE.max_attack_dice, DICE.max_defend_dice}}
INTS_2, INTS_3, INTS_5 = (int,) * 2, (int,) * 3, (int,) * 5


def _faces(dice: Any, most: int) -> bool:
    """A list of 1 to ``most`` die faces, sorted high to low (as the engine keeps them)."""
    return (
        dice.__class__ is list
        and tuple(dice) in ROLLS[most]
        and tuple(map(type, dice)) in _INT_TYPES  # True == 1, but a bool is not a face
    )


def _reroll(value: Any) -> bool:
    """An OBC re-roll as recorded: None, or [the face re-rolled, the new face] (§8.1)."""
    return value is None or (
        value.__class__ is list
        and len(value) == 2
        and tuple(map(type, value)) in _INT_TYPES
        and value[0] in FACE_VALUES
        and value[1] in FACE_VALUES
    )


def _rerolled(rolled: list[int], change: list[int] | None) -> list[int] | None:
    """The dice after ``change`` (None: unchanged); None when the face was not showing."""
    if change is None:
        return rolled
    face, new = change
    if face not in rolled:
        return None
    rest = list(rolled)
    rest.remove(face)
    rest.append(new)
    return sorted(rest, reverse=True)


def _teams_apart(state: CnwState, p: int, q: int) -> bool:
    """``p`` and ``q`` are opponents (§7.1, §12.2; both seats)."""
    teams = state.options["teams"]
    return p != q and (teams is None or teams[p] != teams[q])


def _roll_shape(roll: Any, n: int, keys: frozenset[str]) -> str | None:
    """Types and ranges of a roll (pending or last): gateways, seats, dice, re-rolls."""
    if roll.__class__ is not dict or roll.keys() != keys:
        return "its fields are not those of a roll"
    source, target = roll["source"], roll["target"]
    if source.__class__ is not str or target.__class__ is not str:
        return "its gateways are not airport codes"
    if source not in INDEX or target not in INDEX:
        return "its gateways are not on the board"
    a, d = roll["attacker"], roll["defender"]
    if a.__class__ is not int or d.__class__ is not int or not (0 <= a < n and 0 <= d < n):
        return "its attacker or defender is not a seat"
    if a == d:
        return "the attacker defends"
    if roll["hub"] is not HUB[INDEX[target]]:
        return "its hub flag does not match the target (§8.3)"
    for key, most in (("attack", DICE.max_attack_dice), ("defend", DICE.max_defend_dice)):
        rolled = roll[f"{key}_rolled"]
        if not _faces(roll[key], most) or (rolled is not roll[key] and not _faces(rolled, most)):
            return f"its {key} dice are not 1 to {most} faces sorted high to low (§7.2)"
    change_a, change_d = roll["attacker_reroll"], roll["defender_reroll"]
    if not _reroll(change_a) or not _reroll(change_d):
        return "an OBC re-roll is not [face, new face] (§8.1)"
    if _rerolled(roll["attack_rolled"], change_a) != roll["attack"]:
        return "the attacker's dice do not follow from the roll and its re-roll"
    if _rerolled(roll["defend_rolled"], change_d) != roll["defend"]:
        return "the defender's dice do not follow from the roll and its re-roll"
    return None


def _check_roll(state: CnwState, g: Geo) -> str | None:
    """§7.1–§7.3, §8.1: the pending roll of an attack that waits for an OBC decision."""
    roll = state.roll
    problem = _roll_shape(roll, state.players, ROLL_KEYS)
    if problem is not None:
        return f"the pending roll: {problem}"
    i, j = INDEX[roll["source"]], INDEX[roll["target"]]
    p, q = roll["attacker"], roll["defender"]
    owner, pawns = state.owner, state.pawns
    if p != state.current or owner[i] != p:
        return "the pending roll's attacker is not the player in turn holding its source"
    if owner[j] != q or not _teams_apart(state, p, q):
        return "the pending roll's defender is not the opponent holding its target"
    if j not in g.adj[i] and j not in reach(state, g, p, i):
        return "the pending roll's target is not linked to its source (§7.1, §7.3)"
    if len(roll["attack"]) > pawns[i] - 1:
        return "the pending roll has more attack dice than pawns to spare (§7.2)"
    if len(roll["defend"]) != min(DICE.max_defend_dice, pawns[j]):
        return "the pending roll's defender does not roll every die it may (§7.2)"
    if any(p in x[:2] and q in x[:2] for x in state.pacts):
        return "a pending roll between pact partners (the attack ends the pact, §12.4)"
    if roll["defender_reroll"] is not None:
        return "the pending roll waits after the defender's re-roll"
    if state.phase == REROLL_ATTACKER:
        side = p
        if roll["attacker_reroll"] is not None:
            return "the attacker decides again after its re-roll"
    else:
        side = q
    if state.obc[side] < 1 or state.obc_turn[side] == state.turn:
        return "an OBC decision for a player with no token usable this turn (§8.1)"
    if roll["attacker_reroll"] is not None and state.obc_turn[p] != state.turn:
        return "the attacker re-rolled without spending a token this turn (§8.1)"
    return None


def _check_last_roll(state: CnwState) -> str | None:
    """The last resolved roll, shown by observation and the widgets."""
    last = state.last_roll
    problem = _roll_shape(last, state.players, LAST_ROLL_KEYS)
    if problem is not None:
        return f"the last roll: {problem}"
    lost_a, lost_d = last["attacker_losses"], last["defender_losses"]
    if not (_is_int(lost_a) and _is_int(lost_d) and lost_a >= 0 and lost_d >= 0):
        return "the last roll's losses are not counts"
    if lost_a + lost_d != min(len(last["attack"]), len(last["defend"])):
        return "the last roll's losses do not match its dice (§7.2)"
    if last["conquered"].__class__ is not bool:
        return "the last roll's conquest flag is not true or false"
    return None


def _check_move_in(state: CnwState, g: Geo) -> str | None:
    """§7.2 (after a conquest) and §5.4 (a repositioning move): [source, target, least, most,
    victim], the pawns that may move and from where."""
    i, j, least, most, victim = state.move_in
    ng = len(CODES)
    p = state.current
    owner, pawns = state.owner, state.pawns
    if not (0 <= i < ng and 0 <= j < ng) or i == j or owner[i] != p or owner[j] != p:
        return "a move-in is not between two gateways of the player in turn"
    if state.phase == MOVE_IN:
        if pawns[j] != 0:
            return "a conquered gateway already holds pawns before the move-in (§7.2)"
        if most != min(MOVE_IN_MAX, pawns[i] - 1) or not 1 <= least < most:
            return "a move-in's range does not follow from the pawns and dice (§7.2)"
        if least > DICE.max_attack_dice:
            return "a move-in asks for more pawns than dice rolled (§7.2)"
        if not 0 <= victim < state.players or not state.alive[victim]:
            return "a conquest's victim is not a player in the game"
        if not _teams_apart(state, p, victim):
            return "a conquest's victim is not an opponent"
        if j not in g.adj[i] and j not in reach(state, g, p, i):
            return "a conquest's target is not linked to its source (§7.1, §7.3)"
    else:
        if least != 1 or most != pawns[i] - 1 or most < 2 or victim != -1:
            return "a repositioning count does not follow from the source's pawns (§5.4)"
        if j not in component(state, g, p, i):
            return "a repositioning move leaves the player's network (§5.4)"
    return None


def _check_pacts(state: CnwState) -> str | None:
    """§12.4 DIPLOMAZIA: pacts [a, b, proposer] between opponents, offers and who was asked."""
    if not (state.pacts or state.offered or state.offer) and state.phase != PACT_ANSWER:
        return None  # no pact, no offer: nothing to judge
    n = state.players
    alive = state.alive
    if not state.options["diplomazia"]:
        return "pacts without the DIPLOMAZIA variant (§12.4)"
    pairs = set()
    for pact in state.pacts:
        a, b, proposer = pact
        if not 0 <= a < b < n or proposer not in (a, b):
            return f"the pact {pact} does not name two seats and its proposer"
        if not (alive[a] and alive[b]) or not _teams_apart(state, a, b):
            return f"the pact {pact} binds an eliminated player or teammates"
        if (a, b) in pairs:
            return f"the pact {pact} is made twice"
        pairs.add((a, b))
    p = state.current
    asked = state.offered
    if len(set(asked)) != len(asked) or not all(0 <= q < n and q != p for q in asked):
        return "the partners asked this turn are not distinct other seats"
    if not all(_teams_apart(state, p, q) for q in asked):
        return "a teammate was offered a pact"
    offer = state.offer
    if state.phase == PACT_ANSWER:
        if offer is None or offer[0] != p or offer[1] not in asked:
            return "a pact answer without an offer from the player in turn"
        q = offer[1]
        if not alive[q] or (min(p, q), max(p, q)) in pairs:
            return "a pact offered to an eliminated player or a partner already bound"
    elif offer is not None:
        return "a pact offer outside its answer (§12.4)"
    return None


def _check_types(state: CnwState) -> str | None:
    """The types every later check relies on (``saves._build`` checks them on a load too)."""
    if set(map(type, _SCALARS(state))) != {int}:
        bad = next(name for name in SCALARS if not _is_int(getattr(state, name)))
        return f"{bad} is not a whole number"
    if state.conquered.__class__ is not bool:
        return "the conquest flag is not true or false"
    if state.phase.__class__ is not str or state.victory.__class__ is not str:
        return "the phase or the victory is not text"
    if state.dice.__class__ is not str or not 0 <= state.dice_pos <= len(state.dice) <= DICE_MAX:
        return "the dice buffer is overdrawn or damaged"
    move, offer = state.move_in, state.offer
    if move is not None and (move.__class__ is not list or tuple(map(type, move)) != INTS_5):
        return "a move-in is not [source, target, least, most, victim]"
    if offer is not None and (offer.__class__ is not list or tuple(map(type, offer)) != INTS_2):
        return "a pact offer is not [proposer, partner]"
    for pact in state.pacts:
        if pact.__class__ is not list or tuple(map(type, pact)) != INTS_3:
            return "a pact is not [a, b, proposer]"
    if state.offered and set(map(type, state.offered)) != {int}:
        return "offered is not a list of whole numbers"
    return None


def _check_phase(state: CnwState, g: Geo) -> str | None:
    """What the phase waits for (§5) exists, and the counters of other phases are at rest."""
    phase = state.phase
    n = state.players
    p = state.current
    if not state.alive[p]:
        return "the player in turn is eliminated"
    teams = state.options["teams"]
    if teams is None:
        sides = state.alive.count(True)
    else:
        sides = len({teams[q] for q in range(n) if state.alive[q]})
    if sides < 2:
        return "the game goes on with no opponents left (§11)"
    if phase == PLACEMENT:
        if state.turn or state.round or state.conquered or state.discard or any(state.hands):
            return "the placement round after a turn began (§4 step 5)"
        if state.reserve[p] < 1:
            return "the player placing a pawn has none left in reserve (§4 step 5)"
        start = STARTING_PAWNS[n]
        placed = [0] * n
        for o, k in zip(state.owner, state.pawns, strict=True):
            if o >= 0:
                placed[o] += k
        if any(placed[q] + state.reserve[q] != start for q in range(n)):
            return f"pawns placed and in reserve do not add up to {start} each (§4 step 1)"
    else:
        if any(state.reserve):
            return "starting pawns left in reserve after the placement round (§4 step 5)"
        if state.turn < 1 or state.round < 1 or state.round > state.turn:
            return "the turn and round counters do not match"
    cap = state.options["turn_cap"]
    if cap is not None and state.round > cap:
        return "a round beyond the turn cap"
    if phase in (REINFORCE, ELIM_DEPLOY):
        if state.pool < 1:
            return "reinforcements with no pawn to deploy (§6)"
    elif phase != ELIM_TRIS and state.pool:
        return "pawns to deploy outside Reinforcements (§6)"
    hand = len(state.hands[p])
    if phase == ELIM_TRIS and hand < DECK.hand_limit:
        return "a forced tris with fewer than 5 cards (§7.5)"
    if phase == ELIM_DEPLOY and hand >= DECK.hand_limit:
        return "deploying a forced tris with 5 or more cards left (§7.5)"
    if phase == BRIEFING:
        if not 1 <= state.expiring <= EXPIRING_MAX:
            return "a pawn to remove without an expired shipment (§10.2)"
        spare = sum(1 for o, k in zip(state.owner, state.pawns, strict=True) if o == p and k >= 2)
        if spare < 2:
            return "a choice of pawn to remove with fewer than 2 gateways to choose (§10.2)"
    elif state.expiring:
        return "pawns owed for expired shipments outside the Briefing (§10.2)"
    if phase != MOVE_IN and p not in state.owner:
        return "the player in turn holds no gateway"
    if (state.roll is not None) != (phase in (REROLL_ATTACKER, REROLL_DEFENDER)):
        return "a pending roll outside an OBC decision, or a decision without one (§8.1)"
    if state.roll is not None:
        problem = _check_roll(state, g)
        if problem is not None:
            return problem
    if (state.move_in is not None) != (phase in (MOVE_IN, REPOSITION_COUNT)):
        return "a move-in outside its phase, or its phase without one (§7.2, §5.4)"
    if state.move_in is not None:
        return _check_move_in(state, g)
    return None


def _check_players(state: CnwState) -> str | None:
    """Per seat: objectives (§4 step 3), OBC tokens (§8.1), elimination (§7.5), shipments."""
    n = state.players
    uses = _uses_objectives(state.options)
    objs = state.objectives
    if uses:
        if len(set(objs)) != n or min(objs) < 0 or max(objs) >= N_OBJECTIVES:
            return "the Network Objectives are not one different card each (§4 step 3)"
    elif objs.count(-1) != n:
        return "a Network Objective in a variant without them (§12)"
    obc, spent = state.obc, state.obc_turn
    if min(obc) < 0 or max(obc) > TOKENS:
        return "OBC tokens out of range"
    if min(spent) < -1 or max(spent) > state.turn:
        return "an OBC token spent in a turn not yet played (§8.1)"
    if (obc.count(TOKENS) != n or spent.count(-1) != n) and [t == -1 for t in spent] != [
        k == TOKENS for k in obc
    ]:
        return "the OBC tokens left do not match the turns one was spent in (§8.1)"
    if max(state.bonus) > MAX_PAWNS or max(state.sla) > MAX_PAWNS:
        return "a count out of range"
    for p, (row, hand) in enumerate(zip(state.shipments, state.hands, strict=True)):
        if len(row) > ACTIVE_SHIPMENTS:
            return f"player {p} has more than {ACTIVE_SHIPMENTS} shipments"
        for _, d in row:
            if d < 1:
                return f"player {p} holds a shipment whose deadline passed"
        if hand != sorted(hand):
            return f"player {p}'s hand is not sorted"
    if False not in state.alive:
        if state.eliminated_by.count(-1) != n:
            return "a player in the game was eliminated"
    else:
        for p in range(n):
            by = state.eliminated_by[p]
            if state.alive[p]:
                if by != -1:
                    return f"player {p} is playing but was eliminated"
            elif state.shipments[p] or state.hands[p] or state.bonus[p] or p in state.owner:
                return f"eliminated player {p} still holds something"
            elif not -1 <= by < n or by == p:
                return f"eliminated player {p} was eliminated by {by}"
    if not -1 <= state.bridges_closed < n or (
        state.bridges_closed >= 0 and not state.alive[state.bridges_closed]
    ):
        return "the air bridges are closed by no player in the game (§9.2)"
    return None


def _check_end(state: CnwState) -> str | None:
    """§11: winners and the victory type exactly when the game is over."""
    winners = state.winners
    if state.phase != OVER:
        if winners or state.victory:
            return "winners while the game goes on"
        return None
    if state.victory not in VICTORIES:
        return f"unknown victory {state.victory!r}"
    if winners != sorted(set(winners)) or not all(0 <= w < state.players for w in winners):
        return "the winners are not distinct seats"
    if (state.victory == UNFINISHED) != (not winners):
        return "an unfinished game with winners, or a victory without"
    if state.roll is not None or state.move_in is not None or state.offer is not None:
        return "a decision pending after the game ended"
    return None


def _map_problem(state: CnwState, g: Geo, n: int) -> str | None:
    """§3, §4, §7.4, §12.1: each gateway held by a seat in the game with pawns, neutral and
    empty, or out of play (FIERA) and empty; a conquered gateway is empty until its move-in."""
    owner, pawns, alive = state.owner, state.pawns, state.alive
    # the usual case: the whole map held by players in the game, each gateway with pawns
    if not g.fiera and min(owner) >= 0 and max(owner) < n and min(pawns) >= 1 and all(alive):
        return None
    in_play = g.in_play
    moving = state.move_in[1] if state.move_in and state.phase == MOVE_IN else -1
    for i, (o, k) in enumerate(zip(state.owner, state.pawns, strict=True)):
        if o >= 0:
            if o >= n or not in_play[i]:
                return f"{CODES[i]} has owner {o}"
            if k < 1 and i != moving:
                return f"{CODES[i]} is held with {k} pawns"
            if not alive[o]:
                return f"{CODES[i]} is held by an eliminated player"
        elif o == NEUTRAL:
            if k or not in_play[i]:
                return f"neutral {CODES[i]} holds pawns or is out of play"
        elif o != OUT_OF_PLAY or k or in_play[i]:
            return f"{CODES[i]} is out of play but used, or has owner {o}"
    return None


def check_state(state: CnwState) -> str | None:
    """The first way ``state`` could not come from a real game, or None."""
    problem = _check_types(state)
    if problem is not None:
        return problem
    n = state.players
    g = geo_of(state)
    ng = len(CODES)
    if state.phase not in PHASES:
        return f"unknown phase {state.phase!r}"
    if len(state.owner) != ng or len(state.pawns) != ng:
        return "the map does not have 42 gateways"
    if set(map(len, _PER_PLAYER(state))) != {n}:
        name = next(name for name in PER_PLAYER if len(getattr(state, name)) != n)
        return f"{name} does not match the {n} players"
    if not 0 <= state.current < n or not 0 <= state.first < n:
        return "the current player is not a seat"
    problem = _map_problem(state, g, n)
    if problem is not None:
        return problem
    if max(state.pawns) > MAX_PAWNS:
        return f"{CODES[state.pawns.index(max(state.pawns))]} holds over {MAX_PAWNS} pawns"
    if min(state.sla) < 0 or min(state.reserve) < 0 or min(state.bonus) < 0:
        return "a negative count"
    if not 0 <= state.pool <= MAX_PAWNS or state.turn_tris < 0 or state.turn_bonus < 0:
        return "a negative count"
    if max(state.reserve) > STARTING_PAWNS[n]:
        return "more starting pawns in reserve than a player has (§4 step 1)"
    cards_seen = state.deck + state.discard
    for h in state.hands:
        if h and h[-1] >= N_GATEWAY_CARDS:  # hands are sorted (checked below)
            return "an Imprevisto is kept in a hand"
        cards_seen += h
    cards_seen.sort()
    if cards_seen != _expected_cards(g):
        return "the Gateway deck, hands and discard pile do not hold every card once"
    ships_seen = state.ship_deck + state.ship_discard
    for row in state.shipments:
        ships_seen += [c for c, _ in row]
    ships_seen.sort()
    if ships_seen != _expected_shipments(g):
        return "the shipment cards are not all accounted for"
    problem = _check_players(state)
    if problem is None:
        problem = _check_end(state)
    if problem is None:
        problem = _check_pacts(state)
    if problem is None and state.last_roll is not None:
        problem = _check_last_roll(state)
    if problem is None and state.phase != OVER:
        problem = _check_phase(state, g)
    return problem
