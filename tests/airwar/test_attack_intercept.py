"""Attack (§Fase Attacco) and Intercept (§Fase Intercetto, §Stadio Portaerei) phases."""

from __future__ import annotations

import json

import pytest

import gamelib.airwar as aw
from gamelib.airwar.actions import (
    AddInterceptor,
    AddToMission,
    Allot,
    Attack,
    Intercept,
    PassStage,
    ScrambleDone,
    SendMission,
)
from gamelib.airwar.cards import card
from gamelib.airwar.scenario import build, play
from gamelib.core import IllegalAction


def _rules(fn, *args):
    """The § and the code of the refusal."""
    with pytest.raises(IllegalAction) as err:
        fn(*args)
    return err.value.rule, err.value.code


def test_fase_attacco_targets_resources_enemy_base_or_carrier():
    """§Fase Attacco: the target is the resources, an enemy airbase or an enemy carrier."""
    s = build(hands={"axis": ["ax-betty-1"]}, carriers={"allies": ["al-hornet"]})
    attacks = {a.target for a in aw.legal_actions(s) if isinstance(a, Attack)}
    assert attacks == {"resources", "al-midway", "al-hornet"}
    assert PassStage() in aw.legal_actions(s)
    assert _rules(aw.apply, s, Attack("ax-lae")) == ("§Fase Attacco", "mission.bad_target")


def test_fase_attacco_mission_size_limited_by_total_airbase_capacity():
    """§Fase Attacco: at most as many aircraft as the total capacity of all airbases."""
    planes = [
        "ax-betty-1",
        "ax-betty-2",
        "ax-betty-3",
        "ax-nell",
        "ax-mavis-1",
        "ax-mavis-2",
        "ax-zero-1",
        "ax-zero-2",
    ]
    s = build(
        hands={"axis": planes}, bases={"axis": ["ax-lae", "ax-kavieng"], "allies": ["al-midway"]}
    )
    cap = card("ax-lae").capacity + card("ax-kavieng").capacity
    s = play(s, [Attack("resources")] + [AddToMission(c) for c in planes[:cap]])
    assert len(s.raid.mission) == cap
    assert not any(isinstance(a, AddToMission) for a in aw.legal_actions(s))
    assert _rules(aw.apply, s, AddToMission(planes[cap])) == ("§Fase Attacco", "mission.too_big")


def test_fase_attacco_mission_only_aircraft():
    """§Fase Attacco: the mission hand holds aircraft cards only."""
    s = build(hands={"axis": ["ax-betty-1", "ax-sakai", "ax-rabaul"]})
    s = aw.apply(s, Attack("resources"))
    for c in ("ax-sakai", "ax-rabaul"):
        assert _rules(aw.apply, s, AddToMission(c)) == ("§Fase Attacco", "mission.not_in_hand")
    assert _rules(aw.apply, s, SendMission()) == ("§Fase Attacco", "mission.empty")  # empty mission


def test_fase_attacco_mission_is_hidden_from_defender():
    """§Fase Attacco: the defender learns only how many aircraft fly, not which."""
    s = build(hands={"axis": ["ax-betty-1", "ax-zero-3"], "allies": ["al-wildcat-1"]})
    s = play(
        s,
        [Attack("resources"), AddToMission("ax-betty-1"), AddToMission("ax-zero-3"), SendMission()],
    )
    seen = json.dumps(aw.observation(s, 1))
    assert "ax-betty-1" not in seen and "ax-zero-3" not in seen
    assert aw.observation(s, 1)["raid"]["mission_count"] == 2
    assert aw.observation(s, 0)["raid"]["mission"] == ["ax-betty-1", "ax-zero-3"]


def test_stadio_portaerei_only_carrier_based_aircraft_fly():
    """§Stadio Portaerei: only carrier-based aircraft operate from carriers; carrier capacity
    limits the mission."""
    s = build(
        stage="carrier",
        carriers={"axis": ["ax-shokaku"]},
        hands={"axis": ["ax-kate-1", "ax-kate-2", "ax-val-1", "ax-betty-1"]},
    )
    s = aw.apply(s, Attack("resources"))
    legal = aw.legal_actions(s)
    assert AddToMission("ax-betty-1") not in legal
    assert _rules(aw.apply, s, AddToMission("ax-betty-1")) == (
        "§Stadio Portaerei",
        "mission.not_carrier_based",
    )
    s = play(s, [AddToMission("ax-kate-1"), AddToMission("ax-kate-2")])
    assert card("ax-shokaku").capacity == 2
    assert _rules(aw.apply, s, AddToMission("ax-val-1")) == ("§Fase Attacco", "mission.too_big")


def test_stadio_base_aerea_any_aircraft_flies_from_airbases():
    """§Stadio Base Aerea: every aircraft, carrier-based too, may fly from an airbase."""
    s = build(hands={"axis": ["ax-kate-1", "ax-betty-1"]})
    s = aw.apply(s, Attack("resources"))
    assert {a.card for a in aw.legal_actions(s) if isinstance(a, AddToMission)} == {
        "ax-kate-1",
        "ax-betty-1",
    }


def _raid(defender_hand, target="resources", stage="airbase", **kw):
    """Axis sends one Betty (or Kate in the Carrier stage) at ``target``."""
    plane = "ax-betty-1" if stage == "airbase" else "ax-kate-1"
    s = build(stage=stage, hands={"axis": [plane], "allies": defender_hand}, **kw)
    return play(s, [Attack(target), AddToMission(plane), SendMission()])


def test_fase_intercetto_interceptors_need_air_to_air():
    """§Fase Intercetto: every interceptor has Air-to-Air of at least 1."""
    assert card("al-tbd-1").air_to_air == 0 and card("al-wildcat-1").air_to_air >= 1
    s = _raid(["al-tbd-1", "al-wildcat-1"])
    assert s.step == "scramble" and aw.current_player(s) == 1
    legal = aw.legal_actions(s)
    assert AddInterceptor("al-wildcat-1") in legal and AddInterceptor("al-tbd-1") not in legal
    assert _rules(aw.apply, s, AddInterceptor("al-tbd-1")) == (
        "§Fase Intercetto",
        "intercept.air_to_air",
    )


def test_fase_intercetto_capacity_minus_grounded_aircraft():
    """§Fase Intercetto: available capacity = capacity of the airbases minus the aircraft
    already on them; grounded aircraft themselves cannot intercept."""
    hand = ["al-wildcat-1", "al-wildcat-2", "al-p38-1"]
    s = _raid(hand, grounded={"allies": {"al-midway": ["al-p40-1", "al-b17-1"]}})
    assert card("al-midway").capacity - 2 == 1
    s = aw.apply(s, AddInterceptor("al-wildcat-1"))
    assert [a for a in aw.legal_actions(s) if isinstance(a, AddInterceptor)] == []
    assert _rules(aw.apply, s, AddInterceptor("al-wildcat-2")) == (
        "§Fase Intercetto",
        "intercept.no_capacity",
    )
    assert _rules(aw.apply, s, AddInterceptor("al-p40-1")) == (
        "§Fase Intercetto",
        "intercept.grounded",
    )


def test_fase_intercetto_no_room_no_interception():
    """§Fase Intercetto: with no free capacity the raid cannot be intercepted."""
    s = _raid(
        ["al-wildcat-1"], grounded={"allies": {"al-midway": ["al-p40-1", "al-b17-1", "al-sbd-1"]}}
    )
    assert s.step == "allot" and s.raid.intercept == []
    s = aw.apply(s, Allot("ax-betty-1", "industry"))
    assert s.industry[1] == 60 - card("ax-betty-1").bombing


def test_fase_intercetto_carrier_capacity_only_when_carrier_attacked():
    """§Fase Intercetto: in the Airbase stage the defender adds its carriers' capacity only if
    the target is one of its carriers."""
    hand = ["al-wildcat-1", "al-wildcat-2", "al-wildcat-3", "al-wildcat-4", "al-wildcat-5"]
    kw = {"carriers": {"allies": ["al-hornet"]}}
    base_room = card("al-midway").capacity
    carrier_room = card("al-hornet").capacity
    s = _raid(hand, **kw)
    s = play(s, [AddInterceptor(c) for c in hand[:base_room]])
    assert not any(isinstance(a, AddInterceptor) for a in aw.legal_actions(s))
    s = _raid(hand, target="al-hornet", **kw)
    s = play(s, [AddInterceptor(c) for c in hand[: base_room + carrier_room]])
    assert len(s.raid.intercept) == base_room + carrier_room


def test_fase_intercetto_land_based_need_airbase_room_when_carrier_room_used():
    """§Fase Intercetto: survivors must be able to land; a land-based fighter cannot land on
    a carrier, so it never uses carrier capacity."""
    hand = ["al-p38-1", "al-p38-2", "al-p40-1", "al-p40-2", "al-wildcat-1"]
    s = _raid(hand, target="al-hornet", carriers={"allies": ["al-hornet"]})
    s = play(s, [AddInterceptor(c) for c in hand[:3]])  # Midway full of land-based fighters
    legal = aw.legal_actions(s)
    assert AddInterceptor("al-p40-2") not in legal and AddInterceptor("al-wildcat-1") in legal


def test_stadio_portaerei_defence_uses_carriers_only():
    """§Stadio Portaerei: against a Carrier-stage raid on the resources or a carrier only
    carrier-based aircraft on carriers defend; with no carrier, no interception."""
    s = _raid(["al-wildcat-1", "al-p38-1"], stage="carrier", carriers={"axis": ["ax-akagi"]})
    assert s.step != "scramble"  # Allies have no carrier
    s = _raid(
        ["al-wildcat-1", "al-p38-1"],
        stage="carrier",
        carriers={"axis": ["ax-akagi"], "allies": ["al-hornet"]},
    )
    assert s.step == "scramble"
    legal = aw.legal_actions(s)
    assert AddInterceptor("al-wildcat-1") in legal and AddInterceptor("al-p38-1") not in legal
    assert _rules(aw.apply, s, AddInterceptor("al-p38-1")) == (
        "§Stadio Portaerei",
        "intercept.land_based",
    )


def test_stadio_portaerei_airbase_target_lets_land_fighters_defend():
    """§Stadio Portaerei: if an airbase is attacked in the Carrier stage, its land-based
    fighters may defend it using the airbases' capacity."""
    s = _raid(
        ["al-wildcat-1", "al-p38-1"],
        target="al-midway",
        stage="carrier",
        carriers={"axis": ["ax-akagi"]},
    )
    assert s.step == "scramble"
    assert AddInterceptor("al-p38-1") in aw.legal_actions(s)


def test_fase_intercetto_blind_pick_takes_card_at_position():
    """§Fase Intercetto: the defender picks a face-down card by position; the mission was
    shuffled with the game's RNG, so the pick is chance, and it is that card that fights."""
    planes = ["ax-betty-1", "ax-betty-2", "ax-zero-1"]
    s = build(hands={"axis": planes, "allies": ["al-wildcat-1"]})
    s = play(s, [Attack("resources")] + [AddToMission(c) for c in planes] + [SendMission()])
    order = list(s.raid.mission)
    assert sorted(order) == sorted(planes)
    s = play(s, [AddInterceptor("al-wildcat-1"), ScrambleDone()])
    positions = {a.position for a in aw.legal_actions(s) if isinstance(a, Intercept)}
    assert positions == {0, 1, 2}
    s2 = aw.apply(s, Intercept("al-wildcat-1", 2))
    assert s2.raid.duel_att == order[2] and s2.raid.duel_def == "al-wildcat-1"
    assert _rules(aw.apply, s, Intercept("al-wildcat-1", 3)) == (
        "§Fase Intercetto",
        "duel.no_such_position",
    )


def test_mission_order_depends_on_game_rng_not_on_launch_order():
    """Decision (see docs): the engine shuffles the mission; different seeds, other orders."""
    planes = ["ax-betty-1", "ax-betty-2", "ax-betty-3", "ax-nell"]
    orders = set()
    for seed in range(12):
        s = build(
            hands={"axis": planes},
            seed=seed,
            bases={"axis": ["ax-lae", "ax-rabaul"], "allies": ["al-midway"]},
        )
        s = play(s, [Attack("resources")] + [AddToMission(c) for c in planes] + [SendMission()])
        orders.add(tuple(s.raid.mission))
    assert len(orders) > 1


def test_fase_intercetto_pass_lets_raid_through():
    """§Fase Intercetto: a defender who passes lets the raid through unharmed."""
    s = _raid(["al-wildcat-1"])
    s = play(s, [ScrambleDone(), Allot("ax-betty-1", "industry")])
    assert s.industry[1] == 60 - card("ax-betty-1").bombing
    assert "al-wildcat-1" in s.hand[1]
