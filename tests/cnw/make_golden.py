"""Regenerate the CNW golden playthroughs in tests/cnw/golden/ (seeded bot games, every action
recorded with the final state's digest). Run from the repository root:

    python tests/cnw/make_golden.py

Only after a deliberate rules change: tests/cnw/test_golden.py replays these files and fails on
any difference.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from gamelib.cnw import bots, simulate  # noqa: E402

GOLDEN = Path(__file__).with_name("golden")

# name -> (players, seed, bot kinds by seat, options)
GAMES = {
    "standard_4p": (4, 2024, ["courier", "expansionist", "random", "random"], {}),
    "variants_5p": (
        5,
        77,
        ["expansionist", "random", "courier", "random", "random"],
        {"realismo_alto": True, "diplomazia": True, "turn_cap": 30},
    ),
}


def build(name: str) -> dict:
    players, seed, kinds, options = GAMES[name]
    seats = [bots.BOTS[kind](seed + k) for k, kind in enumerate(kinds)]
    record = simulate.record_game(players, seed, seats, options)
    record["name"] = name
    return record


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name in GAMES:
        record = build(name)
        path = GOLDEN / f"{name}.json"
        path.write_text(json.dumps(record, indent=None, separators=(",", ":")) + "\n")
        print(f"{path}: {len(record['actions'])} actions, {record['victory']} {record['winners']}")


if __name__ == "__main__":
    main()
