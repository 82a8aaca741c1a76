"""Exact odds (hypergeometric, with ``math.comb`` and ``fractions``) beside seeded Monte Carlo.

* Can a freshly dealt hand of ``k`` control cards neutralise a random threat on its own (no
  collaboration, no Pentaqo draws)? The hand is drawn from the 56-card control deck
  (50 countermeasures, 2 Logiquo, 4 Pentaqo, §Preparazione.1); a threat is stopped when the
  hand holds at least ``controls_required`` cards that count against it: countermeasures that
  list it and, unless forbidden, Logiquo (§Carte Controllo, §Regole Speciali).
* How long is an anomaly chain: the chance of exactly (or at least) ``k`` anomalies before the
  first threat in a shuffled threat deck (§Struttura.1).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction

from gamelib.logiquo.cards import by_kind, rules, threat_categories
from gamelib.logiquo.controls import can_neutralise

CONTROL_KINDS = ("countermeasure", "logiquo", "pentaqo")


def control_deck() -> list[int]:
    """Card ids of one deck's control cards (56)."""
    return [c.id for kind in CONTROL_KINDS for c in by_kind(kind)]


def good_cards(number: int) -> int:
    """Control cards of one deck that count against threat ``number``."""
    t = next(c for c in by_kind("threat") if c.number == number)
    mitig = sum(1 for c in by_kind("countermeasure") if number in c.mitigates)
    logiquo = len(by_kind("logiquo")) if t.special.get("logiquo", True) is not False else 0
    return mitig + logiquo


def _required(number: int) -> int:
    t = next(c for c in by_kind("threat") if c.number == number)
    return int(t.special.get("controls_required", 1))


def p_hand_stops(hand_size: int, number: int) -> Fraction:
    """P(a random hand of ``hand_size`` control cards holds enough cards for threat ``number``):
    1 - sum_{i < need} C(g, i) C(N - g, k - i) / C(N, k)."""
    n_total = len(control_deck())
    g = good_cards(number)
    need = _required(number)
    k = hand_size
    if not 0 <= k <= n_total:
        raise ValueError(f"hand size must be 0..{n_total}")
    miss = sum(math.comb(g, i) * math.comb(n_total - g, k - i) for i in range(min(need, k + 1)))
    return 1 - Fraction(miss, math.comb(n_total, k))


def _numbers(category: str | None) -> list[int]:
    threats = by_kind("threat")
    if category is not None and category not in {c["id"] for c in threat_categories()}:
        raise ValueError(f"unknown threat category {category!r}")
    return [t.number for t in threats if category is None or t.category == category]


def p_random_threat(hand_size: int, category: str | None = None) -> Fraction:
    """P(the hand stops a threat drawn uniformly among all threats, or among one category)."""
    nums = _numbers(category)
    return sum((p_hand_stops(hand_size, n) for n in nums), Fraction(0)) / len(nums)


def hand_size_for(players: int) -> int:
    """The suggested deal for a player count (§Preparazione.2)."""
    return rules()["hand_size"][str(players)]


def by_player_count() -> dict[int, Fraction]:
    """Players (2..6) -> P(the dealt hand stops a random threat)."""
    return {int(p): p_random_threat(k) for p, k in rules()["hand_size"].items()}


def by_category(hand_size: int) -> dict[str, Fraction]:
    """Threat category -> P(a hand of ``hand_size`` stops a random threat of that category)."""
    return {c["id"]: p_random_threat(hand_size, c["id"]) for c in threat_categories()}


def table() -> list[dict[str, object]]:
    """Rows ``{players, hand_size, all, <category>: p ...}`` as floats, for a lesson table."""
    out = []
    for p, k in rules()["hand_size"].items():
        row: dict[str, object] = {"players": int(p), "hand_size": k}
        row["all"] = float(p_random_threat(k))
        row.update({cat: float(v) for cat, v in by_category(k).items()})
        out.append(row)
    return out


# --------------------------------------------------------------------------------------------
# Anomaly chains.


def p_anomaly_chain(
    k: int,
    threats: int | None = None,
    anomalies: int | None = None,
    *,
    at_least: bool = False,
) -> Fraction:
    """P(exactly ``k`` anomalies are drawn before the first threat) in a shuffled pile of
    ``threats`` + ``anomalies`` cards (default: a full deck, 52 + 13); with ``at_least``,
    P(the first ``k`` cards are all anomalies)."""
    t = rules()["deck"]["threat"] if threats is None else threats
    a = rules()["deck"]["anomaly"] if anomalies is None else anomalies
    if k < 0 or t < 1 or a < 0:
        raise ValueError("need k >= 0, at least one threat and no negative counts")
    if k > a:
        return Fraction(0)
    first_k = Fraction(math.perm(a, k), math.perm(a + t, k))
    if at_least:
        return first_k
    return first_k * Fraction(t, a + t - k)


# --------------------------------------------------------------------------------------------
# Monte Carlo.


@dataclass(frozen=True)
class Estimate:
    """A Monte Carlo proportion with its Wilson score interval at ``z`` standard errors."""

    p: float
    low: float
    high: float
    trials: int

    def contains(self, value: float) -> bool:
        return self.low <= value <= self.high


def wilson(successes: int, trials: int, z: float = 3.29) -> Estimate:
    """Wilson interval; z = 3.29 is a 99.9% two-sided interval."""
    if trials <= 0:
        raise ValueError("trials must be positive")
    phat = successes / trials
    denom = 1 + z * z / trials
    centre = (phat + z * z / (2 * trials)) / denom
    half = z * math.sqrt(phat * (1 - phat) / trials + z * z / (4 * trials * trials)) / denom
    return Estimate(phat, max(0.0, centre - half), min(1.0, centre + half), trials)


def mc_random_threat(
    hand_size: int, trials: int, seed: int, category: str | None = None
) -> Estimate:
    """Deal ``trials`` random hands and threats and check them with the game's own rule
    (:func:`gamelib.logiquo.controls.can_neutralise`)."""
    rng = random.Random(seed)
    deck = control_deck()
    nums = set(_numbers(category))
    threat_ids = [t.id for t in by_kind("threat") if t.number in nums]
    wins = 0
    for _ in range(trials):
        hand = rng.sample(deck, hand_size)
        if can_neutralise(hand, rng.choice(threat_ids)):
            wins += 1
    return wilson(wins, trials)


def mc_anomaly_chain(
    k: int,
    trials: int,
    seed: int,
    threats: int | None = None,
    anomalies: int | None = None,
    *,
    at_least: bool = False,
) -> Estimate:
    """Shuffle the threat pile ``trials`` times and count anomalies before the first threat."""
    t = rules()["deck"]["threat"] if threats is None else threats
    a = rules()["deck"]["anomaly"] if anomalies is None else anomalies
    rng = random.Random(seed)
    pile = [True] * a + [False] * t  # True = anomaly
    hits = 0
    for _ in range(trials):
        rng.shuffle(pile)
        chain = pile.index(False)
        if chain == k or (at_least and chain >= k):
            hits += 1
    return wilson(hits, trials)
