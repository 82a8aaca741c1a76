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


def _types(s: AirWarState) -> str | None:
    """Field types and card ids, so the checks below can look cards up safely."""
    if type(s.rng) is not tuple:
        return "the random-number state is missing"
    for name in ("turn", "active"):
        if type(getattr(s, name)) is not int:
            return f"{name} is not a whole number"
    if type(s.stage) is not str or type(s.step) is not str:
        return "the stage or step is not text"
    if s.winner is not None and s.winner not in (0, 1) or type(s.winner) is bool:
        return "the winner is not a side"
    for name in ("industry", "convoy"):
        value = getattr(s, name)
        if type(value) is not list or len(value) != 2 or any(type(x) is not int for x in value):
            return f"{name} is not two whole numbers"
    for name in ("deck", "hand", "discard", "bases", "carriers"):
        value = getattr(s, name)
        if type(value) is not list or len(value) != 2 or not all(_ids(v) for v in value):
            return f"{name} is not two lists of card ids"
    for name in ("war", "attached", "grounded"):
        value = getattr(s, name)
        if type(value) is not list or len(value) != 2 or any(type(v) is not dict for v in value):
            return f"{name} is not two tables"
        for table in value:
            for key, item in table.items():
                ok = _ids(item) if name == "grounded" else type(item) is str and item in _IDS
                if key not in CARDS or not ok:
                    return f"{name} names an unknown card"
    if type(s.events) is not list or any(type(e) is not dict for e in s.events):
        return "the events are not a list of tables"
    if s.raid is not None:
        return _raid_types(s.raid)
    return None


def _raid_types(r: Raid) -> str | None:
    if type(r) is not Raid:
        return "the raid is damaged"
    for name in ("mission", "exposed_att", "intercept", "exposed_def", "duel_cards"):
        if not _ids(getattr(r, name)):
            return f"raid.{name} is not a list of card ids"
    if not _ids(r.sacrifice_pool):
        return "raid.sacrifice_pool is not a list of card ids"
    for name in ("target", "mode", "just", "duel_att", "duel_def"):
        if type(getattr(r, name)) is not str:
            return f"raid.{name} is not text"
    for name in ("duel_att_exposed", "duel_def_exposed"):
        if type(getattr(r, name)) is not bool:
            return f"raid.{name} is not true or false"
    for name in ("duel_by", "window_to_act", "window_passes", "convoy_discards"):
        if type(getattr(r, name)) is not int:
            return f"raid.{name} is not a whole number"
    if type(r.allot) is not dict or any(type(v) is not str for v in r.allot.values()):
        return "raid.allot is not a table of aircraft to industry/convoy"
    return None


def _places(s: AirWarState) -> str | None:
    """§Materiali: the 82 cards each in exactly one place, on their own side, of the right kind
    for that place (airbases on bases, War cards on standing bases, aircraft grounded)."""
    cards = s.all_cards()
    if len(cards) != len(_IDS) or set(cards) != _IDS:
        return "the 82 cards are not each in exactly one place (§Materiali)"
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
            return f"a card of the other side is among the {SIDES[p]} cards"
        if not _OF_KIND["airbase"].issuperset(s.bases[p]):
            return "a card that is not an airbase is in play as one (§Basi Aeree)"
        if not _OF_KIND["carrier"].issuperset(s.carriers[p]):
            return "a card that is not a carrier is in play as one (§Portaerei)"
        hosts = s.bases[p] + s.carriers[p]
        if set(s.grounded[p]) != set(hosts):
            return "grounded aircraft are listed for a host not in play"
        if not _OF_KIND["aircraft"].issuperset(grounded):
            return "a card that is not an aircraft is grounded"
        for host in hosts:
            if len(s.grounded[p][host]) > host_capacity(s, p, host):
                return f"{host} holds more aircraft than its capacity (§Basi Aeree)"
        for war, base in s.war[p].items():
            if war not in _OF_KIND["war"] or base not in s.bases[p]:
                return f"War card {war} is not on a standing airbase (§Stadio Mobilitazione)"
        for battle, plane in s.attached[p].items():
            if battle not in _OF_KIND["battle"] or plane not in _OF_KIND["aircraft"]:
                return f"{battle} is attached to something other than an aircraft"
            if plane not in side:
                return f"{battle} is attached to an enemy aircraft"
            if plane not in flying and plane not in grounded:
                return f"{battle} is attached to {plane}, which is neither flying nor grounded"
    return None


def _resources(s: AirWarState) -> str | None:
    """§Carta Industria, §Carta Convoglio: bounds, and the end of the war."""
    for p in (0, 1):
        if not 0 <= s.industry[p] <= K["industry"] or not 0 <= s.convoy[p] <= K["convoy"]:
            return f"the {SIDES[p]} Industry or Convoy is out of bounds"
        if s.convoy[p] == 0 and s.step != "over":
            return f"the {SIDES[p]} Convoy is at 0 and was not restored (§Carta Convoglio)"
    if s.step == "over":
        if s.winner is None or s.industry[1 - s.winner] != 0:
            return "the game is over without an Industry at 0 (§Carta Industria)"
    elif s.winner is not None or 0 in s.industry:
        return "a winner, or an Industry at 0, while the game goes on (§Carta Industria)"
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


def _raid(s: AirWarState) -> str | None:
    """The raid fits its step: who flies, who intercepts, the duel and the Battle window."""
    p, q, r, step = s.active, 1 - s.active, s.raid, s.step
    if r is None:
        if step in RAID_STEPS:
            return f"step {step!r} without a raid"
        return None
    if step == "over":
        return None  # the war ended in the middle of the damage: the raid stays as it was
    if step not in RAID_STEPS:
        return f"a raid during step {step!r}"
    if r.target != RESOURCES:
        if r.target not in CARDS or SIDE_OF[r.target] != q:
            return "the raid's target is not an enemy host (§Fase Attacco)"
        if CARDS[r.target].kind not in ("airbase", "carrier"):
            return "the raid's target is not an airbase or a carrier (§Fase Attacco)"
        standing = r.target in s.bases[q] + s.carriers[q]
        if not standing and step not in ("sacrifice", "convoy"):
            return "the raid's target is no longer in play (§Basi Aeree)"
    attackers = r.mission + r.exposed_att + ([r.duel_att] if r.duel_att else [])
    defenders = r.intercept + r.exposed_def + ([r.duel_def] if r.duel_def else [])
    if any(SIDE_OF[c] != p or CARDS[c].kind != "aircraft" for c in attackers):
        return "the mission holds a card that is not one of the attacker's aircraft"
    if any(SIDE_OF[c] != q or CARDS[c].kind != "aircraft" for c in defenders + r.sacrifice_pool):
        return "the interception holds a card that is not one of the defender's aircraft"
    if any(CARDS[c].kind != "battle" for c in r.duel_cards):
        return "a card that is not a Battle card is played in a duel (§Fase Combattimento)"
    if r.mode not in MODES:
        return f"unknown combat mode {r.mode!r}"
    if r.convoy_discards < 0 or (r.convoy_discards > 0) != (step == "convoy"):
        return "convoy discards outside the convoy step (§Carta Convoglio)"
    if bool(r.sacrifice_pool) != (step == "sacrifice"):
        return "aircraft to sacrifice outside the sacrifice step (§Basi Aeree)"
    if any(c not in r.exposed_att or v not in ALLOT_TO for c, v in r.allot.items()):
        return "damage is allotted for an aircraft that did not arrive"
    if step == "battle":
        if not (r.duel_att and r.duel_def) or r.duel_by not in (0, 1):
            return "a Battle window without a duel (§Fase Combattimento)"
        if r.window_to_act not in (0, 1) or r.window_passes not in (0, 1):
            return "the Battle window has no player to act"
    elif r.duel_att or r.duel_def or r.duel_cards or r.window_to_act != -1:
        return "a duel outside a Battle window (§Fase Combattimento)"
    if step in ("launch", "scramble") and (r.exposed_att or r.exposed_def):
        return "aircraft exposed before the combat (§Fase Intercetto)"
    if step == "launch" and r.intercept:
        return "interceptors before the mission is sent (§Fase Intercetto)"
    if step == "combat":
        if r.mode == "att_response" and (not r.mission or r.just not in r.exposed_def):
            return "the attacker answers a duel with no mission card or no exposed target"
        if r.mode == "def_response" and r.just not in r.exposed_att:
            return "the defender answers a duel with no exposed target"
        if r.mode != "att_response" and not r.intercept:
            return "the defender picks a duel without interceptors"
    if (r.mode == "choice" or step not in ("combat", "battle")) and (r.just or r.mode != "choice"):
        return "a card is waiting for an answer outside a response (§Fase Combattimento)"
    in_combat = {r.duel_att, r.duel_def, *r.exposed_att, *r.exposed_def}
    if step == "battle" and r.just and r.just not in in_combat:
        return "the card waiting for an answer is not in the combat (§Fase Combattimento)"
    if step == "allot" and (r.target != RESOURCES or not _next_allot(s, r)):
        return "a damage allotment with nothing to allot (§Assegnazione dei Danni)"
    if step in ("allot", "sacrifice", "convoy") and r.mission:
        return "face-down mission cards after the combat (§Fase di Assegnazione dei Danni)"
    return None


def _turn(s: AirWarState) -> str | None:
    """Turn, active side, stage and step agree (§Fine del Turno)."""
    if s.turn < 1 or s.active not in (0, 1) or type(s.active) is bool:
        return "the turn or the active side is out of range"
    if s.step not in STEPS:
        return f"unknown step {s.step!r}"
    if s.stage not in STAGES.get(s.step, ("airbase", "carrier")):
        return f"step {s.step!r} does not belong to stage {s.stage!r}"
    hosts = s.bases[s.active] if s.stage == "airbase" else s.carriers[s.active]
    if s.stage in ("airbase", "carrier") and not hosts and s.raid is None:
        return f"the {s.stage} stage is played without a host (§Stadio Base Aerea)"
    return None


def check_state(state: AirWarState) -> str | None:
    """The first way ``state`` could not come from a real game, in words; None when sound."""
    if type(state) is not AirWarState:
        return "not an AirWar state"
    return _types(state) or _turn(state) or _places(state) or _resources(state) or _raid(state)
