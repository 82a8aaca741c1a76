"""AirWar: Pacific! speed and balance figures (run by hand; nothing here is a test).

    python benchmarks/airwar_speed.py                 # speed + full balance (several minutes)
    python benchmarks/airwar_speed.py --quick         # smaller samples

Speed: random-bot games and actions per second, state copies per second. Balance: Axis/Allies
win rates random-vs-random and planner-vs-planner, and planner-vs-random from both sides,
with a 95 % normal interval; unfinished games (turn cap) are reported separately.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import gamelib.airwar as aw  # noqa: E402
from gamelib.airwar.bots import PlannerBot, RandomBot  # noqa: E402
from gamelib.airwar.simulate import run_game  # noqa: E402

MAX_TURNS = 300
BOTS = {"random": RandomBot, "planner": PlannerBot}


def speed(games: int) -> None:
    t0 = time.perf_counter()
    actions = 0
    for seed in range(games):
        s = aw.new_game(2, seed=seed)
        bots = [RandomBot(2 * seed), RandomBot(2 * seed + 1)]
        while not aw.is_over(s) and s.turn <= MAX_TURNS:
            s = aw.apply(s, bots[aw.current_player(s)].choose(s))
            actions += 1
    dt = time.perf_counter() - t0
    print(
        f"random-vs-random: {games} games in {dt:.1f} s = {games / dt:.1f} games/s, "
        f"{actions / dt:,.0f} actions/s ({actions / games:.0f} actions/game)"
    )
    s = aw.new_game(2, seed=1)
    n = 20_000
    t0 = time.perf_counter()
    for _ in range(n):
        s.copy()
    dt = time.perf_counter() - t0
    print(f"state copy: {n / dt:,.0f} copies/s")
    t0 = time.perf_counter()
    for _ in range(2000):
        aw.from_json(aw.to_json(s))
    print(f"JSON save+load: {2000 / (time.perf_counter() - t0):,.0f} round trips/s")


def _one(args: tuple[str, str, int]):
    a, b, seed = args
    g = run_game([BOTS[a](2 * seed), BOTS[b](2 * seed + 1)], seed, MAX_TURNS)
    return g.winner, g.turns, g.actions


def balance(a: str, b: str, games: int, procs: int, seed0: int = 100_000) -> None:
    t0 = time.perf_counter()
    jobs = [(a, b, seed0 + i) for i in range(games)]
    if procs > 1:
        with Pool(procs) as pool:
            res = pool.map(_one, jobs, chunksize=8)
    else:
        res = [_one(j) for j in jobs]
    axis = sum(1 for w, _, _ in res if w == "axis")
    allies = sum(1 for w, _, _ in res if w == "allies")
    done = axis + allies
    p = axis / done if done else 0.0
    half = 1.96 * math.sqrt(p * (1 - p) / done) if done else 0.0
    turns = sum(t for _, t, _ in res) / games
    print(
        f"{a} (Axis) vs {b} (Allies): {games} games, Axis {axis} / Allies {allies} / "
        f"unfinished {games - done}; Axis wins {p:.1%} +- {half:.1%}; "
        f"mean {turns:.1f} turns; {time.perf_counter() - t0:.0f} s"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--procs", type=int, default=2)
    args = ap.parse_args()
    n_speed, n_bal, n_pr = (20, 200, 100) if args.quick else (100, 1000, 500)
    speed(n_speed)
    balance("random", "random", n_bal, args.procs)
    balance("planner", "planner", n_bal, args.procs)
    balance("planner", "random", n_pr, args.procs)
    balance("random", "planner", n_pr, args.procs)


if __name__ == "__main__":
    main()
