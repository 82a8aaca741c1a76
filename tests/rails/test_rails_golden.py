"""The golden playthrough: a seeded game's stored action log replays to the same final state
(regenerate with ``python tests/rails/make_golden.py``)."""

import json
from pathlib import Path

from gamelib import rails
from gamelib.rails.simulate import digest, golden_game, replay

GOLDEN = json.loads((Path(__file__).parent / "golden" / "rails_golden.json").read_text())


def test_golden_log_replays_to_the_same_final_state():
    state = replay(GOLDEN["seed"], GOLDEN["players"], GOLDEN["actions"])
    assert rails.is_over(state)
    assert digest(state) == GOLDEN["final_digest"]
    assert [s.total for s in rails.scoring.final_scores(state)] == GOLDEN["final_scores"]
    assert rails.winners(state) == GOLDEN["winners"]


def test_golden_bots_replay_the_same_game():
    """Same seed, same bots: the same actions (the game and the bots are deterministic)."""
    assert golden_game() == GOLDEN
