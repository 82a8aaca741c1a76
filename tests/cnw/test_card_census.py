"""§9.2 in real games (``gamelib/cnw/card_census.py``): seeded bot games counted draw by draw."""

from fractions import Fraction

from gamelib.cnw import battle, card_census, card_odds, cards

DECK = cards.load()


def test_census_is_seeded_and_consistent():
    """Same seed, same count; a draw that met an Imprevisto is counted once; over the first pass
    each of the six cards comes up at most once (§9.2: it is discarded, not reshuffled yet)."""
    games = [card_census.play(seed) for seed in range(8)]
    assert games[3] == card_census.play(3)
    for g in games:
        assert 0 <= g.hits <= g.draws <= len(DECK.gateway_cards)
        assert g.hits <= len(g.imprevisti) <= len(DECK.imprevisti)
        assert len(set(g.imprevisti)) == len(g.imprevisti)
        assert g.draws <= g.turns
        assert set(g.imprevisti) <= {c.key for c in DECK.imprevisti}


def test_bot_draws_meet_imprevisti_as_often_as_the_exact_model_says():
    """Every draw of the first pass meets an Imprevisto with chance 6/48, whatever the players
    do (the deck was shuffled before the game): 30 seeded games agree within a 99% interval."""
    games = [card_census.play(seed) for seed in range(30)]
    draws = sum(g.draws for g in games)
    hits = sum(g.hits for g in games)
    low, high = battle.wilson_interval(hits, draws, 0.99)
    assert low <= float(card_odds.imprevisto_next_draw()) <= high
    assert card_odds.imprevisto_next_draw() == Fraction(1, 8)
