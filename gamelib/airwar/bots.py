"""Bots for AirWar: Pacific!: the uniform random baseline and a one-step planner.

The planner only uses what its player may know: its own hand, the table, counts of hidden
cards, and the opponent's published deck list minus the cards it has seen (the "unseen pool").
It never reads the opponent's hand, the order of a face-down mission or the deck order.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any, NamedTuple

import gamelib.airwar as airwar
from gamelib import bots as _base

from . import rules as R
from .actions import (
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
    ScrambleDone,
    SendMission,
    Strike,
)
from .cards import Card, load
from .state import AirWarState

CARDS = R.CARDS


class RandomBot(_base.RandomBot):
    """Uniformly random legal action (its own seeded generator, never the game's)."""

    game = airwar


# --------------------------------------------------------------------------------------------
# Knowledge helpers (public information only)

_DECK_IDS = {side: [c.id for c in cards] for side, cards in load().items()}
_DECK_CARDS = tuple([CARDS[c] for c in _DECK_IDS[side]] for side in R.SIDES)  # by player


def plane_value(card: Card) -> float:
    """Rough worth of an aircraft in Industry points: what it can destroy or prevent."""
    return (
        1.5
        + 0.6 * card.air_to_air
        + 0.3 * card.defense
        + 0.7 * max(card.bombing, card.carrier_attack / 2, card.convoy_attack / 2)
    )


_PLANE_VALUE = {cid: plane_value(c) for cid, c in CARDS.items()}


def unseen_pool(state: AirWarState, me: int) -> list[Card]:
    """The opponent's cards this player has not seen on the table: hand, deck and face-down
    cards together (their split is hidden)."""
    opp = R.other(me)
    seen = set(state.discard[opp]).union(
        state.bases[opp],
        state.carriers[opp],
        state.war[opp],
        state.attached[opp],
        *state.grounded[opp].values(),
    )
    r = state.raid
    if r is not None:
        seen.update(r.exposed_att, r.exposed_def, r.duel_cards, r.sacrifice_pool)
        seen.update(c for c in (r.duel_att, r.duel_def) if c)
    return [card for card in _DECK_CARDS[opp] if card.id not in seen]


def _kill(a2a: int, dfn: int) -> bool:
    return a2a > 0 and a2a >= dfn


def duel_odds(card: Card, foes: list[tuple[int, int]]) -> tuple[float, float, float]:
    """(chance a blind interceptor from ``foes`` shoots ``card`` down, chance ``card`` shoots it
    down, ``plane_value(card)``): what a mission's value needs of each of its aircraft."""
    pk = sum(1 for a, _ in foes if _kill(a, card.defense)) / len(foes)
    pw = sum(1 for _, d in foes if _kill(card.air_to_air, d)) / len(foes)
    return pk, pw, plane_value(card)


def _target_kind(target: str) -> str:
    """What a raid on ``target`` strikes: "resources", "airbase" or "carrier"."""
    if target == R.RESOURCES:
        return "resources"
    return "airbase" if CARDS[target].kind == "airbase" else "carrier"


def _damage(kind: str, carrier_stage: bool, card: Card) -> float:
    """The planner's damage stat of ``card`` against a target of ``kind`` (Carrier attack
    counts double in the Carrier stage)."""
    if kind == "resources":
        return max(card.bombing, 0.6 * card.convoy_attack)
    if kind == "airbase":
        return card.bombing
    return card.carrier_attack * (2 if carrier_stage else 1)


# Every card's damage stat by (target kind, Carrier stage): the planner reads it per mission.
_DAMAGE: dict[tuple[str, bool], dict[str, float]] = {
    (kind, stage): {cid: _damage(kind, stage, c) for cid, c in CARDS.items()}
    for kind in ("resources", "airbase", "carrier")
    for stage in (False, True)
}


class _Goal(NamedTuple):
    """What a target adds to the worth of a mission: a host's Defense and worth, or the
    resources' Industry shield (times the planner's 0.7)."""

    need: int
    worth: float
    shield: float


class PlannerBot:
    """Chooses targets and mission sizes by expected damage against the interception it
    expects, intercepts when the expected exchange favours it, and uses Battle cards when they
    change a duel's outcome."""

    game = airwar

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self._memo_state: AirWarState | None = None
        self._memo_data: dict[Any, Any] = {}
        self._weighers: dict[tuple[Any, ...], _Weigher] = {}

    # -- entry point -------------------------------------------------------------------------
    def choose(self, state: AirWarState) -> Any:
        self._memo_state = None  # a new decision: nothing is known yet (see _memo)
        legal = R.legal_actions(state)
        if not legal:
            raise ValueError("no legal action: the game is over")
        if len(legal) == 1:
            return legal[0]
        step = state.step
        handler = getattr(self, "_" + step)
        choice = handler(state, legal)
        return choice if choice in legal else legal[-1]

    # -- values --------------------------------------------------------------------------------
    def _memo(self, state: AirWarState) -> dict[Any, Any]:
        """What the bot has worked out about ``state`` in this decision: a decision on the
        target plans every target from the same hand, and each plan asks about the unseen
        cards three times."""
        if self._memo_state is not state:
            self._memo_state = state  # holding the state keeps its id from being reused
            self._memo_data = {}
        return self._memo_data

    def _unseen_pool(self, state: AirWarState, me: int) -> list[Card]:
        """:func:`unseen_pool`, memoised for the decision."""
        memo = self._memo(state)
        pool = memo.get(("unseen", me))
        if pool is None:
            pool = memo["unseen", me] = unseen_pool(state, me)
        return pool

    def _interceptor_stats(self, state: AirWarState, me: int) -> list[tuple[int, int]]:
        """(Air-to-Air, Defense) of the opponent's unseen aircraft able to intercept."""
        memo = self._memo(state)
        out = memo.get(("foes", me))
        if out is None:
            out = [
                (c.air_to_air, c.defense)
                for c in self._unseen_pool(state, me)
                if c.kind == "aircraft" and c.air_to_air >= 1
            ]
            out = memo["foes", me] = out or [(0, 1)]
        return out

    def _damage_stat(self, state: AirWarState, target: str, card: Card) -> float:
        return _DAMAGE[_target_kind(target), state.stage == "carrier"][card.id]

    def _host_value(self, state: AirWarState, owner: int, host: str) -> float:
        planes = state.grounded[owner].get(host, [])
        lost = min((plane_value(CARDS[c]) for c in planes), default=0.0)
        wars = sum(1 for b in state.war[owner].values() if b == host)
        return 5.0 * R.host_capacity(state, owner, host) + lost + 3.0 * wars

    # -- Mobilisation --------------------------------------------------------------------------
    def _mobilise(self, state: AirWarState, legal: list[Any]) -> Any:
        hosts = [a for a in legal if isinstance(a, Mobilise) and not a.base]
        if hosts:
            return hosts[0]
        wars = [a for a in legal if isinstance(a, Mobilise)]
        if wars:
            p = state.active

            def score(a: Mobilise) -> float:
                eff = CARDS[a.card].effect
                if eff == "base_defense":
                    return R.host_capacity(state, p, a.base) * 10 - R.host_defense(state, p, a.base)
                return R.host_defense(state, p, a.base) + R.host_capacity(state, p, a.base)

            return max(wars, key=score)
        return EndMobilisation()

    # -- Attack --------------------------------------------------------------------------------
    def _expected_interceptors(self, state: AirWarState, target: str) -> int:
        # the defender's room depends only on the kind of target: one count per kind a decision
        memo = self._memo(state)
        key = ("k", R.RESOURCES if target == R.RESOURCES else CARDS[target].kind)
        k = memo.get(key)
        if k is None:
            p = state.active
            q = R.other(p)
            fb, fc = R.scramble_room(state, target)
            unseen_cards = self._unseen_pool(state, p)
            pool = [c for c in unseen_cards if c.kind == "aircraft" and c.air_to_air >= 1]
            unseen = len(unseen_cards) or 1
            expected_in_hand = len(state.hand[q]) * len(pool) / unseen
            k = memo[key] = min(fb + fc, round(expected_in_hand))
        return k

    def _mission_value(
        self,
        state: AirWarState,
        target: str,
        mission: list[Card],
        k: int,
        foes: list[tuple[int, int]],
        duels: dict[str, tuple[float, float, float]] | None = None,
    ) -> float:
        """Expected worth of the mission against ``k`` blind interceptions (one pass).

        ``duels`` memoises each aircraft's odds against ``foes`` (:func:`duel_odds`) while one
        plan weighs many missions against the same foes (pass a new dict for other foes)."""
        kind = _target_kind(target)
        damage = _DAMAGE[kind, state.stage == "carrier"]
        weigher = _Weigher(damage, kind == "resources", k, foes, duels)
        return weigher.value(mission, self._goal(state, target))

    def _goal(self, state: AirWarState, target: str) -> _Goal:
        q = R.other(state.active)
        if target == R.RESOURCES:
            return _Goal(0, 0.0, R.war_total(state, q, "industry_shield") * 0.7)
        return _Goal(R.host_defense(state, q, target), self._host_value(state, q, target), 0.0)

    def _weigher(
        self, state: AirWarState, target: str, k: int, foes: list[tuple[int, int]]
    ) -> _Weigher:
        """The weigher of this kind of target, stage, ``k`` and foes (the order of the foes
        does not change their odds), kept across plans and decisions; a few dozen at most."""
        kind = _target_kind(target)
        key = (kind, state.stage == "carrier", k, tuple(sorted(foes)))
        weigher = self._weighers.get(key)
        if weigher is None:
            if len(self._weighers) >= 32:
                self._weighers.clear()
            weigher = _Weigher(_DAMAGE[key[:2]], kind == "resources", k, foes)
            self._weighers[key] = weigher
        return weigher

    def _plan(self, state: AirWarState, target: str, pool: list[str]) -> tuple[float, list[str]]:
        """Best mission for ``target`` from ``pool``: strikers by damage, escorts by Air-to-Air,
        minus what the aircraft left on the ground cost the next defence."""
        memo = self._memo(state)
        fleet = memo.get(("fleet", tuple(pool)))
        if fleet is None:  # the same for every target of the decision
            fleet = memo["fleet", tuple(pool)] = self._fleet(state, pool)
        cap, cards, escorts, hand_fighters, total_cap = fleet
        if not cards or cap <= 0:
            return 0.0, []
        found = memo.get(("strikers", _target_kind(target), tuple(pool)))
        if found is None:  # the same for every target of a kind in the decision
            k = self._expected_interceptors(state, target)
            foes = self._interceptor_stats(state, state.active)
            weigher = self._weigher(state, target, k, foes)
            damage = weigher.damage
            strikers = sorted(cards, key=lambda c: -damage[c.id])
            found = memo["strikers", _target_kind(target), tuple(pool)] = (weigher, strikers)
        weigher, strikers = found
        goal = self._goal(state, target)
        best = (0.0, 0, 0)
        for value, size, fighters_sent, n_strike, n_escort in weigher.missions(
            strikers, escorts, cap, goal
        ):
            # aircraft that fly stay grounded during the enemy turn: lost defence
            room_left = total_cap - size
            defenders = min(room_left, hand_fighters - fighters_sent)
            value += 1.2 * max(0, defenders)
            if value > best[0]:
                best = (value, n_strike, n_escort)
        base_line = 1.2 * min(total_cap, hand_fighters)
        value, n_strike, n_escort = best
        chosen = strikers[:n_strike]
        taken = {c.id for c in chosen}
        extra = [c for c in escorts if c.id not in taken][:n_escort]
        return value - base_line, [c.id for c in chosen + extra]

    def _fleet(
        self, state: AirWarState, pool: list[str]
    ) -> tuple[int, list[Card], list[Card], int, int]:
        """What a plan from ``pool`` needs whatever the target: the mission's size limit, the
        aircraft that may fly (escorts first), the fighters in hand and the stage's capacity."""
        p = state.active
        cap = R.attack_capacity(state, p, state.stage)
        cards = [CARDS[c] for c in pool if R.can_fly(CARDS[c], state.stage)]
        if state.stage == "airbase" and state.carriers[p]:
            # keep the best carrier-based strikers for the Carrier stage (doubled there)
            room = R.attack_capacity(state, p, "carrier")
            cb = sorted(
                (c for c in cards if c.carrier_based),
                key=lambda c: -max(c.carrier_attack, c.bombing),
            )
            keep = {c.id for c in cb[:room]}
            cards = [c for c in cards if c.id not in keep]
        escorts = sorted(cards, key=lambda c: (-c.air_to_air, -c.defense))
        hand_fighters = sum(
            1 for c in state.hand[p] if CARDS[c].kind == "aircraft" and CARDS[c].air_to_air >= 1
        )
        stage_hosts = state.bases[p] if state.stage == "airbase" else state.carriers[p]
        total_cap = sum(R.host_capacity(state, p, h) for h in stage_hosts)
        return cap, cards, escorts, hand_fighters, total_cap

    def _target(self, state: AirWarState, legal: list[Any]) -> Any:
        best: tuple[float, Any] = (0.0, PassStage())
        for a in legal:
            if isinstance(a, Attack):
                value, mission = self._plan(state, a.target, state.hand[state.active])
                if mission and value > best[0]:
                    best = (value, a)
        return best[1]

    def _launch(self, state: AirWarState, legal: list[Any]) -> Any:
        r = state.raid
        assert r is not None
        pool = state.hand[state.active] + r.mission
        _, plan = self._plan(state, r.target, pool)
        for c in plan:
            if c not in r.mission and AddToMission(c) in legal:
                return AddToMission(c)
        if SendMission() in legal:
            return SendMission()
        return legal[0]

    # -- Intercept -----------------------------------------------------------------------------
    def _raiders(self, state: AirWarState) -> list[Card]:
        """Unseen enemy aircraft that could be in this mission."""
        me = R.other(state.active)
        out = [
            c
            for c in self._unseen_pool(state, me)
            if c.kind == "aircraft" and R.can_fly(c, state.stage)
        ]
        return out or [CARDS[c] for c in _DECK_IDS[R.SIDES[state.active]][:1]]

    def _blind_ev(self, state: AirWarState, interceptor: Card, raiders: list[Card]) -> float:
        q = R.other(state.active)
        bonus = R.war_total(state, q, "interceptor_air_to_air")
        target = state.raid.target if state.raid is not None else R.RESOURCES
        damage = _DAMAGE[_target_kind(target), state.stage == "carrier"]
        own = _PLANE_VALUE[interceptor.id]
        ev = 0.0
        for x in raiders:  # tables, not calls: every option is weighed against every raider
            kill = _kill(interceptor.air_to_air + bonus, x.defense)
            die = _kill(x.air_to_air, interceptor.defense)
            ev += kill * (damage[x.id] + 0.5 * _PLANE_VALUE[x.id])
            ev -= die * own * 0.8
        return ev / len(raiders)

    def _scramble(self, state: AirWarState, legal: list[Any]) -> Any:
        r = state.raid
        assert r is not None
        raiders = self._raiders(state)
        want = len(r.mission) + 1
        if len(r.intercept) >= want:
            return ScrambleDone()
        options = [a for a in legal if isinstance(a, AddInterceptor)]
        q = R.other(state.active)
        if state.stage == "airbase" and state.carriers[q] and state.carriers[state.active]:
            room = R.attack_capacity(state, q, "carrier")
            cbs = [a for a in options if CARDS[a.card].carrier_based]
            if len(cbs) <= room:
                options = [a for a in options if not CARDS[a.card].carrier_based] or options
        scored = [(self._blind_ev(state, CARDS[a.card], raiders), a) for a in options]
        scored = [x for x in scored if x[0] > 0]
        if not scored:
            return ScrambleDone()
        return max(scored, key=lambda x: x[0])[1]

    # -- Combat --------------------------------------------------------------------------------
    def _combat(self, state: AirWarState, legal: list[Any]) -> Any:
        r = state.raid
        assert r is not None
        target = r.target
        pen = R.K["exposed_defense_penalty"]
        best: tuple[float, Any] = (0.0, Disengage())
        if r.mode == "att_response":
            foe = CARDS[r.just]
            for a in legal:
                if isinstance(a, Strike):
                    me = CARDS[a.card]
                    kill = _kill(me.air_to_air, foe.defense - pen)
                    die = _kill(foe.air_to_air, me.defense)
                    value = kill * plane_value(foe) - die * (
                        plane_value(me) + self._damage_stat(state, target, me)
                    )
                    value -= 0.3 * self._damage_stat(state, target, me)
                    if value > best[0]:
                        best = (value, a)
            return best[1]
        q = R.other(state.active)
        bonus = R.war_total(state, q, "interceptor_air_to_air")
        raiders = self._raiders(state)
        seen_int: set[str] = set()
        for a in legal:
            if isinstance(a, Intercept):
                if a.interceptor in seen_int:
                    continue
                seen_int.add(a.interceptor)
                value = self._blind_ev(state, CARDS[a.interceptor], raiders)
            elif isinstance(a, Strike):
                me, foe = CARDS[a.card], CARDS[a.target]
                kill = _kill(me.air_to_air + bonus, foe.defense - pen)
                die = _kill(foe.air_to_air, me.defense)
                value = kill * (self._damage_stat(state, target, foe) + 0.5 * plane_value(foe))
                value -= die * plane_value(me) * 0.8
            else:
                continue
            if value > best[0]:
                best = (value, a)
        return best[1]

    def _battle(self, state: AirWarState, legal: list[Any]) -> Any:
        r = state.raid
        assert r is not None
        me = r.window_to_act
        attacker = me == state.active
        base = R.duel_values(state)

        def outcome(v: dict[str, Any]) -> float:
            own_key, foe_key = ("att", "def") if attacker else ("def", "att")
            own_lost = v[f"{own_key}_destroyed"]
            foe_lost = v[f"{foe_key}_destroyed"]
            own = CARDS[v[own_key]["card"]]
            foe = CARDS[v[foe_key]["card"]]
            score = foe_lost * plane_value(foe) - own_lost * plane_value(own)
            strike = own if attacker else foe
            dmg = self._damage_stat(state, r.target, strike)
            if attacker:
                score -= own_lost * dmg
            else:
                score += foe_lost * dmg
            return score

        now = outcome(base)
        best: tuple[float, Any] = (1.0, PassBattle())
        for a in legal:
            if not isinstance(a, PlayBattle):
                continue
            trial = R.apply(state, a)
            if trial.step != "battle":
                continue
            gain = outcome(R.duel_values(trial)) - now
            card = CARDS[a.card]
            if card.lasting == "attached" and attacker and not base["att_destroyed"]:
                gain += sum(
                    card.param("own_" + s)
                    for s in ("bombing", "convoy_attack", "carrier_attack")
                    if (s == "carrier_attack") == (r.target != R.RESOURCES)
                )
            if gain > best[0]:
                best = (gain, a)
        return best[1]

    # -- Damage and losses ---------------------------------------------------------------------
    def _allot(self, state: AirWarState, legal: list[Any]) -> Any:
        r = state.raid
        assert r is not None
        q = R.other(state.active)
        capable = sorted(
            c
            for c in r.exposed_att
            if c not in r.allot and R.strike_value(state, c, "convoy_attack") > 0
        )[:10]
        fixed_conv = sum(
            R.strike_value(state, c, "convoy_attack") for c, t in r.allot.items() if t == "convoy"
        )
        rem = state.convoy[q]
        shield = R.war_total(state, q, "convoy_shield")
        best: tuple[float, set[str]] = (-1.0, set())
        # each aircraft's values once, not once per combination (up to 2**10 of them)
        conv_of = {c: R.strike_value(state, c, "convoy_attack") for c in capable}
        bomb_of = {c: R.strike_value(state, c, "bombing") for c in capable}
        for n in range(len(capable) + 1):
            for combo in combinations(capable, n):
                conv = fixed_conv + sum([conv_of[c] for c in combo])
                conv = max(0, conv - shield) if conv else 0
                lost_ind = sum([bomb_of[c] for c in combo])
                value = 0.45 * min(conv, rem) + (3.0 if conv >= rem else 0.0) - lost_ind
                if value > best[0]:
                    best = (value, set(combo))
        card = legal[0].card
        return Allot(card, "convoy" if card in best[1] else "industry")

    def _sacrifice(self, state: AirWarState, legal: list[Any]) -> Any:
        return min(legal, key=lambda a: plane_value(CARDS[a.card]))

    def _convoy(self, state: AirWarState, legal: list[Any]) -> Any:
        q = R.other(state.active)

        def worth(a: ConvoyDiscard) -> float:
            c = CARDS[a.card]
            if a.card in state.bases[q] or a.card in state.carriers[q]:
                return 100.0 + R.host_capacity(state, q, a.card)
            if c.kind == "aircraft":
                return plane_value(c)
            if c.kind in ("airbase", "carrier"):
                return 2.0 + c.capacity
            return 2.5

        return min(legal, key=worth)


class _Weigher:
    """Weighs missions against one kind of target (the resources, an airbase, a carrier) in one
    stage and against ``k`` blind interceptions from one set of foes. The planner weighs the
    same missions for every target of a kind and again at each step of building the chosen
    one, so a mission's parts (gain, survival chances, damages) are kept by its ids, with its
    chance of reaching each Defense asked; a target adds only its :class:`_Goal`."""

    def __init__(
        self,
        damage: dict[str, float],
        resources: bool,
        k: int,
        foes: list[tuple[int, int]],
        duels: dict[str, tuple[float, float, float]] | None = None,
    ) -> None:
        self.damage, self.resources, self.k, self.foes = damage, resources, k, foes
        self.duels: dict[str, tuple[float, float, float]] = {} if duels is None else duels
        self.parts: dict[tuple[str, ...], tuple[float, list[float], list[float], float]] = {}
        self.reach: dict[tuple[tuple[str, ...], int], float] = {}
        self.plans: dict[tuple[Any, ...], list[tuple[float, int, int, int, int]]] = {}

    def missions(
        self, strikers: list[Card], escorts: list[Card], cap: int, goal: _Goal
    ) -> list[tuple[float, int, int, int, int]]:
        """The missions a plan weighs, in its order, as (value, size, fighters, strikers,
        escorts): the ``n`` best strikers, then the best escorts among the rest, within
        ``cap``. Kept by the card types in those orders (copies of a card are alike; an escort
        also by its place among the strikers that may lead a mission, those with damage within
        ``cap``): the next step of building a mission, and the next target of a kind, ask
        again with the same aircraft, often in another order of equal cards."""
        damage = self.damage
        lead = 0
        for c in strikers[: min(cap, len(strikers))]:
            if damage[c.id] <= 0:
                break
            lead += 1
        place = {c.id: i for i, c in enumerate(strikers[:lead])}
        key = (
            tuple([c.type_id for c in strikers[:lead]]),
            tuple([(c.type_id, place.get(c.id, -1)) for c in escorts]),
            cap,
            goal,
        )
        out = self.plans.get(key)
        if out is not None:
            return out
        out = []
        for n_strike in range(1, lead + 1):
            chosen = strikers[:n_strike]
            taken = {c.id for c in chosen}
            rest = [c for c in escorts if c.id not in taken]  # the escorts, best first
            fighters = sum(1 for c in chosen if c.air_to_air >= 1)  # counted as escorts join
            for n_escort in range(0, min(cap - n_strike, len(rest)) + 1):
                if n_escort:
                    fighters += rest[n_escort - 1].air_to_air >= 1
                mission = chosen + rest[:n_escort]
                out.append((self.value(mission, goal), len(mission), fighters, n_strike, n_escort))
        if len(self.plans) >= 256:
            self.plans.clear()
        self.plans[key] = out
        return out

    def _parts(self, mission: list[Card]) -> tuple[float, list[float], list[float], float]:
        """Gain from the duels, each aircraft's chance to survive and damage, and (against
        the resources) the damage expected to arrive."""
        m = len(mission)
        pick = min(1.0, self.k / m) if m else 0.0
        survive = []
        gain = 0.0
        duels = self.duels
        for c in mission:
            odds = duels.get(c.type_id)
            if odds is None:
                odds = duels[c.type_id] = duel_odds(c, self.foes)
            pk, pw, value = odds
            survive.append(1.0 - pick * pk)
            gain += pick * pw * 3.0 - pick * pk * value * 0.5
        values = [self.damage[c.id] for c in mission]
        arrive = 0.0
        if self.resources:
            arrive = sum(v * s for v, s in zip(values, survive, strict=True))
        return gain, survive, values, arrive

    def value(self, mission: list[Card], goal: _Goal) -> float:
        """Expected worth of ``mission`` against ``k`` blind interceptions (one pass)."""
        ids = tuple([c.type_id for c in mission])  # copies of a card weigh the same
        parts = self.parts.get(ids)
        if parts is None:
            if len(self.parts) >= 4096:  # bounded: a long game may keep one weigher
                self.parts.clear()
                self.reach.clear()
            parts = self.parts[ids] = self._parts(mission)
        gain, survive, values, arrive = parts
        if self.resources:
            dmg = arrive
            dmg -= goal.shield
            return gain + dmg
        prob = self.reach.get((ids, goal.need))
        if prob is None:
            prob = self.reach[ids, goal.need] = reach_chance(survive, values, goal.need)
        return gain + prob * goal.worth


def reach_chance(survive: list[float], damages: list[float], need: int) -> float:
    """Chance that the damage of the aircraft that survive reaches ``need``: the sum, over the
    subsets of survivors that reach it, of each subset's chance, in the order of the subsets'
    bitmasks (bit i = aircraft i). An aircraft sure to survive (1.0) or to fall (0.0) is
    settled, and only the others are enumerated: a settled aircraft multiplies a subset's chance
    by 1.0 or makes it 0.0, which adds nothing, so the floats are those of multiplying out every
    bitmask. Damages against a host are whole numbers, so their sums are exact in any order."""
    base = 0.0
    open_survive: list[float] = []
    open_damage: list[float] = []
    for s, d in zip(survive, damages, strict=True):
        if s == 1.0:
            base += d
        elif s != 0.0:
            open_survive.append(s)
            open_damage.append(d)
    if base + sum(d for d in open_damage if d > 0) < need:
        return 0.0  # not even if every open aircraft survives
    # the tables grow one aircraft at a time: the chance and damage of each subset (index =
    # bitmask) are the same floats as the product taken mask by mask, at 2**n, not n * 2**n
    probs, totals = [1.0], [base]
    for s, d in zip(open_survive, open_damage, strict=True):
        lost = 1.0 - s
        probs = [pr * lost for pr in probs] + [pr * s for pr in probs]
        totals += [t + d for t in totals]
    prob = 0.0
    for pr, total in zip(probs, totals, strict=True):
        if total >= need:
            prob += pr
    return prob
