"""The rules of AirWar: Pacific!: set-up, the three stages of a turn, raids, damage, the end.

Sections cited as ``§<heading>`` are the headings of the Italian rulebook
(``/work/shared/rulebooks/airwar-pacific.it.txt``), which has no numbers. ``apply`` copies the
state, checks the action against ``legal_actions`` (raising ``IllegalAction`` with the rule and a
reason before anything changes) and then plays it, running every automatic consequence (duel
results, damage, landing, the next stage and turn) until a player must decide again.

Hidden information: the mission is shuffled with the game's RNG when it is sent, so the
defender's blind pick of a "position" is a chance outcome; only the owner sees a hand, and
nobody, not even the attacker, is shown the order of the face-down mission.
"""

from __future__ import annotations

from typing import Any

from gamelib.core import (
    IllegalAction,
    SaveFormatError,
    dump_save,
    guarded_load,
    new_rng_state,
    rng_from,
)

from .actions import (
    CODEC,
    AddInterceptor,
    AddToMission,
    Allot,
    Attack,
    ConvoyDiscard,
    Disengage,
    EndMobilisation,
    Intercept,
    Mobilise,
    PassBattle,
    PassStage,
    PlayBattle,
    Sacrifice,
    ScrambleDone,
    SendMission,
    Strike,
)
from .cards import SIDES, Card, by_id, constants, load
from .state import STEPS, AirWarState, Raid

# Rulebook headings, used as section references.
S_GOAL = "§Ambientazione"
S_MATERIALS = "§Materiali"
S_SETUP = "§Il Gioco"
S_MOB = "§Stadio Mobilitazione"
S_AIRBASE = "§Stadio Base Aerea"
S_ATTACK = "§Fase Attacco"
S_INTERCEPT = "§Fase Intercetto"
S_COMBAT = "§Fase Combattimento"
S_DAMAGE = "§Fase di Assegnazione dei Danni"
S_CARRIER = "§Stadio Portaerei"
S_RESOURCES = "§Assegnazione dei Danni"
S_INDUSTRY = "§Carta Industria"
S_CONVOY = "§Carta Convoglio"
S_BASES = "§Basi Aeree"
S_CARRIERS = "§Portaerei"
S_END = "§Fine del Turno"

K = constants()
CARDS: dict[str, Card] = by_id()
SIDE_OF: dict[str, int] = {cid: SIDES.index(c.side) for cid, c in CARDS.items()}
RESOURCES = "resources"
_CAPACITY = {cid: c.capacity for cid, c in CARDS.items()}
_CAPACITY_BONUS = {
    cid: (c.param("amount") if c.effect == "base_capacity" else 0) for cid, c in CARDS.items()
}


def other(player: int) -> int:
    return 1 - player


# --------------------------------------------------------------------------------------------
# Values (capacity, defense, aircraft values with War and Battle effects)


def host_capacity(state: AirWarState, player: int, host: str) -> int:
    """Capacity of an airbase or carrier in play, with its War cards (§Basi Aeree)."""
    cap = _CAPACITY[host]
    wars = state.war[player]
    if wars:
        for war, base in wars.items():
            if base == host:
                cap += _CAPACITY_BONUS[war]
    return cap


def host_defense(state: AirWarState, player: int, host: str) -> int:
    """Defense of an airbase or carrier in play, with its War cards (§Basi Aeree, §Portaerei)."""
    value = CARDS[host].defense
    for war, base in state.war[player].items():
        if base == host and CARDS[war].effect == "base_defense":
            value += CARDS[war].param("amount")
    return value


def free_room(state: AirWarState, player: int, host: str) -> int:
    """Capacity minus the aircraft already grounded there (§Fase Intercetto)."""
    planes = state.grounded[player].get(host)
    return host_capacity(state, player, host) - (len(planes) if planes else 0)


def war_total(state: AirWarState, player: int, effect: str) -> int:
    """Sum of a global War effect in play for ``player`` (War cards sit on a standing base)."""
    return sum(CARDS[w].param("amount") for w in state.war[player] if CARDS[w].effect == effect)


def attached_bonus(state: AirWarState, aircraft: str, key: str) -> int:
    """Bonus from Battle cards attached to ``aircraft`` (§Fase Combattimento, lasting cards)."""
    total = 0
    for battle, plane in state.attached[SIDE_OF[aircraft]].items():
        if plane == aircraft:
            total += CARDS[battle].param(key)
    return total


def strike_value(state: AirWarState, aircraft: str, stat: str) -> int:
    """Bombing, Convoy attack or Carrier attack of an aircraft, with attached Battle cards."""
    return getattr(CARDS[aircraft], stat) + attached_bonus(state, aircraft, "own_" + stat)


def attack_capacity(state: AirWarState, player: int, stage: str) -> int:
    """Mission size limit: the free capacity of all airbases (Airbase stage) or carriers
    (Carrier stage) (§Fase Attacco, §Stadio Portaerei)."""
    hosts = state.bases[player] if stage == "airbase" else state.carriers[player]
    return sum(max(0, free_room(state, player, h)) for h in hosts)


def can_fly(card: Card, stage: str) -> bool:
    """Any aircraft flies from an airbase; only carrier-based ones from a carrier (§Stadio
    Base Aerea, §Stadio Portaerei)."""
    return card.kind == "aircraft" and (stage == "airbase" or card.carrier_based)


def scramble_hosts(state: AirWarState, target: str | None = None) -> tuple[bool, bool]:
    """Which of the defender's hosts give interception capacity in the current raid: its own
    stage's hosts, plus carriers when a carrier is attacked in the Airbase stage and airbases
    when an airbase is attacked in the Carrier stage (§Fase Intercetto, §Stadio Portaerei)."""
    if target is None:
        target = state.raid.target if state.raid is not None else RESOURCES
    kind = "resources" if target == RESOURCES else CARDS[target].kind
    if state.stage == "airbase":
        return True, kind == "carrier"
    return kind == "airbase", True


def scramble_room(state: AirWarState, target: str | None = None) -> tuple[int, int]:
    """Free capacity (bases, carriers) the defender may intercept with (§Fase Intercetto)."""
    q = other(state.active)
    use_bases, use_carriers = scramble_hosts(state, target)
    fb = sum(max(0, free_room(state, q, h)) for h in state.bases[q]) if use_bases else 0
    fc = sum(max(0, free_room(state, q, h)) for h in state.carriers[q]) if use_carriers else 0
    return fb, fc


def _can_scramble(
    state: AirWarState,
    interceptors: list[str],
    card: Card,
    room: tuple[bool, bool, int, int] | None = None,
) -> bool:
    """Whether one more interceptor fits: land-based aircraft need airbase room, carrier-based
    may use either, and the survivors must be able to land (§Fase Intercetto)."""
    if room is None:
        room = (*scramble_hosts(state), *scramble_room(state))
    use_bases, use_carriers, fb, fc = room
    total = len(interceptors) + 1
    if not use_carriers:
        return total <= fb
    if not use_bases:
        return card.carrier_based and total <= fc
    land = sum(1 for c in interceptors if not CARDS[c].carrier_based)
    land += 0 if card.carrier_based else 1
    return land <= fb and total <= fb + fc


def duel_values(state: AirWarState) -> dict[str, Any]:
    """Air-to-Air and Defense of both aircraft in the current duel, after the -1 penalty of an
    exposed card, War and Battle cards (§Fase Combattimento)."""
    r = state.raid
    assert r is not None and r.duel_att and r.duel_def
    p, q = state.active, other(state.active)
    pen = K["exposed_defense_penalty"]
    out: dict[str, Any] = {}
    for me, plane, foe, exposed in (
        (p, r.duel_att, r.duel_def, r.duel_att_exposed),
        (q, r.duel_def, r.duel_att, r.duel_def_exposed),
    ):
        card = CARDS[plane]
        a2a = card.air_to_air + attached_bonus(state, plane, "own_air_to_air")
        a2a += attached_bonus(state, foe, "enemy_air_to_air")
        dfn = card.defense + attached_bonus(state, plane, "own_defense")
        dfn += attached_bonus(state, foe, "enemy_defense")
        evade = False
        for b in r.duel_cards:
            bc = CARDS[b]
            if SIDE_OF[b] == me:
                a2a += bc.param("own_air_to_air")
                dfn += bc.param("own_defense")
                evade = evade or bc.effect == "evade"
            else:
                a2a += bc.param("enemy_air_to_air")
                dfn += bc.param("enemy_defense")
        if me == q:
            a2a += war_total(state, q, "interceptor_air_to_air")
        if exposed:
            dfn -= pen
        key = "att" if me == p else "def"
        out[key] = {"card": plane, "air_to_air": a2a, "defense": dfn, "evade": evade}
    att, dfn_ = out["att"], out["def"]
    # An aircraft with no Air-to-Air attack (0 or less) destroys nothing (decision, see docs).
    out["att_destroyed"] = (
        dfn_["air_to_air"] > 0 and dfn_["air_to_air"] >= att["defense"] and not att["evade"]
    )
    out["def_destroyed"] = (
        att["air_to_air"] > 0 and att["air_to_air"] >= dfn_["defense"] and not dfn_["evade"]
    )
    return out


# --------------------------------------------------------------------------------------------
# Set-up (§Il Gioco)


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
    _start_turn(s)
    return s


# --------------------------------------------------------------------------------------------
# Protocol queries


def current_player(state: AirWarState) -> int | None:
    """Who decides now: the defender acts during the attacker's turn (intercepts, duels,
    Battle windows, losses)."""
    step = state.step
    if step == "over":
        return None
    if step in ("mobilise", "target", "launch", "allot"):
        return state.active
    if step == "battle":
        return state.raid.window_to_act  # type: ignore[union-attr]
    if step == "combat" and state.raid is not None and state.raid.mode == "att_response":
        return state.active
    return other(state.active)


def is_over(state: AirWarState) -> bool:
    return state.step == "over"


def winners(state: AirWarState) -> list[int]:
    """The winner (§Carta Industria: whoever brings the other's Industry to 0)."""
    return [] if state.winner is None else [state.winner]


def _hand_aircraft(state: AirWarState, player: int) -> list[str]:
    return [c for c in state.hand[player] if CARDS[c].kind == "aircraft"]


def _next_allot(state: AirWarState) -> str:
    r = state.raid
    assert r is not None
    for c in sorted(r.exposed_att):
        if c not in r.allot and strike_value(state, c, "convoy_attack") > 0:
            return c
    return ""


def _convoy_candidates(state: AirWarState, player: int) -> list[str]:
    """Cards a player may discard when the Convoy is sunk (§Carta Convoglio)."""
    out = sorted(state.hand[player]) + state.bases[player] + state.carriers[player]
    for host in state.bases[player] + state.carriers[player]:
        out += state.grounded[player][host]
    return out


def legal_actions(state: AirWarState) -> list[Any]:
    """Every action the current player may take (empty when the game is over)."""
    s, step = state, state.step
    p = s.active
    q = other(p)
    r = s.raid
    if step == "over":
        return []
    if step == "mobilise":
        out: list[Any] = []
        for c in s.hand[p]:
            kind = CARDS[c].kind
            if kind in ("airbase", "carrier"):
                out.append(Mobilise(c))
            elif kind == "war":
                out.extend(Mobilise(c, b) for b in s.bases[p])
        out.append(EndMobilisation())
        return out
    assert r is not None or step == "target"
    if step == "target":
        out = [PassStage()]
        if attack_capacity(s, p, s.stage) > 0 and any(
            can_fly(CARDS[c], s.stage) for c in s.hand[p]
        ):
            out.append(Attack(RESOURCES))
            out.extend(Attack(b) for b in s.bases[q])
            out.extend(Attack(c) for c in s.carriers[q])
        return out
    assert r is not None
    if step == "launch":
        out = []
        if len(r.mission) < attack_capacity(s, p, s.stage):
            out = [AddToMission(c) for c in s.hand[p] if can_fly(CARDS[c], s.stage)]
        if r.mission:
            out.append(SendMission())
        return out
    if step == "scramble":
        room = (*scramble_hosts(s), *scramble_room(s))
        out = [
            AddInterceptor(c)
            for c in _hand_aircraft(s, q)
            if CARDS[c].air_to_air >= K["min_interceptor_air_to_air"]
            and _can_scramble(s, r.intercept, CARDS[c], room)
        ]
        out.append(ScrambleDone())
        return out
    if step == "combat":
        if r.mode == "att_response":
            return [Strike(c, r.just) for c in sorted(r.mission)] + [Disengage()]
        out = [Intercept(i, pos) for i in r.intercept for pos in range(len(r.mission))]
        targets = [r.just] if r.mode == "def_response" else r.exposed_att
        out.extend(Strike(i, t) for i in r.intercept for t in targets if t in r.exposed_att)
        out.append(Disengage())
        return out
    if step == "battle":
        who = r.window_to_act
        out = [PlayBattle(c) for c in s.hand[who] if CARDS[c].kind == "battle"]
        out.append(PassBattle())
        return out
    if step == "allot":
        c = _next_allot(s)
        return [Allot(c, "industry"), Allot(c, "convoy")]
    if step == "sacrifice":
        return [Sacrifice(c) for c in r.sacrifice_pool]
    if step == "convoy":
        return [ConvoyDiscard(c) for c in _convoy_candidates(s, q)]
    raise AssertionError(f"unknown step {step!r}")


# --------------------------------------------------------------------------------------------
# Why an action is illegal (called only when it is not among the legal actions)

_STEP_RULE = {
    "mobilise": (S_MOB, "the Mobilisation stage"),
    "target": (S_ATTACK, "the Attack phase (choose a target or pass)"),
    "launch": (S_ATTACK, "the Attack phase (build the mission)"),
    "scramble": (S_INTERCEPT, "the Intercept phase"),
    "combat": (S_COMBAT, "the Combat phase"),
    "battle": (S_COMBAT, "a Battle-card window of the Combat phase"),
    "allot": (S_DAMAGE, "the damage allocation"),
    "sacrifice": (S_BASES, "the loss of a destroyed base or carrier"),
    "convoy": (S_CONVOY, "the convoy losses"),
}
_STEP_TYPES: dict[str, tuple[type, ...]] = {
    "mobilise": (Mobilise, EndMobilisation),
    "target": (Attack, PassStage),
    "launch": (AddToMission, SendMission),
    "scramble": (AddInterceptor, ScrambleDone),
    "combat": (Intercept, Strike, Disengage),
    "battle": (PlayBattle, PassBattle),
    "allot": (Allot,),
    "sacrifice": (Sacrifice,),
    "convoy": (ConvoyDiscard,),
}


def _reason(s: AirWarState, a: Any) -> IllegalAction:
    step = s.step
    if step == "over":
        return IllegalAction(S_INDUSTRY, "the game is over: an Industry card is at 0")
    rule, where = _STEP_RULE[step]
    if not isinstance(a, _STEP_TYPES[step]):
        if isinstance(a, Mobilise):
            return IllegalAction(
                S_MOB,
                "airbases, carriers and War cards may be mobilised only in the Mobilisation stage",
            )
        return IllegalAction(rule, f"'{a}' is not a decision of {where}")
    p = s.active
    q = other(p)
    r = s.raid
    who = current_player(s)
    assert who is not None
    hand = s.hand[who]
    card = CARDS.get(getattr(a, "card", ""))
    if isinstance(a, Mobilise):
        if a.card not in hand:
            return IllegalAction(S_MOB, f"{a.card!r} is not in your hand")
        if card is None or card.kind not in ("airbase", "carrier", "war"):
            return IllegalAction(
                S_MOB, "only airbases, carriers and War cards are mobilised; aircraft fly"
            )
        if card.kind == "war":
            return IllegalAction(S_MOB, "a War card is placed on one of your airbases in play")
        return IllegalAction(S_MOB, "an airbase or carrier is not placed on anything")
    if isinstance(a, Attack):
        if attack_capacity(s, p, s.stage) <= 0:
            return IllegalAction(S_ATTACK, "you have no free capacity to launch a mission")
        if not any(can_fly(CARDS[c], s.stage) for c in s.hand[p]):
            rule = S_CARRIER if s.stage == "carrier" else S_ATTACK
            return IllegalAction(rule, "you hold no aircraft able to fly this mission")
        return IllegalAction(
            S_ATTACK, "the target must be the resources or an enemy airbase or carrier in play"
        )
    if isinstance(a, AddToMission):
        if a.card not in s.hand[p] or card is None or card.kind != "aircraft":
            return IllegalAction(S_ATTACK, "the mission is made only of aircraft from your hand")
        if not can_fly(card, s.stage):
            return IllegalAction(S_CARRIER, "only carrier-based aircraft fly from carriers")
        return IllegalAction(
            S_ATTACK, "the mission may not exceed the total capacity of your hosts"
        )
    if isinstance(a, SendMission):
        return IllegalAction(S_ATTACK, "a mission needs at least one aircraft (or pass)")
    if isinstance(a, AddInterceptor):
        if card is not None and any(a.card in v for v in s.grounded[q].values()):
            return IllegalAction(
                S_INTERCEPT, "aircraft on the ground after their own mission cannot intercept"
            )
        if a.card not in s.hand[q] or card is None or card.kind != "aircraft":
            return IllegalAction(S_INTERCEPT, "interceptors are aircraft from your hand")
        if card.air_to_air < K["min_interceptor_air_to_air"]:
            return IllegalAction(S_INTERCEPT, "an interceptor needs Air-to-Air of at least 1")
        if s.stage == "carrier" and not card.carrier_based and not scramble_hosts(s)[0]:
            return IllegalAction(
                S_CARRIER, "land-based fighters defend only an airbase in the Carrier stage"
            )
        return IllegalAction(
            S_INTERCEPT, "no free capacity left (capacity minus aircraft already grounded)"
        )
    assert r is not None
    if isinstance(a, Intercept):
        if r.mode == "att_response":
            return IllegalAction(S_COMBAT, "the attacker answers this duel, not the defender")
        if a.interceptor not in r.intercept:
            return IllegalAction(S_INTERCEPT, "the interceptor must come from your intercept hand")
        return IllegalAction(S_INTERCEPT, "pick the position of a face-down mission card")
    if isinstance(a, Strike):
        if (r.mode == "def_response" or r.mode == "att_response") and a.target != r.just:
            return IllegalAction(
                S_COMBAT, "the loser of a duel may strike only the card just exposed"
            )
        if r.mode == "att_response" and a.card not in r.mission:
            return IllegalAction(S_COMBAT, "the attacker answers with a new card of the mission")
        if r.mode != "att_response" and a.card not in r.intercept:
            return IllegalAction(S_COMBAT, "the defender strikes with a new interceptor")
        return IllegalAction(S_COMBAT, "only an exposed enemy aircraft can be struck")
    if isinstance(a, PlayBattle):
        return IllegalAction(S_COMBAT, "play a Battle card from your hand")
    if isinstance(a, Allot):
        if a.to not in ("industry", "convoy"):
            return IllegalAction(S_RESOURCES, "damage goes to the Industry or the Convoy")
        if a.to == "convoy" and card is not None and a.card in r.exposed_att:
            return IllegalAction(S_CONVOY, "only aircraft with a Convoy attack hit the Convoy")
        return IllegalAction(S_DAMAGE, f"allot the damage of {_next_allot(s)} next")
    if isinstance(a, Sacrifice):
        return IllegalAction(S_BASES, "choose one of the aircraft grounded on the lost host")
    if isinstance(a, ConvoyDiscard):
        return IllegalAction(
            S_CONVOY,
            "discard a card from your hand, a mobilised airbase/carrier or a grounded aircraft",
        )
    return IllegalAction(rule, f"'{a}' is not legal now")


def _check_fields(a: Any) -> None:
    for name, value in vars(a).items():
        want = int if name == "position" else str
        if type(value) is not want:
            raise IllegalAction("§actions", f"{type(a).__name__}.{name} must be a {want.__name__}")


# --------------------------------------------------------------------------------------------
# Apply


def apply(state: AirWarState, action: Any) -> AirWarState:
    """Play ``action`` on a copy of ``state`` and run its automatic consequences."""
    CODEC.check(action)
    _check_fields(action)
    if action not in legal_actions(state):
        raise _reason(state, action)
    s = state.copy()
    s.events = []
    _HANDLERS[type(action)](s, action)
    return s


def _ev(s: AirWarState, kind: str, **data: Any) -> None:
    s.events.append({"type": kind, **data})


def _mobilise(s: AirWarState, a: Mobilise) -> None:
    """§Stadio Mobilitazione: the card stays face up in play until destroyed."""
    p = s.active
    s.hand[p].remove(a.card)
    kind = CARDS[a.card].kind
    if kind == "airbase":
        s.bases[p].append(a.card)
        s.grounded[p][a.card] = []
    elif kind == "carrier":
        s.carriers[p].append(a.card)
        s.grounded[p][a.card] = []
    else:
        s.war[p][a.card] = a.base
    _ev(s, "mobilise", side=SIDES[p], card=a.card, base=a.base)


def _end_mobilisation(s: AirWarState, a: EndMobilisation) -> None:
    s.stage = "airbase"
    _begin_stage(s)


def _begin_stage(s: AirWarState) -> None:
    """A stage needs the attacker's own hosts: no airbase, no Airbase stage; no carrier, no
    Carrier stage (§Stadio Base Aerea, §Stadio Portaerei)."""
    s.raid = None
    p = s.active
    hosts = s.bases[p] if s.stage == "airbase" else s.carriers[p]
    if not hosts:
        _ev(s, "stage_skipped", stage=s.stage, reason="no host in play")
        _next_stage(s)
        return
    s.step = "target"
    _ev(s, "stage", stage=s.stage)


def _next_stage(s: AirWarState) -> None:
    if s.stage == "airbase":
        s.stage = "carrier"
        _begin_stage(s)
    else:
        _end_turn(s)


def _end_turn(s: AirWarState) -> None:
    """§Fine del Turno: the opponent's turn begins."""
    s.raid = None
    s.active = other(s.active)
    s.turn += 1
    _start_turn(s)


def _start_turn(s: AirWarState) -> None:
    """§Stadio Mobilitazione: draw 2 (not on the first turn of the game), grounded aircraft
    and attached Battle cards come back to the hand."""
    p = s.active
    s.stage = "mobilisation"
    s.step = "mobilise"
    if s.turn > 1:
        n = K["draw_per_turn"]
        if len(s.deck[p]) < n and s.discard[p]:
            # Silent rulebook: an empty deck is rebuilt from the shuffled discard pile.
            rng = rng_from(s.rng)
            pile = s.discard[p][:]
            rng.shuffle(pile)
            s.rng = rng.getstate()
            s.deck[p].extend(pile)
            s.discard[p].clear()
            _ev(s, "reshuffle", side=SIDES[p], count=len(pile))
        n = min(n, len(s.deck[p]))
        s.hand[p].extend(s.deck[p][:n])
        del s.deck[p][:n]
        _ev(s, "draw", side=SIDES[p], count=n)
    back = 0
    # Lists, not dict order, fix the order of the hand (a save sorts dict keys).
    for host in s.bases[p] + s.carriers[p]:
        planes = s.grounded[p][host]
        back += len(planes)
        s.hand[p].extend(planes)
        planes.clear()
    back += len(s.attached[p])
    s.hand[p].extend(sorted(s.attached[p]))
    s.attached[p].clear()
    _ev(s, "turn", turn=s.turn, side=SIDES[p], returned=back)


def _attack(s: AirWarState, a: Attack) -> None:
    """§Fase Attacco: announce the target."""
    s.raid = Raid(target=a.target)
    s.step = "launch"
    _ev(s, "attack", side=SIDES[s.active], stage=s.stage, target=a.target)


def _pass_stage(s: AirWarState, a: PassStage) -> None:
    _ev(s, "pass_stage", side=SIDES[s.active], stage=s.stage)
    _next_stage(s)


def _add_to_mission(s: AirWarState, a: AddToMission) -> None:
    s.hand[s.active].remove(a.card)
    s.raid.mission.append(a.card)  # type: ignore[union-attr]


def _send_mission(s: AirWarState, a: SendMission) -> None:
    """§Fase Attacco: the mission flies face down; its order is fixed by the game's RNG, so
    the defender's blind pick is pure chance (decision, see docs)."""
    r = s.raid
    assert r is not None
    rng = rng_from(s.rng)
    rng.shuffle(r.mission)
    s.rng = rng.getstate()
    _ev(s, "mission", side=SIDES[s.active], count=len(r.mission), target=r.target)
    fb, fc = scramble_room(s)
    if fb + fc <= 0:
        _ev(s, "no_interception", reason="no free capacity")
        _end_combat(s)
        return
    s.step = "scramble"


def _add_interceptor(s: AirWarState, a: AddInterceptor) -> None:
    s.hand[other(s.active)].remove(a.card)
    s.raid.intercept.append(a.card)  # type: ignore[union-attr]


def _scramble_done(s: AirWarState, a: ScrambleDone) -> None:
    r = s.raid
    assert r is not None
    _ev(s, "scramble", side=SIDES[other(s.active)], count=len(r.intercept))
    if not r.intercept:
        _end_combat(s)
        return
    s.step = "combat"
    r.mode = "choice"
    _combat_next(s)


def _combat_next(s: AirWarState) -> None:
    """§Fase Combattimento: the combat goes on until the defender stops or runs out of
    interceptors; steps where nobody has a choice are taken automatically."""
    r = s.raid
    assert r is not None
    s.step = "combat"
    if r.mode == "att_response" and (not r.mission or r.just not in r.exposed_def):
        r.mode = "choice"
        r.just = ""
    if r.mode == "att_response":
        return
    if not r.intercept:
        _end_combat(s)
        return
    targets = [r.just] if r.mode == "def_response" else r.exposed_att
    if not r.mission and not any(t in r.exposed_att for t in targets):
        _end_combat(s)


def _declare(s: AirWarState, att: str, dfn: str, att_exp: bool, def_exp: bool, by: int) -> None:
    r = s.raid
    assert r is not None
    r.duel_att, r.duel_def = att, dfn
    r.duel_att_exposed, r.duel_def_exposed = att_exp, def_exp
    r.duel_by = by
    r.window_to_act = other(by)
    r.window_passes = 0
    r.duel_cards = []
    s.step = "battle"
    _ev(s, "duel", attacker=att, defender=dfn, attacker_exposed=att_exp, defender_exposed=def_exp)


def _intercept(s: AirWarState, a: Intercept) -> None:
    """§Fase Intercetto: an interceptor face up against a blindly picked mission card."""
    r = s.raid
    assert r is not None
    r.intercept.remove(a.interceptor)
    att = r.mission.pop(a.position)
    _declare(s, att, a.interceptor, False, False, other(s.active))


def _strike(s: AirWarState, a: Strike) -> None:
    """§Fase Combattimento: a new card against an exposed one, which has -1 Defense."""
    r = s.raid
    assert r is not None
    if r.mode == "att_response":
        r.mission.remove(a.card)
        r.exposed_def.remove(a.target)
        _declare(s, a.card, a.target, False, True, s.active)
    else:
        r.intercept.remove(a.card)
        r.exposed_att.remove(a.target)
        _declare(s, a.target, a.card, True, False, other(s.active))


def _disengage(s: AirWarState, a: Disengage) -> None:
    """§Fase Combattimento: the defender's pass ends the combat; the attacker's pass hands
    the choice back to the defender (decision, see docs)."""
    r = s.raid
    assert r is not None
    if r.mode == "att_response":
        _ev(s, "pass", side=SIDES[s.active])
        r.mode = "choice"
        r.just = ""
        _combat_next(s)
    else:
        _ev(s, "pass", side=SIDES[other(s.active)])
        _end_combat(s)


def _play_battle(s: AirWarState, a: PlayBattle) -> None:
    """§Fase Combattimento: a Battle card on the current duel; lasting ones stay attached to
    the player's aircraft and come back to hand at the next Mobilisation."""
    r = s.raid
    assert r is not None
    who = r.window_to_act
    s.hand[who].remove(a.card)
    card = CARDS[a.card]
    own = r.duel_att if who == s.active else r.duel_def
    if card.lasting == "attached":
        s.attached[who][a.card] = own
    else:
        r.duel_cards.append(a.card)
    _ev(s, "battle_card", side=SIDES[who], card=a.card, on=own)
    r.window_passes = 0
    r.window_to_act = other(who)


def _pass_battle(s: AirWarState, a: PassBattle) -> None:
    r = s.raid
    assert r is not None
    r.window_passes += 1
    if r.window_passes >= 2:
        _resolve_duel(s)
    else:
        r.window_to_act = other(r.window_to_act)


def _lose_aircraft(s: AirWarState, plane: str) -> None:
    """A destroyed aircraft is discarded with the Battle cards attached to it."""
    owner = SIDE_OF[plane]
    s.discard[owner].append(plane)
    for battle, on in sorted(s.attached[owner].items()):
        if on == plane:
            del s.attached[owner][battle]
            s.discard[owner].append(battle)


def _to_hand(s: AirWarState, player: int, planes: list[str]) -> None:
    """Aircraft back to the hand before the next Mobilisation (their host was lost): the
    Battle cards attached to them come back with them (decision, see docs)."""
    s.hand[player].extend(planes)
    for battle, on in sorted(s.attached[player].items()):
        if on in planes:
            del s.attached[player][battle]
            s.hand[player].append(battle)


def _resolve_duel(s: AirWarState) -> None:
    """§Fase Combattimento: simultaneous fire; Air-to-Air >= Defense destroys; survivors stay
    face up (exposed); the loser of a one-sided duel answers next."""
    r = s.raid
    assert r is not None
    v = duel_values(s)
    att, dfn = r.duel_att, r.duel_def
    for b in r.duel_cards:
        s.discard[SIDE_OF[b]].append(b)
    r.duel_cards = []
    r.duel_att = r.duel_def = ""
    r.window_to_act = -1
    r.window_passes = 0
    if v["att_destroyed"]:
        _lose_aircraft(s, att)
    else:
        r.exposed_att.append(att)
    if v["def_destroyed"]:
        _lose_aircraft(s, dfn)
    else:
        r.exposed_def.append(dfn)
    _ev(
        s,
        "duel_result",
        attacker=att,
        defender=dfn,
        attacker_values=[v["att"]["air_to_air"], v["att"]["defense"]],
        defender_values=[v["def"]["air_to_air"], v["def"]["defense"]],
        attacker_destroyed=v["att_destroyed"],
        defender_destroyed=v["def_destroyed"],
    )
    if v["att_destroyed"] and not v["def_destroyed"]:
        r.mode, r.just = "att_response", dfn
    elif v["def_destroyed"] and not v["att_destroyed"]:
        r.mode, r.just = "def_response", att
    else:
        r.mode, r.just = "choice", ""
    _combat_next(s)


def _end_combat(s: AirWarState) -> None:
    """§Fase di Assegnazione dei Danni: the rest of the mission is revealed and, with the
    exposed survivors, reaches the target."""
    r = s.raid
    assert r is not None
    r.exposed_att.extend(sorted(r.mission))
    r.mission = []
    r.mode = "choice"
    r.just = ""
    _ev(s, "arrived", cards=sorted(r.exposed_att), target=r.target)
    if r.target == RESOURCES and _next_allot(s):
        s.step = "allot"
        return
    _resolve_damage(s)


def _allot(s: AirWarState, a: Allot) -> None:
    r = s.raid
    assert r is not None
    r.allot[a.card] = a.to
    if not _next_allot(s):
        _resolve_damage(s)


def _game_over(s: AirWarState, winner: int) -> None:
    """§Carta Industria: an Industry at 0 ends the war."""
    s.winner = winner
    s.stage = "over"
    s.step = "over"
    _ev(s, "game_over", winner=SIDES[winner])


def _resolve_damage(s: AirWarState) -> None:
    """§Fase di Assegnazione dei Danni, §Carta Industria, §Carta Convoglio, §Basi Aeree,
    §Portaerei."""
    r = s.raid
    assert r is not None
    p, q = s.active, other(s.active)
    arrived = r.exposed_att
    if r.target == RESOURCES:
        ind = sum(strike_value(s, c, "bombing") for c in arrived if r.allot.get(c) != "convoy")
        conv = sum(
            strike_value(s, c, "convoy_attack") for c in arrived if r.allot.get(c) == "convoy"
        )
        ind = max(0, ind - war_total(s, q, "industry_shield")) if ind else 0
        conv = max(0, conv - war_total(s, q, "convoy_shield")) if conv else 0
        s.industry[q] = max(0, s.industry[q] - ind)
        lost = conv - min(conv, s.convoy[q])
        s.convoy[q] = max(0, s.convoy[q] - conv)
        _ev(s, "damage", target=RESOURCES, industry=ind, convoy=conv, convoy_wasted=lost)
        if s.industry[q] <= 0:
            _game_over(s, p)
            return
        if s.convoy[q] <= 0:
            s.convoy[q] = K["convoy"]
            s.industry[q] = max(0, s.industry[q] - K["convoy_zero_industry_loss"])
            _ev(s, "convoy_sunk", side=SIDES[q], industry_loss=K["convoy_zero_industry_loss"])
            if s.industry[q] <= 0:
                _game_over(s, p)
                return
            r.convoy_discards = K["convoy_zero_discards"]
    else:
        is_base = r.target in s.bases[q]
        if is_base:
            dmg = sum(strike_value(s, c, "bombing") for c in arrived)
        else:
            mult = K["carrier_stage_carrier_attack_multiplier"] if s.stage == "carrier" else 1
            dmg = sum(strike_value(s, c, "carrier_attack") * mult for c in arrived)
        need = host_defense(s, q, r.target)
        destroyed = dmg >= need
        _ev(s, "damage", target=r.target, damage=dmg, defense=need, destroyed=destroyed)
        if destroyed:
            _destroy_host(s, q, r.target)
    _after_damage(s)


def _remove_host(s: AirWarState, player: int, host: str) -> list[str]:
    """Take a base/carrier out of play with its War cards; returns its grounded aircraft."""
    if host in s.bases[player]:
        s.bases[player].remove(host)
    else:
        s.carriers[player].remove(host)
    for war, base in sorted(s.war[player].items()):
        if base == host:
            del s.war[player][war]
            s.discard[player].append(war)
    s.discard[player].append(host)
    return s.grounded[player].pop(host)


def _destroy_host(s: AirWarState, player: int, host: str) -> None:
    """§Basi Aeree / §Portaerei: destroyed in one attack; its War cards are discarded; of the
    aircraft on it the owner discards one of their choice and takes the rest back."""
    planes = _remove_host(s, player, host)
    if len(planes) == 1:
        _lose_aircraft(s, planes[0])
        _ev(s, "aircraft_lost", card=planes[0], returned=0)
    elif planes:
        s.raid.sacrifice_pool = planes  # type: ignore[union-attr]


def _sacrifice(s: AirWarState, a: Sacrifice) -> None:
    r = s.raid
    assert r is not None
    q = other(s.active)
    r.sacrifice_pool.remove(a.card)
    _lose_aircraft(s, a.card)
    _to_hand(s, q, r.sacrifice_pool)
    _ev(s, "aircraft_lost", card=a.card, returned=len(r.sacrifice_pool))
    r.sacrifice_pool = []
    _after_damage(s)


def _discard_for_convoy(s: AirWarState, player: int, card: str) -> None:
    """§Carta Convoglio: a hand card, a mobilised base/carrier (its War cards go too, its
    aircraft return to the hand) or a grounded aircraft."""
    if card in s.hand[player]:
        s.hand[player].remove(card)
        s.discard[player].append(card)
    elif card in s.bases[player] or card in s.carriers[player]:
        _to_hand(s, player, _remove_host(s, player, card))
    else:
        for planes in s.grounded[player].values():
            if card in planes:
                planes.remove(card)
                break
        _lose_aircraft(s, card)


def _convoy_discard(s: AirWarState, a: ConvoyDiscard) -> None:
    r = s.raid
    assert r is not None
    _discard_for_convoy(s, other(s.active), a.card)
    r.convoy_discards -= 1
    _ev(s, "convoy_discard", card=a.card)
    _after_damage(s)


def _after_damage(s: AirWarState) -> None:
    r = s.raid
    assert r is not None
    q = other(s.active)
    if r.sacrifice_pool:
        s.step = "sacrifice"
        return
    if r.convoy_discards > 0:
        cands = _convoy_candidates(s, q)
        if len(cands) <= r.convoy_discards:
            for c in cands:
                _discard_for_convoy(s, q, c)
            _ev(s, "convoy_discard_forced", count=len(cands))
            r.convoy_discards = 0
        else:
            s.step = "convoy"
            return
    _land(s)
    _next_stage(s)


def _place(s: AirWarState, player: int, planes: list[str], hosts: list[str]) -> list[str]:
    """Land ``planes`` on ``hosts`` in order, filling each; returns those left without room."""
    left = []
    for plane in planes:
        for h in hosts:
            if free_room(s, player, h) > 0:
                s.grounded[player][h].append(plane)
                break
        else:
            left.append(plane)
    return left


def _land(s: AirWarState) -> None:
    """§Fase di Assegnazione dei Danni: everyone lands, on airbases after the Airbase stage,
    on carriers after the Carrier stage; interceptors that used the other kind of host land
    there; aircraft with nowhere to land go back to the hand (§Basi Aeree, §Portaerei)."""
    r = s.raid
    assert r is not None
    p, q = s.active, other(s.active)
    home = s.bases if s.stage == "airbase" else s.carriers
    left = _place(s, p, r.exposed_att, home[p])
    _to_hand(s, p, left)
    use_bases, use_carriers = scramble_hosts(s)
    planes = r.exposed_def + r.intercept
    land_based = [c for c in planes if not CARDS[c].carrier_based]
    carrier_based = [c for c in planes if CARDS[c].carrier_based]
    bases = s.bases[q] if use_bases else []
    carriers = s.carriers[q] if use_carriers else []
    ordered = carriers + bases if s.stage == "carrier" else bases + carriers
    left_q = _place(s, q, land_based, bases) + _place(s, q, carrier_based, ordered)
    _to_hand(s, q, left_q)
    _ev(s, "landed", attacker_returned=len(left), defender_returned=len(left_q))
    r.exposed_att, r.exposed_def, r.intercept = [], [], []
    s.raid = None


_HANDLERS: dict[type, Any] = {
    Mobilise: _mobilise,
    EndMobilisation: _end_mobilisation,
    Attack: _attack,
    PassStage: _pass_stage,
    AddToMission: _add_to_mission,
    SendMission: _send_mission,
    AddInterceptor: _add_interceptor,
    ScrambleDone: _scramble_done,
    Intercept: _intercept,
    Strike: _strike,
    Disengage: _disengage,
    PlayBattle: _play_battle,
    PassBattle: _pass_battle,
    Allot: _allot,
    Sacrifice: _sacrifice,
    ConvoyDiscard: _convoy_discard,
}


# --------------------------------------------------------------------------------------------
# Saves and what each player sees

NAME = "airwar"


def to_json(state: AirWarState) -> str:
    return dump_save(NAME, state.to_dict())


def from_json(text: str | bytes) -> AirWarState:
    return guarded_load(NAME, text, _build)


def _build(payload: dict[str, Any]) -> AirWarState:
    state = AirWarState.from_dict(payload)
    if state.step not in STEPS or sorted(state.all_cards()) != sorted(CARDS):
        raise SaveFormatError("the saved game does not hold the 82 AirWar cards exactly once")
    return state


def _host_view(state: AirWarState, player: int, host: str) -> dict[str, Any]:
    return {
        "id": host,
        "name": CARDS[host].name,
        "capacity": host_capacity(state, player, host),
        "defense": host_defense(state, player, host),
        "war": sorted(w for w, b in state.war[player].items() if b == host),
        "grounded": list(state.grounded[player].get(host, [])),
    }


def observation(state: AirWarState, player: int) -> dict[str, Any]:
    """What ``player`` may see, JSON-ready: everything on the table, their own hand, counts
    of the other hand, of the decks and of face-down cards. The order of a face-down mission
    is shown to nobody (the attacker sees its mission sorted)."""
    s = state
    p, q = s.active, other(s.active)
    sides = []
    for i, side in enumerate(SIDES):
        sides.append(
            {
                "side": side,
                "industry": s.industry[i],
                "convoy": s.convoy[i],
                "deck_count": len(s.deck[i]),
                "hand_count": len(s.hand[i]),
                "discard": list(s.discard[i]),
                "airbases": [_host_view(s, i, h) for h in s.bases[i]],
                "carriers": [_host_view(s, i, h) for h in s.carriers[i]],
                "attached": dict(s.attached[i]),
            }
        )
    raid_view: dict[str, Any] | None = None
    r = s.raid
    if r is not None:
        raid_view = {
            "stage": s.stage,
            "attacker": SIDES[p],
            "defender": SIDES[q],
            "target": r.target,
            "mission_count": len(r.mission),
            "mission": sorted(r.mission) if player == p else None,
            "exposed_attackers": list(r.exposed_att),
            "intercept_count": len(r.intercept),
            "intercept": sorted(r.intercept) if player == q else None,
            "exposed_interceptors": list(r.exposed_def),
            "mode": r.mode,
            "just_exposed": r.just,
            "duel": None,
            "allot": dict(r.allot),
            "sacrifice_pool": list(r.sacrifice_pool),
            "convoy_discards": r.convoy_discards,
        }
        if r.duel_att:
            raid_view["duel"] = {
                "attacker": r.duel_att,
                "defender": r.duel_def,
                "attacker_exposed": r.duel_att_exposed,
                "defender_exposed": r.duel_def_exposed,
                "declared_by": SIDES[r.duel_by],
                "battle_to_act": SIDES[r.window_to_act],
                "battle_cards": list(r.duel_cards),
                "values": {k: v for k, v in duel_values(s).items()},
            }
    me = current_player(s)
    return {
        "game": NAME,
        "player": player,
        "side": SIDES[player],
        "turn": s.turn,
        "active": SIDES[p],
        "stage": s.stage,
        "step": s.step,
        "to_act": None if me is None else SIDES[me],
        "winner": None if s.winner is None else SIDES[s.winner],
        "hand": sorted(s.hand[player]),
        "sides": sides,
        "raid": raid_view,
        "events": [dict(e) for e in s.events],
        "legal_actions": [str(a) for a in legal_actions(s)] if me == player else [],
    }
