"""The rules engine of CNW: The Game (rulebook §4–§12) as the protocol of :mod:`gamelib.core`.

``apply`` validates first and raises ``IllegalAction("§x", reason)`` before changing anything,
then works on a shallow copy of the state, copying each list the first time it changes
(``_Tx.mut``), so the caller's state is never touched and a step costs microseconds.

Phases with nothing to decide pass by themselves: the Closure (§5 phase 6) always, an
Operations, Repositioning or Delivery phase in which nothing is possible, a move-in or an
expired-shipment loss with a single possible choice, an OBC decision for a side that has no
token usable this turn. Every other decision is an action.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

import networkx as nx

from gamelib.cnw import battle, cards, objectives, shipments, tables
from gamelib.cnw.actions import (
    ACCEPT_PACT,
    CODEC,
    END_PHASE,
    KEEP_DICE,
    REJECT_PACT,
    AcceptPact,
    Action,
    Attack,
    Deliver,
    Deploy,
    EndPhase,
    KeepDice,
    MoveIn,
    ObcReroll,
    Occupy,
    PlacePawn,
    PlayTris,
    ProposePact,
    RejectPact,
    RemovePawn,
    Reposition,
    counted,
    single,
)
from gamelib.cnw.network import CODES, HUB, INDEX, Geo, geo
from gamelib.cnw.state import (
    BRIEFING,
    DELIVERY,
    DOMINATION,
    ELIM_DEPLOY,
    ELIM_TRIS,
    MOVE_IN,
    NAME,
    NEUTRAL,
    OBJECTIVE,
    OPERATIONS,
    OUT_OF_PLAY,
    OVER,
    PACT_ANSWER,
    PHASES,
    PLACEMENT,
    REINFORCE,
    REPOSITION,
    REPOSITION_COUNT,
    REROLL_ATTACKER,
    REROLL_DEFENDER,
    SLA,
    TEAM,
    UNFINISHED,
    CnwState,
    copy_state,
    from_json,
    to_json,
)
from gamelib.core import IllegalAction, new_rng_state, rng_from

__all__ = [
    "NAME",
    "new_game",
    "legal_actions",
    "apply",
    "current_player",
    "is_over",
    "winners",
    "to_json",
    "from_json",
    "observation",
]

DECK = cards.load()
SHIPS = shipments.load()
OBJECTIVES = objectives.load()
SETUP = tables.setup()
VARIANTS = tables.variants()
DICE_RULES = battle.RULES
N_GATEWAY_CARDS = len(DECK.gateway_cards)
HAND_LIMIT = DECK.hand_limit
ACTIVE_SHIPMENTS = int(SETUP["active_shipments"])
MOVE_IN_MAX = int(SETUP["move_in_max"])
MAX_DEFEND_DICE = DICE_RULES.max_defend_dice
REINF = SETUP["reinforcements"]
DICE_BUFFER = int(SETUP["dice_buffer"])
INTERCONTINENTAL = shipments.INTERCONTINENTAL

_FACES = "".join(str(f) for f in range(1, DICE_RULES.die_faces + 1))  # "123456"
OPTION_KEYS = ("fiera", "team_building", "teams", "realismo_alto", "diplomazia", "turn_cap")


# --------------------------------------------------------------------------------------------
# Options and setup (§4, §12).


def normalise_options(players: int, options: Mapping[str, Any], saved: bool = False) -> dict:
    """Check the variant options of §12 and fill in defaults (teams alternate seats)."""
    unknown = set(options) - set(OPTION_KEYS)
    if unknown:
        raise IllegalAction("§12", f"unknown options {sorted(unknown)}; known: {OPTION_KEYS}")
    out: dict[str, Any] = {}
    for key in ("fiera", "team_building", "realismo_alto", "diplomazia"):
        value = options.get(key, False)
        if not isinstance(value, bool):
            raise IllegalAction("§12", f"option {key} must be True or False, not {value!r}")
        out[key] = value
    cap = options.get("turn_cap")
    if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int) or cap < 1):
        raise IllegalAction("§silent", f"turn_cap must be a positive whole number, not {cap!r}")
    out["turn_cap"] = cap
    teams = options.get("teams")
    if out["team_building"]:
        tb = VARIANTS["team_building"]
        if teams is None:
            teams = [seat % 2 for seat in range(players)]
        teams = list(teams)
        if len(teams) != players or not all(t in (0, 1) and type(t) is int for t in teams):
            raise IllegalAction("§12.2", "teams must give team 0 or 1 to every seat")
        sizes = [teams.count(0), teams.count(1)]
        if not all(tb["team_size_min"] <= size <= tb["team_size_max"] for size in sizes):
            raise IllegalAction("§12.2", f"TEAM BUILDING needs 2 teams of 2-3 players, not {sizes}")
    elif teams is not None:
        raise IllegalAction("§12.2", "teams are only for the TEAM BUILDING variant")
    out["teams"] = teams
    if saved and dict(options) != out:
        raise IllegalAction("§12", "the saved options are not in normal form")
    return out


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
        raise IllegalAction("§4", f"CNW is played by 3 to 6 players, not {n}")
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
    tokens = DICE_RULES.obc_tokens_per_game
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


# --------------------------------------------------------------------------------------------
# Small queries.


def _geo(state: CnwState) -> Geo:
    return geo(state.options["fiera"], state.options["realismo_alto"])


def _friends(state: CnwState, player: int) -> tuple[int, ...]:
    """The player and its teammates (§12.2)."""
    teams = state.options["teams"]
    if teams is None:
        return (player,)
    return tuple(q for q in range(state.players) if teams[q] == teams[player])


def _enemy(state: CnwState, player: int, other: int) -> bool:
    """Whether ``other`` (a seat, or NEUTRAL) is an opponent of ``player`` (§7.1, §12.2)."""
    if other < 0 or other == player:
        return False
    teams = state.options["teams"]
    return teams is None or teams[other] != teams[player]


def _bridges_open(state: CnwState) -> bool:
    return state.bridges_closed < 0


_ZONES: dict[tuple[int, ...], tuple[frozenset[int], frozenset[int], tuple[int, ...]]] = {}


def _zone_of(g: Geo, hubs: tuple[int, ...]) -> tuple[frozenset[int], frozenset[int], tuple]:
    """(hubs, hubs and every gateway linked to one, the same sorted), memoised by hub set."""
    key = (id(g), *hubs)
    zone = _ZONES.get(key)
    if zone is None:
        cells = set(hubs)
        for h in hubs:
            cells.update(g.adj[h])
        zone = _ZONES[key] = (frozenset(hubs), frozenset(cells), tuple(sorted(cells)))
    return zone


def _bridge_zone(state: CnwState, g: Geo, player: int) -> tuple | None:
    """Air bridges of ``player`` (§7.3, §12.2): (the bridged hubs — its own and its teammates' —,
    every gateway one step from them, the same sorted), or None when it has none (closed by an
    Imprevisto, or fewer than 2 hubs)."""
    if state.bridges_closed >= 0:
        return None
    owner = state.owner
    teams = state.options["teams"]
    if teams is None:
        hubs = tuple([h for h in g.hubs if owner[h] == player])
    else:
        hubs = tuple([h for h in g.hubs if owner[h] >= 0 and teams[owner[h]] == teams[player]])
        if all(owner[h] != player for h in hubs):
            return None
    if len(hubs) < 2:
        return None
    return _zone_of(g, hubs)


def _reach(
    state: CnwState, g: Geo, player: int, source: int, bridges: Any = False
) -> set[int] | tuple[int, ...]:
    """Gateways one step from ``source`` for ``player``: its links (§3.3) and, from a hub, the
    air bridges (§7.3): every other hub the player (or a teammate, §12.2) controls, and every
    gateway linked to one of them. ``bridges``: a precomputed :func:`_bridge_zone`."""
    if not HUB[source]:
        return g.adj[source]
    if bridges is False:
        bridges = _bridge_zone(state, g, player)
    if bridges is None or source not in bridges[0]:
        return g.adj[source]
    # the source is one of the bridged hubs, so its own links are already in the zone
    return bridges[1] - {source}


def _component(state: CnwState, g: Geo, player: int, source: int) -> set[int]:
    """Gateways joined to ``source`` by a chain of the player's own gateways: links, plus air
    bridges between two of its own hubs (§5.4, §7.3, §10.1)."""
    owner = state.owner
    adj = g.adj
    bridged = _bridges_open(state)
    own_hubs = [h for h in g.hubs if owner[h] == player] if bridged else []
    if len(own_hubs) < 2:
        own_hubs = []
    seen = {source}
    todo = [source]
    hubs_done = False
    while todo:
        i = todo.pop()
        for j in adj[i]:
            if j not in seen and owner[j] == player:
                seen.add(j)
                todo.append(j)
        if own_hubs and not hubs_done and HUB[i]:
            hubs_done = True
            for h in own_hubs:
                if h not in seen:
                    seen.add(h)
                    todo.append(h)
    return seen


def owned(state: CnwState, player: int) -> list[int]:
    """Indices of the gateways ``player`` controls."""
    return [i for i, o in enumerate(state.owner) if o == player]


def _shipment_sla(state: CnwState, card: shipments.Shipment) -> int:
    """SLA a delivery earns: printed, or §12.3's +4 for long transits over 2+ dashed routes."""
    if state.options["realismo_alto"]:
        ra = VARIANTS["realismo_alto"]
        if card.klass == INTERCONTINENTAL and card.dashed >= ra["long_transit_dashed"]:
            return int(ra["long_transit_sla"])
    return card.sla


def _delivery_targets(state: CnwState, g: Geo, player: int, card: shipments.Shipment) -> set:
    """Where a delivery chain may end (§10.1): the destination if held; under REALISMO ALTO a
    Marine & Cruise load may also end on a held gateway linked to it (§12.3)."""
    d = INDEX[card.destination]
    owner = state.owner
    out = {d} if owner[d] == player else set()
    if (
        state.options["realismo_alto"]
        and card.sector == VARIANTS["realismo_alto"]["on_board_sector"]
    ):
        out.update(j for j in g.adj[d] if owner[j] == player)
    return out


def _can_deliver(state: CnwState, g: Geo, player: int, card_id: int) -> bool:
    card = SHIPS.cards[card_id]
    o = INDEX[card.origin]
    if state.owner[o] != player:
        return False
    targets = _delivery_targets(state, g, player, card)
    if not targets:
        return False
    return not targets.isdisjoint(_component(state, g, player, o))


def _reinforcement_parts(state: CnwState, player: int) -> tuple[int, int, dict[str, int], int]:
    """(gateways, base, region bonuses, hub bonus) of §6 / §13 for the map as it stands."""
    g = _geo(state)
    owner = state.owner
    count = owner.count(player)
    base = max(int(REINF["minimum"]), count // int(REINF["divisor"]))
    regions = {
        rid: bonus for rid, members, bonus in g.regions if all(owner[i] == player for i in members)
    }
    hubs = int(REINF["per_hub"]) * sum(1 for h in g.hubs if owner[h] == player)
    return count, base, regions, hubs


def _sla_target(state: CnwState) -> int:
    if state.options["fiera"]:
        return int(VARIANTS["fiera"]["sla_to_win"])
    return int(SETUP["sla_to_win"])


# --------------------------------------------------------------------------------------------
# Copy-on-write helper.


class _Tx:
    """The new state being built by one ``apply``; ``mut(name)`` copies a list field once."""

    __slots__ = ("s", "copied")

    def __init__(self, state: CnwState) -> None:
        self.s = copy_state(state)
        self.copied: set[str] = set()

    def mut(self, name: str) -> Any:
        value = getattr(self.s, name)
        if name not in self.copied:
            value = value.copy()
            setattr(self.s, name, value)
            self.copied.add(name)
        return value

    def dice(self, k: int) -> list[int]:
        """``k`` die faces from the pre-drawn buffer, refilled from the game's generator."""
        s = self.s
        pos = s.dice_pos
        if pos + k > len(s.dice):
            rng = rng_from(s.rng)
            s.dice = s.dice[pos:] + "".join(rng.choices(_FACES, k=DICE_BUFFER))
            s.rng = rng.getstate()
            pos = 0
        s.dice_pos = pos + k
        return [int(ch) for ch in s.dice[pos : pos + k]]


# --------------------------------------------------------------------------------------------
# The protocol.


def current_player(state: CnwState) -> int | None:
    """Who decides now: the defender during its OBC decision (§8.1), the partner asked for a pact
    (§12.4), otherwise the player whose turn (or placement) it is; None once the game is over."""
    phase = state.phase
    if phase == OVER:
        return None
    if phase == REROLL_DEFENDER:
        return state.roll["defender"]
    if phase == PACT_ANSWER:
        return state.offer[1]
    return state.current


def is_over(state: CnwState) -> bool:
    return state.phase == OVER


def winners(state: CnwState) -> list[int]:
    """The winning seat, or the winning team (§12.2); empty while playing or when unfinished."""
    return list(state.winners)


# The Operations list of the last state asked about: (state, actions). States never change, so
# the list stays right for that object; apply derives the next list from it after a roll that
# conquered nothing (only two pawn counts changed), which is most of a random game's steps.
_MEMO: list[Any] = [None, None]


def legal_actions(state: CnwState) -> list[Action]:
    """Every action the player who decides now may take (empty once the game is over)."""
    phase = state.phase
    p = state.current
    owner = state.owner
    pawns = state.pawns
    if phase == OPERATIONS:
        if _MEMO[0] is state:
            return list(_MEMO[1])
        out = _attack_actions(state, p)
        out.extend(_occupy_actions(state, p))
        out.extend(_pact_actions(state, p))
        out.append(END_PHASE)
        _MEMO[0] = state
        _MEMO[1] = out
        return list(out)
    if phase in (REINFORCE, ELIM_DEPLOY):
        out = []
        hand = state.hands[p]
        if phase == REINFORCE and state.turn_tris == 0 and len(hand) >= 3:
            out.extend(_tris_actions(hand))
            if len(hand) >= HAND_LIMIT:
                return out  # §9.1: with 5 or more cards the tris comes first
        pool = state.pool
        for i, o in enumerate(owner):
            if o == p:
                row = _DEPLOYS[i]
                if len(row) < pool:
                    _deploys(i, pool)
                out += row[:pool]
        return out
    if phase in (REROLL_ATTACKER, REROLL_DEFENDER):
        dice = state.roll["attack" if phase == REROLL_ATTACKER else "defend"]
        return [single(ObcReroll, f) for f in sorted(set(dice))] + [KEEP_DICE]
    if phase in (MOVE_IN, REPOSITION_COUNT):
        _, _, least, most, _ = state.move_in
        return counted(MoveIn, (), most)[least - 1 :]
    if phase == PLACEMENT:
        return [single(PlacePawn, CODES[i]) for i, o in enumerate(owner) if o == p]
    if phase == REPOSITION:
        out = _reposition_actions(state, p)
        out.append(END_PHASE)
        return out
    if phase == DELIVERY:
        g = _geo(state)
        out = [single(Deliver, c) for c, _ in state.shipments[p] if _can_deliver(state, g, p, c)]
        out.append(END_PHASE)
        return out
    if phase == BRIEFING:
        return [
            single(RemovePawn, CODES[i]) for i, o in enumerate(owner) if o == p and pawns[i] >= 2
        ]
    if phase == ELIM_TRIS:
        return _tris_actions(state.hands[p])
    if phase == PACT_ANSWER:
        return [ACCEPT_PACT, REJECT_PACT]
    return []


def _tris_actions(hand: list[int]) -> list[PlayTris]:
    return [single(PlayTris, tuple(CODES[c] for c in t)) for t in DECK.tris_options(hand)]


# Shared Attack instances: _ATTACKS[source][target][dice - 1] (legal_actions only slices lists).
_ATTACKS = [
    [[Attack(a, b, d) for d in range(1, DICE_RULES.max_attack_dice + 1)] for b in CODES]
    for a in CODES
]
_DEPLOYS: list[list[Deploy]] = [[] for _ in CODES]


def _deploys(i: int, upto: int) -> list[Deploy]:
    row = _DEPLOYS[i]
    while len(row) < upto:
        row.append(Deploy(CODES[i], len(row) + 1))
    return row[:upto]


def _attack_actions(state: CnwState, p: int, first_only: bool = False) -> list[Attack]:
    """Every Attack of §7.1–§7.3 (or just the first found, to test whether there is one)."""
    g = _geo(state)
    owner = state.owner
    pawns = state.pawns
    teams = state.options["teams"]
    max_dice = DICE_RULES.max_attack_dice
    out: list[Attack] = []
    bridges = _bridge_zone(state, g, p)
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
        reach = zone if zone is not None and HUB[i] else adj[i]
        if teams is None:
            for j in reach:
                q = owner[j]
                if q >= 0 and q != p:
                    if first_only:
                        return [row[j][0]]
                    out += row[j][:most]
        else:
            for j in reach:
                q = owner[j]
                if q >= 0 and teams[q] != teams[p]:
                    if first_only:
                        return [row[j][0]]
                    out += row[j][:most]
    return out


def _occupy_actions(state: CnwState, p: int) -> list[Occupy]:
    owner = state.owner
    if NEUTRAL not in owner:
        return []
    g = _geo(state)
    pawns = state.pawns
    bridges = _bridge_zone(state, g, p)
    out: list[Occupy] = []
    for i, o in enumerate(owner):
        if o == p and pawns[i] >= 2:
            for j in sorted(_reach(state, g, p, i, bridges)):
                if owner[j] == NEUTRAL:
                    out.extend(counted(Occupy, (CODES[i], CODES[j]), pawns[i] - 1))
    return out


def _pact_actions(state: CnwState, p: int) -> list[ProposePact]:
    if not state.options["diplomazia"]:
        return []
    return [single(ProposePact, q) for q in _pact_partners(state, p)]


def _pact_partners(state: CnwState, p: int) -> list[int]:
    bound = {x for a, b, _ in state.pacts if p in (a, b) for x in (a, b)}
    return [
        q
        for q in range(state.players)
        if state.alive[q] and _enemy(state, p, q) and q not in bound and q not in state.offered
    ]


# Shared Reposition instances: _MOVES[source][target].
_MOVES = [[Reposition(a, b) for b in CODES] for a in CODES]


def _can_reposition(state: CnwState, p: int) -> bool:
    """Whether any repositioning move exists: a gateway with a spare pawn next to another of
    yours, or a hub with one to spare while you hold another hub (bridge open)."""
    g = _geo(state)
    owner = state.owner
    pawns = state.pawns
    hubs = sum(1 for h in g.hubs if owner[h] == p) if state.bridges_closed < 0 else 0
    for i in g.playable:
        if owner[i] == p and pawns[i] >= 2:
            if hubs >= 2 and HUB[i]:
                return True
            for j in g.adj[i]:
                if owner[j] == p:
                    return True
    return False


def _reposition_actions(state: CnwState, p: int) -> list[Reposition]:
    g = _geo(state)
    owner = state.owner
    pawns = state.pawns
    out: list[Reposition] = []
    components: dict[int, list[int]] = {}
    for i, o in enumerate(owner):
        if o != p or pawns[i] < 2:
            continue
        comp = components.get(i)
        if comp is None:
            comp = sorted(_component(state, g, p, i))
            for j in comp:
                components[j] = comp
        if len(comp) < 2:
            continue
        rows = _MOVES[i]
        out += [rows[j] for j in comp if j != i]
    return out


# --------------------------------------------------------------------------------------------
# apply.


def _gateway(value: Any, rule: str = "§3.2") -> int:
    i = INDEX.get(value) if isinstance(value, str) else None
    if i is None:
        raise IllegalAction(rule, f"{value!r} is not a gateway of the board")
    return i


def _count(value: Any, rule: str, what: str = "count") -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(rule, f"{what} must be a whole number, not {value!r}")
    return value


def apply(state: CnwState, action: Action) -> CnwState:
    """The state after ``action`` (the input is never changed). ``IllegalAction`` names the
    section of the rulebook the action breaks, and nothing changes."""
    handler = _HANDLERS.get(type(action))
    if handler is None:
        CODEC.check(action)  # raises: not an action of this game
    if state.phase == OVER:
        raise IllegalAction("§11", "the game is over")
    t = _Tx(state)
    handler(t, action)
    s = t.s
    s.actions = state.actions + 1
    if handler is _attack and _MEMO[0] is state and s.phase == OPERATIONS:
        _derive_operations(state, s, action)
    return s


def _derive_operations(parent: CnwState, child: CnwState, action: Attack) -> None:
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


def _need_phase(state: CnwState, phases: Iterable[str], rule: str, what: str) -> None:
    if state.phase not in phases:
        raise IllegalAction(rule, f"{what} is not possible now (phase: {state.phase})")


# -- §4 setup ---------------------------------------------------------------------------------


def _place_pawn(t: _Tx, a: PlacePawn) -> None:
    s = t.s
    _need_phase(s, (PLACEMENT,), "§4", "placing a starting pawn")
    i = _gateway(a.gateway, "§4")
    p = s.current
    if s.owner[i] != p:
        raise IllegalAction("§4", f"{a.gateway} is not yours: starting pawns go on your gateways")
    t.mut("pawns")[i] += 1
    reserve = t.mut("reserve")
    reserve[p] -= 1
    n = s.players
    for k in range(1, n + 1):
        q = (p + k) % n
        if reserve[q] > 0:
            s.current = q
            return
    _start_turn(t, s.first, new_round=True)  # §4: the opener's BRIEFING of turn 1


# -- turn structure §5 ------------------------------------------------------------------------


def _next_player(s: CnwState, p: int) -> int:
    n = s.players
    for k in range(1, n + 1):
        q = (p + k) % n
        if s.alive[q]:
            return q
    return p


def _start_turn(t: _Tx, p: int, new_round: bool) -> None:
    """Begin ``p``'s turn: round count and turn cap, per-turn flags, then BRIEFING (§5 phase 1)."""
    s = t.s
    if new_round:
        cap = s.options["turn_cap"]
        if cap is not None and s.round + 1 > cap:
            s.phase = OVER
            s.victory = UNFINISHED
            s.winners = []
            return
        s.round += 1
    s.turn += 1
    s.current = p
    s.conquered = False
    s.turn_tris = 0
    s.turn_bonus = 0
    s.offered = []
    s.roll = None
    s.move_in = None
    if s.bridges_closed == p:
        s.bridges_closed = -1  # §9.2: the ATC strike lasts until its drawer's next turn
    if any(x[2] == p for x in s.pacts):
        s.pacts = [x for x in s.pacts if x[2] != p]  # §12.4: a pact binds for one round
    _briefing(t, p)


def _draw_shipment(t: _Tx) -> int | None:
    s = t.s
    deck = t.mut("ship_deck")
    if not deck:
        if not s.ship_discard:
            return None
        rng = rng_from(s.rng)
        deck.extend(s.ship_discard)
        rng.shuffle(deck)
        s.rng = rng.getstate()
        s.ship_discard = []
        t.copied.add("ship_discard")
    return deck.pop()


def _briefing(t: _Tx, p: int) -> None:
    """§5 phase 1, §10.2: deadlines −1; delivered shipments replaced; expired ones fail
    (−1 SLA, not below 0; a pawn lost; a new card drawn)."""
    s = t.s
    row = [[c, d - 1] for c, d in s.shipments[p]]
    keep = [x for x in row if x[1] > 0]
    expired = [x[0] for x in row if x[1] <= 0]
    if expired:
        t.mut("ship_discard").extend(expired)
        sla = t.mut("sla")
        sla[p] = max(0, sla[p] - int(SETUP["expired_shipment_sla"]) * len(expired))
    while len(keep) < ACTIVE_SHIPMENTS:
        card = _draw_shipment(t)
        if card is None:
            break
        keep.append([card, SHIPS.cards[card].deadline])
    t.mut("shipments")[p] = keep
    s.expiring = int(SETUP["expired_shipment_pawns"]) * len(expired)
    _continue_briefing(t)


def _continue_briefing(t: _Tx) -> None:
    """Settle the pawns owed for expired shipments: a choice when there is one (§10.2)."""
    s = t.s
    p = s.current
    while s.expiring > 0:
        options = [i for i, o in enumerate(s.owner) if o == p and s.pawns[i] >= 2]
        if not options:
            s.expiring = 0  # every gateway is down to its last pawn: nothing can go
            break
        if len(options) > 1:
            s.phase = BRIEFING
            return
        t.mut("pawns")[options[0]] -= 1
        s.expiring -= 1
    _start_reinforcements(t)


def _remove_pawn(t: _Tx, a: RemovePawn) -> None:
    s = t.s
    _need_phase(s, (BRIEFING,), "§10.2", "removing a pawn for an expired shipment")
    i = _gateway(a.gateway, "§10.2")
    if s.owner[i] != s.current:
        raise IllegalAction("§10.2", f"{a.gateway} is not yours")
    if s.pawns[i] < 2:
        raise IllegalAction("§10.2", f"{a.gateway} has only its last pawn, which cannot go")
    t.mut("pawns")[i] -= 1
    s.expiring -= 1
    _continue_briefing(t)


def _start_reinforcements(t: _Tx) -> None:
    """§6: max(3, gateways ÷ 3) + complete regions + 1 per hub + delivery bonus; tris later."""
    s = t.s
    p = s.current
    _, base, regions, hubs = _reinforcement_parts(s, p)
    bonus = s.bonus[p]
    if bonus:
        t.mut("bonus")[p] = 0
    s.turn_bonus = bonus
    s.pool = base + sum(regions.values()) + hubs + bonus
    s.phase = REINFORCE


def _play_tris(t: _Tx, a: PlayTris) -> None:
    s = t.s
    _need_phase(s, (REINFORCE, ELIM_TRIS), "§9.1", "playing a tris")
    p = s.current
    if s.phase == REINFORCE and s.turn_tris:
        raise IllegalAction("§9.1", "only one tris a turn")
    codes = a.cards
    if not isinstance(codes, tuple) or len(codes) != 3:
        raise IllegalAction("§9.1", "a tris is three Gateway cards")
    ids = [_gateway(c, "§9.1") for c in codes]
    hand = s.hands[p]
    if len(set(ids)) != 3 or any(c not in hand for c in ids):
        raise IllegalAction("§9.1", f"{' '.join(map(str, codes))}: three different cards of yours")
    value = DECK.tris_value(ids)
    if value is None:
        raise IllegalAction("§9.1", "a tris is three of one symbol or one of each symbol")
    hands = t.mut("hands")
    hands[p] = [c for c in hand if c not in ids]
    t.mut("discard").extend(sorted(ids))
    s.pool += value
    if s.phase == REINFORCE:
        s.turn_tris = value
    elif len(hands[p]) < HAND_LIMIT:
        s.phase = ELIM_DEPLOY  # §7.5: the forced tris is deployed at once


def _deploy(t: _Tx, a: Deploy) -> None:
    s = t.s
    _need_phase(s, (REINFORCE, ELIM_DEPLOY), "§6", "deploying reinforcements")
    p = s.current
    i = _gateway(a.gateway, "§6")
    n = _count(a.count, "§6")
    if s.owner[i] != p:
        raise IllegalAction(
            "§6", f"reinforcements go on gateways you control; {a.gateway} is not yours"
        )
    if not 1 <= n <= s.pool:
        raise IllegalAction("§6", f"you have {s.pool} pawns to deploy, not {n}")
    if s.phase == REINFORCE and not s.turn_tris and len(s.hands[p]) >= HAND_LIMIT:
        raise IllegalAction("§9.1", "with 5 or more cards you must play a tris first")
    t.mut("pawns")[i] += n
    s.pool -= n
    k = s.objectives[p]
    if k >= 0 and OBJECTIVES.cards[k].kind == "gateways":
        _victory(t, (p,))  # only "N gateways with M pawns each" can be met by deploying
    if s.pool == 0 and s.phase != OVER:
        _to_operations(t)


def _to_operations(t: _Tx) -> None:
    """§5 phase 3; passes by itself when nothing is possible."""
    s = t.s
    s.phase = OPERATIONS
    p = s.current
    if _attack_actions(s, p, True) or _occupy_actions(s, p) or _pact_actions(s, p):
        return
    _to_reposition(t)


def _to_reposition(t: _Tx) -> None:
    s = t.s
    s.phase = REPOSITION
    if not _can_reposition(s, s.current):
        _to_delivery(t)


def _to_delivery(t: _Tx) -> None:
    s = t.s
    s.phase = DELIVERY
    p = s.current
    g = _geo(s)
    if not any(_can_deliver(s, g, p, c) for c, _ in s.shipments[p]):
        _closure(t)


def _end_phase(t: _Tx, a: EndPhase) -> None:
    s = t.s
    if s.phase == OPERATIONS:
        _to_reposition(t)
    elif s.phase == REPOSITION:
        _to_delivery(t)
    elif s.phase == DELIVERY:
        _closure(t)
    else:
        raise IllegalAction("§5", f"only phases 3, 4 and 5 are optional; now: {s.phase}")


# -- §7, §8 operations ------------------------------------------------------------------------


def _attack(t: _Tx, a: Attack) -> None:
    s = t.s
    if s.phase != OPERATIONS:
        _need_phase(s, (OPERATIONS,), "§7", "attacking")
    p = s.current
    i = INDEX.get(a.source) if a.source.__class__ is str else None
    j = INDEX.get(a.target) if a.target.__class__ is str else None
    if i is None or j is None:
        _gateway(a.source, "§7.1")
        _gateway(a.target, "§7.1")
    dice = a.dice
    if dice.__class__ is not int:
        _count(dice, "§7.2", "dice")
    owner = s.owner
    pawns = s.pawns
    if owner[i] != p:
        raise IllegalAction("§7.1", f"you attack from a gateway of yours; {a.source} is not")
    if pawns[i] < 2:
        raise IllegalAction("§7.1", f"{a.source} needs at least 2 pawns: one always stays")
    q = owner[j]
    if q == NEUTRAL:
        raise IllegalAction("§7.4", f"{a.target} is neutral: occupy it by moving in")
    if q < 0 or q == p or (s.options["teams"] is not None and not _enemy(s, p, q)):
        raise IllegalAction("§7.1", f"{a.target} is not held by an opponent")
    g = _geo(s)
    if j not in g.adj[i] and j not in _reach(s, g, p, i):
        raise IllegalAction("§7.1", f"{a.target} is not linked to {a.source} (§3.3, §7.3)")
    most = pawns[i] - 1
    if most > DICE_RULES.max_attack_dice:
        most = DICE_RULES.max_attack_dice
    if not 1 <= dice <= most:
        raise IllegalAction("§7.2", f"from {a.source} you may roll 1 to {most} dice, not {dice}")
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
    attack = sorted(faces[:dice], reverse=True)
    defend = sorted(faces[dice:], reverse=True)
    s.roll = {
        "source": a.source,
        "target": a.target,
        "attacker": p,
        "defender": q,
        "hub": HUB[j],
        "attack": attack,
        "defend": defend,
        "attack_rolled": attack,
        "defend_rolled": defend,
        "attacker_reroll": None,
        "defender_reroll": None,
    }
    obc, turn, used = s.obc, s.turn, s.obc_turn
    if obc[p] and used[p] != turn:  # §8.1: a token left, none spent this turn
        s.phase = REROLL_ATTACKER
    elif obc[q] and used[q] != turn:
        s.phase = REROLL_DEFENDER
    else:
        _resolve_roll(t, i, j)


def _may_reroll(s: CnwState, player: int) -> bool:
    """§8.1: a token left, and none spent this turn."""
    return s.obc[player] > 0 and s.obc_turn[player] != s.turn


def _next_roll_stage(t: _Tx, stage: str) -> None:
    s = t.s
    roll = s.roll
    if stage == REROLL_ATTACKER and _may_reroll(s, roll["attacker"]):
        s.phase = REROLL_ATTACKER
        return
    if stage != "resolve" and _may_reroll(s, roll["defender"]):
        s.phase = REROLL_DEFENDER
        return
    _resolve_roll(t, INDEX[roll["source"]], INDEX[roll["target"]])


def _obc_reroll(t: _Tx, a: ObcReroll) -> None:
    s = t.s
    _need_phase(s, (REROLL_ATTACKER, REROLL_DEFENDER), "§8.1", "an OBC re-roll")
    face = _count(a.die, "§8.1", "die")
    attacker = s.phase == REROLL_ATTACKER
    key = "attack" if attacker else "defend"
    who = s.roll["attacker" if attacker else "defender"]
    dice = s.roll[key]
    if face not in dice:
        raise IllegalAction("§8.1", f"none of your dice shows {face}")
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
    _next_roll_stage(t, REROLL_DEFENDER if attacker else "resolve")


def _keep_dice(t: _Tx, a: KeepDice) -> None:
    s = t.s
    _need_phase(s, (REROLL_ATTACKER, REROLL_DEFENDER), "§8.1", "keeping the dice")
    s.roll = dict(s.roll)  # the previous state's dict must not change
    _next_roll_stage(t, REROLL_DEFENDER if s.phase == REROLL_ATTACKER else "resolve")


def _resolve_roll(t: _Tx, i: int, j: int) -> None:
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
    last = roll  # a dict made by this apply (see _attack, _obc_reroll, _keep_dice): reused
    last["attacker_losses"] = lost_a
    last["defender_losses"] = lost_d
    last["conquered"] = pawns[j] == 0
    s.last_roll = last
    s.roll = None
    if pawns[j] > 0:
        if pawns[i] >= 2:
            s.phase = OPERATIONS  # the same attack is still possible
        else:
            _to_operations(t)
        return
    victim = s.owner[j]
    t.mut("owner")[j] = p
    s.conquered = True
    most = min(MOVE_IN_MAX, pawns[i] - 1)
    least = min(len(roll["attack"]), most)
    if least == most:
        _do_move_in(t, i, j, least, victim)
    else:
        s.move_in = [i, j, least, most, victim]
        s.phase = MOVE_IN


def _move_in(t: _Tx, a: MoveIn) -> None:
    s = t.s
    _need_phase(s, (MOVE_IN, REPOSITION_COUNT), "§7.2", "moving pawns")
    i, j, least, most, victim = s.move_in
    if s.phase == REPOSITION_COUNT:
        n = _count(a.count, "§5.4")
        if not least <= n <= most:
            raise IllegalAction("§5.4", f"move 1 to {most} pawns: one stays behind")
        s.move_in = None
        _do_reposition(t, i, j, n)
        return
    n = _count(a.count, "§7.2")
    if not least <= n <= most:
        raise IllegalAction("§7.2", f"move {least} to {most} pawns (at least the dice rolled)")
    s.move_in = None
    _do_move_in(t, i, j, n, victim)


def _do_move_in(t: _Tx, i: int, j: int, n: int, victim: int) -> None:
    s = t.s
    pawns = t.mut("pawns")
    pawns[i] -= n
    pawns[j] += n
    p = s.current
    eliminated = victim >= 0 and victim not in s.owner
    if eliminated:
        _eliminate(t, victim, p)
    _victory(t, (p,))
    if s.phase == OVER:
        return
    if eliminated and len(s.hands[p]) >= HAND_LIMIT:
        s.phase = ELIM_TRIS  # §7.5: a tris at once with 5 or more cards
        s.pool = 0
        return
    _to_operations(t)


def _eliminate(t: _Tx, victim: int, by: int) -> None:
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
    _victory(t, [q for q in range(s.players) if s.alive[q]])


def _occupy(t: _Tx, a: Occupy) -> None:
    s = t.s
    _need_phase(s, (OPERATIONS,), "§7.4", "occupying a neutral gateway")
    p = s.current
    i = _gateway(a.source, "§7.4")
    j = _gateway(a.target, "§7.4")
    n = _count(a.count, "§7.4")
    if s.owner[i] != p:
        raise IllegalAction("§7.4", f"{a.source} is not yours")
    if s.owner[j] != NEUTRAL:
        raise IllegalAction("§7.4", f"{a.target} is not a neutral gateway")
    if j not in _reach(s, _geo(s), p, i):
        raise IllegalAction("§7.4", f"{a.target} is not linked to {a.source}")
    if not 1 <= n <= s.pawns[i] - 1:
        raise IllegalAction("§7.4", f"move 1 to {s.pawns[i] - 1} pawns: one stays on {a.source}")
    pawns = t.mut("pawns")
    pawns[i] -= n
    pawns[j] += n
    t.mut("owner")[j] = p
    s.conquered = True  # §7.4: it counts as a conquest
    _victory(t, (p,))
    if s.phase != OVER:
        _to_operations(t)


def _propose_pact(t: _Tx, a: ProposePact) -> None:
    s = t.s
    if not s.options["diplomazia"]:
        raise IllegalAction("§12.4", "pacts belong to the DIPLOMAZIA variant")
    _need_phase(s, (OPERATIONS,), "§12.4", "proposing a pact")
    q = _count(a.partner, "§12.4", "partner")
    if q not in _pact_partners(s, s.current):
        raise IllegalAction("§12.4", f"player {q} cannot be offered a pact now")
    s.offer = [s.current, q]
    s.offered = [*s.offered, q]
    s.phase = PACT_ANSWER


def _answer_pact(t: _Tx, a: AcceptPact | RejectPact) -> None:
    s = t.s
    _need_phase(s, (PACT_ANSWER,), "§12.4", "answering a pact")
    p, q = s.offer
    if isinstance(a, AcceptPact):
        s.pacts = [*s.pacts, [min(p, q), max(p, q), p]]
    s.offer = None
    _to_operations(t)


# -- §5.4 repositioning, §10 delivery, §9 closure ---------------------------------------------


def _reposition(t: _Tx, a: Reposition) -> None:
    """§5.4: choose the move (source and target); how many pawns it carries comes next (a
    MoveIn decision, like after a conquest), unless only one pawn can go."""
    s = t.s
    _need_phase(s, (REPOSITION,), "§5.4", "repositioning")
    p = s.current
    i = _gateway(a.source, "§5.4")
    j = _gateway(a.target, "§5.4")
    if s.owner[i] != p or s.owner[j] != p or i == j:
        raise IllegalAction("§5.4", "a move goes between two different gateways of yours")
    if s.pawns[i] < 2:
        raise IllegalAction("§5.4", f"{a.source} has no pawn to spare: one always stays")
    if j not in _component(s, _geo(s), p, i):
        raise IllegalAction("§5.4", f"no chain of your gateways joins {a.source} to {a.target}")
    most = s.pawns[i] - 1
    if most == 1:
        _do_reposition(t, i, j, 1)
    else:
        s.move_in = [i, j, 1, most, -1]
        s.phase = REPOSITION_COUNT


def _do_reposition(t: _Tx, i: int, j: int, n: int) -> None:
    s = t.s
    pawns = t.mut("pawns")
    pawns[i] -= n
    pawns[j] += n
    _victory(t, (s.current,))
    if s.phase != OVER:
        _to_delivery(t)


def _deliver(t: _Tx, a: Deliver) -> None:
    s = t.s
    _need_phase(s, (DELIVERY,), "§10.1", "delivering")
    p = s.current
    k = _count(a.shipment, "§10.1", "shipment")
    row = s.shipments[p]
    if all(c != k for c, _ in row):
        raise IllegalAction("§10.1", f"shipment {k} is not one of your active shipments")
    if not _can_deliver(s, _geo(s), p, k):
        card = SHIPS.cards[k]
        raise IllegalAction(
            "§10.1",
            f"{card.origin}→{card.destination}: you need both ends and a chain of your gateways",
        )
    card = SHIPS.cards[k]
    t.mut("sla")[p] += _shipment_sla(s, card)
    t.mut("bonus")[p] += card.pawns
    t.mut("shipments")[p] = [x for x in row if x[0] != k]
    t.mut("ship_discard").append(k)
    _victory(t, (p,))
    if s.phase != OVER:
        _to_delivery(t)


def _closure(t: _Tx) -> None:
    """§5 phase 6, §9: a Gateway card if you conquered; Imprevisti apply at once; next turn."""
    s = t.s
    p = s.current
    if s.conquered:
        while True:
            deck = t.mut("deck")
            if not deck:
                if not s.discard:
                    break
                rng = rng_from(s.rng)
                deck.extend(s.discard)
                rng.shuffle(deck)
                s.rng = rng.getstate()
                s.discard = []
                t.copied.add("discard")
            card = deck.pop()
            if DECK.is_imprevisto(card):
                t.mut("discard").append(card)
                _apply_imprevisto(t, card)
                if s.phase == OVER:
                    return
                continue  # §9.2: the Imprevisto is not kept; the drawer draws again
            hands = t.mut("hands")
            hands[p] = sorted([*hands[p], card])
            break
    _victory(t, (p,))
    if s.phase == OVER:
        return
    q = _next_player(s, p)
    n = s.players
    new_round = (q - s.first) % n <= (p - s.first) % n
    s.phase = BRIEFING
    _start_turn(t, q, new_round)


def _apply_imprevisto(t: _Tx, card: int) -> None:
    """The six Operational Contingencies (§9.2; effects as data in cards.json)."""
    s = t.s
    p = s.current
    effect = DECK.imprevisti[card - N_GATEWAY_CARDS].effect
    kind = effect["type"]
    if kind == "close_air_bridges":
        s.bridges_closed = p
    elif kind == "shipment_deadline":
        delta, floor = int(effect["delta"]), int(effect["floor"])
        t.mut("shipments")[p] = [[c, max(floor, d + delta)] for c, d in s.shipments[p]]
    elif kind == "sla":
        sla = t.mut("sla")
        sla[p] = max(0, sla[p] + int(effect["delta"]))
        _victory(t, (p,))
    elif kind == "reinforcements":
        t.mut("bonus")[p] += int(effect["pawns"])
    elif kind == "hub_outage":
        pawns = t.mut("pawns")
        for h in _geo(s).hubs:
            if s.owner[h] == p and pawns[h] >= 2:
                pawns[h] -= int(effect["pawns"])
    else:
        raise ValueError(f"unknown Imprevisto effect {kind!r}")


# -- §11 victory ------------------------------------------------------------------------------


def objective_met(state: CnwState, player: int) -> bool:
    """Whether ``player``'s secret Network Objective is complete (§11, fallback §11.1)."""
    k = state.objectives[player]
    if k < 0:
        return False
    obj = OBJECTIVES.cards[k]
    owner = state.owner
    if obj.kind == "eliminate":
        c = obj.colour
        if c != player and c < state.players:
            if state.alive[c]:
                return False
            if state.eliminated_by[c] == player:
                return True
        return owner.count(player) >= OBJECTIVES.fallback_gateways  # §11.1
    if obj.kind == "gateways":
        pawns = state.pawns
        return (
            sum(1 for i, o in enumerate(owner) if o == player and pawns[i] >= obj.min_pawns)
            >= obj.count
        )
    if obj.kind == "hubs":
        return sum(1 for h in _geo(state).hubs if owner[h] == player) >= obj.count
    if obj.kind == "routes":
        return sum(1 for a, b in _geo(state).routes if owner[a] == player == owner[b]) >= obj.count
    regions = _geo(state).regions
    held = [rid for rid, members, _ in regions if all(owner[i] == player for i in members)]
    if any(r not in held for r in obj.regions):
        return False
    return len(held) - len(obj.regions) >= obj.extra


def _victory(t: _Tx, players: Iterable[int]) -> None:
    """§11: the game ends at once when a player meets a condition (checked in this order:
    domination, Network Objective, SLA); §12.2 for teams."""
    s = t.s
    if s.phase == OVER or s.phase == PLACEMENT:
        return
    teams = s.options["teams"]
    for p in players:
        if not s.alive[p]:
            continue
        if teams is not None:
            mates = _friends(s, p)
            rivals_alive = any(s.alive[q] for q in range(s.players) if q not in mates)
            if not rivals_alive:
                _end(t, list(mates), DOMINATION)
                return
            if sum(s.sla[q] for q in mates) >= int(VARIANTS["team_building"]["team_sla"]):
                _end(t, list(mates), TEAM)
                return
            continue
        if not any(s.alive[q] for q in range(s.players) if q != p):
            _end(t, [p], DOMINATION)
            return
        if objective_met(s, p):
            _end(t, [p], OBJECTIVE)
            return
        if s.sla[p] >= _sla_target(s):
            _end(t, [p], SLA)
            return


def _end(t: _Tx, who: list[int], how: str) -> None:
    s = t.s
    s.phase = OVER
    s.winners = sorted(who)
    s.victory = how
    s.roll = None
    s.move_in = None
    s.offer = None


_HANDLERS = {
    PlacePawn: _place_pawn,
    RemovePawn: _remove_pawn,
    PlayTris: _play_tris,
    Deploy: _deploy,
    Attack: _attack,
    ObcReroll: _obc_reroll,
    KeepDice: _keep_dice,
    MoveIn: _move_in,
    Occupy: _occupy,
    Reposition: _reposition,
    Deliver: _deliver,
    EndPhase: _end_phase,
    ProposePact: _propose_pact,
    AcceptPact: _answer_pact,
    RejectPact: _answer_pact,
}


# --------------------------------------------------------------------------------------------
# Helpers for interfaces and bots.


def attack_targets(state: CnwState, source: str) -> list[str]:
    """Gateways the owner of ``source`` may attack from it (§7.1, air bridges §7.3), whatever
    the phase; empty if ``source`` has fewer than 2 pawns."""
    i = _gateway(source)
    p = state.owner[i]
    if p < 0 or state.pawns[i] < 2:
        return []
    return [
        CODES[j]
        for j in sorted(_reach(state, _geo(state), p, i))
        if _enemy(state, p, state.owner[j])
    ]


def occupy_targets(state: CnwState, source: str) -> list[str]:
    """Neutral gateways the owner of ``source`` may occupy from it (§7.4)."""
    i = _gateway(source)
    p = state.owner[i]
    if p < 0 or state.pawns[i] < 2:
        return []
    return [CODES[j] for j in sorted(_reach(state, _geo(state), p, i)) if state.owner[j] == NEUTRAL]


def move_targets(state: CnwState, source: str) -> list[str]:
    """Gateways the owner of ``source`` may reposition to from it (§5.4, air bridges §7.3)."""
    i = _gateway(source)
    p = state.owner[i]
    if p < 0 or state.pawns[i] < 2:
        return []
    return [CODES[j] for j in sorted(_component(state, _geo(state), p, i)) if j != i]


def deliverable(state: CnwState, player: int) -> list[int]:
    """Card ids of ``player``'s active shipments that could be delivered now (§10.1)."""
    g = _geo(state)
    return [c for c, _ in state.shipments[player] if _can_deliver(state, g, player, c)]


def air_bridges(state: CnwState, player: int) -> list[tuple[str, str]]:
    """Open air bridges of ``player`` (§7.3): every pair of hubs it controls, plus (TEAM
    BUILDING, §12.2) each of its hubs with each hub of a teammate. Empty while an Imprevisto
    keeps them closed (§9.2)."""
    if not _bridges_open(state):
        return []
    g = _geo(state)
    friends = _friends(state, player)
    mine = [h for h in g.hubs if state.owner[h] == player]
    theirs = [h for h in g.hubs if state.owner[h] in friends and state.owner[h] != player]
    pairs = [(a, b) for k, a in enumerate(mine) for b in mine[k + 1 :]]
    pairs += [(a, b) for a in mine for b in theirs]
    if len(mine) + len(theirs) < 2:
        return []
    return [(CODES[a], CODES[b]) for a, b in pairs]


def network_graph(state: CnwState, player: int) -> nx.Graph:
    """The player's own network: its gateways, the usable links between them and its open air
    bridges (§10.1), as a networkx graph."""
    g = _geo(state)
    mine = [CODES[i] for i in owned(state, player)]
    graph = nx.Graph(g.graph.subgraph(mine))
    for a, b in air_bridges(state, player):
        if state.owner[INDEX[b]] == player:
            graph.add_edge(a, b)
    return graph


def delivery_chain(state: CnwState, player: int, shipment: int) -> list[str] | None:
    """A shortest delivery chain (§10.1) for one shipment card, or None if there is none."""
    card = SHIPS.cards[shipment]
    if state.owner[INDEX[card.origin]] != player:
        return None
    graph = network_graph(state, player)
    best = None
    for d in sorted(_delivery_targets(state, _geo(state), player, card)):
        try:
            path = nx.shortest_path(graph, card.origin, CODES[d])
        except nx.NetworkXNoPath:
            continue
        if best is None or len(path) < len(best):
            best = path
    return best


def reinforcements(state: CnwState, player: int) -> dict[str, Any]:
    """The §6 / §13 breakdown for display: base max(3, gateways ÷ 3), complete regions, hubs,
    tris and delivery bonus. During the player's own Reinforcements the bonus and tris shown are
    those collected this turn; otherwise the bonus waiting for the next turn."""
    count, base, regions, hubs = _reinforcement_parts(state, player)
    this_turn = state.current == player and state.phase in (REINFORCE,)
    bonus = state.turn_bonus if this_turn else state.bonus[player]
    tris = state.turn_tris if this_turn else 0
    return {
        "gateways": count,
        "base": base,
        "regions": regions,
        "hubs": hubs,
        "tris": tris,
        "delivery_bonus": bonus,
        "total": base + sum(regions.values()) + hubs + tris + bonus,
        "to_deploy": state.pool if this_turn else 0,
    }


def shipment_info(card: int) -> dict[str, Any]:
    """A shipment card as JSON-ready data (§10)."""
    c = SHIPS.cards[card]
    return {
        "id": c.id,
        "sector": c.sector,
        "sector_name": SHIPS.sectors[c.sector],
        "origin": c.origin,
        "destination": c.destination,
        "class": c.klass,
        "hops": c.hops,
        "dashed": c.dashed,
        "printed_deadline": c.deadline,
        "pawns": c.pawns,
        "sla": c.sla,
        "text": c.text,
        "text_it": c.text_it,
    }


def observation(state: CnwState, player: int) -> dict[str, Any]:
    """What ``player`` may see: the whole map, SLA, tokens, everyone's shipments (public,
    §4 step 4), the pending dice; its own objective and hand, but only the number of cards in
    the others' hands, and neither the order of the decks nor future dice."""
    n = state.players
    if not isinstance(player, int) or not 0 <= player < n:
        raise IllegalAction("§observation", f"no player {player!r} in this game")
    obj = state.objectives[player]
    own_objective = (
        None if obj < 0 else {"id": OBJECTIVES.cards[obj].key, "text": OBJECTIVES.cards[obj].text}
    )
    roll = state.roll
    move_in = state.move_in
    if move_in is not None:
        i, j, least, most, victim = move_in
        move_in = {
            "kind": "reposition" if state.phase == REPOSITION_COUNT else "conquest",
            "source": CODES[i],
            "target": CODES[j],
            "least": least,
            "most": most,
        }
    return {
        "game": NAME,
        "player": player,
        "names": list(state.names),
        "options": dict(state.options),
        "phase": state.phase,
        "current": state.current,
        "to_act": current_player(state),
        "first": state.first,
        "turn": state.turn,
        "round": state.round,
        "gateways": {
            code: {"owner": state.owner[i], "pawns": state.pawns[i]}
            for i, code in enumerate(CODES)
            if state.owner[i] != OUT_OF_PLAY
        },
        "reserve": list(state.reserve),
        "sla": list(state.sla),
        "obc": list(state.obc),
        "alive": list(state.alive),
        "shipments": [
            [dict(shipment_info(c), deadline=d) for c, d in row] for row in state.shipments
        ],
        "hand": [{"gateway": CODES[c], "symbol": DECK.symbol(c)} for c in state.hands[player]],
        "hand_sizes": [len(h) for h in state.hands],
        "objective": own_objective,
        "has_objective": [o >= 0 for o in state.objectives],
        "deck_size": len(state.deck),
        "discard": [
            CODES[c] if c < N_GATEWAY_CARDS else DECK.imprevisti[c - N_GATEWAY_CARDS].key
            for c in state.discard
        ],
        "shipment_deck_size": len(state.ship_deck),
        "pool": state.pool,
        "roll": roll,
        "last_roll": state.last_roll,
        "move_in": move_in,
        "pacts": [list(x) for x in state.pacts],
        "offer": state.offer,
        "air_bridges": [list(x) for x in air_bridges(state, player)],
        "air_bridges_closed": state.bridges_closed >= 0,
        "reinforcements": reinforcements(state, player),
        "winners": list(state.winners),
        "victory": state.victory,
    }


# --------------------------------------------------------------------------------------------
# Consistency (saves and invariant tests).


@cache
def _expected_cards(g: Geo) -> list[int]:
    return sorted([*g.cards, *(imp.id for imp in DECK.imprevisti)])


@cache
def _expected_shipments(g: Geo) -> list[int]:
    return sorted(g.shipments)


def check_state(state: CnwState) -> str | None:
    """The first way ``state`` could not come from a real game, or None."""
    n = state.players
    g = _geo(state)
    ng = len(CODES)
    if state.phase not in PHASES:
        return f"unknown phase {state.phase!r}"
    if len(state.owner) != ng or len(state.pawns) != ng:
        return "the map does not have 42 gateways"
    for name in (
        "reserve",
        "objectives",
        "sla",
        "obc",
        "obc_turn",
        "bonus",
        "eliminated_by",
        "alive",
    ):
        if len(getattr(state, name)) != n:
            return f"{name} does not match the {n} players"
    if not 0 <= state.current < n or not 0 <= state.first < n:
        return "the current player is not a seat"
    in_play = g.in_play
    alive = state.alive
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
    if min(state.sla) < 0 or min(state.reserve) < 0 or state.pool < 0 or min(state.bonus) < 0:
        return "a negative count"
    if not all(0 <= t <= DICE_RULES.obc_tokens_per_game for t in state.obc):
        return "OBC tokens out of range"
    cards_seen = state.deck + state.discard
    for h in state.hands:
        if h and h[-1] >= N_GATEWAY_CARDS:  # hands are sorted
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
    for p in range(n):
        row = state.shipments[p]
        if len(row) > ACTIVE_SHIPMENTS:
            return f"player {p} has more than {ACTIVE_SHIPMENTS} shipments"
        for _, d in row:
            if d < 1:
                return f"player {p} holds a shipment whose deadline passed"
        if not state.alive[p] and (row or state.hands[p] or p in state.owner):
            return f"eliminated player {p} still holds something"
    if state.phase in (REROLL_ATTACKER, REROLL_DEFENDER) and state.roll is None:
        return "a re-roll decision without a roll"
    if state.phase in (MOVE_IN, REPOSITION_COUNT) and state.move_in is None:
        return "a move-in without a conquest"
    if state.phase == PACT_ANSWER and state.offer is None:
        return "a pact answer without an offer"
    if state.dice_pos > len(state.dice):
        return "the dice buffer is overdrawn"
    return None
