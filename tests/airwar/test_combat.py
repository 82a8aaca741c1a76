"""The Combat phase (§Fase Combattimento): simultaneous duels, exposure, who plays next,
Battle cards at any time."""

from __future__ import annotations

import pytest

import gamelib.airwar as aw
from gamelib.airwar.actions import (
    Allot,
    Disengage,
    Intercept,
    PassBattle,
    PlayBattle,
    Strike,
)
from gamelib.airwar.cards import card
from gamelib.airwar.rules import duel_values
from gamelib.airwar.scenario import play
from gamelib.core import IllegalAction


def test_combattimento_simultaneous_both_destroyed(combat):
    """§Fase Combattimento: fire is simultaneous; two cards may destroy each other."""
    z, w = card("ax-zero-1"), card("al-wildcat-1")
    assert z.air_to_air >= w.defense and w.air_to_air >= z.defense
    s = combat.start(["ax-zero-1", "ax-betty-1"], ["al-wildcat-1", "al-p38-1"])
    s = combat.resolve(combat.intercept(s, "al-wildcat-1", "ax-zero-1"))
    assert "ax-zero-1" in s.discard[0] and "al-wildcat-1" in s.discard[1]
    assert s.raid.mode == "choice" and aw.current_player(s) == 1


def test_combattimento_attack_equal_to_defense_destroys(combat):
    """§Fase Combattimento: Air-to-Air >= Defense destroys (equality is enough)."""
    o, p40 = card("ax-oscar-1"), card("al-p40-1")
    assert o.air_to_air == p40.defense and p40.air_to_air < o.defense
    s = combat.start(["ax-oscar-1", "ax-betty-1"], ["al-p40-1", "al-wildcat-1"])
    s = combat.resolve(combat.intercept(s, "al-p40-1", "ax-oscar-1"))
    assert "al-p40-1" in s.discard[1] and s.raid.exposed_att == ["ax-oscar-1"]


def test_combattimento_loser_attacker_answers_only_the_card_just_exposed(combat):
    """§Fase Combattimento: whoever loses the duel plays a new card and may strike the
    opponent's card just exposed (at -1 Defense) or pass."""
    w, b = card("al-wildcat-1"), card("ax-betty-1")
    assert w.air_to_air >= b.defense and b.air_to_air < w.defense
    s = combat.start(["ax-betty-1", "ax-zero-1", "ax-betty-2"], ["al-wildcat-1", "al-sbd-1"])
    s = combat.resolve(combat.intercept(s, "al-wildcat-1", "ax-betty-1"))
    assert s.raid.mode == "att_response" and aw.current_player(s) == 0
    assert s.raid.just == "al-wildcat-1"
    legal = aw.legal_actions(s)
    assert set(legal) == {
        Strike("ax-zero-1", "al-wildcat-1"),
        Strike("ax-betty-2", "al-wildcat-1"),
        Disengage(),
    }
    s = combat.resolve(aw.apply(s, Strike("ax-zero-1", "al-wildcat-1")))
    assert "al-wildcat-1" in s.discard[1]  # the exposed Wildcat fought at Defense 3-1
    assert s.raid.mode == "choice" and aw.current_player(s) == 1


def test_combattimento_exposed_card_has_minus_one_defense(combat):
    """§Fase Combattimento: a card that survived a duel is exposed: -1 Defense if attacked
    again (a P-40 cannot kill a fresh Val, but kills an exposed one)."""
    val, p40, sbd = card("ax-val-1"), card("al-p40-1"), card("al-sbd-1")
    assert p40.air_to_air < val.defense and p40.air_to_air >= val.defense - 1
    assert sbd.air_to_air < val.defense and val.air_to_air < sbd.defense
    s = combat.start(["ax-val-1", "ax-betty-1"], ["al-sbd-1", "al-p40-1"])
    s = combat.resolve(combat.intercept(s, "al-sbd-1", "ax-val-1"))
    assert s.raid.exposed_att == ["ax-val-1"] and s.raid.exposed_def == ["al-sbd-1"]
    assert s.raid.mode == "choice"  # nobody lost: the defender chooses
    s = aw.apply(s, Strike("al-p40-1", "ax-val-1"))
    v = duel_values(s)
    assert v["att"]["defense"] == val.defense - 1 and v["def_destroyed"] is False
    assert v["att_destroyed"] is True
    s = combat.resolve(s)
    assert "ax-val-1" in s.discard[0]


def test_combattimento_defender_who_lost_may_intercept_strike_just_exposed_or_pass(combat):
    """§Fase Combattimento: a defender who lost a duel may intercept a new face-down card,
    strike the attacker's card just exposed, or pass."""
    s = combat.start(
        ["ax-oscar-1", "ax-val-1", "ax-betty-1"], ["al-sbd-1", "al-p40-1", "al-wildcat-1"]
    )
    s = combat.resolve(combat.intercept(s, "al-sbd-1", "ax-val-1"))  # neither: Val exposed
    s = combat.resolve(combat.intercept(s, "al-p40-1", "ax-oscar-1"))  # P-40 dies
    assert s.raid.mode == "def_response" and s.raid.just == "ax-oscar-1"
    assert aw.current_player(s) == 1
    legal = aw.legal_actions(s)
    assert Strike("al-wildcat-1", "ax-oscar-1") in legal
    assert Strike("al-wildcat-1", "ax-val-1") not in legal  # older exposed card: not now
    assert Intercept("al-wildcat-1", 0) in legal and Disengage() in legal
    with pytest.raises(IllegalAction) as err:
        aw.apply(s, Strike("al-wildcat-1", "ax-val-1"))
    assert err.value.rule == "§Fase Combattimento"
    assert err.value.code == "strike.only_just_exposed"
    assert err.value.values == {"card": "ax-oscar-1"}


def test_combattimento_after_draw_defender_may_strike_any_exposed_card(combat):
    """§Fase Combattimento: if both or neither card is lost, the defender may intercept a new
    card, attack a previously exposed card, or pass."""
    s = combat.start(
        ["ax-val-1", "ax-val-2", "ax-betty-1"], ["al-sbd-1", "al-sbd-2", "al-wildcat-1"]
    )
    s = combat.resolve(combat.intercept(s, "al-sbd-1", "ax-val-1"))
    s = combat.resolve(combat.intercept(s, "al-sbd-2", "ax-val-2"))
    assert s.raid.mode == "choice" and s.raid.exposed_att == ["ax-val-1", "ax-val-2"]
    legal = aw.legal_actions(s)
    assert (
        Strike("al-wildcat-1", "ax-val-1") in legal and Strike("al-wildcat-1", "ax-val-2") in legal
    )
    assert Intercept("al-wildcat-1", 0) in legal


def test_combattimento_attacker_pass_returns_choice_to_defender(combat):
    """§Fase Combattimento (decision): the attacker who passes instead of answering hands the
    choice back to the defender."""
    s = combat.start(["ax-betty-1", "ax-betty-2"], ["al-wildcat-1", "al-wildcat-2"])
    s = combat.resolve(combat.intercept(s, "al-wildcat-1", "ax-betty-1"))
    assert aw.current_player(s) == 0
    s = aw.apply(s, Disengage())
    assert s.raid.mode == "choice" and aw.current_player(s) == 1
    assert Intercept("al-wildcat-2", 0) in aw.legal_actions(s)


def test_combattimento_defender_pass_ends_combat_rest_of_raid_arrives(combat):
    """§Fase Combattimento: the defender's pass lets the rest of the raid through."""
    s = combat.start(["ax-betty-1", "ax-betty-2"], ["al-wildcat-1", "al-wildcat-2"])
    s = aw.apply(s, Disengage())
    assert s.step == "allot"
    assert sorted(s.raid.exposed_att) == ["ax-betty-1", "ax-betty-2"]
    assert s.raid.intercept == ["al-wildcat-1", "al-wildcat-2"]


def test_combattimento_ends_when_interceptors_run_out(combat):
    """§Fase Combattimento: combat goes on until the defender has no intercept cards left."""
    s = combat.start(["ax-betty-1", "ax-betty-2", "ax-betty-3"], ["al-wildcat-1"])
    s = combat.resolve(combat.intercept(s, "al-wildcat-1", "ax-betty-2"))
    assert s.raid.mode == "att_response"  # the attacker may still answer
    s = aw.apply(s, Disengage())
    assert s.step == "allot"  # no interceptor left: damage
    s = play(s, [Allot("ax-betty-1", "industry"), Allot("ax-betty-3", "industry")])
    assert s.industry[1] == 60 - 2 * card("ax-betty-1").bombing


def test_combattimento_zero_air_to_air_destroys_nothing(combat):
    """Decision (docs): an aircraft whose Air-to-Air is 0 or less has no attack, even against
    a Defense reduced to 0."""
    s = combat.start(["ax-kate-1", "ax-betty-1"], ["al-sbd-1"])
    s = aw.apply(s, Intercept("al-sbd-1", 0))
    s.raid.duel_att, s.raid.duel_def, s.raid.duel_def_exposed = "ax-kate-1", "al-tbd-1", True
    v = duel_values(s)
    assert v["att"]["air_to_air"] == 0 and v["def"]["defense"] == 0
    assert v["def_destroyed"] is False


def test_battle_window_both_may_play_then_both_pass(combat):
    """§Fase Combattimento: at any time either player may play Battle cards: each duel opens
    a window (the player who did not declare the duel first), closed by two passes in a row."""
    s = combat.start(
        ["ax-zero-1", "ax-betty-1"],
        ["al-wildcat-1"],
        attacker_extra=["ax-sakai"],
        defender_extra=["al-thach-1"],
    )
    s = combat.intercept(s, "al-wildcat-1", "ax-zero-1")
    assert s.step == "battle" and aw.current_player(s) == 0
    assert PlayBattle("ax-sakai") in aw.legal_actions(s)
    s = aw.apply(s, PassBattle())
    assert aw.current_player(s) == 1
    s = aw.apply(s, PlayBattle("al-thach-1"))
    assert s.step == "battle" and aw.current_player(s) == 0  # the attacker may answer
    s = aw.apply(s, PlayBattle("ax-sakai"))
    assert aw.current_player(s) == 1
    s = play(s, [PassBattle(), PassBattle()])
    assert s.step != "battle"


def test_battle_card_discarded_after_single_use(combat):
    """§Fase Combattimento: some Battle cards are discarded right after one use (Thach Weave
    saves the Wildcat from the Zero)."""
    s = combat.start(
        ["ax-zero-1", "ax-betty-1"], ["al-wildcat-1", "al-wildcat-2"], defender_extra=["al-thach-1"]
    )
    s = combat.intercept(s, "al-wildcat-1", "ax-zero-1")
    assert duel_values(s)["def_destroyed"] is True
    s = play(s, [PassBattle(), PlayBattle("al-thach-1")])
    assert duel_values(s)["def_destroyed"] is False
    s = combat.resolve(s)
    assert "al-thach-1" in s.discard[1] and "al-wildcat-1" in s.raid.exposed_def
    assert "ax-zero-1" in s.discard[0]


def test_battle_card_attached_returns_to_hand_next_turn(combat):
    """§Fase Combattimento / §Stadio Mobilitazione: a lasting Battle card stays attached to the
    aircraft and comes back to the hand at the owner's next Mobilisation."""
    s = combat.start(["ax-zero-1"], ["al-sbd-1"], attacker_extra=["ax-veterans-1"])
    s = combat.intercept(s, "al-sbd-1", "ax-zero-1")
    s = aw.apply(s, PlayBattle("ax-veterans-1"))
    assert s.attached[0] == {"ax-veterans-1": "ax-zero-1"}
    v = duel_values(s)
    assert v["att"]["air_to_air"] == card("ax-zero-1").air_to_air + 1
    assert v["att"]["defense"] == card("ax-zero-1").defense + 1
    s = combat.resolve(s)
    assert s.attached[0] == {"ax-veterans-1": "ax-zero-1"}  # still attached after the duel
    while s.active == 0:
        s = aw.apply(s, aw.legal_actions(s)[0])
    assert s.attached[0] == {"ax-veterans-1": "ax-zero-1"}  # during the enemy turn too
    s = aw.apply(s, aw.legal_actions(s)[-1])  # Allies end mobilisation
    while s.active == 1:
        s = aw.apply(s, aw.legal_actions(s)[0])
    assert "ax-veterans-1" in s.hand[0] and s.attached[0] == {}


def test_battle_card_attached_to_destroyed_aircraft_is_discarded(combat):
    """Decision (docs): a Battle card attached to an aircraft that is destroyed is discarded."""
    s = combat.start(["ax-betty-1"], ["al-wildcat-1"], attacker_extra=["ax-veterans-1"])
    s = combat.intercept(s, "al-wildcat-1", "ax-betty-1")
    s = aw.apply(s, PlayBattle("ax-veterans-1"))
    assert duel_values(s)["att_destroyed"] is True
    s = combat.resolve(s)
    assert "ax-veterans-1" in s.discard[0] and s.attached[0] == {}


def test_battle_card_evade(combat):
    """Weather front (evade): the aircraft cannot be destroyed in this duel."""
    s = combat.start(["ax-betty-1"], ["al-wildcat-1"], attacker_extra=["ax-weather"])
    s = combat.intercept(s, "al-wildcat-1", "ax-betty-1")
    s = aw.apply(s, PlayBattle("ax-weather"))
    assert duel_values(s)["att_destroyed"] is False
    s = combat.resolve(s)
    assert "ax-betty-1" in s.raid.exposed_att and "ax-weather" in s.discard[0]


def test_battle_card_enemy_modifiers(combat):
    """Radar vectoring lowers the enemy's Air-to-Air; Attack out of the sun its Defense."""
    s = combat.start(["ax-zero-1"], ["al-wildcat-1"], defender_extra=["al-radar"])
    s = combat.intercept(s, "al-wildcat-1", "ax-zero-1")
    before = duel_values(s)
    s = play(s, [PassBattle(), PlayBattle("al-radar")])
    after = duel_values(s)
    assert after["att"]["air_to_air"] == before["att"]["air_to_air"] - 1
    assert after["def"]["air_to_air"] == before["def"]["air_to_air"] + 1
    s = combat.start(["ax-zero-1"], ["al-wildcat-1"], attacker_extra=["ax-sun"])
    s = combat.intercept(s, "al-wildcat-1", "ax-zero-1")
    before = duel_values(s)
    s = aw.apply(s, PlayBattle("ax-sun"))
    after = duel_values(s)
    assert after["def"]["defense"] == before["def"]["defense"] - 1
    assert after["att"]["air_to_air"] == before["att"]["air_to_air"] + 1


def test_battle_cards_only_in_a_duel_window(combat):
    """§Fase Combattimento: Battle cards are played during combat, not in other phases."""
    s = combat.start(["ax-betty-1"], ["al-wildcat-1"], attacker_extra=["ax-sakai"])
    with pytest.raises(IllegalAction) as err:
        aw.apply(s, PlayBattle("ax-sakai"))
    assert err.value.rule == "§Fase Combattimento"
    assert err.value.code == "step.not_now" and err.value.values == {"step": "combat"}
