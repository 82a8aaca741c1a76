"""Bots (planner beats random), exact odds against their Monte Carlo twins, simulation."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

import gamelib.airwar as aw
from gamelib import bots as base_bots
from gamelib.airwar import odds
from gamelib.airwar.bots import PlannerBot, RandomBot, unseen_pool
from gamelib.airwar.cards import card
from gamelib.airwar.simulate import GameSummary, run_games, win_rates


def test_random_bot_is_the_shared_random_bot():
    assert issubclass(RandomBot, base_bots.RandomBot) and RandomBot.game is aw
    s = aw.new_game(2, seed=1)
    assert RandomBot(3).choose(s) == RandomBot(3).choose(s)


def test_planner_beats_random_on_a_seeded_sample():
    """The planner wins clearly against the random bot, playing either side."""
    wins = 0
    games = 0
    for seed in range(6):
        for planner_side in (0, 1):
            bots = [RandomBot(seed), RandomBot(seed + 100)]
            bots[planner_side] = PlannerBot(seed)
            out = run_games(1, lambda _s, b=bots: b, seed=1000 + seed, max_turns=120)[0]
            games += 1
            wins += out.winner == aw.SIDES[planner_side]
    assert wins >= 11, f"planner won only {wins} of {games}"


def test_planner_uses_only_public_information():
    """At every decision of two planner games, re-dealing the opponent's hidden cards (hand,
    deck, and a face-down mission when the planner defends) leaves its choice unchanged."""
    import random

    rng = random.Random(0)
    checked = 0
    for seed in (21, 22):
        s = aw.new_game(2, seed=seed)
        bots = [PlannerBot(seed), RandomBot(seed)]
        while not aw.is_over(s) and s.turn < 60:
            me = aw.current_player(s)
            action = bots[me].choose(s)
            if me == 0:
                opp = 1
                t = s.copy()
                hidden = t.hand[opp] + t.deck[opp]
                r = t.raid
                swap_mission = r is not None and s.active == opp
                if swap_mission:
                    hidden += r.mission
                rng.shuffle(hidden)
                n_hand, n_deck = len(t.hand[opp]), len(t.deck[opp])
                t.hand[opp] = hidden[:n_hand]
                t.deck[opp] = hidden[n_hand : n_hand + n_deck]
                if swap_mission:
                    r.mission = hidden[n_hand + n_deck :]
                assert {c.id for c in unseen_pool(s, 0)} == {c.id for c in unseen_pool(t, 0)}
                assert PlannerBot(seed).choose(t) == PlannerBot(seed).choose(s) == action
                checked += 1
            s = aw.apply(s, action)
    assert checked > 100


# --------------------------------------------------------------------------------------------
# odds: exact values


def test_hit_at_least_one_exact():
    """§Fase Intercetto: 2 blind picks among 5 cards with 2 bombers: 1 - C(3,2)/C(5,2) = 7/10."""
    assert odds.p_hit_at_least_one(5, 2, 2) == Fraction(7, 10)
    assert odds.p_hit_at_least_one(4, 0, 3) == 0 and odds.p_hit_at_least_one(4, 1, 4) == 1
    assert odds.p_hit_specific(6, 2) == Fraction(1, 3)


def test_picks_distribution_is_hypergeometric():
    law = odds.picks_distribution(8, 3, 4)
    assert sum(law.values()) == 1
    assert law[0] == Fraction(math.comb(5, 4), math.comb(8, 4))
    sp = odds.picks_distribution_scipy(8, 3, 4)
    assert all(abs(float(law[j]) - sp[j]) < 1e-12 for j in law)
    with pytest.raises(ValueError):
        odds.p_hit_at_least_one(3, 4, 1)


def test_damage_distribution_exact_small_case():
    """One Wildcat blindly intercepts a Betty+Zero raid: it picks the Betty half the time
    (Betty destroyed: only the Zero's 0 Bombing arrives)."""
    assert card("al-wildcat-1").air_to_air >= card("ax-betty-1").defense
    assert card("al-wildcat-1").air_to_air >= card("ax-zero-1").defense
    law = odds.damage_distribution(["ax-betty-1", "ax-zero-1"], ["al-wildcat-1"])
    assert law == {0: Fraction(1, 2), card("ax-betty-1").bombing: Fraction(1, 2)}
    none = odds.damage_distribution(["ax-betty-1", "ax-zero-1"], [])
    assert none == {card("ax-betty-1").bombing: 1}


def test_damage_distribution_carrier_doubling():
    """§Portaerei: Carrier attack doubled when launched from a carrier in the Carrier stage."""
    k = card("ax-kate-1").carrier_attack
    assert odds.damage_distribution(["ax-kate-1"], [], "carrier") == {k: 1}
    assert odds.damage_distribution(["ax-kate-1"], [], "carrier", carrier_launched=True) == {
        2 * k: 1
    }


def test_p_destroyed_matches_distribution():
    mission = ["ax-val-1", "ax-betty-1", "ax-betty-2", "ax-betty-3", "ax-zero-1"]
    law = odds.damage_distribution(mission, ["al-wildcat-1"], "airbase")
    p = odds.p_destroyed(mission, ["al-wildcat-1"], "al-midway")
    assert p == sum(v for d, v in law.items() if d >= card("al-midway").defense)
    assert 0 < p < 1


def test_battle_card_value_thach_and_weather():
    """A defender's Battle card can only lower the damage; an evading bomber raises it."""
    mission = ["ax-betty-1", "ax-betty-2", "ax-zero-1"]
    v = odds.battle_card_value(mission, ["al-sbd-1"], "al-radar")
    assert v["gain"] < 0 and v["with"] == v["without"] + v["gain"]
    w = odds.battle_card_value(mission, ["al-wildcat-1"], "ax-weather")
    assert w["gain"] > 0


# --------------------------------------------------------------------------------------------
# odds: Monte Carlo twins within 4 standard errors


def _close(p_exact, p_mc, trials):
    sigma = math.sqrt(max(float(p_exact) * (1 - float(p_exact)), 1e-9) / trials)
    return abs(float(p_exact) - p_mc) <= 4 * sigma + 1e-9


def test_mc_hit_probabilities_within_ci():
    n = 20_000
    assert _close(
        odds.p_hit_at_least_one(7, 2, 3), odds.simulate_hit_at_least_one(7, 2, 3, n, 1), n
    )
    assert _close(odds.p_hit_specific(7, 3), odds.simulate_hit_specific(7, 3, n, 2), n)


def test_mc_damage_distribution_within_ci():
    n = 20_000
    mission = ["ax-betty-1", "ax-kate-1", "ax-zero-1", "ax-val-1"]
    foes = ["al-wildcat-1", "al-p40-1"]
    exact = odds.damage_distribution(mission, foes)
    mc = odds.simulate_damage_distribution(mission, foes, n, seed=3)
    for d in set(exact) | set(mc):
        assert _close(exact.get(d, 0), mc.get(d, 0.0), n), d


def test_mc_battle_card_value_within_ci():
    n = 20_000
    mission = ["ax-betty-1", "ax-betty-2", "ax-zero-1"]
    exact = odds.battle_card_value(mission, ["al-wildcat-1"], "ax-weather")
    mc = odds.simulate_battle_card_value(mission, ["al-wildcat-1"], "ax-weather", n, seed=4)
    spread = max(card(c).bombing for c in mission)  # damage range bounds the variance
    for key in ("without", "with"):
        assert abs(float(exact[key]) - mc[key]) <= 4 * spread / math.sqrt(n)


# --------------------------------------------------------------------------------------------
# simulate


def test_run_games_summaries_and_turn_cap():
    calls = []
    out = run_games(
        3,
        lambda s: [RandomBot(s), RandomBot(s + 1)],
        seed=5,
        progress=lambda done, n: calls.append((done, n)),
        max_turns=400,
    )
    assert calls == [(1, 3), (2, 3), (3, 3)]
    assert all(isinstance(g, GameSummary) for g in out)
    assert [g.seed for g in out] == [5, 6, 7]
    for g in out:
        assert g.finished and g.winner in aw.SIDES and g.industry[0] == (60, 60)
        assert min(g.industry[-1]) == 0
    capped = run_games(2, lambda s: [RandomBot(s), RandomBot(s + 1)], seed=5, max_turns=3)
    assert all(not g.finished and g.winner is None and g.turns == 3 for g in capped)
    rates = win_rates(out + capped)
    assert rates["unfinished"] == pytest.approx(2 / 5)
    assert rates["axis"] + rates["allies"] == pytest.approx(1.0)
