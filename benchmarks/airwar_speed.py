"""AirWar: Pacific! speed and balance figures (run by hand; nothing here is a test).

    python benchmarks/airwar_speed.py                 # speed + full balance (several minutes)
    python benchmarks/airwar_speed.py --quick         # smaller samples

Speed (CPU time of this process, ``time.process_time``, so neighbours on a shared machine do
not count): random-bot games and actions per second, state copies per second, and
planner-vs-planner games (the strategy lab's default matchup) split into the planner's
decisions by step and the rules' ``apply``. Balance: Axis/Allies win rates random-vs-random
and planner-vs-planner, and planner-vs-random from both sides, with a 95 % normal interval;
unfinished games (turn cap) are reported separately (wall time: it runs on ``--procs``).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import gamelib.airwar as aw  # noqa: E402
from gamelib.airwar.bots import PlannerBot, RandomBot  # noqa: E402
from gamelib.airwar.simulate import run_game  # noqa: E402

MAX_TURNS = 300
BOTS = {"random": RandomBot, "planner": PlannerBot}


def speed(games: int) -> None:
    t0 = time.process_time()
    actions = 0
    for seed in range(games):
        s = aw.new_game(2, seed=seed)
        bots = [RandomBot(2 * seed), RandomBot(2 * seed + 1)]
        while not aw.is_over(s) and s.turn <= MAX_TURNS:
            s = aw.apply(s, bots[aw.current_player(s)].choose(s))
            actions += 1
    dt = time.process_time() - t0
    print(
        f"random-vs-random: {games} games in {dt:.1f} s = {games / dt:.1f} games/s, "
        f"{actions / dt:,.0f} actions/s ({actions / games:.0f} actions/game)"
    )
    s = aw.new_game(2, seed=1)
    n = 20_000
    t0 = time.process_time()
    for _ in range(n):
        s.copy()
    dt = time.process_time() - t0
    print(f"state copy: {n / dt:,.0f} copies/s")
    t0 = time.process_time()
    for _ in range(2000):
        aw.from_json(aw.to_json(s))
    print(f"JSON save+load: {2000 / (time.process_time() - t0):,.0f} round trips/s")


def planner_speed(games: int, seed0: int = 1) -> None:
    """Planner-vs-planner games seeded as the strategy lab seeds them: CPU per game, and
    where it goes (each planner decision by step, and the rules' apply)."""
    clock = time.process_time
    choose: Counter[str] = Counter()
    calls: Counter[str] = Counter()
    applied = 0.0
    actions = 0
    t0 = clock()
    for seed in range(seed0, seed0 + games):
        s = aw.new_game(2, seed=seed)
        bots = [PlannerBot(2 * seed), PlannerBot(2 * seed + 1)]
        while not aw.is_over(s) and s.turn <= 200:
            step = s.step
            a0 = clock()
            action = bots[aw.current_player(s)].choose(s)
            a1 = clock()
            s = aw.apply(s, action)
            applied += clock() - a1
            choose[step] += a1 - a0
            calls[step] += 1
            actions += 1
    dt = clock() - t0
    print(
        f"planner-vs-planner: {games} games, {1000 * dt / games:.1f} ms CPU/game "
        f"({actions / games:.0f} actions/game); apply {1000 * applied / games:.1f} ms/game"
    )
    for step, cpu in choose.most_common():
        print(
            f"  planner {step:<9} {1000 * cpu / games:6.1f} ms/game "
            f"{1e6 * cpu / calls[step]:7.1f} us/decision"
        )


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
    planner_speed(n_speed)
    balance("random", "random", n_bal, args.procs)
    balance("planner", "planner", n_bal, args.procs)
    balance("planner", "random", n_pr, args.procs)
    balance("random", "planner", n_pr, args.procs)


if __name__ == "__main__":
    main()
