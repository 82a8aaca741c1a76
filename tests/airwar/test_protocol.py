"""The game protocol (docs/conventions.md): saves, observation, illegal and malformed input."""

from __future__ import annotations

import json
import random

import pytest

import gamelib.airwar as aw
from gamelib.airwar import actions as A
from gamelib.airwar.bots import RandomBot
from gamelib.airwar.scenario import build, play
from gamelib.core import GameModule, IllegalAction, SaveFormatError, dump_save, play_out


def _midgame(seed=7, steps=150):
    s = aw.new_game(2, seed=seed)
    bots = [RandomBot(1), RandomBot(2)]
    for _ in range(steps):
        if aw.is_over(s):
            break
        s = aw.apply(s, bots[aw.current_player(s)].choose(s))
    return s


def test_package_is_a_game_module():
    assert isinstance(aw, GameModule)
    assert aw.NAME == "airwar"
    assert issubclass(aw.bots.RandomBot, __import__("gamelib.bots").bots.RandomBot)


def test_every_step_and_decision_has_its_phase_module():
    """The front (rules.py) hands every step to one phase module and every action to one
    handler, so a rule split across files cannot lose a decision."""
    from gamelib.airwar import rules
    from gamelib.airwar.state import STEPS

    assert set(rules._LEGAL) == set(STEPS) - {"over"}
    assert set(rules._HANDLERS) == set(A.ACTION_CLASSES)
    decisions = [t for step in rules._STEPS.values() for t in step.decisions]
    assert sorted(map(str, decisions)) == sorted(map(str, A.ACTION_CLASSES))


def test_json_round_trip_and_continuation():
    """Saves round-trip exactly and continue with the same future (RNG inside the state)."""
    s = _midgame()
    t = aw.from_json(aw.to_json(s))
    assert t == s
    b1, b2 = [RandomBot(5), RandomBot(6)], [RandomBot(5), RandomBot(6)]
    end1 = play_out(aw, s, b1, max_actions=300)
    end2 = play_out(aw, t, b2, max_actions=300)
    assert end1 == end2


@pytest.mark.parametrize(
    "text", ["", "[]", "{}", "not json", dump_save("cnw", {}), dump_save("airwar", {"turn": 1})]
)
def test_corrupt_saves_rejected(text):
    with pytest.raises(SaveFormatError):
        aw.from_json(text)


def test_save_with_missing_card_rejected():
    data = json.loads(aw.to_json(aw.new_game(2, seed=1)))
    data["state"]["hand"][0].pop()
    with pytest.raises(SaveFormatError):
        aw.from_json(json.dumps(data))


def test_apply_never_mutates_input():
    s = _midgame(seed=3, steps=60)
    before = s.copy()
    for action in aw.legal_actions(s):
        aw.apply(s, action)
    assert s == before


def test_action_codec_round_trip():
    for a in (
        A.Mobilise("ax-aa", "ax-lae"),
        A.Intercept("al-wildcat-1", 2),
        A.Strike("ax-zero-1", "al-p40-1"),
        A.Allot("ax-betty-1", "convoy"),
        A.PassBattle(),
    ):
        assert aw.CODEC.from_json(json.loads(json.dumps(aw.CODEC.to_json(a)))) == a
        assert str(a)


@pytest.mark.parametrize(
    "bad",
    [
        None,
        "PassStage",
        3,
        {"type": "PassStage"},
        object(),
        A.Intercept("al-wildcat-1", "0"),
        A.AddToMission(5),
        A.Mobilise(["ax-rabaul"]),
        A.Intercept("x", True),
    ],
)
def test_malformed_actions_rejected_state_unchanged(bad):
    s = build(stage="mobilisation", hands={"axis": ["ax-rabaul"]})
    before = s.copy()
    with pytest.raises(IllegalAction) as err:
        aw.apply(s, bad)
    assert err.value.coded
    assert s == before


def test_random_actions_rejected_unless_legal():
    """Any action outside legal_actions raises IllegalAction (with a rule) and changes
    nothing; every legal action applies."""
    rng = random.Random(11)
    ids = [c.id for deck in aw.cards.load().values() for c in deck] + ["resources", "zzz"]
    s = aw.new_game(2, seed=11)
    bots = [RandomBot(3), RandomBot(4)]
    for _ in range(400):
        if aw.is_over(s):
            break
        legal = aw.legal_actions(s)
        for _ in range(15):
            cls = rng.choice(aw.ACTION_CLASSES)
            kwargs = {}
            for f in cls.__dataclass_fields__:
                kwargs[f] = rng.randrange(-1, 6) if f == "position" else rng.choice(ids)
            a = cls(**kwargs)
            before = s.copy()
            if a in legal:
                aw.apply(s, a)
            else:
                with pytest.raises(IllegalAction) as err:
                    aw.apply(s, a)
                assert err.value.rule.startswith("§") and err.value.coded
            assert s == before
        s = aw.apply(s, bots[aw.current_player(s)].choose(s))


def test_observation_hides_opponent_hand_and_decks():
    s = aw.new_game(2, seed=5)
    for player in (0, 1):
        obs = aw.observation(s, player)
        text = json.dumps(obs)
        assert obs["hand"] == sorted(s.hand[player])
        for c in s.hand[1 - player] + s.deck[0] + s.deck[1]:
            assert f'"{c}"' not in text
        assert obs["sides"][1 - player]["hand_count"] == 7


def test_observation_intercept_hand_hidden_from_attacker():
    s = build(hands={"axis": ["ax-betty-1"], "allies": ["al-wildcat-1", "al-p40-1"]})
    s = play(
        s,
        [
            A.Attack("resources"),
            A.AddToMission("ax-betty-1"),
            A.SendMission(),
            A.AddInterceptor("al-wildcat-1"),
            A.AddInterceptor("al-p40-1"),
            A.ScrambleDone(),
        ],
    )
    obs0, obs1 = aw.observation(s, 0), aw.observation(s, 1)
    assert obs0["raid"]["intercept"] is None and obs0["raid"]["intercept_count"] == 2
    assert "al-wildcat-1" not in json.dumps(obs0)
    assert obs1["raid"]["intercept"] == ["al-p40-1", "al-wildcat-1"]
    assert obs1["legal_actions"] and obs0["legal_actions"] == []


def test_current_player_follows_the_decision():
    """The defender decides during the attacker's turn (intercept, duel choices)."""
    s = build(hands={"axis": ["ax-betty-1"], "allies": ["al-wildcat-1"]})
    assert aw.current_player(s) == 0
    s = play(s, [A.Attack("resources"), A.AddToMission("ax-betty-1"), A.SendMission()])
    assert aw.current_player(s) == 1
