"""Speed and strength figures for Rails across the USA (run by hand, not by the tests).

    python benchmarks/rails_speed.py            # full run (a few minutes on 2 cores)
    python benchmarks/rails_speed.py --quick    # smaller samples

Reports: random-bot games and actions per second (2 and 4 players); longest-trail timing
(median / max ms) over end-of-game networks from planner games, from random games, and over
dense worst cases; the planner against random bots (win rate and mean scores).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gamelib.core import play_out  # noqa: E402
from gamelib.rails import rules  # noqa: E402
from gamelib.rails.board import load  # noqa: E402
from gamelib.rails.bots import PlannerBot, RandomBot  # noqa: E402
from gamelib.rails.routes import longest_trail  # noqa: E402
from gamelib.rails.scoring import player_routes  # noqa: E402
from gamelib.rails.simulate import run_games  # noqa: E402


def random_speed(players: int, games: int) -> None:
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        state = rules.new_game(players, seed=seed)
        bots = [RandomBot(seed * 10 + p) for p in range(players)]
        state = play_out(rules, state, bots)
        actions += state.actions
    took = time.perf_counter() - start
    print(
        f"random bots, {players} players: {games / took:8.1f} games/s, "
        f"{actions / took:9.0f} actions/s ({actions / games:.0f} actions/game)"
    )


def end_networks(players: int, games: int, planner_seats: int) -> list[list]:
    nets = []
    for seed in range(games):
        state = rules.new_game(players, seed=1000 + seed)
        bots = [
            PlannerBot(seed + p) if p < planner_seats else RandomBot(seed + p)
            for p in range(players)
        ]
        state = play_out(rules, state, bots)
        nets.extend(player_routes(state, p) for p in range(players))
    return nets


def worst_cases(samples: int) -> list[list]:
    """Dense networks of at most 45 trains made of the shortest routes (one of each double, as a
    player can own): the most loops a real network can hold."""
    board = load()
    rng = random.Random(3)
    pool = [r for r in board.routes if r.length <= 2 and r.double_index != 1]
    nets = []
    short_first = []
    trains = 0
    for r in sorted(pool, key=lambda r: (r.length, r.id)):
        if trains + r.length <= 45:
            short_first.append(r)
            trains += r.length
    nets.append(short_first)
    for _ in range(samples):
        rng.shuffle(pool)
        net, trains = [], 0
        for r in pool:
            if trains + r.length <= 45:
                net.append(r)
                trains += r.length
        nets.append(net)
    return nets


def stress() -> list:
    """45 trains of the shortest routes taking both routes of every double: no player can own
    this (one route of a double each), but it has the most loops of any 45-train network."""
    net, trains = [], 0
    for r in sorted(load().routes, key=lambda r: (r.length, r.id)):
        if trains + r.length <= 45:
            net.append(r)
            trains += r.length
    return net


def time_trails(label: str, nets: list[list]) -> None:
    times = []
    for net in nets:  # best of 3 per network: the machine is shared, noise only adds time
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            longest_trail(net)
            best = min(best, time.perf_counter() - start)
        times.append(best * 1000)
    sizes = [len(n) for n in nets]
    print(
        f"longest trail, {label}: {len(nets)} networks (up to {max(sizes)} routes), "
        f"median {statistics.median(times):.3f} ms, max {max(times):.3f} ms"
    )


def planner_vs_random(players: int, games: int) -> None:
    start = time.perf_counter()
    results = run_games(
        games,
        players,
        lambda seed: [PlannerBot(seed), *(RandomBot(seed * 7 + p) for p in range(1, players))],
        seed=50_000,
    )
    took = time.perf_counter() - start
    wins = sum(r.winners == (0,) for r in results)
    shared = sum(0 in r.winners and len(r.winners) > 1 for r in results)
    planner = statistics.mean(r.scores[0] for r in results)
    others = statistics.mean(s for r in results for s in r.scores[1:])
    done = statistics.mean(r.tickets_completed[0] for r in results)
    failed = statistics.mean(r.tickets_failed[0] for r in results)
    print(
        f"planner vs {players - 1} random, {games} games: planner wins {wins / games:.1%} "
        f"(+{shared} shared), mean score planner {planner:.1f} vs random {others:.1f}; "
        f"planner tickets completed {done:.2f} failed {failed:.2f} per game; "
        f"capped {sum(r.capped for r in results)}; {took:.1f} s"
    )


def planner_self_play(players: int, games: int) -> None:
    results = run_games(games, players, lambda seed: [PlannerBot(seed + p) for p in range(players)])
    scores = [s for r in results for s in r.scores]
    turns = statistics.mean(r.turns for r in results)
    print(
        f"planner self-play, {players} players, {games} games: mean score "
        f"{statistics.mean(scores):.1f}, mean turns {turns:.0f}, "
        f"ended by {sorted({r.ended_by for r in results})}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="smaller samples")
    args = parser.parse_args()
    scale = 0.2 if args.quick else 1.0
    n = max(10, int(200 * scale))
    random_speed(2, n)
    random_speed(4, n)
    time_trails("planner self-play (2-5 players)", [
        net for p in (2, 3, 4, 5) for net in end_networks(p, max(5, n // 8), planner_seats=p)
    ])  # fmt: skip
    time_trails("planner vs random (4 players)", end_networks(4, max(5, n // 4), 1))
    time_trails("random bots (4 players)", end_networks(4, max(5, n // 4), 0))
    time_trails("dense worst cases", worst_cases(max(20, n)))
    time_trails("stress, not ownable: shortest routes incl. both of each double", [stress()])
    planner_vs_random(2, n)
    planner_vs_random(4, n)
    planner_self_play(2, max(10, n // 4))


if __name__ == "__main__":
    main()
