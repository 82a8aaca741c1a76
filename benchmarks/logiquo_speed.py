"""Logiquo speed and cooperation figures (run by hand; the numbers go in reports, not tests).

    python benchmarks/logiquo_speed.py            # 1,000 games per cell
    python benchmarks/logiquo_speed.py --games 200

1. Random-bot games: games/s, actions/s and mean actions per game by player count.
2. Careful-bot games: games/s.
3. Cooperation: cooperative vs selfish CarefulBots on the same seeds, by player count, for the
   default ending (first player at 0 Data ends the game), the deck-out ending, and a
   generous deal (+4 control cards each, §Preparazione.2).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from statistics import mean

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from gamelib.logiquo import odds, simulate  # noqa: E402
from gamelib.logiquo.bots import RandomBot  # noqa: E402


def random_speed(games: int) -> None:
    print("Random bots")
    print(" players  games/s  actions/s  actions/game  turns/game")
    for players in (2, 3, 4, 5, 6, 8):
        start = time.perf_counter()
        out = simulate.run_games(
            games, players, lambda n, seed: [RandomBot(seed + p) for p in range(n)], seed=players
        )
        elapsed = time.perf_counter() - start
        actions = sum(g.actions for g in out)
        print(
            f" {players:>7}  {games / elapsed:>7.0f}  {actions / elapsed:>9.0f}"
            f"  {actions / games:>12.1f}  {mean(g.turns for g in out):>10.1f}"
        )


def careful_speed(games: int) -> None:
    start = time.perf_counter()
    out = simulate.run_games(games, 4, simulate.careful_factory(True), seed=1)
    elapsed = time.perf_counter() - start
    actions = sum(g.actions for g in out)
    print(
        f"Careful bots, 4 players: {games / elapsed:.0f} games/s, {actions / elapsed:.0f} actions/s"
    )


def cooperation(games: int, ending: str, hand_bonus: int = 0) -> None:
    label = f"ending={ending}" + (f", hand +{hand_bonus}" if hand_bonus else "")
    print(f"Cooperation ({label}), {games} games per cell")
    print(" players  policy       all survive  Data left/player  survivors  turns  gifts")
    for players in (2, 3, 4, 5, 6):
        hand = odds.hand_size_for(players) + hand_bonus if hand_bonus else None
        for cooperative in (True, False):
            out = simulate.run_games(
                games,
                players,
                simulate.careful_factory(cooperative),
                seed=1000 + players,
                hand_size=hand,
                ending=ending,
            )
            print(
                f" {players:>7}  {'cooperative' if cooperative else 'selfish':<11}"
                f"  {mean(g.everyone_survived for g in out):>11.3f}"
                f"  {mean(mean(g.data_left) for g in out):>16.2f}"
                f"  {mean(sum(g.survival) for g in out):>9.2f}"
                f"  {mean(g.turns for g in out):>5.1f}"
                f"  {mean(sum(g.gifts) for g in out):>5.1f}"
            )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--skip-cooperation", action="store_true")
    args = parser.parse_args()
    random_speed(args.games)
    careful_speed(min(args.games, 300))
    if not args.skip_cooperation:
        cooperation(args.games, "first_zero")
        cooperation(args.games, "deck_out")
        cooperation(args.games, "first_zero", hand_bonus=4)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
