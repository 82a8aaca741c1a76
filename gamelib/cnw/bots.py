"""Bots for CNW: the uniform random baseline and two rule-of-thumb players.

* :class:`RandomBot` picks any legal action, uniformly: the baseline.
* :class:`CourierBot` plays the shipments (§10): for each active shipment it plans the cheapest
  corridor from origin to destination (enemy gateways cost their pawns, its own cost nothing,
  air bridges count), piles reinforcements at the head of the corridor, attacks along it, and
  delivers as soon as a chain exists. It attacks elsewhere only at long odds in its favour.
* :class:`ExpansionistBot` plays the map (§3.1, §6): it picks the region it is closest to
  completing (or the ones its secret objective names, §11), takes it gateway by gateway, prizes
  hubs (§6, §7.3), and delivers whenever a chain happens to exist.

Both spend OBC tokens with :func:`gamelib.cnw.battle.choose_reroll` (§8.1), move the most pawns
into conquests, move idle pawns from the interior to the front in Repositioning (§5.4), and
accept every pact offered (§12.4). Neither peeks at hidden information: they read only what
``observation`` shows their seat (the map, shipments, their own hand and objective).
"""

from __future__ import annotations

import heapq
import importlib
import random
from typing import Any

from gamelib.bots import RandomBot as _BaseRandomBot
from gamelib.cnw import battle
from gamelib.cnw import rules as _rules
from gamelib.cnw.actions import (
    AcceptPact,
    Attack,
    Deliver,
    Deploy,
    EndPhase,
    KeepDice,
    ObcReroll,
    Occupy,
    PlacePawn,
    PlayTris,
    Reposition,
)
from gamelib.cnw.bridges import bridge_zone
from gamelib.cnw.delivery import delivery_targets
from gamelib.cnw.network import CODES, HUB, INDEX
from gamelib.cnw.operations import may_reroll
from gamelib.cnw.state import (
    BRIEFING,
    DELIVERY,
    ELIM_DEPLOY,
    ELIM_TRIS,
    MOVE_IN,
    NEUTRAL,
    OPERATIONS,
    PACT_ANSWER,
    PLACEMENT,
    REINFORCE,
    REPOSITION,
    REPOSITION_COUNT,
    REROLL_ATTACKER,
    REROLL_DEFENDER,
    CnwState,
    geo_of,
)
from gamelib.cnw.variants import enemy


class RandomBot(_BaseRandomBot):
    """A uniformly random legal action each time, from its own seeded generator: the baseline
    every other bot must beat. ``game`` is the :mod:`gamelib.cnw` package (looked up on first
    use, since the package imports this module)."""

    _game: Any = None

    @property
    def game(self) -> Any:
        if self._game is None:
            self._game = importlib.import_module("gamelib.cnw")
        return self._game

    @game.setter
    def game(self, value: Any) -> None:
        self._game = value


_ODDS: dict[tuple[int, int, bool], float] = {}


def odds(attackers: int, defenders: int, hub: bool) -> float:
    """Chance to take a gateway pressing the attack (§7.2, §8.3), memoised."""
    key = (attackers, defenders, hub)
    p = _ODDS.get(key)
    if p is None:
        p = _ODDS[key] = battle.conquest_probability(attackers, defenders, hub=hub)
    return p


# battle.choose_reroll by its arguments (dice sorted): a pure function, asked again and again
_REROLLS: dict[tuple[str, tuple[int, ...], tuple[int, ...], bool, bool], int | None] = {}


class _HeuristicBot:
    """Shared habits; subclasses say which gateways matter (``targets``) and how bold to be."""

    attack_threshold = 0.6  # least conquest chance for an attack on a wanted gateway
    opportunistic_threshold = 0.85  # ... on any other gateway

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self._plan_key: tuple[int, int] | None = None
        self._targets: dict[int, float] = {}

    # -- what the subclass decides ------------------------------------------------------------

    def plan(self, state: CnwState, me: int) -> dict[int, float]:
        """Gateways (indices) the bot wants, with a weight: higher is more wanted."""
        raise NotImplementedError

    # -- the decision -------------------------------------------------------------------------

    def choose(self, state: CnwState) -> Any:
        me = _rules.current_player(state)
        actions = _rules.legal_actions(state)
        if not actions:
            raise ValueError("no legal action: the game is over")
        if len(actions) == 1:
            return actions[0]
        phase = state.phase
        if phase in (REROLL_ATTACKER, REROLL_DEFENDER):
            return self._reroll(state, actions)
        if phase == PACT_ANSWER:
            return next(a for a in actions if isinstance(a, AcceptPact))
        if phase in (MOVE_IN, REPOSITION_COUNT):
            return max(actions, key=lambda a: a.count)
        if phase == ELIM_TRIS:
            return actions[0]
        targets = self._plan(state, me)
        if phase == PLACEMENT:
            return self._best_place(state, me, actions, targets)
        if phase == BRIEFING:
            return self._least_needed(state, me, actions)
        if phase in (REINFORCE, ELIM_DEPLOY):
            tris = []
            for a in actions:  # a tris comes first (reinforce_actions)
                if type(a) is not PlayTris:
                    break
                tris.append(a)
            if tris:
                return max(tris, key=lambda a: _rules.DECK.tris_value([INDEX[c] for c in a.cards]))
            return self._deploy(state, me, actions, targets)
        if phase == OPERATIONS:
            return self._operate(state, me, actions, targets)
        if phase == REPOSITION:
            return self._reposition(state, me, actions, targets)
        if phase == DELIVERY:
            for a in actions:
                if isinstance(a, Deliver):
                    return a
            return next(a for a in actions if isinstance(a, EndPhase))
        return self.rng.choice(actions)

    def _plan(self, state: CnwState, me: int) -> dict[int, float]:
        key = (state.turn, state.owner.count(me), sum(state.sla))
        if key != self._plan_key:
            self._plan_key = key
            self._targets = self.plan(state, me)
        return self._targets

    # -- helpers ------------------------------------------------------------------------------

    @staticmethod
    def _threat(state: CnwState, me: int, i: int) -> int:
        """Enemy pawns next to gateway ``i`` (board links)."""
        return _View(state, me).threat(i)

    def _front_score(self, state: CnwState, me: int, i: int, targets: dict[int, float]) -> float:
        """How useful a pawn on my gateway ``i`` is: next to wanted gateways, threatened."""
        view = _View(state, me)
        return view.front(i, targets, view.threat(i))

    def _best_place(
        self, state: CnwState, me: int, actions: list, targets: dict[int, float]
    ) -> Any:
        view = _View(state, me)
        pawns = state.pawns

        def score(a: PlacePawn) -> float:
            i = INDEX[a.gateway]
            threat = view.threat(i)
            need = threat + 1 - pawns[i] * 0.7
            return view.front(i, targets, threat) + 0.3 * need + targets.get(i, 0.0)

        return max(actions, key=score)

    def _least_needed(self, state: CnwState, me: int, actions: list) -> Any:
        view = _View(state, me)
        return min(
            actions,
            key=lambda a: (view.threat(INDEX[a.gateway]), -state.pawns[INDEX[a.gateway]]),
        )

    def _deploy(self, state: CnwState, me: int, actions: list, targets: dict[int, float]) -> Any:
        # reinforce_actions lists any tris first, then each gateway's deploys of 1 to ``pool``
        # pawns in a run: the run's first names the gateway, its last deploys all the pool
        first = 0
        while type(actions[first]) is not Deploy:
            first += 1
        pool = state.pool
        view = _View(state, me)

        def score(k: int) -> float:
            i = INDEX[actions[k].gateway]
            return view.front(i, targets, view.threat(i))

        best = max(range(first, len(actions), pool), key=score)  # ties go to the first
        return actions[best + pool - 1]

    def _operate(self, state: CnwState, me: int, actions: list, targets: dict[int, float]) -> Any:
        owner, pawns = state.owner, state.pawns
        allies: set[int] = set()  # §12.4: never betray a pact (seats sharing one with me)
        for x in state.pacts:
            if me in x[:2]:
                allies.update(x[:2])
        keen = not state.conquered  # a card needs a conquest this turn (§9.1)
        wanted, other = self.attack_threshold, self.opportunistic_threshold
        known = _ODDS
        best, best_score = None, 0.0
        source, attackers, most = None, 0, 0
        # type() over isinstance, locals over attributes, odds' memo read inline, a source's
        # pawns looked up once for its run of attacks: this loop sees every Attack of every
        # Operations decision, the bots' hottest spot
        for a in actions:
            kind = type(a)
            if kind is Attack:
                if a.source is not source:
                    source = a.source
                    attackers = pawns[INDEX[source]] - 1
                    most = attackers if attackers < 3 else 3
                if a.dice != most:
                    continue  # always roll the most dice
                j = INDEX[a.target]
                if owner[j] in allies:
                    continue
                hub = HUB[j]
                key = (attackers, pawns[j], hub)
                p = known.get(key)
                if p is None:
                    p = odds(*key)
                want = targets.get(j, 0.0)
                need = wanted if want > 0 else other
                if keen and p >= need - 0.15:
                    need -= 0.15
                if p < need:
                    continue
                score = p * (1.0 + want) + (0.3 if hub else 0.0)
                if score > best_score:
                    best, best_score = a, score
            elif kind is Occupy:
                score = 1.0 + targets.get(INDEX[a.target], 0.0)
                if a.count == min(3, pawns[INDEX[a.source]] - 1) and score > best_score:
                    best, best_score = a, score
        if best is not None:
            return best
        return next(a for a in actions if isinstance(a, EndPhase))

    def _reposition(
        self, state: CnwState, me: int, actions: list, targets: dict[int, float]
    ) -> Any:
        best, best_gain = None, 0.5
        front: dict[str, float] = {}  # each gateway's score once: many moves share an end
        view = _View(state, me)

        def score(code: str) -> float:
            if code not in front:
                i = INDEX[code]
                front[code] = view.front(i, targets, view.threat(i))
            return front[code]

        for a in actions:
            if type(a) is not Reposition:
                continue
            gain = score(a.target) - score(a.source)
            if gain > best_gain:
                best, best_gain = a, gain
        if best is not None:
            return best
        return next(a for a in actions if isinstance(a, EndPhase))

    def _reroll(self, state: CnwState, actions: list) -> Any:
        roll = state.roll
        side = "attacker" if state.phase == REROLL_ATTACKER else "defender"
        other = roll["defender"] if side == "attacker" else roll["attacker"]
        attack = tuple(sorted(roll["attack"], reverse=True))  # the choice reads them sorted
        defend = tuple(sorted(roll["defend"], reverse=True))
        key = (side, attack, defend, roll["hub"], may_reroll(state, other))
        face = _REROLLS.get(key, -1)
        if face == -1:
            face = _REROLLS[key] = battle.choose_reroll(
                side, key[1], key[2], hub=key[3], opponent_may_reroll=key[4]
            )
        for a in actions:
            if isinstance(a, ObcReroll) and a.die == face:
                return a
        return next(a for a in actions if isinstance(a, KeepDice))


def _foes(state: CnwState, me: int) -> frozenset[int]:
    """The seats that are my opponents (§7.1, §12.2), once per decision rather than per link."""
    return frozenset(q for q in range(state.players) if enemy(state, me, q))


class _View:
    """One decision's look at the map for seat ``me``: the lists the scores read, and my
    opponents, looked up once rather than for every gateway scored."""

    __slots__ = ("adj", "owner", "pawns", "foes", "me")

    def __init__(self, state: CnwState, me: int) -> None:
        self.adj = geo_of(state).adj
        self.owner = state.owner
        self.pawns = state.pawns
        self.foes = _foes(state, me)
        self.me = me

    def threat(self, i: int) -> int:
        """Enemy pawns next to gateway ``i`` (board links)."""
        owner, pawns, foes = self.owner, self.pawns, self.foes
        total = 0
        for j in self.adj[i]:
            if owner[j] in foes:
                total += pawns[j]
        return total

    def front(self, i: int, targets: dict[int, float], threat: int) -> float:
        """How useful a pawn on my gateway ``i`` is: next to wanted gateways, threatened
        (``threat``: :meth:`threat` of ``i``)."""
        owner, me = self.owner, self.me
        score = 0.0
        for j in self.adj[i]:
            if owner[j] != me:
                score += targets.get(j, 0.0) * 3 + 0.2
        score += 0.05 * threat
        if HUB[i]:
            score += 0.3
        return score


def _entry_costs(state: CnwState, me: int) -> list[float]:
    """What entering each gateway costs a corridor of ``me`` (see :func:`_corridor`)."""
    owner, pawns = state.owner, state.pawns
    foes = _foes(state, me)
    return [
        0.1
        if o == me
        else 1.0
        if o == NEUTRAL
        else pawns[j] + 1.0 + (1.0 if HUB[j] else 0.0)
        if o in foes
        else 1e6  # a teammate's, or out of play
        for j, o in enumerate(owner)
    ]


def _corridor(
    state: CnwState,
    me: int,
    origin: int,
    targets: set[int],
    cost: list[float] | None = None,
) -> list[int] | None:
    """Cheapest path from ``origin`` to any of ``targets``: entering a gateway of mine costs 0.1,
    a neutral 1, an enemy's its pawns + 1 (+1 for a hub, §8.3), a teammate's is closed; air
    bridges between my hubs cost nothing extra (§7.3). ``cost``: :func:`_entry_costs`, if the
    caller has it (one per plan, shared by its searches)."""
    g = geo_of(state)
    owner = state.owner
    if cost is None:
        cost = _entry_costs(state, me)
    bridges = bridge_zone(state, g, me) if state.bridges_closed < 0 else None
    my_hubs = [h for h in g.hubs if owner[h] == me]
    # from each of my hubs, the air bridges to my other hubs (§7.3)
    flights = {i: [h for h in my_hubs if h != i] for i in my_hubs} if bridges is not None else {}
    adj = g.adj
    push, pop = heapq.heappush, heapq.heappop

    start_cost = cost[origin] if owner[origin] != me else 0.0
    dist = [1e18] * len(owner)
    dist[origin] = start_cost
    prev = [-1] * len(owner)
    heap = [(start_cost, origin)]
    while heap:
        d, i = pop(heap)
        if d > dist[i]:
            continue
        if i in targets:
            path = [i]
            while prev[path[-1]] >= 0:
                path.append(prev[path[-1]])
            return path[::-1]
        nxt = adj[i]
        if i in flights:
            nxt = [*nxt, *flights[i]]
        for j in nxt:
            nd = d + cost[j]
            if nd < dist[j]:
                dist[j] = nd
                prev[j] = i
                push(heap, (nd, j))
    return None


class CourierBot(_HeuristicBot):
    """Builds delivery corridors for its two shipments (§10.1) and delivers: the SLA road."""

    attack_threshold = 0.45
    opportunistic_threshold = 0.8

    def plan(self, state: CnwState, me: int) -> dict[int, float]:
        want: dict[int, float] = {}
        costs = _entry_costs(state, me) if state.shipments[me] else []
        for card, deadline in state.shipments[me]:
            ship = _rules.SHIPS.cards[card]
            o, d = INDEX[ship.origin], INDEX[ship.destination]
            ends = {d} | (
                delivery_targets(state, geo_of(state), me, ship) if state.owner[d] != me else set()
            )
            path = _corridor(state, me, o, ends, costs)
            if path is None:
                continue
            missing = [j for j in path if state.owner[j] != me]
            cost = sum(state.pawns[j] + 1 for j in missing)
            if cost > 12 + 6 * deadline:
                continue  # out of reach before the deadline: not worth the pawns
            value = (ship.sla + 0.5) / (1 + 0.15 * cost)
            for j in path:
                want[j] = max(want.get(j, 0.0), value + (0.5 if j in (o, d) else 0.0))
        return want


class ExpansionistBot(_HeuristicBot):
    """Completes regions and collects hubs (§3.1, §6, §7.3); follows its objective's regions."""

    attack_threshold = 0.55
    opportunistic_threshold = 0.8

    def plan(self, state: CnwState, me: int) -> dict[int, float]:
        g = geo_of(state)
        owner = state.owner
        wanted_regions: set[str] = set()
        k = state.objectives[me]
        objective = _rules.OBJECTIVES.cards[k] if k >= 0 else None
        if objective is not None and objective.kind == "regions":
            wanted_regions = set(objective.regions)
        best = None
        best_score = -1.0
        for rid, members, bonus in g.regions:
            mine = sum(1 for i in members if owner[i] == me)
            if mine == len(members):
                continue
            enemy = sum(state.pawns[i] for i in members if owner[i] != me)
            score = (mine / len(members)) * bonus / (1 + 0.1 * enemy)
            if rid in wanted_regions:
                score *= 2
            if score > best_score:
                best, best_score = members, score
        want: dict[int, float] = {}
        if best is not None:
            for i in best:
                if owner[i] != me:
                    want[i] = 1.0
        for h in g.hubs:
            if owner[h] != me:
                want[h] = max(
                    want.get(h, 0.0), 0.7 if objective and objective.kind == "hubs" else 0.4
                )
        for card, _ in state.shipments[me]:
            ship = _rules.SHIPS.cards[card]
            for code in (ship.origin, ship.destination):
                i = INDEX[code]
                if owner[i] != me:
                    want[i] = max(want.get(i, 0.0), 0.3)
        return want


BOTS = {"random": RandomBot, "courier": CourierBot, "expansionist": ExpansionistBot}

__all__ = ["BOTS", "CODES", "CourierBot", "ExpansionistBot", "RandomBot", "odds"]
