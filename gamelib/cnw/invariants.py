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
from gamelib.core import Problem

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


def _roll_shape(roll: Any, n: int, keys: frozenset[str]) -> Problem | None:
    """Types and ranges of a roll (pending or last): gateways, seats, dice, re-rolls."""
    if roll.__class__ is not dict or roll.keys() != keys:
        return Problem("roll_shape.fields_not_those_roll")
    source, target = roll["source"], roll["target"]
    if source.__class__ is not str or target.__class__ is not str:
        return Problem("roll_shape.gateways_not_airport_codes")
    if source not in INDEX or target not in INDEX:
        return Problem("roll_shape.gateways_not_board")
    a, d = roll["attacker"], roll["defender"]
    if a.__class__ is not int or d.__class__ is not int or not (0 <= a < n and 0 <= d < n):
        return Problem("roll_shape.attacker_defender_not_seat")
    if a == d:
        return Problem("roll_shape.attacker_defends")
    if roll["hub"] is not HUB[INDEX[target]]:
        return Problem("roll_shape.hub_flag_does_not")
    for key, most in (("attack", DICE.max_attack_dice), ("defend", DICE.max_defend_dice)):
        rolled = roll[f"{key}_rolled"]
        if not _faces(roll[key], most) or (rolled is not roll[key] and not _faces(rolled, most)):
            return Problem("roll_shape.dice_not_faces_sorted", key=key, most=most)
    change_a, change_d = roll["attacker_reroll"], roll["defender_reroll"]
    if not _reroll(change_a) or not _reroll(change_d):
        return Problem("roll_shape.obc_re_roll_not")
    if _rerolled(roll["attack_rolled"], change_a) != roll["attack"]:
        return Problem("roll_shape.attacker_dice_do_not")
    if _rerolled(roll["defend_rolled"], change_d) != roll["defend"]:
        return Problem("roll_shape.defender_dice_do_not")
    return None


def _check_roll(state: CnwState, g: Geo) -> Problem | None:
    """§7.1–§7.3, §8.1: the pending roll of an attack that waits for an OBC decision."""
    roll = state.roll
    problem = _roll_shape(roll, state.players, ROLL_KEYS)
    if problem is not None:
        return Problem("roll.pending_roll", problem=problem)
    i, j = INDEX[roll["source"]], INDEX[roll["target"]]
    p, q = roll["attacker"], roll["defender"]
    owner, pawns = state.owner, state.pawns
    if p != state.current or owner[i] != p:
        return Problem("roll.pending_roll_attacker_not")
    if owner[j] != q or not _teams_apart(state, p, q):
        return Problem("roll.pending_roll_defender_not")
    if j not in g.adj[i] and j not in reach(state, g, p, i):
        return Problem("roll.pending_roll_target_not")
    if len(roll["attack"]) > pawns[i] - 1:
        return Problem("roll.pending_roll_has_more")
    if len(roll["defend"]) != min(DICE.max_defend_dice, pawns[j]):
        return Problem("roll.pending_roll_defender_does")
    if any(p in x[:2] and q in x[:2] for x in state.pacts):
        return Problem("roll.pending_roll_between_pact")
    if roll["defender_reroll"] is not None:
        return Problem("roll.pending_roll_waits_after")
    if state.phase == REROLL_ATTACKER:
        side = p
        if roll["attacker_reroll"] is not None:
            return Problem("roll.attacker_decides_again_after")
    else:
        side = q
    if state.obc[side] < 1 or state.obc_turn[side] == state.turn:
        return Problem("roll.obc_decision_player_no")
    if roll["attacker_reroll"] is not None and state.obc_turn[p] != state.turn:
        return Problem("roll.attacker_re_rolled_without")
    return None


def _check_last_roll(state: CnwState) -> Problem | None:
    """The last resolved roll, shown by observation and the widgets."""
    last = state.last_roll
    problem = _roll_shape(last, state.players, LAST_ROLL_KEYS)
    if problem is not None:
        return Problem("last_roll.last_roll", problem=problem)
    lost_a, lost_d = last["attacker_losses"], last["defender_losses"]
    if not (_is_int(lost_a) and _is_int(lost_d) and lost_a >= 0 and lost_d >= 0):
        return Problem("last_roll.last_roll_losses_not")
    if lost_a + lost_d != min(len(last["attack"]), len(last["defend"])):
        return Problem("last_roll.last_roll_losses_do")
    if last["conquered"].__class__ is not bool:
        return Problem("last_roll.last_roll_conquest_flag")
    return None


def _check_move_in(state: CnwState, g: Geo) -> Problem | None:
    """§7.2 (after a conquest) and §5.4 (a repositioning move): [source, target, least, most,
    victim], the pawns that may move and from where."""
    i, j, least, most, victim = state.move_in
    ng = len(CODES)
    p = state.current
    owner, pawns = state.owner, state.pawns
    if not (0 <= i < ng and 0 <= j < ng) or i == j or owner[i] != p or owner[j] != p:
        return Problem("move_in.move_not_between_two")
    if state.phase == MOVE_IN:
        if pawns[j] != 0:
            return Problem("move_in.conquered_gateway_already_holds")
        if most != min(MOVE_IN_MAX, pawns[i] - 1) or not 1 <= least < most:
            return Problem("move_in.move_range_does_not")
        if least > DICE.max_attack_dice:
            return Problem("move_in.move_asks_more_pawns")
        if not 0 <= victim < state.players or not state.alive[victim]:
            return Problem("move_in.conquest_victim_not_player")
        if not _teams_apart(state, p, victim):
            return Problem("move_in.conquest_victim_not_opponent")
        if j not in g.adj[i] and j not in reach(state, g, p, i):
            return Problem("move_in.conquest_target_not_linked")
    else:
        if least != 1 or most != pawns[i] - 1 or most < 2 or victim != -1:
            return Problem("move_in.repositioning_count_does_not")
        if j not in component(state, g, p, i):
            return Problem("move_in.repositioning_move_leaves_player")
    return None


def _check_pacts(state: CnwState) -> Problem | None:
    """§12.4 DIPLOMAZIA: pacts [a, b, proposer] between opponents, offers and who was asked."""
    if not (state.pacts or state.offered or state.offer) and state.phase != PACT_ANSWER:
        return None  # no pact, no offer: nothing to judge
    n = state.players
    alive = state.alive
    if not state.options["diplomazia"]:
        return Problem("pacts.pacts_without_diplomazia_variant")
    pairs = set()
    for pact in state.pacts:
        a, b, proposer = pact
        if not 0 <= a < b < n or proposer not in (a, b):
            return Problem("pacts.pact_does_not_name", pact=pact)
        if not (alive[a] and alive[b]) or not _teams_apart(state, a, b):
            return Problem("pacts.pact_binds_eliminated_player", pact=pact)
        if (a, b) in pairs:
            return Problem("pacts.pact_made_twice", pact=pact)
        pairs.add((a, b))
    p = state.current
    asked = state.offered
    if len(set(asked)) != len(asked) or not all(0 <= q < n and q != p for q in asked):
        return Problem("pacts.partners_asked_turn_not")
    if not all(_teams_apart(state, p, q) for q in asked):
        return Problem("pacts.teammate_offered_pact")
    offer = state.offer
    if state.phase == PACT_ANSWER:
        if offer is None or offer[0] != p or offer[1] not in asked:
            return Problem("pacts.pact_answer_without_offer")
        q = offer[1]
        if not alive[q] or (min(p, q), max(p, q)) in pairs:
            return Problem("pacts.pact_offered_eliminated_player")
    elif offer is not None:
        return Problem("pacts.pact_offer_outside_answer")
    return None


def _check_types(state: CnwState) -> Problem | None:
    """The types every later check relies on (``saves._build`` checks them on a load too)."""
    if set(map(type, _SCALARS(state))) != {int}:
        bad = next(name for name in SCALARS if not _is_int(getattr(state, name)))
        return Problem("types.not_whole_number", bad=bad)
    if state.conquered.__class__ is not bool:
        return Problem("types.conquest_flag_not_true")
    if state.phase.__class__ is not str or state.victory.__class__ is not str:
        return Problem("types.phase_victory_not_text")
    if state.dice.__class__ is not str or not 0 <= state.dice_pos <= len(state.dice) <= DICE_MAX:
        return Problem("types.dice_buffer_overdrawn_damaged")
    move, offer = state.move_in, state.offer
    if move is not None and (move.__class__ is not list or tuple(map(type, move)) != INTS_5):
        return Problem("types.move_not_source_target")
    if offer is not None and (offer.__class__ is not list or tuple(map(type, offer)) != INTS_2):
        return Problem("types.pact_offer_not_proposer")
    for pact in state.pacts:
        if pact.__class__ is not list or tuple(map(type, pact)) != INTS_3:
            return Problem("types.pact_not_b_proposer")
    if state.offered and set(map(type, state.offered)) != {int}:
        return Problem("types.offered_not_list_whole")
    return None


def _check_phase(state: CnwState, g: Geo) -> Problem | None:
    """What the phase waits for (§5) exists, and the counters of other phases are at rest."""
    phase = state.phase
    n = state.players
    p = state.current
    if not state.alive[p]:
        return Problem("phase.player_turn_eliminated")
    teams = state.options["teams"]
    if teams is None:
        sides = state.alive.count(True)
    else:
        sides = len({teams[q] for q in range(n) if state.alive[q]})
    if sides < 2:
        return Problem("phase.game_goes_no_opponents")
    if phase == PLACEMENT:
        if state.turn or state.round or state.conquered or state.discard or any(state.hands):
            return Problem("phase.placement_round_after_turn")
        if state.reserve[p] < 1:
            return Problem("phase.player_placing_pawn_has")
        start = STARTING_PAWNS[n]
        placed = [0] * n
        for o, k in zip(state.owner, state.pawns, strict=True):
            if o >= 0:
                placed[o] += k
        if any(placed[q] + state.reserve[q] != start for q in range(n)):
            return Problem("phase.pawns_placed_reserve_do", start=start)
    else:
        if any(state.reserve):
            return Problem("phase.starting_pawns_left_reserve")
        if state.turn < 1 or state.round < 1 or state.round > state.turn:
            return Problem("phase.turn_round_counters_do")
    cap = state.options["turn_cap"]
    if cap is not None and state.round > cap:
        return Problem("phase.round_beyond_turn_cap")
    if phase in (REINFORCE, ELIM_DEPLOY):
        if state.pool < 1:
            return Problem("phase.reinforcements_no_pawn_deploy")
    elif phase != ELIM_TRIS and state.pool:
        return Problem("phase.pawns_deploy_outside_reinforcements")
    hand = len(state.hands[p])
    if phase == ELIM_TRIS and hand < DECK.hand_limit:
        return Problem("phase.forced_tris_fewer_than")
    if phase == ELIM_DEPLOY and hand >= DECK.hand_limit:
        return Problem("phase.deploying_forced_tris_more")
    if phase == BRIEFING:
        if not 1 <= state.expiring <= EXPIRING_MAX:
            return Problem("phase.pawn_remove_without_expired")
        spare = sum(1 for o, k in zip(state.owner, state.pawns, strict=True) if o == p and k >= 2)
        if spare < 2:
            return Problem("phase.choice_pawn_remove_fewer")
    elif state.expiring:
        return Problem("phase.pawns_owed_expired_shipments")
    if phase != MOVE_IN and p not in state.owner:
        return Problem("phase.player_turn_holds_no")
    if (state.roll is not None) != (phase in (REROLL_ATTACKER, REROLL_DEFENDER)):
        return Problem("phase.pending_roll_outside_obc")
    if state.roll is not None:
        problem = _check_roll(state, g)
        if problem is not None:
            return problem
    if (state.move_in is not None) != (phase in (MOVE_IN, REPOSITION_COUNT)):
        return Problem("phase.move_outside_phase_phase")
    if state.move_in is not None:
        return _check_move_in(state, g)
    return None


def _check_players(state: CnwState) -> Problem | None:
    """Per seat: objectives (§4 step 3), OBC tokens (§8.1), elimination (§7.5), shipments."""
    n = state.players
    uses = _uses_objectives(state.options)
    objs = state.objectives
    if uses:
        if len(set(objs)) != n or min(objs) < 0 or max(objs) >= N_OBJECTIVES:
            return Problem("players.network_objectives_not_one")
    elif objs.count(-1) != n:
        return Problem("players.network_objective_variant_without")
    obc, spent = state.obc, state.obc_turn
    if min(obc) < 0 or max(obc) > TOKENS:
        return Problem("players.obc_tokens_out_range")
    if min(spent) < -1 or max(spent) > state.turn:
        return Problem("players.obc_token_spent_turn")
    if (obc.count(TOKENS) != n or spent.count(-1) != n) and [t == -1 for t in spent] != [
        k == TOKENS for k in obc
    ]:
        return Problem("players.obc_tokens_left_do")
    if max(state.bonus) > MAX_PAWNS or max(state.sla) > MAX_PAWNS:
        return Problem("players.count_out_range")
    for p, (row, hand) in enumerate(zip(state.shipments, state.hands, strict=True)):
        if len(row) > ACTIVE_SHIPMENTS:
            return Problem("players.player_has_more_than", p=p, active_shipments=ACTIVE_SHIPMENTS)
        for _, d in row:
            if d < 1:
                return Problem("players.player_holds_shipment_whose", p=p)
        if hand != sorted(hand):
            return Problem("players.player_hand_not_sorted", p=p)
    if False not in state.alive:
        if state.eliminated_by.count(-1) != n:
            return Problem("players.player_game_eliminated")
    else:
        for p in range(n):
            by = state.eliminated_by[p]
            if state.alive[p]:
                if by != -1:
                    return Problem("players.player_playing_but_eliminated", p=p)
            elif state.shipments[p] or state.hands[p] or state.bonus[p] or p in state.owner:
                return Problem("players.eliminated_player_still_holds", p=p)
            elif not -1 <= by < n or by == p:
                return Problem("players.eliminated_player_eliminated", p=p, by=by)
    if not -1 <= state.bridges_closed < n or (
        state.bridges_closed >= 0 and not state.alive[state.bridges_closed]
    ):
        return Problem("players.air_bridges_closed_no")
    return None


def _check_end(state: CnwState) -> Problem | None:
    """§11: winners and the victory type exactly when the game is over."""
    winners = state.winners
    if state.phase != OVER:
        if winners or state.victory:
            return Problem("end.winners_while_game_goes")
        return None
    if state.victory not in VICTORIES:
        return Problem("end.unknown_victory", victory=state.victory)
    if winners != sorted(set(winners)) or not all(0 <= w < state.players for w in winners):
        return Problem("end.winners_not_distinct_seats")
    if (state.victory == UNFINISHED) != (not winners):
        return Problem("end.unfinished_game_winners_victory")
    if state.roll is not None or state.move_in is not None or state.offer is not None:
        return Problem("end.decision_pending_after_game")
    return None


def _map_problem(state: CnwState, g: Geo, n: int) -> Problem | None:
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
                return Problem("map_problem.has_owner", gateway=CODES[i], o=o)
            if k < 1 and i != moving:
                return Problem("map_problem.held_pawns", gateway=CODES[i], k=k)
            if not alive[o]:
                return Problem("map_problem.held_eliminated_player", gateway=CODES[i])
        elif o == NEUTRAL:
            if k or not in_play[i]:
                return Problem("map_problem.neutral_holds_pawns_out", gateway=CODES[i])
        elif o != OUT_OF_PLAY or k or in_play[i]:
            return Problem("map_problem.out_play_but_used", gateway=CODES[i], o=o)
    return None


def check_state(state: CnwState) -> Problem | None:
    """The first way ``state`` could not come from a real game, or None."""
    problem = _check_types(state)
    if problem is not None:
        return problem
    n = state.players
    g = geo_of(state)
    ng = len(CODES)
    if state.phase not in PHASES:
        return Problem("state.unknown_phase", phase=state.phase)
    if len(state.owner) != ng or len(state.pawns) != ng:
        return Problem("state.map_does_not_have")
    if set(map(len, _PER_PLAYER(state))) != {n}:
        name = next(name for name in PER_PLAYER if len(getattr(state, name)) != n)
        return Problem("state.does_not_match_players", name=name, n=n)
    if not 0 <= state.current < n or not 0 <= state.first < n:
        return Problem("state.current_player_not_seat")
    problem = _map_problem(state, g, n)
    if problem is not None:
        return problem
    if max(state.pawns) > MAX_PAWNS:
        return Problem(
            "state.holds_over_pawns",
            gateway=CODES[state.pawns.index(max(state.pawns))],
            max_pawns=MAX_PAWNS,
        )
    if min(state.sla) < 0 or min(state.reserve) < 0 or min(state.bonus) < 0:
        return Problem("state.negative_count")
    if not 0 <= state.pool <= MAX_PAWNS or state.turn_tris < 0 or state.turn_bonus < 0:
        return Problem("state.negative_count")
    if max(state.reserve) > STARTING_PAWNS[n]:
        return Problem("state.more_starting_pawns_reserve")
    cards_seen = state.deck + state.discard
    for h in state.hands:
        if h and h[-1] >= N_GATEWAY_CARDS:  # hands are sorted (checked below)
            return Problem("state.imprevisto_kept_hand")
        cards_seen += h
    cards_seen.sort()
    if cards_seen != _expected_cards(g):
        return Problem("state.gateway_deck_hands_discard")
    ships_seen = state.ship_deck + state.ship_discard
    for row in state.shipments:
        ships_seen += [c for c, _ in row]
    ships_seen.sort()
    if ships_seen != _expected_shipments(g):
        return Problem("state.shipment_cards_not_all")
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
