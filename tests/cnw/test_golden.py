"""Golden playthroughs: seeded bot games stored action by action in tests/cnw/golden/ and
replayed identically (regenerate with tests/cnw/make_golden.py after a deliberate change)."""

import json
from pathlib import Path

import pytest

from gamelib import cnw
from gamelib.cnw import simulate

GOLDEN = Path(__file__).with_name("golden")
FILES = sorted(GOLDEN.glob("*.json"))


def test_golden_files_exist():
    assert {p.stem for p in FILES} >= {"standard_4p", "variants_5p"}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_replay_is_identical(path):
    """Same seed + same actions = same game: every recorded action is legal when replayed and
    the final state's digest matches."""
    record = json.loads(path.read_text())
    state = cnw.new_game(record["players"], seed=record["seed"], **record["options"])
    for k, data in enumerate(record["actions"]):
        action = cnw.CODEC.from_json(data)
        assert action in cnw.legal_actions(state), f"action {k} {action} is no longer legal"
        state = cnw.apply(state, action)
    assert cnw.is_over(state)
    assert simulate.digest(state) == record["final_digest"]
    assert state.winners == record["winners"] and state.victory == record["victory"]
    assert state.sla == record["sla"]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_bots_replay_their_own_game(path):
    """The bots, seeded alike, choose the very same actions again."""
    from tests.cnw import make_golden

    record = json.loads(path.read_text())
    fresh = make_golden.build(record["name"])
    assert fresh["actions"] == record["actions"]
