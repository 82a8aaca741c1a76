"""Timings of the CNW battle mathematics (gamelib/cnw/battle.py). Run by hand, not a test:

    python benchmarks/cnw_battle.py

Prints, from cold caches, the time of the exact Markov-chain conquest table up to 30x30 for CNW
(defender up to 3 dice) and classic Risk (2 dice), with and without the HUB bonus (§8.3), in
floats and in exact Fractions; the OBC (§8.1) chain; and Monte Carlo battles per second.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gamelib.cnw import battle  # noqa: E402


def timed(label: str, func, *args, **kwargs):
    battle.clear_caches()
    start = time.perf_counter()
    result = func(*args, **kwargs)
    elapsed = time.perf_counter() - start
    print(f"{label:<58} {elapsed * 1000:10.1f} ms")
    return result, elapsed


def main() -> None:
    print("Exact conquest tables (cold cache)")
    for dice, name in [(3, "CNW, defender 3 dice"), (2, "classic, defender 2 dice")]:
        for hub in (False, True):
            tag = f"{name}, {'hub' if hub else 'no hub'}"
            timed(
                f"  30x30 float table  {tag}",
                battle.conquest_table,
                30,
                30,
                max_defender_dice=dice,
                hub=hub,
            )
            timed(
                f"  30x30 Fraction     {tag}",
                battle.conquest_probability_exact,
                30,
                30,
                max_defender_dice=dice,
                hub=hub,
            )
    print("OBC token chain (§8.1), CNW, no hub, float, cold cache")
    for obc in ("attacker", "defender", "both"):
        for size in (10, 30):
            timed(f"  {size}x{size} obc={obc}", battle.conquest_probability, size, size, obc=obc)
    print("Single-roll laws with re-rolls, 3v3, exact Fractions, cold cache")
    timed(
        "  roll_distribution(3, 3, both re-roll)",
        battle.roll_distribution,
        3,
        3,
        attacker_reroll=True,
        defender_reroll=True,
    )
    print("Monte Carlo (real dice, seeded)")
    n = 20_000
    for a, d, kwargs in [
        (10, 10, {}),
        (10, 10, {"max_defender_dice": 2}),
        (10, 10, {"hub": True}),
        (30, 30, {}),
        (10, 10, {"obc": "both"}),
    ]:
        battle.conquest_probability(a, d, **kwargs)  # warm the chain the OBC policy reads
        start = time.perf_counter()
        result = battle.simulate_battles(a, d, n, seed=1, **kwargs)
        elapsed = time.perf_counter() - start
        exact = battle.conquest_probability(a, d, **kwargs)
        low, high = result.ci95
        print(
            f"  {a}v{d} {kwargs or ''}: {n / elapsed:9.0f} battles/s"
            f"  estimate {result.estimate:.4f} [{low:.4f}, {high:.4f}]  exact {exact:.4f}"
        )


if __name__ == "__main__":
    main()
