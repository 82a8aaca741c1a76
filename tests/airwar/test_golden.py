"""Golden playthroughs: stored seeded bot games replay identically (tests/airwar/golden)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import gamelib.airwar as aw
from gamelib.airwar.bots import PlannerBot, RandomBot

GOLDEN = Path(__file__).resolve().parent / "golden"
FILES = sorted(GOLDEN.glob("*.json"))
BOTS = {"random": RandomBot, "planner": PlannerBot}


def _digest(state):
    return hashlib.sha256(aw.to_json(state).encode()).hexdigest()


def test_golden_files_exist():
    assert len(FILES) >= 2


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_golden_replay(path):
    """Replaying the logged actions gives the same states and result, and the same seeded
    bots choose exactly the logged actions."""
    rec = json.loads(path.read_text("utf-8"))
    state = aw.new_game(2, seed=rec["seed"])
    bots = [BOTS[name](seed) for name, seed in rec["bots"]]
    for i, data in enumerate(rec["actions"], start=1):
        action = aw.CODEC.from_json(data)
        assert bots[aw.current_player(state)].choose(state) == action, f"action {i}"
        state = aw.apply(state, action)
        if str(i) in rec["checkpoints"]:
            assert _digest(state) == rec["checkpoints"][str(i)], f"after action {i}"
    assert aw.is_over(state)
    assert _digest(state) == rec["final_digest"]
    assert aw.SIDES[state.winner] == rec["winner"] and state.industry == rec["industry"]
