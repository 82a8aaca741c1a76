"""Exact card odds (hypergeometric) of gamelib.rails.odds, checked against scipy, brute-force
counting and seeded Monte Carlo."""

import itertools
from fractions import Fraction

import pytest
from scipy.stats import hypergeom

from gamelib.rails import odds


def test_pmf_matches_scipy_and_sums_to_one():
    pmf = odds.hypergeometric_pmf(110, 26, 6)
    assert sum(pmf) == 1
    for k, p in enumerate(pmf):
        assert float(p) == pytest.approx(hypergeom.pmf(k, 110, 26, 6), rel=1e-12)


def test_at_least_is_the_tail():
    assert odds.at_least(0, 10, 3, 2) == 1
    assert odds.at_least(3, 10, 3, 2) == 0
    assert float(odds.at_least(2, 50, 20, 7)) == pytest.approx(hypergeom.sf(1, 50, 20, 7))


def test_face_up_wipe_counts_three_locomotives_of_five_by_brute_force():
    """§Carte Locomotiva: 3 of the 5 face-up cards locomotives -> all replaced. Count every
    5-card subset of a small pile directly."""
    pile = [1] * 4 + [0] * 8
    subsets = list(itertools.combinations(range(len(pile)), 5))
    hits = sum(1 for s in subsets if sum(pile[i] for i in s) >= 3)
    assert odds.face_up_wipe(locomotives=4, total=12) == Fraction(hits, len(subsets))
    full = odds.face_up_wipe()
    assert float(full) == pytest.approx(hypergeom.sf(2, 110, 14, 5))
    assert 0.01 < float(full) < 0.03


def test_route_ready_counts_locomotives_as_any_colour():
    """§Carte Locomotiva / §Occupare le strade: locomotives are usable on any route."""
    pool = odds.unseen_pool(hand_colour=2, hand_locomotives=1, hand_other=1)
    assert pool == odds.Pool(total=106, colour=10, locomotives=13)
    p = odds.route_ready(5, 3, 4, pool)
    assert p == odds.at_least(2, 106, 23, 4)
    no_locos = odds.at_least(2, 106, 10, 4)
    assert p > no_locos
    assert odds.route_ready(3, 3, 0, pool) == 1
    assert odds.route_ready(4, 3, 0, pool) == 0


def test_face_up_locomotive_is_one_card_instead_of_two():
    """§Carte Locomotiva: a face-up locomotive is the whole turn; §Prendere carte carro: two
    blind draws otherwise."""
    pool = odds.unseen_pool(0, 0, 4)
    blind = odds.blind_turn(pool)
    loco = odds.face_up_locomotive_turn()
    assert blind.cards == 2 and loco.cards == 1
    assert blind.useful == Fraction(2 * 26, 106)
    assert blind.locomotives == Fraction(2 * 14, 106)
    assert loco.useful == 1 > blind.locomotives


def test_bad_counts_are_refused():
    with pytest.raises(ValueError):
        odds.unseen_pool(13, 0)
    with pytest.raises(ValueError):
        odds.hypergeometric_pmf(10, 11, 2)


def test_monte_carlo_is_seeded_and_agrees_with_the_exact_value():
    """Within a 99.9% interval (z = 3.29), so a correct simulator fails about once in 1,000
    seeds, and a wrong one (e.g. drawing with replacement of the wrong counts) fails at once."""
    pool = odds.unseen_pool(2, 0, 2)
    exact = float(odds.route_ready(4, 2, 6, pool))
    hits = odds.simulate_route_ready(4, 2, 6, pool, 4000, seed=3)
    assert hits == odds.simulate_route_ready(4, 2, 6, pool, 4000, seed=3)
    low, high = odds.wilson_interval(hits, 4000, z=3.29)
    assert low <= exact <= high
    wipes = odds.simulate_face_up_wipe(4000, seed=5)
    low, high = odds.wilson_interval(wipes, 4000, z=3.29)
    assert low <= float(odds.face_up_wipe()) <= high
