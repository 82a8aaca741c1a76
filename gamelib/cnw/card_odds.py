"""Exact odds of the Gateway deck (§9): holding a tris after k cards (§9.1) and meeting the
Operational Contingency cards (Imprevisti, §9.2).

The model is the deck as ``setup`` builds it: every gateway card in play plus the 6 Imprevisti,
shuffled once (§4 step 6). A player's gateway cards are then a uniform random subset of the
gateway cards (the Imprevisti only decide *where* the draws fall, never *which* gateway comes
up), so the tris odds are multivariate hypergeometric. A draw at the Closure (§9.1) turns cards
until a gateway card comes up, an Imprevisto on the way being applied (§9.2); over the first pass
through the deck the Imprevisti sit in the 43 gaps around the 42 gateway cards, every placement
equally likely, which gives the exact chances below. Both hold until the discard pile is shuffled
back (it is only after the whole deck has been drawn) and ignore cards taken from an eliminated
player (§7.5).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from itertools import product
from math import comb, prod

from gamelib.cnw import cards

ANY = "any"  # the chance of holding at least one tris, beside each tris by its key


def _symbol_counts(deck: cards.Deck) -> tuple[int, ...]:
    return tuple(sum(1 for c in deck.gateway_cards if c.symbol == s) for s in deck.symbols)


def _makes(deck: cards.Deck, hand: Sequence[int], tris: cards.Tris) -> bool:
    """Whether a hand with ``hand[i]`` cards of ``deck.symbols[i]`` holds ``tris``."""
    need = [tris.symbols.count(s) for s in deck.symbols]
    return all(h >= n for h, n in zip(hand, need, strict=True))


@cache
def tris_chances(k: int) -> dict[str, Fraction]:
    """For a hand of ``k`` gateway cards: the exact chance it can play each tris (by key) and
    any tris (:data:`ANY`), §9.1. Exact fractions; ``k`` from 0 to the number of gateway cards."""
    deck = cards.load()
    counts = _symbol_counts(deck)
    total = sum(counts)
    if not 0 <= k <= total:
        raise ValueError(f"a hand holds 0 to {total} gateway cards, not {k}")
    hands = comb(total, k)
    out = {t.key: Fraction(0) for t in deck.tris}
    out[ANY] = Fraction(0)
    for hand in product(*(range(min(n, k) + 1) for n in counts)):
        if sum(hand) != k:
            continue
        ways = Fraction(prod(comb(n, h) for n, h in zip(counts, hand, strict=True)), hands)
        made = [t.key for t in deck.tris if _makes(deck, hand, t)]
        for key in made:
            out[key] += ways
        if made:
            out[ANY] += ways
    return out


def tris_certain_from() -> int:
    """The fewest cards with which a hand always holds a tris (§9.1's forced tris relies on
    it: with ``hand_limit`` cards a tris must exist)."""
    k = 0
    while tris_chances(k)[ANY] < 1:
        k += 1
    return k


def _deck_shape() -> tuple[int, int]:
    deck = cards.load()
    return len(deck.gateway_cards), len(deck.imprevisti)


def imprevisto_next_draw() -> Fraction:
    """The chance that one Closure draw (§9.1) meets at least one Imprevisto (§9.2): the top
    card is one, 6 in 48 on the full board."""
    gateways, imprevisti = _deck_shape()
    return Fraction(imprevisti, gateways + imprevisti)


def imprevisti_within(draws: int) -> dict[int, Fraction]:
    """The exact distribution of how many Imprevisti the table has met after ``draws`` Closure
    draws (conquering turns, anyone's), over the first pass through the deck: m -> chance."""
    gateways, imprevisti = _deck_shape()
    if not 0 <= draws <= gateways:
        raise ValueError(f"0 to {gateways} draws in one pass through the deck, not {draws}")
    gaps = gateways + 1
    # the Imprevisti fill the gaps before the 1st, ..., after the last gateway card: the first
    # ``draws`` gaps are met; stars and bars counts the placements, all equally likely
    total = comb(imprevisti + gaps - 1, gaps - 1)
    out = {}
    for m in range(imprevisti + 1):
        met = comb(m + draws - 1, draws - 1) if draws else int(m == 0)
        rest = comb(imprevisti - m + gaps - draws - 1, gaps - draws - 1)
        out[m] = Fraction(met * rest, total)
    return out


def imprevisto_seen(draws: int) -> Fraction:
    """The chance that one given Imprevisto (say the ATC strike) has come up after ``draws``
    Closure draws: it is equally likely in each of the 43 gaps."""
    gateways, _ = _deck_shape()
    if not 0 <= draws <= gateways:
        raise ValueError(f"0 to {gateways} draws in one pass through the deck, not {draws}")
    return Fraction(draws, gateways + 1)
