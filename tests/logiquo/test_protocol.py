"""Saves, hidden information, action (de)serialisation and purity of ``apply``."""

from __future__ import annotations

import json

import pytest

import gamelib.logiquo as L
from gamelib.core import SaveFormatError, dump_save
from gamelib.logiquo.actions import (
    ACTION_CLASSES,
    EndCollaboration,
    OfferCard,
    RequestHelp,
    codec,
)
from gamelib.logiquo.bots import RandomBot
from tests.logiquo.helpers import c


def test_every_phase_and_decision_has_its_module():
    """The front (rules.py) hands every phase to one module and every action to one handler,
    so a rule split across files cannot lose a decision."""
    from gamelib.logiquo import rules
    from gamelib.logiquo.state import PHASES

    assert set(rules._LEGAL) == set(PHASES) - {"over"}
    assert set(rules._HANDLERS) == set(ACTION_CLASSES)


def _midgame(seed: int = 5, steps: int = 40):
    s = L.new_game(4, seed=seed)
    bot = RandomBot(seed)
    for _ in range(steps):
        if L.is_over(s):
            break
        s = L.apply(s, bot.choose(s))
    return s


def test_json_round_trip_is_exact_and_resumes_the_same_future():
    s = _midgame()
    t = L.from_json(L.to_json(s))
    assert t == s
    a, b = RandomBot(9), RandomBot(9)
    for _ in range(30):
        if L.is_over(s):
            break
        s, t = L.apply(s, a.choose(s)), L.apply(t, b.choose(t))
        assert s == t


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        json.dumps({"format": "other"}),
        dump_save("cnw", {}),
        dump_save("logiquo", {"players": []}),
    ],
)
def test_corrupt_or_foreign_saves_are_refused(text):
    with pytest.raises(SaveFormatError):
        L.from_json(text)


def test_a_save_that_lost_a_card_is_refused():
    data = json.loads(L.to_json(_midgame()))
    data["state"]["control_deck"].pop()
    with pytest.raises(SaveFormatError):
        L.from_json(json.dumps(data))


def test_observation_shows_only_the_own_hand(position):
    s = position(3, threat="T03", hands={0: ["C01"], 1: ["C02", "C03"], 2: ["L1"]})
    obs = L.observation(s, 1)
    assert obs["hand"] == sorted([c("C02"), c("C03")])
    assert obs["hand_counts"] == [1, 2, 1]
    text = json.dumps(obs)  # JSON-ready
    for hidden in ("threat_deck", "control_deck", "rng", "hands"):
        assert f'"{hidden}"' not in text
    assert obs["threat_deck_size"] == len(s.threat_deck)
    with pytest.raises(ValueError):
        L.observation(s, 3)


def test_observation_hides_an_offer_from_third_parties(position):
    s = position(3, threat="T03", hands={1: ["C02"]})
    s = L.apply(L.apply(s, RequestHelp()), EndCollaboration())
    s = L.apply(s, OfferCard(0, c("C02")))
    assert L.observation(s, 0)["offer"]["give"] == c("C02")
    assert L.observation(s, 1)["offer"]["give"] == c("C02")
    third = L.observation(s, 2)["offer"]
    assert third["give"] is None and third["kind"] == "gift"


def test_events_never_name_cards_passed_privately(position):
    s = position(3, threat="T22", hands={0: ["C20"], 1: ["C40"], 2: ["C41"]})
    s = L.apply(s, L.TakeImpact())
    gives = [e for e in s.events if e["type"] == "give"]
    assert gives and all("cards" not in e and "card" not in e for e in gives)


def test_apply_never_changes_its_input():
    s = _midgame(steps=10)
    frozen = L.to_json(s)
    for action in L.legal_actions(s):
        L.apply(s, action)
        assert L.to_json(s) == frozen


def test_every_action_class_round_trips_through_the_codec():
    samples = [
        L.PlayPentaqo(136),
        L.PassWindow(),
        L.Neutralise((84, 85)),
        L.RequestHelp(),
        L.TakeImpact(),
        L.OfferCard(1, 90),
        L.OfferTrade(2, None, "control"),
        L.OfferTrade(2, 91, "data"),
        L.AcceptOffer(),
        L.AcceptOffer(95),
        L.DeclineOffer(),
        L.EndCollaboration(),
        L.ChooseDiscard((100,)),
    ]
    assert {type(a) for a in samples} == set(ACTION_CLASSES)
    for a in samples:
        assert codec.from_json(json.loads(json.dumps(codec.to_json(a)))) == a
        assert str(a)
