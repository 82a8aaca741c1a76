"""Record the golden Logiquo playthroughs: seeded bot games, their full action logs and the
digest of the final state. Regenerate (only after an intended rules change) with

    python tests/logiquo/make_golden.py --regen
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import gamelib.logiquo as L  # noqa: E402
from gamelib.logiquo.actions import codec  # noqa: E402
from gamelib.logiquo.bots import CarefulBot, RandomBot  # noqa: E402

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"

# name -> (players, seed, new_game options, bot kinds by seat)
GAMES = {
    "careful_4p_seed7": (4, 7, {}, ["careful", "careful", "selfish", "random"]),
    "random_3p_deck_out_seed11": (3, 11, {"ending": "deck_out"}, ["random"] * 3),
}


def digest(state) -> str:
    return hashlib.sha256(L.to_json(state).encode()).hexdigest()


def _bot(kind: str, seed: int):
    if kind == "random":
        return RandomBot(seed)
    return CarefulBot(seed, cooperative=kind == "careful")


def record(name: str) -> dict:
    players, seed, options, kinds = GAMES[name]
    state = L.new_game(players, seed=seed, **options)
    bots = [_bot(k, seed * 10 + p) for p, k in enumerate(kinds)]
    log = []
    while not L.is_over(state):
        action = bots[L.current_player(state)].choose(state)
        log.append(codec.to_json(action))
        state = L.apply(state, action)
    return {
        "name": name,
        "players": players,
        "seed": seed,
        "options": options,
        "bots": kinds,
        "actions": log,
        "final_digest": digest(state),
        "winners": L.winners(state),
        "decided_by": state.decided_by,
        "end_reason": state.end_reason,
        "turns": state.turn,
    }


def main(argv: list[str]) -> int:
    if "--regen" not in argv:
        print(__doc__)
        return 1
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name in GAMES:
        path = GOLDEN_DIR / f"{name}.json"
        path.write_text(json.dumps(record(name), indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
