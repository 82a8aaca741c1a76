"""Exact odds of the train-card deck (hypergeometric, with ``math.comb`` and ``Fraction``) and
seeded Monte Carlo estimates to check them against.

Drawing cards without putting them back is the hypergeometric law: from a pile of ``total``
cards of which ``good`` are useful, ``draws`` cards hold exactly ``k`` useful ones with chance
C(good, k) C(total - good, draws - k) / C(total, draws). Every question of the cards lesson is
this formula with different numbers:

- will I hold enough cards for a route after ``k`` more blind draws? Useful cards are the
  route's colour and the locomotives, which stand for any colour (§Carte Locomotiva,
  §Occupare le strade);
- how often do 3 locomotives turn up among the 5 face-up cards, which makes all five be
  replaced (§Carte Locomotiva)?
- what does a face-up locomotive cost? It is the whole turn: one card instead of two
  (§Carte Locomotiva, §Prendere carte carro).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction

from gamelib.rails.board import rules
from gamelib.rails.cards import LOCOMOTIVES, PER_COLOR, TOTAL_CARDS

FACE_UP: int = int(rules()["face_up_slots"]["value"])  # §Preparazione: 5
WIPE: int = int(rules()["face_up_locomotive_wipe"]["value"])  # §Carte Locomotiva: 3
DRAWS_PER_TURN: int = int(rules()["draws_per_turn"]["value"])  # §Prendere carte carro: 2


def _check(total: int, good: int, draws: int) -> None:
    if total < 0 or not 0 <= good <= total or not 0 <= draws <= total:
        raise ValueError(
            f"need 0 <= good <= total and 0 <= draws <= total (total={total}, good={good}, "
            f"draws={draws})"
        )


def hypergeometric_pmf(total: int, good: int, draws: int) -> list[Fraction]:
    """P(exactly k useful cards) for k = 0..draws, drawing ``draws`` of ``total`` cards of which
    ``good`` are useful, without replacement. Exact fractions that sum to 1."""
    _check(total, good, draws)
    denominator = math.comb(total, draws)
    return [
        Fraction(math.comb(good, k) * math.comb(total - good, draws - k), denominator)
        for k in range(draws + 1)
    ]


def at_least(need: int, total: int, good: int, draws: int) -> Fraction:
    """P(at least ``need`` useful cards among ``draws``): the tail of the hypergeometric law."""
    if need <= 0:
        return Fraction(1)
    pmf = hypergeometric_pmf(total, good, draws)
    return sum(pmf[need:], Fraction(0))


@dataclass(frozen=True)
class Pool:
    """The cards a player cannot see: ``total`` cards, ``colour`` of the wanted colour and
    ``locomotives`` locomotives among them."""

    total: int
    colour: int
    locomotives: int

    @property
    def good(self) -> int:
        return self.colour + self.locomotives


def unseen_pool(hand_colour: int, hand_locomotives: int, hand_other: int = 0) -> Pool:
    """The pool as a player reckons it at the start of a game: every card of the 110
    (§Contenuto) except the ones in the hand. (Cards in other hands and face up are unknown
    to the formula; the lesson says so.)"""
    if min(hand_colour, hand_locomotives, hand_other) < 0:
        raise ValueError("card counts cannot be negative")
    if hand_colour > PER_COLOR or hand_locomotives > LOCOMOTIVES:
        raise ValueError(
            f"there are only {PER_COLOR} cards of a colour and {LOCOMOTIVES} locomotives"
        )
    held = hand_colour + hand_locomotives + hand_other
    if held > TOTAL_CARDS:
        raise ValueError(f"a hand cannot hold more than the {TOTAL_CARDS} cards of the game")
    return Pool(
        total=TOTAL_CARDS - held,
        colour=PER_COLOR - hand_colour,
        locomotives=LOCOMOTIVES - hand_locomotives,
    )


def route_ready(length: int, in_hand: int, draws: int, pool: Pool) -> Fraction:
    """Chance of holding at least ``length`` cards usable on a route of one colour (that colour
    or locomotives, §Occupare le strade, §Carte Locomotiva) after ``draws`` blind draws, holding
    ``in_hand`` usable cards now."""
    return at_least(length - in_hand, pool.total, pool.good, min(draws, pool.total))


def face_up_wipe(
    locomotives: int = LOCOMOTIVES, total: int = TOTAL_CARDS, slots: int = FACE_UP
) -> Fraction:
    """Chance that ``slots`` cards turned face up from a shuffled pile show at least 3
    locomotives, so all five are discarded and replaced (§Carte Locomotiva)."""
    return at_least(WIPE, total, locomotives, slots)


@dataclass(frozen=True)
class DrawChoice:
    """What one turn of drawing brings, in expected cards."""

    cards: Fraction  # cards taken this turn
    useful: Fraction  # of which expected cards of the wanted colour or locomotives
    locomotives: Fraction  # of which expected locomotives


def blind_turn(pool: Pool, draws: int = DRAWS_PER_TURN) -> DrawChoice:
    """Two blind draws from the deck (§Prendere carte carro): expected values are draws x share."""
    share_good = Fraction(pool.good, pool.total)
    share_loco = Fraction(pool.locomotives, pool.total)
    return DrawChoice(Fraction(draws), draws * share_good, draws * share_loco)


def face_up_locomotive_turn() -> DrawChoice:
    """Taking a face-up locomotive is the whole turn (§Carte Locomotiva): one card, certain to
    be useful, certain to be a locomotive."""
    return DrawChoice(Fraction(1), Fraction(1), Fraction(1))


# --------------------------------------------------------------------------------------------
# Monte Carlo


def _pile(pool: Pool) -> list[int]:
    """2 = locomotive, 1 = wanted colour, 0 = anything else."""
    return [2] * pool.locomotives + [1] * pool.colour + [0] * (pool.total - pool.good)


def simulate_route_ready(
    length: int, in_hand: int, draws: int, pool: Pool, n: int, seed: int | str = 0
) -> int:
    """How many of ``n`` seeded shuffles give enough usable cards after ``draws`` draws."""
    rng = random.Random(seed)
    pile = _pile(pool)
    draws = min(draws, pool.total)
    need = length - in_hand
    hits = 0
    for _ in range(n):
        drawn = rng.sample(pile, draws)
        if sum(1 for c in drawn if c) >= need:
            hits += 1
    return hits


def simulate_face_up_wipe(
    n: int,
    seed: int | str = 0,
    locomotives: int = LOCOMOTIVES,
    total: int = TOTAL_CARDS,
    slots: int = FACE_UP,
) -> int:
    """How many of ``n`` seeded shuffles turn up at least 3 locomotives in the 5 face-up cards."""
    rng = random.Random(seed)
    pile = [1] * locomotives + [0] * (total - locomotives)
    return sum(1 for _ in range(n) if sum(rng.sample(pile, slots)) >= WIPE)


def wilson_interval(hits: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval for a proportion: where the true chance plausibly lies."""
    if n <= 0:
        return (0.0, 1.0)
    p = hits / n
    centre = p + z * z / (2 * n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denom = 1 + z * z / n
    return (max(0.0, (centre - half) / denom), min(1.0, (centre + half) / denom))
