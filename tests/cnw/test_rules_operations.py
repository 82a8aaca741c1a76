"""§7 Operations and §8 combat: requirements, dice, hub defence, move-in, air bridges, neutral
gateways, elimination, the OBC token, no forced chain."""

import pytest

from gamelib import cnw
from gamelib.cnw.network import INDEX
from gamelib.cnw.state import (
    ELIM_DEPLOY,
    ELIM_TRIS,
    MOVE_IN,
    OPERATIONS,
    REROLL_ATTACKER,
    REROLL_DEFENDER,
)
from tests.cnw.cnw_helpers import (
    arrange,
    give_cards,
    operations,
    refused,
    unchanged_after_illegal,
    with_dice,
)

NO_TOKENS = {"obc": [0, 0, 0, 0]}


def europe(pawns=None, **fields):
    """Player 0: MXP (4 pawns), CDG (3); player 1: everything else, 2 pawns each."""
    fields = {**NO_TOKENS, **fields}
    state = operations({"MXP": 0, "CDG": 0}, {"MXP": 4, "CDG": 3, **(pawns or {})}, rest=(1, 2))
    return arrange(state, **fields)


def test_s7_1_attack_from_your_gateway_with_two_pawns_to_a_linked_opponent():
    """§7.1: from your gateway, at least 2 pawns, to a linked gateway of an opponent."""
    state = europe({"CDG": 1})
    assert refused(state, cnw.Attack("CDG", "LHR", 1)) == (
        "§7.1",
        "attack.too_few_pawns",
        {"source": "CDG", "pawns": 1},
    )
    assert refused(state, cnw.Attack("LHR", "CDG", 1)) == (
        "§7.1",
        "attack.not_yours",
        {"source": "LHR"},
    )
    assert refused(state, cnw.Attack("MXP", "SIN", 1)) == (
        "§7.1",
        "attack.not_linked",
        {"source": "MXP", "target": "SIN"},
    )
    assert refused(state, cnw.Attack("MXP", "CDG", 1)) == (
        "§7.1",
        "attack.not_an_opponent",
        {"target": "CDG"},
    )
    assert cnw.attack_targets(state, "MXP") == ["FRA", "MAD", "IST"]  # board order
    assert cnw.attack_targets(state, "CDG") == []
    attacks = {(a.source, a.target) for a in cnw.legal_actions(state) if isinstance(a, cnw.Attack)}
    assert attacks == {("MXP", "FRA"), ("MXP", "IST"), ("MXP", "MAD")}


@pytest.mark.parametrize(("pawns", "most"), [(2, 1), (3, 2), (4, 3), (9, 3)])
def test_s7_2_attacker_rolls_up_to_three_never_more_than_pawns_minus_one(pawns, most):
    """§7.2: up to 3 red dice, never more than the pawns on the source minus one."""
    state = europe({"MXP": pawns})
    dice = [
        a.dice
        for a in cnw.legal_actions(state)
        if isinstance(a, cnw.Attack) and (a.source, a.target) == ("MXP", "MAD")
    ]
    assert dice == list(range(1, most + 1))
    assert refused(state, cnw.Attack("MXP", "MAD", most + 1)) == (
        "§7.2",
        "attack.dice",
        {"source": "MXP", "most": most, "dice": most + 1},
    )


def test_s7_2_highest_against_highest_ties_to_the_defender():
    """§7.2: dice compared high with high; attacker strictly higher wins the pair, a tie or a
    higher defender die costs the attacker a pawn. The defender rolls all it may (up to 3)."""
    state = with_dice(europe({"MAD": 3}), "644" + "645")  # attack 6 4 4, defend 6 5 4
    after = cnw.apply(state, cnw.Attack("MXP", "MAD", 3))
    roll = after.last_roll
    assert roll["attack"] == [6, 4, 4] and roll["defend"] == [6, 5, 4]
    assert (roll["attacker_losses"], roll["defender_losses"]) == (3, 0)
    assert after.pawns[INDEX["MXP"]] == 1 and after.pawns[INDEX["MAD"]] == 3


def test_s8_3_hub_defender_adds_one_to_its_highest_die():
    """§8.3: the defender of a hub adds +1 to its highest die (6 vs 5 becomes a tie)."""
    on_hub = cnw.apply(with_dice(europe(), "6" + "51"), cnw.Attack("MXP", "IST", 1))
    assert on_hub.last_roll["hub"] is True
    assert (on_hub.last_roll["attacker_losses"], on_hub.last_roll["defender_losses"]) == (1, 0)
    plain = cnw.apply(with_dice(europe(), "6" + "51"), cnw.Attack("MXP", "MAD", 1))
    assert (plain.last_roll["attacker_losses"], plain.last_roll["defender_losses"]) == (0, 1)


def test_s7_2_conquest_moves_between_the_dice_rolled_and_three():
    """§7.2: on conquest move 1 to 3 pawns, at least as many as the dice of the last roll,
    always leaving one behind."""
    state = with_dice(europe({"MXP": 6, "MAD": 1}), "66" + "1")
    after = cnw.apply(state, cnw.Attack("MXP", "MAD", 2))
    assert after.phase == MOVE_IN and after.owner[INDEX["MAD"]] == 0
    assert [a.count for a in cnw.legal_actions(after)] == [2, 3]
    assert refused(after, cnw.MoveIn(1)) == (
        "§7.2",
        "move_in.count",
        {"least": 2, "most": 3, "count": 1},
    )
    assert refused(after, cnw.MoveIn(4)) == (
        "§7.2",
        "move_in.count",
        {"least": 2, "most": 3, "count": 4},
    )
    done = cnw.apply(after, cnw.MoveIn(3))
    assert done.pawns[INDEX["MXP"]] == 3 and done.pawns[INDEX["MAD"]] == 3
    assert done.conquered and done.phase == OPERATIONS


def test_s7_2_single_possible_move_in_is_made_at_once():
    """§7.2: with 3 dice rolled from 4 pawns the only legal move is 3: applied directly."""
    state = with_dice(europe({"MXP": 4, "MAD": 1}), "666" + "1")
    after = cnw.apply(state, cnw.Attack("MXP", "MAD", 3))
    assert after.pawns[INDEX["MAD"]] == 3 and after.pawns[INDEX["MXP"]] == 1


def test_s8_2_no_forced_chain_attack():
    """§8.2: after a conquest you may stop."""
    state = with_dice(europe({"MXP": 9, "MAD": 1}), "666" + "1")
    after = cnw.apply(state, cnw.Attack("MXP", "MAD", 3))  # 3 dice: moves 3 at once
    assert after.owner[INDEX["MAD"]] == 0
    assert cnw.EndPhase() in cnw.legal_actions(after)
    assert cnw.apply(after, cnw.EndPhase()).phase != OPERATIONS


def bridge_state(**fields):
    """Player 0 holds the hubs MXP (5 pawns) and SIN (1), and CDG (3); player 1 the rest."""
    state = operations({"MXP": 0, "SIN": 0, "CDG": 0}, {"MXP": 5, "CDG": 3, "SIN": 1}, rest=(1, 2))
    return arrange(state, **{**NO_TOKENS, **fields})


def test_s7_3_air_bridge_attack_from_a_hub_to_gateways_linked_to_another_hub():
    """§7.3: holding MXP and SIN, from MXP you attack what is linked to SIN (BKK, HKG, CGK);
    a non-hub source gets no bridge."""
    state = bridge_state()
    assert set(cnw.attack_targets(state, "MXP")) == {"FRA", "IST", "MAD", "BKK", "HKG", "CGK"}
    assert "BKK" not in cnw.attack_targets(state, "CDG")
    after = cnw.apply(with_dice(state, "666" + "11"), cnw.Attack("MXP", "BKK", 3))
    assert after.owner[INDEX["BKK"]] == 0
    assert cnw.air_bridges(state, 0) == [("MXP", "SIN")]


def test_s7_3_air_bridge_moves_hub_to_hub_in_one_move():
    """§7.3 / §5.4: capacity moves Milan -> Singapore in one repositioning move."""
    state = arrange(bridge_state(), phase="reposition")
    assert "SIN" in cnw.move_targets(state, "MXP")
    after = cnw.apply(cnw.apply(state, cnw.Reposition("MXP", "SIN")), cnw.MoveIn(4))
    assert after.pawns[INDEX["SIN"]] == 5
    assert "SIN" in cnw.move_targets(state, "CDG")  # CDG-MXP link, then the bridge


def test_s7_3_air_bridge_closes_when_a_hub_is_lost():
    """§7.3: without the second hub there is no bridge."""
    state = arrange(bridge_state(), {"SIN": 1})
    assert cnw.air_bridges(state, 0) == []
    assert "BKK" not in cnw.attack_targets(state, "MXP")
    assert unchanged_after_illegal(state, cnw.Attack("MXP", "BKK", 1)) == "§7.1"


def test_s7_3_air_bridge_closed_by_the_atc_strike_imprevisto():
    """§7.3 / §9.2: an Imprevisto closes every air bridge (until its drawer's next turn)."""
    state = bridge_state(bridges_closed=2)
    assert cnw.air_bridges(state, 0) == []
    assert "BKK" not in cnw.attack_targets(state, "MXP")


def test_s7_4_neutral_gateway_occupied_by_moving_in_counts_as_conquest():
    """§7.4: a neutral, empty gateway is taken without dice by moving at least one pawn there
    from a linked gateway; it counts as a conquest (§9.1 card)."""
    state = operations({"SIN": 0, "BKK": -1}, {"SIN": 4}, rest=(1, 2), players=5)
    state = arrange(state, obc=[0] * 5)
    assert refused(state, cnw.Attack("SIN", "BKK", 1)) == (
        "§7.4",
        "attack.neutral",
        {"target": "BKK"},
    )
    assert refused(state, cnw.Occupy("SIN", "BKK", 4)) == (
        "§7.4",
        "occupy.count",
        {"source": "SIN", "most": 3, "count": 4},
    )
    assert cnw.occupy_targets(state, "SIN") == ["BKK"]
    after = cnw.apply(state, cnw.Occupy("SIN", "BKK", 2))
    assert after.owner[INDEX["BKK"]] == 0 and after.pawns[INDEX["BKK"]] == 2
    assert after.pawns[INDEX["SIN"]] == 2 and after.conquered


def test_s7_5_elimination_hands_over_the_cards_and_forces_a_tris():
    """§7.5: a player left without gateways is out; the eliminator takes its Gateway cards and,
    holding 5 or more, plays a tris at once (and deploys it)."""
    state = europe({"MXP": 6, "MAD": 1})
    state = arrange(state, {"MAD": 2, "SYD": 3}, {"MAD": 1})
    state = give_cards(state, 0, ["JFK", "LAX", "BOG"])  # Next Flight Out x3
    state = give_cards(state, 2, ["YVR", "ANC", "EZE"])
    state = with_dice(state, "666" + "1")
    after = cnw.apply(state, cnw.Attack("MXP", "MAD", 3))  # 3 dice: moves 3 at once
    assert after.alive[2] is False and after.eliminated_by[2] == 0
    assert after.hands[2] == [] and after.shipments[2] == []
    assert len(after.hands[0]) == 6
    assert after.phase == ELIM_TRIS
    assert {type(a) for a in cnw.legal_actions(after)} == {cnw.PlayTris}
    tris = cnw.PlayTris(("JFK", "LAX", "BOG"))
    deploy = cnw.apply(after, tris)
    assert deploy.phase == ELIM_DEPLOY and deploy.pool == 6
    back = cnw.apply(deploy, cnw.Deploy("MAD", 6))
    assert back.phase == OPERATIONS and back.pawns[INDEX["MAD"]] == 9


def test_s8_1_obc_attacker_then_defender_decide_after_seeing_the_dice():
    """§8.1: after the dice, first the attacker may re-roll one die with a token, then the
    defender (who decides during the attacker's turn); once a turn, 3 tokens a game."""
    state = arrange(europe(), obc=[3, 2, 3, 3])
    state = with_dice(state, "2" + "54" + "6" + "3")
    rolled = cnw.apply(state, cnw.Attack("MXP", "MAD", 1))
    assert rolled.phase == REROLL_ATTACKER and cnw.current_player(rolled) == 0
    assert cnw.observation(rolled, 1)["roll"]["attack"] == [2]
    assert set(cnw.legal_actions(rolled)) == {cnw.ObcReroll(2), cnw.KeepDice()}
    assert unchanged_after_illegal(rolled, cnw.ObcReroll(5)) == "§8.1"
    rerolled = cnw.apply(rolled, cnw.ObcReroll(2))
    assert rerolled.roll["attack"] == [6] and rerolled.obc[0] == 2
    assert rerolled.phase == REROLL_DEFENDER and cnw.current_player(rerolled) == 1
    assert set(cnw.legal_actions(rerolled)) == {cnw.ObcReroll(5), cnw.ObcReroll(4), cnw.KeepDice()}
    final = cnw.apply(rerolled, cnw.ObcReroll(5))
    assert final.obc[1] == 1
    assert final.last_roll["defend"] == [4, 3] and final.last_roll["defender_reroll"] == [5, 3]
    assert final.last_roll["defender_losses"] == 1
    assert final.phase == OPERATIONS and cnw.current_player(final) == 0
    # once a turn: the next attack goes straight to the dice
    again = cnw.apply(with_dice(final, "6" + "1"), cnw.Attack("MXP", "MAD", 1))
    assert again.phase != REROLL_ATTACKER and again.roll is None


def test_s8_1_no_decision_without_tokens():
    """§8.1: tokens do not come back: with none left there is no decision."""
    state = with_dice(europe(), "6" + "11")
    after = cnw.apply(state, cnw.Attack("MXP", "MAD", 1))
    assert after.roll is None and after.last_roll["defender_losses"] == 1
