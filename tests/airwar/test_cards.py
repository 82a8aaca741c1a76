"""The decks (§Materiali, §Il Gioco): 41 cards a side, every value present, every effect real."""

from __future__ import annotations

import dataclasses

import pytest

from gamelib.airwar import cards
from gamelib.airwar.cards import BATTLE_EFFECTS, BOOST_KEYS, KINDS, WAR_EFFECTS


def test_materiali_two_decks_of_41():
    """§Materiali: two decks, Axis and Allies, 41 cards each, ids unique."""
    decks = cards.load()
    assert set(decks) == {"axis", "allies"}
    assert [len(decks["axis"]), len(decks["allies"])] == [41, 41]
    ids = [c.id for side in decks.values() for c in side]
    assert len(ids) == len(set(ids)) == 82
    for side, deck in decks.items():
        assert all(c.side == side and c.kind in KINDS for c in deck)


def test_materiali_every_kind_present_on_both_sides():
    """§Materiali: aircraft, airbases, carriers, War and Battle cards on each side."""
    for deck in cards.load().values():
        assert {c.kind for c in deck} == set(KINDS)


def test_aircraft_have_all_five_values_and_flag():
    """§Fase Combattimento/§Fase di Assegnazione dei Danni: each aircraft carries
    Air-to-Air, Defense, Bombing, Convoy attack, Carrier attack and a carrier-based flag."""
    for deck in cards.load().values():
        for c in deck:
            if c.kind != "aircraft":
                continue
            values = [c.air_to_air, c.defense, c.bombing, c.convoy_attack, c.carrier_attack]
            assert all(isinstance(v, int) and v >= 0 for v in values), c
            assert c.defense >= 1, c
            assert isinstance(c.carrier_based, bool)
            assert max(c.air_to_air, c.bombing, c.convoy_attack, c.carrier_attack) > 0, c


def test_hosts_have_capacity_and_defense():
    """§Basi Aeree, §Portaerei: capacity and Defense on every airbase and carrier."""
    for deck in cards.load().values():
        for c in deck:
            if c.kind in ("airbase", "carrier"):
                assert c.capacity >= 1 and c.defense >= 1, c


def test_start_bases_lae_and_midway_exist():
    """§Il Gioco: LAE (Axis) and Midway (Allies) are airbases of their decks."""
    k = cards.constants()
    assert cards.card(k["start_bases"]["axis"]).name == "Lae"
    assert cards.card(k["start_bases"]["allies"]).name == "Midway"
    assert cards.card("ax-lae").kind == cards.card("al-midway").kind == "airbase"


def test_no_decoration_every_war_and_battle_card_has_an_engine_effect():
    """Every War/Battle card names an effect the engine interprets, with real parameters;
    Battle cards are either discarded after use or attached (§Fase Combattimento)."""
    lasting = set()
    for deck in cards.load().values():
        for c in deck:
            if c.kind == "war":
                assert c.effect in WAR_EFFECTS and c.param("amount") > 0, c
            elif c.kind == "battle":
                assert c.effect in BATTLE_EFFECTS, c
                assert c.lasting in ("discard", "attached"), c
                lasting.add((c.side, c.lasting))
                if c.effect == "boost":
                    assert c.params and all(k in BOOST_KEYS and v != 0 for k, v in c.params)
            else:
                assert c.effect == "" and c.params == ()
    assert lasting == {(s, w) for s in ("axis", "allies") for w in ("discard", "attached")}


def test_resources_industry_60_convoy_15():
    """§Il Gioco: Industry starts at 60 and Convoy at 15, for each side."""
    res = cards.resources()
    for side in ("axis", "allies"):
        starts = {r["kind"]: r["start"] for r in res[side]}
        assert starts == {"industry": 60, "convoy": 15}
    assert cards.constants()["industry"] == 60 and cards.constants()["convoy"] == 15


def test_cards_are_frozen_and_serialisable():
    c = cards.card("ax-zero-1")
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.name = "x"  # type: ignore[misc]
    assert c.to_dict()["name"] == "A6M2 Zero" and str(c) == "A6M2 Zero (ax-zero-1)"
    assert cards.card("al-thach-1").to_dict()["params"] == {"own_air_to_air": 1, "own_defense": 2}


def test_required_historical_names_present():
    names = {c.name for deck in cards.load().values() for c in deck}
    for name in (
        "A6M2 Zero",
        "D3A Val",
        "B5N Kate",
        "G4M Betty",
        "Ki-43 Oscar",
        "H6K Mavis",
        "Akagi",
        "Kaga",
        "Shokaku",
        "Rabaul",
        "Lae",
        "F4F Wildcat",
        "SBD Dauntless",
        "TBD Devastator",
        "TBF Avenger",
        "B-17 Flying Fortress",
        "P-38 Lightning",
        "Enterprise",
        "Yorktown",
        "Hornet",
        "Henderson Field",
        "Midway",
        "Port Moresby",
    ):
        assert name in names, name
