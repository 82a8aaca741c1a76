"""Exact probabilities for the lessons, each with a seeded Monte Carlo twin.

The blind pick (§Fase Intercetto) is the heart of AirWar's chance: the defender picks face-down
mission cards it cannot tell apart, so ``k`` picks among ``n`` cards are a uniformly random
``k``-subset (hypergeometric). The engine shuffles the mission with the game RNG, so this is
exactly the game's model.

Damage model (a lesson's simplification, stated in every docstring): every interceptor makes
one blind pick of a different mission card; each duel is resolved by the real rule (the card is
destroyed if the interceptor's Air-to-Air is > 0 and >= its Defense); nobody strikes exposed
cards afterwards; every surviving mission card deals its damage value.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from fractions import Fraction
from itertools import permutations
from typing import Any

from .cards import Card, by_id

TARGET_STAT = {
    "industry": "bombing",
    "airbase": "bombing",
    "convoy": "convoy_attack",
    "carrier": "carrier_attack",
}
_MAX_ORDERINGS = 2_000_000


# --------------------------------------------------------------------------------------------
# Blind picks


def p_hit_at_least_one(n: int, bombers: int, k: int) -> Fraction:
    """Chance that ``k`` blind picks among ``n`` face-down cards, ``bombers`` of them bombers,
    find at least one bomber: 1 - C(n-b, k) / C(n, k)."""
    _check_pick(n, bombers, k)
    return 1 - Fraction(math.comb(n - bombers, k), math.comb(n, k))


def p_hit_specific(n: int, k: int) -> Fraction:
    """Chance that ``k`` blind picks among ``n`` cards include one particular card: k/n."""
    _check_pick(n, 1, k)
    return Fraction(k, n)


def picks_distribution(n: int, bombers: int, k: int) -> dict[int, Fraction]:
    """Exact hypergeometric law of how many bombers ``k`` blind picks find."""
    _check_pick(n, bombers, k)
    total = math.comb(n, k)
    return {
        j: Fraction(math.comb(bombers, j) * math.comb(n - bombers, k - j), total)
        for j in range(max(0, k - (n - bombers)), min(k, bombers) + 1)
    }


def picks_distribution_scipy(n: int, bombers: int, k: int) -> dict[int, float]:
    """The same law from ``scipy.stats.hypergeom`` (floats), for comparison in a lesson."""
    from scipy.stats import hypergeom  # here only: the lessons' static site has no SciPy

    _check_pick(n, bombers, k)
    law = hypergeom(n, bombers, k)
    return {j: float(law.pmf(j)) for j in range(max(0, k - (n - bombers)), min(k, bombers) + 1)}


def simulate_hit_at_least_one(n: int, bombers: int, k: int, trials: int, seed: int) -> float:
    """Monte Carlo twin of :func:`p_hit_at_least_one` (seeded, reproducible)."""
    _check_pick(n, bombers, k)
    rng = random.Random(seed)
    cards = list(range(n))
    hits = sum(1 for _ in range(trials) if any(c < bombers for c in rng.sample(cards, k)))
    return hits / trials


def simulate_hit_specific(n: int, k: int, trials: int, seed: int) -> float:
    """Monte Carlo twin of :func:`p_hit_specific`."""
    _check_pick(n, 1, k)
    rng = random.Random(seed)
    cards = list(range(n))
    return sum(1 for _ in range(trials) if 0 in rng.sample(cards, k)) / trials


def _check_pick(n: int, bombers: int, k: int) -> None:
    if not (0 <= bombers <= n and 0 <= k <= n and n >= 1):
        raise ValueError(f"need 0 <= bombers <= n, 0 <= k <= n, n >= 1 (got {n}, {bombers}, {k})")


# --------------------------------------------------------------------------------------------
# Damage that gets through


def _cards(ids: Sequence[str | Card]) -> list[Card]:
    table = by_id()
    return [c if isinstance(c, Card) else table[c] for c in ids]


def _duel(
    mission_card: Card,
    interceptor: Card,
    mods: dict[str, Any],
    interceptor_bonus: int,
) -> tuple[bool, int]:
    """(mission card destroyed?, damage bonus if it survives) for one blind duel."""
    a2a = interceptor.air_to_air + interceptor_bonus
    dfn = mission_card.defense
    evade = False
    bonus = 0
    card: Card | None = mods.get("card")
    if card is not None:
        if mods["attacker"]:
            dfn += card.param("own_defense")
            a2a += card.param("enemy_air_to_air")
            evade = card.effect == "evade"
            bonus = card.param("own_" + mods["stat"]) if card.lasting == "attached" else 0
        else:
            a2a += card.param("own_air_to_air")
            dfn += card.param("enemy_defense")
    destroyed = a2a > 0 and a2a >= dfn and not evade
    return destroyed, bonus


def _value(card: Card, stat: str, multiplier: int) -> int:
    return getattr(card, stat) * multiplier


def _pass_damage(
    order: Sequence[int],
    mission: list[Card],
    foes: list[Card],
    mods: dict[str, Any],
    interceptor_bonus: int,
    stat: str,
    mult: int,
) -> int:
    """Damage of one pass in which interceptor ``j`` duels mission card ``order[j]`` (the Battle
    card, if any, in the first duel): the exact law and the Monte Carlo twin share it."""
    dead = set()
    extra = 0
    for j, pos in enumerate(order):
        destroyed, bonus = _duel(mission[pos], foes[j], mods if j == 0 else {}, interceptor_bonus)
        if destroyed:
            dead.add(pos)
        elif j == 0:
            extra = bonus
    return sum(_value(c, stat, mult) for i, c in enumerate(mission) if i not in dead) + extra


def damage_distribution(
    mission: Sequence[str | Card],
    interceptors: Sequence[str | Card],
    target: str = "industry",
    carrier_launched: bool = False,
    interceptor_bonus: int = 0,
    battle_card: str | Card | None = None,
) -> dict[int, Fraction]:
    """Exact law of the damage that reaches ``target`` ("industry", "convoy", "airbase",
    "carrier") when each interceptor blindly picks a different mission card (one pass, see the
    module docstring). ``carrier_launched`` doubles Carrier attack (§Portaerei);
    ``interceptor_bonus`` is a War card's +Air-to-Air; ``battle_card`` is played by its side
    in the first duel (a lasting damage bonus counts if that mission card survives)."""
    m, foes = _cards(mission), _cards(interceptors)
    if not m:
        return {0: Fraction(1)}
    stat = TARGET_STAT[target]
    mult = 2 if carrier_launched and stat == "carrier_attack" else 1
    k = min(len(foes), len(m))
    n = len(m)
    count = math.perm(n, k)
    if count > _MAX_ORDERINGS:
        raise ValueError(f"{count} blind-pick orderings is too many to enumerate exactly")
    mods = _battle_mods(battle_card, m, foes, stat)
    tally: dict[int, int] = {}
    for order in permutations(range(n), k):
        dmg = _pass_damage(order, m, foes, mods, interceptor_bonus, stat, mult)
        tally[dmg] = tally.get(dmg, 0) + 1
    return {d: Fraction(c, count) for d, c in sorted(tally.items())}


def _battle_mods(
    battle_card: str | Card | None, mission: list[Card], foes: list[Card], stat: str
) -> dict[str, Any]:
    if battle_card is None:
        return {}
    card = _cards([battle_card])[0]
    if card.kind != "battle":
        raise ValueError(f"{card.id} is not a Battle card")
    attacker_side = mission[0].side
    return {"card": card, "attacker": card.side == attacker_side, "stat": stat}


def expected(distribution: dict[int, Fraction]) -> Fraction:
    """Mean of an exact distribution."""
    return sum((Fraction(d) * p for d, p in distribution.items()), Fraction(0))


def simulate_damage_distribution(
    mission: Sequence[str | Card],
    interceptors: Sequence[str | Card],
    trials: int,
    seed: int,
    target: str = "industry",
    carrier_launched: bool = False,
    interceptor_bonus: int = 0,
    battle_card: str | Card | None = None,
) -> dict[int, float]:
    """Monte Carlo twin of :func:`damage_distribution`: shuffle, pick, duel, add up."""
    m, foes = _cards(mission), _cards(interceptors)
    if not m:
        return {0: 1.0}
    stat = TARGET_STAT[target]
    mult = 2 if carrier_launched and stat == "carrier_attack" else 1
    k = min(len(foes), len(m))
    mods = _battle_mods(battle_card, m, foes, stat)
    rng = random.Random(seed)
    tally: dict[int, int] = {}
    positions = list(range(len(m)))
    for _ in range(trials):
        order = rng.sample(positions, k)
        dmg = _pass_damage(order, m, foes, mods, interceptor_bonus, stat, mult)
        tally[dmg] = tally.get(dmg, 0) + 1
    return {d: c / trials for d, c in sorted(tally.items())}


def p_destroyed(
    mission: Sequence[str | Card],
    interceptors: Sequence[str | Card],
    host: str | Card,
    carrier_launched: bool = False,
    war_defense: int = 0,
) -> Fraction:
    """Chance that a raid destroys an airbase or carrier in one attack (§Basi Aeree,
    §Portaerei): P(damage >= Defense), same one-pass model."""
    h = _cards([host])[0]
    target = "airbase" if h.kind == "airbase" else "carrier"
    law = damage_distribution(mission, interceptors, target, carrier_launched)
    need = h.defense + war_defense
    return sum((p for d, p in law.items() if d >= need), Fraction(0))


# --------------------------------------------------------------------------------------------
# What a Battle card is worth


def battle_card_value(
    mission: Sequence[str | Card],
    interceptors: Sequence[str | Card],
    battle_card: str | Card,
    target: str = "industry",
    carrier_launched: bool = False,
) -> dict[str, Fraction]:
    """Expected damage through without and with ``battle_card`` played in the first duel by
    its own side, and the difference (negative = the card saves the defender damage)."""
    without = expected(damage_distribution(mission, interceptors, target, carrier_launched))
    with_card = expected(
        damage_distribution(
            mission, interceptors, target, carrier_launched, battle_card=battle_card
        )
    )
    return {"without": without, "with": with_card, "gain": with_card - without}


def simulate_battle_card_value(
    mission: Sequence[str | Card],
    interceptors: Sequence[str | Card],
    battle_card: str | Card,
    trials: int,
    seed: int,
    target: str = "industry",
    carrier_launched: bool = False,
) -> dict[str, float]:
    """Monte Carlo twin of :func:`battle_card_value` (two independent seeded runs)."""

    def mean(law: dict[int, float]) -> float:
        return sum(d * p for d, p in law.items())

    without = mean(
        simulate_damage_distribution(mission, interceptors, trials, seed, target, carrier_launched)
    )
    with_card = mean(
        simulate_damage_distribution(
            mission,
            interceptors,
            trials,
            seed + 1,
            target,
            carrier_launched,
            battle_card=battle_card,
        )
    )
    return {"without": without, "with": with_card, "gain": with_card - without}
