"""Damage (§Fase di Assegnazione dei Danni), resources (§Assegnazione dei Danni, §Carta
Industria, §Carta Convoglio), airbases (§Basi Aeree), carriers (§Portaerei), landing, War cards."""

from __future__ import annotations

import pytest

import gamelib.airwar as aw
from gamelib.airwar.actions import (
    AddInterceptor,
    AddToMission,
    Allot,
    Attack,
    ConvoyDiscard,
    Disengage,
    PassStage,
    Sacrifice,
    ScrambleDone,
    SendMission,
)
from gamelib.airwar.cards import card
from gamelib.airwar.scenario import build, play
from gamelib.core import IllegalAction

BIG = {"axis": ["ax-lae", "ax-rabaul"], "allies": ["al-midway", "al-henderson", "al-moresby"]}


def raid(planes, target="resources", stage="airbase", defenders=(), scramble=(), **kw):
    """Axis raid with ``planes``; Allies scramble ``scramble`` then the combat is skipped."""
    kw.setdefault("bases", BIG)
    kw.setdefault("carriers", {"axis": ["ax-akagi"]})  # the turn pauses at the Carrier stage
    hands = kw.pop("hands", {})
    s = build(
        stage=stage,
        hands={
            "axis": list(planes) + hands.get("axis", []),
            "allies": list(defenders) + hands.get("allies", []),
        },
        **kw,
    )
    s = play(s, [Attack(target)] + [AddToMission(c) for c in planes] + [SendMission()])
    if s.step == "scramble":
        s = play(s, [AddInterceptor(c) for c in scramble] + [ScrambleDone()])
    if s.step == "combat":
        s = aw.apply(s, Disengage())
    return s


def test_danni_surviving_bombers_hit_industry():
    """§Fase di Assegnazione dei Danni / §Carta Industria: every aircraft reaching the target
    subtracts its Bombing from the Industry."""
    s = raid(["ax-betty-1", "ax-zero-1"])
    s = aw.apply(s, Allot("ax-betty-1", "industry"))
    assert s.industry[1] == 60 - card("ax-betty-1").bombing - card("ax-zero-1").bombing


def test_danni_split_between_industry_and_convoy():
    """§Fase di Assegnazione dei Danni: against the resources the attacker may split the
    aircraft between Industry (Bombing) and Convoy (Convoy attack)."""
    s = raid(["ax-betty-1", "ax-betty-2"])
    assert s.step == "allot" and aw.current_player(s) == 0
    s = play(s, [Allot("ax-betty-1", "industry"), Allot("ax-betty-2", "convoy")])
    b = card("ax-betty-1")
    assert s.industry[1] == 60 - b.bombing and s.convoy[1] == 15 - b.convoy_attack


def test_convoglio_only_aircraft_with_convoy_attack():
    """§Carta Convoglio: only aircraft with a Convoy attack value can hit the Convoy."""
    assert card("ax-zero-1").convoy_attack == 0
    s = raid(["ax-zero-1", "ax-betty-1"])
    assert {a.card for a in aw.legal_actions(s)} == {"ax-betty-1"}
    with pytest.raises(IllegalAction) as err:
        aw.apply(s, Allot("ax-zero-1", "convoy"))
    assert err.value.rule == "§Carta Convoglio" and err.value.code == "allot.no_convoy_attack"
    s = raid(["ax-zero-1"])
    assert s.step != "allot" and s.convoy[1] == 15


def test_convoglio_at_zero_discard_two_industry_minus_four_reset_excess_lost():
    """§Carta Convoglio: at 0 the owner discards 2 cards, loses 4 Industry and the Convoy
    goes back to 15; damage beyond 15 is lost."""
    planes = ["ax-mavis-1", "ax-mavis-2", "ax-betty-1"]
    total = sum(card(c).convoy_attack for c in planes)
    s = raid(planes, convoy={"allies": 5}, hands={"allies": ["al-sbd-1", "al-tbd-1", "al-skip"]})
    assert total > 5
    s = play(s, [Allot(c, "convoy") for c in sorted(planes)])
    assert s.convoy[1] == 15 and s.industry[1] == 60 - 4
    assert s.step == "convoy" and aw.current_player(s) == 1
    s = play(s, [ConvoyDiscard("al-tbd-1"), ConvoyDiscard("al-skip")])
    assert {"al-tbd-1", "al-skip"} <= set(s.discard[1]) and s.hand[1] == ["al-sbd-1"]
    assert s.convoy[1] == 15  # the excess over 5 was lost, not carried


def test_convoglio_discard_may_take_bases_and_grounded_aircraft():
    """§Carta Convoglio: mobilised airbases/carriers and grounded aircraft may be discarded;
    a discarded base takes its War cards with it and its aircraft go back to the hand
    (decision)."""
    s = raid(
        ["ax-mavis-1"],
        convoy={"allies": 1},
        war={"allies": {"al-aa": "al-henderson"}},
        grounded={"allies": {"al-henderson": ["al-p40-1"], "al-midway": ["al-b17-1"]}},
        hands={"allies": ["al-sbd-1", "al-wildcat-1", "al-wildcat-2"]},
    )
    s = aw.apply(s, Allot("ax-mavis-1", "convoy"))
    options = {a.card for a in aw.legal_actions(s)}
    assert {"al-midway", "al-henderson", "al-b17-1", "al-p40-1", "al-sbd-1"} <= options
    s = play(s, [ConvoyDiscard("al-henderson"), ConvoyDiscard("al-b17-1")])
    assert "al-henderson" not in s.bases[1] and "al-aa" in s.discard[1]
    assert "al-p40-1" in s.hand[1] and "al-b17-1" in s.discard[1]


def test_convoglio_forced_discard_when_two_cards_or_fewer():
    """§Carta Convoglio: with no more than 2 eligible cards, they all go without a choice."""
    s = raid(
        ["ax-mavis-1"],
        convoy={"allies": 1},
        bases={"axis": ["ax-lae"], "allies": []},
        hands={"allies": ["al-sbd-1"]},
    )
    s = aw.apply(s, Allot("ax-mavis-1", "convoy"))
    assert s.convoy[1] == 15 and s.hand[1] == [] and "al-sbd-1" in s.discard[1]
    assert s.step == "target" and s.stage == "carrier"


def test_industria_at_zero_loses():
    """§Carta Industria / §Ambientazione: Industry at 0 ends the war; the attacker wins."""
    s = raid(["ax-betty-1"], industry={"allies": 3})
    s = aw.apply(s, Allot("ax-betty-1", "industry"))
    assert aw.is_over(s) and aw.winners(s) == [0] and s.industry[1] == 0
    assert aw.legal_actions(s) == [] and aw.current_player(s) is None
    with pytest.raises(IllegalAction) as err:
        aw.apply(s, PassStage())
    assert err.value.rule == "§Carta Industria" and err.value.code == "game.over"


def test_industria_zero_through_convoy_penalty():
    """§Carta Convoglio + §Carta Industria: the -4 of a sunk convoy can end the war."""
    s = raid(["ax-mavis-1"], industry={"allies": 4}, convoy={"allies": 2})
    s = aw.apply(s, Allot("ax-mavis-1", "convoy"))
    assert aw.winners(s) == [0]


def test_basi_aeree_destroyed_in_one_attack_war_cards_discarded_one_aircraft_lost():
    """§Basi Aeree: Bombing >= Defense in one attack destroys the base; its War cards are
    discarded; the owner chooses one grounded aircraft to discard, the rest return to hand."""
    planes = ["ax-val-1", "ax-val-2", "ax-betty-1", "ax-betty-2"]
    assert sum(card(c).bombing for c in planes) >= card("al-midway").defense
    s = raid(
        planes,
        target="al-midway",
        war={"allies": {"al-seabees": "al-midway"}},
        grounded={"allies": {"al-midway": ["al-b17-1", "al-p40-1"]}},
    )
    assert "al-midway" in s.discard[1] and "al-seabees" in s.discard[1]
    assert s.step == "sacrifice" and aw.current_player(s) == 1
    s = aw.apply(s, Sacrifice("al-p40-1"))
    assert "al-p40-1" in s.discard[1] and "al-b17-1" in s.hand[1]


def test_basi_aeree_single_grounded_aircraft_is_lost_without_choice():
    """§Basi Aeree: with one aircraft on the destroyed base there is nothing to choose."""
    s = raid(
        ["ax-val-1", "ax-val-2", "ax-betty-1", "ax-betty-2"],
        target="al-midway",
        grounded={"allies": {"al-midway": ["al-b17-1"]}},
    )
    assert "al-b17-1" in s.discard[1] and s.step != "sacrifice"


def test_basi_aeree_damage_not_cumulative():
    """§Basi Aeree: a base survives an attack below its Defense and the damage is gone next
    time."""
    planes = ["ax-betty-1", "ax-betty-2"]
    assert sum(card(c).bombing for c in planes) < card("al-midway").defense
    s = raid(planes, target="al-midway")
    assert "al-midway" in s.bases[1]
    s2 = build(hands={"axis": planes}, bases=BIG, seed=5)
    s2 = play(
        s2,
        [Attack("al-midway")] + [AddToMission(c) for c in planes] + [SendMission(), ScrambleDone()],
    )
    assert "al-midway" in s2.bases[1]


def test_basi_aeree_interceptors_without_base_return_to_hand():
    """§Basi Aeree: if the base is destroyed while interceptors have nowhere to land, they go
    back to the hand."""
    planes = ["ax-val-1", "ax-val-2", "ax-betty-1", "ax-betty-2"]
    s = raid(
        planes,
        target="al-midway",
        bases={"axis": BIG["axis"], "allies": ["al-midway"]},
        defenders=["al-sbd-1"],
        scramble=["al-sbd-1"],
    )
    assert "al-midway" in s.discard[1] and "al-sbd-1" in s.hand[1]


def test_portaerei_carrier_attack_doubled_in_carrier_stage_only():
    """§Portaerei: Carrier attack counts against carriers, doubled for aircraft launched from
    a carrier in the Carrier stage."""
    kates = ["ax-kate-1", "ax-kate-2"]
    hit = 2 * card("ax-kate-1").carrier_attack
    assert hit < card("al-hornet").defense <= 2 * hit
    s = raid(kates, target="al-hornet", carriers={"allies": ["al-hornet"]})
    assert "al-hornet" in s.carriers[1]  # Airbase stage: not doubled
    s = raid(
        kates,
        target="al-hornet",
        stage="carrier",
        carriers={"axis": ["ax-akagi"], "allies": ["al-hornet"]},
        grounded={"allies": {"al-hornet": ["al-wildcat-1", "al-sbd-1"]}},
    )
    assert "al-hornet" in s.discard[1] and s.step == "sacrifice"
    s = aw.apply(s, Sacrifice("al-sbd-1"))
    assert "al-wildcat-1" in s.hand[1] and "al-sbd-1" in s.discard[1]


def test_portaerei_bases_hit_by_bombing_carriers_by_carrier_attack():
    """§Basi Aeree / §Portaerei: the stat that counts depends on the target."""
    zeros = ["ax-zero-1", "ax-zero-2", "ax-zero-3"]  # Carrier attack 1, Bombing 0
    s = raid(zeros, target="al-midway")
    dmg = [e for e in s.events if e["type"] == "damage"][0]
    assert dmg["damage"] == 0 and "al-midway" in s.bases[1]
    s = build(hands={"axis": ["ax-kate-1"]}, bases=BIG, carriers={"allies": ["al-hornet"]})
    s = play(s, [Attack("al-hornet"), AddToMission("ax-kate-1"), SendMission(), ScrambleDone()])
    dmg = [e for e in s.events if e["type"] == "damage"][0]
    assert dmg["damage"] == card("ax-kate-1").carrier_attack


def test_landing_attackers_on_airbases_after_airbase_stage_in_order():
    """§Fase di Assegnazione dei Danni: after the stage every aircraft lands on an airbase
    (Airbase stage); the engine fills the bases in the order they were mobilised."""
    planes = ["ax-zero-1", "ax-zero-2", "ax-zero-3", "ax-zero-4", "ax-zero-5"]
    s = raid(planes, target="al-midway")
    lae = card("ax-lae").capacity
    assert sorted(s.grounded[0]["ax-lae"] + s.grounded[0]["ax-rabaul"]) == planes
    assert len(s.grounded[0]["ax-lae"]) == lae


def test_landing_interceptors_including_unused_ones():
    """§Fase Intercetto: unused interceptors land too, and occupy capacity."""
    s = raid(
        ["ax-zero-1"],
        target="al-midway",
        defenders=["al-wildcat-1", "al-sbd-1"],
        scramble=["al-wildcat-1", "al-sbd-1"],
    )
    landed = [c for planes in s.grounded[1].values() for c in planes]
    assert sorted(landed) == ["al-sbd-1", "al-wildcat-1"]


def test_landing_on_carriers_after_carrier_stage():
    """§Stadio Portaerei: carrier aircraft return to a carrier after their mission."""
    s = raid(["ax-kate-1"], stage="carrier", carriers={"axis": ["ax-akagi"]})
    s = aw.apply(s, Allot("ax-kate-1", "industry"))
    assert s.active == 1 and s.grounded[0]["ax-akagi"] == ["ax-kate-1"]


def test_war_base_defense_and_capacity():
    """War cards: +Defense keeps a base standing; +Capacity allows a bigger mission."""
    planes = ["ax-val-1", "ax-val-2", "ax-betty-1", "ax-betty-2"]
    bombs = sum(card(c).bombing for c in planes)
    assert card("al-midway").defense <= bombs < card("al-midway").defense + 4
    s = raid(planes, target="al-midway", war={"allies": {"al-aa": "al-midway"}})
    assert "al-midway" in s.bases[1]
    s = raid(planes, target="al-midway")
    assert "al-midway" not in s.bases[1]
    s = build(
        hands={"axis": ["ax-zero-1", "ax-zero-2", "ax-zero-3", "ax-zero-4", "ax-zero-5"]},
        bases={"axis": ["ax-lae"], "allies": ["al-midway"]},
        war={"axis": {"ax-setsueitai": "ax-lae"}},
    )
    s = play(s, [Attack("resources")] + [AddToMission(f"ax-zero-{i}") for i in range(1, 6)])
    assert len(s.raid.mission) == card("ax-lae").capacity + 1


def test_war_interceptor_bonus(combat):
    """War card: while it stands, your interceptors have +1 Air-to-Air."""
    s = combat.start(["ax-zero-1"], ["al-sbd-1"], war={"allies": {"al-coastwatchers": "al-midway"}})
    s = combat.intercept(s, "al-sbd-1", "ax-zero-1")
    assert aw.duel_values(s)["def"]["air_to_air"] == card("al-sbd-1").air_to_air + 1


def test_war_convoy_and_industry_shields():
    """War cards: each raid deals 1 less Convoy (escort fleet) or Industry (arsenal) damage."""
    s = build(
        active="allies",
        turn=4,
        hands={"allies": ["al-pby-1", "al-b17-1"]},
        bases=BIG,
        war={"axis": {"ax-escort": "ax-lae"}},
    )
    s = play(
        s,
        [
            Attack("resources"),
            AddToMission("al-pby-1"),
            AddToMission("al-b17-1"),
            SendMission(),
            ScrambleDone(),
            Allot("al-b17-1", "industry"),
            Allot("al-pby-1", "convoy"),
        ],
    )
    assert s.convoy[0] == 15 - (card("al-pby-1").convoy_attack - 1)
    assert s.industry[0] == 60 - card("al-b17-1").bombing
    s = raid(["ax-betty-1"], war={"allies": {"al-arsenal": "al-midway"}})
    s = aw.apply(s, Allot("ax-betty-1", "industry"))
    assert s.industry[1] == 60 - (card("ax-betty-1").bombing - 1)


def test_attached_damage_boosts(combat):
    """Type 91 torpedo adds Carrier attack, Skip bombing Convoy attack, once attached."""
    from gamelib.airwar.actions import PlayBattle

    s = combat.start(
        ["ax-kate-1"],
        ["al-sbd-1"],
        target="al-hornet",
        attacker_extra=["ax-type91"],
        carriers={"allies": ["al-hornet"]},
    )
    s = combat.intercept(s, "al-sbd-1", "ax-kate-1")
    s = combat.resolve(aw.apply(s, PlayBattle("ax-type91")))
    dmg = [e for e in s.events if e["type"] == "damage"][0]
    assert dmg["damage"] == card("ax-kate-1").carrier_attack + 2
    s = combat.start(["al-pby-1"], ["ax-val-1"], attacker="allies", attacker_extra=["al-skip"])
    s = combat.intercept(s, "ax-val-1", "al-pby-1")
    s = combat.resolve(aw.apply(s, PlayBattle("al-skip")))
    s = aw.apply(s, Allot("al-pby-1", "convoy"))
    assert s.convoy[0] == 15 - (card("al-pby-1").convoy_attack + 2)


def test_landing_carrier_target_interceptors_may_land_on_carriers():
    """§Fase Intercetto: when a carrier is attacked in the Airbase stage its capacity joins
    the airbases'; carrier-based interceptors land on the carriers once the airbases are
    full."""
    hand = ["al-wildcat-1", "al-wildcat-2", "al-wildcat-3", "al-wildcat-4"]
    s = raid(
        ["ax-zero-1"],
        target="al-hornet",
        bases={"axis": ["ax-lae"], "allies": ["al-midway"]},
        carriers={"axis": ["ax-akagi"], "allies": ["al-hornet"]},
        defenders=hand,
        scramble=hand,
    )
    assert len(s.grounded[1]["al-midway"]) == card("al-midway").capacity
    assert len(s.grounded[1]["al-hornet"]) == len(hand) - card("al-midway").capacity


def test_sacrifice_must_be_an_aircraft_of_the_lost_base():
    """§Basi Aeree: the aircraft discarded is one of those on the destroyed base."""
    s = raid(
        ["ax-val-1", "ax-val-2", "ax-betty-1", "ax-betty-2"],
        target="al-midway",
        grounded={"allies": {"al-midway": ["al-b17-1", "al-p40-1"], "al-henderson": ["al-p40-2"]}},
    )
    with pytest.raises(IllegalAction) as err:
        aw.apply(s, Sacrifice("al-p40-2"))
    assert err.value.rule == "§Basi Aeree" and err.value.code == "sacrifice.not_grounded"


def test_attackers_stay_grounded_through_the_enemy_turn_and_cannot_intercept():
    """§Fase Attacco: an aircraft used in a mission is unavailable for a whole turn: it
    cannot intercept during the opponent's Attack phase."""
    s = raid(["ax-zero-1"], carriers={})
    assert s.active == 1 and s.grounded[0]["ax-lae"] == ["ax-zero-1"]
    s = build(
        active="allies",
        turn=4,
        hands={"allies": ["al-b17-1"], "axis": ["ax-zero-2"]},
        grounded={"axis": {"ax-lae": ["ax-zero-1"]}},
    )
    s = play(s, [Attack("resources"), AddToMission("al-b17-1"), SendMission()])
    legal = aw.legal_actions(s)
    assert AddInterceptor("ax-zero-2") in legal and AddInterceptor("ax-zero-1") not in legal
    with pytest.raises(IllegalAction) as err:
        aw.apply(s, AddInterceptor("ax-zero-1"))
    assert err.value.rule == "§Fase Intercetto" and err.value.code == "intercept.grounded"


def test_portaerei_airbase_stage_flyers_unavailable_in_carrier_stage():
    """§Stadio Portaerei: aircraft that flew in the Airbase stage stay on the airbases."""
    s = build(
        hands={"axis": ["ax-kate-1", "ax-kate-2"]}, bases=BIG, carriers={"axis": ["ax-akagi"]}
    )
    s = play(s, [Attack("al-midway"), AddToMission("ax-kate-1"), SendMission(), ScrambleDone()])
    assert s.stage == "carrier" and "ax-kate-1" in s.grounded[0]["ax-lae"]
    s = aw.apply(s, Attack("resources"))
    assert {a.card for a in aw.legal_actions(s) if isinstance(a, AddToMission)} == {"ax-kate-2"}
    with pytest.raises(IllegalAction):
        aw.apply(s, AddToMission("ax-kate-1"))


def test_destroyed_interceptor_frees_no_capacity(combat):
    """§Fase Intercetto: a destroyed interceptor does not give its capacity back; no new
    interceptor joins once the combat has begun."""
    s = combat.start(["ax-zero-1", "ax-betty-1"], ["al-sbd-1"], defender_extra=["al-wildcat-1"])
    s = combat.resolve(combat.intercept(s, "al-sbd-1", "ax-zero-1"))
    assert "al-sbd-1" in s.discard[1]
    with pytest.raises(IllegalAction):
        aw.apply(s, AddInterceptor("al-wildcat-1"))
    assert "al-wildcat-1" in s.hand[1]


def test_attached_battle_card_follows_aircraft_back_to_hand():
    """Decision (docs): an aircraft sent back to the hand early (its base destroyed) brings
    its attached Battle card with it; one discarded with its base loses it too."""
    s = raid(
        ["ax-val-1", "ax-val-2", "ax-betty-1", "ax-betty-2"],
        target="al-midway",
        grounded={"allies": {"al-midway": ["al-b17-1", "al-p40-1"]}},
        attached={"allies": {"al-tanks": "al-b17-1", "al-thach-1": "al-p40-1"}},
    )
    s = aw.apply(s, Sacrifice("al-p40-1"))
    assert "al-b17-1" in s.hand[1] and "al-tanks" in s.hand[1]
    assert "al-p40-1" in s.discard[1] and "al-thach-1" in s.discard[1]
    assert s.attached[1] == {}
