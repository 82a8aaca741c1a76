"""Golden playthroughs: replaying the recorded actions gives exactly the recorded game."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import gamelib.logiquo as L
from gamelib.logiquo.actions import codec

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


def test_golden_files_exist():
    assert len(GOLDEN) >= 2


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_replay(path):
    rec = json.loads(path.read_text(encoding="utf-8"))
    s = L.new_game(rec["players"], seed=rec["seed"], **rec["options"])
    for raw in rec["actions"]:
        action = codec.from_json(raw)
        assert action in L.legal_actions(s)
        s = L.apply(s, action)
    assert L.is_over(s)
    assert hashlib.sha256(L.to_json(s).encode()).hexdigest() == rec["final_digest"]
    assert L.winners(s) == rec["winners"]
    assert s.decided_by == rec["decided_by"] and s.end_reason == rec["end_reason"]


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_bots_still_choose_the_same_actions(path):
    """The bots are seeded: the recorded game is also what they play today."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "logiquo_make_golden", Path(__file__).parent / "make_golden.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    rec = json.loads(path.read_text(encoding="utf-8"))
    assert module.record(rec["name"])["actions"] == rec["actions"]
