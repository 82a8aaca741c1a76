"""What every AirWar state must satisfy, whether it comes from ``apply`` or from a loaded save.

:func:`check_state` is the one judge: the invariant tests call it after every action of a
thousand random games, ``from_json`` refuses a save it rejects, and ``benchmarks/soak.py`` runs
it over ten thousand games. It reads only the cards and the state (not the engine), returns the
first problem in words, and ``None`` when the state is sound. Its checks are the ones a game
needs to go on: the 82 cards each in one place of the right side and kind, resources in bounds,
no host over capacity, War cards on standing airbases, and a raid whose fields fit its step.
"""

from __future__ import annotations

from typing import Any

from gamelib.airwar.cards import SIDES, by_id, constants
from gamelib.airwar.state import STEPS, AirWarState, Raid
from gamelib.core import Problem

K = constants()
CARDS = by_id()
ALL = sorted(CARDS)
SIDE_OF = {cid: SIDES.index(c.side) for cid, c in CARDS.items()}
RESOURCES = "resources"
STAGES = {"mobilise": ("mobilisation",), "over": ("over",)}  # others: airbase or carrier
RAID_STEPS = ("launch", "scramble", "combat", "battle", "allot", "sacrifice", "convoy")
MODES = ("choice", "def_response", "att_response")
ALLOT_TO = ("industry", "convoy")


def host_capacity(state: AirWarState, player: int, host: str) -> int:
    """Capacity of a host in play with its War cards (§Basi Aeree), from the cards alone."""
    cap = CARDS[host].capacity
    for war, base in state.war[player].items():
        if base == host and CARDS[war].effect == "base_capacity":
            cap += CARDS[war].param("amount")
    return cap


_IDS = frozenset(CARDS)
_OF_SIDE = tuple(frozenset(c for c, p in SIDE_OF.items() if p == side) for side in (0, 1))
_OF_KIND = {k: frozenset(c for c in CARDS if CARDS[c].kind == k) for k in ("airbase", "carrier")}
_OF_KIND |= {k: frozenset(c for c in CARDS if CARDS[c].kind == k) for k in ("aircraft", "war")}
_OF_KIND["battle"] = frozenset(c for c in CARDS if CARDS[c].kind == "battle")


def _ids(value: Any) -> bool:
    """A list of card ids (set operations in C: this runs after every action of the soak)."""
    try:
        return type(value) is list and _IDS.issuperset(value)
    except TypeError:  # an unhashable item: not a card id
        return False


def _types(s: AirWarState) -> Problem | None:
    """Field types and card ids, so the checks below can look cards up safely."""
    if type(s.rng) is not tuple:
        return Problem("types.random_number_state_missing")
    for name in ("turn", "active"):
        if type(getattr(s, name)) is not int:
            return Problem("types.not_whole_number", name=name)
    if type(s.stage) is not str or type(s.step) is not str:
        return Problem("types.stage_step_not_text")
    if s.winner is not None and s.winner not in (0, 1) or type(s.winner) is bool:
        return Problem("types.winner_not_side")
    for name in ("industry", "convoy"):
        value = getattr(s, name)
        if type(value) is not list or len(value) != 2 or any(type(x) is not int for x in value):
            return Problem("types.not_two_whole_numbers", name=name)
    for name in ("deck", "hand", "discard", "bases", "carriers"):
        value = getattr(s, name)
        if type(value) is not list or len(value) != 2 or not all(_ids(v) for v in value):
            return Problem("types.not_two_lists_card", name=name)
    for name in ("war", "attached", "grounded"):
        value = getattr(s, name)
        if type(value) is not list or len(value) != 2 or any(type(v) is not dict for v in value):
            return Problem("types.not_two_tables", name=name)
        for table in value:
            for key, item in table.items():
                ok = _ids(item) if name == "grounded" else type(item) is str and item in _IDS
                if key not in CARDS or not ok:
                    return Problem("types.names_unknown_card", name=name)
    if type(s.events) is not list or any(type(e) is not dict for e in s.events):
        return Problem("types.events_not_list_tables")
    if s.raid is not None:
        return _raid_types(s.raid)
    return None


def _raid_types(r: Raid) -> Problem | None:
    if type(r) is not Raid:
        return Problem("raid_types.raid_damaged")
    for name in ("mission", "exposed_att", "intercept", "exposed_def", "duel_cards"):
        if not _ids(getattr(r, name)):
            return Problem("raid_types.raid_not_list_card", name=name)
    if not _ids(r.sacrifice_pool):
        return Problem("raid_types.raid_sacrifice_pool_not")
    for name in ("target", "mode", "just", "duel_att", "duel_def"):
        if type(getattr(r, name)) is not str:
            return Problem("raid_types.raid_not_text", name=name)
    for name in ("duel_att_exposed", "duel_def_exposed"):
        if type(getattr(r, name)) is not bool:
            return Problem("raid_types.raid_not_true_false", name=name)
    for name in ("duel_by", "window_to_act", "window_passes", "convoy_discards"):
        if type(getattr(r, name)) is not int:
            return Problem("raid_types.raid_not_whole_number", name=name)
    if type(r.allot) is not dict or any(type(v) is not str for v in r.allot.values()):
        return Problem("raid_types.raid_allot_not_table")
    return None


def _places(s: AirWarState) -> Problem | None:
    """§Materiali: the 82 cards each in exactly one place, on their own side, of the right kind
    for that place (airbases on bases, War cards on standing bases, aircraft grounded)."""
    cards = s.all_cards()
    if len(cards) != len(_IDS) or set(cards) != _IDS:
        return Problem("places.cards_not_each_exactly")
    r = s.raid
    flying = set(r.cards()) - set(r.mission + r.intercept) if r is not None else set()
    for p in (0, 1):
        side = _OF_SIDE[p]
        grounded = [c for planes in s.grounded[p].values() for c in planes]
        if (
            not side.issuperset(
                s.deck[p] + s.hand[p] + s.discard[p] + s.bases[p] + s.carriers[p] + grounded
            )
            or not side.issuperset(s.war[p])
            or not side.issuperset(s.attached[p])
        ):
            return Problem("places.card_other_side_among", side=SIDES[p])
        if not _OF_KIND["airbase"].issuperset(s.bases[p]):
            return Problem("places.card_not_airbase_play")
        if not _OF_KIND["carrier"].issuperset(s.carriers[p]):
            return Problem("places.card_not_carrier_play")
        hosts = s.bases[p] + s.carriers[p]
        if set(s.grounded[p]) != set(hosts):
            return Problem("places.grounded_aircraft_listed_host")
        if not _OF_KIND["aircraft"].issuperset(grounded):
            return Problem("places.card_not_aircraft_grounded")
        for host in hosts:
            if len(s.grounded[p][host]) > host_capacity(s, p, host):
                return Problem("places.holds_more_aircraft_than", host=host)
        for war, base in s.war[p].items():
            if war not in _OF_KIND["war"] or base not in s.bases[p]:
                return Problem("places.war_card_not_standing", war=war)
        for battle, plane in s.attached[p].items():
            if battle not in _OF_KIND["battle"] or plane not in _OF_KIND["aircraft"]:
                return Problem("places.attached_something_other_than", battle=battle)
            if plane not in side:
                return Problem("places.attached_enemy_aircraft", battle=battle)
            if plane not in flying and plane not in grounded:
                return Problem("places.attached_which_neither_flying", battle=battle, plane=plane)
    return None


def _resources(s: AirWarState) -> Problem | None:
    """§Carta Industria, §Carta Convoglio: bounds, and the end of the war."""
    for p in (0, 1):
        if not 0 <= s.industry[p] <= K["industry"] or not 0 <= s.convoy[p] <= K["convoy"]:
            return Problem("resources.industry_convoy_out_bounds", side=SIDES[p])
        if s.convoy[p] == 0 and s.step != "over":
            return Problem("resources.convoy_not_restored", side=SIDES[p])
    if s.step == "over":
        if s.winner is None or s.industry[1 - s.winner] != 0:
            return Problem("resources.game_over_without_industry")
    elif s.winner is not None or 0 in s.industry:
        return Problem("resources.winner_industry_while_game")
    return None


def _next_allot(s: AirWarState, r: Raid) -> bool:
    """Whether an arrived aircraft with a Convoy attack still waits for its allotment."""
    for plane in r.exposed_att:
        value = CARDS[plane].convoy_attack
        for battle, on in s.attached[s.active].items():
            if on == plane:
                value += CARDS[battle].param("own_convoy_attack")
        if plane not in r.allot and value > 0:
            return True
    return False


def _raid(s: AirWarState) -> Problem | None:
    """The raid fits its step: who flies, who intercepts, the duel and the Battle window."""
    p, q, r, step = s.active, 1 - s.active, s.raid, s.step
    if r is None:
        if step in RAID_STEPS:
            return Problem("raid.step_without_raid", step=step)
        return None
    if step == "over":
        return None  # the war ended in the middle of the damage: the raid stays as it was
    if step not in RAID_STEPS:
        return Problem("raid.raid_during_step", step=step)
    if r.target != RESOURCES:
        if r.target not in CARDS or SIDE_OF[r.target] != q:
            return Problem("raid.raid_target_not_enemy")
        if CARDS[r.target].kind not in ("airbase", "carrier"):
            return Problem("raid.raid_target_not_airbase")
        standing = r.target in s.bases[q] + s.carriers[q]
        if not standing and step not in ("sacrifice", "convoy"):
            return Problem("raid.raid_target_no_longer")
    attackers = r.mission + r.exposed_att + ([r.duel_att] if r.duel_att else [])
    defenders = r.intercept + r.exposed_def + ([r.duel_def] if r.duel_def else [])
    if any(SIDE_OF[c] != p or CARDS[c].kind != "aircraft" for c in attackers):
        return Problem("raid.mission_holds_card_not")
    if any(SIDE_OF[c] != q or CARDS[c].kind != "aircraft" for c in defenders + r.sacrifice_pool):
        return Problem("raid.interception_holds_card_not")
    if any(CARDS[c].kind != "battle" for c in r.duel_cards):
        return Problem("raid.card_not_battle_card")
    if r.mode not in MODES:
        return Problem("raid.unknown_combat_mode", mode=r.mode)
    if r.convoy_discards < 0 or (r.convoy_discards > 0) != (step == "convoy"):
        return Problem("raid.convoy_discards_outside_convoy")
    if bool(r.sacrifice_pool) != (step == "sacrifice"):
        return Problem("raid.aircraft_sacrifice_outside_sacrifice")
    if any(c not in r.exposed_att or v not in ALLOT_TO for c, v in r.allot.items()):
        return Problem("raid.damage_allotted_aircraft_did")
    if step == "battle":
        if not (r.duel_att and r.duel_def) or r.duel_by not in (0, 1):
            return Problem("raid.battle_window_without_duel")
        if r.window_to_act not in (0, 1) or r.window_passes not in (0, 1):
            return Problem("raid.battle_window_has_no")
    elif r.duel_att or r.duel_def or r.duel_cards or r.window_to_act != -1:
        return Problem("raid.duel_outside_battle_window")
    if step in ("launch", "scramble") and (r.exposed_att or r.exposed_def):
        return Problem("raid.aircraft_exposed_before_combat")
    if step == "launch" and r.intercept:
        return Problem("raid.interceptors_before_mission_sent")
    if step == "combat":
        if r.mode == "att_response" and (not r.mission or r.just not in r.exposed_def):
            return Problem("raid.attacker_answers_duel_no")
        if r.mode == "def_response" and r.just not in r.exposed_att:
            return Problem("raid.defender_answers_duel_no")
        if r.mode != "att_response" and not r.intercept:
            return Problem("raid.defender_picks_duel_without")
    if (r.mode == "choice" or step not in ("combat", "battle")) and (r.just or r.mode != "choice"):
        return Problem("raid.card_waiting_answer_outside")
    in_combat = {r.duel_att, r.duel_def, *r.exposed_att, *r.exposed_def}
    if step == "battle" and r.just and r.just not in in_combat:
        return Problem("raid.card_waiting_answer_not")
    if step == "allot" and (r.target != RESOURCES or not _next_allot(s, r)):
        return Problem("raid.damage_allotment_nothing_allot")
    if step in ("allot", "sacrifice", "convoy") and r.mission:
        return Problem("raid.face_down_mission_cards")
    return None


def _turn(s: AirWarState) -> Problem | None:
    """Turn, active side, stage and step agree (§Fine del Turno)."""
    if s.turn < 1 or s.active not in (0, 1) or type(s.active) is bool:
        return Problem("turn.turn_active_side_out")
    if s.step not in STEPS:
        return Problem("turn.unknown_step", step=s.step)
    if s.stage not in STAGES.get(s.step, ("airbase", "carrier")):
        return Problem("turn.step_does_not_belong", step=s.step, stage=s.stage)
    hosts = s.bases[s.active] if s.stage == "airbase" else s.carriers[s.active]
    if s.stage in ("airbase", "carrier") and not hosts and s.raid is None:
        return Problem("turn.stage_played_without_host", stage=s.stage)
    return None


def check_state(state: AirWarState) -> Problem | None:
    """The first way ``state`` could not come from a real game, in words; None when sound."""
    if type(state) is not AirWarState:
        return Problem("state.not_airwar_state")
    return _types(state) or _turn(state) or _places(state) or _resources(state) or _raid(state)
