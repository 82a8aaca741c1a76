"""Saves, the game protocol and observations."""

import json

import pytest

from gamelib import rails
from gamelib.core import GameModule, SaveFormatError, dump_save
from gamelib.rails.bots import RandomBot
from tests.rails.rails_helpers import started


def test_protocol_is_complete():
    assert isinstance(rails, GameModule)
    assert rails.NAME == "rails"
    s = rails.new_game(2, seed=1)
    assert rails.bots.RandomBot(1).choose(s) in rails.legal_actions(s)


def test_same_seed_same_game_and_names():
    a = rails.new_game(["Ada", "Bo", "Cy"], seed=9)
    b = rails.new_game(3, seed=9)
    assert a.names == ["Ada", "Bo", "Cy"] and b.names == ["Player 1", "Player 2", "Player 3"]
    assert (a.deck, a.face_up, a.hands, a.offers) == (b.deck, b.face_up, b.hands, b.offers)
    assert rails.new_game(3, seed=10).deck != a.deck
    with pytest.raises(TypeError):
        rails.new_game(2, seed=1, variant="europe")


def test_json_round_trip_and_same_future():
    """A loaded save continues with the same shuffles (the RNG state travels in the save)."""
    s = started(3, seed=4)
    bots = [RandomBot(p) for p in range(3)]
    for _ in range(40):
        s = rails.apply(s, bots[rails.current_player(s)].choose(s))
    loaded = rails.from_json(rails.to_json(s))
    assert loaded == s
    a, b = s, loaded
    bots_a = [RandomBot(p + 10) for p in range(3)]
    bots_b = [RandomBot(p + 10) for p in range(3)]
    for _ in range(200):
        if rails.is_over(a):
            break
        a = rails.apply(a, bots_a[rails.current_player(a)].choose(a))
        b = rails.apply(b, bots_b[rails.current_player(b)].choose(b))
    assert a == b


def _tampered(change):
    payload = json.loads(rails.to_json(started(2)))["state"]
    change(payload)
    return dump_save("rails", payload)


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        json.dumps({"format": "gamelib-save", "version": 1, "game": "cnw", "state": {}}),
        _tampered(lambda p: p["deck"].pop()),  # a card lost
        _tampered(lambda p: p["ticket_deck"].append(0)),  # a ticket twice
        _tampered(lambda p: p.pop("owner")),
        _tampered(lambda p: p.update(phase="lunch")),
        _tampered(lambda p: p.update(owner=[7] * 100)),
        _tampered(lambda p: p.update(hands="x")),
        _tampered(lambda p: p.update(names=["only one"], hands=p["hands"][:1])),
        _tampered(lambda p: p.update(rng=[1, 2])),
    ],
)
def test_damaged_or_foreign_saves_are_refused(text):
    with pytest.raises(SaveFormatError):
        rails.from_json(text)


def test_observation_is_json_ready_and_final_reveals_scores():
    s = rails.new_game(2, seed=3)
    bots = [RandomBot(1), RandomBot(2)]
    while not rails.is_over(s):
        s = rails.apply(s, bots[rails.current_player(s)].choose(s))
    obs = rails.observation(s, 0)
    json.dumps(obs)
    assert obs["current_player"] is None and obs["winners"] == rails.winners(s)
    assert [f["total"] for f in obs["final"]] == [x.total for x in rails.scoring.final_scores(s)]
    with pytest.raises(ValueError):
        rails.observation(s, 2)
