"""Golden playthroughs of AirWar: Pacific!: seeded bot games recorded action by action.

    python tests/airwar/make_golden.py          # check the stored files are up to date
    python tests/airwar/make_golden.py --regen  # rewrite them (after a deliberate change)

A file holds the game seed, the bots and their seeds, every action (JSON, via the codec), a
digest of the state every 25 actions and of the final state, and the result.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import gamelib.airwar as aw  # noqa: E402
from gamelib.airwar.bots import PlannerBot, RandomBot  # noqa: E402

GOLDEN = Path(__file__).resolve().parent / "golden"
BOTS = {"random": RandomBot, "planner": PlannerBot}
GAMES = {
    "planner_vs_planner_seed42.json": {"seed": 42, "bots": [["planner", 1], ["planner", 2]]},
    "random_vs_random_seed7.json": {"seed": 7, "bots": [["random", 3], ["random", 4]]},
}
EVERY = 25


def digest(state: aw.AirWarState) -> str:
    return hashlib.sha256(aw.to_json(state).encode()).hexdigest()


def record(spec: dict) -> dict:
    """Play the game of ``spec`` and return its golden record."""
    state = aw.new_game(2, seed=spec["seed"])
    bots = [BOTS[name](seed) for name, seed in spec["bots"]]
    actions, checkpoints = [], {}
    while not aw.is_over(state):
        action = bots[aw.current_player(state)].choose(state)
        actions.append(aw.CODEC.to_json(action))
        state = aw.apply(state, action)
        if len(actions) % EVERY == 0:
            checkpoints[str(len(actions))] = digest(state)
    return {
        "game": aw.NAME,
        "seed": spec["seed"],
        "bots": spec["bots"],
        "actions": actions,
        "checkpoints": checkpoints,
        "final_digest": digest(state),
        "winner": aw.SIDES[state.winner],
        "turns": state.turn,
        "industry": state.industry,
    }


def main(argv: list[str]) -> int:
    stale = 0
    for name, spec in GAMES.items():
        path = GOLDEN / name
        rec = record(spec)
        if "--regen" in argv:
            GOLDEN.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(rec, indent=0) + "\n", encoding="utf-8")
            print(f"wrote {path} ({len(rec['actions'])} actions, {rec['winner']} wins)")
        elif not path.exists() or json.loads(path.read_text("utf-8")) != rec:
            print(f"STALE {path}")
            stale += 1
        else:
            print(f"ok {path}")
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
