"""CNW battle mathematics: dice (§7.2), OBC re-roll (§8.1), HUB defence bonus (§8.3).

Exact figures are compared with Fractions; the classic-Risk setting is checked against the
published tables of Osborne (2003) stored in ``osborne_table.json``; Monte Carlo runs are seeded,
so they are deterministic, and must cover the exact value with their 99 % interval.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from gamelib.cnw import battle
from gamelib.cnw.battle import (
    RULES,
    choose_reroll,
    conquest_probability,
    conquest_probability_exact,
    conquest_table,
    expected_losses,
    load_rules,
    resolve_roll,
    roll_dice,
    roll_distribution,
    simulate_battles,
    survivor_distribution,
    survivor_marginals,
    wilson_interval,
)

OSBORNE = json.loads((Path(__file__).parent / "osborne_table.json").read_text(encoding="utf-8"))
DICE = [(a, d) for a in (1, 2, 3) for d in (1, 2, 3)]
CLASSIC = 2  # classic Risk: the defender rolls at most 2 dice


def mean_defender_losses(dist: dict[tuple[int, int], Fraction]) -> Fraction:
    return sum((p * ld for (_, ld), p in dist.items()), Fraction(0))


# --------------------------------------------------------------------------------------------
# Data.


def test_dice_rules_come_from_the_data_file_7_2_8_1_8_3():
    """§7.2 up to 3 dice each side, §8.3 hub +1, §8.1 3 tokens per game, once per turn."""
    raw = json.loads(battle.DATA_FILE.read_text(encoding="utf-8"))
    assert (
        (RULES.max_attack_dice, RULES.max_defend_dice)
        == (3, 3)
        == (
            raw["max_attack_dice"],
            raw["max_defend_dice"],
        )
    )
    assert RULES.die_faces == 6 and RULES.hub_bonus == 1
    assert RULES.obc_tokens_per_game == 3 and RULES.obc_uses_per_turn == 1


def test_load_rules_rejects_incomplete_data(tmp_path):
    broken = tmp_path / "battle.json"
    broken.write_text(json.dumps({"die_faces": 6}), encoding="utf-8")
    with pytest.raises(ValueError, match="lacks"):
        load_rules(broken)


# --------------------------------------------------------------------------------------------
# One roll (§7.2).


@pytest.mark.parametrize(
    "row", OSBORNE["single_roll"], ids=lambda r: f"{r['attack_dice']}v{r['defend_dice']}"
)
def test_single_roll_matches_published_fractions_7_2(row):
    dist = roll_distribution(row["attack_dice"], row["defend_dice"])
    key = (row["attacker_losses"], row["defender_losses"])
    assert dist[key] == Fraction(row["probability"])


def test_single_roll_lists_exactly_the_published_outcomes_7_2():
    for a, d in [(1, 1), (2, 1), (3, 1), (1, 2), (2, 2), (3, 2)]:
        published = {
            (r["attacker_losses"], r["defender_losses"])
            for r in OSBORNE["single_roll"]
            if (r["attack_dice"], r["defend_dice"]) == (a, d)
        }
        assert set(roll_distribution(a, d)) == published


@pytest.mark.parametrize("hub", [False, True])
def test_roll_distribution_equals_brute_force_over_all_ordered_rolls_7_2(hub):
    """The grouped enumeration must give the same exact law as all 6**(a+d) ordered rolls."""
    for a, d in DICE:
        counts: dict[tuple[int, int], int] = {}
        for faces in product(range(1, 7), repeat=a + d):
            key = resolve_roll(faces[:a], faces[a:], hub=hub)
            counts[key] = counts.get(key, 0) + 1
        total = 6 ** (a + d)
        assert roll_distribution(a, d, hub=hub) == {
            k: Fraction(c, total) for k, c in counts.items()
        }


def test_probabilities_sum_to_exactly_one_7_2_8_1_8_3():
    for (a, d), hub, ar, dr in product(DICE, [False, True], [False, True], [False, True]):
        dist = roll_distribution(a, d, hub=hub, attacker_reroll=ar, defender_reroll=dr)
        assert sum(dist.values()) == 1
        assert all(p > 0 for p in dist.values())
        assert all(la + ld == min(a, d) for la, ld in dist)


def test_tie_goes_to_the_defender_7_2():
    assert resolve_roll([4], [4]) == (1, 0)
    assert resolve_roll([6, 6, 6], [6, 6, 6]) == (3, 0)
    assert resolve_roll([6, 5, 2], [6, 5, 1]) == (2, 1)  # two ties, one attacker win


def test_dice_compared_highest_with_highest_in_any_order_7_2():
    assert resolve_roll([1, 6, 3], [2, 5]) == (0, 2)  # 6>5, 3>2; the 1 is not compared
    assert resolve_roll([6, 1, 1], [5, 2, 2]) == (2, 1)  # 6>5, 1<2, 1<2
    assert resolve_roll([2], [1, 1, 1]) == (0, 1)  # one comparison only


def test_defender_rolls_up_to_three_dice_7_2():
    """CNW lets the defender roll 3 dice (classic Risk: 2), so 3 comparisons can happen."""
    assert set(roll_distribution(3, 3)) == {(3, 0), (2, 1), (1, 2), (0, 3)}
    assert resolve_roll([5, 5, 5], [6, 4, 4]) == (1, 2)


# --------------------------------------------------------------------------------------------
# HUB bonus (§8.3).


def test_hub_adds_one_to_the_defenders_highest_die_only_8_3():
    assert resolve_roll([5, 5], [4, 4]) == (0, 2)
    assert resolve_roll([5, 5], [4, 4], hub=True) == (1, 1)  # 5 vs 4+1 tie, 5 vs 4
    assert resolve_roll([5, 3], [4, 2], hub=True) == (1, 1)


def test_hub_six_plus_one_only_wins_what_a_six_already_won_8_3():
    """6+1=7 is not capped, but a 6 already beats every attacker face through the tie rule."""
    for attack in range(1, 7):
        assert resolve_roll([attack], [6], hub=True) == resolve_roll([attack], [6]) == (1, 0)
    result = battle.RollResult(
        attack=(6,), defend=(6,), attacker_losses=1, defender_losses=0, hub=True
    )
    assert result.defend_effective == (7,)


@pytest.mark.parametrize("dice", DICE, ids=lambda x: f"{x[0]}v{x[1]}")
def test_hub_makes_defence_strictly_better_for_every_dice_combination_8_3(dice):
    a, d = dice
    plain, hub = roll_distribution(a, d), roll_distribution(a, d, hub=True)
    assert mean_defender_losses(hub) < mean_defender_losses(plain)
    # and never worse for any threshold: P(defender loses >= j) can only drop
    for j in range(1, min(a, d) + 1):
        assert at_least(hub, j) <= at_least(plain, j)


def at_least(dist: dict[tuple[int, int], Fraction], j: int) -> Fraction:
    return sum((p for (_, ld), p in dist.items() if ld >= j), Fraction(0))


def test_hub_lowers_conquest_chances_8_3():
    for a, d in product(range(1, 9), range(1, 9)):
        assert conquest_probability(a, d, hub=True) < conquest_probability(a, d)


# --------------------------------------------------------------------------------------------
# A whole battle (§7.1, §7.2).


def test_attacker_dice_capped_at_pawns_minus_one_7_1_7_2():
    """``attackers`` are the pawns that may roll (source minus one): 1 pawn rolls 1 die."""
    assert [battle.attack_dice_for(n) for n in (1, 2, 3, 4, 9)] == [1, 2, 3, 3, 3]
    one_v_one = Fraction(15, 36)
    assert conquest_probability_exact(1, 1) == one_v_one
    # one die against the defender's two, then one against one
    assert conquest_probability_exact(1, 2) == Fraction(55, 216) * one_v_one
    # two dice first: win at once, or lose one pawn and go on with a single die
    assert conquest_probability_exact(2, 1) == Fraction(125, 216) + Fraction(91, 216) * one_v_one


def test_defender_three_dice_is_better_for_the_defender_than_classic_two_7_2():
    for a, d in product(range(1, 11), range(1, 11)):
        cnw = conquest_probability_exact(a, d)
        classic = conquest_probability_exact(a, d, max_defender_dice=CLASSIC)
        if d <= 2:
            assert cnw == classic  # the defender never has a third pawn to roll
        else:
            assert cnw < classic


def test_osborne_table_classic_risk_agreement():
    """Classic Risk (defender up to 2 dice, no hub) reproduces Osborne (2003), Table 3."""
    table = OSBORNE["attacker_wins"]
    computed = conquest_table(10, 10, max_defender_dice=OSBORNE["max_defender_dice"])
    for a, row in enumerate(table, start=1):
        for d, published in enumerate(row, start=1):
            assert abs(computed[a - 1][d - 1] - published) <= 0.0005 + 1e-12, (a, d)


def test_exact_and_float_chains_agree():
    for kwargs in [{}, {"hub": True}, {"max_defender_dice": CLASSIC}, {"obc": "both"}]:
        for a, d in [(1, 1), (3, 4), (7, 5)]:
            exact = conquest_probability_exact(a, d, **kwargs)
            assert isinstance(exact, Fraction)
            assert conquest_probability(a, d, **kwargs) == pytest.approx(float(exact), abs=1e-12)


def test_conquest_table_30_by_30_rows_are_attackers_columns_defenders():
    table = conquest_table(30, 30)
    assert len(table) == 30 and all(len(row) == 30 for row in table)
    assert table[0][0] == pytest.approx(15 / 36)
    assert table[11][4] == conquest_probability(12, 5)
    assert table[4][11] == conquest_probability(5, 12)
    for i in range(30):
        for j in range(29):
            assert table[i][j] > table[i][j + 1]  # more defenders: harder
            assert table[j][i] < table[j + 1][i]  # more attackers: easier


def test_survivor_distribution_is_a_law_of_finished_battles_7_2():
    for a, d, hub in [(1, 1, False), (5, 4, False), (8, 8, True)]:
        dist = survivor_distribution(a, d, hub=hub, exact=True)
        assert sum(dist.values()) == 1
        assert all((left_a == 0) != (left_d == 0) for left_a, left_d in dist)
        won = sum(p for (_, left_d), p in dist.items() if left_d == 0)
        assert won == conquest_probability_exact(a, d, hub=hub)
    assert survivor_distribution(1, 1, exact=True) == {
        (0, 1): Fraction(21, 36),
        (1, 0): Fraction(15, 36),
    }


def test_expected_losses_and_marginals_follow_the_survivor_law():
    lost_a, lost_d = expected_losses(1, 1)
    assert lost_a == pytest.approx(21 / 36) and lost_d == pytest.approx(15 / 36)
    dist = survivor_distribution(6, 6)
    left_a, left_d = survivor_marginals(6, 6)
    assert sum(left_a.values()) == pytest.approx(1) and sum(left_d.values()) == pytest.approx(1)
    assert left_d[0] == pytest.approx(conquest_probability(6, 6))
    lost_a, lost_d = expected_losses(6, 6)
    assert lost_a == pytest.approx(sum(p * (6 - a) for (a, _), p in dist.items()))
    assert 0 < lost_a <= 6 and 0 < lost_d <= 6


# --------------------------------------------------------------------------------------------
# OBC re-roll (§8.1).


@pytest.mark.parametrize("dice", DICE, ids=lambda x: f"{x[0]}v{x[1]}")
@pytest.mark.parametrize("hub", [False, True])
def test_reroll_never_hurts_the_side_using_it_single_roll_8_1(dice, hub):
    a, d = dice
    plain = mean_defender_losses(roll_distribution(a, d, hub=hub))
    att = mean_defender_losses(roll_distribution(a, d, hub=hub, attacker_reroll=True))
    dfn = mean_defender_losses(roll_distribution(a, d, hub=hub, defender_reroll=True))
    both = mean_defender_losses(
        roll_distribution(a, d, hub=hub, attacker_reroll=True, defender_reroll=True)
    )
    assert att > plain > dfn  # each side strictly gains from its token
    assert dfn < both < att  # and loses from the opponent's


def test_reroll_one_v_one_equals_rolling_two_dice_8_1():
    """Re-rolling a losing single die is like keeping the best of two: 2v1 (or 1v2) odds."""
    assert conquest_probability_exact(1, 1, obc="attacker") == Fraction(125, 216)
    assert conquest_probability_exact(1, 1, obc="defender") == Fraction(55, 216)


def test_obc_option_never_hurts_the_side_holding_it_in_a_battle_8_1():
    for a, d, hub in product(range(1, 7), range(1, 7), [False, True]):
        none = conquest_probability(a, d, hub=hub)
        att = conquest_probability(a, d, hub=hub, obc="attacker")
        dfn = conquest_probability(a, d, hub=hub, obc="defender")
        both = conquest_probability(a, d, hub=hub, obc="both")
        assert att > none > dfn, (a, d, hub)
        assert dfn - 1e-12 <= both <= att + 1e-12, (a, d, hub)


def test_reroll_policy_keeps_dice_when_a_reroll_would_not_help_8_1():
    assert choose_reroll("attacker", [1], [5]) == 1
    assert choose_reroll("attacker", [6], [1]) is None  # already winning
    assert choose_reroll("defender", [6], [1]) == 1
    assert choose_reroll("defender", [3], [5]) is None
    # (4,4) vs (5,3) is one pawn each; re-rolling a 4 risks losing both: keep
    assert choose_reroll("attacker", [4, 4], [5, 3]) is None
    # a 6 on the defender's side cannot be beaten by any re-roll of a losing 1v1 attacker
    assert choose_reroll("attacker", [2], [6]) is None


def test_a_rerolled_face_must_be_kept_even_if_worse_8_1():
    rng = random.Random(7)
    seen_worse = 0
    for _ in range(3000):
        result = roll_dice(rng, 3, 3, attacker_reroll=True, defender_reroll=True)
        assert (result.attacker_losses, result.defender_losses) == resolve_roll(
            result.attack, result.defend
        )
        if result.attacker_reroll is not None:
            old, new = result.attacker_reroll
            assert sorted(result.attack) != sorted(result.attack_rolled) or old == new
            seen_worse += new < old
    assert seen_worse > 0


def test_hub_bonus_counts_on_the_final_dice_after_a_reroll_8_1_8_3():
    """The +1 goes on the defender's highest die as it stands after any OBC re-roll."""
    # 1v1 on a hub, defender re-rolls when losing (attacker > die + 1); the attacker still
    # wins only if the new die + 1 is below it: sum over a of (a-2) * (a-2) / 216
    dist = roll_distribution(1, 1, hub=True, defender_reroll=True)
    assert dist[(0, 1)] == Fraction(1 + 4 + 9 + 16, 216)
    rng = random.Random(99)
    moved = 0
    for _ in range(3000):
        r = roll_dice(rng, 3, 3, hub=True, defender_reroll=True)
        assert (r.attacker_losses, r.defender_losses) == resolve_roll(r.attack, r.defend, hub=True)
        if r.defender_reroll is not None and r.defender_reroll[1] > max(r.defend_rolled):
            moved += 1
            assert r.defend_effective[0] == r.defender_reroll[1] + 1
    assert moved > 0


def test_roll_dice_follows_roll_distribution_with_rerolls_8_1():
    rng = random.Random(2024)
    n = 20_000
    counts: dict[tuple[int, int], int] = {}
    for _ in range(n):
        r = roll_dice(rng, 3, 3, hub=True, attacker_reroll=True, defender_reroll=True)
        key = (r.attacker_losses, r.defender_losses)
        counts[key] = counts.get(key, 0) + 1
    exact = roll_distribution(3, 3, hub=True, attacker_reroll=True, defender_reroll=True)
    assert set(counts) <= set(exact)
    for key, p in exact.items():
        low, high = wilson_interval(counts.get(key, 0), n, 0.999)
        assert low <= p <= high, key


# --------------------------------------------------------------------------------------------
# Monte Carlo.


@pytest.mark.parametrize(
    "attackers, defenders, kwargs",
    [
        (5, 5, {"max_defender_dice": CLASSIC}),
        (5, 5, {}),
        (10, 7, {}),
        (8, 4, {"hub": True}),
        (4, 4, {"obc": "attacker"}),
        (5, 4, {"obc": "both", "hub": True}),
    ],
)
def test_monte_carlo_agrees_with_exact_within_99_percent(attackers, defenders, kwargs):
    result = simulate_battles(attackers, defenders, 20_000, seed=11, **kwargs)
    low, high = result.interval(0.99)
    assert low <= conquest_probability(attackers, defenders, **kwargs) <= high
    assert sum(result.survivors.values()) == result.n
    assert result.wins == sum(c for (_, d), c in result.survivors.items() if d == 0)
    assert result.ci95[0] >= low and result.ci95[1] <= high


def test_monte_carlo_is_reproducible_from_its_seed():
    a = simulate_battles(6, 6, 2000, seed=3)
    assert a == simulate_battles(6, 6, 2000, seed=3)
    assert a.survivors != simulate_battles(6, 6, 2000, seed=4).survivors
    assert roll_dice(random.Random(5), 3, 3) == roll_dice(random.Random(5), 3, 3)


def test_wilson_interval_contains_the_estimate_and_stays_in_0_1():
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0
    low, high = wilson_interval(50, 100)
    assert low < 0.5 < high


# --------------------------------------------------------------------------------------------
# Nonsense input.


@pytest.mark.parametrize(
    "call",
    [
        lambda: roll_distribution(0, 1),
        lambda: roll_distribution(4, 1),
        lambda: roll_distribution(1, 4),
        lambda: roll_distribution(True, 1),
        lambda: resolve_roll([], [1]),
        lambda: resolve_roll([1, 2, 3, 4], [1]),
        lambda: resolve_roll([7], [1]),
        lambda: resolve_roll([1], [0]),
        lambda: conquest_probability(-1, 2),
        lambda: conquest_probability(0, 2),
        lambda: conquest_probability(2, 0),
        lambda: conquest_probability(2, 2, max_defender_dice=4),
        lambda: conquest_probability(2, 2, obc="nobody"),
        lambda: conquest_table(0, 5),
        lambda: survivor_distribution(3, -2),
        lambda: roll_dice(random.Random(1), 4, 1),
        lambda: choose_reroll("umpire", [1], [1]),
    ],
)
def test_nonsense_raises_value_error_with_the_rule(call):
    with pytest.raises(ValueError, match="§"):
        call()


def test_monte_carlo_needs_at_least_one_battle():
    with pytest.raises(ValueError, match="n must be"):
        simulate_battles(3, 3, 0, seed=1)
