"""Set-up (§Il Gioco), Mobilisation (§Stadio Mobilitazione) and the end of the turn."""

from __future__ import annotations

import pytest

import gamelib.airwar as aw
from gamelib.airwar.actions import (
    AddToMission,
    Attack,
    EndMobilisation,
    Mobilise,
    PassStage,
    SendMission,
)
from gamelib.airwar.scenario import build, play
from gamelib.core import IllegalAction


def test_il_gioco_setup():
    """§Il Gioco: Industry 60, Convoy 15, LAE and Midway in play face up, 7 cards each from
    the shuffled decks, the Axis first."""
    s = aw.new_game(2, seed=1)
    assert s.industry == [60, 60] and s.convoy == [15, 15]
    assert s.bases == [["ax-lae"], ["al-midway"]]
    assert [len(h) for h in s.hand] == [7, 7]
    assert [len(d) for d in s.deck] == [33, 33]
    assert aw.current_player(s) == 0 and s.active == 0
    assert s.stage == "mobilisation" and s.step == "mobilise"
    assert "ax-lae" not in s.hand[0] + s.deck[0]


def test_il_gioco_decks_shuffled_by_seed():
    """§Il Gioco: each player shuffles the deck; the seed fixes the shuffle."""
    a, b, c = aw.new_game(2, seed=1), aw.new_game(2, seed=1), aw.new_game(2, seed=2)
    assert a == b
    assert a.hand != c.hand


def test_il_gioco_two_players_only():
    with pytest.raises(ValueError):
        aw.new_game(3)
    with pytest.raises(TypeError):
        aw.new_game(2, seed=1, variant="x")


def _end_turn(s):
    """Pass every stage of the active player's turn."""
    s = aw.apply(s, EndMobilisation())
    while s.step == "target":
        s = aw.apply(s, PassStage())
    return s


def test_mobilitazione_no_draw_on_first_turn_then_two_cards():
    """§Stadio Mobilitazione: 2 cards drawn in every turn except the first of the game."""
    s = aw.new_game(2, seed=3)
    assert len(s.hand[0]) == 7  # turn 1: no draw
    s = _end_turn(s)
    assert s.turn == 2 and s.active == 1
    assert len(s.hand[1]) == 9 and len(s.deck[1]) == 31
    s = _end_turn(s)
    assert s.turn == 3 and s.active == 0
    assert len(s.hand[0]) == 9 and len(s.deck[0]) == 31


def test_fine_del_turno_passes_to_opponent():
    """§Fine del Turno: after the Carrier stage the opponent's turn begins."""
    s = build(
        active="axis",
        stage="carrier",
        carriers={"axis": ["ax-akagi"]},
        hands={"axis": ["ax-kate-1"]},
    )
    s = aw.apply(s, PassStage())
    assert s.active == 1 and s.stage == "mobilisation" and s.turn == 4


def test_mobilitazione_aircraft_and_attached_battle_cards_return_to_hand():
    """§Stadio Mobilitazione: aircraft on airbases/carriers and Battle cards still attached
    come back to the hand at the start of the owner's turn."""
    s = build(
        active="allies",
        stage="carrier",
        turn=4,
        carriers={"axis": ["ax-akagi"]},
        grounded={"axis": {"ax-lae": ["ax-zero-1", "ax-betty-1"], "ax-akagi": ["ax-kate-1"]}},
        attached={"axis": {"ax-veterans-1": "ax-zero-1"}},
    )
    s = aw.apply(s, PassStage())  # Allies have no carrier: their turn ends
    assert s.active == 0 and s.step == "mobilise"
    for c in ("ax-zero-1", "ax-betty-1", "ax-kate-1", "ax-veterans-1"):
        assert c in s.hand[0]
    assert s.grounded[0] == {"ax-lae": [], "ax-akagi": []} and s.attached[0] == {}


def test_mobilitazione_only_active_players_aircraft_return():
    """§Stadio Mobilitazione / §Fase Attacco: the opponent's grounded aircraft stay down for a
    whole turn."""
    s = build(active="axis", stage="carrier", grounded={"allies": {"al-midway": ["al-wildcat-1"]}})
    s = aw.apply(s, PassStage())
    assert s.active == 1 and "al-wildcat-1" in s.hand[1]
    s = build(
        active="allies",
        stage="carrier",
        turn=4,
        grounded={"allies": {"al-midway": ["al-wildcat-1"]}},
    )
    s = aw.apply(s, PassStage())
    assert s.active == 0 and s.grounded[1]["al-midway"] == ["al-wildcat-1"]


def test_mobilitazione_bases_carriers_war_cards():
    """§Stadio Mobilitazione: airbases, carriers and War cards (on an airbase) are put in
    play face up and stay there."""
    s = build(
        active="axis",
        stage="mobilisation",
        hands={"axis": ["ax-rabaul", "ax-akagi", "ax-aa", "ax-zero-1"]},
    )
    legal = aw.legal_actions(s)
    assert Mobilise("ax-rabaul") in legal and Mobilise("ax-akagi") in legal
    assert Mobilise("ax-aa", "ax-lae") in legal
    assert not any(isinstance(a, Mobilise) and a.card == "ax-zero-1" for a in legal)
    s = play(s, [Mobilise("ax-rabaul"), Mobilise("ax-akagi"), Mobilise("ax-aa", "ax-rabaul")])
    assert s.bases[0] == ["ax-lae", "ax-rabaul"] and s.carriers[0] == ["ax-akagi"]
    assert s.war[0] == {"ax-aa": "ax-rabaul"}
    assert s.hand[0] == ["ax-zero-1"]


def test_mobilitazione_aircraft_cannot_be_mobilised():
    """§Stadio Mobilitazione: only airbases, carriers and War cards are mobilised."""
    s = build(active="axis", stage="mobilisation", hands={"axis": ["ax-zero-1", "ax-sakai"]})
    for card in ("ax-zero-1", "ax-sakai"):
        with pytest.raises(IllegalAction) as err:
            aw.apply(s, Mobilise(card))
        assert err.value.rule == "§Stadio Mobilitazione"
        assert err.value.code == "mobilise.wrong_kind" and err.value.values == {"card": card}


def test_mobilitazione_war_card_needs_own_airbase():
    """§Stadio Mobilitazione / §Basi Aeree: a War card sits on one of your airbases."""
    s = build(
        active="axis",
        stage="mobilisation",
        hands={"axis": ["ax-aa"]},
        carriers={"axis": ["ax-akagi"]},
    )
    for bad in (Mobilise("ax-aa"), Mobilise("ax-aa", "al-midway"), Mobilise("ax-aa", "ax-akagi")):
        with pytest.raises(IllegalAction) as err:
            aw.apply(s, bad)
        assert err.value.rule == "§Stadio Mobilitazione"
        assert err.value.code == "mobilise.war_needs_base"


def test_mobilitazione_only_in_mobilisation_stage():
    """§Stadio Mobilitazione: bases, carriers and War cards may not be mobilised at any
    other moment; they may be kept in hand for a later turn."""
    s = build(active="axis", stage="mobilisation", hands={"axis": ["ax-rabaul", "ax-zero-1"]})
    s = aw.apply(s, EndMobilisation())  # kept in hand: allowed
    assert "ax-rabaul" in s.hand[0] and s.stage == "airbase"
    with pytest.raises(IllegalAction) as err:
        aw.apply(s, Mobilise("ax-rabaul"))
    assert err.value.rule == "§Stadio Mobilitazione" and err.value.code == "mobilise.not_now"
    s = play(s, [Attack("resources"), AddToMission("ax-zero-1")])
    with pytest.raises(IllegalAction) as err:
        aw.apply(s, Mobilise("ax-rabaul"))
    assert err.value.rule == "§Stadio Mobilitazione" and err.value.code == "mobilise.not_now"
    s = aw.apply(s, SendMission())
    assert "ax-rabaul" in s.hand[0]


def test_stages_need_own_hosts():
    """§Stadio Portaerei: without a carrier in play there is no Carrier stage for the attacker;
    without an airbase no Airbase stage."""
    s = build(
        active="axis",
        stage="mobilisation",
        bases={"axis": [], "allies": ["al-midway"]},
        carriers={"axis": ["ax-akagi"]},
    )
    s = aw.apply(s, EndMobilisation())
    assert s.stage == "carrier" and s.step == "target"
    s = build(active="axis", stage="airbase")
    s = aw.apply(s, PassStage())
    assert s.active == 1  # no carrier: straight to the Allies' turn
