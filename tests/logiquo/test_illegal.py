"""Random and malformed actions are refused with IllegalAction and leave the state unchanged;
every listed legal action applies."""

from __future__ import annotations

import dataclasses
import random

import pytest

import gamelib.logiquo as L
from gamelib.core import IllegalAction
from gamelib.logiquo.actions import ACTION_CLASSES, codec
from gamelib.logiquo.bots import RandomBot


@dataclasses.dataclass(frozen=True)
class Neutralise:  # same name as the real action, but not this game's class
    cards: tuple = ()


def _states(n_games: int = 30):
    for g in range(n_games):
        s = L.new_game(2 + g % 5, seed=1000 + g)
        bot = RandomBot(g)
        rng = random.Random(g)
        while not L.is_over(s):
            if rng.random() < 0.08:
                yield s
            s = L.apply(s, bot.choose(s))
        yield s


def _canonical(action):
    """Card sets may be named in any order; legal_actions lists them sorted."""
    if isinstance(action, (L.Neutralise, L.ChooseDiscard)):
        return type(action)(tuple(sorted(action.cards)))
    return action


def _random_value(rng: random.Random):
    return rng.choice(
        [
            rng.randrange(-3, 300),
            None,
            "control",
            "data",
            "x",
            True,
            1.5,
            (rng.randrange(0, 140),),
            (rng.randrange(0, 140), rng.randrange(0, 140)),
            (),
            ("a",),
            [1, 2],
        ]
    )


def _random_action(rng: random.Random):
    cls = rng.choice(ACTION_CLASSES)
    kwargs = {f.name: _random_value(rng) for f in dataclasses.fields(cls)}
    return cls(**kwargs)


def test_random_actions_are_applied_only_when_legal_and_never_corrupt_the_state():
    rng = random.Random(7)
    refused = applied = 0
    for s in _states():
        legal = set(L.legal_actions(s))
        for _ in range(25):
            action = _random_action(rng)
            before = L.to_json(s)
            try:
                after = L.apply(s, action)
            except IllegalAction as err:
                assert err.rule.startswith("§")
                refused += 1
            else:
                assert _canonical(action) in legal, action
                assert sorted(after.all_card_ids()) == list(range(140 * s.copies))
                applied += 1
            assert L.to_json(s) == before
    assert refused > 1000 and applied >= 1


@pytest.mark.parametrize(
    "bad",
    [None, "TakeImpact", {"type": "TakeImpact"}, 42, (), Neutralise((1,)), object()],
    # the same ids in every process (pytest-xdist compares them): object()'s repr has an address
    ids=lambda bad: "object()" if type(bad) is object else repr(bad),
)
def test_non_actions_are_malformed(bad):
    s = L.new_game(3, seed=2)
    before = L.to_json(s)
    with pytest.raises(IllegalAction) as err:
        L.apply(s, bad)
    assert err.value.rule == "§actions" and err.value.code == "action.foreign"
    assert L.to_json(s) == before


def test_wrong_field_types_are_malformed():
    s = L.new_game(3, seed=2)
    for bad, code in (
        (L.Neutralise("abc"), "malformed.cards"),
        (L.Neutralise((1.0,)), "malformed.cards"),
        (L.ChooseDiscard([1]), "malformed.cards"),
        (L.PlayPentaqo(True), "malformed.card"),
        (L.OfferCard("1", 3), "malformed.to"),
        (L.OfferTrade(1, "card", "data"), "malformed.give"),
        (L.OfferTrade(1, None, 3), "malformed.ask"),
        (L.AcceptOffer("C01"), "malformed.card_or_none"),
    ):
        with pytest.raises(IllegalAction) as err:
            L.apply(s, bad)
        assert err.value.rule == "§actions"
        assert (err.value.code, err.value.values) == (code, {"action": type(bad).__name__})


@pytest.mark.parametrize(
    "data",
    [None, {}, {"type": "Nope"}, {"type": "OfferCard", "to": 1}, ["Neutralise"]],
    ids=repr,
)
def test_malformed_json_actions_are_refused_by_the_codec(data):
    with pytest.raises(IllegalAction):
        codec.from_json(data)


def test_every_legal_action_applies():
    for s in _states(12):
        for action in L.legal_actions(s):
            L.apply(s, action)
