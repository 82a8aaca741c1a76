"""Speed of the CNW rules engine: full 4-player random-bot games per second and actions per
second, side by side in the same run with catanatron 3.2.1 (four RandomPlayers). Run by hand,
not a test:

    python benchmarks/cnw_speed.py [seconds-per-round] [rounds]

catanatron is imported only here and only if present; install it into the benchmark's
environment with ``pip install catanatron==3.2.1``. Both engines are timed in CPU time of this
process (``time.process_time``), alternating in rounds, so a busy machine penalises both alike;
the best round of each is reported, with the ratio of actions per second.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gamelib import cnw  # noqa: E402
from gamelib.core import play_out  # noqa: E402

TURN_CAP = 60  # rounds; random 4-player games almost always end before it


def cnw_round(seconds: float, first_seed: int) -> tuple[int, int, float, int]:
    """(games, actions, cpu seconds, next seed) of CNW random games for about ``seconds``."""
    games = actions = 0
    seed = first_seed
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = cnw.new_game(4, seed=seed, turn_cap=TURN_CAP)
        bots = [cnw.bots.RandomBot(seed * 10 + k) for k in range(4)]
        state = play_out(cnw, state, bots, max_actions=10**7)
        games += 1
        actions += state.actions
        seed += 1
    return games, actions, time.process_time() - start, seed


def catan_round(seconds: float, first_seed: int) -> tuple[int, int, float, int]:
    from catanatron import Color, Game, RandomPlayer

    colors = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
    games = actions = 0
    seed = first_seed
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = Game([RandomPlayer(c) for c in colors], seed=seed)
        game.play()
        games += 1
        actions += len(game.state.actions)
        seed += 1
    return games, actions, time.process_time() - start, seed


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    try:
        import catanatron  # noqa: F401
    except ImportError:
        catan = False
        print("catanatron is not installed: pip install catanatron==3.2.1 (CNW alone below)")
    else:
        catan = True
    cnw_round(1.0, 10_000)  # warm the shared action tables
    if catan:
        catan_round(1.0, 10_000)
    best = {"cnw": (0.0, 0.0), "catanatron": (0.0, 0.0)}
    seeds = {"cnw": 0, "catanatron": 0}
    for r in range(rounds):
        engines = [("cnw", cnw_round)] + ([("catanatron", catan_round)] if catan else [])
        for name, run in engines:
            games, actions, cpu, seeds[name] = run(seconds, seeds[name])
            gps, aps = games / cpu, actions / cpu
            print(
                f"round {r + 1} {name:<11} {games:5d} games {actions:9d} actions "
                f"{cpu:6.1f} s cpu  {gps:8.1f} games/s {aps:10.0f} actions/s "
                f"({actions / games:.0f} actions/game)"
            )
            best[name] = max(best[name], (aps, gps))
    print()
    print(f"CNW        best {best['cnw'][0]:10.0f} actions/s {best['cnw'][1]:8.1f} games/s")
    if catan:
        c = best["catanatron"]
        print(f"catanatron best {c[0]:10.0f} actions/s {c[1]:8.1f} games/s")
        print(f"ratio CNW / catanatron, actions per second: {best['cnw'][0] / c[0]:.2f}")


if __name__ == "__main__":
    main()
