"""The planner's speed-ups choose exactly what the planner chose before them (issue #10: the
shipped studies, goldens and precomputed lab results depend on the same seeds giving the same
games). ``reference_plan`` is the planner's plan as it was written before the speed-ups: every
mission weighed from scratch, the chance of reaching a Defense multiplied out mask by mask. The
fast plan (memos per decision, per kind of target and per card type, settled aircraft left out
of the enumeration) must return the same value, bit for bit, and the same mission."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import gamelib.airwar as aw
import gamelib.airwar.rules as R
from gamelib.airwar.bots import PlannerBot, RandomBot, duel_odds, reach_chance
from gamelib.airwar.cards import Card

CARDS = R.CARDS


def reference_reach(survive: list[float], values: list[float], need: int) -> float:
    """The chance of reaching ``need`` as the planner first computed it: every bitmask."""
    m = len(survive)
    prob = 0.0
    for mask in range(1 << m):
        pr, total = 1.0, 0.0
        for i in range(m):
            if mask >> i & 1:
                pr *= survive[i]
                total += values[i]
            else:
                pr *= 1.0 - survive[i]
        if total >= need:
            prob += pr
    return prob


def reference_value(
    bot: PlannerBot, state, target: str, mission: list[Card], k: int, foes: list
) -> float:
    """``_mission_value`` as it was: every aircraft's odds and damage worked out afresh."""
    m = len(mission)
    pick = min(1.0, k / m) if m else 0.0
    survive = []
    gain = 0.0
    for c in mission:
        pk, pw, value = duel_odds(c, foes)
        survive.append(1.0 - pick * pk)
        gain += pick * pw * 3.0 - pick * pk * value * 0.5
    values = [bot._damage_stat(state, target, c) for c in mission]
    q = R.other(state.active)
    if target == R.RESOURCES:
        dmg = sum(v * s for v, s in zip(values, survive, strict=True))
        dmg -= R.war_total(state, q, "industry_shield") * 0.7
        return gain + dmg
    need = R.host_defense(state, q, target)
    return gain + reference_reach(survive, values, need) * bot._host_value(state, q, target)


def reference_plan(bot: PlannerBot, state, target: str, pool: list[str]):
    """``_plan`` as it was before the memos."""
    p = state.active
    cap = R.attack_capacity(state, p, state.stage)
    cards = [CARDS[c] for c in pool if R.can_fly(CARDS[c], state.stage)]
    if state.stage == "airbase" and state.carriers[p]:
        room = R.attack_capacity(state, p, "carrier")
        cb = sorted(
            (c for c in cards if c.carrier_based), key=lambda c: -max(c.carrier_attack, c.bombing)
        )
        keep = {c.id for c in cb[:room]}
        cards = [c for c in cards if c.id not in keep]
    if not cards or cap <= 0:
        return 0.0, []
    k = bot._expected_interceptors(state, target)
    foes = bot._interceptor_stats(state, p)
    strikers = sorted(cards, key=lambda c: -bot._damage_stat(state, target, c))
    escorts = sorted(cards, key=lambda c: (-c.air_to_air, -c.defense))
    hand_fighters = sum(
        1 for c in state.hand[p] if CARDS[c].kind == "aircraft" and CARDS[c].air_to_air >= 1
    )
    best = (0.0, [])
    hosts = state.bases[p] if state.stage == "airbase" else state.carriers[p]
    total_cap = sum(R.host_capacity(state, p, h) for h in hosts)
    for n_strike in range(1, min(cap, len(strikers)) + 1):
        chosen = strikers[:n_strike]
        if bot._damage_stat(state, target, chosen[-1]) <= 0:
            break
        for n_escort in range(0, cap - n_strike + 1):
            extra = [c for c in escorts if c not in chosen][:n_escort]
            if len(extra) < n_escort:
                break
            mission = chosen + extra
            value = reference_value(bot, state, target, mission, k, foes)
            fighters_sent = sum(1 for c in mission if c.air_to_air >= 1)
            defenders = min(total_cap - len(mission), hand_fighters - fighters_sent)
            value += 1.2 * max(0, defenders)
            if value > best[0]:
                best = (value, [c.id for c in mission])
    return best[0] - 1.2 * min(total_cap, hand_fighters), best[1]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(st.one_of(st.sampled_from([0.0, 1.0]), st.floats(0.0, 1.0)), st.integers(0, 8)),
        max_size=9,
    ),
    st.integers(-2, 30),
)
def test_reach_chance_equals_every_bitmask_multiplied_out(pairs, need: int) -> None:
    """Settled aircraft (sure to survive or to fall) left out, tables built a bit at a time:
    the same float as the loop over every bitmask, whatever the chances and damages."""
    survive = [s for s, _ in pairs]
    damages = [d for _, d in pairs]
    assert reach_chance(survive, damages, need) == reference_reach(survive, damages, need)


def planner_states(seeds: range):
    """Every state of planner games where a planner picks a target or builds a mission."""
    for seed in seeds:
        state = aw.new_game(2, seed=seed)
        bots = [PlannerBot(2 * seed), PlannerBot(2 * seed + 1)]
        while not aw.is_over(state) and state.turn <= 60:
            if state.step in ("target", "launch"):
                yield state
            state = aw.apply(state, bots[aw.current_player(state)].choose(state))


def test_plans_equal_the_reference_plan_with_warm_and_cold_memos() -> None:
    """For every target of every Attack decision of six planner games (and the mission being
    built), the plan of a bot whose memos were filled by the whole game, and of a fresh bot,
    equals the reference plan: value bit for bit, mission card for card."""
    warm = PlannerBot(0)
    checked = 0
    for state in planner_states(range(1, 7)):
        p = state.active
        if state.step == "target":
            pools = [
                (a.target, state.hand[p]) for a in aw.legal_actions(state) if hasattr(a, "target")
            ]
        else:
            pools = [(state.raid.target, state.hand[p] + state.raid.mission)]
        for target, pool in pools:
            want = reference_plan(PlannerBot(0), state, target, pool)
            assert warm._plan(state, target, pool) == want
            assert PlannerBot(0)._plan(state, target, pool) == want
            checked += 1
    assert checked > 500


def test_a_warm_bot_chooses_what_a_fresh_bot_chooses() -> None:
    """The memos kept across decisions never change a decision: a bot that played a whole
    game and a new bot choose the same action at every state of another game."""
    rng = random.Random(5)
    warm = PlannerBot(1)
    state = aw.new_game(2, seed=11)
    other = [PlannerBot(3), RandomBot(4)]
    while not aw.is_over(state) and state.turn <= 80:
        if aw.current_player(state) == 0:
            action = warm.choose(state)
            assert action == PlannerBot(1).choose(state)
        else:
            action = other[rng.random() < 0.5].choose(state)
        state = aw.apply(state, action)
