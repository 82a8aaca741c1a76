"""A deterministic mutation sweep over CNW saves (issue #9, docs/conventions.md "Saves"): every
field of a save, at positions chosen to hold every kind of pending decision (a placement, both
OBC decisions of §8.1 with their roll, a move-in of §7.2, a pact answer of §12.4, a repositioning
count of §5.4, a Briefing loss of §10.2, Reinforcements with a pact in force, a Delivery, the
forced tris of §7.5 and its deployment), is damaged in turn with each of a fixed list of bad
values, or removed. ``from_json`` must refuse the file with ``SaveFormatError``, or load a game
that passes ``check_state``, shows every player an observation, and whose every legal action
applies (``IllegalAction`` at most, never another exception) to a game that passes
``check_state`` again. The Hypothesis tests in tests/test_properties.py sample the same contract
at random; this one is bounded and the same on every run.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from gamelib import cnw
from gamelib.core import SaveFormatError, dump_save
from tests.savekit import leaf_paths, parent_of

OPTIONS = {"diplomazia": True, "team_building": True}
# Depths of the 4-player seed-7 game (random.Random(7) picks the legal actions) and the phase
# each reaches; the test checks the phase, so a change of the rules cannot silently move them.
POSITIONS = {
    0: "placement",
    102: "reroll_attacker",
    105: "reroll_defender",
    111: "move_in",
    130: "pact_answer",
    144: "reposition_count",
    219: "briefing",
    284: "reinforce",
    782: "delivery",
    1581: "elimination_tris",
    1582: "elimination_deploy",
}
REMOVED = object()
# Wrong types and out-of-range numbers; ints also get their neighbours (value - 1, value + 1),
# the damage most likely to load and break a rule later.
BAD = [REMOVED, None, True, -1, 0, 7, 2**40, 1.5, "x", [], {}, [0, 0]]


def positions() -> dict[int, cnw.CnwState]:
    state = cnw.new_game(4, seed=7, **OPTIONS)
    rng = random.Random(7)
    out = {}
    for depth in range(max(POSITIONS) + 1):
        if depth in POSITIONS:
            out[depth] = state
        state = cnw.apply(state, rng.choice(cnw.legal_actions(state)))
    return out


# Card piles: their cards are alike to a save, so the first, middle and last card stand for all.
PILES = {("deck",), ("discard",), ("ship_deck",), ("ship_discard",)}


def damaged(payload: dict[str, Any], path: tuple, value: Any) -> str:
    """The save with the field at ``path`` set to ``value`` (or removed); ``payload`` unchanged."""
    parent, key = parent_of(payload, path)
    old = parent[key]
    try:
        if value is REMOVED:
            if isinstance(parent, dict):
                del parent[key]
            else:
                parent.pop(key)
        else:
            parent[key] = value
        return dump_save("cnw", payload)
    finally:
        if value is REMOVED and isinstance(parent, list):
            parent.insert(key, old)
        else:
            parent[key] = old


def loads_whole_or_refused(text: str) -> str:
    """The contract; returns "refused" or "loaded" (for the test's own sanity counts)."""
    try:
        loaded = cnw.from_json(text)
    except SaveFormatError as exc:
        assert str(exc)
        return "refused"
    problem = cnw.check_state(loaded)
    assert problem is None, problem
    for p in range(loaded.players):
        json.dumps(cnw.observation(loaded, p))
    if cnw.is_over(loaded):
        return "loaded"
    legal = cnw.legal_actions(loaded)
    assert legal, f"no legal action in phase {loaded.phase}"
    for action in legal:
        try:
            new = cnw.apply(loaded, action)
        except cnw.IllegalAction:
            continue
        problem = cnw.check_state(new)
        assert problem is None, f"after {action}: {problem}"
    return "loaded"


STATES = positions()


@pytest.mark.parametrize("depth", sorted(POSITIONS))
def test_every_field_damaged_is_refused_or_loads_whole(depth):
    """Each field of the save, each bad value: SaveFormatError, or a whole game that goes on."""
    state = STATES[depth]
    assert state.phase == POSITIONS[depth]
    payload = json.loads(cnw.to_json(state))["state"]
    outcomes = {"refused": 0, "loaded": 0}
    for path in leaf_paths(payload, PILES):
        parent, key = parent_of(payload, path)
        original = parent[key]
        values = list(BAD)
        if type(original) is int:
            values += [original - 1, original + 1]
        for value in values:
            try:
                outcome = loads_whole_or_refused(damaged(payload, path, value))
            except Exception as exc:
                where = ".".join(map(str, path))
                raise AssertionError(f"{where} = {value!r}: {exc!r}") from exc
            outcomes[outcome] += 1
    # the sweep reaches both sides of the contract: most damage is refused, some loads whole
    assert outcomes["refused"] > outcomes["loaded"] > 0
    assert loads_whole_or_refused(cnw.to_json(state)) == "loaded"
