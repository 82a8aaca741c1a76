"""The action classes (one per decision, §4–§12): frozen dataclasses that read aloud as before
and keep the JSON of saved games and golden files; and the engine's front (``rules.py``,
the package) still offers every name its importers use after the split by rulebook phases."""

from __future__ import annotations

import ast
import dataclasses
import json
from pathlib import Path

import pytest

from gamelib import cnw
from gamelib.cnw import actions, rules

ROOT = Path(__file__).resolve().parents[2]

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


def test_every_action_class_has_its_rule():
    assert set(rules._HANDLERS) == set(actions.ACTION_CLASSES)


def names_taken_from_rules(path: Path) -> set[str]:
    """Names a file takes from ``gamelib.cnw.rules``: ``from gamelib.cnw.rules import x`` and
    ``alias.x`` where ``from gamelib.cnw import rules as alias``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    aliases: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "gamelib.cnw.rules":
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module == "gamelib.cnw":
            aliases.update(a.asname or a.name for a in node.names if a.name == "rules")
        elif isinstance(node, ast.Import):
            aliases.update(
                a.asname for a in node.names if a.name == "gamelib.cnw.rules" and a.asname
            )
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
        ):
            names.add(node.attr)
    return names


def test_rules_front_still_offers_what_its_importers_use():
    """After the split by rulebook phases, every name that code anywhere in the project takes
    from ``gamelib.cnw.rules`` is still there, so no importer had to change."""
    files = [
        p
        for part in ("gamelib", "widgets", "tests", "benchmarks")
        for p in (ROOT / part).rglob("*.py")
    ]
    taken = {name: path for path in files for name in names_taken_from_rules(path)}
    assert {"legal_actions", "new_game", "SHIPS", "check_state", "objective_met"} <= set(taken)
    missing = {name: str(path) for name, path in taken.items() if not hasattr(rules, name)}
    assert missing == {}
    assert set(cnw.__all__) - set(actions.__dict__) - {
        "bots",
        "CnwState",
        "IllegalAction",
        "SaveFormatError",
    } <= set(rules.__all__)


def test_the_importer_scan_sees_both_forms(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from gamelib.cnw import rules as r\nfrom gamelib.cnw.rules import SHIPS\nr.apply(1, 2)\n"
    )
    assert names_taken_from_rules(sample) == {"SHIPS", "apply"}
