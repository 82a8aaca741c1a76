"""The shared core: rule-naming errors, the RNG carried in the state, versioned saves, actions."""

import dataclasses
import importlib
import json
import pickle
import random
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import pytest

import gamelib
from gamelib import actions, batch, core
from gamelib.bots import RandomBot


def test_illegal_action_names_the_rule_and_is_importable_from_gamelib():
    err = gamelib.IllegalAction("§7.1", "the source needs at least 2 pawns")
    assert err.rule == "§7.1"
    assert "§7.1" in str(err) and "at least 2 pawns" in str(err)
    assert isinstance(err, ValueError)


def test_rng_state_resumes_the_same_sequence_after_a_json_round_trip():
    state = core.new_rng_state(42)
    rng = core.rng_from(state)
    first = [rng.random() for _ in range(3)]
    assert first == [random.Random(42).random() for _ in range(1)] + first[1:]
    saved = json.loads(json.dumps(core.rng_to_json(rng.getstate())))
    restored = core.rng_from(core.rng_from_json(saved))
    assert [restored.random() for _ in range(5)] == [rng.random() for _ in range(5)]


def test_a_damaged_rng_state_is_a_save_error():
    with pytest.raises(core.SaveFormatError):
        core.rng_from_json([3, [1, 2, 3], None])


def test_save_round_trip_and_envelope():
    text = core.dump_save("cnw", {"turn": 3})
    assert json.loads(text)["version"] == core.SAVE_VERSION
    assert core.load_save(text, "cnw") == {"turn": 3}


@pytest.mark.parametrize(
    "text, reason",
    [
        ("not json at all", "not_json"),
        ("[1, 2]", "not_a_save"),
        (json.dumps({"format": "something-else"}), "not_a_save"),
        (core.dump_save("rails", {}), "other_game"),
        (
            json.dumps({"format": core.SAVE_FORMAT, "version": 99, "game": "cnw", "state": {}}),
            "newer",
        ),
        (json.dumps({"format": core.SAVE_FORMAT, "version": 1, "game": "cnw"}), "no_state"),
    ],
)
def test_corrupt_or_foreign_saves_are_refused_with_a_reason(text, reason):
    """The refusal is a code (worded by the widgets' catalogs), never an English sentence."""
    with pytest.raises(core.SaveFormatError) as refused:
        core.load_save(text, "cnw")
    assert refused.value.code == reason


def test_guarded_load_turns_structural_damage_into_a_save_error():
    text = core.dump_save("cnw", {"turn": "x"})
    with pytest.raises(core.SaveFormatError) as refused:
        core.guarded_load("cnw", text, lambda payload: int(payload["missing"]))
    assert (refused.value.code, refused.value.values) == ("damaged", {"error": "KeyError"})


def test_guarded_load_refuses_an_inconsistent_state_with_the_checks_problem():
    text = core.dump_save("cnw", {"turn": 3})
    problem = core.Problem("turn.too_late", turn=3)
    with pytest.raises(core.SaveFormatError) as refused:
        core.guarded_load("cnw", text, lambda payload: payload, check=lambda state: problem)
    assert refused.value.code == "inconsistent"
    assert refused.value.values == {"problem": problem}


def test_save_errors_and_problems_cross_process_pools_whole():
    error = core.SaveFormatError("newer", version=9, supported=1)
    back = pickle.loads(pickle.dumps(error))
    assert (type(back), back.code, back.values) == (core.SaveFormatError, "newer", error.values)
    problem = core.Problem("cards.lost", card=4)
    assert pickle.loads(pickle.dumps(problem)) == problem


@dataclass(frozen=True)
class Move:
    source: str
    target: str
    pawns: int = 1

    def __str__(self) -> str:
        return f"move {self.pawns} {self.source}→{self.target}"


def test_action_codec_round_trip_and_malformed_input():
    codec = core.ActionCodec([Move])
    action = Move("JFK", "LHR", 2)
    assert codec.from_json(json.loads(json.dumps(codec.to_json(action)))) == action
    assert str(action) == "move 2 JFK→LHR"
    with pytest.raises(core.IllegalAction):
        codec.from_json({"type": "Teleport"})
    with pytest.raises(core.IllegalAction, match="action.missing"):
        codec.from_json({"type": "Move", "source": "JFK"})
    with pytest.raises(core.IllegalAction):
        codec.check(("JFK", "LHR"))


class CountGame:
    """A tiny game to exercise play_out and RandomBot: players add 1 or 2 until 10."""

    NAME = "count"

    @staticmethod
    def legal_actions(state):
        return [1, 2] if state < 10 else []

    @staticmethod
    def apply(state, action):
        return state + action

    @staticmethod
    def current_player(state):
        return None if state >= 10 else state % 2

    @staticmethod
    def is_over(state):
        return state >= 10


def test_play_out_with_seeded_random_bots_is_repeatable():
    runs = []
    for _ in range(2):
        bots = {0: RandomBot(1, game=CountGame), 1: RandomBot(2, game=CountGame)}
        seen = []
        end = core.play_out(CountGame, 0, bots, on_action=lambda s, a, seen=seen: seen.append(a))
        runs.append((end, seen))
    assert runs[0] == runs[1]
    assert runs[0][0] >= 10


# --------------------------------------------------------------------------------------------
# gamelib.actions: the one shape of a decision; gamelib.batch: the one runner of seeded games.


class ToyAction(actions.Action):
    """A family's base: a tuple of places reads as "a, b"."""

    def said(self, name, value):
        return ", ".join(value) if isinstance(value, tuple) else value


class Hop(ToyAction):
    TEXT = "hop {n} times via {via}"
    n: int
    via: tuple[str, ...] = ()


class Rest(ToyAction):
    TEXT = "rest"


def test_an_action_is_a_frozen_dataclass_read_from_its_template():
    hop = Hop(2, ("JFK", "LHR"))
    assert str(hop) == "hop 2 times via JFK, LHR" and str(Rest()) == "rest"
    assert hop == Hop(2, ("JFK", "LHR")) and hash(hop) == hash(Hop(2, ("JFK", "LHR")))
    assert hop != Hop(3) and Rest() != Hop(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        hop.n = 3
    assert pickle.loads(pickle.dumps(hop)) == hop  # actions cross process pools
    assert ToyAction.__subclasses__() == [Hop, Rest]
    codec = core.ActionCodec(ToyAction.__subclasses__())
    assert codec.from_json(json.loads(json.dumps(codec.to_json(hop)))) == hop


@pytest.mark.parametrize("game", ["airwar", "cnw", "logiquo", "rails"])
def test_every_action_class_of_a_game_has_its_words(game):
    """Each class derives from the shared base and says itself: a ``TEXT`` or its own ``str``
    (a class that forgot both would read as an empty string in logs and tests)."""
    module = importlib.import_module(f"gamelib.{game}.actions")
    assert module.ACTION_CLASSES
    for cls in module.ACTION_CLASSES:
        assert issubclass(cls, actions.Action) and dataclasses.is_dataclass(cls), cls
        assert cls.TEXT or "__str__" in vars(cls), f"{cls.__name__} has no words"
        if all(f.default is not dataclasses.MISSING for f in dataclasses.fields(cls)):
            assert str(cls()), cls


def _double(seed, offset):
    return 2 * seed + offset


def test_play_games_gives_the_same_games_in_order_wherever_they_run():
    seeds = range(10, 23)
    want = [2 * s + 1 for s in seeds]
    seen = []
    assert batch.play_games(_double, seeds, (1,), progress=lambda d, n: seen.append((d, n))) == want
    assert seen[-1] == (13, 13) and [d for d, _ in seen] == sorted(d for d, _ in seen)
    with ThreadPoolExecutor(2) as pool:
        assert batch.play_games(_double, seeds, (1,), executor=pool, size=4) == want


def test_bot_game_wants_one_bot_a_seat():
    with pytest.raises(ValueError, match="bots_factory gave 1 bots for 2 players"):
        batch.bot_game(CountGame, 2, 0, [RandomBot(1, game=CountGame)], 100, factory="bots_factory")
