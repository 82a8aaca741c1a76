"""The action classes (one per decision, §4–§12): frozen dataclasses that read aloud as before
and keep the JSON of saved games and golden files; and the engine's front (``rules.py``,
the package) still offers every name its importers use after the split by rulebook phases."""

from __future__ import annotations

import dataclasses
import json

import pytest

from gamelib import cnw
from gamelib.cnw import actions, rules

# Every class with an example, its words and its JSON, as they were before the base class.
EXAMPLES = [
    (cnw.PlacePawn("JFK"), "place a pawn on JFK", {"type": "PlacePawn", "gateway": "JFK"}),
    (
        cnw.RemovePawn("LHR"),
        "remove a pawn from LHR (expired shipment)",
        {"type": "RemovePawn", "gateway": "LHR"},
    ),
    (
        cnw.PlayTris(("JFK", "LHR", "SIN")),
        "play the tris JFK + LHR + SIN",
        {"type": "PlayTris", "cards": ["JFK", "LHR", "SIN"]},
    ),
    (cnw.Deploy("JFK", 4), "deploy 4 on JFK", {"type": "Deploy", "gateway": "JFK", "count": 4}),
    (
        cnw.Attack("JFK", "LHR", 2),
        "attack LHR from JFK with 2 dice",
        {"type": "Attack", "source": "JFK", "target": "LHR", "dice": 2},
    ),
    (cnw.ObcReroll(3), "OBC token: re-roll a 3", {"type": "ObcReroll", "die": 3}),
    (cnw.KeepDice(), "keep the dice", {"type": "KeepDice"}),
    (cnw.MoveIn(2), "move 2 pawns", {"type": "MoveIn", "count": 2}),
    (
        cnw.Occupy("JFK", "YYZ", 3),
        "occupy YYZ with 3 from JFK",
        {"type": "Occupy", "source": "JFK", "target": "YYZ", "count": 3},
    ),
    (
        cnw.Reposition("JFK", "MIA"),
        "reposition from JFK to MIA",
        {"type": "Reposition", "source": "JFK", "target": "MIA"},
    ),
    (cnw.Deliver(12), "deliver shipment 12", {"type": "Deliver", "shipment": 12}),
    (cnw.EndPhase(), "end the phase", {"type": "EndPhase"}),
    (cnw.ProposePact(2), "propose a pact to player 2", {"type": "ProposePact", "partner": 2}),
    (cnw.AcceptPact(), "accept the pact", {"type": "AcceptPact"}),
    (cnw.RejectPact(), "refuse the pact", {"type": "RejectPact"}),
]


def test_every_action_class_has_an_example():
    assert {type(a) for a, _, _ in EXAMPLES} == set(actions.ACTION_CLASSES)
    assert len(actions.ACTION_CLASSES) == 15
    assert set(cnw.CODEC.classes.values()) == set(actions.ACTION_CLASSES)


@pytest.mark.parametrize("action,words,data", EXAMPLES, ids=lambda x: type(x).__name__)
def test_actions_read_aloud_and_keep_their_json(action, words, data):
    assert str(action) == words
    assert cnw.CODEC.to_json(action) == data
    assert cnw.CODEC.from_json(json.loads(json.dumps(data))) == action


@pytest.mark.parametrize("action", [a for a, _, _ in EXAMPLES], ids=lambda x: type(x).__name__)
def test_actions_are_frozen_hashable_and_equal_by_value(action):
    assert dataclasses.is_dataclass(action)
    assert action == type(action)(*dataclasses.astuple(action))
    assert hash(action) == hash(type(action)(*dataclasses.astuple(action)))
    for field in dataclasses.fields(action):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(action, field.name, None)
    assert repr(action).startswith(type(action).__name__ + "(")


def test_defaults_and_optional_fields_as_before():
    assert cnw.Attack("JFK", "LHR") == cnw.Attack("JFK", "LHR", 3)
    assert cnw.Deploy("JFK") == cnw.Deploy("JFK", 1)
    assert cnw.CODEC.from_json({"type": "Occupy", "source": "JFK", "target": "YYZ"}).count == 1
    with pytest.raises(cnw.IllegalAction):
        cnw.CODEC.from_json({"type": "Deploy"})  # the gateway has no default
    assert cnw.Attack("JFK", "LHR") != cnw.Occupy("JFK", "LHR")


def test_check_state_is_exported_at_package_level():
    from gamelib.cnw import check_state

    assert check_state(cnw.new_game(4, seed=3)) is None
    assert check_state is rules.check_state


# Names other code imports from gamelib.cnw.rules (bots, simulate, tests, the package itself).
RULES_NAMES = [
    "NAME",
    "DECK",
    "INDEX",
    "OBJECTIVES",
    "SHIPS",
    "air_bridges",
    "apply",
    "attack_targets",
    "check_state",
    "current_player",
    "deliverable",
    "delivery_chain",
    "from_json",
    "is_over",
    "legal_actions",
    "move_targets",
    "network_graph",
    "new_game",
    "normalise_options",
    "objective_met",
    "observation",
    "occupy_targets",
    "reinforcements",
    "shipment_info",
    "to_json",
    "winners",
]


@pytest.mark.parametrize("name", RULES_NAMES)
def test_rules_front_still_offers_what_its_importers_use(name):
    assert hasattr(rules, name)
    assert name in rules.__all__
