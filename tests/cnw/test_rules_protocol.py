"""The game protocol of gamelib.core at package level, saves, hidden information, illegal and
malformed input, and the helpers for interfaces."""

import json

import pytest

from gamelib import cnw
from gamelib.cnw import rules
from gamelib.core import GameModule, play_out
from tests.cnw.cnw_helpers import operations, started, unchanged_after_illegal


def test_package_exposes_the_protocol():
    """conventions: ``from gamelib import cnw; cnw.new_game(4, seed=1)`` and the protocol."""
    assert isinstance(cnw, GameModule)
    assert cnw.NAME == "cnw"
    state = cnw.new_game(4, seed=1)
    assert cnw.current_player(state) == state.first and not cnw.is_over(state)
    assert cnw.winners(state) == []
    assert cnw.bots.RandomBot(1).game is cnw


def test_same_seed_same_game_and_json_round_trip():
    """Seeded reproducibility; from_json(to_json(s)) == s and the save plays on identically."""
    bots = [cnw.bots.RandomBot(k) for k in range(3)]
    a = play_out(cnw, cnw.new_game(3, seed=9), bots, max_actions=400)
    bots = [cnw.bots.RandomBot(k) for k in range(3)]
    b = play_out(cnw, cnw.new_game(3, seed=9), bots, max_actions=400)
    assert a == b
    loaded = cnw.from_json(cnw.to_json(a))
    assert loaded == a
    more = [cnw.bots.RandomBot(50 + k) for k in range(3)]
    c = play_out(cnw, a, more, max_actions=200)
    more = [cnw.bots.RandomBot(50 + k) for k in range(3)]
    assert play_out(cnw, loaded, more, max_actions=200) == c


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: "not json",
        lambda d: json.dumps({**d, "game": "rails"}),
        lambda d: json.dumps({**d, "state": {**d["state"], "deck": d["state"]["deck"][1:]}}),
        lambda d: json.dumps({**d, "state": {**d["state"], "sla": [-1, 0, 0, 0]}}),
        lambda d: json.dumps({**d, "state": {**d["state"], "phase": "nap"}}),
        lambda d: json.dumps({**d, "state": {k: v for k, v in d["state"].items() if k != "owner"}}),
    ],
)
def test_damaged_saves_are_refused(mutate):
    """A corrupt or foreign save raises SaveFormatError with a reason."""
    data = json.loads(cnw.to_json(started(4, seed=2)))
    with pytest.raises(cnw.SaveFormatError):
        cnw.from_json(mutate(data))


def test_observation_hides_objectives_hands_deck_order_and_future_dice():
    """Hidden information: another player's objective and cards, the decks' order and the
    pre-drawn dice are not in an observation; hand sizes and public shipments are."""
    state = started(4, seed=3)
    state = operations({"MXP": 0}, {"MXP": 5})
    obs = cnw.observation(state, 1)
    text = json.dumps(obs)
    assert obs["objective"]["id"] == rules.OBJECTIVES.cards[state.objectives[1]].key
    assert "deck" not in obs and "dice" not in obs and "ship_deck" not in obs
    assert obs["deck_size"] == len(state.deck)
    assert obs["hand_sizes"] == [len(h) for h in state.hands]
    assert obs["has_objective"] == [True] * 4
    assert state.dice[state.dice_pos : state.dice_pos + 40] not in text or not state.dice
    others = {rules.OBJECTIVES.cards[state.objectives[p]].key for p in (0, 2, 3)}
    others.discard(obs["objective"]["id"])
    assert not any(f'"{key}"' in text for key in others)
    with pytest.raises(cnw.IllegalAction):
        cnw.observation(state, 9)


@pytest.mark.parametrize(
    "action",
    [
        "Attack",
        None,
        {"type": "Attack"},
        cnw.Attack(5, "MAD", 1),
        cnw.Attack("MXP", "MAD", "3"),
        cnw.Attack("MXP", "MAD", True),
        cnw.Deploy("MXP", 2.5),
        cnw.PlayTris("JFK"),
        cnw.Deliver("5"),
        cnw.MoveIn(None),
    ],
)
def test_malformed_actions_raise_and_change_nothing(action):
    """Malformed input raises IllegalAction; the state is untouched."""
    state = operations({"MXP": 0}, {"MXP": 5})
    rule = unchanged_after_illegal(state, action)
    assert rule.startswith("§")


def test_every_illegal_action_cites_a_section():
    """IllegalAction carries the § it breaks."""
    state = operations({"MXP": 0}, {"MXP": 5})
    for action in (cnw.Deploy("MXP", 1), cnw.Reposition("MXP", "CDG"), cnw.Deliver(3)):
        assert unchanged_after_illegal(state, action).startswith("§")


def test_actions_round_trip_through_the_codec_and_read_well():
    """Actions are JSON-able and have a readable str()."""
    for action in (
        cnw.Attack("JFK", "LHR", 3),
        cnw.PlayTris(("JFK", "LAX", "BOG")),
        cnw.KeepDice(),
        cnw.ProposePact(2),
    ):
        assert cnw.CODEC.from_json(json.loads(json.dumps(cnw.CODEC.to_json(action)))) == action
    assert str(cnw.Attack("JFK", "LHR", 3)) == "attack LHR from JFK with 3 dice"


def test_helpers_for_interfaces():
    """attack_targets, move_targets, occupy_targets, deliverable, reinforcements, air_bridges,
    delivery_chain: what a widget asks about a gateway."""
    state = operations({"MXP": 0, "CDG": 0, "SIN": 0}, {"MXP": 5, "CDG": 3})
    assert cnw.attack_targets(state, "CDG") == ["LHR", "AMS", "FRA", "MAD"]
    assert cnw.move_targets(state, "CDG") == ["MXP", "SIN"]
    assert cnw.occupy_targets(state, "CDG") == []
    assert cnw.air_bridges(state, 0) == [("MXP", "SIN")]
    info = cnw.reinforcements(state, 0)
    assert set(info) >= {"base", "regions", "hubs", "tris", "delivery_bonus", "total"}
    assert info["hubs"] == 2 and info["base"] == 3
    assert isinstance(cnw.deliverable(state, 0), list)
    assert cnw.attack_targets(state, "LHR") == [] or all(
        state.owner[rules.INDEX[c]] != state.owner[rules.INDEX["LHR"]]
        for c in cnw.attack_targets(state, "LHR")
    )
    with pytest.raises(cnw.IllegalAction):
        cnw.attack_targets(state, "ZZZ")


def test_apply_never_mutates_its_input():
    """apply copies what it changes (conventions)."""
    state = started(4, seed=5)
    before = cnw.to_json(state)
    for action in cnw.legal_actions(state)[:20]:
        cnw.apply(state, action)
    assert cnw.to_json(state) == before
