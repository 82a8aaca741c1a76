"""§9.1 tris odds and §9.2 Imprevisto odds (``gamelib/cnw/card_odds.py``): the exact fractions
against brute force and against seeded shuffles of the real deck."""

import random
from fractions import Fraction
from itertools import combinations

import pytest

from gamelib.cnw import card_odds, cards
from gamelib.cnw.card_odds import ANY

DECK = cards.load()
N_GATEWAYS = len(DECK.gateway_cards)


@pytest.mark.parametrize("k", [3, 4])
def test_s9_1_tris_chances_equal_counting_every_hand(k):
    """§9.1: the chance of each tris after k cards equals the share of all C(42, k) hands."""
    symbol = [DECK.symbol(c) for c in range(N_GATEWAYS)]
    tris = {t.symbols: t.key for t in DECK.tris}
    hands = list(combinations(range(N_GATEWAYS), k))
    counts = dict.fromkeys([*tris.values(), ANY], 0)
    for hand in hands:
        made = {tuple(sorted(symbol[c] for c in trio)) for trio in combinations(hand, 3)}
        made &= set(tris)
        for symbols in made:
            counts[tris[symbols]] += 1
        counts[ANY] += bool(made)
    assert card_odds.tris_chances(k) == {key: Fraction(n, len(hands)) for key, n in counts.items()}


def test_s9_1_a_tris_is_certain_from_the_hand_limit():
    """§9.1: with 5 cards you must play a tris, so 5 cards always hold one, and 4 may not."""
    assert card_odds.tris_certain_from() == DECK.hand_limit
    assert card_odds.tris_chances(DECK.hand_limit - 1)[ANY] < 1
    assert card_odds.tris_chances(2)[ANY] == 0


def test_s9_1_hand_size_out_of_range_is_refused():
    with pytest.raises(ValueError):
        card_odds.tris_chances(N_GATEWAYS + 1)


def test_s9_2_one_draw_meets_an_imprevisto_6_times_in_48():
    """§9.2: the top card of the full deck is one of the 6 Imprevisti in 48 cards."""
    assert card_odds.imprevisto_next_draw() == Fraction(6, 48)
    assert card_odds.imprevisti_within(1)[0] == 1 - Fraction(6, 48)


@pytest.mark.parametrize("draws", [0, 1, 5, 20, N_GATEWAYS])
def test_s9_2_imprevisti_within_is_a_distribution(draws):
    dist = card_odds.imprevisti_within(draws)
    assert sum(dist.values()) == 1
    expected = sum(m * p for m, p in dist.items())
    assert expected == Fraction(6 * draws, N_GATEWAYS + 1)  # each one in 43 gaps
    if draws == N_GATEWAYS:
        assert dist[6] < 1  # the gap after the last gateway card is never met


def test_s9_2_exact_chances_match_seeded_shuffles_of_the_deck():
    """Shuffle the 48 card ids and draw as the Closure does (§9.2: an Imprevisto is applied and
    the player draws again): frequencies within 4 standard errors of the exact chances."""
    rng = random.Random(11)
    ids = list(range(DECK.size))
    n, draws = 20000, 10
    none_seen = strike_seen = 0
    strike = DECK.imprevisti[0].id
    for _ in range(n):
        rng.shuffle(ids)
        met, gateways = set(), 0
        for card in ids:
            if DECK.is_imprevisto(card):
                met.add(card)
                continue
            gateways += 1
            if gateways == draws:
                break
        none_seen += not met
        strike_seen += strike in met
    for seen, p in (
        (none_seen, card_odds.imprevisti_within(draws)[0]),
        (strike_seen, card_odds.imprevisto_seen(draws)),
    ):
        sd = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(seen / n - float(p)) < 4 * sd


def test_s9_2_draws_out_of_range_are_refused():
    with pytest.raises(ValueError):
        card_odds.imprevisti_within(N_GATEWAYS + 1)
    with pytest.raises(ValueError):
        card_odds.imprevisto_seen(-1)
