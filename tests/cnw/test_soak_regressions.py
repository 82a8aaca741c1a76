"""Damaged CNW saves that used to load half, found by the mutation sweep of test_properties.py.

Each case edits one field of a real save. The contract (docs/conventions.md): ``from_json``
either refuses the file with ``SaveFormatError`` or loads a game that passes ``check_state`` and
goes on (its legal actions apply and leave a sound game). These saves used to load, and then
``apply`` crashed or broke an invariant: ``check_state`` (gamelib/cnw/invariants.py) did not look
at the pending roll's fields, the dice position, the shape of a pact, or how the reserve and OBC
tokens agree with the rest. It does now; each case fails against the old ``check_state``.
tests/cnw/test_save_sweep.py sweeps every field of saves at more positions.

Position: 4 players with Diplomazia and Team Building, seed 7, after ``depth`` uniformly random
legal actions drawn by ``random.Random(7)`` (depth 0: placement; 200: a defender's re-roll
decision; 400: Operations with a pact in force).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from gamelib import cnw
from gamelib.core import SaveFormatError, dump_save

OPTIONS = {"diplomazia": True, "team_building": True}


def save_after(depth: int) -> dict[str, Any]:
    """The save payload of the seeded game after ``depth`` random legal actions."""
    state = cnw.new_game(4, seed=7, **OPTIONS)
    rng = random.Random(7)
    for _ in range(depth):
        state = cnw.apply(state, rng.choice(cnw.legal_actions(state)))
    return json.loads(cnw.to_json(state))["state"]


def set_path(payload: dict[str, Any], path: tuple, value: Any) -> None:
    node = payload
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


def refused_or_whole(text: str) -> None:
    """The contract: SaveFormatError, or a sound game whose legal actions apply soundly."""
    try:
        loaded = cnw.from_json(text)
    except SaveFormatError:
        return
    assert cnw.check_state(loaded) is None
    legal = cnw.legal_actions(loaded)
    assert legal
    for action in legal[:5] + legal[-3:]:
        problem = cnw.check_state(cnw.apply(loaded, action))
        assert problem is None, f"after {action}: {problem}"


CASES = [
    # (depth, path, value, what the old check_state let happen)
    (200, ("roll", "source"), "x", "KeyError in operations.py on the re-roll"),
    (200, ("roll", "defender"), 7, "IndexError in operations.py on the re-roll"),
    (200, ("roll", "attack"), 1, "TypeError in battle.py: the dice are not a list"),
    (200, ("roll", "defend", 0), "x", "IllegalAction for a legal KeepDice"),
    (200, ("roll", "attacker"), 7, "the next state has a gateway owned by seat 7"),
    (200, ("dice_pos",), -1, "IndexError in operations.py reading the dice buffer"),
    (400, ("pacts", 0), [1, 2], "ValueError in variants.py unpacking a pact"),
    (0, ("reserve", 1), 0, "placing a pawn from an empty reserve: a negative count"),
    (200, ("obc", 1), 0, "an OBC re-roll without a token: OBC tokens out of range"),
]


@pytest.mark.parametrize(
    ("depth", "path", "value", "before"), CASES, ids=[f"{'.'.join(map(str, c[1]))}" for c in CASES]
)
def test_damaged_save_is_refused_or_loads_whole(depth, path, value, before):
    payload = save_after(depth)
    set_path(payload, path, value)
    refused_or_whole(dump_save("cnw", payload))


def test_the_same_saves_undamaged_load_whole():
    """The positions themselves are sound: only the edit makes them fail."""
    for depth in sorted({c[0] for c in CASES}):
        refused_or_whole(dump_save("cnw", save_after(depth)))
