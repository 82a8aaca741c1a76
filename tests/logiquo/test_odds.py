"""odds.py: exact hypergeometric probabilities, checked against brute force and seeded Monte
Carlo (within a 99.9% Wilson interval)."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from gamelib.logiquo import odds
from gamelib.logiquo.cards import by_kind, threat


def test_exact_matches_brute_force_on_a_small_hand():
    """Enumerate every 2-card hand of the 56 control cards for threat 9 (needs 2 controls)."""
    deck = odds.control_deck()
    good = [
        c
        for c in deck
        if c in {x.id for x in by_kind("logiquo")}
        or (c in {x.id for x in by_kind("countermeasure")} and 9 in _mit(c))
    ]
    hands = list(itertools.combinations(deck, 2))
    wins = sum(1 for h in hands if sum(1 for x in h if x in good) >= 2)
    assert odds.p_hand_stops(2, 9) == Fraction(wins, len(hands))


def _mit(cid):
    return next(c for c in by_kind("countermeasure") if c.id == cid).mitigates


def test_logiquo_counts_only_where_allowed():
    assert threat(10).special["logiquo"] is False
    assert odds.good_cards(10) == sum(1 for c in by_kind("countermeasure") if 10 in c.mitigates)
    assert odds.good_cards(11) == sum(1 for c in by_kind("countermeasure") if 11 in c.mitigates) + 2


def test_bigger_hands_stop_more_threats():
    ps = [odds.p_random_threat(k) for k in range(0, 12)]
    assert ps[0] == 0 and all(a < b for a, b in zip(ps, ps[1:], strict=False))
    table = odds.by_player_count()
    assert list(table) == [2, 3, 4, 5, 6]
    assert all(table[p] > table[p + 1] for p in range(2, 6))


def test_category_average_recombines_into_the_overall_average():
    k = 6
    per = odds.by_category(k)
    counts = {c: sum(1 for t in by_kind("threat") if t.category == c) for c in per}
    assert sum(per[c] * counts[c] for c in per) / 52 == odds.p_random_threat(k)
    with pytest.raises(ValueError):
        odds.p_random_threat(k, "nonsense")


@pytest.mark.parametrize("hand", [3, 6, 8])
def test_monte_carlo_agrees_with_the_exact_value(hand):
    est = odds.mc_random_threat(hand, 6000, seed=hand)
    assert est.contains(float(odds.p_random_threat(hand)))


def test_monte_carlo_by_category_agrees():
    est = odds.mc_random_threat(7, 6000, seed=3, category="malware")
    assert est.contains(float(odds.p_random_threat(7, "malware")))


def test_anomaly_chain_exact_values():
    assert odds.p_anomaly_chain(0) == Fraction(52, 65)
    assert odds.p_anomaly_chain(1) == Fraction(13, 65) * Fraction(52, 64)
    assert odds.p_anomaly_chain(2, at_least=True) == Fraction(13 * 12, 65 * 64)
    total = sum(odds.p_anomaly_chain(k) for k in range(0, 14))
    assert total == 1
    assert odds.p_anomaly_chain(14) == 0


@pytest.mark.parametrize("k,at_least", [(0, False), (1, False), (2, True)])
def test_anomaly_chain_monte_carlo_agrees(k, at_least):
    est = odds.mc_anomaly_chain(k, 20000, seed=k, at_least=at_least)
    assert est.contains(float(odds.p_anomaly_chain(k, at_least=at_least)))


def test_anomaly_chain_on_a_partly_drawn_deck():
    exact = odds.p_anomaly_chain(1, threats=5, anomalies=3)
    rng = random.Random(1)
    pile = [True] * 3 + [False] * 5
    hits = 0
    for _ in range(20000):
        rng.shuffle(pile)
        hits += pile.index(False) == 1
    assert odds.wilson(hits, 20000).contains(float(exact))


def test_wilson_interval_narrows_with_trials():
    a, b = odds.wilson(50, 100), odds.wilson(5000, 10000)
    assert a.high - a.low > b.high - b.low
    with pytest.raises(ValueError):
        odds.wilson(0, 0)
